"""The web table's HTTP side: the pages, the game catalogue, creating and listing tables,
the replay export and its permissions, the size limit of a body."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import httpx
import pytest

import partyrules
from partyrules.bots import make_bot
from partyrules.server.protocol import MAX_MESSAGE_BYTES
from partyrules.server.tables import BOT_EXAMPLES, MAX_ISMCTS_ITERATIONS

from .conftest import Client, ThreadServer, play_randomly


def test_the_catalogue_lists_every_game_with_its_config_and_bots(
        shared_server: ThreadServer) -> None:
    answer = httpx.get(f"{shared_server.base}/api/games")
    assert answer.status_code == 200
    catalogue = {entry["name"]: entry for entry in answer.json()}
    assert set(catalogue) == set(partyrules.GAMES)
    for name, entry in catalogue.items():
        game = partyrules.get_game(name)
        assert (entry["title"], entry["min_players"], entry["max_players"]) == (
            game.title, game.min_players, game.max_players)
        assert entry["config"]["players"] is None  # required: no default
        # Every other field's default is what the config takes when it is left out.
        defaults = {field: value for field, value in entry["config"].items()
                    if field != "players"}
        config = partyrules.loads(json.dumps({
            "format": "partyrules", "version": 1, "game": name, "type": "Config",
            "data": {"players": game.min_players, **defaults}}))
        assert config == game.Config(players=game.min_players)
        assert entry["bots"] == list(BOT_EXAMPLES)
        for spec in entry["bots"]:
            make_bot(spec, game)
    assert catalogue["when_i_dream"]["config"]["side"] == "top"


def test_creating_a_table_answers_tokens_and_links(shared_server: ThreadServer) -> None:
    created = shared_server.create("dinner", ["person", "person", "random"], {"players": 3}, seed=3)
    table_id, host, spectator = created["id"], created["host"], created["spectator"]
    tokens = [host, spectator] + [seat["token"] for seat in created["seats"][:2]]
    assert len(set(tokens)) == 4 and all(len(token) == 32 for token in tokens)
    assert [(seat["seat"], seat["kind"]) for seat in created["seats"]] == [
        (0, "person"), (1, "person"), (2, "random")]
    assert created["seats"][2]["token"] is None
    page = f"/table/{table_id}#token="
    assert created["links"] == {
        "host": page + host, "spectator": page + spectator,
        "seats": {"0": page + created["seats"][0]["token"],
                  "1": page + created["seats"][1]["token"]}}
    listed = [entry for entry in httpx.get(f"{shared_server.base}/api/tables").json()
              if entry["id"] == table_id]
    assert listed[0]["game"] == "dinner" and listed[0]["title"] == "Guess Who's Coming to Dinner"
    assert listed[0]["seats"] == [{"seat": 0, "kind": "person", "connected": False},
                                  {"seat": 1, "kind": "person", "connected": False},
                                  {"seat": 2, "kind": "random", "connected": False}]
    assert (listed[0]["actions"], listed[0]["finished"]) == (0, False)
    assert listed[0]["created"].endswith("+00:00")
    everything = httpx.get(f"{shared_server.base}/api/tables").text
    assert not any(token in everything for token in tokens)


def test_the_lobby_shows_who_is_connected(shared_server: ThreadServer) -> None:
    created = shared_server.create("dinner", ["person", "person", "random"])

    async def scenario() -> list[bool]:
        client = await Client.join(shared_server.ws_base, created["id"],
                                   created["seats"][1]["token"])
        try:
            listed = httpx.get(f"{shared_server.base}/api/tables").json()
            entry = next(entry for entry in listed if entry["id"] == created["id"])
            return [seat["connected"] for seat in entry["seats"]]
        finally:
            await client.close()

    assert asyncio.run(scenario()) == [False, True, False]


def test_the_config_defaults_to_the_seat_count(shared_server: ThreadServer) -> None:
    created = shared_server.create("dany", ["person", "random", "random", "random"], config={})
    listed = httpx.get(f"{shared_server.base}/api/tables").json()
    entry = next(entry for entry in listed if entry["id"] == created["id"])
    assert len(entry["seats"]) == 4


@pytest.mark.parametrize(("body", "code", "why"), [
    ([1], "malformed", "JSON object"),
    ({"game": "dinner"}, "malformed", "missing keys ['seats']"),
    ({"game": "dinner", "seats": ["person"] * 3, "colour": "red"}, "malformed",
     "unknown keys ['colour']"),
    ({"game": 5, "seats": ["person"] * 3}, "malformed", "game is"),
    ({"game": "dinner", "seats": "person"}, "malformed", "seats is a list"),
    ({"game": "dinner", "seats": ["person"] * 3, "seed": "7"}, "malformed", "seed"),
    ({"game": "dinner", "seats": ["person"] * 3, "seed": 2**64}, "malformed", "seed"),
    ({"game": "dinner", "seats": ["person"] * 3, "config": []}, "malformed", "config"),
    ({"game": "chess", "seats": ["person"] * 2}, "invalid_config", "no game called 'chess'"),
    ({"game": "dinner", "seats": ["person"] * 2}, "invalid_config", "3 to 7"),
    ({"game": "dinner", "seats": ["person"] * 3, "config": {"players": 4}},
     "invalid_config", "3 seats for config.players=4"),
    ({"game": "dinner", "seats": ["person", "person", "wizard"]}, "invalid_config",
     "seat 2: no bot called 'wizard'"),
    ({"game": "dinner", "seats": ["person", "person", f"ismcts:{MAX_ISMCTS_ITERATIONS + 1}"]},
     "over_limit", "thinks too long"),
    ({"game": "dinner", "seats": ["person"] * 3, "config": {"first_player": "0"}},
     "invalid_config", "expected an integer, got '0' @ config.first_player"),
    ({"game": "dinner", "seats": ["person"] * 3, "config": {"wine": True}},
     "invalid_config", "unknown fields: wine"),
])
def test_a_bad_table_request_is_refused_with_the_reason(
        shared_server: ThreadServer, body: Any, code: str, why: str) -> None:
    before = httpx.get(f"{shared_server.base}/api/tables").json()
    answer = httpx.post(f"{shared_server.base}/api/tables", json=body)
    assert answer.status_code == 400, answer.text
    error = answer.json()["error"]
    assert error["code"] == code
    assert why in error["message"], error["message"]
    assert httpx.get(f"{shared_server.base}/api/tables").json() == before


def test_a_body_that_is_not_json_or_too_large_is_refused(shared_server: ThreadServer) -> None:
    before = httpx.get(f"{shared_server.base}/api/tables").json()
    json_body = {"Content-Type": "application/json"}
    answer = httpx.post(f"{shared_server.base}/api/tables", content=b"{nope",
                        headers=json_body)
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "malformed"
    huge = json.dumps({"game": "dinner", "seats": ["person"] * 3,
                       "config": {"pad": "x" * MAX_MESSAGE_BYTES}})
    answer = httpx.post(f"{shared_server.base}/api/tables", content=huge, headers=json_body)
    assert answer.status_code == 413 and answer.json()["error"]["code"] == "too_large"

    def chunks() -> Any:  # no Content-Length: the server stops reading at the limit
        yield b'{"game": "dinner", "pad": "'
        for _ in range(64):
            yield b"x" * 1024

    answer = httpx.post(f"{shared_server.base}/api/tables", content=chunks(),
                        headers=json_body)
    assert answer.status_code == 413
    assert httpx.get(f"{shared_server.base}/api/tables").json() == before


def test_the_replay_is_the_referees_until_the_game_is_over(
        shared_server: ThreadServer) -> None:
    answer = httpx.post(f"{shared_server.base}/api/tables", timeout=20, json={
        "game": "dany", "seats": ["person", "random", "random"], "seed": 5, "referee": True})
    created = answer.json()
    url = f"{shared_server.base}/api/tables/{created['id']}/replay"
    seat, spectator, host = created["seats"][0]["token"], created["spectator"], created["host"]

    def fetch(token: str | None, scheme: str = "Bearer") -> httpx.Response:
        headers = {} if token is None else {"Authorization": f"{scheme} {token}"}
        return httpx.get(url, headers=headers)

    assert fetch(None).status_code == 401
    assert fetch("forged-token").status_code == 401
    assert fetch(host, scheme="Basic").status_code == 401
    assert fetch(seat).status_code == 403 and fetch(spectator).status_code == 403
    assert fetch(host).status_code == 200
    assert httpx.get(f"{shared_server.base}/api/tables/nope/replay",
                     headers={"Authorization": f"Bearer {host}"}).status_code == 404

    async def finish() -> None:
        clients = [await Client.join(shared_server.ws_base, created["id"], token)
                   for token in (host, seat)]
        rng = random.Random(2)
        await asyncio.gather(*(play_randomly(client, rng) for client in clients))
        for client in clients:
            await client.close()

    asyncio.run(finish())
    for token in (seat, spectator, host):
        answer = fetch(token)
        assert answer.status_code == 200
        assert "attachment" in answer.headers["content-disposition"]
        replay = partyrules.loads(answer.text)
        assert isinstance(replay, partyrules.Replay)
        report = replay.verify()
        assert report.ok and report.terminal
        assert (replay.game, replay.seed) == ("dany", 5)


def test_pages_and_static_files_are_served(shared_server: ThreadServer) -> None:
    created = shared_server.create("dany", ["person", "random", "random"])
    lobby = httpx.get(f"{shared_server.base}/")
    assert lobby.status_code == 200 and "text/html" in lobby.headers["content-type"]
    page = httpx.get(f"{shared_server.base}/table/{created['id']}")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert httpx.get(f"{shared_server.base}/table/nope").status_code == 404
    script = httpx.get(f"{shared_server.base}/static/table.js")
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]
    assert httpx.get(f"{shared_server.base}/static/../app.py").status_code == 404
    for answer in (lobby, page, script):
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert answer.headers["referrer-policy"] == "no-referrer"
        assert answer.headers["x-frame-options"] == "DENY"
    assert httpx.get(f"{shared_server.base}/api/games").headers["cache-control"] == "no-store"


def test_component_data_is_served_for_any_game_that_declares_it(
        shared_server: ThreadServer) -> None:
    for game in partyrules.GAMES.values():
        config = {"players": game.min_players}
        answer = httpx.get(f"{shared_server.base}/api/games/{game.name}/components",
                           params={"config": json.dumps(config)})
        if game.component_data is None:
            assert answer.status_code == 404
            continue
        assert answer.status_code == 200
        expected = partyrules.core.serialize.unstructure(
            game.component_data(game.Config(players=game.min_players)))
        assert answer.json() == json.loads(json.dumps(expected))
    assert httpx.get(f"{shared_server.base}/api/games/chess/components").status_code == 404
    answer = httpx.get(f"{shared_server.base}/api/games/dylan_dog/components",
                       params={"config": '{"players": "three"}'})
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "invalid_config"
