"""The rules of When I Dream: setup, legal actions, the reducer, outcome.

Sections follow the Italian rulebook (translated in ``docs/games/when_i_dream.md``):
Preparation, 1. Start of the round, 2. The dream, 3. Narration, 4. Scoring, 5. End of
the round, End of the game, Rules for definitions, the expert variant. Where it is
silent, the project's spec decides; the docs page lists each decision. Each action kind
has one ``why_illegal`` predicate named after its rule.

>>> from partyrules.games.when_i_dream.state import Config
>>> state = setup(Config(players=4), seed=1)
>>> sorted(to_act(state))   # the clue-giver, the Dreamer and the table race
[-1, 0, 1]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any, Literal

from partyrules.core.config import shared
from partyrules.core.game import TABLE, Outcome, Property, Timer
from partyrules.core.records import replaced
from partyrules.core.rng import Rng
from partyrules.core.rules import (
    ActionKinds,
    check_setup,
    ended,
    phase_error,
    seat_error,
    uniform_choice,
)
from partyrules.games.when_i_dream.actions import (
    Action,
    BestDream,
    DeclineGuess,
    GiveClue,
    Guess,
    JudgeGuess,
    JudgeRecount,
    NoBestDream,
    Recount,
    RuleBreach,
    SkipClue,
    TimeUp,
)
from partyrules.games.when_i_dream.cards import (
    clue_breach,
    normalize,
    round_gains,
    sandman_points,
    spirits_for,
)
from partyrules.games.when_i_dream.state import (
    Config,
    Dreaming,
    Judging,
    JudgingRecount,
    Over,
    Phase,
    Recounting,
    RoundResult,
    Side,
    State,
    Tiebreak,
    evolve,
)

__all__ = [
    "PROPERTIES",
    "RANDOM_ACTION_FROM_VIEW",
    "TIMER",
    "acting",
    "apply",
    "apply_listed",
    "clue_cap_reached",
    "final_scores",
    "final_standing",
    "is_simultaneous",
    "is_terminal",
    "legal_actions",
    "max_decisions",
    "outcome",
    "random_action",
    "random_guessing",
    "rules_max_decisions",
    "sandman_points",
    "setup",
    "to_act",
    "vocabulary",
    "why_illegal",
]


@lru_cache(maxsize=64)
def vocabulary(config: Config) -> tuple[str, ...]:
    """Every distinct word of the Dream deck, in deck order: the representative texts of
    ``Guess`` and ``GiveClue`` (the Dreamer's only public vocabulary)."""
    return tuple(dict.fromkeys(word for card in config.dreams() for word in card))


@lru_cache(maxsize=64)
def _prebuilt(config: Config) -> tuple[tuple[tuple[Guess, ...], ...],
                                       tuple[tuple[GiveClue, ...], ...]]:
    words = vocabulary(config)
    seats = range(config.players)
    return (tuple(tuple(Guess(seat, word) for word in words) for seat in seats),
            tuple(tuple(GiveClue(seat, word) for word in words) for seat in seats))


# -- setup and the round ------------------------------------------------------------------


def setup(config: Config, seed: int) -> State:
    """Preparation: shuffle the Dream deck; the first Dreamer's round starts."""
    check_setup(config, Config, seed, "when_i_dream")
    config = shared(config)  # the rules' caches keyed by the config find it at once
    players = config.players
    deck, rng = Rng.from_seed(seed).shuffle(range(len(config.dreams())))
    return State(
        config=config, penalties=((),) * players, points=(0,) * players, round=1,
        **_round_start(config, config.first_dreamer, rng, deck, ()),
    )


def _round_start(config: Config, dreamer: int, rng: Rng, deck: tuple[int, ...],
                 box: tuple[int, ...]) -> dict[str, Any]:
    """1. Deal the round's Spirit cards to everyone but the Dreamer, one left over face
    down; reveal the first Dream card; the clue-giver on the Dreamer's left starts."""
    players = config.players
    dealt, rng = rng.shuffle(spirits_for(players))
    spirits: list[int | None] = [None] * players
    for offset in range(1, players):
        spirits[(dreamer + offset) % players] = dealt[offset - 1]
    current, deck, box, rng = _next_card(deck, box, rng)
    phase = Recounting() if current is None else Dreaming((dreamer + 1) % players,
                                                           (0,) * players)
    side: Side = "top" if config.side == "expert" else config.side
    return {"rng": rng, "deck": deck, "box": box, "current": current, "side": side,
            "fairy": (), "boogeyman": (), "dreamer": dreamer, "spirits": tuple(spirits),
            "leftover": dealt[-1], "clues": (), "guesses": (), "phase": phase}


def _next_card(deck: tuple[int, ...], box: tuple[int, ...],
               rng: Rng) -> tuple[int | None, tuple[int, ...], tuple[int, ...], Rng]:
    """The next Dream card: an empty deck is refilled from the box, shuffled; None when
    both are empty."""
    if not deck and box:
        deck, rng = rng.shuffle(box)
        box = ()
    if not deck:
        return None, (), box, rng
    return deck[0], deck[1:], box, rng


def _start_round(state: State, changes: dict[str, Any]) -> State:
    changes.update(_round_start(state.config, changes["dreamer"], changes.get("rng", state.rng),
                                changes.get("deck", state.deck), changes.get("box", state.box)))
    return evolve(state, changes)


def _reveal(state: State, active: int, changes: dict[str, Any]) -> State:
    """A new Dream card is revealed (the clue turns start again, ``active`` the
    clue-giver); with no card left to reveal, the dream ends as if time were up."""
    current, deck, box, rng = _next_card(changes.get("deck", state.deck),
                                         changes.get("box", state.box),
                                         changes.get("rng", state.rng))
    changes.update(current=current, deck=deck, box=box, rng=rng)
    changes["phase"] = (Recounting() if current is None
                        else Dreaming(active, (0,) * state.config.players, False))
    return evolve(state, changes)


def _next_giver(state: State, seat: int) -> int:
    """The next clue-giver clockwise, skipping the Dreamer."""
    following = (seat + 1) % state.config.players
    return (following + 1) % state.config.players if following == state.dreamer else following


def clue_cap_reached(config: Config, dreamer: int, clue_turns: tuple[int, ...]) -> bool:
    """2. Every clue-giver has had its clue turns for the card in play: the Dreamer must
    guess."""
    cap = config.clue_cap()
    # Asked at every step (to_act, the listing) and mostly answered by the first
    # clue-giver: a loop, where all() would build a generator each time.
    for seat, turns in enumerate(clue_turns):  # noqa: SIM110 - see above
        if turns < cap and seat != dreamer:
            return False
    return True


def _at_cap(state: State, phase: Dreaming) -> bool:
    """2. Every clue-giver has had its clue turns for this card: the Dreamer must guess."""
    return clue_cap_reached(state.config, state.dreamer, phase.clue_turns)


def _penalty(state: State, offender: int, active: int, changes: dict[str, Any]) -> State:
    """Rules for definitions: the card in play goes in front of the offender as a
    penalty, and a new card is revealed (its side unchanged; ``active`` the clue-giver
    then)."""
    assert state.current is not None
    penalties = replaced(state.penalties, offender, (*state.penalties[offender], state.current))
    changes.update(penalties=penalties, current=None)
    return _reveal(state, active, changes)


def _resolve_guess(state: State, correct: bool, active: int, time_up: bool,
                   changes: dict[str, Any]) -> State:
    """2. Right: under the Fairy score card; wrong: under the Boogeyman's. Then a new card
    and the next clue-giver -- or, after time is up, the narration."""
    assert state.current is not None
    entry = ((state.current, state.side),)
    if correct:
        changes["fairy"] = state.fairy + entry
    else:
        changes["boogeyman"] = state.boogeyman + entry
    changes["current"] = None
    if state.config.side == "expert":  # the next card's side follows this guess
        changes["side"] = "top" if correct else "bottom"
    if time_up:
        changes["phase"] = Recounting()
        return evolve(state, changes)
    return _reveal(state, _next_giver(state, active), changes)


def _score_round(state: State, bonus: bool, changes: dict[str, Any]) -> State:
    """4. Spirits are revealed and score; 5. the piles go to the box, the seat on the
    Dreamer's left dreams next; End of the game after everyone has dreamt."""
    fairy, boogeyman = len(state.fairy), len(state.boogeyman)
    gains = round_gains(state.spirits, fairy, boogeyman, bonus)
    points = tuple(p + g for p, g in zip(state.points, gains, strict=True))
    changes.update(
        points=points,
        box=state.box + tuple(card for card, _ in state.fairy + state.boogeyman),
        fairy=(), boogeyman=(),
        last_round=RoundResult(state.dreamer, state.spirits,
                               tuple(c for c, _ in state.fairy),
                               tuple(c for c, _ in state.boogeyman), bonus and fairy > 0,
                               gains),
    )
    players = state.config.players
    if state.round == players:
        return _final(state, points, changes)
    changes.update(dreamer=(state.dreamer + 1) % players, round=state.round + 1)
    return _start_round(state, changes)


def final_standing(points: tuple[int, ...], penalty_counts: tuple[int, ...]) -> tuple[
        Literal["highest_score", "fewest_penalties"] | None, frozenset[int]]:
    """End of the game: who leads on points minus penalty cards, then on the fewest
    penalty cards, and by which rule; ``None`` with the seats still tied after both
    (the table names the best dream teller).

    >>> final_standing((6, 8, 9), (0, 1, 2))
    ('fewest_penalties', frozenset({1}))
    """
    totals = [p - n for p, n in zip(points, penalty_counts, strict=True)]
    best = max(totals)
    tied = [seat for seat, total in enumerate(totals) if total == best]
    if len(tied) == 1:
        return "highest_score", frozenset(tied)
    fewest = min(penalty_counts[seat] for seat in tied)
    tied = [seat for seat in tied if penalty_counts[seat] == fewest]
    if len(tied) == 1:
        return "fewest_penalties", frozenset(tied)
    return None, frozenset(tied)


def _final(state: State, points: tuple[int, ...], changes: dict[str, Any]) -> State:
    """End of the game: points minus penalty cards; a tie goes to the fewest penalty
    cards, then to the best dream teller."""
    reason, seats = final_standing(points, tuple(len(cards) for cards in state.penalties))
    changes["phase"] = Tiebreak(seats) if reason is None else Over(reason, seats)
    return evolve(state, changes)


def final_scores(points: tuple[int, ...],
                 penalties: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """End of the game: each seat's points minus its penalty cards."""
    return tuple(p - len(cards) for p, cards in zip(points, penalties, strict=True))


# -- who acts -----------------------------------------------------------------------------


def acting(config: Config, dreamer: int, phase: Phase) -> frozenset[int]:
    """Who may act in ``phase``: see :func:`to_act`."""
    if isinstance(phase, Dreaming):
        if phase.time_up or clue_cap_reached(config, dreamer, phase.clue_turns):
            # Time has stopped; the table may still rule a breach on the card in play.
            return frozenset((dreamer, TABLE)) if phase.clued else frozenset((dreamer,))
        return frozenset((phase.active, dreamer, TABLE))
    if isinstance(phase, Recounting):
        return frozenset((dreamer,))
    if isinstance(phase, Over):
        return frozenset()
    return frozenset((TABLE,))


def to_act(state: State) -> frozenset[int]:
    """The dream: the clue-giver, the Dreamer and the table race (at the clue cap or
    after time is up, the Dreamer, and the table while it may rule a breach); the table
    judges; the Dreamer recounts."""
    return acting(state.config, state.dreamer, state.phase)


def is_simultaneous(state: State) -> bool:
    """Never: a guess races the clue that is due, and whoever acts first changes what
    follows."""
    return False


def is_terminal(state: State) -> bool:
    """True once the game is over."""
    return isinstance(state.phase, Over)


def max_decisions(config: Config) -> int:
    """The documented bound on the decisions of one game: the smaller of ``400 *
    players`` (``400 * players * ceil(cards / 64)`` with a deck of more than 64 cards)
    and :func:`rules_max_decisions`, the bound the rules themselves set.

    The first is about three times the longest random games with ``judge="auto"``, twice
    with ``judge="table"`` (one more decision per guess). The longest are the bots' under
    the match runner, whose table never calls time, so that every round runs until the
    Dream deck is spent: about three decisions per card, every card but the penalty cards
    dreamt each round (the game's page gives the lengths measured). A round's length
    follows the deck, hence the factor per 64 cards. With the default decks it is the
    smaller, a bound on play: a game past it is one a framework may cut off. With a short
    deck the rules' bound is the smaller, and then a true bound.

    >>> max_decisions(Config(players=4)), max_decisions(Config(players=10))
    (1600, 4000)
    >>> from partyrules.games.when_i_dream.state import PRESETS
    >>> max_decisions(PRESETS["tiny"])
    105
    """
    return min(400 * config.players * -(-len(config.dreams()) // 64),
               rules_max_decisions(config))


def rules_max_decisions(config: Config) -> int:
    """A true bound on the decisions of one game, the table's included:
    ``players * (cards * (clue cap * (players - 1) + 2) + 4) + 1`` (12,841 at 10 seats
    with the default deck).

    Proof sketch. There are ``players`` rounds. A round dreams at most ``cards`` cards:
    the deck holds no more, cards boxed earlier stay out while any card is left, and an
    empty deck ends the dream. On one card each clue-giver has at most ``clue cap`` clue
    turns (``GiveClue`` or ``SkipClue``), then the card leaves play by one action (a
    ``Guess``, a ``RuleBreach`` or a ``DeclineGuess``), judged by at most one
    ``JudgeGuess``. A round adds at most ``TimeUp``, ``Recount`` and ``JudgeRecount``,
    and the game at most one tie-break ruling.

    >>> rules_max_decisions(Config(players=10))
    12841
    """
    players = config.players
    return players * (len(config.dreams()) * (config.clue_cap() * (players - 1) + 2)
                      + 4) + 1


def outcome(state: State) -> Outcome:
    """End of the game: the winners, each seat's points minus its penalty cards."""
    over = ended(state.phase, Over)
    return Outcome(over.winners, final_scores(state.points, state.penalties), over.reason)


# -- the rules, one predicate per action kind --------------------------------------------


_PHASE_NAMES = {
    Dreaming: "the dream", Judging: "the table's judgement of a guess",
    Recounting: "the narration", JudgingRecount: "the table's judgement of the narration",
    Tiebreak: "the final tie-break", Over: "the end of the game",
}


def _phase_error(state: State, phase_type: type, what: str) -> str | None:
    return phase_error(state.phase, phase_type, what, _PHASE_NAMES)


def _racing_error(state: State) -> str | None:
    phase = state.phase
    assert isinstance(phase, Dreaming)
    if phase.time_up:
        return "2. time is up: only the Dreamer's last guess remains"
    if _at_cap(state, phase):
        return "2. every clue-giver has given its clues for this card: the Dreamer must guess"
    return None


def _give_clue_rule(state: State, action: GiveClue) -> str | None:
    """2. The active player says one word (a breach is a penalty, not an error)."""
    error = _phase_error(state, Dreaming, "a clue")
    if error:
        return error
    assert isinstance(state.phase, Dreaming)
    return seat_error(action.seat, state.phase.active, "the active clue-giver") or (
        _racing_error(state)) or _text_error(action.word, "a clue is one word")


def _text_error(text: object, what: str) -> str | None:
    """Free text must be a string holding something beyond white space."""
    if not isinstance(text, str):
        return f"{what}, text, not {text!r}"
    return None if text.strip() else f"{what}, not empty"


def _rule_breach_rule(state: State, action: RuleBreach) -> str | None:
    """Rules for definitions: the table rules on a breach by a clue-giver who spoke on the
    card in play ("la corrente carta Sogno"), for as long as that card is in play: also
    at the clue cap and after time is up, until the Dreamer guesses or declines."""
    error = _phase_error(state, Dreaming, "a ruling on a breach") or seat_error(
        action.seat, TABLE, "ruling for the whole table")
    if error:
        return error
    assert isinstance(state.phase, Dreaming)
    offender = action.offender
    if type(offender) is not int or not 0 <= offender < state.config.players \
            or offender == state.dreamer:
        return f"seat {offender!r} is not a clue-giver"
    if offender not in state.phase.clued:
        return f"seat {offender} gave no clue on the Dream card in play"
    return None


def _skip_clue_rule(state: State, action: SkipClue) -> str | None:
    """Optional rule: more than 5 seconds, and the next player becomes active."""
    if not state.config.clue_time_limit:
        return "the 5-second rule is not in play (Config.clue_time_limit)"
    return _phase_error(state, Dreaming, "skipping a clue") or seat_error(
        action.seat, TABLE, "ruling for the whole table") or _racing_error(state)


def _guess_rule(state: State, action: Guess) -> str | None:
    """2. The Dreamer may name the dream at any moment of the dream phase."""
    error = _phase_error(state, Dreaming, "a guess") or seat_error(
        action.seat, state.dreamer, "the Dreamer")
    if error:
        return error
    if state.current is None:
        return "2. there is no Dream card in play"
    return _text_error(action.word, "2. a guess names the dream")


def _judge_guess_rule(state: State, action: JudgeGuess) -> str | None:
    """The table judges the guess (``judge="table"``)."""
    return _phase_error(state, Judging, "judging a guess") or seat_error(
        action.seat, TABLE, "ruling for the whole table") or (
        None if type(action.correct) is bool else "correct is true or false")


def _time_up_rule(state: State, action: TimeUp) -> str | None:
    """2. The sand timer runs out (it is stopped at the clue cap)."""
    return _phase_error(state, Dreaming, "time up") or seat_error(
        action.seat, TABLE, "ruling for the whole table") or _racing_error(state)


def _decline_rule(state: State, action: DeclineGuess) -> str | None:
    """2. After the 2 minutes the Dreamer may leave the card in play unnamed."""
    error = _phase_error(state, Dreaming, "declining to guess") or seat_error(
        action.seat, state.dreamer, "the Dreamer")
    if error:
        return error
    assert isinstance(state.phase, Dreaming)
    if not state.phase.time_up:
        return "2. the Dreamer may decline only once time is up"
    return None


def _recount_rule(state: State, action: Recount) -> str | None:
    """3. The Dreamer names the pieces of the dream it remembers."""
    error = _phase_error(state, Recounting, "the narration") or seat_error(
        action.seat, state.dreamer, "the Dreamer")
    if error:
        return error
    words = action.words
    if not isinstance(words, tuple) or not all(isinstance(word, str) for word in words):
        return "the narration is a tuple of words"
    if len(words) > len(state.guesses):
        return (f"3. the narration names at most one piece per guess ({len(state.guesses)}),"
                f" not {len(words)}")
    return None


def _judge_recount_rule(state: State, action: JudgeRecount) -> str | None:
    """3. The table judges the narration (``judge="table"``)."""
    return _phase_error(state, JudgingRecount, "judging the narration") or seat_error(
        action.seat, TABLE, "ruling for the whole table") or (
        None if type(action.bonus) is bool else "bonus is true or false")


def _best_dream_rule(state: State, action: BestDream) -> str | None:
    """End of the game: still tied, the best dream teller wins."""
    error = _phase_error(state, Tiebreak, "naming the best dream") or seat_error(
        action.seat, TABLE, "ruling for the whole table")
    if error:
        return error
    assert isinstance(state.phase, Tiebreak)
    if type(action.winner) is not int or action.winner not in state.phase.tied:
        return f"seat {action.winner!r} is not among the tied"
    return None


def _no_best_dream_rule(state: State, action: NoBestDream) -> str | None:
    """End of the game: the table names nobody; the tied share the win (spec)."""
    return _phase_error(state, Tiebreak, "naming no best dream") or seat_error(
        action.seat, TABLE, "ruling for the whole table")


_RULES: dict[type, Callable[[State, Any], str | None]] = {
    GiveClue: _give_clue_rule, RuleBreach: _rule_breach_rule, SkipClue: _skip_clue_rule,
    Guess: _guess_rule, JudgeGuess: _judge_guess_rule, TimeUp: _time_up_rule,
    DeclineGuess: _decline_rule, Recount: _recount_rule, JudgeRecount: _judge_recount_rule,
    BestDream: _best_dream_rule, NoBestDream: _no_best_dream_rule,
}


# -- legal actions ------------------------------------------------------------------------


_TIME_UP = TimeUp(TABLE)
_SKIP = SkipClue(TABLE)
_JUDGEMENTS = (JudgeGuess(TABLE, True), JudgeGuess(TABLE, False))
_RECOUNT_JUDGEMENTS = (JudgeRecount(TABLE, True), JudgeRecount(TABLE, False))


def legal_actions(state: State, seat: int) -> Iterator[Action]:
    """Every action ``seat`` may take now, in a fixed order. Texts are representative:
    one ``Guess`` / ``GiveClue`` per word of the deck (see :func:`vocabulary`); a
    narration of nothing, and one of every guess made.

    The Dreamer's guesses and a clue-giver's clues, the long listings, are handed out
    as the prebuilt tuple's own iterator rather than one by one."""
    phase = state.phase
    if isinstance(phase, Dreaming) and not phase.time_up:
        if seat == state.dreamer:
            return iter(_prebuilt(state.config)[0][seat])
        if seat == phase.active and not _at_cap(state, phase):
            return iter(_prebuilt(state.config)[1][seat])
    return _listed(state, seat)


def _listed(state: State, seat: int) -> Iterator[Action]:
    """:func:`legal_actions` but for the two prebuilt listings of a running dream, one
    by one."""
    phase = state.phase
    if isinstance(phase, Dreaming):
        if seat == state.dreamer:  # time is up: a last guess, or none
            yield from _prebuilt(state.config)[0][seat]
            yield DeclineGuess(seat)
        elif phase.time_up or _at_cap(state, phase):
            if seat == TABLE:
                yield from _breaches(phase)
        elif seat == TABLE:
            yield _TIME_UP
            yield from _breaches(phase)
            if state.config.clue_time_limit:
                yield _SKIP
    elif isinstance(phase, Recounting):
        if seat == state.dreamer:
            yield Recount(seat, ())
            if state.guesses:
                yield Recount(seat, state.guesses)
    elif seat == TABLE:
        # A table's first listed ruling is the one that raises no objection: the word
        # match's verdict, or no best dreamer named.
        if isinstance(phase, Judging):
            matched = normalize(phase.guess) == normalize(state.word() or "")
            yield from _JUDGEMENTS if matched else _JUDGEMENTS[::-1]
        elif isinstance(phase, JudgingRecount):
            yield from (_RECOUNT_JUDGEMENTS if _names_every_fairy(state, phase.words)
                        else _RECOUNT_JUDGEMENTS[::-1])
        elif isinstance(phase, Tiebreak):
            yield NoBestDream(TABLE)
            for winner in sorted(phase.tied):
                yield BestDream(TABLE, winner)


def _breaches(phase: Dreaming) -> Iterator[RuleBreach]:
    """A ruling per seat that gave a clue on the card in play, in seat order."""
    for offender in sorted(phase.clued):
        yield RuleBreach(TABLE, offender)


def random_action(state: State, seat: int, rng: random.Random) -> Action:
    """A uniformly random legal action of ``seat`` (a guess or clue: a random word of the
    deck, or the word on the card one time in four, so that dreams are found)."""
    return random_guessing(state, seat, rng, _word_in_play)


def _word_in_play(state: State, rng: random.Random) -> str:
    """The word on the card in play (what only the Spirits see)."""
    return state.word() or ""


def random_guessing(state: State, seat: int, rng: random.Random,
                    aimed: Callable[[State, random.Random], str]) -> Action:
    """``random_action``, with the Dreamer's guess one time in four naming
    ``aimed(state, rng)``: the word in play for ``random_action``, which reads what the
    Dreamer cannot see so that random games find dreams; a word drawn from the Dreamer's
    view for the views module's ``honest_random_action``."""
    phase = state.phase
    if isinstance(phase, Dreaming) and state.current is not None:
        guesses, clues = _prebuilt(state.config)
        if seat == state.dreamer and not phase.time_up:
            if rng.random() < 0.25:
                return Guess(seat, aimed(state, rng))
            return guesses[seat][rng.randrange(len(guesses[seat]))]
        if seat == phase.active and seat in to_act(state):
            return clues[seat][rng.randrange(len(clues[seat]))]
    return uniform_choice(legal_actions(state, seat), seat, rng)


RANDOM_ACTION_FROM_VIEW = False
"""``random_action`` reads what the Dreamer cannot see (the word in play): a random seat
plays the views module's ``honest_random_action`` instead."""


# -- the reducer ----------------------------------------------------------------------------


def _apply_give_clue(state: State, action: GiveClue) -> State:
    phase = state.phase
    assert isinstance(phase, Dreaming)
    seat = action.seat
    following = _next_giver(state, seat)
    changes: dict[str, Any] = {"clues": (*state.clues, (seat, action.word))}
    config = state.config
    if clue_breach(action.word, state.word() or "", config.language, config.check_clues):
        return _penalty(state, seat, following, changes)
    turns = replaced(phase.clue_turns, seat, phase.clue_turns[seat] + 1)
    changes["phase"] = Dreaming(following, turns, False, phase.clued | {seat})
    return evolve(state, changes)


def _apply_rule_breach(state: State, action: RuleBreach) -> State:
    phase = state.phase
    assert isinstance(phase, Dreaming) and state.current is not None
    if phase.time_up:  # the 2 minutes are over: the penalty ends the dream, no new card
        offender = action.offender
        penalties = replaced(state.penalties, offender,
                             (*state.penalties[offender], state.current))
        return evolve(state, {"penalties": penalties, "current": None, "phase": Recounting()})
    return _penalty(state, action.offender, phase.active, {})


def _apply_skip_clue(state: State, action: SkipClue) -> State:
    phase = state.phase
    assert isinstance(phase, Dreaming)
    turns = replaced(phase.clue_turns, phase.active, phase.clue_turns[phase.active] + 1)
    return evolve(state, {"phase": Dreaming(_next_giver(state, phase.active), turns, False,
                                            phase.clued)})


def _apply_guess(state: State, action: Guess) -> State:
    phase = state.phase
    assert isinstance(phase, Dreaming)
    changes: dict[str, Any] = {"guesses": (*state.guesses, action.word)}
    if state.config.judge == "table":
        changes["phase"] = Judging(action.word, phase.active, phase.time_up)
        return evolve(state, changes)
    correct = normalize(action.word) == normalize(state.word() or "")
    return _resolve_guess(state, correct, phase.active, phase.time_up, changes)


def _apply_judge_guess(state: State, action: JudgeGuess) -> State:
    phase = state.phase
    assert isinstance(phase, Judging)
    return _resolve_guess(state, action.correct, phase.active, phase.time_up, {})


def _apply_time_up(state: State, action: TimeUp) -> State:
    phase = state.phase
    assert isinstance(phase, Dreaming)
    if state.current is None:
        return evolve(state, {"phase": Recounting()})
    return evolve(state, {"phase": Dreaming(phase.active, phase.clue_turns, True,
                                            phase.clued)})


def _apply_decline(state: State, action: DeclineGuess) -> State:
    assert state.current is not None
    return evolve(state, {"box": (*state.box, state.current), "current": None,
                          "phase": Recounting()})


def _apply_recount(state: State, action: Recount) -> State:
    if state.config.judge == "table":
        return evolve(state, {"phase": JudgingRecount(action.words)})
    return _score_round(state, _names_every_fairy(state, action.words), {})


def _names_every_fairy(state: State, words: tuple[str, ...]) -> bool:
    """3. The narration names every card under the Fairy score card (and there is one)."""
    said = {normalize(word) for word in words}
    dreams = state.config.dreams()
    return bool(state.fairy) and all(
        normalize(dreams[card][0 if side == "top" else 1]) in said for card, side in state.fairy)


def _apply_judge_recount(state: State, action: JudgeRecount) -> State:
    return _score_round(state, action.bonus, {})


def _apply_best_dream(state: State, action: BestDream) -> State:
    return evolve(state, {"phase": Over("best_dream", frozenset((action.winner,)))})


def _apply_no_best_dream(state: State, action: NoBestDream) -> State:
    phase = state.phase
    assert isinstance(phase, Tiebreak)
    return evolve(state, {"phase": Over("shared", phase.tied)})


_KINDS: ActionKinds[State] = ActionKinds("When I Dream", _RULES, {
    GiveClue: _apply_give_clue, RuleBreach: _apply_rule_breach, SkipClue: _apply_skip_clue,
    Guess: _apply_guess, JudgeGuess: _apply_judge_guess, TimeUp: _apply_time_up,
    DeclineGuess: _apply_decline, Recount: _apply_recount,
    JudgeRecount: _apply_judge_recount, BestDream: _apply_best_dream,
    NoBestDream: _apply_no_best_dream,
})
why_illegal = _KINDS.why_illegal
apply = _KINDS.apply
apply_listed = _KINDS.apply_listed


# -- rule-level truths for the exhaustive explorer -----------------------------------------


def _piles_follow_guesses(state: State) -> bool:
    """2. Each guess put the card in play under one score card, in the order of the
    round's guesses: under the Fairy's when the word was found (with the automatic judge:
    the guess is the card's word on the side in use), else under the Boogeyman's. Expert
    variant: the round's first card is on its top word, and each next card (the one in
    play too) on its top word after a right guess and its bottom word after a wrong one.

    The two piles keep their own order but not how they interleave, so every
    interleaving is tried: a walk over (cards of the Fairy pile placed, last guess right)
    pairs, at most two per count, one step per guess.
    """
    phase = state.phase
    if isinstance(phase, (Tiebreak, Over)):
        return True  # the last round's piles are in the box
    # The guess the table is judging is not placed yet.
    placed = state.guesses[:-1] if isinstance(phase, Judging) else state.guesses
    fairy, boogeyman = state.fairy, state.boogeyman
    if len(fairy) + len(boogeyman) != len(placed):
        return False
    config = state.config
    dreams = config.dreams()
    auto, expert = config.judge == "auto", config.side == "expert"

    def fits(entry: tuple[int, Side], guess: str, right: bool, after_right: bool) -> bool:
        card, side = entry
        if expert and side != ("top" if after_right else "bottom"):
            return False
        found = normalize(guess) == normalize(dreams[card][0 if side == "top" else 1])
        return not auto or found == right

    # (Fairy cards placed so far, the last guess was right); before any guess the next
    # card is on its top word, as after a right guess.
    walks = {(0, True)}
    for number, guess in enumerate(placed):
        following: set[tuple[int, bool]] = set()
        for fairies, after_right in walks:
            boogeymen = number - fairies
            if fairies < len(fairy) and fits(fairy[fairies], guess, True, after_right):
                following.add((fairies + 1, True))
            if boogeymen < len(boogeyman) and fits(boogeyman[boogeymen], guess, False,
                                                    after_right):
                following.add((fairies, False))
        walks = following
    ends = {after_right for fairies, after_right in walks if fairies == len(fairy)}
    if not expert or state.current is None:
        return bool(ends)
    return state.side in {"top" if after_right else "bottom" for after_right in ends}


def _clues_on_the_card_in_play(state: State) -> bool:
    """2. The clue turns on the card in play are the round's latest clues (a breaking
    clue ends its card), given clockwise without skipping a clue-giver, the last one by
    the seat before the active clue-giver; each seat gave as many of them as its clue
    turns, and the seats the table may rule against are exactly their authors. Under the
    5-second rule a skipped turn leaves no clue, so only the last holds then."""
    phase = state.phase
    if not isinstance(phase, Dreaming):
        return True
    on_card = sum(phase.clue_turns)
    if state.config.clue_time_limit:
        return phase.clued <= {seat for seat, turns in enumerate(phase.clue_turns) if turns}
    if on_card > len(state.clues):
        return False
    if on_card == 0:
        return not phase.clued
    latest = [seat for seat, _ in state.clues[len(state.clues) - on_card:]]
    if any(_next_giver(state, seat) != following
           for seat, following in zip(latest, [*latest[1:], phase.active], strict=True)):
        return False
    counted = [0] * state.config.players
    for seat in latest:
        counted[seat] += 1
    return tuple(counted) == phase.clue_turns and phase.clued == frozenset(latest)


def _points_follow_rounds(state: State) -> bool:
    """4. Dream points come only from scoring a round: none before the first round is
    scored, exactly the first round's gains while it is the only one scored, and never
    less than the last round's gains after that (points are never taken away; penalty
    cards count against a seat only in its final total)."""
    last = state.last_round
    if last is None:
        return not any(state.points)
    scored = state.round if isinstance(state.phase, (Tiebreak, Over)) else state.round - 1
    if scored == 1:
        return state.points == last.gains
    return all(points >= gain for points, gain in zip(state.points, last.gains, strict=True))


PROPERTIES: tuple[Property[State], ...] = (
    Property("piles_follow_guesses",
             "the Fairy and Boogeyman piles hold the round's guesses in order, one card "
             "each: with the automatic judge a Fairy card's word is the guess that placed "
             "it and a Boogeyman card's is not; in the expert variant the round's first "
             "card is on its top word and each next one, the card in play too, on its top "
             "word after a right guess and its bottom word after a wrong one",
             _piles_follow_guesses),
    Property("clues_on_the_card_in_play",
             "the card in play's clues are the round's latest, one per clue turn, given "
             "clockwise up to the active clue-giver, each seat's as many as its clue "
             "turns, by exactly the seats the table may rule a breach against",
             _clues_on_the_card_in_play),
    Property("points_follow_rounds",
             "no dream points before the first round is scored; the first round's gains "
             "exactly while it is the only one scored; never less than the last round's "
             "gains after that",
             _points_follow_rounds),
)
"""Rule-level truths every reachable state keeps beyond
:func:`~partyrules.games.when_i_dream.integrity.validate`: the
exhaustive explorer (:func:`partyrules.core.verify.explore`) checks them at every state."""


def _dream_time(state: State) -> int | None:
    """The turns the sand timer has run: the clues and guesses of the round so far,
    while time may still be called (the dream runs and the clue cap has not stopped
    time)."""
    if not isinstance(state.phase, Dreaming) or _time_up_rule(state, _TIME_UP) is not None:
        return None
    return len(state.clues) + len(state.guesses)


def _call_time(state: State) -> Action:
    return _TIME_UP


TIMER: Timer[State, Action] | None = Timer(name="the 2-minute sand timer",
                                           elapsed=_dream_time, time_up=_call_time)
"""2. The dream lasts the "clessidra da 2 minuti" turned when the Dreamer falls asleep; a
match of bots given a ``time_limit`` calls time after that many clues and guesses in the
round."""

