"""Hollywood's encoding (:mod:`partyrules.core.encoding`): fixed action ids and flat
observation tensors, laid out per config.

**Action ids.** One block of ids per action kind, in the order of
:data:`~partyrules.games.hollywood.actions.ACTION_TYPES`; a kind the config cannot play
(the distribution bids without ``distributor_auction``, the Second-Team Director and the
Teachers without the Awards) has an empty block. Cards are numbered within the cards of
the config that the action can name (the star cards in play for ``GiveStar``, the basic
cards in play for ``Draft``, the Agents, Lawyers and Scandals cards for ``PlayCrew``...),
so an id names the same card whatever the hand; a card out of play, or one the action can
never name, has no id (``IllegalAction``). Seats are absolute (``ChooseTarget(target=2)``
is one id for every seat; the acting seat's own number is never legal). Nothing of the
state but its config is read.

**Observation tensor.** One flat vector of floats, its sections listed by
:func:`tensor_sections`: the public table (seat, year, stage, distributor, who acts and
who is done, money, bid cards, deck and supply sizes, the Festival), the counts of hidden
things (hands, packets, set-aside cards), one's own cards as multi-hot vectors over the
config's cards, the lots, the discard pile, the bids, every Stage 4 play by card, one's
Stage 5 studio, the Films of the Year, one's private log and the last year's results.
``docs/games/hollywood.md`` ("Encodings") documents every id and every float.

>>> from partyrules.games.hollywood import GAME
>>> from partyrules.games.hollywood.actions import Bid
>>> state = GAME.setup(Config(players=3, first_distributor=0), seed=1)
>>> num_actions(state.config), observation_shape(state.config)
(1314, (2892,))
>>> action_id(state, Bid(1, 2, 3)) == action_id(state, Bid(2, 2, 3))
True
>>> action_from_id(state, 1, action_id(state, Bid(1, 2, 3)))
Bid(seat=1, lot=2, value=3)
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable
from functools import lru_cache
from operator import attrgetter
from typing import Any

import attrs

from partyrules.core.encoding import Encoding, IdentityMemo, Numbered, checked_id, in_id_order
from partyrules.core.errors import IllegalAction
from partyrules.core.rules import check_seat
from partyrules.games.hollywood import views
from partyrules.games.hollywood.actions import (
    ACTION_TYPES,
    Action,
    AssignCard,
    Bid,
    BidForDistributor,
    ChooseTarget,
    Draft,
    EndCrew,
    FinishProduction,
    GiveCard,
    GiveStar,
    NameType,
    PayInstead,
    PlayCrew,
    TakeSecondTeamDirector,
    TakeWorthlessScript,
    TeachIcon,
)
from partyrules.games.hollywood.cards import (
    FESTIVAL_CARD_EFFECTS,
    GENRES,
    CardKind,
    role_choices,
)
from partyrules.games.hollywood.crew import AGENT_TYPES
from partyrules.games.hollywood.flow import SECOND_TEAM_TOKEN, WORTHLESS_TOKENS
from partyrules.games.hollywood.integrity import catalog
from partyrules.games.hollywood.production import FILMS, move_budget
from partyrules.games.hollywood.rules import legal_actions
from partyrules.games.hollywood.state import (
    BID_CARDS,
    MAX_WORTHLESS,
    STAGES,
    YEARS,
    Config,
    Play,
    Producing,
    State,
    Studio,
    View,
    YearReport,
    auction_lots,
    components,
)

__all__ = [
    "ENCODING",
    "HAND_SCALE",
    "MONEY_SCALE",
    "PLAY_STATUSES",
    "STAGES",
    "action_blocks",
    "action_from_id",
    "action_id",
    "num_actions",
    "numbered",
    "observation_bounds",
    "observation_shape",
    "observation_tensor",
    "stage_of",
    "tensor_sections",
    "tensor_view",
]

PLAY_STATUSES: tuple[str, ...] = (
    "planned", "building", "waiting", "queued", "gave", "paid", "none", "scandal")
"""Where a Stage 4 play stands: one's own hidden plan, the play being made, the play
waiting on its target's answer, a play queued behind it, and the four results."""
MONEY_SCALE = 100.0
"""Money is given in hundreds of millions (a studio starts with 12, rarely ends past 150)."""
HAND_SCALE = 20.0
"""Hand sizes over 20 (a studio begins Stage 5 with about 9 to 12 cards)."""
PACKET_SCALE = 7.0
"""Packet sizes over the 7 cards of a packet."""
SET_ASIDE_SCALE = 10.0
"""Set-aside counts (cards won in Stage 4) over 10."""
REPORT_SCALES = (50.0, 10.0, 10.0, 10.0)
"""A reported film's box office, cost, title figurines and countable figurines."""
TROPHY_SCALES = (3.0, 10.0)
"""A seat's Films of the Year (at most 3) and their countable figurines."""
OBLIGATION_SCALE = 10.0
"""A studio's Scandals obligation (at most the 10 Scandals cards)."""
OVER_REASONS = ("most_money", "films_of_the_year", "shared")
"""``Over.reason``, in the tensor's order."""
TOKENS: tuple[int, ...] = (*WORTHLESS_TOKENS, SECOND_TEAM_TOKEN)
"""Stage 5's supply tokens: three Worthless Scripts and the Second-Team Director."""
TOKEN_PLACES = 1 + FILMS
"""A token lies in the hand or in one of the three films."""
REPORT_FIGURES = 1 + len(REPORT_SCALES)
"""Per seat and film of the last year's report: made, then the four figures."""

