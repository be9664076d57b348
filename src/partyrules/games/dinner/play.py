"""The search hooks of Guess Who's Coming to Dinner: the heuristic that judges a running
game (:func:`heuristic`). Dinner has no playout policy of its own, no narrowed list of
actions and no playout length: search bots use ``random_action``, every legal action
and their own default.

>>> import partyrules
>>> game = partyrules.get_game("dinner")
>>> heuristic(game.setup(game.Config(players=3), 7))
(0.5, 0.5, 0.5)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from partyrules.core.game import standing
from partyrules.games.dinner.actions import Action
from partyrules.games.dinner.state import State

__all__ = ["PLAYOUT_STEPS", "heuristic", "playout_action", "search_actions"]


def heuristic(state: State) -> tuple[float, ...]:
    """Search bots' view of a running game: each seat's score as a share of the
    leader's (:func:`~partyrules.core.game.standing`)."""
    return standing(tuple(float(score) for score in state.scores))


playout_action: Callable[[State, int, random.Random], Action] | None = None
"""None: search bots play out with ``random_action``."""

search_actions: Callable[[State, int], Iterator[Action]] | None = None
"""None: search bots weigh every legal action."""

PLAYOUT_STEPS: int | None = None
"""None: search bots play out as many actions as their own default."""
