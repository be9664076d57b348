"""Stage 4, Crew Activities: Agents, Lawyers and Hollywood Scandals cards.

Without Scandals the stage is one clockwise round from the distributor, each play
public and resolved at once. With Scandals every seat places hidden plays at once, then
all are revealed: Scandals cards go to their targets, Agents and Lawyers resolve one at
a time, seats clockwise from the distributor, each seat's plays in the order made. A
play is made one choice at a time: ``PlayCrew``, ``ChooseTarget``, then ``NameType``
for an Agent or a Lawyer. Each action's rule (``play_error`` ... ``answer_error``, asked
by :mod:`~partyrules.games.hollywood.rules` once the seat is known to act) sits beside
its effect (``apply_play`` ... ``apply_answer``).
"""

from __future__ import annotations

from typing import Any, Literal

from partyrules.core.records import replaced, without_every
from partyrules.games.hollywood.actions import (
    ChooseTarget,
    EndCrew,
    GiveCard,
    NameType,
    PayInstead,
    PlayCrew,
)
from partyrules.games.hollywood.cards import CardKind
from partyrules.games.hollywood.flow import end_crew
from partyrules.games.hollywood.state import (
    Answering,
    CrewPlanning,
    CrewTurn,
    Note,
    Play,
    State,
    evolve,
)

__all__ = [
    "AGENT_TYPES",
    "LAWYER_FEE",
    "LAWYER_TYPES",
    "answer_error",
    "apply_answer",
    "apply_end",
    "apply_name",
    "apply_play",
    "apply_target",
    "building",
    "crew_seat",
    "eligible",
    "end_error",
    "holds_lawyer",
    "holds_named_type",
    "must_answer",
    "name_error",
    "named_types",
    "play_error",
    "playable",
    "target_error",
    "types_named_by",
]

AGENT_TYPES = ("script", "director", "actor", "actress")
"""An Agent names one of these card types."""
LAWYER_TYPES = ("director", "actor", "actress")
"""A Lawyer names one of these card types."""
LAWYER_FEE = 2
"""Lawyer: 2 million instead of the card."""


def _effect(state: State, card: int) -> str:
    return state.config.deck().cards[card].effect


def playable(state: State, seat: int, hand: tuple[int, ...]) -> tuple[int, ...]:
    """Stage 4: the Agents, Lawyers and Scandals cards of a hand."""
    kinds = state.config.deck().cards
    return tuple(c for c in hand if kinds[c].effect in ("agent", "lawyer") or kinds[c].scandal)


def holds_lawyer(state: State, hand: tuple[int, ...]) -> bool:
    """Lawyer: "you must play a Lawyer if you have one"."""
    return any(_effect(state, card) == "lawyer" for card in hand)


def named_types(state: State, card: int) -> tuple[str, ...]:
    """The types an Agent or a Lawyer may name (none for a Scandals card)."""
    return types_named_by(state.config.deck().cards[card])


def types_named_by(kind: CardKind) -> tuple[str, ...]:
    """The types a card of this kind names when played: an Agent's four, a Lawyer's
    three, none for a Scandals card."""
    return AGENT_TYPES if kind.effect == "agent" else LAWYER_TYPES \
        if kind.effect == "lawyer" else ()


def eligible(state: State, target: int, named: str) -> tuple[int, ...]:
    """The cards of ``target``'s hand able to take the named role (dual-role cards count
    for both roles; Scandals cards never)."""
    kinds = state.config.deck().cards
    return tuple(c for c in state.hands[target]
                 if not kinds[c].scandal and _of_type(kinds[c], named))


def _of_type(kind: CardKind, named: str) -> bool:
    return kind.kind == named or (kind.kind == "dual" and named in kind.roles)


def holds_named_type(state: State, target: int, named: str) -> bool:
    """Whether ``target`` "has a card of the named type", Scandals cards included: they
    may not be given, but they are still cards of their type."""
    kinds = state.config.deck().cards
    return any(_of_type(kinds[c], named) for c in state.hands[target])


def must_answer(state: State, play: Play) -> bool:
    """Whether the target of an Agent or a Lawyer has to answer it: it holds a card it may
    give, or, against a Lawyer, a card of the named type at all (one whose only such cards
    are Scandals cards may not give them, so it pays instead)."""
    if eligible(state, play.target, play.named):
        return True
    return _effect(state, play.card) == "lawyer" and holds_named_type(
        state, play.target, play.named)


