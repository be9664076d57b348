"""Movement, and the small helpers every rules module of Dylan Dog shares: the action
objects built once per config, who acts, the refusals every rule makes (out of phase,
not this seat's turn, a card not there, no such seat), and the cards of a kind in a hand.

Later Turns spend the distance one unit at a time; :func:`unit_actions` lists the units
the active seat may spend now (no reversal within a move except across planes, plane
changes only where Moving Between Planes allows them, no rotation from the mystery
plane while the crypt ahead (on a branch) or a crypt ahead (before the fork) holds
cards, the first turn only rotating).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import Any

import attrs

from partyrules.core.rules import phase_error, seat_error
from partyrules.games.dylan_dog.actions import (
    AcceptTrade,
    Action,
    AskCard,
    ChangePlane,
    ChooseGate,
    ClaimCard,
    DeclineTrade,
    FaceHorror,
    ForceExchange,
    GiveCard,
    GoToReality,
    OfferCard,
    ProposeTrade,
    PutBack,
    Return,
    Roll,
    Rotate,
    Search,
    SendToReality,
    SkipExchange,
    Step,
    TakeCard,
    UseDylanDog,
    UseShadow,
)
from partyrules.games.dylan_dog.board import CLOCKWISE, COUNTERCLOCKWISE, OPPOSITE, geometry
from partyrules.games.dylan_dog.cards import Board, catalog
from partyrules.games.dylan_dog.state import (
    CardChoice,
    ChoosingDistance,
    Claiming,
    Config,
    EmptyCrypt,
    Exchange,
    Horror,
    Moving,
    Over,
    Pawn,
    Phase,
    PuttingBack,
    Returning,
    Searching,
    Shadow,
    State,
    Trading,
    TurnStart,
)

__all__ = [
    "CRYPT",
    "GATE",
    "PHASE_NAMES",
    "RINGS",
    "SeatActions",
    "actor",
    "card_error",
    "may_rotate",
    "move_units",
    "of_kind",
    "offers_left",
    "phase_actor",
    "plane_changes",
    "plane_of",
    "prebuilt",
    "seat_target_error",
    "step_directions",
    "stepped",
    "turn_error",
    "unit_actions",
    "usable_shadows",
]

RINGS = (CLOCKWISE, COUNTERCLOCKWISE)
GATE, CRYPT = "gate", "crypt"


@attrs.frozen(slots=True)
class SeatActions:
    """Per seat, the action objects that never change (built once per config): the
    listings hand them out rather than build new ones."""

    roll: Roll
    step: dict[str, Step]
    change: dict[str, ChangePlane]
    rotate: dict[str, Rotate]
    dylan: UseDylanDog
    face: FaceHorror
    go: GoToReality
    skip: SkipExchange
    accept: AcceptTrade
    decline: DeclineTrade
    propose: tuple[ProposeTrade, ...]
    """Per other seat (by number; the seat's own entry is never listed)."""
    force: tuple[ForceExchange, ...]
    """Per other seat, as ``propose``."""
    send: tuple[SendToReality, ...]
    """Per other seat, as ``propose``."""
    offer: tuple[OfferCard, ...]
    """Per card id, as every ``*_card`` table below."""
    ask: tuple[AskCard, ...]
    take: tuple[TakeCard, ...]
    give: tuple[GiveCard, ...]
    put_back: tuple[PutBack, ...]
    claim: tuple[ClaimCard, ...]
    shadow: tuple[UseShadow, ...]
    search: tuple[Search, ...]
    """Per slot of a crypt (as many as there are crypt cards)."""
    gate: tuple[ChooseGate, ...]
    """Per gate of the board."""
    returns: tuple[Return, ...]
    """Per white square, in the board's order."""


@lru_cache(maxsize=32)
def prebuilt(config: Config) -> tuple[SeatActions, ...]:
    """Every seat's :class:`SeatActions` under ``config``."""
    board = config.the_board()
    names = [crypt.name for crypt in board.crypts]
    directions = (*RINGS, GATE, CRYPT, *names)
    known = catalog(config.the_cards())
    cards = range(known.size)
    seats = range(config.players)
    return tuple(
        SeatActions(Roll(seat), {d: Step(seat, d) for d in directions},
              {p: ChangePlane(seat, p) for p in ("reality", "nightmare", "mystery")},
              {d: Rotate(seat, d) for d in RINGS}, UseDylanDog(seat), FaceHorror(seat),
              GoToReality(seat), SkipExchange(seat), AcceptTrade(seat), DeclineTrade(seat),
              propose=tuple(ProposeTrade(seat, other) for other in seats),
              force=tuple(ForceExchange(seat, other) for other in seats),
              send=tuple(SendToReality(seat, other) for other in seats),
              offer=tuple(OfferCard(seat, card) for card in cards),
              ask=tuple(AskCard(seat, card) for card in cards),
              take=tuple(TakeCard(seat, card) for card in cards),
              give=tuple(GiveCard(seat, card) for card in cards),
              put_back=tuple(PutBack(seat, card) for card in cards),
              claim=tuple(ClaimCard(seat, card) for card in cards),
              shadow=tuple(UseShadow(seat, card) for card in cards),
              search=tuple(Search(seat, slot) for slot in range(len(known.crypt_cards))),
              gate=tuple(ChooseGate(seat, gate) for gate in range(len(board.gates))),
              returns=tuple(Return(seat, square) for square in board.white_squares))
        for seat in seats)


def actor(state: State, phase: Phase) -> int:
    """The seat that acts in ``phase`` of ``state``."""
    return phase_actor(state.active, phase)


def phase_actor(active: int, phase: Phase) -> int:
    """The seat that acts in ``phase`` when ``active`` has the turn: the trade partner
    answering, the seat a horror card or a return waits on, else the active seat."""
    if isinstance(phase, Trading) and phase.ask != -1:
        return phase.partner
    if isinstance(phase, (Horror, Returning)):
        return phase.seat
    return active





PHASE_NAMES: dict[type, str] = {
    TurnStart: "the start of a turn",
    Trading: "a trade",
    ChoosingDistance: "the choice of a distance",
    Moving: "a move",
    Searching: "a crypt search",
    EmptyCrypt: "a visit to an empty crypt",
    Horror: "a horror fight",
    PuttingBack: "putting a mystery card back",
    Claiming: "claiming a mystery card",
    Shadow: "a shadow square",
    Exchange: "a forced exchange",
    CardChoice: "a nightmare card's choice",
    Returning: "a return to reality",
    Over: "the end of the game",
}
"""Each phase in words, for the refusals of an action out of phase."""


def turn_error(state: State, action: Any, phases: type | tuple[type, ...],
               what: str) -> str | None:
    """Why ``action`` may not be taken now: out of ``phases``, or not by the seat that
    acts; None when both hold."""
    error = phase_error(state.phase, phases, what, PHASE_NAMES)
    if error:
        return error
    return seat_error(action.seat, actor(state, state.phase), "who acts now")


def card_error(card: Any, cards: tuple[int, ...], what: str) -> str | None:
    """Why ``card`` is not one of ``cards`` (``what`` names the rule), or None."""
    if type(card) is not int or card not in cards:
        return f"{what}: card {card!r} is not one of {sorted(cards)}"
    return None


def seat_target_error(state: State, target: Any) -> str | None:
    """Why ``target`` is not another seat the active seat may pick, or None."""
    if type(target) is not int or not 0 <= target < state.config.players:
        return f"there is no seat {target!r}"
    if target == state.active:
        return "a player cannot pick themselves"
    return None


def step_directions(state: State, pawn: Pawn, heading: str) -> Iterator[str]:
    """Where one step may go without reversing within the move."""
    return _step_directions(state.config.the_board(), pawn, heading)


def _step_directions(board: Board, pawn: Pawn, heading: str) -> Iterator[str]:
    if pawn.plane in ("reality", "nightmare"):
        for direction in RINGS:
            if heading != OPPOSITE[direction]:
                yield direction
    elif pawn.plane == "mystery":
        if pawn.square > 0 and heading != "in":
            yield GATE
        if heading != "out":
            gate = board.gates[pawn.gate]
            if pawn.square == len(gate.shared):
                yield from gate.crypts  # the fork: choose the branch
            else:
                yield CRYPT


def stepped(state: State, pawn: Pawn, direction: str) -> Pawn:
    """Where one step in ``direction`` takes ``pawn``."""
    return _stepped(state.config.the_board(), pawn, direction)


@lru_cache(maxsize=8192)
def _stepped(board: Board, pawn: Pawn, direction: str) -> Pawn:
    # Kept per pawn and direction: the search steps the same pawns again and again, and
    # the pawn it gets back keeps its hash for the next lookups.
    sectors = board.sectors
    if direction == CLOCKWISE:
        return Pawn(pawn.plane, (pawn.square + 1) % sectors)
    if direction == COUNTERCLOCKWISE:
        return Pawn(pawn.plane, (pawn.square - 1) % sectors)
    gate = board.gates[pawn.gate]
    if direction == GATE:
        square = pawn.square - 1
        return Pawn("mystery", square, pawn.gate, pawn.branch if square > len(gate.shared)
                    else -1)
    if direction != CRYPT:  # at the fork, a crypt's name
        return Pawn("mystery", pawn.square + 1, pawn.gate, board.crypt_index(direction))
    if pawn.square == gate.length:
        return Pawn("crypt", pawn.branch)
    return Pawn("mystery", pawn.square + 1, pawn.gate, pawn.branch)


def plane_changes(state: State, pawn: Pawn) -> Iterator[tuple[str, Pawn]]:
    """Moving Between Planes: reality <-> nightmare through any square but a white one;
    nightmare <-> mystery through a passage square aligned with a gate."""
    return _plane_changes(state.config.the_board(), state.rotation, pawn)


def _plane_changes(board: Board, rotation: int, pawn: Pawn) -> Iterator[tuple[str, Pawn]]:
    geo = geometry(board)
    if pawn.plane == "reality":
        if pawn.square not in geo.white:
            yield "nightmare", Pawn("nightmare", geo.square_at(pawn.square, rotation))
    elif pawn.plane == "nightmare":
        sector = geo.sector(pawn.square, rotation)
        if sector not in geo.white:
            yield "reality", Pawn("reality", sector)
        gate = geo.gate_at.get(sector)
        if gate is not None and geo.board.nightmare[pawn.square] == "passage":
            yield "mystery", Pawn("mystery", 0, gate)
    elif pawn.plane == "mystery" and pawn.square == 0:
        square = geo.square_at(geo.board.gates[pawn.gate].sector, rotation)
        if geo.board.nightmare[square] == "passage":
            yield "nightmare", Pawn("nightmare", square)


def may_rotate(state: State, pawn: Pawn) -> bool:
    """Later Turns: on the mystery plane only the pawn moves, unless going back is the
    point ("there are no more cards to take in the crypt"): on a crypt's branch, once
    that crypt is empty; on the shared squares or at the fork, once every crypt ahead
    is empty."""
    if pawn.plane == "mystery":
        if pawn.branch >= 0:
            return not state.crypts[pawn.branch]
        geo = geometry(state.config.the_board())
        return not any(state.crypts[c] for c in geo.gate_crypts[pawn.gate])
    return pawn.plane != "crypt"


def unit_actions(state: State, phase: Moving) -> list[Action]:
    """The ways the active seat may spend the next unit of its distance."""
    return list(move_units(state, phase))


def move_units(state: State, phase: Moving) -> tuple[Action, ...]:
    """:func:`unit_actions` as the tuple kept for this pawn and move (shared: the
    listing hands it out, and a unit spent asks whether the move goes on)."""
    seat = state.active
    pawn = state.pawns[seat]
    mode = phase.mode
    return _units(state.config, seat, pawn, mode, phase.heading, phase.spin,
                  state.rotation, mode != "step" and may_rotate(state, pawn))


@lru_cache(maxsize=8192)
def _units(config: Config, seat: int, pawn: Pawn, mode: str, heading: str, spin: str,
           rotation: int, rotates: bool) -> tuple[Action, ...]:
    """:func:`unit_actions` of a pawn and a move, on which alone they depend (with the
    board's rotation and whether the plane may turn, which reads the crypts): a search
    and a move's own end check ask again for the same few."""
    board = config.the_board()
    acts = prebuilt(config)[seat]
    units: list[Action] = []
    if mode in ("move", "step"):
        units.extend(acts.step[d] for d in _step_directions(board, pawn, heading))
    if mode == "move":
        units.extend(acts.change[to] for to, _ in _plane_changes(board, rotation, pawn))
    if rotates:
        units.extend(acts.rotate[d] for d in RINGS if spin != OPPOSITE[d])
    return tuple(units)



def offers_left(config: Config, phase: TurnStart) -> int:
    """Exchange: how many more trades the active seat may propose this turn (one to
    each other seat, and at most ``offers_per_turn`` in all when that is set)."""
    others = config.players - 1 - len(phase.offered_to)
    if config.offers_per_turn is None:
        return others
    return min(others, config.offers_per_turn - len(phase.offered_to))


def of_kind(state: State, cards: tuple[int, ...], kind: str) -> tuple[int, ...]:
    kinds = catalog(state.config.the_cards()).kinds
    return tuple(c for c in cards if kinds[c] == kind)


def usable_shadows(state: State, seat: int) -> tuple[int, ...]:
    """Shadow Cards: usable only when their shadow matches one on one's story cards."""
    known = catalog(state.config.the_cards())
    shapes = {known.shape[c] for c in state.story[seat]}
    return tuple(c for c in state.held[seat]
                 if known.kinds[c] == "nightmare" and known.shape[c] in shapes)


def plane_of(pawn: Pawn) -> str:
    return "mystery" if pawn.plane in ("mystery", "crypt") else pawn.plane

