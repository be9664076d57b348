"""The OpenSpiel adapter: every game passes ``pyspiel.random_sim_test`` with its tensors
and serialization, reads its dynamics, ids, tensors and length bound from the Game
record, round-trips through ``serialize_game_and_state``, resamples information states
through ``determinize``, and OpenSpiel's own ISMCTS bot plays a seat of every game. A
game without an encoding keeps the per-decision ids and strings. Most tests here fix the
deal with ``seed`` (the game before the deal became a chance node);
``test_openspiel_solvers.py`` tests the chance node, rewards, keys and presets."""

from __future__ import annotations

import math
import random
from typing import Any

import attrs
import numpy as np
import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
import pytest
from open_spiel.python.algorithms import (  # type: ignore[import-not-found, unused-ignore]
    ismcts,
    mcts,
)

import partyrules
from partyrules.adapters import driver, openspiel
from partyrules.adapters.openspiel import GameTooLong, register
from partyrules.adapters.rewards import final_rewards

from .tables import OPENSPIEL_PARAMS

register()

NAMES = sorted(partyrules.GAMES)
SIMULTANEOUS = [name for name in NAMES if partyrules.get_game(name).simultaneous_steps]


# A copy of Dany without its encoding: the fallback path of a game that declares none.
PLAIN = attrs.evolve(partyrules.get_game("dany"), name="dany_without_encoding",
                     encoding=None)
register(PLAIN)


def load(name: str, params: dict[str, Any] | None = None) -> Any:
    return pyspiel.load_game(f"partyrules_{name}", OPENSPIEL_PARAMS.get(name, {}) | (params or {}))


def play_randomly(state: Any, rng: random.Random, steps: int | None = None) -> None:
    """Random legal decisions until the end (or ``steps`` of them)."""
    done = 0
    while not state.is_terminal() and (steps is None or done < steps):
        if state.current_player() == pyspiel.PlayerId.SIMULTANEOUS:
            state.apply_actions([rng.choice(state.legal_actions(p))
                                 for p in range(state.num_players())])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        done += 1


def test_every_game_is_registered_and_has_an_encoding() -> None:
    registered = set(pyspiel.registered_names())
    assert {f"partyrules_{name}" for name in NAMES} <= registered
    assert sorted(OPENSPIEL_PARAMS) == NAMES
    assert all(partyrules.get_game(name).encoding is not None for name in NAMES)
    register()  # idempotent
    register(PLAIN)
    register(attrs.evolve(PLAIN))  # an equal record: already registered
    with pytest.raises(ValueError, match="a different game is already registered"):
        register(attrs.evolve(PLAIN, title="Another game"))


SIMS = [(name, {}) for name in NAMES] + [(name, {"turn_based": True}) for name in SIMULTANEOUS]


@pytest.mark.parametrize(("name", "params"), SIMS,
                         ids=[name + ("-turn_based" if params else "") for name, params in SIMS])
def test_random_sim_test_with_tensors_and_serialization(name: str,
                                                        params: dict[str, Any]) -> None:
    game = load(name, params)
    kind = game.get_type()
    assert kind.provides_information_state_tensor and kind.provides_observation_tensor
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_random_sim_test_of_a_game_without_encoding() -> None:
    game = pyspiel.load_game("partyrules_dany_without_encoding", {"players": 4, "seed": 2})
    kind = game.get_type()
    assert not kind.provides_information_state_tensor and not kind.provides_observation_tensor
    assert kind.provides_information_state_string and kind.provides_observation_string
    assert game.num_distinct_actions() == driver.DEFAULT_ACTION_BOUND
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    state = game.new_initial_state()
    legal = list(PLAIN.legal_actions(state.partyrules_state, 0))
    assert state.legal_actions() == list(range(len(legal)))  # ids are places in the list


