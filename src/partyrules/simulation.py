"""Simulations and tournaments of bots, at any scale: one process, a pool of them, or a
Ray cluster.

A simulation is a list of :class:`Job`: one game each, described by plain, picklable
values (the game's registry name, its config, the bot spec of every seat, two seeds).
:func:`play_job` plays a job through the match runner
(:func:`~partyrules.core.match.play_match`) and returns a small :class:`GameResult`; it
is a pure function of the job, so a job gives the same result in any process, on any
machine running the same partyrules. The backends (:func:`run_jobs`) only decide where
the jobs run; they always return the results in job order, so a summary never depends on
the backend or the number of workers.

**Seat rotation.** Game ``i`` of a simulation with lineup ``L`` (one bot spec per seat)
and seed ``S`` uses seed ``S + i`` and the lineup rotated by ``i``: seat ``s`` gets
``L[(s - i) mod n]``, so each bot moves to the next seat number from one game to the
next, and over ``n`` games every bot has sat at every seat once (:func:`rotate`):

>>> rotate(["ismcts:200", "random", "random"], 1)
('random', 'ismcts:200', 'random')

Game ``i`` is the game ``partyrules play GAME --seed S+i --seats <rotated lineup>``
plays: the players' seed is the game's seed, as in ``play``.

>>> jobs = simulation_jobs("dinner", ["random", "random", "random"], games=4, seed=10)
>>> [job.seed for job in jobs]
[10, 11, 12, 13]
>>> results = run_jobs(jobs)
>>> results == run_jobs(jobs, workers=2)
True
>>> summary = summarize(results)
>>> summary.games, summary.bots[0].name, summary.bots[0].games
(4, 'random', 12)

**Tournaments.** :func:`tournament_jobs` pits every pair of distinct bots against each
other; :func:`tournament` sums the results up per pair, per bot, and rates the bots with
OpenSkill (needs the ``[sim]`` extra, like :func:`plot_tournament` and the progress bar).
"""

from __future__ import annotations

import importlib
import itertools
import logging
import math
import multiprocessing
import os
import statistics
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, Final, Literal

import attrs

from partyrules.bots import make_bot
from partyrules.core.errors import InvalidConfig
from partyrules.core.game import get_game
from partyrules.core.match import Player, play_match

__all__ = [
    "BACKENDS",
    "RAY_WORKER_NICENESS",
    "Z95",
    "Backend",
    "BotRating",
    "GameResult",
    "Job",
    "PairResult",
    "ProgressBar",
    "Summary",
    "Tally",
    "Tournament",
    "iter_results",
    "pair_lineup",
    "play_job",
    "plot_format",
    "plot_tournament",
    "progress_bar",
    "ray_init_options",
    "require_optional",
    "rotate",
    "run_jobs",
    "simulation_jobs",
    "summarize",
    "tournament",
    "tournament_jobs",
    "wilson_interval",
]

Backend = Literal["local", "ray"]
"""Where jobs run: ``"local"`` (this process, or a pool of processes) or ``"ray"``."""

BACKENDS: Final[tuple[Backend, ...]] = ("local", "ray")
"""Every backend name :func:`run_jobs` knows."""

Z95: Final = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""


# -- jobs and results -------------------------------------------------------------------


@attrs.frozen(slots=True)
class Job:
    """One game to play: everything :func:`play_job` needs, as picklable values.

    ``seats`` holds a bot spec per seat (``"random"``, ``"ismcts:200"``: any name
    :func:`partyrules.bots.make_bot` reads); the game is set up from ``seed`` and the
    runner's draws and the bots' choices come from ``player_seed``.
    """

    game: str
    """The game's registry name."""
    config: Any
    """The game's config (its player count is the number of seats)."""
    seats: tuple[str, ...]
    """The bot spec of each seat, by seat."""
    seed: int
    """The game's seed (its shuffles and dice)."""
    player_seed: int
    """The seed of the runner's draws and the bots' choices."""
    time_limit: int | None = None
    """Where the game has a timed rule, after how many of its turns the runner calls time
    for the table of bots (:class:`~partyrules.core.match.Match`); None: never."""


