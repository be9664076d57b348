"""What a Guess Who's Coming to Dinner state or view must be to load: :func:`validate`,
:func:`validate_view` and :func:`places`, and their checks.

A state that passes :func:`validate` is one the rules can reach, so it can be played on;
a view that passes :func:`validate_view` is one :func:`~partyrules.games.dinner.views.view`
could have produced, so ``render_view`` can trust it. Each check raises
:class:`CorruptState` with the path of the bad value (``data.tables[1].cards[3]``).
"""

from __future__ import annotations

from partyrules.core.errors import CorruptState
from partyrules.core.passed import Passed
from partyrules.games.dinner.cards import Deck, table_points
from partyrules.games.dinner.rules import (
    max_total_score,
    max_turn,
    paid_scores,
    proposal_capacity,
    proposal_minimum,
)
from partyrules.games.dinner.state import (
    END_BONUS,
    MAX_PROPOSAL_POINTS,
    MAX_TABLE,
    MIN_TABLE_POINTS,
    NEW_TABLE_MAX,
    NEW_TABLE_MIN,
    Config,
    Drawing,
    Inviting,
    Over,
    Phase,
    State,
    Table,
    View,
    VoteResult,
    Voting,
)

__all__ = ["places", "validate", "validate_view"]


def places(state: State) -> dict[str, tuple[int, ...]]:
    """Every card by where it lies: the pile, the discard, each hand, each table and the
    proposal being built or voted on. Each card of the deck is in exactly one."""
    found: dict[str, tuple[int, ...]] = {"pile": state.pile, "discard": state.discard}
    for seat, hand in enumerate(state.hands):
        found[f"hands[{seat}]"] = hand
    for index, table in enumerate(state.tables):
        found[f"tables[{index}]"] = table.cards
    phase = state.phase
    if isinstance(phase, (Inviting, Voting)):
        found["phase"] = _proposal_cards(phase)
    return found


def _proposal_cards(phase: Inviting | Voting) -> tuple[int, ...]:
    return phase.invited if phase.deceased is None else (phase.deceased, *phase.invited)


def _card_path(phase: Phase, place: str, index: int) -> str:
    """The JSON path of the ``index``-th card of a place named by :func:`places`."""
    if place.startswith("tables["):
        return f"data.{place}.cards[{index}]"
    if place == "phase":
        assert isinstance(phase, (Inviting, Voting))
        if phase.deceased is not None:
            return "data.phase.deceased" if index == 0 else f"data.phase.invited[{index - 1}]"
        return f"data.phase.invited[{index}]"
    return f"data.{place}[{index}]"


