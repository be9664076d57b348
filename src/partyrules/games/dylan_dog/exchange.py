"""Exchange: the trades a seat proposes before its throw (the card offered, the card
asked for, the answer), and the forced exchange of the lined-up "SCAMBIO OBBLIGATORIO"
squares (the other seat, the card taken, the card given back, or no exchange), each
action kind's rule beside its effect.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from partyrules.core.records import replaced, without_every
from partyrules.games.dylan_dog.actions import (
    AcceptTrade,
    AskCard,
    DeclineTrade,
    ForceExchange,
    GiveCard,
    OfferCard,
    ProposeTrade,
    SkipExchange,
    TakeCard,
)
from partyrules.games.dylan_dog.flow import check_win, end_turn
from partyrules.games.dylan_dog.moves import (
    card_error,
    offers_left,
    seat_target_error,
    turn_error,
)
from partyrules.games.dylan_dog.state import Exchange, State, Trading, TurnStart, evolve

__all__ = ["EFFECTS", "RULES"]


def _propose_rule(state: State, action: ProposeTrade) -> str | None:
    """Exchange: before throwing, "each player is free to propose a card exchange to the
    others": one proposal to each other seat per turn (``offers_per_turn`` may cap the
    total); both need a card that is not a story card."""
    error = turn_error(state, action, TurnStart, "proposing a trade")
    if error:
        return error
    phase = state.phase
    assert isinstance(phase, TurnStart)
    if offers_left(state.config, phase) <= 0:
        return "Exchange: no more trade proposals this turn (offers_per_turn)"
    error = seat_target_error(state, action.to)
    if error:
        return f"Exchange: {error}"
    if action.to in phase.offered_to:
        return f"Exchange: a trade was already proposed to seat {action.to} this turn"
    if not state.held[state.active] or not state.held[action.to]:
        return "Exchange: both players need a card to trade (story cards never trade)"
    return None


def _apply_propose(state: State, action: ProposeTrade) -> State:
    assert isinstance(state.phase, TurnStart)
    return evolve(state, {"phase": Trading(action.to, -1, -1, state.phase.offered_to)})


def _offer_rule(state: State, action: OfferCard) -> str | None:
    """Exchange: the proposer names one of its own cards (not a story card)."""
    error = turn_error(state, action, Trading, "offering a card")
    if error:
        return error
    assert isinstance(state.phase, Trading)
    if state.phase.offer != -1:
        return "Exchange: the card offered is already named"
    return card_error(action.card, state.held[state.active], "Exchange: offer your own")


def _apply_offer(state: State, action: OfferCard) -> State:
    phase = state.phase
    assert isinstance(phase, Trading)
    return evolve(state, {"phase": Trading(phase.partner, action.card, -1, phase.offered_to)})


def _ask_rule(state: State, action: AskCard) -> str | None:
    """Exchange: then one of the other player's cards (not a story card)."""
    error = turn_error(state, action, Trading, "asking for a card")
    if error:
        return error
    phase = state.phase
    assert isinstance(phase, Trading)
    if phase.offer == -1 or phase.ask != -1:
        return "Exchange: first name the card offered, then one card asked for"
    return card_error(action.card, state.held[phase.partner], "Exchange: ask for theirs")


def _apply_ask(state: State, action: AskCard) -> State:
    phase = state.phase
    assert isinstance(phase, Trading)
    return evolve(state, {"phase": Trading(phase.partner, phase.offer, action.card,
                                           phase.offered_to)})


def _answer_rule(state: State, action: AcceptTrade | DeclineTrade) -> str | None:
    """Exchange: the player proposed to accepts or declines."""
    error = turn_error(state, action, Trading, "answering a trade")
    if error:
        return error
    assert isinstance(state.phase, Trading)
    if state.phase.ask == -1:
        return "Exchange: the trade is not fully proposed yet"
    return None


def _apply_accept(state: State, action: AcceptTrade) -> State:
    """The two cards change hands; either player may complete its story."""
    phase = state.phase
    assert isinstance(phase, Trading)
    active, partner = state.active, phase.partner
    held = state.held
    held = replaced(held, active, (*without_every(held[active], phase.offer), phase.ask))
    held = replaced(held, partner, (*without_every(held[partner], phase.ask), phase.offer))
    changes: dict[str, Any] = {"held": held}

    def then(state: State, changes: dict[str, Any]) -> State:
        changes["phase"] = TurnStart(phase.offered_to | {partner})
        return evolve(state, changes)

    return check_win(state, changes, (active, partner), then)


