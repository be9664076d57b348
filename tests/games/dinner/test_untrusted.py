"""Guess Who's Coming to Dinner from a stranger: loading refuses every state and view the
rules cannot reach, naming the path, and narration keeps ballots secret until the count.

Each broken document is a real one (a state or view of a random game, or one built from
it) with one field broken; the tables list the field, the edit and the path the
refusal must name. Issue 12's examples come first.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import attrs
import pytest

import partyrules
from partyrules import CorruptState
from partyrules.core import testing
from partyrules.games.dinner.actions import Ballot, Exchange, Unknown
from partyrules.games.dinner.cards import Guest
from partyrules.games.dinner.rules import max_total_score, max_turn, paid_scores
from partyrules.games.dinner.state import (
    Config,
    Drawing,
    Inviting,
    Over,
    State,
    Voting,
    component_data,
)

GAME = partyrules.get_game("dinner")
Json = Any
Change = Callable[[Json], Any]


@cache
def _states() -> tuple[State, ...]:
    found: list[State] = []
    for players in (3, 5):
        for seed in range(4):
            found += testing.play_random(GAME, Config(players=players), seed=seed,
                                         bot_seed=seed).states
    return tuple(found)


def state_where(test: Callable[[State], bool]) -> State:
    """The first state of some random games that passes ``test``."""
    return next(state for state in _states() if test(state))


DECEASED = Config(players=3).deck().deceased


def drawing(state: State) -> bool:
    """A turn's draw, with a pile to take cards from, an accepted last vote and a first
    table that is no burial and not led by a deceased guest."""
    return (isinstance(state.phase, Drawing) and state.phase.drawn is not None
            and len(state.pile) > 20 and not state.under
            and state.last_vote is not None and state.last_vote.accepted
            and bool(state.tables) and not state.tables[0].burial
            and state.tables[0].cards[0] not in DECEASED)


def declared(state: State) -> bool:
    return isinstance(state.phase, Drawing) and bool(state.phase.declared)


def new_table(state: State) -> bool:
    phase = state.phase
    return (isinstance(phase, Inviting) and phase.table is None and phase.deceased is None
            and len(phase.invited) == 1 and phase.invited[0] not in DECEASED
            and len(state.pile) > 20)


def joining(state: State) -> bool:
    return isinstance(state.phase, Inviting) and state.phase.table is not None


def voting(state: State) -> bool:
    """A vote of 5 with a ballot in, and a pile to take cards from."""
    phase = state.phase
    return (isinstance(phase, Voting) and state.config.players == 5 and len(state.pile) > 20
            and sum(ballot is not None for ballot in phase.ballots) == 2
            and phase.deceased is None and phase.table is None)


def rejected(state: State) -> bool:
    return state.last_vote is not None and not state.last_vote.accepted


def under(state: State) -> bool:
    return isinstance(state.phase, Drawing) and len(state.under) >= 2


def over() -> State:
    return next(state for state in reversed(_states()) if isinstance(state.phase, Over))


def exhausted() -> State:
    """A game ended by the pile: the pile played out into the discard, then a full round
    of turns without an accepted table (random bots seldom get there)."""
    state = state_where(drawing)
    return attrs.evolve(state, pile=(), under=(), discard=state.discard + state.pile,
                        phase=Over("pile_exhausted"), dry_turns=state.config.players)


def document(obj: Any, change: Change) -> str:
    data = json.loads(partyrules.dumps(obj))
    change(data["data"])
    return json.dumps(data)


def refusal(obj: Any, change: Change) -> CorruptState:
    """The ``CorruptState`` that loading ``obj`` with ``change`` made to its data raises
    (the document loads unchanged)."""
    assert partyrules.loads(partyrules.dumps(obj)) == obj
    with pytest.raises(CorruptState) as caught:
        partyrules.loads(document(obj, change))
    return caught.value


def take_from_pile(data: Json, count: int) -> list[int]:
    """Remove ``count`` cards from the top of the pile (the cards put under stay at its
    bottom), to seat them elsewhere and keep every card in one place."""
    taken, data["pile"] = data["pile"][:count], data["pile"][count:]
    return list(taken)


def seat_more(count: int) -> Change:
    def change(data: Json) -> None:
        data["phase"]["invited"] += take_from_pile(data, count)
    return change


def setting(*path: str | int, to: Any) -> Change:
    def change(data: Json) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = to
    return change


# -- issue 12's examples ---------------------------------------------------------------


@pytest.mark.parametrize("test", [voting, new_table], ids=["voting", "inviting"])
def test_a_twelve_guest_proposal_is_refused(test: Callable[[State], bool]) -> None:
    state = state_where(test)
    assert isinstance(state.phase, (Inviting, Voting))
    error = refusal(state, seat_more(12 - len(state.phase.invited)))
    assert error.path == "data.phase.invited"
    assert "at most 6 guests, not 12" in error.reason


@pytest.mark.parametrize("stories", [0, 9])
def test_a_table_with_0_or_9_stories_is_refused(stories: int) -> None:
    state = state_where(drawing)
    error = refusal(state, setting("tables", 0, "stories", to=["a story"] * stories))
    assert error.path == "data.tables[0].stories"
    assert f"not {stories}" in error.reason


def test_a_last_vote_by_seat_99_is_refused() -> None:
    error = refusal(state_where(drawing), setting("last_vote", "seat", to=99))
    assert error.path == "data.last_vote.seat"
    assert error.reason == "no seat 99"


def test_a_ballot_is_told_to_the_others_as_a_vote_until_the_count() -> None:
    state = state_where(voting)
    phase = state.phase
    assert isinstance(phase, Voting)
    voter = min(GAME.to_act(state))
    ballot = Ballot(voter, frozenset(phase.proposed[:1]))
    for viewer in (None, *range(5)):
        line = GAME.describe_action(state, ballot, viewer)
        if viewer == voter:
            assert line.startswith(f"Seat {voter} rejects ")
        else:
            assert line == f"Seat {voter} votes"


def test_the_last_ballot_is_told_like_the_others_and_the_count_is_read_in_the_view() -> None:
    state = state_where(voting)
    phase = state.phase
    assert isinstance(phase, Voting)
    *first, last = sorted(GAME.to_act(state))
    state = testing.apply_all(GAME, state, *(Ballot(seat) for seat in first))
    rejects = frozenset(phase.proposed[:1])
    named = state.config.deck().label(phase.proposed[0])
    for viewer in (None, *range(5)):
        line = GAME.describe_action(state, Ballot(last, rejects), viewer)
        # how the count came out depends on ballots the voter never saw
        assert line == (f"Seat {last} votes" if viewer != last
                        else f"Seat {last} rejects {named}")
    counted = GAME.apply(state, Ballot(last, rejects))
    for viewer in (None, *range(5)):
        result = GAME.view(counted, viewer).last_vote
        assert result is not None and result.ballots[last] == rejects
        assert (result.seat, result.proposed) == (phase.active, phase.proposed)
        assert f"seat {last} rejected {named}" in GAME.render_view(GAME.view(counted, viewer))


# -- every kind of check on a state -------------------------------------------------------


def _swap_hand_and_pile(seat: int) -> Change:
    """Seat ``seat``'s whole hand goes on top of the pile."""
    def change(data: Json) -> None:
        data["pile"] = data["hands"][seat] + data["pile"]
        data["hands"][seat] = []
    return change


