"""How fast the explorer checks states: states/s on every stored position of every game,
before (a checkout of an earlier revision) and after (this checkout), side by side;
prints a Markdown table.

Usage::

    git worktree add /tmp/base-explorer 6d8dcbd   # the revision before, once
    python benchmarks/explorer.py [--base /tmp/base-explorer] [--states N] [--rounds R]
                                  [--workers W]

Each side runs in a subprocess of its own, with its own ``src`` first on the path, and
explores the same positions with the same budget (``--states``: states found, default
2,000); the two take turns position by position, ``--rounds`` times (default 2), and the
best round of each counts, so that the load of a shared machine falls on both alike.
States/s is states checked per second of CPU time of the exploring process (wall time
moves with the machine's load; what one idle core does is what the CPU time measures).
Each side also times ``attrs.evolve`` of a 10-field frozen record in the same process:
"µs/state ÷ evolve" is the cost of checking one state in evolves, comparable across
machines. "same" says the two sides found the same states, transitions, terminal
states, outcomes and depth, and the same verdict. ``--workers W`` adds a second table:
this checkout in one process and with ``W`` worker processes, taking turns, wall
seconds and the CPU seconds of every process (a speed-up needs free cores: on a machine
others load it is what they leave). Standard library only (and the package under test).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent

WORKER = r'''
import json, resource, sys, time
import attrs
import partyrules
from partyrules.core.verify import explore, stored_positions

@attrs.frozen(slots=True)
class Ten:
    a: int = 0; b: int = 0; c: int = 0; d: int = 0; e: int = 0
    f: int = 0; g: int = 0; h: int = 0; i: int = 0; j: int = 0

def evolve_seconds():
    record, best = Ten(), float("inf")
    for _ in range(5):
        start = time.process_time()
        for n in range(20_000):
            attrs.evolve(record, a=n)
        best = min(best, (time.process_time() - start) / 20_000)
    return best

if sys.argv[1] == "list":
    print(json.dumps([[name, position] for name, game in partyrules.GAMES.items()
                      for position in stored_positions(game)]))
    sys.exit()
def children_cpu():
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime

for line in sys.stdin:
    name, position, states, workers = json.loads(line)
    game = partyrules.get_game(name)
    start, before = time.process_time(), children_cpu()
    report = explore(game, start=stored_positions(game)[position], max_states=states,
                     **({"workers": workers} if workers > 1 else {}))
    cpu = time.process_time() - start
    print(json.dumps({
        "cpu": cpu, "wall": report.seconds, "evolve": evolve_seconds(),
        "all_cpu": cpu + children_cpu() - before,
        "counts": [report.states, report.checked, report.transitions, report.terminal,
                   report.max_depth, list(map(list, report.outcomes)),
                   None if report.violation is None else report.violation.check]}),
        flush=True)
'''


class Side:
    """One revision's exploring process, asked one position at a time."""

    def __init__(self, root: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(root / "src"))
        self.root = root
        self.env = env
        self.process = subprocess.Popen([sys.executable, "-c", WORKER, "run"], env=env,
                                        cwd=root, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)

    def positions(self) -> list[tuple[str, str]]:
        """The stored positions this revision ships, by game."""
        out = subprocess.run([sys.executable, "-c", WORKER, "list"], env=self.env,
                             cwd=self.root, capture_output=True, text=True, check=True)
        return [tuple(pair) for pair in json.loads(out.stdout)]

    def explore(self, name: str, position: str, states: int, workers: int = 1
                ) -> dict[str, Any]:
        """Explore one position to the budget; CPU seconds, wall seconds, counts."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps([name, position, states, workers]) + "\n")
        self.process.stdin.flush()
        answer: dict[str, Any] = json.loads(self.process.stdout.readline())
        return answer

    def close(self) -> None:
        """End the process."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def main() -> None:
    """Explore every stored position on both sides and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, default=Path("/tmp/base-explorer"),
                        help="a checkout of the revision before (git worktree add)")
    parser.add_argument("--states", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--workers", type=int, default=0,
                        help="also explore with this many worker processes (this "
                             "checkout only), and print a second table")
    args = parser.parse_args()
    if not (args.base / "src" / "partyrules").is_dir():
        parser.error(f"no checkout at {args.base}: git worktree add {args.base} <revision>")
    before, after = Side(args.base), Side(HERE)
    rows = []
    pooled = []
    try:
        for name, position in after.positions():
            if args.workers > 1:
                pooled.append((name, position, *pool_runs(after, name, position, args)))
            best: dict[str, dict[str, Any]] = {}
            for _ in range(args.rounds):
                for label, side in (("before", before), ("after", after)):
                    run = side.explore(name, position, args.states)
                    if label not in best or run["cpu"] < best[label]["cpu"]:
                        best[label] = run
            old, new = best["before"], best["after"]
            checked = new["counts"][1]
            rows.append((name, position, checked, checked / old["cpu"],
                         checked / new["cpu"], old["cpu"] / new["cpu"],
                         new["cpu"] / checked / new["evolve"],
                         old["counts"] == new["counts"]))
            print(f"{name} {position}: done", file=sys.stderr, flush=True)
    finally:
        before.close()
        after.close()
    print(f"Budget {args.states:,} states found per position, best of {args.rounds} "
          f"rounds, states checked per CPU second; before: {args.base}\n")
    print("| game | position | states checked | before, states/s | after, states/s "
          "| after ÷ before | µs/state ÷ evolve | same |")
    print("|---|---|---:|---:|---:|---:|---:|---|")
    for name, position, checked, old_rate, new_rate, ratio, evolves, same in rows:
        print(f"| {name} | `{position}` | {checked:,} | {old_rate:,.0f} | {new_rate:,.0f} "
              f"| {ratio:.1f}x | {evolves:,.0f} | {'yes' if same else '**no**'} |")
    if pooled:
        print_pooled(pooled, args.workers)


def pool_runs(side: Side, name: str, position: str, args: argparse.Namespace
              ) -> tuple[float, float, float, float, bool]:
    """One process against ``args.workers``, taking turns, the best wall time of each:
    wall seconds and CPU seconds of every process, and whether the reports agree."""
    best: dict[int, dict[str, Any]] = {}
    for _ in range(args.rounds):
        for workers in (1, args.workers):
            run = side.explore(name, position, args.states, workers)
            if workers not in best or run["wall"] < best[workers]["wall"]:
                best[workers] = run
    one, many = best[1], best[args.workers]
    return (one["wall"], many["wall"], one["all_cpu"], many["all_cpu"],
            one["counts"] == many["counts"])


def print_pooled(pooled: list[tuple[Any, ...]], workers: int) -> None:
    """The second table: one process against several."""
    print(f"\nOne process against {workers} worker processes (this checkout; best wall "
          "time of the rounds; CPU: every process, the coordinating one included)\n")
    print(f"| game | position | wall s, 1 | wall s, {workers} | speed-up | CPU s, 1 "
          f"| CPU s, {workers} | same |")
    print("|---|---|---:|---:|---:|---:|---:|---|")
    for name, position, wall_one, wall_many, cpu_one, cpu_many, same in pooled:
        print(f"| {name} | `{position}` | {wall_one:.2f} | {wall_many:.2f} "
              f"| {wall_one / wall_many:.2f}x | {cpu_one:.2f} | {cpu_many:.2f} "
              f"| {'yes' if same else '**no**'} |")


if __name__ == "__main__":
    main()
