"""The explorer (partyrules.core.verify): what it counts, and that it finds bugs seeded into
a real game -- each caught by the check meant for it, with a shortest path to it."""

from __future__ import annotations

import inspect
import itertools
import types
from typing import Any

import attrs
import pytest

import partyrules
from partyrules.core import testing
from partyrules.core.game import Property
from partyrules.core.match import PeekingRandomPlayer
from partyrules.core.verify import CHECKS, Progress, check_replay, explore, stored_positions

DINNER = partyrules.get_game("dinner")
CONFIG = DINNER.Config(players=3)


def reachable_by_hand(game: Any, root: Any, depth: int) -> list[set[Any]]:
    """The states at each distance from ``root`` up to ``depth``, found without the
    explorer: the sets a breadth-first search must agree with."""
    layers = [{root}]
    seen = {root}
    for _ in range(depth):
        layer = set()
        for state in layers[-1]:
            for seat in game.to_act(state):
                for action in game.legal_actions(state, seat):
                    after = game.apply(state, action)
                    if after not in seen:
                        seen.add(after)
                        layer.add(after)
        layers.append(layer)
    return layers


def test_a_budgeted_search_counts_what_it_found_and_says_it_stopped() -> None:
    report = explore(DINNER, CONFIG, seed=1, max_states=300)
    assert report.violation is None and not report.complete
    assert report.stopped_by == "max_states" and report.states == 300
    assert 0 < report.checked < report.states
    assert report.transitions >= report.states - 1  # each found state came by one
    assert "stopped by max_states" in report.summary()


def test_the_search_is_breadth_first_and_meets_every_state_once() -> None:
    root = DINNER.setup(CONFIG, 1)
    layers = reachable_by_hand(DINNER, root, 3)
    within = sum(len(layer) for layer in layers)
    report = explore(DINNER, CONFIG, seed=1, max_states=within)
    # Exactly the states within three actions, found before any deeper one.
    assert report.states == within and report.violation is None
    assert report.max_depth == 3


def test_the_same_search_gives_the_same_report() -> None:
    first = explore(DINNER, CONFIG, seed=2, max_states=400)
    second = explore(DINNER, CONFIG, seed=2, max_states=400)
    assert attrs.evolve(first, seconds=0) == attrs.evolve(second, seconds=0)


def test_a_position_read_again_is_explored_with_the_config_met_first() -> None:
    name, start = next(iter(stored_positions(DINNER).items()))
    again = stored_positions(DINNER)[name]  # read again: an equal config, another object
    assert again.config == start.config and again.config is not start.config
    first = explore(DINNER, start=start, max_states=60)
    second = explore(DINNER, start=again, max_states=60)
    assert second.config is first.config
    assert attrs.evolve(second, seconds=0.0) == attrs.evolve(first, seconds=0.0)


def test_a_search_from_a_position_continues_its_replay() -> None:
    played = testing.play_random(DINNER, CONFIG, seed=4)
    start = played.replay(6)
    report = explore(DINNER, start=start, max_states=50)
    assert report.start_actions == 6 and report.seed == 4 and report.violation is None


def test_progress_is_told_and_budgets_in_seconds_stop_the_search() -> None:
    heard: list[Progress] = []
    report = explore(DINNER, CONFIG, seed=1, max_states=None, max_seconds=0.5,
                     progress=heard.append)
    assert report.stopped_by == "max_seconds" and not report.complete
    assert heard and heard[-1].states == report.states
    assert all(a.states <= b.states for a, b in itertools.pairwise(heard))


def test_bad_arguments_are_refused_by_name() -> None:
    with pytest.raises(partyrules.InvalidConfig, match="unknown checks"):
        explore(DINNER, CONFIG, checks=["validate", "vibes"])
    with pytest.raises(partyrules.InvalidConfig, match="max_states"):
        explore(DINNER, CONFIG, max_states=0)
    with pytest.raises(partyrules.InvalidConfig, match="not a dinner Config"):
        explore(DINNER, partyrules.get_game("dany").Config(players=3))
    out_of_turn = next(DINNER.legal_actions(DINNER.setup(CONFIG, 1), 0))
    bad_start = partyrules.Replay("dinner", CONFIG, 1, (out_of_turn, out_of_turn))
    with pytest.raises(partyrules.InvalidConfig, match="action 1 is refused"):
        explore(DINNER, start=bad_start)
    with pytest.raises(partyrules.InvalidConfig, match="is of dinner, not dany"):
        explore(partyrules.get_game("dany"), start=bad_start)


# -- seeded bugs: each wrapper breaks one rule of the contract --------------------------------


