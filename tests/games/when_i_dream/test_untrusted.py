"""When I Dream on untrusted input: a state or a view that loads is one the engine could
have made (anything else is refused with ``CorruptState`` naming the path), and the
narration is total and tells a viewer nothing its view does not show.

Each broken document below is a real dump with one field broken; the table says which
path the refusal names."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import partyrules
from partyrules import TABLE, CorruptState, IllegalAction
from partyrules.core import testing
from partyrules.core.replay import Replay, component_digest
from partyrules.games.when_i_dream.actions import (
    DeclineGuess,
    GiveClue,
    Guess,
    JudgeGuess,
    JudgeRecount,
    Recount,
    RuleBreach,
    TimeUp,
)
from partyrules.games.when_i_dream.cards import DEFAULT_DECKS
from partyrules.games.when_i_dream.state import (
    Config,
    DreamDeck,
    Dreaming,
    Judging,
    JudgingRecount,
    Over,
    Recounting,
    State,
    Tiebreak,
    component_data,
)

GAME = partyrules.get_game("when_i_dream")
CARDS = (("cherry", "castle"), ("sun", "pirate"), ("moon", "apple"), ("horse", "train"),
         ("river", "bread"), ("tiger", "chair"), ("cloud", "spoon"), ("ship", "lamp"))
Json = Any


def table(**options: Any) -> State:
    """Round 1 of 4 players, the deck in CARDS order: "cherry" (card 0) in play."""
    state = GAME.setup(Config(players=4, cards=CARDS, **options), 3)
    return attrs.evolve(state, current=0, deck=tuple(range(1, len(CARDS))))


def play(state: State, *actions: object) -> State:
    for action in actions:
        state = GAME.apply(state, action)
    return state


def dreaming() -> State:
    """Round 1, two clues given on "cherry": seats 1 and 2 have had a turn, 3 is due."""
    return play(table(), GiveClue(1, "red"), GiveClue(2, "fruit"))


def second_round() -> State:
    """Round 2 (seat 1 dreams) after a round with one right guess, its result public."""
    state = play(table(), GiveClue(1, "red"), Guess(0, "cherry"), TimeUp())
    return play(state, DeclineGuess(0), Recount(0, ("cherry",)))


def judging() -> State:
    """The table judges the Dreamer's guess "cherries" (judge="table")."""
    return play(table(judge="table"), Guess(0, "cherries"))


def judging_recount() -> State:
    """The table judges a narration of one word (judge="table")."""
    state = play(table(judge="table"), Guess(0, "cherry"), JudgeGuess(TABLE, True))
    return play(state, TimeUp(), DeclineGuess(0), Recount(0, ("cherry",)))


def expert() -> State:
    """Round 1 of the expert variant, no guess yet: the top word is in use."""
    return table(side="expert")


def _ending() -> tuple[State, State]:
    # Seed 6 of this deck ends in a tie the table breaks: a Tiebreak, then Over("shared")
    # once the random table names no best dreamer.
    states = testing.play_random(GAME, Config(players=4, cards=CARDS), seed=6,
                                 bot_seed=6).states
    tied = next(state for state in states if isinstance(state.phase, Tiebreak))
    return tied, states[-1]


def tiebreak() -> State:
    return _ending()[0]


def over() -> State:
    return _ending()[1]


def dump(value: Any) -> Json:
    return json.loads(partyrules.dumps(value))


def refused_at(document: Json, path: str) -> CorruptState:
    with pytest.raises(CorruptState) as caught:
        partyrules.loads(json.dumps(document))
    assert caught.value.path == path, caught.value
    return caught.value


def test_the_base_states_are_real_and_load() -> None:
    bases = (dreaming(), second_round(), judging(), judging_recount(), expert(),
             tiebreak(), over())
    phases = (Dreaming, Dreaming, Judging, JudgingRecount, Dreaming, Tiebreak, Over)
    for state, phase in zip(bases, phases, strict=True):
        assert isinstance(state.phase, phase)
        assert partyrules.loads(partyrules.dumps(state)) == state
        for viewer in (None, *range(4)):
            view = GAME.view(state, viewer)
            assert partyrules.loads(partyrules.dumps(view)) == view


# -- the examples ---------------------------------------------------------------


