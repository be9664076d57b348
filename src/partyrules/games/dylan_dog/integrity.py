"""What a Dylan Dog state or view must be to load: :func:`validate`,
:func:`validate_view` and :func:`places`, and their checks.

A state that passes :func:`validate` is one the engine can go on from: the game is
over, or the seat that acts has a legal action, and every card, seat, square, crypt and
count lies within what the rules (and the config's own board and decks) can reach. A
view that passes :func:`validate_view` is one
:func:`~partyrules.games.dylan_dog.views.view` could have produced, so it renders. Each
check raises :class:`CorruptState` with the path of the bad value (``data.phase.left``,
``data.pawns[2].gate``).

Both share the phase checks, made against the public facts of the table (a view has the
crypts' sizes, not their cards; the stories it cannot see are empty).
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import lru_cache

import attrs

from partyrules.core.errors import CorruptState
from partyrules.core.passed import Passed
from partyrules.games.dylan_dog.board import CLOCKWISE, COUNTERCLOCKWISE, Geometry, geometry
from partyrules.games.dylan_dog.cards import (
    DYLAN_FACE,
    FACES,
    MOST_DISTANCE,
    ROLES,
    Board,
    CardSet,
    Catalog,
    NightmareCard,
    catalog,
)
from partyrules.games.dylan_dog.moves import phase_actor, plane_of, unit_actions
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
    View,
)

__all__ = ["places", "validate", "validate_view"]

_RINGS = ("", CLOCKWISE, COUNTERCLOCKWISE)
_CRYPT_PHASES = (Searching, EmptyCrypt, PuttingBack)


class _Bad(Exception):
    """A failed check inside the phase checks: the message and the field at fault."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.field = field


@attrs.frozen(slots=True)
class _Table:
    """The public facts the phase is checked against, taken from a state or a view."""

    config: Config
    board: Board
    geo: Geometry
    known: Catalog
    active: int
    turn: int
    rotation: int
    pawns: tuple[Pawn, ...]
    held: tuple[tuple[int, ...], ...]
    crypt_sizes: tuple[int, ...]
    die: int | None
    drawn: int | None
    stories: tuple[tuple[int, ...], ...]
    """Per seat, its story, or () where the checked record does not show it."""

    @property
    def players(self) -> int:
        return self.config.players


def _is_int(value: object, low: int, high: int) -> bool:
    """``value`` is an int (not a bool) from ``low`` to ``high``, both included."""
    return type(value) is int and low <= value <= high


def _tuple_per(value: object, count: int, what: str, path: str,
               item_type: type | None = tuple) -> None:
    """``value`` holds one entry per seat or crypt (each an ``item_type``)."""
    if not isinstance(value, tuple) or len(value) != count:
        raise CorruptState(f"one entry per {what} ({count})", path)
    for index, item in enumerate(value):
        if item_type is not None and not isinstance(item, item_type):
            raise CorruptState(f"a list, not {type(item).__name__}", f"{path}[{index}]")


# -- the state --------------------------------------------------------------------------------


def places(state: State) -> dict[str, tuple[Hashable, ...]]:
    """Every card by where it lies: story cards, hands, crypts, decks, the horror card
    being fought, and the cards out of the game."""
    found: dict[str, tuple[Hashable, ...]] = {
        "unused_story": state.unused_story,
        "nightmare": state.nightmare,
        "dylan_dog": state.dylan_dog,
        "removed": state.removed,
    }
    for seat, cards in enumerate(state.story):
        found[f"story[{seat}]"] = cards
    for seat, cards in enumerate(state.held):
        found[f"held[{seat}]"] = cards
    for crypt, cards in enumerate(state.crypts):
        found[f"crypts[{crypt}]"] = cards
    if isinstance(state.phase, Horror):
        found["phase.card"] = (state.phase.card,)
    return found


