"""What each seat may know, determinization for search, and readable narration.

A seat sees its own hand; every table with its stories; the proposal being built (its
cards are on the table); all scores, hand sizes, the pile's size and the face-up
discard; cards turned down in a vote (everyone saw them go back to that hand); where the
cards it put under the pile lie; and the ballots once all are in. The active player's
drawn card and the cards it declared unknown are its own secret, as are ballots not yet
all cast.
"""

from __future__ import annotations

import random

from partyrules.core.game import Presentation
from partyrules.core.i18n import DEFAULT_LANGUAGE, Catalogue
from partyrules.core.rng import Rng
from partyrules.core.rules import check_seat
from partyrules.games.dinner.actions import (
    Action,
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
from partyrules.games.dinner.cards import Deck
from partyrules.games.dinner.rules import random_ballot, to_act
from partyrules.games.dinner.state import Drawing, Inviting, Over, Phase, State, View, Voting

__all__ = ["PRESENTATION", "describe_action", "determinize", "render_view", "view"]


def _phase_for(phase: Phase, seat: int | None) -> Phase:
    if isinstance(phase, Drawing) and seat != phase.active:
        return Drawing(phase.active, None, frozenset(), phase.exchanged)
    if isinstance(phase, Voting):
        ballots = tuple(ballot if voter == seat else None
                        for voter, ballot in enumerate(phase.ballots))
        return Voting(phase.active, phase.table, phase.deceased, phase.invited, phase.story,
                      ballots)
    return phase


def view(state: State, seat: int | None) -> View:
    """What ``seat`` may know (None: a spectator, who sees no hand)."""
    check_seat(state.config.players, seat, spectator=True)
    phase = state.phase
    pile = state.pile
    known_under = () if seat is None else tuple(
        (len(pile) - 1 - pile.index(card), card) for card, by in state.under if by == seat
    )
    voted = frozenset(voter for voter, ballot in enumerate(phase.ballots)
                      if ballot is not None) if isinstance(phase, Voting) else frozenset()
    return View(
        seat=seat,
        config=state.config,
        to_act=to_act(state),
        hand=() if seat is None else state.hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        known_in_hands=state.revealed,
        pile_size=len(pile),
        known_under=tuple(sorted(known_under)),
        discard=state.discard,
        tables=state.tables,
        scores=state.scores,
        phase=_phase_for(phase, seat),
        voted=voted,
        last_vote=state.last_vote,
        turn=state.turn,
        dry_turns=state.dry_turns,
    )


def _hidden_cards(state: State, seat: int) -> list[int]:
    """Cards whose place ``seat`` does not know, in a canonical order."""
    mine = {card for card, by in state.under if by == seat}
    hidden = [card for card in state.pile if card not in mine]
    for other, hand in enumerate(state.hands):
        if other != seat:
            known = state.revealed[other]
            hidden.extend(card for card in hand if card not in known)
    return hidden


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A full state ``seat`` cannot tell from ``state``: the cards it cannot see (the
    pile but for its own cards under it, others' hands but for cards seen in a vote) are
    re-dealt among those places; during a vote the ballots the others have cast are cast
    again at random (who has voted and the seat's own ballot stay); the rng is replaced."""
    check_seat(state.config.players, seat, spectator=False)
    hidden = _hidden_cards(state, seat)
    shuffled = hidden[:]
    rng.shuffle(shuffled)
    mapping = dict(zip(hidden, shuffled, strict=True))

    def swap(card: int) -> int:
        return mapping.get(card, card)

    phase = state.phase
    if isinstance(phase, Drawing):
        phase = Drawing(phase.active, None if phase.drawn is None else swap(phase.drawn),
                        frozenset(swap(card) for card in phase.declared), phase.exchanged)
    elif isinstance(phase, Voting):
        # Only that the others voted shows until the count: keeping their real ballots
        # would let a search bot voting after them know how they voted.
        phase = Voting(phase.active, phase.table, phase.deceased, phase.invited, phase.story,
                       tuple(ballot if ballot is None or voter == seat
                             else random_ballot(voter, phase.proposed, rng).rejected
                             for voter, ballot in enumerate(phase.ballots)))
    hands = tuple(hand if other == seat else tuple(swap(card) for card in hand)
                  for other, hand in enumerate(state.hands))
    return State(
        state.config,
        Rng.from_seed(rng.getrandbits(64)),
        tuple(swap(card) for card in state.pile),
        hands,
        state.discard,
        state.tables,
        state.scores,
        phase,
        tuple((swap(card), by) for card, by in state.under),
        state.revealed,
        state.dry_turns,
        state.last_vote,
        state.turn,
    )


# -- narration --------------------------------------------------------------------------


def _cards(deck: Deck, cards: tuple[int, ...] | frozenset[int]) -> str:
    return ", ".join(deck.label(card) for card in sorted(cards)) if isinstance(
        cards, frozenset) else ", ".join(deck.label(card) for card in cards)


def describe_action(state: State, action: Action, viewer: int | None = None,
                    language: str = DEFAULT_LANGUAGE) -> str:
    """One line saying what ``action`` does, as ``viewer`` may know it: a card put under
    the pile is named only to the seat that put it there, and a ballot only to its voter
    (the others read "Seat 2 votes"). That holds for the last ballot of a vote too: how
    the count came out depends on every ballot, the others' hidden from the voter until
    then, so the line does not tell it; the view after it does (its last vote lists
    every ballot, what was turned down and the score). Total: any value of the action
    types gives a line."""
    deck = state.config.deck()
    who = f"Seat {action.seat}"
    match action:
        case Unknown(card=card):
            if viewer != action.seat:
                return f"{who} puts a character they do not know under the pile"
            return f"{who} does not know {deck.label(card)} and puts it under the pile"
        case Exchange(card=card):
            return f"{who} discards {deck.label(card)} and draws a replacement"
        case StartTable():
            return f"{who} starts a new dinner table"
        case StartBurial(deceased=card):
            return f"{who} holds a burial for {deck.label(card)}"
        case JoinTable(table=table):
            return f"{who} adds guests to table {table}"
        case Pass():
            return f"{who} cannot start or join a table and passes"
        case Invite(card=card):
            return f"{who} seats {deck.label(card)}"
        case Propose(story=story):
            told = f": \u201c{story}\u201d" if story else ""
            return f"{who} explains the table{told} and puts it to the vote"
        case Ballot(rejected=rejected):
            if viewer != action.seat:
                return f"{who} votes"
            return (f"{who} rejects {_cards(deck, rejected)}" if rejected
                    else f"{who} accepts every guest")
    return f"{who}: {action!r}"


def render_view(view: View) -> str:
    """A terminal rendering of a view: scores, tables, the phase, the seat's hand."""
    deck = view.config.deck()
    lines = [
        f"Turn {view.turn} - scores: " + ", ".join(
            f"seat {seat}: {score}" for seat, score in enumerate(view.scores)),
        f"Draw pile: {view.pile_size} cards; hands: " + ", ".join(
            f"seat {seat}: {size}" for seat, size in enumerate(view.hand_sizes)),
    ]
    if view.config.no_screen_tables:
        lines.append("Variant: no tables based on movie castings or TV shows.")
    for index, table in enumerate(view.tables):
        kind = "burial" if table.burial else "table"
        lines.append(f"  {kind} {index} (seat {table.host}): {_cards(deck, table.cards)}")
    phase = view.phase
    if isinstance(phase, Inviting):
        target = "a new table" if phase.table is None and phase.deceased is None else (
            f"table {phase.table}" if phase.table is not None
            else f"the burial of {deck.label(phase.deceased or 0)}")
        lines.append(f"Seat {phase.active} is seating guests at {target}: "
                     f"{_cards(deck, phase.invited) or 'nobody yet'}")
    elif isinstance(phase, Voting):
        lines.append(f"Vote on seat {phase.active}'s proposal "
                     f"{_cards(deck, phase.proposed)}: \u201c{phase.story}\u201d; "
                     f"voted: {sorted(view.voted)}")
    elif isinstance(phase, Over):
        lines.append(f"Game over ({phase.reason}).")
    if view.last_vote is not None:
        result = view.last_vote
        verdict = f"accepted for {result.points} points" if result.accepted else "rejected"
        # The count made every ballot public; the narration told the others only
        # that each seat voted, so the view is where a player reads them.
        ballots = "; ".join(
            f"seat {voter} " + (f"rejected {_cards(deck, ballot)}" if ballot
                                else "accepted every guest")
            for voter, ballot in enumerate(result.ballots) if ballot is not None)
        lines.append(f"Last vote: seat {result.seat}'s proposal {verdict}"
                     + (f"; turned down: {_cards(deck, result.turned_down)}"
                        if result.turned_down else "") + f" (ballots: {ballots})")
    if view.seat is not None:
        lines.append(f"Your hand (seat {view.seat}): {_cards(deck, view.hand)}")
    return "\n".join(lines)


PRESENTATION = Presentation(
    catalogue=Catalogue("partyrules.games.dinner"),
    how_to_play=(),
    reasons={},
    board=None,
)
"""What the game says and shows to people: its catalogue, its web board, its sentences."""
