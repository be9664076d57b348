"""Dylan Dog's encoding: fixed action ids and the observation tensor (the kit's
``check_encoding`` over random games), ids and tensor sections checked by hand, the
refusals, and a space and a shape that follow the config.

Default config at 3 players: 54 holdable cards (24 mystery, 12 horror, 12 shadow, 6
Dylan Dog), 8 step directions, 36 crypt slots, 4 gates, 6 white squares: 378 ids; a
tensor of 881 floats.
"""

from __future__ import annotations

import math

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import partyrules
from partyrules import IllegalAction
from partyrules.core import testing
from partyrules.core.encoding import legal_ids, observation_size
from partyrules.games.dylan_dog.actions import (
    ACTION_TYPES,
    AcceptTrade,
    AskCard,
    Challenge,
    ChangePlane,
    ChooseDistance,
    ClaimCard,
    GiveCard,
    OfferCard,
    ProposeTrade,
    PutBack,
    Return,
    Roll,
    Rotate,
    Search,
    SendToReality,
    Step,
    TakeCard,
    UseShadow,
)
from partyrules.games.dylan_dog.cards import DEFAULT_BOARD, DEFAULT_CARDS, catalog
from partyrules.games.dylan_dog.encoding import (
    ENCODING,
    action_ranges,
    observation_layout,
    observation_tensor,
)
from partyrules.games.dylan_dog.rules import max_decisions
from partyrules.games.dylan_dog.state import Config, Horror, State, Trading

GAME = partyrules.get_game("dylan_dog")
KNOWN = catalog(DEFAULT_CARDS)
SHADOWS = tuple(card for card in KNOWN.nightmare
                if DEFAULT_CARDS.nightmare[card - KNOWN.nightmare.start].effect == "shadow")
HOLDABLE = (*KNOWN.mystery, *KNOWN.horror, *SHADOWS, *KNOWN.dylan_dog)


def start(players: int = 3, **options: object) -> State:
    return GAME.setup(Config(players=players, **options), 5)  # type: ignore[arg-type]


def section(tensor: object, config: Config, name: str) -> list[float]:
    values = list(tensor)  # type: ignore[call-overload]
    return values[observation_layout(config)[name].start:observation_layout(config)[name].stop]


def hot(tensor: object, config: Config, name: str) -> list[int]:
    return [index for index, value in enumerate(section(tensor, config, name)) if value]


# -- the kit's property over random games ------------------------------------------------------


@pytest.mark.parametrize("games", [10, pytest.param(36, id="ci", marks=pytest.mark.ci)])
def test_encoding_holds_over_random_games(games: int) -> None:
    @settings(max_examples=games)
    @given(testing.playthroughs(GAME, testing.configs(
        GAME, turn_limit=st.integers(5, 40), offers_per_turn=st.none() | st.integers(0, 3))))
    def run(playthrough: testing.Playthrough) -> None:
        testing.check_encoding(GAME, playthrough, samples=12)
        bound = GAME.max_decisions(playthrough.config)  # type: ignore[misc]
        assert bound is not None and len(playthrough.actions) <= bound

    run()


def test_encoding_holds_through_a_won_game() -> None:
    # A recorded seed where random play finds a winner: the stories are shown at the end.
    playthrough = testing.play_random(GAME, Config(players=3, turn_limit=None), 436,
                                      bot_seed=43611)
    last = playthrough.states[-1]
    assert GAME.outcome(last).winners == {2}
    testing.check_encoding(GAME, playthrough, samples=10)
    config = last.config
    tensor = observation_tensor(GAME.view(last, 0))
    assert hot(tensor, config, "phase") == [13]  # Over
    assert hot(tensor, config, "over_reason") == [0]  # four_mystery_cards
    assert hot(tensor, config, "winners") == [2]  # seat 2, two seats after seat 0
    stories = section(tensor, config, "stories")
    for block, seat in enumerate((0, 1, 2)):
        shown = [i for i, v in enumerate(stories[block * 24:(block + 1) * 24]) if v]
        assert shown == sorted(last.story[seat])


