"""Config, state and view records of Guess Who's Coming to Dinner.

Cards are ints: indices into the config's deck (:func:`Config.deck`). Hands, the draw pile
(top first) and tables are tuples of cards; the phase record says who acts and how.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

import attrs

from partyrules.core.errors import CorruptState, InvalidConfig
from partyrules.core.rng import Rng
from partyrules.games.dinner.cards import DEFAULT_GUESTS, Deck, Guest, deck_of

__all__ = [
    "MAX_TABLE",
    "Config",
    "Drawing",
    "Inviting",
    "Over",
    "Phase",
    "State",
    "Table",
    "View",
    "VoteResult",
    "Voting",
    "component_data",
    "hand_size",
    "places",
    "validate",
]

MAX_TABLE = 7
"""3) A table may never exceed 7 guests (the deceased of a burial included)."""


def hand_size(players: int) -> int:
    """1) Each player is dealt 7 cards (6 cards with 6 players or more)."""
    return 6 if players >= 6 else 7


def _check_config(config: Config) -> None:
    players = config.players
    if type(players) is not int or not 3 <= players <= 7:
        raise InvalidConfig(f"Guess Who's Coming to Dinner is for 3 to 7 players, "
                            f"not {players!r}", "players")
    if type(config.first_player) is not int or not 0 <= config.first_player < players:
        raise InvalidConfig(f"first_player must be a seat from 0 to {players - 1}, "
                            f"not {config.first_player!r}", "first_player")
    if type(config.no_screen_tables) is not bool:
        raise InvalidConfig("no_screen_tables must be true or false", "no_screen_tables")
    if config.guests is None:
        return
    guests = config.guests
    if not isinstance(guests, tuple) or not all(isinstance(g, Guest) for g in guests):
        raise InvalidConfig("guests must be a tuple of Guest records", "guests")
    needed = players * hand_size(players) + 10
    if len(guests) < needed:
        raise InvalidConfig(f"a deck for {players} players needs at least {needed} guests "
                            f"(hands plus 10), this one has {len(guests)}", "guests")
    names: set[str] = set()
    for index, guest in enumerate(guests):
        if not isinstance(guest.name, str) or not guest.name.strip():
            raise InvalidConfig(f"guest {index} has no name", f"guests[{index}]")
        if not isinstance(guest.suit, str) or not guest.suit.strip():
            raise InvalidConfig(f"guest {index} ({guest.name}) has no suit", f"guests[{index}]")
        if type(guest.deceased) is not bool:
            raise InvalidConfig(f"guest {index} ({guest.name}): deceased must be a bool",
                                f"guests[{index}]")
        if guest.name in names:
            raise InvalidConfig(f"guest {guest.name!r} appears twice in the deck",
                                f"guests[{index}]")
        names.add(guest.name)


@attrs.frozen(slots=True, cache_hash=True)
class Config:
    """A game of Dinner: player count, first player, the variant, an optional deck.

    >>> Config(players=4).deck().guests[0].name
    'Dominique Strauss-Kahn'
    >>> Config(players=8)
    Traceback (most recent call last):
    ...
    partyrules.core.errors.InvalidConfig: Guess Who's Coming to Dinner is for 3 to 7 players, not 8
    """

    players: int
    first_player: int = 0
    """The seat that plays the first turn."""
    no_screen_tables: bool = False
    """6) Variant: tables based on movie castings and TV shows are forbidden. Voters
    apply it; the engine shows it in every view."""
    guests: tuple[Guest, ...] | None = None
    """A custom deck (at least players x hand + 10 guests, unique names); None: default."""

    def __attrs_post_init__(self) -> None:
        _check_config(self)

    def deck(self) -> Deck:
        """The lookup tables of this config's deck."""
        return _deck_for(self)


@lru_cache(maxsize=256)
def _deck_for(config: Config) -> Deck:
    # Keyed on the config, whose hash is cached: hashing a 200-guest tuple on every
    # vote cost more than counting the vote.
    return deck_of(DEFAULT_GUESTS if config.guests is None else config.guests)


@attrs.frozen(slots=True)
class Table:
    """A dinner table or a burial on the table, with the stories told for it."""

    cards: tuple[int, ...]
    """The guests in seating order; a burial's deceased is first."""
    burial: bool
    host: int
    """The seat that opened it."""
    stories: tuple[str, ...]
    """The story told when it opened, then one per accepted join."""


