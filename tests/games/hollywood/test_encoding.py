"""Hollywood's encoding: fixed action ids and the observation tensor (the kit's
``check_encoding`` over random games), ids and tensor sections checked by hand, the
refusals, a space and a shape that follow the config, the stage read off a view, and the
bound on a game's decisions.

Default config at 3 players: 126 basic and 48 star cards in play, 4 Agents, 116 cards an
Agent can ask for, 174 cards that go into films (4 Editors among them, which choose a
role): 1314 ids; a tensor of 2892 floats.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from hypothesis import given, settings

import partyrules
from partyrules import IllegalAction
from partyrules.core import testing
from partyrules.core.encoding import legal_ids, observation_size
from partyrules.games.hollywood.actions import (
    ACTION_TYPES,
    Action,
    AssignCard,
    Bid,
    BidForDistributor,
    ChooseTarget,
    Draft,
    EndCrew,
    FinishProduction,
    GiveCard,
    GiveStar,
    NameType,
    PayInstead,
    PlayCrew,
    TakeSecondTeamDirector,
    TakeWorthlessScript,
    TeachIcon,
)
from partyrules.games.hollywood.cards import DEFAULT_CARD_DATA, role_choices
from partyrules.games.hollywood.encoding import (
    ENCODING,
    STAGES,
    action_blocks,
    observation_tensor,
    stage_of,
    tensor_sections,
    tensor_view,
)
from partyrules.games.hollywood.rules import max_decisions
from partyrules.games.hollywood.state import (
    Config,
    Producing,
    State,
    auction_lots,
    components,
)

GAME = partyrules.get_game("hollywood")
PHASE_STAGES = {
    "DistributorBids": "distributor_bids", "StarDistribution": "star_distribution",
    "Drafting": "draft", "Bidding": "auction", "CrewTurn": "crew_turn",
    "CrewPlanning": "crew_planning", "Answering": "answering", "Producing": "production",
    "Over": "over",
}


def start(players: int = 3, **options: Any) -> State:
    state: State = GAME.setup(Config(players=players, first_distributor=0, **options), 1)
    return state


def section(tensor: Sequence[float], config: Config, name: str) -> list[float]:
    offset = 0
    for label, width in tensor_sections(config):
        if label == name:
            return list(tensor[offset:offset + width])
        offset += width
    raise KeyError(name)


def hot(tensor: Sequence[float], config: Config, name: str) -> list[int]:
    return [index for index, value in enumerate(section(tensor, config, name)) if value]


def block(config: Config, kind: type) -> tuple[int, int]:
    return next((first, count) for name, first, count in action_blocks(config)
                if name == kind.__name__)


# -- the kit's property over random games ------------------------------------------------------


@pytest.mark.parametrize("games", [10, pytest.param(30, id="ci", marks=pytest.mark.ci)])
def test_encoding_holds_over_random_games(games: int) -> None:
    @settings(max_examples=games)
    @given(testing.playthroughs(GAME))
    def run(playthrough: testing.Playthrough) -> None:
        testing.check_encoding(GAME, playthrough, samples=6)

    run()


def test_encoding_holds_at_every_state_of_a_game_with_every_expansion() -> None:
    config = Config(players=4, awards=True, scandals=True, festivals=True)
    testing.check_encoding(GAME, testing.play_random(GAME, config, 11), samples=None)


def test_the_fast_paths_agree_at_every_state_of_a_game_with_every_expansion() -> None:
    # What adapters use: the numbered listing and the view the tensor reads (the view
    # but for the studio check of Stage 5, which no float holds).
    config = Config(players=4, awards=True, scandals=True, festivals=True)
    playthrough = testing.play_random(GAME, config, 12)
    testing.check_numbered(GAME, playthrough)
    producing = 0
    for state in playthrough.states:
        for seat in range(config.players):
            fast = tensor_view(state, seat)
            if isinstance(state.phase, Producing):
                producing += 1
                assert fast == attrs.evolve(GAME.view(state, seat), check=None)
            else:
                assert fast == GAME.view(state, seat)
    assert producing > 40


def test_the_game_declares_its_encoding_and_simultaneous_steps() -> None:
    assert GAME.encoding is ENCODING
    assert GAME.simultaneous_steps is True
    assert GAME.max_decisions is max_decisions


# -- action ids by hand -------------------------------------------------------------------------


def test_ids_named_by_hand_in_the_default_config() -> None:
    state = start()
    config = state.config
    basic, star, _, _, _ = components(config)
    assert (basic[0], basic[-1], star[0], star[-1]) == (0, 125, 126, 173)
    assert ENCODING.num_actions(config) == 1314
    assert [(name, first, count) for name, first, count in action_blocks(config)] == [
        ("BidForDistributor", 0, 0), ("GiveStar", 0, 144), ("Draft", 144, 126),
        ("Bid", 270, 20), ("PlayCrew", 290, 4), ("ChooseTarget", 294, 3),
        ("NameType", 297, 4), ("EndCrew", 301, 1), ("GiveCard", 302, 116),
        ("PayInstead", 418, 1), ("AssignCard", 419, 720),
        ("TakeWorthlessScript", 1139, 174), ("TakeSecondTeamDirector", 1313, 0),
        ("TeachIcon", 1313, 0), ("FinishProduction", 1313, 1)]
    named: dict[Action, int] = {
        GiveStar(0, 126, 0): 0, GiveStar(0, 126, 2): 2, GiveStar(0, 127, 1): 4,
        GiveStar(0, 173, 2): 143,
        Draft(1, 0): 144, Draft(2, 125): 269,
        Bid(0, 1, 0): 270, Bid(0, 2, 3): 278, Bid(0, 4, 4): 289,  # lot 4: the star deck
        PlayCrew(0, 122): 290, PlayCrew(0, 125): 293,  # the four Agents
        ChooseTarget(0, 1): 295, NameType(0, "script"): 297, NameType(0, "actress"): 300,
        EndCrew(1): 301, GiveCard(2, 0): 302, PayInstead(1): 418,
        AssignCard(0, 0, None): 419, AssignCard(0, 0, 2): 422, AssignCard(0, 1, 0): 424,
        AssignCard(0, -1, None): 419 + 4 * 174 + 3 * 4, AssignCard(0, -3, 2): 1138,
        TakeWorthlessScript(0, 0): 1139, TakeWorthlessScript(0, 173): 1312,
        FinishProduction(2): 1313,
    }
    for action, number in named.items():
        assert ENCODING.action_id(state, action) == number, action
        assert ENCODING.action_from_id(state, action.seat, number) == action


def test_an_id_does_not_depend_on_the_seat_or_the_state() -> None:
    early = start()
    late = testing.play_random(GAME, early.config, 1).states[-1]
    for action in (Bid(1, 2, 3), GiveStar(0, 140, 2), AssignCard(2, 30, 1), EndCrew(0)):
        number = ENCODING.action_id(early, action)
        for seat in range(3):
            assert ENCODING.action_id(late, attrs.evolve(action, seat=seat)) == number
            assert ENCODING.action_from_id(late, seat, number) == attrs.evolve(action,
                                                                               seat=seat)


def test_dual_cards_have_a_film_id_per_role_and_teachers_a_block_per_card_and_genre() -> None:
    config = Config(players=3, awards=True)
    state = GAME.setup(config, 2)
    kinds = config.deck().cards
    basic, star, _, second_team, _ = components(config)
    held = sorted((*basic, *star))
    dual = 206
    assert kinds[dual].name == "Actor/Director" and kinds[dual].roles == ("actor", "director")
    first, _ = block(config, AssignCard)
    # Before 206 only the 4 Editors choose a role (7 ids each); every other card has 4.
    before = first + 4 * sum(1 for card in held if card < dual) + 3 * 4
    expected = [AssignCard(0, dual, None), AssignCard(0, dual, 0, "actor"),
                AssignCard(0, dual, 0, "director"), AssignCard(0, dual, 1, "actor"),
                AssignCard(0, dual, 1, "director"), AssignCard(0, dual, 2, "actor"),
                AssignCard(0, dual, 2, "director")]
    assert [ENCODING.action_from_id(state, 0, before + i) for i in range(7)] == expected
    # The Second-Team Director token goes where a director goes: hand or film 0-2.
    assert ENCODING.action_id(state, AssignCard(1, -4, 2)) == first + block(
        config, AssignCard)[1] - 1
    teach_first, teach_count = block(config, TeachIcon)
    teachers = [c for c in held if kinds[c].effect == "teacher"]
    assert teachers == [200, 201]
    teachable = [c for c in held if kinds[c].kind in ("director", "actor", "actress", "dual")
                 or kinds[c].effect == "editor" or (kinds[c].kind == "crew"
                                                    and kinds[c].genres)]
    assert teach_count == 2 * (len(teachable) + 1) * 4  # and the Second-Team Director
    assert ENCODING.action_from_id(state, 0, teach_first + 5) == TeachIcon(
        0, 200, teachable[1], "C")
    assert ENCODING.action_id(state, TeachIcon(0, 201, -4, "T")) == teach_first + teach_count - 1
    _, take_count = block(config, TakeSecondTeamDirector)
    assert take_count == len(held) - sum(kinds[c].scandal for c in held)
    assert len(second_team) == 6


def test_spec_an_editor_has_a_film_id_per_role_and_a_second_role_bit() -> None:
    """The Editor's role (director or cast member) is part of the arrangement: like a dual
    card it has 7 ``AssignCard`` ids, and its cast role sets its ``second_role`` bit."""
    config = Config(players=3, first_distributor=0)
    kinds = config.deck().cards
    editors = [c for c, kind in enumerate(kinds) if kind.name == "Editor"]
    first, count = block(config, AssignCard)
    state = GAME.setup(config, 1)
    before = first + 4 * editors[0]  # every basic card before it has 4 ids
    expected = [AssignCard(0, editors[0], None), *(AssignCard(0, editors[0], f, role)
                                                   for f in range(3)
                                                   for role in ("director", "cast"))]
    assert [ENCODING.action_from_id(state, 0, before + i) for i in range(7)] == expected
    assert count == 4 * (174 - 4 + 3) + 7 * 4
    assert dict(tensor_sections(config))["second_role"] == len(editors) == 4
    producing = next(s for seed in range(20)
                     for s in testing.play_random(GAME, config, seed).states
                     if isinstance(s.phase, Producing) and s.phase.studios[0].moves == 0
                     and set(editors) & set(s.phase.studios[0].hand))
    editor = min(set(editors) & set(producing.phase.studios[0].hand))
    for role, bits in (("director", []), ("cast", [editors.index(editor)])):
        moved = GAME.apply(producing, AssignCard(0, editor, 2, role))
        tensor = observation_tensor(GAME.view(moved, 0))
        assert hot(tensor, config, "second_role") == bits
        assert hot(tensor, config, "films") == [2 * 174 + editor]


# -- refusals -----------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [-1, 1314, 10**20, 1.0, True, "3", None])
def test_ids_outside_the_space_are_refused(bad: object) -> None:
    state = start()
    with pytest.raises(IllegalAction, match="Hollywood has action ids 0 to 1313"):
        ENCODING.action_from_id(state, 0, bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("action", [
    Draft(0, 126),                      # a star card is never in a packet
    Draft(0, 10**9), Draft(0, -1),      # no such card
    Draft(0, True), Draft(0, 1.0),      # type: ignore[arg-type]  # not an int id
    GiveStar(0, 5, 1),                  # a basic card is never a drawn star
    GiveStar(0, 206, 1),                # an Awards star card, not in a base game
    GiveStar(0, 126, 3),                # no seat 3 at 3 players
    Bid(0, 5, 1), Bid(0, 1, 5),         # lot 5 and bid card 5 do not exist at 3 players
    PlayCrew(0, 0),                     # a script is not an Agent
    NameType(0, "crew"), ChooseTarget(0, -1),
    GiveCard(0, 122),                   # an Agent is never asked for
    AssignCard(0, 0, 0, "director"),    # a script has no role to choose
    AssignCard(0, 0, 3), AssignCard(0, -4, 0),  # no film 3; no Second-Team Director
    AssignCard(0, [0], 0),              # type: ignore[arg-type]  # unhashable
    TakeSecondTeamDirector(0, 0),       # Second-Team Directors come with the Awards
    TeachIcon(0, 0, 1, "R"),            # Teachers come with the Awards
    BidForDistributor(0, 2),            # only with the distributor auction
    "Draft", None,
])
def test_actions_without_an_id_are_refused(action: object) -> None:
    with pytest.raises(IllegalAction):
        ENCODING.action_id(start(), action)  # type: ignore[arg-type]


def test_cards_out_of_a_custom_card_list_have_no_id() -> None:
    no_agents = tuple(kind for kind in DEFAULT_CARD_DATA if kind.effect != "agent")
    config = Config(players=3, card_data=no_agents)
    state = GAME.setup(config, 3)
    assert block(config, PlayCrew)[1] == 0
    for card in (0, 122, len(config.deck().cards)):
        with pytest.raises(IllegalAction, match="no action id"):
            ENCODING.action_id(state, PlayCrew(0, card))
    # 4 cards fewer to draft, to play, to put into films (4 ids each) and to discard.
    assert ENCODING.num_actions(config) == ENCODING.num_actions(Config(players=3)) - (
        4 + 4 + 4 * 4 + 4)
    with pytest.raises(IllegalAction):  # the default list's last star card is gone
        ENCODING.action_id(state, GiveStar(0, 173, 0))


# -- the space and the shape follow the config -----------------------------------------------


def expected_actions(config: Config) -> int:
    """``num_actions`` as the docs write it, counted from the card list."""
    kinds = config.deck().cards
    n = config.players
    basic, star, worthless, second_team, _ = components(config)
    held = [*basic, *star]
    plain = [c for c in held if not role_choices(kinds[c]) and kinds[c].kind != "festival"]
    duals = [c for c in held if role_choices(kinds[c])]
    tokens = (3 if worthless else 0) + (1 if config.awards and second_team else 0)
    keep = sum(1 for c in held if not kinds[c].scandal)
    teachable = [c for c in held if kinds[c].kind in ("director", "actor", "actress", "dual")
                 or kinds[c].effect == "editor" or (kinds[c].kind == "crew"
                                                    and kinds[c].genres)]
    teachers = [c for c in held if kinds[c].effect == "teacher"]
    return (
        (5 if config.distributor_auction else 0) + len(star) * n + len(basic)
        + 5 * auction_lots(n)
        + sum(1 for c in held if kinds[c].scandal or kinds[c].effect in ("agent", "lawyer"))
        + n + 4 + 1
        + sum(1 for c in held if not kinds[c].scandal and kinds[c].kind in (
            "script", "director", "actor", "actress", "dual"))
        + 1 + 4 * (len(plain) + tokens) + 7 * len(duals) + keep
        + (keep + 4 * len(teachers) * (len(teachable) + 1) if config.awards else 0) + 1)


@pytest.mark.parametrize("options", [
    {}, {"awards": True}, {"scandals": True}, {"festivals": True},
    {"awards": True, "scandals": True, "festivals": True, "distributor_auction": True}])
@pytest.mark.parametrize("players", [2, 3, 6])
def test_the_space_and_the_shape_follow_the_config(players: int,
                                                   options: dict[str, Any]) -> None:
    config = Config(players=players, **options)
    assert ENCODING.num_actions(config) == expected_actions(config)
    blocks = action_blocks(config)
    assert [name for name, _, _ in blocks] == [kind.__name__ for kind in ACTION_TYPES]
    assert all(first == previous + count for (_, previous, count), (_, first, _) in
               itertools.pairwise(blocks))
    state = GAME.setup(config, 4)
    assert len(observation_tensor(GAME.view(state, 0))) == math.prod(
        ENCODING.observation_shape(config)) == sum(w for _, w in tensor_sections(config))
    assert math.prod(ENCODING.observation_shape(config)) == expected_size(config)


def expected_size(config: Config) -> int:
    """The tensor's size as the docs write it, counted from the card list."""
    kinds = config.deck().cards
    n = config.players
    basic, star, _, _, festival = components(config)
    held = [*basic, *star]
    cards = len(held) + len(festival)
    playable = sum(1 for c in held if kinds[c].scandal or kinds[c].effect in ("agent", "lawyer"))
    duals = sum(1 for c in held if role_choices(kinds[c]))
    teachable = teachers = 0
    if config.awards:
        teachable = 1 + sum(1 for c in held if kinds[c].kind in (
            "director", "actor", "actress", "dual") or kinds[c].effect == "editor"
            or (kinds[c].kind == "crew" and kinds[c].genres))
        teachers = sum(1 for c in held if kinds[c].effect == "teacher")
    no_hidden_lot = (1 + n) * (n + 1 - auction_lots(n))  # own_bid and revealed_bids
    return (47 + 44 * n + n * n + (11 + n) * cards + (1 + n) * len(star)
            + (2 * n + 12) * playable + duals + 4 * teachable + teachers
            + (8 if config.festivals else 0) - no_hidden_lot)


