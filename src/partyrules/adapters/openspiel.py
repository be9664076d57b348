"""Play partyrules games in OpenSpiel: every game registered as ``partyrules_<name>``.

:func:`register` (idempotent) registers every game of :data:`partyrules.GAMES` with
``pyspiel`` (or one :class:`~partyrules.Game` given to it);
``pyspiel.load_game("partyrules_dany", {"players": 5})`` then loads one. The parameters
are ``players`` (default: the game's ``min_players``), ``seed`` (default 0), for a game
with simultaneous steps ``turn_based`` (default False), and every ``Config`` field whose
default is a bool, an int or a str; a field that defaults to ``None`` and holds an ``int``
otherwise (Dany's ``idea_cards``, Hollywood's ``first_distributor``) is an int parameter
where ``-1`` means ``None``.

Everything comes from the game's :class:`~partyrules.Game` record:

* **Dynamics.** ``SIMULTANEOUS`` for a game with ``simultaneous_steps``: a simultaneous
  step is one joint action of every seat (a seat that is not pending plays the no-op id
  0). With ``turn_based=True`` it is ``SEQUENTIAL`` instead: the pending seats of a
  simultaneous step decide one after another, lowest seat first (their choices commute
  and each view hides the others' choices), so sequential algorithms (MCTS, ISMCTS)
  play it. A game without simultaneous steps is ``SEQUENTIAL``.
* **Action ids and tensors.** A game with an encoding (``Game.encoding``) has its fixed
  ids (``num_distinct_actions`` is ``num_actions(config)``) and provides observation and
  information-state tensors (the encoding's tensor of the seat's view). A game without
  one has per-decision ids (the index in ``legal_actions``, at most
  :data:`~partyrules.adapters.driver.DEFAULT_ACTION_BOUND`) and strings only.
* **Length.** ``max_game_length`` is ``Game.max_decisions(config)``
  (:func:`max_game_length`).

The turn model is :mod:`partyrules.adapters.driver`'s: the table's rulings are applied
automatically when only the table may act, and a race gives the turn to one racing seat
drawn with the adapter's own rng (seeded from ``seed``).

>>> import pyspiel
>>> import partyrules
>>> register()
>>> game = pyspiel.load_game("partyrules_dylan_dog", {"players": 3, "turn_limit": 3})
>>> game.max_game_length() == max_game_length(game.partyrules_game, game.config)
True
>>> state = game.new_initial_state()
>>> state.current_player(), len(state.legal_actions())
(0, 1)
"""

from __future__ import annotations

import math
import random
import types
from collections.abc import Mapping, Sequence
from typing import Any

import attrs
import numpy as np
import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
from numpy.typing import NDArray

from partyrules.adapters import driver
from partyrules.core.errors import IllegalAction, InvalidConfig, PartyRulesError
from partyrules.core.game import GAMES, AnyGame
from partyrules.core.rng import Rng
from partyrules.core.serialize import dumps

__all__ = [
    "NONE_SENTINEL",
    "NO_OP",
    "PREFIX",
    "RACE_SALT",
    "TURN_BASED",
    "GameTooLong",
    "PartyRulesGame",
    "PartyRulesState",
    "config_of",
    "max_game_length",
    "parameters",
    "register",
    "short_name",
]

PREFIX = "partyrules_"
"""The prefix of every registered OpenSpiel game name: ``partyrules_<name>``."""

NONE_SENTINEL = -1
"""The int parameter value that stands for ``None`` in a ``Config`` field that defaults
to ``None`` (Dany's ``idea_cards``, Hollywood's ``first_distributor``)."""

RACE_SALT = 0x6F70656E_73706965
"""Mixed (xor) into ``seed`` for the adapter's race rng, so that race draws do not
repeat the game's own draws."""

NO_OP = 0
"""The only action id of a seat that is not pending at a simultaneous step; ignored."""

TURN_BASED = "turn_based"
"""The parameter of a game with simultaneous steps that loads it with ``SEQUENTIAL``
dynamics: the pending seats of a simultaneous step decide one after another."""


class GameTooLong(PartyRulesError):
    """A game went past its documented ``max_game_length``; OpenSpiel relies on the bound,
    so the adapter stops rather than run on silently."""


def short_name(game: AnyGame) -> str:
    """The OpenSpiel name of a partyrules game: ``partyrules_<name>``."""
    return PREFIX + game.name


def _is_optional_int(field: Any) -> bool:
    kind = field.type
    if isinstance(kind, str):
        return kind.replace(" ", "") in {"int|None", "None|int", "Optional[int]"}
    return bool(kind == (int | None))


