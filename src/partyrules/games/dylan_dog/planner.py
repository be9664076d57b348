"""The move planner of Dylan Dog, and the values its rule of thumb and the search
heuristic judge by (the hooks themselves, ``playout_action`` and ``heuristic``, are in
:mod:`~partyrules.games.dylan_dog.play`).

:func:`choose` is the rule of thumb's pick among a seat's legal actions: it plans each
move to end in a crypt worth searching (or as near one as it can), trades and forces
exchanges for the mystery cards of its story that others hold, challenges with a horror
card when the target holds one, and spends Dylan Dog and shadow cards where they save the
most. It reads only what its seat may know: its own story, the face-up cards, the pawns
and the plane, the crypts' sizes and the mystery cards known to lie in each, the decks'
sizes. Its choice on a state is the same on every ``determinize``-d copy of it for that
seat, given the same rng.

Values are counted in **mystery cards of one's story**: a card found is 1. A search is
worth the chance that it finds one (:func:`search_values`), plus a little for what else it
brings; a place is worth the search it leads to, :data:`TURN_DISCOUNT` per turn away.

**The move planner.** A throw is spent one unit at a time (``Step``, ``ChangePlane``,
``Rotate``), and where the move ends decides everything (a crypt entered with an exact
move, a nightmare card, a shadow square). The planner follows the movement rules on a
small model of the pawn (its place, the plane's rotation, the headings, the units left)
and finds, for each unit, the best place the rest of the move can end at. The next turn
is judged by :func:`next_turn_chance`: the chance that a throw from a place ends in a
crypt that still holds cards, averaged over the plane's rotation (the other seats turn it
before the seat plays again). Both are cached: a move of a given shape is planned once.

>>> import random
>>> import partyrules
>>> from partyrules.games.dylan_dog.actions import Roll
>>> game = partyrules.get_game("dylan_dog")
>>> state = game.apply(game.setup(game.Config(players=3), 1), Roll(0))
>>> state.phase.most, state.phase.mode           # the Dylan Dog face, in the first turn
(6, 'first')
>>> choose(state, 0, list(game.legal_actions(state, 0)), random.Random(1))
ChooseDistance(seat=0, distance=3)
"""

from __future__ import annotations

import functools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Final

import attrs

from partyrules.games.dylan_dog.actions import (
    AcceptTrade,
    Action,
    AskCard,
    Challenge,
    ChangePlane,
    ChooseDistance,
    ChooseGate,
    ClaimCard,
    ForceExchange,
    GiveCard,
    OfferCard,
    ProposeTrade,
    PutBack,
    Return,
    Rotate,
    SendToReality,
    Step,
    TakeCard,
    UseDylanDog,
    UseShadow,
)
from partyrules.games.dylan_dog.board import CLOCKWISE, COUNTERCLOCKWISE, Geometry, geometry
from partyrules.games.dylan_dog.cards import (
    DYLAN_FACE,
    FACES,
    Board,
    CardSet,
    NightmareCard,
    catalog,
)
from partyrules.games.dylan_dog.state import (
    CardChoice,
    ChoosingDistance,
    Claiming,
    Config,
    EmptyCrypt,
    Exchange,
    Horror,
    Mode,
    Moving,
    Pawn,
    PuttingBack,
    Returning,
    Searching,
    Shadow,
    State,
    Trading,
    TurnStart,
)

__all__ = [
    "CARD_VALUES",
    "OWN_SHARE",
    "SEARCH_EXTRA",
    "TRADE_HOPE",
    "TURN_DISCOUNT",
    "Aims",
    "aims",
    "card_value",
    "choose",
    "move_value",
    "next_turn_chance",
    "position_value",
    "progress",
    "search_values",
]

TURN_DISCOUNT: Final = 0.8
"""What a search one turn later is worth against a search now."""
SEARCH_EXTRA: Final = 0.05
"""What a search brings besides a card of one's story: a card to trade, a horror card to
challenge with (if the fight is won), a crypt with one card less to search next time."""
CARD_VALUES: Final = {"needed": 1.0, "dylan_dog": 0.08, "horror": 0.06, "shadow": 0.04,
                      "mystery": 0.03, "useless": 0.0}
"""A held card's worth to its holder, in cards of its story: a mystery card of its story
(``needed``), a Dylan Dog card, a horror card (a challenge), a shadow card that matches a
shape of its story, a mystery card of another story (trade goods), a shadow card of no
use."""
TRADE_HOPE: Final = 0.3
"""What a card of one's story held by another seat is worth: a trade, a forced exchange
or a challenge may bring it."""

_Place = tuple[str, int, int, int]
"""A pawn's fields (plane, square, gate, branch): the model's place."""
_Key = tuple[_Place, int, str, str, int, bool, str, int, bool]
"""A move in progress: place, rotation, heading, spin, units left, landed, mode,
the nightmare square whose card asked for it, whether this is the seat's first turn."""
_Unit = tuple[str, str]
"""One unit of a move: ("step", direction), ("plane", plane) or ("rotate", direction)."""
_End = tuple[str, _Place, int]
"""Where a move ends: ("crypt" | "draw" | "shadow" | "exchange" | "window" | "idle",
place, crypt) (crypt -1 but for "crypt")."""

_RINGS = (CLOCKWISE, COUNTERCLOCKWISE)
_OPPOSITE = {CLOCKWISE: COUNTERCLOCKWISE, COUNTERCLOCKWISE: CLOCKWISE, "in": "out",
             "out": "in"}


# -- the movement model ---------------------------------------------------------------------


def _place(pawn: Pawn) -> _Place:
    return (pawn.plane, pawn.square, pawn.gate, pawn.branch)


def _may_rotate(geo: Geometry, place: _Place, open_crypts: tuple[bool, ...]) -> bool:
    """Later Turns (as ``moves.may_rotate``): from the mystery plane only once the crypt
    ahead is empty (every crypt ahead before the fork)."""
    plane, _, gate, branch = place
    if plane == "mystery":
        if branch >= 0:
            return not open_crypts[branch]
        return not any(open_crypts[c] for c in geo.gate_crypts[gate])
    return plane != "crypt"


def _plane_changes(geo: Geometry, place: _Place, rotation: int) -> list[tuple[str, _Place]]:
    """Moving Between Planes (as ``moves.plane_changes``)."""
    plane, square, gate, _ = place
    board = geo.board
    sectors = board.sectors
    found: list[tuple[str, _Place]] = []
    if plane == "reality":
        if square not in geo.white:
            found.append(("nightmare", ("nightmare", (square - rotation) % sectors, -1, -1)))
    elif plane == "nightmare":
        sector = (square + rotation) % sectors
        if sector not in geo.white:
            found.append(("reality", ("reality", sector, -1, -1)))
        at = geo.gate_at.get(sector)
        if at is not None and board.nightmare[square] == "passage":
            found.append(("mystery", ("mystery", 0, at, -1)))
    elif plane == "mystery" and square == 0:
        below = (board.gates[gate].sector - rotation) % sectors
        if board.nightmare[below] == "passage":
            found.append(("nightmare", ("nightmare", below, -1, -1)))
    return found


