"""Reaching the Mystery Crypts and Horror Cards: the card drawn from a crypt, and the
horror cards the crypts hide, fought where they are found (the throw against them, a
mystery card put back by the loser) or kept to challenge a seat on the same plane (a
mystery card claimed from the defeated), each action kind's rule beside its effect.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from partyrules.core.records import replaced, without_every
from partyrules.games.dylan_dog.actions import Challenge, ClaimCard, FaceHorror, PutBack, Search
from partyrules.games.dylan_dog.cards import DYLAN_FACE, catalog
from partyrules.games.dylan_dog.flow import check_win, end_turn, returning, throw
from partyrules.games.dylan_dog.moves import (
    card_error,
    of_kind,
    plane_of,
    seat_target_error,
    turn_error,
)
from partyrules.games.dylan_dog.state import (
    Claiming,
    Horror,
    PuttingBack,
    Returning,
    Searching,
    State,
    TurnStart,
    evolve,
)

__all__ = ["EFFECTS", "RULES"]


def _search_rule(state: State, action: Search) -> str | None:
    """Reaching the Mystery Crypts: draw a card, not necessarily the top one."""
    error = turn_error(state, action, Searching, "searching a crypt")
    if error:
        return error
    assert isinstance(state.phase, Searching)
    size = len(state.crypts[state.phase.crypt])
    if type(action.slot) is not int or not 0 <= action.slot < size:
        return f"Reaching the Mystery Crypts: the slot is 0 to {size - 1}, not {action.slot!r}"
    return None


def _apply_search(state: State, action: Search) -> State:
    """A mystery card is kept face up and the pawn jumps back to reality; a horror card
    must be fought."""
    phase = state.phase
    assert isinstance(phase, Searching)
    seat = state.active
    content = state.crypts[phase.crypt]
    card = content[action.slot]
    crypts = replaced(state.crypts, phase.crypt, (*content[:action.slot],
                                                  *content[action.slot + 1:]))
    if catalog(state.config.the_cards()).kinds[card] == "horror":
        return evolve(state, {"crypts": crypts,
                              "phase": Horror(seat, card, phase.crypt, -1)})
    changes: dict[str, Any] = {"crypts": crypts,
                               "held": replaced(state.held, seat, (*state.held[seat], card))}
    return check_win(state, changes, (seat,), returning(seat))


def _challenge_rule(state: State, action: Challenge) -> str | None:
    """Horror Cards: instead of throwing, challenge a player on the same plane with an
    owned horror card."""
    error = turn_error(state, action, TurnStart, "a horror challenge")
    if error:
        return error
    horrors = of_kind(state, state.held[state.active], "horror")
    error = card_error(action.horror, horrors, "Horror Cards: challenge with your horror")
    if error:
        return error
    error = seat_target_error(state, action.target)
    if error:
        return f"Horror Cards: {error}"
    if plane_of(state.pawns[action.target]) != plane_of(state.pawns[state.active]):
        return "Horror Cards: only a player on the same plane can be challenged"
    return None


def _apply_challenge(state: State, action: Challenge) -> State:
    seat = state.active
    return evolve(state, {
        "held": replaced(state.held, seat, without_every(state.held[seat], action.horror)),
        "phase": Horror(action.target, action.horror, -1, seat)})


def _face_rule(state: State, action: FaceHorror) -> str | None:
    """Horror Cards: throw the die against the horror card."""
    return turn_error(state, action, Horror, "fighting a horror card")


def _beats(face: int, needs: int | None) -> bool:
    """Horror Cards: the value or more, or the Dylan Dog face ("Dylan Dog" only: the face)."""
    return face == DYLAN_FACE or (needs is not None and face >= needs)


def _apply_face(state: State, action: FaceHorror) -> State:
    phase = state.phase
    assert isinstance(phase, Horror)
    face, rng = throw(state.rng)
    known = catalog(state.config.the_cards())
    needs = state.config.the_cards().horror[phase.card - known.horror.start].needs
    changes: dict[str, Any] = {"rng": rng, "die": face}
    seat = phase.seat
    won = _beats(face, needs)
    if phase.challenger != -1:
        changes["removed"] = (*state.removed, phase.card)
        if won or not of_kind(state, state.held[seat], "mystery"):
            return end_turn(state, changes)
        changes["phase"] = Claiming(seat)
        return evolve(state, changes)
    if won:
        changes["held"] = replaced(state.held, seat, (*state.held[seat], phase.card))
        changes["phase"] = Returning(seat)
        return evolve(state, changes)
    changes["removed"] = (*state.removed, phase.card)
    has_mystery = bool(of_kind(state, state.held[seat], "mystery"))
    changes["phase"] = PuttingBack(phase.crypt) if has_mystery else Returning(seat)
    return evolve(state, changes)


def _put_back_rule(state: State, action: PutBack) -> str | None:
    """Horror Cards: the loser puts one of its mystery cards back into the crypt."""
    error = turn_error(state, action, PuttingBack, "putting a card back")
    if error:
        return error
    return card_error(action.card, of_kind(state, state.held[state.active], "mystery"),
                      "Horror Cards: put back one of your mystery cards")


def _apply_put_back(state: State, action: PutBack) -> State:
    """The card goes back into the crypt, which is shuffled: its slot is unknown."""
    phase = state.phase
    assert isinstance(phase, PuttingBack)
    seat = state.active
    content, rng = state.rng.shuffle((*state.crypts[phase.crypt], action.card))
    return evolve(state, {
        "rng": rng, "crypts": replaced(state.crypts, phase.crypt, content),
        "held": replaced(state.held, seat, without_every(state.held[seat], action.card)),
        "returned": state.returned | {action.card}, "phase": Returning(seat)})


def _claim_rule(state: State, action: ClaimCard) -> str | None:
    """Horror Cards: the defeated player hands over a mystery card, on request."""
    error = turn_error(state, action, Claiming, "claiming a card")
    if error:
        return error
    assert isinstance(state.phase, Claiming)
    return card_error(action.card, of_kind(state, state.held[state.phase.target],
                                           "mystery"),
                      "Horror Cards: claim one of the defeated player's mystery cards")


def _apply_claim(state: State, action: ClaimCard) -> State:
    phase = state.phase
    assert isinstance(phase, Claiming)
    seat, target = state.active, phase.target
    held = replaced(state.held, target, without_every(state.held[target], action.card))
    held = replaced(held, seat, (*held[seat], action.card))
    return check_win(state, {"held": held}, (seat,), end_turn)


RULES: dict[type, Callable[[State, Any], str | None]] = {
    Search: _search_rule,
    Challenge: _challenge_rule,
    FaceHorror: _face_rule,
    PutBack: _put_back_rule,
    ClaimCard: _claim_rule,
}
"""The rule of each action kind of this part: why it is refused now, or None."""

EFFECTS: dict[type, Callable[[State, Any], State]] = {
    Search: _apply_search,
    Challenge: _apply_challenge,
    FaceHorror: _apply_face,
    PutBack: _apply_put_back,
    ClaimCard: _apply_claim,
}
"""The effect of each action kind of this part, once its rule allows it."""
