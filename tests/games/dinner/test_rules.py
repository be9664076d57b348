"""Guess Who's Coming to Dinner: one test per rule clause, named after the rulebook
section it checks (1 Gameplay, 2 Starting a new table, 3 Add guests to an existing
table, 4 Death of a character, 5 End of the game, 6 Variant) or the spec clause
(``spec_...``) that decides what the rulebook leaves open."""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
import pytest

import partyrules
from partyrules import TABLE, IllegalAction, InvalidConfig
from partyrules.core import testing
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
from partyrules.games.dinner.cards import DEFAULT_GUESTS, Guest
from partyrules.games.dinner.rules import paid_scores
from partyrules.games.dinner.state import (
    Config,
    Drawing,
    Over,
    State,
    Table,
    Voting,
)

GAME = partyrules.get_game("dinner")
DECK = Config(players=3).deck()


def card(name: str) -> int:
    return DECK.card_named(name)


def cards(*names: str) -> tuple[int, ...]:
    return tuple(card(name) for name in names)


def arrange(hands: Sequence[Sequence[str]], pile: Sequence[str] | None = None, *,
            active: int = 0, tables: Sequence[Table] = (), scores: Sequence[int] | None = None,
            config: Config | None = None) -> State:
    """A state at the start of ``active``'s turn (before its draw's choices), with the
    named hands, the named pile on top of every other card (or exactly ``pile`` when
    the list ends with ``"<end>"``), and the given tables; without ``scores``, each
    table's host was paid what the table paid (the least its stories can have)."""
    players = len(hands)
    config = config or Config(players=players)
    held = [cards(*hand) for hand in hands]
    on_tables = {c for table in tables for c in table.cards}
    named_pile = [name for name in (pile or []) if name != "<end>"]
    top = cards(*named_pile)
    used = {c for hand in held for c in hand} | on_tables | set(top)
    if pile and pile[-1] == "<end>":
        rest: tuple[int, ...] = ()
        discard = tuple(c for c in range(len(DECK.guests)) if c not in used)
    else:
        rest = tuple(c for c in range(len(DECK.guests)) if c not in used)
        discard = ()
    base = GAME.setup(config, 0)
    state = attrs.evolve(
        base, hands=tuple(held), pile=top + rest, discard=discard, tables=tuple(tables),
        scores=tuple(scores or _paid_to_hosts(tables, players)), phase=Drawing(active, None),
        revealed=(frozenset(),) * players,
    )
    GAME.validate(state)
    return state


def _paid_to_hosts(tables: Sequence[Table], players: int) -> tuple[int, ...]:
    scores = [0] * players
    for table in tables:
        scores[table.host] += paid_scores((table,), Drawing(0, None), None, DECK, players)[0]
    return tuple(scores)


def play(state: State, *actions: object) -> State:
    return testing.apply_all(GAME, state, *actions)


def vote(state: State, rejections: dict[int, Sequence[str]]) -> State:
    """Every voter's ballot; seats missing from ``rejections`` accept everything."""
    phase = state.phase
    assert isinstance(phase, Voting)
    return play(state, *(Ballot(seat, frozenset(cards(*rejections.get(seat, ()))))
                         for seat in range(len(state.hands)) if seat != phase.active))


def assert_refused(state: State, action: object, *words: str) -> None:
    testing.assert_refused(GAME, state, action, *words)


HERVE = ["Neil Gaiman", "Britney Spears", "Bill Gates", "Dominique Strauss-Kahn",
         "Dilma Rousseff", "Roger Federer", "Iggy Pop", "George Clooney"]
OTHERS = [["Serena Williams", "Lionel Messi", "Usain Bolt"],
          ["Stephen King", "Bono", "Tom Hanks"]]


def draw(state: State) -> State:
    """The active player's compulsory draw of the top card (arrange() stops before it)."""
    phase = state.phase
    assert isinstance(phase, Drawing)
    top, seat = state.pile[0], phase.active
    hands = tuple((*hand, top) if i == seat else hand for i, hand in enumerate(state.hands))
    return attrs.evolve(state, hands=hands, pile=state.pile[1:], phase=Drawing(seat, top))


# -- Components -----------------------------------------------------------------------------


def test_components_two_hundred_guest_cards_each_with_a_suit() -> None:
    guests = DECK.guests
    assert len(guests) == 200 and len({guest.name for guest in guests}) == 200
    suits = {guest.suit for guest in guests}
    assert len(suits) == 8
    assert all(sum(guest.suit == suit for guest in guests) == 25 for suit in suits)
    deceased = {guest.name for guest in guests if guest.deceased}
    assert 0 < len(deceased) <= 10 and "Pele" in deceased
    assert DECK.deceased == frozenset(card(name) for name in deceased)


def test_components_a_way_of_keeping_score_for_every_seat() -> None:
    state = GAME.setup(Config(players=5), 4)
    assert state.scores == (0,) * 5
    assert all(GAME.view(state, seat).scores == (0,) * 5 for seat in (None, 0, 3))


# -- 1) Gameplay --------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "size"), [(3, 7), (4, 7), (5, 7), (6, 6), (7, 6)])
def test_1_deal_seven_cards_each_six_with_six_players_or_more(players: int, size: int) -> None:
    state = GAME.setup(Config(players=players), seed=11)
    first = Config(players=players).first_player
    for seat, hand in enumerate(state.hands):
        assert len(hand) == size + (1 if seat == first else 0)  # the first player drew
    assert len(state.pile) == 200 - players * size - 1