@attrs.frozen(slots=True)
class GameResult:
    """How one job's game ended (small: it crosses processes and machines)."""

    seed: int
    """The job's game seed."""
    player_seed: int
    """The job's players' seed."""
    seats: tuple[str, ...]
    """The bot spec of each seat, by seat."""
    winners: frozenset[int]
    """The winning seats (ties share the win; empty when nobody won)."""
    scores: tuple[int, ...] | None
    """The final score of each seat, where the game keeps score."""
    reason: str
    """The rule that ended the game."""
    length: int
    """The number of actions played."""


def play_job(job: Job) -> GameResult:
    """Play ``job`` with the match runner: the same job gives the same result in any
    process (the game and the bots draw only from the job's seeds).

    >>> import partyrules
    >>> job = Job("dinner", partyrules.get_game("dinner").Config(players=3),
    ...           ("random", "random", "random"), seed=1, player_seed=1)
    >>> result = play_job(job)
    >>> result == play_job(job), result.reason in {"hand_emptied", "pile_exhausted"}
    (True, True)
    """
    game = get_game(job.game)
    bots: dict[str, Player] = {spec: make_bot(spec, game) for spec in set(job.seats)}
    record = play_match(game, job.config, [bots[spec] for spec in job.seats], job.seed,
                        player_seed=job.player_seed, time_limit=job.time_limit)
    assert record.outcome is not None  # no step cap was set: the game ran to its end
    return GameResult(seed=job.seed, player_seed=job.player_seed, seats=job.seats,
                      winners=record.outcome.winners, scores=record.outcome.scores,
                      reason=record.outcome.reason, length=len(record.actions))


def _play_chunk(jobs: Sequence[Job]) -> list[GameResult]:
    """Play a chunk of jobs in order (the unit of work of a Ray task)."""
    return [play_job(job) for job in jobs]


def rotate(lineup: Sequence[str], index: int) -> tuple[str, ...]:
    """``lineup`` moved ``index`` seats round the table: seat ``s`` gets
    ``lineup[(s - index) mod n]``.

    >>> rotate(["a", "b", "c", "d"], 1), rotate(["a", "b", "c", "d"], 6)
    (('d', 'a', 'b', 'c'), ('c', 'd', 'a', 'b'))
    """
    count = len(lineup)
    return tuple(lineup[(seat - index) % count] for seat in range(count))


def _check_specs(game_name: str, specs: Iterable[str]) -> None:
    """Refuse an unknown game or bot here, before any worker starts."""
    game = get_game(game_name)
    for spec in specs:
        make_bot(spec, game)


def _default_config(game_name: str, players: int, config: Any) -> Any:
    if config is None:
        return get_game(game_name).Config(players=players)
    if config.players != players:
        raise InvalidConfig(f"the config has {config.players} players for {players} seats",
                            "players")
    return config


def simulation_jobs(game: str, lineup: Sequence[str], *, games: int, seed: int = 0,
                    config: Any = None, time_limit: int | None = None) -> list[Job]:
    """The jobs of a simulation: game ``i`` uses seed ``seed + i`` (for the game and the
    players) and ``lineup`` rotated by ``i`` (see :func:`rotate`). ``config`` defaults to
    the game's config for ``len(lineup)`` players; ``time_limit`` calls time for the bots
    (:class:`~partyrules.core.match.Match`).

    >>> [job.seats for job in simulation_jobs("dany", ["ismcts:5", "random", "random"],
    ...                                      games=2, seed=7)]
    [('ismcts:5', 'random', 'random'), ('random', 'ismcts:5', 'random')]
    """
    if not lineup:
        raise InvalidConfig("a simulation needs at least one seat", "seats")
    _check_specs(game, lineup)
    config = _default_config(game, len(lineup), config)
    if time_limit is not None and get_game(game).timer is None:
        raise InvalidConfig(f"{get_game(game).title} has no timed rule to call time on",
                            "time_limit")
    return [Job(game, config, rotate(lineup, index), seed + index, seed + index, time_limit)
            for index in range(games)]


# -- backends ---------------------------------------------------------------------------