def test_every_legal_action_of_long_games_has_its_own_id() -> None:
    for players in (3, 6):
        playthrough = testing.play_random(GAME, Config(players=players, turn_limit=150), 11)
        kinds: set[type] = set()
        for state in playthrough.states[:-1]:
            seat = next(iter(GAME.to_act(state)))
            ids = legal_ids(GAME, state, seat)
            assert all(0 <= number < ENCODING.num_actions(state.config) for number in ids)
            kinds.update(type(ENCODING.action_from_id(state, seat, number)) for number in ids)
        assert len(kinds) >= 15  # most kinds of action came up


# -- ids by hand -------------------------------------------------------------------------------


def test_action_ranges_follow_the_action_types_and_cover_the_space() -> None:
    config = Config(players=3)
    ranges = action_ranges(config)
    assert list(ranges) == [kind.__name__ for kind in ACTION_TYPES]
    assert [number for span in ranges.values() for number in span] == list(range(378))
    assert ENCODING.num_actions(config) == 378
    assert {name: len(span) for name, span in ranges.items()} == {
        "ProposeTrade": 2, "OfferCard": 54, "AskCard": 54, "AcceptTrade": 1,
        "DeclineTrade": 1, "Roll": 1, "ChooseDistance": 6, "Challenge": 24, "Step": 8,
        "ChangePlane": 3, "Rotate": 2, "Search": 36, "UseDylanDog": 1, "FaceHorror": 1,
        "UseShadow": 12, "GoToReality": 1, "PutBack": 24, "ClaimCard": 24,
        "ForceExchange": 2, "TakeCard": 54, "GiveCard": 54, "SkipExchange": 1,
        "ChooseGate": 4, "SendToReality": 2, "Return": 6}


def test_named_ids_of_the_default_config() -> None:
    state = start()
    expected = {
        ProposeTrade(0, 1): 0, ProposeTrade(0, 2): 1,
        ProposeTrade(2, 0): 0,  # the next seat clockwise, whoever proposes
        OfferCard(0, KNOWN.mystery[0]): 2, AskCard(1, KNOWN.dylan_dog[-1]): 109,
        AcceptTrade(1): 110, Roll(0): 112, Roll(2): 112, ChooseDistance(0, 1): 113,
        ChooseDistance(0, 6): 118,
        Challenge(0, 2, KNOWN.horror[-1]): 119 + 12 + 11,  # Xabaras, two seats on
        Step(0, "clockwise"): 143, Step(0, "crypt"): 146, Step(0, "Tempo"): 150,
        ChangePlane(0, "mystery"): 153, Rotate(0, "counterclockwise"): 155,
        Search(0, 0): 156, Search(0, 35): 191, UseShadow(0, SHADOWS[0]): 194,
        PutBack(0, KNOWN.mystery[0]): 207, ClaimCard(0, KNOWN.mystery[-1]): 254,
        TakeCard(0, KNOWN.horror[0]): 257 + 24, GiveCard(0, HOLDABLE[-1]): 364,
        SendToReality(1, 0): 371, Return(0, 0): 372, Return(0, 20): 377,
    }
    for action, number in expected.items():
        assert ENCODING.action_id(state, action) == number, action
        assert ENCODING.action_from_id(state, action.seat, number) == action


def test_the_first_throw_is_the_only_legal_id() -> None:
    state = start()
    assert legal_ids(GAME, state, 0) == (112,)
    assert legal_ids(GAME, state, 1) == ()


def test_every_id_gives_an_action_of_the_seat_that_numbers_back_to_it() -> None:
    state = start(players=4)
    for seat in range(4):
        for number in range(ENCODING.num_actions(state.config)):
            action = ENCODING.action_from_id(state, seat, number)
            assert action.seat == seat
            assert ENCODING.action_id(state, action) == number


# -- refusals ----------------------------------------------------------------------------------


@pytest.mark.parametrize("number", [-1, 378, 10**9, True, 1.0, "3", None])
def test_ids_outside_the_space_are_refused(number: object) -> None:
    with pytest.raises(IllegalAction, match="action ids 0 to 377"):
        ENCODING.action_from_id(start(), 0, number)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [-1, 3, None, "0"])
def test_seats_of_no_such_table_are_refused(seat: object) -> None:
    with pytest.raises(IllegalAction, match="no seat"):
        ENCODING.action_from_id(start(), seat, 0)  # type: ignore[arg-type]