def lenient_apply(state: Any, action: Any) -> Any:
    """Accepts any action: a forged one leaves the state as it was instead of raising."""
    try:
        return DINNER.apply(state, action)
    except partyrules.IllegalAction:
        return state


def test_an_engine_accepting_forged_actions_is_caught_by_the_refusal_check() -> None:
    report = explore(attrs.evolve(DINNER, apply=lenient_apply), CONFIG, seed=1)
    violation = report.violation
    assert violation is not None and violation.check == "refusal"
    assert "accepted but is not listed" in violation.message
    # At the very start, with the forged action itself as the path.
    assert violation.depth == 1 and len(violation.replay.actions) == 1
    assert not violation.replay.verify().ok  # the real rules refuse it, as they should


def test_a_spectator_view_showing_a_hand_is_caught_as_a_leak() -> None:
    def leaky_view(state: Any, seat: int | None) -> Any:
        return DINNER.view(state, 0 if seat is None else seat)

    report = explore(attrs.evolve(DINNER, view=leaky_view), CONFIG, seed=1)
    assert report.violation is not None and report.violation.check == "no_leak"
    assert "spectator" in report.violation.message and report.violation.depth == 0


def test_a_ballot_that_counts_only_in_one_order_is_caught_by_commute() -> None:
    def order_dependent_apply(state: Any, action: Any) -> Any:
        pending = DINNER.to_act(state)
        if type(action).__name__ == "Ballot" and action.seat != min(pending):
            DINNER.apply(state, action)  # still refused when illegal
            return state  # but a ballot counts only from the lowest seat still to vote
        return DINNER.apply(state, action)

    game = attrs.evolve(DINNER, apply=order_dependent_apply)
    report = explore(game, DINNER.Config(players=4), seed=1,
                     checks=[c for c in CHECKS if c != "refusal"])
    assert report.violation is not None and report.violation.check == "commute"
    *path, first, second = report.violation.replay.actions
    assert {type(first).__name__, type(second).__name__} == {"Ballot"}
    # The path is a shortest one: no state before it votes with two seats pending.
    state = DINNER.setup(DINNER.Config(players=4), 1)
    for action in path:
        assert not (DINNER.is_simultaneous(state) and len(DINNER.to_act(state)) > 1)
        state = DINNER.apply(state, action)
    assert DINNER.is_simultaneous(state)


def test_a_failing_property_is_found_at_its_shortest_depth() -> None:
    root = DINNER.setup(CONFIG, 1)
    banned = reachable_by_hand(DINNER, root, 3)[3]
    deep = Property("shallow", "no state is three actions from the start",
                    lambda state: state not in banned)
    report = explore(attrs.evolve(DINNER, properties=(deep,)), CONFIG, seed=1)
    violation = report.violation
    assert violation is not None and violation.check == "property:shallow"
    assert violation.depth == 3 and len(violation.replay.actions) == 3
    assert violation.replay.final_state() in banned
    assert partyrules.loads(partyrules.dumps(violation.replay)) == violation.replay


def test_a_rule_that_crashes_is_reported_not_raised() -> None:
    def crashing_apply(state: Any, action: Any) -> Any:
        if type(action).__name__ == "Exchange":
            raise ZeroDivisionError("a bug in the exchange")
        return DINNER.apply(state, action)

    report = explore(attrs.evolve(DINNER, apply=crashing_apply), CONFIG, seed=1)
    violation = report.violation
    assert violation is not None and violation.check == "crash"
    assert "ZeroDivisionError" in violation.message and "exchange" in violation.message
    assert type(violation.replay.actions[-1]).__name__ == "Exchange"


def test_a_game_that_ends_with_seats_to_act_is_caught_by_ending() -> None:
    report = explore(attrs.evolve(DINNER, is_terminal=lambda state: True), CONFIG, seed=1)
    assert report.violation is not None and report.violation.check == "ending"
    assert report.violation.depth == 0 and report.violation.replay.actions == ()


def test_an_invalid_state_is_caught_by_validate_with_its_path() -> None:
    root = DINNER.setup(CONFIG, 1)
    second = reachable_by_hand(DINNER, root, 2)[2]

    def strict_validate(state: Any) -> None:
        DINNER.validate(state)
        if state in second:
            raise partyrules.CorruptState("a state two actions deep", "scores")

    report = explore(attrs.evolve(DINNER, validate=strict_validate), CONFIG, seed=1)
    assert report.violation is not None and report.violation.check == "validate"
    assert report.violation.depth == 2



# -- a flipped comparison in the rules themselves -------------------------------------------


