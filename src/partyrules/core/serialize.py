"""JSON serialization of states, actions, views, configs, outcomes and replays.

One cattrs converter does all the work. Every document is wrapped in an envelope that
names the format version, the game and the type, so a file explains itself::

    {"format": "partyrules", "version": 1, "game": "dinner", "type": "State", "data": {...}}

Loading is strict: unknown fields, wrong JSON types (``"3"`` for ``3``, ``1`` for
``true``), duplicate set members and states that break the game's invariants raise
:class:`~partyrules.core.errors.CorruptState` naming the path of the bad value.
Members of a union of records (actions, phases) carry their class name under ``"type"``.

>>> import partyrules
>>> game = partyrules.get_game("dinner")
>>> config = game.Config(players=3)
>>> partyrules.loads(partyrules.dumps(config)) == config
True
>>> partyrules.loads('{"format": "partyrules", "version": 1, "game": "dinner",'
...                  ' "type": "Config", "data": {"players": "3"}}')
Traceback (most recent call last):
...
partyrules.core.errors.CorruptState: expected an integer, got '3' @ data.players
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from partyrules.core.convert import TAG, converter, structure, type_schema, unstructure
from partyrules.core.convert import action_union as action_union
from partyrules.core.errors import CorruptState, PartyRulesError
from partyrules.core.game import GAMES, AnyGame, Outcome, get_game
from partyrules.core.match import MatchPosition
from partyrules.core.replay import Replay

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "TAG",
    "LoadLimits",
    "converter",
    "dumps",
    "envelope",
    "json_schema",
    "loads",
    "parse_json",
    "structure",
    "unstructure",
]

FORMAT = "partyrules"
FORMAT_VERSION = 1


# -- envelopes --------------------------------------------------------------------------


def _game_types(game: AnyGame) -> dict[str, type]:
    named: dict[str, type] = {"Config": game.Config, "State": game.State, "View": game.View}
    named.update({cls.__name__: cls for cls in game.action_types})
    return named


def _locate(obj: Any) -> tuple[str | None, str]:
    if isinstance(obj, Replay):
        return obj.game, "Replay"
    if isinstance(obj, MatchPosition):
        return obj.game, "MatchPosition"
    if isinstance(obj, Outcome):
        return None, "Outcome"
    for game in GAMES.values():
        for label, cls in _game_types(game).items():
            if type(obj) is cls:
                return game.name, label
    raise TypeError(f"partyrules cannot serialize a {type(obj).__qualname__}")


def envelope(obj: Any) -> dict[str, Any]:
    """The versioned envelope of a state, action, view, config, outcome or replay, as
    plain JSON values (what :func:`dumps` writes; for a document inside a larger one).

    >>> import partyrules
    >>> game = partyrules.get_game("dinner")
    >>> config = game.Config(players=3)
    >>> sorted(envelope(config))
    ['data', 'format', 'game', 'type', 'version']
    """
    game, label = _locate(obj)
    data = (_unstructure_replay(obj) if label == "Replay" else
            _unstructure_position(obj) if label == "MatchPosition" else unstructure(obj))
    return {"format": FORMAT, "version": FORMAT_VERSION, "game": game, "type": label,
            "data": data}


def dumps(obj: Any, *, indent: int | None = None) -> str:
    """The JSON text of a state, action, view, config, outcome or replay.

    The output is deterministic (sets are sorted), so equal objects give equal text.
    """
    return json.dumps(envelope(obj), indent=indent, ensure_ascii=False)


@attrs.frozen
class LoadLimits:
    """What :func:`loads` accepts of a document before it reads it as partyrules data.

    A document from a stranger (a web client, a bot, a shared replay) is refused with
    :class:`~partyrules.core.errors.CorruptState` when it breaks a limit, instead of
    exhausting memory, the stack or the integer parser. The defaults are far above any
    real document: the largest recorded game, a 10,000-action Dylan Dog replay, is about
    1 MiB and nests 8 deep.

    >>> import partyrules
    >>> partyrules.loads('[' * 100_000 + ']' * 100_000)
    Traceback (most recent call last):
    ...
    partyrules.core.errors.CorruptState: nesting deeper than 64 levels @ $
    >>> partyrules.loads(b'{"a": 1}', limits=LoadLimits(max_bytes=4))
    Traceback (most recent call last):
    ...
    partyrules.core.errors.CorruptState: document of 8 bytes is over the limit of 4 @ $
    """

    max_bytes: int = 64 * 1024 * 1024
    """The largest document, in bytes of UTF-8 (characters for a ``str``)."""
    max_depth: int = 64
    """The deepest nesting of arrays and objects."""
    max_int_digits: int = 40
    """The most digits of one integer (a 64-bit seed has 20)."""
    max_score: int = 10**9
    """The largest score, either sign, a loaded :class:`~partyrules.core.game.Outcome`
    may give a seat (every game's scores stay far below: Dinner's default deck pays at
    most 2,805 in all)."""


DEFAULT_LIMITS = LoadLimits()


class _Duplicated(dict[str, Any]):
    """A JSON object in which some key appeared twice; the walk reports it with its path."""

    __slots__ = ("key",)

    def __init__(self, pairs: list[tuple[str, Any]], key: str) -> None:
        super().__init__(pairs)
        self.key = key


def _object_without_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) == len(pairs):
        return obj
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            return _Duplicated(pairs, key)
        seen.add(key)
    raise AssertionError("unreachable: a shorter dict has a repeated key")


@attrs.frozen
class _Refused:
    """A JSON value the parser met but partyrules refuses; the walk names its path."""

    reason: str


def _parse(text: str, limits: LoadLimits) -> Any:
    def parse_constant(name: str) -> _Refused:
        return _Refused(f"{name} is not a JSON number")

    try:
        return json.loads(text, object_pairs_hook=_object_without_duplicates,
                          parse_constant=parse_constant)
    except json.JSONDecodeError as exc:
        raise CorruptState(f"not valid JSON ({exc})", "$") from None
    except ValueError as exc:  # an integer past the interpreter's int-string limit
        raise CorruptState(f"an integer is over the limit of {limits.max_int_digits} digits"
                           f" ({exc})", "$") from None
    except RecursionError:
        raise CorruptState(f"nesting deeper than {limits.max_depth} levels", "$") from None


def _suspect(value: dict[str, Any] | list[Any], depth_left: int, bound: int) -> bool:
    """Whether a parsed document may break a limit: the fast pass, which names no path
    (type checks inline rather than a call per leaf: this runs on every load)."""
    if depth_left <= 0:
        return True
    if type(value) is dict:
        if not all(key.isascii() for key in value):
            return True
        items: Any = value.values()
    elif type(value) is list:
        items = value
    else:
        return True  # a _Duplicated object
    for item in items:
        kind = type(item)
        if kind is str:
            if not item.isascii():
                return True
        elif kind is int:
            if not -bound < item < bound:
                return True
        elif kind is dict or kind is list:
            if _suspect(item, depth_left - 1, bound):
                return True
        elif kind is not bool and kind is not float and item is not None:
            return True  # a _Refused value or a _Duplicated object
    return False


def _key_path(path: str, key: str) -> str:
    return f"{path}.{key}" if key.isidentifier() else f"{path}[{json.dumps(key)}]"


def _check_tree(document: Any, limits: LoadLimits) -> None:
    """Refuse what the parser lets through: nesting past the limit, a key given twice,
    an integer too long, ``NaN``, text that is not Unicode (a lone surrogate from a
    ``\\ud800`` escape)."""
    pending: list[tuple[Any, str, int]] = [(document, "$", 0)]
    while pending:
        value, path, depth = pending.pop()
        if isinstance(value, str):
            if not value.isascii():
                _check_text(value, path)
            continue
        if isinstance(value, _Refused):
            raise CorruptState(value.reason, path)
        if type(value) is int and len(str(abs(value))) > limits.max_int_digits:
            raise CorruptState(f"an integer of {len(str(abs(value)))} digits is over the "
                               f"limit of {limits.max_int_digits}", path)
        if not isinstance(value, dict | list):
            continue
        if depth >= limits.max_depth:
            raise CorruptState(f"nesting deeper than {limits.max_depth} levels", path)
        if isinstance(value, _Duplicated):
            raise CorruptState(f"the key {value.key!r} appears twice", path)
        if isinstance(value, dict):
            for key, item in value.items():
                if not key.isascii():
                    _check_text(key, path)
                pending.append((item, _key_path(path, key), depth + 1))
        else:
            pending.extend((item, f"{path}[{index}]", depth + 1)
                           for index, item in enumerate(value))


def _check_text(text: str, path: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise CorruptState("text holds a lone surrogate, which is not Unicode", path) from None


def loads(text: str | bytes, *, limits: LoadLimits = DEFAULT_LIMITS) -> Any:
    """The object that :func:`dumps` wrote; raises ``CorruptState`` naming what is wrong.

    Whatever ``text`` holds, the only exceptions are :class:`PartyRulesError` subclasses:
    bytes must be UTF-8, a key may not appear twice in an object, and the document must
    keep within ``limits`` (see :class:`LoadLimits`). A loaded state is also checked
    against the game's invariants (``game.validate``).

    >>> import partyrules
    >>> partyrules.loads('{"format": "partyrules", "format": "partyrules"}')
    Traceback (most recent call last):
    ...
    partyrules.core.errors.CorruptState: the key 'format' appears twice @ $
    """
    return load_envelope(parse_json(text, limits=limits), limits=limits)


def parse_json(text: str | bytes, *, limits: LoadLimits = DEFAULT_LIMITS) -> Any:
    """JSON text read as :func:`loads` reads it, before it is taken for partyrules data:
    within ``limits``, UTF-8, no key twice, no ``NaN``; anything else is ``CorruptState``.

    >>> parse_json('{"players": 4}')
    {'players': 4}
    >>> parse_json('[1, 2')
    Traceback (most recent call last):
    ...
    partyrules.core.errors.CorruptState: not valid JSON (Expecting ',' delimiter: ...) @ $
    """
    if not isinstance(text, str | bytes | bytearray):
        raise CorruptState(f"expected JSON text (str or bytes), got {type(text).__name__}", "$")
    if len(text) > limits.max_bytes:
        raise CorruptState(f"document of {len(text)} bytes is over the limit of "
                           f"{limits.max_bytes}", "$")
    if not isinstance(text, str):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise CorruptState(f"not UTF-8 text (byte {exc.start})", "$") from None
    document = _parse(text, limits)
    if type(document) is not dict or _suspect(document, limits.max_depth,
                                              10**limits.max_int_digits):
        _check_tree(document, limits)
    return document


def load_envelope(envelope: Any, *, limits: LoadLimits = DEFAULT_LIMITS) -> Any:
    """Like :func:`loads`, from already-parsed JSON (``limits`` bound the scores of an
    outcome; the parser applied the rest)."""
    if not isinstance(envelope, dict):
        raise CorruptState("expected a JSON object envelope", "$")
    expected = {"format", "version", "game", "type", "data"}
    if set(envelope) != expected:
        missing = sorted(expected - set(envelope))
        extra = sorted(set(envelope) - expected)
        raise CorruptState(f"envelope keys wrong (missing {missing}, unknown {extra})", "$")
    if envelope["format"] != FORMAT:
        raise CorruptState(f"format must be {FORMAT!r}", "format")
    if envelope["version"] != FORMAT_VERSION or type(envelope["version"]) is not int:
        raise CorruptState(f"unsupported version {envelope['version']!r}; this library "
                           f"reads version {FORMAT_VERSION}", "version")
    label, data, game_name = envelope["type"], envelope["data"], envelope["game"]
    if label == "Outcome" and game_name is None:
        outcome: Outcome = structure(data, Outcome)
        _validate_outcome(outcome, limits)
        return outcome
    game = _game_named(game_name, "game")
    if label == "Replay":
        return _structure_replay(game, data)
    if label == "MatchPosition":
        return _structure_position(game, data)
    cls = _game_types(game).get(label) if isinstance(label, str) else None
    if cls is None:
        raise CorruptState(f"{game.name} has no type {label!r}", "type")
    obj = structure(data, cls)
    if cls is game.State:
        _validate(game, game.validate, obj)
    elif cls is game.View and game.validate_view is not None:
        _validate(game, game.validate_view, obj)
    return obj


def largest_table() -> int:
    """The most seats of any registered game (When I Dream's 10; Dany's Reason, at 9,
    stays below): no outcome names a seat beyond it.

    >>> largest_table()
    10
    """
    return max(game.max_players for game in GAMES.values())


def _validate_outcome(outcome: Outcome, limits: LoadLimits) -> None:
    seats = largest_table()
    if any(seat < 0 for seat in outcome.winners):
        raise CorruptState("a winner is not a seat", "data.winners")
    if any(seat >= seats for seat in outcome.winners):
        raise CorruptState(f"a winner is not a seat: no game seats more than {seats}",
                           "data.winners")
    if outcome.scores is not None:
        if len(outcome.scores) > seats:
            raise CorruptState(f"{len(outcome.scores)} scores: no game seats more than "
                               f"{seats}", "data.scores")
        for seat, score in enumerate(outcome.scores):
            if abs(score) > limits.max_score:
                raise CorruptState(f"a score beyond {limits.max_score:,} either way",
                                   f"data.scores[{seat}]")
        if any(seat >= len(outcome.scores) for seat in outcome.winners):
            raise CorruptState(f"a winner is not one of the {len(outcome.scores)} scored "
                               "seats", "data.winners")
    if not outcome.reason.strip():
        raise CorruptState("an outcome names the rule that ended the game", "data.reason")


def _validate(game: AnyGame, check: Callable[[Any], None], obj: Any) -> None:
    """A game's check of a loaded state or view, with any slip of the check on malformed
    data reported as what it is: data the engine cannot go on from."""
    try:
        check(obj)
    except PartyRulesError:
        raise
    except (LookupError, TypeError, ValueError, AttributeError, ArithmeticError) as exc:
        raise CorruptState(f"the state breaks {game.name}'s invariants ({exc!r})") from None


def _game_named(name: Any, path: str) -> AnyGame:
    if not isinstance(name, str) or name not in GAMES:
        raise CorruptState(f"unknown game {name!r}; known: {', '.join(sorted(GAMES))}", path)
    return GAMES[name]


def _unstructure_actions(game: AnyGame, actions: tuple[Any, ...]) -> list[Any]:
    union = action_union(game)
    return [converter.unstructure(action, union) for action in actions]


def _unstructure_replay(replay: Replay) -> dict[str, Any]:
    game = get_game(replay.game)
    return {
        "game": replay.game,
        "config": unstructure(replay.config, game.Config),
        "seed": replay.seed,
        "actions": _unstructure_actions(game, replay.actions),
        "version": replay.version,
        "components": replay.components,
    }


_REPLAY_FIELDS = frozenset({"game", "config", "seed", "actions", "version", "components"})


def _game_document(game: AnyGame, data: Any, required: frozenset[str],
                   allowed: frozenset[str], what: str, fields: str) -> dict[str, Any]:
    """The fields of a game-bound document (a replay, a match position): an object with
    the ``required`` fields and no others than ``allowed``, of ``game``."""
    if not isinstance(data, dict):
        raise CorruptState("expected an object", "data")
    if not required <= set(data) <= allowed:
        raise CorruptState(f"a {what} has the fields {fields}", "data")
    if data["game"] != game.name:
        raise CorruptState(f"{what} of {data['game']!r} in a {game.name!r} envelope",
                           "data.game")
    return data


def _structure_head(game: AnyGame, data: dict[str, Any]) -> tuple[int, tuple[Any, ...]]:
    """The seed and the actions every game-bound document holds."""
    seed = structure(data["seed"], int, "data.seed")
    actions = structure(data["actions"], tuple[action_union(game), ...],  # type: ignore[misc]
                        "data.actions")
    return seed, actions


def _structure_replay(game: AnyGame, data: Any) -> Replay:
    data = _game_document(game, data, frozenset({"game", "config", "seed", "actions"}),
                          _REPLAY_FIELDS, "replay", "game, config, seed, actions, and "
                          "version and components if it records them")
    config = structure(data["config"], game.Config, "data.config")
    seed, actions = _structure_head(game, data)
    version = structure(data.get("version"), str | None, "data.version")
    components = structure(data.get("components"), str | None, "data.components")
    return Replay(game.name, config, seed, actions, version=version, components=components)


def _unstructure_position(position: MatchPosition) -> dict[str, Any]:
    game = get_game(position.game)
    return {
        "game": position.game,
        "state": unstructure(position.state, game.State),
        "seed": position.seed,
        "actions": _unstructure_actions(game, position.actions),
        "waited": list(position.waited),
    }


_POSITION_FIELDS = frozenset({"game", "state", "seed", "actions", "waited"})


def _structure_position(game: AnyGame, data: Any) -> MatchPosition:
    data = _game_document(game, data, _POSITION_FIELDS, _POSITION_FIELDS, "match position",
                          "game, state, seed, actions and waited")
    state = structure(data["state"], game.State, "data.state")
    _validate(game, game.validate, state)
    seed, actions = _structure_head(game, data)
    waited = structure(data["waited"], tuple[int, ...], "data.waited")
    players = int(state.config.players)
    for index, seat in enumerate(waited):
        if not 0 <= seat < players or seat in waited[:index]:
            raise CorruptState(f"a racing seat waits once: {seat} is not one",
                               f"data.waited[{index}]")
    return MatchPosition(game.name, state, seed, actions, waited)


def json_schema(game: AnyGame) -> dict[str, Any]:
    """A JSON Schema (draft 2020-12) of every document ``dumps`` writes for ``game``."""
    defs: dict[str, Any] = {}
    documents = []
    for label, cls in _game_types(game).items():
        documents.append(_envelope_schema(game.name, label, type_schema(cls, defs)))
    documents.append(_envelope_schema(None, "Outcome", type_schema(Outcome, defs)))
    replay = {
        "type": "object",
        "properties": {
            "game": {"const": game.name},
            "config": type_schema(game.Config, defs),
            "seed": {"type": "integer"},
            "actions": {"type": "array", "items": type_schema(action_union(game), defs)},
            "version": {"type": ["string", "null"]},
            "components": {"type": ["string", "null"]},
        },
        "required": ["game", "config", "seed", "actions"],
        "additionalProperties": False,
    }
    documents.append(_envelope_schema(game.name, "Replay", replay))
    position = {
        "type": "object",
        "properties": {
            "game": {"const": game.name},
            "state": type_schema(game.State, defs),
            "seed": {"type": "integer"},
            "actions": {"type": "array", "items": type_schema(action_union(game), defs)},
            "waited": {"type": "array", "items": {"type": "integer", "minimum": 0},
                       "uniqueItems": True},
        },
        "required": sorted(_POSITION_FIELDS),
        "additionalProperties": False,
    }
    documents.append(_envelope_schema(game.name, "MatchPosition", position))
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"partyrules {game.name} documents, format version {FORMAT_VERSION}",
        "oneOf": documents,
        "$defs": defs,
    }


def _envelope_schema(game: str | None, label: str, data: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "format": {"const": FORMAT},
            "version": {"const": FORMAT_VERSION},
            "game": {"const": game},
            "type": {"const": label},
            "data": dict(data),
        },
        "required": ["format", "version", "game", "type", "data"],
        "additionalProperties": False,
    }
