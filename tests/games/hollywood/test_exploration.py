"""Exhaustive verification of Hollywood: the game's properties hold on random games and
fail on corrupt states, the CI-sized stored position is explored to the end with its
exact figures, and every stored position loads and replays."""

from __future__ import annotations

import attrs
import pytest

import partyrules
from partyrules.core import testing
from partyrules.core.verify import explore, stored_positions
from partyrules.games.hollywood.state import (
    Bidding,
    Config,
    CrewPlanning,
    CrewTurn,
    Producing,
    State,
)

GAME = partyrules.get_game("hollywood")
PROPERTIES = {prop.name: prop for prop in GAME.properties}
CONFIGS = [
    Config(players=2),
    Config(players=3, awards=True, scandals=True, festivals=True),
    Config(players=4, festivals=True, distributor_auction=True),
]


def _states(config: Config, seed: int) -> tuple[State, ...]:
    return testing.play_random(GAME, config, seed).states


def test_the_game_declares_its_properties() -> None:
    assert sorted(PROPERTIES) == ["auction_settled", "film_of_the_year_kept",
                                  "year_one_ledger"]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.players}p-{c.expansions()}")
def test_every_property_holds_over_random_games(config: Config) -> None:
    checked = 0
    for seed in range(2):
        for state in _states(config, seed):
            for prop in GAME.properties:
                assert prop.holds(state), (prop.name, seed)
            checked += 1
    assert checked > 100


def _first(states: tuple[State, ...], wanted: type | tuple[type, ...], year: int) -> State:
    return next(s for s in states if isinstance(s.phase, wanted) and s.year == year)


def test_year_one_ledger_fails_on_money_from_nowhere() -> None:
    state = _first(_states(Config(players=3), 1), Producing, 1)
    assert PROPERTIES["year_one_ledger"].holds(state)
    richer = attrs.evolve(state, money=(state.money[0] + 1, *state.money[1:]))
    assert not PROPERTIES["year_one_ledger"].holds(richer)


def test_auction_settled_fails_when_a_winner_keeps_its_bid_card() -> None:
    for seed in range(10):
        state = _first(_states(Config(players=3), seed), (CrewTurn, Producing), 1)
        winners = [seat for seat, bid in enumerate(state.revealed_bids)
                   if bid is not None and bid.value and bid.value not in state.bid_cards[seat]]
        if winners:
            break
    assert PROPERTIES["auction_settled"].holds(state)
    seat = winners[0]
    value = state.revealed_bids[seat].value  # type: ignore[union-attr]
    kept = tuple(cards | {value} if index == seat else cards
                 for index, cards in enumerate(state.bid_cards))
    assert not PROPERTIES["auction_settled"].holds(attrs.evolve(state, bid_cards=kept))


def test_film_of_the_year_kept_fails_when_another_seat_distributes() -> None:
    states = stored_positions(GAME)["year3-one-studio-no-auction"].states()
    state = next(s for s in states if s.report is not None
                 and s.report.film_of_the_year is not None)
    assert PROPERTIES["film_of_the_year_kept"].holds(state)
    other = (state.distributor + 1) % 2
    assert not PROPERTIES["film_of_the_year_kept"].holds(
        attrs.evolve(state, distributor=other))
    assert not PROPERTIES["film_of_the_year_kept"].holds(
        attrs.evolve(state, trophies=((),) * 2))


@pytest.mark.ci  # ~10 s at today's explorer speed: the CI profile's
def test_ci_exploration_of_year_three_runs_to_the_end() -> None:
    start = stored_positions(GAME)["year3-one-studio-no-auction"]
    report = explore(GAME, start=start, max_states=None)
    assert report.violation is None and report.complete
    assert (report.states, report.transitions, report.terminal, report.max_depth) == (
        1351, 10672, 6, 15)
    assert report.outcomes == (("most_money", 6),)


def test_every_stored_position_loads_and_replays() -> None:
    positions = stored_positions(GAME)
    assert positions
    for name, replay in positions.items():
        assert partyrules.loads(partyrules.dumps(replay)) == replay, name
        assert replay.verify().ok, name
        assert replay.config.card_data is not None, name


def test_spec_r_deck_exhaustion_no_lot_offered_means_no_auction() -> None:
    """Deck exhaustion (R): "a lot without a card is not offered"; with no star card for
    any lot nobody can bid, so the year goes from the draft straight to Stage 4 (it used
    to wait on bids nobody could make)."""
    start = stored_positions(GAME)["year3-one-studio-no-auction"]
    states = list(start.states())
    third = [s for s in states if s.year == 3]
    assert not any(isinstance(s.phase, Bidding) for s in third)
    crew = next(s for s in third if isinstance(s.phase, (CrewTurn, CrewPlanning)))
    assert all(lot is None for lot in crew.lots) and crew.star == ()
    assert crew.revealed_bids == (None, None)
    GAME.validate(crew)
    assert GAME.to_act(crew) and all(list(GAME.legal_actions(crew, seat))
                                     for seat in GAME.to_act(crew))
