"""The random bot: a uniformly random legal action, as the game itself draws it.

>>> import random
>>> import partyrules
>>> game = partyrules.get_game("dinner")
>>> state = game.setup(game.Config(players=3), 1)
>>> bot = RandomBot(game)
>>> action = bot.choose(state, 0, random.Random(0))
>>> action in set(game.legal_actions(state, 0))
True
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from partyrules.core.game import AnyGame

__all__ = ["RandomBot"]


@attrs.frozen(slots=True)
class RandomBot:
    """Plays ``game.random_action``: the baseline opponent and the simulation workhorse.

    It delegates to the game rather than sampling ``legal_actions`` itself because games
    can draw a random action without enumerating every option (a ballot over a large
    table has 2**n of them).
    """

    game: AnyGame
    """The game whose actions this bot draws."""
    name: str = attrs.field(default="random", init=False)
    """The name :func:`partyrules.bots.make_bot` knows this bot by."""

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A random legal action for ``seat``; all randomness comes from ``rng``."""
        return self.game.random_action(state, seat, rng)
