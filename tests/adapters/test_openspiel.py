"""The OpenSpiel adapter: every game passes ``pyspiel.random_sim_test``, parameters build
the right Config, action ids are stable within an information state, and OpenSpiel's
own MCTS bot can play through it."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
import pytest
from open_spiel.python.algorithms import mcts  # type: ignore[import-not-found, unused-ignore]

import partyrules
from partyrules.adapters import driver, openspiel
from partyrules.adapters.openspiel import GameTooLong, register

register()

SIMS: list[tuple[str, dict[str, Any], int]] = [
    ("dany", {"players": 3}, 20),
    ("dany", {"players": 9, "danys_reason": True, "seed": 4}, 10),
    ("dinner", {"players": 3}, 10),
    ("dinner", {"players": 7, "no_screen_tables": True, "seed": 1}, 3),
    ("dylan_dog", {"players": 3, "turn_limit": 12}, 10),
    ("dylan_dog", {"players": 6, "turn_limit": 12, "offers_per_turn": 2, "seed": 5}, 5),
    ("hollywood", {"players": 2}, 5),
    ("hollywood", {"players": 4, "awards": True, "scandals": True, "festivals": True,
                   "distributor_auction": True, "seed": 3}, 3),
    ("hollywood", {"players": 6, "first_distributor": 5, "seed": 6}, 2),
    ("when_i_dream", {"players": 4}, 5),
    ("when_i_dream", {"players": 5, "side": "expert", "judge": "table",
                      "clue_time_limit": True, "seed": 2}, 3),
]


def load(name: str, params: dict[str, Any]) -> Any:
    return pyspiel.load_game(f"partyrules_{name}", params)


def test_every_game_is_registered_and_simulated() -> None:
    registered = set(pyspiel.registered_names())
    assert {f"partyrules_{name}" for name in partyrules.GAMES} <= registered
    assert {name for name, _, _ in SIMS} == set(partyrules.GAMES)
    register()  # idempotent


@pytest.mark.parametrize(("name", "params", "sims"), SIMS,
                         ids=[f"{n}-{p['players']}p-x{k}" for n, p, k in SIMS])
def test_random_sim_test(name: str, params: dict[str, Any], sims: int) -> None:
    pyspiel.random_sim_test(load(name, params), num_sims=sims, serialize=False, verbose=False)


@pytest.mark.parametrize("name", sorted(partyrules.GAMES))
def test_game_type_and_info(name: str) -> None:
    game = load(name, {"turn_limit": 5} if name == "dylan_dog" else {})
    rules = partyrules.get_game(name)
    kind = game.get_type()
    simultaneous = name in {"dany", "dinner", "hollywood"}
    assert kind.dynamics == (pyspiel.GameType.Dynamics.SIMULTANEOUS if simultaneous
                             else pyspiel.GameType.Dynamics.SEQUENTIAL)
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert kind.provides_information_state_string and kind.provides_observation_string
    assert game.num_distinct_actions() == driver.action_bound(rules)
    assert game.num_players() == rules.min_players
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    assert game.max_game_length() == openspiel.max_game_length(rules, game.config)


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
    # one trade offer to each of the 3 other seats per turn
    assert dylan.config.turn_limit == 30 and dylan.max_game_length() == 30 * (40 + 4 * 3) + 10
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


def test_a_game_past_its_bound_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(openspiel, "max_game_length", lambda game, config: 3)
    state = load("dylan_dog", {"turn_limit": 50, "seed": 99}).new_initial_state()
    with pytest.raises(GameTooLong, match="max_game_length of 3"):
        for _ in range(5):
            state.apply_action(state.legal_actions()[0])


@pytest.mark.parametrize("name", ["dany", "dinner", "hollywood", "when_i_dream"])
def test_an_action_id_is_stable_within_an_information_state(name: str) -> None:
    game = load(name, {"players": 4, "seed": 8})
    rules = partyrules.get_game(name)
    rng, deals = random.Random(8), random.Random(9)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal() and checked < 40:
        full = state.partyrules_state
        for seat in state.turn.seats:
            other = rules.determinize(full, seat, deals)
            assert rules.view(other, seat) == rules.view(full, seat)
            ids = driver.legal_ids(rules, full, seat)
            assert driver.legal_ids(rules, other, seat) == ids
            for action_id in ids:
                assert (driver.action_at(rules, other, seat, action_id)
                        == driver.action_at(rules, full, seat, action_id))
            checked += 1
        if state.current_player() == pyspiel.PlayerId.SIMULTANEOUS:
            state.apply_actions([rng.choice(state.legal_actions(p))
                                 for p in range(game.num_players())])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 0


def test_simultaneous_steps_give_waiting_seats_the_no_op() -> None:
    game = load("dinner", {"players": 4, "seed": 3})
    rng = random.Random(3)
    state = game.new_initial_state()
    while state.current_player() != pyspiel.PlayerId.SIMULTANEOUS:
        state.apply_action(rng.choice(state.legal_actions()))
    waiting = [p for p in range(4) if p not in state.turn.seats]
    assert waiting and all(state.legal_actions(p) == [0] for p in waiting)
    assert "waits" in state.action_to_string(waiting[0], 0)
    before = state.information_state_string(waiting[0])
    state.apply_actions([0] * 4)
    assert state.information_state_string(waiting[0]) != before


def test_strings_and_returns() -> None:
    game = load("dany", {"players": 4, "seed": 1})
    rules = partyrules.get_game("dany")
    state = game.new_initial_state()
    seat = state.current_player()
    view = rules.view(state.partyrules_state, seat)
    assert state.information_state_string(seat).endswith(partyrules.dumps(view))
    assert state.observation_string(seat).endswith(rules.render_view(view))
    assert str(state) == rules.render_view(rules.view(state.partyrules_state, None))
    assert state.returns() == [0.0] * 4
    rng = random.Random(1)
    while not state.is_terminal():
        if state.current_player() == pyspiel.PlayerId.SIMULTANEOUS:
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(4)])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    winners = rules.outcome(state.partyrules_state).winners
    assert state.returns() == [1.0 if p in winners else 0.0 for p in range(4)]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


def test_openspiel_mcts_plays_dylan_dog() -> None:
    game = load("dylan_dog", {"players": 3, "turn_limit": 6, "seed": 7})
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=20, evaluator=evaluator,
                       random_state=np.random.RandomState(0))
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            searched += 1
        else:
            action = state.legal_actions()[0]
        state.apply_action(action)
    assert searched > 0 and len(state.returns()) == 3
