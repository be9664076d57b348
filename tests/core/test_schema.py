"""The published JSON Schema and the loader agree, for every game.

Documents written during real games validate against the schema; and a mutation that
JSON Schema can express (a key the record does not have, a value of the wrong JSON type, a
missing required field) is refused by the schema exactly when ``loads`` refuses it. What
the schema cannot express (a card in two hands, a seat out of range) is ``validate``'s
job, checked elsewhere.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

import partyrules
from partyrules.core import testing

CONFIGS: dict[str, dict[str, Any]] = {
    "dany": {"players": 5, "danys_reason": True},
    "dinner": {"players": 4},
    "dylan_dog": {"players": 3, "turn_limit": 30},
    "hollywood": {"players": 3, "awards": True, "scandals": True, "festivals": True},
    "when_i_dream": {"players": 5, "side": "expert", "judge": "table"},
}
Json = Any
Path = tuple[str | int, ...]


@cache
def validator(name: str) -> Draft202012Validator:
    schema = partyrules.json_schema(partyrules.get_game(name))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


@cache
def documents(name: str) -> tuple[str, ...]:
    """Documents of one real game: its config, states, every seat's views, its actions,
    the outcome and the replay."""
    game = partyrules.get_game(name)
    playthrough = testing.play_random(game, game.Config(**CONFIGS[name]), seed=5, bot_seed=5)
    objects: list[Any] = [playthrough.states[0].config, playthrough.replay(),
                          game.outcome(playthrough.states[-1])]
    step = max(1, len(playthrough.states) // 6)
    for state in playthrough.states[::step]:
        objects.append(state)
        objects += [game.view(state, seat) for seat in range(state.config.players)]
    objects += playthrough.actions[::step]
    return tuple(partyrules.dumps(obj) for obj in objects)


def replaced(document: Json, path: Path, value: Json) -> Json:
    changed = copy.deepcopy(document)
    if not path:
        return value
    parent = changed
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    return changed


def loader_refuses(document: Json) -> bool:
    try:
        partyrules.loads(json.dumps(document))
    except partyrules.CorruptState:
        return True
    return False


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_what_a_real_game_writes_validates(name: str) -> None:
    check = validator(name)
    for text in documents(name):
        assert [error.message for error in check.iter_errors(json.loads(text))] == []


@st.composite
def mutation(draw: st.DrawFn) -> tuple[str, str, Json]:
    """A game, a kind of mutation and the mutated document."""
    name = draw(st.sampled_from(sorted(CONFIGS)))
    document = json.loads(draw(st.sampled_from(documents(name))))
    everything = list(testing.json_nodes(document))
    objects = [(path, node) for path, node in everything if isinstance(node, dict)]
    kind = draw(st.sampled_from(["extra key", "wrong type", "missing key"]))
    if kind == "extra key":
        path, node = draw(st.sampled_from(objects))
        changed = replaced(document, path, {**node, "unheard_of": 1})
    elif kind == "wrong type":
        path, node = draw(st.sampled_from(everything[1:]))
        # an object where a leaf was, a string where an object or array was
        changed = replaced(document, path,
                           "text" if isinstance(node, dict | list) else {"unheard_of": 1})
    else:
        path, node = draw(st.sampled_from([(p, n) for p, n in objects if n]))
        key = draw(st.sampled_from(sorted(node)))
        changed = replaced(document, path, {k: v for k, v in node.items() if k != key})
    return name, kind, changed


@pytest.mark.parametrize("mutants", [25, pytest.param(80, id="ci", marks=pytest.mark.ci)])
def test_the_schema_refuses_what_the_loader_refuses(mutants: int) -> None:
    @settings(max_examples=mutants)
    @given(mutation())
    def run(case: tuple[str, str, Json]) -> None:
        name, kind, document = case
        schema_refuses = not validator(name).is_valid(document)
        if kind == "missing key":
            # a field with a default may be left out; a missing required one is refused by
            # both
            assert loader_refuses(document) or not schema_refuses
        else:
            assert schema_refuses
            assert loader_refuses(document)

    run()