def test_1a_a_turn_begins_with_a_compulsory_draw() -> None:
    state = GAME.setup(Config(players=3, first_player=2), seed=5)
    assert state.phase == Drawing(2, state.hands[2][-1])
    assert len(state.hands[2]) == 8 and GAME.to_act(state) == frozenset({2})


def test_1a_unknown_character_goes_under_the_pile_and_is_replaced() -> None:
    state = arrange([HERVE[:6], OTHERS[0], OTHERS[1]], ["Iggy Pop", "Pele", "Banksy"])
    drawn = draw(state)
    after = GAME.apply(drawn, Unknown(0, card("Iggy Pop")))
    assert card("Iggy Pop") not in after.hands[0]
    assert after.pile[-1] == card("Iggy Pop")  # under the draw pile
    assert after.hands[0][-1] == card("Pele")  # the replacement
    assert after.phase == Drawing(0, card("Pele"), frozenset({card("Iggy Pop")}))
    # the replacement may in turn be declared unknown
    again = GAME.apply(after, Unknown(0, card("Pele")))
    assert again.hands[0][-1] == card("Banksy") and again.pile[-2:] == cards("Iggy Pop", "Pele")


def test_1a_only_the_card_just_drawn_may_go_under_the_pile() -> None:
    state = GAME.setup(Config(players=3), seed=2)
    phase = state.phase
    assert isinstance(phase, Drawing) and phase.drawn is not None
    other = next(c for c in state.hands[0] if c != phase.drawn)
    assert_refused(state, Unknown(0, other), "just drawn")


def test_1a_each_card_goes_under_at_most_once_a_turn() -> None:
    state = draw(arrange([HERVE[:7], OTHERS[0], OTHERS[1]], ["Pele", "Banksy", "<end>"]))
    state = play(state, Unknown(0, card("Pele")))  # pile: Banksy, Pele
    state = play(state, Unknown(0, card("Banksy")))  # pile: Pele, Banksy -> draws Pele
    phase = state.phase
    assert isinstance(phase, Drawing) and phase.drawn == card("Pele")
    assert Unknown(0, card("Pele")) not in set(GAME.legal_actions(state, 0))
    assert_refused(state, Unknown(0, card("Pele")), "already")


def test_1a_unknown_needs_a_replacement_in_the_pile() -> None:
    state = draw(arrange([HERVE[:7], OTHERS[0], OTHERS[1]], ["Pele", "<end>"]))
    assert state.pile == ()
    assert not any(isinstance(a, Unknown) for a in GAME.legal_actions(state, 0))
    assert_refused(state, Unknown(0, card("Pele")), "replacement")


def test_1b_exchange_discards_a_card_and_draws_once_a_turn() -> None:
    state = arrange([HERVE[:7], OTHERS[0], OTHERS[1]], ["Banksy", "Pele"])
    state = play(state, Exchange(0, card("Bill Gates")))
    assert state.discard[-1] == card("Bill Gates")
    assert card("Banksy") in state.hands[0] and len(state.hands[0]) == 7
    assert not any(isinstance(a, Exchange) for a in GAME.legal_actions(state, 0))
    assert_refused(state, Exchange(0, card("Iggy Pop")), "once")
    # the replacement may be declared unknown
    assert Unknown(0, card("Banksy")) in set(GAME.legal_actions(state, 0))


def test_1b_exchange_is_optional() -> None:
    state = arrange([HERVE[:7], OTHERS[0], OTHERS[1]])
    assert StartTable(0) in set(GAME.legal_actions(state, 0))
    state = play(state, StartTable(0))
    assert GAME.to_act(state) == frozenset({0})


def test_1c_a_player_must_start_or_join_a_table_passing_only_when_impossible() -> None:
    state = arrange([HERVE[:7], OTHERS[0], OTHERS[1]])
    assert Pass(0) not in set(GAME.legal_actions(state, 0))
    assert_refused(state, Pass(0), "must")
    lonely = arrange([["Bill Gates"], OTHERS[0], OTHERS[1]], ["<end>"])
    assert list(GAME.legal_actions(lonely, 0)) == [Pass(0)]
    after = play(lonely, Pass(0))
    assert isinstance(after.phase, Drawing) and after.phase.active == 1


def test_1_play_then_turns_clockwise_to_the_left() -> None:
    state = arrange([HERVE[:7], OTHERS[0], OTHERS[1]], active=2)
    state = play(state, StartTable(2), Invite(2, card("Bono")), Invite(2, card("Tom Hanks")),
                 Propose(2, "a charity concert"))
    state = vote(state, {})
    assert isinstance(state.phase, Drawing) and state.phase.active == 0


# -- 2) Starting a new table ----------------------------------------------------------------


def test_2_new_table_takes_two_to_six_cards() -> None:
    state = arrange([HERVE, OTHERS[0], OTHERS[1]])
    state = play(state, StartTable(0), Invite(0, card("Neil Gaiman")))
    assert_refused(state, Propose(0, "alone"), "2 guests")
    for name in HERVE[1:6]:
        state = play(state, Invite(0, card(name)))
    assert_refused(state, Invite(0, card("Iggy Pop")), "full")
    assert Propose(0, "") in set(GAME.legal_actions(state, 0))


def test_2_a_new_table_needs_two_cards_in_hand() -> None:
    state = arrange([["Bill Gates"], OTHERS[0], OTHERS[1]])
    assert_refused(state, StartTable(0), "2 cards")