def _exposed(game: AnyGame) -> list[tuple[str, bool | int | str, bool]]:
    """``(name, default, none_sentinel)`` for every Config field exposed as a parameter."""
    fields: list[tuple[str, bool | int | str, bool]] = []
    for field in attrs.fields(game.Config)[1:]:
        default = field.default
        if isinstance(default, bool | int | str):
            fields.append((field.name, default, False))
        elif default is None and _is_optional_int(field):
            fields.append((field.name, NONE_SENTINEL, True))
    return fields


def parameters(game: AnyGame) -> dict[str, bool | int | str]:
    """The OpenSpiel parameters of ``game`` and their defaults.

    >>> import partyrules
    >>> dany = partyrules.get_game("dany")
    >>> {name: value for name, value in parameters(dany).items() if name != TURN_BASED}
    {'players': 3, 'seed': 0, 'danys_reason': False, 'first_active': 0,
     'memory_cards': 30, 'idea_cards': -1}
    >>> (TURN_BASED in parameters(dany)) == dany.simultaneous_steps
    True
    """
    spec: dict[str, bool | int | str] = {"players": game.min_players, "seed": 0}
    if game.simultaneous_steps:
        spec[TURN_BASED] = False
    for name, default, _ in _exposed(game):
        spec[name] = default
    return spec


def config_of(game: AnyGame, params: Mapping[str, Any]) -> Any:
    """The ``Config`` that OpenSpiel parameters stand for (missing ones take their
    defaults); :class:`InvalidConfig` names the OpenSpiel game and the problem.

    >>> import partyrules
    >>> config_of(partyrules.get_game("dany"), {"players": 5, "danys_reason": True}).danys_reason
    True
    """
    label = short_name(game)
    known = parameters(game)
    unknown = sorted(set(params) - set(known))
    if unknown:
        raise InvalidConfig(f"{label}: unknown parameter(s) {', '.join(unknown)}; "
                            f"known: {', '.join(known)}")
    kwargs: dict[str, Any] = {}
    for name, default, sentinel in _exposed(game):
        value = params.get(name, default)
        if type(value) is not type(default):
            raise InvalidConfig(f"{label}: parameter {name} must be a "
                                f"{type(default).__name__}, not {value!r}")
        kwargs[name] = None if sentinel and value == NONE_SENTINEL else value
    players = params.get("players", game.min_players)
    try:
        return game.Config(players=players, **kwargs)
    except (InvalidConfig, TypeError, ValueError) as error:
        raise InvalidConfig(f"{label}: {error}") from error


def max_game_length(game: AnyGame, config: Any, *, turn_based: bool = False) -> int:
    """The bound on the decisions of one game: ``game.max_decisions(config)`` (a joint
    action of a simultaneous step counts one; :func:`driver.max_decisions
    <partyrules.adapters.driver.max_decisions>` gives the default of a game that declares
    none). ``turn_based`` counts every seat's choice of a simultaneous step, so the bound
    is multiplied by the number of seats. A game that goes past it raises
    :class:`GameTooLong`; a config the game declares unbounded (Dylan Dog without a turn
    limit) raises :class:`~partyrules.InvalidConfig`.
    """
    bound = driver.max_decisions(game, config, short_name(game))
    if turn_based and game.simultaneous_steps:
        bound *= int(config.players)
    return bound


def _player_range(game: AnyGame) -> tuple[int, int]:
    """The widest player range of any config that flips one bool parameter (Dany's
    Reason plays 3 to 9)."""
    counts = {game.min_players, game.max_players}
    variants: list[dict[str, Any]] = [{}]
    variants += [{name: not default} for name, default, _ in _exposed(game)
                 if isinstance(default, bool)]
    for variant in variants:
        for players in range(1, 21):
            try:
                game.Config(players=players, **variant)
            except (InvalidConfig, TypeError, ValueError):
                continue
            counts.add(players)
    return min(counts), max(counts)


def _game_type(game: AnyGame, *, turn_based: bool = False) -> Any:
    low, high = _player_range(game)
    dynamics = (pyspiel.GameType.Dynamics.SIMULTANEOUS
                if game.simultaneous_steps and not turn_based
                else pyspiel.GameType.Dynamics.SEQUENTIAL)
    tensors = driver.has_encoding(game)
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"partyrules {game.title}",
        dynamics=dynamics,
        # Every shuffle, deal and race draw follows from the ``seed`` parameter: a loaded
        # game has no chance nodes and no rng of its own, so OpenSpiel can serialize it.
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=tensors,
        provides_observation_string=True,
        provides_observation_tensor=tensors,
        provides_factored_observation_string=False,
        parameter_specification=parameters(game),
        default_loadable=True,
    )


