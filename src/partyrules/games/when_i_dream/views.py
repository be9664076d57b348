"""What each seat may know in When I Dream, determinization for search, and narration.

The Dreamer never sees the word in play, the side in use, nor which pile a card went to
(not even the piles' sizes), nor the faces of penalty cards; a spectator knows what the
Dreamer knows. A Spirit sees its own card, the word, the piles and the penalty cards.
Nobody sees the left-over Spirit card; every Spirit is revealed with the round's score.
"""

from __future__ import annotations

import random
from types import MappingProxyType

from partyrules.core.errors import IllegalAction
from partyrules.core.game import TABLE, Presentation
from partyrules.core.i18n import DEFAULT_LANGUAGE, N_, Catalogue, seat_name
from partyrules.core.rng import Rng
from partyrules.core.rules import check_seat
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
    FORM_OF_THE_WORD,
    MORE_THAN_ONE_WORD,
    NOT_A_WORD,
    PART_OF_THE_WORD,
    clue_breach,
    role_of,
)
from partyrules.games.when_i_dream.rules import apply, random_guessing, to_act, why_illegal
from partyrules.games.when_i_dream.state import Over, Side, State, Tiebreak, View

__all__ = ["PRESENTATION", "describe_action", "determinize", "dreamers_aim",
           "honest_random_action", "render_view", "view"]


def view(state: State, seat: int | None) -> View:
    """What ``seat`` may know (None: a spectator, who knows what the Dreamer knows)."""
    check_seat(state.config.players, seat, spectator=True)
    spirit_eyes = seat is not None and seat != state.dreamer
    return View(
        seat=seat,
        config=state.config,
        to_act=to_act(state),
        round=state.round,
        dreamer=state.dreamer,
        phase=state.phase,
        spirit=state.spirits[seat] if seat is not None else None,
        word=state.word() if spirit_eyes else None,
        side=state.side if spirit_eyes and state.current is not None else None,
        current=state.current if spirit_eyes else None,
        clues=state.clues,
        guesses=state.guesses,
        fairy=tuple(card for card, _ in state.fairy) if spirit_eyes else (),
        boogeyman=tuple(card for card, _ in state.boogeyman) if spirit_eyes else (),
        pile_sizes=(len(state.fairy), len(state.boogeyman)) if spirit_eyes else None,
        penalty_counts=tuple(len(cards) for cards in state.penalties),
        penalty_cards=state.penalties if spirit_eyes else (),
        points=state.points,
        deck_size=len(state.deck),
        box_size=len(state.box),
        last_round=state.last_round,
    )


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A full state ``seat`` cannot tell from ``state``: the others' Spirit cards and the
    left-over one re-dealt among them; the deck order and the box re-dealt; for the
    Dreamer also the card in play, the penalty cards (their counts are kept) and the
    verdicts on its guesses, which deal the guessed cards to the piles (and, in the
    expert variant, set the sides, which follow the verdicts); a new rng. The deal
    depends on the seat's view and the rng alone: the same view and rng give the same
    state."""
    check_seat(state.config.players, seat, spectator=False)
    slots = [s for s in range(state.config.players) if s not in (seat, state.dreamer)]
    # Every pool is sorted before it is shuffled and dealt place by place: the deal is
    # then a function of the seat's view and the rng alone, whatever lies where.
    dealt = sorted(card for card in (*(state.spirits[s] for s in slots), state.leftover)
                   if card is not None)
    rng.shuffle(dealt)
    spirits = list(state.spirits)
    for s, card in zip(slots, dealt, strict=False):
        spirits[s] = card
    leftover = dealt[-1]
    dreamer = seat == state.dreamer
    hidden = _unplaced_by_dreamer(state) if dreamer else [*state.deck, *state.box]
    order = sorted(hidden)
    rng.shuffle(order)
    swap = dict(zip(hidden, order, strict=True))

    def moved(cards: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(swap.get(card, card) for card in cards)

    fairy, boogeyman, penalties, current = state.fairy, state.boogeyman, state.penalties, \
        state.current
    side = state.side
    if dreamer:
        # The Dreamer knows how many cards it guessed, not how many were right: the
        # verdicts are drawn again (any number of them right) and the guessed cards
        # dealt to the piles by them. In the expert variant the sides follow the drawn
        # verdicts, as they follow the real ones: the top word first, then the top word
        # after a right guess and the bottom word after a wrong one.
        guessed = [swap[card] for card, _ in fairy + boogeyman]
        rng.shuffle(guessed)
        right = rng.randrange(len(guessed) + 1)
        verdicts = [True] * right + [False] * (len(guessed) - right)
        rng.shuffle(verdicts)
        sides: list[Side] = [side] * len(guessed)
        if state.config.side == "expert" and guessed:
            sides = ["top", *("top" if verdict else "bottom" for verdict in verdicts[:-1])]
            side = "top" if verdicts[-1] else "bottom"
        dealt_piles = list(zip(guessed, sides, verdicts, strict=True))
        fairy = tuple((card, used) for card, used, verdict in dealt_piles if verdict)
        boogeyman = tuple((card, used) for card, used, verdict in dealt_piles if not verdict)
        penalties = tuple(moved(cards) for cards in penalties)
        current = None if current is None else swap[current]
    return State(
        state.config, Rng.from_seed(rng.getrandbits(64)), moved(state.deck),
        moved(state.box), current, side, fairy, boogeyman, penalties, state.points,
        state.dreamer, state.round, tuple(spirits), leftover, state.clues, state.guesses,
        state.phase, state.last_round,
    )


def _unplaced_by_dreamer(state: State) -> list[int]:
    """The cards the Dreamer cannot place: the deck, the box, the cards it guessed, the
    penalty cards and the card in play (the order ``determinize`` deals them in)."""
    hidden = [*state.deck, *state.box]
    hidden += [card for card, _ in state.fairy + state.boogeyman]
    hidden += [card for cards in state.penalties for card in cards]
    if state.current is not None:
        hidden.append(state.current)
    return hidden


def dreamers_aim(state: State, rng: random.Random) -> str:
    """A word the Dreamer's aimed guess may name from what it knows, drawn as
    ``determinize`` puts a card in play for it: the word of a card it cannot place, each
    as likely; on the config's side, or in the expert variant on the top side before the
    round's first guess and then on either side (the redealt verdicts are right or wrong
    alike, and the next card's side follows the last one)."""
    unplaced = sorted(_unplaced_by_dreamer(state))  # sorted: the real order is hidden
    top, bottom = state.config.dreams()[unplaced[rng.randrange(len(unplaced))]]
    side = state.side
    if state.config.side == "expert" and (state.fairy or state.boogeyman):
        side = "top" if rng.random() < 0.5 else "bottom"
    return top if side == "top" else bottom


