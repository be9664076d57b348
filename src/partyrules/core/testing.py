"""The shared test kit: hypothesis strategies over random playthroughs, the seven
invariants every partyrules game must keep, the checks of its encoding (its tensors
and ids, and its own fast listing of ids where it declares one) and of the draw its
random seats make from their view alone.

Use it to test a game of ours, a game of your own built on :class:`~partyrules.Game`, or a
property of your own over real games::

    from hypothesis import given, settings
    import partyrules
    from partyrules.core import testing

    dinner = partyrules.get_game("dinner")

    @settings(max_examples=50, deadline=None)
    @given(testing.playthroughs(dinner))
    def test_scores_never_decrease(playthrough):
        for before, after in zip(playthrough.states, playthrough.states[1:]):
            assert all(a >= b for a, b in zip(after.scores, before.scores))

Every check takes a game and a :class:`Playthrough`, raises :class:`InvariantViolation`
(an ``AssertionError``) that says how to reproduce the failure, and returns ``None``.
The expensive per-step checks look at a sample of states (``samples``); pass
``samples=None`` to check every state.

>>> from partyrules import get_game
>>> pt = play_random(get_game("dinner"), seed=3, players=3)
>>> check_all(get_game("dinner"), pt, samples=5)
>>> pt.states[-1] == pt.replay().final_state()
True
"""

from __future__ import annotations

import contextlib
import copy
import math
import random
import typing
from array import array
from collections.abc import Callable, Iterator
from typing import Any, Literal

import attrs

try:
    from hypothesis import strategies as st
except ImportError as missing:  # the kit is an extra: say which one
    raise ImportError("partyrules.core.testing needs hypothesis, which the kit extra "
                      "installs: pip install 'partyrules[kit]'",
                      name=missing.name) from missing

from partyrules.core import invariants
from partyrules.core.encoding import number_listing, observation_size
from partyrules.core.errors import IllegalAction, InvalidConfig
from partyrules.core.game import TABLE, TABLE_RATE, AnyGame
from partyrules.core.invariants import Broken
from partyrules.core.match import Match, PeekingRandomPlayer
from partyrules.core.probing import action_key, normalize_action, strict_key
from partyrules.core.replay import Replay
from partyrules.core.serialize import dumps, loads

__all__ = [
    "INVARIANTS",
    "InvariantViolation",
    "Playthrough",
    "action_key",
    "apply_all",
    "assert_refused",
    "check_all",
    "check_conservation",
    "check_continues",
    "check_determinism",
    "check_encoding",
    "check_honest_draw",
    "check_legal_matches_apply",
    "check_no_leak",
    "check_numbered",
    "check_playthrough_ends",
    "check_round_trip",
    "check_simultaneous_commute",
    "configs",
    "json_nodes",
    "normalize_action",
    "play_random",
    "playthroughs",
]

MAX_STEPS = 100_000
"""A random game longer than this counts as one that does not end."""


class InvariantViolation(AssertionError):
    """A game broke one of the contract's invariants; the message says how to replay it."""


@attrs.frozen(slots=True, eq=False)
class Playthrough:
    """A random game as played: its config, seeds, the actions and every state met.

    ``states[0]`` is the initial state and ``states[i + 1]`` follows ``actions[i]``.
    """

    game: str
    config: Any
    seed: int
    bot_seed: int
    actions: tuple[Any, ...]
    states: tuple[Any, ...]

    def replay(self, upto: int | None = None) -> Replay:
        """The replay of the first ``upto`` actions (all by default)."""
        return Replay(self.game, self.config, self.seed, self.actions[:upto])

    def __repr__(self) -> str:
        return (f"Playthrough(game={self.game!r}, config={self.config!r}, seed={self.seed}, "
                f"bot_seed={self.bot_seed}, actions={len(self.actions)})")


