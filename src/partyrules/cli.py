"""The ``partyrules`` command: list, play, simulate, tournament, replay, schema and serve.

Games are reached only through the registry (:func:`partyrules.get_game`), so a new
game package needs no change here. For example::

    partyrules play dinner --seats human,random,random --seed 7 --save game.json
    partyrules replay game.json
    partyrules simulate dinner --seats ismcts:50,random,random --games 1000 --workers auto
    partyrules tournament dinner --bots random,ismcts:20 --games-per-pair 100 --plot t.png
    partyrules serve --port 8000 --db tables.sqlite3
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import json
import os
import random
import re
import socket
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

import partyrules
from partyrules import simulation
from partyrules.bots import make_bot
from partyrules.core import verify
from partyrules.core.config import check_fields
from partyrules.core.errors import CorruptState, IllegalAction, InvalidConfig, PartyRulesError
from partyrules.core.game import TABLE, AnyGame, free_text_fields
from partyrules.core.i18n import DEFAULT_LANGUAGE, LANGUAGES
from partyrules.core.match import WAIT, Match, play_match
from partyrules.core.serialize import LoadLimits, parse_json, structure, unstructure

__all__ = ["main"]

HUMAN = "human"
"""The ``--seats`` entry for a person at the keyboard (every other entry names a bot)."""


class _InputEnded(Exception):
    """Standard input ran out while a person was to act."""


# -- playing ----------------------------------------------------------------------------


class _Narrator:
    """Prints one numbered line per action (numbered like a replay's ``actions``).

    Lines for actions taken during a simultaneous phase are held back until it is over,
    so a person voting after a bot does not read the bot's hidden ballot first.
    """

    def __init__(self, game: AnyGame, *, humans: frozenset[int] | None,
                 language: str = DEFAULT_LANGUAGE) -> None:
        self.game = game
        self.language = language
        # None: bots only, tell everything. One person: tell what that seat knows.
        # Several people at one screen: only what the whole table sees.
        self.humans = humans
        self.count = 0
        self._held: list[str] = []

    def action(self, state: Any, action: Any) -> None:
        """Narrate ``action`` taken in ``state`` (the state before it)."""
        if self.humans is None:
            viewer: int | None = action.seat
        else:
            viewer = next(iter(self.humans)) if len(self.humans) == 1 else None
        line = self.game.describe_action(state, action, viewer, self.language)
        self._held.append(f"{self.count:5d}  {line}")
        self.count += 1
        self.flush(state)

    def flush(self, state: Any = None) -> None:
        """Print the held lines, unless ``state`` (when given) still hides them."""
        if state is None or not self.game.is_simultaneous(state):
            for line in self._held:
                print(line)
            self._held.clear()


def _read(prompt: str) -> str:
    try:
        answer = input(prompt)
    except EOFError:
        print()
        raise _InputEnded from None
    if not sys.stdin.isatty():  # a terminal echoes what was typed; a script does not
        print(answer)
    return answer.strip()


def _ask_choice(count: int, rulings: int = 0, may_wait: bool = False) -> int | str:
    """A choice at the prompt: a number from 1 to ``count`` (the seat's own actions), a
    letter for one of the table's ``rulings`` (``"a"``, ``"b"``, ...) or ``"w"`` to wait.
    Letters keep the numbers of a decision's own actions the same whatever the table
    may rule."""
    letters = "abcdefghijklmnopqrstuvxyz"[:rulings]  # no w: it waits
    span = letters[:1] if rulings == 1 else f"{letters[:1]}-{letters[-1:]}"
    extra = "".join([f", {span} for the table" if rulings else "",
                     ", w to wait" if may_wait else ""])
    while True:
        answer = _read(f"Your choice (1-{count}{extra}): ")
        if answer.isdecimal() and 1 <= int(answer) <= count:  # isdecimal: int() accepts it
            return int(answer)
        if answer.lower() in tuple(letters) or (may_wait and answer.lower() == "w"):
            return answer.lower()
        also = "".join([f", {span}" if rulings else "",
                        " or w" if may_wait else ""])
        print(f"Please type a number from 1 to {count}{also}, not {answer!r} (end of input "
              "quits).")


class _Screen:
    """The one screen the people share: who is looking at it now."""

    def __init__(self, people: frozenset[int]) -> None:
        self.hot_seat = len(people) > 1
        self.looking: int | None = next(iter(people)) if len(people) == 1 else None

    def hand_to(self, viewer: int) -> None:
        """Make sure ``viewer`` is the one looking before their view is shown."""
        if not self.hot_seat or viewer == self.looking:
            return
        if sys.stdout.isatty():
            print("\033[2J\033[H", end="")  # clear the screen: the last hand goes too
        else:
            print("\n" * 3, end="")
        if viewer != TABLE:  # the table's rulings show the public view to everyone
            _read(f"Pass the screen to seat {viewer}, then press Enter. ")
        self.looking = viewer


def _ask_human(game: AnyGame, state: Any, seat: int, narrator: _Narrator, viewer: int | None,
               *, may_wait: bool, table: bool) -> Any:
    """A person's choice for ``seat`` (:data:`WAIT` where ``may_wait``): its own actions
    numbered, and, where ``table``, the table's rulings lettered (a person may raise
    them)."""
    narrator.flush(state)
    options = _one_per_text_choice(list(game.legal_actions(state, seat)))
    if not options:
        raise IllegalAction(f"seat {seat} is to act but has no legal action (a game bug)")
    rulings = _one_per_text_choice(list(game.legal_actions(state, TABLE))) if table else []
    print()
    print(game.render_view(game.view(state, viewer)))
    print(f"Seat {seat}, your move:" if seat != TABLE else
          "Everyone, rule for the whole table:" if viewer == TABLE else
          f"Seat {viewer}, rule for the whole table:")
    for number, option in enumerate(options, 1):
        print(f"  {number:3d}) {_menu_line(game, state, option, viewer)}")
    for letter, ruling in zip("abcdefghijklmnopqrstuvxyz", rulings, strict=False):
        print(f"    {letter}) {_menu_line(game, state, ruling, viewer)}")
    if may_wait:
        print("    w) Wait: let the others act first")
    while True:
        choice = _ask_choice(len(options), len(rulings), may_wait)
        if choice == "w":
            return WAIT
        action = (options[choice - 1] if isinstance(choice, int)
                  else rulings["abcdefghijklmnopqrstuvxyz".index(choice)])
        for field in free_text_fields(type(action)):
            action = attrs.evolve(action, **{field: _ask_text(action, field)})
        try:
            game.apply(state, action)  # a typed text may still break a rule: ask again
        except IllegalAction as exc:
            print(f"Not allowed: {exc}. Choose again.")
            continue
        return action


def _menu_line(game: AnyGame, state: Any, option: Any, viewer: int | None) -> str:
    texts = free_text_fields(type(option))
    if texts:
        return f"{type(option).__name__} (you type the {', '.join(texts)})"
    return game.describe_action(state, option, viewer)


def _one_per_text_choice(options: list[Any]) -> list[Any]:
    """Options that differ only in their free text (one Guess per word of a deck) are
    one menu entry: the person types the text."""
    seen: set[tuple[Any, ...]] = set()
    kept = []
    for option in options:
        texts = free_text_fields(type(option))
        key = (type(option), *(getattr(option, f.name) for f in attrs.fields(type(option))
                               if f.name not in texts))
        if not texts or key not in seen:
            kept.append(option)
            seen.add(key)
    return kept


def _ask_text(action: Any, field: str) -> Any:
    answer = _read(f"{field.replace('_', ' ')}: ")
    if isinstance(getattr(action, field), tuple):  # a list of words, e.g. a narration
        return tuple(word for word in answer.replace(",", " ").split() if word)
    return answer


def _parse_seats(game: AnyGame, text: str | None, players: int | None) -> list[str]:
    specs = [] if text is None else [spec.strip().lower() for spec in text.split(",")]
    count = players if players is not None else max(len(specs), game.min_players)
    if len(specs) > count:
        raise InvalidConfig(f"{len(specs)} seats given for {count} players")
    for index, spec in enumerate(specs):
        if spec != HUMAN:
            try:
                make_bot(spec, game)
            except InvalidConfig as exc:
                raise InvalidConfig(f"seat {index}: {exc}, or {HUMAN!r}") from None
    # Seats left unnamed are filled with bots: `--players 5 --seats human` is handy.
    return specs + ["random"] * (count - len(specs))


def _print_outcome(game: AnyGame, state: Any, length: int,
                   language: str = DEFAULT_LANGUAGE) -> None:
    outcome = game.outcome(state)
    winners = ", ".join(f"seat {seat}" for seat in sorted(outcome.winners)) or "nobody"
    print(f"Game over after {length} actions ({outcome.reason}).")
    if game.presentation is not None:  # the rule that ended it, as the game says it
        print(game.presentation.explain(outcome.reason, language))
    print(f"Winner{'' if len(outcome.winners) == 1 else 's'}: {winners}")
    if outcome.scores is not None:
        print("Scores: " + ", ".join(f"seat {s}: {p}" for s, p in enumerate(outcome.scores)))


def _config(game: AnyGame, players: int, options: list[str] | None) -> Any:
    """The game's config from the player count and ``NAME=JSON`` options, loaded as
    strictly as a config file: an unknown name, or a value of the wrong type, is an
    :class:`InvalidConfig` that names the option (and the fields, or the values, it may
    have)."""
    fields: dict[str, Any] = {"players": players}
    for option in options or ():
        name, sep, text = option.partition("=")
        if not sep or not name:
            raise InvalidConfig(f"an option is NAME=VALUE, not {option!r}")
        check_fields(game.Config, [name])
        if text.startswith("@"):  # NAME=@FILE: the value is the JSON document in FILE
            fields[name] = parse_json(_read_document(text[1:]))
            continue
        try:
            fields[name] = parse_json(text)
        except CorruptState as refused:
            if not refused.reason.startswith("not valid JSON"):
                raise InvalidConfig(f"option {name}: {refused}", name) from None
            fields[name] = text  # a bare word is a string
    try:
        return structure(fields, game.Config, "config")
    except CorruptState as refused:
        raise _option_error(refused) from None


def _option_error(refused: CorruptState) -> InvalidConfig:
    """A config that did not load, as an error that names the option at fault (unless
    the message names it already, as the config's own checks do)."""
    where = refused.path.removeprefix("config").lstrip(".")
    name = re.split(r"[.\[]", where, maxsplit=1)[0]
    if not name or re.search(rf"\b{re.escape(name)}\b", refused.reason):
        return InvalidConfig(refused.reason, name or None)
    return InvalidConfig(f"option {where}: {refused.reason}", name)


def _saved_game(path: str) -> partyrules.Replay:
    replay = partyrules.loads(_read_document(path))
    if not isinstance(replay, partyrules.Replay):
        raise CorruptState(f"expected a Replay, found a {type(replay).__name__}", "type")
    return replay


def _play_with_people(game: AnyGame, config: Any, seed: int, start: partyrules.Replay | None,
                      seats: list[str], people: frozenset[int], narrator: _Narrator,
                      record: Callable[[Any, Any], None], time_limit: int | None) -> Any:
    """Play a game with people at the keyboard: their seats are the match runner's
    outside seats, and each prompt follows its model of who may act (:meth:`Match.turn`):
    in a race a person goes first and may wait, in a vote the bots vote first, and the
    people rule for the table. Returns the final state."""
    state = game.setup(config, seed)
    before = start.actions if start is not None else ()
    for action in before:
        state = game.apply(state, action)
    bots = {seat: make_bot(spec, game) for seat, spec in enumerate(seats) if spec != HUMAN}
    match = Match(game, state, bots, table=None, seed=seed, actions=before,
                  time_limit=time_limit, on_action=record)
    screen = _Screen(people)
    # The table's rulings are the people's: the one person's, or everyone's at one screen.
    table_viewer = min(people) if len(people) == 1 else TABLE
    while True:
        match.run()
        if match.finished:
            return match.state
        waiting = match.waiting
        persons = [seat for seat in waiting if seat != TABLE]
        seat = persons[0] if persons else TABLE
        viewer = seat if seat != TABLE else table_viewer
        screen.hand_to(viewer)
        turn = match.turn()
        choice = _ask_human(game, match.state, seat, narrator, viewer,
                            may_wait=seat != TABLE and turn.seats[seat] == "may_wait",
                            table=seat != TABLE and TABLE in waiting)
        if choice is WAIT:
            match.wait(seat)
        else:
            match.submit(choice)


def _cmd_play(args: argparse.Namespace) -> int:
    start = _saved_game(args.resume) if args.resume is not None else None
    if start is not None:
        if args.option or args.seed is not None or args.game not in (None, start.game):
            raise InvalidConfig("--resume plays the saved game's own game, config and "
                                "seed: give no GAME, --seed or --option with it")
        game = partyrules.get_game(start.game)
        report = start.verify()
        if not report.ok:
            why = report.other_data or report.error
            raise CorruptState(f"the saved game does not replay: {why}", "actions")
        if report.terminal:
            raise InvalidConfig("the saved game is already over: `partyrules replay` it")
        seats = _parse_seats(game, args.seats, start.config.players)
        config, seed = start.config, start.seed
    else:
        if args.game is None:
            raise InvalidConfig("name a GAME to play, or --resume FILE")
        game = partyrules.get_game(args.game)
        seats = _parse_seats(game, args.seats, args.players)
        config = _config(game, len(seats), args.option)
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    if args.time_limit is not None and game.timer is None:
        raise InvalidConfig(f"{game.title} has no timed rule to call time on", "time_limit")
    people = frozenset(seat for seat, spec in enumerate(seats) if spec == HUMAN)
    narrator = _Narrator(game, humans=people or None, language=args.language)
    actions: list[Any] = list(start.actions) if start is not None else []
    narrator.count = len(actions)

    def record(state: Any, action: Any) -> None:
        narrator.action(state, action)
        actions.append(action)

    print(f"{game.title}: {len(seats)} players, seed {seed}"
          + (f", resumed after {len(actions)} actions" if start is not None else ""))
    print("Seats: " + ", ".join(f"{seat} {spec}" for seat, spec in enumerate(seats)))
    code = 0
    final: Any = None
    try:
        # The seed deals the cards and drives the bots: same seed, same game.
        if people:
            final = _play_with_people(game, config, seed, start, seats, people, narrator,
                                      record, args.time_limit)
        else:
            players = [make_bot(spec, game) for spec in seats]
            final = play_match(game, config, players, seed, start=start,
                               time_limit=args.time_limit, on_action=record).final
    except _InputEnded:
        print(f"partyrules: input ended; game abandoned after {len(actions)} actions",
              file=sys.stderr)
        code = 1
    narrator.flush()
    if code == 0:
        _print_outcome(game, final, len(actions), args.language)
    if args.save is not None:  # an abandoned game is saved too: --resume goes on with it
        replay = partyrules.Replay(game.name, config, seed, tuple(actions))
        with open(args.save, "w", encoding="utf-8") as file:
            file.write(partyrules.dumps(replay, indent=2) + "\n")
        print(f"Replay saved to {args.save}")
    return code


# -- simulating -------------------------------------------------------------------------


def _workers(text: str) -> int | None:
    """``--workers``: a number from 1, or ``auto`` (None: one per CPU)."""
    return None if text == "auto" else _positive(text)


def _bot_seats(game: AnyGame, text: str | None, players: int | None) -> list[str]:
    """The bot spec of each seat, as ``play`` reads ``--seats`` (unnamed seats are
    random bots), but bots only."""
    specs = [] if text is None else [spec.strip().lower() for spec in text.split(",")]
    count = players if players is not None else max(len(specs), game.min_players)
    if len(specs) > count:
        raise InvalidConfig(f"{len(specs)} seats given for {count} players")
    for index, spec in enumerate(specs):
        if spec == HUMAN:
            raise InvalidConfig(f"seat {index}: bots only here, not {HUMAN!r}")
        try:
            make_bot(spec, game)
        except InvalidConfig as exc:
            raise InvalidConfig(f"seat {index}: {exc}") from None
    return specs + ["random"] * (count - len(specs))


def _console(command: str, *needed: str) -> Any:
    """A rich console on standard output; the ``[sim]`` extra (rich and the ``needed``
    packages) is asked for before any game runs."""
    for package in ("rich", *needed):
        simulation.require_optional(package, "sim", f"partyrules {command}")
    from rich.console import Console

    return Console(file=sys.stdout, highlight=False)


def _run_jobs(args: argparse.Namespace, jobs: list[simulation.Job]
              ) -> tuple[list[simulation.GameResult], float]:
    """Play ``jobs`` on the chosen backend with a progress bar, writing ``--json`` lines
    as results come; the results (in job order) and the seconds taken."""
    in_order = iter(jobs)  # the results come in job order
    with contextlib.ExitStack() as stack:
        lines = (stack.enter_context(open(args.json, "w", encoding="utf-8"))
                 if args.json is not None else None)
        bar = stack.enter_context(simulation.progress_bar(len(jobs), show=args.progress))

        def heard(result: simulation.GameResult) -> None:
            job = next(in_order)
            if lines is not None:  # one game per line: enough to play it again with `play`
                lines.write(json.dumps({
                    "game": job.game, "config": unstructure(job.config),
                    "seed": result.seed, "player_seed": result.player_seed,
                    "seats": list(result.seats), "winners": sorted(result.winners),
                    "scores": None if result.scores is None else list(result.scores),
                    "reason": result.reason, "length": result.length}) + "\n")
            bar.advance()

        start = time.perf_counter()
        results = simulation.run_jobs(jobs, backend=args.backend, workers=args.workers,
                                      address=args.address, on_result=heard)
        elapsed = time.perf_counter() - start
    return results, elapsed


def _rate(tally: simulation.Tally) -> tuple[str, str]:
    low, high = tally.interval
    return f"{100 * tally.rate:.1f}%", f"{100 * low:.1f}-{100 * high:.1f}%"


def _table(console: Any, title: str, header: list[str] | None, rows: list[list[str]],
           *, labels: int = 1) -> None:
    """Print a table whose first ``labels`` columns are text and the others numbers."""
    from rich import box
    from rich.table import Table

    table = Table(*header or ["", ""], title=title, title_justify="left",
                  box=box.SIMPLE_HEAD, show_header=header is not None, pad_edge=False)
    for column in table.columns[labels:]:
        column.justify = "right"
    for row in rows:
        table.add_row(*row)
    console.print(table)


def _print_games(console: Any, summary: simulation.Summary, elapsed: float) -> None:
    rows = [["games", str(summary.games)]]
    rows += [[f"ended by {reason}", str(count)] for reason, count in summary.reasons]
    rows += [["mean length", f"{summary.mean_length:.1f} actions"],
             ["max length", f"{summary.max_length} actions"],
             ["elapsed", f"{elapsed:.2f} s"],
             ["speed", f"{summary.games / max(elapsed, 1e-9):.1f} games/s"]]
    _table(console, "Games", None, rows)


def _cmd_simulate(args: argparse.Namespace) -> int:
    game = partyrules.get_game(args.game)
    seats = _bot_seats(game, args.seats, args.players)
    config = _config(game, len(seats), args.option)  # fail here, not once per worker
    console = _console("simulate")
    jobs = simulation.simulation_jobs(game.name, seats, games=args.games, seed=args.seed,
                                      config=config, time_limit=args.time_limit)
    results, elapsed = _run_jobs(args, jobs)
    summary = simulation.summarize(results)
    console.print(f"{game.title}: {args.games} games of {len(seats)} seats, seeds "
                  f"{args.seed} to {args.seed + args.games - 1}; lineup "
                  f"{', '.join(seats)}, moved one seat on each game", soft_wrap=True)
    scored = any(tally.mean_score is not None for tally in summary.bots)
    _table(console, "Bots (per seat-game)",
           ["bot", "seat-games", "wins", "win rate", "95% interval"]
           + ["mean score"] * scored,
           [[tally.name, str(tally.games), str(tally.wins), *_rate(tally)]
            + [f"{tally.mean_score:.1f}" if tally.mean_score is not None else "-"] * scored
            for tally in summary.bots])
    _table(console, "Seats", ["seat", "games", "wins", "win rate", "95% interval"],
           [[tally.name, str(tally.games), str(tally.wins), *_rate(tally)]
            for tally in summary.seats])
    _print_games(console, summary, elapsed)
    if args.json is not None:
        console.print(f"One line per game written to {args.json}")
    return 0


def _cmd_tournament(args: argparse.Namespace) -> int:
    game = partyrules.get_game(args.game)
    bots = [spec.strip().lower() for spec in args.bots.split(",")]
    players = args.players if args.players is not None else max(game.min_players, 2)
    config = _config(game, players, args.option)
    if args.plot is not None:
        simulation.plot_format(args.plot)  # a wrong suffix is refused before any game
    console = _console("tournament", "openskill", *["matplotlib"] * (args.plot is not None))
    jobs = simulation.tournament_jobs(game.name, bots, games_per_pair=args.games_per_pair,
                                      players=players, seed=args.seed, config=config)
    results, elapsed = _run_jobs(args, jobs)
    summed = simulation.tournament(results, bots)
    console.print(f"{game.title}: tournament of {len(bots)} bots, {len(summed.pairs)} "
                  f"pairs, {args.games_per_pair} games per pair at {players} seats, seeds "
                  f"{args.seed} to {args.seed + args.games_per_pair - 1}", soft_wrap=True)
    pair_rows = []
    for pair in summed.pairs:
        for side, other in ((pair.first, pair.second), (pair.second, pair.first)):
            pair_rows.append([side.name, other.name, str(side.games), str(side.wins),
                              *_rate(side), str(pair.shared)])
    _table(console, "Pairs (a shared win counts for both bots)",
           ["bot", "against", "games", "wins", "win rate", "95% interval", "shared"],
           pair_rows, labels=2)
    tallies = {tally.name: tally for tally in summed.bots}
    _table(console, "Bots (OpenSkill Plackett-Luce; ordinal = mu - 3 sigma)",
           ["bot", "games", "wins", "win rate", "95% interval", "mu", "sigma", "ordinal"],
           [[rating.bot, str(tallies[rating.bot].games), str(tallies[rating.bot].wins),
             *_rate(tallies[rating.bot]), f"{rating.mu:.2f}", f"{rating.sigma:.2f}",
             f"{rating.ordinal:.2f}"] for rating in summed.ratings])
    _print_games(console, summed.summary, elapsed)
    if args.plot is not None:
        simulation.plot_tournament(summed, args.plot, title=f"{game.title}: "
                                   f"{args.games_per_pair} games per pair, {players} seats")
        console.print(f"Plot saved to {args.plot}")
    if args.json is not None:
        console.print(f"One line per game written to {args.json}")
    return 0


# -- replay, schema, list ---------------------------------------------------------------


def _print_table(rows: list[tuple[str, ...]]) -> None:
    widths = [max(map(len, column)) for column in zip(*rows, strict=True)]
    for row in rows:
        cells = (cell.ljust(width) for cell, width in zip(row, widths, strict=True))
        print("  ".join(cells).rstrip())


def _read_document(path: str) -> bytes:
    """A file's bytes, refused unread past the loader's size limit (``/dev/zero`` never
    ends, and a stray video file should not fill memory)."""
    limit = LoadLimits().max_bytes
    with open(path, "rb") as file:
        document = file.read(limit + 1)
    if len(document) > limit:
        raise CorruptState(f"{path} is larger than {limit} bytes", "$")
    return document


def _add_language(command: argparse.ArgumentParser) -> None:
    command.add_argument("--language", choices=LANGUAGES, default=DEFAULT_LANGUAGE,
                         help="the narration's language (default: en)")


def _cmd_replay(args: argparse.Namespace) -> int:
    replay = _saved_game(args.file)
    game = partyrules.get_game(replay.game)
    report = replay.verify()
    print(f"{game.title}: replay of {len(replay.actions)} actions, seed {replay.seed}")
    if report.other_data is not None:
        print(f"Replay NOT verified: {report.other_data}")
        return 1
    narrator = _Narrator(game, humans=None, language=args.language)
    state = game.setup(replay.config, replay.seed)
    for action in replay.actions[:report.applied]:
        narrator.action(state, action)
        state = game.apply(state, action)
    narrator.flush()
    if report.failed_at is not None:
        action = replay.actions[report.failed_at]
        print(f"Replay FAILED at action {report.failed_at} ({action!r}): {report.error}")
        return 1
    if report.terminal:
        _print_outcome(game, state, report.applied, args.language)
    else:
        print("The game is not over.")
    print(f"Replay verified: all {report.applied} actions applied.")
    if args.check:
        violation = verify.check_replay(replay)
        if violation is not None:
            print(f"Check FAILED ({violation.check}) after action {violation.depth}: "
                  f"{violation.message}")
            return 1
        print(f"Checked: the explorer's checks hold at all {report.applied + 1} states.")
    return 0


def _cmd_verify(args: argparse.Namespace) -> int:
    start: partyrules.Replay | None = None
    if args.start is not None:
        if args.option or args.players is not None or args.seeds != 1 or args.seed != 0:
            raise InvalidConfig("--from explores the position's own config and seed: give "
                                "no --option, --players, --seed or --seeds with it")
        start = _position(args.game, args.start)
        game = partyrules.get_game(start.game)
        starts = [(start.config, start.seed)]
    else:
        if args.game is None:
            raise InvalidConfig("name a GAME to verify, or --from FILE")
        game = partyrules.get_game(args.game)
        players = args.players if args.players is not None else game.min_players
        config = _config(game, players, args.option)
        starts = [(config, args.seed + number) for number in range(args.seeds)]
    pool: Any = None
    if args.backend == "ray":
        ray_pool: Any = simulation.require_optional("ray.util.multiprocessing", "ray",
                                                    "the ray backend")
        pool = functools.partial(ray_pool.Pool, ray_address=args.address)
    elif args.address is not None:
        raise InvalidConfig("--address names a Ray cluster: give it with --backend ray")
    budget = "no limit" if args.max_states is None else f"at most {args.max_states:,}"
    print(f"{game.title}: exploring every reachable state ({budget} states per seed"
          + ("" if args.max_seconds is None else f", {args.max_seconds:g} s") + ")")
    worst = 0
    for config, seed in starts:
        with simulation.progress_bar(0, show=args.progress, label="states") as bar:
            def heard(now: verify.Progress, bar: simulation.ProgressBar = bar) -> None:
                rate = now.checked / now.seconds if now.seconds > 0 else 0.0
                bar.show(now.states, args.max_states,
                         f"found, {now.checked:,} checked ({rate:,.0f}/s), "
                         f"depth {now.depth}")

            report = verify.explore(game, config, seed=seed, start=start,
                                    max_states=args.max_states,
                                    max_seconds=args.max_seconds, probes=args.probes,
                                    every_round_trip=args.every_round_trip,
                                    workers=args.workers, pool=pool, progress=heard)
        print(report.summary())
        if report.violation is not None:
            path = Path(args.save or f"violation-{game.name}-seed{seed}.json")
            path.write_text(partyrules.dumps(report.violation.replay), encoding="utf-8")
            print(f"  the shortest path to it: {path} (`partyrules replay --check {path}` "
                  "plays it and checks each state)")
            return 1
        if not report.complete:
            worst = 3
    return worst


def _position(game_name: str | None, where: str) -> partyrules.Replay:
    """A position to explore from: a replay file, or the name of one the game stores."""
    if Path(where).exists() or game_name is None:
        replay = _saved_game(where)
        if game_name not in (None, replay.game):
            raise InvalidConfig(f"{where} is a {replay.game} position, not {game_name}")
        return replay
    stored = verify.stored_positions(partyrules.get_game(game_name))
    if where not in stored:
        raise InvalidConfig(f"no file {where!r} and no stored {game_name} position of that "
                            f"name; stored: {', '.join(stored) or 'none'}")
    return stored[where]


def _cmd_serve(args: argparse.Namespace) -> int:
    # The server's packages are an extra: asked for here, so that the rest of the command
    # line works without them.
    for package in ("starlette", "uvicorn", "websockets"):
        simulation.require_optional(package, "server", "partyrules serve")
    _check_listening(args.host, args.port)
    if _is_database_url(args.db):
        for package in ("psycopg", "psycopg_pool"):
            simulation.require_optional(package, "postgres", "a PostgreSQL --db")
    else:
        _check_database(args.db)
        if args.workers > 1:
            raise InvalidConfig("--workers: several server processes share a PostgreSQL "
                                "database (--db postgresql://...), not a SQLite file")
    from partyrules.server import serve
    from partyrules.server.limits import ServerLimits

    limits = ServerLimits(
        max_game_length=args.max_game_length, max_actions=args.max_actions,
        tables_per_minute=args.tables_per_minute,
        open_tables_per_client=args.open_tables_per_client, open_tables=args.open_tables,
        bot_seats=args.bot_seats, bot_budget=args.bot_budget, max_text=args.max_text,
        idle_seconds=args.idle_minutes * 60.0,
        allowed_origins=frozenset(args.allow_origin or ()))
    options: dict[str, Any] = {"bot_processes": args.bot_processes, "limits": limits,
                               "workers": args.workers}
    if args.race_pause is not None:
        options["race_pause"] = args.race_pause
    if args.bot_lease is not None:
        options["bot_lease"] = args.bot_lease
    serve(args.host, args.port, args.db, **options)
    return 0


def _is_database_url(db: str) -> bool:
    # The same test as partyrules.server.databases.is_database_url, which this module
    # cannot import before it knows the server's extra is installed.
    return db.startswith(("postgresql://", "postgres://"))


def _cmd_close_table(args: argparse.Namespace) -> int:
    for package in ("starlette", "uvicorn", "websockets"):
        simulation.require_optional(package, "server", "partyrules close-table")
    if _is_database_url(args.db):
        for package in ("psycopg", "psycopg_pool"):
            simulation.require_optional(package, "postgres", "a PostgreSQL --db")
    else:
        _check_database(args.db, exists=True)
    from partyrules.server.databases import open_store

    async def close() -> list[tuple[str, bool]]:
        store = open_store(args.db)
        await store.start()
        try:
            return [(table_id, await store.close_table(table_id))
                    for table_id in args.table]
        finally:
            await store.stop()

    found = asyncio.run(close())
    for table_id, closed in found:
        print(f"{table_id}: closed" if closed else
              f"{table_id}: no such open table (closed already, or never there)")
    return 0 if all(closed for _, closed in found) else 1


def _check_listening(host: str, port: int) -> None:
    """Refuse, before the database is opened, an address the server could not listen
    on: a host that does not resolve, a port in use or not allowed."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        raise InvalidConfig(f"--host {host}: {getattr(exc, 'strerror', None) or exc}") from None
    family, kind, protocol, _, address = found[0]
    with socket.socket(family, kind, protocol) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
        try:
            probe.bind(address)
        except OSError as exc:
            raise InvalidConfig(f"cannot listen on {host}:{port}: "
                                f"{(exc.strerror or str(exc)).lower()}") from None


def _check_database(db: str, *, exists: bool = False) -> None:
    """Refuse a ``--db`` path SQLite could not open as a file, before the server starts
    (and, with ``exists``, a file that is not there: nothing to change in it)."""
    path = Path(db)
    if path.is_dir():
        raise InvalidConfig(f"--db {db}: a folder, not a file")
    if not path.parent.is_dir():
        raise InvalidConfig(f"--db {db}: there is no folder {path.parent}")
    if exists and not path.is_file():
        raise InvalidConfig(f"--db {db}: there is no such file")


def _cmd_schema(args: argparse.Namespace) -> int:
    print(json.dumps(partyrules.json_schema(partyrules.get_game(args.game)), indent=2))
    return 0


def _cmd_list(args: argparse.Namespace) -> int:
    games = [partyrules.GAMES[name] for name in sorted(partyrules.GAMES)]
    _print_table([(g.name, g.title, f"{g.min_players}-{g.max_players} players")
                  for g in games])
    return 0


_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "list": _cmd_list, "play": _cmd_play, "simulate": _cmd_simulate,
    "tournament": _cmd_tournament, "replay": _cmd_replay, "schema": _cmd_schema,
    "serve": _cmd_serve, "verify": _cmd_verify, "close-table": _cmd_close_table,
}


def _whole(text: str, least: int) -> int:
    """A whole number of at least ``least``, or argparse's error saying so."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number from {least}, not "
                                         f"{text!r}") from None
    if value < least:
        raise argparse.ArgumentTypeError(f"must be at least {least}, not {value}")
    return value


def _positive(text: str) -> int:
    return _whole(text, 1)


def _add_time_limit(command: argparse.ArgumentParser) -> None:
    command.add_argument("--time-limit", type=_positive, metavar="TURNS",
                         help="call time for the table after this many turns of the "
                              "game's timer (When I Dream: clues and guesses in a round), "
                              "as a person would; for tables of bots")


def _natural(text: str) -> int:
    return _whole(text, 0)


def _positive_or_none(text: str) -> int | None:
    return None if text.lower() == "none" else _positive(text)


def _port(text: str) -> int:
    """``--port``: a TCP port, 1 to 65535."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"must be a port from 1 to 65535, not {text}")
    return value


def _add_option(command: argparse.ArgumentParser) -> None:
    """The one way to set config fields, for every command that plays a game:
    ``-o NAME=VALUE`` or ``--option`` (``--config``: the same, another spelling)."""
    command.add_argument("-o", "--option", "--config", dest="option", action="append",
                         metavar="NAME=VALUE",
                         help="a config field, the value in JSON or @FILE holding it "
                              "(e.g. -o danys_reason=true, -o guests=@my-deck.json); "
                              "repeatable")


def _lease_seconds(text: str) -> float:
    value = _seconds(text)
    if value < 0.5:
        raise argparse.ArgumentTypeError(f"must be at least 0.5 seconds, not {text}")
    return value


def _seconds(text: str) -> float:
    value = float(text)
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError(f"must be from 0 to 60 seconds, not {text}")
    return value


def _parser() -> argparse.ArgumentParser:
    """The command line: one subcommand per task (list, play, simulate, tournament,
    replay, schema, verify, serve), each with the options docs/cli.md lists."""
    parser = argparse.ArgumentParser(
        prog="partyrules", description="Play, simulate and replay tabletop party games.")
    parser.add_argument("--version", action="version",
                        version=f"partyrules {partyrules.__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands.add_parser("list", help="list the games")
    play = commands.add_parser("play", help="play a game, people and bots, narrated")
    play.add_argument("game", nargs="?", help="the game (not with --resume)")
    play.add_argument("--players", type=_positive,
                      help="number of seats (default: as many as --seats, at least the "
                           "game's minimum)")
    play.add_argument("--seats", help=f"comma-separated {HUMAN!r} or bot names, by seat")
    play.add_argument("--seed", type=int, help="default: a random seed (printed)")
    play.add_argument("--save", metavar="FILE", help="write the game as a replay file")
    play.add_argument("--resume", metavar="FILE",
                      help="go on with a saved game (a replay file that is not over)")
    _add_time_limit(play)
    _add_option(play)
    _add_language(play)
    simulate = commands.add_parser("simulate", help="play many games of bots, summed up")
    simulate.add_argument("game")
    simulate.add_argument("--games", type=_positive, required=True)
    simulate.add_argument("--players", type=_positive,
                          help="number of seats (default: as many as --seats, at least "
                               "the game's minimum)")
    simulate.add_argument("--seats", help="comma-separated bot names, by seat (unnamed "
                                          "seats: random); game i moves them i seats on")
    simulate.add_argument("--seed", type=int, default=0, help="game i uses seed S+i")
    _add_time_limit(simulate)
    tournament = commands.add_parser("tournament",
                                     help="every pair of bots plays, with ratings")
    tournament.add_argument("game")
    tournament.add_argument("--bots", required=True, help="comma-separated bot names")
    tournament.add_argument("--games-per-pair", type=_positive, required=True)
    tournament.add_argument("--players", type=_positive, help="default: the game's minimum")
    tournament.add_argument("--seed", type=int, default=0,
                            help="game g of every pair uses seed S+g")
    tournament.add_argument("--plot", metavar="FILE",
                            help="draw win rates and ratings to a .png or .svg file")
    for command in (simulate, tournament):
        command.add_argument("--workers", type=_workers, default=1, metavar="N|auto",
                             help="processes, or one per CPU (default: 1, this process)")
        command.add_argument("--backend", choices=simulation.BACKENDS, default="local")
        command.add_argument("--address", help="the Ray cluster (ray://host:10001 or "
                                               "auto; default: a local Ray instance)")
        command.add_argument("--json", metavar="FILE",
                             help="write one JSON line per game (seed, seats, outcome)")
        command.add_argument("--progress", action=argparse.BooleanOptionalAction,
                             help="draw a progress bar (default: on a terminal)")
        _add_option(command)
    replay = commands.add_parser("replay", help="verify and narrate a replay file")
    replay.add_argument("file")
    replay.add_argument("--check", action="store_true",
                        help="also run the explorer's checks (partyrules verify's) at "
                             "every state of the replay; exit 1 on a violation")
    _add_language(replay)
    schema = commands.add_parser("schema", help="print the JSON Schema of a game's files")
    schema.add_argument("game")
    verifier = commands.add_parser(
        "verify", help="check every reachable state of a game from a setup or position",
        description="Visit every state reachable from the setup (or a position), each "
                    "once, and check the rules' invariants and the game's properties at "
                    "each. Exit 0: explored to the end, no violation; 1: a violation "
                    "(its shortest path is saved as a replay); 3: a budget stopped it.")
    verifier.add_argument("game", nargs="?", help="the game (optional with --from FILE)")
    _add_option(verifier)
    verifier.add_argument("--players", type=_positive, help="default: the game's minimum")
    verifier.add_argument("--from", dest="start", metavar="FILE|NAME",
                          help="explore from the end of a replay file, or from a position "
                               "the game stores (its page lists them)")
    verifier.add_argument("--seed", type=int, default=0, help="the first seed (default 0)")
    verifier.add_argument("--seeds", type=_positive, default=1,
                          help="explore from N setups, seeds S to S+N-1 (default 1)")
    verifier.add_argument("--max-states", type=_positive_or_none, default=1_000_000,
                          metavar="N|none", help="states per seed (default 1,000,000)")
    verifier.add_argument("--max-seconds", type=float, metavar="S",
                          help="seconds per seed (default: no limit)")
    verifier.add_argument("--probes", type=_positive, default=8,
                          help="forged actions tried per state for the refusal check "
                               "(default 8 near the listed ones, 8 built from scratch)")
    verifier.add_argument("--every-round-trip", action="store_true",
                          help="round-trip every state and view (default: the first of "
                               "each shape and one state in 32)")
    verifier.add_argument("--workers", type=_positive, default=1, metavar="N",
                          help="processes checking the states, the report the same "
                               "(default: 1, this process)")
    verifier.add_argument("--backend", choices=simulation.BACKENDS, default="local",
                          help="the workers' processes: a local pool or Ray's")
    verifier.add_argument("--address", help="the Ray cluster (ray://host:10001 or auto; "
                                            "default: a local Ray instance)")
    verifier.add_argument("--save", metavar="FILE",
                          help="where a violation's replay goes (default: "
                               "violation-GAME-seedS.json)")
    verifier.add_argument("--progress", action=argparse.BooleanOptionalAction,
                          help="draw a progress bar (default: on a terminal)")
    serve = commands.add_parser("serve", help="run the web table: people and bots play "
                                              "in the browser")
    serve.add_argument("--host", default="127.0.0.1",
                       help="the address to listen on (default: 127.0.0.1, this machine)")
    serve.add_argument("--port", type=_port, default=8000, help="1 to 65535 (default: 8000)")
    serve.add_argument("--db", default="partyrules.sqlite3", metavar="FILE|URL",
                       help="the SQLite file of the tables (default: partyrules.sqlite3 "
                            "in the current folder), or a postgresql:// URL that several "
                            "server processes share")
    serve.add_argument("--workers", type=_positive, default=1, metavar="N",
                       help="server processes sharing the port and a PostgreSQL --db "
                            "(default: 1)")
    serve.add_argument("--bot-lease", type=_lease_seconds, metavar="SECONDS",
                       help="how long a server process holds a table's bots; another "
                            "process takes a dead one's bots over after it (default: 15)")
    serve.add_argument("--race-pause", type=_seconds, metavar="SECONDS",
                       help="how long a bot lets people act first in a race, such as "
                            "clues racing the Dreamer's guess (default: 1.5)")
    serve.add_argument("--bot-processes", type=_positive, default=2, metavar="N",
                       help="how many bot decisions run at once, each in a worker "
                            "process (default: 2)")
    # The limits a server open to strangers needs (docs/server.md, "Limits"); the
    # defaults are ServerLimits' own, repeated here so that --help shows them.
    limits = serve.add_argument_group("limits", "what a stranger may ask of the server")
    limits.add_argument("--max-game-length", type=_positive, default=40_000, metavar="N",
                        help="the most decisions a table's config may allow: a longer "
                             "turn limit, or none, is refused (default: 40000)")
    limits.add_argument("--max-actions", type=_positive, default=200_000, metavar="N",
                        help="actions after which a table is closed (default: 200000)")
    limits.add_argument("--tables-per-minute", type=_positive, default=10, metavar="N",
                        help="new tables one address may create in a minute (default: 10)")
    limits.add_argument("--open-tables-per-client", type=_positive, default=20,
                        metavar="N", help="open tables of one address (default: 20)")
    limits.add_argument("--open-tables", type=_positive, default=1000, metavar="N",
                        help="open tables on the server (default: 1000)")
    limits.add_argument("--bot-seats", type=_natural, metavar="N",
                        help="the most bot seats at a table (default: all seats but one)")
    limits.add_argument("--bot-budget", type=_positive, default=1000, metavar="N",
                        help="the largest ismcts:N a seat may ask (default: 1000)")
    limits.add_argument("--max-text", type=_positive, default=280, metavar="CHARS",
                        help="the longest text a person may type (default: 280)")
    limits.add_argument("--idle-minutes", type=_natural, default=360, metavar="MINUTES",
                        help="close an open table after this long without an action; 0: "
                             "never (default: 360)")
    limits.add_argument("--allow-origin", action="append", metavar="ORIGIN",
                        help="a web origin (https://example.com) whose pages may use "
                             "this server besides its own; repeat for more; '*' for any")
    closer = commands.add_parser("close-table", help="close tables of a web table's "
                                                     "database: their bots stop")
    closer.add_argument("table", nargs="+", help="the id of a table to close")
    closer.add_argument("--db", default="partyrules.sqlite3", metavar="FILE|URL",
                        help="the server's SQLite file (default: partyrules.sqlite3) or "
                             "postgresql:// URL")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the ``partyrules`` command line; returns the exit code.

    0: done; 1: a replay failed or input ended mid-game; 2: bad arguments or files.
    """
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:  # argparse exits on --help and on bad usage
        return exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 2
    try:
        return _COMMANDS[args.command](args)
    except BrokenPipeError:
        # The reader went away (`| head`): stop quietly, as Unix tools do, and keep
        # Python from complaining when it flushes stdout at exit.
        with open(os.devnull, "w") as devnull:
            os.dup2(devnull.fileno(), sys.stdout.fileno())
        return 1
    except (PartyRulesError, OSError) as exc:
        print(f"partyrules: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\npartyrules: interrupted", file=sys.stderr)
        return 130
