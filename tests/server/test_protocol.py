"""The web table's pieces on their own: message parsing, the rate limit, the store."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

import pytest

from partyrules.server.app import TokenBucket
from partyrules.server.protocol import (
    MAX_MESSAGE_BYTES,
    Act,
    Join,
    Ping,
    ProtocolError,
    parse_client_message,
)
from partyrules.server.store import Store, StoreConflict, TableRow, hash_token


def test_the_three_client_messages_are_read() -> None:
    assert parse_client_message('{"type": "join", "token": "abc"}') == Join("abc")
    assert parse_client_message('{"type": "ping"}') == Ping()
    action = {"type": "Keep", "seat": 1}
    assert parse_client_message(json.dumps({"type": "act", "action": action})) == Act(action)


def test_a_join_message_never_shows_its_token() -> None:
    assert "secret" not in repr(Join("secret"))


@pytest.mark.parametrize(("text", "why"), [
    ("not json", "not a JSON message"),
    ("[1, 2]", "a JSON object"),
    ('{"token": "x"}', "unknown message type None"),
    ('{"type": "shout"}', "unknown message type 'shout'"),
    ('{"type": "ping", "extra": 1}', "the ping message has the keys type"),
    ('{"type": "join"}', "the join message has the keys token, type"),
    ('{"type": "join", "token": 5}', "token is a string"),
    ('{"type": "join", "token": ""}', "token is a string"),
    ('{"type": "act", "action": [1]}', "action is a JSON object"),
    ('{"type": "ping", "type": "ping"}', "appears twice"),
    ('{"type": "act", "action": ' + "[" * 40 + "]" * 40 + "}", "nesting deeper"),
    ('{"type": "act", "action": {"seat": NaN}}', "NaN is not a JSON number"),
])
def test_malformed_messages_are_refused_with_the_reason(text: str, why: str) -> None:
    with pytest.raises(ProtocolError) as refused:
        parse_client_message(text)
    assert refused.value.code == "malformed"
    assert why in refused.value.text


def test_a_message_over_the_limit_is_too_large() -> None:
    padding = "x" * MAX_MESSAGE_BYTES
    with pytest.raises(ProtocolError) as refused:
        parse_client_message(json.dumps({"type": "join", "token": padding}))
    assert refused.value.code == "too_large"
    # The limit counts bytes of UTF-8, not characters.
    wide = "\u00e9" * (MAX_MESSAGE_BYTES // 2)
    with pytest.raises(ProtocolError) as refused:
        parse_client_message(json.dumps({"type": "join", "token": wide}, ensure_ascii=False))
    assert refused.value.code == "too_large"


def test_the_token_bucket_allows_a_burst_then_the_rate() -> None:
    bucket = TokenBucket(rate=20.0, burst=10, now=0.0)
    assert [bucket.allow(0.0) for _ in range(12)] == [True] * 10 + [False] * 2
    assert bucket.allow(0.05)  # one token back after 1/20 s
    assert not bucket.allow(0.05)
    assert sum(bucket.allow(10.0) for _ in range(30)) == 10  # never more than the burst


def _row(table_id: str) -> TableRow:
    return TableRow(table_id, "dany", '{"players": 3}', 7, '["person", "random", "random"]',
                    "2026-12-01T10:00:00+00:00", 0, False)


def test_the_store_keeps_tables_tokens_and_actions_durably(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite3"

    async def scenario() -> None:
        store = Store(str(path))
        store.open()
        try:
            await store.create_table(_row("t1"), [(hash_token("host"), "host", -1),
                                                   (hash_token("seat0"), "seat", 0)])
            await store.append_action("t1", 0, '{"type":"Keep","seat":0}', False)
            await store.append_action("t1", 1, '{"type":"Done","seat":0}', True)
            with pytest.raises(StoreConflict):  # action 1 again
                await store.append_action("t1", 1, '{"type":"Done","seat":0}', True)
            with pytest.raises(StoreConflict):  # action 3 before action 2
                await store.append_action("t1", 3, '{"type":"Done","seat":0}', True)
            loaded = await store.load("t1")
            assert loaded is not None
            assert loaded.actions == ('{"type":"Keep","seat":0}', '{"type":"Done","seat":0}')
            assert (loaded.row.actions, loaded.row.finished) == (2, True)
            assert await store.load("nope") is None
            found = await store.access("t1", hash_token("seat0"))
            assert found is not None and (found.role, found.seat) == ("seat", 0)
            assert await store.access("t1", hash_token("seat1")) is None
            assert await store.access("t2", hash_token("seat0")) is None
            assert await store.unfinished() == []
        finally:
            store.close()

    asyncio.run(scenario())
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        stored = {hashed for (hashed,) in db.execute("SELECT hash FROM tokens")}
        assert stored == {hash_token("host"), hash_token("seat0")}  # never the tokens


def test_the_store_commits_with_full_syncs(tmp_path: Path) -> None:
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


def test_a_database_of_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 99")
    store = Store(str(path))
    with pytest.raises(sqlite3.DatabaseError, match="newer partyrules"):
        store.open()


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
PRAGMA user_version = 1;
"""


def test_a_database_of_schema_1_is_brought_up_to_date(tmp_path: Path) -> None:
    """A server of the last release's database opens it: its tables are open, their
    hosts are not referees, and closing works on them."""
    path = tmp_path / "tables.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(_SCHEMA_1)

    async def scenario() -> None:
        row = await store.load_row("old")
        assert row is not None and (row.closed, row.referee) == (False, False)
        assert await store.unfinished() == ["old"]
        assert await store.close_table("old")
        assert not await store.close_table("old")
        assert await store.unfinished() == []
        with pytest.raises(StoreConflict):  # a closed table takes no more actions
            await store.append_action("old", 0, '{"seat": 0}', False)

    store = Store(str(path))
    store.open()
    try:
        asyncio.run(scenario())
    finally:
        store.close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 2


def test_actions_committed_together_are_refused_one_by_one(tmp_path: Path) -> None:
    """Actions of several tables share a commit; one out of order refuses nothing else."""
    async def scenario() -> list[BaseException | None]:
        store = Store(str(tmp_path / "tables.sqlite3"))
        store.open()
        try:
            for name in ("a", "b", "c"):
                await store.create_table(_row(name), [])
            results = await asyncio.gather(
                store.append_action("a", 0, '{"n":0}', False),
                store.append_action("b", 5, '{"n":5}', False),  # b has no action 0 yet
                store.append_action("c", 0, '{"n":0}', False),
                store.append_action("a", 1, '{"n":1}', True),
                return_exceptions=True)
            loaded = [await store.load(name) for name in ("a", "b", "c")]
            assert [table.actions if table else None for table in loaded] == [
                ('{"n":0}', '{"n":1}'), (), ('{"n":0}',)]
            assert loaded[0] is not None and loaded[0].row.finished
            return results
        finally:
            store.close()

    results = asyncio.run(scenario())
    assert results[0] is None and results[2] is None and results[3] is None
    assert isinstance(results[1], StoreConflict)