_GAMES: dict[str, AnyGame] = {}
"""Every game registered with ``pyspiel`` by :func:`register`, by partyrules name."""


def _restored_table(name: str, params: dict[str, Any]) -> _Table:
    """The :class:`_Table` of a registered game and its parameters (unpickling)."""
    game = _GAMES.get(name)
    if game is None:
        raise InvalidConfig(f"{PREFIX}{name} is not registered with OpenSpiel: call "
                            "partyrules.adapters.openspiel.register() first")
    return _table_of(game, params)


@attrs.frozen(slots=True)
class _Table:
    """What every state of one loaded game shares (never copied by ``clone``)."""

    game: AnyGame
    config: Any
    params: dict[str, Any]
    seed: int
    bound: int
    turn_based: bool
    num_actions: int
    shape: tuple[int, ...] | None
    """The observation tensor's shape, or None for a game without an encoding."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # OpenSpiel pickles a state's attributes: the table travels as its game's name
        # and parameters, and is rebuilt from them.
        return _restored_table, (self.game.name, self.params)


def _table_of(game: AnyGame, params: Mapping[str, Any]) -> _Table:
    """The shared part of a game loaded with ``params`` (checked, defaults filled in)."""
    params = {**parameters(game), **params}
    config = config_of(game, params)  # refuses turn_based for a game without simultaneous steps
    turn_based = params.get(TURN_BASED, False)
    if type(turn_based) is not bool:
        raise InvalidConfig(f"{short_name(game)}: parameter {TURN_BASED} must be a bool, "
                            f"not {turn_based!r}")
    shape = (tuple(int(n) for n in game.encoding.observation_shape(config))
             if game.encoding is not None else None)
    return _Table(game, config, params, int(params.get("seed", 0)),
                  max_game_length(game, config, turn_based=turn_based), turn_based,
                  driver.action_space_size(game, config), shape)


@attrs.frozen(slots=True)
class _Position:
    """The adapter's part of a state: the settled partyrules state, the race rng, the
    turn and the decisions taken (immutable, so ``clone`` shares it)."""

    state: Any
    rng: Rng
    turn: driver.Turn
    steps: int
    cache: dict[Any, Any] = attrs.field(factory=dict, eq=False, repr=False)
    """Strings, ids, actions and tensors computed once per position (clones share them)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return _Position, (self.state, self.rng, self.turn, self.steps)  # not the cache

    def numbered(self, game: AnyGame, seat: int) -> driver.Numbered[Any]:
        """``seat``'s legal actions by id (:func:`driver.numbered
        <partyrules.adapters.driver.numbered>`)."""
        key = ("numbered", seat)
        if key not in self.cache:
            self.cache[key] = driver.numbered(game, self.state, seat)
        return self.cache[key]  # type: ignore[no-any-return]

    def action(self, game: AnyGame, seat: int, action_id: int) -> Any:
        """The action numbered ``action_id`` for ``seat`` (``IllegalAction`` if not legal)."""
        return driver.action_at(game, self.state, seat, action_id, self.numbered(game, seat))

    def tensor(self, game: AnyGame, seat: int) -> NDArray[np.float32]:
        """The encoding's observation tensor of ``seat``'s view, flat."""
        key = ("tensor", seat)
        if key not in self.cache:
            assert game.encoding is not None  # only games with tensors ask
            values = game.encoding.observation_tensor(game.view(self.state, seat))
            self.cache[key] = np.asarray(values, dtype=np.float32)
        return self.cache[key]  # type: ignore[no-any-return]


def _position(table: _Table, state: Any, rng: Rng, steps: int) -> _Position:
    game = table.game
    if steps > table.bound:
        raise GameTooLong(f"{PREFIX}{game.name}: the game went past its max_game_length of "
                          f"{table.bound} decisions (see max_game_length)")
    state = driver.settle(game, state)
    turn, rng = driver.next_turn(game, state, rng)
    if turn.kind == "simultaneous":
        if not game.simultaneous_steps:
            raise IllegalAction(f"{PREFIX}{game.name} reached a simultaneous step, but the "
                                "game declares none (Game.simultaneous_steps)")
        if table.turn_based:  # the pending seats decide one after another
            turn = driver.Turn("sequential", turn.seats[:1])
    return _Position(state, rng, turn, steps)


