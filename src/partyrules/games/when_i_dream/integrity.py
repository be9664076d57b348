"""What a When I Dream state or view must be to load: :func:`validate`,
:func:`validate_view` and :func:`places`, and their checks.

A state that loads is one the engine can go on from: every bound below is one the rules
keep (an action listed in a valid state gives a valid state), so a forged value is
refused here, on load, and never reaches the reducer. A view that loads is one
:func:`~partyrules.games.when_i_dream.views.view` gives for a valid state. Each check
raises :class:`CorruptState` with the path of the bad value; the docs page lists the
bounds.
"""

from __future__ import annotations

from collections.abc import Hashable

from partyrules.core.errors import CorruptState
from partyrules.core.passed import Passed
from partyrules.games.when_i_dream.cards import round_gains, spirits_for
from partyrules.games.when_i_dream.rules import acting, clue_cap_reached, final_standing
from partyrules.games.when_i_dream.state import (
    Config,
    Dreaming,
    Judging,
    JudgingRecount,
    Over,
    Phase,
    RoundResult,
    State,
    Tiebreak,
    View,
)

__all__ = ["places", "validate", "validate_view"]


def places(state: State) -> dict[str, tuple[Hashable, ...]]:
    """Every Dream and Spirit card by where it lies."""
    found: dict[str, tuple[Hashable, ...]] = {
        "deck": tuple(("dream", card) for card in state.deck),
        "box": tuple(("dream", card) for card in state.box),
        "current": () if state.current is None else (("dream", state.current),),
        "fairy": tuple(("dream", card) for card, _ in state.fairy),
        "boogeyman": tuple(("dream", card) for card, _ in state.boogeyman),
        "leftover": (("spirit", state.leftover),),
    }
    for seat, cards in enumerate(state.penalties):
        found[f"penalties[{seat}]"] = tuple(("dream", card) for card in cards)
    for seat, spirit in enumerate(state.spirits):
        if spirit is not None:
            found[f"spirits[{seat}]"] = (("spirit", spirit),)
    return found


def validate(state: State) -> None:
    """Raise :class:`CorruptState` naming the path when ``state`` breaks an invariant:
    seats, cards and counts out of range, a card in two places or in none, a phase that
    does not fit the round, counts past what the rules can reach."""
    if not isinstance(state, State):
        raise CorruptState(f"expected a when_i_dream State, got {type(state).__name__}")
    config = state.config
    players = config.players
    for name in ("penalties", "points", "spirits"):
        _check_per_seat(getattr(state, name), players, f"data.{name}")
    if state.side not in ("top", "bottom"):
        raise CorruptState(f"side is 'top' or 'bottom', not {state.side!r}", "data.side")
    # The public record is checked once for the states that share it (see _PUBLIC); the
    # penalty piles stand for their counts.
    public = (config, state.round, state.dreamer, state.phase, state.clues, state.guesses,
              state.points, state.penalties, state.last_round)
    if not _PUBLIC.holds(public):
        penalty_counts = tuple(len(cards) for cards in state.penalties)
        _check_public(config, state.round, state.dreamer, state.phase, state.clues,
                      state.guesses, state.points, penalty_counts, state.last_round)
        _PUBLIC.remember(public)
    _check_spirits(state)
    _check_dream_cards(state)
    _check_piles(state)


_PUBLIC = Passed()
"""The round, phase, clues, guesses, points and penalty piles the checks of the public
record last passed: the states ``determinize`` redeals from a state share them."""


