"""Shadow Cards, Dylan Dog Cards and Shadow Squares: the ways out of a trap (a Dylan Dog
card against a horror card, on a shadow square or in an empty crypt; a shadow card that
matches one's story), the way back to reality, and the white square a pawn returns to,
each action kind's rule beside its effect.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from partyrules.core.records import replaced, without_every
from partyrules.games.dylan_dog.actions import GoToReality, Return, UseDylanDog, UseShadow
from partyrules.games.dylan_dog.board import geometry
from partyrules.games.dylan_dog.cards import catalog
from partyrules.games.dylan_dog.flow import end_turn
from partyrules.games.dylan_dog.moves import (
    card_error,
    of_kind,
    turn_error,
    usable_shadows,
)
from partyrules.games.dylan_dog.state import (
    EmptyCrypt,
    Horror,
    Pawn,
    Returning,
    Shadow,
    State,
    evolve,
)

__all__ = ["EFFECTS", "RULES"]


def _dylan_rule(state: State, action: UseDylanDog) -> str | None:
    """Dylan Dog Cards: against a horror card (before the throw), on a shadow square,
    or to climb out of an empty crypt."""
    error = turn_error(state, action, (Horror, Shadow, EmptyCrypt), "playing Dylan Dog")
    if error:
        return error
    if not of_kind(state, state.held[action.seat], "dylan_dog"):
        return "Dylan Dog Cards: you hold no Dylan Dog card"
    return None


def _spend_dylan(state: State, seat: int, changes: dict[str, Any]) -> dict[str, Any]:
    """Final Notes: a used Dylan Dog card goes back to the bottom of its deck."""
    held = changes.get("held", state.held)
    card = of_kind(state, held[seat], "dylan_dog")[0]
    changes.update(held=replaced(held, seat, without_every(held[seat], card)),
                   dylan_dog=(*state.dylan_dog, card))
    return changes


def _apply_dylan(state: State, action: UseDylanDog) -> State:
    phase = state.phase
    seat = action.seat
    changes = _spend_dylan(state, seat, {})
    if isinstance(phase, Horror):
        changes["removed"] = (*state.removed, phase.card)  # defeated: it leaves the game
        if phase.challenger == -1:
            changes["phase"] = Returning(seat)
            return evolve(state, changes)
        return end_turn(state, changes)
    if isinstance(phase, EmptyCrypt):  # climb back onto the nightmare plane
        geo = geometry(state.config.the_board())
        sector = geo.board.crypts[phase.crypt].sector
        pawn = Pawn("nightmare", geo.square_at(sector, state.rotation))
        changes["pawns"] = replaced(state.pawns, seat, pawn)
    return end_turn(state, changes)  # a shadow square escaped


def _shadow_rule(state: State, action: UseShadow) -> str | None:
    """Shadow Cards: usable only if the shadow matches one on the player's story cards."""
    error = turn_error(state, action, Shadow, "playing a shadow card")
    if error:
        return error
    return card_error(action.card, usable_shadows(state, state.active),
                      "Shadow Cards: play a shadow matching your story")


def _apply_shadow(state: State, action: UseShadow) -> State:
    """The shadow card goes back under the nightmare deck; the matching shape is shown."""
    seat = state.active
    shapes = catalog(state.config.the_cards()).shape
    return end_turn(state, {
        "held": replaced(state.held, seat, without_every(state.held[seat], action.card)),
        "nightmare": (*state.nightmare, action.card),
        "revealed_shapes": replaced(state.revealed_shapes, seat,
                                    state.revealed_shapes[seat] | {shapes[action.card]}),
    })


def _give_up_rule(state: State, action: GoToReality) -> str | None:
    """Shadow Squares: without a Dylan Dog card or a valid shadow card, back to reality
    (and the same from an empty crypt)."""
    return turn_error(state, action, (Shadow, EmptyCrypt), "going back to reality")


def _apply_give_up(state: State, action: GoToReality) -> State:
    return evolve(state, {"phase": Returning(state.active)})


def _return_rule(state: State, action: Return) -> str | None:
    """Shadow Squares: a pawn back in reality stands on one of the white squares."""
    error = turn_error(state, action, Returning, "returning to reality")
    if error:
        return error
    whites = state.config.the_board().white_squares
    if type(action.square) is not int or action.square not in whites:
        return f"a pawn returns to a white square: one of {list(whites)}"
    return None


def _apply_return(state: State, action: Return) -> State:
    return end_turn(state, {"pawns": replaced(state.pawns, action.seat,
                                              Pawn("reality", action.square))})


RULES: dict[type, Callable[[State, Any], str | None]] = {
    UseDylanDog: _dylan_rule,
    UseShadow: _shadow_rule,
    GoToReality: _give_up_rule,
    Return: _return_rule,
}
"""The rule of each action kind of this part: why it is refused now, or None."""

EFFECTS: dict[type, Callable[[State, Any], State]] = {
    UseDylanDog: _apply_dylan,
    UseShadow: _apply_shadow,
    GoToReality: _apply_give_up,
    Return: _apply_return,
}
"""The effect of each action kind of this part, once its rule allows it."""