def validate(state: State) -> None:
    """Raise :class:`CorruptState` naming the path when ``state`` is not one the rules can
    reach, so that any state that loads can be played on: it is over, or some seat has a
    legal action whose result validates.

    It checks (the docs page lists the bounds and why): one hand, score and revealed set
    per seat; every card of the deck in exactly one place; each table (2 to 7 cards, 1
    story per accepted proposal, a seated host, a burial led by a deceased card); scores
    from 0 to :func:`~partyrules.games.dinner.rules.max_total_score` and no other than
    the tables in play can have paid (:func:`~partyrules.games.dinner.rules.paid_scores`);
    revealed cards in their hand; the cards put under the pile at its bottom; the turn
    and dry-turn counters; the last vote (its ballots, the count and the points); and the
    phase: its seat, the card just drawn, the proposal's size and target, the ballots, and
    how the game ended. Field types are the loader's to check.
    """
    if not isinstance(state, State):
        raise CorruptState(f"expected a dinner State, got {type(state).__name__}")
    config = state.config
    players = config.players
    deck = config.deck()
    for name in ("hands", "scores", "revealed"):
        if len(getattr(state, name)) != players:
            raise CorruptState(f"expected one entry per seat ({players})", f"data.{name}")
    _check_every_card_once(state, len(deck.guests))
    phase = state.phase
    _check_phase_seat(phase, players)
    # The checks of the public record (tables, scores, the last vote; of the phase, only
    # how a game ended) run once for the states that share it (see _PUBLIC).
    public = (config, state.tables, state.scores, state.last_vote,
              phase if isinstance(phase, Over) else None)
    known = _PUBLIC.holds(public)
    if not known:
        for index, table in enumerate(state.tables):
            _check_table(table, players, deck, f"data.tables[{index}]")
        _check_scores(state.scores, config, "data.scores")
    for seat, revealed in enumerate(state.revealed):
        if not revealed <= set(state.hands[seat]):
            raise CorruptState("revealed cards must be in the hand", f"data.revealed[{seat}]")
    _check_under(state)
    hand_sizes = tuple(len(hand) for hand in state.hands)
    _check_counters(config, phase, len(state.pile), state.dry_turns, state.turn, "data")
    if state.last_vote is not None and not known:
        _check_vote_result(state.last_vote, players, deck, "data.last_vote")
        _check_last_table(state.last_vote, state.tables, deck, phase)
    _check_ending(phase, state.last_vote)
    _check_hand_sizes(phase, hand_sizes, "data.hands")
    if isinstance(phase, Drawing):
        _check_drawing(phase)
        hand = state.hands[phase.active]
        if phase.drawn is not None and phase.drawn not in hand:
            raise CorruptState("the card just drawn is in the active hand", "data.phase.drawn")
        under_by_active = {card for card, seat in state.under if seat == phase.active}
        for card in phase.declared:
            if not _declared_card_is_placed(card, phase, hand, under_by_active,
                                            state.discard):
                raise CorruptState(f"card {card} was declared unknown this turn, so it is "
                                   "under the pile or back in the active hand",
                                   "data.phase.declared")
    elif isinstance(phase, (Inviting, Voting)):
        _check_proposal(phase, state.tables, deck, hand_sizes[phase.active])
        if isinstance(phase, Voting):
            _check_ballots(phase, players)
            if all(ballot is not None for seat, ballot in enumerate(phase.ballots)
                   if seat != phase.active):
                raise CorruptState("a vote with every ballot in is already counted",
                                   "data.phase.ballots")
    # Last: a broken table or phase is named where it is broken, not as a wrong total.
    if not known:
        _check_paid_scores(state.scores, state.tables, phase, state.last_vote, deck,
                           "data.scores")
        _PUBLIC.remember(public)


_PUBLIC = Passed()
"""The public records the checks of the tables, the scores and the last vote last
passed: the states ``determinize`` redeals from a state share them, and a state shares
them with the one before it while no table is opened or joined and no vote counted."""


def _declared_card_is_placed(card: int, phase: Drawing, hand: tuple[int, ...],
                             put_under: set[int], discard: tuple[int, ...]) -> bool:
    """A card declared unknown this turn lies under the pile, put there by the active
    seat, unless a short pile brought it round again to that seat's hand, from which the
    exchange may then have discarded it."""
    return card in put_under or card in hand or (phase.exchanged and card in discard)


def _check_every_card_once(state: State, size: int) -> None:
    """Every card of the deck in exactly one place: a set comparison first (the common,
    valid case), then a walk that names the first bad card's path."""
    phase = state.phase
    everything = [*state.pile, *state.discard]
    for hand in state.hands:
        everything += hand
    for table in state.tables:
        everything += table.cards
    if isinstance(phase, (Inviting, Voting)):
        everything += _proposal_cards(phase)
    distinct = set(everything)
    if len(everything) == len(distinct) == size and min(distinct) >= 0 and max(distinct) < size:
        return
    seen: dict[int, str] = {}
    for place, cards in places(state).items():
        for index, card in enumerate(cards):
            path = _card_path(phase, place, index)
            if not 0 <= card < size:
                raise CorruptState(f"no card {card} in a deck of {size}", path)
            if card in seen:
                raise CorruptState(f"card {card} is also in {seen[card]}", path)
            seen[card] = place
    missing = sorted(set(range(size)) - set(seen))[:5]
    raise CorruptState(f"cards missing from every place: {missing}", "data")


