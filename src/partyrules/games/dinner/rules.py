"""The rules of Guess Who's Coming to Dinner: setup, legal actions, the reducer, outcome.

Section numbers in messages and comments refer to the rulebook (Bruno Faidutti):
1) Gameplay, 2) Starting a new table, 3) Add guests to an existing table, 4) Death of a
character, 5) End of the game, 6) Variant. Where the rulebook is silent the project's
spec decides; the docs page ``docs/games/dinner.md`` lists each such decision.

Each action kind has one ``why_illegal`` predicate, named after the rule it enforces;
:func:`apply` calls it and raises :class:`IllegalAction` with its sentence, and
:func:`legal_actions` only generates candidates that pass it.

>>> from partyrules.games.dinner.state import Config
>>> state = setup(Config(players=3), seed=7)
>>> [type(a).__name__ for a in legal_actions(state, 0)][:3]
['Unknown', 'Exchange', 'Exchange']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import cache, lru_cache
from itertools import repeat
from operator import itemgetter
from typing import Any

from partyrules.core.config import shared
from partyrules.core.game import Outcome, Property, Timer
from partyrules.core.records import fast_evolve, fast_records, replaced, without_first
from partyrules.core.rng import Rng
from partyrules.core.rules import ActionKinds, check_setup, ended, uniform_choice
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
from partyrules.games.dinner.cards import Deck, table_points
from partyrules.games.dinner.state import (
    BURIAL_MAX,
    BURIAL_MIN,
    END_BONUS,
    MAX_TABLE,
    NEW_TABLE_MAX,
    NEW_TABLE_MIN,
    Config,
    Drawing,
    Inviting,
    Over,
    Phase,
    State,
    Table,
    VoteResult,
    Voting,
    evolve,
    hand_size,
)

__all__ = [
    "END_BONUS",
    "PROPERTIES",
    "RANDOM_ACTION_FROM_VIEW",
    "TIMER",
    "apply",
    "apply_listed",
    "is_simultaneous",
    "is_terminal",
    "legal_actions",
    "max_decisions",
    "max_total_score",
    "max_turn",
    "outcome",
    "paid_scores",
    "proposal_capacity",
    "proposal_minimum",
    "random_action",
    "random_ballot",
    "rules_max_decisions",
    "setup",
    "table_points",
    "to_act",
    "why_illegal",
]


@lru_cache(maxsize=64)
def _prebuilt(config: Config) -> tuple[Deck, tuple[tuple[Invite, ...], ...],
                                       tuple[tuple[Exchange, ...], ...]]:
    """Per config, built once: the deck tables and every Invite/Exchange action."""
    deck = config.deck()
    cards = range(len(deck.guests))
    invites = tuple(tuple(Invite(seat, card) for card in cards) for seat in range(config.players))
    exchanges = tuple(tuple(Exchange(seat, card) for card in cards)
                      for seat in range(config.players))
    return deck, invites, exchanges


# -- setup and turn structure -----------------------------------------------------------


def setup(config: Config, seed: int) -> State:
    """1) Shuffle the deck, deal 7 cards each (6 with 6 or more players), and begin the
    first player's turn with its draw."""
    check_setup(config, Config, seed, "dinner")
    config = shared(config)  # the rules' caches keyed by the config find it at once
    players = config.players
    size = hand_size(players)
    order, rng = Rng.from_seed(seed).shuffle(range(len(config.deck().guests)))
    hands = tuple(order[seat * size:(seat + 1) * size] for seat in range(players))
    empty: frozenset[int] = frozenset()
    state = State(
        config=config,
        rng=rng,
        pile=order[players * size:],
        hands=hands,
        discard=(),
        tables=(),
        scores=(0,) * players,
        phase=Drawing(config.first_player, None),
        revealed=(empty,) * players,
    )
    return _begin_turn(state, config.first_player, state.turn, {})