def _put_top_card_under(seat: int) -> Change:
    def change(data: Json) -> None:
        data["under"].append([data["pile"][0], seat])
    return change


def _declare_a_card_from_the_pile(data: Json) -> None:
    data["phase"]["declared"].append(data["pile"][0])


def _every_other_seat_votes(data: Json) -> None:
    active = data["phase"]["active"]
    data["phase"]["ballots"] = [None if seat == active else []
                                for seat in range(len(data["phase"]["ballots"]))]


def _vote_on_one_new_guest(data: Json) -> None:
    invited = data["phase"]["invited"]
    data["pile"] = invited[1:] + data["pile"]
    data["phase"]["invited"] = invited[:1]


def _ballot_for_the_proposer(data: Json) -> None:
    data["phase"]["ballots"][data["phase"]["active"]] = []


def _ballot_rejecting_a_pile_card(data: Json) -> None:
    seat = next(i for i, b in enumerate(data["phase"]["ballots"]) if b is not None)
    data["phase"]["ballots"][seat] = [data["pile"][0]]


def _join_a_full_table(data: Json) -> None:
    table = data["tables"][data["phase"]["table"]]
    table["cards"] += take_from_pile(data, 7 - len(table["cards"]))


def _too_few_cards_to_propose(data: Json) -> None:
    active = data["phase"]["active"]
    data["pile"] = data["hands"][active] + data["pile"]
    data["hands"][active] = []