def validate_view(view: View) -> None:
    """Raise :class:`CorruptState` naming the path when ``view`` is not one that
    ``view(state, seat)`` gives for a valid state: what the seat may not see is blank,
    what it sees fits the round, counts add up to the deck."""
    if not isinstance(view, View):
        raise CorruptState(f"expected a when_i_dream View, got {type(view).__name__}")
    config = view.config
    players = config.players
    if view.seat is not None:
        _check_seat(view.seat, players, "data.seat", "the viewer")
    for name in ("points", "penalty_counts"):
        _check_per_seat(getattr(view, name), players, f"data.{name}")
    for seat, count in enumerate(view.penalty_counts):
        if type(count) is not int or count < 0:
            raise CorruptState(f"a count of penalty cards, not {count!r}",
                               f"data.penalty_counts[{seat}]")
    _check_public(config, view.round, view.dreamer, view.phase, view.clues, view.guesses,
                  view.points, view.penalty_counts, view.last_round)
    expected = acting(config, view.dreamer, view.phase)
    if view.to_act != expected:
        raise CorruptState(f"in this phase the seats to act are {sorted(expected)}, not "
                           f"{sorted(view.to_act)}", "data.to_act")
    spirit_eyes = view.seat is not None and view.seat != view.dreamer
    if not spirit_eyes:
        _check_dreamers_blanks(view)
    else:
        if type(view.spirit) is not int or view.spirit not in spirits_for(players):
            raise CorruptState(f"a Spirit holds one of the Spirit cards "
                               f"{list(spirits_for(players))}, not {view.spirit!r}",
                               "data.spirit")
        _check_spirits_sight(view)
    in_play = 1 if isinstance(view.phase, (Dreaming, Judging)) else 0
    for name in ("deck_size", "box_size"):
        size = getattr(view, name)
        if type(size) is not int or size < 0:
            raise CorruptState(f"a count of cards, not {size!r}", f"data.{name}")
    counted = (view.deck_size + view.box_size + sum(view.penalty_counts)
               + _pile_count(view.phase, view.guesses) + in_play)
    if counted != len(config.dreams()):
        raise CorruptState(f"the deck, the box, the penalty cards, the piles and the card in "
                           f"play hold {counted} Dream cards, not the deck's "
                           f"{len(config.dreams())}", "data.deck_size")


def _check_seat(value: object, players: int, path: str, what: str = "a seat") -> None:
    if type(value) is not int or not 0 <= value < players:
        raise CorruptState(f"{what} is a seat from 0 to {players - 1}, not {value!r}", path)


def _check_giver(value: object, players: int, dreamer: int, path: str,
                 what: str = "a clue-giver") -> None:
    _check_seat(value, players, path, what)
    if value == dreamer:
        raise CorruptState(f"{what} is a Spirit, not the Dreamer (seat {dreamer})", path)


def _check_per_seat(values: object, players: int, path: str) -> None:
    if not isinstance(values, tuple) or len(values) != players:
        raise CorruptState(f"one entry per seat ({players})", path)


def _check_text(text: object, path: str, what: str) -> None:
    """Free text the rules accept: a string holding more than white space."""
    if not isinstance(text, str) or not text.strip():
        raise CorruptState(f"{what} is text, not blank: {text!r}", path)


def _check_card(card: object, size: int, path: str) -> None:
    if type(card) is not int or not 0 <= card < size:
        raise CorruptState(f"a Dream card is a number from 0 to {size - 1}, not {card!r}",
                           path)


def _check_distinct(places: list[tuple[tuple[object, ...], str]], size: int) -> None:
    """Each card of each place a card of the deck, and no card twice. A place is its
    cards and the path of its ``{}``-th card; the paths are written only to name a bad
    card (this runs on every load)."""
    cards = [card for place, _ in places for card in place]
    if all(type(card) is int and 0 <= card < size for card in cards) \
            and len(set(cards)) == len(cards):
        return
    seen: dict[object, str] = {}
    for place, path_of in places:
        for index, card in enumerate(place):
            path = path_of.format(index)
            _check_card(card, size, path)
            if card in seen:
                raise CorruptState(f"Dream card {card} is also at {seen[card]}", path)
            seen[card] = path


def _pile_count(phase: Phase, guesses: tuple[str, ...]) -> int:
    """The cards under the two score cards: one per guess this round (the guess the table
    is judging is not placed yet); none once the game is over (the last round's piles are
    in the box, its guesses still on the table)."""
    if isinstance(phase, (Tiebreak, Over)):
        return 0
    return len(guesses) - (1 if isinstance(phase, Judging) else 0)


