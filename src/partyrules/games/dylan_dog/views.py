"""What each seat may know in Dylan Dog, determinization for search, and narration.

Everything in Dylan Dog is public but the story cards (each seat sees only its own,
everyone's once the game is over), the order and contents of the crypts (counts, and
the mystery cards known to have been put back into each) and the order of the decks.
"""

from __future__ import annotations

import random
from types import MappingProxyType

from partyrules.core.errors import IllegalAction
from partyrules.core.game import Presentation
from partyrules.core.i18n import DEFAULT_LANGUAGE, N_, Catalogue, seat_name
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
from partyrules.games.dylan_dog.board import CLOCKWISE, COUNTERCLOCKWISE, geometry
from partyrules.games.dylan_dog.cards import DYLAN_FACE, ROLES, Board, Catalog, catalog
from partyrules.games.dylan_dog.moves import CRYPT, GATE
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

__all__ = ["CATALOGUE", "DEFAULT_WORDS", "EFFECT_NAMES", "PRESENTATION", "card_name",
           "describe_action", "determinize", "honest_random_action", "render_board",
           "render_view", "view", "white_letter", "word"]

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


honest_random_action = None
"""None: ``random_action`` draws from the seat's view already (the rules module's
``RANDOM_ACTION_FROM_VIEW``)."""


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

CATALOGUE = Catalogue("partyrules.games.dylan_dog")
"""The game's messages: the narration here, the web board's words (``web/board.js``)."""
_ = CATALOGUE.gettext

DEFAULT_WORDS = (
    # The story elements of data/cards.json, read in sequence as a story ("you - are
    # chased - to the castle - by the vampire").
    N_("you"), N_("Groucho"), N_("Inspector Bloch"), N_("your client"), N_("your double"),
    N_("a stranger"),
    N_("are chased"), N_("are lured"), N_("are trapped"), N_("are haunted"),
    N_("are kidnapped"), N_("are hypnotised"),
    N_("to the castle"), N_("to the cemetery"), N_("to the lighthouse"), N_("to the asylum"),
    N_("to the wax museum"), N_("to the abandoned station"),
    N_("by the vampire"), N_("by the werewolf"), N_("by the zombies"), N_("by the ghost"),
    N_("by the killer"), N_("by the witch"),
    # The shadow shapes of the story and shadow cards.
    N_("bat"), N_("raven"), N_("spider"), N_("skull"), N_("black cat"), N_("crescent moon"),
    # The horror cards (Xabaras is a name).
    N_("The Grey Lady"), N_("The Crawling Hand"), N_("The Bog Corpse"), N_("The Wax Twin"),
    N_("The Night Nurse"), N_("The Drowned Bride"), N_("The Scarecrow"), N_("The Hollow Monk"),
    N_("The Beast of the Moor"), N_("The Killer Clown"), N_("Death Herself"),
    # The story cards' four roles.
    N_("investigator"), N_("action"), N_("location"), N_("fear"),
)
"""The words of the default board and decks (``data/``) that are not names, marked for
the catalogue: a custom deck's own words are shown as written. The crypts and gates keep
the names printed on the board (Mente, Infinito, Paranormale, Tempo)."""

EFFECT_NAMES = MappingProxyType({
    "no_effect": N_("no effect"),
    "shadow": N_("shadow"),
    "enter_dimension": N_("enter dimension"),
    "go_to_crypt": N_("go to crypt"),
    "back_to_reality": N_("back to reality"),
    "take_dylan_dog": N_("take dylan dog"),
    "send_to_reality": N_("send to reality"),
    "rotate": N_("rotate"),
    "step_again": N_("step again"),
})
"""Each nightmare card's effect as its card names it."""


def word(language: str, text: str) -> str:
    """A word of the board or the decks (an element, a shape, a horror card's name) in
    ``language``: the catalogue's translation of the default data, else as written."""
    return _(language, text) if text else text


def card_name(config: Config, card: int, language: str = DEFAULT_LANGUAGE) -> str:
    """A readable name for any card id of ``config``'s decks, in ``language``."""
    cards = config.the_cards()
    known = catalog(cards)
    kind = known.kinds[card]
    if kind == "story":
        return _(language, "story card \u201c{element}\u201d ({shape})").format(
            element=word(language, known.element[card]), shape=word(language, known.shape[card]))
    if kind == "mystery":
        return _(language, "mystery card \u201c{element}\u201d").format(
            element=word(language, known.element[card]))
    if kind == "horror":
        horror = cards.horror[card - known.horror.start]
        name = word(language, horror.name)
        if horror.needs is None:
            return _(language, "horror card {name} (Dylan Dog only)").format(name=name)
        return _(language, "horror card {name} ({needs}+)").format(name=name, needs=horror.needs)
    if kind == "nightmare":
        text = cards.nightmare[card - known.nightmare.start]
        effect = EFFECT_NAMES.get(text.effect, text.effect.replace("_", " "))
        name = _(language, "nightmare card \u201c{effect}\u201d").format(
            effect=_(language, effect))
        if text.shape:
            return _(language, "{card} ({detail})").format(card=name,
                                                          detail=word(language, text.shape))
        if text.crypt:
            return _(language, "{card} ({detail})").format(card=name, detail=text.crypt)
        if text.most:
            return _(language, "{card} (1-{most})").format(card=name, most=text.most)
        return name
    return _(language, "a Dylan Dog card")


