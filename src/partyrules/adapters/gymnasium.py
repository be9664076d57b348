"""Gymnasium single-agent environments for every partyrules game (extra ``[gymnasium]``).

One seat learns; every other seat is played by a partyrules player: a bot spec that
:func:`partyrules.bots.make_bot` reads (``"random"``, ``"greedy"``, ``"ismcts:50"``) or
any :class:`~partyrules.core.match.Player` object. The game is driven by the match runner
(:class:`~partyrules.core.match.Match`): the learning seat is its one *outside* seat,
whose actions :meth:`SingleAgentEnv.step` submits; between two of them the runner plays
the other seats and the table (its rulings that raise no objection), exactly as in a
match of bots.

* **Observation**: the encoding's float32 tensor of the learning seat's view
  (``Game.encoding``), in a ``Box`` bounded by the encoding's ``observation_bounds``.
* **Actions**: ``Discrete(num_actions(config))``, the encoding's fixed ids.
  :meth:`~SingleAgentEnv.action_masks` gives the legal ids as booleans (what
  sb3-contrib's ``MaskablePPO`` calls); ``info["action_mask"]`` holds them as int8.
* **The seat**: ``seat=k`` learns at seat ``k`` in every episode; ``seat="rotate"`` at
  seat ``seed % players``, so consecutive seeds put the learner at every seat in turn.
* **Rewards**: ``reward=`` (:mod:`partyrules.adapters.rewards`): ``"win"`` (the
  default), ``"score"`` or ``"shaped"``, the learning seat's share of what was paid
  between two of its decisions.
* **The end**: ``terminated`` when the game is decided; ``truncated`` when it was cut
  short by a turn limit (``Outcome.truncated``: Dylan Dog's ``turn_limit``).
* **An illegal action** (an id the mask does not allow): with ``illegal="terminate"``
  (the default) the episode ends at once, terminated, with reward
  :data:`ILLEGAL_MOVE_REWARD` and ``info["illegal_action"]``; with ``illegal="raise"`` it
  raises :class:`~partyrules.IllegalAction` and changes nothing.

Importing the module registers one Gymnasium id per game, ``partyrules/Dinner-v0``,
``partyrules/WhenIDream-v0`` ... (:func:`env_id`), so that ``gymnasium.make`` builds them;
``gymnasium.make("partyrules.adapters.gymnasium:partyrules/Dinner-v0")`` imports it
first.

>>> import numpy as np
>>> table = SingleAgentEnv("dinner", 4, opponents="random")
>>> observation, info = table.reset(seed=3)
>>> observation.shape == table.observation_space.shape, info["seat"]
(True, 0)
>>> legal = np.flatnonzero(table.action_masks())
>>> observation, reward, terminated, truncated, info = table.step(int(legal[0]))
>>> reward, terminated, truncated
(0.0, False, False)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, Literal, TypeAlias

import gymnasium
import numpy as np
from numpy.typing import NDArray

from partyrules.adapters import driver
from partyrules.adapters.rewards import (
    RewardMode,
    check_reward_mode,
    held_mid_step,
    step_rewards,
)
from partyrules.bots import make_bot
from partyrules.core.encoding import Numbered
from partyrules.core.errors import IllegalAction, InvalidConfig
from partyrules.core.game import GAMES, AnyGame, get_game
from partyrules.core.match import Match, Player
from partyrules.core.replay import Replay
from partyrules.simulation import Tally

__all__ = [
    "ILLEGAL_MOVE_REWARD",
    "ILLEGAL_POLICIES",
    "RENDER_MODES",
    "IllegalPolicy",
    "Opponents",
    "Policy",
    "SingleAgentEnv",
    "env_id",
    "evaluate",
    "register_envs",
]

RENDER_MODES: Final = ("ansi", "human")
"""The render modes: ``"ansi"`` returns the narration of the episode as the learning
seat may know it and that seat's view; ``"human"`` prints the lines not printed yet and
the view after every reset and step (and at each ``render()``, which returns None)."""

ILLEGAL_POLICIES: Final = ("terminate", "raise")
"""What :meth:`SingleAgentEnv.step` does with an id the mask does not allow."""

ILLEGAL_MOVE_REWARD: Final = -1.0
"""The reward of an illegal action that ends the episode (``illegal="terminate"``), the
one PettingZoo's classic games and :mod:`partyrules.adapters.pettingzoo` give."""

