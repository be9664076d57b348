"""Dylan Dog, verified exhaustively: the game's own properties (``rules.PROPERTIES``) over
random playthroughs and against hand-made corrupt states, and the stored exploration
positions (``data/explorations``): the small one explored to the end with its exact
figures, the large one to a budget (to the end in the soak), and both loading and
replaying."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator

import attrs

import partyrules
from partyrules import Replay
from partyrules.core.game import Property
from partyrules.core.verify import explore, stored_positions
from partyrules.games.dylan_dog.cards import catalog
from partyrules.games.dylan_dog.rules import PROPERTIES
from partyrules.games.dylan_dog.state import Config, State, TurnStart

GAME = partyrules.get_game("dylan_dog")
BY_NAME: dict[str, Property[State]] = {prop.name: prop for prop in PROPERTIES}
POSITIONS = stored_positions(GAME)
SOAK = os.environ.get("HYPOTHESIS_PROFILE") == "soak"

FIGURES: dict[str, tuple[int, int, int, dict[str, int], int]] = {
    # name: (states, transitions, terminal states, outcomes by reason, max depth)
    "last_cards_two_turns": (
        2_744, 3_698, 1_567, {"four_mystery_cards": 59, "turn_limit": 1_508}, 16),
    "last_cards_and_horrors_three_turns": (
        52_104, 73_438, 29_946, {"four_mystery_cards": 195, "turn_limit": 29_751}, 25),
}
CI_SIZED = "last_cards_two_turns"
LARGE = "last_cards_and_horrors_three_turns"
LARGE_BUDGET = 300
"""States of the large position checked outside the soak (about 1 s)."""


def playthrough(config: Config, seed: int) -> Iterator[State]:
    """Every state of one game of random actions."""
    rng = random.Random(seed)
    state = GAME.setup(config, seed)
    yield state
    while not GAME.is_terminal(state):
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, GAME.random_action(state, seat, rng))
        yield state


def fails_only(state: State, name: str) -> None:
    """The corrupt ``state`` passes ``validate`` (the property sees what it does not) and
    breaks the property ``name`` alone."""
    GAME.validate(state)
    assert [prop.name for prop in PROPERTIES if not prop.holds(state)] == [name]


def moved(crypts: tuple[tuple[int, ...], ...], card: int, target: int
          ) -> tuple[tuple[int, ...], ...]:
    """``crypts`` with ``card`` taken out of its crypt and put at the end of ``target``."""
    taken = [tuple(c for c in content if c != card) for content in crypts]
    taken[target] += (card,)
    return tuple(taken)


def test_the_properties_are_the_games() -> None:
    assert GAME.properties == PROPERTIES
    assert set(BY_NAME) == {"drawn_card_went_under", "no_cards_before_first_turn",
                            "crypts_hold_their_deal"}
    assert all(prop.description for prop in PROPERTIES)


def test_every_property_holds_over_random_playthroughs() -> None:
    small = POSITIONS[CI_SIZED].config  # one crypt, ten nightmare cards
    configs = [Config(players=3, turn_limit=90), Config(players=6, first_player=4,
                                                        turn_limit=60),
               Config(players=4, offers_per_turn=1, turn_limit=80),
               attrs.evolve(small, turn_limit=150, offers_per_turn=None)]
    games = [(config, playthrough(config, seed)) for config in configs for seed in range(3)]
    # Random seats seldom lose a horror fight holding a mystery card: the stored
    # positions' games, played for the cards, put some back.
    games += [(replay.config, replay.states()) for replay in POSITIONS.values()]
    met = {"shadow held": False, "card put back": False, "hand in the first round": False,
           "drawn card in the deck": False}
    for config, states in games:
        nightmare = set(catalog(config.the_cards()).nightmare)
        for state in states:
            for prop in PROPERTIES:
                assert prop.holds(state), (prop.name, config, state)
            met["shadow held"] |= any(nightmare.intersection(h) for h in state.held)
            met["card put back"] |= bool(state.returned)
            met["hand in the first round"] |= (state.turn < config.players
                                               and any(state.held))
            met["drawn card in the deck"] |= state.drawn in state.nightmare
    # Each property had something to say: the states it constrains were met.
    assert all(met.values()), met


def test_drawn_card_went_under_fails_with_the_last_card_drawn_on_top() -> None:
    state = next(state for state in playthrough(Config(players=3, turn_limit=90), 1)
                 if state.turn > 6 and state.drawn in state.nightmare)
    assert BY_NAME["drawn_card_went_under"].holds(state)
    drawn = state.drawn
    assert drawn is not None
    on_top = (drawn, *(card for card in state.nightmare if card != drawn))
    fails_only(attrs.evolve(state, nightmare=on_top), "drawn_card_went_under")


def test_drawn_card_went_under_fails_with_a_shadow_card_held_before_any_draw() -> None:
    state = POSITIONS[CI_SIZED].final_state()
    assert any(card in catalog(state.config.the_cards()).nightmare for card in state.held[2])
    fails_only(attrs.evolve(state, drawn=None), "drawn_card_went_under")


def test_no_cards_before_first_turn_fails_with_a_card_dealt_to_a_hand() -> None:
    state = GAME.setup(Config(players=3, first_player=1), 5)
    assert BY_NAME["no_cards_before_first_turn"].holds(state)
    # Seat 0 plays last: a crypt card in its hand before its first turn.
    card = state.crypts[2][0]
    crypts = tuple(content[1:] if crypt == 2 else content
                   for crypt, content in enumerate(state.crypts))
    corrupt = attrs.evolve(state, crypts=crypts, held=((card,), *state.held[1:]))
    fails_only(corrupt, "no_cards_before_first_turn")


def test_crypts_hold_their_deal_fails_with_a_card_moved_to_another_crypt() -> None:
    state = GAME.setup(Config(players=4), 2)
    assert BY_NAME["crypts_hold_their_deal"].holds(state)
    known = catalog(state.config.the_cards())
    card = next(card for card in state.crypts[0] if known.kinds[card] == "mystery")
    fails_only(attrs.evolve(state, crypts=moved(state.crypts, card, 1)),
               "crypts_hold_their_deal")
    # A card known to be put back may make a crypt fuller than its deal.
    put_back = attrs.evolve(state, crypts=moved(state.crypts, card, 1),
                            returned=frozenset({card}))
    GAME.validate(put_back)
    assert all(prop.holds(put_back) for prop in PROPERTIES)


def test_the_explorer_reports_a_broken_property_with_a_path_to_it() -> None:
    # A setup that deals a crypt card into another crypt: the root breaks the deal.
    def corrupt_setup(config: Config, seed: int) -> State:
        state: State = GAME.setup(config, seed)
        return attrs.evolve(state, crypts=moved(state.crypts, state.crypts[0][0], 1))

    corrupt_game = attrs.evolve(GAME, setup=corrupt_setup)
    report = explore(corrupt_game, Config(players=3), seed=0, max_states=50)
    assert report.violation is not None
    assert report.violation.check == "property:crypts_hold_their_deal"
    assert report.violation.depth == 0


def test_the_stored_positions_load_and_replay() -> None:
    assert set(POSITIONS) == set(FIGURES)
    for name, replay in POSITIONS.items():
        assert isinstance(replay, Replay) and replay.game == "dylan_dog", name
        assert partyrules.loads(partyrules.dumps(replay)) == replay
        report = replay.verify()
        assert report.ok and not report.terminal, name
        state = replay.final_state()
        GAME.validate(state)
        # An endgame: a turn begins, the one crypt holds its last cards, every seat
        # misses one or two cards of its story, and the turn limit is two or three turns
        # away.
        assert isinstance(state.phase, TurnStart) and len(state.crypts) == 1
        assert 3 <= len(state.crypts[0]) <= 5
        known = catalog(state.config.the_cards())
        for seat, story in enumerate(state.story):
            found = {known.element[card] for card in state.held[seat]
                     if known.kinds[card] == "mystery"}
            assert 2 <= len(found & {known.element[card] for card in story}) <= 3, seat
        assert state.config.turn_limit is not None
        assert state.config.turn_limit - state.turn == (2 if name == CI_SIZED else 3)


def test_the_small_position_is_explored_to_the_end() -> None:
    """Every check at every state (the round trip, 5/6 of the time here when every state
    and view was round-tripped, each carrying the custom board and decks, is checked by
    shape and sample since 2026-12-07; the soak round-trips every one)."""
    states, transitions, terminal, outcomes, depth = FIGURES[CI_SIZED]
    report = explore(GAME, start=POSITIONS[CI_SIZED], max_states=None,
                     every_round_trip=SOAK)
    assert report.violation is None, report.summary()
    assert report.complete and report.checked == report.states
    assert (report.states, report.transitions, report.terminal) == (
        states, transitions, terminal)
    assert dict(report.outcomes) == outcomes
    assert report.max_depth == depth


def test_the_large_position_is_explored_to_a_budget_and_to_the_end_in_the_soak() -> None:
    states, transitions, terminal, outcomes, depth = FIGURES[LARGE]
    report = explore(GAME, start=POSITIONS[LARGE],
                     max_states=None if SOAK else LARGE_BUDGET)
    assert report.violation is None, report.summary()
    if not SOAK:
        assert report.stopped_by == "max_states" and report.states == LARGE_BUDGET
        return
    assert report.complete and report.checked == report.states
    assert (report.states, report.transitions, report.terminal) == (
        states, transitions, terminal)
    assert dict(report.outcomes) == outcomes
    assert report.max_depth == depth
