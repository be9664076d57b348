"""The match runner: the one way to drive a game from its setup to its end.

A match gives each seat a *player* (a bot, or a person behind any interface) and lets the
runner decide who acts when several seats may. That turn model lives here and only here;
the command line, the test kit, the benchmarks, the bots' playouts and the adapters all
drive games through it.

**The turn model.**

* When one seat may act, it acts.
* When several may, one is drawn uniformly with the match's rng. In a simultaneous step
  (hidden ballots) the order changes nothing, since the choices commute; in a race (the
  Dreamer may guess while a clue is due) the drawn seat is the one that speaks first, and
  a person may :data:`WAIT` to let the others go first.
* The table (``TABLE``) rules on what the whole table judges: time up, a breach, a vote on
  a story. Its rulings are asked of the match's ``table`` player. While a seat could act
  instead, the table is let in only with probability ``table_rate``: 0 by default (the
  table rules when nobody else may act, and then :class:`NoObjection` confirms the play),
  more in random testing, which must reach every ruling.

The whole match, at once:

>>> import partyrules
>>> from partyrules.core.match import PeekingRandomPlayer, play_match
>>> game = partyrules.get_game("when_i_dream")
>>> players = [PeekingRandomPlayer(game)] * 4
>>> record = play_match(game, game.Config(players=4), players, seed=6)
>>> record.outcome.reason, sorted(record.outcome.winners)
('highest_score', [1])
>>> sorted({type(action).__name__ for action in record.actions})
['GiveClue', 'Guess', 'Recount']
>>> record.replay().verify().ok
True

Step by step, for a frontend that waits on people (seats without a player are *outside*:
the match stops when one of them is drawn and takes their action through
:meth:`Match.submit`):

>>> bots = {seat: PeekingRandomPlayer(game) for seat in (1, 2, 3)}
>>> match = Match(game, game.setup(game.Config(players=4), 6), bots,
...               table=NoObjection(game), rng=match_rng(6))
>>> match.run()
>>> match.waiting
(0,)
>>> match.submit(next(game.legal_actions(match.state, 0)))
>>> match.run()
>>> len(match.actions), match.waiting
(3, (0,))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Protocol

import attrs

from partyrules.core.errors import IllegalAction, InvalidConfig
from partyrules.core.game import TABLE, AnyGame, Outcome, random_actor
from partyrules.core.replay import Replay

__all__ = [
    "WAIT",
    "Match",
    "MatchRecord",
    "NoObjection",
    "PeekingRandomPlayer",
    "Player",
    "match_rng",
    "play_match",
    "race_order",
]


class _Wait:
    """The type of :data:`WAIT` (a single, printable sentinel)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "WAIT"


WAIT: Final = _Wait()
"""What a player returns in a race to let the other racing seats act first (a person who
wants to hear the clues before guessing). The ISMCTS bot weighs waiting for its own seat
(:class:`partyrules.bots.ISMCTSBot`, ``waits``); the random and greedy bots never wait."""


def race_order(acting: frozenset[int], waiting: int) -> list[int]:
    """The racing seats of ``acting`` (the table aside) in the order the runner asks them
    when ``waiting`` waits: from the next one round the table, ``waiting`` itself last.

    >>> race_order(frozenset({0, 2, 3, TABLE}), 2)
    [3, 0, 2]
    """
    racing = sorted(acting - {TABLE})
    start = racing.index(waiting) if waiting in racing else 0
    return racing[start + 1:] + racing[:start + 1]


class Player(Protocol):
    """Anything that picks an action for a seat: every bot, a person at a prompt."""

    @property
    def name(self) -> str:
        """A short name for tables of results (``"random"``, ``"ismcts:200"``)."""
        ...

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A legal action for ``seat`` in ``state`` (or :data:`WAIT` in a race); all
        randomness comes from ``rng``."""
        ...


@attrs.frozen(slots=True)
class PeekingRandomPlayer:
    """Plays ``game.random_action`` on the real state, peeking at what its seat cannot
    see: the test kit's player. A game's random draw may read the hidden state, to reach
    positions blind play rarely reaches (When I Dream's Dreamer names the card's word one
    time in four). A player that must not peek is the ``random`` bot,
    :class:`partyrules.RandomBot`, which draws from its seat's view.

    It delegates to the game rather than sampling ``legal_actions`` because a game can draw
    a random action without listing every option (a ballot over a large table has 2**n).
    """

    game: AnyGame
    """The game whose actions this player draws."""
    name: str = attrs.field(default="peeking-random", init=False)
    """Always ``"peeking-random"``."""

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A random legal action for ``seat``."""
        return self.game.random_action(state, seat, rng)


@attrs.frozen(slots=True)
class NoObjection:
    """The table's default player: its first listed ruling, the one that raises no
    objection (the time is not up, the clue breaks no rule, the reveal is confirmed).

    A real table objects rarely and by judgement; a match of bots lets the play stand.
    """

    game: AnyGame
    """The game whose table this player rules for."""
    name: str = attrs.field(default="no-objection", init=False)
    """Always ``"no-objection"``."""

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        """The first of ``game.legal_actions(state, seat)``."""
        return next(self.game.legal_actions(state, seat))


