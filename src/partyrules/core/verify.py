"""Exhaustive verification: every state reachable from a position, checked.

The test kit samples random playthroughs; the explorer visits every state reachable from
one position by every legal action of every seat that may act, breadth-first, each state
once (states are immutable and hashable, and the rng lives in the state, so the graph
from a seed is exact). At every state it checks the contract's invariants that apply to
one state and one transition, and the game's own :class:`~partyrules.Property` list:

``validate``
    the game's ``validate`` passes;
``ending``
    terminal iff nobody is to act; a finished game has a valid outcome, a running one
    refuses to give one;
``listing``
    seats to act have actions and only they do, none repeats, every listed action
    applies, ``random_action`` draws a listed one;
``refusal``
    actions near the listed ones, built from scratch or played out of phase are accepted
    exactly when listed, and anything refused raises ``IllegalAction``;
``round_trip``
    the state and every seat's and the spectator's view survive ``dumps``/``loads``:
    the first state or view of each shape (its class and its fields' classes, two
    levels down: a new phase, an optional field filled, another member of a union) and
    one state in :data:`ROUND_TRIP_SAMPLE` (by visit number) with its views; every
    state and view with ``every_round_trip``;
``conservation``
    the same components, each in one place, as at the start;
``no_leak``
    ``determinize`` for a seat keeps that seat's view, the spectator's view and the
    seat's actions;
``commute``
    at a simultaneous step, every pair of choices by two seats gives the same state in
    either order;
``property:NAME``
    each of the game's ``Game.properties`` holds.

A violation stops the search. Breadth-first order makes the path to it a shortest one;
it comes back as a :class:`~partyrules.Replay` that ``partyrules replay`` reproduces.

>>> import partyrules
>>> game = partyrules.get_game("dinner")
>>> report = explore(game, game.Config(players=3), seed=1, max_states=40)
>>> report.states, report.violation is None, report.complete
(40, True, False)
"""

from __future__ import annotations

import importlib.resources
import io
import math
import multiprocessing
import pickle
import random
import time
from collections import Counter, deque
from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Any

import attrs

from partyrules.core import invariants
from partyrules.core.config import shared
from partyrules.core.errors import CorruptState, IllegalAction, InvalidConfig
from partyrules.core.game import GAMES, TABLE, AnyGame, get_game
from partyrules.core.invariants import Broken, describe_crash
from partyrules.core.probing import action_key
from partyrules.core.replay import Replay
from partyrules.core.serialize import loads

POSITIONS_FOLDER = ("data", "explorations")
"""Where a game package keeps its stored exploration positions (replay files)."""

__all__ = ["CHECKS", "ROUND_TRIP_SAMPLE", "Progress", "Report", "Violation", "check_replay",
           "explore", "stored_positions"]

ROUND_TRIP_SAMPLE = 32
"""Without ``every_round_trip``, the states whose visit number is a multiple of this are
round-tripped with their views, besides the first document of each shape."""

AHEAD_LIMIT = 4096
"""The most states the explorer holds what the commute check applied after (the states
two simultaneous choices lead to, which the search meets again one state later)."""

CHECKS: tuple[str, ...] = ("validate", "ending", "listing", "refusal", "round_trip",
                           "conservation", "no_leak", "commute", "properties")
"""The checks the explorer runs at every state, in the order it runs them."""


@attrs.frozen(slots=True)
class Violation:
    """A state or transition that broke a check, with the shortest path to it.

    ``replay`` leads from the start to the state (and, for a transition, ends with the
    action at fault); ``depth`` counts the actions explored from the start position.
    """

    check: str
    message: str
    replay: Replay
    depth: int


@attrs.frozen(slots=True)
class Progress:
    """Where a running exploration stands: states found, states checked, states waiting
    to be checked, the depth being checked and the seconds spent."""

    states: int
    checked: int
    frontier: int
    depth: int
    seconds: float


