"""The encoding of Dany goes to Hollywood: fixed action ids and flat observation tensors.

With ``M`` Memory cards, ``P`` seats and ``W`` word lists in the config
(``W = len(config.words())``, the ids an Idea card can have), the action ids are:

=====================  ==========================  ======================================
ids                    action                      meaning
=====================  ==========================  ======================================
``0 .. M-1``           ``Keep(seat, card)``        lay Memory card ``id`` into the creation
``M``                  ``Done(seat, layout)``      the creation is finished (any layout)
``M+1 .. M+5``         ``Decide(seat, word)``      answer word ``id - M`` (1 to 5)
``M+6``                ``Invalidate()``            the table voids the turn
``M+7``                ``ConfirmReveal()``         the table confirms the reveal
``M+8``                ``ExplanationFailed()``     the creation could not be explained
``M+9 .. M+9+P-1``     ``Accuse(seat, target)``    point at seat ``id - M - 9``
=====================  ==========================  ======================================

so ``num_actions(config) = M + P + 9`` (42 for the default config at 3 seats). The
layout of a ``Done`` is free text: its id does not depend on it, and ``action_from_id``
gives the representative ``Done(seat, "")`` that ``legal_actions`` lists.

The observation tensor is described section by section on the game's page
(``docs/games/dany.md``, "Encodings") and in :func:`_sections`; its length is
``P**2 + 12*P + 2*M + 4*W + 34``.

>>> import partyrules
>>> from partyrules.core.encoding import legal_ids, observation_size
>>> game = partyrules.get_game("dany")
>>> state = game.setup(game.Config(players=3), seed=1)
>>> game.encoding.num_actions(state.config), observation_size(game, state.config)
(42, 219)
>>> legal_ids(game, state, 0) == tuple(sorted(state.phase.hand)) + (30,)
True
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import attrs

from partyrules.core.encoding import Encoding, IdentityMemo, Numbered, checked_id, in_id_order
from partyrules.core.errors import IllegalAction
from partyrules.core.game import TABLE
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
from partyrules.games.dany.rules import legal_actions
from partyrules.games.dany.state import SUCCESSES_TO_WIN, Config, State, View

__all__ = [
    "ENCODING",
    "OVER_REASONS",
    "PHASES",
    "ROLES",
    "action_from_id",
    "action_id",
    "num_actions",
    "numbered",
    "observation_bounds",
    "observation_shape",
    "observation_tensor",
]

ROLES: tuple[str, ...] = ("dany", "reason", "secondary")
"""The roles a personality card is encoded as: the secondaries are interchangeable in
the rules, so their numbers are not encoded."""
PHASES: tuple[str, ...] = ("composing", "discussing", "revealing", "final_twist", "over")
"""The phases of the phase section, in order."""
OVER_REASONS: tuple[str, ...] = ("six_successes", "dany_designated", "not_dany_designated",
                                 "dany_revealed_in_tie", "dany_not_in_tie", "second_tie")
"""The reasons of ``Over``, in the order of the tensor's section."""

_TABLE_ACTIONS = 3  # Invalidate, ConfirmReveal, ExplanationFailed
_FIXED_ACTIONS = 1 + len(CHOICES) + _TABLE_ACTIONS  # Done, Decide x 5, the table's three
_INVALIDATE = Invalidate(TABLE)
_CONFIRM = ConfirmReveal(TABLE)
_EXPLANATION_FAILED = ExplanationFailed(TABLE)


def _role(personality: int) -> int:
    return 0 if personality == DANY else 1 if personality == REASON else 2


# -- action ids ------------------------------------------------------------------------------


@attrs.frozen(slots=True)
class _Ids:
    """The first id of each action kind of a config."""

    memory: int
    done: int
    decide: int
    """The id of ``Decide(word=1)``; words 1 to 5 follow."""
    invalidate: int
    confirm: int
    explanation_failed: int
    accuse: int
    """The id of ``Accuse(target=0)``; seats 1 to P-1 follow."""
    size: int
    players: int