def herve_table(rejections: dict[int, Sequence[str]]) -> State:
    state = arrange([HERVE, OTHERS[0], OTHERS[1], ["Banksy", "Madonna"]])
    state = play(state, StartTable(0), *(Invite(0, card(name)) for name in
                                         ("Neil Gaiman", "Dilma Rousseff", "Roger Federer",
                                          "George Clooney")),
                 Propose(0, "Clooney shoots Gaiman's Amazonian novel in Brazil"))
    return vote(state, rejections)


def test_2_rulebook_example_herve_scores_six() -> None:
    """First round example: Federer is turned down, the other three stay: 3 + 3 = 6."""
    state = herve_table({1: ["Roger Federer"], 2: ["Roger Federer"], 3: []})
    assert state.scores[0] == 6
    assert state.tables[0].cards == cards("Neil Gaiman", "Dilma Rousseff", "George Clooney")
    assert card("Roger Federer") in state.hands[0]
    assert state.revealed[0] == frozenset({card("Roger Federer")})
    assert state.last_vote is not None and state.last_vote.points == 6


def test_2_a_card_is_turned_down_by_a_strict_majority_of_the_others() -> None:
    # 4 players: 3 voters; 2 rejections is a strict majority
    state = herve_table({1: ["Roger Federer"], 2: ["Roger Federer"]})
    assert card("Roger Federer") not in state.tables[0].cards


def test_2_the_cards_are_arranged_at_the_table_in_the_order_seated() -> None:
    state = arrange([HERVE, OTHERS[0], OTHERS[1]])
    order = ("George Clooney", "Neil Gaiman", "Bill Gates")
    state = play(state, StartTable(0), *(Invite(0, card(name)) for name in order))
    phase = state.phase
    assert not isinstance(phase, (Drawing, Over, Voting)) and phase.invited == cards(*order)
    state = vote(play(state, Propose(0, "a film about a novel about software")), {})
    assert state.tables[0].cards == cards(*order)


def test_2_the_explanation_is_kept_with_the_table_for_every_seat() -> None:
    state = arrange([HERVE, OTHERS[0], OTHERS[1]])
    story = "Gaiman interviews Gates about his foundation"
    state = play(state, StartTable(0), Invite(0, card("Neil Gaiman")),
                 Invite(0, card("Bill Gates")), Propose(0, story))
    for seat in (None, 0, 1, 2):
        seen = GAME.view(state, seat).phase
        assert isinstance(seen, Voting) and seen.story == story
    state = vote(state, {})
    assert state.tables[0].stories == (story,)
    assert all(GAME.view(state, seat).tables[0].stories == (story,) for seat in (None, 1))


def test_2_a_vote_is_held_by_all_the_other_players() -> None:
    state = arrange([HERVE, OTHERS[0], OTHERS[1], ["Banksy", "Madonna"]], active=1)
    state = play(state, StartTable(1), Invite(1, card("Serena Williams")),
                 Invite(1, card("Lionel Messi")), Propose(1, "a charity match"))
    assert GAME.is_simultaneous(state) and GAME.to_act(state) == frozenset({0, 2, 3})
    assert list(GAME.legal_actions(state, 1)) == []
    # convinced players accept everything, and the table stands once all have voted
    state = play(state, Ballot(0, frozenset()), Ballot(3, frozenset()))
    assert state.tables == () and GAME.to_act(state) == frozenset({2})
    state = play(state, Ballot(2, frozenset()))
    assert state.tables[0].cards == cards("Serena Williams", "Lionel Messi")
    assert state.scores[1] == 2 + 1


def test_2_in_case_of_a_tie_the_table_is_accepted() -> None:
    state = arrange([HERVE, OTHERS[0], OTHERS[1], ["Banksy", "Madonna"]])
    state = play(state, StartTable(0), Invite(0, card("Neil Gaiman")),
                 Invite(0, card("Bill Gates")), Propose(0, "a tie"))
    tie = vote(state, {1: ["Neil Gaiman", "Bill Gates"]})  # one of three: accepted
    assert tie.tables[0].cards == cards("Neil Gaiman", "Bill Gates")
    five = arrange([HERVE, OTHERS[0], OTHERS[1], ["Banksy", "Madonna"], ["Pele", "Taylor Swift"]])
    five = play(five, StartTable(0), Invite(0, card("Neil Gaiman")),
                Invite(0, card("Bill Gates")), Propose(0, "two against two"))
    split = vote(five, {1: ["Bill Gates"], 2: ["Bill Gates"]})  # 2 of 4: a tie accepts
    assert split.tables[0].cards == cards("Neil Gaiman", "Bill Gates")
    assert split.scores[0] == 2 + 2


def test_2_a_new_table_left_with_fewer_than_two_guests_is_rejected() -> None:
    state = herve_table({1: ["Neil Gaiman", "Dilma Rousseff", "Roger Federer"],
                         2: ["Neil Gaiman", "Dilma Rousseff", "Roger Federer"]})
    assert state.tables == () and state.scores[0] == 0
    assert state.last_vote is not None and not state.last_vote.accepted


def test_2_a_rejected_table_goes_back_to_hand_and_the_turn_is_lost() -> None:
    proposed = ["Neil Gaiman", "Dilma Rousseff", "Roger Federer", "George Clooney"]
    state = herve_table({1: proposed, 2: proposed, 3: proposed})
    assert sorted(state.hands[0]) == sorted(cards(*HERVE))
    assert state.scores == (0, 0, 0, 0)
    assert isinstance(state.phase, Drawing) and state.phase.active == 1
    assert state.revealed[0] == frozenset(cards("Neil Gaiman", "Dilma Rousseff",
                                                "Roger Federer", "George Clooney"))


