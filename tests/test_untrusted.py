"""Whatever a stranger sends is refused cleanly, or is something the engine can go on from.

For every game, hypothesis mutates real documents (states and views of random games) the
way a careless or hostile client would: numbers nudged or blown up, strings swapped, list
items dropped, repeated or swapped, union tags exchanged. Each mutant either raises
``CorruptState`` on load or loads as something the engine can continue from: a state
passes :func:`~partyrules.core.testing.check_continues` for some random steps, a view
renders. Narration is checked too: ``describe_action`` is total on any action value, and
tells a viewer nothing its view does not show.

The default run tries 15 mutants per game and check; ``PARTYRULES_FUZZ`` sets those of
the CI profile (``-m ci``: 40 when unset) and of the soak, which runs more.
"""

from __future__ import annotations

import json
import os
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import partyrules
from partyrules.core import testing

MUTANTS = int(os.environ.get("PARTYRULES_FUZZ", "40"))
SOAK = os.environ.get("HYPOTHESIS_PROFILE") == "soak"
SIZES = [pytest.param(MUTANTS if SOAK else 15, id="default"),
         pytest.param(MUTANTS, id="ci", marks=pytest.mark.ci)]
"""Mutants per game and check: the default run's, and the CI profile's."""
STEPS = 25
CONFIGS: dict[str, tuple[dict[str, Any], ...]] = {
    "dany": ({"players": 4}, {"players": 6, "danys_reason": True}),
    "dinner": ({"players": 3}, {"players": 6, "no_screen_tables": True}),
    "dylan_dog": ({"players": 3, "turn_limit": 60}, {"players": 5, "turn_limit": 60}),
    "hollywood": ({"players": 2}, {"players": 4, "awards": True, "scandals": True,
                                    "festivals": True}),
    "when_i_dream": ({"players": 4}, {"players": 7, "side": "expert", "judge": "table"}),
}
NAMES = sorted(CONFIGS)
Json = Any
Path = tuple[str | int, ...]


@cache
def playthroughs(name: str) -> tuple[testing.Playthrough, ...]:
    game = partyrules.get_game(name)
    return tuple(testing.play_random(game, game.Config(**fields), seed=11 + index,
                                     bot_seed=7 + index)
                 for index, fields in enumerate(CONFIGS[name]))


@cache
def real_documents(name: str, kind: str) -> tuple[str, ...]:
    """Documents of real games: states (about 40 per game) or the views of their seats."""
    game = partyrules.get_game(name)
    found: list[str] = []
    for playthrough in playthroughs(name):
        step = max(1, len(playthrough.states) // 40)
        for state in playthrough.states[::step]:
            if kind == "State":
                found.append(partyrules.dumps(state))
            else:
                found += [partyrules.dumps(game.view(state, seat))
                          for seat in (None, *range(state.config.players))]
    return tuple(found)


def _parent(document: Json, path: Path) -> Json:
    for key in path[:-1]:
        document = document[key]
    return document


@st.composite
def mutants(draw: st.DrawFn, name: str, kind: str) -> str:
    """A real document of ``name`` with one to three careless or hostile edits in its data."""
    document = json.loads(draw(st.sampled_from(real_documents(name, kind))))
    players = int(document["data"].get("config", {}).get("players", 4))
    for _ in range(draw(st.integers(1, 3))):
        everything = [(path, value) for path, value
                      in testing.json_nodes(document["data"], ("data",)) if len(path) > 1]
        strings = sorted({v for _, v in everything if isinstance(v, str)} | {"", "sideways"})
        path, value = draw(st.sampled_from(everything))
        parent = _parent(document, path)
        key = path[-1]
        if type(value) is int:
            parent[key] = draw(st.sampled_from(
                [value + 1, value - 1, -1, 0, players, players + 1, 99, 2**64, -(2**63)]))
        elif type(value) is bool:
            parent[key] = not value
        elif isinstance(value, str):
            parent[key] = draw(st.sampled_from(strings))
        elif isinstance(value, list) and value:
            edit = draw(st.sampled_from(["drop", "repeat", "swap", "empty"]))
            index = draw(st.integers(0, len(value) - 1))
            if edit == "drop":
                del value[index]
            elif edit == "repeat":
                value.insert(index, value[index])
            elif edit == "swap":
                other = draw(st.integers(0, len(value) - 1))
                value[index], value[other] = value[other], value[index]
            else:
                value.clear()
        elif isinstance(value, dict) and "type" in value:
            tags = sorted({v["type"] for _, v in everything
                           if isinstance(v, dict) and isinstance(v.get("type"), str)})
            value["type"] = draw(st.sampled_from(tags))
        elif value is None:
            parent[key] = draw(st.sampled_from([0, players, "", []]))
    return json.dumps(document)


def _load(text: str) -> Any:
    try:
        return partyrules.loads(text)
    except partyrules.CorruptState as refused:
        assert refused.path  # the refusal names where
        return None


def fuzz(mutants: int) -> settings:
    return settings(max_examples=mutants, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.data_too_large])


