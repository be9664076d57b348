"""Play partyrules games in OpenSpiel: every game registered as ``partyrules_<name>``.

:func:`register` (idempotent) registers every game of :data:`partyrules.GAMES` with
``pyspiel`` (or one :class:`~partyrules.Game` given to it);
``pyspiel.load_game("partyrules_dany", {"players": 5})`` then loads one. The parameters
are ``players`` (default: the game's ``min_players``), ``seed`` and ``deals`` (the deal,
below), ``reward`` (``"win"``, ``"score"`` or ``"shaped"``:
:mod:`partyrules.adapters.rewards`), ``preset`` (one of ``Game.presets``, e.g.
``"tiny"``: :func:`config_of`), ``position`` (one of the game's stored positions, an
endgame to solve: below), for a game with simultaneous steps ``turn_based``
(default False), and every ``Config`` field whose default is a bool, an int or a str; a
field that defaults to ``None`` and holds an ``int`` otherwise (Dany's ``idea_cards``,
Hollywood's ``first_distributor``) is an int parameter where ``-1`` means ``None``.

**The deal is chance.** A game starts at a chance node whose outcomes are the seeds
``0`` to ``deals - 1`` (default :data:`DEFAULT_DEALS`), uniformly; outcome ``s`` is the
rules' ``setup`` from seed ``s``, and the adapter's race draws follow from ``s`` too, so
it is the very game that ``seed=s`` loads. Every later draw of the rules (a deck, a die)
comes from the rng the partyrules state carries, seeded by the deal: to a solver the
deal is the only chance event. ``seed`` from 0 loads that one deal, without a chance
node (``DETERMINISTIC``).

**A position to start from.** ``position`` names one of the positions the game ships
(:func:`partyrules.core.verify.stored_positions`: a replay of a real game up to a
late, small position): the game then starts at that replay's last state, with its
config and its deal, without a chance node (``DETERMINISTIC``), so a tabular solver walks
an endgame whose whole tree is small even where no config of the rules is (Dinner,
Hollywood). The hidden cards are the replay's: one world, as with a fixed ``seed``.

Everything comes from the game's :class:`~partyrules.Game` record:

* **Dynamics.** ``SIMULTANEOUS`` for a game with ``simultaneous_steps``: a simultaneous
  step is one joint action of every seat (a seat that is not pending plays the no-op id
  0). With ``turn_based=True`` it is ``SEQUENTIAL`` instead: the pending seats of a
  simultaneous step decide one after another, lowest seat first (their choices commute
  and each view hides the others' choices), so sequential algorithms (MCTS, ISMCTS,
  MCCFR) play it. A game without simultaneous steps is ``SEQUENTIAL``.
* **Action ids and tensors.** A game with an encoding (``Game.encoding``) has its fixed
  ids (``num_distinct_actions`` is ``num_actions(config)``) and provides observation and
  information-state tensors (the encoding's tensor of the seat's view). A game without
  one has per-decision ids (the index in ``legal_actions``, at most
  :data:`~partyrules.adapters.driver.DEFAULT_ACTION_BOUND`) and strings only.
* **Information states.** ``information_state_string`` is a 32-digit key, a digest of
  the seat's view and the turn, which tabular solvers store;
  ``information_state_text`` is the readable form.
* **Length.** ``max_game_length`` is ``Game.max_decisions(config)``
  (:func:`max_game_length`); the deal is not a decision.

The turn model is :mod:`partyrules.adapters.driver`'s: the table's rulings are applied
automatically when only the table may act, and a race gives the turn to one racing seat
drawn with the adapter's own rng (seeded from the deal's seed).

>>> import pyspiel
>>> import partyrules
>>> register()
>>> game = pyspiel.load_game("partyrules_dylan_dog", {"players": 3, "turn_limit": 3})
>>> game.max_game_length() == max_game_length(game.partyrules_game, game.config)
True
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes()) == DEFAULT_DEALS
(True, True)
>>> state.apply_action(42)
>>> state.partyrules_state == game.partyrules_game.setup(game.config, 42)
True
>>> state.current_player(), len(state.legal_actions())
(0, 1)
"""

from __future__ import annotations

import hashlib
import marshal
import math
import operator
import random
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs
import numpy as np
import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
from numpy.typing import NDArray