IllegalPolicy: TypeAlias = Literal["terminate", "raise"]
"""The type of ``illegal=``: one of :data:`ILLEGAL_POLICIES`."""

Opponents: TypeAlias = str | Player | Sequence[str | Player]
"""Who plays the other seats: one bot spec or player for all of them, or one each, in
seat order with the learning seat left out."""

Policy: TypeAlias = Callable[[NDArray[np.float32], NDArray[np.int8]], Any]
"""What :func:`evaluate` plays: ``policy(observation, action_mask)`` gives an action id."""

_SEED_BOUND: Final = 2**63
"""Seeds drawn for unseeded resets lie in ``[0, 2**63)``."""

_GAMES_TO_FIND_A_DECISION: Final = 100
"""How many games :meth:`SingleAgentEnv.reset` sets up, at most, to find one in which
the learner decides before the end."""

_NONE: Final[Numbered[Any]] = Numbered((), ())
"""No legal action: before the first reset and once the episode is over."""


def env_id(game: str) -> str:
    """The Gymnasium id of a game's environment: ``partyrules/`` and the registry name in
    CamelCase, version 0.

    >>> env_id("when_i_dream")
    'partyrules/WhenIDream-v0'
    """
    return "partyrules/" + "".join(part.capitalize() for part in game.split("_")) + "-v0"


def register_envs() -> tuple[str, ...]:
    """Register :func:`env_id` with Gymnasium for every game of the registry that has an
    encoding and is not registered yet (the module does it for the built-in games on
    import; call it again after ``partyrules.register``-ing a game of your own). Returns
    every such id, sorted. ``gymnasium.make(id, players=4, seat="rotate", ...)`` passes
    its keywords to :class:`SingleAgentEnv`.

    >>> "partyrules/Dinner-v0" in register_envs()
    True
    """
    ids = []
    for name, game in sorted(GAMES.items()):
        if game.encoding is None:
            continue
        registered = env_id(name)
        if registered not in gymnasium.registry:
            gymnasium.register(id=registered, kwargs={"game": name},
                               entry_point=f"{__name__}:SingleAgentEnv")
        ids.append(registered)
    return tuple(ids)


def _plain(action: Any) -> int:
    """An action id as a Python int: NumPy integers and 0-d integer arrays are accepted;
    anything else is no id at all (``IllegalAction``)."""
    if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
        action = action.item()
    elif isinstance(action, np.integer):
        action = int(action)
    if type(action) is not int:
        raise IllegalAction(f"an action id is an int, not {action!r}")
    return action


def _box(game: AnyGame, config: Any) -> gymnasium.spaces.Box[np.float32]:
    """The observation space: the encoding's tensor shape within its bounds (unbounded
    where the game declares none)."""
    encoding = game.encoding
    assert encoding is not None  # SingleAgentEnv refuses a game without one
    shape = tuple(int(n) for n in encoding.observation_shape(config))
    if encoding.observation_bounds is None:
        return gymnasium.spaces.Box(-np.inf, np.inf, shape, np.float32)
    low, high = (np.asarray(side, np.float32) for side in encoding.observation_bounds(config))
    size = math.prod(shape)
    if low.shape != (size,) or high.shape != (size,):
        raise InvalidConfig(f"{game.name}: observation_bounds gives {low.size} and "
                            f"{high.size} bounds for a tensor of {size} floats", "encoding")
    return gymnasium.spaces.Box(low.reshape(shape), high.reshape(shape), shape, np.float32)