_IDS: IdentityMemo[Config, _Ids] = IdentityMemo(64)
"""The id ranges of the configs in use, by identity: comparing configs (what
``lru_cache`` does on every call) costs about what numbering an action does."""


def _ids(config: Config) -> _Ids:
    """The id ranges of ``config`` (built once per config)."""
    found = _IDS.get(config)
    return found if found is not None else _IDS.put(config, _build_ids(config))


@lru_cache(maxsize=64)
def _build_ids(config: Config) -> _Ids:
    memory = config.memory_cards
    players = config.players
    return _Ids(memory=memory, done=memory, decide=memory + 1,
                invalidate=memory + 1 + len(CHOICES), confirm=memory + 2 + len(CHOICES),
                explanation_failed=memory + 3 + len(CHOICES),
                accuse=memory + _FIXED_ACTIONS,
                size=memory + _FIXED_ACTIONS + players, players=players)


def num_actions(config: Config) -> int:
    """``memory_cards + players + 9``: a Keep per Memory card, Done, five Decides, the
    table's three rulings and an Accuse per seat."""
    return _ids(config).size


def action_id(state: State, action: Action) -> int:
    """The id of ``action`` in a game of ``state.config`` (see the module's table);
    ``IllegalAction`` for a card, word or seat outside the config, or a non-action."""
    ids = _ids(state.config)
    kind = type(action)
    if kind is Keep:
        card = action.card  # type: ignore[union-attr]
        if type(card) is int and 0 <= card < ids.memory:
            return card
        raise IllegalAction(f"Dany: there is no Memory card {card!r} in a deck of "
                            f"{ids.memory}")
    if kind is Accuse:
        target = action.target  # type: ignore[union-attr]
        if type(target) is int and 0 <= target < ids.players:
            return ids.accuse + target
        raise IllegalAction(f"Dany: there is no seat {target!r} to point at in a game of "
                            f"{ids.players}")
    if kind is Decide:
        word = action.word  # type: ignore[union-attr]
        if type(word) is int and 1 <= word <= len(CHOICES):
            return ids.decide + word - 1
        raise IllegalAction(f"Dany: the answer is a word 1 to 5, not {word!r}")
    if kind is Done:
        return ids.done
    if kind is Invalidate:
        return ids.invalidate
    if kind is ConfirmReveal:
        return ids.confirm
    if kind is ExplanationFailed:
        return ids.explanation_failed
    raise IllegalAction(f"Dany: {action!r} is not an action of the game")


_LISTED_ID: dict[type, Callable[[_Ids, Any], int]] = {
    Keep: lambda ids, action: action.card,
    Done: lambda ids, action: ids.done,
    Decide: lambda ids, action: ids.decide + action.word - 1,
    Invalidate: lambda ids, action: ids.invalidate,
    ConfirmReveal: lambda ids, action: ids.confirm,
    ExplanationFailed: lambda ids, action: ids.explanation_failed,
    Accuse: lambda ids, action: ids.accuse + action.target,
}
"""The id of an action the rules listed, by its type (what :func:`action_id` gives
once it has checked that a stranger's action is well formed)."""


def numbered(state: State, seat: int) -> Numbered[Action]:
    """``seat``'s legal actions by id, as numbering ``legal_actions`` gives them, in one
    pass: the rules list well-formed actions of the config, so each id is read off its
    type at once."""
    ids = _ids(state.config)
    listed = tuple(legal_actions(state, seat))
    return in_id_order(listed, [_LISTED_ID[type(action)](ids, action) for action in listed],
                       "Dany")


