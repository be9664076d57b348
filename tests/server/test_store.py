"""The web table's stores, SQLite and PostgreSQL, held to one contract: each test runs
on both (the ``stores`` fixture) unless it is about one store's own files.

Two store objects over one database stand for two server processes: each has its own
connections, as a process would.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import attrs
import psycopg
import pytest

from partyrules.server.databases import open_store
from partyrules.server.pgstore import PostgresStore
from partyrules.server.store import (
    Store,
    StoreConflict,
    StoreSchemaError,
    TableEvent,
    TableRow,
    TableStore,
    hash_token,
    now_iso,
)

from .conftest import free_port
from .postgres import TemporaryCluster

TIMEOUT = 10.0
"""The longest a test waits for an event."""


class Stores:
    """Store objects over one fresh database of one kind (``sqlite`` or ``postgres``)."""

    def __init__(self, kind: str, address: str) -> None:
        self.kind = kind
        self.address = address

    def new(self) -> TableStore:
        """A store over the database, not started."""
        return Store(self.address) if self.kind == "sqlite" else PostgresStore(self.address)

    @contextlib.asynccontextmanager
    async def started(self) -> AsyncIterator[TableStore]:
        """A started store over the database, stopped after the block."""
        store = self.new()
        await store.start()
        try:
            yield store
        finally:
            await store.stop()


@pytest.fixture(params=["sqlite", "postgres"])
def stores(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Stores]:
    """A database of each kind, empty."""
    if request.param == "sqlite":
        yield Stores("sqlite", str(tmp_path / "tables.sqlite3"))
    else:
        cluster: TemporaryCluster = request.getfixturevalue("postgres_cluster")
        yield Stores("postgres", cluster.new_database())


def _row(table_id: str, creator: str = "", created: str = "2026-12-01T10:00:00+00:00"
         ) -> TableRow:
    return TableRow(table_id, "dany", '{"players": 3}', 7, '["person", "random", "random"]',
                    created, 0, False, creator=creator)


def _stored_hashes(stores: Stores) -> set[str]:
    """Every token column's value, read from the database itself."""
    if stores.kind == "sqlite":
        with sqlite3.connect(stores.address) as db:
            return {hashed for (hashed,) in db.execute("SELECT hash FROM tokens")}
    with psycopg.connect(stores.address) as pg:
        return {hashed for (hashed,) in pg.execute("SELECT hash FROM tokens")}


def test_the_store_keeps_tables_tokens_and_actions_durably(stores: Stores) -> None:
    async def scenario() -> None:
        async with stores.started() as store:
            await store.create_table(_row("t1"), [(hash_token("host"), "host", -1),
                                                   (hash_token("seat0"), "seat", 0)])
            await store.append_action("t1", 0, '{"type":"Keep","seat":0}', False)
            await store.append_action("t1", 1, '{"type":"Done","seat":0}', True)
            with pytest.raises(StoreConflict):  # action 1 again
                await store.append_action("t1", 1, '{"type":"Done","seat":0}', True)
            with pytest.raises(StoreConflict):  # action 3 before action 2
                await store.append_action("t1", 3, '{"type":"Done","seat":0}', True)
            with pytest.raises(StoreConflict):  # no such table
                await store.append_action("t9", 0, '{"type":"Done","seat":0}', True)
        async with stores.started() as store:  # what a restarted server finds
            loaded = await store.load("t1")
            assert loaded is not None
            assert loaded.actions == ('{"type":"Keep","seat":0}', '{"type":"Done","seat":0}')
            assert (loaded.row.actions, loaded.row.finished) == (2, True)
            assert await store.load("nope") is None
            assert await store.load_row("nope") is None
            found = await store.access("t1", hash_token("seat0"))
            assert found is not None and (found.role, found.seat) == ("seat", 0)
            host = await store.access("t1", hash_token("host"))
            assert host is not None and (host.role, host.seat) == ("host", -1)
            assert await store.access("t1", hash_token("seat1")) is None
            assert await store.access("t2", hash_token("seat0")) is None
            assert await store.unfinished() == []

    asyncio.run(scenario())
    assert _stored_hashes(stores) == {hash_token("host"), hash_token("seat0")}


