"""What Dany says to people: the narration in English and Italian, the Memory cards named
by their pictures (the same on the web board), and a sentence for every end, move, text
box and option."""

from __future__ import annotations

import typing
from importlib import resources

import attrs

from partyrules.core.game import free_text_fields
from partyrules.games.dany import GAME
from partyrules.games.dany.actions import ACTION_TYPES, Keep
from partyrules.games.dany.cards import MEMORY_IMAGES
from partyrules.games.dany.state import Composing, Config, Over
from partyrules.games.dany.views import PRESENTATION, memory_name


def test_a_memory_card_laid_out_is_named_by_its_picture_to_the_active_seat_only() -> None:
    state = GAME.setup(Config(players=4), seed=1)
    assert isinstance(state.phase, Composing)
    card = state.phase.hand[0]
    keep = Keep(state.active, card)
    picture = memory_name(card)
    assert GAME.describe_action(state, keep, state.active) == (
        f"Seat {state.active} lays the Memory card \u201c{picture}\u201d into the creation")
    assert GAME.describe_action(state, keep, state.active, "it") == (
        f"Posto {state.active} mette la carta Memoria \u201c{memory_name(card, 'it')}\u201d "
        "nella creazione")
    for viewer in (None, *(s for s in range(4) if s != state.active)):
        line = GAME.describe_action(state, keep, viewer)
        assert line == f"Seat {state.active} lays a Memory card into the creation"
        assert picture not in line


def test_every_memory_card_of_a_large_deck_has_a_name_of_its_own() -> None:
    names = {memory_name(card) for card in range(1000)}
    assert len(names) == 1000  # the pictures repeat with the number of their copy
    assert memory_name(60) == f"{MEMORY_IMAGES[0]} (copy 2)"
    assert memory_name(60, "it").endswith("(copia 2)")
    assert all(memory_name(card, "it") != memory_name(card) for card in range(60))


def test_the_web_board_is_given_the_memory_cards_pictures_in_its_language() -> None:
    for language in ("en", "it"):
        pictures = PRESENTATION.translated_words(language)["memory"]
        assert pictures == [memory_name(card, language) for card in range(len(MEMORY_IMAGES))]
    board = resources.files("partyrules.games.dany").joinpath("web", "board.js").read_text()
    assert "ctx.table.words.memory" in board and MEMORY_IMAGES[0] not in board


def test_every_end_move_text_box_and_option_has_its_sentence() -> None:
    reasons = typing.get_args(typing.get_type_hints(Over)["reason"])
    assert sorted(PRESENTATION.reasons) == sorted(reasons)
    assert sorted(PRESENTATION.action_names) == sorted(kind.__name__ for kind in ACTION_TYPES)
    assert sorted(PRESENTATION.prompts) == sorted(
        f"{kind.__name__}.{field}" for kind in ACTION_TYPES for field in free_text_fields(kind))
    assert sorted(PRESENTATION.options) == sorted(field.name for field in attrs.fields(Config))
    assert "apart, stacked, one over the other" in PRESENTATION.prompts["Done.layout"]
    assert PRESENTATION.explain("second_tie", "it") != PRESENTATION.explain("second_tie")
