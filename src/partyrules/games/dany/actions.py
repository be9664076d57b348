"""The actions of Dany goes to Hollywood: one frozen record per kind.

A turn reads: the active personality ``Keep`` s Memory cards one at a time, then
``Done``; the deciding personality ``Decide`` s; the table (``TABLE``, seat -1)
``ConfirmReveal`` s or rules ``ExplanationFailed``; at any time before ``Decide`` the
table may ``Invalidate`` the turn. In the Final Twist every seat sends ``Accuse``.
"""

from __future__ import annotations

import attrs

from partyrules.core.game import TABLE, text_field

__all__ = [
    "ACTION_TYPES",
    "Accuse",
    "Action",
    "ConfirmReveal",
    "Decide",
    "Done",
    "ExplanationFailed",
    "Invalidate",
    "Keep",
]


@attrs.frozen(slots=True)
class Keep:
    """2.-3. Lay ``card`` from the hand into the creation (in stacking order)."""

    seat: int
    card: int


@attrs.frozen(slots=True)
class Done:
    """3. The creation is finished (0 to 7 cards); the unused cards go back on top of
    the Memory pile. ``layout`` is free text a frontend may use for positions."""

    seat: int
    layout: str = text_field("")


@attrs.frozen(slots=True)
class Invalidate:
    """4. The table rules that the active personality communicated or helped: the turn
    is void (no success, no failure)."""

    seat: int = TABLE


@attrs.frozen(slots=True)
class Decide:
    """5. The deciding personality's final answer: the number (1-5) of a word."""

    seat: int
    word: int


@attrs.frozen(slots=True)
class ConfirmReveal:
    """6. The table accepts the reveal: the turn is scored."""

    seat: int = TABLE


@attrs.frozen(slots=True)
class ExplanationFailed:
    """Rules for the active personality: asked, it could not explain its creation, so a
    correct answer scores nothing (a wrong one stays a failure)."""

    seat: int = TABLE


@attrs.frozen(slots=True)
class Accuse:
    """Final Twist: ``seat`` points at ``target``, the seat it thinks is Dany."""

    seat: int
    target: int


Action = Keep | Done | Invalidate | Decide | ConfirmReveal | ExplanationFailed | Accuse

ACTION_TYPES: tuple[type, ...] = (
    Keep, Done, Invalidate, Decide, ConfirmReveal, ExplanationFailed, Accuse,
)
