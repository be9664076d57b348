"""The effects of Dylan Dog's actions: what each one does once its rule allows it, and
the automatic steps that follow (arriving on a square, drawing a nightmare card, the
win, the next turn), run until the state waits on a seat again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from partyrules.core.rng import Rng
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
from partyrules.games.dylan_dog.board import CLOCKWISE, COUNTERCLOCKWISE, geometry
from partyrules.games.dylan_dog.cards import DYLAN_FACE, FACES, ROLES, catalog
from partyrules.games.dylan_dog.moves import (
    GATE,
    RINGS,
    evolve,
    of_kind,
    plane_changes,
    replaced,
    stepped,
    unit_actions,
    without,
)
from partyrules.games.dylan_dog.state import (
    CardChoice,
    ChoosingDistance,
    Claiming,
    EmptyCrypt,
    Exchange,
    Heading,
    Horror,
    Mode,
    Moving,
    Over,
    Pawn,
    PuttingBack,
    Returning,
    Searching,
    Shadow,
    State,
    Trading,
    TurnStart,
)

__all__ = ["EFFECTS", "MYSTERY_CARDS_TO_WIN", "arrive", "spend", "start_move"]

MYSTERY_CARDS_TO_WIN = len(ROLES)
"""The End of the Game: the 4 mystery cards of one's story."""


def spend(state: State, phase: Moving, changes: dict[str, Any]) -> State:
    """One unit spent: the move goes on, or ends at a crypt reached along a path, when
    the distance is used up, or when no unit can be spent (the rest is lost)."""
    moved = evolve(state, changes)
    pawn = moved.pawns[moved.active]
    if pawn.plane == "crypt":
        return _at_crypt(moved, {}, pawn.square)
    if phase.left == 0:
        return arrive(moved, exact=True, moving=phase)
    if not unit_actions(moved, phase):
        return arrive(moved, exact=False, moving=phase)
    return evolve(moved, {"phase": phase})



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
        return _at_crypt(state, {}, pawn.square)
    if pawn.plane == "reality":
        if state.turn < state.config.players:  # First Turn: the square under the pawn
            square = geo.square_at(pawn.square, state.rotation)
            if board.nightmare[square] == "nightmare_card" and square != drawn_at:
                return _draw_nightmare(state, square, moving)
        return _end_turn(state, {})
    if pawn.plane == "mystery":
        if landed and geo.path_square(pawn.gate, pawn.square) == "shadow":
            return evolve(state, {"phase": Shadow()})
        return _end_turn(state, {})
    square = pawn.square
    sector = geo.sector(square, state.rotation)
    kind = board.nightmare[square]
    if kind == "nightmare_card":
        if landed and square != drawn_at:
            return _draw_nightmare(state, square, moving)
        return _end_turn(state, {})
    if kind == "enter_crypt" and exact and sector in geo.crypt_at:
        crypt = geo.crypt_at[sector]
        return _at_crypt(state, {"pawns": replaced(state.pawns, seat, Pawn("crypt", crypt))},
                         crypt)
    if kind == "exchange" and sector in geo.exchange:
        return evolve(state, {"phase": Exchange()})
    if kind == "window" and sector in geo.faces:
        return _end_turn(state, _draw_dylan(state, seat, {}))
    return _end_turn(state, {})


def _at_crypt(state: State, changes: dict[str, Any], crypt: int) -> State:
    changes["pawns"] = replaced(changes.get("pawns", state.pawns), state.active,
                            Pawn("crypt", crypt))
    empty = not changes.get("crypts", state.crypts)[crypt]
    changes["phase"] = EmptyCrypt(crypt) if empty else Searching(crypt)
    return evolve(state, changes)


