"""The rules of Dylan Dog: setup, the turn, the reducer and the outcome.

Each action kind's rule (why it is refused now) and effect sit side by side in the module
of the rulebook part it belongs to: :mod:`~partyrules.games.dylan_dog.turns` (First Turn,
Later Turns, The Die, Moving Between Planes), :mod:`~partyrules.games.dylan_dog.exchange`,
:mod:`~partyrules.games.dylan_dog.crypts` (Reaching the Mystery Crypts, Horror Cards),
:mod:`~partyrules.games.dylan_dog.nightmare` (Nightmare Cards) and
:mod:`~partyrules.games.dylan_dog.shadows` (Shadow Cards, Dylan Dog Cards, Shadow
Squares); the steps no seat decides are in :mod:`~partyrules.games.dylan_dog.flow`.

Section names in messages follow the rulebook: Setup, Before Playing, Starting the
Game, First Turn, Later Turns, Moving Between Planes, The Nightmare Plane, The Die,
Nightmare Cards, Shadow Cards, Dylan Dog Cards, Shadow Squares, Reaching the Mystery
Crypts, Horror Cards, Exchange, The End of the Game, Final Notes. Where the rulebook is
silent the spec decides, and ``docs/games/dylan_dog.md`` lists each such decision.

>>> from partyrules.games.dylan_dog.state import Config
>>> state = setup(Config(players=3), seed=1)
>>> sorted(to_act(state)), [str(a) for a in legal_actions(state, 0)]
([0], ['Roll(seat=0)'])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

from partyrules.core.game import Outcome, Property, Timer
from partyrules.core.records import without_every
from partyrules.core.rng import Rng
from partyrules.core.rules import ActionKinds, check_setup, ended, uniform_choice
from partyrules.games.dylan_dog import crypts, exchange, nightmare, shadows, turns
from partyrules.games.dylan_dog.actions import (
    Action,
    Challenge,
    ChooseDistance,
)
from partyrules.games.dylan_dog.board import geometry
from partyrules.games.dylan_dog.cards import ROLES, CardSet, catalog
from partyrules.games.dylan_dog.flow import MYSTERY_CARDS_TO_WIN
from partyrules.games.dylan_dog.moves import (
    actor,
    move_units,
    of_kind,
    offers_left,
    plane_of,
    prebuilt,
    unit_actions,
    usable_shadows,
)
from partyrules.games.dylan_dog.state import (
    CardChoice,
    ChoosingDistance,
    Claiming,
    Config,
    EmptyCrypt,
    Exchange,
    Horror,
    Moving,
    Over,
    Pawn,
    Phase,
    PuttingBack,
    Returning,
    Searching,
    Shadow,
    State,
    Trading,
    TurnStart,
)

__all__ = [
    "DECISIONS_PER_TRADE",
    "DECISIONS_PER_TURN",
    "EFFECTS",
    "MYSTERY_CARDS_TO_WIN",
    "PROPERTIES",
    "RANDOM_ACTION_FROM_VIEW",
    "RULES",
    "TIMER",
    "apply",
    "apply_listed",
    "is_simultaneous",
    "is_terminal",
    "legal_actions",
    "max_decisions",
    "outcome",
    "random_action",
    "setup",
    "to_act",
    "unit_actions",
    "why_illegal",
]



# -- setup --------------------------------------------------------------------------------


def setup(config: Config, seed: int) -> State:
    """Setup and Before Playing: shuffle the 36 crypt cards into the crypts (9 each),
    deal every seat one story card of each role, shuffle the nightmare and Dylan Dog
    decks; Starting the Game: seat i's pawn on the i-th white square (sector 4i on the
    default board), the rotating plane on "via" (rotation 0)."""
    check_setup(config, Config, seed, "dylan_dog")
    known = catalog(config.the_cards())
    board = config.the_board()
    rng = Rng.from_seed(seed)
    crypt_cards, rng = rng.shuffle(known.crypt_cards)
    count = len(board.crypts)
    crypts = tuple(crypt_cards[i::count] for i in range(count))
    stories: list[tuple[int, ...]] = [() for _ in range(config.players)]
    unused: list[int] = []
    for role in range(len(ROLES)):
        pile, rng = rng.shuffle(c for c in known.story if known.role[c] == role)
        for seat in range(config.players):
            stories[seat] += (pile[seat],)
        unused.extend(pile[config.players:])
    nightmare, rng = rng.shuffle(known.nightmare)
    dylan, rng = rng.shuffle(known.dylan_dog)
    whites = board.white_squares
    spread = [whites[seat % len(whites)] for seat in range(config.players)]
    return State(
        config=config, rng=rng, active=config.first_player, turn=0, rotation=0,
        pawns=tuple(Pawn("reality", square) for square in spread),
        story=tuple(stories), unused_story=tuple(sorted(unused)),
        held=((),) * config.players, crypts=crypts, nightmare=nightmare, dylan_dog=dylan,
        removed=(), returned=frozenset(), revealed_shapes=(frozenset(),) * config.players,
        die=None, drawn=None, phase=TurnStart(),
    )



# -- who acts ---------------------------------------------------------------------------


def to_act(state: State) -> frozenset[int]:
    """The active seat, except: the partner answers a trade, the fighter of a horror
    card throws, and a pawn sent to reality is placed by its owner."""
    phase = state.phase
    if isinstance(phase, Over):
        return frozenset()
    return _alone(actor(state, phase))


@lru_cache(maxsize=16)
def _alone(seat: int) -> frozenset[int]:
    """The set of ``seat`` alone, built once (every state asks who acts)."""
    return frozenset((seat,))



def is_simultaneous(state: State) -> bool:
    """Always False: one seat acts at a time."""
    return False


def is_terminal(state: State) -> bool:
    """True once the game is over."""
    return isinstance(state.phase, Over)


def outcome(state: State) -> Outcome:
    """The seats that found their 4 mystery cards, or none at the turn limit."""
    over = ended(state.phase, Over)
    # The turn limit is a config's cut-off, not a result of play.
    return Outcome(over.winners, None, over.reason, truncated=over.reason == "turn_limit")



# -- legal actions ---------------------------------------------------------------------------


def legal_actions(state: State, seat: int) -> Iterator[Action]:
    """Every action ``seat`` may take now, in a fixed order."""
    phase = state.phase
    if isinstance(phase, Over) or seat != actor(state, phase) or type(seat) is not int:
        return iter(())
    # A move's units and a chosen distance are most of what search bots list: handed
    # out from the tuples kept per pawn and move and per seat and distance.
    if isinstance(phase, Moving):
        return iter(move_units(state, phase))
    if isinstance(phase, ChoosingDistance):
        return iter(_distances(seat, phase.most))
    return _phase_actions(state, seat, phase)


@lru_cache(maxsize=64)
def _distances(seat: int, most: int) -> tuple[ChooseDistance, ...]:
    """The Die: ``seat``'s distances from 1 to ``most``."""
    return tuple(ChooseDistance(seat, n) for n in range(1, most + 1))