def test_2_score_one_point_per_character_plus_one_per_suit() -> None:
    state = arrange([HERVE, OTHERS[0], OTHERS[1]])
    same_suit = ("Dilma Rousseff", "Dominique Strauss-Kahn")
    state = play(state, StartTable(0), *(Invite(0, card(n)) for n in same_suit),
                 Propose(0, "the IMF and Brazil"))
    state = vote(state, {})
    assert state.scores[0] == 2 + 1


def test_2_ballots_are_hidden_until_all_are_in() -> None:
    state = arrange([HERVE, OTHERS[0], OTHERS[1], ["Banksy", "Madonna"]])
    state = play(state, StartTable(0), Invite(0, card("Neil Gaiman")),
                 Invite(0, card("Bill Gates")), Propose(0, "?"),
                 Ballot(1, frozenset({card("Bill Gates")})))
    assert GAME.is_simultaneous(state) and GAME.to_act(state) == frozenset({2, 3})
    for seat in (0, 2, 3, None):
        seen = GAME.view(state, seat)
        assert isinstance(seen.phase, Voting) and seen.phase.ballots[1] is None
        assert seen.voted == frozenset({1})
    own = GAME.view(state, 1).phase
    assert isinstance(own, Voting) and own.ballots[1] == frozenset({card("Bill Gates")})


def test_2_each_voter_votes_once_and_only_on_proposed_cards() -> None:
    state = arrange([HERVE, OTHERS[0], OTHERS[1]])
    state = play(state, StartTable(0), Invite(0, card("Neil Gaiman")),
                 Invite(0, card("Bill Gates")), Propose(0, "?"))
    assert_refused(state, Ballot(0, frozenset()), "proposer")
    assert_refused(state, Ballot(1, frozenset({card("Iggy Pop")})), "proposal")
    state = play(state, Ballot(1, frozenset()))
    assert_refused(state, Ballot(1, frozenset()), "already")
    assert len(list(GAME.legal_actions(state, 2))) == 4  # 2**2 subsets


# -- 3) Add guests to an existing table ----------------------------------------------------


def seated(*names: str, host: int = 1) -> Table:
    return Table(cards(*names), False, host, ("earlier",))


def test_3_joining_scores_the_whole_table_as_if_placed_by_the_joiner() -> None:
    table = seated("Stephen King", "Tom Hanks")  # literature, cinema & tv
    state = arrange([HERVE, OTHERS[0], ["Bono", "Madonna"]], tables=[table],
                    scores=[0, 4, 0])
    state = play(state, JoinTable(0, 0), Invite(0, card("Iggy Pop")),
                 Propose(0, "Iggy wants a biopic"))
    state = vote(state, {})
    assert state.tables[0].cards == cards("Stephen King", "Tom Hanks", "Iggy Pop")
    assert state.scores == (3 + 3, 4, 0)
    assert state.tables[0].stories == ("earlier", "Iggy wants a biopic")


def test_3_other_players_can_reject_some_of_the_joining_guests_as_with_a_new_table() -> None:
    table = seated("Stephen King", "Tom Hanks")  # literature, cinema & tv
    state = arrange([HERVE, OTHERS[0], ["Bono", "Madonna"]], tables=[table],
                    scores=[0, 4, 0])
    joining = ("Iggy Pop", "Bill Gates", "Roger Federer")
    state = play(state, JoinTable(0, 0), *(Invite(0, card(name)) for name in joining),
                 Propose(0, "a benefit gala"))
    # Gates: 2 of 2 against, turned down; Federer: 1 of 2, a tie keeps him
    state = vote(state, {1: ["Bill Gates", "Roger Federer"], 2: ["Bill Gates"]})
    assert state.last_vote is not None and state.last_vote.accepted
    assert state.last_vote.turned_down == frozenset({card("Bill Gates")})
    assert state.tables[0].cards == cards("Stephen King", "Tom Hanks", "Iggy Pop",
                                          "Roger Federer")
    assert card("Bill Gates") in state.hands[0]
    assert card("Iggy Pop") not in state.hands[0] and card("Roger Federer") not in state.hands[0]
    assert state.revealed[0] == frozenset({card("Bill Gates")})
    # the whole table after the join: 4 cards + 4 suits (music and sport are new)
    assert state.scores == (4 + 4, 4, 0)
    assert isinstance(state.phase, Drawing) and state.phase.active == 1


def test_3_adding_guests_is_instead_of_starting_a_new_table() -> None:
    table = seated("Stephen King", "Tom Hanks")
    state = arrange([["Pele", *HERVE[:6]], OTHERS[0], ["Bono", "Madonna"]], tables=[table])
    state = play(state, JoinTable(0, 0))
    for opening in (StartTable(0), StartBurial(0, card("Pele")), JoinTable(0, 0), Pass(0)):
        assert_refused(state, opening, "seating guests")
    assert {type(action) for action in GAME.legal_actions(state, 0)} == {Invite}


def test_3_a_table_may_never_exceed_seven_guests() -> None:
    five = seated("Stephen King", "Tom Hanks", "Bono", "Madonna", "Banksy")
    state = arrange([HERVE, OTHERS[0], ["Adele", "Shakira"]], tables=[five])
    state = play(state, JoinTable(0, 0), Invite(0, card("Iggy Pop")),
                 Invite(0, card("Bill Gates")))
    assert_refused(state, Invite(0, card("Neil Gaiman")), "7")
    full = seated("Stephen King", "Tom Hanks", "Bono", "Madonna", "Banksy", "Pele",
                  "Taylor Swift")
    crowded = arrange([HERVE, OTHERS[0], ["Adele", "Shakira"]], tables=[full])
    assert JoinTable(0, 0) not in set(GAME.legal_actions(crowded, 0))
    assert_refused(crowded, JoinTable(0, 0), "7")


