"""The web table's bots think in worker processes: a table of bots plays exactly as the
match runner plays the same bots in one process, the decisions come from other
processes, and a worker that dies is replaced while the table goes on."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import partyrules
from partyrules.bots import make_bot
from partyrules.core.game import TABLE
from partyrules.core.match import Match
from partyrules.server import bots as bots_module
from partyrules.server import tables as tables_module
from partyrules.server.bots import BotPool, BotRequest, Decision
from partyrules.server.store import Store

from .conftest import GENEROUS, Client, ThreadServer, rule_when_asked, stored_actions

# Every kind of bot, a search bot included, and rulings of the host in between.
SEATS = ["random", "greedy", "ismcts:3", "random"]


def runner_actions(name: str, seats: list[str], seed: int) -> list[Any]:
    """The same bots on the match runner in this process: bot seats are its players,
    the table is outside and rules as the host does (its first ruling) whenever it alone
    may act; the draws after k actions come from match_rng(seed, k)."""
    game = partyrules.get_game(name)
    bots = {seat: make_bot(spec, game) for seat, spec in enumerate(seats)}
    match = Match(game, game.setup(game.Config(players=len(seats)), seed), bots,
                  table=None, seed=seed)
    while True:
        match.run()
        if match.finished:
            return list(match.actions)
        assert match.waiting == (TABLE,), match.turn().if_nobody_acts
        match.submit(next(game.legal_actions(match.state, TABLE)))


@pytest.mark.parametrize(("name", "seed"), [("dany", 21), ("dinner", 5), ("when_i_dream", 3)])
def test_a_table_of_bots_plays_as_the_match_runner(server: ThreadServer, name: str,
                                                   seed: int) -> None:
    seats = {"dinner": SEATS[:3], "when_i_dream": ["random", "greedy", "random", "random"]}.get(
        name, SEATS)
    created = server.create(name, seats, seed=seed)

    async def finish() -> None:
        host = await Client.join(server.ws_base, created["id"], created["host"])
        await rule_when_asked(host)
        await host.close()

    asyncio.run(finish())
    played = stored_actions(server.db, created["id"])
    assert played == runner_actions(name, seats, seed)
    assert len(played) > 10


def play_on_tables(tmp_path: Path, seats: list[str], seed: int,
                   each: Any = None) -> tuple[tables_module.LiveTable, list[Decision]]:
    """A table of bots played to its end on a server's tables (no client): the table,
    and every decision its bots' pool answered; ``each(decision, number)`` hears each."""
    decisions: list[Decision] = []
    decide = BotPool.decide

    async def recorded(pool: BotPool, request: BotRequest) -> Decision:
        decision = await decide(pool, request)
        decisions.append(decision)
        if each is not None:
            each(decision, len(decisions))
        return decision

    async def scenario() -> tables_module.LiveTable:
        store = Store(str(tmp_path / "tables.sqlite3"))
        store.open()
        tables = tables_module.Tables(store, race_pause=0.0, bot_processes=1,
                                      limits=GENEROUS)
        try:
            created = await tables.create({"game": "dinner", "seats": seats, "seed": seed})
            table = await tables.get(created["id"])
            assert table is not None
            for _ in range(3000):
                if table.finished:
                    break
                await asyncio.sleep(0.01)
            assert table.finished
            return table
        finally:
            await tables.close()
            store.close()

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(BotPool, "decide", recorded)
        return asyncio.run(scenario()), decisions


def test_the_bots_decide_in_another_process(tmp_path: Path) -> None:
    table, decisions = play_on_tables(tmp_path, ["random", "greedy", "random"], 3)
    workers = {decision.worker for decision in decisions}
    assert len(decisions) >= table.version > 10
    assert os.getpid() not in workers and len(workers) == 1  # bot_processes=1


def test_a_worker_that_dies_is_replaced_and_the_bots_go_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(tables_module, "_RETRY_PAUSE", 0.01)
    killed: list[int] = []

    def kill_the_fifth(decision: Decision, number: int) -> None:
        if number == 5:
            killed.append(decision.worker)
            os.kill(decision.worker, signal.SIGKILL)

    with caplog.at_level(logging.WARNING, "partyrules.server"):
        table, decisions = play_on_tables(tmp_path, ["random"] * 3, 3, kill_the_fifth)
    after = {decision.worker for decision in decisions[5:]}
    assert killed and after and killed[0] not in after
    assert table.replay().verify().ok
    assert table.replay().actions == tuple(runner_actions("dinner", ["random"] * 3, 3))
    assert all("\n" not in record.getMessage() and record.exc_info is None
               for record in caplog.records)


def test_an_action_the_worker_answers_is_checked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """A worker's answer is not trusted: an action of a person's seat, or one the rules
    refuse, is logged in one line and the bots try again, as after a bot's failure."""
    monkeypatch.setattr(tables_module, "_RETRY_PAUSE", 0.01)
    answers = iter([
        '{"type":"Exchange","seat":1,"card":33}',  # seat 1 is a person's
        '{"type":"Exchange","seat":0,"card":100000}',  # no such card
        "not JSON",
    ])

    async def lying(pool: BotPool, request: BotRequest) -> Decision:
        for answer in answers:
            return Decision(answer, 1)
        return bots_module.decide(request)

    monkeypatch.setattr(BotPool, "decide", lying)

    async def scenario() -> tables_module.LiveTable:
        store = Store(str(tmp_path / "tables.sqlite3"))
        store.open()
        tables = tables_module.Tables(store, race_pause=0.0, limits=GENEROUS)
        try:
            created = await tables.create({"game": "dinner", "seed": 3,
                                           "seats": ["random", "person", "random"]})
            table = await tables.get(created["id"])
            assert table is not None
            for _ in range(500):
                if table.version:
                    break
                await asyncio.sleep(0.01)
            return table
        finally:
            await tables.close()
            store.close()

    with caplog.at_level(logging.ERROR, "partyrules.server"):
        table = asyncio.run(scenario())
    refused = [record.getMessage() for record in caplog.records]
    assert len(refused) == 3, refused
    assert "no bot plays" in refused[0] and "BotFailed" in refused[1], refused
    assert all("\n" not in message for message in refused)
    assert table.version >= 1  # the bots went on


KILLED_SERVER = """
import asyncio, os, signal
from partyrules.server.bots import BotPool, BotRequest

async def main():
    pool = BotPool(1)
    request = BotRequest("t", "dinner", '{"players":3}', 3, ("random",) * 3, ())
    print((await pool.decide(request)).worker, flush=True)
    os.kill(os.getpid(), signal.SIGKILL)

asyncio.run(main())
"""


def test_the_workers_of_a_killed_server_end(tmp_path: Path) -> None:
    """A server killed with kill -9 never shuts its pool down: its workers see it gone
    and end (with them, the forkserver)."""
    # A file, not a pipe: the workers inherit the output, and a pipe would stay open.
    with (tmp_path / "out").open("w+") as out:
        ran = subprocess.run([sys.executable, "-c", KILLED_SERVER], stdout=out,
                             timeout=60, check=False)
        out.seek(0)
        worker = int(out.read())
    assert ran.returncode == -signal.SIGKILL
    for _ in range(100):
        try:
            os.kill(worker, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)
    raise AssertionError(f"worker {worker} outlived its server")
