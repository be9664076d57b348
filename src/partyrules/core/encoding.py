"""Encodings: a game's actions as fixed ids and its views as flat vectors of floats.

Learning algorithms and frameworks (OpenSpiel, PettingZoo) need two things the rules do
not: an action space that does not change from state to state, and observations of a
fixed size. A game provides them in an :class:`Encoding` (its ``Game.encoding``):

* **Action ids.** ``num_actions(config)`` is the size of the action space of a config;
  ``action_id(state, action)`` numbers an action, ``action_from_id(state, seat, id)``
  gives it back. An id means the same move in every state of a game: "seat the guest
  Lady Gaga", "vote to reject the table's third guest", "guess the deck's 17th word". The
  state is passed only for what the config and the public situation fix (the deck, the
  table under vote); the seat fills the action's ``seat``. The legal ids of a seat are a
  mask over the space (:func:`legal_ids`); :func:`numbered` gives them with the listed
  action of each, in one pass (a game may declare a faster listing of its own,
  ``Encoding.numbered``, which must give exactly what numbering ``legal_actions`` gives:
  the test kit's ``check_numbered`` compares them). A free-text field (a story, a clue)
  cannot be numbered: its action has one id, and ``action_from_id`` gives it with the game's
  representative text (the one ``legal_actions`` lists).
* **Observation tensors.** ``observation_tensor(view)`` is a flat sequence of floats of
  length ``prod(observation_shape(config))``, a pure function of the view: equal views give
  equal tensors, so a seat's tensor never tells more than its view. The core stays free of
  numpy: the function returns a tuple or an ``array('f')``, and the adapters convert.
  ``observation_bounds(config)`` gives each float's least and greatest value, derived
  from the encoding (a count over its scale) and the rules' bounds (the most cards a
  hand can hold), not measured.

Each game's page documents its layout (what every id and every float means).

>>> import partyrules
>>> game = partyrules.get_game("dinner")
>>> state = game.setup(game.Config(players=3), 1)
>>> encoding = game.encoding
>>> ids = legal_ids(game, state, 0)
>>> all(encoding.action_from_id(state, 0, i) in set(game.legal_actions(state, 0))
...     for i in ids)
True
>>> len(encoding.observation_tensor(game.view(state, 0))) == observation_size(game,
...                                                                          state.config)
True
"""

from __future__ import annotations

import math
from array import array
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Generic, TypeVar

import attrs

from partyrules.core.errors import IllegalAction

__all__ = [
    "Encoding",
    "IdentityMemo",
    "Numbered",
    "TensorWriter",
    "checked_id",
    "in_id_order",
    "legal_ids",
    "number_actions",
    "number_listing",
    "numbered",
    "observation_size",
    "seat_tensor",
]

C = TypeVar("C")
S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")


@attrs.frozen(slots=True)
class Numbered(Generic[A]):
    """A seat's legal actions by id: the ids in increasing order and the listed action of
    each (``actions[i]`` has the id ``ids[i]``). Iterating gives the ids; ``in`` asks
    whether an id is legal; :meth:`action` gives the action of an id.

    >>> numbered = Numbered((2, 7), ("pass", "bid"))
    >>> list(numbered), 7 in numbered, 3 in numbered, numbered.action(7)
    ([2, 7], True, False, 'bid')
    """

    ids: tuple[int, ...]
    """The legal ids, increasing."""
    actions: tuple[A, ...]
    """The listed action of each id, in the order of :attr:`ids`."""

    def action(self, action_id: int) -> A | None:
        """The listed action numbered ``action_id``, or None when it is not a legal id."""
        index = self._index(action_id)
        return None if index is None else self.actions[index]

    def __contains__(self, action_id: object) -> bool:
        return type(action_id) is int and self._index(action_id) is not None

    def _index(self, action_id: int) -> int | None:
        """Where ``action_id`` stands in :attr:`ids`, or None when it is not there."""
        ids = self.ids
        index = bisect_left(ids, action_id)
        return index if index < len(ids) and ids[index] == action_id else None

    def __iter__(self) -> Iterator[int]:
        return iter(self.ids)

    def __len__(self) -> int:
        return len(self.ids)


