"""The JSON serializer: exact round trips, deterministic text, strict loading with typed
errors that name the bad value, the published JSON Schema, and the typed-error contract
of ``apply`` (a refused action raises ``IllegalAction`` and leaves the state untouched).

Everything is exercised on Guess Who's Coming to Dinner, the reference game.
"""

from __future__ import annotations

import copy
import json
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

import partyrules
from partyrules import TABLE, CorruptState, IllegalAction, Outcome, Replay, dumps, loads
from partyrules.core import game as game_registry
from partyrules.core import testing
from partyrules.core.serialize import LoadLimits
from partyrules.games.dinner.actions import (
    Ballot,
    Exchange,
    Invite,
    JoinTable,
    Pass,
    Propose,
    StartBurial,
    StartTable,
    Unknown,
)
from partyrules.games.dinner.cards import Guest
from partyrules.games.dinner.state import Config, Drawing, Inviting, Over, State, Voting

GAME = partyrules.get_game("dinner")

Json = dict[str, Any]


# -- helpers ----------------------------------------------------------------------------


def _guests(count: int) -> tuple[Guest, ...]:
    """A small custom deck: unique names, four suits, every fifth guest deceased."""
    return tuple(Guest(f"Guest {i}", f"Suit {i % 4}", i % 5 == 0) for i in range(count))


# 3 players x 7 cards + 10 = 31 is the minimum; a few spare cards.
CUSTOM_GUESTS = _guests(3 * 7 + 10 + 4)
CUSTOM_CONFIG = Config(players=3, first_player=1, no_screen_tables=True, guests=CUSTOM_GUESTS)


def _play(config: Config, seed: int, steps: int, bot_seed: int | None = None) -> State:
    """The state after ``steps`` random actions (or at the end, whichever is first)."""
    rng = random.Random(seed if bot_seed is None else bot_seed)
    state = GAME.setup(config, seed)
    for _ in range(steps):
        if GAME.is_terminal(state):
            break
        seat = rng.choice(sorted(GAME.to_act(state)))
        state = GAME.apply(state, GAME.random_action(state, seat, rng))
    return state


def _play_until(config: Config, seed: int, wanted: Callable[[State], bool]) -> State:
    """The first state of a random game (bots seeded by ``seed``) for which ``wanted``."""
    rng = random.Random(seed)
    state = GAME.setup(config, seed)
    while not wanted(state):
        assert not GAME.is_terminal(state), "the game ended before the wanted state"
        seat = rng.choice(sorted(GAME.to_act(state)))
        state = GAME.apply(state, GAME.random_action(state, seat, rng))
    return state


def _in_phase(kind: type, **checks: Callable[[Any], bool]) -> Callable[[State], bool]:
    def wanted(state: State) -> bool:
        phase = state.phase
        return isinstance(phase, kind) and all(check(phase) for check in checks.values())

    return wanted


def _some_ballots_in(phase: Voting) -> bool:
    return any(ballot is not None for ballot in phase.ballots)


def _states() -> Iterator[tuple[str, State]]:
    """States in every phase, for the default deck and for the custom one."""
    for label, config in (("default", Config(players=4)), ("custom", CUSTOM_CONFIG)):
        yield f"{label}-setup", GAME.setup(config, 11)
        yield f"{label}-mid", _play(config, 5, 40)
        yield f"{label}-drawing-later", _play_until(
            config, 3, lambda s: isinstance(s.phase, Drawing) and s.turn >= 4)
        yield f"{label}-inviting", _play_until(
            config, 3, _in_phase(Inviting, invited=lambda p: len(p.invited) >= 1))
        yield f"{label}-voting", _play_until(
            config, 3, _in_phase(Voting, ballots=_some_ballots_in))
        yield f"{label}-after-a-vote", _play_until(config, 3, lambda s: s.last_vote is not None)
        yield f"{label}-over", _play(config, 7, 100_000)


STATES = dict(_states())


def _envelope(type_: Any, data: Any, game: Any = "dinner") -> Json:
    return {"format": "partyrules", "version": 1, "game": game, "type": type_, "data": data}


def _doc(obj: Any) -> Json:
    document: Json = json.loads(dumps(obj))
    return document


def _corrupt(document: Any) -> CorruptState:
    """The ``CorruptState`` that loading ``document`` (JSON-able, or text) raises."""
    text = document if isinstance(document, (str, bytes)) else json.dumps(document)
    with pytest.raises(CorruptState) as info:
        loads(text)
    error = info.value
    assert isinstance(error, partyrules.PartyRulesError)
    assert str(error) == f"{error.reason} @ {error.path}"
    return error


def _mutated(obj: Any, change: Callable[[Json], Any]) -> Json:
    document = _doc(obj)
    change(document["data"])
    return document


# -- round trips ------------------------------------------------------------------------


@pytest.mark.parametrize("config", [
    Config(players=3),
    Config(players=7),
    Config(players=5, first_player=4, no_screen_tables=True),
    CUSTOM_CONFIG,
    Config(players=4, guests=_guests(4 * 7 + 10)),
], ids=["3", "7", "options", "custom-guests", "custom-guests-minimum"])
def test_config_round_trip(config: Config) -> None:
    loaded = loads(dumps(config))
    assert loaded == config
    assert type(loaded) is Config
    if config.guests is not None:
        assert loaded.guests == config.guests
        assert all(type(guest) is Guest for guest in loaded.guests)
        assert loaded.deck().deceased == config.deck().deceased


def test_custom_deck_is_written_out_in_full() -> None:
    data = _doc(CUSTOM_CONFIG)["data"]
    assert data["guests"][0] == {"name": "Guest 0", "suit": "Suit 0", "deceased": True}
    assert len(data["guests"]) == len(CUSTOM_GUESTS)
    assert _doc(Config(players=3))["data"]["guests"] is None


@pytest.mark.parametrize("name", sorted(STATES))
def test_state_round_trip(name: str) -> None:
    state = STATES[name]
    text = dumps(state)
    loaded = loads(text)
    assert loaded == state
    assert type(loaded.phase) is type(state.phase)
    assert dumps(loaded) == text
    GAME.validate(loaded)
    # the loaded state plays on exactly like the original
    if not GAME.is_terminal(state):
        seat = min(GAME.to_act(state))
        assert list(GAME.legal_actions(loaded, seat)) == list(GAME.legal_actions(state, seat))
        action = GAME.random_action(state, seat, random.Random(1))
        assert GAME.apply(loaded, action) == GAME.apply(state, action)


