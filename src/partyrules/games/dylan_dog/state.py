"""Config, state and view records of Dylan Dog.

Cards are the ids of :func:`partyrules.games.dylan_dog.cards.catalog`. A pawn is a
:class:`Pawn` on one plane. The phase record says who acts and what is pending: the
turn's start (trades, the throw or a challenge), the move spent unit by unit, and the
choices the landing square asks for.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Literal

import attrs

from partyrules.core.errors import CorruptState, InvalidConfig
from partyrules.core.rng import Rng
from partyrules.games.dylan_dog.cards import (
    DEFAULT_BOARD,
    DEFAULT_CARDS,
    FACES,
    Board,
    CardSet,
    catalog,
    check_board,
    check_cards,
)

__all__ = [
    "CardChoice",
    "ChoosingDistance",
    "Claiming",
    "Config",
    "EmptyCrypt",
    "Exchange",
    "Horror",
    "Moving",
    "Over",
    "Pawn",
    "Phase",
    "PuttingBack",
    "Returning",
    "Searching",
    "Shadow",
    "State",
    "Trading",
    "TurnStart",
    "View",
    "places",
    "validate",
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
class Config:
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


@attrs.frozen(slots=True)
class Pawn:
    """Where a pawn stands. ``plane`` ``"reality"``: ``square`` is the sector;
    ``"nightmare"``: the nightmare square ``k`` (it turns with the plane);
    ``"mystery"``: the square along ``gate``'s path (0 the gate, then the shared
    squares, then the squares of ``branch``, the crypt whose branch it is on, -1 before
    the fork); ``"crypt"``: ``square`` is the crypt."""

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


@attrs.frozen(slots=True)
class ChoosingDistance:
    """The Dylan Dog face (1 to 6), or a rotate or step-again card (1 to ``most``)."""

    most: int
    mode: Mode
    drawn_at: int = -1
    """The nightmare square whose card asked for this (-1: the die)."""
    heading: str = ""
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
    heading: str = ""
    spin: str = ""
    drawn_at: int = -1
    landed: bool = False
    """The pawn moved itself in this move (a ``Step`` or ``ChangePlane``), or a nightmare
    card drawn where it landed goes on with the move: only then does the square where
    the move ends take effect (the first turn keeps its own rule)."""


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


def places(state: State) -> dict[str, tuple[Hashable, ...]]:
    """Every card by where it lies: story cards, hands, crypts, decks, the horror card
    being fought, and the cards out of the game."""
    found: dict[str, tuple[Hashable, ...]] = {
        "unused_story": state.unused_story,
        "nightmare": state.nightmare,
        "dylan_dog": state.dylan_dog,
        "removed": state.removed,
    }
    for seat, cards in enumerate(state.story):
        found[f"story[{seat}]"] = cards
    for seat, cards in enumerate(state.held):
        found[f"held[{seat}]"] = cards
    for crypt, cards in enumerate(state.crypts):
        found[f"crypts[{crypt}]"] = cards
    if isinstance(state.phase, Horror):
        found["phase.card"] = (state.phase.card,)
    return found


def _seat_ok(seat: int, players: int) -> bool:
    return type(seat) is int and 0 <= seat < players


def _check_pawn(state: State, seat: int, pawn: Pawn) -> str | None:
    board = state.config.the_board()
    sectors = board.sectors
    if not isinstance(pawn, Pawn) or type(pawn.square) is not int:
        return "a pawn is a Pawn record"
    if pawn.plane in ("reality", "nightmare"):
        return None if 0 <= pawn.square < sectors else "the square is a sector"
    if pawn.plane == "crypt":
        return None if 0 <= pawn.square < len(board.crypts) else "no such crypt"
    if not 0 <= pawn.gate < len(board.gates):
        return "no such gate"
    gate = board.gates[pawn.gate]
    shared = len(gate.shared)
    if not 0 <= pawn.square <= gate.length:
        return "beyond the path"
    if pawn.square > shared:
        if not 0 <= pawn.branch < len(board.crypts) or \
                board.crypts[pawn.branch].name not in gate.crypts:
            return "on a branch of no crypt of this gate"
    elif pawn.branch != -1:
        return "before the fork a pawn is on no branch"
    return None


def validate(state: State) -> None:
    """Raise :class:`CorruptState` naming the path when ``state`` breaks an invariant."""
    if not isinstance(state, State):
        raise CorruptState(f"expected a dylan_dog State, got {type(state).__name__}")
    config = state.config
    players = config.players
    board, cards = config.the_board(), config.the_cards()
    known = catalog(cards)
    for name in ("pawns", "story", "held", "revealed_shapes"):
        if len(getattr(state, name)) != players:
            raise CorruptState(f"one entry per seat ({players})", f"data.{name}")
    if len(state.crypts) != len(board.crypts):
        raise CorruptState(f"one card list per crypt ({len(board.crypts)})", "data.crypts")
    seen: dict[int, str] = {}
    for place, items in places(state).items():
        for index, card in enumerate(items):
            path = f"data.{place}[{index}]"
            if type(card) is not int or not 0 <= card < known.size:
                raise CorruptState(f"no card {card!r}", path)
            if card in seen:
                raise CorruptState(f"card {card} is also in {seen[card]}", path)
            seen[card] = place
    if len(seen) != known.size:
        raise CorruptState(f"{known.size - len(seen)} cards are missing", "data")
    kinds = known.kinds
    for seat in range(players):
        roles = sorted(known.role[c] for c in state.story[seat] if kinds[c] == "story")
        if roles != [0, 1, 2, 3]:
            raise CorruptState("a story is one story card of each role",
                               f"data.story[{seat}]")
        if any(kinds[c] == "story" or (kinds[c] == "nightmare" and not known.shape[c])
               for c in state.held[seat]):  # only shadow cards among nightmare cards
            raise CorruptState("a seat holds mystery, horror, shadow and Dylan Dog cards",
                               f"data.held[{seat}]")
        error = _check_pawn(state, seat, state.pawns[seat])
        if error:
            raise CorruptState(error, f"data.pawns[{seat}]")
    for place, allowed in (("unused_story", ("story",)), ("nightmare", ("nightmare",)),
                           ("dylan_dog", ("dylan_dog",)), ("removed", ("horror",))):
        if any(kinds[c] not in allowed for c in getattr(state, place)):
            raise CorruptState(f"only {allowed[0]} cards lie here", f"data.{place}")
    for crypt, content in enumerate(state.crypts):
        if any(kinds[c] not in ("mystery", "horror") for c in content):
            raise CorruptState("crypts hold mystery and horror cards", f"data.crypts[{crypt}]")
    if not _seat_ok(state.active, players) or type(state.turn) is not int or state.turn < 0:
        raise CorruptState("the active seat is a seat and the turn a count", "data.active")
    if type(state.rotation) is not int or not 0 <= state.rotation < board.sectors:
        raise CorruptState("the rotation is a sector offset", "data.rotation")
    if state.die is not None and state.die not in FACES:
        raise CorruptState("the die shows 2 to 6 or the Dylan face (0)", "data.die")
    if state.drawn is not None and (type(state.drawn) is not int
                                    or state.drawn not in known.nightmare):
        raise CorruptState("the last card drawn is a nightmare card", "data.drawn")
    _check_phase(state, known.kinds)


def _check_phase(state: State, kinds: tuple[str, ...]) -> None:
    phase = state.phase
    players = state.config.players
    crypts = len(state.crypts)
    ok = True
    if isinstance(phase, (TurnStart, Trading)):
        others = frozenset(range(players)) - {state.active}
        ok = isinstance(phase.offered_to, frozenset) and phase.offered_to <= others
        if isinstance(phase, Trading):
            ok = ok and phase.partner in others and phase.partner not in phase.offered_to
    elif isinstance(phase, (ChoosingDistance, Moving)):
        most = phase.most if isinstance(phase, ChoosingDistance) else phase.left
        ok = type(most) is int and most >= (1 if isinstance(phase, ChoosingDistance) else 0)
    elif isinstance(phase, (Searching, EmptyCrypt, PuttingBack)):
        ok = 0 <= phase.crypt < crypts
    elif isinstance(phase, Horror):
        ok = (_seat_ok(phase.seat, players) and kinds[phase.card] == "horror"
              and -1 <= phase.crypt < crypts and -1 <= phase.challenger < players)
    elif isinstance(phase, Claiming):
        ok = _seat_ok(phase.target, players)
    elif isinstance(phase, Exchange):
        ok = -1 <= phase.target < players
    elif isinstance(phase, Returning):
        ok = _seat_ok(phase.seat, players)
    elif isinstance(phase, Over):
        ok = phase.winners <= frozenset(range(players))
    if not ok:
        raise CorruptState(f"the {type(phase).__name__} phase names no valid seat, crypt "
                           "or card", "data.phase")
