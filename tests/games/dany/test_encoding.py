"""Dany's encoding: the kit's property over random games, the ids and tensor sections of
``docs/games/dany.md`` ("Encodings") checked by hand, the refusals, the space and shape
following the config, and the ``max_decisions`` bound (held by random games, reached by
a game built to reach it)."""

from __future__ import annotations

import math

import attrs
import pytest
from hypothesis import given, settings

import partyrules
from partyrules import TABLE, IllegalAction
from partyrules.core import testing
from partyrules.core.encoding import legal_ids, observation_size
from partyrules.games.dany.actions import (
    Accuse,
    ConfirmReveal,
    Decide,
    Done,
    ExplanationFailed,
    Invalidate,
    Keep,
)
from partyrules.games.dany.cards import DANY, HAND, REASON, SECONDARIES
from partyrules.games.dany.state import Composing, Config, Discussing, FinalTwist, State

GAME = partyrules.get_game("dany")
ENCODING = GAME.encoding
assert ENCODING is not None

# The sections of the default config at 3 seats, as the docs page lists them (M = 30
# Memory cards, W = 20 word lists, P = 3 seats): start and width.
SEAT, PERSONALITY, FACE_UP, PHASE = (0, 3), (3, 3), (6, 9), (15, 5)
TO_ACT, ACTIVE, DECIDING, COUNTS = (20, 4), (24, 3), (27, 3), (30, 9)
IDEA, SUCCESSES, FAILURES, VOIDED = (39, 20), (59, 20), (79, 20), (99, 20)
HAND_CARDS, CREATION, CHOICE, WORD = (119, 30), (149, 30), (179, 5), (184, 5)
CANDIDATES, VOTED, BALLOT, LAST_BALLOTS = (189, 3), (192, 3), (195, 3), (198, 9)
TIED, OVER_REASON, WINNERS = (207, 3), (210, 6), (216, 3)


def section(tensor: object, where: tuple[int, int]) -> list[float]:
    start, width = where
    return list(tensor)[start:start + width]  # type: ignore[call-overload]


def tensor_of(state: State, seat: int | None) -> list[float]:
    assert ENCODING is not None
    return list(ENCODING.observation_tensor(GAME.view(state, seat)))


def decisions(playthrough: testing.Playthrough) -> int:
    """The decisions of a game as ``max_decisions`` counts them: each action, except
    that the ballots of one Final Twist vote make one joint action."""
    count = 0
    for action, state in zip(playthrough.actions, playthrough.states, strict=False):
        if isinstance(action, Accuse):
            phase = state.phase
            assert isinstance(phase, FinalTwist)
            others = phase.ballots[:action.seat] + phase.ballots[action.seat + 1:]
            count += None not in others  # the last ballot of a vote closes it
        else:
            count += 1
    return count


# -- the kit's property --------------------------------------------------------------------------


def test_spec_the_encoding_holds_over_random_games() -> None:
    played: list[int] = []

    @settings(max_examples=40, deadline=None)
    @given(testing.playthroughs(GAME))
    def run(playthrough: testing.Playthrough) -> None:
        testing.check_encoding(GAME, playthrough, samples=12)
        assert decisions(playthrough) <= GAME.max_decisions(playthrough.config)
        played.append(len(playthrough.actions))

    run()
    assert len(played) == 40 and min(played) > 0


@pytest.mark.parametrize("config", [Config(players=9, danys_reason=True),
                                    Config(players=4, memory_cards=7, idea_cards=3)])
def test_spec_the_encoding_holds_on_every_state_of_the_largest_and_smallest_tables(
        config: Config) -> None:
    for seed in range(3):
        playthrough = testing.play_random(GAME, config, seed, bot_seed=seed + 10)
        testing.check_encoding(GAME, playthrough, samples=None)


# -- action ids ---------------------------------------------------------------------------------


def test_spec_the_action_ids_of_the_default_config() -> None:
    state = GAME.setup(Config(players=3), 1)
    named = {
        Keep(0, 0): 0, Keep(2, 29): 29, Done(0, ""): 30, Done(1, "in a circle"): 30,
        Decide(2, 1): 31, Decide(2, 5): 35, Invalidate(): 36, ConfirmReveal(): 37,
        ExplanationFailed(): 38, Accuse(1, 0): 39, Accuse(0, 1): 40, Accuse(0, 2): 41,
    }
    assert ENCODING.num_actions(state.config) == 42
    for action, number in named.items():
        assert ENCODING.action_id(state, action) == number
    assert ENCODING.action_from_id(state, 0, 5) == Keep(0, 5)
    assert ENCODING.action_from_id(state, 1, 30) == Done(1, "")  # the representative text
    assert ENCODING.action_from_id(state, 2, 33) == Decide(2, 3)
    assert ENCODING.action_from_id(state, TABLE, 36) == Invalidate()
    assert ENCODING.action_from_id(state, TABLE, 37) == ConfirmReveal()
    assert ENCODING.action_from_id(state, TABLE, 38) == ExplanationFailed()
    assert ENCODING.action_from_id(state, 1, 41) == Accuse(1, 2)


