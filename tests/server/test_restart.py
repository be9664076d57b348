"""A real ``partyrules serve`` process, killed with ``kill -9`` mid-game and started again
on the same database: the clients reconnect to the same view and version, and the game
goes on to the end; its replay loads with ``partyrules replay``."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

import partyrules
from partyrules.cli import main

from .conftest import (
    TIMEOUT,
    Client,
    ProcessServer,
    play_randomly,
    rule_when_asked,
    stored_actions,
)

SAME = ("version", "view", "text", "to_act", "legal", "finished", "outcome")
"""What a reconnecting client must get back exactly."""


async def play_until_quiet(seat: Client, host: Client, rng: random.Random,
                           actions: int) -> None:
    """Play (the seat at random, the host when asked) until at least ``actions`` were
    taken and only the seat or the table may act: no bot is thinking."""
    while True:
        update = host.update
        if update["version"] >= actions and set(update["to_act"]) <= {0, -1}:
            await seat.settle()
            if seat.update["version"] == host.update["version"]:
                return
        if host.update["to_act"] == [-1]:
            await host.send({"type": "act", "action": host.update["legal"][0]["action"]})
            await host.settle()
        elif seat.update["legal"]:
            await seat.send({"type": "act", "action": rng.choice(seat.update["legal"])["action"]})
            await seat.settle()
            await host.settle()
        elif seat.update["version"] < host.update["version"]:
            # The seat is behind (a settle can end on the pong of an earlier ping, resent
            # after a rate-limited message): the host may have nothing more to hear.
            await seat.next_update()
        else:
            await host.next_update()


def test_a_killed_server_resumes_every_table(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    server = ProcessServer(tmp_path / "tables.sqlite3", tmp_path / "server.log")
    server.start()
    try:
        created = server.create("dany", ["person", "random", "random"], seed=9)
        table_id, seat_token, host_token = (created["id"], created["seats"][0]["token"],
                                            created["host"])
        rng = random.Random(6)

        async def before_the_kill() -> dict[str, Any]:
            seat = await Client.join(server.ws_base, table_id, seat_token)
            host = await Client.join(server.ws_base, table_id, host_token)
            await play_until_quiet(seat, host, rng, actions=8)
            seen = {"seat": dict(seat.update), "host": dict(host.update), "log": dict(seat.log)}
            server.kill()
            for client in (seat, host):  # the clients see the connection drop
                with pytest.raises(ConnectionClosed):
                    while True:
                        await client.receive()
            return seen

        seen = asyncio.run(before_the_kill())
        server.start()  # the same port, the same database

        async def after_the_restart() -> dict[str, Any]:
            seat = await Client.join(server.ws_base, table_id, seat_token)
            host = await Client.join(server.ws_base, table_id, host_token)
            for key in SAME:
                assert seat.update[key] == seen["seat"][key], key
                assert host.update[key] == seen["host"][key], key
            assert seat.log == seen["log"]  # the whole narration again, as the seat knew it
            await asyncio.gather(play_randomly(seat, rng, pace=0.02), rule_when_asked(host))
            final = host.update
            for client in (seat, host):
                await client.close()
            return final

        final = asyncio.run(after_the_restart())
        assert seen["seat"]["version"] >= 8 and final["finished"]

        actions = stored_actions(server.db, table_id)
        game = partyrules.get_game("dany")
        replay = partyrules.Replay("dany", game.Config(players=3), 9, tuple(actions))
        outcome = game.outcome(replay.final_state())
        assert final["outcome"]["winners"] == sorted(outcome.winners)
        assert final["outcome"]["reason"] == outcome.reason
        assert final["version"] == len(actions)

        exported = httpx.get(f"{server.base}/api/tables/{table_id}/replay", timeout=TIMEOUT,
                             headers={"Authorization": f"Bearer {seat_token}"})
        assert exported.status_code == 200
        path = tmp_path / "game.json"
        path.write_text(exported.text, encoding="utf-8")
        assert partyrules.loads(exported.text) == replay
    finally:
        server.stop()

    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"Replay verified: all {len(actions)} actions applied." in out
    # The access log names the paths asked, never a token.
    log = server.log.read_text()
    assert f"/ws/{table_id}" in log and "/replay" in log
    tokens = [created["host"], created["spectator"], seat_token]
    assert not any(token in log for token in tokens)
