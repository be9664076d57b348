"""The OpenSpiel adapter for solvers and learners: the deal is a chance node (a new deal
each ``rl_environment`` episode, sampled by MCCFR, walked by ``nash_conv``), the fixed
``seed`` game is kept, rewards per mode add up to the returns, information-state keys
are short and equal exactly when a seat's view and turn are, and every game's presets
load and play to an end."""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
import pytest
from open_spiel.python import (  # type: ignore[import-not-found, import-untyped, unused-ignore]
    policy as policy_lib,
)
from open_spiel.python import (  # type: ignore[import-not-found, import-untyped, unused-ignore]
    rl_environment,
)
from open_spiel.python.algorithms import (  # type: ignore[import-not-found, import-untyped, unused-ignore]
    exploitability,
    external_sampling_mccfr,
    outcome_sampling_mccfr,
)

import partyrules
from partyrules.adapters import openspiel
from partyrules.adapters.driver import settle
from partyrules.adapters.rewards import REWARD_MODES, final_rewards
from partyrules.core.game import TABLE
from partyrules.core.serialize import dumps
from partyrules.core.testing import play_random
from partyrules.core.verify import stored_positions
from partyrules.games.dinner import rules as dinner_rules
from partyrules.games.dinner.actions import Ballot, Exchange, Propose, Unknown
from partyrules.games.when_i_dream import rules as dream_rules
from partyrules.games.when_i_dream.actions import GiveClue

from .tables import OPENSPIEL_PARAMS

openspiel.register()

NAMES = sorted(partyrules.GAMES)


def load(name: str, params: dict[str, Any] | None = None) -> Any:
    return pyspiel.load_game(f"partyrules_{name}", OPENSPIEL_PARAMS[name] | (params or {}))


def tiny(name: str, params: dict[str, Any] | None = None) -> Any:
    """The tiny preset, sequential (MCCFR needs it)."""
    extra = {openspiel.TURN_BASED: True} if partyrules.get_game(name).simultaneous_steps else {}
    return pyspiel.load_game(f"partyrules_{name}", {"preset": "tiny", **extra, **(params or {})})


def step_randomly(state: Any, rng: random.Random) -> None:
    """One random step: a chance outcome, a joint action or one seat's action."""
    if state.is_chance_node():
        outcomes = [outcome for outcome, _ in state.chance_outcomes()]
        state.apply_action(rng.choice(outcomes))
    elif state.current_player() == pyspiel.PlayerId.SIMULTANEOUS:
        state.apply_actions([rng.choice(state.legal_actions(p))
                             for p in range(state.num_players())])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", NAMES)
def test_the_deal_is_a_chance_node_over_the_declared_seeds(name: str) -> None:
    game = load(name, {"deals": 5})
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.max_chance_outcomes() == 5
    state = game.new_initial_state()
    assert state.is_chance_node() and state.current_player() == pyspiel.PlayerId.CHANCE
    assert state.chance_outcomes() == [(seed, 0.2) for seed in range(5)]
    assert state.legal_actions() == list(range(5))
    assert state.partyrules_state is None and state.turn is None
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 3) == "deal 3"
    # Nobody knows anything before the deal: one key, empty tensors, nothing paid.
    keys = {state.information_state_string(seat) for seat in range(game.num_players())}
    assert len(keys) == 1
    assert not any(state.information_state_tensor(0))
    assert state.returns() == state.rewards() == [0.0] * game.num_players()
    with pytest.raises(partyrules.IllegalAction, match="seed from 0 to 4"):
        state.clone().apply_action(5)
    # Outcome s is the game the fixed seed s loads: the same state, the same races.
    state.apply_action(3)
    fixed = load(name, {"seed": 3}).new_initial_state()
    assert not fixed.is_chance_node()
    assert state.partyrules_state == fixed.partyrules_state
    assert state.history() == [3] and fixed.history() == []
    first, second = random.Random(1), random.Random(1)
    for _ in range(15):
        if state.is_terminal():
            break
        step_randomly(state, first)
        step_randomly(fixed, second)
        assert state.partyrules_state == fixed.partyrules_state
        assert state.turn == fixed.turn


def test_the_fixed_seed_game_is_the_deterministic_game_of_that_seed() -> None:
    game = load("dinner", {"seed": 11})
    rules = game.partyrules_game
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert game.max_chance_outcomes() == 0
    state = game.new_initial_state()
    assert state.current_player() == 0
    assert state.partyrules_state == rules.setup(game.config, 11)
    again = game.new_initial_state()  # the same deal every time
    assert again.partyrules_state == state.partyrules_state
    with pytest.raises(partyrules.InvalidConfig, match="parameter seed"):
        load("dinner", {"seed": -2})
    with pytest.raises(partyrules.InvalidConfig, match="parameter deals"):
        load("dinner", {"deals": 0})


