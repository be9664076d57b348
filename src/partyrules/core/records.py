"""Fast updates of immutable records, many records built at once, and tuples with one
item replaced or removed.

A rule function builds a new state from the old one on every action, so the update is
on the hot path of every search and playout. :func:`fast_evolve` builds, once per
record class, an ``evolve(record, changes)`` that does what ``attrs.evolve(record,
**changes)`` does for a plain frozen slots class, about twice as fast (it sets the
slots of a new instance directly instead of calling ``__init__``); :func:`fast_records`
builds a long listing's records (a vote's ballots) the same way, with no Python call per
record; the tuple helpers name the three edits the rules make to hands, piles and
per-seat tuples.

>>> @attrs.frozen(slots=True)
... class Point:
...     x: int
...     y: int = 0
>>> evolve = fast_evolve(Point)
>>> evolve(Point(1, 2), {"y": 5})
Point(x=1, y=5)
>>> replaced((0, 0, 0), 1, 7), without_first((3, 1, 3), 3), without_every((3, 1, 3), 3)
((0, 7, 0), (1, 3), (1,))
"""

from __future__ import annotations

import types
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from itertools import repeat
from typing import Any, TypeVar

import attrs

__all__ = ["fast_evolve", "fast_new", "fast_records", "fast_replace", "replaced", "without_every",
           "without_first"]

R = TypeVar("R")
T = TypeVar("T")

_CACHED_HASH = "_attrs_cached_hash"
"""The slot where attrs keeps a ``cache_hash=True`` class's hash."""


def fast_evolve(cls: type[R]) -> Callable[[R, Mapping[str, Any]], R]:
    """A fast ``evolve(record, changes)`` for the attrs frozen slots class ``cls``:
    a new ``cls`` equal to ``record`` but for ``changes`` (field name to value), as
    ``attrs.evolve(record, **changes)`` gives. A name that is no field of ``cls``
    raises ``TypeError``, as in ``attrs.evolve``.

    The new instance's slots are set directly and ``__init__`` is not called, so the
    class may have no validators, converters, ``__attrs_pre_init__``,
    ``__attrs_post_init__`` or cached hash (none of which a game's ``State`` has): such
    a class, a class without slots, and a class that is not an attrs class raise
    ``TypeError`` here, once, rather than evolve differently. Build it once, at import
    time, beside the class.

    >>> @attrs.frozen(slots=True)
    ... class Hand:
    ...     seat: int
    ...     cards: tuple[int, ...] = ()
    >>> evolve = fast_evolve(Hand)
    >>> hand = Hand(0, (4, 2))
    >>> evolve(hand, {"cards": ()}), hand
    (Hand(seat=0, cards=()), Hand(seat=0, cards=(4, 2)))
    >>> evolve(hand, {"card": ()})
    Traceback (most recent call last):
    ...
    TypeError: Hand has no field 'card'
    >>> @attrs.frozen(slots=True)
    ... class Checked:
    ...     seat: int = attrs.field(validator=attrs.validators.ge(0))
    >>> fast_evolve(Checked)
    Traceback (most recent call last):
    ...
    TypeError: fast_evolve(Checked): the field 'seat' has a validator or a converter, ...
    """
    setters = {name: _slot_setter(cls, name) for name in _plain_fields(cls)}
    names = tuple(setters)
    namespace: dict[str, Any] = {
        "new": object.__new__, "cls": cls, "setters": setters, "unknown": _unknown(cls),
        **{f"set_{number}": setters[name] for number, name in enumerate(names)},
    }
    # The old record's slots copied into a new one (an attribute read and a slot store
    # each), then the changes stored over them: a name that is no field is a KeyError.
    copy = "\n".join(f"    set_{number}(record, old.{name})"
                     for number, name in enumerate(names))
    source = f'''
def evolve(old, changes):
    record = new(cls)
{copy}
    try:
        for name, value in changes.items():
            setters[name](record, value)
    except KeyError:
        unknown(changes)
    return record
'''
    exec(compile(source, f"<fast_evolve of {cls.__qualname__}>", "exec"), namespace)
    evolve: types.FunctionType = namespace["evolve"]
    evolve.__qualname__ = evolve.__name__ = f"evolve_{cls.__name__}"
    evolve.__doc__ = f"A {cls.__name__} equal to ``old`` but for ``changes``."
    built: Callable[[R, Mapping[str, Any]], R] = evolve
    return built