_PLAIN_TYPES = frozenset({int, str, type(None)})
_FILM_KINDS = frozenset({"script", "director", "actor", "actress", "crew", "staff", "dual"})
_GIVEABLE_KINDS = frozenset(AGENT_TYPES) | {"dual"}
_TEACHABLE_KINDS = frozenset({"director", "actor", "actress", "dual"})
_GIVEN = frozenset({"star_given", "gave"})
_RECEIVED = frozenset({"star_received", "received", "hidden_lot"})
_RESULT_STATUS = {result: PLAY_STATUSES.index(result)
                  for result in ("gave", "paid", "none", "scandal")}
_NAMED = {kind: index for index, kind in enumerate(AGENT_TYPES)}
_GENRE = {genre: index for index, genre in enumerate(GENRES)}
_BID_VALUES = tuple(sorted(BID_CARDS))

_KEYS: dict[type, Callable[[Any], tuple[Any, ...]]] = {
    BidForDistributor: lambda a: (a.value,),
    GiveStar: lambda a: (a.card, a.to),
    Draft: lambda a: (a.card,),
    Bid: lambda a: (a.lot, a.value),
    PlayCrew: lambda a: (a.card,),
    ChooseTarget: lambda a: (a.target,),
    NameType: lambda a: (a.kind,),
    EndCrew: lambda a: (),
    GiveCard: lambda a: (a.card,),
    PayInstead: lambda a: (),
    AssignCard: lambda a: (a.card, a.film, a.role),
    TakeWorthlessScript: lambda a: (a.discard,),
    TakeSecondTeamDirector: lambda a: (a.discard,),
    TeachIcon: lambda a: (a.teacher, a.card, a.genre),
    FinishProduction: lambda a: (),
}
"""Per action type, its fields but the seat: what an id stands for."""


@attrs.frozen(slots=True, eq=False)
class _Layout:
    """The index tables of one config (built once per config, :func:`_layout`)."""

    players: int
    cards: tuple[int, ...]
    """The basic, star and Festival cards in play, by id: the tensor's card sections."""
    card_at: dict[int, int]
    star_at: dict[int, int]
    playable_at: dict[int, int]
    dual_at: dict[int, int]
    """The cards that choose a role in a film: dual cards and Editors."""
    teacher_at: dict[int, int]
    teachable_at: dict[int, int]
    """The cards (and the Second-Team Director token) a Teacher may give an icon to."""
    festival_effects: tuple[str, ...]
    sizes: tuple[int, int, int, int, int]
    """The components in play by back, the deck and supply sections' scales."""
    actions: tuple[tuple[type, tuple[Any, ...]], ...]
    """Per id, the action type and its fields but the seat."""
    ids: dict[tuple[type, tuple[Any, ...]], int]
    blocks: tuple[tuple[str, int, int], ...]
    sections: tuple[tuple[str, int], ...]
    at: dict[str, int]
    """Per section, its first index."""
    template: array[float]
    """The zero tensor the encoder copies."""