@pytest.mark.parametrize("tries", SIZES)
@pytest.mark.parametrize("name", NAMES)
def test_a_mutated_state_is_refused_or_the_engine_goes_on_from_it(name: str, tries: int) -> None:
    game = partyrules.get_game(name)

    @fuzz(tries)
    @given(mutants(name, "State"), st.integers(0, 2**32))
    def run(text: str, seed: int) -> None:
        state = _load(text)
        if state is not None:
            testing.check_continues(game, state, random.Random(seed), steps=STEPS)

    run()


@pytest.mark.parametrize("tries", SIZES)
@pytest.mark.parametrize("name", NAMES)
def test_a_mutated_view_is_refused_or_renders(name: str, tries: int) -> None:
    game = partyrules.get_game(name)

    @fuzz(tries)
    @given(mutants(name, "View"))
    def run(text: str) -> None:
        view = _load(text)
        if view is not None:
            assert isinstance(game.render_view(view), str)
            assert partyrules.loads(partyrules.dumps(view)) == view

    run()


@pytest.mark.parametrize("tries", SIZES)
@pytest.mark.parametrize("name", NAMES)
def test_describe_action_is_total_on_any_action_value(name: str, tries: int) -> None:
    """For any value of the game's action types, a line or ``IllegalAction``."""
    game = partyrules.get_game(name)
    states = [s for pt in playthroughs(name) for s in pt.states[::max(1, len(pt.states) // 30)]]

    @fuzz(tries)
    @given(st.sampled_from(states), st.one_of(*map(st.from_type, game.action_types)),
           st.data())
    def run(state: Any, action: Any, data: st.DataObject) -> None:
        viewer = data.draw(st.sampled_from([None, *range(state.config.players)]))
        try:
            line = game.describe_action(state, action, viewer)
        except partyrules.IllegalAction as refused:
            assert str(refused)
        else:
            assert isinstance(line, str) and line

    run()


@pytest.mark.parametrize("name", NAMES)
def test_narration_tells_a_viewer_nothing_its_view_does_not_show(name: str) -> None:
    """Two states that look the same to a viewer (one determinized from the other) give
    that viewer the same line for every action listed in both."""
    game = partyrules.get_game(name)
    rng = random.Random(3)
    checked = 0
    for playthrough in playthroughs(name):
        for state in playthrough.states[::max(1, len(playthrough.states) // 25)]:
            if game.is_terminal(state):
                continue
            for viewer in range(state.config.players):
                twin = game.determinize(state, viewer, rng)
                for seat in game.to_act(state):
                    # the same action, free texts included (a game may list many)
                    ours = set(game.legal_actions(state, seat))
                    for action in game.legal_actions(twin, seat):
                        if action not in ours:
                            continue
                        mine = game.describe_action(state, action, viewer)
                        assert mine == game.describe_action(twin, action, viewer), (
                            f"seat {viewer} learns from the narration of {action!r}")
                        checked += 1
    assert checked > 100


@pytest.mark.parametrize("name", NAMES)
def test_narration_of_a_hidden_choice_tells_no_more_than_its_result(name: str) -> None:
    """At a simultaneous step, where the seats' choices are hidden until all are in, two
    choices of a seat that leave another viewer's view the same (two ballots before the
    count) are narrated alike to that viewer. Elsewhere an action is announced at the
    table, so its narration may say more than the view keeps."""
    game = partyrules.get_game(name)
    rng = random.Random(4)
    compared = 0
    for playthrough in playthroughs(name):
        simultaneous = [s for s in playthrough.states if game.is_simultaneous(s)]
        for state in simultaneous[::max(1, len(simultaneous) // 25)]:
            for seat in game.to_act(state):
                legal = list(game.legal_actions(state, seat))
                legal = rng.sample(legal, min(30, len(legal)))
                for viewer in (None, *range(state.config.players)):
                    if viewer == seat:
                        continue
                    told: dict[Any, tuple[str, Any]] = {}
                    for action in legal:
                        seen = game.view(game.apply(state, action), viewer)
                        line = game.describe_action(state, action, viewer)
                        first = told.setdefault(seen, (line, action))
                        assert first[0] == line, (
                            f"{viewer} is told apart {first[1]!r} and {action!r}, which "
                            "leave its view the same")
                        compared += 1
    assert compared > 0 or not any(game.is_simultaneous(s) for pt in playthroughs(name)
                                   for s in pt.states)
