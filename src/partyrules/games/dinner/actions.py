"""The actions of Guess Who's Coming to Dinner: one frozen record per kind.

A turn reads, in actions: (``Unknown`` ...) (``Exchange``) then one opening
(``StartTable`` / ``StartBurial`` / ``JoinTable``, or ``Pass`` when none is possible),
``Invite`` one card at a time, ``Propose``; then each other seat sends a ``Ballot``.
"""

from __future__ import annotations

import attrs

from partyrules.core.game import text_field

__all__ = [
    "ACTION_TYPES",
    "Action",
    "Ballot",
    "Exchange",
    "Invite",
    "JoinTable",
    "Pass",
    "Propose",
    "StartBurial",
    "StartTable",
    "Unknown",
]


@attrs.frozen(slots=True)
class Unknown:
    """1) The card just drawn is a character ``seat`` does not know: it goes under the
    draw pile and a replacement is drawn."""

    seat: int
    card: int


@attrs.frozen(slots=True)
class Exchange:
    """1b) Optional, once a turn: discard ``card`` from hand and draw a replacement."""

    seat: int
    card: int


@attrs.frozen(slots=True)
class StartTable:
    """2) Open a new dinner table (2 to 6 guests, invited next)."""

    seat: int


@attrs.frozen(slots=True)
class StartBurial:
    """4) Put the recently ``deceased`` card in the centre; 1 to 5 guests follow."""

    seat: int
    deceased: int


@attrs.frozen(slots=True)
class JoinTable:
    """3) Add guests to existing ``table`` (by its index), up to 7 cards."""

    seat: int
    table: int


@attrs.frozen(slots=True)
class Pass:
    """No opening is possible (fewer than 2 cards and no table with room): the turn ends."""

    seat: int


@attrs.frozen(slots=True)
class Invite:
    """Seat ``card`` from hand at the table being built (in seating order)."""

    seat: int
    card: int


@attrs.frozen(slots=True)
class Propose:
    """Tell the table's ``story`` (free text) and put it to the vote."""

    seat: int
    story: str = text_field("")


@attrs.frozen(slots=True)
class Ballot:
    """A hidden vote: the proposed cards ``seat`` rejects (empty: accept them all)."""

    seat: int
    rejected: frozenset[int] = frozenset()


Action = (
    Unknown | Exchange | StartTable | StartBurial | JoinTable | Pass | Invite | Propose | Ballot
)

ACTION_TYPES: tuple[type, ...] = (
    Unknown, Exchange, StartTable, StartBurial, JoinTable, Pass, Invite, Propose, Ballot,
)
