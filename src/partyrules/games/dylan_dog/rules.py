"""The rules of Dylan Dog: setup, the turn, the reducer and the outcome.

Section names in messages follow the rulebook: Setup, Before Playing, Starting the
Game, First Turn, Later Turns, Moving Between Planes, The Nightmare Plane, The Die,
Nightmare Cards, Shadow Cards, Dylan Dog Cards, Shadow Squares, Reaching the Mystery
Crypts, Horror Cards, Exchange, The End of the Game, Final Notes. Where the rulebook is
silent the spec decides, and ``docs/games/dylan_dog.md`` lists each such decision.

>>> from partyrules.games.dylan_dog.state import Config
>>> state = setup(Config(players=3), seed=1)
>>> sorted(to_act(state)), [str(a) for a in legal_actions(state, 0)]
([0], ['Roll(seat=0)'])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

import attrs

from partyrules.core.errors import InvalidConfig
from partyrules.core.game import Outcome
from partyrules.core.rng import Rng
from partyrules.core.rules import ActionKinds, ended, phase_error, seat_error, uniform_choice
from partyrules.games.dylan_dog.actions import (
    AcceptTrade,
    Action,
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
from partyrules.games.dylan_dog.board import CLOCKWISE, COUNTERCLOCKWISE, OPPOSITE, geometry
from partyrules.games.dylan_dog.cards import DYLAN_FACE, FACES, ROLES, Catalog, catalog
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
    "apply",
    "is_simultaneous",
    "is_terminal",
    "legal_actions",
    "outcome",
    "random_action",
    "setup",
    "to_act",
    "unit_actions",
    "why_illegal",
]

MYSTERY_CARDS_TO_WIN = len(ROLES)
"""The End of the Game: the 4 mystery cards of one's story."""

_RINGS = (CLOCKWISE, COUNTERCLOCKWISE)
_GATE, _CRYPT = "gate", "crypt"


@attrs.frozen(slots=True)
class _Seat:
    """Per seat, the action objects that never change (built once per config)."""

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


@lru_cache(maxsize=32)
def _prebuilt(config: Config) -> tuple[_Seat, ...]:
    names = [crypt.name for crypt in config.the_board().crypts]
    directions = (*_RINGS, _GATE, _CRYPT, *names)
    return tuple(
        _Seat(Roll(seat), {d: Step(seat, d) for d in directions},
              {p: ChangePlane(seat, p) for p in ("reality", "nightmare", "mystery")},
              {d: Rotate(seat, d) for d in _RINGS}, UseDylanDog(seat), FaceHorror(seat),
              GoToReality(seat), SkipExchange(seat), AcceptTrade(seat), DeclineTrade(seat))
        for seat in range(config.players))


# -- setup --------------------------------------------------------------------------------


def setup(config: Config, seed: int) -> State:
    """Setup and Before Playing: shuffle the 36 crypt cards into the crypts (9 each),
    deal every seat one story card of each role, shuffle the nightmare and Dylan Dog
    decks; Starting the Game: seat i's pawn on the i-th white square (sector 4i on the
    default board), the rotating plane on "via" (rotation 0)."""
    if not isinstance(config, Config):
        raise InvalidConfig(f"expected a dylan_dog Config, got {type(config).__name__}")
    if type(seed) is not int:
        raise InvalidConfig(f"the seed must be an int, not {seed!r}")
    known = catalog(config.the_cards())
    board = config.the_board()
    rng = Rng.from_seed(seed)
    crypt_cards, rng = rng.shuffle(known.crypt_cards)
    count = len(board.crypts)
    crypts = tuple(crypt_cards[i::count] for i in range(count))
    stories: list[tuple[int, ...]] = [() for _ in range(config.players)]
    unused: list[int] = []
    for role in range(len(ROLES)):
        pile, rng = rng.shuffle(c for c in known.story if known.role[c] == role)
        for seat in range(config.players):
            stories[seat] += (pile[seat],)
        unused.extend(pile[config.players:])
    nightmare, rng = rng.shuffle(known.nightmare)
    dylan, rng = rng.shuffle(known.dylan_dog)
    whites = board.white_squares
    spread = [whites[seat % len(whites)] for seat in range(config.players)]
    return State(
        config=config, rng=rng, active=config.first_player, turn=0, rotation=0,
        pawns=tuple(Pawn("reality", square) for square in spread),
        story=tuple(stories), unused_story=tuple(sorted(unused)),
        held=((),) * config.players, crypts=crypts, nightmare=nightmare, dylan_dog=dylan,
        removed=(), returned=frozenset(), revealed_shapes=(frozenset(),) * config.players,
        die=None, drawn=None, phase=TurnStart(config.offers_per_turn),
    )


