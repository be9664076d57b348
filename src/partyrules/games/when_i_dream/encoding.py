"""When I Dream's encoding: fixed action ids and flat observation tensors (the layout is
documented in ``docs/games/when_i_dream.md``, section Encodings).

**Action ids.** With ``W`` the distinct words of the Dream deck (``rules.vocabulary``,
128 with a default deck) and ``P`` the players, ``num_actions = 2W + 2P + 12``:

* ``0 .. W-1``: ``Guess`` the deck's ``i``-th word; ``W``: a guess of a word that is not in
  the deck (always wrong);
* ``W+1 .. 2W``: ``GiveClue`` the deck's ``i``-th word; ``2W+1``: a clue that is not a word
  of the deck (the usual clue);
* ``2W+2``: ``DeclineGuess``; ``2W+3``: ``Recount`` nothing; ``2W+4``: ``Recount`` the
  dream (any words; given back as every guess of the round);
* the table's rulings: ``2W+5`` ``TimeUp``, ``2W+6`` ``SkipClue``, ``2W+7`` / ``2W+8``
  ``JudgeGuess`` right / wrong, ``2W+9`` / ``2W+10`` ``JudgeRecount`` with / without the
  bonus, ``2W+11`` ``NoBestDream``, then ``RuleBreach`` against seat ``s`` (``2W+12+s``)
  and ``BestDream`` for seat ``s`` (``2W+12+P+s``).

A text is numbered by the deck word it is (the exact word, else the word it equals once
normalized, as the automatic judge compares them); any other text has the "not in the
deck" id, whose representative text is a word of letters outside the deck that breaks no
definition rule for any of its words (:func:`other_word`).

**Observation tensor.** One flat vector of ``17P + 5W + 4N + 44`` floats (``N`` the
Dream cards), in the sections of :attr:`Layout.sections`, every value in 0..1.

>>> from partyrules.games.when_i_dream.actions import Guess, GiveClue
>>> from partyrules.games.when_i_dream.rules import setup
>>> from partyrules.games.when_i_dream.state import Config
>>> state = setup(Config(players=4), seed=1)
>>> ENCODING.num_actions(state.config), ENCODING.observation_shape(state.config)
(276, (1008,))
>>> ENCODING.action_id(state, Guess(0, "cherry")), ENCODING.action_id(state, Guess(0, "Cherry "))
(0, 0)
>>> ENCODING.action_id(state, GiveClue(1, "fruit")), ENCODING.action_from_id(state, 1, 257)
(257, GiveClue(seat=1, word='other'))
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from functools import lru_cache
from string import ascii_lowercase
from typing import Any

import attrs

from partyrules.core.encoding import Encoding, Numbered, checked_id, number_actions
from partyrules.core.errors import IllegalAction
from partyrules.core.game import TABLE
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
    BOOGEYMEN,
    CHECK_CLUES,
    FAIRIES,
    clue_breach,
    normalize,
)
from partyrules.games.when_i_dream.rules import clue_cap_reached, legal_actions, vocabulary
from partyrules.games.when_i_dream.state import (
    Config,
    Dreaming,
    Judging,
    JudgingRecount,
    Over,
    Recounting,
    State,
    Tiebreak,
    View,
)

__all__ = [
    "ENCODING",
    "Layout",
    "action_from_id",
    "action_id",
    "layout",
    "num_actions",
    "numbered",
    "observation_bounds",
    "observation_shape",
    "observation_tensor",
    "other_word",
]

_SIDES = ("top", "bottom", "expert")
_PHASES: dict[type, int] = {Dreaming: 0, Judging: 1, Recounting: 2, JudgingRecount: 3,
                            Tiebreak: 4, Over: 5}
_REASONS = {"highest_score": 0, "fewest_penalties": 1, "best_dream": 2, "shared": 3}
# Each Spirit card -> its role's column: Fairy 0, Boogeyman 1, Sandman 2.
_ROLE_COLUMN = tuple(0 if card in FAIRIES else 1 if card in BOOGEYMEN else 2
                     for card in range(11))

# The ids after the words, counted from Layout.base (the first of them).
_DECLINE, _RECOUNT_NOTHING, _RECOUNT_DREAM, _TIME_UP, _SKIP = 0, 1, 2, 3, 4
_JUDGED_RIGHT, _JUDGED_WRONG, _BONUS, _NO_BONUS, _NO_BEST = 5, 6, 7, 8, 9
_SEAT_IDS = 10
"""The offset of the first ``RuleBreach`` id (then ``BestDream``, ``P`` ids each)."""


def _sections(players: int, words: int, cards: int) -> tuple[tuple[str, int], ...]:
    """The tensor's sections in order, (name, width); the docs page says what each holds."""
    return (
        ("config.side", 3), ("config.judge_table", 1), ("config.clue_time_limit", 1),
        ("config.check_clues", len(CHECK_CLUES)),
        ("seat", players), ("is_dreamer", 1), ("sees_cards", 1), ("role", 3),
        ("round", players), ("dreamer", players), ("to_act", players + 1), ("phase", 6),
        ("active", players), ("clue_turns", players), ("clued", players), ("time_up", 1),
        ("word", words), ("side", 2),
        ("in_play", cards), ("fairy", cards), ("boogeyman", cards), ("penalty_cards", cards),
        ("pile_sizes", 2),
        ("points", players), ("penalty_counts", players), ("deck_size", 1), ("box_size", 1),
        ("clues", 1), ("clue_words", words), ("other_clues", 1), ("last_clue", words + 1),
        ("last_clue_by", players),
        ("guesses", 1), ("guess_words", words), ("other_guesses", 1),
        ("last_guess", words + 1),
        ("told", 1), ("told_in_deck", 1),
        ("tied", players), ("winners", players), ("reason", 4),
        ("last_round", 1), ("last_dreamer", players), ("last_roles", 3 * players),
        ("last_fairy", 1), ("last_boogeyman", 1), ("last_bonus", 1), ("last_gains", players),
    )