def test_rl_environment_gives_a_new_deal_each_episode() -> None:
    game = load("dany", {"deals": 1000})
    env = rl_environment.Environment(game)
    env.seed(3)  # the seed of its chance sampler, which draws the deals
    deals, hands = [], set()
    for _ in range(6):
        step = env.reset()
        state = env.get_state
        assert not state.is_chance_node()
        deals.append(state.history()[0])
        hands.add(tuple(state.partyrules_state.phase.hand))
        assert step.observations["current_player"] == 0
    assert len(set(deals)) >= 5 and len(hands) >= 5
    again = rl_environment.Environment(game)
    again.seed(3)  # the same seed, the same deals
    replayed = []
    for _ in range(6):
        again.reset()
        replayed.append(again.get_state.history()[0])
    assert replayed == deals


def test_a_fixed_seed_environment_replays_one_deal() -> None:
    env = rl_environment.Environment(load("dany", {"seed": 4}))
    env.seed(3)
    dealt = []
    for _ in range(3):
        env.reset()
        dealt.append(env.get_state.partyrules_state)
    assert dealt[0] == dealt[1] == dealt[2]


@pytest.mark.parametrize("mode", REWARD_MODES)
@pytest.mark.parametrize("name", ["dinner", "when_i_dream"])
def test_rewards_add_up_to_the_returns_in_every_mode(name: str, mode: str) -> None:
    game = load(name, {"reward": mode, "deals": 50})
    rules = game.partyrules_game
    shaped = mode == "shaped"
    assert game.get_type().reward_model == (pyspiel.GameType.RewardModel.REWARDS if shaped
                                            else pyspiel.GameType.RewardModel.TERMINAL)
    assert (game.min_utility(), game.max_utility()) == ((-1.0 if shaped else 0.0), 1.0)
    rng = random.Random(2)
    state = game.new_initial_state()
    step_randomly(state, rng)  # the deal
    assert state.rewards() == [0.0] * game.num_players()
    start = rules.search.heuristic(state.partyrules_state)
    total = np.zeros(game.num_players())
    paid_before_the_end = False
    while not state.is_terminal():
        step_randomly(state, rng)
        total += state.rewards()
        np.testing.assert_allclose(state.returns(), total)
        paid_before_the_end |= not state.is_terminal() and any(state.rewards())
    assert paid_before_the_end == shaped
    final = final_rewards(rules, state.partyrules_state, "score" if mode == "score" else "win")
    expected = np.asarray(final) - (np.asarray(start) if shaped else 0.0)
    np.testing.assert_allclose(state.returns(), expected)
    assert all(game.min_utility() <= value <= game.max_utility() for value in state.returns())


def test_an_unknown_reward_mode_is_refused() -> None:
    with pytest.raises(partyrules.InvalidConfig, match="'luck' is not one of"):
        load("dinner", {"reward": "luck"})


@pytest.mark.parametrize("name", NAMES)
def test_keys_are_short_and_equal_exactly_when_the_seat_sees_the_same(name: str) -> None:
    sequential = {openspiel.TURN_BASED: True} if partyrules.get_game(
        name).simultaneous_steps else {}
    game = load(name, {"deals": 3, **sequential})
    rules = game.partyrules_game
    seen: dict[str, set[tuple[str, str]]] = {}
    rng = random.Random(5)
    for _ in range(3):  # a few games, so that some deals and positions come again
        state = game.new_initial_state()
        for _ in range(25):
            if state.is_terminal():
                break
            step_randomly(state, rng)
            if state.is_terminal():
                break
            for seat in range(game.num_players()):
                key = state.information_state_string(seat)
                assert len(key) == 32 and int(key, 16) >= 0
                text = state.information_state_text(seat)
                seen.setdefault(key, set()).add((text.partition("\n")[0],
                                                 dumps(rules.view(state.partyrules_state,
                                                                  seat))))
                assert text.endswith(dumps(rules.view(state.partyrules_state, seat)))
    # One (turn, view) per key, one key per (turn, view).
    assert all(len(pairs) == 1 for pairs in seen.values())
    assert len({pair for pairs in seen.values() for pair in pairs}) == len(seen)
    assert len(seen) > 10


def test_equal_views_in_different_states_share_a_key() -> None:
    game = load("dinner", {"seed": 8})
    state = game.new_initial_state()
    for seat in range(game.num_players()):
        sampler = pyspiel.UniformProbabilitySampler(seat, 0.0, 1.0)
        other = state.resample_from_infostate(seat, sampler)
        assert other.partyrules_state != state.partyrules_state
        assert other.information_state_string(seat) == state.information_state_string(seat)
    # Another seat's hand differs between the two, so that seat's key does too.
    other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(1, 0.0, 1.0))
    assert other.information_state_string(1) != state.information_state_string(1)