class SingleAgentEnv(gymnasium.Env[NDArray[np.float32], np.int64]):
    """One seat of a partyrules game as a Gymnasium environment (see the module's docs).

    ``game`` is a registry name or a :class:`~partyrules.Game` with an encoding;
    ``players`` the number of seats (the game's fewest by default); ``config`` its other
    config fields (``turn_limit=40`` ...), checked like ``game.Config(players=...,
    **config)``. ``seat`` is the learning seat, or ``"rotate"``; ``opponents`` who plays
    the others (:data:`Opponents`); ``reward``, ``illegal`` and ``render_mode`` as in the
    module's docs.

    ``reset(seed=s)`` sets the game up with seed ``s``, which also seeds the opponents'
    draws (the match runner's ``seed``) and the draw that decides whether the learner
    speaks first in a race: an episode is a function of ``s`` and the learner's actions.
    ``reset()`` without a seed takes the next seed from the environment's
    ``np_random``, itself seeded by the last seeded reset. A game that ends before the
    learner's first decision (a turn limit shorter than the first round) is no episode:
    ``reset`` sets up the next seed's game instead, and :attr:`seed` tells which.

    Besides the Gymnasium API it offers :attr:`game`, :attr:`config`, :attr:`seat`,
    :attr:`seed`, :attr:`game_state` and :meth:`replay`.

    **Races.** In a race (several seats may act and the first changes what follows,
    e.g. When I Dream's Dreamer may guess while a clue is due) the learning seat is asked
    first with probability ``1/k`` for ``k`` racing seats, the draw of the other
    adapters' turn model; otherwise it waits
    (:meth:`~partyrules.core.match.Match.wait`) and the runner asks the others in race
    order, so the learner acts after one of them, or when every other racing seat has
    waited.
    In a simultaneous step the opponents choose first and the learner last; their
    choices are hidden from it and commute.
    """

    # Gymnasium reads the render modes and a frame rate (nominal: text frames) here.
    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012 - Env's own

    def __init__(self, game: str | AnyGame, players: int | None = None, *,
                 seat: int | Literal["rotate"] = 0, opponents: Opponents = "random",
                 reward: RewardMode = "win", illegal: IllegalPolicy = "terminate",
                 render_mode: str | None = None, **config: Any) -> None:
        the_game = get_game(game) if isinstance(game, str) else game
        if the_game.encoding is None:
            raise InvalidConfig(f"{the_game.name} has no encoding: the Gymnasium "
                                "environment observes the encoding's tensor and acts by "
                                "its ids (the PettingZoo adapter takes any game)", "game")
        self._game = the_game
        self._config = the_game.Config(
            players=the_game.min_players if players is None else players, **config)
        self._players: int = self._config.players
        if not (seat == "rotate" or (type(seat) is int and 0 <= seat < self._players)):
            raise InvalidConfig(f"seat is a seat from 0 to {self._players - 1} or "
                                f"'rotate', not {seat!r}", "seat")
        self._seat_choice = seat
        self._reward: RewardMode = check_reward_mode(the_game, reward)
        if illegal not in ILLEGAL_POLICIES:
            raise InvalidConfig(f"illegal is one of {', '.join(ILLEGAL_POLICIES)}, not "
                                f"{illegal!r}", "illegal")
        self._illegal = illegal
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InvalidConfig(f"render_mode is one of {', '.join(RENDER_MODES)} or None, "
                                f"not {render_mode!r}", "render_mode")
        self.render_mode = render_mode
        self._opponents = self._players_of(opponents)
        self.action_space: gymnasium.spaces.Discrete = gymnasium.spaces.Discrete(
            driver.action_space_size(the_game, self._config))
        self.observation_space: gymnasium.spaces.Box[np.float32] = _box(the_game, self._config)
        self._seat = 0 if seat == "rotate" else seat
        self._seed: int | None = None
        self._match: Match | None = None
        self._races = random.Random(0)
        self._legal: Numbered[Any] = _NONE  # the learner's legal actions by id, now
        self._last_before: Any = None  # the state before the last action applied
        self._settled: Any = None  # the last state not inside a simultaneous step
        self._paid_to: Any = None  # the state the learner's rewards so far reach
        self._over = False
        self._outcome_info: dict[str, Any] = {}
        self._lines: list[str] = []
        self._printed = 0

    def _players_of(self, opponents: Opponents) -> tuple[Player, ...]:
        """One player for each seat but the learner's, in seat order."""
        def player(one: str | Player) -> Player:
            return make_bot(one, self._game) if isinstance(one, str) else one

        if isinstance(opponents, str) or not isinstance(opponents, Sequence):
            return tuple(player(opponents) for _ in range(self._players - 1))
        if len(opponents) != self._players - 1:
            raise InvalidConfig(f"opponents: {len(opponents)} given for the "
                                f"{self._players - 1} other seats", "opponents")
        return tuple(player(one) for one in opponents)

    # -- what it offers besides the Gymnasium API -----------------------------------------

    @property
    def game(self) -> AnyGame:
        """The partyrules game."""
        return self._game

    @property
    def config(self) -> Any:
        """The game's config."""
        return self._config

    @property
    def seat(self) -> int:
        """The learning seat of the current episode."""
        return self._seat

    @property
    def seed(self) -> int | None:
        """The seed of the current episode (the game's and the players'); None before
        the first reset."""
        return self._seed

    @property
    def game_state(self) -> Any:
        """The full current state of the game (hidden parts included)."""
        return self._running().state

    def replay(self) -> Replay:
        """The episode so far as a replay (every seat's actions and the table's rulings);
        an illegal action that ended it is not in it."""
        match = self._running()
        assert self._seed is not None
        return Replay(self._game.name, self._config, self._seed, tuple(match.actions))

    def action_masks(self) -> NDArray[np.bool_]:
        """The learning seat's legal ids as a boolean mask over the action space (all
        False once the episode is over): what sb3-contrib's ``MaskablePPO`` asks for."""
        mask = np.zeros(self.action_space.n, dtype=np.bool_)
        if not self._over:
            mask[list(self._legal.ids)] = True
        return mask

    # -- the Gymnasium API ----------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        """Start an episode (see the class's docs for ``seed``); ``options`` is ignored.
        Returns the learner's first observation and ``info`` (``"action_mask"``,
        ``"seat"``)."""
        if isinstance(seed, np.integer):
            seed = int(seed)
        super().reset(seed=seed)
        for _ in range(_GAMES_TO_FIND_A_DECISION):
            if seed is None:
                seed = int(self.np_random.integers(_SEED_BOUND))
            self._start(seed)
            if not self._over:
                break
            seed = None  # over before the learner's first decision: not an episode
        else:
            raise InvalidConfig(f"{self._game.name}: seat {self._seat} made no decision in "
                                f"{_GAMES_TO_FIND_A_DECISION} games of this config (a turn "
                                "limit shorter than a round?)", "seat")
        self._paid_to = self._pay_point()
        self._auto_render()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[NDArray[np.float32], float, bool, bool,
                                         dict[str, Any]]:
        """Apply the learning seat's action ``action`` (an id), then the other seats'
        until the learner is to act again or the game is over. Returns the observation,
        the learner's reward since its last action, ``terminated``, ``truncated`` and
        ``info`` (``"action_mask"``, ``"seat"``; at the end ``"outcome"``, the game's
        :class:`~partyrules.Outcome`; after an illegal action ``"illegal_action"``)."""
        match = self._running()
        if self._over:
            raise IllegalAction("the episode is over: reset() the environment")
        action_id = _plain(action)
        if action_id not in self._legal:
            if self._illegal == "raise":
                # Raises, naming the legal ids.
                driver.action_at(self._game, match.state, self._seat, action_id, self._legal)
            self._over = True
            self._lines.append(f"       seat_{self._seat} made an illegal move (id "
                               f"{action_id}): the episode ends")
            self._auto_render()
            info = self._info()
            info["illegal_action"] = action_id
            return self._observation(), ILLEGAL_MOVE_REWARD, True, False, info
        match.submit(driver.action_at(self._game, match.state, self._seat, action_id,
                                      self._legal))
        self._advance()
        paid, self._paid_to = self._paid_to, self._pay_point()
        reward = float(step_rewards(self._game, paid, self._paid_to, self._reward)[self._seat])
        truncated = self._over and bool(self._outcome_info["outcome"].truncated)
        self._auto_render()
        terminated = self._over and not truncated
        return self._observation(), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        """``"ansi"``: the narration of the episode, each line as the learning seat may
        know it (``describe_action`` from its seat), then its view; ``"human"``: print
        the lines not printed yet and the view, and return None. Without a render mode:
        warn and return None."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; use "
                                  "render_mode='ansi' or 'human'")
            return None
        game, state = self._game, self._running().state
        view = f"-- seat_{self._seat} sees:\n" + game.render_view(game.view(state, self._seat))
        if self.render_mode == "ansi":
            return "\n".join([*self._lines, view])
        print("\n".join([*self._lines[self._printed:], view]))
        self._printed = len(self._lines)
        return None

    # -- internals ------------------------------------------------------------------------

    def _start(self, seed: int) -> None:
        """Set the game up with ``seed`` and play the other seats up to the learner's
        first decision (or the end)."""
        self._seed = seed
        game = self._game
        self._seat = seed % self._players if self._seat_choice == "rotate" else self._seat
        others = [s for s in range(self._players) if s != self._seat]
        state = game.setup(self._config, seed)
        self._match = Match(game, state, dict(zip(others, self._opponents, strict=True)),
                            seed=seed, on_action=self._heard)
        # The learner's side of the race draws: a stream of its own, from the same seed.
        self._races = random.Random(f"{seed}/races")
        self._over = False
        self._outcome_info = {}
        self._lines, self._printed = [], 0
        self._last_before, self._settled = None, state
        self._advance()

    def _running(self) -> Match:
        if self._match is None:
            raise IllegalAction("no episode yet: reset() the environment first")
        return self._match

    def _pay_point(self) -> Any:
        """The state the learner is paid up to now: the current one, or inside a
        simultaneous step (the opponents vote before the learner) the state before the
        step's first ballot: until the step is over nothing the learner may know
        changes, and neither may its reward."""
        state = self._running().state
        return self._settled if held_mid_step(self._game, self._last_before, state) else state

    def _heard(self, before: Any, action: Any) -> None:
        """The runner's report of each action applied: kept for the payments and
        narrated for the learner."""
        if not held_mid_step(self._game, self._last_before, before):
            self._settled = before
        self._last_before = before
        line = self._game.describe_action(before, action, self._seat)
        self._lines.append(f"{len(self._running().actions):5d}  {line}")

    def _advance(self) -> None:
        """Let the runner play the other seats until the learner is to act (drawing, in
        a race, whether it speaks first) or the game is over."""
        match = self._running()
        while True:
            match.run()
            if match.finished:
                self._over = True
                self._legal = _NONE
                self._outcome_info = {"outcome": self._game.outcome(match.state)}
                return
            turn = match.turn()
            if turn.race and turn.seats[self._seat] == "may_wait":
                racing = [s for s, status in enumerate(turn.seats) if status == "may_wait"]
                if self._races.choice(racing) != self._seat:
                    match.wait(self._seat)
                    continue
            break
        self._legal = driver.numbered(self._game, match.state, self._seat)

    def _observation(self) -> NDArray[np.float32]:
        """The learner's tensor, a new array at every call."""
        tensor = driver.seat_tensor(self._game, self._running().state, self._seat)
        return np.asarray(tensor, dtype=np.float32).reshape(self.observation_space.shape)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks().astype(np.int8), "seat": self._seat,
                **self._outcome_info}

    def _auto_render(self) -> None:
        if self.render_mode == "human":
            self.render()