def _roles(kind: CardKind) -> tuple[str | None, ...]:
    return role_choices(kind) or (None,)


def _films_of(kind: CardKind) -> bool:
    """Whether a card can go into a film (so ``AssignCard`` can name it): every kind
    but a Festival card (a dual card's two roles are checked with the card list)."""
    return kind.kind in _FILM_KINDS


def _teachable(kind: CardKind) -> bool:
    return kind.kind in _TEACHABLE_KINDS or kind.effect == "editor" or (
        kind.kind == "crew" and bool(kind.genres))


_LAYOUTS: IdentityMemo[Config, _Layout] = IdentityMemo(64)
"""The layouts of the configs in use, by identity (hashing a config, what ``lru_cache``
does, costs more than numbering an action)."""


def _layout(config: Config) -> _Layout:
    """The index tables of ``config`` (built once per config)."""
    found = _LAYOUTS.get(config)
    return found if found is not None else _LAYOUTS.put(config, _build_layout(config))


@lru_cache(maxsize=64)
def _build_layout(config: Config) -> _Layout:
    players = config.players
    kinds = config.deck().cards
    basic, star, worthless, second_team, festival = components(config)
    held = tuple(sorted((*basic, *star)))
    cards = tuple(sorted((*held, *festival)))
    token_kinds: dict[int, CardKind] = {}
    if worthless:
        token_kinds.update(dict.fromkeys(WORTHLESS_TOKENS, kinds[worthless[0]]))
    if config.awards and second_team:
        token_kinds[SECOND_TEAM_TOKEN] = kinds[second_team[0]]
    playable = tuple(c for c in held if kinds[c].scandal
                     or kinds[c].effect in ("agent", "lawyer"))
    giveable = tuple(c for c in held if not kinds[c].scandal
                     and kinds[c].kind in _GIVEABLE_KINDS)
    discardable = tuple(c for c in held if not kinds[c].scandal)
    movable = [(c, kinds[c]) for c in held if _films_of(kinds[c])]
    movable += [(token, kind) for token, kind in sorted(token_kinds.items(), reverse=True)]
    duals = tuple(c for c in held if role_choices(kinds[c]))
    teachers: tuple[int, ...] = ()
    teachable: tuple[int, ...] = ()
    if config.awards:
        teachers = tuple(c for c in held if kinds[c].effect == "teacher"
                         and _films_of(kinds[c]))
        teachable = tuple(c for c, kind in movable if _teachable(kind))

    actions: list[tuple[type, tuple[Any, ...]]] = []
    blocks: list[tuple[str, int, int]] = []

    def block(kind: type, items: Iterable[tuple[Any, ...]]) -> None:
        start = len(actions)
        actions.extend((kind, item) for item in items)
        blocks.append((kind.__name__, start, len(actions) - start))

    seats = range(players)
    block(BidForDistributor, [(v,) for v in _BID_VALUES] if config.distributor_auction
          else [])
    block(GiveStar, [(card, to) for card in star for to in seats])
    block(Draft, [(card,) for card in basic])
    block(Bid, [(lot, v) for lot in range(1, auction_lots(players) + 1)
                for v in _BID_VALUES])
    block(PlayCrew, [(card,) for card in playable])
    block(ChooseTarget, [(target,) for target in seats])
    block(NameType, [(kind,) for kind in AGENT_TYPES])
    block(EndCrew, [()])
    block(GiveCard, [(card,) for card in giveable])
    block(PayInstead, [()])
    block(AssignCard, [(card, film, role) for card, kind in movable
                       for film, role in ((None, None), *((f, r) for f in range(FILMS)
                                                          for r in _roles(kind)))])
    block(TakeWorthlessScript, [(card,) for card in discardable] if worthless else [])
    block(TakeSecondTeamDirector, [(card,) for card in discardable]
          if SECOND_TEAM_TOKEN in token_kinds else [])
    block(TeachIcon, [(teacher, card, genre) for teacher in teachers for card in teachable
                      for genre in GENRES])
    block(FinishProduction, [()])
    assert tuple(kind for kind, _, _ in blocks) == tuple(t.__name__ for t in ACTION_TYPES)

    festival_effects = FESTIVAL_CARD_EFFECTS if config.festivals else ()
    sizes = (len(basic), len(star), len(festival), len(worthless), len(second_team))
    sections = _sections(players, len(cards), len(star), len(playable), len(duals),
                         len(teachers), len(teachable), len(festival_effects))
    return _Layout(
        players, cards, _positions(cards), _positions(star), _positions(playable),
        _positions(duals), _positions(teachers), _positions(teachable), festival_effects,
        sizes, tuple(actions), {entry: i for i, entry in enumerate(actions)}, tuple(blocks),
        sections, _offsets(sections), array("f", bytes(4 * sum(w for _, w in sections))))