def test_the_lobby_lists_the_newest_tables_first(stores: Stores) -> None:
    async def scenario() -> None:
        async with stores.started() as store:
            for name, minute in (("a", 1), ("b", 3), ("c", 2), ("d", 3)):
                await store.create_table(
                    _row(name, created=f"2026-12-01T10:0{minute}:00+00:00"), [])
            # Ties (b and d were created in one second) go by creation order.
            assert [row.id for row in await store.tables(3)] == ["d", "b", "c"]
            assert await store.unfinished() == ["a", "c", "b", "d"]
            row = await store.load_row("a")
            assert row == TableRow(
                "a", "dany", '{"players": 3}', 7, '["person", "random", "random"]',
                "2026-12-01T10:01:00+00:00", 0, False, False, False, "",
                "2026-12-01T10:01:00+00:00")

    asyncio.run(scenario())


def test_actions_committed_together_are_refused_one_by_one(stores: Stores) -> None:
    """Actions of several tables at once; one out of order refuses nothing else."""
    async def scenario() -> list[BaseException | None]:
        async with stores.started() as store:
            for name in ("a", "b", "c"):
                await store.create_table(_row(name), [])
            results = list(await asyncio.gather(
                store.append_action("a", 0, '{"n":0}', False),
                store.append_action("b", 5, '{"n":5}', False),  # b has no action 0 yet
                store.append_action("c", 0, '{"n":0}', False),
                return_exceptions=True))
            # After a's action 0: PostgreSQL commits on several connections, in no order.
            results += await asyncio.gather(store.append_action("a", 1, '{"n":1}', True),
                                            return_exceptions=True)
            loaded = [await store.load(name) for name in ("a", "b", "c")]
            assert [table.actions if table else None for table in loaded] == [
                ('{"n":0}', '{"n":1}'), (), ('{"n":0}',)]
            assert loaded[0] is not None and loaded[0].row.finished
            return results

    results = asyncio.run(scenario())
    assert results[0] is None and results[2] is None and results[3] is None
    assert isinstance(results[1], StoreConflict)


def test_two_processes_never_both_store_one_action(stores: Stores) -> None:
    """Two stores (two processes' connections) append each index at the same moment:
    exactly one of them wins it, and the table holds the winners in order."""
    async def scenario() -> None:
        first, second = stores.new(), stores.new()
        await asyncio.gather(first.start(), second.start())  # a fresh database, twice
        try:
            await first.create_table(_row("t"), [])
            winners = []
            for index in range(6):
                results = await asyncio.gather(
                    first.append_action("t", index, f'{{"by":1,"n":{index}}}', False),
                    second.append_action("t", index, f'{{"by":2,"n":{index}}}', False),
                    return_exceptions=True)
                assert sorted(map(type, results), key=str) == sorted(
                    [type(None), StoreConflict], key=str), results
                by = 1 if results[0] is None else 2
                winners.append(f'{{"by":{by},"n":{index}}}')
            for store in (first, second):
                loaded = await store.load("t")
                assert loaded is not None and loaded.actions == tuple(winners)
                assert loaded.row.actions == 6
        finally:
            await first.stop()
            await second.stop()

    asyncio.run(scenario())


def _failing(event: TableEvent) -> None:
    raise RuntimeError(f"a broken listener ({event.table_id})")


async def _next(events: asyncio.Queue[TableEvent]) -> TableEvent:
    return await asyncio.wait_for(events.get(), TIMEOUT)


