"""The enumerated step: a random playout that lists every legal action and plays one
uniformly, as a multiple of one ``attrs.evolve``; now and at another revision, in one run.

Usage::

    python benchmarks/enumerated.py [--against REVISION] [--seconds S] [--rounds R]
        [--game NAME]...
    python benchmarks/enumerated.py --digest N [--game NAME]...

This is what a search bot or an OpenSpiel driver pays per decision, where
``benchmarks/run.py`` times ``random_action``, which a game may draw without listing (and
which rarely lingers in Hollywood's Stage 5, where uniform play over the listed actions
builds films for many steps). Per game (reached only through ``partyrules.GAMES``; 4
players where the game allows them, else its minimum), seeded playouts run through the
match runner (``partyrules.Match``, so its model of who may act draws the seat, the
table let in at ``TABLE_RATE`` while a seat could act) with every seat and the table
playing :class:`UniformListed`: ``tuple(game.legal_actions(state, seat))`` and a uniform
choice among them. The players are trusted (``trusted_players``): the runner applies a
listed action with the game's ``apply_listed`` where it has one, as search and the
adapters do. A playout still running after ``MAX_STEPS`` actions is cut there.

A round plays the same seeds for about ``--seconds`` (default 2) per game; a step's time
is a whole ``match.run()`` (setup excluded) divided by its actions. Then the same states
are re-created (untimed) and the listing alone (``tuple(legal_actions(state, seat))``)
and ``apply_listed`` alone are timed over them, one timer pair per playout. The evolve
baseline (one ``attrs.evolve`` of a 10-field frozen slotted record) is measured in the
same process, and each figure is the best of ``--rounds`` (default 3) rounds. Times are
the process's CPU time (``time.process_time``), which other work on a shared machine
disturbs less than the clock.

``--against REVISION`` exports that revision's ``src`` (``git archive``) and runs this
script on it and on this tree in fresh processes, alternately, round by round, with the
same seeds; the table gives both side by side. The script uses only what both trees
offer (``partyrules.GAMES``, ``Match``, ``Game.legal_actions``).

``--digest N`` prints instead, per game, a SHA-256 over the listings met along N seeded
uniform playouts (every seat to act, at every state, in order, by ``repr``;
``--first I``: from playout I on; ``--config JSON``: config fields besides the default
ones, ``players`` among them) and the JSON of each playout's last state: run on two
trees (``PYTHONHASHSEED=0``), equal digests say that the listed actions and their order
are the same, and so are the playouts (each choice depends only on the listing's
length) and where they end.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import timeit
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
from run import TenFields  # the baseline record of benchmarks/run.py

import partyrules
from partyrules.core.game import TABLE_RATE

AnyGame = partyrules.Game[Any, Any, Any, Any]
"""A registered game of any types."""

PREFERRED_PLAYERS = 4
"""The table size used when a game supports it (else the game's ``min_players``)."""
MAX_STEPS = 3_000
"""Actions after which a playout is cut (uniform play may wander for long)."""
SEED = 20261207
"""The seed of playout ``i``'s runner rng is ``SEED + i``; its setup seed is ``i``."""
TIMES = "\N{MULTIPLICATION SIGN}"
"""The multiplication sign (spelled by name for ruff)."""


@attrs.frozen(slots=True)
class UniformListed:
    """Lists every legal action of its seat and plays one uniformly: a search bot's or
    an OpenSpiel driver's random choice."""

    game: AnyGame
    """The game whose actions this player lists."""
    name: str = attrs.field(default="uniform-listed", init=False)
    """Always ``"uniform-listed"``."""

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A uniform choice among ``tuple(game.legal_actions(state, seat))``."""
        actions = tuple(self.game.legal_actions(state, seat))
        return actions[rng.randrange(len(actions))]


def players_for(game: AnyGame) -> int:
    """``PREFERRED_PLAYERS`` when the game supports it, else its minimum."""
    if game.min_players <= PREFERRED_PLAYERS <= game.max_players:
        return PREFERRED_PLAYERS
    return game.min_players


def evolve_seconds() -> float:
    """Seconds for one ``attrs.evolve`` of a 10-field frozen slotted record (CPU time,
    best of 7 ``timeit`` runs)."""
    record = TenFields(*range(10))
    timer = timeit.Timer("evolve(record, f0=1)", timer=time.process_time,
                         globals={"evolve": attrs.evolve, "record": record})
    number, _ = timer.autorange()
    return min(timer.repeat(repeat=7, number=number)) / number


def playout(game: AnyGame, players: int, index: int,
            options: dict[str, Any] | None = None) -> partyrules.Match:
    """Playout ``index``'s match (its config given ``options`` besides the players), set
    up and ready to run."""
    player = UniformListed(game)
    config = game.Config(players=players, **(options or {}))
    return partyrules.Match(game, game.setup(config, index),
                            dict.fromkeys(range(players), player), table=player,
                            rng=random.Random(SEED + index), table_rate=TABLE_RATE,
                            max_steps=MAX_STEPS, trusted_players=True)


def time_game(game: AnyGame, seconds: float, count: int | None) -> dict[str, float]:
    """One round of one game: its playouts (``count`` of them, or as many as fit in
    ``seconds``), then the listing and ``apply_listed`` alone over their states; CPU
    seconds and counts."""
    clock = time.process_time
    players = players_for(game)
    playout(game, players, 0).run()  # warm-up: caches, first-call costs
    step_s = 0.0
    steps = 0
    recorded: list[list[Any]] = []
    begin = clock()
    while (len(recorded) < count) if count is not None else (
            not recorded or clock() - begin < seconds):
        match = playout(game, players, len(recorded))
        start = clock()
        match.run()
        step_s += clock() - start
        steps += len(match.actions)
        recorded.append(match.actions)
    listing_s = apply_s = 0.0
    advance = game.apply_listed or game.apply
    legal_actions = game.legal_actions
    for index, actions in enumerate(recorded):
        state = game.setup(game.Config(players=players), index)
        states = []
        for action in actions:
            states.append(state)
            state = advance(state, action)
        pairs = list(zip(states, actions, strict=True))
        start = clock()
        for state, action in pairs:
            tuple(legal_actions(state, action.seat))
        listing_s += clock() - start
        start = clock()
        for state, action in pairs:
            advance(state, action)
        apply_s += clock() - start
    return {"playouts": len(recorded), "steps": steps, "step": step_s,
            "listing": listing_s, "apply": apply_s}


def measure(names: Sequence[str], seconds: float,
            counts: dict[str, int] | None) -> dict[str, Any]:
    """One round over ``names``: the evolve baseline and each game's :func:`time_game`."""
    gc.collect()
    result: dict[str, Any] = {"evolve": evolve_seconds(), "games": {}}
    for name in names:
        result["games"][name] = time_game(partyrules.GAMES[name], seconds,
                                          None if counts is None else counts[name])
    return result


def digest(game: AnyGame, playouts: int, options: dict[str, Any] | None = None,
           first: int = 0) -> tuple[str, int]:
    """A SHA-256 of every seat's listing at every state of ``playouts`` seeded uniform
    playouts (from number ``first`` on; the config given ``options``, ``players``
    among them or else :func:`players_for`) and of each one's last state, and the
    number of listings."""
    options = dict(options or {})
    players = int(options.pop("players", players_for(game)))
    hasher = hashlib.sha256()
    listings = 0
    for index in range(first, first + playouts):
        match = playout(game, players, index, options)
        while True:
            for seat in sorted(game.to_act(match.state)):
                listed = tuple(game.legal_actions(match.state, seat))
                hasher.update(f"{seat}:{len(listed)}:{listed!r}\n".encode())
                listings += 1
            if not match.step():
                break
        hasher.update(f"end {len(match.actions)}\n".encode())
        hasher.update(partyrules.dumps(match.state).encode())
    return hasher.hexdigest(), listings


def run_tree(source: Path, names: Sequence[str], seconds: float,
             counts: dict[str, int] | None) -> dict[str, Any]:
    """One round of this script in a fresh process on the package at ``source``."""
    command = [sys.executable, __file__, "--json", "--seconds", str(seconds)]
    for name in names:
        command += ["--game", name]
    if counts is not None:
        command += ["--counts", json.dumps(counts)]
    result = subprocess.run(command, text=True, capture_output=True, check=False,
                            env={**os.environ, "PYTHONPATH": str(source),
                                 "PYTHONHASHSEED": "0"})
    if result.returncode:
        sys.exit(f"the run on {source} failed:\n{result.stderr}")
    parsed: dict[str, Any] = json.loads(result.stdout)
    return parsed


def best_of(rounds: list[dict[str, Any]]) -> dict[str, Any]:
    """Per figure, the best (smallest) time over the rounds."""
    best: dict[str, Any] = {"evolve": min(r["evolve"] for r in rounds), "games": {}}
    for name in rounds[0]["games"]:
        runs = [r["games"][name] for r in rounds]
        best["games"][name] = {key: (min(run[key] for run in runs)
                                     if key in ("step", "listing", "apply")
                                     else runs[0][key]) for key in runs[0]}
    return best


def figures(result: dict[str, Any], name: str) -> tuple[float, float, float, float]:
    """µs per step, and the step, the listing and the apply as multiples of an evolve."""
    game = result["games"][name]
    evolve = result["evolve"]
    steps = game["steps"]
    return (game["step"] / steps * 1e6, game["step"] / steps / evolve,
            game["listing"] / steps / evolve, game["apply"] / steps / evolve)


def print_table(names: Sequence[str], now: dict[str, Any],
                then: dict[str, Any] | None, revision: str | None) -> None:
    """The Markdown table: this tree, and ``revision`` beside it when given."""
    print(f"- evolve: {now['evolve'] * 1e6:.3f} µs now"
          + (f", {then['evolve'] * 1e6:.3f} µs in the run at {revision}" if then else ""))
    print()
    head = ["game", "playouts", "steps", "µs/step", f"step {TIMES} evolve",
            f"listing {TIMES} evolve", f"apply {TIMES} evolve"]
    if then is not None:
        head = ["game", "playouts", "steps", f"step {TIMES} evolve at {revision}",
                f"step {TIMES} evolve now", f"listing {TIMES} evolve at {revision}",
                f"listing {TIMES} evolve now", f"apply {TIMES} evolve at {revision}",
                f"apply {TIMES} evolve now", "step now ÷ then"]
    print("| " + " | ".join(head) + " |")
    print("|:---|" + "---:|" * (len(head) - 1))
    for name in names:
        game = now["games"][name]
        us, step, listing, apply = figures(now, name)
        if then is None:
            cells = [f"{us:.1f}", f"{step:.1f}", f"{listing:.1f}", f"{apply:.1f}"]
        else:
            _, old_step, old_listing, old_apply = figures(then, name)
            cells = [f"{old_step:.1f}", f"{step:.1f}", f"{old_listing:.1f}", f"{listing:.1f}",
                     f"{old_apply:.1f}", f"{apply:.1f}", f"{step / old_step:.2f}"]
        print(f"| {name} | {game['playouts']:,} | {game['steps']:,} | "
              + " | ".join(cells) + " |")


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print the table (or the digests, or one round as JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--against", metavar="REVISION")
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--game", action="append", choices=sorted(partyrules.GAMES),
                        help="only this game (repeatable)")
    parser.add_argument("--digest", type=int, metavar="N")
    parser.add_argument("--config", metavar="JSON", default="{}",
                        help="with --digest: config fields besides the default ones")
    parser.add_argument("--first", type=int, default=0, metavar="I",
                        help="with --digest: the number of the first playout")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--counts", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    names = args.game or sorted(partyrules.GAMES)
    if args.digest is not None:
        for name in names:
            value, listings = digest(partyrules.GAMES[name], args.digest,
                                     json.loads(args.config), args.first)
            print(f"{name} {args.config} {args.first}+{args.digest} {listings} {value}")
        return 0
    counts = json.loads(args.counts) if args.counts else None
    if args.json:
        print(json.dumps(measure(names, args.seconds, counts)))
        return 0
    here = Path(__file__).resolve().parent.parent
    if args.against is None:
        rounds = [run_tree(here / "src", names, args.seconds, counts)]
        first = rounds[0]
        counts = {name: first["games"][name]["playouts"] for name in names}
        rounds += [run_tree(here / "src", names, args.seconds, counts)
                   for _ in range(args.rounds - 1)]
        print_table(names, best_of(rounds), None, None)
        return 0
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(["git", "-C", str(here), "archive", args.against, "src"],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
        old = Path(folder) / "src"
        # The earlier revision sets the playouts' number (those that fit in the time),
        # so that both trees time the very same playouts.
        thens = [run_tree(old, names, args.seconds, None)]
        counts = {name: thens[0]["games"][name]["playouts"] for name in names}
        nows = []
        for round_ in range(args.rounds):
            nows.append(run_tree(here / "src", names, args.seconds, counts))
            if round_:
                thens.append(run_tree(old, names, args.seconds, counts))
    print_table(names, best_of(nows), best_of(thens), args.against)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
