"""The web table's store: every table's config and seed, its tokens' hashes and every
accepted action, durable before anyone hears of it.

:class:`TableStore` is what a server asks of its database; :class:`Store` is the SQLite
one (one server process), :class:`~partyrules.server.pgstore.PostgresStore` the
PostgreSQL one (several processes over one database);
:func:`partyrules.server.databases.open_store` picks one from the ``--db`` argument.

The database runs in WAL mode with ``synchronous=FULL``: an action whose commit returned is
on disk, so a server killed at any moment (``kill -9`` included) restarts with every action
a client was told about. A table is its config, seed and actions: the server rebuilds its
state by replaying them (docs/server.md, "Persistence").

All database work of the SQLite store happens on one thread of the store's own, so the
event loop never waits on the disk and the connection is never shared between threads.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import logging
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any, Final, Protocol, TypeVar

import attrs

from partyrules.server.protocol import Role

__all__ = [
    "SCHEMA_VERSION",
    "Store",
    "StoreConflict",
    "StoreSchemaError",
    "StoredAccess",
    "StoredTable",
    "TableEvent",
    "TableListener",
    "TableRow",
    "TableStore",
    "hash_token",
    "now_iso",
]

log = logging.getLogger(__name__)

SCHEMA_VERSION: Final = 3
"""The layout of the database (``PRAGMA user_version``); a newer one is refused, an
older one is brought up to date when the store opens (:data:`_MIGRATIONS`)."""

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    config TEXT NOT NULL,          -- the config's JSON, as the engine writes it
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,           -- JSON list: "person" or a bot spec, by seat
    created TEXT NOT NULL,         -- ISO 8601, UTC
    actions INTEGER NOT NULL DEFAULT 0,
    finished INTEGER NOT NULL DEFAULT 0,
    closed INTEGER NOT NULL DEFAULT 0,   -- closed by its host or an admin: never reloaded
    referee INTEGER NOT NULL DEFAULT 0,  -- the host is a referee who plays no seat
    creator TEXT NOT NULL DEFAULT '',    -- a digest of the creating client's address
    updated TEXT NOT NULL DEFAULT '',    -- ISO 8601, UTC: the last action (or creation)
    bots_owner TEXT,                     -- the process whose bots play the table ...
    bots_until REAL                      -- ... until then (time.time()), unless renewed
);
CREATE TABLE IF NOT EXISTS tokens (
    hash TEXT PRIMARY KEY,         -- sha256 of the token: the token itself is never stored
    table_id TEXT NOT NULL REFERENCES tables(id),
    role TEXT NOT NULL,            -- seat, host or spectator
    seat INTEGER                   -- the seat (-1 for the host, NULL for a spectator)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    idx INTEGER NOT NULL,          -- 0 for the first action, as in a replay's actions
    action TEXT NOT NULL,          -- the action's JSON, as the engine writes it
    PRIMARY KEY (table_id, idx)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS tables_by_creation ON tables(created);
CREATE INDEX IF NOT EXISTS tables_by_creator ON tables(creator, created);
"""

_MIGRATIONS: Final = {
    # schema 1 -> 2: a table can be closed, and its host can be a referee
    2: ("ALTER TABLE tables ADD COLUMN closed INTEGER NOT NULL DEFAULT 0;"
        "ALTER TABLE tables ADD COLUMN referee INTEGER NOT NULL DEFAULT 0;"),
    # schema 2 -> 3: who created a table, when it last moved, whose bots play it. The
    # time of an old table's last action is not known: its creation stands in, so an
    # old table may look idle at once (it is, most likely: it was not played since).
    3: ("ALTER TABLE tables ADD COLUMN creator TEXT NOT NULL DEFAULT '';"
        "ALTER TABLE tables ADD COLUMN updated TEXT NOT NULL DEFAULT '';"
        "UPDATE tables SET updated = created;"
        "ALTER TABLE tables ADD COLUMN bots_owner TEXT;"
        "ALTER TABLE tables ADD COLUMN bots_until REAL;"
        "CREATE INDEX tables_by_creator ON tables(creator, created);"),
}
"""What brings a database of schema ``version - 1`` to ``version``."""

T = TypeVar("T")