def test_a_clue_by_seat_99_is_refused() -> None:
    document = dump(dreaming())
    document["data"]["clues"][0][0] = 99
    error = refused_at(document, "data.clues[0][0]")
    assert "from 0 to 3" in str(error)


def test_negative_points_are_refused() -> None:
    document = dump(second_round())
    document["data"]["points"][2] = -1
    refused_at(document, "data.points[2]")


def test_clue_turns_past_the_cap_are_refused() -> None:
    document = dump(dreaming())
    document["data"]["phase"]["clue_turns"][1] = 4  # the cap is 3 with 4 players
    error = refused_at(document, "data.phase.clue_turns[1]")
    assert "cap (3)" in str(error)


def test_validate_refuses_the_examples_built_in_python_too() -> None:
    state = dreaming()
    broken = (attrs.evolve(state, clues=((99, "red"),)),
              attrs.evolve(state, points=(0, -3, 0, 0)),
              attrs.evolve(state, phase=attrs.evolve(state.phase, clue_turns=(0, 9, 1, 0))))
    for state in broken:
        with pytest.raises(CorruptState):
            GAME.validate(state)


# -- one broken field per kind of check -------------------------------------------------


def _set(*path: Any, to: Any) -> Callable[[Json], None]:
    def edit(data: Json) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = to
    return edit


def _drop(*path: Any) -> Callable[[Json], None]:
    def edit(data: Json) -> None:
        for key in path[:-1]:
            data = data[key]
        del data[path[-1]]
    return edit


def _extend(*path: Any, times: int) -> Callable[[Json], None]:
    def edit(data: Json) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = data[path[-1]] * times
    return edit


def _box_to_fairy(data: Json) -> None:
    data["fairy"].append([data["box"].pop(0), "top"])


def _round_3(data: Json) -> None:
    data["round"], data["dreamer"] = 3, 2


