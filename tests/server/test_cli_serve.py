"""``partyrules serve`` on the command line: its options, and a clear message when the
server's extra is missing."""

from __future__ import annotations

import asyncio
import sqlite3
import sys
from pathlib import Path

import pytest

from partyrules.cli import main
from partyrules.server.store import Store, TableRow


def test_serve_without_the_extra_names_it(capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "starlette", None)  # import starlette fails
    assert main(["serve", "--port", "1"]) == 2
    err = capsys.readouterr().err
    assert err == ("partyrules: error: partyrules serve needs the 'starlette' package: "
                   "pip install 'partyrules[server]'\n")


@pytest.mark.parametrize("argv", [["serve", "--race-pause", "-1"],
                                  ["serve", "--race-pause", "soon"],
                                  ["serve", "--port", "eighty"],
                                  ["serve", "--bot-processes", "0"],
                                  ["serve", "--bot-processes", "1.5"]])
def test_bad_serve_options_are_usage_errors(capsys: pytest.CaptureFixture[str],
                                            argv: list[str]) -> None:
    assert main(argv) == 2
    assert "usage: partyrules serve" in capsys.readouterr().err


def test_serve_help_lists_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--help"]) == 0
    out = capsys.readouterr().out
    for option in ("--host", "--port", "--db", "--race-pause", "--bot-processes"):
        assert option in out
    assert "partyrules.sqlite3" in out


def test_serve_help_lists_the_limits(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--help"]) == 0
    out = capsys.readouterr().out
    for option in ("--max-game-length", "--max-actions", "--tables-per-minute",
                   "--open-tables-per-client", "--open-tables", "--bot-seats",
                   "--bot-budget", "--max-text", "--idle-minutes", "--allow-origin"):
        assert option in out


def test_the_admin_closes_a_table_from_the_command_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "tables.sqlite3"
    store = Store(str(db))
    store.open()
    try:
        row = TableRow("t1", "dany", '{"players": 3}', 7, '["person", "random", "random"]',
                       "2026-12-01T10:00:00+00:00", 0, False)
        asyncio.run(store.create_table(row, []))
    finally:
        store.close()
    assert main(["close-table", "t1", "--db", str(db)]) == 0
    assert capsys.readouterr().out == "t1: closed\n"
    # Closing it again, or a table that is not there, says so and exits 1.
    assert main(["close-table", "t1", "nope", "--db", str(db)]) == 1
    assert capsys.readouterr().out == (
        "t1: no such open table (closed already, or never there)\n"
        "nope: no such open table (closed already, or never there)\n")
    with sqlite3.connect(db) as connection:
        assert connection.execute("SELECT closed FROM tables WHERE id = 't1'"
                                  ).fetchone() == (1,)
    assert main(["close-table", "t1", "--db", str(tmp_path / "missing.sqlite3")]) == 2
    assert "no such file" in capsys.readouterr().err
