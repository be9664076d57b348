"""The Gymnasium adapter: Gymnasium's ``check_env`` for every game (made through the
registered ids), masks that are the learning seat's legal ids, observations that are its
tensors, reproducible resets, the seat fixed or rotating, opponents from bot specs and
player objects, races, what each reward mode pays, truncation at Dylan Dog's turn limit,
illegal actions, render, evaluation, and errors."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from typing import Any

import attrs
import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import partyrules
from partyrules.adapters.gymnasium import (
    ILLEGAL_MOVE_REWARD,
    SingleAgentEnv,
    env_id,
    evaluate,
    register_envs,
)
from partyrules.adapters.rewards import REWARD_MODES, final_rewards
from partyrules.bots import GreedyBot
from partyrules.core.errors import IllegalAction, InvalidConfig

from .tables import ENV_SIZES

NAMES = sorted(partyrules.GAMES)


def make(name: str, **extra: Any) -> SingleAgentEnv:
    players, config = ENV_SIZES[name]
    return SingleAgentEnv(name, players, **{**config, **extra})


def test_every_registered_game_has_a_size_and_a_gymnasium_id() -> None:
    assert sorted(ENV_SIZES) == NAMES
    assert register_envs() == tuple(sorted(env_id(name) for name in NAMES))
    assert env_id("dinner") == "partyrules/Dinner-v0"
    assert env_id("dylan_dog") == "partyrules/DylanDog-v0"


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("reward", REWARD_MODES)
def test_check_env_passes_without_a_warning(name: str, reward: str) -> None:
    players, config = ENV_SIZES[name]
    made = gymnasium.make(env_id(name), players=players, reward=reward, **config)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # check_env reports its doubts as warnings
        # The unwrapped env, as check_env asks; its spec lets it try every render mode.
        check_env(made.unwrapped)
    assert made.unwrapped.spec is not None and made.unwrapped.spec.id == env_id(name)


def decisions(table: SingleAgentEnv, seed: int, choice_seed: int = 0
              ) -> Iterator[tuple[Any, Any, dict[str, Any]]]:
    """Play an episode with random masked choices: yields (state, observation, info) at
    each of the learner's decisions. Returns the last step's info by ``StopIteration``."""
    observation, info = table.reset(seed=seed)
    rng = np.random.default_rng(choice_seed)
    while True:
        yield table.game_state, observation, info
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        observation, _, terminated, truncated, info = table.step(action)
        if terminated or truncated:
            return


@pytest.mark.parametrize("name", NAMES)
def test_masks_are_the_learners_legal_ids_and_observations_its_tensor(name: str) -> None:
    table = make(name, seat="rotate")
    game = table.game
    encoding = game.encoding
    assert encoding is not None
    assert table.action_space == gymnasium.spaces.Discrete(encoding.num_actions(table.config))
    for seed in (1, 2):
        for state, observation, info in decisions(table, seed):
            seat = table.seat
            assert seat == info["seat"] == seed % table.config.players
            assert seat in game.to_act(state)  # the runner stopped at the learner's turn
            legal = {encoding.action_id(state, action)
                     for action in game.legal_actions(state, seat)}
            mask = table.action_masks()
            assert mask.dtype == np.bool_ and set(np.flatnonzero(mask)) == legal
            np.testing.assert_array_equal(info["action_mask"], mask.astype(np.int8))
            assert info["action_mask"].dtype == np.int8
            assert table.observation_space.contains(observation)
            np.testing.assert_array_equal(observation.ravel(), np.asarray(
                encoding.observation_tensor(game.view(state, seat)), np.float32))
        assert game.is_terminal(table.game_state)
        assert not table.action_masks().any()
        report = table.replay().verify()
        assert report.ok and report.terminal


def trajectory(table: SingleAgentEnv, seed: int | None) -> list[Any]:
    """Observations, rewards and ends of an episode whose learner plays its lowest
    legal id, and the episode's replay."""
    observation, info = table.reset(seed=seed)
    seen: list[Any] = [observation.tobytes()]
    done = False
    while not done:
        observation, reward, terminated, truncated, info = table.step(
            int(np.flatnonzero(info["action_mask"])[0]))
        seen.append((observation.tobytes(), reward, terminated, truncated))
        done = terminated or truncated
    return [*seen, table.replay()]


