"""When I Dream: one test per rule clause, named after the rulebook section it checks
(Preparation, 1. Start of the round, 2. The dream, 3. Narration, 4. Scoring, 5. End of
the round, End of the game, Rules for definitions, the expert variant), or the spec
clause (``spec_...``) that decides what the rulebook leaves open."""

from __future__ import annotations

import copy
import random
from collections import Counter

import attrs
import pytest

import partyrules
from partyrules import TABLE, IllegalAction, InvalidConfig
from partyrules.bots import GreedyBot
from partyrules.core import testing
from partyrules.core.match import PeekingRandomPlayer
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
from partyrules.games.when_i_dream.cards import (
    DEFAULT_DECKS,
    ROLE_TABLE,
    clue_breach,
    role_of,
    spirits_for,
    stem,
)
from partyrules.games.when_i_dream.play import heuristic, playout_action, search_actions
from partyrules.games.when_i_dream.rules import sandman_points
from partyrules.games.when_i_dream.state import (
    Config,
    Dreaming,
    Judging,
    JudgingRecount,
    Over,
    Recounting,
    State,
    Tiebreak,
)

GAME = partyrules.get_game("when_i_dream")
CARDS = (("cherry", "castle"), ("sun", "pirate"), ("moon", "apple"), ("horse", "train"),
         ("river", "bread"), ("tiger", "chair"), ("cloud", "spoon"), ("ship", "lamp"))


def table(players: int = 4, **options: object) -> State:
    """Round 1 with the Dream deck in CARDS order: "cherry" (card 0) in play."""
    config = Config(players=players, cards=CARDS, **options)  # type: ignore[arg-type]
    state = GAME.setup(config, 3)
    return attrs.evolve(state, current=0, deck=tuple(range(1, len(CARDS))))


def one_card(word: str, **options: object) -> State:
    """Round 1 of 4 players with ``word`` the top word of the card in play (card 0)."""
    config = Config(players=4, cards=((word, "castle"), *CARDS[1:]),  # type: ignore[arg-type]
                    **options)
    return attrs.evolve(GAME.setup(config, 3), current=0, deck=tuple(range(1, len(CARDS))))


def play(state: State, *actions: object) -> State:
    for action in actions:
        state = GAME.apply(state, action)
    return state


def assert_refused(state: State, action: object, *words: str) -> None:
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, action)
    assert state == before
    for word in words:
        assert word in str(caught.value)


def end_round(state: State, words: tuple[str, ...] = ()) -> State:
    state = play(state, TimeUp())
    if isinstance(state.phase, Dreaming):
        state = play(state, DeclineGuess(state.dreamer))
    return play(state, Recount(state.dreamer, words))


# -- Preparation and 1. Start of the round -------------------------------------------------


# The spec's table, written out: players -> (Fairies, Boogeymen, Sandmen).
SPEC_ROLE_TABLE = {4: (1, 1, 2), 5: (2, 1, 2), 6: (3, 2, 1), 7: (3, 2, 2), 8: (4, 3, 1),
                   9: (4, 3, 2), 10: (5, 4, 1)}


@pytest.mark.parametrize(("players", "fairies", "boogeymen", "sandmen"),
                         [(players, *roles) for players, roles in SPEC_ROLE_TABLE.items()])
def test_preparation_3_the_role_table(players: int, fairies: int, boogeymen: int,
                                      sandmen: int) -> None:
    assert ROLE_TABLE[players] == (fairies, boogeymen, sandmen)
    for seed in range(3):
        state = GAME.setup(Config(players=players), seed)
        dealt = (*state.spirits, state.leftover)
        roles = Counter(role_of(s) for s in dealt if s is not None)
        assert roles == {"fairy": fairies, "boogeyman": boogeymen, "sandman": sandmen}
        assert len([s for s in dealt if s is not None]) == players  # one per player


def test_components_11_spirit_cards_5_fairies_4_boogeymen_2_sandmen() -> None:
    roles = Counter(role_of(card) for card in range(11))
    assert roles == {"fairy": 5, "boogeyman": 4, "sandman": 2}
    assert set(spirits_for(10)) <= set(range(11))


@pytest.mark.parametrize("language", ["en", "it"])
def test_components_64_dream_cards_of_two_words(language: str) -> None:
    config = Config(players=4, language=language)  # type: ignore[arg-type]
    deck = config.dreams()
    assert len(deck) == 64 and deck == DEFAULT_DECKS[language]
    words = [word for card in deck for word in card]
    assert len(set(words)) == 128
    assert all(word.isalpha() and word == word.lower() for word in words)
    stems = {stem(language, word) for word in words}
    assert len(stems) == 128  # no card word is a form of another
    state = GAME.setup(config, 7)
    assert len(state.deck) + 1 == 64 and {state.current, *state.deck} == set(range(64))


def test_components_dream_points_are_an_unlimited_supply() -> None:
    # 94 Dream points in the box; the engine counts past them.
    state = attrs.evolve(table(), points=(40, 30, 20, 4))
    state = end_round(play(state, Guess(0, "cherry"), Guess(0, "sun"), Guess(0, "moon")))
    assert sum(state.points) > 94 and state.points[0] == 40 + 3


def test_preparation_2_the_score_cards_start_empty_and_points_at_zero() -> None:
    state = GAME.setup(Config(players=5), 2)
    assert state.fairy == state.boogeyman == () and state.points == (0,) * 5
    assert state.penalties == ((),) * 5 and state.box == ()
    assert GAME.view(state, 1).pile_sizes == (0, 0)


