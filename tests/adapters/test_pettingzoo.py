"""The PettingZoo adapter: PettingZoo's own API, parallel API, seed, parallel seed and
render tests for every game (the API tests in every reward mode), observations that are
the encoding's tensors inside bounded boxes, masks over its fixed action ids, an illegal
move ending the game as in PettingZoo's classic games, the global state, full
random-agent games whose rewards are what ``adapters.rewards`` pays in each mode, a turn
limit reported as truncation, render (ansi and human) and errors; a game without an
encoding keeps the JSON-bytes observations and per-decision ids."""

from __future__ import annotations

import logging
import warnings
from collections.abc import Iterator
from typing import Any

import attrs
import gymnasium
import numpy as np
import pytest
from pettingzoo.test import (  # type: ignore[import-untyped]
    api_test,
    parallel_api_test,
    parallel_seed_test,
    render_test,
    seed_test,
)
from pettingzoo.test.state_test import (  # type: ignore[import-untyped]
    test_parallel_env as state_test_parallel_env,
)
from pettingzoo.test.state_test import (
    test_state_space as state_test_state_space,
)

import partyrules
from partyrules.adapters import driver
from partyrules.adapters.pettingzoo import (
    DEFAULT_OBSERVATION_LENGTH,
    ILLEGAL_MOVE_REWARD,
    ObservationOverflow,
    PartyRulesEnv,
    PartyRulesParallelEnv,
    decode_observation,
    env,
    parallel_env,
)
from partyrules.adapters.rewards import REWARD_MODES, final_rewards
from partyrules.core.errors import IllegalAction, InvalidConfig, UnknownGame
from partyrules.core.game import Search

from .tables import ENV_SIZES

NAMES = sorted(partyrules.GAMES)

# A copy of Dany without its encoding: the fallback path of a game that declares none.
PLAIN = attrs.evolve(partyrules.get_game("dany"), name="dany_without_encoding",
                     encoding=None)


def make(name: str, **extra: Any) -> Any:
    players, config = ENV_SIZES[name]
    return env(name, players, **{**config, **extra})


def make_parallel(name: str, **extra: Any) -> PartyRulesParallelEnv:
    players, config = ENV_SIZES[name]
    return parallel_env(name, players, **{**config, **extra})


def raw(table: Any) -> PartyRulesEnv:
    inner = table.unwrapped
    assert isinstance(inner, PartyRulesEnv)
    return inner


def tensor(game: Any, state: Any, seat: int | None) -> Any:
    return np.asarray(game.encoding.observation_tensor(game.view(state, seat)), np.float32)


def test_every_registered_game_has_a_size_and_an_encoding() -> None:
    assert sorted(ENV_SIZES) == NAMES
    assert all(partyrules.get_game(name).encoding is not None for name in NAMES)


# The warnings api_test gives every dict-observation env outside its own list of classic
# env names (tictactoe's and connect four's format is the same).
QUIET = ["Observation is not a NumPy array", "Observation space for each agent probably"]


@pytest.mark.parametrize(("name", "reward"), [
    *((name, reward) for name in NAMES for reward in REWARD_MODES),
    ("without_encoding", "win")])
def test_pettingzoo_api_tests(name: str, reward: str) -> None:
    def build() -> Any:
        return env(PLAIN, 4) if name == "without_encoding" else make(name, reward=reward)

    def build_parallel() -> Any:
        return (parallel_env(PLAIN, 4) if name == "without_encoding"
                else make_parallel(name, reward=reward))

    with warnings.catch_warnings():
        for message in QUIET:
            warnings.filterwarnings("ignore", message=message)
        # num_cycles=1000: the play tests run one whole game (they stop when every agent
        # is done), so the termination and dead-step paths are exercised too.
        api_test(build(), num_cycles=1000, verbose_progress=False)
        parallel_api_test(build_parallel(), num_cycles=1000)
        table = build()
        table.reset(seed=0)
        state_test_state_space(table)
        state_test_parallel_env(build_parallel())


