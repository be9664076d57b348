"""Computer players: the :class:`Bot` protocol and the bots known by name.

A bot is asked for an action only when its seat is in ``game.to_act(state)``; it must
return one of ``game.legal_actions(state, seat)``. For now a bot is handed the full
state (not the seat's view), so it is trusted not to peek.

>>> import partyrules
>>> bot = make_bot("random", partyrules.get_game("dinner"))
>>> bot.name
'random'
"""

from __future__ import annotations

from collections.abc import Callable

from partyrules.bots.greedy import GreedyBot
from partyrules.bots.ismcts import ISMCTSBot
from partyrules.bots.random_bot import RandomBot
from partyrules.core.errors import InvalidConfig
from partyrules.core.game import AnyGame
from partyrules.core.match import Player

__all__ = ["BOTS", "Bot", "GreedyBot", "ISMCTSBot", "RandomBot", "make_bot"]


Bot = Player
"""Anything that picks a legal action for a seat: a bot is a match runner's
:class:`~partyrules.core.match.Player` with a name :func:`make_bot` knows."""


BOTS: dict[str, Callable[[AnyGame], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "ismcts": ISMCTSBot,
}
"""Bot factories by name (each takes the game the bot will play)."""


def make_bot(spec: str, game: AnyGame) -> Bot:
    """The bot called ``spec`` for ``game``: a name of :data:`BOTS`, or ``ismcts:N`` (an
    ISMCTS bot with N iterations per decision); :class:`InvalidConfig` lists the names.

    >>> import partyrules
    >>> make_bot("ismcts:50", partyrules.get_game("dany")).name
    'ismcts:50'
    """
    name, sep, budget = spec.partition(":")
    if name == "ismcts" and sep:
        # isdigit() alone admits '²' and other digits int() refuses: ASCII digits only.
        if not (budget.isascii() and budget.isdigit()) or int(budget) < 1:
            raise InvalidConfig(f"ismcts:N takes a number of iterations from 1, not {budget!r}")
        return ISMCTSBot(game, int(budget))
    factory = BOTS.get(spec)
    if factory is None:
        known = ", ".join(sorted([*BOTS, "ismcts:N"]))
        raise InvalidConfig(f"no bot called {spec!r}; known bots: {known}")
    return factory(game)
