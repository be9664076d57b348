"""What the adapters pay learners: the ``reward`` option of the OpenSpiel, PettingZoo and
Gymnasium adapters, the same in each.

* ``"win"`` (the default): at the end, each winner gets an equal share of 1 (ties split
  the win, so a decided game's returns sum to 1), everyone else 0; a game cut short
  (``Outcome.truncated``: a turn limit) pays 0 to every seat.
* ``"score"``: at the end, each seat's final score as a share of the best score (from 0
  to 1; a negative score counts as 0); a game that keeps no score pays as ``"win"``.
* ``"shaped"``: ``"win"`` at the end, plus, after every step, the change in each seat's
  standing by the game's heuristic (``Game.search.heuristic``, from 0 to 1):
  ``Φ(after) - Φ(before)``, with ``Φ`` taken as 0 once the game is decided (a game cut
  short keeps its last standing, as a truncation should). The shaping is
  potential-based (Ng, Harada and Russell, 1999): over a decided game it adds
  ``-Φ(start)``, the same whatever is played, so the best policy is unchanged while
  every step carries a signal.

Everything comes from the :class:`~partyrules.Game` record; no game is named here.

>>> import partyrules
>>> game = partyrules.get_game("dinner")
>>> state = game.setup(game.Config(players=3), 1)
>>> step_rewards(game, state, state, "win")
(0.0, 0.0, 0.0)
>>> check_reward_mode(game, "luck")
Traceback (most recent call last):
...
partyrules.core.errors.InvalidConfig: reward: 'luck' is not one of 'win', 'score', 'shaped'
"""

from __future__ import annotations

from typing import Any, Final, Literal, TypeAlias

from partyrules.core.errors import InvalidConfig
from partyrules.core.game import TABLE, AnyGame

__all__ = ["REWARD_MODES", "RewardMode", "check_reward_mode", "final_rewards",
           "held_mid_step", "step_rewards"]

RewardMode: TypeAlias = Literal["win", "score", "shaped"]
"""What a learner is paid (see the module's docstring)."""

REWARD_MODES: Final[tuple[RewardMode, ...]] = ("win", "score", "shaped")
"""Every reward mode, the default first."""


def check_reward_mode(game: AnyGame, mode: object) -> RewardMode:
    """``mode`` if it is a reward mode ``game`` can pay (``"shaped"`` needs the game's
    heuristic), else :class:`~partyrules.InvalidConfig` naming it."""
    for known in REWARD_MODES:
        if mode == known:
            if known == "shaped" and game.search.heuristic is None:
                raise InvalidConfig(f"reward: {game.name} has no heuristic to shape "
                                    "rewards with; use 'win' or 'score'", "reward")
            return known
    raise InvalidConfig(f"reward: {mode!r} is not one of "
                        f"{', '.join(map(repr, REWARD_MODES))}", "reward")


def final_rewards(game: AnyGame, state: Any, mode: RewardMode) -> tuple[float, ...]:
    """What each seat is paid at the end of a finished game (the terminal part of
    ``mode``; ``"shaped"`` pays ``"win"`` there)."""
    outcome = game.outcome(state)
    seats = _players(state)
    if outcome.truncated:
        return (0.0,) * seats
    if mode == "score" and outcome.scores is not None:
        best = max(outcome.scores)
        if best <= 0:
            return (0.0,) * seats
        return tuple(max(0, score) / best for score in outcome.scores)
    if not outcome.winners:
        return (0.0,) * seats
    share = 1.0 / len(outcome.winners)
    return tuple(share if seat in outcome.winners else 0.0 for seat in range(seats))


def step_rewards(game: AnyGame, before: Any, after: Any,
                 mode: RewardMode) -> tuple[float, ...]:
    """What each seat is paid for the step from ``before`` to ``after`` (one action, or a
    joint action, and the table's automatic rulings after it): the shaping of
    ``"shaped"``, plus :func:`final_rewards` when ``after`` ends the game."""
    seats = _players(before)
    paid = [0.0] * seats
    if mode == "shaped":
        heuristic = game.search.heuristic
        assert heuristic is not None  # check_reward_mode refuses "shaped" without one
        start = heuristic(before)
        # A true end is worth nothing more (Φ = 0 there); a game cut short keeps its
        # standing, which a learner that bootstraps at a truncation counts itself.
        decided = game.is_terminal(after) and not game.outcome(after).truncated
        end = (0.0,) * seats if decided else heuristic(after)
        paid = [end[seat] - start[seat] for seat in range(seats)]
    if game.is_terminal(after):
        paid = [reward + final for reward, final in
                zip(paid, final_rewards(game, after, mode), strict=True)]
    return tuple(paid)


def held_mid_step(game: AnyGame, before: Any, after: Any) -> bool:
    """True when the action from ``before`` to ``after`` was a choice of a simultaneous
    step that others have still to make (a ballot cast, more to come): nothing a seat may
    know changes until the step is over, so the adapters hold every payment till then."""
    if before is None or game.is_terminal(after):
        return False
    return (game.is_simultaneous(before) and game.is_simultaneous(after)
            and game.to_act(after) - _TABLE_ONLY < game.to_act(before) - _TABLE_ONLY)


_TABLE_ONLY = frozenset({TABLE})


def _players(state: Any) -> int:
    """The number of seats of a game's state (every game's state keeps its config)."""
    players: int = state.config.players
    return players
