"""Config, state and view records of Dylan Dog, and :data:`evolve`, the fast way the
effects make the next state.

Cards are the ids of :func:`partyrules.games.dylan_dog.cards.catalog`. A pawn is a
:class:`Pawn` on one plane. The phase record says who acts and what is pending: the
turn's start (trades, the throw or a challenge), the move spent unit by unit, and the
choices the landing square asks for.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal

import attrs

from partyrules.core.config import ConfigRecord
from partyrules.core.errors import InvalidConfig
from partyrules.core.records import fast_evolve
from partyrules.core.rng import Rng
from partyrules.games.dylan_dog.cards import (
    DEFAULT_BOARD,
    DEFAULT_CARDS,
    Board,
    CardSet,
    catalog,
    check_board,
    check_cards,
)

__all__ = [
    "PRESETS",
    "CardChoice",
    "ChoosingDistance",
    "Claiming",
    "Config",
    "EmptyCrypt",
    "Exchange",
    "Heading",
    "Horror",
    "Moving",
    "Over",
    "Pawn",
    "Phase",
    "PuttingBack",
    "Returning",
    "Searching",
    "Shadow",
    "Spin",
    "State",
    "Trading",
    "TurnStart",
    "View",
    "component_data",
    "evolve",
]


def _check_config(config: Config) -> None:
    players = config.players
    if type(players) is not int or not 3 <= players <= 6:
        raise InvalidConfig(f"Dylan Dog is for 3 to 6 players, not {players!r}", "players")
    if type(config.first_player) is not int or not 0 <= config.first_player < players:
        raise InvalidConfig(f"first_player must be a seat from 0 to {players - 1}, "
                            f"not {config.first_player!r}", "first_player")
    offers = config.offers_per_turn
    if offers is not None and (type(offers) is not int or offers < 0):
        raise InvalidConfig(f"offers_per_turn is a number of trades from 0, or null for one "
                            f"to each other seat, not {offers!r}", "offers_per_turn")
    limit = config.turn_limit
    if limit is not None and (type(limit) is not int or limit < 1):
        raise InvalidConfig(f"turn_limit is a number of turns from 1, or null for none, "
                            f"not {limit!r}", "turn_limit")
    board, cards = config.the_board(), config.the_cards()
    check_board(board)
    check_cards(cards, board, players)
    if len(catalog(cards).crypt_cards) < 1:
        raise InvalidConfig("the crypts need at least one card", "cards")


@attrs.frozen(slots=True, cache_hash=True)
class Config(ConfigRecord):
    """A game of Dylan Dog: 3 to 6 players, the first player, trades per turn, a turn
    limit for simulations, and the board and decks (None: the defaults).

    >>> Config(players=4).turn_limit
    600
    >>> Config(players=7)
    Traceback (most recent call last):
    ...
    partyrules.core.errors.InvalidConfig: Dylan Dog is for 3 to 6 players, not 7
    """

    players: int
    first_player: int = 0
    """The seat that plays first; order is clockwise."""
    offers_per_turn: int | None = None
    """Exchange: a player may propose one trade to each other seat before throwing; an
    int also caps the trades proposed in one turn (None: no cap beyond that)."""
    turn_limit: int | None = 600
    """Turns in all after which a game with no winner ends (None: never)."""
    board: Board | None = None
    """The board (None: ``data/board.json``)."""
    cards: CardSet | None = None
    """The decks (None: ``data/cards.json``)."""

    def __attrs_post_init__(self) -> None:
        _check_config(self)

    def the_board(self) -> Board:
        """The board in play."""
        return DEFAULT_BOARD if self.board is None else self.board

    def the_cards(self) -> CardSet:
        """The decks in play."""
        return DEFAULT_CARDS if self.cards is None else self.cards


@attrs.frozen(slots=True, cache_hash=True)
class Pawn:
    """Where a pawn stands. ``plane`` ``"reality"``: ``square`` is the sector;
    ``"nightmare"``: the nightmare square ``k`` (it turns with the plane);
    ``"mystery"``: the square along ``gate``'s path (0 the gate, then the shared
    squares, then the squares of ``branch``, the crypt whose branch it is on, -1 before
    the fork); ``"crypt"``: ``square`` is the crypt. Its hash is kept: a move's units
    are looked up by the pawn at every unit spent and listed."""

    plane: Literal["reality", "nightmare", "mystery", "crypt"]
    square: int
    gate: int = -1
    branch: int = -1


@attrs.frozen(slots=True)
class TurnStart:
    """The active seat may propose trades, one to each other seat (``offered_to``: the
    seats it already proposed to this turn), then throws or challenges."""

    offered_to: frozenset[int] = frozenset()


@attrs.frozen(slots=True)
class Trading:
    """Exchange: the active seat names its card, then the other's; the partner answers."""

    partner: int
    offer: int
    """The card offered (-1 until named)."""
    ask: int
    """The card asked for (-1 until named)."""
    offered_to: frozenset[int] = frozenset()
    """The seats proposed to earlier this turn."""