@attrs.frozen(slots=True, eq=False)
class Layout:
    """The index tables of one config: the deck's words, where each action kind's ids
    start, and where each section of the tensor lies (one per config, compared by
    identity; its tables are shared, not to be changed)."""

    players: int
    cards: int
    """The Dream cards of the deck (``N``)."""
    words: tuple[str, ...]
    """The deck's distinct words, in deck order (``rules.vocabulary``): ``W`` of them."""
    exact: dict[str, int]
    """Each deck word -> its index."""
    normalized: dict[str, int]
    """Each normalized deck word -> the index of the first word with that form."""
    other: str
    """The representative text of a word that is not in the deck."""
    clue_base: int
    """The id of ``GiveClue`` of the deck's first word (``W + 1``)."""
    base: int
    """The first id after the words, ``DeclineGuess`` (``2W + 2``)."""
    num_actions: int
    """``2W + 2P + 12``."""
    sections: tuple[tuple[str, int, int], ...]
    """The tensor's sections in order: (name, offset, width)."""
    at: dict[str, int]
    """Each section's offset by name."""
    size: int
    """The tensor's length, ``17P + 5W + 4N + 44``."""
    template: array[float]
    """A tensor of zeros but for the config's section (copied for each view)."""
    clue_bound: float
    """The most clues a round can hold: ``N * (clue cap * (P - 1) + 1)``."""
    point_bound: float
    """The most dream points a seat can hold: ``P * (N + 2)``."""
    guesses: tuple[tuple[Numbered[Action], Numbered[Action]], ...]
    """Each seat's numbered listing as the Dreamer: a ``Guess`` of every deck word, then
    (second) with ``DeclineGuess`` after them, once time is up."""
    clues: tuple[Numbered[Action], ...]
    """Each seat's numbered listing as the active clue-giver: a ``GiveClue`` of every deck
    word."""
    marks: dict[bool, tuple[tuple[Any, ...], array[float], int]] = attrs.field(
        factory=dict, repr=False)
    """The last words marked, for the clues (True) and the guesses: the view's tuple,
    its multi-hot section over the deck's words, and how many of its words are no deck
    word. A round's clues and guesses grow by one at a time, so the next tensor marks
    one word."""

    def marked(self, items: tuple[Any, ...], clues: bool) -> tuple[array[float], int]:
        """The multi-hot section over the deck's words (read only) of the view's clues
        (``(seat, word)`` pairs, ``clues`` True) or guesses (words), and the number of
        them that are no deck word."""
        last = self.marks.get(clues)
        if last is not None and last[0] is items:
            return last[1], last[2]
        width = len(self.words)
        if last is not None and len(items) == len(last[0]) + 1 and items[:-1] == last[0]:
            hot, others, new = last[1][:], last[2], items[-1:]
        else:
            hot, others, new = array("f", bytes(4 * width)), 0, items
        for item in new:
            index = self.word_index(item[1] if clues else item)
            if index < width:
                hot[index] = 1.0
            else:
                others += 1
        self.marks[clues] = (items, hot, others)
        return hot, others

    def word_index(self, text: str) -> int:
        """The index of the deck word ``text`` is (exactly, else once normalized), or
        ``W`` for a text that is not a word of the deck."""
        index = self.exact.get(text)
        if index is None:
            index = self.normalized.get(_normalized(text), len(self.words))
        return index


