"""Stage 5, Movie Production: every seat arranges up to three films at once, hidden
until all have finished.

A seat moves its cards one at a time (``AssignCard``), may trade a card for a Worthless
Script (at most 3 a year) or, with the Awards, a Second-Team Director (at most 1), may
have a Teacher give a virtual genre icon (``TeachIcon``), and ``FinishProduction`` once
every film it made is valid, its films hold the Scandals cards it must use, and it can
pay its Second-Team Directors. A seat makes at most ``2 x (cards at the stage's start) +
6`` moves; past that only the moves toward a valid arrangement (and the finish) remain,
so every Stage 5 ends.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from functools import cache, lru_cache
from typing import Any

import attrs

from partyrules.core.records import replaced, without_every
from partyrules.games.hollywood.actions import (
    AssignCard,
    FinishProduction,
    TakeSecondTeamDirector,
    TakeWorthlessScript,
    TeachIcon,
)
from partyrules.games.hollywood.cards import GENRES, CardKind, Deck, role_choices
from partyrules.games.hollywood.films import (
    FILM_ROLES,
    Placed,
    box_office,
    film_cost,
    film_problem,
    natural_role,
    placed_tally,
    plan_films,
    production_error,
    production_problem,
    role_error,
    scandal_obligation,
    scandals_in,
    tally_cost,
    tally_scandals,
    tally_valid,
    title_figurines,
)
from partyrules.games.hollywood.flow import (
    SECOND_TEAM_TOKEN,
    WORTHLESS_TOKENS,
    deck_token_kind,
    kind_of,
    kinds_of,
    placed,
    reveal,
)
from partyrules.games.hollywood.state import (
    MAX_WORTHLESS,
    Config,
    FilmCheck,
    Producing,
    Slot,
    State,
    Studio,
    StudioCheck,
    evolve,
    new_producing,
    new_studio,
    with_phase,
)

__all__ = [
    "FILMS",
    "assign_actions",
    "finish_error",
    "move_budget",
    "production_actions",
    "production_list",
    "random_production_action",
    "studio_check",
    "studio_of",
    "take_error",
    "teach_error",
]

FILMS = 3
"""Stage 5: films 0, 1 and 2."""
TEACHABLE = ("director", "actor", "actress", "cast")
"""The roles a Teacher's icon may go to (an Editor as director or cast member too)."""


def studio_of(state: State, seat: int) -> Studio:
    """``seat``'s studio (Stage 5 only)."""
    phase = state.phase
    assert isinstance(phase, Producing)
    return phase.studios[seat]


def move_budget(studio: Studio) -> int:
    """At most 2 x (cards at the stage's start) + 6 ``AssignCard`` moves."""
    return 2 * len(studio.start) + 6


def _cards(studio: Studio) -> tuple[int, ...]:
    """Every card of the studio: hand, then films (supply tokens included)."""
    return (*studio.hand, *(slot.card for film in studio.films for slot in film))


def _where(studio: Studio, card: int) -> tuple[int | None, str | None]:
    for index, film in enumerate(studio.films):
        for slot in film:
            if slot.card == card:
                return index, slot.role
    return None, None


def _roles(kind: CardKind) -> tuple[str | None, ...]:
    return role_choices(kind) or (None,)


# -- the rules ---------------------------------------------------------------------------------


