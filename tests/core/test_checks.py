"""partyrules.core.invariants: the per-state checks the kit and the explorer share, each
raising Broken with its check's name, its message and the trail into the fault."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import partyrules
from partyrules.core import invariants
from partyrules.core.invariants import Broken
from partyrules.core.probing import action_key, constructed_actions, nearby_actions

DINNER = partyrules.get_game("dinner")
CONFIG = DINNER.Config(players=4)


def _voting_state() -> Any:
    """The first state of a seeded Dinner game at which several seats vote at once."""
    state = DINNER.setup(CONFIG, 1)
    rng = random.Random(0)
    while not (DINNER.is_simultaneous(state) and len(DINNER.to_act(state)) > 1):
        seat = sorted(DINNER.to_act(state))[0]
        state = DINNER.apply(state, DINNER.random_action(state, seat, rng))
    return state


def _broken(call: Any, *args: Any, **options: Any) -> Broken:
    with pytest.raises(Broken) as info:
        call(*args, **options)
    return info.value


def test_a_healthy_state_passes_every_check() -> None:
    state = _voting_state()
    acting = DINNER.to_act(state)
    invariants.check_valid(DINNER, state)
    invariants.check_properties(DINNER, state)
    assert invariants.check_ending(DINNER, state, acting, 4) is None
    invariants.check_conservation(DINNER, state, invariants.inventory(DINNER, state))
    seen: set[Any] = set()
    invariants.check_round_trip(DINNER, state, 4, seen=seen)
    assert len(seen) == 5 and state not in seen  # the views, never the state
    invariants.check_no_leak(DINNER, state, 4, random.Random(1))
    listed = {seat: list(DINNER.legal_actions(state, seat)) for seat in sorted(acting)}
    for seat, options in listed.items():
        invariants.check_listing(seat, acting, options)
        keys = {action_key(a) for a in options}
        invariants.check_random_action(DINNER, state, seat, random.Random(2), keys)
    everything = [a for options in listed.values() for a in options]
    candidates = invariants.refusal_candidates(DINNER, state, everything, random.Random(3),
                                               2, keep=4, previous=everything[:1])
    assert len(candidates) <= 9 and candidates[-1] is everything[0]
    invariants.check_refusal(DINNER, state, candidates,
                             {action_key(a) for a in everything})
    first, second = sorted(acting)[:2]
    invariants.check_commute(DINNER, state, {first: listed[first][0],
                                             second: listed[second][-1]},
                             [(first, second), (second, first)])


def test_a_listed_action_that_is_refused_names_the_callers_word() -> None:
    state = _voting_state()
    seat = min(DINNER.to_act(state))
    action = next(DINNER.legal_actions(state, seat))
    after = DINNER.apply(state, action)
    broken = _broken(invariants.apply_listed, DINNER, after, action, "enumerated")
    assert broken.check == "listing" and broken.trail == (action,)
    assert broken.message.startswith(f"enumerated {action!r} was refused: ")
    assert isinstance(broken.__cause__, partyrules.IllegalAction)


def test_an_action_accepted_though_not_listed_is_a_refusal_fault() -> None:
    state = _voting_state()
    seat = min(DINNER.to_act(state))
    action = next(DINNER.legal_actions(state, seat))
    broken = _broken(invariants.check_refusal, DINNER, state, [action], set())
    assert (broken.check, broken.trail) == ("refusal", (action,))
    assert broken.message.endswith("was accepted but is not listed")
    kit = _broken(invariants.check_refusal, DINNER, state, [action], set(), "enumerated")
    assert kit.message.endswith("was accepted but is not enumerated")


def test_a_seat_with_actions_out_of_turn_leads_the_trail_to_its_first() -> None:
    state = _voting_state()
    seat = min(DINNER.to_act(state))
    options = list(DINNER.legal_actions(state, seat))
    broken = _broken(invariants.check_listing, seat, frozenset(), options)
    assert broken.message == f"seat {seat} is not to act but has actions"
    assert broken.trail == (options[0],)
    repeated = _broken(invariants.check_listing, seat, {seat}, options[:1] * 2)
    assert repeated.message == f"seat {seat}'s legal actions repeat"


def test_choices_that_do_not_commute_give_both_orders_and_the_first_as_trail() -> None:
    state = _voting_state()
    first, second = sorted(DINNER.to_act(state))[:2]
    a = next(DINNER.legal_actions(state, first))
    b = next(DINNER.legal_actions(state, second))

    def order_dependent(before: Any, action: Any) -> Any:
        after = DINNER.apply(before, action)
        if action == b and before == state:  # b cast first counts differently
            return attrs.evolve(after, turn=after.turn + 1)
        return after

    game = attrs.evolve(DINNER, apply=order_dependent)
    broken = _broken(invariants.check_commute, game, state, {first: a, second: b},
                     [(first, second), (second, first)])
    assert broken.check == "commute" and broken.trail == (a, b)
    assert "do not commute" in broken.message
    assert f"orders {[first, second]} and {[second, first]}" in broken.message
    # The explorer's successors stand for each order's first action.
    after = {a: game.apply(state, a), b: game.apply(state, b)}
    again = _broken(invariants.check_commute, game, state, {first: a, second: b},
                    [(first, second), (second, first)], after)
    assert again.message == broken.message


def _pair_verdicts(game: Any, state: Any, first: int, second: int) -> list[str | None]:
    """check_commute's verdict on each pair of the two seats' choices, in order."""
    after = {a: game.apply(state, a) for seat in (first, second)
             for a in DINNER.legal_actions(state, seat)}
    verdicts: list[str | None] = []
    for a in DINNER.legal_actions(state, first):
        for b in DINNER.legal_actions(state, second):
            try:
                invariants.check_commute(game, state, {first: a, second: b},
                                         [(first, second), (second, first)], after)
                verdicts.append(None)
            except Broken as broken:
                verdicts.append(f"{broken.check}: {broken.message} {broken.trail}")
    return verdicts


@pytest.mark.parametrize("fault", ["none", "order", "refusal"])
def test_commuting_pairs_meet_the_pair_check_commute_meets_first(fault: str) -> None:
    state = _voting_state()
    first, second = sorted(DINNER.to_act(state))[:2]
    firsts = list(DINNER.legal_actions(state, first))
    seconds = list(DINNER.legal_actions(state, second))
    a, b = firsts[-1], seconds[-1]  # the last pair: every pair before it is checked first

    def faulty(before: Any, action: Any) -> Any:
        after = DINNER.apply(before, action)
        if before != state and action == (a if fault == "refusal" else b):
            if fault == "refusal" and before == DINNER.apply(state, b):
                raise partyrules.IllegalAction("a seeded refusal")
            if fault == "order" and before == DINNER.apply(state, a):
                return attrs.evolve(after, turn=after.turn + 1)
        return after

    game = attrs.evolve(DINNER, apply=faulty)
    expected = next((verdict for verdict in _pair_verdicts(game, state, first, second)
                     if verdict is not None), None)
    after = {action: game.apply(state, action) for action in (*firsts, *seconds)}
    ahead: dict[Any, dict[Any, Any]] = {action: {} for action in after}
    try:
        invariants.check_commuting_pairs(game, state, first, second, firsts, seconds, after,
                                         ahead)
        found = None
    except Broken as broken:
        found = f"{broken.check}: {broken.message} {broken.trail}"
    assert found == expected and (expected is None) == (fault == "none")
    if fault == "none":
        # Every state two choices lead to is held for the search, each the rules' own.
        assert ahead[a][b] == game.apply(game.apply(state, a), b)
        assert ahead[b][a] == game.apply(game.apply(state, b), a)


def test_an_ending_with_seats_to_act_and_a_bad_outcome_are_ending_faults() -> None:
    state = DINNER.setup(CONFIG, 1)
    ended = attrs.evolve(DINNER, is_terminal=lambda state: True)
    broken = _broken(invariants.check_ending, ended, state, DINNER.to_act(state), 4)
    assert broken.check == "ending" and "is_terminal is True" in broken.message
    outcome = partyrules.Outcome(frozenset({7}), None, "a reason")
    assert "winners [7] are not seats" in _broken(invariants.check_outcome, outcome,
                                                   4).message
    won = partyrules.Outcome(frozenset({1}), (0, 3, 1, 1), "won")
    assert invariants.check_outcome(won, 4) is won


def test_a_rule_that_crashes_while_refusing_names_the_exception_and_its_line() -> None:
    state = DINNER.setup(CONFIG, 1)

    def crashing(state: Any, action: Any) -> Any:
        raise ZeroDivisionError("a slip")

    action = next(DINNER.legal_actions(state, min(DINNER.to_act(state))))
    broken = _broken(invariants.check_refusal, attrs.evolve(DINNER, apply=crashing), state,
                     [action], set())
    assert broken.check == "refusal" and broken.trail == (action,)
    assert broken.message.startswith(f"ZeroDivisionError while applying {action!r}: a slip (")
    assert "test_checks.py:" in broken.message


def _candidates_built_first(game: Any, state: Any, listed: list[Any], rng: random.Random,
                            near: int, keep: int) -> list[Any]:
    """The refusal candidates as the revision before drew them: every one built, then a
    sample kept."""
    nearby = list(nearby_actions(rng, state, listed, near))
    built = list(constructed_actions(game, rng, state, listed))
    return [*rng.sample(nearby, min(keep, len(nearby))),
            *rng.sample(built, min(keep, len(built)))]


@attrs.frozen(slots=True)
class _Checked:
    """An action class whose construction runs code (a validator): built where drawn."""

    seat: int = attrs.field(validator=attrs.validators.instance_of(int))
    table: int = 0


def test_refusal_candidates_built_from_recipes_are_those_built_first() -> None:
    game = attrs.evolve(DINNER, action_types=(*DINNER.action_types, _Checked))
    state = DINNER.setup(CONFIG, 3)
    walk = random.Random(5)
    compared = 0
    for _ in range(40):
        acting = sorted(DINNER.to_act(state))
        if not acting:
            break
        listed = [a for seat in acting for a in DINNER.legal_actions(state, seat)]
        for keep in (1, 3, 8):
            ours, theirs = random.Random(keep), random.Random(keep)
            assert invariants.refusal_candidates(game, state, listed, ours, 2, keep) == \
                _candidates_built_first(game, state, listed, theirs, 2, keep)
            assert ours.random() == theirs.random()  # the same draws, no more
            compared += 1
        state = DINNER.apply(state, listed[walk.randrange(len(listed))])
    assert compared >= 60