def action_from_id(state: State, seat: int, action_id: int) -> Action:
    """The action ``action_id`` stands for, taken by ``seat`` (``TABLE`` for the table's
    rulings); ``IllegalAction`` for an id outside ``0 .. num_actions - 1``."""
    ids = _ids(state.config)
    number = checked_id(action_id, ids.size, "Dany goes to Hollywood")
    if number < ids.done:
        return Keep(seat, number)
    if number >= ids.accuse:
        return Accuse(seat, number - ids.accuse)
    if number == ids.done:
        return Done(seat, "")
    if number < ids.invalidate:
        return Decide(seat, number - ids.decide + 1)
    if seat == TABLE:  # the table's rulings, shared records
        return (_INVALIDATE, _CONFIRM, _EXPLANATION_FAILED)[number - ids.invalidate]
    return (Invalidate, ConfirmReveal, ExplanationFailed)[number - ids.invalidate](seat)


# -- observation tensor ----------------------------------------------------------------------


@attrs.frozen(slots=True)
class _Sections:
    """Where each section of the observation tensor of a config starts (see the game's
    page for what each float means), and the scales of its counts."""

    seat: int
    personality: int
    face_up: int
    phase: int
    to_act: int
    active: int
    deciding: int
    counts: int
    idea: int
    successes: int
    failures: int
    voided: int
    hand: int
    creation: int
    choice: int
    word: int
    candidates: int
    voted: int
    ballot: int
    last_ballots: int
    tied: int
    over_reason: int
    winners: int
    size: int
    players: int
    memory_cards: int
    idea_cards: float
    failures_to_twist: float


_COUNTS = 9
"""turn, Memory pile, box, hand, creation, Idea deck, successes, failures, voided."""


_SECTIONS: IdentityMemo[Config, _Sections] = IdentityMemo(64)
"""The tensor sections of the configs in use, by identity (see :data:`_IDS`)."""


def _sections(config: Config) -> _Sections:
    """Where each section of ``config``'s tensor starts (built once per config)."""
    found = _SECTIONS.get(config)
    return found if found is not None else _SECTIONS.put(config, _build_sections(config))


@lru_cache(maxsize=64)
def _build_sections(config: Config) -> _Sections:
    """The layout of the tensor of ``config``: each section's start, in tensor order,
    with its width (``P`` seats, ``M`` Memory cards, ``W`` word lists)."""
    players = config.players
    memory, idea_cards = config.deck_sizes()
    words = len(config.words())
    widths = (
        ("seat", players),                    # one-hot; zeros for a spectator
        ("personality", len(ROLES)),          # the seat's own card, as a role
        ("face_up", players * len(ROLES)),    # per seat, the role of a face-up card
        ("phase", len(PHASES)),
        ("to_act", players + 1),              # the seats, then the table
        ("active", players),
        ("deciding", players),
        ("counts", _COUNTS),
        ("idea", words),                      # the Idea card face up
        ("successes", words),
        ("failures", words),
        ("voided", words),
        ("hand", memory),                     # the active seat's own Memory cards
        ("creation", memory),                 # (i + 1) / 7 for the i-th card laid out
        ("choice", len(CHOICES)),
        ("word", len(CHOICES)),
        ("candidates", players),
        ("voted", players),
        ("ballot", players),                  # the seat's own Final Twist ballot
        ("last_ballots", players * players),  # row per voter: the seat it pointed at
        ("tied", players),
        ("over_reason", len(OVER_REASONS)),
        ("winners", players),
    )
    starts: dict[str, int] = {}
    size = 0
    for name, width in widths:
        starts[name] = size
        size += width
    return _Sections(**starts, size=size, players=players, memory_cards=memory,
                     idea_cards=float(idea_cards),
                     failures_to_twist=float(config.failures_to_twist()))


def observation_shape(config: Config) -> tuple[int, ...]:
    """``(P**2 + 12*P + 2*M + 4*W + 34,)``: one flat vector (219 floats for the default
    config at 3 seats)."""
    return (_sections(config).size,)