def _evolve(state: State, changes: dict[str, Any]) -> State:
    # One positional constructor call: faster than attrs.evolve on the hot path.
    get = changes.get
    return State(
        state.config, get("rng", state.rng), get("active", state.active),
        get("turn", state.turn), get("rotation", state.rotation), get("pawns", state.pawns),
        get("story", state.story), state.unused_story, get("held", state.held),
        get("crypts", state.crypts), get("nightmare", state.nightmare),
        get("dylan_dog", state.dylan_dog), get("removed", state.removed),
        get("returned", state.returned), get("revealed_shapes", state.revealed_shapes),
        get("die", state.die), get("drawn", state.drawn), get("phase", state.phase),
    )


def _put(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1:])


def _without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    return tuple(c for c in cards if c != card)


# -- who acts ---------------------------------------------------------------------------


def to_act(state: State) -> frozenset[int]:
    """The active seat, except: the partner answers a trade, the fighter of a horror
    card throws, and a pawn sent to reality is placed by its owner."""
    phase = state.phase
    if isinstance(phase, Over):
        return frozenset()
    return frozenset((_actor(state, phase),))


def _actor(state: State, phase: Phase) -> int:
    if isinstance(phase, Trading) and phase.ask != -1:
        return phase.partner
    if isinstance(phase, (Horror, Returning)):
        return phase.seat
    return state.active


def is_simultaneous(state: State) -> bool:
    """Always False: one seat acts at a time."""
    return False


def is_terminal(state: State) -> bool:
    """True once the game is over."""
    return isinstance(state.phase, Over)


def outcome(state: State) -> Outcome:
    """The seats that found their 4 mystery cards, or none at the turn limit."""
    over = ended(state.phase, Over)
    return Outcome(over.winners, None, over.reason)


# -- movement -------------------------------------------------------------------------------


def _step_directions(state: State, pawn: Pawn, heading: str) -> Iterator[str]:
    """Where one step may go without reversing within the move."""
    if pawn.plane in ("reality", "nightmare"):
        for direction in _RINGS:
            if heading != OPPOSITE[direction]:
                yield direction
    elif pawn.plane == "mystery":
        if pawn.square > 0 and heading != "in":
            yield _GATE
        if heading != "out":
            gate = state.config.the_board().gates[pawn.gate]
            if pawn.square == len(gate.shared):
                yield from gate.crypts  # the fork: choose the branch
            else:
                yield _CRYPT


def _stepped(state: State, pawn: Pawn, direction: str) -> Pawn:
    sectors = state.config.the_board().sectors
    if direction == CLOCKWISE:
        return Pawn(pawn.plane, (pawn.square + 1) % sectors)
    if direction == COUNTERCLOCKWISE:
        return Pawn(pawn.plane, (pawn.square - 1) % sectors)
    board = state.config.the_board()
    gate = board.gates[pawn.gate]
    if direction == _GATE:
        square = pawn.square - 1
        return Pawn("mystery", square, pawn.gate, pawn.branch if square > len(gate.shared)
                    else -1)
    if direction != _CRYPT:  # at the fork, a crypt's name
        return Pawn("mystery", pawn.square + 1, pawn.gate, board.crypt_index(direction))
    if pawn.square == gate.length:
        return Pawn("crypt", pawn.branch)
    return Pawn("mystery", pawn.square + 1, pawn.gate, pawn.branch)


