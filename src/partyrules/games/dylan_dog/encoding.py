"""Dylan Dog's encoding: fixed action ids and a flat observation tensor per config.

**Action ids.** Every action kind has a block of ids, in the order of
:data:`~partyrules.games.dylan_dog.actions.ACTION_TYPES` (:func:`action_ranges` gives
the blocks of a config). A card is numbered within the cards its kind may name: the
*holdable* cards (mystery, horror, shadow and Dylan Dog cards, in catalog order) for a
trade or an exchange, the horror cards for a challenge, the shadow cards for a shadow
square, the mystery cards for putting back and claiming. Another seat is named by how
many seats clockwise it sits from the actor (1 to players - 1), so "propose a trade to
the next seat" is one id whoever proposes. A crypt search names a slot, up to the number
of crypt cards; a step names a direction (the two rings, ``"gate"``, ``"crypt"``, then a
crypt's name for the branch at a fork).

**Observation tensor.** One flat block of 0/1 flags (one-hot and multi-hot sections)
followed by a block of scalars scaled to about 0..1 (:func:`observation_layout` gives
every section). Seat sections are ordered from the viewer: the viewer's own hand,
pawn and story come first, then the next seat clockwise, and so on (a spectator reads
them from seat 0). Only what the view shows is encoded: the other seats' stories are
empty until the game is over, the crypts are sizes and the mystery cards known to have
been put back, the decks are sizes.

The layout is documented on the game's page (``docs/games/dylan_dog.md``,
"Encodings").

>>> from partyrules.games.dylan_dog.state import Config
>>> config = Config(players=3)
>>> ENCODING.num_actions(config), ENCODING.observation_shape(config)
(378, (881,))
>>> action_ranges(config)["Roll"]
range(112, 113)
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import Any

import attrs

from partyrules.core.encoding import Encoding, Numbered, checked_id, in_id_order
from partyrules.core.errors import IllegalAction
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
    Plane,
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
from partyrules.games.dylan_dog.cards import FACES, MOST_DISTANCE, catalog
from partyrules.games.dylan_dog.moves import CRYPT, GATE, RINGS, offers_left
from partyrules.games.dylan_dog.rules import legal_actions
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
    PuttingBack,
    Returning,
    Searching,
    Shadow,
    State,
    Trading,
    TurnStart,
    View,
)

__all__ = [
    "ENCODING",
    "MOST_DISTANCE",
    "PHASES",
    "PLANES",
    "TURN_SCALE",
    "action_from_id",
    "action_id",
    "action_ranges",
    "num_actions",
    "numbered",
    "observation_bounds",
    "observation_layout",
    "observation_shape",
    "observation_tensor",
]

PLANES: tuple[Plane, ...] = ("reality", "nightmare", "mystery")
"""The planes a ``ChangePlane`` names, in id order."""

PHASES: tuple[type, ...] = (TurnStart, Trading, ChoosingDistance, Moving, Searching,
                            EmptyCrypt, Horror, PuttingBack, Claiming, Shadow, Exchange,
                            CardChoice, Returning, Over)
"""The phase records, in the order of the tensor's ``phase`` section."""

TURN_SCALE = 600
"""The turn count's scale when a config has no turn limit (the default limit)."""

_MODES = ("first", "move", "rotate", "step")
_HEADINGS = ("clockwise", "counterclockwise", "in", "out")
_OVER_REASONS = ("four_mystery_cards", "turn_limit")


# -- what a config numbers --------------------------------------------------------------------


@attrs.frozen(slots=True)
class _Numbering:
    """The components of one config that ids and tensor sections count."""

    holdable: tuple[int, ...]
    """The cards a seat may hold: mystery, horror, shadow and Dylan Dog, catalog order."""
    shadows: tuple[int, ...]
    mystery_start: int
    mystery: int
    horror_start: int
    horror: int
    story_start: int
    story: int
    directions: tuple[str, ...]
    """A step's directions: the rings, gate, crypt, then the crypts' names (a fork)."""
    slots: int
    """The most cards a crypt can hold: every mystery and horror card."""
    deal: int
    """The cards a crypt is dealt at setup (the largest crypt's)."""
    places: Mapping[Pawn, int]
    """Every square a pawn can stand on: reality, nightmare, the mystery paths, crypts."""
    shapes: Mapping[str, int]
    texts: tuple[int, ...]
    """Per nightmare card (from the deck's first), the index of its text among the
    distinct texts of the deck (equal cards share one)."""
    text_count: int


