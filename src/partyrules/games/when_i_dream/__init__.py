"""When I Dream (Chris Darsaklis), 4 to 10 players.

A Dreamer, eyes covered, names dreams from one-word clues; Fairies help, Boogeymen
mislead, Sandmen want the two piles even. Each player dreams once.

>>> from partyrules.games.when_i_dream import GAME
>>> GAME.name, GAME.min_players, GAME.max_players
('when_i_dream', 4, 10)
"""

from __future__ import annotations

from partyrules.core.game import Game, game_from_modules
from partyrules.games.when_i_dream import (
    actions,
    encoding,
    integrity,
    play,
    rules,
    state,
    views,
)
from partyrules.games.when_i_dream.actions import Action
from partyrules.games.when_i_dream.state import Config, State, View

__all__ = ["GAME", "Action", "Config", "State", "View"]

GAME: Game[Config, State, Action, View] = game_from_modules(
    name="when_i_dream", title="When I Dream", min_players=4, max_players=10,
    actions=actions, state=state, integrity=integrity, rules=rules, play=play, views=views,
    encoding=encoding, simultaneous_steps=False,
)