def _plane_changes(state: State, pawn: Pawn) -> Iterator[tuple[str, Pawn]]:
    """Moving Between Planes: reality <-> nightmare through any square but a white one;
    nightmare <-> mystery through a passage square aligned with a gate."""
    geo = geometry(state.config.the_board())
    rotation = state.rotation
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


def _may_rotate(state: State, pawn: Pawn) -> bool:
    """Later Turns: on the mystery plane only the pawn moves, unless every crypt its
    path leads to is empty."""
    if pawn.plane == "mystery":
        geo = geometry(state.config.the_board())
        return not any(state.crypts[c] for c in geo.gate_crypts[pawn.gate])
    return pawn.plane != "crypt"


def unit_actions(state: State, phase: Moving) -> list[Action]:
    """The ways the active seat may spend the next unit of its distance."""
    seat = state.active
    pawn = state.pawns[seat]
    acts = _prebuilt(state.config)[seat]
    units: list[Action] = []
    if phase.mode in ("move", "step"):
        units.extend(acts.step[d] for d in _step_directions(state, pawn, phase.heading))
    if phase.mode == "move":
        units.extend(acts.change[plane] for plane, _ in _plane_changes(state, pawn))
    if phase.mode != "step" and _may_rotate(state, pawn):
        units.extend(acts.rotate[d] for d in _RINGS if phase.spin != OPPOSITE[d])
    return units


def _spend(state: State, phase: Moving, changes: dict[str, Any]) -> State:
    """One unit spent: the move goes on, or ends at a crypt reached along a path, when
    the distance is used up, or when no unit can be spent (the rest is lost)."""
    moved = _evolve(state, changes)
    pawn = moved.pawns[moved.active]
    if pawn.plane == "crypt":
        return _at_crypt(moved, {}, pawn.square)
    if phase.left == 0:
        return _arrive(moved, exact=True, moving=phase)
    if not unit_actions(moved, phase):
        return _arrive(moved, exact=False, moving=phase)
    return _evolve(moved, {"phase": phase})


# -- arriving ---------------------------------------------------------------------------------


def _arrive(state: State, exact: bool, moving: Moving | None = None) -> State:
    """Final Notes: first throw, then do what the square dictates. Only the acting
    seat's own square counts; a nightmare-card square draws when the pawn came to a
    square other than the one whose card it is resolving (``moving.drawn_at``)."""
    drawn_at = -1 if moving is None else moving.drawn_at
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
        if geo.path_square(pawn.gate, pawn.square) == "shadow":
            return _evolve(state, {"phase": Shadow()})
        return _end_turn(state, {})
    square = pawn.square
    sector = geo.sector(square, state.rotation)
    kind = board.nightmare[square]
    if kind == "nightmare_card" and square != drawn_at:
        return _draw_nightmare(state, square, moving)
    if kind == "enter_crypt" and exact and sector in geo.crypt_at:
        crypt = geo.crypt_at[sector]
        return _at_crypt(state, {"pawns": _put(state.pawns, seat, Pawn("crypt", crypt))},
                         crypt)
    if kind == "exchange" and sector in geo.exchange:
        return _evolve(state, {"phase": Exchange()})
    if kind == "window" and sector in geo.faces:
        return _end_turn(state, _draw_dylan(state, seat, {}))
    return _end_turn(state, {})


def _at_crypt(state: State, changes: dict[str, Any], crypt: int) -> State:
    changes["pawns"] = _put(changes.get("pawns", state.pawns), state.active,
                            Pawn("crypt", crypt))
    empty = not changes.get("crypts", state.crypts)[crypt]
    changes["phase"] = EmptyCrypt(crypt) if empty else Searching(crypt)
    return _evolve(state, changes)


