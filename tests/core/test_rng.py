"""The PRNG matches the test vectors published in docs/rng.md, and is unbiased; the
runner's draw from a ``random.Random`` is ``randrange``'s."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from partyrules.core.game import TABLE, random_actor
from partyrules.core.rng import MASK64, Rng, uniform_index

DOC = Path(__file__).parents[2] / "docs" / "rng.md"


def _vectors() -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    block = text.split("```text\n", 1)[1].split("```", 1)[0]
    return [line for line in block.splitlines() if line.strip()]


def _seed(word: str) -> int:
    return int(word.removeprefix("seed="))


@pytest.mark.parametrize("line", _vectors())
def test_published_vector(line: str) -> None:
    head, _, expected = line.partition(": ")
    kind, *params = head.split()
    rng = Rng.from_seed(_seed(params[0]))
    got: list[int] = []
    if kind == "next_u64":
        for _ in expected.split():
            value, rng = rng.next_u64()
            got.append(value)
        assert got == [int(word, 16) for word in expected.split()]
    elif kind == "below":
        for bound in params[1].removeprefix("bounds=").split(","):
            value, rng = rng.below(int(bound))
            got.append(value)
        assert got == [int(word) for word in expected.split()]
    else:
        assert kind == "shuffle"
        order, _ = rng.shuffle(range(int(params[1].removeprefix("n="))))
        assert list(order) == [int(word) for word in expected.split()]


def test_vectors_are_present() -> None:
    kinds = Counter(line.split()[0] for line in _vectors())
    assert kinds["next_u64"] >= 3 and kinds["below"] >= 2 and kinds["shuffle"] >= 1


def test_below_rejects_draws_at_the_top_of_the_range() -> None:
    bound = 2**63 + 1
    limit = (1 << 64) - ((1 << 64) % bound)
    rng = Rng.from_seed(11)
    raw = []
    for _ in range(4):
        value, rng = rng.next_u64()
        raw.append(value)
    assert raw[2] >= limit  # the third raw draw must be skipped ...
    first, after_one = Rng.from_seed(11).below(bound)
    second, after_two = after_one.below(bound)
    third, _ = after_two.below(bound)
    assert (first, second) == (raw[0] % bound, raw[1] % bound)
    assert third != raw[2] % bound  # ... and it was


@given(st.integers(min_value=-(2**70), max_value=2**70))
def test_seeds_reduce_modulo_two_to_the_64(seed: int) -> None:
    assert Rng.from_seed(seed).state == seed & MASK64


@given(st.integers(0, MASK64), st.integers(1, 10**9))
def test_below_stays_in_range(seed: int, bound: int) -> None:
    value, rng = Rng.from_seed(seed).below(bound)
    assert 0 <= value < bound and rng != Rng.from_seed(seed)


@given(st.integers(0, MASK64), st.lists(st.integers(), max_size=30))
def test_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    order, _ = Rng.from_seed(seed).shuffle(items)
    assert sorted(order) == sorted(items)


def test_below_is_uniform_enough() -> None:
    rng = Rng.from_seed(2026)
    counts: Counter[int] = Counter()
    for _ in range(6000):
        value, rng = rng.below(6)
        counts[value] += 1
    assert set(counts) == set(range(6))
    assert all(900 <= count <= 1100 for count in counts.values())


def test_rng_rejects_states_outside_64_bits() -> None:
    with pytest.raises(ValueError):
        Rng(2**64)
    with pytest.raises(ValueError):
        Rng.from_seed(1).below(0)


# -- the runner's draws from a random.Random ---------------------------------------------------


@given(st.integers(0, 2**32), st.lists(st.integers(1, 300), min_size=1, max_size=40))
def test_uniform_index_draws_what_randrange_draws(seed: int, counts: list[int]) -> None:
    # The same numbers, and the generator left in the same state: every later draw of a
    # match (the players' choices) is the same too.
    rng, twin = random.Random(seed), random.Random(seed)
    assert [uniform_index(rng, count) for count in counts] == [twin.randrange(count)
                                                               for count in counts]
    assert rng.getstate() == twin.getstate()


class Halves(random.Random):
    """A subclass that draws otherwise: ``randrange`` through its own ``random``."""

    def random(self) -> float:
        return 0.5


def test_uniform_index_leaves_a_subclass_and_an_empty_range_to_randrange() -> None:
    assert uniform_index(Halves(3), 10) == Halves(3).randrange(10)
    with pytest.raises(ValueError, match="empty range"):
        uniform_index(random.Random(1), 0)


def old_random_actor(acting: frozenset[int], rng: random.Random, table_rate: float) -> int:
    """``random_actor`` as it was at 3dbecfd, through ``randrange``."""
    seats = sorted(acting)
    if len(seats) > 1 and seats[0] == TABLE and rng.random() >= table_rate:
        seats = seats[1:]
    return seats[rng.randrange(len(seats))]


@given(st.integers(0, 2**32), st.lists(st.frozensets(st.integers(TABLE, 6), min_size=1),
                                       min_size=1, max_size=30),
       st.sampled_from([0.0, 0.1, 1.0]))
def test_random_actor_draws_as_before(seed: int, actings: list[frozenset[int]],
                                      table_rate: float) -> None:
    rng, twin = random.Random(seed), random.Random(seed)
    assert ([random_actor(acting, rng, table_rate) for acting in actings]
            == [old_random_actor(acting, twin, table_rate) for acting in actings])
    assert rng.getstate() == twin.getstate()