@pytest.mark.parametrize("name", NAMES)
def test_the_game_type_and_info_come_from_the_game_record(name: str) -> None:
    game = load(name)
    rules = partyrules.get_game(name)
    config = game.config
    kind = game.get_type()
    assert kind.dynamics == (pyspiel.GameType.Dynamics.SIMULTANEOUS if rules.simultaneous_steps
                             else pyspiel.GameType.Dynamics.SEQUENTIAL)
    # The deal is the one chance node; a fixed seed leaves none.
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.max_chance_outcomes() == openspiel.DEFAULT_DEALS
    fixed = load(name, {"seed": 1})
    assert fixed.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert fixed.max_chance_outcomes() == 0
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    encoding = rules.encoding
    assert game.num_distinct_actions() == encoding.num_actions(config)
    shape = list(encoding.observation_shape(config))
    assert game.observation_tensor_shape() == shape
    assert game.information_state_tensor_shape() == shape
    assert game.max_game_length() == rules.max_decisions(config)
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    assert (openspiel.TURN_BASED in game.get_parameters()) == rules.simultaneous_steps


@pytest.mark.parametrize("name", NAMES)
def test_ids_and_tensors_are_the_encodings(name: str) -> None:
    game = load(name, {"seed": 4})
    rules = partyrules.get_game(name)
    encoding = rules.encoding
    state = game.new_initial_state()
    rng = random.Random(4)
    for _ in range(6):
        if state.is_terminal():
            break
        full = state.partyrules_state
        for seat in state.turn.seats:
            ids = state.legal_actions(seat)
            assert ids == sorted(encoding.action_id(full, action)
                                 for action in rules.legal_actions(full, seat))
            for action_id in ids[:3]:  # an id is the encoding's: action_from_id gives it
                assert state.action_to_string(seat, action_id) == (
                    f"#{action_id} " + rules.describe_action(
                        full, encoding.action_from_id(full, seat, action_id), seat))
        for seat in range(game.num_players()):
            tensor = encoding.observation_tensor(rules.view(full, seat))
            np.testing.assert_array_equal(state.observation_tensor(seat),
                                          np.asarray(tensor, np.float32))
            # The view carries what a seat remembers: it is the information state too.
            assert state.information_state_tensor(seat) == state.observation_tensor(seat)
        play_randomly(state, rng, steps=5)


def test_parameters_build_the_config() -> None:
    dany = partyrules.get_game("dany")
    game = load("dany", {"players": 5, "danys_reason": True})
    assert game.config == dany.Config(players=5, danys_reason=True)
    assert game.num_players() == 5 and game.config.idea_cards is None
    assert load("dany", {"players": 4, "idea_cards": 12}).config.idea_cards == 12
    hollywood = partyrules.get_game("hollywood")
    assert load("hollywood", {"players": 3}).config == hollywood.Config(players=3)
    assert load("hollywood", {"players": 3, "first_distributor": 2}).config.first_distributor == 2
    dream = load("when_i_dream", {"players": 6, "side": "expert"}).config
    assert (dream.players, dream.side) == (6, "expert")
    dylan = load("dylan_dog", {"players": 4, "turn_limit": 30})
    assert dylan.config.turn_limit == 30
    assert dylan.max_game_length() == partyrules.get_game("dylan_dog").max_decisions(
        dylan.config)
    assert set(game.get_parameters()) == set(openspiel.parameters(dany))


def test_bad_parameters_give_clear_errors() -> None:
    with pytest.raises(partyrules.InvalidConfig, match=r"partyrules_dany: .*3 to 9 players"):
        load("dany", {"players": 10, "danys_reason": True})
    with pytest.raises(partyrules.InvalidConfig, match="partyrules_dinner"):
        load("dinner", {"players": 2})
    with pytest.raises(partyrules.InvalidConfig, match="partyrules_when_i_dream"):
        load("when_i_dream", {"players": 4, "side": "sideways"})
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'bogus'"):
        load("dany", {"bogus": 1})
    with pytest.raises(pyspiel.SpielError, match="Wrong type for parameter players"):
        load("dany", {"players": "five"})
    with pytest.raises(partyrules.InvalidConfig, match="unknown parameter"):
        openspiel.config_of(partyrules.get_game("dany"), {"turn_limit": 3})
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'turn_based'"):
        load("dylan_dog", {"turn_based": True})  # no simultaneous step to take in turn


