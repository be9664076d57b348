"""Config, state and view records of Dany goes to Hollywood.

Memory cards and Idea cards are ints (Idea cards index the config's word lists);
personality cards are the ids of :mod:`partyrules.games.dany.cards`. The phase record
says who acts: the active personality composing, the deciding personality (racing the
table's rulings), the table confirming the reveal, or every seat in the Final Twist.
:data:`evolve` is the fast update the reducer builds the next state with. What a state
or view must be to load is checked by :mod:`~partyrules.games.dany.integrity`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal

import attrs

from partyrules.core.config import ConfigRecord
from partyrules.core.errors import InvalidConfig
from partyrules.core.records import fast_evolve
from partyrules.core.rng import Rng
from partyrules.games.dany.cards import CHOICES, DANY, DEFAULT_IDEAS, HAND, REASON, SECONDARIES

__all__ = [
    "MAX_MEMORY_CARDS",
    "PRESETS",
    "SUCCESSES_TO_WIN",
    "Accusation",
    "Composing",
    "Config",
    "Discussing",
    "FinalTwist",
    "Over",
    "Phase",
    "Revealing",
    "State",
    "TwistTrigger",
    "View",
    "component_data",
    "evolve",
]

SUCCESSES_TO_WIN = 6
"""End of Game: 6 correct answers and the secondary personalities win."""
MAX_MEMORY_CARDS = 1000
"""Variant: the most Memory cards a config may name. Two boxes mixed give 60; the bound
keeps a config from a stranger from making setup or loading build a deck without end."""


def _check_config(config: Config) -> None:
    # Dany's Reason adds a ninth seat; three seats are allowed with it too, since the
    # rulebook only advises "games of 4 players or more".
    low, high = (3, 9) if config.danys_reason else (3, 8)
    players = config.players
    if type(config.danys_reason) is not bool:
        raise InvalidConfig("danys_reason must be true or false", "danys_reason")
    if type(players) is not int or not low <= players <= high:
        with_reason = " with Dany's Reason" if config.danys_reason else ""
        raise InvalidConfig(f"Dany goes to Hollywood{with_reason} is for {low} to {high} "
                            f"players, not {players!r}", "players")
    if type(config.first_active) is not int or not 0 <= config.first_active < players:
        raise InvalidConfig(f"first_active must be a seat from 0 to {players - 1}, "
                            f"not {config.first_active!r}", "first_active")
    if type(config.memory_cards) is not int or not HAND <= config.memory_cards \
            <= MAX_MEMORY_CARDS:
        raise InvalidConfig(f"the Memory deck holds {HAND} to {MAX_MEMORY_CARDS} cards, "
                            f"not {config.memory_cards!r}", "memory_cards")
    words = config.idea_words
    if words is not None:
        if not isinstance(words, tuple) or not words:
            raise InvalidConfig("idea_words is a non-empty tuple of Idea cards", "idea_words")
        for index, card in enumerate(words):
            if (not isinstance(card, tuple) or len(card) != len(CHOICES)
                    or not all(isinstance(w, str) and w.strip() for w in card)):
                raise InvalidConfig(f"an Idea card has {len(CHOICES)} non-blank words",
                                    f"idea_words[{index}]")
    available = len(config.words())
    count = config.idea_cards
    if count is not None and (type(count) is not int or not 1 <= count <= available):
        raise InvalidConfig(f"idea_cards must be from 1 to {available}, not {count!r}",
                            "idea_cards")


@attrs.frozen(slots=True, cache_hash=True)
class Config(ConfigRecord):
    """A game of Dany: player count, the Dany's Reason expansion, the first active
    personality, the Memory-deck size (the Variant) and the Idea cards.

    >>> Config(players=5).deck_sizes()
    (30, 20)
    >>> Config(players=9)
    Traceback (most recent call last):
    ...
    partyrules.core.errors.InvalidConfig: Dany goes to Hollywood is for 3 to 8 players, not 9
    >>> Config(players=3, danys_reason=True).personalities()  # Dany, the Reason, a secondary
    (0, 1, 2)
    """

    players: int
    danys_reason: bool = False
    """Additional Rules: Dany's Reason, Dany's ally, joins the personalities."""
    first_active: int = 0
    """The seat that is the first active personality."""
    memory_cards: int = 30
    """Variant: 35, 40 or more Memory cards (any number from 7 to 1,000)."""
    idea_words: tuple[tuple[str, ...], ...] | None = None
    """Custom Idea cards, 5 words each; None: the default 20 cards of film titles."""
    idea_cards: int | None = None
    """How many Idea cards, drawn at random from the word lists, make the deck (default:
    all of them)."""

    def __attrs_post_init__(self) -> None:
        _check_config(self)

    def words(self) -> tuple[tuple[str, ...], ...]:
        """The word lists of the Idea cards."""
        return DEFAULT_IDEAS if self.idea_words is None else self.idea_words

    def deck_sizes(self) -> tuple[int, int]:
        """``(memory cards, idea cards)`` in play."""
        ideas = len(self.words()) if self.idea_cards is None else self.idea_cards
        return self.memory_cards, ideas

    def failures_to_twist(self) -> int:
        """3 failures trigger the Final Twist; 4 with Dany's Reason."""
        return 4 if self.danys_reason else 3

    def personalities(self) -> tuple[int, ...]:
        """Setup: players - 1 secondaries and Dany (players - 2 and Dany and the Reason)."""
        if self.danys_reason:
            return (DANY, REASON, *SECONDARIES[:self.players - 2])
        return (DANY, *SECONDARIES[:self.players - 1])