def test_3_a_join_with_no_accepted_guest_is_rejected() -> None:
    table = seated("Stephen King", "Tom Hanks")
    state = arrange([HERVE, OTHERS[0], ["Bono", "Madonna"]], tables=[table])
    state = play(state, JoinTable(0, 0), Invite(0, card("Iggy Pop")), Propose(0, "?"))
    state = vote(state, {1: ["Iggy Pop"], 2: ["Iggy Pop"]})
    assert state.tables[0].cards == cards("Stephen King", "Tom Hanks")
    assert card("Iggy Pop") in state.hands[0] and state.scores[0] == 0


def test_3_joining_needs_an_existing_table() -> None:
    state = arrange([HERVE, OTHERS[0], OTHERS[1]])
    assert_refused(state, JoinTable(0, 0), "no table")


# -- 4) Death of a character ----------------------------------------------------------------


def test_4_a_recently_deceased_card_may_open_a_burial() -> None:
    state = arrange([["Pele", "Roger Federer", "Bill Gates"], OTHERS[0], OTHERS[1]])
    assert StartBurial(0, card("Pele")) in set(GAME.legal_actions(state, 0))
    state = play(state, StartBurial(0, card("Pele")), Invite(0, card("Roger Federer")),
                 Propose(0, "a football farewell"))
    state = vote(state, {})
    assert state.tables[0].burial and state.tables[0].cards == cards("Pele", "Roger Federer")
    assert state.scores[0] == 2 + 1  # both in sport


def test_4_only_a_deceased_character_is_buried() -> None:
    state = arrange([HERVE, OTHERS[0], OTHERS[1]])
    assert_refused(state, StartBurial(0, card("Bill Gates")), "deceased")


def test_4_a_burial_takes_one_to_five_guests() -> None:
    hand = ["Pele", *HERVE]
    state = arrange([hand, OTHERS[0], OTHERS[1]])
    state = play(state, StartBurial(0, card("Pele")))
    assert_refused(state, Propose(0, "nobody came"), "burial")
    for name in HERVE[:5]:
        state = play(state, Invite(0, card(name)))
    assert_refused(state, Invite(0, card(HERVE[5])), "full")


def test_4_turning_down_the_deceased_rejects_the_whole_burial() -> None:
    state = arrange([["Pele", "Roger Federer", "Bill Gates"], OTHERS[0], OTHERS[1]])
    state = play(state, StartBurial(0, card("Pele")), Invite(0, card("Roger Federer")),
                 Invite(0, card("Bill Gates")), Propose(0, "?"))
    state = vote(state, {1: ["Pele"], 2: ["Pele"]})
    assert state.tables == () and sorted(state.hands[0]) == sorted(
        cards("Pele", "Roger Federer", "Bill Gates"))


def test_4_a_burial_keeps_at_least_one_guest() -> None:
    state = arrange([["Pele", "Roger Federer", "Bill Gates"], OTHERS[0], OTHERS[1]])
    state = play(state, StartBurial(0, card("Pele")), Invite(0, card("Roger Federer")),
                 Propose(0, "?"))
    state = vote(state, {1: ["Roger Federer"], 2: ["Roger Federer"]})
    assert state.tables == ()


def test_4_a_deceased_card_may_sit_at_an_ordinary_table() -> None:
    state = arrange([["Pele", "Roger Federer", "Bill Gates"], OTHERS[0], OTHERS[1]])
    state = play(state, StartTable(0), Invite(0, card("Pele")),
                 Invite(0, card("Bill Gates")), Propose(0, "a seance"))
    state = vote(state, {})
    assert not state.tables[0].burial and state.scores[0] == 4


def test_4_joining_a_burial_counts_the_deceased_toward_the_seven_guests() -> None:
    mourners = ("Stephen King", "Tom Hanks", "Bono", "Madonna", "Banksy")
    burial = Table(cards("Pele", *mourners), True, 1, ("a farewell in Santos",))
    state = arrange([HERVE, OTHERS[0], ["Adele", "Shakira"]], tables=[burial])
    assert JoinTable(0, 0) in set(GAME.legal_actions(state, 0))  # 6 cards with Pele
    state = play(state, JoinTable(0, 0), Invite(0, card("Iggy Pop")))
    assert_refused(state, Invite(0, card("Bill Gates")), "7")  # Pele is the 7th's seat
    state = play(state, Propose(0, "Iggy sings at the wake"))
    state = vote(state, {})
    assert state.tables[0].burial
    assert state.tables[0].cards == cards("Pele", *mourners, "Iggy Pop")
    # 7 cards + 5 suits (sport, literature, cinema & tv, music, arts & fashion)
    assert state.scores[0] == 7 + 5
    assert JoinTable(1, 0) not in set(GAME.legal_actions(state, 1))
    assert_refused(state, JoinTable(1, 0), "7")


# -- 5) End of the game ----------------------------------------------------------------------


