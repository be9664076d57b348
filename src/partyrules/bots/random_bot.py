"""The random bot: a random legal action drawn from what its seat may know.

A game's random draw, ``game.random_action``, is its test policy and may read what the
seat cannot see (When I Dream's Dreamer names the card in play one time in four). The bot
plays the game's honest draw instead (:meth:`~partyrules.core.game.Game.honest_draw`):
``random_action`` itself where the game declares that it reads only the seat's view
(checked by the test kit's ``check_honest_draw``), else the game's
``honest_random_action``, a draw from the view. A game that offers neither has its
hidden cards redealt (``game.determinize``) and ``random_action`` played on the deal. So
the bot never uses hidden information, and where a redeal is not needed it does not pay
for one. The match runner's :class:`~partyrules.core.match.PeekingRandomPlayer`, which
draws ``random_action`` on the real state, stays the test kit's player, whose peeks reach
rulings random play would rarely reach.

The action is legal in the real state: a seat's legal actions depend only on its view
(the test kit's no-leak invariant). The table (``TABLE``) is not a seat with a view: its
rulings are drawn on the real state, as a referee who knows what the Spirits know would
make them.

>>> import random
>>> import partyrules
>>> game = partyrules.get_game("dinner")
>>> state = game.setup(game.Config(players=3), 1)
>>> bot = RandomBot(game)
>>> bot.name
'random'
>>> action = bot.choose(state, 0, random.Random(0))
>>> action in set(game.legal_actions(state, 0))
True
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from partyrules.core.game import TABLE, AnyGame

__all__ = ["RandomBot"]


@attrs.frozen(slots=True)
class RandomBot:
    """Plays the game's random draw from what its seat may know (see the module): the
    baseline opponent and the simulation workhorse.

    Its choice is a function of the seat's view and the rng. It takes one number from
    ``rng`` before every draw, the seed of a redeal's own stream where the game needs a
    redeal: so that how much randomness a game's ``determinize`` uses, which may depend on
    the hidden cards (a deal redrawn until it fits), never shifts the draw of the action,
    and so that a game that declares its draw honest plays the same games as with a
    redeal before every decision.
    """

    game: AnyGame
    """The game whose actions this bot draws."""
    name: str = attrs.field(default="random", init=False)
    """Always ``"random"``."""

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A random legal action for ``seat``, drawn from its view (the table's rulings on
        the real state)."""
        game = self.game
        if seat == TABLE:
            return game.random_action(state, seat, rng)
        deal_seed = rng.getrandbits(64)
        honest = game.honest_draw()
        if honest is not None:
            return honest(state, seat, rng)
        dealt = game.determinize(state, seat, random.Random(deal_seed))
        return game.random_action(dealt, seat, rng)
