"""Dany goes to Hollywood: one test per rule clause, named after the rulebook section it
checks (setup, 1-6 of Game Overview, Next Turn Setup, End of Game, Final Twist, Rules
for the active personality, Additional Rules for Dany's Reason, Variant), or the spec
clause (``spec_...``) that decides what the rulebook leaves open."""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence

import attrs
import pytest

import partyrules
from partyrules import TABLE, IllegalAction, InvalidConfig
from partyrules.core import testing
from partyrules.core.rng import Rng
from partyrules.games.dany.actions import (
    Accuse,
    ConfirmReveal,
    Decide,
    Done,
    ExplanationFailed,
    Invalidate,
    Keep,
)
from partyrules.games.dany.cards import CHOICES, DANY, HAND, REASON, SECONDARIES, is_secondary
from partyrules.games.dany.state import (
    Composing,
    Config,
    Discussing,
    FinalTwist,
    Revealing,
    State,
)

GAME = partyrules.get_game("dany")


def arrange(personalities: Sequence[int], *, reason: bool = False, successes: int = 0,
            failures: int = 0, memory: int | None = None, active: int = 0,
            config: Config | None = None) -> State:
    """A state at the start of ``active``'s turn with the given personalities, piles and
    Memory pile size (cards beyond it are in the box)."""
    config = config or Config(players=len(personalities), danys_reason=reason)
    state = GAME.setup(attrs.evolve(config, first_active=active), 5)
    assert sorted(personalities) == sorted(config.personalities())
    ideas = state.ideas
    state = attrs.evolve(state, personalities=tuple(personalities),
                         successes=ideas[:successes], failures=ideas[successes:][:failures],
                         ideas=ideas[successes + failures:], turn=1 + successes + failures)
    if memory is not None:
        state = attrs.evolve(state, memory=state.memory[:memory],
                             box=state.box + state.memory[memory:])
    GAME.validate(state)
    return state


def play(state: State, *actions: object) -> State:
    for action in actions:
        state = GAME.apply(state, action)
    return state


def choice(state: State) -> int:
    phase = state.phase
    assert isinstance(phase, (Composing, Discussing, Revealing))
    return phase.choice


def drawn_order(state: State) -> tuple[int, ...]:
    """The Memory cards in the order they are drawn: the active hand, then the pile."""
    phase = state.phase
    assert isinstance(phase, Composing)
    return phase.hand + state.memory


def turn(state: State, *, right: bool, keep: int = 2) -> State:
    """One whole turn: the active keeps ``keep`` cards, the deciding answers rightly or
    wrongly, the table confirms."""
    phase = state.phase
    assert isinstance(phase, Composing)
    active, deciding = state.active, state.deciding
    state = play(state, *(Keep(active, card) for card in phase.hand[:keep]), Done(active))
    word = choice(state) if right else choice(state) % 5 + 1
    return play(state, Decide(deciding, word), ConfirmReveal())


def twist(personalities: Sequence[int], *, reason: bool = False) -> State:
    """The first vote of a Final Twist that three (four) failures triggered."""
    failures = 4 if reason else 3
    state = arrange(personalities, reason=reason, failures=failures - 1)
    players = len(personalities)
    assert state.idea is not None and isinstance(state.phase, Composing)
    state = attrs.evolve(state, phase=FinalTwist(frozenset(range(players)), False,
                                                 (None,) * players),
                         idea=None, failures=(*state.failures, state.idea),
                         memory=state.phase.hand + state.memory, twist_trigger="failures")
    GAME.validate(state)
    return state


def vote(state: State, ballots: Mapping[int, int]) -> State:
    for seat, target in ballots.items():
        state = GAME.apply(state, Accuse(seat, target))
    return state


def assert_refused(state: State, action: object, *words: str) -> None:
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, action)
    assert state == before
    for word in words:
        assert word in str(caught.value)


S1, S2, S3, S4, S5 = SECONDARIES[:5]
FIVE = (S1, DANY, S2, S3, S4)  # seat 1 is Dany
FIVE_REASON = (S1, DANY, S2, REASON, S3)  # seat 1 is Dany, seat 3 the Reason


# -- Contents -----------------------------------------------------------------------------------