def crew_seat(state: State) -> int | None:
    """The seat whose Crew Activities turn it is (sequential stage), else None."""
    phase = state.phase
    if isinstance(phase, CrewTurn):
        return phase.seat
    return None


def building(state: State, seat: int) -> Play | None:
    """The play ``seat`` is making, if any."""
    phase = state.phase
    if isinstance(phase, CrewTurn) and phase.seat == seat:
        return phase.building
    if isinstance(phase, CrewPlanning):
        return phase.building[seat]
    return None


# -- the rules -----------------------------------------------------------------------------------


def play_error(state: State, action: PlayCrew) -> str | None:
    """Stage 4: an Agent, a Lawyer or a Scandals card of one's hand."""
    if building(state, action.seat) is not None:
        return "Stage 4: finish the play in progress first"
    if type(action.card) is not int or action.card not in playable(
            state, action.seat, state.hands[action.seat]):
        return "Stage 4: play an Agent, a Lawyer or a Scandals card of your hand"
    return None


def target_error(state: State, action: ChooseTarget) -> str | None:
    """Stage 4: the card is played against another player."""
    play = building(state, action.seat)
    if play is None or play.target != -1:
        return "Stage 4: play a card first, then choose its target"
    target = action.target
    if type(target) is not int or not 0 <= target < state.config.players \
            or target == action.seat:
        return f"Stage 4: the target is another seat, not {target!r}"
    return None


def name_error(state: State, action: NameType) -> str | None:
    """Agent: script, director, actor or actress; Lawyer: director, actor or actress."""
    play = building(state, action.seat)
    if play is None or play.target == -1:
        return "Stage 4: choose the target first"
    types = named_types(state, play.card)
    if not isinstance(action.kind, str) or action.kind not in types:
        return f"Stage 4: name one of {list(types)}"
    return None


def end_error(state: State, action: EndCrew) -> str | None:
    """Lawyer: "you must play a Lawyer if you have one"."""
    if building(state, action.seat) is not None:
        return "Stage 4: finish the play in progress first"
    if holds_lawyer(state, state.hands[action.seat]):
        return "Lawyer: you must play your Lawyer"
    return None


def answer_error(state: State, action: GiveCard | PayInstead) -> str | None:
    """Stage 4: the target gives a card of the named type (not a Scandals card), or,
    against a Lawyer, pays 2 million instead."""
    phase = state.phase
    assert isinstance(phase, Answering)
    play = phase.queue[0]
    if isinstance(action, PayInstead):
        if state.config.deck().cards[play.card].effect != "lawyer":
            return "Stage 4: only a Lawyer's target may pay instead"
        return None
    cards = eligible(state, play.target, play.named)
    if not cards:
        return (f"Stage 4: your only {play.named} cards are Scandals cards, which may not "
                "be given: pay instead")
    if type(action.card) is not int or action.card not in cards:
        return f"Stage 4: give one of your {play.named} cards: {sorted(cards)}"
    return None


# -- effects -------------------------------------------------------------------------------------


def apply_play(state: State, action: PlayCrew) -> State:
    seat = action.seat
    hands = replaced(state.hands, seat, without_every(state.hands[seat], action.card))
    return _with_building(state, {"hands": hands}, seat, Play(seat, action.card))


def apply_target(state: State, action: ChooseTarget) -> State:
    play = building(state, action.seat)
    assert play is not None
    play = Play(play.owner, play.card, action.target)
    if named_types(state, play.card):
        return _with_building(state, {}, action.seat, play)
    return _complete(state, {}, play)


def apply_name(state: State, action: NameType) -> State:
    play = building(state, action.seat)
    assert play is not None
    return _complete(state, {}, Play(play.owner, play.card, play.target, action.kind))


def _with_building(state: State, changes: dict[str, Any], seat: int,
                   play: Play | None) -> State:
    phase = state.phase
    if isinstance(phase, CrewTurn):
        changes["phase"] = CrewTurn(phase.seat, phase.left, play)
    else:
        assert isinstance(phase, CrewPlanning)
        changes["phase"] = CrewPlanning(phase.plans, replaced(phase.building, seat, play),
                                        phase.ended)
    return evolve(state, changes)


