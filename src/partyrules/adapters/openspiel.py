"""Play partyrules games in OpenSpiel: every game registered as ``partyrules_<name>``.

:func:`register` (idempotent) registers every game of :data:`partyrules.GAMES` with
``pyspiel``; ``pyspiel.load_game("partyrules_dany", {"players": 5})`` then loads one. The
parameters are ``players`` (default: the game's ``min_players``), ``seed`` (default 0)
and every ``Config`` field whose default is a bool, an int or a str; a field that
defaults to ``None`` and holds an ``int`` otherwise (Dany's ``idea_cards``, Hollywood's
``first_distributor``) is an int parameter where ``-1`` means ``None``.

The turn model is :mod:`partyrules.adapters.driver`'s: the table's rulings are applied
automatically when only the table may act, a race gives the turn to one racing seat
drawn with the adapter's own rng (seeded from ``seed``), and a simultaneous step is one
joint action of every seat (a seat that is not pending plays the no-op id 0).

>>> import pyspiel
>>> register()
>>> game = pyspiel.load_game("partyrules_dylan_dog", {"players": 3, "turn_limit": 3})
>>> game.num_distinct_actions(), game.max_game_length()
(64, 154)
>>> state = game.new_initial_state()
>>> state.current_player(), state.legal_actions()
(0, [0])
"""

from __future__ import annotations

import types
from collections.abc import Mapping, Sequence
from typing import Any

import attrs
import numpy as np
import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]

from partyrules.adapters import driver
from partyrules.core.errors import IllegalAction, InvalidConfig, PartyRulesError
from partyrules.core.game import GAMES, AnyGame
from partyrules.core.rng import Rng
from partyrules.core.serialize import dumps