def mutated_dinner(old: str, new: str) -> Any:
    """Dinner with one line of its rules changed: the rules module's source, edited and
    run as a module of its own, its ``apply`` in the game record (a mutant, as a mutation
    tester makes one: the rest of the game is the real one)."""
    from partyrules.games.dinner import rules

    source = inspect.getsource(rules)
    assert source.count(old) == 1
    module = types.ModuleType("dinner_rules_mutant")
    exec(compile(source.replace(old, new), "<dinner rules, mutated>", "exec"),
         module.__dict__)
    return attrs.evolve(DINNER, apply=module.apply)


def test_a_tie_that_turns_a_card_down_is_found_from_a_stored_position() -> None:
    # Rule 2): "a strict majority" of the others turns a card down; the mutant turns it
    # down on a tie too.
    mutant = mutated_dinner("count(card) > voters", "count(card) >= voters")
    start = stored_positions(DINNER)["pile_just_ran_out"]
    report = explore(mutant, start=start, max_states=None)
    violation = report.violation
    assert violation is not None and violation.check == "validate"
    assert "strict majority" in violation.message
    assert violation.depth == 5  # the first ballots that tie, fewest actions first
    assert violation.replay.actions[:len(start.actions)] == start.actions
    # The saved path replays under the real rules, whose every state is sound; under the
    # mutant the check along it fails at its last state.
    assert violation.replay.verify().ok
    assert check_replay(violation.replay) is None
    again = check_replay(violation.replay, game=mutant)
    assert again is not None and again.check == "validate"
    assert again.depth == len(violation.replay.actions)


# -- several processes -------------------------------------------------------------------


def same(first: Any, second: Any) -> bool:
    """Two reports alike but for the seconds spent."""
    return bool(attrs.evolve(first, seconds=0) == attrs.evolve(second, seconds=0))


def test_two_worker_processes_give_the_report_of_one() -> None:
    # A budget that stops the search in the middle of a state's successors, a graph
    # explored to its end, and a fault found (the first in breadth-first order, with the
    # same shortest path, though a worker may have checked states after it).
    position = stored_positions(DINNER)["pile_just_ran_out"]
    burial = next(a for a in DINNER.legal_actions(position.final_state(), 2)
                  if type(a).__name__ == "StartBurial")
    start = attrs.evolve(position, actions=(*position.actions, burial))
    runs: list[dict[str, Any]] = [
        dict(game=DINNER, config=CONFIG, seed=1, max_states=300),
        dict(game=DINNER, start=start, max_states=None),
        dict(game=attrs.evolve(DINNER, apply=lenient_apply), config=CONFIG, seed=1),
    ]
    for run in runs:
        one = explore(**run)
        two = explore(**run, workers=2)
        assert same(one, two), (one.summary(), two.summary())
    assert one.violation is not None and one.violation.check == "refusal"
    assert explore(**runs[1]).complete
    with pytest.raises(partyrules.InvalidConfig, match="workers"):
        explore(DINNER, CONFIG, workers=0)


def test_every_round_trip_checks_more_and_finds_the_same() -> None:
    one = explore(DINNER, CONFIG, seed=3, max_states=200)
    every = explore(DINNER, CONFIG, seed=3, max_states=200, every_round_trip=True)
    assert same(one, every)


@pytest.mark.ci  # a local Ray takes ~12 s to start: the CI profile's (the pool is above)
def test_a_ray_pool_gives_the_report_of_one_process() -> None:
    import ray
    from ray.util.multiprocessing import Pool

    one = explore(DINNER, CONFIG, seed=1, max_states=200)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = explore(DINNER, CONFIG, seed=1, max_states=200, workers=2, pool=Pool)
    finally:
        ray.shutdown()
    assert same(one, on_ray)


def test_check_replay_runs_every_check_along_a_path_and_refuses_what_is_not_one() -> None:
    record = partyrules.play_match(DINNER, CONFIG, [PeekingRandomPlayer(DINNER)] * 3,
                                   seed=4)
    replay = record.replay()
    assert check_replay(replay) is None
    deep = Property("short", "no more than ten actions played",
                    lambda state: state.turn < 3)
    found = check_replay(replay, game=attrs.evolve(DINNER, properties=(deep,)))
    assert found is not None and found.check == "property:short"
    assert found.replay.final_state().turn == 3
    assert found.replay.actions == replay.actions[:found.depth]
    with pytest.raises(partyrules.InvalidConfig, match="unknown checks"):
        check_replay(replay, checks=["spelling"])
    with pytest.raises(partyrules.InvalidConfig, match="not dany"):
        check_replay(replay, game=partyrules.get_game("dany"))
    refused = attrs.evolve(replay, actions=(replay.actions[0], *replay.actions))
    with pytest.raises(partyrules.InvalidConfig, match="action 1 is refused"):
        check_replay(refused)
