"""The automatic steps of Dylan Dog, which no seat decides: the throw, a unit of a move
spent, the square where the move ends taking effect (a nightmare card drawn and
followed, a crypt reached, a forced exchange, a window), the win and the next turn. The
effects of every rulebook part end in one of them, which runs until the state waits on a
seat again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from partyrules.core.records import replaced
from partyrules.core.rng import Rng
from partyrules.games.dylan_dog.board import geometry
from partyrules.games.dylan_dog.cards import FACES, ROLES, catalog
from partyrules.games.dylan_dog.moves import move_units
from partyrules.games.dylan_dog.state import (
    CardChoice,
    ChoosingDistance,
    EmptyCrypt,
    Exchange,
    Moving,
    Over,
    Pawn,
    Returning,
    Searching,
    Shadow,
    State,
    TurnStart,
    evolve,
)

__all__ = ["MYSTERY_CARDS_TO_WIN", "arrive", "at_crypt", "check_win", "draw_dylan", "end_turn",
           "returning", "spend", "start_move", "throw"]


MYSTERY_CARDS_TO_WIN = len(ROLES)
"""The End of the Game: the 4 mystery cards of one's story."""


def throw(rng: Rng) -> tuple[int, Rng]:
    """The Die: a face of the die (:data:`~partyrules.games.dylan_dog.cards.FACES`), and
    the rng after it."""
    index, rng = rng.below(len(FACES))
    return FACES[index], rng


def spend(state: State, phase: Moving, changes: dict[str, Any]) -> State:
    """One unit spent: the move goes on, or ends at a crypt reached along a path, when
    the distance is used up, or when no unit can be spent (the rest is lost)."""
    # The move going on is the common case: one record, the phase set with the changes
    # (which unit can be spent reads no phase); a move that ends is handed on as the
    # state it ends in, without the phase, and one that ends for certain (in a crypt,
    # or with no unit left) is never built with it.
    pawn = changes.get("pawns", state.pawns)[changes.get("active", state.active)]
    if pawn.plane == "crypt":
        return at_crypt(evolve(state, changes), {}, pawn.square)
    if phase.left == 0:
        return arrive(evolve(state, changes), exact=True, moving=phase)
    going = evolve(state, {**changes, "phase": phase})
    if not move_units(going, phase):
        return arrive(evolve(state, changes), exact=False, moving=phase)
    return going


def start_move(state: State, changes: dict[str, Any], phase: Moving) -> State:
    """A move about to be spent (``phase``) after ``changes``: it ends at once where no
    unit can be spent."""
    going = evolve(state, {**changes, "phase": phase})  # as in spend
    if not move_units(going, phase):
        return arrive(evolve(state, changes), exact=False, moving=phase)
    return going


def arrive(state: State, exact: bool, moving: Moving | None = None) -> State:
    """Final Notes: first throw, then do what the square dictates. Only the acting
    seat's own square counts. A nightmare-card square and a shadow square act only
    where its pawn landed ("Each time a player lands", "Landing on one of these
    squares"; ``moving.landed``: a pawn only carried by the plane's rotation has not;
    ``moving`` None: a nightmare card placed it, as part of its own move); a
    nightmare-card square draws when the pawn came to a square other than the one whose
    card it is resolving (``moving.drawn_at``). An enter-crypt square (with an exact
    move), a forced-exchange square and a window act where the pawn stands, lined up,
    whatever units its own move spent ("being on the right squares after one's own
    move"). The First Turn keeps its own rule: the square under the pawn in reality."""
    drawn_at = -1 if moving is None else moving.drawn_at
    landed = moving is None or moving.landed
    seat = state.active
    pawn = state.pawns[seat]
    board = state.config.the_board()
    geo = geometry(board)
    if pawn.plane == "crypt":
        return at_crypt(state, {}, pawn.square)
    if pawn.plane == "reality":
        if state.turn < state.config.players:  # First Turn: the square under the pawn
            square = geo.square_at(pawn.square, state.rotation)
            if board.nightmare[square] == "nightmare_card" and square != drawn_at:
                return _draw_nightmare(state, square, moving)
        return end_turn(state, {})
    if pawn.plane == "mystery":
        if landed and geo.path_square(pawn.gate, pawn.square) == "shadow":
            return evolve(state, {"phase": Shadow()})
        return end_turn(state, {})
    square = pawn.square
    sector = geo.sector(square, state.rotation)
    kind = board.nightmare[square]
    if kind == "nightmare_card":
        if landed and square != drawn_at:
            return _draw_nightmare(state, square, moving)
        return end_turn(state, {})
    if kind == "enter_crypt" and exact and sector in geo.crypt_at:
        crypt = geo.crypt_at[sector]
        return at_crypt(state, {"pawns": replaced(state.pawns, seat, Pawn("crypt", crypt))},
                        crypt)
    if kind == "exchange" and sector in geo.exchange:
        return evolve(state, {"phase": Exchange()})
    if kind == "window" and sector in geo.faces:
        return end_turn(state, draw_dylan(state, seat, {}))
    return end_turn(state, {})


