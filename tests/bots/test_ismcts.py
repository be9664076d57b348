"""The ISMCTS bot: its bookkeeping changes no decision, and each game's playout length."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import partyrules
from partyrules.bots import ISMCTSBot
from partyrules.bots.ismcts import (
    ITERATIONS_PER_DRAW,
    PLAYOUT_STEPS,
    _Node,
)
from partyrules.core.game import TABLE, TABLE_RATE, AnyGame, random_actor
from partyrules.core.match import Match, RandomPlayer

GAMES = ["dinner", "hollywood", "dylan_dog", "dany", "when_i_dream"]
CONFIGS = {"dinner": {"players": 3}, "hollywood": {"players": 2},
           "dylan_dog": {"players": 3, "turn_limit": 60}, "dany": {"players": 4},
           "when_i_dream": {"players": 4}}


def decision_states(game: AnyGame, count: int) -> list[tuple[Any, int]]:
    """States of a seeded random game where a seat has more than one legal action."""
    config = game.Config(**CONFIGS[game.name])
    record = partyrules.play_match(game, config, [RandomPlayer(game)] * config.players, 3,
                                   max_steps=90, keep_states=True)
    assert record.states is not None
    found = []
    for state in record.states[4::7]:
        seats = [seat for seat in sorted(game.to_act(state))
                 if seat != TABLE and sum(1 for _ in game.legal_actions(state, seat)) > 1]
        if seats:
            found.append((state, seats[0]))
    assert len(found) >= count
    return found[:count]


def plain_iterate(bot: ISMCTSBot, root: _Node, state: Any, seat: int, rng: random.Random,
                  playout: Match) -> None:
    """One iteration as written without the walk's reuse: every state applied again and
    every legal action listed and looked up again at every node."""
    game = bot.game
    node = root
    path: list[tuple[_Node, int]] = []
    first = True
    while not game.is_terminal(state):
        acting = game.to_act(state)
        actor = seat if first and seat in acting else random_actor(acting, rng, TABLE_RATE)
        first = False
        if actor == TABLE:
            state = game.apply(state, game.random_action(state, actor, rng))
            continue
        untried = []
        available = []
        for action in game.legal_actions(state, actor):
            child = node.children.get((actor, action))
            if child is None:
                untried.append(action)
            else:
                child.available += 1
                available.append(child)
        if untried:
            action = untried[rng.randrange(len(untried))]
            child = node.children[(actor, action)] = _Node(action)
            child.available = 1
            path.append((child, actor))
            state = game.apply(state, action)
            break
        child = bot._select(available)
        path.append((child, actor))
        state = game.apply(state, child.action)
        node = child
    rewards = bot._playout(playout, state)
    for child, actor in path:
        child.visits += 1
        child.reward += rewards[actor]


def search(bot: ISMCTSBot, state: Any, seat: int, plain: bool) -> _Node:
    """The tree of one decision's search (the bot's own walk, or the plain one)."""
    rng = random.Random(11)
    root = _Node()
    playout = bot._playouts(state, rng)
    drawn = state
    for iteration in range(bot.iterations):
        if iteration % bot.iterations_per_draw == 0:
            drawn = bot.game.determinize(state, seat, rng)
        if plain:
            plain_iterate(bot, root, drawn, seat, rng, playout)
        else:
            bot._iterate(root, drawn, seat, rng, playout)
    return root


def statistics(node: _Node) -> dict[Any, Any]:
    """Every node's visits, availability and reward, by the path of keys to it."""
    return {key: (child.visits, child.available, round(child.reward, 9),
                  statistics(child)) for key, child in node.children.items()}


@pytest.mark.parametrize("per_draw", [6, ITERATIONS_PER_DRAW])
@pytest.mark.parametrize("name", GAMES)
def test_the_walks_reuse_changes_nothing(name: str, per_draw: int) -> None:
    """Walking a drawn deal again reuses the states, the seats to act, the listed
    actions and the table's rulings it found before: the tree is exactly the one a plain
    walk grows. (In Dany, where the table rules in every other walk, a listing left stale
    by a child added through another state's listing made two of three trees differ.)"""
    game = partyrules.get_game(name)
    bot = ISMCTSBot(game, iterations=100, iterations_per_draw=per_draw)
    for state, seat in decision_states(game, 3):
        reused = statistics(search(bot, state, seat, plain=False))
        assert reused == statistics(search(bot, state, seat, plain=True))
        assert sum(visits for visits, *_ in reused.values()) == bot.iterations


def test_playout_steps_by_game() -> None:
    """Dylan Dog's playouts are judged at once; other games play PLAYOUT_STEPS; a bot's
    own ``playout_steps`` wins over both."""
    assert {name: game.playout_steps for name, game in partyrules.GAMES.items()
            if game.playout_steps is not None} == {"dylan_dog": 0}
    assert ISMCTSBot(partyrules.get_game("dylan_dog")).steps == 0
    for name in ("dinner", "hollywood", "dany", "when_i_dream"):
        assert ISMCTSBot(partyrules.get_game(name)).steps == PLAYOUT_STEPS == 4
    assert ISMCTSBot(partyrules.get_game("dylan_dog"), playout_steps=3).steps == 3
    assert ISMCTSBot(partyrules.get_game("dinner"), playout_steps=0).steps == 0


def test_a_playout_of_no_steps_is_the_heuristic_of_the_leaf() -> None:
    """With no playout steps the playout policy is never asked: each iteration's leaf is
    judged by the heuristic, once."""
    base = partyrules.get_game("dylan_dog")
    judged: list[Any] = []

    def heuristic(state: Any) -> tuple[float, ...]:
        judged.append(state)
        assert base.heuristic is not None
        return base.heuristic(state)

    def no_policy(state: Any, seat: int, rng: random.Random) -> Any:
        raise AssertionError("a playout of no steps asked the playout policy")

    game = attrs.evolve(base, heuristic=heuristic, playout_action=no_policy)
    bot = ISMCTSBot(game, iterations=30)
    assert bot.steps == 0
    state, seat = decision_states(base, 1)[0]
    action = bot.choose(state, seat, random.Random(2))
    assert action in set(game.legal_actions(state, seat))
    assert len(judged) == bot.iterations
    assert not any(game.is_terminal(leaf) for leaf in judged)