def test_a_seeded_reset_replays_the_episode_and_unseeded_ones_follow_it() -> None:
    one, two = make("when_i_dream", opponents="greedy"), make("when_i_dream",
                                                              opponents="greedy")
    two.reset(seed=99)
    assert trajectory(one, 21) == trajectory(two, np.int64(21))
    assert one.seed == two.seed == 21 and type(two.seed) is int
    assert trajectory(one, None) == trajectory(two, None)  # the next seeds are the same
    assert one.seed == two.seed != 21
    assert trajectory(one, 22) != trajectory(two, 21)


def test_the_seat_is_fixed_or_rotates_with_the_seed() -> None:
    fixed = make("dinner", seat=2)
    rotating = make("dinner", seat="rotate")
    for seed in range(6):
        assert fixed.reset(seed=seed)[1]["seat"] == 2
        assert rotating.reset(seed=seed)[1]["seat"] == seed % 3 == rotating.seat


class Recording:
    """A real bot whose every decision is noted, to see whom the runner asks."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = f"recording {bot.name}"
        self.asked: list[tuple[int, Any]] = []

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        action = self.bot.choose(state, seat, rng)
        self.asked.append((seat, action))
        return action


def test_opponents_are_bot_specs_or_players_one_per_other_seat() -> None:
    game = partyrules.get_game("dinner")
    recorder = Recording(GreedyBot(game))
    table = SingleAgentEnv("dinner", 4, seat=1, opponents=[recorder, "ismcts:5", "random"])
    for _ in decisions(table, seed=3):
        pass
    actions = table.replay().actions
    assert {seat for seat, _ in recorder.asked} == {0}  # the first of the other seats
    assert [action for action in actions if action.seat == 0] == [
        action for _, action in recorder.asked]
    assert {action.seat for action in actions} == {0, 1, 2, 3}
    assert table.replay().verify().ok
    # One spec for every other seat; a race with ISMCTS, which may wait, in When I Dream.
    dreams = SingleAgentEnv("when_i_dream", 4, opponents="ismcts:3")
    for _ in decisions(dreams, seed=5):
        pass
    assert dreams.replay().verify().ok


def test_in_a_race_the_learner_is_asked_first_by_a_draw() -> None:
    """When I Dream: the learner dreams in the first round, and its guess races the
    clues; sometimes it guesses before the round's first clue, sometimes after."""
    table = make("when_i_dream")
    game = table.game
    first_word: set[bool] = set()
    for seed in range(8):
        for state, _, _ in decisions(table, seed):
            if state.dreamer == 0 and len(game.to_act(state) - {partyrules.TABLE}) > 1:
                assert not game.is_simultaneous(state)  # a race, and the learner is in it
                first_word.add(not state.clues)
    assert first_word == {True, False}


def paid(table: SingleAgentEnv, seed: int) -> tuple[Any, list[float], dict[str, Any]]:
    """The state after reset, the learner's rewards in an episode of random legal ids
    (drawn from ``seed``), and the last info."""
    _, info = table.reset(seed=seed)
    start = table.game_state
    rewards: list[float] = []
    rng = np.random.default_rng(seed)
    done = False
    while not done:
        _, reward, terminated, truncated, info = table.step(
            int(rng.choice(np.flatnonzero(info["action_mask"]))))
        assert type(reward) is float
        rewards.append(reward)
        done = terminated or truncated
    return start, rewards, info