@lru_cache(maxsize=32)
def _numbering(config: Config) -> _Numbering:
    cards = config.the_cards()
    board = config.the_board()
    known = catalog(cards)
    shadows = tuple(card for card in known.nightmare
                    if cards.nightmare[card - known.nightmare.start].effect == "shadow")
    holdable = (*known.mystery, *known.horror, *shadows, *known.dylan_dog)
    names = tuple(crypt.name for crypt in board.crypts)
    crypt_cards = len(known.crypt_cards)
    places: dict[Pawn, int] = {}
    for plane in ("reality", "nightmare"):
        for square in range(board.sectors):
            places[Pawn(plane, square)] = len(places)
    for gate_index, gate in enumerate(board.gates):
        for square in range(len(gate.shared) + 1):
            places[Pawn("mystery", square, gate_index)] = len(places)
        for name in gate.crypts:
            branch = names.index(name)
            for square in range(len(gate.shared) + 1, gate.length + 1):
                places[Pawn("mystery", square, gate_index, branch)] = len(places)
    for crypt in range(len(names)):
        places[Pawn("crypt", crypt)] = len(places)
    shapes = sorted({card.shape for card in cards.story}
                    | {card.shape for card in cards.nightmare if card.effect == "shadow"})
    distinct: dict[object, int] = {}
    texts = tuple(distinct.setdefault(card, len(distinct)) for card in cards.nightmare)
    return _Numbering(
        holdable=holdable, shadows=shadows,
        mystery_start=known.mystery.start, mystery=len(known.mystery),
        horror_start=known.horror.start, horror=len(known.horror),
        story_start=known.story.start, story=len(known.story),
        directions=tuple(dict.fromkeys((*RINGS, GATE, CRYPT, *names))),
        slots=crypt_cards, deal=math.ceil(crypt_cards / len(names)),
        places=MappingProxyType(places), shapes=MappingProxyType(
            {shape: index for index, shape in enumerate(shapes)}),
        texts=texts, text_count=len(distinct),
    )


# -- action ids --------------------------------------------------------------------------------


@attrs.frozen(slots=True)
class _ActionSpace:
    """Every action of every seat by id, and the id of every action."""

    ranges: Mapping[str, range]
    by_id: tuple[tuple[Action, ...], ...]
    """Per seat, its action for each id."""
    ids: Mapping[Action, int]


def _seat_actions(config: Config, seat: int) -> list[tuple[type, list[Action]]]:
    """``seat``'s actions, kind by kind, in id order."""
    numbering = _numbering(config)
    players = config.players
    others = [(seat + offset) % players for offset in range(1, players)]
    holdable = numbering.holdable
    mystery = range(numbering.mystery_start, numbering.mystery_start + numbering.mystery)
    horror = range(numbering.horror_start, numbering.horror_start + numbering.horror)
    board = config.the_board()
    return [
        (ProposeTrade, [ProposeTrade(seat, other) for other in others]),
        (OfferCard, [OfferCard(seat, card) for card in holdable]),
        (AskCard, [AskCard(seat, card) for card in holdable]),
        (AcceptTrade, [AcceptTrade(seat)]),
        (DeclineTrade, [DeclineTrade(seat)]),
        (Roll, [Roll(seat)]),
        (ChooseDistance, [ChooseDistance(seat, n) for n in range(1, MOST_DISTANCE + 1)]),
        (Challenge, [Challenge(seat, other, card) for other in others for card in horror]),
        (Step, [Step(seat, direction) for direction in numbering.directions]),
        (ChangePlane, [ChangePlane(seat, plane) for plane in PLANES]),
        (Rotate, [Rotate(seat, direction) for direction in RINGS]),
        (Search, [Search(seat, slot) for slot in range(numbering.slots)]),
        (UseDylanDog, [UseDylanDog(seat)]),
        (FaceHorror, [FaceHorror(seat)]),
        (UseShadow, [UseShadow(seat, card) for card in numbering.shadows]),
        (GoToReality, [GoToReality(seat)]),
        (PutBack, [PutBack(seat, card) for card in mystery]),
        (ClaimCard, [ClaimCard(seat, card) for card in mystery]),
        (ForceExchange, [ForceExchange(seat, other) for other in others]),
        (TakeCard, [TakeCard(seat, card) for card in holdable]),
        (GiveCard, [GiveCard(seat, card) for card in holdable]),
        (SkipExchange, [SkipExchange(seat)]),
        (ChooseGate, [ChooseGate(seat, gate) for gate in range(len(board.gates))]),
        (SendToReality, [SendToReality(seat, other) for other in others]),
        (Return, [Return(seat, square) for square in board.white_squares]),
    ]


