"""The automatic steps of a production year: the year's start, the draft's passing, the
auction's resolution, the end of Crew Activities, the reveal of Movie Production, the
Box Office Tally, the Film of the Year, the year's end and the game's end.

Each function takes the state and the changes made so far and returns the next state
that waits on a seat (Settle after acting).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from partyrules.core.records import replaced, without_every
from partyrules.games.hollywood.cards import CardKind, Deck
from partyrules.games.hollywood.films import (
    Placed,
    box_office,
    countable_figurines,
    film_cost,
    scandal_obligation,
    title_figurines,
)
from partyrules.games.hollywood.state import (
    YEARS,
    Bidding,
    CrewPlanning,
    CrewTurn,
    Drafting,
    FilmReport,
    Note,
    Over,
    PlacedBid,
    Producing,
    Slot,
    StarDistribution,
    State,
    Studio,
    Trophy,
    YearReport,
    auction_lots,
    evolve,
)

__all__ = [
    "GOLDEN_JURY",
    "PACKET",
    "SECOND_TEAM_TOKEN",
    "TROPHY_INCOME",
    "WORTHLESS_TOKENS",
    "deck_token_kind",
    "draft_done",
    "end_crew",
    "kind_of",
    "kinds_of",
    "placed",
    "resolve_auction",
    "reveal",
    "start_year",
    "token_kind",
]

PACKET = 7
"""Stage 2: a draft packet of 7 basic cards."""
GOLDEN_JURY = 5
"""Golden Jury (R): the Film of the Year's owner gains 5."""
TROPHY_INCOME = 2
"""End of game (R): each Film of the Year pays 2 per countable figurine."""
WORTHLESS_TOKENS = (-1, -2, -3)
SECOND_TEAM_TOKEN = -4


def kinds_of(state: State, cards: Sequence[int]) -> tuple[CardKind, ...]:
    """The kinds of card ids (tokens of supply cards included)."""
    kinds = state.config.deck().cards
    return tuple(kinds[c] if c >= 0 else token_kind(state, c) for c in cards)


def kind_of(state: State, card: int) -> CardKind:
    """The kind of one card id (a supply token included): ``kinds_of`` of one card."""
    return state.config.deck().cards[card] if card >= 0 else token_kind(state, card)


def token_kind(state: State, token: int) -> CardKind:
    """The kind of a supply token: a Worthless Script or a Second-Team Director."""
    return deck_token_kind(state.config.deck(), token)


def deck_token_kind(deck: Deck, token: int) -> CardKind:
    """The kind of a supply token in ``deck``: the first card of its back."""
    found = _token_kinds(deck).get(token)
    if found is not None:
        return found
    back = "second_team" if token == SECOND_TEAM_TOKEN else "worthless"
    return next(kind for kind in deck.cards if kind.back == back)  # StopIteration: none


@lru_cache(maxsize=32)
def _token_kinds(deck: Deck) -> dict[int, CardKind]:
    """Each supply token's kind in ``deck`` (the first card of its back), found once per
    deck rather than by a search of the deck at each use; a token whose back the deck
    lacks is left out. Read only: the dict is shared."""
    first: dict[str, CardKind] = {}
    for kind in deck.cards:
        first.setdefault(kind.back, kind)
    tokens = {token: first["worthless"] for token in WORTHLESS_TOKENS
              if "worthless" in first}
    if "second_team" in first:
        tokens[SECOND_TEAM_TOKEN] = first["second_team"]
    return tokens


def placed(state: State, film: Sequence[Slot]) -> tuple[Placed, ...]:
    """A film's slots as the tally sees them."""
    kinds = state.config.deck().cards
    return tuple(Placed(kinds[slot.card] if slot.card >= 0 else token_kind(state, slot.card),
                        slot.role, slot.icon) for slot in film)


def _draw(state: State, changes: dict[str, Any], back: str, count: int) -> tuple[int, ...]:
    """Draw ``count`` cards of ``back``; an empty deck is rebuilt from the common discard
    pile's cards of that back (shuffled); with none left the draw stops short (R)."""
    deck: tuple[int, ...] = changes.get(back, getattr(state, back))
    drawn: list[int] = []
    while len(drawn) < count:
        if not deck:
            discard = changes.get("discard", state.discard)
            kinds = state.config.deck().cards
            again = [c for c in discard if kinds[c].back == back]
            if not again:
                break
            shuffled, rng = changes.get("rng", state.rng).shuffle(again)
            changes.update(rng=rng, discard=tuple(c for c in discard if c not in set(again)))
            deck = shuffled
        take = min(count - len(drawn), len(deck))
        drawn.extend(deck[:take])
        deck = deck[take:]
    changes[back] = deck
    return tuple(drawn)


