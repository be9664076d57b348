"""The ``partyrules`` command: list, play, simulate, replay and schema.

Games are reached only through the registry (:func:`partyrules.get_game`), so a new
game package needs no change here. For example::

    partyrules play dinner --seats human,random,random --seed 7 --save game.json
    partyrules replay game.json
    partyrules simulate dinner --games 10000 --workers 4
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

import attrs

import partyrules
from partyrules.bots import make_bot
from partyrules.core.errors import CorruptState, IllegalAction, InvalidConfig, PartyRulesError
from partyrules.core.game import TABLE, AnyGame, free_text_fields
from partyrules.core.match import WAIT, play_match
from partyrules.core.serialize import LoadLimits, parse_json, structure

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

    def __init__(self, game: AnyGame, *, humans: frozenset[int] | None) -> None:
        self.game = game
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
        line = self.game.describe_action(state, action, viewer)
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


def _ask_number(count: int) -> int:
    while True:
        answer = _read(f"Your choice (1-{count}): ")
        if answer.isdecimal() and 1 <= int(answer) <= count:  # isdecimal: int() accepts it
            return int(answer)
        print(f"Please type a number from 1 to {count}, not {answer!r} (end of input quits).")


class _Person:
    """A person at the keyboard, as a match runner's player.

    With several people at one screen (hot-seat), the screen is cleared and the next
    person is called to it before anything private is shown: one person's hand never
    stays in view of the next.
    """

    def __init__(self, game: AnyGame, narrator: _Narrator, screen: _Screen,
                 viewer: int | None = None) -> None:
        self.game = game
        self.narrator = narrator
        self.screen = screen
        self.viewer = viewer  # the table's rulings: asked of a person, who sees this
        self.name = HUMAN

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        """The person's choice for ``seat`` (or :data:`WAIT` in a race)."""
        viewer = seat if self.viewer is None else self.viewer
        self.screen.hand_to(viewer)
        return _ask_human(self.game, state, seat, self.narrator, viewer)


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


def _ask_human(game: AnyGame, state: Any, seat: int, narrator: _Narrator,
               viewer: int | None = None) -> Any:
    viewer = seat if viewer is None else viewer
    narrator.flush(state)
    options = list(game.legal_actions(state, seat))
    if not options:
        raise IllegalAction(f"seat {seat} is to act but has no legal action (a game bug)")
    if seat != TABLE and TABLE in game.to_act(state):
        options += game.legal_actions(state, TABLE)  # a person may raise the table's ruling
    options = _one_per_text_choice(options)
    racing = not game.is_simultaneous(state) and len(game.to_act(state) - {TABLE, seat}) > 0
    print()
    print(game.render_view(game.view(state, viewer)))
    print(f"Seat {seat}, your move:" if seat != TABLE else
          "Everyone, rule for the whole table:" if viewer == TABLE else
          f"Seat {viewer}, rule for the whole table:")
    for number, option in enumerate(options, 1):
        texts = free_text_fields(type(option))
        line = game.describe_action(state, option, viewer)
        print(f"  {number:3d}) {line}" if not texts else
              f"  {number:3d}) {type(option).__name__} (you type the {', '.join(texts)})")
    if racing:
        print(f"  {len(options) + 1:3d}) Wait: let the others act first")
    while True:
        number = _ask_number(len(options) + racing)
        if number > len(options):
            return WAIT
        action = options[number - 1]
        for field in free_text_fields(type(action)):
            action = attrs.evolve(action, **{field: _ask_text(action, field)})
        try:
            game.apply(state, action)  # a typed text may still break a rule: ask again
        except IllegalAction as exc:
            print(f"Not allowed: {exc}. Choose again.")
            continue
        return action


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


def _print_outcome(game: AnyGame, state: Any, length: int) -> None:
    outcome = game.outcome(state)
    winners = ", ".join(f"seat {seat}" for seat in sorted(outcome.winners)) or "nobody"
    print(f"Game over after {length} actions ({outcome.reason}).")
    print(f"Winner{'' if len(outcome.winners) == 1 else 's'}: {winners}")
    if outcome.scores is not None:
        print("Scores: " + ", ".join(f"seat {s}: {p}" for s, p in enumerate(outcome.scores)))