@lru_cache(maxsize=4096)
def _normalized(text: str) -> str:
    return normalize(text)


_RECENT: dict[int, tuple[Config, Layout]] = {}
"""The layouts of the configs in use by identity: hashing a config (what ``lru_cache``
does) costs more than numbering an action. Each entry holds its config, so an id is
never reused while it is in here."""


def layout(config: Config) -> Layout:
    """The index tables of ``config`` (cached: configs are frozen and hashable)."""
    recent = _RECENT.get(id(config))
    if recent is not None and recent[0] is config:
        return recent[1]
    table = _layout(config)
    if len(_RECENT) >= 64:
        _RECENT.clear()
    _RECENT[id(config)] = (config, table)
    return table


@lru_cache(maxsize=64)
def _layout(config: Config) -> Layout:
    words = vocabulary(config)
    exact = {word: index for index, word in enumerate(words)}
    normalized: dict[str, int] = {}
    for index, word in enumerate(words):
        normalized.setdefault(normalize(word), index)
    other = next(text for text in _other_candidates()
                 if normalize(text) not in normalized and not any(
                     clue_breach(text, word, config.language, config.check_clues)
                     for word in words))
    players, cards, width = config.players, len(config.dreams()), len(words)
    sections, offset = [], 0
    for name, size in _sections(players, width, cards):
        sections.append((name, offset, size))
        offset += size
    at = {name: start for name, start, _ in sections}
    template = array("f", bytes(4 * offset))
    template[at["config.side"] + _SIDES.index(config.side)] = 1.0
    template[at["config.judge_table"]] = float(config.judge == "table")
    template[at["config.clue_time_limit"]] = float(config.clue_time_limit)
    template[at["config.check_clues"] + CHECK_CLUES.index(config.check_clues)] = 1.0
    base = 2 * width + 2
    guesses = tuple(tuple(Guess(seat, word) for word in words) for seat in range(players))
    guess_ids = tuple(range(width))
    clue_ids = tuple(range(width + 1, 2 * width + 1))
    return Layout(
        players=players, cards=cards, words=words, exact=exact, normalized=normalized,
        other=other, clue_base=width + 1, base=base,
        num_actions=base + _SEAT_IDS + 2 * players, sections=tuple(sections), at=at,
        size=offset, template=template,
        clue_bound=float(cards * (config.clue_cap() * (players - 1) + 1)),
        point_bound=float(players * (cards + 2)),
        guesses=tuple((Numbered(guess_ids, mine),
                       Numbered((*guess_ids, base + _DECLINE), (*mine, DeclineGuess(seat))))
                      for seat, mine in enumerate(guesses)),
        clues=tuple(Numbered(clue_ids, tuple(GiveClue(seat, word) for word in words))
                    for seat in range(players)),
    )


