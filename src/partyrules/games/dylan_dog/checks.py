"""The rules of Dylan Dog, one predicate per action kind: ``RULES[kind](state, action)``
says which rule of the rulebook (or the spec) forbids the action now, or None.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from partyrules.core.rules import phase_error, seat_error
from partyrules.games.dylan_dog.actions import (
    AcceptTrade,
    AskCard,
    Challenge,
    ChangePlane,
    ChooseDistance,
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
from partyrules.games.dylan_dog.board import geometry
from partyrules.games.dylan_dog.moves import (
    actor,
    of_kind,
    offers_left,
    plane_of,
    unit_actions,
    usable_shadows,
    without,
)
from partyrules.games.dylan_dog.state import (
    CardChoice,
    ChoosingDistance,
    Claiming,
    EmptyCrypt,
    Exchange,
    Horror,
    Moving,
    Over,
    PuttingBack,
    Returning,
    Searching,
    Shadow,
    State,
    Trading,
    TurnStart,
)

__all__ = ["RULES"]


_PHASE_NAMES = {
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


def _turn_error(state: State, action: Any, phases: type | tuple[type, ...],
                what: str) -> str | None:
    error = phase_error(state.phase, phases, what, _PHASE_NAMES)
    if error:
        return error
    return seat_error(action.seat, actor(state, state.phase), "who acts now")


def _card_error(card: Any, cards: tuple[int, ...], what: str) -> str | None:
    if type(card) is not int or card not in cards:
        return f"{what}: card {card!r} is not one of {sorted(cards)}"
    return None


def _seat_target_error(state: State, target: Any) -> str | None:
    if type(target) is not int or not 0 <= target < state.config.players:
        return f"there is no seat {target!r}"
    if target == state.active:
        return "a player cannot pick themselves"
    return None


def _propose_rule(state: State, action: ProposeTrade) -> str | None:
    """Exchange: before throwing, "each player is free to propose a card exchange to the
    others": one proposal to each other seat per turn (``offers_per_turn`` may cap the
    total); both need a card that is not a story card."""
    error = _turn_error(state, action, TurnStart, "proposing a trade")
    if error:
        return error
    phase = state.phase
    assert isinstance(phase, TurnStart)
    if offers_left(state.config, phase) <= 0:
        return "Exchange: no more trade proposals this turn (offers_per_turn)"
    error = _seat_target_error(state, action.to)
    if error:
        return f"Exchange: {error}"
    if action.to in phase.offered_to:
        return f"Exchange: a trade was already proposed to seat {action.to} this turn"
    if not state.held[state.active] or not state.held[action.to]:
        return "Exchange: both players need a card to trade (story cards never trade)"
    return None


def _offer_rule(state: State, action: OfferCard) -> str | None:
    """Exchange: the proposer names one of its own cards (not a story card)."""
    error = _turn_error(state, action, Trading, "offering a card")
    if error:
        return error
    assert isinstance(state.phase, Trading)
    if state.phase.offer != -1:
        return "Exchange: the card offered is already named"
    return _card_error(action.card, state.held[state.active], "Exchange: offer your own")


def _ask_rule(state: State, action: AskCard) -> str | None:
    """Exchange: then one of the other player's cards (not a story card)."""
    error = _turn_error(state, action, Trading, "asking for a card")
    if error:
        return error
    phase = state.phase
    assert isinstance(phase, Trading)
    if phase.offer == -1 or phase.ask != -1:
        return "Exchange: first name the card offered, then one card asked for"
    return _card_error(action.card, state.held[phase.partner], "Exchange: ask for theirs")


def _answer_rule(state: State, action: AcceptTrade | DeclineTrade) -> str | None:
    """Exchange: the player proposed to accepts or declines."""
    error = _turn_error(state, action, Trading, "answering a trade")
    if error:
        return error
    assert isinstance(state.phase, Trading)
    if state.phase.ask == -1:
        return "Exchange: the trade is not fully proposed yet"
    return None


def _roll_rule(state: State, action: Roll) -> str | None:
    """Later Turns: each player throws the die."""
    return _turn_error(state, action, TurnStart, "throwing the die")


