"""The web table's SQLite store: every table's config and seed, its tokens' hashes and
every accepted action, durable before anyone hears of it.

The database runs in WAL mode with ``synchronous=FULL``: an action whose commit returned is
on disk, so a server killed at any moment (``kill -9`` included) restarts with every action
a client was told about. A table is its config, seed and actions: the server rebuilds its
state by replaying them (docs/server.md, "Persistence").

All database work happens on one thread of the store's own, so the event loop never waits
on the disk and the connection is never shared between threads.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Final, TypeVar

import attrs

from partyrules.server.protocol import Role

__all__ = [
    "SCHEMA_VERSION",
    "Store",
    "StoreConflict",
    "StoredAccess",
    "StoredTable",
    "TableRow",
    "hash_token",
]

SCHEMA_VERSION: Final = 2
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
    referee INTEGER NOT NULL DEFAULT 0   -- the host is a referee who plays no seat
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
"""

_MIGRATIONS: Final = {
    # schema 1 -> 2: a table can be closed, and its host can be a referee
    2: ("ALTER TABLE tables ADD COLUMN closed INTEGER NOT NULL DEFAULT 0;"
        "ALTER TABLE tables ADD COLUMN referee INTEGER NOT NULL DEFAULT 0;"),
}
"""What brings a database of schema ``version - 1`` to ``version``."""

T = TypeVar("T")


def hash_token(token: str) -> str:
    """The stored form of a token: its sha256, in hex.

    >>> len(hash_token("secret"))
    64
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


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


@attrs.frozen(slots=True)
class StoredTable:
    """A table and its accepted actions, in order (each the action's JSON)."""

    row: TableRow
    """The table's record."""
    actions: tuple[str, ...]
    """Every accepted action's JSON, in order."""


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


class Store:
    """The database of a server: open with :meth:`open`, close with :meth:`close`.

    Every method but those two is a coroutine that runs on the store's thread.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        """The SQLite file (created if missing)."""
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="partyrules-db")
        self._db: sqlite3.Connection | None = None
        self._queued: list[_Append] = []
        self._committer: asyncio.Task[None] | None = None

    def open(self) -> None:
        """Open the database (creating its tables), in WAL mode with full syncs."""
        self._thread.submit(self._open).result()

    def _open(self) -> None:
        db = sqlite3.connect(self.path, isolation_level=None)  # transactions said aloud
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise sqlite3.DatabaseError(
                    f"{self.path} was written by a newer partyrules (schema {version}; "
                    f"this one reads {SCHEMA_VERSION})")
            mode = db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise sqlite3.DatabaseError(f"{self.path} cannot use WAL mode ({mode})")
            db.execute("PRAGMA synchronous=FULL")  # a commit is on disk when it returns
            db.execute("PRAGMA foreign_keys=ON")
            db.execute("PRAGMA busy_timeout=5000")
            if version == 0:  # a new database: today's schema at once
                db.executescript("BEGIN;" + _SCHEMA
                                 + f"PRAGMA user_version={SCHEMA_VERSION};COMMIT;")
            else:
                for target in range(version + 1, SCHEMA_VERSION + 1):
                    db.executescript(f"BEGIN;{_MIGRATIONS[target]}"
                                     f"PRAGMA user_version={target};COMMIT;")
        except BaseException:
            db.close()
            raise
        self._db = db

    def close(self) -> None:
        """Close the database; waits for the work already asked."""
        def close_db() -> None:
            if self._db is not None:
                self._db.close()
                self._db = None
        self._thread.submit(close_db).result()
        self._thread.shutdown(wait=True)

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
                           "referee) VALUES (?, ?, ?, ?, ?, ?, ?)",
                           (row.id, row.game, row.config, row.seed, row.seats, row.created,
                            int(row.referee)))
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
                found = db.execute(f"SELECT {_ROW_COLUMNS} FROM tables WHERE id = ?",
                                   (table_id,)).fetchone()
                if found is None:
                    return None
                actions = tuple(text for (text,) in db.execute(
                    "SELECT action FROM actions WHERE table_id = ? ORDER BY idx",
                    (table_id,)))
            return StoredTable(_row(found), actions)
        return await self._run(load)

    async def load_row(self, table_id: str) -> TableRow | None:
        """A table's record without its actions, or None when there is no such table."""
        def load(db: sqlite3.Connection) -> TableRow | None:
            found = db.execute(f"SELECT {_ROW_COLUMNS} FROM tables WHERE id = ?",
                               (table_id,)).fetchone()
            return None if found is None else _row(found)
        return await self._run(load)

    async def tables(self, limit: int) -> list[TableRow]:
        """The newest ``limit`` tables, newest first."""
        def newest(db: sqlite3.Connection) -> list[TableRow]:
            return [_row(found) for found in db.execute(
                f"SELECT {_ROW_COLUMNS} FROM tables ORDER BY created DESC, rowid DESC "
                "LIMIT ?", (limit,))]
        return await self._run(newest)

    async def unfinished(self) -> list[str]:
        """The ids of the tables whose game goes on (not closed), oldest first."""
        def ids(db: sqlite3.Connection) -> list[str]:
            return [table_id for (table_id,) in db.execute(
                "SELECT id FROM tables WHERE finished = 0 AND closed = 0 "
                "ORDER BY created, rowid")]
        return await self._run(ids)

    async def count_open(self) -> int:
        """How many tables are neither finished nor closed."""
        def count(db: sqlite3.Connection) -> int:
            found: int = db.execute("SELECT count(*) FROM tables WHERE finished = 0 "
                                    "AND closed = 0").fetchone()[0]
            return found
        return await self._run(count)

    async def close_table(self, table_id: str) -> bool:
        """Close a table (its host's or the admin's decision): True when it was open,
        False when it was closed already or there is no such table. A closed table takes
        no more actions (:meth:`append_action` refuses them) and is never reloaded."""
        def close(db: sqlite3.Connection) -> bool:
            with _transaction(db):
                return db.execute("UPDATE tables SET closed = 1 WHERE id = ? AND closed = 0",
                                  (table_id,)).rowcount == 1
        return await self._run(close)

    async def access(self, table_id: str, token_hash: str) -> StoredAccess | None:
        """What the token whose hash is ``token_hash`` opens at a table, or None."""
        def find(db: sqlite3.Connection) -> StoredAccess | None:
            found = db.execute("SELECT role, seat FROM tokens WHERE hash = ? AND "
                               "table_id = ?", (token_hash, table_id)).fetchone()
            return None if found is None else StoredAccess(found[0], found[1])
        return await self._run(find)


_ROW_COLUMNS: Final = ("id, game, config, seed, seats, created, actions, finished, closed, "
                       "referee")


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
    with _transaction(db):
        for append in batch:
            db.execute("SAVEPOINT one_action")
            try:
                db.execute("INSERT INTO actions (table_id, idx, action) VALUES (?, ?, ?)",
                           (append.table_id, append.index, append.action))
                changed = db.execute(
                    "UPDATE tables SET actions = ?, finished = ? WHERE id = ? AND actions = ? "
                    "AND closed = 0",
                    (append.index + 1, int(append.finished), append.table_id, append.index)
                ).rowcount
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


def _row(found: Any) -> TableRow:
    table_id, game, config, seed, seats, created, actions, finished, closed, referee = found
    return TableRow(table_id, game, config, seed, seats, created, actions, bool(finished),
                    bool(closed), bool(referee))


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
