"""The ``partyrules`` command line, driven through ``main(argv)``."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import attrs
import pytest

import partyrules
from partyrules import cli
from partyrules.bots import ISMCTSBot, RandomBot, make_bot
from partyrules.cli import main
from partyrules.core.serialize import LoadLimits


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def feed(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))


def narrated(out: str) -> list[str]:
    """The narration lines of a play or replay transcript."""
    return [line for line in out.splitlines() if re.match(r"^ *\d+  Seat -?\d+ ", line)]


def test_list_names_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "list")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == len(partyrules.GAMES)
    assert any(re.fullmatch(r"dinner +Guess Who's Coming to Dinner +3-7 players", line)
               for line in lines)


def test_play_random_seats_to_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "dinner", "--seats", "random,random,random",
                         "--seed", "5")
    assert code == 0, err
    match = re.search(r"^Game over after (\d+) actions \((\w+)\)\.$", out, re.M)
    assert match is not None
    assert len(narrated(out)) == int(match.group(1))
    assert re.search(r"^Winners?: seat \d", out, re.M)
    assert re.search(r"^Scores: seat 0: \d+, seat 1: \d+, seat 2: \d+$", out, re.M)


def test_play_same_seed_same_game(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "play", "dinner", "--players", "4", "--seed", "11")
    second = run(capsys, "play", "dinner", "--players", "4", "--seed", "11")
    other = run(capsys, "play", "dinner", "--players", "4", "--seed", "12")
    assert first == second
    assert first[1] != other[1]


def test_play_human_is_reprompted_on_bad_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    feed(monkeypatch, "x\n999\n\n-1\n" + "1\n" * 5000)
    code, out, err = run(capsys, "play", "dinner", "--seats", "human,random,random",
                         "--seed", "3")
    assert code == 0, err
    before_first_move = out.split("\n    0  Seat 0")[0]
    for bad in ("'x'", "'999'", "''", "'-1'"):
        pattern = rf"Please type a number from 1 to \d+, not {bad} \(end of input quits\)\."
        assert re.search(pattern, before_first_move)
    assert before_first_move.count("Your choice (1-") == 5  # four refusals, one accepted
    assert "Seat 0, your move:" in out
    assert "Your hand (seat 0):" in out  # the human saw their view
    # The first valid answer picked option 1 and the game went on to its end.
    assert narrated(out)[0].split(maxsplit=1)[1].startswith("Seat 0 ")
    assert "Game over after" in out
    assert "Traceback" not in out + err


def test_play_human_free_text_is_asked_and_used(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Always "1", and "1" again as the text: every story the human tells is "1".
    feed(monkeypatch, "1\n" * 5000)
    code, out, _ = run(capsys, "play", "dinner", "--seats", "human", "--players", "3",
                       "--seed", "3")
    assert code == 0
    assert "story: " in out
    assert re.search(r"^ *\d+  Seat 0 explains the table: \u201c1\u201d", out, re.M)


def test_play_hides_earlier_ballots_until_the_human_has_voted(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    feed(monkeypatch, "1\n" * 5000)
    code, out, _ = run(capsys, "play", "dinner", "--seats", "random,random,human",
                       "--seed", "6")
    assert code == 0
    lines = out.splitlines()
    ballot = r" *\d+  Seat {} (accepts|rejects|votes)"
    # Seat 1 votes before seat 2 on seat 0's tables, yet its ballot is narrated only
    # once the human (seat 2) has answered the prompt.
    held = [i for i, line in enumerate(lines[:-1]) if re.match(ballot.format(1), line)
            and re.match(ballot.format(2), lines[i + 1])]
    assert held
    assert all(lines[i - 1].startswith("Your choice (1-") for i in held)


def test_play_end_of_input_quits_with_code_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    feed(monkeypatch, "1\nnonsense\n")
    save = tmp_path / "abandoned.json"
    code, out, err = run(capsys, "play", "dinner", "--seats", "human,random,random",
                         "--seed", "3", "--save", str(save))
    assert code == 1
    assert "input ended; game abandoned after 1 actions" in err
    assert "Traceback" not in out + err
    assert "Game over" not in out
    replay = partyrules.loads(save.read_text(encoding="utf-8"))
    assert len(replay.actions) == 1  # the moves made so far are kept as a replay
    assert replay.verify().ok


def tables(out: str) -> dict[str, list[list[str]]]:
    """The rich tables of a simulate or tournament summary by title: rows of cells (the
    header row first, when the table has one)."""
    found: dict[str, list[list[str]]] = {}
    rows: list[list[str]] = []
    for line in out.splitlines():
        if line and not line.startswith(" "):
            rows = found.setdefault(line.strip(), [])
        elif line.strip() and not line.strip().startswith("─"):
            rows.append(re.split(r"  +", line.strip()))
    return found


def test_simulate_counts_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "dinner", "--games", "5", "--seed", "100")
    assert code == 0, err
    found = tables(out)
    games = dict(found["Games"])
    assert games["games"] == "5"
    assert sum(int(v) for k, v in games.items() if k.startswith("ended by ")) == 5
    assert games["mean length"].endswith(" actions")
    assert games["speed"].endswith(" games/s")
    header, *bots = found["Bots (per seat-game)"]
    assert header == ["bot", "seat-games", "wins", "win rate", "95% interval", "mean score"]
    assert [row[:2] for row in bots] == [["random", "15"]]  # 3 unnamed seats: random
    seats = found["Seats"][1:]
    assert [row[:2] for row in seats] == [["seat 0", "5"], ["seat 1", "5"], ["seat 2", "5"]]
    assert sum(int(row[2]) for row in seats) == int(bots[0][2]) >= 5  # ties: every winner
    assert err == ""  # no progress bar when stderr is not a terminal


def test_simulate_draws_a_progress_bar_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    code, out, _ = run(capsys, "simulate", "dinner", "--games", "3")
    assert code == 0
    drawn = terminal.getvalue()
    assert "3/3" in drawn and "games/s" in drawn and "ETA" in drawn
    assert "\r" not in out and "\x1b" not in out


def test_simulate_draws_a_progress_bar_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate", "dinner", "--games", "2", "--progress")
    assert code == 0 and "2/2" in err  # drawn even off a terminal


def test_simulate_json_lines_replay_with_play(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines = tmp_path / "games.jsonl"
    code, _, err = run(capsys, "simulate", "dany", "--seats", "ismcts:5,random",
                         "--players", "4", "--games", "4", "--seed", "30", "-o",
                         "memory_cards=40", "--json", str(lines))
    assert code == 0, err
    games = [json.loads(line) for line in lines.read_text(encoding="utf-8").splitlines()]
    assert [game["seed"] for game in games] == [30, 31, 32, 33]
    assert [game["seats"].index("ismcts:5") for game in games] == [0, 1, 2, 3]  # rotated
    for game in games:
        assert game["player_seed"] == game["seed"] and game["config"]["memory_cards"] == 40
        options = [f"{name}={json.dumps(value)}" for name, value in game["config"].items()]
        code, played, _ = run(capsys, "play", game["game"], "--seed", str(game["seed"]),
                              "--seats", ",".join(game["seats"]),
                              *(arg for option in options for arg in ("-o", option)))
        assert code == 0
        assert f"Game over after {game['length']} actions ({game['reason']})." in played
        winners = ", ".join(f"seat {seat}" for seat in game["winners"]) or "nobody"
        assert re.search(rf"^Winners?: {winners}$", played, re.M)


def test_simulate_workers_do_not_change_results(capsys: pytest.CaptureFixture[str]) -> None:
    def summary(workers: str) -> dict[str, list[list[str]]]:
        code, out, _ = run(capsys, "simulate", "dany", "--games", "12", "--players", "4",
                           "--seats", "ismcts:3", "--workers", workers)
        assert code == 0
        found = tables(out)
        found["Games"] = [row for row in found["Games"] if row[0] not in ("elapsed", "speed")]
        return found

    single = summary("1")
    assert len(single["Seats"]) == 5
    assert [row[:2] for row in single["Bots (per seat-game)"][1:]] == [
        ["ismcts:3", "12"], ["random", "36"]]
    assert summary("2") == single


def test_tournament_rates_every_pair_and_plots(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    plot, lines = tmp_path / "ratings.svg", tmp_path / "games.jsonl"
    code, out, err = run(capsys, "tournament", "dany", "--bots", "random,ismcts:4,ismcts:8",
                         "--games-per-pair", "3", "--plot", str(plot), "--json", str(lines),
                         "--workers", "2")
    assert code == 0, err
    found = tables(out)
    header, *pairs = found["Pairs (a shared win counts for both bots)"]
    assert header[:4] == ["bot", "against", "games", "wins"]
    assert [row[:3] for row in pairs] == [
        ["random", "ismcts:4", "3"], ["ismcts:4", "random", "3"],
        ["random", "ismcts:8", "3"], ["ismcts:8", "random", "3"],
        ["ismcts:4", "ismcts:8", "3"], ["ismcts:8", "ismcts:4", "3"]]
    header, *rated = found["Bots (OpenSkill Plackett-Luce; ordinal = mu - 3 sigma)"]
    assert header[-3:] == ["mu", "sigma", "ordinal"]
    assert sorted(row[0] for row in rated) == ["ismcts:4", "ismcts:8", "random"]
    ordinals = [float(row[-1]) for row in rated]
    assert ordinals == sorted(ordinals, reverse=True)  # best first
    assert all(row[1] == "6" for row in rated)  # two pairs of 3 games each
    assert dict(found["Games"])["games"] == "9"
    assert plot.read_text(encoding="utf-8").lstrip().startswith("<?xml")
    assert len(lines.read_text(encoding="utf-8").splitlines()) == 9


@pytest.mark.parametrize(("argv", "message"), [
    (["simulate", "dinner", "--games", "2", "--seats", "random,human"],
     "seat 1: bots only here, not 'human'"),
    (["simulate", "dinner", "--games", "2", "--seats", "genius"],
     "seat 0: no bot called 'genius'"),
    (["tournament", "dinner", "--bots", "random", "--games-per-pair", "2"],
     "at least two bots"),
    (["tournament", "dinner", "--bots", "random,random", "--games-per-pair", "2"],
     "each named once"),
    (["tournament", "dinner", "--bots", "random,ismcts:2", "--games-per-pair", "1",
      "--plot", "x.gif"], "a plot is a .png or a .svg file, not 'x.gif'"),
])
def test_bad_simulation_arguments_are_clear_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and message in err and out == ""


def test_simulate_without_the_sim_extra_names_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "rich", None)  # an import of rich now fails
    code, out, err = run(capsys, "simulate", "dinner", "--games", "1")
    assert code == 2 and out == ""
    assert "partyrules simulate needs the 'rich' package: pip install 'partyrules[sim]'" in err


def test_replay_of_a_saved_game_verifies(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    code, played, _ = run(capsys, "play", "dinner", "--seed", "4", "--save", str(save))
    assert code == 0
    code, out, err = run(capsys, "replay", str(save))
    assert code == 0, err
    assert "Replay verified: all" in out
    assert narrated(out) == narrated(played)
    outcome = [line for line in played.splitlines() if line.startswith(("Winner", "Scores"))]
    assert outcome and all(line in out.splitlines() for line in outcome)


@pytest.mark.parametrize("game", sorted(partyrules.GAMES))
def test_replay_narrates_in_italian_when_asked(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path, game: str) -> None:
    save = tmp_path / "game.json"
    code, played, _ = run(capsys, "play", game, "--seed", "3", "--save", str(save))
    assert code == 0
    code, out, err = run(capsys, "replay", str(save), "--language", "it")
    assert code == 0, err
    def numbered(transcript: str) -> dict[int, str]:
        return {int(number): line for number, line in
                re.findall(r"^ *(\d+)  (\S.*)$", transcript, re.M)}

    english, italian = numbered(played), numbered(out)
    assert english and sorted(italian) == sorted(english)
    same = [line for number, line in english.items() if italian[number] == line]
    assert not same, same[:5]
    code, _, err = run(capsys, "replay", str(save), "--language", "fr")
    assert code == 2 and "invalid choice: 'fr'" in err


def test_replay_reports_a_tampered_action(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    assert run(capsys, "play", "dinner", "--seed", "4", "--save", str(save))[0] == 0
    document = json.loads(save.read_text(encoding="utf-8"))
    actions = document["data"]["actions"]
    index = next(i for i, action in enumerate(actions) if "card" in action)
    actions[index]["card"] = 9999
    save.write_text(json.dumps(document), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(save))
    assert code == 1
    assert f"Replay FAILED at action {index} (" in out
    assert "9999" in out
    assert len(narrated(out)) == index  # narrated up to the bad action
    assert "Traceback" not in out + err


@pytest.mark.parametrize("content", ["{not json", '{"format": "partyrules"}', ""])
def test_replay_of_a_corrupt_file_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(content, encoding="utf-8")
    code, out, err = run(capsys, "replay", str(bad))
    assert code == 2
    assert err.startswith("partyrules: error: ")
    assert out == ""


@pytest.mark.parametrize("content", [b"\x00\x01\xff" * 100, '{"a": 1}'.encode("utf-16"),
                                     b"[" * 100_000, b"9" * 5000],
                         ids=["binary", "utf16", "deep", "huge-int"])
def test_replay_of_a_file_that_is_not_a_document_is_an_error_without_a_traceback(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    code, out, err = run(capsys, "replay", str(bad))
    assert code == 2
    assert err.startswith("partyrules: error: ") and err.count("\n") == 1
    assert out == ""


def test_replay_reads_no_further_than_the_size_limit(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli, "LoadLimits", lambda: LoadLimits(max_bytes=1000))
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 1001)
    code, _, err = run(capsys, "replay", str(big))
    assert code == 2
    assert "is larger than 1000 bytes" in err
    if Path("/dev/zero").exists():  # a file that never ends
        code, _, err = run(capsys, "replay", "/dev/zero")
        assert code == 2
        assert "is larger than 1000 bytes" in err


@pytest.mark.parametrize(("value", "words"), [("[" * 100_000, "nesting deeper"),
                                              ("9" * 5000, "over the limit of 40 digits")],
                         ids=["deep", "huge-int"])
def test_an_option_past_the_json_limits_is_an_error_without_a_traceback(
    capsys: pytest.CaptureFixture[str], value: str, words: str
) -> None:
    code, out, err = run(capsys, "play", "dinner", "-o", f"players={value}")
    assert code == 2 and out == ""
    assert err.startswith("partyrules: error: option players: ") and words in err


def test_replay_recorded_with_other_component_data_is_not_replayed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = partyrules.get_game("dinner")
    state = game.setup(game.Config(players=3), 1)
    replay = partyrules.Replay("dinner", state.config, 1, (next(game.legal_actions(state, 0)),),
                               components="0123456789abcdef")
    path = tmp_path / "other.json"
    path.write_text(partyrules.dumps(replay), encoding="utf-8")
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 1
    assert "Replay NOT verified: recorded with other dinner component data" in out


def test_replay_of_a_state_file_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = partyrules.get_game("dinner")
    path = tmp_path / "state.json"
    path.write_text(partyrules.dumps(game.setup(game.Config(players=3), 1)), encoding="utf-8")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2
    assert "expected a Replay, found a State" in err


def test_replay_of_a_missing_file_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, "replay", str(tmp_path / "nowhere.json"))
    assert code == 2
    assert "partyrules: error: " in err and "nowhere.json" in err


def test_version_names_the_installed_distribution(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    assert code == 0
    assert out == f"partyrules {partyrules.__version__}\n"
    assert partyrules.__version__[0].isdigit()


def test_schema_is_json_with_defs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "schema", "dinner")
    assert code == 0
    schema = json.loads(out)
    assert "$defs" in schema
    assert "Propose" in schema["$defs"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "chess"], "no game called 'chess'; known games: "),
        (["schema", "chess"], "no game called 'chess'"),
        (["simulate", "chess", "--games", "1"], "no game called 'chess'"),
        (["play", "dinner", "--players", "9"], "3 to 7 players, not 9"),
        (["simulate", "dinner", "--games", "2", "--players", "2"], "3 to 7 players, not 2"),
        (["play", "dinner", "--seats", "human,genius"], "no bot called 'genius'"),
        (["play", "dinner", "--players", "3", "--seats", "random," * 3 + "random"],
         "4 seats given for 3 players"),
    ],
)
def test_bad_arguments_are_errors_not_tracebacks(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert err.startswith("partyrules: error: ")
    assert message in err


@pytest.mark.parametrize("argv", [[], ["simulate", "dinner"], ["simulate", "dinner",
                                                                "--games", "0"],
                                  ["simulate", "dinner", "--games", "x"],
                                  ["play", "dinner", "--players", "-3"],
                                  ["verify", "dinner", "--players", "0"]])
def test_bad_usage_returns_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert "usage: partyrules" in err


def test_make_bot_resolves_names() -> None:
    game = partyrules.get_game("dinner")
    bot = make_bot("random", game)
    assert isinstance(bot, RandomBot) and bot.name == "random"
    with pytest.raises(partyrules.InvalidConfig,
                       match="known bots: greedy, ismcts, ismcts:N, random"):
        make_bot("perfect", game)
    searcher = make_bot("ismcts:25", game)
    assert isinstance(searcher, ISMCTSBot) and searcher.iterations == 25
    assert make_bot("ismcts", game).name == "ismcts:200"
    for bad in ("ismcts:0", "ismcts:x", "ismcts:"):
        with pytest.raises(partyrules.InvalidConfig, match="iterations"):
            make_bot(bad, game)


def test_play_accepts_search_bots_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "dany", "--seats", "ismcts:5,random,random",
                         "--seed", "3")
    assert code == 0, err
    assert "Seats: 0 ismcts:5, 1 random, 2 random" in out and "Game over" in out


# -- the table's rulings (TABLE, seat -1) ------------------------------------------------------


def test_bots_let_the_table_rule_only_when_nobody_else_may_act(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "dany", "--players", "4", "--seed", "3")
    assert code == 0 and "Game over" in out
    assert "helped" not in out and "cannot explain" not in out  # no objection raised
    assert "The table confirms the reveal" in out


def test_a_person_is_offered_the_tables_ruling_among_their_choices(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # Seat 0 composes first: 7 Keep, then Done, then the table's Invalidate (letter a:
    # the table's rulings are lettered, so the seat's own numbers never shift).
    feed(monkeypatch, "a\n" + "1\n" * 400)
    code, out, _ = run(capsys, "play", "dany", "--seats", "human,random,random,random",
                       "--seed", "3")
    assert code == 0
    first_menu = out.split("Your choice", 1)[0]
    assert "a) The table rules that the active personality helped" in first_menu
    assert "9)" not in first_menu
    assert "the turn is void" in out
    assert "rule for the whole table" in out  # the reveal waits on the table alone


def test_config_options_reach_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "dany", "--players", "9", "-o", "danys_reason=true",
                       "--seed", "2")
    assert code == 0 and "Game over" in out
    code, out, _ = run(capsys, "simulate", "dany", "--games", "4", "--players", "5",
                       "--option", "danys_reason=true", "-o", "memory_cards=40")
    assert code == 0 and dict(tables(out)["Games"])["games"] == "4"


@pytest.mark.parametrize(("option", "message"), [
    ("danys_reason=yes", "option danys_reason: expected true or false, got 'yes'\n"),
    ("colour=1", "no config field 'colour'; the fields are players, danys_reason, "
                 "first_active, memory_cards, idea_words, idea_cards\n"),
    ("memory_card=40", "no config field 'memory_card' (did you mean 'memory_cards'?)"),
    ("first_active=9", "first_active must be a seat"),
    ("idea_words=[1]", "option idea_words[0]: expected a JSON array, got 1\n"),
    ("danys_reason", "NAME=VALUE"),
])
def test_bad_config_options_are_clear_errors(capsys: pytest.CaptureFixture[str], option: str,
                                             message: str) -> None:
    code, _, err = run(capsys, "play", "dany", "--players", "5", "-o", option)
    assert code == 2 and message in err and "Traceback" not in err
    assert err.startswith("partyrules: error: ") and "@ config" not in err


@pytest.mark.parametrize("command", [["play"], ["simulate", "--games", "1"],
                                     ["tournament", "--bots", "random,greedy",
                                      "--games-per-pair", "1"], ["verify"]])
def test_a_value_outside_an_options_choices_names_them_not_cattrs(
        capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    code, _, err = run(capsys, command[0], "when_i_dream", *command[1:], "-o", "side=sideways")
    assert code == 2
    assert err == ("partyrules: error: option side: expected one of 'top', 'bottom', "
                   "'expert', got 'sideways'\n")
    for leak in ("Literal", "cattrs", "Traceback", "typing"):
        assert leak not in err


def test_one_spelling_sets_config_options_in_every_command_and_the_other_is_an_alias(
        capsys: pytest.CaptureFixture[str]) -> None:
    parser = cli._parser()
    for command in (["play", "dinner"], ["simulate", "dinner", "--games", "1"],
                    ["tournament", "dinner", "--bots", "random", "--games-per-pair", "1"],
                    ["verify", "dinner"]):
        for spelling in ("-o", "--option", "--config"):
            args = parser.parse_args([*command, spelling, "first_player=1", spelling,
                                      "no_screen_tables=true"])
            assert args.option == ["first_player=1", "no_screen_tables=true"], (command,
                                                                                 spelling)
    for spelling in ("--option", "--config"):
        code, _, err = run(capsys, "verify", "dinner", spelling, "first_player=1",
                           "--max-states", "5", "--no-progress")
        assert code == 3, err
    code, _, err = run(capsys, "verify", "dinner", "--config", "first_player=1", "--from",
                       "x.json")
    assert code == 2 and "give no --option, --players" in err


# -- serve: refused before anything is created --------------------------------------------------


@pytest.fixture
def no_server(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A scratch folder as the current one, where ``serve`` must not get to run."""
    monkeypatch.chdir(tmp_path)
    if _has_server_extra():
        import partyrules.server

        def refuse(*args: object, **kwargs: object) -> None:
            raise AssertionError("the server was started")

        monkeypatch.setattr(partyrules.server, "serve", refuse)
    return tmp_path