@lru_cache(maxsize=32)
def _space(config: Config) -> _ActionSpace:
    by_id: list[tuple[Action, ...]] = []
    ids: dict[Action, int] = {}
    ranges: dict[str, range] = {}
    for seat in range(config.players):
        flat: list[Action] = []
        for kind, actions in _seat_actions(config, seat):
            ranges[kind.__name__] = range(len(flat), len(flat) + len(actions))
            flat.extend(actions)
        by_id.append(tuple(flat))
        ids.update((action, number) for number, action in enumerate(flat))
    return _ActionSpace(MappingProxyType(ranges), tuple(by_id), MappingProxyType(ids))


def action_ranges(config: Config) -> Mapping[str, range]:
    """The block of ids of each action kind (by class name), in id order.

    >>> from partyrules.games.dylan_dog.state import Config
    >>> action_ranges(Config(players=3))["ProposeTrade"]
    range(0, 2)
    """
    return _space(config).ranges


def num_actions(config: Config) -> int:
    """The size of a config's action space: ``4 * holdable + 2 * mystery + shadows
    + (players - 1) * (3 + horror) + 6 + directions + 3 + 2 + slots + gates
    + white squares + 7``."""
    return len(_space(config).by_id[0])


def action_id(state: State, action: Action) -> int:
    """The id of ``action`` in ``state``'s config; ``IllegalAction`` for an action with
    none (a card its kind cannot name, a seat of no such table, not an action)."""
    try:
        number = _space(state.config).ids.get(action)
    except TypeError:  # an unhashable field: no action of the space
        number = None
    if number is None:
        raise IllegalAction(f"Dylan Dog: {action!r} has no action id in this config")
    return number


def numbered(state: State, seat: int) -> Numbered[Action]:
    """``seat``'s legal actions by id, as numbering ``legal_actions`` gives them, in one
    pass: the rules list only actions of the config's space, so each id is looked up at
    once (the space's table fetched once, no check of a stranger's action)."""
    ids = _space(state.config).ids
    listed = tuple(legal_actions(state, seat))
    return in_id_order(listed, [ids[action] for action in listed], "Dylan Dog")


def action_from_id(state: State, seat: int, number: int) -> Action:
    """The action that id ``number`` stands for, taken by ``seat``; ``IllegalAction``
    for an id outside the space or a seat of no such table."""
    space = _space(state.config)
    if type(seat) is not int or not 0 <= seat < len(space.by_id):
        raise IllegalAction(f"Dylan Dog: there is no seat {seat!r}")
    actions = space.by_id[seat]
    return actions[checked_id(number, len(actions), "Dylan Dog")]


# -- the observation tensor ----------------------------------------------------------------


@attrs.frozen(slots=True)
class _Layout:
    """Where each section of the tensor starts, and its width."""

    sections: Mapping[str, range]
    flags: int
    """The width of the 0/1 block (the scalars follow it)."""
    size: int


