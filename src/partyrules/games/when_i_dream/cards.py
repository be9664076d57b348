"""The components of When I Dream: Spirit cards, Dream cards, and the word rules.

Dream cards are ids into the config's list of ``(top, bottom)`` word pairs; the default
deck (``dreams.json``, package data) holds 64 cards. Spirit cards are ids: Fairies
``0..4``, Boogeymen ``5..8``, Sandmen ``9..10``; :data:`ROLE_TABLE` says how many of each
a game of n players uses.

>>> normalize("  Crème  ")
'creme'
>>> clue_breach("sunflower", "sun"), clue_breach("strawberry", "cherry")
('a form or part of the word on the card', None)
>>> clue_breach("big apple", "pear"), clue_breach("r2d2", "robot")
('more than one word', 'not a word made of letters')
"""

from __future__ import annotations

import json
import unicodedata
from importlib import resources
from typing import Literal

__all__ = [
    "BOOGEYMEN",
    "DEFAULT_DREAMS",
    "FAIRIES",
    "ROLE_TABLE",
    "SANDMEN",
    "Role",
    "clue_breach",
    "normalize",
    "role_of",
    "spirits_for",
]

Role = Literal["fairy", "boogeyman", "sandman"]

FAIRIES: tuple[int, ...] = (0, 1, 2, 3, 4)
BOOGEYMEN: tuple[int, ...] = (5, 6, 7, 8)
SANDMEN: tuple[int, ...] = (9, 10)

ROLE_TABLE: dict[int, tuple[int, int, int]] = {
    4: (1, 1, 2),
    5: (2, 1, 2),
    6: (3, 2, 1),
    7: (3, 2, 2),
    8: (4, 3, 1),
    9: (4, 3, 2),
    10: (5, 4, 1),
}
"""Players -> (Fairies, Boogeymen, Sandmen): the Spirit cards used each round."""


def spirits_for(players: int) -> tuple[int, ...]:
    """The Spirit cards used in a game of ``players`` (one per player)."""
    fairies, boogeymen, sandmen = ROLE_TABLE[players]
    return FAIRIES[:fairies] + BOOGEYMEN[:boogeymen] + SANDMEN[:sandmen]


def role_of(spirit: int) -> Role:
    """The role of a Spirit card."""
    if spirit in FAIRIES:
        return "fairy"
    if spirit in BOOGEYMEN:
        return "boogeyman"
    return "sandman"


def normalize(text: str) -> str:
    """Casefolded, accents stripped, runs of white space made one space, trimmed: the
    form in which words are compared."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.split())


MIN_PART = 3
"""A contained word counts as "a part" of another from 3 letters (sun in sunflower)."""


def clue_breach(clue: str, word: str) -> str | None:
    """The definition rule a clue breaks for the card's ``word``, or None.

    Rules for definitions: a single word, made of letters, and no form or part of the
    dream's word: after :func:`normalize`, not the word itself, and neither contains the
    other when the contained one has at least 3 letters. Translations and invented words
    are for the table to
    judge (``RuleBreach``).
    """
    said = normalize(clue)
    if not said:
        return "not a word made of letters"
    if " " in said:
        return "more than one word"
    if not said.isalpha():
        return "not a word made of letters"
    for part in {normalize(word), *normalize(word).replace("-", " ").split()}:
        shorter, longer = sorted((said, part), key=len)
        if said == part or (len(shorter) >= MIN_PART and shorter in longer):
            return "a form or part of the word on the card"
    return None


def _load_dreams() -> tuple[tuple[str, str], ...]:
    text = resources.files(__package__).joinpath("dreams.json").read_text(encoding="utf-8")
    return tuple((top, bottom) for top, bottom in json.loads(text))


DEFAULT_DREAMS: tuple[tuple[str, str], ...] = _load_dreams()
"""The default Dream deck: 64 cards of two English words (top, bottom)."""
