"""The web table's bots, thinking in worker processes.

A search bot thinks for seconds of pure Python; on threads it would hold the serving
process's GIL and every table would wait for it. So each server process keeps one
:class:`BotPool`, a :class:`~concurrent.futures.ProcessPoolExecutor` started when a bot
first has to decide, and sends it a :class:`BotRequest`: plain data (the table's game,
config, seed, seats, stored actions as JSON and the waits at the current state). The
worker (:func:`decide`) makes exactly the decision the serving process would make itself:
the bots of :func:`bot`, the people's waits of the race, the runner's rng reset to
``match_rng(seed, k, w)``, one :meth:`~partyrules.core.match.Match.step`. It answers the
action as JSON; the serving process checks it against the rules before it commits it.

A worker keeps the last state of the tables it decided for (:data:`CACHED_TABLES`, least
recently used first out), so a long game is not replayed from its setup at each decision:
only the actions it has not seen are applied.
"""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Final

import attrs

from partyrules.bots import ISMCTSBot, make_bot
from partyrules.core.errors import PartyRulesError
from partyrules.core.game import AnyGame, get_game
from partyrules.core.match import Match, Player, match_rng
from partyrules.core.serialize import action_union, parse_json, structure, unstructure

__all__ = [
    "CACHED_TABLES",
    "MAX_ISMCTS_ITERATIONS",
    "PERSON",
    "BotFailed",
    "BotPool",
    "BotRequest",
    "Decision",
    "bot",
    "decide",
    "encode_action",
]

log = logging.getLogger("partyrules.server")

PERSON: Final = "person"
"""A seat's kind when a person plays it (every other kind is a bot spec)."""

MAX_ISMCTS_ITERATIONS: Final = 5000
"""The largest ``ismcts:N`` a table may seat: a bot thinks on the server's cores, shared
by every table."""

CACHED_TABLES: Final = 64
"""How many tables' last states a worker process keeps."""

_WATCH_EVERY: Final = 1.0  # seconds between a worker's checks that its server still runs


class BotFailed(PartyRulesError):
    """A bot's decision could not be had or was refused: the message says why (the
    table tries again later)."""


def bot(spec: str, game: AnyGame) -> Player:
    """The bot for a seat spec, within the server's cap on search budgets. A search bot
    here never waits in a race: the race pause already lets people act first, and a bot
    that waited for a person would be asked again and again until the person acted."""
    name, _, budget = spec.partition(":")
    if (name == "ismcts" and budget.isascii() and budget.isdigit()
            and int(budget) > MAX_ISMCTS_ITERATIONS):
        raise PartyRulesError(f"ismcts:{budget} thinks too long for a shared server; "
                              f"at most ismcts:{MAX_ISMCTS_ITERATIONS}")
    made = make_bot(spec, game)
    return attrs.evolve(made, waits=False) if isinstance(made, ISMCTSBot) else made


def encode_action(action: Any, union: Any) -> str:
    """An action as the store and the workers write it: compact JSON."""
    return json.dumps(unstructure(action, union), ensure_ascii=False,
                      separators=(",", ":"))


@attrs.frozen(slots=True)
class BotRequest:
    """What a worker needs to decide a table's next bot action, as plain data."""

    table: str
    """The table's id (the key of the worker's cache)."""
    game: str
    """The game's registry name."""
    config: str
    """The game's config as JSON."""
    seed: int
    """The game's seed (its setup and the bots' draws)."""
    seats: tuple[str, ...]
    """Each seat's kind: :data:`PERSON` or a bot spec."""
    actions: tuple[str, ...]
    """Every committed action as JSON, in order."""
    waited: tuple[int, ...] = ()
    """The people's seats that have waited in the race at the current state, in order."""


@attrs.frozen(slots=True)
class Decision:
    """A worker's answer."""

    action: str | None
    """The bot's action as JSON, or None when no bot may act after all."""
    worker: int
    """The process id of the worker that decided."""
    error: str | None = None
    """Why no decision was made (the bot or the replay failed), in one line."""


@attrs.frozen(slots=True)
class _Seen:
    """A table as a worker last saw it."""

    key: tuple[str, str, int, tuple[str, ...]]
    game: AnyGame
    union: Any
    bots: dict[int, Player]
    state: Any
    actions: tuple[str, ...]


_seen: OrderedDict[str, _Seen] = OrderedDict()  # this worker's cache, by table id


