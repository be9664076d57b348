"""The contract's checks of one state or one transition, written once.

The test kit (:mod:`partyrules.core.testing`) runs them on the states of random
playthroughs; the explorer (:mod:`partyrules.core.verify`) on every state it reaches.
Each function checks one thing, returns ``None`` (or what its caller goes on with) and
raises :class:`Broken` when the game breaks the contract. What differs between the two
callers is a parameter: how actions are sampled, the word for the actions a game lists,
the memo the explorer keeps of what it has already judged, the rng.

>>> import random
>>> import partyrules
>>> game = partyrules.get_game("dinner")
>>> state = game.setup(game.Config(players=3), seed=1)
>>> check_no_leak(game, state, 3, random.Random(0))
>>> check_round_trip(game, state, 3)
>>> check_conservation(game, state, inventory(game, state))
>>> try:
...     check_conservation(game, state, Counter())
... except Broken as broken:
...     print(broken.check, broken.message.partition(":")[0])
conservation components not conserved
"""

from __future__ import annotations

import operator
import random
import traceback
from collections import Counter
from collections.abc import (
    Callable,
    Collection,
    Container,
    Hashable,
    Iterable,
    Mapping,
    Sequence,
)
from typing import Any

import attrs

from partyrules.core.errors import CorruptState, IllegalAction
from partyrules.core.game import AnyGame, Outcome
from partyrules.core.probing import (
    action_key,
    constructed_recipes,
    has_free_text,
    nearby_recipes,
    strict_key,
)
from partyrules.core.serialize import dumps, loads

__all__ = [
    "Broken",
    "DocumentShapes",
    "apply_listed",
    "check_commute",
    "check_commuting_pairs",
    "check_conservation",
    "check_documents",
    "check_ending",
    "check_listing",
    "check_no_leak",
    "check_outcome",
    "check_properties",
    "check_random_action",
    "check_refusal",
    "check_round_trip",
    "check_valid",
    "describe_crash",
    "inventory",
    "refusal_candidates",
]


class Broken(Exception):
    """A check failed: its name (one of the explorer's ``CHECKS``, or ``property:NAME``),
    what broke, and the ``trail``: the actions after the checked state that lead into the
    fault (empty when the state itself is at fault)."""

    def __init__(self, check: str, message: str, trail: tuple[Any, ...] = ()) -> None:
        super().__init__(message)
        self.check = check
        self.message = message
        self.trail = trail


def describe_crash(doing: str, exc: BaseException) -> str:
    """What an unexpected exception says, with the file and line it came from.

    >>> try:
    ...     1 / 0
    ... except ZeroDivisionError as exc:
    ...     print(describe_crash("dividing", exc))  # doctest: +ELLIPSIS
    ZeroDivisionError while dividing: division by zero (<doctest ...>:2)
    """
    where = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
    at = f" ({where.filename.rsplit('/', 1)[-1]}:{where.lineno})" if where else ""
    return f"{type(exc).__name__} while {doing}: {exc}{at}"


# -- the state -------------------------------------------------------------------------------


def check_valid(game: AnyGame, state: Any) -> None:
    """``validate``: the game's ``validate`` accepts ``state``."""
    try:
        game.validate(state)
    except CorruptState as exc:
        raise Broken("validate", str(exc)) from exc


def check_properties(game: AnyGame, state: Any) -> None:
    """``property:NAME``: each of the game's ``Game.properties`` holds at ``state``."""
    for prop in game.properties:
        if not prop.holds(state):
            raise Broken(f"property:{prop.name}",
                         f"{prop.name}: {prop.description} -- does not hold")


def check_ending(game: AnyGame, state: Any, acting: Collection[int],
                 players: int) -> Outcome | None:
    """``ending``: ``state`` is terminal exactly when nobody in ``acting`` (its
    ``to_act``) is to act; a running game refuses to give an outcome, a finished one
    gives a valid one (:func:`check_outcome`), which is returned."""
    terminal = game.is_terminal(state)
    if terminal != (not acting):
        raise Broken("ending", f"is_terminal is {terminal} but seats "
                               f"{sorted(acting)} are to act")
    if not terminal:
        try:
            game.outcome(state)
        except IllegalAction:
            return None
        raise Broken("ending", "outcome() of a running game did not raise IllegalAction")
    return check_outcome(game.outcome(state), players)


