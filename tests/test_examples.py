"""The scripts in ``examples/`` run and print what they promise (the documentation pages'
own examples run as tests of their own, through sybil: see ``conftest.py``)."""

from __future__ import annotations

import re
import runpy
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
EXAMPLES = ROOT / "examples"
DOCS = ROOT / "docs"


def run_example(name: str, capsys: pytest.CaptureFixture[str]) -> list[str]:
    runpy.run_path(str(EXAMPLES / name), run_name="__main__")
    out, err = capsys.readouterr()
    assert err == ""
    return out.splitlines()


def test_every_example_is_tested_and_documented() -> None:
    scripts = sorted(path.name for path in EXAMPLES.glob("*.py"))
    assert scripts == ["drive_a_game.py", "learn_hollywood.py", "openspiel_ismcts.py",
                       "pettingzoo_random.py", "save_and_verify_replay.py", "write_a_bot.py"]
    for name in scripts:
        text = (EXAMPLES / name).read_text(encoding="utf-8")
        assert text.startswith('"""'), f"{name} has no module docstring"
        assert name in (DOCS / "index.md").read_text(encoding="utf-8")


def test_drive_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    title, scores, winners = run_example("drive_a_game.py", capsys)
    match = re.fullmatch(r"Guess Who's Coming to Dinner: (\d+) actions, ended by (\w+)", title)
    assert match is not None and int(match.group(1)) > 0
    assert match.group(2) in {"hand_emptied", "pile_exhausted"}
    points = [int(p) for p in re.fullmatch(
        r"scores: seat 0 (\d+), seat 1 (\d+), seat 2 (\d+), seat 3 (\d+)", scores).groups()]
    best = [seat for seat, score in enumerate(points) if score == max(points)]
    assert winners == f"winners: {best}"


def test_write_a_bot(capsys: pytest.CaptureFixture[str]) -> None:
    lines = run_example("write_a_bot.py", capsys)
    assert len(lines) == 4
    wins = []
    for seat, line in enumerate(lines):
        bot = "greedy" if seat == 0 else "random"
        match = re.fullmatch(rf"seat {seat} \({bot}\): (\d+) wins in 50 games", line)
        assert match is not None, line
        wins.append(int(match.group(1)))
    assert sum(wins) >= 50  # every game has a winner; ties share the win


def test_save_and_verify_replay(capsys: pytest.CaptureFixture[str]) -> None:
    saved, verified, same, outcome = run_example("save_and_verify_replay.py", capsys)
    match = re.fullmatch(r"saved (\d+) actions to a \d+-byte file", saved)
    assert match is not None
    assert verified == f"verified: ok=True, applied={match.group(1)}, terminal=True"
    assert same == "same final state: True"
    assert outcome.startswith("outcome: Outcome(winners=frozenset({")


def test_openspiel_ismcts(capsys: pytest.CaptureFixture[str]) -> None:
    played, returns = run_example("openspiel_ismcts.py", capsys)
    match = re.fullmatch(r"partyrules_dany\(.*turn_based=True\): (\d+) decisions, (\d+) "
                         r"searched by ISMCTS for seat 0", played)
    assert match is not None and 0 < int(match.group(2)) <= int(match.group(1))
    assert re.fullmatch(r"returns: \[[01]\.0, [01]\.0, [01]\.0\], ended by \w+", returns)


def test_learn_hollywood(capsys: pytest.CaptureFixture[str],
                         monkeypatch: pytest.MonkeyPatch) -> None:
    # A small budget: the script's point is that it learns; here, that it runs and
    # reports what it promises.
    monkeypatch.setenv("PARTYRULES_TRAIN_GAMES", "6")
    monkeypatch.setenv("PARTYRULES_EVAL_GAMES", "4")
    before, trained, after = run_example("learn_hollywood.py", capsys)
    for line, when in ((before, "before training"), (after, "after training")):
        match = re.fullmatch(rf"{when}: (\d+) wins in 4 games \((\d+)%\) against a "
                             r"random seat", line)
        assert match is not None, line
        assert 0 <= int(match.group(1)) <= 4
        assert int(match.group(2)) == round(100 * int(match.group(1)) / 4)
    assert trained == "trained on 6 games"


def test_pettingzoo_random(capsys: pytest.CaptureFixture[str]) -> None:
    steps, rewards, winners = run_example("pettingzoo_random.py", capsys)
    assert re.fullmatch(r"\d+ agent steps, ended by \w+", steps)
    values = re.findall(r"seat_(\d) ([01]\.0)", rewards)
    assert len(values) == 4
    assert winners == f"winners: {[int(s) for s, v in values if v == '1.0']}"