def _check_seat(seat: int, players: int, path: str) -> None:
    if not 0 <= seat < players:
        raise CorruptState(f"no seat {seat}", path)


def _check_phase_seat(phase: Phase, players: int) -> None:
    if isinstance(phase, Over):
        if phase.emptied_by is not None:
            _check_seat(phase.emptied_by, players, "data.phase.emptied_by")
        return
    _check_seat(phase.active, players, "data.phase.active")


def _check_card(card: int, deck: Deck, path: str) -> None:
    if not 0 <= card < len(deck.guests):
        raise CorruptState(f"no card {card} in a deck of {len(deck.guests)}", path)


def _check_table(table: Table, players: int, deck: Deck, path: str) -> None:
    """2)-4) A table seats 2 to 7 cards (a burial's deceased first) and keeps the story
    of its opening and of each accepted join; every proposal seats at least one card, and
    the opening at least two, so a table of n cards has 1 to n - 1 stories."""
    cards = table.cards
    if not NEW_TABLE_MIN <= len(cards) <= MAX_TABLE:
        raise CorruptState(f"a table seats {NEW_TABLE_MIN} to {MAX_TABLE} cards, "
                           f"not {len(cards)}", f"{path}.cards")
    for index, card in enumerate(cards):
        _check_card(card, deck, f"{path}.cards[{index}]")
    if len(set(cards)) != len(cards):
        raise CorruptState("a card is seated twice at this table", f"{path}.cards")
    if table.burial and cards[0] not in deck.deceased:
        raise CorruptState("a burial's first card is a deceased character", f"{path}.cards")
    _check_seat(table.host, players, f"{path}.host")
    if not 1 <= len(table.stories) <= len(cards) - 1:
        raise CorruptState(f"a table of {len(cards)} cards was told 1 to {len(cards) - 1} "
                           f"stories (one per accepted proposal), not {len(table.stories)}",
                           f"{path}.stories")


def _check_scores(scores: tuple[int, ...], config: Config, path: str) -> None:
    """Scores are at least 0, and total at most
    :func:`~partyrules.games.dinner.rules.max_total_score`."""
    for seat, score in enumerate(scores):
        if score < 0:
            raise CorruptState("scores are never negative", f"{path}[{seat}]")
    most = max_total_score(config)
    if sum(scores) > most:
        raise CorruptState(f"the scores total {sum(scores)}, more than a game with this "
                           f"deck can pay ({most})", path)


def _check_paid_scores(scores: tuple[int, ...], tables: tuple[Table, ...], phase: Phase,
                       last_vote: VoteResult | None, deck: Deck, path: str) -> None:
    """The scores are what the tables in play can have paid
    (:func:`~partyrules.games.dinner.rules.paid_scores`)."""
    least, most, least_per_seat = paid_scores(tables, phase, last_vote, deck, len(scores))
    total = sum(scores)
    if not least <= total <= most:
        bonus = " and the 5-point bonus" if isinstance(phase, Over) and phase.emptied_by \
            is not None else ""
        raise CorruptState(f"the scores total {total}, but the tables in play{bonus} paid "
                           f"{least} to {most}: every point comes from an accepted table",
                           path)
    for seat, (score, paid) in enumerate(zip(scores, least_per_seat, strict=True)):
        if score < paid:
            raise CorruptState(f"seat {seat} was paid at least {paid} (the openings of the "
                               "tables it hosts, the last accepted proposal, the bonus), "
                               f"not {score}", f"{path}[{seat}]")


def _check_under(state: State) -> None:
    """1) A card declared unknown goes to the bottom of the pile and the pile is drawn
    from the top, so the cards put under it that it still holds are its bottom cards, in
    the order they went under."""
    players = state.config.players
    for index, (_, seat) in enumerate(state.under):
        _check_seat(seat, players, f"data.under[{index}][1]")
    bottom = state.pile[len(state.pile) - len(state.under):] if state.under else ()
    if tuple(card for card, _ in state.under) != bottom:
        raise CorruptState("the cards put under the pile are its bottom cards, in the "
                           "order they went under", "data.under")


