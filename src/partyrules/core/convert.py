"""The converter: how partyrules records become JSON values and back, strictly.

One cattrs converter does the work for every game. Structuring is strict: unknown
fields, wrong JSON types (``"3"`` for ``3``, ``1`` for ``true``) and duplicate set
members raise :class:`~partyrules.core.errors.CorruptState` naming the path of the bad
value. Members of a union of records (actions, phases) carry their class name under
:data:`TAG`. :func:`type_schema` gives the JSON Schema of what the converter writes for
a type. The documents around the data (the envelope, ``dumps``/``loads``, the limits of
loading, replays) are :mod:`partyrules.core.serialize`'s.

>>> from partyrules.core.rng import Rng
>>> unstructure(frozenset({3, 1, 2}), frozenset[int])
[1, 2, 3]
>>> structure("00000000000000ff", Rng) == Rng(255)
True
>>> structure({"players": "3"}, tuple[int, ...])
Traceback (most recent call last):
...
partyrules.core.errors.CorruptState: expected a JSON array, got {'players': '3'} @ data
>>> structure("sideways", Literal["top", "bottom"])
Traceback (most recent call last):
...
partyrules.core.errors.CorruptState: expected one of 'top', 'bottom', got 'sideways' @ data
"""

from __future__ import annotations

import json
import types
import typing
from collections.abc import Callable
from typing import Any, Literal, TypeGuard

import attrs
import cattrs
from cattrs.errors import ForbiddenExtraKeysError
from cattrs.v import transform_error

from partyrules.core.errors import CorruptState, InvalidConfig, PartyRulesError
from partyrules.core.game import AnyGame
from partyrules.core.rng import Rng

__all__ = [
    "TAG",
    "action_union",
    "converter",
    "record_members",
    "structure",
    "type_schema",
    "unstructure",
]

TAG = "type"
"""The key that names the class of a member of a union of records."""


converter = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
"""The one converter of partyrules (exposed for frontends that embed our records)."""


class _WrongType(TypeError):
    """A JSON value of the wrong JSON type; the message is shown as is."""


def _strict(kind: type, label: str) -> Callable[[Any, Any], Any]:
    def hook(value: Any, _: Any) -> Any:
        if type(value) is not kind:
            raise _WrongType(f"expected {label}, got {value!r}")
        return value

    return hook


converter.register_structure_hook(int, _strict(int, "an integer"))
converter.register_structure_hook(str, _strict(str, "a string"))
converter.register_structure_hook(bool, _strict(bool, "true or false"))


def _none_hook(value: Any, _: Any) -> None:
    if value is not None:
        raise _WrongType(f"expected null, got {value!r}")


converter.register_structure_hook(type(None), _none_hook)


def _structure_rng(value: Any, _: Any) -> Rng:
    # 64-bit integers lose precision in JavaScript's JSON.parse: the rng travels as text.
    if type(value) is not str or len(value) != 16 or value.strip("0123456789abcdef"):
        raise _WrongType(f"expected 16 lowercase hex digits, got {value!r}")
    return Rng(int(value, 16))


converter.register_structure_hook(Rng, _structure_rng)
converter.register_unstructure_hook(Rng, lambda rng: f"{rng.state:016x}")


def _is_tuple(t: Any) -> bool:
    return typing.get_origin(t) is tuple


def _is_frozenset(t: Any) -> bool:
    return typing.get_origin(t) is frozenset


def _require_list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise _WrongType(f"expected a JSON array, got {value!r}")
    return value


def _plain_check(t: Any) -> Callable[[Any], bool] | None:
    """A quick test that a JSON value already is a ``t`` (an int, a string, or one of
    a ``Literal``'s values), or None for a type that needs structuring."""
    if t is int or t is str:
        return lambda value: type(value) is t
    if typing.get_origin(t) is Literal:
        allowed = frozenset((type(v), v) for v in typing.get_args(t))
        return lambda value: (type(value), value) in allowed
    return None


def _is_literal(t: Any) -> bool:
    return typing.get_origin(t) is Literal


def _literal_factory(t: Any) -> Callable[[Any, Any], Any]:
    values = typing.get_args(t)
    allowed = frozenset((type(v), v) for v in values)  # type too: True is not 1
    shown = ", ".join(map(repr, values))

    def hook(value: Any, _: Any) -> Any:
        try:
            if (type(value), value) in allowed:
                return value
        except TypeError:  # an unhashable value: a list, an object
            pass
        raise _WrongType(f"expected one of {shown}, got {value!r}")

    return hook