def test_5_an_empty_hand_after_an_accepted_table_scores_five_and_ends() -> None:
    state = arrange([["Neil Gaiman", "Bill Gates"], OTHERS[0], OTHERS[1]], ["<end>"])
    state = play(state, StartTable(0), Invite(0, card("Neil Gaiman")),
                 Invite(0, card("Bill Gates")), Propose(0, "?"))
    state = vote(state, {})
    assert GAME.is_terminal(state) and GAME.to_act(state) == frozenset()
    assert state.phase == Over("hand_emptied", 0)
    assert state.scores[0] == 2 + 2 + 5
    result = GAME.outcome(state)
    assert result.winners == frozenset({0}) and result.reason == "hand_emptied"


def test_5_the_bonus_of_five_when_a_join_empties_the_hand() -> None:
    table = seated("Stephen King", "Tom Hanks")  # 4 points for seat 1
    earlier = seated("Jane Goodall", "Barack Obama", "Elon Musk")  # and 6 more
    state = arrange([["Iggy Pop"], OTHERS[0], ["Bono", "Madonna"]], ["Banksy", "Adele"],
                    tables=[table, earlier])
    assert state.scores == (0, 10, 0)
    state = play(state, JoinTable(0, 0), Invite(0, card("Iggy Pop")),
                 Propose(0, "Iggy wants a biopic"))
    state = vote(state, {})
    assert state.phase == Over("hand_emptied", 0)  # at once, with cards left in the pile
    # the whole table (3 cards + 3 suits) and the bonus: 11 beats seat 1's 10
    assert state.scores == (3 + 3 + 5, 10, 0)
    assert state.last_vote is not None and state.last_vote.points == 3 + 3 + 5
    assert GAME.outcome(state).winners == frozenset({0})


def test_5_the_bonus_of_five_when_a_burial_empties_the_hand() -> None:
    earlier = seated("Jane Goodall", "Barack Obama", "Elon Musk", "Bill Nye")  # 4 + 3
    state = arrange([["Pele", "Roger Federer"], OTHERS[0], OTHERS[1]], ["Banksy", "Adele"],
                    tables=[earlier])
    assert state.scores == (0, 7, 0)
    state = play(state, StartBurial(0, card("Pele")), Invite(0, card("Roger Federer")),
                 Propose(0, "a football farewell"))
    state = vote(state, {})
    assert state.phase == Over("hand_emptied", 0)
    assert state.tables[-1].burial and state.hands[0] == ()
    assert state.scores == (2 + 1 + 5, 7, 0)  # both in sport: 2 cards + 1 suit, + 5
    assert GAME.outcome(state).winners == frozenset({0})


def test_5_no_bonus_while_a_turned_down_guest_goes_back_to_hand() -> None:
    table = seated("Stephen King", "Tom Hanks")
    state = arrange([["Iggy Pop", "Bill Gates"], OTHERS[0], ["Bono", "Madonna"]],
                    tables=[table])
    state = play(state, JoinTable(0, 0), Invite(0, card("Iggy Pop")),
                 Invite(0, card("Bill Gates")), Propose(0, "?"))
    state = vote(state, {1: ["Bill Gates"], 2: ["Bill Gates"]})
    assert not GAME.is_terminal(state)
    assert state.hands[0] == cards("Bill Gates") and state.scores[0] == 3 + 3


def test_5_highest_total_wins_and_ties_share_the_win() -> None:
    nine = seated("Jane Goodall", "Barack Obama", "Elon Musk", "Bill Nye", "Paul McCartney")
    three = seated("Rafael Nadal", "Novak Djokovic", host=2)
    state = arrange([["Neil Gaiman", "Bill Gates"], OTHERS[0], OTHERS[1]], ["<end>"],
                    tables=[nine, three])
    assert state.scores == (0, 9, 3)
    state = play(state, StartTable(0), Invite(0, card("Neil Gaiman")),
                 Invite(0, card("Bill Gates")), Propose(0, "?"))
    state = vote(state, {})
    assert GAME.outcome(state).winners == frozenset({0, 1})


def test_5_outcome_of_a_running_game_is_refused() -> None:
    with pytest.raises(IllegalAction):
        GAME.outcome(GAME.setup(Config(players=3), 0))


def test_spec_an_empty_pile_skips_the_draw_unknown_and_exchange() -> None:
    state = arrange([HERVE, OTHERS[0], OTHERS[1]], ["<end>"])
    state = play(state, StartTable(0), Invite(0, card("Neil Gaiman")),
                 Invite(0, card("Bill Gates")), Propose(0, "?"))
    state = vote(state, {1: ["Neil Gaiman"], 2: ["Neil Gaiman"]})
    assert state.phase == Drawing(1, None) and len(state.hands[1]) == 3
    assert not any(isinstance(a, (Unknown, Exchange)) for a in GAME.legal_actions(state, 1))


def test_spec_empty_pile_and_a_full_round_without_an_accepted_table_ends_the_game() -> None:
    state = arrange([["Bill Gates"], ["Bono"], ["Pele"]], ["<end>"])
    state = play(state, Pass(0), Pass(1))
    assert not GAME.is_terminal(state) and state.dry_turns == 2
    state = play(state, Pass(2))
    assert GAME.is_terminal(state)
    result = GAME.outcome(state)
    assert result.reason == "pile_exhausted" and result.scores == (0, 0, 0)
    assert result.winners == frozenset({0, 1, 2})