def test_the_shape_grows_with_the_players_and_the_cards() -> None:
    sizes = {players: observation_size(GAME, Config(players=players)) for players in
             range(2, 7)}
    assert sizes == {2: 2610, 3: 2892, 4: 3173, 5: 3456, 6: 3741}
    assert observation_size(GAME, Config(players=6, awards=True, scandals=True,
                                         festivals=True)) == 5302
    no_agents = tuple(kind for kind in DEFAULT_CARD_DATA if kind.effect != "agent")
    config = Config(players=3, card_data=no_agents)
    assert observation_size(GAME, config) == expected_size(config) == sizes[3] - (
        14 + 18) * 4  # 4 cards fewer in each card section, no play rows


# -- the tensor by hand -------------------------------------------------------------------------


def test_tensor_sections_of_the_first_distribution_checked_by_hand() -> None:
    state = start()
    config = state.config
    tensor = observation_tensor(GAME.view(state, 0))
    assert hot(tensor, config, "seat") == [0]
    assert hot(tensor, config, "year") == [0]
    assert hot(tensor, config, "stage") == [STAGES.index("star_distribution")]
    assert hot(tensor, config, "distributor") == [0]
    assert hot(tensor, config, "to_act") == [0]
    assert hot(tensor, config, "done") == [] and hot(tensor, config, "crew_seat") == []
    assert section(tensor, config, "money") == pytest.approx([0.12] * 3)
    assert hot(tensor, config, "bid_cards") == list(range(15))
    assert section(tensor, config, "packet_sizes") == [1.0, 1.0, 1.0]  # 7 of 7
    stars = GAME.view(state, 0).stars
    assert hot(tensor, config, "stars") == sorted(card - 126 for card in stars)
    assert hot(tensor, config, "lots") == [lot * 48 + card - 126 for lot, card in
                                          enumerate(state.lots) if card is not None]
    assert hot(tensor, config, "packet") == sorted(state.packets[0])  # basic ids 0..125
    assert hot(tensor, config, "hand") == []
    # Seat 1 sees the same table, its own packet and no stars.
    other = observation_tensor(GAME.view(state, 1))
    assert hot(other, config, "seat") == [1] and hot(other, config, "stars") == []
    assert hot(other, config, "packet") == sorted(state.packets[1])
    assert section(other, config, "lots") == section(tensor, config, "lots")
    # A spectator holds nothing.
    table = observation_tensor(GAME.view(state, None))
    assert hot(table, config, "seat") == [] and hot(table, config, "packet") == []