def _draw_dylan(state: State, seat: int, changes: dict[str, Any]) -> dict[str, Any]:
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
        return _end_turn(state, {})
    card, rest = deck[0], deck[1:]
    known = catalog(state.config.the_cards())
    text = state.config.the_cards().nightmare[card - known.nightmare.start]
    seat = state.active
    if text.effect == "shadow":
        held = state.held
        return _end_turn(state, {"nightmare": rest, "drawn": card,
                                 "held": replaced(held, seat, (*held[seat], card))})
    changes: dict[str, Any] = {"nightmare": (*rest, card), "drawn": card}
    effect = text.effect
    if effect == "enter_dimension":
        crypt = state.config.the_board().crypt_index(text.crypt)
        changes["phase"] = CardChoice(card, crypt)
    elif effect == "send_to_reality":
        changes["phase"] = CardChoice(card, -1)
    elif effect == "go_to_crypt":
        return _at_crypt(state, changes, state.config.the_board().crypt_index(text.crypt))
    elif effect == "back_to_reality":
        changes["phase"] = Returning(seat)
    elif effect == "rotate":  # the spec: the player's choice of amount and direction
        changes["phase"] = ChoosingDistance(text.most, "rotate", square)
    elif effect == "step_again":  # part of the drawer's move: the pawn may not turn back
        heading = "" if moving is None else moving.heading
        changes["phase"] = ChoosingDistance(text.most, "step", square, heading)
    else:
        if effect == "take_dylan_dog":
            _draw_dylan(state, seat, changes)
        return _end_turn(state, changes)
    return evolve(state, changes)


def _end_turn(state: State, changes: dict[str, Any]) -> State:
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


def _check_win(state: State, changes: dict[str, Any], seats: tuple[int, ...],
               then: Callable[[State, dict[str, Any]], State]) -> State:
    winners = _winners(state, changes["held"], seats)
    if winners:
        changes["phase"] = Over("four_mystery_cards", winners)
        return evolve(state, changes)
    return then(state, changes)


def _returning(seat: int) -> Callable[[State, dict[str, Any]], State]:
    def then(state: State, changes: dict[str, Any]) -> State:
        changes["phase"] = Returning(seat)
        return evolve(state, changes)
    return then



def _apply_propose(state: State, action: ProposeTrade) -> State:
    assert isinstance(state.phase, TurnStart)
    return evolve(state, {"phase": Trading(action.to, -1, -1, state.phase.offered_to)})


def _apply_offer(state: State, action: OfferCard) -> State:
    phase = state.phase
    assert isinstance(phase, Trading)
    return evolve(state, {"phase": Trading(phase.partner, action.card, -1, phase.offered_to)})


def _apply_ask(state: State, action: AskCard) -> State:
    phase = state.phase
    assert isinstance(phase, Trading)
    return evolve(state, {"phase": Trading(phase.partner, phase.offer, action.card,
                                            phase.offered_to)})


def _apply_accept(state: State, action: AcceptTrade) -> State:
    """The two cards change hands; either player may complete its story."""
    phase = state.phase
    assert isinstance(phase, Trading)
    active, partner = state.active, phase.partner
    held = state.held
    held = replaced(held, active, (*without(held[active], phase.offer), phase.ask))
    held = replaced(held, partner, (*without(held[partner], phase.ask), phase.offer))
    changes: dict[str, Any] = {"held": held}

    def then(state: State, changes: dict[str, Any]) -> State:
        changes["phase"] = TurnStart(phase.offered_to | {partner})
        return evolve(state, changes)

    return _check_win(state, changes, (active, partner), then)


def _apply_decline(state: State, action: DeclineTrade) -> State:
    phase = state.phase
    assert isinstance(phase, Trading)
    return evolve(state, {"phase": TurnStart(phase.offered_to | {phase.partner})})


def _throw(rng: Rng) -> tuple[int, Rng]:
    index, rng = rng.below(len(FACES))
    return FACES[index], rng


def _apply_roll(state: State, action: Roll) -> State:
    """First Turn: the whole throw rotates the nightmare plane; Later Turns: it is
    spent on steps, plane changes and rotation. The Dylan face lets the player choose."""
    face, rng = _throw(state.rng)
    mode: Mode = "first" if state.turn < state.config.players else "move"
    if face == DYLAN_FACE:
        return evolve(state, {"rng": rng, "die": face, "phase": ChoosingDistance(6, mode)})
    return start_move(state, {"rng": rng, "die": face}, Moving(face, mode))


def start_move(state: State, changes: dict[str, Any], phase: Moving) -> State:
    moved = evolve(state, changes)
    if not unit_actions(moved, phase):
        return arrive(moved, exact=False, moving=phase)
    return evolve(moved, {"phase": phase})