def match_rng(seed: int, start: int = 0) -> random.Random:
    """The runner's rng for a match whose players draw from ``seed``, from action number
    ``start`` on: a game resumed at action ``start`` with the same seed and players plays
    the same way every time.

    >>> match_rng(7).random() == random.Random(7).random()
    True
    """
    return random.Random(seed if start == 0 else f"{seed}+{start}")


class Match:
    """A match in progress: its state, its players, the actions so far.

    ``players`` maps seats to players; a seat without one is *outside*: :meth:`run` stops
    when it is drawn to act, and :meth:`submit` takes its action. ``table`` plays the
    ``TABLE`` seat (None: the table is outside too). ``max_steps`` caps the actions this
    match applies (None: no cap). ``on_action(state, action)`` hears each action before it
    is applied (to narrate or record it); ``keep_states`` keeps every state in
    :attr:`states`. ``trusted_players`` says that the players only return actions the
    game listed or drew for the state (``random_action``, ``legal_actions``): the rule
    check is then skipped where the game offers ``apply_listed`` (search playouts).

    The state records are immutable; a ``Match`` is the cursor over them.
    """

    __slots__ = ("_advance", "_on_action", "_outside", "_players", "actions", "game",
                 "max_steps", "rng", "state", "states", "table_rate")

    def __init__(self, game: AnyGame, state: Any, players: Mapping[int, Player], *,
                 table: Player | None = None, rng: random.Random | None = None,
                 table_rate: float = 0.0, max_steps: int | None = None,
                 on_action: Callable[[Any, Any], None] | None = None,
                 keep_states: bool = False, trusted_players: bool = False) -> None:
        if not 0.0 <= table_rate <= 1.0:
            raise InvalidConfig(f"table_rate is a probability, not {table_rate!r}",
                                "table_rate")
        self.game = game
        """The game being played."""
        self.state: Any = state
        """The current state."""
        self._players: dict[int, Player] = dict(players)
        if table is not None:
            self._players[TABLE] = table
        self._outside: tuple[int, ...] = ()
        self.rng = rng if rng is not None else random.Random(0)
        """Every draw of the match: who acts when several may, and the players' choices."""
        self.table_rate = table_rate
        """How often the table is let in while a seat could act instead."""
        self.max_steps = max_steps
        """The most actions this match applies, or None."""
        self.actions: list[Any] = []
        """Every action applied so far, in order."""
        self.states: list[Any] | None = [state] if keep_states else None
        """Every state so far (the first one included) when ``keep_states`` was asked."""
        self._on_action = on_action
        # Players that only return what the game listed or drew (a search's random
        # playouts) need no rule check; submitted actions are always checked.
        self._advance = (game.apply_listed if trusted_players and game.apply_listed
                         is not None else game.apply)

    @property
    def finished(self) -> bool:
        """True when the game is over."""
        return bool(self.game.is_terminal(self.state))

    @property
    def capped(self) -> bool:
        """True when the match has applied ``max_steps`` actions and the game goes on."""
        return (self.max_steps is not None and len(self.actions) >= self.max_steps
                and not self.finished)

    @property
    def waiting(self) -> tuple[int, ...]:
        """The outside seats the match waits on (empty while it can go on by itself).

        In a race or a simultaneous step every outside seat that may act is listed: any
        of them may :meth:`submit`.
        """
        return self._outside

    def next_seat(self) -> int:
        """Draw the seat that acts next, by the turn model (the game must be running)."""
        acting = self.game.to_act(self.state)
        if not acting:
            raise IllegalAction(f"{self.game.name}: the game is not over but no seat may "
                                "act (a game bug)")
        return random_actor(acting, self.rng, self.table_rate)

    def step(self) -> bool:
        """Apply one action of a player; False when the game is over, the step cap is
        reached or the drawn seat is outside (then :attr:`waiting` names who may act)."""
        game = self.game
        if game.is_terminal(self.state) or (self.max_steps is not None
                                            and len(self.actions) >= self.max_steps):
            self._outside = ()
            return False
        seat = self.next_seat()
        player = self._players.get(seat)
        if player is None:
            self._outside = tuple(sorted(s for s in game.to_act(self.state)
                                         if s not in self._players))
            return False
        action = player.choose(self.state, seat, self.rng)
        if action is WAIT:
            action = self._race(seat)
            if action is None:
                return False
        self._outside = ()
        self._apply(action, self._advance)
        return True

    def _race(self, waiting: int) -> Any:
        """The first action of a race whose drawn seat waits: the other racing seats are
        asked in turn from the next one round the table, then the drawn seat again, until
        one acts; None when an outside seat is reached (it may act now)."""
        order = race_order(self.game.to_act(self.state), waiting)
        while True:
            for seat in order:
                player = self._players.get(seat)
                if player is None:
                    self._outside = tuple(sorted(s for s in order if s not in self._players))
                    return None
                action = player.choose(self.state, seat, self.rng)
                if action is not WAIT:
                    return action

    def run(self) -> None:
        """Apply actions until the game is over, the step cap is reached or an outside
        seat is to act."""
        while self.step():
            pass

    def restart(self, state: Any) -> None:
        """Go on from ``state`` as a fresh match with the same players and rng (the
        actions and states so far are forgotten): a search runs its many playouts on one
        match."""
        self.state = state
        self.actions.clear()
        if self.states is not None:
            self.states[:] = [state]
        self._outside = ()

    def submit(self, action: Any) -> None:
        """Apply an outside seat's action (``IllegalAction`` if the rules refuse it; the
        match is then unchanged)."""
        seat = getattr(action, "seat", None)
        if seat in self._players:
            raise IllegalAction(f"seat {seat} is played by {self._players[seat].name}; "
                                "submit takes only an outside seat's action")
        if self.capped:
            raise IllegalAction(f"the match stopped at its cap of {self.max_steps} actions")
        self._apply(action, self.game.apply)
        self._outside = ()

    def _apply(self, action: Any, apply: Callable[[Any, Any], Any]) -> None:
        after = apply(self.state, action)  # refused: nothing below happens
        if self._on_action is not None:
            self._on_action(self.state, action)
        self.state = after
        self.actions.append(action)
        if self.states is not None:
            self.states.append(after)


