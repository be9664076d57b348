"""Dylan Dog through the shared test kit at the table sizes the issue names (3 and 6
players, with a turn limit), and the conservation inventory: every card of every crypt,
deck, hand and story has exactly one place."""

from __future__ import annotations

import json
import os

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

import partyrules
from partyrules.core import testing
from partyrules.games.dylan_dog.cards import DEFAULT_BOARD, catalog
from partyrules.games.dylan_dog.state import Config

GAME = partyrules.get_game("dylan_dog")
SOAK_EXAMPLES = 25 if os.environ.get("HYPOTHESIS_PROFILE") == "soak" else None
"""Random games per configuration below: 2 in the default run, 6 in the CI profile
(``-m ci``), 25 in the soak (the shared invariant tests play more of every game)."""



@pytest.mark.parametrize("examples", [2, pytest.param(6, id="ci", marks=pytest.mark.ci)])
@pytest.mark.parametrize("players", [3, 6])
def test_spec_every_invariant_holds_at_3_and_6_players(players: int, examples: int) -> None:
    examples = SOAK_EXAMPLES or examples
    configs = testing.configs(GAME, players=players, turn_limit=st.integers(30, 150))
    played: list[int] = []

    @settings(max_examples=examples)
    @given(testing.playthroughs(GAME, configs))
    def run(playthrough: testing.Playthrough) -> None:
        testing.check_all(GAME, playthrough)
        played.append(len(playthrough.actions))

    run()
    assert len(played) == examples and min(played) > 0


@pytest.mark.parametrize("players", [3, 6])
def test_spec_conservation_inventory_names_every_card(players: int) -> None:
    config = Config(players=players)
    state = GAME.setup(config, 4)
    places = GAME.places(state)
    everything = [card for cards in places.values() for card in cards]
    known = catalog(config.the_cards())
    assert sorted(everything) == list(range(known.size)) == list(range(132))
    crypt_cards = [card for name, cards in places.items() if name.startswith("crypts")
                   for card in cards]
    assert sorted(crypt_cards) == sorted(known.crypt_cards)
    assert sum(len(cards) for name, cards in places.items() if name.startswith("story")) \
        == 4 * players
    assert {"nightmare", "dylan_dog", "unused_story", "removed"} <= set(places)
    assert {f"held[{seat}]" for seat in range(players)} <= set(places)


def test_spec_a_random_game_without_a_limit_can_be_won() -> None:
    # A recorded seed: random play finds a winner in a game without a turn limit.
    playthrough = testing.play_random(GAME, Config(players=3), 436, bot_seed=43611)
    result = GAME.outcome(playthrough.states[-1])
    assert result.reason == "four_mystery_cards" and result.winners == {2}


def test_spec_json_schema_accepts_what_dumps_writes() -> None:
    schema = partyrules.json_schema(GAME)
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    board = attrs.evolve(DEFAULT_BOARD, white_squares=(0, 12))
    playthrough = testing.play_random(GAME, Config(players=4, turn_limit=80, board=board), 7)
    documents: list[object] = [playthrough.config, Config(players=3, offers_per_turn=2),
                               playthrough.replay(),
                               GAME.outcome(playthrough.states[-1])]
    for state in playthrough.states[::25]:
        documents += [state, GAME.view(state, None), GAME.view(state, 1)]
    documents += list({type(action): action for action in playthrough.actions}.values())
    for document in documents:
        errors = [e.message for e in validator.iter_errors(json.loads(partyrules.dumps(document)))]
        assert errors == [], type(document).__name__