def _apply_decline(state: State, action: DeclineTrade) -> State:
    phase = state.phase
    assert isinstance(phase, Trading)
    return evolve(state, {"phase": TurnStart(phase.offered_to | {phase.partner})})


def _force_rule(state: State, action: ForceExchange) -> str | None:
    """The Nightmare Plane: on the aligned forced-exchange square, exchange with
    whomever one chooses."""
    error = turn_error(state, action, Exchange, "a forced exchange")
    if error:
        return error
    assert isinstance(state.phase, Exchange)
    if state.phase.target != -1:
        return "Exchange: the other player is already chosen"
    error = seat_target_error(state, action.target)
    if error:
        return f"Exchange: {error}"
    if not state.held[action.target]:
        return f"Exchange: seat {action.target} has no card to take (story cards never trade)"
    return None


def _apply_force(state: State, action: ForceExchange) -> State:
    return evolve(state, {"phase": Exchange(action.target)})


def _take_rule(state: State, action: TakeCard) -> str | None:
    """Exchange: the player involved gives up their card even if they need it."""
    error = turn_error(state, action, Exchange, "taking a card")
    if error:
        return error
    phase = state.phase
    assert isinstance(phase, Exchange)
    if phase.target == -1 or phase.took != -1:
        return "Exchange: first choose the other player, then take one card"
    return card_error(action.card, state.held[phase.target], "Exchange: take theirs")


def _apply_take(state: State, action: TakeCard) -> State:
    phase = state.phase
    assert isinstance(phase, Exchange)
    seat, target = state.active, phase.target
    held = replaced(state.held, target, without_every(state.held[target], action.card))
    held = replaced(held, seat, (*held[seat], action.card))

    def then(state: State, changes: dict[str, Any]) -> State:
        if len(held[seat]) == 1:  # nothing of one's own to give in return
            return end_turn(state, changes)
        changes["phase"] = Exchange(target, action.card)
        return evolve(state, changes)

    # The End of the Game: the card taken may be the last of the taker's story; the
    # game is won then, before anything is given back.
    return check_win(state, {"held": held}, (seat,), then)


def _give_rule(state: State, action: GiveCard) -> str | None:
    """Exchange: one of one's own cards goes to the other player in return."""
    error = turn_error(state, action, Exchange, "giving a card")
    if error:
        return error
    phase = state.phase
    assert isinstance(phase, Exchange)
    if phase.took == -1:
        return "Exchange: take a card first, then give one"
    return card_error(action.card, without_every(state.held[state.active], phase.took),
                      "Exchange: give one of your own")


def _apply_give(state: State, action: GiveCard) -> State:
    phase = state.phase
    assert isinstance(phase, Exchange)
    seat, target = state.active, phase.target
    held = replaced(state.held, seat, without_every(state.held[seat], action.card))
    held = replaced(held, target, (*held[target], action.card))
    # The taker did not win at the take, and giving only takes a card away from it.
    return check_win(state, {"held": held}, (target,), end_turn)


def _skip_rule(state: State, action: SkipExchange) -> str | None:
    """The Nightmare Plane: the forced exchange is a right, not a duty."""
    error = turn_error(state, action, Exchange, "skipping the exchange")
    if error:
        return error
    assert isinstance(state.phase, Exchange)
    if state.phase.target != -1:
        return "Exchange: the exchange has begun"
    return None


def _apply_skip(state: State, action: SkipExchange) -> State:
    return end_turn(state, {})


RULES: dict[type, Callable[[State, Any], str | None]] = {
    ProposeTrade: _propose_rule,
    OfferCard: _offer_rule,
    AskCard: _ask_rule,
    AcceptTrade: _answer_rule,
    DeclineTrade: _answer_rule,
    ForceExchange: _force_rule,
    TakeCard: _take_rule,
    GiveCard: _give_rule,
    SkipExchange: _skip_rule,
}
"""The rule of each action kind of this part: why it is refused now, or None."""

EFFECTS: dict[type, Callable[[State, Any], State]] = {
    ProposeTrade: _apply_propose,
    OfferCard: _apply_offer,
    AskCard: _apply_ask,
    AcceptTrade: _apply_accept,
    DeclineTrade: _apply_decline,
    ForceExchange: _apply_force,
    TakeCard: _apply_take,
    GiveCard: _apply_give,
    SkipExchange: _apply_skip,
}
"""The effect of each action kind of this part, once its rule allows it."""
