"""How long ``loads`` takes on each game's largest state, now and at another revision.

Strict loading checks every field of a loaded state (``validate``) and refuses documents
past its limits; this measures what that costs, as a ratio to the same measurement made
in the same run on an earlier revision of the library (checked out in a temporary git
worktree and run in a subprocess, alternately with this one, so that both see the same
machine)::

    python benchmarks/loading.py --against 266218d

Each game plays a few random games at its largest table and keeps the state with the
longest JSON; every revision picks its own largest state the same way (the document
formats differ between revisions), and the table shows both sizes. A figure is the best
of several timeit repeats of ``loads(text)`` on one text: caches a game keeps across
calls are warm, as in a server loading a stream of states.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import timeit
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import partyrules
from partyrules.core import testing

SEEDS = (1, 2, 3)
REPEATS = 7


def largest_state(game: Any) -> str:
    """The longest state document met in a few random games at the largest table."""
    longest = ""
    for seed in SEEDS:
        playthrough = testing.play_random(game, game.Config(players=game.max_players), seed,
                                          max_steps=20_000)
        step = max(1, len(playthrough.states) // 200)
        for state in playthrough.states[::step]:
            text = partyrules.dumps(state)
            if len(text) > len(longest):
                longest = text
    return longest


def microseconds(text: str) -> float:
    """Best-of-repeats microseconds for one ``loads(text)``."""
    loads = partyrules.loads
    timer = timeit.Timer(lambda: loads(text))
    number, _ = timer.autorange()
    return min(timer.repeat(REPEATS, number)) / number * 1e6


def measure() -> dict[str, tuple[int, float]]:
    """Per game: the largest state's size in bytes and its ``loads`` time in µs."""
    found: dict[str, tuple[int, float]] = {}
    for name in sorted(partyrules.GAMES):
        text = largest_state(partyrules.get_game(name))
        found[name] = (len(text.encode()), microseconds(text))
    return found


def measure_at(revision: str, rounds: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """This tree's and ``revision``'s figures, measured alternately ``rounds`` times,
    keeping each one's best."""
    here = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as folder:
        tree = Path(folder) / "tree"
        subprocess.run(["git", "-C", str(here), "worktree", "add", "--detach", str(tree),
                        revision], check=True, capture_output=True)
        try:
            best: dict[str, dict[str, Any]] = {"now": {}, "then": {}}
            for _ in range(rounds):
                for label, source in (("then", tree / "src"), ("now", here / "src")):
                    result = subprocess.run(
                        [sys.executable, __file__, "--json"], check=True, text=True,
                        capture_output=True,
                        env={**os.environ, "PYTHONPATH": str(source)}, cwd=folder)
                    for name, (size, micros) in json.loads(result.stdout).items():
                        known = best[label].get(name)
                        if known is None or micros < known[1]:
                            best[label][name] = (size, micros)
        finally:
            subprocess.run(["git", "-C", str(here), "worktree", "remove", "--force",
                            str(tree)], check=True, capture_output=True)
    return best["now"], best["then"]


def table(now: dict[str, Any], then: dict[str, Any], revision: str) -> str:
    lines = [f"| game | state KB now | state KB at {revision} | µs loads at {revision} "
             "| µs loads now | now ÷ then |", "|:---|---:|---:|---:|---:|---:|"]
    for name in sorted(now):
        size, micros = now[name]
        old_size, old_micros = then.get(name, (0, float("nan")))
        lines.append(f"| {name} | {size / 1024:.1f} | {old_size / 1024:.1f} | "
                     f"{old_micros:.0f} | {micros:.0f} | {micros / old_micros:.2f}x |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", metavar="REVISION",
                        help="also measure this git revision, in the same run")
    parser.add_argument("--rounds", type=int, default=3,
                        help="alternate measurements per revision (default 3)")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.json:
        print(json.dumps(measure()))
        return 0
    if args.against is None:
        for name, (size, micros) in measure().items():
            print(f"{name}: {size / 1024:.1f} KB, {micros:.0f} µs per loads")
        return 0
    now, then = measure_at(args.against, args.rounds)
    print(table(now, then, args.against))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