def _begin_turn(state: State, seat: int, turn: int, changes: dict[str, Any]) -> State:
    """1a) A turn begins with its compulsory draw (skipped when the pile is empty).
    ``changes`` (a dict of the caller's own, filled in here) are made with it."""
    changes["turn"] = turn
    pile = changes.get("pile", state.pile)
    if not pile:
        changes["phase"] = Drawing(seat, None)
        return evolve(state, changes)
    card = pile[0]
    hands = changes.get("hands", state.hands)
    changes["hands"] = replaced(hands, seat, (*hands[seat], card))
    changes["pile"] = pile[1:]
    changes["under"] = _forget_under(changes.get("under", state.under), card)
    changes["phase"] = Drawing(seat, card)
    return evolve(state, changes)


def _end_turn(state: State, active: int, accepted: bool, changes: dict[str, Any]) -> State:
    """Play passes to the left; an empty pile and a full round of turns with no accepted
    table end the game (spec: the end that the rulebook leaves open). ``changes`` (a
    dict of the caller's own, filled in here) are made with it."""
    dry_turns = 0
    if not changes.get("pile", state.pile):
        dry_turns = 0 if accepted else state.dry_turns + 1
        if dry_turns >= state.config.players:
            changes.update(phase=Over("pile_exhausted"), dry_turns=dry_turns)
            return evolve(state, changes)
    changes["dry_turns"] = dry_turns
    following = (active + 1) % state.config.players
    return _begin_turn(state, following, state.turn + 1, changes)


def _forget_under(under: tuple[tuple[int, int], ...], card: int) -> tuple[tuple[int, int], ...]:
    if not under or card not in map(_card_of, under):  # at every draw: a search in C
        return under
    return tuple(entry for entry in under if entry[0] != card)


def _forget_revealed(state: State, seat: int, cards: tuple[int, ...]) -> tuple[frozenset[int], ...]:
    known = state.revealed[seat]
    if not known or known.isdisjoint(cards):
        return state.revealed
    return replaced(state.revealed, seat, known.difference(cards))


_card_of = itemgetter(0)
"""The card of an ``under`` entry ``(card, seat)``."""


# -- who acts ---------------------------------------------------------------------------


def to_act(state: State) -> frozenset[int]:
    """The active player, or every seat that has not voted yet; empty when over."""
    phase = state.phase
    if isinstance(phase, Voting):
        active = phase.active
        return frozenset([seat for seat, ballot in enumerate(phase.ballots)
                          if ballot is None and seat != active])
    if isinstance(phase, Over):
        return frozenset()
    return _alone(phase.active)


@cache
def _alone(seat: int) -> frozenset[int]:
    """``frozenset((seat,))``, built once per seat: the runner asks ``to_act`` at every
    step."""
    return frozenset((seat,))


def is_simultaneous(state: State) -> bool:
    """True during a vote: ballots are hidden until all are in."""
    return isinstance(state.phase, Voting)


def is_terminal(state: State) -> bool:
    """True once the game is over."""
    return isinstance(state.phase, Over)


def outcome(state: State) -> Outcome:
    """5) Highest total score wins; ties share the win."""
    over = ended(state.phase, Over)
    best = max(state.scores)
    winners = frozenset(seat for seat, score in enumerate(state.scores) if score == best)
    return Outcome(winners, state.scores, over.reason)


# -- the rules, one predicate per action kind --------------------------------------------


_PHASE_NAMES = {
    Drawing: "the draw and exchange step",
    Inviting: "seating guests",
    Voting: "the vote",
    Over: "the end of the game",
}


def _turn_error(state: State, seat: Any, phase_type: type, what: str) -> str | None:
    phase = state.phase
    if isinstance(phase, Over):
        return "5) the game is over"
    if type(seat) is not int:
        return f"seat must be an int, not {seat!r}"
    if type(phase) is not phase_type:
        return f"{what} belongs to {_PHASE_NAMES[phase_type]}; now is {_PHASE_NAMES[type(phase)]}"
    assert isinstance(phase, (Drawing, Inviting))
    if seat != phase.active:
        return f"1) it is seat {phase.active}'s turn, not seat {seat}'s"
    return None


def _card_error(state: State, card: Any, seat: int) -> str | None:
    if type(card) is not int:
        return f"a card is an int, not {card!r}"
    if card not in state.hands[seat]:
        return f"card {card} is not in seat {seat}'s hand"
    return None


