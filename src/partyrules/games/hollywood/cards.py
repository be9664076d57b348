"""The cards of Hollywood and its Season of Festivals expansions, as data.

The base rulebook is unavailable, so every printed value is the spec's reconstruction
(R): ``data/cards.json`` has one :class:`CardKind` per distinct printed card, with its
``count``. Instance ids ``0..M-1`` follow the file order, each kind's copies in a row
(:func:`deck_of`). ``Config(card_data=...)`` replaces the list with the same records.

>>> deck = deck_of(DEFAULT_CARD_DATA)
>>> len(deck.cards), len(deck.ids("basic", "base")), len(deck.ids("star", "base"))
(241, 126, 48)
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import lru_cache
from importlib import resources
from typing import Literal

import attrs

from partyrules.core.convert import structure
from partyrules.core.errors import InvalidConfig

__all__ = [
    "BACKS",
    "DEFAULT_CARD_DATA",
    "EDITOR_ROLES",
    "EFFECTS",
    "EXPANSIONS",
    "FESTIVAL_CARD_EFFECTS",
    "GENRES",
    "KINDS",
    "ROLES",
    "Card",
    "CardKind",
    "Deck",
    "check_card_data",
    "deck_of",
    "role_choices",
]

Genre = Literal["R", "C", "A", "T"]
GENRES: tuple[str, ...] = ("R", "C", "A", "T")
"""Romance, Comedy, Action, Thriller."""
Back = Literal["basic", "star", "worthless", "second_team", "festival"]
BACKS: tuple[str, ...] = ("basic", "star", "worthless", "second_team", "festival")
Kind = Literal["script", "director", "actor", "actress", "dual", "crew", "staff", "festival"]
KINDS: tuple[str, ...] = ("script", "director", "actor", "actress", "dual", "crew", "staff",
                          "festival")
Role = Literal["director", "actor", "actress"]
ROLES: tuple[str, ...] = ("director", "actor", "actress")
"""The roles a dual card may take."""
EDITOR_ROLES: tuple[str, ...] = ("director", "cast")
"""The roles an Editor chooses between in a film: the director, or one cast member who is
neither actor nor actress."""
Expansion = Literal["base", "awards", "scandals", "festivals"]
EXPANSIONS: tuple[str, ...] = ("base", "awards", "scandals", "festivals")
EFFECTS: tuple[str, ...] = (
    "", "agent", "lawyer", "dance_choreographer", "singer", "teacher",
    "lighting_technician", "critic", "location_manager", "director_of_photography",
    "animator", "independent", "editor", "sound_engineer",
    "festival_R", "festival_C", "festival_A", "festival_T", "red_carpet_gala",
    "independent_cinema_week", "golden_jury", "film_market",
)
"""What a card does beyond its printed values ("" nothing)."""
FESTIVAL_CARD_EFFECTS: tuple[str, ...] = EFFECTS[EFFECTS.index("festival_R"):]
"""What a Festival card does: one of these rules the year's tally."""


@attrs.frozen(slots=True, cache_hash=True)
class CardKind:
    """One distinct printed card and how many copies the game has.

    ``coin`` is the coin icon's value (negative for Scandals; None: no coin icon);
    ``figurines`` the golden figurines printed (``title_only``: they count for the Film
    of the Year but not for the end-of-game income); ``roles`` the two roles of a dual
    card; ``scandal`` the ten-pointed frame."""

    name: str
    back: Back
    kind: Kind
    genres: frozenset[Genre] = frozenset()
    coin: int | None = None
    figurines: int = 0
    title_only: bool = False
    effect: str = ""
    scandal: bool = False
    roles: tuple[Role, ...] = ()
    expansion: Expansion = "base"
    count: int = 1


def role_choices(kind: CardKind) -> tuple[str, ...]:
    """The roles a card chooses among when it goes into a film: a dual card's two, an
    Editor's :data:`EDITOR_ROLES`; none for any other card, which plays its own."""
    if kind.kind == "dual":
        return kind.roles
    if kind.effect == "editor":
        return EDITOR_ROLES
    return ()