def check_outcome(result: Any, players: int) -> Outcome:
    """``ending``: ``result`` is an :class:`~partyrules.core.game.Outcome` with a reason,
    whose winners are seats of ``players`` and whose scores, if any, are one per seat."""
    if not isinstance(result, Outcome) or not result.reason:
        raise Broken("ending", f"the outcome is not a valid Outcome: {result!r}")
    if not result.winners <= set(range(players)):
        raise Broken("ending", f"winners {sorted(result.winners)} are not seats")
    if result.scores is not None and len(result.scores) != players:
        raise Broken("ending", f"scores {result.scores} are not one per seat")
    return result


def inventory(game: AnyGame, state: Any) -> Counter[Hashable]:
    """Every component of ``state`` (``game.places``), counted."""
    return Counter(item for items in game.places(state).values() for item in items)


def check_conservation(game: AnyGame, state: Any, expected: Counter[Hashable]) -> None:
    """``conservation``: each component of ``state`` is in one place, and they are the
    ``expected`` ones (the :func:`inventory` of the start)."""
    found = inventory(game, state)
    if found.total() != len(found):  # some count is above 1
        duplicated = [item for item, times in found.items() if times > 1]
        raise Broken("conservation", f"components in two places: {duplicated[:5]}")
    # Equal dicts are equal Counters: the dicts' own comparison first, at C speed.
    if not dict.__eq__(found, expected) and found != expected:
        raise Broken("conservation", f"components not conserved: extra "
                                     f"{dict(found - expected)}, lost "
                                     f"{dict(expected - found)}")


def check_documents(things: Iterable[Any], seen: set[Any] | None = None) -> None:
    """``round_trip``: each of ``things`` comes back equal from ``dumps``/``loads``.
    Those in ``seen`` are skipped and those checked are added to it (None: no memo)."""
    for thing in things:
        if seen is not None:
            if thing in seen:
                continue
            seen.add(thing)
        if loads(dumps(thing)) != thing:
            raise Broken("round_trip", f"a {type(thing).__name__} changed in a round trip")


class DocumentShapes:
    """The shapes of the documents met so far, for checking a round trip once per shape.

    A document's *shape* is its class and the classes of its fields, and of the fields of
    those that are records: a new phase of the game, an optional field set or left
    empty, a union's other member, two levels down. What ``dumps``/``loads`` can get
    wrong is mostly a matter of such types (a record without a converter, a union member
    without its tag, an optional field), and the first document of each shape is
    round-tripped; the explorer round-trips a regular sample of the states besides (see
    :data:`~partyrules.core.verify.CHECKS`), for faults that lie deeper or in values.
    Computing a shape costs a few attribute reads, not a walk of the document.

    >>> import partyrules
    >>> game = partyrules.get_game("dinner")
    >>> state = game.setup(game.Config(players=3), seed=1)
    >>> shapes = DocumentShapes()
    >>> shapes.first(state), shapes.first(game.setup(game.Config(players=3), seed=2))
    (True, False)
    """

    __slots__ = ("_met",)

    def __init__(self) -> None:
        self._met: set[Hashable] = set()

    def first(self, document: Any) -> bool:
        """Whether ``document`` is the first of its shape met (it is remembered)."""
        shape = self.shape(document)
        if shape in self._met:
            return False
        self._met.add(shape)
        return True

    @staticmethod
    def shape(document: Any) -> Hashable:
        """``document``'s shape: its class and its fields' classes, two levels down."""
        kind = type(document)
        fields = _fields_getter(kind)
        if fields is None:
            return (kind,)
        values = fields(document)
        kinds = tuple(map(type, values))
        records = _records_among(kinds)
        if not records:
            return kind, kinds
        return kind, kinds, tuple(tuple(map(type, getter(values[index])))
                                  for index, getter in records)