def test_every_phase_is_covered() -> None:
    kinds = {type(state.phase) for state in STATES.values()}
    assert kinds == {Drawing, Inviting, Voting, Over}
    assert any(isinstance(s.phase, Voting) and _some_ballots_in(s.phase) for s in STATES.values())


@pytest.mark.parametrize("name", sorted(STATES))
def test_view_round_trip_for_every_seat_and_a_spectator(name: str) -> None:
    state = STATES[name]
    for seat in (None, *range(state.config.players)):
        view = GAME.view(state, seat)
        loaded = loads(dumps(view))
        assert loaded == view
        assert loaded.seat == seat
        assert type(loaded) is GAME.View


ACTIONS = [
    Unknown(0, 5),
    Exchange(1, 7),
    StartTable(2),
    StartBurial(0, 3),
    JoinTable(1, 0),
    Pass(2),
    Invite(0, 199),
    Propose(1, "They all \u201cmet\u201d in Paris,\nover \u00e9clairs"),
    Propose(1),
    Ballot(2, frozenset({31, 3, 1})),
    Ballot(0),
]


def test_the_action_list_covers_every_action_type() -> None:
    assert {type(action) for action in ACTIONS} == set(GAME.action_types)


@pytest.mark.parametrize("action", ACTIONS, ids=repr)
def test_action_round_trip(action: Any) -> None:
    document = _doc(action)
    assert document["type"] == type(action).__name__
    assert document["game"] == "dinner"
    loaded = loads(dumps(action))
    assert loaded == action
    assert type(loaded) is type(action)


def test_actions_of_a_playthrough_round_trip() -> None:
    pt = testing.play_random(GAME, seed=4, players=5)
    assert {type(action) for action in pt.actions} >= {Ballot, Invite, Propose, StartTable}
    for action in pt.actions:
        assert loads(dumps(action)) == action


@pytest.mark.parametrize("outcome", [
    Outcome(frozenset({0, 2}), (4, 1, 4), "hand_emptied"),
    Outcome(frozenset(), None, "abandoned"),
    GAME.outcome(STATES["default-over"]),
    GAME.outcome(STATES["custom-over"]),
], ids=["tie", "no-scores", "played-default", "played-custom"])
def test_outcome_round_trip(outcome: Outcome) -> None:
    document = _doc(outcome)
    assert document["game"] is None
    assert document["type"] == "Outcome"
    loaded = loads(dumps(outcome))
    assert loaded == outcome
    assert type(loaded) is Outcome


@pytest.mark.parametrize("replay", [
    Replay("dinner", Config(players=3), 0),
    testing.play_random(GAME, seed=2, players=4).replay(),
    testing.play_random(GAME, CUSTOM_CONFIG, seed=9).replay(),
    testing.play_random(GAME, seed=6, players=6).replay(17),
], ids=["empty", "full-default", "full-custom", "partial"])
def test_replay_round_trip(replay: Replay) -> None:
    loaded = loads(dumps(replay))
    assert loaded == replay
    assert type(loaded) is Replay
    assert loaded.verify().ok
    assert loaded.final_state() == replay.final_state()


# -- deterministic text ------------------------------------------------------------------


@pytest.mark.parametrize("obj", [
    CUSTOM_CONFIG,
    STATES["default-voting"],
    STATES["custom-after-a-vote"],
    GAME.view(STATES["default-voting"], 1),
    Ballot(2, frozenset({31, 3, 1})),
    GAME.outcome(STATES["default-over"]),
    testing.play_random(GAME, seed=2, players=4).replay(),
], ids=["config", "state", "state-after-vote", "view", "ballot", "outcome", "replay"])
def test_dumps_is_deterministic(obj: Any) -> None:
    text = dumps(obj)
    assert dumps(obj) == text
    assert dumps(copy.deepcopy(obj)) == text
    assert dumps(loads(text)) == text
    assert list(json.loads(text)) == ["format", "version", "game", "type", "data"]


def test_sets_are_written_sorted() -> None:
    # Equal sets built in different orders give the same, sorted text.
    members = [200, 3, 64, 1, 129, 31]
    one = Ballot(0, frozenset(members))
    other = Ballot(0, frozenset(reversed(members)))
    assert dumps(one) == dumps(other)
    assert _doc(one)["data"]["rejected"] == sorted(members)
    assert _doc(Outcome(frozenset({6, 0, 3}), None, "x"))["data"]["winners"] == [0, 3, 6]


def test_sets_inside_a_state_are_written_sorted() -> None:
    state = STATES["default-voting"]
    phase = state.phase
    assert isinstance(phase, Voting)
    voter = min(GAME.to_act(state))
    rejected = frozenset(phase.proposed)
    after = GAME.apply(state, Ballot(voter, rejected))
    data = _doc(after)["data"]
    ballots = data["phase"]["ballots"] if data["phase"]["type"] == "Voting" else (
        data["last_vote"]["ballots"])
    assert ballots[voter] == sorted(rejected)
    for ballot in ballots:
        assert ballot is None or ballot == sorted(ballot)
    for known in data["revealed"]:
        assert known == sorted(known)


