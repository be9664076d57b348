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
  it may :data:`WAIT` to let the others go first: they are asked in race order, each
  once, and when every racing seat has waited, the first that waited must act.
* The table (``TABLE``) rules on what the whole table judges: time up, a breach, a vote on
  a story. Its rulings are asked of the match's ``table`` player. While a seat could act
  instead, the table is let in only with probability ``table_rate``: 0 by default (the
  table rules when nobody else may act, and then :class:`NoObjection` confirms the play),
  more in random testing, which must reach every ruling.
* Seats without a player are *outside* (people behind an interface): in a simultaneous
  step the players choose first and the match then waits for the outside seats; in a
  race the outside seats go first, and each may act (:meth:`Match.submit`) or wait
  (:meth:`Match.wait`); an outside table never holds the seats up. :class:`Turn`
  (:meth:`Match.turn`) says where every seat stands.

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

Step by step, for a frontend that waits on people: seat 0, the Dreamer, is a person; the
match waits for it, and its wait lets the bot clue-giver speak first:

>>> bots = {seat: partyrules.RandomBot(game) for seat in (1, 2, 3)}
>>> match = partyrules.Match(game, game.setup(game.Config(players=4), 6), bots, seed=6)
>>> match.run()
>>> match.waiting, match.turn().seats
((0,), ('may_wait', 'may_wait', 'idle', 'idle'))
>>> match.wait(0)
>>> match.run()
>>> [type(action).__name__ for action in match.actions], match.waiting
(['GiveClue'], (0,))
>>> match.submit(next(game.legal_actions(match.state, 0)))
>>> len(match.actions)
2
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Literal, Protocol

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
    "turn_of",
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


def match_rng(seed: int, start: int = 0, waits: int = 0) -> random.Random:
    """The runner's rng for a match whose players draw from ``seed``, from action number
    ``start`` on (and after ``waits`` seats waited in the race at that action): a game
    resumed there with the same seed and players plays the same way every time.

    >>> match_rng(7).random() == random.Random(7).random()
    True
    >>> match_rng(7, 12).random() == match_rng(7, 12, 1).random()
    False
    """
    if waits:
        return random.Random(f"{seed}+{start}w{waits}")
    return random.Random(seed if start == 0 else f"{seed}+{start}")


SeatStatus = Literal["must_act", "may_wait", "may_act", "idle"]
"""Where a seat stands at a match's position (:class:`Turn`): ``must_act``, the game waits
for it (the one seat to act, a seat of a simultaneous step, or in a race where every
racing seat has waited, the first that waited); ``may_wait``, it races with others and
may act now or let the next one go first (:data:`WAIT`, :meth:`Match.wait`); ``may_act``,
it may still act but the game goes on without it (a racing seat that has waited);
``idle``, it waits on others."""


@attrs.frozen(slots=True)
class Turn:
    """Who may act at a match's position, in the runner's own model, for an interface to
    show: each seat's :data:`SeatStatus`, what the table may rule, and what happens if
    nobody acts. The command line, the web table and an app all read it.

    >>> import partyrules
    >>> game = partyrules.get_game("when_i_dream")
    >>> state = game.setup(game.Config(players=4), 1)
    >>> turn = turn_of(game, state)
    >>> turn.seats, turn.race
    (('may_wait', 'may_wait', 'idle', 'idle'), True)
    >>> [type(ruling).__name__ for ruling in turn.table]
    ['TimeUp']
    >>> print(turn.if_nobody_acts)
    seats 0 and 1 race: each may act now or wait for the next in race order (the table may
    rule at any moment)
    """

    seats: tuple[SeatStatus, ...]
    """Each seat's status, by seat."""
    table: tuple[Any, ...]
    """The rulings the table (``TABLE``) may make now; empty when it has none."""
    race: bool
    """Several seats may act and the first to act goes first (no simultaneous step)."""
    simultaneous: bool
    """The seats to act make hidden choices, in any order (a vote)."""
    waited: tuple[int, ...]
    """The racing seats that have waited in this race, in order."""
    if_nobody_acts: str
    """What happens if nobody acts, in words."""

    @property
    def may_act(self) -> tuple[int, ...]:
        """Every seat that may act now (the table aside)."""
        return tuple(seat for seat, status in enumerate(self.seats) if status != "idle")

    @property
    def must_act(self) -> tuple[int, ...]:
        """The seats the game waits for."""
        return tuple(seat for seat, status in enumerate(self.seats) if status == "must_act")


