"""What the adapters cost over driving the rules directly, and print a Markdown table.

Usage::

    python benchmarks/adapter_cost.py [--seconds S] [--rounds R] [--game NAME]...
        [--no-context] [--profile PATH]

For every registered game (4 players where the game allows them, Dylan Dog with a turn
limit of 150, which OpenSpiel needs for its length bound) random games are played three
ways, with the same deals, one step being one seat's decision:

* **direct**: the rules alone: ``game.legal_actions(state, seat)``, a uniform choice among
  them, ``game.apply(state, action)`` (the seat is the one seat to act, or one of the
  racing or simultaneous seats drawn uniformly; when only the table may act, its first
  listed ruling is applied, as the adapters do, inside the step that led there);
* **OpenSpiel**: ``pyspiel.load_game("partyrules_<name>", ...)`` (``turn_based=True`` for
  a game with simultaneous steps, so that a step is one seat's decision there too); a
  step is ``current_player()``, ``legal_actions(player)`` (OpenSpiel's form of the
  mask), the observation tensor of the player (``make_observation(game).set_from(state,
  player)``, OpenSpiel's NumPy observer) and ``apply_action`` of a uniform choice;
* **PettingZoo**: ``partyrules.adapters.pettingzoo.env``; a step is ``last()`` (the
  observation tensor and the action mask of the agent to act) and ``step`` of a uniform
  choice among the mask's ids.

Each path's figure is its time per step: the decisions of a batch of games (reset and
set-up not timed; the clock runs from the first decision of a game to its end) divided
into their time. Times are the process's CPU time (``time.process_time``), which other
work on a shared machine disturbs less than the wall clock. The three paths are run
alternately, ``--rounds`` times (default 3), each round playing the same seeds on every
path for about ``--seconds`` (default 1.5) of the direct path; the best round of each
path is kept (load slows a round, never speeds one up). The table gives the direct step
in µs, and each adapter's step as a multiple of it.

``--no-context`` leaves out OpenSpiel's own pure-Python games (``python_*``), played the
same way as the OpenSpiel path, for context: their steps per second with tensor and mask.
``--profile PATH`` runs cProfile over one round of every path of the chosen games and
writes the 25 largest own-time entries of each to ``PATH`` (the profiler slows every
call, so the table of that run is not comparable).

``--parts`` prints instead what each piece of an adapter step costs, without a profiler:
the states a direct random game met (its first ``PART_STATES`` decisions), each piece
timed over all of them, best of 3 passes, in µs per state: the rules' listing and
``apply`` (the direct step), ``apply_listed`` (the game's apply without the rule check,
for an action it listed itself), then the adapters' numbering (``driver.numbered``), the
seat's view, its tensor (``driver.seat_tensor``, the view included), the turn model
(``driver.settle`` and ``driver.next_turn`` of the state after the action) and the
narration PettingZoo records (``describe_action``).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import platform
import pstats
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import open_spiel.python.games  # type: ignore[import-not-found, import-untyped, unused-ignore]  # noqa: F401  (registers OpenSpiel's Python games)
import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
from open_spiel.python.observation import (  # type: ignore[import-not-found, import-untyped, unused-ignore]
    make_observation,
)

import partyrules
from partyrules.adapters import driver, openspiel, pettingzoo
from partyrules.core.game import TABLE
from partyrules.core.rng import Rng

AnyGame = partyrules.Game[Any, Any, Any, Any]
"""A registered game of any types."""

PREFERRED_PLAYERS = 4
"""The table size used when a game supports it (else the game's ``min_players``)."""
EXTRA_CONFIG: dict[str, dict[str, Any]] = {"dylan_dog": {"turn_limit": 150}}
"""Config fields besides ``players`` (OpenSpiel needs a bound on a game's length)."""
CONTEXT_GAMES = ("python_tic_tac_toe", "python_kuhn_poker", "python_liars_poker",
                 "python_block_dominoes")
"""OpenSpiel's own pure-Python games measured for context, where installed."""
SEED = 20261207
"""The seed of the choosing ``random.Random`` (game ``i`` is dealt with seed ``i``)."""
PART_STATES = 3000
"""The decision states ``--parts`` times each piece over."""
DEFAULT_SECONDS = 1.5
CLOCK = time.process_time
"""The clock of every timed part: this process's CPU time."""
DEFAULT_ROUNDS = 3

Episode = Callable[[int, random.Random], tuple[float, int]]
"""One game with a deal seed and a choosing rng: (seconds of its decisions, decisions)."""


@dataclass(frozen=True)
class Row:
    """One line of the table: a game's per-step times, best round of each path."""

    game: str
    players: int
    games: int
    steps: int
    direct_us: float
    openspiel_us: float
    pettingzoo_us: float


def players_for(game: AnyGame) -> int:
    """``PREFERRED_PLAYERS`` when the game supports it, else its minimum."""
    if game.min_players <= PREFERRED_PLAYERS <= game.max_players:
        return PREFERRED_PLAYERS
    return game.min_players


def direct_episode(game: AnyGame, config: Any) -> Episode:
    """A random game through the rules alone (see the module's docs)."""
    clock = CLOCK
    legal_actions, apply, to_act = game.legal_actions, game.apply, game.to_act
    is_terminal = game.is_terminal

    def episode(seed: int, rng: random.Random) -> tuple[float, int]:
        state = game.setup(config, seed)
        steps = 0
        start = clock()
        while not is_terminal(state):
            seats = sorted(to_act(state))
            if seats[0] == TABLE:
                if len(seats) == 1:  # the table alone: its first ruling, as the adapters
                    state = apply(state, next(iter(legal_actions(state, TABLE))))
                    continue
                del seats[0]
            seat = seats[0] if len(seats) == 1 else seats[rng.randrange(len(seats))]
            actions = list(legal_actions(state, seat))
            state = apply(state, actions[rng.randrange(len(actions))])
            steps += 1
        return clock() - start, steps

    return episode


def _initial(name: str, params: dict[str, Any], seed: int, rng: random.Random) -> Any:
    """The first decision state of an OpenSpiel game: dealt from ``seed`` (a game with a
    ``seed`` parameter) and past any chance node (outcomes drawn with ``rng``)."""
    spec = pyspiel.load_game(name).get_parameters()
    loaded = pyspiel.load_game(name, {**params, "seed": seed} if "seed" in spec else params)
    state = loaded.new_initial_state()
    while state.is_chance_node():
        outcomes = [outcome for outcome, _ in state.chance_outcomes()]
        state.apply_action(outcomes[rng.randrange(len(outcomes))])
    return loaded, state


def openspiel_episode(name: str, params: dict[str, Any]) -> Episode:
    """A random game through OpenSpiel (see the module's docs); ``name`` is an OpenSpiel
    game name."""
    clock = CLOCK

    def episode(seed: int, rng: random.Random) -> tuple[float, int]:
        loaded, state = _initial(name, params, seed, rng)
        observer = make_observation(loaded)
        steps = 0
        start = clock()
        while not state.is_terminal():
            if state.is_chance_node():  # a game that draws later (OpenSpiel's own)
                outcomes = [outcome for outcome, _ in state.chance_outcomes()]
                state.apply_action(outcomes[rng.randrange(len(outcomes))])
                continue
            player = state.current_player()
            legal = state.legal_actions(player)
            observer.set_from(state, player)
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
        return clock() - start, steps

    return episode


def pettingzoo_episode(game: AnyGame, config: Any) -> Episode:
    """A random game through the PettingZoo AEC environment (see the module's docs)."""
    clock = CLOCK
    fields = {name: getattr(config, name) for name in EXTRA_CONFIG.get(game.name, {})}
    table = pettingzoo.env(game, config.players, **fields)

    def episode(seed: int, rng: random.Random) -> tuple[float, int]:
        table.reset(seed=seed)
        steps = 0
        start = clock()
        while True:
            observation, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                break
            ids = np.flatnonzero(observation["action_mask"])
            table.step(int(ids[rng.randrange(len(ids))]))
            steps += 1
        return clock() - start, steps

    return episode


def batch(episode: Episode, seeds: Sequence[int]) -> tuple[float, int]:
    """Seconds and decisions of one game per seed, each with its own seeded rng."""
    seconds, steps = 0.0, 0
    for seed in seeds:
        spent, count = episode(seed, random.Random(SEED + seed))
        seconds += spent
        steps += count
    return seconds, steps


def seeds_for(episode: Episode, seconds: float) -> list[int]:
    """The seeds of a round: games of ``episode`` are played until ``seconds`` pass (at
    least one)."""
    seeds: list[int] = []
    begin = time.perf_counter()
    while not seeds or time.perf_counter() - begin < seconds:
        seeds.append(len(seeds))
        batch(episode, seeds[-1:])
    return seeds


def measure(game: AnyGame, seconds: float, rounds: int,
            profile: dict[str, cProfile.Profile] | None = None) -> Row:
    """Every path of one game, alternately ``rounds`` times; the best round of each."""
    players = players_for(game)
    extra = EXTRA_CONFIG.get(game.name, {})
    config = game.Config(players=players, **extra)
    params: dict[str, Any] = {"players": players, **extra}
    if game.simultaneous_steps:
        params[openspiel.TURN_BASED] = True
    paths: dict[str, Episode] = {
        "direct": direct_episode(game, config),
        "openspiel": openspiel_episode(openspiel.short_name(game), params),
        "pettingzoo": pettingzoo_episode(game, config),
    }
    for episode in paths.values():  # warm-up: caches, first-call costs
        batch(episode, [10_000])
    seeds = seeds_for(paths["direct"], seconds)
    best = dict.fromkeys(paths, float("inf"))
    steps = dict.fromkeys(paths, 0)
    for _ in range(rounds):
        for path, episode in paths.items():
            profiler = profile.setdefault(path, cProfile.Profile()) if profile is not None \
                else None
            if profiler is not None:
                profiler.enable()
            spent, count = batch(episode, seeds)
            if profiler is not None:
                profiler.disable()
            best[path] = min(best[path], spent / max(count, 1))
            steps[path] = count
        if profile is not None:
            break
    return Row(game.name, players, len(seeds), steps["direct"], best["direct"] * 1e6,
               best["openspiel"] * 1e6, best["pettingzoo"] * 1e6)


def context(name: str, seconds: float, rounds: int) -> tuple[int, float] | None:
    """OpenSpiel's own game ``name`` the way the OpenSpiel path plays ours: its steps and
    its best µs per step, or None where it is not installed."""
    if name not in {entry.short_name for entry in pyspiel.registered_games()}:
        return None
    episode = openspiel_episode(name, {})
    batch(episode, [10_000])
    seeds = seeds_for(episode, seconds / 2)
    best, count = float("inf"), 0
    for _ in range(rounds):
        spent, count = batch(episode, seeds)
        best = min(best, spent / max(count, 1))
    return count, best * 1e6


def decisions(game: AnyGame, config: Any, count: int) -> list[tuple[Any, int, Any]]:
    """``(state, seat, action)`` of the first ``count`` decisions of direct random games
    (the direct path's choices, games dealt from seeds 0, 1, ...)."""
    found: list[tuple[Any, int, Any]] = []
    seed = 0
    while len(found) < count:
        rng = random.Random(SEED + seed)
        state = game.setup(config, seed)
        while not game.is_terminal(state) and len(found) < count:
            seats = sorted(game.to_act(state))
            if seats[0] == TABLE:
                if len(seats) == 1:
                    state = game.apply(state, next(iter(game.legal_actions(state, TABLE))))
                    continue
                del seats[0]
            seat = seats[0] if len(seats) == 1 else seats[rng.randrange(len(seats))]
            actions = list(game.legal_actions(state, seat))
            action = actions[rng.randrange(len(actions))]
            found.append((state, seat, action))
            state = game.apply(state, action)
        seed += 1
    return found


def parts(game: AnyGame) -> dict[str, float]:
    """µs per decision state of each piece of an adapter step (see the module's docs)."""
    extra = EXTRA_CONFIG.get(game.name, {})
    config = game.Config(players=players_for(game), **extra)
    met = decisions(game, config, PART_STATES)
    after = [game.apply(state, action) for state, _, action in met]
    rng = Rng.from_seed(SEED)
    apply_listed = game.apply_listed or game.apply
    pieces: dict[str, Callable[[Any, int, Any, Any], object]] = {
        "listing": lambda state, seat, action, _: tuple(game.legal_actions(state, seat)),
        "apply": lambda state, seat, action, _: game.apply(state, action),
        "apply_listed": lambda state, seat, action, _: apply_listed(state, action),
        "numbered": lambda state, seat, action, _: driver.numbered(game, state, seat),
        "view": lambda state, seat, action, _: game.view(state, seat),
        "tensor": lambda state, seat, action, _: driver.seat_tensor(game, state, seat),
        "turn model": lambda state, seat, action, following: driver.next_turn(
            game, driver.settle(game, following), rng),
        "narration": lambda state, seat, action, _: game.describe_action(state, action,
                                                                          None),
    }
    timed: dict[str, float] = {}
    for name, piece in pieces.items():
        best = float("inf")
        for _ in range(3):
            start = CLOCK()
            for (state, seat, action), following in zip(met, after, strict=True):
                piece(state, seat, action, following)
            best = min(best, CLOCK() - start)
        timed[name] = best / len(met) * 1e6
    return timed


def parts_table(found: dict[str, dict[str, float]]) -> str:
    """The Markdown table of ``--parts``."""
    names = list(next(iter(found.values())))
    lines = ["| game | " + " | ".join(names) + " |",
             "|:---|" + "|".join(["---:"] * len(names)) + "|"]
    lines += [f"| {game} | " + " | ".join(f"{timed[name]:.1f}" for name in names) + " |"
              for game, timed in found.items()]
    return "\n".join(lines)


TIMES = "\N{MULTIPLICATION SIGN}"
"""The multiplication sign of the ratio columns (spelled by name for ruff)."""


def table(rows: Sequence[Row]) -> str:
    """The Markdown table of the games."""
    header = ("game", "players", "games", "steps", "direct µs/step", "direct steps/s",
              "OpenSpiel µs/step", f"OpenSpiel {TIMES} direct", "PettingZoo µs/step",
              f"PettingZoo {TIMES} direct")
    lines = ["| " + " | ".join(header) + " |",
             "|" + "|".join([":---"] + ["---:"] * (len(header) - 1)) + "|"]
    for row in rows:
        cells = (row.game, str(row.players), f"{row.games:,}", f"{row.steps:,}",
                 f"{row.direct_us:.1f}", f"{1e6 / row.direct_us:,.0f}",
                 f"{row.openspiel_us:.1f}", f"{row.openspiel_us / row.direct_us:.2f}{TIMES}",
                 f"{row.pettingzoo_us:.1f}",
                 f"{row.pettingzoo_us / row.direct_us:.2f}{TIMES}")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def context_table(found: Sequence[tuple[str, int, float]]) -> str:
    """The Markdown table of OpenSpiel's own games."""
    lines = ["| OpenSpiel game | steps | µs/step | steps/s |", "|:---|---:|---:|---:|"]
    lines += [f"| {name} | {steps:,} | {us:.1f} | {1e6 / us:,.0f} |"
              for name, steps, us in found]
    return "\n".join(lines)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line (see the module's docs)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS, metavar="S",
                        help="direct-path seconds of games per round and game "
                             f"(default {DEFAULT_SECONDS})")
    parser.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS, metavar="R",
                        help=f"rounds of every path, the best kept (default {DEFAULT_ROUNDS})")
    parser.add_argument("--game", action="append", metavar="NAME",
                        choices=sorted(partyrules.GAMES), help="only this game (repeatable)")
    parser.add_argument("--no-context", action="store_true",
                        help="leave out OpenSpiel's own Python games")
    parser.add_argument("--profile", metavar="PATH",
                        help="write a cProfile summary of every path to PATH")
    parser.add_argument("--parts", action="store_true",
                        help="time each piece of an adapter step instead")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.seconds <= 0:
        parser.error("--rounds must be at least 1 and --seconds positive")
    return args