from partyrules.adapters import driver
from partyrules.adapters.rewards import RewardMode, check_reward_mode, step_rewards
from partyrules.core.errors import IllegalAction, InvalidConfig, PartyRulesError
from partyrules.core.game import GAMES, AnyGame
from partyrules.core.replay import Replay
from partyrules.core.rng import Rng
from partyrules.core.serialize import converter, dumps
from partyrules.core.verify import stored_positions

__all__ = [
    "DEALS",
    "DEFAULT_DEALS",
    "NONE_SENTINEL",
    "NO_OP",
    "POSITION",
    "PREFIX",
    "PRESET",
    "RACE_SALT",
    "REWARD",
    "SEED",
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

SEED = "seed"
"""The parameter that fixes the deal: ``-1`` (the default) starts the game at a chance
node that draws the deal; a seed from 0 loads that one deal, with no chance node."""

DEALS = "deals"
"""The parameter that says how many deals the chance node draws from: seeds ``0`` to
``deals - 1``, uniformly (ignored when ``seed`` fixes the deal)."""

DEFAULT_DEALS = 10_000
"""The default of ``deals``: more deals than a learner plays episodes in a typical run,
few enough that listing the chance outcomes costs little at every episode's start."""

REWARD = "reward"
"""The parameter that says what the seats are paid: ``"win"`` (the default),
``"score"`` or ``"shaped"`` (:mod:`partyrules.adapters.rewards`)."""

POSITION = "position"
"""The parameter that starts the game at one of its stored positions (by name, see
:func:`partyrules.core.verify.stored_positions`); ``""`` (the default): at the deal."""

PRESET = "preset"
"""The parameter that starts from one of the game's presets (``Game.presets``, e.g.
``"tiny"``); ``""`` (the default): from the ``Config``'s defaults."""

_DEAL_KEY = hashlib.blake2b(b"the deal", digest_size=16).hexdigest()
"""Every seat's information-state key at the chance node: nobody knows anything yet."""

_KEY_FORMAT = 2
"""The ``marshal`` format of the bytes a key digests: format 2 writes a value the same
way whatever objects hold it (later formats share repeated objects by reference, so
equal views could give different bytes)."""


_PLAIN = (int, str, bool, float, type(None))

_Plan = Callable[[Any], Any] | None
"""How a value of one declared type becomes canonical plain data (``marshal``-able,
sets sorted, a union's member named), or None when it is plain already."""

_RECORD_DATA: dict[type, Callable[[Any], list[Any]]] = {}
"""Per attrs class, its values as canonical plain data, the config left out."""


def _record_data(value: Any) -> list[Any]:
    """An attrs record's field values in order (``config`` left out: a loaded game has
    one), each as canonical plain data."""
    kind = type(value)
    data_of = _RECORD_DATA.get(kind)
    if data_of is None:
        data_of = _RECORD_DATA[kind] = _record_plan(kind)
    return data_of(value)


def _record_plan(kind: type) -> Callable[[Any], list[Any]]:
    attrs.resolve_types(kind)
    names = [field.name for field in attrs.fields(kind) if field.name != "config"]
    plans = [(index, plan) for index, field in enumerate(
        field for field in attrs.fields(kind) if field.name != "config")
        if (plan := _plan_of(field.type)) is not None]
    if not names:
        return lambda _: []
    getter = operator.attrgetter(*names)
    if len(names) == 1:  # attrgetter of one name gives the value, not a tuple
        def one(value: Any) -> list[Any]:
            data = [getter(value)]
            for index, plan in plans:
                data[index] = plan(data[index])
            return data
        return one

    def many(value: Any) -> list[Any]:
        data = list(getter(value))
        for index, plan in plans:
            data[index] = plan(data[index])
        return data
    return many


def _sorted_members(value: frozenset[Any]) -> tuple[Any, ...]:
    return ("set", *sorted(value))


def _plan_of(kind: Any) -> _Plan:
    """The plan of a declared field type (see :data:`_Plan`)."""
    if kind in _PLAIN:
        return None
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin is typing.Literal:
        return None
    if origin in (types.UnionType, typing.Union):
        members = [member for member in args if member is not type(None)]
        if all(_plan_of(member) is None for member in members):
            return None
        if all(attrs.has(member) for member in members):
            if len(members) == 1:
                return lambda value: None if value is None else _record_data(value)
            return lambda value: (None if value is None
                                  else (type(value).__name__, *_record_data(value)))
    elif origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        inner = _plan_of(args[0])
        if inner is None:
            return None
        return lambda value: tuple(map(inner, value))
    elif origin is tuple and args:
        plans = [_plan_of(member) for member in args]
        if all(plan is None for plan in plans):
            return None
    elif origin is frozenset and args and (args[0] in (int, str)
                                           or typing.get_origin(args[0]) is typing.Literal):
        return _sorted_members
    elif isinstance(kind, type) and attrs.has(kind):
        return _record_data
    # A type the plans do not read: the serializer's data (sets sorted, unions tagged).
    return lambda value: converter.unstructure(value, kind)


def _view_key(turn_line: str, view: Any) -> str:
    """The digest of the turn line and the view's canonical data (its config left out: a
    loaded game has one)."""
    payload = marshal.dumps((turn_line, _record_data(view)), _KEY_FORMAT)
    return hashlib.blake2b(payload, digest_size=16).hexdigest()


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
    {'players': 3, 'seed': -1, 'deals': 10000, 'reward': 'win', 'preset': '',
     'position': '', 'danys_reason': False, 'first_active': 0, 'memory_cards': 30, 'idea_cards': -1}
    >>> (TURN_BASED in parameters(dany)) == dany.simultaneous_steps
    True
    """
    spec: dict[str, bool | int | str] = {"players": game.min_players, SEED: NONE_SENTINEL,
                                         DEALS: DEFAULT_DEALS, REWARD: "win", PRESET: "",
                                         POSITION: ""}
    if game.simultaneous_steps:
        spec[TURN_BASED] = False
    for name, default, _ in _exposed(game):
        spec[name] = default
    return spec


def config_of(game: AnyGame, params: Mapping[str, Any]) -> Any:
    """The ``Config`` that OpenSpiel parameters stand for; :class:`InvalidConfig` names
    the OpenSpiel game and the problem.

    Without ``preset``, a missing parameter takes the ``Config``'s default. With
    ``preset`` (a name in ``game.presets``) every field starts from that preset, and a
    parameter overrides its field only when its value differs from the parameter's
    default (OpenSpiel fills every parameter in with its default before the game sees
    it, so a default cannot be told from a value given).

    >>> import partyrules
    >>> config_of(partyrules.get_game("dany"), {"players": 5, "danys_reason": True}).danys_reason
    True
    >>> tiny = config_of(partyrules.get_game("dany"), {"preset": "tiny", "players": 4})
    >>> tiny.players, tiny.deck_sizes()
    (4, (7, 1))
    """
    label = short_name(game)
    known = parameters(game)
    unknown = sorted(set(params) - set(known))
    if unknown:
        raise InvalidConfig(f"{label}: unknown parameter(s) {', '.join(unknown)}; "
                            f"known: {', '.join(known)}")
    position = _stored_position(game, params.get(POSITION, ""))
    if position is not None:
        return _position_config(game, position, params)
    base = _preset(game, params.get(PRESET, ""))
    kwargs: dict[str, Any] = {}
    if base is not None:  # the fields no parameter reaches (a deck) come from the preset
        kwargs = {field.name: getattr(base, field.name)
                  for field in attrs.fields(game.Config)[1:]}
    for name, default, sentinel in _exposed(game):
        value = params.get(name, default)
        if type(value) is not type(default):
            raise InvalidConfig(f"{label}: parameter {name} must be a "
                                f"{type(default).__name__}, not {value!r}")
        if base is None or value != default:
            kwargs[name] = None if sentinel and value == NONE_SENTINEL else value
    players = params.get("players", game.min_players)
    if base is not None and players == game.min_players:
        players = base.players
    try:
        return game.Config(players=players, **kwargs)
    except (InvalidConfig, TypeError, ValueError) as error:
        raise InvalidConfig(f"{label}: {error}") from error


def _preset(game: AnyGame, name: Any) -> Any:
    """The preset ``name`` of ``game`` (None for ``""``); :class:`InvalidConfig` for a
    name the game does not declare."""
    if name == "":
        return None
    if not isinstance(name, str) or name not in game.presets:
        known = ", ".join(map(repr, sorted(game.presets))) or "none"
        raise InvalidConfig(f"{short_name(game)}: no preset called {name!r}; known: {known}")
    return game.presets[name]


def _stored_position(game: AnyGame, name: Any) -> Replay | None:
    """The stored position ``name`` of ``game`` (None for ``""``); :class:`InvalidConfig`
    for a name the game does not ship."""
    if name == "":
        return None
    positions = stored_positions(game)
    if not isinstance(name, str) or name not in positions:
        known = ", ".join(map(repr, sorted(positions))) or "none"
        raise InvalidConfig(f"{short_name(game)}: no stored position called {name!r}; "
                            f"known: {known}")
    return positions[name]


def _position_config(game: AnyGame, position: Replay, params: Mapping[str, Any]) -> Any:
    """The config of a stored position; :class:`InvalidConfig` when another parameter
    asks for a config of its own (a position is one game: its config and its deal)."""
    label = short_name(game)
    config = position.config
    # OpenSpiel fills every parameter in with its default: only a value that differs
    # from both the default and the position's own asks for another game.
    defaults, own = parameters(game), _effective(game, config, {})
    differing = sorted(name for name in ("players", PRESET, SEED,
                                         *(name for name, _, _ in _exposed(game)))
                       if params.get(name, defaults[name]) not in (defaults[name], own[name]))
    if differing:
        raise InvalidConfig(f"{label}: a position fixes the config and the deal; leave "
                            f"{', '.join(differing)} out")
    return config


def _effective(game: AnyGame, config: Any, params: Mapping[str, Any]) -> dict[str, Any]:
    """Every parameter of a loaded game, the Config's fields as the game plays them (what
    ``get_parameters`` and the game's string say, so that loading them again gives the
    same game)."""
    effective = {**parameters(game), **params, "players": config.players}
    for name, _, sentinel in _exposed(game):
        value = getattr(config, name)
        effective[name] = NONE_SENTINEL if sentinel and value is None else value
    return effective


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


def _game_type(game: AnyGame, *, turn_based: bool = False, dealt: bool = True,
               reward: RewardMode = "win") -> Any:
    low, high = _player_range(game)
    dynamics = (pyspiel.GameType.Dynamics.SIMULTANEOUS
                if game.simultaneous_steps and not turn_based
                else pyspiel.GameType.Dynamics.SEQUENTIAL)
    tensors = driver.has_encoding(game)
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"partyrules {game.title}",
        dynamics=dynamics,
        # The one chance node is the deal: every later shuffle, draw and race follows
        # from the drawn seed (the rules' own rng lives in the state), so a state
        # serializes without an rng. A fixed ``seed`` leaves no chance node at all.
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if dealt
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=(pyspiel.GameType.RewardModel.REWARDS if reward == "shaped"
                      else pyspiel.GameType.RewardModel.TERMINAL),
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
    """The fixed deal's seed, or :data:`NONE_SENTINEL`: the deal is a chance node."""
    bound: int
    turn_based: bool
    num_actions: int
    shape: tuple[int, ...] | None
    """The observation tensor's shape, or None for a game without an encoding."""
    deals: int
    """How many deals the chance node draws from (seeds ``0 .. deals - 1``)."""
    reward: RewardMode
    start: Any = None
    """The state a stored position starts from (``position``), or None: the deal."""
    dealt: dict[int, _Position] = attrs.field(factory=dict, eq=False, repr=False)
    """The initial positions of the deals drawn lately, by seed (a solver deals the same
    few seeds at every iteration; setting a game up costs more than a step)."""

    @property
    def chance(self) -> bool:
        """True when the game starts at the chance node that draws the deal."""
        return self.seed == NONE_SENTINEL and self.start is None

    def deal(self, seed: int) -> _Position:
        """The settled initial position of the deal ``seed``: the rules' ``setup`` from
        that seed (or the stored position the game starts at), and the race rng from
        the seed too."""
        position = self.dealt.get(seed)
        if position is None:
            if len(self.dealt) >= _DEALS_KEPT:
                self.dealt.pop(next(iter(self.dealt)))  # the oldest first
            start = (self.game.setup(self.config, seed) if self.start is None
                     else self.start)  # a stored position is its own deal
            position = _position(self, start, Rng.from_seed(seed ^ RACE_SALT), 0, None)
            self.dealt[seed] = position
        return position

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # OpenSpiel pickles a state's attributes: the table travels as its game's name
        # and parameters, and is rebuilt from them.
        return _restored_table, (self.game.name, self.params)