_GETTERS: dict[type, Callable[[Any], tuple[Any, ...]] | None] = {}
_RECORDS_AMONG: dict[tuple[type, ...], tuple[tuple[int, Callable[[Any], tuple[Any, ...]]],
                                             ...]] = {}


def _records_among(kinds: tuple[type, ...]
                   ) -> tuple[tuple[int, Callable[[Any], tuple[Any, ...]]], ...]:
    """Where records lie among fields of classes ``kinds``, with their fields' getters."""
    try:
        return _RECORDS_AMONG[kinds]
    except KeyError:
        found = _RECORDS_AMONG[kinds] = tuple(
            (index, getter) for index, kind in enumerate(kinds)
            if (getter := _fields_getter(kind)) is not None)
        return found


def _no_fields(record: Any) -> tuple[Any, ...]:
    return ()


def _fields_getter(cls: type) -> Callable[[Any], tuple[Any, ...]] | None:
    """A function giving the fields of a record of class ``cls`` as a tuple (None: not
    a record)."""
    try:
        return _GETTERS[cls]
    except KeyError:
        getter: Callable[[Any], tuple[Any, ...]] | None = None
        if attrs.has(cls):
            names = [f.name for f in attrs.fields(cls)]
            # Two names at least, so that the getter gives a tuple (a lone name twice is
            # harmless: one shape for one class all the same).
            getter = (_no_fields if not names else
                      operator.attrgetter(*names, *names) if len(names) == 1 else
                      operator.attrgetter(*names))
        _GETTERS[cls] = getter
        return getter


def check_round_trip(game: AnyGame, state: Any, players: int, *others: Any,
                     seen: set[Any] | None = None) -> None:
    """``round_trip``: ``state``, the spectator's view, every seat's view and ``others``
    (an action, say) survive ``dumps``/``loads``. ``seen`` remembers the views and
    ``others`` already judged (they recur across states); the state is never
    remembered (each is met once)."""
    views = [game.view(state, seat) for seat in (None, *range(players))]
    check_documents((state,))
    check_documents((*views, *others), seen)


def check_no_leak(game: AnyGame, state: Any, players: int, rng: random.Random,
                  key: Callable[[Any], Hashable] = action_key, *,
                  views: Callable[[int | None], Any] | None = None,
                  actions: Callable[[int], Sequence[Any]] | None = None,
                  key_by_equality: bool = False) -> None:
    """``no_leak``: for every seat, the state ``determinize`` draws with ``rng`` is
    valid, keeps the seat's view and the spectator's, and offers the seat the same
    actions (compared by ``key``, :func:`~partyrules.core.probing.action_key` or a
    memo of it). ``views`` (the state's view for a seat, None the spectator) and
    ``actions`` (the state's legal actions of a seat) are the caller's when it has them
    already (by default ``game.view`` and ``game.legal_actions`` of ``state``).
    ``key_by_equality`` says that ``key`` gives equal actions one key (a memo keyed by
    the actions): the seat's actions on the drawn state, equal one by one to those just
    keyed, are then known alike without looking their keys up."""
    view = views if views is not None else (lambda seat: game.view(state, seat))
    listed = actions if actions is not None else (
        lambda seat: list(game.legal_actions(state, seat)))
    spectator = view(None)
    for seat in range(players):
        sampled = game.determinize(state, seat, rng)
        try:
            game.validate(sampled)
        except CorruptState as exc:
            raise Broken("no_leak", f"determinize for seat {seat} made an invalid "
                                    f"state: {exc}") from exc
        if game.view(sampled, seat) != view(seat):
            raise Broken("no_leak", f"determinize for seat {seat} changed its view")
        if game.view(sampled, None) != spectator:
            raise Broken("no_leak", f"the spectator's view shows what seat {seat} "
                                    "cannot know")
        mine = listed(seat)
        ours = [key(a) for a in mine]
        offered = list(game.legal_actions(sampled, seat))
        if key_by_equality and len(mine) == len(offered) and all(
                map(operator.eq, mine, offered)):
            continue  # each offered action equals one just keyed: the same keys
        theirs = [key(a) for a in offered]
        if ours != theirs:
            raise Broken("no_leak", f"seat {seat}'s actions depend on what it cannot see")


