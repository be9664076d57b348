"""When I Dream explored exhaustively: the stored positions' whole graphs with their exact
figures, the game's own properties over random games and against hand-made corrupt
states, and the stored position files themselves.

The CI explores the small position (under 10 seconds on one core); the larger one, some
28,000 states, is explored to the end in the soak profile
(``HYPOTHESIS_PROFILE=soak``), see ``docs/games/when_i_dream.md``, "Verification".
"""

from __future__ import annotations

import os
from importlib.resources import files
from typing import Any

import attrs
import pytest

import partyrules
from partyrules import TABLE, Replay
from partyrules.core.game import Property
from partyrules.core.testing import apply_all, play_random
from partyrules.core.verify import explore
from partyrules.games.when_i_dream.actions import (
    DeclineGuess,
    GiveClue,
    Guess,
    Recount,
    TimeUp,
)
from partyrules.games.when_i_dream.state import Config, Dreaming, State

GAME = partyrules.get_game("when_i_dream")
EXPLORATIONS = files("partyrules.games.when_i_dream") / "data" / "explorations"

FIGURES: dict[str, dict[str, Any]] = {
    # Round 4 of 4, a 3-card deck on the top word, one card a penalty since round 1: the
    # first of the last round's two cards one clue from the clue cap.
    "last_round_near_the_clue_cap": {
        "states": 1_844, "transitions": 2_585, "terminal": 983, "max_depth": 14,
        "outcomes": (("best_dream", 272), ("fewest_penalties", 45),
                     ("highest_score", 540), ("shared", 126)),
    },
    # The same deck and history in the expert variant with the table judging: the whole
    # last round from its first card.
    "expert_table_last_round": {
        "states": 27_965, "transitions": 42_883, "terminal": 10_115, "max_depth": 25,
        "outcomes": (("best_dream", 3_256), ("fewest_penalties", 364),
                     ("highest_score", 5_067), ("shared", 1_428)),
    },
}
"""Every stored position and what its whole graph holds (deterministic)."""

CI_SIZED = ("last_round_near_the_clue_cap",)
SOAK = os.environ.get("HYPOTHESIS_PROFILE") == "soak"


def stored(name: str) -> Replay:
    """A stored exploration position, read as a user's replay file is."""
    replay = partyrules.loads((EXPLORATIONS / f"{name}.json").read_text(encoding="utf-8"))
    assert isinstance(replay, Replay)
    return replay


def prop(name: str) -> Property[State]:
    """One of the game's properties, by name."""
    (found,) = [p for p in GAME.properties if p.name == name]
    return found


# -- the stored explorations --------------------------------------------------------------


@pytest.mark.ci  # ~8 s at today's explorer speed: the CI profile's
@pytest.mark.parametrize("name", sorted(FIGURES) if SOAK else CI_SIZED)
def test_stored_position_is_explored_to_the_end_with_its_figures(name: str) -> None:
    report = explore(GAME, start=stored(name), max_states=None)
    assert report.violation is None, report.summary()
    assert report.complete and report.checked == report.states
    figures = FIGURES[name]
    assert (report.states, report.transitions, report.terminal, report.max_depth,
            report.outcomes) == (figures["states"], figures["transitions"],
                                 figures["terminal"], figures["max_depth"],
                                 figures["outcomes"])
    assert sum(count for _, count in report.outcomes) == report.terminal


def test_every_stored_position_has_its_figures_loads_back_and_replays() -> None:
    names = sorted(entry.name.removesuffix(".json") for entry in EXPLORATIONS.iterdir()
                   if entry.name.endswith(".json"))
    assert names == sorted(FIGURES)
    for name in names:
        text = (EXPLORATIONS / f"{name}.json").read_text(encoding="utf-8")
        replay = stored(name)
        assert replay.game == "when_i_dream"
        assert partyrules.dumps(replay, indent=1) + "\n" == text  # written by dumps
        report = replay.verify()
        assert report.ok, (name, report)
        state = replay.final_state()
        # Both start in the last round's dream, with two cards left for it.
        assert state.round == state.config.players == 4
        assert isinstance(state.phase, Dreaming)
        assert len(state.deck) + len(state.box) + 1 == 2
        assert all(p.holds(state) for p in GAME.properties)