def _seats_named(seats: Sequence[int]) -> str:
    words = [str(seat) for seat in seats]
    listed = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
    return f"seat {listed}" if len(words) == 1 else f"seats {listed}"


def turn_of(game: AnyGame, state: Any, waited: Sequence[int] = ()) -> Turn:
    """The :class:`Turn` at ``state``, after the racing seats ``waited`` waited."""
    players = int(state.config.players)
    acting = game.to_act(state)
    seats = sorted(acting - {TABLE})
    table = tuple(game.legal_actions(state, TABLE)) if TABLE in acting else ()
    simultaneous = bool(acting) and bool(game.is_simultaneous(state))
    race = not simultaneous and len(seats) > 1
    status: list[SeatStatus] = ["idle"] * players
    everyone_waited = race and set(waited) >= set(seats)
    for seat in seats:
        if race and everyone_waited:
            status[seat] = "must_act" if seat == waited[0] else "may_act"
        elif race:
            status[seat] = "may_act" if seat in waited else "may_wait"
        else:
            status[seat] = "must_act"
    if not acting:
        happens = "the game is over"
    elif not seats:
        happens = "the game waits for the table's ruling"
    elif simultaneous:
        happens = (f"the step waits for the hidden choice of {_seats_named(seats)}, in any "
                   "order")
    elif everyone_waited:
        happens = f"every racing seat has waited: seat {waited[0]} must act"
    elif race:
        happens = (f"{_seats_named(seats)} race: each may act now or wait for the next in "
                   "race order")
    else:
        happens = f"the game waits for seat {seats[0]}"
    if table and seats:
        happens += " (the table may rule at any moment)"
    return Turn(tuple(status), table, race, simultaneous, tuple(waited), happens)


@attrs.frozen(slots=True)
class MatchPosition:
    """A match saved between two messages (:meth:`Match.position`): the state, the
    players' seed, the actions so far and the seats that have waited in the current
    race. :meth:`Match.from_position` goes on from it exactly as the match would have;
    ``partyrules.dumps`` and ``loads`` write and read it.

    >>> import partyrules
    >>> game = partyrules.get_game("dinner")
    >>> match = partyrules.Match(game, game.setup(game.Config(players=3), 4), {}, seed=4)
    >>> position = match.position()
    >>> partyrules.loads(partyrules.dumps(position)) == position
    True
    """

    game: str
    """The game's registry name."""
    state: Any
    """The state of the game."""
    seed: int
    """The players' seed: the draws after ``k`` actions and ``w`` waits come from
    ``match_rng(seed, k, w)``."""
    actions: tuple[Any, ...]
    """The actions so far."""
    waited: tuple[int, ...] = ()
    """The racing seats that have waited at ``state``, in order."""


class _Default(enum.Enum):
    TABLE = "the table's default player, NoObjection"


