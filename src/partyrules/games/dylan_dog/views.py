"""What each seat may know in Dylan Dog, determinization for search, and narration.

Everything in Dylan Dog is public but the story cards (each seat sees only its own,
everyone's once the game is over), the order and contents of the crypts (counts, and
the mystery cards known to have been put back into each) and the order of the decks.
"""

from __future__ import annotations

import random

from partyrules.core.errors import IllegalAction
from partyrules.core.game import Presentation
from partyrules.core.i18n import DEFAULT_LANGUAGE, Catalogue
from partyrules.core.rng import Rng
from partyrules.core.rules import check_seat
from partyrules.games.dylan_dog.actions import (
    AcceptTrade,
    Action,
    AskCard,
    Challenge,
    ChangePlane,
    ChooseDistance,
    ChooseGate,
    ClaimCard,
    DeclineTrade,
    FaceHorror,
    ForceExchange,
    GiveCard,
    GoToReality,
    OfferCard,
    ProposeTrade,
    PutBack,
    Return,
    Roll,
    Rotate,
    Search,
    SendToReality,
    SkipExchange,
    Step,
    TakeCard,
    UseDylanDog,
    UseShadow,
)
from partyrules.games.dylan_dog.board import geometry
from partyrules.games.dylan_dog.cards import DYLAN_FACE, ROLES, Catalog, catalog
from partyrules.games.dylan_dog.rules import to_act, why_illegal
from partyrules.games.dylan_dog.state import (
    CardChoice,
    ChoosingDistance,
    Claiming,
    Config,
    EmptyCrypt,
    Exchange,
    Horror,
    Moving,
    Over,
    Pawn,
    PuttingBack,
    Returning,
    Searching,
    Shadow,
    State,
    Trading,
    TurnStart,
    View,
)

__all__ = ["PRESENTATION", "card_name", "describe_action", "determinize", "render_board",
           "render_view", "view"]

DETERMINIZE_TRIES = 200
"""How many random story deals :func:`determinize` tries before it keeps the real one."""


