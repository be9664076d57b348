"""The rules of Hollywood: setup, who acts, one predicate per action kind, legal actions
and the reducer; the rules and effects of Stages 1 to 3 are here. Stage 4's rules and
effects live in :mod:`~partyrules.games.hollywood.crew`, Stage 5's in
:mod:`~partyrules.games.hollywood.production`, the automatic steps in
:mod:`~partyrules.games.hollywood.flow`; the search hooks in
:mod:`~partyrules.games.hollywood.play`.

Messages name the stage of the production year (Stage 1, Star distribution ... Stage 5,
Movie Production) or the expansion card whose rule they enforce. Where the source is
silent the spec's reconstruction (R) decides; ``docs/games/hollywood.md`` lists it.

>>> from partyrules.games.hollywood.state import Config
>>> state = setup(Config(players=3, first_distributor=0), seed=1)
>>> sorted(to_act(state)), type(state.phase).__name__
([0], 'StarDistribution')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import cache, lru_cache
from itertools import repeat
from typing import Any

from partyrules.core.game import Outcome, Property, Timer
from partyrules.core.records import replaced, without_every
from partyrules.core.rng import Rng
from partyrules.core.rules import ActionKinds, check_setup, ended, phase_error, uniform_choice
from partyrules.games.hollywood.actions import (
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
from partyrules.games.hollywood.crew import (
    answer_error,
    apply_answer,
    apply_end,
    apply_name,
    apply_play,
    apply_target,
    building,
    eligible,
    end_error,
    name_error,
    named_types,
    play_error,
    target_error,
)
from partyrules.games.hollywood.flow import (
    PACKET,
    after_star,
    draft_done,
    resolve_auction,
    start_year,
)
from partyrules.games.hollywood.production import (
    apply_assign,
    apply_finish,
    apply_take,
    apply_teach,
    assign_error,
    finish_error,
    production_list,
    random_production_action,
    take_error,
    teach_error,
)
from partyrules.games.hollywood.state import (
    BID_CARDS,
    MAX_WORTHLESS,
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
    Producing,
    StarDistribution,
    State,
    auction_lots,
    components,
    evolve,
    new_drafting,
    with_phase,
)

__all__ = [
    "PROPERTIES",
    "RANDOM_ACTION_FROM_VIEW",
    "TIMER",
    "apply",
    "apply_listed",
    "is_simultaneous",
    "is_terminal",
    "legal_actions",
    "max_decisions",
    "outcome",
    "random_action",
    "setup",
    "to_act",
    "why_illegal",
]

TWO_PLAYER_BASIC = 42
TWO_PLAYER_STAR = 12
"""Setup: with 2 players only the top 42 basic and 12 star cards are used (a published
account of the 2-player game); a year uses 4 of them, with no face-down lot."""


def setup(config: Config, seed: int) -> State:
    """Setup: shuffle the basic and star decks (the 2-player cut boxes the rest), the
    supplies, the Festival deck; 12 million and bid cards 0-4 a seat; the first
    distributor; then the first year begins."""
    check_setup(config, Config, seed, "hollywood")
    players = config.players
    basic_ids, star_ids, worthless, second_team, festival_ids = components(config)
    rng = Rng.from_seed(seed)
    basic, rng = rng.shuffle(basic_ids)
    star, rng = rng.shuffle(star_ids)
    festivals, rng = rng.shuffle(festival_ids)
    box: tuple[int, ...] = ()
    if players == 2:
        box = tuple(sorted((*basic[TWO_PLAYER_BASIC:], *star[TWO_PLAYER_STAR:])))
        basic, star = basic[:TWO_PLAYER_BASIC], star[:TWO_PLAYER_STAR]
    distributor = 0
    if config.first_distributor is not None:
        distributor = config.first_distributor
    elif not config.distributor_auction:
        distributor, rng = rng.below(players)
    empty: tuple[tuple[int, ...], ...] = ((),) * players
    state = State(
        config=config, rng=rng, year=1, distributor=distributor,
        money=(STARTING_MONEY,) * players, bid_cards=(BID_CARDS,) * players, basic=basic,
        star=star, festivals=festivals, festival=None, discard=(), box=box,
        worthless=worthless, second_team=second_team, hands=empty, packets=empty,
        lots=(None,) * players, set_aside=empty, plays=(), revealed_bids=(None,) * players,
        trophies=((),) * players, log=((),) * players, report=None,
        phase=DistributorBids((None,) * players),
    )
    if config.distributor_auction:
        return state
    return start_year(state, {})


# -- who acts ---------------------------------------------------------------------------------


def to_act(state: State) -> frozenset[int]:
    """The distributor in Stage 1; every seat still to pick, bid, end or finish in a
    simultaneous step; the seat whose Crew Activities turn it is; a play's target."""
    phase = state.phase
    players = range(state.config.players)
    # The phases play takes longest in first; the sets are built from lists, which is
    # quicker than from generators.
    if isinstance(phase, Drafting):
        packets = state.packets
        return frozenset([s for s in players if phase.picks[s] is None and packets[s]])
    if isinstance(phase, Producing):
        studios = phase.studios
        for studio in studios:
            if studio.finished:
                return frozenset([s for s in players if not studios[s].finished])
        return _every_seat(state.config.players)
    if isinstance(phase, StarDistribution):
        return frozenset((state.distributor,))
    if isinstance(phase, DistributorBids):
        return frozenset([s for s in players if phase.bids[s] is None])
    if isinstance(phase, Bidding):
        return frozenset([s for s in players if phase.bids[s] is None])
    if isinstance(phase, CrewTurn):
        return frozenset((phase.seat,))
    if isinstance(phase, CrewPlanning):
        return frozenset([s for s in players if s not in phase.ended])
    if isinstance(phase, Answering):
        return frozenset((phase.queue[0].target,))
    return frozenset()


