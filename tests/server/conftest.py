"""Helpers of the web table's tests: a server (in a thread of the test, or a real
``partyrules serve`` process) and a WebSocket client that keeps what it was told.

Tests speak to the server the way any client would: HTTP with httpx, the WebSocket with
the ``websockets`` package, JSON as docs/server.md writes it.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
import websockets
from websockets.asyncio.client import ClientConnection

import partyrules
from partyrules.core.serialize import action_union, structure

from .servers import GENEROUS, TIMEOUT, ProcessServer, ThreadServer, free_port

__all__ = ["GENEROUS", "TIMEOUT", "Client", "ProcessServer", "ThreadServer", "free_port",
           "play_randomly", "rule_when_asked", "stored_actions", "stored_texts"]


def stored_texts(db: Path | str, table_id: str) -> tuple[str, list[str]]:
    """A table's game and its actions' JSON as the database holds them (a SQLite file
    or a ``postgresql://`` URL), read without the server."""
    if isinstance(db, str) and db.startswith("postgresql://"):
        with psycopg.connect(db) as connection:
            found = connection.execute("SELECT game FROM tables WHERE id = %s",
                                       (table_id,)).fetchone()
            assert found is not None, table_id
            rows = connection.execute("SELECT action FROM actions WHERE table_id = %s "
                                      "ORDER BY idx", (table_id,)).fetchall()
            return str(found[0]), [str(text) for (text,) in rows]
    with sqlite3.connect(db) as connection:
        game_name, = connection.execute("SELECT game FROM tables WHERE id = ?",
                                        (table_id,)).fetchone()
        texts = [text for (text,) in connection.execute(
            "SELECT action FROM actions WHERE table_id = ? ORDER BY idx", (table_id,))]
    return game_name, texts


def stored_actions(db: Path | str, table_id: str) -> list[Any]:
    """A table's actions as the database holds them, read with the engine's loader."""
    game_name, texts = stored_texts(db, table_id)
    union = action_union(partyrules.get_game(game_name))
    return [structure(json.loads(text), union) for text in texts]



STORES = ("sqlite", pytest.param("postgres", marks=pytest.mark.ci))
"""The stores every server test runs on: the same tests, a SQLite file and PostgreSQL.
The PostgreSQL runs are the CI profile's (``-m ci``, which .ci/run runs after the
README's command): the default run checks PostgreSQL with the store tests
(test_store.py, on both stores) and the several-process tests, and keeps its 3 minutes."""


def new_database(request: pytest.FixtureRequest, folder: Path) -> Path | str:
    """A new empty database for the store the test is parametrized with: a SQLite file in
    ``folder``, or a database of this test process's PostgreSQL cluster."""
    if request.param == "postgres":
        cluster: TemporaryCluster = request.getfixturevalue("postgres_cluster")
        return cluster.new_database()
    return folder / "tables.sqlite3"


@pytest.fixture(params=STORES)
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ThreadServer]:
    """A fresh server (bots never pause in races) over a database of its own, on each
    store."""
    running = ThreadServer(new_database(request, tmp_path))
    running.start()
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="module", params=STORES)
def shared_server(request: pytest.FixtureRequest,
                  tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    """One server for a module's tests (each makes tables of its own), on each store."""
    running = ThreadServer(new_database(request, tmp_path_factory.mktemp("server")))
    running.start()
    try:
        yield running
    finally:
        running.stop()


class Client:
    """A WebSocket client of one table: it joins, then keeps the latest update, the
    narration by version and every error it was sent."""

    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection
        self.welcome: dict[str, Any] = {}
        self.update: dict[str, Any] = {}
        self.log: dict[int, str] = {}
        self.errors: list[dict[str, Any]] = []
        self.pongs = 0

    @classmethod
    async def join(cls, ws_base: str, table_id: str, token: str,
                   language: str | None = None) -> Client:
        """Connect, join with ``token`` (reading in ``language`` if given) and read the
        welcome and the first update."""
        client = cls(await websockets.connect(ws_base + table_id, max_size=2**22))
        await client.send({"type": "join", "token": token}
                          | ({} if language is None else {"language": language}))
        client.welcome = await client.receive()
        assert client.welcome["type"] == "welcome", client.welcome
        await client.next_update()
        return client

    async def send(self, message: Any) -> None:
        """Send a message (JSON-encoded unless it is already text)."""
        await self.connection.send(message if isinstance(message, str | bytes)
                                   else json.dumps(message))

    async def receive(self) -> dict[str, Any]:
        """The next message, whatever it is (updates and errors are also kept)."""
        message: dict[str, Any] = json.loads(await asyncio.wait_for(self.connection.recv(),
                                                                    TIMEOUT))
        if message["type"] == "update":
            assert message["version"] >= self.update.get("version", 0), "versions go back"
            self.update = message
            for entry in message["log"]:
                self.log[entry["version"]] = entry["text"]
        elif message["type"] == "error":
            self.errors.append(message)
        elif message["type"] == "pong":
            self.pongs += 1
        return message

    async def next_update(self) -> dict[str, Any]:
        """The next update message."""
        while (await self.receive())["type"] != "update":
            pass
        return self.update

    async def until(self, done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """Read until the latest update satisfies ``done``."""
        while not done(self.update):
            await self.next_update()
        return self.update

    async def error(self) -> dict[str, Any]:
        """The next error message."""
        count = len(self.errors)
        while len(self.errors) == count:
            await self.receive()
        return self.errors[-1]

    async def settle(self) -> dict[str, Any]:
        """Ping and read up to the pong: every message sent before it has been read.
        A ping dropped by the rate limit is sent again a moment later."""
        pongs = self.pongs
        await self.send({"type": "ping"})
        while self.pongs == pongs:
            message = await self.receive()
            if message["type"] == "error" and message["code"] == "rate_limited":
                await asyncio.sleep(0.1)
                await self.send({"type": "ping"})
        return self.update

    async def close(self) -> None:
        """Leave the table."""
        await self.connection.close()


async def play_randomly(client: Client, rng: random.Random, pace: float = 0.1) -> None:
    """Act for the client's seat with random legal actions until the game is over.

    After each action a ping: the server handles a connection's messages in order, so
    the pong comes after the action's update (or its error), and the next choice is made
    from a view that includes it. ``pace`` keeps the two messages under the rate limit.
    An action refused because another seat acted first (a race) is chosen again from the
    newer update, which comes before the refusal.
    """
    while not client.update["finished"]:
        legal = client.update["legal"]
        if not legal:
            await client.next_update()
            continue
        await client.send({"type": "act", "action": rng.choice(legal)["action"]})
        errors = len(client.errors)
        await client.settle()
        for error in client.errors[errors:]:
            assert error["code"] in ("illegal_action", "finished", "rate_limited"), error
        await asyncio.sleep(pace)


async def rule_when_asked(host: Client) -> None:
    """The host of a table of bots: the first ruling (no objection, as the match
    runner's table player) whenever the table alone may act, until the game is over."""
    while not host.update["finished"]:
        if host.update["to_act"] == [-1] and host.update["legal"]:
            await host.send({"type": "act", "action": host.update["legal"][0]["action"]})
            await host.settle()
        else:
            await host.next_update()


# --- PostgreSQL ---------------------------------------------------------------------------
# The PostgreSQL store's tests run against a real server: a throwaway cluster
# (tests/server/postgres.py), one per pytest process (each xdist worker starts its own, on
# a port of its own), started the first time a test asks for it. Missing binaries fail
# those tests rather than skip them: CI must run them.

from .postgres import ClusterUnavailable, TemporaryCluster  # noqa: E402  # a block of its own


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[TemporaryCluster]:
    """A running PostgreSQL cluster for this test process; each test takes a database of
    its own with :meth:`TemporaryCluster.new_database`."""
    try:
        cluster = TemporaryCluster()
        cluster.start()
    except ClusterUnavailable as missing:
        pytest.fail(str(missing), pytrace=False)  # it names scripts/install-test-deps
    try:
        yield cluster
    finally:
        cluster.stop()


# --- the browser ----------------------------------------------------------------------
# One Chromium and one ``partyrules serve`` process for every browser test of a test
# process (tests/server/browser.py has the kit).

from .browser import People, Server, launched_browser, running_server  # noqa: E402


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium, launched once per test process."""
    with launched_browser() as launched:
        yield launched


@pytest.fixture(scope="session")
def browser_server() -> Iterator[Server]:
    """One ``partyrules serve`` process for the browser tests (each makes tables of its
    own)."""
    with running_server() as started:
        yield started


@pytest.fixture
def people(browser: Any, browser_server: Server) -> Iterator[People]:
    """Each person's page in a browser context of their own, closed after the test."""
    opened = People(browser, browser_server)
    try:
        yield opened
    finally:
        opened.close()
