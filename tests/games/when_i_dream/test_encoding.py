"""When I Dream's encoding: the kit's property over random games, the ids and tensor
sections of ``docs/games/when_i_dream.md`` ("Encodings") checked by hand, the refusals,
the space and shape following the config, and the ``max_decisions`` bound."""

from __future__ import annotations

import math
from typing import Any

import attrs
import pytest
from hypothesis import given, settings

import partyrules
from partyrules import TABLE, IllegalAction
from partyrules.core import testing
from partyrules.core.encoding import legal_ids, observation_size
from partyrules.games.when_i_dream.actions import (
    BestDream,
    DeclineGuess,
    GiveClue,
    Guess,
    JudgeGuess,
    JudgeRecount,
    NoBestDream,
    Recount,
    RuleBreach,
    SkipClue,
    TimeUp,
)
from partyrules.games.when_i_dream.encoding import ENCODING, layout, other_word
from partyrules.games.when_i_dream.rules import max_decisions, rules_max_decisions, vocabulary
from partyrules.games.when_i_dream.state import (
    Config,
    Over,
    Recounting,
    RoundResult,
    State,
    Tiebreak,
)

GAME = partyrules.get_game("when_i_dream")
assert GAME.encoding is ENCODING and GAME.max_decisions is max_decisions
assert not GAME.simultaneous_steps
CARDS = (("cherry", "castle"), ("sun", "pirate"), ("moon", "apple"), ("horse", "train"),
         ("river", "bread"), ("tiger", "chair"), ("cloud", "spoon"), ("ship", "lamp"))

# The sections of the default config at 4 seats as the docs page lists them (W = 128
# words, N = 64 cards, P = 4 seats): start and width.
SEAT, IS_DREAMER, SEES_CARDS, ROLE = (9, 4), (13, 1), (14, 1), (15, 3)
ROUND, DREAMER, TO_ACT, PHASE = (18, 4), (22, 4), (26, 5), (31, 6)
ACTIVE, CLUE_TURNS, CLUED, TIME_UP = (37, 4), (41, 4), (45, 4), (49, 1)
WORD, SIDE, IN_PLAY, FAIRY, BOOGEYMAN = (50, 128), (178, 2), (180, 64), (244, 64), (308, 64)
PENALTY_CARDS, PILE_SIZES, POINTS, PENALTY_COUNTS = (372, 64), (436, 2), (438, 4), (442, 4)
DECK_SIZE, BOX_SIZE, CLUES, CLUE_WORDS, OTHER_CLUES = (446, 1), (447, 1), (448, 1), (449, 128), \
    (577, 1)
LAST_CLUE, LAST_CLUE_BY, GUESSES, GUESS_WORDS = (578, 129), (707, 4), (711, 1), (712, 128)
OTHER_GUESSES, LAST_GUESS, TOLD = (840, 1), (841, 129), (970, 2)
TIED, WINNERS, REASON = (972, 4), (976, 4), (980, 4)
LAST_ROUND, LAST_DREAMER, LAST_ROLES, LAST_PILES, LAST_GAINS = (984, 1), (985, 4), (989, 12), \
    (1001, 3), (1004, 4)


def section(tensor: list[float], where: tuple[int, int]) -> list[float]:
    start, width = where
    return tensor[start:start + width]


def one_hot(index: int | None, width: int) -> list[float]:
    return [float(position == index) for position in range(width)]


def tensor_of(state: State, seat: int | None) -> list[float]:
    return list(ENCODING.observation_tensor(GAME.view(state, seat)))


def play(state: State, *actions: object) -> State:
    for action in actions:
        state = GAME.apply(state, action)
    assert isinstance(state, State)
    return state


def default_table(seed: int = 1) -> State:
    """Round 1 of the default 4-seat game, "cherry" (card 0, word 0) in play."""
    state: State = GAME.setup(Config(players=4), seed)
    deck = tuple(card for card in range(64) if card != 0)
    return attrs.evolve(state, current=0, deck=deck)


# -- the kit's property ----------------------------------------------------------------------


@pytest.mark.parametrize("games", [10, pytest.param(35, id="ci", marks=pytest.mark.ci)])
def test_spec_the_encoding_holds_over_random_games(games: int) -> None:
    played: list[int] = []

    @settings(max_examples=games, deadline=None)
    @given(testing.playthroughs(GAME))
    def run(playthrough: testing.Playthrough) -> None:
        testing.check_encoding(GAME, playthrough, samples=6)
        # A race is no simultaneous step: every action is one decision.
        assert len(playthrough.actions) <= max_decisions(playthrough.config)
        played.append(len(playthrough.actions))

    run()
    assert len(played) == games and min(played) > 0


