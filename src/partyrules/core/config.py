"""The base class of every game's ``Config``: a keyword that names no field of the
config is an :class:`~partyrules.core.errors.InvalidConfig` that names it and the fields
there are, not a bare ``TypeError``.

A game's ``Config`` is a frozen attrs class that derives from :class:`ConfigRecord`; its
own ``__attrs_post_init__`` checks the values. Construction, ``attrs.evolve``, the
converter's loading and pickling work as for any attrs class.

>>> import attrs
>>> @attrs.frozen(slots=True)
... class Config(ConfigRecord):
...     players: int
...     first_player: int = 0
>>> Config(players=3, first_player=1)
Config(players=3, first_player=1)
>>> Config(players=3, first_playr=1)
Traceback (most recent call last):
...
partyrules.core.errors.InvalidConfig: no config field 'first_playr' (did you mean
'first_player'?); the fields are players, first_player
>>> attrs.evolve(Config(players=3), colour="red")
Traceback (most recent call last):
...
partyrules.core.errors.InvalidConfig: no config field 'colour'; the fields are players, first_player
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from functools import lru_cache
from typing import Any, Self, TypeVar

import attrs

from partyrules.core.errors import InvalidConfig

__all__ = ["ConfigRecord", "check_fields", "shared"]

C = TypeVar("C")


class ConfigRecord:
    """The base of a game's ``Config`` (an attrs class): ``__new__`` checks the keyword
    names against the config's fields, before attrs' ``__init__`` would refuse them with
    a ``TypeError``, and refuses more positional values than there are fields."""

    __slots__ = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> Self:
        if kwargs or args:  # unpickling and copying call __new__(cls) alone
            names = _init_names(cls)
            if len(args) > len(names):
                raise InvalidConfig(f"a config takes at most {len(names)} values "
                                    f"({', '.join(names)}), not {len(args)}")
            if not kwargs.keys() <= _name_set(cls):
                check_fields(cls, kwargs)
        return super().__new__(cls)


def check_fields(cls: type, names: Iterable[str]) -> None:
    """Raise :class:`~partyrules.core.errors.InvalidConfig` for the first of ``names``
    that is no field of the attrs config class ``cls`` (the nearest field named as a
    suggestion, then every field); ``field`` is the unknown name.

    >>> import attrs
    >>> @attrs.frozen
    ... class Config:
    ...     players: int
    ...     side: str = "top"
    >>> check_fields(Config, ["players", "sides"])
    Traceback (most recent call last):
    ...
    partyrules.core.errors.InvalidConfig: no config field 'sides' (did you mean 'side'?);
    the fields are players, side
    """
    known = _init_names(cls)
    for name in names:
        if name not in known:
            close = difflib.get_close_matches(name, known, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise InvalidConfig(f"no config field {name!r}{hint}; the fields are "
                                f"{', '.join(known)}", name)


def _init_names(cls: type) -> tuple[str, ...]:
    """The keyword names of ``cls``'s ``__init__``: its fields, in order."""
    names = _INIT_NAMES.get(cls)
    if names is None:
        names = _INIT_NAMES[cls] = tuple(field.alias for field in attrs.fields(cls)
                                         if field.init)
        _NAME_SETS[cls] = frozenset(names)
    return names


def _name_set(cls: type) -> frozenset[str]:
    _init_names(cls)
    return _NAME_SETS[cls]


_INIT_NAMES: dict[type, tuple[str, ...]] = {}
"""A cache of each config class's ``__init__`` names (classes only: no state)."""
_NAME_SETS: dict[type, frozenset[str]] = {}


def shared(config: C) -> C:
    """The one object every config equal to ``config`` is given: the first such config
    seen (of the last 256 distinct ones), else ``config`` itself. A game's ``setup``
    keeps it in the state, so that the rules' caches keyed by the config (decks, prebuilt
    actions) find it by identity, where a config equal but made apart (a new
    ``Config(players=4)`` for every game) is compared field by field at every lookup.
    Equal configs are interchangeable: the state's equality, hash and serialized form
    are the same with either.

    >>> import attrs
    >>> @attrs.frozen
    ... class Config:
    ...     players: int
    >>> first = shared(Config(4))
    >>> shared(Config(4)) is first, shared(Config(5)) is first
    (True, False)
    """
    try:
        kept: C = _shared(config)
    except TypeError:  # an unhashable config (a list in a field) is kept as it is
        return config
    return kept


@lru_cache(maxsize=256)
def _shared(config: Any) -> Any:
    return config