def assign_error(state: State, action: AssignCard) -> str | None:
    """Stage 5: a card of one's own into a film 0-2 or back to the hand, in a role it
    may play (a dual card and an Editor name theirs); not where it already is; within
    the move budget (past it, only toward a valid arrangement)."""
    studio = studio_of(state, action.seat)
    card, film, role = action.card, action.film, action.role
    if type(card) is not int or card not in _cards(studio):
        return f"Stage 5: card {card!r} is not one of your cards"
    if film is not None and (type(film) is not int or not 0 <= film < FILMS):
        return f"Stage 5: a film is 0, 1 or 2 (or null for the hand), not {film!r}"
    kind = kinds_of(state, (card,))[0]
    choices = role_choices(kind)
    if choices:
        if film is not None and (not isinstance(role, str) or role not in choices):
            rule = "Dual-Role Cards" if kind.kind == "dual" else "Editor"
            return f"{rule}: {kind.name} acts as one of {list(choices)}"
        if film is None and role is not None:
            return "Stage 5: a card in the hand plays no role"
    elif role is not None:
        return "Stage 5: only a dual-role card or an Editor takes a role"
    acting = None if film is None else (role or natural_role(kind))
    if acting is not None:
        error = role_error(kind, acting)
        if error:
            return error
    if _where(studio, card) == (film, acting):
        return "Stage 5: the card is already there"
    if studio.moves >= move_budget(studio) and AssignCard(
            action.seat, card, film, role) not in set(_toward_plan(state, action.seat)):
        return ("Stage 5: the move budget is spent; only moves toward a valid "
                "arrangement remain")
    return None


def take_error(state: State, action: TakeWorthlessScript | TakeSecondTeamDirector) -> str | None:
    """Stage 5: discard a card of the hand (not a Scandals card) for a Worthless Script
    (at most 3 a year) or a Second-Team Director (Awards, at most 1 a year); not a
    discard that would leave the films unable to hold the Scandals cards due."""
    studio = studio_of(state, action.seat)
    discard = action.discard
    second = isinstance(action, TakeSecondTeamDirector)
    if type(discard) is not int or discard not in studio.hand or discard < 0:
        return f"Stage 5: discard a card of your hand, not {discard!r}"
    if state.config.deck().cards[discard].scandal:
        return "Hollywood Scandals: a Scandals card may not be discarded"
    phase = state.phase
    assert isinstance(phase, Producing)
    if second:
        if not state.config.awards:
            return "Second-Team Directors come with the Hollywood Awards"
        if studio.second_team >= 1:
            return "Second-Team Director: only one per production year"
        if len(state.second_team) <= sum(s.second_team for s in phase.studios):
            return "Second-Team Director: the supply is empty"
    else:
        if studio.worthless >= MAX_WORTHLESS:
            return f"Stage 5: at most {MAX_WORTHLESS} Worthless Scripts per year"
        if len(state.worthless) <= sum(s.worthless for s in phase.studios):
            return "Stage 5: the Worthless Script supply is empty"
    if studio.obligation:
        kept = [c for c in studio.start if c not in studio.discards and c != discard]
        if scandal_obligation(kinds_of(state, kept)) < studio.obligation:
            return ("Hollywood Scandals: that discard would leave the films unable to hold "
                    "the Scandals cards you must use")
    return None


def teach_error(state: State, action: TeachIcon) -> str | None:
    """Teacher (Awards): once per Teacher per year, one virtual genre icon on a card of
    the Teacher's film acting as director, actor, actress or Assistant Director (an
    Editor directing or in the cast included)."""
    studio = studio_of(state, action.seat)
    teacher, card, genre = action.teacher, action.card, action.genre
    if type(teacher) is not int or teacher < 0 or teacher not in _cards(studio) or \
            state.config.deck().cards[teacher].effect != "teacher":
        return f"Teacher: {teacher!r} is not one of your Teachers"
    film, _ = _where(studio, teacher)
    if film is None:
        return "Teacher: the Teacher must be in a film"
    if any(t == teacher for t, _ in studio.taught):
        return "Teacher: one icon per Teacher per production year"
    slot = next((s for s in studio.films[film] if s.card == card and type(card) is int), None)
    if slot is None:
        return "Teacher: the card must be in the Teacher's film"
    kind = kinds_of(state, (card,))[0]
    assistant = kind.kind == "crew" and bool(kind.genres)
    if slot.role not in TEACHABLE and not assistant:
        return "Teacher: only a director, actor, actress or Assistant Director learns"
    if slot.icon:
        return "Teacher: that card already has a virtual icon"
    if not isinstance(genre, str) or genre not in GENRES:
        return f"Teacher: the icon is one of {list(GENRES)}, not {genre!r}"
    return None


