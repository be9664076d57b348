"""The components of Dylan Dog: the three-plane board and the six decks, as data.

The rulebook describes a physical board without its geometry and no card texts, so the
defaults are ours (the spec's reconstruction): ``data/board.json`` and
``data/cards.json``, package data with the schema of :class:`Board` and
:class:`CardSet`. An owner of the physical game describes the real board and cards with
the same records (``Config(board=..., cards=...)``); :func:`check_board` and
:func:`check_cards` say what is wrong with them.

Every card has one id in a single numbering (:class:`Catalog`): the story cards first,
then the mystery, horror, nightmare and Dylan Dog cards, in the order of the data.

>>> len(DEFAULT_BOARD.nightmare), [c.name for c in DEFAULT_BOARD.crypts]
(24, ['Mente', 'Infinito', 'Paranormale', 'Tempo'])
>>> catalog(DEFAULT_CARDS).size, len(DEFAULT_CARDS.nightmare)
(132, 66)
"""

from __future__ import annotations

import json
from collections import Counter
from functools import lru_cache
from importlib import resources
from typing import Literal

import attrs

from partyrules.core.errors import InvalidConfig
from partyrules.core.serialize import structure

__all__ = [
    "DEFAULT_BOARD",
    "DEFAULT_CARDS",
    "DYLAN_FACE",
    "FACES",
    "MOST_DISTANCE",
    "NIGHTMARE_EFFECTS",
    "ROLES",
    "SQUARE_KINDS",
    "Board",
    "CardSet",
    "Catalog",
    "Crypt",
    "Gate",
    "HorrorCard",
    "MysteryCard",
    "NightmareCard",
    "StoryCard",
    "catalog",
    "check_board",
    "check_cards",
]

DYLAN_FACE = 0
"""The die's Dylan Dog face (the other faces are 2 to 6)."""
FACES: tuple[int, ...] = (2, 3, 4, 5, 6, DYLAN_FACE)
"""The six faces of the die."""
MOST_DISTANCE = 6
"""The longest move: the die's highest face, the Dylan Dog face's longest choice, and a
rotate or step-again card's most (``check_cards`` caps it at 6)."""
ROLES: tuple[str, ...] = ("investigator", "action", "location", "fear")
"""Before Playing: a story is one card of each role, read in this order."""

SquareKind = Literal["nightmare_card", "window", "passage", "enter_crypt", "exchange", "plain"]
SQUARE_KINDS: tuple[str, ...] = ("nightmare_card", "window", "passage", "enter_crypt",
                                 "exchange", "plain")
"""The kinds of nightmare-plane squares ("prendi una carta incubo", a window,
"passaggio dimensionale", "entra nella cripta del mistero", "scambio obbligatorio")."""
PathSquare = Literal["plain", "shadow"]

Effect = Literal["no_effect", "shadow", "enter_dimension", "go_to_crypt", "back_to_reality",
                 "take_dylan_dog", "send_to_reality", "rotate", "step_again"]
NIGHTMARE_EFFECTS: tuple[str, ...] = ("no_effect", "shadow", "enter_dimension",
                                      "go_to_crypt", "back_to_reality", "take_dylan_dog",
                                      "send_to_reality", "rotate", "step_again")
"""What a nightmare card can say."""


# -- the board ---------------------------------------------------------------------------


@attrs.frozen(slots=True)
class Crypt:
    """A mystery crypt at a corner of the board, facing one sector."""

    name: str
    sector: int


@attrs.frozen(slots=True)
class Gate:
    """An access square of the mystery plane and the path behind it: ``shared`` squares
    walked toward every crypt, then a fork into one ``branch`` per crypt (the same
    squares on each), then the crypt."""

    name: str
    sector: int
    crypts: tuple[str, ...]
    """The crypts this gate's path leads to, by name."""
    shared: tuple[PathSquare, ...]
    branch: tuple[PathSquare, ...]

    @property
    def length(self) -> int:
        """The squares from the gate (square 0) to the last square before a crypt."""
        return len(self.shared) + len(self.branch)


@attrs.frozen(slots=True, cache_hash=True)
class Board:
    """The three concentric planes, seen from above, sharing ``sectors`` sectors
    numbered clockwise. Reality has one square per sector; the nightmare plane has
    ``nightmare[k]`` as square ``k``, which lies at sector ``(k + rotation) % sectors``;
    the mystery plane holds the crypts, the gates and their paths, the forced-exchange
    squares and the Dylan Dog faces seen through the windows."""

    sectors: int
    white_squares: tuple[int, ...]
    """Reality squares where pawns start and return; no plane change through them."""
    nightmare: tuple[SquareKind, ...]
    crypts: tuple[Crypt, ...]
    gates: tuple[Gate, ...]
    exchange_sectors: tuple[int, ...]
    """Where the mystery plane's "scambio obbligatorio" square lies."""
    dylan_faces: tuple[int, ...]
    """Where Dylan Dog's face shows through a window of the nightmare plane."""

    def crypt_index(self, name: str) -> int:
        """The index of the crypt called ``name`` (``ValueError`` if there is none)."""
        for index, crypt in enumerate(self.crypts):
            if crypt.name == name:
                return index
        raise ValueError(f"no crypt called {name!r}")


