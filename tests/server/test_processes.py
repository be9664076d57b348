"""Several server processes over one PostgreSQL database: every table is served by each
of them, a person's action stored by one is pushed by the others to their clients, each
table's bots run in one process at a time, and when a process is killed (``kill -9``,
mid-game) the clients reconnect to a survivor, whose bots take over, and every action a
client was told of is kept.

The fault test of docs/server.md ("Several processes") is the CI profile's (``ci``):
two processes and 20 tables. The default run has the several-worker test: one port, two
processes, their commits and the bots' lease crossing between them.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

import partyrules
from partyrules.cli import main

from .conftest import TIMEOUT, Client, ProcessServer, stored_actions
from .postgres import TemporaryCluster

SEATS = ["person", "random", "random"]
# A short lease, so that a killed process's bots are taken over within seconds; one bot
# process each: two servers and their bots share the machine's two cores. Every table
# comes from this one address (the count per minute holds across the processes).
OPTIONS = ("--bot-lease", "2", "--bot-processes", "1", "--tables-per-minute", "1000",
           "--open-tables-per-client", "1000")
ATTEMPTS = 8
"""The most connections a seat makes to play its game (a drop or a late message each)."""


async def seat_plays(servers: list[ProcessServer], table_id: str, token: str,
                     rng: random.Random, told: dict[int, str],
                     until: int | None = None) -> dict[str, Any]:
    """Play the seat at random until its game is over (or has ``until`` actions), on the
    first server that answers, moving to the next one when the connection drops or a
    message is late. ``told`` gathers the narration the seat was told, by version: what
    was told before a drop must be told the same after it. A server whose process still
    runs is tried again (a busy machine can make a live server late, and a late answer
    is not a lost table); the seat gives up when none is left or after
    ``ATTEMPTS`` connections."""
    dropped: list[str] = []
    while len(dropped) < ATTEMPTS:
        alive = [server for server in servers
                 if server.process is not None and server.process.poll() is None]
        if not alive:
            break
        for server in alive:
            client: Client | None = None
            try:
                client = await Client.join(server.ws_base, table_id, token)
                while not client.update["finished"] and (
                        until is None or client.update["version"] < until):
                    for version, text in client.log.items():
                        assert told.setdefault(version, text) == text, version
                    legal = client.update["legal"]
                    if not legal:
                        await client.next_update()
                        continue
                    await client.send({"type": "act", "action": rng.choice(legal)["action"]})
                    await client.settle()
                    await asyncio.sleep(0.03)
            except (OSError, ConnectionClosed) as failed:  # a timeout is an OSError too
                dropped.append(f"{server.base}: {type(failed).__name__}: {failed}")
                if client is not None:
                    with contextlib.suppress(OSError, ConnectionClosed):
                        await client.close()
                continue
            for version, text in client.log.items():
                assert told.setdefault(version, text) == text, version
            await client.close()
            return client.update
    raise AssertionError(f"no server is left for table {table_id}: {dropped}")


def play_through_a_kill(cluster: TemporaryCluster, tmp_path: Path, tables: int,
                        kill_at: int) -> None:
    db = cluster.new_database()
    first = ProcessServer(db, tmp_path / "first.log", options=OPTIONS)
    second = ProcessServer(db, tmp_path / "second.log", options=OPTIONS)
    for server in (first, second):
        server.start()
    try:
        # Half the tables are created (and so their bots first driven) by each process;
        # every person plays through the first, which is then killed.
        created = [(first if index % 2 else second).create("dinner", SEATS, seed=index)
                   for index in range(tables)]
        told: list[dict[int, str]] = [{} for _ in created]

        async def scenario() -> list[dict[str, Any]]:
            players = [asyncio.ensure_future(seat_plays(
                [first, second], table["id"], table["seats"][0]["token"],
                random.Random(index), told[index])) for index, table in enumerate(created)]
            while min((max(seen, default=0) for seen in told), default=0) < kill_at:
                await asyncio.sleep(0.05)
                for player in players:
                    if player.done():
                        player.result()  # a failure shows now
            first.kill()  # mid-game: every table is past kill_at, none is over yet
            return list(await asyncio.wait_for(asyncio.gather(*players), 240))

        finals = asyncio.run(scenario())
        game = partyrules.get_game("dinner")
        for index, (table, final) in enumerate(zip(created, finals, strict=True)):
            actions = stored_actions(db, table["id"])
            replay = partyrules.Replay("dinner", game.Config(players=3), index,
                                       tuple(actions))
            report = replay.verify()
            assert report.ok and report.terminal, report
            assert final["finished"] and final["version"] == len(actions)
            # Every action the seat was told of, before the kill and after, is the stored
            # one: the narration of the stored game says the same at each version.
            states = list(replay.states())
            for version, text in told[index].items():
                assert text == game.describe_action(states[version - 1],
                                                    actions[version - 1], 0), version
            assert min(told[index]) == 1  # the whole game was told, from its first action
            exported = httpx.get(f"{second.base}/api/tables/{table['id']}/replay",
                                 headers={"Authorization": f"Bearer {table['host']}"},
                                 timeout=TIMEOUT)
            assert partyrules.loads(exported.text) == replay
        assert "Traceback" not in second.log.read_text()
    finally:
        for server in (first, second):
            server.stop()


@pytest.mark.ci
def test_twenty_tables_survive_the_kill_of_one_of_two_processes(
        postgres_cluster: TemporaryCluster, tmp_path: Path) -> None:
    play_through_a_kill(postgres_cluster, tmp_path, tables=20, kill_at=8)


def test_workers_share_one_port(postgres_cluster: TemporaryCluster, tmp_path: Path) -> None:
    server = ProcessServer(postgres_cluster.new_database(), tmp_path / "server.log",
                           options=("--workers", "2", "--bot-processes", "1"))
    server.start()
    try:
        created = server.create("dinner", SEATS, seed=3)
        # The bots' moves come from whichever worker holds their lease, the person's
        # through whichever worker took the connection: the table goes on.
        told: dict[int, str] = {}
        final = asyncio.run(seat_plays([server], created["id"], created["seats"][0]["token"],
                                       random.Random(3), told, until=20))
        assert final["version"] >= 20 and sorted(told) == list(range(1, len(told) + 1))
        assert server.log.read_text().count("Started server process") == 2
    finally:
        server.stop()


def test_several_workers_need_postgresql(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    assert main(["serve", "--port", "1", "--workers", "2", "--db", str(db)]) == 2
    assert "PostgreSQL" in capsys.readouterr().err
