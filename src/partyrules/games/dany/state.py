"""Config, state and view records of Dany goes to Hollywood.

Memory cards and Idea cards are ints (Idea cards index the config's word lists);
personality cards are the ids of :mod:`partyrules.games.dany.cards`. The phase record
says who acts: the active personality composing, the deciding personality (racing the
table's rulings), the table confirming the reveal, or every seat in the Final Twist.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import lru_cache
from typing import Literal, cast

import attrs

from partyrules.core.errors import CorruptState, InvalidConfig
from partyrules.core.game import TABLE
from partyrules.core.rng import Rng
from partyrules.games.dany.cards import CHOICES, DANY, DEFAULT_IDEAS, HAND, REASON, SECONDARIES

__all__ = [
    "MAX_MEMORY_CARDS",
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
    "end_of_game_trigger",
    "places",
    "sides",
    "validate",
    "validate_view",
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
class Config:
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


def places(state: State) -> dict[str, tuple[Hashable, ...]]:
    """Every card by where it lies; each Memory, Idea and Personality card in exactly
    one place."""
    found: dict[str, tuple[Hashable, ...]] = {
        "memory": tuple(("memory", card) for card in state.memory),
        "box": tuple(("memory", card) for card in state.box),
        "ideas": tuple(("idea", card) for card in state.ideas),
        "idea": () if state.idea is None else (("idea", state.idea),),
        "successes": tuple(("idea", card) for card in state.successes),
        "failures": tuple(("idea", card) for card in state.failures),
        "voided": tuple(("idea", card) for card in state.voided),
    }
    for seat, personality in enumerate(state.personalities):
        found[f"personalities[{seat}]"] = (("personality", personality),)
    phase = state.phase
    if isinstance(phase, Composing):
        found["phase.hand"] = tuple(("memory", card) for card in phase.hand)
    if isinstance(phase, (Composing, Discussing, Revealing)):
        found["phase.kept"] = tuple(("memory", card) for card in phase.kept)
    return found


def component_data(config: Config) -> tuple[tuple[str, ...], ...]:
    """The words of the Idea cards a config plays with (a replay records their digest).
    Memory, Personality and Choice cards carry nothing but their ids."""
    return config.words()


# -- validation ---------------------------------------------------------------------------
#
# Bounds the rules imply, each checked where the state or view holds it:
# - every Memory card of the config in exactly one place, the 9 personality cards the
#   config deals one per seat, the config's number of Idea cards, each from its lists;
# - one turn per Idea card played: ``turn`` is the number of Idea cards scored (successes,
#   failures, voided) plus one while a turn is being played;
# - at most 5 successes and fewer failures than trigger the Final Twist while the game
#   runs (the sixth success and the last failure end the turns at once);
# - a Final Twist only with the trigger the End of Game checks give, with one ballot per
#   seat, at least one seat still to point, and at least two candidates;
# - an ended game's winners are the side its reason names.


def _place_path(place: str, index: int) -> str:
    """The JSON path of the ``index``-th card of a place named by :func:`places`."""
    if place == "idea" or place.startswith("personalities"):
        return f"data.{place}"
    return f"data.{place}[{index}]"


@lru_cache(maxsize=64)
def _decks(config: Config) -> tuple[frozenset[int], frozenset[int], int, int]:
    """``(Memory cards, personality cards, Idea cards in play, Idea cards listed)``."""
    memory, ideas = config.deck_sizes()
    return (frozenset(range(memory)), frozenset(config.personalities()), ideas,
            len(config.words()))


def _check_cards(state: State) -> None:
    """Every Memory card of the config in exactly one place, one personality card of the
    config per seat, and the config's number of Idea cards, each from its word lists."""
    config = state.config
    players = config.players
    if len(state.personalities) != players:
        raise CorruptState(f"one personality per seat ({players}), not "
                           f"{len(state.personalities)}", "data.personalities")
    memory_set, personality_set, idea_cards, listed = _decks(config)
    phase = state.phase
    memory = state.memory + state.box
    if isinstance(phase, Composing):
        memory += phase.hand + phase.kept
    elif isinstance(phase, (Discussing, Revealing)):
        memory += phase.kept
    ideas = state.ideas + state.successes + state.failures + state.voided
    if state.idea is not None:
        ideas += (state.idea,)
    # The fast pass of every load: sets of ints. Only a state that fails it is walked
    # place by place, to name the card at fault.
    if (len(memory) == len(memory_set) and memory_set.issuperset(memory)
            and len(set(memory)) == len(memory)
            and len(ideas) == idea_cards and len(set(ideas)) == idea_cards
            and min(ideas) >= 0 and max(ideas) < listed
            and personality_set.issuperset(state.personalities)
            and len(set(state.personalities)) == players):
        return
    _locate_card_error(state)


