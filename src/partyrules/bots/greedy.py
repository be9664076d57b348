"""The greedy bot: the game's own rule of thumb.

A game may declare a cheap, sensible action for a seat (``game.search.playout_action``,
described on its page); the greedy bot plays it, and random actions in a game that
declares none. It is the baseline a search bot should beat, and the ISMCTS bot's
playout policy.

>>> import random
>>> import partyrules
>>> game = partyrules.get_game("dinner")
>>> bot = GreedyBot(game)
>>> bot.name
'greedy'
>>> state = game.setup(game.Config(players=3), 1)
>>> bot.choose(state, 0, random.Random(0)) in set(game.legal_actions(state, 0))
True
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from partyrules.core.game import AnyGame

__all__ = ["GreedyBot"]


@attrs.frozen(slots=True)
class GreedyBot:
    """Plays ``game.search.playout_action``, the game's cheap rule of thumb;
    ``random_action`` where the game has none."""

    game: AnyGame
    """The game whose rule of thumb this bot follows."""
    name: str = attrs.field(default="greedy", init=False)
    """Always ``"greedy"``."""

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        """The game's playout action for ``seat`` (a random one if it declares none)."""
        policy = self.game.search.playout_action or self.game.random_action
        return policy(state, seat, rng)