def studio_check(config: Config, studio: Studio, festival: int | None,
                 money: int) -> StudioCheck:
    """What the rules say of ``studio``'s films, for its owner's screen: each film's
    first broken rule (:func:`~partyrules.games.hollywood.films.film_problem`), box
    office under the year's ``festival`` card, cost and title figurines, and why the
    studio may not finish yet (:func:`~partyrules.games.hollywood.films.
    production_problem`, the rule :func:`finish_error` enforces)."""
    effect = "" if festival is None else config.deck().cards[festival].effect
    films = [_placed(config, film) for film in studio.films]
    made = [film for film in films if film]
    checks = tuple(FilmCheck(film_problem(film) or "",
                             box_office(film, festival=effect, seat_films=made).total,
                             film_cost(film), title_figurines(film)) for film in films)
    found = production_problem(films, studio.obligation, money)
    problem, number = found if found is not None else ("", None)
    return StudioCheck(checks, problem, number, scandals_in(films),
                       sum(check.cost for check in checks))


def _placed(config: Config, film: tuple[Slot, ...]) -> tuple[Placed, ...]:
    """A film's slots as the rules see them, from the config alone (a view has no
    state)."""
    kinds = config.deck().cards
    tokens = {token: next(kind for kind in kinds if kind.back == back) for token, back in (
        *((token, "worthless") for token in WORTHLESS_TOKENS),
        (SECOND_TEAM_TOKEN, "second_team"))} if any(slot.card < 0 for slot in film) else {}
    return tuple(Placed(kinds[slot.card] if slot.card >= 0 else tokens[slot.card], slot.role,
                        slot.icon) for slot in film)


def finish_error(state: State, seat: int) -> str | None:
    """Stage 5: every film made is valid, the films hold the Scandals cards due, and
    the Second-Team Directors can be paid."""
    studio = studio_of(state, seat)
    found = production_error([placed(state, film) if film else () for film in studio.films],
                             studio.obligation, state.money[seat])
    return None if found is None else found[0]


def _may_finish(state: State, seat: int, studio: Studio,
                tables: _SeatTables | None = None) -> bool:
    """``finish_error(state, seat) is None``, counted: each made film's tally (the sum
    of its cards' :func:`~partyrules.games.hollywood.films.placed_tally`, looked up per
    card and role) is judged once per distinct tally. A listing only asks whether the
    finish is legal, and a seat whose films just changed is listed at once."""
    tallies = (tables or _seat_tables(state.config.deck(), seat)).tallies
    judged = _JUDGED
    cost = scandals = 0
    for film in studio.films:
        if not film:
            continue
        tally = 0
        for slot in film:
            role = tallies[slot.card].get(slot.role) if not slot.icon else None
            tally += role if role is not None else _slot_tally(state.config, slot)
        verdict = judged.get(tally)
        if verdict is None:
            verdict = _judge(tally)
        if not verdict[0]:
            return False
        cost += verdict[1]
        scandals += verdict[2]
    return scandals >= studio.obligation and cost <= state.money[seat]


_Judged = tuple[bool, int, int]
"""A film tally's judgement: valid, its cost, its Scandals cards."""
_JUDGED: dict[int, _Judged] = {}
"""Every film tally judged so far (a tally is a function of counts alone, the same under
every config); cleared when it grows past :data:`_JUDGED_MAX`."""
_JUDGED_MAX = 65536


def _judge(tally: int) -> _Judged:
    """Judge ``tally`` and remember it in :data:`_JUDGED`."""
    if len(_JUDGED) >= _JUDGED_MAX:
        _JUDGED.clear()
    verdict = _JUDGED[tally] = (tally_valid(tally), tally_cost(tally), tally_scandals(tally))
    return verdict


@attrs.frozen(slots=True)
class _SeatTables:
    """What a seat's Stage 5 listings and moves look up, worked out once per deck and
    seat (they depend on the cards' kinds alone). Read only but for ``moves``, which
    fills as cards are met: shared."""

    tallies: dict[int, dict[str, int]]
    """Per card id (supply tokens included) and role of
    :data:`~partyrules.games.hollywood.films.FILM_ROLES`, the card's
    :func:`~partyrules.games.hollywood.films.placed_tally` in that role, without an
    icon."""
    natural_roles: dict[int, str]
    """Per card id that goes into films, the role it plays unless its move names one."""
    takes: tuple[_Takes, ...]
    """Per card id, its supply takes (:data:`_Takes`)."""
    moves: dict[int, _CardMoves]
    """Per card met so far, its moves (:func:`_fill_card_moves`)."""