def _apply_distance(state: State, action: ChooseDistance) -> State:
    phase = state.phase
    assert isinstance(phase, ChoosingDistance)
    # A rotate or step-again card was drawn where the pawn landed: it goes on with
    # that move, so the square where it now ends takes effect.
    card_move = phase.mode in ("rotate", "step")
    return start_move(state, {}, Moving(action.distance, phase.mode, phase.heading,
                                        drawn_at=phase.drawn_at, landed=card_move))


def _apply_challenge(state: State, action: Challenge) -> State:
    seat = state.active
    return evolve(state, {
        "held": replaced(state.held, seat, without(state.held[seat], action.horror)),
        "phase": Horror(action.target, action.horror, -1, seat)})


def _apply_step(state: State, action: Step) -> State:
    phase = state.phase
    assert isinstance(phase, Moving)
    seat = state.active
    pawn = stepped(state, state.pawns[seat], action.direction)
    heading: Heading = _ring(action.direction) if action.direction in RINGS else (
        "out" if action.direction == GATE else "in")
    return spend(state, Moving(phase.left - 1, phase.mode, heading, phase.spin,
                                phase.drawn_at, landed=True),
                  {"pawns": replaced(state.pawns, seat, pawn)})


def _apply_change_plane(state: State, action: ChangePlane) -> State:
    phase = state.phase
    assert isinstance(phase, Moving)
    seat = state.active
    pawn = dict(plane_changes(state, state.pawns[seat]))[action.plane]
    return spend(state, Moving(phase.left - 1, phase.mode, "", phase.spin, phase.drawn_at,
                                landed=True),
                  {"pawns": replaced(state.pawns, seat, pawn)})


def _apply_rotate(state: State, action: Rotate) -> State:
    phase = state.phase
    assert isinstance(phase, Moving)
    turn = 1 if action.direction == CLOCKWISE else -1
    rotation = (state.rotation + turn) % state.config.the_board().sectors
    return spend(state, Moving(phase.left - 1, phase.mode, phase.heading,
                                _ring(action.direction), phase.drawn_at, phase.landed),
                  {"rotation": rotation})


def _ring(direction: str) -> Literal["clockwise", "counterclockwise"]:
    """A legal ring direction, as the closed type the phase records keep."""
    return CLOCKWISE if direction == CLOCKWISE else COUNTERCLOCKWISE


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
    return _check_win(state, changes, (seat,), _returning(seat))