def test_every_process_hears_of_each_action_and_closing(stores: Stores) -> None:
    """PostgreSQL: a second store's listener hears of the first store's commits.
    SQLite, one process only: the store's own listeners hear of its commits."""
    async def scenario() -> None:
        async with stores.started() as writer, stores.started() as other:
            hearing = other if stores.kind == "postgres" else writer
            events: asyncio.Queue[TableEvent] = asyncio.Queue()
            hearing.subscribe(events.put_nowait)
            hearing.subscribe(_failing)  # logged; the other listeners are still told
            await writer.create_table(_row("t"), [])
            await writer.create_table(_row("u"), [])
            await writer.append_action("t", 0, '{"n":0}', False)
            await writer.append_action("u", 0, '{"n":0}', False)
            await writer.append_action("t", 1, '{"n":1}', False)
            with pytest.raises(StoreConflict):  # refused: nobody is told
                await writer.append_action("t", 1, '{"n":1}', False)
            assert await writer.close_table("t")
            assert not await writer.close_table("t")  # closed already: nobody is told
            assert not await writer.close_table("nope")
            await writer.append_action("u", 1, '{"n":1}', True)
            heard = [await _next(events) for _ in range(5)]
            assert heard == [TableEvent("t", 1, False), TableEvent("u", 1, False),
                             TableEvent("t", 2, False), TableEvent("t", 2, True),
                             TableEvent("u", 2, False)]
            await asyncio.sleep(0.2)
            assert events.empty()

    asyncio.run(scenario())


def test_a_closed_table_takes_no_actions_and_is_not_open(stores: Stores) -> None:
    async def scenario() -> None:
        async with stores.started() as store:
            await store.create_table(_row("t"), [])
            await store.append_action("t", 0, '{"n":0}', False)
            assert await store.close_table("t")
            with pytest.raises(StoreConflict):
                await store.append_action("t", 1, '{"n":1}', False)
            row = await store.load_row("t")
            assert row is not None and (row.closed, row.actions) == (True, 1)
            assert await store.unfinished() == []
            assert await store.count_open() == 0
            assert not await store.claim_bots("t", "p1", 5.0)  # no bots to run there

    asyncio.run(scenario())


def test_one_process_at_a_time_holds_a_tables_bots(stores: Stores) -> None:
    async def scenario() -> None:
        async with stores.started() as first, stores.started() as second:
            await first.create_table(_row("t"), [])
            assert await first.claim_bots("t", "p1", 0.3)
            assert not await second.claim_bots("t", "p2", 0.3)
            assert await first.claim_bots("t", "p1", 0.3)  # renewed
            await asyncio.sleep(0.15)
            assert not await second.claim_bots("t", "p2", 0.3)  # the renewal still runs
            await asyncio.sleep(0.25)
            assert await second.claim_bots("t", "p2", 0.3)  # p1's ran out: taken over
            assert not await first.claim_bots("t", "p1", 0.3)
            await first.release_bots("t", "p1")  # not p1's: nothing changes
            assert not await first.claim_bots("t", "p1", 0.3)
            await second.release_bots("t", "p2")
            assert await first.claim_bots("t", "p1", 0.3)  # free at once
            assert not await first.claim_bots("nope", "p1", 0.3)
            await first.append_action("t", 0, '{"n":0}', True)
            assert not await first.claim_bots("t", "p1", 0.3)  # finished: no bots to run

    asyncio.run(scenario())


def test_idle_tables_are_the_open_ones_untouched_since(stores: Stores) -> None:
    async def scenario() -> None:
        async with stores.started() as store:
            await store.create_table(_row("old", created="2026-12-01T10:00:00+00:00"), [])
            await store.create_table(_row("played", created="2026-12-01T10:00:00+00:00"), [])
            await store.create_table(_row("closed", created="2026-12-01T10:00:00+00:00"), [])
            await store.create_table(
                attrs.evolve(_row("moved"), updated="2026-12-01T11:00:00+00:00"), [])
            await store.append_action("played", 0, '{"n":0}', False)  # updated: now
            await store.close_table("closed")
            assert await store.idle("2026-12-01T10:30:00+00:00") == ["old"]
            assert await store.idle("2026-12-01T11:00:01+00:00") == ["old", "moved"]
            assert await store.idle("2026-12-01T09:00:00+00:00") == []
            row = await store.load_row("played")
            assert row is not None and row.updated >= now_iso()[:16]
            moved = await store.load_row("moved")
            assert moved is not None and moved.updated == "2026-12-01T11:00:00+00:00"
            assert await store.idle("9999-01-01T00:00:00+00:00") == ["old", "moved",
                                                                      "played"]

    asyncio.run(scenario())