def _unknown_rule(state: State, action: Unknown) -> str | None:
    """1) A character the player does not know, just drawn, may go under the pile."""
    error = _turn_error(state, action.seat, Drawing, "putting a card under the pile")
    if error:
        return error
    phase = state.phase
    assert isinstance(phase, Drawing)
    if type(action.card) is not int or phase.drawn is None or action.card != phase.drawn:
        return "1) only the card just drawn may be put under the draw pile"
    if action.card in phase.declared:
        return f"1) card {action.card} was already put under the pile this turn"
    if not state.pile:
        return "1) the draw pile holds no replacement card"
    return None


def _exchange_rule(state: State, action: Exchange) -> str | None:
    """1b) Once a turn, optionally: discard a card and draw a replacement."""
    error = _turn_error(state, action.seat, Drawing, "the exchange")
    if error:
        return error
    assert isinstance(state.phase, Drawing)
    if state.phase.exchanged:
        return "1b) the exchange is allowed once a turn"
    if not state.pile:
        return "1b) the draw pile is empty: there is no replacement to draw"
    return _card_error(state, action.card, action.seat)


def _start_table_rule(state: State, action: StartTable) -> str | None:
    """2) A new table needs 2 cards from hand."""
    error = _turn_error(state, action.seat, Drawing, "opening a table")
    if error:
        return error
    if len(state.hands[action.seat]) < NEW_TABLE_MIN:
        return "2) a new table needs at least 2 cards in hand"
    return None


def _start_burial_rule(state: State, action: StartBurial) -> str | None:
    """4) A recently deceased card from hand, and at least one guest to invite."""
    error = _turn_error(state, action.seat, Drawing, "opening a burial") or _card_error(
        state, action.deceased, action.seat)
    if error:
        return error
    if action.deceased not in state.config.deck().deceased:
        return f"4) card {action.deceased} is not a recently deceased character"
    if len(state.hands[action.seat]) < 1 + BURIAL_MIN:
        return "4) a burial needs at least one guest besides the deceased"
    return None


def _join_table_rule(state: State, action: JoinTable) -> str | None:
    """3) Guests join an existing table, which may never exceed 7."""
    error = _turn_error(state, action.seat, Drawing, "joining a table")
    if error:
        return error
    table = action.table
    if type(table) is not int or not 0 <= table < len(state.tables):
        return f"3) there is no table {table!r}"
    if len(state.tables[table].cards) >= MAX_TABLE:
        return f"3) table {table} already seats 7 guests"
    if not state.hands[action.seat]:
        return "3) joining needs a card in hand"
    return None


def _can_open(state: State, seat: int) -> bool:
    hand = state.hands[seat]
    if len(hand) >= 2:
        return True
    return bool(hand) and any(len(table.cards) < MAX_TABLE for table in state.tables)


def _pass_rule(state: State, action: Pass) -> str | None:
    """1c) A player must open a table or join one; passing is only for when neither
    is possible."""
    error = _turn_error(state, action.seat, Drawing, "passing")
    if error:
        return error
    if _can_open(state, action.seat):
        return "1c) a player who can start or join a table must do so"
    return None


def proposal_capacity(phase: Inviting | Voting, tables: tuple[Table, ...]) -> int:
    """2)-4) The most guests the proposal may invite."""
    if phase.table is not None:
        return MAX_TABLE - len(tables[phase.table].cards)
    return BURIAL_MAX if phase.deceased is not None else NEW_TABLE_MAX


def proposal_minimum(phase: Inviting | Voting) -> int:
    """2)-4) The fewest guests a proposal invites: 2 for a new table, else 1."""
    return NEW_TABLE_MIN if phase.table is None and phase.deceased is None else BURIAL_MIN


def _room(state: State, phase: Inviting) -> int:
    """How many more cards the table being built can take."""
    return proposal_capacity(phase, state.tables) - len(phase.invited)


def _invite_rule(state: State, action: Invite) -> str | None:
    """2)-4) Seat a card from hand, within the table's limit."""
    error = _turn_error(state, action.seat, Inviting, "inviting a guest") or _card_error(
        state, action.card, action.seat)
    if error:
        return error
    assert isinstance(state.phase, Inviting)
    if _room(state, state.phase) <= 0:
        return "2)-4) this table is full (a new table takes 6 cards, a burial 5 guests, " \
               "any table at most 7)"
    return None