def _config(game: AnyGame, players: int, options: list[str] | None) -> Any:
    """The game's config from the player count and ``NAME=JSON`` options, loaded as
    strictly as a config file (wrong names and types are errors that say so)."""
    fields: dict[str, Any] = {"players": players}
    for option in options or ():
        name, sep, text = option.partition("=")
        if not sep or not name:
            raise InvalidConfig(f"an option is NAME=VALUE, not {option!r}")
        try:
            fields[name] = parse_json(text)
        except CorruptState as refused:
            if not refused.reason.startswith("not valid JSON"):
                raise InvalidConfig(f"option {name}: {refused}", name) from None
            fields[name] = text  # a bare word is a string
    return structure(fields, game.Config, "config")


def _saved_game(path: str) -> partyrules.Replay:
    replay = partyrules.loads(_read_document(path))
    if not isinstance(replay, partyrules.Replay):
        raise CorruptState(f"expected a Replay, found a {type(replay).__name__}", "type")
    return replay


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
    people = frozenset(seat for seat, spec in enumerate(seats) if spec == HUMAN)
    narrator = _Narrator(game, humans=people or None)
    screen = _Screen(people)
    players = [_Person(game, narrator, screen) if spec == HUMAN else make_bot(spec, game)
               for spec in seats]
    # The table's rulings are asked of the people (the one person, or everyone looking at
    # the public view); with bots only, the play stands (NoObjection).
    table = (_Person(game, narrator, screen, viewer=min(people) if len(people) == 1
                     else TABLE) if people else None)
    actions: list[Any] = list(start.actions) if start is not None else []
    narrator.count = len(actions)

    def record(state: Any, action: Any) -> None:
        narrator.action(state, action)
        actions.append(action)

    print(f"{game.title}: {len(seats)} players, seed {seed}"
          + (f", resumed after {len(actions)} actions" if start is not None else ""))
    print("Seats: " + ", ".join(f"{seat} {spec}" for seat, spec in enumerate(seats)))
    code = 0
    try:
        # The seed deals the cards and drives the bots: same seed, same game.
        record_ = play_match(game, config, players, seed, table=table, start=start,
                             on_action=record)
    except _InputEnded:
        print(f"partyrules: input ended; game abandoned after {len(actions)} actions",
              file=sys.stderr)
        code = 1
    narrator.flush()
    if code == 0:
        _print_outcome(game, record_.final, len(actions))
    if args.save is not None:  # an abandoned game is saved too: --resume goes on with it
        replay = partyrules.Replay(game.name, config, seed, tuple(actions))
        with open(args.save, "w", encoding="utf-8") as file:
            file.write(partyrules.dumps(replay, indent=2) + "\n")
        print(f"Replay saved to {args.save}")
    return code


# -- simulating -------------------------------------------------------------------------


@attrs.frozen(slots=True)
class _Result:
    """What the summary needs of one finished game (small: it crosses processes)."""

    winners: frozenset[int]
    length: int
    reason: str


def _simulate_one(job: tuple[str, Any, int]) -> _Result:
    # Module level so that a multiprocessing pool can pickle it by name.
    name, config, seed = job
    game = partyrules.get_game(name)
    bot = make_bot("random", game)
    # As in `play`: `play --seed S` replays simulated game S.
    record = play_match(game, config, [bot] * config.players, seed)
    assert record.outcome is not None  # no step cap was set
    return _Result(record.outcome.winners, len(record.actions), record.outcome.reason)


def _collect(results: Iterable[_Result], total: int) -> list[_Result]:
    # Redraw in place only on a terminal: piped into a file, \r frames are just noise.
    show = sys.stderr.isatty()
    step = max(1, total // 200)
    collected: list[_Result] = []
    for result in results:
        collected.append(result)
        done = len(collected)
        if show and (done % step == 0 or done == total):
            filled = 30 * done // total
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total}")
            sys.stderr.flush()
    if show:
        sys.stderr.write("\n")
    return collected


