"""The web table under load: many tables at once, every seat a WebSocket client, on
SQLite or PostgreSQL, in one server process or two.

Usage::

    python benchmarks/server_load.py [--setups sqlite,pg1,pg2,pg2t] [--tables 10,50,200]
        [--seconds 15] [--warmup 3] [--game dinner] [--players 4] [--think 0.12]
        [--seed 0]

For each setup and each table count N, a fresh server hosts N tables of ``--game``
whose seats are all people: one client task per seat, plus the host, all in this
process over WebSockets. The setups:

* ``sqlite``: one ``partyrules serve`` process over its own SQLite file;
* ``pg1``, ``pg2``: ``partyrules serve --db postgresql://... --workers 1`` (or 2) over a
  throwaway PostgreSQL cluster (``tests/server/postgres.py``'s ``TemporaryCluster``);
  the processes listen on one port, so every client simply connects to it (and the
  kernel spreads a table's connections over both);
* ``pg2t``: two separate ``partyrules serve`` processes over one PostgreSQL database,
  each table created on and connected to one of them, in turn: what a proxy that routes
  by table id would do.

A seat that may act picks a random entry of its update's ``legal`` list, sends it and
then a ``ping``; the server handles a connection's messages in order, so the last update
before the ``pong`` holds the action (no error came back: it was accepted). Two
latencies are measured: the sender's own (sending the action to receiving the update
that holds it) and the one the other people at the table live with, from the sending to
the moment each OTHER seat receives an update of that version or later. An accepted
action's version lies between the sender's version before it and the version of its
last update before the pong; when several seats' actions were accepted in that span,
they are given its versions in the order they were sent (the server takes a table's
actions one at a time, in the order they arrive). A seat waits ``--think`` seconds
between actions; a finished table is replaced by a new one, so the load holds for
``--seconds``. The clock starts once every client of the first tables has joined, and
actions sent in the first ``--warmup`` seconds of play are not counted.

Prints a Markdown table: setup, tables, connections, accepted actions per second (and
its ratio to the first setup's row of the same size, measured in the same run), the
sender's p50, the other seats' p50, p90 and p99, the cores the server's processes and
the clients' process kept busy in the measured seconds, and the messages refused (a
seat that acted on a view another seat had just changed, and rate-limited messages).
Everything runs on this machine: the clients share its cores with the server.

``--commits`` measures the store alone instead: commits per second of one table's
actions one after another (each waits for its own sync of the disk) and of ten tables'
at once (the actions that arrive during a commit share the next one), alternated
``--rounds`` times in one process.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import websockets

ROOT = Path(__file__).resolve().parent.parent
"""The repository (its tests/ hold the throwaway PostgreSQL cluster)."""

TIMEOUT = 30.0
"""The longest a client waits for one message before it gives up on its table."""

SETUPS = {"sqlite": ("sqlite", 1), "pg1": ("postgresql", 1), "pg2": ("postgresql", 2),
          "pg2t": ("postgresql", -2)}
"""Each setup's database and number of server processes (negative: that many separate
servers, each table on one of them)."""

_VERSION = re.compile(r'\{"type":"update","version":(\d+),')


def free_port() -> int:
    """A TCP port of 127.0.0.1 nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Watch:
    """One table's measurements: when each seat received each version, and when each
    accepted action was sent."""

    def __init__(self, connections: int) -> None:
        self.seen: list[dict[int, float]] = [{} for _ in range(connections)]
        # (sent, sender, version before, version of its last update before the pong)
        self.accepted: list[tuple[float, int, int, int]] = []

    def saw(self, client: int, old: int, new: int, now: float) -> None:
        """Client ``client`` went from version ``old`` to ``new`` at ``now``."""
        seen = self.seen[client]
        for version in range(old + 1, new + 1):
            seen.setdefault(version, now)

    def latencies(self, receivers: range, counted_from: float
                  ) -> tuple[list[float], list[float]]:
        """The senders' latencies and the other receivers', of the actions sent from
        ``counted_from`` on."""
        own: list[float] = []
        others: list[float] = []
        taken: set[int] = set()
        for sent, sender, low, high in sorted(self.accepted):
            version = next((v for v in range(low + 1, high + 1) if v not in taken), None)
            if version is None:
                continue
            taken.add(version)
            if sent < counted_from:
                continue
            if version in self.seen[sender]:
                own.append(self.seen[sender][version] - sent)
            for client in receivers:
                if client != sender and version in self.seen[client]:
                    others.append(self.seen[client][version] - sent)
        return own, others


