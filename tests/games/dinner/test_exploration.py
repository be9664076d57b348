"""Guess Who's Coming to Dinner, explored exhaustively: the game's own properties hold on
random playthroughs and fail on hand-made corrupt states, the stored positions load and
replay, and the small one is explored to the end with its exact figures; the large one
(89,386 states, about six minutes on one core) in the soak profile
(``HYPOTHESIS_PROFILE=soak``), see ``docs/games/dinner.md``, "Verification"."""

from __future__ import annotations

import os
from collections.abc import Callable
from importlib import resources

import attrs
import pytest

import partyrules
from partyrules import Replay
from partyrules.core.testing import play_random
from partyrules.core.verify import explore, stored_positions
from partyrules.games.dinner.cards import table_points
from partyrules.games.dinner.rules import PROPERTIES
from partyrules.games.dinner.state import Config, Drawing, State, Table

GAME = partyrules.get_game("dinner")
SOAK = os.environ.get("HYPOTHESIS_PROFILE") == "soak"
EXPLORATIONS = resources.files("partyrules.games.dinner").joinpath("data", "explorations")


def stored(name: str) -> Replay:
    replay = partyrules.loads(EXPLORATIONS.joinpath(f"{name}.json").read_text(encoding="utf-8"))
    assert isinstance(replay, Replay)
    return replay


def failing(state: State) -> set[str]:
    return {prop.name for prop in PROPERTIES if not prop.holds(state)}


def test_the_game_declares_its_properties() -> None:
    assert GAME.properties == PROPERTIES
    assert [prop.name for prop in PROPERTIES] == [
        "turns_pass_left", "one_draw_per_turn", "one_table_per_turn"]
    assert all(prop.description for prop in PROPERTIES)


@pytest.mark.parametrize("players", [3, 5, 7])
def test_properties_hold_at_every_state_of_random_games(players: int) -> None:
    checked = 0
    ends: set[str] = set()
    for seed in range(4):
        config = Config(players=players, first_player=seed % players)
        playthrough = play_random(GAME, config, seed)
        for state in playthrough.states:
            assert failing(state) == set(), (seed, state.turn)
            checked += 1
        ends.add(GAME.outcome(playthrough.states[-1]).reason)
    assert checked > 200
    assert ends  # the games were played to their end


def _setup() -> State:
    return GAME.setup(Config(players=3), seed=5)


def _other_first_player() -> State:
    # Seat 0 plays turn 1 of a game whose first player is seat 1.
    state = _setup()
    return attrs.evolve(state, config=attrs.evolve(state.config, first_player=1))


def _card_taken_from_the_pile() -> State:
    # A second card left the pile during turn 1, into a hand, with no exchange.
    state = _setup()
    hands = (state.hands[0], (*state.hands[1], state.pile[0]), state.hands[2])
    return attrs.evolve(state, pile=state.pile[1:], hands=hands)


def _table_before_any_turn_ended() -> State:
    # A table accepted (and paid) on turn 1, while the first turn is still being played.
    state = _setup()
    guests = state.hands[1][:2]
    table = Table(guests, burial=False, host=1, stories=("",))
    hands = (state.hands[0], state.hands[1][2:], state.hands[2])
    points = table_points(state.config.deck(), guests)
    return attrs.evolve(state, hands=hands, tables=(table,), scores=(0, points, 0))


@pytest.mark.parametrize(("corrupt", "broken"), [
    (_other_first_player, "turns_pass_left"),
    (_card_taken_from_the_pile, "one_draw_per_turn"),
    (_table_before_any_turn_ended, "one_table_per_turn"),
])
def test_each_property_fails_on_a_corrupt_state_that_validate_lets_through(
        corrupt: Callable[[], State], broken: str) -> None:
    assert failing(_setup()) == set()
    state = corrupt()
    GAME.validate(state)  # structurally sound: only the property sees what is wrong
    assert isinstance(state.phase, Drawing)
    assert failing(state) == {broken}


@pytest.mark.parametrize("name", ["last_card_in_the_pile", "pile_just_ran_out"])
def test_stored_exploration_loads_and_replays(name: str) -> None:
    text = EXPLORATIONS.joinpath(f"{name}.json").read_text(encoding="utf-8")
    replay = stored(name)
    assert partyrules.loads(partyrules.dumps(replay, indent=1)) == replay
    assert partyrules.dumps(replay, indent=1) + "\n" == text
    report = replay.verify()
    assert report.ok and not report.terminal
    state = replay.final_state()
    assert len(state.config.deck().guests) == 31
    assert failing(state) == set()


def test_every_stored_file_is_tested() -> None:
    names = sorted(entry.name for entry in EXPLORATIONS.iterdir()
                   if entry.name.endswith(".json"))
    assert names == ["last_card_in_the_pile.json", "pile_just_ran_out.json"]


FIGURES = {
    # Seat 2 exchanged the card it drew for the last card of the pile; a burial is in its
    # hand and two tables have room: every opening, vote, dry turn and both endings.
    "pile_just_ran_out": ((1_372, 2_412, 239, 20),
                          (("hand_emptied", 231), ("pile_exhausted", 8))),
    # One action earlier: seat 2 has drawn, and the pile's one card is left for an exchange.
    "last_card_in_the_pile": ((89_386, 188_509, 10_473, 41),
                              (("hand_emptied", 10_113), ("pile_exhausted", 360))),
}
"""Each stored position's whole graph: states, transitions, terminal states, the deepest
state, and the terminal states by the reason the game ended (deterministic)."""
CI_SIZED = ("pile_just_ran_out",)
"""Explored in CI (about 6 s); the other, about six minutes on one core, in the soak."""


@pytest.mark.ci  # ~8 s at today's explorer speed: the CI profile's
@pytest.mark.parametrize("name", sorted(FIGURES) if SOAK else CI_SIZED)
def test_stored_position_is_explored_to_the_end_with_its_figures(name: str) -> None:
    report = explore(GAME, start=stored(name), max_states=None)
    assert report.violation is None, report.summary()
    assert report.complete
    counts, outcomes = FIGURES[name]
    assert (report.states, report.transitions, report.terminal, report.max_depth) == counts
    assert report.outcomes == outcomes


def test_every_stored_position_has_its_figures() -> None:
    assert set(FIGURES) == set(stored_positions(GAME))