def _cmd_simulate(args: argparse.Namespace) -> int:
    game = partyrules.get_game(args.game)
    players = args.players if args.players is not None else game.min_players
    config = _config(game, players, args.option)  # fail here, not once per worker
    jobs = [(game.name, config, args.seed + index) for index in range(args.games)]
    start = time.perf_counter()
    if args.workers == 1:
        results = _collect(map(_simulate_one, jobs), len(jobs))
    else:
        with multiprocessing.Pool(args.workers) as pool:
            chunk = max(1, len(jobs) // (args.workers * 16))
            # imap keeps the order of the jobs, so the summary does not depend on W.
            results = _collect(pool.imap(_simulate_one, jobs, chunk), len(jobs))
    elapsed = time.perf_counter() - start
    wins = Counter(seat for result in results for seat in result.winners)
    lengths = [result.length for result in results]
    rows: list[tuple[str, ...]] = [("games", str(len(results)))]
    rows += [(f"seat {seat} wins", f"{wins[seat]} ({100 * wins[seat] / len(results):.1f}%)")
             for seat in range(players)]
    rows += [("mean length", f"{sum(lengths) / len(lengths):.1f} actions"),
             ("max length", f"{max(lengths)} actions")]
    reasons = Counter(result.reason for result in results)
    rows += [(f"ended by {reason}", str(count)) for reason, count in sorted(reasons.items())]
    rows += [("elapsed", f"{elapsed:.2f} s"),
             ("speed", f"{len(results) / max(elapsed, 1e-9):.1f} games/s")]
    _print_table(rows)
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


def _cmd_replay(args: argparse.Namespace) -> int:
    replay = partyrules.loads(_read_document(args.file))
    if not isinstance(replay, partyrules.Replay):
        raise CorruptState(f"expected a Replay, found a {type(replay).__name__}", "type")
    game = partyrules.get_game(replay.game)
    report = replay.verify()
    print(f"{game.title}: replay of {len(replay.actions)} actions, seed {replay.seed}")
    if report.other_data is not None:
        print(f"Replay NOT verified: {report.other_data}")
        return 1
    narrator = _Narrator(game, humans=None)
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
        _print_outcome(game, state, report.applied)
    else:
        print("The game is not over.")
    print(f"Replay verified: all {report.applied} actions applied.")
    return 0


def _cmd_schema(args: argparse.Namespace) -> int:
    print(json.dumps(partyrules.json_schema(partyrules.get_game(args.game)), indent=2))
    return 0


def _cmd_list(args: argparse.Namespace) -> int:
    games = [partyrules.GAMES[name] for name in sorted(partyrules.GAMES)]
    _print_table([(g.name, g.title, f"{g.min_players}-{g.max_players} players")
                  for g in games])
    return 0


_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "list": _cmd_list, "play": _cmd_play, "simulate": _cmd_simulate, "replay": _cmd_replay,
    "schema": _cmd_schema,
}


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="partyrules", description="Play, simulate and replay tabletop party games.")
    parser.add_argument("--version", action="version",
                        version=f"partyrules {partyrules.__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands.add_parser("list", help="list the games")
    play = commands.add_parser("play", help="play a game, people and bots, narrated")
    play.add_argument("game", nargs="?", help="the game (not with --resume)")
    play.add_argument("--players", type=int,
                      help="number of seats (default: as many as --seats, at least the "
                           "game's minimum)")
    play.add_argument("--seats", help=f"comma-separated {HUMAN!r} or bot names, by seat")
    play.add_argument("--seed", type=int, help="default: a random seed (printed)")
    play.add_argument("--save", metavar="FILE", help="write the game as a replay file")
    play.add_argument("--resume", metavar="FILE",
                      help="go on with a saved game (a replay file that is not over)")
    play.add_argument("--option", "-o", action="append", metavar="NAME=VALUE",
                      help="a config field, the value in JSON (e.g. -o danys_reason=true)")
    simulate = commands.add_parser("simulate", help="play many all-random games")
    simulate.add_argument("game")
    simulate.add_argument("--games", type=_positive, required=True)
    simulate.add_argument("--players", type=int, help="default: the game's minimum")
    simulate.add_argument("--workers", type=_positive, default=1, help="processes")
    simulate.add_argument("--seed", type=int, default=0, help="game i uses seed S+i")
    simulate.add_argument("--option", "-o", action="append", metavar="NAME=VALUE",
                          help="a config field, the value in JSON")
    replay = commands.add_parser("replay", help="verify and narrate a replay file")
    replay.add_argument("file")
    schema = commands.add_parser("schema", help="print the JSON Schema of a game's files")
    schema.add_argument("game")
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
