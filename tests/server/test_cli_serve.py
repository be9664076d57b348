"""``partyrules serve`` on the command line: its options, and a clear message when the
server's extra is missing."""

from __future__ import annotations

import sys

import pytest

from partyrules.cli import main


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