@pytest.mark.parametrize("name", ["dany", "dinner", "hollywood", "when_i_dream"])
def test_each_reward_mode_pays_the_learner_what_the_rewards_module_says(name: str) -> None:
    game = partyrules.get_game(name)
    heuristic = game.search.heuristic
    assert heuristic is not None
    for mode in REWARD_MODES:
        table = make(name, reward=mode)
        start, rewards, info = paid(table, seed=1)
        final, seat = table.game_state, table.seat
        assert info["outcome"] == game.outcome(final) and not info["outcome"].truncated
        if mode == "shaped":
            # Potential-based: the heuristic's changes add up to minus its first value.
            expected = final_rewards(game, final, "win")[seat] - heuristic(start)[seat]
            assert any(rewards[:-1])  # paid along the way
        else:
            expected = final_rewards(game, final, mode)[seat]
            assert not any(rewards[:-1])  # paid at the end
        assert sum(rewards) == pytest.approx(expected, abs=1e-9)


def test_a_game_cut_short_by_its_turn_limit_is_a_truncation() -> None:
    table = SingleAgentEnv("dylan_dog", 3, turn_limit=1, seat="rotate")
    played = []
    for seed in range(3):
        observation, info = table.reset(seed=seed)
        played.append((table.seed, table.seat))
        terminated = truncated = False
        while not (terminated or truncated):
            observation, reward, terminated, truncated, info = table.step(
                int(np.flatnonzero(info["action_mask"])[0]))
        assert truncated and not terminated
        assert info["outcome"].truncated and info["outcome"].reason == "turn_limit"
        assert reward == 0.0 and not info["action_mask"].any()
        assert table.observation_space.contains(observation)
    with pytest.raises(IllegalAction, match="the episode is over"):
        table.step(0)
    # The first turn ends the game: a later seat never decides, so a reset sets up the
    # next game (its seed drawn) until the learner sits first.
    assert played[0] == (0, 0) and played[1][0] != 1
    assert all(seed % 3 == seat == 0 for seed, seat in played)
    # A game over before anyone decides: reset gives up after 100 games, saying why.
    dinner = partyrules.get_game("dinner")
    final = partyrules.play_match(dinner, dinner.Config(players=3),
                                  [partyrules.RandomBot(dinner)] * 3, seed=0).final
    over = attrs.evolve(dinner, name="dinner_over", setup=lambda config, seed: final)
    with pytest.raises(InvalidConfig, match="seat 2 made no decision in 100 games"):
        SingleAgentEnv(over, 3, seat=2).reset(seed=0)


def test_an_illegal_action_ends_the_episode_or_raises() -> None:
    table = make("dany")
    _, info = table.reset(seed=2)
    before = table.game_state
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    observation, reward, terminated, truncated, info = table.step(np.int64(bad))
    assert (reward, terminated, truncated) == (ILLEGAL_MOVE_REWARD, True, False)
    assert info["illegal_action"] == bad and "outcome" not in info
    assert table.game_state == before and not table.action_masks().any()
    assert table.observation_space.contains(observation)
    with pytest.raises(IllegalAction, match="the episode is over"):
        table.step(0)
    strict = make("dany", illegal="raise")
    _, info = strict.reset(seed=2)
    with pytest.raises(IllegalAction, match=rf"dany: {bad} is not a legal action id"):
        strict.step(bad)
    for value in (1.5, "3", True, None):
        with pytest.raises(IllegalAction, match="an action id is an int"):
            strict.step(value)
    assert strict.game_state == before and strict.replay().actions == ()
    strict.step(np.array(np.flatnonzero(info["action_mask"])[0]))  # a 0-d array works
    assert strict.game_state != before


