"""The search hooks of When I Dream: the rule of thumb that plays a seat
(:func:`playout_action`, also the greedy bot), the few actions a search weighs
(:func:`search_actions`), the heuristic that judges a running game (:func:`heuristic`)
and how long search bots' playouts run (:data:`PLAYOUT_STEPS`). Each reads only what the
seat may see.

>>> import random
>>> import partyrules
>>> game = partyrules.get_game("when_i_dream")
>>> state = game.setup(game.Config(players=4), 1)
>>> playout_action(state, state.dreamer, random.Random(1)).seat == state.dreamer
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from functools import lru_cache

from partyrules.core.rules import uniform_choice
from partyrules.games.when_i_dream.actions import (
    Action,
    DeclineGuess,
    GiveClue,
    Guess,
    Recount,
)
from partyrules.games.when_i_dream.cards import clue_breach, normalize, round_gains
from partyrules.games.when_i_dream.rules import (
    clue_cap_reached,
    final_scores,
    legal_actions,
    to_act,
    vocabulary,
)
from partyrules.games.when_i_dream.state import (
    Config,
    Dreaming,
    Over,
    Recounting,
    Side,
    State,
    Tiebreak,
)

__all__ = ["PLAYOUT_STEPS", "heuristic", "playout_action", "search_actions"]


def playout_action(state: State, seat: int, rng: random.Random) -> Action:
    """A rule of thumb drawn from what ``seat`` may know: the greedy bot, and the
    playouts of search bots (documented on the game's page).

    The Dreamer names a card that may be in play (:func:`_likely_dreams`), one it has not
    named this round, and once time is up declines the last card, whose guess would far
    more likely feed the Boogeyman than find the dream; it tells every guess it made, so
    that the narration bonus is won whenever a dream was found. A clue-giver says a
    random word of the deck that is no form of the card's word, nor holds it or lies
    inside it (the table could rule that a part of the word). Everything else, the
    table's rulings included, is a uniformly random legal action. Nothing here reads
    what the seat cannot see.
    """
    phase = state.phase
    if isinstance(phase, Dreaming):
        if seat == state.dreamer:
            if phase.time_up:
                return DeclineGuess(seat)
            return Guess(seat, _dream_to_name(state, rng))
        if seat == phase.active and seat in to_act(state):
            safe = _safe_clues(state.config, state.word() or "")
            return GiveClue(seat, safe[rng.randrange(len(safe))])
    elif isinstance(phase, Recounting) and seat == state.dreamer:
        return Recount(seat, state.guesses)
    return uniform_choice(legal_actions(state, seat), seat, rng)


def _dream_to_name(state: State, rng: random.Random) -> str:
    """A word the Dreamer may name: drawn among :func:`_dreams_to_name`."""
    pool = _dreams_to_name(state)
    return pool[rng.randrange(len(pool))]


def _dreams_to_name(state: State) -> tuple[str, ...]:
    """The words the Dreamer may name, in deck order: those of the cards that may be in
    play, on the side it bets on, leaving out the words it named this round (a named card
    leaves play, right or wrong); all of them when it named them all."""
    last = state.last_round
    boxed = () if last is None else last.fairy + last.boogeyman
    # The last round's piles, public since its scoring, lie in the box until the deck
    # runs out and the box refills it; the box is then emptied, so a box as large as
    # those piles still holds them.
    out = boxed if len(state.box) >= len(boxed) else ()
    likely = _likely_dreams(state.config, _side_bet(state), out)
    return _unnamed(likely, state.guesses) if state.guesses else likely


@lru_cache(maxsize=4096)  # a search asks again and again along one round's guesses
def _unnamed(likely: tuple[str, ...], guesses: tuple[str, ...]) -> tuple[str, ...]:
    """The words of ``likely`` not among ``guesses``; all of them when none is left."""
    named = set(guesses)
    return tuple(word for word in likely if word not in named) or likely


def _side_bet(state: State) -> Side:
    """The side the Dreamer bets the card in play uses: the config's, or in the expert
    variant the top word until its first guess of the round, then the bottom word (most
    guesses are wrong, and a wrong one turns the next card to its bottom word)."""
    side = state.config.side
    if side != "expert":
        return side
    return "bottom" if state.guesses else "top"


@lru_cache(maxsize=256)
def _likely_dreams(config: Config, side: Side, out: tuple[int, ...]) -> tuple[str, ...]:
    """The distinct words on ``side`` of the Dream cards not ``out`` of play (of every
    card when none is left)."""
    index = 0 if side == "top" else 1
    dreams = config.dreams()
    skipped = set(out)
    likely = tuple(dict.fromkeys(card[index] for number, card in enumerate(dreams)
                                 if number not in skipped))
    return likely or tuple(dict.fromkeys(card[index] for card in dreams))


@lru_cache(maxsize=1024)
def _safe_clues(config: Config, word: str) -> tuple[str, ...]:
    """The deck's words a clue-giver may say for ``word`` with no breach the engine could
    flag or the table could rule: no form of it (by the stem check, whatever
    ``check_clues`` says), nor holding it or lying inside it; every word of the deck when
    none is left."""
    target = normalize(word)
    safe = tuple(clue for clue in vocabulary(config)
                 if clue_breach(clue, word, config.language, "stem") is None
                 and target not in normalize(clue) and normalize(clue) not in target)
    return safe or vocabulary(config)


def search_actions(state: State, seat: int) -> Iterator[Action]:
    """The actions a search bot weighs for ``seat``, chosen from what it may see: in the
    dream, one guess for the Dreamer (the first word of :func:`_dreams_to_name`: a
    Dreamer who cannot see the card finds each of them as likely) and, once time is up,
    declining; for the active clue-giver, one clue that breaks no rule (the first of
    :func:`_safe_clues`: any other clue tells the Dreamer as much, and risks as little);
    in the narration, every guess made (naming more never loses the bonus). Whether the
    Dreamer guesses now or lets the clue come first is the decision that changes the
    score: every wrong guess is a point for the Boogeyman. Anything else: every legal
    action."""
    phase = state.phase
    if isinstance(phase, Dreaming):
        if seat == state.dreamer:
            yield Guess(seat, _dreams_to_name(state)[0])
            if phase.time_up:
                yield DeclineGuess(seat)
            return
        if seat == phase.active and not phase.time_up and not clue_cap_reached(
                state.config, state.dreamer, phase.clue_turns):
            yield GiveClue(seat, _safe_clues(state.config, state.word() or "")[0])
            return
    elif isinstance(phase, Recounting) and seat == state.dreamer:
        yield Recount(seat, state.guesses)
        return
    yield from legal_actions(state, seat)


PLAYOUT_STEPS = 0
"""Search bots' playouts are judged at once by the heuristic: what a decision of the
dream changes is in the score at once (a wrong guess is a point for the Boogeyman's
pile, a wait puts it off), and a few steps of the rule of thumb, whose Dreamer guesses
whenever asked, add only noise to it, at twice the cost (the game's page compares the
two, measured against random seats on the same seeds)."""


_SPREAD = 9.0
"""The heuristic's scale, in points, of how far a lead may still move in one round: in
the last round a lead of ``_SPREAD`` points makes a seat e (2.7) times as likely to
finish ahead as behind. A logistic scale of 9 is a standard deviation of about 16
points, about what one round's Boogeyman pile moves a lead against random seats (the
game's page gives the average measured); chosen so, not tuned. The scale grows with the
square root of the rounds left, this one included."""


def heuristic(state: State) -> tuple[float, ...]:
    """Search bots' view of a running game: each seat's chance to finish ahead of the
    best of the others, estimated from the totals (points less penalty cards, with the
    dream in play scored as if it ended now: the piles as they stand, no narration
    bonus) by a logistic curve of the lead whose scale grows with the rounds still to
    play. A chance, unlike a share of the leader's, still tells a seat far behind that
    a point more for the leader is worse: every wrong guess is a point for the
    Boogeyman, whoever it is."""
    phase = state.phase
    totals = final_scores(state.points, state.penalties)
    if not isinstance(phase, (Tiebreak, Over)):  # those rounds are scored already
        gains = round_gains(state.spirits, len(state.fairy), len(state.boogeyman), False)
        totals = tuple(total + gain for total, gain in zip(totals, gains, strict=True))
    scale = _SPREAD * math.sqrt(state.config.players - state.round + 1)
    ranked = sorted(totals, reverse=True)
    first, second = ranked[0], ranked[1]
    return tuple(1.0 / (1.0 + math.exp(((second if total == first else first) - total)
                                       / scale)) for total in totals)