def play_random(game: AnyGame, config: Any = None, seed: int = 0, *, players: int | None = None,
                bot_seed: int | None = None, max_steps: int = MAX_STEPS,
                table_rate: float = TABLE_RATE) -> Playthrough:
    """Play a game through the match runner (:class:`~partyrules.core.match.Match`) with
    every seat, the table included, choosing ``random_action``; the table's rulings are
    let in with probability ``table_rate`` while a seat could act, so that random play
    reaches them. Deterministic in ``(config, seed, bot_seed)``."""
    if config is None:
        config = game.Config(players=players if players is not None else game.min_players)
    bot_seed = seed if bot_seed is None else bot_seed
    player = PeekingRandomPlayer(game)
    match = Match(game, game.setup(config, seed), dict.fromkeys(range(config.players), player),
                  table=player, rng=random.Random(bot_seed), table_rate=table_rate,
                  max_steps=max_steps, keep_states=True)
    try:
        match.run()
    except IllegalAction as refused:
        raise InvariantViolation(f"{game.name}: {refused} at step {len(match.actions)} "
                                 f"(config={config!r}, seed={seed}, bot_seed={bot_seed})"
                                 ) from refused
    if match.capped:
        raise InvariantViolation(f"{game.name}: no end after {max_steps} random actions "
                                 f"(config={config!r}, seed={seed}, bot_seed={bot_seed})")
    actions, states = match.actions, match.states or ()
    return Playthrough(game.name, config, seed, bot_seed, tuple(actions), tuple(states))


def apply_all(game: AnyGame, state: Any, *actions: Any) -> Any:
    """``state`` after ``actions`` in order, each intermediate state checked by the
    game's ``validate``: the rule tests' way to play a scripted sequence."""
    for action in actions:
        state = game.apply(state, action)
        game.validate(state)
    return state


def assert_refused(game: AnyGame, state: Any, action: Any, *words: str) -> None:
    """``action`` raises ``IllegalAction`` whose message holds every one of ``words``,
    leaves ``state`` equal to before, and is not among the legal actions."""
    before = copy.deepcopy(state)
    try:
        game.apply(state, action)
    except IllegalAction as refused:
        message = str(refused)
    else:
        raise InvariantViolation(f"{action!r} was accepted")
    if state != before:
        raise InvariantViolation(f"refusing {action!r} changed the state")
    missing = [word for word in words if word not in message]
    if missing:
        raise InvariantViolation(f"the refusal {message!r} does not say {missing}")
    seat = getattr(action, "seat", None)
    if type(seat) is int and action_key(action) in {
            action_key(a) for a in game.legal_actions(state, seat)}:
        raise InvariantViolation(f"{action!r} is refused but listed as legal")


# -- strategies ----------------------------------------------------------------------------


def configs(game: AnyGame, **fixed: Any) -> st.SearchStrategy[Any]:
    """Configs of ``game``: any supported player count, every boolean option and every
    choice among named values (a ``Literal`` field) drawn, every integer option either
    at its default or drawn from 0 to 9 (a first player, a small deck), kept when the
    config accepts it; other options at their defaults, or as given in ``fixed``: a
    value, or a strategy to draw it from (``turn_limit=st.integers(20, 100)``)."""
    drawn: dict[str, st.SearchStrategy[Any]] = {
        "players": st.integers(game.min_players, game.max_players)}
    hints = typing.get_type_hints(game.Config)
    for field in attrs.fields(game.Config):
        if field.name == "players":
            continue
        if isinstance(field.default, bool):
            drawn[field.name] = st.booleans()
        elif type(field.default) is int:
            drawn[field.name] = st.one_of(st.just(field.default), st.integers(0, 9))
        elif typing.get_origin(hints[field.name]) is Literal:
            drawn[field.name] = st.sampled_from(typing.get_args(hints[field.name]))
    drawn.update({name: value if isinstance(value, st.SearchStrategy) else st.just(value)
                  for name, value in fixed.items()})

    def build(values: dict[str, Any]) -> Any:
        try:
            return game.Config(**values)
        except InvalidConfig:
            return None

    return st.fixed_dictionaries(drawn).map(build).filter(lambda config: config is not None)


