"""How fast simulations run on each backend: games/s in one process, on a pool of worker
processes and on a local Ray instance, side by side; prints a Markdown table.

Usage::

    python benchmarks/simulate.py [--scale X] [--workers W] [--rounds R]
                                  [--ray-niceness N] [--busy B] [--check [PAGE]]

Two games, random bots at every seat, through :func:`partyrules.simulation.run_jobs`
(the path ``partyrules simulate`` takes): a cheap one (Dinner, 4 players, 2,000 games)
and an expensive one (Dylan Dog, 4 players, turn limit 150, 150 games). ``--scale``
multiplies those game counts.

Ray is started first, once, as ``run_jobs`` starts it (:func:`ray_init_options`; its
start-up is printed apart) and warmed with 8 games per game, so its figures are those of
a long simulation. Then each game's jobs are cut into ``R`` rounds (default 4) and every
round is played by each backend in turn, in an order that rotates from round to round,
so that the load of a machine shared with other work falls on every backend alike. Each
backend plays the same jobs and must return the same results (checked).

Beside games/s (wall time), each backend's CPU time is taken: this process's, its pool
workers' (reaped children) and its Ray processes' (every process under this one, read
from ``/proc``: the workers, the raylet and the GCS). "games per CPU s" is one process's
games per second of CPU time, what one idle core plays whatever else the machine runs;
"CPU per game ÷ one process" is each backend's CPU time per game over one process's: 1.00
means it spends nothing beyond the games themselves, and W workers at 1.00 would play W
times the games of one on W idle cores. The load average is printed with the table.

``--ray-niceness N`` starts Ray's workers at niceness N instead (Ray's own default is 15),
to measure what the niceness costs; ``--busy B`` keeps B processes of this one busy
(a loop each, niceness 0) while it runs, other work in the same scheduling group, as on a
machine that does not group processes by session (Linux's autogroup keeps other
sessions' processes apart, and there the niceness changes nothing).

``--check`` reads the table of the performance page (``docs/performance.md`` by default,
the section "Simulations on each backend") and exits 1 when a figure there is one the
code no longer reaches: a game's games per CPU second below 80% of the page's, or a
backend's CPU per game more than 10% above the page's.
Wall-time figures depend on the machine's load and are not checked. Needs the ``[ray]``
extra.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import partyrules
from partyrules.simulation import Job, ray_init_options, run_jobs, simulation_jobs

GAMES: dict[str, tuple[dict[str, Any], int]] = {
    "dinner": ({"players": 4}, 2000),
    "dylan_dog": ({"players": 4, "turn_limit": 150}, 150),
}
"""Each game's config and its number of games at scale 1."""

PAGE = Path(__file__).resolve().parent.parent / "docs" / "performance.md"
"""The page whose simulation figures ``--check`` compares with."""
SECTION = "## Simulations on each backend"
"""The heading of the page's section that holds the table."""
CPU_SPEED_KEPT = 0.8
"""``--check``: the share of the page's games per CPU second a run must reach."""
CPU_PER_GAME_SLACK = 1.1
"""``--check``: how far above the page's CPU per game a backend's may come."""

TICKS = os.sysconf("SC_CLK_TCK")
BUSY: set[int] = set()
"""The ``--busy`` processes, whose CPU is nobody's backend's."""


def descendants_cpu() -> float:
    """CPU seconds spent so far by every live process under this one (Ray's workers,
    raylet and GCS), read from ``/proc``."""
    parents: dict[int, int] = {}
    times: dict[int, float] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(entry.path, "stat").read_text()
        except OSError:  # the process ended meanwhile
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        pid = int(entry.name)
        parents[pid] = int(fields[1])
        times[pid] = (int(fields[11]) + int(fields[12])) / TICKS
    under = {os.getpid()}
    found = True
    while found:
        found = False
        for pid, parent in parents.items():
            if parent in under and pid not in under:
                under.add(pid)
                found = True
    return sum(times[pid] for pid in under - {os.getpid()} - BUSY)


def cpu_now(on_ray: bool) -> float:
    """CPU seconds spent so far by this process and its reaped children (a pool's
    workers, once the pool is closed), and with ``on_ray`` by its live descendants (Ray's
    processes, which a run on the pool does not count although they idle meanwhile)."""
    own = os.times()
    total = own.user + own.system + own.children_user + own.children_system
    return total + (descendants_cpu() if on_ray else 0.0)


def timed(jobs: list[Job], **backend: Any) -> tuple[float, float, list[Any]]:
    """Wall seconds and CPU seconds (every process of the backend) to play ``jobs`` on
    ``backend``, and the results."""
    on_ray = backend.get("backend") == "ray"
    cpu = cpu_now(on_ray)
    start = time.perf_counter()
    results = run_jobs(jobs, **backend)
    return time.perf_counter() - start, cpu_now(on_ray) - cpu, results


def page_figures(page: Path) -> dict[str, list[float]]:
    """The page's simulation table: per game, its figures as numbers, in column order."""
    text = page.read_text(encoding="utf-8")
    start = text.index(SECTION)
    end = text.find("\n## ", start + len(SECTION))
    rows: dict[str, list[float]] = {}
    for line in text[start:end if end != -1 else len(text)].splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) > 3 and cells[0] in GAMES:
            parts = [part.strip() for cell in cells[2:] for part in cell.split("/")]
            rows[cells[0]] = [float(part.replace(",", "")) for part in parts
                              if re.fullmatch(r"[\d,.]+", part)]
    return rows