@attrs.frozen(slots=True, kw_only=True)
class Encoding(Generic[C, S, A, V]):
    """A game's fixed action space and observation tensor (see the module's docs)."""

    num_actions: Callable[[C], int]
    """The number of action ids of a config: ids are ``0 .. num_actions(config) - 1``."""
    action_id: Callable[[S, A], int]
    """The id of an action (legal or not) in a state of the game; ``IllegalAction`` for an
    action that has no id (a card that is not in the config's deck)."""
    action_from_id: Callable[[S, int, int], A]
    """``action_from_id(state, seat, id)``: the action ``id`` stands for, taken by
    ``seat``; ``IllegalAction`` for an id outside the space."""
    observation_shape: Callable[[C], tuple[int, ...]]
    """The shape of the observation tensor of a config (flattened in C order)."""
    observation_tensor: Callable[[V], Sequence[float]]
    """The flat observation tensor of a view: a tuple or an ``array('f')``."""
    observation_bounds: Callable[[C], tuple[Sequence[float], Sequence[float]]] | None = None
    """``observation_bounds(config)``: ``(low, high)``, the least and the greatest value
    each float of the flat tensor can take by the encoding's definition and the rules'
    bounds (``math.inf`` where the rules set none), one entry per float; None when the
    game declares no bounds. Frameworks make their observation spaces of them."""
    tensor_view: Callable[[S, int], V] | None = None
    """``tensor_view(state, seat)``: a view equal to ``game.view(state, seat)`` in every
    field ``observation_tensor`` reads, built faster by leaving out what a view holds
    for people only (a summary the screen shows); None: the game's ``view``. Adapters
    build tensors through it (:func:`seat_tensor`); the test kit's ``check_encoding``
    compares the two tensors."""
    numbered: Callable[[S, int], Numbered[A]] | None = None
    """``numbered(state, seat)``: ``seat``'s legal actions by id, exactly what
    :func:`number_listing` gives (every action of ``legal_actions``, equal records,
    numbered by ``action_id`` and put in id order), computed faster: a game that knows
    its listing's ids lists them in one pass, or hands out a prebuilt record for a
    decision that recurs (a word of the deck to guess). None: :func:`number_listing`."""


def numbered(game: Any, state: Any, seat: int) -> Numbered[Any]:
    """``seat``'s legal actions by id (:class:`Numbered`): the encoding's own
    ``numbered`` when it declares one, else :func:`number_listing`.

    ``IllegalAction`` if the game has no encoding or two legal actions share an id.
    """
    encoding = _encoding(game)
    if encoding.numbered is not None:
        return encoding.numbered(state, seat)
    return number_listing(game, state, seat)


def number_listing(game: Any, state: Any, seat: int) -> Numbered[Any]:
    """``seat``'s legal actions by id, the generic way: every action of
    ``game.legal_actions(state, seat)`` numbered by the encoding's ``action_id``, in id
    order (the reference a game's own ``Encoding.numbered`` must match).

    ``IllegalAction`` if the game has no encoding or two legal actions share an id.
    """
    return number_actions(state, game.legal_actions(state, seat), _encoding(game).action_id,
                          f"{game.name}: seat {seat}")


def number_actions(state: S, actions: Iterable[A], action_id: Callable[[S, A], int],
                   who: str = "a seat") -> Numbered[A]:
    """``actions`` numbered by ``action_id`` in ``state``, in id order (what a game's own
    ``Encoding.numbered`` gives for a listing it has no faster way to number);
    ``IllegalAction`` naming ``who`` if two of them share an id.

    >>> number_actions(None, ["b", "a"], lambda state, action: ord(action))
    Numbered(ids=(97, 98), actions=('a', 'b'))
    """
    listed = tuple(actions)
    return in_id_order(listed, [action_id(state, action) for action in listed], who)


def in_id_order(actions: tuple[A, ...], ids: list[int], who: str = "a seat") -> Numbered[A]:
    """``actions`` with their ``ids`` (one each, in the same order) as a
    :class:`Numbered`, put in increasing id order; ``IllegalAction`` naming ``who`` if
    two share an id.

    >>> in_id_order(("b", "a"), [98, 97])
    Numbered(ids=(97, 98), actions=('a', 'b'))
    """
    ordered = sorted(ids)
    if ordered != ids:
        order = sorted(range(len(ids)), key=ids.__getitem__)
        actions = tuple(actions[index] for index in order)
    if len(set(ordered)) != len(ordered):
        raise IllegalAction(f"{who}: two legal actions share an id")
    return Numbered(tuple(ordered), actions)


def legal_ids(game: Any, state: Any, seat: int) -> tuple[int, ...]:
    """The sorted ids of ``seat``'s legal actions (its mask over the action space).

    ``IllegalAction`` if the game has no encoding or two legal actions share an id.
    """
    return numbered(game, state, seat).ids


def seat_tensor(game: Any, state: Any, seat: int) -> Sequence[float]:
    """``seat``'s observation tensor in ``state``: the encoding's tensor of its view, or
    of its ``tensor_view`` where the game declares one (the same floats, faster).

    >>> import partyrules
    >>> game = partyrules.get_game("hollywood")
    >>> state = game.setup(game.Config(players=3), 2)
    >>> seat_tensor(game, state, 1) == game.encoding.observation_tensor(game.view(state, 1))
    True
    """
    encoding = _encoding(game)
    view = encoding.tensor_view(state, seat) if encoding.tensor_view is not None \
        else game.view(state, seat)
    return encoding.observation_tensor(view)


