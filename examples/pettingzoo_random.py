"""Play Dany goes to Hollywood as a PettingZoo AEC environment with random agents.

Each agent picks a random action id among those its ``action_mask`` allows; the reset
seed fixes the deal and the races, the NumPy seed the agents' choices, so the run is the
same every time. Needs the ``[pettingzoo]`` extra. Run: python examples/pettingzoo_random.py
"""

from __future__ import annotations

import numpy as np

from partyrules.adapters.pettingzoo import env


def main() -> None:
    """Play one game with four random agents and print how it went."""
    table = env("dany", 4)
    table.reset(seed=7)
    choices = np.random.default_rng(7)
    steps = 0
    rewards: dict[str, float] = {}
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        if terminated or truncated:
            rewards[agent] = reward
            table.step(None)  # a finished agent steps with None, then leaves
            continue
        legal = np.flatnonzero(observation["action_mask"])
        table.step(int(choices.choice(legal)))
        steps += 1
    outcome = table.unwrapped.game.outcome(table.unwrapped.game_state)
    print(f"{steps} agent steps, ended by {outcome.reason}")
    print("rewards:", ", ".join(f"{agent} {rewards[agent]:.1f}" for agent in sorted(rewards)))
    print("winners:", sorted(outcome.winners))


if __name__ == "__main__":
    main()