def test_contents_30_memory_20_idea_9_personality_and_5_choice_cards() -> None:
    config = Config(players=4)
    assert config.deck_sizes() == (30, 20)
    assert len(config.words()) == 20 and all(len(card) == 5 for card in config.words())
    assert len({DANY, REASON, *SECONDARIES}) == 9 and len(SECONDARIES) == 7
    assert CHOICES == (1, 2, 3, 4, 5)
    state = GAME.setup(config, 1)
    assert len(drawn_order(state)) + len(state.box) == 30
    assert len(state.ideas) + 1 == 20


# -- Setup ------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(3, 9))
def test_setup_deals_players_minus_one_secondaries_and_dany(players: int) -> None:
    state = GAME.setup(Config(players=players), 1)
    cards = sorted(state.personalities)
    assert cards.count(DANY) == 1 and REASON not in cards
    assert sum(is_secondary(card) for card in cards) == players - 1
    assert len(set(cards)) == players


@pytest.mark.parametrize("players", range(3, 10))
def test_reason_setup_deals_players_minus_two_secondaries_dany_and_the_reason(
        players: int) -> None:
    state = GAME.setup(Config(players=players, danys_reason=True), 1)
    cards = state.personalities
    assert DANY in cards and REASON in cards
    assert sum(is_secondary(card) for card in cards) == players - 2


@pytest.mark.parametrize("bad", [{"players": 2}, {"players": 9},
                                 {"players": 2, "danys_reason": True},
                                 {"players": 10, "danys_reason": True},
                                 {"players": 4, "first_active": 4},
                                 {"players": 4, "memory_cards": 6},
                                 {"players": 4, "memory_cards": 1001},
                                 {"players": 4, "memory_cards": 2**64},
                                 {"players": 4, "idea_cards": 0},
                                 {"players": 4, "idea_cards": 21},
                                 {"players": 4, "idea_words": (("a", "b", "c", "d"),)}])
def test_spec_config_is_validated(bad: dict[str, object]) -> None:
    with pytest.raises(InvalidConfig):
        Config(**bad)  # type: ignore[arg-type]


def test_setup_the_personality_cards_are_shuffled_and_dealt_one_per_player() -> None:
    dany_seats = set()
    for seed in range(20):
        state = GAME.setup(Config(players=5), seed)
        assert len(state.personalities) == 5 and len(set(state.personalities)) == 5
        dany_seats.add(state.personalities.index(DANY))
    assert dany_seats == set(range(5))  # the deal is shuffled: Dany may sit anywhere


def test_setup_the_memory_cards_are_shuffled_into_a_face_down_deck() -> None:
    orders = set()
    for seed in range(8):
        state = GAME.setup(Config(players=4), seed)
        order = drawn_order(state)
        assert sorted(order) == list(range(30)) and order != tuple(range(30))
        assert drawn_order(GAME.setup(Config(players=4), seed)) == order  # seeded
        assert GAME.view(state, 1).hand == ()  # face down: only the active seat sees its 7
        orders.add(order)
    assert len(orders) == 8  # each seed deals its own order


def test_setup_the_first_active_and_the_deciding_personality_on_its_right() -> None:
    state = GAME.setup(Config(players=5, first_active=2), 3)
    assert state.active == 2 and state.deciding == 1
    assert GAME.to_act(state) == {2, TABLE}


def test_setup_each_seat_sees_only_its_own_personality() -> None:
    state = GAME.setup(Config(players=4), 8)
    for seat in range(4):
        seen = GAME.view(state, seat)
        assert seen.personality == state.personalities[seat] and seen.revealed == ()
    assert GAME.view(state, None).personality is None


# -- 1.-3. The active personality gets ready, focuses and creates ----------------------------


def test_1_getting_ready_flips_an_idea_takes_a_secret_choice_and_seven_memory_cards() -> None:
    state = GAME.setup(Config(players=4), 2)
    phase = state.phase
    assert isinstance(phase, Composing) and len(phase.hand) == 7 and phase.kept == ()
    assert phase.choice in range(1, 6) and state.idea is not None
    assert len(state.memory) == 30 - 7 and len(state.ideas) == 19
    mine, theirs = GAME.view(state, 0), GAME.view(state, 1)
    assert mine.hand == phase.hand and mine.choice == phase.choice
    assert theirs.hand == () and theirs.hand_size == 7 and theirs.choice is None
    assert theirs.idea_words == mine.idea_words and len(theirs.idea_words) == 5


