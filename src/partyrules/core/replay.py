"""Replays: a game, its config, a seed and the actions taken -- every state follows.

A replay file is the bug report format of the project: ``partyrules replay FILE``
re-applies it and narrates it.

>>> import partyrules
>>> game = partyrules.get_game("dinner")
>>> config = game.Config(players=3)
>>> state = game.setup(config, seed=1)
>>> action = next(game.legal_actions(state, 0))
>>> replay = Replay("dinner", config, 1, (action,))
>>> replay.verify().ok
True
>>> partyrules.loads(partyrules.dumps(replay)) == replay
True
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs

from partyrules.core.errors import PartyRulesError
from partyrules.core.game import get_game

__all__ = ["Replay", "ReplayReport"]


@attrs.frozen(slots=True)
class ReplayReport:
    """What :meth:`Replay.verify` found.

    ``applied`` counts the actions that applied; ``failed_at`` is the index of the first
    action that did not (``None`` when all did) and ``error`` its message.
    """

    applied: int
    failed_at: int | None
    error: str | None
    terminal: bool

    @property
    def ok(self) -> bool:
        """True when every action applied."""
        return self.failed_at is None


@attrs.frozen(slots=True)
class Replay:
    """A recorded game: ``(game, config, seed, actions)`` reproduces every state."""

    game: str
    config: Any
    seed: int
    actions: tuple[Any, ...] = ()

    def states(self) -> Iterator[Any]:
        """The initial state, then the state after each action (raises on a bad one)."""
        game = get_game(self.game)
        state = game.setup(self.config, self.seed)
        yield state
        for action in self.actions:
            state = game.apply(state, action)
            yield state

    def final_state(self) -> Any:
        """The state after the last action."""
        state = None
        for state in self.states():  # noqa: B007 - we want the last one
            pass
        return state

    def verify(self) -> ReplayReport:
        """Re-apply every action; report the first one the rules refuse, if any.

        A replay whose game or config cannot be set up raises (``UnknownGame``,
        ``InvalidConfig``): there is no action to blame.
        """
        game = get_game(self.game)
        state = game.setup(self.config, self.seed)
        for index, action in enumerate(self.actions):
            try:
                state = game.apply(state, action)
            except PartyRulesError as exc:
                return ReplayReport(index, index, str(exc), game.is_terminal(state))
        return ReplayReport(len(self.actions), None, None, game.is_terminal(state))

    def extended(self, *actions: Any) -> Replay:
        """This replay with ``actions`` appended."""
        return attrs.evolve(self, actions=self.actions + actions)