@pytest.mark.parametrize("options", [
    {"judge": "table", "clue_time_limit": True, "side": "expert"},
    {"check_clues": "off", "side": "bottom", "first_dreamer": 2},
    {"check_clues": "strict"},
])
def test_spec_the_encoding_holds_on_every_state_of_a_short_deck(options: dict[str, object],
                                                                 ) -> None:
    config = Config(players=5, cards=CARDS, **options)  # type: ignore[arg-type]
    for seed in range(2):
        playthrough = testing.play_random(GAME, config, seed, bot_seed=seed + 10)
        testing.check_encoding(GAME, playthrough, samples=None)


def test_spec_the_tensor_is_finite_and_in_0_to_1_on_every_state() -> None:
    config = Config(players=4, cards=CARDS, judge="table")
    for seed in range(3):
        playthrough = testing.play_random(GAME, config, seed, bot_seed=seed)
        for state in playthrough.states:
            for seat in (None, *range(config.players)):
                tensor = tensor_of(state, seat)
                assert all(math.isfinite(value) and 0 <= value <= 1 for value in tensor)


# -- action ids ----------------------------------------------------------------------------------


def test_spec_the_action_ids_of_the_default_config() -> None:
    state = default_table()
    words = vocabulary(state.config)
    assert words[:4] == ("cherry", "castle", "moon", "pirate") and len(words) == 128
    named: dict[Any, int] = {
        Guess(0, "cherry"): 0, Guess(0, "castle"): 1, Guess(0, words[127]): 127,
        Guess(0, "dinosaur"): 128, GiveClue(1, "cherry"): 129, GiveClue(2, "moon"): 131,
        GiveClue(1, "fruit"): 257, DeclineGuess(0): 258, Recount(0, ()): 259,
        Recount(0, ("cherry",)): 260, TimeUp(): 261, SkipClue(): 262,
        JudgeGuess(TABLE, True): 263, JudgeGuess(TABLE, False): 264,
        JudgeRecount(TABLE, True): 265, JudgeRecount(TABLE, False): 266, NoBestDream(): 267,
        RuleBreach(TABLE, 0): 268, RuleBreach(TABLE, 3): 271,
        BestDream(TABLE, 0): 272, BestDream(TABLE, 3): 275,
    }
    assert ENCODING.num_actions(state.config) == 276
    for action, number in named.items():
        assert ENCODING.action_id(state, action) == number
    assert ENCODING.action_from_id(state, 0, 2) == Guess(0, "moon")
    assert ENCODING.action_from_id(state, 0, 128) == Guess(0, "other")
    assert ENCODING.action_from_id(state, 1, 130) == GiveClue(1, "castle")
    assert ENCODING.action_from_id(state, 1, 257) == GiveClue(1, "other")
    assert ENCODING.action_from_id(state, 0, 258) == DeclineGuess(0)
    assert ENCODING.action_from_id(state, TABLE, 262) == SkipClue()
    assert ENCODING.action_from_id(state, TABLE, 264) == JudgeGuess(TABLE, False)
    assert ENCODING.action_from_id(state, TABLE, 265) == JudgeRecount(TABLE, True)
    assert ENCODING.action_from_id(state, TABLE, 270) == RuleBreach(TABLE, 2)
    assert ENCODING.action_from_id(state, TABLE, 273) == BestDream(TABLE, 1)
    assert ENCODING.action_from_id(state, TABLE, 267) == NoBestDream()


def test_spec_a_text_is_numbered_by_the_deck_word_it_is() -> None:
    state = default_table()
    # Normalized as the automatic judge compares words: case, accents, spaces.
    for text in ("cherry", "CHERRY", "  Cherry ", "chérry"):
        assert ENCODING.action_id(state, Guess(0, text)) == 0
        assert ENCODING.action_id(state, GiveClue(1, text)) == 129
    # Any other text, even blank (which the rules refuse), is "not a word of the deck".
    for text in ("cherries", "fruit", "", "big apple"):
        assert ENCODING.action_id(state, Guess(0, text)) == 128
        assert ENCODING.action_id(state, GiveClue(1, text)) == 257
    # A narration of any words is "tell the dream"; it comes back as every guess made.
    state = play(state, Guess(0, "moon"), Guess(0, "banana"))
    assert ENCODING.action_id(state, Recount(0, ("whatever",))) == 260
    assert ENCODING.action_from_id(state, 0, 260) == Recount(0, ("moon", "banana"))
    assert ENCODING.action_from_id(state, 0, 259) == Recount(0, ())


