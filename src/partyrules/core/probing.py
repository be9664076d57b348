"""Actions a rule engine must judge: keys that compare actions as the rules do, and
candidates near the legal ones or built from scratch, for checking that an engine
accepts exactly the actions it lists.

The test kit (:mod:`partyrules.core.testing`) and the explorer
(:mod:`partyrules.core.verify`) share them; this module needs no test library.

>>> import partyrules
>>> game = partyrules.get_game("dinner")
>>> state = game.setup(game.Config(players=3), seed=1)
>>> legal = list(game.legal_actions(state, 0))
>>> near = list(nearby_actions(random.Random(0), state, legal, 2))
>>> keys = {action_key(a) for a in legal}
>>> any(action_key(a) not in keys for a in near)  # mostly forgeries the rules must refuse
True
"""

from __future__ import annotations

import abc
import random
from collections.abc import Hashable, Iterator
from typing import Any

import attrs

from partyrules.core.game import FREE_TEXT, TABLE, AnyGame, free_text_fields

__all__ = ["Recipe", "action_key", "constructed_actions", "constructed_recipes",
           "has_free_text", "nearby_actions", "nearby_recipes", "normalize_action",
           "strict_key"]


def _players(state: Any) -> int:
    return int(state.config.players)


def normalize_action(action: Any) -> Any:
    """``action`` with its free-text fields blanked: texts are wildcards when comparing."""
    texts = _texts_of(type(action))
    if not texts:
        return action
    return attrs.evolve(action, **dict.fromkeys(texts, ""))


_TEXTS: dict[type, tuple[str, ...]] = {}
_NAMES: dict[type, tuple[str, ...] | None] = {}


def _texts_of(cls: type) -> tuple[str, ...]:
    if cls not in _TEXTS:
        _TEXTS[cls] = free_text_fields(cls)
    return _TEXTS[cls]


def has_free_text(cls: type) -> bool:
    """Whether actions of class ``cls`` have free-text fields (blanked by
    :func:`action_key`).

    >>> import partyrules
    >>> game = partyrules.get_game("dinner")
    >>> sorted(cls.__name__ for cls in game.action_types if has_free_text(cls))
    ['Propose']
    """
    return bool(_TEXTS[cls] if cls in _TEXTS else _texts_of(cls))


def _names_of(cls: type) -> tuple[str, ...] | None:
    if cls not in _NAMES:
        _NAMES[cls] = tuple(f.name for f in attrs.fields(cls)) if attrs.has(cls) else None
    return _NAMES[cls]


def action_key(action: Any) -> Hashable:
    """A comparison key for an action that also tells types apart (``3.0``, ``True`` and
    ``3`` are equal in Python but not in a rule engine), with free text blanked."""
    return strict_key(normalize_action(action))


_LEAVES = frozenset({int, str, bool, float, type(None)})


def strict_key(value: Any) -> Hashable:
    """A comparison key that tells ``3``, ``3.0`` and ``True`` apart (equal in Python, not
    in a rule engine), free text included."""
    kind = type(value)
    if kind in _LEAVES:
        return (kind.__name__, value)
    names = _NAMES[kind] if kind in _NAMES else _names_of(kind)
    if names is not None:
        return (kind.__qualname__,
                tuple([strict_key(getattr(value, name)) for name in names]))
    if isinstance(value, (frozenset, set)):
        return ("frozenset", tuple(sorted((strict_key(v) for v in value), key=repr)))
    if isinstance(value, (tuple, list)):
        return (type(value).__name__, tuple(strict_key(v) for v in value))
    return (type(value).__name__, value)


def nearby_actions(rng: random.Random, state: Any, legal: list[Any], count: int) -> Iterator[Any]:
    """Actions near ``count`` of the ``legal`` ones: each field nudged, seats forged, sets
    toggled, numbers turned into equal floats and bools. Most are illegal; those that are
    not must be among the legal ones."""
    for recipe in nearby_recipes(rng, state, legal, count):
        yield recipe.build()


def nearby_recipes(rng: random.Random, state: Any, legal: list[Any], count: int
                   ) -> list[Recipe]:
    """:func:`nearby_actions`, each as the :class:`Recipe` that builds it, with the same
    draws from ``rng``: a caller that keeps a sample of them builds only those."""
    if not legal:
        return []
    players = _players(state)
    recipes: list[Recipe] = []
    for action in rng.sample(legal, min(count, len(legal))):
        kind = type(action)
        quiet = _QUIET[kind] if kind in _QUIET else _builds_quietly(kind)
        for name in _names_of(kind) or ():
            value = getattr(action, name)
            for other in _nearby_values(rng, name, value, players):
                recipe = _Nudge(action, name, other)
                recipes.append(recipe if quiet else _Built(recipe.build()))
    return recipes


def _nearby_values(rng: random.Random, name: str, value: Any, players: int) -> list[Any]:
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        near = [value - 1, value + 1, -1, rng.randrange(0, 256), float(value)]
        if value in (0, 1):
            near.append(bool(value))
        if name == "seat":
            near.extend(seat for seat in range(TABLE, players + 1) if seat != value)
        return near
    if isinstance(value, frozenset) and all(isinstance(v, int) for v in value):
        out: list[Any] = [value | {rng.randrange(0, 256)}]
        if value:
            out.append(value - {min(value)})
            out.append(frozenset(float(v) for v in value))
        return out
    if isinstance(value, str):
        return [value + " (and more)"]
    return []