@pytest.mark.parametrize("name", NAMES)
def test_every_game_has_a_tiny_preset_that_loads_and_plays_to_an_end(name: str) -> None:
    rules = partyrules.get_game(name)
    preset = rules.presets["tiny"]
    assert isinstance(preset, rules.Config)
    game = tiny(name)
    assert game.config == preset and game.get_parameters()["preset"] == "tiny"
    again = pyspiel.load_game(str(game))  # the game's string loads the same game
    assert again.config == game.config
    rng = random.Random(0)
    ends = []
    for _ in range(6):
        state = game.new_initial_state()
        while not state.is_terminal():
            step_randomly(state, rng)
        assert len(state.history()) - 1 <= game.max_game_length()
        ends.append(rules.outcome(state.partyrules_state))
    # A real game: won by someone, unless the preset ends every game by its cut-off.
    assert any(end.winners for end in ends) or all(end.truncated for end in ends)


def test_other_parameters_override_the_preset() -> None:
    dany = partyrules.get_game("dany")
    game = pyspiel.load_game("partyrules_dany", {"preset": "tiny", "players": 5})
    assert game.config == dany.Config(players=5, memory_cards=7, idea_cards=1)
    game = pyspiel.load_game("partyrules_dany", {"preset": "tiny", "memory_cards": 14})
    assert game.config.deck_sizes() == (14, 1)
    # A parameter at its default leaves the preset's field (OpenSpiel fills defaults in).
    game = pyspiel.load_game("partyrules_dany", {"preset": "tiny", "memory_cards": 30})
    assert game.config.deck_sizes() == (7, 1)
    with pytest.raises(partyrules.InvalidConfig, match="no preset called 'huge'"):
        pyspiel.load_game("partyrules_dany", {"preset": "huge"})


def test_external_sampling_mccfr_samples_the_deal_on_a_tiny_preset() -> None:
    game = tiny("dylan_dog", {"deals": 100})
    np.random.seed(0)
    solver = external_sampling_mccfr.ExternalSamplingSolver(game)
    for _ in range(3):  # 9 walks, one per seat and iteration, each from a sampled deal
        solver.iteration()
    keys = set(solver._infostates)
    assert keys and all(len(key) == 32 for key in keys)
    root = game.new_initial_state()
    firsts = [root.child(seed) for seed in range(100)]
    walked = sum(first.information_state_string(first.current_player()) in keys
                 for first in firsts)
    assert 1 < walked < 20  # several deals, not all of them


def test_nash_conv_is_over_the_deals_of_the_smallest_preset() -> None:
    one = pyspiel.load_game("partyrules_when_i_dream", {"preset": "one_card", "deals": 2})
    just_one = pyspiel.load_game("partyrules_when_i_dream", {"preset": "one_card",
                                                            "seed": 0})
    uniform = exploitability.nash_conv(one, policy_lib.UniformRandomPolicy(one))
    single = exploitability.nash_conv(just_one, policy_lib.UniformRandomPolicy(just_one))
    assert uniform > 0 and single > 0 and not math.isclose(uniform, single)
    np.random.seed(1)
    solver = external_sampling_mccfr.ExternalSamplingSolver(one)
    for _ in range(30):
        solver.iteration()
    assert exploitability.nash_conv(one, solver.average_policy()) < uniform


def dinner_decisions(actions: tuple[Any, ...]) -> int:
    """Decisions as Dinner's bound counts them: a vote (its ballots) is one."""
    return (sum(not isinstance(action, Ballot) for action in actions)
            + sum(isinstance(action, Propose) for action in actions))


def play_long(game: Any, config: Any, seed: int, prefer: tuple[type, ...],
              seats_first: bool) -> tuple[Any, ...]:
    """A game played to make it long: each actor takes an action of the first kind in
    ``prefer`` it has (else a random one); with ``seats_first`` a seat that may give a
    clue acts before the others, and the table only when nobody else may act."""
    rng = random.Random(seed)
    state, actions = game.setup(config, seed), []
    while not game.is_terminal(state):
        acting = sorted(game.to_act(state))
        seats = [seat for seat in acting if seat != TABLE] or acting
        if game.is_simultaneous(state):
            chosen = [(seat, rng.choice(list(game.legal_actions(state, seat))))
                      for seat in seats]
        else:
            if seats_first:
                clueing = [seat for seat in seats if any(
                    isinstance(action, prefer) for action in game.legal_actions(state, seat))]
                seats = clueing or seats
            seat = rng.choice(seats)
            legal = list(game.legal_actions(state, seat))
            preferred = [action for kind in prefer for action in legal
                         if isinstance(action, kind)]
            chosen = [(seat, preferred[0] if preferred else rng.choice(legal))]
        for _, action in chosen:
            state = game.apply(state, action)
            actions.append(action)
    return tuple(actions)


