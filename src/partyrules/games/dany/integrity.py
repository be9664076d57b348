"""What a Dany state or view must be to load: :func:`validate`, :func:`validate_view`
and :func:`places`, and their checks.

A state that passes :func:`validate` is one the engine can go on from; a view that
passes :func:`validate_view` is one :func:`~partyrules.games.dany.views.view` could have
produced, so it renders. Each check raises :class:`CorruptState` with the path of the
bad value (``data.phase.ballots[2]``).
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import lru_cache
from typing import Literal, cast

from partyrules.core.errors import CorruptState
from partyrules.core.game import TABLE
from partyrules.games.dany.cards import CHOICES, DANY, HAND
from partyrules.games.dany.rules import end_of_game_trigger, sides
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
    View,
)

__all__ = ["places", "validate", "validate_view"]


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