def test_tables_are_counted_by_creator(stores: Stores) -> None:
    async def scenario() -> None:
        async with stores.started() as store:
            for name, creator, minute in (("a1", "alice", 0), ("a2", "alice", 1),
                                          ("a3", "alice", 2), ("b1", "bob", 2)):
                await store.create_table(
                    _row(name, creator, f"2026-12-01T10:0{minute}:00+00:00"), [])
            await store.append_action("a1", 0, '{"n":0}', True)  # finished
            await store.close_table("a2")
            assert await store.count_open() == 2
            assert await store.count_open("alice") == 1
            assert await store.count_open("bob") == 1
            assert await store.count_open("carol") == 0
            assert await store.tables_created_since("alice", "2026-12-01T10:01:00+00:00") == 2
            assert await store.tables_created_since("alice", "2026-12-01T10:00:00+00:00") == 3
            assert await store.tables_created_since("bob", "2026-12-01T10:02:01+00:00") == 0
            row = await store.load_row("b1")
            assert row is not None and row.creator == "bob"

    asyncio.run(scenario())


def test_a_process_catches_up_from_its_last_action(stores: Stores) -> None:
    async def scenario() -> None:
        async with stores.started() as store:
            await store.create_table(_row("t"), [])
            for index in range(4):
                await store.append_action("t", index, f'{{"n":{index}}}', False)
            assert await store.actions_from("t", 0) == tuple(
                f'{{"n":{index}}}' for index in range(4))
            assert await store.actions_from("t", 2) == ('{"n":2}', '{"n":3}')
            assert await store.actions_from("t", 4) == ()
            assert await store.actions_from("nope", 0) == ()

    asyncio.run(scenario())


def test_a_database_of_a_newer_schema_is_refused(stores: Stores) -> None:
    if stores.kind == "sqlite":
        with sqlite3.connect(stores.address) as db:
            db.execute("PRAGMA user_version = 99")
    else:
        with psycopg.connect(stores.address) as pg:
            pg.execute("CREATE TABLE partyrules_schema (version integer NOT NULL)")
            pg.execute("INSERT INTO partyrules_schema VALUES (99)")

    async def scenario() -> None:
        with pytest.raises(StoreSchemaError, match="newer partyrules"):
            await stores.new().start()

    asyncio.run(scenario())


def test_a_newer_sqlite_schema_is_still_a_database_error(tmp_path: Path) -> None:
    """Callers that caught sqlite3's error before the store had one of its own."""
    path = tmp_path / "tables.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 99")
    with pytest.raises(sqlite3.DatabaseError, match="newer partyrules"):
        Store(str(path)).open()


def test_the_sqlite_store_commits_with_full_syncs_in_wal_mode(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "tables.sqlite3"))
    store.open()
    try:
        async def synchronous() -> int:
            level: int = await store._run(
                lambda db: db.execute("PRAGMA synchronous").fetchone()[0])
            return level
        assert asyncio.run(synchronous()) == 2  # FULL
    finally:
        store.close()
    with sqlite3.connect(tmp_path / "tables.sqlite3") as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


_SCHEMA_1 = """
CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, config TEXT NOT NULL,
    seed INTEGER NOT NULL, seats TEXT NOT NULL, created TEXT NOT NULL,
    actions INTEGER NOT NULL DEFAULT 0, finished INTEGER NOT NULL DEFAULT 0);
CREATE TABLE tokens (hash TEXT PRIMARY KEY, table_id TEXT NOT NULL REFERENCES tables(id),
    role TEXT NOT NULL, seat INTEGER);
CREATE TABLE actions (table_id TEXT NOT NULL REFERENCES tables(id), idx INTEGER NOT NULL,
    action TEXT NOT NULL, PRIMARY KEY (table_id, idx)) WITHOUT ROWID;
INSERT INTO tables VALUES ('old', 'dany', '{"players": 3}', 7, '["person", "random",
    "random"]', '2026-11-01T00:00:00+00:00', 0, 0);
INSERT INTO tables VALUES ('older', 'dany', '{"players": 3}', 7, '["person", "random",
    "random"]', '2026-10-01T00:00:00+00:00', 0, 0);
PRAGMA user_version = 1;
"""