@pytest.mark.ci  # three fresh interpreters: the CI profile's
def test_dumps_does_not_depend_on_the_hash_seed() -> None:
    script = ("import partyrules; from partyrules.core import testing; "
              "g = partyrules.get_game('dinner'); "
              "pt = testing.play_random(g, seed=8, players=5); "
              "print(partyrules.dumps(pt.states[len(pt.states) // 2])); "
              "print(partyrules.dumps(pt.replay()))")
    outputs = set()
    for hash_seed in ("0", "1", "12345"):
        result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                                check=True, env={**os.environ, "PYTHONHASHSEED": hash_seed})
        outputs.add(result.stdout)
    assert len(outputs) == 1
    pt = testing.play_random(GAME, seed=8, players=5)
    expected = dumps(pt.states[len(pt.states) // 2]) + "\n" + dumps(pt.replay()) + "\n"
    assert outputs == {expected}


# -- untrusted documents: limits, encodings, duplicate keys -----------------------------------


@pytest.mark.parametrize(("text", "reason", "path"), [
    ("[" * 100_000 + "]" * 100_000, "nesting deeper than 64 levels", "$"),
    ("[" * 65 + "]" * 65, "nesting deeper than 64 levels", "$" + "[0]" * 64),
    ("1" * 4301, "an integer is over the limit of 40 digits", "$"),
    ('{"a": {"b": [1, -' + "9" * 41 + "]}}", "an integer of 41 digits is over the limit of 40",
     "$.a.b[1]"),
    ('{"a": [1, NaN]}', "NaN is not a JSON number", "$.a[1]"),
    ('{"a": -Infinity}', "-Infinity is not a JSON number", "$.a"),
    ('{"a": "\\ud800"}', "text holds a lone surrogate, which is not Unicode", "$.a"),
    ('{"x y": {"a": 1, "a": 2}}', "the key 'a' appears twice", '$["x y"]'),
    (b"\xff\xfe{\x00}\x00", "not UTF-8 text (byte 0)", "$"),
    ("\ufeff{}", "not valid JSON", "$"),
], ids=["deep", "one-too-deep", "huge-int", "long-int", "nan", "infinity", "surrogate",
        "duplicate", "utf16", "bom"])
def test_an_untrusted_document_is_refused_naming_the_path(text: str | bytes, reason: str,
                                                         path: str) -> None:
    error = _corrupt(text)
    assert error.reason.startswith(reason)
    assert error.path == path


def test_a_duplicated_envelope_key_is_refused_not_overwritten() -> None:
    document = dumps(GAME.Config(players=3)).replace('"game": "dinner"',
                                                      '"game": "chess", "game": "dinner"')
    error = _corrupt(document)
    assert (error.reason, error.path) == ("the key 'game' appears twice", "$")


def test_the_deepest_nesting_the_limits_allow_is_read() -> None:
    # read, and then refused only because it is not an envelope
    assert _corrupt("[" * 64 + "]" * 64).reason == "expected a JSON object envelope"


@pytest.mark.parametrize("limits", [LoadLimits(max_bytes=10), LoadLimits(max_depth=2),
                                    LoadLimits(max_int_digits=0)], ids=repr)
def test_the_limits_are_configurable(limits: LoadLimits) -> None:
    state = GAME.setup(GAME.Config(players=3), seed=2)
    text = dumps(state)
    assert loads(text) == state
    with pytest.raises(CorruptState, match=r"limit|nesting"):
        loads(text, limits=limits)


@pytest.mark.parametrize("value", [3, None, ["{}"], 2.5], ids=repr)
def test_only_text_or_bytes_is_read(value: Any) -> None:
    with pytest.raises(CorruptState, match="expected JSON text"):
        loads(value)


def test_bytes_and_text_load_alike() -> None:
    state = GAME.setup(GAME.Config(players=4), seed=3)
    text = dumps(state)
    assert loads(text.encode()) == loads(bytearray(text.encode())) == loads(text) == state


def test_a_slip_of_a_game_check_on_a_malformed_state_is_a_corrupt_state(
        monkeypatch: pytest.MonkeyPatch) -> None:
    text = dumps(GAME.setup(GAME.Config(players=4), seed=3))

    def slipping(state: Any) -> None:
        raise IndexError("tuple index out of range")

    monkeypatch.setitem(game_registry._REGISTRY, "dinner",
                        attrs.evolve(GAME, validate=slipping))
    with pytest.raises(CorruptState, match="breaks dinner's invariants"):
        loads(text)


_REAL_DUMPS = [dumps(x) for x in (testing.play_random(GAME, seed=4, players=3).replay(),
                                  GAME.setup(GAME.Config(players=5), seed=9))]


@st.composite
def _mangled(draw: st.DrawFn) -> str | bytes:
    """A real document with a few bytes cut, repeated or replaced, or random bytes."""
    if draw(st.booleans()):
        return draw(st.binary(max_size=200))
    text = bytearray(draw(st.sampled_from(_REAL_DUMPS)).encode())
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(text) - 1))
        edit = draw(st.sampled_from(["cut", "repeat", "byte", "bracket"]))
        if edit == "cut":
            del text[at:at + draw(st.integers(1, 40))]
        elif edit == "repeat":
            text[at:at] = text[at:at + draw(st.integers(1, 40))]
        elif edit == "byte":
            text[at] = draw(st.integers(0, 255))
        else:
            text[at:at] = draw(st.sampled_from([b"[" * 200, b"{", b"9" * 60, b"NaN",
                                                b'"\\udfff"', b'"game": "dinner", ']))
    return bytes(text) if draw(st.booleans()) else text.decode("utf-8", "replace")


@settings(max_examples=300)
@given(_mangled())
def test_whatever_the_document_loads_raises_only_partyrules_errors(
        document: str | bytes) -> None:
    try:
        loaded = loads(document)
    except partyrules.PartyRulesError as error:
        assert str(error)
    else:  # what loads is a real object: it writes out and reads back the same
        assert loads(dumps(loaded)) == loaded


# -- strict loading: the envelope ----------------------------------------------------------


@pytest.mark.parametrize("text", ["{not json", "", "{\"format\": ", "[1, 2", b"[1, 2"],
                         ids=["garbage", "empty", "truncated", "unclosed", "unclosed-bytes"])
def test_malformed_json(text: str | bytes) -> None:
    error = _corrupt(text)
    assert error.path == "$"
    assert error.reason.startswith("not valid JSON")


@pytest.mark.parametrize("document", [[], 3, None, "dinner", [_envelope("Config", {})]],
                         ids=repr)
def test_envelope_must_be_an_object(document: Any) -> None:
    error = _corrupt(json.dumps(document))
    assert error.path == "$"
    assert error.reason == "expected a JSON object envelope"


@pytest.mark.parametrize("key", ["format", "version", "game", "type", "data"])
def test_envelope_key_missing(key: str) -> None:
    document = _doc(Config(players=3))
    del document[key]
    error = _corrupt(document)
    assert error.path == "$"
    assert f"missing [{key!r}]" in error.reason


def test_envelope_key_unknown() -> None:
    document = _doc(Config(players=3))
    document["comment"] = "hand edited"
    error = _corrupt(document)
    assert error.path == "$"
    assert "unknown ['comment']" in error.reason


@pytest.mark.parametrize("value", ["partyrule", "PartyRules", None, 1])
def test_wrong_format(value: Any) -> None:
    document = _doc(Config(players=3))
    document["format"] = value
    error = _corrupt(document)
    assert error.path == "format"
    assert "'partyrules'" in error.reason


@pytest.mark.parametrize("value", [0, 2, "1", 1.0, True, None], ids=repr)
def test_unsupported_version(value: Any) -> None:
    document = _doc(Config(players=3))
    document["version"] = value
    error = _corrupt(document)
    assert error.path == "version"
    assert f"unsupported version {value!r}" in error.reason


@pytest.mark.parametrize("value", ["chess", "Dinner", None, 3], ids=repr)
def test_unknown_game(value: Any) -> None:
    document = _doc(GAME.setup(Config(players=3), 1))
    document["game"] = value
    error = _corrupt(document)
    assert error.path == "game"
    assert f"unknown game {value!r}" in error.reason
    assert "dinner" in error.reason  # the known games are listed


