"""The actions of When I Dream: one frozen record per kind.

The dream is a race: the active clue-giver ``GiveClue`` s, the Dreamer may ``Guess`` at
any moment, and the table (``TABLE``, seat -1) may call ``TimeUp``, rule a
``RuleBreach`` or (optional rule) ``SkipClue``. Then the Dreamer ``Recount`` s the
dream. ``JudgeGuess`` / ``JudgeRecount`` exist when the table judges; ``BestDream`` /
``NoBestDream`` settle a final tie.
"""

from __future__ import annotations

import attrs

from partyrules.core.game import TABLE, text_field

__all__ = [
    "ACTION_TYPES",
    "Action",
    "BestDream",
    "DeclineGuess",
    "GiveClue",
    "Guess",
    "JudgeGuess",
    "JudgeRecount",
    "NoBestDream",
    "Recount",
    "RuleBreach",
    "SkipClue",
    "TimeUp",
]


@attrs.frozen(slots=True)
class GiveClue:
    """2. The active clue-giver says one word (free text; checked against the
    definition rules unless ``Config.check_clues`` is off)."""

    seat: int
    word: str = text_field("")


@attrs.frozen(slots=True)
class RuleBreach:
    """Rules for definitions: the table rules that ``offender`` broke a rule the engine
    cannot see (a translation, an invented word): the card becomes its penalty."""

    seat: int
    offender: int


@attrs.frozen(slots=True)
class SkipClue:
    """Optional rule: the active clue-giver took more than 5 seconds; the next one plays."""

    seat: int = TABLE


@attrs.frozen(slots=True)
class Guess:
    """2. The Dreamer names the dream (free text)."""

    seat: int
    word: str = text_field("")


@attrs.frozen(slots=True)
class JudgeGuess:
    """With ``judge="table"``: the table rules whether the Dreamer's guess is right."""

    seat: int
    correct: bool


@attrs.frozen(slots=True)
class TimeUp:
    """2. The 2 minutes are over."""

    seat: int = TABLE


@attrs.frozen(slots=True)
class DeclineGuess:
    """2. Time is up and the Dreamer does not guess the card in play: it is discarded."""

    seat: int


@attrs.frozen(slots=True)
class Recount:
    """3. The Dreamer tells the dream, naming pieces of it (free text, at most one word
    per guess made this round)."""

    seat: int
    words: tuple[str, ...] = text_field(())


@attrs.frozen(slots=True)
class JudgeRecount:
    """With ``judge="table"``: the table rules whether the narration named every Fairy
    card."""

    seat: int
    bonus: bool


@attrs.frozen(slots=True)
class BestDream:
    """End of game, still tied: the table names the best dream teller among the tied."""

    seat: int
    winner: int


@attrs.frozen(slots=True)
class NoBestDream:
    """End of game, still tied: the table names nobody; the tied share the win."""

    seat: int = TABLE


Action = (GiveClue | RuleBreach | SkipClue | Guess | JudgeGuess | TimeUp | DeclineGuess
          | Recount | JudgeRecount | BestDream | NoBestDream)

ACTION_TYPES: tuple[type, ...] = (
    GiveClue, RuleBreach, SkipClue, Guess, JudgeGuess, TimeUp, DeclineGuess, Recount,
    JudgeRecount, BestDream, NoBestDream,
)
