"""The rules of Dany goes to Hollywood: setup, legal actions, the reducer, outcome.

Section names in messages follow the rulebook: Setup, 1. getting ready, 2. focuses,
3. creates, 4. think and communicate, 5. the deciding personality, 6. reveals the word,
Next Turn Setup, End of Game, Final Twist, Rules for the active personality, Additional
Rules (Dany's Reason). Where the rulebook is silent, the project's spec decides; the
docs page ``docs/games/dany.md`` lists each such decision. Each action kind has one
``why_illegal`` predicate named after its rule.

>>> from partyrules.games.dany.state import Config
>>> state = setup(Config(players=4), seed=1)
>>> sorted(to_act(state))   # the active personality, and the table that may rule
[-1, 0]
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any, Literal

from partyrules.core.game import TABLE, Outcome, Property, Timer
from partyrules.core.records import replaced, without_every
from partyrules.core.rng import Rng
from partyrules.core.rules import (
    ActionKinds,
    check_setup,
    ended,
    phase_error,
    seat_error,
    uniform_choice,
)
from partyrules.games.dany.actions import (
    Accuse,
    Action,
    ConfirmReveal,
    Decide,
    Done,
    ExplanationFailed,
    Invalidate,
    Keep,
)
from partyrules.games.dany.cards import CHOICES, DANY, HAND, REASON
from partyrules.games.dany.state import (
    SUCCESSES_TO_WIN,
    Accusation,
    Composing,
    Config,
    Discussing,
    FinalTwist,
    Over,
    Revealing,
    State,
    TwistTrigger,
    evolve,
)

__all__ = [
    "PROPERTIES",
    "RANDOM_ACTION_FROM_VIEW",
    "SUCCESSES_TO_WIN",
    "TIMER",
    "apply",
    "apply_listed",
    "end_of_game_trigger",
    "is_simultaneous",
    "is_terminal",
    "legal_actions",
    "max_decisions",
    "outcome",
    "random_action",
    "setup",
    "sides",
    "to_act",
    "why_illegal",
]

Result = Literal["success", "failure", "void"]


@lru_cache(maxsize=64)
def _prebuilt(config: Config) -> tuple[tuple[tuple[Keep, ...], ...],
                                       tuple[tuple[Decide, ...], ...]]:
    """Per config, built once: every Keep and Decide action of every seat."""
    memory, _ = config.deck_sizes()
    seats = range(config.players)
    keeps = tuple(tuple(Keep(seat, card) for card in range(memory)) for seat in seats)
    decides = tuple(tuple(Decide(seat, word) for word in CHOICES) for seat in seats)
    return keeps, decides


# -- setup and turn structure -----------------------------------------------------------


def setup(config: Config, seed: int) -> State:
    """Setup: deal the personalities, shuffle the Memory and Idea decks, and get the
    first active personality ready."""
    check_setup(config, Config, seed, "dany")
    memory_count, idea_count = config.deck_sizes()
    rng = Rng.from_seed(seed)
    personalities, rng = rng.shuffle(config.personalities())
    memory, rng = rng.shuffle(range(memory_count))
    ideas, rng = rng.shuffle(range(len(config.words())))  # a random subset of idea_cards
    return State(
        config=config, personalities=personalities, revealed=frozenset(), box=(),
        successes=(), failures=(), voided=(), active=config.first_active,
        **_ready(rng, ideas[:idea_count], memory),
    )


def _ready(rng: Rng, ideas: tuple[int, ...], memory: tuple[int, ...]) -> dict[str, Any]:
    """1. Flip the top Idea card, shuffle the Choice cards and look at the first, draw
    7 Memory cards."""
    choices, rng = rng.shuffle(CHOICES)
    return {"idea": ideas[0], "ideas": ideas[1:], "memory": memory[HAND:], "rng": rng,
            "phase": Composing(memory[:HAND], (), choices[0])}


def _get_ready(state: State, active: int, turn: int, changes: dict[str, Any]) -> State:
    changes.update(_ready(changes.get("rng", state.rng), changes.get("ideas", state.ideas),
                          changes.get("memory", state.memory)), active=active, turn=turn)
    return evolve(state, changes)


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


def _end_turn(state: State, result: Result, kept: tuple[int, ...],
              memory: tuple[int, ...]) -> State:
    """6. Score the turn; Next Turn Setup: the used Memory cards go to the box, the pile
    is shuffled, the active personality becomes deciding and the seat on its left
    becomes active; then the End of Game checks, in the spec's order."""
    config = state.config
    changes: dict[str, Any] = {"idea": None, "box": state.box + kept}
    idea = (state.idea,) if state.idea is not None else ()
    if result == "success":
        changes["successes"] = state.successes + idea
    elif result == "failure":
        changes["failures"] = state.failures + idea
    else:
        changes["voided"] = state.voided + idea
    shuffled, rng = state.rng.shuffle(memory)
    changes.update(memory=shuffled, rng=rng)
    successes = changes.get("successes", state.successes)
    failures = changes.get("failures", state.failures)
    if len(successes) >= SUCCESSES_TO_WIN:
        return _game_over(state, Over("six_successes", sides(state.personalities)[1]),
                          changes)
    trigger = end_of_game_trigger(config, len(failures), len(shuffled), len(state.ideas))
    following = (state.active + 1) % config.players
    if trigger:
        changes.update(active=following, twist_trigger=trigger,
                       phase=_twist(frozenset(range(config.players)), config.players, False))
        return evolve(state, changes)
    return _get_ready(state, following, state.turn + 1, changes)