def hash_token(token: str) -> str:
    """The stored form of a token: its sha256, in hex.

    >>> len(hash_token("secret"))
    64
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def now_iso() -> str:
    """Now as the store writes times (ISO 8601, UTC, whole seconds): such strings sort
    as the times they name, so the stores compare them as text.

    >>> now_iso().endswith("+00:00")
    True
    """
    return datetime.now(UTC).isoformat(timespec="seconds")


@attrs.frozen(slots=True)
class TableRow:
    """One table as the lobby lists it, without its actions."""

    id: str
    """The table's id (public: it is in the table's address)."""
    game: str
    """The game's registry name."""
    config: str
    """The config's JSON."""
    seed: int
    """The game's seed (its shuffles; the bots' draws follow from it too)."""
    seats: str
    """JSON list of each seat's kind: ``"person"`` or a bot spec."""
    created: str
    """When the table was created (ISO 8601, UTC)."""
    actions: int
    """How many actions were accepted."""
    finished: bool
    """True once the game is over."""
    closed: bool = False
    """True once its host (or the server's admin) closed it: its bots stop, and it is
    not loaded again."""
    referee: bool = False
    """True when the table's host is a referee who plays no seat, and so may read the
    replay (every hidden card) while the game goes on."""
    creator: str = ""
    """An opaque digest of the creating client's address, as the caller gave it: the
    per-client limits count tables by it, across every server process."""
    updated: str = ""
    """When the last action was stored, or the table created (ISO 8601, UTC, seconds):
    what :meth:`TableStore.idle` looks at. The store sets it; on creation it is this
    field, or ``created`` when this is empty."""


@attrs.frozen(slots=True)
class TableEvent:
    """A change to a table that some server process committed: every process over the
    same database hears of it, so the one holding the table live can catch up."""

    table_id: str
    """The table."""
    actions: int
    """How many actions the table has now (a listener ignores a count it has)."""
    closed: bool
    """True when the change is the table's closing."""


TableListener = Callable[[TableEvent], None]
"""What :meth:`TableStore.subscribe` calls, on the event loop's thread."""


@attrs.frozen(slots=True)
class StoredTable:
    """A table and its accepted actions, in order (each the action's JSON)."""

    row: TableRow
    """The table's record."""
    actions: tuple[str, ...]
    """Every accepted action's JSON, in order."""


class StoreSchemaError(Exception):
    """A database this partyrules cannot use: written by a newer one (its schema is
    beyond what this version knows). The message says which versions."""


class _NewerSqliteSchema(StoreSchemaError, sqlite3.DatabaseError):
    """The SQLite store's :class:`StoreSchemaError`, still a ``sqlite3.DatabaseError``
    for callers that caught that before the error had a type of its own."""


class StoreConflict(Exception):
    """An action refused by the store because its number is not the table's next one:
    another process (or an earlier commit) has stored action ``index`` already. The
    caller reloads the table's actions and decides again."""

    def __init__(self, table_id: str, index: int) -> None:
        super().__init__(f"table {table_id} does not have {index} actions: the action is "
                         "out of order")
        self.table_id = table_id
        """The table."""
        self.index = index
        """The number the refused action asked for."""


@attrs.frozen(slots=True)
class StoredAccess:
    """What a token opens at one table."""

    role: Role
    """Seat, host or spectator."""
    seat: int | None
    """The seat (``TABLE``, -1, for the host; None for a spectator)."""


