"""Guess Who's Coming to Dinner's encoding: the kit's check on random games, the ids and
tensor sections of the game's page worked by hand, the refusals, and the sizes that
follow the config."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings

import partyrules
from partyrules import IllegalAction
from partyrules.core import testing
from partyrules.core.encoding import legal_ids, observation_size
from partyrules.games.dinner.actions import (
    Ballot,
    Exchange,
    Invite,
    JoinTable,
    Pass,
    Propose,
    StartBurial,
    StartTable,
    Unknown,
)
from partyrules.games.dinner.cards import Guest
from partyrules.games.dinner.encoding import (
    FLAG_PLANES,
    VALUE_PLANES,
    table_slots,
    tensor_sections,
)
from partyrules.games.dinner.state import Config, State, View

GAME = partyrules.get_game("dinner")
ENCODING = GAME.encoding
assert ENCODING is not None
DEFAULT = Config(players=3)
DECK = DEFAULT.deck()
CUSTOM_GUESTS = tuple(Guest(f"Guest {i}", f"suit {i % 4}", i % 9 == 0) for i in range(60))
"""A custom deck: 60 guests in 4 suits, 7 of them deceased (0, 9, ..., 54)."""


def card(name: str) -> int:
    return DECK.card_named(name)


def section(tensor: Sequence[float], config: Config, name: str) -> list[float]:
    """The floats of the tensor section called ``name`` (see tensor_sections)."""
    start = 0
    for title, width in tensor_sections(config):
        if title == name:
            return [round(value, 6) for value in tensor[start:start + width]]
        start += width
    raise KeyError(name)


def plane(tensor: Sequence[float], config: Config, name: str) -> list[float]:
    """One card plane (N floats, one per card of the deck) by its name: a flag plane,
    ``known_in_hand[seat]``, ``last_rejected_by[seat]`` or a value plane."""
    cards, players = len(config.deck().guests), config.players
    flags = [*FLAG_PLANES, *(f"known_in_hand[{seat}]" for seat in range(players)),
             *(f"last_rejected_by[{seat}]" for seat in range(players))]
    if name in flags:
        planes, index = section(tensor, config, "flag planes"), flags.index(name)
    else:
        planes, index = section(tensor, config, "value planes"), VALUE_PLANES.index(name)
    return planes[index * cards:(index + 1) * cards]


def ones(values: Sequence[float]) -> set[int]:
    """Where a plane holds 1."""
    return {index for index, value in enumerate(values) if value == 1.0}


def tensor_of(state: State, seat: int | None) -> Sequence[float]:
    view: View = GAME.view(state, seat)
    return ENCODING.observation_tensor(view)


# -- the kit -------------------------------------------------------------------------------


@pytest.mark.parametrize("games", [10, pytest.param(30, id="ci", marks=pytest.mark.ci)])
def test_kit_every_listed_action_has_an_id_and_every_view_a_tensor(games: int) -> None:
    @settings(max_examples=games)
    @given(testing.playthroughs(GAME))
    def run(playthrough: testing.Playthrough) -> None:
        testing.check_encoding(GAME, playthrough)

    run()


@settings(max_examples=6)
@given(testing.playthroughs(GAME, testing.configs(GAME, guests=CUSTOM_GUESTS)))
def test_kit_holds_with_a_custom_deck(playthrough: testing.Playthrough) -> None:
    testing.check_encoding(GAME, playthrough)


# -- action ids ----------------------------------------------------------------------------


def burial_vote() -> tuple[State, tuple[int, int, int]]:
    """The page's example: seat 0 buries Jane Goodall with Sheryl Sandberg and Buzz
    Aldrin and puts it to the vote (3 seats, seed 1)."""
    goodall, sandberg, aldrin = map(card, ["Jane Goodall", "Sheryl Sandberg", "Buzz Aldrin"])
    state = testing.apply_all(GAME, GAME.setup(DEFAULT, 1), StartBurial(0, goodall),
                              Invite(0, sandberg), Invite(0, aldrin),
                              Propose(0, "Her last expedition"))
    return state, (goodall, sandberg, aldrin)


def test_ids_of_the_default_deck_at_three_seats_follow_the_documented_ranges() -> None:
    state = GAME.setup(DEFAULT, 1)
    gaga, queen, armani = map(card, ["Lady Gaga", "Queen Elizabeth II", "Giorgio Armani"])
    deceased = sorted(DECK.deceased)
    assert (queen, armani) == (deceased[0], deceased[-1])
    assert ENCODING.num_actions(DEFAULT) == 776  # 3 x 200 + 10 + 99 + 67
    expected = {
        Unknown(0, gaga): gaga,
        Exchange(0, gaga): 200 + gaga,
        StartTable(0): 400,
        StartBurial(0, queen): 401,
        StartBurial(0, armani): 410,
        JoinTable(0, 0): 411,
        JoinTable(0, 98): 509,
        Pass(0): 510,
        Invite(0, 0): 511,
        Invite(0, gaga): 511 + gaga,
        Propose(0, ""): 711,
    }
    for action, number in expected.items():
        assert ENCODING.action_id(state, action) == number, action
        assert ENCODING.action_from_id(state, 0, number) == action
    # the seat is not part of the id: action_from_id fills it in
    assert ENCODING.action_from_id(state, 2, 511 + gaga) == Invite(2, gaga)


def test_ids_an_id_is_the_same_move_whatever_the_hand() -> None:
    first, second = GAME.setup(DEFAULT, 1), GAME.setup(DEFAULT, 2)
    gaga = card("Lady Gaga")
    assert (gaga in first.hands[0]) != (gaga in second.hands[0])
    assert {ENCODING.action_id(state, Invite(0, gaga)) for state in (first, second)} == {
        511 + gaga}


def test_ids_legal_ids_number_exactly_the_legal_actions() -> None:
    state = GAME.setup(DEFAULT, 1)
    hand, drawn = state.hands[0], state.hands[0][-1]
    burials = sorted(401 + sorted(DECK.deceased).index(c) for c in hand if c in DECK.deceased)
    assert legal_ids(GAME, state, 0) == tuple(sorted(
        [drawn, *(200 + c for c in hand), 400, *burials]))
    assert legal_ids(GAME, state, 1) == ()


def test_ids_a_ballot_is_numbered_by_the_positions_it_rejects() -> None:
    state, (goodall, sandberg, aldrin) = burial_vote()
    ballot = 712  # 3N + D + T + 3
    assert ENCODING.action_id(state, Ballot(1, frozenset())) == ballot
    assert ENCODING.action_id(state, Ballot(1, frozenset({goodall}))) == ballot + 1
    assert ENCODING.action_id(state, Ballot(1, frozenset({aldrin}))) == ballot + 4
    assert ENCODING.action_id(state, Ballot(2, frozenset({goodall, aldrin}))) == ballot + 5
    assert ENCODING.action_from_id(state, 2, ballot + 7) == Ballot(
        2, frozenset({goodall, sandberg, aldrin}))
    assert legal_ids(GAME, state, 1) == tuple(range(ballot, ballot + 8))
    # the same id in another vote rejects that vote's first card
    other = GAME.setup(DEFAULT, 2)
    first, second = other.hands[0][3], other.hands[0][1]
    other = testing.apply_all(GAME, other, StartTable(0), Invite(0, first), Invite(0, second),
                              Propose(0))
    assert ENCODING.action_from_id(other, 1, ballot + 1) == Ballot(1, frozenset({first}))


def test_ids_every_story_has_the_proposal_id_and_the_blank_story_comes_back() -> None:
    state, _ = burial_vote()
    assert ENCODING.action_id(state, Propose(0, "Her last expedition")) == 711
    assert ENCODING.action_id(state, Propose(0, "")) == 711
    assert ENCODING.action_from_id(state, 0, 711) == Propose(0, "")


def test_ids_outside_the_space_are_refused() -> None:
    state = GAME.setup(DEFAULT, 1)
    for number in (-1, 776, 10_000, "3", 3.0, True, None):
        with pytest.raises(IllegalAction, match="action ids 0 to 775"):
            ENCODING.action_from_id(state, 0, number)  # type: ignore[arg-type]


def test_ids_a_ballot_id_needs_a_vote_and_a_proposed_card_at_each_bit() -> None:
    with pytest.raises(IllegalAction, match="no vote is under way"):
        ENCODING.action_from_id(GAME.setup(DEFAULT, 1), 1, 712)
    state, _ = burial_vote()  # three proposed cards: bits 0 to 2
    with pytest.raises(IllegalAction, match="beyond the 3 proposed"):
        ENCODING.action_from_id(state, 1, 712 + 8)


@pytest.mark.parametrize("action", [
    Invite(0, 200), Invite(0, -1), Invite(0, "Lady Gaga"), Invite(0, True), Exchange(0, 2.0),
    Unknown(0, None), StartBurial(0, 0), StartBurial(0, 200), StartBurial(0, "2"),
    JoinTable(0, 99), JoinTable(0, -1), JoinTable(0, "0"), "Invite(0, 3)", None,
], ids=repr)
def test_ids_an_action_with_no_id_is_refused(action: object) -> None:
    with pytest.raises(IllegalAction):
        ENCODING.action_id(GAME.setup(DEFAULT, 1), action)  # type: ignore[arg-type]


def test_ids_a_ballot_outside_a_vote_or_on_other_cards_has_no_id() -> None:
    with pytest.raises(IllegalAction, match="no vote is under way"):
        ENCODING.action_id(GAME.setup(DEFAULT, 1), Ballot(1, frozenset()))
    state, (goodall, _, _) = burial_vote()
    for rejected in (frozenset({card("Lady Gaga")}), frozenset({True}), {goodall},
                     (goodall,)):
        with pytest.raises(IllegalAction, match="frozenset of proposed cards"):
            ENCODING.action_id(state, Ballot(1, rejected))  # type: ignore[arg-type]


def test_ids_a_custom_deck_numbers_its_own_cards() -> None:
    config = Config(players=3, guests=CUSTOM_GUESTS)
    state = GAME.setup(config, 4)
    # N = 60, D = 7 (guests 0, 9, ..., 54), T = (60 - 3 + 1) // 2 = 29
    assert ENCODING.num_actions(config) == 3 * 60 + 7 + 29 + 67
    assert ENCODING.action_id(state, StartBurial(0, 54)) == 120 + 1 + 6
    assert ENCODING.action_id(state, Invite(0, 59)) == 120 + 7 + 29 + 2 + 59
    for action in (Invite(0, 60), Exchange(0, 150), StartBurial(0, 1)):
        with pytest.raises(IllegalAction):
            ENCODING.action_id(state, action)


# -- sizes follow the config -----------------------------------------------------------------


@pytest.mark.parametrize(("players", "actions", "floats"), [
    (3, 776, 4930), (4, 775, 5426), (5, 775, 5931), (6, 774, 6424), (7, 774, 6928),
])
def test_sizes_follow_the_player_count(players: int, actions: int, floats: int) -> None:
    config = Config(players=players)
    slots = (200 - players + 1) // 2
    assert table_slots(config) == slots
    assert ENCODING.num_actions(config) == 3 * 200 + 10 + slots + 67 == actions
    size = (14 + 2 * players) * 200 + 7 * players + 18 + (6 + players) * slots
    assert ENCODING.observation_shape(config) == (size,) and size == floats
    assert sum(width for _, width in tensor_sections(config)) == size
    state = GAME.setup(config, players)
    assert all(len(tensor_of(state, seat)) == size for seat in (None, *range(players)))


def test_sizes_follow_a_custom_deck() -> None:
    config = Config(players=4, guests=CUSTOM_GUESTS)
    slots = (60 - 4 + 1) // 2
    assert observation_size(GAME, config) == 22 * 60 + 7 * 4 + 18 + 10 * slots
    assert len(tensor_of(GAME.setup(config, 1), 2)) == observation_size(GAME, config)


# -- the tensor, section by section ------------------------------------------------------------


def test_tensor_at_the_first_draw_shows_the_hand_and_the_counts() -> None:
    state = GAME.setup(DEFAULT, 1)
    mine, theirs = tensor_of(state, 0), tensor_of(state, 1)
    assert section(mine, DEFAULT, "seat") == [1, 0, 0]
    assert section(theirs, DEFAULT, "seat") == [0, 1, 0]
    for tensor in (mine, theirs):
        assert section(tensor, DEFAULT, "to act") == [1, 0, 0]
        assert section(tensor, DEFAULT, "active") == [1, 0, 0]
        assert section(tensor, DEFAULT, "phase") == [1, 0, 0, 0]
        assert section(tensor, DEFAULT, "hand sizes") == [round(8 / 14, 6),
                                                          round(7 / 14, 6), round(7 / 14, 6)]
        assert section(tensor, DEFAULT, "pile size") == [round(178 / 200, 6)]
        assert section(tensor, DEFAULT, "turn") == [0.01]
        assert section(tensor, DEFAULT, "last vote held") == [0]
    assert ones(plane(mine, DEFAULT, "hand")) == set(state.hands[0])
    assert ones(plane(theirs, DEFAULT, "hand")) == set(state.hands[1])
    # the card just drawn is the active seat's secret
    assert ones(plane(mine, DEFAULT, "drawn")) == {state.hands[0][-1]}
    assert ones(plane(theirs, DEFAULT, "drawn")) == set()
    assert ones(plane(tensor_of(state, None), DEFAULT, "hand")) == set()


def test_tensor_during_a_vote_shows_the_proposal_in_order_and_only_the_own_ballot() -> None:
    state, (goodall, sandberg, aldrin) = burial_vote()
    state = GAME.apply(state, Ballot(1, frozenset({aldrin})))
    voter, other = tensor_of(state, 1), tensor_of(state, 2)
    for tensor in (voter, other):
        assert section(tensor, DEFAULT, "phase") == [0, 0, 1, 0]
        assert section(tensor, DEFAULT, "proposal kind") == [0, 0, 1]  # a burial
        assert section(tensor, DEFAULT, "story told") == [1]
        assert section(tensor, DEFAULT, "voted") == [0, 1, 0]
        assert section(tensor, DEFAULT, "to act") == [0, 0, 1]
        assert ones(plane(tensor, DEFAULT, "proposed")) == {goodall, sandberg, aldrin}
        order = plane(tensor, DEFAULT, "proposal_order")
        assert [order[goodall], order[sandberg], order[aldrin]] == [
            round(1 / 6, 6), round(2 / 6, 6), 0.5]
    assert ones(plane(voter, DEFAULT, "my_rejects")) == {aldrin}
    assert ones(plane(other, DEFAULT, "my_rejects")) == set()


def test_tensor_after_the_count_shows_the_table_the_ballots_and_the_card_turned_down() -> None:
    state, (goodall, sandberg, aldrin) = burial_vote()
    state = testing.apply_all(GAME, state, Ballot(1, frozenset({aldrin})),
                              Ballot(2, frozenset({aldrin, goodall})))
    tensor = tensor_of(state, 2)
    assert section(tensor, DEFAULT, "scores") == [0.04, 0, 0]
    assert section(tensor, DEFAULT, "last vote held") == [1]
    assert section(tensor, DEFAULT, "last vote seat") == [1, 0, 0]
    assert section(tensor, DEFAULT, "last vote accepted") == [1]
    assert section(tensor, DEFAULT, "last vote points") == [round(4 / 19, 6)]
    assert ones(plane(tensor, DEFAULT, "last_proposed")) == {goodall, sandberg, aldrin}
    assert ones(plane(tensor, DEFAULT, "last_turned_down")) == {aldrin}
    assert ones(plane(tensor, DEFAULT, "last_rejected_by[0]")) == set()
    assert ones(plane(tensor, DEFAULT, "last_rejected_by[1]")) == {aldrin}
    assert ones(plane(tensor, DEFAULT, "last_rejected_by[2]")) == {aldrin, goodall}
    assert ones(plane(tensor, DEFAULT, "known_in_hand[0]")) == {aldrin}  # it went back
    # table slot 0: a burial with room, hosted by seat 0; 2 cards, 1 story, 4 points
    flags = section(tensor, DEFAULT, "table flags")
    assert flags[:6] == [1, 0, 1, 1, 0, 0] and not any(flags[6:])
    values = section(tensor, DEFAULT, "table values")
    assert values[:3] == [round(2 / 7, 6), round(1 / 7, 6), round(4 / 19, 6)]
    assert not any(values[3:])
    assert ones(plane(tensor, DEFAULT, "seated")) == {goodall, sandberg}
    index, order = plane(tensor, DEFAULT, "table_index"), plane(tensor, DEFAULT, "table_order")
    assert [index[goodall], index[sandberg], index[aldrin]] == [round(1 / 99, 6)] * 2 + [0]
    assert [order[goodall], order[sandberg]] == [round(1 / 7, 6), round(2 / 7, 6)]


def test_tensor_equal_views_give_equal_tensors_and_other_views_other_tensors() -> None:
    playthrough = testing.play_random(GAME, Config(players=5), 12)
    tensors = {tuple(tensor_of(state, 3)) for state in playthrough.states}
    views = {GAME.view(state, 3) for state in playthrough.states}
    assert len(tensors) == len(views)
    assert all(0.0 <= value <= 3.0 for tensor in tensors for value in tensor)


# -- max_decisions -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 5, 7])
def test_max_decisions_bounds_random_games_with_room_to_spare(players: int) -> None:
    bound = GAME.max_decisions(Config(players=players)) if GAME.max_decisions else None
    assert bound == 1000 + 500 * players
    for seed in range(5):
        actions = testing.play_random(GAME, Config(players=players), seed).actions
        # a vote is one decision: every Propose opens one, and its ballots count once
        decisions = sum(not isinstance(action, Ballot) for action in actions) + sum(
            isinstance(action, Propose) for action in actions)
        assert 0 < decisions < bound / 2
