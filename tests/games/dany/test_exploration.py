"""Dany goes to Hollywood, verified exhaustively: the game's own properties
(``rules.PROPERTIES``) over random playthroughs and against hand-made corrupt states, and
the stored exploration positions (``data/explorations``): the small ones explored to the
end with their exact figures, the large ones too in the soak profile
(``HYPOTHESIS_PROFILE=soak``: about 50 and 105 s on one core), and every one loading and
replaying."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator

import attrs
import pytest

import partyrules
from partyrules import TABLE, Replay
from partyrules.core.game import Property
from partyrules.core.verify import explore, stored_positions
from partyrules.games.dany.actions import ConfirmReveal, Decide, Done
from partyrules.games.dany.rules import PROPERTIES
from partyrules.games.dany.state import (
    Composing,
    Config,
    Discussing,
    FinalTwist,
    Revealing,
    State,
)

GAME = partyrules.get_game("dany")
BY_NAME: dict[str, Property[State]] = {prop.name: prop for prop in PROPERTIES}
POSITIONS = stored_positions(GAME)

# Every end the game has: the sixth success, the Final Twist's designations, its ties
# settled by revealing (base game) or by the question (Dany's Reason), the second tie.
CI_SIZED: dict[str, tuple[int, int, int, dict[str, int], int]] = {
    # name: (states, transitions, terminal states, outcomes by reason, max depth)
    "last_turn_three_players": (
        2_208, 5_487, 272,
        {"dany_designated": 64, "not_dany_designated": 128, "second_tie": 64,
         "six_successes": 16}, 12),
    "final_twist_four_players_reason": (
        2_029, 8_184, 87,
        {"dany_designated": 15, "dany_not_in_tie": 6, "not_dany_designated": 45,
         "second_tie": 21}, 8),
}

SOAK_SIZED: dict[str, tuple[int, int, int, dict[str, int], int]] = {
    "last_turn_four_players_reason": (
        65_056, 262_191, 2_800,
        {"dany_designated": 480, "dany_not_in_tie": 192, "not_dany_designated": 1_440,
         "second_tie": 672, "six_successes": 16}, 14),
    "final_twist_five_players": (
        107_749, 601_380, 1_204,
        {"dany_designated": 136, "dany_revealed_in_tie": 180, "not_dany_designated": 544,
         "second_tie": 344}, 10),
}
EXPLORED = {**CI_SIZED, **SOAK_SIZED} if os.environ.get("HYPOTHESIS_PROFILE") == "soak" \
    else CI_SIZED


def playthrough(config: Config, seed: int) -> Iterator[State]:
    """Every state of one game of random actions, by whoever may act."""
    rng = random.Random(seed)
    state = GAME.setup(config, seed)
    yield state
    while not GAME.is_terminal(state):
        seat = rng.choice(sorted(GAME.to_act(state)))
        state = GAME.apply(state, GAME.random_action(state, seat, rng))
        yield state


def fails_only(state: State, name: str) -> None:
    """The corrupt ``state`` passes ``validate`` (the property sees what it does not) and
    breaks the property ``name`` alone."""
    GAME.validate(state)
    assert [prop.name for prop in PROPERTIES if not prop.holds(state)] == [name]


def test_the_properties_are_the_games() -> None:
    assert GAME.properties == PROPERTIES
    assert set(BY_NAME) == {"active_passes_left", "box_holds_only_creations",
                            "every_turn_draws_a_full_hand"}
    assert all(prop.description for prop in PROPERTIES)


@pytest.mark.parametrize("config", [
    Config(players=3), Config(players=5, first_active=3), Config(players=8),
    Config(players=4, danys_reason=True, memory_cards=12, idea_cards=6),
    Config(players=9, danys_reason=True, first_active=8),
    Config(players=3, memory_cards=7, idea_cards=2),
])
def test_every_property_holds_over_random_playthroughs(config: Config) -> None:
    phases: set[type] = set()
    for seed in range(4):
        state = None
        for state in playthrough(config, seed):
            for prop in PROPERTIES:
                assert prop.holds(state), (prop.name, seed, state)
            phases.add(type(state.phase))
        assert state is not None and GAME.is_terminal(state)
    # The turn's phases, where the properties say the most, were all met.
    assert {Composing, Discussing, Revealing} <= phases


def test_active_passes_left_fails_when_the_turn_skips_a_seat() -> None:
    state = GAME.setup(Config(players=4, first_active=1), 3)
    assert BY_NAME["active_passes_left"].holds(state)
    fails_only(attrs.evolve(state, active=3), "active_passes_left")


def test_box_holds_only_creations_fails_with_a_card_boxed_before_any_turn_ended() -> None:
    state = GAME.setup(Config(players=3), 3)
    assert BY_NAME["box_holds_only_creations"].holds(state)
    fails_only(attrs.evolve(state, memory=state.memory[1:], box=state.memory[:1]),
               "box_holds_only_creations")


def test_every_turn_draws_a_full_hand_fails_when_a_turn_is_played_on_six_cards() -> None:
    # Memory 10: a turn lays out nothing and fails; the second turn's creation is sent.
    state = GAME.setup(Config(players=3, memory_cards=10), 3)
    state = GAME.apply(state, Done(0))
    phase = state.phase
    assert isinstance(phase, Discussing)
    state = GAME.apply(state, Decide(2, phase.choice % 5 + 1))
    state = GAME.apply(state, ConfirmReveal(TABLE))
    state = GAME.apply(state, Done(1))
    assert isinstance(state.phase, Discussing) and len(state.failures) == 1
    assert BY_NAME["every_turn_draws_a_full_hand"].holds(state)
    # Four cards of the pile moved to the box: within 7 for the one turn played, but 6
    # cards out of the box could not have made a hand.
    corrupt = attrs.evolve(state, memory=state.memory[4:], box=state.memory[:4])
    fails_only(corrupt, "every_turn_draws_a_full_hand")


def test_the_explorer_reports_a_broken_property_with_a_path_to_it() -> None:
    # The same corruption as above, met by the explorer through a game whose setup
    # deals it: the violation names the property at the root.
    corrupt_game = attrs.evolve(GAME, setup=lambda config, seed: attrs.evolve(
        GAME.setup(config, seed), active=1))
    report = explore(corrupt_game, Config(players=3), seed=0, max_states=50)
    assert report.violation is not None
    assert report.violation.check == "property:active_passes_left"
    assert report.violation.depth == 0


def test_the_stored_positions_load_and_replay() -> None:
    assert {*CI_SIZED, *SOAK_SIZED} == set(POSITIONS)
    assert set(POSITIONS) == {"last_turn_three_players", "last_turn_four_players_reason",
                              "final_twist_four_players_reason", "final_twist_five_players"}
    for name, replay in POSITIONS.items():
        assert isinstance(replay, Replay) and replay.game == "dany", name
        assert partyrules.loads(partyrules.dumps(replay)) == replay
        report = replay.verify()
        assert report.ok and not report.terminal, name
        state = replay.final_state()
        GAME.validate(state)
        # Each starts at the last turn or the Final Twist's first vote.
        if name.startswith("final_twist"):
            assert isinstance(state.phase, FinalTwist) and not state.phase.revote
        else:
            assert isinstance(state.phase, Composing) and not state.ideas
            assert len(state.successes) == 5
            assert len(state.failures) == state.config.failures_to_twist() - 1


@pytest.mark.parametrize("name", sorted(EXPLORED))
def test_a_stored_position_is_explored_to_the_end(name: str) -> None:
    states, transitions, terminal, outcomes, depth = EXPLORED[name]
    report = explore(GAME, start=POSITIONS[name], max_states=None)
    assert report.violation is None, report.summary()
    assert report.complete and report.checked == report.states
    assert (report.states, report.transitions, report.terminal) == (
        states, transitions, terminal)
    assert dict(report.outcomes) == outcomes
    assert report.max_depth == depth