Mode = Literal["first", "move", "rotate", "step"]
Spin = Literal["", "clockwise", "counterclockwise"]
"""The nightmare plane's direction so far in a move ("" before its first rotation)."""
Heading = Literal["", "clockwise", "counterclockwise", "in", "out"]
"""A pawn's direction so far in a move: around a ring, or along a mystery path ("in"
toward the crypt, "out" toward the gate); "" before its first step on this plane."""


@attrs.frozen(slots=True)
class ChoosingDistance:
    """The Dylan Dog face (1 to 6), or a rotate or step-again card (1 to ``most``)."""

    most: int
    mode: Mode
    drawn_at: int = -1
    """The nightmare square whose card asked for this (-1: the die)."""
    heading: Heading = ""
    """A step-again card's move is part of the drawer's move: it may not reverse the
    pawn's ``heading`` of the move before it."""


@attrs.frozen(slots=True)
class Moving:
    """The distance spent one unit at a time. ``mode``: ``first`` (the first turn:
    rotation only), ``move`` (steps, plane changes, rotation), ``rotate`` or ``step``
    (a nightmare card). ``heading`` is the pawn's direction since its last plane change
    and ``spin`` the plane's, which may not reverse ("" before the first unit)."""

    left: int
    mode: Mode
    heading: Heading = ""
    spin: Spin = ""
    drawn_at: int = -1
    landed: bool = False
    """The pawn moved itself in this move (a ``Step`` or ``ChangePlane``), or a nightmare
    card drawn where it landed goes on with the move: only then does a nightmare-card or
    shadow square where the move ends take effect (the first turn keeps its own rule).
    An enter-crypt, forced-exchange or window square acts whether or not it landed."""


@attrs.frozen(slots=True)
class Searching:
    """Reaching the Mystery Crypts: the pawn stands before ``crypt``; draw a card."""

    crypt: int


@attrs.frozen(slots=True)
class EmptyCrypt:
    """An empty crypt: climb back with a Dylan Dog card, or return to reality."""

    crypt: int


@attrs.frozen(slots=True)
class Horror:
    """Horror Cards: ``seat`` fights ``card``, drawn from ``crypt`` (or played by
    ``challenger``; -1 for the other)."""

    seat: int
    card: int
    crypt: int
    challenger: int


@attrs.frozen(slots=True)
class PuttingBack:
    """Horror Cards: the loser puts one of its mystery cards back into ``crypt``."""

    crypt: int


@attrs.frozen(slots=True)
class Claiming:
    """Horror Cards: the challenger takes one of ``target``'s mystery cards."""

    target: int


@attrs.frozen(slots=True)
class Shadow:
    """Shadow Squares: a Dylan Dog card, a matching shadow card, or back to reality."""


@attrs.frozen(slots=True)
class Exchange:
    """The forced exchange: the ``target`` (-1 until chosen), the card ``took`` (-1
    until taken), then a card given in return."""

    target: int = -1
    took: int = -1


@attrs.frozen(slots=True)
class CardChoice:
    """A nightmare card that asks its drawer a choice: a gate of ``crypt``
    (enter a dimension, ``crypt`` >= 0) or a pawn to send to reality (``crypt`` -1)."""

    card: int
    crypt: int