def _has_server_extra() -> bool:
    import importlib.util

    return all(importlib.util.find_spec(name) is not None
               for name in ("starlette", "uvicorn", "websockets"))


@pytest.mark.parametrize("port", ["99999", "0", "-1", "65536", "eighty"])
def test_serve_refuses_a_port_outside_1_to_65535_before_creating_the_database(
        capsys: pytest.CaptureFixture[str], no_server: Path, port: str) -> None:
    code, _, err = run(capsys, "serve", "--port", port)
    assert code == 2
    assert f"argument --port: must be a port from 1 to 65535, not {port}" in err
    assert "Traceback" not in err and "Overflow" not in err
    assert list(no_server.iterdir()) == []  # no partyrules.sqlite3 left behind


def test_serve_refuses_a_port_in_use_and_a_missing_folder_before_creating_the_database(
        capsys: pytest.CaptureFixture[str], no_server: Path) -> None:
    if not _has_server_extra():
        pytest.skip("the server extra is not installed")
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, _, err = run(capsys, "serve", "--port", str(port))
    assert code == 2
    assert err == (f"partyrules: error: cannot listen on 127.0.0.1:{port}: "
                   "address already in use\n")
    code, _, err = run(capsys, "serve", "--port", str(port), "--db",
                       str(no_server / "missing" / "tables.sqlite3"))
    assert code == 2 and "there is no folder" in err and "Traceback" not in err
    code, _, err = run(capsys, "serve", "--port", str(port), "--db", str(no_server))
    assert code == 2 and "a folder, not a file" in err
    assert list(no_server.iterdir()) == []


