"""The guest cards of Guess Who's Coming to Dinner.

The default deck (``data/guests.json``, shipped as package data) holds 200 real public
figures in 8 suits of 25, ten of them recently deceased. A frontend may pass its own
deck of :class:`Guest` records through ``Config(guests=...)``.

>>> len(DEFAULT_GUESTS), len(SUITS)
(200, 8)
>>> sum(guest.deceased for guest in DEFAULT_GUESTS)
10
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

import attrs

__all__ = ["DEFAULT_GUESTS", "SUITS", "Deck", "Guest", "deck_of", "table_points"]


@attrs.frozen(slots=True, cache_hash=True)
class Guest:
    """One guest card: a character, the suit (domain) they belong to, and whether they
    died recently (a deceased card may open a burial)."""

    name: str
    suit: str
    deceased: bool = False


def _load_default() -> tuple[Guest, ...]:
    text = resources.files(__package__).joinpath("data").joinpath("guests.json").read_text(
        encoding="utf-8")
    return tuple(Guest(row["name"], row["suit"], row["deceased"]) for row in json.loads(text))


DEFAULT_GUESTS: tuple[Guest, ...] = _load_default()
"""The default deck: 200 public figures, 25 in each of 8 suits."""

SUITS: tuple[str, ...] = tuple(dict.fromkeys(guest.suit for guest in DEFAULT_GUESTS))
"""The suits of the default deck, in the order they first appear."""


@attrs.frozen(slots=True)
class Deck:
    """Lookup tables for a deck: cards are referred to by their index in ``guests``."""

    guests: tuple[Guest, ...]
    suit_index: tuple[int, ...]
    """For each card, the index of its suit among ``suits``."""
    suits: tuple[str, ...]
    deceased: frozenset[int]
    """The cards that may open a burial."""

    def card_named(self, name: str) -> int:
        """The card index of the guest called ``name`` (``ValueError`` if absent)."""
        for index, guest in enumerate(self.guests):
            if guest.name == name:
                return index
        raise ValueError(f"no guest called {name!r} in this deck")

    def label(self, card: int) -> str:
        """``"Name (suit)"``, with a cross for the deceased (``"card N"`` if not a card)."""
        if type(card) is not int or not 0 <= card < len(self.guests):
            return f"card {card!r}"
        guest = self.guests[card]
        cross = " +" if guest.deceased else ""
        return f"{guest.name} ({guest.suit}{cross})"


@lru_cache(maxsize=64)
def deck_of(guests: tuple[Guest, ...]) -> Deck:
    """The (cached) lookup tables for a deck of guests."""
    suits = tuple(dict.fromkeys(guest.suit for guest in guests))
    position = {suit: index for index, suit in enumerate(suits)}
    return Deck(
        guests=guests,
        suit_index=tuple(position[guest.suit] for guest in guests),
        suits=suits,
        deceased=frozenset(i for i, guest in enumerate(guests) if guest.deceased),
    )


def table_points(deck: Deck, cards: tuple[int, ...]) -> int:
    """2) 1 point per character at the table plus 1 point per distinct suit.

    >>> deck = deck_of(DEFAULT_GUESTS)
    >>> names = ["Neil Gaiman", "Dilma Rousseff", "George Clooney"]
    >>> table_points(deck, tuple(deck.card_named(name) for name in names))
    6
    """
    suit_index = deck.suit_index
    return len(cards) + len({suit_index[card] for card in cards})
