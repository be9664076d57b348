"""Checks that remember the parts of a state they last passed, for states that share them.

A game's ``validate`` runs on many states that share most of their parts: the explorer
validates a state, then the states ``determinize`` redeals from it for every seat, whose
public parts (tables, scores, the board, the last vote) are the very same objects; a
state and the one an action leads to share whatever the action left alone. Where a group
of checks reads only such parts, :class:`Passed` remembers the objects the group last
passed with, and a state that holds those same objects skips the group: the checks are
pure functions of their inputs, so the same objects give the same verdict. Only a pass is
remembered, and the checks a state still runs keep their order, so a state that breaks
an invariant gets the same error as it always did (the first check it fails is never a
skipped one: those pass).

The objects are held (an object held is never garbage, so its identity is never
another's) and compared by identity, not equality: ``1 == True``, and a check may tell
them apart. A config is always among the objects compared, so nothing passes across
configs.

>>> passed = Passed()
>>> parts = ((1, 2), "config")
>>> passed.holds(parts)
False
>>> passed.remember(parts)
>>> passed.holds(parts), passed.holds(((1, 2), "config"))  # an equal tuple is not the same
(True, False)
"""

from __future__ import annotations

import operator

__all__ = ["Passed"]


class Passed:
    """The parts a group of checks last passed with (the ``size`` latest passes)."""

    __slots__ = ("_latest", "_size")

    def __init__(self, size: int = 2) -> None:
        self._size = size
        self._latest: tuple[tuple[object, ...], ...] = ()

    def holds(self, parts: tuple[object, ...]) -> bool:
        """Whether the group passed with these very objects (compared by identity)."""
        for latest in self._latest:  # one read: a thread that remembers meanwhile is harmless
            if len(latest) == len(parts) and all(map(operator.is_, latest, parts)):
                return True
        return False

    def remember(self, parts: tuple[object, ...]) -> None:
        """Note that the group passed with ``parts`` (the oldest pass beyond ``size`` is
        forgotten)."""
        self._latest = (parts, *self._latest[:self._size - 1])
