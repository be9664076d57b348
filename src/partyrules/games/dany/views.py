"""What each seat may know in Dany, determinization for search, and narration.

A seat sees its own personality and every card turned face up; the Idea card and its
words; the success and failure piles; the counts of the Memory pile, the box and the
Idea deck; the creation once laid out. Only the active seat sees its Memory hand, the
creation while it is being laid out, and the Choice card until the reveal. Final Twist
ballots stay hidden until all are in.
"""

from __future__ import annotations

import random

from partyrules.core.game import TABLE, Presentation
from partyrules.core.i18n import DEFAULT_LANGUAGE, Catalogue
from partyrules.core.rng import Rng
from partyrules.core.rules import check_seat
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
from partyrules.games.dany.cards import CHOICES, DANY, personality_name
from partyrules.games.dany.rules import apply, to_act
from partyrules.games.dany.state import (
    Composing,
    Discussing,
    FinalTwist,
    Over,
    Revealing,
    State,
    View,
)

__all__ = ["PRESENTATION", "describe_action", "determinize", "render_view", "view"]


def view(state: State, seat: int | None) -> View:
    """What ``seat`` may know (None: a spectator, who holds no personality)."""
    check_seat(state.config.players, seat, spectator=True)
    phase = state.phase
    mine = seat is not None and seat == state.active
    hand: tuple[int, ...] = ()
    kept: tuple[int, ...] = ()
    hand_size = kept_size = 0
    layout = ""
    choice = word = ballot = None
    candidates: frozenset[int] = frozenset()
    voted: frozenset[int] = frozenset()
    if isinstance(phase, Composing):
        hand_size, kept_size = len(phase.hand), len(phase.kept)
        if mine:
            hand, kept, choice = phase.hand, phase.kept, phase.choice
    elif isinstance(phase, (Discussing, Revealing)):
        kept, kept_size, layout = phase.kept, len(phase.kept), phase.layout
        if mine or isinstance(phase, Revealing):
            choice = phase.choice
        if isinstance(phase, Revealing):
            word = phase.word
    elif isinstance(phase, FinalTwist):
        candidates = phase.candidates
        voted = frozenset(s for s, target in enumerate(phase.ballots) if target is not None)
        if seat is not None:
            ballot = phase.ballots[seat]
    words = state.config.words()
    return View(
        seat=seat,
        config=state.config,
        to_act=to_act(state),
        personality=None if seat is None else state.personalities[seat],
        revealed=tuple((s, state.personalities[s]) for s in sorted(state.revealed)),
        memory_size=len(state.memory),
        box_size=len(state.box),
        ideas_size=len(state.ideas),
        idea=state.idea,
        idea_words=() if state.idea is None else words[state.idea],
        successes=state.successes,
        failures=state.failures,
        voided=state.voided,
        active=state.active,
        deciding=state.deciding,
        hand=hand,
        hand_size=hand_size,
        kept=kept,
        kept_size=kept_size,
        layout=layout,
        choice=choice,
        word=word,
        candidates=candidates,
        ballot=ballot,
        voted=voted,
        last_accusation=state.last_accusation,
        over=phase if isinstance(phase, Over) else None,
        turn=state.turn,
    )


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A full state ``seat`` cannot tell from ``state``: the face-down personalities of
    the others re-dealt among them; the Memory cards it cannot see (pile, box, and the
    active hand and creation in progress when it is not active) re-dealt among those
    places; the Idea deck reshuffled; a hidden Choice card drawn again; the ballots of
    the others in a Final Twist cast again; a new rng."""
    check_seat(state.config.players, seat, spectator=False)
    hidden_seats = [s for s in range(state.config.players)
                    if s != seat and s not in state.revealed]
    dealt = [state.personalities[s] for s in hidden_seats]
    rng.shuffle(dealt)
    phase = state.phase
    if isinstance(phase, FinalTwist) and phase.revote and DANY in dealt:
        # Everyone knows Dany sits among the tied of a re-vote (the base game revealed
        # everyone else; with Dany's Reason, nobody said Dany was outside the tie).
        tied = [i for i, s in enumerate(hidden_seats) if s in phase.candidates]
        here = dealt.index(DANY)
        if here not in tied:
            there = rng.choice(tied)
            dealt[here], dealt[there] = dealt[there], dealt[here]
    personalities = list(state.personalities)
    for s, card in zip(hidden_seats, dealt, strict=True):
        personalities[s] = card
    if isinstance(phase, FinalTwist):
        # The others' ballots are secret until the count: only that they voted shows.
        phase = FinalTwist(phase.candidates, phase.revote, tuple(
            target if target is None or s == seat
            else rng.choice(sorted(phase.candidates - {s}))
            for s, target in enumerate(phase.ballots)))

    secret_creation = isinstance(phase, Composing) and seat != state.active
    hidden = [*state.memory, *state.box]
    if secret_creation:
        assert isinstance(phase, Composing)
        hidden += [*phase.hand, *phase.kept]
    rng.shuffle(hidden)
    memory = tuple(hidden[:len(state.memory)])
    box = tuple(hidden[len(state.memory):len(state.memory) + len(state.box)])
    ideas = list(state.ideas)
    rng.shuffle(ideas)
    if isinstance(phase, Composing) and secret_creation:
        rest = hidden[len(state.memory) + len(state.box):]
        phase = Composing(tuple(rest[:len(phase.hand)]), tuple(rest[len(phase.hand):]),
                          rng.choice(CHOICES))
    elif isinstance(phase, Discussing) and seat != state.active:
        phase = Discussing(phase.kept, phase.layout, rng.choice(CHOICES))
    return State(
        state.config, Rng.from_seed(rng.getrandbits(64)), tuple(personalities),
        state.revealed, memory, box, tuple(ideas), state.idea, state.successes,
        state.failures, state.voided, state.active, phase, state.turn, state.twist_trigger,
        state.last_accusation,
    )


# -- narration --------------------------------------------------------------------------


def describe_action(state: State, action: Action, viewer: int | None = None,
                    language: str = DEFAULT_LANGUAGE) -> str:
    """One line saying what ``action`` does, as ``viewer`` may know it: the cards of a
    creation in progress only to the active seat, the Choice card only at the reveal, a
    Final Twist ballot only to its seat until the last one is in (the count that follows
    is shown by the views, since who wins depends on the face-down cards)."""
    who = "The table" if action.seat == TABLE else f"Seat {action.seat}"
    match action:
        case Keep(card=card):
            shown = f"Memory card {card}" if viewer == state.active else "a Memory card"
            return f"{who} lays {shown} into the creation"
        case Done():
            return f"{who} steps back from the creation"
        case Invalidate():
            return "The table rules that the active personality helped: the turn is void"
        case Decide(word=word):
            return f"{who} decides on word {word}{_word(state, word)}"
        case ConfirmReveal():
            return "The table confirms the reveal" + _reveal(state) + _score(state, action)
        case ExplanationFailed():
            return ("The active personality cannot explain the creation" + _reveal(state)
                    + _score(state, action))
        case Accuse(target=target):
            if viewer != action.seat and not _counted(state, action):
                return f"{who} points at someone, in secret"
            return f"{who} points at seat {target}" + (
                ": every seat has pointed, the ballots are counted"
                if _counted(state, action) else "")
    return f"{who}: {action!r}"


def _word(state: State, word: int) -> str:
    if state.idea is None or type(word) is not int or word not in CHOICES:
        return ""
    return f" (\u201c{state.config.words()[state.idea][word - 1]}\u201d)"


def _reveal(state: State) -> str:
    # Only once the answer is given is the Choice card public (6. the reveal).
    phase = state.phase
    if not isinstance(phase, Revealing):
        return ""
    return f" (the Choice card is {phase.choice}{_word(state, phase.choice)})"


def _score(state: State, action: ConfirmReveal | ExplanationFailed) -> str:
    after = apply(state, action) if isinstance(state.phase, Revealing) else state
    if len(after.successes) > len(state.successes):
        return ": a success"
    if len(after.failures) > len(state.failures):
        return ": a failure"
    return ": the turn scores nothing"


def _counted(state: State, action: Accuse) -> bool:
    """True when ``action`` is the last ballot of a vote: the count follows at once."""
    return isinstance(state.phase, FinalTwist) and to_act(state) == {action.seat}


def render_view(view: View) -> str:
    """A terminal rendering of a view."""
    lines = [
        f"Turn {view.turn}: active seat {view.active}, deciding seat {view.deciding}; "
        f"successes {len(view.successes)}, failures {len(view.failures)}",
        f"Memory pile {view.memory_size}, box {view.box_size}, Idea deck {view.ideas_size}",
    ]
    if view.idea_words:
        lines.append("Idea card: " + "  ".join(
            f"{number}. {word}" for number, word in enumerate(view.idea_words, 1)))
    if view.revealed:
        lines.append("Revealed: " + ", ".join(
            f"seat {s} is {personality_name(p)}" for s, p in view.revealed))
    if view.kept or view.kept_size:
        shown = ", ".join(map(str, view.kept)) or f"{view.kept_size} face-down cards"
        lines.append(f"Creation: {shown}" + (f" ({view.layout})" if view.layout else ""))
    if view.hand:
        lines.append(f"Your Memory cards: {', '.join(map(str, view.hand))}")
    if view.choice is not None:
        lines.append(f"Choice card: {view.choice}")
    if view.word is not None:
        lines.append(f"Answer: word {view.word}")
    if view.candidates:
        lines.append(f"Final Twist: point at one of seats {sorted(view.candidates)}; "
                     f"voted: {sorted(view.voted)}")
    if view.over is not None:
        lines.append(f"Game over ({view.over.reason}): winners {sorted(view.over.winners)}")
    if view.personality is not None:
        lines.append(f"You (seat {view.seat}) are {personality_name(view.personality)}")
    return "\n".join(lines)


PRESENTATION = Presentation(
    catalogue=Catalogue("partyrules.games.dany"),
    how_to_play=(),
    reasons={},
    board=None,
)
"""What the game says and shows to people: its catalogue, its web board, its sentences."""
