"""The components of When I Dream: Spirit cards, Dream cards, and the word rules.

Dream cards are ids into the config's list of ``(top, bottom)`` word pairs; each default
deck (package data: ``data/dreams.json`` in English, ``data/dreams_it.json`` in Italian)
holds 64 cards. Spirit cards are ids: Fairies ``0..4``, Boogeymen ``5..8``, Sandmen
``9..10``; :data:`ROLE_TABLE` says how many of each a game of n players uses.

>>> normalize("  Crème  ")
'creme'
>>> clue_breach("knights", "knight", "en"), clue_breach("mangio", "mangiare", "it")
('a form of the word on the card', 'a form of the word on the card')
>>> clue_breach("night", "knight", "en"), clue_breach("strawberry", "cherry", "en")
(None, None)
>>> clue_breach("big apple", "pear", "en"), clue_breach("r2d2", "robot", "en")
('more than one word', 'not a word made of letters')
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable
from functools import cache, lru_cache
from importlib import resources
from typing import Literal

import snowballstemmer  # type: ignore[import-untyped]  # ships no type hints

__all__ = [
    "BOOGEYMEN",
    "CHECK_CLUES",
    "DEFAULT_DECKS",
    "DEFAULT_DREAMS",
    "FAIRIES",
    "FORM_OF_THE_WORD",
    "LANGUAGES",
    "MORE_THAN_ONE_WORD",
    "NOT_A_WORD",
    "PART_OF_THE_WORD",
    "ROLE_TABLE",
    "SANDMEN",
    "SHORTEST_PART",
    "CheckClues",
    "Language",
    "Role",
    "clue_breach",
    "normalize",
    "role_of",
    "round_gains",
    "sandman_points",
    "spirits_for",
    "stem",
]

Role = Literal["fairy", "boogeyman", "sandman"]

Language = Literal["en", "it"]
"""The language a Dream deck is written in (ISO 639-1)."""

LANGUAGES: dict[str, str] = {"en": "english", "it": "italian"}
"""Each deck language -> the name of its Snowball stemmer."""

CheckClues = Literal["stem", "strict", "exact", "off"]
"""How the engine checks a clue against the card's word: the same stem; the same stem or
holding the word or lying inside it; equality; or not at all (the one-word and
letters-only checks apply to all but ``"off"``)."""

CHECK_CLUES: tuple[CheckClues, ...] = ("stem", "exact", "off", "strict")
"""Every :data:`CheckClues` value, in the order of the tensor's one-hot section."""

FORM_OF_THE_WORD = "a form of the word on the card"
"""The breach :func:`clue_breach` finds by comparing the clue with the card's word (the
others it finds in the clue alone)."""

PART_OF_THE_WORD = "a part of the word on the card"
"""The breach ``check="strict"`` adds: the clue holds one of the card's forms or lies
inside one, the shorter of the two at least :data:`SHORTEST_PART` letters long."""

MORE_THAN_ONE_WORD = "more than one word"
"""The breach of a clue that holds white space (two words or more)."""

NOT_A_WORD = "not a word made of letters"
"""The breach of a clue that is empty, a noise or holds anything but letters (digits,
punctuation)."""

SHORTEST_PART = 3
"""The fewest letters a part must have for ``check="strict"`` to flag it: "ant" in
elephant is flagged, "an" is not (two letters lie inside too many words to mean one)."""

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


def sandman_points(fairy: int, boogeyman: int) -> int:
    """4. A Sandman: piles equal -> every card of both plus 2; exactly 1 apart -> the
    larger pile; 2 or more apart -> the smaller pile.

    >>> sandman_points(3, 3), sandman_points(4, 3), sandman_points(5, 2)
    (8, 4, 2)
    """
    if fairy == boogeyman:
        return fairy + boogeyman + 2
    if abs(fairy - boogeyman) == 1:
        return max(fairy, boogeyman)
    return min(fairy, boogeyman)