class PartyRulesGame(pyspiel.Game):  # type: ignore[misc]
    """A partyrules game as a ``pyspiel.Game``; made by ``pyspiel.load_game``."""

    def __init__(self, game: AnyGame, params: Mapping[str, Any] | None = None) -> None:
        table = _table_of(game, dict(params or {}))
        self._table = table
        self._initial: _Position | None = None
        info = pyspiel.GameInfo(
            num_distinct_actions=table.num_actions,
            max_chance_outcomes=0,
            num_players=table.config.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=table.bound,
        )
        super().__init__(_game_type(game, turn_based=table.turn_based), info, table.params)

    @property
    def partyrules_game(self) -> AnyGame:
        """The partyrules game behind this OpenSpiel game."""
        return self._table.game

    @property
    def config(self) -> Any:
        """The partyrules ``Config`` built from the parameters."""
        return self._table.config

    def new_initial_state(self) -> PartyRulesState:
        """The settled initial state, dealt from the ``seed`` parameter."""
        if self._initial is None:
            table = self._table
            self._initial = _position(table, table.game.setup(table.config, table.seed),
                                      Rng.from_seed(table.seed ^ RACE_SALT), 0)
        return PartyRulesState(self, self._table, self._initial)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: Mapping[str, Any] | None = None) -> _Observer:
        """The information state with ``perfect_recall``, else the observation; both
        have the encoding's tensor of the seat's view, when the game has an encoding."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return _Observer(self._table, iig_obs_type)


class _Observer:
    """The PyObserver of the adapter: the seat's strings, and the encoding's tensor of
    its view (views carry what a seat remembers, so it serves the information state
    too)."""

    def __init__(self, table: _Table, iig_obs_type: Any) -> None:
        self.info_state = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self._game = table.game
        self.tensor: NDArray[np.float32] | None = None
        self.dict: dict[str, NDArray[np.float32]] = {}
        if table.shape is not None:
            self.tensor = np.zeros(math.prod(table.shape), np.float32)
            self.dict = {"observation": self.tensor.reshape(table.shape)}

    def set_from(self, state: PartyRulesState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s tensor (nothing without an encoding)."""
        if self.tensor is not None:
            self.tensor[:] = state._position.tensor(self._game, int(player))

    def string_from(self, state: PartyRulesState, player: int) -> str:
        """The information-state or observation string of ``player``."""
        if self.info_state:
            return state.information_state_string(player)
        return state.observation_string(player)