class TableStore(Protocol):
    """What a server asks of its database, whichever it is (:class:`Store` for SQLite,
    :class:`~partyrules.server.pgstore.PostgresStore` for PostgreSQL): started and
    stopped on the event loop, every other call a coroutine but :meth:`subscribe`.

    Several server processes may share one PostgreSQL database: the store is where they
    agree. An action is stored once (:meth:`append_action`'s compare-and-set), a table's
    bots run in one process (:meth:`claim_bots`), and every process hears of every change
    (:meth:`subscribe`).
    """

    async def start(self) -> None:
        """Open the database, creating or upgrading its tables; a newer schema is a
        :class:`StoreSchemaError`."""

    async def stop(self) -> None:
        """Close the database, after the work already asked."""

    async def create_table(self, row: TableRow,
                           tokens: Sequence[tuple[str, Role, int | None]]) -> None:
        """Record a new table and its tokens' hashes ``(hash, role, seat)``, at once."""

    async def append_action(self, table_id: str, index: int, action: str,
                            finished: bool) -> None:
        """Record action ``index`` (from 0) of a table and commit, durably. An index
        that is not the table's action count, or a closed table, is a
        :class:`StoreConflict`: two processes never both store action ``index``."""

    async def load(self, table_id: str) -> StoredTable | None:
        """A table and its actions, or None when there is no such table."""

    async def load_row(self, table_id: str) -> TableRow | None:
        """A table's record without its actions, or None."""

    async def tables(self, limit: int) -> list[TableRow]:
        """The newest ``limit`` tables, newest first."""

    async def unfinished(self) -> list[str]:
        """The ids of the tables whose game goes on (not closed), oldest first."""

    async def count_open(self, creator: str | None = None) -> int:
        """How many tables are neither finished nor closed; only ``creator``'s when
        given."""

    async def tables_created_since(self, creator: str, since: str) -> int:
        """How many tables ``creator`` created at ``since`` (ISO 8601, UTC) or later,
        whatever their state: a per-minute limit that holds across processes."""

    async def idle(self, before: str) -> list[str]:
        """The ids of the open tables whose last change (:attr:`TableRow.updated`) is
        older than ``before``."""

    async def actions_from(self, table_id: str, index: int) -> tuple[str, ...]:
        """The table's stored actions from number ``index`` on, in order: what a process
        that has ``index`` of them lacks."""

    async def close_table(self, table_id: str) -> bool:
        """Close a table: True when it was open, False when it was closed already or
        there is no such table."""

    async def access(self, table_id: str, token_hash: str) -> StoredAccess | None:
        """What the token whose hash is ``token_hash`` opens at a table, or None."""

    async def claim_bots(self, table_id: str, owner: str, seconds: float) -> bool:
        """Take (or renew) the lease on a table's bots for ``seconds``: True when
        ``owner`` holds it now, False when another owner's lease runs, or the table is
        closed, finished or missing (no bot has anything to do there)."""

    async def release_bots(self, table_id: str, owner: str) -> None:
        """Drop the lease on a table's bots if ``owner`` holds it."""

    def subscribe(self, listener: TableListener) -> None:
        """Call ``listener`` on the event loop's thread after every committed action
        and every closing, by any process on this database."""


