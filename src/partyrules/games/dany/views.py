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
from partyrules.core.i18n import DEFAULT_LANGUAGE, N_, Catalogue, seat_name
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
from partyrules.games.dany.cards import (
    CHOICES,
    DANY,
    MEMORY_IMAGES,
    memory_image,
    personality_name,
)
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

__all__ = [
    "CATALOGUE",
    "PRESENTATION",
    "describe_action",
    "determinize",
    "honest_random_action",
    "memory_name",
    "render_view",
    "view",
]


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


honest_random_action = None
"""None: ``random_action`` draws from the seat's view already (the rules module's
``RANDOM_ACTION_FROM_VIEW``)."""


# -- narration --------------------------------------------------------------------------


CATALOGUE = Catalogue("partyrules.games.dany")
"""The game's messages: the narration, the presentation's sentences and the board's."""
_ = CATALOGUE.gettext


def memory_name(card: int, language: str = DEFAULT_LANGUAGE) -> str:
    """What Memory card ``card`` shows, in ``language`` (:data:`MEMORY_IMAGES`).

    >>> memory_name(7), memory_name(7, "it"), memory_name(67)
    ('A paper boat', 'Una barca di carta', 'A paper boat (copy 2)')
    """
    image, copy = memory_image(card)
    if copy == 1:
        return _(language, image)
    return _(language, "{image} (copy {copy})").format(image=_(language, image), copy=copy)


def describe_action(state: State, action: Action, viewer: int | None = None,
                    language: str = DEFAULT_LANGUAGE) -> str:
    """One line saying what ``action`` does, as ``viewer`` may know it, in ``language``:
    the cards of a creation in progress (named by their pictures) only to the active
    seat, the Choice card only at the reveal, a Final Twist ballot only to its seat until
    the last one is in (the count that follows is shown by the views, since who wins
    depends on the face-down cards)."""
    who = _(language, "The table") if action.seat == TABLE else seat_name(language, action.seat)
    match action:
        case Keep(card=card):
            if viewer == state.active and type(card) is int and card >= 0:
                return _(language, "{who} lays the Memory card \u201c{card}\u201d into the "
                                   "creation").format(who=who, card=memory_name(card, language))
            return _(language, "{who} lays a Memory card into the creation").format(who=who)
        case Done():
            return _(language, "{who} steps back from the creation").format(who=who)
        case Invalidate():
            return _(language,
                     "The table rules that the active personality helped: the turn is void")
        case Decide(word=word):
            title = _title(state, word)
            if title is None:
                return _(language, "{who} decides on word {word}").format(who=who, word=word)
            return _(language, "{who} decides on word {word} (\u201c{title}\u201d)").format(
                who=who, word=word, title=title)
        case ConfirmReveal():
            return (_(language, "The table confirms the reveal") + _reveal(state, language)
                    + _score(state, action, language))
        case ExplanationFailed():
            return (_(language, "The active personality cannot explain the creation")
                    + _reveal(state, language) + _score(state, action, language))
        case Accuse(target=target):
            if viewer != action.seat and not _counted(state, action):
                return _(language, "{who} points at someone, in secret").format(who=who)
            if _counted(state, action):
                return _(language, "{who} points at seat {target}: every seat has pointed, "
                                   "the ballots are counted").format(who=who, target=target)
            return _(language, "{who} points at seat {target}").format(who=who, target=target)
    return f"{who}: {action!r}"


def _title(state: State, word: int) -> str | None:
    """The film title (or word) numbered ``word`` on the Idea card face up, as printed."""
    if state.idea is None or type(word) is not int or word not in CHOICES:
        return None
    return state.config.words()[state.idea][word - 1]


def _reveal(state: State, language: str) -> str:
    # Only once the answer is given is the Choice card public (6. the reveal).
    phase = state.phase
    if not isinstance(phase, Revealing):
        return ""
    title = _title(state, phase.choice)
    if title is None:
        return _(language, " (the Choice card is {choice})").format(choice=phase.choice)
    return _(language, " (the Choice card is {choice} (\u201c{title}\u201d))").format(
        choice=phase.choice, title=title)


