"""The search hooks of Dylan Dog: the rule of thumb that plays a seat
(:func:`playout_action`), the heuristic that judges a running game (:func:`heuristic`),
and how search bots' playouts use them (:data:`PLAYOUT_STEPS`, :data:`search_actions`).
Both hooks stand on the move planner and its values
(:mod:`~partyrules.games.dylan_dog.planner`).

>>> import random
>>> import partyrules
>>> game = partyrules.get_game("dylan_dog")
>>> state = game.setup(game.Config(players=3), 1)
>>> playout_action(state, 0, random.Random(1))
Roll(seat=0)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from partyrules.core.game import standing
from partyrules.games.dylan_dog.actions import Action
from partyrules.games.dylan_dog.planner import OWN_SHARE, choose, progress
from partyrules.games.dylan_dog.rules import MYSTERY_CARDS_TO_WIN, legal_actions, random_action
from partyrules.games.dylan_dog.state import State

__all__ = ["PLAYOUT_STEPS", "heuristic", "playout_action", "search_actions"]


def playout_action(state: State, seat: int, rng: random.Random) -> Action:
    """The greedy rule of thumb's action for ``seat`` (always a legal one; the rng only
    picks a crypt's slot, which are all alike, and breaks nothing else): the only legal
    action, or the planner's pick among them (:func:`~partyrules.games.dylan_dog.planner.choose`).
    """
    options = list(legal_actions(state, seat))
    if len(options) <= 1:
        if not options:
            return random_action(state, seat, rng)  # raises: the seat may not act now
        return options[0]
    return choose(state, seat, options, rng)


def heuristic(state: State) -> tuple[float, ...]:
    """How well each seat stands, from 0 to 1: :data:`~partyrules.games.dylan_dog.planner.OWN_SHARE`
    of its :func:`~partyrules.games.dylan_dog.planner.progress` over the 4 cards of a
    story and one more (so a running game stays below 1), the rest its progress as a
    share of the leader's. The own part keeps a leading seat keen: a share of the
    leader's alone is 1 for the leader whatever it does next.

    >>> import partyrules
    >>> game = partyrules.get_game("dylan_dog")
    >>> state = game.setup(game.Config(players=3), 1)
    >>> [round(v, 2) for v in heuristic(state)]     # only the white squares differ
    [0.19, 0.21, 0.22]
    """
    values = progress(state)
    shares = standing(values)
    return tuple([min(1.0, OWN_SHARE * min(value, _SCALE) / _SCALE + _LEADER_SHARE * share)
                  for value, share in zip(values, shares, strict=True)])


_SCALE = MYSTERY_CARDS_TO_WIN + 1
_LEADER_SHARE = 1 - OWN_SHARE


search_actions: Callable[[State, int], Iterator[Action]] | None = None
"""None: search bots weigh every legal action (a seat sees what tells Dylan Dog's
actions apart)."""

PLAYOUT_STEPS = 0
"""Search bots' playouts are judged at once by the heuristic. It plans the move in
progress to its end and values the next turn from where each pawn stands (the rule of
thumb follows the same plan), so playing it out repeated the plan at the price of the
planner; the game's page compares the playout lengths measured ("Measured")."""
