"""partyrules.simulation: jobs, backends, rotation, summaries, tournaments and plots."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import time
import xml.etree.ElementTree as ElementTree
from collections import Counter
from pathlib import Path

import pytest

import partyrules
from partyrules import simulation
from partyrules.bots import make_bot
from partyrules.simulation import (
    GameResult,
    Job,
    pair_lineup,
    play_job,
    rotate,
    run_jobs,
    simulation_jobs,
    summarize,
    tournament,
    tournament_jobs,
    wilson_interval,
)


def mixed_jobs() -> list[Job]:
    """A few cheap games of three games, search bots among them, seats rotating."""
    dylan_dog = partyrules.get_game("dylan_dog").Config(players=3, turn_limit=12)
    return [*simulation_jobs("dinner", ["ismcts:3", "random", "random"], games=4, seed=5),
            *simulation_jobs("dany", ["random", "ismcts:4", "random", "random"], games=4),
            *simulation_jobs("dylan_dog", ["ismcts:2", "random", "random"], games=2,
                             seed=9, config=dylan_dog)]


# -- jobs --------------------------------------------------------------------------------


def test_a_job_gives_the_same_result_every_time_and_crosses_processes() -> None:
    job = simulation_jobs("dany", ["ismcts:5", "random", "random"], games=1, seed=4)[0]
    result = play_job(job)
    assert play_job(pickle.loads(pickle.dumps(job))) == result
    assert pickle.loads(pickle.dumps(result)) == result
    assert result.seats == job.seats and result.seed == result.player_seed == 4
    game = partyrules.get_game("dany")
    record = partyrules.play_match(game, job.config,
                                   [make_bot(spec, game) for spec in job.seats], 4)
    assert record.outcome is not None
    assert (result.winners, result.reason, result.length) == (
        record.outcome.winners, record.outcome.reason, len(record.actions))


@pytest.mark.ci  # fresh interpreters: the CI profile's
def test_a_job_does_not_depend_on_the_processs_hash_seed() -> None:
    # When I Dream deals words (strings, whose hashes change with the process): a worker
    # process elsewhere must still play the same game.
    job = simulation_jobs("when_i_dream", ["random"] * 5, games=1, seed=11)[0]
    script = ("import pickle, sys; from partyrules.simulation import play_job; "
              "sys.stdout.buffer.write(pickle.dumps(play_job(pickle.load(sys.stdin.buffer))))")
    elsewhere = subprocess.run([sys.executable, "-c", script], input=pickle.dumps(job),
                               capture_output=True, check=True,
                               env={**os.environ, "PYTHONHASHSEED": "12345"})
    assert pickle.loads(elsewhere.stdout) == play_job(job)


def test_results_do_not_depend_on_the_worker_count() -> None:
    jobs = mixed_jobs()
    single = run_jobs(jobs, workers=1)
    assert [result.seed for result in single] == [job.seed for job in jobs]
    assert [result.seats for result in single] == [job.seats for job in jobs]
    assert run_jobs(jobs, workers=2) == single
    assert run_jobs(jobs, workers=None) == single  # one per CPU
    assert run_jobs(jobs[:1], workers=3) == single[:1]  # more workers than jobs


def test_results_are_heard_in_job_order() -> None:
    jobs = mixed_jobs()[:6]
    heard: list[GameResult] = []
    assert run_jobs(jobs, workers=2, on_result=heard.append) == heard
    assert len(heard) == 6


# -- rotation ----------------------------------------------------------------------------


def test_game_i_rotates_the_lineup_by_i_and_uses_seed_s_plus_i() -> None:
    lineup = ["ismcts:7", "random", "ismcts:3", "random"]
    jobs = simulation_jobs("dinner", lineup, games=9, seed=100)
    assert [job.seed for job in jobs] == list(range(100, 109))
    assert all(job.player_seed == job.seed for job in jobs)  # as `play --seed` does
    for index, job in enumerate(jobs):
        assert job.seats == tuple(lineup[(seat - index) % 4] for seat in range(4))
    # Over n games every bot sits at every seat once.
    for seat in range(4):
        assert sorted(job.seats[seat] for job in jobs[:4]) == sorted(lineup)
    assert jobs[4].seats == jobs[0].seats
    assert rotate(lineup, -1) == rotate(lineup, 3)


def test_jobs_are_refused_before_any_game_runs() -> None:
    with pytest.raises(partyrules.InvalidConfig, match="no bot called 'genius'"):
        simulation_jobs("dinner", ["random", "genius", "random"], games=3)
    with pytest.raises(partyrules.UnknownGame):
        simulation_jobs("chess", ["random"] * 2, games=1)
    config = partyrules.get_game("dinner").Config(players=4)
    with pytest.raises(partyrules.InvalidConfig, match="4 players for 3 seats"):
        simulation_jobs("dinner", ["random"] * 3, games=1, config=config)
    with pytest.raises(partyrules.InvalidConfig, match="no backend called 'spark'"):
        run_jobs([], backend="spark")  # type: ignore[arg-type]


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_a_pairs_games_share_the_seats_fairly(seats: int) -> None:
    games = [pair_lineup("a", "b", seats, index) for index in range(2 * seats)]
    assert all(Counter(lineup) == Counter({"a": (seats + 1) // 2, "b": seats // 2})
               for lineup in games[::2])
    assert all(Counter(lineup) == Counter({"b": (seats + 1) // 2, "a": seats // 2})
               for lineup in games[1::2])
    for seat in range(seats):  # each bot at each seat equally often
        assert Counter(lineup[seat] for lineup in games) == Counter({"a": seats, "b": seats})


# -- summaries ---------------------------------------------------------------------------


@pytest.mark.parametrize(("wins", "games", "low", "high"), [
    (8, 10, 0.4902, 0.9433),
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (50, 100, 0.4038, 0.5962),
    (1, 3, 0.0615, 0.7923),
    (0, 0, 0.0, 1.0),
])
def test_wilson_interval_matches_known_values(wins: int, games: int, low: float,
                                              high: float) -> None:
    assert wilson_interval(wins, games) == pytest.approx((low, high), abs=5e-5)


def test_a_summary_counts_seat_games_ties_scores_and_lengths() -> None:
    results = [
        GameResult(0, 0, ("a", "b", "a"), frozenset({0, 1}), (5, 5, 2), "hand_emptied", 10),
        GameResult(1, 1, ("a", "a", "b"), frozenset({2}), (1, 2, 9), "pile_exhausted", 30),
        GameResult(2, 2, ("b", "a", "a"), frozenset(), (0, 0, 0), "hand_emptied", 20),
    ]
    summary = summarize(results)
    assert summary.games == 3
    a, b = summary.bots
    assert (a.name, a.games, a.wins, a.mean_score) == ("a", 6, 1, pytest.approx(10 / 6))
    assert (b.name, b.games, b.wins, b.mean_score) == ("b", 3, 2, pytest.approx(14 / 3))
    assert b.rate == pytest.approx(2 / 3) and b.interval == wilson_interval(2, 3)
    assert [(seat.name, seat.games, seat.wins) for seat in summary.seats] == [
        ("seat 0", 3, 1), ("seat 1", 3, 1), ("seat 2", 3, 1)]
    assert summary.reasons == (("hand_emptied", 2), ("pile_exhausted", 1))
    assert (summary.mean_length, summary.max_length) == (20.0, 30)
    unscored = summarize([GameResult(0, 0, ("a", "b"), frozenset({0}), None, "end", 3)])
    assert [bot.mean_score for bot in unscored.bots] == [None, None]


# -- tournaments -------------------------------------------------------------------------


def test_ratings_rank_a_won_game_above_and_a_shared_win_as_a_tie() -> None:
    def game(winners: set[int]) -> GameResult:
        return GameResult(0, 0, ("x", "y", "x"), frozenset(winners), None, "end", 1)

    won = tournament([game({1})], ["x", "y"])
    y, x = won.ratings  # best first
    assert (y.bot, x.bot) == ("y", "x") and y.mu > 25 > x.mu
    for tie in ({0, 1}, set()):  # both sides won, or neither: a tie
        shared = tournament([game(tie)], ["x", "y"]).ratings
        assert shared[0].mu == pytest.approx(shared[1].mu)
        assert shared[0].sigma < 25 / 3
    (pair,) = tournament([game({0, 1}), game({2}), game(set())], ["x", "y"]).pairs
    assert (pair.first.name, pair.first.games, pair.first.wins) == ("x", 3, 2)
    assert (pair.second.name, pair.second.wins, pair.shared, pair.neither) == ("y", 1, 1, 1)


def test_a_tournament_plays_every_pair_rates_the_bots_and_plots(tmp_path: Path) -> None:
    bots = ["random", "ismcts:3", "ismcts:6"]
    jobs = tournament_jobs("dany", bots, games_per_pair=4, seed=20)
    assert len(jobs) == 12
    assert [job.seed for job in jobs[:3]] == [20, 20, 20]  # every pair meets the same deals
    assert {frozenset(job.seats) for job in jobs[:3]} == {
        frozenset({"random", "ismcts:3"}), frozenset({"random", "ismcts:6"}),
        frozenset({"ismcts:3", "ismcts:6"})}
    summed = tournament(run_jobs(jobs, workers=2), bots)
    assert [(p.first.name, p.second.name, p.first.games) for p in summed.pairs] == [
        ("random", "ismcts:3", 4), ("random", "ismcts:6", 4), ("ismcts:3", "ismcts:6", 4)]
    assert [(tally.name, tally.games) for tally in summed.bots] == [
        ("random", 8), ("ismcts:3", 8), ("ismcts:6", 8)]
    for pair in summed.pairs:
        assert pair.first.wins + pair.second.wins - pair.shared + pair.neither == 4
    assert sorted(rating.bot for rating in summed.ratings) == sorted(bots)
    ordinals = [rating.ordinal for rating in summed.ratings]
    assert ordinals == sorted(ordinals, reverse=True)
    assert all(rating.sigma < 25 / 3 for rating in summed.ratings)  # the games informed
    assert summed.summary.games == 12

    png = simulation.plot_tournament(summed, tmp_path / "ratings.png", title="dany")
    assert png.read_bytes().startswith(b"\x89PNG\r\n\x1a\n") and png.stat().st_size > 10_000
    svg = simulation.plot_tournament(summed, tmp_path / "ratings.svg")
    root = ElementTree.parse(svg).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert "ismcts:6" in svg.read_text(encoding="utf-8")
    again = simulation.plot_tournament(summed, tmp_path / "again.svg")
    assert again.read_bytes() == svg.read_bytes()  # no timestamp: same run, same file
    with pytest.raises(partyrules.InvalidConfig, match=r"a \.png or a \.svg file"):
        simulation.plot_tournament(summed, tmp_path / "ratings.jpg")


def test_a_missing_extra_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "openskill.models", None)  # its import now fails
    with pytest.raises(partyrules.InvalidConfig, match=r"pip install 'partyrules\[sim\]'"):
        tournament([], ["x", "y"])
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(partyrules.InvalidConfig, match=r"pip install 'partyrules\[ray\]'"):
        run_jobs(mixed_jobs()[:1], backend="ray")


# -- Ray ---------------------------------------------------------------------------------


def _niceness() -> int:
    """This process's niceness."""
    return os.getpriority(os.PRIO_PROCESS, 0)


@pytest.mark.ci  # a local Ray takes ~12 s to start: the CI profile's (the default run has the pool)
def test_the_ray_backend_gives_the_local_results_in_job_order() -> None:
    import ray

    jobs = mixed_jobs()
    local = run_jobs(jobs)
    start = time.perf_counter()
    ray.init(**simulation.ray_init_options(2))  # as run_jobs starts a local instance
    try:
        started = time.perf_counter() - start
        heard: list[GameResult] = []
        assert run_jobs(jobs, backend="ray", on_result=heard.append) == local
        assert heard == local
        assert ray.is_initialized()  # a Ray it did not start is left running
        # Its workers are as nice as this process, as a pool's are (Ray's default: 15).
        niceness = ray.remote(_niceness)
        assert ray.get([niceness.remote() for _ in range(4)]) == [_niceness()] * 4
    finally:
        ray.shutdown()
    # Ray's start is slow: keep this test to one start, and notice if it gets slower.
    assert started < 60