def test_spec_an_accepted_table_resets_the_dry_round() -> None:
    state = arrange([["Bill Gates"], ["Bono", "Madonna"], ["Pele"]], ["<end>"])
    state = play(state, Pass(0), StartTable(1), Invite(1, card("Bono")),
                 Invite(1, card("Madonna")), Propose(1, "duets"))
    state = vote(state, {})
    assert GAME.is_terminal(state)  # seat 1 emptied its hand
    state = arrange([["Bill Gates"], ["Bono", "Madonna", "Banksy"], ["Pele"]], ["<end>"])
    state = play(state, Pass(0), StartTable(1), Invite(1, card("Bono")),
                 Invite(1, card("Madonna")), Propose(1, "duets"))
    state = vote(state, {})
    assert state.dry_turns == 0 and not GAME.is_terminal(state)


def test_spec_only_openings_that_can_reach_a_proposable_table_are_offered() -> None:
    state = arrange([["Pele"], OTHERS[0], OTHERS[1]], ["<end>"])
    assert_refused(state, StartBurial(0, card("Pele")), "one guest")
    assert_refused(state, StartTable(0), "2 cards")
    assert list(GAME.legal_actions(state, 0)) == [Pass(0)]
    room = arrange([["Pele"], OTHERS[0], ["Bono", "Madonna"]], ["<end>"],
                   tables=[seated("Stephen King", "Tom Hanks")])
    assert list(GAME.legal_actions(room, 0)) == [JoinTable(0, 0)]
    assert_refused(room, Pass(0), "must")


def test_spec_there_is_no_undo_inside_a_proposal() -> None:
    state = arrange([HERVE[:3], OTHERS[0], OTHERS[1]], ["<end>"])
    state = play(state, StartTable(0), Invite(0, card("Neil Gaiman")))
    assert set(GAME.legal_actions(state, 0)) == {Invite(0, card("Britney Spears")),
                                                 Invite(0, card("Bill Gates"))}
    assert card("Neil Gaiman") not in state.hands[0]
    assert_refused(state, Invite(0, card("Neil Gaiman")), "not in seat 0's hand")
    state = play(state, Invite(0, card("Bill Gates")))
    assert set(GAME.legal_actions(state, 0)) == {Invite(0, card("Britney Spears")),
                                                 Propose(0, "")}


def test_spec_a_voter_has_one_ballot_per_subset_at_most_sixty_four() -> None:
    state = arrange([["Pele", *HERVE[:5]], OTHERS[0], OTHERS[1]])
    state = play(state, StartBurial(0, card("Pele")),
                 *(Invite(0, card(name)) for name in HERVE[:5]), Propose(0, "a wake"))
    ballots = list(GAME.legal_actions(state, 1))
    assert len(ballots) == len(set(ballots)) == 2 ** 6 == 64
    assert all(isinstance(b, Ballot) and b.rejected <= set(cards("Pele", *HERVE[:5]))
               for b in ballots)


# -- 6) Variant and config ---------------------------------------------------------------------


def test_6_the_no_screen_tables_variant_is_in_every_view() -> None:
    state = GAME.setup(Config(players=3, no_screen_tables=True), 4)
    for seat in (None, 0, 1, 2):
        assert GAME.view(state, seat).config.no_screen_tables
    assert "Variant" in GAME.render_view(GAME.view(state, 0))


def test_spec_first_player_config() -> None:
    state = GAME.setup(Config(players=5, first_player=3), 9)
    assert GAME.to_act(state) == frozenset({3})


@pytest.mark.parametrize("bad", [
    {"players": 2}, {"players": 8}, {"players": 4, "first_player": 4},
    {"players": 4, "first_player": -1}, {"players": 3, "guests": DEFAULT_GUESTS[:30]},
    {"players": 3, "guests": (*DEFAULT_GUESTS[:40], DEFAULT_GUESTS[0])},
    {"players": 3, "guests": (*DEFAULT_GUESTS[:40], Guest("", "x"))},
])
def test_spec_config_is_validated(bad: dict[str, object]) -> None:
    with pytest.raises(InvalidConfig):
        Config(**bad)  # type: ignore[arg-type]


def test_spec_a_custom_deck_plays_to_the_end() -> None:
    guests = tuple(Guest(f"Guest {i}", f"suit {i % 3}", i % 17 == 0) for i in range(40))
    config = Config(players=3, guests=guests)
    state = GAME.setup(config, 3)
    rng = random.Random(3)
    while not GAME.is_terminal(state):
        seat = min(GAME.to_act(state))
        state = GAME.apply(state, GAME.random_action(state, seat, rng))
    assert sum(len(v) for v in GAME.places(state).values()) == 40


# -- what each seat sees ---------------------------------------------------------------------


def test_spec_a_seat_sees_its_hand_and_counts_of_the_others() -> None:
    state = GAME.setup(Config(players=4), 8)
    seen = GAME.view(state, 1)
    assert seen.hand == state.hands[1] and seen.hand_sizes == (8, 7, 7, 7)
    assert seen.pile_size == len(state.pile)
    assert GAME.view(state, None).hand == ()
    # the active player's drawn card is its secret
    assert isinstance(seen.phase, Drawing) and seen.phase.drawn is None
    own = GAME.view(state, 0).phase
    assert isinstance(own, Drawing) and own.drawn == state.hands[0][-1]


def test_spec_a_seat_sees_the_proposal_the_discard_and_the_ballots_once_counted() -> None:
    state = arrange([HERVE[:7], OTHERS[0], OTHERS[1]], ["Banksy", "Pele"])
    state = play(state, Exchange(0, card("Iggy Pop")), StartTable(0),
                 Invite(0, card("Neil Gaiman")))
    for seat in (None, 1, 2):
        seen = GAME.view(state, seat)
        assert seen.discard == cards("Iggy Pop")
        assert seen.phase == state.phase  # the guests seated so far are on the table
    state = play(state, Invite(0, card("Bill Gates")), Propose(0, "?"))
    state = vote(state, {1: ["Bill Gates"], 2: []})
    expected = (None, frozenset(cards("Bill Gates")), frozenset())
    for seat in (None, 0, 1, 2):
        last = GAME.view(state, seat).last_vote
        assert last is not None and last.ballots == expected and last.accepted