@lru_cache(maxsize=256)
def _seat_tables(deck: Deck, seat: int) -> _SeatTables:
    """``seat``'s :class:`_SeatTables` under ``deck`` (a config's deck is shared by
    every equal config, so that the lookup compares no configs)."""
    tallies, natural_roles = _deck_tables(deck)
    none: _Takes = ((), (), ())
    takes = tuple(none if kind.scandal else (
        (_take_worthless(seat, card), _take_second_team(seat, card)),
        (_take_worthless(seat, card),), (_take_second_team(seat, card),))
        for card, kind in enumerate(deck.cards))
    return _SeatTables(tallies, natural_roles, takes, {})


@lru_cache(maxsize=32)
def _deck_tables(deck: Deck) -> tuple[dict[int, dict[str, int]], dict[int, str]]:
    """The tallies and natural roles of :class:`_SeatTables`, the same for every seat."""
    tallies: dict[int, dict[str, int]] = {}
    roles: dict[int, str] = {}
    for card in _tallied_ids(deck):
        kind = _kind(deck, card)
        tallies[card] = {role: placed_tally(Placed(kind, role)) for role in FILM_ROLES}
        if role_choices(kind) or kind.kind in _NATURAL_KINDS:
            roles[card] = natural_role(kind)
    return tallies, roles


_NATURAL_KINDS = frozenset({"script", "director", "actor", "actress", "crew", "staff"})
"""The kinds of card that play a role of their own in a film."""


def _tallied_ids(deck: Deck) -> tuple[int, ...]:
    """Every card id of ``deck``, and the supply tokens whose back it has."""
    backs = {kind.back for kind in deck.cards}
    return (*range(len(deck.cards)), *(
        token for token in (*WORTHLESS_TOKENS, SECOND_TEAM_TOKEN)
        if ("second_team" if token == SECOND_TEAM_TOKEN else "worthless") in backs))


def _kind(deck: Deck, card: int) -> CardKind:
    return deck.cards[card] if card >= 0 else deck_token_kind(deck, card)


def _slot_tally(config: Config, slot: Slot) -> int:
    """The tally of a slot :attr:`_SeatTables.tallies` does not hold (an icon, a stray role)."""
    deck = config.deck()
    return placed_tally(Placed(_kind(deck, slot.card), slot.role, slot.icon))


# -- legal actions ------------------------------------------------------------------------------


def assign_actions(state: State, seat: int) -> Iterator[AssignCard]:
    """Every ``AssignCard`` move ``seat`` may make now: each card of the hand, then of
    the films in order, to every other place it may go (a film in each role it may play,
    or the hand)."""
    moves: list[AssignCard] = []
    _add_assigns(moves, state, seat, studio_of(state, seat))
    return iter(moves)


def _add_assigns(actions: list[Any], state: State, seat: int, studio: Studio,
                 tables: _SeatTables | None = None) -> None:
    """Append :func:`assign_actions` to ``actions``."""
    if studio.moves >= move_budget(studio):
        actions.extend(_moves_to(seat, studio, _plan(state, studio, None)))
        return
    table = (tables or _seat_tables(state.config.deck(), seat)).moves
    extend = actions.extend
    for card in studio.hand:
        extend((table.get(card) or _fill_card_moves(state, seat, card))[0])
    for index, film in enumerate(studio.films):
        for slot in film:
            _, from_film, everywhere = table.get(slot.card) or _fill_card_moves(
                state, seat, slot.card)
            extend(from_film[index].get(slot.role, everywhere))


_Place = tuple[int | None, str | None]
"""Where a card lies: ``(film, role played)``, or ``(None, None)`` in the hand."""
_IN_HAND: _Place = (None, None)
_CardMoves = tuple[tuple[AssignCard, ...], tuple[dict[str | None, tuple[AssignCard, ...]], ...],
                   tuple[AssignCard, ...]]