def _offsets(sections: tuple[tuple[str, int], ...]) -> dict[str, int]:
    """The first index of every section."""
    offsets, start = {}, 0
    for name, width in sections:
        offsets[name] = start
        start += width
    return offsets


def _positions(ids: tuple[int, ...]) -> dict[int, int]:
    return {card: position for position, card in enumerate(ids)}


def _sections(n: int, cards: int, stars: int, playable: int, duals: int, teachers: int,
              teachable: int, festivals: int) -> tuple[tuple[str, int], ...]:
    """The tensor's sections and widths, in order (documented on the game's page)."""
    lots = auction_lots(n)
    return (
        ("seat", n), ("year", 3), ("stage", len(STAGES)), ("distributor", n),
        ("to_act", n), ("done", n), ("crew_seat", n), ("money", n),
        ("bid_cards", n * len(_BID_VALUES)), ("deck_sizes", 5), ("festival", festivals),
        ("hand_sizes", n), ("packet_sizes", n), ("set_aside_sizes", n),
        ("hand", cards), ("packet", cards), ("pick", cards), ("stars", stars),
        ("lots", n * stars), ("discard", cards), ("set_aside", cards),
        ("own_bid", 1 + lots + len(_BID_VALUES)),
        ("revealed_bids", n * (lots + len(_BID_VALUES))),
        ("plays", playable * (2 * n + len(AGENT_TYPES) + len(PLAY_STATUSES))),
        ("films", FILMS * cards), ("second_role", duals),
        ("tokens", len(TOKENS) * TOKEN_PLACES), ("studio_discards", cards),
        ("studio_counts", 4), ("icons", len(GENRES) * teachable), ("taught", teachers),
        ("trophies", 2 * n), ("trophy_cards", cards), ("log_given", n * cards),
        ("log_received", cards), ("report", n * FILMS * REPORT_FIGURES),
        ("film_of_the_year", n * FILMS), ("report_takes", 2 * n),
        ("over", len(OVER_REASONS) + n),
    )


# -- action ids ---------------------------------------------------------------------------------


def num_actions(config: Config) -> int:
    """The number of action ids of ``config`` (the blocks of :func:`action_blocks`)."""
    return len(_layout(config).actions)


def action_blocks(config: Config) -> tuple[tuple[str, int, int], ...]:
    """``(action type, first id, count)`` per action kind, in id order."""
    return _layout(config).blocks


def action_id(state: State, action: Action) -> int:
    """The id of ``action`` in ``state``'s config (its seat is not part of it);
    ``IllegalAction`` for an action with no id: a card out of play or one the action can
    never name, a value of the wrong type, an object that is not a Hollywood action."""
    key_of = _KEYS.get(type(action))
    if key_of is None:
        raise IllegalAction(f"{type(action).__name__} is not an action of Hollywood")
    key = key_of(action)
    for value in key:
        if type(value) not in _PLAIN_TYPES:
            raise IllegalAction(f"Hollywood: {action!r} has no action id")
    found = _layout(state.config).ids.get((type(action), key))
    if found is None:
        raise IllegalAction(f"Hollywood: {action!r} has no action id in this config")
    return found