def test_1_the_choice_cards_are_shuffled_every_turn() -> None:
    firsts = {choice(GAME.setup(Config(players=4), seed)) for seed in range(30)}
    assert firsts == set(CHOICES)
    state, seen = GAME.setup(Config(players=4), 3), []
    for _ in range(12):  # one game: the target word changes from turn to turn
        seen.append(choice(state))
        state = play(state, Invalidate())
    assert len(set(seen)) > 1


def test_1_the_active_personality_draws_the_first_seven_memory_cards() -> None:
    answered = play(GAME.setup(Config(players=4), 2), Done(0), Decide(3, 1))
    pile = answered.memory
    rng = Rng.from_seed(11)
    shuffled, _ = rng.shuffle(pile)  # the Next Turn Setup's shuffle, then the draw
    after = play(attrs.evolve(answered, rng=rng), ConfirmReveal())
    phase = after.phase
    assert isinstance(phase, Composing)
    assert phase.hand == shuffled[:HAND] and after.memory == shuffled[HAND:]


def test_2_the_unused_cards_go_back_on_top_of_the_memory_pile() -> None:
    state = GAME.setup(Config(players=4), 2)
    phase = state.phase
    assert isinstance(phase, Composing)
    kept, unused = phase.hand[:3], phase.hand[3:]
    after = play(state, *(Keep(0, card) for card in kept), Done(0, "a tower"))
    assert after.memory[:4] == unused and len(after.memory) == 23 + 4
    assert isinstance(after.phase, Discussing) and after.phase.kept == kept
    assert after.phase.layout == "a tower"


def test_2_any_number_from_zero_to_seven_cards_may_be_used() -> None:
    state = GAME.setup(Config(players=4), 2)
    assert isinstance(play(state, Done(0)).phase, Discussing)
    phase = state.phase
    assert isinstance(phase, Composing)
    full = play(state, *(Keep(0, card) for card in phase.hand))
    assert isinstance(full.phase, Composing) and len(full.phase.kept) == 7
    assert list(GAME.legal_actions(full, 0)) == [Done(0, "")]


def test_3_the_creation_is_public_once_laid_out() -> None:
    state = GAME.setup(Config(players=4), 2)
    phase = state.phase
    assert isinstance(phase, Composing)
    laying = play(state, Keep(0, phase.hand[0]))
    assert GAME.view(laying, 2).kept == () and GAME.view(laying, 2).kept_size == 1
    done = play(laying, Done(0))
    assert GAME.view(done, 2).kept == (phase.hand[0],)
    assert GAME.view(done, 2).choice is None  # still the active personality's secret


def test_3_the_cards_are_laid_out_as_the_active_personality_sees_fit() -> None:
    state = GAME.setup(Config(players=4), 2)
    phase = state.phase
    assert isinstance(phase, Composing)
    order = (phase.hand[5], phase.hand[0], phase.hand[3])  # not the hand's order
    done = play(state, *(Keep(0, card) for card in order), Done(0, "0 over 5, 3 apart"))
    seen = GAME.view(done, 1)
    assert seen.kept == order and seen.layout == "0 over 5, 3 apart"
    assert GAME.to_act(done) == {3, TABLE}  # sent: the others think, the active waits


def test_4_the_creation_cannot_be_touched_until_the_end_of_the_turn() -> None:
    state = GAME.setup(Config(players=4), 2)
    phase = state.phase
    assert isinstance(phase, Composing)
    kept = phase.hand[:2]
    sent = play(state, *(Keep(0, card) for card in kept), Done(0))
    assert list(GAME.legal_actions(sent, 0)) == []
    assert_refused(sent, Keep(0, phase.hand[2]), "discussion")
    assert_refused(sent, Done(0), "discussion")
    answered = play(sent, Decide(3, 2))
    assert isinstance(answered.phase, Revealing) and answered.phase.kept == kept
    assert play(answered, ConfirmReveal()).box == kept  # the end of the turn: the box