def _units(geo: Geometry, key: _Key, open_crypts: tuple[bool, ...]) -> list[_Unit]:
    """The units the move may spend next (as ``moves.unit_actions``, in its order)."""
    place, rotation, heading, spin, _, _, mode, _, _ = key
    plane, square, gate, _ = place
    units: list[_Unit] = []
    if mode in ("move", "step"):
        if plane in ("reality", "nightmare"):
            units.extend(("step", d) for d in _RINGS if heading != _OPPOSITE[d])
        elif plane == "mystery":
            if square > 0 and heading != "in":
                units.append(("step", "gate"))
            if heading != "out":
                path = geo.board.gates[gate]
                if square == len(path.shared):
                    units.extend(("step", name) for name in path.crypts)
                else:
                    units.append(("step", "crypt"))
    if mode == "move":
        units.extend(("plane", plane) for plane, _ in _plane_changes(geo, place, rotation))
    if mode != "step" and _may_rotate(geo, place, open_crypts):
        units.extend(("rotate", d) for d in _RINGS if spin != _OPPOSITE[d])
    return units


def _stepped(geo: Geometry, place: _Place, direction: str) -> _Place:
    plane, square, gate, branch = place
    board = geo.board
    if direction == CLOCKWISE:
        return (plane, (square + 1) % board.sectors, -1, -1)
    if direction == COUNTERCLOCKWISE:
        return (plane, (square - 1) % board.sectors, -1, -1)
    path = board.gates[gate]
    if direction == "gate":
        back = square - 1
        return ("mystery", back, gate, branch if back > len(path.shared) else -1)
    if direction != "crypt":  # at the fork, the name of the branch's crypt
        return ("mystery", square + 1, gate, board.crypt_index(direction))
    if square == path.length:
        return ("crypt", branch, -1, -1)
    return ("mystery", square + 1, gate, branch)


def _spent(geo: Geometry, key: _Key, unit: _Unit) -> _Key:
    """The move after one unit (``left`` counts it spent)."""
    place, rotation, heading, spin, left, landed, mode, drawn_at, first = key
    kind, what = unit
    if kind == "step":
        heading = what if what in _RINGS else ("out" if what == "gate" else "in")
        return (_stepped(geo, place, what), rotation, heading, spin, left - 1, True, mode,
                drawn_at, first)
    if kind == "plane":
        moved = dict(_plane_changes(geo, place, rotation))[what]
        return (moved, rotation, "", spin, left - 1, True, mode, drawn_at, first)
    turn = 1 if what == CLOCKWISE else -1
    return (place, (rotation + turn) % geo.board.sectors, heading, what, left - 1, landed,
            mode, drawn_at, first)


def _arrival(geo: Geometry, key: _Key, exact: bool) -> _End:
    """Where the move ends and what the square does (as ``flow.arrive``)."""
    place, rotation, _, _, _, landed, _, drawn_at, first = key
    plane, square, gate, _ = place
    board = geo.board
    if plane == "crypt":
        return ("crypt", place, square)
    if plane == "reality":
        if first:
            under = (square - rotation) % board.sectors
            if board.nightmare[under] == "nightmare_card" and under != drawn_at:
                return ("draw", place, -1)
        return ("idle", place, -1)
    if plane == "mystery":
        shadow = landed and geo.path_square(gate, square) == "shadow"
        return ("shadow" if shadow else "idle", place, -1)
    sector = (square + rotation) % board.sectors
    kind = board.nightmare[square]
    if kind == "nightmare_card":
        return ("draw" if landed and square != drawn_at else "idle", place, -1)
    if kind == "enter_crypt" and exact and sector in geo.crypt_at:
        crypt = geo.crypt_at[sector]
        return ("crypt", ("crypt", crypt, -1, -1), crypt)
    if kind == "exchange" and sector in geo.exchange:
        return ("exchange", place, -1)
    if kind == "window" and sector in geo.faces:
        return ("window", place, -1)
    return ("idle", place, -1)


_Option = tuple[str | None, str | None, _Place, int, str | None, str | None, bool]
"""A unit from a place under a rotation: the heading and the spin that forbid it (no
reversal within a move), the place and rotation after it, the heading and spin it sets
(None: kept), and whether the pawn lands (moves itself)."""


class _Moves:
    """Every end each move can reach, on one board with one set of crypts holding cards.

    The ends are numbered as they are met; a move's ends are a bit mask of their
    numbers, so that a move is explored once whatever the ends are worth to whom."""

    __slots__ = ("ends", "geo", "index", "members", "memo", "open_crypts", "options")

    def __init__(self, geo: Geometry, open_crypts: tuple[bool, ...]) -> None:
        self.geo = geo
        self.open_crypts = open_crypts
        self.memo: dict[_Key, int] = {}
        self.index: dict[_End, int] = {}
        self.ends: list[_End] = []
        self.members: dict[int, tuple[int, ...]] = {}
        self.options: dict[tuple[_Place, int, str], tuple[_Option, ...]] = {}

    def _bit(self, end: _End) -> int:
        number = self.index.get(end)
        if number is None:
            number = self.index[end] = len(self.ends)
            self.ends.append(end)
        return 1 << number

    def _options(self, place: _Place, rotation: int, mode: str) -> tuple[_Option, ...]:
        """Every unit from ``place`` in a move of ``mode``, before the no-reversal rule
        (which only the move's headings decide), built once."""
        found = self.options.get((place, rotation, mode))
        if found is None:
            fresh: _Key = (place, rotation, "", "", 1, False, mode, -1, False)
            options: list[_Option] = []
            for unit in _units(self.geo, fresh, self.open_crypts):
                kind, what = unit
                moved = _spent(self.geo, fresh, unit)
                if kind == "step":
                    forbidden = _OPPOSITE[what] if what in _RINGS else (
                        "in" if what == "gate" else "out")
                    options.append((forbidden, None, moved[0], rotation, moved[2], None, True))
                elif kind == "plane":
                    options.append((None, None, moved[0], rotation, "", None, True))
                else:
                    options.append((None, _OPPOSITE[what], place, moved[1], None, what, False))
            found = self.options[(place, rotation, mode)] = tuple(options)
        return found

    def start(self, key: _Key) -> int:
        """The ends of a move about to start (it may have no unit to spend)."""
        found = self.memo.get(key)
        return found if found is not None else self._explore(key)

    def _explore(self, key: _Key) -> int:
        # The hot loop of the planner (every move of every place is explored once per
        # set of open crypts): flow.spend's cases inlined, each end looked up once.
        place, rotation, heading, spin, left, landed, mode, drawn_at, first = key
        memo = self.memo
        found = 0
        spendable = False
        left -= 1
        options = self.options.get((place, rotation, mode))
        if options is None:
            options = self._options(place, rotation, mode)
        for forbidden, unspun, moved, turned, heads, spins, lands in options:
            if heading == forbidden or spin == unspun:
                continue
            spendable = True
            after: _Key = (moved, turned, heading if heads is None else heads,
                           spin if spins is None else spins, left, landed or lands, mode,
                           drawn_at, first)
            ends = memo.get(after)
            if ends is None:
                if moved[0] == "crypt" or left == 0:
                    ends = memo[after] = self._bit(_arrival(self.geo, after, exact=True))
                else:
                    ends = self._explore(after)
            found |= ends
        if not spendable:  # the rest of the distance is lost
            found = self._bit(_arrival(self.geo, key, exact=False))
        memo[key] = found
        return found

    def _go_on(self, moved: _Key) -> int:
        """The ends of a move after a unit (as ``flow.spend``)."""
        found = self.memo.get(moved)
        if found is not None:
            return found
        if moved[0][0] == "crypt" or moved[4] == 0:
            found = self.memo[moved] = self._bit(_arrival(self.geo, moved, exact=True))
            return found
        return self._explore(moved)

    def after(self, key: _Key, unit: _Unit) -> int:
        """The ends once ``unit`` is spent."""
        return self._go_on(_spent(self.geo, key, unit))

    def listed(self, mask: int) -> tuple[int, ...]:
        """The numbers of the ends in ``mask``."""
        found = self.members.get(mask)
        if found is None:
            numbers = []
            rest = mask
            while rest:
                lowest = rest & -rest
                numbers.append(lowest.bit_length() - 1)
                rest ^= lowest
            found = self.members[mask] = tuple(numbers)
        return found


