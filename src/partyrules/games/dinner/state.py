"""Config, state and view records of Guess Who's Coming to Dinner.

Cards are ints: indices into the config's deck (:func:`Config.deck`). Hands, the draw pile
(top first) and tables are tuples of cards; the phase record says who acts and how.
:data:`evolve` is the fast update the reducer builds the next state with. What a state
or view must be to load is checked by :mod:`~partyrules.games.dinner.integrity`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any, Literal

import attrs

from partyrules.core.config import ConfigRecord
from partyrules.core.errors import InvalidConfig
from partyrules.core.records import fast_evolve
from partyrules.core.rng import Rng
from partyrules.games.dinner.cards import DEFAULT_GUESTS, Deck, Guest, deck_of

__all__ = [
    "BURIAL_MAX",
    "BURIAL_MIN",
    "END_BONUS",
    "MAX_PROPOSAL_POINTS",
    "MAX_TABLE",
    "MIN_TABLE_POINTS",
    "NEW_TABLE_MAX",
    "NEW_TABLE_MIN",
    "PRESETS",
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
    "evolve",
    "hand_size",
]

MAX_TABLE = 7
"""3) A table may never exceed 7 guests (the deceased of a burial included)."""
NEW_TABLE_MIN, NEW_TABLE_MAX = 2, 6
"""2) A new table takes 2 to 6 cards from hand."""
BURIAL_MIN, BURIAL_MAX = 1, 5
"""4) A burial: 1 to 5 guests around the deceased (spec)."""
END_BONUS = 5
"""5) The player who has no more cards in hand scores a bonus of 5 points."""
MAX_PROPOSAL_POINTS = 2 * MAX_TABLE + END_BONUS
"""The most one vote can score: a full table of 7 guests in 7 suits, plus the bonus."""
MIN_TABLE_POINTS = NEW_TABLE_MIN + 1
"""The least an accepted proposal scores: the smallest table, 2 guests of one suit."""


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
class Config(ConfigRecord):
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


evolve: Callable[[State, Mapping[str, Any]], State] = fast_evolve(State)
"""``evolve(state, changes)``: ``state`` with ``changes`` (field name to value), as
``attrs.evolve`` gives, built once for the reducer's hot path
(:func:`partyrules.core.records.fast_evolve`)."""


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


PRESETS: Mapping[str, Config] = {
    "tiny": Config(players=3, guests=DEFAULT_GUESTS[::6][:31]),
}
"""Configs for a purpose (``Game.presets``). ``"tiny"``, for solvers that walk the game
tree: 3 players and the smallest deck the rules allow them, 31 guests (the hands and 10
in the pile; every 6th card of the default deck, so all 8 suits are there), so the
pile runs out after a few turns and the game ends by the empty-pile round or a bonus."""