_DEALS_KEPT = 64
"""How many dealt initial positions a loaded game keeps (:meth:`_Table.deal`)."""


def _table_of(game: AnyGame, params: Mapping[str, Any]) -> _Table:
    """The shared part of a game loaded with ``params`` (checked, defaults filled in)."""
    label = short_name(game)
    config = config_of(game, params)  # refuses turn_based for a game without simultaneous steps
    params = _effective(game, config, params)
    turn_based = params.get(TURN_BASED, False)
    seed, deals = params[SEED], params[DEALS]
    if type(turn_based) is not bool:
        raise InvalidConfig(f"{label}: parameter {TURN_BASED} must be a bool, "
                            f"not {turn_based!r}")
    if type(seed) is not int or seed < NONE_SENTINEL:
        raise InvalidConfig(f"{label}: parameter {SEED} is a seed from 0, or -1 for a deal "
                            f"drawn at a chance node, not {seed!r}")
    if type(deals) is not int or deals < 1:
        raise InvalidConfig(f"{label}: parameter {DEALS} is a number of deals from 1, "
                            f"not {deals!r}")
    reward = check_reward_mode(game, params[REWARD])
    shape = (tuple(int(n) for n in game.encoding.observation_shape(config))
             if game.encoding is not None else None)
    position, start = _stored_position(game, params[POSITION]), None
    if position is not None:  # its deal: the replay's seed, and the state it reached
        seed, start = position.seed, position.final_state()
    return _Table(game, config, params, seed,
                  max_game_length(game, config, turn_based=turn_based), turn_based,
                  driver.action_space_size(game, config), shape, deals, reward, start)


