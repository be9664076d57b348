"""A server open to strangers: each finding of the probe "from outside, as a hostile
visitor would" has a test here that failed before the limits existed.

1. an endless all-bot table was accepted and nobody could stop it;
2. nothing limited how many tables one address creates;
3. a cross-site ``text/plain`` POST created a table;
4. a host who plays could read the replay (every hand) during the game;
5. a bot spec with a non-ASCII digit gave a 500, free text had no bound and let
   invisible characters through, and a broken frame logged a traceback.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from websockets.exceptions import InvalidStatus

from partyrules.server.limits import ServerLimits

from .conftest import TIMEOUT, Client, ThreadServer

# The defaults, but for the per-address counts: one module's tests come from one address.
MANY = ServerLimits(tables_per_minute=1_000, open_tables_per_client=1_000)


@pytest.fixture(scope="module")
def open_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    """A server with the default limits (but the per-address counts)."""
    running = ThreadServer(tmp_path_factory.mktemp("limits") / "tables.sqlite3",
                           limits=MANY)
    running.start()
    try:
        yield running
    finally:
        running.stop()


def started(tmp_path: Path, limits: ServerLimits) -> ThreadServer:
    running = ThreadServer(tmp_path / "tables.sqlite3", limits=limits)
    running.start()
    return running


def post(server: ThreadServer, body: Any, **headers: str) -> httpx.Response:
    return httpx.post(f"{server.base}/api/tables", json=body, headers=headers,
                      timeout=TIMEOUT)


def error_of(answer: httpx.Response) -> tuple[int, str, str]:
    error = answer.json()["error"]
    return answer.status_code, error["code"], error["message"]


# -- 1. an endless table of bots, and nobody to stop it ---------------------------------


def test_finding_1_an_endless_table_of_bots_is_refused(open_server: ThreadServer) -> None:
    endless = {"game": "dylan_dog", "config": {"turn_limit": 10**18},
               "seats": ["random", "random", "random"]}
    status, code, message = error_of(post(open_server, endless))
    assert (status, code) == (400, "over_limit")
    assert "at most 40000" in message
    for config in ({"turn_limit": None}, {"turn_limit": 5000}):
        status, code, message = error_of(post(open_server, {**endless, "config": config,
                                                            "seats": ["person"] * 3}))
        assert (status, code) == (400, "over_limit"), message
    # Three bots and no person: a person plays every table by default.
    status, code, message = error_of(post(open_server, {**endless, "config": {}}))
    assert (status, code) == (400, "over_limit")
    assert "at most 2 bots at a table of 3" in message
    # The default config is a long game, and welcome.
    assert post(open_server, {**endless, "config": {},
                              "seats": ["person", "random", "random"]}).status_code == 201


def test_finding_1_the_host_closes_a_table_and_its_bots_stop(tmp_path: Path) -> None:
    running = started(tmp_path, ServerLimits(bot_seats=3))
    try:
        created = running.create("dylan_dog", ["random", "random", "random"], seed=3)
        table_id = created["id"]
        close = f"{running.base}/api/tables/{table_id}/close"

        async def scenario() -> None:
            spectator = await Client.join(running.ws_base, table_id, created["spectator"])
            await spectator.until(lambda update: update["version"] >= 5)
            # Only the host's token closes it.
            for token in (created["spectator"], "x" * 32):
                answer = httpx.post(close, headers={"Authorization": f"Bearer {token}"},
                                    timeout=TIMEOUT)
                assert answer.status_code == 401
            answer = httpx.post(close, headers={"Authorization": f"Bearer {created['host']}"},
                                timeout=TIMEOUT)
            assert answer.status_code == 200 and answer.json()["was_open"] is True
            closed = await spectator.until(lambda update: update["closed"])
            await asyncio.sleep(0.5)
            await spectator.settle()
            assert spectator.update["version"] == closed["version"]  # the bots stopped
            assert spectator.update["legal"] == []

        asyncio.run(scenario())
        listed = {table["id"]: table for table in
                  httpx.get(f"{running.base}/api/tables", timeout=TIMEOUT).json()}
        assert listed[table_id]["closed"] is True
    finally:
        running.stop()
    # A closed table is not loaded again when the server starts.
    again = started(tmp_path, ServerLimits(bot_seats=3))
    try:
        versions = []
        for _ in range(2):
            listed = {table["id"]: table for table in
                      httpx.get(f"{again.base}/api/tables", timeout=TIMEOUT).json()}
            versions.append(listed[table_id]["actions"])
            time.sleep(0.3)
        assert versions[0] == versions[1]
    finally:
        again.stop()


def test_a_table_past_the_most_actions_is_closed(tmp_path: Path) -> None:
    running = started(tmp_path, ServerLimits(bot_seats=3, max_actions=12))
    try:
        created = running.create("dinner", ["random", "random", "random"], seed=3)

        async def scenario() -> dict[str, Any]:
            spectator = await Client.join(running.ws_base, created["id"],
                                          created["spectator"])
            return await spectator.until(lambda update: update["closed"])

        assert asyncio.run(scenario())["version"] == 12
    finally:
        running.stop()


def test_an_idle_table_is_closed(tmp_path: Path) -> None:
    running = started(tmp_path, ServerLimits(idle_seconds=1.0))
    try:
        created = running.create("dany", ["person", "person", "random"], seed=3)

        async def scenario() -> dict[str, Any]:
            seat = await Client.join(running.ws_base, created["id"],
                                     created["seats"][0]["token"])
            assert not seat.update["closed"]
            return await seat.until(lambda update: update["closed"])

        assert asyncio.run(scenario())["legal"] == []
    finally:
        running.stop()


# -- 2. tables without end from one address ---------------------------------------------


def test_finding_2_an_address_creates_a_few_tables_a_minute(tmp_path: Path) -> None:
    running = started(tmp_path, ServerLimits(tables_per_minute=3))
    body = {"game": "dany", "seats": ["person", "random", "random"]}
    try:
        assert [post(running, body).status_code for _ in range(3)] == [201] * 3
        answer = post(running, body)
        status, code, message = error_of(answer)
        assert (status, code) == (429, "too_many")
        assert answer.headers["retry-after"] == "60"
        assert "at most 3 new tables a minute" in message
    finally:
        running.stop()


def test_finding_2_open_tables_are_counted_per_address_and_in_all(tmp_path: Path) -> None:
    body = {"game": "dany", "seats": ["person", "random", "random"]}
    running = started(tmp_path, ServerLimits(open_tables_per_client=2))
    try:
        assert [post(running, body).status_code for _ in range(2)] == [201] * 2
        status, code, message = error_of(post(running, body))
        assert (status, code) == (429, "too_many") and "2 open tables" in message
    finally:
        running.stop()
    running = started(tmp_path, ServerLimits(open_tables=2))  # the same database: 2 open
    try:
        status, code, message = error_of(post(running, body))
        assert (status, code) == (429, "too_many") and "2 open tables, its most" in message
    finally:
        running.stop()


# -- 3. a cross-site page fills the server -----------------------------------------------


def test_finding_3_a_cross_site_post_is_refused(open_server: ThreadServer) -> None:
    body = json.dumps({"game": "dany", "seats": ["person", "random", "random"]})
    url = f"{open_server.base}/api/tables"
    plain = httpx.post(url, content=body, headers={"Content-Type": "text/plain",
                                                   "Origin": "http://evil.example"},
                       timeout=TIMEOUT)
    assert plain.status_code in (403, 415)
    for content_type in ("text/plain", "application/x-www-form-urlencoded", ""):
        answer = httpx.post(url, content=body, headers={"Content-Type": content_type},
                            timeout=TIMEOUT)
        assert error_of(answer)[:2] == (415, "malformed"), content_type
    status, code, message = error_of(post(open_server, json.loads(body),
                                          Origin="http://evil.example"))
    assert (status, code) == (403, "forbidden") and "--allow-origin" in message
    same = post(open_server, json.loads(body), Origin=open_server.base)
    assert same.status_code == 201


def test_finding_3_a_cross_site_websocket_is_refused(tmp_path: Path) -> None:
    running = started(tmp_path, ServerLimits(
        allowed_origins=frozenset({"https://front.example"})))
    try:
        created = running.create("dany", ["person", "random", "random"])
        url = running.ws_base + created["id"]

        async def scenario() -> None:
            with pytest.raises(InvalidStatus) as refused:
                await websockets.connect(url, origin="http://evil.example")  # type: ignore[arg-type]
            assert refused.value.response.status_code == 403
            for origin in (running.base, "https://front.example"):
                async with websockets.connect(url, origin=origin) as connection:  # type: ignore[arg-type]
                    await connection.send(json.dumps({"type": "join",
                                                      "token": created["spectator"]}))
                    welcome = json.loads(await asyncio.wait_for(connection.recv(), TIMEOUT))
                    assert welcome["type"] == "welcome"

        asyncio.run(scenario())
        assert post(running, {"game": "dany", "seats": ["person", "random", "random"]},
                    Origin="https://front.example").status_code == 201
    finally:
        running.stop()


# -- 4. the host who plays reads every hand ----------------------------------------------


def test_finding_4_a_host_who_plays_reads_the_replay_at_the_end(
        open_server: ThreadServer) -> None:
    seats = ["person", "random", "random"]
    playing = post(open_server, {"game": "dany", "seats": seats}).json()
    referee = post(open_server, {"game": "dany", "seats": seats, "referee": True}).json()
    assert (playing["referee"], referee["referee"]) == (False, True)

    def replay(created: dict[str, Any], token: str) -> httpx.Response:
        return httpx.get(f"{open_server.base}/api/tables/{created['id']}/replay",
                         headers={"Authorization": f"Bearer {token}"}, timeout=TIMEOUT)

    status, code, message = error_of(replay(playing, playing["host"]))
    assert (status, code) == (403, "forbidden") and "referee" in message
    assert replay(referee, referee["host"]).status_code == 200
    assert replay(referee, referee["seats"][0]["token"]).status_code == 403
    # Once the table is over (closed here), the replay is everyone's.
    httpx.post(f"{open_server.base}/api/tables/{playing['id']}/close",
               headers={"Authorization": f"Bearer {playing['host']}"}, timeout=TIMEOUT)
    assert replay(playing, playing["host"]).status_code == 200
    assert replay(playing, playing["seats"][0]["token"]).status_code == 200
    # The lobby says it in plain words.
    lobby = httpx.get(open_server.base + "/", timeout=TIMEOUT).text
    assert "referee" in lobby and "every hidden card" in lobby


# -- 5. bot specs, free text, broken frames ----------------------------------------------


@pytest.mark.parametrize("spec", ["ismcts:\u00b2", "ismcts:\u0663", "ISMCTS:5", "random ",
                                  "ismcts:5000", "ismcts:-1"])
def test_finding_5_a_bot_spec_is_read_strictly(open_server: ThreadServer, spec: str) -> None:
    answer = post(open_server, {"game": "dany", "seats": ["person", "random", spec]})
    status, code, message = error_of(answer)
    assert status == 400 and code in ("over_limit", "invalid_config"), message
    assert message.startswith("seat 2: ")


async def typed(server: ThreadServer, text: str) -> dict[str, Any]:
    """When I Dream with four people: seat 1 gives a clue typed as ``text``; the error."""
    created = server.create("when_i_dream", ["person"] * 4)
    clue_giver = await Client.join(server.ws_base, created["id"], created["seats"][1]["token"])
    entry = next(entry for entry in clue_giver.update["legal"] if entry["free_text"])
    field, = entry["free_text"]
    await clue_giver.send({"type": "act", "action": {**entry["action"], field: text}})
    error = await clue_giver.error()
    await clue_giver.settle()
    assert clue_giver.update["version"] == 0
    await clue_giver.close()
    return error


@pytest.mark.parametrize(("text", "code"), [
    ("x" * 15_000, "too_large"), ("x" * 281, "too_large"), ("sea\u202e", "malformed"),
    ("sea\u200b", "malformed"), ("sea\nsky", "malformed"), ("sea\x00", "malformed"),
    ("\ufeffsea", "malformed")])
def test_finding_5_free_text_is_bounded_and_plain(open_server: ThreadServer, text: str,
                                                 code: str) -> None:
    error = asyncio.run(typed(open_server, text))
    assert error["code"] == code, error
    assert "GiveClue.word" in error["message"]


def test_finding_5_a_config_string_is_bounded_and_plain(open_server: ThreadServer) -> None:
    body = {"game": "when_i_dream", "seats": ["person"] * 4,
            "config": {"cards": [["sea\u202e", "sky"]] * 20}}
    status, code, message = error_of(post(open_server, body))
    assert (status, code) == (400, "over_limit") and "config.cards[0][0]" in message
    body["config"] = {"cards": [["x" * 300, "sky"]] * 20}
    assert error_of(post(open_server, body))[:2] == (413, "too_large")


def test_finding_5_a_broken_frame_is_one_line_of_the_log(
        open_server: ThreadServer, caplog: pytest.LogCaptureFixture) -> None:
    created = open_server.create("dany", ["person", "random", "random"])

    async def scenario() -> int | None:
        seat = await Client.join(open_server.ws_base, created["id"],
                                 created["seats"][0]["token"])
        await seat.connection.send(b"\xff\xfe{", text=True)
        with pytest.raises(websockets.ConnectionClosed):
            while True:
                await seat.receive()
        return seat.connection.close_code

    with caplog.at_level(logging.INFO):
        assert asyncio.run(scenario()) == 1007  # invalid frame payload data
    found = [record for record in caplog.records if "UTF-8" in record.getMessage()]
    assert found, caplog.text
    for record in found:
        assert record.exc_info is None and record.exc_text is None
        assert "\n" not in record.getMessage()


def test_finding_5_each_word_of_a_list_is_checked(open_server: ThreadServer) -> None:
    """When I Dream's Recount types a list of words: each is checked (a list was once
    taken for one text, and the check failed on it)."""
    created = open_server.create("when_i_dream", ["person"] * 4)

    async def scenario() -> dict[str, Any]:
        dreamer = await Client.join(open_server.ws_base, created["id"],
                                    created["seats"][0]["token"])
        host = await Client.join(open_server.ws_base, created["id"], created["host"])
        time_up = next(entry for entry in host.update["legal"]
                       if entry["action"]["type"] == "TimeUp")
        await host.send({"type": "act", "action": time_up["action"]})
        await host.settle()
        for _ in range(10):
            await dreamer.settle()
            kinds = {entry["action"]["type"]: entry for entry in dreamer.update["legal"]}
            if "Recount" in kinds:
                recount = kinds["Recount"]["action"]
                version = dreamer.update["version"]
                await dreamer.send({"type": "act", "action": {
                    **recount, "words": ["sea", "sky\u202e"]}})
                error = await dreamer.error()
                await dreamer.settle()
                assert dreamer.update["version"] == version
                return error
            await dreamer.send({"type": "act", "action": kinds["DeclineGuess"]["action"]})
            await asyncio.sleep(0.1)
        raise AssertionError(f"no Recount: {sorted(kinds)}")

    error = asyncio.run(scenario())
    assert error["code"] == "malformed" and "Recount.words[1]" in error["message"]