def _phase_actions(state: State, seat: int, phase: Phase) -> Iterator[Action]:
    """:func:`legal_actions` of ``seat``, the seat that acts, in every phase but a move
    and a chosen distance (the records prebuilt per config and seat, listed at once)."""
    acts = prebuilt(state.config)[seat]
    held = state.held
    listed: list[Action]
    if isinstance(phase, TurnStart):
        own = held[seat]
        if not own:  # no card to trade, no horror card to challenge with
            return iter((acts.roll,))
        listed = []
        if offers_left(state.config, phase) > 0:
            listed.extend(acts.propose[other] for other in range(state.config.players)
                          if other != seat and held[other] and other not in phase.offered_to)
        listed.append(acts.roll)
        plane = plane_of(state.pawns[seat])
        for horror in of_kind(state, own, "horror"):
            for other in range(state.config.players):
                if other != seat and plane_of(state.pawns[other]) == plane:
                    listed.append(Challenge(seat, other, horror))
        return iter(listed)
    if isinstance(phase, Trading):
        if phase.offer == -1:
            listed = [acts.offer[card] for card in held[seat]]
        elif phase.ask == -1:
            listed = [acts.ask[card] for card in held[phase.partner]]
        else:
            listed = [acts.accept, acts.decline]
    elif isinstance(phase, Searching):
        listed = list(acts.search[:len(state.crypts[phase.crypt])])
    elif isinstance(phase, Horror):
        listed = [acts.dylan, acts.face] if of_kind(state, held[seat], "dylan_dog") else [
            acts.face]
    elif isinstance(phase, (Shadow, EmptyCrypt)):
        listed = [acts.dylan] if of_kind(state, held[seat], "dylan_dog") else []
        if isinstance(phase, Shadow):
            listed.extend(acts.shadow[card] for card in usable_shadows(state, seat))
        listed.append(acts.go)
    elif isinstance(phase, PuttingBack):
        listed = [acts.put_back[card] for card in of_kind(state, held[seat], "mystery")]
    elif isinstance(phase, Claiming):
        listed = [acts.claim[card] for card in of_kind(state, held[phase.target], "mystery")]
    elif isinstance(phase, Exchange):
        if phase.target == -1:
            listed = [acts.force[other] for other in range(state.config.players)
                      if other != seat and held[other]]
            listed.append(acts.skip)
        elif phase.took == -1:
            listed = [acts.take[card] for card in held[phase.target]]
        else:
            listed = [acts.give[card] for card in without_every(held[seat], phase.took)]
    elif isinstance(phase, CardChoice):
        if phase.crypt == -1:
            listed = [acts.send[other] for other in range(state.config.players)
                      if other != seat]
        else:
            gates = geometry(state.config.the_board()).crypt_gates[phase.crypt]
            listed = [acts.gate[gate] for gate in gates]
    elif isinstance(phase, Returning):
        listed = list(acts.returns)
    else:  # pragma: no cover - every phase an actor acts in is above
        listed = []
    return iter(listed)


