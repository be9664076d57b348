"""OpenSpiel's own ISMCTS bot plays seat 0 of a Dany goes to Hollywood game through the
adapter, against two uniformly random seats.

Information Set MCTS searches what the seat may know, not the true state: before each
simulation it asks the state for a world consistent with the seat's information
(``resample_from_infostate``, which re-deals the hidden cards with ``game.determinize``).
Plain MCTS on ``state.clone()`` would search the real deal, every hidden card included.
ISMCTS needs sequential dynamics, so Dany's Final Twist (a simultaneous vote) is loaded
``turn_based``: the voters decide one after another, none seeing the others' votes. The
sampler is seeded, so the run is the same every time. Needs the ``openspiel`` extra.
Run: python examples/openspiel_ismcts.py
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
from open_spiel.python.algorithms import (  # type: ignore[import-not-found, unused-ignore]
    ismcts,
    mcts,
)

from partyrules.adapters.openspiel import register

PARAMS = {"players": 3, "seed": 2026, "turn_based": True}


def main() -> None:
    """Play one game and print how many decisions the bot searched and how it ended."""
    register()
    game = pyspiel.load_game("partyrules_dany", PARAMS)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=2, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=30,
                           random_state=np.random.RandomState(2))
    worlds = pyspiel.UniformProbabilitySampler(3, 0.0, 1.0)  # seeded: a repeatable run

    def resample(state: Any, player: int) -> Any:
        return state.resample_from_infostate(player, worlds)

    bot.set_resampler(resample)
    rng = np.random.RandomState(4)  # the random seats
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
    print(f"{game}: {decisions} decisions, {searched} searched by ISMCTS for seat 0")
    print(f"returns: {list(state.returns())}, ended by {outcome.reason}")


if __name__ == "__main__":
    main()