def _locate_card_error(state: State) -> None:
    """Raise the :class:`CorruptState` of the first card out of range or in two places,
    or of a deck that is missing cards."""
    memory_set, personality_set, idea_cards, listed = _decks(state.config)
    in_range = {"memory": memory_set, "idea": range(listed), "personality": personality_set}
    seen: dict[Hashable, str] = {}
    counts = {"memory": 0, "idea": 0, "personality": 0}
    for place, items in places(state).items():
        for index, item in enumerate(items):
            kind, card = cast("tuple[str, int]", item)
            if card not in in_range[kind]:
                raise CorruptState(f"there is no {kind} card {card} in this game",
                                   _place_path(place, index))
            if item in seen:
                raise CorruptState(f"{kind} card {card} is also in {seen[item]}",
                                   _place_path(place, index))
            seen[item] = place
            counts[kind] += 1
    # Cards are distinct and in range, so the right count means every card is there.
    if counts["memory"] != len(memory_set):
        raise CorruptState(f"{len(memory_set) - counts['memory']} of the {len(memory_set)} "
                           "Memory cards are missing", "data.memory")
    raise CorruptState(f"{idea_cards} Idea cards are in play, not {counts['idea']}",
                       "data.ideas")


def _check_accusation(accusation: Accusation, players: int, at: str) -> None:
    """One ballot per seat, each at another seat, and ``tied`` the most pointed at."""
    ballots = accusation.ballots
    if len(ballots) != players:
        raise CorruptState(f"one ballot per seat ({players}), not {len(ballots)}",
                           f"{at}.ballots")
    votes = [0] * players
    for seat, target in enumerate(ballots):
        if not 0 <= target < players or target == seat:
            raise CorruptState(f"seat {seat} points at another seat, not {target}",
                               f"{at}.ballots[{seat}]")
        votes[target] += 1
    most = max(votes)
    if accusation.tied != {seat for seat, count in enumerate(votes) if count == most}:
        raise CorruptState("the tied seats are those pointed at most", f"{at}.tied")


def _check_trigger(state: State) -> None:
    """The Final Twist has the trigger the End of Game checks give, in their order."""
    config = state.config
    if len(state.failures) > config.failures_to_twist():
        raise CorruptState(f"failure {config.failures_to_twist()} ends the turns",
                           "data.failures")
    given = end_of_game_trigger(config, len(state.failures), len(state.memory),
                                len(state.ideas))
    if not given:
        raise CorruptState("no End of Game condition holds: the Final Twist cannot be "
                           "played yet", "data.twist_trigger")
    if state.twist_trigger != given:
        raise CorruptState(f"the End of Game checks give {given!r}, not "
                           f"{state.twist_trigger!r}", "data.twist_trigger")


def sides(personalities: tuple[int, ...]) -> tuple[frozenset[int], frozenset[int]]:
    """``(the seats of Dany and Dany's Reason, the seats of the secondaries)``."""
    dany_side = frozenset(s for s, p in enumerate(personalities) if p in (DANY, REASON))
    return dany_side, frozenset(range(len(personalities))) - dany_side


def end_of_game_trigger(config: Config, failures: int, memory: int,
                        ideas: int) -> TwistTrigger:
    """End of Game, after six successes: what starts the Final Twist, in the spec's
    order: the failures, fewer than 7 Memory cards in the pile, an empty Idea deck; ""
    when the turns go on."""
    if failures >= config.failures_to_twist():
        return "failures"
    if memory < HAND:
        return "memory"
    return "ideas" if not ideas else ""