def test_2_only_the_active_personality_lays_out_its_own_cards() -> None:
    state = GAME.setup(Config(players=4), 2)
    phase = state.phase
    assert isinstance(phase, Composing)
    assert_refused(state, Keep(1, phase.hand[0]), "active")
    assert_refused(state, Keep(0, state.memory[0]), "not in the active")
    assert_refused(state, Done(2), "active")


# -- 4. Communication invalidates the turn -----------------------------------------------------


def test_4_the_table_may_invalidate_the_turn_while_composing() -> None:
    state = GAME.setup(Config(players=4), 2)
    phase = state.phase
    assert isinstance(phase, Composing)
    laying = play(state, Keep(0, phase.hand[0]))
    after = play(laying, Invalidate())
    assert after.voided == (state.idea,) and after.successes == after.failures == ()
    assert phase.hand[0] in after.box  # laid out: used
    assert all(card in after.memory or card in after.phase.hand  # type: ignore[union-attr]
               for card in phase.hand[1:])  # unused: back in the pile
    assert after.active == 1 and after.deciding == 0


def test_4_the_table_may_invalidate_the_turn_during_the_discussion() -> None:
    state = play(GAME.setup(Config(players=4), 2), Done(0))
    assert GAME.to_act(state) == {3, TABLE} and not GAME.is_simultaneous(state)
    after = play(state, Invalidate())
    assert len(after.voided) == 1 and after.active == 1


def test_4_no_invalidation_after_the_final_answer() -> None:
    state = play(GAME.setup(Config(players=4), 2), Done(0), Decide(3, 1))
    assert_refused(state, Invalidate(), "reveal")
    assert_refused(play(GAME.setup(Config(players=4), 2), Done(0)), Invalidate(2), "table")


# -- 5. The deciding personality ---------------------------------------------------------------


def test_5_only_the_deciding_personality_gives_the_final_answer() -> None:
    state = play(GAME.setup(Config(players=4, first_active=1), 2), Done(1))
    assert state.deciding == 0
    assert [a for a in GAME.legal_actions(state, 0)] == [Decide(0, w) for w in range(1, 6)]
    assert_refused(state, Decide(2, 1), "deciding")
    assert_refused(state, Decide(0, 6), "1 to 5")
    assert_refused(state, Decide(0, 2.0), "1 to 5")  # type: ignore[arg-type]


def test_5_the_deciding_personalitys_choice_is_final() -> None:
    state = play(GAME.setup(Config(players=4), 2), Done(0), Decide(3, 4))
    assert isinstance(state.phase, Revealing) and state.phase.word == 4
    assert GAME.to_act(state) == {TABLE}
    assert_refused(state, Decide(3, 2), "reveal")
    assert list(GAME.legal_actions(state, 3)) == []


# -- 6. The reveal -------------------------------------------------------------------------------


def test_6_a_right_answer_is_a_success() -> None:
    state = turn(arrange(FIVE), right=True)
    assert len(state.successes) == 1 and state.failures == ()


def test_6_a_wrong_answer_is_a_failure() -> None:
    state = turn(arrange(FIVE), right=False)
    assert len(state.failures) == 1 and state.successes == ()


def test_6_the_choice_card_is_revealed_after_the_answer() -> None:
    state = play(GAME.setup(Config(players=4), 2), Done(0), Decide(3, 2))
    assert GAME.to_act(state) == {TABLE}
    assert list(GAME.legal_actions(state, TABLE)) == [ConfirmReveal(), ExplanationFailed()]
    assert GAME.view(state, 1).choice == choice(state) and GAME.view(state, 1).word == 2


def test_rules_for_the_active_personality_an_unexplained_success_scores_nothing() -> None:
    state = play(GAME.setup(Config(players=4), 2), Done(0))
    state = play(state, Decide(3, choice(state)), ExplanationFailed())
    assert state.successes == () and state.failures == () and len(state.voided) == 1


def test_rules_for_the_active_personality_an_unexplained_failure_stays_a_failure() -> None:
    state = play(GAME.setup(Config(players=4), 2), Done(0))
    state = play(state, Decide(3, choice(state) % 5 + 1), ExplanationFailed())
    assert len(state.failures) == 1


# -- Next Turn Setup --------------------------------------------------------------------------