@pytest.mark.parametrize("action", [
    OfferCard(0, KNOWN.story[0]),  # story cards never trade
    OfferCard(0, KNOWN.nightmare[0]),  # a "no effect" nightmare card is never held
    OfferCard(0, KNOWN.size),  # no such card
    UseShadow(0, KNOWN.mystery[0]),
    PutBack(0, KNOWN.horror[0]),
    Challenge(0, 1, KNOWN.mystery[0]),
    ProposeTrade(0, 0),  # oneself
    ProposeTrade(0, 3),  # no seat 3 at 3 players
    Roll(3),
    Step(0, "north"),
    ChooseDistance(0, 7),
    Search(0, 36),
    Return(0, 1),  # not a white square
    OfferCard(0, [24]),  # type: ignore[arg-type]  # unhashable: no action of the space
    "Roll(seat=0)",
])
def test_actions_without_an_id_are_refused(action: object) -> None:
    with pytest.raises(IllegalAction, match="no action id"):
        ENCODING.action_id(start(), action)  # type: ignore[arg-type]


# -- the tensor by hand ------------------------------------------------------------------------


def test_tensor_sections_of_a_first_view_by_hand() -> None:
    state = start()
    config = state.config
    tensor = observation_tensor(GAME.view(state, 1))
    assert len(tensor) == observation_size(GAME, config) == 881
    assert hot(tensor, config, "viewer") == [1]
    assert hot(tensor, config, "to_act") == [2]  # seat 0 is two seats after seat 1
    assert hot(tensor, config, "active") == [2]
    assert hot(tensor, config, "first_turn") == [0]
    assert hot(tensor, config, "rotation") == [0]
    # Pawns on white squares 0, 4, 8; seat 1's own pawn first: reality squares are the
    # first 24 places of a seat's 88.
    assert hot(tensor, config, "pawns") == [4, 88 + 8, 2 * 88 + 0]
    assert hot(tensor, config, "stories") == sorted(state.story[1])  # its own, nobody's else
    assert hot(tensor, config, "held") == [] and hot(tensor, config, "removed") == []
    assert hot(tensor, config, "phase") == [0]  # TurnStart
    assert hot(tensor, config, "die") == [] and hot(tensor, config, "drawn") == []
    scalars = {name: section(tensor, config, name) for name in (
        "turn", "crypt_sizes", "nightmare_size", "dylan_dog_size", "offers_left", "most",
        "left")}
    assert scalars == {"turn": [0.0], "crypt_sizes": [1.0] * 4, "nightmare_size": [1.0],
                       "dylan_dog_size": [1.0], "offers_left": [1.0], "most": [0.0],
                       "left": [0.0]}


def test_a_spectator_sees_no_viewer_no_story_and_seats_from_seat_0() -> None:
    state = start()
    tensor = observation_tensor(GAME.view(state, None))
    config = state.config
    assert hot(tensor, config, "viewer") == []
    assert hot(tensor, config, "stories") == []
    assert hot(tensor, config, "pawns") == [0, 88 + 4, 2 * 88 + 8]
    assert hot(tensor, config, "active") == [0]


def test_hands_trades_and_horror_fights_in_the_tensor() -> None:
    state = start()
    config = state.config
    held = ((KNOWN.mystery[3], KNOWN.dylan_dog[0]), (), (SHADOWS[1],))
    trading = attrs.evolve(state, held=held,
                           phase=Trading(2, KNOWN.mystery[3], SHADOWS[1]))
    tensor = observation_tensor(GAME.view(trading, 0))
    index = {card: i for i, card in enumerate(HOLDABLE)}
    assert hot(tensor, config, "held") == [index[KNOWN.mystery[3]], index[KNOWN.dylan_dog[0]],
                                           2 * 54 + index[SHADOWS[1]]]
    assert hot(tensor, config, "phase") == [1]
    assert hot(tensor, config, "phase_seat") == [2]
    assert hot(tensor, config, "card_out") == [3]
    assert hot(tensor, config, "card_in") == [index[SHADOWS[1]]]
    assert hot(tensor, config, "to_act") == [2]  # the partner answers
    # Seen by the partner (seat 2), seat 0 is the next seat: its hand is the second block.
    seen = observation_tensor(GAME.view(trading, 2))
    assert hot(seen, config, "held")[0] == index[SHADOWS[1]]
    horror = attrs.evolve(state, phase=Horror(1, KNOWN.horror[11], -1, 0))
    tensor = observation_tensor(GAME.view(horror, 0))
    assert hot(tensor, config, "phase") == [6]
    assert hot(tensor, config, "horror_fought") == [11]
    assert hot(tensor, config, "phase_seat") == [1] and hot(tensor, config, "challenger") == [0]


