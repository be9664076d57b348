"""The turn model the adapters give frameworks that know only players 0..n-1.

partyrules games have two things OpenSpiel and PettingZoo do not: the table
(``TABLE``, seat -1), which rules on things the whole table judges, and races, where
several seats may act and the first one changes what follows (the Dreamer may guess
while a clue is due). The adapters map them the same way as ``partyrules play`` maps
them for bots, through the match runner (:mod:`partyrules.core.match`):

* **The table rules only when nobody else may act**, and then it raises no objection:
  its first listed action is applied automatically (:func:`settle`). A table ruling is
  human judgement; a framework's agents are the seats.
* **A race gives the turn to one of the racing seats**, drawn with the adapter's own
  seeded rng (:func:`next_turn`): the others may act after it, as at a real table.
* **A simultaneous step** (hidden, order-independent choices) is one decision of every
  pending seat; sequential frameworks take them one seat at a time, which changes
  nothing because the choices commute.

Actions are numbered per decision: the action id is the index of the action in
``game.legal_actions(state, seat)``, which depends only on what the seat may know, so an
id is stable within an information state. :data:`ACTION_BOUNDS` gives each game's
documented bound on the ids (the size of the frameworks' fixed action spaces).

>>> import partyrules
>>> game = partyrules.get_game("dany")
>>> state = game.setup(game.Config(players=4), 3)
>>> turn, _ = next_turn(game, state, Rng.from_seed(0))
>>> turn
Turn(kind='sequential', seats=(0,))
>>> legal_ids(game, state, 0)[:3]
(0, 1, 2)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Literal

import attrs

from partyrules.core.errors import IllegalAction
from partyrules.core.game import TABLE, AnyGame
from partyrules.core.match import Match, NoObjection
from partyrules.core.rng import Rng

__all__ = ["ACTION_BOUNDS", "Turn", "action_at", "action_bound", "legal_ids", "next_turn",
           "settle"]

ACTION_BOUNDS: dict[str, int] = {
    "dany": 16,
    "dinner": 256,
    "dylan_dog": 64,
    "hollywood": 512,
    "when_i_dream": 512,
}
"""The most actions any seat may choose among at one decision, per game, with the
default decks (measured maxima: Dany 8, Dinner 64 (a ballot over a table of 6), Dylan
Dog 9 (a crypt's slots), Hollywood 37 (Stage 5 moves), When I Dream 129 (a guess per word
of the deck)). A custom deck that exceeds a bound raises ``IllegalAction`` naming it."""


@attrs.frozen(slots=True)
class Turn:
    """Who decides next: one seat (``sequential``), every pending seat at once
    (``simultaneous``), or nobody (``terminal``)."""

    kind: Literal["sequential", "simultaneous", "terminal"]
    seats: tuple[int, ...]


def action_bound(game: AnyGame) -> int:
    """The size of ``game``'s fixed action space (:data:`ACTION_BOUNDS`)."""
    return ACTION_BOUNDS.get(game.name, 512)


def settle(game: AnyGame, state: Any,
           on_ruling: Callable[[Any, Any], None] | None = None) -> Any:
    """``state`` after the table's automatic rulings: the match runner plays the table
    (:class:`~partyrules.core.match.NoObjection`, its first listed ruling) while only the
    table may act; ``on_ruling(state_before, ruling)`` hears each one (to narrate or record
    it)."""
    # Every seat is outside: the runner stops at the first seat, whatever its draw.
    match = Match(game, state, {}, table=NoObjection(game), rng=random.Random(0),
                  on_action=on_ruling)
    match.run()
    return match.state


def next_turn(game: AnyGame, state: Any, rng: Rng) -> tuple[Turn, Rng]:
    """Who decides next in a settled state, and the rng after any race draw (the match
    runner's draw, seeded from the adapter's own rng so that a state can be cloned)."""
    if game.is_terminal(state):
        return Turn("terminal", ()), rng
    seats = tuple(sorted(game.to_act(state) - {TABLE}))
    if not seats:
        raise IllegalAction("only the table may act: settle() the state first")
    if game.is_simultaneous(state):
        return Turn("simultaneous", seats), rng
    if len(seats) == 1:
        return Turn("sequential", seats), rng
    draw, rng = rng.next_u64()
    seat = Match(game, state, {}, rng=random.Random(draw)).next_seat()
    return Turn("sequential", (seat,)), rng


def _legal(game: AnyGame, state: Any, seat: int) -> list[Any]:
    actions = list(game.legal_actions(state, seat))
    bound = action_bound(game)
    if len(actions) > bound:
        raise IllegalAction(f"{game.name}: seat {seat} has {len(actions)} actions, more "
                            f"than the adapters' bound of {bound} (ACTION_BOUNDS)")
    return actions


def legal_ids(game: AnyGame, state: Any, seat: int) -> tuple[int, ...]:
    """The action ids of ``seat``: ``0 .. len(legal actions) - 1``."""
    return tuple(range(len(_legal(game, state, seat))))


def action_at(game: AnyGame, state: Any, seat: int, action_id: int) -> Any:
    """The action numbered ``action_id`` for ``seat``; ``IllegalAction`` for a bad id."""
    actions = _legal(game, state, seat)
    if type(action_id) is not int or not 0 <= action_id < len(actions):
        raise IllegalAction(f"{game.name}: seat {seat} has actions 0 to "
                            f"{len(actions) - 1}, not {action_id!r}")
    return actions[action_id]