# -- the year's start ----------------------------------------------------------------------


def start_year(state: State, changes: dict[str, Any]) -> State:
    """Year start: the Festival card is turned over; the distributor draws N star cards;
    N star cards are laid out as lots 1..N; every seat is dealt a packet of 7."""
    players = state.config.players
    if state.config.festivals:
        festivals = changes.get("festivals", state.festivals)
        if festivals:
            changes.update(festival=festivals[0], festivals=festivals[1:])
    stars = _draw(state, changes, "star", players)
    lots = _draw(state, changes, "star", players)
    changes["lots"] = tuple(lots[i] if i < len(lots) else None for i in range(players))
    dealt = _draw(state, changes, "basic", PACKET * players)
    changes["packets"] = tuple(dealt[seat::players] for seat in range(players))
    if stars:
        changes["phase"] = StarDistribution(stars, frozenset())
        return evolve(state, changes)
    return _start_draft(state, changes)


def after_star(state: State, changes: dict[str, Any], phase: StarDistribution) -> State:
    """Stage 1: the last drawn star goes to the last seat without one automatically."""
    players = state.config.players
    unserved = [s for s in range(players) if s not in phase.served]
    if len(phase.stars) == 1 and len(unserved) == 1:
        card, seat = phase.stars[0], unserved[0]
        hands = changes.get("hands", state.hands)
        log = changes.get("log", state.log)
        log = replaced(log, state.distributor,
                       (*log[state.distributor], Note("star_given", card, seat)))
        if seat != state.distributor:
            log = replaced(log, seat, (*log[seat], Note("star_received", card,
                                                         state.distributor)))
        changes.update(hands=replaced(hands, seat, (*hands[seat], card)), log=log)
        phase = StarDistribution((), phase.served | {seat})
    if phase.stars and len(phase.served) < players:
        changes["phase"] = phase
        return evolve(state, changes)
    if phase.stars:  # more stars than seats cannot happen; keep them out of the year
        changes["discard"] = (*changes.get("discard", state.discard), *phase.stars)
    return _start_draft(state, changes)


def _start_draft(state: State, changes: dict[str, Any]) -> State:
    changes["phase"] = Drafting((None,) * state.config.players)
    return _settle_draft(state, changes)


def draft_done(state: State, changes: dict[str, Any], picks: tuple[int | None, ...]) -> State:
    """Stage 2: the picks join the hands; packets pass left (years 1 and 3) or right
    (year 2)."""
    players = state.config.players
    packets = changes.get("packets", state.packets)
    hands = list(changes.get("hands", state.hands))
    rest = list(packets)
    for seat, pick in enumerate(picks):
        if pick is not None:
            hands[seat] = (*hands[seat], pick)
            rest[seat] = without_every(packets[seat], pick)
    step = 1 if state.year != 2 else -1
    passed = tuple([rest[(seat - step) % players] for seat in range(players)])
    changes.update(hands=tuple(hands), packets=passed, phase=Drafting((None,) * players))
    return _settle_draft(state, changes)


def _settle_draft(state: State, changes: dict[str, Any]) -> State:
    """The seventh card of each packet is taken automatically; then the auction."""
    packets = changes.get("packets", state.packets)
    if max(map(len, packets)) > 1:
        return evolve(state, changes)
    hands = changes.get("hands", state.hands)
    changes["hands"] = tuple((*hand, *packet) for hand, packet in zip(hands, packets,
                                                                     strict=True))
    changes["packets"] = ((),) * state.config.players
    if all(lot is None for lot in changes.get("lots", state.lots)) \
            and not changes.get("star", state.star):
        # Deck exhaustion (R): no lot is offered, so nobody can bid and there is no auction.
        return _start_crew(state, changes)
    changes["phase"] = Bidding((None,) * state.config.players)
    return evolve(state, changes)


# -- the auction -------------------------------------------------------------------------------