def test_spec_the_word_outside_the_deck_is_an_honest_wrong_guess_and_a_fair_clue() -> None:
    state = default_table()
    assert other_word(state.config) == "other"
    clued = GAME.apply(state, ENCODING.action_from_id(state, 1, 257))
    assert clued.penalties == state.penalties and clued.clues == ((1, "other"),)
    guessed = GAME.apply(state, ENCODING.action_from_id(state, 0, 128))
    assert guessed.boogeyman == ((0, "top"),) and guessed.fairy == ()
    # A deck that holds "other" (or a form of it) gets another representative.
    cards = (("other", "castle"), ("otherx", "sun"), ("moon", "others"))
    config = Config(players=4, cards=cards)
    assert other_word(config) == "otherxx"
    assert ENCODING.action_id(GAME.setup(config, 1), Guess(0, "otherxx")) == 6
    # Under the strict check no "other..." is fair when a deck word lies inside it.
    strict = Config(players=4, cards=(("the", "castle"), ("moon", "sun")),
                    check_clues="strict")
    fair = other_word(strict)
    assert fair == "aa" and fair not in vocabulary(strict)
    clued = GAME.apply(GAME.setup(strict, 1), GiveClue(1, fair))
    assert clued.penalties == ((), (), (), ()) and clued.clues == ((1, fair),)


def test_spec_deck_words_equal_once_normalized_keep_their_own_ids() -> None:
    cards = (("Cherry", "castle"), ("cherry", "sun"), ("moon", "pirate"))
    config = Config(players=4, cards=cards)
    state = GAME.setup(config, 1)
    assert vocabulary(config) == ("Cherry", "castle", "cherry", "sun", "moon", "pirate")
    assert ENCODING.action_id(state, Guess(0, "Cherry")) == 0
    assert ENCODING.action_id(state, Guess(0, "cherry")) == 2
    assert ENCODING.action_id(state, Guess(0, "CHERRY")) == 0  # the first of that form
    assert legal_ids(GAME, state, 0) == tuple(range(6))
    assert legal_ids(GAME, state, 1) == tuple(range(7, 13))


def test_spec_an_id_means_the_same_move_in_every_state() -> None:
    config = Config(players=5)
    first, other = GAME.setup(config, 1), GAME.setup(config, 2)
    assert first.current != other.current
    for number in range(ENCODING.num_actions(config)):
        assert ENCODING.action_from_id(first, 3, number) \
            == ENCODING.action_from_id(other, 3, number)


def test_spec_the_legal_ids_follow_the_phases() -> None:
    state = default_table()
    assert legal_ids(GAME, state, 0) == tuple(range(128))       # the Dreamer's guesses
    assert legal_ids(GAME, state, 1) == tuple(range(129, 257))  # the clue-giver's words
    assert legal_ids(GAME, state, 2) == ()
    assert legal_ids(GAME, state, TABLE) == (261,)              # time up
    state = GAME.apply(state, GiveClue(1, "fruit"))
    assert legal_ids(GAME, state, TABLE) == (261, 269)          # time up, breach by 1
    state = GAME.apply(state, TimeUp())
    assert legal_ids(GAME, state, 0) == (*range(128), 258)      # a last guess or decline
    assert legal_ids(GAME, state, TABLE) == (269,)
    state = GAME.apply(state, Guess(0, "cherry"))
    assert isinstance(state.phase, Recounting)
    assert legal_ids(GAME, state, 0) == (259, 260)
    skipping = GAME.setup(Config(players=4, clue_time_limit=True, judge="table"), 1)
    assert legal_ids(GAME, skipping, TABLE) == (261, 262)
    judging = GAME.apply(skipping, Guess(0, "moon"))
    assert legal_ids(GAME, judging, TABLE) == (263, 264)
    tied = attrs.evolve(play(default_table(), TimeUp(), Guess(0, "x"), Recount(0, ())),
                        phase=Tiebreak(frozenset({1, 3})))
    assert legal_ids(GAME, tied, TABLE) == (267, 273, 275)


