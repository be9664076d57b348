"""The scripts in ``examples/`` run and print what they promise (the documentation pages'
own examples run as tests of their own, through sybil: see ``conftest.py``)."""

from __future__ import annotations

import json
import random
import re
import runpy
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import partyrules
from partyrules.adapters.gymnasium import SingleAgentEnv, evaluate
from partyrules.bots import make_bot
from partyrules.games.when_i_dream.actions import Guess
from partyrules.simulation import Tally, wilson_interval

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
    assert scripts == ["chat_bot.py", "drive_a_game.py", "learn_hollywood.py",
                       "learn_maskable_ppo.py", "openspiel_ismcts.py", "pettingzoo_random.py",
                       "save_and_verify_replay.py", "write_a_bot.py"]
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
    found = re.fullmatch(r"returns: \[([\d.]+), ([\d.]+), ([\d.]+)\], ended by \w+", returns)
    assert found is not None, returns
    paid = [float(share) for share in found.groups()]
    # The win, shared by the winners (a tie splits it); nothing for a game cut short.
    assert all(0.0 <= share <= 1.0 for share in paid) and round(sum(paid), 9) in (0.0, 1.0)


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


def test_learn_maskable_ppo_measures_through_the_gymnasium_env() -> None:
    """Everything the MaskablePPO example adds to the library's training: its
    environment, its random learner, a policy played through ``evaluate`` on the same
    games, and its report. The training itself needs PyTorch (the ``learn`` extra), which
    the suite leaves out; docs/adapters/gymnasium.md says how the example is run."""
    example = runpy.run_path(str(EXAMPLES / "learn_maskable_ppo.py"))  # not its main
    made = example["make_env"]()
    assert made.spec.id == "partyrules/Dinner-v0"
    learner = made.unwrapped
    assert isinstance(learner, SingleAgentEnv)
    assert (learner.game.name, learner.config.players) == ("dinner", 3)
    seeds = range(example["EVAL_SEEDS"], example["EVAL_SEEDS"] + 4)
    baseline = evaluate(made, example["random_learner"](0), seeds, name="random learner")
    assert baseline == evaluate(example["make_env"](), example["random_learner"](0), seeds,
                                name="random learner")  # the same games, the same draws
    seats = []
    for seed in seeds:  # the seat rotates with the seed; every game is counted
        _, info = made.reset(seed=seed)
        seats.append(info["seat"])
    assert seats == [seed % 3 for seed in seeds]

    def highest(observation: Any, mask: Any) -> int:
        return int(np.flatnonzero(mask)[-1])

    fixed = evaluate(made, highest, seeds, name="MaskablePPO")
    lines = example["report"](fixed, baseline)
    assert len(lines) == 3
    for line, tally in zip(lines, (fixed, baseline), strict=False):
        low, high = wilson_interval(tally.wins, tally.games)
        assert line == (f"{tally.name}: {tally.wins} wins in 4 games, "
                        f"{tally.wins / 4:.1%} (95% interval {low:.1%} to {high:.1%})")
    gain = f"{(fixed.wins - baseline.wins) / 4:+.1%}"
    assert lines[2] in (f"gain: {gain} (intervals apart)", f"gain: {gain} (intervals overlap)")
    assert example["report"](Tally("a", 200, 150), Tally("b", 200, 60))[2] == (
        "gain: +45.0% (intervals apart)")


def test_pettingzoo_random(capsys: pytest.CaptureFixture[str]) -> None:
    steps, rewards, winners = run_example("pettingzoo_random.py", capsys)
    assert re.fullmatch(r"\d+ agent steps, ended by \w+", steps)
    values = re.findall(r"seat_(\d) ([01]\.0)", rewards)
    assert len(values) == 4
    assert winners == f"winners: {[int(s) for s, v in values if v == '1.0']}"


# -- the chat bot: a table kept as JSON between a person's messages ------------------------

SEATS = ["person", "random", "random", "random"]
"""The person is seat 0 (When I Dream's first Dreamer); random bots play the others."""


def chat_bot() -> dict[str, Any]:
    return runpy.run_path(str(EXAMPLES / "chat_bot.py"))  # its functions, not its demo


def saved(table_json: str) -> partyrules.MatchPosition:
    position = partyrules.loads(json.loads(table_json)["match"])
    assert isinstance(position, partyrules.MatchPosition)
    return position


def unseen_words(game: Any, before: Any, actions: tuple[Any, ...]) -> set[str]:
    """When I Dream: the words on the cards in play while seat 0 dreamt, from ``before``
    through ``actions``, but those said aloud meanwhile (a clue, a guess: anyone heard)."""
    hidden: set[str] = set()
    said: set[str] = set()
    state = before
    for action in (None, *actions):
        if action is not None:
            state = game.apply(state, action)
        said |= {word for _, word in state.clues} | set(state.guesses)
        if state.dreamer == 0 and state.current is not None:
            hidden.add(state.word())
    return hidden - said


def hidden_cards(game: Any, state: Any) -> set[str]:
    """Dinner: the cards in the other hands that seat 0 does not know to be there."""
    deck, known = state.config.deck(), game.view(state, 0).known_in_hands
    return {deck.label(card) for seat, hand in enumerate(state.hands) if seat != 0
            for card in hand if card not in known[seat]}