def other_word(config: Config) -> str:
    """The representative text of the "not a word of the deck" ids: ``other``, with
    ``x`` appended until it is no deck word, normalized, and breaks no definition rule
    for any deck word under the config's clue check (so that it is an honest clue);
    failing that (``check_clues="strict"`` with a deck word such as "the" inside
    ``other``), the first two-letter word that does: too short to hold a part."""
    return layout(config).other


def _other_candidates() -> Iterator[str]:
    for extra in range(4):
        yield "other" + "x" * extra
    for first in ascii_lowercase:
        for second in ascii_lowercase:
            yield first + second


# -- action ids ---------------------------------------------------------------------------


def num_actions(config: Config) -> int:
    """``2W + 2P + 12``: ``W`` the deck's distinct words, ``P`` the players."""
    return layout(config).num_actions


def _no_id(what: str, value: object) -> IllegalAction:
    return IllegalAction(f"{what}, not {value!r}: the action has no id")


def _seat_id(table: Layout, seat: object, first: int, what: str) -> int:
    if type(seat) is not int or not 0 <= seat < table.players:
        raise _no_id(f"{what} is a seat from 0 to {table.players - 1}", seat)
    return table.base + first + seat


def _verdict_id(table: Layout, verdict: object, yes: int, no: int, what: str) -> int:
    if type(verdict) is not bool:
        raise _no_id(f"{what} is true or false", verdict)
    return table.base + (yes if verdict else no)


def action_id(state: State, action: Action) -> int:
    """The id of ``action`` (legal or not); ``IllegalAction`` for an object that is not a
    When I Dream action, or a field no id covers (a seat that is not at the table, text
    that is not text)."""
    table = layout(state.config)
    kind = type(action)
    if kind is Guess or kind is GiveClue:
        word = action.word  # type: ignore[union-attr]
        if not isinstance(word, str):
            raise _no_id("a guess or a clue is text", word)
        index = table.exact.get(word)
        if index is None:
            index = table.word_index(word)
        return index if kind is Guess else index + table.clue_base
    match action:
        case DeclineGuess():
            return table.base + _DECLINE
        case Recount(words=words):
            if not isinstance(words, tuple) or not all(isinstance(w, str) for w in words):
                raise _no_id("a narration is a tuple of words", words)
            return table.base + (_RECOUNT_DREAM if words else _RECOUNT_NOTHING)
        case TimeUp():
            return table.base + _TIME_UP
        case SkipClue():
            return table.base + _SKIP
        case JudgeGuess(correct=correct):
            return _verdict_id(table, correct, _JUDGED_RIGHT, _JUDGED_WRONG, "a verdict")
        case JudgeRecount(bonus=bonus):
            return _verdict_id(table, bonus, _BONUS, _NO_BONUS, "the bonus")
        case NoBestDream():
            return table.base + _NO_BEST
        case RuleBreach(offender=offender):
            return _seat_id(table, offender, _SEAT_IDS, "the offender")
        case BestDream(winner=winner):
            return _seat_id(table, winner, _SEAT_IDS + table.players,
                            "the best dream teller")
    raise IllegalAction(f"{kind.__name__} is not an action of When I Dream")