def test_preparation_1_the_dream_deck_is_shuffled_with_the_seed() -> None:
    orders = {(GAME.setup(Config(players=4), seed).current, *GAME.setup(
        Config(players=4), seed).deck) for seed in range(6)}
    assert len(orders) == 6  # six seeds, six orders
    assert tuple(range(64)) not in orders
    again = GAME.setup(Config(players=4), 3)
    assert (again.current, *again.deck) in orders
    assert again == GAME.setup(Config(players=4), 3)  # the same seed, the same order


def test_1_the_dreamer_shuffles_the_spirit_cards_every_round() -> None:
    deals = set()
    for seed in range(12):
        state = GAME.setup(Config(players=6), seed)
        deals.add((*state.spirits, state.leftover))
        assert GAME.setup(Config(players=6), seed).spirits == state.spirits  # seeded
    assert len(deals) > 6  # the deal follows the seed
    state, rounds = GAME.setup(Config(players=6), 1), set()
    for _ in range(6):
        # The deal clockwise from the Dreamer's left, then the left-over card.
        rounds.add((*(state.spirits[(state.dreamer + k) % 6] for k in range(1, 6)),
                    state.leftover))
        state = end_round(state)
    assert len(rounds) > 1  # shuffled again each round, not dealt once


def test_1_every_player_but_the_dreamer_gets_a_spirit_and_one_stays_face_down() -> None:
    state = GAME.setup(Config(players=6, first_dreamer=2), 4)
    assert state.dreamer == 2 and state.spirits[2] is None
    assert all(state.spirits[s] is not None for s in range(6) if s != 2)
    seen = {GAME.view(state, seat).spirit for seat in range(6)} | {
        GAME.view(state, None).spirit}
    assert state.leftover not in seen  # nobody sees the left-over card


def test_1_the_first_card_is_revealed_to_everyone_but_the_dreamer() -> None:
    state = table()
    assert GAME.view(state, 1).word == "cherry" and GAME.view(state, 1).side == "top"
    assert GAME.view(state, 0).word is None and GAME.view(state, 0).current is None
    assert GAME.view(state, None).word is None


def test_1_the_clue_giver_on_the_dreamers_left_starts() -> None:
    state = GAME.setup(Config(players=5, first_dreamer=3), 2)
    assert isinstance(state.phase, Dreaming) and state.phase.active == 4
    assert GAME.to_act(state) == {4, 3, TABLE} and not GAME.is_simultaneous(state)


@pytest.mark.parametrize("bad", [{"players": 3}, {"players": 11}, {"players": 4, "side": "left"},
                                 {"players": 4, "judge": "me"}, {"players": 4, "cards": ()},
                                 {"players": 4, "cards": (("one",),)},
                                 {"players": 4, "first_dreamer": 4},
                                 {"players": 4, "check_clues": True},
                                 {"players": 4, "check_clues": "fuzzy"},
                                 {"players": 4, "language": "fr"},
                                 {"players": 4, "language": None}])
def test_spec_config_is_validated(bad: dict[str, object]) -> None:
    with pytest.raises(InvalidConfig):
        Config(**bad)  # type: ignore[arg-type]


# -- 2. The dream ---------------------------------------------------------------------------


def test_2_clues_go_clockwise_skipping_the_dreamer_and_carry_across_cards() -> None:
    state = table(players=4)  # the Dreamer is seat 0
    state = play(state, GiveClue(1, "red"), GiveClue(2, "fruit"), GiveClue(3, "tree"))
    assert isinstance(state.phase, Dreaming) and state.phase.active == 1
    state = play(state, GiveClue(1, "pie"), Guess(0, "plum"))  # a new card
    assert isinstance(state.phase, Dreaming) and state.phase.active == 3  # no reset
    assert state.clues[-1] == (1, "pie")


def test_2_the_dreamer_may_guess_at_any_moment() -> None:
    state = play(table(), Guess(0, "Cherry"))
    assert [card for card, _ in state.fairy] == [0] and state.current == 1
    assert state.guesses == ("Cherry",)


def test_2_a_wrong_guess_goes_under_the_boogeyman_card() -> None:
    state = play(table(), Guess(0, "strawberry"))
    assert [card for card, _ in state.boogeyman] == [0] and state.fairy == ()


def test_2_the_dreamer_never_learns_if_a_guess_was_right() -> None:
    right = play(table(), Guess(0, "cherry"))
    wrong = play(table(), Guess(0, "plum"))
    assert GAME.view(right, 0).pile_sizes is None and GAME.view(right, 0).fairy == ()
    assert GAME.view(right, 1).pile_sizes == (1, 0) and GAME.view(wrong, 1).pile_sizes == (0, 1)
    assert "right" not in GAME.describe_action(table(), Guess(0, "cherry"), 0)
    assert "right" in GAME.describe_action(table(), Guess(0, "cherry"), 1)


def test_2_with_six_or_fewer_players_three_clues_each_then_the_dreamer_must_guess() -> None:
    state = table(players=4)
    for _ in range(3):
        state = play(state, GiveClue(1, "red"), GiveClue(2, "red"))
        if _ < 2:
            state = play(state, GiveClue(3, "red"))
    assert GAME.to_act(state) == {3, 0, TABLE}
    state = play(state, GiveClue(3, "red"))
    assert GAME.to_act(state) == {0, TABLE}  # time stops: the Dreamer guesses
    assert_refused(state, TimeUp(), "guess")
    assert all(isinstance(a, Guess) for a in GAME.legal_actions(state, 0))
    assert all(isinstance(a, RuleBreach) for a in GAME.legal_actions(state, TABLE))
    state = play(state, Guess(0, "cherry"))
    assert isinstance(state.phase, Dreaming) and state.phase.clue_turns == (0, 0, 0, 0)