BROKEN_STATES: list[tuple[str, Callable[[], State], Callable[[Json], None], str]] = [
    # seats
    ("a clue by the Dreamer", dreaming, _set("clues", 1, 0, to=0), "data.clues[1][0]"),
    ("a blank clue", dreaming, _set("clues", 0, 1, to="  "), "data.clues[0][1]"),
    ("an active clue-giver who is the Dreamer", dreaming, _set("phase", "active", to=0),
     "data.phase.active"),
    ("an active clue-giver at seat 99", dreaming, _set("phase", "active", to=99),
     "data.phase.active"),
    ("a seat that gave a clue on the card: the Dreamer", dreaming,
     _set("phase", "clued", to=[0, 1]), "data.phase.clued"),
    ("a seat that gave no clue on the card", dreaming, _set("phase", "clued", to=[1, 2, 3]),
     "data.phase.clued"),
    # the round and the Dreamer
    ("round 0", dreaming, _set("round", to=0), "data.round"),
    ("round 5 of 4", dreaming, _set("round", to=5), "data.round"),
    ("a Dreamer out of turn", second_round, _set("dreamer", to=3), "data.dreamer"),
    # counts the rules bound
    ("points past what the rounds scored", second_round, _set("points", 0, to=11),
     "data.points[0]"),
    ("points before any round is scored", dreaming, _set("points", 3, to=1),
     "data.points[3]"),
    ("a Dreamer's clue turn", dreaming, _set("phase", "clue_turns", 0, to=1),
     "data.phase.clue_turns[0]"),
    ("clue turns out of the rotation", dreaming, _set("phase", "clue_turns", to=[0, 1, 0, 1]),
     "data.phase.clue_turns"),
    ("time up at the clue cap", dreaming,
     _set("phase", to={"type": "Dreaming", "active": 1, "clue_turns": [0, 3, 3, 3],
                       "time_up": True, "clued": [1, 2]}), "data.phase.time_up"),
    ("more clues than the cards in play allow", dreaming, _extend("clues", times=6),
     "data.clues"),
    ("a blank guess", second_round, _set("guesses", to=[" "]), "data.guesses[0]"),
    # cards
    ("a Dream card that is not in the deck", dreaming, _set("deck", 0, to=99),
     "data.deck[0]"),
    ("a negative Dream card", dreaming, _set("deck", 0, to=-1), "data.deck[0]"),
    ("a Dream card in two places", dreaming, _set("deck", 0, to=0), "data.current"),
    ("a Dream card in no place", dreaming, _drop("deck", 0), "data.deck"),
    ("no card in play during the dream", dreaming, _set("current", to=None), "data.deck"),
    ("a card in play during the narration", judging_recount, _set("current", to=1),
     "data.current"),
    ("a Spirit card for the Dreamer", dreaming, _set("spirits", 0, to=4), "data.spirits[0]"),
    ("a Spirit card not in a 4-player game", dreaming, _set("leftover", to=4),
     "data.leftover"),
    ("a Spirit without a card", dreaming, _set("spirits", 2, to=None), "data.spirits[2]"),
    ("a pile card without a guess", second_round, _box_to_fairy, "data.fairy"),
    ("a pile card on the wrong side", judging_recount, _set("fairy", 0, 1, to="bottom"),
     "data.fairy[0][1]"),
    ("the wrong side in play", dreaming, _set("side", to="bottom"), "data.side"),
    ("an expert round starting on the bottom word", expert, _set("side", to="bottom"),
     "data.side"),
    # phases
    ("a guess judged with judge='auto'", judging, _set("config", "judge", to="auto"),
     "data.phase"),
    ("a judged guess that was not made", judging, _set("phase", "guess", to="moon"),
     "data.phase.guess"),
    ("a narration of more words than guesses", judging_recount,
     _set("phase", "words", to=["cherry", "moon"]), "data.phase.words"),
    ("a tie-break the totals do not leave", tiebreak, _set("points", 1, to=11), "data.phase"),
    ("a tie-break among the wrong seats", tiebreak, _set("phase", "tied", to=[0, 1, 2, 3]),
     "data.phase.tied"),
    ("winners the totals do not make", over, _set("phase", "winners", to=[0]),
     "data.phase.winners"),
    ("a game over before every seat dreamt", over, _round_3, "data.round"),
    # the last round's public result
    ("no result after a round", second_round, _set("last_round", to=None),
     "data.last_round"),
    ("a result before any round", dreaming,
     _set("last_round", to={"dreamer": 3, "spirits": [0, 5, 9, None], "fairy": [],
                            "boogeyman": [], "bonus": False, "gains": [0, 0, 0, 0]}),
     "data.last_round"),
    ("gains the piles do not give", second_round, _set("last_round", "gains", 0, to=5),
     "data.last_round.gains"),
    ("a Spirit card for the last Dreamer", second_round,
     _set("last_round", "spirits", 0, to=10), "data.last_round.spirits[0]"),
    ("a bonus with no Fairy card", second_round, _set("last_round", "fairy", to=[]),
     "data.last_round.bonus"),
    ("the last round's Dreamer out of turn", second_round,
     _set("last_round", "dreamer", to=2), "data.last_round.dreamer"),
]


@pytest.mark.parametrize(("what", "base", "edit", "path"), BROKEN_STATES,
                         ids=[case[0] for case in BROKEN_STATES])
def test_a_broken_state_is_refused_naming_the_path(
        what: str, base: Callable[[], State], edit: Callable[[Json], None], path: str) -> None:
    document = dump(base())
    edit(document["data"])
    refused_at(document, path)


# -- views --------------------------------------------------------------------------------


def test_the_fuzz_suites_view_with_a_missing_penalty_count_is_refused() -> None:
    # From the fuzz suite: render_view crashed on a view of 7 seats with 6 penalty counts.
    config = Config(players=7, side="expert", judge="table")
    state = testing.play_random(GAME, config, seed=12, bot_seed=8).states[30]
    document = dump(GAME.view(state, 1))
    del document["data"]["penalty_counts"][-1]
    refused_at(document, "data.penalty_counts")


