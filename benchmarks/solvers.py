"""How far OpenSpiel's tabular solvers get on each game's ``preset="tiny"``.

Usage::

    python benchmarks/solvers.py [--seconds 60] [--position-seconds 20] [--game NAME]...
                                 [--nash-iterations 200]

For every game, external-sampling MCCFR (``open_spiel.python.algorithms.
external_sampling_mccfr``) runs on ``preset="tiny"`` (``turn_based`` for a game with
simultaneous steps, which MCCFR needs; the deal a chance node over the default
``deals``) for ``--seconds`` seconds, in a process of its own: an iteration still under
way when the time is up is cut off and not counted. The table gives the iterations
done, the information sets stored, the nodes visited a second (an iteration walks every
action of the updating seat, one sampled action of the others), the growth of the
process's peak memory, and an estimate of the leaves one iteration walks (Knuth's
estimate from random playouts: the product of the updating seat's numbers of legal
actions along a playout, averaged, summed over the seats), which says why an iteration
finishes or not. Outcome-sampling MCCFR, which samples one path a walk, runs after it
for a sixth of the time, for comparison; then OpenSpiel's C++ external sampling
(``pyspiel.ExternalSamplingMCCFRSolver``, the same algorithm, its loop in C++ calling the
Python game) for ``--seconds``.

Then the same for ``--position-seconds`` on every stored position of those games (the
OpenSpiel parameter ``position``: an endgame of one deal, the replay's).

Then ``exploitability.nash_conv`` is computed on the smallest config it walks whole,
When I Dream's ``preset="one_card"`` over a few deals: for the uniform policy and for
MCCFR's average policy after ``--nash-iterations`` iterations, with the size of the
game tree, and on a Dinner endgame (``position="pile_just_ran_out"``).

Prints Markdown tables. Times are wall-clock on whatever else the machine runs.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import resource
import signal
import statistics
import subprocess
import sys
import time
from types import FrameType
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
from open_spiel.python import policy as policy_lib  # type: ignore[import-not-found, import-untyped, unused-ignore]
from open_spiel.python.algorithms import (  # type: ignore[import-not-found, import-untyped, unused-ignore]
    exploitability,
    external_sampling_mccfr,
    outcome_sampling_mccfr,
)

import partyrules
from partyrules.adapters import openspiel
from partyrules.core.verify import stored_positions

openspiel.register()

NASH_GAME = "when_i_dream"
NASH_PRESET = "one_card"
NASH_DEALS = 4
"""The config ``nash_conv`` walks whole: its tree, times the deals, stays small."""


class TimeUp(Exception):
    """The time budget ran out in the middle of an iteration."""


class CountingSolver(external_sampling_mccfr.ExternalSamplingSolver):  # type: ignore[misc]
    """External sampling MCCFR that counts the nodes it visits."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.nodes = 0

    def _update_regrets(self, state: Any, player: int) -> float:
        self.nodes += 1
        return super()._update_regrets(state, player)  # type: ignore[no-any-return]


def tiny_params(name: str) -> dict[str, Any]:
    """The OpenSpiel parameters of a game's tiny preset, as MCCFR needs them."""
    params: dict[str, Any] = {"preset": "tiny"}
    if partyrules.get_game(name).simultaneous_steps:
        params[openspiel.TURN_BASED] = True
    return params


def estimated_leaves(game: Any, playouts: int = 30) -> float:
    """log10 of the leaves one ES iteration walks, estimated from random playouts."""
    rng = random.Random(0)
    players = game.num_players()
    products: list[list[float]] = []
    for _ in range(playouts):
        state = game.new_initial_state()
        logs = [0.0] * players
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.randrange(len(state.chance_outcomes())))
                continue
            legal = state.legal_actions()
            logs[state.current_player()] += math.log10(len(legal))
            state.apply_action(rng.choice(legal))
        products.append(logs)
    top = max(max(logs) for logs in products)
    total = sum(statistics.mean(10 ** (logs[seat] - top) for logs in products)
                for seat in range(players))
    return top + math.log10(total)


