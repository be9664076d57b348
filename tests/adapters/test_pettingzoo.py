"""The PettingZoo adapter: PettingZoo's own API and seed tests for every game, full
random-agent games whose rewards match the outcome, masks, observations, render, errors."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]

import partyrules
from partyrules.adapters import driver
from partyrules.adapters.pettingzoo import (
    OBSERVATION_LENGTHS,
    ObservationOverflow,
    PartyRulesEnv,
    decode_observation,
    env,
)
from partyrules.core.errors import IllegalAction, InvalidConfig, UnknownGame

# Sizes that keep the file fast: a small table, and Dylan Dog with a short turn limit.
SIZES: dict[str, tuple[int, dict[str, Any]]] = {
    "dany": (4, {}),
    "dinner": (3, {}),
    "dylan_dog": (3, {"turn_limit": 12}),
    "hollywood": (2, {}),
    "when_i_dream": (4, {}),
}
NAMES = sorted(partyrules.GAMES)


def make(name: str, **extra: Any) -> Any:
    players, config = SIZES[name]
    return env(name, players, **config, **extra)


def raw(table: Any) -> PartyRulesEnv:
    inner = table.unwrapped
    assert isinstance(inner, PartyRulesEnv)
    return inner


def test_every_registered_game_has_a_size_and_a_length() -> None:
    assert sorted(SIZES) == NAMES
    assert sorted(OBSERVATION_LENGTHS) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_pettingzoo_api_test(name: str) -> None:
    # num_cycles=1000: api_test's play test runs one whole game (it stops when every
    # agent is done), so the termination and dead-step path are exercised too.
    with warnings.catch_warnings():
        # The two warnings api_test gives every dict-observation env outside its own list
        # of classic env names (tictactoe's and connect four's format is the same).
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        api_test(make(name), num_cycles=1000, verbose_progress=False)


@pytest.mark.parametrize("name", NAMES)
def test_pettingzoo_seed_test(name: str) -> None:
    seed_test(lambda: make(name), num_cycles=100)


def play(table: Any, seed: int, choice_seed: int = 0) -> Iterator[tuple[str, Any, int]]:
    """Play a whole game with random masked choices; yields (agent, state, action id)
    before each live step. Returns when every agent is done."""
    table.reset(seed=seed)
    rng = np.random.default_rng(choice_seed)
    for agent in table.agent_iter():
        observation, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        yield agent, raw(table).game_state, action
        table.step(action)


@pytest.mark.parametrize("name", NAMES)
def test_random_game_follows_the_turn_model_and_rewards_the_winners(name: str) -> None:
    table = make(name)
    inner = raw(table)
    game = inner.game
    for agent, state, _ in play(table, seed=11):
        assert driver.settle(game, state) == state  # the table has ruled already
        seat = int(agent.removeprefix("seat_"))
        acting = game.to_act(state) - {partyrules.TABLE}
        assert seat in acting
        if game.is_simultaneous(state):
            assert seat == min(acting)  # the pending seats, one after another
        legal = list(game.legal_actions(state, seat))
        for other in table.agents:
            mask = table.observe(other)["action_mask"]
            expected = np.zeros(driver.action_bound(game), dtype=np.int8)
            if other == agent:
                expected[:len(legal)] = 1
            np.testing.assert_array_equal(mask, expected)
        observation = table.observe(agent)["observation"]
        assert decode_observation(observation) == game.view(state, seat)
        assert table.last()[1] == 0.0  # rewards come only at the end
    final = inner.game_state
    assert game.is_terminal(final)
    assert table.agents == []
    report = inner.replay().verify()
    assert report.ok and report.terminal
    assert inner.replay().final_state() == final


@pytest.mark.parametrize("name", NAMES)
def test_rewards_at_the_end_match_the_outcome(name: str) -> None:
    table = make(name)
    inner = raw(table)
    table.reset(seed=5)
    rng = np.random.default_rng(0)
    while not any(table.terminations.values()):
        assert not any(table.rewards.values())
        observation = table.observe(table.agent_selection)
        table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert all(table.terminations.values()) and not any(table.truncations.values())
    winners = inner.game.outcome(inner.game_state).winners
    expected = {f"seat_{seat}": 1.0 if seat in winners else 0.0
                for seat in range(inner.config.players)}
    assert table.rewards == expected
    assert table._cumulative_rewards == expected  # what last() reports to each agent
    for agent in table.agents:
        assert not table.observe(agent)["action_mask"].any()
    while table.agents:
        assert table.last()[1] == expected[table.agent_selection]
        table.step(None)
    assert table.agents == []


@pytest.mark.parametrize("name", NAMES)
def test_same_reset_seed_same_game(name: str) -> None:
    first = [(agent, action) for agent, _, action in play(make(name), seed=21)]
    again = make(name)
    again.reset(seed=99)
    second = [(agent, action) for agent, _, action in play(again, seed=21)]
    assert first == second
    assert raw(again).seed == 21
    again.reset(seed=np.int64(21))  # NumPy seeds work too
    assert raw(again).seed == 21 and type(raw(again).seed) is int
    with pytest.raises(InvalidConfig, match="a reset seed is an int or None"):
        again.reset(seed="21")


def test_unseeded_resets_follow_the_last_seeded_one() -> None:
    one, two = make("dany"), make("dany")
    one.reset(seed=4)
    two.reset(seed=4)
    one.reset()
    two.reset()
    assert raw(one).seed == raw(two).seed != 4
    assert raw(one).game_state == raw(two).game_state


def test_races_are_drawn_with_the_seeded_rng() -> None:
    # In When I Dream the Dreamer may guess while a clue is due: a race.
    table = make("when_i_dream")
    game = raw(table).game
    racers: set[str] = set()
    for agent, state, _ in play(table, seed=3):
        acting = game.to_act(state) - {partyrules.TABLE}
        if len(acting) > 1 and not game.is_simultaneous(state):
            racers.add(agent)
    assert len(racers) > 1


def test_a_simultaneous_choice_stays_hidden_from_the_others() -> None:
    table = make("dinner")
    inner = raw(table)
    game = inner.game
    table.reset(seed=1)
    rng = np.random.default_rng(0)
    while not game.is_simultaneous(inner.game_state):
        observation = table.observe(table.agent_selection)
        table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    voter = table.agent_selection
    pending = sorted(game.to_act(inner.game_state))
    assert voter == f"seat_{pending[0]}" and len(pending) > 1
    ballots = np.flatnonzero(table.observe(voter)["action_mask"])
    seen = []
    for ballot in ballots[:2]:
        table.reset(seed=1)
        rng = np.random.default_rng(0)
        while not game.is_simultaneous(inner.game_state):
            observation = table.observe(table.agent_selection)
            table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        table.step(int(ballot))
        assert table.agent_selection == f"seat_{pending[1]}"
        seen.append(table.observe(table.agent_selection)["observation"])
    np.testing.assert_array_equal(seen[0], seen[1])


def test_an_unmasked_id_is_an_illegal_action_and_changes_nothing() -> None:
    table = make("dany")
    table.reset(seed=2)
    before = raw(table).game_state
    mask = table.observe(table.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalAction, match=rf"dany: seat 0 has actions 0 to \d+, not {bad}"):
        table.step(bad)
    with pytest.raises(IllegalAction):
        table.step(-1)
    assert raw(table).game_state == before
    table.step(np.int64(0))  # NumPy integers (what Discrete.sample gives) are accepted
    assert raw(table).game_state != before


def test_render_ansi_narrates_like_the_cli() -> None:
    table = make("dinner", render_mode="ansi")
    inner = raw(table)
    game = inner.game
    table.reset(seed=1)
    text = table.render()
    assert text == game.render_view(game.view(inner.game_state, None))
    state = inner.game_state
    observation = table.observe(table.agent_selection)
    action_id = int(np.flatnonzero(observation["action_mask"])[0])
    action = driver.action_at(game, state, 0, action_id)
    table.step(action_id)
    text = table.render()
    assert isinstance(text, str)
    line = f"    0  {game.describe_action(state, action, None)}"
    assert text.splitlines()[0] == line
    assert text.endswith(game.render_view(game.view(inner.game_state, None)))


def test_render_holds_back_a_simultaneous_step_until_it_is_over() -> None:
    table = make("dinner", render_mode="ansi")
    inner = raw(table)
    game = inner.game
    table.reset(seed=1)
    rng = np.random.default_rng(0)
    while not game.is_simultaneous(inner.game_state):
        table.step(int(rng.choice(np.flatnonzero(
            table.observe(table.agent_selection)["action_mask"]))))
    told = len(inner.replay().actions)
    table.step(0)  # the first ballot
    assert f"{told:5d}  " not in (table.render() or "")
    while game.is_simultaneous(inner.game_state):
        table.step(0)
    assert f"{told:5d}  " in (table.render() or "")


def test_render_without_a_mode_warns() -> None:
    table = make("dany")
    table.reset(seed=0)
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert table.render() is None


def test_table_rulings_are_applied_and_narrated() -> None:
    table = env("when_i_dream", 4, judge="table", clue_time_limit=True, render_mode="ansi")
    inner = raw(table)
    for _ in play(table, seed=2):
        pass
    actions = inner.replay().actions
    assert any(action.seat == partyrules.TABLE for action in actions)
    assert len((table.render() or "").splitlines()) > len(actions)
    assert inner.replay().verify().ok


def test_bad_configs_are_clear_errors() -> None:
    with pytest.raises(InvalidConfig, match="dylan_dog has no config field 'turn_limt'"):
        env("dylan_dog", 3, turn_limt=10)
    with pytest.raises(InvalidConfig, match="turn_limit is a number of turns"):
        env("dylan_dog", 3, turn_limit=0)
    with pytest.raises(InvalidConfig, match="3 to 6 players"):
        env("dylan_dog", 9)
    with pytest.raises(InvalidConfig, match="render_mode"):
        env("dany", 4, render_mode="human")
    with pytest.raises(InvalidConfig, match="observation_length"):
        env("dany", 4, observation_length=0)
    with pytest.raises(UnknownGame):
        env("chess", 2)


def test_a_view_longer_than_the_observation_is_a_clear_error() -> None:
    table = env("dany", 4, observation_length=64)
    table.reset(seed=0)
    with pytest.raises(ObservationOverflow, match="more than the observation length 64"):
        table.observe("seat_0")


def test_the_config_reaches_the_game() -> None:
    table = env("dany", 5, danys_reason=True)
    table.reset(seed=0)
    assert raw(table).config == partyrules.get_game("dany").Config(players=5,
                                                                   danys_reason=True)
    assert table.possible_agents == [f"seat_{seat}" for seat in range(5)]