def _host_paid_nothing(data: Json) -> None:
    # The total stays what the tables paid; only who was paid is wrong.
    host = data["tables"][0]["host"]
    scores = data["scores"]
    other = (host + 1) % len(scores)
    scores[other] += scores[host]
    scores[host] = 0


def _turn_down_nothing(data: Json) -> None:
    data["last_vote"]["turned_down"] = []


STATE_CASES: list[tuple[str, Callable[[], State], Change, str, str]] = [
    ("a hand too few", lambda: state_where(drawing),
     lambda d: d["hands"].pop(), "data.hands", "one entry per seat"),
    ("a card in two places", lambda: state_where(drawing),
     lambda d: d["discard"].append(d["pile"][0]), "data.discard[", "is also in"),
    ("a card outside the deck", lambda: state_where(drawing),
     lambda d: d["pile"].__setitem__(0, 200), "data.pile[0]", "no card 200"),
    ("an 8-card table", lambda: state_where(drawing),
     lambda d: d["tables"][0]["cards"].extend(take_from_pile(d, 8 - len(d["tables"][0]["cards"]))),
     "data.tables[0].cards", "2 to 7 cards"),
    ("a burial led by a living guest", lambda: state_where(drawing),
     setting("tables", 0, "burial", to=True), "data.tables[0].cards", "deceased"),
    ("a table hosted by seat 99", lambda: state_where(drawing),
     setting("tables", 0, "host", to=99), "data.tables[0].host", "no seat 99"),
    ("a negative score", lambda: state_where(drawing),
     setting("scores", 1, to=-1), "data.scores[1]", "never negative"),
    ("a score past what the deck can pay", lambda: state_where(drawing),
     setting("scores", 0, to=10**6), "data.scores", "more than a game with this deck"),
    ("a score the tables in play cannot have paid", lambda: state_where(drawing),
     setting("scores", 0, to=1000), "data.scores", "every point comes from an accepted table"),
    ("a host paid less than its table's opening", lambda: state_where(drawing),
     _host_paid_nothing, "data.scores[", "the openings of the tables it hosts"),
    ("a revealed card not in hand", lambda: state_where(drawing),
     lambda d: d["revealed"][1].append(d["hands"][0][0]), "data.revealed[1]", "in the hand"),
    ("a card put under by seat 99", lambda: state_where(under),
     lambda d: d["under"][0].__setitem__(1, 99), "data.under[0][1]", "no seat 99"),
    ("a card put under that is on top", lambda: state_where(drawing),
     _put_top_card_under(0), "data.under", "bottom cards"),
    ("cards put under in the wrong order", lambda: state_where(under),
     lambda d: d["under"].reverse(), "data.under", "in the order"),
    ("a full round of dry turns with the game on", lambda: state_where(drawing),
     lambda d: d.update(dry_turns=d["config"]["players"]), "data.dry_turns", "end the game"),
    ("a dry turn with cards in the pile", lambda: state_where(drawing),
     setting("dry_turns", to=1), "data.dry_turns", "pile is empty"),
    ("turn 0", lambda: state_where(drawing), setting("turn", to=0), "data.turn", "not 0"),
    ("a turn past the rules' reach", lambda: state_where(drawing),
     setting("turn", to=10**6), "data.turn", "not 1000000"),
    ("an empty hand between turns", lambda: state_where(drawing),
     _swap_hand_and_pile(1), "data.hands[1]", "hand is empty"),
    ("a last vote missing a ballot", lambda: state_where(drawing),
     lambda d: d["last_vote"]["ballots"].pop(), "data.last_vote.ballots", "one ballot per seat"),
    ("a last vote where the proposer voted", lambda: state_where(drawing),
     lambda d: d["last_vote"]["ballots"].__setitem__(d["last_vote"]["seat"], []),
     "data.last_vote.ballots[", "every seat but the proposer"),
    ("a last vote that miscounts", lambda: state_where(rejected),
     _turn_down_nothing, "data.last_vote.turned_down", "strict majority"),
    ("a last vote scoring 20", lambda: state_where(drawing),
     setting("last_vote", "points", to=20), "data.last_vote.points", "3 to 19"),
    ("a last vote that is not its table's score", lambda: state_where(drawing),
     lambda d: d["last_vote"].update(points=4 if d["last_vote"]["points"] == 3 else 3),
     "data.last_vote.points", "the table the last vote seated scores"),
    ("a rejected proposal that scored", lambda: state_where(rejected),
     setting("last_vote", "points", to=4), "data.last_vote.points", "scores nothing"),
    ("a last vote of 7 cards", lambda: state_where(drawing),
     lambda d: d["last_vote"].update(proposed=list(range(7))), "data.last_vote.proposed",
     "1 to 6 new cards"),
    ("an active seat 9", lambda: state_where(drawing),
     setting("phase", "active", to=9), "data.phase.active", "no seat 9"),
    ("a drawn card not in hand", lambda: state_where(drawing),
     lambda d: d["phase"].update(drawn=d["pile"][0]), "data.phase.drawn", "active hand"),
    ("an exchange without a drawn card", lambda: state_where(drawing),
     lambda d: d["phase"].update(drawn=None, exchanged=True), "data.phase.drawn",
     "replaced by a drawn card"),
    ("a declared card that is not under the pile", lambda: state_where(drawing),
     _declare_a_card_from_the_pile, "data.phase.declared", "under the pile"),
    ("a declared card in another hand", lambda: state_where(declared),
     lambda d: d["phase"].update(declared=[d["hands"][(d["phase"]["active"] + 1)
                                                    % d["config"]["players"]][0]]),
     "data.phase.declared", "under the pile"),
    ("a join of table 99", lambda: state_where(joining),
     setting("phase", "table", to=99), "data.phase.table", "no table 99"),
    ("a join of a full table", lambda: state_where(joining),
     _join_a_full_table, "data.phase.table", "nobody can join"),
    ("a burial of a living guest", lambda: state_where(new_table),
     lambda d: d["phase"].update(deceased=d["phase"]["invited"].pop()), "data.phase.deceased",
     "deceased character"),
    ("a proposal that cannot reach its minimum", lambda: state_where(new_table),
     _too_few_cards_to_propose, "data.phase.invited", "cannot make up the rest"),
    ("a vote on one guest for a new table", lambda: state_where(voting),
     _vote_on_one_new_guest, "data.phase.invited", "at least 2"),
    ("a vote missing a ballot slot", lambda: state_where(voting),
     lambda d: d["phase"]["ballots"].pop(), "data.phase.ballots", "one ballot per other"),
    ("a ballot by the proposer", lambda: state_where(voting),
     _ballot_for_the_proposer, "data.phase.ballots", "one ballot per other"),
    ("a vote with every ballot in", lambda: state_where(voting),
     _every_other_seat_votes, "data.phase.ballots", "already counted"),
    ("a ballot rejecting a card not proposed", lambda: state_where(voting),
     _ballot_rejecting_a_pile_card, "data.phase.ballots[", "only proposed cards"),
    ("a game ended by the pile, won by a seat", exhausted,
     setting("phase", "emptied_by", to=0), "data.phase.emptied_by", "names the seat"),
    ("a game ended by the pile with cards in it", exhausted,
     lambda d: d.update(pile=d["discard"][-3:], discard=d["discard"][:-3]),
     "data.dry_turns", "empty pile"),
    ("a game ended by the pile too early", exhausted,
     setting("dry_turns", to=1), "data.dry_turns", "empty pile"),
    ("a game ended by a hand that holds cards", over,
     lambda d: d["hands"][d["phase"]["emptied_by"]].append(d["pile"].pop(0)),
     "data.phase.emptied_by", "yet holds cards"),
    ("a game ended by a hand, unsaid", over,
     setting("phase", "emptied_by", to=None), "data.phase.emptied_by", "names the seat"),
    ("an end reason outside the rules", over,
     setting("phase", "reason", to="sideways"), "data.phase.reason", ""),
]