def rss_mb() -> float:
    """The peak resident memory of this process so far, in MB (Linux: ru_maxrss in kB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def time_up(signum: int, frame: FrameType | None) -> None:
    """The alarm's handler: stop the iteration under way."""
    raise TimeUp


def iterate(solver: Any, seconds: float) -> tuple[int, float]:
    """Iterations of ``solver`` done in ``seconds`` (one under way then is cut off), and
    the seconds they took in all."""
    signal.signal(signal.SIGALRM, time_up)
    iterations, start = 0, time.perf_counter()
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        while True:
            solver.iteration()
            iterations += 1
    except TimeUp:
        pass
    return iterations, time.perf_counter() - start


class CppSolver:
    """OpenSpiel's C++ external sampling MCCFR (``pyspiel.ExternalSamplingMCCFRSolver``)
    on the Python game, with :func:`iterate`'s ``iteration``."""

    def __init__(self, game: Any) -> None:
        self.solver = pyspiel.ExternalSamplingMCCFRSolver(game, seed=0)

    def iteration(self) -> None:
        """One iteration: a walk per seat."""
        self.solver.run_iteration()


def position_params(name: str, position: str) -> dict[str, Any]:
    """The OpenSpiel parameters that start at one of a game's stored positions."""
    params: dict[str, Any] = {openspiel.POSITION: position}
    if partyrules.get_game(name).simultaneous_steps:
        params[openspiel.TURN_BASED] = True
    return params


def measure(name: str, seconds: float, position: str = "") -> dict[str, Any]:
    """MCCFR on ``name``'s tiny preset (or its stored ``position``) for ``seconds``
    (this process only)."""
    params = position_params(name, position) if position else tiny_params(name)
    game = pyspiel.load_game(openspiel.short_name(partyrules.get_game(name)), params)
    leaves = estimated_leaves(game)
    np.random.seed(0)  # the solvers sample with NumPy's global generator
    solver = CountingSolver(game)
    before = rss_mb()
    iterations, elapsed = iterate(solver, seconds)
    grown = rss_mb() - before
    outcome, outcome_s = iterate(outcome_sampling_mccfr.OutcomeSamplingSolver(game),
                                 seconds / 6)
    cpp, cpp_s = iterate(CppSolver(game), seconds) if not position else (0, 1.0)
    return {"game": name, "position": position, "players": game.config.players,
            "iterations": iterations,
            "seconds": elapsed, "infosets": len(solver._infostates),
            "nodes_per_s": solver.nodes / elapsed, "memory_mb": grown,
            "leaves_log10": leaves, "outcome_per_s": outcome / outcome_s,
            "cpp_iterations": cpp, "cpp_seconds": cpp_s}


def uniform_and_solved(game: Any, iterations: int) -> tuple[float, float, float, float,
                                                             float]:
    """``nash_conv`` of the uniform policy and its seconds, then of external-sampling
    MCCFR's average policy after ``iterations`` and its seconds, and the seconds the
    iterations took."""
    start = time.perf_counter()
    uniform = exploitability.nash_conv(game, policy_lib.UniformRandomPolicy(game))
    uniform_s = time.perf_counter() - start
    np.random.seed(0)
    solver = external_sampling_mccfr.ExternalSamplingSolver(game)
    start = time.perf_counter()
    for _ in range(iterations):
        solver.iteration()
    solve_s = time.perf_counter() - start
    start = time.perf_counter()
    learnt = exploitability.nash_conv(game, solver.average_policy())
    return uniform, uniform_s, learnt, time.perf_counter() - start, solve_s


def tree_nodes(game: Any) -> int:
    """The nodes of ``game``'s whole tree, chance nodes and deals included."""
    nodes = 0
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        nodes += 1
        if state.is_terminal():
            continue
        if state.is_chance_node():
            stack += [state.child(outcome) for outcome, _ in state.chance_outcomes()]
        else:
            stack += [state.child(action) for action in state.legal_actions()]
    return nodes