def _face(face: int | None) -> str:
    return "Dylan Dog" if face == DYLAN_FACE else str(face)


def describe_action(state: State, action: Action, viewer: int | None = None,
                    language: str = DEFAULT_LANGUAGE) -> str:
    """One line saying what ``action`` does, before it is done, in ``language``: nothing
    hidden (a die throw, a crypt's card, the nightmare deck's top card) is told; what
    happened shows in the next view (``die``, ``drawn``, the cards held, the phase).
    Every card an action names is face up, so every viewer is told the same line. An
    action ``apply`` would refuse raises :class:`IllegalAction` with the same rule (a
    forged card id is not named: it could be a secret story card)."""
    reason = why_illegal(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    who = seat_name(language, action.seat)
    config = state.config
    board = config.the_board()

    def card(number: int) -> str:
        return card_name(config, number, language)

    def seat(number: int) -> str:
        return seat_name(language, number)

    match action:
        case ProposeTrade(to=to):
            return _(language, "{who} proposes a trade to {seat}").format(who=who, seat=seat(to))
        case OfferCard(card=number):
            return _(language, "{who} offers {card}").format(who=who, card=card(number))
        case AskCard(card=number):
            return _(language, "{who} asks for {card}").format(who=who, card=card(number))
        case GiveCard(card=number):
            return _(language, "{who} gives {card}").format(who=who, card=card(number))
        case TakeCard(card=number):
            return _(language, "{who} takes {card}").format(who=who, card=card(number))
        case PutBack(card=number):
            return _(language, "{who} puts back {card}").format(who=who, card=card(number))
        case ClaimCard(card=number):
            return _(language, "{who} claims {card}").format(who=who, card=card(number))
        case AcceptTrade():
            return _(language, "{who} accepts the trade").format(who=who)
        case DeclineTrade():
            return _(language, "{who} declines the trade").format(who=who)
        case Roll():
            return _(language, "{who} throws the die").format(who=who)
        case ChooseDistance(distance=distance):
            return _(language, "{who} chooses a distance of {distance}").format(
                who=who, distance=distance)
        case Challenge(target=target, horror=horror):
            return _(language, "{who} challenges {seat} with {card}").format(
                who=who, seat=seat(target), card=card(horror))
        case Step(direction=direction):
            return _step(language, board, who, direction)
        case ChangePlane(plane=plane):
            return _(language, _PLANE_CHANGES[plane]).format(who=who)
        case Rotate(direction=direction):
            if direction == CLOCKWISE:
                return _(language, "{who} rotates the nightmare plane clockwise").format(who=who)
            return _(language, "{who} rotates the nightmare plane counterclockwise").format(
                who=who)
        case Search(slot=slot):
            return _(language, "{who} searches the crypt, card {number}").format(
                who=who, number=slot + 1)
        case UseDylanDog():
            return _(language, "{who} plays a Dylan Dog card").format(who=who)
        case FaceHorror():
            return _(language, "{who} faces the horror card").format(who=who)
        case UseShadow(card=number):
            return _(language, "{who} plays {card}").format(who=who, card=card(number))
        case GoToReality():
            return _(language, "{who} goes back to reality").format(who=who)
        case ForceExchange(target=target):
            return _(language, "{who} forces an exchange with {seat}").format(
                who=who, seat=seat(target))
        case SkipExchange():
            return _(language, "{who} skips the forced exchange").format(who=who)
        case ChooseGate(gate=gate):
            return _(language, "{who} enters the dimension through gate {gate}").format(
                who=who, gate=_gate_name(board, gate))
        case SendToReality(target=target):
            return _(language, "{who} sends {seat}'s pawn back to reality").format(
                who=who, seat=seat(target))
        case Return(square=square):
            return _(language, "{who} returns to white square {letter} (sector {square})").format(
                who=who, letter=white_letter(board, square), square=square)
    return f"{who}: {action!r}"


_PLANE_CHANGES = MappingProxyType({
    "reality": N_("{who} passes to the reality plane"),
    "nightmare": N_("{who} passes to the nightmare plane"),
    "mystery": N_("{who} passes to the mystery plane"),
})


def _step(language: str, board: Board, who: str, direction: str) -> str:
    if direction == CLOCKWISE:
        return _(language, "{who} steps clockwise").format(who=who)
    if direction == COUNTERCLOCKWISE:
        return _(language, "{who} steps counterclockwise").format(who=who)
    if direction == GATE:
        return _(language, "{who} steps back toward the gate").format(who=who)
    if direction == CRYPT:
        return _(language, "{who} steps on toward the crypt").format(who=who)
    return _(language, "{who} takes the path to crypt {crypt}").format(who=who, crypt=direction)


def white_letter(board: Board, sector: int) -> str:
    """The letter of the white square at ``sector`` (the first white square is A), as
    the web board shows it."""
    return chr(ord("A") + board.white_squares.index(sector))


def _gate_name(board: Board, gate: object) -> str:
    if type(gate) is int and 0 <= gate < len(board.gates):
        return str(board.gates[gate].name)
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
    catalogue=CATALOGUE,
    how_to_play=(
        N_("Each of you is caught in a nightmare: four secret story cards tell it (you - "
           "are chased - to the castle - by the vampire). To get out, find the four mystery "
           "cards of your story in the crypts. The first to hold all four wins."),
        N_("The board has three planes: reality outside, the nightmare plane in the "
           "middle, which turns, and the mystery plane in the centre with its four crypts. "
           "Your pawn starts on a white square of reality."),
        N_("On your first turn, throw the die and turn the nightmare plane by that many "
           "squares. Later, throw and spend the number one square at a time: step your "
           "pawn, change plane, or turn the nightmare plane. Dylan Dog's face on the die "
           "lets you choose from 1 to 6."),
        N_("You pass from reality to the nightmare plane anywhere but on a white square. "
           "A passage square lined up with a gate takes you down to the mystery plane; its "
           "path leads to two crypts. Stopping with the exact throw on an enter-crypt square "
           "lined up with a crypt takes you straight in."),
        N_("In a crypt you draw a face-down card: a mystery card is yours, a horror card "
           "must be beaten by the die (or a Dylan Dog card). Then you jump back to reality. "
           "Shadow squares send you back too, unless you play a Dylan Dog card or a shadow "
           "card matching your story."),
        N_("Before throwing you may propose a one-for-one card trade. Nightmare-card "
           "squares draw a card and do what it says; a window over Dylan Dog's face gives "
           "a Dylan Dog card; the forced-exchange square lets you take a card from anyone. "
           "A game at the web table may also end at its turn limit, with no winner."),
    ),
    reasons={
        "four_mystery_cards": N_("A player found the four mystery cards of their story "
                                 "and escaped the nightmare."),
        "turn_limit": N_("The turn limit was reached: nobody escaped the nightmare."),
    },
    action_names={
        "ProposeTrade": N_("Propose a trade"),
        "OfferCard": N_("Offer a card"),
        "AskCard": N_("Ask for a card"),
        "AcceptTrade": N_("Accept the trade"),
        "DeclineTrade": N_("Decline the trade"),
        "Roll": N_("Throw the die"),
        "ChooseDistance": N_("Choose how far"),
        "Challenge": N_("Challenge with a horror card"),
        "Step": N_("Move your pawn"),
        "ChangePlane": N_("Change plane"),
        "Rotate": N_("Turn the nightmare plane"),
        "Search": N_("Draw a card from the crypt"),
        "UseDylanDog": N_("Play a Dylan Dog card"),
        "FaceHorror": N_("Face the horror card"),
        "UseShadow": N_("Play a shadow card"),
        "GoToReality": N_("Go back to reality"),
        "PutBack": N_("Put a mystery card back"),
        "ClaimCard": N_("Take a mystery card"),
        "ForceExchange": N_("Force an exchange"),
        "TakeCard": N_("Take a card"),
        "GiveCard": N_("Give a card"),
        "SkipExchange": N_("Skip the exchange"),
        "ChooseGate": N_("Choose a gate"),
        "SendToReality": N_("Send a pawn to reality"),
        "Return": N_("Choose a white square"),
    },
    options={
        "players": N_("How many players (3 to 6)"),
        "first_player": N_("The seat that plays first"),
        "offers_per_turn": N_("How many trades a player may propose before throwing "
                              "(empty: one to each other player)"),
        "turn_limit": N_("After how many turns in all the game ends with no winner "
                         "(empty: never)"),
        "board": N_("A board of your own (empty: the standard board)"),
        "cards": N_("Decks of your own (empty: the standard cards)"),
    },
    board="web/board.js",
    board_style="web/board.css",
)
"""What the game says and shows to people: its catalogue, its web board, its sentences."""