def _propose_rule(state: State, action: Propose) -> str | None:
    """2) The table is explained once its minimum is seated."""
    error = _turn_error(state, action.seat, Inviting, "proposing")
    if error:
        return error
    if not isinstance(action.story, str):
        return f"the story is text, not {action.story!r}"
    assert isinstance(state.phase, Inviting)
    if len(state.phase.invited) < proposal_minimum(state.phase):
        return "2) a new table needs 2 guests; a burial or a join needs 1"
    return None


def _ballot_rule(state: State, action: Ballot) -> str | None:
    """2) Every other player votes once; a ballot rejects some of the proposed cards."""
    phase = state.phase
    seat = action.seat
    if isinstance(phase, Over):
        return "5) the game is over"
    if not isinstance(phase, Voting):
        return f"a ballot belongs to the vote; now is {_PHASE_NAMES[type(phase)]}"
    if type(seat) is not int or not 0 <= seat < len(phase.ballots):
        return f"there is no seat {seat!r}"
    if seat == phase.active:
        return "2) the proposer does not vote on their own table"
    if phase.ballots[seat] is not None:
        return f"seat {seat} has already voted"
    if not isinstance(action.rejected, frozenset) or any(
            type(card) is not int for card in action.rejected):
        return "a ballot's rejected cards are a frozenset of card numbers"
    if not action.rejected.issubset(phase.proposed):
        return "2) a ballot may only reject cards of the proposal"
    return None


_RULES: dict[type, Callable[[State, Any], str | None]] = {
    Unknown: _unknown_rule,
    Exchange: _exchange_rule,
    StartTable: _start_table_rule,
    StartBurial: _start_burial_rule,
    JoinTable: _join_table_rule,
    Pass: _pass_rule,
    Invite: _invite_rule,
    Propose: _propose_rule,
    Ballot: _ballot_rule,
}


# -- legal actions ------------------------------------------------------------------------


def legal_actions(state: State, seat: int) -> Iterator[Action]:
    """Every action ``seat`` may take now, in a fixed order (see the module doc). Each
    listing is built whole and handed out as its iterator (a generator's step per action
    cost more than the actions); a vote's ballots are built all at once
    (:func:`_ballots`)."""
    phase = state.phase
    if isinstance(phase, Voting):
        # A seat that may vote (to_act's test, without building its set).
        ballots = phase.ballots
        if 0 <= seat < len(ballots) and ballots[seat] is None and seat != phase.active:
            return iter(_ballots(seat, phase.proposed))
        return iter(())
    if isinstance(phase, Drawing) and seat == phase.active:
        return iter(_drawing_actions(state, phase))
    if isinstance(phase, Inviting) and seat == phase.active:
        return iter(_inviting_actions(state, phase))
    return iter(())


def _drawing_actions(state: State, phase: Drawing) -> list[Action]:
    seat = phase.active
    hand = state.hands[seat]
    deck, _, exchanges = _prebuilt(state.config)
    listed: list[Action] = []
    if state.pile:
        if phase.drawn is not None and phase.drawn not in phase.declared:
            listed.append(_unknown(seat, phase.drawn))
        if not phase.exchanged:
            listed += map(exchanges[seat].__getitem__, hand)
    opened = len(hand) >= 2
    if opened:
        listed.append(_start_table(seat))
        deceased = deck.deceased
        listed += [_start_burial(seat, card) for card in hand if card in deceased]
    if hand:
        joins = [_join_table(seat, index) for index, table in enumerate(state.tables)
                 if len(table.cards) < MAX_TABLE]
        if joins:
            opened = True
            listed += joins
    if not opened:
        listed.append(_pass(seat))
    return listed


_unknown = cache(Unknown)
_start_table = cache(StartTable)
_start_burial = cache(StartBurial)
_join_table = cache(JoinTable)
_pass = cache(Pass)
_propose = cache(Propose)
"""Listed records built once and shared (they are immutable), as the Invite and Exchange
records of :func:`_prebuilt` are."""


