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
from partyrules.core.i18n import CORE, DEFAULT_LANGUAGE, N_, Catalogue, seat_name
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

__all__ = ["PRESENTATION", "describe_action", "determinize", "honest_random_action",
           "render_view", "view"]


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


honest_random_action = None
"""None: ``random_action`` draws from the seat's view already (the rules module's
``RANDOM_ACTION_FROM_VIEW``)."""


# -- narration --------------------------------------------------------------------------

CATALOGUE = Catalogue("partyrules.games.dinner")
"""The game's messages: narration, presentation and the web board's words."""
_ = CATALOGUE.gettext

SUIT_WORDS: frozenset[str] = frozenset({
    N_("politics"), N_("science"), N_("literature"), N_("music"), N_("cinema & tv"),
    N_("sport"), N_("business & tech"), N_("arts & fashion"),
})
"""The default deck's suits (domains), words of the game translated where shown; a
custom deck's suits are printed as given."""


def _suit(language: str, suit: str) -> str:
    return _(language, suit) if suit in SUIT_WORDS else suit


def _label(deck: Deck, card: int, language: str) -> str:
    """``deck.label`` in ``language``: the name as printed, the suit translated."""
    if type(card) is not int or not 0 <= card < len(deck.guests):
        return _(language, "card {card}").format(card=repr(card))
    guest = deck.guests[card]
    form = N_("{name} ({suit} +)") if guest.deceased else N_("{name} ({suit})")
    return _(language, form).format(name=guest.name, suit=_suit(language, guest.suit))


def _cards(deck: Deck, cards: tuple[int, ...] | frozenset[int], language: str) -> str:
    ordered = sorted(cards) if isinstance(cards, frozenset) else cards
    return ", ".join(_label(deck, card, language) for card in ordered)


def _who(language: str, seat: object) -> str:
    if type(seat) is int and seat >= 0:
        return seat_name(language, seat)
    # A forged seat is still named, as the engine's own words would print it.
    return CORE.gettext(language, "Seat {seat}").format(seat=seat)


def _join_line(state: State, who: str, table: int, language: str) -> str:
    """"Seat 1 adds guests to table 2" (dinner tables counted from 1, in the order they
    opened) or "... to the burial of Name (suit +)"."""
    tables = state.tables
    if type(table) is not int or not 0 <= table < len(tables):
        return _(language, "{who} adds guests to table {table}").format(who=who, table=table)
    if tables[table].burial:
        return _(language, "{who} adds guests to the burial of {card}").format(
            who=who, card=_label(state.config.deck(), tables[table].cards[0], language))
    number = 1 + sum(1 for other in tables[:table] if not other.burial)
    return _(language, "{who} adds guests to table {table}").format(who=who, table=number)