def numbered(state: State, seat: int) -> Numbered[Action]:
    """``seat``'s legal actions by id, as numbering ``legal_actions`` gives them: the
    rules list only actions of this config with plain fields, so each id is looked up
    by its key at once, without :func:`action_id`'s checks of a stranger's action."""
    ids, keys = _layout(state.config).ids, _KEYS
    listed = tuple(legal_actions(state, seat))
    return in_id_order(listed, [ids[type(action), keys[type(action)](action)]
                                for action in listed], "Hollywood")


def action_from_id(state: State, seat: int, action_id: int) -> Action:
    """The action ``action_id`` stands for, taken by ``seat``; ``IllegalAction`` for an
    id outside the config's space."""
    layout = _layout(state.config)
    kind, fields = layout.actions[checked_id(action_id, len(layout.actions), "Hollywood")]
    action: Action = kind(seat, *fields)
    return action


# -- observation tensors ----------------------------------------------------------------------


def observation_shape(config: Config) -> tuple[int, ...]:
    """The tensor's shape: one flat section of ``sum(tensor_sections(config))`` floats."""
    return (len(_layout(config).template),)


def tensor_sections(config: Config) -> tuple[tuple[str, int], ...]:
    """``(name, width)`` of every section of ``config``'s tensor, in order."""
    return _layout(config).sections


def tensor_view(state: State, seat: int) -> View:
    """``view(state, seat)`` as the tensor reads it: in Stage 5 without the check of the
    seat's studio (its films' problems and figures, for its screen: most of a Stage 5
    view's cost), which no float holds. Elsewhere the view itself.

    In Stage 5 a seat's view is the spectator's with its own hand, studio, packet, set
    aside cards and log (no bid, pick, plan or star is pending then)."""
    phase = state.phase
    if not isinstance(phase, Producing):
        return views.view(state, seat)
    check_seat(state.config.players, seat, spectator=False)
    studio = phase.studios[seat]
    return attrs.evolve(views.view(state, None), seat=seat, hand=studio.hand, studio=studio,
                        packet=state.packets[seat], set_aside=state.set_aside[seat],
                        log=state.log[seat])


def stage_of(view: View) -> int:
    """The index in :data:`STAGES` of the stage ``view`` shows.

    A seat's view tells its stage exactly. A spectator's cannot always: with Scandals,
    Stage 4's hidden plans and Stage 5 before anything is revealed look the same from
    outside (the hand sizes, who is done, no play revealed); that is read as Stage 4."""
    if view.over is not None:
        return STAGES.index("over")
    if view.studio is not None:
        return STAGES.index("production")
    if view.queue:
        return STAGES.index("answering")
    if view.crew_seat is not None:
        return STAGES.index("crew_turn")
    if any(bid is not None for bid in view.revealed_bids):  # the auction is over
        if view.seat is None and (not view.config.scandals or view.plays):
            return STAGES.index("production")
        return STAGES.index("crew_planning")
    if (view.config.distributor_auction and view.year == 1 and not any(view.hand_sizes)
            and not any(view.packet_sizes) and all(lot is None for lot in view.lots)):
        return STAGES.index("distributor_bids")
    if not view.done and view.to_act == {view.distributor}:
        return STAGES.index("star_distribution")
    if any(view.packet_sizes):
        return STAGES.index("draft")
    if all(lot is None for lot in view.lots) and not view.star_size:
        # Deck exhaustion (R): no lot was offered, so the year went on without an auction.
        if view.seat is None and (not view.config.scandals or view.plays):
            return STAGES.index("production")
        return STAGES.index("crew_planning")
    return STAGES.index("auction")