@attrs.frozen(slots=True)
class Drawing:
    """1)-2) The active player has drawn; they may put an unknown character under the
    pile, exchange once, or open their play."""

    active: int
    drawn: int | None
    """The card just drawn (the one ``Unknown`` may send under the pile), if any."""
    declared: frozenset[int] = frozenset()
    """Cards declared unknown this turn (each at most once a turn)."""
    exchanged: bool = False


@attrs.frozen(slots=True)
class Inviting:
    """3) The active player is seating cards one at a time, then proposes."""

    active: int
    table: int | None
    """The table joined, or None for a new table or a burial."""
    deceased: int | None
    """The deceased of a burial being opened."""
    invited: tuple[int, ...] = ()


@attrs.frozen(slots=True)
class Voting:
    """4) Every other seat casts a hidden ballot on the proposal."""

    active: int
    table: int | None
    deceased: int | None
    invited: tuple[int, ...]
    story: str
    ballots: tuple[frozenset[int] | None, ...]
    """Per seat: the cards it rejects, None while it has not voted (and for the active)."""

    @property
    def proposed(self) -> tuple[int, ...]:
        """The new cards on the vote: the deceased (for a burial) and the invited."""
        return self.invited if self.deceased is None else (self.deceased, *self.invited)


@attrs.frozen(slots=True)
class Over:
    """5) The game is over."""

    reason: Literal["hand_emptied", "pile_exhausted"]
    emptied_by: int | None = None
    """The seat whose hand emptied (it scored the 5-point bonus)."""


Phase = Drawing | Inviting | Voting | Over


@attrs.frozen(slots=True)
class VoteResult:
    """The public result of the last vote: every ballot, what was turned down, the score."""

    seat: int
    proposed: tuple[int, ...]
    ballots: tuple[frozenset[int] | None, ...]
    turned_down: frozenset[int]
    accepted: bool
    points: int
    """What the proposer scored (0 when the proposal was rejected)."""


@attrs.frozen(slots=True)
class State:
    """The whole game: every card's place, the scores, the phase and the rng."""

    config: Config
    rng: Rng
    pile: tuple[int, ...]
    """The draw pile, top card first."""
    hands: tuple[tuple[int, ...], ...]
    discard: tuple[int, ...]
    """The discard pile (face up: public), oldest first."""
    tables: tuple[Table, ...]
    scores: tuple[int, ...]
    phase: Phase
    under: tuple[tuple[int, int], ...] = ()
    """``(card, seat)`` for cards a seat put under the pile that are still in it."""
    revealed: tuple[frozenset[int], ...] = ()
    """Per seat: cards in its hand that everyone saw (turned down in a vote)."""
    dry_turns: int = 0
    """Consecutive turns played with an empty pile and no accepted table."""
    last_vote: VoteResult | None = None
    turn: int = 1
    """The number of the turn being played."""


@attrs.frozen(slots=True)
class View:
    """What one seat knows (``seat`` None: a spectator, who sees no hand)."""

    seat: int | None
    config: Config
    to_act: frozenset[int]
    hand: tuple[int, ...]
    """This seat's own hand (empty for a spectator)."""
    hand_sizes: tuple[int, ...]
    known_in_hands: tuple[frozenset[int], ...]
    """Per seat: cards everyone knows to be in that hand (turned down in a vote)."""
    pile_size: int
    known_under: tuple[tuple[int, int], ...]
    """``(position from the bottom, card)`` for cards this seat put under the pile."""
    discard: tuple[int, ...]
    tables: tuple[Table, ...]
    scores: tuple[int, ...]
    phase: Phase
    """The phase, with what the seat may not know blanked (another's drawn card,
    others' ballots)."""
    voted: frozenset[int]
    """Seats that have cast their ballot in the vote under way."""
    last_vote: VoteResult | None
    turn: int
    dry_turns: int


def component_data(config: Config) -> tuple[Guest, ...]:
    """The guest cards a config plays with (a replay records their digest)."""
    return config.deck().guests


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
        deceased = () if phase.deceased is None else (phase.deceased,)
        found["phase"] = (*deceased, *phase.invited)
    return found


def _card_path(state: State, place: str, index: int) -> str:
    """The JSON path of the ``index``-th card of a place named by :func:`places`."""
    if place.startswith("tables["):
        return f"data.{place}.cards[{index}]"
    if place == "phase":
        phase = state.phase
        assert isinstance(phase, (Inviting, Voting))
        if phase.deceased is not None:
            return "data.phase.deceased" if index == 0 else f"data.phase.invited[{index - 1}]"
        return f"data.phase.invited[{index}]"
    return f"data.{place}[{index}]"