def test_spec_ids_outside_the_space_and_actions_without_an_id_are_refused() -> None:
    state = default_table()
    for bad in (-1, 276, 10**6, True, 1.0, "3", None):
        with pytest.raises(IllegalAction, match="action ids 0 to 275"):
            ENCODING.action_from_id(state, 0, bad)  # type: ignore[arg-type]
    forged: Any = (7, None, ("cherry",), ["cherry"], ("cherry", 3))
    no_id = (Guess(0, forged[0]), GiveClue(1, forged[1]), Guess(0, forged[2]),
             Recount(0, forged[2][0]), Recount(0, forged[3]), Recount(0, forged[4]),
             RuleBreach(TABLE, 4), RuleBreach(TABLE, -1), RuleBreach(TABLE, True),
             BestDream(TABLE, forged[0] / 7), JudgeGuess(TABLE, forged[0] // 7),
             JudgeRecount(TABLE, forged[1]), "Guess", None, Config(4))
    for action in no_id:
        with pytest.raises(IllegalAction):
            ENCODING.action_id(state, action)  # type: ignore[arg-type]
    # A larger table has the seat.
    bigger = GAME.setup(Config(players=5), 1)
    assert ENCODING.action_id(bigger, RuleBreach(TABLE, 4)) == 2 * 128 + 12 + 4


@pytest.mark.parametrize(("config", "words", "actions", "size"), [
    (Config(players=4), 128, 276, 1008),
    (Config(players=7), 128, 282, 1059),
    (Config(players=10), 128, 288, 1110),
    (Config(players=6, language="it", side="expert"), 128, 280, 1042),
    (Config(players=4, cards=CARDS), 16, 52, 224),
    (Config(players=9, cards=CARDS[:1]), 2, 34, 211),
    (Config(players=5, cards=(("sun", "moon"), ("moon", "sun"), ("star", "sun"))), 3, 28,
     156),
])
def test_spec_the_space_and_shape_follow_the_config(config: Config, words: int,
                                                     actions: int, size: int) -> None:
    players, cards = config.players, len(config.dreams())
    assert len(vocabulary(config)) == words
    assert ENCODING.num_actions(config) == 2 * words + 2 * players + 12 == actions
    assert ENCODING.observation_shape(config) == (size,)
    assert size == 17 * players + 5 * words + 4 * cards + 44
    assert sum(width for _, _, width in layout(config).sections) == size
    state = GAME.setup(config, 2)
    for seat in (None, *range(players)):
        assert len(tensor_of(state, seat)) == observation_size(GAME, config) == size


# -- the observation tensor -----------------------------------------------------------------------


def test_spec_the_documented_sections_of_the_default_config() -> None:
    at = layout(Config(players=4)).at
    documented = {"seat": SEAT, "is_dreamer": IS_DREAMER, "sees_cards": SEES_CARDS,
                  "role": ROLE, "round": ROUND, "dreamer": DREAMER, "to_act": TO_ACT,
                  "phase": PHASE, "active": ACTIVE, "clue_turns": CLUE_TURNS,
                  "clued": CLUED, "time_up": TIME_UP, "word": WORD, "side": SIDE,
                  "in_play": IN_PLAY, "fairy": FAIRY, "boogeyman": BOOGEYMAN,
                  "penalty_cards": PENALTY_CARDS, "pile_sizes": PILE_SIZES,
                  "points": POINTS, "penalty_counts": PENALTY_COUNTS,
                  "deck_size": DECK_SIZE, "box_size": BOX_SIZE, "clues": CLUES,
                  "clue_words": CLUE_WORDS, "other_clues": OTHER_CLUES,
                  "last_clue": LAST_CLUE, "last_clue_by": LAST_CLUE_BY,
                  "guesses": GUESSES, "guess_words": GUESS_WORDS,
                  "other_guesses": OTHER_GUESSES, "last_guess": LAST_GUESS, "told": TOLD,
                  "tied": TIED, "winners": WINNERS, "reason": REASON,
                  "last_round": LAST_ROUND, "last_dreamer": LAST_DREAMER,
                  "last_roles": LAST_ROLES, "last_fairy": LAST_PILES,
                  "last_gains": LAST_GAINS}
    for name, (start, _) in documented.items():
        assert at[name] == start, name


def test_spec_the_tensors_at_the_start_of_the_dream() -> None:
    state = attrs.evolve(default_table(), spirits=(None, 0, 5, 9), leftover=10)
    spirit = tensor_of(state, 2)
    assert section(spirit, (0, 9)) == [1, 0, 0, 0, 0, 1, 0, 0, 0]  # top, auto, no limit, stem
    assert section(spirit, SEAT) == one_hot(2, 4)
    assert section(spirit, IS_DREAMER) == [0] and section(spirit, SEES_CARDS) == [1]
    assert section(spirit, ROLE) == [0, 1, 0]                 # a Boogeyman
    assert section(spirit, ROUND) == one_hot(0, 4) and section(spirit, DREAMER) == one_hot(0, 4)
    assert section(spirit, TO_ACT) == [1, 1, 1, 0, 0]         # the table, seats 0 and 1
    assert section(spirit, PHASE) == one_hot(0, 6)            # the dream
    assert section(spirit, ACTIVE) == one_hot(1, 4)
    assert section(spirit, CLUE_TURNS) == [0] * 4 and section(spirit, TIME_UP) == [0]
    assert section(spirit, WORD) == one_hot(0, 128)           # "cherry"
    assert section(spirit, SIDE) == [1, 0]
    assert section(spirit, IN_PLAY) == one_hot(0, 64)
    assert section(spirit, PILE_SIZES) == [0, 0]
    assert section(spirit, DECK_SIZE) == [pytest.approx(63 / 64)]
    assert sum(spirit) == pytest.approx(2 + 1 + 1 + 1 + 1 + 1 + 3 + 1 + 1 + 1 + 1 + 1 + 63 / 64)
    dreamer = tensor_of(state, 0)
    assert section(dreamer, SEAT) == one_hot(0, 4)
    assert section(dreamer, IS_DREAMER) == [1] and section(dreamer, SEES_CARDS) == [0]
    assert section(dreamer, ROLE) == [0, 0, 0]
    for hidden in (WORD, SIDE, IN_PLAY, PILE_SIZES):
        assert section(dreamer, hidden) == [0] * hidden[1]
    # A spectator knows what the Dreamer knows, and is no seat.
    spectator = tensor_of(state, None)
    assert section(spectator, SEAT) == [0] * 4 and section(spectator, IS_DREAMER) == [0]
    assert spectator[IN_PLAY[0]:] == dreamer[IN_PLAY[0]:]


def test_spec_clues_guesses_and_piles_in_the_tensor() -> None:
    state = play(default_table(), GiveClue(1, "red"), GiveClue(2, "moon"), Guess(0, "CHERRY"))
    # Card 0 went to the Fairy pile and the next card is in play; seat 3's clue was due,
    # so seat 1 gives the next one.
    spirit, dreamer = tensor_of(state, 3), tensor_of(state, 0)
    clue_bound = 64 * (3 * 3 + 1)
    for tensor in (spirit, dreamer):
        assert section(tensor, CLUES) == [pytest.approx(2 / clue_bound)]
        assert section(tensor, CLUE_WORDS) == one_hot(2, 128)   # "moon"; "red" is no word
        assert section(tensor, OTHER_CLUES) == [pytest.approx(1 / clue_bound)]
        assert section(tensor, LAST_CLUE) == one_hot(2, 129)
        assert section(tensor, LAST_CLUE_BY) == one_hot(2, 4)
        assert section(tensor, GUESSES) == [pytest.approx(1 / 64)]
        assert section(tensor, GUESS_WORDS) == one_hot(0, 128)  # as "cherry"
        assert section(tensor, OTHER_GUESSES) == [0]
        assert section(tensor, LAST_GUESS) == one_hot(0, 129)
        assert section(tensor, ACTIVE) == one_hot(1, 4)
        assert section(tensor, CLUE_TURNS) == [0] * 4           # a new card
    assert section(spirit, FAIRY) == one_hot(0, 64)
    assert section(spirit, BOOGEYMAN) == [0] * 64
    assert section(spirit, PILE_SIZES) == [pytest.approx(1 / 64), 0]
    assert section(dreamer, FAIRY) == [0] * 64 and section(dreamer, PILE_SIZES) == [0, 0]
    # A clue that is the word is a penalty card: its face for the Spirits, a count for all.
    card = state.current
    assert card is not None
    word = state.word()
    state = GAME.apply(state, GiveClue(1, word or ""))
    assert state.penalties[1] == (card,)
    assert section(tensor_of(state, 3), PENALTY_CARDS) == one_hot(card, 64)
    assert section(tensor_of(state, 0), PENALTY_CARDS) == [0] * 64
    for seat in range(4):
        assert section(tensor_of(state, seat), PENALTY_COUNTS) == [0, pytest.approx(1 / 64),
                                                                   0, 0]


def test_spec_the_clue_turns_and_time_in_the_tensor() -> None:
    state = play(default_table(), GiveClue(1, "red"), GiveClue(2, "fruit"))
    tensor = tensor_of(state, 1)
    assert section(tensor, CLUE_TURNS) == [0, pytest.approx(1 / 3), pytest.approx(1 / 3), 0]
    assert section(tensor, CLUED) == [0, 1, 1, 0]
    state = GAME.apply(state, TimeUp())
    tensor = tensor_of(state, 1)
    assert section(tensor, TIME_UP) == [1] and section(tensor, TO_ACT) == [1, 1, 0, 0, 0]


def test_spec_the_end_of_a_round_and_of_the_game_in_the_tensor() -> None:
    state = attrs.evolve(default_table(), spirits=(None, 0, 5, 9), leftover=10)
    state = play(state, TimeUp(), Guess(0, "cherry"), Recount(0, ("cherry",)))
    result = state.last_round
    assert result == RoundResult(0, (None, 0, 5, 9), (0,), (), True, (2, 1, 0, 1))
    tensor = tensor_of(state, 2)
    assert section(tensor, ROUND) == one_hot(1, 4) and section(tensor, DREAMER) == one_hot(1, 4)
    assert section(tensor, LAST_ROUND) == [1] and section(tensor, LAST_DREAMER) == one_hot(0, 4)
    assert section(tensor, LAST_ROLES) == [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]
    assert section(tensor, LAST_PILES) == [pytest.approx(1 / 64), 0, 1]
    assert section(tensor, LAST_GAINS) == pytest.approx([2 / 66, 1 / 66, 0, 1 / 66])
    assert section(tensor, POINTS) == pytest.approx([2 / 264, 1 / 264, 0, 1 / 264])
    over = attrs.evolve(GAME.view(state, 1), phase=Over("fewest_penalties", frozenset({0})),
                        to_act=frozenset())
    tensor = list(ENCODING.observation_tensor(over))
    assert section(tensor, PHASE) == one_hot(5, 6) and section(tensor, TO_ACT) == [0] * 5
    assert section(tensor, WINNERS) == one_hot(0, 4) and section(tensor, REASON) == one_hot(1, 4)
    tied = attrs.evolve(GAME.view(state, 1), phase=Tiebreak(frozenset({0, 3})))
    tensor = list(ENCODING.observation_tensor(tied))
    assert section(tensor, PHASE) == one_hot(4, 6) and section(tensor, TIED) == [1, 0, 0, 1]


def test_spec_the_dreamers_tensor_does_not_tell_a_right_guess_from_a_wrong_one() -> None:
    right = play(default_table(), Guess(0, "cherry"))
    wrong = play(default_table(), Guess(0, "castle"))
    assert right.fairy and wrong.boogeyman
    same_guess = attrs.evolve(wrong, guesses=right.guesses)
    assert tensor_of(right, 0) == tensor_of(same_guess, 0)
    assert tensor_of(right, 1) != tensor_of(same_guess, 1)


# -- max_decisions ----------------------------------------------------------------------------


def test_spec_max_decisions_follows_the_players_and_the_deck() -> None:
    for players in range(4, 11):
        assert max_decisions(Config(players=players)) == 400 * players
        assert max_decisions(Config(players=players, language="it")) == 400 * players
    # A short deck: the rules' own bound (every clue turn on every card) is the smaller.
    short = Config(players=4, cards=CARDS)
    assert max_decisions(short) == rules_max_decisions(short) == 4 * (8 * (3 * 3 + 2) + 4) + 1
    many = tuple((f"top{n}", f"bottom{n}") for n in range(65))
    assert max_decisions(Config(players=5, cards=many)) == 2 * 2000
    assert max_decisions(Config(players=5, cards=many[:64] * 2)) == 2 * 2000
    assert max_decisions(Config(players=5, cards=(many * 3)[:129])) == 3 * 2000