def _check_public(config: Config, round_: int, dreamer: int, phase: Phase,
                  clues: tuple[tuple[int, str], ...], guesses: tuple[str, ...],
                  points: tuple[int, ...], penalty_counts: tuple[int, ...],
                  last_round: RoundResult | None) -> None:
    """What a state and every view share: the round, the phase, the clues and guesses,
    the points and the last round's result."""
    players = config.players
    if type(round_) is not int or not 1 <= round_ <= players:
        raise CorruptState(f"the round is 1 to {players}, not {round_!r}", "data.round")
    expected_dreamer = (config.first_dreamer + round_ - 1) % players
    if dreamer != expected_dreamer or type(dreamer) is not int:
        raise CorruptState(f"in round {round_} the Dreamer is seat {expected_dreamer} (each "
                           f"seat dreams once, clockwise from the first Dreamer), not "
                           f"{dreamer!r}", "data.dreamer")
    ended = isinstance(phase, (Tiebreak, Over))
    if ended and round_ != players:
        raise CorruptState(f"the game ends after round {players}, not in round {round_}",
                           "data.round")
    cards = len(config.dreams())
    # 4. A round scores at most its piles plus 2 (a Sandman's even piles) and the piles
    # hold at most the whole deck: points past that were never scored.
    scored = players if ended else round_ - 1
    most = scored * (cards + 2)
    for seat, value in enumerate(points):
        if type(value) is not int or not 0 <= value <= most:
            raise CorruptState(f"after {scored} rounds scored, dream points are 0 to {most} "
                               f"(at most the deck plus 2 a round), not {value!r}",
                               f"data.points[{seat}]")
    if not all(type(guess) is str and guess.strip() for guess in guesses):
        for index, guess in enumerate(guesses):
            _check_text(guess, f"data.guesses[{index}]", "a guess")
    if len(guesses) > cards:
        raise CorruptState(f"{len(guesses)} guesses in a round, more than the deck's {cards} "
                           "cards (each guess puts one under a score card)", "data.guesses")
    givers = set(range(players)) - {dreamer}
    if not all(type(clue) is tuple and len(clue) == 2 and type(clue[0]) is int
               and clue[0] in givers and type(clue[1]) is str and clue[1].strip()
               for clue in clues):
        for index, clue in enumerate(clues):
            if not isinstance(clue, tuple) or len(clue) != 2:
                raise CorruptState("a clue is (seat, word)", f"data.clues[{index}]")
            _check_giver(clue[0], players, dreamer, f"data.clues[{index}][0]",
                         "a clue's author")
            _check_text(clue[1], f"data.clues[{index}][1]", "a clue")
    _check_phase(config, dreamer, phase, clues, guesses)
    _check_clue_count(config, phase, clues, guesses, penalty_counts)
    _check_last_round(config, round_, dreamer, phase, guesses, last_round)
    if isinstance(phase, (Tiebreak, Over)):
        _check_end(phase, points, penalty_counts)


def _check_phase(config: Config, dreamer: int, phase: Phase,
                 clues: tuple[tuple[int, str], ...], guesses: tuple[str, ...]) -> None:
    players = config.players
    if isinstance(phase, Dreaming):
        _check_giver(phase.active, players, dreamer, "data.phase.active",
                     "the active clue-giver")
        _check_clue_turns(config, dreamer, phase)
        if type(phase.time_up) is not bool:
            raise CorruptState("time_up is true or false", "data.phase.time_up")
        if phase.time_up and clue_cap_reached(config, dreamer, phase.clue_turns):
            raise CorruptState("time cannot run out at the clue cap (the cap stops the "
                               "timer)", "data.phase.time_up")
        authors = {seat for seat, _ in clues} if phase.clued else set()
        for seat in sorted(phase.clued, key=repr):
            _check_giver(seat, players, dreamer, "data.phase.clued",
                         "a seat that gave a clue")
            if phase.clue_turns[seat] == 0 or seat not in authors:
                raise CorruptState(f"seat {seat} has no clue on the card in play",
                                   "data.phase.clued")
    elif isinstance(phase, Judging):
        if config.judge != "table":
            raise CorruptState("the table judges a guess only with judge='table'",
                               "data.phase")
        _check_giver(phase.active, players, dreamer, "data.phase.active",
                     "the active clue-giver")
        if type(phase.time_up) is not bool:
            raise CorruptState("time_up is true or false", "data.phase.time_up")
        if not guesses or guesses[-1] != phase.guess:
            raise CorruptState("the guess being judged is the Dreamer's last guess",
                               "data.phase.guess")
    elif isinstance(phase, JudgingRecount):
        if config.judge != "table":
            raise CorruptState("the table judges the narration only with judge='table'",
                               "data.phase")
        for index, word in enumerate(phase.words):
            if not isinstance(word, str):
                raise CorruptState(f"a word of the narration is text, not {word!r}",
                                   f"data.phase.words[{index}]")
        if len(phase.words) > len(guesses):
            raise CorruptState(f"the narration names at most one piece per guess "
                               f"({len(guesses)}), not {len(phase.words)}", "data.phase.words")
    elif isinstance(phase, (Tiebreak, Over)):
        seats = phase.tied if isinstance(phase, Tiebreak) else phase.winners
        name = "tied" if isinstance(phase, Tiebreak) else "winners"
        for seat in sorted(seats, key=repr):
            _check_seat(seat, players, f"data.phase.{name}")


