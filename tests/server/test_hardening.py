"""What a client may not do: every refused message gets the right error code, and the
table is unchanged (same version, nothing stored)."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
import websockets
from websockets.exceptions import ConnectionClosed

from partyrules.server import app as server_app
from partyrules.server.protocol import MAX_MESSAGE_BYTES

from .conftest import TIMEOUT, Client, ThreadServer, play_randomly, rule_when_asked, stored_texts


def stored_count(server: ThreadServer, table_id: str) -> int:
    return len(stored_texts(server.db, table_id)[1])


async def refused(client: Client, message: Any, code: str) -> dict[str, Any]:
    """Send ``message``; the answer is an error with ``code`` and the table has not moved."""
    await asyncio.sleep(0.15)  # two messages a check: within the rate limit, with room
    version = client.update["version"]
    for _ in range(10):
        errors = len(client.errors)
        await client.send(message)
        await client.settle()
        codes = [error["code"] for error in client.errors[errors:]]
        if code == "rate_limited":
            break
        # A client that played fast just before may find its allowance spent: a message
        # dropped unread (the check's, or the ping's, which is sent again) is no answer,
        # and the check's message is sent again once the allowance has grown back.
        codes = [found for found in codes if found != "rate_limited"]
        if codes:
            break
        await asyncio.sleep(0.2)
    # A settle can end on the pong of an earlier ping that was sent again after a
    # rate-limited one: the check's message is then sent again, and both answers come.
    assert codes and set(codes) == {code}, client.errors
    assert client.update["version"] == version
    return client.errors[-1]


def dany_table(server: ThreadServer) -> dict[str, Any]:
    """Dany with two people: seat 0 is the first active personality (seat 0 and the
    table may act); seat 2 is a bot."""
    return server.create("dany", ["person", "person", "random"], seed=7)


def test_forged_actions_are_forbidden(shared_server: ThreadServer) -> None:
    created = dany_table(shared_server)
    table_id = created["id"]

    async def scenario() -> None:
        seat0 = await Client.join(shared_server.ws_base, table_id, created["seats"][0]["token"])
        seat1 = await Client.join(shared_server.ws_base, table_id, created["seats"][1]["token"])
        spectator = await Client.join(shared_server.ws_base, table_id, created["spectator"])
        host = await Client.join(shared_server.ws_base, table_id, created["host"])
        assert seat0.update["to_act"] == [-1, 0]
        mine = seat0.update["legal"][0]["action"]
        ruling = host.update["legal"][0]["action"]
        assert ruling["seat"] == -1
        # Seat 1 sends seat 0's legal action; seat 0 sends it as seat 1's.
        error = await refused(seat1, {"type": "act", "action": mine}, "forbidden")
        assert error["message"] == "this connection plays seat 1, not seat 0"
        await refused(seat0, {"type": "act", "action": {**mine, "seat": 1}}, "forbidden")
        # A seat makes the table's ruling; the host plays a seat; a spectator acts.
        await refused(seat0, {"type": "act", "action": ruling}, "forbidden")
        error = await refused(host, {"type": "act", "action": mine}, "forbidden")
        assert error["message"] == "the host rules for the table, seat -1, not seat 0"
        error = await refused(spectator, {"type": "act", "action": mine}, "forbidden")
        assert "spectator" in error["message"]
        await refused(spectator, {"type": "act", "action": ruling}, "forbidden")
        # The rightful owners may still act.
        await seat0.send({"type": "act", "action": mine})
        await seat0.until(lambda update: update["version"] == 1)
        for client in (seat0, seat1, spectator, host):
            await client.close()

    asyncio.run(scenario())
    assert stored_count(shared_server, table_id) == 1


def test_malformed_and_illegal_messages_change_nothing(shared_server: ThreadServer) -> None:
    created = dany_table(shared_server)
    table_id = created["id"]

    async def scenario() -> None:
        seat0 = await Client.join(shared_server.ws_base, table_id, created["seats"][0]["token"])
        legal = seat0.update["legal"][0]["action"]
        for message in ["{not json", "[]", '{"type": "dance"}', '{"type": "ping", "x": 1}',
                        {"type": "act", "action": "Keep"},
                        {"type": "act", "action": {"type": "Fly", "seat": 0}},
                        {"type": "act", "action": {"type": "Keep", "seat": "0"}},
                        {"type": "act", "action": {**legal, "colour": "red"}},
                        {"type": "act", "action": {"type": "Keep"}},
                        {"type": "join", "token": created["seats"][0]["token"]}]:
            error = await refused(seat0, message, "malformed")
            assert error["message"]
        error = await refused(seat0, b'{"type": "ping"}', "malformed")
        assert "text" in error["message"]
        error = await refused(seat0, {"type": "act",
                                      "action": {"type": "Decide", "seat": 0, "word": 1,
                                                 "choice": 0}},
                              "malformed")
        assert "unknown fields: choice" in error["message"]
        # Well-formed, the connection's own seat, but not a move the rules allow now.
        accuse = {"type": "Accuse", "seat": 0, "target": 1}
        error = await refused(seat0, {"type": "act", "action": accuse}, "illegal_action")
        assert error["message"]
        await seat0.close()

    asyncio.run(scenario())
    assert stored_count(shared_server, table_id) == 0


def test_an_oversized_message_is_too_large(shared_server: ThreadServer) -> None:
    created = dany_table(shared_server)

    async def scenario() -> None:
        seat0 = await Client.join(shared_server.ws_base, created["id"],
                                  created["seats"][0]["token"])
        legal = seat0.update["legal"][0]["action"]
        padded = json.dumps({"type": "act", "action": {**legal, "pad": "x" * MAX_MESSAGE_BYTES}})
        error = await refused(seat0, padded, "too_large")
        assert str(MAX_MESSAGE_BYTES) in error["message"]
        # A frame far past the limit is cut by the server before it is read.
        with pytest.raises(ConnectionClosed) as closed:
            await seat0.send("x" * (8 * MAX_MESSAGE_BYTES))
            await seat0.settle()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009

    asyncio.run(scenario())
    assert stored_count(shared_server, created["id"]) == 0


def test_a_flood_is_rate_limited_then_closed(shared_server: ThreadServer) -> None:
    created = dany_table(shared_server)

    async def scenario() -> None:
        seat0 = await Client.join(shared_server.ws_base, created["id"],
                                  created["seats"][0]["token"])
        legal = seat0.update["legal"][0]["action"]
        # A burst past the allowance: some pings are dropped with rate_limited.
        burst = server_app.RATE_BURST + 20
        for _ in range(burst):
            await seat0.send({"type": "ping"})
        answers = [(await seat0.receive())["type"] for _ in range(burst)]  # one each
        assert {error["code"] for error in seat0.errors} == {"rate_limited"}
        assert server_app.RATE_BURST - 1 <= answers.count("pong") < burst  # the join took one
        assert answers.count("pong") + answers.count("error") == burst
        # Within the rate again, an action is taken.
        await asyncio.sleep(1.0)
        await seat0.send({"type": "act", "action": legal})
        await seat0.until(lambda update: update["version"] == 1)
        # A client that keeps flooding is closed (with the policy-violation code).
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(20 * server_app.FLOOD_LIMIT):
                await seat0.send({"type": "act", "action": legal})
            while True:
                await seat0.receive()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008

    asyncio.run(scenario())
    assert stored_count(shared_server, created["id"]) == 1


def test_a_forged_token_or_table_is_refused_and_closed(shared_server: ThreadServer) -> None:
    created = dany_table(shared_server)

    async def attempt(table_id: str, token: str) -> tuple[dict[str, Any], int]:
        async with websockets.connect(shared_server.ws_base + table_id) as connection:
            await connection.send(json.dumps({"type": "join", "token": token}))
            error = json.loads(await asyncio.wait_for(connection.recv(), TIMEOUT))
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(connection.recv(), TIMEOUT)
            assert connection.close_code is not None
            return error, connection.close_code

    error, code = asyncio.run(attempt(created["id"], "x" * 32))
    assert (error["code"], code) == ("bad_token", 1008)
    assert error["message"] == f"this token opens nothing at table {created['id']}"
    other = dany_table(shared_server)  # a real token, of another table
    error, code = asyncio.run(attempt(created["id"], other["seats"][0]["token"]))
    assert (error["code"], code) == ("bad_token", 1008)
    error, code = asyncio.run(attempt("no-such-table", created["host"]))
    assert (error["code"], code) == ("bad_token", 1008)
    assert error["message"] == "there is no table no-such-table"


def test_the_first_message_is_a_join_within_the_time(
        shared_server: ThreadServer, monkeypatch: pytest.MonkeyPatch) -> None:
    created = dany_table(shared_server)
    monkeypatch.setattr(server_app, "JOIN_TIMEOUT", 1.0)

    async def scenario() -> None:
        async with websockets.connect(shared_server.ws_base + created["id"]) as connection:
            await connection.send(json.dumps({"type": "ping"}))
            error = json.loads(await asyncio.wait_for(connection.recv(), TIMEOUT))
            assert error["code"] == "not_joined"
            # A join after that is still welcome.
            await connection.send(json.dumps({"type": "join",
                                              "token": created["seats"][1]["token"]}))
            welcome = json.loads(await asyncio.wait_for(connection.recv(), TIMEOUT))
            assert (welcome["type"], welcome["seat"]) == ("welcome", 1)
        async with websockets.connect(shared_server.ws_base + created["id"]) as connection:
            error = json.loads(await asyncio.wait_for(connection.recv(), TIMEOUT))
            assert error["code"] == "not_joined" and "1 seconds" in error["message"]
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(connection.recv(), TIMEOUT)
            assert connection.close_code == 1008

    asyncio.run(scenario())


def test_no_action_after_the_end(shared_server: ThreadServer) -> None:
    created = shared_server.create("dany", ["person", "random", "random"], seed=5)

    async def scenario() -> None:
        host = await Client.join(shared_server.ws_base, created["id"], created["host"])
        seat0 = await Client.join(shared_server.ws_base, created["id"],
                                  created["seats"][0]["token"])
        last = seat0.update["legal"][0]["action"]
        await asyncio.gather(rule_when_asked(host),
                             play_randomly(seat0, random.Random(4), pace=0.02))
        await seat0.settle()
        error = await refused(seat0, {"type": "act", "action": last}, "finished")
        assert error["message"] == "the game is over: no more actions"
        for client in (host, seat0):
            await client.close()

    asyncio.run(scenario())