def _inviting_actions(state: State, phase: Inviting) -> list[Action]:
    seat = phase.active
    invited = len(phase.invited)
    listed: list[Action] = (
        list(map(_prebuilt(state.config)[1][seat].__getitem__, state.hands[seat]))
        if proposal_capacity(phase, state.tables) > invited else [])
    if invited >= proposal_minimum(phase):
        listed.append(_propose(seat, ""))
    return listed


_new_ballots = fast_records(Ballot)


def _ballots(seat: int, proposed: tuple[int, ...]) -> list[Ballot]:
    """Every ballot of ``seat`` on ``proposed``, one per subset it may reject, in the
    order of :func:`_rejections`: a vote lists 2 to 64 of them, made without a Python
    call per record (:func:`~partyrules.core.records.fast_records`)."""
    rejections = _rejections(proposed)
    return _new_ballots(len(rejections), repeat(seat), rejections)


@lru_cache(maxsize=256)
def _rejections(proposed: tuple[int, ...]) -> tuple[frozenset[int], ...]:
    """Every subset of ``proposed``, in the order of the bit masks (subset ``m`` holds
    ``proposed[b]`` when bit ``b`` of ``m`` is set): built by doubling, each subset from
    a smaller one, and shared by the seats voting on the same proposal."""
    subsets: list[frozenset[int]] = [frozenset()]
    for card in proposed:
        subsets += [subset | {card} for subset in subsets]
    return tuple(subsets)


def random_ballot(seat: int, proposed: tuple[int, ...], rng: random.Random) -> Ballot:
    """A uniformly random ballot of ``seat`` on ``proposed``: any subset may be rejected."""
    mask = rng.getrandbits(len(proposed))
    return Ballot(seat, frozenset(card for bit, card in enumerate(proposed) if mask >> bit & 1))


def random_action(state: State, seat: int, rng: random.Random) -> Action:
    """A uniformly random legal action (a ballot: a uniformly random subset)."""
    phase = state.phase
    if isinstance(phase, Voting) and seat in to_act(state):
        return random_ballot(seat, phase.proposed, rng)
    return uniform_choice(legal_actions(state, seat), seat, rng)


RANDOM_ACTION_FROM_VIEW = True
"""``random_action`` reads only what the acting seat's view shows (the test kit's
``check_honest_draw`` checks it): a random seat draws it on the real state, no redeal."""


# -- the reducer ----------------------------------------------------------------------------


def _draw_replacement(state: State, seat: int, hand: tuple[int, ...],
                      pile: tuple[int, ...], under: tuple[tuple[int, int], ...],
                      declared: frozenset[int], exchanged: bool,
                      changes: dict[str, Any]) -> State:
    card = pile[0]
    changes.update(hands=replaced(state.hands, seat, (*hand, card)), pile=pile[1:],
                   under=_forget_under(under, card),
                   phase=Drawing(seat, card, declared, exchanged))
    return evolve(state, changes)


def _apply_unknown(state: State, action: Unknown) -> State:
    phase = state.phase
    assert isinstance(phase, Drawing)
    seat, card = action.seat, action.card
    return _draw_replacement(
        state, seat, without_first(state.hands[seat], card), (*state.pile, card),
        (*state.under, (card, seat)),
        phase.declared | {card}, phase.exchanged, {},
    )


def _apply_exchange(state: State, action: Exchange) -> State:
    phase = state.phase
    assert isinstance(phase, Drawing)
    seat, card = action.seat, action.card
    return _draw_replacement(
        state, seat, without_first(state.hands[seat], card), state.pile, state.under,
        phase.declared, True,
        {"discard": (*state.discard, card), "revealed": _forget_revealed(state, seat, (card,))},
    )


def _apply_start_table(state: State, action: StartTable) -> State:
    return evolve(state, {"phase": Inviting(action.seat, None, None)})


def _apply_start_burial(state: State, action: StartBurial) -> State:
    seat, card = action.seat, action.deceased
    return evolve(state, {
        "hands": replaced(state.hands, seat, without_first(state.hands[seat], card)),
        "revealed": _forget_revealed(state, seat, (card,)),
        "phase": Inviting(seat, None, card),
    })