def _caught_up(request: BotRequest) -> _Seen:
    """The table at its current state, from the cache when the worker saw its start."""
    key = (request.game, request.config, request.seed, request.seats)
    entry = _seen.pop(request.table, None)
    if (entry is None or entry.key != key
            or request.actions[:len(entry.actions)] != entry.actions):
        game = get_game(request.game)
        config = structure(parse_json(request.config), game.Config, "config")
        bots = {seat: bot(spec, game) for seat, spec in enumerate(request.seats)
                if spec != PERSON}
        entry = _Seen(key, game, action_union(game), bots, game.setup(config, request.seed),
                      ())
    state = entry.state
    for index in range(len(entry.actions), len(request.actions)):
        action = structure(parse_json(request.actions[index]), entry.union,
                           f"actions[{index}]")
        state = entry.game.apply(state, action)
    entry = attrs.evolve(entry, state=state, actions=request.actions)
    _seen[request.table] = entry
    while len(_seen) > CACHED_TABLES:
        _seen.popitem(last=False)
    return entry


def decide(request: BotRequest) -> Decision:
    """The table's next bot action (run in a worker process): the people's seats that
    waited in the race wait again, the runner's rng is reset to
    ``match_rng(seed, k, w)`` (``k`` actions so far, ``w`` waits) and the match runner
    takes one step; None when no bot may act after all."""
    try:
        entry = _caught_up(request)
        version = len(request.actions)
        match = Match(entry.game, entry.state, entry.bots, table=None,
                      rng=match_rng(request.seed, version, len(request.waited)))
        for seat in request.waited:
            match.wait(seat)
        if not match.step():
            return Decision(None, os.getpid())
        return Decision(encode_action(match.actions[-1], entry.union), os.getpid())
    except Exception as failed:  # a bot's bug is answered, not raised
        # An exception would cross back with the worker's traceback; one line will do.
        _seen.pop(request.table, None)
        return Decision(None, os.getpid(), f"{type(failed).__name__}: {failed}")


def _watch(server: int) -> None:
    """Run in each worker as it starts: end the worker once the server process is gone.
    A server killed outright (``kill -9``) never shuts its pool down, and its workers,
    waiting on a queue that nobody closes, would otherwise outlive it, and keep the
    forkserver alive with them."""

    def watch() -> None:
        while not _gone(server):
            time.sleep(_WATCH_EVERY)
        os._exit(0)

    threading.Thread(target=watch, name="partyrules-server-watch", daemon=True).start()


def _gone(pid: int) -> bool:
    """Whether process ``pid`` has ended: no such process, one of another user (ours
    ended and the number was reused), or on Linux a zombie its parent has not reaped."""
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, PermissionError):
        return True
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            return stat.read().rpartition(")")[2].split()[:1] in (["Z"], ["X"])
    except OSError:  # no /proc: the signal's answer stands
        return False


def _context() -> Any:
    """A start method safe in a process with threads and a running event loop: the
    forkserver where there is one (it imports partyrules once, and each worker starts
    as a fork of it), else spawn; never a fork of the serving process."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        # Read only when the forkserver starts (once per process), ignored after.
        context.set_forkserver_preload([__name__])
        return context
    return multiprocessing.get_context("spawn")


class BotPool:
    """A server process's pool of bot worker processes, started on first use and
    started again when a worker dies."""

    def __init__(self, processes: int = 2) -> None:
        if type(processes) is not int or processes < 1:
            raise ValueError(f"bot processes are a whole number from 1, not {processes!r}")
        self.processes = processes
        """How many bot decisions run at once, each in a process of its own."""
        self._executor: ProcessPoolExecutor | None = None

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(self.processes, mp_context=_context(),
                                                 initializer=_watch,
                                                 initargs=(os.getpid(),))
        return self._executor

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        """Drop a broken pool (several tables may find it broken at once: once)."""
        if self._executor is broken:
            log.warning("a bot worker process ended; starting the bot processes again")
            self._executor = None
            broken.shutdown(wait=False, cancel_futures=True)

    async def decide(self, request: BotRequest) -> Decision:
        """The worker's :class:`Decision` for ``request``; :class:`BotFailed` when the
        workers died twice on it or the worker could not decide."""
        for _ in range(2):  # a pool broken by another table's worker: once more
            pool = self._pool()
            try:
                # Submitting may start a worker (and the first time the forkserver, which
                # imports partyrules): seconds the event loop must not wait for.
                submitted = await asyncio.to_thread(pool.submit, decide, request)
                decision = await asyncio.wrap_future(submitted)
            except BrokenProcessPool:
                self._replace(pool)
                continue
            if decision.error is not None:
                raise BotFailed(f"the bot could not decide: {decision.error}")
            return decision
        raise BotFailed("the bot worker processes ended twice on this decision")

    async def close(self) -> None:
        """Stop the worker processes (a decision under way is let finish)."""
        executor, self._executor = self._executor, None
        if executor is not None:
            await asyncio.to_thread(executor.shutdown, wait=True, cancel_futures=True)
