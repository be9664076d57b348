"""The turn model and the action numbering the adapters give frameworks that know only
players 0..n-1.

partyrules games have two things OpenSpiel and PettingZoo do not: the table
(``TABLE``, seat -1), which rules on things the whole table judges, and races, where
several seats may act and the first one changes what follows (the Dreamer may guess
while a clue is due). The adapters map them the way ``partyrules play`` maps them for
bots (the match runner, :mod:`partyrules.core.match`, with the table's default player),
without building a runner at every step:

* **The table rules only when nobody else may act**, and then it raises no objection:
  its first listed action is applied automatically (:func:`settle`). A table ruling is
  human judgement; a framework's agents are the seats.
* **A race gives the turn to one of the racing seats**, drawn uniformly with the
  adapter's own seeded rng (:func:`next_turn`): the others may act after it, as at a
  real table.
* **A simultaneous step** (hidden, order-independent choices) is one decision of every
  pending seat; sequential frameworks take them one seat at a time, which changes
  nothing because the choices commute. A game says whether it has such steps in
  ``Game.simultaneous_steps``.

Everything game-specific comes from the :class:`~partyrules.Game` record; no game is
named here. **Tensors** are the encoding's tensor of a seat's view
(:func:`seat_tensor`: through the game's ``tensor_view`` where it declares one).
**Action ids** come from the game's encoding (``Game.encoding``,
:mod:`partyrules.core.encoding`) when it has one: fixed ids, the same move in every
state, ``num_actions(config)`` of them. A game without an encoding gets per-decision
ids: the index of the action in ``game.legal_actions(state, seat)``, which depends only
on what the seat may know (stable within an information state), bounded by
:data:`DEFAULT_ACTION_BOUND`. **The length bound** frameworks need is
``Game.max_decisions(config)`` (:func:`max_decisions`).

>>> import partyrules
>>> game = partyrules.get_game("dany")
>>> state = game.setup(game.Config(players=4), 3)
>>> turn, _ = next_turn(game, state, Rng.from_seed(0))
>>> turn
Turn(kind='sequential', seats=(0,))
>>> ids = legal_ids(game, state, 0)
>>> len(ids) == len(list(game.legal_actions(state, 0)))
True
>>> action_at(game, state, 0, ids[0]) in set(game.legal_actions(state, 0))
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Literal

import attrs

from partyrules.core.encoding import Numbered, seat_tensor
from partyrules.core.encoding import numbered as numbered_by_encoding
from partyrules.core.errors import IllegalAction, InvalidConfig
from partyrules.core.game import TABLE, AnyGame
from partyrules.core.match import NoObjection
from partyrules.core.rng import Rng

__all__ = [
    "DEFAULT_ACTION_BOUND",
    "DEFAULT_MAX_DECISIONS",
    "Numbered",
    "Turn",
    "action_at",
    "action_space_size",
    "has_encoding",
    "legal_ids",
    "max_decisions",
    "next_turn",
    "numbered",
    "numbered_actions",
    "seat_tensor",
    "settle",
    "settled_turn",
]

DEFAULT_ACTION_BOUND = 512
"""The size of the action space of a game without an encoding: its ids are per-decision
indices into ``legal_actions``, so a decision may offer at most this many actions (a
decision that offers more raises ``IllegalAction`` saying so). A game with an encoding
has ``encoding.num_actions(config)`` ids instead."""

DEFAULT_MAX_DECISIONS = 10_000
"""The bound on the decisions of one game for a game that declares no
``Game.max_decisions``."""


@attrs.frozen(slots=True)
class Turn:
    """Who decides next: one seat (``sequential``), every pending seat at once
    (``simultaneous``), or nobody (``terminal``)."""

    kind: Literal["sequential", "simultaneous", "terminal"]
    """The kind of decision."""
    seats: tuple[int, ...]
    """The deciding seats, in increasing order (empty at the end)."""


def has_encoding(game: AnyGame) -> bool:
    """True when ``game`` declares an encoding (fixed action ids, observation tensors)."""
    return game.encoding is not None


def action_space_size(game: AnyGame, config: Any) -> int:
    """The size of the frameworks' fixed action space for ``config``: the encoding's
    ``num_actions(config)``, or :data:`DEFAULT_ACTION_BOUND` without an encoding."""
    if game.encoding is None:
        return DEFAULT_ACTION_BOUND
    return int(game.encoding.num_actions(config))


def max_decisions(game: AnyGame, config: Any, label: str | None = None) -> int:
    """The bound on the decisions of one game of ``config`` (a joint action of a
    simultaneous step counts one): ``game.max_decisions(config)``, or
    :data:`DEFAULT_MAX_DECISIONS` for a game that declares none.

    A config the game declares unbounded (``max_decisions`` gives None, e.g. a game
    without a turn limit) raises :class:`~partyrules.InvalidConfig` naming ``label``
    (the game's name by default).
    """
    if game.max_decisions is None:
        return DEFAULT_MAX_DECISIONS
    bound = game.max_decisions(config)
    if bound is None:
        raise InvalidConfig(f"{label or game.name}: this config sets no bound on the number "
                            "of decisions of a game (no turn limit?), which the adapter needs")
    return int(bound)


def settle(game: AnyGame, state: Any,
           on_ruling: Callable[[Any, Any], None] | None = None) -> Any:
    """``state`` after the table's automatic rulings: while only the table may act, its
    first listed ruling is applied (what the match runner's
    :class:`~partyrules.core.match.NoObjection` plays); ``on_ruling(state_before,
    ruling)`` hears each one (to narrate or record it). ``IllegalAction`` for a running
    game where nobody may act (a game bug)."""
    return _settled(game, state, on_ruling)[0]


def _settled(game: AnyGame, state: Any, on_ruling: Callable[[Any, Any], None] | None,
             ) -> tuple[Any, frozenset[int] | None]:
    """:func:`settle`'s state and who may act in it (None once the game is over), so
    that the turn is read off the one ``to_act`` the settling asked for."""
    table = NoObjection(game)
    while not game.is_terminal(state):
        acting = game.to_act(state)
        if not acting:
            raise IllegalAction(f"{game.name}: the game is not over but no seat may act "
                                "(a game bug)")
        if acting != _TABLE_ONLY:
            return state, acting  # a seat decides: most states
        ruling = table.choose(state, TABLE, _UNUSED_RNG)
        after = game.apply(state, ruling)
        if on_ruling is not None:
            on_ruling(state, ruling)
        state = after
    return state, None


_TABLE_ONLY = frozenset({TABLE})

_UNUSED_RNG = random.Random(0)
"""The rng handed to the table's player, which draws nothing from it."""

_TERMINAL = Turn("terminal", ())


def next_turn(game: AnyGame, state: Any, rng: Rng) -> tuple[Turn, Rng]:
    """Who decides next in a settled state, and the rng after any race draw (one draw
    of the adapter's own rng, uniform among the racing seats, so that a cloned state
    draws the same)."""
    if game.is_terminal(state):
        return _TERMINAL, rng
    acting = game.to_act(state)
    if not acting - _TABLE_ONLY:
        raise IllegalAction("only the table may act: settle() the state first")
    return _turn(game, state, acting, rng)


def _turn(game: AnyGame, state: Any, acting: frozenset[int], rng: Rng,
          ) -> tuple[Turn, Rng]:
    """The turn of a running state where a seat may act (``acting``: ``to_act``)."""
    seats = tuple(sorted(acting - _TABLE_ONLY))
    if game.is_simultaneous(state):
        return Turn("simultaneous", seats), rng
    if len(seats) == 1:
        return Turn("sequential", seats), rng
    index, rng = rng.below(len(seats))
    return Turn("sequential", (seats[index],)), rng


def settled_turn(game: AnyGame, state: Any, rng: Rng,
                 on_ruling: Callable[[Any, Any], None] | None = None,
                 ) -> tuple[Any, Turn, Rng]:
    """:func:`settle` then :func:`next_turn` at once: the settled state, who decides next
    and the rng after any race draw, asking the rules who may act once where no ruling
    is due (a solver's step pays for every call).

    >>> import partyrules
    >>> game = partyrules.get_game("dinner")
    >>> state = game.setup(game.Config(players=3), 0)
    >>> settled_turn(game, state, Rng.from_seed(0)) == (
    ...     settle(game, state), *next_turn(game, settle(game, state), Rng.from_seed(0)))
    True
    """
    state, acting = _settled(game, state, on_ruling)
    if acting is None:
        return state, _TERMINAL, rng
    turn, rng = _turn(game, state, acting, rng)
    return state, turn, rng


def numbered(game: AnyGame, state: Any, seat: int) -> Numbered[Any]:
    """``seat``'s legal actions by action id (:class:`~partyrules.core.encoding.Numbered`:
    the ids in increasing order, the listed action of each): the encoding's ids
    (:func:`partyrules.core.encoding.numbered`, the game's own fast listing where it
    declares one), or ``0 .. len(legal actions) - 1`` without an encoding
    (``IllegalAction`` past :data:`DEFAULT_ACTION_BOUND`, or when two legal actions
    share an encoding id).

    Adapters keep this per state: it gives the mask (iterate it for the ids) and the
    action of an id (:meth:`~partyrules.core.encoding.Numbered.action`) at once.
    """
    if game.encoding is not None:
        return numbered_by_encoding(game, state, seat)
    actions = tuple(game.legal_actions(state, seat))
    if len(actions) > DEFAULT_ACTION_BOUND:
        raise IllegalAction(f"{game.name}: seat {seat} has {len(actions)} actions, more "
                            f"than the {DEFAULT_ACTION_BOUND} ids of a game without an "
                            "encoding (DEFAULT_ACTION_BOUND)")
    return Numbered(tuple(range(len(actions))), actions)


_numbered = numbered  # action_at's parameter of the same name hides it there


def numbered_actions(game: AnyGame, state: Any, seat: int) -> dict[int, Any]:
    """:func:`numbered` as a dict, id to action, in increasing id order."""
    found = numbered(game, state, seat)
    return dict(zip(found.ids, found.actions, strict=True))


def legal_ids(game: AnyGame, state: Any, seat: int) -> tuple[int, ...]:
    """The sorted action ids of ``seat``'s legal actions (its mask over the action space):
    the encoding's ids, or ``0 .. len(legal actions) - 1`` without an encoding."""
    return numbered(game, state, seat).ids


def action_at(game: AnyGame, state: Any, seat: int, action_id: int,
              numbered: Numbered[Any] | Mapping[int, Any] | None = None) -> Any:
    """The action numbered ``action_id`` for ``seat``; ``IllegalAction`` for an id that is
    not one of its legal ids. ``numbered`` is :func:`numbered` (or
    :func:`numbered_actions`) of the state, when the caller keeps it.

    The id must be a Python int (convert NumPy integers first).
    """
    if type(action_id) is not int:
        raise IllegalAction(f"{game.name}: an action id is an int, not {action_id!r}")
    if numbered is None:
        numbered = _numbered(game, state, seat)
    action = (numbered.action(action_id) if isinstance(numbered, Numbered)
              else numbered.get(action_id))
    if action is not None:
        return action
    ids = tuple(numbered)
    if game.encoding is None:
        raise IllegalAction(f"{game.name}: seat {seat} has actions 0 to {len(ids) - 1}, "
                            f"not {action_id!r}")
    shown = ", ".join(map(str, ids[:12])) + (", ..." if len(ids) > 12 else "")
    raise IllegalAction(f"{game.name}: {action_id} is not a legal action id of seat "
                        f"{seat} now (legal ids: {shown or 'none'})")