@attrs.frozen(slots=True)
class Report:
    """What an exploration found.

    ``complete`` is True when every reachable state was visited (the budget was not
    reached and nothing was violated); ``outcomes`` counts the terminal states by the
    reason their game ended.
    """

    game: str
    config: Any
    seed: int
    start_actions: int
    """Actions of the start position's replay (0: the setup)."""
    states: int
    """States found (each reachable state once)."""
    checked: int
    """States visited and checked (all the states found, when ``complete``)."""
    transitions: int
    terminal: int
    outcomes: tuple[tuple[str, int], ...]
    max_depth: int
    seconds: float
    complete: bool
    stopped_by: str | None
    """``"max_states"`` or ``"max_seconds"`` when a budget ended the search early."""
    violation: Violation | None

    @property
    def states_per_second(self) -> float:
        """States checked per second."""
        return self.checked / self.seconds if self.seconds > 0 else float("inf")

    def summary(self) -> str:
        """A few readable lines."""
        how = ("complete" if self.complete else
               f"violation ({self.violation.check})" if self.violation is not None else
               f"stopped by {self.stopped_by}")
        lines = [
            f"{self.game} seed {self.seed}: {how}",
            f"  states {self.states:,}"
            + ("" if self.checked == self.states else f" ({self.checked:,} checked)")
            + f"  transitions {self.transitions:,}  "
            f"terminal {self.terminal:,}  max depth {self.max_depth}",
            f"  {self.seconds:.1f} s, {self.states_per_second:,.0f} states/s",
        ]
        if self.outcomes:
            lines.append("  outcomes: " + ", ".join(f"{reason} {count:,}"
                                                    for reason, count in self.outcomes))
        if self.violation is not None:
            lines.append(f"  {self.violation.check} at depth {self.violation.depth}: "
                         f"{self.violation.message}")
        return "\n".join(lines)


def explore(game: AnyGame | str, config: Any = None, *, seed: int = 0,
            start: Replay | None = None, max_states: int | None = 1_000_000,
            max_seconds: float | None = None, probes: int = 8,
            checks: Iterable[str] = CHECKS, every_round_trip: bool = False,
            workers: int = 1, pool: Callable[..., Any] | None = None,
            progress: Callable[[Progress], None] | None = None) -> Report:
    """Visit and check every state reachable from ``setup(config, seed)``, or from the
    position after ``start``'s actions (a replay file: the project's way to name a
    position so that any violation found from it replays too).

    ``max_states`` and ``max_seconds`` bound the search (None: no bound); ``probes`` is
    how many listed actions per state are mutated for the refusal check; ``checks``
    picks among :data:`CHECKS`; ``every_round_trip`` round-trips every state and view
    (by default each the first of its shape, see :data:`CHECKS`); ``progress`` is called
    now and then and at the end.

    ``workers`` processes check the states (1: this process), made by ``pool`` (a class
    like :class:`multiprocessing.pool.Pool`, the default, called with the number of
    processes, an initializer and its arguments; ``ray.util.multiprocessing.Pool``
    spreads them over a Ray cluster). States are assigned their numbers in this
    process, in breadth-first order, and checked with the rng of their number, so the
    report is the one process's, but for the seconds. (Each worker remembers the shapes
    it has round-tripped: a fault of the round trip that shows in one state of a shape
    and not in another may be met at another state, or met only here; with
    ``every_round_trip`` there is no difference.) A game record other than the
    registered one goes to the workers by value: it must pickle, unless the pool forks
    (the default pool does on Linux).

    Bad arguments raise ``InvalidConfig``; a fault of the game never escapes as an
    exception: it is the report's ``violation`` (check ``"crash"`` when a rule function
    raised something other than the contract's errors).
    """
    if isinstance(game, str):
        game = get_game(game)
    if start is not None:
        # The game given explores the position (a changed rule, a wrapped game): it must
        # be the game the replay was recorded in.
        if game.name != start.game:
            raise InvalidConfig(f"the start replay is of {start.game}, not {game.name}")
        config, seed = start.config, start.seed
    if config is None:
        config = game.Config(players=game.min_players)
    if not isinstance(config, game.Config):
        raise InvalidConfig(f"the config is a {type(config).__name__}, "
                            f"not a {game.name} Config")
    chosen = _chosen(checks)
    if max_states is not None and max_states < 1:
        raise InvalidConfig(f"max_states must be at least 1, not {max_states}")
    if workers < 1:
        raise InvalidConfig(f"workers must be at least 1, not {workers}")
    explorer = _Explorer(game, config, seed, start, chosen, probes, every_round_trip,
                         workers, pool)
    return explorer.run(max_states, max_seconds, progress)