def playthroughs(game: AnyGame, config: st.SearchStrategy[Any] | None = None,
                 max_steps: int = MAX_STEPS) -> st.SearchStrategy[Playthrough]:
    """Random playthroughs of ``game``: a config (from :func:`configs` unless given), a
    game seed and a bot seed; shrinking looks for smaller seeds and player counts."""
    seeds = st.integers(0, 2**64 - 1)
    return st.builds(
        lambda cfg, seed, bot_seed: play_random(game, cfg, seed, bot_seed=bot_seed,
                                                max_steps=max_steps),
        config if config is not None else configs(game), seeds, seeds,
    )


# -- helpers ----------------------------------------------------------------------------------


def _fail(game: AnyGame, pt: Playthrough, step: int | None, message: str) -> InvariantViolation:
    where = "" if step is None else f" at step {step}"
    state = "states[-1]" if step is None else f"states[{step}]"
    return InvariantViolation(
        f"{game.name}{where}: {message}\n  reproduce: pt = play_random(get_game({game.name!r}), "
        f"loads({dumps(pt.config)!r}), seed={pt.seed}, bot_seed={pt.bot_seed}); "
        f"pt.{state} is the state; dumps(pt.replay({'' if step is None else step})) "
        "is the bug report")


@contextlib.contextmanager
def _reported(game: AnyGame, pt: Playthrough, step: int | None) -> Iterator[None]:
    """A failed check of :mod:`partyrules.core.invariants` inside, as the kit reports one:
    an :class:`InvariantViolation` that says how to reproduce it."""
    try:
        yield
    except Broken as broken:
        raise _fail(game, pt, step, broken.message) from broken.__cause__


ENUMERATED = "enumerated"
"""The kit's word for the actions a game lists (the explorer says "listed")."""


def _sampled(pt: Playthrough, samples: int | None, salt: int) -> Iterator[int]:
    """Indices of states to check: all, or ``samples`` of them (always the first and the
    last), chosen deterministically from the playthrough's seeds."""
    count = len(pt.states)
    if samples is None or samples >= count:
        yield from range(count)
        return
    rng = random.Random(pt.seed ^ pt.bot_seed ^ salt)
    chosen = {0, count - 1, *rng.sample(range(count), max(0, samples - 2))}
    yield from sorted(chosen)


def _seats(state: Any) -> range:
    return range(TABLE, _players(state) + 1)  # one past the last seat: a forged seat


def _players(state: Any) -> int:
    return int(state.config.players)


# -- the seven invariants -------------------------------------------------------------------