def _section_widths(config: Config) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    numbering = _numbering(config)
    board = config.the_board()
    players = config.players
    crypts = len(board.crypts)
    holdable = len(numbering.holdable)
    flags = [
        ("viewer", players), ("to_act", players), ("active", players), ("first_turn", 1),
        ("rotation", board.sectors), ("pawns", players * len(numbering.places)),
        ("stories", players * numbering.story), ("held", players * holdable),
        ("revealed_shapes", players * len(numbering.shapes)),
        ("known_in_crypts", crypts * numbering.mystery), ("removed", numbering.horror),
        ("die", len(FACES)), ("drawn", numbering.text_count), ("phase", len(PHASES)),
        ("phase_seat", players), ("challenger", players), ("offered_to", players),
        ("card_out", holdable), ("card_in", holdable), ("horror_fought", numbering.horror),
        ("phase_crypt", crypts), ("mode", len(_MODES)), ("heading", len(_HEADINGS)),
        ("spin", len(RINGS)), ("drawn_at", board.sectors), ("landed", 1),
        ("over_reason", len(_OVER_REASONS)), ("winners", players),
    ]
    scalars = [("turn", 1), ("crypt_sizes", crypts), ("nightmare_size", 1),
               ("dylan_dog_size", 1), ("offers_left", 1), ("most", 1), ("left", 1)]
    return flags, scalars


@lru_cache(maxsize=32)
def _layout(config: Config) -> _Layout:
    flags, scalars = _section_widths(config)
    sections: dict[str, range] = {}
    start = 0
    for name, width in (*flags, *scalars):
        sections[name] = range(start, start + width)
        start += width
    return _Layout(MappingProxyType(sections), sum(width for _, width in flags), start)


def observation_layout(config: Config) -> Mapping[str, range]:
    """The tensor's sections by name, in order: the indices each one covers.

    >>> from partyrules.games.dylan_dog.state import Config
    >>> observation_layout(Config(players=3))["rotation"]
    range(10, 34)
    """
    return _layout(config).sections


def observation_shape(config: Config) -> tuple[int, ...]:
    """The shape of a config's tensor: one flat vector of ``observation_layout``'s
    sections."""
    return (_layout(config).size,)


@attrs.frozen(slots=True)
class _SeatIndex:
    """For one viewer, where each seat's sections lie: per seat, the flat index of each
    pawn place, story card, held card and revealed shape (seats ordered from the
    viewer), and each seat's offset from the viewer."""

    pawns: tuple[Mapping[tuple[str, int, int, int], int], ...]
    """Keyed by a pawn's fields (plane, square, gate, branch): a tuple hashes in C, a
    ``Pawn`` record through its generated methods, at four pawns a tensor."""
    stories: tuple[Mapping[int, int], ...]
    held: tuple[Mapping[int, int], ...]
    shapes: tuple[Mapping[str, int], ...]
    offset: tuple[int, ...]


@attrs.frozen(slots=True)
class _Tables:
    """The lookups the encoder needs, of one config: section starts, the index of each
    component, and a :class:`_SeatIndex` per viewer."""

    players: int
    seats: tuple[_SeatIndex, ...]
    """Per viewer seat (a spectator reads as seat 0)."""
    holdable: Mapping[int, int]
    mystery_start: int
    mystery_count: int
    horror_start: int
    faces: Mapping[int, int]
    texts: tuple[int, ...]
    nightmare_start: int
    phases: Mapping[type, int]
    modes: Mapping[str, int]
    headings: Mapping[str, int]
    rings: Mapping[str, int]
    reasons: Mapping[str, int]
    at: Mapping[str, int]
    """Section name -> its first index."""
    flags: int
    size: int
    turn_scale: float
    deal: float
    nightmare_total: float
    dylan_total: float
    zeros: bytes
    """The tensor as float32 zeros (the encoder copies them and sets the hot flags and
    the scalars)."""


def _index(items: Sequence[Any]) -> Mapping[Any, int]:
    return MappingProxyType({item: index for index, item in enumerate(items)})


def _shifted(index: Mapping[Any, int], start: int) -> Mapping[Any, int]:
    return MappingProxyType({key: start + value for key, value in index.items()})