def observation_size(game: Any, config: Any) -> int:
    """The length of the flat observation tensor of ``config``."""
    return math.prod(_encoding(game).observation_shape(config))


def _encoding(game: Any) -> Encoding[Any, Any, Any, Any]:
    encoding: Encoding[Any, Any, Any, Any] | None = game.encoding
    if encoding is None:
        raise IllegalAction(f"{game.name} declares no encoding")
    return encoding


K = TypeVar("K")
R = TypeVar("R")


class IdentityMemo(Generic[K, R]):
    """Results of a pure function of one immutable object, remembered by the object's
    identity: the tables an encoding builds per config, looked up at every action id and
    every tensor, where ``lru_cache`` would hash and compare the config each time (about
    what numbering an action costs), or an adapter's mask of the ids a game hands out
    again for a recurring listing. Each entry holds its object, so an identity is never
    reused while remembered; past ``size`` entries the memo starts again.

    >>> memo = IdentityMemo(size=2)
    >>> key = (1, 2)
    >>> memo.get(key) is None
    True
    >>> memo.put(key, "three")
    'three'
    >>> memo.get(key)
    'three'
    >>> memo.get(tuple([1, 2])) is None   # equal, but another object
    True
    """

    __slots__ = ("_entries", "_size")

    def __init__(self, size: int = 4096) -> None:
        self._entries: dict[int, tuple[K, R]] = {}
        self._size = size

    def get(self, key: K) -> R | None:
        """The result remembered for this very object, or None."""
        entry = self._entries.get(id(key))
        if entry is not None and entry[0] is key:
            return entry[1]
        return None

    def put(self, key: K, result: R) -> R:
        """Remember ``result`` for ``key`` (the object itself) and return it."""
        entries = self._entries
        if len(entries) >= self._size:
            entries.clear()
        entries[id(key)] = (key, result)
        return result


def checked_id(action_id: int, size: int, what: str) -> int:
    """``action_id`` if it is an int id of a space of ``size`` ids, else ``IllegalAction``
    naming ``what`` (the games' ``action_from_id`` share this check)."""
    if type(action_id) is not int or not 0 <= action_id < size:
        raise IllegalAction(f"{what} has action ids 0 to {size - 1}, not {action_id!r}")
    return action_id


class TensorWriter:
    """Writes an observation tensor section by section, so that the games' encoders say
    what each part means and the length is checked once at the end.

    >>> writer = TensorWriter()
    >>> writer.one_hot(2, 4)
    >>> writer.multi_hot({0, 3}, 5)
    >>> writer.scalar(3, scale=10)
    >>> writer.finish(10).tolist()
    [0.0, 0.0, 1.0, 0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.30000001192092896]
    """

    __slots__ = ("_values",)

    def __init__(self) -> None:
        self._values = array("f")

    # Sections are zeroed arrays extended at once: an array built from zero bytes costs a
    # fraction of extending from a list of Python floats (wide one-hot sections are most
    # of a tensor).

    def one_hot(self, index: int | None, width: int) -> None:
        """``width`` floats, 1 at ``index`` (none when ``index`` is None)."""
        values = self._values
        start = len(values)
        values.frombytes(bytes(4 * width))
        if index is not None:
            values[start + _within(index, width)] = 1.0

    def multi_hot(self, indices: Iterable[int], width: int) -> None:
        """``width`` floats, 1 at every index of ``indices``."""
        values = self._values
        start = len(values)
        values.frombytes(bytes(4 * width))
        for index in indices:
            if not 0 <= index < width:
                _within(index, width)  # raises
            values[start + index] = 1.0

    def counts(self, values: Iterable[int], width: int, scale: float = 1.0) -> None:
        """``width`` floats: how often each index occurs in ``values``, over ``scale``."""
        section = self._values
        start = len(section)
        section.frombytes(bytes(4 * width))
        for index in values:
            section[start + _within(index, width)] += 1.0 / scale

    def scalar(self, value: float, scale: float = 1.0) -> None:
        """One float: ``value / scale`` (scale it to about 0..1)."""
        self._values.append(value / scale)

    def scalars(self, values: Iterable[float], width: int, scale: float = 1.0) -> None:
        """``width`` floats: ``values`` over ``scale``, padded with zeros."""
        section = [value / scale for value in values]
        if len(section) > width:
            raise IllegalAction(f"{len(section)} values for a section of {width}")
        self._values.extend(section + [0.0] * (width - len(section)))

    def finish(self, size: int) -> array[float]:
        """The tensor, checked to hold ``size`` floats."""
        if len(self._values) != size:
            raise IllegalAction(f"an observation tensor of {len(self._values)} floats, "
                                f"expected {size}")
        return self._values


def _within(index: int, width: int) -> int:
    """``index`` if it falls inside a section of ``width`` (a negative or too large index
    would silently land in another section)."""
    if not 0 <= index < width:
        raise IllegalAction(f"index {index} outside a section of {width}")
    return index