def validate(state: State) -> None:
    """Raise :class:`CorruptState` naming the path when ``state`` breaks an invariant:
    every card in one place of a kind that may lie there, seats, squares, gates and
    crypts of the config's board, the turn and the active seat in step, and a phase the
    engine can go on from."""
    if not isinstance(state, State):
        raise CorruptState(f"expected a dylan_dog State, got {type(state).__name__}")
    config = state.config
    if not isinstance(config, Config):
        raise CorruptState("expected a dylan_dog Config", "data.config")
    players = config.players
    board = config.the_board()
    known, ids = _decks(config.the_cards())
    _tuple_per(state.pawns, players, "seat", "data.pawns", None)
    _tuple_per(state.story, players, "seat", "data.story")
    _tuple_per(state.held, players, "seat", "data.held")
    _tuple_per(state.revealed_shapes, players, "seat", "data.revealed_shapes", frozenset)
    _tuple_per(state.crypts, len(board.crypts), "crypt", "data.crypts")
    for name in ("unused_story", "nightmare", "dylan_dog", "removed"):
        if not isinstance(getattr(state, name), tuple):
            raise CorruptState("a list of cards", f"data.{name}")
    _check_every_card_once(state, known, ids)
    _check_card_kinds(state, known, ids)
    table = _Table(config, board, geometry(board), known, state.active, state.turn,
                   state.rotation, state.pawns, state.held,
                   tuple(len(content) for content in state.crypts), state.die, state.drawn,
                   state.story)
    _check_table(table, state.revealed_shapes)
    _check_phase_at(table, state.phase)
    if isinstance(state.phase, Moving) and not unit_actions(state, state.phase):
        raise CorruptState("no unit of this move can be spent: the move would have ended",
                           "data.phase")
    _check_turn(table, state.phase)


@attrs.frozen(slots=True)
class _Ids:
    """The card ids of one card set by where they may lie, as sets: loading checks every
    card of a state, so each place is checked at C speed and searched only on failure."""

    every: frozenset[int]
    story: frozenset[int]
    mystery: frozenset[int]
    horror: frozenset[int]
    nightmare: frozenset[int]
    dylan_dog: frozenset[int]
    holdable: frozenset[int]
    """Mystery, horror, shadow and Dylan Dog cards."""
    in_crypts: frozenset[int]


@lru_cache(maxsize=32)
def _ids(cards: CardSet) -> _Ids:
    known = catalog(cards)
    start = known.nightmare.start
    shadows = frozenset(card for card in known.nightmare
                        if cards.nightmare[card - start].effect == "shadow")
    mystery, horror = frozenset(known.mystery), frozenset(known.horror)
    dylan = frozenset(known.dylan_dog)
    return _Ids(every=frozenset(range(known.size)), story=frozenset(known.story),
                mystery=mystery, horror=horror, nightmare=frozenset(known.nightmare),
                dylan_dog=dylan, holdable=mystery | horror | shadows | dylan,
                in_crypts=mystery | horror)


_LAST_DECKS: dict[str, tuple[CardSet, Catalog, _Ids]] = {}
"""The card set met last, with its catalog and ids (see :func:`_decks`)."""


def _decks(cards: CardSet) -> tuple[Catalog, _Ids]:
    """``catalog(cards)`` and ``_ids(cards)``. Their caches are keyed on the card set's
    value, and one holds the first of equal card sets it met: the card set of a config
    loaded again (another exploration, a document read back) is compared with it card by
    card at every look-up. The card set met last is held here and known by identity."""
    last = _LAST_DECKS.get("last")
    if last is not None and last[0] is cards:
        return last[1], last[2]
    known, ids = catalog(cards), _ids(cards)
    _LAST_DECKS["last"] = (cards, known, ids)
    return known, ids


def _check_every_card_once(state: State, known: Catalog, ids: _Ids) -> None:
    found = places(state)
    cards = [card for items in found.values() for card in items]
    if len(cards) == known.size and set(map(type, cards)) == {int} and \
            set(cards) == ids.every:
        return
    seen: dict[object, str] = {}
    for place, items in found.items():
        for index, card in enumerate(items):
            path = f"data.{place}[{index}]"
            if not _is_int(card, 0, known.size - 1):
                raise CorruptState(f"no card {card!r}", path)
            if card in seen:
                raise CorruptState(f"card {card} is also in {seen[card]}", path)
            seen[card] = place
    raise CorruptState(f"{known.size - len(seen)} cards are missing", "data")


def _first_outside(cards: tuple[int, ...], allowed: frozenset[int]) -> int | None:
    """The index of the first of ``cards`` not in ``allowed``, or None."""
    if allowed.issuperset(cards):
        return None
    return next(index for index, card in enumerate(cards) if card not in allowed)