def _seat_index(config: Config, viewer: int) -> _SeatIndex:
    numbering = _numbering(config)
    at = {name: span.start for name, span in _layout(config).sections.items()}
    players = config.players
    offset = tuple((seat - viewer) % players for seat in range(players))
    stories = _index(range(numbering.story_start, numbering.story_start + numbering.story))
    holdable = _index(numbering.holdable)
    return _SeatIndex(
        pawns=tuple(_shifted({(place.plane, place.square, place.gate, place.branch): index
                              for place, index in numbering.places.items()},
                             at["pawns"] + block * len(numbering.places))
                    for block in offset),
        stories=tuple(_shifted(stories, at["stories"] + block * numbering.story)
                      for block in offset),
        held=tuple(_shifted(holdable, at["held"] + block * len(holdable))
                   for block in offset),
        shapes=tuple(_shifted(numbering.shapes, at["revealed_shapes"]
                              + block * len(numbering.shapes)) for block in offset),
        offset=offset,
    )


@lru_cache(maxsize=32)
def _tables(config: Config) -> _Tables:
    numbering = _numbering(config)
    layout = _layout(config)
    cards = config.the_cards()
    return _Tables(
        players=config.players,
        seats=tuple(_seat_index(config, viewer) for viewer in range(config.players)),
        holdable=_index(numbering.holdable),
        mystery_start=numbering.mystery_start, mystery_count=numbering.mystery,
        horror_start=numbering.horror_start, faces=_index(FACES), texts=numbering.texts,
        nightmare_start=catalog(cards).nightmare.start, phases=_index(PHASES),
        modes=_index(_MODES), headings=_index(_HEADINGS), rings=_index(RINGS),
        reasons=_index(_OVER_REASONS),
        at=MappingProxyType({name: span.start for name, span in layout.sections.items()}),
        flags=layout.flags, size=layout.size,
        turn_scale=float(config.turn_limit or TURN_SCALE), deal=float(numbering.deal),
        nightmare_total=float(max(1, len(cards.nightmare))),
        dylan_total=float(max(1, cards.dylan_dog)),
        zeros=bytes(4 * layout.size),
    )