def _draw_dylan(state: State, seat: int, changes: dict[str, Any]) -> dict[str, Any]:
    """A Dylan Dog card from the top of its deck (an empty deck gives nothing)."""
    deck = changes.get("dylan_dog", state.dylan_dog)
    if deck:
        held = changes.get("held", state.held)
        changes.update(dylan_dog=deck[1:], held=_put(held, seat, (*held[seat], deck[0])))
    return changes


def _draw_nightmare(state: State, square: int, moving: Moving | None) -> State:
    """Nightmare Cards: draw the top card and follow it; every card goes back to the
    bottom of the deck at once, except a shadow card, kept face up. A rotate or
    step-again card continues the drawer's move: no reversal of its directions."""
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
                                 "held": _put(held, seat, (*held[seat], card))})
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
    elif effect in ("rotate", "step_again"):
        mode: Mode = "rotate" if effect == "rotate" else "step"
        heading, spin = ("", "") if moving is None else (moving.heading, moving.spin)
        changes["phase"] = ChoosingDistance(text.most, mode, square, heading, spin)
    else:
        if effect == "take_dylan_dog":
            _draw_dylan(state, seat, changes)
        return _end_turn(state, changes)
    return _evolve(state, changes)


def _end_turn(state: State, changes: dict[str, Any]) -> State:
    """The next seat clockwise plays; the turn limit ends a game with no winner."""
    config = state.config
    turn = state.turn + 1
    if config.turn_limit is not None and turn >= config.turn_limit:
        changes.update(turn=turn, phase=Over("turn_limit", frozenset()))
        return _evolve(state, changes)
    changes.update(turn=turn, active=(state.active + 1) % config.players,
                   phase=TurnStart(config.offers_per_turn))
    return _evolve(state, changes)


def _winners(state: State, held: tuple[tuple[int, ...], ...],
             seats: tuple[int, ...]) -> frozenset[int]:
    """The End of the Game: the seats among ``seats`` holding the mystery cards of
    their 4 story elements."""
    known = catalog(state.config.the_cards())
    element = known.element
    won = set()
    for seat in seats:
        found = {element[c] for c in held[seat] if known.kinds[c] == "mystery"}
        if len(found) >= MYSTERY_CARDS_TO_WIN and all(
                element[c] in found for c in state.story[seat]):
            won.add(seat)
    return frozenset(won)


def _check_win(state: State, changes: dict[str, Any], seats: tuple[int, ...],
               then: Callable[[State, dict[str, Any]], State]) -> State:
    winners = _winners(state, changes["held"], seats)
    if winners:
        changes["phase"] = Over("four_mystery_cards", winners)
        return _evolve(state, changes)
    return then(state, changes)


def _returning(seat: int) -> Callable[[State, dict[str, Any]], State]:
    def then(state: State, changes: dict[str, Any]) -> State:
        changes["phase"] = Returning(seat)
        return _evolve(state, changes)
    return then


# -- the rules, one predicate per action kind ----------------------------------------------


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
    return seat_error(action.seat, _actor(state, state.phase), "who acts now")


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


def _of_kind(state: State, cards: tuple[int, ...], kind: str) -> tuple[int, ...]:
    kinds = catalog(state.config.the_cards()).kinds
    return tuple(c for c in cards if kinds[c] == kind)


def _usable_shadows(state: State, seat: int) -> tuple[int, ...]:
    """Shadow Cards: usable only when their shadow matches one on one's story cards."""
    known = catalog(state.config.the_cards())
    shapes = {known.shape[c] for c in state.story[seat]}
    return tuple(c for c in state.held[seat]
                 if known.kinds[c] == "nightmare" and known.shape[c] in shapes)


def _plane(pawn: Pawn) -> str:
    return "mystery" if pawn.plane in ("mystery", "crypt") else pawn.plane