def test_spec_an_id_means_the_same_move_in_every_state() -> None:
    config = Config(players=5)
    first, other = GAME.setup(config, 1), GAME.setup(config, 2)
    assert isinstance(first.phase, Composing) and isinstance(other.phase, Composing)
    assert first.phase.hand != other.phase.hand
    for number in range(ENCODING.num_actions(config)):
        assert ENCODING.action_from_id(first, 3, number) \
            == ENCODING.action_from_id(other, 3, number)
    # The legal ids of the active seat are its cards and Done; the table's is Invalidate.
    assert legal_ids(GAME, first, 0) == (*sorted(first.phase.hand), 30)
    assert legal_ids(GAME, other, 0) == (*sorted(other.phase.hand), 30)
    assert legal_ids(GAME, first, TABLE) == (36,)


def test_spec_the_legal_ids_follow_the_phases() -> None:
    state = GAME.setup(Config(players=4), 3)
    assert isinstance(state.phase, Composing)
    state = GAME.apply(GAME.apply(state, Keep(0, state.phase.hand[0])), Done(0, "x"))
    assert isinstance(state.phase, Discussing)
    assert legal_ids(GAME, state, 3) == (31, 32, 33, 34, 35)  # the deciding seat
    assert legal_ids(GAME, state, TABLE) == (36,)
    state = GAME.apply(state, Decide(3, 2))
    assert legal_ids(GAME, state, TABLE) == (37, 38)
    twist = attrs.evolve(state, phase=FinalTwist(frozenset({1, 2}), True, (None,) * 4))
    assert legal_ids(GAME, twist, 0) == (40, 41)  # Accuse 1, Accuse 2 from 39
    assert legal_ids(GAME, twist, 1) == (41,)      # nobody points at themselves


def test_spec_ids_outside_the_space_and_actions_without_an_id_are_refused() -> None:
    state = GAME.setup(Config(players=3), 1)
    for bad in (-1, 42, 10**6, True, 1.0, "3", None):
        with pytest.raises(IllegalAction, match="action ids 0 to 41"):
            ENCODING.action_from_id(state, 0, bad)  # type: ignore[arg-type]
    no_id = (Keep(0, 30), Keep(0, -1), Keep(0, "3"), Keep(0, True), Decide(2, 0),
             Decide(2, 6), Decide(2, 2.0), Accuse(0, 3), Accuse(0, -1), "Keep", None)
    for action in no_id:
        with pytest.raises(IllegalAction):
            ENCODING.action_id(state, action)  # type: ignore[arg-type]
    # A larger deck has the card.
    bigger = GAME.setup(Config(players=3, memory_cards=40), 1)
    assert ENCODING.action_id(bigger, Keep(0, 35)) == 35
    assert ENCODING.action_id(bigger, Done(0)) == 40


@pytest.mark.parametrize(("config", "actions", "size"), [
    (Config(players=3), 42, 219),
    (Config(players=8), 47, 334),
    (Config(players=9, danys_reason=True), 48, 363),
    (Config(players=5, memory_cards=40), 54, 279),
    (Config(players=5, memory_cards=7), 21, 213),
    (Config(players=4, idea_cards=5), 43, 238),  # W is the word lists, not the deck
    (Config(players=4, idea_words=(("a", "b", "c", "d", "e"),) * 3), 43, 170),
])
def test_spec_the_space_and_shape_follow_the_config(config: Config, actions: int,
                                                     size: int) -> None:
    players, memory, words = config.players, config.memory_cards, len(config.words())
    assert ENCODING.num_actions(config) == memory + players + 9 == actions
    assert ENCODING.observation_shape(config) == (size,)
    assert size == players ** 2 + 12 * players + 2 * memory + 4 * words + 34
    state = GAME.setup(config, 2)
    for seat in (None, *range(players)):
        assert len(tensor_of(state, seat)) == observation_size(GAME, config) == size


# -- the observation tensor -----------------------------------------------------------------------


