"""Dany documents from strangers: each broken state or view is refused with ``CorruptState``
at the path of the bad value; narration keeps the Final Twist ballots secret.

Each case of the tables below is the JSON of a real state (or view) of a game with one
field broken, the way a careless or hostile client would send it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import attrs
import pytest

import partyrules
from partyrules.core import testing
from partyrules.core.replay import component_digest
from partyrules.games.dany.actions import Accuse, ConfirmReveal, Decide, Done
from partyrules.games.dany.cards import DANY, DEFAULT_IDEAS, HAND
from partyrules.games.dany.integrity import validate_view
from partyrules.games.dany.state import (
    Composing,
    Config,
    Discussing,
    FinalTwist,
    Over,
    Revealing,
    State,
    View,
    component_data,
)

GAME = partyrules.get_game("dany")
PLAYERS = 5
Document = dict[str, Any]


def _guided(config: Config, seed: int) -> State:
    """A game where every answer is right: six successes and the secondaries win."""
    state = GAME.setup(config, seed)
    while not GAME.is_terminal(state):
        phase = state.phase
        if isinstance(phase, Composing):
            action: object = Done(state.active)
        elif isinstance(phase, Discussing):
            action = Decide(state.deciding, phase.choice)
        else:
            action = ConfirmReveal()
        state = GAME.apply(state, action)
    return state


@cache
def real_state(kind: str) -> State:
    """The first state of ``kind`` met in random games of 5 (with Dany's Reason for the
    kinds ending in ``_reason``)."""
    if kind == "over_six":
        return _guided(Config(players=PLAYERS), 1)
    reason = kind.endswith("_reason")
    wanted: dict[str, Callable[[State], bool]] = {
        "composing": lambda s: isinstance(s.phase, Composing) and s.turn > 2
        and 0 < len(s.phase.kept) < HAND,
        "discussing": lambda s: isinstance(s.phase, Discussing) and len(s.phase.kept) < HAND,
        "revealing": lambda s: isinstance(s.phase, Revealing),
        "twist": lambda s: isinstance(s.phase, FinalTwist) and not s.phase.revote
        and s.twist_trigger == "failures" and 0 < s.phase.ballots.count(None) < PLAYERS - 1,
        "revote": lambda s: isinstance(s.phase, FinalTwist) and s.phase.revote,
        "revote_reason": lambda s: isinstance(s.phase, FinalTwist) and s.phase.revote,
        "over_twist": lambda s: isinstance(s.phase, Over)
        and s.phase.reason == "not_dany_designated",
    }
    for seed in range(200):
        playthrough = testing.play_random(GAME, Config(players=PLAYERS, danys_reason=reason),
                                          seed, bot_seed=seed)
        for state in playthrough.states:
            if wanted[kind](state):
                return state
    raise AssertionError(f"no {kind} state in 200 random games")


def _none_index(data: Document) -> int:
    return int(data["phase"]["ballots"].index(None))


def _cast_all(data: Document) -> None:
    ballots = data["phase"]["ballots"]
    for seat, target in enumerate(ballots):
        if target is None:
            ballots[seat] = (seat + 1) % len(ballots)


def _ideas_to(pile: str, count: int) -> Callable[[Document], None]:
    """Move Idea cards from the deck to ``pile`` until it holds ``count``, keeping the
    turn counter right, so that only the pile's bound is broken."""
    def edit(data: Document) -> None:
        while len(data[pile]) < count:
            data[pile].append(data["ideas"].pop())
            data["turn"] += 1
    return edit


def _memory_into_kept(data: Document) -> None:
    while len(data["phase"]["kept"]) <= HAND:
        data["phase"]["kept"].append(data["memory"].pop())


def _unrevealed(data: Document) -> None:
    data["revealed"] = data["revealed"][1:]


ACCUSATION = {"ballots": [1, 0, 0, 0, 0], "tied": [0]}