def _check_counters(config: Config, phase: Phase, pile_size: int, dry_turns: int,
                    turn: int, path: str) -> None:
    """5) ``players`` dry turns in a row end the game, and a turn is dry only once the
    pile is empty (an empty pile never fills again: an unknown character needs a
    replacement to go under it)."""
    players = config.players
    exhausted = isinstance(phase, Over) and phase.reason == "pile_exhausted"
    if exhausted and (dry_turns != players or pile_size):
        raise CorruptState(f"a game ended by the pile ends with an empty pile and {players} "
                           "dry turns", f"{path}.dry_turns")
    if not exhausted and not 0 <= dry_turns < players:
        raise CorruptState(f"{players} dry turns end the game: a game on has 0 to "
                           f"{players - 1}, not {dry_turns}", f"{path}.dry_turns")
    if dry_turns and pile_size:
        raise CorruptState("a turn is dry only once the pile is empty", f"{path}.dry_turns")
    if not 1 <= turn <= max_turn(config):
        raise CorruptState(f"the turn number is 1 to {max_turn(config)}, not {turn}",
                           f"{path}.turn")


def _check_hand_sizes(phase: Phase, hand_sizes: tuple[int, ...], path: str) -> None:
    """A hand only shrinks when its owner seats guests: if the table is accepted with
    the last of them the game is over, otherwise cards come back. So a hand is empty
    only while its seat's proposal is being built or voted on, or at the end."""
    for seat, size in enumerate(hand_sizes):
        if size:
            continue
        if isinstance(phase, (Inviting, Voting)) and seat == phase.active:
            continue
        if isinstance(phase, Over) and seat == phase.emptied_by:
            continue
        raise CorruptState(f"seat {seat}'s hand is empty, which ends the game when its "
                           "table is accepted", f"{path}[{seat}]")
    if isinstance(phase, Over) and phase.emptied_by is not None and hand_sizes[phase.emptied_by]:
        raise CorruptState(f"seat {phase.emptied_by} emptied its hand, yet holds cards",
                           "data.phase.emptied_by")


def _check_ending(phase: Phase, last_vote: VoteResult | None) -> None:
    """5) A hand emptied the game only through an accepted vote of that seat."""
    if not isinstance(phase, Over):
        return
    if (phase.reason == "hand_emptied") != (phase.emptied_by is not None):
        raise CorruptState("a game ended by an emptied hand names the seat, and only then",
                           "data.phase.emptied_by")
    if phase.emptied_by is not None and (
            last_vote is None or not last_vote.accepted or last_vote.seat != phase.emptied_by
            or last_vote.points < MIN_TABLE_POINTS + END_BONUS):
        raise CorruptState(f"seat {phase.emptied_by} emptied its hand with an accepted "
                           "table, which the last vote shows with the bonus",
                           "data.last_vote")