@pytest.mark.parametrize("name", NAMES)
def test_pettingzoo_seed_tests(name: str) -> None:
    seed_test(lambda: make(name), num_cycles=100)
    # It samples the whole action space, not the masks: the first joint step is most
    # likely an illegal move, which ends the game (both copies alike).
    parallel_seed_test(lambda: make_parallel(name), num_cycles=100)


@pytest.mark.parametrize("name", NAMES)
def test_pettingzoo_render_test(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    render_test(lambda render_mode=None: make(name, render_mode=render_mode))
    assert "-- seat_" in capsys.readouterr().out  # "human" printed a seat's view


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
    encoding = game.encoding
    assert table.action_space("seat_0") == gymnasium.spaces.Discrete(
        encoding.num_actions(inner.config))
    shape = tuple(encoding.observation_shape(inner.config))
    for number, (agent, state, action) in enumerate(play(table, seed=11)):
        assert driver.settle(game, state) == state  # the table has ruled already
        seat = int(agent.removeprefix("seat_"))
        acting = game.to_act(state) - {partyrules.TABLE}
        assert seat in acting
        if game.is_simultaneous(state):
            assert seat == min(acting)  # the pending seats, one after another
        # The id of a move is the encoding's, the same in every state.
        assert encoding.action_from_id(state, seat, action) in set(
            game.legal_actions(state, seat))
        if number % 4:
            continue  # masks and tensors of every agent at a quarter of the steps
        legal = {encoding.action_id(state, a) for a in game.legal_actions(state, seat)}
        for other in table.agents:
            observation = table.observe(other)
            expected = np.zeros(encoding.num_actions(inner.config), dtype=np.int8)
            if other == agent:
                expected[sorted(legal)] = 1
            np.testing.assert_array_equal(observation["action_mask"], expected)
            seen = observation["observation"]
            assert seen.dtype == np.float32 and seen.shape == shape
            np.testing.assert_array_equal(
                seen.ravel(), tensor(game, state, int(other.removeprefix("seat_"))))
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
    while not any(table.terminations.values()) and not any(table.truncations.values()):
        assert not any(table.rewards.values())
        observation = table.observe(table.agent_selection)
        table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    outcome = inner.game.outcome(inner.game_state)
    if name == "dylan_dog":  # random players never close a case within 12 turns
        assert outcome.truncated and outcome.reason == "turn_limit"
        assert all(table.truncations.values()) and not any(table.terminations.values())
        expected = dict.fromkeys(table.agents, 0.0)
    else:
        assert all(table.terminations.values()) and not any(table.truncations.values())
        assert not outcome.truncated and outcome.winners
        # "win": the winners share 1 (a tie splits it), everyone else gets 0.
        expected = {f"seat_{seat}": 1.0 / len(outcome.winners) if seat in outcome.winners
                    else 0.0 for seat in range(inner.config.players)}
    assert table.rewards == expected
    assert table._cumulative_rewards == expected  # what last() reports to each agent
    for agent in table.agents:
        assert not table.observe(agent)["action_mask"].any()
    while table.agents:
        assert table.last()[1] == expected[table.agent_selection]
        table.step(None)
    assert table.agents == []


@pytest.mark.parametrize("name", NAMES)
def test_the_global_state_is_every_seats_observation(name: str) -> None:
    table = make(name)
    inner = raw(table)
    game = inner.game
    players = inner.config.players
    shape = tuple(game.encoding.observation_shape(inner.config))
    assert inner.state_space.shape == (players, *shape)
    for number, (_, state, _) in enumerate(play(table, seed=2)):
        if number % 10:
            continue
        global_state = table.state()
        assert inner.state_space.contains(global_state)
        for seat in range(players):
            np.testing.assert_array_equal(global_state[seat].ravel(), tensor(game, state, seat))


def test_the_parallel_env_takes_a_simultaneous_step_at_once() -> None:
    table = make_parallel("dinner")
    sequential = make("dinner")
    game = table.game
    observations, infos = table.reset(seed=1)
    sequential.reset(seed=1)
    assert set(observations) == set(infos) == set(table.agents)
    rng = np.random.default_rng(1)
    joint_steps = 0
    while table.agents:
        deciding = table.deciding
        pending = sorted(game.to_act(table.game_state) - {partyrules.TABLE})
        if game.is_simultaneous(table.game_state):
            assert deciding == [f"seat_{seat}" for seat in pending]
            joint_steps += len(deciding) > 1
        else:
            assert len(deciding) == 1
        actions = {}
        for agent in table.possible_agents:  # every agent sends an action
            mask = observations[agent]["action_mask"]
            assert mask.any() == (agent in deciding)
            actions[agent] = int(rng.choice(np.flatnonzero(mask))) if mask.any() else 0
        for agent in deciding:  # the AEC env takes the same choices one at a time
            assert sequential.agent_selection == agent
            sequential.step(actions[agent])
        observations, rewards, terminations, truncations, _ = table.step(actions)
        assert raw(sequential).game_state == table.game_state
        if any(terminations.values()):
            paid = final_rewards(game, table.game_state, "win")
            assert rewards == {f"seat_{seat}": paid[seat] for seat in range(3)}
            assert all(terminations.values()) and not any(truncations.values())
        else:
            assert not any(rewards.values())
    assert joint_steps > 0
    assert table.replay() == raw(sequential).replay()
    with pytest.raises(IllegalAction, match="the game is over"):
        table.step({})


def paid_steps(table: Any, seed: int) -> tuple[list[Any], list[dict[str, float]]]:
    """Play a whole random game in the AEC env: every settled state (the first one
    included) and the rewards of each live step."""
    inner = raw(table)
    table.reset(seed=seed)
    states, paid = [inner.game_state], []
    rng = np.random.default_rng(seed)
    for _ in table.agent_iter():
        observation, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        states.append(inner.game_state)
        paid.append(dict(table.rewards))
    return states, paid


@pytest.mark.parametrize("name", NAMES)
def test_every_reward_mode_pays_what_the_rewards_module_says(name: str) -> None:
    game = partyrules.get_game(name)
    heuristic = game.search.heuristic
    assert heuristic is not None
    for mode in REWARD_MODES:
        states, paid = paid_steps(make(name, reward=mode), seed=4)
        final, players = states[-1], states[-1].config.players
        totals = [sum(step[f"seat_{seat}"] for step in paid) for seat in range(players)]
        if mode == "shaped":
            # Potential-based: the heuristic's changes add up to minus its first value
            # (plus its last, for a game cut short: a truncation keeps its standing).
            last = heuristic(final) if game.outcome(final).truncated else (0.0,) * players
            expected = [win + end - start for win, end, start in zip(
                final_rewards(game, final, "win"), last, heuristic(states[0]), strict=True)]
            assert any(any(step.values()) for step in paid[:-1])  # paid along the way
        else:
            expected = list(final_rewards(game, final, mode))
            assert not any(any(step.values()) for step in paid[:-1])  # paid at the end
        np.testing.assert_allclose(totals, expected, atol=1e-9)
        for before, after, step in zip(states, states[1:], paid, strict=False):
            if (game.is_simultaneous(before) and game.is_simultaneous(after)
                    and game.to_act(after) < game.to_act(before)):
                assert not any(step.values())  # a ballot others have still to cast


@pytest.mark.parametrize("mode", REWARD_MODES)
def test_the_parallel_env_pays_what_the_aec_env_pays(mode: str) -> None:
    table, sequential = make_parallel("dinner", reward=mode), make("dinner", reward=mode)
    observations, _ = table.reset(seed=3)
    sequential.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    while table.agents:
        actions = {agent: int(rng.choice(np.flatnonzero(observations[agent]["action_mask"])))
                   for agent in table.deciding}
        held = dict.fromkeys(table.possible_agents, 0.0)
        for agent in table.deciding:
            sequential.step(actions[agent])
            for other, reward in sequential.rewards.items():
                held[other] += reward
        observations, rewards, *_ = table.step(actions)
        assert rewards == pytest.approx(held)
        for agent, reward in rewards.items():
            totals[agent] += reward
    expected = final_rewards(table.game, table.game_state, "win" if mode == "shaped" else mode)
    if mode != "shaped":
        assert totals == {f"seat_{seat}": paid for seat, paid in enumerate(expected)}


def test_a_game_cut_short_by_its_turn_limit_is_truncated_in_both_envs() -> None:
    table = env("dylan_dog", 3, turn_limit=2, reward="shaped")
    inner = raw(table)
    states, paid = paid_steps(table, seed=1)
    outcome = inner.game.outcome(inner.game_state)
    assert outcome.truncated and outcome.reason == "turn_limit"
    assert table.agents == []  # every agent stepped out with None
    # The last step pays no win, only the heuristic's change: a game cut short keeps
    # its standing (it does not fall to 0 as at a decided end).
    heuristic = inner.game.search.heuristic
    assert heuristic is not None
    assert paid[-1] == pytest.approx({f"seat_{seat}": after - before for seat, (after, before)
                                      in enumerate(zip(heuristic(states[-1]),
                                                       heuristic(states[-2]), strict=True))})
    again = env("dylan_dog", 3, turn_limit=2)
    again.reset(seed=1)
    rng = np.random.default_rng(1)
    while not any(again.truncations.values()):
        again.step(int(rng.choice(np.flatnonzero(
            again.observe(again.agent_selection)["action_mask"]))))
    assert all(again.truncations.values()) and not any(again.terminations.values())
    assert again.rewards == dict.fromkeys(again.agents, 0.0)
    assert not again.observe(again.agent_selection)["action_mask"].any()
    parallel = parallel_env("dylan_dog", 3, turn_limit=2)
    observations, _ = parallel.reset(seed=1)
    while parallel.agents:
        actions = {agent: int(rng.choice(np.flatnonzero(observations[agent]["action_mask"])))
                   for agent in parallel.deciding}
        observations, rewards, terminations, truncations, _ = parallel.step(actions)
    assert all(truncations.values()) and not any(terminations.values())
    assert rewards == dict.fromkeys(parallel.possible_agents, 0.0)


def test_a_reward_mode_the_game_cannot_pay_is_a_clear_error() -> None:
    with pytest.raises(InvalidConfig, match="reward: 'luck' is not one of"):
        env("dinner", 3, reward="luck")  # type: ignore[arg-type]  # on purpose
    blind = attrs.evolve(partyrules.get_game("dany"), name="dany_blind",
                         search=Search())
    with pytest.raises(InvalidConfig, match="dany_blind has no heuristic"):
        parallel_env(blind, 4, reward="shaped")
    assert env(blind, 4, reward="score") is not None


def test_the_parallel_env_refuses_a_missing_action_or_one_that_is_no_id() -> None:
    table = make_parallel("dany")
    observations, _ = table.reset(seed=2)
    before = table.game_state
    (agent,) = table.deciding
    with pytest.raises(IllegalAction, match=f"{agent} decides now but has no action"):
        table.step({other: 0 for other in table.agents if other != agent})
    with pytest.raises(IllegalAction, match=r"an action id is an int, not 1\.5"):
        table.step({agent: 1.5})
    assert table.game_state == before and table.replay().actions == ()
    assert table.agents == table.possible_agents
    good = int(np.flatnonzero(observations[agent]["action_mask"])[0])
    table.step({agent: np.int64(good)})
    assert table.game_state != before


def test_the_parallel_env_can_raise_on_an_unmasked_action() -> None:
    table = make_parallel("dany", illegal="raise")
    observations, _ = table.reset(seed=2)
    before = table.game_state
    (agent,) = table.deciding
    bad = int(np.flatnonzero(observations[agent]["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction, match=f"{bad} is not a legal action id"):
        table.step({agent: bad})
    assert table.game_state == before and table.replay().actions == ()
    assert table.agents == table.possible_agents


def first_joint_step(table: PartyRulesParallelEnv) -> dict[str, Any]:
    """Play the parallel env with the lowest legal ids up to a step of several agents;
    returns that step's observations."""
    observations, _ = table.reset(seed=1)
    while len(table.deciding) < 2:
        observations, *_ = table.step({
            agent: int(np.flatnonzero(observations[agent]["action_mask"])[0])
            for agent in table.deciding})
    return observations


def test_an_illegal_move_in_a_joint_step_ends_the_game_for_everyone(
        caplog: pytest.LogCaptureFixture) -> None:
    table = make_parallel("dinner", render_mode="ansi")
    observations = first_joint_step(table)
    before, told = table.game_state, table.replay().actions
    first, second, *_ = table.deciding
    bad = int(np.flatnonzero(observations[second]["action_mask"] == 0)[0])
    actions = {agent: int(np.flatnonzero(observations[agent]["action_mask"])[0])
               for agent in table.deciding}
    actions[second] = bad
    with caplog.at_level(logging.WARNING):
        observations, rewards, terminations, truncations, infos = table.step(actions)
    assert "Illegal move made" in caplog.text
    assert rewards == {agent: ILLEGAL_MOVE_REWARD if agent == second else 0.0
                       for agent in table.possible_agents}
    assert all(terminations.values()) and not any(truncations.values())
    assert infos[second] == {"illegal_action": bad} and infos[first] == {}
    assert set(observations) == set(table.possible_agents)
    assert not any(o["action_mask"].any() for o in observations.values())
    assert table.agents == [] and table.deciding == []
    # None of the step's moves is applied, the legal ones included.
    assert table.game_state == before and table.replay().actions == told
    assert f"{second} made an illegal move (id {bad}): the game ends" in (table.render() or "")
    with pytest.raises(IllegalAction, match="the game is over"):
        table.step({})
    table.reset(seed=1)  # a new game starts afresh
    assert table.agents == table.possible_agents and table.deciding


def test_every_illegal_move_of_a_joint_step_costs_its_agent() -> None:
    table = make_parallel("dinner")
    observations = first_joint_step(table)
    deciding = table.deciding
    actions = {agent: int(np.flatnonzero(observations[agent]["action_mask"] == 0)[0])
               for agent in deciding}
    _, rewards, terminations, _, infos = table.step(actions)
    assert rewards == {agent: ILLEGAL_MOVE_REWARD if agent in deciding else 0.0
                       for agent in table.possible_agents}
    assert all(terminations.values())
    assert all(infos[agent] == {"illegal_action": actions[agent]} for agent in deciding)


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


@pytest.mark.parametrize("name", NAMES)
def test_observations_lie_in_the_bounded_box_of_the_encodings_bounds(name: str) -> None:
    table, parallel = make(name), make_parallel(name)
    inner = raw(table)
    encoding = inner.game.encoding
    low, high = (np.asarray(side, np.float32)
                 for side in encoding.observation_bounds(inner.config))
    for box in (table.observation_space("seat_0")["observation"],
                parallel.observation_space("seat_0")["observation"]):
        assert box.is_bounded("both")  # every size in the tests sets a bound
        np.testing.assert_array_equal(box.low.ravel(), low)
        np.testing.assert_array_equal(box.high.ravel(), high)
    assert inner.state_space.is_bounded("both")
    assert inner.state_space.low.min() == low.min()
    assert inner.state_space.high.max() == high.max()
    spaces = {agent: table.observation_space(agent) for agent in table.possible_agents}
    for seed in range(4):  # random games: at every step, every seat's tensor (state())
        for agent, _, _ in play(table, seed=seed, choice_seed=seed):
            assert spaces[agent].contains(table.observe(agent))
            assert inner.state_space.contains(table.state())


def test_a_game_that_declares_no_bounds_keeps_an_unbounded_box() -> None:
    dany = partyrules.get_game("dany")
    unbounded = attrs.evolve(dany, name="dany_unbounded", encoding=attrs.evolve(
        dany.encoding, observation_bounds=None))
    box = env(unbounded, 4).observation_space("seat_0")["observation"]
    assert not box.is_bounded("below") and not box.is_bounded("above")
    wrong = attrs.evolve(dany, name="dany_wrong", encoding=attrs.evolve(
        dany.encoding, observation_bounds=lambda config: ((0.0,), (1.0,))))
    with pytest.raises(InvalidConfig, match="observation_bounds gives 1 and 1 bounds"):
        env(wrong, 4)


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


def test_an_unmasked_id_ends_the_game_as_in_the_classic_games(
        caplog: pytest.LogCaptureFixture) -> None:
    table = make("dany", render_mode="ansi")
    inner = raw(table)
    table.reset(seed=2)
    table.step(int(np.flatnonzero(table.observe("seat_0")["action_mask"])[0]))
    agent = table.agent_selection
    before, told = inner.game_state, inner.replay().actions
    bad = int(np.flatnonzero(table.observe(agent)["action_mask"] == 0)[0])
    with caplog.at_level(logging.WARNING):
        table.step(np.int64(bad))
    assert "Illegal move made, game terminating with current player losing" in caplog.text
    expected = {other: ILLEGAL_MOVE_REWARD if other == agent else 0.0
                for other in table.possible_agents}
    assert table.rewards == expected
    assert all(table.terminations.values()) and not any(table.truncations.values())
    assert table.infos[agent] == {"illegal_action": bad}
    assert inner.game_state == before and inner.replay().actions == told
    assert not any(table.observe(other)["action_mask"].any() for other in table.agents)
    assert (table.render() or "").count("made an illegal move") == 1
    seen = {}
    while table.agents:  # every agent hears its reward, then steps out
        seen[table.agent_selection] = table.last()[1]
        table.step(None)
    assert seen == expected
    table.reset(seed=2)
    assert table.agents == table.possible_agents and not any(table.terminations.values())


def test_an_unmasked_id_raises_with_illegal_raise_and_changes_nothing() -> None:
    table = make("dany", illegal="raise")
    table.reset(seed=2)
    before = raw(table).game_state
    mask = table.observe(table.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalAction, match=rf"dany: {bad} is not a legal action id of seat 0"):
        table.step(bad)
    with pytest.raises(IllegalAction):
        table.step(-1)
    assert raw(table).game_state == before and not any(table.terminations.values())
    table.step(np.int64(np.flatnonzero(mask)[0]))  # NumPy integers are accepted
    assert raw(table).game_state != before


def test_a_value_that_is_no_id_raises_whatever_the_policy() -> None:
    table = make("dany")
    table.reset(seed=2)
    before = raw(table).game_state
    for value in (1.0, "3", True):
        with pytest.raises(IllegalAction, match="an action id is an int"):
            table.step(value)
    assert raw(table).game_state == before and not any(table.terminations.values())


def test_a_game_without_encoding_has_json_observations_and_per_decision_ids() -> None:
    table = env(PLAIN, 4)
    inner = raw(table)
    assert table.action_space("seat_0") == gymnasium.spaces.Discrete(
        driver.DEFAULT_ACTION_BOUND)
    assert table.observation_space("seat_0")["observation"] == gymnasium.spaces.Box(
        0, 255, (DEFAULT_OBSERVATION_LENGTH,), np.uint8)
    assert inner.state_space.shape == (4, DEFAULT_OBSERVATION_LENGTH)
    for number, (agent, state, action) in enumerate(play(table, seed=8)):
        seat = int(agent.removeprefix("seat_"))
        legal = list(PLAIN.legal_actions(state, seat))
        assert action < len(legal)  # the id is the action's place in the list
        if number % 5 == 0:
            mask = table.observe(agent)["action_mask"]
            assert list(np.flatnonzero(mask)) == list(range(len(legal)))
            assert decode_observation(table.observe(agent)["observation"]) == PLAIN.view(
                state, seat)
            assert decode_observation(table.state()[seat]) == PLAIN.view(state, seat)
    assert PLAIN.is_terminal(inner.game_state)
    strict = env(PLAIN, 4, illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(IllegalAction, match=r"dany_without_encoding: seat 0 has actions "
                                            r"0 to \d+, not 300"):
        strict.step(300)
    table.reset(seed=2)
    table.step(300)  # past the legal ids: an illegal move
    assert table.rewards["seat_0"] == ILLEGAL_MOVE_REWARD


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

    def first_legal() -> int:
        return int(np.flatnonzero(table.observe(table.agent_selection)["action_mask"])[0])

    while not game.is_simultaneous(inner.game_state):
        table.step(int(rng.choice(np.flatnonzero(
            table.observe(table.agent_selection)["action_mask"]))))
    told = len(inner.replay().actions)
    table.step(first_legal())  # the first ballot
    assert f"{told:5d}  " not in (table.render() or "")
    while game.is_simultaneous(inner.game_state):
        table.step(first_legal())
    assert f"{told:5d}  " in (table.render() or "")


def test_render_without_a_mode_warns() -> None:
    table = make("dany")
    table.reset(seed=0)
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert table.render() is None


def test_render_human_prints_the_view_of_the_agent_to_act(
        capsys: pytest.CaptureFixture[str]) -> None:
    table = make("dinner", render_mode="human")
    inner = raw(table)
    game = inner.game
    table.reset(seed=1)  # human mode renders by itself after a reset and each step
    seat_view = game.render_view(game.view(inner.game_state, 0))
    assert capsys.readouterr().out == f"-- seat_0 sees:\n{seat_view}\n"
    state = inner.game_state
    action_id = int(np.flatnonzero(table.observe("seat_0")["action_mask"])[0])
    table.step(action_id)
    printed = capsys.readouterr().out
    action = driver.action_at(game, state, 0, action_id)
    line = f"    0  {game.describe_action(state, action, None)}"
    seat = int(table.agent_selection.removeprefix("seat_"))
    assert printed == (f"{line}\n-- seat_{seat} sees:\n"
                       f"{game.render_view(game.view(inner.game_state, seat))}\n")
    assert table.render() is None  # a line is printed once: only the view again
    assert capsys.readouterr().out.startswith(f"-- seat_{seat} sees:")
    for _ in play(table, seed=1, choice_seed=3):
        pass
    assert capsys.readouterr().out.endswith(
        f"-- the table sees:\n{game.render_view(game.view(inner.game_state, None))}\n")


def test_render_human_of_the_parallel_env_prints_the_spectators_view(
        capsys: pytest.CaptureFixture[str]) -> None:
    table = make_parallel("dinner", render_mode="human")
    game = table.game
    table.reset(seed=1)
    spectator = game.render_view(game.view(table.game_state, None))
    assert capsys.readouterr().out == f"-- the table sees:\n{spectator}\n"
    assert table.render() is None
    assert capsys.readouterr().out == f"-- the table sees:\n{spectator}\n"


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
    with pytest.raises(InvalidConfig,
                       match=r"no config field 'turn_limt' \(did you mean 'turn_limit'\?\)"):
        env("dylan_dog", 3, turn_limt=10)
    with pytest.raises(InvalidConfig, match="turn_limit is a number of turns"):
        parallel_env("dylan_dog", 3, turn_limit=0)
    with pytest.raises(InvalidConfig, match="3 to 6 players"):
        env("dylan_dog", 9)
    with pytest.raises(InvalidConfig, match="render_mode"):
        env("dany", 4, render_mode="rgb_array")
    with pytest.raises(InvalidConfig, match="illegal is one of terminate, raise"):
        parallel_env("dany", 4, illegal="ignore")  # type: ignore[arg-type]  # on purpose
    with pytest.raises(InvalidConfig, match="observation_length"):
        env(PLAIN, 4, observation_length=0)
    with pytest.raises(InvalidConfig, match="has an encoding"):
        env("dany", 4, observation_length=4096)
    with pytest.raises(UnknownGame):
        env("chess", 2)


def test_a_view_longer_than_the_observation_is_a_clear_error() -> None:
    table = env(PLAIN, 4, observation_length=64)
    table.reset(seed=0)
    with pytest.raises(ObservationOverflow, match="more than the observation length 64"):
        table.observe("seat_0")


def test_the_config_reaches_the_game() -> None:
    table = env("dany", 5, danys_reason=True)
    table.reset(seed=0)
    assert raw(table).config == partyrules.get_game("dany").Config(players=5,
                                                                   danys_reason=True)
    assert table.possible_agents == [f"seat_{seat}" for seat in range(5)]