def _propose_rule(state: State, action: ProposeTrade) -> str | None:
    """Exchange: before throwing, a player may propose a card exchange to another; both
    need a card that is not a story card."""
    error = _turn_error(state, action, TurnStart, "proposing a trade")
    if error:
        return error
    assert isinstance(state.phase, TurnStart)
    if state.phase.offers_left <= 0:
        return "Exchange: no more trade proposals this turn (offers_per_turn)"
    error = _seat_target_error(state, action.to)
    if error:
        return f"Exchange: {error}"
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
    horrors = _of_kind(state, state.held[state.active], "horror")
    error = _card_error(action.horror, horrors, "Horror Cards: challenge with your horror")
    if error:
        return error
    error = _seat_target_error(state, action.target)
    if error:
        return f"Horror Cards: {error}"
    if _plane(state.pawns[action.target]) != _plane(state.pawns[state.active]):
        return "Horror Cards: only a player on the same plane can be challenged"
    return None


def _unit_rule(state: State, action: Step | ChangePlane | Rotate) -> str | None:
    """Later Turns: the distance is spent a unit at a time: a step (never reversing
    within the move, except across planes), a plane change through a passage (Moving
    Between Planes), or a rotation of the nightmare plane (not from the mystery plane
    while a crypt ahead still holds cards; the First Turn only rotates)."""
    error = _turn_error(state, action, Moving, "moving")
    if error:
        return error
    assert isinstance(state.phase, Moving)
    if action not in unit_actions(state, state.phase):
        where = action.plane if isinstance(action, ChangePlane) else action.direction
        return (f"Later Turns: {type(action).__name__} {where!r}"
                " is not possible now (no reversal within a move; plane changes only "
                "through an aligned passage or a non-white square; no rotation from the "
                "mystery plane; the first turn only rotates)")
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
    if not _of_kind(state, state.held[action.seat], "dylan_dog"):
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
    return _card_error(action.card, _usable_shadows(state, state.active),
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
    return _card_error(action.card, _of_kind(state, state.held[state.active], "mystery"),
                       "Horror Cards: put back one of your mystery cards")


def _claim_rule(state: State, action: ClaimCard) -> str | None:
    """Horror Cards: the defeated player hands over a mystery card, on request."""
    error = _turn_error(state, action, Claiming, "claiming a card")
    if error:
        return error
    assert isinstance(state.phase, Claiming)
    return _card_error(action.card, _of_kind(state, state.held[state.phase.target],
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
    return _card_error(action.card, _without(state.held[state.active], phase.took),
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


_RULES: dict[type, Callable[[State, Any], str | None]] = {
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


# -- legal actions ---------------------------------------------------------------------------


def legal_actions(state: State, seat: int) -> Iterator[Action]:
    """Every action ``seat`` may take now, in a fixed order."""
    phase = state.phase
    if isinstance(phase, Over) or seat != _actor(state, phase) or type(seat) is not int:
        return
    acts = _prebuilt(state.config)[seat]
    held = state.held
    if isinstance(phase, TurnStart):
        if phase.offers_left > 0 and held[seat]:
            for other in range(state.config.players):
                if other != seat and held[other]:
                    yield ProposeTrade(seat, other)
        yield acts.roll
        plane = _plane(state.pawns[seat])
        for horror in _of_kind(state, held[seat], "horror"):
            for other in range(state.config.players):
                if other != seat and _plane(state.pawns[other]) == plane:
                    yield Challenge(seat, other, horror)
    elif isinstance(phase, Trading):
        if phase.offer == -1:
            yield from (OfferCard(seat, card) for card in held[seat])
        elif phase.ask == -1:
            yield from (AskCard(seat, card) for card in held[phase.partner])
        else:
            yield acts.accept
            yield acts.decline
    elif isinstance(phase, ChoosingDistance):
        yield from (ChooseDistance(seat, n) for n in range(1, phase.most + 1))
    elif isinstance(phase, Moving):
        yield from unit_actions(state, phase)
    elif isinstance(phase, Searching):
        yield from (Search(seat, slot) for slot in range(len(state.crypts[phase.crypt])))
    elif isinstance(phase, Horror):
        if _of_kind(state, held[seat], "dylan_dog"):
            yield acts.dylan
        yield acts.face
    elif isinstance(phase, (Shadow, EmptyCrypt)):
        if _of_kind(state, held[seat], "dylan_dog"):
            yield acts.dylan
        if isinstance(phase, Shadow):
            yield from (UseShadow(seat, card) for card in _usable_shadows(state, seat))
        yield acts.go
    elif isinstance(phase, PuttingBack):
        yield from (PutBack(seat, card) for card in _of_kind(state, held[seat], "mystery"))
    elif isinstance(phase, Claiming):
        yield from (ClaimCard(seat, card)
                    for card in _of_kind(state, held[phase.target], "mystery"))
    elif isinstance(phase, Exchange):
        if phase.target == -1:
            for other in range(state.config.players):
                if other != seat and held[other]:
                    yield ForceExchange(seat, other)
            yield acts.skip
        elif phase.took == -1:
            yield from (TakeCard(seat, card) for card in held[phase.target])
        else:
            yield from (GiveCard(seat, card) for card in _without(held[seat], phase.took))
    elif isinstance(phase, CardChoice):
        if phase.crypt == -1:
            yield from (SendToReality(seat, other)
                        for other in range(state.config.players) if other != seat)
        else:
            gates = geometry(state.config.the_board()).crypt_gates[phase.crypt]
            yield from (ChooseGate(seat, gate) for gate in gates)
    elif isinstance(phase, Returning):
        yield from (Return(seat, square) for square in state.config.the_board().white_squares)


def random_action(state: State, seat: int, rng: random.Random) -> Action:
    """A uniformly random legal action of ``seat``."""
    return uniform_choice(legal_actions(state, seat), seat, rng)


# -- the reducer --------------------------------------------------------------------------------


def _apply_propose(state: State, action: ProposeTrade) -> State:
    assert isinstance(state.phase, TurnStart)
    return _evolve(state, {"phase": Trading(action.to, -1, -1, state.phase.offers_left)})


def _apply_offer(state: State, action: OfferCard) -> State:
    phase = state.phase
    assert isinstance(phase, Trading)
    return _evolve(state, {"phase": Trading(phase.partner, action.card, -1, phase.offers_left)})


def _apply_ask(state: State, action: AskCard) -> State:
    phase = state.phase
    assert isinstance(phase, Trading)
    return _evolve(state, {"phase": Trading(phase.partner, phase.offer, action.card,
                                            phase.offers_left)})


def _apply_accept(state: State, action: AcceptTrade) -> State:
    """The two cards change hands; either player may complete its story."""
    phase = state.phase
    assert isinstance(phase, Trading)
    active, partner = state.active, phase.partner
    held = state.held
    held = _put(held, active, (*_without(held[active], phase.offer), phase.ask))
    held = _put(held, partner, (*_without(held[partner], phase.ask), phase.offer))
    changes: dict[str, Any] = {"held": held}

    def then(state: State, changes: dict[str, Any]) -> State:
        changes["phase"] = TurnStart(phase.offers_left - 1)
        return _evolve(state, changes)

    return _check_win(state, changes, (active, partner), then)


def _apply_decline(state: State, action: DeclineTrade) -> State:
    phase = state.phase
    assert isinstance(phase, Trading)
    return _evolve(state, {"phase": TurnStart(phase.offers_left - 1)})


def _throw(rng: Rng) -> tuple[int, Rng]:
    index, rng = rng.below(len(FACES))
    return FACES[index], rng


def _apply_roll(state: State, action: Roll) -> State:
    """First Turn: the whole throw rotates the nightmare plane; Later Turns: it is
    spent on steps, plane changes and rotation. The Dylan face lets the player choose."""
    face, rng = _throw(state.rng)
    mode: Mode = "first" if state.turn < state.config.players else "move"
    if face == DYLAN_FACE:
        return _evolve(state, {"rng": rng, "die": face, "phase": ChoosingDistance(6, mode)})
    return _start_move(state, {"rng": rng, "die": face}, Moving(face, mode))


def _start_move(state: State, changes: dict[str, Any], phase: Moving) -> State:
    moved = _evolve(state, changes)
    if not unit_actions(moved, phase):
        return _arrive(moved, exact=False, moving=phase)
    return _evolve(moved, {"phase": phase})


def _apply_distance(state: State, action: ChooseDistance) -> State:
    phase = state.phase
    assert isinstance(phase, ChoosingDistance)
    return _start_move(state, {}, Moving(action.distance, phase.mode, phase.heading,
                                         phase.spin, phase.drawn_at))


def _apply_challenge(state: State, action: Challenge) -> State:
    seat = state.active
    return _evolve(state, {
        "held": _put(state.held, seat, _without(state.held[seat], action.horror)),
        "phase": Horror(action.target, action.horror, -1, seat)})


def _apply_step(state: State, action: Step) -> State:
    phase = state.phase
    assert isinstance(phase, Moving)
    seat = state.active
    pawn = _stepped(state, state.pawns[seat], action.direction)
    heading = action.direction if action.direction in _RINGS else (
        "out" if action.direction == _GATE else "in")
    return _spend(state, Moving(phase.left - 1, phase.mode, heading, phase.spin,
                                phase.drawn_at),
                  {"pawns": _put(state.pawns, seat, pawn)})


def _apply_change_plane(state: State, action: ChangePlane) -> State:
    phase = state.phase
    assert isinstance(phase, Moving)
    seat = state.active
    pawn = dict(_plane_changes(state, state.pawns[seat]))[action.plane]
    return _spend(state, Moving(phase.left - 1, phase.mode, "", phase.spin, phase.drawn_at),
                  {"pawns": _put(state.pawns, seat, pawn)})


def _apply_rotate(state: State, action: Rotate) -> State:
    phase = state.phase
    assert isinstance(phase, Moving)
    turn = 1 if action.direction == CLOCKWISE else -1
    rotation = (state.rotation + turn) % state.config.the_board().sectors
    return _spend(state, Moving(phase.left - 1, phase.mode, phase.heading, action.direction,
                                phase.drawn_at), {"rotation": rotation})


def _apply_search(state: State, action: Search) -> State:
    """A mystery card is kept face up and the pawn jumps back to reality; a horror card
    must be fought."""
    phase = state.phase
    assert isinstance(phase, Searching)
    seat = state.active
    content = state.crypts[phase.crypt]
    card = content[action.slot]
    crypts = _put(state.crypts, phase.crypt, (*content[:action.slot],
                                              *content[action.slot + 1:]))
    if catalog(state.config.the_cards()).kinds[card] == "horror":
        return _evolve(state, {"crypts": crypts,
                               "phase": Horror(seat, card, phase.crypt, -1)})
    changes: dict[str, Any] = {"crypts": crypts,
                               "held": _put(state.held, seat, (*state.held[seat], card))}
    return _check_win(state, changes, (seat,), _returning(seat))


def _spend_dylan(state: State, seat: int, changes: dict[str, Any]) -> dict[str, Any]:
    """Final Notes: a used Dylan Dog card goes back to the bottom of its deck."""
    held = changes.get("held", state.held)
    card = _of_kind(state, held[seat], "dylan_dog")[0]
    changes.update(held=_put(held, seat, _without(held[seat], card)),
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
            return _evolve(state, changes)
        return _end_turn(state, changes)
    if isinstance(phase, EmptyCrypt):  # climb back onto the nightmare plane
        geo = geometry(state.config.the_board())
        sector = geo.board.crypts[phase.crypt].sector
        pawn = Pawn("nightmare", geo.square_at(sector, state.rotation))
        changes["pawns"] = _put(state.pawns, seat, pawn)
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
        if won or not _of_kind(state, state.held[seat], "mystery"):
            return _end_turn(state, changes)
        changes["phase"] = Claiming(seat)
        return _evolve(state, changes)
    if won:
        changes["held"] = _put(state.held, seat, (*state.held[seat], phase.card))
        changes["phase"] = Returning(seat)
        return _evolve(state, changes)
    changes["removed"] = (*state.removed, phase.card)
    has_mystery = bool(_of_kind(state, state.held[seat], "mystery"))
    changes["phase"] = PuttingBack(phase.crypt) if has_mystery else Returning(seat)
    return _evolve(state, changes)


def _apply_shadow(state: State, action: UseShadow) -> State:
    """The shadow card goes back under the nightmare deck; the matching shape is shown."""
    seat = state.active
    shapes = catalog(state.config.the_cards()).shape
    return _end_turn(state, {
        "held": _put(state.held, seat, _without(state.held[seat], action.card)),
        "nightmare": (*state.nightmare, action.card),
        "revealed_shapes": _put(state.revealed_shapes, seat,
                                state.revealed_shapes[seat] | {shapes[action.card]}),
    })


def _apply_give_up(state: State, action: GoToReality) -> State:
    return _evolve(state, {"phase": Returning(state.active)})


def _apply_put_back(state: State, action: PutBack) -> State:
    """The card goes back into the crypt, which is shuffled: its slot is unknown."""
    phase = state.phase
    assert isinstance(phase, PuttingBack)
    seat = state.active
    content, rng = state.rng.shuffle((*state.crypts[phase.crypt], action.card))
    return _evolve(state, {
        "rng": rng, "crypts": _put(state.crypts, phase.crypt, content),
        "held": _put(state.held, seat, _without(state.held[seat], action.card)),
        "returned": state.returned | {action.card}, "phase": Returning(seat)})


def _apply_claim(state: State, action: ClaimCard) -> State:
    phase = state.phase
    assert isinstance(phase, Claiming)
    seat, target = state.active, phase.target
    held = _put(state.held, target, _without(state.held[target], action.card))
    held = _put(held, seat, (*held[seat], action.card))
    return _check_win(state, {"held": held}, (seat,), _end_turn)


def _apply_force(state: State, action: ForceExchange) -> State:
    return _evolve(state, {"phase": Exchange(action.target)})


def _apply_take(state: State, action: TakeCard) -> State:
    phase = state.phase
    assert isinstance(phase, Exchange)
    seat, target = state.active, phase.target
    held = _put(state.held, target, _without(state.held[target], action.card))
    held = _put(held, seat, (*held[seat], action.card))
    if len(held[seat]) == 1:  # nothing of one's own to give in return
        return _check_win(state, {"held": held}, (seat, target), _end_turn)
    return _evolve(state, {"held": held, "phase": Exchange(target, action.card)})


def _apply_give(state: State, action: GiveCard) -> State:
    phase = state.phase
    assert isinstance(phase, Exchange)
    seat, target = state.active, phase.target
    held = _put(state.held, seat, _without(state.held[seat], action.card))
    held = _put(held, target, (*held[target], action.card))
    return _check_win(state, {"held": held}, (seat, target), _end_turn)


def _apply_skip(state: State, action: SkipExchange) -> State:
    return _end_turn(state, {})


def _apply_gate(state: State, action: ChooseGate) -> State:
    seat = state.active
    moved = _evolve(state, {"pawns": _put(state.pawns, seat, Pawn("mystery", 0, action.gate))})
    return _arrive(moved, exact=True)


def _apply_send(state: State, action: SendToReality) -> State:
    """Another player's pawn moved by a card: its owner places it, and gets no effect."""
    return _evolve(state, {"phase": Returning(action.target)})


def _apply_return(state: State, action: Return) -> State:
    return _end_turn(state, {"pawns": _put(state.pawns, action.seat,
                                           Pawn("reality", action.square))})


_KINDS: ActionKinds[State] = ActionKinds("Dylan Dog", _RULES, {
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
})
why_illegal = _KINDS.why_illegal
apply = _KINDS.apply


def catalog_of(state: State) -> Catalog:
    """The card numbering of ``state``'s decks."""
    return catalog(state.config.the_cards())
