"""The integrity checks of Hollywood's records: :func:`validate`, run on every state
``loads`` reads, :func:`validate_view`, run on every view, and :func:`places`, every card
by where it lies (for the conservation check).

The promise: a state that passes is one the engine can go on from (it is over, or a
seat has a legal action, and every listed action gives a state that passes), and a
view that passes is one ``view`` could have written, so ``render_view`` can print it.
Every check follows the config's card list: which ids are in play, their backs, which
are Agents, Lawyers and Scandals cards, and the money ceiling are worked out from
``config.data()`` (:func:`catalog`).

Each failure is a :class:`~partyrules.core.errors.CorruptState` whose path names the
bad value as it appears in the JSON document (``data.phase.bids[2].lot``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from functools import lru_cache
from typing import Any, Literal, NoReturn

import attrs

from partyrules.core.errors import CorruptState
from partyrules.core.passed import Passed
from partyrules.games.hollywood.cards import GENRES, CardKind
from partyrules.games.hollywood.crew import must_answer, types_named_by
from partyrules.games.hollywood.films import (
    FILM_ROLES,
    Placed,
    production_error,
    role_error,
    scandal_obligation,
)
from partyrules.games.hollywood.flow import (
    GOLDEN_JURY,
    PACKET,
    SECOND_TEAM_TOKEN,
    TROPHY_INCOME,
    WORTHLESS_TOKENS,
)
from partyrules.games.hollywood.production import (
    FILMS,
    assign_actions,
    move_budget,
    studio_check,
)
from partyrules.games.hollywood.state import (
    BID_CARDS,
    MAX_WORTHLESS,
    STAGES,
    STARTING_MONEY,
    YEARS,
    Answering,
    Bidding,
    Config,
    CrewPlanning,
    CrewTurn,
    DistributorBids,
    Drafting,
    Note,
    Over,
    PlacedBid,
    Play,
    Producing,
    Slot,
    StarDistribution,
    State,
    Studio,
    Trophy,
    View,
    YearReport,
    auction_lots,
    components,
)

__all__ = ["places", "validate", "validate_view"]

DUO_MAX = 9
"""Stage 6: the actor-and-actress bonus is at most 4 + 3 (Lighting Technician) + 2 (Red
Carpet Gala)."""
GENRE_MAX = 3
"""Stage 6: the genre bonus is at most 3 per card (under the genre's Festival)."""
WEEK_PER_SUPPLY_CARD = 2
"""Stage 6: Independent Cinema Week pays 2 per Worthless Script and Second-Team Director."""
TAKES_PER_YEAR = MAX_WORTHLESS + 1
"""Stage 5: at most 3 Worthless Scripts and 1 Second-Team Director a year."""
PLAY_RESULTS = ("gave", "paid", "none", "scandal")
"""A resolved Stage 4 play: the target gave a card, paid, had nothing, or a Scandals card
was set aside for it."""
ICONS = ("", *GENRES)
"""A slot's virtual icon: none, or a Teacher's genre."""
_STAGE_4 = (CrewTurn, CrewPlanning, Answering)
PlayStage = Literal["building", "made", "resolved"]
"""How far a Stage 4 play has come."""


@attrs.frozen(slots=True)
class Catalog:
    """What a config's card list puts in play, for the checks."""

    kinds: tuple[CardKind, ...]
    """Per card id (of the whole list), its kind."""
    by_back: dict[str, frozenset[int]]
    """The ids in play of each back."""
    in_play: frozenset[int]
    """Every id in play."""
    held: frozenset[int]
    """The basic and star cards in play: what hands, packets, films and trophies hold."""
    playable: frozenset[int]
    """The Agents, Lawyers and Scandals cards in play (the cards of Stage 4 plays)."""
    allowed_at: dict[str, frozenset[int]]
    """Per place of :func:`places`, the ids in play it
    may hold (the ids of the backs that lie there)."""
    year_income: int
    """The most money all studios together can gain in a year (:func:`year_income`)."""
    supply_figurines: int
    """The figurines printed on all supply cards in play (a film may hold some; its
    trophy does not keep them)."""
    ceiling: int
    """The most money a studio can ever have: all the starting money, three years'
    income and what every trophy could pay at the end."""


@lru_cache(maxsize=64)
def catalog(config: Config) -> Catalog:
    """The :class:`Catalog` of ``config`` (memoized per config)."""
    kinds = config.deck().cards
    ids = dict(zip(("basic", "star", "worthless", "second_team", "festival"),
                   map(frozenset, components(config)), strict=True))
    in_play = frozenset().union(*ids.values())
    held = ids["basic"] | ids["star"]
    playable = frozenset(c for c in held if kinds[c].scandal
                         or kinds[c].effect in ("agent", "lawyer"))
    supply = ids["worthless"] | ids["second_team"]
    income = year_income(config.players, [kinds[c] for c in in_play], len(supply))
    figurines = sum(kinds[c].figurines for c in in_play)
    names = [*_BACKS_OF_PLACE, "phase.plans", "phase.building", "phase.queue",
             *(f"{place}[{seat}]" for seat in range(config.players) for place in
               ("hands", "packets", "set_aside", "trophies", "phase.studios"))]
    allowed_at = {name: frozenset().union(*(ids[back] for back in _backs_of(name)))
                  for name in names}
    return Catalog(kinds, ids, in_play, held, playable, allowed_at, income,
                   sum(kinds[c].figurines for c in supply),
                   STARTING_MONEY * config.players + YEARS * income
                   + TROPHY_INCOME * figurines)


def year_income(players: int, cards: Sequence[CardKind], supply: int) -> int:
    """The most money the studios together can gain in a production year with these
    cards in play: a film of ``k`` cards earns at most its positive coins, 3 a card of
    genre bonus, 4 a Sound Engineer (one per genre), 9 of duo, ``k * k`` of
    choreography, ``k * supply`` from Critics and 2 a supply card under Independent
    Cinema Week; every card is in at most one film, so a year pays at most ``P + 5n +
    4s + n*n + n*supply + 27 * players`` for the ``n`` cards in play, ``s`` of them
    Sound Engineers, plus the Golden Jury. Loose, but implied by the rules and the card
    list: money only grows at a year's tally (a Lawyer's fee and the bids move or spend
    it), so the studios never hold more than the starting money plus this much a year
    past.

    >>> year_income(2, [CardKind("Script", "basic", "script", coin=2, figurines=1)], 0)
    67
    """
    count = len(cards)
    positive = sum(max(0, kind.coin or 0) for kind in cards)
    engineers = sum(1 for kind in cards if kind.effect == "sound_engineer")
    return (positive + (GENRE_MAX + WEEK_PER_SUPPLY_CARD) * count + len(GENRES) * engineers
            + count * count + count * supply + DUO_MAX * FILMS * players + GOLDEN_JURY)


# -- small checks ----------------------------------------------------------------------------


def _fail(message: str, path: str) -> NoReturn:
    raise CorruptState(message, path)


def _int_in(value: Any, low: int, high: int, path: str, what: str) -> None:
    if type(value) is not int or not low <= value <= high:
        _fail(f"{what} is from {low} to {high}, not {value!r}", path)


def _seat(value: Any, players: int, path: str, what: str = "a seat") -> None:
    if type(value) is not int or not 0 <= value < players:
        _fail(f"{what} is a seat from 0 to {players - 1}, not {value!r}", path)


def _seats(value: frozenset[int], players: int, path: str) -> None:
    for seat in sorted(value, key=repr):
        _seat(seat, players, path)


def _per_seat(items: Sequence[Any], players: int, path: str) -> None:
    if len(items) != players:
        _fail(f"one entry per seat ({players}), not {len(items)}", path)


def _card(card: Any, allowed: frozenset[int], path: str, what: str) -> None:
    if type(card) is not int or card not in allowed:
        _fail(f"card {card!r} is not {what}", path)


def _cards(cards: Sequence[Any], allowed: frozenset[int], path: str, what: str) -> None:
    if allowed.issuperset(cards):
        return
    for index, card in enumerate(cards):
        _card(card, allowed, f"{path}[{index}]", what)


def _empty(items: Sequence[Any], path: str, when: str) -> None:
    if items:
        _fail(f"empty {when}", path)


def _money(money: Sequence[int], players: int, ceiling: int, path: str) -> None:
    _per_seat(money, players, path)
    for seat, amount in enumerate(money):
        _int_in(amount, 0, ceiling, f"{path}[{seat}]", "money")


def _bid_cards(bid_cards: Sequence[frozenset[int]], players: int, path: str) -> None:
    _per_seat(bid_cards, players, path)
    for seat, cards in enumerate(bid_cards):
        if not cards <= BID_CARDS or 0 not in cards:
            _fail("bid cards are 0 to 4, and the 0 is never spent", f"{path}[{seat}]")


def _placed_bid(bid: PlacedBid, players: int, path: str, *, lot_from: int = 1) -> None:
    _int_in(bid.lot, lot_from, auction_lots(players), f"{path}.lot", "a lot")
    _int_in(bid.value, min(BID_CARDS), max(BID_CARDS), f"{path}.value", "a bid card")


def _play(play: Play, players: int, cat: Catalog, path: str, *, stage: PlayStage) -> None:
    """A Stage 4 play at ``stage``: ``building`` (made one choice at a time: no type
    named yet), ``made`` (complete, unresolved) or ``resolved``."""
    _seat(play.owner, players, f"{path}.owner", "the owner")
    _card(play.card, cat.playable, f"{path}.card", "an Agent, a Lawyer or a Scandals card "
          "in play")
    types = types_named_by(cat.kinds[play.card])
    if stage == "building" and play.target == -1:
        pass
    elif type(play.target) is not int or not 0 <= play.target < players \
            or play.target == play.owner:
        _fail(f"the target is another seat, not {play.target!r}", f"{path}.target")
    if stage == "building":
        if play.named != "":
            _fail("a play still being made names no type yet", f"{path}.named")
        if play.target != -1 and not types:
            _fail("a Scandals card with a target is a made play, not one being made",
                  f"{path}.target")
    elif play.named not in (types or ("",)):
        _fail(f"this card names one of {list(types)}" if types else
              "a Scandals card names no type", f"{path}.named")
    if stage != "resolved":
        if play.result != "":
            _fail("an unresolved play has no result", f"{path}.result")
        return
    if play.result not in PLAY_RESULTS:
        _fail(f"a result is one of {list(PLAY_RESULTS)}, not {play.result!r}",
              f"{path}.result")
    scandal = not types
    if (play.result == "scandal") != scandal or (
            play.result == "paid" and cat.kinds[play.card].effect != "lawyer"):
        _fail(f"{play.result!r} is not how this card's play resolves", f"{path}.result")


def _notes(notes: Sequence[Note], seat: int, players: int, cat: Catalog, path: str) -> None:
    for index, note in enumerate(notes):
        where = f"{path}[{index}]"
        if note.what not in ("star_given", "star_received", "hidden_lot", "gave",
                             "received"):
            _fail(f"unknown log entry {note.what!r}", f"{where}.what")
        _card(note.card, cat.held, f"{where}.card", "a basic or star card in play")
        if note.what == "hidden_lot":
            if note.other != -1:
                _fail("a hidden lot comes from no seat (-1)", f"{where}.other")
        elif note.what == "star_given":
            _seat(note.other, players, f"{where}.other")
        else:
            _seat(note.other, players, f"{where}.other", "another seat")
            if note.other == seat:
                _fail("a card changes hands between two seats", f"{where}.other")


def _trophies(trophies: Sequence[Sequence[Trophy]], players: int, cat: Catalog,
              last_year: int, path: str) -> None:
    _per_seat(trophies, players, path)
    years: set[int] = set()
    for seat, won in enumerate(trophies):
        for index, trophy in enumerate(won):
            where = f"{path}[{seat}][{index}]"
            _int_in(trophy.year, 1, last_year, f"{where}.year", "a year tallied")
            if trophy.year in years:
                _fail(f"year {trophy.year} has one Film of the Year", f"{where}.year")
            years.add(trophy.year)
            _cards(trophy.cards, cat.held, f"{where}.cards", "a basic or star card in play")
            printed = sum(cat.kinds[card].figurines for card in trophy.cards)
            _int_in(trophy.countable, 0, printed + cat.supply_figurines, f"{where}.countable",
                    "the countable figurines (at most those printed on its film's cards)")


def _report(report: YearReport, players: int, cat: Catalog, last_year: int,
            path: str) -> None:
    _int_in(report.year, 1, last_year, f"{path}.year", "the year of the last results")
    shown: set[tuple[int, int]] = set()
    ceiling = cat.ceiling
    for index, film in enumerate(report.films):
        where = f"{path}.films[{index}]"
        _seat(film.seat, players, f"{where}.seat")
        _int_in(film.film, 0, FILMS - 1, f"{where}.film", "a film")
        if (film.seat, film.film) in shown:
            _fail("each film is reported once", where)
        shown.add((film.seat, film.film))
        if not film.slots:
            _fail("a reported film has cards", f"{where}.slots")
        _reported_slots(film.slots, cat, where)
        if -ceiling <= min(film.coins, film.genre, film.sound, film.duo, film.choreography,
                           film.critic, film.festival, film.box_office) and max(
                film.coins, film.genre, film.sound, film.duo, film.choreography,
                film.critic, film.festival, film.box_office, film.cost, film.title,
                film.countable) <= ceiling and min(film.cost, film.title,
                                                   film.countable) >= 0:
            continue  # the usual case at a glance; the walk below names what is wrong
        for name in ("coins", "genre", "sound", "duo", "choreography", "critic",
                     "festival", "box_office"):
            _int_in(getattr(film, name), -ceiling, ceiling, f"{where}.{name}",
                    "a box office item")
        for name in ("cost", "title", "countable"):
            _int_in(getattr(film, name), 0, ceiling, f"{where}.{name}", "a count")
    best = report.film_of_the_year
    if best is not None and tuple(best) not in shown:
        _fail("the Film of the Year is one of the reported films",
              f"{path}.film_of_the_year")
    if report.discards:
        _per_seat(report.discards, players, f"{path}.discards")
        for seat, cards in enumerate(report.discards):
            _cards(cards, cat.held, f"{path}.discards[{seat}]", "a basic or star card")
            if len(cards) > TAKES_PER_YEAR:
                _fail(f"at most {TAKES_PER_YEAR} discards a year", f"{path}.discards[{seat}]")
    if report.takes:
        _per_seat(report.takes, players, f"{path}.takes")
        for seat, (worthless, second) in enumerate(report.takes):
            _int_in(worthless, 0, MAX_WORTHLESS, f"{path}.takes[{seat}][0]",
                    "Worthless Scripts taken")
            _int_in(second, 0, 1, f"{path}.takes[{seat}][1]", "Second-Team Directors taken")


def _reported_slots(slots: Sequence[Slot], cat: Catalog, where: str) -> None:
    if cat.in_play.issuperset(slot.card for slot in slots) and all(
            slot.role in FILM_ROLES and slot.icon in ICONS for slot in slots):
        return  # the usual case at a glance; the walk below names what is wrong
    for position, slot in enumerate(slots):
        _card(slot.card, cat.in_play, f"{where}.slots[{position}].card", "in play")
        if slot.role not in FILM_ROLES:
            _fail(f"a role is one of {list(FILM_ROLES)}", f"{where}.slots[{position}].role")
        if slot.icon not in ICONS:
            _fail(f"an icon is one of {list(GENRES)} or none",
                  f"{where}.slots[{position}].icon")


def _token_kind(cat: Catalog, token: int) -> CardKind:
    back = "second_team" if token == SECOND_TEAM_TOKEN else "worthless"
    return cat.kinds[min(cat.by_back[back])]  # a studio holds only tokens of cards in play


def _studio(studio: Studio, config: Config, cat: Catalog, money: int, path: str) -> None:
    """A seat's Stage 5: its cards are the ones it began with, less its discards, plus
    one token per supply card taken; roles, icons and Teachers agree; the obligation is
    the one its cards set and can still be met; a finished studio could finish."""
    _int_in(studio.worthless, 0, MAX_WORTHLESS, f"{path}.worthless", "Worthless Scripts taken")
    _int_in(studio.second_team, 0, 1 if config.awards else 0, f"{path}.second_team",
            "Second-Team Directors taken")
    if len(studio.films) != FILMS:
        _fail(f"a studio has {FILMS} films", f"{path}.films")
    tokens = {*WORTHLESS_TOKENS[:studio.worthless],
              *((SECOND_TEAM_TOKEN,) if studio.second_team else ())}
    start = studio.start
    _cards(start, cat.held, f"{path}.start", "a basic or star card in play")
    began = frozenset(start)
    if len(began) != len(start):
        _fail("a card is listed twice", f"{path}.start")
    seen: set[int] = set()

    def own(card: Any, where: str) -> None:
        if card in tokens if type(card) is int and card < 0 else card in began:
            if card in seen:
                _fail(f"card {card} is in the studio twice", where)
            seen.add(card)
            return
        _fail(f"card {card!r} is not one of the studio's cards (those it began with, "
              f"and tokens {sorted(tokens)} for the supply cards taken)", where)

    held = [*studio.hand, *(slot.card for film in studio.films for slot in film),
            *studio.discards]
    sound = len(held) == len(began) + len(tokens) and set(held) == began | tokens \
        and all(card >= 0 for card in studio.discards)
    if sound:  # the usual case, in set operations; the walk below names what is wrong
        seen.update(held)
    else:
        for index, card in enumerate(studio.hand):
            own(card, f"{path}.hand[{index}]")
    kinds: dict[int, CardKind] = {}
    for number, film in enumerate(studio.films):
        for index, slot in enumerate(film):
            if not sound:
                own(slot.card, f"{path}.films[{number}][{index}].card")
            kind = _token_kind(cat, slot.card) if slot.card < 0 else cat.kinds[slot.card]
            kinds[slot.card] = kind
            if role_error(kind, slot.role) is not None:
                _fail(f"{kind.name} cannot play {slot.role!r}",
                      f"{path}.films[{number}][{index}].role")
            if slot.icon not in ICONS:
                _fail(f"an icon is one of {list(GENRES)} or none",
                      f"{path}.films[{number}][{index}].icon")
    for index, card in enumerate(studio.discards):
        if type(card) is not int or card < 0:
            _fail(f"a discard is a card of the studio, not {card!r}",
                  f"{path}.discards[{index}]")
        if not sound:
            own(card, f"{path}.discards[{index}]")
        if cat.kinds[card].scandal:
            _fail("a Scandals card is never discarded", f"{path}.discards[{index}]")
    if not sound and seen != began | tokens:
        _fail(f"cards {sorted((began | tokens) - seen)} are missing from the studio", path)
    if len(studio.discards) != studio.worthless + studio.second_team:
        _fail("one discard per supply card taken", f"{path}.discards")
    _taught(studio, cat, config, path)
    if not 0 <= studio.moves <= _most_moves(studio):
        _int_in(studio.moves, 0, _most_moves(studio), f"{path}.moves", "the moves made (the "
                "budget, then at most one per card toward each arrangement the takes lead "
                "to)")
    due = _obligation(config, start) if config.scandals else 0
    if studio.obligation != due:
        _fail(f"the Scandals obligation of these cards is {due}", f"{path}.obligation")
    if due and studio.discards:
        kept = [cat.kinds[c] for c in start if c not in set(studio.discards)]
        if scandal_obligation(kept) < due:
            _fail("the discards leave the films unable to hold the Scandals cards due",
                  f"{path}.discards")
    if type(studio.finished) is not bool:
        _fail("finished is true or false", f"{path}.finished")
    if studio.finished:
        _could_finish(studio, kinds, money, path)


@lru_cache(maxsize=1024)
def _obligation(config: Config, start: tuple[int, ...]) -> int:
    """The Scandals obligation of the cards a studio began with (memoized: a state is
    validated again and again while its studios are unchanged)."""
    kinds = config.deck().cards
    return scandal_obligation([kinds[card] for card in start])


def _most_moves(studio: Studio) -> int:
    """Past the move budget only moves toward the canonical arrangement remain, at most
    one per card; each supply take changes the cards, so the arrangement, once more."""
    return move_budget(studio) + len(studio.start) * (
        studio.worthless + studio.second_team + 1)


def _moves_left(state: State, seat: int, studio: Studio, path: str) -> None:
    """Past the budget, the moves still toward the arrangement fit in what is left, so
    no move from this state can go past :func:`_most_moves`."""
    if studio.finished or studio.moves < move_budget(studio):
        return
    toward = sum(1 for _ in assign_actions(state, seat))
    if studio.moves + toward > _most_moves(studio):
        _fail(f"{studio.moves} moves made with {toward} still to make toward a valid "
              "arrangement is more than the budget allows", f"{path}.moves")


def _taught(studio: Studio, cat: Catalog, config: Config, path: str) -> None:
    if not studio.taught and not any(slot.icon for film in studio.films for slot in film):
        return
    film_of = {slot.card: number for number, film in enumerate(studio.films)
               for slot in film}
    icons = {slot.card for film in studio.films for slot in film if slot.icon}
    if studio.taught and not config.awards:
        _fail("Teachers come with the Hollywood Awards", f"{path}.taught")
    teachers: set[int] = set()
    learners: set[int] = set()
    for index, pair in enumerate(studio.taught):
        where = f"{path}.taught[{index}]"
        teacher, card = pair
        if teacher not in film_of or teacher < 0 or cat.kinds[teacher].effect != "teacher":
            _fail(f"{teacher!r} is not a Teacher in one of the studio's films", f"{where}[0]")
        if film_of.get(card) != film_of[teacher] or card not in icons:
            _fail("the card taught is in the Teacher's film and has its icon", f"{where}[1]")
        if teacher in teachers or card in learners:
            _fail("one icon per Teacher, one per card", where)
        teachers.add(teacher)
        learners.add(card)
    if learners != icons:
        _fail("every virtual icon comes from a Teacher of the film", f"{path}.taught")


def _could_finish(studio: Studio, kinds: dict[int, CardKind], money: int, path: str) -> None:
    found = _production_error(tuple(tuple(Placed(kinds[slot.card], slot.role, slot.icon)
                                          for slot in film) for film in studio.films),
                              studio.obligation, money)
    if found is not None:
        error, number = found
        _fail(f"a finished studio must be able to finish: {error}",
              f"{path}.finished" if number is None else f"{path}.films[{number}]")


# Memoized: a state is validated again and again while its finished studios stay as they are.
_production_error = lru_cache(maxsize=1024)(production_error)


# -- the state --------------------------------------------------------------------------------


def validate(state: State) -> None:
    """Raise :class:`CorruptState` naming the path when ``state`` breaks an invariant:
    every field of the state and of its phase, within the bounds the rules imply."""
    if not isinstance(state, State):
        raise CorruptState(f"expected a hollywood State, got {type(state).__name__}")
    config = state.config
    players = config.players
    cat = catalog(config)
    for name in ("money", "bid_cards", "hands", "packets", "set_aside", "trophies", "log",
                 "lots", "revealed_bids"):
        _per_seat(getattr(state, name), players, f"data.{name}")
    _phase_shape(state, players)
    _where_cards_lie(state, cat)
    _int_in(state.year, 1, YEARS, "data.year", "the year")
    _seat(state.distributor, players, "data.distributor", "the distributor")
    phase = state.phase
    over = isinstance(phase, Over)
    # The checks of the studios' public record run once for the states that share it
    # (see _RECORD).
    record = (config, state.money, state.bid_cards, state.trophies, state.log,
              state.report, state.year, over)
    if not _RECORD.holds(record):
        _money(state.money, players, cat.ceiling, "data.money")
        _bid_cards(state.bid_cards, players, "data.bid_cards")
        _money_so_far(state, cat, over)
        _trophies(state.trophies, players, cat, state.year if over else state.year - 1,
                  "data.trophies")
        for seat, notes in enumerate(state.log):
            _notes(notes, seat, players, cat, f"data.log[{seat}]")
        if state.report is not None:
            _report(state.report, players, cat, state.year if over else state.year - 1,
                    "data.report")
        _RECORD.remember(record)
    for index, play in enumerate(state.plays):
        _play(play, players, cat, f"data.plays[{index}]", stage="resolved")
    if len({play.card for play in state.plays}) != len(state.plays):
        _fail("a card is played once a year", "data.plays")
    for seat, bid in enumerate(state.revealed_bids):
        if bid is not None:
            _placed_bid(bid, players, f"data.revealed_bids[{seat}]")
    _board_of_the_stage(state, players)
    _PHASE_CHECKS[type(phase)](state, cat)


_RECORD = Passed()
"""The money, bid cards, trophies, logs and year report the checks of the record last
passed: the states ``determinize`` redeals from a state share them, and so do the states
of a stage until money changes hands or a year ends."""


def _money_so_far(state: State, cat: Catalog, over: bool) -> None:
    """The studios together hold at most the starting money, a year's income for each
    year tallied, and (at the end) what their trophies paid: so no action from a state
    that loads can take money past the ceiling."""
    years = YEARS if over else state.year - 1
    paid = sum(TROPHY_INCOME * t.countable for won in state.trophies for t in won) \
        if over else 0
    most = STARTING_MONEY * state.config.players + years * cat.year_income + paid
    if sum(state.money) > most:
        _fail(f"the studios hold {sum(state.money)} million, more than the starting money "
              f"and {years} years' income can give ({most})", "data.money")


def _phase_shape(state: State, players: int) -> None:
    """The per-seat tuples of the phase, before anything reads them."""
    phase = state.phase
    if isinstance(phase, (DistributorBids, Bidding)):
        _per_seat(phase.bids, players, "data.phase.bids")
    elif isinstance(phase, Drafting):
        _per_seat(phase.picks, players, "data.phase.picks")
    elif isinstance(phase, CrewPlanning):
        _per_seat(phase.plans, players, "data.phase.plans")
        _per_seat(phase.building, players, "data.phase.building")
    elif isinstance(phase, Producing):
        _per_seat(phase.studios, players, "data.phase.studios")
        for seat, studio in enumerate(phase.studios):
            if len(studio.films) != FILMS:
                _fail(f"a studio has {FILMS} films", f"data.phase.studios[{seat}].films")
    elif isinstance(phase, Answering) and not phase.queue:
        _fail("a play waits on its target", "data.phase.queue")


def places(state: State) -> dict[str, tuple[Hashable, ...]]:
    """Every card by where it lies (decks, supplies, hands, packets, lots, plays, the
    stage's films, trophies)."""
    found: dict[str, tuple[Hashable, ...]] = {
        "basic": state.basic, "star": state.star, "festivals": state.festivals,
        "festival": () if state.festival is None else (state.festival,),
        "discard": state.discard, "box": state.box, "worthless": state.worthless,
        "second_team": state.second_team,
        "lots": tuple(card for card in state.lots if card is not None),
    }
    for seat in range(state.config.players):
        found[f"hands[{seat}]"] = state.hands[seat]
        found[f"packets[{seat}]"] = state.packets[seat]
        found[f"set_aside[{seat}]"] = state.set_aside[seat]
        found[f"trophies[{seat}]"] = tuple(c for t in state.trophies[seat] for c in t.cards)
    phase = state.phase
    if isinstance(phase, StarDistribution):
        found["phase.stars"] = phase.stars
    elif isinstance(phase, CrewPlanning):
        found["phase.plans"] = tuple(p.card for plan in phase.plans for p in plan)
        found["phase.building"] = tuple(p.card for p in phase.building if p is not None)
    elif isinstance(phase, CrewTurn) and phase.building is not None:
        found["phase.building"] = (phase.building.card,)
    elif isinstance(phase, Answering):
        found["phase.queue"] = tuple(p.card for p in phase.queue)
        if phase.then is not None and phase.then.building is not None:
            found["phase.building"] = (phase.then.building.card,)
    elif isinstance(phase, Producing):
        for seat, studio in enumerate(phase.studios):
            cards = [*studio.hand, *studio.discards,
                     *(slot.card for film in studio.films for slot in film)]
            found[f"phase.studios[{seat}]"] = tuple(c for c in cards if c >= 0)
    return found


_BACKS_OF_PLACE = {
    "basic": ("basic",), "star": ("star",), "festivals": ("festival",),
    "festival": ("festival",), "discard": ("basic", "star", "festival"),
    "box": ("basic", "star"), "worthless": ("worthless",),
    "second_team": ("second_team",), "lots": ("star",), "phase.stars": ("star",),
}
"""The backs each place may hold; every other place holds basic and star cards."""


def _backs_of(place: str) -> tuple[str, ...]:
    if place.startswith("packets"):
        return ("basic",)
    return _BACKS_OF_PLACE.get(place, ("basic", "star"))


def _where_cards_lie(state: State, cat: Catalog) -> None:
    """Every card in play lies in exactly one place, among the cards that place can
    hold (a packet only basic cards, a supply only its own cards, ...)."""
    found = places(state)
    cards: list[Any] = []
    allowed_at = cat.allowed_at
    for place, items in found.items():
        allowed = allowed_at.get(place)
        if allowed is None or not allowed.issuperset(items):
            break
        cards += items
    else:  # the usual case, in set operations; the walk below names what is wrong
        if len(cards) == len(cat.in_play) == len(set(cards)):
            if state.box and state.config.players != 2:
                _fail("cards are boxed only in the 2-player game", "data.box")
            return
    seen: dict[int, str] = {}
    kinds = cat.kinds
    for place, items in found.items():
        backs = _backs_of(place)
        for index, card in enumerate(items):
            path = f"data.{place}[{index}]"
            if type(card) is not int or card not in cat.in_play:
                _fail(f"card {card!r} is not in play", path)
            if card in seen:
                _fail(f"card {card} is also in {seen[card]}", path)
            if kinds[card].back not in backs:
                _fail(f"a {kinds[card].back} card never lies in {place}", path)
            seen[card] = place
    if len(seen) != len(cat.in_play):
        _fail(f"{len(cat.in_play) - len(seen)} cards are missing", "data")
    if state.box and state.config.players != 2:
        _fail("cards are boxed only in the 2-player game", "data.box")


def _board_of_the_stage(state: State, players: int) -> None:
    """What each stage leaves empty: packets outside the draft, lots after the auction,
    hands in Stage 5, set-aside cards outside Stage 4, plays and bids outside the year
    they belong to."""
    phase = state.phase
    drafting = isinstance(phase, (StarDistribution, Drafting))
    for seat in range(players):
        if not drafting:
            _empty(state.packets[seat], f"data.packets[{seat}]", "outside Stages 1 and 2")
        if not isinstance(phase, (CrewTurn, Answering)):
            _empty(state.set_aside[seat], f"data.set_aside[{seat}]",
                   "until Stage 4's plays resolve")
        if isinstance(phase, (DistributorBids, Producing, Over)):
            _empty(state.hands[seat], f"data.hands[{seat}]",
                   "before the first year and from Stage 5 to the next year")
        if isinstance(phase, (DistributorBids, Over)):
            _empty(state.log[seat], f"data.log[{seat}]", "outside a year")
    if not (drafting or isinstance(phase, Bidding)) and any(
            card is not None for card in state.lots):
        _fail("the lots are empty after the auction", "data.lots")
    if not isinstance(phase, (CrewTurn, Answering, Producing)):
        _empty(state.plays, "data.plays", "before Stage 4's plays are revealed")
    revealed = isinstance(phase, (*_STAGE_4, Producing))
    # Deck exhaustion (R): a year whose auction had no lot reveals no bid at all.
    skipped = revealed and all(bid is None for bid in state.revealed_bids)
    for seat, bid in enumerate(state.revealed_bids):
        if (bid is None) == revealed and not skipped:
            _fail("the bids are revealed from the auction to the year's end" if revealed
                  else "no bids are revealed outside Stages 4 and 5",
                  f"data.revealed_bids[{seat}]")
    if isinstance(phase, (DistributorBids, Over)) and state.festival is not None:
        _fail("a Festival card rules a year only", "data.festival")
    if state.festival is not None and not state.config.festivals:
        _fail("Festival cards come with International Film Festivals", "data.festival")


# -- the phases --------------------------------------------------------------------------------


def _distributor_bids(state: State, cat: Catalog) -> None:
    phase = state.phase
    assert isinstance(phase, DistributorBids)
    if not state.config.distributor_auction or state.year != 1 or state.discard \
            or state.report is not None:
        _fail("the seats bid for the first distribution before the first year, with "
              "the advanced rule", "data.phase")
    for seat in range(state.config.players):
        if state.money[seat] != STARTING_MONEY or state.bid_cards[seat] != BID_CARDS:
            _fail(f"before the first distribution every studio has its {STARTING_MONEY} "
                  "million and bid cards 0-4", f"data.money[{seat}]")
    for seat, value in enumerate(phase.bids):
        if value is not None and value not in state.bid_cards[seat]:
            _fail(f"a bid is one of the seat's bid cards, not {value!r}",
                  f"data.phase.bids[{seat}]")
    if all(value is not None for value in phase.bids):
        _fail("once every seat has bid the distribution is settled", "data.phase.bids")


def _star_distribution(state: State, cat: Catalog) -> None:
    phase = state.phase
    assert isinstance(phase, StarDistribution)
    _seats(phase.served, state.config.players, "data.phase.served")
    unserved = state.config.players - len(phase.served)
    if not 1 <= len(phase.stars) <= unserved:
        _fail(f"the distributor holds 1 to {unserved} stars (one per seat not served)",
              "data.phase.stars")


def _drafting(state: State, cat: Catalog) -> None:
    phase = state.phase
    assert isinstance(phase, Drafting)
    for seat, packet in enumerate(state.packets):
        if len(packet) > PACKET:
            _fail(f"a packet has at most {PACKET} cards", f"data.packets[{seat}]")
    if max(map(len, state.packets)) < 2:
        _fail("the draft goes on while a packet has two cards or more", "data.packets")
    for seat, pick in enumerate(phase.picks):
        if pick is not None and pick not in state.packets[seat]:
            _fail(f"a pick is a card of the seat's packet, not {pick!r}",
                  f"data.phase.picks[{seat}]")
    if all(pick is not None or not packet
           for pick, packet in zip(phase.picks, state.packets, strict=True)):
        _fail("a seat with a packet is still to pick", "data.phase.picks")


def _bidding(state: State, cat: Catalog) -> None:
    phase = state.phase
    assert isinstance(phase, Bidding)
    players = state.config.players
    open_lots = {lot + 1 for lot, card in enumerate(state.lots) if card is not None}
    if state.star and auction_lots(players) > players:
        open_lots.add(players + 1)
    if not open_lots:
        _fail("the auction has a lot with a card", "data.lots")
    for seat, bid in enumerate(phase.bids):
        if bid is None:
            continue
        where = f"data.phase.bids[{seat}]"
        _placed_bid(bid, players, where)
        if bid.lot not in open_lots:
            _fail(f"lot {bid.lot} has no card", f"{where}.lot")
        if bid.value not in state.bid_cards[seat] or bid.value > state.money[seat]:
            _fail("a bid is an unspent bid card within the seat's money", f"{where}.value")
    if all(bid is not None for bid in phase.bids):
        _fail("once every seat has bid the auction is resolved", "data.phase.bids")


def _crew_turn(state: State, cat: Catalog) -> None:
    assert isinstance(state.phase, CrewTurn)
    _turn(state, cat, state.phase, "data.phase")


def _turn(state: State, cat: Catalog, turn: CrewTurn, path: str) -> None:
    """A turn of Stage 4's round: the phase, or the turn a waiting play goes back to."""
    players = state.config.players
    if state.config.scandals:
        _fail("with Hollywood Scandals Stage 4 is planned at once", path)
    _int_in(turn.left, 0, players - 1, f"{path}.left", "the seats still to follow")
    expected = (state.distributor + players - 1 - turn.left) % players
    if turn.seat != expected:
        _fail(f"the round goes clockwise from the distributor: with {turn.left} seats "
              f"to follow it is seat {expected}'s turn", f"{path}.seat")
    if turn.building is not None:
        _play(turn.building, players, cat, f"{path}.building", stage="building")
        if turn.building.owner != turn.seat:
            _fail("the play being made is the turn's seat's", f"{path}.building.owner")


def _crew_planning(state: State, cat: Catalog) -> None:
    phase = state.phase
    assert isinstance(phase, CrewPlanning)
    players = state.config.players
    if not state.config.scandals:
        _fail("Stage 4 is planned at once only with Hollywood Scandals", "data.phase")
    _seats(phase.ended, players, "data.phase.ended")
    if len(phase.ended) == players:
        _fail("once every seat has ended the plays are revealed", "data.phase.ended")
    for seat in range(players):
        for index, play in enumerate(phase.plans[seat]):
            where = f"data.phase.plans[{seat}][{index}]"
            _play(play, players, cat, where, stage="made")
            if play.owner != seat:
                _fail("a seat's plan holds its own plays", f"{where}.owner")
        building = phase.building[seat]
        if building is not None:
            where = f"data.phase.building[{seat}]"
            _play(building, players, cat, where, stage="building")
            if building.owner != seat or seat in phase.ended:
                _fail("a seat makes its own play, before it ends", f"{where}.owner")
        if seat in phase.ended and any(cat.kinds[c].effect == "lawyer"
                                       for c in state.hands[seat]):
            _fail("a seat holding a Lawyer may not end", "data.phase.ended")


def _answering(state: State, cat: Catalog) -> None:
    phase = state.phase
    assert isinstance(phase, Answering)
    players = state.config.players
    for index, play in enumerate(phase.queue):
        _play(play, players, cat, f"data.phase.queue[{index}]", stage="made")
    first = phase.queue[0]
    if not types_named_by(cat.kinds[first.card]) or not must_answer(state, first):
        _fail("the first play waits on a target that has to answer it",
              "data.phase.queue[0]")
    if state.config.scandals:
        if phase.then is not None:
            _fail("with Hollywood Scandals the plays resolve after every seat has ended",
                  "data.phase.then")
        return
    if phase.then is None or len(phase.queue) != 1:
        _fail("without Scandals one play at a time waits, in a turn of the round",
              "data.phase.then")
    _turn(state, cat, phase.then, "data.phase.then")
    if phase.then.building is not None or phase.then.seat != first.owner:
        _fail("the turn goes back to the play's owner, with no play being made",
              "data.phase.then")


_STUDIOS = Passed(8)
"""The Stage 5 studios (with their seat's money) the studio check last passed: a seat's
own studio stays the same object in the states ``determinize`` redeals for it, and every
studio but the one that acted in the state an action leads to."""


def _producing(state: State, cat: Catalog) -> None:
    phase = state.phase
    assert isinstance(phase, Producing)
    worthless = second_team = 0
    for seat, studio in enumerate(phase.studios):
        path = f"data.phase.studios[{seat}]"
        # A studio is checked once for the states that share it (see _STUDIOS).
        studied = (state.config, studio, state.money[seat])
        if not _STUDIOS.holds(studied):
            _studio(studio, state.config, cat, state.money[seat], path)
            _STUDIOS.remember(studied)
        _moves_left(state, seat, studio, path)
        worthless += studio.worthless
        second_team += studio.second_team
    if worthless > len(state.worthless):
        _fail("more Worthless Scripts taken than the supply holds", "data.phase.studios")
    if second_team > len(state.second_team):
        _fail("more Second-Team Directors taken than the supply holds", "data.phase.studios")
    if all(studio.finished for studio in phase.studios):
        _fail("once every studio has finished the films are revealed", "data.phase.studios")


def _over(state: State, cat: Catalog) -> None:
    phase = state.phase
    assert isinstance(phase, Over)
    if state.year != YEARS:
        _fail(f"the game ends after year {YEARS}", "data.year")
    money = state.money
    rich = [seat for seat, amount in enumerate(money) if amount == max(money)]
    most = max(len(state.trophies[seat]) for seat in rich)
    titled = frozenset(seat for seat in rich if len(state.trophies[seat]) == most)
    reason = ("most_money" if len(rich) == 1 else
              "films_of_the_year" if len(titled) == 1 else "shared")
    if phase.reason != reason or phase.winners != (frozenset(rich) if len(rich) == 1
                                                   else titled):
        _fail(f"the money and Films of the Year make it {reason!r}, won by "
              f"{sorted(titled if len(rich) > 1 else rich)}", "data.phase")


_PHASE_CHECKS: dict[type, Callable[[State, Catalog], None]] = {
    DistributorBids: _distributor_bids,
    StarDistribution: _star_distribution,
    Drafting: _drafting,
    Bidding: _bidding,
    CrewTurn: _crew_turn,
    CrewPlanning: _crew_planning,
    Answering: _answering,
    Producing: _producing,
    Over: _over,
}


# -- the view --------------------------------------------------------------------------------


def validate_view(view: View) -> None:
    """Raise :class:`CorruptState` naming the path unless ``view`` is one ``view()``
    could have written: shapes, ranges, ids of the card list, vocabularies, and nothing
    private in a spectator's view."""
    if not isinstance(view, View):
        raise CorruptState(f"expected a hollywood View, got {type(view).__name__}")
    config = view.config
    players = config.players
    cat = catalog(config)
    seat = view.seat
    if seat is not None:
        _seat(seat, players, "data.seat")
    _seats(view.to_act, players, "data.to_act")
    _seats(view.done, players, "data.done")
    _int_in(view.year, 1, YEARS, "data.year", "the year")
    _seat(view.distributor, players, "data.distributor", "the distributor")
    _money(view.money, players, cat.ceiling, "data.money")
    _bid_cards(view.bid_cards, players, "data.bid_cards")
    for name, back in (("basic_size", "basic"), ("star_size", "star"),
                       ("festivals_size", "festival"), ("worthless_size", "worthless"),
                       ("second_team_size", "second_team")):
        _int_in(getattr(view, name), 0, len(cat.by_back[back]), f"data.{name}",
                f"the {back} cards left")
    if view.festival is not None:
        _card(view.festival, cat.by_back["festival"], "data.festival", "a Festival card")
    _cards(view.discard, cat.held | cat.by_back["festival"], "data.discard",
           "a discarded card in play")
    for name in ("hand_sizes", "packet_sizes", "set_aside_sizes", "lots",
                 "revealed_bids", "trophies"):
        _per_seat(getattr(view, name), players, f"data.{name}")
    for name in ("hand_sizes", "set_aside_sizes"):
        for index, size in enumerate(getattr(view, name)):
            _int_in(size, 0, len(cat.held), f"data.{name}[{index}]", "a count of cards")
    for index, size in enumerate(view.packet_sizes):
        _int_in(size, 0, PACKET, f"data.packet_sizes[{index}]", "a packet's size")
    if view.studio is None:
        _cards(view.hand, cat.held, "data.hand", "a basic or star card in play")
    _cards(view.packet, cat.by_back["basic"], "data.packet", "a basic card in play")
    _cards(view.stars, cat.by_back["star"], "data.stars", "a star card in play")
    for index, card in enumerate(view.lots):
        if card is not None:
            _card(card, cat.by_back["star"], f"data.lots[{index}]", "a star card in play")
    _cards(view.set_aside, cat.held, "data.set_aside", "a basic or star card in play")
    for index, play in enumerate(view.plays):
        _play(play, players, cat, f"data.plays[{index}]", stage="resolved")
    for index, play in enumerate(view.own_plays):
        _play(play, players, cat, f"data.own_plays[{index}]", stage="made")
    for index, play in enumerate(view.queue):
        _play(play, players, cat, f"data.queue[{index}]", stage="made")
    if view.building is not None:
        _play(view.building, players, cat, "data.building", stage="building")
    for index, bid in enumerate(view.revealed_bids):
        if bid is not None:
            _placed_bid(bid, players, f"data.revealed_bids[{index}]")
    if view.own_bid is not None:
        _placed_bid(view.own_bid, players, "data.own_bid", lot_from=0)
    if view.own_pick is not None:
        _card(view.own_pick, cat.by_back["basic"], "data.own_pick", "a basic card in play")
    if view.crew_seat is not None:
        _seat(view.crew_seat, players, "data.crew_seat")
    _trophies(view.trophies, players, cat, view.year, "data.trophies")
    if view.report is not None:
        _report(view.report, players, cat, view.year, "data.report")
    if view.over is not None:
        if not view.over.winners or view.over.reason not in (
                "most_money", "films_of_the_year", "shared"):
            _fail("a game ends with winners and a reason", "data.over")
        _seats(view.over.winners, players, "data.over.winners")
    _stage(view)
    if seat is None:
        _spectator_holds_nothing(view)
        return
    _notes(view.log, seat, players, cat, "data.log")
    for index, play in enumerate(view.own_plays):
        if play.owner != seat:
            _fail("a seat's own plays are its own", f"data.own_plays[{index}].owner")
    if view.building is not None and view.building.owner not in (seat, view.crew_seat):
        _fail("the play being made is the viewer's, or the sequential turn's",
              "data.building.owner")
    if view.studio is not None:
        _studio(view.studio, config, cat, view.money[seat], "data.studio")
        if view.hand != view.studio.hand:
            _fail("in Stage 5 the hand is the studio's", "data.hand")
        if view.check != studio_check(config, view.studio, view.festival, view.money[seat]):
            _fail("the check of the films is the one the rules give", "data.check")
    _seen_once(view)


def _stage(view: View) -> None:
    """The stage is one of :data:`STAGES` and agrees with what the view holds only in
    that stage: the end, a seat's studio (and its check), a play waiting on its target,
    a sequential Crew Activities turn."""
    stage = view.stage
    if stage not in STAGES:
        _fail(f"the stage is one of {list(STAGES)}, not {stage!r}", "data.stage")
    if (view.over is not None) != (stage == "over"):
        _fail("the game is over exactly at the stage 'over'", "data.stage")
    if view.seat is not None and (view.studio is not None) != (stage == "production"):
        _fail("a seat holds its studio exactly in Stage 5", "data.stage")
    if bool(view.queue) != (stage == "answering"):
        _fail("plays wait on their targets exactly at the stage 'answering'", "data.stage")
    if (view.crew_seat is not None) != (stage == "crew_turn"):
        _fail("a sequential Crew Activities turn is the stage 'crew_turn'", "data.stage")
    if (view.check is None) != (view.studio is None):
        _fail("the films are checked exactly when the viewer holds a studio", "data.check")


def _spectator_holds_nothing(view: View) -> None:
    for name in ("hand", "packet", "stars", "set_aside", "own_plays", "log"):
        _empty(getattr(view, name), f"data.{name}", "for a spectator")
    for name in ("own_bid", "own_pick", "studio"):
        if getattr(view, name) is not None:
            _fail("a spectator holds nothing", f"data.{name}")
    if view.building is not None and view.crew_seat is None:
        _fail("a spectator sees only a sequential turn's play", "data.building")


def _seen_once(view: View) -> None:
    """A card the viewer sees lies in one place."""
    seen: dict[int, str] = {}
    studio_cards: tuple[int, ...] = ()
    if view.studio is not None:
        studio_cards = (*(slot.card for film in view.studio.films for slot in film),
                        *view.studio.discards)
    groups: tuple[tuple[str, Iterable[int]], ...] = (
        ("discard", view.discard), ("hand", view.hand), ("packet", view.packet),
        ("stars", view.stars), ("lots", (c for c in view.lots if c is not None)),
        ("set_aside", view.set_aside), ("studio", studio_cards),
        ("trophies", (c for won in view.trophies for t in won for c in t.cards)))
    for name, cards in groups:
        for card in cards:
            if card < 0:
                continue
            if card in seen:
                _fail(f"card {card} is also in {seen[card]}", f"data.{name}")
            seen[card] = name
