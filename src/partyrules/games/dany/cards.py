"""The components of Dany goes to Hollywood: Memory, Idea, Personality and Choice cards.

Memory cards carry no text the engine needs (ids ``0..n-1``). Idea cards carry 5 words
numbered 1 to 5; the default set (``data/ideas.json``, package data) is 20 cards of 5 film
titles. Personality cards are ids: :data:`DANY`, :data:`REASON` and the secondaries
``2..8``.

>>> len(DEFAULT_IDEAS), {len(card) for card in DEFAULT_IDEAS}
(20, {5})
>>> personality_name(DANY), personality_name(REASON), personality_name(4)
('Dany', "Dany's Reason", 'secondary personality 3')
"""

from __future__ import annotations

import json
from importlib import resources

__all__ = [
    "CHOICES",
    "DANY",
    "DEFAULT_IDEAS",
    "HAND",
    "REASON",
    "SECONDARIES",
    "is_secondary",
    "personality_name",
]

DANY = 0
"""The Dany personality card."""
REASON = 1
"""The Dany's Reason personality card (the variant)."""
SECONDARIES: tuple[int, ...] = tuple(range(2, 9))
"""The 7 secondary personality cards."""
CHOICES: tuple[int, ...] = (1, 2, 3, 4, 5)
"""The 5 Choice cards: the number of the word to make the others guess."""
HAND = 7
"""1. The active personality draws 7 Memory cards."""


def is_secondary(personality: int) -> bool:
    """True for a secondary personality (neither Dany nor Dany's Reason)."""
    return personality >= SECONDARIES[0]


def personality_name(personality: int) -> str:
    """A readable name for a personality card."""
    if personality == DANY:
        return "Dany"
    if personality == REASON:
        return "Dany's Reason"
    return f"secondary personality {personality - SECONDARIES[0] + 1}"


def _load_ideas() -> tuple[tuple[str, ...], ...]:
    text = resources.files(__package__).joinpath("data").joinpath("ideas.json").read_text(
        encoding="utf-8")
    return tuple(tuple(card) for card in json.loads(text))


DEFAULT_IDEAS: tuple[tuple[str, ...], ...] = _load_ideas()
"""The default Idea cards: 20 cards of 5 film titles (words numbered 1 to 5)."""