def at_crypt(state: State, changes: dict[str, Any], crypt: int) -> State:
    """Reaching the Mystery Crypts: the active pawn stands before ``crypt``, to search it
    (or, empty, to leave it)."""
    changes["pawns"] = replaced(changes.get("pawns", state.pawns), state.active,
                                Pawn("crypt", crypt))
    empty = not changes.get("crypts", state.crypts)[crypt]
    changes["phase"] = EmptyCrypt(crypt) if empty else Searching(crypt)
    return evolve(state, changes)


def draw_dylan(state: State, seat: int, changes: dict[str, Any]) -> dict[str, Any]:
    """A Dylan Dog card from the top of its deck (an empty deck gives nothing)."""
    deck = changes.get("dylan_dog", state.dylan_dog)
    if deck:
        held = changes.get("held", state.held)
        changes.update(dylan_dog=deck[1:], held=replaced(held, seat, (*held[seat], deck[0])))
    return changes


def _draw_nightmare(state: State, square: int, moving: Moving | None) -> State:
    """Nightmare Cards: draw the top card and follow it; every card goes back to the
    bottom of the deck at once, except a shadow card, kept face up. A step-again card
    continues the drawer's move: the pawn may not turn back."""
    deck = state.nightmare
    if not deck:
        return end_turn(state, {})
    card, rest = deck[0], deck[1:]
    known = catalog(state.config.the_cards())
    text = state.config.the_cards().nightmare[card - known.nightmare.start]
    seat = state.active
    if text.effect == "shadow":
        held = state.held
        return end_turn(state, {"nightmare": rest, "drawn": card,
                                "held": replaced(held, seat, (*held[seat], card))})
    changes: dict[str, Any] = {"nightmare": (*rest, card), "drawn": card}
    effect = text.effect
    if effect == "enter_dimension":
        crypt = state.config.the_board().crypt_index(text.crypt)
        changes["phase"] = CardChoice(card, crypt)
    elif effect == "send_to_reality":
        changes["phase"] = CardChoice(card, -1)
    elif effect == "go_to_crypt":
        return at_crypt(state, changes, state.config.the_board().crypt_index(text.crypt))
    elif effect == "back_to_reality":
        changes["phase"] = Returning(seat)
    elif effect == "rotate":  # the spec: the player's choice of amount and direction
        changes["phase"] = ChoosingDistance(text.most, "rotate", square)
    elif effect == "step_again":  # part of the drawer's move: the pawn may not turn back
        heading = "" if moving is None else moving.heading
        changes["phase"] = ChoosingDistance(text.most, "step", square, heading)
    else:
        if effect == "take_dylan_dog":
            draw_dylan(state, seat, changes)
        return end_turn(state, changes)
    return evolve(state, changes)


def end_turn(state: State, changes: dict[str, Any]) -> State:
    """The next seat clockwise plays; the turn limit ends a game with no winner."""
    config = state.config
    turn = state.turn + 1
    if config.turn_limit is not None and turn >= config.turn_limit:
        changes.update(turn=turn, phase=Over("turn_limit", frozenset()))
        return evolve(state, changes)
    changes.update(turn=turn, active=(state.active + 1) % config.players,
                   phase=TurnStart())
    return evolve(state, changes)


def _winners(state: State, held: tuple[tuple[int, ...], ...],
             seats: tuple[int, ...]) -> frozenset[int]:
    """The End of the Game: the seats among ``seats`` holding the mystery cards of
    their 4 story elements."""
    known = catalog(state.config.the_cards())
    return frozenset(seat for seat in seats if known.completes(state.story[seat], held[seat]))


def check_win(state: State, changes: dict[str, Any], seats: tuple[int, ...],
              then: Callable[[State, dict[str, Any]], State]) -> State:
    """The End of the Game, checked on ``seats`` once a card changed hands: the game is
    over when one of them holds its 4 mystery cards, else ``then`` goes on."""
    winners = _winners(state, changes["held"], seats)
    if winners:
        changes["phase"] = Over("four_mystery_cards", winners)
        return evolve(state, changes)
    return then(state, changes)


def returning(seat: int) -> Callable[[State, dict[str, Any]], State]:
    """What comes after a card found when the game goes on: ``seat``'s pawn back to
    reality."""
    def then(state: State, changes: dict[str, Any]) -> State:
        changes["phase"] = Returning(seat)
        return evolve(state, changes)
    return then
