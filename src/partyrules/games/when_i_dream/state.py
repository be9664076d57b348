"""Config, state and view records of When I Dream.

Dream cards are ints (indices into the config's word pairs); Spirit cards are the ids of
:mod:`partyrules.games.when_i_dream.cards`. The phase record says who acts: the dream
(clue-giver, Dreamer and table racing), a table judging a guess, the narration, a table
judging the narration, the final tie-break, or the end. :data:`evolve` is the fast
update the reducer builds the next state with. What a state or view must be to load is
checked by :mod:`~partyrules.games.when_i_dream.integrity`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal

import attrs

from partyrules.core.config import ConfigRecord
from partyrules.core.errors import InvalidConfig
from partyrules.core.records import fast_evolve
from partyrules.core.rng import Rng
from partyrules.games.when_i_dream.cards import (
    CHECK_CLUES,
    DEFAULT_DECKS,
    LANGUAGES,
    CheckClues,
    Language,
)

__all__ = [
    "PRESETS",
    "Config",
    "DreamDeck",
    "Dreaming",
    "Judging",
    "JudgingRecount",
    "Over",
    "Phase",
    "Recounting",
    "RoundResult",
    "Side",
    "State",
    "Tiebreak",
    "View",
    "component_data",
    "evolve",
]

Side = Literal["top", "bottom"]


def _check_config(config: Config) -> None:
    if type(config.players) is not int or not 4 <= config.players <= 10:
        raise InvalidConfig(f"When I Dream is for 4 to 10 players, not {config.players!r}",
                            "players")
    if config.side not in ("top", "bottom", "expert"):
        raise InvalidConfig(f"side is 'top', 'bottom' or 'expert', not {config.side!r}",
                            "side")
    if type(config.first_dreamer) is not int or not 0 <= config.first_dreamer < config.players:
        raise InvalidConfig(f"first_dreamer must be a seat from 0 to {config.players - 1}, "
                            f"not {config.first_dreamer!r}", "first_dreamer")
    if type(config.clue_time_limit) is not bool:
        raise InvalidConfig("clue_time_limit must be true or false", "clue_time_limit")
    if type(config.check_clues) is not str or config.check_clues not in CHECK_CLUES:
        raise InvalidConfig("check_clues is 'stem', 'strict', 'exact' or 'off', not "
                            f"{config.check_clues!r}", "check_clues")
    if type(config.language) is not str or config.language not in LANGUAGES:
        raise InvalidConfig(f"language is one of {', '.join(map(repr, LANGUAGES))} (the Dream "
                            f"deck's language), not {config.language!r}", "language")
    if config.judge not in ("auto", "table"):
        raise InvalidConfig(f"judge is 'auto' or 'table', not {config.judge!r}", "judge")
    cards = config.cards
    if cards is None:
        return
    if not isinstance(cards, tuple) or not cards:
        raise InvalidConfig("cards is a non-empty tuple of (top, bottom) word pairs", "cards")
    for index, card in enumerate(cards):
        if (not isinstance(card, tuple) or len(card) != 2
                or not all(isinstance(word, str) and word.strip() for word in card)):
            raise InvalidConfig("a Dream card is a pair of non-blank words", f"cards[{index}]")


@attrs.frozen(slots=True, cache_hash=True)
class Config(ConfigRecord):
    """A game of When I Dream.

    >>> Config(players=4).clue_cap()
    3
    >>> Config(players=7).clue_cap()
    2
    """

    players: int
    side: Literal["top", "bottom", "expert"] = "top"
    """Which word of every Dream card is used; ``"expert"``: the expert variant."""
    first_dreamer: int = 0
    """The seat that dreams first ("who slept most last night")."""
    check_clues: CheckClues = "stem"
    """The automatic check of the definition rules on every clue: ``"stem"`` flags the
    card's word and any word of the same stem in the deck's language; ``"strict"`` also
    a clue that holds the word or lies inside it (3 letters or more: "ant" for elephant),
    for tables where no person can object; ``"exact"`` only the word itself; ``"off"``
    nothing (the table rules every breach)."""
    clue_time_limit: bool = False
    """Optional rule: a clue-giver taking over 5 seconds loses the turn (``SkipClue``)."""
    judge: Literal["auto", "table"] = "auto"
    """``"auto"``: guesses and narrations are compared as normalized words; ``"table"``:
    the table judges them (plurals, synonyms)."""
    cards: tuple[tuple[str, str], ...] | None = None
    """A custom Dream deck of (top, bottom) pairs; None: the default 64 cards in
    ``language``."""
    language: Language = "en"
    """The Dream deck's language: it picks the default deck (``"en"`` English, ``"it"``
    Italian) and the stemmer of the clue check; a custom deck states its own here."""

    def __attrs_post_init__(self) -> None:
        _check_config(self)

    def dreams(self) -> tuple[tuple[str, str], ...]:
        """The Dream cards' word pairs."""
        return DEFAULT_DECKS[self.language] if self.cards is None else self.cards

    def clue_cap(self) -> int:
        """2. Clue turns per clue-giver for one card: 2, or 3 with 6 or fewer players."""
        return 3 if self.players <= 6 else 2


@attrs.frozen(slots=True)
class Dreaming:
    """2. The dream: the active clue-giver, the Dreamer and the table race."""

    active: int
    clue_turns: tuple[int, ...]
    """Per seat, its clue turns for the card in play."""
    time_up: bool = False
    """The 2 minutes are over: the Dreamer may guess the card in play one last time."""
    clued: frozenset[int] = frozenset()
    """The seats that gave a clue on the card in play: the table may rule a breach by
    any of them until the card leaves play."""