def round_gains(spirits: tuple[int | None, ...], fairy: int, boogeyman: int,
                bonus: bool) -> tuple[int, ...]:
    """4. Each seat's dream points for a round with piles of ``fairy`` and ``boogeyman``
    cards: the Dreamer (no Spirit card) the Fairy pile, plus 1 with the narration
    ``bonus``; a Fairy the Fairy pile; a Boogeyman the Boogeyman pile; a Sandman
    :func:`sandman_points`.

    >>> round_gains((None, 0, 5, 9), 2, 1, True)
    (3, 2, 1, 2)
    """
    gains = []
    for spirit in spirits:
        if spirit is None:
            gains.append(fairy + (1 if bonus and fairy else 0))
            continue
        role = role_of(spirit)
        gains.append(fairy if role == "fairy" else boogeyman if role == "boogeyman"
                     else sandman_points(fairy, boogeyman))
    return tuple(gains)


@lru_cache(maxsize=8192)  # the deck's words, compared at every clue and guess of a search
def normalize(text: str) -> str:
    """Casefolded, accents stripped, runs of white space made one space, trimmed: the
    form in which words are compared."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.split())


@cache
def _stemmer(language: str) -> Callable[[str], str]:
    stem_word: Callable[[str], str] = snowballstemmer.stemmer(LANGUAGES[language]).stemWord
    return stem_word


@lru_cache(maxsize=8192)
def stem(language: str, word: str) -> str:
    """The Snowball stem of ``word`` (already normalized) in the deck's ``language``.

    >>> stem("en", "knights"), stem("it", "ciliegie")
    ('knight', 'cilieg')
    """
    return _stemmer(language)(word)


@lru_cache(maxsize=32768)  # pure; a search checks the same clues on the same cards again
def clue_breach(clue: str, word: str, language: str, check: CheckClues = "stem") -> str | None:
    """The definition rule a clue certainly breaks for the card's ``word``, or None.

    Rules for definitions: a single word, made of letters, and no form of the dream's
    word. After :func:`normalize`, a clue is a form of the word when it equals the word
    (or one of the words of a card such as "ice cream", or the word written solid), or,
    with ``check="stem"``, has the same Snowball stem in the deck's ``language``
    (knights/knight, mangio/mangiare). A clue that only contains the word or lies inside
    it (night/knight, snow/snowman) may or may not be "a part" of it, as may a
    translation or an invented word: the table judges those (``RuleBreach``).
    ``check="strict"``, for tables with nobody to object, flags them too: a clue that
    holds a form of the word or lies inside one, the shorter at least
    :data:`SHORTEST_PART` letters, is :data:`PART_OF_THE_WORD`.
    ``check="off"``: no check at all.

    >>> clue_breach("ant", "elephant", "en"), clue_breach("ant", "elephant", "en", "strict")
    (None, 'a part of the word on the card')
    """
    if check == "off":
        return None
    said = normalize(clue)
    if not said:
        return NOT_A_WORD
    if " " in said:
        return MORE_THAN_ONE_WORD
    if not said.isalpha():
        return NOT_A_WORD
    whole = normalize(word)
    pieces = whole.replace("-", " ").split()
    forms = {whole, "".join(pieces), *pieces}
    if said in forms:
        return FORM_OF_THE_WORD
    if check in ("stem", "strict"):
        said_stem = stem(language, said)
        if any(stem(language, form) == said_stem for form in forms):
            return FORM_OF_THE_WORD
    if check == "strict" and any(_part_of(said, form) for form in forms):
        return PART_OF_THE_WORD
    return None


def _part_of(said: str, form: str) -> bool:
    """Whether one of the two holds the other, the shorter at least SHORTEST_PART long."""
    shorter, longer = (said, form) if len(said) <= len(form) else (form, said)
    return len(shorter) >= SHORTEST_PART and shorter in longer


def _load_deck(file_name: str) -> tuple[tuple[str, str], ...]:
    text = resources.files(__package__).joinpath("data").joinpath(file_name).read_text(
        encoding="utf-8")
    return tuple((top, bottom) for top, bottom in json.loads(text))


DEFAULT_DECKS: dict[str, tuple[tuple[str, str], ...]] = {
    "en": _load_deck("dreams.json"),
    "it": _load_deck("dreams_it.json"),
}
"""The default Dream decks by language: 64 cards of two words (top, bottom) each, 128
distinct common nouns of our own choosing."""

DEFAULT_DREAMS: tuple[tuple[str, str], ...] = DEFAULT_DECKS["en"]
"""The default English Dream deck."""
