"""A PettingZoo AEC environment for every partyrules game (extra ``[pettingzoo]``).

:func:`env` builds the environment; the agents are the seats, ``"seat_0"`` to
``"seat_{n-1}"``. The turn model is the adapters' shared one
(:mod:`partyrules.adapters.driver`): the table's rulings are applied automatically when
only the table may act, a race gives the turn to one racing seat drawn with the
environment's seeded rng, and the seats of a simultaneous step act one after another
(their hidden choices commute, and each observation shows only what that seat may know).

Observations are ``{"observation": uint8 array, "action_mask": int8 array}``. The
observation is the UTF-8 text of ``partyrules.dumps(game.view(state, seat))``, zero-padded
to the game's :data:`OBSERVATION_LENGTHS` (JSON text never holds a NUL byte, so
:func:`decode_observation` gives back the exact view). Action ``i`` is the ``i``-th action of
``game.legal_actions(state, seat)``; the mask marks the legal ids of the agent to act.

>>> from partyrules.adapters.pettingzoo import env
>>> table = env("dany", 4)
>>> table.reset(seed=3)
>>> table.agent_selection
'seat_0'
>>> observation, reward, terminated, truncated, info = table.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((2048,), 8)
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import gymnasium
import numpy as np
from numpy.typing import NDArray

# pettingzoo ships no type information (no py.typed): its names are Any to mypy.
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils.wrappers import OrderEnforcingWrapper  # type: ignore[import-untyped]

from partyrules.adapters import driver
from partyrules.core.errors import IllegalAction, InvalidConfig, PartyRulesError
from partyrules.core.game import AnyGame, get_game
from partyrules.core.replay import Replay
from partyrules.core.rng import Rng
from partyrules.core.serialize import dumps, loads

__all__ = [
    "OBSERVATION_LENGTHS",
    "RENDER_MODES",
    "ObservationOverflow",
    "PartyRulesEnv",
    "decode_observation",
    "env",
    "observation_length",
]

OBSERVATION_LENGTHS: dict[str, int] = {
    "dany": 2048,
    "dinner": 8192,
    "dylan_dog": 4096,
    "hollywood": 12288,
    "when_i_dream": 8192,
}
"""The length in bytes of each game's observation vector: the UTF-8 text of the largest
view (``dumps(game.view(state, seat))``) met in random games at every player count, with
the default config and the larger variants, times at least 1.8 (the measured maxima are
in ``docs/adapters/pettingzoo.md``). A longer view raises :class:`ObservationOverflow`."""

RENDER_MODES = ("ansi",)
"""The render modes the environment supports: ``"ansi"`` returns the narration text."""

Observation = dict[str, NDArray[Any]]
"""What :meth:`PartyRulesEnv.observe` returns: ``observation`` and ``action_mask``."""


class ObservationOverflow(PartyRulesError, ValueError):
    """A view whose JSON text is longer than the environment's observation length
    (a custom deck with long names, say): pass a larger ``observation_length``."""


def observation_length(game: AnyGame) -> int:
    """The documented observation length of ``game`` (:data:`OBSERVATION_LENGTHS`)."""
    return OBSERVATION_LENGTHS.get(game.name, 16384)


def decode_observation(observation: NDArray[Any]) -> Any:
    """The view an observation vector encodes (the inverse of the byte encoding).

    >>> table = env("dany", 4)
    >>> table.reset(seed=3)
    >>> view = decode_observation(table.observe("seat_1")["observation"])
    >>> type(view).__name__
    'View'
    """
    return loads(np.asarray(observation, dtype=np.uint8).tobytes().rstrip(b"\0"))


def _default_length(game: AnyGame) -> int:
    return observation_length(game)  # PartyRulesEnv's parameter shadows the function


def _agent(seat: int) -> str:
    return f"seat_{seat}"


def _build_config(game: AnyGame, players: int, config: dict[str, Any]) -> Any:
    """``game.Config(players=..., **config)``; unknown fields are an ``InvalidConfig``."""
    try:
        return game.Config(players=players, **config)
    except TypeError as exc:  # an unknown keyword; the config validates the rest
        fields = attrs.fields_dict(game.Config)
        known = ", ".join(fields)
        unknown = sorted(set(config) - set(fields))
        name = unknown[0] if unknown else None
        raise InvalidConfig(f"{game.name} has no config field {name!r} (its fields: {known})"
                            if name else f"{game.name}: bad config ({exc})", name) from None


class PartyRulesEnv(AECEnv):  # type: ignore[misc]  # AECEnv is Any to mypy (untyped)
    """The AEC environment of one partyrules game (build it with :func:`env`).

    Besides the PettingZoo API it offers :attr:`game`, :attr:`config`, :attr:`seed`,
    :attr:`game_state` (the full current state) and :meth:`replay` (the game so far as a
    :class:`~partyrules.Replay`, the table's automatic rulings included).
    """

    def __init__(self, game: AnyGame, config: Any, *, render_mode: str | None = None,
                 observation_length: int | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InvalidConfig(f"render_mode is one of {', '.join(RENDER_MODES)} or None, "
                                f"not {render_mode!r}", "render_mode")
        length = observation_length if observation_length is not None else (
            _default_length(game))
        if type(length) is not int or length < 1:
            raise InvalidConfig(f"observation_length is a number of bytes from 1, not "
                                f"{length!r}", "observation_length")
        self.game: AnyGame = game
        """The partyrules game (a :class:`~partyrules.Game`)."""
        self.config: Any = config
        """The game's config."""
        self.render_mode = render_mode
        self.metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES),
                                         "name": f"partyrules_{game.name}_v0",
                                         "is_parallelizable": False}
        players: int = config.players
        self.possible_agents: list[str] = [_agent(seat) for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._length = length
        self._bound = driver.action_bound(game)
        self.observation_spaces = {agent: gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(0, 255, (length,), np.uint8),
            "action_mask": gymnasium.spaces.Box(0, 1, (self._bound,), np.int8),
        }) for agent in self.possible_agents}
        self.action_spaces = {agent: gymnasium.spaces.Discrete(self._bound)
                              for agent in self.possible_agents}
        # The seeds of unseeded resets: from the OS until a reset is given a seed.
        self._seeder = Rng.from_seed(random.SystemRandom().getrandbits(64))
        self.seed: int | None = None
        """The seed of the current game (``game.setup(config, seed)``); None before reset."""
        self._state: Any = None
        self._turns = Rng.from_seed(0)
        self._actions: list[Any] = []
        self._lines: list[str] = []
        self._held: list[str] = []
        self._views: dict[int, NDArray[np.uint8]] = {}

    # -- the PettingZoo API -------------------------------------------------------------

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space of ``agent`` (the same object at every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """``Discrete(bound)``: the game's documented action bound (``driver.action_bound``)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Set up a new game with ``seed`` (None: the next seed of the environment's own
        rng, itself seeded by the last seeded reset). ``options`` is ignored."""
        if isinstance(seed, np.integer):
            seed = int(seed)
        if seed is not None and type(seed) is not int:
            raise InvalidConfig(f"a reset seed is an int or None, not {seed!r}", "seed")
        if seed is None:
            value, self._seeder = self._seeder.next_u64()
            seed = value >> 1  # a non-negative int that fits in 63 bits
        else:
            self._seeder = Rng.from_seed(seed)
        self.seed = seed
        # The races' draws: a stream of their own, decorrelated from the game's rng.
        salt, _ = Rng.from_seed(seed ^ 0x5EED_7A61E).next_u64()
        self._turns = Rng.from_seed(salt)
        self._actions, self._lines, self._held = [], [], []
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self._advance(self.game.setup(self.config, seed))

    def step(self, action: Any) -> None:
        """Apply the action numbered ``action`` of :attr:`agent_selection`.

        An id the mask does not allow raises :class:`~partyrules.IllegalAction` and changes
        nothing. A terminated agent steps with ``None`` (PettingZoo's dead step).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if isinstance(action, np.integer):
            action = int(action)
        chosen = driver.action_at(self.game, self._state, self._seats[agent], action)
        self._cumulative_rewards[agent] = 0.0
        self._record(self._state, chosen)
        self._advance(self.game.apply(self._state, chosen))
        self._accumulate_rewards()

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation: its view's bytes and its action mask."""
        seat = self._seats[agent]
        mask = np.zeros(self._bound, dtype=np.int8)
        if agent == self.agent_selection and not self.terminations.get(agent, True):
            mask[list(driver.legal_ids(self.game, self._state, seat))] = 1
        return {"observation": self._view_bytes(seat).copy(), "action_mask": mask}

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the narration of the actions so far (the lines
        ``partyrules play`` prints, those of an unfinished simultaneous step held back)
        and the spectator's view. Without a render mode: warns and returns None."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; "
                                  "use env(..., render_mode='ansi')")
            return None
        view = self.game.render_view(self.game.view(self._state, None))
        return "\n".join([*self._lines, view])

    def close(self) -> None:
        """Nothing to release."""

    # -- partyrules extras ----------------------------------------------------------------

    @property
    def game_state(self) -> Any:
        """The full current state of the game (hidden parts included)."""
        return self._state

    def replay(self) -> Replay:
        """The game so far as a replay: ``(game, config, seed, every applied action)``."""
        if self.seed is None:
            raise IllegalAction("no game yet: reset() the environment first")
        return Replay(self.game.name, self.config, self.seed, tuple(self._actions))

    # -- internals ------------------------------------------------------------------------

    def _record(self, state: Any, action: Any) -> None:
        """Remember an action and narrate it as the CLI does (``describe_action``)."""
        line = self.game.describe_action(state, action, None)
        self._held.append(f"{len(self._actions):5d}  {line}")
        self._actions.append(action)

    def _advance(self, state: Any) -> None:
        """Make ``state`` current: the table's rulings, then the next turn and rewards."""
        # Each ruling of the table is narrated and kept in the replay.
        state = driver.settle(self.game, state, self._record)
        self._state = state
        self._views = {}
        if not self.game.is_simultaneous(state):  # a finished vote may be told now
            self._lines += self._held
            self._held = []
        turn, self._turns = driver.next_turn(self.game, state, self._turns)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if turn.kind == "terminal":
            winners = self.game.outcome(state).winners
            for agent in self.agents:
                self.rewards[agent] = 1.0 if self._seats[agent] in winners else 0.0
                self.terminations[agent] = True
        else:
            self.agent_selection = _agent(turn.seats[0])

    def _view_bytes(self, seat: int) -> NDArray[np.uint8]:
        cached = self._views.get(seat)
        if cached is not None:
            return cached
        data = dumps(self.game.view(self._state, seat)).encode("utf-8")
        if len(data) > self._length:
            raise ObservationOverflow(
                f"{self.game.name}: seat {seat}'s view is {len(data)} bytes, more than the "
                f"observation length {self._length}; pass a larger observation_length")
        vector = np.zeros(self._length, dtype=np.uint8)
        vector[:len(data)] = np.frombuffer(data, dtype=np.uint8)
        self._views[seat] = vector
        return vector


def env(game: str, players: int, *, render_mode: str | None = None,
        observation_length: int | None = None, **config: Any) -> AECEnv:
    """A PettingZoo AEC environment of ``game`` for ``players`` seats.

    ``config`` holds the game's other config fields (``turn_limit=40``,
    ``danys_reason=True`` ...); a bad one raises :class:`~partyrules.InvalidConfig`.
    ``render_mode`` is None or ``"ansi"``; ``observation_length`` overrides the game's
    :data:`OBSERVATION_LENGTHS`. The environment is wrapped in PettingZoo's
    ``OrderEnforcingWrapper`` (``.unwrapped`` is the :class:`PartyRulesEnv`).
    """
    the_game = get_game(game)
    built = _build_config(the_game, players, config)
    return OrderEnforcingWrapper(PartyRulesEnv(the_game, built, render_mode=render_mode,
                                               observation_length=observation_length))

