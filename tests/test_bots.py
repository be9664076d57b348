"""The random and greedy bots play from what their seat may know: a choice is a function
of the seat's view and the rng, and it is legal in the real state, in every registered
game."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import partyrules
from partyrules.bots import RandomBot, make_bot
from partyrules.core import testing
from partyrules.core.game import TABLE
from partyrules.core.match import PeekingRandomPlayer, Player, play_match
from partyrules.core.testing import action_key
from partyrules.games.when_i_dream.views import dreamers_aim

PLAYTHROUGHS = 20
"""Random playthroughs per game in the CI profile (``-m ci``; the default run plays 8); a
few states of each are checked, seat by seat."""
STATES = 6
"""States checked per playthrough."""
DRAWS = 3
"""Rng seeds tried per state and seat."""

SHORT = {"dylan_dog": {"turn_limit": st.integers(12, 45)}}
"""Dylan Dog on a short turn limit: its random games otherwise run to 600 turns."""
MATCHES = 6
"""Full games per game (and per player count) in which the random bot is compared with
a bot that redeals before every draw (the CI profile plays 4 times as many)."""


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


@attrs.frozen(slots=True)
class RedealingRandomBot:
    """The random bot as it was before games declared an honest draw: ``random_action``
    on a redeal (``determinize``) before every decision, the deal seeded with one number
    of the rng."""

    game: partyrules.Game[Any, Any, Any, Any]
    name: str = "redealing-random"

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        if seat == TABLE:
            return self.game.random_action(state, seat, rng)
        dealt = self.game.determinize(state, seat, random.Random(rng.getrandbits(64)))
        return self.game.random_action(dealt, seat, rng)


def test_every_game_gives_its_random_seats_an_honest_draw() -> None:
    # Each declaration is checked by the kit's check_honest_draw (tests/test_invariants.py).
    for name, game in partyrules.GAMES.items():
        assert game.honest_draw() is not None, f"{name}'s random seats must redeal"
        assert game.random_action_from_view == (game.honest_draw() is game.random_action)
    assert not partyrules.get_game("when_i_dream").random_action_from_view


@pytest.mark.parametrize("matches", [MATCHES,
                                     pytest.param(4 * MATCHES, id="ci", marks=pytest.mark.ci)])
@pytest.mark.parametrize("name", sorted(name for name, game in partyrules.GAMES.items()
                                         if game.random_action_from_view))
def test_an_honest_random_action_plays_the_games_a_redeal_played(name: str,
                                                                  matches: int) -> None:
    # Where random_action reads only the view, the bot plays it on the real state: the
    # same actions, move for move, as the redealing bot, at every player count.
    game = partyrules.get_game(name)
    bot, redealing = RandomBot(game), RedealingRandomBot(game)
    fields = {"turn_limit": 45} if name == "dylan_dog" else {}
    lengths = []
    for players in range(game.min_players, game.max_players + 1):
        config = game.Config(players=players, **fields)
        for seed in range(matches):
            ours = play_match(game, config, [bot] * players, seed, player_seed=seed + 100)
            theirs = play_match(game, config, [redealing] * players, seed,
                                player_seed=seed + 100)
            assert [exact(action) for action in ours.actions] == \
                [exact(action) for action in theirs.actions], f"{players} players, seed {seed}"
            assert ours.outcome == theirs.outcome
            lengths.append(len(ours.actions))
    assert min(lengths) > 0


def test_the_dreamers_honest_guess_follows_a_redeals_law() -> None:
    # When I Dream's random_action names the word in play one time in four; the honest
    # draw names the word of a card the Dreamer cannot place, as a redeal would put one in
    # play: the same words, each about as often (the expert variant: on either side once
    # the round has a guess).
    game = partyrules.get_game("when_i_dream")
    for side in ("top", "expert"):
        pt = testing.play_random(game, game.Config(players=4, side=side), seed=3)
        state = next(s for s in pt.states if s.current is not None and s.guesses
                     and s.dreamer in game.to_act(s))
        rng = random.Random(1)
        draws = 3000
        aimed = Counter(dreamers_aim(state, rng) for _ in range(draws))
        redealt = Counter(game.determinize(state, state.dreamer, rng).word()
                          for _ in range(draws))
        assert set(aimed) == set(redealt) and len(aimed) > 50
        spread = sum(abs(aimed[word] - redealt[word]) for word in aimed) / (2 * draws)
        # Two samples of one law: 0.08 apart over 64 words, 0.12 over 128 (measured).
        assert spread < 0.15
        # Every other draw is random_action's own, and so are the clue-givers' draws.
        honest = game.honest_random_action
        assert honest is not None
        aimed_draws = 0
        for seat in sorted(game.to_act(state) - {TABLE}):
            for seed in range(40):
                chosen = honest(state, seat, random.Random(seed))
                played = game.random_action(state, seat, random.Random(seed))
                if seat == state.dreamer and played.word == state.word():
                    aimed_draws += 1  # the guess that names the word in play
                    continue
                assert chosen == played
        assert aimed_draws > 0