__all__ = [
    "NONE_SENTINEL",
    "PREFIX",
    "RACE_SALT",
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

SIMULTANEOUS_GAMES = frozenset({"dany", "dinner", "hollywood"})
"""Games with simultaneous steps (Dinner's votes, Dany's Final Twist, Hollywood's draft,
auctions and Stage 5): registered with ``SIMULTANEOUS`` dynamics, the others with
``SEQUENTIAL`` (When I Dream's dream is a race, Dylan Dog is one seat at a time)."""


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
    >>> parameters(partyrules.get_game("dany"))
    {'players': 3, 'seed': 0, 'danys_reason': False, 'first_active': 0,
     'memory_cards': 30, 'idea_cards': -1}
    """
    spec: dict[str, bool | int | str] = {"players": game.min_players, "seed": 0}
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


def max_game_length(game: AnyGame, config: Any) -> int:
    """The documented bound on the decisions of one game (a joint action of a
    simultaneous step counts one), about three times the longest of thousands of
    uniformly random games. A game that goes past it raises :class:`GameTooLong`.

    Dylan Dog's bound follows ``turn_limit``: ``turn_limit * (40 + 4 * offers) + 10``,
    ``offers`` the trades a turn allows (one to each other seat, capped by
    ``offers_per_turn``); ``turn_limit=None`` has no bound and is refused.
    """
    players: int = config.players
    match game.name:
        case "dany":
            return 200
        case "dinner":
            return 1000 + 500 * players
        case "when_i_dream":
            return 400 * players
        case "hollywood":
            return 400 + 50 * players
        case "dylan_dog":
            limit = config.turn_limit
            if limit is None:
                raise InvalidConfig(f"{short_name(game)}: turn_limit=None has no bound on "
                                    "the game's length, which OpenSpiel needs")
            offers = players - 1 if config.offers_per_turn is None else min(
                players - 1, int(config.offers_per_turn))
            return int(limit) * (40 + 4 * offers) + 10
        case _:
            return 10_000


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


def _game_type(game: AnyGame) -> Any:
    low, high = _player_range(game)
    dynamics = (pyspiel.GameType.Dynamics.SIMULTANEOUS if game.name in SIMULTANEOUS_GAMES
                else pyspiel.GameType.Dynamics.SEQUENTIAL)
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"partyrules {game.title}",
        dynamics=dynamics,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        provides_factored_observation_string=False,
        parameter_specification=parameters(game),
        default_loadable=True,
    )


@attrs.frozen(slots=True)
class _Table:
    """What every state of one loaded game shares (never copied by ``clone``)."""

    game: AnyGame
    config: Any
    seed: int
    bound: int
    sequential_only: bool

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        return self


@attrs.frozen(slots=True)
class _Position:
    """The adapter's part of a state: the settled partyrules state, the race rng, the
    turn and the decisions taken (immutable, so ``clone`` shares it)."""

    state: Any
    rng: Rng
    turn: driver.Turn
    steps: int
    cache: dict[Any, Any] = attrs.field(factory=dict, eq=False, repr=False)
    """Strings and action lists computed once per position (clones share them)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return self

    def actions(self, game: AnyGame, seat: int) -> tuple[Any, ...]:
        """The legal actions of ``seat``, numbered as :mod:`~partyrules.adapters.driver`
        numbers them (the id is the index; ``legal_ids`` checks the bound)."""
        key = ("actions", seat)
        if key not in self.cache:
            driver.legal_ids(game, self.state, seat)
            self.cache[key] = tuple(game.legal_actions(self.state, seat))
        return self.cache[key]  # type: ignore[no-any-return]


def _position(table: _Table, state: Any, rng: Rng, steps: int) -> _Position:
    game = table.game
    if steps > table.bound:
        raise GameTooLong(f"{PREFIX}{game.name}: the game went past its max_game_length of "
                          f"{table.bound} decisions (see max_game_length)")
    state = driver.settle(game, state)
    turn, rng = driver.next_turn(game, state, rng)
    if turn.kind == "simultaneous" and table.sequential_only:
        raise IllegalAction(f"{PREFIX}{game.name} is registered as sequential but reached "
                            "a simultaneous step (SIMULTANEOUS_GAMES)")
    return _Position(state, rng, turn, steps)


class PartyRulesGame(pyspiel.Game):  # type: ignore[misc]
    """A partyrules game as a ``pyspiel.Game``; made by ``pyspiel.load_game``."""

    def __init__(self, game: AnyGame, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        config = config_of(game, params)
        bound = max_game_length(game, config)
        game_type = _game_type(game)
        self._table = _Table(game, config, int(params.get("seed", 0)), bound,
                             game.name not in SIMULTANEOUS_GAMES)
        self._initial: _Position | None = None
        info = pyspiel.GameInfo(
            num_distinct_actions=driver.action_bound(game),
            max_chance_outcomes=0,
            num_players=config.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=bound,
        )
        super().__init__(game_type, info, {**parameters(game), **params})

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
        """Strings only: the information state with ``perfect_recall``, else the
        observation."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return _Observer(iig_obs_type)


class _Observer:
    """The PyObserver of the adapter: strings, an empty tensor."""

    def __init__(self, iig_obs_type: Any) -> None:
        self.info_state = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: PartyRulesState, player: int) -> None:
        """No tensor to fill."""

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
        """Who decides next, as :func:`partyrules.adapters.driver.next_turn` says."""
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
            return list(range(len(self._position.actions(self._table.game, player))))
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
        game, state = self._table.game, self._position.state
        self._advance(game.apply(state, driver.action_at(game, state, turn.seats[0],
                                                         int(action))))

    def _apply_actions(self, actions: Sequence[int]) -> None:
        turn = self._position.turn
        if turn.kind != "simultaneous":
            raise IllegalAction(f"no joint action is due at a {turn.kind} step")
        game, state = self._table.game, self._position.state
        chosen = [driver.action_at(game, state, seat, int(actions[seat]))
                  for seat in turn.seats]
        for action in chosen:  # in seat order; the choices commute
            state = game.apply(state, action)
        self._advance(state)

    def _action_to_string(self, player: int, action: int) -> str:
        turn, state = self._position.turn, self._position.state
        if turn.kind == "simultaneous" and player not in turn.seats and action == NO_OP:
            return f"#{NO_OP} seat {player} waits (not pending)"
        key = ("text", player, action)
        cache = self._position.cache
        if key not in cache:
            actions = (self._position.actions(self._table.game, player)
                       if player in turn.seats else ())
            if 0 <= action < len(actions):
                text = self._table.game.describe_action(state, actions[action], player)
                cache[key] = f"#{action} {text}"
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


_REGISTERED: set[str] = set()


def register() -> None:
    """Register every game of :data:`partyrules.GAMES` with ``pyspiel`` as
    ``partyrules_<name>``; calling it again registers only games added since."""
    for name, game in sorted(GAMES.items()):
        if name in _REGISTERED:
            continue
        factory = types.new_class(f"PartyRules_{name}", (PartyRulesGame,))

        def init(self: PartyRulesGame, params: Mapping[str, Any] | None = None,
                 _game: AnyGame = game) -> None:
            PartyRulesGame.__init__(self, _game, params)

        factory.__init__ = init  # type: ignore[misc]
        pyspiel.register_game(_game_type(game), factory)
        _REGISTERED.add(name)
