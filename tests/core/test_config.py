"""Every game's ``Config`` derives from :class:`partyrules.core.config.ConfigRecord`: an
unknown field is an ``InvalidConfig`` naming it and the known ones, while construction,
``attrs.evolve``, loading, copying and pickling work as before."""

from __future__ import annotations

import copy
import pickle

import attrs
import pytest

import partyrules
from partyrules import InvalidConfig
from partyrules.core.config import ConfigRecord, check_fields, shared
from partyrules.core.game import AnyGame
from partyrules.core.serialize import structure, unstructure

GAMES = [partyrules.get_game(name) for name in sorted(partyrules.GAMES)]


def fields_of(game: AnyGame) -> str:
    return ", ".join(field.name for field in attrs.fields(game.Config))


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_an_unknown_config_field_is_an_invalid_config_naming_the_known_ones(
        game: AnyGame) -> None:
    assert issubclass(game.Config, ConfigRecord)
    with pytest.raises(InvalidConfig) as refused:
        game.Config(players=game.min_players, colour="red")
    assert str(refused.value) == f"no config field 'colour'; the fields are {fields_of(game)}"
    assert refused.value.field == "colour"
    assert not isinstance(refused.value, TypeError)  # not the bare TypeError of attrs
    with pytest.raises(InvalidConfig, match="no config field 'colour'"):
        game.Config(colour="red")  # before the missing players: the name is the news
    with pytest.raises(InvalidConfig, match="no config field 'colour'"):
        attrs.evolve(game.Config(players=game.min_players), colour="red")
    with pytest.raises(InvalidConfig, match=r"at most \d+ values"):
        game.Config(*range(len(attrs.fields(game.Config)) + 1))


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_a_config_record_still_builds_evolves_loads_copies_and_pickles(
        game: AnyGame) -> None:
    config = game.Config(players=game.min_players)
    assert game.Config(game.min_players) == config
    assert attrs.evolve(config, players=game.min_players + 1).players == game.min_players + 1
    assert structure(unstructure(config), game.Config) == config
    assert partyrules.loads(partyrules.dumps(config)) == config
    for twin in (copy.copy(config), copy.deepcopy(config),
                 pickle.loads(pickle.dumps(config))):
        assert twin == config and hash(twin) == hash(config)
    assert not hasattr(config, "__dict__")  # still a slots class
    assert game.setup(config, 1) == game.setup(pickle.loads(pickle.dumps(config)), 1)


def test_a_misspelt_field_is_answered_with_the_nearest_one() -> None:
    dream = partyrules.get_game("when_i_dream")
    with pytest.raises(InvalidConfig, match=r"no config field 'sides' \(did you mean 'side'\?\)"):
        dream.Config(players=4, sides="expert")
    check_fields(dream.Config, ["players", "side"])  # known names pass


@pytest.mark.parametrize("name", ["dinner", "when_i_dream"])
def test_equal_configs_made_apart_set_up_states_that_share_one(name: str) -> None:
    # The rules' caches keyed by the config then find it by identity; the states are
    # the same ones, and serialize the same, with either config.
    game = partyrules.get_game(name)
    first, second = game.Config(players=4), game.Config(players=4)
    assert first is not second
    one, other = game.setup(first, 3), game.setup(second, 3)
    assert one.config is other.config and one == other
    assert partyrules.dumps(one) == partyrules.dumps(other)
    assert game.setup(game.Config(players=5), 3).config is not one.config


def test_shared_gives_an_equal_config_and_the_same_one_for_equal_configs() -> None:
    game = partyrules.get_game("dany")
    config = game.Config(players=3)
    kept = shared(config)
    assert kept == config and shared(game.Config(players=3)) is kept
    assert shared(attrs.evolve(config, players=4)) == attrs.evolve(config, players=4)