def check_playthrough_ends(game: AnyGame, pt: Playthrough) -> None:
    """1. A random playthrough ends within the step bound with a valid outcome; a running
    game has no outcome."""
    last = pt.states[-1]
    if not game.is_terminal(last) or game.to_act(last):
        raise _fail(game, pt, len(pt.actions), "the playthrough stopped before the end")
    players = _players(last)
    with _reported(game, pt, None):
        invariants.check_ending(game, last, (), players)
    for index in (0, len(pt.states) // 2):
        state = pt.states[index]
        if game.is_terminal(state):
            continue
        with _reported(game, pt, index):
            invariants.check_ending(game, state, game.to_act(state), players)


def check_determinism(game: AnyGame, pt: Playthrough, samples: int | None = 20) -> None:
    """2. The same config, seed and actions give equal states."""
    state = game.setup(pt.config, pt.seed)
    check = set(_sampled(pt, samples, 2))
    for index, action in enumerate((None, *pt.actions)):
        if action is not None:
            state = game.apply(state, action)
        if index in check and state != pt.states[index]:
            raise _fail(game, pt, index, "replaying the same actions gave a different state")


def check_legal_matches_apply(game: AnyGame, pt: Playthrough, samples: int | None = 12,
                              per_state: int = 8) -> None:
    """3. Soundness and completeness: every enumerated action applies; ``random_action``
    is among them; mutated, forged, out-of-turn and out-of-phase actions are accepted
    exactly when enumerated, else raise ``IllegalAction`` leaving the state equal."""
    rng = random.Random(pt.seed ^ 3)
    for index in _sampled(pt, samples, 3):
        state = pt.states[index]
        snapshot = copy.deepcopy(state)
        acting = game.to_act(state)
        legal: set[Any] = set()
        with _reported(game, pt, index):
            for seat in _seats(state):
                options = list(game.legal_actions(state, seat))
                invariants.check_listing(seat, acting, options)
                keys = {action_key(a) for a in options}
                legal.update(keys)
                for action in rng.sample(options, min(per_state, len(options))):
                    invariants.apply_listed(game, state, action, ENUMERATED)
                if seat in acting:
                    invariants.check_random_action(game, state, seat, rng, keys)
            enumerated = [a for seat in acting for a in game.legal_actions(state, seat)]
            # The same action again: out of phase.
            previous = (pt.actions[index - 1],) if index > 0 else ()
            candidates = invariants.refusal_candidates(game, state, enumerated, rng,
                                                       per_state, previous=previous)
            invariants.check_refusal(game, state, candidates, legal, ENUMERATED)
        if state != snapshot:
            raise _fail(game, pt, index, "trying actions changed the state")


def check_round_trip(game: AnyGame, pt: Playthrough, samples: int | None = 6) -> None:
    """4. ``loads(dumps(x)) == x`` for states, every seat's view, actions and the outcome,
    and a loaded state passes ``validate``."""
    players = _players(pt.states[0])
    for index in _sampled(pt, samples, 4):
        action = (pt.actions[index],) if index < len(pt.actions) else ()
        with _reported(game, pt, index):
            invariants.check_round_trip(game, pt.states[index], players, *action)
    with _reported(game, pt, None):
        invariants.check_documents((pt.config, game.outcome(pt.states[-1]), pt.replay()))


def check_no_leak(game: AnyGame, pt: Playthrough, samples: int | None = 6) -> None:
    """5. No leak: ``view(determinize(s, seat, rng), seat) == view(s, seat)``, and the
    spectator's view is unchanged too (a spectator knows less than any seat); the
    determinized state is valid and offers the seat the same actions."""
    rng = random.Random(pt.bot_seed ^ 5)
    players = _players(pt.states[0])
    for index in _sampled(pt, samples, 5):
        with _reported(game, pt, index):
            invariants.check_no_leak(game, pt.states[index], players, rng)


def check_conservation(game: AnyGame, pt: Playthrough, samples: int | None = None) -> None:
    """6. Every component is in exactly one place, the same components at every step;
    every state passes the game's ``validate``. Components are distinct values (a game
    with identical tokens numbers them)."""
    expected = invariants.inventory(game, pt.states[0])
    for index in _sampled(pt, samples, 6):
        state = pt.states[index]
        game.validate(state)
        with _reported(game, pt, index):
            invariants.check_conservation(game, state, expected)


def check_simultaneous_commute(game: AnyGame, pt: Playthrough, samples: int | None = 8) -> None:
    """7. Where ``is_simultaneous``, the pending seats' choices give the same state in any
    order of submission."""
    rng = random.Random(pt.seed ^ 7)
    simultaneous = [i for i, s in enumerate(pt.states) if game.is_simultaneous(s)]
    if samples is not None and len(simultaneous) > samples:
        simultaneous = rng.sample(simultaneous, samples)
    for index in sorted(simultaneous):
        state = pt.states[index]
        seats = sorted(game.to_act(state))
        choices = {seat: game.random_action(state, seat, rng) for seat in seats}
        orders = [seats, seats[::-1], rng.sample(seats, len(seats))]
        with _reported(game, pt, index):
            invariants.check_commute(game, state, choices, orders)


def json_nodes(document: Any, path: tuple[str | int, ...] = ()
               ) -> Iterator[tuple[tuple[str | int, ...], Any]]:
    """Every value of a parsed JSON document with its path (keys and indices), the
    document first: the places a mutation test of loading may change.

    >>> [path for path, _ in json_nodes({"a": [1, {"b": None}]})]
    [(), ('a',), ('a', 0), ('a', 1), ('a', 1, 'b')]
    """
    yield path, document
    if isinstance(document, dict):
        for key, value in document.items():
            yield from json_nodes(value, (*path, key))
    elif isinstance(document, list):
        for index, value in enumerate(document):
            yield from json_nodes(value, (*path, index))


def check_continues(game: AnyGame, state: Any, rng: random.Random, steps: int = 50,
                    tried: int = 3) -> int:
    """The promise of strict loading, on a state from anywhere (a loaded file, a fuzzed
    one): the engine can go on from it. For up to ``steps`` random actions, each state
    validates and round-trips; it is terminal exactly when nobody may act; every seat
    that may act has a legal action; ``tried`` of one acting seat's listed actions apply
    and give states that validate, and are narrated for every viewer; every seat's view
    and the spectator's round-trip and render. Returns the number of actions played.

    >>> from partyrules import get_game
    >>> game = get_game("dinner")
    >>> check_continues(game, game.setup(game.Config(players=3), 1), random.Random(2))
    50
    """
    viewers = (None, *range(_players(state)))
    player = PeekingRandomPlayer(game)
    match = Match(game, state, dict.fromkeys(range(_players(state)), player), table=player,
                  rng=rng, table_rate=TABLE_RATE)
    for step in range(steps):
        state = match.state
        game.validate(state)
        if loads(dumps(state)) != state:
            raise InvariantViolation(f"{game.name}: a state changed in a round trip "
                                     f"at step {step}")
        for viewer in viewers:
            view = game.view(state, viewer)
            if loads(dumps(view)) != view:
                raise InvariantViolation(f"{game.name}: the view of {viewer} changed in a "
                                         f"round trip at step {step}")
            if not isinstance(game.render_view(view), str):
                raise InvariantViolation(f"{game.name}: render_view gave no text")
        acting = game.to_act(state)
        if game.is_terminal(state) != (not acting):
            raise InvariantViolation(f"{game.name}: terminal={game.is_terminal(state)} but "
                                     f"seats {sorted(acting)} may act, at step {step}")
        if not acting:
            game.outcome(state)
            return step
        for seat in acting:
            if next(game.legal_actions(state, seat), None) is None:
                raise InvariantViolation(f"{game.name}: seat {seat} may act but has no "
                                         f"legal action, at step {step}")
        seat = sorted(acting)[rng.randrange(len(acting))]
        legal = list(game.legal_actions(state, seat))
        for action in rng.sample(legal, min(tried, len(legal))):
            game.validate(game.apply(state, action))
            for viewer in viewers:
                if not isinstance(game.describe_action(state, action, viewer), str):
                    raise InvariantViolation(f"{game.name}: no narration of {action!r}")
        match.step()
    return steps


def check_encoding(game: AnyGame, pt: Playthrough, samples: int | None = 8) -> None:
    """8. The game's encoding (:mod:`partyrules.core.encoding`), when it has one: every
    listed action has an id in the space, no two share one, and the id gives the action
    back (free text as the game's representative text); a seat's tensor has the declared
    size, is the same through the encoding's ``tensor_view`` when it declares one, holds
    finite floats, lies within the encoding's ``observation_bounds`` when it
    declares them, is the same for equal views (a view that went through JSON) and for the
    state ``determinize`` draws for that seat, and changes when the seat's view changes
    from one sampled state to the next."""
    encoding = game.encoding
    if encoding is None:
        return
    rng = random.Random(pt.seed ^ 8)
    size = observation_size(game, pt.config)
    actions = encoding.num_actions(pt.config)
    bounds = _float32_bounds(encoding, pt.config, size)
    previous: dict[int, tuple[Any, Any]] = {}
    for index in _sampled(pt, samples, 8):
        state = pt.states[index]
        for seat in game.to_act(state):
            ids: set[int] = set()
            for action in game.legal_actions(state, seat):
                number = encoding.action_id(state, action)
                if type(number) is not int or not 0 <= number < actions:
                    raise _fail(game, pt, index, f"{action!r} has id {number!r}, outside "
                                                 f"0..{actions - 1}")
                if number in ids:
                    raise _fail(game, pt, index, f"{action!r} shares id {number}")
                ids.add(number)
                back = encoding.action_from_id(state, seat, number)
                if action_key(back) != action_key(action):
                    raise _fail(game, pt, index, f"id {number} of {action!r} gives back "
                                                 f"{back!r}")
        for seat in range(_players(state)):
            view = game.view(state, seat)
            tensor = tuple(encoding.observation_tensor(view))
            if len(tensor) != size or not all(map(math.isfinite, tensor)):
                raise _fail(game, pt, index, f"seat {seat}'s tensor has {len(tensor)} floats "
                                             f"(expected {size}) or a non-finite one")
            if bounds is not None:
                outside = next((i for i, (value, low, high) in enumerate(zip(
                    tensor, *bounds, strict=True)) if not low <= value <= high), None)
                if outside is not None:
                    raise _fail(game, pt, index, f"seat {seat}'s float {outside} is "
                                                 f"{tensor[outside]}, outside its bounds "
                                                 f"{bounds[0][outside]} to "
                                                 f"{bounds[1][outside]}")
            if (encoding.tensor_view is not None and tuple(encoding.observation_tensor(
                    encoding.tensor_view(state, seat))) != tensor):
                raise _fail(game, pt, index, f"seat {seat}'s tensor_view gave another tensor "
                                             "than its view")
            if tuple(encoding.observation_tensor(loads(dumps(view)))) != tensor:
                raise _fail(game, pt, index, f"equal views of seat {seat} gave other tensors")
            drawn = game.view(game.determinize(state, seat, rng), seat)
            if tuple(encoding.observation_tensor(drawn)) != tensor:
                raise _fail(game, pt, index, f"determinize changed seat {seat}'s tensor")
            before = previous.get(seat)
            if before is not None and before[0] != view and before[1] == tensor:
                raise _fail(game, pt, index, f"seat {seat}'s view changed since the last "
                                             "sampled state but its tensor did not")
            previous[seat] = (view, tensor)


def check_numbered(game: AnyGame, pt: Playthrough, samples: int | None = None) -> None:
    """9. The encoding's own listing of ids (``Encoding.numbered``), when it declares one:
    at every state (by default) and for every seat and the table, it gives exactly what
    numbering ``legal_actions`` gives (:func:`~partyrules.core.encoding.number_listing`):
    the same ids in increasing order, and for each the listed action, free text included
    (a fast listing that drifted from the rules would hand frameworks other moves)."""
    encoding = game.encoding
    if encoding is None or encoding.numbered is None:
        return
    for index in _sampled(pt, samples, 9):
        state = pt.states[index]
        for seat in range(TABLE, _players(state)):
            fast = encoding.numbered(state, seat)
            slow = number_listing(game, state, seat)
            if type(fast.ids) is not tuple or fast.ids != slow.ids:
                raise _fail(game, pt, index, f"seat {seat}'s fast listing has the ids "
                                             f"{fast.ids!r}, numbering legal_actions gives "
                                             f"{slow.ids!r}")
            if (len(fast.actions) != len(slow.actions)
                    or list(map(strict_key, fast.actions))
                    != list(map(strict_key, slow.actions))):
                raise _fail(game, pt, index, f"seat {seat}'s fast listing has the actions "
                                             f"{fast.actions!r}, legal_actions lists "
                                             f"{slow.actions!r}")


def check_honest_draw(game: AnyGame, pt: Playthrough, samples: int | None = 6,
                      redeals: int = 2, draws: int = 3) -> None:
    """10. The draw a random seat makes from its view alone (``Game.honest_draw``:
    ``random_action`` where the game declares ``random_action_from_view``, else its
    ``honest_random_action``) reads nothing else: for every seat to act at the sampled
    states, the same rng seed draws the same action, free text included, and leaves the
    rng in the same state, in the real state and in ``redeals`` states ``determinize``
    deals for that seat; the action applies. A game that declares neither passes (its
    random bots redeal before every draw)."""
    draw = game.honest_draw()
    if draw is None:
        return
    rng = random.Random(pt.seed ^ pt.bot_seed ^ 10)
    for index in _sampled(pt, samples, 10):
        state = pt.states[index]
        for seat in sorted(game.to_act(state) - {TABLE}):
            deals = [game.determinize(state, seat, random.Random(rng.getrandbits(64)))
                     for _ in range(redeals)]
            for _ in range(draws):
                seed = rng.getrandbits(64)
                ours = random.Random(seed)
                chosen = draw(state, seat, ours)
                try:
                    game.apply(state, chosen)
                except IllegalAction as refused:
                    raise _fail(game, pt, index, f"seat {seat}'s honest draw {chosen!r} is "
                                                 f"refused: {refused}") from refused
                for deal in deals:
                    theirs = random.Random(seed)
                    other = draw(deal, seat, theirs)
                    if strict_key(other) != strict_key(chosen):
                        raise _fail(game, pt, index, f"seat {seat}'s honest draw follows "
                                                     f"what it cannot see: {chosen!r}, "
                                                     f"{other!r} on a redeal")
                    if theirs.getstate() != ours.getstate():
                        raise _fail(game, pt, index, f"seat {seat}'s honest draw takes "
                                                     "more or less randomness on a redeal: "
                                                     "its next draws follow what it "
                                                     "cannot see")


def _float32_bounds(encoding: Any, config: Any, size: int
                    ) -> tuple[array[float], array[float]] | None:
    """The encoding's ``observation_bounds`` of ``config`` as float32, the tensors' own
    precision (a value at its bound rounds as the bound does), checked to have ``size``
    entries and low <= high; None when it declares none."""
    if encoding.observation_bounds is None:
        return None
    low, high = (array("f", side) for side in encoding.observation_bounds(config))
    if len(low) != size or len(high) != size:
        raise InvariantViolation(f"observation_bounds gives {len(low)} and {len(high)} "
                                 f"bounds for a tensor of {size} floats")
    if any(a > b for a, b in zip(low, high, strict=True)):
        raise InvariantViolation("observation_bounds has a low bound above its high bound")
    return low, high


INVARIANTS: tuple[tuple[str, Callable[[AnyGame, Playthrough], None]], ...] = (
    ("playthrough_ends", check_playthrough_ends),
    ("determinism", check_determinism),
    ("legal_matches_apply", check_legal_matches_apply),
    ("round_trip", check_round_trip),
    ("no_leak", check_no_leak),
    ("conservation", check_conservation),
    ("simultaneous_commute", check_simultaneous_commute),
    ("encoding", check_encoding),
    ("numbered", check_numbered),
    ("honest_draw", check_honest_draw),
)
"""The contract's invariants, by name, with their default sampling: the seven every game
keeps, its encoding's two (which a game without an encoding, or without a listing of
its own, passes by having none), and its random seats' honest draw (which a game that
offers none passes)."""


def check_all(game: AnyGame, pt: Playthrough,
              samples: int | Literal["default"] | None = "default") -> None:
    """Run every invariant of :data:`INVARIANTS` on one playthrough. ``samples`` is given
    to every sampled check: a number of states, None for every state, ``"default"`` for
    each check's own."""
    for _, check in INVARIANTS:
        if samples == "default" or check is check_playthrough_ends:
            check(game, pt)
        else:
            check(game, pt, samples)  # type: ignore[call-arg]