DECISIONS_PER_TURN = 40
"""A turn's decisions besides its trades, with a margin: the throw, a chosen distance, six
units of movement, a nightmare card's choice and its own move, a crypt search, a horror
fight, a card put back and the return to reality come to about 20 at most."""
DECISIONS_PER_TRADE = 4
"""A trade is four decisions: the proposal, the card offered, the card asked, the answer."""


def max_decisions(config: Config) -> int | None:
    """The documented bound on the decisions of one game: ``turn_limit * (40 + 4 *
    offers) + 10``, ``offers`` the trades a turn allows (one to each other seat, capped
    by ``offers_per_turn``); None without a turn limit (a game may then go on for ever).

    Every decision belongs to a turn, and the game ends after ``turn_limit`` turns in
    all. A turn is its trades, 4 decisions each, then about 20 decisions of its own at
    most: 40 a turn doubles that, and the 10 more are slack (the longest random turns
    and games measured against it are on the game's page, "Length bound").

    >>> max_decisions(Config(players=3, turn_limit=30)), max_decisions(
    ...     Config(players=6, turn_limit=30, offers_per_turn=1))
    (1450, 1330)
    >>> max_decisions(Config(players=3, turn_limit=None)) is None
    True
    """
    limit = config.turn_limit
    if limit is None:
        return None
    offers = config.players - 1
    if config.offers_per_turn is not None:
        offers = min(offers, config.offers_per_turn)
    return limit * (DECISIONS_PER_TURN + DECISIONS_PER_TRADE * offers) + 10


def random_action(state: State, seat: int, rng: random.Random) -> Action:
    """A uniformly random legal action of ``seat``."""
    return uniform_choice(legal_actions(state, seat), seat, rng)


RANDOM_ACTION_FROM_VIEW = True
"""``random_action`` reads only what the acting seat's view shows (the test kit's
``check_honest_draw`` checks it): a random seat draws it on the real state, no redeal."""



RULES: dict[type, Callable[[State, Any], str | None]] = {
    **turns.RULES, **exchange.RULES, **crypts.RULES, **nightmare.RULES, **shadows.RULES}
