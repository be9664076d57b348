"""The match runner: the one turn model, whole matches, step-wise matches, resuming."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import partyrules
from partyrules import (
    TABLE,
    WAIT,
    IllegalAction,
    InvalidConfig,
    Match,
    NoObjection,
    Replay,
    play_match,
)
from partyrules.core.match import PeekingRandomPlayer, match_rng
from partyrules.games.dinner.actions import Pass

GAMES = sorted(partyrules.GAMES)


def randoms(game: partyrules.Game[Any, Any, Any, Any], players: int) -> list[PeekingRandomPlayer]:
    return [PeekingRandomPlayer(game)] * players


def players_of(name: str) -> int:
    game = partyrules.get_game(name)
    return max(game.min_players, 4)


@pytest.mark.parametrize("name", GAMES)
def test_a_match_is_deterministic_and_its_replay_verifies(name: str) -> None:
    game = partyrules.get_game(name)
    n = players_of(name)
    config = game.Config(players=n)
    first = play_match(game, config, randoms(game, n), seed=5, max_steps=400)
    again = play_match(game, config, randoms(game, n), seed=5, max_steps=400)
    other = play_match(game, config, randoms(game, n), seed=5, player_seed=6, max_steps=400)
    assert first.actions == again.actions and first.final == again.final
    assert other.actions != first.actions  # the players' draws come from player_seed
    assert first.players == ("peeking-random",) * n
    report = first.replay().verify()
    assert report.ok and report.applied == len(first.actions)
    assert report.terminal == (first.outcome is not None)


@pytest.mark.parametrize("name", GAMES)
def test_the_table_rules_only_when_nobody_else_may_and_raises_no_objection(name: str) -> None:
    game = partyrules.get_game(name)
    n = players_of(name)
    rulings: list[tuple[frozenset[int], Any]] = []

    def hear(state: Any, action: Any) -> None:
        if action.seat == TABLE:
            rulings.append((game.to_act(state), action))
            assert action == next(game.legal_actions(state, TABLE))

    play_match(game, game.Config(players=n), randoms(game, n), seed=2, max_steps=2_000,
               on_action=hear)
    assert all(acting == {TABLE} for acting, _ in rulings)


def test_the_quickstart_plays_when_i_dream_as_a_table_does() -> None:
    # The old quickstart loop, min(to_act), let the table end every round at once: no clue.
    game = partyrules.get_game("when_i_dream")
    record = play_match(game, game.Config(players=4), randoms(game, 4), seed=6)
    kinds = Counter(type(action).__name__ for action in record.actions)
    assert kinds["GiveClue"] > 100 and kinds["Guess"] > 100
    assert kinds["RuleBreach"] == 0 and kinds["TimeUp"] == 0
    assert record.outcome is not None and record.outcome.reason == "highest_score"


def test_the_quickstart_plays_dany_without_invalidating_every_turn() -> None:
    game = partyrules.get_game("dany")
    record = play_match(game, game.Config(players=4), randoms(game, 4), seed=3)
    kinds = Counter(type(action).__name__ for action in record.actions)
    assert kinds["Invalidate"] == 0 and kinds["ConfirmReveal"] > 0


def test_a_simultaneous_step_asks_every_seat_once() -> None:
    game = partyrules.get_game("dinner")
    record = play_match(game, game.Config(players=5), randoms(game, 5), seed=4,
                        keep_states=True)
    assert record.states is not None
    votes = [(before, action) for before, action in zip(record.states, record.actions,
                                                        strict=False)
             if game.is_simultaneous(before)]
    assert votes, "no vote in this game"
    for before, action in votes:
        assert action.seat in game.to_act(before)


def test_keep_states_and_the_step_cap() -> None:
    game = partyrules.get_game("hollywood")
    record = play_match(game, game.Config(players=3), randoms(game, 3), seed=1, max_steps=10,
                        keep_states=True)
    assert record.capped and record.outcome is None
    assert len(record.actions) == 10
    assert record.states is not None and len(record.states) == 11
    assert record.states[-1] == record.final == record.replay().final_state()
    assert not game.is_terminal(record.final)


class Waiter:
    """Plays every seat; waits the first time it is asked in a race, then plays at
    random."""

    name = "waiter"

    def __init__(self, game: Any) -> None:
        self.game = game
        self.waited: list[int] = []

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        racing = not self.game.is_simultaneous(state) and len(self.game.to_act(state)
                                                              - {TABLE}) > 1
        if racing and not self.waited:
            self.waited.append(seat)
            return WAIT
        return self.game.random_action(state, seat, rng)


def test_a_seat_that_waits_in_a_race_lets_another_racing_seat_act_first() -> None:
    game = partyrules.get_game("when_i_dream")
    state = game.setup(game.Config(players=4), 6)
    players = {seat: PeekingRandomPlayer(game) for seat in range(4)}
    match = Match(game, state, players, table=NoObjection(game), rng=random.Random(1))
    while len(game.to_act(match.state) - {TABLE}) < 2:  # play on until a race
        assert match.step()
    waiter = Waiter(game)
    match = Match(game, match.state, dict.fromkeys(range(4), waiter), table=NoObjection(game),
                  rng=random.Random(3))
    racing = sorted(game.to_act(match.state) - {TABLE})
    assert match.step()
    [waited] = waiter.waited
    after = racing[(racing.index(waited) + 1) % len(racing)]
    assert match.actions[0].seat == after  # the next racing seat round the table


def test_outside_seats_are_waited_on_and_submit_their_actions() -> None:
    game = partyrules.get_game("dinner")
    state = game.setup(game.Config(players=3), 1)
    bots = {1: PeekingRandomPlayer(game), 2: PeekingRandomPlayer(game)}
    match = Match(game, state, bots, table=NoObjection(game), rng=random.Random(0))
    for _ in range(200):
        match.run()
        if match.finished:
            break
        assert match.waiting == (0,)
        with pytest.raises(IllegalAction, match="seat 1 is played by peeking-random"):
            match.submit(Pass(1))
        before, count = match.state, len(match.actions)
        legal = list(game.legal_actions(match.state, 0))
        match.submit(legal[-1])
        assert len(match.actions) == count + 1 and match.state != before
    assert Replay("dinner", state.config, 1, tuple(match.actions)).verify().ok


def test_a_refused_submission_changes_nothing() -> None:
    game = partyrules.get_game("dinner")
    state = game.setup(game.Config(players=3), 1)
    match = Match(game, state, {}, rng=random.Random(0))
    match.run()
    assert match.waiting == (0,) and match.actions == []
    wrong = next(game.legal_actions(game.setup(game.Config(players=3), 2), 0))
    if wrong in set(game.legal_actions(state, 0)):
        pytest.fail("the other deal's first action is legal here; pick another seed")
    with pytest.raises(IllegalAction):
        match.submit(wrong)
    assert match.state is state and match.actions == []


@pytest.mark.parametrize("name", GAMES)
def test_a_resumed_match_goes_on_the_same_way_every_time(name: str) -> None:
    game = partyrules.get_game(name)
    n = players_of(name)
    config = game.Config(players=n)
    whole = play_match(game, config, randoms(game, n), seed=8, max_steps=60)
    saved = Replay(name, config, 8, whole.actions[:30])
    resumed = play_match(game, config, randoms(game, n), seed=8, start=saved, max_steps=30)
    again = play_match(game, config, randoms(game, n), seed=8, start=saved, max_steps=30)
    assert resumed.actions[:30] == whole.actions[:30]
    assert resumed.actions == again.actions and resumed.final == again.final
    assert resumed.replay().verify().ok
    from_zero = play_match(game, config, randoms(game, n), seed=8,
                           start=Replay(name, config, 8, ()), max_steps=60)
    assert from_zero.actions == whole.actions  # resuming at 0 is the match itself


def test_match_rng_from_a_later_action_differs_from_the_start() -> None:
    assert match_rng(5).random() == random.Random(5).random()
    assert match_rng(5, 30).random() != match_rng(5).random()
    assert match_rng(5, 30).random() == match_rng(5, 30).random()


def test_bad_arguments_are_refused_with_a_clear_error() -> None:
    game = partyrules.get_game("dinner")
    config = game.Config(players=3)
    with pytest.raises(InvalidConfig, match="2 players for 3 seats"):
        play_match(game, config, randoms(game, 2), seed=1)
    with pytest.raises(InvalidConfig, match="probability"):
        play_match(game, config, randoms(game, 3), seed=1, table_rate=1.5)
    with pytest.raises(InvalidConfig, match="another game, config or seed"):
        play_match(game, config, randoms(game, 3), seed=1,
                   start=Replay("dinner", config, 2, ()))


@pytest.mark.parametrize("name", GAMES)
def test_the_table_sees_what_a_spectator_sees(name: str) -> None:
    game = partyrules.get_game(name)
    n = players_of(name)
    record = play_match(game, game.Config(players=n), randoms(game, n), seed=9, max_steps=50,
                        keep_states=True)
    assert record.states is not None
    for state in record.states[::10]:
        assert game.view(state, TABLE) == game.view(state, None)
