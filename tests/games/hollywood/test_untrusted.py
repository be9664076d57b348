"""Hollywood from strangers: broken states and views are refused with the path of the bad
value, ``describe_action`` is total, the component data is the card list in use.

Each broken state is a real state of a random game with one field broken; the table
names the field and the path ``CorruptState`` must give (issue 12's examples first).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import attrs
import pytest

import partyrules
from partyrules import CorruptState, IllegalAction, InvalidConfig
from partyrules.core import testing
from partyrules.core.replay import component_digest
from partyrules.games.hollywood.actions import (
    AssignCard,
    Bid,
    Draft,
    GiveCard,
    GiveStar,
    NameType,
    TeachIcon,
)
from partyrules.games.hollywood.cards import DEFAULT_CARD_DATA
from partyrules.games.hollywood.crew import must_answer
from partyrules.games.hollywood.films import natural_role
from partyrules.games.hollywood.integrity import catalog
from partyrules.games.hollywood.state import (
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
    Trophy,
    component_data,
)

GAME = partyrules.get_game("hollywood")
BASE = Config(players=3, first_distributor=0)
FULL = Config(players=3, awards=True, scandals=True, first_distributor=0)
AUCTION = Config(players=3, distributor_auction=True, awards=True)
AGENT = next(i for i, kind in enumerate(BASE.deck().cards) if kind.effect == "agent")


@cache
def states(config: Config) -> tuple[State, ...]:
    return testing.play_random(GAME, config, seed=1, bot_seed=1).states


def first(config: Config, phase: type, test: Callable[[State], bool] = lambda _: True,
          ) -> State:
    """The first state of a random game of ``config`` in ``phase`` that passes ``test``."""
    return next(s for s in states(config) if isinstance(s.phase, phase) and test(s))


def phase_of(state: State, **changes: Any) -> State:
    return attrs.evolve(state, phase=attrs.evolve(state.phase, **changes))


def planner(state: State) -> int:
    """A seat with a made play in its Stage 4 plan."""
    assert isinstance(state.phase, CrewPlanning)
    return next(s for s, plan in enumerate(state.phase.plans) if plan)


def with_plan_play(state: State, **changes: Any) -> State:
    assert isinstance(state.phase, CrewPlanning)
    seat = planner(state)
    plans = list(state.phase.plans)
    plans[seat] = (attrs.evolve(plans[seat][0], **changes), *plans[seat][1:])
    return phase_of(state, plans=tuple(plans))


def with_studio(state: State, seat: int, **changes: Any) -> State:
    assert isinstance(state.phase, Producing)
    studios = list(state.phase.studios)
    studios[seat] = attrs.evolve(studios[seat], **changes)
    return phase_of(state, studios=tuple(studios))


def finisher(state: State) -> int:
    assert isinstance(state.phase, Producing)
    return next(s for s, studio in enumerate(state.phase.studios) if studio.finished)


def trophy_owner(state: State) -> int:
    return next(seat for seat, won in enumerate(state.trophies) if won)


def overcounted() -> State:
    """A year-2 state whose first trophy counts one figurine more than its cards print."""
    state = first(BASE, Drafting, lambda s: s.year == 2 and any(s.trophies))
    seat = trophy_owner(state)
    trophy = state.trophies[seat][0]
    printed = sum(state.config.deck().cards[c].figurines for c in trophy.cards)
    trophies = list(state.trophies)
    trophies[seat] = (attrs.evolve(trophy, countable=printed + 1), *trophies[seat][1:])
    return attrs.evolve(state, trophies=tuple(trophies))


def working() -> State:
    """A Stage 5 where a studio still working has cards not yet where the canonical
    arrangement puts them."""
    return first(BASE, Producing, lambda s: any(
        not st.finished and st.start and not st.films[0] for st in s.phase.studios))


def worker(state: State) -> int:
    assert isinstance(state.phase, Producing)
    return next(s for s, st in enumerate(state.phase.studios)
                if not st.finished and st.start and not st.films[0])


def one_card_film(state: State) -> State:
    """A finished studio whose only film is a single card (not a valid film)."""
    seat = finisher(state)
    assert isinstance(state.phase, Producing)
    studio = state.phase.studios[seat]
    card = studio.start[0]
    kind = state.config.deck().cards[card]
    return with_studio(state, seat, hand=studio.start[1:],
                       films=((Slot(card, natural_role(kind)),), (), ()), taught=())


def with_log(state: State, note: Note) -> State:
    seat = state.distributor
    log = list(state.log)
    log[seat] = (note, *log[seat][1:])
    return attrs.evolve(state, log=tuple(log))


def drafting() -> State:
    return first(BASE, Drafting)


def bidding() -> State:
    return first(BASE, Bidding)


def producing_finished() -> State:
    return first(BASE, Producing, lambda s: any(st.finished for st in s.phase.studios))


def over() -> State:
    return first(BASE, Over)


def unreported(state: State) -> tuple[int, int]:
    assert state.report is not None
    shown = {(film.seat, film.film) for film in state.report.films}
    return next((s, f) for s in range(3) for f in range(3) if (s, f) not in shown)


def basic_taken(state: State) -> tuple[int, ...]:
    """Seat 0's basic cards (a packet holds nothing else)."""
    return tuple(c for c in state.hands[0] if state.config.deck().cards[c].back == "basic")