class Match:
    """A match in progress: its state, its players, the actions so far.

    ``players`` maps seats to players (the table's under ``TABLE``, or as ``table``); a
    seat without one is *outside*: the match waits for its action through
    :meth:`submit`, or in a race its :meth:`wait`. ``table`` plays the ``TABLE`` seat:
    :class:`NoObjection` by default, as in :func:`play_match`; None makes the table
    outside too. ``seed`` makes the match one that can be saved: every draw after ``k``
    actions and ``w`` waits in a race comes from ``match_rng(seed, k, w)``, so
    :meth:`position` and :meth:`from_position` go on exactly as the match would have
    (``rng`` instead gives the match one rng of its own, which cannot be saved;
    ``actions`` are the actions that led to ``state``, kept and counted). ``max_steps``
    caps the actions this match applies (None: no cap). ``time_limit`` calls time for a
    table of bots: where the game has a timed rule (:attr:`Game.timer`, When I Dream's
    sand timer), the runner applies the table's time-up once the timer has run that many
    turns. ``on_action(state, action)`` hears each action before it is applied (to
    narrate or record it); ``keep_states`` keeps every state in :attr:`states`.
    ``trusted_players`` says that the players only return actions the game listed or
    drew for the state (``random_action``, ``legal_actions``): the rule check is then
    skipped where the game offers ``apply_listed`` (search playouts).

    **Who acts.** When every seat that may act has a player, the turn model of the
    module's docstring decides. When an outside seat may act: in a simultaneous step the
    players choose first (the order changes nothing) and the match then waits for the
    outside seats; in a race the outside seats go first, and the players are asked, in
    race order, once every outside racing seat has waited; an outside table's rulings
    never hold the seats up (it may rule at any moment). :meth:`turn` tells where every
    seat stands.

    The state records are immutable; a ``Match`` is the cursor over them.
    """

    __slots__ = ("_advance", "_on_action", "_outside", "_played", "_players", "_started",
                 "_waited", "actions",
                 "game", "max_steps", "rng", "seed", "state", "states", "table_rate",
                 "time_limit")

    def __init__(self, game: AnyGame, state: Any, players: Mapping[int, Player], *,
                 table: Player | _Default | None = _Default.TABLE,
                 rng: random.Random | None = None, seed: int | None = None,
                 actions: Sequence[Any] = (), table_rate: float = 0.0,
                 max_steps: int | None = None, time_limit: int | None = None,
                 on_action: Callable[[Any, Any], None] | None = None,
                 keep_states: bool = False, trusted_players: bool = False) -> None:
        if not 0.0 <= table_rate <= 1.0:
            raise InvalidConfig(f"table_rate is a probability, not {table_rate!r}",
                                "table_rate")
        if rng is not None and seed is not None:
            raise InvalidConfig("a match draws from its seed or from an rng, not both", "rng")
        if time_limit is not None:
            if game.timer is None:
                raise InvalidConfig(f"{game.title} has no timed rule to call time on",
                                    "time_limit")
            if type(time_limit) is not int or time_limit < 0:
                raise InvalidConfig(f"time_limit is a number of turns from 0, not "
                                    f"{time_limit!r}", "time_limit")
        self.game = game
        """The game being played."""
        self.state: Any = state
        """The current state."""
        self._players: dict[int, Player] = dict(players)
        if TABLE in self._players and table is not _Default.TABLE:
            raise InvalidConfig("the table's player is given twice (under TABLE and as "
                                "table)", "table")
        if table is _Default.TABLE:
            self._players.setdefault(TABLE, NoObjection(game))
        elif table is not None:
            self._players[TABLE] = table
        self._played = frozenset(self._players)
        self._outside: tuple[int, ...] = ()
        self._waited: tuple[int, ...] = ()
        self.seed = seed
        """The players' seed (None: the match draws from an rng of its own)."""
        self.actions: list[Any] = list(actions)
        """Every action applied so far, in order (those given to start from included)."""
        self.rng = rng if rng is not None else random.Random(0)
        """Every draw of the match: who acts when several may, and the players' choices."""
        self._reseed()
        self.table_rate = table_rate
        """How often the table is let in while a seat could act instead."""
        self.max_steps = max_steps
        """The most actions this match applies, or None."""
        self.time_limit = time_limit
        """After how many turns of the game's timer the runner calls time, or None."""
        self.states: list[Any] | None = [state] if keep_states else None
        """Every state so far (the first one included) when ``keep_states`` was asked."""
        self._on_action = on_action
        # Players that only return what the game listed or drew (a search's random
        # playouts) need no rule check; submitted actions are always checked.
        self._advance = (game.apply_listed if trusted_players and game.apply_listed
                         is not None else game.apply)
        self._started = len(self.actions)

    @classmethod
    def from_position(cls, game: AnyGame, position: MatchPosition,
                      players: Mapping[int, Player], **options: Any) -> Match:
        """The match saved in ``position`` (:meth:`position`), with ``players`` as
        :class:`Match` takes them and the same ``options``: it goes on exactly as the
        match that saved it would have, waits included.

        >>> import partyrules
        >>> game = partyrules.get_game("when_i_dream")
        >>> bots = {seat: partyrules.RandomBot(game) for seat in (1, 2, 3)}
        >>> match = partyrules.Match(game, game.setup(game.Config(players=4), 6), bots, seed=6)
        >>> match.run()
        >>> match.waiting, match.turn().seats[0]
        ((0,), 'may_wait')
        >>> match.wait(0)                          # the Dreamer lets a clue come first
        >>> saved = partyrules.dumps(match.position())
        >>> again = partyrules.Match.from_position(game, partyrules.loads(saved), bots)
        >>> match.run(); again.run()
        >>> again.actions == match.actions and again.state == match.state
        True
        """
        if position.game != game.name:
            raise InvalidConfig(f"the position is of {position.game}, not {game.name}")
        match = cls(game, position.state, players, seed=position.seed,
                    actions=position.actions, **options)
        for seat in position.waited:
            match._check_wait(seat, outside_only=False)
            match._waited += (seat,)
        match._reseed()
        return match

    @property
    def finished(self) -> bool:
        """True when the game is over."""
        return bool(self.game.is_terminal(self.state))

    @property
    def capped(self) -> bool:
        """True when the match has applied ``max_steps`` actions and the game goes on."""
        return (self.max_steps is not None
                and len(self.actions) - self._started >= self.max_steps
                and not self.finished)

    @property
    def waiting(self) -> tuple[int, ...]:
        """The outside seats the match waits on (empty while it can go on by itself).

        In a race or a simultaneous step every outside seat that may act is listed: any
        of them may :meth:`submit`.
        """
        return self._outside

    @property
    def waited(self) -> tuple[int, ...]:
        """The racing seats that have waited at the current state, in order."""
        return self._waited

    def turn(self) -> Turn:
        """Where every seat stands now (:class:`Turn`)."""
        return turn_of(self.game, self.state, self._waited)

    def position(self) -> MatchPosition:
        """The match as a small record to save between messages (``partyrules.dumps``
        writes it as JSON); :meth:`from_position` goes on from it. Only a match built
        with a ``seed`` can be saved."""
        if self.seed is None:
            raise IllegalAction("a match drawing from an rng of its own cannot be saved: "
                                "build it with a seed")
        return MatchPosition(self.game.name, self.state, self.seed, tuple(self.actions),
                             self._waited)

    def next_seat(self) -> int:
        """Draw the seat that acts next, by the turn model (the game must be running)."""
        return self._actor(self.game.to_act(self.state))

    def _actor(self, acting: frozenset[int]) -> int:
        """The turn model's draw among ``acting`` (``to_act`` of the running state)."""
        if not acting:
            raise IllegalAction(f"{self.game.name}: the game is not over but no seat may "
                                "act (a game bug)")
        return random_actor(acting, self.rng, self.table_rate)

    def step(self) -> bool:
        """Apply one action of a player (or call time); False when the game is over, the
        step cap is reached or the match waits for an outside seat (then
        :attr:`waiting` names who may act)."""
        acting = self.game.to_act(self.state)
        # While the game runs (``to_act`` is empty only once it is over), untimed and
        # below the cap, a step needs none of the end's checks.
        if (not acting or self.time_limit is not None
                or (self.max_steps is not None
                    and len(self.actions) - self._started >= self.max_steps)):
            ended = self._end_or_time_up()
            if ended is not None:
                return ended
        if acting <= self._played:  # no outside seat: the turn model alone decides
            return self._ask(self._actor(acting), acting)
        return self._step_outside(acting)

    def _end_or_time_up(self) -> bool | None:
        """The end of :meth:`step` where the game may be over, the cap reached or time
        up: False when over or capped, True once time was called, None to go on."""
        game = self.game
        if game.is_terminal(self.state) or self.capped:
            self._outside = ()
            return False
        timer = game.timer
        if self.time_limit is not None and timer is not None:
            elapsed = timer.elapsed(self.state)
            if elapsed is not None and elapsed >= self.time_limit:
                self._outside = ()
                self._apply(timer.time_up(self.state), game.apply)
                return True
        return None

    def _step_outside(self, acting: frozenset[int]) -> bool:
        """:meth:`step` where an outside seat may act (``acting``: who may)."""
        outside = [seat for seat in sorted(acting) if seat not in self._players]
        seats = [seat for seat in sorted(acting) if seat != TABLE]
        if self.game.is_simultaneous(self.state):
            ours = [seat for seat in seats if seat in self._players]
            if ours:
                return self._ask(ours[self.rng.randrange(len(ours))], acting)
            return self._wait_for(outside)
        if len(seats) > 1:
            if self._waited:
                unwaited = [seat for seat in seats
                            if seat not in self._players and seat not in self._waited]
                return self._wait_for(outside) if unwaited else self._race_on(acting)
            if any(seat not in self._players for seat in seats):
                return self._wait_for(outside)  # people first in a race
            # Only the table is outside: the racing players go by the turn model.
            return self._ask(random_actor(frozenset(seats), self.rng), acting)
        seat = seats[0] if seats else TABLE
        if seat in self._players:  # an outside table never holds the seats up
            return self._ask(seat, acting)
        return self._wait_for(outside)

    def _wait_for(self, outside: list[int]) -> bool:
        self._outside = tuple(outside)
        return False

    def _ask(self, seat: int, acting: frozenset[int]) -> bool:
        """Ask ``seat``'s player and apply its action; a wait hands the race on."""
        player = self._players[seat]
        action = player.choose(self.state, seat, self.rng)
        if action is WAIT:
            self._check_player_wait(seat, player)
            self._waited += (seat,)
            self._reseed()
            return self._race_on(acting)
        self._outside = ()
        self._apply(action, self._advance)
        return True

    def _race_on(self, acting: frozenset[int]) -> bool:
        """Ask the racing seats that have not waited, in race order from the first that
        did, until one acts; when every one has waited, the first that waited must act.
        False when an outside seat is reached (it may act now)."""
        waited = self._waited
        for seat in race_order(acting, waited[0]):
            if seat in waited:
                continue
            if seat not in self._players:
                return self._wait_for([s for s in sorted(acting) if s not in self._players])
            return self._ask(seat, acting)
        first = waited[0]
        if first not in self._players:
            return self._wait_for([s for s in sorted(acting) if s not in self._players])
        player = self._players[first]
        action = player.choose(self.state, first, self.rng)
        if action is WAIT:
            raise IllegalAction(f"every racing seat has waited, so seat {first} must act, "
                                f"but its player {player.name} answered WAIT again")
        self._outside = ()
        self._apply(action, self._advance)
        return True

    def _check_player_wait(self, seat: int, player: Player) -> None:
        turn = self.turn()
        if not turn.race:
            raise IllegalAction(f"seat {seat}'s player {player.name} answered WAIT, but "
                                f"seat {seat} is not in a race ({turn.if_nobody_acts}): "
                                "it must choose an action")
        if seat in self._waited:
            raise IllegalAction(f"seat {seat}'s player {player.name} answered WAIT twice "
                                "in one race")

    def _check_wait(self, seat: int, *, outside_only: bool = True) -> None:
        if outside_only and seat in self._players:
            raise IllegalAction(f"seat {seat} is played by {self._players[seat].name}; "
                                "wait is for an outside seat (a player answers WAIT)")
        turn = self.turn()
        if not 0 <= seat < len(turn.seats) or turn.seats[seat] == "idle":
            raise IllegalAction(f"seat {seat} may not wait: it is not to act "
                                f"({turn.if_nobody_acts})")
        if not turn.race:
            raise IllegalAction(f"seat {seat} may not wait: it is not in a race "
                                f"({turn.if_nobody_acts})")
        if seat in self._waited:
            if turn.seats[seat] == "must_act":
                raise IllegalAction(f"every racing seat has waited: seat {seat} must act")
            raise IllegalAction(f"seat {seat} has already waited in this race")

    def wait(self, seat: int) -> None:
        """An outside seat lets the others of its race go first: the players and seats
        after it in race order are asked by :meth:`run`. ``IllegalAction`` where the seat
        may not wait (it is not racing, has waited already, or every racing seat has
        waited and it is the one that must act now); the match is then unchanged."""
        if self.capped:
            raise IllegalAction(f"the match stopped at its cap of {self.max_steps} actions")
        self._check_wait(seat)
        self._waited += (seat,)
        self._outside = ()
        self._reseed()

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
        self._started = 0
        if self.states is not None:
            self.states[:] = [state]
        self._outside = ()
        self._waited = ()

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
        if self._waited:
            self._waited = ()
        self._reseed()

    def _reseed(self) -> None:
        if self.seed is not None:
            self.rng = match_rng(self.seed, len(self.actions), len(self._waited))


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
               time_limit: int | None = None, start: Replay | None = None,
               on_action: Callable[[Any, Any], None] | None = None,
               keep_states: bool = False) -> MatchRecord:
    """Play a whole match: ``players[i]`` plays seat i, ``table`` the table
    (:class:`NoObjection` by default); the game is set up from ``seed`` and the runner's
    draws and the players' choices come from ``player_seed`` (``seed`` by default), so the
    same arguments give the same match.

    ``start`` resumes a saved game (a replay of this game, config and seed): its actions
    are applied first and the players go on from there. ``max_steps`` caps the actions
    played (a capped record has no outcome); ``time_limit`` calls time for the table after
    that many turns of the game's timer (:class:`Match`); ``on_action(state, action)``
    hears each action; ``keep_states`` keeps every state in the record.

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
                  max_steps=max_steps, time_limit=time_limit, on_action=on_action,
                  keep_states=keep_states)
    match.run()
    return MatchRecord(
        game=game.name, config=config, seed=seed, player_seed=player_seed,
        players=tuple(player.name for player in players),
        actions=before + tuple(match.actions), final=match.state,
        outcome=game.outcome(match.state) if match.finished else None,
        states=tuple(match.states) if match.states is not None else None)