def honest_random_action(state: State, seat: int, rng: random.Random) -> Action:
    """``random_action`` as a seat draws it from its view: the Dreamer's aimed guess (one
    time in four) names the word of a card it cannot place (:func:`dreamers_aim`), not
    the word in play; every other draw is ``random_action``'s own. Its guesses follow the
    same law as ``random_action``'s on a state ``determinize`` redeals for the Dreamer,
    for a sort of the unplaced cards instead of a whole new deal."""
    return random_guessing(state, seat, rng, dreamers_aim)


# -- narration --------------------------------------------------------------------------

CATALOGUE = Catalogue("partyrules.games.when_i_dream")
"""The game's messages: the narration here, the web board's words (``web/board.js``)."""
_ = CATALOGUE.gettext

BREACHES = MappingProxyType({
    FORM_OF_THE_WORD: N_("a form of the word on the card"),
    PART_OF_THE_WORD: N_("a part of the word on the card"),
    MORE_THAN_ONE_WORD: N_("more than one word"),
    NOT_A_WORD: N_("not a word made of letters"),
})
"""Each rule for definitions :func:`~partyrules.games.when_i_dream.cards.clue_breach`
finds broken, as the narration says it (translated through the catalogue)."""


def describe_action(state: State, action: Action, viewer: int | None = None,
                    language: str = DEFAULT_LANGUAGE) -> str:
    """One line saying what ``action`` does, as ``viewer`` may know it, in ``language``.

    The line says what the viewer knew before the action (its view) and the action
    itself, never more; what the action then reveals is in the viewer's next view. So the
    Dreamer and a spectator (``None``) never learn a word, a verdict, a pile or which
    clue was a form of the word; the table (``TABLE``) knows what the Spirits know.
    Raises :class:`IllegalAction` for an action the rules refuse now, or a viewer who is
    not at the table.

    >>> from partyrules.games.when_i_dream.rules import setup
    >>> from partyrules.games.when_i_dream.state import Config
    >>> state = setup(Config(players=4), seed=1)
    >>> describe_action(state, GiveClue(1, "red"), language="it")
    'Posto 1 dice «red»'
    """
    if viewer != TABLE:
        check_seat(state.config.players, viewer, spectator=True)
    refused = why_illegal(state, action)
    if refused is not None:
        raise IllegalAction(refused)
    spirit_eyes = viewer is not None and viewer != state.dreamer
    who = _(language, "The table") if action.seat == TABLE else seat_name(language,
                                                                            action.seat)
    match action:
        case GiveClue(word=word):
            config = state.config
            breach = clue_breach(word, state.word() or "", config.language, config.check_clues)
            if breach is None or (breach in (FORM_OF_THE_WORD, PART_OF_THE_WORD)
                                  and not spirit_eyes):
                # Which words are forms of the card's word is the word's secret.
                return _(language, "{who} says \u201c{word}\u201d").format(who=who, word=word)
            return _(language, "{who} says \u201c{word}\u201d: {breach}, a penalty card").format(
                who=who, word=word, breach=_(language, BREACHES[breach]))
        case RuleBreach(offender=offender):
            return _(language, "The table rules that seat {offender} broke a definition rule: "
                               "a penalty card").format(offender=offender)
        case SkipClue():
            return _(language, "The table: too slow, the next clue-giver plays")
        case Guess(word=word):
            if spirit_eyes and state.config.judge == "auto":
                right = len(apply(state, action).fairy) > len(state.fairy)
                line = (_(language, "{who} dreams of \u201c{word}\u201d (right: it was {answer})")
                        if right else
                        _(language, "{who} dreams of \u201c{word}\u201d (wrong: it was {answer})"))
                return line.format(who=who, word=word, answer=state.word())
            return _(language, "{who} dreams of \u201c{word}\u201d").format(who=who, word=word)
        case JudgeGuess(correct=correct):
            if not spirit_eyes:
                return _(language, "The table judges the guess")
            return (_(language, "The table judges the guess right") if correct
                    else _(language, "The table judges the guess wrong"))
        case TimeUp():
            return _(language, "The table: time is up")
        case DeclineGuess():
            return _(language, "{who} does not guess the last card").format(who=who)
        case Recount(words=words):
            told = ", ".join(words) if words else _(language, "nothing")
            if state.config.judge == "table":
                return _(language, "{who} tells the dream: {words}, for the table to "
                                   "judge").format(who=who, words=told)
            return (_(language, "{who} tells the dream: {words}").format(who=who, words=told)
                    + _round_end(state, action, spirit_eyes, language))
        case JudgeRecount(bonus=bonus):
            line = (_(language, "The table judges the narration complete") if bonus
                    else _(language, "The table judges the narration incomplete"))
            return line + _round_end(state, action, spirit_eyes, language)
        case BestDream(winner=winner):
            return _(language, "The table names seat {winner} the best dream "
                               "teller").format(winner=winner)
        case NoBestDream():
            return _(language, "The table names no best dream teller: the tied share the win")
    raise IllegalAction(f"{type(action).__name__} is not an action of When I Dream")