@cache
def _every_seat(players: int) -> frozenset[int]:
    """Seats 0 to ``players - 1`` (shared: a frozenset is immutable)."""
    return frozenset(range(players))


def _acts(state: State, seat: int) -> bool:
    """``seat in to_act(state)``, without building the set (the hot path)."""
    phase = state.phase
    if type(seat) is not int or not 0 <= seat < state.config.players:
        return False
    if isinstance(phase, Drafting):
        return phase.picks[seat] is None and bool(state.packets[seat])
    if isinstance(phase, (Bidding, DistributorBids)):
        return phase.bids[seat] is None
    if isinstance(phase, Producing):
        return not phase.studios[seat].finished
    if isinstance(phase, CrewPlanning):
        return seat not in phase.ended
    if isinstance(phase, CrewTurn):
        return seat == phase.seat
    if isinstance(phase, StarDistribution):
        return seat == state.distributor
    if isinstance(phase, Answering):
        return seat == phase.queue[0].target
    return seat in to_act(state)


def is_simultaneous(state: State) -> bool:
    """The bids for the distribution, the draft, the auction, Stage 4 with Scandals and
    Stage 5 are simultaneous: hidden choices in any order."""
    return isinstance(state.phase, (DistributorBids, Drafting, Bidding, CrewPlanning,
                                    Producing))


def is_terminal(state: State) -> bool:
    """True once the third year has ended."""
    return isinstance(state.phase, Over)


def outcome(state: State) -> Outcome:
    """Scores are money; the most money wins (ties: most Films of the Year, else
    shared)."""
    over = ended(state.phase, Over)
    return Outcome(over.winners, state.money, over.reason)


# -- the rules ----------------------------------------------------------------------------------

_PHASE_NAMES = {
    DistributorBids: "the bids for the first distribution",
    StarDistribution: "Stage 1, Star distribution",
    Drafting: "Stage 2, Draft",
    Bidding: "Stage 3, Auction",
    CrewTurn: "Stage 4, Crew Activities",
    CrewPlanning: "Stage 4, Crew Activities",
    Answering: "Stage 4, Crew Activities (a play waits on its target)",
    Producing: "Stage 5, Movie Production",
    Over: "the end of the game",
}