@pytest.mark.parametrize(("build", "change", "path", "words"),
                         [case[1:] for case in STATE_CASES], ids=[c[0] for c in STATE_CASES])
def test_a_state_with_one_field_broken_is_refused_naming_it(
        build: Callable[[], State], change: Change, path: str, words: str) -> None:
    state = build()
    GAME.validate(state)
    error = refusal(state, change)
    assert error.path.startswith(path) if path.endswith("[") else error.path == path, error
    assert words in error.reason, error


def test_a_card_declared_unknown_may_come_round_again_and_be_exchanged() -> None:
    """With two cards in the pile, three unknown characters bring the first back to
    hand, and the exchange may discard it: the declared card is then in the discard."""
    state = state_where(drawing)
    assert isinstance(state.phase, Drawing) and state.phase.drawn is not None
    first = state.phase.drawn
    state = attrs.evolve(state, pile=state.pile[:2], discard=state.discard + state.pile[2:])
    GAME.validate(state)
    for _ in range(3):
        assert isinstance(state.phase, Drawing) and state.phase.drawn is not None
        state = GAME.apply(state, Unknown(state.phase.active, state.phase.drawn))
    assert isinstance(state.phase, Drawing) and state.phase.drawn == first
    state = GAME.apply(state, Exchange(state.phase.active, first))
    assert isinstance(state.phase, Drawing) and first in state.phase.declared
    assert state.discard[-1] == first
    for seat in (None, *range(state.config.players)):
        view = GAME.view(state, seat)
        assert partyrules.loads(partyrules.dumps(view)) == view
    assert partyrules.loads(partyrules.dumps(state)) == state