def _check_clue_turns(config: Config, dreamer: int, phase: Dreaming) -> None:
    """2. Clue turns for the card in play: 0 to the cap, none for the Dreamer, and in
    rotation order: from the active clue-giver clockwise, the seats that have had one
    turn fewer, then the ones that have had theirs in this lap."""
    players, cap = config.players, config.clue_cap()
    turns = phase.clue_turns
    _check_per_seat(turns, players, "data.phase.clue_turns")
    for seat, count in enumerate(turns):
        if type(count) is not int or not 0 <= count <= cap:
            raise CorruptState(f"clue turns for one card are 0 to the cap ({cap}), not "
                               f"{count!r}", f"data.phase.clue_turns[{seat}]")
    if turns[dreamer] != 0:
        raise CorruptState("the Dreamer gives no clue", f"data.phase.clue_turns[{dreamer}]")
    lap = [turns[(phase.active + offset) % players] for offset in range(players)
           if (phase.active + offset) % players != dreamer]
    if lap != sorted(lap) or lap[-1] - lap[0] > 1:
        raise CorruptState(f"clue turns go round clockwise from the active clue-giver (seat "
                           f"{phase.active}), who has had the fewest: {list(turns)} does not",
                           "data.phase.clue_turns")


def _check_clue_count(config: Config, phase: Phase, clues: tuple[tuple[int, str], ...],
                      guesses: tuple[str, ...], penalty_counts: tuple[int, ...]) -> None:
    """A card leaves play by a guess, a penalty or the end of the dream, after at most the
    cap of clue turns per clue-giver and one breaking clue: so a round's clues are at
    most that many per card guessed, penalised or last in play, plus the clue turns on
    the card in play."""
    per_card = config.clue_cap() * (config.players - 1) + 1
    cards = len(guesses) + sum(penalty_counts)
    if isinstance(phase, Dreaming):
        most = cards * per_card + sum(phase.clue_turns)
    else:
        most = (cards + 1) * per_card
    if len(clues) > most:
        raise CorruptState(f"{len(clues)} clues this round, more than its guesses and "
                           f"penalty cards allow ({most})", "data.clues")


def _check_last_round(config: Config, round_: int, dreamer: int, phase: Phase,
                      guesses: tuple[str, ...], result: RoundResult | None) -> None:
    players = config.players
    ended = isinstance(phase, (Tiebreak, Over))
    if result is None:
        if ended or round_ > 1:
            raise CorruptState("a round was scored: its result is public", "data.last_round")
        return
    if not ended and round_ == 1:
        raise CorruptState("no round has been scored yet", "data.last_round")
    expected = dreamer if ended else (dreamer - 1) % players
    if result.dreamer != expected or type(result.dreamer) is not int:
        raise CorruptState(f"the last round's Dreamer was seat {expected}, not "
                           f"{result.dreamer!r}", "data.last_round.dreamer")
    _check_per_seat(result.spirits, players, "data.last_round.spirits")
    dealt = spirits_for(players)
    seen: set[int] = set()
    for seat, spirit in enumerate(result.spirits):
        path = f"data.last_round.spirits[{seat}]"
        if seat == expected:
            if spirit is not None:
                raise CorruptState("the Dreamer holds no Spirit card", path)
        elif type(spirit) is not int or spirit not in dealt or spirit in seen:
            raise CorruptState(f"each Spirit holds its own one of {list(dealt)}, not "
                               f"{spirit!r}", path)
        else:
            seen.add(spirit)
    cards = len(config.dreams())
    _check_distinct([(result.fairy, "data.last_round.fairy[{}]"),
                     (result.boogeyman, "data.last_round.boogeyman[{}]")], cards)
    if type(result.bonus) is not bool or (result.bonus and not result.fairy):
        raise CorruptState("the narration bonus is true or false, and needs a Fairy card",
                           "data.last_round.bonus")
    gains = round_gains(result.spirits, len(result.fairy), len(result.boogeyman),
                        result.bonus)
    if result.gains != gains:
        raise CorruptState(f"these Spirits and piles score {list(gains)}",
                           "data.last_round.gains")
    if ended and len(result.fairy) + len(result.boogeyman) != len(guesses):
        raise CorruptState("the last round's piles hold one card per guess",
                           "data.last_round")