def _round_end(state: State, action: Recount | JudgeRecount, spirit_eyes: bool,
               language: str) -> str:
    """The round is scored: a Spirit knew the piles; what each seat scores shows the
    Spirits' cards, which nobody knew before, so it is in the next view
    (``last_round``)."""
    if not spirit_eyes:
        return _(language, ": the round is scored")
    result = apply(state, action).last_round
    assert result is not None
    if result.bonus:
        ending = _(language, ". Fairy pile {fairy}, Boogeyman pile {boogeyman}, narration "
                             "bonus: the round is scored")
    else:
        ending = _(language, ". Fairy pile {fairy}, Boogeyman pile {boogeyman}: the round is "
                             "scored")
    return ending.format(fairy=len(result.fairy), boogeyman=len(result.boogeyman))


def render_view(view: View) -> str:
    """A terminal rendering of a view: any view :func:`view` gives or ``loads`` accepts
    (``state.validate_view`` refuses the rest)."""
    lines = [
        f"Round {view.round}: seat {view.dreamer} dreams; points "
        + ", ".join(f"seat {s}: {p} (-{n})" for s, (p, n) in
                    enumerate(zip(view.points, view.penalty_counts, strict=True))),
        f"Deck {view.deck_size}, box {view.box_size}",
    ]
    if view.word is not None:
        lines.append(f"The dream to find: {view.word} ({view.side} word)")
    if view.pile_sizes is not None:
        lines.append(f"Fairy pile {view.pile_sizes[0]}, Boogeyman pile {view.pile_sizes[1]}")
    if view.clues:
        lines.append("Clues: " + ", ".join(word for _, word in view.clues[-12:]))
    if view.guesses:
        lines.append("Guesses: " + ", ".join(view.guesses))
    if view.spirit is not None:
        lines.append(f"You (seat {view.seat}) are a {role_of(view.spirit)}")
    elif view.seat == view.dreamer:
        lines.append("You are the Dreamer")
    result = view.last_round
    if result is not None:
        bonus = ", narration bonus" if result.bonus else ""
        scored = ", ".join(
            f"seat {seat} +{gain} ({'Dreamer' if spirit is None else role_of(spirit)})"
            for seat, (spirit, gain) in enumerate(zip(result.spirits, result.gains,
                                                      strict=True)))
        lines.append(f"Last round (seat {result.dreamer} dreamt): Fairy pile "
                     f"{len(result.fairy)}, Boogeyman pile {len(result.boogeyman)}{bonus}; "
                     f"{scored}")
    if isinstance(view.phase, Tiebreak):
        lines.append("Still tied: seats " + ", ".join(map(str, sorted(view.phase.tied))))
    elif isinstance(view.phase, Over):
        lines.append(f"Game over ({view.phase.reason}): seats "
                     + ", ".join(map(str, sorted(view.phase.winners))) + " win")
    return "\n".join(lines)