@attrs.frozen(slots=True)
class MatchRecord:
    """A match that was played: who played which seat, every action, how it ended.

    ``outcome`` is None when the match stopped at its step cap (``capped``).
    """

    game: str
    """The game's registry name."""
    config: Any
    """The config the game was set up with."""
    seed: int
    """The game's seed (its shuffles and dice)."""
    player_seed: int
    """The seed of the runner's draws and the players' choices."""
    players: tuple[str, ...]
    """Each seat's player name, by seat."""
    actions: tuple[Any, ...]
    """Every action applied, in order."""
    final: Any
    """The last state."""
    outcome: Outcome | None
    """How the game ended, or None when it was stopped at the step cap."""
    states: tuple[Any, ...] | None = None
    """Every state from the setup on, when ``keep_states`` was asked."""

    @property
    def capped(self) -> bool:
        """True when the match was stopped at its step cap before the end."""
        return self.outcome is None

    def replay(self) -> Replay:
        """The match as a :class:`~partyrules.core.replay.Replay` (its file format)."""
        return Replay(self.game, self.config, self.seed, self.actions)


def play_match(game: AnyGame, config: Any, players: Sequence[Player], seed: int, *,
               player_seed: int | None = None, table: Player | None = None,
               table_rate: float = 0.0, max_steps: int | None = None,
               start: Replay | None = None,
               on_action: Callable[[Any, Any], None] | None = None,
               keep_states: bool = False) -> MatchRecord:
    """Play a whole match: ``players[i]`` plays seat i, ``table`` the table
    (:class:`NoObjection` by default); the game is set up from ``seed`` and the runner's
    draws and the players' choices come from ``player_seed`` (``seed`` by default), so the
    same arguments give the same match.

    ``start`` resumes a saved game (a replay of this game, config and seed): its actions
    are applied first and the players go on from there. ``max_steps`` caps the actions
    played (a capped record has no outcome); ``on_action(state, action)`` hears each
    action; ``keep_states`` keeps every state in the record.

    >>> import partyrules
    >>> game = partyrules.get_game("dinner")
    >>> record = play_match(game, game.Config(players=3), [partyrules.RandomBot(game)] * 3,
    ...                     seed=1)
    >>> record.players, record.outcome.reason in {"hand_emptied", "pile_exhausted"}
    (('random', 'random', 'random'), True)
    """
    if len(players) != config.players:
        raise InvalidConfig(f"{len(players)} players for {config.players} seats", "players")
    player_seed = seed if player_seed is None else player_seed
    state = game.setup(config, seed)
    before: tuple[Any, ...] = ()
    if start is not None:
        if (start.game, start.config, start.seed) != (game.name, config, seed):
            raise InvalidConfig("the saved game was set up with another game, config or "
                                "seed", "start")
        for action in start.actions:
            state = game.apply(state, action)
        before = start.actions
    match = Match(game, state, dict(enumerate(players)),
                  table=table if table is not None else NoObjection(game),
                  rng=match_rng(player_seed, len(before)), table_rate=table_rate,
                  max_steps=max_steps, on_action=on_action, keep_states=keep_states)
    match.run()
    return MatchRecord(
        game=game.name, config=config, seed=seed, player_seed=player_seed,
        players=tuple(player.name for player in players),
        actions=before + tuple(match.actions), final=match.state,
        outcome=game.outcome(match.state) if match.finished else None,
        states=tuple(match.states) if match.states is not None else None)