def basic_kept(state: State) -> tuple[int, ...]:
    return tuple(c for c in state.hands[0] if c not in basic_taken(state))


def bystander(state: State) -> int:
    """The seat that neither made the first planned play nor is its target."""
    assert isinstance(state.phase, CrewPlanning)
    seat = planner(state)
    return ({0, 1, 2} - {seat, state.phase.plans[seat][0].target}).pop()


def planning() -> State:
    return first(FULL, CrewPlanning, lambda s: any(s.phase.plans))


BROKEN: dict[str, tuple[Callable[[], State], str | Callable[[], str]]] = {
    # issue 12's examples
    "Bidding.bids of the wrong length": (
        lambda: phase_of(bidding(), bids=(None,) * 4), "data.phase.bids"),
    "Drafting.picks out of range": (
        lambda: phase_of(drafting(), picks=(10**6, None, None)), "data.phase.picks[0]"),
    "a Stage 4 plan aimed at seat 122": (
        lambda: with_plan_play(planning(),
                               target=122),
        lambda: f"data.phase.plans[{planner(planning())}][0].target"),
    "money 10**30": (
        lambda: attrs.evolve(drafting(), money=(10**30, 12, 12)), "data.money[0]"),
    "a log entry with any text": (
        lambda: with_log(drafting(), Note("anything", 0, 1)),  # type: ignore[arg-type]
        lambda: f"data.log[{drafting().distributor}][0].what"),
    # the board
    "the distributor is not a seat": (
        lambda: attrs.evolve(drafting(), distributor=3), "data.distributor"),
    "a fourth year": (lambda: attrs.evolve(drafting(), year=4), "data.year"),
    "money below zero": (
        lambda: attrs.evolve(drafting(), money=(12, -1, 12)), "data.money[1]"),
    "money one above the ceiling": (
        lambda: attrs.evolve(drafting(), money=(12, catalog(BASE).ceiling + 1, 12)),
        "data.money[1]"),
    "more money than the years so far can give": (
        lambda: attrs.evolve(drafting(), money=(12, 12, 13)), "data.money"),
    "the 0 bid card spent": (
        lambda: attrs.evolve(drafting(), bid_cards=(frozenset(range(5)),
                                                    frozenset({1, 2}), frozenset(range(5)))),
        "data.bid_cards[1]"),
    "a basic card among the lots": (
        lambda: attrs.evolve(
            drafting(), lots=(drafting().packets[0][0], *drafting().lots[1:]),
            packets=((drafting().lots[0], *drafting().packets[0][1:]),
                     *drafting().packets[1:])),
        "data.lots[0]"),
    "cards boxed with three players": (
        lambda: attrs.evolve(drafting(), basic=drafting().basic[1:],
                             box=drafting().basic[:1]),
        "data.box"),
    "a packet outside the draft": (
        lambda: attrs.evolve(bidding(), hands=(basic_kept(bidding()), *bidding().hands[1:]),
                             packets=(basic_taken(bidding()), (), ())),
        "data.packets[0]"),
    "a play before Stage 4": (
        lambda: attrs.evolve(bidding(), plays=(Play(0, AGENT, 1, "script", "none"),)),
        "data.plays"),
    "a bid revealed in the draft": (
        lambda: attrs.evolve(drafting(), revealed_bids=(PlacedBid(1, 0), None, None)),
        "data.revealed_bids[0]"),
    "a trophy of the year being played": (
        lambda: attrs.evolve(drafting(), trophies=((Trophy(1, (), 0),), (), ())),
        "data.trophies[0][0].year"),
    "a trophy counting figurines its cards do not print": (
        overcounted, lambda: f"data.trophies[{trophy_owner(overcounted())}][0].countable"),
    "a Film of the Year that is no reported film": (
        lambda: attrs.evolve(over(), report=attrs.evolve(
            over().report, film_of_the_year=unreported(over()))),
        "data.report.film_of_the_year"),
    "an Agent's play resolved as a Scandals card": (
        lambda: attrs.evolve(producing_finished(),
                             plays=(Play(0, AGENT, 1, "script", "scandal"),)),
        "data.plays[0].result"),
    "a hidden lot from a seat": (
        lambda: with_log(drafting(), Note("hidden_lot", drafting().hands[0][0], 1)),
        lambda: f"data.log[{drafting().distributor}][0].other"),
    # the bids for the first distribution
    "every seat has bid for the distribution": (
        lambda: phase_of(first(AUCTION, DistributorBids), bids=(0, 0, 0)), "data.phase.bids"),
    "a distribution bid that is no bid card": (
        lambda: phase_of(first(AUCTION, DistributorBids), bids=(7, None, None)),
        "data.phase.bids[0]"),
    "a distribution bid after money was spent": (
        lambda: attrs.evolve(first(AUCTION, DistributorBids), money=(12, 2, 12)),
        "data.money[1]"),
    "distribution bids without the advanced rule": (
        lambda: attrs.evolve(first(AUCTION, DistributorBids),
                             config=Config(players=3, awards=True)),
        "data.phase"),
    # Stage 1
    "more stars than seats to serve": (
        lambda: phase_of(first(BASE, StarDistribution), served=frozenset({0, 1, 2})),
        "data.phase.stars"),
    "a star handed to seat 7": (
        lambda: phase_of(first(BASE, StarDistribution), served=frozenset({7})),
        "data.phase.served"),
    # Stage 2
    "every seat has picked": (
        lambda: phase_of(drafting(), picks=tuple(p[0] for p in drafting().packets)),
        "data.phase.picks"),
    # Stage 3
    "a bid on lot 9": (
        lambda: phase_of(bidding(), bids=(PlacedBid(9, 0), None, None)),
        "data.phase.bids[0].lot"),
    "a bid above the seat's money": (
        lambda: phase_of(attrs.evolve(bidding(), money=(0, 12, 12)),
                         bids=(PlacedBid(1, 1), None, None)),
        "data.phase.bids[0].value"),
    "every seat has bid in the auction": (
        lambda: phase_of(bidding(), bids=(PlacedBid(1, 0),) * 3), "data.phase.bids"),
    # Stage 4
    "a crew turn out of the round's order": (
        lambda: phase_of(first(BASE, CrewTurn), seat=(first(BASE, CrewTurn).phase.seat + 1) % 3),
        "data.phase.seat"),
    "a crew turn with five seats to follow": (
        lambda: phase_of(first(BASE, CrewTurn), left=5), "data.phase.left"),
    "every seat has ended its plan": (
        lambda: phase_of(first(FULL, CrewPlanning), ended=frozenset({0, 1, 2})),
        "data.phase.ended"),
    "a plan holding another seat's play": (
        lambda: with_plan_play(
            planning(),
            owner=bystander(planning())),
        lambda: f"data.phase.plans[{planner(planning())}][0].owner"),
    "a play naming a type sideways": (
        lambda: with_plan_play(planning(),
                               named="sideways"),
        lambda: f"data.phase.plans[{planner(planning())}][0].named"),
    "an answer without a turn to go back to": (
        lambda: phase_of(first(BASE, Answering), then=None), "data.phase.then"),
    "a waiting play with no type named": (
        lambda: phase_of(first(BASE, Answering), queue=(attrs.evolve(
            first(BASE, Answering).phase.queue[0], named=""),)),
        "data.phase.queue[0].named"),
    # Stage 5
    "a studio with two films": (
        lambda: with_studio(producing_finished(), 0,
                            films=producing_finished().phase.studios[0].films[:2]),
        "data.phase.studios[0].films"),
    "a studio with -1 moves": (
        lambda: with_studio(producing_finished(), 0, moves=-1),
        "data.phase.studios[0].moves"),
    "a Scandals obligation its cards do not set": (
        lambda: with_studio(producing_finished(), 0, obligation=5),
        "data.phase.studios[0].obligation"),
    "more moves than the budget and the arrangement allow": (
        lambda: with_studio(working(), worker(working()),
                            moves=2 * len(working().phase.studios[worker(working())].start)
                            + 6 + len(working().phase.studios[worker(working())].start)),
        lambda: f"data.phase.studios[{worker(working())}].moves"),
    "a Worthless Script token never taken": (
        lambda: with_studio(producing_finished(), 0,
                            hand=(*producing_finished().phase.studios[0].hand, -1)),
        lambda: f"data.phase.studios[0].hand[{len(producing_finished().phase.studios[0].hand)}]"),
    "a Worthless Script taken without its token": (
        lambda: with_studio(producing_finished(), 0, worthless=1),
        "data.phase.studios[0]"),
    "a card in a role no card plays": (
        lambda: with_studio(
            one_card_film(producing_finished()), finisher(producing_finished()),
            films=((Slot(producing_finished().phase.studios[
                finisher(producing_finished())].start[0], "sideways"),), (), ())),
        lambda: f"data.phase.studios[{finisher(producing_finished())}].films[0][0].role"),
    "a finished studio with a one-card film": (
        lambda: one_card_film(producing_finished()),
        lambda: f"data.phase.studios[{finisher(producing_finished())}].films[0]"),
    "every studio finished": (
        lambda: phase_of(producing_finished(), studios=tuple(
            attrs.evolve(s, finished=True) for s in producing_finished().phase.studios)),
        "data.phase.studios"),
    # the end
    "the wrong winners": (
        lambda: phase_of(over(), winners=frozenset(range(3)) - over().phase.winners),
        "data.phase"),
    "a game over in year 2": (
        lambda: attrs.evolve(over(), year=2, report=None, trophies=tuple(
            tuple(t for t in won if t.year <= 2) for won in over().trophies)),
        "data.year"),
}


