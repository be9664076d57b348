"""Dylan Dog on untrusted input (issue 12): broken states and views are refused on load
with ``CorruptState`` naming the path, narration refuses what ``apply`` refuses, and the
component data a config plays with is what a replay's digest covers.

Each broken document is a real one (a state or view of a random game, found by its
phase) with one field broken, and the path the refusal must name.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

import attrs
import pytest

import partyrules
from partyrules import CorruptState, IllegalAction
from partyrules.core import testing
from partyrules.core.replay import Replay, component_digest
from partyrules.games.dylan_dog import GAME
from partyrules.games.dylan_dog.actions import (
    Challenge,
    ChooseGate,
    OfferCard,
    Return,
    Rotate,
    Search,
    Step,
    UseShadow,
)
from partyrules.games.dylan_dog.board import geometry
from partyrules.games.dylan_dog.cards import DEFAULT_BOARD, DEFAULT_CARDS, MOST_DISTANCE, catalog
from partyrules.games.dylan_dog.state import (
    CardChoice,
    ChoosingDistance,
    Claiming,
    Config,
    Exchange,
    Horror,
    Moving,
    Over,
    PuttingBack,
    Returning,
    Searching,
    Shadow,
    State,
    Trading,
    TurnStart,
    component_data,
)

KNOWN = catalog(DEFAULT_CARDS)
Json = Any
Edit = Callable[[State, Json], str]
"""Breaks one field of a state's (or view's) ``data`` and returns the path to blame."""


@cache
def real_states() -> tuple[State, ...]:
    """Every state of four random games, 3 to 6 players: each phase shows up."""
    found: list[State] = []
    for players in (3, 4, 5, 6):
        config = Config(players=players, turn_limit=400)
        found += testing.play_random(GAME, config, players, bot_seed=players).states
    return tuple(found)


@cache
def won() -> State:
    """A game won by seat 2, whose trade completed its story (a recorded seed)."""
    final = testing.play_random(GAME, Config(players=3), 436, bot_seed=43611).states[-1]
    assert final.phase == Over("four_mystery_cards", frozenset({2}))
    return final


def first(phase: type, where: Callable[[State], bool] = lambda state: True) -> State:
    return next(s for s in real_states() if isinstance(s.phase, phase) and where(s))


def refusal(document: object, edit: Callable[[Json], str]) -> tuple[CorruptState, str]:
    """Load ``document`` with one field broken by ``edit``: the refusal and the path
    ``edit`` blames."""
    envelope = json.loads(partyrules.dumps(document))
    path = edit(envelope["data"])
    with pytest.raises(CorruptState) as refused:
        partyrules.loads(json.dumps(envelope))
    return refused.value, path


def seat_where(state: State, plane: str) -> int:
    return next(seat for seat, pawn in enumerate(state.pawns) if pawn.plane == plane)


def moved(data: Json, source: str, target: str) -> int:
    """Move the first card of ``data[source]`` to the end of ``data[target]``; its index."""
    card = data[source].pop(0)
    data[target].append(card)
    return len(data[target]) - 1


# -- the examples -----------------------------------------------------------------------


def test_a_move_of_2_to_the_64_units_is_refused() -> None:
    state = first(Moving, lambda s: s.phase.mode == "move")

    def edit(data: Json) -> str:
        data["phase"]["left"] = 2**64
        return "data.phase.left"

    refused, path = refusal(state, edit)
    assert refused.path == path and "1 to" in refused.reason


def test_a_plane_spinning_sideways_is_refused() -> None:
    state = first(Moving, lambda s: s.phase.mode == "move")

    def edit(data: Json) -> str:
        data["phase"]["spin"] = "sideways"
        return "data.phase.spin"

    refused, path = refusal(state, edit)
    assert refused.path == path


@pytest.mark.parametrize("gate", [99, -(2**63)])
def test_a_pawn_at_a_gate_the_board_does_not_have_is_refused(gate: int) -> None:
    state = first(Shadow)
    seat = state.active

    def edit(data: Json) -> str:
        data["pawns"][seat]["gate"] = gate
        return f"data.pawns[{seat}].gate"

    refused, path = refusal(state, edit)
    assert refused.path == path and "no gate" in refused.reason


def test_a_pawn_off_the_mystery_plane_has_no_gate() -> None:
    state = first(TurnStart, lambda s: s.turn > 0)
    seat = seat_where(state, "reality")

    def edit(data: Json) -> str:
        data["pawns"][seat]["gate"] = -(2**63)
        return f"data.pawns[{seat}].gate"

    refused, path = refusal(state, edit)
    assert refused.path == path and "only a pawn on a mystery path" in refused.reason


# -- one broken state per kind of check ------------------------------------------------------


def _unsorted_unused(state: State, data: Json) -> str:
    data["unused_story"].reverse()
    return "data.unused_story"


def _card_twice(state: State, data: Json) -> str:
    data["removed"].append(data["nightmare"][0])
    return f"data.removed[{len(data['removed']) - 1}]"


def _card_missing(state: State, data: Json) -> str:
    data["nightmare"].pop()
    return "data"


def _story_out_of_role_order(state: State, data: Json) -> str:
    story = data["story"][0]
    story[0], story[1] = story[1], story[0]
    return "data.story[0]"


def _a_nightmare_card_in_hand(state: State, data: Json) -> str:
    cards = DEFAULT_CARDS.nightmare
    card = next(c for c in data["nightmare"]
                if cards[c - KNOWN.nightmare.start].effect != "shadow")
    data["nightmare"].remove(card)
    data["held"][0].append(card)
    return f"data.held[0][{len(data['held'][0]) - 1}]"


def _a_dylan_dog_card_in_a_crypt(state: State, data: Json) -> str:
    card = data["dylan_dog"].pop(0)
    data["crypts"][0].append(card)
    return f"data.crypts[0][{len(data['crypts'][0]) - 1}]"


def _a_nightmare_card_out_of_the_game(state: State, data: Json) -> str:
    return f"data.removed[{moved(data, 'nightmare', 'removed')}]"


def _a_story_card_put_back(state: State, data: Json) -> str:
    data["returned"] = [0]
    return "data.returned"


def _a_shape_on_no_story_card(state: State, data: Json) -> str:
    data["revealed_shapes"][0] = ["a shape on no card"]
    return "data.revealed_shapes[0]"


def _no_such_active_seat(state: State, data: Json) -> str:
    data["active"] = 99
    return "data.active"


def _the_active_seat_out_of_turn(state: State, data: Json) -> str:
    data["active"] = (data["active"] + 1) % state.config.players
    return "data.active"


def _a_negative_turn(state: State, data: Json) -> str:
    data["turn"] = -1
    return "data.turn"


def _a_turn_past_the_limit(state: State, data: Json) -> str:
    data["turn"] = state.config.turn_limit
    return "data.turn"


def _a_rotation_past_the_sectors(state: State, data: Json) -> str:
    data["rotation"] = DEFAULT_BOARD.sectors
    return "data.rotation"


def _a_square_off_the_ring(state: State, data: Json) -> str:
    seat = seat_where(state, "reality")
    data["pawns"][seat]["square"] = 99
    return f"data.pawns[{seat}].square"


def _a_pawn_in_a_crypt_out_of_its_turn(state: State, data: Json) -> str:
    seat = (state.active + 1) % state.config.players
    data["pawns"][seat] = {"plane": "crypt", "square": 0, "gate": -1, "branch": -1}
    return f"data.pawns[{seat}]"


def _a_pawn_moved_before_its_first_turn(state: State, data: Json) -> str:
    seat = (state.active + 1) % state.config.players
    data["pawns"][seat] = {"plane": "nightmare", "square": 3, "gate": -1, "branch": -1}
    return f"data.pawns[{seat}]"


def _a_branch_where_there_is_none(state: State, data: Json) -> str:
    pawn = data["pawns"][state.active]
    gate = DEFAULT_BOARD.gates[pawn["gate"]]
    pawn["branch"] = -1 if pawn["square"] > len(gate.shared) else 0
    return f"data.pawns[{state.active}].branch"


def _a_die_face_of_7(state: State, data: Json) -> str:
    data["die"] = 7
    return "data.die"


def _no_die_after_the_first_throw(state: State, data: Json) -> str:
    data["die"] = None
    return "data.die"


def _a_story_card_drawn(state: State, data: Json) -> str:
    data["drawn"] = 0
    return "data.drawn"


def _a_trade_proposed_to_oneself(state: State, data: Json) -> str:
    data["phase"]["offered_to"] = [state.active]
    return "data.phase.offered_to"


def _more_proposals_than_offers_per_turn(state: State, data: Json) -> str:
    data["config"]["offers_per_turn"] = 0
    data["phase"]["offered_to"] = [(state.active + 1) % state.config.players]
    return "data.phase.offered_to"


def _a_trade_with_oneself(state: State, data: Json) -> str:
    data["phase"]["partner"] = state.active
    return "data.phase.partner"


def _offering_a_card_not_held(state: State, data: Json) -> str:
    data["phase"]["offer"] = data["nightmare"][0]
    return "data.phase.offer"


def _asking_for_ones_own_card(state: State, data: Json) -> str:
    data["phase"]["ask"] = data["phase"]["offer"]
    return "data.phase.ask"


def _choosing_more_than_the_dylan_face_allows(state: State, data: Json) -> str:
    data["phase"]["most"] = MOST_DISTANCE + 1
    return "data.phase.most"


def _a_first_turn_move_in_a_later_turn(state: State, data: Json) -> str:
    data["phase"]["mode"] = "first"
    return "data.phase.mode"


def _a_move_with_nothing_left(state: State, data: Json) -> str:
    data["phase"]["left"] = 0
    return "data.phase.left"


def _a_first_turn_pawn_that_landed(state: State, data: Json) -> str:
    data["phase"]["landed"] = True
    return "data.phase.landed"


def _heading_into_a_crypt_on_a_ring(state: State, data: Json) -> str:
    data["phase"]["heading"] = "in"
    return "data.phase.heading"


def _a_card_drawn_on_no_square(state: State, data: Json) -> str:
    data["phase"]["drawn_at"] = 99
    return "data.phase.drawn_at"


def _a_step_again_card_that_rotates(state: State, data: Json) -> str:
    data["phase"]["spin"] = "clockwise"
    return "data.phase.spin"


def _a_move_with_no_unit_to_spend(state: State, data: Json) -> str:
    # At a gate, heading out, with the passage above not aligned and crypts ahead full:
    # no step, no plane change, no rotation.
    data["rotation"] = 0
    data["pawns"][state.active] = {"plane": "mystery", "square": 0, "gate": 0, "branch": -1}
    data["phase"].update(heading="out", spin="")
    return "data.phase"


def _searching_no_crypt(state: State, data: Json) -> str:
    data["phase"]["crypt"] = 99
    return "data.phase.crypt"


def _searching_an_empty_crypt(state: State, data: Json) -> str:
    crypt = data["phase"]["crypt"]
    other = (crypt + 1) % len(data["crypts"])
    data["crypts"][other] += data["crypts"][crypt]
    data["crypts"][crypt] = []
    return "data.phase.crypt"


def _a_crypt_fight_with_a_challenger(state: State, data: Json) -> str:
    data["phase"]["challenger"] = (state.active + 1) % state.config.players
    return "data.phase.challenger"


def _a_challenge_from_a_crypt(state: State, data: Json) -> str:
    data["phase"]["crypt"] = 0
    return "data.phase.crypt"


def _putting_back_into_another_crypt(state: State, data: Json) -> str:
    data["phase"]["crypt"] = (data["phase"]["crypt"] + 1) % len(data["crypts"])
    return "data.phase.crypt"


def _claiming_from_oneself(state: State, data: Json) -> str:
    data["phase"]["target"] = state.active
    return "data.phase.target"


def _a_shadow_square_that_is_plain(state: State, data: Json) -> str:
    pawn = data["pawns"][state.active]
    path = geometry(DEFAULT_BOARD)
    pawn["square"] = next(square for square in range(1, len(DEFAULT_BOARD.gates[
        pawn["gate"]].shared) + 1) if path.path_square(pawn["gate"], square) == "plain")
    pawn["branch"] = -1
    return "data.phase"


def _an_exchange_off_its_square(state: State, data: Json) -> str:
    pawn = data["pawns"][state.active]
    pawn["square"] = (pawn["square"] + 1) % DEFAULT_BOARD.sectors
    return "data.phase"


def _taking_a_card_one_does_not_hold(state: State, data: Json) -> str:
    data["phase"]["took"] = data["nightmare"][0]
    return "data.phase.took"


def _a_card_choice_of_another_crypt(state: State, data: Json) -> str:
    crypt = data["phase"]["crypt"]
    data["phase"]["crypt"] = -1 if crypt >= 0 else 0
    return "data.phase.crypt"


def _a_card_choice_of_a_card_not_drawn(state: State, data: Json) -> str:
    data["phase"]["card"] = data["nightmare"][0]
    return "data.phase.card"


def _returning_no_seat(state: State, data: Json) -> str:
    data["phase"]["seat"] = 99
    return "data.phase.seat"


def _a_winner_at_the_turn_limit(state: State, data: Json) -> str:
    data["phase"]["winners"] = [0]
    return "data.phase.winners"


def _a_turn_limit_the_game_does_not_have(state: State, data: Json) -> str:
    data["config"]["turn_limit"] = None
    return "data.phase.reason"


def _later(state: State) -> bool:
    return state.turn >= state.config.players


def _a_ring_pawn(state: State) -> bool:
    return state.pawns[state.active].plane in ("reality", "nightmare")


def _blocked_at_gate_0(state: State) -> bool:
    """Crypts Tempo and Mente (gate 0's) hold cards; no pawn in a crypt."""
    return (bool(state.crypts[0]) and bool(state.crypts[3])
            and all(pawn.plane != "crypt" for pawn in state.pawns))


BROKEN_STATES: list[tuple[type, Callable[[State], bool], Edit]] = [
    (TurnStart, _later, _card_twice),
    (TurnStart, _later, _card_missing),
    (TurnStart, _later, _story_out_of_role_order),
    (TurnStart, _later, _a_nightmare_card_in_hand),
    (TurnStart, lambda s: len(s.unused_story) > 1, _unsorted_unused),
    (TurnStart, _later, _a_dylan_dog_card_in_a_crypt),
    (TurnStart, _later, _a_nightmare_card_out_of_the_game),
    (TurnStart, _later, _a_story_card_put_back),
    (TurnStart, _later, _a_shape_on_no_story_card),
    (TurnStart, _later, _no_such_active_seat),
    (TurnStart, _later, _the_active_seat_out_of_turn),
    (TurnStart, _later, _a_negative_turn),
    (TurnStart, _later, _a_turn_past_the_limit),
    (TurnStart, _later, _a_rotation_past_the_sectors),
    (TurnStart, _later, _a_square_off_the_ring),
    (TurnStart, _later, _a_pawn_in_a_crypt_out_of_its_turn),
    (TurnStart, lambda s: s.turn == 0, _a_pawn_moved_before_its_first_turn),
    (Shadow, _later, _a_branch_where_there_is_none),
    (TurnStart, _later, _a_die_face_of_7),
    (TurnStart, _later, _no_die_after_the_first_throw),
    (TurnStart, _later, _a_story_card_drawn),
    (TurnStart, _later, _a_trade_proposed_to_oneself),
    (TurnStart, _later, _more_proposals_than_offers_per_turn),
    (Trading, _later, _a_trade_with_oneself),
    (Trading, lambda s: s.phase.offer == -1, _offering_a_card_not_held),
    (Trading, lambda s: s.phase.ask != -1, _asking_for_ones_own_card),
    (ChoosingDistance, lambda s: s.phase.mode == "move",
     _choosing_more_than_the_dylan_face_allows),
    (ChoosingDistance, lambda s: s.phase.mode == "move", _a_first_turn_move_in_a_later_turn),
    (Moving, lambda s: s.phase.mode == "move", _a_move_with_nothing_left),
    (Moving, lambda s: s.phase.mode == "first", _a_first_turn_pawn_that_landed),
    (Moving, lambda s: s.phase.mode == "move" and _a_ring_pawn(s),
     _heading_into_a_crypt_on_a_ring),
    (Moving, lambda s: s.phase.mode == "step", _a_card_drawn_on_no_square),
    (Moving, lambda s: s.phase.mode == "step", _a_step_again_card_that_rotates),
    (Moving, lambda s: s.phase.mode == "move" and _blocked_at_gate_0(s),
     _a_move_with_no_unit_to_spend),
    (Searching, _later, _searching_no_crypt),
    (Searching, _later, _searching_an_empty_crypt),
    (Horror, lambda s: s.phase.challenger == -1, _a_crypt_fight_with_a_challenger),
    (Horror, lambda s: s.phase.challenger != -1, _a_challenge_from_a_crypt),
    (PuttingBack, _later, _putting_back_into_another_crypt),
    (Claiming, _later, _claiming_from_oneself),
    (Shadow, lambda s: s.pawns[s.active].square > 1, _a_shadow_square_that_is_plain),
    (Exchange, lambda s: True, _an_exchange_off_its_square),
    (Exchange, lambda s: s.phase.took != -1, _taking_a_card_one_does_not_hold),
    (CardChoice, lambda s: True, _a_card_choice_of_another_crypt),
    (CardChoice, lambda s: True, _a_card_choice_of_a_card_not_drawn),
    (Returning, lambda s: True, _returning_no_seat),
    (Over, lambda s: True, _a_winner_at_the_turn_limit),
    (Over, lambda s: True, _a_turn_limit_the_game_does_not_have),
]


@pytest.mark.parametrize(("phase", "where", "edit"), BROKEN_STATES,
                         ids=[edit.__name__.strip("_") for _, _, edit in BROKEN_STATES])
def test_a_state_with_one_field_broken_is_refused_naming_it(
        phase: type, where: Callable[[State], bool], edit: Edit) -> None:
    state = first(phase, where)
    GAME.validate(state)  # the real state is fine
    refused, path = refusal(state, lambda data: edit(state, data))
    assert refused.path == path, refused


def test_the_winners_are_the_seats_holding_their_four_mystery_cards() -> None:
    def edit(data: Json) -> str:
        data["phase"]["winners"] = [0, 1, 2]
        return "data.phase.winners"

    refused, path = refusal(won(), edit)
    assert refused.path == path and "[2]" in refused.reason


def test_a_game_going_on_after_a_story_is_complete_is_refused() -> None:
    def edit(data: Json) -> str:
        data["phase"] = {"type": "TurnStart", "offered_to": []}
        return "data.phase"

    refused, path = refusal(won(), edit)
    assert refused.path == path and "the game would be over" in refused.reason


def test_bounds_follow_the_configs_board() -> None:
    wider = attrs.evolve(DEFAULT_BOARD, sectors=30,
                         nightmare=(*DEFAULT_BOARD.nightmare, *("plain",) * 6))
    state = GAME.setup(Config(players=3, board=wider), 1)
    turned = attrs.evolve(state, rotation=27)
    GAME.validate(turned)
    assert partyrules.loads(partyrules.dumps(turned)) == turned
    with pytest.raises(CorruptState) as refused:
        GAME.validate(attrs.evolve(turned, config=Config(players=3)))
    assert refused.value.path == "data.rotation" and "0 to 23" in refused.value.reason


def test_validate_names_a_wrong_type_built_in_code() -> None:
    state = first(Moving, lambda s: s.phase.mode == "move")
    broken = attrs.evolve(state, phase=attrs.evolve(state.phase, left="3"))
    with pytest.raises(CorruptState) as refused:
        GAME.validate(broken)
    assert refused.value.path == "data.phase.left"


# -- views ----------------------------------------------------------------------------------


def test_a_view_missing_a_crypt_size_is_refused_not_rendered() -> None:
    # issue 12: render_view failed with "zip() argument 2 is shorter than argument 1".
    def edit(data: Json) -> str:
        data["crypt_sizes"].pop()
        return "data.crypt_sizes"

    refused, path = refusal(GAME.view(first(TurnStart), 0), edit)
    assert refused.path == path


def _a_card_id_of_2_to_the_64(state: State, data: Json) -> str:
    data["stories"][0][0] = 2**64
    return "data.stories[0][0]"


def _an_active_seat_of_2_to_the_64(state: State, data: Json) -> str:
    data["active"] = 2**64
    return "data.active"


def _another_seats_story_shown(state: State, data: Json) -> str:
    data["stories"][1] = list(state.story[1])
    return "data.stories[1]"


def _ones_own_story_hidden(state: State, data: Json) -> str:
    data["stories"][0] = []
    return "data.stories[0]"


def _a_crypt_one_card_too_big(state: State, data: Json) -> str:
    data["crypt_sizes"][0] += 1
    return "data.crypt_sizes"


def _a_nightmare_deck_one_card_short(state: State, data: Json) -> str:
    data["nightmare_size"] -= 1
    return "data.nightmare_size"


def _the_wrong_seat_to_act(state: State, data: Json) -> str:
    data["to_act"] = [(state.active + 1) % state.config.players]
    return "data.to_act"


def _a_viewer_of_no_seat(state: State, data: Json) -> str:
    data["seat"] = 99
    return "data.seat"


def _a_horror_card_known_in_a_crypt(state: State, data: Json) -> str:
    horror = next(c for content in state.crypts for c in content
                  if KNOWN.kinds[c] == "horror")
    data["known_in_crypts"][0] = [horror]
    return "data.known_in_crypts[0]"


def _a_view_searching_no_crypt(state: State, data: Json) -> str:
    data["phase"]["crypt"] = 99
    return "data.phase.crypt"


BROKEN_VIEWS: list[tuple[type, Edit]] = [
    (TurnStart, _a_card_id_of_2_to_the_64),
    (TurnStart, _an_active_seat_of_2_to_the_64),
    (TurnStart, _another_seats_story_shown),
    (TurnStart, _ones_own_story_hidden),
    (TurnStart, _a_crypt_one_card_too_big),
    (TurnStart, _a_nightmare_deck_one_card_short),
    (TurnStart, _the_wrong_seat_to_act),
    (TurnStart, _a_viewer_of_no_seat),
    (TurnStart, _a_horror_card_known_in_a_crypt),
    (Searching, _a_view_searching_no_crypt),
]


@pytest.mark.parametrize(("phase", "edit"), BROKEN_VIEWS,
                         ids=[edit.__name__.strip("_") for _, edit in BROKEN_VIEWS])
def test_a_view_with_one_field_broken_is_refused_naming_it(phase: type, edit: Edit) -> None:
    state = first(phase, _later)
    refused, path = refusal(GAME.view(state, 0), lambda data: edit(state, data))
    assert refused.path == path, refused


def test_every_view_of_real_games_loads_and_renders() -> None:
    for state in real_states()[::50]:
        for seat in (None, *range(state.config.players)):
            view = GAME.view(state, seat)
            assert partyrules.loads(partyrules.dumps(view)) == view
            assert GAME.render_view(view)


# -- narration ------------------------------------------------------------------------------


FORGED: list[tuple[type, object]] = [
    (Trading, OfferCard(0, 2**64)),
    (Moving, Step(0, "sideways")),
    (Moving, Rotate(0, "")),
    (Searching, Search(0, -1)),
    (CardChoice, ChooseGate(0, 99)),
    (TurnStart, Challenge(0, 99, -(2**63))),
    (Returning, Return(0, -(2**63))),
    (Shadow, UseShadow(0, 0)),
]


@pytest.mark.parametrize(("phase", "action"), FORGED, ids=[repr(a) for _, a in FORGED])
def test_describe_action_refuses_what_apply_refuses(phase: type, action: Any) -> None:
    # issue 12: these crashed with IndexError, TypeError or AttributeError.
    state = first(phase, lambda s: s.active == 0 and GAME.to_act(s) == {0})
    with pytest.raises(IllegalAction) as applied:
        GAME.apply(state, action)
    for viewer in (None, 0, 1):
        with pytest.raises(IllegalAction) as described:
            GAME.describe_action(state, action, viewer)
        assert str(described.value) == str(applied.value)


def test_a_listed_action_is_told_alike_to_every_viewer() -> None:
    # Every card an action names is face up: nobody is told more than another.
    told = 0
    for state in real_states()[::40]:
        for seat in GAME.to_act(state):
            for action in GAME.legal_actions(state, seat):
                lines = {GAME.describe_action(state, action, viewer)
                         for viewer in (None, *range(state.config.players))}
                assert len(lines) == 1, action
                told += 1
    assert told > 100


# -- component data -----------------------------------------------------------------------------


def test_component_data_is_the_board_and_decks_in_play() -> None:
    assert GAME.component_data is component_data
    assert component_data(Config(players=3)) == (DEFAULT_BOARD, DEFAULT_CARDS)
    whites = attrs.evolve(DEFAULT_BOARD, white_squares=(0, 12))
    assert component_data(Config(players=3, board=whites)) == (whites, DEFAULT_CARDS)


def test_a_replay_made_with_another_board_says_so() -> None:
    whites = attrs.evolve(DEFAULT_BOARD, white_squares=(0, 12))
    default, other = Config(players=3), Config(players=3, board=whites)
    assert component_digest("dylan_dog", default) != component_digest("dylan_dog", other)
    replay = Replay("dylan_dog", default, 1, components=component_digest("dylan_dog", other))
    report = replay.verify()
    assert not report.ok and report.other_data and "other dylan_dog component data" in (
        report.other_data)
