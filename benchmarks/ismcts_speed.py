"""How fast the ISMCTS bot decides, now and at another revision, in one run.

Usage::

    python benchmarks/ismcts_speed.py --against 3b4ea05 [--iterations 200] [--rounds 3]

The same decision states (mid-game states of seeded random games where a seat has more
than one legal action, written once as JSON by this tree) are searched by this tree's
``ISMCTSBot`` and by ``REVISION``'s, each in its own process (``REVISION`` checked out in
a temporary git worktree), alternately ``--rounds`` times, keeping each one's best time.
Prints a Markdown table of decisions per second and the ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bots import MATCHES  # benchmarks/bots.py, beside this script: the same configs

import partyrules

STATES_PER_GAME = 12
"""Decision states searched per game."""


def decision_states(name: str) -> list[tuple[Any, int]]:
    """Mid-game states of seeded random games, with a seat that has a real choice."""
    game = partyrules.get_game(name)
    config = game.Config(**MATCHES[name])
    found: list[tuple[Any, int]] = []
    seed = 0
    while len(found) < STATES_PER_GAME:
        record = partyrules.play_match(game, config, [partyrules.RandomPlayer(game)]
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


def time_search(path: Path, iterations: int) -> dict[str, float]:
    """Decisions per second of this process's ISMCTS bot on the states in ``path``."""
    from partyrules.bots import ISMCTSBot

    speeds: dict[str, float] = {}
    for name, states in json.loads(path.read_text(encoding="utf-8")).items():
        game = partyrules.get_game(name)
        bot = ISMCTSBot(game, iterations)
        loaded = [(partyrules.loads(text), seat) for text, seat in states]
        start = time.perf_counter()
        for state, seat in loaded:
            bot.choose(state, seat, random.Random(1))
        speeds[name] = len(loaded) / (time.perf_counter() - start)
    return speeds


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print the table (or, with ``--states``, time one tree and print JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", metavar="REVISION")
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--states", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.states is not None:
        print(json.dumps(time_search(args.states, args.iterations)))
        return 0
    if args.against is None:
        parser.error("--against REVISION is required")
    here = Path(__file__).resolve().parent.parent
    best: dict[str, dict[str, float]] = {"now": {}, "then": {}}
    with tempfile.TemporaryDirectory() as folder:
        states = Path(folder) / "states.json"
        states.write_text(json.dumps({name: [(partyrules.dumps(state), seat)
                                             for state, seat in decision_states(name)]
                                      for name in MATCHES}), encoding="utf-8")
        tree = Path(folder) / "tree"
        subprocess.run(["git", "-C", str(here), "worktree", "add", "--detach", str(tree),
                        args.against], check=True, capture_output=True)
        try:
            for _ in range(args.rounds):
                for label, source in (("then", tree / "src"), ("now", here / "src")):
                    result = subprocess.run(
                        [sys.executable, __file__, "--states", str(states),
                         "--iterations", str(args.iterations)], check=True, text=True,
                        capture_output=True, env={**os.environ, "PYTHONPATH": str(source)},
                        cwd=folder)
                    for name, speed in json.loads(result.stdout).items():
                        best[label][name] = max(speed, best[label].get(name, 0.0))
        finally:
            subprocess.run(["git", "-C", str(here), "worktree", "remove", "--force",
                            str(tree)], check=True, capture_output=True)
    print(f"| game | config | decisions/s at {args.against} | decisions/s now | now ÷ then |")
    print("|:---|:---|---:|---:|---:|")
    for name in MATCHES:
        then, now = best["then"][name], best["now"][name]
        config = ", ".join(f"{key}={value}" for key, value in MATCHES[name].items())
        print(f"| {name} | {config} | {then:.1f} | {now:.1f} | {now / then:.2f}x |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
