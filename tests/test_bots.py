"""The random and greedy bots play from what their seat may know: a choice is a function
of the seat's view and the rng, and it is legal in the real state, in every registered
game."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import partyrules
from partyrules.bots import RandomBot, make_bot
from partyrules.core import testing
from partyrules.core.game import TABLE
from partyrules.core.match import PeekingRandomPlayer, Player
from partyrules.core.testing import action_key

PLAYTHROUGHS = 20
"""Random playthroughs per game in the CI profile (``-m ci``; the default run plays 8); a
few states of each are checked, seat by seat."""
STATES = 6
"""States checked per playthrough."""
DRAWS = 3
"""Rng seeds tried per state and seat."""

SHORT = {"dylan_dog": {"turn_limit": st.integers(12, 45)}}
"""Dylan Dog on a short turn limit: its random games otherwise run to 600 turns."""


def exact(action: Any) -> Any:
    """A comparison key that keeps free text (``action_key`` blanks it): the random bot
    must name the same word, not only take the same kind of action."""
    return (action_key(action), repr(action))


def check_plays_from_its_view(game: partyrules.Game[Any, Any, Any, Any], bot: Player,
                              pt: testing.Playthrough) -> int:
    """Every acting seat of a few states of ``pt``: the bot's action, drawn with the same
    rng seed, is the same in the real state and in states with the same view and other
    hidden cards (``determinize``'s deals), and it is legal in the real state. Returns the
    number of decisions compared."""
    rng = random.Random(pt.seed ^ pt.bot_seed)
    count = len(pt.states)
    compared = 0
    for index in sorted(rng.sample(range(count), min(STATES, count))):
        state = pt.states[index]
        for seat in sorted(game.to_act(state) - {TABLE}):
            others = [game.determinize(state, seat, random.Random(rng.random()))
                      for _ in range(2)]
            assert all(game.view(other, seat) == game.view(state, seat) for other in others)
            legal = {action_key(action) for action in game.legal_actions(state, seat)}
            for _ in range(DRAWS):
                seed = rng.getrandbits(32)
                chosen = bot.choose(state, seat, random.Random(seed))
                assert action_key(chosen) in legal, f"{chosen!r} is not legal"
                game.apply(state, chosen)  # the rules accept it, free text included
                for other in others:
                    assert exact(bot.choose(other, seat, random.Random(seed))) == \
                        exact(chosen), f"seat {seat}'s choice follows what it cannot see"
                compared += 1
    return compared


@pytest.mark.parametrize("playthroughs",
                         [8, pytest.param(PLAYTHROUGHS, id="ci", marks=pytest.mark.ci)])
@pytest.mark.parametrize("name", sorted(partyrules.GAMES))
@pytest.mark.parametrize("spec", ["random", "greedy"])
def test_the_bot_chooses_from_its_view_alone(spec: str, name: str, playthroughs: int) -> None:
    game = partyrules.get_game(name)
    bot = make_bot(spec, game)
    compared: list[int] = []

    @settings(max_examples=playthroughs)
    @given(testing.playthroughs(game, testing.configs(game, **SHORT.get(name, {}))))
    def run(pt: testing.Playthrough) -> None:
        compared.append(check_plays_from_its_view(game, bot, pt))

    run()
    assert sum(compared) >= playthroughs * DRAWS


@pytest.mark.parametrize("name", sorted(name for name, game in partyrules.GAMES.items()
                                         if game.search.search_actions is not None))
def test_the_searched_actions_follow_the_seats_view_alone(name: str) -> None:
    """A game's ``search_actions``, the few actions a search bot weighs, are legal and
    the same in any two states the seat cannot tell apart: the ISMCTS bot's own choices
    stay a function of its view."""
    game = partyrules.get_game(name)
    searched = game.search.search_actions
    assert searched is not None
    compared: list[int] = []

    @settings(max_examples=PLAYTHROUGHS)
    @given(testing.playthroughs(game, testing.configs(game, **SHORT.get(name, {}))))
    def run(pt: testing.Playthrough) -> None:
        rng = random.Random(pt.seed ^ pt.bot_seed)
        count = len(pt.states)
        for index in sorted(rng.sample(range(count), min(STATES, count))):
            state = pt.states[index]
            for seat in sorted(game.to_act(state) - {TABLE}):
                actions = [exact(action) for action in searched(state, seat)]
                legal = {action_key(action) for action in game.legal_actions(state, seat)}
                assert actions and all(key in legal for key, _ in actions)
                for action in searched(state, seat):
                    game.apply(state, action)  # the rules accept it, free text included
                for _ in range(2):
                    other = game.determinize(state, seat, random.Random(rng.random()))
                    assert [exact(action) for action in searched(other, seat)] == actions
                compared.append(len(actions))

    run()
    assert len(compared) >= PLAYTHROUGHS


def test_the_kits_player_peeks_and_the_random_bot_does_not() -> None:
    # The property above has teeth: When I Dream's test policy (the kit's PeekingRandomPlayer)
    # names the card in play one time in four, so its Dreamer's guess follows the hidden
    # card; the random bot's Dreamer finds it about as often as a guess from its view can.
    game = partyrules.get_game("when_i_dream")
    state = game.setup(game.Config(players=4), 3)
    dreamer = state.dreamer
    word = state.word()
    other = game.determinize(state, dreamer, random.Random(1))
    assert other.word() != word and game.view(other, dreamer) == game.view(state, dreamer)
    peeker, honest = PeekingRandomPlayer(game), RandomBot(game)
    draws = range(800)
    peeked = sum(peeker.choose(state, dreamer, random.Random(seed)).word == word
                 for seed in draws)
    found = sum(honest.choose(state, dreamer, random.Random(seed)).word == word
                for seed in draws)
    assert peeked > 150  # a quarter of 800, and a few lucky words
    assert found < 40  # about one draw in a hundred names the real word by chance
    assert any(peeker.choose(state, dreamer, random.Random(seed)) !=
               peeker.choose(other, dreamer, random.Random(seed)) for seed in draws)


def test_the_random_bot_keeps_its_name_and_rules_for_the_table_at_random() -> None:
    game = partyrules.get_game("when_i_dream")
    bot = make_bot("random", game)
    assert isinstance(bot, RandomBot) and bot.name == "random"
    record = partyrules.play_match(game, game.Config(players=4), [bot] * 4, seed=5,
                                   table=bot, table_rate=0.5)
    assert record.outcome is not None and record.replay().verify().ok
    rulings = [action for action in record.actions if action.seat == TABLE]
    assert rulings, "the table ruled nothing"