def test_the_length_bound_comes_from_max_decisions() -> None:
    dylan = partyrules.get_game("dylan_dog")
    unbounded = dylan.Config(players=3, turn_limit=None)
    assert dylan.max_decisions(unbounded) is None
    with pytest.raises(partyrules.InvalidConfig, match=r"partyrules_dylan_dog: .*no bound"):
        openspiel.max_game_length(dylan, unbounded)
    undeclared = attrs.evolve(dylan, max_decisions=None)
    assert openspiel.max_game_length(undeclared, unbounded) == driver.DEFAULT_MAX_DECISIONS
    dinner = partyrules.get_game("dinner")
    config = dinner.Config(players=4)
    assert openspiel.max_game_length(dinner, config, turn_based=True) == (
        4 * dinner.max_decisions(config))
    assert load("dinner", {"players": 4, "turn_based": True}).max_game_length() == (
        4 * dinner.max_decisions(config))


def test_a_game_past_its_bound_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(openspiel, "max_game_length", lambda game, config, **_: 3)
    state = load("dylan_dog", {"turn_limit": 50, "seed": 99}).new_initial_state()
    with pytest.raises(GameTooLong, match="max_game_length of 3"):
        for _ in range(5):
            state.apply_action(state.legal_actions()[0])


@pytest.mark.parametrize("name", NAMES)
def test_serialize_game_and_state_round_trips(name: str) -> None:
    game = load(name, {"seed": 3, **({"turn_based": True} if name == "dinner" else {})})
    state = game.new_initial_state()
    play_randomly(state, random.Random(3), steps=12)
    text = pyspiel.serialize_game_and_state(game, state)
    again_game, again = pyspiel.deserialize_game_and_state(text)
    assert str(again_game) == str(game)
    assert isinstance(again, openspiel.PartyRulesState)
    assert again.partyrules_state == state.partyrules_state
    assert again.history() == state.history() and again.turn == state.turn
    # The restored game goes on exactly as the original (the race rng travels too).
    play_randomly(state, random.Random(5), steps=20)
    play_randomly(again, random.Random(5), steps=20)
    assert again.history() == state.history()
    assert again.partyrules_state == state.partyrules_state


@pytest.mark.parametrize("name", NAMES)
def test_resample_from_infostate_keeps_what_the_seat_knows(name: str) -> None:
    game = load(name, {"seed": 6})
    rules = partyrules.get_game(name)
    state = game.new_initial_state()
    rng = random.Random(6)
    worlds = 0
    for _ in range(4):
        if state.is_terminal():
            break
        for seat in range(game.num_players()):
            sampler = pyspiel.UniformProbabilitySampler(seat, 0.0, 1.0)
            sampled = state.resample_from_infostate(seat, sampler)
            assert sampled.information_state_string(seat) == state.information_state_string(seat)
            assert sampled.information_state_tensor(seat) == state.information_state_tensor(seat)
            if seat in state.turn.seats:  # its options are part of what it knows
                assert sampled.legal_actions(seat) == state.legal_actions(seat)
            again = state.resample_from_infostate(
                seat, pyspiel.UniformProbabilitySampler(seat, 0.0, 1.0))
            assert again.partyrules_state == sampled.partyrules_state  # seeded: same world
            worlds += sampled.partyrules_state != state.partyrules_state
            assert sampled.history() == state.history()
        play_randomly(state, rng, steps=8)
    assert worlds > 0, f"{rules.name}: determinize never re-dealt anything"


class HeuristicEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """Judges a leaf by the game's heuristic (0.5 each without one): a cheap evaluator
    that keeps the searches of long games short."""

    def evaluate(self, state: Any) -> list[float]:
        if state.is_terminal():
            return list(state.returns())
        heuristic = state.get_game().partyrules_game.search.heuristic
        if heuristic is None:
            return [0.5] * state.num_players()
        return list(heuristic(state.partyrules_state))

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_ismcts_plays_a_seat_of_every_game(name: str) -> None:
    params = {"seed": 7, **({"turn_based": True} if name in SIMULTANEOUS else {})}
    game = load(name, params)
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    evaluator = (mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
                 if name in {"dany", "dylan_dog"} else HeuristicEvaluator())
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=3,
                           random_state=np.random.RandomState(0))
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    state = game.new_initial_state()
    rng = random.Random(7)
    searched = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            searched += 1
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    assert searched > 0
    rules = partyrules.get_game(name)
    assert state.returns() == list(final_rewards(rules, state.partyrules_state, "win"))


def test_turn_based_takes_a_simultaneous_step_one_seat_at_a_time() -> None:
    joint = load("dinner", {"seed": 3})
    turns = load("dinner", {"seed": 3, "turn_based": True})
    rng = random.Random(3)
    state, other = joint.new_initial_state(), turns.new_initial_state()
    while state.current_player() != pyspiel.PlayerId.SIMULTANEOUS:
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        other.apply_action(action)
    pending = state.turn.seats
    assert len(pending) > 1 and other.turn == driver.Turn("sequential", pending[:1])
    ballots = [rng.choice(state.legal_actions(p)) for p in range(3)]
    state.apply_actions(ballots)
    served = []
    for seat in pending:  # lowest seat first, each with its own choice
        served.append(other.current_player())
        other.apply_action(ballots[seat])
    assert served == list(pending)
    assert other.partyrules_state == state.partyrules_state


def test_simultaneous_steps_give_waiting_seats_the_no_op() -> None:
    game = load("dinner", {"players": 4, "seed": 3})
    rng = random.Random(3)
    state = game.new_initial_state()
    while state.current_player() != pyspiel.PlayerId.SIMULTANEOUS:
        state.apply_action(rng.choice(state.legal_actions()))
    waiting = [p for p in range(4) if p not in state.turn.seats]
    assert waiting and all(state.legal_actions(p) == [openspiel.NO_OP] for p in waiting)
    assert "waits" in state.action_to_string(waiting[0], openspiel.NO_OP)
    before = state.information_state_string(waiting[0])
    state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(4)])
    assert state.information_state_string(waiting[0]) != before


def test_a_declared_sequential_game_refuses_a_simultaneous_step() -> None:
    dinner = partyrules.get_game("dinner")
    wrong = attrs.evolve(dinner, name="dinner_declared_sequential", simultaneous_steps=False)
    game = openspiel.PartyRulesGame(wrong, {"players": 3, "seed": 3})
    state = game.new_initial_state()
    with pytest.raises(partyrules.IllegalAction, match="declares none"):
        play_randomly(state, random.Random(3))


def test_strings_and_returns() -> None:
    game = load("dany", {"players": 4, "seed": 1})
    rules = partyrules.get_game("dany")
    state = game.new_initial_state()
    seat = state.current_player()
    view = rules.view(state.partyrules_state, seat)
    assert state.information_state_text(seat).endswith(partyrules.dumps(view))
    assert len(state.information_state_string(seat)) == 32  # the key for solvers
    assert state.observation_string(seat).endswith(rules.render_view(view))
    assert str(state) == rules.render_view(rules.view(state.partyrules_state, None))
    assert state.returns() == [0.0] * 4
    play_randomly(state, random.Random(1))
    winners = rules.outcome(state.partyrules_state).winners
    assert winners  # Dany always has a winner: ties split the win
    assert state.returns() == [1.0 / len(winners) if p in winners else 0.0 for p in range(4)]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert math.isclose(sum(state.returns()), 1.0)
