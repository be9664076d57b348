"""The encoding of Guess Who's Coming to Dinner: fixed action ids and flat observation
tensors (:mod:`partyrules.core.encoding`).

With ``N`` guest cards in the config's deck, ``D`` of them recently deceased, ``P`` seats
and ``T = (N - P + 1) // 2`` table slots (:func:`table_slots`), the action ids are:

=========================  ==========================  ===================================
ids                        action                      meaning
=========================  ==========================  ===================================
``0 .. N-1``               ``Unknown(seat, card)``     put card ``id`` under the pile
``N .. 2N-1``              ``Exchange(seat, card)``    discard card ``id - N``
``2N``                     ``StartTable(seat)``        open a new dinner table
``2N+1 .. 2N+D``           ``StartBurial(seat, d)``    bury deceased ``k = id - 2N - 1``
``2N+D+1 .. 2N+D+T``       ``JoinTable(seat, table)``  join table ``id - 2N - D - 1``
``2N+D+T+1``               ``Pass(seat)``              no opening is possible
``2N+D+T+2 .. 3N+D+T+1``   ``Invite(seat, card)``      seat card ``id - 2N - D - T - 2``
``3N+D+T+2``               ``Propose(seat, story)``    put the table to the vote
``3N+D+T+3 .. 3N+D+T+66``  ``Ballot(seat, rejected)``  reject the proposed cards whose
                                                       positions are the bits of
                                                       ``id - 3N - D - T - 3``
=========================  ==========================  ===================================

so ``num_actions(config) = 3N + D + T + 67`` (776 for the default deck at 3 seats).

A card is its index in the deck, so "seat Lady Gaga" is one id whatever the hand. Deceased
``k`` is the deck's ``k``-th deceased card (from 0, in deck order). A ballot is
numbered by the positions of the proposal under vote (``Voting.proposed``: a burial's
deceased first, then the guests in seating order), which the whole table sees; a
proposal puts at most 6 new cards to the vote, hence 64 ballot ids. ``T`` bounds the
tables of any game: at most one hand is ever empty (the proposer's, or the one that ended
the game), so the tables hold at most ``N - (P - 1)`` cards, two or more each. The story
of ``Propose`` is free text: every story has the same id, and ``action_from_id`` gives
the representative ``Propose(seat, "")`` that ``legal_actions`` lists.

The observation tensor (:func:`observation_tensor`) is laid out section by section in
:func:`tensor_sections` and on the game's page (``docs/games/dinner.md``, "Encodings");
its length is ``(14 + 2P) N + 7P + 18 + (6 + P) T``.

>>> import partyrules
>>> from partyrules.core.encoding import legal_ids, observation_size
>>> game = partyrules.get_game("dinner")
>>> state = game.setup(game.Config(players=3), seed=1)
>>> game.encoding.num_actions(state.config), observation_size(game, state.config)
(776, 4930)
>>> ids = legal_ids(game, state, 0)
>>> ids[:2]                                     # Unknown(0, 32), then Exchange(0, 4)
(32, 204)
>>> [game.encoding.action_from_id(state, 0, number) for number in ids[-3:]]
[StartTable(seat=0), StartBurial(seat=0, deceased=4), StartBurial(seat=0, deceased=25)]
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import attrs

from partyrules.core.encoding import Encoding, Numbered, checked_id, in_id_order
from partyrules.core.errors import IllegalAction
from partyrules.games.dinner.actions import (
    Action,
    Ballot,
    Exchange,
    Invite,
    JoinTable,
    Pass,
    Propose,
    StartBurial,
    StartTable,
    Unknown,
)
from partyrules.games.dinner.rules import legal_actions, max_total_score, max_turn, to_act
from partyrules.games.dinner.state import (
    MAX_PROPOSAL_POINTS,
    MAX_TABLE,
    NEW_TABLE_MAX,
    Config,
    Drawing,
    Inviting,
    Over,
    State,
    View,
    Voting,
    hand_size,
)

__all__ = [
    "BALLOTS",
    "ENCODING",
    "FLAG_PLANES",
    "PHASES",
    "SCORE_SCALE",
    "TURN_SCALE",
    "VALUE_PLANES",
    "ActionLayout",
    "action_from_id",
    "action_id",
    "action_layout",
    "num_actions",
    "numbered",
    "observation_bounds",
    "observation_shape",
    "observation_tensor",
    "table_slots",
    "tensor_sections",
]

_TITLE = "Guess Who's Coming to Dinner"

BALLOTS = 1 << NEW_TABLE_MAX
"""Ballot ids: one per subset of the (at most 6) proposed cards."""

PHASES: tuple[type, ...] = (Drawing, Inviting, Voting, Over)
"""The phases of the phase section, in order."""
PROPOSAL_KINDS: tuple[str, ...] = ("new table", "join", "burial")
"""The kinds of a proposal being built or voted on, in the order of their section."""
OVER_REASONS: tuple[str, ...] = ("hand_emptied", "pile_exhausted")
"""The reasons of ``Over``, in the order of their section."""

SCORE_SCALE = 100.0
"""Scores are divided by 100: random games at any player count end below about 230, a
played one far lower (a table scores at most 19)."""
TURN_SCALE = 100.0
"""The turn number is divided by 100 (random games end before turn 150)."""

FLAG_PLANES: tuple[str, ...] = (
    "hand", "drawn", "declared", "under", "discard", "seated", "proposed", "my_rejects",
    "last_proposed", "last_turned_down",
)
"""The card planes that hold 0 or 1 per card, before the ``P`` planes of cards known in
each seat's hand and the ``P`` planes of each seat's rejections in the last vote."""
VALUE_PLANES: tuple[str, ...] = ("table_index", "table_order", "proposal_order",
                                 "under_position")
"""The card planes that hold a scaled position per card (0: the card is not there)."""


def table_slots(config: Config) -> int:
    """``T = (N - P + 1) // 2``: the most tables a game of ``config`` can hold. At most one
    hand is ever empty, so at least ``P - 1`` cards are in hands, and a table seats two
    or more.

    >>> table_slots(Config(players=3)), table_slots(Config(players=7))
    (99, 97)
    """
    return (len(config.deck().guests) - config.players + 1) // 2


# -- action ids -------------------------------------------------------------------------


@attrs.frozen(slots=True)
class ActionLayout:
    """The first id of each action kind in a config's space, and the deck's deceased."""

    cards: int
    """``N``, the deck's size."""
    tables: int
    """``T``, the table slots (:func:`table_slots`)."""
    unknown: int
    exchange: int
    start_table: int
    start_burial: int
    join_table: int
    pass_: int
    invite: int
    propose: int
    ballot: int
    size: int
    """``num_actions``: one past the last ballot id."""
    deceased: tuple[int, ...]
    """The deck's deceased cards in deck order: burial ``k`` buries ``deceased[k]``."""
    burial_of: dict[int, int]
    """Each deceased card's burial number (the inverse of ``deceased``)."""