@pytest.mark.parametrize("value", ["Nope", "state", "Guest", "Table", "Outcome", 5, None],
                         ids=repr)
def test_unknown_type(value: Any) -> None:
    document = _doc(Config(players=3))
    document["type"] = value
    error = _corrupt(document)
    assert error.path == "type"
    assert error.reason == f"dinner has no type {value!r}"


def test_type_mismatch_between_envelope_and_data() -> None:
    # A Config's data in a State envelope: the State's required fields are missing.
    document = _doc(Config(players=3))
    document["type"] = "State"
    error = _corrupt(document)
    assert error.path.startswith("data")


# -- strict loading: inside the data ----------------------------------------------------------


@pytest.mark.parametrize(("obj", "change", "path"), [
    (STATES["default-mid"], lambda d: d["phase"].update(extra=1), "data.phase"),
    (STATES["default-voting"], lambda d: d["phase"].update(extra=1), "data.phase"),
    (STATES["default-after-a-vote"], lambda d: d["last_vote"].update(extra=1),
     "data.last_vote"),
    (STATES["default-over"], lambda d: d["tables"][0].update(extra=1), "data.tables[0]"),
    (STATES["default-mid"], lambda d: d["config"].update(extra=1), "data.config"),
    (STATES["default-mid"], lambda d: d.update(extra=1), "data"),
    (Config(players=3), lambda d: d.update(extra=1), "data"),
    (CUSTOM_CONFIG, lambda d: d["guests"][2].update(extra=1), "data.guests[2]"),
    (Ballot(1), lambda d: d.update(extra=1), "data"),
    (testing.play_random(GAME, seed=1).replay(3),
     lambda d: d["actions"][1].update(extra=1), "data.actions[1]"),
], ids=["phase", "voting-phase", "last-vote", "table", "state-config", "state",
        "config", "guest", "action", "replay-action"])
def test_unknown_field(obj: Any, change: Callable[[Json], Any], path: str) -> None:
    error = _corrupt(_mutated(obj, change))
    assert error.path == path
    assert error.reason == "unknown fields: extra"


def test_unknown_field_in_a_state_names_the_phase_clearly() -> None:
    error = _corrupt(_mutated(STATES["default-mid"], lambda d: d["phase"].update(colour="red")))
    assert "phase" in error.path
    assert str(error) == "unknown fields: colour @ data.phase"


@pytest.mark.parametrize(("obj", "change", "path", "reason"), [
    (Config(players=3), lambda d: d.update(players="3"), "data.players",
     "expected an integer, got '3'"),
    (Config(players=3), lambda d: d.update(players=True), "data.players",
     "expected an integer, got True"),
    (Config(players=3), lambda d: d.update(players=3.0), "data.players",
     "expected an integer, got 3.0"),
    (Config(players=3), lambda d: d.update(players=3.5), "data.players",
     "expected an integer, got 3.5"),
    (Config(players=3), lambda d: d.update(players=None), "data.players",
     "expected an integer, got None"),
    (Config(players=3), lambda d: d.update(players=[3]), "data.players",
     "expected an integer, got [3]"),
    (Config(players=3), lambda d: d.update(first_player=False), "data.first_player",
     "expected an integer, got False"),
    (Config(players=3), lambda d: d.update(no_screen_tables=1), "data.no_screen_tables",
     "expected true or false, got 1"),
    (Config(players=3), lambda d: d.update(no_screen_tables="false"), "data.no_screen_tables",
     "expected true or false, got 'false'"),
    (Config(players=3), lambda d: d.update(guests={"name": "x"}), "data.guests",
     "expected a JSON array, got {'name': 'x'}"),
    (CUSTOM_CONFIG, lambda d: d["guests"][0].update(deceased=0), "data.guests[0].deceased",
     "expected true or false, got 0"),
    (CUSTOM_CONFIG, lambda d: d["guests"][1].update(name=7), "data.guests[1].name",
     "expected a string, got 7"),
    (STATES["default-mid"], lambda d: d.update(hands={"0": []}), "data.hands",
     "expected a JSON array, got {'0': []}"),
    (STATES["default-mid"], lambda d: d["hands"][0].__setitem__(0, "x"), "data.hands[0][0]",
     "expected an integer, got 'x'"),
    (STATES["default-mid"], lambda d: d["scores"].__setitem__(1, True), "data.scores[1]",
     "expected an integer, got True"),
    (STATES["default-mid"], lambda d: d["scores"].__setitem__(2, 1.5), "data.scores[2]",
     "expected an integer, got 1.5"),
    (STATES["default-mid"], lambda d: d.update(turn="4"), "data.turn",
     "expected an integer, got '4'"),
    (STATES["default-mid"], lambda d: d.update(pile=None), "data.pile",
     "expected a JSON array, got None"),
    (STATES["default-voting"], lambda d: d["phase"].update(story=None), "data.phase.story",
     "expected a string, got None"),
    (Unknown(0, 5), lambda d: d.update(seat="0"), "data.seat", "expected an integer, got '0'"),
    (Exchange(0, 5), lambda d: d.update(card=5.0), "data.card", "expected an integer, got 5.0"),
    (Propose(0, "x"), lambda d: d.update(story=5), "data.story", "expected a string, got 5"),
    (Ballot(0), lambda d: d.update(rejected={"1": True}), "data.rejected",
     "expected a JSON array, got {'1': True}"),
    (Ballot(0, frozenset({4})), lambda d: d["rejected"].__setitem__(0, True),
     "data.rejected[0]", "expected an integer, got True"),
], ids=["string-int", "true-int", "float-int", "fraction-int", "null-int", "array-int",
        "false-int", "int-bool", "string-bool", "object-array", "guest-bool", "guest-name",
        "state-object-array", "state-string-card", "state-true-score", "state-float-score",
        "state-string-turn", "state-null-array", "state-null-story", "action-string-seat",
        "action-float-card", "action-int-story", "action-object-set", "action-true-member"])
def test_wrong_json_type(obj: Any, change: Callable[[Json], Any], path: str,
                         reason: str) -> None:
    error = _corrupt(_mutated(obj, change))
    assert error.path == path
    assert error.reason == reason


def test_wrong_json_type_doc_example() -> None:
    text = json.dumps(_envelope("Config", {"players": "3"}))
    error = _corrupt(text)
    assert str(error) == "expected an integer, got '3' @ data.players"