class Tally:
    """One row's run: its clock, and what the clients measured over every table.

    The clock starts once every client of the first tables has joined (creating 200
    tables and joining 1000 connections takes seconds, which are no load of play):
    ``counted_from`` is then ``warmup`` seconds away and ``deadline`` ``seconds`` more.
    """

    def __init__(self, clients: int, think: float, warmup: float, seconds: float) -> None:
        self.own: list[float] = []
        self.others: list[float] = []
        self.actions = 0
        self.think = think
        self.refused: dict[str, int] = {}
        self.deadline = float("inf")
        self.counted_from = float("inf")
        self._waiting = clients
        self._times = (warmup, seconds)
        self.go = asyncio.Event()

    def seated(self) -> None:
        """A client of the first tables has joined: the last one starts the clock."""
        self._waiting -= 1
        if self._waiting == 0:
            warmup, seconds = self._times
            self.counted_from = time.perf_counter() + warmup
            self.deadline = self.counted_from + seconds
            self.go.set()

    def refuse(self, code: str) -> None:
        """Count an error message."""
        self.refused[code] = self.refused.get(code, 0) + 1


def _version(text: str) -> int | None:
    """An update's version read without parsing the whole message (None: not an
    update): the clients read every update, and parsing each one in full would make
    the clients' process, not the server, the limit."""
    found = _VERSION.match(text)
    if found is not None:
        return int(found.group(1))
    if text.startswith('{"type":"update"'):
        return int(json.loads(text)["version"])
    return None


async def seat_client(url: str, token: str, index: int, is_host: bool,
                      rng: random.Random, tally: Tally, watch: Watch) -> bool:
    """Play one seat (or the host's rulings, only when the table alone may act) until the
    game is over or the deadline; True when the game is over. A reader task takes every
    message as it arrives, so a seat that thinks still notes when each version reached
    it."""
    async with websockets.connect(url, max_size=2**22) as connection:
        inbox: asyncio.Queue[tuple[str, int | None]] = asyncio.Queue()

        async def read() -> None:
            version = 0
            with contextlib.suppress(websockets.ConnectionClosed):
                async for text in connection:
                    assert isinstance(text, str)
                    found = _version(text)
                    if found is not None:
                        watch.saw(index, version, found, time.perf_counter())
                        version = max(version, found)
                    inbox.put_nowait((text, found))

        async def receive(timeout: float) -> tuple[str, int | None]:
            return await asyncio.wait_for(inbox.get(), timeout)

        reader = asyncio.get_running_loop().create_task(read())
        try:
            return await _play(connection, receive, token, is_host, rng, tally, watch,
                               index)
        finally:
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await reader


