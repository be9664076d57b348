"""Shared machinery for a game's rules: one predicate and one effect per action kind.

A game's ``rules`` module writes, for each action kind, a predicate ``why_illegal(state,
action) -> str | None`` named after the rule it enforces and an effect ``(state, action)
-> state``; :class:`ActionKinds` turns the two tables into the contract's ``apply``
(check, then act) so that the same sentence of the rulebook is enforced in one place.

>>> import attrs
>>> @attrs.frozen
... class Count:
...     seat: int
>>> kinds = ActionKinds("Counting", {Count: lambda s, a: None if a.seat == 0 else "no"},
...                     {Count: lambda s, a: s + 1})
>>> kinds.apply(41, Count(0))
42
>>> kinds.apply(41, Count(1))
Traceback (most recent call last):
...
partyrules.core.errors.IllegalAction: no
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, TypeVar

import attrs

from partyrules.core.errors import IllegalAction, InvalidConfig
from partyrules.core.game import TABLE
from partyrules.core.rng import uniform_index

__all__ = ["ActionKinds", "check_seat", "check_setup", "ended", "phase_error", "seat_error",
           "uniform_choice"]

S = TypeVar("S")
A = TypeVar("A")
P = TypeVar("P")


@attrs.frozen(slots=True)
class ActionKinds(Generic[S]):
    """A game's action kinds: for each class, the rule that may forbid it and its effect."""

    game_title: str
    rules: Mapping[type, Callable[[S, Any], str | None]]
    effects: Mapping[type, Callable[[S, Any], S]]

    def why_illegal(self, state: S, action: Any) -> str | None:
        """The rule that forbids ``action`` now, or None when it is legal."""
        rule = self.rules.get(type(action))
        if rule is None:
            return f"{type(action).__name__} is not an action of {self.game_title}"
        return rule(state, action)

    def apply(self, state: S, action: Any) -> S:
        """The state after ``action``; raises :class:`IllegalAction` naming the rule and
        leaves ``state`` as it was."""
        reason = self.why_illegal(state, action)
        if reason is not None:
            raise IllegalAction(reason)
        return self.effects[type(action)](state, action)

    def apply_listed(self, state: S, action: Any) -> S:
        """The state after ``action``, which the game itself listed or drew for this
        state (``legal_actions``, ``random_action``): the rule check is skipped. Search
        bots' playouts use it; anything else must use :meth:`apply`."""
        return self.effects[type(action)](state, action)


def uniform_choice(options: Iterable[A], seat: int, rng: random.Random) -> A:
    """One of ``options`` drawn uniformly; ``IllegalAction`` when there is none."""
    choices = tuple(options)
    if not choices:
        raise IllegalAction(f"seat {seat} has no action now")
    return choices[uniform_index(rng, len(choices))]


def seat_error(seat: Any, expected: int, role: str) -> str | None:
    """Why ``seat`` may not do what only ``expected`` (the ``role``) may, or None."""
    if type(seat) is not int:
        return f"seat must be an int, not {seat!r}"
    if seat != expected:
        who = "the table (TABLE, -1)" if expected == TABLE else f"seat {expected}"
        return f"only {who}, {role}, may do this; not seat {seat}"
    return None


def phase_error(phase: object, allowed: type | tuple[type, ...], what: str,
                names: Mapping[type, str]) -> str | None:
    """Why ``what`` is out of phase (``names`` says each phase in words), or None."""
    if not isinstance(phase, allowed):
        return f"{what} is not possible during {names[type(phase)]}"
    return None


def ended(phase: object, over: type[P]) -> P:
    """The phase, when it is the game's ``over`` phase; else ``IllegalAction``: a game
    that is still running has no outcome."""
    if not isinstance(phase, over):
        raise IllegalAction("the game is not over yet: there is no outcome")
    return phase


def check_seat(players: int, seat: Any, *, spectator: bool) -> None:
    """Raise ``IllegalAction`` unless ``seat`` sits at a table of ``players`` (or is None,
    a spectator, where one is allowed): for views and determinize."""
    if seat is None and spectator:
        return
    if type(seat) is not int or not 0 <= seat < players:
        raise IllegalAction(f"there is no seat {seat!r} at a table of {players}")


def check_setup(config: Any, config_type: type, seed: Any, game: str) -> None:
    """Raise ``InvalidConfig`` unless ``setup`` got a ``config_type`` config and an int
    seed (``game`` names the game in the message).

    >>> check_setup(None, int, 3, "dinner")
    Traceback (most recent call last):
    ...
    partyrules.core.errors.InvalidConfig: expected a dinner Config, got NoneType
    """
    if not isinstance(config, config_type):
        raise InvalidConfig(f"expected a {game} Config, got {type(config).__name__}")
    if type(seed) is not int:
        raise InvalidConfig(f"the seed must be an int, not {seed!r}")
