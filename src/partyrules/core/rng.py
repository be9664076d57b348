"""The portable seeded PRNG carried inside every state.

partyrules never uses Python's :mod:`random` for game randomness: the state carries an
:class:`Rng`, a frozen record of a SplitMix64 generator. Every shuffle, deal and roll
consumes it and returns the next ``Rng``, so the same ``(config, seed, actions)`` gives the
same states on every Python version and in any language that reimplements the three
documented algorithms (see ``docs/rng.md`` for test vectors):

* :meth:`Rng.next_u64` -- SplitMix64 (Steele, Lea, Flood 2014);
* :meth:`Rng.below` -- a bounded integer by rejection sampling (no modulo bias);
* :meth:`Rng.shuffle` -- Fisher-Yates, from the last position down.

The match runner and the players draw from a :class:`random.Random` instead (their
choices are not part of a game's state); :func:`uniform_index` is its ``randrange(n)``,
the same draw for less.

>>> rng = Rng.from_seed(0)
>>> value, rng = rng.next_u64()
>>> hex(value)
'0xe220a8397b1dcdaf'
>>> order, rng = rng.shuffle(range(5))
>>> sorted(order)
[0, 1, 2, 3, 4]
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TypeVar

import attrs

__all__ = ["MASK64", "Rng", "uniform_index"]

T = TypeVar("T")

MASK64 = (1 << 64) - 1
_GOLDEN_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * _MIX1) & MASK64
    z = ((z ^ (z >> 27)) * _MIX2) & MASK64
    return z ^ (z >> 31)


@attrs.frozen(slots=True)
class Rng:
    """A SplitMix64 generator state: a single unsigned 64-bit integer.

    Immutable: every draw returns the value and the next generator.
    """

    state: int = attrs.field(validator=attrs.validators.and_(
        attrs.validators.instance_of(int), attrs.validators.ge(0), attrs.validators.le(MASK64)
    ))

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """The generator for a seed; any int, reduced modulo 2**64.

        >>> Rng.from_seed(-1) == Rng.from_seed(2**64 - 1)
        True
        """
        return cls(seed & MASK64)

    def next_u64(self) -> tuple[int, Rng]:
        """The next 64-bit output and the advanced generator."""
        state = (self.state + _GOLDEN_GAMMA) & MASK64
        return _mix(state), _advanced(state)

    def below(self, bound: int) -> tuple[int, Rng]:
        """A uniform integer in ``[0, bound)``, by rejection sampling.

        Outputs at or above the largest multiple of ``bound`` that fits in 64 bits are
        drawn again, so every value is equally likely.

        >>> value, _ = Rng.from_seed(1).below(6)
        >>> 0 <= value < 6
        True
        """
        if bound <= 0:
            raise ValueError(f"bound must be positive, got {bound}")
        limit = (1 << 64) - ((1 << 64) % bound)
        state = self.state
        while True:
            state = (state + _GOLDEN_GAMMA) & MASK64
            value = _mix(state)
            if value < limit:
                return value % bound, _advanced(state)

    def shuffle(self, items: Iterable[T]) -> tuple[tuple[T, ...], Rng]:
        """A Fisher-Yates shuffle of ``items`` and the advanced generator.

        For ``i`` from ``n - 1`` down to ``1``: ``j = below(i + 1)``, swap ``i`` and ``j``.
        """
        order = list(items)
        state = self.state
        for i in range(len(order) - 1, 0, -1):
            bound = i + 1
            limit = (1 << 64) - ((1 << 64) % bound)
            while True:
                state = (state + _GOLDEN_GAMMA) & MASK64
                # _mix, written out: a shuffle draws once per item
                value = ((state ^ (state >> 30)) * _MIX1) & MASK64
                value = ((value ^ (value >> 27)) * _MIX2) & MASK64
                value ^= value >> 31
                if value < limit:
                    break
            j = value % bound
            order[i], order[j] = order[j], order[i]
        return tuple(order), _advanced(state)


_NEW = object.__new__
_SET_STATE = Rng.__dict__["state"].__set__  # the slot's own setter, past the frozen class


def _advanced(state: int) -> Rng:
    """``Rng(state)`` for a state a draw computed (masked to 64 bits, so the field's
    validators, the larger part of building the record, cannot fail)."""
    rng: Rng = _NEW(Rng)
    _SET_STATE(rng, state)
    return rng


def uniform_index(rng: random.Random, count: int) -> int:
    """``rng.randrange(count)``: the same number, drawn the same way (the same calls of
    the generator, so every later draw is the same too), without ``randrange``'s
    argument checks and its second call; a runner and a random player draw one or two
    every step.

    For a plain :class:`random.Random`, ``randrange(count)`` draws ``count.bit_length()``
    bits until they make a number below ``count`` (``Random._randbelow``); a subclass,
    which may draw otherwise, and a ``count`` below 1 go through ``randrange`` itself.

    >>> rng, twin = random.Random(8), random.Random(8)
    >>> counts = (1, 2, 3, 10, 1000)
    >>> [uniform_index(rng, n) for n in counts] == [twin.randrange(n) for n in counts]
    True
    >>> rng.getstate() == twin.getstate()
    True
    """
    if count <= 0 or type(rng) is not random.Random:
        return rng.randrange(count)
    bits = count.bit_length()
    drawn = rng.getrandbits(bits)
    while drawn >= count:
        drawn = rng.getrandbits(bits)
    return drawn