BROKEN_VIEWS: list[tuple[str, Callable[[], State], int | None, Callable[[Json], None],
                         str]] = [
    ("the Dreamer sees the word", dreaming, 0, _set("word", to="cherry"), "data.word"),
    ("a spectator sees the piles", second_round, None, _set("pile_sizes", to=[0, 0]),
     "data.pile_sizes"),
    ("a Spirit sees another word", dreaming, 1, _set("word", to="castle"), "data.word"),
    ("a Spirit sees the wrong pile sizes", second_round, 2, _set("pile_sizes", to=[1, 0]),
     "data.pile_sizes"),
    ("a viewer at seat 99", dreaming, 1, _set("seat", to=99), "data.seat"),
    ("a Spirit without its card", dreaming, 1, _set("spirit", to=None), "data.spirit"),
    ("a Spirit card for a spectator", dreaming, None, _set("spirit", to=0), "data.spirit"),
    ("the wrong seats to act", dreaming, 1, _set("to_act", to=[0]), "data.to_act"),
    ("a deck size that loses cards", dreaming, 1, _set("deck_size", to=2), "data.deck_size"),
    ("a negative box", dreaming, 1, _set("box_size", to=-1), "data.box_size"),
    ("penalty faces that do not match the counts", second_round, 2,
     _set("penalty_cards", 1, to=[3]), "data.penalty_cards[1]"),
    ("a negative penalty count", dreaming, 0, _set("penalty_counts", 1, to=-1),
     "data.penalty_counts[1]"),
    ("a card in play during the narration", judging_recount, 1, _set("current", to=1),
     "data.current"),
    ("negative points", second_round, 0, _set("points", 3, to=-2), "data.points[3]"),
    ("a clue by seat 99", dreaming, 2, _set("clues", 0, 0, to=99), "data.clues[0][0]"),
    ("clue turns past the cap", dreaming, 0, _set("phase", "clue_turns", 1, to=4),
     "data.phase.clue_turns[1]"),
    ("a result the piles do not give", second_round, 3,
     _set("last_round", "gains", 2, to=9), "data.last_round.gains"),
]


@pytest.mark.parametrize(("what", "base", "seat", "edit", "path"), BROKEN_VIEWS,
                         ids=[case[0] for case in BROKEN_VIEWS])
def test_a_broken_view_is_refused_naming_the_path(
        what: str, base: Callable[[], State], seat: int | None,
        edit: Callable[[Json], None], path: str) -> None:
    document = dump(GAME.view(base(), seat))
    edit(document["data"])
    refused_at(document, path)


def test_every_view_of_a_real_game_loads_and_renders() -> None:
    for config in (Config(players=4), Config(players=7, side="expert", judge="table")):
        for state in testing.play_random(GAME, config, seed=5, bot_seed=5).states[::7]:
            for seat in (None, *range(config.players)):
                view = GAME.view(state, seat)
                assert partyrules.loads(partyrules.dumps(view)) == view
                assert GAME.render_view(view).startswith(f"Round {state.round}:")


def test_render_view_shows_the_last_round_and_the_end() -> None:
    text = GAME.render_view(GAME.view(second_round(), None))
    assert "Last round (seat 0 dreamt): Fairy pile 1, Boogeyman pile 0, narration bonus;" in text
    assert "seat 0 +2 (Dreamer)" in text
    assert "Game over (shared): seats 1, 2 win" in GAME.render_view(GAME.view(over(), 3))
    assert "Still tied: seats 1, 2" in GAME.render_view(GAME.view(tiebreak(), 3))


# -- component data -----------------------------------------------------------------------


def test_component_data_is_the_deck_in_use_with_its_language() -> None:
    assert component_data(Config(players=4)) == DreamDeck("en", DEFAULT_DECKS["en"])
    assert component_data(Config(players=4, language="it")) == DreamDeck(
        "it", DEFAULT_DECKS["it"])
    assert component_data(Config(players=4, cards=CARDS, language="it")) == DreamDeck(
        "it", CARDS)
    digests = {component_digest("when_i_dream", Config(players=4, **options))
               for options in ({}, {"language": "it"}, {"cards": CARDS},
                               {"cards": CARDS, "language": "it"})}
    assert len(digests) == 4
    # The deck and its language are the data; the number of players is not.
    assert component_digest("when_i_dream", Config(players=9)) in digests


def test_a_replay_made_with_another_deck_says_so() -> None:
    replay = Replay("when_i_dream", Config(players=4, cards=CARDS), 3, (GiveClue(1, "red"),))
    assert replay.verify().ok
    elsewhere = attrs.evolve(replay, components=component_digest(
        "when_i_dream", Config(players=4)))
    report = elsewhere.verify()
    assert not report.ok and report.other_data and "other when_i_dream component data" in (
        report.other_data)


# -- narration ----------------------------------------------------------------------------