def numbered(state: State, seat: int) -> Numbered[Action]:
    """``seat``'s legal actions by id, as numbering ``legal_actions`` gives them: the
    Dreamer's guesses and the active clue-giver's clues (a deck's worth of words, most of
    every listing) come prebuilt per config and seat; the other listings, a few actions,
    are numbered one by one."""
    phase = state.phase
    if isinstance(phase, Dreaming) and seat >= 0:
        if seat == state.dreamer:
            return layout(state.config).guesses[seat][phase.time_up]
        if (seat == phase.active and not phase.time_up
                and not clue_cap_reached(state.config, state.dreamer, phase.clue_turns)):
            return layout(state.config).clues[seat]
    return number_actions(state, legal_actions(state, seat), action_id, "When I Dream")


def action_from_id(state: State, seat: int, number: int) -> Action:
    """The action ``number`` stands for, taken by ``seat``: a guess or a clue of the deck
    word (or of :func:`other_word`), and ``Recount`` the dream as every guess of the
    round; ``IllegalAction`` for an id outside the space."""
    table = layout(state.config)
    checked_id(number, table.num_actions, "When I Dream")
    width = len(table.words)
    if number < table.clue_base:
        return Guess(seat, table.words[number] if number < width else table.other)
    if number < table.base:
        index = number - table.clue_base
        return GiveClue(seat, table.words[index] if index < width else table.other)
    after = number - table.base
    if after >= _SEAT_IDS + table.players:
        return BestDream(seat, after - _SEAT_IDS - table.players)
    if after >= _SEAT_IDS:
        return RuleBreach(seat, after - _SEAT_IDS)
    return (DeclineGuess(seat), Recount(seat, ()), Recount(seat, state.guesses),
            TimeUp(seat), SkipClue(seat), JudgeGuess(seat, True), JudgeGuess(seat, False),
            JudgeRecount(seat, True), JudgeRecount(seat, False), NoBestDream(seat))[after]


# -- the observation tensor ------------------------------------------------------------------


def observation_shape(config: Config) -> tuple[int, ...]:
    """``(17P + 5W + 4N + 44,)``: ``N`` the Dream cards of the deck."""
    return (layout(config).size,)