def _acting_error(state: State, action: Any, phases: type | tuple[type, ...],
                  what: str) -> str | None:
    error = phase_error(state.phase, phases, what, _PHASE_NAMES)
    if error:
        return error
    seat = action.seat
    if not _acts(state, seat):
        return f"seat {seat!r} does not act now in {_PHASE_NAMES[type(state.phase)]}"
    return None


def _distributor_bid_rule(state: State, action: BidForDistributor) -> str | None:
    """Setup (R, advanced): one of one's bid cards."""
    error = _acting_error(state, action, DistributorBids, "bidding for the distribution")
    if error:
        return error
    if type(action.value) is not int or action.value not in state.bid_cards[action.seat]:
        return f"bid with one of your bid cards 0-4, not {action.value!r}"
    return None


def _give_star_rule(state: State, action: GiveStar) -> str | None:
    """Stage 1: the distributor hands a drawn star card to a seat without one."""
    error = _acting_error(state, action, StarDistribution, "handing out a star card")
    if error:
        return error
    phase = state.phase
    assert isinstance(phase, StarDistribution)
    if type(action.card) is not int or action.card not in phase.stars:
        return f"Stage 1: card {action.card!r} is not one of the stars you drew"
    to = action.to
    if type(to) is not int or not 0 <= to < state.config.players or to in phase.served:
        return f"Stage 1: seat {to!r} is not a seat without a star this year"
    return None


def _draft_rule(state: State, action: Draft) -> str | None:
    """Stage 2: one card of one's packet."""
    error = _acting_error(state, action, Drafting, "drafting")
    if error:
        return error
    packet = state.packets[action.seat]
    if type(action.card) is not int or action.card not in packet:
        return f"Stage 2: card {action.card!r} is not in your packet"
    return None


def _lots(state: State) -> tuple[int, ...]:
    players = state.config.players
    lots = [i + 1 for i, card in enumerate(state.lots) if card is not None]
    if state.star and auction_lots(players) > players:
        lots.append(players + 1)
    return tuple(lots)


def _bid_rule(state: State, action: Bid) -> str | None:
    """Stage 3: a lot with a card (N+1: the face-down star card, while one exists, from 3
    players on) and one of one's unspent bid cards, at most one's money."""
    error = _acting_error(state, action, Bidding, "bidding")
    if error:
        return error
    if type(action.lot) is not int or action.lot not in _lots(state):
        return f"Stage 3: lot {action.lot!r} is not one of {list(_lots(state))}"
    value = action.value
    if type(value) is not int or value not in state.bid_cards[action.seat]:
        return f"Stage 3: bid one of your unspent bid cards, not {value!r}"
    if value > state.money[action.seat]:
        return f"Stage 3: a bid of {value} is more than your money"
    return None


_CREW_STAGE = (CrewTurn, CrewPlanning)
"""Stage 4's two phases where a seat makes its plays (in turn, or planned at once)."""

# Stage 4's rules are :mod:`~partyrules.games.hollywood.crew`'s, beside their effects;
# here the seat is first checked to act in the stage.


def _play_rule(state: State, action: PlayCrew) -> str | None:
    error = _acting_error(state, action, _CREW_STAGE, "a crew play")
    if error:
        return error
    return play_error(state, action)


def _target_rule(state: State, action: ChooseTarget) -> str | None:
    error = _acting_error(state, action, _CREW_STAGE, "choosing a target")
    if error:
        return error
    return target_error(state, action)


def _name_rule(state: State, action: NameType) -> str | None:
    error = _acting_error(state, action, _CREW_STAGE, "naming a type")
    if error:
        return error
    return name_error(state, action)


def _end_rule(state: State, action: EndCrew) -> str | None:
    error = _acting_error(state, action, _CREW_STAGE, "ending Crew Activities")
    if error:
        return error
    return end_error(state, action)