@attrs.frozen(slots=True)
class _Position:
    """The adapter's part of a state: the settled partyrules state, the race rng, the
    turn and the decisions taken (immutable, so ``clone`` shares it)."""

    state: Any
    rng: Rng
    turn: driver.Turn
    steps: int
    rewards: tuple[float, ...]
    """What each seat was paid for the step that led here (zeros after the deal)."""
    returns: tuple[float, ...]
    """What each seat was paid since the deal, the sum of every step's rewards."""
    cache: dict[Any, Any] = attrs.field(factory=dict, eq=False, repr=False)
    """Strings, ids, actions and tensors computed once per position (clones share them)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return _Position, (self.state, self.rng, self.turn, self.steps, self.rewards,
                           self.returns)  # not the cache

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
            values = driver.seat_tensor(game, self.state, seat)
            self.cache[key] = np.asarray(values, dtype=np.float32)
        return self.cache[key]  # type: ignore[no-any-return]


def _position(table: _Table, state: Any, rng: Rng, steps: int,
              before: _Position | None) -> _Position:
    """The position once ``state`` is settled; ``before`` is the position the step left
    (None for the deal), whose returns the step's rewards add to."""
    game = table.game
    if steps > table.bound:
        raise GameTooLong(f"{PREFIX}{game.name}: the game went past its max_game_length of "
                          f"{table.bound} decisions (see max_game_length)")
    state, turn, rng = driver.settled_turn(game, state, rng)
    if turn.kind == "simultaneous":
        if not game.simultaneous_steps:
            raise IllegalAction(f"{PREFIX}{game.name} reached a simultaneous step, but the "
                                "game declares none (Game.simultaneous_steps)")
        if table.turn_based:  # the pending seats decide one after another
            turn = driver.Turn("sequential", turn.seats[:1])
    if before is None:
        paid = returns = (0.0,) * table.config.players
    elif table.reward != "shaped" and turn.kind != "terminal":  # only the end pays
        paid, returns = (0.0,) * table.config.players, before.returns
    else:
        paid = step_rewards(game, before.state, state, table.reward)
        returns = tuple(total + reward for total, reward in zip(before.returns, paid,
                                                                strict=True))
    return _Position(state, rng, turn, steps, paid, returns)