def validate(state: State) -> None:
    """Raise :class:`CorruptState` naming the path when ``state`` breaks an invariant:
    every card in exactly one place, seats in range, a coherent phase."""
    if not isinstance(state, State):
        raise CorruptState(f"expected a dinner State, got {type(state).__name__}")
    config = state.config
    players = config.players
    deck = config.deck()
    for name in ("hands", "scores", "revealed"):
        if len(getattr(state, name)) != players:
            raise CorruptState(f"expected one entry per seat ({players})", f"data.{name}")
    seen: dict[int, str] = {}
    for place, cards in places(state).items():
        for index, card in enumerate(cards):
            path = _card_path(state, place, index)
            if not 0 <= card < len(deck.guests):
                raise CorruptState(f"no card {card} in a deck of {len(deck.guests)}", path)
            if card in seen:
                raise CorruptState(f"card {card} is also in {seen[card]}", path)
            seen[card] = place
    if len(seen) != len(deck.guests):
        missing = sorted(set(range(len(deck.guests))) - set(seen))[:5]
        raise CorruptState(f"cards missing from every place: {missing}", "data")
    for index, table in enumerate(state.tables):
        path = f"data.tables[{index}]"
        if not 2 <= len(table.cards) <= MAX_TABLE:
            raise CorruptState("a table seats 2 to 7 cards", f"{path}.cards")
        if table.burial and table.cards[0] not in deck.deceased:
            raise CorruptState("a burial's first card is a deceased character", f"{path}.cards")
        if not 0 <= table.host < players:
            raise CorruptState(f"no seat {table.host}", f"{path}.host")
    for seat, score in enumerate(state.scores):
        if score < 0:
            raise CorruptState("scores are never negative", f"data.scores[{seat}]")
    for seat, known in enumerate(state.revealed):
        if not known <= set(state.hands[seat]):
            raise CorruptState("revealed cards must be in the hand", f"data.revealed[{seat}]")
    for index, (card, seat) in enumerate(state.under):
        if card not in state.pile or not 0 <= seat < players:
            raise CorruptState("a card put under the pile is in the pile, put by a seat",
                               f"data.under[{index}]")
    if not 0 <= state.dry_turns <= players or state.turn < 1:
        raise CorruptState("dry_turns is 0 to players, turn at least 1", "data.dry_turns")
    _validate_phase(state, deck)


def _validate_phase(state: State, deck: Deck) -> None:
    phase = state.phase
    players = state.config.players
    if isinstance(phase, Over):
        if phase.emptied_by is not None and not 0 <= phase.emptied_by < players:
            raise CorruptState(f"no seat {phase.emptied_by}", "data.phase.emptied_by")
        return
    if not 0 <= phase.active < players:
        raise CorruptState(f"no seat {phase.active}", "data.phase.active")
    hand = state.hands[phase.active]
    if isinstance(phase, Drawing):
        if phase.drawn is not None and phase.drawn not in hand:
            raise CorruptState("the card just drawn is in the active hand", "data.phase.drawn")
        if any(not 0 <= card < len(deck.guests) for card in phase.declared):
            raise CorruptState("unknown card", "data.phase.declared")
        return
    if phase.table is not None and not 0 <= phase.table < len(state.tables):
        raise CorruptState(f"no table {phase.table}", "data.phase.table")
    if phase.deceased is not None and phase.deceased not in deck.deceased:
        raise CorruptState("a burial opens with a deceased character", "data.phase.deceased")
    if phase.table is not None and phase.deceased is not None:
        raise CorruptState("a join is not a burial", "data.phase")
    if isinstance(phase, Voting):
        ballots = phase.ballots
        if len(ballots) != players or ballots[phase.active] is not None:
            raise CorruptState("one ballot per other seat", "data.phase.ballots")
        if all(ballot is not None for i, ballot in enumerate(ballots) if i != phase.active):
            raise CorruptState("a vote with every ballot in is already counted",
                               "data.phase.ballots")
        for seat, ballot in enumerate(ballots):
            if ballot is not None and not ballot <= set(phase.proposed):
                raise CorruptState("a ballot rejects only proposed cards",
                                   f"data.phase.ballots[{seat}]")