def _check_card_kinds(state: State, known: Catalog, ids: _Ids) -> None:
    for seat, story in enumerate(state.story):
        _check_story(known, story, f"data.story[{seat}]")
    for seat, held in enumerate(state.held):
        _check_held(known, ids, held, f"data.held[{seat}]")
    for place, allowed, kind in (("unused_story", ids.story, "story"),
                                 ("nightmare", ids.nightmare, "nightmare"),
                                 ("dylan_dog", ids.dylan_dog, "Dylan Dog"),
                                 ("removed", ids.horror, "horror")):
        cards = getattr(state, place)
        index = _first_outside(cards, allowed)
        if index is not None:
            raise CorruptState(f"only {kind} cards lie here, not a "
                               f"{known.kinds[cards[index]]} card", f"data.{place}[{index}]")
    if list(state.unused_story) != sorted(state.unused_story):
        raise CorruptState("the unused story cards lie in id order (their order tells "
                           "nothing)", "data.unused_story")
    for crypt, content in enumerate(state.crypts):
        index = _first_outside(content, ids.in_crypts)
        if index is not None:
            raise CorruptState("crypts hold mystery and horror cards",
                               f"data.crypts[{crypt}][{index}]")
    returned = state.returned
    if not isinstance(returned, frozenset) or not returned <= ids.mystery:
        raise CorruptState("the cards put back into a crypt are mystery cards",
                           "data.returned")


def _check_story(known: Catalog, story: tuple[int, ...], path: str) -> None:
    """Before Playing: a story is one story card of each role, in role order."""
    if len(story) != len(ROLES) or any(
            known.kinds[card] != "story" or known.role[card - known.story.start] != role
            for role, card in enumerate(story)):
        raise CorruptState("a story is one story card of each role (investigator, action, "
                           "location, fear), in that order", path)


def _check_held(known: Catalog, ids: _Ids, held: tuple[int, ...], path: str) -> None:
    index = _first_outside(held, ids.holdable)
    if index is not None:
        raise CorruptState("a seat holds mystery, horror, shadow and Dylan Dog cards; not "
                           f"{known.kinds[held[index]]} card {held[index]}",
                           f"{path}[{index}]")


def _check_table(table: _Table, revealed: tuple[frozenset[str], ...]) -> None:
    """The fields a state and a view share, but the cards and the phase."""
    players = table.players
    if not _is_int(table.active, 0, players - 1):
        raise CorruptState(f"the active seat is a seat from 0 to {players - 1}", "data.active")
    if type(table.turn) is not int or table.turn < 0:
        raise CorruptState("the turn counts the finished turns, from 0", "data.turn")
    if not _is_int(table.rotation, 0, table.board.sectors - 1):
        raise CorruptState(f"the rotation is a sector offset from 0 to "
                           f"{table.board.sectors - 1}", "data.rotation")
    pawns = (table.config, table.pawns)  # checked once for the states that share them
    if not _PAWNS.holds(pawns):
        for seat, pawn in enumerate(table.pawns):
            _check_pawn(table.board, table.geo, pawn, f"data.pawns[{seat}]")
        _PAWNS.remember(pawns)
    if table.die is not None and (type(table.die) is not int or table.die not in FACES):
        raise CorruptState("the die shows 2 to 6 or the Dylan Dog face (0)", "data.die")
    if table.drawn is not None and not (_is_int(table.drawn, 0, table.known.size - 1)
                                        and table.known.kinds[table.drawn] == "nightmare"):
        raise CorruptState("the last card drawn is a nightmare card", "data.drawn")
    shapes = table.known.shape
    for seat, shown in enumerate(revealed):
        if not shown:
            continue
        story = table.stories[seat]
        # A seat shows a shape to play a shadow card that matches one of its story cards.
        possible = ({shapes[card] for card in story} if story
                    else {shapes[card] for card in table.known.story})
        for shape in shown:
            if not isinstance(shape, str) or shape not in possible:
                raise CorruptState(f"seat {seat} cannot have shown the shape {shape!r}: "
                                   "it is on none of its story cards",
                                   f"data.revealed_shapes[{seat}]")


_PAWNS = Passed()
"""The pawns the pawn checks last passed: the states ``determinize`` redeals from a
state share them, and so do the states of a turn until a pawn moves."""