def test_next_turn_setup_used_cards_go_to_the_box() -> None:
    state = GAME.setup(Config(players=4), 2)
    phase = state.phase
    assert isinstance(phase, Composing)
    after = turn(state, right=True, keep=3)
    assert after.box == phase.hand[:3]
    assert len(after.memory) + 7 == 30 - 3
    assert not set(after.box) & set(after.memory)  # they won't be used anymore


def test_next_turn_setup_the_memory_pile_is_shuffled() -> None:
    composed = play(GAME.setup(Config(players=4), 2), Done(0))
    phase = composed.phase
    assert isinstance(phase, Discussing)
    pile = composed.memory  # the 7 unused cards on top, then the rest
    answered = play(composed, Decide(3, 1))
    orders = set()
    for seed in range(6):
        # The shuffle is drawn from the state's rng: another rng, another order.
        reseeded = attrs.evolve(answered, rng=Rng.from_seed(seed))
        order = drawn_order(play(reseeded, ConfirmReveal()))
        assert sorted(order) == sorted(pile) and order != pile
        assert order[:HAND] != pile[:HAND]  # the unused cards put back on top moved
        orders.add(order)
    assert len(orders) == 6
    again = drawn_order(play(attrs.evolve(answered, rng=Rng.from_seed(0)), ConfirmReveal()))
    assert again in orders  # seeded: the same rng gives the same order


def test_next_turn_setup_the_active_becomes_deciding_and_the_left_seat_active() -> None:
    state = GAME.setup(Config(players=4, first_active=3), 2)
    after = turn(state, right=True)
    assert after.deciding == 3 and after.active == 0  # the left of seat 3 is seat 0
    assert after.turn == 2


# -- End of Game --------------------------------------------------------------------------------


def test_end_six_successes_and_the_secondaries_win() -> None:
    state = turn(arrange(FIVE, successes=5), right=True)
    assert GAME.is_terminal(state)
    result = GAME.outcome(state)
    assert result.reason == "six_successes" and result.scores is None
    assert result.winners == {0, 2, 3, 4}


def test_end_the_reason_loses_with_dany_on_six_successes() -> None:
    state = turn(arrange(FIVE_REASON, reason=True, successes=5), right=True)
    assert GAME.outcome(state).winners == {0, 2, 4}


def test_end_the_third_failure_triggers_the_final_twist() -> None:
    state = turn(arrange(FIVE, failures=1), right=False)
    assert isinstance(state.phase, Composing)
    state = turn(state, right=False)
    assert isinstance(state.phase, FinalTwist) and state.twist_trigger == "failures"
    assert GAME.is_simultaneous(state) and GAME.to_act(state) == set(range(5))


def test_reason_three_players_may_play_it_the_rulebook_only_advises_four_or_more() -> None:
    # "We advise you to play with Dany's Reason in games of 4 players or more": advice,
    # not a rule. Three seats are Dany, Dany's Reason and one secondary personality.
    config = Config(players=3, danys_reason=True)
    state = GAME.setup(config, 6)
    assert sorted(state.personalities) == sorted((DANY, REASON, SECONDARIES[0]))
    assert config.failures_to_twist() == 4
    secondary = state.personalities.index(SECONDARIES[0])
    for _ in range(4):
        state = turn(state, right=False)
    assert isinstance(state.phase, FinalTwist) and state.twist_trigger == "failures"
    reason = state.personalities.index(REASON)
    others = {seat: secondary if seat != secondary else reason for seat in range(3)}
    result = GAME.outcome(vote(state, others))  # the secondary is designated
    assert result.reason == "not_dany_designated"
    assert result.winners == {state.personalities.index(DANY), reason}


def test_reason_it_takes_four_failures_to_trigger_the_final_twist() -> None:
    state = turn(arrange(FIVE_REASON, reason=True, failures=2), right=False)
    assert isinstance(state.phase, Composing)
    state = turn(state, right=False)
    assert isinstance(state.phase, FinalTwist)


def test_end_fewer_than_seven_memory_cards_triggers_the_final_twist() -> None:
    state = arrange(FIVE, memory=7)  # 7 in the hand, 7 left in the pile
    state = turn(state, right=True, keep=7)  # all 7 used: a new hand still fits
    assert isinstance(state.phase, Composing) and len(state.memory) == 0
    state = turn(state, right=True, keep=1)  # 6 unused go back: fewer than 7
    assert isinstance(state.phase, FinalTwist) and state.twist_trigger == "memory"