class Store:
    """The SQLite database of one server process: :meth:`start` and :meth:`stop` on the
    event loop (or :meth:`open` and :meth:`close` off it); a :class:`TableStore`.

    Every other method is a coroutine that runs on the store's thread. Only one process
    uses the file (SQLite's locks would make several wait on each other), so the
    listeners hear of this process's commits: they are all there are.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        """The SQLite file (created if missing)."""
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="partyrules-db")
        self._db: sqlite3.Connection | None = None
        self._queued: list[_Append] = []
        self._committer: asyncio.Task[None] | None = None
        self._listeners: list[TableListener] = []
        self._shut = False

    async def start(self) -> None:
        """:meth:`open`, on the store's thread: the event loop goes on meanwhile."""
        await asyncio.get_running_loop().run_in_executor(self._thread, self._open)

    async def stop(self) -> None:
        """:meth:`close` from the event loop: the queued actions are committed first."""
        if self._committer is not None:
            with contextlib.suppress(Exception):  # each waiter has its own error
                await self._committer
        if self._shut:
            return
        await asyncio.get_running_loop().run_in_executor(self._thread, self._close_db)
        self._shut = True
        self._thread.shutdown(wait=False)  # it is idle: the close was its last work

    def open(self) -> None:
        """Open the database (creating its tables), in WAL mode with full syncs."""
        self._thread.submit(self._open).result()

    def _open(self) -> None:
        db = sqlite3.connect(self.path, isolation_level=None)  # transactions said aloud
        try:
            self._check_version(db)  # before the switch to WAL: a newer file is not touched
            db.execute("PRAGMA busy_timeout=5000")
            mode = _use_wal(db)
            if str(mode).lower() != "wal":
                raise sqlite3.DatabaseError(f"{self.path} cannot use WAL mode ({mode})")
            db.execute("PRAGMA synchronous=FULL")  # a commit is on disk when it returns
            db.execute("PRAGMA foreign_keys=ON")
            # The version is read again under the write lock: of two stores opening one
            # file at once, the second finds the first's work done.
            with _transaction(db):
                version = self._check_version(db)
                if version == 0:  # a new database: today's schema at once
                    scripts = [_SCHEMA]
                else:
                    scripts = [_MIGRATIONS[target]
                               for target in range(version + 1, SCHEMA_VERSION + 1)]
                for script in scripts:
                    # One statement at a time: executescript would commit the transaction.
                    for statement in script.split(";"):
                        if statement.strip():
                            db.execute(statement)
                if version != SCHEMA_VERSION:
                    db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except BaseException:
            db.close()
            raise
        self._db = db

    def _check_version(self, db: sqlite3.Connection) -> int:
        """The file's schema version; a newer one than this store's is refused."""
        version: int = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise _NewerSqliteSchema(
                f"{self.path} was written by a newer partyrules (schema {version}; "
                f"this one reads {SCHEMA_VERSION})")
        return version

    def close(self) -> None:
        """Close the database; waits for the work already asked."""
        if self._shut:
            return
        self._thread.submit(self._close_db).result()
        self._shut = True
        self._thread.shutdown(wait=True)

    def _close_db(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    def subscribe(self, listener: TableListener) -> None:
        """Call ``listener`` after each of this store's commits of an action or a
        closing (on the event loop's thread, once the commit returned)."""
        self._listeners.append(listener)

    async def _run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        def run() -> T:
            if self._db is None:
                raise sqlite3.ProgrammingError("the store is closed")
            return work(self._db)
        return await asyncio.get_running_loop().run_in_executor(self._thread, run)

    async def create_table(self, row: TableRow,
                           tokens: Sequence[tuple[str, Role, int | None]]) -> None:
        """Record a new table and its tokens' hashes ``(hash, role, seat)``, at once."""
        def create(db: sqlite3.Connection) -> None:
            with _transaction(db):
                db.execute("INSERT INTO tables (id, game, config, seed, seats, created, "
                           "referee, creator, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           (row.id, row.game, row.config, row.seed, row.seats, row.created,
                            int(row.referee), row.creator, row.updated or row.created))
                db.executemany("INSERT INTO tokens (hash, table_id, role, seat) "
                               "VALUES (?, ?, ?, ?)",
                               [(digest, row.id, role, seat) for digest, role, seat in tokens])
        await self._run(create)

    async def append_action(self, table_id: str, index: int, action: str,
                            finished: bool) -> None:
        """Record action number ``index`` (from 0) of a table and commit: once this
        returns, the action survives a crash. An index that is not the table's next
        one is a :class:`StoreConflict`; so is an action of a closed table.

        Actions of several tables that arrive while a commit is under way are committed
        together, in one transaction and one sync of the disk (each in a savepoint of
        its own, so that one refused action refuses nothing else): the sync, a few
        milliseconds, is most of a commit's cost.
        """
        loop = asyncio.get_running_loop()
        committed: asyncio.Future[None] = loop.create_future()
        self._queued.append(_Append(table_id, index, action, finished, committed))
        if self._committer is None or self._committer.done():
            self._committer = loop.create_task(self._commit_queued())
        await committed

    async def _commit_queued(self) -> None:
        """Commit what is queued, batch after batch, until nothing is."""
        while self._queued:
            batch, self._queued = self._queued, []
            try:
                errors = await self._run(functools.partial(_append_all, batch=batch))
            except Exception as failed:  # the transaction itself failed: nothing stored
                errors = [failed] * len(batch)
            for append, error in zip(batch, errors, strict=True):
                if error is None:  # committed, even when its waiter was cancelled
                    emit(self._listeners, TableEvent(append.table_id, append.index + 1,
                                                     False))
                if append.committed.done():  # its waiter was cancelled
                    continue
                if error is None:
                    append.committed.set_result(None)
                else:
                    append.committed.set_exception(error)

    async def load(self, table_id: str) -> StoredTable | None:
        """A table and its actions, or None when there is no such table."""
        def load(db: sqlite3.Connection) -> StoredTable | None:
            with _transaction(db):  # one snapshot: the row and its actions agree
                found = db.execute(f"SELECT {ROW_COLUMNS} FROM tables WHERE id = ?",
                                   (table_id,)).fetchone()
                if found is None:
                    return None
                actions = tuple(text for (text,) in db.execute(
                    "SELECT action FROM actions WHERE table_id = ? ORDER BY idx",
                    (table_id,)))
            return StoredTable(row_of(found), actions)
        return await self._run(load)

    async def load_row(self, table_id: str) -> TableRow | None:
        """A table's record without its actions, or None when there is no such table."""
        def load(db: sqlite3.Connection) -> TableRow | None:
            found = db.execute(f"SELECT {ROW_COLUMNS} FROM tables WHERE id = ?",
                               (table_id,)).fetchone()
            return None if found is None else row_of(found)
        return await self._run(load)

    async def tables(self, limit: int) -> list[TableRow]:
        """The newest ``limit`` tables, newest first."""
        def newest(db: sqlite3.Connection) -> list[TableRow]:
            return [row_of(found) for found in db.execute(
                f"SELECT {ROW_COLUMNS} FROM tables ORDER BY created DESC, rowid DESC "
                "LIMIT ?", (limit,))]
        return await self._run(newest)

    async def unfinished(self) -> list[str]:
        """The ids of the tables whose game goes on (not closed), oldest first."""
        def ids(db: sqlite3.Connection) -> list[str]:
            return [table_id for (table_id,) in db.execute(
                "SELECT id FROM tables WHERE finished = 0 AND closed = 0 "
                "ORDER BY created, rowid")]
        return await self._run(ids)

    async def count_open(self, creator: str | None = None) -> int:
        """How many tables are neither finished nor closed; only those ``creator``
        created when given (a per-client limit)."""
        def count(db: sqlite3.Connection) -> int:
            if creator is None:
                found: int = db.execute("SELECT count(*) FROM tables WHERE finished = 0 "
                                        "AND closed = 0").fetchone()[0]
            else:
                found = db.execute("SELECT count(*) FROM tables WHERE creator = ? AND "
                                   "finished = 0 AND closed = 0", (creator,)).fetchone()[0]
            return found
        return await self._run(count)

    async def tables_created_since(self, creator: str, since: str) -> int:
        """How many tables ``creator`` created at ``since`` (ISO 8601, UTC, as
        :func:`now_iso` writes it) or later, finished and closed ones included."""
        def count(db: sqlite3.Connection) -> int:
            found: int = db.execute("SELECT count(*) FROM tables WHERE creator = ? AND "
                                    "created >= ?", (creator, since)).fetchone()[0]
            return found
        return await self._run(count)

    async def idle(self, before: str) -> list[str]:
        """The ids of the open tables whose last action (or creation, when they have
        none) is older than ``before`` (ISO 8601, UTC), oldest first: the ones to close
        for want of players."""
        def ids(db: sqlite3.Connection) -> list[str]:
            return [table_id for (table_id,) in db.execute(
                "SELECT id FROM tables WHERE finished = 0 AND closed = 0 AND updated < ? "
                "ORDER BY updated, rowid", (before,))]
        return await self._run(ids)

    async def actions_from(self, table_id: str, index: int) -> tuple[str, ...]:
        """The table's actions numbered ``index`` and on, in order (none when there is
        no such table): what a live table that has ``index`` of them lacks."""
        def actions(db: sqlite3.Connection) -> tuple[str, ...]:
            return tuple(text for (text,) in db.execute(
                "SELECT action FROM actions WHERE table_id = ? AND idx >= ? ORDER BY idx",
                (table_id, index)))
        return await self._run(actions)

    async def close_table(self, table_id: str) -> bool:
        """Close a table (its host's or the admin's decision): True when it was open,
        False when it was closed already or there is no such table. A closed table takes
        no more actions (:meth:`append_action` refuses them) and is never reloaded."""
        def close(db: sqlite3.Connection) -> int | None:
            with _transaction(db):
                if db.execute("UPDATE tables SET closed = 1 WHERE id = ? AND closed = 0",
                              (table_id,)).rowcount != 1:
                    return None
                count: int = db.execute("SELECT actions FROM tables WHERE id = ?",
                                        (table_id,)).fetchone()[0]
                return count
        actions = await self._run(close)
        if actions is None:
            return False
        emit(self._listeners, TableEvent(table_id, actions, True))
        return True

    async def claim_bots(self, table_id: str, owner: str, seconds: float) -> bool:
        """Take the lease on the table's bots for ``seconds`` (by ``time.time()``) when
        nobody holds it or it ran out, or renew it when ``owner`` holds it: True then.
        False when another owner's lease runs, and when the table is closed, finished
        or missing: no bot has anything to do there, and a process that missed the
        closing stops its bots at the next renewal."""
        def claim(db: sqlite3.Connection) -> bool:
            now = time.time()
            with _transaction(db):
                return db.execute(
                    "UPDATE tables SET bots_owner = ?, bots_until = ? WHERE id = ? AND "
                    "closed = 0 AND finished = 0 AND (bots_owner IS NULL OR bots_owner = ? "
                    "OR bots_until < ?)",
                    (owner, now + seconds, table_id, owner, now)).rowcount == 1
        return await self._run(claim)

    async def release_bots(self, table_id: str, owner: str) -> None:
        """Drop the lease on the table's bots if ``owner`` holds it (a process that
        stops hands its tables over at once rather than when the leases run out)."""
        def release(db: sqlite3.Connection) -> None:
            with _transaction(db):
                db.execute("UPDATE tables SET bots_owner = NULL, bots_until = NULL "
                           "WHERE id = ? AND bots_owner = ?", (table_id, owner))
        await self._run(release)

    async def access(self, table_id: str, token_hash: str) -> StoredAccess | None:
        """What the token whose hash is ``token_hash`` opens at a table, or None."""
        def find(db: sqlite3.Connection) -> StoredAccess | None:
            found = db.execute("SELECT role, seat FROM tokens WHERE hash = ? AND "
                               "table_id = ?", (token_hash, table_id)).fetchone()
            return None if found is None else StoredAccess(found[0], found[1])
        return await self._run(find)