@attrs.frozen(slots=True)
class Card:
    """A card instance: its kind's values, by id."""

    id: int
    kind: CardKind


@attrs.frozen(slots=True, cache_hash=True)
class Deck:
    """Every card instance of a card list, by id, and the ids of each back and
    expansion (its hash is kept: tables worked out once per deck look it up)."""

    cards: tuple[CardKind, ...]
    """Per id, the kind of that card."""

    def ids(self, back: str, *expansions: str) -> tuple[int, ...]:
        """The ids with ``back`` from ``expansions`` (all when none is named)."""
        return tuple(i for i, kind in enumerate(self.cards) if kind.back == back
                     and (not expansions or kind.expansion in expansions))


@lru_cache(maxsize=32)
def deck_of(data: tuple[CardKind, ...]) -> Deck:
    """The card instances of ``data``: ids in file order, each kind's copies together."""
    return Deck(tuple(kind for kind in data for _ in range(kind.count)))


def check_card_data(data: tuple[CardKind, ...], players: int,
                    expansions: Iterable[str]) -> None:
    """Raise :class:`InvalidConfig` (field ``card_data``) when the list cannot be played
    by ``players`` seats with ``expansions``: fewer than 7N basic or 2N+1 star cards, an
    unknown effect, a dual card without two roles, an Editor that is not Film Crew, a
    Festival card without a Festival effect."""
    def fail(message: str, index: int | None = None) -> InvalidConfig:
        where = "card_data" if index is None else f"card_data[{index}]"
        return InvalidConfig(message, where)

    if not isinstance(data, tuple) or not data:
        raise fail("card_data is a non-empty list of card kinds")
    for index, kind in enumerate(data):
        if not isinstance(kind, CardKind):
            raise fail("each entry is a card kind", index)
        if kind.effect not in EFFECTS:
            raise fail(f"unknown effect {kind.effect!r}", index)
        if kind.back not in BACKS or kind.kind not in KINDS or \
                kind.expansion not in EXPANSIONS:
            raise fail(f"back, kind and expansion are among {list(BACKS)}, {list(KINDS)} "
                       f"and {list(EXPANSIONS)}", index)
        if not set(kind.roles) <= set(ROLES) or not set(kind.genres) <= set(GENRES):
            raise fail(f"roles are among {list(ROLES)} and genres among {list(GENRES)}",
                       index)
        if type(kind.count) is not int or kind.count < 1:
            raise fail("count is 1 or more", index)
        if kind.kind == "dual" and (len(kind.roles) != 2 or len(set(kind.roles)) != 2):
            raise fail("a dual card has two different roles", index)
        if kind.kind != "dual" and kind.roles:
            raise fail("only a dual card has roles", index)
        if kind.effect == "editor" and kind.kind != "crew":
            # Its roles stand in for a Film Crew card's: as staff it would stay Special
            # Staff (barred from Independent films) in whatever role it took.
            raise fail("an Editor is a crew card", index)
        if kind.back == "festival" and kind.effect not in FESTIVAL_CARD_EFFECTS:
            raise fail(f"a Festival card's effect is one of {list(FESTIVAL_CARD_EFFECTS)}",
                       index)
        if type(kind.figurines) is not int or kind.figurines < 0:
            raise fail("figurines are 0 or more", index)
    deck = deck_of(data)
    chosen = ("base", *expansions)
    basic = len(deck.ids("basic", *chosen))
    star = len(deck.ids("star", *chosen))
    if basic < 7 * players:
        raise fail(f"{players} players need at least {7 * players} basic cards, not {basic}")
    if star < 2 * players + 1:
        raise fail(f"{players} players need at least {2 * players + 1} star cards, "
                   f"not {star}")


def _load() -> tuple[CardKind, ...]:
    text = resources.files(__package__).joinpath("data").joinpath("cards.json").read_text(
        encoding="utf-8")
    data: tuple[CardKind, ...] = structure(json.loads(text), tuple[CardKind, ...],
                                           "cards.json")
    return data


DEFAULT_CARD_DATA: tuple[CardKind, ...] = _load()
"""The spec's card list (``data/cards.json``): base, Awards, Scandals, Festivals."""
