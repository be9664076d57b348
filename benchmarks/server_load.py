"""The web table under load: many tables at once, every seat a WebSocket client.

Usage::

    python benchmarks/server_load.py [--tables 1,10,40,100] [--seconds 20] [--game dinner]
        [--players 4] [--think 0.12] [--seed 0]

For each table count N, a fresh ``partyrules serve`` process (its own SQLite file in a
temporary folder, on a free port of 127.0.0.1) hosts N tables of ``--game`` whose seats
are all people: one client task per seat, plus the host, all in this process over
WebSockets. A seat that may act picks a random entry of its update's ``legal`` list,
sends it and then a ``ping``; the server handles a connection's messages in order, so the
last update before the ``pong`` is the one that includes the action. Its latency is the
time from sending the action to receiving that update: the server's whole path of an
action (parse, rules, SQLite commit with a full sync, the update built for each
connection of the table and sent). A seat waits ``--think`` seconds between actions; a
finished table is replaced by a new one, so the load holds for ``--seconds``.

Prints a Markdown table: tables, connections, accepted actions per second, the latency's
p50, p90 and p99, and the actions refused (a seat that acted on a view another seat had
just changed, and rate-limited messages). Everything runs on this machine: the clients
share its cores with the server, as they would not in use.

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
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

TIMEOUT = 30.0
"""The longest a client waits for one message before it gives up on its table."""


def free_port() -> int:
    """A TCP port of 127.0.0.1 nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Tally:
    """What the clients measured."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.refused: dict[str, int] = {}

    def refuse(self, code: str) -> None:
        """Count an error message."""
        self.refused[code] = self.refused.get(code, 0) + 1


async def seat_client(url: str, token: str, is_host: bool, rng: random.Random,
                      tally: Tally, deadline: float, think: float) -> bool:
    """Play one seat (or the host's rulings, only when the table alone may act) until the
    game is over or the deadline; True when the game is over."""
    async with websockets.connect(url, max_size=2**22) as connection:
        await connection.send(json.dumps({"type": "join", "token": token}))
        update: dict[str, Any] = {}
        while not update:
            message = json.loads(await asyncio.wait_for(connection.recv(), TIMEOUT))
            if message["type"] == "update":
                update = message
        while not update["finished"] and time.perf_counter() < deadline:
            may_act = update["legal"] and (not is_host or update["to_act"] == [-1])
            if not may_act:
                remaining = deadline - time.perf_counter()
                try:
                    message = json.loads(await asyncio.wait_for(connection.recv(),
                                                                max(remaining, 0.01)))
                except TimeoutError:
                    break
                if message["type"] == "update":
                    update = message
                continue
            before = update["version"]
            sent = time.perf_counter()
            await connection.send(json.dumps(
                {"type": "act", "action": rng.choice(update["legal"])["action"]}))
            await connection.send('{"type":"ping"}')
            arrived: float | None = None
            refused = False
            while True:
                message = json.loads(await asyncio.wait_for(connection.recv(), TIMEOUT))
                if message["type"] == "update":
                    update = message
                    if update["version"] > before:
                        arrived = time.perf_counter()
                elif message["type"] == "error":
                    tally.refuse(message["code"])
                    refused = True
                    if message["code"] == "rate_limited":
                        await asyncio.sleep(0.2)
                        await connection.send('{"type":"ping"}')
                elif message["type"] == "pong":
                    break
            if arrived is not None and not refused:
                tally.latencies.append(arrived - sent)
            await asyncio.sleep(think)
        return bool(update["finished"])


async def table_runner(base: str, game: str, players: int, rng: random.Random,
                       tally: Tally, deadline: float, think: float) -> None:
    """Tables of ``game`` one after another, every seat a client, until the deadline."""
    async with httpx.AsyncClient(base_url=base, timeout=TIMEOUT) as http:
        while time.perf_counter() < deadline:
            answer = await http.post("/api/tables", json={
                "game": game, "config": {"players": players}, "seats": ["person"] * players,
                "seed": rng.randrange(2**31)})
            answer.raise_for_status()
            created = answer.json()
            url = base.replace("http://", "ws://") + f"/ws/{created['id']}"
            tokens = [(created["host"], True)] + [(seat["token"], False)
                                                  for seat in created["seats"]]
            await asyncio.gather(*(seat_client(url, token, is_host,
                                               random.Random(rng.random()), tally, deadline,
                                               think)
                                   for token, is_host in tokens))


def start_server(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    """A ``partyrules serve`` process over a fresh database; its address once it answers."""
    port = free_port()
    log = (folder / "server.log").open("ab")
    process = subprocess.Popen(
        [sys.executable, "-m", "partyrules", "serve", "--port", str(port), "--db",
         str(folder / "tables.sqlite3"), "--race-pause", "0"],
        stdout=log, stderr=subprocess.STDOUT)
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


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def measure(tables: int, args: argparse.Namespace) -> dict[str, Any]:
    """One server, ``tables`` tables for ``args.seconds``: the figures of one row."""
    with tempfile.TemporaryDirectory(prefix="partyrules-load-") as name:
        process, base = start_server(Path(name))
        try:
            tally = Tally()
            rng = random.Random(args.seed)

            async def run() -> float:
                start = time.perf_counter()
                deadline = start + args.seconds
                await asyncio.gather(*(table_runner(base, args.game, args.players,
                                                    random.Random(rng.random()), tally,
                                                    deadline, args.think)
                                       for _ in range(tables)))
                return time.perf_counter() - start

            elapsed = asyncio.run(run())
        finally:
            process.terminate()
            process.wait(30)
    latencies = tally.latencies
    return {
        "tables": tables, "connections": tables * (args.players + 1),
        "actions": len(latencies), "per_second": len(latencies) / elapsed,
        "p50": 1000 * statistics.median(latencies) if latencies else float("nan"),
        "p90": 1000 * percentile(latencies, 0.90) if latencies else float("nan"),
        "p99": 1000 * percentile(latencies, 0.99) if latencies else float("nan"),
        "refused": dict(sorted(tally.refused.items())),
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
    parser.add_argument("--tables", default="1,10,40,100",
                        help="comma-separated table counts, one server each")
    parser.add_argument("--seconds", type=float, default=20.0)
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
    counts = [int(count) for count in args.tables.split(",")]
    print(f"{args.game}, {args.players} people per table, {args.seconds:g} s per row, "
          f"think {args.think:g} s, {os.cpu_count()} CPUs")
    print()
    print("| tables | connections | actions | actions/s | p50 ms | p90 ms | p99 ms | refused |")
    print("|---:|---:|---:|---:|---:|---:|---:|---|")
    for count in counts:
        row = measure(count, args)
        refused = ", ".join(f"{code} {n}" for code, n in row["refused"].items()) or "none"
        print(f"| {row['tables']} | {row['connections']} | {row['actions']} | "
              f"{row['per_second']:.0f} | {row['p50']:.1f} | {row['p90']:.1f} | "
              f"{row['p99']:.1f} | {refused} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