def _distance_rule(state: State, action: ChooseDistance) -> str | None:
    """The Die: the Dylan Dog face lets the player choose a move from 1 to 6."""
    error = _turn_error(state, action, ChoosingDistance, "choosing a distance")
    if error:
        return error
    assert isinstance(state.phase, ChoosingDistance)
    most = state.phase.most
    if type(action.distance) is not int or not 1 <= action.distance <= most:
        return f"The Die: the distance is 1 to {most}, not {action.distance!r}"
    return None


def _challenge_rule(state: State, action: Challenge) -> str | None:
    """Horror Cards: instead of throwing, challenge a player on the same plane with an
    owned horror card."""
    error = _turn_error(state, action, TurnStart, "a horror challenge")
    if error:
        return error
    horrors = of_kind(state, state.held[state.active], "horror")
    error = _card_error(action.horror, horrors, "Horror Cards: challenge with your horror")
    if error:
        return error
    error = _seat_target_error(state, action.target)
    if error:
        return f"Horror Cards: {error}"
    if plane_of(state.pawns[action.target]) != plane_of(state.pawns[state.active]):
        return "Horror Cards: only a player on the same plane can be challenged"
    return None


def _unit_rule(state: State, action: Step | ChangePlane | Rotate) -> str | None:
    """Later Turns: the distance is spent a unit at a time: a step (never reversing
    within the move, except across planes), a plane change through a passage (Moving
    Between Planes), or a rotation of the nightmare plane (from the mystery plane only
    once the crypt of the pawn's branch, or before the fork every crypt ahead, is
    empty; the First Turn only rotates)."""
    error = _turn_error(state, action, Moving, "moving")
    if error:
        return error
    assert isinstance(state.phase, Moving)
    if action not in unit_actions(state, state.phase):
        where = action.plane if isinstance(action, ChangePlane) else action.direction
        return (f"Later Turns: {type(action).__name__} {where!r}"
                " is not possible now (no reversal within a move; plane changes only "
                "through an aligned passage or a non-white square; no rotation from the "
                "mystery plane while a crypt ahead holds cards; the first turn only "
                "rotates)")
    return None


def _search_rule(state: State, action: Search) -> str | None:
    """Reaching the Mystery Crypts: draw a card, not necessarily the top one."""
    error = _turn_error(state, action, Searching, "searching a crypt")
    if error:
        return error
    assert isinstance(state.phase, Searching)
    size = len(state.crypts[state.phase.crypt])
    if type(action.slot) is not int or not 0 <= action.slot < size:
        return f"Reaching the Mystery Crypts: the slot is 0 to {size - 1}, not {action.slot!r}"
    return None


def _dylan_rule(state: State, action: UseDylanDog) -> str | None:
    """Dylan Dog Cards: against a horror card (before the throw), on a shadow square,
    or to climb out of an empty crypt."""
    error = _turn_error(state, action, (Horror, Shadow, EmptyCrypt), "playing Dylan Dog")
    if error:
        return error
    if not of_kind(state, state.held[action.seat], "dylan_dog"):
        return "Dylan Dog Cards: you hold no Dylan Dog card"
    return None


def _face_rule(state: State, action: FaceHorror) -> str | None:
    """Horror Cards: throw the die against the horror card."""
    return _turn_error(state, action, Horror, "fighting a horror card")


def _shadow_rule(state: State, action: UseShadow) -> str | None:
    """Shadow Cards: usable only if the shadow matches one on the player's story cards."""
    error = _turn_error(state, action, Shadow, "playing a shadow card")
    if error:
        return error
    return _card_error(action.card, usable_shadows(state, state.active),
                       "Shadow Cards: play a shadow matching your story")


def _give_up_rule(state: State, action: GoToReality) -> str | None:
    """Shadow Squares: without a Dylan Dog card or a valid shadow card, back to reality
    (and the same from an empty crypt)."""
    return _turn_error(state, action, (Shadow, EmptyCrypt), "going back to reality")


def _put_back_rule(state: State, action: PutBack) -> str | None:
    """Horror Cards: the loser puts one of its mystery cards back into the crypt."""
    error = _turn_error(state, action, PuttingBack, "putting a card back")
    if error:
        return error
    return _card_error(action.card, of_kind(state, state.held[state.active], "mystery"),
                       "Horror Cards: put back one of your mystery cards")


