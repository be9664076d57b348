"""Games played at the web table through the WebSocket: bots to the end in every game,
people who each see only their own seat, bots that play the same after a restart."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import attrs
import pytest

import partyrules
from partyrules.core.game import TABLE, free_text_fields
from partyrules.core.serialize import action_union, parse_json, structure, unstructure
from partyrules.server import tables as tables_module
from partyrules.server.bots import decide
from partyrules.server.store import Store, StoredTable, TableRow
from partyrules.server.tables import board_of, restore_table

from .conftest import (
    GENEROUS,
    Client,
    ThreadServer,
    play_randomly,
    rule_when_asked,
    stored_actions,
)

# Small tables, so that a whole game takes a fraction of a second; one seat of each kind
# of bot somewhere.
BOT_TABLES: dict[str, tuple[list[str], dict[str, Any]]] = {
    "dinner": (["random", "greedy", "random"], {}),
    "dany": (["random", "ismcts:4", "random"], {}),
    "when_i_dream": (["random", "random", "greedy", "random"], {}),
    "dylan_dog": (["random", "random", "greedy"], {"turn_limit": 12}),
    "hollywood": (["random", "greedy"], {}),
}


def states_of(game: partyrules.Game[Any, Any, Any, Any], config: Any, seed: int,
              actions: list[Any]) -> list[Any]:
    """The state before each action, then the last one."""
    states = [game.setup(config, seed)]
    for action in actions:
        states.append(game.apply(states[-1], action))
    return states


def test_every_game_with_bots_is_played_to_the_end(server: ThreadServer) -> None:
    assert set(BOT_TABLES) == set(partyrules.GAMES)

    async def play(name: str) -> tuple[str, dict[str, Any], dict[str, Any]]:
        seats, config = BOT_TABLES[name]
        created = server.create(name, seats, config, seed=11)
        # The host makes the table's rulings; a spectator watches.
        host = await Client.join(server.ws_base, created["id"], created["host"])
        spectator = await Client.join(server.ws_base, created["id"], created["spectator"])
        await rule_when_asked(host)
        final = await spectator.until(lambda update: update["finished"])
        await spectator.settle()
        for client in (host, spectator):
            await client.close()
        return created["id"], final, spectator.log

    async def play_all() -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
        return await asyncio.gather(*(play(name) for name in BOT_TABLES))

    for (name, (seats, config_data)), (table_id, final, log) in zip(
            BOT_TABLES.items(), asyncio.run(play_all()), strict=True):
        game = partyrules.get_game(name)
        config = structure({"players": len(seats), **config_data}, game.Config)
        actions = stored_actions(server.db, table_id)
        replay = partyrules.Replay(name, config, 11, tuple(actions))
        report = replay.verify()
        assert report.ok and report.terminal, (name, report)
        outcome = game.outcome(replay.final_state())
        assert final["outcome"] == {
            "winners": sorted(outcome.winners), "reason": outcome.reason,
            "scores": None if outcome.scores is None else list(outcome.scores),
            "text": game.presentation.explain(outcome.reason, "en")}, name
        assert final["finished"] and final["version"] == len(actions)
        assert final["legal"] == [] and final["to_act"] == []
        # The spectator heard every action, each as the whole table may know it.
        states = states_of(game, config, 11, actions)
        assert sorted(log) == list(range(1, len(actions) + 1)), name
        for version, text in log.items():
            assert text == game.describe_action(states[version - 1], actions[version - 1],
                                                None)


def test_each_person_sees_only_their_own_seat(server: ThreadServer) -> None:
    game = partyrules.get_game("dinner")
    created = server.create("dinner", ["person", "person", "random"], seed=4)
    tokens = [created["seats"][0]["token"], created["seats"][1]["token"], created["spectator"]]
    checked: list[int] = []

    def check(client: Client, seat: int, update: dict[str, Any]) -> None:
        """The update is exactly what ``seat`` may know at its version."""
        actions = stored_actions(server.db, created["id"])[:update["version"]]
        states = states_of(game, game.Config(players=3), 4, actions)
        state = states[-1]
        viewer = None if seat == TABLE else seat
        view = game.view(state, seat)
        assert partyrules.loads(json.dumps(update["view"])) == view
        assert update["view"] == json.loads(partyrules.dumps(view))
        assert update["text"] == game.render_view(view)
        assert update["to_act"] == sorted(game.to_act(state))
        expected: list[dict[str, Any]] = []
        if seat != TABLE and seat in game.to_act(state):
            choices: set[tuple[Any, ...]] = set()
            for action in game.legal_actions(state, seat):
                # Actions that differ only in free text are one choice: the first.
                texts = free_text_fields(type(action))
                choice = (type(action), *(getattr(action, field.name)
                                          for field in attrs.fields(type(action))
                                          if field.name not in texts))
                if texts and choice in choices:
                    continue
                choices.add(choice)
                expected.append({"action": unstructure(action, action_union(game)),
                                 "text": game.describe_action(state, action, viewer),
                                 "free_text": list(texts)})
        assert update["legal"] == expected
        for version, text in client.log.items():
            assert text == game.describe_action(states[version - 1], actions[version - 1],
                                                viewer)
        checked.append(update["version"])

    async def scenario() -> tuple[Any, ...]:
        people = [await Client.join(server.ws_base, created["id"], token) for token in tokens]
        assert [client.welcome["role"] for client in people] == ["seat", "seat", "spectator"]
        assert [client.welcome["seat"] for client in people] == [0, 1, None]
        assert people[0].welcome["table"] == {
            "id": created["id"], "game": "dinner", "title": game.title,
            "config": unstructure(game.Config(players=3)), "players": 3, "referee": False,
            "seats": [{"seat": 0, "kind": "person"}, {"seat": 1, "kind": "person"},
                      {"seat": 2, "kind": "random"}], **board_of(game, "en")}
        rng = random.Random(8)
        for _ in range(60):  # turns of both people, each checked at its version
            for client, seat in zip(people, (0, 1, TABLE), strict=True):
                update = await client.settle()
                check(client, seat, update)
            if people[0].update["finished"] or max(checked) >= 8:
                break
            movers = [client for client in people[:2] if client.update["legal"]]
            if not movers:  # the bot's turn: its update comes
                await people[2].next_update()
                continue
            for client in movers:
                await client.send({"type": "act",
                                   "action": rng.choice(client.update["legal"])["action"]})
        views = [client.update["view"]["data"] for client in people]
        for client in people:
            await client.close()
        return tuple(views)

    views = asyncio.run(scenario())
    assert len(checked) >= 12 and max(checked) >= 8
    # Dinner's hands are private: the seats' views differ from each other and from the
    # spectator's (who sees no hand at all).
    assert len({json.dumps(view, sort_keys=True) for view in views}) == 3


def test_votes_from_several_people_at_once_are_all_taken(server: ThreadServer) -> None:
    """Three people and a bot in Dany's Final Twist: simultaneous accusations, sent at
    the same moment, are applied one at a time and none is lost."""
    created = server.create("dany", ["person", "person", "person", "random"], seed=3)

    async def scenario() -> dict[str, Any]:
        host = await Client.join(server.ws_base, created["id"], created["host"])
        people = [await Client.join(server.ws_base, created["id"], seat["token"])
                  for seat in created["seats"][:3]]
        rng = random.Random(1)
        await asyncio.gather(rule_when_asked(host),
                             *(play_randomly(client, rng, pace=0.02) for client in people))
        final = host.update
        for client in (host, *people):
            await client.close()
        return final

    final = asyncio.run(scenario())
    actions = stored_actions(server.db, created["id"])
    accusations = [action.seat for action in actions if type(action).__name__ == "Accuse"]
    # One vote, or two after a tie: each a round in which every seat points once.
    assert len(accusations) in (4, 8)
    for start in range(0, len(accusations), 4):
        assert sorted(accusations[start:start + 4]) == [0, 1, 2, 3]
    assert final["finished"] and final["version"] == len(actions)


def test_the_bots_play_the_same_after_a_restart(server: ThreadServer, tmp_path: Path) -> None:
    """A table restored from its first k stored actions plays action k as the running
    table did: every bot decision is drawn from match_rng(seed, k)."""
    seats = ["random", "greedy", "ismcts:3", "random"]
    created = server.create("dany", seats, seed=21)

    async def finish() -> None:
        host = await Client.join(server.ws_base, created["id"], created["host"])
        await rule_when_asked(host)
        await host.close()

    asyncio.run(finish())
    game = partyrules.get_game("dany")
    actions = stored_actions(server.db, created["id"])
    union = action_union(game)
    texts = [json.dumps(unstructure(action, union)) for action in actions]
    row = TableRow(created["id"], "dany", json.dumps(unstructure(game.Config(players=4))),
                   21, json.dumps(seats), "", 0, False)
    store = Store(str(tmp_path / "unused.sqlite3"))  # never opened: nothing is committed
    replayed = 0
    for k in range(len(actions)):
        table = restore_table(StoredTable(row, tuple(texts[:k])), store=store,
                              bot_pool=None,  # type: ignore[arg-type]
                              race_pause=0.0)
        if actions[k].seat == TABLE:
            continue  # the host's ruling, not a bot's
        decision = decide(table._bot_request())  # as a bot worker decides it
        assert decision.action is not None, (k, decision.error)
        assert structure(parse_json(decision.action), union) == actions[k], k
        replayed += 1
    assert replayed > 10
    assert any(action.seat == TABLE for action in actions)  # the host's rulings came between


@pytest.mark.parametrize("pause", [1.0])
def test_in_a_race_the_bots_let_people_act_first(tmp_path: Path, pause: float) -> None:
    """When I Dream with a person as the Dreamer: the bots' clues come one per pause,
    and the Dreamer's guess, sent within the pause, is taken before the next clue."""
    running = ThreadServer(tmp_path / "tables.sqlite3", race_pause=pause)
    running.start()
    try:
        created = running.create("when_i_dream", ["person", "random", "random", "random"],
                                 seed=2)

        async def scenario() -> list[str]:
            dreamer = await Client.join(running.ws_base, created["id"],
                                        created["seats"][0]["token"])
            # The dream begins: the Dreamer, a clue-giver and the table may act.
            assert dreamer.update["to_act"] == [-1, 0, 1]
            await dreamer.until(lambda update: any(
                entry["action"]["type"] == "Guess" for entry in update["legal"]))
            before = dreamer.update["version"]
            guess = next(entry["action"] for entry in dreamer.update["legal"]
                         if entry["action"]["type"] == "Guess")
            await dreamer.send({"type": "act", "action": {**guess, "word": "moon"}})
            await dreamer.settle()
            # The bots go on after a pause: a clue comes.
            await dreamer.until(lambda update: update["version"] > before + 1)
            names = [type(action).__name__
                     for action in stored_actions(running.db, created["id"])[before:]]
            await dreamer.close()
            return names

        names = asyncio.run(scenario())
        assert names[0] == "Guess", names  # no bot's clue came before the guess
        assert "GiveClue" in names[1:], names
    finally:
        running.stop()