def _apply_join_table(state: State, action: JoinTable) -> State:
    return evolve(state, {"phase": Inviting(action.seat, action.table, None)})


def _apply_pass(state: State, action: Pass) -> State:
    return _end_turn(state, action.seat, False, {})


def _apply_invite(state: State, action: Invite) -> State:
    phase = state.phase
    assert isinstance(phase, Inviting)
    seat, card = action.seat, action.card
    return evolve(state, {
        "hands": replaced(state.hands, seat, without_first(state.hands[seat], card)),
        "revealed": _forget_revealed(state, seat, (card,)),
        "phase": Inviting(seat, phase.table, phase.deceased, (*phase.invited, card)),
    })


def _apply_propose(state: State, action: Propose) -> State:
    phase = state.phase
    assert isinstance(phase, Inviting)
    return evolve(state, {"phase": Voting(
        phase.active, phase.table, phase.deceased, phase.invited, action.story,
        (None,) * state.config.players,
    )})


def _apply_ballot(state: State, action: Ballot) -> State:
    phase = state.phase
    assert isinstance(phase, Voting)
    ballots = replaced(phase.ballots, action.seat, action.rejected)
    if ballots.count(None) > 1:  # the proposer's slot stays None
        return evolve(state, {"phase": _evolve_voting(phase, {"ballots": ballots})})
    return _count_votes(state, phase, ballots)


_evolve_voting = fast_evolve(Voting)
"""A vote with one more ballot in, at every ballot but the last."""


def _count_votes(state: State, phase: Voting,
                 ballots: tuple[frozenset[int] | None, ...]) -> State:
    """2) A card is turned down by a strict majority of the other players; a tie accepts.
    A new table keeps at least 2 accepted guests, a burial its deceased and a guest, a
    join one guest -- or the whole proposal is rejected and the turn is lost."""
    active, proposed = phase.active, phase.proposed
    voters = len(ballots) - 1
    # Every rejection of every ballot in one list, counted per card by list.count (a
    # ballot holds a card at most once): no generator per card.
    rejections = [card for ballot in ballots if ballot for card in ballot]
    turned_down = frozenset([card for card in proposed if 2 * rejections.count(card) > voters])
    seated = tuple([card for card in phase.invited if card not in turned_down])
    if phase.table is not None:
        accepted = len(seated) >= 1
    elif phase.deceased is not None:
        accepted = phase.deceased not in turned_down and len(seated) >= BURIAL_MIN
    else:
        accepted = len(seated) >= NEW_TABLE_MIN
    returned = turned_down if accepted else frozenset(proposed)
    hand = state.hands[active]
    changes: dict[str, Any] = {
        "hands": replaced(state.hands, active,
                          (*hand, *[c for c in proposed if c in returned])),
        "revealed": replaced(state.revealed, active, state.revealed[active] | returned),
    }
    points = 0
    if accepted:
        deck = state.config.deck()
        if phase.table is None:
            cards = seated if phase.deceased is None else (phase.deceased, *seated)
            table = Table(cards, phase.deceased is not None, active, (phase.story,))
            changes["tables"] = (*state.tables, table)
        else:
            joined = state.tables[phase.table]
            cards = joined.cards + seated
            table = Table(cards, joined.burial, joined.host, (*joined.stories, phase.story))
            changes["tables"] = replaced(state.tables, phase.table, table)
        points = table_points(deck, cards)
    emptied = accepted and not changes["hands"][active]
    if emptied:
        points += END_BONUS
    changes["scores"] = replaced(state.scores, active, state.scores[active] + points)
    changes["last_vote"] = VoteResult(active, proposed, ballots, turned_down, accepted, points)
    if emptied:
        changes["phase"] = Over("hand_emptied", active)
        return evolve(state, changes)
    return _end_turn(state, active, accepted, changes)


