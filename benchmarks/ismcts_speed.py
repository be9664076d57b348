"""How fast the ISMCTS bot decides, now and at another revision, in one run.

Usage::

    python benchmarks/ismcts_speed.py --against 3b4ea05 [--iterations 200] [--rounds 3]
        [--game NAME]...

The same decision states (mid-game states of seeded random games where a seat has more
than one legal action, written once as JSON by this tree) are searched by this tree's
``ISMCTSBot`` and by ``REVISION``'s, each in a fresh process (``REVISION``'s sources
exported to a temporary folder), alternately ``--rounds`` times, keeping each one's best
time. Each process searches every state twice, with other draws the second time (its
deals and playouts differ, as those of a bot's next decisions do): the first pass pays
what a process pays once (tables a game's planner builds on first use), the second is
the speed of a bot in play, whose searches follow one another; both are reported. Times are the
searching process's CPU time, which other work on a shared machine disturbs less than
the clock. Prints a Markdown table of decisions per second and the ratios, and whether
both trees took the same decisions (a digest of every decision of every pass and round,
by ``repr``; the processes run with ``PYTHONHASHSEED=0``).

``--callgrind`` counts instructions instead of timing (``valgrind --tool=callgrind``,
which load on a shared machine does not change): per tree and game, one process searches
every state of both passes and one only loads them, and the difference, per decision, is
the search's cost; the table gives both trees' and their ratio. It is slow (about a
minute per tree and game).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import partyrules
from partyrules.core.match import PeekingRandomPlayer

STATES_PER_GAME = 12
"""Decision states searched per game."""


def matches() -> dict[str, dict[str, Any]]:
    """The config of each game (those of benchmarks/bots.py, beside this script), read
    by this tree only: the searching processes may run an older tree's package, which
    bots.py need not import."""
    from bots import MATCHES

    return MATCHES


def decision_states(name: str) -> list[tuple[Any, int]]:
    """Mid-game states of seeded random games, with a seat that has a real choice."""
    game = partyrules.get_game(name)
    config = game.Config(**matches()[name])
    found: list[tuple[Any, int]] = []
    seed = 0
    while len(found) < STATES_PER_GAME:
        record = partyrules.play_match(game, config, [PeekingRandomPlayer(game)]
                                       * config.players, seed, max_steps=120,
                                       keep_states=True)
        assert record.states is not None
        for state in record.states[5::9][:3]:
            seats = [seat for seat in sorted(game.to_act(state)) if seat >= 0
                     and sum(1 for _ in game.legal_actions(state, seat)) > 1]
            if seats and len(found) < STATES_PER_GAME:
                found.append((state, seats[0]))
        seed += 1
    return found


PASSES = {"first": 1, "again": 2}
"""The two passes over a game's states in one process, and the seed of each one's
draws."""


def time_search(path: Path, iterations: int, only: str | None = None,
                search: bool = True) -> dict[str, dict[str, Any]]:
    """Decisions per second of this process's ISMCTS bot on the states in ``path``, per
    game and pass (:data:`PASSES`), and a digest of the decisions (``"decisions"``);
    ``only`` that game's; without ``search``, the states are only loaded."""
    from partyrules.bots import ISMCTSBot

    speeds: dict[str, dict[str, Any]] = {}
    for name, states in json.loads(path.read_text(encoding="utf-8")).items():
        if only is not None and name != only:
            continue
        game = partyrules.get_game(name)
        bot = ISMCTSBot(game, iterations)
        loaded = [(partyrules.loads(text), seat) for text, seat in states]
        speeds[name] = {}
        if not search:
            continue
        decisions = hashlib.sha256()
        for label, seed in PASSES.items():
            start = time.process_time()
            chosen = [bot.choose(state, seat, random.Random(seed)) for state, seat in loaded]
            speeds[name][label] = len(loaded) / (time.process_time() - start)
            decisions.update(repr(chosen).encode())
        speeds[name]["decisions"] = decisions.hexdigest()
    return speeds