def evaluate(env: gymnasium.Env[Any, Any], policy: Policy, seeds: Iterable[int],
             name: str = "learner") -> Tally:
    """Play one episode of ``env`` (a :class:`SingleAgentEnv`, wrapped or not) per seed
    with ``policy(observation, action_mask) -> id`` and count the learner's wins: a game
    it won, alone or shared (``info["outcome"].winners``), as partyrules' simulations
    count them. Returns a :class:`~partyrules.simulation.Tally` (``rate``, and
    ``interval``: its 95% Wilson interval). An episode ended by an illegal action is a
    game lost.

    >>> table = SingleAgentEnv("dany", 4, seat="rotate")
    >>> first = evaluate(table, lambda observation, mask: int(np.flatnonzero(mask)[0]),
    ...                  range(6), name="lowest id")
    >>> first.name, first.games, 0 <= first.wins <= 6
    ('lowest id', 6, True)
    """
    games = wins = 0
    for seed in seeds:
        observation, info = env.reset(seed=seed)
        done = False
        while not done:
            observation, _, terminated, truncated, info = env.step(
                policy(observation, info["action_mask"]))
            done = terminated or truncated
        games += 1
        outcome = info.get("outcome")
        wins += outcome is not None and info["seat"] in outcome.winners
    return Tally(name, games, wins)


register_envs()