async def _play(connection: Any, receive: Any, token: str, is_host: bool,
                rng: random.Random, tally: Tally, watch: Watch, index: int) -> bool:
    """A seat's choices, from the messages its reader passes on."""
    await connection.send(json.dumps({"type": "join", "token": token}))
    version = 0
    latest = ""
    while not latest:
        text, found = await receive(TIMEOUT)
        if found is not None:
            latest, version = text, found
    update = json.loads(latest)
    if not tally.go.is_set():
        tally.seated()
        await tally.go.wait()
    while not update["finished"] and time.perf_counter() < tally.deadline:
        may_act = update["legal"] and (not is_host or update["to_act"] == [-1])
        if not may_act:
            try:
                text, found = await receive(max(tally.deadline - time.perf_counter(), 0.01))
            except TimeoutError:
                break
            if found is not None:
                version = found
                update = json.loads(text)
            continue
        before = version
        sent = time.perf_counter()
        await connection.send(json.dumps(
            {"type": "act", "action": rng.choice(update["legal"])["action"]}))
        await connection.send('{"type":"ping"}')
        refused = False
        while True:
            text, found = await receive(TIMEOUT)
            if found is not None:
                version, latest = found, text
                continue
            message = json.loads(text)
            if message["type"] == "error":
                tally.refuse(message["code"])
                refused = True
                if message["code"] == "rate_limited":
                    await asyncio.sleep(0.2)
                    await connection.send('{"type":"ping"}')
            elif message["type"] == "pong":
                break
        if latest:
            update = json.loads(latest)
            latest = ""
        if not refused and version > before:
            watch.accepted.append((sent, index, before, version))
        await asyncio.sleep(tally.think)
    return bool(update["finished"])


async def table_runner(bases: list[str], game: str, players: int, rng: random.Random,
                       tally: Tally) -> None:
    """Tables of ``game`` one after another, every seat a client, until the deadline;
    the table's clients connect to the servers in turn."""
    async with httpx.AsyncClient(base_url=bases[0], timeout=TIMEOUT) as http:
        while time.perf_counter() < tally.deadline:
            answer = await http.post("/api/tables", json={
                "game": game, "config": {"players": players}, "seats": ["person"] * players,
                "seed": rng.randrange(2**31)})
            answer.raise_for_status()
            created = answer.json()
            tokens = [(created["host"], True)] + [(seat["token"], False)
                                                  for seat in created["seats"]]
            watch = Watch(len(tokens))
            await asyncio.gather(*(
                seat_client(bases[index % len(bases)].replace("http://", "ws://")
                            + f"/ws/{created['id']}", token, index, is_host,
                            random.Random(rng.random()), tally, watch)
                for index, (token, is_host) in enumerate(tokens)))
            # The other people are the other seats (the host, index 0, is not a seat).
            own, others = watch.latencies(range(1, len(tokens)), tally.counted_from)
            tally.own += own
            tally.others += others
            tally.actions += len(own)


def start_server(folder: Path, db: str, processes: int) -> tuple[subprocess.Popen[bytes], str]:
    """A ``partyrules serve`` over ``db``; its address once it answers."""
    port = free_port()
    folder.mkdir(exist_ok=True)
    log = (folder / "server.log").open("ab")
    # Every table comes from this one address: the per-address limits are lifted.
    command = [sys.executable, "-m", "partyrules", "serve", "--port", str(port), "--db", db,
               "--race-pause", "0", "--tables-per-minute", "1000000",
               "--open-tables-per-client", "1000000", "--open-tables", "1000000"]
    if db.startswith("postgresql:"):
        command += ["--workers", str(processes)]
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"partyrules serve exited: {(folder / 'server.log').read_text()}")
        with contextlib.suppress(httpx.TransportError):
            if httpx.get(f"{base}/api/games", timeout=2).status_code == 200:
                return process, base
        time.sleep(0.1)
    process.kill()
    raise RuntimeError("partyrules serve did not answer within 60 s")


def cpu_seconds(pid: int) -> float:
    """The CPU seconds process ``pid`` and its descendants have used (Linux's /proc;
    0 elsewhere): the server's processes, bot workers included."""
    ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    parents: dict[int, int] = {}
    used: dict[int, float] = {}
    for entry in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = entry.read_text().rpartition(")")[2].split()
            number = int(entry.parent.name)
            parents[number] = int(fields[1])
            used[number] = (int(fields[11]) + int(fields[12])) / ticks
    total = 0.0
    for number, seconds in used.items():
        ancestor = number
        while ancestor not in (pid, 0, 1) and ancestor in parents:
            ancestor = parents[ancestor]
        if ancestor == pid:
            total += seconds
    return total


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