def _check_end(phase: Tiebreak | Over, points: tuple[int, ...],
               penalty_counts: tuple[int, ...]) -> None:
    """End of the game: the phase is what the totals decide."""
    reason, seats = final_standing(points, penalty_counts)
    if isinstance(phase, Tiebreak):
        if reason is not None:
            raise CorruptState(f"the totals decide the game by {reason}: there is no "
                               "tie-break", "data.phase")
        if phase.tied != seats:
            raise CorruptState(f"the totals leave seats {sorted(seats)} tied",
                               "data.phase.tied")
        return
    if phase.reason in ("highest_score", "fewest_penalties"):
        fits = reason == phase.reason and phase.winners == seats
    elif phase.reason == "best_dream":
        fits = reason is None and len(phase.winners) == 1 and phase.winners <= seats
    else:
        fits = reason is None and phase.winners == seats
    if not fits:
        decided = reason or f"the table's tie-break among {sorted(seats)}"
        raise CorruptState(f"the totals decide the winners by {decided}, not "
                           f"{phase.reason} for {sorted(phase.winners)}", "data.phase.winners")


def _check_spirits(state: State) -> None:
    players = state.config.players
    dealt = spirits_for(players)
    seen: dict[int, str] = {}
    holders = [(spirit, f"data.spirits[{seat}]") for seat, spirit in enumerate(state.spirits)
               if seat != state.dreamer]
    if state.spirits[state.dreamer] is not None:
        raise CorruptState("the Dreamer holds no Spirit card", f"data.spirits[{state.dreamer}]")
    for spirit, path in (*holders, (state.leftover, "data.leftover")):
        if type(spirit) is not int or spirit not in dealt:
            raise CorruptState(f"the Spirit cards of {players} players are {list(dealt)}, "
                               f"not {spirit!r}", path)
        if spirit in seen:
            raise CorruptState(f"Spirit card {spirit} is also at {seen[spirit]}", path)
        seen[spirit] = path


def _dream_places(state: State) -> list[tuple[tuple[object, ...], str]]:
    """Every place of Dream cards in the state, with the path of its cards."""
    return [
        (state.deck, "data.deck[{}]"), (state.box, "data.box[{}]"),
        (() if state.current is None else (state.current,), "data.current"),
        (tuple(card for card, _ in state.fairy), "data.fairy[{}][0]"),
        (tuple(card for card, _ in state.boogeyman), "data.boogeyman[{}][0]"),
        *((cards, f"data.penalties[{seat}]" + "[{}]")
          for seat, cards in enumerate(state.penalties)),
    ]


def _check_dream_cards(state: State) -> None:
    """Each Dream card lies in exactly one place; a card is in play while a guess can be
    made or judged, and only then."""
    cards = len(state.config.dreams())
    _check_distinct(_dream_places(state), cards)
    total = (len(state.deck) + len(state.box) + len(state.fairy) + len(state.boogeyman)
             + sum(len(pile) for pile in state.penalties) + (state.current is not None))
    if total != cards:
        raise CorruptState(f"{cards - total} Dream cards are in no place", "data.deck")
    in_play = isinstance(state.phase, (Dreaming, Judging))
    if in_play != (state.current is not None):
        raise CorruptState("a Dream card is in play exactly while the Dreamer may guess it "
                           "or the table judges a guess", "data.current")