def _tuple_factory(t: Any) -> Callable[[Any, Any], Any]:
    args = typing.get_args(t)
    homogeneous = len(args) == 2 and args[1] is Ellipsis
    scalar = frozenset({args[0]}) if homogeneous and args[0] in (int, str) else None
    checks = [] if homogeneous else [_plain_check(arg) for arg in args]
    scalars = [c for c in checks if c is not None] if checks and None not in checks else None

    def hook(value: Any, _: Any) -> Any:
        items = _require_list(value)
        # Hands, piles, decks and pairs of plain values: checked here at a glance (they
        # are most of a state). Anything else takes cattrs' item-by-item path, which
        # names the bad item.
        if scalar is not None and set(map(type, items)) <= scalar:
            return tuple(items)
        if scalars is not None and len(items) == len(scalars) and all(
                check(item) for item, check in zip(items, scalars, strict=True)):
            return tuple(items)
        if homogeneous:
            element = args[0]
            structure_element = converter.get_structure_hook(element)
            try:
                return tuple([structure_element(item, element) for item in items])
            except Exception:  # cattrs' own path below names the bad item
                pass
        if not homogeneous and len(items) != len(args):
            raise _WrongType(f"expected an array of {len(args)} items, got {len(items)}")
        return converter._structure_tuple(items, t)

    return hook


def _frozenset_factory(t: Any) -> Callable[[Any, Any], Any]:
    (element,) = typing.get_args(t)
    as_tuple = tuple[element, ...]  # type: ignore[valid-type]

    def hook(value: Any, _: Any) -> Any:
        items = converter.structure(_require_list(value), as_tuple)
        members = frozenset(items)
        if len(members) != len(items):
            raise _WrongType("a set lists the same member twice")
        return members

    return hook


def _sort_key(item: Any) -> str:
    return json.dumps(item, sort_keys=True)


def _unstructure_frozenset(value: frozenset[Any]) -> list[Any]:
    items = [converter.unstructure(member) for member in value]
    if all(type(item) is int for item in items):
        return sorted(items)
    return sorted(items, key=_sort_key)


converter.register_structure_hook_factory(_is_literal, _literal_factory)
converter.register_structure_hook_factory(_is_tuple, _tuple_factory)
converter.register_structure_hook_factory(_is_frozenset, _frozenset_factory)
converter.register_unstructure_hook_factory(_is_frozenset, lambda _: _unstructure_frozenset)


def record_members(t: Any) -> tuple[type, ...]:
    """The record classes of a union type, or () when ``t`` is not such a union."""
    if typing.get_origin(t) not in (typing.Union, types.UnionType):
        return ()
    return tuple(arg for arg in typing.get_args(t) if attrs.has(arg))


def _is_record_union(t: Any) -> bool:
    return len(record_members(t)) >= 2


def _union_structure_factory(t: Any) -> Callable[[Any, Any], Any]:
    by_name = {cls.__name__: cls for cls in record_members(t)}
    nullable = type(None) in typing.get_args(t)
    names = ", ".join(by_name)

    def hook(value: Any, _: Any) -> Any:
        if value is None and nullable:
            return None
        if not isinstance(value, dict):
            raise _WrongType(f"expected an object tagged with {TAG!r}, got {value!r}")
        tag = value.get(TAG)
        cls = by_name.get(tag) if isinstance(tag, str) else None
        if cls is None:
            raise _WrongType(f"{TAG!r} must be one of {names}, got {tag!r}")
        return converter.structure({k: v for k, v in value.items() if k != TAG}, cls)

    return hook


def _union_unstructure_factory(t: Any) -> Callable[[Any], Any]:
    def hook(value: Any) -> Any:
        if value is None:
            return None
        return {TAG: type(value).__name__, **converter.unstructure(value, type(value))}

    return hook


converter.register_structure_hook_factory(_is_record_union, _union_structure_factory)
converter.register_unstructure_hook_factory(_is_record_union, _union_unstructure_factory)


_FIELD_MARK = "\x00"  # joins a config error's field name to its message, for the path


def _describe(exc: BaseException, expected: Any) -> str:
    if isinstance(exc, KeyError):
        return "required field missing"
    if isinstance(exc, ForbiddenExtraKeysError):
        return f"unknown fields: {', '.join(sorted(exc.extra_fields))}"
    if isinstance(exc, InvalidConfig) and exc.field is not None:
        return f"{exc}{_FIELD_MARK}{exc.field}"
    record = _record_of(expected)
    if (isinstance(exc, (TypeError, AttributeError)) and not isinstance(exc, _WrongType)
            and record is not None):
        # cattrs read a record's fields from a value that is no object ('int' object is
        # not subscriptable): say what was expected instead
        return f"expected a JSON object (a {record.__name__})"
    if isinstance(exc, (PartyRulesError, ValueError, TypeError)):
        return str(exc)
    return f"invalid value ({exc!r})"