def profile_summary(profiles: dict[str, dict[str, cProfile.Profile]]) -> str:
    """The 25 largest own-time entries of each game's every path."""
    out = io.StringIO()
    for game, paths in profiles.items():
        for path, profiler in paths.items():
            out.write(f"\n## {game}: {path}\n")
            pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(25)
    return out.getvalue()


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print the tables; returns the exit status."""
    args = parse_args(argv)
    openspiel.register()
    names = args.game or sorted(partyrules.GAMES)
    if args.parts:
        print(f"µs per decision state, best of 3 passes over {PART_STATES:,} states:\n")
        print(parts_table({name: parts(partyrules.GAMES[name]) for name in names}))
        return 0
    profiles: dict[str, dict[str, cProfile.Profile]] = {}
    load_before = os.getloadavg()
    rows = [measure(partyrules.GAMES[name], args.seconds, args.rounds,
                    profiles.setdefault(name, {}) if args.profile else None)
            for name in names]
    found = []
    if not args.no_context and not args.profile:
        for name in CONTEXT_GAMES:
            measured = context(name, args.seconds, args.rounds)
            if measured is not None:
                found.append((name, *measured))
    load_after = os.getloadavg()
    print("### partyrules adapter cost")
    print("")
    print(f"- python: {platform.python_implementation()} {platform.python_version()}, "
          f"{platform.machine()}, {os.cpu_count()} cpus; OpenSpiel {pyspiel.__version__}")
    print(f"- load average (1 min) {load_before[0]:.2f} before, {load_after[0]:.2f} after")
    print(f"- {args.rounds} rounds of every path, best kept; about {args.seconds:g} s of "
          "direct play per round and game")
    print("")
    print(table(rows))
    if found:
        print("")
        print(context_table(found))
    if args.profile:
        with open(args.profile, "w", encoding="utf-8") as handle:
            handle.write(profile_summary(profiles))
        print(f"\n(profiled: the figures above are slowed by cProfile; see {args.profile})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
