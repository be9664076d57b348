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


# -- the model of who may act, waits, positions, time -------------------------------------


def dream_race(seed: int = 6) -> tuple[partyrules.Game[Any, Any, Any, Any], Any]:
    """When I Dream at its first race: the Dreamer (seat 0) and the first clue-giver."""
    game = partyrules.get_game("when_i_dream")
    return game, game.setup(game.Config(players=4), seed)


def test_the_turn_names_each_seats_status_the_tables_rulings_and_what_happens() -> None:
    game, state = dream_race()
    turn = partyrules.Match(game, state, {}, seed=1).turn()
    assert turn.race and not turn.simultaneous and turn.waited == ()
    assert turn.seats == ("may_wait", "may_wait", "idle", "idle")
    assert turn.may_act == (0, 1) and turn.must_act == ()
    assert [type(ruling).__name__ for ruling in turn.table] == ["TimeUp"]
    assert "race" in turn.if_nobody_acts and "the table may rule" in turn.if_nobody_acts
    dinner = partyrules.get_game("dinner")
    first = dinner.setup(dinner.Config(players=3), 1)
    single = partyrules.Match(dinner, first, {}, seed=1).turn()
    assert single.seats == ("must_act", "idle", "idle") and single.table == ()
    assert single.if_nobody_acts == "the game waits for seat 0"
    vote = next(state for state in play_match(dinner, dinner.Config(players=3),
                                              randoms(dinner, 3), 1, keep_states=True).states
                or () if dinner.is_simultaneous(state))
    voting = partyrules.Match(dinner, vote, {}, seed=1).turn()
    assert voting.simultaneous and not voting.race
    assert set(voting.must_act) == dinner.to_act(vote) - {TABLE}
    assert "hidden choice" in voting.if_nobody_acts


def test_an_outside_seat_in_a_race_goes_first_and_its_wait_lets_the_bots_speak() -> None:
    game, state = dream_race()
    bots = {seat: PeekingRandomPlayer(game) for seat in (1, 2, 3)}
    match = Match(game, state, bots, seed=6)
    for _ in range(5):
        match.run()
        assert match.waiting == (0,) and match.turn().seats[0] == "may_wait"
        before = len(match.actions)
        match.wait(0)
        assert match.waited == (0,) and match.turn().seats[0] == "may_act"
        match.run()  # a bot clue-giver speaks: the race is over, a new one begins
        assert len(match.actions) == before + 1 and match.actions[-1].seat != 0
        assert match.waited == ()


def test_a_bot_dreamer_that_waits_makes_the_person_who_waited_act() -> None:
    # Seat 1 is the person, the first clue-giver; the Dreamer is a bot that always waits
    # once: after both waited, the person who waited first must act.
    game, state = dream_race()

    class WaitsOnce:
        name = "waits-once"

        def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
            return WAIT if seat not in match.waited else game.random_action(state, seat, rng)

    match = Match(game, state, {0: WaitsOnce(), 2: PeekingRandomPlayer(game),
                                3: PeekingRandomPlayer(game)}, seed=2)
    match.run()
    assert match.waiting == (1,)
    match.wait(1)
    match.run()  # the Dreamer waits too: every racing seat has waited
    assert match.actions == [] and match.waiting == (1,) and match.waited == (1, 0)
    assert match.turn().seats[:2] == ("may_act", "must_act")
    with pytest.raises(IllegalAction, match="every racing seat has waited: seat 1 must act"):
        match.wait(1)
    match.submit(next(game.legal_actions(match.state, 1)))
    assert match.waited == ()


def test_wait_is_refused_where_a_seat_may_not_wait_and_the_match_is_unchanged() -> None:
    game, state = dream_race()
    match = Match(game, state, {2: PeekingRandomPlayer(game)}, seed=6)
    with pytest.raises(IllegalAction, match="seat 2 is played by peeking-random"):
        match.wait(2)
    with pytest.raises(IllegalAction, match="seat 3 may not wait: it is not to act"):
        match.wait(3)
    match.wait(0)
    with pytest.raises(IllegalAction, match="seat 0 has already waited"):
        match.wait(0)
    assert match.waited == (0,) and match.actions == []
    dinner = partyrules.get_game("dinner")
    alone = Match(dinner, dinner.setup(dinner.Config(players=3), 1), {}, seed=1)
    with pytest.raises(IllegalAction, match="not in a race"):
        alone.wait(0)


def test_a_player_that_answers_wait_outside_a_race_is_an_error_not_a_hang() -> None:
    class AlwaysWaits:
        name = "always-waits"

        def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
            return WAIT

    dinner = partyrules.get_game("dinner")
    match = Match(dinner, dinner.setup(dinner.Config(players=3), 1),
                  dict.fromkeys(range(3), AlwaysWaits()), seed=1)
    with pytest.raises(IllegalAction, match="answered WAIT, but seat 0 is not in a race"):
        match.run()
    game, state = dream_race()
    racing = Match(game, state, dict.fromkeys(range(4), AlwaysWaits()), seed=1)
    with pytest.raises(IllegalAction, match="every racing seat has waited"):
        racing.run()  # one full round of waits, then the first that waited must act


