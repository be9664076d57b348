"""The small tables the adapter tests play, shared so that every file plays the same:
few seats, and Dylan Dog with a short turn limit, keep the files fast."""

from __future__ import annotations

from typing import Any

OPENSPIEL_PARAMS: dict[str, dict[str, Any]] = {
    "dany": {"players": 3},
    "dinner": {"players": 3},
    "dylan_dog": {"players": 3, "turn_limit": 3},
    "hollywood": {"players": 2},
    "when_i_dream": {"players": 4},
}
"""OpenSpiel parameters per game."""

ENV_SIZES: dict[str, tuple[int, dict[str, Any]]] = {
    "dany": (4, {}),
    "dinner": (3, {}),
    "dylan_dog": (3, {"turn_limit": 12}),
    "hollywood": (2, {}),
    "when_i_dream": (4, {}),
}
"""Players and config fields per game, for the PettingZoo and Gymnasium environments."""