def _order(state: State, money: tuple[int, ...], seats: Sequence[int],
           bids: Sequence[PlacedBid | None]) -> list[int]:
    """Seats by bid high to low; ties (R): less money first, then clockwise from the
    distributor."""
    players = state.config.players

    def key(seat: int) -> tuple[int, int, int]:
        bid = bids[seat]
        assert bid is not None
        return (-bid.value, money[seat], (seat - state.distributor) % players)

    return sorted(seats, key=key)


def resolve_auction(state: State, changes: dict[str, Any],
                    bids: tuple[PlacedBid | None, ...]) -> State:
    """Stage 3: each lot goes to its highest bid, who pays and spends the card (not the
    0; nothing to pay under the Film Market); the losers, high to low, take the
    lowest-numbered unclaimed face-up card free (else the top star card) and keep their
    bid card. Leftover lots go to the discard pile."""
    players = state.config.players
    money = list(state.money)
    bid_cards = list(state.bid_cards)
    hands = list(state.hands)
    log = list(state.log)
    lots = list(state.lots)
    star = state.star
    festival = _festival(state)
    losers: list[int] = []
    for lot in range(1, auction_lots(players) + 1):
        bidders = [s for s in range(players) if (b := bids[s]) is not None and b.lot == lot]
        if not bidders:
            continue
        winner, *others = _order(state, tuple(state.money), bidders, bids)
        losers.extend(others)
        value = bids[winner].value  # type: ignore[union-attr]
        if festival != "film_market":
            money[winner] -= value
        if value:
            bid_cards[winner] = bid_cards[winner] - {value}
        if lot <= players:
            card = lots[lot - 1]
            assert card is not None
            lots[lot - 1] = None
        else:
            card, star = star[0], star[1:]
            log[winner] = (*log[winner], Note("hidden_lot", card, -1))
        hands[winner] = (*hands[winner], card)
    for seat in _order(state, tuple(state.money), losers, bids):
        free = next((i for i, card in enumerate(lots) if card is not None), None)
        if free is not None:
            card = lots[free]
            assert card is not None
            lots[free] = None
        elif star:
            card, star = star[0], star[1:]
            log[seat] = (*log[seat], Note("hidden_lot", card, -1))
        else:
            continue
        hands[seat] = (*hands[seat], card)
    changes.update(
        money=tuple(money), bid_cards=tuple(bid_cards), hands=tuple(hands), log=tuple(log),
        star=star, lots=(None,) * players, revealed_bids=bids,
        discard=(*state.discard, *(c for c in lots if c is not None)))
    return _start_crew(state, changes)


def _festival(state: State) -> str:
    if state.festival is None:
        return ""
    return state.config.deck().cards[state.festival].effect


# -- Crew Activities -----------------------------------------------------------------------------


def _start_crew(state: State, changes: dict[str, Any]) -> State:
    """Stage 4: one clockwise round from the distributor; with Scandals, hidden plans."""
    players = state.config.players
    if state.config.scandals:
        changes["phase"] = CrewPlanning(((),) * players, (None,) * players, frozenset())
    else:
        changes["phase"] = CrewTurn(state.distributor, players - 1, None)
    return evolve(state, changes)


def end_crew(state: State, changes: dict[str, Any]) -> State:
    """Stage 4 ends: set-aside cards join their new owners' hands; Stage 5 begins."""
    hands = changes.get("hands", state.hands)
    set_aside = changes.get("set_aside", state.set_aside)
    hands = tuple((*hand, *extra) for hand, extra in zip(hands, set_aside, strict=True))
    scandals = state.config.scandals
    studios = tuple(
        Studio(hand, ((), (), ()), (), 0, 0, 0, hand,
               scandal_obligation(kinds_of(state, hand)) if scandals else 0,
               (), False)
        for hand in hands)
    changes.update(hands=((),) * state.config.players,
                   set_aside=((),) * state.config.players, phase=Producing(studios))
    return evolve(state, changes)


# -- the reveal, the tally, the Film of the Year, the year's end ----------------------------------