def test_equal_views_give_equal_tensors_and_others_differ() -> None:
    state = start()
    first = observation_tensor(GAME.view(state, 0))
    assert first == observation_tensor(partyrules.loads(partyrules.dumps(GAME.view(state, 0))))
    assert first != observation_tensor(GAME.view(GAME.apply(state, Roll(0)), 0))
    assert all(math.isfinite(value) and 0.0 <= value <= 1.0 for value in first)


# -- the space and the shape follow the config ---------------------------------------------


def size_formula(players: int, holdable: int = 54, mystery: int = 24, horror: int = 12,
                 shadows: int = 12, slots: int = 36, whites: int = 6) -> int:
    return (4 * holdable + 2 * mystery + shadows + (players - 1) * (3 + horror) + 6 + 8 + 3
            + 2 + slots + 4 + whites + 7)


def tensor_formula(players: int, holdable: int = 54, places: int = 88, texts: int = 20,
                   horror: int = 12) -> int:
    flags = (3 * players + 1 + 24 + players * (places + 24 + holdable + 6) + 4 * 24
             + horror + 6 + texts + 14 + 3 * players + 2 * holdable + horror + 4 + 4 + 4
             + 2 + 24 + 1 + 2 + players)
    return flags + 1 + 4 + 1 + 1 + 1 + 1 + 1


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_space_and_shape_follow_the_player_count(players: int) -> None:
    config = Config(players=players)
    assert ENCODING.num_actions(config) == size_formula(players)
    assert ENCODING.observation_shape(config) == (tensor_formula(players),)
    assert len(action_ranges(config)["Challenge"]) == (players - 1) * 12
    assert len(observation_layout(config)["held"]) == players * 54


def test_space_and_shape_follow_a_custom_deck_and_board() -> None:
    cards = attrs.evolve(DEFAULT_CARDS, dylan_dog=9,
                         nightmare=DEFAULT_CARDS.nightmare[:-16] + DEFAULT_CARDS.nightmare[6:8])
    board = attrs.evolve(DEFAULT_BOARD, white_squares=(0, 12))
    config = Config(players=4, cards=cards, board=board)
    # Two more shadow cards (14), three more Dylan Dog cards (9): 59 holdable cards;
    # two white squares; the nightmare deck's distinct texts drop rotate and step-again.
    assert ENCODING.num_actions(config) == size_formula(4, holdable=59, shadows=14, whites=2)
    assert ENCODING.observation_shape(config) == (tensor_formula(4, holdable=59, texts=18),)
    state = GAME.setup(config, 3)
    last_dylan = catalog(cards).dylan_dog[-1]
    assert ENCODING.action_id(state, GiveCard(0, last_dylan)) == action_ranges(
        config)["GiveCard"][-1]
    assert ENCODING.action_id(state, Return(0, 12)) == action_ranges(config)["Return"][-1]
    with pytest.raises(IllegalAction):
        ENCODING.action_id(state, Return(0, 4))
    playthrough = testing.play_random(GAME, attrs.evolve(config, turn_limit=40), 2)
    testing.check_encoding(GAME, playthrough, samples=10)


def test_max_decisions_follows_the_turn_limit_and_the_trades() -> None:
    assert GAME.max_decisions is max_decisions
    assert max_decisions(Config(players=3)) == 600 * (40 + 4 * 2) + 10
    assert max_decisions(Config(players=6, turn_limit=30)) == 30 * (40 + 4 * 5) + 10
    assert max_decisions(Config(players=6, turn_limit=30, offers_per_turn=0)) == 30 * 40 + 10
    assert max_decisions(Config(players=3, turn_limit=None)) is None


def test_the_game_declares_its_encoding_and_no_simultaneous_step() -> None:
    assert GAME.encoding is ENCODING
    assert GAME.simultaneous_steps is False