def _check_vote_result(result: VoteResult, players: int, deck: Deck, path: str) -> None:
    """2) The public count of the last vote: a proposal of 1 to 6 new cards, one ballot
    from each other seat, the cards a strict majority turned down, and the points
    (none for a rejected proposal, 3 to 19 for an accepted one)."""
    _check_seat(result.seat, players, f"{path}.seat")
    proposed = result.proposed
    if not 1 <= len(proposed) <= NEW_TABLE_MAX:
        raise CorruptState(f"a proposal puts 1 to {NEW_TABLE_MAX} new cards to the vote, "
                           f"not {len(proposed)}", f"{path}.proposed")
    for index, card in enumerate(proposed):
        _check_card(card, deck, f"{path}.proposed[{index}]")
    if len(set(proposed)) != len(proposed):
        raise CorruptState("a card is proposed twice", f"{path}.proposed")
    ballots = result.ballots
    if len(ballots) != players:
        raise CorruptState(f"expected one ballot per seat ({players})", f"{path}.ballots")
    for seat, ballot in enumerate(ballots):
        if (ballot is None) != (seat == result.seat):
            raise CorruptState("every seat but the proposer voted", f"{path}.ballots[{seat}]")
        if ballot is not None and not ballot <= set(proposed):
            raise CorruptState("a ballot rejects only proposed cards", f"{path}.ballots[{seat}]")
    counted = frozenset(card for card in proposed if 2 * sum(
        1 for ballot in ballots if ballot is not None and card in ballot) > players - 1)
    if result.turned_down != counted:
        raise CorruptState("the cards turned down are those a strict majority rejected",
                           f"{path}.turned_down")
    if result.accepted:
        if counted == set(proposed):
            raise CorruptState("an accepted proposal seats at least one card",
                               f"{path}.accepted")
        if not MIN_TABLE_POINTS <= result.points <= MAX_PROPOSAL_POINTS:
            raise CorruptState(f"an accepted table scores {MIN_TABLE_POINTS} to "
                               f"{MAX_PROPOSAL_POINTS}, not {result.points}", f"{path}.points")
    else:
        if not counted:
            raise CorruptState("a proposal with no card turned down is accepted",
                               f"{path}.accepted")
        if result.points:
            raise CorruptState("a rejected proposal scores nothing", f"{path}.points")


def _check_last_table(result: VoteResult, tables: tuple[Table, ...], deck: Deck,
                      phase: Phase) -> None:
    """2) The cards an accepted vote seated sit together at one table, which no vote has
    changed since: the points are that table's (and the bonus, if it ended the game)."""
    if not result.accepted:
        return
    seated = [card for card in result.proposed if card not in result.turned_down]
    table = next((table for table in tables if seated[0] in table.cards), None)
    if table is None or not set(seated) <= set(table.cards):
        raise CorruptState("the guests an accepted vote seated sit together at a table",
                           "data.last_vote.proposed")
    points = table_points(deck, table.cards)
    if isinstance(phase, Over) and phase.reason == "hand_emptied":
        points += END_BONUS
    if result.points != points:
        raise CorruptState(f"the table the last vote seated scores {points}, not "
                           f"{result.points}", "data.last_vote.points")


def _check_drawing(phase: Drawing) -> None:
    # Each unknown character and the exchange draw a replacement: the card just drawn.
    if phase.drawn is None and (phase.declared or phase.exchanged):
        raise CorruptState("a card declared unknown or exchanged is replaced by a drawn "
                           "card", "data.phase.drawn")


def _check_proposal(phase: Inviting | Voting, tables: tuple[Table, ...], deck: Deck,
                    active_hand_size: int) -> None:
    """2)-4) The target (a new table, a burial of a deceased card or an existing table
    with room), the invited guests within its limits, and for a proposal being built,
    enough cards in hand to reach its minimum."""
    if phase.table is not None and not 0 <= phase.table < len(tables):
        raise CorruptState(f"no table {phase.table}", "data.phase.table")
    if phase.deceased is not None:
        _check_card(phase.deceased, deck, "data.phase.deceased")
        if phase.deceased not in deck.deceased:
            raise CorruptState("a burial opens with a deceased character",
                               "data.phase.deceased")
    if phase.table is not None and phase.deceased is not None:
        raise CorruptState("a join is not a burial", "data.phase")
    for index, card in enumerate(phase.invited):
        _check_card(card, deck, f"data.phase.invited[{index}]")
    capacity = proposal_capacity(phase, tables)
    if phase.table is not None and capacity < 1:
        raise CorruptState(f"table {phase.table} seats {MAX_TABLE}: nobody can join it",
                           "data.phase.table")
    invited = len(phase.invited)
    if invited > capacity:
        raise CorruptState(f"this proposal invites at most {capacity} guests, not {invited}",
                           "data.phase.invited")
    if isinstance(phase, Voting) and invited < proposal_minimum(phase):
        raise CorruptState(f"a proposal on the vote invites at least {proposal_minimum(phase)} "
                           "guests", "data.phase.invited")
    if isinstance(phase, Inviting) and invited + active_hand_size < proposal_minimum(phase):
        raise CorruptState(f"this proposal needs {proposal_minimum(phase)} guests and the active "
                           "hand cannot make up the rest", "data.phase.invited")