def test_dinner_short_deck_bound_is_the_rules_bound_and_holds() -> None:
    dinner = partyrules.get_game("dinner")
    config = dinner.presets["tiny"]
    bound = dinner.max_decisions(config)
    assert bound == dinner_rules.rules_max_decisions(config) < 1000 + 500 * config.players
    assert tiny("dinner").max_game_length() == bound * config.players  # turn_based
    lengths = [dinner_decisions(play_random(dinner, config, seed).actions)
               for seed in range(4)]
    # Declaring every card unknown and exchanging every turn: the longest turns there are.
    lengths += [dinner_decisions(play_long(dinner, config, seed, (Unknown, Exchange), False))
                for seed in range(3)]
    assert all(0 < length <= bound for length in lengths)


def test_when_i_dream_short_deck_bound_is_the_rules_bound_and_holds() -> None:
    dream = partyrules.get_game("when_i_dream")
    for name in ("tiny", "one_card"):
        config = dream.presets[name]
        bound = dream.max_decisions(config)
        assert bound == dream_rules.rules_max_decisions(config) < 400 * config.players
        lengths = [len(play_random(dream, config, seed).actions) for seed in range(4)]
        # Every clue-giver clues whenever it may, the Dreamer guesses only when it must.
        lengths += [len(play_long(dream, config, seed, (GiveClue,), True))
                    for seed in range(3)]
        assert all(0 < length <= bound for length in lengths)


@pytest.mark.ci
@pytest.mark.parametrize("name", NAMES)
def test_outcome_sampling_mccfr_runs_on_every_tiny_preset(name: str) -> None:
    game = tiny(name)
    np.random.seed(0)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(20):
        solver.iteration()
    assert solver._infostates and all(len(key) == 32 for key in solver._infostates)


# Dinner's and Hollywood's tiny presets are far too large for one iteration of external
# sampling (benchmarks/solvers.py estimates the leaves it walks: docs/adapters/openspiel.md).
@pytest.mark.ci
@pytest.mark.parametrize("name", ["dany", "dylan_dog", "when_i_dream"])
def test_external_sampling_mccfr_iterates_on_the_walkable_tiny_presets(name: str) -> None:
    game = tiny(name)
    np.random.seed(0)
    solver = external_sampling_mccfr.ExternalSamplingSolver(game)
    for _ in range(2):
        solver.iteration()
    assert len(solver._infostates) > 10


def test_a_stored_position_is_the_start_with_its_config_and_deal() -> None:
    rules = partyrules.get_game("dinner")
    stored = stored_positions(rules)["pile_just_ran_out"]
    game = pyspiel.load_game("partyrules_dinner", {"position": "pile_just_ran_out"})
    assert game.config == stored.config
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    root = game.new_initial_state()
    assert not root.is_chance_node()
    assert root.partyrules_state == settle(rules, stored.final_state())
    again = pyspiel.load_game(str(game))  # the game's string loads the same position
    assert again.new_initial_state().partyrules_state == root.partyrules_state
    rng = random.Random(0)
    while not root.is_terminal():
        step_randomly(root, rng)
    assert rules.outcome(root.partyrules_state).winners


def test_a_position_refuses_what_would_make_it_another_game() -> None:
    with pytest.raises(partyrules.InvalidConfig, match="no stored position called 'x'"):
        pyspiel.load_game("partyrules_dinner", {"position": "x"})
    for clash in ({"players": 5}, {"preset": "tiny"}, {"seed": 3}):
        with pytest.raises(partyrules.InvalidConfig, match="a position fixes the config"):
            pyspiel.load_game("partyrules_dinner", {"position": "pile_just_ran_out", **clash})
    # A parameter at its default, or at the position's own value, asks for nothing else.
    game = pyspiel.load_game("partyrules_dinner", {"position": "pile_just_ran_out",
                                                   "players": 3})
    assert game.config.players == 3


@pytest.mark.ci  # nash_conv walks the endgame whole, twice: about 25 s
def test_external_sampling_mccfr_walks_a_dinner_endgame_whole() -> None:
    game = pyspiel.load_game("partyrules_dinner", {"position": "pile_just_ran_out",
                                                   "turn_based": True})  # its votes
    np.random.seed(0)
    solver = external_sampling_mccfr.ExternalSamplingSolver(game)
    for _ in range(5):
        solver.iteration()
    assert len(solver._infostates) > 100
    policy = solver.average_policy()
    assert exploitability.nash_conv(game, policy) < exploitability.nash_conv(
        game, policy_lib.UniformRandomPolicy(game))
