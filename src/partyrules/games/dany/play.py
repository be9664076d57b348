"""The search hooks of Dany goes to Hollywood: the heuristic that judges a running game
(:func:`heuristic`). Dany has no playout policy of its own, no narrowed list of actions
and no playout length: search bots use ``random_action``, every legal action and their
own default.

>>> import partyrules
>>> game = partyrules.get_game("dany")
>>> heuristic(game.setup(game.Config(players=4), 1))
(0.5, 0.5, 0.5, 0.5)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from partyrules.games.dany.actions import Action
from partyrules.games.dany.rules import sides
from partyrules.games.dany.state import SUCCESSES_TO_WIN, State

__all__ = ["PLAYOUT_STEPS", "heuristic", "playout_action", "search_actions"]


def heuristic(state: State) -> tuple[float, ...]:
    """Search bots' view of a running game: how far each seat's side is from its win,
    from 0 to 1. The secondaries win with six successes, Dany's side when the failures
    reach the Final Twist: a side stands at one half, plus half its own progress, minus
    half the other side's."""
    dany_side, _ = sides(state.personalities)
    successes = len(state.successes) / SUCCESSES_TO_WIN
    failures = len(state.failures) / state.config.failures_to_twist()
    secondaries = min(1.0, max(0.0, 0.5 + (successes - failures) / 2))
    return tuple(1.0 - secondaries if seat in dany_side else secondaries
                 for seat in range(state.config.players))


playout_action: Callable[[State, int, random.Random], Action] | None = None
"""None: search bots play out with ``random_action``."""

search_actions: Callable[[State, int], Iterator[Action]] | None = None
"""None: search bots weigh every legal action."""

PLAYOUT_STEPS: int | None = None
"""None: search bots play out as many actions as their own default."""
