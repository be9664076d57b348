"""The game packages; importing this registers every game."""

from __future__ import annotations

from partyrules.core.game import register
from partyrules.games.dany import GAME as DANY
from partyrules.games.dinner import GAME as DINNER
from partyrules.games.dylan_dog import GAME as DYLAN_DOG
from partyrules.games.hollywood import GAME as HOLLYWOOD
from partyrules.games.when_i_dream import GAME as WHEN_I_DREAM

__all__ = ["DANY", "DINNER", "DYLAN_DOG", "HOLLYWOOD", "WHEN_I_DREAM"]

register(DINNER)
register(DANY)
register(WHEN_I_DREAM)
register(DYLAN_DOG)
register(HOLLYWOOD)