def test_spec_the_tensor_of_the_active_seat_at_setup() -> None:
    state = attrs.evolve(GAME.setup(Config(players=3), 4),
                         personalities=(SECONDARIES[0], DANY, SECONDARIES[1]))
    phase = state.phase
    assert isinstance(phase, Composing) and state.idea is not None
    mine = tensor_of(state, 0)
    assert section(mine, SEAT) == [1, 0, 0]
    assert section(mine, PERSONALITY) == [0, 0, 1]  # a secondary
    assert section(mine, FACE_UP) == [0] * 9
    assert section(mine, PHASE) == [1, 0, 0, 0, 0]  # composing
    assert section(mine, TO_ACT) == [1, 0, 0, 1]    # seat 0 and the table
    assert section(mine, ACTIVE) == [1, 0, 0] and section(mine, DECIDING) == [0, 0, 1]
    counts = [1 / 20, 23 / 30, 0, 7 / 7, 0, 19 / 20, 0, 0, 0]
    assert section(mine, COUNTS) == pytest.approx(counts)
    assert section(mine, IDEA) == [float(card == state.idea) for card in range(20)]
    assert section(mine, HAND_CARDS) == [float(card in phase.hand) for card in range(30)]
    assert section(mine, CHOICE) == [float(word == phase.choice) for word in range(1, 6)]
    assert sum(mine) == pytest.approx(
        1 + 1 + 1 + 2 + 2 + sum(counts) + 1 + HAND + 1)
    # Seat 1 (Dany) sees no hand and no Choice card, only their counts.
    theirs = tensor_of(state, 1)
    assert section(theirs, SEAT) == [0, 1, 0] and section(theirs, PERSONALITY) == [1, 0, 0]
    assert section(theirs, COUNTS) == section(mine, COUNTS)
    assert section(theirs, HAND_CARDS) == [0] * 30 and section(theirs, CHOICE) == [0] * 5


def test_spec_the_creation_is_encoded_with_its_stacking_order() -> None:
    state = GAME.setup(Config(players=3), 4)
    assert isinstance(state.phase, Composing)
    first, second, *_ = state.phase.hand
    state = GAME.apply(GAME.apply(state, Keep(0, first)), Keep(0, second))
    creation = section(tensor_of(state, 0), CREATION)
    assert creation[first] == pytest.approx(1 / HAND)
    assert creation[second] == pytest.approx(2 / HAND)
    assert sum(creation) == pytest.approx(3 / HAND)
    # The others count the cards laid out but see none until Done.
    theirs = tensor_of(state, 2)
    assert section(theirs, CREATION) == [0] * 30
    assert section(theirs, COUNTS)[3:5] == pytest.approx([5 / 7, 2 / 7])
    state = GAME.apply(state, Done(0, "one above the other"))
    assert section(tensor_of(state, 2), CREATION) == section(tensor_of(state, 0), CREATION)
    assert section(tensor_of(state, 2), PHASE) == [0, 1, 0, 0, 0]
    assert section(tensor_of(state, 2), TO_ACT) == [0, 0, 1, 1]  # the deciding seat 2


def test_spec_the_reveal_shows_the_choice_and_the_word_to_all() -> None:
    state = GAME.setup(Config(players=3), 4)
    assert isinstance(state.phase, Composing)
    choice = state.phase.choice
    state = GAME.apply(GAME.apply(state, Done(0)), Decide(2, choice % 5 + 1))
    for seat in range(3):
        tensor = tensor_of(state, seat)
        assert section(tensor, PHASE) == [0, 0, 1, 0, 0]
        assert section(tensor, CHOICE)[choice - 1] == 1 and sum(section(tensor, CHOICE)) == 1
        assert section(tensor, WORD)[choice % 5] == 1 and sum(section(tensor, WORD)) == 1
    idea = state.idea
    assert idea is not None
    state = GAME.apply(state, ConfirmReveal())  # a wrong answer: a failure
    tensor = tensor_of(state, 1)
    assert section(tensor, FAILURES)[idea] == 1 and sum(section(tensor, FAILURES)) == 1
    assert section(tensor, COUNTS)[0] == pytest.approx(2 / 20)  # turn 2
    assert section(tensor, COUNTS)[7] == pytest.approx(1 / 3)   # 1 failure of 3
    assert section(tensor, ACTIVE) == [0, 1, 0]


