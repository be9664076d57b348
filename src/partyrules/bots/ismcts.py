"""Information-set Monte Carlo tree search (single-observer ISMCTS) over any game.

Each iteration draws a state the bot's seat cannot tell from the real one
(``game.determinize(state, seat, rng)``), walks a tree shared by all the draws, choosing
every seat's actions by UCB among the actions legal in that draw (a child's
"availability" counts the draws where it was legal), adds one node, finishes with a
random playout (the match runner with random players) and credits every seat on the path
with its own result. The table's rulings (``TABLE``) are chance to the bot: drawn at random, not
searched. Only ``determinize`` ever looks at the real state, so the bot knows exactly
what its seat's view holds.

A playout ends with the game, or after ``playout_steps`` actions when the game has a
:attr:`~partyrules.core.game.Search.heuristic` (by default :data:`PLAYOUT_STEPS`, or
the game's own :attr:`~partyrules.core.game.Search.playout_steps`): the heuristic then
judges the position (Dinner: the scores; Hollywood: money and trophies; Dylan Dog: each
seat's progress toward its story; Dany: each side's progress; When I Dream: each seat's
chance to finish ahead). A finished game pays 1 to each winner and 0 to the others.
Playouts play the game's ``playout_action`` where it declares one, else random actions.
Each drawn deal is searched ``iterations_per_draw`` iterations in a row.

The actions searched for a seat are the game's ``search_actions`` where it declares them
(a few that stand for many alike), else every legal action. In a race (several seats may
act, not a simultaneous step) the bot's own seat also weighs
:data:`~partyrules.core.match.WAIT`, letting the other racing seats act first, as a
person may: the runner then asks the next racing seat round the table (When I Dream: a
Dreamer who hears the clues before guessing, a Boogeyman who lets the Dreamer guess).
The other seats are expected to act when asked, as bots do.

>>> import random
>>> import partyrules
>>> game = partyrules.get_game("dylan_dog")
>>> state = game.setup(game.Config(players=3, turn_limit=30), 2)
>>> bot = ISMCTSBot(game, iterations=20)
>>> bot.name
'ismcts:20'
>>> bot.choose(state, 0, random.Random(1)) in set(game.legal_actions(state, 0))
True
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Hashable
from typing import Any

import attrs

from partyrules.bots.greedy import GreedyBot
from partyrules.core.game import TABLE, TABLE_RATE, AnyGame, random_actor
from partyrules.core.match import WAIT, Match, PeekingRandomPlayer, race_order

__all__ = ["DEFAULT_ITERATIONS", "EXPLORATION", "ITERATIONS_PER_DRAW",
           "PLAYOUT_STEPS", "ISMCTSBot"]

DEFAULT_ITERATIONS = 200
"""Iterations per decision when the bot's name gives none (``"ismcts"``)."""
EXPLORATION = 0.7
"""The UCB exploration constant (rewards are between 0 and 1)."""
PLAYOUT_STEPS = 4
"""Actions a playout plays before the game's heuristic judges it (games with a heuristic
only): a few steps carry the position past the move searched (a vote settled, a card
drawn); ``docs/bots.md`` gives the games that chose the number."""
ITERATIONS_PER_DRAW = 25
"""Iterations searched through each determinization before the next is drawn: drawing a
deal costs several iterations, and the walks through one deal reuse what they met, so a
deal searched longer is searched faster, and 200 iterations still sample 8 deals
(``docs/bots.md`` gives the games measured against 8 iterations per deal)."""


class _Node:
    """A tree node: statistics of the move that led here, and the moves from here.

    A node also keeps what the walks through the current drawn deal (``deal``, the drawn
    state at the root) found at it, by the state they reached it with (``seen``, keyed by
    identity: see :meth:`ISMCTSBot._iterate`).
    """

    __slots__ = ("action", "available", "children", "deal", "reward", "seen", "visits")
    # Children are keyed by (actor, action): actions are frozen, hashable records.

    def __init__(self, action: Any = None) -> None:
        self.action = action
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.children: dict[Hashable, _Node] = {}
        self.deal: Any = None
        self.seen: dict[int, _Seen] = {}


class _Seen:
    """What a walk found at a node in one state: who could act (empty when the game was
    over), each actor's listed actions, and the states that each child's action and each
    ruling of the table led to."""

    __slots__ = ("acting", "after", "listed", "ruled", "state")

    def __init__(self, state: Any, acting: frozenset[int]) -> None:
        self.state = state  # held, so that no other state takes its id meanwhile
        self.acting = acting
        self.listed: dict[int, _Listed] = {}
        self.after: dict[_Node, Any] = {}
        self.ruled: dict[Any, Any] = {}