@pytest.mark.parametrize(("obj", "change", "path"), [
    (Config(players=3), lambda d: d.pop("players"), "data.players"),
    (STATES["default-mid"], lambda d: d.pop("hands"), "data.hands"),
    (Exchange(0, 3), lambda d: d.pop("card"), "data.card"),
], ids=["config", "state", "action"])
def test_required_field_missing(obj: Any, change: Callable[[Json], Any], path: str) -> None:
    error = _corrupt(_mutated(obj, change))
    assert error.path == path
    assert error.reason == "required field missing"


@pytest.mark.parametrize(("obj", "change", "path"), [
    (Ballot(0, frozenset({3, 7})), lambda d: d["rejected"].append(3), "data.rejected"),
    (STATES["default-after-a-vote"],
     lambda d: d["revealed"][0].extend([d["hands"][0][0]] * 2), "data.revealed[0]"),
    (Outcome(frozenset({1}), None, "x"), lambda d: d["winners"].append(1), "data.winners"),
], ids=["ballot", "state-revealed", "outcome-winners"])
def test_set_listed_twice(obj: Any, change: Callable[[Json], Any], path: str) -> None:
    error = _corrupt(_mutated(obj, change))
    assert error.path == path
    assert error.reason == "a set lists the same member twice"


def test_set_member_twice_in_the_drawing_phase() -> None:
    state = STATES["default-setup"]
    assert isinstance(state.phase, Drawing)
    drawn = state.phase.drawn

    def change(data: Json) -> None:
        data["phase"]["declared"] = [drawn, drawn]

    error = _corrupt(_mutated(state, change))
    assert error.path == "data.phase.declared"
    assert error.reason == "a set lists the same member twice"


PHASE_NAMES = "Drawing, Inviting, Voting, Over"
ACTION_NAMES = ("Unknown, Exchange, StartTable, StartBurial, JoinTable, Pass, Invite, Propose, "
                "Ballot")


@pytest.mark.parametrize(("obj", "change", "path", "reason"), [
    (STATES["default-mid"], lambda d: d["phase"].update(type="Nope"), "data.phase",
     f"'type' must be one of {PHASE_NAMES}, got 'Nope'"),
    (STATES["default-mid"], lambda d: d["phase"].pop("type"), "data.phase",
     f"'type' must be one of {PHASE_NAMES}, got None"),
    (STATES["default-mid"], lambda d: d["phase"].update(type="State"), "data.phase",
     f"'type' must be one of {PHASE_NAMES}, got 'State'"),
    (STATES["default-mid"], lambda d: d.update(phase=[1]), "data.phase",
     "expected an object tagged with 'type', got [1]"),
    (testing.play_random(GAME, seed=1).replay(3),
     lambda d: d["actions"][2].update(type="Nope"), "data.actions[2]",
     f"'type' must be one of {ACTION_NAMES}, got 'Nope'"),
], ids=["phase", "phase-untagged", "phase-foreign", "phase-not-object", "action"])
def test_unknown_union_tag(obj: Any, change: Callable[[Json], Any], path: str,
                           reason: str) -> None:
    error = _corrupt(_mutated(obj, change))
    assert error.path == path
    assert error.reason == reason


# -- strict loading: game invariants ---------------------------------------------------------


def test_state_with_a_duplicated_card() -> None:
    state = STATES["default-mid"]
    card = state.hands[0][0]

    def change(data: Json) -> None:
        data["hands"][1].append(card)

    error = _corrupt(_mutated(state, change))
    assert error.path == f"data.hands[1][{len(state.hands[1])}]"
    assert error.reason == f"card {card} is also in hands[0]"


def test_state_with_a_card_moved_into_two_hands_on_a_custom_deck() -> None:
    state = STATES["custom-mid"]
    card = state.hands[2][-1]

    def change(data: Json) -> None:
        data["hands"][0].insert(0, card)

    error = _corrupt(_mutated(state, change))
    assert error.path.startswith("data.hands[")
    assert f"card {card} is also in" in error.reason


def test_state_with_a_missing_card() -> None:
    state = STATES["default-mid"]
    card = state.hands[1][-1]

    def change(data: Json) -> None:
        data["hands"][1].pop()

    error = _corrupt(_mutated(state, change))
    assert error.path == "data"
    assert error.reason == f"cards missing from every place: [{card}]"


def test_state_with_a_card_outside_the_deck() -> None:
    state = STATES["custom-mid"]

    def change(data: Json) -> None:
        data["pile"].append(len(CUSTOM_GUESTS))

    error = _corrupt(_mutated(state, change))
    assert error.path == f"data.pile[{len(state.pile)}]"
    assert error.reason == f"no card {len(CUSTOM_GUESTS)} in a deck of {len(CUSTOM_GUESTS)}"


def test_state_with_a_negative_score() -> None:
    error = _corrupt(_mutated(STATES["default-mid"], lambda d: d["scores"].__setitem__(1, -2)))
    assert error.path == "data.scores[1]"
    assert error.reason == "scores are never negative"


def test_state_with_a_seat_out_of_range() -> None:
    error = _corrupt(_mutated(STATES["default-mid"], lambda d: d["phase"].update(active=9)))
    assert error.path == "data.phase.active"
    assert error.reason == "no seat 9"


@pytest.mark.parametrize("players", [9, 2, 0, -3])
def test_config_player_count_out_of_range(players: int) -> None:
    error = _corrupt(_envelope("Config", {"players": players}))
    assert "3 to 7" in error.reason
    assert error.path.startswith("data")
    assert isinstance(error, ValueError)


def test_state_config_player_count_out_of_range() -> None:
    error = _corrupt(_mutated(STATES["default-mid"], lambda d: d["config"].update(players=9)))
    assert "3 to 7" in error.reason
    assert error.path.startswith("data.config")


def test_config_custom_deck_too_small() -> None:
    config = Config(players=3, guests=_guests(31))
    error = _corrupt(_mutated(config, lambda d: d["guests"].pop()))
    assert error.path.startswith("data")
    assert "needs at least 31 guests" in error.reason


def test_config_custom_deck_with_a_repeated_name() -> None:
    def change(data: Json) -> None:
        data["guests"][5]["name"] = data["guests"][4]["name"]

    error = _corrupt(_mutated(CUSTOM_CONFIG, change))
    assert "'Guest 4' appears twice" in error.reason


# -- strict loading: replays -----------------------------------------------------------------


REPLAY = testing.play_random(GAME, seed=1, players=3).replay(5)


