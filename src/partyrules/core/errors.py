"""The typed errors of partyrules.

Every error the library raises on bad input derives from :class:`PartyRulesError`, so a
frontend can catch one type and show its message to a person. The message always says
what is wrong; :class:`CorruptState` also carries the JSON path of the bad value.

>>> from partyrules import IllegalAction, PartyRulesError
>>> issubclass(IllegalAction, PartyRulesError)
True
"""

from __future__ import annotations

__all__ = [
    "CorruptState",
    "IllegalAction",
    "InvalidConfig",
    "PartyRulesError",
    "UnknownGame",
    "UnknownLanguage",
]


class PartyRulesError(Exception):
    """Base of every error partyrules raises because of what a caller passed in."""


class IllegalAction(PartyRulesError):
    """An action the rules do not allow now; the message names the rule.

    The state the action was applied to is untouched (states are immutable).
    """


class InvalidConfig(PartyRulesError, ValueError):
    """A game configuration that cannot be played (player count, deck, variant).

    ``field`` names the config field at fault, when one is.
    """

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class CorruptState(PartyRulesError, ValueError):
    """Serialized data that cannot be loaded, or a state that breaks a game invariant.

    ``path`` names the bad value, e.g. ``data.hands[2][0]``.
    """

    def __init__(self, message: str, path: str = "data") -> None:
        super().__init__(f"{message} @ {path}")
        self.path = path
        self.reason = message


class UnknownGame(PartyRulesError, LookupError):
    """A game name that is not in the registry."""


class UnknownLanguage(PartyRulesError, LookupError):
    """A language partyrules has no messages in (:data:`partyrules.core.i18n.LANGUAGES`)."""
