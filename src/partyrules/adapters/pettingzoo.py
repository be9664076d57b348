"""PettingZoo environments for every partyrules game (extra ``[pettingzoo]``).

:func:`env` builds the AEC environment (one agent acts at a time) and
:func:`parallel_env` the parallel one (every deciding agent acts at once: the pending
seats of a simultaneous step together). The agents are the seats, ``"seat_0"`` to
``"seat_{n-1}"``. The turn model is the adapters' shared one
(:mod:`partyrules.adapters.driver`): the table's rulings are applied automatically when
only the table may act, and a race gives the turn to one racing seat drawn with the
environment's seeded rng. In the AEC environment the seats of a simultaneous step act one
after another (their hidden choices commute, and each observation shows only what that
seat may know).

Observations are ``{"observation": array, "action_mask": int8 array}``, read from the
game's :class:`~partyrules.Game` record:

* **A game with an encoding** (``Game.encoding``): the observation is the encoding's
  float32 tensor of the seat's view (a ``Box`` of ``observation_shape(config)``) and the
  mask covers its fixed action ids (``Discrete(num_actions(config))``): an id means the
  same move in every state.
* **A game without one**: the observation is the UTF-8 text of
  ``partyrules.dumps(game.view(state, seat))``, zero-padded to
  :data:`DEFAULT_OBSERVATION_LENGTH` bytes (:func:`decode_observation` gives back the
  view), and action ``i`` is the ``i``-th action of ``game.legal_actions(state, seat)``
  (``Discrete(DEFAULT_ACTION_BOUND)``).

``state()`` is the global state for centralized training: every seat's observation, one
row per seat (:attr:`PartyRulesEnv.state_space`).

Rewards follow ``reward=`` (:mod:`partyrules.adapters.rewards`): ``"win"`` by default
(each winner's share of 1 at the end), ``"score"`` or ``"shaped"`` (paid after every
step). A game cut short by its turn limit (``Outcome.truncated``) ends in truncation:
every agent's ``truncations`` entry is True and its ``terminations`` entry False.

An id the mask does not allow is handled as PettingZoo's classic games handle an illegal
move (their ``TerminateIllegalWrapper``): the game ends, the offender gets -1.0 and every
other agent 0.0, and a warning is logged (``illegal="raise"`` raises
:class:`~partyrules.IllegalAction` instead, changing nothing).

>>> import partyrules
>>> table = env("dany", 4)
>>> table.reset(seed=3)
>>> table.agent_selection
'seat_0'
>>> observation, reward, terminated, truncated, info = table.last()
>>> dany = partyrules.get_game("dany")
>>> observation["observation"].shape == dany.encoding.observation_shape(dany.Config(players=4))
True
>>> int(observation["action_mask"].sum()) == len(list(dany.legal_actions(
...     table.unwrapped.game_state, 0)))
True
"""

from __future__ import annotations

import math
import random
from typing import Any, Literal

import attrs
import gymnasium
import numpy as np
from numpy.typing import NDArray

# pettingzoo ships no type information (no py.typed): its names are Any to mypy.
from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]
from pettingzoo.utils.env_logger import EnvLogger  # type: ignore[import-untyped]
from pettingzoo.utils.wrappers import OrderEnforcingWrapper  # type: ignore[import-untyped]

from partyrules.adapters import driver
from partyrules.adapters.rewards import (
    RewardMode,
    check_reward_mode,
    held_mid_step,
    step_rewards,
)
from partyrules.core.encoding import IdentityMemo
from partyrules.core.errors import IllegalAction, InvalidConfig, PartyRulesError
from partyrules.core.game import AnyGame, get_game
from partyrules.core.replay import Replay
from partyrules.core.rng import Rng
from partyrules.core.serialize import dumps, loads

__all__ = [
    "DEFAULT_OBSERVATION_LENGTH",
    "ILLEGAL_MOVE_REWARD",
    "ILLEGAL_POLICIES",
    "RENDER_MODES",
    "IllegalPolicy",
    "ObservationOverflow",
    "PartyRulesEnv",
    "PartyRulesParallelEnv",
    "decode_observation",
    "env",
    "parallel_env",
]