"""A card's moves: from the hand to every film place; from each film (by index), per
role played there, to every other place; and to every place (from where it cannot
be)."""


def _fill_card_moves(state: State, seat: int, card: int) -> _CardMoves:
    """Build, remember and return the moves of ``card`` (a card of ``seat``): every
    film in every role the card may play, then the hand, in that order."""
    kind = kinds_of(state, (card,))[0]
    places: list[tuple[_Place, AssignCard]] = []
    for film in (0, 1, 2, None):
        for role in (_roles(kind) if film is not None else (None,)):
            acting = None if film is None else (role or natural_role(kind))
            if acting is None or role_error(kind, acting) is None:
                places.append(((film, acting), AssignCard(seat, card, film, role)))
    everywhere = tuple(move for _, move in places)
    elsewhere = {here: tuple(move for place, move in places if place != here)
                 for here, _ in places}
    from_film = tuple({role: moves for (film, role), moves in elsewhere.items()
                       if film == index} for index in range(FILMS))
    moves = (elsewhere.get(_IN_HAND, everywhere), from_film, everywhere)
    _seat_tables(state.config.deck(), seat).moves[card] = moves
    return moves


def _toward_plan(state: State, seat: int) -> tuple[AssignCard, ...]:
    """The moves that bring the films to the studio's canonical valid arrangement."""
    studio = studio_of(state, seat)
    return _moves_to(seat, studio, _plan(state, studio, None))


_Target = tuple[int, str | None, str]
"""Where a plan puts a card: its film, the role its move names (a dual card's or an
Editor's; None for the others) and the role it plays there."""


def _plan(state: State, studio: Studio, seed: int | None) -> Mapping[int, _Target]:
    """Where each card goes in a valid arrangement reaching the obligation (without a
    Second-Team Director, which could cost more than the seat has); a card left out stays
    in the hand."""
    cards = [*studio.hand, *[slot.card for film in studio.films for slot in film]]
    cards.sort()
    if cards and cards[0] == SECOND_TEAM_TOKEN:  # the least id, if any
        del cards[0]
    return _planned(state.config.deck(), tuple(cards), seed)


@lru_cache(maxsize=4096)
def _planned(deck: Deck, usable: tuple[int, ...],
             seed: int | None) -> Mapping[int, _Target]:
    """:func:`_plan` of the cards ``usable`` (sorted), worked out once per deck, cards
    and seed, on which alone it depends: play past the move budget asks for the same
    plan at every step, and random play at every move. Read only: shared."""
    kinds = tuple(deck.cards[c] if c >= 0 else deck_token_kind(deck, c) for c in usable)
    target: dict[int, _Target] = {}
    # The kinds alone would make a key that hashes slowly and seldom recurs: the ids do.
    plan = plan_films(kinds, None if seed is None else random.Random(seed))
    for index, film in enumerate(plan):
        for position, role in film:
            kind = kinds[position]
            named = role if role_choices(kind) else None
            target[usable[position]] = (index, named, named or natural_role(kind))
    return target


def _moves_to(seat: int, studio: Studio,
              target: Mapping[int, _Target]) -> tuple[AssignCard, ...]:
    """The moves that bring each card of ``studio`` where ``target`` puts it (the hand
    for a card it leaves out), in the order of :func:`_cards` (a studio holds each card
    once)."""
    moves = []
    for card in studio.hand:
        goal = target.get(card)
        if goal is not None:
            moves.append(_assign(seat, card, goal[0], goal[1]))
    for index, film in enumerate(studio.films):
        for slot in film:
            card = slot.card
            goal = target.get(card)
            if goal is None:
                moves.append(_assign(seat, card, None, None))
            elif goal[0] != index or goal[2] != slot.role:
                moves.append(_assign(seat, card, goal[0], goal[1]))
    return tuple(moves)