def _check_result(over: Over, personalities: tuple[int, ...], config: Config,
                  accusation: Accusation | None, successes: int, at: str) -> None:
    """The reason an ended game gives agrees with the piles, the last count and the
    personalities, and its winners are the side the reason names."""
    dany_side, secondaries = sides(personalities)
    if over.reason == "six_successes":
        if successes != SUCCESSES_TO_WIN:
            raise CorruptState(f"six successes end the game, not {successes}",
                               f"{at}.reason")
        if accusation is not None:
            raise CorruptState("no Final Twist was played", "data.last_accusation")
        winners = secondaries
    else:
        if accusation is None:
            raise CorruptState(f"{over.reason!r} ends a Final Twist, and none was counted",
                               "data.last_accusation")
        dany = personalities.index(DANY)
        tied = accusation.tied
        designated = len(tied) == 1
        agrees = {
            "dany_designated": designated and dany in tied,
            "not_dany_designated": designated and dany not in tied,
            "dany_revealed_in_tie": not designated and dany not in tied
            and not config.danys_reason,
            "dany_not_in_tie": not designated and dany not in tied and config.danys_reason,
            "second_tie": not designated,
        }[over.reason]
        if not agrees:
            raise CorruptState(f"{over.reason!r} does not follow from the count of "
                               f"{sorted(tied)}", f"{at}.reason")
        winners = secondaries if over.reason == "dany_designated" else dany_side
    if over.winners != winners:
        raise CorruptState(f"{over.reason!r} makes seats {sorted(winners)} win",
                           f"{at}.winners")


def _check_turn_phase(state: State, phase: Composing | Discussing | Revealing) -> None:
    """While a turn is played: its Idea card and Choice card, a creation of 0 to 7 of the
    7 Memory cards drawn, and nothing of the Final Twist yet."""
    config = state.config
    if state.idea is None:
        raise CorruptState("a turn is played on a face-up Idea card", "data.idea")
    if len(state.successes) >= SUCCESSES_TO_WIN:
        raise CorruptState("the sixth success ends the game", "data.successes")
    if len(state.failures) >= config.failures_to_twist():
        raise CorruptState(f"failure {config.failures_to_twist()} begins the Final Twist",
                           "data.failures")
    if state.twist_trigger:
        raise CorruptState("the Final Twist has not begun", "data.twist_trigger")
    if state.last_accusation is not None:
        raise CorruptState("no Final Twist was counted yet", "data.last_accusation")
    if state.revealed:
        raise CorruptState("personality cards stay face down until the Final Twist",
                           "data.revealed")
    if phase.choice not in CHOICES:
        raise CorruptState(f"the Choice card is 1 to 5, not {phase.choice}",
                           "data.phase.choice")
    if isinstance(phase, Composing) and len(phase.hand) + len(phase.kept) != HAND:
        raise CorruptState(f"the active personality holds {HAND} Memory cards",
                           "data.phase.hand")
    if len(phase.kept) > HAND:
        raise CorruptState(f"a creation has 0 to {HAND} cards", "data.phase.kept")
    if isinstance(phase, Revealing) and phase.word not in CHOICES:
        raise CorruptState(f"the answer is a word 1 to 5, not {phase.word}",
                           "data.phase.word")


def _check_twist(state: State, phase: FinalTwist) -> None:
    """The Final Twist: its trigger, one ballot per seat at another candidate, a seat
    still to point, and for a re-vote the tie it settles."""
    players = state.config.players
    seats = frozenset(range(players))
    _check_trigger(state)
    if len(state.successes) >= SUCCESSES_TO_WIN:
        raise CorruptState("the sixth success ends the game", "data.successes")
    if not phase.candidates <= seats or len(phase.candidates) < 2:
        raise CorruptState("two or more seats are candidates", "data.phase.candidates")
    accusation = state.last_accusation
    if not phase.revote:
        if phase.candidates != seats:
            raise CorruptState("every seat is a candidate in the first vote",
                               "data.phase.candidates")
        if accusation is not None:
            raise CorruptState("the first vote follows no count", "data.last_accusation")
        revealed: frozenset[int] = frozenset()
    else:
        if accusation is None:
            raise CorruptState("a re-vote follows a tied count", "data.last_accusation")
        if phase.candidates != accusation.tied:
            raise CorruptState("a re-vote is among the tied seats", "data.phase.candidates")
        if state.personalities.index(DANY) not in phase.candidates:
            raise CorruptState("a tie without Dany ends the game, it is not voted again",
                               "data.phase.candidates")
        # The base game reveals everyone outside the tie; Dany's Reason reveals nobody.
        revealed = frozenset() if state.config.danys_reason else seats - phase.candidates
    if state.revealed != revealed:
        raise CorruptState(f"the face-up cards are those of seats {sorted(revealed)}",
                           "data.revealed")
    if len(phase.ballots) != players:
        raise CorruptState(f"one ballot per seat ({players}), not {len(phase.ballots)}",
                           "data.phase.ballots")
    for seat, target in enumerate(phase.ballots):
        if target is not None and (target == seat or target not in phase.candidates):
            raise CorruptState(f"seat {seat} points at another candidate, not {target}",
                               f"data.phase.ballots[{seat}]")
    if None not in phase.ballots:
        raise CorruptState("every seat has pointed: the ballots are counted at once",
                           "data.phase.ballots")