def _check_ballots(phase: Voting, players: int) -> None:
    """2) One ballot slot per seat, the proposer's always empty; a ballot rejects only
    proposed cards."""
    ballots = phase.ballots
    if len(ballots) != players or ballots[phase.active] is not None:
        raise CorruptState("one ballot per other seat", "data.phase.ballots")
    proposed = set(phase.proposed)
    for seat, ballot in enumerate(ballots):
        if ballot is not None and not ballot <= proposed:
            raise CorruptState("a ballot rejects only proposed cards",
                               f"data.phase.ballots[{seat}]")


def validate_view(view: View) -> None:
    """Raise :class:`CorruptState` naming the path when ``view`` is not one that
    ``view(state, seat)`` could have produced, so that ``render_view`` can trust it.

    It checks what :func:`validate` checks of the public parts (tables, scores, counters,
    the last vote, the phase) and the shapes of the rest: one hand size, revealed set and
    score per seat; the seat's own hand, its cards under the pile and what it may know of
    the phase (another's card just drawn and others' ballots are blank); every visible
    card once, and the counts adding up to the deck; who may act and who has voted.
    """
    if not isinstance(view, View):
        raise CorruptState(f"expected a dinner View, got {type(view).__name__}")
    config = view.config
    players = config.players
    deck = config.deck()
    seat = view.seat
    if seat is not None:
        _check_seat(seat, players, "data.seat")
    for name in ("hand_sizes", "known_in_hands", "scores"):
        if len(getattr(view, name)) != players:
            raise CorruptState(f"expected one entry per seat ({players})", f"data.{name}")
    phase = view.phase
    _check_phase_seat(phase, players)
    _check_view_cards(view, deck)
    for index, table in enumerate(view.tables):
        _check_table(table, players, deck, f"data.tables[{index}]")
    _check_scores(view.scores, config, "data.scores")
    _check_counters(config, phase, view.pile_size, view.dry_turns, view.turn, "data")
    if view.last_vote is not None:
        _check_vote_result(view.last_vote, players, deck, "data.last_vote")
        _check_last_table(view.last_vote, view.tables, deck, phase)
    _check_ending(phase, view.last_vote)
    _check_hand_sizes(phase, view.hand_sizes, "data.hand_sizes")
    if isinstance(phase, Drawing):
        if seat == phase.active:  # others see an exchange, but not the card it drew
            _check_drawing(phase)
        elif phase.drawn is not None or phase.declared:
            raise CorruptState("only the active seat sees the card it drew and the cards "
                               "it declared unknown", "data.phase")
        if phase.drawn is not None and phase.drawn not in view.hand:
            raise CorruptState("the card just drawn is in the active hand", "data.phase.drawn")
        put_under = {card for _, card in view.known_under}
        for card in phase.declared:
            if not _declared_card_is_placed(card, phase, view.hand, put_under, view.discard):
                raise CorruptState(f"card {card} was declared unknown this turn, so it is "
                                   "under the pile or back in the active hand",
                                   "data.phase.declared")
    elif isinstance(phase, (Inviting, Voting)):
        _check_proposal(phase, view.tables, deck, view.hand_sizes[phase.active])
    _check_turn_takers(view, players)
    _check_paid_scores(view.scores, view.tables, phase, view.last_vote, deck, "data.scores")


