"""Nightmare Cards: the choices a card drawn asks of its drawer, the gate through which
"enter a dimension" enters the crypt's path, or the pawn a card sends to reality, each
action kind's rule beside its effect. Drawing the card is an automatic step
(:mod:`~partyrules.games.dylan_dog.flow`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from partyrules.core.records import replaced
from partyrules.games.dylan_dog.actions import ChooseGate, SendToReality
from partyrules.games.dylan_dog.board import geometry
from partyrules.games.dylan_dog.flow import arrive
from partyrules.games.dylan_dog.moves import seat_target_error, turn_error
from partyrules.games.dylan_dog.state import CardChoice, Pawn, Returning, State, evolve

__all__ = ["EFFECTS", "RULES"]


def _gate_rule(state: State, action: ChooseGate) -> str | None:
    """Nightmare Cards: "enter a dimension" puts the pawn on the entry square of a path
    leading to that crypt."""
    error = turn_error(state, action, CardChoice, "choosing a gate")
    if error:
        return error
    phase = state.phase
    assert isinstance(phase, CardChoice)
    if phase.crypt == -1:
        return "Nightmare Cards: this card sends another pawn to reality"
    gates = geometry(state.config.the_board()).crypt_gates[phase.crypt]
    if type(action.gate) is not int or action.gate not in gates:
        return f"Nightmare Cards: the gates leading to that crypt are {list(gates)}"
    return None


def _apply_gate(state: State, action: ChooseGate) -> State:
    seat = state.active
    moved = evolve(state, {"pawns": replaced(state.pawns, seat, Pawn("mystery", 0, action.gate))})
    return arrive(moved, exact=True)


def _send_rule(state: State, action: SendToReality) -> str | None:
    """Nightmare Cards: send another player's pawn to reality."""
    error = turn_error(state, action, CardChoice, "sending a pawn to reality")
    if error:
        return error
    assert isinstance(state.phase, CardChoice)
    if state.phase.crypt != -1:
        return "Nightmare Cards: this card enters a dimension"
    error = seat_target_error(state, action.target)
    return f"Nightmare Cards: {error}" if error else None


def _apply_send(state: State, action: SendToReality) -> State:
    """Another player's pawn moved by a card: its owner places it, and gets no effect."""
    return evolve(state, {"phase": Returning(action.target)})


RULES: dict[type, Callable[[State, Any], str | None]] = {
    ChooseGate: _gate_rule,
    SendToReality: _send_rule,
}
"""The rule of each action kind of this part: why it is refused now, or None."""

EFFECTS: dict[type, Callable[[State, Any], State]] = {
    ChooseGate: _apply_gate,
    SendToReality: _apply_send,
}
"""The effect of each action kind of this part, once its rule allows it."""