def test_the_bounds_are_the_rules_reach() -> None:
    config = Config(players=4)
    assert max_turn(config) == 201 * 5
    assert max_total_score(config) == 14 * 200 + 5
    state = state_where(drawing)
    at_the_bound = attrs.evolve(state, turn=max_turn(state.config))
    GAME.validate(at_the_bound)
    assert partyrules.loads(partyrules.dumps(at_the_bound)) == at_the_bound


def test_2_3_5_the_scores_are_what_the_tables_in_play_can_have_paid() -> None:
    # 2) "You score 1 point for each character on the table, plus one point for each
    # suit": every point is a table's, so the tables in play bound the scores.
    state = state_where(lambda s: drawing(s) and len(s.tables) >= 2)
    deck = state.config.deck()
    least, most, least_per_seat = paid_scores(state.tables, state.phase, state.last_vote,
                                              deck, state.config.players)
    assert least <= sum(state.scores) <= most
    assert all(score >= paid for score, paid in zip(state.scores, least_per_seat,
                                                    strict=True))
    assert most <= sum(2 * len(table.cards) for table in state.tables) * 7
    # The most the tables can have paid loads; a point more is refused.
    richest = max(range(state.config.players), key=lambda seat: state.scores[seat])
    top = attrs.evolve(state, scores=tuple(score + (most - sum(state.scores)) * (seat == richest)
                                           for seat, score in enumerate(state.scores)))
    GAME.validate(top)
    over_top = attrs.evolve(top, scores=tuple(score + (seat == richest)
                                              for seat, score in enumerate(top.scores)))
    with pytest.raises(CorruptState, match="every point comes from an accepted table"):
        GAME.validate(over_top)
    # The example: 1000 points after a few turns, with tables worth a few dozen.
    with pytest.raises(CorruptState, match=f"paid {least} to {most}"):
        partyrules.loads(document(state, setting("scores", 0, to=1000)))
    # The 5-point bonus is paid only to the seat whose hand emptied.
    ended = over()
    assert isinstance(ended.phase, Over) and ended.phase.emptied_by is not None
    winner = ended.phase.emptied_by
    GAME.validate(ended)
    error = refusal(ended, setting("scores", to=[0] * ended.config.players))
    assert error.path == "data.scores" and "and the 5-point bonus" in error.reason
    # Its points, the bonus included, handed to another seat: the total holds, but the
    # seat whose hand emptied was paid at least the last table and the bonus.
    moved = list(ended.scores)
    other = (winner + 1) % len(moved)
    moved[other], moved[winner] = moved[other] + moved[winner], 0
    error = refusal(ended, setting("scores", to=moved))
    assert error.path == f"data.scores[{winner}]" and "the bonus" in error.reason


