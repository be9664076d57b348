"""First Turn, Later Turns, The Die and Moving Between Planes: the throw, the distance
the Dylan Dog face lets a seat choose, and the move spent one unit at a time (a step, a
plane change, a rotation of the nightmare plane), each action kind's rule beside its
effect. Where the move ends is :func:`~partyrules.games.dylan_dog.flow.arrive`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, Literal

from partyrules.core.records import replaced
from partyrules.games.dylan_dog.actions import ChangePlane, ChooseDistance, Roll, Rotate, Step
from partyrules.games.dylan_dog.board import CLOCKWISE, COUNTERCLOCKWISE
from partyrules.games.dylan_dog.cards import DYLAN_FACE
from partyrules.games.dylan_dog.flow import spend, start_move, throw
from partyrules.games.dylan_dog.moves import (
    GATE,
    RINGS,
    move_units,
    plane_changes,
    stepped,
    turn_error,
)
from partyrules.games.dylan_dog.state import (
    ChoosingDistance,
    Heading,
    Mode,
    Moving,
    Spin,
    State,
    TurnStart,
    evolve,
)

__all__ = ["EFFECTS", "RULES"]


def _roll_rule(state: State, action: Roll) -> str | None:
    """Later Turns: each player throws the die."""
    return turn_error(state, action, TurnStart, "throwing the die")


def _apply_roll(state: State, action: Roll) -> State:
    """First Turn: the whole throw rotates the nightmare plane; Later Turns: it is
    spent on steps, plane changes and rotation. The Dylan face lets the player choose."""
    face, rng = throw(state.rng)
    mode: Mode = "first" if state.turn < state.config.players else "move"
    if face == DYLAN_FACE:
        return evolve(state, {"rng": rng, "die": face, "phase": ChoosingDistance(6, mode)})
    return start_move(state, {"rng": rng, "die": face}, _moving(face, mode))


def _distance_rule(state: State, action: ChooseDistance) -> str | None:
    """The Die: the Dylan Dog face lets the player choose a move from 1 to 6."""
    error = turn_error(state, action, ChoosingDistance, "choosing a distance")
    if error:
        return error
    assert isinstance(state.phase, ChoosingDistance)
    most = state.phase.most
    if type(action.distance) is not int or not 1 <= action.distance <= most:
        return f"The Die: the distance is 1 to {most}, not {action.distance!r}"
    return None


def _apply_distance(state: State, action: ChooseDistance) -> State:
    phase = state.phase
    assert isinstance(phase, ChoosingDistance)
    # A rotate or step-again card was drawn where the pawn landed: it goes on with
    # that move, so the square where it now ends takes effect.
    card_move = phase.mode in ("rotate", "step")
    return start_move(state, {}, _moving(action.distance, phase.mode, phase.heading, "",
                                        phase.drawn_at, card_move))


def _unit_rule(state: State, action: Step | ChangePlane | Rotate) -> str | None:
    """Later Turns: the distance is spent a unit at a time: a step (never reversing
    within the move, except across planes), a plane change through a passage (Moving
    Between Planes), or a rotation of the nightmare plane (from the mystery plane only
    once the crypt of the pawn's branch, or before the fork every crypt ahead, is
    empty; the First Turn only rotates)."""
    error = turn_error(state, action, Moving, "moving")
    if error:
        return error
    assert isinstance(state.phase, Moving)
    if action not in move_units(state, state.phase):
        where = action.plane if isinstance(action, ChangePlane) else action.direction
        return (f"Later Turns: {type(action).__name__} {where!r}"
                " is not possible now (no reversal within a move; plane changes only "
                "through an aligned passage or a non-white square; no rotation from the "
                "mystery plane while a crypt ahead holds cards; the first turn only "
                "rotates)")
    return None


def _apply_step(state: State, action: Step) -> State:
    phase = state.phase
    assert isinstance(phase, Moving)
    seat = state.active
    pawn = stepped(state, state.pawns[seat], action.direction)
    heading: Heading = _ring(action.direction) if action.direction in RINGS else (
        "out" if action.direction == GATE else "in")
    return spend(state, _moving(phase.left - 1, phase.mode, heading, phase.spin,
                               phase.drawn_at, True),
                 {"pawns": replaced(state.pawns, seat, pawn)})


def _apply_change_plane(state: State, action: ChangePlane) -> State:
    phase = state.phase
    assert isinstance(phase, Moving)
    seat = state.active
    pawn = dict(plane_changes(state, state.pawns[seat]))[action.plane]
    return spend(state, _moving(phase.left - 1, phase.mode, "", phase.spin, phase.drawn_at,
                               True),
                 {"pawns": replaced(state.pawns, seat, pawn)})


def _apply_rotate(state: State, action: Rotate) -> State:
    phase = state.phase
    assert isinstance(phase, Moving)
    turn = 1 if action.direction == CLOCKWISE else -1
    rotation = (state.rotation + turn) % state.config.the_board().sectors
    return spend(state, _moving(phase.left - 1, phase.mode, phase.heading,
                               _ring(action.direction), phase.drawn_at, phase.landed),
                 {"rotation": rotation})


@lru_cache(maxsize=4096)
def _moving(left: int, mode: Mode, heading: Heading = "", spin: Spin = "", drawn_at: int = -1,
           landed: bool = False) -> Moving:
    """The phase of a move with these fields, built once per value: every unit spent
    makes one, and a search makes the same few again and again."""
    return Moving(left, mode, heading, spin, drawn_at, landed)


def _ring(direction: str) -> Literal["clockwise", "counterclockwise"]:
    """A legal ring direction, as the closed type the phase records keep."""
    return CLOCKWISE if direction == CLOCKWISE else COUNTERCLOCKWISE


RULES: dict[type, Callable[[State, Any], str | None]] = {
    Roll: _roll_rule,
    ChooseDistance: _distance_rule,
    Step: _unit_rule,
    ChangePlane: _unit_rule,
    Rotate: _unit_rule,
}
"""The rule of each action kind of this part: why it is refused now, or None."""

EFFECTS: dict[type, Callable[[State, Any], State]] = {
    Roll: _apply_roll,
    ChooseDistance: _apply_distance,
    Step: _apply_step,
    ChangePlane: _apply_change_plane,
    Rotate: _apply_rotate,
}
"""The effect of each action kind of this part, once its rule allows it."""