def observation_tensor(view: View) -> array[float]:
    """The flat tensor of ``view``: a pure function of it (see :func:`tensor_sections`
    and the game's page for the layout).

    The tensor is a copy of the config's zero template with the view's values set in
    place: most values are 0, and converting every float of a long section from a list
    into the array would cost about twenty times as much. What every seat sees comes
    from :func:`_public_values`, which consecutive states mostly share (in Stage 5 a
    step changes one studio, which only its owner sees)."""
    layout = _layout(view.config)
    at = layout.at
    values = _public_values(view, layout)[:]
    width = len(layout.cards)
    card_at = layout.card_at
    seat = view.seat
    if seat is not None:
        values[at["seat"] + seat] = 1.0
    values[at["stage"] + stage_of(view)] = 1.0
    _cards(values, at["hand"], card_at, (c for c in view.hand if c >= 0))
    _cards(values, at["packet"], card_at, view.packet)
    if view.own_pick is not None:
        values[at["pick"] + card_at[view.own_pick]] = 1.0
    _cards(values, at["stars"], layout.star_at, view.stars)
    _cards(values, at["set_aside"], card_at, view.set_aside)
    if view.own_bid is not None:  # lot 0 is the bid for the first distribution
        lots = auction_lots(layout.players)
        values[at["own_bid"] + view.own_bid.lot] = 1.0
        values[at["own_bid"] + 1 + lots + view.own_bid.value] = 1.0
    _write_plays(values, view, layout)
    if view.studio is not None:
        _write_studio(values, view.studio, view.config, layout)
    given, received = at["log_given"], at["log_received"]
    for note in view.log:
        if note.what in _GIVEN:
            values[given + note.other * width + card_at[note.card]] = 1.0
        elif note.what in _RECEIVED:
            values[received + card_at[note.card]] = 1.0
    return values


_PUBLIC_FIELDS = ("year", "distributor", "to_act", "done", "crew_seat", "money", "bid_cards",
                  "basic_size", "star_size", "festivals_size", "worthless_size",
                  "second_team_size", "festival", "hand_sizes", "packet_sizes",
                  "set_aside_sizes", "lots", "discard", "revealed_bids", "trophies",
                  "report", "over")
"""The fields of a view that are the same in every seat's view of a state, and the
only ones :func:`_public_values` reads."""

_public_of = attrgetter(*_PUBLIC_FIELDS)

_PUBLIC: dict[int, tuple[Any, ...]] = {}
"""Per layout (by identity), the last public part written: the layout, the public
fields it was written from, and the values."""


def _public_values(view: View, layout: _Layout) -> array[float]:
    """The tensor with what every seat sees set (read only: the caller copies it)."""
    fields = _public_of(view)
    entry = _PUBLIC.get(id(layout))
    if entry is not None and entry[0] is layout and all(
            old is new or old == new for old, new in zip(entry[1], fields, strict=True)):
        return entry[2]  # type: ignore[no-any-return]
    at = layout.at
    values = layout.template[:]
    n = layout.players
    card_at = layout.card_at
    values[at["year"] + view.year - 1] = 1.0
    values[at["distributor"] + view.distributor] = 1.0
    for acting in view.to_act:
        values[at["to_act"] + acting] = 1.0
    for done in view.done:
        values[at["done"] + done] = 1.0
    if view.crew_seat is not None:
        values[at["crew_seat"] + view.crew_seat] = 1.0
    _scalars(values, at["money"], view.money, MONEY_SCALE)
    start = at["bid_cards"]
    for holder, cards in enumerate(view.bid_cards):
        for value in cards:
            values[start + holder * len(_BID_VALUES) + value] = 1.0
    start = at["deck_sizes"]
    for index, (size, total) in enumerate(zip(
            (view.basic_size, view.star_size, view.festivals_size, view.worthless_size,
             view.second_team_size), layout.sizes, strict=True)):
        values[start + index] = size / max(total, 1)
    if view.festival is not None and layout.festival_effects:
        effect = view.config.deck().cards[view.festival].effect
        values[at["festival"] + layout.festival_effects.index(effect)] = 1.0
    _scalars(values, at["hand_sizes"], view.hand_sizes, HAND_SCALE)
    _scalars(values, at["packet_sizes"], view.packet_sizes, PACKET_SCALE)
    _scalars(values, at["set_aside_sizes"], view.set_aside_sizes, SET_ASIDE_SCALE)
    star_at = layout.star_at
    start = at["lots"]
    for lot, card in enumerate(view.lots):
        if card is not None:
            values[start + lot * len(star_at) + star_at[card]] = 1.0
    _cards(values, at["discard"], card_at, view.discard)
    lots = auction_lots(n)
    start, row = at["revealed_bids"], lots + len(_BID_VALUES)
    for holder, bid in enumerate(view.revealed_bids):
        if bid is not None:
            values[start + holder * row + bid.lot - 1] = 1.0
            values[start + holder * row + lots + bid.value] = 1.0
    start = at["trophies"]
    for holder, won in enumerate(view.trophies):
        values[start + 2 * holder] = len(won) / TROPHY_SCALES[0]
        values[start + 2 * holder + 1] = sum(t.countable for t in won) / TROPHY_SCALES[1]
    _cards(values, at["trophy_cards"], card_at,
           (c for won in view.trophies for trophy in won for c in trophy.cards))
    if view.report is not None:
        _write_report(values, view.report, at)
    if view.over is not None:
        values[at["over"] + OVER_REASONS.index(view.over.reason)] = 1.0
        for winner in view.over.winners:
            values[at["over"] + len(OVER_REASONS) + winner] = 1.0
    if len(_PUBLIC) >= 64:
        _PUBLIC.clear()
    _PUBLIC[id(layout)] = (layout, fields, values)
    return values