def _sectors_error(board: Board, values: object, what: str) -> str | None:
    if not isinstance(values, tuple) or not all(
            type(v) is int and 0 <= v < board.sectors for v in values):
        return f"{what} are sectors from 0 to {board.sectors - 1}"
    if len(set(values)) != len(values):
        return f"{what} list a sector twice"
    return None


def check_board(board: Board) -> None:
    """Raise :class:`InvalidConfig` naming the field when ``board`` cannot be played."""
    def fail(message: str, field: str) -> InvalidConfig:
        return InvalidConfig(message, f"board.{field}")

    if not isinstance(board, Board):
        raise InvalidConfig(f"expected a Board, got {type(board).__name__}", "board")
    if type(board.sectors) is not int or board.sectors < 3:
        raise fail("a board has at least 3 sectors", "sectors")
    for name in ("white_squares", "exchange_sectors", "dylan_faces"):
        error = _sectors_error(board, getattr(board, name), name.replace("_", " "))
        if error:
            raise fail(error, name)
    if not board.white_squares:
        raise fail("reality needs at least one white square", "white_squares")
    if len(board.nightmare) != board.sectors or not all(
            kind in SQUARE_KINDS for kind in board.nightmare):
        raise fail(f"the nightmare plane has {board.sectors} squares, each one of "
                   f"{', '.join(SQUARE_KINDS)}", "nightmare")
    names = [crypt.name for crypt in board.crypts]
    if not names or len(set(names)) != len(names):
        raise fail("at least one crypt, each with its own name", "crypts")
    error = _sectors_error(board, tuple(crypt.sector for crypt in board.crypts),
                           "crypt sectors")
    if error:
        raise fail(error, "crypts")
    gate_names = [gate.name for gate in board.gates]
    if len(set(gate_names)) != len(gate_names):
        raise fail("each gate has its own name", "gates")
    error = _sectors_error(board, tuple(gate.sector for gate in board.gates), "gate sectors")
    if error:
        raise fail(error, "gates")
    for index, gate in enumerate(board.gates):
        if not gate.crypts or len(set(gate.crypts)) != len(gate.crypts) or not set(
                gate.crypts) <= set(names):
            raise fail("a gate leads to one or more of the board's crypts, each once",
                       f"gates[{index}].crypts")
        if not gate.branch:
            raise fail("a branch has at least one square", f"gates[{index}].branch")


# -- the cards --------------------------------------------------------------------------------


@attrs.frozen(slots=True)
class StoryCard:
    """A story card: its role in the story, the element printed at the bottom, and the
    shadow shape it shows."""

    role: Literal["investigator", "action", "location", "fear"]
    element: str
    shape: str


@attrs.frozen(slots=True)
class MysteryCard:
    """A mystery card: one story element."""

    element: str


@attrs.frozen(slots=True)
class HorrorCard:
    """A horror card: the throw that beats it, ``needs`` or more (a 6: only the 6), or
    only the Dylan Dog face when ``needs`` is None. The Dylan face always beats it."""

    name: str
    needs: int | None


@attrs.frozen(slots=True)
class NightmareCard:
    """A nightmare card: its ``effect``, with the shadow ``shape`` of a shadow card, the
    ``crypt`` of an enter-a-dimension or go-to-crypt card, and the ``most`` squares of a
    rotate or step-again card."""

    effect: Effect
    shape: str = ""
    crypt: str = ""
    most: int = 0


@attrs.frozen(slots=True, cache_hash=True)
class CardSet:
    """Every deck of the game: story, mystery, horror and nightmare cards, and how many
    Dylan Dog cards."""

    story: tuple[StoryCard, ...]
    mystery: tuple[MysteryCard, ...]
    horror: tuple[HorrorCard, ...]
    nightmare: tuple[NightmareCard, ...]
    dylan_dog: int