def test_an_action_the_store_refused_was_never_played(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A commit that fails (a full disk) leaves the table at its last stored action; the
    bots try again and the game goes on, as stored, to the end."""
    monkeypatch.setattr(tables_module, "_RETRY_PAUSE", 0.01)

    async def scenario() -> None:
        store = Store(str(tmp_path / "tables.sqlite3"))
        store.open()
        tables = tables_module.Tables(store, race_pause=0.0, limits=GENEROUS)
        commits = 0
        append = store.append_action

        async def failing_once(table_id: str, index: int, action: str,
                               finished: bool) -> None:
            nonlocal commits
            commits += 1
            if commits == 6:
                raise sqlite3.OperationalError("database or disk is full")
            await append(table_id, index, action, finished)

        monkeypatch.setattr(store, "append_action", failing_once)
        try:
            created = await tables.create({"game": "dinner", "seats": ["random"] * 3,
                                           "seed": 3})
            table = await tables.get(created["id"])
            assert table is not None
            for _ in range(2000):
                if table.finished:
                    break
                await asyncio.sleep(0.01)
            assert table.finished and commits > 6
            stored = await store.load(created["id"])
            assert stored is not None and len(stored.actions) == table.version
            replay = table.replay()
            assert replay.verify().ok and replay.final_state() == table.state
            restored = restore_table(stored, store=store,
                                     bot_pool=None,  # type: ignore[arg-type]
                                     race_pause=0.0)
            assert restored.state == table.state
        finally:
            await tables.close()
            store.close()

    asyncio.run(scenario())