@pytest.mark.parametrize(("players", "cap"), [(4, 3), (5, 3), (6, 3), (7, 2), (8, 2), (10, 2)])
def test_2_three_clues_each_with_6_or_fewer_players_two_with_7_or_more(players: int,
                                                                     cap: int) -> None:
    state = table(players=players)
    for _ in range(cap):
        for seat in range(1, players):
            assert TimeUp() in set(GAME.legal_actions(state, TABLE))  # time still runs
            state = play(state, GiveClue(seat, "red"))
    assert isinstance(state.phase, Dreaming)
    assert state.phase.clue_turns == (0, *(cap,) * (players - 1))
    assert TimeUp() not in set(GAME.legal_actions(state, TABLE))  # time stops
    assert_refused(state, GiveClue(1, "red"), "must guess")
    assert_refused(state, TimeUp(), "must guess")


def test_2_at_the_clue_cap_the_table_may_still_rule_a_breach_on_the_card() -> None:
    state = table(players=7)
    for _ in range(2):
        for seat in range(1, 7):
            state = play(state, GiveClue(seat, "red"))
    assert GAME.to_act(state) == {0, TABLE}
    assert set(GAME.legal_actions(state, TABLE)) == {RuleBreach(TABLE, s) for s in range(1, 7)}
    state = play(state, RuleBreach(TABLE, 6))  # the clue that reached the cap
    assert state.penalties[6] == (0,) and state.current == 1  # a new card, time runs again
    assert isinstance(state.phase, Dreaming) and state.phase.clue_turns == (0,) * 7
    assert not state.phase.time_up and GAME.to_act(state) == {1, 0, TABLE}


def test_2_after_time_up_the_table_may_still_rule_a_breach_on_the_card_in_play() -> None:
    state = play(table(), GiveClue(1, "kirsche"), TimeUp())
    assert GAME.to_act(state) == {0, TABLE}
    assert list(GAME.legal_actions(state, TABLE)) == [RuleBreach(TABLE, 1)]
    ruled = play(state, RuleBreach(TABLE, 1))
    assert ruled.penalties[1] == (0,) and ruled.current is None
    assert isinstance(ruled.phase, Recounting)  # time is up: no new card is revealed
    for settled in (play(state, Guess(0, "cherry")), play(state, DeclineGuess(0))):
        assert_refused(settled, RuleBreach(TABLE, 1))  # the card is no longer in play
    assert_refused(play(table(), TimeUp()), RuleBreach(TABLE, 1), "no clue")


@pytest.mark.parametrize("text", ["", "   ", "\t\n"])
def test_2_an_empty_or_blank_guess_is_refused(text: str) -> None:
    assert_refused(table(), Guess(0, text), "empty")
    assert_refused(play(table(), TimeUp()), Guess(0, text), "empty")
    assert all(action.word.strip() for action in GAME.legal_actions(table(), 0)
               if isinstance(action, Guess))


def test_2_the_dreamer_knows_when_the_dream_card_changes() -> None:
    state = table()
    breach = GiveClue(1, "cherries")
    # The line tells the Dreamer only the clue (which words are forms of the card's word
    # is the word's secret); the next view shows the penalty card, and the new card.
    assert GAME.describe_action(state, breach, 0) == "Seat 1 says \u201ccherries\u201d"
    assert GAME.view(play(state, breach), 0).penalty_counts == (0, 1, 0, 0)
    assert "penalty card" in GAME.describe_action(state, GiveClue(1, "red fruit"), 0)
    spoken = play(state, GiveClue(1, "red"))
    assert "penalty card" in GAME.describe_action(spoken, RuleBreach(TABLE, 1), 0)
    assert GAME.view(play(spoken, RuleBreach(TABLE, 1)), 0).penalty_counts == (0, 1, 0, 0)


def test_2_time_up_lets_the_dreamer_guess_the_card_in_play_once_more() -> None:
    state = play(table(), TimeUp())
    assert GAME.to_act(state) == {0}
    assert DeclineGuess(0) in set(GAME.legal_actions(state, 0))
    guessed = play(state, Guess(0, "cherry"))
    assert isinstance(guessed.phase, Recounting) and len(guessed.fairy) == 1
    declined = play(state, DeclineGuess(0))
    assert isinstance(declined.phase, Recounting) and 0 in declined.box
    assert declined.fairy == declined.boogeyman == ()
    assert_refused(play(table(), GiveClue(1, "red")), DeclineGuess(0), "time")


def test_spec_the_table_judges_guesses_when_asked() -> None:
    state = play(table(judge="table"), Guess(0, "cherries"))
    assert isinstance(state.phase, Judging) and GAME.to_act(state) == {TABLE}
    assert "right" not in GAME.describe_action(state, JudgeGuess(TABLE, True), 0)
    assert "right" in GAME.describe_action(state, JudgeGuess(TABLE, True), 1)
    state = play(state, JudgeGuess(TABLE, True))
    assert [card for card, _ in state.fairy] == [0]


def test_spec_an_empty_deck_is_refilled_from_the_box_or_ends_the_dream() -> None:
    state = attrs.evolve(table(), deck=(), box=(5, 6))
    state = play(state, Guess(0, "cherry"))
    assert state.current in (5, 6) and len(state.deck) == 1 and state.box == ()
    empty = play(attrs.evolve(table(), deck=(), box=()), Guess(0, "cherry"))
    assert isinstance(empty.phase, Recounting) and empty.current is None


