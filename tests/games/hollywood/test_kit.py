"""Hollywood through the shared test kit at the table sizes and expansion sets the issue
names: 2, 4 and 6 players with no expansion, each mini-expansion alone, and all three."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import given, settings
from jsonschema import Draft202012Validator

import partyrules
from partyrules.core import testing
from partyrules.games.hollywood.state import Config

GAME = partyrules.get_game("hollywood")
EXAMPLES = 20 if os.environ.get("HYPOTHESIS_PROFILE") == "soak" else 2
"""Random games per configuration below (2 in CI, 20 in the soak: the shared
invariant tests play more of every game)."""


EXPANSION_SETS = {
    "base": {},
    "awards": {"awards": True},
    "scandals": {"scandals": True},
    "festivals": {"festivals": True},
    "all": {"awards": True, "scandals": True, "festivals": True},
}


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("expansions", sorted(EXPANSION_SETS))
def test_spec_every_invariant_holds(players: int, expansions: str) -> None:
    fixed = {"awards": False, "scandals": False, "festivals": False,
             **EXPANSION_SETS[expansions]}
    configs = testing.configs(GAME, players=players, **fixed)
    played: list[int] = []

    @settings(max_examples=EXAMPLES)
    @given(testing.playthroughs(GAME, configs))
    def run(playthrough: testing.Playthrough) -> None:
        testing.check_all(GAME, playthrough)
        played.append(len(playthrough.actions))

    run()
    assert len(played) == EXAMPLES and min(played) > 0


def test_spec_json_schema_accepts_what_dumps_writes() -> None:
    schema = partyrules.json_schema(GAME)
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    config = Config(players=4, awards=True, scandals=True, festivals=True)
    playthrough = testing.play_random(GAME, config, 3)
    documents: list[object] = [config, playthrough.replay(),
                               GAME.outcome(playthrough.states[-1])]
    for state in playthrough.states[::15]:
        documents += [state, GAME.view(state, None), GAME.view(state, 2)]
    documents += list({type(action): action for action in playthrough.actions}.values())
    for document in documents:
        errors = [e.message for e in validator.iter_errors(json.loads(partyrules.dumps(document)))]
        assert errors == [], type(document).__name__