def _answer_rule(state: State, action: GiveCard | PayInstead) -> str | None:
    error = _acting_error(state, action, Answering, "answering a play")
    if error:
        return error
    return answer_error(state, action)


def _production_rule(state: State, action: Any) -> str | None:
    error = _acting_error(state, action, Producing, "movie production")
    if error:
        return error
    if isinstance(action, AssignCard):
        return assign_error(state, action)
    if isinstance(action, (TakeWorthlessScript, TakeSecondTeamDirector)):
        return take_error(state, action)
    if isinstance(action, TeachIcon):
        if not state.config.awards:
            return "Teachers come with the Hollywood Awards"
        return teach_error(state, action)
    return finish_error(state, action.seat)


_RULES: dict[type, Callable[[State, Any], str | None]] = {
    BidForDistributor: _distributor_bid_rule,
    GiveStar: _give_star_rule,
    Draft: _draft_rule,
    Bid: _bid_rule,
    PlayCrew: _play_rule,
    ChooseTarget: _target_rule,
    NameType: _name_rule,
    EndCrew: _end_rule,
    GiveCard: _answer_rule,
    PayInstead: _answer_rule,
    AssignCard: _production_rule,
    TakeWorthlessScript: _production_rule,
    TakeSecondTeamDirector: _production_rule,
    TeachIcon: _production_rule,
    FinishProduction: _production_rule,
}


# -- legal actions --------------------------------------------------------------------------------


def legal_actions(state: State, seat: int) -> Iterator[Action]:
    """Every action ``seat`` may take now, in a fixed order.

    The records handed out are shared (they are immutable): each is built once, and the
    lists that recur (an auction's bids, the targets of a play) are kept whole. Stage
    5's, the longest, is built whole and handed out as one list's iterator."""
    phase = state.phase
    if isinstance(phase, Producing):
        # _acts, inlined: production_list lists nothing for a finished studio.
        return iter(production_list(state, seat) if type(seat) is int
                    and 0 <= seat < state.config.players else ())
    if isinstance(phase, Drafting):
        packet = state.packets[seat] if type(seat) is int \
            and 0 <= seat < state.config.players and phase.picks[seat] is None else ()
        return iter([_draft(seat, card) for card in packet])
    return _listed(state, seat)


def _listed(state: State, seat: int) -> Iterator[Action]:
    """:func:`legal_actions` outside Stage 5."""
    if not _acts(state, seat):
        return
    phase = state.phase
    if isinstance(phase, Drafting):
        yield from map(_draft, repeat(seat), state.packets[seat])
    elif isinstance(phase, (CrewTurn, CrewPlanning)):
        play = building(state, seat)
        if play is None:
            crew = _crew_cards(state.config)
            lawyer = False
            for card in state.hands[seat]:
                if crew[card]:
                    yield _play_crew(seat, card)
                    lawyer = lawyer or crew[card] == _LAWYER
            if not lawyer:
                yield _end_crew(seat)
        elif play.target == -1:
            yield from _targets(seat, state.config.players)
        else:
            yield from _names(seat, named_types(state, play.card))
    elif isinstance(phase, Bidding):
        yield from _bids(seat, _lots(state),
                         _affordable(state.bid_cards[seat], state.money[seat]))
    elif isinstance(phase, StarDistribution):
        served = phase.served
        players = state.config.players
        for card in phase.stars:
            for to in range(players):
                if to not in served:
                    yield _give_star(seat, card, to)
    elif isinstance(phase, Answering):
        play = phase.queue[0]
        yield from map(_give_card, repeat(seat), eligible(state, play.target, play.named))
        if state.config.deck().cards[play.card].effect == "lawyer":
            yield _pay_instead(seat)
    elif isinstance(phase, DistributorBids):
        yield from map(_bid_for_distributor, repeat(seat), sorted(state.bid_cards[seat]))