@attrs.frozen(slots=True)
class Returning:
    """``seat``'s pawn goes back to reality; its owner picks the white square."""

    seat: int


@attrs.frozen(slots=True)
class Over:
    """The game is over."""

    reason: Literal["four_mystery_cards", "turn_limit"]
    winners: frozenset[int]


Phase = (TurnStart | Trading | ChoosingDistance | Moving | Searching | EmptyCrypt | Horror
         | PuttingBack | Claiming | Shadow | Exchange | CardChoice | Returning | Over)


@attrs.frozen(slots=True)
class State:
    """The whole game: pawns, the rotation, every card's place, the turn, phase and rng."""

    config: Config
    rng: Rng
    active: int
    """Whose turn it is."""
    turn: int
    """Turns played before this one (each seat's first turn is turn < players)."""
    rotation: int
    """The nightmare plane's offset: square k lies at sector (k + rotation) % sectors."""
    pawns: tuple[Pawn, ...]
    story: tuple[tuple[int, ...], ...]
    """Per seat, its story cards (secret), one per role in role order."""
    unused_story: tuple[int, ...]
    """Story cards dealt to nobody (face down, out of play)."""
    held: tuple[tuple[int, ...], ...]
    """Per seat, its face-up cards: mystery, horror, shadow and Dylan Dog cards."""
    crypts: tuple[tuple[int, ...], ...]
    """Per crypt, its face-down cards by slot."""
    nightmare: tuple[int, ...]
    """The nightmare deck, top first."""
    dylan_dog: tuple[int, ...]
    """The Dylan Dog deck, top first."""
    removed: tuple[int, ...]
    """Horror cards that left the game."""
    returned: frozenset[int]
    """Mystery cards put back into a crypt after a lost horror fight (public)."""
    revealed_shapes: tuple[frozenset[str], ...]
    """Per seat, the story shapes it showed to play a shadow card."""
    die: int | None
    """The last throw (:data:`~partyrules.games.dylan_dog.cards.DYLAN_FACE` is the
    Dylan Dog face); None before the first."""
    drawn: int | None
    """The last nightmare card drawn (read aloud: public); None before the first."""
    phase: Phase


evolve: Callable[[State, Mapping[str, Any]], State] = fast_evolve(State)
"""``evolve(state, changes)``: ``state`` with ``changes`` (field name to value), as
``attrs.evolve`` gives: the effects' one way to make the next state, built once for the
reducer's hot path (:func:`partyrules.core.records.fast_evolve`)."""


@attrs.frozen(slots=True)
class View:
    """What one seat knows (``seat`` None: a spectator): everything but the story cards
    of the others, the crypts' and decks' order and contents (counts, and the mystery
    cards known to have been put back into each crypt), and the rng."""

    seat: int | None
    config: Config
    to_act: frozenset[int]
    active: int
    turn: int
    rotation: int
    pawns: tuple[Pawn, ...]
    stories: tuple[tuple[int, ...], ...]
    """Per seat, the story cards this seat knows: its own (everyone's once the game is
    over)."""
    held: tuple[tuple[int, ...], ...]
    revealed_shapes: tuple[frozenset[str], ...]
    crypt_sizes: tuple[int, ...]
    known_in_crypts: tuple[frozenset[int], ...]
    nightmare_size: int
    dylan_dog_size: int
    removed: tuple[int, ...]
    die: int | None
    drawn: int | None
    phase: Phase


def component_data(config: Config) -> tuple[Board, CardSet]:
    """The board and the decks a config plays with (a replay records their digest)."""
    return config.the_board(), config.the_cards()


PRESETS: Mapping[str, Config] = {
    "tiny": Config(players=3, turn_limit=4),
}
"""Configs for a purpose (``Game.presets``). ``"tiny"``, for solvers that walk the game
tree: 3 players and a limit of 4 turns in all (each seat's first turn, which rotates the
nightmare plane, then the first seat's first real move). A seat wins by holding the 4
mystery cards of its story, which takes far more turns than a solver can walk (random
play wins none in 200 turns), so the game ends by the limit (``Outcome.truncated``):
it exercises a solver, but what it pays does not depend on the play."""