def test_end_six_successes_is_checked_before_fewer_than_seven_memory_cards() -> None:
    # End of Game lists "6 correct answers" first: the secondaries win at once, no
    # Final Twist, although the pile is down to 3 cards.
    state = arrange(FIVE, successes=5, memory=0)  # 7 in the hand, the pile is empty
    state = turn(state, right=True, keep=4)  # 3 unused cards go back to the pile
    assert len(state.memory) == 3 and len(state.successes) == 6
    result = GAME.outcome(state)
    assert result.reason == "six_successes" and result.winners == {0, 2, 3, 4}
    assert state.twist_trigger == ""


def test_spec_end_checks_failures_then_memory_then_the_idea_deck() -> None:
    # Both failures and memory hold: the Final Twist is for the failures.
    state = turn(arrange(FIVE, failures=2, memory=0), right=False, keep=4)
    assert isinstance(state.phase, FinalTwist) and state.twist_trigger == "failures"
    # Memory and an empty Idea deck both hold: the Final Twist is for the memory.
    words = (("a", "b", "c", "d", "e"),)
    state = arrange(FIVE, memory=0, config=Config(players=5, idea_words=words))
    state = turn(state, right=True, keep=4)
    assert isinstance(state.phase, FinalTwist) and state.twist_trigger == "memory"


def test_spec_twenty_invalidated_turns_empty_the_idea_deck_with_the_defaults() -> None:
    state = GAME.setup(Config(players=4), 3)
    assert state.config.deck_sizes() == (30, 20)
    for _ in range(19):
        state = play(state, Invalidate())  # nothing laid out: every Memory card returns
        assert isinstance(state.phase, Composing)
    assert state.ideas == () and len(state.memory) + HAND == 30
    state = play(state, Invalidate())
    assert isinstance(state.phase, FinalTwist) and state.twist_trigger == "ideas"
    assert len(state.voided) == 20 and state.successes == state.failures == ()


def test_spec_an_empty_idea_deck_triggers_the_final_twist() -> None:
    words = (("a", "b", "c", "d", "e"),)
    state = GAME.setup(Config(players=3, idea_words=words), 4)
    state = turn(state, right=True)
    assert isinstance(state.phase, FinalTwist) and state.twist_trigger == "ideas"


# -- Final Twist (base game) ----------------------------------------------------------------


def test_final_twist_designating_dany_makes_the_secondaries_win() -> None:
    state = vote(twist(FIVE), {0: 1, 1: 2, 2: 1, 3: 1, 4: 1})
    result = GAME.outcome(state)
    assert result.reason == "dany_designated" and result.winners == {0, 2, 3, 4}
    assert state.last_accusation is not None and state.last_accusation.tied == {1}


def test_final_twist_designating_a_secondary_makes_dany_win() -> None:
    state = vote(twist(FIVE), {0: 2, 1: 2, 2: 1, 3: 2, 4: 2})
    result = GAME.outcome(state)
    assert result.reason == "not_dany_designated" and result.winners == {1}


def test_final_twist_tie_dany_among_the_revealed_wins() -> None:
    state = vote(twist(FIVE), {0: 2, 1: 3, 2: 3, 3: 2, 4: 0})  # seats 2 and 3 tie
    result = GAME.outcome(state)
    assert result.reason == "dany_revealed_in_tie" and result.winners == {1}


def test_final_twist_tie_the_others_reveal_then_the_tied_are_voted_again() -> None:
    state = vote(twist(FIVE), {0: 1, 1: 2, 2: 1, 3: 2, 4: 0})  # seats 1 and 2 tie
    phase = state.phase
    assert isinstance(phase, FinalTwist) and phase.revote and phase.candidates == {1, 2}
    assert state.revealed == {0, 3, 4}  # the tied keep their cards face down
    assert_refused(state, Accuse(1, 1), "themselves")
    assert_refused(state, Accuse(0, 3), "tied")
    assert list(GAME.legal_actions(state, 1)) == [Accuse(1, 2)]
    final = vote(state, {0: 1, 1: 2, 2: 1, 3: 1, 4: 2})
    assert GAME.outcome(final).winners == {0, 2, 3, 4}  # Dany designated on the re-vote