@attrs.frozen(slots=True)
class Judging:
    """The table judges the Dreamer's guess (``judge="table"``)."""

    guess: str
    active: int
    time_up: bool


@attrs.frozen(slots=True)
class Recounting:
    """3. The Dreamer tells the dream, naming the pieces it remembers."""


@attrs.frozen(slots=True)
class JudgingRecount:
    """3. The table judges whether the narration named every Fairy card."""

    words: tuple[str, ...]


@attrs.frozen(slots=True)
class Tiebreak:
    """End of game: still tied, the table names the best dream teller."""

    tied: frozenset[int]


@attrs.frozen(slots=True)
class Over:
    """The game is over."""

    reason: Literal["highest_score", "fewest_penalties", "best_dream", "shared"]
    winners: frozenset[int]


Phase = Dreaming | Judging | Recounting | JudgingRecount | Tiebreak | Over


@attrs.frozen(slots=True)
class RoundResult:
    """4. The public result of a round: the Spirits revealed, the piles, the points."""

    dreamer: int
    spirits: tuple[int | None, ...]
    fairy: tuple[int, ...]
    boogeyman: tuple[int, ...]
    bonus: bool
    """3. The narration named every Fairy card: +1 for the Dreamer."""
    gains: tuple[int, ...]


@attrs.frozen(slots=True)
class State:
    """The whole game."""

    config: Config
    rng: Rng
    deck: tuple[int, ...]
    """The Dream deck, top first."""
    box: tuple[int, ...]
    """Dream cards out of play (scored piles of past rounds, declined cards)."""
    current: int | None
    """The Dream card in play."""
    side: Side
    """Which word of the card in play is used."""
    fairy: tuple[tuple[int, Side], ...]
    """Cards guessed right this round (with the side that was used)."""
    boogeyman: tuple[tuple[int, Side], ...]
    """Cards guessed wrong this round."""
    penalties: tuple[tuple[int, ...], ...]
    """Per seat, the penalty cards in front of it."""
    points: tuple[int, ...]
    """Per seat, its dream points."""
    dreamer: int
    round: int
    spirits: tuple[int | None, ...]
    """Per seat, its Spirit card this round (None for the Dreamer)."""
    leftover: int
    """The Spirit card left face down, seen by nobody."""
    clues: tuple[tuple[int, str], ...]
    """Every clue of this round, public: (seat, word)."""
    guesses: tuple[str, ...]
    """The Dreamer's guesses this round, public."""
    phase: Phase
    last_round: RoundResult | None = None

    def word(self) -> str | None:
        """The word to find on the card in play."""
        if self.current is None:
            return None
        top, bottom = self.config.dreams()[self.current]
        return top if self.side == "top" else bottom


evolve: Callable[[State, Mapping[str, Any]], State] = fast_evolve(State)
"""``evolve(state, changes)``: ``state`` with ``changes`` (field name to value), as
``attrs.evolve`` gives, built once for the reducer's hot path
(:func:`partyrules.core.records.fast_evolve`)."""


@attrs.frozen(slots=True)
class View:
    """What one seat knows (``seat`` None: a spectator, who knows what the Dreamer
    knows)."""

    seat: int | None
    config: Config
    to_act: frozenset[int]
    round: int
    dreamer: int
    phase: Phase
    spirit: int | None
    """This seat's own Spirit card (None for the Dreamer and a spectator)."""
    word: str | None
    """The word to find (hidden from the Dreamer)."""
    side: Side | None
    current: int | None
    clues: tuple[tuple[int, str], ...]
    guesses: tuple[str, ...]
    fairy: tuple[int, ...]
    """The Fairy pile (hidden from the Dreamer)."""
    boogeyman: tuple[int, ...]
    pile_sizes: tuple[int, int] | None
    """(Fairy, Boogeyman) sizes, for everyone but the Dreamer."""
    penalty_counts: tuple[int, ...]
    penalty_cards: tuple[tuple[int, ...], ...]
    """The penalty cards' faces, for everyone but the Dreamer."""
    points: tuple[int, ...]
    deck_size: int
    box_size: int
    last_round: RoundResult | None


@attrs.frozen(slots=True)
class DreamDeck:
    """The Dream deck a game plays with: its language and its (top, bottom) pairs."""

    language: Language
    cards: tuple[tuple[str, str], ...]


def component_data(config: Config) -> DreamDeck:
    """The Dream deck a config plays with, in its language (a replay records its
    digest, so a replay made with another deck says so).

    >>> deck = component_data(Config(players=4, language="it"))
    >>> deck.language, len(deck.cards), deck.cards[0]
    ('it', 64, ('ciliegia', 'castello'))
    """
    return DreamDeck(config.language, config.dreams())


PRESETS: Mapping[str, Config] = {
    "tiny": Config(players=4, cards=DEFAULT_DECKS["en"][:2]),
    "one_card": Config(players=4, cards=DEFAULT_DECKS["en"][:1]),
}
"""Configs for a purpose (``Game.presets``). ``"tiny"``, for solvers that walk the game
tree: 4 players and a Dream deck of 2 cards (the default English deck's first two), so
each of the 4 rounds dreams at most those 2 cards, in a drawn order, and a Dreamer's
guess is one of 4 words. ``"one_card"``: the same with the first card only, a game small enough for
OpenSpiel's exact tools (a few hundred nodes a deal; its Dreamer guesses one of the
card's two words)."""