_KINDS: ActionKinds[State] = ActionKinds("Guess Who's Coming to Dinner", _RULES, {
    Unknown: _apply_unknown,
    Exchange: _apply_exchange,
    StartTable: _apply_start_table,
    StartBurial: _apply_start_burial,
    JoinTable: _apply_join_table,
    Pass: _apply_pass,
    Invite: _apply_invite,
    Propose: _apply_propose,
    Ballot: _apply_ballot,
})
why_illegal = _KINDS.why_illegal
apply = _KINDS.apply
apply_listed = _KINDS.apply_listed


def max_decisions(config: Config) -> int:
    """The documented bound on the decisions of one game (a joint action of a
    simultaneous step, a vote, counts one): the smaller of ``1000 + 500 x players``,
    about three times the longest of the uniformly random games measured (the game's
    page gives the figures, under "The bound on a game's length"), and
    :func:`rules_max_decisions`, the bound the rules themselves set. Frameworks that need
    a length bound (OpenSpiel's ``max_game_length``) read it, and stop a game that goes
    past it.

    With the default deck the first is the smaller: a bound on play, not on what the
    rules allow (a turn may declare every card of the pile unknown, one after another).
    With a short deck the rules' bound is the smaller, and then a true bound.

    >>> max_decisions(Config(players=3)), max_decisions(Config(players=7))
    (2500, 4500)
    >>> from partyrules.games.dinner.state import PRESETS
    >>> max_decisions(PRESETS["tiny"])
    1345
    """
    return min(1000 + 500 * config.players, rules_max_decisions(config))


# -- bounds the rules imply ------------------------------------------------------------


def max_turn(config: Config) -> int:
    """The highest turn number the rules can reach, ``(deck size + 1) x (players + 1)``.

    A turn that begins with cards in the pile draws one of them for good (an unknown
    character goes back under the pile, but only in exchange for a replacement), so at
    most deck-size turns do. Once the pile is empty, ``players`` turns in a row without
    an accepted table end the game, and each accepted table seats a card for good.

    >>> max_turn(Config(players=4))
    1005
    """
    return (len(config.deck().guests) + 1) * (config.players + 1)


def rules_max_decisions(config: Config) -> int:
    """A true bound on the decisions of one game, a vote counting one:
    ``p (p + 1) / 2 + 10 x (max_turn + 1)``, ``p`` the draw pile after the deal (deck
    size less the hands).

    Proof sketch. Every decision belongs to a turn, and there are at most
    ``max_turn + 1`` turns (:func:`max_turn`). Leaving ``Unknown`` aside, a turn is at
    most 10 decisions: one ``Exchange`` (once a turn), one opening (``StartTable``,
    ``StartBurial``, ``JoinTable``) or ``Pass``, at most 6 ``Invite`` (a new table seats 2
    to 6 cards, a burial 1 to 5 guests, a join leaves a table of at least 2 cards at most
    7), one ``Propose`` and the vote. ``Unknown`` declares a card drawn this turn, each
    card at most once a turn, so a turn declares at most as many as the pile held when
    it began. A card that leaves the pile never comes back to it (a card declared unknown
    goes under it, but only in exchange for a replacement), and every turn that begins
    with cards in the pile draws one for good: the turns that may declare anything begin
    with ``p``, at most ``p - 1``, ... cards in the pile, ``p (p + 1) / 2`` in all.

    >>> rules_max_decisions(Config(players=3))
    24160
    """
    pile = len(config.deck().guests) - config.players * hand_size(config.players)
    return pile * (pile + 1) // 2 + 10 * (max_turn(config) + 1)


def max_total_score(config: Config) -> int:
    """The most points a game can pay out in all, ``14 x deck size + 5``: each accepted
    proposal seats at least one card for good and scores at most 14 (7 guests in 7
    suits), and the 5-point bonus ends the game.

    >>> max_total_score(Config(players=4))
    2805
    """
    return 2 * MAX_TABLE * len(config.deck().guests) + END_BONUS