def test_tensor_of_a_given_star_a_bid_and_a_studio() -> None:
    state = start()
    config = state.config
    stars = GAME.view(state, 0).stars
    state = GAME.apply(state, GiveStar(0, stars[0], 1))
    tensor = observation_tensor(GAME.view(state, 0))
    assert hot(tensor, config, "log_given") == [1 * 174 + stars[0]]
    assert hot(observation_tensor(GAME.view(state, 1)), config, "log_received") == [stars[0]]
    assert hot(observation_tensor(GAME.view(state, 1)), config, "hand") == [stars[0]]
    state = GAME.apply(state, GiveStar(0, stars[1], 0))  # the last star goes to seat 2
    for _ in range(6):
        for seat in range(3):
            state = GAME.apply(state, Draft(seat, state.packets[seat][0]))
    state = GAME.apply(state, Bid(0, 1, 2))
    tensor = observation_tensor(GAME.view(state, 0))
    assert hot(tensor, config, "stage") == [STAGES.index("auction")]
    assert hot(tensor, config, "own_bid") == [1, 3 + 2 + 2]  # lot 1 of 0..4, then card 2
    assert hot(tensor, config, "done") == [0] and hot(tensor, config, "to_act") == [1, 2]
    state = GAME.apply(state, Bid(1, 1, 1))
    state = GAME.apply(state, Bid(2, 4, 0))
    tensor = observation_tensor(GAME.view(state, 2))
    row = 3 + 1 + 5
    assert hot(tensor, config, "revealed_bids") == [0, 4 + 2, row + 0, row + 4 + 1,
                                                    2 * row + 3, 2 * row + 4]
    assert section(tensor, config, "money") == pytest.approx([0.10, 0.12, 0.12])
    for seat in range(3):
        state = GAME.apply(state, EndCrew(seat))
    assert hot(observation_tensor(GAME.view(state, 0)), config, "stage") == [
        STAGES.index("production")]
    hand = GAME.view(state, 0).hand
    state = GAME.apply(state, AssignCard(0, hand[0], 1))
    state = GAME.apply(state, TakeWorthlessScript(0, hand[1]))
    state = GAME.apply(state, AssignCard(0, -1, 2))
    tensor = observation_tensor(GAME.view(state, 0))
    assert hot(tensor, config, "films") == [1 * 174 + hand[0]]
    assert hot(tensor, config, "tokens") == [3]  # the first Worthless Script, in film 2
    assert hot(tensor, config, "studio_discards") == [hand[1]]
    assert hand[1] not in hot(tensor, config, "hand")
    budget = 2 * len(hand) + 6
    assert section(tensor, config, "studio_counts") == pytest.approx(
        [1 / 3, 0.0, 2 / budget, 0.0])
    # Others see only that seat 0 has not finished; their own studios are empty.
    assert hot(observation_tensor(GAME.view(state, 1)), config, "films") == []


