"""Each game's ``Encoding.observation_bounds``: one low and one high bound per float, the
floats that pass 1 by design bounded by what the rules allow, and the kit's
``check_encoding`` failing a tensor outside its bounds."""

from __future__ import annotations

import math

import attrs
import pytest

import partyrules
from partyrules.core.testing import InvariantViolation, check_encoding, play_random
from partyrules.games.dinner.encoding import SCORE_SCALE, TURN_SCALE, tensor_sections
from partyrules.games.dinner.rules import max_total_score, max_turn
from partyrules.games.dinner.state import hand_size
from partyrules.games.dylan_dog.encoding import observation_layout
from partyrules.games.hollywood.encoding import MONEY_SCALE, REPORT_SCALES
from partyrules.games.hollywood.encoding import tensor_sections as hollywood_sections
from partyrules.games.hollywood.integrity import catalog

NAMES = sorted(partyrules.GAMES)


def bounds(name: str, **config: object) -> tuple[tuple[float, ...], tuple[float, ...]]:
    game = partyrules.get_game(name)
    low, high = game.encoding.observation_bounds(game.Config(**config))
    return tuple(low), tuple(high)


def sections(widths: tuple[tuple[str, int], ...]) -> dict[str, range]:
    """Section name -> the indices it covers, from (name, width) pairs in order."""
    found, start = {}, 0
    for name, width in widths:
        found[name] = range(start, start + width)
        start += width
    return found


@pytest.mark.parametrize("name", NAMES)
def test_every_game_declares_a_low_and_a_high_bound_per_float(name: str) -> None:
    game = partyrules.get_game(name)
    config = game.Config(players=4)
    low, high = bounds(name, players=4)
    size = math.prod(game.encoding.observation_shape(config))
    assert len(low) == len(high) == size
    assert all(a <= b for a, b in zip(low, high, strict=True))
    assert min(low) <= 0.0 and max(high) >= 1.0  # the flags' 0 and 1 are inside


@pytest.mark.parametrize("name", ["dany", "when_i_dream"])
def test_dany_and_when_i_dream_lie_in_0_to_1(name: str) -> None:
    low, high = bounds(name, players=5)
    assert set(low) == {0.0} and set(high) == {1.0}


def test_dinner_passes_1_only_in_the_hand_sizes_the_scores_and_the_turn() -> None:
    game = partyrules.get_game("dinner")
    config = game.Config(players=4)
    low, high = bounds("dinner", players=4)
    at = sections(tensor_sections(config))
    cards = len(config.deck().guests)
    expected = {"hand sizes": cards / (2 * hand_size(4)),
                "scores": max_total_score(config) / SCORE_SCALE,
                "turn": max_turn(config) / TURN_SCALE}
    for name, value in expected.items():
        assert {high[i] for i in at[name]} == {value} and value > 1
    assert {i for i, value in enumerate(high) if value != 1.0} == {
        i for name in expected for i in at[name]}
    assert set(low) == {0.0}


def test_dylan_dogs_crypts_pass_1_and_its_turn_is_unbounded_without_a_limit() -> None:
    game = partyrules.get_game("dylan_dog")
    layout = observation_layout(game.Config(players=3))
    _, limited = bounds("dylan_dog", players=3)
    _, unlimited = bounds("dylan_dog", players=3, turn_limit=None)
    assert limited[layout["turn"].start] == 1.0
    assert unlimited[layout["turn"].start] == math.inf
    # 36 crypt cards dealt 9 to each of the 4 crypts: a crypt may come to hold them all.
    assert {limited[i] for i in layout["crypt_sizes"]} == {4.0}
    others = set(range(len(limited))) - set(layout["crypt_sizes"]) - {layout["turn"].start}
    assert {limited[i] for i in others} == {1.0}


def test_hollywood_bounds_money_by_its_ceiling_and_a_films_loss_below_0() -> None:
    game = partyrules.get_game("hollywood")
    config = game.Config(players=3)
    low, high = bounds("hollywood", players=3)
    at = sections(hollywood_sections(config))
    ceiling = catalog(config).ceiling
    assert {high[i] for i in at["money"]} == {ceiling / MONEY_SCALE}
    box_office = at["report"].start + 1  # seat 0's film 0: made, then its box office
    assert low[box_office] == -ceiling / REPORT_SCALES[0] < 0
    assert high[box_office] == ceiling / REPORT_SCALES[0]
    assert all(low[i] == 0.0 for i in at["money"])


def test_the_kit_fails_a_tensor_outside_its_bounds() -> None:
    dany = partyrules.get_game("dany")
    config = dany.Config(players=3)
    size = math.prod(dany.encoding.observation_shape(config))
    # Bounds of 0 everywhere: the first 1 of a flag is outside.
    tight = attrs.evolve(dany, encoding=attrs.evolve(
        dany.encoding, observation_bounds=lambda config: ((0.0,) * size, (0.0,) * size)))
    playthrough = play_random(tight, config, 1)
    with pytest.raises(InvariantViolation, match=r"outside its bounds 0\.0 to 0\.0"):
        check_encoding(tight, playthrough, samples=2)
    short = attrs.evolve(dany, encoding=attrs.evolve(
        dany.encoding, observation_bounds=lambda config: ((0.0,), (1.0,))))
    with pytest.raises(InvariantViolation, match="gives 1 and 1 bounds for a tensor"):
        check_encoding(short, playthrough, samples=2)
    check_encoding(dany, playthrough, samples=2)  # the game's own bounds hold