def describe_action(state: State, action: Action, viewer: int | None = None,
                    language: str = DEFAULT_LANGUAGE) -> str:
    """One line saying what ``action`` does, as ``viewer`` may know it, in ``language``:
    a card put under the pile is named only to the seat that put it there, and a ballot
    only to its voter (the others read "Seat 2 votes"). That holds for the last ballot
    of a vote too: how the count came out depends on every ballot, the others' hidden
    from the voter until then, so the line does not tell it; the view after it does (its
    last vote lists every ballot, what was turned down and the score). Total: any value
    of the action types gives a line."""
    deck = state.config.deck()
    who = _who(language, action.seat)
    match action:
        case Unknown(card=card):
            if viewer != action.seat:
                return _(language, "{who} puts a character they do not know under the "
                                   "pile").format(who=who)
            return _(language, "{who} does not know {card} and puts it under the pile").format(
                who=who, card=_label(deck, card, language))
        case Exchange(card=card):
            return _(language, "{who} discards {card} and draws a replacement").format(
                who=who, card=_label(deck, card, language))
        case StartTable():
            return _(language, "{who} starts a new dinner table").format(who=who)
        case StartBurial(deceased=card):
            return _(language, "{who} holds a burial for {card}").format(
                who=who, card=_label(deck, card, language))
        case JoinTable(table=table):
            return _join_line(state, who, table, language)
        case Pass():
            return _(language, "{who} cannot start or join a table and passes").format(who=who)
        case Invite(card=card):
            return _(language, "{who} seats {card}").format(
                who=who, card=_label(deck, card, language))
        case Propose(story=story):
            if story:
                return _(language, "{who} explains the table: \u201c{story}\u201d and puts "
                                   "it to the vote").format(who=who, story=story)
            return _(language, "{who} explains the table and puts it to the vote").format(
                who=who)
        case Ballot(rejected=rejected):
            if viewer != action.seat:
                return _(language, "{who} votes").format(who=who)
            if rejected:
                return _(language, "{who} rejects {cards}").format(
                    who=who, cards=_cards(deck, rejected, language))
            return _(language, "{who} accepts every guest").format(who=who)
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
        lines.append(f"  {kind} {index} (seat {table.host}): {_cards(deck, table.cards, 'en')}")
    phase = view.phase
    if isinstance(phase, Inviting):
        target = "a new table" if phase.table is None and phase.deceased is None else (
            f"table {phase.table}" if phase.table is not None
            else f"the burial of {deck.label(phase.deceased or 0)}")
        lines.append(f"Seat {phase.active} is seating guests at {target}: "
                     f"{_cards(deck, phase.invited, 'en') or 'nobody yet'}")
    elif isinstance(phase, Voting):
        lines.append(f"Vote on seat {phase.active}'s proposal "
                     f"{_cards(deck, phase.proposed, 'en')}: \u201c{phase.story}\u201d; "
                     f"voted: {sorted(view.voted)}")
    elif isinstance(phase, Over):
        lines.append(f"Game over ({phase.reason}).")
    if view.last_vote is not None:
        result = view.last_vote
        verdict = f"accepted for {result.points} points" if result.accepted else "rejected"
        # The count made every ballot public; the narration told the others only
        # that each seat voted, so the view is where a player reads them.
        ballots = "; ".join(
            f"seat {voter} " + (f"rejected {_cards(deck, ballot, 'en')}" if ballot
                                else "accepted every guest")
            for voter, ballot in enumerate(result.ballots) if ballot is not None)
        lines.append(f"Last vote: seat {result.seat}'s proposal {verdict}"
                     + (f"; turned down: {_cards(deck, result.turned_down, 'en')}"
                        if result.turned_down else "") + f" (ballots: {ballots})")
    if view.seat is not None:
        lines.append(f"Your hand (seat {view.seat}): {_cards(deck, view.hand, 'en')}")
    return "\n".join(lines)


PRESENTATION = Presentation(
    catalogue=CATALOGUE,
    how_to_play=(
        N_("Each player holds famous guests: 7 cards (6 with 6 or more players). On your "
           "turn you draw a card. If you do not know that person, put the card under the "
           "pile and draw again; once a turn you may also exchange a card from your hand."),
        N_("Then seat 2 to 6 guests from your hand at a new dinner table, hold a burial "
           "around a recently deceased guest with 1 to 5 guests, or add guests to a table "
           "already set (a table never seats more than 7). Tell why these people dine "
           "together and what they talk about."),
        N_("The other players vote on each new guest: a guest turned down by a majority "
           "goes back to your hand (a tie welcomes them). An accepted table scores 1 point "
           "per guest at it plus 1 point per domain (suit) among them."),
        N_("The first player to seat their last card scores 5 more points and ends the "
           "game. The highest score wins. If the draw pile runs out, the game also ends "
           "once a whole round passes without an accepted table."),
    ),
    reasons={
        "hand_emptied": N_("A player seated their last guest, scored the 5-point bonus "
                           "and ended the game."),
        "pile_exhausted": N_("The draw pile ran out and a whole round passed without an "
                             "accepted table."),
    },
    action_names={
        "Unknown": N_("I do not know this person: under the pile"),
        "Exchange": N_("Exchange a card"),
        "StartTable": N_("Start a new table"),
        "StartBurial": N_("Hold a burial"),
        "JoinTable": N_("Add guests to a table"),
        "Pass": N_("Pass"),
        "Invite": N_("Seat a guest"),
        "Propose": N_("Tell the story and put it to the vote"),
        "Ballot": N_("Vote on the guests"),
    },
    prompts={
        "Propose.story": N_(
            "Why are these people having dinner together, and what are they talking "
            "about? For example: \u201cGeorge Clooney plans to shoot a movie based on the "
            "upcoming new novel by Neil Gaiman, a fantasy story taking place in a lost "
            "temple in the heart of the Amazonian forest.\u201d"),
    },
    options={
        "players": N_("Number of players (3 to 7)"),
        "first_player": N_("The seat that plays the first turn (0 is the first seat)"),
        "no_screen_tables": N_("Forbid tables based on movie castings or TV shows (the "
                               "variant for experienced players)"),
        "guests": N_("Your own deck of guests: a JSON list of objects with a name, a "
                     "suit and deceased (true or false); leave it empty for the game's "
                     "200 guests"),
    },
    board="web/board.js",
    board_style="web/board.css",
)
"""What the game says and shows to people: its catalogue, its web board, its sentences."""