def instructions(source: Path, states: Path, name: str, iterations: int,
                 search: bool) -> tuple[int, dict[str, Any]]:
    """The instructions of one process searching (or, without ``search``, only loading)
    ``name``'s states with the package at ``source``, and what it printed."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
               sys.executable, __file__, "--states", str(states), "--iterations",
               str(iterations), "--only", name] + ([] if search else ["--load-only"])
    result = subprocess.run(command, text=True, capture_output=True, check=False,
                            env={**os.environ, "PYTHONPATH": str(source),
                                 "PYTHONHASHSEED": "0"}, cwd=states.parent)
    found = re.search(r"Collected : (\d+)", result.stderr)
    if result.returncode or found is None:
        sys.exit(f"the count at {source} failed:\n{result.stderr[-2000:]}")
    printed: dict[str, Any] = json.loads(result.stdout)
    return int(found.group(1)), printed


def count_instructions(names: Sequence[str], states: Path, then: Path, now: Path,
                       args: argparse.Namespace) -> None:
    """Print the ``--callgrind`` table: instructions per decision at both trees."""
    decisions = STATES_PER_GAME * len(PASSES)
    print(f"| game | config | M instructions per decision at {args.against} | now "
          "| then ÷ now | same decisions |")
    print("|:---|:---|---:|---:|---:|:---|")
    for name in names:
        per: dict[str, float] = {}
        digests: dict[str, str] = {}
        for label, source in (("then", then), ("now", now)):
            searched, printed = instructions(source, states, name, args.iterations, True)
            loaded, _ = instructions(source, states, name, args.iterations, False)
            per[label] = (searched - loaded) / decisions / 1e6
            digests[label] = printed[name]["decisions"]
        config = ", ".join(f"{key}={value}" for key, value in matches()[name].items())
        same = "yes" if digests["then"] == digests["now"] else "NO"
        print(f"| {name} | {config} | {per['then']:.1f} | {per['now']:.1f} | "
              f"{per['then'] / per['now']:.2f}x | {same} |", flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print the table (or, with ``--states``, time one tree and print JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", metavar="REVISION")
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--callgrind", action="store_true",
                        help="count instructions under valgrind instead of timing")
    parser.add_argument("--states", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--only", help=argparse.SUPPRESS)
    parser.add_argument("--load-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.states is not None:
        print(json.dumps(time_search(args.states, args.iterations, args.only,
                                     not args.load_only)))
        return 0
    if args.against is None:
        parser.error("--against REVISION is required")
    here = Path(__file__).resolve().parent.parent
    names = args.game or list(matches())
    best: dict[str, dict[tuple[str, str], float]] = {"now": {}, "then": {}}
    decided: dict[str, dict[str, set[str]]] = {"now": {}, "then": {}}
    with tempfile.TemporaryDirectory() as folder:
        states = Path(folder) / "states.json"
        states.write_text(json.dumps({name: [(partyrules.dumps(state), seat)
                                             for state, seat in decision_states(name)]
                                      for name in names}), encoding="utf-8")
        tree = Path(folder) / "tree"
        tree.mkdir()
        archive = subprocess.run(["git", "-C", str(here), "archive", args.against, "src"],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
        if args.callgrind:
            count_instructions(names, states, tree / "src", here / "src", args)
            return 0
        for _ in range(args.rounds):
            for label, source in (("then", tree / "src"), ("now", here / "src")):
                result = subprocess.run(
                    [sys.executable, __file__, "--states", str(states),
                     "--iterations", str(args.iterations)], text=True,
                    capture_output=True, env={**os.environ, "PYTHONPATH": str(source),
                                              "PYTHONHASHSEED": "0"},
                    cwd=folder)
                if result.returncode:
                    sys.exit(f"the search at {label} failed:\n{result.stderr}")
                for name, passes in json.loads(result.stdout).items():
                    decided[label].setdefault(name, set()).add(passes.pop("decisions"))
                    for which, speed in passes.items():
                        key = (name, which)
                        best[label][key] = max(speed, best[label].get(key, 0.0))
    print(f"| game | config | decisions/s at {args.against} | decisions/s now | now ÷ then "
          "| first pass at {0} | first pass now | now ÷ then | same decisions |"
          .format(args.against))
    print("|:---|:---|---:|---:|---:|---:|---:|---:|:---|")
    for name in names:
        config = ", ".join(f"{key}={value}" for key, value in matches()[name].items())
        cells = []
        for which in ("again", "first"):
            then, now = best["then"][name, which], best["now"][name, which]
            cells.append(f"{then:.1f} | {now:.1f} | {now / then:.2f}x")
        same = decided["now"][name] == decided["then"][name] and len(decided["now"][name]) == 1
        cells.append("yes" if same else "NO")
        print(f"| {name} | {config} | {' | '.join(cells)} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