def _complete(state: State, changes: dict[str, Any], play: Play) -> State:
    """A play is fully made: public and resolved at once (base game), or added to the
    seat's hidden plan (Scandals)."""
    phase = state.phase
    if isinstance(phase, CrewPlanning):
        seat = play.owner
        changes["phase"] = CrewPlanning(
            replaced(phase.plans, seat, (*phase.plans[seat], play)),
            replaced(phase.building, seat, None), phase.ended)
        return evolve(state, changes)
    assert isinstance(phase, CrewTurn)
    return _resolve(state, changes, (play,), CrewTurn(phase.seat, phase.left, None))


def _resolve(state: State, changes: dict[str, Any], queue: tuple[Play, ...],
             then: CrewTurn | None) -> State:
    """Resolve plays in order until one waits on its target's answer."""
    while queue:
        play, queue = queue[0], queue[1:]
        moved = evolve(state, changes)
        if not named_types(moved, play.card):  # a Scandals card: set aside for the target
            set_aside = moved.set_aside
            changes["set_aside"] = replaced(set_aside, play.target,
                                            (*set_aside[play.target], play.card))
            changes["plays"] = (*moved.plays, Play(play.owner, play.card, play.target,
                                                   "", "scandal"))
            continue
        if must_answer(moved, play):
            changes["phase"] = Answering((play, *queue), then)
            return evolve(state, changes)
        changes["discard"] = (*moved.discard, play.card)
        changes["plays"] = (*moved.plays, Play(play.owner, play.card, play.target,
                                               play.named, "none"))
    return _next_crew(state, changes, then)


def _next_crew(state: State, changes: dict[str, Any], then: CrewTurn | None) -> State:
    if then is not None:
        changes["phase"] = then
        return evolve(state, changes)
    return end_crew(state, changes)


def apply_answer(state: State, action: GiveCard | PayInstead) -> State:
    """The target gives a card of the named type (set aside for the player), or pays
    the Lawyer's owner 2 million (all its money if less). The Agent or Lawyer goes to
    the common discard pile."""
    phase = state.phase
    assert isinstance(phase, Answering)
    play, rest = phase.queue[0], phase.queue[1:]
    target, owner = play.target, play.owner
    changes: dict[str, Any] = {"discard": (*state.discard, play.card)}
    log = state.log
    result: Literal["gave", "paid"]
    if isinstance(action, GiveCard):
        hands = replaced(state.hands, target, without_every(state.hands[target], action.card))
        changes["hands"] = hands
        changes["set_aside"] = replaced(state.set_aside, owner,
                                        (*state.set_aside[owner], action.card))
        log = replaced(log, target, (*log[target], Note("gave", action.card, owner)))
        log = replaced(log, owner, (*log[owner], Note("received", action.card, target)))
        result = "gave"
    else:
        fee = min(LAWYER_FEE, state.money[target])
        money = replaced(state.money, target, state.money[target] - fee)
        changes["money"] = replaced(money, owner, money[owner] + fee)
        result = "paid"
    changes.update(log=log, plays=(*state.plays, Play(owner, play.card, target, play.named,
                                                       result)))
    return _resolve(state, changes, rest, phase.then)


def apply_end(state: State, action: EndCrew) -> State:
    """The seat makes no more plays: the round moves on, or (Scandals) once every seat
    has ended all plays are revealed and resolved."""
    phase = state.phase
    if isinstance(phase, CrewTurn):
        if phase.left == 0:
            return end_crew(state, {})
        following = (phase.seat + 1) % state.config.players
        return evolve(state, {"phase": CrewTurn(following, phase.left - 1, None)})
    assert isinstance(phase, CrewPlanning)
    ended = phase.ended | {action.seat}
    if len(ended) < state.config.players:
        return evolve(state, {"phase": CrewPlanning(phase.plans, phase.building, ended)})
    players = state.config.players
    order = [(state.distributor + i) % players for i in range(players)]
    queue = tuple(play for seat in order for play in phase.plans[seat])
    revealed = tuple(Play(p.owner, p.card, p.target, p.named) for p in queue)
    return _resolve(evolve(state, {"phase": Answering((), None)}), {"plays": ()},
                    revealed, None)
