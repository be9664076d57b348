"""The random bot: a random legal action drawn from what its seat may know.

The bot redeals what its seat cannot see (``game.determinize``) and plays the game's own
random draw, ``game.random_action``, on that deal. So it never uses hidden information:
a game's random draw may read the hidden state (When I Dream's test policy names the
dream one time in four), and on a redealt state it reads a guess instead. The match
runner's :class:`~partyrules.core.match.PeekingRandomPlayer`, which draws on the real
state, stays the test kit's player, whose peeks reach rulings random play would rarely
reach.

The action it returns is legal in the real state: a seat's legal actions depend only on
its view (the test kit's no-leak invariant), and the redealt state shows the seat the
same view. The table (``TABLE``) is not a seat with a view: its rulings are drawn on the
real state, as a referee who knows what the Spirits know would make them.

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
    """Plays ``game.random_action`` on a deal its seat cannot tell from the real one: the
    baseline opponent, honest about what it knows, and the simulation workhorse.

    Its choice is a function of the seat's view and the rng: the deal is drawn from a
    stream of its own (one number taken from ``rng``), so that how much randomness a
    game's ``determinize`` uses, which may depend on the hidden cards (a deal redrawn
    until it fits), never shifts the draw of the action.
    """

    game: AnyGame
    """The game whose actions this bot draws."""
    name: str = attrs.field(default="random", init=False)
    """Always ``"random"``."""

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A random legal action for ``seat``, drawn on a redealt state (the table's
        rulings on the real one)."""
        game = self.game
        if seat == TABLE:
            return game.random_action(state, seat, rng)
        dealt = game.determinize(state, seat, random.Random(rng.getrandbits(64)))
        return game.random_action(dealt, seat, rng)