@pytest.mark.parametrize("foreign", [
    {"type": "Clue", "seat": 0, "word": "apple"},
    {"type": "Config", "players": 3},
    {"type": "State"},
    {"type": "Outcome", "winners": [], "scores": None, "reason": "x"},
    {"seat": 0},
    "Pass",
    None,
], ids=["other-game", "config", "state", "outcome", "untagged", "string", "null"])
def test_replay_with_an_action_of_the_wrong_type(foreign: Any) -> None:
    def change(data: Json) -> None:
        data["actions"][3] = foreign

    error = _corrupt(_mutated(REPLAY, change))
    assert error.path == "data.actions[3]"
    if isinstance(foreign, dict):
        assert error.reason == f"'type' must be one of {ACTION_NAMES}, got {foreign.get('type')!r}"
    else:
        assert error.reason == f"expected an object tagged with 'type', got {foreign!r}"


def test_replay_serialized_with_a_foreign_action_cannot_be_loaded() -> None:
    broken = Replay("dinner", Config(players=3), 1, (Outcome(frozenset(), None, "x"),))
    error = _corrupt(dumps(broken))
    assert error.path == "data.actions[0]"


def test_replay_of_another_game_in_a_dinner_envelope() -> None:
    error = _corrupt(_mutated(REPLAY, lambda d: d.update(game="codenames")))
    assert error.path == "data.game"
    assert error.reason == "replay of 'codenames' in a 'dinner' envelope"


@pytest.mark.parametrize(("change", "path"), [
    (lambda d: d.update(seed="1"), "data.seed"),
    (lambda d: d["config"].update(players="3"), "data.config.players"),
    (lambda d: d.update(actions={"type": "Pass", "seat": 0}), "data.actions"),
    (lambda d: d["actions"][0].update(seat=True), "data.actions[0].seat"),
], ids=["seed", "config", "actions-object", "action-seat"])
def test_replay_with_a_wrong_json_type(change: Callable[[Json], Any], path: str) -> None:
    error = _corrupt(_mutated(REPLAY, change))
    assert error.path == path


@pytest.mark.parametrize("change", [
    lambda d: d.pop("seed"),
    lambda d: d.update(notes="x"),
], ids=["missing", "extra"])
def test_replay_fields(change: Callable[[Json], Any]) -> None:
    error = _corrupt(_mutated(REPLAY, change))
    assert error.path == "data"
    assert "game, config, seed, actions" in error.reason


def test_replay_data_must_be_an_object() -> None:
    error = _corrupt(_envelope("Replay", [1, 2]))
    assert error.path == "data"


# -- replays record their library version and component data --------------------------------


def test_a_replay_records_the_library_version_and_a_digest_of_its_components() -> None:
    replay = testing.play_random(GAME, seed=3, players=3).replay()
    assert replay.version == partyrules.__version__
    assert replay.components is not None and len(replay.components) == 16
    assert loads(dumps(replay)) == replay
    other_deck = attrs.evolve(replay, config=CUSTOM_CONFIG)
    assert other_deck.components == replay.components  # evolve keeps the recorded digest
    assert Replay("dinner", CUSTOM_CONFIG, 3).components != replay.components


def test_verifying_a_replay_recorded_with_other_component_data_says_so() -> None:
    replay = testing.play_random(GAME, seed=3, players=3).replay()
    report = attrs.evolve(replay, components="0" * 16, version="0.0.1").verify()
    assert not report.ok and report.applied == 0 and report.failed_at is None
    assert report.other_data is not None
    assert "digest 0000000000000000, made by partyrules 0.0.1" in report.other_data


def test_a_replay_file_written_before_the_stamp_still_loads_and_verifies() -> None:
    replay = testing.play_random(GAME, seed=3, players=3).replay()
    document = _doc(replay)
    del document["data"]["version"], document["data"]["components"]
    old = loads(json.dumps(document))
    assert (old.version, old.components) == (None, None)
    assert old.actions == replay.actions and old.verify().ok


@pytest.mark.parametrize(("change", "reason"), [
    (lambda d: d["data"].update(winners=[-1]), "a winner is not a seat"),
    (lambda d: d["data"].update(winners=[3], scores=[1, 2, 3]),
     "a winner is not one of the 3 scored seats"),
    (lambda d: d["data"].update(reason="  "), "an outcome names the rule"),
    (lambda d: d["data"].update(winners=[10**30], scores=None),
     "a winner is not a seat: no game seats more than 10"),
    (lambda d: d["data"].update(winners=[10], scores=list(range(11))),
     "a winner is not a seat: no game seats more than 10"),
    (lambda d: d["data"].update(scores=list(range(11))), "11 scores: no game seats more"),
    (lambda d: d["data"].update(scores=[10**30, 2, 3]), "a score beyond 1,000,000,000"),
    (lambda d: d["data"].update(scores=[5, -(10**9) - 1, 3]), "a score beyond 1,000,000,000"),
], ids=["negative-winner", "winner-without-score", "blank-reason", "winner-seat-10**30",
        "winner-past-the-largest-table", "eleven-scores", "score-10**30", "score-below"])
def test_an_outcome_is_validated_on_load(change: Callable[[Json], Any], reason: str) -> None:
    document = _doc(Outcome(frozenset({0}), (5, 3, 1), "hand_emptied"))
    change(document)
    assert _corrupt(document).reason.startswith(reason)


def test_an_outcome_at_the_bounds_loads_and_the_score_bound_is_a_limit() -> None:
    ten = Outcome(frozenset({9}), tuple(range(-(10**9), -(10**9) + 10)), "shared")
    assert loads(dumps(ten)) == ten
    with pytest.raises(CorruptState, match="a score beyond 100 either way"):
        loads(dumps(Outcome(frozenset({0}), (101,), "x")), limits=LoadLimits(max_score=100))


# -- JSON Schema ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def validator() -> Draft202012Validator:
    schema = partyrules.json_schema(GAME)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def _schema_documents() -> Iterator[tuple[str, Any]]:
    yield "config", Config(players=3)
    yield "config-custom", CUSTOM_CONFIG
    for name in ("default-mid", "default-inviting", "default-voting", "default-over",
                 "custom-after-a-vote"):
        state = STATES[name]
        yield f"state-{name}", state
        for seat in (None, *range(state.config.players)):
            yield f"view-{name}-{seat}", GAME.view(state, seat)
    for action in ACTIONS:
        yield f"action-{action!r}", action
    yield "outcome", GAME.outcome(STATES["default-over"])
    yield "outcome-no-scores", Outcome(frozenset(), None, "x")
    yield "replay", testing.play_random(GAME, seed=2, players=4).replay()
    yield "replay-custom", testing.play_random(GAME, CUSTOM_CONFIG, seed=9).replay()


SCHEMA_DOCUMENTS = dict(_schema_documents())