@lru_cache(maxsize=64)
def action_layout(config: Config) -> ActionLayout:
    """The id ranges of ``config``'s action space (built once per config)."""
    cards = len(config.deck().guests)
    deceased = tuple(sorted(config.deck().deceased))
    tables = table_slots(config)
    start_table = 2 * cards
    join_table = start_table + 1 + len(deceased)
    pass_ = join_table + tables
    invite = pass_ + 1
    propose = invite + cards
    ballot = propose + 1
    return ActionLayout(
        cards=cards, tables=tables, unknown=0, exchange=cards, start_table=start_table,
        start_burial=start_table + 1, join_table=join_table, pass_=pass_, invite=invite,
        propose=propose, ballot=ballot, size=ballot + BALLOTS, deceased=deceased,
        burial_of={card: index for index, card in enumerate(deceased)},
    )


def num_actions(config: Config) -> int:
    """``3N + D + T + 67``: the size of ``config``'s action space."""
    return action_layout(config).size


def _card(layout: ActionLayout, card: object, action: Action) -> int:
    if type(card) is not int or not 0 <= card < layout.cards:
        raise IllegalAction(f"{action!r} names no card of this deck (0 to {layout.cards - 1})")
    return card


@lru_cache(maxsize=4096)
def _ballot_masks(proposed: tuple[int, ...]) -> dict[frozenset[int], int]:
    """Every ballot on ``proposed`` by its rejected cards: the bit mask of their positions
    (legal_ids numbers up to 64 ballots per voter, so a vote builds this once)."""
    return {frozenset(card for bit, card in enumerate(proposed) if mask >> bit & 1): mask
            for mask in range(1 << len(proposed))}