class _Listed:
    """An actor's legal actions in one state of a node, in the game's order: the indexes
    of those not tried yet (``untried``, in order), the children of those tried
    (``tried``, in the order of their indexes, ``tried_at``), and how many children the
    node had then (``known``: a child added through another listing makes this one
    stale). The two lists are kept up to date as children are added through this
    listing, rather than found again at every visit."""

    __slots__ = ("actions", "known", "tried", "tried_at", "untried")

    def __init__(self, actions: list[Any], untried: list[int], tried_at: list[int],
                 tried: list[_Node], known: int) -> None:
        self.actions = actions
        self.known = known
        self.untried = untried
        self.tried_at = tried_at
        self.tried = tried

    def add(self, index: int, child: _Node) -> None:
        """The untried action at ``index`` (no longer in ``untried``) now has ``child``."""
        position = bisect.bisect_left(self.tried_at, index)
        self.tried_at.insert(position, index)
        self.tried.insert(position, child)
        self.known += 1


@attrs.frozen(slots=True)
class ISMCTSBot:
    """An information-set MCTS player with a budget of ``iterations`` per decision.

    A decision with a single legal action is taken without search.
    """

    game: AnyGame = attrs.field(repr=False)
    iterations: int = DEFAULT_ITERATIONS
    exploration: float = EXPLORATION
    playout_steps: int | None = None
    """Actions a playout plays before the heuristic judges (None: the game's
    ``playout_steps``, else :data:`PLAYOUT_STEPS`)."""
    iterations_per_draw: int = ITERATIONS_PER_DRAW
    waits: bool = True
    """Whether the bot's seat weighs :data:`~partyrules.core.match.WAIT` in a race (False:
    it always acts when asked)."""
    _waited_at: dict[int, Any] = attrs.field(factory=dict, init=False, eq=False, repr=False)
    # Per seat, the state at which the bot last waited: asked again at that very state,
    # every other racing seat has waited too, and the runner wants an action.

    @property
    def steps(self) -> int:
        """The playout steps this bot plays in its game (``playout_steps`` resolved)."""
        if self.playout_steps is not None:
            return self.playout_steps
        game_steps = self.game.search.playout_steps
        return PLAYOUT_STEPS if game_steps is None else game_steps

    @property
    def name(self) -> str:
        """``ismcts:<iterations>``, the name :func:`partyrules.bots.make_bot` reads."""
        return f"ismcts:{self.iterations}"

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        """The most visited legal action for ``seat`` after the search, or
        :data:`~partyrules.core.match.WAIT` in a race when waiting was visited most."""
        game = self.game
        options = self._searched(state, seat)
        waits = (self._may_wait(state, game.to_act(state))
                 and self._waited_at.get(seat) is not state)
        if len(options) == 1 and not waits:
            return options[0]
        root = _Node()
        drawn = state
        playout = self._playouts(state, rng)
        for iteration in range(self.iterations):
            if iteration % self.iterations_per_draw == 0:
                drawn = game.determinize(state, seat, rng)
            self._iterate(root, drawn, seat, rng, playout)
        legal = {(seat, option) for option in options}
        if waits:
            legal.add((seat, WAIT))
        best = max((child for key, child in root.children.items() if key in legal),
                   key=lambda child: child.visits, default=None)
        action = best.action if best is not None else options[rng.randrange(len(options))]
        if action is WAIT:
            self._waited_at[seat] = state
        return action

    def _iterate(self, root: _Node, state: Any, seat: int, rng: random.Random,
                 playout: Match) -> None:
        """One ISMCTS iteration on the drawn deal ``state``: walk down from ``root``,
        each acting seat picking by UCB among the actions it has tried (the table's
        rulings drawn at random, a seat's wait handing the move to the next racing
        seat), expand the first untried action met, play a playout from there with
        ``playout`` and credit every node on the path with its seat's result."""
        # A drawn deal is walked iterations_per_draw times in a row and the rules are
        # deterministic, so walks through one deal meet the very same state objects
        # again: a node recognizes them by identity (no hashing), and then reuses who
        # acts, the listed actions and the states that actions led to. Each node forgets
        # them when a walk of another deal reaches it.
        game = self.game
        advance = game.apply_listed or game.apply  # the actions below are the game's own
        deal = state
        node = root
        path: list[tuple[_Node, int]] = []
        first = True
        forced: int | None = None  # the racing seat asked after the bot's seat waited
        while True:
            if node.deal is not deal:
                node.deal = deal
                node.seen = {}
            seen = node.seen.get(id(state))
            if seen is None:
                seen = node.seen[id(state)] = _Seen(
                    state, frozenset() if game.is_terminal(state) else game.to_act(state))
            acting = seen.acting
            if not acting:
                break
            if forced is not None:
                actor, forced = forced, None
            elif first and seat in acting:
                actor = seat
            else:  # a lone seat too: random_actor draws among one, as it always has
                actor = random_actor(acting, rng, TABLE_RATE)
            first = False
            if actor == TABLE:  # the table's rulings are chance, not searched
                ruling = game.random_action(state, actor, rng)
                after = seen.ruled.get(ruling)
                if after is None:
                    after = seen.ruled[ruling] = advance(state, ruling)
                state = after
                continue
            listed = seen.listed.get(actor)
            if listed is None or listed.known != len(node.children):
                listed = seen.listed[actor] = self._listing(
                    node, state, actor, actor == seat and self._may_wait(state, acting))
            available = listed.tried
            for child in available:
                child.available += 1
            untried = listed.untried
            if untried:
                index = untried.pop(rng.randrange(len(untried)))
                action = listed.actions[index]
                child = node.children[(actor, action)] = _Node(action)
                listed.add(index, child)
                child.available = 1
                path.append((child, actor))
                if action is WAIT:  # the next racing seat acts at once: walk on to it
                    forced = race_order(acting, actor)[0]
                    node = child
                    continue
                state = seen.after[child] = advance(state, action)
                break
            child = self._select(available)
            path.append((child, actor))
            if child.action is WAIT:
                forced = race_order(acting, actor)[0]
                node = child
                continue
            after = seen.after.get(child)
            if after is None:
                after = seen.after[child] = advance(state, child.action)
            state = after
            node = child
        rewards = self._playout(playout, state)
        for child, actor in path:
            child.visits += 1
            child.reward += rewards[actor]

    def _listing(self, node: _Node, state: Any, actor: int, waits: bool) -> _Listed:
        """``actor``'s searched actions in ``state`` (and ``WAIT`` when it ``waits``) and
        their children (actions are hashed here only: hashing is most of a lookup's
        cost)."""
        actions = self._searched(state, actor)
        if waits:
            actions.append(WAIT)
        known = node.children
        if not known:  # a node met for the first time: every action untried
            return _Listed(actions, list(range(len(actions))), [], [], 0)
        untried: list[int] = []
        tried_at: list[int] = []
        tried: list[_Node] = []
        for index, action in enumerate(actions):
            child = known.get((actor, action))
            if child is None:
                untried.append(index)
            else:
                tried_at.append(index)
                tried.append(child)
        return _Listed(actions, untried, tried_at, tried, len(known))

    def _searched(self, state: Any, seat: int) -> list[Any]:
        """The actions the search weighs for ``seat``: the game's ``search_actions`` where
        it declares them, else every legal action."""
        game = self.game
        return list((game.search.search_actions or game.legal_actions)(state, seat))

    def _may_wait(self, state: Any, acting: frozenset[int]) -> bool:
        """True when a seat of ``acting`` may let the others go first: the bot waits,
        and several seats (the table aside) race to act, which a simultaneous step is
        not (its hidden choices commute)."""
        if not self.waits or len(acting) - (TABLE in acting) < 2:
            return False
        return not self.game.is_simultaneous(state)

    def _select(self, children: list[_Node]) -> _Node:
        """UCB1 among the children legal in this draw (availability-counted)."""
        best = children[0]
        best_score = -math.inf
        exploration, log, sqrt = self.exploration, math.log, math.sqrt
        for child in children:
            visits = child.visits
            if not visits:
                return child
            score = child.reward / visits + exploration * sqrt(log(child.available) / visits)
            if score > best_score:
                best, best_score = child, score
        return best

    def _playouts(self, state: Any, rng: random.Random) -> Match:
        """The match every playout of one decision runs on (restarted from each leaf):
        the game's playout policy, or random play, and random rulings of the table."""
        game = self.game
        chance = PeekingRandomPlayer(game)
        policy = chance if game.search.playout_action is None else GreedyBot(game)
        return Match(game, state, dict.fromkeys(range(int(state.config.players)), policy),
                     table=chance, rng=rng, table_rate=TABLE_RATE, trusted_players=True,
                     max_steps=None if game.search.heuristic is None else self.steps)

    def _playout(self, playout: Match, state: Any) -> tuple[float, ...]:
        game = self.game
        heuristic = game.search.heuristic
        if heuristic is not None and playout.max_steps == 0:
            # A playout of no steps: the heuristic judges the leaf itself (the match
            # would stop at once, drawing nothing).
            if not game.is_terminal(state):
                return heuristic(state)
        else:
            playout.restart(state)
            playout.run()
            if heuristic is not None and not playout.finished:
                return heuristic(playout.state)
            state = playout.state
        outcome = game.outcome(state)
        return tuple(1.0 if s in outcome.winners else 0.0
                     for s in range(int(state.config.players)))