# -- Rules for definitions ---------------------------------------------------------------------


@pytest.mark.parametrize("clue", ["cherry pie", "r2d2", "!!", "cherries", "CHÉRRY", "ice-cream"])
def test_rules_for_definitions_a_breach_is_a_penalty_card(clue: str) -> None:
    state = play(table(), GiveClue(1, clue))
    assert state.penalties[1] == (0,) and state.current == 1  # a new card
    assert isinstance(state.phase, Dreaming) and state.phase.active == 2
    assert GAME.view(state, 0).penalty_counts == (0, 1, 0, 0)
    assert GAME.view(state, 0).penalty_cards == ()  # the Dreamer never sees the word


def test_rules_for_definitions_the_word_itself_is_a_breach_however_short() -> None:
    short = Config(players=4, cards=(("ox", "ax"), *CARDS[1:]))
    state = attrs.evolve(GAME.setup(short, 1), current=0, deck=tuple(range(1, 8)))
    assert play(state, GiveClue(1, "OX")).penalties[1] == (0,)


def test_spec_a_table_ruling_listed_first_raises_no_objection() -> None:
    judged = play(table(judge="table"), Guess(0, "Cherry"))
    assert next(GAME.legal_actions(judged, TABLE)) == JudgeGuess(TABLE, True)
    wrong = play(table(judge="table"), Guess(0, "plum"))
    assert next(GAME.legal_actions(wrong, TABLE)) == JudgeGuess(TABLE, False)


def test_spec_determinize_hides_the_verdicts_from_the_dreamer() -> None:
    state = play(table(side="expert"), Guess(0, "cherry"), Guess(0, "x"), Guess(0, "y"))
    splits, sides = set(), set()
    rng = random.Random(5)
    for _ in range(60):
        sampled = GAME.determinize(state, 0, rng)
        assert GAME.view(sampled, 0) == GAME.view(state, 0)
        splits.add(len(sampled.fairy))
        sides.add(sampled.side)
    assert splits == {0, 1, 2, 3} and sides == {"top", "bottom"}


def top_sides_follow_the_verdicts(state: State) -> bool:
    """Expert variant: the first guess of the round is on the top word, each next one on
    the top word after a right guess and the bottom word after a wrong one, and so is the
    card in play; so the piles hold one top side more than the right guesses before the
    last, whose verdict the side in play shows."""
    sides = [side for _, side in state.fairy + state.boogeyman]
    last_right = state.side == "top"
    return sides.count("top") == 1 + len(state.fairy) - last_right


def test_spec_determinize_draws_the_sides_of_the_piles_from_the_drawn_verdicts() -> None:
    # Keeping the real sides would tell the Dreamer how many guesses were right.
    state = play(table(side="expert"), Guess(0, "cherry"), Guess(0, "x"), Guess(0, "y"))
    assert top_sides_follow_the_verdicts(state)
    rng = random.Random(8)
    for _ in range(40):
        sampled = GAME.determinize(state, 0, rng)
        GAME.validate(sampled)
        assert top_sides_follow_the_verdicts(sampled)


def test_spec_determinize_deals_from_the_view_alone() -> None:
    # Two states the Dreamer cannot tell apart (other verdicts, another card in play,
    # another deck order) give the same deal for the same rng: nothing hidden shapes it.
    state = play(table(), Guess(0, "cherry"), Guess(0, "x"))
    other = GAME.determinize(state, 0, random.Random(1))
    assert (other.current, other.fairy, other.deck) != (state.current, state.fairy,
                                                        state.deck)
    for seed in range(10):
        assert GAME.determinize(state, 0, random.Random(seed)) == \
            GAME.determinize(other, 0, random.Random(seed))
    spirit = GAME.determinize(state, 1, random.Random(2))  # another deck order, spirits
    assert GAME.determinize(spirit, 1, random.Random(3)) == \
        GAME.determinize(state, 1, random.Random(3))


@pytest.mark.parametrize(("word", "clue", "language"), [
    ("knight", "knights", "en"), ("cherry", "cherries", "en"), ("horse", "HORSES", "en"),
    ("apple", "Apples", "en"), ("cherry", "CHÉRRY", "en"), ("mangiare", "mangio", "it"),
    ("gatto", "gatti", "it"), ("ciliegia", "ciliegie", "it"), ("città", "citta", "it"),
])
def test_rules_for_definitions_no_form_of_the_word_the_same_stem(word: str, clue: str,
                                                                  language: str) -> None:
    assert clue_breach(clue, word, language) == "a form of the word on the card"
    state = play(one_card(word, language=language), GiveClue(1, clue))
    assert state.penalties[1] == (0,) and state.current == 1


@pytest.mark.parametrize(("word", "clue"), [
    ("knight", "night"), ("elephant", "ant"), ("snowman", "snow"), ("cherry", "cherrytree"),
    ("sun", "sunflower"), ("island", "land"), ("cherry", "her"), ("cherry", "strawberry"),
])
def test_rules_for_definitions_a_clue_that_merely_contains_the_word_is_for_the_table(
        word: str, clue: str) -> None:
    assert clue_breach(clue, word, "en") is None
    state = play(one_card(word), GiveClue(1, clue))
    assert state.penalties[1] == () and state.current == 0 and state.clues == ((1, clue),)
    ruled = play(state, RuleBreach(TABLE, 1))  # the table judges "una parte" of the word
    assert ruled.penalties[1] == (0,)


