"""The servers the web table's tests start: the app on uvicorn in a thread of the test
(:class:`ThreadServer`), or a real ``partyrules serve`` process (:class:`ProcessServer`)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import uvicorn

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
               seed: int = 7, language: str | None = None) -> dict[str, Any]:
        """A new table (of a table in ``language`` where one is named): the
        ``POST /api/tables`` answer."""
        body: dict[str, Any] = {"game": game, "config": config or {}, "seats": seats,
                                "seed": seed}
        if language is not None:
            body["language"] = language
        answer = httpx.post(f"{self.base}/api/tables", timeout=TIMEOUT, json=body)
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

    def log_tail(self, lines: int = 20) -> str:
        """The last lines the server wrote (for a failing test's message)."""
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError as failed:
            return f"(no log: {failed})"

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
