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
:attr:`~partyrules.core.game.Game.heuristic`: the heuristic then judges the position
(Dinner: the scores; Hollywood: money and trophies; Dylan Dog: mystery cards of one's
story found). A finished game pays 1 to each winner and 0 to the others.

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

import math
import random
from collections.abc import Hashable
from typing import Any

import attrs

from partyrules.core.game import TABLE, TABLE_RATE, AnyGame, random_actor
from partyrules.core.match import Match, RandomPlayer

__all__ = ["DEFAULT_ITERATIONS", "EXPLORATION", "PLAYOUT_STEPS", "ISMCTSBot"]

DEFAULT_ITERATIONS = 200
"""Iterations per decision when the bot's name gives none (``"ismcts"``)."""
EXPLORATION = 0.7
"""The UCB exploration constant (rewards are between 0 and 1)."""
PLAYOUT_STEPS = 12
"""Random actions a playout plays before the game's heuristic judges it (games with a
heuristic only)."""


class _Node:
    """A tree node: statistics of the move that led here, and the moves from here."""

    __slots__ = ("action", "available", "children", "reward", "visits")
    # Children are keyed by (actor, action): actions are frozen, hashable records.

    def __init__(self, action: Any = None) -> None:
        self.action = action
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.children: dict[Hashable, _Node] = {}


@attrs.frozen(slots=True)
class ISMCTSBot:
    """An information-set MCTS player with a budget of ``iterations`` per decision.

    A decision with a single legal action is taken without search.
    """

    game: AnyGame = attrs.field(repr=False)
    iterations: int = DEFAULT_ITERATIONS
    exploration: float = EXPLORATION
    playout_steps: int = PLAYOUT_STEPS

    @property
    def name(self) -> str:
        """``ismcts:<iterations>``, the name :func:`partyrules.bots.make_bot` reads."""
        return f"ismcts:{self.iterations}"

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        """The most visited legal action for ``seat`` after the search."""
        game = self.game
        options = list(game.legal_actions(state, seat))
        if len(options) == 1:
            return options[0]
        root = _Node()
        for _ in range(self.iterations):
            self._iterate(root, game.determinize(state, seat, rng), seat, rng)
        legal = {(seat, option) for option in options}
        best = max((child for key, child in root.children.items() if key in legal),
                   key=lambda child: child.visits, default=None)
        return best.action if best is not None else options[rng.randrange(len(options))]

    def _iterate(self, root: _Node, state: Any, seat: int, rng: random.Random) -> None:
        game = self.game
        node = root
        path: list[tuple[_Node, int]] = []
        first = True
        while not game.is_terminal(state):
            actor = seat if first and seat in game.to_act(state) else random_actor(
                game.to_act(state), rng, TABLE_RATE)
            first = False
            if actor == TABLE:  # the table's rulings are chance, not searched
                state = game.apply(state, game.random_action(state, actor, rng))
                continue
            actions = list(game.legal_actions(state, actor))
            untried = []
            for action in actions:
                key = (actor, action)
                child = node.children.get(key)
                if child is None:
                    untried.append((key, action))
                else:
                    child.available += 1
            if untried:
                key, action = untried[rng.randrange(len(untried))]
                child = _Node(action)
                child.available = 1
                node.children[key] = child
                path.append((child, actor))
                state = game.apply(state, action)
                break
            child = self._select(node, actor, actions)
            path.append((child, actor))
            state = game.apply(state, child.action)
            node = child
        rewards = self._playout(state, rng)
        for child, actor in path:
            child.visits += 1
            child.reward += rewards[actor]

    def _select(self, node: _Node, actor: int, actions: list[Any]) -> _Node:
        """UCB1 among the children legal in this draw (availability-counted)."""
        best: _Node | None = None
        best_score = -math.inf
        for action in actions:
            child = node.children[(actor, action)]
            score = child.reward / child.visits + self.exploration * math.sqrt(
                math.log(child.available) / child.visits) if child.visits else math.inf
            if score > best_score:
                best, best_score = child, score
        assert best is not None
        return best

    def _playout(self, state: Any, rng: random.Random) -> tuple[float, ...]:
        game = self.game
        heuristic = game.heuristic
        players = int(state.config.players)
        random_player = RandomPlayer(game)
        playout = Match(game, state, dict.fromkeys(range(players), random_player),
                        table=random_player, rng=rng, table_rate=TABLE_RATE,
                        max_steps=None if heuristic is None else self.playout_steps)
        playout.run()
        if heuristic is not None and not playout.finished:
            return heuristic(playout.state)
        outcome = game.outcome(playout.state)
        return tuple(1.0 if s in outcome.winners else 0.0 for s in range(players))