@pytest.mark.parametrize(("word", "clue"), [
    ("knight", "night"), ("elephant", "ant"), ("snowman", "snow"), ("cherry", "cherrytree"),
    ("sun", "sunflower"), ("island", "land"), ("cherry", "her"), ("ice cream", "creamy"),
    ("ice cream", "dice"), ("città", "CITTADINO"),
])
def test_rules_for_definitions_a_strict_check_flags_a_part_of_the_word(word: str,
                                                                       clue: str) -> None:
    # "nessuna forma o parte": with nobody at the table to object, check_clues="strict"
    # flags what the default leaves to the table's ruling.
    assert clue_breach(clue, word, "en") is None
    assert clue_breach(clue, word, "en", "strict") == "a part of the word on the card"
    state = play(one_card(word, check_clues="strict"), GiveClue(1, clue))
    assert state.penalties[1] == (0,) and state.current == 1
    assert GAME.view(state, 0).penalty_cards == ()  # the Dreamer never sees the word


@pytest.mark.parametrize(("word", "clue"), [
    ("elephant", "an"), ("cherry", "he"), ("ox", "box"), ("sun", "moon"),
    ("cherry", "strawberry"), ("knight", "castle"),
])
def test_rules_for_definitions_a_strict_check_leaves_parts_under_three_letters(
        word: str, clue: str) -> None:
    # Two letters lie inside too many words to be a part of this one.
    assert clue_breach(clue, word, "en", "strict") is None
    state = play(one_card(word, check_clues="strict"), GiveClue(1, clue))
    assert state.penalties[1] == () and state.clues == ((1, clue),)


def test_rules_for_definitions_a_strict_check_keeps_the_stem_check() -> None:
    for clue in ("knights", "Knight", "two words", "r2d2"):
        assert play(one_card("knight", check_clues="strict"),
                    GiveClue(1, clue)).penalties[1] == (0,)
    # Its false positives: a clue that merely shares letters with the word.
    assert clue_breach("arte", "carte", "it", "strict") == "a part of the word on the card"
    assert clue_breach("hear", "heart", "en", "strict") == "a part of the word on the card"


def test_rules_for_definitions_the_stem_is_the_decks_language() -> None:
    italian = play(one_card("mangiare", language="it"), GiveClue(1, "mangio"))
    english = play(one_card("mangiare", language="en"), GiveClue(1, "mangio"))
    assert italian.penalties[1] == (0,) and english.penalties[1] == ()
    assert Config(players=4).language == "en"
    assert Config(players=4, language="it").dreams() == DEFAULT_DECKS["it"]


@pytest.mark.parametrize("text", ["", "   ", "\t\n"])
def test_rules_for_definitions_an_empty_or_blank_clue_is_refused(text: str) -> None:
    assert_refused(table(), GiveClue(1, text), "empty")
    assert all(action.word.strip() for action in GAME.legal_actions(table(), 1)
               if isinstance(action, GiveClue))


def test_rules_for_definitions_the_table_rules_on_what_the_engine_cannot_see() -> None:
    state = play(table(), GiveClue(1, "kirsche"), RuleBreach(TABLE, 1))
    assert state.penalties[1] == (0,)
    assert_refused(state, RuleBreach(TABLE, 0), "clue-giver")
    assert_refused(play(state, GiveClue(2, "red")), RuleBreach(2, 2), "table")


def test_rules_for_definitions_the_offender_gave_a_clue_on_the_card_in_play() -> None:
    state = table()
    assert_refused(state, RuleBreach(TABLE, 1), "no clue")  # nobody has spoken yet
    assert not any(isinstance(a, RuleBreach) for a in GAME.legal_actions(state, TABLE))
    state = play(state, GiveClue(1, "red"), GiveClue(2, "fruit"))
    assert [a for a in GAME.legal_actions(state, TABLE) if isinstance(a, RuleBreach)] == [
        RuleBreach(TABLE, 1), RuleBreach(TABLE, 2)]
    assert_refused(state, RuleBreach(TABLE, 3), "no clue")
    state = play(state, Guess(0, "plum"))  # a new card: the clues on the old one are done
    assert_refused(state, RuleBreach(TABLE, 1), "no clue")


def test_spec_check_clues_stem_exact_or_off() -> None:
    assert Config(players=4).check_clues == "stem"
    exact = one_card("knight", check_clues="exact")
    assert play(exact, GiveClue(1, "knights")).penalties[1] == ()
    assert play(exact, GiveClue(1, "Knight")).penalties[1] == (0,)
    assert play(exact, GiveClue(1, "two words")).penalties[1] == (0,)  # still one word
    off = one_card("knight", check_clues="off")
    for clue in ("knight", "knights", "cherry pie", "r2d2"):
        assert play(off, GiveClue(1, clue)).penalties[1] == ()


def test_optional_rule_five_seconds_and_the_next_player_gives_the_clue() -> None:
    assert_refused(table(), SkipClue(), "5-second")
    state = play(table(clue_time_limit=True), SkipClue())
    assert isinstance(state.phase, Dreaming) and state.phase.active == 2
    assert state.phase.clue_turns[1] == 1


# -- 3. Narration ------------------------------------------------------------------------------


def test_3_naming_every_fairy_card_scores_one_dream_point() -> None:
    state = play(table(), Guess(0, "cherry"), Guess(0, "sun"), Guess(0, "rock"))
    full = end_round(state, ("sun", "Cherry", "rock"))
    assert full.last_round is not None and full.last_round.bonus
    assert full.points[0] == 2 + 1
    missing = end_round(state, ("sun", "rock"))
    assert missing.last_round is not None and not missing.last_round.bonus
    assert missing.points[0] == 2