def _first_move_to(seat: int, studio: Studio,
                   target: Mapping[int, _Target]) -> AssignCard | None:
    """``_moves_to(seat, studio, target)[0]`` (None: no move), found without the
    others: random play makes one move at a time."""
    for card in studio.hand:
        goal = target.get(card)
        if goal is not None:
            return _assign(seat, card, goal[0], goal[1])
    for index, film in enumerate(studio.films):
        for slot in film:
            card = slot.card
            goal = target.get(card)
            if goal is None:
                return _assign(seat, card, None, None)
            if goal[0] != index or goal[2] != slot.role:
                return _assign(seat, card, goal[0], goal[1])
    return None


def production_actions(state: State, seat: int) -> Iterator[
        AssignCard | TakeWorthlessScript | TakeSecondTeamDirector | TeachIcon
        | FinishProduction]:
    """Every Stage 5 action of ``seat``: the finish, moves, takes (for each card of the
    hand a Worthless Script, then a Second-Team Director), Teacher icons."""
    return iter(production_list(state, seat))


def production_list(state: State, seat: int) -> list[
        AssignCard | TakeWorthlessScript | TakeSecondTeamDirector | TeachIcon
        | FinishProduction]:
    """:func:`production_actions`, built whole: a listing is always used whole (to list
    or to draw from), and one list costs less than a chain of generators."""
    studio = studio_of(state, seat)
    if studio.finished:
        return []
    actions: list[AssignCard | TakeWorthlessScript | TakeSecondTeamDirector | TeachIcon
                  | FinishProduction] = []
    tables = _seat_tables(state.config.deck(), seat)
    if _may_finish(state, seat, studio, tables):
        actions.append(_finish(seat))
    _add_assigns(actions, state, seat, studio, tables)
    _add_takes(actions, state, seat, studio, tables)
    if state.config.awards:
        actions.extend(_teach_actions(state, seat, studio))
    return actions


_assign = lru_cache(maxsize=4096)(AssignCard)
_finish = cache(FinishProduction)
_take_worthless = cache(TakeWorthlessScript)
_take_second_team = cache(TakeSecondTeamDirector)
_teach = cache(TeachIcon)
"""Action records built once and shared: they are immutable, and building them was a
large part of a listing."""


def _add_takes(actions: list[Any], state: State, seat: int, studio: Studio,
               tables: _SeatTables) -> None:
    """Append the takes :func:`take_error` allows, found without asking it of every
    card: the limits and the supplies are the same for every card of the hand; what
    remains per card is the Scandals frame and the obligation."""
    phase = state.phase
    assert isinstance(phase, Producing)
    studios = phase.studios
    worthless = (studio.worthless < MAX_WORTHLESS
                 and len(state.worthless) > sum([s.worthless for s in studios]))
    second_team = (state.config.awards and studio.second_team < 1
                   and len(state.second_team) > sum([s.second_team for s in studios]))
    if not (worthless or second_team):
        return
    table = tables.takes
    which = 0 if worthless and second_team else 1 if worthless else 2
    if studio.obligation:
        allowed = _discardable(state.config.deck(), studio.start, studio.discards,
                               studio.obligation)
        for card in studio.hand:
            if card >= 0 and card in allowed:
                actions.extend(table[card][which])
        return
    for card in studio.hand:
        if card >= 0:
            actions.extend(table[card][which])


_Takes = tuple[tuple[TakeWorthlessScript | TakeSecondTeamDirector, ...], ...]
"""A card's takes: both (a Worthless Script, then a Second-Team Director), the Worthless
Script alone, the Second-Team Director alone; none for a Scandals card."""


@lru_cache(maxsize=1024)
def _discardable(deck: Deck, start: tuple[int, ...], discards: tuple[int, ...],
                 obligation: int) -> frozenset[int]:
    """The cards of ``start`` not yet discarded whose discard leaves the others able to
    hold ``obligation`` Scandals cards (:func:`take_error`'s last check), worked out
    once per studio and set of discards instead of at every listing. ``start`` holds
    dealt cards only (no supply token), as the state's checks make sure."""
    kinds = deck.cards
    kept = [card for card in start if card not in discards]
    return frozenset(card for card in kept if scandal_obligation(
        [kinds[other] for other in kept if other != card]) >= obligation)