def test_render_narrates_the_episode_as_the_learner_may_know_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    table = make("dinner", render_mode="ansi")
    game = table.game
    _, info = table.reset(seed=1)
    state = table.game_state
    action_id = int(np.flatnonzero(info["action_mask"])[0])
    table.step(action_id)
    text = table.render()
    assert isinstance(text, str)
    action = game.encoding.action_from_id(state, 0, action_id)  # type: ignore[union-attr]
    assert text.splitlines()[0] == f"    0  {game.describe_action(state, action, 0)}"
    assert text.endswith("-- seat_0 sees:\n" + game.render_view(
        game.view(table.game_state, 0)))
    shown = make("dinner", render_mode="human")
    shown.reset(seed=1)  # human mode prints by itself after a reset and each step
    assert capsys.readouterr().out.startswith("-- seat_0 sees:\n")
    silent = make("dinner")
    silent.reset(seed=1)
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert silent.render() is None


def test_evaluate_counts_the_learners_wins_over_the_seeds() -> None:
    def lowest(observation: Any, mask: Any) -> int:
        return int(np.flatnonzero(mask)[0])

    table = make("dinner", seat="rotate")
    tally = evaluate(table, lowest, range(10, 14), name="lowest")
    wins = 0
    for seed in range(10, 14):
        _, _, info = paid(table, seed)
        wins += table.seat in info["outcome"].winners
    assert (tally.name, tally.games, tally.wins) == ("lowest", 4, wins)
    low, high = tally.interval
    assert low <= tally.rate <= high
    # An illegal action is a game lost.
    assert evaluate(make("dinner"), lambda observation, mask: -1, range(3)).wins == 0


def test_the_masks_reach_through_gymnasiums_wrappers_and_vector_envs() -> None:
    """What sb3-contrib's MaskablePPO does: ``get_wrapper_attr("action_masks")``."""
    made = gymnasium.make("partyrules.adapters.gymnasium:partyrules/Dinner-v0", players=3)
    _, info = made.reset(seed=4)
    np.testing.assert_array_equal(made.get_wrapper_attr("action_masks")(),
                                  info["action_mask"].astype(bool))
    vector = gymnasium.vector.SyncVectorEnv([
        lambda: gymnasium.make(env_id("dany"), players=4) for _ in range(2)])
    _, infos = vector.reset(seed=[1, 2])
    masks = np.stack(vector.call("action_masks"))
    np.testing.assert_array_equal(masks, infos["action_mask"].astype(bool))


def test_bad_arguments_are_clear_errors() -> None:
    plain = attrs.evolve(partyrules.get_game("dany"), name="dany_plain", encoding=None)
    with pytest.raises(InvalidConfig, match="dany_plain has no encoding"):
        SingleAgentEnv(plain, 4)
    with pytest.raises(InvalidConfig, match=r"seat is a seat from 0 to 2 or 'rotate'"):
        SingleAgentEnv("dinner", 3, seat=3)
    with pytest.raises(InvalidConfig, match="opponents: 3 given for the 2 other seats"):
        SingleAgentEnv("dinner", 3, opponents=["random"] * 3)
    with pytest.raises(InvalidConfig, match="no bot called 'genius'"):
        SingleAgentEnv("dinner", 3, opponents="genius")
    with pytest.raises(InvalidConfig, match="reward: 'luck' is not one of"):
        SingleAgentEnv("dinner", 3, reward="luck")  # type: ignore[arg-type]  # on purpose
    with pytest.raises(InvalidConfig, match="illegal is one of terminate, raise"):
        SingleAgentEnv("dinner", 3, illegal="ignore")  # type: ignore[arg-type]  # on purpose
    with pytest.raises(InvalidConfig, match="render_mode is one of ansi, human"):
        SingleAgentEnv("dinner", 3, render_mode="rgb_array")
    with pytest.raises(InvalidConfig, match="turn_limit"):
        SingleAgentEnv("dylan_dog", 3, turn_limt=5)
    with pytest.raises(IllegalAction, match="no episode yet"):
        SingleAgentEnv("dinner", 3).step(0)
    assert SingleAgentEnv("when_i_dream").config.players == 4  # the fewest by default