def _twist(candidates: frozenset[int], players: int, revote: bool) -> FinalTwist:
    return FinalTwist(candidates, revote, (None,) * players)


def _game_over(state: State, over: Over, changes: dict[str, Any]) -> State:
    # At the end every personality card is turned face up.
    changes.update(phase=over, revealed=frozenset(range(state.config.players)))
    return evolve(state, changes)


# -- who acts ---------------------------------------------------------------------------


def to_act(state: State) -> frozenset[int]:
    """Composing: the active seat and the table; discussing: the deciding seat and the
    table; the reveal: the table; the Final Twist: every seat that has not voted."""
    phase = state.phase
    if isinstance(phase, Composing):
        return frozenset((state.active, TABLE))
    if isinstance(phase, Discussing):
        return frozenset((state.deciding, TABLE))
    if isinstance(phase, Revealing):
        return frozenset((TABLE,))
    if isinstance(phase, FinalTwist):
        return frozenset(seat for seat, target in enumerate(phase.ballots) if target is None)
    return frozenset()


def is_simultaneous(state: State) -> bool:
    """True in the Final Twist: everyone points at once. The table's rulings race the
    active and deciding personalities (not simultaneous)."""
    return isinstance(state.phase, FinalTwist)


def is_terminal(state: State) -> bool:
    """True once the game is over."""
    return isinstance(state.phase, Over)


def max_decisions(config: Config) -> int:
    """The most decisions one game of ``config`` can take (a joint action of the Final
    Twist counts one): ``3 * idea_cards + min(memory_cards, 7 * idea_cards) + 2``, 92 for
    the default config at any player count.

    Every turn plays one Idea card (a success, a failure or a void), so there are at most
    ``idea_cards`` turns: the Idea deck runs out after the last. A turn is at most its
    ``Keep`` s, ``Done``, ``Decide`` and the table's ruling on the reveal (an
    ``Invalidate`` cuts it shorter): 3 decisions and one per card laid out. The cards
    laid out go to the box and never come back, so all turns together lay out at most
    ``memory_cards`` cards (and at most 7 a turn). The Final Twist is one vote and at
    most one re-vote: a second tie ends the game. Voided turns count toward nothing, so
    the bound is reached: every turn lays out cards until the last 7 are laid out, and
    every correct answer but five is voided (``ExplanationFailed``). Played one seat at a
    time, the two votes take at most ``2 * players`` decisions instead of 2.
    """
    memory, ideas = config.deck_sizes()
    return 3 * ideas + min(memory, HAND * ideas) + 2