def _teach_actions(state: State, seat: int, studio: Studio) -> Iterator[TeachIcon]:
    """The icons :func:`teach_error` allows: each Teacher of a film not used this year
    gives any genre to each card of its film acting as director, actor or actress or
    being an Assistant Director, that has no icon yet."""
    kinds = state.config.deck().cards
    used = {teacher for teacher, _ in studio.taught}
    for film in studio.films:
        for teacher in film:
            if teacher.card < 0 or kinds[teacher.card].effect != "teacher" \
                    or teacher.card in used:
                continue
            for slot in film:
                if slot.icon:
                    continue
                kind = kinds_of(state, (slot.card,))[0]
                if slot.role in TEACHABLE or (kind.kind == "crew" and bool(kind.genres)):
                    for genre in GENRES:
                        yield _teach(seat, teacher.card, slot.card, genre)


def random_production_action(state: State, seat: int, rng: random.Random) -> (
        AssignCard | TakeWorthlessScript | TakeSecondTeamDirector | TeachIcon
        | FinishProduction):
    """Random play: now and then any legal move, else the next move toward a valid
    arrangement (drawn once per studio), then the finish."""
    studio = studio_of(state, seat)
    roll = rng.random()
    if roll < 0.15 and studio.moves < move_budget(studio):
        wild = _wild_action(state, seat, studio, rng)  # exercises the unusual moves
        if wild is not None:
            return wild
    can_finish = _may_finish(state, seat, studio)
    if can_finish and rng.random() < 0.8:
        return _finish(seat)
    seed = None if studio.moves >= move_budget(studio) else hash((
        state.year, seat, studio.start, studio.discards, studio.worthless,
        studio.second_team))
    move = _first_move_to(seat, studio, _plan(state, studio, seed))
    if move is not None:
        return move
    if can_finish:
        return _finish(seat)
    options = list(production_actions(state, seat))
    return options[rng.randrange(len(options))]


def _wild_action(state: State, seat: int, studio: Studio, rng: random.Random) -> (
        AssignCard | TakeWorthlessScript | TakeSecondTeamDirector | TeachIcon | None):
    """A random move, supply take or Teacher icon, drawn without listing every legal
    action; None when the draw is not legal."""
    kind_of_move = rng.random()
    if kind_of_move < 0.2 and studio.hand:
        card = rng.choice(studio.hand)
        take: TakeWorthlessScript | TakeSecondTeamDirector = (
            TakeSecondTeamDirector(seat, card) if rng.random() < 0.3
            else TakeWorthlessScript(seat, card))
        return take if take_error(state, take) is None else None
    if kind_of_move < 0.3 and state.config.awards:
        teaches = [a for a in production_actions(state, seat) if isinstance(a, TeachIcon)]
        return rng.choice(teaches) if teaches else None
    card = rng.choice(_cards(studio))
    kind = kinds_of(state, (card,))[0]
    film = rng.choice((0, 1, 2, None))
    role = None if film is None else rng.choice(_roles(kind))
    move = AssignCard(seat, card, film, role)
    return move if assign_error(state, move) is None else None


# -- effects ---------------------------------------------------------------------------------


def _set(state: State, seat: int, studio: Studio) -> State:
    phase = state.phase
    assert isinstance(phase, Producing)
    studios = list(phase.studios)
    studios[seat] = studio
    return with_phase(state, new_producing(tuple(studios)))


def apply_assign(state: State, action: AssignCard) -> State:
    """The card moves; a Teacher icon involving it is cleared."""
    phase = state.phase
    assert isinstance(phase, Producing)
    seat = action.seat
    studio = phase.studios[seat]
    card = action.card
    taught = studio.taught
    if taught and any(card in pair for pair in taught):
        return _apply_assign_taught(state, action, studio)
    # The films without the card keep their records, and so do the other cards' slots
    # (they are immutable): only the film the card leaves is rebuilt.
    hand = studio.hand
    films = studio.films
    if card in hand:
        at = hand.index(card)  # a studio holds each card once
        hand = hand[:at] + hand[at + 1:]
    else:
        films = _without(films, card)
    film_to = action.film
    if film_to is None:
        hand = (*hand, card)
    else:
        role = action.role or _seat_tables(state.config.deck(), seat).natural_roles[card]
        moved = list(films)
        moved[film_to] = (*films[film_to], _slot(card, role))
        films = tuple(moved)
    # _set, inlined: this is the most frequent action of a game.
    studios = list(phase.studios)
    studios[seat] = new_studio(
        hand, films, studio.discards, studio.worthless, studio.second_team,
        studio.moves + 1, studio.start, studio.obligation, taught, studio.finished)
    return with_phase(state, new_producing(tuple(studios)))