def validate(state: State) -> None:
    """Raise :class:`CorruptState` naming the path when ``state`` breaks an invariant:
    every card in one place, seats in range, the turn counter, and a phase the engine can
    go on from (the bounds are listed on the docs page, under "Bad input")."""
    if not isinstance(state, State):
        raise CorruptState(f"expected a dany State, got {type(state).__name__}")
    config = state.config
    players = config.players
    _check_cards(state)
    if not 0 <= state.active < players:
        raise CorruptState(f"no seat {state.active} at a table of {players}", "data.active")
    phase = state.phase
    playing = isinstance(phase, (Composing, Discussing, Revealing))
    played = len(state.successes) + len(state.failures) + len(state.voided)
    if state.turn != played + playing:
        raise CorruptState(f"turn {played + playing}: {played} Idea cards were played"
                           + (" and one is being played" if playing else ""), "data.turn")
    if not playing and state.idea is not None:
        raise CorruptState("no Idea card is face up once the turns are over", "data.idea")
    if state.last_accusation is not None:
        _check_accusation(state.last_accusation, players, "data.last_accusation")
    if isinstance(phase, (Composing, Discussing, Revealing)):
        _check_turn_phase(state, phase)
    elif isinstance(phase, FinalTwist):
        _check_twist(state, phase)
    else:
        if phase.reason != "six_successes":
            _check_trigger(state)
            if len(state.successes) >= SUCCESSES_TO_WIN:
                raise CorruptState("the sixth success ends the game before any Final "
                                   "Twist", "data.successes")
        elif state.twist_trigger:
            raise CorruptState("six successes end the game before any Final Twist",
                               "data.twist_trigger")
        elif len(state.failures) >= config.failures_to_twist():
            raise CorruptState(f"failure {config.failures_to_twist()} ends the turns "
                               "before a sixth success", "data.failures")
        if state.revealed != frozenset(range(players)):
            raise CorruptState("every personality card is face up at the end",
                               "data.revealed")
        _check_result(phase, state.personalities, config, state.last_accusation,
                      len(state.successes), "data.phase")


ViewPhase = Literal["composing", "discussing", "revealing", "twist", "over"]


def _view_phase(view: View) -> ViewPhase:
    """The phase a view was taken in, told by who acts (the active and deciding seats
    differ, since there are at least three)."""
    acting = view.to_act
    if view.over is not None:
        if acting:
            raise CorruptState("nobody acts once the game is over", "data.to_act")
        return "over"
    if TABLE in acting:
        for phase, seats in (("composing", {view.active, TABLE}),
                             ("discussing", {view.deciding, TABLE}), ("revealing", {TABLE})):
            if acting == seats:
                return phase  # type: ignore[return-value]
        raise CorruptState("the table rules alongside the active or the deciding seat",
                           "data.to_act")
    if not acting:
        raise CorruptState("a running game has a seat to act", "data.to_act")
    if not acting <= set(range(view.config.players)):
        raise CorruptState("only seats point in the Final Twist", "data.to_act")
    return "twist"


def _check_shown(deck: int, what: str,
                 places: tuple[tuple[str, tuple[int, ...]], ...]) -> int:
    """The cards shown in ``places`` are distinct ids ``0`` to ``deck - 1``; returns how
    many there are. A fast pass first; the places are walked only to name a bad card."""
    cards = tuple(card for _, shown in places for card in shown)
    if not cards or (len(set(cards)) == len(cards) and min(cards) >= 0
                     and max(cards) < deck):
        return len(cards)
    seen: set[int] = set()
    for name, shown in places:
        for index, card in enumerate(shown):
            if not 0 <= card < deck or card in seen:
                raise CorruptState(f"{what} {card} is not in the deck or is shown twice",
                                   "data.idea" if name == "idea" else f"data.{name}[{index}]")
            seen.add(card)
    raise AssertionError("unreachable: the fast pass found a bad card")