def check_replay(replay: Replay, *, game: AnyGame | None = None, probes: int = 8,
                 checks: Iterable[str] = CHECKS, every_round_trip: bool = True
                 ) -> Violation | None:
    """Run the explorer's checks at every state along one replay, from its setup to its
    last action: the way to see, after changing a rule, that a violation the explorer
    saved is gone (or still there), without exploring the whole graph again.

    Returns the first violation met (its replay ends at the faulty state, or with the
    action at fault; its ``depth`` counts the replay's actions to it), or None. ``game``
    is the game to check with (by default the registered game the replay names: give
    your own record to check a changed rule). A path is short: every state and view on
    it is round-tripped unless ``every_round_trip`` is False. A replay whose actions are
    refused, or an unknown check, raises ``InvalidConfig``.

    >>> import partyrules
    >>> game = partyrules.get_game("dinner")
    >>> record = partyrules.play_match(game, game.Config(players=3),
    ...                                [partyrules.RandomBot(game)] * 3, seed=2)
    >>> check_replay(record.replay()) is None
    True
    """
    if game is None:
        game = get_game(replay.game)
    elif game.name != replay.game:
        raise InvalidConfig(f"the replay is of {replay.game}, not {game.name}")
    explorer = _Explorer(game, replay.config, replay.seed, None, _chosen(checks), probes,
                         every_round_trip)
    return explorer.walk(replay.actions)


def _chosen(checks: Iterable[str]) -> frozenset[str]:
    chosen = frozenset(checks)
    unknown = chosen - set(CHECKS)
    if unknown:
        raise InvalidConfig(f"unknown checks {sorted(unknown)}; known: {', '.join(CHECKS)}")
    return chosen


