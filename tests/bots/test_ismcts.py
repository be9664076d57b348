"""The ISMCTS bot: its bookkeeping changes no decision, each game's playout length, the
actions it searches and its waiting in a race."""

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
from partyrules.core.match import WAIT, Match, PeekingRandomPlayer
from partyrules.games.when_i_dream.actions import GiveClue, Guess

GAMES = ["dinner", "hollywood", "dylan_dog", "dany", "when_i_dream"]
CONFIGS = {"dinner": {"players": 3}, "hollywood": {"players": 2},
           "dylan_dog": {"players": 3, "turn_limit": 60}, "dany": {"players": 4},
           "when_i_dream": {"players": 4}}


def decision_states(game: AnyGame, count: int) -> list[tuple[Any, int]]:
    """States of a seeded random game where a seat has more than one legal action."""
    config = game.Config(**CONFIGS[game.name])
    record = partyrules.play_match(game, config, [PeekingRandomPlayer(game)] * config.players, 3,
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
    every searched action listed and looked up again at every node (the bot's own seat
    weighing WAIT in a race, and the next racing seat acting after it waits)."""
    game = bot.game
    searched = game.search.search_actions or game.legal_actions
    node = root
    path: list[tuple[_Node, int]] = []
    first = True
    forced: int | None = None
    while not game.is_terminal(state):
        acting = game.to_act(state)
        if forced is not None:
            actor, forced = forced, None
        else:
            actor = seat if first and seat in acting else random_actor(acting, rng,
                                                                       TABLE_RATE)
        first = False
        if actor == TABLE:
            state = game.apply(state, game.random_action(state, actor, rng))
            continue
        actions = list(searched(state, actor))
        racing = sorted(acting - {TABLE})
        if actor == seat and bot.waits and len(racing) > 1 and not game.is_simultaneous(state):
            actions.append(WAIT)
        untried = []
        available = []
        for action in actions:
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
            if action is WAIT:
                forced = racing[(racing.index(actor) + 1) % len(racing)]
                node = child
                continue
            state = game.apply(state, action)
            break
        child = bot._select(available)
        path.append((child, actor))
        if child.action is WAIT:
            forced = racing[(racing.index(actor) + 1) % len(racing)]
        else:
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
    """Dylan Dog's and When I Dream's playouts are judged at once; other games play
    PLAYOUT_STEPS; a bot's own ``playout_steps`` wins over both."""
    assert {name: game.search.playout_steps for name, game in partyrules.GAMES.items()
            if game.search.playout_steps is not None} == {"dylan_dog": 0, "when_i_dream": 0}
    assert ISMCTSBot(partyrules.get_game("dylan_dog")).steps == 0
    assert ISMCTSBot(partyrules.get_game("when_i_dream")).steps == 0
    for name in ("dinner", "hollywood", "dany"):
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
        assert base.search.heuristic is not None
        return base.search.heuristic(state)

    def no_policy(state: Any, seat: int, rng: random.Random) -> Any:
        raise AssertionError("a playout of no steps asked the playout policy")

    game = attrs.evolve(base, search=attrs.evolve(base.search, heuristic=heuristic,
                                                   playout_action=no_policy))
    bot = ISMCTSBot(game, iterations=30)
    assert bot.steps == 0
    state, seat = decision_states(base, 1)[0]
    action = bot.choose(state, seat, random.Random(2))
    assert action in set(game.legal_actions(state, seat))
    assert len(judged) == bot.iterations
    assert not any(game.is_terminal(leaf) for leaf in judged)


def dream_state(seed: int = 4) -> Any:
    """A When I Dream dream in progress: the Dreamer (seat 0) and the clue-giver on its
    left (seat 1) race, and the table may rule."""
    game = partyrules.get_game("when_i_dream")
    state = game.setup(game.Config(players=4), seed)
    assert game.to_act(state) == {TABLE, 0, 1} and not game.is_simultaneous(state)
    return state


def test_in_a_race_the_bot_weighs_waiting_for_its_own_seat_only() -> None:
    """The root of a racing seat's search has a WAIT child beside its searched actions
    (one guess, or one clue, in When I Dream); after it, the next racing seat acts; a
    bot built with ``waits=False`` searches no WAIT and never returns it."""
    game = partyrules.get_game("when_i_dream")
    state = dream_state()
    for seat in (0, 1):
        bot = ISMCTSBot(game, iterations=60, playout_steps=0)
        root = search(bot, state, seat, plain=False)
        keys = set(root.children)
        assert game.search.search_actions is not None
        searched = set(game.search.search_actions(state, seat))
        assert keys == {(seat, action) for action in searched} | {(seat, WAIT)}
        assert len(searched) == 1
        waited = root.children[(seat, WAIT)]
        other = 1 - seat
        assert waited.children and all(actor == other for actor, _ in waited.children)
        still = ISMCTSBot(game, iterations=60, playout_steps=0, waits=False)
        assert (seat, WAIT) not in search(still, state, seat, plain=False).children
        for draw in range(5):
            assert still.choose(state, seat, random.Random(draw)) is not WAIT


def test_a_seat_alone_in_a_race_or_in_a_simultaneous_step_never_waits() -> None:
    """At the clue cap only the Dreamer may act (with the table): it must guess. In a
    simultaneous step (Dinner's ballots) the order changes nothing: no WAIT."""
    game = partyrules.get_game("when_i_dream")
    state = dream_state()
    assert game.search.search_actions is not None
    while len(game.to_act(state) - {TABLE}) > 1:  # every clue-giver clues, to the cap
        active = state.phase.active
        state = game.apply(state, next(game.search.search_actions(state, active)))
    assert game.to_act(state) - {TABLE} == {0}
    bot = ISMCTSBot(game, iterations=30, playout_steps=0)
    action = bot.choose(state, 0, random.Random(1))
    assert isinstance(action, Guess)
    dinner = partyrules.get_game("dinner")
    for state, seat in decision_states(dinner, 3):
        tree = search(ISMCTSBot(dinner, iterations=40), state, seat, plain=False)
        assert all(action is not WAIT for _, action in tree.children)


def test_a_bot_that_waits_plays_whole_games_through_the_match_runner() -> None:
    """The runner asks the next racing seat when the bot waits: a When I Dream game with
    a waiting ISMCTS seat ends and replays, the Dreamer guessing at the cap at the
    latest."""
    game = partyrules.get_game("when_i_dream")
    waits: list[int] = []

    class Counting:
        name = "counting"

        def __init__(self) -> None:
            self.bot = ISMCTSBot(game, iterations=25, playout_steps=0)

        def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
            action = self.bot.choose(state, seat, rng)
            if action is WAIT:
                waits.append(seat)
            return action

    players: list[Any] = [partyrules.bots.RandomBot(game)] * 4
    players[0] = Counting()
    record = partyrules.play_match(game, game.Config(players=4), players, 2,
                                   table=PeekingRandomPlayer(game), table_rate=TABLE_RATE)
    assert record.outcome is not None and record.replay().verify().ok
    assert waits and set(waits) == {0}
    assert any(isinstance(action, GiveClue) for action in record.actions)


def test_a_bot_that_waited_is_asked_again_only_when_every_racer_waited_and_then_acts() -> None:
    # Four searching bots that may all wait: the runner asks each once per race, and a
    # bot asked again at the very state it waited at acts, so no race stalls.
    game = partyrules.get_game("when_i_dream")
    bot = ISMCTSBot(game, iterations=12, playout_steps=0)
    record = partyrules.play_match(game, game.Config(players=4), [bot] * 4, seed=9,
                                   max_steps=80)
    assert len(record.actions) == 80 or record.outcome is not None
    state = game.setup(game.Config(players=4), 9)
    bot._waited_at[0] = state  # it waited here, and is asked again: it must act now
    assert bot.choose(state, 0, random.Random(1)) is not WAIT