def _claim_rule(state: State, action: ClaimCard) -> str | None:
    """Horror Cards: the defeated player hands over a mystery card, on request."""
    error = _turn_error(state, action, Claiming, "claiming a card")
    if error:
        return error
    assert isinstance(state.phase, Claiming)
    return _card_error(action.card, of_kind(state, state.held[state.phase.target],
                                             "mystery"),
                       "Horror Cards: claim one of the defeated player's mystery cards")


def _force_rule(state: State, action: ForceExchange) -> str | None:
    """The Nightmare Plane: on the aligned forced-exchange square, exchange with
    whomever one chooses."""
    error = _turn_error(state, action, Exchange, "a forced exchange")
    if error:
        return error
    assert isinstance(state.phase, Exchange)
    if state.phase.target != -1:
        return "Exchange: the other player is already chosen"
    error = _seat_target_error(state, action.target)
    if error:
        return f"Exchange: {error}"
    if not state.held[action.target]:
        return f"Exchange: seat {action.target} has no card to take (story cards never trade)"
    return None


def _take_rule(state: State, action: TakeCard) -> str | None:
    """Exchange: the player involved gives up their card even if they need it."""
    error = _turn_error(state, action, Exchange, "taking a card")
    if error:
        return error
    phase = state.phase
    assert isinstance(phase, Exchange)
    if phase.target == -1 or phase.took != -1:
        return "Exchange: first choose the other player, then take one card"
    return _card_error(action.card, state.held[phase.target], "Exchange: take theirs")


def _give_rule(state: State, action: GiveCard) -> str | None:
    """Exchange: one of one's own cards goes to the other player in return."""
    error = _turn_error(state, action, Exchange, "giving a card")
    if error:
        return error
    phase = state.phase
    assert isinstance(phase, Exchange)
    if phase.took == -1:
        return "Exchange: take a card first, then give one"
    return _card_error(action.card, without(state.held[state.active], phase.took),
                       "Exchange: give one of your own")


def _skip_rule(state: State, action: SkipExchange) -> str | None:
    """The Nightmare Plane: the forced exchange is a right, not a duty."""
    error = _turn_error(state, action, Exchange, "skipping the exchange")
    if error:
        return error
    assert isinstance(state.phase, Exchange)
    if state.phase.target != -1:
        return "Exchange: the exchange has begun"
    return None


def _gate_rule(state: State, action: ChooseGate) -> str | None:
    """Nightmare Cards: "enter a dimension" puts the pawn on the entry square of a path
    leading to that crypt."""
    error = _turn_error(state, action, CardChoice, "choosing a gate")
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


def _send_rule(state: State, action: SendToReality) -> str | None:
    """Nightmare Cards: send another player's pawn to reality."""
    error = _turn_error(state, action, CardChoice, "sending a pawn to reality")
    if error:
        return error
    assert isinstance(state.phase, CardChoice)
    if state.phase.crypt != -1:
        return "Nightmare Cards: this card enters a dimension"
    error = _seat_target_error(state, action.target)
    return f"Nightmare Cards: {error}" if error else None


def _return_rule(state: State, action: Return) -> str | None:
    """Shadow Squares: a pawn back in reality stands on one of the white squares."""
    error = _turn_error(state, action, Returning, "returning to reality")
    if error:
        return error
    whites = state.config.the_board().white_squares
    if type(action.square) is not int or action.square not in whites:
        return f"a pawn returns to a white square: one of {list(whites)}"
    return None


RULES: dict[type, Callable[[State, Any], str | None]] = {
    ProposeTrade: _propose_rule,
    OfferCard: _offer_rule,
    AskCard: _ask_rule,
    AcceptTrade: _answer_rule,
    DeclineTrade: _answer_rule,
    Roll: _roll_rule,
    ChooseDistance: _distance_rule,
    Challenge: _challenge_rule,
    Step: _unit_rule,
    ChangePlane: _unit_rule,
    Rotate: _unit_rule,
    Search: _search_rule,
    UseDylanDog: _dylan_rule,
    FaceHorror: _face_rule,
    UseShadow: _shadow_rule,
    GoToReality: _give_up_rule,
    PutBack: _put_back_rule,
    ClaimCard: _claim_rule,
    ForceExchange: _force_rule,
    TakeCard: _take_rule,
    GiveCard: _give_rule,
    SkipExchange: _skip_rule,
    ChooseGate: _gate_rule,
    SendToReality: _send_rule,
    Return: _return_rule,
}