def constructed_actions(game: AnyGame, rng: random.Random, state: Any,
                        legal: list[Any]) -> Iterator[Any]:
    """A few actions of every kind, built from scratch for the seats that act, with
    numbers drawn from those the legal actions use: an action kind that the generator
    forgets is met here even when no legal action could be mutated into it."""
    for recipe in constructed_recipes(game, rng, state, legal):
        yield recipe.build()


def constructed_recipes(game: AnyGame, rng: random.Random, state: Any, legal: list[Any]
                        ) -> list[Recipe]:
    """:func:`constructed_actions`, each as the :class:`Recipe` that builds it, with the
    same draws from ``rng``."""
    numbers = sorted({v for a in legal for v in _ints_in(a)} | set(range(4)))
    seats = sorted(game.to_act(state))
    recipes: list[Recipe] = []
    for cls in game.action_types:
        plan, complete = _PLANS[cls] if cls in _PLANS else _plan_of(cls)
        quiet = _QUIET[cls] if cls in _QUIET else _builds_quietly(cls)
        texts: dict[str, Any] = {}
        for seat in seats:
            for _ in range(2):
                values: dict[str, Any] = {}
                for name, how, default in plan:
                    if how is _SEAT:
                        values[name] = seat
                    elif how is _TEXT:
                        # A text some legal action uses (a game may refuse blank text).
                        if name not in texts:
                            said = [getattr(a, name) for a in legal if type(a) is cls]
                            texts[name] = said[0] if said else default
                        values[name] = texts[name]
                    else:
                        values[name] = rng.choice(numbers)
                if complete:
                    recipe = _Construction(cls, values)
                    recipes.append(recipe if quiet else _Built(recipe.build()))
    return recipes


class Recipe(abc.ABC):
    """How to build one forged action: :meth:`build` makes it (again and again, equal
    each time)."""

    __slots__ = ()

    @abc.abstractmethod
    def build(self) -> Any:
        """The action."""


class _Nudge(Recipe):
    """``action`` with field ``name`` set to ``value``."""

    __slots__ = ("action", "name", "value")

    def __init__(self, action: Any, name: str, value: Any) -> None:
        self.action = action
        self.name = name
        self.value = value

    def build(self) -> Any:
        return attrs.evolve(self.action, **{self.name: self.value})


class _Construction(Recipe):
    """An action of class ``cls`` from the field ``values``."""

    __slots__ = ("cls", "values")

    def __init__(self, cls: type, values: dict[str, Any]) -> None:
        self.cls = cls
        self.values = values

    def build(self) -> Any:
        return self.cls(**self.values)


class _Built(Recipe):
    """An action built already: one of a class whose construction may raise, built where
    the recipes are drawn so that what it raises is raised there, as it always was."""

    __slots__ = ("action",)

    def __init__(self, action: Any) -> None:
        self.action = action

    def build(self) -> Any:
        return self.action


_QUIET: dict[type, bool] = {}


def _builds_quietly(cls: type) -> bool:
    """Whether building an action of class ``cls`` can run no code of the game's, so
    cannot raise (an attrs ``__init__`` without validators, converters, factories or
    init hooks): such an action may be built later than drawn, or not at all."""
    init = getattr(cls, "__init__", None)
    code = getattr(init, "__code__", None)
    quiet = (attrs.has(cls) and code is not None
             and code.co_filename.startswith("<attrs generated")
             and not hasattr(cls, "__attrs_pre_init__")
             and not hasattr(cls, "__attrs_post_init__")
             and all(field.init and field.validator is None and field.converter is None
                     and not isinstance(field.default, attrs.Factory)  # type: ignore[arg-type]
                     for field in attrs.fields(cls)))
    _QUIET[cls] = quiet
    return quiet


_SEAT, _TEXT, _NUMBER = "seat", "text", "number"
_Plan = tuple[tuple[tuple[str, str, Any], ...], bool]
_PLANS: dict[type, _Plan] = {}


def _plan_of(cls: type) -> _Plan:
    """How :func:`constructed_actions` fills the fields of an action class, in order (the
    seat, a text, a number drawn; a field with a default is left to it), and whether it
    fills them all: a field without a default that is none of these stops the plan
    there, and no action of the kind is built (the numbers before it are drawn all the
    same, so that the draws after it are those they always were)."""
    plan: list[tuple[str, str, Any]] = []
    complete = True
    for field in attrs.fields(cls):
        if field.name == "seat":
            plan.append((field.name, _SEAT, None))
        elif field.metadata.get(FREE_TEXT):
            plan.append((field.name, _TEXT,
                         "" if field.default is attrs.NOTHING else field.default))
        elif field.type in (int, "int"):
            plan.append((field.name, _NUMBER, None))
        elif field.default is attrs.NOTHING:
            complete = False
            break
    _PLANS[cls] = (tuple(plan), complete)
    return _PLANS[cls]


def _ints_in(action: Any) -> Iterator[int]:
    for name in _names_of(type(action)) or ():
        value = getattr(action, name)
        if type(value) is int and name != "seat":
            yield value