def outcome(state: State) -> Outcome:
    """The winning seats and the rule that ended the game; Dany keeps no score."""
    over = ended(state.phase, Over)
    return Outcome(over.winners, None, over.reason)


# -- the rules, one predicate per action kind --------------------------------------------


_PHASE_NAMES = {
    Composing: "the active personality's creation",
    Discussing: "the discussion",
    Revealing: "the reveal",
    FinalTwist: "the Final Twist",
    Over: "the end of the game",
}


def _phase_error(state: State, phases: tuple[type, ...], what: str) -> str | None:
    return phase_error(state.phase, phases, what, _PHASE_NAMES)


def _keep_rule(state: State, action: Keep) -> str | None:
    """2. The active personality uses any of the 7 Memory cards it drew."""
    error = _phase_error(state, (Composing,), "laying out a card") or seat_error(
        action.seat, state.active, "the active personality")
    if error:
        return error
    assert isinstance(state.phase, Composing)
    if type(action.card) is not int or action.card not in state.phase.hand:
        return f"2. card {action.card!r} is not in the active personality's hand"
    return None


def _done_rule(state: State, action: Done) -> str | None:
    """3. The creation is sent: 0 to 7 cards."""
    error = _phase_error(state, (Composing,), "finishing the creation") or seat_error(
        action.seat, state.active, "the active personality")
    if error:
        return error
    if not isinstance(action.layout, str):
        return f"the layout is text, not {action.layout!r}"
    return None


def _invalidate_rule(state: State, action: Invalidate) -> str | None:
    """4. Any communication or help from the active personality invalidates the turn;
    the table rules so before the deciding personality's answer."""
    return _phase_error(state, (Composing, Discussing), "invalidating the turn") or (
        seat_error(action.seat, TABLE, "ruling for the whole table"))


def _decide_rule(state: State, action: Decide) -> str | None:
    """5. The seat on the active personality's right announces the word; it is final."""
    error = _phase_error(state, (Discussing,), "the final answer") or seat_error(
        action.seat, state.deciding, "the deciding personality")
    if error:
        return error
    if type(action.word) is not int or action.word not in CHOICES:
        return f"5. the answer is the number of a word, 1 to 5, not {action.word!r}"
    return None


def _confirm_rule(state: State, action: ConfirmReveal) -> str | None:
    """6. The reveal is confirmed and the turn scored."""
    return _phase_error(state, (Revealing,), "confirming the reveal") or seat_error(
        action.seat, TABLE, "ruling for the whole table")


def _explanation_rule(state: State, action: ExplanationFailed) -> str | None:
    """Rules for the active personality: it must explain its creation if asked."""
    return _phase_error(state, (Revealing,), "ruling on the explanation") or seat_error(
        action.seat, TABLE, "ruling for the whole table")


def _accuse_rule(state: State, action: Accuse) -> str | None:
    """Final Twist: everyone points at the one they think is Dany (not at themselves;
    in a re-vote, only at the tied personalities)."""
    error = _phase_error(state, (FinalTwist,), "pointing at Dany")
    if error:
        return error
    phase = state.phase
    assert isinstance(phase, FinalTwist)
    seat, target = action.seat, action.target
    if type(seat) is not int or not 0 <= seat < len(phase.ballots):
        return f"there is no seat {seat!r}"
    if phase.ballots[seat] is not None:
        return f"seat {seat} has already pointed"
    if type(target) is not int or target not in phase.candidates:
        tied = " (only the tied personalities, in a re-vote)" if phase.revote else ""
        return f"Final Twist: seat {target!r} cannot be pointed at{tied}"
    if target == seat:
        return "Final Twist: nobody points at themselves"
    return None


_RULES: dict[type, Callable[[State, Any], str | None]] = {
    Keep: _keep_rule,
    Done: _done_rule,
    Invalidate: _invalidate_rule,
    Decide: _decide_rule,
    ConfirmReveal: _confirm_rule,
    ExplanationFailed: _explanation_rule,
    Accuse: _accuse_rule,
}


