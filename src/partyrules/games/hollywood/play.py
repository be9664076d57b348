"""The search hooks of Hollywood: the heuristic that judges a running game
(:func:`heuristic`). Hollywood has no playout policy of its own, no narrowed list of
actions and no playout length: search bots use ``random_action``, every legal action
and their own default.

>>> from partyrules.games.hollywood import GAME
>>> from partyrules.games.hollywood.state import Config
>>> heuristic(GAME.setup(Config(players=3), seed=1))
(1.0, 1.0, 1.0)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from partyrules.core.game import standing
from partyrules.games.hollywood.actions import Action
from partyrules.games.hollywood.flow import TROPHY_INCOME
from partyrules.games.hollywood.state import State

__all__ = ["PLAYOUT_STEPS", "heuristic", "playout_action", "search_actions"]


def heuristic(state: State) -> tuple[float, ...]:
    """Search bots' view of a running game: each seat's money plus what its Films of
    the Year will pay at the end, as a share of the leader's
    (:func:`~partyrules.core.game.standing`)."""
    return standing(tuple(
        float(money + sum(TROPHY_INCOME * t.countable for t in trophies))
        for money, trophies in zip(state.money, state.trophies, strict=True)))


playout_action: Callable[[State, int, random.Random], Action] | None = None
"""None: search bots play out with ``random_action``."""

search_actions: Callable[[State, int], Iterator[Action]] | None = None
"""None: search bots weigh every legal action."""

PLAYOUT_STEPS: int | None = None
"""None: search bots play out as many actions as their own default."""
