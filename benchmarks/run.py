"""Benchmark every registered partyrules game and print a Markdown table.

Usage::

    python benchmarks/run.py [--games N] [--seconds S] [--game NAME]

Everything is measured in one process run, so the figures are comparable with each other:

* the *evolve baseline*: microseconds for one ``attrs.evolve`` of a 10-field frozen,
  slotted attrs record (best of several ``timeit`` repeats);
* per game (reached only through ``partyrules.GAMES``), all-random playouts through the
  match runner (``partyrules.Match``) with the test kit's policy: every seat and the table
  play ``game.random_action``, the table let in now and then (``TABLE_RATE``); a step is
  the runner's draw of the seat, ``random_action`` and ``apply``, with a seeded
  ``random.Random`` per game;
* the recorded actions of those playouts replayed through ``apply`` alone;
* listing: the states of those playouts re-created by replaying the recorded actions
  (untimed), then, for each step, ``tuple(game.legal_actions(state, seat))`` for the
  state before the step and the seat that acted at it (the action's ``seat``); only the
  loop over those calls is timed, one ``perf_counter`` pair per playout; the whole pass
  over every playout is made ``LISTING_REPEATS`` times and the best pass kept (the
  evolve baseline is a best time too);
* ``dumps`` + ``loads`` of a mid-game state (halfway through the median-length playout).

Only the standard library and partyrules are used; timings use ``time.perf_counter``.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import time
import timeit
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import attrs

import partyrules
from partyrules.core.game import TABLE_RATE
from partyrules.core.match import PeekingRandomPlayer

AnyGame = partyrules.Game[Any, Any, Any, Any]
"""A registered game of any types."""

PREFERRED_PLAYERS = 4
"""The table size used when a game supports it (else the game's ``min_players``)."""
MAX_STEPS_PER_GAME = 20_000
"""A random playout still running after this many steps is abandoned (counted unfinished)."""
REPEATS = 7
"""``timeit`` repeats; the best (smallest) one is reported."""
LISTING_REPEATS = 3
"""Timed passes of the listing over every playout; the best (smallest) one is kept."""
SEED = 20261129
"""The seed of the action-choosing ``random.Random`` (game ``i`` is set up with seed ``i``)."""
DEFAULT_GAMES = 500
DEFAULT_SECONDS = 3.0


@attrs.frozen(slots=True)
class TenFields:
    """The baseline record: 10 fields, frozen, slotted, like a small game state."""

    f0: int
    f1: int
    f2: int
    f3: int
    f4: int
    f5: int
    f6: int
    f7: int
    f8: int
    f9: int


@dataclass(frozen=True)
class Playouts:
    """What the random playouts of one game recorded and how long they took."""

    players: int
    seeds: tuple[int, ...]
    """The ``setup`` seed of each playout, in order."""
    actions: tuple[tuple[Any, ...], ...]
    """The actions of each playout, in order."""
    finished: int
    """Playouts that reached a terminal state (the rest hit ``MAX_STEPS_PER_GAME``)."""
    wall_seconds: float
    """Wall time of the whole playout loop: setup, seat choice, random_action, apply."""
    step_seconds: float
    """Time inside the match runner's steps (the seat's draw, ``random_action`` and
    ``apply``; the timer's overhead subtracted once per playout)."""

    @property
    def steps(self) -> int:
        """Every action played, over all playouts."""
        return sum(len(actions) for actions in self.actions)


@dataclass(frozen=True)
class Row:
    """One line of the result table."""

    game: str
    players: int
    games: int
    finished: int
    steps: int
    steps_per_s: float
    us_per_step: float
    times_evolve: float
    us_per_apply: float
    us_per_listing: float
    listing_times_evolve: float
    games_per_s: float
    state_kb: float
    us_roundtrip: float
    us_per_kb: float


def best_seconds(timer: timeit.Timer, repeats: int = REPEATS) -> float:
    """Seconds per call of ``timer``'s statement: the best of ``repeats`` runs of
    ``number`` calls each, ``number`` picked by ``autorange`` (at least 0.2 s a run)."""
    number, _ = timer.autorange()
    return min(timer.repeat(repeat=repeats, number=number)) / number


def evolve_baseline() -> float:
    """Microseconds for one ``attrs.evolve`` of a 10-field frozen slotted record
    (garbage collection left on, as in the playouts)."""
    record = TenFields(*range(10))
    timer = timeit.Timer("evolve(record, f0=1)", setup="gc.enable()",
                         globals={"evolve": attrs.evolve, "record": record, "gc": gc})
    return best_seconds(timer) * 1e6


def timer_overhead(samples: int = 200_000) -> float:
    """Seconds that one ``perf_counter`` pair adds to a measured interval (the mean over
    ``samples`` empty intervals, best of three)."""
    clock = time.perf_counter
    best = float("inf")
    for _ in range(3):
        total = 0.0
        for _ in range(samples):
            start = clock()
            total += clock() - start
        best = min(best, total / samples)
    return best


def players_for(game: AnyGame) -> int:
    """``PREFERRED_PLAYERS`` when the game supports it, else its minimum."""
    if game.min_players <= PREFERRED_PLAYERS <= game.max_players:
        return PREFERRED_PLAYERS
    return game.min_players


def play_random(game: AnyGame, players: int, max_games: int, seconds: float,
                overhead: float) -> Playouts:
    """All-random playouts through the match runner until ``max_games`` are played or
    ``seconds`` have passed (checked between playouts; at least one is always played)."""
    clock = time.perf_counter
    config = game.Config(players=players)
    player = PeekingRandomPlayer(game)
    seeds: list[int] = []
    recorded: list[tuple[Any, ...]] = []
    finished = 0
    inside = 0.0
    begin = clock()
    while not seeds or (len(seeds) < max_games and clock() - begin < seconds):
        seed = len(seeds)
        match = partyrules.Match(game, game.setup(config, seed),
                                 dict.fromkeys(range(players), player), table=player,
                                 rng=random.Random(SEED + seed), table_rate=TABLE_RATE,
                                 max_steps=MAX_STEPS_PER_GAME)
        start = clock()
        match.run()
        inside += clock() - start
        finished += match.finished
        seeds.append(seed)
        recorded.append(tuple(match.actions))
    wall = clock() - begin
    return Playouts(players, tuple(seeds), tuple(recorded), finished, wall,
                    max(inside - len(seeds) * overhead, 0.0))


def replay_seconds(game: AnyGame, playouts: Playouts) -> float:
    """Seconds spent in ``apply`` alone when the recorded playouts are replayed
    (setup excluded)."""
    clock = time.perf_counter
    config = game.Config(players=playouts.players)
    apply = game.apply
    total = 0.0
    for seed, actions in zip(playouts.seeds, playouts.actions, strict=True):
        state = game.setup(config, seed)
        start = clock()
        for action in actions:
            state = apply(state, action)
        total += clock() - start
    return total


def listing_seconds(game: AnyGame, playouts: Playouts) -> float:
    """Seconds spent listing every legal action, fully materialised, of the seat that
    acted at each step of the recorded playouts, in the state it acted in.

    The states are re-created by replaying the recorded actions and paired with the
    acting seat (each action's ``seat``) outside the timed part; per playout, only the
    loop ``tuple(legal_actions(state, seat))`` over its steps is timed. A pass lists
    every playout's states once, in order, as the playouts met them; the best of
    ``LISTING_REPEATS`` passes is kept (a busy machine slows some passes, never speeds
    one up). Passes rather than repeats of one playout, so that a state is never listed
    again right after itself, which a game's caches would answer from memory.
    """
    best = float("inf")
    for _ in range(LISTING_REPEATS):
        best = min(best, _listing_pass(game, playouts))
    return best


def _listing_pass(game: AnyGame, playouts: Playouts) -> float:
    """One pass of :func:`listing_seconds`: the timed seconds."""
    clock = time.perf_counter
    config = game.Config(players=playouts.players)
    legal_actions = game.legal_actions
    total = 0.0
    for seed, actions in zip(playouts.seeds, playouts.actions, strict=True):
        state = game.setup(config, seed)
        steps: list[tuple[Any, int]] = []
        for action in actions:
            seat = action.seat
            if seat not in game.to_act(state):
                raise AssertionError(f"{game.name}: the action {action!r} names seat "
                                     f"{seat}, which is not to act")
            steps.append((state, seat))
            state = game.apply(state, action)
        start = clock()
        for state, seat in steps:
            tuple(legal_actions(state, seat))
        total += clock() - start
    return total


def mid_game_state(game: AnyGame, playouts: Playouts) -> Any:
    """The state halfway through the median-length recorded playout."""
    order = sorted(range(len(playouts.actions)), key=lambda i: len(playouts.actions[i]))
    index = order[len(order) // 2]
    actions = playouts.actions[index]
    state = game.setup(game.Config(players=playouts.players), playouts.seeds[index])
    for action in actions[:len(actions) // 2]:
        state = game.apply(state, action)
    return state


def roundtrip(state: Any) -> tuple[float, int]:
    """Microseconds for ``loads(dumps(state))`` (best of several repeats) and the size of
    the JSON text in bytes (UTF-8)."""
    text = partyrules.dumps(state)
    if partyrules.loads(text) != state:
        raise AssertionError("dumps/loads did not round-trip the mid-game state")
    dumps, loads = partyrules.dumps, partyrules.loads
    timer = timeit.Timer(lambda: loads(dumps(state)), setup="gc.enable()",
                         globals={"gc": gc})
    return best_seconds(timer) * 1e6, len(text.encode("utf-8"))


def measure(game: AnyGame, max_games: int, seconds: float, evolve_us: float,
            overhead: float) -> Row:
    """Every figure of one game's row."""
    players = players_for(game)
    play_random(game, players, 1, 0.0, overhead)  # warm-up: caches, first-call costs
    playouts = play_random(game, players, max_games, seconds, overhead)
    steps = playouts.steps
    apply_s = replay_seconds(game, playouts)
    listing_s = listing_seconds(game, playouts)
    us_roundtrip, size = roundtrip(mid_game_state(game, playouts))
    us_per_step = playouts.step_seconds / steps * 1e6 if steps else float("nan")
    us_per_listing = listing_s / steps * 1e6 if steps else float("nan")
    kb = size / 1024
    return Row(
        game=game.name,
        players=players,
        games=len(playouts.seeds),
        finished=playouts.finished,
        steps=steps,
        steps_per_s=steps / playouts.wall_seconds,
        us_per_step=us_per_step,
        times_evolve=us_per_step / evolve_us,
        us_per_apply=apply_s / steps * 1e6 if steps else float("nan"),
        us_per_listing=us_per_listing,
        listing_times_evolve=us_per_listing / evolve_us,
        games_per_s=playouts.finished / playouts.wall_seconds,
        state_kb=kb,
        us_roundtrip=us_roundtrip,
        us_per_kb=us_roundtrip / kb,
    )


TIMES = "\N{MULTIPLICATION SIGN}"
"""The multiplication sign of the evolve-multiple column (spelled by name for ruff)."""

DIVIDED = "\N{DIVISION SIGN}"
"""The division sign of the listing column's name."""

HEADER = ("game", "players", "games", "steps", "steps/s", "µs/step", f"{TIMES} evolve",
          "µs/apply", "µs/listing", f"listing {DIVIDED} evolve", "games/s", "state KB",
          "µs dumps+loads", "µs/KB")


def table(rows: Sequence[Row]) -> str:
    """The Markdown table of the results (numbers right-aligned)."""
    lines = [
        "| " + " | ".join(HEADER) + " |",
        "|" + "|".join([":---"] + ["---:"] * (len(HEADER) - 1)) + "|",
    ]
    for row in rows:
        cells = (
            row.game,
            str(row.players),
            f"{row.games:,}",
            f"{row.steps:,}",
            f"{row.steps_per_s:,.0f}",
            f"{row.us_per_step:.1f}",
            f"{row.times_evolve:.1f}{TIMES}",
            f"{row.us_per_apply:.1f}",
            f"{row.us_per_listing:.1f}",
            f"{row.listing_times_evolve:.1f}{TIMES}",
            f"{row.games_per_s:,.1f}",
            f"{row.state_kb:.1f}",
            f"{row.us_roundtrip:,.0f}",
            f"{row.us_per_kb:,.0f}",
        )
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def machine_facts() -> list[str]:
    """Markdown bullet lines naming the interpreter and the machine."""
    implementation = platform.python_implementation()
    return [
        f"- python: {implementation} {platform.python_version()} "
        f"({platform.python_compiler()}, {platform.python_build()[1]})",
        f"- platform: {platform.platform()} ({platform.machine()})",
        f"- cpus: {os.cpu_count()}",
        f"- partyrules: {partyrules.__version__}",
    ]


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line: ``--games``, ``--seconds``, ``--game``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES, metavar="N",
                        help=f"at most N random playouts per game (default {DEFAULT_GAMES})")
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS, metavar="S",
                        help="stop starting new playouts of a game after S seconds "
                             f"(default {DEFAULT_SECONDS})")
    parser.add_argument("--game", metavar="NAME", choices=sorted(partyrules.GAMES),
                        help="benchmark only this registered game")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.seconds < 0:
        parser.error("--seconds must not be negative")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmarks and print the report; returns the exit status."""
    args = parse_args(argv)
    names = [args.game] if args.game else sorted(partyrules.GAMES)
    evolve_us = evolve_baseline()
    overhead = timer_overhead()
    rows = [measure(partyrules.GAMES[name], args.games, args.seconds, evolve_us, overhead)
            for name in names]
    print("### partyrules benchmark run")
    print("")
    for line in machine_facts():
        print(line)
    print(f"- evolve baseline: {evolve_us:.3f} µs per `attrs.evolve` of a 10-field frozen "
        f"slots record (best of {REPEATS} timeit repeats)")
    print(f"- budget: up to {args.games:,} random playouts or {args.seconds:g} s per game; "
        f"timer overhead subtracted from µs/step: {overhead * 1e9:.0f} ns")
    print("")
    print(table(rows))
    unfinished = [row for row in rows if row.finished < row.games]
    for row in unfinished:
        print(f"\n{row.game}: {row.games - row.finished} playout(s) abandoned after "
            f"{MAX_STEPS_PER_GAME:,} steps (not counted in games/s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