def test_the_stored_positions_play_the_documented_configs() -> None:
    near_cap, expert = stored("last_round_near_the_clue_cap"), stored("expert_table_last_round")
    assert (near_cap.config.side, near_cap.config.judge) == ("top", "auto")
    assert (expert.config.side, expert.config.judge) == ("expert", "table")
    assert near_cap.config.cards == expert.config.cards
    assert len(near_cap.config.cards) == 3
    state = near_cap.final_state()
    assert state.phase.clue_turns == (3, 3, 2, 0) and state.phase.active == 2


# -- the properties over random games -------------------------------------------------------


RANDOM_CONFIGS = (
    Config(players=4),
    Config(players=5, side="expert"),
    Config(players=4, side="expert", judge="table"),
    Config(players=6, clue_time_limit=True, side="bottom"),
    Config(players=4, check_clues="off", cards=(("moon", "star"), ("star", "moon"))),
)


@pytest.mark.parametrize("config", RANDOM_CONFIGS, ids=lambda config: repr(config)[7:60])
def test_every_property_holds_on_every_state_of_random_games(config: Config) -> None:
    states = 0
    guessed = clued = False
    for seed in range(4):
        playthrough = play_random(GAME, config, seed)
        for number, state in enumerate(playthrough.states):
            for each in GAME.properties:
                assert each.holds(state), (each.name, config, seed, number)
            states += 1
            guessed = guessed or len(state.fairy) + len(state.boogeyman) >= 2
            clued = clued or (isinstance(state.phase, Dreaming) and len(state.phase.clued) >= 2)
    # The games reached what the properties speak of: piles and clues on a card.
    assert states > 50 and guessed and clued


# -- the properties against corrupt states ------------------------------------------------


CARDS = (("cherry", "castle"), ("sun", "pirate"), ("moon", "apple"), ("horse", "train"))


def dream(**options: Any) -> State:
    """Round 1 of 4 seats on CARDS: seat 0 dreams, seat 1 gives the first clue."""
    return GAME.setup(Config(players=4, cards=CARDS, **options), 4)


def test_piles_follow_guesses_fails_on_a_found_card_under_the_boogeyman() -> None:
    state = dream()
    state = apply_all(GAME, state, Guess(0, state.word() or ""))
    assert len(state.fairy) == 1 and prop("piles_follow_guesses").holds(state)
    corrupt = attrs.evolve(state, fairy=(), boogeyman=state.fairy)
    GAME.validate(corrupt)  # one card per guess: validate has nothing to object
    assert not prop("piles_follow_guesses").holds(corrupt)


def test_piles_follow_guesses_fails_on_an_expert_side_that_ignores_the_guess() -> None:
    state = dream(side="expert")
    state = apply_all(GAME, state, Guess(0, "wrong"))
    assert state.side == "bottom" and prop("piles_follow_guesses").holds(state)
    corrupt = attrs.evolve(state, side="top")
    GAME.validate(corrupt)
    assert not prop("piles_follow_guesses").holds(corrupt)


def test_clues_on_the_card_in_play_fails_on_clues_out_of_turn_order() -> None:
    state = apply_all(GAME, dream(), GiveClue(1, "red"), GiveClue(2, "fruit"),
                      GiveClue(3, "tree"))
    assert prop("clues_on_the_card_in_play").holds(state)
    corrupt = attrs.evolve(state, clues=(state.clues[1], state.clues[0], state.clues[2]))
    GAME.validate(corrupt)
    assert not prop("clues_on_the_card_in_play").holds(corrupt)
    phase = state.phase
    assert isinstance(phase, Dreaming)
    forgotten = attrs.evolve(state, phase=attrs.evolve(phase, clued=phase.clued - {2}))
    GAME.validate(forgotten)  # a seat the table could no longer rule against
    assert not prop("clues_on_the_card_in_play").holds(forgotten)


def test_points_follow_rounds_fails_on_a_point_no_round_gave() -> None:
    state = dream()
    state = apply_all(GAME, state, Guess(0, state.word() or ""), TimeUp(TABLE),
                      DeclineGuess(0))
    state = apply_all(GAME, state, Recount(0, state.guesses))
    assert state.round == 2 and state.last_round is not None
    assert state.points == state.last_round.gains and prop("points_follow_rounds").holds(state)
    points = list(state.points)
    points[3] += 1
    corrupt = attrs.evolve(state, points=tuple(points))
    GAME.validate(corrupt)  # within the most a round can give
    assert not prop("points_follow_rounds").holds(corrupt)