class PartyRulesGame(pyspiel.Game):  # type: ignore[misc]
    """A partyrules game as a ``pyspiel.Game``; made by ``pyspiel.load_game``."""

    def __init__(self, game: AnyGame, params: Mapping[str, Any] | None = None) -> None:
        table = _table_of(game, dict(params or {}))
        self._table = table
        info = pyspiel.GameInfo(
            num_distinct_actions=table.num_actions,
            max_chance_outcomes=table.deals if table.chance else 0,
            num_players=table.config.players,
            # "shaped" pays the win less the heuristic's standing at the deal (from 0 to 1)
            min_utility=-1.0 if table.reward == "shaped" else 0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=table.bound,
        )
        kind = _game_type(game, turn_based=table.turn_based, dealt=table.chance,
                          reward=table.reward)
        super().__init__(kind, info, table.params)

    @property
    def partyrules_game(self) -> AnyGame:
        """The partyrules game behind this OpenSpiel game."""
        return self._table.game

    @property
    def config(self) -> Any:
        """The partyrules ``Config`` built from the parameters."""
        return self._table.config

    def new_initial_state(self) -> PartyRulesState:
        """The chance node that draws the deal; with a fixed ``seed``, the settled initial
        state of that deal; with a ``position``, that position, settled."""
        table = self._table
        return PartyRulesState(self, table, None if table.chance else table.deal(table.seed))

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
        """Fill :attr:`tensor` with ``player``'s tensor (nothing without an encoding;
        zeros at the chance node, before anyone sees anything)."""
        if self.tensor is not None:
            if state._position is None:
                self.tensor.fill(0.0)
            else:
                self.tensor[:] = state._position.tensor(self._game, int(player))

    def string_from(self, state: PartyRulesState, player: int) -> str:
        """The information-state or observation string of ``player``."""
        if self.info_state:
            return state.information_state_string(player)
        return state.observation_string(player)


