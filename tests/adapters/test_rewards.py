"""The adapters' reward modes (``partyrules.adapters.rewards``), on real games."""

from __future__ import annotations

import itertools
import math
from typing import Any

import pytest

import partyrules
from partyrules.adapters.rewards import (
    REWARD_MODES,
    check_reward_mode,
    final_rewards,
    step_rewards,
)
from partyrules.core.errors import InvalidConfig

PLAYERS = {"dinner": 3, "dany": 3, "when_i_dream": 4, "dylan_dog": 3, "hollywood": 2}


def played(name: str, seed: int, **options: Any) -> list[Any]:
    """Every state of a random game of ``name``, in order."""
    game = partyrules.get_game(name)
    config = game.Config(players=PLAYERS[name], **options)
    record = partyrules.play_match(game, config, [partyrules.RandomBot(game)] * config.players,
                                   seed=seed, keep_states=True)
    return list(record.states)


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_a_decided_game_pays_one_win_shared_by_its_winners(name: str) -> None:
    game = partyrules.get_game(name)
    final = played(name, 5)[-1]
    outcome = game.outcome(final)
    paid = final_rewards(game, final, "win")
    if outcome.truncated or not outcome.winners:
        assert paid == (0.0,) * len(paid)
    else:
        assert math.isclose(sum(paid), 1.0)
        assert {seat for seat, share in enumerate(paid) if share} == outcome.winners


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_score_pays_each_score_as_a_share_of_the_best(name: str) -> None:
    game = partyrules.get_game(name)
    final = played(name, 6)[-1]
    outcome = game.outcome(final)
    paid = final_rewards(game, final, "score")
    if outcome.scores is None:
        assert paid == final_rewards(game, final, "win")
    else:
        assert all(0.0 <= share <= 1.0 for share in paid)
        best = max(outcome.scores)
        assert [share == 1.0 for share in paid] == [score == best for score in outcome.scores]


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_shaping_adds_the_same_constant_whatever_is_played(name: str) -> None:
    """Potential-based: over a decided game the shaped rewards sum to the win rewards
    minus the heuristic of the first state, so no policy gains by the shaping itself; a
    game cut short adds its last standing (a truncation is not an end of value 0)."""
    game = partyrules.get_game(name)
    heuristic = game.search.heuristic
    assert heuristic is not None
    states = played(name, 7)
    totals = [0.0] * len(final_rewards(game, states[-1], "win"))
    for before, after in itertools.pairwise(states):
        for seat, reward in enumerate(step_rewards(game, before, after, "shaped")):
            totals[seat] += reward
    start = heuristic(states[0])
    # A decided game's last standing counts 0; one cut short keeps it (a truncation).
    last = heuristic(states[-1]) if game.outcome(states[-1]).truncated else (0.0,) * len(start)
    for seat, total in enumerate(totals):
        expected = final_rewards(game, states[-1], "win")[seat] + last[seat] - start[seat]
        assert math.isclose(total, expected, abs_tol=1e-9), (seat, total, expected)


def test_a_game_ended_by_its_turn_limit_is_truncated_and_pays_nothing() -> None:
    game = partyrules.get_game("dylan_dog")
    final = played("dylan_dog", 1, turn_limit=3)[-1]
    outcome = game.outcome(final)
    assert outcome.reason == "turn_limit" and outcome.truncated
    for mode in REWARD_MODES:
        assert final_rewards(game, final, mode) == (0.0, 0.0, 0.0)


def test_every_other_end_is_a_result() -> None:
    for name in sorted(PLAYERS):
        game = partyrules.get_game(name)
        if name == "dylan_dog":
            continue
        assert not game.outcome(played(name, 2)[-1]).truncated, name


def test_an_unknown_mode_is_refused_by_name() -> None:
    game = partyrules.get_game("dinner")
    with pytest.raises(InvalidConfig, match="'luck' is not one of 'win', 'score', 'shaped'"):
        check_reward_mode(game, "luck")
    assert [check_reward_mode(game, mode) for mode in REWARD_MODES] == list(REWARD_MODES)