def _scalars(values: array[float], start: int, numbers: Iterable[float],
             scale: float) -> None:
    for index, number in enumerate(numbers):
        values[start + index] = number / scale


def _cards(values: array[float], start: int, position: dict[int, int],
           cards: Iterable[int]) -> None:
    """A multi-hot section over cards: ``position`` numbers the section's cards."""
    for card in cards:
        values[start + position[card]] = 1.0


def _write_plays(values: array[float], view: View, layout: _Layout) -> None:
    """Per playable card: its owner, target, the type named, where the play stands."""
    n = layout.players
    row = 2 * n + len(AGENT_TYPES) + len(PLAY_STATUSES)
    start = layout.at["plays"]

    def mark(play: Play, status: int) -> None:
        base = start + layout.playable_at[play.card] * row
        values[base + play.owner] = 1.0
        if play.target >= 0:
            values[base + n + play.target] = 1.0
        if play.named:
            values[base + 2 * n + _NAMED[play.named]] = 1.0
        values[base + 2 * n + len(AGENT_TYPES) + status] = 1.0

    for play in view.plays:
        mark(play, _RESULT_STATUS[play.result])
    for index, play in enumerate(view.queue):
        mark(play, 2 if index == 0 else 3)
    for play in view.own_plays:
        mark(play, 0)
    if view.building is not None:
        mark(view.building, 1)


def _write_studio(values: array[float], studio: Studio, config: Config,
                  layout: _Layout) -> None:
    """One's own Stage 5 studio: films, dual roles, tokens, discards, counts, icons."""
    at = layout.at
    width = len(layout.cards)
    card_at, dual_at, teachable_at = layout.card_at, layout.dual_at, layout.teachable_at
    films, second, tokens = at["films"], at["second_role"], at["tokens"]
    icons, teachable = at["icons"], len(teachable_at)
    kinds = config.deck().cards
    for card in studio.hand:
        if card < 0:
            values[tokens + TOKEN_PLACES * (-1 - card)] = 1.0
    for film, slots in enumerate(studio.films):
        for slot in slots:
            card = slot.card
            if card < 0:
                values[tokens + TOKEN_PLACES * (-1 - card) + 1 + film] = 1.0
            else:
                values[films + film * width + card_at[card]] = 1.0
                if card in dual_at and slot.role == role_choices(kinds[card])[1]:
                    values[second + dual_at[card]] = 1.0
            if slot.icon:
                values[icons + _GENRE[slot.icon] * teachable + teachable_at[card]] = 1.0
    _cards(values, at["studio_discards"], card_at, studio.discards)
    start = at["studio_counts"]
    values[start] = studio.worthless / MAX_WORTHLESS
    values[start + 1] = studio.second_team
    values[start + 2] = studio.moves / move_budget(studio)
    values[start + 3] = studio.obligation / OBLIGATION_SCALE
    _cards(values, at["taught"], layout.teacher_at, (t for t, _ in studio.taught))


