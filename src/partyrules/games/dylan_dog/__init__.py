"""Dylan Dog (Clementoni, 1994), 3 to 6 players.

Each player is caught in a nightmare told by four secret story cards. Pawns start in
reality, cross the rotating nightmare plane and the mystery plane's paths to the four
crypts, and search them for the mystery cards of their story, past horror cards and
shadow squares. The first to hold the 4 mystery cards of its story wins.

>>> from partyrules.games.dylan_dog import GAME
>>> GAME.name, GAME.min_players, GAME.max_players
('dylan_dog', 3, 6)
"""

from __future__ import annotations

from partyrules.core.game import Game, game_from_modules
from partyrules.games.dylan_dog import actions, encoding, integrity, play, rules, state, views
from partyrules.games.dylan_dog.actions import Action
from partyrules.games.dylan_dog.state import Config, State, View

__all__ = ["GAME", "Action", "Config", "State", "View"]

GAME: Game[Config, State, Action, View] = game_from_modules(
    name="dylan_dog", title="Dylan Dog", min_players=3, max_players=6,
    actions=actions, state=state, integrity=integrity, rules=rules, play=play, views=views,
    encoding=encoding, simultaneous_steps=False,
)