def test_stage_of_reads_the_phase_off_every_seats_view() -> None:
    seen: set[str] = set()
    for seed in range(8):
        rng = random.Random(seed)
        config = Config(players=rng.randint(2, 6), awards=seed % 2 == 0,
                        scandals=seed % 4 < 2, distributor_auction=seed % 3 == 0)
        for state in testing.play_random(GAME, config, seed).states:
            stage = PHASE_STAGES[type(state.phase).__name__]
            seen.add(stage)
            for seat in range(config.players):
                assert STAGES[stage_of(GAME.view(state, seat))] == stage
            spectator = STAGES[stage_of(GAME.view(state, None))]
            # From outside, Scandals' hidden Stage 4 and an unrevealed Stage 5 look alike.
            assert spectator == stage or (stage, spectator) == ("production", "crew_planning")
    assert seen == set(STAGES)


def test_every_value_is_finite_and_about_zero_to_one() -> None:
    config = Config(players=5, awards=True, scandals=True, festivals=True)
    for state in testing.play_random(GAME, config, 9).states[::3]:
        for seat in (*range(5), None):
            values = observation_tensor(GAME.view(state, seat))
            assert all(math.isfinite(v) and -1.0 <= v <= 2.0 for v in values)


def test_legal_ids_are_a_mask_that_gives_the_legal_actions_back() -> None:
    config = Config(players=4, awards=True, scandals=True)
    for state in testing.play_random(GAME, config, 2).states[::4]:
        for seat in GAME.to_act(state):
            ids = legal_ids(GAME, state, seat)
            assert sorted(ids) == list(ids) and len(set(ids)) == len(ids)
            assert [ENCODING.action_from_id(state, seat, i) for i in ids] == sorted(
                GAME.legal_actions(state, seat), key=lambda a: ENCODING.action_id(state, a))


