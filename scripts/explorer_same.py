"""Check that the explorer of this checkout finds what an earlier revision's finds.

Usage::

    git worktree add /tmp/base-explorer 6d8dcbd   # the revision before, once
    python scripts/explorer_same.py [--base /tmp/base-explorer] [--states N]

Both revisions, each in a subprocess with its own ``src`` first on the path, explore the
same cases and print each report whole but for its seconds (states found and checked,
transitions, terminal states, outcomes, depth, completeness, what stopped it, and any
violation: its check, its message, its replay): every stored position of every game
(``partyrules.GAMES``) to a budget of ``--states`` states (default 3,000; ``none``
explores to the end), and the explorer's seeded faults (a rule that accepts forged
actions, a leaking view, a crash, an ending with seats to act, an invalid state, a
property that fails, a tie that turns a card down) on the first game's setup and stored
positions. This checkout runs each case three times: with its defaults, with
``every_round_trip`` and with two worker processes. Exits 1, naming the case, when a report differs.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

CASES = r'''
import json, sys
import attrs
import partyrules
from partyrules.core.game import Property
from partyrules.core.verify import explore, stored_positions

states = None if sys.argv[1] == "none" else int(sys.argv[1])
options = json.loads(sys.argv[2])

def said(report):
    return repr(attrs.evolve(report, seconds=0.0))

cases = {}
for name, game in partyrules.GAMES.items():
    for position, start in stored_positions(game).items():
        cases[f"{name} {position}"] = lambda game=game, start=start: explore(
            game, start=start, max_states=states, **options)

# Seeded faults, each in the first registered game that has stored positions.
game = next(g for g in partyrules.GAMES.values() if stored_positions(g))
config = game.Config(players=game.min_players)
start = next(iter(stored_positions(game).values()))

def lenient(state, action):
    try:
        return game.apply(state, action)
    except partyrules.IllegalAction:
        return state

def crashing(state, action):
    if len(repr(action)) % 5 == 0:
        raise ZeroDivisionError("a seeded crash")
    return game.apply(state, action)

def leaky(state, seat):
    return game.view(state, 0 if seat is None else seat)

root = game.setup(config, 1)
second = {game.apply(root, a) for s in game.to_act(root) for a in game.legal_actions(root, s)}

def strict(state):
    game.validate(state)
    if state in second:
        raise partyrules.CorruptState("a state one action deep", "x")

faults = {
    "accepts forged actions": attrs.evolve(game, apply=lenient),
    "crashes": attrs.evolve(game, apply=crashing),
    "leaks to the spectator": attrs.evolve(game, view=leaky),
    "ends with seats to act": attrs.evolve(game, is_terminal=lambda state: True),
    "invalid one action deep": attrs.evolve(game, validate=strict),
    "a property fails": attrs.evolve(game, properties=(
        Property("one_at_a_time", "one seat to act at most",
                 lambda state: len(game.to_act(state)) < 2),)),
}
for label, faulty in faults.items():
    cases[f"fault: {label}, setup"] = lambda faulty=faulty: explore(
        faulty, config, seed=1, max_states=2000, **options)
    cases[f"fault: {label}, stored position"] = lambda faulty=faulty: explore(
        faulty, start=start, max_states=2000, **options)

print(json.dumps({label: said(run()) for label, run in cases.items()}))
'''


def reports(root: Path, states: str, options: dict[str, object]) -> dict[str, str]:
    """Each case's report, as the revision at ``root`` prints it."""
    env = dict(os.environ, PYTHONPATH=str(root / "src"))
    done = subprocess.run([sys.executable, "-c", CASES, states, json.dumps(options)],
                          env=env, cwd=root, capture_output=True, text=True, check=True)
    found: dict[str, str] = json.loads(done.stdout)
    return found


def main() -> int:
    """Compare the reports; 0 when every one is the same."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, default=Path("/tmp/base-explorer"))
    parser.add_argument("--states", default="3000")
    args = parser.parse_args()
    before = reports(args.base, args.states, {})
    differ = 0
    for options in ({}, {"every_round_trip": True}, {"workers": 2}):
        after = reports(HERE, args.states, options)
        for case, report in before.items():
            if after.get(case) != report:
                differ += 1
                print(f"DIFFERS {options} {case}:\n  before {report}\n  after  "
                      f"{after.get(case)}")
        print(f"{len(before)} cases, options {options}: "
              f"{len(before) - differ} the same", flush=True)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
