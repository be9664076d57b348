"""A throwaway PostgreSQL cluster for the tests and the load benchmark: Debian's server
binaries (``scripts/install-test-deps`` installs them), a data folder in a temporary
directory, one TCP port on 127.0.0.1, removed when it stops.

Each test asks :meth:`TemporaryCluster.new_database` for an empty database of its own:
creating one is far cheaper than a cluster, and no test sees another's tables.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from types import TracebackType

import psycopg

__all__ = ["ClusterUnavailable", "TemporaryCluster", "find_binaries"]

USER = "partyrules"
"""The cluster's superuser (trusted on 127.0.0.1: the cluster lives for one test run)."""

_START_TIMEOUT = 60
"""Seconds ``pg_ctl start`` may take on a busy machine."""

_SETTINGS = """
listen_addresses = '127.0.0.1'
port = {port}
unix_socket_directories = '{sockets}'
max_connections = 100
shared_buffers = 16MB
# fsync stays on: the restart tests kill servers and count on committed actions.
fsync = on
synchronous_commit = on
max_wal_size = 256MB
log_min_messages = warning
"""


class ClusterUnavailable(RuntimeError):
    """No PostgreSQL server binaries here, or the cluster did not start."""


def find_binaries() -> Path:
    """The newest ``/usr/lib/postgresql/<version>/bin`` holding ``initdb`` and ``pg_ctl``.

    Raises :class:`ClusterUnavailable`, naming the script that installs them.
    """
    found: list[tuple[int, Path]] = []
    for folder in Path("/usr/lib/postgresql").glob("*/bin"):
        with contextlib.suppress(ValueError):
            if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
                found.append((int(folder.parent.name), folder))
    if not found:
        raise ClusterUnavailable("no PostgreSQL server at /usr/lib/postgresql/*/bin: run "
                                 "scripts/install-test-deps (it installs Debian's "
                                 "postgresql package)")
    return max(found)[1]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class TemporaryCluster:
    """A PostgreSQL cluster that lives as long as the ``with`` block (or from
    :meth:`start` to :meth:`stop`).

    PostgreSQL refuses to run as root: when the tests run as root, the cluster's files
    belong to the ``postgres`` user of Debian's package and its commands run as that user
    (through ``runuser``); anyone else runs them as themselves.
    """

    def __init__(self) -> None:
        self._binaries = find_binaries()
        self._folder: Path | None = None
        self._port = 0
        self._databases = 0

    @property
    def dsn(self) -> str:
        """The address of the cluster's ``postgres`` database (``postgresql://...``)."""
        return self._address("postgres")

    @property
    def url(self) -> str:
        """The same as :attr:`dsn` (the load benchmark's name for it)."""
        return self.dsn

    def _address(self, database: str) -> str:
        if self._folder is None:
            raise ClusterUnavailable("the cluster is not running")
        return f"postgresql://{USER}@127.0.0.1:{self._port}/{database}"

    def _run(self, command: list[str]) -> None:
        """Run a server command as the cluster's owner; its output in the error."""
        assert self._folder is not None
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        # The folder, not the caller's: the postgres user may not read the caller's.
        done = subprocess.run(command, cwd=self._folder, capture_output=True, text=True,
                              check=False, timeout=_START_TIMEOUT)
        if done.returncode != 0:
            raise ClusterUnavailable(f"{' '.join(command)} failed:\n{done.stdout}"
                                     f"{done.stderr}")

    def start(self) -> None:
        """initdb, then ``pg_ctl start``; returns once the server takes connections."""
        folder = Path(tempfile.mkdtemp(prefix="partyrules-pg-"))
        self._folder = folder
        try:
            if os.geteuid() == 0:
                owner = pwd.getpwnam("postgres")
                os.chown(folder, owner.pw_uid, owner.pw_gid)
            data, sockets = folder / "data", folder / "sockets"
            self._run(["mkdir", str(sockets)])
            self._run([str(self._binaries / "initdb"), "-D", str(data), "-U", USER,
                       "--auth=trust", "--encoding=UTF8", "--no-locale",
                       "--no-sync"])  # a crash of the machine may lose the test cluster
            self._port = _free_port()
            with (data / "postgresql.conf").open("a") as conf:
                conf.write(_SETTINGS.format(port=self._port, sockets=sockets))
            self._run([str(self._binaries / "pg_ctl"), "start", "-D", str(data), "-w",
                       "-t", str(_START_TIMEOUT), "-l", str(folder / "server.log")])
        except BaseException:
            self._remove()
            raise

    def stop(self) -> None:
        """``pg_ctl stop -m immediate`` (nothing of it is kept), then remove the folder."""
        if self._folder is None:
            return
        with contextlib.suppress(ClusterUnavailable, subprocess.TimeoutExpired):
            self._run([str(self._binaries / "pg_ctl"), "stop", "-D",
                       str(self._folder / "data"), "-m", "immediate", "-w"])
        self._remove()

    def _remove(self) -> None:
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None

    def new_database(self) -> str:
        """A new, empty database of the cluster: its address."""
        self._databases += 1
        name = f"test_{os.getpid()}_{self._databases}_{time.monotonic_ns()}"
        with psycopg.connect(self.dsn, autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        return self._address(name)

    def __enter__(self) -> TemporaryCluster:
        self.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.stop()