def run_jobs(jobs: Sequence[Job], *, backend: Backend = "local", workers: int | None = 1,
             address: str | None = None,
             on_result: Callable[[GameResult], None] | None = None) -> list[GameResult]:
    """Play every job and return the results in job order, whatever the backend.

    ``backend="local"``: ``workers`` processes (None: ``os.cpu_count()``); one worker
    plays in this process. ``backend="ray"``: Ray tasks over chunks of jobs, on the
    cluster at ``address`` (``"auto"``, ``"ray://host:10001"``) or on a local Ray
    instance of ``workers`` CPUs started for the run and shut down after it; needs the
    ``[ray]`` extra. ``on_result`` hears each result as it comes, in job order (to draw
    progress).
    """
    results: list[GameResult] = []
    for result in iter_results(jobs, backend=backend, workers=workers, address=address):
        results.append(result)
        if on_result is not None:
            on_result(result)
    return results


def iter_results(jobs: Sequence[Job], *, backend: Backend = "local",
                 workers: int | None = 1, address: str | None = None
                 ) -> Iterator[GameResult]:
    """The results of :func:`run_jobs`, one at a time in job order, as they come."""
    if backend == "local":
        if address is not None:
            raise InvalidConfig("an address is for the ray backend", "address")
        return _local(jobs, _worker_count(workers))
    if backend == "ray":
        return _ray(jobs, workers, address)
    raise InvalidConfig(f"no backend called {backend!r}; known backends: "
                        f"{', '.join(BACKENDS)}", "backend")


def _worker_count(workers: int | None) -> int:
    count = (os.cpu_count() or 1) if workers is None else workers
    if count < 1:
        raise InvalidConfig(f"workers is a number from 1, not {count}", "workers")
    return count


