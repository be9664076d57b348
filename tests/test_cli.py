"""The ``partyrules`` command line, driven through ``main(argv)``."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

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
                       "--seed", "2")
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


def test_simulate_counts_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "dinner", "--games", "5", "--seed", "100")
    assert code == 0, err
    table = dict(re.split(r"  +", line, maxsplit=1) for line in out.splitlines())
    assert table["games"] == "5"
    assert sum(int(v) for k, v in table.items() if k.startswith("ended by ")) == 5
    wins = [int(table[f"seat {seat} wins"].split()[0]) for seat in range(3)]
    assert sum(wins) >= 5  # ties count for every winner
    assert table["mean length"].endswith(" actions")
    assert table["speed"].endswith(" games/s")
    assert "\r" not in err  # no progress bar when stderr is not a terminal


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
    assert "\r[" + "#" * 30 + "] 3/3\n" in terminal.getvalue()
    assert "\r" not in out


def test_simulate_matches_play_with_the_same_seed(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "simulate", "dinner", "--games", "1", "--seed", "9")
    _, played, _ = run(capsys, "play", "dinner", "--seed", "9")
    length = re.search(r"^max length +(\d+) actions$", out, re.M)
    assert length is not None
    assert f"Game over after {length.group(1)} actions" in played


def test_simulate_workers_do_not_change_results(capsys: pytest.CaptureFixture[str]) -> None:
    def wins(workers: str) -> list[str]:
        code, out, _ = run(capsys, "simulate", "dinner", "--games", "12", "--players", "4",
                           "--workers", workers)
        assert code == 0
        return [line for line in out.splitlines()
                if line.startswith(("seat ", "ended by ", "mean length", "max length"))]

    single = wins("1")
    assert len([line for line in single if " wins " in line]) == 4
    assert wins("2") == single


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
                                                                "--games", "0"]])
def test_bad_usage_returns_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert "usage: partyrules" in err


def test_make_bot_resolves_names() -> None:
    game = partyrules.get_game("dinner")
    bot = make_bot("random", game)
    assert isinstance(bot, RandomBot) and bot.name == "random"
    with pytest.raises(partyrules.InvalidConfig, match="known bots: ismcts, ismcts:N, random"):
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
    # Seat 0 composes first: 7 Keep, then Done, then the table's Invalidate (choice 9).
    feed(monkeypatch, "9\n" + "1\n" * 400)
    code, out, _ = run(capsys, "play", "dany", "--seats", "human,random,random,random",
                       "--seed", "3")
    assert code == 0
    first_menu = out.split("Your choice", 1)[0]
    assert "9) The table rules that the active personality helped" in first_menu
    assert "the turn is void" in out
    assert "rule for the whole table" in out  # the reveal waits on the table alone


def test_config_options_reach_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "dany", "--players", "9", "-o", "danys_reason=true",
                       "--seed", "2")
    assert code == 0 and "Game over" in out
    code, out, _ = run(capsys, "simulate", "dany", "--games", "4", "--players", "5",
                       "--option", "danys_reason=true", "-o", "memory_cards=40")
    assert code == 0 and re.search(r"^games +4$", out, re.M)


@pytest.mark.parametrize(("option", "message"), [
    ("danys_reason=yes", "expected true or false, got 'yes' @ config.danys_reason"),
    ("colour=1", "unknown fields: colour @ config"),
    ("danys_reason", "NAME=VALUE"),
])
def test_bad_config_options_are_clear_errors(capsys: pytest.CaptureFixture[str], option: str,
                                             message: str) -> None:
    code, _, err = run(capsys, "play", "dany", "--players", "5", "-o", option)
    assert code == 2 and message in err and "Traceback" not in err


# -- races and typed text (When I Dream) -------------------------------------------------------


def test_a_human_dreamer_waits_for_clues_and_types_guesses(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # Menu of the Dreamer in a race: 1) Guess (typed), 2) time up, 3) Wait (no breach to
    # rule: nobody has given a clue on the card yet).
    feed(monkeypatch, "3\n1\nmoonlight\n" + "1\nx\n" * 3000)
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
    # Call time at once (choice 2), no card guessed; decline; then narrate too many words.
    feed(monkeypatch, "2\n2\n1\nsun moon star\n1\n\n" + "1\nx\n" * 3000)
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
    assert re.search(r"^  seat film coins genre duo chor crit fest total cost title$", out, re.M)
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