_draft = cache(Draft)
_play_crew = cache(PlayCrew)
_end_crew = cache(EndCrew)
_give_star = cache(GiveStar)
_give_card = cache(GiveCard)
_pay_instead = cache(PayInstead)
_bid_for_distributor = cache(BidForDistributor)
"""The records :func:`legal_actions` hands out, each built once and then shared (building
them was the larger part of a listing)."""

_CREW, _LAWYER = 1, 2
"""What a card is in Stage 4 (:func:`_crew_cards`): playable, or a Lawyer (playable and
binding: "you must play a Lawyer if you have one"); 0: neither."""


@lru_cache(maxsize=64)
def _crew_cards(config: Config) -> tuple[int, ...]:
    """Per card id of ``config``: ``_LAWYER``, ``_CREW`` (an Agent or a Scandals card:
    :func:`~partyrules.games.hollywood.crew.playable`) or 0."""
    return tuple(_LAWYER if kind.effect == "lawyer" else _CREW if kind.effect == "agent"
                 or kind.scandal else 0 for kind in config.deck().cards)


@lru_cache(maxsize=256)
def _targets(seat: int, players: int) -> tuple[ChooseTarget, ...]:
    """Stage 4: every seat but ``seat`` as the target of its play."""
    return tuple(ChooseTarget(seat, target) for target in range(players) if target != seat)


@lru_cache(maxsize=256)
def _names(seat: int, types: tuple[str, ...]) -> tuple[NameType, ...]:
    """Stage 4: each of ``types`` named."""
    return tuple(NameType(seat, kind) for kind in types)


@lru_cache(maxsize=1024)
def _affordable(bid_cards: frozenset[int], money: int) -> tuple[int, ...]:
    """Stage 3: the bid cards of a seat with ``money``, lowest first."""
    return tuple(value for value in sorted(bid_cards) if value <= money)


@lru_cache(maxsize=1024)
def _bids(seat: int, lots: tuple[int, ...], values: tuple[int, ...]) -> tuple[Bid, ...]:
    """Stage 3: every bid of ``seat``, lot by lot, each of ``values`` on each."""
    return tuple(Bid(seat, lot, value) for lot in lots for value in values)


def max_decisions(config: Config) -> int:
    """The most decisions one game of ``config`` can take, a joint action of a
    simultaneous step counting one: 258 + 6 x players with the default cards and no
    expansion (270 to 294), 1065 + 6 x players with all three (1077 to 1101).

    A year is at most ``N - 1`` stars handed out (the last goes by itself), 6 draft
    rounds (the 7th card goes by itself), one auction, Stage 4 and Stage 5:

    - Stage 4: each Agent, Lawyer and Scandals card in play is played at most once a year
      (a card won in Stage 4 joins the hand when the stage ends), in at most three
      choices (card, target, type) and one answer, and each seat ends once: ``4P + N``
      (with Scandals the plans are joint steps, at most ``3P + 1``, then the answers);
    - Stage 5 is joint steps, each taking one choice of every seat still working, so it
      lasts as long as the busiest studio. A studio begins it with at most ``s = 9 +
      Scandals cards`` (hands are empty at a year's start; it gets one star, a packet of
      7 and one lot; a play of its own gives back one card for the card played; only the
      Scandals cards played at it add cards). It makes at most ``2s + 6`` moves within the
      budget, then only moves toward the canonical arrangement, at most one per card
      until a supply take changes its cards: ``A = 2s + 6 + s (1 + takes)`` moves; at
      most ``takes = 3`` Worthless Scripts (and 1 Second-Team Director with the Awards);
      with the Awards at most one icon per Teacher plus one per move that clears an icon
      (two if a Teacher can itself be taught); and the finish.

    So ``3 x (2N + 6 + 4P + A + takes + 1 + Teachers + A)`` (the Teacher terms with the
    Awards only), plus 1 for the bids of the distributor auction. Played one seat at a
    time, a simultaneous step takes up to ``players`` decisions instead of one (the
    game's page gives how many random play takes).
    """
    kinds = config.deck().cards
    basic, star, _, _, _ = components(config)
    held = [kinds[card] for card in (*basic, *star)]
    players = config.players
    playable = sum(1 for kind in held if kind.scandal or kind.effect in ("agent", "lawyer"))
    cards = PACKET + 2 + sum(1 for kind in held if kind.scandal)
    takes = MAX_WORTHLESS + (1 if config.awards else 0)
    moves = 2 * cards + 6 + cards * (1 + takes)
    production = moves + takes + 1
    if config.awards:
        teachers = [kind for kind in held if kind.effect == "teacher"]
        taught_too = any(kind.kind in ("director", "actor", "actress", "dual")
                         or (kind.kind == "crew" and kind.genres) for kind in teachers)
        production += len(teachers) + (2 if taught_too else 1) * moves
    year = (players - 1) + (PACKET - 1) + 1 + (4 * playable + players) + production
    return (1 if config.distributor_auction else 0) + YEARS * year