def test_3_no_bonus_without_fairy_cards() -> None:
    state = end_round(play(table(), Guess(0, "rock")), ("rock",))
    assert state.last_round is not None and not state.last_round.bonus


def test_3_the_narration_names_at_most_one_piece_per_guess() -> None:
    state = play(table(), Guess(0, "cherry"), TimeUp(), DeclineGuess(0))
    assert_refused(state, Recount(0, ("cherry", "sun")), "at most")
    assert set(GAME.legal_actions(state, 0)) == {Recount(0, ()), Recount(0, ("cherry",))}


def test_3_the_dreamer_takes_off_the_mask_after_the_narration() -> None:
    state = play(table(), Guess(0, "cherry"), Guess(0, "plum"))
    assert GAME.view(state, 0).fairy == () and GAME.view(state, 0).pile_sizes is None
    state = end_round(state, ("cherry",))
    seen = GAME.view(state, 0).last_round  # the round's piles, now in the open
    assert seen is not None and seen.fairy == (0,) and seen.boogeyman == (1,)


def test_spec_the_table_judges_the_narration_when_asked() -> None:
    state = play(table(judge="table"), Guess(0, "x"), JudgeGuess(TABLE, True), TimeUp(),
                 DeclineGuess(0), Recount(0, ("x",)))
    assert isinstance(state.phase, JudgingRecount)
    state = play(state, JudgeRecount(TABLE, True))
    assert state.last_round is not None and state.last_round.bonus


# -- 4. Scoring and 5. End of the round -----------------------------------------------------------


def test_4_dreamer_and_fairies_score_the_fairy_pile_boogeymen_theirs() -> None:
    state = table(players=5)  # 2 Fairies, 1 Boogeyman, 2 Sandmen; 1 card left over
    state = play(state, Guess(0, "cherry"), Guess(0, "sun"), Guess(0, "x"))
    state = end_round(state)
    result = state.last_round
    assert result is not None and (len(result.fairy), len(result.boogeyman)) == (2, 1)
    for seat, spirit in enumerate(result.spirits):
        role = "dreamer" if spirit is None else role_of(spirit)
        expected = {"dreamer": 2, "fairy": 2, "boogeyman": 1, "sandman": 2}[role]
        assert result.gains[seat] == expected


@pytest.mark.parametrize(("fairy", "boogeyman", "points"),
                         [(3, 3, 8), (0, 0, 2), (4, 3, 4), (2, 3, 3), (5, 2, 2), (0, 4, 0)])
def test_4_sandmen_score_by_the_difference_of_the_piles(fairy: int, boogeyman: int,
                                                        points: int) -> None:
    assert sandman_points(fairy, boogeyman) == points


def test_4_spirits_are_revealed_with_the_score() -> None:
    state = end_round(table())
    assert state.last_round is not None
    assert state.last_round.spirits[1:] == table().spirits[1:]


def test_5_the_piles_go_to_the_box_and_the_next_dreamer_is_on_the_left() -> None:
    state = end_round(play(table(), Guess(0, "cherry"), Guess(0, "x")))
    assert {0, 1} <= set(state.box) and state.fairy == state.boogeyman == ()
    assert state.dreamer == 1 and state.round == 2 and state.spirits[1] is None
    assert isinstance(state.phase, Dreaming) and state.phase.active == 2


# -- End of the game -----------------------------------------------------------------------------


def test_end_after_everyone_dreamt_once_points_minus_penalty_cards() -> None:
    state = table(players=4)
    state = play(state, GiveClue(1, "cherry"))  # a penalty for seat 1
    for _ in range(4):
        state = end_round(state)
    assert GAME.is_terminal(state)
    result = GAME.outcome(state)
    assert result.scores is not None and result.scores[1] == state.points[1] - 1


# Spirits fixed for the last round: seat 0 dreams, seats 1 and 2 are the Sandmen, seat 3
# a Fairy, the Boogeyman left over. With nothing guessed, only the Sandmen gain (2 each).
LAST_ROUND = {"round": 4, "spirits": (None, 9, 10, 0), "leftover": 5}


def test_end_a_tie_goes_to_the_fewest_penalty_cards() -> None:
    state = attrs.evolve(table(), points=(0, 4, 3, 0), penalties=((), (7,), (), ()),
                         deck=tuple(range(1, 7)), **LAST_ROUND)
    state = end_round(state)
    result = GAME.outcome(state)
    assert result.scores == (0, 4 + 2 - 1, 3 + 2, 0)  # seats 1 and 2 tie at 5
    assert result.reason == "fewest_penalties" and result.winners == {2}


def test_end_still_tied_the_table_names_the_best_dream_teller() -> None:
    state = end_round(attrs.evolve(table(), points=(3, 3, 3, 3), **LAST_ROUND))
    assert isinstance(state.phase, Tiebreak) and state.phase.tied == {1, 2}
    assert GAME.to_act(state) == {TABLE}
    assert list(GAME.legal_actions(state, TABLE)) == [
        NoBestDream(), BestDream(TABLE, 1), BestDream(TABLE, 2)]
    best = play(state, BestDream(TABLE, 2))
    assert GAME.outcome(best).winners == {2} and GAME.outcome(best).reason == "best_dream"
    assert_refused(state, BestDream(TABLE, 0), "tied")