# -- races and typed text (When I Dream) -------------------------------------------------------


def test_a_human_dreamer_waits_for_clues_and_types_guesses(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # Menu of the Dreamer in a race: 1) Guess (typed), a) time up, w) Wait (no breach to
    # rule: nobody has given a clue on the card yet).
    feed(monkeypatch, "w\n1\nmoonlight\n" + "1\nx\n" * 3000)
    code, out, _ = run(capsys, "play", "when_i_dream", "--seats",
                       "human,random,random,random", "--seed", "4")
    assert code == 0 and "Game over" in out
    first = out.split("Your choice", 1)[0]
    assert "Guess (you type the word)" in first and "Wait: let the others act first" in first
    lines = narrated(out)
    assert re.search(r"Seat [123] says", lines[0])  # the Dreamer waited for a clue
    assert any("Seat 0 dreams of \u201cmoonlight\u201d" in line for line in lines)


def test_a_typed_narration_that_breaks_a_rule_is_asked_again(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # Call time at once (the table's a), no card guessed; decline; then narrate too many
    # words.
    feed(monkeypatch, "a\n2\n1\nsun moon star\n1\n\n" + "1\nx\n" * 3000)
    code, out, _ = run(capsys, "play", "when_i_dream", "--seats",
                       "human,random,random,random", "--seed", "4")
    assert code == 0
    assert "Not allowed: 3. the narration names at most one piece per guess" in out
    assert "Seat 0 tells the dream: nothing" in out


def test_play_dylan_dog_shows_the_board(capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    feed(monkeypatch, "1\n" * 200)
    code, out, err = run(capsys, "play", "dylan_dog", "--seats", "human,random,random",
                         "--seed", "3", "-o", "turn_limit=9")
    assert code == 0, err
    assert "Nightmare plane rotated by 0 (square 0 at sector 0)" in out
    assert re.search(r"^ +3  \. +3 nightmare card +crypt Mente$", out, re.M)
    assert re.search(r"^ +0  white A +0 nightmare card +gate Tempo-Mente$", out, re.M)
    assert "Game over after" in out and "(turn_limit)" in out


def test_play_hollywood_shows_the_film_table(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    feed(monkeypatch, "1\n" * 2000)
    code, out, err = run(capsys, "play", "hollywood", "--seats", "human,random", "--seed", "4")
    assert code == 0, err
    assert re.search(r"^Money: seat 0 \$12M, seat 1 \$12M; bid cards: seat 0 \[0, 1, 2, 3, 4\]",
                     out, re.M)
    assert re.search(r"^  seat film coins genre snd duo chor crit fest total cost title$", out,
                     re.M)
    assert re.search(r"^  Film of the Year: (seat \d, film \d|none)$", out, re.M)
    assert "Game over after" in out


def test_play_seat_count_follows_the_seats(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    feed(monkeypatch, "1\n" * 5000)
    code, out, err = run(capsys, "play", "dinner", "--seats", "human", "--seed", "3")
    assert code == 0, err
    assert "Guess Who's Coming to Dinner: 3 players, seed 3" in out
    assert "Seats: 0 human, 1 random, 2 random" in out


def test_hot_seat_calls_the_next_person_before_showing_a_hand(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    feed(monkeypatch, "1\n" * 5000)
    code, out, err = run(capsys, "play", "dinner", "--seats", "human,human,random",
                         "--seed", "4")
    assert code == 0, err
    lines = out.splitlines()
    looking: int | None = None
    prompts = 0
    for line in lines:
        called = re.search(r"Pass the screen to seat (\d+), then press Enter", line)
        if called:
            looking = int(called.group(1))
        turn = re.match(r"Seat (\d+), your move:", line)
        if turn:
            prompts += 1
            assert int(turn.group(1)) == looking, "a hand shown to the wrong person"
    assert prompts > 5 and out.count("Pass the screen to seat") > 2


def test_a_saved_game_is_resumed_where_it_stopped(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    saved = tmp_path / "game.json"
    feed(monkeypatch, "1\n" * 6)  # input ends mid-game: the game is saved as it stands
    code, out, _ = run(capsys, "play", "dinner", "--seats", "human,random,random",
                       "--seed", "9", "--save", str(saved))
    assert code == 1
    partial = partyrules.loads(saved.read_text(encoding="utf-8"))
    assert isinstance(partial, partyrules.Replay) and partial.actions
    finished = tmp_path / "finished.json"
    code, out, err = run(capsys, "play", "--resume", str(saved), "--seats",
                         "random,random,random", "--save", str(finished))
    assert code == 0, err
    assert f"seed 9, resumed after {len(partial.actions)} actions" in out
    whole = partyrules.loads(finished.read_text(encoding="utf-8"))
    assert whole.actions[:len(partial.actions)] == partial.actions
    assert whole.verify().ok and whole.verify().terminal
    numbers = [int(line.split()[0]) for line in narrated(out)]
    assert numbers[0] == len(partial.actions)  # numbered like the replay's actions
    code, _, err = run(capsys, "play", "--resume", str(finished))
    assert code == 2 and "already over" in err
    code, _, err = run(capsys, "play", "dany", "--resume", str(saved))
    assert code == 2 and "--resume plays the saved game's own game" in err
    code, _, err = run(capsys, "play")
    assert code == 2 and "name a GAME" in err


# -- verify ------------------------------------------------------------------------------------


def test_verify_stopped_by_its_budget_says_so_with_code_3(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "verify", "dinner", "--players", "3", "--seeds", "2",
                       "--max-states", "60", "--no-progress")
    assert code == 3
    assert "dinner seed 0: stopped by max_states" in out
    assert "dinner seed 1: stopped by max_states" in out
    assert re.search(r"states 60 \(\d+ checked\)", out)


def test_verify_with_workers_or_every_round_trip_says_what_one_process_says(
        capsys: pytest.CaptureFixture[str]) -> None:
    said = []
    for extra in ([], ["--workers", "2"], ["--every-round-trip"]):
        code, out, _ = run(capsys, "verify", "dinner", "--players", "3", "--max-states",
                           "80", "--no-progress", *extra)
        assert code == 3
        said.append([line for line in out.splitlines() if "states/s" not in line])
    assert said[0] == said[1] == said[2]
    code, _, err = run(capsys, "verify", "dinner", "--address", "auto")
    assert code == 2 and "--backend ray" in err


def test_verify_from_a_replay_file_and_a_deck_from_a_file(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    dinner = partyrules.get_game("dinner")
    config = dinner.Config(players=3)
    state = dinner.setup(config, 5)
    action = next(dinner.legal_actions(state, 0))
    saved = tmp_path / "position.json"
    saved.write_text(partyrules.dumps(partyrules.Replay("dinner", config, 5, (action,))))
    code, out, _ = run(capsys, "verify", "--from", str(saved), "--max-states", "20")
    assert code == 3 and "dinner seed 5: stopped by max_states" in out
    # A custom deck comes from a file: the default deck's first 31 guests
    # (three hands and ten).
    from partyrules.core.serialize import unstructure

    deck = tmp_path / "deck.json"
    deck.write_text(json.dumps(unstructure(config.deck().guests[:31])))
    code, out, err = run(capsys, "verify", "dinner", "--players", "3", "-o",
                         f"guests=@{deck}", "--max-states", "20")
    assert code == 3, err
    code, _, err = run(capsys, "verify", "dinner", "-o", f"guests=@{tmp_path / 'none'}")
    assert code == 2 and "none" in err
    code, _, err = run(capsys, "verify", "--from", str(saved), "--seeds", "2")
    assert code == 2 and "--from explores the position's own config" in err
    code, _, err = run(capsys, "verify", "dinner", "--from", "no-such-position")
    assert code == 2 and "no stored dinner position" in err


def test_verify_saves_a_violations_shortest_path_that_replay_reproduces(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    from partyrules.core import game as registry

    dinner = partyrules.get_game("dinner")

    def lenient_apply(state: object, action: object) -> object:
        try:
            return dinner.apply(state, action)
        except partyrules.IllegalAction:
            return state  # a seeded bug: forged actions are "accepted"

    monkeypatch.setitem(registry._REGISTRY, "dinner", attrs.evolve(dinner, apply=lenient_apply))
    saved = tmp_path / "bug.json"
    code, out, _ = run(capsys, "verify", "dinner", "--players", "3", "--save", str(saved))
    assert code == 1
    assert "violation (refusal)" in out and "accepted but is not listed" in out
    assert f"partyrules replay --check {saved}" in out
    monkeypatch.setitem(registry._REGISTRY, "dinner", dinner)
    # The first forgery the bug let through is a seat of the wrong type: the replay file
    # keeps it as it was, and the strict loader itself refuses it, naming it.
    assert json.loads(saved.read_text())["data"]["actions"][0]["seat"] is False
    code, out, err = run(capsys, "replay", str(saved))
    assert code == 2 and "actions[0].seat" in err


def test_replay_check_runs_the_explorers_checks_at_every_state(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    from partyrules.core import game as registry
    from partyrules.core.game import Property

    save = tmp_path / "game.json"
    code, _, _ = run(capsys, "play", "dinner", "--seed", "4", "--save", str(save))
    assert code == 0
    actions = len(partyrules.loads(save.read_text(encoding="utf-8")).actions)
    code, out, err = run(capsys, "replay", "--check", str(save))
    assert code == 0, err
    assert f"Checked: the explorer's checks hold at all {actions + 1} states." in out
    # The same file under rules that break a property after turn 2: found, and named.
    dinner = partyrules.get_game("dinner")
    early = Property("early", "the game is still in its first two turns",
                     lambda state: state.turn < 3)
    monkeypatch.setitem(registry._REGISTRY, "dinner",
                        attrs.evolve(dinner, properties=(early,)))
    code, out, _ = run(capsys, "replay", "--check", str(save))
    assert code == 1
    assert re.search(r"Check FAILED \(property:early\) after action \d+: early: the game is "
                     r"still in its first two turns -- does not hold", out)
    assert "Replay verified" in out  # the replay itself is sound: the check is what failed


def test_a_decisions_numbers_are_the_seats_own_actions_and_the_tables_rulings_letters(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # A breach ruling appearing after a clue must not renumber the Dreamer's own choices
    # (option 3 once became 6, so typing 3 twice penalised a seat twice).
    feed(monkeypatch, "w\n" * 3 + "1\nx\n" * 3000)
    code, out, _ = run(capsys, "play", "when_i_dream", "--seats",
                       "human,random,random,random", "--seed", "4")
    assert code == 0 and "Game over" in out
    menus = [menu.split("Your choice", 1)[0] for menu in out.split("your move:")[1:]]
    assert len(menus) > 20
    for menu in menus:
        numbered = re.findall(r"^ +(\d+)\) (.*)$", menu, re.M)
        assert [int(number) for number, _ in numbered] == list(range(1, len(numbered) + 1))
        assert not any(line.startswith("The table") for _, line in numbered)
    lettered = [re.findall(r"^ +([a-v])\) (The table.*)$", menu, re.M) for menu in menus]
    assert any(len(rulings) >= 2 for rulings in lettered)  # time up and a breach, lettered
    waits = re.findall(r"Your choice \(1-\d+(?:, a(?:-[a-v])? for the table)?, w to wait\): w",
                       out)
    assert len(waits) == 3  # each wait let a bot clue-giver speak


def test_a_table_of_bots_calls_time_with_a_time_limit(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "when_i_dream", "--players", "4", "--seed", "2",
                         "--time-limit", "6")
    assert code == 0, err
    assert len(re.findall(r"The table: time is up", out)) == 4  # one per round
    code, out, err = run(capsys, "simulate", "when_i_dream", "--games", "2", "--players",
                         "4", "--time-limit", "8")
    assert code == 0, err
    code, out, err = run(capsys, "play", "dinner", "--players", "3", "--time-limit", "6")
    assert code == 2 and "has no timed rule" in err and "Seats:" not in out