def paid_scores(tables: tuple[Table, ...], phase: Phase, last_vote: VoteResult | None,
                deck: Deck, players: int) -> tuple[int, int, tuple[int, ...]]:
    """2)-3), 5) What the tables in play can have paid: ``(least, most, least_per_seat)``.

    Scores come only from accepted proposals and the bonus. A table's cards are seated in
    order, one accepted proposal (a story) at a time, each scoring the whole table as it
    then stood: a table of ``n`` cards and ``k`` stories paid ``table_points`` of ``k``
    growing prefixes of its cards, the last the whole table, the first at least 2 cards
    (the least when every earlier story seated as few cards as it could, the most when
    they seated as many). Its host was paid at least its opening, the last accepted
    proposal's seat at least its points, and the seat whose hand emptied the bonus.
    """
    emptied_by = phase.emptied_by if isinstance(phase, Over) else None
    least_paid = [END_BONUS if seat == emptied_by else 0 for seat in range(players)]
    least = most = sum(least_paid)
    for table in tables:
        cards, earlier = table.cards, len(table.stories) - 1
        whole = table_points(deck, cards)
        least += whole + sum(table_points(deck, cards[:NEW_TABLE_MIN + step])
                             for step in range(earlier))
        most += whole + sum(table_points(deck, cards[:len(cards) - earlier + step])
                            for step in range(earlier))
        least_paid[table.host] += table_points(deck, cards[:NEW_TABLE_MIN])
    if last_vote is not None and last_vote.accepted:
        # The last accepted proposal paid its points (bonus included) to its proposer.
        least_paid[last_vote.seat] = max(least_paid[last_vote.seat], last_vote.points)
    return least, most, tuple(least_paid)


# -- rule-level truths for the exhaustive explorer -------------------------------------------


def _turns_pass_left(state: State) -> bool:
    """1) Play turns clockwise from the first player, one turn per seat in turn: turn
    ``t`` is seat ``first_player + t - 1`` (mod players), the seat that plays it now, or
    that emptied its hand in it."""
    config = state.config
    seat = (config.first_player + state.turn - 1) % config.players
    phase = state.phase
    if isinstance(phase, Over):
        return phase.emptied_by is None or phase.emptied_by == seat
    return phase.active == seat


def _one_draw_per_turn(state: State) -> bool:
    """1a) Every turn begins with a draw while the pile lasts, and nothing else takes a
    card from it for good (an unknown character goes back under it for its replacement;
    an exchange discards one card for the one it draws). So the cards dealt, drawn and
    discarded account for the pile: one draw per turn begun while it held cards, and the
    dry turns counted since it ran out are no more than the turns played since."""
    config = state.config
    drawn = (len(config.deck().guests) - config.players * hand_size(config.players)
             - len(state.pile) - len(state.discard))
    if state.pile:
        return drawn == state.turn and state.dry_turns == 0
    # Turn ``drawn`` took the last card; the turns ended since (that one included, and
    # the current one once the game is over) are the only ones that can be dry.
    ended_turns = state.turn - drawn + (1 if isinstance(state.phase, Over) else 0)
    return 0 <= drawn <= state.turn and state.dry_turns <= ended_turns


def _one_table_per_turn(state: State) -> bool:
    """1c) A turn plays at most one proposal, and a dry turn none: the accepted proposals
    (one story each at the tables) are no more than the turns ended, less the dry turns
    that closed them."""
    ended = state.turn - (0 if isinstance(state.phase, Over) else 1)
    told = sum(len(table.stories) for table in state.tables)
    return told <= ended - state.dry_turns


PROPERTIES: tuple[Property[State], ...] = (
    Property("turns_pass_left",
             "turn t is played by seat first_player + t - 1 (mod players): play passes "
             "to the left, one turn each, none skipped or repeated",
             _turns_pass_left),
    Property("one_draw_per_turn",
             "the cards out of the pile other than by exchange are the deal plus one "
             "draw per turn begun while the pile held cards, and the dry turns are no "
             "more than the turns ended since it ran out",
             _one_draw_per_turn),
    Property("one_table_per_turn",
             "the accepted proposals (one story each at the tables) are no more than the "
             "turns ended less the dry turns that closed them: a turn plays at most one",
             _one_table_per_turn),
)
"""Rule-level truths every reachable state keeps beyond
:func:`~partyrules.games.dinner.integrity.validate`: the
exhaustive explorer (:func:`partyrules.core.verify.explore`) checks them at every state."""


TIMER: Timer[State, Action] | None = None
"""No rule of the game is timed."""