def _write_report(values: array[float], report: YearReport, at: dict[str, int]) -> None:
    """The last year's films (made, box office, cost, title and countable figurines), its
    Film of the Year and each seat's supply takes."""
    start = at["report"]
    for film in report.films:
        base = start + (film.seat * FILMS + film.film) * REPORT_FIGURES
        values[base] = 1.0
        for offset, (figure, scale) in enumerate(zip(
                (film.box_office, film.cost, film.title, film.countable), REPORT_SCALES,
                strict=True)):
            values[base + 1 + offset] = figure / scale
    if report.film_of_the_year is not None:
        seat, film_index = report.film_of_the_year
        values[at["film_of_the_year"] + seat * FILMS + film_index] = 1.0
    start = at["report_takes"]
    for seat, (worthless, second_team) in enumerate(report.takes):
        values[start + 2 * seat] = worthless / MAX_WORTHLESS
        values[start + 2 * seat + 1] = second_team


def observation_bounds(config: Config) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Each float's least and greatest value. The flags are 0 or 1 and the deck sizes,
    packet sizes, Worthless Scripts, Films of the Year and the Scandals obligation are
    over their largest value; the other scales are typical values, not bounds, and the
    rules' bounds (those :mod:`~partyrules.games.hollywood.integrity` checks, from the
    config's cards: ``S`` the basic and star cards in play) take them past 1:

    * ``money``: at most the money ceiling (``Catalog.ceiling``: the starting money,
      three years' most income and every trophy's pay), over 100;
    * ``hand_sizes`` and ``set_aside_sizes``: at most ``S`` cards, over 20 and 10;
    * the studio's ``moves``, over its budget ``2 s + 6`` for the ``s`` cards it began
      with: at most the budget plus ``s`` per supply take plus one (3 Worthless Scripts,
      1 Second-Team Director), so ``1 + 5 S / (2 S + 6)``;
    * a seat's trophies' countable figurines, over 10: at most the figurines printed on
      the ``S`` cards plus each year's supply figurines;
    * the report's box office (over 50) from minus to plus the money ceiling (a film can
      lose money), its cost, title and countable figurines (over 10) from 0 to it.
    """
    cat = catalog(config)
    layout = _layout(config)
    held = len(cat.held)
    size = len(layout.template)
    low, high = [0.0] * size, [1.0] * size

    def section(name: str, value: float, at: Iterable[int] | None = None) -> None:
        start = layout.at[name]
        width = dict(layout.sections)[name]
        for index in range(width) if at is None else at:
            high[start + index] = value

    n = layout.players
    section("money", cat.ceiling / MONEY_SCALE)
    section("hand_sizes", held / HAND_SCALE)
    section("set_aside_sizes", held / SET_ASIDE_SCALE)
    section("studio_counts", 1 + (MAX_WORTHLESS + 2) * held / (2 * held + 6), (2,))
    figurines = sum(cat.kinds[card].figurines for card in cat.held)
    section("trophies", (figurines + YEARS * cat.supply_figurines) / TROPHY_SCALES[1],
            range(1, 2 * n, 2))
    report = layout.at["report"]
    for film in range(n * FILMS):
        base = report + film * REPORT_FIGURES
        for offset, scale in enumerate(REPORT_SCALES):
            high[base + 1 + offset] = cat.ceiling / scale
        low[base + 1] = -cat.ceiling / REPORT_SCALES[0]  # the box office
    return tuple(low), tuple(high)


ENCODING: Encoding[Config, State, Action, View] = Encoding(
    num_actions=num_actions, action_id=action_id, action_from_id=action_from_id,
    observation_shape=observation_shape, observation_tensor=observation_tensor,
    observation_bounds=observation_bounds,
    tensor_view=tensor_view,
    numbered=numbered,
)
"""Hollywood's fixed action ids and observation tensors."""
