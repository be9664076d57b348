"""OpenSpiel's own MCTS bot plays seat 0 of a Dylan Dog game through the adapter.

``partyrules.adapters.openspiel.register()`` makes every game loadable with
``pyspiel.load_game``; the bot (UCT with random rollouts) searches the game as OpenSpiel
sees it, against two uniformly random seats. A short ``turn_limit`` keeps it quick.
Needs the ``openspiel`` extra. Run: python examples/openspiel_mcts.py
"""

from __future__ import annotations

import numpy as np
import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
from open_spiel.python.algorithms import mcts  # type: ignore[import-not-found, unused-ignore]

from partyrules.adapters.openspiel import register

PARAMS = {"players": 3, "turn_limit": 9, "seed": 2026}


def main() -> None:
    """Play one game and print who chose what and how it ended."""
    register()
    game = pyspiel.load_game("partyrules_dylan_dog", PARAMS)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=40, evaluator=evaluator,
                       random_state=np.random.RandomState(2))
    rng = np.random.RandomState(3)  # the random seats
    state = game.new_initial_state()
    searched = decisions = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            searched += 1
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        decisions += 1
    outcome = game.partyrules_game.outcome(state.partyrules_state)
    print(f"{game}: {decisions} decisions, {searched} searched by MCTS for seat 0")
    print(f"returns: {list(state.returns())}, ended by {outcome.reason}")


if __name__ == "__main__":
    main()