def _ballot_id(layout: ActionLayout, state: State, action: Ballot) -> int:
    phase = state.phase
    if not isinstance(phase, Voting):
        raise IllegalAction(f"{action!r}: a ballot's id numbers the proposal under vote, "
                            "and no vote is under way")
    rejected = action.rejected
    mask = _ballot_masks(phase.proposed).get(rejected) if isinstance(
        rejected, frozenset) and all(type(card) is int for card in rejected) else None
    if mask is None:
        raise IllegalAction(f"{action!r}: a ballot rejects a frozenset of proposed cards")
    return layout.ballot + mask


def action_id(state: State, action: Action) -> int:
    """The id of ``action`` in ``state`` (see the module's table); ``IllegalAction`` for
    an action that has none: a card outside the deck, a burial of a card that is not
    deceased, a table beyond the slots, a ballot outside a vote or rejecting a card that
    is not proposed, or an object that is not a Dinner action."""
    layout = action_layout(state.config)
    kind = type(action)
    if kind is Invite or kind is Exchange or kind is Unknown:
        assert isinstance(action, (Invite, Exchange, Unknown))
        start = (layout.invite if kind is Invite else
                 layout.exchange if kind is Exchange else layout.unknown)
        return start + _card(layout, action.card, action)
    if kind is Ballot:
        assert isinstance(action, Ballot)
        return _ballot_id(layout, state, action)
    if kind is Propose:
        return layout.propose
    if kind is StartTable:
        return layout.start_table
    if kind is Pass:
        return layout.pass_
    if kind is StartBurial:
        assert isinstance(action, StartBurial)
        deceased = action.deceased
        burial = layout.burial_of.get(deceased) if type(deceased) is int else None
        if burial is None:
            raise IllegalAction(f"{action!r}: card {deceased!r} is not a deceased card of "
                                "this deck")
        return layout.start_burial + burial
    if kind is JoinTable:
        assert isinstance(action, JoinTable)
        table = action.table
        if type(table) is not int or not 0 <= table < layout.tables:
            raise IllegalAction(f"{action!r}: tables are numbered 0 to {layout.tables - 1}")
        return layout.join_table + table
    raise IllegalAction(f"{kind.__name__} is not an action of {_TITLE}")


def numbered(state: State, seat: int) -> Numbered[Action]:
    """``seat``'s legal actions by id, as numbering ``legal_actions`` gives them: a
    voter's ballots (up to 64) are listed in the order of their bit masks (the subset of
    the proposal each rejects), which is their ids' order from the first ballot id, so
    their ids are a run of numbers; the other listings, a few actions, are numbered one
    by one."""
    phase = state.phase
    if isinstance(phase, Voting) and seat in to_act(state):
        listed = tuple(legal_actions(state, seat))
        return Numbered(_id_run(action_layout(state.config).ballot, len(listed)), listed)
    layout = action_layout(state.config)
    listed = tuple(legal_actions(state, seat))
    return in_id_order(listed, [_LISTED_ID[type(action)](layout, action) for action in listed],
                       _TITLE)


_LISTED_ID: dict[type, Callable[[ActionLayout, Any], int]] = {
    Unknown: lambda layout, action: layout.unknown + action.card,
    Exchange: lambda layout, action: layout.exchange + action.card,
    Invite: lambda layout, action: layout.invite + action.card,
    StartTable: lambda layout, action: layout.start_table,
    StartBurial: lambda layout, action: layout.start_burial + layout.burial_of[action.deceased],
    JoinTable: lambda layout, action: layout.join_table + action.table,
    Pass: lambda layout, action: layout.pass_,
    Propose: lambda layout, action: layout.propose,
}
"""The id of an action the rules listed outside a vote, by its type (what
:func:`action_id` gives once it has checked that a stranger's action is well formed)."""