def _phase(view: View) -> int:
    """The index in :data:`PHASES` of the phase the view was taken in, told by what it
    shows (the active and deciding seats differ, since there are at least three)."""
    if view.over is not None:
        return 4
    if view.candidates:
        return 3
    if view.word is not None:
        return 2
    return 0 if view.active in view.to_act else 1


def observation_tensor(view: View) -> array[float]:
    """The flat tensor of ``view``: everything a seat sees, one-hot or multi-hot where it
    names cards or seats, counts over their largest value. The free-text layout of a
    creation is not encoded (the creation's cards and their order are)."""
    at = _sections(view.config)
    players = at.players
    values = array("f", bytes(4 * at.size))
    seat = view.seat
    if seat is not None:
        values[at.seat + seat] = 1.0
    if view.personality is not None:
        values[at.personality + _role(view.personality)] = 1.0
    for shown, personality in view.revealed:
        values[at.face_up + shown * 3 + _role(personality)] = 1.0
    values[at.phase + _phase(view)] = 1.0
    for acting in view.to_act:
        values[at.to_act + (players if acting == TABLE else acting)] = 1.0
    values[at.active + view.active] = 1.0
    values[at.deciding + view.deciding] = 1.0
    memory = at.memory_cards
    counts = at.counts
    values[counts] = view.turn / at.idea_cards
    values[counts + 1] = view.memory_size / memory
    values[counts + 2] = view.box_size / memory
    values[counts + 3] = view.hand_size / HAND
    values[counts + 4] = view.kept_size / HAND
    values[counts + 5] = view.ideas_size / at.idea_cards
    values[counts + 6] = len(view.successes) / SUCCESSES_TO_WIN
    values[counts + 7] = len(view.failures) / at.failures_to_twist
    values[counts + 8] = len(view.voided) / at.idea_cards
    if view.idea is not None:
        values[at.idea + view.idea] = 1.0
    for start, pile in ((at.successes, view.successes), (at.failures, view.failures),
                        (at.voided, view.voided)):
        for card in pile:
            values[start + card] = 1.0
    for card in view.hand:
        values[at.hand + card] = 1.0
    for place, card in enumerate(view.kept, 1):
        values[at.creation + card] = place / HAND
    if view.choice is not None:
        values[at.choice + view.choice - 1] = 1.0
    if view.word is not None:
        values[at.word + view.word - 1] = 1.0
    for candidate in view.candidates:
        values[at.candidates + candidate] = 1.0
    for voter in view.voted:
        values[at.voted + voter] = 1.0
    if view.ballot is not None:
        values[at.ballot + view.ballot] = 1.0
    accusation = view.last_accusation
    if accusation is not None:
        for voter, target in enumerate(accusation.ballots):
            values[at.last_ballots + voter * players + target] = 1.0
        for tied in accusation.tied:
            values[at.tied + tied] = 1.0
    over = view.over
    if over is not None:
        values[at.over_reason + OVER_REASONS.index(over.reason)] = 1.0
        for winner in over.winners:
            values[at.winners + winner] = 1.0
    return values


def observation_bounds(config: Config) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Every float lies in 0 to 1: the flags are 0 or 1, a creation's place ``i / 7`` is
    at most 1 (7 cards), and each count is over its largest value: the turn over the
    Idea cards (a turn flips one, and none starts once they are gone), the piles over
    the Memory and Idea decks, the hand and the creation over 7, the successes over the
    6 that end the game and the failures over the count that starts the Final Twist
    (one is added a turn, and the game stops at it)."""
    size = _sections(config).size
    return (0.0,) * size, (1.0,) * size


ENCODING: Encoding[Config, State, Action, View] = Encoding(
    num_actions=num_actions, action_id=action_id, action_from_id=action_from_id,
    observation_shape=observation_shape, observation_tensor=observation_tensor,
    observation_bounds=observation_bounds, numbered=numbered,
)
"""Dany's fixed action ids and observation tensors (the game's ``encoding``)."""