ROW_COLUMNS: Final = ("id, game, config, seed, seats, created, actions, finished, closed, "
                       "referee, creator, updated")
"""The columns of a :class:`TableRow`, in its order (both stores)."""


def emit(listeners: Sequence[TableListener], event: TableEvent) -> None:
    """Call each listener with the event. A listener that fails is logged in one line
    and the others are still called: the change is committed whatever a listener does."""
    for listener in listeners:
        try:
            listener(event)
        except Exception as failed:
            log.error("a listener of table %s failed on its change: %r", event.table_id,
                      failed)


@attrs.frozen(slots=True)
class _Append:
    """An action waiting for its commit."""

    table_id: str
    index: int
    action: str
    finished: bool
    committed: asyncio.Future[None]


def _append_all(db: sqlite3.Connection, *, batch: Sequence[_Append]) -> list[Exception | None]:
    """Store a batch of actions in one transaction, each in a savepoint: the error that
    refused each one, or None."""
    errors: list[Exception | None] = []
    updated = now_iso()
    with _transaction(db):
        for append in batch:
            db.execute("SAVEPOINT one_action")
            try:
                db.execute("INSERT INTO actions (table_id, idx, action) VALUES (?, ?, ?)",
                           (append.table_id, append.index, append.action))
                changed = db.execute(
                    "UPDATE tables SET actions = ?, finished = ?, updated = ? WHERE id = ? "
                    "AND actions = ? AND closed = 0",
                    (append.index + 1, int(append.finished), updated, append.table_id,
                     append.index)).rowcount
                if changed != 1:
                    raise StoreConflict(append.table_id, append.index)
            except sqlite3.IntegrityError:  # the index is taken: the same conflict
                db.execute("ROLLBACK TO one_action")
                errors.append(StoreConflict(append.table_id, append.index))
            except (sqlite3.Error, StoreConflict) as refused:
                db.execute("ROLLBACK TO one_action")
                errors.append(refused)
            else:
                errors.append(None)
            db.execute("RELEASE one_action")
    return errors


def _use_wal(db: sqlite3.Connection) -> str:
    """Switch to WAL mode: the journal mode it is in then. Another connection switching
    the same new file at that moment makes SQLite answer "locked" without waiting, so
    this waits (up to the busy timeout) and tries again."""
    deadline = time.monotonic() + 5.0
    while True:
        try:
            mode: str = db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
            return mode
        except sqlite3.OperationalError as busy:
            if "locked" not in str(busy) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)  # the store's own thread: the event loop does not wait


def row_of(found: Sequence[Any]) -> TableRow:
    """The :class:`TableRow` of a row of :data:`ROW_COLUMNS` (either store's: SQLite's
    integers for flags become booleans)."""
    (table_id, game, config, seed, seats, created, actions, finished, closed, referee,
     creator, updated) = found
    return TableRow(table_id, game, config, seed, seats, created, actions, bool(finished),
                    bool(closed), bool(referee), creator, updated)


@contextlib.contextmanager
def _transaction(db: sqlite3.Connection) -> Iterator[None]:
    """``BEGIN`` ... ``COMMIT`` (``ROLLBACK`` on an exception) on an autocommit
    connection: the transactions are the store's, not the sqlite3 module's guesses."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