def random_action(state: State, seat: int, rng: random.Random) -> Action:
    """A uniformly random legal action, except in Stage 5, where random play builds a
    valid arrangement and finishes (now and then taking any legal action)."""
    phase = state.phase
    if isinstance(phase, Producing) and _acts(state, seat):
        return random_production_action(state, seat, rng)
    if isinstance(phase, Drafting) and _acts(state, seat):
        # uniform_choice over the listing, whose length is the packet's: the same draw.
        packet = state.packets[seat]
        return _draft(seat, packet[rng.randrange(len(packet))])
    return uniform_choice(legal_actions(state, seat), seat, rng)


RANDOM_ACTION_FROM_VIEW = True
"""``random_action`` reads only what the acting seat's view shows (the test kit's
``check_honest_draw`` checks it): a random seat draws it on the real state, no redeal."""


# -- effects ---------------------------------------------------------------------------------------


def _apply_distributor_bid(state: State, action: BidForDistributor) -> State:
    phase = state.phase
    assert isinstance(phase, DistributorBids)
    bids = replaced(phase.bids, action.seat, action.value)
    if any(b is None for b in bids):
        return evolve(state, {"phase": DistributorBids(bids)})
    values = [b for b in bids if b is not None]
    top = max(values)
    tied = [s for s, b in enumerate(bids) if b == top]
    index, rng = state.rng.below(len(tied))  # ties are drawn by the rng (R)
    winner = tied[index]
    changes: dict[str, Any] = {"rng": rng, "distributor": winner,
                               "money": replaced(state.money, winner,
                                                 state.money[winner] - top)}
    if top:
        changes["bid_cards"] = replaced(state.bid_cards, winner,
                                        state.bid_cards[winner] - {top})
    return start_year(state, changes)


def _apply_give_star(state: State, action: GiveStar) -> State:
    phase = state.phase
    assert isinstance(phase, StarDistribution)
    to, card = action.to, action.card
    log = replaced(state.log, action.seat,
                   (*state.log[action.seat], Note("star_given", card, to)))
    if to != action.seat:
        log = replaced(log, to, (*log[to], Note("star_received", card, action.seat)))
    changes: dict[str, Any] = {
        "hands": replaced(state.hands, to, (*state.hands[to], card)), "log": log}
    rest = StarDistribution(without_every(phase.stars, card),
                            phase.served | {to})
    return after_star(state, changes, rest)


def _apply_draft(state: State, action: Draft) -> State:
    phase = state.phase
    assert isinstance(phase, Drafting)
    picks = replaced(phase.picks, action.seat, action.card)
    for pick, packet in zip(picks, state.packets, strict=True):
        if pick is None and packet:  # a seat still picks
            return with_phase(state, new_drafting(picks))
    return draft_done(state, {}, picks)


def _apply_bid(state: State, action: Bid) -> State:
    phase = state.phase
    assert isinstance(phase, Bidding)
    bids = replaced(phase.bids, action.seat, PlacedBid(action.lot, action.value))
    if any(b is None for b in bids):
        return evolve(state, {"phase": Bidding(bids)})
    return resolve_auction(state, {}, bids)