def test_spec_a_seat_knows_where_its_cards_under_the_pile_lie() -> None:
    state = GAME.setup(Config(players=3), 2)
    phase = state.phase
    assert isinstance(phase, Drawing) and phase.drawn is not None
    after = GAME.apply(state, Unknown(0, phase.drawn))
    assert GAME.view(after, 0).known_under == ((0, phase.drawn),)
    assert GAME.view(after, 1).known_under == ()


def test_spec_narration_names_a_card_put_under_the_pile_only_to_its_owner() -> None:
    state = GAME.setup(Config(players=3), 2)
    phase = state.phase
    assert isinstance(phase, Drawing) and phase.drawn is not None
    action = Unknown(0, phase.drawn)
    name = DECK.guests[phase.drawn].name
    assert name in GAME.describe_action(state, action, 0)
    assert name not in GAME.describe_action(state, action, 1)
    assert name not in GAME.describe_action(state, action, None)


def test_spec_determinize_keeps_what_the_seat_knows() -> None:
    state = herve_table({1: ["Roger Federer"], 2: ["Roger Federer"]})
    for seat in range(4):
        sampled = GAME.determinize(state, seat, random.Random(seat))
        assert GAME.view(sampled, seat) == GAME.view(state, seat)
        assert card("Roger Federer") in sampled.hands[0]  # seen going back to hand
        assert sampled.rng != state.rng


def test_spec_determinize_casts_the_others_ballots_again_during_a_vote() -> None:
    """Ballots are hidden until the count, so a sampled state must not keep the real
    ones of the others: a search bot voting after them would know how they voted."""
    state = arrange([HERVE, OTHERS[0], OTHERS[1], ["Banksy", "Madonna"]])
    proposed = ("Neil Gaiman", "Dilma Rousseff", "Roger Federer", "George Clooney")
    before = play(state, StartTable(0), *(Invite(0, card(name)) for name in proposed),
                  Propose(0, "Clooney shoots Gaiman's Amazonian novel in Brazil"))
    real = {1: frozenset(cards("Roger Federer")), 2: frozenset(cards(*proposed[:3]))}
    state = play(before, *(Ballot(voter, ballot) for voter, ballot in real.items()))
    could_cast = {voter: set(GAME.legal_actions(before, voter)) for voter in (1, 2, 3)}
    for seat in range(4):
        differs = False
        for seed in range(8):
            sampled = GAME.determinize(state, seat, random.Random(seed))
            GAME.validate(sampled)
            assert GAME.view(sampled, seat) == GAME.view(state, seat)
            phase = sampled.phase
            assert isinstance(phase, Voting)
            assert GAME.to_act(sampled) == frozenset({3})  # who has voted stays
            for voter, ballot in real.items():
                again = phase.ballots[voter]
                assert again is not None and Ballot(voter, again) in could_cast[voter]
                if voter == seat:
                    assert again == ballot  # a seat knows its own ballot
                else:
                    differs |= again != ballot
        # every seat has another's ballot to be re-dealt (the proposer has both)
        assert differs, f"seat {seat} is sampled the others' real ballots every time"


# -- bad input ------------------------------------------------------------------------------


@pytest.mark.parametrize("action", [
    StartTable(1), StartTable(-1), StartTable(99), StartTable("0"),  # type: ignore[arg-type]
    Ballot(1, frozenset()), Propose(0, "too early"), Invite(0, 3),
    Exchange(0, "x"),  # type: ignore[arg-type]
    JoinTable(0, "0"),  # type: ignore[arg-type]
])
def test_spec_forged_and_out_of_phase_actions_are_refused(action: object) -> None:
    state = arrange([HERVE[:7], OTHERS[0], OTHERS[1]])
    assert_refused(state, action)


def test_spec_a_foreign_object_is_refused_by_name() -> None:
    state = arrange([HERVE[:7], OTHERS[0], OTHERS[1]])
    assert_refused(state, "StartTable", "not an action")


@pytest.mark.parametrize("seat", [-2, 3, "0", 1.0])
def test_spec_views_and_determinize_refuse_a_seat_that_is_not_at_the_table(seat: object) -> None:
    state = GAME.setup(Config(players=3), 0)
    with pytest.raises(IllegalAction, match="no seat"):
        GAME.view(state, seat)
    with pytest.raises(IllegalAction, match="no seat"):
        GAME.determinize(state, seat, random.Random(0))
    assert list(GAME.legal_actions(state, seat)) == []  # type: ignore[arg-type]


def test_spec_the_table_sees_what_a_spectator_sees() -> None:
    state = GAME.setup(Config(players=3), 0)
    assert GAME.view(state, TABLE) == GAME.view(state, None)
    with pytest.raises(IllegalAction, match="no seat"):
        GAME.determinize(state, TABLE, random.Random(0))  # the table holds no hand


def test_spec_actions_after_the_end_are_refused() -> None:
    state = arrange([["Bill Gates"], ["Bono"], ["Pele"]], ["<end>"])
    state = play(state, Pass(0), Pass(1), Pass(2))
    assert_refused(state, Pass(0), "over")