# (state kind, what is broken, the edit of the document's data, the expected path)
BROKEN_STATES: list[tuple[str, str, Callable[[Document], None], str]] = [
    # The examples.
    ("twist", "twist_trigger Ben-Hur", lambda d: d.update(twist_trigger="Ben-Hur"),
     "data.twist_trigger"),
    ("over_twist", "an accusation by seat 99",
     lambda d: d["last_accusation"]["ballots"].extend([0] * (100 - PLAYERS)),
     "data.last_accusation.ballots"),
    ("over_twist", "an accusation of seat 99",
     lambda d: d["last_accusation"]["ballots"].__setitem__(0, 99),
     "data.last_accusation.ballots[0]"),
    ("twist", "a ballot by seat 99", lambda d: d["phase"]["ballots"].extend([None] * 95),
     "data.phase.ballots"),
    # Cards and seats.
    ("composing", "a Memory card not in the deck", lambda d: d["memory"].__setitem__(0, 99),
     "data.memory[0]"),
    ("composing", "a Memory card in two places",
     lambda d: d["phase"]["kept"].__setitem__(0, d["phase"]["hand"][0]),
     "data.phase.kept[0]"),
    ("composing", "a Memory card lost", lambda d: d["box"].pop(), "data.memory"),
    ("composing", "an Idea card not in the lists", lambda d: d.update(idea=99), "data.idea"),
    ("composing", "an Idea card lost", lambda d: d["ideas"].pop(), "data.ideas"),
    ("composing", "a personality card twice",
     lambda d: d["personalities"].__setitem__(1, d["personalities"][0]),
     "data.personalities[1]"),
    ("composing", "a sixth seat's personality", lambda d: d["personalities"].append(8),
     "data.personalities"),
    ("composing", "active seat 99", lambda d: d.update(active=99), "data.active"),
    # The turn counter: one turn per Idea card played.
    ("composing", "turn 2**64", lambda d: d.update(turn=2**64), "data.turn"),
    ("composing", "turn 0", lambda d: d.update(turn=0), "data.turn"),
    ("over_six", "a turn past the last", lambda d: d.update(turn=d["turn"] + 1), "data.turn"),
    # A turn being played.
    ("composing", "the Choice card 6", lambda d: d["phase"].update(choice=6),
     "data.phase.choice"),
    ("composing", "6 Memory cards in hand and creation",
     lambda d: d["memory"].insert(0, d["phase"]["hand"].pop()), "data.phase.hand"),
    ("discussing", "a creation of 8 cards", _memory_into_kept, "data.phase.kept"),
    ("revealing", "the answer word 0", lambda d: d["phase"].update(word=0), "data.phase.word"),
    ("composing", "no face-up Idea card",
     lambda d: (d["ideas"].insert(0, d["idea"]), d.update(idea=None)), "data.idea"),
    ("composing", "a sixth success while playing", _ideas_to("successes", 6),
     "data.successes"),
    ("composing", "a third failure while playing", _ideas_to("failures", 3), "data.failures"),
    ("composing", "a Final Twist trigger while playing",
     lambda d: d.update(twist_trigger="memory"), "data.twist_trigger"),
    ("composing", "a face-up personality while playing", lambda d: d.update(revealed=[0]),
     "data.revealed"),
    ("composing", "a count while playing", lambda d: d.update(last_accusation=ACCUSATION),
     "data.last_accusation"),
    # The Final Twist.
    ("twist", "a trigger the End of Game checks do not give",
     lambda d: d.update(twist_trigger="ideas"), "data.twist_trigger"),
    ("twist", "a fourth failure", _ideas_to("failures", 4), "data.failures"),
    ("twist", "an Idea card face up",
     lambda d: d.update(idea=d["ideas"].pop(0)), "data.idea"),
    ("twist", "a ballot at seat 99",
     lambda d: d["phase"]["ballots"].__setitem__(_none_index(d), 99),
     "data.phase.ballots[{none}]"),
    ("twist", "a ballot at its own seat",
     lambda d: d["phase"]["ballots"].__setitem__(_none_index(d), _none_index(d)),
     "data.phase.ballots[{none}]"),
    ("twist", "every ballot cast, none counted", _cast_all, "data.phase.ballots"),
    ("twist", "one candidate", lambda d: d["phase"].update(candidates=[0]),
     "data.phase.candidates"),
    ("twist", "a first vote among some seats only",
     lambda d: d["phase"].update(candidates=[0, 1, 2]), "data.phase.candidates"),
    ("twist", "a re-vote that follows no count", lambda d: d["phase"].update(revote=True),
     "data.last_accusation"),
    ("revote", "a re-vote among others than the tied",
     lambda d: d["phase"].update(candidates=list(range(PLAYERS))), "data.phase.candidates"),
    ("revote", "the seats outside the tie face down", lambda d: d.update(revealed=[]),
     "data.revealed"),
    ("revote_reason", "a card face up with Dany's Reason", lambda d: d.update(revealed=[0]),
     "data.revealed"),
    ("revote", "a count whose tie is not the most pointed at",
     lambda d: d["last_accusation"].update(tied=[0, 1, 2, 3, 4]),
     "data.last_accusation.tied"),
    # The end.
    ("over_twist", "winners the reason does not name",
     lambda d: d["phase"].update(winners=[0]), "data.phase.winners"),
    ("over_twist", "a reason the count does not give",
     lambda d: d["phase"].update(reason="second_tie"), "data.phase.reason"),
    ("over_twist", "a reason that is no rule", lambda d: d["phase"].update(reason="boredom"),
     "data.phase.reason"),
    ("over_twist", "an end without a count", lambda d: d.update(last_accusation=None),
     "data.last_accusation"),
    ("over_twist", "a card face down at the end", _unrevealed, "data.revealed"),
    ("over_six", "a Final Twist trigger after six successes",
     lambda d: d.update(twist_trigger="memory"), "data.twist_trigger"),
    ("over_six", "a count after six successes",
     lambda d: d.update(last_accusation=ACCUSATION), "data.last_accusation"),
    ("over_six", "six successes claimed after five", lambda d: (
        d["ideas"].append(d["successes"].pop()), d.update(turn=d["turn"] - 1)),
     "data.phase.reason"),
]


