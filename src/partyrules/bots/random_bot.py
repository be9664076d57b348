"""The random bot: a uniformly random legal action, as the game itself draws it.

It is the match runner's :class:`~partyrules.core.match.RandomPlayer` (the test kit plays
with it too), known to :func:`partyrules.bots.make_bot` as ``"random"``.

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

from partyrules.core.match import RandomPlayer

__all__ = ["RandomBot"]

RandomBot = RandomPlayer
"""Plays ``game.random_action``: the baseline opponent and the simulation workhorse."""