def fast_new(cls: type[R]) -> Callable[..., R]:
    """A fast ``cls(*values)`` for the attrs frozen slots class ``cls``: the values by
    position, one per field in the class's order, stored in the new record's slots
    without ``__init__`` (so only for a class :func:`fast_evolve` accepts; ``TypeError``
    here otherwise). For a record a rule builds at every move from values it knows valid.

    >>> @attrs.frozen(slots=True)
    ... class Hand:
    ...     seat: int
    ...     cards: tuple[int, ...] = ()
    >>> fast_new(Hand)(0, (4, 2))
    Hand(seat=0, cards=(4, 2))
    """
    names = _plain_fields(cls, "fast_new")
    stores = "\n".join(f"    set_{number}(record, {name})"
                       for number, name in enumerate(names))
    build: Callable[..., R] = _compiled(cls, names, "fast_new",
                                        f"def build({', '.join(names)}):\n"
                                        f"    record = new(cls)\n{stores}\n"
                                        "    return record\n")
    return build


def fast_replace(cls: type[R], field: str) -> Callable[[R, Any], R]:
    """A fast ``replace(record, value)`` for the attrs frozen slots class ``cls``: what
    ``fast_evolve(cls)(record, {field: value})`` gives, without the mapping (for a field
    a rule changes alone at every move, a game's phase say). ``TypeError`` for a class
    :func:`fast_evolve` refuses, or a name that is no field of ``cls``.

    >>> @attrs.frozen(slots=True)
    ... class Hand:
    ...     seat: int
    ...     cards: tuple[int, ...] = ()
    >>> fast_replace(Hand, "cards")(Hand(0, (4, 2)), ())
    Hand(seat=0, cards=())
    """
    names = _plain_fields(cls, "fast_replace")
    if field not in names:
        raise TypeError(f"{cls.__name__} has no field {field!r}")
    stores = "\n".join(f"    set_{number}(record, value)" if name == field
                       else f"    set_{number}(record, old.{name})"
                       for number, name in enumerate(names))
    build: Callable[[R, Any], R] = _compiled(cls, names, "fast_replace",
                                             "def build(old, value):\n"
                                             f"    record = new(cls)\n{stores}\n"
                                             "    return record\n")
    return build


def _compiled(cls: type, names: tuple[str, ...], maker: str, source: str) -> Any:
    """The function ``build`` of ``source``, compiled with ``new`` (``object.__new__``),
    ``cls`` and ``set_<i>`` (the slot setter of field ``names[i]``) in its globals."""
    namespace: dict[str, Any] = {
        "new": object.__new__, "cls": cls,
        **{f"set_{number}": _slot_setter(cls, name, maker)
           for number, name in enumerate(names)}}
    exec(compile(source, f"<{maker} of {cls.__qualname__}>", "exec"), namespace)
    build: types.FunctionType = namespace["build"]
    build.__qualname__ = build.__name__ = f"{maker}_{cls.__name__}"
    return build


def fast_records(cls: type[R]) -> Callable[..., list[R]]:
    """A fast ``build(count, *columns)`` for the attrs frozen slots class ``cls``: a list
    of ``count`` new records, record ``i`` holding item ``i`` of each column, one column
    per field in the class's order: what ``[cls(*row) for row in zip(*columns)]`` gives.
    Each column must hold at least ``count`` items (an iterator is fine: ``repeat(seat)``).

    The records are made and their slots filled by ``map`` over the columns, one pass per
    field, with no Python call per record; the class must be one :func:`fast_evolve`
    accepts (``TypeError`` here otherwise), for the same reasons.

    >>> @attrs.frozen(slots=True)
    ... class Vote:
    ...     seat: int
    ...     rejected: frozenset[int] = frozenset()
    >>> build = fast_records(Vote)
    >>> build(2, repeat(3), (frozenset(), frozenset({7})))
    [Vote(seat=3, rejected=frozenset()), Vote(seat=3, rejected=frozenset({7}))]
    >>> build(1, repeat(3))
    Traceback (most recent call last):
    ...
    TypeError: Vote has 2 fields: a column for each, not 1
    """
    setters = tuple(_slot_setter(cls, name, "fast_records")
                    for name in _plain_fields(cls, "fast_records"))
    new = object.__new__

    def build(count: int, *columns: Iterable[Any]) -> list[R]:
        if len(columns) != len(setters):
            raise TypeError(f"{cls.__name__} has {len(setters)} fields: a column for "
                            f"each, not {len(columns)}")
        records: list[R] = list(map(new, repeat(cls, count)))
        for setter, column in zip(setters, columns, strict=True):
            deque(map(setter, records, column), maxlen=0)  # runs the map, keeps nothing
        return records

    build.__qualname__ = build.__name__ = f"build_{cls.__name__}"
    build.__doc__ = f"``count`` new {cls.__name__} records, one column per field."
    return build