def _broken(obj: object, edit: Callable[[Document], None]) -> tuple[str, Document]:
    document = json.loads(partyrules.dumps(obj))
    data = document["data"]
    edit(data)
    return json.dumps(document), data


@pytest.mark.parametrize(("kind", "edit", "path"),
                         [pytest.param(kind, edit, path, id=what)
                          for kind, what, edit, path in BROKEN_STATES])
def test_a_broken_state_is_refused_at_the_path_of_the_bad_value(
        kind: str, edit: Callable[[Document], None], path: str) -> None:
    state = real_state(kind)
    none = state.phase.ballots.index(None) if isinstance(state.phase, FinalTwist) else None
    text, _ = _broken(state, edit)
    with pytest.raises(partyrules.CorruptState) as refused:
        partyrules.loads(text)
    assert refused.value.path == path.format(none=none), refused.value


@pytest.mark.parametrize("kind", ["composing", "discussing", "revealing", "twist", "revote",
                                  "revote_reason", "over_twist", "over_six"])
def test_the_real_states_of_the_tables_load(kind: str) -> None:
    state = real_state(kind)
    assert partyrules.loads(partyrules.dumps(state)) == state


# -- views --------------------------------------------------------------------------------


def _seat_other_than(state: State, *seats: int) -> int:
    return min(set(range(PLAYERS)) - set(seats))


def real_view(kind: str, whose: str) -> View:
    """The view of a real state: of the active seat, of another seat, or a spectator's."""
    state = real_state(kind)
    seat = {"active": state.active, "other": _seat_other_than(state, state.active),
            "spectator": None}[whose]
    return GAME.view(state, seat)


def _reveal_own(data: Document) -> None:
    data["revealed"] = [[data["seat"], data["personality"]]]


def _reveal_dany(data: Document) -> None:
    """Swap Dany's card, face down among the tied, with a face-up one."""
    seat, card = data["revealed"][0]
    assert card != DANY
    data["revealed"][0] = [seat, DANY]


def _failures_from_the_deck(count: int) -> Callable[[Document], None]:
    """Idea cards from the deck, seen by nobody, added to the failures as if played."""
    def edit(data: Document) -> None:
        shown = {*data["successes"], *data["failures"], *data["voided"]}
        unseen = sorted(set(range(len(DEFAULT_IDEAS))) - shown)
        data["failures"] += unseen[:count]
        data.update(ideas_size=data["ideas_size"] - count, turn=data["turn"] + count)
    return edit


