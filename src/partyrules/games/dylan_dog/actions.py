"""The actions of Dylan Dog: one frozen record per kind.

A turn reads: before throwing, an optional trade (``ProposeTrade``, ``OfferCard``,
``AskCard``, then the other seat's ``AcceptTrade`` or ``DeclineTrade``); then ``Roll``
(``ChooseDistance`` on the Dylan Dog face) or a horror ``Challenge``; the distance is
spent one unit at a time (``Step``, ``ChangePlane``, ``Rotate``); then whatever the
square asks for: ``Search`` a crypt, fight a horror card (``UseDylanDog`` or
``FaceHorror``), escape a shadow square (``UseDylanDog``, ``UseShadow`` or
``GoToReality``), a forced exchange (``ForceExchange``, ``TakeCard``, ``GiveCard`` or
``SkipExchange``), a nightmare card's choice (``ChooseGate``, ``SendToReality``), and a
pawn sent to reality picks its white square (``Return``).

Directions are words: ``"clockwise"`` and ``"counterclockwise"`` on the rings; on a
mystery path ``"gate"`` (back toward the gate), ``"crypt"`` (on toward the crypt) and, at
the fork, the name of the crypt whose branch to take.

The records keep their hash: search keys its tree by them, and the listings hand out
the same prebuilt records again and again.
"""

from __future__ import annotations

from typing import Literal

import attrs

__all__ = [
    "ACTION_TYPES",
    "AcceptTrade",
    "Action",
    "AskCard",
    "Challenge",
    "ChangePlane",
    "ChooseDistance",
    "ChooseGate",
    "ClaimCard",
    "DeclineTrade",
    "FaceHorror",
    "ForceExchange",
    "GiveCard",
    "GoToReality",
    "OfferCard",
    "ProposeTrade",
    "PutBack",
    "Return",
    "Roll",
    "Rotate",
    "Search",
    "SendToReality",
    "SkipExchange",
    "Step",
    "TakeCard",
    "UseDylanDog",
    "UseShadow",
]

Plane = Literal["reality", "nightmare", "mystery"]


@attrs.frozen(slots=True, cache_hash=True)
class ProposeTrade:
    """Exchange: before throwing, propose a one-for-one card trade to seat ``to``."""

    seat: int
    to: int


@attrs.frozen(slots=True, cache_hash=True)
class OfferCard:
    """Exchange: the card (one's own, not a story card) offered in the trade."""

    seat: int
    card: int


@attrs.frozen(slots=True, cache_hash=True)
class AskCard:
    """Exchange: the card (the other seat's, not a story card) asked for in return."""

    seat: int
    card: int


@attrs.frozen(slots=True, cache_hash=True)
class AcceptTrade:
    """Exchange: the seat proposed to accepts; the two cards change hands."""

    seat: int


@attrs.frozen(slots=True, cache_hash=True)
class DeclineTrade:
    """Exchange: the seat proposed to declines; nothing changes hands."""

    seat: int


@attrs.frozen(slots=True, cache_hash=True)
class Roll:
    """Later Turns / First Turn: throw the die (the result comes from the state's rng)."""

    seat: int


@attrs.frozen(slots=True, cache_hash=True)
class ChooseDistance:
    """The Die: on the Dylan Dog face, move ``distance`` (1 to 6); also how far a
    rotate or step-again nightmare card moves (1 to its most)."""

    seat: int
    distance: int


@attrs.frozen(slots=True, cache_hash=True)
class Challenge:
    """Horror Cards: instead of throwing, challenge ``target`` (on the same plane) with
    one's ``horror`` card."""

    seat: int
    target: int
    horror: int


@attrs.frozen(slots=True, cache_hash=True)
class Step:
    """Move the pawn one square along its plane in ``direction``."""

    seat: int
    direction: str


@attrs.frozen(slots=True, cache_hash=True)
class ChangePlane:
    """Moving Between Planes: one unit of the distance takes the pawn to ``plane``."""

    seat: int
    plane: Plane


@attrs.frozen(slots=True, cache_hash=True)
class Rotate:
    """Turn the nightmare plane one square ``"clockwise"`` or ``"counterclockwise"``."""

    seat: int
    direction: str


@attrs.frozen(slots=True, cache_hash=True)
class Search:
    """Reaching the Mystery Crypts: draw the crypt's card in ``slot`` (not necessarily
    the top one)."""

    seat: int
    slot: int


@attrs.frozen(slots=True, cache_hash=True)
class UseDylanDog:
    """Play a Dylan Dog card: against a horror card (before throwing), on a shadow
    square, or to climb out of an empty crypt."""

    seat: int


@attrs.frozen(slots=True, cache_hash=True)
class FaceHorror:
    """Horror Cards: throw the die against the horror card."""

    seat: int


@attrs.frozen(slots=True, cache_hash=True)
class UseShadow:
    """Shadow Squares: play a shadow ``card`` whose shape matches one's story cards."""

    seat: int
    card: int


@attrs.frozen(slots=True, cache_hash=True)
class GoToReality:
    """Give up on a shadow square or at an empty crypt: the pawn returns to reality."""

    seat: int


@attrs.frozen(slots=True, cache_hash=True)
class PutBack:
    """Horror Cards: after losing, put one's mystery ``card`` back into the crypt."""

    seat: int
    card: int


@attrs.frozen(slots=True, cache_hash=True)
class ClaimCard:
    """Horror Cards: the challenger takes the defeated seat's mystery ``card``."""

    seat: int
    card: int


@attrs.frozen(slots=True, cache_hash=True)
class ForceExchange:
    """The Nightmare Plane: on an aligned forced-exchange square, exchange with
    ``target``."""

    seat: int
    target: int


@attrs.frozen(slots=True, cache_hash=True)
class TakeCard:
    """Exchange: take ``card`` from the target, even one it needs."""

    seat: int
    card: int


@attrs.frozen(slots=True, cache_hash=True)
class GiveCard:
    """Exchange: give one of one's own cards to the target in return."""

    seat: int
    card: int


@attrs.frozen(slots=True, cache_hash=True)
class SkipExchange:
    """The Nightmare Plane: do not use the forced exchange."""

    seat: int


@attrs.frozen(slots=True, cache_hash=True)
class ChooseGate:
    """Nightmare Cards: "enter a dimension" through ``gate`` (a gate of that crypt)."""

    seat: int
    gate: int


@attrs.frozen(slots=True, cache_hash=True)
class SendToReality:
    """Nightmare Cards: send ``target``'s pawn back to reality."""

    seat: int
    target: int


@attrs.frozen(slots=True, cache_hash=True)
class Return:
    """A pawn back in reality stands on the white ``square`` (a sector) its owner picks."""

    seat: int
    square: int


Action = (ProposeTrade | OfferCard | AskCard | AcceptTrade | DeclineTrade | Roll
          | ChooseDistance | Challenge | Step | ChangePlane | Rotate | Search | UseDylanDog
          | FaceHorror | UseShadow | GoToReality | PutBack | ClaimCard | ForceExchange
          | TakeCard | GiveCard | SkipExchange | ChooseGate | SendToReality | Return)
"""Any action of Dylan Dog."""

ACTION_TYPES: tuple[type, ...] = (
    ProposeTrade, OfferCard, AskCard, AcceptTrade, DeclineTrade, Roll, ChooseDistance,
    Challenge, Step, ChangePlane, Rotate, Search, UseDylanDog, FaceHorror, UseShadow,
    GoToReality, PutBack, ClaimCard, ForceExchange, TakeCard, GiveCard, SkipExchange,
    ChooseGate, SendToReality, Return,
)
