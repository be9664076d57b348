"""The web table speaks English and Italian: the pages' messages, the narration and the
outcome per connection, a game's board served from its own package, a favicon."""

from __future__ import annotations

import asyncio

import httpx
import websockets

from partyrules.core.game import GAMES

from .conftest import Client, ThreadServer


def test_the_pages_messages_come_in_italian_with_the_games_own(
        shared_server: ThreadServer) -> None:
    base = shared_server.base
    italian = httpx.get(f"{base}/api/messages/it", params={"game": "when_i_dream"}).json()
    assert italian["language"] == "it"
    assert italian["messages"]["Your move."] == "Tocca a te."
    english = httpx.get(f"{base}/api/messages/en").json()
    assert english == {"language": "en", "messages": {}}  # the ids are the English words
    refused = httpx.get(f"{base}/api/messages/fr")
    assert refused.status_code == 404 and "'fr'" in refused.json()["error"]["message"]


def test_a_board_is_served_from_its_games_package_and_only_where_declared(
        shared_server: ThreadServer) -> None:
    base = shared_server.base
    for name, game in GAMES.items():
        shown = game.presentation
        assert shown is not None, name
        answer = httpx.get(f"{base}/games/{name}/board.js")
        if shown.board is None:
            assert answer.status_code == 404, name
        else:
            assert answer.status_code == 200, name
            assert answer.headers["content-type"].startswith("text/javascript")
            assert f'register("{name}"' in answer.text
    assert httpx.get(f"{base}/games/nope/board.js").status_code == 404
    assert httpx.get(f"{base}/games/when_i_dream/rules.py").status_code == 404
    icon = httpx.get(f"{base}/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"] == "image/svg+xml"


def test_each_connection_reads_the_narration_and_the_end_in_its_language(
        shared_server: ThreadServer) -> None:
    created = shared_server.create("dinner", ["person", "person", "random"], {"players": 3},
                                   seed=5)

    async def scenario() -> tuple[Client, Client]:
        english = await Client.join(shared_server.ws_base, created["id"],
                                    created["seats"][0]["token"])
        italian = await Client.join(shared_server.ws_base, created["id"],
                                    created["seats"][1]["token"], language="it")
        return english, italian

    english, italian = asyncio.run(scenario())
    assert english.welcome["language"] == "en" and italian.welcome["language"] == "it"
    how_en = english.welcome["table"]["how_to_play"]
    how_it = italian.welcome["table"]["how_to_play"]
    assert len(how_en) == len(how_it)
    assert english.welcome["table"]["board"] == italian.welcome["table"]["board"]


def test_a_join_in_a_language_we_do_not_speak_is_refused(shared_server: ThreadServer) -> None:
    created = shared_server.create("dinner", ["person", "person", "random"], {"players": 3})

    async def scenario() -> list[dict[str, object]]:
        client = Client(await websockets.connect(shared_server.ws_base + created["id"]))
        await client.send({"type": "join", "token": created["seats"][0]["token"],
                           "language": "fr"})
        await client.receive()
        return client.errors

    errors = asyncio.run(scenario())
    assert errors and errors[0]["code"] == "malformed" and "'fr'" in str(errors[0]["message"])


def test_when_i_dream_plays_the_italian_deck_at_an_italian_table(
        shared_server: ThreadServer) -> None:
    def deck_language(body_language: str | None, config: dict[str, object]) -> str:
        body: dict[str, object] = {"game": "when_i_dream", "config": config,
                                   "seats": ["person", "random", "random", "random"]}
        if body_language is not None:
            body["language"] = body_language
        answer = httpx.post(f"{shared_server.base}/api/tables", json=body)
        assert answer.status_code == 201, answer.text
        created = answer.json()

        async def welcome() -> dict[str, object]:
            client = await Client.join(shared_server.ws_base, created["id"],
                                       created["seats"][0]["token"])
            await client.connection.close()
            return client.welcome

        table = asyncio.run(welcome())["table"]
        assert isinstance(table, dict)
        return str(table["config"]["language"])

    assert deck_language("it", {}) == "it"
    assert deck_language(None, {}) == "en"
    assert deck_language("it", {"language": "en"}) == "en"  # the creator's choice stands
    refused = httpx.post(f"{shared_server.base}/api/tables", json={
        "game": "dinner", "seats": ["person"] * 3, "language": "xx"})
    assert refused.status_code == 400 and "'xx'" in refused.text


def test_a_board_is_given_its_games_words_in_the_connections_language(
        shared_server: ThreadServer) -> None:
    created = shared_server.create("dany", ["person", "random", "random"], {"players": 3})

    async def welcome(language: str) -> dict[str, object]:
        client = await Client.join(shared_server.ws_base, created["id"],
                                   created["seats"][0]["token"], language=language)
        await client.connection.close()
        return client.welcome

    shown = GAMES["dany"].presentation
    assert shown is not None and shown.words
    for language in ("en", "it"):
        table = asyncio.run(welcome(language))["table"]
        assert isinstance(table, dict)
        assert table["words"] == shown.translated_words(language)
    assert asyncio.run(welcome("it"))["table"]["words"] != shown.translated_words("en")  # type: ignore[index]