# -- legal actions ------------------------------------------------------------------------


_INVALIDATE = Invalidate(TABLE)
_TABLE_REVEAL = (ConfirmReveal(TABLE), ExplanationFailed(TABLE))


def legal_actions(state: State, seat: int) -> Iterator[Action]:
    """Every action ``seat`` may take now, in a fixed order."""
    phase = state.phase
    if isinstance(phase, Composing):
        if seat == state.active:
            row = _prebuilt(state.config)[0][seat]
            for card in phase.hand:
                yield row[card]
            yield Done(seat, "")
        elif seat == TABLE:
            yield _INVALIDATE
    elif isinstance(phase, Discussing):
        if seat == state.deciding:
            yield from _prebuilt(state.config)[1][seat]
        elif seat == TABLE:
            yield _INVALIDATE
    elif isinstance(phase, Revealing):
        if seat == TABLE:
            yield from _TABLE_REVEAL
    elif isinstance(phase, FinalTwist) and type(seat) is int \
            and 0 <= seat < len(phase.ballots) and phase.ballots[seat] is None:
        for target in sorted(phase.candidates):
            if target != seat:
                yield Accuse(seat, target)


def random_action(state: State, seat: int, rng: random.Random) -> Action:
    """A uniformly random legal action of ``seat``."""
    return uniform_choice(legal_actions(state, seat), seat, rng)


RANDOM_ACTION_FROM_VIEW = True
"""``random_action`` reads only what the acting seat's view shows (the test kit's
``check_honest_draw`` checks it): a random seat draws it on the real state, no redeal."""


# -- the reducer ----------------------------------------------------------------------------


def _apply_keep(state: State, action: Keep) -> State:
    phase = state.phase
    assert isinstance(phase, Composing)
    hand = without_every(phase.hand, action.card)
    return evolve(state, {"phase": Composing(hand, (*phase.kept, action.card), phase.choice)})


def _apply_done(state: State, action: Done) -> State:
    phase = state.phase
    assert isinstance(phase, Composing)
    return evolve(state, {  # 2. the unused cards go back on top of the Memory pile
        "memory": phase.hand + state.memory,
        "phase": Discussing(phase.kept, action.layout, phase.choice),
    })


def _apply_invalidate(state: State, action: Invalidate) -> State:
    phase = state.phase
    assert isinstance(phase, (Composing, Discussing))
    unused = phase.hand if isinstance(phase, Composing) else ()
    return _end_turn(state, "void", phase.kept, unused + state.memory)


def _apply_decide(state: State, action: Decide) -> State:
    phase = state.phase
    assert isinstance(phase, Discussing)
    return evolve(state, {"phase": Revealing(phase.kept, phase.layout, phase.choice,
                                             action.word)})


def _apply_confirm(state: State, action: ConfirmReveal) -> State:
    phase = state.phase
    assert isinstance(phase, Revealing)
    result: Result = "success" if phase.word == phase.choice else "failure"
    return _end_turn(state, result, phase.kept, state.memory)


def _apply_explanation_failed(state: State, action: ExplanationFailed) -> State:
    phase = state.phase
    assert isinstance(phase, Revealing)
    result: Result = "void" if phase.word == phase.choice else "failure"
    return _end_turn(state, result, phase.kept, state.memory)


def _apply_accuse(state: State, action: Accuse) -> State:
    phase = state.phase
    assert isinstance(phase, FinalTwist)
    ballots = replaced(phase.ballots, action.seat, action.target)
    if any(target is None for target in ballots):
        return evolve(state, {"phase": FinalTwist(phase.candidates, phase.revote, ballots)})
    return _count_accusations(state, phase, tuple(t for t in ballots if t is not None))


