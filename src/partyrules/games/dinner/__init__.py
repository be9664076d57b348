"""Guess Who's Coming to Dinner (Bruno Faidutti), 3 to 7 players.

Players seat famous guests at dinner tables and tell why they dine together; the others
vote guests down; a table scores one point per guest and one per suit.

>>> from partyrules.games.dinner import GAME
>>> GAME.name, GAME.min_players, GAME.max_players
('dinner', 3, 7)
"""

from __future__ import annotations

from partyrules.core.game import Game, game_from_modules
from partyrules.games.dinner import actions, encoding, integrity, play, rules, state, views
from partyrules.games.dinner.actions import Action
from partyrules.games.dinner.cards import DEFAULT_GUESTS, Guest
from partyrules.games.dinner.state import Config, State, View

__all__ = ["DEFAULT_GUESTS", "GAME", "Action", "Config", "Guest", "State", "View"]

GAME: Game[Config, State, Action, View] = game_from_modules(
    name="dinner", title="Guess Who's Coming to Dinner", min_players=3, max_players=7,
    actions=actions, state=state, integrity=integrity, rules=rules, play=play, views=views,
    encoding=encoding, simultaneous_steps=True,
)