def _score(state: State, action: ConfirmReveal | ExplanationFailed, language: str) -> str:
    after = apply(state, action) if isinstance(state.phase, Revealing) else state
    if len(after.successes) > len(state.successes):
        return _(language, ": a success")
    if len(after.failures) > len(state.failures):
        return _(language, ": a failure")
    return _(language, ": the turn scores nothing")


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
        shown = ", ".join(map(memory_name, view.kept)) or f"{view.kept_size} face-down cards"
        lines.append(f"Creation: {shown}" + (f" ({view.layout})" if view.layout else ""))
    if view.hand:
        lines.append(f"Your Memory cards: {', '.join(map(memory_name, view.hand))}")
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
    catalogue=CATALOGUE,
    how_to_play=(
        N_("You are personalities living in Dany's head. Your Personality card is secret: "
           "one of you is Dany, who wants the others to fail without being found out (with "
           "Dany's Reason, Dany has a secret ally)."),
        N_("Each turn the active personality turns up an Idea card of five film titles and "
           "secretly looks at a Choice card: the number of the title to make the others "
           "guess. Without a word, it lays out some of its 7 Memory cards, in the order and "
           "the way it likes, then steps back."),
        N_("The others talk it over. The deciding personality, on the active one's right, "
           "gives the final answer: a right answer is a success, a wrong one a failure. "
           "Then the role passes to the left."),
        N_("Six successes and the secondary personalities win. Three failures (four with "
           "Dany's Reason), or fewer than 7 Memory cards left, start the Final Twist: "
           "everyone points at the one they think is Dany. Unmask Dany and the secondary "
           "personalities win; point at anyone else and Dany wins."),
        N_("The host acts for the whole table: it voids a turn in which the active "
           "personality spoke or helped, and confirms each reveal, or rules that the "
           "creation could not be explained when someone asked."),
    ),
    reasons={
        "six_successes": N_("Six right answers: the secondary personalities win and live "
                            "in peace in Dany's head."),
        "dany_designated": N_("The table pointed at Dany: the secondary personalities "
                              "win."),
        "not_dany_designated": N_("The table pointed at someone who is not Dany: Dany wins "
                                  "(with Dany's Reason, when it is in play)."),
        "dany_revealed_in_tie": N_("The vote was a tie and Dany was among the cards "
                                   "turned up: Dany wins."),
        "dany_not_in_tie": N_("The vote was a tie and Dany was not among the tied: Dany "
                              "is revealed and wins with Dany's Reason."),
        "second_tie": N_("The new vote was a tie again: Dany wins (with Dany's Reason, "
                         "when it is in play)."),
    },
    action_names={
        "Keep": N_("Lay a Memory card"),
        "Done": N_("Send the creation"),
        "Invalidate": N_("Void the turn: the active personality helped"),
        "Decide": N_("Give the final answer"),
        "ConfirmReveal": N_("Confirm the reveal"),
        "ExplanationFailed": N_("The creation could not be explained"),
        "Accuse": N_("Point at Dany"),
    },
    prompts={
        "Done.layout": N_("How your cards lie on the table, in a few words (you may leave "
                          "it empty). The rulebook: \u201cYou can place the cards you chose "
                          "to keep on the table as you see fit: apart, stacked, one over "
                          "the other in order to hide some parts\u2026 Be creative.\u201d"),
    },
    options={
        "players": N_("Number of players: 3 to 8, or up to 9 with Dany's Reason"),
        "danys_reason": N_("Play with Dany's Reason: Dany has a secret ally (advised for 4 "
                           "players or more)"),
        "first_active": N_("The seat of the first active personality (the person who "
                           "talks to themselves most often)"),
        "memory_cards": N_("How many Memory cards to play with: 30 in the box, or 35, 40 "
                           "or more if they run out too fast"),
        "idea_words": N_("Your own Idea cards, five words each, instead of the film "
                         "titles"),
        "idea_cards": N_("How many Idea cards to shuffle into the deck (empty: all of "
                         "them)"),
    },
    words={"memory": MEMORY_IMAGES},
    board="web/board.js",
    board_style="web/board.css",
)
"""What the game says and shows to people: its catalogue, its web board, its sentences."""