@lru_cache(maxsize=256)
def _id_run(first: int, count: int) -> tuple[int, ...]:
    return tuple(range(first, first + count))


def action_from_id(state: State, seat: int, number: int) -> Action:
    """The action id ``number`` stands for, taken by ``seat``; ``IllegalAction`` for an
    id outside the space, and for a ballot id outside a vote or with a bit beyond the
    proposal's cards."""
    layout = action_layout(state.config)
    number = checked_id(number, layout.size, _TITLE)
    if number >= layout.ballot:
        phase = state.phase
        mask = number - layout.ballot
        if not isinstance(phase, Voting):
            raise IllegalAction(f"ballot id {number}: no vote is under way")
        proposed = phase.proposed
        if mask >> len(proposed):
            raise IllegalAction(f"ballot id {number} rejects a card beyond the "
                                f"{len(proposed)} proposed")
        return Ballot(seat, frozenset(card for bit, card in enumerate(proposed)
                                      if mask >> bit & 1))
    if number >= layout.propose:
        return Propose(seat, "")
    if number >= layout.invite:
        return Invite(seat, number - layout.invite)
    if number >= layout.pass_:
        return Pass(seat)
    if number >= layout.join_table:
        return JoinTable(seat, number - layout.join_table)
    if number >= layout.start_burial:
        return StartBurial(seat, layout.deceased[number - layout.start_burial])
    if number >= layout.start_table:
        return StartTable(seat)
    if number >= layout.exchange:
        return Exchange(seat, number - layout.exchange)
    return Unknown(seat, number)


# -- observation tensor -------------------------------------------------------------------


def tensor_sections(config: Config) -> tuple[tuple[str, int], ...]:
    """The sections of ``config``'s observation tensor, in order, with their widths.

    >>> dict(tensor_sections(Config(players=3)))["flag planes"]
    3200
    """
    players = config.players
    cards = len(config.deck().guests)
    tables = table_slots(config)
    return (
        ("seat", players),
        ("to act", players),
        ("active", players),
        ("phase", len(PHASES)),
        ("proposal kind", len(PROPOSAL_KINDS)),
        ("story told", 1),
        ("exchanged", 1),
        ("voted", players),
        ("hand sizes", players),
        ("scores", players),
        ("pile size", 1),
        ("turn", 1),
        ("dry turns", 1),
        ("no screen tables", 1),
        ("last vote held", 1),
        ("last vote seat", players),
        ("last vote accepted", 1),
        ("last vote points", 1),
        ("over reason", len(OVER_REASONS)),
        ("table flags", tables * (3 + players)),
        ("table values", tables * 3),
        ("flag planes", (len(FLAG_PLANES) + 2 * players) * cards),
        ("value planes", len(VALUE_PLANES) * cards),
    )


@attrs.frozen(slots=True)
class _TensorLayout:
    """Per config, built once: the widths and offsets the encoder writes."""

    players: int
    cards: int
    tables: int
    header: int
    """The floats of the sections before the tables."""
    header_zeros: bytes
    """The header as float32 zeros (the encoder copies them and sets a few)."""
    at: dict[str, int]
    """The offset of each section of the header, by name."""
    zeros: bytes
    """The rest of the tensor (tables and card planes) as float32 zeros: it is mostly
    zeros, so the encoder copies these and sets the few entries that are not."""
    hand_scale: float
    pile_scale: float
    slot_width: int
    """Floats per table slot in the table flags: burial, join target, room, host."""
    table_values: int
    """Offsets, after the header: the table values, the flag planes, the value planes."""
    flag_planes: int
    value_planes: int
    known_plane: int
    """The first of the ``P`` planes of cards known in each seat's hand."""
    last_rejected_plane: int
    """The first of the ``P`` planes of each seat's rejections in the last vote."""