"""Per action kind, its rule: why the rulebook (or the spec) forbids the action now, or
None."""
EFFECTS: dict[type, Callable[[State, Any], State]] = {
    **turns.EFFECTS, **exchange.EFFECTS, **crypts.EFFECTS, **nightmare.EFFECTS,
    **shadows.EFFECTS}
"""Per action kind, what it does once its rule allows it."""

_KINDS: ActionKinds[State] = ActionKinds("Dylan Dog", RULES, EFFECTS)
why_illegal = _KINDS.why_illegal
apply = _KINDS.apply
apply_listed = _KINDS.apply_listed



# -- properties -----------------------------------------------------------------------------


@lru_cache(maxsize=32)
def _shadow_cards(cards: CardSet) -> frozenset[int]:
    """The shadow cards of ``cards``: the only nightmare cards a seat keeps."""
    known = catalog(cards)
    start = known.nightmare.start
    return frozenset(card for card in known.nightmare
                     if cards.nightmare[card - start].effect == "shadow")


def _drawn_card_went_under(state: State) -> bool:
    """Final Notes: the last nightmare card drawn is kept face up (a shadow card), or lies
    in the deck with only shadow cards below it (used since, each put under the deck);
    before the first draw nobody holds a shadow card."""
    shadows = _shadow_cards(state.config.the_cards())
    drawn = state.drawn
    if drawn is None:
        return not any(shadows.intersection(hand) for hand in state.held)
    deck = state.nightmare
    if drawn in deck:
        return shadows.issuperset(deck[deck.index(drawn) + 1:])
    return any(drawn in hand for hand in state.held)


def _no_cards_before_first_turn(state: State) -> bool:
    """Setup deals no hand, and a card only comes into an empty hand on its own seat's
    turn: a trade, a forced exchange and a claim all take a card from the other hand."""
    players = state.config.players
    # The active seat's turn has begun once it throws or challenges (a trade needs a card).
    begun = state.turn + (not isinstance(state.phase, (TurnStart, Trading)))
    return not any(state.held[(state.config.first_player + later) % players]
                   for later in range(begun, players))


@lru_cache(maxsize=32)
def _dealt_per_crypt(config: Config) -> tuple[int, ...]:
    """Setup: how many cards each crypt was dealt (round the crypts, one at a time)."""
    crypts = len(config.the_board().crypts)
    dealt = len(catalog(config.the_cards()).crypt_cards)
    return tuple(len(range(crypt, dealt, crypts)) for crypt in range(crypts))


def _crypts_hold_their_deal(state: State) -> bool:
    """Setup and Horror Cards: after the deal a card goes into a crypt only when the
    loser of a fight puts one back, and that card is known (``returned``): no crypt
    holds more cards not known to be put back than it was dealt."""
    returned = state.returned
    return all(sum(card not in returned for card in content) <= dealt
               for content, dealt in zip(state.crypts, _dealt_per_crypt(state.config),
                                         strict=True))


PROPERTIES: tuple[Property[State], ...] = (
    Property("drawn_card_went_under",
             "Final Notes: every nightmare card drawn goes back under the deck at once, "
             "but a shadow card, kept face up until used and then put under: the last "
             "card drawn is held, or lies in the deck with only shadow cards below it; "
             "before the first draw nobody holds a shadow card",
             _drawn_card_went_under),
    Property("no_cards_before_first_turn",
             "Setup deals no hand, and a card comes into an empty hand only on its own "
             "seat's turn (a trade, a forced exchange and a claim each take a card from "
             "the other hand): a seat whose first turn has not begun holds nothing",
             _no_cards_before_first_turn),
    Property("crypts_hold_their_deal",
             "after the deal a card goes into a crypt only when the loser of a horror "
             "fight puts a mystery card back, and the table knows it: no crypt holds more "
             "cards not known to be put back than it was dealt (9 by default)",
             _crypts_hold_their_deal),
)
"""Rule-level truths every reachable state keeps beyond :func:`validate`: the
exhaustive explorer (:func:`partyrules.core.verify.explore`) checks them at every state."""


TIMER: Timer[State, Action] | None = None
"""No rule of the game is timed."""
