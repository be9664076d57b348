"""How fast simulations run on each backend: games/s at 1 and 2 worker processes and on a
local Ray instance; prints a Markdown table.

Usage::

    python benchmarks/simulate.py [--scale X] [--workers W]

Two games, random bots at every seat, through :func:`partyrules.simulation.run_jobs`
(the path ``partyrules simulate`` takes): a cheap one (Dinner, 4 players, 2,000 games)
and an expensive one (Dylan Dog, 4 players, turn limit 150, 150 games). ``--scale``
multiplies those game counts. "games per CPU s" is the one-worker run's games per second
of CPU time: what one idle core plays, whatever else the machine runs. Each backend plays
the same jobs and must return the same results (checked). The process pools run first (a
process forked after ``ray.init`` inherits Ray's signal handlers); Ray is then started
once (its start-up time is printed apart) and warmed with 8 games per game, so its rows
measure the cluster at work, as a long simulation sees it. Needs the ``[ray]`` extra.
"""

from __future__ import annotations

import argparse
import logging
import os
import platform
import time
from typing import Any

import partyrules
from partyrules.simulation import Job, run_jobs, simulation_jobs

GAMES: dict[str, tuple[dict[str, Any], int]] = {
    "dinner": ({"players": 4}, 2000),
    "dylan_dog": ({"players": 4, "turn_limit": 150}, 150),
}
"""Each game's config and its number of games at scale 1."""


def timed(jobs: list[Job], **backend: Any) -> tuple[float, list[Any]]:
    """Seconds to play ``jobs`` on ``backend``, and the results."""
    start = time.perf_counter()
    results = run_jobs(jobs, **backend)
    return time.perf_counter() - start, results


def main() -> None:
    """Run every game on every backend and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    jobs_of = {}
    for name, (fields, count) in GAMES.items():
        config = partyrules.get_game(name).Config(**fields)
        jobs_of[name] = simulation_jobs(name, ["random"] * config.players,
                                        games=max(1, round(count * args.scale)),
                                        config=config)
    # The process pools first: a process forked after ray.init inherits Ray's handlers.
    expected, speeds = {}, {}
    for name, jobs in jobs_of.items():
        cpu = time.process_time()
        one, expected[name] = timed(jobs, workers=1)
        cpu = time.process_time() - cpu
        several, results = timed(jobs, workers=args.workers)
        assert results == expected[name], "the worker count changed the results"
        speeds[name] = [len(jobs) / cpu, len(jobs) / one, len(jobs) / several]
    import ray

    start = time.perf_counter()
    ray.init(num_cpus=args.workers, include_dashboard=False, log_to_driver=False,
             logging_level=logging.WARNING)
    ray_start = time.perf_counter() - start
    try:
        for name, jobs in jobs_of.items():
            run_jobs(jobs[:8], backend="ray")  # warm the Ray workers (imports, caches)
            on_ray, results = timed(jobs, backend="ray")
            assert results == expected[name], "Ray changed the results"
            speeds[name].append(len(jobs) / on_ray)
    finally:
        ray.shutdown()
    rows = []
    for name, (fields, _) in GAMES.items():
        steps = sum(result.length for result in expected[name])
        rows.append((name, ", ".join(f"{k}={v}" for k, v in fields.items()),
                     len(jobs_of[name]), steps / len(jobs_of[name]), *speeds[name]))
    print(f"- python {platform.python_version()}, {platform.machine()}, "
          f"{os.cpu_count()} CPUs; Ray {ray.__version__} (local instance of {args.workers} "
          f"CPUs, started in {ray_start:.1f} s)")
    print()
    print(f"| game | config | games | actions/game | games per CPU s | games/s, 1 worker | "
          f"games/s, {args.workers} workers | games/s, Ray |")
    print("|:---|:---|---:|---:|---:|---:|---:|---:|")
    for name, config, games, length, *figures in rows:
        print(f"| {name} | {config} | {games:,} | {length:.0f} | "
              + " | ".join(f"{speed:,.1f}" for speed in figures) + " |")


if __name__ == "__main__":
    main()