def view(state: State, seat: int | None) -> View:
    """What ``seat`` may know (None: a spectator, who holds no story)."""
    check_seat(state.config.players, seat, spectator=True)
    over = isinstance(state.phase, Over)
    stories = tuple(cards if over or other == seat else ()
                    for other, cards in enumerate(state.story))
    return View(
        seat=seat, config=state.config, to_act=to_act(state), active=state.active,
        turn=state.turn, rotation=state.rotation, pawns=state.pawns, stories=stories,
        held=state.held, revealed_shapes=state.revealed_shapes,
        crypt_sizes=tuple(len(content) for content in state.crypts),
        known_in_crypts=tuple(state.returned.intersection(content)
                              for content in state.crypts),
        nightmare_size=len(state.nightmare), dylan_dog_size=len(state.dylan_dog),
        removed=state.removed, die=state.die, drawn=state.drawn, phase=state.phase,
    )


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A full state ``seat`` cannot tell from ``state``: the other seats' stories dealt
    again from the story cards it has not seen (each still showing the shapes it
    revealed, none already completed by its mystery cards: it would have won), the
    crypts' unknown cards dealt again among the crypts, the decks reshuffled, a new rng.
    After :data:`DETERMINIZE_TRIES` failed deals the stories stay as they are."""
    check_seat(state.config.players, seat, spectator=False)
    story = state.story
    unused = state.unused_story
    if not isinstance(state.phase, Over):
        story, unused = _deal_stories(state, seat, rng)
    crypts = []
    unknown = [c for content in state.crypts for c in content if c not in state.returned]
    rng.shuffle(unknown)
    for content in state.crypts:
        known = [c for c in content if c in state.returned]
        take = len(content) - len(known)
        dealt = known + unknown[:take]
        del unknown[:take]
        rng.shuffle(dealt)
        crypts.append(tuple(dealt))
    nightmare = list(state.nightmare)
    dylan = list(state.dylan_dog)
    rng.shuffle(nightmare)
    rng.shuffle(dylan)
    return State(
        state.config, Rng.from_seed(rng.getrandbits(64)), state.active, state.turn,
        state.rotation, state.pawns, story, unused, state.held, tuple(crypts),
        tuple(nightmare), tuple(dylan), state.removed, state.returned,
        state.revealed_shapes, state.die, state.drawn, state.phase,
    )


def _deal_stories(state: State, seat: int,
                  rng: random.Random) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    known = catalog(state.config.the_cards())
    others = [s for s in range(state.config.players) if s != seat]
    pools = [[c for s in others for c in state.story[s] if known.role[c] == role]
             + [c for c in state.unused_story if known.role[c] == role]
             for role in range(len(ROLES))]
    for _ in range(DETERMINIZE_TRIES):
        for pool in pools:
            rng.shuffle(pool)
        story = list(state.story)
        for index, other in enumerate(others):
            story[other] = tuple(pool[index] for pool in pools)
        if all(_consistent(state, known, other, story[other]) for other in others):
            unused = sorted(c for pool in pools for c in pool[len(others):])
            return tuple(story), tuple(unused)
    return state.story, state.unused_story


def _consistent(state: State, known: Catalog, seat: int, story: tuple[int, ...]) -> bool:
    shapes = {known.shape[c] for c in story}
    if not state.revealed_shapes[seat] <= shapes:
        return False
    return not known.completes(story, state.held[seat])


# -- narration --------------------------------------------------------------------------------


def card_name(config: Config, card: int) -> str:
    """A readable name for any card id of ``config``'s decks."""
    cards = config.the_cards()
    known = catalog(cards)
    kind = known.kinds[card]
    if kind == "story":
        return f"story card \u201c{known.element[card]}\u201d ({known.shape[card]})"
    if kind == "mystery":
        return f"mystery card \u201c{known.element[card]}\u201d"
    if kind == "horror":
        horror = cards.horror[card - known.horror.start]
        needs = "Dylan Dog only" if horror.needs is None else f"{horror.needs}+"
        return f"horror card {horror.name} ({needs})"
    if kind == "nightmare":
        text = cards.nightmare[card - known.nightmare.start]
        detail = text.shape or text.crypt or (f"1-{text.most}" if text.most else "")
        name = text.effect.replace("_", " ")
        return f"nightmare card \u201c{name}\u201d" + (f" ({detail})" if detail else "")
    return "a Dylan Dog card"


def _face(face: int | None) -> str:
    return "Dylan Dog" if face == DYLAN_FACE else str(face)