# -- the bound on decisions -------------------------------------------------------------------


def play_counting(config: Config, seed: int, stall: bool) -> tuple[int, list[int]]:
    """A game where every seat picks uniformly among its legal actions (``stall``: never
    ending Stage 4 or finishing Stage 5 while anything else is legal), a simultaneous
    step counting one decision; and the cards each studio began Stage 5 with."""
    rng = random.Random(seed)
    state = GAME.setup(config, seed)
    count = 0
    starts: list[int] = []
    while not GAME.is_terminal(state):
        seats = sorted(GAME.to_act(state))
        if not GAME.is_simultaneous(state):
            seats = seats[:1]
        chosen = []
        for seat in seats:
            options = list(GAME.legal_actions(state, seat))
            if stall:
                options = [a for a in options if not isinstance(
                    a, (EndCrew, FinishProduction))] or options
            chosen.append(options[rng.randrange(len(options))])
        for action in chosen:
            before = state.phase
            state = GAME.apply(state, action)
            if isinstance(state.phase, Producing) and not isinstance(before, Producing):
                starts += [len(studio.start) for studio in state.phase.studios]
        count += 1
    return count, starts


def test_max_decisions_follows_the_cards_of_the_config() -> None:
    assert [max_decisions(Config(players=n)) for n in range(2, 7)] == [
        270, 276, 282, 288, 294]
    every: dict[str, Any] = {"awards": True, "scandals": True, "festivals": True}
    assert [max_decisions(Config(players=n, **every)) for n in range(2, 7)] == [
        1077, 1083, 1089, 1095, 1101]
    assert max_decisions(Config(players=2, distributor_auction=True)) == 271
    # Two Lawyers more (the Awards): 3 years x 4 decisions each; no Agents: 16 fewer each.
    no_agents = tuple(kind for kind in DEFAULT_CARD_DATA if kind.effect != "agent")
    assert max_decisions(Config(players=2, card_data=no_agents)) == 270 - 3 * 16


@pytest.mark.parametrize(("options", "stall"), [
    ({}, False), ({}, True),
    ({"awards": True, "scandals": True, "festivals": True, "distributor_auction": True},
     True)])
def test_max_decisions_bounds_uniform_and_stalling_games(options: dict[str, Any],
                                                         stall: bool) -> None:
    config = Config(players=2, **options)
    scandals = 10 if config.scandals else 0
    for seed in range(2):
        count, starts = play_counting(config, seed, stall)
        assert 100 < count < max_decisions(config)
        assert max(starts) <= 9 + scandals  # the studio size the bound assumes