@attrs.frozen(slots=True)
class Composing:
    """1.-3. The active personality holds 7 Memory cards and lays out a creation."""

    hand: tuple[int, ...]
    kept: tuple[int, ...]
    """The cards laid out so far, in stacking order."""
    choice: int
    """The Choice card: the number (1-5) of the word to make the others guess."""


@attrs.frozen(slots=True)
class Discussing:
    """4.-5. The others think; the deciding personality has the final word."""

    kept: tuple[int, ...]
    layout: str
    choice: int


@attrs.frozen(slots=True)
class Revealing:
    """6. The word is revealed; the table may still rule that the active personality
    could not explain the creation, before the turn is scored."""

    kept: tuple[int, ...]
    layout: str
    choice: int
    word: int
    """The deciding personality's answer."""


@attrs.frozen(slots=True)
class FinalTwist:
    """Final Twist: every seat points at the one it thinks is Dany."""

    candidates: frozenset[int]
    """The seats that may be pointed at (everyone, or the tied seats in a re-vote)."""
    revote: bool
    ballots: tuple[int | None, ...]
    """Per seat: the seat it points at; None while it has not voted."""


@attrs.frozen(slots=True)
class Over:
    """The game is over."""

    reason: Literal["six_successes", "dany_designated", "not_dany_designated",
                    "dany_revealed_in_tie", "dany_not_in_tie", "second_tie"]
    winners: frozenset[int]


Phase = Composing | Discussing | Revealing | FinalTwist | Over

TwistTrigger = Literal["", "failures", "memory", "ideas"]
"""Why the Final Twist is played: 3 (4) failures, fewer than 7 Memory cards, or an empty
Idea deck; empty before it."""


@attrs.frozen(slots=True)
class Accusation:
    """The public result of a Final Twist vote: every ballot and who was designated."""

    ballots: tuple[int, ...]
    tied: frozenset[int]
    """The seats with the most votes (one seat: it is designated)."""


@attrs.frozen(slots=True)
class State:
    """The whole game: personalities, decks, piles, the active seat, phase and rng."""

    config: Config
    rng: Rng
    personalities: tuple[int, ...]
    """Per seat, its personality card."""
    revealed: frozenset[int]
    """Seats whose personality card is face up."""
    memory: tuple[int, ...]
    """The Memory draw pile, top first."""
    box: tuple[int, ...]
    """Memory cards used in a creation: out of the game."""
    ideas: tuple[int, ...]
    """The Idea deck, top first."""
    idea: int | None
    """The Idea card face up this turn."""
    successes: tuple[int, ...]
    failures: tuple[int, ...]
    voided: tuple[int, ...]
    """Idea cards of turns that scored nothing (invalidated, or not explained)."""
    active: int
    phase: Phase
    turn: int = 1
    twist_trigger: TwistTrigger = ""
    """Why the Final Twist is played (``failures``, ``memory`` or ``ideas``)."""
    last_accusation: Accusation | None = None

    @property
    def deciding(self) -> int:
        """5. The deciding personality: the seat on the active personality's right."""
        return (self.active - 1) % self.config.players


evolve: Callable[[State, Mapping[str, Any]], State] = fast_evolve(State)
"""``evolve(state, changes)``: ``state`` with ``changes`` (field name to value), as
``attrs.evolve`` gives, built once for the reducer's hot path
(:func:`partyrules.core.records.fast_evolve`)."""


@attrs.frozen(slots=True)
class View:
    """What one seat knows (``seat`` None: a spectator, who holds no personality)."""

    seat: int | None
    config: Config
    to_act: frozenset[int]
    personality: int | None
    """This seat's own personality card."""
    revealed: tuple[tuple[int, int], ...]
    """``(seat, personality)`` for every card face up."""
    memory_size: int
    box_size: int
    ideas_size: int
    idea: int | None
    idea_words: tuple[str, ...]
    successes: tuple[int, ...]
    failures: tuple[int, ...]
    voided: tuple[int, ...]
    active: int
    deciding: int
    hand: tuple[int, ...]
    """The active seat's Memory cards (empty for everyone else)."""
    hand_size: int
    kept: tuple[int, ...]
    """The creation, once laid out (while composing: only the active seat sees it)."""
    kept_size: int
    layout: str
    choice: int | None
    """The Choice card: the active seat's secret until the reveal."""
    word: int | None
    """The deciding personality's answer, once given."""
    candidates: frozenset[int]
    """In the Final Twist, the seats that may be pointed at."""
    ballot: int | None
    """In the Final Twist, this seat's own ballot."""
    voted: frozenset[int]
    last_accusation: Accusation | None
    over: Over | None
    turn: int


def component_data(config: Config) -> tuple[tuple[str, ...], ...]:
    """The words of the Idea cards a config plays with (a replay records their digest).
    Memory, Personality and Choice cards carry nothing but their ids."""
    return config.words()


PRESETS: Mapping[str, Config] = {
    "tiny": Config(players=3, memory_cards=7, idea_cards=1),
}
"""Configs for a purpose (``Game.presets``). ``"tiny"``, for solvers that walk the game
tree: 3 players, one Idea card and the 7 Memory cards of one hand, so the game is one
turn (the active personality's creation, the deciding personality's answer) and then
the Final Twist vote that Dany or the secondaries win."""