def _idea_face_up(data: Document) -> None:
    shown = {*data["successes"], *data["failures"], *data["voided"]}
    data.update(idea=min(set(range(len(DEFAULT_IDEAS))) - shown),
                ideas_size=data["ideas_size"] - 1)


BROKEN_VIEWS: list[tuple[str, str, str, Callable[[Document], None], str]] = [
    ("composing", "other", "seat 99", lambda d: d.update(seat=99), "data.seat"),
    ("composing", "other", "a personality not dealt", lambda d: d.update(personality=8),
     "data.personality"),
    ("composing", "other", "a seat without a personality",
     lambda d: d.update(personality=None), "data.personality"),
    ("composing", "spectator", "a spectator's personality",
     lambda d: d.update(personality=DANY), "data.personality"),
    ("composing", "other", "a face-up card while playing", _reveal_own, "data.revealed"),
    ("composing", "other", "the deciding seat not on the active seat's right",
     lambda d: d.update(deciding=d["active"]), "data.deciding"),
    ("composing", "other", "a seat acting out of turn",
     lambda d: d.update(to_act=[-1, (d["active"] + 1) % PLAYERS]), "data.to_act"),
    ("composing", "other", "a Memory pile that does not add up",
     lambda d: d.update(memory_size=d["memory_size"] + 1), "data.memory_size"),
    ("composing", "other", "a negative count", lambda d: d.update(box_size=-1),
     "data.box_size"),
    ("composing", "active", "a hand card not in the deck",
     lambda d: d["hand"].__setitem__(0, 99), "data.hand[0]"),
    ("composing", "other", "another seat's hand",
     lambda d: d.update(hand=[0] * d["hand_size"]), "data.hand[1]"),
    ("composing", "other", "the Choice card shown to another seat",
     lambda d: d.update(choice=1), "data.choice"),
    ("composing", "other", "words of another Idea card",
     lambda d: d.update(idea_words=["a", "b", "c", "d", "e"]), "data.idea_words"),
    ("composing", "other", "an Idea card count that does not add up",
     lambda d: d.update(ideas_size=d["ideas_size"] + 1), "data.ideas_size"),
    ("composing", "other", "a turn counter off by one", lambda d: d.update(turn=d["turn"] + 1),
     "data.turn"),
    ("composing", "other", "a ballot while playing", lambda d: d.update(ballot=0),
     "data.candidates"),
    ("revealing", "other", "no answer at the reveal", lambda d: d.update(word=None),
     "data.word"),
    ("twist", "other", "a ballot at itself", lambda d: d.update(ballot=d["seat"]),
     "data.ballot"),
    ("twist", "other", "one candidate", lambda d: d.update(candidates=[0]),
     "data.candidates"),
    ("twist", "other", "who voted disagrees with who acts", lambda d: d.update(voted=[]),
     "data.voted"),
    ("twist", "other", "an Idea card face up in the Final Twist", _idea_face_up, "data.idea"),
    ("revote", "spectator", "Dany face up in a re-vote", _reveal_dany, "data.revealed"),
    ("over_six", "spectator", "three failures besides six successes",
     _failures_from_the_deck(3), "data.failures"),
    ("over_twist", "spectator", "winners the reason does not name",
     lambda d: d["over"].update(winners=[0]), "data.over.winners"),
    ("over_twist", "spectator", "a card face down at the end", _unrevealed, "data.revealed"),
    ("over_twist", "spectator", "a seat still acting", lambda d: d.update(to_act=[0]),
     "data.to_act"),
]


@pytest.mark.parametrize(("kind", "whose", "edit", "path"),
                         [pytest.param(kind, whose, edit, path, id=what)
                          for kind, whose, what, edit, path in BROKEN_VIEWS])