def main() -> None:
    """Read the arguments, keep ``--busy`` processes busy, and measure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--ray-niceness", type=int)
    parser.add_argument("--busy", type=int, default=0)
    parser.add_argument("--check", nargs="?", const=PAGE, type=Path, metavar="PAGE")
    args = parser.parse_args()
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
            for _ in range(args.busy)]
    BUSY.update(process.pid for process in busy)
    try:
        measure(args)
    finally:
        for process in busy:
            process.kill()
            process.wait()


def measure(args: argparse.Namespace) -> None:
    """Run every game on every backend, print the table and, with ``args.check``,
    compare it with the page."""
    backends: dict[str, dict[str, Any]] = {
        "one": {"workers": 1}, "pool": {"workers": args.workers}, "ray": {"backend": "ray"}}
    jobs_of = {}
    for name, (fields, count) in GAMES.items():
        config = partyrules.get_game(name).Config(**fields)
        jobs_of[name] = simulation_jobs(name, ["random"] * config.players,
                                        games=max(1, round(count * args.scale)),
                                        config=config)
    import ray  # the [ray] extra: imported once the arguments are known to be fine

    options = ray_init_options(args.workers)
    if args.ray_niceness is not None:
        options["_system_config"] = {"worker_niceness": args.ray_niceness}
    load_before = os.getloadavg()[0]
    start = time.perf_counter()
    ray.init(**options)
    ray_start = time.perf_counter() - start
    wall: dict[tuple[str, str], float] = {}
    cpu: dict[tuple[str, str], float] = {}
    expected: dict[str, list[Any]] = {}
    try:
        for name, jobs in jobs_of.items():
            run_jobs(jobs[:8], backend="ray")  # warm the Ray workers (imports, caches)
            rounds = [jobs[index::args.rounds] for index in range(args.rounds)]
            results: dict[str, list[list[Any]]] = {backend: [] for backend in backends}
            for index, chunk in enumerate(rounds):
                order = list(backends)
                order = order[index % len(order):] + order[:index % len(order)]
                for backend in order:
                    seconds, used, played = timed(chunk, **backends[backend])
                    wall[name, backend] = wall.get((name, backend), 0.0) + seconds
                    cpu[name, backend] = cpu.get((name, backend), 0.0) + used
                    results[backend].append(played)
            assert results["pool"] == results["one"], "the worker count changed the results"
            assert results["ray"] == results["one"], "Ray changed the results"
            expected[name] = [result for chunk in results["one"] for result in chunk]
    finally:
        ray.shutdown()
    niceness = options["_system_config"]["worker_niceness"]
    print(f"- python {platform.python_version()}, {platform.machine()}, "
          f"{os.cpu_count()} CPUs; Ray {ray.__version__} (local instance of {args.workers} "
          f"CPUs, workers at niceness {niceness}, started in {ray_start:.1f} s); "
          f"{args.rounds} rounds; {args.busy} busy processes beside it; load average "
          f"{load_before:.1f} before the run, {os.getloadavg()[0]:.1f} after")
    print()
    print(f"| game | config | games | actions/game | games per CPU s | games/s, 1 worker | "
          f"games/s, {args.workers} workers | games/s, Ray | {args.workers} workers ÷ 1 | "
          f"Ray ÷ {args.workers} workers | CPU per game ÷ one process: "
          f"{args.workers} workers / Ray |")
    print("|:---|:---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    measured: dict[str, list[float]] = {}
    for name, (fields, _) in GAMES.items():
        games = len(jobs_of[name])
        steps = sum(result.length for result in expected[name])
        speed = {backend: games / wall[name, backend] for backend in backends}
        per_game = {backend: cpu[name, backend] / games for backend in backends}
        figures = [games, steps / games, games / cpu[name, "one"], speed["one"],
                   speed["pool"], speed["ray"], speed["pool"] / speed["one"],
                   speed["ray"] / speed["pool"], per_game["pool"] / per_game["one"],
                   per_game["ray"] / per_game["one"]]
        measured[name] = figures
        config = ", ".join(f"{k}={v}" for k, v in fields.items())
        print(f"| {name} | {config} | {games:,} | {figures[1]:.0f} | {figures[2]:,.1f} | "
              f"{speed['one']:,.1f} | {speed['pool']:,.1f} | {speed['ray']:,.1f} | "
              f"{figures[6]:.2f} | {figures[7]:.2f} | {figures[8]:.2f} / {figures[9]:.2f} |")
    if args.check is not None:
        sys.exit(check(args.check, measured))


def check(page: Path, measured: dict[str, list[float]]) -> int:
    """Compare the run with the page's table; print each figure the run does not reach
    and return 1 if there is one, else 0."""
    documented = page_figures(page)
    missed = []
    for name, figures in measured.items():
        shown = documented.get(name)
        if shown is None or len(shown) != len(figures):
            missed.append(f"{name}: the page has no row of this table's columns")
            continue
        if figures[2] < CPU_SPEED_KEPT * shown[2]:
            missed.append(f"{name}: {figures[2]:,.1f} games per CPU s, the page shows "
                          f"{shown[2]:,.1f}")
        for column, backend in ((8, "the pool"), (9, "Ray")):
            if figures[column] > CPU_PER_GAME_SLACK * shown[column]:
                missed.append(f"{name}: {backend} spends {figures[column]:.2f} times one "
                              f"process's CPU per game, the page shows {shown[column]:.2f}")
    print()
    for line in missed:
        print(f"- not reached: {line}")
    print(f"- checked against {page}: "
          f"{'every figure reached' if not missed else f'{len(missed)} not reached'}")
    return 1 if missed else 0


if __name__ == "__main__":
    main()
