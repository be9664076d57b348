"""The actions of Hollywood: one frozen record per kind.

A year reads: the distributor's ``GiveStar`` s (Stage 1); every seat's ``Draft`` picks
(Stage 2); every seat's ``Bid`` (Stage 3); Crew Activities, one choice at a time
(``PlayCrew``, ``ChooseTarget``, ``NameType``, ``EndCrew``; the target's ``GiveCard`` or
``PayInstead``) (Stage 4); Movie Production (``AssignCard``, ``TakeWorthlessScript``,
``TakeSecondTeamDirector``, ``TeachIcon``, ``FinishProduction``) (Stage 5). The tally,
the Film of the Year and the year's end are automatic. With the advanced rule the game
opens with ``BidForDistributor``.

The records keep their hash: search keys its tree by them, and the listings hand out
the same shared records again and again.
"""

from __future__ import annotations

import attrs

__all__ = [
    "ACTION_TYPES",
    "Action",
    "AssignCard",
    "Bid",
    "BidForDistributor",
    "ChooseTarget",
    "Draft",
    "EndCrew",
    "FinishProduction",
    "GiveCard",
    "GiveStar",
    "NameType",
    "PayInstead",
    "PlayCrew",
    "TakeSecondTeamDirector",
    "TakeWorthlessScript",
    "TeachIcon",
]


@attrs.frozen(slots=True, cache_hash=True)
class BidForDistributor:
    """Setup (R, advanced): bid one of one's bid cards for the first distribution."""

    seat: int
    value: int


@attrs.frozen(slots=True, cache_hash=True)
class GiveStar:
    """Stage 1: the distributor hands drawn star ``card`` to seat ``to``."""

    seat: int
    card: int
    to: int


@attrs.frozen(slots=True, cache_hash=True)
class Draft:
    """Stage 2: keep ``card`` of one's packet."""

    seat: int
    card: int


@attrs.frozen(slots=True, cache_hash=True)
class Bid:
    """Stage 3: bid card ``value`` on ``lot`` (1..N face up; N+1 the top star card, from 3
    players on)."""

    seat: int
    lot: int
    value: int


@attrs.frozen(slots=True, cache_hash=True)
class PlayCrew:
    """Stage 4: play an Agent, a Lawyer or a Scandals card from one's hand."""

    seat: int
    card: int


@attrs.frozen(slots=True, cache_hash=True)
class ChooseTarget:
    """Stage 4: the rival the card is played against."""

    seat: int
    target: int


@attrs.frozen(slots=True, cache_hash=True)
class NameType:
    """Stage 4: the card type an Agent (script, director, actor, actress) or a Lawyer
    (director, actor, actress) asks for."""

    seat: int
    kind: str


@attrs.frozen(slots=True, cache_hash=True)
class EndCrew:
    """Stage 4: no more plays (illegal while one holds a Lawyer)."""

    seat: int


@attrs.frozen(slots=True, cache_hash=True)
class GiveCard:
    """Stage 4: the target gives one of its cards of the named type (never a Scandals
    card)."""

    seat: int
    card: int


@attrs.frozen(slots=True, cache_hash=True)
class PayInstead:
    """Stage 4, against a Lawyer: pay 2 million (all one has, if less) instead; the only
    answer of a target whose cards of the named type are all Scandals cards."""

    seat: int


@attrs.frozen(slots=True, cache_hash=True)
class AssignCard:
    """Stage 5: put one's ``card`` into ``film`` 0-2 (None: back to the hand), playing
    ``role`` (one of a dual card's roles; None for other cards)."""

    seat: int
    card: int
    film: int | None
    role: str | None = None


@attrs.frozen(slots=True, cache_hash=True)
class TakeWorthlessScript:
    """Stage 5: discard a card (not a Scandals card) and take a Worthless Script."""

    seat: int
    discard: int


@attrs.frozen(slots=True, cache_hash=True)
class TakeSecondTeamDirector:
    """Stage 5 (Awards): discard a card (not a Scandals card) and take a Second-Team
    Director."""

    seat: int
    discard: int


@attrs.frozen(slots=True, cache_hash=True)
class TeachIcon:
    """Stage 5 (Awards): ``teacher`` gives ``card`` (in its film, acting as director,
    actor, actress or Assistant Director) the virtual icon ``genre``."""

    seat: int
    teacher: int
    card: int
    genre: str


@attrs.frozen(slots=True, cache_hash=True)
class FinishProduction:
    """Stage 5: the films are ready."""

    seat: int


Action = (BidForDistributor | GiveStar | Draft | Bid | PlayCrew | ChooseTarget | NameType
          | EndCrew | GiveCard | PayInstead | AssignCard | TakeWorthlessScript
          | TakeSecondTeamDirector | TeachIcon | FinishProduction)
"""Any action of Hollywood."""

ACTION_TYPES: tuple[type, ...] = (
    BidForDistributor, GiveStar, Draft, Bid, PlayCrew, ChooseTarget, NameType, EndCrew,
    GiveCard, PayInstead, AssignCard, TakeWorthlessScript, TakeSecondTeamDirector,
    TeachIcon, FinishProduction,
)