def _local(jobs: Sequence[Job], workers: int) -> Iterator[GameResult]:
    workers = min(workers, len(jobs))
    if workers <= 1:
        yield from map(play_job, jobs)
        return
    # Small chunks keep the workers busy to the end (games vary in length) while
    # amortizing the pickling; imap keeps the job order.
    chunk = max(1, len(jobs) // (workers * 16))
    with multiprocessing.Pool(workers) as pool:
        yield from pool.imap(play_job, jobs, chunk)
        # Workers that finished leave on their own: the pool's exit would kill them, and
        # a worker forked after ray.init answers the signal with Ray's crash report.
        pool.close()
        pool.join()


def require_optional(module: str, extra: str, purpose: str) -> ModuleType:
    """Import ``module``, an optional dependency, or raise :class:`InvalidConfig` naming
    the extra that installs it.

    >>> try:
    ...     require_optional("no_such_module", "sim", "plotting")
    ... except InvalidConfig as missing:
    ...     print(missing)
    plotting needs the 'no_such_module' package: pip install 'partyrules[sim]'
    """
    try:
        return importlib.import_module(module)
    except ImportError:
        raise InvalidConfig(f"{purpose} needs the {module!r} package: "
                            f"pip install 'partyrules[{extra}]'", extra) from None


RAY_WORKER_NICENESS: Final = 0
"""The niceness of the Ray workers of a local instance :func:`run_jobs` starts: Ray's own
default, 15, lets every other process of the machine go first, so that on a machine
shared with other work a Ray worker played a fraction of what a pool process plays (a
pool process keeps its parent's niceness, 0)."""


def ray_init_options(workers: int | None = None, address: str | None = None
                     ) -> dict[str, Any]:
    """The keyword arguments :func:`run_jobs` gives ``ray.init``: a local instance of
    ``workers`` CPUs (None: ``os.cpu_count()``) whose workers run at
    :data:`RAY_WORKER_NICENESS`, or the cluster at ``address``, whose workers run at the
    niceness it was started with (``RAY_worker_niceness=0 ray start ...`` to match a pool
    on a shared machine). Quiet: warnings only, no dashboard, no worker logs.

    >>> options = ray_init_options(2)
    >>> options["num_cpus"], options["_system_config"]
    (2, {'worker_niceness': 0})
    >>> "_system_config" in ray_init_options(address="auto")
    False
    """
    quiet: dict[str, Any] = {"logging_level": logging.WARNING, "log_to_driver": False}
    if address is not None:
        return {"address": address, **quiet}
    return {"num_cpus": _worker_count(workers), "include_dashboard": False,
            "_system_config": {"worker_niceness": RAY_WORKER_NICENESS}, **quiet}


def _ray(jobs: Sequence[Job], workers: int | None, address: str | None
         ) -> Iterator[GameResult]:
    # Imported through importlib: ray is optional, and the import stays lazy so that
    # `import partyrules.simulation` costs nothing without it.
    ray: Any = require_optional("ray", "ray", "the ray backend")
    if not jobs:
        return
    started = not ray.is_initialized()
    if started:
        ray.init(**ray_init_options(workers, address))
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        # Chunks: a task costs milliseconds of scheduling, a cheap game less than that.
        size = max(1, len(jobs) // (cpus * 8))
        task = ray.remote(_play_chunk)
        pending = [task.remote(list(jobs[start:start + size]))
                   for start in range(0, len(jobs), size)]
        for reference in pending:  # in job order: a later chunk that ends first waits
            yield from ray.get(reference)
    finally:
        if started:
            ray.shutdown()


# -- summaries --------------------------------------------------------------------------


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate of ``successes`` in ``trials`` (95% by
    default; a shared win may count a fraction); ``(0, 1)`` when there are no trials.

    >>> low, high = wilson_interval(8, 10)
    >>> round(low, 4), round(high, 4)
    (0.4902, 0.9433)
    """
    if trials == 0:
        return 0.0, 1.0
    rate = successes / trials
    spread = z * z / trials
    centre = (rate + spread / 2) / (1 + spread)
    half = z * math.sqrt(rate * (1 - rate) / trials + spread / (4 * trials)) / (1 + spread)
    return max(0.0, centre - half), min(1.0, centre + half)


@attrs.frozen(slots=True)
class Tally:
    """Wins of a bot (or a seat) over the games it played, with a 95% interval."""

    name: str
    """The bot spec (or the seat's label)."""
    games: int
    """The games counted: seat-games for a simulation's bots, games for a tournament's."""
    wins: int
    """The games won (a shared win counts as a win)."""
    mean_score: float | None = None
    """The mean final score, where the game keeps score."""

    @property
    def rate(self) -> float:
        """``wins / games`` (0 for no games)."""
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of :attr:`rate`."""
        return wilson_interval(self.wins, self.games)


@attrs.frozen(slots=True)
class Summary:
    """A simulation summed up: per bot spec, per seat, how games ended and how long
    they were."""

    games: int
    """The games played."""
    bots: tuple[Tally, ...]
    """Per bot spec (in order of first appearance): its seat-games and their wins."""
    seats: tuple[Tally, ...]
    """Per seat number (``"seat 0"``...): its games and wins, whoever sat there."""
    reasons: tuple[tuple[str, int], ...]
    """How many games each rule ended, by reason."""
    mean_length: float
    """The mean number of actions of a game."""
    max_length: int
    """The longest game's number of actions."""


def _mean(values: Sequence[float]) -> float | None:
    return statistics.fmean(values) if values else None


def summarize(results: Sequence[GameResult]) -> Summary:
    """Sum up ``results``: a bot's win rate counts its *seat-games* (a bot at two seats
    of a game plays two seat-games), so with ``n`` seats of equal bots it is near
    ``1/n`` (a little more with shared wins).

    >>> result = GameResult(1, 1, ("a", "b", "a"), frozenset({0, 1}), (5, 5, 2), "end", 9)
    >>> [(tally.name, tally.games, tally.wins, tally.mean_score)
    ...  for tally in summarize([result]).bots]
    [('a', 2, 1, 3.5), ('b', 1, 1, 5.0)]
    """
    games: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    scores: defaultdict[str, list[float]] = defaultdict(list)
    seat_wins: Counter[int] = Counter()
    seats = max((len(result.seats) for result in results), default=0)
    for result in results:
        for seat, spec in enumerate(result.seats):
            games[spec] += 1
            if seat in result.winners:
                wins[spec] += 1
                seat_wins[seat] += 1
            if result.scores is not None:
                scores[spec].append(result.scores[seat])
    lengths = [result.length for result in results]
    return Summary(
        games=len(results),
        bots=tuple(Tally(spec, games[spec], wins[spec], _mean(scores[spec]))
                   for spec in games),
        seats=tuple(Tally(f"seat {seat}", sum(len(r.seats) > seat for r in results),
                          seat_wins[seat]) for seat in range(seats)),
        reasons=tuple(sorted(Counter(result.reason for result in results).items())),
        mean_length=_mean(lengths) or 0.0,
        max_length=max(lengths, default=0))


# -- tournaments ------------------------------------------------------------------------


def pair_lineup(first: str, second: str, seats: int, game_index: int) -> tuple[str, ...]:
    """The seats of game ``game_index`` of a pair: the two bots alternate round the
    table, the first bot starting at seat 0 in even games and the second in odd ones,
    and the pattern moves one seat every two games. With an odd number of seats, the bot
    with the extra seat changes every game; over ``2 * seats`` games, each bot sits at
    each seat equally often.

    >>> [pair_lineup("a", "b", 3, g) for g in range(4)]
    [('a', 'b', 'a'), ('b', 'a', 'b'), ('a', 'a', 'b'), ('b', 'b', 'a')]
    """
    order = (first, second) if game_index % 2 == 0 else (second, first)
    return rotate([order[seat % 2] for seat in range(seats)], game_index // 2)


def tournament_jobs(game: str, bots: Sequence[str], *, games_per_pair: int,
                    players: int | None = None, seed: int = 0,
                    config: Any = None) -> list[Job]:
    """The jobs of a tournament: every pair of distinct ``bots`` plays ``games_per_pair``
    games at ``players`` seats (default: the game's minimum, at least 2), seated by
    :func:`pair_lineup`. Game ``g`` of every pair uses seed ``seed + g``, so each pair
    meets the same deals; the jobs go round by round (game 0 of every pair, then game
    1...), the order in which the ratings are updated.

    >>> jobs = tournament_jobs("dinner", ["random", "ismcts:5", "ismcts:9"],
    ...                        games_per_pair=2)
    >>> len(jobs), jobs[0].seats, jobs[3].seats, jobs[3].seed
    (6, ('random', 'ismcts:5', 'random'), ('ismcts:5', 'random', 'ismcts:5'), 1)
    """
    if len(set(bots)) != len(bots) or len(bots) < 2:
        raise InvalidConfig(f"a tournament needs at least two bots, each named once, "
                            f"not {list(bots)}", "bots")
    _check_specs(game, bots)
    minimum = get_game(game).min_players
    seats = players if players is not None else max(minimum, 2)
    if seats < 2:
        raise InvalidConfig("a tournament's games need at least two seats", "players")
    config = _default_config(game, seats, config)
    pairs = list(itertools.combinations(bots, 2))
    return [Job(game, config, pair_lineup(first, second, seats, index), seed + index,
                seed + index)
            for index in range(games_per_pair) for first, second in pairs]


@attrs.frozen(slots=True)
class PairResult:
    """The games of two bots against each other: how often each side won."""

    first: Tally
    """The first bot's games and wins (a shared win counts for both)."""
    second: Tally
    """The second bot's games and wins."""
    shared: int
    """Games both bots won (a seat of each among the winners)."""
    neither: int
    """Games neither won (nobody did)."""


@attrs.frozen(slots=True)
class BotRating:
    """A bot's OpenSkill (Plackett-Luce) rating after the tournament."""

    bot: str
    """The bot spec."""
    mu: float
    """The estimated skill."""
    sigma: float
    """The uncertainty of ``mu``."""

    @property
    def ordinal(self) -> float:
        """``mu - 3 * sigma``: a skill the bot has with about 99.7% confidence, the
        number to rank by."""
        return self.mu - 3 * self.sigma


@attrs.frozen(slots=True)
class Tournament:
    """A tournament summed up: per pair, per bot, and the ratings."""

    pairs: tuple[PairResult, ...]
    """Every pair, in the order of the bot list."""
    bots: tuple[Tally, ...]
    """Per bot: the games it played (a game counts once, however many seats it had)
    and those its side won."""
    ratings: tuple[BotRating, ...]
    """Per bot, best ordinal first."""
    summary: Summary
    """The games as a simulation (seat-games, end reasons, lengths)."""


def _sides(result: GameResult) -> tuple[str, str, bool, bool]:
    """A tournament game's two bots (in first-appearance order at the table, made
    canonical by the caller) and whether a seat of each won."""
    first = result.seats[0]
    second = next(spec for spec in result.seats if spec != first)
    won = {spec: any(result.seats[seat] == spec for seat in result.winners)
           for spec in (first, second)}
    return first, second, won[first], won[second]


def tournament(results: Sequence[GameResult], bots: Sequence[str]) -> Tournament:
    """Sum up a tournament's ``results`` (in job order) for ``bots`` (in their order):
    per-pair and per-bot win rates, and OpenSkill Plackett-Luce ratings (needs the
    ``[sim]`` extra). For the ratings, each game is a match of two teams, the two bots,
    ranked by whether any of their seats won; a shared win, or no winner, is a tie.

    >>> jobs = tournament_jobs("dany", ["random", "ismcts:3"], games_per_pair=4)
    >>> summed = tournament(run_jobs(jobs), ["random", "ismcts:3"])
    >>> [tally.games for tally in summed.bots], len(summed.ratings)
    ([4, 4], 2)
    """
    models = require_optional("openskill.models", "sim", "rating bots")
    model = models.PlackettLuce()
    order = {spec: index for index, spec in enumerate(bots)}
    ratings = {spec: model.rating(name=spec) for spec in bots}
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    per_pair: defaultdict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for result in results:
        first, second, first_won, second_won = _sides(result)
        if order[first] > order[second]:
            first, second, first_won, second_won = second, first, second_won, first_won
        pair = per_pair[(first, second)]
        pair["games"] += 1
        pair["first"] += first_won
        pair["second"] += second_won
        pair["shared"] += first_won and second_won
        pair["neither"] += not (first_won or second_won)
        for spec, side_won in ((first, first_won), (second, second_won)):
            played[spec] += 1
            won[spec] += side_won
        # Lower ranks are better; equal ranks are a tie.
        ranks = [0, 0] if first_won == second_won else [int(second_won), int(first_won)]
        rated_first, rated_second = model.rate([[ratings[first]], [ratings[second]]],
                                               ranks=ranks)
        ratings[first], ratings[second] = rated_first[0], rated_second[0]
    pairs = tuple(
        PairResult(Tally(first, counts["games"], counts["first"]),
                   Tally(second, counts["games"], counts["second"]),
                   counts["shared"], counts["neither"])
        for (first, second), counts in sorted(per_pair.items(),
                                              key=lambda item: (order[item[0][0]],
                                                                order[item[0][1]])))
    rated = sorted((BotRating(spec, float(ratings[spec].mu), float(ratings[spec].sigma))
                    for spec in bots), key=lambda rating: -rating.ordinal)
    return Tournament(pairs=pairs,
                      bots=tuple(Tally(spec, played[spec], won[spec]) for spec in bots),
                      ratings=tuple(rated), summary=summarize(results))


def plot_format(path: str | Path) -> Literal["png", "svg"]:
    """The image format of a plot file, read from its suffix (``.png`` or ``.svg``).

    >>> plot_format("ratings.SVG")
    'svg'
    """
    suffix = Path(path).suffix.lower()
    if suffix == ".png":
        return "png"
    if suffix == ".svg":
        return "svg"
    raise InvalidConfig(f"a plot is a .png or a .svg file, not {Path(path).name!r}", "plot")


def plot_tournament(summed: Tournament, path: str | Path, *, title: str | None = None
                    ) -> Path:
    """Draw ``summed`` to ``path``, a PNG or an SVG by its suffix (needs the ``[sim]``
    extra): on the left each bot's win rate with its 95% interval, on the right its
    rating's ordinal with ``±sigma`` bars. Returns the path written."""
    path = Path(path)
    image_format = plot_format(path)
    figure_module = require_optional("matplotlib.figure", "sim", "plotting")
    agg = require_optional("matplotlib.backends.backend_agg", "sim", "plotting")
    # A Figure on the Agg canvas, not pyplot: no global state, no display needed.
    figure = figure_module.Figure(figsize=(10, 4), layout="constrained")
    agg.FigureCanvasAgg(figure)
    rates, ratings = figure.subplots(1, 2)
    names = [tally.name for tally in summed.bots]
    centres = [tally.rate for tally in summed.bots]
    intervals = [tally.interval for tally in summed.bots]
    errors = [[rate - low for rate, (low, _) in zip(centres, intervals, strict=True)],
              [high - rate for rate, (_, high) in zip(centres, intervals, strict=True)]]
    rates.errorbar(range(len(names)), centres, yerr=errors, fmt="o", capsize=6)
    rates.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    rates.set_xticks(range(len(names)), names)
    rates.set_ylim(0, 1)
    rates.set_ylabel("win rate (95% Wilson interval)")
    rates.set_title("Games won against the other bots")
    rated = {rating.bot: rating for rating in summed.ratings}
    ordinals = [rated[name].ordinal for name in names]
    ratings.bar(range(len(names)), ordinals, yerr=[rated[name].sigma for name in names],
                capsize=6, color="tab:orange")
    ratings.axhline(0, color="grey", linewidth=0.8)
    ratings.set_xticks(range(len(names)), names)
    ratings.set_ylabel("ordinal: mu - 3 sigma (bars: ±sigma)")
    ratings.set_title("Ratings (Plackett-Luce)")
    if title is not None:
        figure.suptitle(title)
    # No timestamp and no random ids in the file: the same tournament draws the same bytes.
    metadata = {"Date": None} if image_format == "svg" else {"Software": None}
    matplotlib = require_optional("matplotlib", "sim", "plotting")
    with matplotlib.rc_context({"svg.hashsalt": "partyrules"}):
        figure.savefig(path, format=image_format, dpi=120, metadata=metadata)
    return path


# -- progress ---------------------------------------------------------------------------


def progress_bar(total: int, *, show: bool | None = None, label: str = "games"
                 ) -> ProgressBar:
    """A progress bar with the rate and the time left, on standard error (needs the
    ``[sim]`` extra when drawn). ``show``: True draws it, False never, None (default)
    only when standard error is a terminal. Use it as a context manager; call
    :meth:`ProgressBar.advance` per result (it fits :func:`run_jobs`'s ``on_result``)."""
    if show is None:
        show = sys.stderr.isatty()
    return ProgressBar(total, label, show)


class ProgressBar:
    """A rich progress bar of ``total`` results, or nothing at all when not ``show``n
    (made by :func:`progress_bar`)."""

    def __init__(self, total: int, label: str, show: bool) -> None:
        self._bar: Any = None
        self._task: Any = None
        self._label = label
        if show:
            progress = require_optional("rich.progress", "sim", "the progress bar")
            console = require_optional("rich.console", "sim", "the progress bar")
            self._bar = progress.Progress(
                progress.TextColumn("{task.description}"), progress.BarColumn(),
                progress.MofNCompleteColumn(),
                progress.TextColumn("{task.fields[rate]}"),
                progress.TextColumn("ETA"), progress.TimeRemainingColumn(),
                console=console.Console(file=sys.stderr, force_terminal=True),
                transient=False)
            self._task = self._bar.add_task(label, total=total, rate="")

    def __enter__(self) -> ProgressBar:
        if self._bar is not None:
            self._bar.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.stop()

    def show(self, completed: int, total: int | None = None, note: str = "") -> None:
        """Set the bar to ``completed`` of ``total`` (None: a total not known in advance),
        with ``note`` in place of the rate: for work counted in other steps than
        results, such as the states an exploration has found."""
        if self._bar is not None:
            self._bar.update(self._task, completed=completed, total=total, rate=note)

    def advance(self, _: object = None) -> None:
        """One more result."""
        if self._bar is not None:
            self._bar.advance(self._task)
            speed = self._bar.tasks[0].speed
            self._bar.update(self._task, rate=f"{speed:.1f} {self._label}/s" if speed else "")