def _check_pawn(board: Board, geo: Geometry, pawn: Pawn, path: str) -> None:
    if not isinstance(pawn, Pawn):
        raise CorruptState("a pawn is a Pawn record", path)
    for field in ("square", "gate", "branch"):
        if type(getattr(pawn, field)) is not int:
            raise CorruptState("an integer", f"{path}.{field}")
    if pawn.plane in ("reality", "nightmare", "crypt"):
        if pawn.gate != -1 or pawn.branch != -1:
            field = "gate" if pawn.gate != -1 else "branch"
            raise CorruptState(f"only a pawn on a mystery path has a {field} (-1 elsewhere)",
                               f"{path}.{field}")
        if pawn.plane == "crypt":
            if not 0 <= pawn.square < len(board.crypts):
                raise CorruptState(f"there is no crypt {pawn.square} (0 to "
                                   f"{len(board.crypts) - 1})", f"{path}.square")
        elif not 0 <= pawn.square < board.sectors:
            raise CorruptState(f"a {pawn.plane} square is 0 to {board.sectors - 1}",
                               f"{path}.square")
        return
    if pawn.plane != "mystery":
        raise CorruptState("a pawn is in reality, on the nightmare or mystery plane, or in "
                           "a crypt", f"{path}.plane")
    if not 0 <= pawn.gate < len(board.gates):
        raise CorruptState(f"there is no gate {pawn.gate} (0 to {len(board.gates) - 1})",
                           f"{path}.gate")
    gate = board.gates[pawn.gate]
    if not 0 <= pawn.square <= gate.length:
        raise CorruptState(f"gate {gate.name}'s path has squares 0 to {gate.length}",
                           f"{path}.square")
    if pawn.square > len(gate.shared):
        if pawn.branch not in geo.gate_crypts[pawn.gate]:
            raise CorruptState(f"past the fork a pawn is on the branch of a crypt of gate "
                               f"{gate.name}: one of {list(geo.gate_crypts[pawn.gate])}",
                               f"{path}.branch")
    elif pawn.branch != -1:
        raise CorruptState("before the fork a pawn is on no branch (-1)", f"{path}.branch")


def _check_turn(table: _Table, phase: Phase) -> None:
    """The End of the Game: the turn limit; seats play in turn from ``first_player``."""
    config = table.config
    timed_out = isinstance(phase, Over) and phase.reason == "turn_limit"
    limit = config.turn_limit
    if limit is not None:
        if timed_out and table.turn != limit:
            raise CorruptState(f"a game ended by the turn limit stopped at turn {limit}",
                               "data.turn")
        if not timed_out and table.turn >= limit:
            raise CorruptState(f"turn {table.turn} is past the turn limit ({limit}): the "
                               "game would be over", "data.turn")
    # The last turn of a game ended by the limit is still the active seat's.
    expected = (config.first_player + table.turn - timed_out) % table.players
    if table.active != expected:
        raise CorruptState(f"after {table.turn} turns from seat {config.first_player} it is "
                           f"seat {expected}'s turn, not seat {table.active}'s", "data.active")
    started = not (table.turn == 0 and isinstance(phase, TurnStart))
    if (table.die is None) == started:
        raise CorruptState("the die shows nothing exactly before the first throw (turn 0, "
                           "at the start of the turn)", "data.die")


def _completed(table: _Table, seat: int) -> bool:
    """The End of the Game: ``seat`` holds the mystery cards of its 4 story elements."""
    return table.known.completes(table.stories[seat], table.held[seat])


# -- the phase ---------------------------------------------------------------------------------


def _check_phase_at(table: _Table, phase: Phase) -> None:
    try:
        _check_phase(table, phase)
    except _Bad as bad:
        raise CorruptState(bad.message, "data.phase" + (f".{bad.field}" if bad.field
                                                        else "")) from None
    _check_crypt_pawns(table, phase)
    _check_first_round(table, phase)


def _check_first_round(table: _Table, phase: Phase) -> None:
    """Starting the Game: a pawn stands on a white square of reality until its seat's
    first turn moves it (others can only send it back to a white square)."""
    if isinstance(phase, Over) or table.turn >= table.players:
        return
    started = table.turn + (not isinstance(phase, (TurnStart, Trading)))
    for later in range(started, table.players):
        seat = (table.config.first_player + later) % table.players
        pawn = table.pawns[seat]
        if pawn.plane != "reality" or pawn.square not in table.geo.white:
            raise CorruptState(f"seat {seat} has not started its first turn: its pawn "
                               "stands on a white square of reality", f"data.pawns[{seat}]")


def _check_crypt_pawns(table: _Table, phase: Phase) -> None:
    """A pawn stands in a crypt only during its own turn, while the crypt's business is
    done: searched, found empty, fought in, a card put back, or until it goes back to
    reality (or the search won the game)."""
    for seat, pawn in enumerate(table.pawns):
        if pawn.plane != "crypt":
            continue
        here = (seat == table.active and (
            (isinstance(phase, (*_CRYPT_PHASES, Horror)) and phase.crypt == pawn.square)
            or (isinstance(phase, Returning) and phase.seat == seat)
            or (isinstance(phase, Over) and phase.reason == "four_mystery_cards")))
        if not here:
            raise CorruptState("a pawn stays in a crypt only while its own turn deals "
                               "with that crypt", f"data.pawns[{seat}]")