def broken(name: str) -> tuple[State, str]:
    """The broken state called ``name`` and the path it must be refused at."""
    build, path = BROKEN[name]
    return build(), path if isinstance(path, str) else path()


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_state_with_one_field_broken_is_refused_at_its_path(name: str) -> None:
    state, path = broken(name)
    with pytest.raises(CorruptState) as refused:
        GAME.validate(state)
    assert refused.value.path == path, refused.value


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_state_does_not_load(name: str) -> None:
    state, path = broken(name)
    try:
        text = partyrules.dumps(state)
    except (TypeError, ValueError, AttributeError):
        return  # a value the writer cannot even write: covered by the check above
    with pytest.raises(CorruptState) as refused:
        partyrules.loads(text)
    assert refused.value.path == path or refused.value.path.startswith(path.split("[")[0])


def test_the_states_of_the_table_are_sound_before_they_are_broken() -> None:
    for config in (BASE, FULL, AUCTION):
        for state in states(config):
            GAME.validate(state)


def test_a_log_entry_with_any_text_does_not_load() -> None:
    document = json.loads(partyrules.dumps(drafting()))
    seat = drafting().distributor
    document["data"]["log"][seat][0]["what"] = "anything"
    with pytest.raises(CorruptState) as refused:
        partyrules.loads(json.dumps(document))
    assert refused.value.path == f"data.log[{seat}][0].what"