@pytest.mark.parametrize("action", [
    Recount(0, ()), Guess(1, "cherry"), GiveClue(3, 7), GiveClue(2, "red"),  # type: ignore[arg-type]
    RuleBreach(TABLE, 3), JudgeGuess(TABLE, True), "a string",
])
def test_describing_a_refused_action_raises_illegal_action(action: Any) -> None:
    state = dreaming()
    with pytest.raises(IllegalAction):
        GAME.describe_action(state, action, 1)


def test_describing_for_a_viewer_not_at_the_table_raises_illegal_action() -> None:
    for viewer in (4, 99, -2, "0"):
        with pytest.raises(IllegalAction):
            GAME.describe_action(dreaming(), GiveClue(3, "sweet"), viewer)  # type: ignore[arg-type]
    # The table's own rulings are narrated for the table, who sees what a Spirit sees.
    line = GAME.describe_action(dreaming(), Guess(0, "cherry"), TABLE)
    assert line == "Seat 0 dreams of \u201ccherry\u201d (right: it was cherry)"


STATES = [state for config in (Config(players=4), Config(players=7, side="expert",
                                                                judge="table"))
          for state in testing.play_random(GAME, config, seed=2, bot_seed=2).states[::9]]


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(STATES), st.one_of(*map(st.from_type, GAME.action_types)),
       st.sampled_from([None, TABLE, *range(7)]))
def test_describe_action_is_a_line_or_illegal_action(state: State, action: Any,
                                                      viewer: int | None) -> None:
    try:
        line = GAME.describe_action(state, action, viewer)
    except IllegalAction as refused:
        assert str(refused)
    else:
        assert line and "\n" not in line
        GAME.apply(state, action)  # only what the rules allow is narrated


def test_the_dreamer_reads_a_clue_not_whether_it_is_a_form_of_the_word() -> None:
    state = dreaming()
    form = GiveClue(3, "cherries")
    assert GAME.describe_action(state, form, 0) == "Seat 3 says \u201ccherries\u201d"
    assert GAME.describe_action(state, form, None) == "Seat 3 says \u201ccherries\u201d"
    assert GAME.describe_action(state, form, 1) == (
        "Seat 3 says \u201ccherries\u201d: a form of the word on the card, a penalty card")
    # A breach the clue shows by itself is told to everyone.
    assert GAME.describe_action(state, GiveClue(3, "red fruit"), 0) == (
        "Seat 3 says \u201cred fruit\u201d: more than one word, a penalty card")


def test_the_score_of_a_round_is_in_the_next_view_not_in_the_narration() -> None:
    state = play(table(), GiveClue(1, "red"), Guess(0, "cherry"), TimeUp(), DeclineGuess(0))
    assert isinstance(state.phase, Recounting)
    told = Recount(0, ("cherry",))
    assert GAME.describe_action(state, told, 0) == (
        "Seat 0 tells the dream: cherry: the round is scored")
    assert GAME.describe_action(state, told, 2) == (
        "Seat 0 tells the dream: cherry. Fairy pile 1, Boogeyman pile 0, narration bonus: "
        "the round is scored")
    assert GAME.view(play(state, told), 0).last_round == play(state, told).last_round
    judged = judging_recount()
    assert GAME.describe_action(judged, JudgeRecount(TABLE, True), None) == (
        "The table judges the narration complete: the round is scored")


def test_narration_depends_only_on_the_viewers_view_and_the_action() -> None:
    """The narration property with each action compared to itself: two states that look
    the same to a viewer (one determinized from the other) narrate the same action alike
    for that viewer, free text included."""
    rng = random.Random(5)
    checked = 0
    for config in (Config(players=4), Config(players=5, side="expert", judge="table",
                                             cards=CARDS, check_clues="exact")):
        states = testing.play_random(GAME, config, seed=9, bot_seed=9).states
        for state in states[::max(1, len(states) // 20)]:
            if GAME.is_terminal(state):
                continue
            for viewer in (None, *range(config.players)):
                twin = GAME.determinize(state, state.dreamer if viewer is None else viewer,
                                        rng)
                for seat in GAME.to_act(state):
                    ours = set(GAME.legal_actions(state, seat))
                    for action in GAME.legal_actions(twin, seat):
                        if action in ours:
                            assert GAME.describe_action(state, action, viewer) == (
                                GAME.describe_action(twin, action, viewer)), (viewer, action)
                            checked += 1
    assert checked > 1000