def _check_phase(table: _Table, phase: Phase) -> None:
    players = table.players
    seats = range(players)
    others = frozenset(seats) - {table.active}
    pawn = table.pawns[table.active]
    if isinstance(phase, (TurnStart, Trading)):
        _check_trading(table, phase, others)
    elif isinstance(phase, (ChoosingDistance, Moving)):
        _check_move(table, phase, pawn)
    elif isinstance(phase, _CRYPT_PHASES):
        if not _is_int(phase.crypt, 0, len(table.board.crypts) - 1):
            raise _Bad(f"there is no crypt {phase.crypt!r}", "crypt")
        if pawn != Pawn("crypt", phase.crypt):
            raise _Bad("the active pawn stands in this crypt", "crypt")
        if isinstance(phase, Searching) and not table.crypt_sizes[phase.crypt]:
            raise _Bad("an empty crypt is not searched: it is an EmptyCrypt", "crypt")
        if isinstance(phase, EmptyCrypt) and table.crypt_sizes[phase.crypt]:
            raise _Bad("this crypt still holds cards: it is searched", "crypt")
        if isinstance(phase, PuttingBack) and not _holds(table, table.active, "mystery"):
            raise _Bad("the loser puts back one of its mystery cards, and holds none")
    elif isinstance(phase, Horror):
        _check_horror(table, phase, others, pawn)
    elif isinstance(phase, Claiming):
        if phase.target not in others:
            raise _Bad("the challenger claims from another seat", "target")
        if not _holds(table, phase.target, "mystery"):
            raise _Bad(f"seat {phase.target} holds no mystery card to claim", "target")
    elif isinstance(phase, Shadow):
        if pawn.plane != "mystery" or table.geo.path_square(pawn.gate, pawn.square) != "shadow":
            raise _Bad("the active pawn stands on a shadow square of a mystery path")
    elif isinstance(phase, Exchange):
        _check_exchange(table, phase, others, pawn)
    elif isinstance(phase, CardChoice):
        _check_card_choice(table, phase, pawn)
    elif isinstance(phase, Returning):
        if not _is_int(phase.seat, 0, players - 1):
            raise _Bad(f"there is no seat {phase.seat!r}", "seat")
    elif isinstance(phase, Over):
        _check_over(table, phase)
    else:
        raise _Bad(f"not a phase of Dylan Dog: {type(phase).__name__}")
    if not isinstance(phase, Over):
        for seat in seats:
            if _completed(table, seat):
                raise _Bad(f"seat {seat} holds the 4 mystery cards of its story: the game "
                           "would be over")


def _holds(table: _Table, seat: int, kind: str) -> bool:
    kinds = table.known.kinds
    return any(kinds[card] == kind for card in table.held[seat])


def _offered_to(table: _Table, offered: object, others: frozenset[int], most: int) -> None:
    if not isinstance(offered, frozenset) or not offered <= others:
        raise _Bad("trades are proposed to other seats", "offered_to")
    cap = table.config.offers_per_turn
    if cap is not None and len(offered) > cap - most:
        raise _Bad(f"at most {cap} trade proposals a turn (offers_per_turn)", "offered_to")


def _check_trading(table: _Table, phase: TurnStart | Trading, others: frozenset[int]) -> None:
    """Exchange: one proposal to each other seat a turn, cards named one after the other."""
    if isinstance(phase, TurnStart):
        _offered_to(table, phase.offered_to, others, 0)
        return
    # A proposal under way counts against the cap too.
    _offered_to(table, phase.offered_to, others, 1)
    if phase.partner not in others - phase.offered_to:
        raise _Bad("the trade is proposed to another seat, not already proposed to this "
                   "turn", "partner")
    mine, theirs = table.held[table.active], table.held[phase.partner]
    if not mine or not theirs:
        raise _Bad("both seats of a trade hold a card to trade", "partner")
    if phase.offer != -1 and phase.offer not in mine:
        raise _Bad("the card offered is one of the active seat's (-1 until named)", "offer")
    if phase.ask != -1 and (phase.offer == -1 or phase.ask not in theirs):
        raise _Bad("the card asked for is one of the partner's, named after the offer "
                   "(-1 until named)", "ask")


def _card_text(table: _Table, card: int | None) -> NightmareCard | None:
    """The nightmare card ``card`` (the last one drawn), or None."""
    known = table.known
    if card is None or not _is_int(card, 0, known.size - 1) or \
            known.kinds[card] != "nightmare":
        return None
    return table.config.the_cards().nightmare[card - known.nightmare.start]