# -- the listed actions ------------------------------------------------------------------------


def check_listing(seat: int, acting: Collection[int], options: Sequence[Any]) -> None:
    """``listing``: ``seat`` has actions (``options``, its ``legal_actions``) exactly when
    it is among ``acting``, and none is listed twice (free text counts: one guess per
    word)."""
    if seat not in acting and options:
        raise Broken("listing", f"seat {seat} is not to act but has actions", (options[0],))
    if seat in acting and not options:
        raise Broken("listing", f"seat {seat} is to act but has no action")
    exact = [strict_key(a) for a in options]
    if len(set(exact)) != len(exact):
        raise Broken("listing", f"seat {seat}'s legal actions repeat")


def apply_listed(game: AnyGame, state: Any, action: Any, listed_as: str = "listed") -> Any:
    """``listing``: the state after a listed ``action``, which the rules must accept
    (``listed_as`` names such actions in the message). Only ``IllegalAction`` is
    judged: any other exception goes to the caller."""
    try:
        return game.apply(state, action)
    except IllegalAction as exc:
        raise Broken("listing", f"{listed_as} {action!r} was refused: {exc}",
                     (action,)) from exc


def check_random_action(game: AnyGame, state: Any, seat: int, rng: random.Random,
                        keys: Container[Hashable]) -> None:
    """``listing``: ``random_action`` for ``seat`` draws (with ``rng``) an action whose
    :func:`~partyrules.core.probing.action_key` is among ``keys``, the listed ones'."""
    drawn = game.random_action(state, seat, rng)
    if action_key(drawn) not in keys:
        raise Broken("listing", f"random_action drew unlisted {drawn!r}", (drawn,))


def refusal_candidates(game: AnyGame, state: Any, listed: list[Any], rng: random.Random,
                       near: int, keep: int | None = None,
                       previous: Sequence[Any] = ()) -> list[Any]:
    """Actions the ``refusal`` check tries: the fields of ``near`` of the ``listed``
    actions nudged (:func:`~partyrules.core.probing.nearby_actions`), actions of every
    kind built from scratch (:func:`~partyrules.core.probing.constructed_actions`),
    ``keep`` of each (drawn with ``rng``; None keeps all), then ``previous`` (the action
    that led here, played again out of phase)."""
    # Recipes first, with the draws the actions always took: only those kept are built.
    nearby = nearby_recipes(rng, state, listed, near)
    built = constructed_recipes(game, rng, state, listed)
    if keep is not None:
        nearby = rng.sample(nearby, min(keep, len(nearby)))
        built = rng.sample(built, min(keep, len(built)))
    return [*(recipe.build() for recipe in nearby), *(recipe.build() for recipe in built),
            *previous]


def check_refusal(game: AnyGame, state: Any, candidates: Iterable[Any],
                  legal: Container[Hashable], listed_as: str = "listed", *,
                  listed: Container[Any] | None = None) -> None:
    """``refusal``: each of ``candidates`` is accepted exactly when its
    :func:`~partyrules.core.probing.action_key` is among ``legal`` (the listed
    actions' keys), and refused with ``IllegalAction`` and nothing else. ``listed``, the
    listed actions themselves, spares the key of a candidate without free text that
    equals none of them (equal keys make equal actions: its key is not among them)."""
    for action in candidates:
        expected = _among(action, legal, listed)
        try:
            game.apply(state, action)
            accepted = True
        except IllegalAction:
            accepted = False
        except Exception as exc:  # the contract: only IllegalAction for a bad action
            raise Broken("refusal", describe_crash(f"applying {action!r}", exc),
                         (action,)) from exc
        if accepted != expected:
            verdict = "accepted" if accepted else "refused"
            raise Broken("refusal", f"{action!r} was {verdict} but is "
                                    f"{'' if expected else 'not '}{listed_as}", (action,))


def _among(action: Any, legal: Container[Hashable], listed: Container[Any] | None) -> bool:
    if listed is not None and not has_free_text(type(action)):
        try:
            if action not in listed:
                return False
        except TypeError:  # unhashable: its key tells
            pass
    return action_key(action) in legal


