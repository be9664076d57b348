"""A linear policy learns Hollywood against a random opponent, from the observation
tensors, with REINFORCE (NumPy only).

The two-seat game is played through the PettingZoo AEC environment: the learner's
policy is a softmax over ``W @ observation`` restricted to the ``action_mask`` (the
encoding's fixed action ids, so a weight row means the same move in every state); the
other seat picks uniformly among its legal ids. After each training game the learner's
choices are reinforced by its result (1 for a win, 0 otherwise) minus a running average.
The learner sits at seat 0 and seat 1 in turn, so the first player's edge cancels out.

It prints the learner's win rate, sampling from its policy, before training (when it
is uniform: a random player) and after. ``PARTYRULES_TRAIN_GAMES`` and
``PARTYRULES_EVAL_GAMES`` set the budget (default 150 training games, 100 games per
evaluation). Needs the ``[pettingzoo]`` extra. Run: python examples/learn_hollywood.py
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np
from numpy.typing import NDArray

from partyrules.adapters.pettingzoo import env

LEARNING_RATE = 0.05
BASELINE_RATE = 0.05  # how fast the running average of results follows new games

Step = tuple[NDArray[np.float32], NDArray[np.intp], NDArray[np.float64], int]
"""One decision of the learner: observation, legal ids, policy over them, choice."""


def play(table: Any, seed: int, learner: str, weights: NDArray[np.float32],
         rng: np.random.Generator) -> tuple[float, list[Step]]:
    """One game from ``seed``: the learner's reward and its decisions."""
    table.reset(seed=seed)
    steps: list[Step] = []
    reward = 0.0
    for agent in table.agent_iter():
        observation, result, terminated, truncated, _ = table.last()
        if terminated or truncated:
            if agent == learner:
                reward = float(result)
            table.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        if agent == learner:
            features = observation["observation"].ravel()
            logits = weights[legal] @ features
            policy = np.exp(logits - logits.max())
            policy /= policy.sum()
            choice = int(rng.choice(len(legal), p=policy))
            steps.append((features, legal, policy, choice))
            table.step(int(legal[choice]))
        else:
            table.step(int(rng.choice(legal)))
    return reward, steps


def evaluate(table: Any, weights: NDArray[np.float32], games: int) -> int:
    """The learner's wins in ``games`` fixed games (seeds from 1,000,000 on)."""
    wins = 0.0
    for number in range(games):
        learner = f"seat_{number % 2}"
        reward, _ = play(table, 1_000_000 + number, learner, weights,
                         np.random.default_rng(number))
        wins += reward
    return int(wins)


def main() -> None:
    """Evaluate, train, evaluate again, and print the win rates."""
    train_games = int(os.environ.get("PARTYRULES_TRAIN_GAMES", "150"))
    eval_games = int(os.environ.get("PARTYRULES_EVAL_GAMES", "100"))
    table = env("hollywood", 2)
    actions = table.action_space("seat_0").n
    size = int(np.prod(table.observation_space("seat_0")["observation"].shape))
    weights = np.zeros((actions, size), dtype=np.float32)  # a uniform policy

    before = evaluate(table, weights, eval_games)
    print(f"before training: {before} wins in {eval_games} games "
          f"({before / eval_games:.0%}) against a random seat")
    rng = np.random.default_rng(2026)
    baseline = 0.5
    for number in range(train_games):
        reward, steps = play(table, number, f"seat_{number % 2}", weights, rng)
        advantage = reward - baseline
        baseline += BASELINE_RATE * (reward - baseline)
        for features, legal, policy, choice in steps:
            gradient = -policy  # d log softmax / d logits, over the legal ids
            gradient[choice] += 1.0
            weights[legal] += (LEARNING_RATE * advantage
                               * np.outer(gradient, features)).astype(np.float32)
    after = evaluate(table, weights, eval_games)
    print(f"trained on {train_games} games")
    print(f"after training: {after} wins in {eval_games} games "
          f"({after / eval_games:.0%}) against a random seat")


if __name__ == "__main__":
    main()