def test_a_broken_view_is_refused_at_the_path_of_the_bad_value(
        kind: str, whose: str, edit: Callable[[Document], None], path: str) -> None:
    text, _ = _broken(real_view(kind, whose), edit)
    with pytest.raises(partyrules.CorruptState) as refused:
        partyrules.loads(text)
    assert refused.value.path == path, refused.value


def test_every_view_of_real_games_validates_and_renders() -> None:
    for reason in (False, True):
        playthrough = testing.play_random(GAME, Config(players=6, danys_reason=reason), 3,
                                          bot_seed=3)
        for state in playthrough.states:
            for seat in (None, *range(6)):
                view = GAME.view(state, seat)
                validate_view(view)
                assert GAME.render_view(view)


# -- component data -----------------------------------------------------------------------


def test_component_data_is_the_idea_cards_words() -> None:
    words = (("Alien", "Brazil", "Casablanca", "Dune", "Enigma"),)
    assert component_data(Config(players=4)) == DEFAULT_IDEAS
    assert component_data(Config(players=4, idea_words=words)) == words
    assert component_digest("dany", Config(players=4)) != component_digest(
        "dany", Config(players=4, idea_words=words))


def test_a_replay_made_with_other_idea_cards_says_so() -> None:
    playthrough = testing.play_random(GAME, Config(players=4), 2, bot_seed=2)
    replay = playthrough.replay()
    assert replay.components == component_digest("dany", Config(players=4))
    assert replay.verify().ok
    other = attrs.evolve(replay, components="0" * 16)
    report = other.verify()
    assert not report.ok and report.other_data and "component data" in report.other_data


# -- narration of the Final Twist -----------------------------------------------------------


def test_final_twist_a_ballot_is_told_only_to_its_seat_before_the_count() -> None:
    state = real_state("twist")
    seat = min(GAME.to_act(state))
    target = _seat_other_than(state, seat)
    ballot = Accuse(seat, target)
    assert len(GAME.to_act(state)) > 1  # not the last ballot: no count follows
    assert GAME.describe_action(state, ballot, seat) == f"Seat {seat} points at seat {target}"
    for viewer in (None, *(s for s in range(PLAYERS) if s != seat)):
        assert GAME.describe_action(state, ballot, viewer) == (
            f"Seat {seat} points at someone, in secret")


def test_final_twist_the_last_ballot_is_told_with_the_count_but_not_who_wins() -> None:
    state = real_state("twist")
    phase = state.phase
    assert isinstance(phase, FinalTwist)
    last = _none_index({"phase": {"ballots": list(phase.ballots)}})
    ballots = tuple(b if b is not None or s == last else (s + 1) % PLAYERS
                    for s, b in enumerate(phase.ballots))
    before = attrs.evolve(state, phase=FinalTwist(phase.candidates, False, ballots))
    dany = before.personalities.index(DANY)
    other = (dany + 1) % PLAYERS
    swapped = list(before.personalities)
    swapped[dany], swapped[other] = swapped[other], swapped[dany]
    twin = attrs.evolve(before, personalities=tuple(swapped))  # Dany sits elsewhere
    ballot = Accuse(last, (last + 2) % PLAYERS)
    for viewer in (None, *range(PLAYERS)):
        line = GAME.describe_action(before, ballot, viewer)
        assert line == (f"Seat {last} points at seat {(last + 2) % PLAYERS}: every seat has "
                        "pointed, the ballots are counted")
        assert GAME.describe_action(twin, ballot, viewer) == line


def test_final_twist_determinize_casts_the_others_ballots_again() -> None:
    state = real_state("twist")
    phase = state.phase
    assert isinstance(phase, FinalTwist)
    voter = next(s for s, target in enumerate(phase.ballots) if target is not None)
    viewer = next(s for s in range(PLAYERS) if s != voter)
    cast = set()
    for seed in range(40):
        sampled = GAME.determinize(state, viewer, random.Random(seed))
        assert isinstance(sampled.phase, FinalTwist)
        assert sampled.phase.ballots[viewer] == phase.ballots[viewer]
        assert [b is None for b in sampled.phase.ballots] == [b is None for b in phase.ballots]
        GAME.validate(sampled)
        cast.add(sampled.phase.ballots[voter])
    assert len(cast) > 1  # the voter's true ballot is not given away