class _Explorer:
    def __init__(self, game: AnyGame, config: Any, seed: int, start: Replay | None,
                 checks: frozenset[str], probes: int, every_round_trip: bool,
                 workers: int = 1, pool: Callable[..., Any] | None = None) -> None:
        self.game = game
        # The games' caches keyed on a config (or its deck, its board) hold the first of
        # equal ones they met: exploring with that one keeps their look-ups at identity.
        self.config = shared(config)
        self.seed = seed
        self.prefix: tuple[Any, ...] = start.actions if start is not None else ()
        self.checks = checks
        self.probes = probes
        self.players = int(config.players)
        # Visit order: index -> state, its parent index and the action from the parent.
        self.states: list[Any] = []
        self.parents: list[tuple[int, Any]] = []
        self.depths: list[int] = []
        self.index: dict[Any, int] = {}
        self.transitions = 0
        self.checked = 0
        self.terminal = 0
        self.outcomes: Counter[str] = Counter()
        self.expected: Counter[Hashable] | None = None
        # Views and actions recur across many states: each is judged once.
        self.round_tripped: set[Any] = set()
        self.keys: dict[Any, Hashable] = {}
        # What the commute check applied beyond a state's successors, for the search.
        self.ahead: dict[Any, dict[Any, Any]] = {}
        self.keeping_ahead = False
        # Round trips once per shape of document, unless every one is asked for.
        self.shapes = None if every_round_trip else invariants.DocumentShapes()
        self.outcome: str | None = None  # the reason the state being checked ended, if it did
        self.workers = workers
        self.pool_class = pool
        self.pool: _Workers | None = None

    # -- the search -----------------------------------------------------------------------

    def run(self, max_states: int | None, max_seconds: float | None,
            progress: Callable[[Progress], None] | None) -> Report:
        began = time.perf_counter()
        violation = self._start()
        if violation is not None:
            return self._report(began, False, None, violation)
        if self.workers == 1:
            return self._search(began, max_states, max_seconds, progress)
        # Each worker process checks with an explorer of its own, made once.
        settings = (self.game.name if GAMES.get(self.game.name) is self.game else self.game,
                    self.config, self.seed, self.checks, self.probes, self.shapes is None,
                    self.expected)
        make = self.pool_class if self.pool_class is not None else multiprocessing.Pool
        with make(self.workers, _start_worker, (settings,)) as pool:
            self.pool = _Workers(pool, self.workers)
            try:
                return self._search(began, max_states, max_seconds, progress)
            finally:
                self.pool = None

    def _search(self, began: float, max_states: int | None, max_seconds: float | None,
                progress: Callable[[Progress], None] | None) -> Report:
        stopped_by: str | None = None
        violation: Violation | None = None
        frontier: deque[int] = deque([0])
        told = began
        while frontier:
            if self.checked % 32 == 0:  # the clock is read now and then, not per state
                now = time.perf_counter()
                if max_seconds is not None and now - began > max_seconds:
                    stopped_by = "max_seconds"
                    break
                if progress is not None and now - told > 0.2:
                    told = now
                    progress(Progress(len(self.states), self.checked, len(frontier),
                                      self.depths[frontier[0]], now - began))
            here = frontier.popleft()
            try:
                successors = self._visit(here)
            except Broken as found:
                violation = Violation(found.check, found.message,
                                      self._replay(here, found.trail),
                                      self.depths[here] + len(found.trail))
                break
            for action, after in successors:
                if after is None or after in self.index:  # None: a worker met it before
                    continue
                if max_states is not None and len(self.states) >= max_states:
                    stopped_by = "max_states"
                    break
                frontier.append(self._add(after, here, action, self.depths[here] + 1))
            if stopped_by is not None:
                break
        report = self._report(began, not frontier and violation is None and stopped_by is None,
                              stopped_by, violation)
        if progress is not None:
            progress(Progress(report.states, report.checked, len(frontier), report.max_depth,
                              report.seconds))
        return report

    def walk(self, actions: tuple[Any, ...]) -> Violation | None:
        """Check every state along ``actions`` from the start, each a child of the one
        before (:func:`check_replay`); the first violation, or None."""
        violation = self._start()
        if violation is not None:
            return violation
        state = self.states[0]
        for number in range(len(actions) + 1):
            try:
                self._visit(number)
            except Broken as found:
                return Violation(found.check, found.message,
                                 self._replay(number, found.trail), number + len(found.trail))
            if number == len(actions):
                break
            action = actions[number]
            try:
                state = self.game.apply(state, action)
            except IllegalAction as exc:
                raise InvalidConfig(f"the replay's action {number} is refused: "
                                    f"{exc}") from None
            except Exception as exc:
                return Violation("crash", describe_crash(f"applying {action!r}", exc),
                                 self._replay(number, (action,)), number + 1)
            self._add(state, number, action, number + 1)
        return None

    def _start(self) -> Violation | None:
        """Set up the start position as state 0 (and the inventory conservation keeps);
        a violation when setting it up failed."""
        try:
            root = self._root()
        except Broken as found:
            return Violation(found.check, found.message, self._replay(-1, found.trail), 0)
        self._add(root, -1, None, 0)
        if "conservation" in self.checks:
            self.expected = invariants.inventory(self.game, root)
        return None

    def _root(self) -> Any:
        try:
            state = self.game.setup(self.config, self.seed)
            for number, action in enumerate(self.prefix):
                try:
                    state = self.game.apply(state, action)
                except IllegalAction as exc:
                    raise InvalidConfig(f"the start replay's action {number} is refused: "
                                        f"{exc}") from None
        except (InvalidConfig, Broken):
            raise
        except Exception as exc:
            raise Broken("crash", describe_crash("setting up the start", exc)) from None
        return state

    def _add(self, state: Any, parent: int, action: Any, depth: int) -> int:
        number = len(self.states)
        self.states.append(state)
        self.parents.append((parent, action))
        self.depths.append(depth)
        self.index[state] = number
        return number

    def _replay(self, here: int, trail: tuple[Any, ...]) -> Replay:
        path: list[Any] = []
        while here > 0:
            here, action = self.parents[here]
            path.append(action)
        return Replay(self.game.name, self.config, self.seed,
                      (*self.prefix, *reversed(path), *trail))

    def _report(self, began: float, complete: bool, stopped_by: str | None,
                violation: Violation | None) -> Report:
        return Report(
            game=self.game.name, config=self.config, seed=self.seed,
            start_actions=len(self.prefix), states=len(self.states), checked=self.checked,
            transitions=self.transitions, terminal=self.terminal,
            outcomes=tuple(sorted(self.outcomes.items())),
            max_depth=max(self.depths, default=0), seconds=time.perf_counter() - began,
            complete=complete, stopped_by=stopped_by, violation=violation)

    # -- one state ------------------------------------------------------------------------

    def _visit(self, here: int) -> list[tuple[Any, Any]]:
        """Check state ``here``, count it; return its successors, one per listed action."""
        if self.pool is not None:
            successors, terminal, outcome, broken = self.pool.result(self, here)
        else:
            previous = (self.parents[here][1],) if here > 0 else ()
            successors, terminal, outcome, broken = _checked(self, here, self.states[here],
                                                             previous)
        self._count(successors, terminal, outcome, broken)
        return successors

    def _count(self, successors: list[tuple[Any, Any]], terminal: bool, outcome: str | None,
               broken: Broken | None) -> None:
        if outcome is not None:  # counted as soon as the ending is judged
            self.outcomes[outcome] += 1
        if broken is not None:
            raise broken
        self.checked += 1
        if terminal:
            self.terminal += 1
        self.transitions += len(successors)

    def _check(self, here: int, state: Any, previous: tuple[Any, ...]
               ) -> tuple[list[tuple[Any, Any]], bool]:
        """Check state number ``here`` (reached by the actions ``previous``, the last
        one or none); its successors, and whether it is terminal. Sets ``outcome``."""
        game = self.game
        checks = self.checks
        rng = random.Random(f"{self.seed}:{here}")
        self.outcome = None
        try:
            acting = game.to_act(state)
            if "validate" in checks:
                invariants.check_valid(game, state)
            if "ending" in checks:
                result = invariants.check_ending(game, state, acting, self.players)
                if result is not None:
                    self.outcome = result.reason
            if "properties" in checks:
                invariants.check_properties(game, state)
            if self.expected is not None:
                invariants.check_conservation(game, state, self.expected)
            # The state's views and listings, each computed once and shared by the checks.
            views: dict[int | None, Any] = {}
            options: dict[int, list[Any]] = {}

            def view(seat: int | None) -> Any:
                if seat not in views:
                    views[seat] = game.view(state, seat)
                return views[seat]

            def actions(seat: int) -> list[Any]:
                if seat not in options:
                    options[seat] = list(game.legal_actions(state, seat))
                return options[seat]

            if "round_trip" in checks:
                self._check_round_trip(here, state, view)
            if "no_leak" in checks:
                invariants.check_no_leak(game, state, self.players, rng, key=self._key,
                                         views=view, actions=actions, key_by_equality=True)
            listed = self._listings(acting, actions)
            successors = self._successors(state, listed)
            if "listing" in checks:
                for seat in sorted(acting):
                    invariants.check_random_action(game, state, seat, rng,
                                                   {self._key(a) for a in listed[seat]})
            if "refusal" in checks:
                self._check_refusal(state, acting, listed, rng, previous)
            if "commute" in checks and acting and game.is_simultaneous(state):
                self._check_commute(state, listed, dict(successors))
        except Broken:
            raise
        except Exception as exc:
            raise Broken("crash", describe_crash("checking this state", exc)) from None
        return successors, not acting

    def _key(self, action: Any) -> Hashable:
        """``action_key`` of a listed action, remembered (an action equal to a listed one
        but of other types inside, ``0.0`` for ``0``, must not use this: it is forged)."""
        try:
            return self.keys[action]
        except KeyError:
            key = self.keys[action] = action_key(action)
            return key

    def _check_round_trip(self, here: int, state: Any, view: Callable[[int | None], Any]
                          ) -> None:
        """The round trip of the state and its views (a view once, however many states
        show it): at every state with ``every_round_trip``; else at one state in
        :data:`ROUND_TRIP_SAMPLE` and, at the others, each document that is the first of
        its shape (:class:`~partyrules.core.invariants.DocumentShapes`)."""
        documents = (state, *(view(seat) for seat in (None, *range(self.players))))
        if self.shapes is not None:
            if here % ROUND_TRIP_SAMPLE:
                documents = tuple(document for document in documents
                                  if self.shapes.first(document))
            else:  # shapes are remembered all the same
                for document in documents:
                    self.shapes.first(document)
        if documents and documents[0] is state:
            invariants.check_documents(documents[:1])
            documents = documents[1:]
        invariants.check_documents(documents, self.round_tripped)

    def _listings(self, acting: frozenset[int], actions: Callable[[int], list[Any]]
                  ) -> dict[int, list[Any]]:
        listed: dict[int, list[Any]] = {}
        checking = "listing" in self.checks
        for seat in range(TABLE, self.players + 1):  # one past the last seat: a forged one
            options = actions(seat)
            if checking:
                invariants.check_listing(seat, acting, options)
            if seat in acting:
                listed[seat] = options
        return listed

    def _successors(self, state: Any, listed: dict[int, list[Any]]) -> list[tuple[Any, Any]]:
        successors: list[tuple[Any, Any]] = []
        # The commute check of a state before may have applied these actions already
        # (the rules accepted them: only those are held).
        found = self.ahead.pop(state, None) if self.ahead else None
        for seat in sorted(listed):
            for action in listed[seat]:
                if found and action in found:
                    successors.append((action, found[action]))
                    continue
                try:
                    successors.append((action, invariants.apply_listed(self.game, state,
                                                                       action)))
                except Broken:
                    raise
                except Exception as exc:
                    raise Broken("crash", describe_crash(f"applying listed {action!r}", exc),
                                 (action,)) from None
        return successors

    def _check_refusal(self, state: Any, acting: frozenset[int],
                       listed: dict[int, list[Any]], rng: random.Random,
                       previous: tuple[Any, ...]) -> None:
        enumerated = [a for seat in sorted(acting) for a in listed[seat]]
        # A sample at each state: over a whole graph every kind of forgery is met many times.
        candidates = invariants.refusal_candidates(
            self.game, state, enumerated, rng, max(1, self.probes // 4), keep=self.probes,
            previous=previous)  # the action that led here, out of phase
        invariants.check_refusal(self.game, state, candidates,
                                 {self._key(a) for a in enumerated}, listed=set(enumerated))

    def _check_commute(self, state: Any, listed: dict[int, list[Any]],
                       after: dict[Any, Any]) -> None:
        seats = sorted(listed)
        # The states two choices lead to are those the successors lead to by one choice.
        # Where three seats or more choose at once, each is met by the checks of several
        # states one choice before, and by the search: from the first such state on they
        # are kept. Where only two ever do (a two-seat game, a vote of two), each is met
        # here and by the search only, and keeping it would cost a look-up of every state
        # (a state hashes field by field) for the one step it spares.
        self.keeping_ahead = self.keeping_ahead or len(seats) > 2
        ahead = ({action: self._ahead(child) for action, child in after.items()}
                 if self.keeping_ahead else {action: {} for action in after})
        for position, first in enumerate(seats):
            for second in seats[position + 1:]:
                invariants.check_commuting_pairs(self.game, state, first, second,
                                                 listed[first], listed[second], after, ahead)

    def _ahead(self, state: Any) -> dict[Any, Any]:
        """The states the commute check found one action after ``state`` (action to
        state), held until the search checks ``state`` (:data:`AHEAD_LIMIT` states at
        most: past it, what is found is not held)."""
        found = self.ahead.get(state)
        if found is None:
            found = {}
            if len(self.ahead) < AHEAD_LIMIT:
                self.ahead[state] = found
        return found


_Checked = tuple[list[tuple[Any, Any]], bool, str | None, Broken | None]
"""A state's successors, whether it is terminal, the reason its game ended (None: it
did not, or the ending was not judged) and the check it broke, if any."""


def _checked(explorer: _Explorer, here: int, state: Any, previous: tuple[Any, ...]
             ) -> _Checked:
    try:
        successors, terminal = explorer._check(here, state, previous)
    except Broken as found:
        return [], False, explorer.outcome, found
    return successors, terminal, explorer.outcome, None


_Sent = tuple[int, list[tuple[Any, Any]], bool, str | None,
              tuple[str, str, tuple[Any, ...]] | None]
"""What a worker sends back of a state: its number and :data:`_Checked`, the check it
broke as plain values (an exception with arguments of its own does not pickle). A
successor the worker has met before (sent or been sent: the search has it numbered
already) comes back as None."""

_CONFIG_TOKEN = "config"
"""How the config of the exploration travels between processes: by this name, each
process putting its own config object in its place, so that the states of a process
share one config (equal configs of many objects compare field by field, and a deck or a
board would travel with every chunk of states)."""


class _Pickler(pickle.Pickler):
    def __init__(self, file: io.BytesIO, config: Any) -> None:
        super().__init__(file, pickle.HIGHEST_PROTOCOL)
        self.config = config

    def persistent_id(self, obj: Any) -> str | None:
        return _CONFIG_TOKEN if obj is self.config else None


class _Unpickler(pickle.Unpickler):
    def __init__(self, file: io.BytesIO, config: Any) -> None:
        super().__init__(file)
        self.config = config

    def persistent_load(self, pid: Any) -> Any:
        if pid != _CONFIG_TOKEN:
            raise pickle.UnpicklingError(f"unknown reference {pid!r}")
        return self.config


def _pack(obj: Any, config: Any) -> bytes:
    buffer = io.BytesIO()
    _Pickler(buffer, config).dump(obj)
    return buffer.getvalue()


def _unpack(data: bytes, config: Any) -> Any:
    return _Unpickler(io.BytesIO(data), config).load()


class _Worker:
    """A worker process's explorer, and the states it has met (sent or been sent). A
    worker takes its chunks in the search's order, so a state it sent before has been
    numbered by the time the search reads that it met it again."""

    def __init__(self, explorer: _Explorer) -> None:
        self.explorer = explorer
        self.met: set[Any] = set()


_WORKER: list[_Worker] = []
"""This worker process's explorer (one, set by the pool's initializer: a pool passes
nothing else from one task to the next)."""


def _start_worker(settings: tuple[Any, ...]) -> None:
    game, config, seed, checks, probes, every_round_trip, expected = settings
    explorer = _Explorer(get_game(game) if isinstance(game, str) else game, config, seed,
                         None, checks, probes, every_round_trip)
    explorer.expected = expected
    _WORKER[:] = [_Worker(explorer)]


def _check_chunk(packed: bytes) -> bytes:
    """Check states in a worker, in order, up to the first that breaks a check."""
    worker = _WORKER[0]
    config = worker.explorer.config
    met = worker.met
    sent: list[_Sent] = []
    chunk: list[tuple[int, Any, tuple[Any, ...]]] = _unpack(packed, config)
    for here, state, previous in chunk:
        met.add(state)
        successors, terminal, outcome, broken = _checked(worker.explorer, here, state,
                                                         previous)
        new: list[tuple[Any, Any]] = []
        for action, after in successors:
            if after in met:
                new.append((action, None))
            else:
                met.add(after)
                new.append((action, after))
        sent.append((here, new, terminal, outcome,
                     None if broken is None else (broken.check, broken.message, broken.trail)))
        if broken is not None:
            break
    return _pack(sent, config)


class _Workers:
    """States checked by a process pool, a stretch of the frontier at a time, their
    results handed to the search in its own order."""

    CHUNK = 64
    """The most states sent to a worker at once."""
    STRETCH = 1024
    """The most states sent out per worker before the search catches up."""

    def __init__(self, pool: Any, workers: int) -> None:
        self.pool = pool
        self.workers = workers
        self.ready: dict[int, _Sent] = {}
        self.pending: Iterator[bytes] | None = None

    def result(self, explorer: _Explorer, here: int) -> _Checked:
        """State ``here``'s result, sending out the frontier from it when it is not due."""
        while here not in self.ready:
            packed = next(self.pending, None) if self.pending is not None else None
            if packed is None:
                self._send(explorer, here)
                continue
            chunk: list[_Sent] = _unpack(packed, explorer.config)
            self.ready.update((sent[0], sent) for sent in chunk)
        _, successors, terminal, outcome, broken = self.ready.pop(here)
        return (successors, terminal, outcome,
                None if broken is None else Broken(*broken))

    def _send(self, explorer: _Explorer, first: int) -> None:
        # Every state from ``first`` on is in the frontier: found, not yet checked.
        end = min(len(explorer.states), first + self.workers * self.STRETCH)
        size = max(1, min(self.CHUNK, math.ceil((end - first) / (4 * self.workers))))
        chunks = [_pack([(number, explorer.states[number],
                          (explorer.parents[number][1],) if number > 0 else ())
                         for number in range(start, min(start + size, end))],
                        explorer.config)
                  for start in range(first, end, size)]
        self.pending = iter(self.pool.imap(_check_chunk, chunks))


def stored_positions(game: AnyGame) -> dict[str, Replay]:
    """The exploration positions a game ships, by name: replay files in its package's
    ``data/explorations`` folder, explored to the end on the game's page.

    >>> import partyrules
    >>> "" in stored_positions(partyrules.get_game("dinner"))
    False
    """
    package = game.State.__module__.rpartition(".")[0]
    try:
        folder = importlib.resources.files(package).joinpath(*POSITIONS_FOLDER)
        entries = sorted(folder.iterdir(), key=lambda entry: entry.name)
    except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError):
        return {}
    positions: dict[str, Replay] = {}
    for entry in entries:
        if entry.name.endswith(".json"):
            replay = loads(entry.read_text(encoding="utf-8"))
            if not isinstance(replay, Replay) or replay.game != game.name:
                raise CorruptState(f"{entry.name} is not a {game.name} replay", entry.name)
            positions[entry.name.removesuffix(".json")] = replay
    return positions