def reveal(state: State, studios: tuple[Studio, ...]) -> State:
    """Stage 5 ends: films, discards and takes are revealed (supply cards get their ids
    in seat order); Stage 6 tallies every film; Stage 7 names the Film of the Year; the
    year ends (or the game)."""
    config = state.config
    players = config.players
    worthless, second_team = list(state.worthless), list(state.second_team)
    discard = list(state.discard)
    films: list[list[tuple[Slot, ...]]] = []
    for studio in studios:
        # A supply card taken but left in the hand goes straight back to its supply.
        used = sorted((s.card for film in studio.films for s in film if s.card < 0),
                      reverse=True)
        ids = {token: (second_team if token == SECOND_TEAM_TOKEN else worthless).pop(0)
               for token in used}
        films.append([tuple([s if s.card >= 0 else Slot(ids[s.card], s.role, s.icon)
                             for s in film]) if ids else film for film in studio.films])
        discard.extend(studio.discards)
        discard.extend(card for card in studio.hand if card >= 0)
    festival = _festival(state)
    money = list(state.money)
    reports: list[FilmReport] = []
    for seat in range(players):
        seen = [placed(state, film) if film else () for film in films[seat]]
        shown = [cards for cards in seen if cards]
        cost = 0
        income = 0
        for index, film in enumerate(films[seat]):
            if not film:
                continue
            cards = seen[index]
            tally = box_office(cards, festival=festival, seat_films=shown)
            spent = film_cost(cards)
            cost += spent
            income += tally.total
            reports.append(FilmReport(
                seat, index, film, tally.coins, tally.genre, tally.sound, tally.duo,
                tally.choreography, tally.critic, tally.festival, tally.total, spent,
                title_figurines(cards), countable_figurines(cards)))
        money[seat] = max(0, money[seat] - cost + income)
    best = _film_of_the_year(reports)
    trophies = list(state.trophies)
    kinds = config.deck().cards
    supply_backs = ("worthless", "second_team")
    if best is not None:
        if festival == "golden_jury":
            money[best.seat] += GOLDEN_JURY
        kept = tuple(s.card for s in best.slots if kinds[s.card].back not in supply_backs)
        trophies[best.seat] = (*trophies[best.seat],
                               Trophy(state.year, kept, best.countable))
    for report in reports:
        leaving = [slot.card for slot in report.slots]
        if best is not None and report is best:
            leaving = [card for card in leaving if kinds[card].back in supply_backs]
        for card in leaving:
            back = kinds[card].back
            if back == "worthless":
                worthless.append(card)
            elif back == "second_team":
                second_team.append(card)
            else:
                discard.append(card)
    if state.festival is not None:
        discard.append(state.festival)
    distributor = best.seat if best is not None else (state.distributor + 1) % players
    changes: dict[str, Any] = {
        "money": tuple(money), "trophies": tuple(trophies), "discard": tuple(discard),
        "worthless": tuple(sorted(worthless)), "second_team": tuple(sorted(second_team)),
        "festival": None, "hands": ((),) * players, "plays": (),
        "revealed_bids": (None,) * players, "log": ((),) * players,
        "report": YearReport(state.year, tuple(reports),
                             None if best is None else (best.seat, best.film),
                             tuple(studio.discards for studio in studios),
                             tuple((studio.worthless, studio.second_team)
                                   for studio in studios)),
        "distributor": distributor,
    }
    if state.year == YEARS:
        return _game_over(state, changes)
    changes["year"] = state.year + 1
    return start_year(state, changes)


def _film_of_the_year(reports: list[FilmReport]) -> FilmReport | None:
    """Stage 7: the most title figurines (at least 1); a tie goes to the higher box
    office (R); still tied, nobody wins the title."""
    eligible = [r for r in reports if r.title >= 1]
    if not eligible:
        return None
    top = max((r.title, r.box_office) for r in eligible)
    best = [r for r in eligible if (r.title, r.box_office) == top]
    return best[0] if len(best) == 1 else None


def _game_over(state: State, changes: dict[str, Any]) -> State:
    """End of game: each Film of the Year pays 2 per countable figurine (R); the most
    money wins; a tie goes to the most Films of the Year, else it is shared (R)."""
    money = list(changes["money"])
    trophies = changes["trophies"]
    for seat, won in enumerate(trophies):
        money[seat] += sum(TROPHY_INCOME * trophy.countable for trophy in won)
    top = max(money)
    rich = [s for s, m in enumerate(money) if m == top]
    if len(rich) == 1:
        over = Over("most_money", frozenset(rich))
    else:
        most = max(len(trophies[s]) for s in rich)
        titled = frozenset(s for s in rich if len(trophies[s]) == most)
        over = Over("films_of_the_year" if len(titled) == 1 else "shared", titled)
    changes.update(money=tuple(money), phase=over)
    return evolve(state, changes)