PRESENTATION = Presentation(
    catalogue=CATALOGUE,
    how_to_play=(
        N_("Each round one player is the Dreamer: eyes closed, they hear one-word clues from "
           "the Dream Spirits and name the pieces of the dream, one Dream card after "
           "another, until the 2 minutes are up. Every player dreams once."),
        N_("The Spirits see the word on the Dream card and their own Spirit card, which "
           "they keep secret. Fairies help the Dreamer find the word, Boogeymen lead the "
           "Dreamer astray without being found out, Sandmen want the Fairies' and the "
           "Boogeymen's piles to stay even."),
        N_("The clue-givers take turns from the Dreamer's left. A clue is one word: no form "
           "or part of the word on the card, no translation, no noise, no invented word. A "
           "clue that breaks these rules puts the card in front of its author as a "
           "penalty."),
        N_("A right guess goes under the Fairies' score card, a wrong one under the "
           "Boogeymen's: the Dreamer never learns which. When time is up, the Dreamer "
           "tells the dream: naming every piece of the Fairies' pile earns 1 more point."),
        N_("Scoring: the Dreamer and the Fairies score 1 point per card of the Fairies' "
           "pile, the Boogeymen 1 per card of the Boogeymen's pile, the Sandmen most when "
           "the two piles are even. At the end, points minus penalty cards: the highest "
           "wins, then the fewest penalty cards, then the best dream teller."),
    ),
    reasons={
        "highest_score": N_("The highest score wins: dream points minus penalty cards."),
        "fewest_penalties": N_("Tied on score: the fewest penalty cards win."),
        "best_dream": N_("Still tied: the table named the best dream teller."),
        "shared": N_("Still tied, and the table named no best dream teller: the tied share "
                     "the win."),
    },
    action_names={
        "GiveClue": N_("Give a clue"),
        "RuleBreach": N_("Penalty: a clue broke the rules for definitions"),
        "SkipClue": N_("Too slow: the next clue-giver plays"),
        "Guess": N_("Name the dream"),
        "JudgeGuess": N_("Judge the Dreamer's guess"),
        "TimeUp": N_("Time is up"),
        "DeclineGuess": N_("Let the last card go"),
        "Recount": N_("Tell the dream"),
        "JudgeRecount": N_("Judge the narration"),
        "BestDream": N_("Name the best dream teller"),
        "NoBestDream": N_("Name no best dream teller"),
    },
    prompts={
        "GiveClue.word": N_("Your clue: one word for the Dreamer, never a form or part of the "
                            "word on the card, a translation, a noise or an invented word. "
                            "The rulebook's example: if the dream is Cherry, a Boogeyman "
                            "tries to make the Dreamer say Strawberry."),
        "Guess.word": N_("The piece of dream you think of, in one word (the rulebook's "
                         "example: Cherry, or Strawberry if a Boogeyman led you astray)."),
        "Recount.words": N_("The pieces of your dream, as the rulebook says: “try to name "
                            "every piece of dream declared during the round”; one word "
                            "each, separated by spaces or commas, at most one per guess "
                            "(for example: Cherry, Strawberry). Leave it empty if you "
                            "remember nothing."),
    },
    options={
        "players": N_("Number of players, from 4 to 10: each one dreams once"),
        "side": N_("Which word of each Dream card is used: top, bottom, or expert (the "
                   "variant: the top word after a right guess, the bottom one after a "
                   "wrong guess)"),
        "first_dreamer": N_("The seat that dreams first (who slept most last night), from 0"),
        "check_clues": N_("How each clue is checked against the card's word: stem (its "
                          "forms), strict (also its parts), exact (the word itself) or off "
                          "(the table rules every breach)"),
        "clue_time_limit": N_("Optional rule: a clue-giver who takes more than 5 seconds "
                              "loses the turn"),
        "judge": N_("Who judges guesses and narrations: auto (the same word) or table (the "
                    "table accepts plurals and synonyms)"),
        "cards": N_("Your own Dream deck: a list of [top, bottom] word pairs"),
        "language": N_("The Dream deck's language: en (English) or it (Italian)"),
    },
    board="web/board.js",
    board_style="web/board.css",
)
"""What the game says and shows to people: its catalogue, its web board, its sentences."""