def test_spec_the_final_twist_and_the_end_in_the_tensor() -> None:
    config = Config(players=3, danys_reason=True)
    base = GAME.setup(config, 6)
    state = attrs.evolve(base, personalities=(DANY, REASON, SECONDARIES[0]), idea=None,
                         failures=(base.idea, *base.ideas[:3]), ideas=base.ideas[3:],
                         memory=base.phase.hand + base.memory,  # type: ignore[union-attr]
                         phase=FinalTwist(frozenset(range(3)), False, (None,) * 3),
                         turn=4, twist_trigger="failures")
    GAME.validate(state)
    state = GAME.apply(state, Accuse(0, 1))
    tensor = tensor_of(state, 0)
    assert section(tensor, PHASE) == [0, 0, 0, 1, 0]
    assert section(tensor, CANDIDATES) == [1, 1, 1] and section(tensor, VOTED) == [1, 0, 0]
    assert section(tensor, BALLOT) == [0, 1, 0]
    assert section(tensor, TO_ACT) == [0, 1, 1, 0]
    assert section(tensor_of(state, 1), BALLOT) == [0, 0, 0]  # seat 0's ballot is secret
    # One vote each: a three-way tie, Dany among the tied, a re-vote.
    state = GAME.apply(GAME.apply(state, Accuse(1, 2)), Accuse(2, 0))
    tensor = tensor_of(state, 2)
    assert section(tensor, LAST_BALLOTS) == [0, 1, 0, 0, 0, 1, 1, 0, 0]
    assert section(tensor, TIED) == [1, 1, 1] and section(tensor, VOTED) == [0, 0, 0]
    state = GAME.apply(GAME.apply(GAME.apply(state, Accuse(0, 2)), Accuse(1, 2)),
                       Accuse(2, 1))  # seat 2, a secondary, is designated
    tensor = tensor_of(state, 2)
    assert section(tensor, PHASE) == [0, 0, 0, 0, 1]
    assert section(tensor, OVER_REASON) == [0, 0, 1, 0, 0, 0]  # not_dany_designated
    assert section(tensor, WINNERS) == [1, 1, 0]               # Dany and the Reason
    assert section(tensor, FACE_UP) == [1, 0, 0, 0, 1, 0, 0, 0, 1]
    assert section(tensor, TIED) == [0, 0, 1]


def test_spec_the_tensor_is_finite_and_about_0_to_1_on_every_state() -> None:
    config = Config(players=6, memory_cards=12, idea_cards=4)
    for seed in range(5):
        playthrough = testing.play_random(GAME, config, seed, bot_seed=seed)
        for state in playthrough.states:
            for seat in (None, *range(config.players)):
                tensor = tensor_of(state, seat)
                assert all(math.isfinite(value) and 0 <= value <= 1 for value in tensor)


# -- max_decisions ----------------------------------------------------------------------------


def test_spec_max_decisions_follows_the_decks() -> None:
    for players in range(3, 9):
        assert GAME.max_decisions(Config(players=players)) == 3 * 20 + 30 + 2 == 92
    assert GAME.max_decisions(Config(players=9, danys_reason=True)) == 92
    assert GAME.max_decisions(Config(players=3, memory_cards=60)) == 60 + 60 + 2
    assert GAME.max_decisions(Config(players=3, idea_cards=2)) == 6 + 14 + 2
    many = tuple((f"a{n}", f"b{n}", f"c{n}", f"d{n}", f"e{n}") for n in range(100))
    assert GAME.max_decisions(Config(players=3, idea_words=many)) == 300 + 30 + 2


def test_spec_a_game_can_take_exactly_max_decisions() -> None:
    """Every turn plays Done, Decide and a ruling; 30 cards are laid out over 20 turns;
    five answers score, the other correct ones are voided; the Final Twist ties twice."""
    config = Config(players=3)
    state = GAME.setup(config, 8)
    taken = 0
    laid_out = [7, 7, 7, 2] + [0] * 15 + [7]
    for turn, keep in enumerate(laid_out, 1):
        phase = state.phase
        assert isinstance(phase, Composing) and state.turn == turn
        active, deciding = state.active, state.deciding
        ruling = ConfirmReveal() if turn <= 5 else ExplanationFailed()
        for action in (*(Keep(active, card) for card in phase.hand[:keep]), Done(active),
                       Decide(deciding, phase.choice), ruling):
            state = GAME.apply(state, action)
            taken += 1
    assert (len(state.successes), len(state.voided), len(state.box)) == (5, 15, 30)
    for _ in range(2):  # two votes of three-way ties: joint actions
        assert isinstance(state.phase, FinalTwist)
        for seat in range(3):
            state = GAME.apply(state, Accuse(seat, (seat + 1) % 3))
        taken += 1
    assert GAME.is_terminal(state) and GAME.outcome(state).reason == "second_tie"
    assert taken == GAME.max_decisions(config) == 92