def _count_accusations(state: State, phase: FinalTwist, ballots: tuple[int, ...]) -> State:
    """Final Twist: the majority (the most votes) designates a personality; a tie is
    settled by the base game's or Dany's Reason's procedure."""
    counts = Counter(ballots)
    most = max(counts.values())
    tied = frozenset(seat for seat, votes in counts.items() if votes == most)
    personalities = state.personalities
    dany = personalities.index(DANY)
    dany_side, secondaries = sides(personalities)
    changes: dict[str, Any] = {"last_accusation": Accusation(ballots, tied)}
    if len(tied) == 1:
        if dany in tied:
            return _game_over(state, Over("dany_designated", secondaries), changes)
        return _game_over(state, Over("not_dany_designated", dany_side), changes)
    if phase.revote:
        return _game_over(state, Over("second_tie", dany_side), changes)
    if state.config.danys_reason:
        # "Is Dany not in the tied personalities?" Nobody reveals a card.
        if dany not in tied:
            return _game_over(state, Over("dany_not_in_tie", dany_side), changes)
    else:
        # The tied keep their cards face down; everyone else reveals theirs.
        revealed = state.revealed | (frozenset(range(len(personalities))) - tied)
        changes["revealed"] = revealed
        if dany in revealed:
            return _game_over(state, Over("dany_revealed_in_tie", dany_side), changes)
    changes["phase"] = _twist(tied, len(personalities), True)
    return evolve(state, changes)


_KINDS: ActionKinds[State] = ActionKinds("Dany goes to Hollywood", _RULES, {
    Keep: _apply_keep,
    Done: _apply_done,
    Invalidate: _apply_invalidate,
    Decide: _apply_decide,
    ConfirmReveal: _apply_confirm,
    ExplanationFailed: _apply_explanation_failed,
    Accuse: _apply_accuse,
})
why_illegal = _KINDS.why_illegal
apply = _KINDS.apply
apply_listed = _KINDS.apply_listed


# -- rule-level truths for the exhaustive explorer ------------------------------------------


def _active_passes_left(state: State) -> bool:
    """Next Turn Setup: the seat on the active personality's left becomes active, once
    a turn, so while turn ``t`` is played the active personality is seat
    ``first_active + t - 1`` (mod players)."""
    if not isinstance(state.phase, (Composing, Discussing, Revealing)):
        return True
    config = state.config
    return state.active == (config.first_active + state.turn - 1) % config.players


def _box_holds_only_creations(state: State) -> bool:
    """Next Turn Setup: only the Memory cards of finished creations go to the box, at
    most 7 a turn (2. "any number from 0 to 7"), so the box never holds more than 7 per
    Idea card played."""
    played = len(state.successes) + len(state.failures) + len(state.voided)
    return len(state.box) <= HAND * played


def _every_turn_draws_a_full_hand(state: State) -> bool:
    """End of Game: fewer than 7 Memory cards in the pile starts the Final Twist, so a
    turn is only played when 7 could be drawn: while it lasts, at least 7 Memory cards
    are out of the box (in the pile, the hand or the creation)."""
    if not isinstance(state.phase, (Composing, Discussing, Revealing)):
        return True
    return state.config.memory_cards - len(state.box) >= HAND


PROPERTIES: tuple[Property[State], ...] = (
    Property("active_passes_left",
             "while turn t is played, the active personality is seat first_active + t - 1 "
             "(mod players): the role passes one seat to the left each turn, none "
             "skipped or repeated, and the deciding personality follows on its right",
             _active_passes_left),
    Property("box_holds_only_creations",
             "the box holds only the Memory cards laid out in the turns already played, "
             "at most 7 a turn: never more than 7 per Idea card scored, voided or failed",
             _box_holds_only_creations),
    Property("every_turn_draws_a_full_hand",
             "while a turn is played, at least 7 Memory cards are out of the box: the "
             "End of Game check starts the Final Twist before the pile falls below a "
             "full hand",
             _every_turn_draws_a_full_hand),
)
"""Rule-level truths every reachable state keeps beyond
:func:`~partyrules.games.dany.integrity.validate`: the
exhaustive explorer (:func:`partyrules.core.verify.explore`) checks them at every state."""


TIMER: Timer[State, Action] | None = None
"""No rule of the game is timed."""