def observation_tensor(view: View) -> array[float]:
    """The flat tensor of a view, in the sections of :attr:`Layout.sections` (the docs
    page says what each holds). Counts are over their bound, so every value is in 0..1.

    The tensor is a copy of the config's template with the view's values set in place:
    writing its 48 sections one by one from lists (``TensorWriter``) costs more than this
    whole function, most of it in converting every float of a long section into the
    array."""
    table = layout(view.config)
    at = table.at
    values = table.template[:]
    cards, width = table.cards, len(table.words)
    # The viewer.
    seat, dreamer = view.seat, view.dreamer
    if seat is not None:
        values[at["seat"] + seat] = 1.0
        if seat == dreamer:
            values[at["is_dreamer"]] = 1.0
    if view.pile_sizes is not None:
        values[at["sees_cards"]] = 1.0
        values[at["pile_sizes"]] = view.pile_sizes[0] / cards
        values[at["pile_sizes"] + 1] = view.pile_sizes[1] / cards
    if view.spirit is not None:
        values[at["role"] + _ROLE_COLUMN[view.spirit]] = 1.0
    # The round and who acts.
    values[at["round"] + view.round - 1] = 1.0
    values[at["dreamer"] + dreamer] = 1.0
    start = at["to_act"]
    for acting in view.to_act:
        values[start + (0 if acting == TABLE else acting + 1)] = 1.0
    phase = view.phase
    values[at["phase"] + _PHASES[type(phase)]] = 1.0
    if isinstance(phase, Dreaming):
        values[at["active"] + phase.active] = 1.0
        start, cap = at["clue_turns"], view.config.clue_cap()
        for giver, turns in enumerate(phase.clue_turns):
            if turns:
                values[start + giver] = turns / cap
        start = at["clued"]
        for giver in phase.clued:
            values[start + giver] = 1.0
        if phase.time_up:
            values[at["time_up"]] = 1.0
    elif isinstance(phase, Judging):
        values[at["active"] + phase.active] = 1.0
        if phase.time_up:
            values[at["time_up"]] = 1.0
    # The card in play and the Dream cards this seat sees (none, for the Dreamer).
    if view.word is not None:
        values[at["word"] + table.exact[view.word]] = 1.0
    if view.side is not None:
        values[at["side"] + (view.side == "bottom")] = 1.0
    if view.current is not None:
        values[at["in_play"] + view.current] = 1.0
    for name, pile in (("fairy", view.fairy), ("boogeyman", view.boogeyman)):
        start = at[name]
        for card in pile:
            values[start + card] = 1.0
    start = at["penalty_cards"]
    for faces in view.penalty_cards:
        for card in faces:
            values[start + card] = 1.0
    # Scores and the supply.
    start = at["points"]
    for holder, points in enumerate(view.points):
        if points:
            values[start + holder] = points / table.point_bound
    start = at["penalty_counts"]
    for holder, count in enumerate(view.penalty_counts):
        if count:
            values[start + holder] = count / cards
    values[at["deck_size"]] = view.deck_size / cards
    values[at["box_size"]] = view.box_size / cards
    # The clues and the guesses of the round, as words of the deck.
    word_index = table.word_index
    if view.clues:
        start = at["clue_words"]
        hot, others = table.marked(view.clues, True)
        values[start:start + width] = hot
        values[at["clues"]] = len(view.clues) / table.clue_bound
        values[at["other_clues"]] = others / table.clue_bound
        last_by, last_word = view.clues[-1]
        values[at["last_clue"] + word_index(last_word)] = 1.0
        values[at["last_clue_by"] + last_by] = 1.0
    if view.guesses:
        start = at["guess_words"]
        hot, others = table.marked(view.guesses, False)
        values[start:start + width] = hot
        values[at["guesses"]] = len(view.guesses) / cards
        values[at["other_guesses"]] = others / cards
        values[at["last_guess"] + word_index(view.guesses[-1])] = 1.0
    # The narration under the table's judgement, the end of the game.
    if isinstance(phase, JudgingRecount):
        values[at["told"]] = len(phase.words) / cards
        values[at["told_in_deck"]] = sum(word_index(w) < width for w in phase.words) / cards
    elif isinstance(phase, Tiebreak):
        for tied in phase.tied:
            values[at["tied"] + tied] = 1.0
    elif isinstance(phase, Over):
        for winner in phase.winners:
            values[at["winners"] + winner] = 1.0
        values[at["reason"] + _REASONS[phase.reason]] = 1.0
    # The last round's public result.
    result = view.last_round
    if result is not None:
        values[at["last_round"]] = 1.0
        values[at["last_dreamer"] + result.dreamer] = 1.0
        start = at["last_roles"]
        for holder, spirit in enumerate(result.spirits):
            if spirit is not None:
                values[start + 3 * holder + _ROLE_COLUMN[spirit]] = 1.0
        values[at["last_fairy"]] = len(result.fairy) / cards
        values[at["last_boogeyman"]] = len(result.boogeyman) / cards
        values[at["last_bonus"]] = float(result.bonus)
        start = at["last_gains"]
        for holder, gain in enumerate(result.gains):
            values[start + holder] = gain / (cards + 2)
    return values


def observation_bounds(config: Config) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Every float lies in 0 to 1: the flags are 0 or 1 and each count is over the most
    the rules allow (the pile, deck and box sizes and the penalty counts over the deck,
    a seat's clue turns over the clue cap, the points over ``P x (N + 2)``: a round
    scores at most its piles plus 2, ``P`` rounds)."""
    size = layout(config).size
    return (0.0,) * size, (1.0,) * size


ENCODING: Encoding[Config, State, Action, View] = Encoding(
    num_actions=num_actions,
    action_id=action_id,
    action_from_id=action_from_id,
    observation_shape=observation_shape,
    observation_tensor=observation_tensor,
    observation_bounds=observation_bounds,
    numbered=numbered,
)
"""When I Dream's action ids and observation tensors (see the module's docs)."""