@pytest.mark.parametrize(("name", "seed", "time_limit"),
                         [("when_i_dream", 3, 6), ("when_i_dream", 11, 8), ("dinner", 5, None)])
def test_chat_bot_plays_whole_games_from_saved_json(name: str, seed: int,
                                                    time_limit: int | None) -> None:
    """Every message restores the table from its JSON; the bots play between the
    person's messages exactly as a match that never stops; the person sees its own view."""
    bot = chat_bot()
    game = partyrules.get_game(name)
    table_json, replies = bot["new_table"](game, SEATS, seed, time_limit)
    players = {seat: make_bot(player, game) for seat, player in enumerate(SEATS) if seat}
    live = partyrules.Match(game, game.setup(game.Config(players=4), seed), players,
                            seed=seed, time_limit=time_limit)  # the match that never stops
    live.run()
    rng = random.Random(seed)
    counts: list[tuple[str, int]] = []  # per message: what it was, the bot actions after it
    saw_the_word = False
    while not live.finished:
        before = saved(table_json)
        assert list(before.actions) == live.actions and before.state == live.state
        assert live.waiting == (0,) and set(replies) == {0}
        view = game.render_view(game.view(live.state, 0))
        assert replies[0][-1].startswith(view + "\nSeat 0, reply with:")  # its own view
        message = bot["scripted"](table_json, 0, rng)
        dreaming = name == "when_i_dream" and live.state.dreamer == 0
        if message == "wait":
            live.wait(0)
        else:
            live.submit(bot["parse"](game, live.state, 0, message))
        live.run()
        table_json, replies = bot["handle"](table_json, 0, message)
        after = saved(table_json)
        assert list(after.actions) == live.actions and after.waited == live.waited
        new = after.actions[len(before.actions):]
        by_bots = [action for action in new if action.seat != 0]
        counts.append((message.partition(" ")[0], len(by_bots)))
        assert len(new) == len(by_bots) + (message != "wait")
        text = "\n".join(replies[0])
        assert not text.startswith("Refused")
        if name == "when_i_dream":
            if dreaming and message == "wait":  # a bot's clue came before the next message
                assert any(type(action).__name__ == "GiveClue" for action in by_bots)
            for word in unseen_words(game, before.state, new):
                assert not re.search(rf"\b{re.escape(word)}\b", text, re.IGNORECASE), word
            if live.state.dreamer == 0 and not live.finished:
                assert "The dream to find" not in text
            saw_the_word |= "The dream to find" in text  # a Spirit's view shows the word
        else:
            assert not any(card in text for card in hidden_cards(game, after.state))
    assert replies[0][-1].startswith("Game over")
    final = saved(table_json)
    assert final.state == live.state and game.is_terminal(final.state)
    replay = partyrules.Replay(game.name, game.Config(players=4), seed, final.actions)
    assert replay.verify().ok
    waits = [bots for said, bots in counts if said == "wait"]
    if name == "when_i_dream":
        assert waits and min(waits) >= 1 and saw_the_word
    else:
        assert not waits  # Dinner has no race: nobody waits
    assert sum(bots for _, bots in counts) > len(counts)  # the bots played between messages


def test_chat_bot_refuses_what_it_cannot_apply_and_keeps_the_table() -> None:
    bot = chat_bot()
    dinner = partyrules.get_game("dinner")
    table_json, _ = bot["new_table"](dinner, SEATS, 5)
    for seat, message, why in [(0, "99", "reply with a number from 1 to 10"),
                               (0, "wait", "seat 0 may not wait: it is not in a race"),
                               (0, "hello", "reply with a number from 1 to 10"),
                               (1, "1", "it is not your turn")]:
        after, replies = bot["handle"](table_json, seat, message)
        assert after == table_json and replies[seat][0].startswith(f"Refused: {why}")
        assert list(replies) == [seat]
    dream = partyrules.get_game("when_i_dream")
    table_json, _ = bot["new_table"](dream, SEATS, 3, 6)
    after, replies = bot["handle"](table_json, 0, "clue night")  # the Dreamer gives no clue
    assert after == table_json
    assert replies[0][0] == "Refused: reply with guess <word>."
    table_json, replies = bot["handle"](table_json, 0, "moon")  # the only text: a guess
    assert replies[0][0] == "Seat 0 dreams of \u201cmoon\u201d"
    assert saved(table_json).actions[0] == Guess(0, "moon")


def test_chat_bot(capsys: pytest.CaptureFixture[str]) -> None:
    lines = run_example("chat_bot.py", capsys)
    assert [line for line in lines if line.startswith("== ")] == [
        "== When I Dream: seat 0 is a person, seats 1 to 3 random bots",
        "== Guess Who's Coming to Dinner: seat 0 is a person, seats 1 to 3 random bots"]
    assert sum(line.startswith("Game over (") for line in lines) == 2
    assert "  Seat 1 says \u201ctrumpet\u201d" in lines  # a bot's clue after the person waited