def test_final_twist_a_second_tie_makes_dany_win() -> None:
    state4 = vote(twist((S1, DANY, S2, S3)), {0: 1, 1: 0, 2: 1, 3: 0})  # seats 0 and 1 tie
    assert isinstance(state4.phase, FinalTwist) and state4.phase.candidates == {0, 1}
    second = vote(state4, {0: 1, 1: 0, 2: 1, 3: 0})
    result = GAME.outcome(second)
    assert result.reason == "second_tie" and result.winners == {1}


def test_spec_majority_means_the_most_votes_a_plurality_designates() -> None:
    # Seat 1 has 2 votes of 5, not more than half, but more than any other seat.
    state = vote(twist(FIVE), {0: 1, 1: 2, 2: 1, 3: 4, 4: 3})
    assert state.last_accusation is not None and state.last_accusation.tied == {1}
    result = GAME.outcome(state)
    assert result.reason == "dany_designated" and result.winners == {0, 2, 3, 4}
    plurality = vote(twist(FIVE), {0: 2, 1: 2, 2: 1, 3: 4, 4: 3})  # a secondary, 2 of 5
    assert GAME.outcome(plurality).reason == "not_dany_designated"


def test_spec_nobody_points_at_themselves() -> None:
    state = twist(FIVE)
    assert_refused(state, Accuse(2, 2), "themselves")
    assert Accuse(2, 2) not in set(GAME.legal_actions(state, 2))
    assert len(list(GAME.legal_actions(state, 2))) == 4


def test_spec_final_twist_ballots_are_hidden_until_all_are_in() -> None:
    state = vote(twist(FIVE), {0: 1, 3: 2})
    assert GAME.view(state, 0).ballot == 1 and GAME.view(state, 4).ballot is None
    assert GAME.view(state, 4).voted == {0, 3}
    assert GAME.to_act(state) == {1, 2, 4}


# -- Additional Rules: Dany's Reason ----------------------------------------------------------


def test_reason_a_designated_secondary_makes_dany_and_the_reason_win() -> None:
    state = vote(twist(FIVE_REASON, reason=True), {0: 2, 1: 2, 2: 0, 3: 2, 4: 2})
    result = GAME.outcome(state)
    assert result.reason == "not_dany_designated" and result.winners == {1, 3}


def test_reason_designating_the_reason_makes_dany_and_the_reason_win() -> None:
    state = vote(twist(FIVE_REASON, reason=True), {0: 3, 1: 3, 2: 3, 3: 2, 4: 3})
    assert GAME.outcome(state).winners == {1, 3}


def test_reason_designating_dany_makes_the_secondaries_win() -> None:
    state = vote(twist(FIVE_REASON, reason=True), {0: 1, 1: 0, 2: 1, 3: 0, 4: 1})
    assert GAME.outcome(state).winners == {0, 2, 4}


def test_reason_tie_is_dany_not_in_the_tied_then_dany_is_revealed_and_wins() -> None:
    state = vote(twist(FIVE_REASON, reason=True), {0: 2, 1: 4, 2: 4, 3: 2, 4: 0})
    result = GAME.outcome(state)
    assert result.reason == "dany_not_in_tie" and result.winners == {1, 3}


def test_reason_tie_with_dany_among_the_tied_nobody_reveals_and_they_are_voted_again() -> None:
    state = vote(twist(FIVE_REASON, reason=True), {0: 1, 1: 2, 2: 1, 3: 2, 4: 0})
    phase = state.phase
    assert isinstance(phase, FinalTwist) and phase.revote and phase.candidates == {1, 2}
    assert state.revealed == frozenset()
    final = vote(state, {0: 2, 1: 2, 2: 1, 3: 2, 4: 2})
    assert GAME.outcome(final).winners == {1, 3}  # a secondary designated


def test_reason_a_second_tie_makes_dany_and_the_reason_win() -> None:
    again = vote(twist((S1, DANY, REASON, S2), reason=True), {0: 1, 1: 0, 2: 1, 3: 0})
    second = vote(again, {0: 1, 1: 0, 2: 1, 3: 0})
    result = GAME.outcome(second)
    assert result.reason == "second_tie" and result.winners == {1, 2}