def observation_tensor(view: View) -> array[float]:
    """The flat tensor of a view (an ``array('f')``): the 0/1 sections, then the scalars
    (see :func:`observation_layout` and the game's page)."""
    tables = _tables(view.config)
    at = tables.at
    players = tables.players
    seats = tables.seats[0 if view.seat is None else view.seat]
    offset = seats.offset
    hot: list[int] = []
    add = hot.append
    if view.seat is not None:
        add(at["viewer"] + view.seat)
    for seat in view.to_act:
        add(at["to_act"] + offset[seat])
    add(at["active"] + offset[view.active])
    if view.turn < players:
        add(at["first_turn"])
    add(at["rotation"] + view.rotation)
    for seat in range(players):
        pawn = view.pawns[seat]
        add(seats.pawns[seat][pawn.plane, pawn.square, pawn.gate, pawn.branch])
        hot.extend(map(seats.stories[seat].__getitem__, view.stories[seat]))
        hot.extend(map(seats.held[seat].__getitem__, view.held[seat]))
        hot.extend(map(seats.shapes[seat].__getitem__, view.revealed_shapes[seat]))
    for crypt, known in enumerate(view.known_in_crypts):
        start = at["known_in_crypts"] + crypt * tables.mystery_count - tables.mystery_start
        for card in known:
            add(start + card)
    start = at["removed"] - tables.horror_start
    for card in view.removed:
        add(start + card)
    if view.die is not None:
        add(at["die"] + tables.faces[view.die])
    if view.drawn is not None:
        add(at["drawn"] + tables.texts[view.drawn - tables.nightmare_start])
    phase = view.phase
    add(at["phase"] + tables.phases[type(phase)])
    offers = 0.0
    most = left = 0
    holdable = tables.holdable
    if isinstance(phase, TurnStart):
        for seat in phase.offered_to:
            add(at["offered_to"] + offset[seat])
        offers = offers_left(view.config, phase) / max(1, players - 1)
    elif isinstance(phase, Trading):
        add(at["phase_seat"] + offset[phase.partner])
        for seat in phase.offered_to:
            add(at["offered_to"] + offset[seat])
        if phase.offer != -1:
            add(at["card_out"] + holdable[phase.offer])
        if phase.ask != -1:
            add(at["card_in"] + holdable[phase.ask])
    elif isinstance(phase, (ChoosingDistance, Moving)):
        add(at["mode"] + tables.modes[phase.mode])
        if phase.heading:
            add(at["heading"] + tables.headings[phase.heading])
        if phase.drawn_at != -1:
            add(at["drawn_at"] + phase.drawn_at)
        if isinstance(phase, Moving):
            left = phase.left
            if phase.spin:
                add(at["spin"] + tables.rings[phase.spin])
            if phase.landed:
                add(at["landed"])
        else:
            most = phase.most
    elif isinstance(phase, (Searching, EmptyCrypt, PuttingBack)):
        add(at["phase_crypt"] + phase.crypt)
    elif isinstance(phase, Horror):
        add(at["phase_seat"] + offset[phase.seat])
        add(at["horror_fought"] + phase.card - tables.horror_start)
        if phase.crypt != -1:
            add(at["phase_crypt"] + phase.crypt)
        if phase.challenger != -1:
            add(at["challenger"] + offset[phase.challenger])
    elif isinstance(phase, Claiming):
        add(at["phase_seat"] + offset[phase.target])
    elif isinstance(phase, Exchange):
        if phase.target != -1:
            add(at["phase_seat"] + offset[phase.target])
        if phase.took != -1:
            add(at["card_in"] + holdable[phase.took])
    elif isinstance(phase, CardChoice):  # its card is the one drawn (section drawn)
        if phase.crypt != -1:
            add(at["phase_crypt"] + phase.crypt)
    elif isinstance(phase, Returning):
        add(at["phase_seat"] + offset[phase.seat])
    elif isinstance(phase, Over):
        add(at["over_reason"] + tables.reasons[phase.reason])
        for seat in phase.winners:
            add(at["winners"] + offset[seat])
    flags = tables.flags
    if hot and (min(hot) < 0 or max(hot) >= flags):
        raise IllegalAction(f"a flag outside the {flags} flags of the tensor")
    values = array("f", tables.zeros)
    for index in hot:
        values[index] = 1.0
    scalars = array("f", (view.turn / tables.turn_scale,
                          *(size / tables.deal for size in view.crypt_sizes),
                          view.nightmare_size / tables.nightmare_total,
                          view.dylan_dog_size / tables.dylan_total,
                          offers, most / MOST_DISTANCE, left / MOST_DISTANCE))
    if flags + len(scalars) != tables.size:
        raise IllegalAction(f"an observation tensor of {flags + len(scalars)} floats, "
                            f"expected {tables.size}")
    values[flags:] = scalars
    return values


def observation_bounds(config: Config) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Each float's least and greatest value: 0 to 1 but for two sections.

    * ``turn``, over the turn limit: at most 1 (the game ends at the limit); without a
      limit it is over 600 and has no bound (``inf``);
    * ``crypt_sizes``, over the deal (the crypt cards over the crypts, rounded up): a
      crypt takes back the mystery cards put into it, so it may hold more than its deal
      by design, and at most every crypt card.

    The flags are 0 or 1, the deck sizes are over the decks, the offers left over the
    other seats, the distances over the longest move (6).
    """
    numbering = _numbering(config)
    layout = _layout(config)
    high = [1.0] * layout.size
    if config.turn_limit is None:
        high[layout.sections["turn"].start] = math.inf
    for index in layout.sections["crypt_sizes"]:
        high[index] = numbering.slots / numbering.deal
    return (0.0,) * layout.size, tuple(high)


ENCODING: Encoding[Config, State, Action, View] = Encoding(
    num_actions=num_actions, action_id=action_id, action_from_id=action_from_id,
    observation_shape=observation_shape, observation_tensor=observation_tensor,
    observation_bounds=observation_bounds, numbered=numbered,
)
"""Dylan Dog's fixed action ids and observation tensor."""