def test_every_state_of_a_game_is_valid_to_its_last() -> None:
    for state in (*_states(), exhausted()):
        GAME.validate(state)


# -- views ------------------------------------------------------------------------------


def views_of(test: Callable[[State], bool]) -> Iterator[Any]:
    state = state_where(test)
    yield from (GAME.view(state, seat) for seat in (None, *range(state.config.players)))


def view_of(test: Callable[[State], bool], seat: int | None) -> Any:
    return GAME.view(state_where(test), seat)


def _another_seat(data: Json) -> int:
    return (data["phase"]["active"] + 1) % data["config"]["players"]


def _show_another_ballot(data: Json) -> None:
    phase = data["phase"]
    voter = next(s for s in range(len(phase["ballots"]))
                 if s != phase["active"] and s != data["seat"] and s in data["voted"])
    phase["ballots"][voter] = []


def _eleven_more_guests(data: Json) -> None:
    """Seat 11 cards the view does not place (from the pile or others' hands), taking
    them off the pile's count so that every count still adds up."""
    seen = {*data["hand"], *data["discard"], *data["phase"]["invited"],
            *(card for _, card in data["known_under"]),
            *(card for table in data["tables"] for card in table["cards"]),
            *(card for known in data["known_in_hands"] for card in known)}
    unseen = [card for card in range(200) if card not in seen][:11]
    data["phase"]["invited"] += unseen
    data["pile_size"] -= 11