def test_money_10_30_does_not_load() -> None:
    document = json.loads(partyrules.dumps(drafting()))
    document["data"]["money"][0] = 10**30
    with pytest.raises(CorruptState) as refused:
        partyrules.loads(json.dumps(document))
    assert refused.value.path == "data.money[0]"
    assert "money is from 0 to" in refused.value.reason


def test_the_money_ceiling_follows_the_card_list() -> None:
    richer = tuple(attrs.evolve(kind, coin=kind.coin + 10) if kind.coin else kind
                   for kind in DEFAULT_CARD_DATA)
    assert catalog(Config(players=3, card_data=richer)).ceiling > catalog(BASE).ceiling
    assert catalog(Config(players=3, card_data=richer)).year_income > catalog(
        BASE).year_income


def test_money_grows_by_at_most_a_year_of_income_a_year() -> None:
    state = first(BASE, Drafting, lambda s: s.year == 2)
    most = 36 + catalog(BASE).year_income
    GAME.validate(attrs.evolve(state, money=(most, 0, 0)))
    with pytest.raises(CorruptState) as refused:
        GAME.validate(attrs.evolve(state, money=(most, 1, 0)))
    assert refused.value.path == "data.money"
    with pytest.raises(CorruptState) as refused:
        GAME.validate(attrs.evolve(drafting(), money=(12, 12, 13)))
    assert refused.value.path == "data.money"


