"""Helpers of the web table's tests: a server (in a thread of the test, or a real
``partyrules serve`` process) and a WebSocket client that keeps what it was told.

Tests speak to the server the way any client would: HTTP with httpx, the WebSocket with
the ``websockets`` package, JSON as docs/server.md writes it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
import uvicorn
import websockets
from websockets.asyncio.client import ClientConnection

import partyrules
from partyrules.core.serialize import action_union, structure
from partyrules.server import create_app
from partyrules.server.limits import ServerLimits

TIMEOUT = 20.0
"""The longest a test waits for one message (a busy 2-core machine)."""

GENEROUS = ServerLimits(tables_per_minute=100_000, open_tables_per_client=100_000,
                        open_tables=100_000, bot_seats=8)
"""The limits of the tests' servers: every test makes tables of its own from one
address, and some are all bots; tests/server/test_limits.py checks the defaults."""


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


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



class ThreadServer:
    """The app on uvicorn in a thread of the test process (quick to start and stop)."""

    def __init__(self, db: Path | str, race_pause: float = 0.0,
                 limits: ServerLimits = GENEROUS) -> None:
        self.db = db
        config = uvicorn.Config(create_app(db, race_pause=race_pause, limits=limits),
                                host="127.0.0.1",
                                port=0, log_level="warning", ws_max_size=64 * 1024,
                                lifespan="on")
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, daemon=True)
        self.port = 0

    def start(self) -> None:
        """Start and wait until it listens."""
        self._thread.start()
        deadline = time.monotonic() + TIMEOUT
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.01)
        self.port = self._server.servers[0].sockets[0].getsockname()[1]

    def stop(self) -> None:
        """Stop, letting the lifespan close the store."""
        self._server.should_exit = True
        self._thread.join(TIMEOUT)

    @property
    def base(self) -> str:
        """The HTTP address."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        """The WebSocket address of the tables."""
        return f"ws://127.0.0.1:{self.port}/ws/"

    def create(self, game: str, seats: list[str], config: dict[str, Any] | None = None,
               seed: int = 7) -> dict[str, Any]:
        """A new table: the ``POST /api/tables`` answer."""
        answer = httpx.post(f"{self.base}/api/tables", timeout=TIMEOUT, json={
            "game": game, "config": config or {}, "seats": seats, "seed": seed})
        assert answer.status_code == 201, answer.text
        created: dict[str, Any] = answer.json()
        return created


class ProcessServer(ThreadServer):
    """A real ``partyrules serve`` process; :meth:`kill` is ``kill -9``."""

    def __init__(self, db: Path | str, log: Path, race_pause: float = 0.0,
                 options: tuple[str, ...] = ()) -> None:
        self.db = db
        self.log = log
        self.race_pause = race_pause
        self.options = options
        """More ``partyrules serve`` options."""
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start the process and wait until it answers."""
        command = [sys.executable, "-m", "partyrules", "serve", "--port", str(self.port),
                   "--db", str(self.db), "--race-pause", str(self.race_pause),
                   *self.options]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"partyrules serve exited:\n{self.log.read_text()}")
            with contextlib.suppress(httpx.TransportError):
                if httpx.get(f"{self.base}/api/games", timeout=2).status_code == 200:
                    return
            time.sleep(0.05)
        raise RuntimeError(f"partyrules serve did not answer:\n{self.log.read_text()}")

    def kill(self) -> None:
        """``kill -9``: nothing of the server runs after it."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(TIMEOUT)

    def stop(self) -> None:
        """End the process if it runs."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(TIMEOUT)
            except subprocess.TimeoutExpired:
                self.kill()


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