def _without(films: tuple[tuple[Slot, ...], ...],
             card: int) -> tuple[tuple[Slot, ...], ...]:
    """``films`` without ``card``'s slot (a studio holds each card once)."""
    for index, film in enumerate(films):
        for at, slot in enumerate(film):
            if slot.card == card:
                rest = list(films)
                rest[index] = film[:at] + film[at + 1:]
                return tuple(rest)
    return films


_slot = lru_cache(maxsize=4096)(Slot)
"""A card's slot without an icon, shared (slots are immutable; their hash is kept)."""


def _apply_assign_taught(state: State, action: AssignCard, studio: Studio) -> State:
    """:func:`apply_assign` of a card that gave or holds a Teacher icon: the icon is
    cleared with the move."""
    card = action.card
    taught = studio.taught
    cleared = tuple((t, c) for t, c in taught if card not in (t, c))
    lost = {c for t, c in taught if card in (t, c)}
    films = list(studio.films)
    for index, film in enumerate(films):
        # A film without the card or a lost icon keeps its slots (equal records).
        if any(s.card == card or s.card in lost for s in film):
            films[index] = tuple(Slot(s.card, s.role, "" if s.card in lost else s.icon)
                                 for s in film if s.card != card)
    hand = without_every(studio.hand, card)
    if action.film is None:
        hand = (*hand, card)
    else:
        films[action.film] = (*films[action.film], Slot(
            card, action.role or natural_role(kind_of(state, card))))
    return _set(state, action.seat, Studio(
        hand, tuple(films), studio.discards, studio.worthless, studio.second_team,
        studio.moves + 1, studio.start, studio.obligation, cleared, studio.finished))


def apply_take(state: State, action: TakeWorthlessScript | TakeSecondTeamDirector) -> State:
    """The discard is held apart until the reveal; the supply card is a token until
    then."""
    studio = studio_of(state, action.seat)
    second = isinstance(action, TakeSecondTeamDirector)
    token = SECOND_TEAM_TOKEN if second else WORTHLESS_TOKENS[studio.worthless]
    hand = (*without_every(studio.hand, action.discard), token)
    return _set(state, action.seat, Studio(
        hand, studio.films, (*studio.discards, action.discard),
        studio.worthless + (0 if second else 1), studio.second_team + (1 if second else 0),
        studio.moves, studio.start, studio.obligation, studio.taught, studio.finished))


def apply_teach(state: State, action: TeachIcon) -> State:
    studio = studio_of(state, action.seat)
    films = tuple(tuple(Slot(s.card, s.role, action.genre) if s.card == action.card
                        else s for s in film) for film in studio.films)
    return _set(state, action.seat, Studio(
        studio.hand, films, studio.discards, studio.worthless, studio.second_team,
        studio.moves, studio.start, studio.obligation,
        (*studio.taught, (action.teacher, action.card)), studio.finished))


def apply_finish(state: State, action: FinishProduction) -> State:
    """Once every seat has finished, everything is revealed and tallied."""
    phase = state.phase
    assert isinstance(phase, Producing)
    studio = phase.studios[action.seat]
    done = Studio(studio.hand, studio.films, studio.discards, studio.worthless,
                  studio.second_team, studio.moves, studio.start, studio.obligation,
                  studio.taught, True)
    studios = replaced(phase.studios, action.seat, done)
    if all(s.finished for s in studios):
        return reveal(state, studios)
    return evolve(state, {"phase": Producing(studios)})