def test_from_money_at_the_bound_the_game_plays_to_its_end() -> None:
    """The bound grows by a year's income a year, so no tally from a state at the bound
    goes past it."""
    state = first(BASE, Drafting, lambda s: s.year == 2)
    most = 36 + catalog(BASE).year_income
    at_bound = attrs.evolve(state, money=(most, 0, 0))
    assert testing.check_continues(GAME, at_bound, random.Random(3), steps=400) < 400


# -- views ------------------------------------------------------------------------------------


def _view_document(state: State, seat: int | None) -> Any:
    return json.loads(partyrules.dumps(GAME.view(state, seat)))


@pytest.mark.parametrize(("field", "value", "seat", "path"), [
    ("packet", [2**64], 0, "data.packet[0]"),
    ("hand", [0], None, "data.hand"),
    ("own_bid", {"lot": 99, "value": 0}, 0, "data.own_bid.lot"),
    ("hand_sizes", [0, 0], 0, "data.hand_sizes"),
    ("year", 9, 1, "data.year"),
    ("lots", [5, None, None], 0, "data.lots[0]"),
    ("done", [3], 0, "data.done"),
])
def test_a_view_with_one_field_broken_is_refused_at_its_path(field: str, value: Any,
                                                             seat: int | None,
                                                             path: str) -> None:
    document = _view_document(drafting(), seat)
    document["data"][field] = value
    with pytest.raises(CorruptState) as refused:
        partyrules.loads(json.dumps(document))
    assert refused.value.path == path, refused.value


def test_a_view_of_a_studio_with_two_films_is_refused() -> None:
    state = producing_finished()
    document = _view_document(state, 0)
    del document["data"]["studio"]["films"][2]
    with pytest.raises(CorruptState) as refused:
        partyrules.loads(json.dumps(document))
    assert refused.value.path == "data.studio.films"


def test_a_view_showing_another_seats_hidden_play_as_its_own_is_refused() -> None:
    state = planning()
    seat = planner(state)
    document = _view_document(state, seat)
    document["data"]["own_plays"][0]["owner"] = bystander(state)
    with pytest.raises(CorruptState) as refused:
        partyrules.loads(json.dumps(document))
    assert refused.value.path == "data.own_plays[0].owner"


