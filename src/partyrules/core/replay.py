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

import hashlib
import json
from collections.abc import Iterator
from typing import Any

import attrs

from partyrules.core.convert import unstructure
from partyrules.core.errors import PartyRulesError
from partyrules.core.game import get_game
from partyrules.core.version import __version__

__all__ = ["Replay", "ReplayReport", "component_digest"]


@attrs.frozen(slots=True)
class ReplayReport:
    """What :meth:`Replay.verify` found.

    ``applied`` counts the actions that applied; ``failed_at`` is the index of the first
    action that did not (``None`` when all did) and ``error`` its message. ``other_data``
    says why nothing was replayed when the replay was recorded with other component data
    than the game plays with here (another deck, board or card list).
    """

    applied: int
    failed_at: int | None
    error: str | None
    terminal: bool
    other_data: str | None = None

    @property
    def ok(self) -> bool:
        """True when every action applied to the game the replay was recorded with."""
        return self.failed_at is None and self.other_data is None


def component_digest(game: str, config: Any) -> str | None:
    """A short digest of the component data a game plays with under ``config`` (its
    ``Game.component_data``), or None when the game declares none.

    >>> import partyrules
    >>> game = partyrules.get_game("dinner")
    >>> len(component_digest("dinner", game.Config(players=3)) or "")
    16
    """
    component_data = get_game(game).component_data
    if component_data is None:
        return None
    data = unstructure(component_data(config))
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _library_version() -> str:
    return __version__


@attrs.frozen(slots=True)
class Replay:
    """A recorded game: ``(game, config, seed, actions)`` reproduces every state.

    A replay also records the library ``version`` that made it and a digest of the
    ``components`` (deck, board, card list) it was played with; both are filled in when
    it is made, and are ``None`` in files written before they existed.
    """

    game: str
    config: Any
    seed: int
    actions: tuple[Any, ...] = ()
    version: str | None = attrs.field(factory=_library_version)
    components: str | None = attrs.field(
        default=attrs.Factory(lambda replay: component_digest(replay.game, replay.config),
                              takes_self=True))

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
        here = component_digest(self.game, self.config)
        if self.components is not None and self.components != here:
            return ReplayReport(0, None, None, False, other_data=(
                f"recorded with other {game.name} component data (digest {self.components}, "
                f"made by partyrules {self.version}); this library's data has digest {here}"))
        for index, action in enumerate(self.actions):
            try:
                state = game.apply(state, action)
            except PartyRulesError as exc:
                return ReplayReport(index, index, str(exc), game.is_terminal(state))
        return ReplayReport(len(self.actions), None, None, game.is_terminal(state))

    def extended(self, *actions: Any) -> Replay:
        """This replay with ``actions`` appended."""
        return attrs.evolve(self, actions=self.actions + actions)