class PartyRulesState(pyspiel.State):  # type: ignore[misc]
    """A settled partyrules state as a ``pyspiel.State``."""

    def __init__(self, game: PartyRulesGame, table: _Table, position: _Position) -> None:
        super().__init__(game)
        self._table = table
        self._position = position

    @property
    def partyrules_state(self) -> Any:
        """The partyrules state (settled: the table's automatic rulings applied)."""
        return self._position.state

    @property
    def turn(self) -> driver.Turn:
        """Who decides next, as :func:`partyrules.adapters.driver.next_turn` says (one
        seat at a time in a ``turn_based`` game)."""
        return self._position.turn

    def current_player(self) -> int:
        """The deciding seat, ``PlayerId.SIMULTANEOUS`` or ``PlayerId.TERMINAL``."""
        turn = self._position.turn
        if turn.kind == "terminal":
            return int(pyspiel.PlayerId.TERMINAL)
        if turn.kind == "simultaneous":
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return turn.seats[0]

    def _legal_actions(self, player: int) -> list[int]:
        turn = self._position.turn
        if player in turn.seats:
            return list(self._position.numbered(self._table.game, player))
        if turn.kind == "simultaneous" and 0 <= player < self._table.config.players:
            return [NO_OP]
        return []

    def _advance(self, state: Any) -> None:
        position = self._position
        self._position = _position(self._table, state, position.rng, position.steps + 1)

    def _apply_action(self, action: int) -> None:
        turn = self._position.turn
        if turn.kind != "sequential":
            raise IllegalAction(f"no single seat decides at a {turn.kind} step")
        game, position = self._table.game, self._position
        self._advance(game.apply(position.state,
                                 position.action(game, turn.seats[0], int(action))))

    def _apply_actions(self, actions: Sequence[int]) -> None:
        turn = self._position.turn
        if turn.kind != "simultaneous":
            raise IllegalAction(f"no joint action is due at a {turn.kind} step")
        game, position = self._table.game, self._position
        chosen = [position.action(game, seat, int(actions[seat])) for seat in turn.seats]
        state = position.state
        for action in chosen:  # in seat order; the choices commute
            state = game.apply(state, action)
        self._advance(state)

    def _action_to_string(self, player: int, action: int) -> str:
        turn, position = self._position.turn, self._position
        if turn.kind == "simultaneous" and player not in turn.seats and action == NO_OP:
            return f"#{NO_OP} seat {player} waits (not pending)"
        key = ("text", player, action)
        cache = position.cache
        if key not in cache:
            game = self._table.game
            if player in turn.seats and action in position.numbered(game, player):
                chosen = position.action(game, player, action)
                cache[key] = f"#{action} {game.describe_action(position.state, chosen, player)}"
            else:
                cache[key] = f"#{action} (not legal for seat {player} here)"
        return str(cache[key])

    def _turn_line(self) -> str:
        turn = self._position.turn
        return f"{turn.kind}: {' '.join(map(str, turn.seats))}".rstrip()

    def information_state_string(self, player: int | None = None) -> str:
        """Who decides next, then ``partyrules.dumps`` of the seat's view."""
        seat = self.current_player() if player is None else int(player)
        key = ("info", seat)
        cache = self._position.cache
        if key not in cache:
            view = self._table.game.view(self._position.state, seat)
            cache[key] = f"{self._turn_line()}\n{dumps(view)}"
        return str(cache[key])

    def observation_string(self, player: int | None = None) -> str:
        """Who decides next, then the seat's view as ``render_view`` shows it."""
        seat = self.current_player() if player is None else int(player)
        key = ("observation", seat)
        cache = self._position.cache
        if key not in cache:
            game = self._table.game
            view = game.view(self._position.state, seat)
            cache[key] = f"{self._turn_line()}\n{game.render_view(view)}"
        return str(cache[key])

    def resample_from_infostate(self, player_id: int, probability_sampler: Any
                                ) -> PartyRulesState:
        """A state ``player_id`` cannot tell from this one: ``game.determinize`` re-deals
        what the seat may not know, and the adapter's future race draws are re-seeded.

        All the randomness comes from one draw of ``probability_sampler`` (a callable
        giving a float in [0, 1), e.g. ``pyspiel.UniformProbabilitySampler``), so a seeded
        sampler gives the same worlds every run. OpenSpiel's ``ISMCTSBot`` samples its
        worlds with it.
        """
        draw = float(probability_sampler())
        rng = random.Random(int(draw * 2**53))
        position = self._position
        state = self._table.game.determinize(position.state, int(player_id), rng)
        sampled = self.clone()
        sampled._position = _Position(state, Rng.from_seed(rng.getrandbits(64)),
                                      position.turn, position.steps)
        return sampled  # type: ignore[no-any-return]

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self._position.turn.kind == "terminal"

    def returns(self) -> list[float]:
        """1.0 for each winner and 0.0 for the other seats at the end; zeros before."""
        players = self._table.config.players
        if not self.is_terminal():
            return [0.0] * players
        winners = self._table.game.outcome(self._position.state).winners
        return [1.0 if seat in winners else 0.0 for seat in range(players)]

    def __str__(self) -> str:
        """The spectator's view, as ``render_view`` shows it."""
        cache = self._position.cache
        if "spectator" not in cache:
            game = self._table.game
            cache["spectator"] = game.render_view(game.view(self._position.state, None))
        return str(cache["spectator"])


def register(game: AnyGame | None = None) -> None:
    """Register every game of :data:`partyrules.GAMES` with ``pyspiel`` as
    ``partyrules_<name>``; calling it again registers only games added since.

    ``game`` registers that one :class:`~partyrules.Game` instead, registry or not (a
    variant built with ``attrs.evolve``, say); a game that differs from the one already
    registered under its name is refused (OpenSpiel keeps a registration for the whole
    process).
    """
    chosen = [game] if game is not None else [GAMES[name] for name in sorted(GAMES)]
    for one in chosen:
        known = _GAMES.get(one.name)
        if known == one:  # the same record (an equal copy, say): nothing new to register
            continue
        if known is not None:
            raise ValueError(f"a different game is already registered as "
                             f"{short_name(one)}")
        factory = types.new_class(f"PartyRules_{one.name}", (PartyRulesGame,))

        def init(self: PartyRulesGame, params: Mapping[str, Any] | None = None,
                 _game: AnyGame = one) -> None:
            PartyRulesGame.__init__(self, _game, params)

        factory.__init__ = init  # type: ignore[misc]
        pyspiel.register_game(_game_type(one), factory)
        _GAMES[one.name] = one
