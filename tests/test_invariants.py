"""The contract's invariants, run on every registered game through the shared kit.

Each invariant plays ``DEFAULT_GAMES`` (8) random games per game in the default run (the
README's test command, which has to stay within 3 minutes on 2 cores, the browser and
server tests and the exhaustive explorations included), and ``PARTYRULES_GAMES`` (30 when
unset) in the CI profile (``-m ci``, which ``.ci/run`` runs after it) and in the soak; the
expensive per-step checks sample states inside each game. The encoding's check computes
every seat's tensor three ways at each sampled state: it plays a fifth as many games (2 in
the default run, 6 in the CI profile; each game's own encoding tests add theirs), all of
them in the soak.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import partyrules
from partyrules.core import testing

DEFAULT_GAMES = 8
GAMES_PER_CHECK = int(os.environ.get("PARTYRULES_GAMES", "30"))
"""The CI profile's and the soak's games per check."""
SHARE_OF_GAMES = {"encoding": 0.2}
"""Invariants that play a share of the games per check outside the soak."""

CONFIG_OVERRIDES: dict[str, dict[str, Any]] = {
    # A random Dylan Dog game rarely finds a winner: it runs to the turn limit. Limits of
    # 4 to 20 rounds of 6 seats keep 200 games per invariant within CI's budget and still
    # reach crypts, horror fights, exchanges and wins (the soak runs the default 600).
    "dylan_dog": {"turn_limit": st.integers(24, 120)},
}
SOAK = os.environ.get("HYPOTHESIS_PROFILE") == "soak"


@pytest.mark.parametrize("per_check", [
    pytest.param(DEFAULT_GAMES, id="default"),
    pytest.param(GAMES_PER_CHECK, id="ci", marks=pytest.mark.ci),
])
@pytest.mark.parametrize("name", sorted(partyrules.GAMES))
@pytest.mark.parametrize(("invariant", "check"), testing.INVARIANTS,
                         ids=[name for name, _ in testing.INVARIANTS])
def test_invariant(name: str, invariant: str, check: Callable[[Any, Any], None],
                   per_check: int) -> None:
    game = partyrules.get_game(name)
    played: list[int] = []

    overrides = {} if SOAK else CONFIG_OVERRIDES.get(name, {})
    games = GAMES_PER_CHECK if SOAK else max(1, round(per_check
                                                      * SHARE_OF_GAMES.get(invariant, 1.0)))

    @settings(max_examples=games)
    @given(testing.playthroughs(game, testing.configs(game, **overrides)))
    def run(playthrough: testing.Playthrough) -> None:
        check(game, playthrough)
        played.append(len(playthrough.actions))

    run()
    assert len(played) >= min(games, 100), f"{invariant} ran {len(played)} games"
    assert sum(played) > 0