def check_cards(cards: CardSet, board: Board, players: int) -> None:
    """Raise :class:`InvalidConfig` naming the field when the decks cannot be played on
    ``board`` by ``players`` seats."""
    def fail(message: str, field: str) -> InvalidConfig:
        return InvalidConfig(message, f"cards.{field}")

    if not isinstance(cards, CardSet):
        raise InvalidConfig(f"expected a CardSet, got {type(cards).__name__}", "cards")
    roles: Counter[str] = Counter(card.role for card in cards.story)
    for role in ROLES:
        if roles[role] < players:
            raise fail(f"{players} players need {players} {role} story cards, "
                       f"not {roles[role]}", "story")
    elements = [card.element for card in cards.story]
    if len(set(elements)) != len(elements) or not all(
            isinstance(e, str) and e.strip() for e in elements):
        raise fail("every story card has its own non-blank element", "story")
    mystery = [card.element for card in cards.mystery]
    if len(set(mystery)) != len(mystery):
        raise fail("two mystery cards show the same element", "mystery")
    missing = sorted(set(elements) - set(mystery))
    if missing:
        raise fail(f"story elements without a mystery card: {missing[:3]}", "mystery")
    for index, horror in enumerate(cards.horror):
        if horror.needs is not None and (type(horror.needs) is not int
                                         or not 2 <= horror.needs <= 6):
            raise fail("a horror card needs a face from 2 to 6, or null for the Dylan "
                       "face only",
                       f"horror[{index}].needs")
    crypts = {crypt.name for crypt in board.crypts}
    gated = {name for gate in board.gates for name in gate.crypts}
    for index, card in enumerate(cards.nightmare):
        field = f"nightmare[{index}]"
        if card.effect == "shadow" and not card.shape:
            raise fail("a shadow card shows a shape", field)
        if card.effect in ("enter_dimension", "go_to_crypt") and card.crypt not in crypts:
            raise fail(f"{card.crypt!r} is not a crypt of the board", field)
        if card.effect == "enter_dimension" and card.crypt not in gated:
            raise fail(f"no gate of the board leads to {card.crypt!r}", field)
        if card.effect in ("rotate", "step_again") and (type(card.most) is not int
                                                        or not 1 <= card.most <= 6):
            raise fail("a rotate or step-again card moves 1 to 6 squares", field)
    if type(cards.dylan_dog) is not int or cards.dylan_dog < 0:
        raise fail("the Dylan Dog deck has 0 or more cards", "dylan_dog")


@attrs.frozen(slots=True)
class Catalog:
    """Every card of a :class:`CardSet` by one id: ``kinds[id]`` is ``"story"``,
    ``"mystery"``, ``"horror"``, ``"nightmare"`` or ``"dylan_dog"``; the id ranges give
    each deck."""

    kinds: tuple[str, ...]
    story: range
    mystery: range
    horror: range
    nightmare: range
    dylan_dog: range
    element: tuple[str, ...]
    """Per id: the element of a story or mystery card (else "")."""
    shape: tuple[str, ...]
    """Per id: the shadow shape of a story or shadow card (else "")."""
    role: tuple[int, ...]
    """Per story card id: its role's index in :data:`ROLES`."""

    @property
    def size(self) -> int:
        """How many cards in all."""
        return len(self.kinds)

    @property
    def crypt_cards(self) -> tuple[int, ...]:
        """The mystery and horror cards, dealt into the crypts."""
        return (*self.mystery, *self.horror)

    def completes(self, story: tuple[int, ...], held: tuple[int, ...]) -> bool:
        """The End of the Game: the mystery cards ``held`` match every element of the
        ``story`` cards."""
        found = {self.element[card] for card in held if self.kinds[card] == "mystery"}
        return bool(story) and all(self.element[card] in found for card in story)


@lru_cache(maxsize=32)
def catalog(cards: CardSet) -> Catalog:
    """The one numbering of every card of ``cards``."""
    sizes = (len(cards.story), len(cards.mystery), len(cards.horror), len(cards.nightmare),
             cards.dylan_dog)
    names = ("story", "mystery", "horror", "nightmare", "dylan_dog")
    ranges: list[range] = []
    start = 0
    for size in sizes:
        ranges.append(range(start, start + size))
        start += size
    kinds = tuple(name for name, size in zip(names, sizes, strict=True) for _ in range(size))
    element = tuple(c.element for c in cards.story) + tuple(c.element for c in cards.mystery)
    shape = tuple(c.shape for c in cards.story) + ("",) * (sizes[1] + sizes[2]) + tuple(
        c.shape for c in cards.nightmare)
    return Catalog(
        kinds=kinds, story=ranges[0], mystery=ranges[1], horror=ranges[2],
        nightmare=ranges[3], dylan_dog=ranges[4],
        element=element + ("",) * (start - len(element)),
        shape=shape + ("",) * (start - len(shape)),
        role=tuple(ROLES.index(c.role) for c in cards.story),
    )


def _load(name: str) -> object:
    text = resources.files(__package__).joinpath("data").joinpath(name).read_text(
        encoding="utf-8")
    return json.loads(text)


def _defaults() -> tuple[Board, CardSet]:
    board: Board = structure(_load("board.json"), Board, "board.json")
    cards: CardSet = structure(_load("cards.json"), CardSet, "cards.json")
    return board, cards


DEFAULT_BOARD, DEFAULT_CARDS = _defaults()
"""The spec's default board and decks (``data/board.json``, ``data/cards.json``)."""