_KINDS: ActionKinds[State] = ActionKinds("Hollywood", _RULES, {
    BidForDistributor: _apply_distributor_bid,
    GiveStar: _apply_give_star,
    Draft: _apply_draft,
    Bid: _apply_bid,
    PlayCrew: apply_play,
    ChooseTarget: apply_target,
    NameType: apply_name,
    EndCrew: apply_end,
    GiveCard: apply_answer,
    PayInstead: apply_answer,
    AssignCard: apply_assign,
    TakeWorthlessScript: apply_take,
    TakeSecondTeamDirector: apply_take,
    TeachIcon: apply_teach,
    FinishProduction: apply_finish,
})
why_illegal = _KINDS.why_illegal
apply = _KINDS.apply
apply_listed = _KINDS.apply_listed


# -- properties: rule-level truths every reachable state keeps (the explorer checks them) ----


def _year_one_ledger(state: State) -> bool:
    """Until the first Box Office Tally the bank only takes: each studio's 12 million
    less every bid card it spent (the Film Market's auction wins cost nothing), Lawyer
    fees only moving money between studios."""
    if state.year != 1 or isinstance(state.phase, Over):
        return True
    paid = sum(sum(BID_CARDS - held) for held in state.bid_cards)
    if state.festival is not None and \
            state.config.deck().cards[state.festival].effect == "film_market":
        paid -= sum(bid.value for bid, held in zip(state.revealed_bids, state.bid_cards,
                                                    strict=True)
                    if bid is not None and bid.value not in held)
    return sum(state.money) + paid == STARTING_MONEY * state.config.players


def _auction_settled(state: State) -> bool:
    """Once the bids are revealed, on each lot the bidders below the top bid kept their
    bid cards and, unless the top bid is the 0, exactly one top bidder spent it."""
    bids = state.revealed_bids
    for lot in {bid.lot for bid in bids if bid is not None}:
        bidders = [(seat, bid.value) for seat, bid in enumerate(bids)
                   if bid is not None and bid.lot == lot]
        top = max(value for _, value in bidders)
        if any(value not in state.bid_cards[seat] for seat, value in bidders
               if value < top):
            return False
        spent = sum(1 for seat, value in bidders if value == top
                    and top not in state.bid_cards[seat])
        if spent != (1 if top else 0):
            return False
    return True


def _film_of_the_year_kept(state: State) -> bool:
    """Stage 7: the last year's Film of the Year is its one film with the most title
    figurines (at least 1; ties on the higher box office), its owner keeps it as that
    year's trophy with the film's countable figurines and distributes next; a year
    without a title leaves no trophy."""
    report = state.report
    if report is None:
        return True
    eligible = [film for film in report.films if film.title >= 1]
    top = max(((film.title, film.box_office) for film in eligible), default=None)
    best = [film for film in eligible if (film.title, film.box_office) == top]
    winner = best[0] if len(best) == 1 else None
    trophies = [(seat, trophy) for seat, won in enumerate(state.trophies) for trophy in won
                if trophy.year == report.year]
    if winner is None:
        return report.film_of_the_year is None and not trophies
    if report.film_of_the_year != (winner.seat, winner.film) or len(trophies) != 1:
        return False
    seat, trophy = trophies[0]
    return seat == winner.seat == state.distributor and trophy.countable == winner.countable


PROPERTIES: tuple[Property[State], ...] = (
    Property("year_one_ledger", "until the first tally every million paid is a spent bid "
             "card paid to the bank; Lawyer fees move money between studios",
             _year_one_ledger),
    Property("auction_settled", "on each lot the top bidder spent its bid card (unless "
             "the 0) and every other bidder kept its own", _auction_settled),
    Property("film_of_the_year_kept", "the last year's Film of the Year is its best film "
             "by title figurines then box office, kept as that year's trophy by its "
             "owner, who distributes next", _film_of_the_year_kept),
)
"""The rule-level truths the explorer checks at every state (docs: Verification)."""


TIMER: Timer[State, Action] | None = None
"""No rule of the game is timed."""