def test_a_report_slot_with_a_role_sideways_is_refused() -> None:
    reported = next(s for s in states(BASE) if s.report is not None and s.report.films)
    document = _view_document(reported, None)
    document["data"]["report"]["films"][0]["slots"][0]["role"] = "sideways"
    with pytest.raises(CorruptState) as refused:
        partyrules.loads(json.dumps(document))
    assert refused.value.path == "data.report.films[0].slots[0].role"


def test_every_real_view_loads_and_renders() -> None:
    for config in (BASE, FULL, AUCTION):
        for state in states(config)[::7]:
            for seat in (None, 0, 1, 2):
                view = GAME.view(state, seat)
                GAME.validate_view(view)
                assert partyrules.loads(partyrules.dumps(view)) == view
                assert GAME.render_view(view)


# -- narration --------------------------------------------------------------------------------


REFUSED = [Draft(0, 10**30), GiveStar(0, -5, 99), AssignCard(0, 2**64, 7, "x"),
           GiveCard(1, 3), TeachIcon(0, -1, 2**70, "Z"), NameType(0, "x"), Bid(99, 1, 0)]


@pytest.mark.parametrize("action", REFUSED, ids=repr)
@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_describe_action_refuses_what_apply_refuses(action: object, viewer: int | None,
                                                    ) -> None:
    for state in (drafting(), producing_finished(), first(FULL, CrewPlanning)):
        with pytest.raises(IllegalAction) as refused:
            GAME.describe_action(state, action, viewer)
        assert str(refused.value)


def test_a_refusal_tells_only_the_acting_seat_the_rule() -> None:
    state = drafting()
    hidden = state.packets[1][0]
    with pytest.raises(IllegalAction, match="not in your packet"):
        GAME.describe_action(state, Draft(0, hidden), 0)
    with pytest.raises(IllegalAction) as refused:
        GAME.describe_action(state, Draft(0, hidden), 1)
    assert str(refused.value) == "seat 0 cannot take that action now"


def test_a_legal_action_is_still_narrated() -> None:
    state = drafting()
    card = state.packets[0][0]
    assert GAME.describe_action(state, Draft(0, card), 1) == "Seat 0 drafts a card"
    assert GAME.describe_action(state, Draft(0, card), 0).startswith("Seat 0 drafts ")


# -- determinize and the component data ---------------------------------------------------------


def test_determinize_leaves_a_waiting_target_able_to_answer() -> None:
    rng = random.Random(5)
    waiting = [s for config in (BASE, FULL) for s in states(config)
               if isinstance(s.phase, Answering)]
    assert waiting
    for state in waiting:
        assert isinstance(state.phase, Answering)
        for seat in range(3):
            twin = GAME.determinize(state, seat, rng)
            GAME.validate(twin)
            assert isinstance(twin.phase, Answering)
            assert must_answer(twin, twin.phase.queue[0])


def test_component_data_is_the_card_list_in_use() -> None:
    assert component_data(BASE) == DEFAULT_CARD_DATA
    other = (attrs.evolve(DEFAULT_CARD_DATA[0], coin=9), *DEFAULT_CARD_DATA[1:])
    assert component_data(Config(players=3, card_data=other)) == other
    assert component_digest("hollywood", BASE) != component_digest(
        "hollywood", Config(players=3, card_data=other))


def test_a_festival_card_without_a_festival_effect_is_refused() -> None:
    data = tuple(attrs.evolve(kind, effect="agent") if kind.back == "festival" else kind
                 for kind in DEFAULT_CARD_DATA)
    index = next(i for i, kind in enumerate(data) if kind.back == "festival")
    with pytest.raises(InvalidConfig) as refused:
        Config(players=3, festivals=True, card_data=data)
    assert refused.value.field == f"card_data[{index}]"


def test_a_replay_made_with_another_card_list_says_so() -> None:
    other = (attrs.evolve(DEFAULT_CARD_DATA[0], coin=9), *DEFAULT_CARD_DATA[1:])
    replay = testing.play_random(GAME, Config(players=3, card_data=other), seed=2).replay(10)
    moved = attrs.evolve(replay, config=BASE)
    report = moved.verify()
    assert not report.ok and report.other_data