@contextlib.contextmanager
def database(setup: str, folder: Path) -> Iterator[str]:
    """The ``--db`` of a setup: a SQLite file in ``folder``, or a throwaway PostgreSQL
    cluster's URL."""
    if SETUPS[setup][0] == "sqlite":
        yield str(folder / "tables.sqlite3")
        return
    # Imported only here: the helper is the repository's tests/, not the package, and
    # SQLite runs need no PostgreSQL.
    sys.path.insert(0, str(ROOT))
    from tests.server.postgres import TemporaryCluster

    with TemporaryCluster() as cluster:
        yield cluster if isinstance(cluster, str) else str(cluster.url)


def unavailable(setup: str) -> str | None:
    """Why a setup cannot run here, or None."""
    if SETUPS[setup][0] == "sqlite":
        return None
    if not (ROOT / "tests" / "server" / "postgres.py").exists():
        return "no tests/server/postgres.py (TemporaryCluster)"
    usage = subprocess.run([sys.executable, "-m", "partyrules", "serve", "--help"],
                           capture_output=True, text=True, check=False).stdout
    if "--workers" not in usage:
        return "partyrules serve has no --workers"
    return None


def measure(setup: str, tables: int, args: argparse.Namespace) -> dict[str, Any]:
    """One server, ``tables`` tables for ``args.seconds``: the figures of one row."""
    with tempfile.TemporaryDirectory(prefix="partyrules-load-") as name, \
            database(setup, Path(name)) as db:
        count = SETUPS[setup][1]
        servers = [start_server(Path(name) / f"server-{index}", db, 1)
                   for index in range(-count)] if count < 0 else [
                       start_server(Path(name), db, count)]
        bases = [base for _, base in servers]
        try:
            rng = random.Random(args.seed)

            cpu: list[tuple[float, float]] = []

            async def clock(tally: Tally) -> None:
                """The CPU the server and the clients used in the measured seconds."""
                await tally.go.wait()
                await asyncio.sleep(max(tally.counted_from - time.perf_counter(), 0))
                cpu.append((sum(cpu_seconds(process.pid) for process, _ in servers),
                            time.process_time()))
                await asyncio.sleep(max(tally.deadline - time.perf_counter(), 0))
                cpu.append((sum(cpu_seconds(process.pid) for process, _ in servers),
                            time.process_time()))

            async def run() -> Tally:
                tally = Tally(tables * (args.players + 1), args.think, args.warmup,
                              args.seconds)
                await asyncio.gather(clock(tally), *(
                    table_runner([bases[index % len(bases)]], args.game, args.players,
                                 random.Random(rng.random()), tally)
                    for index in range(tables)))
                return tally

            tally = asyncio.run(run())
            elapsed = args.seconds

        finally:
            for process, _ in servers:
                process.terminate()
            for process, _ in servers:
                process.wait(30)

    def ms(values: list[float], share: float) -> float:
        return 1000 * percentile(values, share) if values else float("nan")

    return {
        "setup": setup, "tables": tables, "connections": tables * (args.players + 1),
        "actions": tally.actions, "per_second": tally.actions / elapsed,
        "own_p50": ms(tally.own, 0.5), "p50": ms(tally.others, 0.5),
        "p90": ms(tally.others, 0.9), "p99": ms(tally.others, 0.99),
        "refused": dict(sorted(tally.refused.items())),
        "server_cpu": (cpu[1][0] - cpu[0][0]) / elapsed,
        "client_cpu": (cpu[1][1] - cpu[0][1]) / elapsed,
    }