def _spend_dylan(state: State, seat: int, changes: dict[str, Any]) -> dict[str, Any]:
    """Final Notes: a used Dylan Dog card goes back to the bottom of its deck."""
    held = changes.get("held", state.held)
    card = of_kind(state, held[seat], "dylan_dog")[0]
    changes.update(held=replaced(held, seat, without(held[seat], card)),
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
        return _end_turn(state, changes)
    if isinstance(phase, EmptyCrypt):  # climb back onto the nightmare plane
        geo = geometry(state.config.the_board())
        sector = geo.board.crypts[phase.crypt].sector
        pawn = Pawn("nightmare", geo.square_at(sector, state.rotation))
        changes["pawns"] = replaced(state.pawns, seat, pawn)
    return _end_turn(state, changes)  # a shadow square escaped


def _beats(face: int, needs: int | None) -> bool:
    """Horror Cards: the value or more, or the Dylan Dog face ("Dylan Dog" only: the face)."""
    return face == DYLAN_FACE or (needs is not None and face >= needs)


def _apply_face(state: State, action: FaceHorror) -> State:
    phase = state.phase
    assert isinstance(phase, Horror)
    face, rng = _throw(state.rng)
    known = catalog(state.config.the_cards())
    needs = state.config.the_cards().horror[phase.card - known.horror.start].needs
    changes: dict[str, Any] = {"rng": rng, "die": face}
    seat = phase.seat
    won = _beats(face, needs)
    if phase.challenger != -1:
        changes["removed"] = (*state.removed, phase.card)
        if won or not of_kind(state, state.held[seat], "mystery"):
            return _end_turn(state, changes)
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


def _apply_shadow(state: State, action: UseShadow) -> State:
    """The shadow card goes back under the nightmare deck; the matching shape is shown."""
    seat = state.active
    shapes = catalog(state.config.the_cards()).shape
    return _end_turn(state, {
        "held": replaced(state.held, seat, without(state.held[seat], action.card)),
        "nightmare": (*state.nightmare, action.card),
        "revealed_shapes": replaced(state.revealed_shapes, seat,
                                state.revealed_shapes[seat] | {shapes[action.card]}),
    })


def _apply_give_up(state: State, action: GoToReality) -> State:
    return evolve(state, {"phase": Returning(state.active)})


def _apply_put_back(state: State, action: PutBack) -> State:
    """The card goes back into the crypt, which is shuffled: its slot is unknown."""
    phase = state.phase
    assert isinstance(phase, PuttingBack)
    seat = state.active
    content, rng = state.rng.shuffle((*state.crypts[phase.crypt], action.card))
    return evolve(state, {
        "rng": rng, "crypts": replaced(state.crypts, phase.crypt, content),
        "held": replaced(state.held, seat, without(state.held[seat], action.card)),
        "returned": state.returned | {action.card}, "phase": Returning(seat)})


def _apply_claim(state: State, action: ClaimCard) -> State:
    phase = state.phase
    assert isinstance(phase, Claiming)
    seat, target = state.active, phase.target
    held = replaced(state.held, target, without(state.held[target], action.card))
    held = replaced(held, seat, (*held[seat], action.card))
    return _check_win(state, {"held": held}, (seat,), _end_turn)


def _apply_force(state: State, action: ForceExchange) -> State:
    return evolve(state, {"phase": Exchange(action.target)})


def _apply_take(state: State, action: TakeCard) -> State:
    phase = state.phase
    assert isinstance(phase, Exchange)
    seat, target = state.active, phase.target
    held = replaced(state.held, target, without(state.held[target], action.card))
    held = replaced(held, seat, (*held[seat], action.card))

    def then(state: State, changes: dict[str, Any]) -> State:
        if len(held[seat]) == 1:  # nothing of one's own to give in return
            return _end_turn(state, changes)
        changes["phase"] = Exchange(target, action.card)
        return evolve(state, changes)

    # The End of the Game: the card taken may be the last of the taker's story; the
    # game is won then, before anything is given back.
    return _check_win(state, {"held": held}, (seat,), then)


def _apply_give(state: State, action: GiveCard) -> State:
    phase = state.phase
    assert isinstance(phase, Exchange)
    seat, target = state.active, phase.target
    held = replaced(state.held, seat, without(state.held[seat], action.card))
    held = replaced(held, target, (*held[target], action.card))
    # The taker did not win at the take, and giving only takes a card away from it.
    return _check_win(state, {"held": held}, (target,), _end_turn)


def _apply_skip(state: State, action: SkipExchange) -> State:
    return _end_turn(state, {})


def _apply_gate(state: State, action: ChooseGate) -> State:
    seat = state.active
    moved = evolve(state, {"pawns": replaced(state.pawns, seat, Pawn("mystery", 0, action.gate))})
    return arrive(moved, exact=True)


def _apply_send(state: State, action: SendToReality) -> State:
    """Another player's pawn moved by a card: its owner places it, and gets no effect."""
    return evolve(state, {"phase": Returning(action.target)})


def _apply_return(state: State, action: Return) -> State:
    return _end_turn(state, {"pawns": replaced(state.pawns, action.seat,
                                           Pawn("reality", action.square))})



EFFECTS: dict[type, Callable[[State, Any], State]] = {
    ProposeTrade: _apply_propose,
    OfferCard: _apply_offer,
    AskCard: _apply_ask,
    AcceptTrade: _apply_accept,
    DeclineTrade: _apply_decline,
    Roll: _apply_roll,
    ChooseDistance: _apply_distance,
    Challenge: _apply_challenge,
    Step: _apply_step,
    ChangePlane: _apply_change_plane,
    Rotate: _apply_rotate,
    Search: _apply_search,
    UseDylanDog: _apply_dylan,
    FaceHorror: _apply_face,
    UseShadow: _apply_shadow,
    GoToReality: _apply_give_up,
    PutBack: _apply_put_back,
    ClaimCard: _apply_claim,
    ForceExchange: _apply_force,
    TakeCard: _apply_take,
    GiveCard: _apply_give,
    SkipExchange: _apply_skip,
    ChooseGate: _apply_gate,
    SendToReality: _apply_send,
    Return: _apply_return,
}