def _check_move(table: _Table, phase: ChoosingDistance | Moving, pawn: Pawn) -> None:
    """The Die, First Turn, Later Turns and the rotate and step-again Nightmare Cards:
    what asked for the distance bounds it."""
    first_turn = table.turn < table.players
    mode = phase.mode
    if mode in ("first", "move"):
        if (mode == "first") != first_turn:
            raise _Bad("a seat's first turn (turn < players) only rotates the plane "
                       "(mode first); later turns move", "mode")
        if mode == "first" and pawn.plane != "reality":
            raise _Bad("a first turn starts in reality", "mode")
        if phase.drawn_at != -1:
            raise _Bad("a move of the die comes from no nightmare square (-1)", "drawn_at")
        if isinstance(phase, ChoosingDistance):
            if table.die != DYLAN_FACE or phase.most != MOST_DISTANCE or phase.heading:
                raise _Bad(f"only the Dylan Dog face lets a seat choose 1 to {MOST_DISTANCE}",
                           "most")
            return
        thrown = MOST_DISTANCE if table.die == DYLAN_FACE else table.die
        if table.die is None or not _is_int(phase.left, 1, thrown or 0):
            raise _Bad(f"a move spends 1 to {thrown} units, what the die gave", "left")
        if mode == "first" and (phase.heading or phase.landed):
            raise _Bad("a first turn only rotates the plane: the pawn does not move",
                       "landed")
    else:
        text = _card_text(table, table.drawn)
        effect = "rotate" if mode == "rotate" else "step_again"
        if text is None or text.effect != effect:
            raise _Bad(f"a {mode} move comes from the {effect.replace('_', ' ')} card just "
                       "drawn", "mode")
        if not _is_int(phase.drawn_at, 0, table.board.sectors - 1) or \
                table.board.nightmare[phase.drawn_at] != "nightmare_card":
            raise _Bad("the card was drawn on a nightmare-card square", "drawn_at")
        if pawn.plane not in ("reality", "nightmare"):
            raise _Bad("a nightmare card is drawn in reality or on the nightmare plane",
                       "mode")
        most = text.most
        if isinstance(phase, ChoosingDistance):
            if phase.most != most:
                raise _Bad(f"the card moves 1 to {most}", "most")
        else:
            if not _is_int(phase.left, 1, most):
                raise _Bad(f"the card moves 1 to {most} units", "left")
            if not phase.landed:
                raise _Bad("a nightmare card's move goes on with the move that landed "
                           "on its square", "landed")
            if mode == "step" and phase.spin:
                raise _Bad("a step-again card does not rotate the plane", "spin")
        if mode == "rotate" and phase.heading:
            raise _Bad("a rotate card does not move the pawn", "heading")
    if isinstance(phase, ChoosingDistance):
        if phase.heading not in _RINGS:
            raise _Bad("a step-again card is drawn on a ring", "heading")
        return
    if type(phase.landed) is not bool:
        raise _Bad("true or false", "landed")
    on_ring = pawn.plane in ("reality", "nightmare")
    if phase.heading and (phase.heading in _RINGS) != on_ring:
        raise _Bad(f"a pawn on the {pawn.plane} plane cannot be heading {phase.heading}",
                   "heading")


def _check_horror(table: _Table, phase: Horror, others: frozenset[int], pawn: Pawn) -> None:
    """Horror Cards: a card drawn from a crypt, or a challenge before the throw."""
    known = table.known
    if not _is_int(phase.card, 0, known.size - 1) or known.kinds[phase.card] != "horror":
        raise _Bad("a horror fight is against a horror card", "card")
    if phase.challenger == -1:
        if phase.seat != table.active:
            raise _Bad("the seat that drew the horror card fights it", "seat")
        if not _is_int(phase.crypt, 0, len(table.board.crypts) - 1) or \
                pawn != Pawn("crypt", phase.crypt):
            raise _Bad("a horror card drawn from a crypt: the crypt the pawn stands in",
                       "crypt")
        return
    if phase.challenger != table.active:
        raise _Bad("the challenger is the active seat (-1: a card drawn from a crypt)",
                   "challenger")
    if phase.crypt != -1:
        raise _Bad("a challenge comes from no crypt (-1)", "crypt")
    if phase.seat not in others:
        raise _Bad("the challenged seat is another seat", "seat")
    if plane_of(table.pawns[phase.seat]) != plane_of(pawn):
        raise _Bad("only a seat on the same plane is challenged", "seat")