def store_commits(rounds: int, actions: int = 200) -> list[tuple[float, float]]:
    """Commits per second of the server's store: one table at a time, then ten tables
    at once, ``rounds`` times alternately (the same file, the same process)."""
    from partyrules.server.store import Store, TableRow

    with tempfile.TemporaryDirectory(prefix="partyrules-store-") as name:
        store = Store(str(Path(name) / "tables.sqlite3"))
        store.open()
        try:
            async def run() -> list[tuple[float, float]]:
                for table in range(11):
                    await store.create_table(TableRow(f"t{table}", "dinner", "{}", 0, "[]",
                                                      "", 0, False), [])
                counts = [0] * 11

                async def play(table: int, count: int) -> None:
                    for _ in range(count):
                        await store.append_action(f"t{table}", counts[table], "{}", False)
                        counts[table] += 1

                figures = []
                for _ in range(rounds):
                    start = time.perf_counter()
                    await play(0, actions)
                    alone = actions / (time.perf_counter() - start)
                    start = time.perf_counter()
                    await asyncio.gather(*(play(table, actions // 10)
                                           for table in range(1, 11)))
                    together = actions / (time.perf_counter() - start)
                    figures.append((alone, together))
                return figures

            return asyncio.run(run())
        finally:
            store.close()


def main(argv: list[str] | None = None) -> int:
    """Run the measurements and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--setups", default="sqlite,pg1,pg2,pg2t",
                        help=f"comma-separated, of {', '.join(SETUPS)}")
    parser.add_argument("--tables", default="10,50,200",
                        help="comma-separated table counts, one server each")
    parser.add_argument("--seconds", type=float, default=15.0,
                        help="seconds measured per row")
    parser.add_argument("--warmup", type=float, default=3.0,
                        help="seconds played before the measure starts")
    parser.add_argument("--game", default="dinner")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--think", type=float, default=0.12,
                        help="seconds a seat waits between its actions")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--commits", action="store_true",
                        help="measure the store's commits per second instead")
    parser.add_argument("--rounds", type=int, default=3, help="with --commits")
    args = parser.parse_args(argv)
    if args.commits:
        print("| round | one table, commits/s | ten tables at once, commits/s | ratio |")
        print("|---:|---:|---:|---:|")
        for number, (alone, together) in enumerate(store_commits(args.rounds), 1):
            print(f"| {number} | {alone:.0f} | {together:.0f} | {together / alone:.1f} |")
        return 0
    setups = args.setups.split(",")
    unknown = sorted(set(setups) - set(SETUPS))
    if unknown:
        parser.error(f"unknown setups {unknown}; known: {', '.join(SETUPS)}")
    counts = [int(count) for count in args.tables.split(",")]
    print(f"{args.game}, {args.players} people per table, {args.seconds:g} s per row "
          f"after {args.warmup:g} s, think {args.think:g} s, {os.cpu_count()} CPUs")
    print()
    print("| setup | tables | connections | actions | actions/s | vs first | own p50 ms "
          "| others p50 ms | p90 ms | p99 ms | server CPU | clients CPU | refused |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    baseline: dict[int, float] = {}
    skipped = {setup: why for setup in setups if (why := unavailable(setup)) is not None}
    for setup in setups:
        if setup in skipped:
            continue
        for count in counts:
            row = measure(setup, count, args)
            base = baseline.setdefault(count, row["per_second"])
            refused = ", ".join(f"{code} {n}" for code, n in row["refused"].items()) or "none"
            print(f"| {setup} | {row['tables']} | {row['connections']} | {row['actions']} | "
                  f"{row['per_second']:.0f} | {row['per_second'] / base:.2f} | "
                  f"{row['own_p50']:.1f} | {row['p50']:.1f} | {row['p90']:.1f} | "
                  f"{row['p99']:.1f} | {row['server_cpu']:.2f} | {row['client_cpu']:.2f} | "
                  f"{refused} |", flush=True)
    for setup, why in skipped.items():
        print(f"\n{setup}: not measured: {why}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