def _check_view_cards(view: View, phase: ViewPhase) -> None:
    """The counts add up to the config's decks; the cards shown are distinct and in
    range; the turn counter is the number of Idea cards played."""
    config = view.config
    memory_cards, idea_cards = config.deck_sizes()
    sizes = {"memory_size": view.memory_size, "box_size": view.box_size,
             "hand_size": view.hand_size, "kept_size": view.kept_size,
             "ideas_size": view.ideas_size}
    for name, size in sizes.items():
        if size < 0:
            raise CorruptState(f"a count is 0 or more, not {size}", f"data.{name}")
    shown = view.memory_size + view.box_size + view.hand_size + view.kept_size
    if shown != memory_cards:
        raise CorruptState(f"the Memory piles count {shown} cards, not {memory_cards}",
                           "data.memory_size")
    words = config.words()
    idea = () if view.idea is None else (view.idea,)
    _check_shown(memory_cards, "Memory card", (("hand", view.hand), ("kept", view.kept)))
    ideas = _check_shown(len(words), "Idea card", (
        ("idea", idea), ("successes", view.successes), ("failures", view.failures),
        ("voided", view.voided)))
    if ideas + view.ideas_size != idea_cards:
        raise CorruptState(f"{idea_cards} Idea cards are in play, not "
                           f"{ideas + view.ideas_size}", "data.ideas_size")
    playing = phase in ("composing", "discussing", "revealing")
    if playing == (view.idea is None):
        raise CorruptState("an Idea card is face up exactly while a turn is played",
                           "data.idea")
    if view.idea_words != (() if view.idea is None else words[view.idea]):
        raise CorruptState("the words are those of the face-up Idea card",
                           "data.idea_words")
    played = len(view.successes) + len(view.failures) + len(view.voided)
    if view.turn != played + playing:
        raise CorruptState(f"turn {played + playing}: {played} Idea cards were played",
                           "data.turn")
    winning = phase == "over" and view.over is not None and view.over.reason == "six_successes"
    if len(view.successes) > SUCCESSES_TO_WIN - (not winning):
        raise CorruptState("the sixth success ends the game", "data.successes")
    if len(view.failures) > config.failures_to_twist() - (playing or winning):
        raise CorruptState(f"failure {config.failures_to_twist()} ends the turns",
                           "data.failures")


def _check_view_personalities(view: View, phase: ViewPhase,
                              ) -> tuple[int, ...] | None:
    """The seat's own card and the face-up ones are the config's, one per seat; face up
    are none while the turns are played, the seats outside a tie in the base game's
    re-vote, and all at the end. Returns every seat's card when all are face up."""
    config = view.config
    players = config.players
    cards = _decks(config)[1]
    if (view.seat is None) != (view.personality is None):
        raise CorruptState("a seat holds a personality card, a spectator none",
                           "data.personality")
    if view.personality is not None and view.personality not in cards:
        raise CorruptState(f"there is no personality card {view.personality} in this game",
                           "data.personality")
    held: dict[int, int] = {}
    previous = -1
    for index, (seat, card) in enumerate(view.revealed):
        if not previous < seat < players or card not in cards or card in held.values():
            raise CorruptState("face-up cards are the config's, one per seat, by seat",
                               f"data.revealed[{index}]")
        if (seat == view.seat) != (card == view.personality):
            raise CorruptState("the seat's own card is the one it holds",
                               f"data.revealed[{index}]")
        held[seat] = card
        previous = seat
    seats = frozenset(range(players))
    if phase == "over":
        face_up = seats
    elif phase == "twist" and not config.danys_reason:
        face_up = seats - view.candidates
    else:
        face_up = frozenset()
    if set(held) != face_up:
        raise CorruptState(f"the face-up cards are those of seats {sorted(face_up)}",
                           "data.revealed")
    if phase == "twist" and DANY in held.values():
        raise CorruptState("Dany revealed outside a tie ends the game", "data.revealed")
    return tuple(held[seat] for seat in range(players)) if held.keys() == seats else None


