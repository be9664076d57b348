"""The game packages; importing this registers every game."""

from __future__ import annotations

from partyrules.core.game import register
from partyrules.games.dany import GAME as DANY
from partyrules.games.dinner import GAME as DINNER

__all__ = ["DANY", "DINNER"]

register(DINNER)
register(DANY)