# -- a simultaneous step -----------------------------------------------------------------------


def check_commute(game: AnyGame, state: Any, choices: Mapping[int, Any],
                  orders: Iterable[Sequence[int]],
                  after: Mapping[Any, Any] | None = None) -> None:
    """``commute``: the seats' ``choices`` (seat to action) at a simultaneous ``state``,
    applied in each of ``orders`` (sequences of those seats), give one state. ``after``
    holds states already reached from ``state`` by an action (the explorer's
    successors), used for each order's first action. The trail is the choices in the
    first order."""
    orders = [tuple(order) for order in orders]
    trail = tuple(choices[seat] for seat in orders[0])
    results = []
    for order in orders:
        result = state
        for position, seat in enumerate(order):
            action = choices[seat]
            if position == 0 and after is not None and action in after:
                result = after[action]
                continue
            try:
                result = game.apply(result, action)
            except IllegalAction as exc:
                raise _refused_in_order(order, seat, action, exc, trail) from exc
        results.append(result)
    for order, result in zip(orders[1:], results[1:], strict=True):
        if result != results[0]:
            raise _order_dependent(choices, orders[0], order, trail)


def check_commuting_pairs(game: AnyGame, state: Any, first: int, second: int,
                          firsts: Sequence[Any], seconds: Sequence[Any],
                          after: Mapping[Any, Any],
                          ahead: Mapping[Any, dict[Any, Any]]) -> None:
    """``commute`` for every choice of seat ``first`` (``firsts``) with every choice of
    seat ``second`` (``seconds``): :func:`check_commute` of each pair in the orders
    ``(first, second)`` and ``(second, first)``, in the same order, with the same
    verdicts. ``after`` maps each choice to the state it leads to from ``state`` (the
    explorer's successors); ``ahead`` maps each choice to the states reached from that
    one by an action (action to state), read and filled here: another state's check, or
    the search, may meet the same states again."""
    forward = (first, second)
    backward = (second, first)
    for a in firsts:
        if a not in after:  # as check_commute does: applied, then, from the state
            for b in seconds:
                check_commute(game, state, {first: a, second: b}, (forward, backward),
                              after)
            continue
        from_a = ahead[a]
        for b in seconds:
            if b not in after:
                check_commute(game, state, {first: a, second: b}, (forward, backward),
                              after)
                continue
            one = _second_choice(game, after[a], from_a, b, forward, second, (a, b))
            other = _second_choice(game, after[b], ahead[b], a, backward, first, (a, b))
            if other != one:
                raise _order_dependent({first: a, second: b}, forward, backward, (a, b))


def _second_choice(game: AnyGame, state: Any, kept: dict[Any, Any], action: Any,
                   order: Sequence[int], seat: int, trail: tuple[Any, ...]) -> Any:
    """The state ``action`` (seat ``seat``'s, second in ``order``) leads to from
    ``state``: from ``kept`` (the states already reached from ``state``, by action), else
    applied and kept; a refusal is the commute check's violation."""
    try:
        return kept[action]
    except KeyError:
        try:
            reached = kept[action] = game.apply(state, action)
        except IllegalAction as exc:
            raise _refused_in_order(order, seat, action, exc, trail) from exc
        return reached


def _refused_in_order(order: Sequence[int], seat: int, action: Any, exc: IllegalAction,
                      trail: tuple[Any, ...]) -> Broken:
    return Broken("commute", f"in order {list(order)}, seat {seat}'s {action!r} was "
                             f"refused: {exc}", trail)


def _order_dependent(choices: Mapping[int, Any], one: Sequence[int], other: Sequence[int],
                     trail: tuple[Any, ...]) -> Broken:
    seats = sorted(choices)
    said = ", ".join(f"seat {seat}'s {choices[seat]!r}" for seat in seats)
    return Broken("commute", f"simultaneous choices of seats {seats} do not commute: "
                             f"{said} give other states in orders {list(one)} "
                             f"and {list(other)}", trail)