def test_bots_choose_first_in_a_simultaneous_step_then_the_match_waits_for_people() -> None:
    dinner = partyrules.get_game("dinner")
    record = play_match(dinner, dinner.Config(players=4), randoms(dinner, 4), 3,
                        keep_states=True)
    vote = next(state for state in record.states or () if dinner.is_simultaneous(state)
                and 0 in dinner.to_act(state))
    bots = {seat: PeekingRandomPlayer(dinner) for seat in (1, 2, 3)}
    match = Match(dinner, vote, bots, seed=3)
    match.run()
    assert match.waiting == (0,)
    assert {action.seat for action in match.actions} == dinner.to_act(vote) - {0, TABLE}


def test_the_table_is_no_objection_by_default_and_none_makes_it_outside() -> None:
    game, state = dream_race()
    bots = {seat: PeekingRandomPlayer(game) for seat in range(4)}
    assert Match(game, state, bots, seed=1).turn().table  # it may rule, a player rules
    outside = Match(game, state, bots, table=None, seed=1, max_steps=30)
    outside.run()  # an outside table never holds the seats up
    assert len(outside.actions) == 30 and outside.waiting == ()
    with pytest.raises(InvalidConfig, match="given twice"):
        Match(game, state, {TABLE: NoObjection(game)}, table=NoObjection(game))


def test_a_stateless_driver_plays_the_same_game_as_one_that_never_stops() -> None:
    """A chat bot keeps the table as JSON between messages: restoring the match from its
    saved position after every message plays exactly what an uninterrupted match plays,
    action by action, waits included."""
    game, state = dream_race(seed=11)
    bots = {seat: PeekingRandomPlayer(game) for seat in (1, 2, 3)}
    person = random.Random(4)  # the person's messages: wait, or one of the legal actions
    live = Match(game, state, bots, seed=11)
    saved = partyrules.dumps(Match(game, state, bots, seed=11).position())
    messages = waits = 0
    while True:
        live.run()
        restored = Match.from_position(game, partyrules.loads(saved), bots)
        restored.run()
        assert restored.actions == live.actions and restored.state == live.state
        assert restored.waiting == live.waiting and restored.waited == live.waited
        if live.finished:
            break
        assert live.waiting == (0,)
        if live.turn().seats[0] == "may_wait" and person.random() < 0.7:
            live.wait(0)
            restored.wait(0)
            waits += 1
        else:
            action = game.random_action(live.state, 0, person)
            live.submit(action)
            restored.submit(action)
        saved = partyrules.dumps(restored.position())
        messages += 1
    assert messages > 20 and waits > 10


def test_a_position_is_checked_when_loaded_and_when_restored() -> None:
    game, state = dream_race()
    match = Match(game, state, {}, seed=6)
    match.wait(1)
    document = partyrules.dumps(match.position())
    assert partyrules.loads(document) == match.position()
    with pytest.raises(partyrules.CorruptState, match="waits once"):
        partyrules.loads(document.replace('"waited": [1]', '"waited": [1, 1]'))
    with pytest.raises(IllegalAction, match="seat 2 may not wait"):
        Match.from_position(game, partyrules.loads(
            document.replace('"waited": [1]', '"waited": [2]')), {})
    with pytest.raises(IllegalAction, match="cannot be saved"):
        Match(game, state, {}, rng=random.Random(1)).position()
    with pytest.raises(InvalidConfig, match="not both"):
        Match(game, state, {}, rng=random.Random(1), seed=1)


def test_a_table_of_bots_calls_time_after_the_time_limit() -> None:
    game, _ = dream_race()
    config = game.Config(players=4)
    timed = play_match(game, config, randoms(game, 4), 5, time_limit=6)
    untimed = play_match(game, config, randoms(game, 4), 5)
    assert timed.outcome is not None and untimed.outcome is not None
    calls = [action for action in timed.actions if type(action).__name__ == "TimeUp"]
    assert len(calls) == 4  # one per round: the timer ran out in each
    assert not any(type(action).__name__ == "TimeUp" for action in untimed.actions)
    assert len(timed.actions) < len(untimed.actions)
    assert timed.replay().verify().ok
    dinner = partyrules.get_game("dinner")
    with pytest.raises(InvalidConfig, match="no timed rule"):
        Match(dinner, dinner.setup(dinner.Config(players=3), 1), {}, time_limit=5)
    with pytest.raises(InvalidConfig, match="from 0"):
        Match(game, game.setup(config, 1), {}, time_limit=-1)