@functools.lru_cache(maxsize=64)
def _moves(board: Board, open_crypts: tuple[bool, ...]) -> _Moves:
    return _Moves(geometry(board), open_crypts)


class _Judge:
    """What the ends of moves are worth under one scoring, each end scored once, when a
    move that can end there is first judged (the ends are shared by every move on the
    board: scoring them all at once would score the ends of moves nobody judges, and an
    end's score may cost a next turn's chance)."""

    __slots__ = ("bests", "moves", "score", "values")

    def __init__(self, moves: _Moves, score: Callable[[_End], float]) -> None:
        self.moves = moves
        self.score = score
        self.values: list[float | None] = []
        self.bests: dict[int, float] = {}

    def best(self, mask: int) -> float:
        """The best of the ends in ``mask``."""
        found = self.bests.get(mask)
        if found is None:
            values, ends, score = self.values, self.moves.ends, self.score
            if len(values) < len(ends):
                values.extend([None] * (len(ends) - len(values)))
            found = -math.inf
            for number in self.moves.listed(mask):
                value = values[number]
                if value is None:
                    value = values[number] = score(ends[number])
                if value > found:
                    found = value
            self.bests[mask] = found
        return found


# -- the next turn ----------------------------------------------------------------------------


_HEADING_CODES: Final = {"": 0, CLOCKWISE: 1, COUNTERCLOCKWISE: 2, "in": 3, "out": 4}
"""A heading as a number, in :class:`_Reach`'s moves."""
_SPIN_CODES: Final = {"": 0, CLOCKWISE: 1, COUNTERCLOCKWISE: 2}
"""A spin as a number, in :class:`_Reach`'s moves."""
_UNSET: Final = -1
"""An option's heading or spin code that forbids nothing, or that keeps the move's."""

_Step = tuple[int, int, int, int, int, int, bool]
"""An :data:`_Option` in the numbers of :class:`_Reach`'s keys: the heading and the spin
that forbid it, the place and rotation after it, the heading and spin it sets
(:data:`_UNSET`: kept), whether the pawn lands (1 or 0), and whether it enters a crypt."""

# A move in progress in _Reach is the number
#     spot * 240 + heading * 48 + spin * 16 + left * 2 + landed
# (spot: the place's number times the sectors plus the rotation; heading below 5, spin
# below 3, left below 8, since a throw moves 6 at most): each part is kept multiplied
# by its place value, so that a unit's key is a few additions.
_SPOT, _HEADING, _SPIN, _LEFT = 240, 48, 16, 2


