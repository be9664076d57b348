"""Live tables: a game in progress on the server, its bots, and what each client sees.

A :class:`LiveTable` drives one game through the match runner
(:class:`~partyrules.core.match.Match`): bot seats are the runner's players, people's seats
and the table's rulings (``TABLE``) are *outside* and come in through :meth:`LiveTable.act`.
One asyncio lock per table takes actions one at a time, in the order they arrive; each
accepted action is committed to the store before any client hears of it.

**Bots.** A table's driver task lets the bots play whenever one may act. Their decisions
run in worker processes (:mod:`partyrules.server.bots`: a search bot thinks for seconds,
and the serving process keeps serving); the action a worker answers is checked by the
rules here before it is committed. Before every bot decision the runner's rng is reset
to ``match_rng(seed, k, w)``, ``k``
the number of actions so far and ``w`` the seats that waited in the race at hand: what a
bot does depends only on the seed and the game so far, so a server restarted at any
moment plays on exactly as it would have (the rule ``partyrules play --resume`` follows,
applied at every action). Who acts is the match runner's model
(:class:`~partyrules.core.match.Turn`): people's seats and the host are outside seats; in
a simultaneous step (hidden ballots) the bots act at once, since the order changes
nothing; in a race with people (the Dreamer guessing while clues are due) the people go
first, and after ``race_pause`` seconds without a person's action they let it pass
(``Match.wait``) and the bots are asked; the host's rulings never hold the seats up.

**Restart.** A table is its config, seed and stored actions: :func:`restore_table`
replays them (each through ``game.apply``, as :meth:`~partyrules.core.replay.Replay.verify`
does) and the bots go on from there.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import os
import secrets
import socket
from collections import deque
from collections.abc import Coroutine, Iterable, Mapping
from datetime import UTC, datetime, timedelta
from typing import Any, Final, Protocol, TypeVar

import attrs

from partyrules.core.errors import CorruptState, PartyRulesError
from partyrules.core.game import GAMES, TABLE, AnyGame, free_text_fields, get_game
from partyrules.core.i18n import DEFAULT_LANGUAGE, check_language
from partyrules.core.match import Match
from partyrules.core.replay import Replay
from partyrules.core.serialize import (
    action_union,
    envelope,
    parse_json,
    structure,
    unstructure,
)
from partyrules.server.bots import (
    MAX_ISMCTS_ITERATIONS,
    PERSON,
    BotFailed,
    BotPool,
    BotRequest,
    bot,
    encode_action,
)
from partyrules.server.limits import (
    LimitExceeded,
    ServerLimits,
    TextTooLong,
    TooMany,
    check_text,
    strings_in,
)
from partyrules.server.protocol import ProtocolError, Role
from partyrules.server.store import (
    StoreConflict,
    StoredTable,
    TableEvent,
    TableRow,
    TableStore,
    hash_token,
)

__all__ = [
    "BOT_EXAMPLES",
    "BOT_LEASE",
    "HISTORY",
    "MAX_ISMCTS_ITERATIONS",
    "MAX_LEGAL",
    "PERSON",
    "RACE_PAUSE",
    "Access",
    "Listener",
    "LiveTable",
    "TableRequestError",
    "Tables",
    "game_catalogue",
    "restore_table",
]

log = logging.getLogger("partyrules.server")

HISTORY: Final = 500
"""How many of the last actions a joining client is told (its first update's log)."""

MAX_LEGAL: Final = 1000
"""The most legal actions an update lists (no game comes near: Dinner's ballots, the
longest list, are 64)."""

RACE_PAUSE: Final = 1.5
"""Seconds a bot lets pass in a race with people before it acts (``partyrules serve
--race-pause``)."""

BOT_EXAMPLES: Final = ("random", "greedy", "ismcts:50", "ismcts:200", "ismcts:1000")
"""The bot specs the game catalogue offers (any ``ismcts:N`` up to the cap is accepted)."""

_RETRY_PAUSE: Final = 5.0  # seconds before a failed bot action is tried again

BOT_LEASE: Final = 15.0
"""Seconds a server process holds the lease on a table's bots (renewed while it drives
them): a process that dies mid-game hands its tables' bots to another after this long.
Longer than any bot decision within the budget cap, so a lease does not run out while
its holder thinks (and if it did, the store's compare-and-set still keeps one action
per number)."""
_TABLE_ID_BYTES: Final = 9  # 12 characters: ids are public, they need only be unique
_TOKEN_BYTES: Final = 24  # 32 characters, 192 random bits: unguessable


@attrs.frozen(slots=True)
class Access:
    """What a connection may do at a table, from the token it joined with."""

    role: Role
    """Seat, host or spectator."""
    seat: int | None
    """The seat it acts for: its own seat, ``TABLE`` (-1) for the host, None for a
    spectator (who never acts)."""
    language: str = DEFAULT_LANGUAGE
    """The language the connection reads the narration and the table's sentences in
    (its join message says it)."""

    @property
    def viewer(self) -> int | None:
        """Whose knowledge the narration follows: the seat's, or the whole table's."""
        return self.seat if self.role == "seat" else None

    @property
    def view_seat(self) -> int:
        """The seat whose view the connection reads (``TABLE``: the public view)."""
        return self.seat if self.role == "seat" and self.seat is not None else TABLE


class Listener(Protocol):
    """A client connection, told when the table has changed."""

    @property
    def access(self) -> Access | None:
        """What the connection joined as (None before it joined)."""
        ...

    def notify(self) -> None:
        """The table has a new version: send an update when you can."""
        ...


class TableRequestError(Exception):
    """A request about a table refused: ``code`` says why in a word (``malformed``,
    ``invalid_config``, ``over_limit``, ``too_large``, ``too_many``, ``forbidden``,
    ``not_found``), ``status`` is the HTTP status that answers it, the message says why
    in words."""

    def __init__(self, code: str, message: str, status: int = 400,
                 retry_after: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        """The error's code in the HTTP answer."""
        self.status = status
        """The HTTP status."""
        self.retry_after = retry_after
        """Seconds after which the request may succeed (``Retry-After``), or None."""


def _limit_error(refused: LimitExceeded, where: str = "") -> TableRequestError:
    """The HTTP refusal of a request over a limit: 429 when too many, 413 when too long."""
    message = f"{where}{refused}"
    if isinstance(refused, TooMany):
        return TableRequestError("too_many", message, 429, refused.retry_after)
    if isinstance(refused, TextTooLong):
        return TableRequestError("too_large", message, 413)
    return TableRequestError("over_limit", message)


T = TypeVar("T")


async def _to_the_end(work: Coroutine[Any, Any, T]) -> T:
    """Run ``work`` to its end even if the caller is cancelled (a client that leaves, a
    server that stops): an action applied but cancelled before its commit returned would
    leave the table and its store apart."""
    task = asyncio.ensure_future(work)
    task.add_done_callback(_retrieved)
    return await asyncio.shield(task)


def _retrieved(task: asyncio.Future[Any]) -> None:
    """Mark a task's outcome as seen: nobody may be left to await a shielded one."""
    if not task.cancelled():
        task.exception()


def _outcome(game: AnyGame, state: Any, language: str) -> dict[str, Any] | None:
    if not game.is_terminal(state):
        return None
    outcome = game.outcome(state)
    return {"winners": sorted(outcome.winners),
            "scores": None if outcome.scores is None else list(outcome.scores),
            "reason": outcome.reason,
            "text": (outcome.reason.replace("_", " ") if game.presentation is None
                     else game.presentation.explain(outcome.reason, language))}


def board_of(game: AnyGame, language: str) -> dict[str, Any]:
    """What a table's page needs of the game's presentation, in ``language``: where its
    board script and style sheet are served (None where the game has none, so that the
    page asks for nothing that is not there), its how-to-play paragraphs, its moves'
    names (``actions``: class name to words), what to write in each free-text field
    (``prompts``: ``"Class.field"`` to words) and the lists of words its board shows by
    number (``words``)."""
    shown = game.presentation
    if shown is None:
        return {"board": None, "board_style": None, "how_to_play": [], "actions": {},
                "prompts": {}, "words": {}}
    return {"board": None if shown.board is None else f"/games/{game.name}/board.js",
            "board_style": (None if shown.board_style is None
                            else f"/games/{game.name}/board.css"),
            "how_to_play": [shown.gettext(language, part) for part in shown.how_to_play],
            "actions": shown.translated(shown.action_names, language),
            "prompts": shown.translated(shown.prompts, language),
            "words": shown.translated_words(language)}


class LiveTable:
    """A game in progress: its state, its bots, its connections.

    Build one with :func:`restore_table` (it replays the stored actions); :meth:`start`
    its driver on the event loop; :meth:`stop` it when the server stops.
    """

    def __init__(self, row: TableRow, game: AnyGame, config: Any, seats: tuple[str, ...],
                 actions: Iterable[Any], *, store: TableStore, bot_pool: BotPool,
                 race_pause: float, limits: ServerLimits | None = None,
                 owner: str = "", bot_lease: float = BOT_LEASE) -> None:
        self.id = row.id
        """The table's id."""
        self.row = row
        """The table's stored record (its config, seed and seats as stored)."""
        self.game = game
        """The game played."""
        self.config = config
        """The game's config."""
        self.seed = row.seed
        """The game's seed."""
        self.seats = seats
        """Each seat's kind: ``"person"`` or a bot spec."""
        self.listeners: set[Listener] = set()
        """The connections that hear this table's updates."""
        self.lock = asyncio.Lock()
        """Held while an action is applied and committed: one at a time."""
        self._union = action_union(game)
        self._store = store
        self._bot_pool = bot_pool
        self._race_pause = race_pause
        self._limits = limits or ServerLimits()
        self._owner = owner or _process_owner()
        self._lease_until = 0.0  # the loop's clock: until when this process holds the bots
        self._bot_lease = bot_lease
        self.closed = row.closed
        """True once the table was closed (by its host, the admin, a limit): it takes
        no more actions and its bots stop."""
        self._bots = frozenset(seat for seat, kind in enumerate(seats) if kind != PERSON)
        self._actions: list[Any] = []
        # Each committed action as JSON, as the store holds it and the bot workers read it.
        self._texts: list[str] = []
        self._config_text = row.config
        # (version after the action, state before it, action): the narration of the last
        # actions, told to each viewer as that viewer may know it.
        self._history: deque[tuple[int, Any, Any]] = deque(maxlen=HISTORY)
        # The stored game replayed as the engine replays a file: each action through
        # game.apply, so a store this library cannot replay is refused, not trusted.
        stored = Replay(game.name, config, row.seed, tuple(actions))
        states = stored.states()
        state = next(states)
        for action, after in zip(stored.actions, states, strict=True):
            self._actions.append(action)
            self._texts.append(encode_action(action, self._union))
            self._history.append((len(self._actions), state, action))
            state = after
        self.state: Any = state
        """The state after the last committed action."""
        # Every seat is outside of the serving process's match: the bots decide in worker
        # processes (with the same runner), their actions come in through submit.
        self._match = Match(game, state, {}, table=None)
        self._changed = asyncio.Event()
        self._driver: asyncio.Task[None] | None = None
        self._heard: set[asyncio.Task[None]] = set()  # catch-ups a store event started

    @property
    def version(self) -> int:
        """The number of accepted (committed) actions."""
        return len(self._actions)

    @property
    def finished(self) -> bool:
        """True once the game is over."""
        return bool(self.game.is_terminal(self.state))

    @property
    def connected_seats(self) -> frozenset[int]:
        """The seats with at least one connection."""
        return frozenset(listener.access.seat for listener in self.listeners
                         if listener.access is not None and listener.access.role == "seat"
                         and listener.access.seat is not None)

    def replay(self) -> Replay:
        """The game so far as the engine's :class:`~partyrules.core.replay.Replay`."""
        return Replay(self.game.name, self.config, self.seed, tuple(self._actions))

    # -- driving --------------------------------------------------------------------

    def start(self) -> None:
        """Start the task that lets the bots play (on the running event loop)."""
        if self._driver is None and not self.finished and not self.closed:
            self._driver = asyncio.get_running_loop().create_task(
                self._drive(), name=f"partyrules table {self.id}")
            self._driver.add_done_callback(self._driver_ended)

    def _driver_ended(self, task: asyncio.Task[None]) -> None:
        failed = None if task.cancelled() else task.exception()
        if failed is not None:  # one line: a log read by people, not a traceback
            log.error("table %s: the bots stopped (%s: %s)", self.id, type(failed).__name__,
                      failed)

    async def close(self, why: str) -> None:
        """Close the table (the store has it closed already): its bots stop, every
        connection hears it in an update, no more actions are taken."""
        if self.closed:
            return
        self.closed = True
        log.info("table %s closed: %s", self.id, why)
        if self._driver is not None and self._driver is not asyncio.current_task():
            self._driver.cancel()
            await asyncio.gather(self._driver, return_exceptions=True)
        self._driver = None
        await self._release_bots()
        for listener in list(self.listeners):
            listener.notify()

    # -- other processes ---------------------------------------------------------------

    def hear(self, event: TableEvent) -> None:
        """A change some process committed (this one's included): catch up with the
        actions this process has not applied, or close."""
        if event.closed and not self.closed:
            task = asyncio.get_running_loop().create_task(self.close("closed elsewhere"))
        elif not event.closed and event.actions > self.version:
            task = asyncio.get_running_loop().create_task(self.catch_up(event.actions))
        else:
            return
        self._heard.add(task)
        task.add_done_callback(self._heard.discard)

    async def catch_up(self, actions: int | None = None) -> None:
        """Apply the actions the store holds beyond this process's, under the lock;
        nothing when the table has ``actions`` already (the event of this process's own
        commit, heard after it)."""
        async with self.lock:
            if actions is None or actions > self.version:
                await self._catch_up_locked()

    async def _catch_up_locked(self) -> None:
        stored = await self._store.actions_from(self.id, self.version)
        if not stored:
            return
        state = self.state
        try:
            for text in stored:
                action = structure(parse_json(text), self._union, "action")
                after = self.game.apply(state, action)
                self._actions.append(action)
                self._texts.append(text)
                self._history.append((len(self._actions), state, action))
                state = after
        except PartyRulesError as broken:  # another process stored what this one refuses
            log.error("table %s: a stored action cannot be replayed here (%s)", self.id,
                      broken)
        self.state = state
        self._match.restart(state)
        self._changed.set()
        for listener in list(self.listeners):
            listener.notify()

    async def stop(self) -> None:
        """Stop the bots' task (the server is stopping)."""
        if self._driver is not None:
            self._driver.cancel()
            await asyncio.gather(self._driver, return_exceptions=True)
            self._driver = None
        # An action being applied and committed goes to its end first: wait for the lock.
        await self.lock.acquire()
        self.lock.release()
        await self._release_bots()

    async def _release_bots(self) -> None:
        """Hand the bots' lease back, so another process need not wait for it to run out."""
        if self._lease_until > 0:
            self._lease_until = 0.0
            try:
                await self._store.release_bots(self.id, self._owner)
            except Exception as failed:  # the lease runs out by itself
                log.error("table %s: the bots' lease was not handed back (%s: %s)", self.id,
                          type(failed).__name__, failed)

    def _bots_may_act(self) -> tuple[bool, bool]:
        """Whether a bot may act now, and whether it is a race with people in it."""
        acting = self.game.to_act(self.state)
        if not any(seat in self._bots for seat in acting):
            return False, False
        people = any(seat not in self._bots and seat != TABLE for seat in acting)
        return True, people and not self.game.is_simultaneous(self.state)

    async def _drive(self) -> None:
        while not self.finished and not self.closed:
            self._changed.clear()
            bots_may_act, race = self._bots_may_act()
            if not bots_may_act:
                await self._changed.wait()  # a person's action (or the host's) comes first
                continue
            if race and self._race_pause > 0:
                try:  # people first: a bot acts when nobody has for a while
                    await asyncio.wait_for(self._changed.wait(), self._race_pause)
                    continue
                except TimeoutError:
                    pass
            if not await self._hold_bots():  # another process drives them: look again later
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._changed.wait(), self._bot_lease / 3)
                continue
            try:
                await _to_the_end(self._bot_turn())
            except StoreConflict:  # closed elsewhere (the admin), or another process acted
                async with self.lock:
                    await self._recheck()
            except Exception as failed:  # a full disk, a bot's bug: wait, then try again
                log.error("table %s: a bot's action failed (%s: %s); trying again in %g s",
                          self.id, type(failed).__name__, failed, _RETRY_PAUSE)
                await asyncio.sleep(_RETRY_PAUSE)

    async def _hold_bots(self) -> bool:
        """Whether this process holds the lease on the table's bots (taking or renewing
        it when a third of it is left): one process at a time lets a table's bots act."""
        now = asyncio.get_running_loop().time()
        if self._lease_until - now > self._bot_lease * 2 / 3:
            return True
        try:
            held = await self._store.claim_bots(self.id, self._owner, self._bot_lease)
        except Exception as failed:  # the database is away: try again later
            log.error("table %s: the bots' lease could not be had (%s: %s)", self.id,
                      type(failed).__name__, failed)
            held = False
        self._lease_until = now + self._bot_lease if held else 0.0
        return held

    async def _bot_turn(self) -> None:
        """Let one bot act, under the lock, and commit its action."""
        async with self.lock:
            if self._changed.is_set() or self.closed:
                return  # someone acted while we waited for the lock: look again
            decision = await self._bot_pool.decide(self._bot_request())
            if decision.action is not None:
                before = self.state
                self._submit_bot(decision.action)
                await self._commit(before, self._match.actions[-1])

    def _bot_request(self) -> BotRequest:
        """What a bot worker needs for the next bot action (under the table's lock). The
        match runner decides who acts: in a simultaneous step the bots choose first; in a
        race with people the people go first, and once the race pause is over (the
        caller waited it out) they let it pass (:meth:`~partyrules.core.match.Match.wait`),
        so the bots are asked."""
        match = self._match
        turn = match.turn()
        if turn.race:
            for seat, status in enumerate(turn.seats):
                if status == "may_wait" and seat not in self._bots:
                    match.wait(seat)
        return BotRequest(self.id, self.game.name, self._config_text, self.seed,
                          self.seats, tuple(self._texts), match.waited)

    def _submit_bot(self, text: str) -> None:
        """Apply a bot's action as a worker answered it: a worker is not trusted, the
        action must be a bot seat's and the rules must take it (:class:`BotFailed`,
        and then nothing changed)."""
        try:
            action = structure(parse_json(text), self._union, "action")
        except CorruptState as refused:
            raise BotFailed(f"a bot worker answered what is no action: {refused}") from None
        seat = getattr(action, "seat", None)
        if seat not in self._bots:
            raise BotFailed(f"a bot worker answered an action of seat {seat}, which no "
                            "bot plays")
        try:
            self._match.submit(action)
        except PartyRulesError as refused:
            raise BotFailed(f"a bot worker answered an action the rules refuse: "
                            f"{refused}") from None

    async def act(self, access: Access, action_data: Mapping[str, Any]) -> None:
        """Apply a person's (or the host's) action and commit it; :class:`ProtocolError`
        when it is refused, and then nothing changed."""
        if access.role == "spectator":
            raise ProtocolError("forbidden", "a spectator watches: only seats and the "
                                             "host act")
        try:
            action = structure(dict(action_data), self._union, "action")
        except CorruptState as refused:
            raise ProtocolError("malformed", f"not an action of {self.game.title}: "
                                             f"{refused}") from None
        seat = getattr(action, "seat", None)
        if seat != access.seat:
            who = ("the host rules for the table, seat -1" if access.role == "host"
                   else f"this connection plays seat {access.seat}")
            raise ProtocolError("forbidden", f"{who}, not seat {seat}")
        for field in free_text_fields(type(action)):
            where = f"{type(action).__name__}.{field}"
            value = getattr(action, field)  # a text, or a tuple of texts (a list of words)
            texts = [(where, value)] if isinstance(value, str) else [
                (f"{where}[{index}]", text) for index, text in enumerate(value)]
            try:
                for named, text in texts:
                    check_text(text, named, self._limits.max_text)
            except TextTooLong as refused:
                raise ProtocolError("too_large", str(refused)) from None
            except LimitExceeded as refused:
                raise ProtocolError("malformed", str(refused)) from None
        await _to_the_end(self._submit(action))
        self._changed.set()

    async def _submit(self, action: Any) -> None:
        """Apply and commit an outside seat's action, under the lock."""
        async with self.lock:
            if self.finished:
                raise ProtocolError("finished", "the game is over: no more actions")
            if self.closed:
                raise ProtocolError("closed", "the table is closed: no more actions")
            before = self.state
            try:
                self._match.submit(action)
            except PartyRulesError as refused:
                raise ProtocolError("illegal_action", str(refused)) from None
            except Exception as failed:  # a rule that slipped on odd input: still refused
                log.error("table %s: the rules failed on an action (%s: %s)", self.id,
                          type(failed).__name__, failed)
                raise ProtocolError("illegal_action", "the rules cannot apply this "
                                                      "action") from None
            try:
                await self._commit(before, action)
            except StoreConflict:
                await self._recheck()
                raise ProtocolError("closed" if self.closed else "illegal_action",
                                    "the table is closed: no more actions" if self.closed
                                    else "the table moved on: look at the update") from None

    async def _recheck(self) -> None:
        """The store refused an action's number (the caller holds the lock): the table
        was closed where this process did not see it (the admin's command), or another
        process stored actions first. Read the store and catch up."""
        row = await self._store.load_row(self.id)
        if row is None or row.closed:
            await self.close("closed in the store")
        elif row.actions > self.version:
            await self._catch_up_locked()

    async def _commit(self, before: Any, action: Any) -> None:
        """Store the action the match just applied, then tell every listener."""
        after = self._match.state
        text = encode_action(action, self._union)
        try:
            await self._store.append_action(self.id, self.version, text,
                                            bool(self.game.is_terminal(after)))
        except BaseException:
            # Not stored, so not accepted: the match goes back to the stored state.
            self._match.restart(self.state)
            raise
        self._actions.append(action)
        self._texts.append(text)
        self._history.append((self.version, before, action))
        self.state = after
        for listener in list(self.listeners):
            listener.notify()
        if (self.version >= self._limits.max_actions and not self.finished
                and await self._store.close_table(self.id)):
            await self.close(f"{self.version} actions, the most a table may take")

    # -- what clients read -------------------------------------------------------------

    def describe(self, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        """The table as the ``welcome`` message describes it, its sentences in
        ``language``."""
        return {"id": self.id, "game": self.game.name, "title": self.game.title,
                "config": unstructure(self.config, self.game.Config),
                "seats": [{"seat": seat, "kind": kind} for seat, kind in enumerate(self.seats)],
                "players": len(self.seats), "referee": self.row.referee,
                **board_of(self.game, language)}

    def welcome(self, access: Access) -> dict[str, Any]:
        """The ``welcome`` message for a connection that joined with ``access``."""
        return {"type": "welcome", "role": access.role, "seat": access.seat,
                "language": access.language, "table": self.describe(access.language)}

    def update(self, access: Access, since: int) -> dict[str, Any]:
        """The ``update`` message for ``access``: the current view, the legal actions,
        and the narration of the actions after version ``since`` (at most
        :data:`HISTORY` of them)."""
        game, state = self.game, self.state
        view = game.view(state, access.view_seat)
        acting = game.to_act(state)
        legal: list[dict[str, Any]] = []
        if access.role != "spectator" and access.seat in acting and not self.closed:
            legal = self._legal(state, access.seat, access.viewer, access.language)
        return {
            "type": "update",
            "version": self.version,
            "view": envelope(view),
            "text": game.render_view(view),
            "to_act": sorted(acting),
            "legal": legal,
            "log": [{"version": version, "text": game.describe_action(
                before, action, access.viewer, access.language)}
                    for version, before, action in self._history if version > since],
            "finished": game.is_terminal(state),
            "outcome": _outcome(game, state, access.language),
            "closed": self.closed,
        }

    def _legal(self, state: Any, seat: int, viewer: int | None,
               language: str = DEFAULT_LANGUAGE) -> list[dict[str, Any]]:
        """The seat's legal actions, one entry per choice: actions that differ only in
        free text (one Guess per word of the deck) are one entry, whose text the person
        types."""
        entries: list[dict[str, Any]] = []
        seen: set[tuple[Any, ...]] = set()
        for action in self.game.legal_actions(state, seat):
            texts = free_text_fields(type(action))
            if texts:
                key = (type(action), *(getattr(action, field.name)
                                       for field in attrs.fields(type(action))
                                       if field.name not in texts))
                if key in seen:
                    continue
                seen.add(key)
            entries.append({"action": unstructure(action, self._union),
                            "text": self.game.describe_action(state, action, viewer,
                                                              language),
                            "free_text": list(texts)})
            if len(entries) >= MAX_LEGAL:
                break
        return entries


def _process_owner() -> str:
    """This server process's name in the bots' leases: host, process id and a random
    part (a process id is reused after a restart)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


def restore_table(stored: StoredTable, *, store: TableStore, bot_pool: BotPool,
                  race_pause: float, limits: ServerLimits | None = None,
                  owner: str = "", bot_lease: float = BOT_LEASE) -> LiveTable:
    """The live table of a stored one: its state rebuilt from the seed and every stored
    action (``CorruptState`` or ``IllegalAction`` if the store holds what this library
    cannot replay)."""
    row = stored.row
    game = get_game(row.game)
    union = action_union(game)
    config = structure(parse_json(row.config), game.Config, "config")
    seats = tuple(structure(parse_json(row.seats), tuple[str, ...], "seats"))
    actions = [structure(parse_json(text), union, f"actions[{index}]")
               for index, text in enumerate(stored.actions)]
    return LiveTable(row, game, config, seats, actions, store=store,
                     bot_pool=bot_pool, race_pause=race_pause, limits=limits, owner=owner,
                     bot_lease=bot_lease)


@functools.cache
def game_catalogue(language: str = DEFAULT_LANGUAGE) -> list[dict[str, Any]]:
    """What ``GET /api/games?language=...`` answers: every game, its config fields with
    their defaults (null for a required field), each field's plain sentence in
    ``language`` where the game gives one (``options``), its how-to-play paragraphs and
    the bot specs a seat may take."""
    checked = check_language(language)
    games = []
    for name in sorted(GAMES):
        game = GAMES[name]
        config: dict[str, Any] = {}
        for field in attrs.fields(game.Config):
            default = field.default
            if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
                default = default.factory()
            config[field.name] = (None if default is attrs.NOTHING
                                  else unstructure(default, field.type))
        shown = game.presentation
        games.append({"name": game.name, "title": game.title,
                      "min_players": game.min_players, "max_players": game.max_players,
                      "config": config, "bots": list(BOT_EXAMPLES),
                      "options": {} if shown is None else shown.translated(shown.options,
                                                                           checked),
                      "how_to_play": [] if shown is None else [
                          shown.gettext(checked, part) for part in shown.how_to_play]})
    return games


_CREATE_KEYS: Final = frozenset({"game", "config", "seats", "seed", "referee", "language"})
_MINUTE: Final = timedelta(minutes=1)


class Tables:
    """Every table of a server: the live ones in memory, the others in the store.

    A table is loaded when a client asks for it (and at start when its game goes on);
    a finished table is let go when its last connection leaves.
    """

    def __init__(self, store: TableStore, *, race_pause: float = RACE_PAUSE,
                 bot_processes: int = 2, limits: ServerLimits | None = None,
                 bot_lease: float = BOT_LEASE) -> None:
        self.store = store
        """The server's database."""
        self.race_pause = race_pause
        """Seconds a bot waits in a race with people (see the module's docstring)."""
        self.limits = limits or ServerLimits()
        """What the server refuses to strangers (:class:`ServerLimits`)."""
        self._creating = asyncio.Lock()  # a limit's count and the create it allows, at once
        self.owner = _process_owner()
        """This process's name in the bots' leases."""
        self.bot_lease = bot_lease
        """Seconds this process's lease on a table's bots lasts (:data:`BOT_LEASE`)."""
        self._idle_task: asyncio.Task[None] | None = None
        # One pool of bot processes for every table of this server process; its
        # processes start when a bot first has to decide.
        self._bot_pool = BotPool(bot_processes)
        self._live: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Future[LiveTable | None]] = {}

    async def start(self) -> None:
        """Load every table whose game goes on, and let its bots play."""
        self.store.subscribe(self._hear)
        for table_id in await self.store.unfinished():
            await self.get(table_id)
        if self.limits.idle_seconds > 0:
            self._idle_task = asyncio.get_running_loop().create_task(
                self._close_idle_tables(), name="partyrules idle tables")

    async def _close_idle_tables(self) -> None:
        """Every little while, close the open tables nobody acted at for
        ``limits.idle_seconds``."""
        every = min(60.0, max(0.05, self.limits.idle_seconds / 4))
        while True:
            await asyncio.sleep(every)
            try:
                before = datetime.now(UTC) - timedelta(seconds=self.limits.idle_seconds)
                for table_id in await self.store.idle(
                        before.isoformat(timespec="seconds")):
                    await self.close_table(table_id, "idle")
            except Exception as failed:  # the database is away: look again later
                log.error("closing idle tables failed (%s: %s)", type(failed).__name__,
                          failed)

    def _hear(self, event: TableEvent) -> None:
        """A change committed by some process: the live table catches up."""
        live = self._live.get(event.table_id)
        if live is not None:
            live.hear(event)

    async def close_table(self, table_id: str, why: str) -> bool:
        """Close a table (its host asked, the server's admin, a limit): True when it was
        open. Its bots stop and its connections hear it."""
        closed = await self.store.close_table(table_id)
        live = self._live.get(table_id)
        if live is not None:
            await live.close(why)
            self.release(live)
        return closed

    async def close(self) -> None:
        """Stop every table's bots (their last committed action stands)."""
        if self._idle_task is not None:
            self._idle_task.cancel()
            await asyncio.gather(self._idle_task, return_exceptions=True)
        await asyncio.gather(*(table.stop() for table in self._live.values()))
        self._live.clear()
        await self._bot_pool.close()

    async def get(self, table_id: str) -> LiveTable | None:
        """The live table ``table_id`` (loaded from the store if need be), or None."""
        table = self._live.get(table_id)
        if table is not None:
            return table
        loading = self._loading.get(table_id)
        if loading is not None:  # another client asked first: share its load
            return await asyncio.shield(loading)
        future: asyncio.Future[LiveTable | None] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            table = await self._load(table_id)
            future.set_result(table)
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: a load nobody else awaited is not "lost"
            raise
        finally:
            del self._loading[table_id]
        return table

    async def _load(self, table_id: str) -> LiveTable | None:
        stored = await self.store.load(table_id)
        if stored is None:
            return None
        try:
            table = await asyncio.get_running_loop().run_in_executor(
                None, lambda: restore_table(stored, store=self.store,
                                            bot_pool=self._bot_pool,
                                            race_pause=self.race_pause,
                                            limits=self.limits, owner=self.owner,
                                            bot_lease=self.bot_lease))
        except PartyRulesError as broken:
            log.error("table %s cannot be replayed by this partyrules: %s", table_id, broken)
            return None
        self._live[table_id] = table
        table.start()
        return table

    def release(self, table: LiveTable) -> None:
        """Let a finished (or closed) table go from memory once nobody is connected."""
        if ((table.finished or table.closed) and not table.listeners
                and self._live.get(table.id) is table):
            del self._live[table.id]

    async def access(self, table_id: str, token: str) -> Access | None:
        """What ``token`` opens at table ``table_id``, or None."""
        found = await self.store.access(table_id, hash_token(token))
        return None if found is None else Access(found.role, found.seat)

    async def listing(self, limit: int = 100) -> list[dict[str, Any]]:
        """What ``GET /api/tables`` answers: the newest tables, without tokens."""
        listed = []
        for row in await self.store.tables(limit):
            live = self._live.get(row.id)
            connected = live.connected_seats if live is not None else frozenset()
            title = GAMES[row.game].title if row.game in GAMES else row.game
            kinds = json.loads(row.seats)
            listed.append({
                "id": row.id, "game": row.game, "title": title,
                "seats": [{"seat": seat, "kind": kind, "connected": seat in connected}
                          for seat, kind in enumerate(kinds)],
                "actions": row.actions, "finished": row.finished, "closed": row.closed,
                "referee": row.referee, "created": row.created})
        return listed

    async def create(self, body: Any, creator: str = "") -> dict[str, Any]:
        """Create a table from a ``POST /api/tables`` body (already parsed JSON) sent by
        the client whose address digest is ``creator``; the answer holds the tokens,
        which the server keeps only as hashes. :class:`TableRequestError` says why a
        request is refused (a limit's included)."""
        game, config, seats, seed, referee = self._read_request(body)
        async with self._creating:
            try:
                await self._check_counts(creator)
            except TooMany as refused:
                raise _limit_error(refused) from None
            return await self._create(game, config, seats, seed, referee, creator)

    async def _check_counts(self, creator: str) -> None:
        """Refuse a table over the server's counts (:class:`TooMany`)."""
        limits = self.limits
        if await self.store.count_open() >= limits.open_tables:
            raise TooMany(f"this server has {limits.open_tables} open tables, its most: "
                          "try again when some have ended")
        if not creator:
            return
        minute_ago = (datetime.now(UTC) - _MINUTE).isoformat(timespec="seconds")
        if await self.store.tables_created_since(creator, minute_ago) >= \
                limits.tables_per_minute:
            raise TooMany(f"at most {limits.tables_per_minute} new tables a minute from "
                          "one address: try again in a minute", retry_after=60)
        if await self.store.count_open(creator) >= limits.open_tables_per_client:
            raise TooMany(f"at most {limits.open_tables_per_client} open tables from one "
                          "address: end or close one first")

    async def _create(self, game: AnyGame, config: Any, seats: tuple[str, ...], seed: int,
                      referee: bool, creator: str) -> dict[str, Any]:
        table_id = secrets.token_urlsafe(_TABLE_ID_BYTES)
        host = secrets.token_urlsafe(_TOKEN_BYTES)
        spectator = secrets.token_urlsafe(_TOKEN_BYTES)
        seat_tokens = {seat: secrets.token_urlsafe(_TOKEN_BYTES)
                       for seat, kind in enumerate(seats) if kind == PERSON}
        now = datetime.now(UTC).isoformat(timespec="seconds")
        row = TableRow(table_id, game.name,
                       json.dumps(unstructure(config, game.Config), ensure_ascii=False),
                       seed, json.dumps(list(seats)), now, 0, False, referee=referee,
                       creator=creator, updated=now)
        tokens: list[tuple[str, Role, int | None]] = [
            (hash_token(host), "host", TABLE), (hash_token(spectator), "spectator", None)]
        tokens += [(hash_token(token), "seat", seat) for seat, token in seat_tokens.items()]
        await self.store.create_table(row, tokens)
        table = LiveTable(row, game, config, seats, (), store=self.store,
                          bot_pool=self._bot_pool, race_pause=self.race_pause,
                          limits=self.limits, owner=self.owner,
                          bot_lease=self.bot_lease)
        self._live[table_id] = table
        table.start()
        log.info("table %s created: %s, %d seats", table_id, game.name, len(seats))
        page = f"/table/{table_id}#token="
        return {
            "id": table_id, "host": host, "spectator": spectator, "referee": referee,
            "seats": [{"seat": seat, "kind": kind, "token": seat_tokens.get(seat)}
                      for seat, kind in enumerate(seats)],
            "links": {"host": page + host, "spectator": page + spectator,
                      "seats": {str(seat): page + token
                                for seat, token in seat_tokens.items()}},
        }

    def _read_request(self, body: Any) -> tuple[AnyGame, Any, tuple[str, ...], int, bool]:
        if not isinstance(body, dict):
            raise TableRequestError("malformed", "the body is a JSON object with game, "
                                                 "config, seats and optionally seed")
        unknown = sorted(set(body) - _CREATE_KEYS)
        missing = sorted({"game", "seats"} - set(body))
        if unknown or missing:
            raise TableRequestError("malformed", f"unknown keys {unknown}, missing keys "
                                                 f"{missing}" if unknown else
                                    f"missing keys {missing}")
        name, seats, config_data = body["game"], body["seats"], body.get("config", {})
        if not isinstance(name, str):
            raise TableRequestError("malformed", "game is a game's name, a string")
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise TableRequestError("malformed", "seats is a list of \"person\" or bot "
                                                 "names, one per seat")
        if not isinstance(config_data, dict):
            raise TableRequestError("malformed", "config is a JSON object")
        referee = body.get("referee", False)
        if not isinstance(referee, bool):
            raise TableRequestError("malformed", "referee is true (the host plays no seat "
                                                 "and may read every hidden card) or false")
        try:
            for where, text in strings_in(config_data, "config"):
                check_text(text, where, self.limits.max_text)
        except LimitExceeded as refused:
            raise _limit_error(refused) from None
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbelow(2**31)
        elif type(seed) is not int or not -(2**63) <= seed < 2**63:
            raise TableRequestError("malformed", "seed is an integer of 64 bits")
        if name not in GAMES:
            raise TableRequestError("invalid_config", f"no game called {name!r}; known "
                                                      f"games: {', '.join(sorted(GAMES))}")
        game = GAMES[name]
        language = body.get("language", DEFAULT_LANGUAGE)
        try:
            check_language(language)
        except PartyRulesError as refused:
            raise TableRequestError("malformed", f"language: {refused}") from None
        # A game whose config has a language (When I Dream's deck) plays in the table's
        # language unless the creator chose one.
        if "language" in attrs.fields_dict(game.Config) and "language" not in config_data:
            config_data = {**config_data, "language": language}
        config_data = {"players": len(seats), **config_data}
        try:
            config = structure(config_data, game.Config, "config")
        except CorruptState as refused:
            raise TableRequestError("invalid_config", str(refused)) from None
        if config.players != len(seats):
            raise TableRequestError("invalid_config", f"{len(seats)} seats for "
                                                      f"config.players={config.players}")
        for seat, kind in enumerate(seats):
            if kind != PERSON:
                _, _, budget = kind.partition(":")
                try:
                    self.limits.check_bot_budget(
                        kind, int(budget) if budget.isascii() and budget.isdigit() else None)
                except LimitExceeded as refused:
                    raise _limit_error(refused, f"seat {seat}: ") from None
                try:
                    bot(kind, game)
                except PartyRulesError as refused:
                    raise TableRequestError("invalid_config", f"seat {seat}: {refused}, "
                                                              f"or {PERSON!r}") from None
        try:
            if game.max_decisions is not None:  # a game without a bound: max_actions stops it
                self.limits.check_game_length(game.max_decisions(config))
            self.limits.check_bot_seats(sum(kind != PERSON for kind in seats), len(seats))
        except LimitExceeded as refused:
            raise _limit_error(refused) from None
        try:
            game.setup(config, seed)
        except PartyRulesError as refused:
            raise TableRequestError("invalid_config", str(refused)) from None
        return game, config, tuple(seats), seed, referee