def _check_piles(state: State) -> None:
    """One pile card per guess this round, on the side in use; the side is the config's,
    and in the expert variant the top word until a guess of the round is placed."""
    config = state.config
    expected = _pile_count(state.phase, state.guesses)
    if len(state.fairy) + len(state.boogeyman) != expected:
        raise CorruptState(f"the two piles hold one card per guess placed this round "
                           f"({expected})", "data.fairy")
    fixed = None if config.side == "expert" else config.side
    for name in ("fairy", "boogeyman"):
        for index, (_, side) in enumerate(getattr(state, name)):
            if side not in ("top", "bottom") or (fixed is not None and side != fixed):
                raise CorruptState(f"the game is played on the {fixed or 'top or bottom'} "
                                   f"word, not {side!r}", f"data.{name}[{index}][1]")
    if fixed is not None and state.side != fixed:
        raise CorruptState(f"the game is played on the {fixed} word", "data.side")
    if fixed is None and expected == 0 and state.side != "top" \
            and not isinstance(state.phase, (Tiebreak, Over)):
        raise CorruptState("the expert variant starts each round on the top word",
                           "data.side")


def _check_dreamers_blanks(view: View) -> None:
    """The Dreamer and a spectator see no Spirit card, no word, no pile, no penalty
    card's face."""
    hidden = {"spirit": view.spirit, "word": view.word, "side": view.side,
              "current": view.current, "pile_sizes": view.pile_sizes}
    for name, value in hidden.items():
        if value is not None:
            raise CorruptState(f"the Dreamer and a spectator do not see the {name}",
                               f"data.{name}")
    for name in ("fairy", "boogeyman", "penalty_cards"):
        if getattr(view, name) != ():
            raise CorruptState(f"the Dreamer and a spectator do not see the {name}",
                               f"data.{name}")


def _check_spirits_sight(view: View) -> None:
    """A Spirit sees the card in play and its word, the piles and the penalty cards,
    each card in one place."""
    config = view.config
    players, cards = config.players, len(config.dreams())
    in_play = isinstance(view.phase, (Dreaming, Judging))
    if (view.current is not None) != in_play:
        raise CorruptState("a Dream card is in play exactly while the Dreamer may guess it "
                           "or the table judges a guess", "data.current")
    if view.current is None:
        if view.word is not None or view.side is not None:
            raise CorruptState("no card in play: no word, no side", "data.word")
    else:
        _check_card(view.current, cards, "data.current")
        fixed = None if config.side == "expert" else config.side
        if view.side not in ("top", "bottom") or (fixed is not None and view.side != fixed):
            raise CorruptState(f"the game is played on the {fixed or 'top or bottom'} word, "
                               f"not {view.side!r}", "data.side")
        top, bottom = config.dreams()[view.current]
        if view.word != (top if view.side == "top" else bottom):
            raise CorruptState(f"the {view.side} word of card {view.current} is not "
                               f"{view.word!r}", "data.word")
    if len(view.fairy) + len(view.boogeyman) != _pile_count(view.phase, view.guesses):
        raise CorruptState("the two piles hold one card per guess placed this round",
                           "data.fairy")
    if view.pile_sizes != (len(view.fairy), len(view.boogeyman)):
        raise CorruptState("the pile sizes are the piles' lengths", "data.pile_sizes")
    _check_per_seat(view.penalty_cards, players, "data.penalty_cards")
    for seat, faces in enumerate(view.penalty_cards):
        if len(faces) != view.penalty_counts[seat]:
            raise CorruptState(f"seat {seat} has {view.penalty_counts[seat]} penalty cards",
                               f"data.penalty_cards[{seat}]")
    _check_distinct([
        (() if view.current is None else (view.current,), "data.current"),
        (view.fairy, "data.fairy[{}]"), (view.boogeyman, "data.boogeyman[{}]"),
        *((faces, f"data.penalty_cards[{seat}]" + "[{}]")
          for seat, faces in enumerate(view.penalty_cards)),
    ], cards)
