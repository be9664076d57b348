"""The web table's PostgreSQL store: what :class:`~partyrules.server.store.Store` keeps,
in a database that several server processes share (``partyrules serve --db
postgresql://...``).

The processes agree through the database alone:

* an action is stored by a compare-and-set on the table's action count, in the
  transaction that inserts it, so two processes never both store action ``k`` (the
  second is a :class:`~partyrules.server.store.StoreConflict`, and reloads);
* a table's bots run in the one process holding its lease (:meth:`PostgresStore.claim_bots`,
  timed by the database's clock, which every process shares);
* every stored action and every closing is a ``NOTIFY`` on :data:`CHANNEL`, sent in the
  change's own transaction (so it is heard only once committed, and in commit order);
  each store listens on a connection of its own and calls its listeners.

A notification can be missed while the listening connection is down. The store then
reconnects and tells its listeners of every open table and every table changed since
shortly before the loss (:data:`CATCH_UP_SECONDS`), which covers the actions; a table
closed in that gap without a recent action is the one thing not told again. The caller
learns it at the table's next action (a closed table's append is a conflict) or from a
periodic :meth:`~PostgresStore.load_row`: that check is the caller's business.

psycopg is an optional extra (``pip install 'partyrules[postgres]'``): only this module
imports it, and only :func:`partyrules.server.databases.open_store` imports this module.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, Final

import psycopg
from psycopg.rows import TupleRow
from psycopg_pool import AsyncConnectionPool

from partyrules.server.protocol import Role
from partyrules.server.store import (
    ROW_COLUMNS,
    StoreConflict,
    StoredAccess,
    StoredTable,
    StoreSchemaError,
    TableEvent,
    TableListener,
    TableRow,
    emit,
    row_of,
)

__all__ = ["CATCH_UP_SECONDS", "CHANNEL", "SCHEMA_VERSION", "PostgresStore"]

log = logging.getLogger(__name__)

SCHEMA_VERSION: Final = 1
"""The layout of the database (the one row of ``partyrules_schema``; its own numbering,
not SQLite's): a newer one is refused, an older one brought up to date at start
(:data:`_MIGRATIONS`)."""

CHANNEL: Final = "partyrules_tables"
"""The ``LISTEN``/``NOTIFY`` channel of the table changes. A payload is the JSON list
``[table_id, actions, closed]``."""

CATCH_UP_SECONDS: Final = 60.0
"""After the listening connection came back: the tables changed since this long before
it was lost are told again (a margin for the processes' clocks and the loss noticed
late)."""

_SETUP_LOCK: Final = 0x70617274_79  # any constant: the key of the setup's advisory lock

_SCHEMA: Final = """
CREATE TABLE tables (
    id text PRIMARY KEY,
    game text NOT NULL,
    config text NOT NULL,             -- the config's JSON, as the engine writes it
    seed bigint NOT NULL,
    seats text NOT NULL,              -- JSON list: "person" or a bot spec, by seat
    created text NOT NULL,            -- ISO 8601, UTC, seconds (text: as SQLite's)
    actions integer NOT NULL DEFAULT 0,
    finished boolean NOT NULL DEFAULT false,
    closed boolean NOT NULL DEFAULT false,
    referee boolean NOT NULL DEFAULT false,
    creator text NOT NULL DEFAULT '', -- a digest of the creating client's address
    updated text NOT NULL,            -- the last action (or creation), as created
    bots_owner text,                  -- the process whose bots play the table ...
    bots_until timestamptz,           -- ... until then, by the database's clock
    seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE  -- the order of creation, for ties
);
CREATE TABLE tokens (
    hash text PRIMARY KEY,            -- sha256 of the token: the token is never stored
    table_id text NOT NULL REFERENCES tables(id),
    role text NOT NULL,
    seat integer
);
CREATE TABLE actions (
    table_id text NOT NULL REFERENCES tables(id),
    idx integer NOT NULL,
    action text NOT NULL,
    PRIMARY KEY (table_id, idx)
);
CREATE INDEX tables_by_creation ON tables(created, seq);
CREATE INDEX tables_by_creator ON tables(creator, created);
CREATE INDEX open_tables_by_update ON tables(updated, seq) WHERE NOT finished AND NOT closed;
"""

_MIGRATIONS: Final[dict[int, str]] = {}
"""What brings a database of schema ``version - 1`` to ``version`` (none yet)."""

# The database's clock, written as partyrules.server.store.now_iso writes times.
_NOW_ISO: Final = """to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"+00:00"')"""

_Connection = psycopg.AsyncConnection[TupleRow]


class PostgresStore:
    """A :class:`~partyrules.server.store.TableStore` in PostgreSQL, for one process of
    several: :meth:`start` opens a pool of connections (``min_size`` to ``max_size``) and
    the listening one, :meth:`stop` closes them.

    Errors of the database other than a conflict (a lost server, a full disk) propagate
    as psycopg's errors: the caller logs them in a line.
    """

    def __init__(self, dsn: str, *, min_size: int = 1, max_size: int = 10) -> None:
        self.dsn = dsn
        """The database's address (``postgresql://...``)."""
        self._min_size = min_size
        self._max_size = max_size
        self._pool: AsyncConnectionPool[_Connection] | None = None
        self._listeners: list[TableListener] = []
        self._reader: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Connect, create or upgrade the tables (a newer schema is a
        :class:`~partyrules.server.store.StoreSchemaError`), listen to :data:`CHANNEL`,
        open the pool. A database that cannot be reached is psycopg's
        ``OperationalError``, at once."""
        listening = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
        pool: AsyncConnectionPool[_Connection] = AsyncConnectionPool(
            self.dsn, min_size=self._min_size, max_size=self._max_size, open=False,
            kwargs={"autocommit": True}, configure=_configure,
            # A connection broken while idle (a restarted server) is replaced before a
            # caller gets it, for a round trip.
            check=AsyncConnectionPool.check_connection, name="partyrules")
        try:
            await self._set_up(listening)
            await listening.execute(f"LISTEN {CHANNEL}")
            await pool.open(wait=True)
        except BaseException:
            await pool.close()
            await listening.close()
            raise
        self._pool = pool
        self._reader = asyncio.get_running_loop().create_task(
            self._read_notifications(listening), name="partyrules-pg-listen")

    async def stop(self) -> None:
        """Stop listening and close every connection (the pool waits for those in use)."""
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
            self._reader = None
        if self._pool is not None:
            await self._pool.close()
            self._pool = None

    async def _set_up(self, db: _Connection) -> None:
        """Today's schema in a new database, the migrations in an older one: under an
        advisory lock, so that processes starting together do it once."""
        async with db.transaction():
            await db.execute("SELECT pg_advisory_xact_lock(%s)", (_SETUP_LOCK,))
            await db.execute("CREATE TABLE IF NOT EXISTS partyrules_schema "
                             "(version integer NOT NULL)")
            found = await (await db.execute("SELECT version FROM partyrules_schema")
                           ).fetchone()
            version = 0 if found is None else int(found[0])
            if version > SCHEMA_VERSION:
                raise StoreSchemaError(
                    f"the database was written by a newer partyrules (schema {version}; "
                    f"this one reads {SCHEMA_VERSION})")
            if version == 0:
                await db.execute(_SCHEMA)
                await db.execute("INSERT INTO partyrules_schema (version) VALUES (%s)",
                                 (SCHEMA_VERSION,))
                return
            for target in range(version + 1, SCHEMA_VERSION + 1):
                await db.execute(_MIGRATIONS[target])
            await db.execute("UPDATE partyrules_schema SET version = %s", (SCHEMA_VERSION,))

    @property
    def _connections(self) -> AsyncConnectionPool[_Connection]:
        if self._pool is None:
            raise psycopg.InterfaceError("the store is not started")
        return self._pool

    def subscribe(self, listener: TableListener) -> None:
        """Call ``listener`` (on the event loop's thread) for every committed action and
        closing of any process over this database, this one's included: each arrives
        through the listening connection, in commit order."""
        self._listeners.append(listener)

    async def create_table(self, row: TableRow,
                           tokens: Sequence[tuple[str, Role, int | None]]) -> None:
        """Record a new table and its tokens' hashes ``(hash, role, seat)``, at once."""
        async with self._connections.connection() as db, db.transaction():
            await db.execute(
                "INSERT INTO tables (id, game, config, seed, seats, created, referee, "
                "creator, updated) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
                (row.id, row.game, row.config, row.seed, row.seats, row.created,
                 row.referee, row.creator, row.updated or row.created))
            async with db.cursor() as cursor:
                await cursor.executemany(
                    "INSERT INTO tokens (hash, table_id, role, seat) VALUES (%s, %s, %s, %s)",
                    [(digest, row.id, role, seat) for digest, role, seat in tokens])

    async def append_action(self, table_id: str, index: int, action: str,
                            finished: bool) -> None:
        """Record action ``index`` (from 0) of a table, durably, in one transaction:
        the table's count goes from ``index`` to ``index + 1`` only if it is ``index``
        and the table is open (else a :class:`~partyrules.server.store.StoreConflict`:
        another process stored it first, or the table is closed), the action is
        inserted, the change notified. ``updated`` is the database's clock."""
        try:
            async with self._connections.connection() as db, db.transaction():
                changed = await db.execute(
                    f"UPDATE tables SET actions = %s, finished = %s, updated = {_NOW_ISO} "
                    "WHERE id = %s AND actions = %s AND NOT closed",
                    (index + 1, finished, table_id, index))
                if changed.rowcount != 1:
                    raise StoreConflict(table_id, index)
                await db.execute("INSERT INTO actions (table_id, idx, action) "
                                 "VALUES (%s, %s, %s)", (table_id, index, action))
                await db.execute("SELECT pg_notify(%s, %s)",
                                 (CHANNEL, _payload(table_id, index + 1, False)))
        except psycopg.errors.UniqueViolation:
            # Not reached while the count and the actions agree; if they ever do not,
            # the action taken is the same conflict.
            raise StoreConflict(table_id, index) from None

    async def load(self, table_id: str) -> StoredTable | None:
        """A table and its actions, or None when there is no such table."""
        async with self._connections.connection() as db:
            found = await (await db.execute(
                f"SELECT {ROW_COLUMNS} FROM tables WHERE id = %s", (table_id,))).fetchone()
            if found is None:
                return None
            row = row_of(found)
            # The actions below the row's count: the row and its actions agree without a
            # snapshot, since actions are only ever added after the count.
            actions = await (await db.execute(
                "SELECT action FROM actions WHERE table_id = %s AND idx < %s ORDER BY idx",
                (table_id, row.actions))).fetchall()
        return StoredTable(row, tuple(text for (text,) in actions))

    async def load_row(self, table_id: str) -> TableRow | None:
        """A table's record without its actions, or None when there is no such table."""
        async with self._connections.connection() as db:
            found = await (await db.execute(
                f"SELECT {ROW_COLUMNS} FROM tables WHERE id = %s", (table_id,))).fetchone()
        return None if found is None else row_of(found)

    async def tables(self, limit: int) -> list[TableRow]:
        """The newest ``limit`` tables, newest first."""
        async with self._connections.connection() as db:
            found = await (await db.execute(
                f"SELECT {ROW_COLUMNS} FROM tables ORDER BY created DESC, seq DESC "
                "LIMIT %s", (limit,))).fetchall()
        return [row_of(each) for each in found]

    async def unfinished(self) -> list[str]:
        """The ids of the tables whose game goes on (not closed), oldest first."""
        return await self._ids("SELECT id FROM tables WHERE NOT finished AND NOT closed "
                               "ORDER BY created, seq", ())

    async def count_open(self, creator: str | None = None) -> int:
        """How many tables are neither finished nor closed; only those ``creator``
        created when given."""
        if creator is None:
            return await self._count("SELECT count(*) FROM tables WHERE NOT finished AND "
                                     "NOT closed", ())
        return await self._count("SELECT count(*) FROM tables WHERE creator = %s AND NOT "
                                 "finished AND NOT closed", (creator,))

    async def tables_created_since(self, creator: str, since: str) -> int:
        """How many tables ``creator`` created at ``since`` (ISO 8601, UTC) or later,
        finished and closed ones included."""
        return await self._count("SELECT count(*) FROM tables WHERE creator = %s AND "
                                 "created >= %s", (creator, since))

    async def idle(self, before: str) -> list[str]:
        """The ids of the open tables whose last action (or creation) is older than
        ``before`` (ISO 8601, UTC), oldest first."""
        return await self._ids("SELECT id FROM tables WHERE NOT finished AND NOT closed "
                               "AND updated < %s ORDER BY updated, seq", (before,))

    async def actions_from(self, table_id: str, index: int) -> tuple[str, ...]:
        """The table's actions numbered ``index`` and on, in order (none when there is
        no such table)."""
        async with self._connections.connection() as db:
            found = await (await db.execute(
                "SELECT action FROM actions WHERE table_id = %s AND idx >= %s ORDER BY idx",
                (table_id, index))).fetchall()
        return tuple(text for (text,) in found)

    async def close_table(self, table_id: str) -> bool:
        """Close a table: True when it was open (every process is told), False when it
        was closed already or there is no such table."""
        async with self._connections.connection() as db, db.transaction():
            found = await (await db.execute(
                "UPDATE tables SET closed = true WHERE id = %s AND NOT closed "
                "RETURNING actions", (table_id,))).fetchone()
            if found is None:
                return False
            await db.execute("SELECT pg_notify(%s, %s)",
                             (CHANNEL, _payload(table_id, int(found[0]), True)))
        return True

    async def access(self, table_id: str, token_hash: str) -> StoredAccess | None:
        """What the token whose hash is ``token_hash`` opens at a table, or None."""
        async with self._connections.connection() as db:
            found = await (await db.execute(
                "SELECT role, seat FROM tokens WHERE hash = %s AND table_id = %s",
                (token_hash, table_id))).fetchone()
        return None if found is None else StoredAccess(found[0], found[1])

    async def claim_bots(self, table_id: str, owner: str, seconds: float) -> bool:
        """Take the lease on the table's bots for ``seconds`` of the database's clock
        when nobody holds it or it ran out, or renew it when ``owner`` holds it: True
        then. False when another owner's lease runs, and when the table is closed,
        finished or missing: no bot has anything to do there, and a process that missed
        the closing stops its bots at the next renewal."""
        async with self._connections.connection() as db:
            changed = await db.execute(
                "UPDATE tables SET bots_owner = %s, "
                "bots_until = clock_timestamp() + make_interval(secs => %s) "
                "WHERE id = %s AND NOT closed AND NOT finished AND (bots_owner IS NULL "
                "OR bots_owner = %s OR bots_until < clock_timestamp())",
                (owner, float(seconds), table_id, owner))
        return changed.rowcount == 1

    async def release_bots(self, table_id: str, owner: str) -> None:
        """Drop the lease on the table's bots if ``owner`` holds it."""
        async with self._connections.connection() as db:
            await db.execute("UPDATE tables SET bots_owner = NULL, bots_until = NULL "
                             "WHERE id = %s AND bots_owner = %s", (table_id, owner))

    async def _count(self, query: str, params: tuple[Any, ...]) -> int:
        async with self._connections.connection() as db:
            found = await (await db.execute(query, params)).fetchone()
        return 0 if found is None else int(found[0])

    async def _ids(self, query: str, params: tuple[Any, ...]) -> list[str]:
        async with self._connections.connection() as db:
            found = await (await db.execute(query, params)).fetchall()
        return [table_id for (table_id,) in found]

    async def _read_notifications(self, listening: _Connection) -> None:
        """Tell the listeners of each notification, for as long as the store runs; a
        lost connection is replaced, then :meth:`_catch_up` tells what it may have
        missed."""
        missed_since: str | None = None
        while True:
            try:
                if missed_since is not None:
                    await self._catch_up(missed_since)
                async for notification in listening.notifies():
                    self._heard(notification.payload)
            except psycopg.Error as lost:
                log.warning("the PostgreSQL connection that hears table changes was lost "
                            "(%s); reconnecting", _one_line(lost))
            finally:
                with contextlib.suppress(psycopg.Error):
                    await listening.close()
            missed_since = (datetime.now(UTC) - timedelta(seconds=CATCH_UP_SECONDS)
                            ).isoformat(timespec="seconds")
            listening = await self._listen_again()

    async def _listen_again(self) -> _Connection:
        """A new listening connection, tried again and again (waits growing to 5 s)
        until the database answers."""
        wait = 0.1
        while True:
            try:
                connection = await psycopg.AsyncConnection.connect(self.dsn,
                                                                   autocommit=True)
            except psycopg.Error:
                await asyncio.sleep(wait)
                wait = min(wait * 2, 5.0)
                continue
            try:
                await connection.execute(f"LISTEN {CHANNEL}")
            except BaseException as failed:  # the store's stop (a cancel) included
                with contextlib.suppress(psycopg.Error):
                    await connection.close()
                if not isinstance(failed, psycopg.Error):
                    raise
                await asyncio.sleep(wait)
                continue
            log.warning("the PostgreSQL connection that hears table changes is back")
            return connection

    async def _catch_up(self, since: str) -> None:
        """Tell the listeners of every open table and every table changed since
        ``since``: what was committed while nobody listened (listeners ignore counts they
        have). A failure is logged: the next loss of the connection tries again."""
        try:
            async with self._connections.connection() as db:
                found = await (await db.execute(
                    "SELECT id, actions, closed FROM tables WHERE (NOT finished AND NOT "
                    "closed) OR updated >= %s ORDER BY seq", (since,))).fetchall()
        except psycopg.Error as failed:
            log.error("the table changes missed while not listening could not be read: %s",
                      _one_line(failed))
            return
        for table_id, actions, closed in found:
            emit(self._listeners, TableEvent(table_id, int(actions), bool(closed)))

    def _heard(self, payload: str) -> None:
        try:
            table_id, actions, closed = json.loads(payload)
            if not (isinstance(table_id, str) and type(actions) is int
                    and isinstance(closed, bool)):
                raise ValueError(payload)
        except (ValueError, TypeError):  # not JSON, or not a list of three
            log.warning("a notification on %s that is not a table change: %.200r", CHANNEL,
                        payload)
            return
        emit(self._listeners, TableEvent(table_id, actions, closed))


def _one_line(error: BaseException) -> str:
    """An error's first line (PostgreSQL's messages run on with details): the log
    says what happened in one line."""
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def _payload(table_id: str, actions: int, closed: bool) -> str:
    return json.dumps([table_id, actions, closed], separators=(",", ":"))


async def _configure(db: _Connection) -> None:
    """Every pooled connection commits durably, whatever the server's default: a stored
    action is one a crash does not lose."""
    await db.execute("SET synchronous_commit = on")