def _check_view_cards(view: View, deck: Deck) -> None:
    """Every card the seat can see in one place, and the counts adding up to the deck."""
    size = len(deck.guests)
    seat = view.seat
    if seat is None and view.hand:
        raise CorruptState("a spectator holds no hand", "data.hand")
    if seat is not None and len(view.hand) != view.hand_sizes[seat]:
        raise CorruptState(f"seat {seat} holds {view.hand_sizes[seat]} cards",
                           "data.hand")
    for other, hand_size in enumerate(view.hand_sizes):
        if hand_size < 0:
            raise CorruptState("a hand holds no fewer than 0 cards", f"data.hand_sizes[{other}]")
        known = view.known_in_hands[other]
        if len(known) > hand_size:
            raise CorruptState("more cards known in a hand than it holds",
                               f"data.known_in_hands[{other}]")
        if other == seat and not known <= set(view.hand):
            raise CorruptState("revealed cards must be in the hand",
                               f"data.known_in_hands[{other}]")
    if not 0 <= view.pile_size <= size:
        raise CorruptState(f"the pile holds 0 to {size} cards", "data.pile_size")
    if seat is None and view.known_under:
        raise CorruptState("a spectator put no card under the pile", "data.known_under")
    positions = [position for position, _ in view.known_under]
    if positions != sorted(set(positions)) or any(
            not 0 <= position < view.pile_size for position in positions):
        raise CorruptState(f"positions in a pile of {view.pile_size}, each once, in order",
                           "data.known_under")
    phase = view.phase
    visible: list[tuple[str, tuple[int, ...] | frozenset[int]]] = [
        ("hand", view.hand), ("discard", view.discard),
        ("known_under", tuple(card for _, card in view.known_under)),
    ]
    visible += [(f"tables[{index}].cards", table.cards)
                for index, table in enumerate(view.tables)]
    if isinstance(phase, (Inviting, Voting)):
        visible.append(("phase", _proposal_cards(phase)))
    visible += [(f"known_in_hands[{other}]", tuple(sorted(known)))
                for other, known in enumerate(view.known_in_hands) if other != seat]
    seen: dict[int, str] = {}
    for place, cards in visible:
        for index, card in enumerate(cards):
            path = _card_path(phase, place, index) if place == "phase" else (
                f"data.{place}" if place.startswith("known_in") else f"data.{place}[{index}]")
            _check_card(card, deck, path)
            if card in seen:
                raise CorruptState(f"card {card} is also in {seen[card]}", path)
            seen[card] = place
    on_the_table = sum(len(cards) for place, cards in visible
                       if place.startswith("tables") or place == "phase")
    counted = sum(view.hand_sizes) + view.pile_size + len(view.discard) + on_the_table
    if counted != size:
        raise CorruptState(f"the hands, pile, discard and tables hold {counted} cards, "
                           f"not the deck's {size}", "data.pile_size")


def _check_turn_takers(view: View, players: int) -> None:
    """Who may act follows from the phase; during a vote, from who has voted (the
    seat's own ballot shown only to it, and only once cast)."""
    phase = view.phase
    seat = view.seat
    if isinstance(phase, Voting):
        _check_ballots(phase, players)
        others = frozenset(range(players)) - {phase.active}
        if not view.voted <= others or view.voted == others:
            raise CorruptState("the seats that voted are some, not all, of the proposer's "
                               "opponents", "data.voted")
        for voter, ballot in enumerate(phase.ballots):
            if ballot is not None and voter != seat:
                raise CorruptState("a seat sees only its own ballot before the count",
                                   f"data.phase.ballots[{voter}]")
            if voter == seat and (ballot is not None) != (voter in view.voted):
                raise CorruptState("a seat's ballot shows exactly when it has voted",
                                   f"data.phase.ballots[{voter}]")
        expected = others - view.voted
    elif view.voted:
        raise CorruptState("no vote is under way", "data.voted")
    else:
        expected = frozenset() if isinstance(phase, Over) else frozenset((phase.active,))
    if view.to_act != expected:
        raise CorruptState(f"seats {sorted(expected)} are to act, not "
                           f"{sorted(view.to_act)}", "data.to_act")