class _Reach:
    """The best next-turn score of each move (a crypt with cards: 1, the most there is),
    by value: a move that can end in such a crypt is not explored further. The moves'
    ends, which :class:`_Judge` scores for each seat, are not needed here, where the
    scoring is the same for everyone.

    Every move here is a throw's (mode ``move``, no card drawn, not a first turn), so a
    move in progress is one number: its place (numbered as met) and the plane's
    rotation, the codes of its heading and spin, the units left and whether the pawn
    landed. A process meets about 60,000 of them in its first searches, and numbers
    hash and compare for less than the tuples of a :data:`_Key` (nor does the garbage
    collector walk a table of numbers)."""

    __slots__ = ("arrivals", "ends", "memo", "moves", "place_ids", "places", "score",
                 "sectors", "steps")

    def __init__(self, moves: _Moves, score: Callable[[_End], float]) -> None:
        self.moves = moves
        self.score = score
        self.ends: dict[_End, float] = {}
        self.memo: dict[int, float] = {}
        self.places: list[_Place] = []
        self.place_ids: dict[_Place, int] = {}
        self.sectors = moves.geo.board.sectors
        self.steps: dict[int, tuple[_Step, ...]] = {}
        self.arrivals: dict[int, float] = {}

    def _end(self, end: _End) -> float:
        value = self.ends.get(end)
        if value is None:
            value = self.ends[end] = self.score(end)
        return value

    def _spot(self, place: _Place, rotation: int) -> int:
        """``place`` under ``rotation`` as one number."""
        number = self.place_ids.get(place)
        if number is None:
            number = self.place_ids[place] = len(self.places)
            self.places.append(place)
        return number * self.sectors + rotation

    def _steps(self, spot: int) -> tuple[_Step, ...]:
        """:meth:`_Moves._options` of a throw's move from ``spot`` (times its place
        value), in key numbers."""
        number = spot // _SPOT
        place, rotation = self.places[number // self.sectors], number % self.sectors
        steps = []
        for forbidden, unspun, moved, turned, heads, spins, lands in self.moves._options(
                place, rotation, "move"):
            steps.append((
                _UNSET if forbidden is None else _HEADING_CODES[forbidden] * _HEADING,
                _UNSET if unspun is None else _SPIN_CODES[unspun] * _SPIN,
                self._spot(moved, turned) * _SPOT,
                _UNSET if heads is None else _HEADING_CODES[heads] * _HEADING,
                _UNSET if spins is None else _SPIN_CODES[spins] * _SPIN,
                int(lands), moved[0] == "crypt"))
        found = self.steps[spot] = tuple(steps)
        return found

    def _arrival(self, key: int, exact: bool) -> float:
        """The score of the move ``key`` ending where it stands (as :func:`_arrival`)."""
        # Only the spot, the landing and exactness decide it: ~14,000 moves end at a
        # few hundred of these, each scored once.
        landed = key % 2
        arrival = key - key % _SPOT + landed + 2 * exact
        value = self.arrivals.get(arrival)
        if value is None:
            spot = key // _SPOT
            end_key: _Key = (self.places[spot // self.sectors], spot % self.sectors, "", "",
                             0, bool(landed), "move", -1, False)
            value = self.arrivals[arrival] = self._end(
                _arrival(self.moves.geo, end_key, exact=exact))
        return value

    def throw(self, place: _Place, rotation: int, distance: int) -> float:
        """The best score of the ends a throw of ``distance`` from ``place`` under
        ``rotation`` can reach (as ``_Moves.start``)."""
        spot = self._spot(place, rotation) * _SPOT
        key = spot + distance * _LEFT  # heading "", spin "", not landed
        found = self.memo.get(key)
        if found is None:
            found = self._best(key, spot, 0, 0, distance, 0)
        return found

    def _best(self, key: int, spot: int, heading: int, spin: int, left: int,
              landed: int) -> float:
        # spot, heading and spin come multiplied by their place values in the key.
        memo = self.memo
        found = -1.0
        spendable = False
        left -= 1
        tail = left * _LEFT
        steps = self.steps.get(spot)
        if steps is None:
            steps = self._steps(spot)
        for forbidden, unspun, moved, heads, spins, lands, enters in steps:
            if heading == forbidden or spin == unspun:
                continue
            spendable = True
            after_heading = heading if heads == _UNSET else heads
            after_spin = spin if spins == _UNSET else spins
            after_landed = landed | lands
            after = moved + after_heading + after_spin + tail + after_landed
            value = memo.get(after)
            if value is None:
                if enters or not left:
                    value = memo[after] = self._arrival(after, exact=True)
                else:
                    value = self._best(after, moved, after_heading, after_spin, left,
                                       after_landed)
            if value > found:
                found = value
                if found >= 1.0:  # nothing is worth more: the rest need not be explored
                    break
        if not spendable:  # the rest of the distance is lost
            found = self._arrival(key, exact=False)
        memo[key] = found
        return found


@functools.lru_cache(maxsize=64)
def _reach(board: Board, cards: CardSet, open_crypts: tuple[bool, ...]) -> _Reach:
    geo = geometry(board)
    draw = _draw_reach(board, cards, open_crypts)

    def score(end: _End) -> float:
        kind, place, crypt = end
        if kind == "crypt":
            return 1.0 if open_crypts[crypt] else 0.0
        if kind == "draw":
            return draw
        if kind == "idle" and place[0] == "mystery":
            return TURN_DISCOUNT * _path_hope(geo, place, open_crypts)
        return 0.0

    return _Reach(_moves(board, open_crypts), score)


def _path_hope(geo: Geometry, place: _Place, open_crypts: tuple[bool, ...]) -> float:
    """A pawn on a mystery path toward a crypt with cards: a good chance to reach it on
    the turn after next (more, the nearer it stands)."""
    _, square, gate, branch = place
    ahead = (branch,) if branch >= 0 else geo.gate_crypts[gate]
    if not any(open_crypts[c] for c in ahead):
        return 0.0
    return 0.5 + 0.4 * square / geo.board.gates[gate].length


def _draw_reach(board: Board, cards: CardSet, open_crypts: tuple[bool, ...]) -> float:
    """The chance that a nightmare card drawn sends the pawn into a crypt with cards (a
    gate leading to one counts half, a turn later)."""
    if not cards.nightmare:
        return 0.0
    names = [crypt.name for crypt in board.crypts]
    reach = 0.0
    for card in cards.nightmare:
        if card.effect == "go_to_crypt" and open_crypts[names.index(card.crypt)]:
            reach += 1.0
        elif card.effect == "enter_dimension" and open_crypts[names.index(card.crypt)]:
            reach += 0.5 * TURN_DISCOUNT
    return reach / len(cards.nightmare)


_THROWS: Final = tuple(face for face in FACES if face != DYLAN_FACE)


def _throw_value(distance_value: Callable[[int], float]) -> float:
    """The mean over the die's faces of the best move: a number face moves that far, the
    Dylan Dog face lets the seat choose 1 to 6."""
    values = {d: distance_value(d) for d in range(1, 7)}
    total = sum(values[d] for d in _THROWS) + max(values.values())
    return total / len(FACES)


@functools.lru_cache(maxsize=8192)
def _next_turn_chance(board: Board, cards: CardSet, place: _Place,
                      open_crypts: tuple[bool, ...]) -> float:
    reach = _reach(board, cards, open_crypts)
    sectors = board.sectors
    total = 0.0
    for rotation in range(sectors):
        total += _throw_value(functools.partial(_throw_from, reach, place, rotation))
    return total / sectors


def _throw_from(reach: _Reach, place: _Place, rotation: int, distance: int) -> float:
    return reach.throw(place, rotation, distance)


def next_turn_chance(state: State, pawn: Pawn) -> float:
    """The chance that the next throw takes ``pawn`` into a crypt that still holds cards
    (roughly: a card drawn or a path walked count in part), averaged over the plane's
    rotation, which the other seats turn before this pawn's seat plays again.

    >>> import partyrules
    >>> state = partyrules.get_game("dylan_dog").setup(partyrules.get_game(
    ...     "dylan_dog").Config(players=3), 1)
    >>> 0.0 < next_turn_chance(state, state.pawns[0]) < 1.0
    True
    """
    config = state.config
    return _next_turn_chance(config.the_board(), config.the_cards(), _place(pawn),
                             tuple(bool(content) for content in state.crypts))


# -- what a seat wants ------------------------------------------------------------------------


@functools.lru_cache(maxsize=32)
def _story_cards(cards: CardSet) -> dict[int, int]:
    """Per story card, the mystery card of its element."""
    known = catalog(cards)
    by_element = {known.element[card]: card for card in known.mystery}
    return {card: by_element[known.element[card]] for card in known.story}


def _needed(state: State, seat: int) -> frozenset[int]:
    """The mystery cards of ``seat``'s story (found or not)."""
    return _needed_cards(state.config.the_cards(), state.story[seat])


@functools.lru_cache(maxsize=1024)
def _needed_cards(cards: CardSet, story: tuple[int, ...]) -> frozenset[int]:
    mystery_of = _story_cards(cards)
    return frozenset(mystery_of[card] for card in story)


@functools.lru_cache(maxsize=1024)
def _shapes(cards: CardSet, story: tuple[int, ...]) -> frozenset[str]:
    known = catalog(cards)
    return frozenset(known.shape[card] for card in story)


def _worth(cards: CardSet, story: tuple[int, ...], card: int) -> float:
    return _card_values(cards, story)[card]


@functools.lru_cache(maxsize=1024)
def _card_values(cards: CardSet, story: tuple[int, ...]) -> tuple[float, ...]:
    """Per card id, what the card is worth to the holder of ``story``: the values of
    any story (:func:`_story_free_values`), the mystery cards of this one and the shadow
    cards of its shapes raised (each search deals other stories: this is worked out
    often)."""
    values = list(_story_free_values(cards))
    for card in _needed_cards(cards, story):
        values[card] = CARD_VALUES["needed"]
    by_shape = _shadows_by_shape(cards)
    for shape in _shapes(cards, story):
        for card in by_shape.get(shape, ()):
            values[card] = CARD_VALUES["shadow"]
    return tuple(values)


@functools.lru_cache(maxsize=32)
def _story_free_values(cards: CardSet) -> tuple[float, ...]:
    """Per card id, its worth to a holder whose story it does not match: a mystery card
    is trade goods, a shadow card of no use, the others by kind."""
    known = catalog(cards)
    return tuple(CARD_VALUES["mystery"] if kind == "mystery" else CARD_VALUES["useless"]
                 if kind == "nightmare" else CARD_VALUES.get(kind, 0.0)
                 for kind in known.kinds)


@functools.lru_cache(maxsize=32)
def _shadows_by_shape(cards: CardSet) -> dict[str, tuple[int, ...]]:
    """The ids of the shadow cards (the nightmare cards' ids) of each shape."""
    known = catalog(cards)
    found: dict[str, list[int]] = {}
    for card, kind in enumerate(known.kinds):
        if kind == "nightmare":
            found.setdefault(known.shape[card], []).append(card)
    return {shape: tuple(ids) for shape, ids in found.items()}


def card_value(state: State, seat: int, card: int) -> float:
    """What a held card is worth to ``seat`` (:data:`CARD_VALUES`), from its own story.

    >>> import partyrules
    >>> game = partyrules.get_game("dylan_dog")
    >>> state = game.setup(game.Config(players=3), 1)
    >>> from partyrules.games.dylan_dog.cards import catalog
    >>> card_value(state, 0, catalog(state.config.the_cards()).dylan_dog[0])
    0.08
    """
    return _worth(state.config.the_cards(), state.story[seat], card)


@attrs.frozen(slots=True, cache_hash=True)
class _Table:
    """What every seat sees that its aims follow from (with its own story): the face-up
    cards, the crypts' sizes and the mystery cards known to lie in each, whether the
    Dylan Dog deck holds a card. Built once per state, shared by the seats."""

    config: Config
    held: tuple[tuple[int, ...], ...]
    sizes: tuple[int, ...]
    known_in: tuple[frozenset[int], ...]
    dylan_left: bool


def _table(state: State) -> _Table:
    returned = state.returned
    crypts = state.crypts
    known_in = tuple(returned.intersection(content) if returned else frozenset()
                     for content in crypts)
    return _Table(state.config, state.held, tuple(len(content) for content in crypts),
                  known_in, bool(state.dylan_dog))


def search_values(state: State, seat: int) -> tuple[float, ...]:
    """Per crypt, what searching it is worth to ``seat`` now: the expected share of its
    cards that belong to ``seat``'s story and are still missing (the mystery cards known
    to lie there, the others spread over the crypts' unknown cards by size), plus
    :data:`SEARCH_EXTRA`; 0 for an empty crypt. Only what the seat may know is read.

    >>> import partyrules
    >>> game = partyrules.get_game("dylan_dog")
    >>> state = game.setup(game.Config(players=3), 1)
    >>> [round(v, 3) for v in search_values(state, 0)]     # 4 cards among 36
    [0.161, 0.161, 0.161, 0.161]
    """
    return _search_values(_table(state), state.story[seat])


def _search_values(table: _Table, story: tuple[int, ...]) -> tuple[float, ...]:
    needed = _needed_cards(table.config.the_cards(), story)
    held = {card for cards in table.held for card in cards}
    located = set().union(*table.known_in)
    unseen = sum(1 for card in needed if card not in held and card not in located)
    unknown = [size - len(known) for size, known in zip(table.sizes, table.known_in,
                                                        strict=True)]
    spread = unseen / sum(unknown) if sum(unknown) else 0.0
    values = []
    for size, known, hidden in zip(table.sizes, table.known_in, unknown, strict=True):
        if not size:
            values.append(0.0)
            continue
        expected = len(known & needed) + hidden * spread
        values.append(expected / size + SEARCH_EXTRA)
    return tuple(values)


@attrs.frozen(slots=True, cache_hash=True)
class Aims:
    """What one seat's ends of a move are worth (in cards of its story): built by
    :func:`aims` from what the seat may know."""

    open_crypts: tuple[bool, ...]
    """Per crypt, whether it still holds cards."""
    search: tuple[float, ...]
    """Per crypt, a search there (:func:`search_values`)."""
    next_search: float
    """A search next turn, as a place's :func:`next_turn_chance` scales it: the mean of
    the open crypts' values, discounted by :data:`TURN_DISCOUNT`."""
    back_to_reality: float
    """The pawn back on its best white square."""
    escape_cost: float | None
    """The cheapest card that escapes a shadow square (None: the seat holds none)."""
    exchange: float
    """A forced exchange: the best card another seat holds, less the cheapest to give."""
    dylan_dog: float
    """A Dylan Dog card drawn (0 once the deck is empty)."""
    draw_fixed: float
    """A nightmare card drawn: the part of its worth that does not depend on the place."""
    draw_stay: float
    """... and the chance that the pawn stays where it drew."""


def aims(state: State, seat: int) -> Aims:
    """What the ends of ``seat``'s moves are worth to it now (from its view only)."""
    return _aims(_table(state), seat, state.story[seat])


@functools.lru_cache(maxsize=4096)
def _aims(table: _Table, seat: int, story: tuple[int, ...]) -> Aims:
    config = table.config
    board, cards = config.the_board(), config.the_cards()
    known = catalog(cards)
    search = _search_values(table, story)
    open_crypts = tuple(size > 0 for size in table.sizes)
    opened = [value for value in search if value > 0]
    next_search = TURN_DISCOUNT * (sum(opened) / len(opened) if opened else 0.0)
    white, _ = _landmarks(board, cards, open_crypts)
    back = next_search * white
    own = table.held[seat]
    shapes = _shapes(cards, story)
    worth = _card_values(cards, story)
    escapes = [worth[card] for card in own
               if known.kinds[card] == "dylan_dog"
               or (known.kinds[card] == "nightmare" and known.shape[card] in shapes)]
    give = min([worth[card] for card in own], default=0.0)
    take = max([worth[card] for other, held in enumerate(table.held)
                if other != seat for card in held], default=0.0)
    dylan = CARD_VALUES["dylan_dog"] if table.dylan_left else 0.0
    fixed, stay = _draw_parts(board, cards, open_crypts, shapes, search, next_search, back,
                              dylan)
    return Aims(open_crypts, tuple(round(v, 3) for v in search), round(next_search, 3),
                round(back, 3), min(escapes) if escapes else None,
                round(max(0.0, take - give), 3), dylan, round(fixed, 3), round(stay, 3))


def _draw_parts(board: Board, cards: CardSet, open_crypts: tuple[bool, ...],
                shapes: frozenset[str], search: tuple[float, ...], next_search: float,
                back: float, dylan: float) -> tuple[float, float]:
    """A nightmare card drawn, from the deck's make-up (its order is hidden): what the
    cards that move the pawn are worth, and the chance that it stays."""
    total = len(cards.nightmare)
    if not total:
        return 0.0, 1.0
    _, gates = _landmarks(board, cards, open_crypts)
    fixed = stay = 0.0
    for effect, crypt, shape, count in _deck_effects(board, cards):
        if effect == "go_to_crypt":
            fixed += count * (search[crypt] + back if open_crypts[crypt] else back)
        elif effect == "enter_dimension":
            fixed += count * next_search * gates[crypt]
        elif effect == "back_to_reality":
            fixed += count * back
        else:
            stay += count
            if effect == "take_dylan_dog":
                fixed += count * dylan
            elif effect == "shadow" and shape in shapes:
                fixed += count * CARD_VALUES["shadow"]
    return fixed / total, stay / total


@functools.lru_cache(maxsize=32)
def _deck_effects(board: Board, cards: CardSet) -> tuple[tuple[str, int, str, int], ...]:
    """:func:`_make_up` as each distinct card's effect, the index of its crypt (-1 for
    none), its shape and its count: read once per deck, not at every seat's aims."""
    return tuple((card.effect, board.crypt_index(card.crypt)
                  if card.effect in ("go_to_crypt", "enter_dimension") else -1,
                  card.shape, count) for card, count in _make_up(cards))


@functools.lru_cache(maxsize=64)
def _landmarks(board: Board, cards: CardSet,
               open_crypts: tuple[bool, ...]) -> tuple[float, tuple[float, ...]]:
    """The next turn's chance from the best white square, and per crypt from the best
    gate leading to it (where a return and an enter-a-dimension card put the pawn)."""
    geo = geometry(board)
    white = max(_next_turn_chance(board, cards, ("reality", w, -1, -1), open_crypts)
                for w in board.white_squares)
    gates = tuple(max((_next_turn_chance(board, cards, ("mystery", 0, gate, -1), open_crypts)
                       for gate in geo.crypt_gates[crypt]), default=0.0)
                  for crypt in range(len(board.crypts)))
    return white, gates


@functools.lru_cache(maxsize=32)
def _make_up(cards: CardSet) -> tuple[tuple[NightmareCard, int], ...]:
    """The nightmare deck's distinct cards and how many of each."""
    return tuple(Counter(cards.nightmare).items())


@functools.lru_cache(maxsize=256)
def _move_judge(board: Board, cards: CardSet, wants: Aims) -> _Judge:
    open_crypts = wants.open_crypts

    def stay(place: _Place) -> float:
        if place[0] == "crypt":
            return wants.back_to_reality
        return wants.next_search * _next_turn_chance(board, cards, place, open_crypts)

    def score(end: _End) -> float:
        kind, place, crypt = end
        if kind == "crypt":
            return wants.search[crypt] + wants.back_to_reality
        if kind == "idle":
            return stay(place)
        if kind == "shadow":
            if wants.escape_cost is None:
                return wants.back_to_reality
            return max(wants.back_to_reality, stay(place) - wants.escape_cost)
        if kind == "draw":
            return wants.draw_fixed + wants.draw_stay * stay(place)
        if kind == "exchange":
            return stay(place) + wants.exchange
        return stay(place) + wants.dylan_dog  # a window on Dylan Dog's face

    return _Judge(_moves(board, open_crypts), score)


def _judge(state: State, wants: Aims) -> _Judge:
    config = state.config
    return _move_judge(config.the_board(), config.the_cards(), wants)


def _move_key(state: State, phase: Moving | ChoosingDistance, distance: int) -> _Key:
    seat = state.active
    heading = phase.heading
    if isinstance(phase, Moving):
        return (_place(state.pawns[seat]), state.rotation, heading, phase.spin, distance,
                phase.landed, phase.mode, phase.drawn_at, state.turn < state.config.players)
    # A rotate or step-again card goes on with the move that landed on its square.
    landed = phase.mode in ("rotate", "step")
    return (_place(state.pawns[seat]), state.rotation, heading, "", distance, landed,
            phase.mode, phase.drawn_at, state.turn < state.config.players)


def move_value(state: State) -> float:
    """The best end of the active seat's move in progress (``Moving``) or about to be
    chosen (``ChoosingDistance``: the best distance), to that seat; ``ValueError`` in
    another phase."""
    if not isinstance(state.phase, (Moving, ChoosingDistance)):
        raise ValueError(f"no move to plan during {type(state.phase).__name__}")
    return position_value(state, state.active)


def position_value(state: State, seat: int, wants: Aims | None = None) -> float:
    """Where ``seat`` stands, in cards of its story: the search its move or its place
    leads to (a crypt being searched, the best end of a move in progress, or the next
    turn's chance from its place, :data:`TURN_DISCOUNT` later)."""
    if wants is None:
        wants = aims(state, seat)
    config = state.config
    board, cards = config.the_board(), config.the_cards()
    phase = state.phase
    if seat == state.active:
        if isinstance(phase, Moving):
            judge = _judge(state, wants)
            return judge.best(judge.moves.start(_move_key(state, phase, phase.left)))
        if isinstance(phase, ChoosingDistance):
            judge = _judge(state, wants)
            return max(judge.best(judge.moves.start(_move_key(state, phase, d)))
                       for d in range(1, phase.most + 1))
        if isinstance(phase, Searching):
            return wants.search[phase.crypt] + wants.back_to_reality
    pawn = state.pawns[seat]
    if pawn.plane == "crypt" or (isinstance(phase, Returning) and phase.seat == seat):
        return wants.back_to_reality
    stay = wants.next_search * _next_turn_chance(board, cards, _place(pawn),
                                                 wants.open_crypts)
    if seat == state.active:
        if isinstance(phase, Shadow):  # stay only by spending a card
            if wants.escape_cost is None:
                return wants.back_to_reality
            return max(wants.back_to_reality, stay - wants.escape_cost)
        if isinstance(phase, Exchange) and phase.target == -1:
            return stay + wants.exchange
    return stay


# -- the rule of thumb ------------------------------------------------------------------------


def _fails(state: State, horror: int) -> float:
    """The chance that a throw loses to ``horror`` (Horror Cards: its value or more, or
    the Dylan Dog face, wins)."""
    cards = state.config.the_cards()
    needs = cards.horror[horror - catalog(cards).horror.start].needs
    wins = sum(1 for face in FACES if face == DYLAN_FACE or (needs is not None
                                                             and face >= needs))
    return 1.0 - wins / len(FACES)


def _best(options: Iterable[Action], value: Callable[[Action], float]) -> Action:
    """The option of highest value, the first listed among equals."""
    best: Action | None = None
    best_value = 0.0
    for option in options:
        score = value(option)
        if best is None or score > best_value:
            best, best_value = option, score
    assert best is not None
    return best


def _at_turn_start(state: State, seat: int, options: list[Action]) -> Action:
    """Exchange: propose a trade to a seat holding a card of one's story, offering a
    card one does not need; Horror Cards: challenge a seat holding one when the
    challenge is likelier to win it than the throw is worth; else throw."""
    needed = _needed(state, seat)
    own = state.held[seat]
    spare = any(card not in needed for card in own)
    roll: Action | None = None
    challenges: list[Challenge] = []
    for option in options:
        if isinstance(option, ProposeTrade):
            if spare and any(card in needed for card in state.held[option.to]):
                return option
        elif isinstance(option, Challenge):
            challenges.append(option)
        else:
            roll = option
    assert roll is not None
    if not challenges:
        return roll
    wants = aims(state, seat)
    judge = _judge(state, wants)
    place = _place(state.pawns[seat])
    first = state.turn < state.config.players
    mode: Mode = "first" if first else "move"
    thrown = _throw_value(lambda d: judge.best(judge.moves.start(
        (place, state.rotation, "", "", d, False, mode, -1, first))))
    stay = position_value(state, seat, wants)  # a challenge leaves the pawn where it is

    def challenge_value(option: Action) -> float:
        assert isinstance(option, Challenge)
        held = state.held[option.target]
        claim = max((card_value(state, seat, card) for card in held
                     if catalog(state.config.the_cards()).kinds[card] == "mystery"),
                    default=0.0)
        lose = _fails(state, option.horror)
        if any(catalog(state.config.the_cards()).kinds[card] == "dylan_dog" for card in held):
            lose /= 2  # it may play its Dylan Dog card
        return stay + lose * claim - CARD_VALUES["horror"]

    best = _best(challenges, challenge_value)
    return best if challenge_value(best) > thrown else roll


def _in_trade(state: State, seat: int, phase: Trading, options: list[Action]) -> Action:
    """Offer one's least useful card, ask for the partner's most useful; as the partner,
    accept only a trade that gives more than it takes."""

    def worth(card: int) -> float:
        return card_value(state, seat, card)

    if phase.offer == -1:
        return _best(options, lambda o: -worth(o.card) if isinstance(o, OfferCard) else 0.0)
    if phase.ask == -1:
        return _best(options, lambda o: worth(o.card) if isinstance(o, AskCard) else 0.0)
    accept = worth(phase.offer) > worth(phase.ask)
    return _best(options, lambda o: float(isinstance(o, AcceptTrade) == accept))


def _fight(state: State, seat: int, phase: Horror, options: list[Action]) -> Action:
    """A Dylan Dog card when what a lost fight costs outweighs it: in a crypt, the
    mystery card put back (the least useful) and the horror card a win would keep; in a
    challenge, the card the challenger claims (the most useful one held)."""
    known = catalog(state.config.the_cards())
    mystery = [card_value(state, seat, c) for c in state.held[seat]
               if known.kinds[c] == "mystery"]
    lose = _fails(state, phase.card)
    if phase.challenger == -1:
        face = -lose * min(mystery, default=0.0) + (1 - lose) * CARD_VALUES["horror"]
    else:
        face = -lose * max(mystery, default=0.0)
    dylan = -CARD_VALUES["dylan_dog"]
    return _best(options, lambda o: dylan if isinstance(o, UseDylanDog) else face)


def _escape(state: State, seat: int, options: list[Action], stay_place: _Place) -> Action:
    """A shadow square or an empty crypt: stay (spending the cheapest card that allows
    it) when the place is worth more than going back to reality."""
    wants = aims(state, seat)
    config = state.config
    stay = wants.next_search * _next_turn_chance(config.the_board(), config.the_cards(),
                                                 stay_place, wants.open_crypts)

    def value(option: Action) -> float:
        if isinstance(option, UseShadow):
            return stay - card_value(state, seat, option.card)
        if isinstance(option, UseDylanDog):
            return stay - CARD_VALUES["dylan_dog"]
        return wants.back_to_reality

    return _best(options, value)


def _exchange(state: State, seat: int, phase: Exchange, options: list[Action]) -> Action:
    """The forced exchange: take the most useful card another seat holds and give back
    the least useful, or skip it when no take is worth its give."""

    def worth(card: int) -> float:
        return card_value(state, seat, card)

    if phase.target == -1:
        give = min((worth(card) for card in state.held[seat]), default=0.0)

        def gain(option: Action) -> float:
            if isinstance(option, ForceExchange):
                return max(worth(card) for card in state.held[option.target]) - give
            return 0.0  # SkipExchange

        return _best(options, gain)
    if phase.took == -1:
        return _best(options, lambda o: worth(o.card) if isinstance(o, TakeCard) else 0.0)
    return _best(options, lambda o: -worth(o.card) if isinstance(o, GiveCard) else 0.0)


def _unit(action: Action) -> _Unit:
    if isinstance(action, Step):
        return ("step", action.direction)
    if isinstance(action, ChangePlane):
        return ("plane", action.plane)
    assert isinstance(action, Rotate)
    return ("rotate", action.direction)


def choose(state: State, seat: int, options: list[Action], rng: random.Random) -> Action:
    """The rule of thumb's pick among ``options``, the legal actions of ``seat`` now in
    their listed order (two or more; the rng only picks a crypt's slot, which are all
    alike, and breaks nothing else).

    It plans the move with the best end (:func:`move_value`), proposes trades and
    forced exchanges for the cards of its story, challenges when that is likelier to
    bring one than the throw, spends a Dylan Dog or shadow card where what it saves is
    worth more, puts back and gives away its least useful cards, and sends back to
    reality the pawn likeliest to reach a crypt.
    """
    phase = state.phase
    config = state.config
    board, cards = config.the_board(), config.the_cards()
    if isinstance(phase, Moving):
        judge = _judge(state, aims(state, seat))
        key = _move_key(state, phase, phase.left)
        return _best(options, lambda o: judge.best(judge.moves.after(key, _unit(o))))
    if isinstance(phase, ChoosingDistance):
        judge = _judge(state, aims(state, seat))
        return _best(options, lambda o: judge.best(judge.moves.start(
            _move_key(state, phase, o.distance))) if isinstance(o, ChooseDistance) else 0.0)
    if isinstance(phase, TurnStart):
        return _at_turn_start(state, seat, options)
    if isinstance(phase, Trading):
        return _in_trade(state, seat, phase, options)
    if isinstance(phase, Searching):
        return options[rng.randrange(len(options))]  # the slots are alike
    if isinstance(phase, Horror):
        return _fight(state, seat, phase, options)
    if isinstance(phase, Shadow):
        return _escape(state, seat, options, _place(state.pawns[seat]))
    if isinstance(phase, EmptyCrypt):
        sector = board.crypts[phase.crypt].sector
        above = ("nightmare", (sector - state.rotation) % board.sectors, -1, -1)
        return _escape(state, seat, options, above)
    if isinstance(phase, PuttingBack):
        return _best(options, lambda o: -card_value(state, seat, o.card)
                     if isinstance(o, PutBack) else 0.0)
    if isinstance(phase, Claiming):
        return _best(options, lambda o: card_value(state, seat, o.card)
                     if isinstance(o, ClaimCard) else 0.0)
    if isinstance(phase, Exchange):
        return _exchange(state, seat, phase, options)
    open_crypts = tuple(bool(content) for content in state.crypts)

    def chance(place: _Place) -> float:
        return _next_turn_chance(board, cards, place, open_crypts)

    if isinstance(phase, CardChoice):
        if phase.crypt >= 0:
            return _best(options, lambda o: chance(("mystery", 0, o.gate, -1))
                         if isinstance(o, ChooseGate) else 0.0)
        return _best(options, lambda o: chance(_place(state.pawns[o.target]))
                     if isinstance(o, SendToReality) else 0.0)
    if isinstance(phase, Returning):
        return _best(options, lambda o: chance(("reality", o.square, -1, -1))
                     if isinstance(o, Return) else 0.0)
    return options[rng.randrange(len(options))]  # pragma: no cover - every phase above


# -- the search bots' values -------------------------------------------------------------------

OWN_SHARE: Final = 0.8
"""The heuristic's weight of a seat's own progress; the rest is its share of the
leader's (:func:`~partyrules.core.game.standing`)."""


def progress(state: State) -> tuple[float, ...]:
    """Each seat's progress toward its win, in cards of its story: the cards of its story
    it holds, :data:`TRADE_HOPE` for each one another seat holds, what its other cards
    are worth (:data:`CARD_VALUES`) and where it stands (:func:`position_value`).

    It reads every seat's story: the search calls it on states it drew itself
    (``determinize``), where the other stories are guesses.
    """
    # The search judges a state at the end of every walk, most of them states where only
    # the pawns, the plane and the phase moved: what the cards decide is looked up once
    # per state (_seat_values), and the other seats' places are valued as
    # position_value values them, without its dispatch on the phase.
    config = state.config
    crypts = state.crypts
    returned = state.returned
    known_in = (tuple(returned.intersection(content) for content in crypts) if returned
                else _nothing_known(len(crypts)))
    seats = _seat_values(config, state.held, tuple(map(len, crypts)), known_in,
                         bool(state.dylan_dog), state.story)
    active = state.active
    phase = state.phase
    pawns = state.pawns
    board, cards = config.the_board(), config.the_cards()
    returning = phase.seat if isinstance(phase, Returning) else -1
    found = []
    for seat, (wants, addends, judge, stays) in enumerate(seats):
        if seat != active:
            pawn = pawns[seat]
            if pawn.plane == "crypt" or seat == returning:
                value = wants.back_to_reality
            else:
                place = (pawn.plane, pawn.square, pawn.gate, pawn.branch)
                stay = stays.get(place)
                if stay is None:
                    stay = stays[place] = wants.next_search * _next_turn_chance(
                        board, cards, place, wants.open_crypts)
                value = stay
        elif isinstance(phase, Moving):
            value = judge.best(judge.moves.start(_move_key(state, phase, phase.left)))
        else:
            value = position_value(state, seat, wants)
        for addend in addends:
            value += addend
        found.append(value)
    return tuple(found)


@functools.lru_cache(maxsize=8)
def _nothing_known(crypts: int) -> tuple[frozenset[int], ...]:
    """:attr:`_Table.known_in` while no mystery card has been put back."""
    return (frozenset(),) * crypts


@functools.lru_cache(maxsize=1024)
def _seat_values(config: Config, held: tuple[tuple[int, ...], ...], sizes: tuple[int, ...],
                 known_in: tuple[frozenset[int], ...], dylan_left: bool,
                 stories: tuple[tuple[int, ...], ...]
                 ) -> tuple[tuple[Aims, tuple[float, ...], _Judge, dict[_Place, float]], ...]:
    """Per seat, what :func:`progress` reads of the cards (the fields of a
    :class:`_Table`, and the stories): its :class:`Aims`, what the cards held add to its
    progress (:func:`_holdings`), the judge of its moves, and the worth of each place
    its pawn waited at for its next turn, filled as they are met (the other seats'
    pawns stand still while one seat moves)."""
    table = _Table(config, held, sizes, known_in, dylan_left)
    board, cards = config.the_board(), config.the_cards()
    holdings = _holdings(cards, stories, held)
    found: list[tuple[Aims, tuple[float, ...], _Judge, dict[_Place, float]]] = []
    for seat, story in enumerate(stories):
        wants = _aims(table, seat, story)
        found.append((wants, holdings[seat], _move_judge(board, cards, wants), {}))
    return tuple(found)


@functools.lru_cache(maxsize=4096)
def _holdings(cards: CardSet, stories: tuple[tuple[int, ...], ...],
              held: tuple[tuple[int, ...], ...]) -> tuple[tuple[float, ...], ...]:
    """Per seat, what the cards held add to its :func:`progress`, holder by holder (its
    own cards' worth, :data:`TRADE_HOPE` for each card of its story another seat holds),
    in the order :func:`progress` adds them: the search judges many states where only
    the pawns moved, so the hands are valued once."""
    found = []
    for seat, story in enumerate(stories):
        needed, worth = _needed_cards(cards, story), _card_values(cards, story)
        addends = []
        for holder, own in enumerate(held):
            if holder == seat:
                addends.append(sum(map(worth.__getitem__, own)))
            elif own:
                addends.append(TRADE_HOPE * len(needed.intersection(own)))
        found.append(tuple(addends))
    return tuple(found)