DEFAULT_OBSERVATION_LENGTH = 16384
"""The length in bytes of the observation of a game without an encoding: the UTF-8 JSON
text of the seat's view, zero-padded. The largest views of the five games' random games
are 825 to 5,410 bytes (``docs/adapters/pettingzoo.md``). A longer view raises
:class:`ObservationOverflow`; ``observation_length=`` sets another length."""

RENDER_MODES = ("ansi", "human")
"""The render modes the environments support: ``"ansi"`` returns the narration text,
``"human"`` prints the new narration lines and a view to stdout (after every reset and
step, and at each ``render()``, which then returns None)."""

ILLEGAL_POLICIES = ("terminate", "raise")
"""What ``step`` does with an id the agent's mask does not allow: ``"terminate"`` (the
default) ends the game as PettingZoo's classic games do, ``"raise"`` raises
:class:`~partyrules.IllegalAction` and changes nothing."""

ILLEGAL_MOVE_REWARD = -1.0
"""The reward of an agent whose illegal move ended the game (the others get 0.0), the
``illegal_reward`` PettingZoo's classic games give their ``TerminateIllegalWrapper``."""

IllegalPolicy = Literal["terminate", "raise"]
"""The type of ``illegal=``: one of :data:`ILLEGAL_POLICIES`."""

Observation = dict[str, NDArray[Any]]
"""What :meth:`PartyRulesEnv.observe` returns: ``observation`` and ``action_mask``."""


class ObservationOverflow(PartyRulesError, ValueError):
    """A view whose JSON text is longer than the environment's observation length
    (a game without an encoding and a custom deck with long names, say): pass a larger
    ``observation_length``."""


def decode_observation(observation: NDArray[Any]) -> Any:
    """The view an observation vector of a game without an encoding holds (the inverse
    of its byte encoding: strip the zero padding, ``partyrules.loads``).

    >>> import attrs, partyrules
    >>> plain = attrs.evolve(partyrules.get_game("dany"), encoding=None)
    >>> table = env(plain, 4)
    >>> table.reset(seed=3)
    >>> view = decode_observation(table.observe("seat_1")["observation"])
    >>> view == plain.view(table.unwrapped.game_state, 1)
    True
    """
    return loads(np.asarray(observation, dtype=np.uint8).tobytes().rstrip(b"\0"))


def _agent(seat: int) -> str:
    return f"seat_{seat}"


def _build_config(game: AnyGame, players: int, config: dict[str, Any]) -> Any:
    """``game.Config(players=..., **config)``; an unknown field is the config's own
    ``InvalidConfig``, which names it and the fields there are."""
    return game.Config(players=players, **config)


def _bounds(game: AnyGame, config: Any, shape: tuple[int, ...]
            ) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
    """The least and greatest value of each float of the observation tensor, shaped like
    it: the encoding's ``observation_bounds``, or unbounded for a game that declares
    none (the space then promises nothing it cannot check)."""
    bounds = game.encoding.observation_bounds if game.encoding is not None else None
    if bounds is None:
        return (np.full(shape, -np.inf, np.float32), np.full(shape, np.inf, np.float32))
    low, high = bounds(config)
    arrays = (np.asarray(low, np.float32), np.asarray(high, np.float32))
    size = math.prod(shape)
    if any(array.shape != (size,) for array in arrays):
        raise InvalidConfig(f"{game.name}: observation_bounds gives {len(low)} and "
                            f"{len(high)} bounds for a tensor of {size} floats", "encoding")
    return arrays[0].reshape(shape), arrays[1].reshape(shape)


def _spaces(session: _Session, agents: list[str]
            ) -> tuple[dict[str, gymnasium.spaces.Space[Any]],
                       dict[str, gymnasium.spaces.Space[Any]]]:
    """Each agent's observation space (the observation and its action mask) and action
    space, the same for the AEC and the parallel environment."""
    observation: dict[str, gymnasium.spaces.Space[Any]] = {
        agent: gymnasium.spaces.Dict({
            "observation": session.space,
            "action_mask": gymnasium.spaces.Box(0, 1, (session.num_actions,), np.int8),
        }) for agent in agents}
    action: dict[str, gymnasium.spaces.Space[Any]] = {
        agent: gymnasium.spaces.Discrete(session.num_actions) for agent in agents}
    return observation, action