def _check_exchange(table: _Table, phase: Exchange, others: frozenset[int],
                    pawn: Pawn) -> None:
    """The Nightmare Plane: the forced exchange of the square aligned with the mystery
    plane's exchange square; Exchange: a card taken, then one given."""
    geo = table.geo
    if pawn.plane != "nightmare" or table.board.nightmare[pawn.square] != "exchange" or \
            geo.sector(pawn.square, table.rotation) not in geo.exchange:
        raise _Bad("the active pawn stands on a forced-exchange square aligned with the "
                   "mystery plane's")
    if phase.target == -1:
        if phase.took != -1:
            raise _Bad("a card is taken once the other seat is chosen", "took")
        return
    if phase.target not in others:
        raise _Bad("the exchange is with another seat (-1 until chosen)", "target")
    mine = table.held[table.active]
    if phase.took == -1:
        if not table.held[phase.target]:
            raise _Bad(f"seat {phase.target} holds no card to take", "target")
    elif phase.took not in mine or len(mine) < 2:
        raise _Bad("the card taken is now the active seat's, which has another card to "
                   "give (-1 until taken)", "took")


def _check_card_choice(table: _Table, phase: CardChoice, pawn: Pawn) -> None:
    """Nightmare Cards: "enter a dimension" (a gate of its crypt) or "send a pawn to
    reality" (``crypt`` -1), the card just drawn."""
    text = _card_text(table, phase.card)
    if text is None or phase.card != table.drawn or text.effect not in (
            "enter_dimension", "send_to_reality"):
        raise _Bad("the choice belongs to the enter-a-dimension or send-to-reality card "
                   "just drawn", "card")
    crypt = (table.board.crypt_index(text.crypt) if text.effect == "enter_dimension"
             else -1)
    if phase.crypt != crypt:
        raise _Bad(f"the card names crypt {crypt} (-1: send a pawn to reality)", "crypt")
    if pawn.plane not in ("reality", "nightmare"):
        raise _Bad("a nightmare card is drawn in reality or on the nightmare plane", "card")


def _check_over(table: _Table, phase: Over) -> None:
    """The End of the Game: the seats with their 4 mystery cards win; the turn limit
    ends a game with none."""
    if not isinstance(phase.winners, frozenset) or not phase.winners <= frozenset(
            range(table.players)):
        raise _Bad("the winners are seats", "winners")
    completed = frozenset(seat for seat in range(table.players) if _completed(table, seat))
    if phase.reason == "turn_limit":
        if table.config.turn_limit is None:
            raise _Bad("this game has no turn limit", "reason")
        if phase.winners or completed:
            raise _Bad("a game ended by the turn limit has no winner, and nobody had found "
                       "its 4 mystery cards", "winners")
    elif not phase.winners or phase.winners != completed:
        raise _Bad("the winners are exactly the seats holding the 4 mystery cards of their "
                   f"story: {sorted(completed)}", "winners")


# -- the view ---------------------------------------------------------------------------------


def validate_view(view: View) -> None:
    """Raise :class:`CorruptState` naming the path when ``view`` is not one
    :func:`~partyrules.games.dylan_dog.views.view` could have produced: the state's
    checks on what the view shows, and counts that add up with the cards shown."""
    if not isinstance(view, View):
        raise CorruptState(f"expected a dylan_dog View, got {type(view).__name__}")
    config = view.config
    if not isinstance(config, Config):
        raise CorruptState("expected a dylan_dog Config", "data.config")
    players = config.players
    board = config.the_board()
    known = catalog(config.the_cards())
    if view.seat is not None and not _is_int(view.seat, 0, players - 1):
        raise CorruptState(f"the viewer is a seat from 0 to {players - 1}, or null for a "
                           "spectator", "data.seat")
    _tuple_per(view.pawns, players, "seat", "data.pawns", None)
    _tuple_per(view.stories, players, "seat", "data.stories")
    _tuple_per(view.held, players, "seat", "data.held")
    _tuple_per(view.revealed_shapes, players, "seat", "data.revealed_shapes", frozenset)
    _tuple_per(view.known_in_crypts, len(board.crypts), "crypt", "data.known_in_crypts",
               frozenset)
    if not isinstance(view.crypt_sizes, tuple) or len(view.crypt_sizes) != len(board.crypts):
        raise CorruptState(f"one size per crypt ({len(board.crypts)})", "data.crypt_sizes")
    if not isinstance(view.removed, tuple):
        raise CorruptState("a list of cards", "data.removed")
    _check_view_cards(view, known)
    over = isinstance(view.phase, Over)
    for seat, story in enumerate(view.stories):
        if story or over or seat == view.seat:
            _check_story(known, story, f"data.stories[{seat}]")
        if story and not (over or seat == view.seat):
            viewer = "a spectator" if view.seat is None else f"seat {view.seat}"
            raise CorruptState(f"{viewer} does not see seat {seat}'s story before the "
                               "game is over", f"data.stories[{seat}]")
    table = _Table(config, board, geometry(board), known, view.active, view.turn,
                   view.rotation, view.pawns, view.held, view.crypt_sizes, view.die,
                   view.drawn, view.stories)
    _check_table(table, view.revealed_shapes)
    _check_phase_at(table, view.phase)
    _check_turn(table, view.phase)
    expected = frozenset() if over else frozenset((phase_actor(table.active, view.phase),))
    if view.to_act != expected:
        raise CorruptState(f"the seats to act now are {sorted(expected)}", "data.to_act")


