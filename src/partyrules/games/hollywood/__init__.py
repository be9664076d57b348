"""Hollywood (Nikolay Pegasov; Igrosfera 2013, Hobby World), 2 to 6 players, with the
Season of Festivals mini-expansions: Hollywood Awards, Hollywood Scandals and
International Film Festivals, in any combination.

Studios draft cards, bid for stars, send Agents and Lawyers (and Scandals) at their
rivals, and make up to three films a year for three years; money is the score. The
base rulebook is unavailable: the base game is the spec's reconstruction (R).

>>> from partyrules.games.hollywood import GAME
>>> GAME.name, GAME.min_players, GAME.max_players
('hollywood', 2, 6)
"""

from __future__ import annotations

from partyrules.core.game import Game, game_from_modules
from partyrules.games.hollywood import (
    actions,
    encoding,
    integrity,
    play,
    rules,
    state,
    views,
)
from partyrules.games.hollywood.actions import Action
from partyrules.games.hollywood.state import Config, State, View

__all__ = ["GAME", "Action", "Config", "State", "View"]

GAME: Game[Config, State, Action, View] = game_from_modules(
    name="hollywood", title="Hollywood", min_players=2, max_players=6,
    actions=actions, state=state, integrity=integrity, rules=rules, play=play,
    views=views, encoding=encoding, simultaneous_steps=True,
)