def test_spec_with_no_best_dream_named_the_tied_share_the_win() -> None:
    state = end_round(attrs.evolve(table(), points=(3, 3, 3, 3), **LAST_ROUND))
    shared = play(state, NoBestDream())
    assert GAME.outcome(shared).winners == {1, 2} and GAME.outcome(shared).reason == "shared"


def test_end_the_highest_total_wins() -> None:
    state = end_round(attrs.evolve(table(), points=(9, 3, 3, 3), **LAST_ROUND))
    assert isinstance(state.phase, Over) and GAME.outcome(state).winners == {0}
    assert GAME.outcome(state).reason == "highest_score"


def test_preparation_4_a_whole_game_on_the_bottom_word() -> None:
    state = table(side="bottom")
    dreams = state.config.dreams()
    for round_number in range(1, 5):
        assert state.round == round_number and state.current is not None
        bottom = dreams[state.current][1]
        assert state.word() == bottom and GAME.view(state, state.dreamer + 1 if
                                                    state.dreamer < 3 else 0).word == bottom
        state = play(state, Guess(state.dreamer, bottom))  # right
        assert state.current is not None
        state = play(state, Guess(state.dreamer, dreams[state.current][0]))  # the top: wrong
        assert (len(state.fairy), len(state.boogeyman)) == (1, 1)
        assert {side for _, side in state.fairy + state.boogeyman} == {"bottom"}
        dreamer = state.dreamer
        state = end_round(state, (bottom,))
        assert state.last_round is not None and state.last_round.bonus
        assert state.last_round.gains[dreamer] == 1 + 1  # the right guess and the bonus
    assert GAME.is_terminal(state)


# -- Expert variant ----------------------------------------------------------------------------


def test_expert_top_first_then_top_after_a_right_guess_bottom_after_a_wrong_one() -> None:
    state = table(side="expert")
    assert state.side == "top" and GAME.view(state, 1).side == "top"
    state = play(state, Guess(0, "cherry"))  # right: the next card uses its top word
    assert state.side == "top" and state.word() == "sun"
    state = play(state, Guess(0, "moon"))  # wrong: the next card uses its bottom word
    assert state.side == "bottom" and state.word() == "apple"
    assert GAME.view(state, 0).side is None  # the Dreamer cannot infer the verdict
    state = play(state, GiveClue(3, "apples"))  # a penalty keeps the side
    assert state.side == "bottom" and state.word() == "train"


def test_expert_every_round_starts_on_the_top_word() -> None:
    state = play(table(side="expert"), Guess(0, "wrong"))
    assert state.side == "bottom"
    state = end_round(state)  # round 2: the first card is found by its top word again
    assert state.round == 2 and state.side == "top"
    assert GAME.view(state, 2).side == "top" and state.current is not None
    assert state.word() == state.config.dreams()[state.current][0]


# -- the rule of thumb: the greedy bot and search bots' playouts ------------------------------


def drawn(state: State, seat: int, draws: int = 200) -> Counter[object]:
    """What ``playout_action`` plays for ``seat``, over ``draws`` rng seeds."""
    return Counter(playout_action(state, seat, random.Random(seed)) for seed in range(draws))


def test_spec_rule_of_thumb_the_dreamer_names_top_words_it_has_not_named() -> None:
    state = play(table(), Guess(0, "sun"), Guess(0, "moon"))
    named = {action.word for action in drawn(state, 0)}  # type: ignore[attr-defined]
    assert named == {top for top, _ in CARDS} - {"sun", "moon"}


def test_spec_rule_of_thumb_the_last_rounds_cards_are_not_in_play_until_the_box_refills(
        ) -> None:
    state = end_round(play(table(), Guess(0, "cherry"), Guess(0, "plum")))
    assert state.round == 2 and state.dreamer == 1
    assert state.last_round is not None and state.last_round.fairy == (0,)
    assert state.last_round.boogeyman == (1,)  # "sun" was in play when "plum" was named
    named = {action.word for action in drawn(state, 1)}  # type: ignore[attr-defined]
    assert named == {top for top, _ in CARDS} - {"cherry", "sun"}
    refilled = attrs.evolve(state, deck=(*state.deck, *state.box), box=())
    named = {action.word for action in drawn(refilled, 1)}  # type: ignore[attr-defined]
    assert named == {top for top, _ in CARDS}  # the box went back into the deck


def test_spec_rule_of_thumb_expert_the_bottom_word_after_a_first_guess() -> None:
    state = table(side="expert")
    assert {action.word for action in drawn(state, 0)} == {  # type: ignore[attr-defined]
        top for top, _ in CARDS}
    state = play(state, Guess(0, "plum"))
    assert {action.word for action in drawn(state, 0)} == {  # type: ignore[attr-defined]
        bottom for _, bottom in CARDS}


def test_spec_rule_of_thumb_decline_once_time_is_up_and_tell_every_guess() -> None:
    state = play(table(), Guess(0, "cherry"), Guess(0, "plum"), TimeUp())
    assert drawn(state, 0) == Counter({DeclineGuess(0): 200})
    state = play(state, DeclineGuess(0))
    assert drawn(state, 0) == Counter({Recount(0, ("cherry", "plum")): 200})
    scored = play(state, Recount(0, ("cherry", "plum")))
    assert scored.last_round is not None and scored.last_round.bonus