def _check_view_turn(view: View, phase: ViewPhase) -> None:
    """What the active seat alone sees while composing, and the creation, Choice card
    and answer as each step shows them."""
    mine = view.seat is not None and view.seat == view.active
    if phase == "composing":
        if view.hand_size + view.kept_size != HAND:
            raise CorruptState(f"the active personality holds {HAND} Memory cards",
                               "data.hand_size")
        shown = (view.hand_size, view.kept_size) if mine else (0, 0)
        if (len(view.hand), len(view.kept)) != shown:
            raise CorruptState("only the active seat sees its hand and creation",
                               "data.hand")
        if view.layout:
            raise CorruptState("the layout comes with the finished creation", "data.layout")
    else:
        if view.hand or view.hand_size:
            raise CorruptState("the hand went back to the pile with the creation",
                               "data.hand")
        if len(view.kept) != view.kept_size or view.kept_size > HAND:
            raise CorruptState(f"the creation, 0 to {HAND} cards, is shown to all",
                               "data.kept")
    if (mine or phase == "revealing") != (view.choice is not None):
        raise CorruptState("only the active seat sees the Choice card before the reveal",
                           "data.choice")
    if view.choice is not None and view.choice not in CHOICES:
        raise CorruptState(f"the Choice card is 1 to 5, not {view.choice}", "data.choice")
    if (phase == "revealing") != (view.word is not None) or (
            view.word is not None and view.word not in CHOICES):
        raise CorruptState("the answer, a word 1 to 5, is shown from the reveal",
                           "data.word")
    if view.candidates or view.voted or view.ballot is not None:
        raise CorruptState("no Final Twist is being played", "data.candidates")
    if view.last_accusation is not None:
        raise CorruptState("no Final Twist was counted yet", "data.last_accusation")


def _check_no_turn(view: View) -> None:
    """Once the turns are over, nothing of a turn is shown."""
    if view.hand or view.kept or view.hand_size or view.kept_size or view.layout \
            or view.choice is not None or view.word is not None:
        raise CorruptState("no turn is being played", "data.kept")


def _check_view_twist(view: View) -> None:
    """The Final Twist as a seat sees it: the candidates, who has pointed, its own
    ballot."""
    _check_no_turn(view)
    players = view.config.players
    seats = frozenset(range(players))
    candidates = view.candidates
    if not candidates <= seats or len(candidates) < 2:
        raise CorruptState("two or more seats are candidates", "data.candidates")
    accusation = view.last_accusation
    if candidates != (seats if accusation is None else accusation.tied):
        raise CorruptState("the candidates are every seat, or the tied in a re-vote",
                           "data.candidates")
    if not view.voted <= seats or view.to_act != seats - view.voted:
        raise CorruptState("the seats to act are those that have not pointed",
                           "data.voted")
    if view.seat is None or view.seat not in view.voted:
        if view.ballot is not None:
            raise CorruptState("a seat that has not pointed has no ballot", "data.ballot")
    elif view.ballot is None or view.ballot == view.seat or view.ballot not in candidates:
        raise CorruptState("the seat's ballot points at another candidate", "data.ballot")
    if view.personality == DANY and accusation is not None and view.seat not in candidates:
        raise CorruptState("a tie without Dany ends the game", "data.candidates")


def validate_view(view: View) -> None:
    """Raise :class:`CorruptState` naming the path unless ``view`` is one
    :func:`~partyrules.games.dany.views.view` could have produced: seats and cards in
    range, counts that add up to the config's decks, and each field shown or hidden as
    the phase (told by who acts) shows or hides it."""
    if not isinstance(view, View):
        raise CorruptState(f"expected a dany View, got {type(view).__name__}")
    players = view.config.players
    if view.seat is not None and not 0 <= view.seat < players:
        raise CorruptState(f"no seat {view.seat} at a table of {players}", "data.seat")
    if not 0 <= view.active < players:
        raise CorruptState(f"no seat {view.active} at a table of {players}", "data.active")
    if view.deciding != (view.active - 1) % players:
        raise CorruptState("the deciding seat is on the active seat's right",
                           "data.deciding")
    phase = _view_phase(view)
    _check_view_cards(view, phase)
    if view.last_accusation is not None:
        _check_accusation(view.last_accusation, players, "data.last_accusation")
    if phase == "twist":
        _check_view_twist(view)
    elif phase == "over":
        _check_no_turn(view)
        if view.candidates or view.voted or view.ballot is not None:
            raise CorruptState("an ended game shows no vote", "data.candidates")
    else:
        _check_view_turn(view, phase)
    personalities = _check_view_personalities(view, phase)
    if view.over is not None:
        assert personalities is not None  # every card is face up at the end
        _check_result(view.over, personalities, view.config, view.last_accusation,
                      len(view.successes), "data.over")