@pytest.mark.parametrize("name", list(SCHEMA_DOCUMENTS))
def test_schema_accepts_what_dumps_writes(validator: Draft202012Validator, name: str) -> None:
    document = _doc(SCHEMA_DOCUMENTS[name])
    errors = [error.message for error in validator.iter_errors(document)]
    assert errors == []


def test_schema_documents_cover_every_kind() -> None:
    kinds = {_doc(obj)["type"] for obj in SCHEMA_DOCUMENTS.values()}
    expected = {"Config", "State", "View", "Outcome", "Replay"}
    assert kinds == expected | {cls.__name__ for cls in GAME.action_types}


@pytest.mark.parametrize(("obj", "change"), [
    (Config(players=3), lambda d: d["data"].update(players="3")),
    (Config(players=3), lambda d: d["data"].update(players=3.5)),
    (Config(players=3), lambda d: d["data"].update(no_screen_tables=1)),
    (Config(players=3), lambda d: d.update(version=2)),
    (Config(players=3), lambda d: d.update(format="other")),
    (Config(players=3), lambda d: d.pop("data")),
    (Config(players=3), lambda d: d.update(extra=1)),
    (Config(players=3), lambda d: d.update(type="Nope")),
    (STATES["default-mid"], lambda d: d["data"]["hands"][0].__setitem__(0, "x")),
    (STATES["default-mid"], lambda d: d["data"]["phase"].update(type="Nope")),
    (STATES["default-mid"], lambda d: d["data"].update(scores={"0": 1})),
    (Ballot(0, frozenset({1, 2})), lambda d: d["data"].update(rejected=[1, 1])),
    (Propose(0, "x"), lambda d: d["data"].update(story=5)),
    (GAME.outcome(STATES["default-over"]), lambda d: d["data"].update(reason=None)),
    (REPLAY, lambda d: d["data"]["actions"][0].update(type="Nope")),
    (REPLAY, lambda d: d["data"].update(seed="1")),
], ids=["config-string-int", "config-float-int", "config-int-bool", "version", "format",
        "no-data", "extra-envelope-key", "type", "state-string-card", "state-phase-tag",
        "state-object-array", "set-twice", "action-int-story", "outcome-null-reason",
        "replay-action-tag", "replay-string-seed"])
def test_schema_rejects_a_wrong_document(validator: Draft202012Validator, obj: Any,
                                         change: Callable[[Json], Any]) -> None:
    document = _doc(obj)
    assert validator.is_valid(document)
    change(document)
    assert not validator.is_valid(document)
    # what the schema rejects, loading rejects too
    _corrupt(document)


# -- the typed-error contract of apply ---------------------------------------------------------


def _drawing() -> State:
    state = GAME.setup(Config(players=4), 21)
    assert isinstance(state.phase, Drawing)
    assert state.phase.drawn is not None
    return state


def _inviting_empty() -> State:
    state = GAME.apply(_drawing(), StartTable(0))
    assert isinstance(state.phase, Inviting)
    assert state.phase.invited == ()
    return state


def _voting() -> State:
    return STATES["default-voting"]


def _over() -> State:
    return STATES["default-over"]


def _other_seat_card(state: State) -> int:
    active = state.phase.active  # type: ignore[union-attr]
    return state.hands[(active + 1) % state.config.players][0]


def _voter(state: State) -> int:
    return min(GAME.to_act(state))


def _proposed(state: State) -> tuple[int, ...]:
    phase = state.phase
    assert isinstance(phase, Voting)
    return phase.proposed


def _drawn(state: State) -> int:
    phase = state.phase
    assert isinstance(phase, Drawing) and phase.drawn is not None
    return phase.drawn


ILLEGAL: list[tuple[str, Callable[[], State], Callable[[State], Any]]] = [
    # forged seats
    ("seat-99-start", _drawing, lambda s: StartTable(99)),
    ("seat-minus-1-start", _drawing, lambda s: StartTable(-1)),
    ("seat-string-start", _drawing, lambda s: StartTable("0")),
    ("seat-true-start", _drawing, lambda s: StartTable(True)),
    ("seat-table-pass", _drawing, lambda s: Pass(TABLE)),
    ("seat-other-exchange", _drawing, lambda s: Exchange(1, s.hands[1][0])),
    ("seat-99-exchange", _drawing, lambda s: Exchange(99, s.hands[0][0])),
    ("seat-99-unknown", _drawing, lambda s: Unknown(99, _drawn(s))),
    ("seat-99-invite", _inviting_empty, lambda s: Invite(99, s.hands[0][0])),
    ("seat-minus-1-invite", _inviting_empty, lambda s: Invite(-1, s.hands[0][0])),
    ("seat-string-propose", _inviting_empty, lambda s: Propose("0", "")),
    ("seat-99-ballot", _voting, lambda s: Ballot(99)),
    ("seat-minus-1-ballot", _voting, lambda s: Ballot(-1)),
    ("seat-string-ballot", _voting, lambda s: Ballot(str(_voter(s)))),
    ("seat-proposer-ballot", _voting, lambda s: Ballot(s.phase.active)),
    # out of phase
    ("ballot-during-draw", _drawing, lambda s: Ballot(1)),
    ("ballot-during-draw-active", _drawing, lambda s: Ballot(0)),
    ("propose-before-any-invite", _inviting_empty, lambda s: Propose(0, "a story")),
    ("invite-during-draw", _drawing, lambda s: Invite(0, s.hands[0][0])),
    ("start-while-inviting", _inviting_empty, lambda s: StartTable(0)),
    ("unknown-while-inviting", _inviting_empty, lambda s: Unknown(0, s.hands[0][0])),
    ("exchange-during-vote", _voting, lambda s: Exchange(_voter(s), s.hands[_voter(s)][0])),
    ("propose-during-vote", _voting, lambda s: Propose(s.phase.active, "")),
    ("join-missing-table", _drawing, lambda s: JoinTable(0, 0)),
    ("ballot-after-the-end", _over, lambda s: Ballot(0)),
    ("start-after-the-end", _over, lambda s: StartTable(0)),
    ("pass-when-a-table-is-possible", _drawing, lambda s: Pass(0)),
    # cards that are not in hand
    ("exchange-other-hand", _drawing, lambda s: Exchange(0, _other_seat_card(s))),
    ("exchange-pile-card", _drawing, lambda s: Exchange(0, s.pile[0])),
    ("exchange-no-such-card", _drawing, lambda s: Exchange(0, 10_000)),
    ("unknown-not-drawn", _drawing, lambda s: Unknown(0, s.hands[0][0])),
    ("burial-other-hand", _drawing, lambda s: StartBurial(0, _other_seat_card(s))),
    ("invite-other-hand", _inviting_empty, lambda s: Invite(0, _other_seat_card(s))),
    ("invite-pile-card", _inviting_empty, lambda s: Invite(0, s.pile[-1])),
    ("ballot-rejects-unproposed", _voting, lambda s: Ballot(_voter(s), frozenset({
        next(c for c in range(200) if c not in _proposed(s))}))),
    # wrong field types
    ("exchange-card-string", _drawing, lambda s: Exchange(0, "x")),
    ("exchange-card-float", _drawing, lambda s: Exchange(0, float(s.hands[0][0]))),
    ("exchange-card-none", _drawing, lambda s: Exchange(0, None)),
    ("unknown-card-string", _drawing, lambda s: Unknown(0, "x")),
    ("invite-card-string", _inviting_empty, lambda s: Invite(0, "x")),
    ("invite-card-list", _inviting_empty, lambda s: Invite(0, [s.hands[0][0]])),
    ("burial-card-string", _drawing, lambda s: StartBurial(0, "x")),
    ("join-table-string", _drawing, lambda s: JoinTable(0, "0")),
    ("propose-story-int", _inviting_empty, lambda s: Propose(0, 5)),
    ("ballot-rejected-list", _voting, lambda s: Ballot(_voter(s), [1])),
    ("ballot-rejected-proposed-list", _voting, lambda s: Ballot(_voter(s), list(_proposed(s)))),
    ("ballot-rejected-none", _voting, lambda s: Ballot(_voter(s), None)),
    ("ballot-rejected-strings", _voting, lambda s: Ballot(_voter(s), frozenset({"x"}))),
    # not an action of this game
    ("not-an-action-string", _drawing, lambda s: "StartTable"),
    ("not-an-action-none", _voting, lambda s: None),
    ("not-an-action-outcome", _drawing, lambda s: Outcome(frozenset(), None, "x")),
]