def _check_view_cards(view: View, known: Catalog) -> None:
    """Every card shown lies in one place, of a kind that may lie there; the hidden ones
    add up to the sizes of the crypts and decks."""
    ids = _ids(view.config.the_cards())
    shown: list[tuple[str, tuple[int, ...] | frozenset[int]]] = [
        *((f"stories[{seat}]", story) for seat, story in enumerate(view.stories)),
        *((f"held[{seat}]", held) for seat, held in enumerate(view.held)),
        ("removed", view.removed),
        *((f"known_in_crypts[{crypt}]", cards)
          for crypt, cards in enumerate(view.known_in_crypts)),
    ]
    if isinstance(view.phase, Horror):
        shown.append(("phase.card", (view.phase.card,)))
    every = [card for _, cards in shown for card in cards]
    if not (set(map(type, every)) <= {int} and len(set(every)) == len(every)
            and ids.every.issuperset(every)):
        _find_a_card_shown_twice(shown, known)
    for seat, held in enumerate(view.held):
        _check_held(known, ids, held, f"data.held[{seat}]")
    index = _first_outside(view.removed, ids.horror)
    if index is not None:
        raise CorruptState("only horror cards leave the game", f"data.removed[{index}]")
    in_crypts_total = len(ids.in_crypts)
    for crypt, cards in enumerate(view.known_in_crypts):
        if not cards <= ids.mystery:
            raise CorruptState("the cards known in a crypt are mystery cards put back",
                               f"data.known_in_crypts[{crypt}]")
        size = view.crypt_sizes[crypt]
        if not _is_int(size, len(cards), in_crypts_total):
            raise CorruptState(f"a crypt holds 0 to {in_crypts_total} cards, at least the "
                               "ones known in it", f"data.crypt_sizes[{crypt}]")
    known_in_crypts = sum(len(cards) for cards in view.known_in_crypts)
    in_crypts = in_crypts_total - len(ids.in_crypts.intersection(every)) + known_in_crypts
    if sum(view.crypt_sizes) != in_crypts:
        raise CorruptState(f"the crypts hold the {in_crypts} mystery and horror cards not "
                           "shown elsewhere", "data.crypt_sizes")
    in_hands = [card for cards in view.held for card in cards]
    for field, kind, deck in (("nightmare_size", "nightmare", ids.nightmare),
                              ("dylan_dog_size", "Dylan Dog", ids.dylan_dog)):
        size = len(deck) - len(deck.intersection(in_hands))
        if type(getattr(view, field)) is not int or getattr(view, field) != size:
            raise CorruptState(f"the deck holds the {size} {kind} cards no seat holds",
                               f"data.{field}")


def _find_a_card_shown_twice(shown: list[tuple[str, tuple[int, ...] | frozenset[int]]],
                             known: Catalog) -> None:
    """Raise naming the first card of ``shown`` that is no card, or shown twice."""
    seen: dict[int, str] = {}
    for place, cards in shown:
        # A set's index is its place in the sorted list the document holds.
        listed = sorted(cards, key=lambda card: (type(card) is not int, card
                                                 if type(card) is int else 0)) \
            if isinstance(cards, frozenset) else cards
        for index, card in enumerate(listed):
            path = f"data.{place}[{index}]"
            if not _is_int(card, 0, known.size - 1):
                raise CorruptState(f"no card {card!r}", path)
            if card in seen:
                raise CorruptState(f"card {card} is also in {seen[card]}", path)
            seen[card] = place