class _Session:
    """One game in progress as both environments see it: the settled state, the next
    turn, the encoding of observations and masks, the narration and the replay."""

    def __init__(self, game: AnyGame, config: Any, render_mode: str | None,
                 observation_length: int | None, illegal: str, reward: object) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InvalidConfig(f"render_mode is one of {', '.join(RENDER_MODES)} or None, "
                                f"not {render_mode!r}", "render_mode")
        if illegal not in ILLEGAL_POLICIES:
            raise InvalidConfig(f"illegal is one of {', '.join(ILLEGAL_POLICIES)}, not "
                                f"{illegal!r}", "illegal")
        self.illegal = illegal
        self.reward: RewardMode = check_reward_mode(game, reward)
        self.game = game
        self.config = config
        self.render_mode = render_mode
        self.players: int = config.players
        self.num_actions = driver.action_space_size(game, config)
        self.space: gymnasium.spaces.Box
        self.state_space: gymnasium.spaces.Box
        if game.encoding is not None:
            if observation_length is not None:
                raise InvalidConfig(f"{game.name} has an encoding: its observation is a "
                                    "tensor, observation_length applies only to games "
                                    "without one", "observation_length")
            self.shape = tuple(int(n) for n in game.encoding.observation_shape(config))
            self.length = math.prod(self.shape)
            low, high = _bounds(game, config, self.shape)
            self.space = gymnasium.spaces.Box(low, high, self.shape, np.float32)
            self.state_space = gymnasium.spaces.Box(
                np.broadcast_to(low, (self.players, *self.shape)),
                np.broadcast_to(high, (self.players, *self.shape)),
                (self.players, *self.shape), np.float32)
        else:
            length = (observation_length if observation_length is not None
                      else DEFAULT_OBSERVATION_LENGTH)
            if type(length) is not int or length < 1:
                raise InvalidConfig(f"observation_length is a number of bytes from 1, not "
                                    f"{length!r}", "observation_length")
            self.shape, self.length = (length,), length
            self.space = gymnasium.spaces.Box(0, 255, self.shape, np.uint8)
            self.state_space = gymnasium.spaces.Box(0, 255, (self.players, length), np.uint8)
        # The seeds of unseeded resets: from the OS until a reset is given a seed.
        self._seeder = Rng.from_seed(random.SystemRandom().getrandbits(64))
        self.seed: int | None = None
        self.state: Any = None
        self.paid_to: Any = None  # the state the rewards paid so far reach
        self.turn = driver.Turn("terminal", ())
        self._turns = Rng.from_seed(0)
        self.actions: list[Any] = []
        # The narration, told only when it is rendered: a line, or an action to tell.
        self._lines: list[str | _Told] = []
        self._held: list[str | _Told] = []
        self._printed = 0  # the narration lines "human" has printed
        self._cache: dict[Any, Any] = {}
        self._masks: IdentityMemo[tuple[int, ...], NDArray[np.int8]] = IdentityMemo(1024)

    def reset(self, seed: int | None) -> None:
        """Set up a new game (see :meth:`PartyRulesEnv.reset`)."""
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
        self.actions, self._lines, self._held = [], [], []
        self._printed = 0
        self.advance(self.game.setup(self.config, seed))
        self.paid_to = self.state

    def advance(self, state: Any) -> None:
        """Make ``state`` current: the table's rulings, then the next turn."""
        # Each ruling of the table is narrated and kept in the replay.
        state, self.turn, self._turns = driver.settled_turn(self.game, state, self._turns,
                                                            self.record)
        self.state = state
        self._cache = {}
        if not self.game.is_simultaneous(state):  # a finished vote may be told now
            self._lines += self._held
            self._held = []

    def record(self, state: Any, action: Any) -> None:
        """Remember an action, to narrate as the CLI does (``describe_action``) when the
        environment is rendered."""
        self._held.append(_Told(len(self.actions), state, action))
        self.actions.append(action)

    def told(self, entries: list[str | _Told]) -> list[str]:
        """The narration's lines of ``entries``."""
        return [entry if isinstance(entry, str) else
                f"{entry.number:5d}  {self.game.describe_action(entry.state, entry.action)}"
                for entry in entries]

    def numbered(self, seat: int) -> driver.Numbered[Any]:
        """``seat``'s legal actions by id in the current state."""
        key = ("numbered", seat)
        if key not in self._cache:
            self._cache[key] = driver.numbered(self.game, self.state, seat)
        return self._cache[key]  # type: ignore[no-any-return]

    def chosen(self, seat: int, action: Any) -> Any:
        """The partyrules action of ``seat``'s id ``action`` (``IllegalAction`` if the
        mask does not allow it)."""
        return driver.action_at(self.game, self.state, seat, _plain(action),
                                self.numbered(seat))

    def forfeits(self, seat: int, action: Any) -> bool:
        """Whether ``seat``'s ``action`` is an illegal move that ends the game: an int id
        its mask does not allow, with ``illegal="terminate"``. A value that is no int
        is no move at all and raises ``IllegalAction`` whatever the policy, as does an
        unmasked id with ``illegal="raise"``."""
        action = _plain(action)
        if type(action) is not int:
            raise IllegalAction(f"{self.game.name}: an action id is an int, not {action!r}")
        if action in self.numbered(seat):
            return False
        if self.illegal == "raise":
            self.chosen(seat, action)  # raises, naming the legal ids
        return True

    def forfeit(self, moves: dict[int, int]) -> None:
        """End the game on the illegal moves of ``moves`` (seat: id): warn as PettingZoo's
        ``TerminateIllegalWrapper`` does and narrate them; the game state stays the one
        before them, and nobody decides any more."""
        EnvLogger.warn_on_illegal_move()
        self._lines += self._held  # the step is over: its ballots may be told
        self._held = []
        for seat, action in sorted(moves.items()):
            self._lines.append(f"       seat_{seat} made an illegal move (id {action}): "
                               "the game ends")
        self.turn = driver.Turn("terminal", ())

    def mask(self, seat: int, deciding: bool) -> NDArray[np.int8]:
        """``seat``'s action mask: its legal ids while it decides, else all zeros."""
        if not deciding:
            return np.zeros(self.num_actions, dtype=np.int8)
        ids = self.numbered(seat).ids
        mask = self._masks.get(ids)
        if mask is None:
            # Setting a long run of ids one by one from a list costs about what the rest
            # of a step does; games hand out the same ids tuple for a recurring listing
            # (When I Dream's Dreamer), so its mask is built once and copied.
            mask = self._masks.put(ids, np.zeros(self.num_actions, dtype=np.int8))
            mask[list(ids)] = 1
        return mask.copy()

    def observation(self, seat: int) -> NDArray[Any]:
        """``seat``'s observation array (cached per state: copy it before handing out)."""
        key = ("observation", seat)
        cached = self._cache.get(key)
        if cached is not None:
            return cached  # type: ignore[no-any-return]
        vector: NDArray[Any]
        if self.game.encoding is not None:
            vector = np.asarray(driver.seat_tensor(self.game, self.state, seat),
                                dtype=np.float32).reshape(self.shape)
        else:
            data = dumps(self.game.view(self.state, seat)).encode("utf-8")
            if len(data) > self.length:
                raise ObservationOverflow(
                    f"{self.game.name}: seat {seat}'s view is {len(data)} bytes, more than "
                    f"the observation length {self.length}; pass a larger "
                    "observation_length")
            vector = np.zeros(self.length, dtype=np.uint8)
            vector[:len(data)] = np.frombuffer(data, dtype=np.uint8)
        self._cache[key] = vector
        return vector

    def global_state(self) -> NDArray[Any]:
        """Every seat's observation, one row per seat."""
        if self.state is None:
            raise IllegalAction("no game yet: reset() the environment first")
        return np.stack([self.observation(seat) for seat in range(self.players)])

    def truncated(self) -> bool:
        """Whether the finished game was cut short (``Outcome.truncated``: a turn limit)
        rather than decided: PettingZoo's truncation, not its termination."""
        return bool(self.game.outcome(self.state).truncated)

    def pay(self, before: Any) -> tuple[float, ...]:
        """Each seat's reward for the play since the last payment, ``before`` being the
        state before the last action (:mod:`~partyrules.adapters.rewards`, in the
        session's mode); all zeros, the payment held, when that action was a ballot of a
        simultaneous step others have still to cast: nothing a seat may know changes
        until the step is over, and neither does any reward."""
        game, after = self.game, self.state
        if held_mid_step(game, before, after):
            return (0.0,) * self.players
        paid, self.paid_to = self.paid_to, after
        return step_rewards(game, paid, after, self.reward)

    def render(self, seat: int | None) -> str | None:
        """``"ansi"``: the narration so far and the spectator's view; ``"human"``: print
        the narration lines not printed yet and ``seat``'s view (the spectator's for
        None), return None (see :meth:`PartyRulesEnv.render`)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; "
                                  "use env(..., render_mode='ansi') or 'human'")
            return None
        if self.render_mode == "ansi":
            view = self.game.render_view(self.game.view(self.state, None))
            return "\n".join([*self.told(self._lines), view])
        heading = "the table" if seat is None else f"seat_{seat}"
        lines = [*self.told(self._lines[self._printed:]), f"-- {heading} sees:",
                 self.game.render_view(self.game.view(self.state, seat))]
        self._printed = len(self._lines)
        print("\n".join(lines))
        return None

    def replay(self) -> Replay:
        """The game so far as a replay."""
        if self.seed is None:
            raise IllegalAction("no game yet: reset() the environment first")
        return Replay(self.game.name, self.config, self.seed, tuple(self.actions))


@attrs.frozen(slots=True)
class _Told:
    """An action of the narration, told when the environment is rendered."""

    number: int
    state: Any
    action: Any


def _plain(action: Any) -> Any:
    """A NumPy integer as the Python int the driver takes; anything else unchanged."""
    return int(action) if isinstance(action, np.integer) else action


class _Extras:
    """What both environments offer besides the PettingZoo API."""

    _session: _Session

    @property
    def game(self) -> AnyGame:
        """The partyrules game (a :class:`~partyrules.Game`)."""
        return self._session.game

    @property
    def config(self) -> Any:
        """The game's config."""
        return self._session.config

    @property
    def seed(self) -> int | None:
        """The seed of the current game (``game.setup(config, seed)``); None before reset."""
        return self._session.seed

    @property
    def game_state(self) -> Any:
        """The full current state of the game (hidden parts included)."""
        return self._session.state

    @property
    def state_space(self) -> gymnasium.spaces.Box:
        """The space of :meth:`state`: one row per seat, each row that seat's
        observation space."""
        return self._session.state_space

    def state(self) -> NDArray[Any]:
        """The global state for centralized training: every seat's observation, one row
        per seat (together they hold every seat's private knowledge, not the cards nobody
        holds; :attr:`game_state` is the full state)."""
        return self._session.global_state()

    def replay(self) -> Replay:
        """The game so far as a replay: ``(game, config, seed, every applied action)``,
        the table's automatic rulings included."""
        return self._session.replay()

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the narration of the actions so far (the lines
        ``partyrules play`` prints, those of an unfinished simultaneous step held back)
        and the spectator's view. With ``"human"``: prints the narration lines not
        printed yet and a view, and returns None: in the AEC environment the view of the
        agent to act (what it may know; the spectator's once the game is over), in the
        parallel one the spectator's (one screen for every deciding agent, which must
        not show one seat's hidden cards to the others). Without a render mode: warns
        and returns None."""
        return self._session.render(self._render_seat())

    def _render_seat(self) -> int | None:
        """The seat whose view ``"human"`` prints (None: the spectator's)."""
        return None

    def _auto_render(self) -> None:
        """Gymnasium's ``"human"`` mode renders by itself after each reset and step."""
        if self._session.render_mode == "human":
            self.render()

    def close(self) -> None:
        """Nothing to release."""


class PartyRulesEnv(_Extras, AECEnv):  # type: ignore[misc]  # AECEnv is Any to mypy
    """The AEC environment of one partyrules game (build it with :func:`env`).

    After each step ``rewards`` holds what every agent is paid for it in the ``reward``
    mode (:func:`env`); the ballots of a simultaneous step are paid together when its
    last one is cast. At the end every agent is terminated, or truncated when the game
    was cut short by its turn limit.

    Besides the PettingZoo API it offers :attr:`game`, :attr:`config`, :attr:`seed`,
    :attr:`game_state` (the full current state) and :meth:`replay` (the game so far as a
    :class:`~partyrules.Replay`, the table's automatic rulings included).
    """

    def __init__(self, game: AnyGame, config: Any, *, render_mode: str | None = None,
                 observation_length: int | None = None,
                 illegal: IllegalPolicy = "terminate", reward: RewardMode = "win") -> None:
        super().__init__()
        self._session = _Session(game, config, render_mode, observation_length, illegal,
                                 reward)
        self.render_mode = render_mode
        self.metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES),
                                         "name": f"partyrules_{game.name}_v0",
                                         "is_parallelizable": False}
        self.possible_agents: list[str] = [_agent(seat)
                                           for seat in range(self._session.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces, self.action_spaces = _spaces(self._session,
                                                              self.possible_agents)

    # -- the PettingZoo API -------------------------------------------------------------

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space of ``agent`` (the same object at every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """``Discrete(n)``: the encoding's ``num_actions(config)``, or
        ``driver.DEFAULT_ACTION_BOUND`` for a game without an encoding."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Set up a new game with ``seed`` (None: the next seed of the environment's own
        rng, itself seeded by the last seeded reset). ``options`` is ignored."""
        self._session.reset(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self._after_turn((0.0,) * self._session.players)
        self._auto_render()

    def step(self, action: Any) -> None:
        """Apply the action numbered ``action`` of :attr:`agent_selection`.

        An int id the mask does not allow is an illegal move: with ``illegal="terminate"``
        (the default) the game ends as in PettingZoo's classic games: the agent gets
        :data:`ILLEGAL_MOVE_REWARD` (-1.0), every other agent 0.0, every agent is
        terminated, PettingZoo's illegal-move warning is logged and the agent's info has
        ``"illegal_action"``; :attr:`game_state` stays the state before the move and
        :meth:`replay` leaves it out. With ``illegal="raise"`` it raises
        :class:`~partyrules.IllegalAction` and changes nothing. A value that is no int
        raises ``IllegalAction`` either way. A terminated agent steps with ``None``
        (PettingZoo's dead step).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        session = self._session
        seat = self._seats[agent]
        forfeits = session.forfeits(seat, action)  # raises before any change
        self._cumulative_rewards[agent] = 0.0
        if forfeits:
            session.forfeit({seat: int(action)})
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.rewards[agent] = ILLEGAL_MOVE_REWARD
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos[agent] = {"illegal_action": int(action)}
            self._accumulate_rewards()
            # As TerminateIllegalWrapper does: the agents step out from the first one.
            self._deads_step_first()
        else:
            chosen = session.chosen(seat, action)
            before = session.state
            session.record(before, chosen)
            # The action was listed for this very state: no second check of the rules.
            session.advance((self.game.apply_listed or self.game.apply)(before, chosen))
            self._after_turn(session.pay(before))
            self._accumulate_rewards()
        self._auto_render()

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation and its action mask (all zeros unless it is to act)."""
        seat = self._seats[agent]
        deciding = (agent == self.agent_selection and not self.terminations.get(agent, True)
                    and not self.truncations.get(agent, True))
        session = self._session
        return {"observation": session.observation(seat).copy(),
                "action_mask": session.mask(seat, deciding)}

    # -- internals ------------------------------------------------------------------------

    def _render_seat(self) -> int | None:
        """The agent to act while the game is on (``"human"`` shows its view)."""
        if self._session.turn.kind == "terminal":
            return None
        return self._seats[self.agent_selection]

    def _after_turn(self, paid: tuple[float, ...]) -> None:
        """The step's rewards (``paid``, by seat), then the next agent, or at the end
        every agent's termination, or truncation for a game cut short."""
        session = self._session
        self.rewards = {agent: paid[self._seats[agent]] for agent in self.agents}
        if session.turn.kind == "terminal":
            ended = self.truncations if session.truncated() else self.terminations
            for agent in self.agents:
                ended[agent] = True
        else:
            self.agent_selection = _agent(session.turn.seats[0])


class PartyRulesParallelEnv(_Extras, ParallelEnv):  # type: ignore[misc]  # Any to mypy
    """The parallel environment of one partyrules game (build it with
    :func:`parallel_env`).

    Each :meth:`step` is one decision of the game: the pending seats of a simultaneous
    step all act in it (their choices are applied in seat order: they commute), otherwise
    the one seat whose turn it is. The other agents' actions are ignored (their masks are
    all zeros); a deciding agent without an action raises
    :class:`~partyrules.IllegalAction`. It offers the same extras as
    :class:`PartyRulesEnv`.
    """

    def __init__(self, game: AnyGame, config: Any, *, render_mode: str | None = None,
                 observation_length: int | None = None,
                 illegal: IllegalPolicy = "terminate", reward: RewardMode = "win") -> None:
        self._session = _Session(game, config, render_mode, observation_length, illegal,
                                 reward)
        self.render_mode = render_mode
        self.metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES),
                                         "name": f"partyrules_{game.name}_v0"}
        self.possible_agents: list[str] = [_agent(seat)
                                           for seat in range(self._session.players)]
        self.agents: list[str] = []
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces, self.action_spaces = _spaces(self._session,
                                                              self.possible_agents)

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space of ``agent`` (the same object at every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """``Discrete(n)``, as in :meth:`PartyRulesEnv.action_space`."""
        return self.action_spaces[agent]

    @property
    def deciding(self) -> list[str]:
        """The agents whose actions the next :meth:`step` applies."""
        return [_agent(seat) for seat in self._session.turn.seats]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """Set up a new game with ``seed`` (as :meth:`PartyRulesEnv.reset`); returns every
        agent's observation and info. ``options`` is ignored."""
        self._session.reset(seed)
        self.agents = self.possible_agents[:]
        self._auto_render()
        return self._observations(), {agent: {} for agent in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[
            dict[str, Observation], dict[str, float], dict[str, bool], dict[str, bool],
            dict[str, dict[str, Any]]]:
        """Apply the actions of the deciding agents (:attr:`deciding`): observations,
        rewards (the ``reward`` mode's, as in :class:`PartyRulesEnv`), terminations,
        truncations (a game cut short by its turn limit) and infos of every agent.

        An illegal move (an int id its mask does not allow) of a deciding agent, with
        ``illegal="terminate"``, ends the game for every agent, the classic rule applied
        to a joint step: each agent that moved illegally gets :data:`ILLEGAL_MOVE_REWARD`
        (-1.0) and ``"illegal_action"`` in its info, every other agent 0.0, and none of
        the step's moves is applied (the legal ones were made beside a move that ends
        the game). With ``illegal="raise"`` it raises :class:`~partyrules.IllegalAction`
        and nothing changes, as for a deciding agent without an action or with a value
        that is no int, whatever the policy."""
        if not self.agents:
            raise IllegalAction("the game is over: reset() the environment")
        session = self._session
        for seat in session.turn.seats:
            agent = _agent(seat)
            if agent not in actions:
                raise IllegalAction(f"{agent} decides now but has no action in the step")
        illegal = {seat: int(actions[_agent(seat)]) for seat in session.turn.seats
                   if session.forfeits(seat, actions[_agent(seat)])}
        agents = self.agents
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in agents}
        if illegal:
            session.forfeit(illegal)
            rewards = {agent: ILLEGAL_MOVE_REWARD if self._seats[agent] in illegal else 0.0
                       for agent in agents}
            for seat, action in illegal.items():
                infos[_agent(seat)] = {"illegal_action": action}
            self.agents = []
            self._auto_render()
            return (self._observations(agents), rewards, dict.fromkeys(agents, True),
                    dict.fromkeys(agents, False), infos)
        chosen = [session.chosen(seat, actions[_agent(seat)]) for seat in session.turn.seats]
        state = session.state
        for action in chosen:  # in seat order; the choices commute
            session.record(state, action)
            state = self.game.apply(state, action)
        before = session.state
        session.advance(state)
        observations = self._observations(agents)
        paid = session.pay(before)
        rewards = {agent: paid[self._seats[agent]] for agent in agents}
        done = session.turn.kind == "terminal"
        truncated = done and session.truncated()
        if done:
            self.agents = []
        self._auto_render()
        return (observations, rewards, dict.fromkeys(agents, done and not truncated),
                dict.fromkeys(agents, truncated), infos)

    def _observations(self, agents: list[str] | None = None) -> dict[str, Observation]:
        """The observations of ``agents`` (default: the live ones)."""
        session = self._session
        deciding = set(session.turn.seats)
        chosen = self.agents if agents is None else agents
        return {agent: {"observation": session.observation(seat).copy(),
                        "action_mask": session.mask(seat, seat in deciding)}
                for agent, seat in self._seats.items() if agent in chosen}


def _game_of(game: str | AnyGame) -> AnyGame:
    return get_game(game) if isinstance(game, str) else game


def env(game: str | AnyGame, players: int, *, render_mode: str | None = None,
        observation_length: int | None = None, illegal: IllegalPolicy = "terminate",
        reward: RewardMode = "win", **config: Any) -> AECEnv:
    """A PettingZoo AEC environment of ``game`` (a registry name or a
    :class:`~partyrules.Game`) for ``players`` seats.

    ``config`` holds the game's other config fields (``turn_limit=40``,
    ``danys_reason=True`` ...); a bad one raises :class:`~partyrules.InvalidConfig`.
    ``render_mode`` is None, ``"ansi"`` or ``"human"`` (:data:`RENDER_MODES`);
    ``observation_length`` sets the byte length of the observations of a game without an
    encoding (:data:`DEFAULT_OBSERVATION_LENGTH`). ``illegal`` says what an id the mask
    does not allow does (:data:`ILLEGAL_POLICIES`): ``"terminate"`` ends the game with
    -1.0 for the offender, as PettingZoo's classic games do (their
    ``TerminateIllegalWrapper``, which a policy sampling the whole action space meets in
    PettingZoo's own seed tests); ``"raise"`` raises :class:`~partyrules.IllegalAction`,
    for code that must never send one (a bug then stops at once). ``reward`` is what
    the agents are paid (:mod:`partyrules.adapters.rewards`): ``"win"`` (a share of 1 for
    each winner at the end), ``"score"`` (each final score as a share of the best) or
    ``"shaped"`` (``"win"`` plus the change of the game's heuristic after every step).
    A game cut short by its turn limit (``Outcome.truncated``) ends every agent with a
    truncation, not a termination.
    The environment is wrapped in PettingZoo's ``OrderEnforcingWrapper`` (``.unwrapped``
    is the :class:`PartyRulesEnv`).
    """
    the_game = _game_of(game)
    built = _build_config(the_game, players, config)
    return OrderEnforcingWrapper(PartyRulesEnv(the_game, built, render_mode=render_mode,
                                               observation_length=observation_length,
                                               illegal=illegal, reward=reward))


def parallel_env(game: str | AnyGame, players: int, *, render_mode: str | None = None,
                 observation_length: int | None = None,
                 illegal: IllegalPolicy = "terminate", reward: RewardMode = "win",
                 **config: Any) -> PartyRulesParallelEnv:
    """A PettingZoo parallel environment of ``game`` for ``players`` seats (the
    arguments are those of :func:`env`): one step per decision, every pending seat of a
    simultaneous step acting in the same step.

    >>> table = parallel_env("dinner", 3)
    >>> observations, infos = table.reset(seed=1)
    >>> sorted(observations) == table.agents == ["seat_0", "seat_1", "seat_2"]
    True
    """
    the_game = _game_of(game)
    built = _build_config(the_game, players, config)
    return PartyRulesParallelEnv(the_game, built, render_mode=render_mode,
                                 observation_length=observation_length, illegal=illegal,
                                 reward=reward)