def _record_of(t: Any) -> type | None:
    """The record class ``t`` is, or the one record of an optional record type."""
    if _is_record(t):
        return t
    members = [arg for arg in typing.get_args(t) if arg is not type(None)]
    if typing.get_origin(t) in (typing.Union, types.UnionType) and len(members) == 1:
        return _record_of(members[0])
    return None


def structure(data: Any, cls: Any, path: str = "data") -> Any:
    """Build a ``cls`` from JSON-like ``data``, strictly; errors name the path."""
    try:
        return converter.structure(data, cls)
    except (cattrs.BaseValidationError, PartyRulesError, ValueError, TypeError,
            KeyError, AttributeError) as exc:
        if isinstance(exc, cattrs.BaseValidationError):
            messages = transform_error(exc, path=path, format_exception=_describe)
            first, _, where = messages[0].rpartition(" @ ")
            first, _, field = first.partition(_FIELD_MARK)
            raise CorruptState(first, f"{where}.{field}" if field else where) from None
        raise CorruptState(_describe(exc, cls), path) from None


def unstructure(obj: Any, cls: Any = None) -> Any:
    """JSON-ready data for ``obj`` (as type ``cls`` when given)."""
    return converter.unstructure(obj, cls if cls is not None else type(obj))



def action_union(game: AnyGame) -> Any:
    """The union type of a game's actions (tagged by class name when serialized)."""
    return typing.Union[game.action_types]  # noqa: UP007 - built from a runtime tuple



# -- JSON Schema of a type ---------------------------------------------------------------


def _is_record(t: Any) -> TypeGuard[type]:
    return isinstance(t, type) and attrs.has(t)


def type_schema(t: Any, defs: dict[str, Any]) -> dict[str, Any]:
    """The JSON Schema of what the converter writes for type ``t``; the records it meets
    are defined in ``defs`` (a JSON Schema's ``$defs``) and referred to by name.

    >>> type_schema(tuple[int, ...], {})
    {'type': 'array', 'items': {'type': 'integer'}}
    """
    if t is int:
        return {"type": "integer"}
    if t is str:
        return {"type": "string"}
    if t is bool:
        return {"type": "boolean"}
    if t is type(None):
        return {"type": "null"}
    if t is Any:
        return {}
    if t is Rng:
        return {"type": "string", "pattern": "^[0-9a-f]{16}$",
                "description": "the SplitMix64 state, 16 hex digits (see docs/rng.md)"}
    origin, args = typing.get_origin(t), typing.get_args(t)
    if origin is Literal:
        return {"enum": list(args)}
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": type_schema(args[0], defs)}
        return {"type": "array", "prefixItems": [type_schema(a, defs) for a in args],
                "minItems": len(args), "maxItems": len(args)}
    if origin is frozenset:
        return {"type": "array", "items": type_schema(args[0], defs), "uniqueItems": True}
    if origin in (typing.Union, types.UnionType):
        records = record_members(t)
        options = []
        for arg in args:
            option = type_schema(arg, defs)
            if len(records) >= 2 and arg in records:
                # The tag is the one key a union member has beyond its fields.
                option = {"allOf": [{"$ref": f"#/$defs/{arg.__name__}"},
                                    {"type": "object", "required": [TAG],
                                     "properties": {TAG: {"const": arg.__name__}}}],
                          "unevaluatedProperties": False}
            options.append(option)
        return {"anyOf": options}
    if _is_record(t):
        _define(t, defs)
        # Closed here rather than in the definition, which a union member extends by
        # its tag: the loader refuses any other key.
        return {"$ref": f"#/$defs/{t.__name__}", "unevaluatedProperties": False}
    raise TypeError(f"no JSON Schema for {t!r}")


def _define(cls: type, defs: dict[str, Any]) -> None:
    if cls.__name__ in defs:
        return
    defs[cls.__name__] = {}  # reserve the name: records may refer to themselves
    hints = typing.get_type_hints(cls)
    properties = {}
    required = []
    for field in attrs.fields(cls):
        properties[field.name] = type_schema(hints[field.name], defs)
        if field.default is attrs.NOTHING:
            required.append(field.name)
    defs[cls.__name__] = {
        "type": "object",
        "description": (cls.__doc__ or "").strip().split("\n\n")[0],
        "properties": properties,
        "required": required,
    }