VIEW_CASES: list[tuple[str, Callable[[], Any], Change, str, str]] = [
    ("a seat 99", lambda: view_of(drawing, 0), setting("seat", to=99), "data.seat", "no seat"),
    ("a hand of the wrong size", lambda: view_of(drawing, 1),
     lambda d: d["hand"].pop(), "data.hand", "holds"),
    ("a spectator with a hand", lambda: view_of(drawing, None),
     lambda d: d.update(hand=[d["discard"][0]] if d["discard"] else [0]), "data.hand",
     "spectator"),
    ("a hand size too few", lambda: view_of(drawing, 0),
     lambda d: d["hand_sizes"].pop(), "data.hand_sizes", "one entry per seat"),
    ("a negative hand size", lambda: view_of(drawing, None),
     setting("hand_sizes", 1, to=-1), "data.hand_sizes[1]", "fewer than 0"),
    ("more known cards than a hand holds", lambda: view_of(drawing, None),
     lambda d: d["known_in_hands"].__setitem__(1, list(range(d["hand_sizes"][1] + 1))),
     "data.known_in_hands[1]", "more cards known"),
    ("a card in two places", lambda: view_of(drawing, 0),
     lambda d: d["discard"].append(d["hand"][0]), "data.discard[", "is also in"),
    ("a pile that does not add up", lambda: view_of(drawing, 0),
     lambda d: d.update(pile_size=d["pile_size"] + 1), "data.pile_size", "deck's 200"),
    ("a negative pile", lambda: view_of(drawing, 0),
     setting("pile_size", to=-1), "data.pile_size", "0 to 200"),
    ("a card under the pile past its bottom", lambda: view_of(under, 0),
     lambda d: d.update(known_under=[[d["pile_size"], d["discard"][0] if d["discard"] else 0]]),
     "data.known_under", "positions"),
    ("a table with 9 stories", lambda: view_of(drawing, 2),
     setting("tables", 0, "stories", to=["x"] * 9), "data.tables[0].stories", "not 9"),
    ("another's drawn card", lambda: next(v for v in views_of(drawing)
                                          if v.seat != v.phase.active),
     lambda d: d["phase"].update(drawn=d["hand"][0] if d["hand"] else 0), "data.phase",
     "only the active seat"),
    ("another's ballot before the count", lambda: next(
        v for v in views_of(voting) if len(v.voted - {v.seat}) > 0),
     _show_another_ballot, "data.phase.ballots[", "only its own ballot"),
    ("a seat to act out of turn", lambda: view_of(drawing, 0),
     lambda d: d.update(to_act=[_another_seat(d)]), "data.to_act", "are to act"),
    ("votes outside a vote", lambda: view_of(drawing, 0),
     lambda d: d.update(voted=[0]), "data.voted", "no vote"),
    ("every seat voted", lambda: view_of(voting, None),
     lambda d: d.update(voted=[s for s in range(5) if s != d["phase"]["active"]], to_act=[]),
     "data.voted", "some, not all"),
    ("a last vote of seat 99", lambda: view_of(drawing, 1),
     setting("last_vote", "seat", to=99), "data.last_vote.seat", "no seat 99"),
    ("a twelve-guest proposal", lambda: view_of(new_table, 0),
     _eleven_more_guests, "data.phase.invited", "at most 6 guests, not 12"),
]


@pytest.mark.parametrize(("build", "change", "path", "words"),
                         [case[1:] for case in VIEW_CASES], ids=[c[0] for c in VIEW_CASES])
def test_a_view_with_one_field_broken_is_refused_naming_it(
        build: Callable[[], Any], change: Change, path: str, words: str) -> None:
    view = build()
    assert GAME.validate_view is not None
    GAME.validate_view(view)
    error = refusal(view, change)
    assert error.path.startswith(path) if path.endswith(("[", ".")) else error.path == path, (
        error)
    assert words in error.reason, error


def test_every_view_of_a_game_loads_and_renders() -> None:
    for state in (*_states()[::7], exhausted()):
        for seat in (None, *range(state.config.players)):
            view = GAME.view(state, seat)
            assert partyrules.loads(partyrules.dumps(view)) == view
            assert GAME.render_view(view).startswith(f"Turn {state.turn} - scores: ")


def test_component_data_is_the_deck_in_play() -> None:
    guests = tuple(Guest(f"guest {n}", f"suit {n % 4}", n % 9 == 0) for n in range(31))
    assert component_data(Config(players=3, guests=guests)) == guests
    assert len(component_data(Config(players=3))) == 200
    assert GAME.component_data is component_data