def _plain_fields(cls: type, maker: str = "fast_evolve") -> tuple[str, ...]:
    """The field names of an attrs slots class whose ``__init__`` only sets them
    (``maker`` names the function that asks, in the errors)."""
    if not (isinstance(cls, type) and attrs.has(cls)):
        raise TypeError(f"{maker}({cls!r}): not an attrs class")
    name = cls.__name__
    if "__slots__" not in cls.__dict__:
        raise TypeError(f"{maker}({name}): not a slots class")
    if getattr(cls, "__attrs_pre_init__", None) or getattr(cls, "__attrs_post_init__", None):
        raise TypeError(f"{maker}({name}): __init__ runs a hook, which {maker} would skip")
    if any(slot == _CACHED_HASH for klass in cls.__mro__
           for slot in getattr(klass, "__slots__", ())):
        raise TypeError(f"{maker}({name}): a cached hash, which {maker} would not set")
    fields = attrs.fields(cls)
    for field in fields:
        if field.validator is not None or field.converter is not None:
            raise TypeError(f"{maker}({name}): the field {field.name!r} has a validator "
                            f"or a converter, which {maker} would skip")
        if not field.init or field.alias != field.name:
            raise TypeError(f"{maker}({name}): the field {field.name!r} is not an "
                            "argument of __init__ by its own name")
    return tuple(field.name for field in fields)


def _slot_setter(cls: type, name: str,
                 maker: str = "fast_evolve") -> Callable[[Any, Any], None]:
    """The slot's own ``__set__``: it stores past a frozen class's ``__setattr__``."""
    for klass in cls.__mro__:
        slot = klass.__dict__.get(name)
        if slot is not None:
            if not isinstance(slot, types.MemberDescriptorType):
                raise TypeError(f"{maker}({cls.__name__}): {name!r} is not a slot")
            setter: Callable[[Any, Any], None] = slot.__set__
            return setter
    raise TypeError(f"{maker}({cls.__name__}): no slot {name!r}")


def _unknown(cls: type) -> Callable[[Mapping[str, Any]], None]:
    known = frozenset(field.name for field in attrs.fields(cls))

    def unknown(changes: Mapping[str, Any]) -> None:
        stray = sorted(set(changes) - known)
        raise TypeError(f"{cls.__name__} has no field {stray[0]!r}")

    return unknown


def replaced(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with the item at ``index`` (which must be one: ``IndexError`` if not;
    negative counts from the end) replaced by ``value``.

    >>> replaced((1, 2, 3), 0, 9)
    (9, 2, 3)
    >>> replaced((1, 2, 3), -1, 9)
    (1, 2, 9)
    >>> replaced((1, 2, 3), 3, 9)
    Traceback (most recent call last):
    ...
    IndexError: list assignment index out of range
    """
    changed = list(items)
    changed[index] = value
    return tuple(changed)


def without_first(items: tuple[T, ...], value: T) -> tuple[T, ...]:
    """``items`` without the first item equal to ``value`` (a card played from a hand
    that may hold two equal ones); ``ValueError`` if there is none.

    >>> without_first((5, 3, 5), 5)
    (3, 5)
    >>> without_first((5, 3), 4)
    Traceback (most recent call last):
    ...
    ValueError: tuple.index(x): x not in tuple
    """
    index = items.index(value)
    return items[:index] + items[index + 1:]


def without_every(items: tuple[T, ...], value: T) -> tuple[T, ...]:
    """``items`` without any item equal to ``value`` (none there: ``items`` unchanged).

    >>> without_every((5, 3, 5), 5)
    (3,)
    >>> without_every((5, 3), 4)
    (5, 3)
    """
    return tuple([item for item in items if item != value])
