"""Dany goes to Hollywood (Phil Vizcarro), 3 to 8 players; 3 to 9 with Dany's Reason.

The players are personalities in Dany's head: the active one lays out Memory cards to
make the others guess a word of the Idea card, while Dany, hidden among them, leads them
astray. Six successes free the secondaries; otherwise the Final Twist unmasks Dany.

>>> from partyrules.games.dany import GAME
>>> GAME.name, GAME.min_players, GAME.max_players
('dany', 3, 8)
"""

from __future__ import annotations

from partyrules.core.game import Game, game_from_modules
from partyrules.games.dany import actions, encoding, integrity, play, rules, state, views
from partyrules.games.dany.actions import Action
from partyrules.games.dany.state import Config, State, View

__all__ = ["GAME", "Action", "Config", "State", "View"]

GAME: Game[Config, State, Action, View] = game_from_modules(
    name="dany", title="Dany goes to Hollywood", min_players=3, max_players=8,
    actions=actions, state=state, integrity=integrity, rules=rules, play=play, views=views,
    encoding=encoding, simultaneous_steps=True,
)