def describe_action(state: State, action: Action, viewer: int | None = None,
                    language: str = DEFAULT_LANGUAGE) -> str:
    """One line saying what ``action`` does, before it is done: nothing hidden (a die
    throw, a crypt's card, the nightmare deck's top card) is told; what happened shows in
    the next view (``die``, ``drawn``, the cards held, the phase). Every card an action
    names is face up, so every viewer is told the same line. An action ``apply`` would
    refuse raises :class:`IllegalAction` with the same rule (a forged card id is not
    named: it could be a secret story card)."""
    reason = why_illegal(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    who = f"Seat {action.seat}"
    board = state.config.the_board()
    match action:
        case ProposeTrade(to=to):
            text = f"{who} proposes a trade to seat {to}"
        case OfferCard(card=card) | AskCard(card=card) | GiveCard(card=card) \
                | TakeCard(card=card) | PutBack(card=card) | ClaimCard(card=card):
            verb = {OfferCard: "offers", AskCard: "asks for", GiveCard: "gives",
                    TakeCard: "takes", PutBack: "puts back", ClaimCard: "claims"}[type(action)]
            text = f"{who} {verb} {card_name(state.config, card)}"
        case AcceptTrade():
            text = f"{who} accepts the trade"
        case DeclineTrade():
            text = f"{who} declines the trade"
        case Roll():
            text = f"{who} throws the die"
        case ChooseDistance(distance=distance):
            text = f"{who} chooses a distance of {distance}"
        case Challenge(target=target, horror=horror):
            text = f"{who} challenges seat {target} with {card_name(state.config, horror)}"
        case Step(direction=direction):
            text = f"{who} steps {direction}"
        case ChangePlane(plane=plane):
            text = f"{who} passes to the {plane} plane"
        case Rotate(direction=direction):
            text = f"{who} rotates the nightmare plane {direction}"
        case Search(slot=slot):
            text = f"{who} searches the crypt, slot {slot}"
        case UseDylanDog():
            text = f"{who} plays a Dylan Dog card"
        case FaceHorror():
            text = f"{who} faces the horror card"
        case UseShadow(card=card):
            text = f"{who} plays {card_name(state.config, card)}"
        case GoToReality():
            text = f"{who} goes back to reality"
        case ForceExchange(target=target):
            text = f"{who} forces an exchange with seat {target}"
        case SkipExchange():
            text = f"{who} skips the forced exchange"
        case ChooseGate(gate=gate):
            text = f"{who} enters the dimension through gate {_gate_name(board, gate)}"
        case SendToReality(target=target):
            text = f"{who} sends seat {target}'s pawn back to reality"
        case Return(square=square):
            text = f"{who} returns to the white square at sector {square}"
        case _:
            text = f"{who}: {action!r}"
    return text


def _gate_name(board: object, gate: object) -> str:
    gates = getattr(board, "gates", ())
    if type(gate) is int and 0 <= gate < len(gates):
        return str(gates[gate].name)
    return repr(gate)


def _pawn_label(seat: int) -> str:
    return chr(ord("A") + seat)


def render_board(state_or_view: State | View) -> str:
    """The three rings, sector by sector: reality (white squares, pawns), the nightmare
    square lying there under the current rotation (pawns), and what the mystery plane
    holds there (crypts, gates, the forced exchange, Dylan Dog's face); then the pawns
    on the mystery paths and in crypts. Pawns are letters: seat 0 is A."""
    board = state_or_view.config.the_board()
    geo = geometry(board)
    rotation = state_or_view.rotation
    pawns = state_or_view.pawns
    lines = [f"Nightmare plane rotated by {rotation} (square 0 at sector {rotation})",
             f"{'sector':>6}  {'reality':<12}{'nightmare':<26}mystery"]
    for sector in range(board.sectors):
        here = "".join(_pawn_label(s) for s, p in enumerate(pawns)
                       if p == Pawn("reality", sector))
        reality = ("white" if sector in geo.white else ".") + (f" {here}" if here else "")
        square = geo.square_at(sector, rotation)
        on = "".join(_pawn_label(s) for s, p in enumerate(pawns)
                     if p == Pawn("nightmare", square))
        kind = board.nightmare[square].replace("_", " ")
        nightmare = f"{square:>2} {kind}" + (f" {on}" if on else "")
        below = []
        if sector in geo.crypt_at:
            below.append(f"crypt {board.crypts[geo.crypt_at[sector]].name}")
        if sector in geo.gate_at:
            below.append(f"gate {board.gates[geo.gate_at[sector]].name}")
        if sector in geo.exchange:
            below.append("forced exchange")
        if sector in geo.faces:
            below.append("Dylan Dog's face")
        lines.append(f"{sector:>6}  {reality:<12}{nightmare:<26}{', '.join(below)}")
    for seat, pawn in enumerate(pawns):
        if pawn.plane == "mystery":
            gate = board.gates[pawn.gate]
            where = geo.path_square(pawn.gate, pawn.square)
            branch = f", branch to {board.crypts[pawn.branch].name}" if pawn.branch >= 0 else ""
            lines.append(f"{_pawn_label(seat)}: mystery path of gate {gate.name}, square "
                         f"{pawn.square} ({where}{branch})")
        elif pawn.plane == "crypt":
            lines.append(f"{_pawn_label(seat)}: at crypt {board.crypts[pawn.square].name}")
    return "\n".join(lines)


def _phase_line(view: View) -> str:
    phase = view.phase
    board = view.config.the_board()
    match phase:
        case TurnStart(offered_to=offered):
            if not offered:
                return "trade, throw or challenge"
            seats = ", ".join(str(seat) for seat in sorted(offered))
            return f"trade (already proposed to seat {seats}), throw or challenge"
        case Trading(partner=partner):
            return f"a trade with seat {partner}"
        case ChoosingDistance(most=most):
            return f"choose a distance from 1 to {most}"
        case Moving(left=left, mode=mode):
            what = {"first": "first turn: rotate the nightmare plane",
                    "move": "move", "rotate": "rotate the nightmare plane",
                    "step": "step the pawn"}[mode]
            return f"{what}, {left} left"
        case Searching(crypt=crypt):
            return f"search crypt {board.crypts[crypt].name}"
        case EmptyCrypt(crypt=crypt):
            return f"crypt {board.crypts[crypt].name} is empty"
        case Horror(seat=seat, card=card):
            return f"seat {seat} fights {card_name(view.config, card)}"
        case PuttingBack():
            return "put a mystery card back into the crypt"
        case Claiming(target=target):
            return f"claim one of seat {target}'s mystery cards"
        case Shadow():
            return "a shadow square: Dylan Dog, a shadow card, or back to reality"
        case Exchange():
            return "a forced exchange"
        case CardChoice(crypt=crypt):
            return "send a pawn to reality" if crypt == -1 else (
                f"enter the dimension of {board.crypts[crypt].name}: choose a gate")
        case Returning(seat=seat):
            return f"seat {seat} returns to a white square"
    return "the game is over"


def render_view(view: View) -> str:
    """A terminal rendering of a view: the board, then every seat's cards."""
    known = catalog(view.config.the_cards())
    board = view.config.the_board()
    lines = [render_board(view), "",
             f"Turn {view.turn + 1}: seat {view.active} ({_pawn_label(view.active)}) plays; "
             f"die: {'-' if view.die is None else _face(view.die)}; "
             f"now: {_phase_line(view)}",
             "Crypts: " + ", ".join(f"{crypt.name} {size}" for crypt, size in
                                    zip(board.crypts, view.crypt_sizes, strict=True)),
             f"Nightmare deck {view.nightmare_size}, Dylan Dog deck {view.dylan_dog_size}, "
             f"horror cards out of the game {len(view.removed)}"]
    if view.drawn is not None:
        lines.append(f"Last nightmare card drawn: {card_name(view.config, view.drawn)}")
    for seat, held in enumerate(view.held):
        cards = ", ".join(card_name(view.config, c) for c in held) or "no cards"
        shapes = sorted(view.revealed_shapes[seat])
        shown = f"; showed {', '.join(shapes)}" if shapes else ""
        lines.append(f"Seat {seat} ({_pawn_label(seat)}): {cards}{shown}")
    for seat, story in enumerate(view.stories):
        if story:
            mine = "Your" if seat == view.seat else f"Seat {seat}'s"
            lines.append(f"{mine} story: " + " - ".join(known.element[c] for c in story)
                         + " (shapes: " + ", ".join(known.shape[c] for c in story) + ")")
    if isinstance(view.phase, Over):
        lines.append(f"Game over ({view.phase.reason}): winners {sorted(view.phase.winners)}")
    return "\n".join(lines)


PRESENTATION = Presentation(
    catalogue=Catalogue("partyrules.games.dylan_dog"),
    how_to_play=(),
    reasons={},
    board="web/board.js",
)
"""What the game says and shows to people: its catalogue, its web board, its sentences."""