def test_a_database_of_schema_1_is_brought_up_to_date(tmp_path: Path) -> None:
    """A server of an older release's database opens it: its tables are open, their
    hosts are not referees, they have no creator, their last change is their creation,
    and closing, leases and the idle list work on them."""
    path = tmp_path / "tables.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(_SCHEMA_1)

    async def scenario() -> None:
        await store.start()
        try:
            row = await store.load_row("old")
            assert row is not None and (row.closed, row.referee) == (False, False)
            assert (row.creator, row.updated) == ("", "2026-11-01T00:00:00+00:00")
            assert await store.unfinished() == ["older", "old"]
            assert await store.idle("2026-10-15T00:00:00+00:00") == ["older"]
            assert await store.count_open("") == 2
            assert await store.claim_bots("old", "p1", 5.0)
            await store.append_action("older", 0, '{"seat": 0}', False)
            assert await store.close_table("old")
            assert not await store.close_table("old")
            assert await store.unfinished() == ["older"]
            with pytest.raises(StoreConflict):  # a closed table takes no more actions
                await store.append_action("old", 0, '{"seat": 0}', False)
        finally:
            await store.stop()

    store = Store(str(path))
    asyncio.run(scenario())
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 3


def test_the_postgres_store_hears_again_after_losing_its_connection(
        postgres_cluster: TemporaryCluster, caplog: pytest.LogCaptureFixture) -> None:
    """The listening connection is killed: the store reconnects, tells its listeners of
    the open tables (what it may have missed), and hears new changes again."""
    address = postgres_cluster.new_database()

    async def scenario() -> None:
        async with Stores("postgres", address).started() as writer, \
                Stores("postgres", address).started() as hearing:
            events: asyncio.Queue[TableEvent] = asyncio.Queue()
            hearing.subscribe(events.put_nowait)
            await writer.create_table(_row("t"), [])
            await writer.append_action("t", 0, '{"n":0}', False)
            assert await _next(events) == TableEvent("t", 1, False)
            with psycopg.connect(address, autocommit=True) as admin:
                killed = admin.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                    "datname = current_database() AND query LIKE 'LISTEN%%'").fetchall()
            assert len(killed) == 2  # both stores' listening connections
            await writer.append_action("t", 1, '{"n":1}', False)  # while nobody listens
            # Told again after the reconnection: the table as it is (the writer's own
            # listener got the same, and its pooled connections were never touched).
            seen = await _next(events)
            while seen != TableEvent("t", 2, False):
                seen = await _next(events)
            await writer.append_action("t", 2, '{"n":2}', False)
            seen = await _next(events)
            while seen != TableEvent("t", 3, False):
                seen = await _next(events)

    with caplog.at_level("WARNING", logger="partyrules.server.pgstore"):
        asyncio.run(scenario())
    assert any("was lost" in record.getMessage() for record in caplog.records)


def test_the_store_of_a_db_argument(tmp_path: Path) -> None:
    assert isinstance(open_store(str(tmp_path / "x.sqlite3")), Store)
    for url in ("postgresql://u@127.0.0.1:1/db", "postgres://u@127.0.0.1:1/db"):
        found = open_store(url)
        assert isinstance(found, PostgresStore) and found.dsn == url


def test_an_unreachable_postgres_database_is_a_clear_error(tmp_path: Path) -> None:
    async def scenario() -> None:
        with pytest.raises(psycopg.OperationalError, match=r"refused|failed"):
            await PostgresStore(f"postgresql://nobody@127.0.0.1:{free_port()}/x").start()

    asyncio.run(scenario())