@lru_cache(maxsize=64)
def _tensor_layout(config: Config) -> _TensorLayout:
    players = config.players
    cards = len(config.deck().guests)
    tables = table_slots(config)
    sections = tensor_sections(config)
    header = sum(width for _, width in sections[:-4])
    body = sum(width for _, width in sections[-4:])
    slot_width = 3 + players
    planes = len(FLAG_PLANES)
    return _TensorLayout(
        players=players, cards=cards, tables=tables, header=header,
        header_zeros=bytes(4 * header), at=_header_offsets(sections[:-4]), zeros=bytes(4 * body),
        hand_scale=2.0 * hand_size(players), pile_scale=float(cards), slot_width=slot_width,
        table_values=tables * slot_width, flag_planes=tables * (slot_width + 3),
        value_planes=tables * (slot_width + 3) + (planes + 2 * players) * cards,
        known_plane=planes, last_rejected_plane=planes + players,
    )


def _header_offsets(sections: tuple[tuple[str, int], ...]) -> dict[str, int]:
    offsets, start = {}, 0
    for name, width in sections:
        offsets[name] = start
        start += width
    return offsets


def observation_shape(config: Config) -> tuple[int, ...]:
    """``((14 + 2P) N + 7P + 18 + (6 + P) T,)``: the flat tensor of ``config``."""
    layout = _tensor_layout(config)
    return (layout.header + len(layout.zeros) // 4,)


# Plane numbers by name, so that reordering FLAG_PLANES or VALUE_PLANES moves the writes.
_HAND, _DRAWN, _DECLARED, _UNDER, _DISCARD, _SEATED, _PROPOSED, _MY_REJECTS = (
    FLAG_PLANES.index(name) for name in ("hand", "drawn", "declared", "under", "discard",
                                         "seated", "proposed", "my_rejects"))
_LAST_PROPOSED, _LAST_TURNED_DOWN = (FLAG_PLANES.index(name)
                                     for name in ("last_proposed", "last_turned_down"))
_TABLE_INDEX, _TABLE_ORDER, _PROPOSAL_ORDER, _UNDER_POSITION = (
    VALUE_PLANES.index(name) for name in ("table_index", "table_order", "proposal_order",
                                          "under_position"))
_CHAIRS = tuple((chair + 1) / MAX_TABLE for chair in range(MAX_TABLE))
"""A card's chair at its table, scaled: the first guest (a burial's deceased) 1/7."""


def observation_tensor(view: View) -> array[float]:
    """The flat observation tensor of ``view`` (layout: :func:`tensor_sections` and the
    game's page). A pure function of the view: what the seat may not know is blank in
    the view, so it is blank here.

    The header is a block of zeros with the view's few values set in place (writing its
    19 small sections one by one through a ``TensorWriter`` cost more than the rest)."""
    layout = _tensor_layout(view.config)
    at, players = layout.at, layout.players
    phase = view.phase
    head = array("f", layout.header_zeros)
    if view.seat is not None:
        head[at["seat"] + _within(view.seat, players)] = 1.0
    for seat in view.to_act:
        head[at["to act"] + _within(seat, players)] = 1.0
    if not isinstance(phase, Over):
        head[at["active"] + _within(phase.active, players)] = 1.0
    head[at["phase"] + PHASES.index(type(phase))] = 1.0
    proposal: tuple[int, ...] = ()
    target: int | None = None
    if isinstance(phase, (Inviting, Voting)):
        proposal = phase.invited if phase.deceased is None else (phase.deceased, *phase.invited)
        target = phase.table
        kind = 2 if phase.deceased is not None else 0 if target is None else 1
        head[at["proposal kind"] + kind] = 1.0
    head[at["story told"]] = float(isinstance(phase, Voting) and phase.story != "")
    head[at["exchanged"]] = float(isinstance(phase, Drawing) and phase.exchanged)
    for seat in view.voted:
        head[at["voted"] + _within(seat, players)] = 1.0
    start = at["hand sizes"]
    for seat, size in enumerate(view.hand_sizes):
        head[start + seat] = size / layout.hand_scale
    start = at["scores"]
    for seat, score in enumerate(view.scores):
        head[start + seat] = score / SCORE_SCALE
    head[at["pile size"]] = view.pile_size / layout.pile_scale
    head[at["turn"]] = view.turn / TURN_SCALE
    head[at["dry turns"]] = view.dry_turns / players
    head[at["no screen tables"]] = float(view.config.no_screen_tables)
    last = view.last_vote
    if last is not None:
        head[at["last vote held"]] = 1.0
        head[at["last vote seat"] + _within(last.seat, players)] = 1.0
        head[at["last vote accepted"]] = float(last.accepted)
        head[at["last vote points"]] = last.points / MAX_PROPOSAL_POINTS
    if isinstance(phase, Over):
        head[at["over reason"] + OVER_REASONS.index(phase.reason)] = 1.0
    head.extend(_body(view, layout, proposal, target))
    return head


def _within(seat: int, players: int) -> int:
    """``seat`` if it is one of the ``players`` (a seat out of range would land in the
    next section)."""
    if not 0 <= seat < players:
        raise IllegalAction(f"seat {seat} outside a section of {players}")
    return seat


_TABLE_BODIES: dict[int, tuple[Any, ...]] = {}
"""Per tensor layout (by identity), the last tables written: the layout, the view's
tables (consecutive states share the same tuple until a table changes) and the body
holding them."""

_PUBLIC_BODIES: dict[int, tuple[Any, ...]] = {}
"""Per tensor layout (by identity), the last public body written: the layout, the parts
of the view it was written from (the tables' body, the discard pile, the cards known in
hands, the last vote: they change a few times a turn) and the body."""


def _body(view: View, layout: _TensorLayout, proposal: tuple[int, ...],
          target: int | None) -> array[float]:
    """The tables and the card planes, one block of zeros set in place: besides 0/1 flags
    they hold scaled positions (a card's table, chair, place in the proposal), a few per
    thousand floats, which ``TensorWriter`` has no sparse section for. What every seat
    sees and most states share comes from :func:`_public_body`."""
    body = _public_body(view, layout)[:]
    if target is not None:
        body[target * layout.slot_width + 1] = 1.0
    cards = layout.cards
    flag, value = layout.flag_planes, layout.value_planes
    plane = flag + _HAND * cards
    for card in view.hand:
        body[plane + card] = 1.0
    plane, positions = flag + _UNDER * cards, value + _UNDER_POSITION * cards
    for position, card in view.known_under:
        body[plane + card] = 1.0
        body[positions + card] = (position + 1) / layout.pile_scale
    phase = view.phase
    if isinstance(phase, Drawing):
        if phase.drawn is not None:
            body[flag + _DRAWN * cards + phase.drawn] = 1.0
        plane = flag + _DECLARED * cards
        for card in phase.declared:
            body[plane + card] = 1.0
    plane, positions = flag + _PROPOSED * cards, value + _PROPOSAL_ORDER * cards
    for position, card in enumerate(proposal):
        body[plane + card] = 1.0
        body[positions + card] = (position + 1) / NEW_TABLE_MAX
    if isinstance(phase, Voting) and view.seat is not None:
        plane = flag + _MY_REJECTS * cards
        for card in phase.ballots[view.seat] or ():
            body[plane + card] = 1.0
    return body


def _public_body(view: View, layout: _TensorLayout) -> array[float]:
    """The body with what every seat sees of the tables (but the join target), the
    discard pile, the cards known in hands and the last vote (read only: :func:`_body`
    copies it)."""
    tables = _tables_body(view, layout)
    discard, known_in_hands, last = view.discard, view.known_in_hands, view.last_vote
    entry = _PUBLIC_BODIES.get(id(layout))
    if (entry is not None and entry[0] is layout and entry[1] is tables
            and entry[2] is discard and entry[4] is last
            and (entry[3] is known_in_hands or entry[3] == known_in_hands)):
        return entry[5]  # type: ignore[no-any-return]
    body = tables[:]
    cards, flag = layout.cards, layout.flag_planes
    plane = flag + _DISCARD * cards
    for card in discard:
        body[plane + card] = 1.0
    for seat, known in enumerate(known_in_hands):
        plane = flag + (layout.known_plane + seat) * cards
        for card in known:
            body[plane + card] = 1.0
    if last is not None:
        plane = flag + _LAST_PROPOSED * cards
        for card in last.proposed:
            body[plane + card] = 1.0
        plane = flag + _LAST_TURNED_DOWN * cards
        for card in last.turned_down:
            body[plane + card] = 1.0
        for seat, ballot in enumerate(last.ballots):
            plane = flag + (layout.last_rejected_plane + seat) * cards
            for card in ballot or ():
                body[plane + card] = 1.0
    if len(_PUBLIC_BODIES) >= 64:
        _PUBLIC_BODIES.clear()
    _PUBLIC_BODIES[id(layout)] = (layout, tables, discard, known_in_hands, last, body)
    return body


def _tables_body(view: View, layout: _TensorLayout) -> array[float]:
    """The body with the tables alone: their flags (but the join target) and values,
    and where each seated card sits (read only)."""
    tables = view.tables
    entry = _TABLE_BODIES.get(id(layout))
    if entry is not None and entry[0] is layout and entry[1] is tables:
        return entry[2]  # type: ignore[no-any-return]
    body = array("f", layout.zeros)
    cards, slots, width = layout.cards, layout.tables, layout.slot_width
    suits = view.config.deck().suit_index
    table_values = layout.table_values
    value = layout.value_planes
    table_index = value + _TABLE_INDEX * cards
    table_order = value + _TABLE_ORDER * cards
    seated = layout.flag_planes + _SEATED * cards
    for index, table in enumerate(tables):
        base = index * width
        if table.burial:
            body[base] = 1.0
        if len(table.cards) < MAX_TABLE:
            body[base + 2] = 1.0
        body[base + 3 + table.host] = 1.0
        base = table_values + 3 * index
        body[base] = len(table.cards) / MAX_TABLE
        body[base + 1] = len(table.stories) / MAX_TABLE
        body[base + 2] = (len(table.cards) + len({suits[card] for card in table.cards})
                          ) / MAX_PROPOSAL_POINTS
        slot = (index + 1) / slots
        for chair, card in enumerate(table.cards):
            body[seated + card] = 1.0
            body[table_index + card] = slot
            body[table_order + card] = _CHAIRS[chair]
    if len(_TABLE_BODIES) >= 64:
        _TABLE_BODIES.clear()
    _TABLE_BODIES[id(layout)] = (layout, tables, body)
    return body


def observation_bounds(config: Config) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Each float's least and greatest value: 0 to 1 but for three sections, whose scales
    are typical values, not bounds, so a long game takes them past 1 by design:

    * the hand sizes, over twice the deal: a hand holds at most the deck's ``N`` cards;
    * the scores, over 100: a score is at most the game's total,
      :func:`~partyrules.games.dinner.rules.max_total_score` (``14 N + 5``);
    * the turn, over 100: at most :func:`~partyrules.games.dinner.rules.max_turn`.

    The rest are flags, positions over their section's size and counts over their
    largest value (the pile over ``N``, the dry turns over the ``P`` that end the game,
    a table's cards and stories over 7, its points over 19).
    """
    layout = _tensor_layout(config)
    cards = len(config.deck().guests)
    special = {"hand sizes": cards / layout.hand_scale,
               "scores": max_total_score(config) / SCORE_SCALE,
               "turn": max_turn(config) / TURN_SCALE}
    high: list[float] = []
    for name, width in tensor_sections(config):
        high += [special.get(name, 1.0)] * width
    size = observation_shape(config)[0]
    if len(high) != size:  # the sections must cover the tensor exactly
        raise IllegalAction(f"the tensor sections cover {len(high)} floats, not {size}")
    return (0.0,) * size, tuple(high)


ENCODING: Encoding[Config, State, Action, View] = Encoding(
    num_actions=num_actions,
    action_id=action_id,
    action_from_id=action_from_id,
    observation_shape=observation_shape,
    observation_tensor=observation_tensor,
    observation_bounds=observation_bounds,
    numbered=numbered,
)
"""Guess Who's Coming to Dinner's fixed action ids and observation tensors."""