@pytest.mark.parametrize(("make_state", "make_action"),
                         [(state, action) for _, state, action in ILLEGAL],
                         ids=[name for name, _, _ in ILLEGAL])
def test_illegal_action_is_refused_and_leaves_the_state_untouched(
        make_state: Callable[[], State], make_action: Callable[[State], Any]) -> None:
    state = make_state()
    action = make_action(state)
    snapshot = copy.deepcopy(state)
    text = dumps(state)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, action)
    assert str(info.value)  # the message names the rule
    assert not isinstance(info.value, CorruptState)
    assert state == snapshot
    assert state == loads(text)
    assert dumps(state) == text


def test_the_refused_actions_are_not_enumerated() -> None:
    for _, make_state, make_action in ILLEGAL:
        state = make_state()
        action = make_action(state)
        for seat in (TABLE, *range(state.config.players + 1)):
            # by repr: 182.0 == 182, yet Exchange(0, 182.0) is rightly refused
            assert repr(action) not in {repr(a) for a in GAME.legal_actions(state, seat)}


def test_the_same_actions_with_good_fields_are_legal() -> None:
    # a control for the table above: the refusals are about the field, not the phase
    drawing, inviting, voting = _drawing(), _inviting_empty(), _voting()
    card = drawing.hands[0][0]
    for state, action in [
        (drawing, StartTable(0)),
        (drawing, Exchange(0, card)),
        (drawing, Unknown(0, _drawn(drawing))),
        (inviting, Invite(0, inviting.hands[0][0])),
        (voting, Ballot(_voter(voting))),
        (voting, Ballot(_voter(voting), frozenset(_proposed(voting)))),
    ]:
        assert action in list(GAME.legal_actions(state, action.seat))
        after = GAME.apply(state, action)
        assert after != state
        assert loads(dumps(after)) == after


def test_propose_after_two_invites_is_legal() -> None:
    state = _inviting_empty()
    for _ in range(2):
        state = GAME.apply(state, Invite(0, state.hands[0][0]))
    assert isinstance(GAME.apply(state, Propose(0, "a story")).phase, Voting)


# Values equal to a legal int (32.0 == 32, True == 1) must be refused: stored in a state,
# they would make a state that no longer loads.
def test_unknown_with_a_float_card_is_illegal() -> None:
    state = _drawing()
    snapshot = copy.deepcopy(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, Unknown(0, float(_drawn(state))))  # type: ignore[arg-type]
    assert state == snapshot


def test_ballot_with_float_members_is_illegal() -> None:
    state = _voting()
    card = _proposed(state)[0]
    snapshot = copy.deepcopy(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, Ballot(_voter(state), frozenset({float(card)})))  # type: ignore[arg-type]
    assert state == snapshot


def test_states_are_immutable() -> None:
    state = _drawing()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.scores = (1, 1, 1, 1)  # type: ignore[misc]


@pytest.mark.parametrize("bad", [{"state": 1}, 12, "12", "ABCDEF0123456789", "g" * 16, None])
def test_the_rng_travels_as_sixteen_hex_digits(bad: object) -> None:
    state = STATES["default-mid"]
    document = json.loads(dumps(state))
    assert re.fullmatch("[0-9a-f]{16}", document["data"]["rng"])  # safe in JavaScript
    document["data"]["rng"] = bad
    with pytest.raises(CorruptState) as caught:
        loads(json.dumps(document))
    assert caught.value.path == "data.rng" and "hex" in str(caught.value)


def test_a_config_error_names_its_field() -> None:
    document = json.loads(dumps(Config(players=3)))
    document["data"]["first_player"] = 5
    with pytest.raises(CorruptState) as caught:
        loads(json.dumps(document))
    assert caught.value.path == "data.first_player"


@pytest.mark.parametrize("side", ["sideways", 1, True, None, ["top"], {"top": 1}])
def test_a_value_outside_a_literal_names_the_values_allowed(side: object) -> None:
    from partyrules.games.when_i_dream import Config as DreamConfig

    error = _corrupt(_mutated(DreamConfig(players=4), lambda d: d.update(side=side)))
    assert (error.path, error.reason) == (
        "data.side", f"expected one of 'top', 'bottom', 'expert', got {side!r}")


@pytest.mark.parametrize(("guests", "path"), [([5], "data.guests[0]"),
                                              (["x"], "data.guests[0]"),
                                              ([[1]], "data.guests[0]")])
def test_a_record_given_a_value_that_is_no_object_says_so(guests: object, path: str) -> None:
    error = _corrupt(_mutated(Config(players=3), lambda d: d.update(guests=guests)))
    assert (error.path, error.reason) == (path, "expected a JSON object (a Guest)")
    error = _corrupt({**_doc(Config(players=3)), "data": 3})
    assert (error.path, error.reason) == ("data", "expected a JSON object (a Config)")