def nash_conv_rows(label: str, game: Any, iterations: int) -> list[str]:
    """nash_conv of the uniform policy and of MCCFR's average policy on ``game``, with
    its tree size, as the rows of a table."""
    nodes = tree_nodes(game)
    uniform, uniform_s, learnt, learnt_s, solve_s = uniform_and_solved(game, iterations)
    return [
        f"| {label} | {nodes:,} | uniform | {uniform:.3f} | {uniform_s:.1f} |",
        f"| {label} | {nodes:,} | ES-MCCFR average, {iterations} iterations "
        f"({solve_s:.1f} s) | {learnt:.3f} | {learnt_s:.1f} |",
    ]


ENDGAME = ("dinner", "pile_just_ran_out")
"""The stored position whose ``nash_conv`` the benchmark computes too."""


def main(argv: list[str] | None = None) -> None:
    """Measure every game (each in a process of its own) and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--game", action="append", choices=sorted(partyrules.GAMES))
    parser.add_argument("--nash-iterations", type=int, default=200)
    parser.add_argument("--position-seconds", type=float, default=20.0)
    parser.add_argument("--one", help=argparse.SUPPRESS)  # a child process: one game
    parser.add_argument("--position", default="", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:
        print(json.dumps(measure(args.one, args.seconds, args.position)))
        return
    print(f"External-sampling MCCFR, {args.seconds:.0f} s per game, `preset=\"tiny\"`:\n")
    print("| game | players | iterations | iterations/s | nodes/s | infosets | "
          "memory growth (MB) | leaves per iteration (est.) | outcome sampling, "
          "iterations/s | C++ solver, iterations |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name in args.game or sorted(partyrules.GAMES):
        done = subprocess.run([sys.executable, __file__, "--one", name, "--seconds",
                               str(args.seconds)], capture_output=True, text=True,
                              check=True)
        row = json.loads(done.stdout.strip().splitlines()[-1])
        print(f"| {row['game']} | {row['players']} | {row['iterations']} | "
              f"{row['iterations'] / row['seconds']:.2f} | {row['nodes_per_s']:,.0f} | "
              f"{row['infosets']:,} | {row['memory_mb']:,.0f} | "
              f"10^{row['leaves_log10']:.1f} | {row['outcome_per_s']:,.0f} | "
              f"{row['cpp_iterations']} |", flush=True)
    print(f"\nExternal-sampling MCCFR, {args.position_seconds:.0f} s per stored position "
          "(`position=...`, the replay's one deal):\n")
    print("| game | position | players | iterations | iterations/min | infosets | "
          "leaves per iteration (est.) |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for name in args.game or sorted(partyrules.GAMES):
        for position in stored_positions(partyrules.get_game(name)):
            done = subprocess.run([sys.executable, __file__, "--one", name, "--position",
                                   position, "--seconds", str(args.position_seconds)],
                                  capture_output=True, text=True, check=True)
            row = json.loads(done.stdout.strip().splitlines()[-1])
            print(f"| {name} | `{position}` | {row['players']} | {row['iterations']:,} | "
                  f"{60 * row['iterations'] / row['seconds']:,.0f} | {row['infosets']:,} | "
                  f"10^{row['leaves_log10']:.1f} |", flush=True)
    smallest = pyspiel.load_game(openspiel.short_name(partyrules.get_game(NASH_GAME)),
                                 {"preset": NASH_PRESET, "deals": NASH_DEALS})
    name, position = ENDGAME
    endgame = pyspiel.load_game(openspiel.short_name(partyrules.get_game(name)),
                                position_params(name, position))
    print("\n| config | tree nodes | policy | nash_conv | seconds |")
    print("|---|---:|---|---:|---:|")
    print("\n".join(nash_conv_rows(
        f"{NASH_GAME} `preset=\"{NASH_PRESET}\"`, `deals={NASH_DEALS}`", smallest,
        args.nash_iterations)))
    print("\n".join(nash_conv_rows(f"{name} `position=\"{position}\"`", endgame,
                                    args.nash_iterations)))


if __name__ == "__main__":
    main()