class PartyRulesState(pyspiel.State):  # type: ignore[misc]
    """A settled partyrules state as a ``pyspiel.State``, or the chance node that draws
    the deal (a game without a fixed ``seed`` starts there)."""

    def __init__(self, game: PartyRulesGame, table: _Table,
                 position: _Position | None) -> None:
        super().__init__(game)
        self._table = table
        self._position = position

    @property
    def partyrules_state(self) -> Any:
        """The partyrules state (settled: the table's automatic rulings applied); None
        at the chance node, before the deal."""
        return None if self._position is None else self._position.state

    @property
    def turn(self) -> driver.Turn | None:
        """Who decides next, as :func:`partyrules.adapters.driver.next_turn` says (one
        seat at a time in a ``turn_based`` game); None at the chance node."""
        return None if self._position is None else self._position.turn

    def _dealt(self) -> _Position:
        """The position, for what only a dealt state has."""
        if self._position is None:
            raise IllegalAction("the deal is a chance node: apply one of its "
                                "chance_outcomes() first")
        return self._position

    def current_player(self) -> int:
        """The deciding seat, ``PlayerId.CHANCE`` before the deal,
        ``PlayerId.SIMULTANEOUS`` or ``PlayerId.TERMINAL``."""
        if self._position is None:
            return int(pyspiel.PlayerId.CHANCE)
        turn = self._position.turn
        if turn.kind == "terminal":
            return int(pyspiel.PlayerId.TERMINAL)
        if turn.kind == "simultaneous":
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return turn.seats[0]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The deals: every seed from 0 to ``deals - 1``, each with probability
        ``1 / deals``."""
        deals = self._table.deals
        if self._position is not None:
            raise IllegalAction("only the deal is a chance node")
        return list(zip(range(deals), [1.0 / deals] * deals, strict=True))

    def _legal_actions(self, player: int) -> list[int]:
        if self._position is None:  # the deal: its outcomes are chance_outcomes()
            return []
        turn = self._position.turn
        if player in turn.seats:
            return list(self._position.numbered(self._table.game, player))
        if turn.kind == "simultaneous" and 0 <= player < self._table.config.players:
            return [NO_OP]
        return []

    def _advance(self, state: Any) -> None:
        position = self._dealt()
        self._position = _position(self._table, state, position.rng, position.steps + 1,
                                   position)

    def _apply_action(self, action: int) -> None:
        if self._position is None:
            seed = int(action)
            if not 0 <= seed < self._table.deals:
                raise IllegalAction(f"the deal is a seed from 0 to {self._table.deals - 1}, "
                                    f"not {action!r}")
            self._position = self._table.deal(seed)
            return
        turn = self._position.turn
        if turn.kind != "sequential":
            raise IllegalAction(f"no single seat decides at a {turn.kind} step")
        game, position = self._table.game, self._position
        chosen = position.action(game, turn.seats[0], int(action))
        # The action is one the game listed for this very state (IllegalAction otherwise),
        # so the rule check apply would make again is pure cost.
        self._advance((game.apply_listed or game.apply)(position.state, chosen))

    def _apply_actions(self, actions: Sequence[int]) -> None:
        position = self._dealt()
        turn = position.turn
        if turn.kind != "simultaneous":
            raise IllegalAction(f"no joint action is due at a {turn.kind} step")
        game = self._table.game
        chosen = [position.action(game, seat, int(actions[seat])) for seat in turn.seats]
        state = position.state
        for action in chosen:  # in seat order; the choices commute
            state = game.apply(state, action)
        self._advance(state)

    def _action_to_string(self, player: int, action: int) -> str:
        if self._position is None:
            return f"deal {action}"
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
        turn = self._dealt().turn
        return f"{turn.kind}: {' '.join(map(str, turn.seats))}".rstrip()

    def _deal_text(self) -> str:
        return f"chance: the deal, a seed from 0 to {self._table.deals - 1}"

    def information_state_string(self, player: int | None = None) -> str:
        """The seat's information-state key: 32 hex digits, a BLAKE2b digest of who
        decides next and the canonical data of the seat's view (its config left out: a
        loaded game has one). Two states give a seat the same key exactly when they give
        it the same view and the same turn (up to a digest collision, which at 128 bits
        no table of infosets meets), so tabular solvers key their tables with it.

        The view is what the rules let the seat remember, not a perfect-recall history:
        see :meth:`information_state_text` for the readable form, and the docs'
        "Information states" for what that means for solvers.
        """
        if self._position is None:
            return _DEAL_KEY
        seat = self.current_player() if player is None else int(player)
        key = ("key", seat)
        cache = self._position.cache
        if key not in cache:
            view = self._table.game.view(self._position.state, seat)
            cache[key] = _view_key(self._turn_line(), view)
        return str(cache[key])

    def information_state_text(self, player: int | None = None) -> str:
        """The information state for people: who decides next, then ``partyrules.dumps``
        of the seat's view (what :meth:`information_state_string` digests)."""
        if self._position is None:
            return self._deal_text()
        seat = self.current_player() if player is None else int(player)
        key = ("info", seat)
        cache = self._position.cache
        if key not in cache:
            view = self._table.game.view(self._position.state, seat)
            cache[key] = f"{self._turn_line()}\n{dumps(view)}"
        return str(cache[key])

    def observation_string(self, player: int | None = None) -> str:
        """Who decides next, then the seat's view as ``render_view`` shows it."""
        if self._position is None:
            return self._deal_text()
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
        worlds with it. At the chance node nobody knows anything yet: a copy.

        The world drawn is any the rules allow, not only one of the ``deals`` seeds.
        """
        if self._position is None:
            return self.clone()  # type: ignore[no-any-return]
        draw = float(probability_sampler())
        rng = random.Random(int(draw * 2**53))
        position = self._position
        state = self._table.game.determinize(position.state, int(player_id), rng)
        sampled = self.clone()
        sampled._position = _Position(state, Rng.from_seed(rng.getrandbits(64)),
                                      position.turn, position.steps, position.rewards,
                                      position.returns)
        return sampled  # type: ignore[no-any-return]

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self._position is not None and self._position.turn.kind == "terminal"

    def rewards(self) -> list[float]:
        """What each seat was paid for the last step, by the ``reward`` parameter
        (:mod:`partyrules.adapters.rewards`): with ``"win"`` and ``"score"`` only the
        step that ends the game pays; ``"shaped"`` pays every step."""
        if self._position is None:
            return [0.0] * self._table.config.players
        return list(self._position.rewards)

    def returns(self) -> list[float]:
        """What each seat was paid since the deal: the sum of every step's
        :meth:`rewards`, so the final payoff at the end (``"win"``: an equal share of 1
        for each winner, 0 for the others and for everyone in a game cut short)."""
        if self._position is None:
            return [0.0] * self._table.config.players
        return list(self._position.returns)

    def __str__(self) -> str:
        """The spectator's view, as ``render_view`` shows it."""
        if self._position is None:
            return self._deal_text()
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