# -- Variant and custom cards -------------------------------------------------------------------


@pytest.mark.parametrize("memory", [30, 35, 40, 60, 1000])
def test_variant_more_memory_cards(memory: int) -> None:
    state = GAME.setup(Config(players=4, memory_cards=memory), 1)
    assert len(state.memory) == memory - 7


def test_spec_custom_idea_words() -> None:
    words = tuple(tuple(f"w{card}-{n}" for n in range(1, 6)) for card in range(3))
    state = GAME.setup(Config(players=3, idea_words=words), 1)
    assert GAME.view(state, 0).idea_words[0].startswith("w")
    assert len(state.ideas) == 2


def test_spec_at_the_end_every_personality_card_is_turned_up() -> None:
    state = vote(twist(FIVE), {0: 1, 1: 2, 2: 1, 3: 1, 4: 1})
    assert GAME.view(state, 0).revealed == tuple(enumerate(FIVE))


# -- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize("action", [
    Keep(-1, 0), Keep("0", 0), Done(TABLE), Decide(0, 1), ConfirmReveal(),  # type: ignore[arg-type]
    ExplanationFailed(), Accuse(0, 1), Invalidate(0),
])
def test_spec_forged_and_out_of_phase_actions_are_refused(action: object) -> None:
    assert_refused(GAME.setup(Config(players=4), 2), action)


def test_spec_the_idea_deck_is_shuffled() -> None:
    decks = set()
    for seed in range(10):
        state = GAME.setup(Config(players=4), seed)
        assert state.idea is not None
        deck = (state.idea, *state.ideas)
        assert sorted(deck) == list(range(20))
        decks.add(deck)
    assert len(decks) == 10 and tuple(range(20)) not in decks


def test_spec_the_memory_pile_and_the_box_are_seen_as_counts_only() -> None:
    state = turn(GAME.setup(Config(players=4), 2), right=True, keep=3)
    fields = {field.name for field in attrs.fields(type(GAME.view(state, 0)))}
    assert not {"memory", "box", "ideas"} & fields
    for seat in (0, 1, None):
        seen = GAME.view(state, seat)
        assert (seen.memory_size, seen.box_size, seen.ideas_size) == (
            len(state.memory), len(state.box), len(state.ideas))


def test_spec_a_determinized_state_hides_the_choice_and_the_hand() -> None:
    state = play(GAME.setup(Config(players=5), 9), Done(0))
    for seat in range(5):
        sampled = GAME.determinize(state, seat, random.Random(seat))
        assert GAME.view(sampled, seat) == GAME.view(state, seat)
        assert sampled.personalities[seat] == state.personalities[seat]


@pytest.mark.parametrize("players", [3, 9])
def test_spec_the_kit_invariants_hold_with_the_reason_at_the_player_count_limits(
        players: int) -> None:
    # The shared invariant run draws configs up to Game.max_players (8, the default
    # config's limit); nine seats exist only with Dany's Reason, so they are checked here.
    config = Config(players=players, danys_reason=True)
    reasons = set()
    for seed in range(12):
        playthrough = testing.play_random(GAME, config, seed)
        testing.check_all(GAME, playthrough)
        reasons.add(GAME.outcome(playthrough.states[-1]).reason)
    assert reasons and reasons <= {"six_successes", "dany_designated", "not_dany_designated",
                                   "dany_not_in_tie", "second_tie"}


def test_reason_a_determinized_re_vote_keeps_dany_among_the_tied() -> None:
    state = vote(twist(FIVE_REASON, reason=True), {0: 1, 1: 2, 2: 1, 3: 2, 4: 0})
    phase = state.phase
    assert isinstance(phase, FinalTwist) and phase.candidates == {1, 2}
    rng = random.Random(7)
    for seat in (0, 2, 3, 4):  # everyone but Dany
        for _ in range(25):
            sampled = GAME.determinize(state, seat, rng)
            assert sampled.personalities.index(DANY) in phase.candidates
            assert GAME.view(sampled, seat) == GAME.view(state, seat)
