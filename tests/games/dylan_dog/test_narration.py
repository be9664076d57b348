"""What Dylan Dog says to people: the narration in English and Italian, the cards named by
the words of the default decks (translated, the board's names as printed), and a
sentence for every end, move and option."""

from __future__ import annotations

import random
import typing

import attrs

from partyrules.core.game import free_text_fields
from partyrules.games.dylan_dog import GAME
from partyrules.games.dylan_dog.actions import (
    ACTION_TYPES,
    ChooseDistance,
    ChooseGate,
    Return,
    Roll,
    Rotate,
)
from partyrules.games.dylan_dog.cards import DEFAULT_CARDS, catalog
from partyrules.games.dylan_dog.state import Config, Over
from partyrules.games.dylan_dog.views import DEFAULT_WORDS, PRESENTATION, card_name, word


def test_every_word_of_the_default_decks_is_in_the_catalogue_but_the_names() -> None:
    cards = DEFAULT_CARDS
    words = {card.element for card in cards.story} | {card.shape for card in cards.story} | {
        card.role for card in cards.story} | {card.name for card in cards.horror} | {
        card.shape for card in cards.nightmare if card.shape}
    names = {"Groucho", "Xabaras"}  # proper names, the same in both languages
    assert words - names <= set(DEFAULT_WORDS)
    assert all(word("it", text) != text for text in words - names)
    assert word("it", "Xabaras") == "Xabaras"
    assert word("it", "a word of a custom deck") == "a word of a custom deck"


def test_cards_are_named_in_both_languages() -> None:
    config = Config(players=3)
    known = catalog(config.the_cards())
    story, mystery, horror = known.story[0], known.mystery[12], known.horror[11]
    shadow = known.nightmare[6]
    assert card_name(config, story) == "story card \u201cyou\u201d (bat)"
    assert card_name(config, story, "it") == "la carta-racconto \u201ctu\u201d (pipistrello)"
    assert card_name(config, mystery, "it") == "la carta-mistero \u201cal castello\u201d"
    assert card_name(config, horror) == "horror card Xabaras (Dylan Dog only)"
    assert card_name(config, horror, "it") == "la carta-horror Xabaras (solo Dylan Dog)"
    assert card_name(config, shadow) == "nightmare card \u201cshadow\u201d (bat)"
    assert card_name(config, shadow, "it") == "la carta-incubo \u201combra\u201d (pipistrello)"
    assert card_name(config, known.dylan_dog[0], "it") == "una carta Dylan Dog"


def test_the_docs_first_round_is_told_in_both_languages() -> None:
    # docs/games/dylan_dog.md, "A turn, in actions": seat 2's card enters a dimension.
    state = GAME.setup(Config(players=4), seed=1)
    assert GAME.describe_action(state, Roll(0), None, "it") == "Posto 0 tira il dado"
    state = GAME.apply(state, Roll(0))
    state = GAME.apply(state, ChooseDistance(0, 2))
    rotate = Rotate(0, "clockwise")
    assert GAME.describe_action(state, rotate) == "Seat 0 rotates the nightmare plane clockwise"
    assert GAME.describe_action(state, rotate, None, "it") == (
        "Posto 0 ruota il piano dell'incubo in senso orario")
    for _ in range(2):
        state = GAME.apply(state, rotate)
    for seat, turns in ((1, 5), (2, 4)):
        state = GAME.apply(state, Roll(seat))
        for _ in range(turns):
            state = GAME.apply(state, Rotate(seat, "counterclockwise"))
    gate = ChooseGate(2, 1)
    assert GAME.describe_action(state, gate) == (
        "Seat 2 enters the dimension through gate Mente-Infinito")
    assert GAME.describe_action(state, gate, None, "it") == (
        "Posto 2 entra nella dimensione dalla porta Mente-Infinito")


def test_every_action_of_random_games_is_told_in_italian_with_its_own_words() -> None:
    told: dict[str, set[str]] = {}
    for seed in range(6):
        state = GAME.setup(Config(players=3, turn_limit=120), seed)
        rng = random.Random(seed)
        while not GAME.is_terminal(state):
            seat = next(iter(GAME.to_act(state)))
            for action in GAME.legal_actions(state, seat):
                english = GAME.describe_action(state, action)
                italian = GAME.describe_action(state, action, None, "it")
                assert english.startswith(f"Seat {seat} ") and italian.startswith(f"Posto {seat} ")
                assert italian != english.replace("Seat", "Posto", 1)
                told.setdefault(type(action).__name__, set()).add(italian)
            state = GAME.apply(state, GAME.random_action(state, seat, rng))
    assert len(told) >= 20, sorted(told)


def test_a_pawn_returns_to_a_white_square_named_by_its_letter() -> None:
    assert Config(players=3).the_board().white_squares[1] == 4
    for seed in range(40):
        state = GAME.setup(Config(players=3, turn_limit=90), seed)
        rng = random.Random(seed)
        while not GAME.is_terminal(state):
            seat = next(iter(GAME.to_act(state)))
            legal = list(GAME.legal_actions(state, seat))
            if any(isinstance(action, Return) for action in legal):
                assert GAME.describe_action(state, Return(seat, 4)) == (
                    f"Seat {seat} returns to white square B (sector 4)")
                assert GAME.describe_action(state, Return(seat, 4), None, "it") == (
                    f"Posto {seat} torna sulla casella bianca B (settore 4)")
                return
            state = GAME.apply(state, rng.choice(legal))
    raise AssertionError("no pawn returned to reality in 40 games")


def test_every_end_move_and_option_has_its_sentence() -> None:
    reasons = typing.get_args(typing.get_type_hints(Over)["reason"])
    assert sorted(PRESENTATION.reasons) == sorted(reasons)
    assert sorted(PRESENTATION.action_names) == sorted(kind.__name__ for kind in ACTION_TYPES)
    assert not any(free_text_fields(kind) for kind in ACTION_TYPES)
    assert PRESENTATION.prompts == {}
    assert sorted(PRESENTATION.options) == sorted(field.name for field in attrs.fields(Config))
    assert PRESENTATION.explain("turn_limit", "it") != PRESENTATION.explain("turn_limit")
    assert all(PRESENTATION.gettext("it", part) != part for part in PRESENTATION.how_to_play)