def test_spec_rule_of_thumb_a_clue_is_no_form_nor_part_of_the_word() -> None:
    cards = (("knight", "castle"), ("night", "pirate"), ("knights", "apple"),
             ("horse", "train"))
    for check in ("stem", "strict", "exact", "off"):
        config = Config(players=4, cards=cards, check_clues=check)
        state = attrs.evolve(GAME.setup(config, 3), current=0, deck=(1, 2, 3))
        said = {action.word for action in drawn(state, 1)}  # type: ignore[attr-defined]
        assert said == {"castle", "pirate", "apple", "horse", "train"}


def test_spec_rule_of_thumb_greedy_seats_play_whole_games() -> None:
    greedy = GreedyBot(GAME)
    for players, side in ((4, "top"), (5, "bottom"), (7, "expert")):
        config = Config(players=players, side=side)  # type: ignore[arg-type]
        record = partyrules.play_match(GAME, config, [greedy] * players, seed=players,
                                       table=PeekingRandomPlayer(GAME), table_rate=0.1)
        assert record.outcome is not None and record.replay().verify().ok
        named = {a.word for a in record.actions if isinstance(a, Guess)}
        words = {card[0 if side == "top" else 1] for card in config.dreams()}
        assert named and (side == "expert" or named <= words)


# -- what search bots weigh, and how they judge a running game -------------------------------


def test_spec_search_actions_one_guess_one_clue_and_every_guess_told() -> None:
    state = play(table(), Guess(0, "sun"))
    assert list(search_actions(state, 0)) == [Guess(0, "cherry")]  # the first not named
    clue = list(search_actions(state, state.phase.active))  # type: ignore[union-attr]
    assert len(clue) == 1 and isinstance(clue[0], GiveClue)
    assert clue[0].word in {action.word for action in drawn(state, 2)}  # a safe clue
    assert list(search_actions(state, TABLE)) == list(GAME.legal_actions(state, TABLE))
    state = play(state, TimeUp())
    assert list(search_actions(state, 0)) == [Guess(0, "cherry"), DeclineGuess(0)]
    state = play(state, DeclineGuess(0))
    assert list(search_actions(state, 0)) == [Recount(0, ("sun",))]


def test_spec_heuristic_a_chance_that_a_point_for_the_leader_lowers_for_everyone() -> None:
    state = attrs.evolve(table(), spirits=(None, 0, 5, 9), leftover=10)
    start = heuristic(state)  # two empty piles: the Sandman stands on 2 points
    assert start[3] > 0.5 > start[0] == start[1] == start[2]
    ahead = attrs.evolve(state, points=(0, 20, 0, 0))
    further = attrs.evolve(state, points=(0, 21, 0, 0))
    low, high = heuristic(ahead), heuristic(further)
    assert all(0 < value < 1 for value in low) and low[1] > 0.5 > low[0]
    assert high[1] > low[1] and all(high[seat] < low[seat] for seat in (0, 2, 3))
    penalised = attrs.evolve(ahead, penalties=((), (), (3,), ()))
    assert heuristic(penalised)[2] < low[2]  # a penalty card is a point less
    late = attrs.evolve(ahead, round=4, dreamer=3)
    assert heuristic(late)[1] > low[1]  # the same lead with fewer rounds to play
    level = attrs.evolve(state, points=(5, 5, 0, 0))
    assert heuristic(level)[:2] == (0.5, 0.5)  # level at the top: even chances
    dreaming = play(state, Guess(0, "plum"))  # wrong: the Boogeyman's pile as it stands
    assert len(dreaming.boogeyman) == 1 and heuristic(dreaming)[2] > start[2]


# -- views, determinize, bad input --------------------------------------------------------


def test_spec_determinize_for_the_dreamer_hides_the_card_and_the_piles() -> None:
    state = play(table(), Guess(0, "cherry"), GiveClue(2, "sun"))
    assert state.penalties[2] == (1,)
    rng = random.Random(3)
    for seat in range(4):
        sampled = GAME.determinize(state, seat, rng)
        assert GAME.view(sampled, seat) == GAME.view(state, seat)
        GAME.validate(sampled)


@pytest.mark.parametrize("seeds", [1, pytest.param(3, id="ci", marks=pytest.mark.ci)])
@pytest.mark.parametrize("players", [4, 7, 10])
@pytest.mark.parametrize("side", ["top", "expert"])
def test_spec_the_kit_invariants_hold_at_4_7_and_10_players_and_in_the_expert_variant(
        players: int, side: str, seeds: int) -> None:
    config = Config(players=players, side=side)  # type: ignore[arg-type]
    for seed in range(seeds):
        testing.check_all(GAME, testing.play_random(GAME, config, seed))


@pytest.mark.parametrize("language", ["en", "it"])
def test_spec_the_dreamers_guesses_are_the_words_of_the_deck(language: str) -> None:
    state = GAME.setup(Config(players=4, language=language), 1)  # type: ignore[arg-type]
    words = [action.word for action in GAME.legal_actions(state, 0)
             if isinstance(action, Guess)]
    deck = {word for card in state.config.dreams() for word in card}
    assert len(words) == len(set(words)) == 128 and set(words) == deck
    clues = {action.word for action in GAME.legal_actions(state, 1)
             if isinstance(action, GiveClue)}
    assert clues == deck


@pytest.mark.parametrize("action", [
    GiveClue(2, "red"), GiveClue(0, "red"), Guess(1, "cherry"), DeclineGuess(0),
    Recount(0, ()), JudgeGuess(TABLE, True), BestDream(TABLE, 0), TimeUp(1),
    GiveClue(1, 7),  # type: ignore[arg-type]
])
def test_spec_forged_and_out_of_phase_actions_are_refused(action: object) -> None:
    assert_refused(table(), action)
