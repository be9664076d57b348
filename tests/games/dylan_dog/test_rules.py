"""Dylan Dog: one test per rule clause, named after the rulebook section it checks
(Setup, Before Playing, First Turn, Later Turns, Moving Between Planes, The Nightmare
Plane, The Die, Nightmare Cards, Shadow Cards, Dylan Dog Cards, Shadow Squares, Reaching
the Mystery Crypts, Horror Cards, Exchange, The End of the Game, Final Notes), or the spec
clause (``spec_...``) that decides what the rulebook leaves open.

Positions on the default board (spec): whites at sectors 0, 4, ..., 20; nightmare square
``k`` lies at sector ``(k + rotation) % 24`` and is by ``k % 6`` a nightmare-card square
(0, 3), a window (1), a passage (2), an enter-crypt square (4) or plain (5), except the
forced-exchange squares 5 and 17; crypts Mente 3, Infinito 9, Paranormale 15, Tempo 21;
gates 0 Tempo-Mente at 0, 1 Mente-Infinito at 6, 2 Infinito-Paranormale at 12,
3 Paranormale-Tempo at 18; the mystery exchange square at sector 10; Dylan's face at
sectors 5, 13 and 20.
"""

from __future__ import annotations

from functools import cache

import attrs
import pytest

import partyrules
from partyrules import IllegalAction, InvalidConfig
from partyrules.core import testing
from partyrules.core.rng import Rng
from partyrules.games.dylan_dog import crypts, exchange, nightmare, rules, shadows, turns
from partyrules.games.dylan_dog.actions import (
    ACTION_TYPES,
    AcceptTrade,
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
from partyrules.games.dylan_dog.cards import (
    DEFAULT_BOARD,
    DEFAULT_CARDS,
    DYLAN_FACE,
    FACES,
    NightmareCard,
    catalog,
)
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
    TurnStart,
)

GAME = partyrules.get_game("dylan_dog")
CARDS = DEFAULT_CARDS
KNOWN = catalog(CARDS)
CW, CCW = "clockwise", "counterclockwise"
MENTE, INFINITO, PARANORMALE, TEMPO = range(4)
WHITES = (0, 4, 8, 12, 16, 20)


# -- cards ---------------------------------------------------------------------------------


def nightmare_card(effect: str, *, crypt: str = "", shape: str = "") -> int:
    """The id of the first nightmare card saying ``effect`` (for ``crypt``/``shape``)."""
    for offset, card in enumerate(CARDS.nightmare):
        if card.effect == effect and crypt in ("", card.crypt) and shape in ("", card.shape):
            return KNOWN.nightmare.start + offset
    raise LookupError(effect)


def horror_card(needs: int | None) -> int:
    """The id of the first horror card beaten by ``needs`` or more (None: Dylan only)."""
    for offset, card in enumerate(CARDS.horror):
        if card.needs == needs:
            return KNOWN.horror.start + offset
    raise LookupError(needs)


def mystery_for(story_card: int) -> int:
    """The mystery card showing the element of ``story_card``."""
    return next(c for c in KNOWN.mystery if KNOWN.element[c] == KNOWN.element[story_card])


def story_mysteries(state: State, seat: int) -> list[int]:
    """The 4 mystery cards ``seat`` needs, in role order."""
    return [mystery_for(card) for card in state.story[seat]]


def useless_mystery(state: State) -> int:
    """A mystery card nobody's story needs."""
    needed = {m for seat in range(state.config.players) for m in story_mysteries(state, seat)}
    return next(c for c in KNOWN.mystery if c not in needed)


# -- arranging states ------------------------------------------------------------------------


def _pull(state: State, cards: tuple[int, ...]) -> State:
    """``cards`` taken out of wherever they lie (hands, crypts, decks, out of the game)."""
    def drop(items: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(c for c in items if c not in cards)

    return attrs.evolve(
        state, held=tuple(drop(h) for h in state.held),
        crypts=tuple(drop(c) for c in state.crypts), nightmare=drop(state.nightmare),
        dylan_dog=drop(state.dylan_dog), removed=drop(state.removed))


def give(state: State, seat: int, *cards: int) -> State:
    """``seat`` holds ``cards`` face up (taken from wherever they were)."""
    state = _pull(state, cards)
    held = list(state.held)
    held[seat] = (*held[seat], *cards)
    return attrs.evolve(state, held=tuple(held))


def in_crypt(state: State, crypt: int, card: int, slot: int = 0) -> State:
    """``card`` lies in ``crypt`` at ``slot``."""
    state = _pull(state, (card,))
    crypts = list(state.crypts)
    content = crypts[crypt]
    crypts[crypt] = (*content[:slot], card, *content[slot:])
    return attrs.evolve(state, crypts=tuple(crypts))


def emptied(state: State, *crypts: int) -> State:
    """The ``crypts`` emptied into the first crypt not listed."""
    keep = next(c for c in range(len(state.crypts)) if c not in crypts)
    content = list(state.crypts)
    for crypt in crypts:
        content[keep] = (*content[keep], *content[crypt])
        content[crypt] = ()
    return attrs.evolve(state, crypts=tuple(content))


def on_top(state: State, *cards: int) -> State:
    """``cards`` on top of the nightmare deck, in that order."""
    rest = tuple(c for c in state.nightmare if c not in cards)
    return attrs.evolve(state, nightmare=(*cards, *rest))


@cache
def rng_for(face: int) -> Rng:
    """An rng whose next throw of the die shows ``face``."""
    for seed in range(1000):
        rng = Rng(seed)
        if FACES[rng.below(len(FACES))[0]] == face:
            return rng
    raise LookupError(face)


def arrange(*, players: int = 4, turn: int | None = None, active: int = 0,
            pawns: dict[int, Pawn] | None = None, rotation: int = 0,
            phase: object = None, config: Config | None = None) -> State:
    """A realistic state: by default a later turn of seat 0 at its start, pawns on their
    white squares unless ``pawns`` says otherwise."""
    config = config or Config(players=players)
    state = GAME.setup(config, 7)
    players = config.players
    where = list(state.pawns)
    for seat, pawn in (pawns or {}).items():
        where[seat] = pawn
    phase = TurnStart() if phase is None else phase
    turn = players if turn is None else turn
    state = attrs.evolve(state, turn=turn, active=active, pawns=tuple(where),
                         rotation=rotation, phase=phase, die=thrown(turn, phase))
    return checked(state)


def thrown(turn: int, phase: object) -> int | None:
    """A die that fits ``phase``: nothing before the first throw, the Dylan Dog face for
    a distance to choose, else a face that covers the move."""
    if turn == 0 and isinstance(phase, TurnStart):
        return None
    if isinstance(phase, ChoosingDistance) and phase.mode in ("first", "move"):
        return DYLAN_FACE
    if isinstance(phase, Moving) and phase.mode in ("first", "move") and phase.left > 1:
        return phase.left if phase.left in FACES else DYLAN_FACE
    return 2


def checked(state: State) -> State:
    GAME.validate(state)
    return state


def play(state: State, *actions: object) -> State:
    return testing.apply_all(GAME, state, *actions)


def legal(state: State, seat: int = 0) -> set[object]:
    return set(GAME.legal_actions(state, seat))


def assert_refused(state: State, action: object, *words: str) -> None:
    testing.assert_refused(GAME, state, action, *words)


def moving(left: int, *, pawn: Pawn, rotation: int = 0,
           pawns: dict[int, Pawn] | None = None) -> State:
    """Seat 0 about to spend ``left`` units of a later-turn throw from ``pawn``."""
    return arrange(pawns={0: pawn, **(pawns or {})}, rotation=rotation,
                   phase=Moving(left, "move"))


def choosing(state: State) -> tuple[int, str, int]:
    """The most, mode and square of the card of a ChoosingDistance phase."""
    phase = state.phase
    assert isinstance(phase, ChoosingDistance)
    return phase.most, phase.mode, phase.drawn_at


def drawn(card: int, *, rotation: int = 0, state: State | None = None) -> State:
    """Seat 0 steps from nightmare square 2 onto the nightmare-card square 3 with
    ``card`` on top of the deck (at rotation 0 square 3 lies at sector 3)."""
    state = state or arrange()
    state = checked(on_top(attrs.evolve(
        state, pawns=(Pawn("nightmare", 2), *state.pawns[1:]), rotation=rotation,
        phase=Moving(1, "move")), card))
    return play(state, Step(0, CW))


# -- Table of Contents, Goal of the Game, The Game Board -----------------------------------


def test_table_of_contents_the_default_components_are_counted_as_listed() -> None:
    roles = [card.role for card in CARDS.story]
    assert len(CARDS.story) == 24 and {roles.count(role) for role in set(roles)} == {6}
    assert set(roles) == {"investigator", "action", "location", "fear"}
    assert len(CARDS.mystery) == 24 and len(CARDS.horror) == 12
    assert len(CARDS.nightmare) == 66 and CARDS.dylan_dog == 6
    assert len(DEFAULT_BOARD.crypts) == 4 and len(FACES) == 6
    assert (GAME.min_players, GAME.max_players) == (3, 6)  # 6 markers: one per seat


def test_table_of_contents_each_horror_card_is_different() -> None:
    assert len({card.name for card in CARDS.horror}) == 12


def test_goal_of_the_game_each_mystery_card_matches_one_story_element() -> None:
    elements = [card.element for card in CARDS.story]
    assert len(set(elements)) == 24 and all(e.strip() for e in elements)
    assert sorted(card.element for card in CARDS.mystery) == sorted(elements)
    state = GAME.setup(Config(players=6), 3)
    for seat in range(6):
        needed = story_mysteries(state, seat)
        assert len(set(needed)) == 4 and all(KNOWN.kinds[c] == "mystery" for c in needed)


def test_game_board_the_four_crypts_are_the_mind_the_infinite_the_paranormal_and_time(
        ) -> None:
    assert [crypt.name for crypt in DEFAULT_BOARD.crypts] == [
        "Mente", "Infinito", "Paranormale", "Tempo"]
    assert {gate.name for gate in DEFAULT_BOARD.gates} == {
        "Mente-Infinito", "Infinito-Paranormale", "Paranormale-Tempo", "Tempo-Mente"}


def test_spec_the_default_board_is_the_reconstructed_layout() -> None:
    board = DEFAULT_BOARD
    assert board.sectors == 24 and board.white_squares == WHITES
    kinds = {0: "nightmare_card", 1: "window", 2: "passage", 3: "nightmare_card",
             4: "enter_crypt", 5: "plain"}
    expected = tuple("exchange" if k in (5, 17) else kinds[k % 6] for k in range(24))
    assert board.nightmare == expected
    assert [(c.name, c.sector) for c in board.crypts] == [
        ("Mente", 3), ("Infinito", 9), ("Paranormale", 15), ("Tempo", 21)]
    assert [(g.name, g.sector, set(g.crypts)) for g in board.gates] == [
        ("Tempo-Mente", 0, {"Tempo", "Mente"}), ("Mente-Infinito", 6, {"Mente", "Infinito"}),
        ("Infinito-Paranormale", 12, {"Infinito", "Paranormale"}),
        ("Paranormale-Tempo", 18, {"Paranormale", "Tempo"})]
    for gate in board.gates:
        assert gate.shared == ("plain", "shadow")
        assert gate.branch == ("plain", "shadow", "plain")
    assert board.exchange_sectors == (10,) and board.dylan_faces == (5, 13, 20)


def test_spec_the_default_decks_are_the_reconstructed_cards() -> None:
    shapes = {card.shape for card in CARDS.story}
    assert len(shapes) == 6
    for shape in shapes:
        assert sorted(c.role for c in CARDS.story if c.shape == shape) == sorted(
            ["investigator", "action", "location", "fear"])
    assert sorted((c.needs or 7) for c in CARDS.horror) == [3] * 3 + [4] * 3 + [5] * 3 + [
        6] * 2 + [7]  # 7 stands for "Dylan Dog only"
    effects: dict[tuple[str, str], int] = {}
    for card in CARDS.nightmare:
        key = (card.effect, card.crypt)
        effects[key] = effects.get(key, 0) + 1
    crypts = ("Mente", "Infinito", "Paranormale", "Tempo")
    assert effects == {
        ("no_effect", ""): 6, ("shadow", ""): 12, ("back_to_reality", ""): 8,
        ("take_dylan_dog", ""): 6, ("send_to_reality", ""): 8, ("rotate", ""): 8,
        ("step_again", ""): 6,
        **{("enter_dimension", crypt): 2 for crypt in crypts},
        **{("go_to_crypt", crypt): 1 for crypt in crypts}}
    shadow_shapes = [c.shape for c in CARDS.nightmare if c.effect == "shadow"]
    assert sorted(shadow_shapes) == sorted(list(shapes) * 2)
    assert {c.most for c in CARDS.nightmare if c.effect in ("rotate", "step_again")} == {3}


# -- Setup and Before Playing ----------------------------------------------------------------


@pytest.mark.parametrize("players", range(3, 7))
def test_setup_the_36_mystery_and_horror_cards_are_dealt_9_per_crypt(players: int) -> None:
    state = GAME.setup(Config(players=players), players)
    assert [len(crypt) for crypt in state.crypts] == [9, 9, 9, 9]
    dealt = [card for crypt in state.crypts for card in crypt]
    assert sorted(dealt) == sorted(KNOWN.crypt_cards) and len(dealt) == 36
    assert sum(KNOWN.kinds[c] == "horror" for c in dealt) == 12
    assert len(state.nightmare) == 66 and len(state.dylan_dog) == 6
    assert state.held == ((),) * players and state.removed == ()


def test_setup_shuffles_the_crypts_with_the_seed() -> None:
    deals = {GAME.setup(Config(players=4), seed).crypts for seed in range(4)}
    assert len(deals) > 1


@pytest.mark.parametrize("players", range(3, 7))
def test_before_playing_each_seat_draws_one_story_card_of_each_role(players: int) -> None:
    state = GAME.setup(Config(players=players), 11)
    for story in state.story:
        assert [KNOWN.kinds[c] for c in story] == ["story"] * 4
        assert [KNOWN.role[c] for c in story] == [0, 1, 2, 3]  # investigator .. fear
    dealt = [card for story in state.story for card in story]
    assert len(set(dealt)) == 4 * players
    assert sorted(dealt + list(state.unused_story)) == list(KNOWN.story)


def test_before_playing_story_cards_are_secret() -> None:
    state = GAME.setup(Config(players=4), 11)
    seen = GAME.view(state, 1)
    assert seen.stories[1] == state.story[1]
    assert seen.stories[0] == seen.stories[2] == seen.stories[3] == ()


@pytest.mark.parametrize("players", range(3, 7))
def test_starting_the_game_pawns_start_on_the_white_squares_and_the_plane_on_via(
        players: int) -> None:
    state = GAME.setup(Config(players=players), 2)
    assert state.pawns == tuple(Pawn("reality", 4 * seat) for seat in range(players))
    assert all(pawn.square in WHITES for pawn in state.pawns)
    assert state.rotation == 0 and state.turn == 0 and state.die is None
    assert state.active == 0 and GAME.to_act(state) == {0}
    assert isinstance(state.phase, TurnStart)


def test_starting_the_game_order_starts_with_the_first_player_and_goes_clockwise() -> None:
    state = GAME.setup(Config(players=5, first_player=3), 2)
    assert state.active == 3 and GAME.to_act(state) == {3}
    after = play(attrs.evolve(state, rng=rng_for(2)), Roll(3), Rotate(3, CW), Rotate(3, CW))
    assert after.active == 4 and after.turn == 1  # rotation 2: sector 12 over square 10


def test_spec_config_of_players_2_and_7_is_refused() -> None:
    for players in (2, 7):
        with pytest.raises(InvalidConfig):
            Config(players=players)


@pytest.mark.parametrize("changes", [
    {"players": "4"},
    {"first_player": 4},
    {"offers_per_turn": -1},
    {"offers_per_turn": "1"},
    {"offers_per_turn": True},
    {"turn_limit": 0},
    {"board": attrs.evolve(DEFAULT_BOARD, white_squares=(0, 24))},
    {"board": attrs.evolve(DEFAULT_BOARD, nightmare=DEFAULT_BOARD.nightmare[:23])},
    {"board": attrs.evolve(DEFAULT_BOARD, crypts=())},
    {"cards": attrs.evolve(DEFAULT_CARDS, nightmare=(
        *DEFAULT_CARDS.nightmare, NightmareCard("go_to_crypt", crypt="Atlantide")))},
    {"cards": attrs.evolve(DEFAULT_CARDS, nightmare=(
        *DEFAULT_CARDS.nightmare, NightmareCard("enter_dimension", crypt="Atlantide")))},
    {"cards": attrs.evolve(DEFAULT_CARDS, nightmare=(
        *DEFAULT_CARDS.nightmare, NightmareCard("rotate", most=0)))},
    {"cards": attrs.evolve(DEFAULT_CARDS, mystery=DEFAULT_CARDS.mystery[1:])},
    {"cards": attrs.evolve(DEFAULT_CARDS, horror=(
        attrs.evolve(DEFAULT_CARDS.horror[0], needs=7), *DEFAULT_CARDS.horror[1:]))},
    {"cards": attrs.evolve(DEFAULT_CARDS, dylan_dog=-1)},
])
def test_spec_bad_board_and_card_data_is_refused(changes: dict[str, object]) -> None:
    with pytest.raises(InvalidConfig):
        Config(**{"players": 4, **changes})  # type: ignore[arg-type]


# -- First Turn ------------------------------------------------------------------------------------


def test_first_turn_the_throw_only_moves_the_nightmare_plane() -> None:
    state = play(attrs.evolve(arrange(turn=0), rng=rng_for(3)), Roll(0))
    assert state.phase == Moving(3, "first") and state.die == 3
    assert legal(state) == {Rotate(0, CW), Rotate(0, CCW)}
    assert_refused(state, Step(0, CW), "first turn")
    assert_refused(state, ChangePlane(0, "nightmare"))
    after = play(state, Rotate(0, CCW), Rotate(0, CCW), Rotate(0, CCW))
    assert after.rotation == 21 and after.pawns[0] == Pawn("reality", 0)


def test_first_turn_the_rotation_is_all_in_one_direction() -> None:
    state = play(arrange(turn=0, phase=Moving(3, "first")), Rotate(0, CW))
    assert_refused(state, Rotate(0, CCW), "reversal")
    assert legal(state) == {Rotate(0, CW)}


def test_first_turn_the_dylan_dog_face_chooses_how_far_to_rotate() -> None:
    state = play(attrs.evolve(arrange(turn=0), rng=rng_for(DYLAN_FACE)), Roll(0))
    assert state.phase == ChoosingDistance(6, "first")
    assert play(state, ChooseDistance(0, 1)).phase == Moving(1, "first")


def test_first_turn_a_nightmare_card_square_under_the_pawn_draws_a_card() -> None:
    card = nightmare_card("no_effect")
    state = checked(on_top(arrange(turn=0, phase=Moving(3, "first")), card))
    after = play(state, Rotate(0, CW), Rotate(0, CW), Rotate(0, CW))
    # rotation 3: nightmare square 21 ("prendi una carta incubo") lies at sector 0
    assert after.rotation == 3 and after.nightmare[-1] == card and after.nightmare[0] != card
    assert after.active == 1 and isinstance(after.phase, TurnStart)


def test_first_turn_in_all_other_cases_nothing_happens() -> None:
    state = checked(on_top(arrange(turn=0, phase=Moving(2, "first")),
                           nightmare_card("no_effect")))
    after = play(state, Rotate(0, CW), Rotate(0, CW))  # square 22 (enter crypt) at sector 0
    assert after.nightmare == state.nightmare and after.active == 1
    assert after.pawns[0] == Pawn("reality", 0)


def test_first_turn_a_window_over_dylans_face_gives_nothing_to_a_pawn_in_reality() -> None:
    state = arrange(players=6, turn=5, active=5, phase=Moving(1, "first"))
    assert state.pawns[5] == Pawn("reality", 20)
    after = play(state, Rotate(5, CW))  # rotation 1: window 19 lies at sector 20
    assert after.held == state.held and after.dylan_dog == state.dylan_dog
    assert after.nightmare == state.nightmare and after.active == 0


# -- Later Turns ----------------------------------------------------------------------------------


def test_later_turns_the_throw_may_move_the_pawn_the_plane_or_both() -> None:
    state = play(attrs.evolve(arrange(pawns={0: Pawn("reality", 2)}), rng=rng_for(5)),
                 Roll(0))
    assert state.phase == Moving(5, "move") and state.die == 5
    assert legal(state) == {Step(0, CW), Step(0, CCW), ChangePlane(0, "nightmare"),
                            Rotate(0, CW), Rotate(0, CCW)}


def test_later_turns_a_mixed_move_steps_three_then_rotates_two() -> None:
    state = moving(5, pawn=Pawn("nightmare", 8))
    after = play(state, Step(0, CW), Step(0, CW), Step(0, CW), Rotate(0, CW), Rotate(0, CW))
    assert after.pawns[0] == Pawn("nightmare", 11) and after.rotation == 2
    # passing over the nightmare-card square 9 draws nothing; square 11 is plain
    assert after.nightmare == state.nightmare
    assert after.active == 1 and after.turn == state.turn + 1


def test_later_turns_the_whole_distance_must_be_used() -> None:
    state = play(moving(3, pawn=Pawn("reality", 2)), Step(0, CW), Step(0, CW))
    assert state.phase == Moving(1, "move", CW, "", landed=True)
    assert GAME.to_act(state) == {0}
    assert all(isinstance(a, (Step, ChangePlane, Rotate)) for a in legal(state))
    assert_refused(state, Roll(0))
    assert_refused(state, SkipExchange(0))


def test_later_turns_rotating_carries_the_pawns_on_the_nightmare_plane() -> None:
    state = moving(2, pawn=Pawn("reality", 2), pawns={1: Pawn("nightmare", 7)})
    after = play(state, Rotate(0, CCW), Rotate(0, CCW))
    assert after.rotation == 22 and after.pawns[1] == Pawn("nightmare", 7)  # now at sector 5
    assert after.pawns[0] == Pawn("reality", 2)


def test_later_turns_on_the_mystery_plane_only_the_pawn_moves() -> None:
    state = moving(3, pawn=Pawn("mystery", 1, 1))
    assert legal(state) == {Step(0, "gate"), Step(0, "crypt")}
    assert_refused(state, Rotate(0, CW), "mystery")
    one_empty = checked(emptied(state, MENTE))  # Infinito still holds cards
    assert Rotate(0, CW) not in legal(one_empty)


def test_later_turns_the_plane_may_turn_from_the_mystery_plane_once_its_crypts_are_empty(
        ) -> None:
    state = checked(emptied(moving(3, pawn=Pawn("mystery", 1, 1)), MENTE, INFINITO))
    assert {Rotate(0, CW), Rotate(0, CCW)} <= legal(state)
    after = play(state, Rotate(0, CCW))
    assert after.rotation == 23 and after.pawns[0] == Pawn("mystery", 1, 1)


def test_later_turns_from_a_crypts_branch_the_plane_turns_once_that_crypt_is_empty() -> None:
    on_branch = moving(2, pawn=Pawn("mystery", 3, 1, MENTE))  # gate 1: Mente or Infinito
    assert Rotate(0, CW) not in legal(on_branch)
    mente_empty = checked(emptied(on_branch, MENTE))  # Infinito still holds cards
    assert {Rotate(0, CW), Rotate(0, CCW)} <= legal(mente_empty)
    after = play(mente_empty, Rotate(0, CW), Rotate(0, CW))
    assert after.rotation == 2 and after.pawns[0] == Pawn("mystery", 3, 1, MENTE)
    other_empty = checked(emptied(on_branch, INFINITO))  # the branch's own crypt is full
    assert_refused(other_empty, Rotate(0, CW), "mystery")


def test_later_turns_from_the_trunk_or_the_fork_every_crypt_ahead_must_be_empty() -> None:
    for square in (1, 2):  # the shared square, then the fork
        state = moving(2, pawn=Pawn("mystery", square, 1))
        assert Rotate(0, CW) not in legal(checked(emptied(state, MENTE)))
        assert Rotate(0, CW) not in legal(checked(emptied(state, INFINITO)))
        assert Rotate(0, CW) in legal(checked(emptied(state, MENTE, INFINITO)))


def test_later_turns_a_pawn_only_carried_by_its_own_rotation_does_not_land() -> None:
    # Nightmare Cards: "Each time a player lands on a square": the plane carried the pawn
    # from one nightmare-card square's sector to another's, its own move never moved it.
    state = moving(2, pawn=Pawn("nightmare", 3))
    after = play(state, Rotate(0, CW), Rotate(0, CW))
    assert after.pawns[0] == Pawn("nightmare", 3) and after.rotation == 2
    assert after.nightmare == state.nightmare and after.drawn == state.drawn
    assert after.active == 1 and after.phase == TurnStart()
    # The control: the same square reached by a last step is landed on, and draws.
    stepped = play(moving(2, pawn=Pawn("nightmare", 2), rotation=1), Rotate(0, CW),
                   Step(0, CW))
    assert stepped.pawns[0] == Pawn("nightmare", 3) and stepped.rotation == 2
    assert stepped.drawn == state.nightmare[0] and stepped.nightmare != state.nightmare


def test_spec_a_move_with_no_unit_left_to_spend_ends_there() -> None:
    # rotation 0: no passage lies at a gate, and the gate's crypts are full
    state = moving(3, pawn=Pawn("mystery", 1, 1))
    after = play(state, Step(0, "gate"))
    assert after.pawns[0] == Pawn("mystery", 0, 1)
    assert after.active == 1 and isinstance(after.phase, TurnStart)


def test_spec_pawns_may_share_a_square() -> None:
    state = moving(1, pawn=Pawn("nightmare", 10), pawns={1: Pawn("nightmare", 11)})
    after = play(state, Step(0, CW))
    assert after.pawns[0] == after.pawns[1] == Pawn("nightmare", 11)


# -- Moving Between Planes ------------------------------------------------------------------------


def test_moving_between_planes_reality_to_nightmare_not_through_white_squares() -> None:
    white = moving(2, pawn=Pawn("reality", 4), rotation=2)
    assert ChangePlane(0, "nightmare") not in legal(white)
    assert_refused(white, ChangePlane(0, "nightmare"), "white")
    down = play(moving(2, pawn=Pawn("reality", 5), rotation=2), ChangePlane(0, "nightmare"))
    assert down.pawns[0] == Pawn("nightmare", 3)  # square 3 lies at sector 5
    assert down.phase == Moving(1, "move", landed=True)


def test_moving_between_planes_nightmare_to_reality_not_onto_white_squares() -> None:
    over_white = moving(2, pawn=Pawn("nightmare", 2), rotation=2)  # sector 4
    assert_refused(over_white, ChangePlane(0, "reality"))
    up = play(moving(2, pawn=Pawn("nightmare", 3), rotation=2), ChangePlane(0, "reality"))
    assert up.pawns[0] == Pawn("reality", 5)


def test_moving_between_planes_a_passage_aligned_with_a_gate_opens_it_for_one_step() -> None:
    state = moving(2, pawn=Pawn("nightmare", 2), rotation=4)  # passage 2 at gate 1's sector 6
    after = play(state, ChangePlane(0, "mystery"))
    assert after.pawns[0] == Pawn("mystery", 0, 1)
    assert isinstance(after.phase, Moving) and after.phase.left == 1  # one unit


def test_moving_between_planes_a_passage_not_aligned_with_a_gate_is_closed() -> None:
    state = moving(2, pawn=Pawn("nightmare", 2), rotation=3)  # sector 5: no gate
    assert_refused(state, ChangePlane(0, "mystery"))
    plain = moving(2, pawn=Pawn("nightmare", 3), rotation=3)  # not a passage, at sector 6
    assert_refused(plain, ChangePlane(0, "mystery"))


def test_moving_between_planes_the_door_is_the_one_aligned_at_that_moment() -> None:
    state = moving(3, pawn=Pawn("nightmare", 2), rotation=3)
    after = play(state, Rotate(0, CW), ChangePlane(0, "mystery"), Step(0, "crypt"))
    assert after.pawns[0] == Pawn("mystery", 1, 1) and after.active == 1


def test_moving_between_planes_back_from_a_gate_through_an_aligned_passage() -> None:
    aligned = moving(1, pawn=Pawn("mystery", 0, 1), rotation=4)
    assert play(aligned, ChangePlane(0, "nightmare")).pawns[0] == Pawn("nightmare", 2)
    closed = moving(1, pawn=Pawn("mystery", 0, 1), rotation=0)
    assert_refused(closed, ChangePlane(0, "nightmare"))


def test_moving_between_planes_direct_entry_with_an_exact_throw() -> None:
    state = moving(2, pawn=Pawn("nightmare", 2), rotation=23)  # square 4 lies at Mente's 3
    after = play(state, Step(0, CW), Step(0, CW))
    assert after.pawns[0] == Pawn("crypt", MENTE) and after.phase == Searching(MENTE)


def test_moving_between_planes_direct_entry_where_the_move_ends_after_turning_the_plane(
        ) -> None:
    state = moving(2, pawn=Pawn("nightmare", 9))
    after = play(state, Step(0, CW), Rotate(0, CCW))  # square 10 ends over Infinito's 9
    assert after.pawns[0] == Pawn("crypt", INFINITO) and after.phase == Searching(INFINITO)


@pytest.mark.parametrize(("square", "rotation", "units"), [
    (10, 1, (Rotate(0, CCW), Rotate(0, CCW))),  # the pawn only turns the plane
    (9, 0, (Rotate(0, CCW), Step(0, CW))),  # the control: a last step onto the square
], ids=["rotations-only", "last-step"])
def test_moving_between_planes_direct_entry_standing_on_the_square_after_ones_own_move(
        square: int, rotation: int, units: tuple[Rotate | Step, ...]) -> None:
    # "being on the right squares after one's own move": the units spent do not matter.
    state = moving(2, pawn=Pawn("nightmare", square), rotation=rotation)
    after = play(state, *units)
    assert after.rotation == 23  # enter-crypt square 10 over Infinito's sector 9
    assert after.pawns[0] == Pawn("crypt", INFINITO) and after.phase == Searching(INFINITO)


def test_moving_between_planes_turning_the_plane_past_the_crypt_is_no_entry() -> None:
    # The exact throw still counts: the square was over Infinito after one unit of two.
    state = moving(2, pawn=Pawn("nightmare", 10))
    after = play(state, Rotate(0, CCW), Rotate(0, CCW))
    assert after.pawns[0] == Pawn("nightmare", 10) and after.rotation == 22
    assert after.active == 1 and after.phase == TurnStart()


def test_moving_between_planes_passing_over_an_aligned_enter_crypt_square_is_no_entry(
        ) -> None:
    state = moving(3, pawn=Pawn("nightmare", 2), rotation=23)
    after = play(state, Step(0, CW), Step(0, CW), Step(0, CW))
    assert after.pawns[0] == Pawn("nightmare", 5) and after.active == 1


def test_moving_between_planes_an_enter_crypt_square_not_aligned_is_no_entry() -> None:
    after = play(moving(2, pawn=Pawn("nightmare", 2)), Step(0, CW), Step(0, CW))
    assert after.pawns[0] == Pawn("nightmare", 4)  # at sector 4: no crypt
    assert after.active == 1 and isinstance(after.phase, TurnStart)


def test_moving_between_planes_the_crypt_to_head_for_is_a_free_choice() -> None:
    state = moving(2, pawn=Pawn("mystery", 2, 1))
    assert legal(state) == {Step(0, "gate"), Step(0, "Mente"), Step(0, "Infinito")}
    assert_refused(state, Step(0, "crypt"))
    assert_refused(state, Step(0, "Tempo"))
    after = play(state, Step(0, "Infinito"), Step(0, "crypt"))
    assert after.pawns[0] == Pawn("mystery", 4, 1, INFINITO)
    assert after.phase == Shadow()


# -- The Nightmare Plane ---------------------------------------------------------------------------


def test_nightmare_plane_an_aligned_forced_exchange_square_allows_an_exchange() -> None:
    state = moving(1, pawn=Pawn("nightmare", 4), rotation=5)  # square 5 at sector 10
    state = checked(give(give(state, 1, KNOWN.mystery[0]), 0, KNOWN.dylan_dog[0]))
    after = play(state, Step(0, CW))
    assert after.phase == Exchange() and GAME.to_act(after) == {0}
    assert legal(after) == {ForceExchange(0, 1), SkipExchange(0)}  # seats 2, 3 hold nothing
    skipped = play(after, SkipExchange(0))
    assert skipped.held == state.held and skipped.active == 1


def test_nightmare_plane_a_forced_exchange_square_not_aligned_gives_nothing() -> None:
    state = checked(give(moving(1, pawn=Pawn("nightmare", 16)), 1, KNOWN.mystery[0]))
    after = play(state, Step(0, CW))  # square 17 at sector 17, not over sector 10
    assert after.active == 1 and isinstance(after.phase, TurnStart)


def test_nightmare_plane_a_window_over_dylans_face_gives_a_dylan_dog_card() -> None:
    state = moving(1, pawn=Pawn("nightmare", 0), rotation=4)  # window 1 at face sector 5
    after = play(state, Step(0, CW))
    assert after.held[0] == (state.dylan_dog[0],)
    assert after.dylan_dog == state.dylan_dog[1:] and after.active == 1


def test_nightmare_plane_a_window_elsewhere_gives_nothing() -> None:
    state = moving(1, pawn=Pawn("nightmare", 0), rotation=5)  # window 1 at sector 6
    after = play(state, Step(0, CW))
    assert after.held == state.held and after.dylan_dog == state.dylan_dog


def test_nightmare_plane_passing_over_a_window_at_dylans_face_gives_nothing() -> None:
    state = moving(2, pawn=Pawn("nightmare", 0), rotation=4)  # window 1 at face sector 5
    after = play(state, Step(0, CW), Step(0, CW))
    assert after.pawns[0] == Pawn("nightmare", 2) and after.held == state.held
    assert after.dylan_dog == state.dylan_dog and after.active == 1


@pytest.mark.parametrize(("square", "rotation", "units"), [
    (5, 3, (Rotate(0, CW), Rotate(0, CW))),  # the pawn only turns the plane
    (4, 4, (Rotate(0, CW), Step(0, CW))),  # the control: a last step onto the square
], ids=["rotations-only", "last-step"])
def test_nightmare_plane_standing_on_the_lined_up_forced_exchange_after_ones_own_move(
        square: int, rotation: int, units: tuple[Rotate | Step, ...]) -> None:
    # "A player who stands on a square reading SCAMBIO OBBLIGATORIO, when it lines up":
    # standing there after one's own move, whatever its units were.
    state = checked(give(moving(2, pawn=Pawn("nightmare", square), rotation=rotation), 1,
                         KNOWN.mystery[0]))
    after = play(state, *units)
    assert after.pawns[0] == Pawn("nightmare", 5) and after.rotation == 5  # at sector 10
    assert after.phase == Exchange() and GAME.to_act(after) == {0}
    assert legal(after) == {ForceExchange(0, 1), SkipExchange(0)}


@pytest.mark.parametrize(("square", "rotation", "units"), [
    (1, 2, (Rotate(0, CW), Rotate(0, CW))),  # the pawn only turns the plane
    (0, 3, (Rotate(0, CW), Step(0, CW))),  # the control: a last step onto the window
], ids=["rotations-only", "last-step"])
def test_nightmare_plane_making_dylans_face_appear_in_ones_window_gives_a_dylan_dog_card(
        square: int, rotation: int, units: tuple[Rotate | Step, ...]) -> None:
    # "A player who makes Dylan Dog's face appear in one of the windows (and stands on
    # top of it)": turning the plane under one's own pawn is the way to make it appear.
    state = moving(2, pawn=Pawn("nightmare", square), rotation=rotation)
    after = play(state, *units)
    assert after.pawns[0] == Pawn("nightmare", 1) and after.rotation == 4  # at sector 5
    assert after.held[0] == (state.dylan_dog[0],)
    assert after.dylan_dog == state.dylan_dog[1:] and after.active == 1


def test_nightmare_plane_another_players_card_turning_a_window_under_dylans_face_gives_nothing(
        ) -> None:
    # Seat 0 draws a rotate card on square 3; its turn brings seat 1's window 1 over
    # Dylan's face at sector 5: "not as a consequence of another player's move".
    card = nightmare_card("rotate")
    state = drawn(card, rotation=1, state=arrange(pawns={1: Pawn("nightmare", 1)}))
    after = play(state, ChooseDistance(0, 3), Rotate(0, CW), Rotate(0, CW), Rotate(0, CW))
    assert after.rotation == 4 and after.pawns[1] == Pawn("nightmare", 1)
    assert after.held == state.held and after.dylan_dog == state.dylan_dog
    assert after.active == 1 and after.phase == TurnStart()


@pytest.mark.parametrize(("square", "rotation", "direction"), [
    (5, 4, CW),  # forced exchange: square 5 comes over sector 10
    (1, 3, CW),  # window: square 1 comes over Dylan's face at sector 5
    (4, 0, CCW),  # enter crypt: square 4 comes over Mente at sector 3
])
def test_nightmare_plane_rights_come_only_from_ones_own_move(
        square: int, rotation: int, direction: str) -> None:
    state = moving(1, pawn=Pawn("reality", 2), rotation=rotation,
                   pawns={1: Pawn("nightmare", square)})
    state = checked(give(state, 2, KNOWN.mystery[0]))
    after = play(state, Rotate(0, direction))
    assert after.phase == TurnStart() and after.active == 1
    assert after.pawns[1] == Pawn("nightmare", square)
    assert after.held == state.held and after.dylan_dog == state.dylan_dog
    assert after.crypts == state.crypts


# -- The Die --------------------------------------------------------------------------------------


@pytest.mark.parametrize("face", [2, 3, 4, 5, 6])
def test_die_the_number_faces_give_the_distance(face: int) -> None:
    state = attrs.evolve(arrange(pawns={0: Pawn("reality", 2)}), rng=rng_for(face))
    after = play(state, Roll(0))
    assert after.die == face and after.phase == Moving(face, "move")
    assert after.rng != state.rng


def test_die_the_faces_are_two_to_six_and_dylan_dog() -> None:
    assert FACES == (2, 3, 4, 5, 6, DYLAN_FACE)
    seen = set()
    state = arrange(pawns={0: Pawn("reality", 2)})
    for seed in range(60):
        seen.add(play(attrs.evolve(state, rng=Rng(seed)), Roll(0)).die)
    assert seen == set(FACES)


def test_die_the_dylan_dog_face_lets_the_player_choose_from_1_to_6() -> None:
    state = play(attrs.evolve(arrange(pawns={0: Pawn("reality", 2)}),
                              rng=rng_for(DYLAN_FACE)), Roll(0))
    assert state.die == DYLAN_FACE and state.phase == ChoosingDistance(6, "move")
    assert legal(state) == {ChooseDistance(0, n) for n in range(1, 7)}
    assert_refused(state, ChooseDistance(0, 0), "1 to 6")
    assert_refused(state, ChooseDistance(0, 7), "1 to 6")
    assert_refused(state, ChooseDistance(0, 2.0))  # type: ignore[arg-type]
    assert_refused(state, ChooseDistance(1, 2))
    assert play(state, ChooseDistance(0, 1)).phase == Moving(1, "move")
    assert play(state, ChooseDistance(0, 6)).phase == Moving(6, "move")


# -- Nightmare Cards -------------------------------------------------------------------------------


def test_nightmare_cards_landing_on_the_square_draws_the_top_card() -> None:
    card = nightmare_card("no_effect")
    state = arrange()
    after = drawn(card, state=state)
    assert after.nightmare[-1] == card and len(after.nightmare) == 66
    assert after.nightmare[:-1] == tuple(c for c in on_top(state, card).nightmare[1:])
    assert after.active == 1 and isinstance(after.phase, TurnStart)


def test_nightmare_cards_a_no_effect_card_goes_back_to_the_deck() -> None:
    card = nightmare_card("no_effect")
    after = drawn(card)
    assert card in after.nightmare and after.held == ((),) * 4
    assert after.pawns[0] == Pawn("nightmare", 3)


def test_nightmare_cards_enter_a_dimension_puts_the_pawn_on_a_gate_of_that_crypt() -> None:
    card = nightmare_card("enter_dimension", crypt="Infinito")
    state = drawn(card)
    assert state.phase == CardChoice(card, INFINITO)
    assert legal(state) == {ChooseGate(0, 1), ChooseGate(0, 2)}  # the gates to Infinito
    assert_refused(state, ChooseGate(0, 0), "gates")
    assert_refused(state, SendToReality(0, 1))
    after = play(state, ChooseGate(0, 2))
    assert after.pawns[0] == Pawn("mystery", 0, 2) and after.nightmare[-1] == card
    assert after.active == 1


def test_nightmare_cards_go_to_a_crypt_and_search_it() -> None:
    card = nightmare_card("go_to_crypt", crypt="Paranormale")
    state = drawn(card)
    assert state.pawns[0] == Pawn("crypt", PARANORMALE)
    assert state.phase == Searching(PARANORMALE) and GAME.to_act(state) == {0}
    assert state.nightmare[-1] == card


def test_nightmare_cards_back_to_reality_on_a_white_square() -> None:
    card = nightmare_card("back_to_reality")
    state = drawn(card)
    assert state.phase == Returning(0)
    assert legal(state) == {Return(0, square) for square in WHITES}
    assert_refused(state, Return(0, 9), "white")
    after = play(state, Return(0, 8))
    assert after.pawns[0] == Pawn("reality", 8) and after.active == 1


def test_nightmare_cards_take_a_dylan_dog_card() -> None:
    card = nightmare_card("take_dylan_dog")
    state = arrange()
    after = drawn(card, state=state)
    assert after.held[0] == (state.dylan_dog[0],) and after.dylan_dog == state.dylan_dog[1:]
    assert after.nightmare[-1] == card and after.active == 1


def test_nightmare_cards_send_another_pawn_to_reality_its_owner_picks_the_square() -> None:
    card = nightmare_card("send_to_reality")
    state = drawn(card, state=arrange(pawns={2: Pawn("nightmare", 10)}))
    assert state.phase == CardChoice(card, -1)
    assert legal(state) == {SendToReality(0, 1), SendToReality(0, 2), SendToReality(0, 3)}
    assert_refused(state, SendToReality(0, 0), "themselves")
    sent = play(state, SendToReality(0, 2))
    assert sent.phase == Returning(2) and GAME.to_act(sent) == {2}
    assert_refused(sent, Return(0, 12))
    after = play(sent, Return(2, 12))
    assert after.pawns[2] == Pawn("reality", 12) and after.pawns[0] == Pawn("nightmare", 3)
    assert after.active == 1 and after.phase == TurnStart()  # seat 2 gets nothing more


def test_nightmare_cards_rotate_the_plane_by_1_to_3_in_one_direction() -> None:
    card = nightmare_card("rotate")
    state = drawn(card)
    assert choosing(state) == (3, "rotate", 3)
    assert legal(state) == {ChooseDistance(0, n) for n in (1, 2, 3)}
    assert_refused(state, ChooseDistance(0, 4))
    turning = play(state, ChooseDistance(0, 2))
    assert legal(turning) == {Rotate(0, CW), Rotate(0, CCW)}
    turning = play(turning, Rotate(0, CCW))
    assert_refused(turning, Rotate(0, CW))
    assert_refused(turning, Step(0, CW))
    after = play(turning, Rotate(0, CCW))
    assert after.rotation == 22 and after.pawns[0] == Pawn("nightmare", 3)
    assert after.nightmare == state.nightmare and after.active == 1  # no second draw


def test_nightmare_cards_step_again_1_to_3_and_the_new_square_counts() -> None:
    card = nightmare_card("step_again")
    state = drawn(card, rotation=23)  # the pawn on square 3, at sector 2
    assert choosing(state) == (3, "step", 3)
    stepping = play(state, ChooseDistance(0, 1))
    assert Step(0, CW) in legal(stepping) and legal(stepping) <= {Step(0, CW), Step(0, CCW)}
    assert_refused(stepping, Rotate(0, CW))
    assert_refused(stepping, ChangePlane(0, "reality"))
    after = play(stepping, Step(0, CW))  # square 4 lies at Mente's sector 3
    assert after.pawns[0] == Pawn("crypt", MENTE) and after.phase == Searching(MENTE)


def test_nightmare_cards_a_card_moving_the_drawer_onto_the_forced_exchange_allows_it(
        ) -> None:
    state = drawn(nightmare_card("step_again"), rotation=5,
                  state=checked(give(arrange(), 1, KNOWN.mystery[2])))
    after = play(state, ChooseDistance(0, 2), Step(0, CW), Step(0, CW))
    assert after.pawns[0] == Pawn("nightmare", 5)  # at sector 10
    assert after.phase == Exchange() and ForceExchange(0, 1) in legal(after)


def test_spec_a_rotate_card_in_the_first_turn_counts_as_the_drawers_own_move() -> None:
    rotate, blank = nightmare_card("rotate"), nightmare_card("no_effect")
    state = checked(on_top(arrange(turn=0, phase=Moving(3, "first")), rotate, blank))
    drew = play(state, Rotate(0, CW), Rotate(0, CW), Rotate(0, CW))  # square 21 at sector 0
    assert choosing(drew) == (3, "rotate", 21)
    after = play(drew, ChooseDistance(0, 3), Rotate(0, CW), Rotate(0, CW), Rotate(0, CW))
    # rotation 6: square 18, another nightmare-card square, now lies under the pawn
    assert after.rotation == 6 and after.nightmare[-2:] == (rotate, blank)
    assert after.active == 1


def test_nightmare_cards_step_again_does_not_reverse() -> None:
    stepping = play(drawn(nightmare_card("step_again")), ChooseDistance(0, 3), Step(0, CW))
    assert_refused(stepping, Step(0, CCW))
    after = play(stepping, Step(0, CW), Step(0, CW))
    assert after.pawns[0] == Pawn("nightmare", 6)


def test_spec_step_again_continues_the_throws_move_without_turning_back() -> None:
    # The die's move stepped clockwise onto the card: the card's steps may not reverse it.
    stepping = play(drawn(nightmare_card("step_again")), ChooseDistance(0, 1))
    assert legal(stepping) == {Step(0, CW)}
    assert_refused(stepping, Step(0, CCW), "no reversal")
    # A plane change onto the card square frees the direction again.
    state = checked(on_top(moving(1, pawn=Pawn("reality", 3)), nightmare_card("step_again")))
    fresh = play(state, ChangePlane(0, "nightmare"), ChooseDistance(0, 1))
    assert legal(fresh) == {Step(0, CW), Step(0, CCW)}


def test_spec_a_rotate_card_chooses_its_direction_even_against_the_throws_turn() -> None:
    # The throw turned the plane clockwise, then stepped onto the card square: the spec
    # gives the rotate card "the player's choice of amount and direction".
    state = checked(on_top(moving(2, pawn=Pawn("nightmare", 2), rotation=23),
                           nightmare_card("rotate")))
    drew = play(state, Rotate(0, CW), Step(0, CW))
    assert drew.rotation == 0 and choosing(drew) == (3, "rotate", 3)
    turning = play(drew, ChooseDistance(0, 2))
    assert legal(turning) == {Rotate(0, CW), Rotate(0, CCW)}
    turning = play(turning, Rotate(0, CCW))
    assert_refused(turning, Rotate(0, CW))  # within the card's own rotation: one direction


@pytest.mark.parametrize("effect", ["no_effect", "enter_dimension", "go_to_crypt",
                                    "back_to_reality", "take_dylan_dog", "send_to_reality",
                                    "rotate", "step_again"])
def test_final_notes_every_nightmare_card_drawn_returns_to_the_bottom(effect: str) -> None:
    card = nightmare_card(effect)
    after = drawn(card)
    assert after.nightmare[-1] == card and len(after.nightmare) == 66
    assert all(card not in held for held in after.held)


# -- Shadow Cards and Shadow Squares ------------------------------------------------------------


def shadow_cards(state: State, seat: int) -> tuple[int, int]:
    """A shadow card matching one of ``seat``'s story shapes, and one matching none."""
    shapes = {KNOWN.shape[c] for c in state.story[seat]}
    shadows = [c for c in KNOWN.nightmare if CARDS.nightmare[c - KNOWN.nightmare.start].effect
               == "shadow"]
    match = next(c for c in shadows if KNOWN.shape[c] in shapes)
    other = next(c for c in shadows if KNOWN.shape[c] not in shapes)
    return match, other


def on_shadow_square(*cards: int) -> State:
    """Seat 0 steps onto the shared shadow square of gate 1's path holding ``cards``."""
    state = checked(give(moving(1, pawn=Pawn("mystery", 1, 1)), 0, *cards))
    return play(state, Step(0, "crypt"))


def test_shadow_cards_are_kept_face_up() -> None:
    card = nightmare_card("shadow")
    after = drawn(card)
    assert after.held[0] == (card,) and card not in after.nightmare
    assert GAME.view(after, 2).held[0] == (card,)
    assert len(after.nightmare) == 65 and after.active == 1


def test_shadow_squares_without_help_the_pawn_returns_to_reality() -> None:
    state = on_shadow_square()
    assert state.phase == Shadow() and state.pawns[0] == Pawn("mystery", 2, 1)
    assert legal(state) == {GoToReality(0)}
    assert_refused(state, UseDylanDog(0), "no Dylan Dog")
    after = play(state, GoToReality(0), Return(0, 16))
    assert after.pawns[0] == Pawn("reality", 16) and after.active == 1


def test_shadow_squares_a_branch_shadow_square_also_asks() -> None:
    state = moving(1, pawn=Pawn("mystery", 3, 1, MENTE))
    assert play(state, Step(0, "crypt")).phase == Shadow()


def test_shadow_squares_only_landing_on_one_counts() -> None:
    after = play(moving(2, pawn=Pawn("mystery", 1, 1)), Step(0, "crypt"), Step(0, "Mente"))
    assert after.pawns[0] == Pawn("mystery", 3, 1, MENTE) and after.active == 1


def test_shadow_squares_a_pawn_that_only_turns_the_plane_from_one_does_not_land() -> None:
    state = checked(emptied(moving(1, pawn=Pawn("mystery", 2, 1)), MENTE, INFINITO))
    after = play(state, Rotate(0, CW))
    assert after.pawns[0] == Pawn("mystery", 2, 1) and after.active == 1


def test_dylan_dog_cards_escape_a_shadow_square() -> None:
    dylan = KNOWN.dylan_dog[0]
    state = on_shadow_square(dylan)
    assert UseDylanDog(0) in legal(state)
    after = play(state, UseDylanDog(0))
    assert after.pawns[0] == Pawn("mystery", 2, 1) and after.held[0] == ()
    assert after.dylan_dog[-1] == dylan and after.active == 1


def test_shadow_cards_a_shadow_matching_ones_story_escapes_and_is_shown() -> None:
    probe = arrange()
    match, other = shadow_cards(probe, 0)
    state = on_shadow_square(match, other)
    assert UseShadow(0, match) in legal(state) and UseShadow(0, other) not in legal(state)
    after = play(state, UseShadow(0, match))
    assert after.pawns[0] == Pawn("mystery", 2, 1) and after.held[0] == (other,)
    assert after.nightmare[-1] == match  # used: back under the nightmare deck
    assert after.revealed_shapes[0] == {KNOWN.shape[match]}
    assert GAME.view(after, 3).revealed_shapes[0] == {KNOWN.shape[match]}
    assert after.active == 1


def test_shadow_cards_a_shadow_matching_none_of_ones_story_is_refused() -> None:
    _, other = shadow_cards(arrange(), 0)
    state = on_shadow_square(other)
    assert_refused(state, UseShadow(0, other), "Shadow Cards")
    assert legal(state) == {GoToReality(0)}


def test_shadow_cards_may_serve_as_trade_goods() -> None:
    _, other = shadow_cards(arrange(), 0)
    state = checked(give(give(arrange(), 0, other), 1, KNOWN.mystery[3]))
    after = play(state, ProposeTrade(0, 1), OfferCard(0, other), AskCard(0, KNOWN.mystery[3]),
                 AcceptTrade(1))
    assert after.held[1] == (other,) and after.held[0] == (KNOWN.mystery[3],)


# -- Dylan Dog Cards ---------------------------------------------------------------------------


def test_dylan_dog_cards_climb_out_of_an_empty_crypt_a_card_sent_you_to() -> None:
    dylan = KNOWN.dylan_dog[0]
    state = checked(give(emptied(arrange(), TEMPO), 0, dylan))
    state = drawn(nightmare_card("go_to_crypt", crypt="Tempo"), state=state)
    assert state.phase == EmptyCrypt(TEMPO) and state.pawns[0] == Pawn("crypt", TEMPO)
    assert legal(state) == {UseDylanDog(0), GoToReality(0)}
    after = play(state, UseDylanDog(0))
    assert after.pawns[0] == Pawn("nightmare", 21)  # at Tempo's sector 21, rotation 0
    assert after.dylan_dog[-1] == dylan and after.held[0] == () and after.active == 1


def test_dylan_dog_cards_without_one_an_empty_crypt_sends_you_to_reality() -> None:
    state = drawn(nightmare_card("go_to_crypt", crypt="Tempo"),
                  state=checked(emptied(arrange(), TEMPO)))
    assert legal(state) == {GoToReality(0)}
    after = play(state, GoToReality(0))
    assert after.phase == Returning(0)
    assert play(after, Return(0, 20)).pawns[0] == Pawn("reality", 20)


def test_spec_an_empty_crypt_reached_along_a_path_is_the_same() -> None:
    state = checked(emptied(moving(1, pawn=Pawn("mystery", 5, 1, INFINITO)), INFINITO))
    after = play(state, Step(0, "crypt"))
    assert after.phase == EmptyCrypt(INFINITO) and after.pawns[0] == Pawn("crypt", INFINITO)


def test_spec_an_empty_dylan_dog_deck_gives_nothing() -> None:
    state = moving(1, pawn=Pawn("nightmare", 0), rotation=4)
    state = checked(give(state, 2, *state.dylan_dog))
    after = play(state, Step(0, CW))
    assert after.held[0] == () and after.dylan_dog == () and after.active == 1


# -- Reaching the Mystery Crypts --------------------------------------------------------------


def test_reaching_the_mystery_crypts_along_a_path_no_exact_throw_is_needed() -> None:
    state = moving(5, pawn=Pawn("mystery", 4, 1, MENTE))
    after = play(state, Step(0, "crypt"), Step(0, "crypt"))
    assert after.pawns[0] == Pawn("crypt", MENTE) and after.phase == Searching(MENTE)


def test_reaching_the_mystery_crypts_the_player_draws_any_card_and_keeps_a_mystery_card() -> None:
    card = useless_mystery(arrange())
    state = in_crypt(arrange(pawns={0: Pawn("crypt", MENTE)}, phase=Searching(MENTE)),
                     MENTE, card, slot=5)
    state = checked(state)
    assert legal(state) == {Search(0, slot) for slot in range(10)}
    assert_refused(state, Search(0, 10))
    after = play(state, Search(0, 5))
    assert after.held[0] == (card,) and card not in after.crypts[MENTE]
    assert len(after.crypts[MENTE]) == 9
    assert GAME.view(after, 1).held[0] == (card,)  # kept face up, declared


def test_reaching_the_mystery_crypts_useless_mystery_cards_may_serve_as_trade_goods() -> None:
    state = arrange()
    useless = useless_mystery(state)
    theirs = story_mysteries(state, 1)[0]
    state = checked(give(give(state, 0, useless), 1, theirs))
    after = play(state, ProposeTrade(0, 1), OfferCard(0, useless), AskCard(0, theirs),
                 AcceptTrade(1))
    assert after.held[0] == (theirs,) and after.held[1] == (useless,)


def test_reaching_the_mystery_crypts_after_a_mystery_card_the_pawn_jumps_back_to_reality() -> None:
    card = useless_mystery(arrange())
    state = checked(in_crypt(arrange(pawns={0: Pawn("crypt", MENTE)}, phase=Searching(MENTE)),
                             MENTE, card))
    after = play(state, Search(0, 0))
    assert after.phase == Returning(0) and GAME.to_act(after) == {0}
    assert_refused(after, Return(0, 3), "white")
    back = play(after, Return(0, 4))
    assert back.pawns[0] == Pawn("reality", 4) and back.active == 1


# -- Horror Cards ---------------------------------------------------------------------------------


def horror_drawn(horror: int, *cards: int, face: int = 2) -> State:
    """Seat 0 searching Mente draws ``horror`` holding ``cards``; its throw shows ``face``."""
    state = arrange(pawns={0: Pawn("crypt", MENTE)}, phase=Searching(MENTE))
    state = checked(give(in_crypt(state, MENTE, horror), 0, *cards))
    state = play(attrs.evolve(state, rng=rng_for(face)), Search(0, 0))
    assert state.phase == Horror(0, horror, MENTE, -1)
    return state


def test_horror_cards_a_dylan_dog_card_defeats_it() -> None:
    horror, dylan = horror_card(None), KNOWN.dylan_dog[0]
    state = horror_drawn(horror, dylan)
    assert legal(state) == {UseDylanDog(0), FaceHorror(0)}
    after = play(state, UseDylanDog(0))
    assert after.removed == (horror,) and after.held[0] == ()
    assert after.dylan_dog[-1] == dylan and after.phase == Returning(0)


def test_horror_cards_a_dylan_dog_card_is_declared_before_the_throw() -> None:
    horror, dylan = horror_card(6), KNOWN.dylan_dog[0]
    lost = play(horror_drawn(horror, dylan, face=2), FaceHorror(0))
    assert lost.die == 2 and lost.phase == Returning(0) and lost.held[0] == (dylan,)
    assert_refused(lost, UseDylanDog(0))  # too late: the throw has been made


def test_horror_cards_a_winning_throw_keeps_the_horror_card() -> None:
    horror = horror_card(4)
    after = play(horror_drawn(horror, face=4), FaceHorror(0))
    assert after.die == 4 and after.held[0] == (horror,) and after.removed == ()
    assert after.phase == Returning(0)


@pytest.mark.parametrize(("needs", "face", "wins"), [
    (3, 2, False), (3, 3, True), (3, DYLAN_FACE, True),
    (4, 3, False), (4, 6, True),
    (5, 4, False), (5, 5, True),
    (6, 5, False), (6, 6, True), (6, DYLAN_FACE, True),
    (None, 6, False), (None, 2, False), (None, DYLAN_FACE, True),
])
def test_horror_cards_each_needs_its_value_or_the_dylan_dog_face(
        needs: int | None, face: int, wins: bool) -> None:
    horror = horror_card(needs)
    after = play(horror_drawn(horror, face=face), FaceHorror(0))
    assert after.die == face
    assert (horror in after.held[0]) is wins
    assert (horror in after.removed) is not wins


def test_horror_cards_a_failure_puts_a_mystery_card_of_choice_back_and_the_horror_leaves(
        ) -> None:
    horror, dylan = horror_card(6), KNOWN.dylan_dog[0]
    mine = useless_mystery(arrange())
    other = next(c for c in KNOWN.mystery if c != mine and c not in arrange().crypts[MENTE])
    state = horror_drawn(horror, mine, other, dylan, face=5)
    lost = play(state, FaceHorror(0))
    assert lost.phase == PuttingBack(MENTE) and lost.removed == (horror,)
    assert legal(lost) == {PutBack(0, mine), PutBack(0, other)}
    assert_refused(lost, PutBack(0, dylan))
    assert_refused(lost, UseDylanDog(0))  # to be declared before the throw
    after = play(lost, PutBack(0, other))
    assert other in after.crypts[MENTE] and other in after.returned
    assert set(after.held[0]) == {mine, dylan} and after.phase == Returning(0)
    assert GAME.view(after, 2).known_in_crypts[MENTE] == {other}


def test_horror_cards_a_failure_without_mystery_cards_only_returns_to_reality() -> None:
    horror = horror_card(5)
    after = play(horror_drawn(horror, face=3), FaceHorror(0))
    assert after.phase == Returning(0) and after.removed == (horror,)


def challenge_state(horror: int, *, target_cards: tuple[int, ...] = (), face: int = 2,
                    pawns: dict[int, Pawn] | None = None) -> State:
    state = arrange(pawns=pawns)
    state = give(give(state, 0, horror), 1, *target_cards)
    return checked(attrs.evolve(state, rng=rng_for(face)))


def test_horror_cards_a_challenge_only_on_the_same_plane() -> None:
    horror = horror_card(4)
    state = challenge_state(horror, pawns={2: Pawn("nightmare", 7), 3: Pawn("mystery", 1, 2)})
    assert {a for a in legal(state) if isinstance(a, Challenge)} == {Challenge(0, 1, horror)}
    assert_refused(state, Challenge(0, 2, horror), "same plane")
    assert_refused(state, Challenge(0, 3, horror), "same plane")
    assert_refused(state, Challenge(0, 0, horror))
    assert_refused(state, Challenge(0, 1, horror_card(3)))  # not held
    fight = play(state, Challenge(0, 1, horror))
    assert fight.phase == Horror(1, horror, -1, 0) and GAME.to_act(fight) == {1}
    assert fight.held[0] == () and fight.die == state.die  # instead of throwing
    assert_refused(fight, FaceHorror(0))


def test_horror_cards_a_challenged_player_who_wins_removes_the_horror_card() -> None:
    horror = horror_card(4)
    mystery = useless_mystery(arrange())
    state = play(challenge_state(horror, target_cards=(mystery,), face=5),
                 Challenge(0, 1, horror))
    after = play(state, FaceHorror(1))
    assert after.removed == (horror,) and after.held == ((), (mystery,), (), ())
    assert after.active == 1 and after.phase == TurnStart()


def test_horror_cards_a_challenged_player_may_play_dylan_dog() -> None:
    horror, dylan = horror_card(None), KNOWN.dylan_dog[0]
    state = play(challenge_state(horror, target_cards=(dylan,)), Challenge(0, 1, horror))
    assert legal(state, 1) == {UseDylanDog(1), FaceHorror(1)}
    after = play(state, UseDylanDog(1))
    assert after.removed == (horror,) and after.held[1] == () and after.dylan_dog[-1] == dylan
    assert after.active == 1


def test_horror_cards_a_defeated_challenged_player_without_mystery_cards_gives_nothing(
        ) -> None:
    horror, dylan = horror_card(5), KNOWN.dylan_dog[0]
    state = play(challenge_state(horror, target_cards=(dylan,), face=2),
                 Challenge(0, 1, horror), FaceHorror(1))
    assert state.removed == (horror,) and state.held == ((), (dylan,), (), ())
    assert state.active == 1 and state.phase == TurnStart()


def test_horror_cards_a_defeated_challenged_player_hands_over_a_mystery_card() -> None:
    horror, dylan = horror_card(5), KNOWN.dylan_dog[0]
    first, second = KNOWN.mystery[0], KNOWN.mystery[1]
    state = play(challenge_state(horror, target_cards=(first, second, dylan), face=4),
                 Challenge(0, 1, horror))
    lost = play(state, FaceHorror(1))
    assert lost.phase == Claiming(1) and GAME.to_act(lost) == {0}
    assert lost.removed == (horror,)
    assert legal(lost) == {ClaimCard(0, first), ClaimCard(0, second)}
    assert_refused(lost, ClaimCard(0, dylan))
    assert_refused(lost, ClaimCard(1, first))
    after = play(lost, ClaimCard(0, second))
    assert after.held[0] == (second,) and set(after.held[1]) == {first, dylan}
    assert after.active == 1


# -- Exchange -----------------------------------------------------------------------------------


def trading_state() -> State:
    state = give(give(arrange(), 0, KNOWN.dylan_dog[0]), 1, KNOWN.mystery[5])
    return checked(state)


def test_exchange_a_player_may_propose_a_trade_before_throwing() -> None:
    state = trading_state()
    assert ProposeTrade(0, 1) in legal(state) and ProposeTrade(0, 2) not in legal(state)
    offered = play(state, ProposeTrade(0, 1), OfferCard(0, KNOWN.dylan_dog[0]),
                   AskCard(0, KNOWN.mystery[5]))
    assert GAME.to_act(offered) == {1}
    assert legal(offered, 1) == {AcceptTrade(1), DeclineTrade(1)}
    assert_refused(offered, AcceptTrade(0))
    after = play(offered, AcceptTrade(1))
    assert after.held[0] == (KNOWN.mystery[5],) and after.held[1] == (KNOWN.dylan_dog[0],)
    assert after.phase == TurnStart(frozenset({1})) and after.active == 0
    assert_refused(after, ProposeTrade(0, 1), "already")
    assert Roll(0) in legal(after)


def test_exchange_the_other_player_may_decline() -> None:
    state = trading_state()
    after = play(state, ProposeTrade(0, 1), OfferCard(0, KNOWN.dylan_dog[0]),
                 AskCard(0, KNOWN.mystery[5]), DeclineTrade(1))
    assert after.held == state.held and after.phase == TurnStart(frozenset({1}))


def test_exchange_each_player_is_free_to_propose_a_trade_to_each_of_the_others() -> None:
    state = give(give(give(arrange(), 0, KNOWN.dylan_dog[0], KNOWN.dylan_dog[1]), 1,
                      KNOWN.mystery[5]), 2, KNOWN.mystery[6])
    state = checked(state)
    assert {a for a in legal(state) if isinstance(a, ProposeTrade)} == {
        ProposeTrade(0, 1), ProposeTrade(0, 2)}
    declined = play(state, ProposeTrade(0, 1), OfferCard(0, KNOWN.dylan_dog[0]),
                    AskCard(0, KNOWN.mystery[5]), DeclineTrade(1))
    assert {a for a in legal(declined) if isinstance(a, ProposeTrade)} == {ProposeTrade(0, 2)}
    assert_refused(declined, ProposeTrade(0, 1), "already")
    assert declined.phase == TurnStart(frozenset({1}))
    traded = play(declined, ProposeTrade(0, 2), OfferCard(0, KNOWN.dylan_dog[1]),
                  AskCard(0, KNOWN.mystery[6]), AcceptTrade(2))
    assert traded.held[0] == (KNOWN.dylan_dog[0], KNOWN.mystery[6])
    assert traded.phase == TurnStart(frozenset({1, 2}))
    assert not any(isinstance(a, ProposeTrade) for a in legal(traded))
    assert_refused(traded, ProposeTrade(0, 2), "already")
    assert Roll(0) in legal(traded)
    next_turn = play(attrs.evolve(traded, rng=rng_for(2)), Roll(0), Rotate(0, CW),
                     Rotate(0, CW))
    assert next_turn.active == 1 and next_turn.phase == TurnStart()


def test_spec_offers_per_turn_caps_the_trades_proposed_in_a_turn() -> None:
    config = Config(players=4, offers_per_turn=1)
    state = give(give(give(arrange(config=config), 0, KNOWN.dylan_dog[0]), 1,
                      KNOWN.mystery[5]), 2, KNOWN.mystery[6])
    after = play(checked(state), ProposeTrade(0, 1), OfferCard(0, KNOWN.dylan_dog[0]),
                 AskCard(0, KNOWN.mystery[5]), DeclineTrade(1))
    assert_refused(after, ProposeTrade(0, 2), "offers_per_turn")
    assert not any(isinstance(a, ProposeTrade) for a in legal(after))
    none = give(give(arrange(config=Config(players=4, offers_per_turn=0)), 0,
                     KNOWN.dylan_dog[0]), 1, KNOWN.mystery[5])
    assert_refused(checked(none), ProposeTrade(0, 1), "offers_per_turn")
    assert Config(players=4).offers_per_turn is None


def test_exchange_story_cards_are_never_exchanged() -> None:
    state = trading_state()
    assert_refused(state, ProposeTrade(0, 2), "story cards")  # seat 2 holds only its story
    proposing = play(state, ProposeTrade(0, 1))
    assert_refused(proposing, OfferCard(0, state.story[0][0]))
    offering = play(proposing, OfferCard(0, KNOWN.dylan_dog[0]))
    assert_refused(offering, AskCard(0, state.story[1][0]))
    assert legal(offering) == {AskCard(0, KNOWN.mystery[5])}


def test_exchange_only_before_the_throw() -> None:
    state = play(attrs.evolve(trading_state(), rng=rng_for(3)), Roll(0))
    assert_refused(state, ProposeTrade(0, 1), "move")


def test_exchange_the_forced_exchange_takes_a_card_even_one_the_owner_needs() -> None:
    state = moving(1, pawn=Pawn("nightmare", 16), rotation=17)  # square 17 over sector 10
    needed = story_mysteries(state, 1)[0]
    mine = KNOWN.dylan_dog[0]
    state = checked(give(give(state, 1, needed), 0, mine))
    exchange = play(state, Step(0, CW))
    assert exchange.phase == Exchange()
    taking = play(exchange, ForceExchange(0, 1))
    assert_refused(taking, GiveCard(0, mine), "take a card first")
    assert legal(taking) == {TakeCard(0, needed)}
    took = play(taking, TakeCard(0, needed))
    assert took.phase == Exchange(1, needed) and legal(took) == {GiveCard(0, mine)}
    assert_refused(took, GiveCard(0, needed))
    after = play(took, GiveCard(0, mine))
    assert after.held[0] == (needed,) and after.held[1] == (mine,) and after.active == 1


def test_exchange_forced_with_nothing_to_give_back() -> None:
    state = moving(1, pawn=Pawn("nightmare", 4), rotation=5)
    state = checked(give(state, 2, KNOWN.mystery[7]))
    after = play(state, Step(0, CW), ForceExchange(0, 2), TakeCard(0, KNOWN.mystery[7]))
    assert after.held[0] == (KNOWN.mystery[7],) and after.held[2] == ()
    assert after.active == 1


def test_exchange_the_forced_exchange_needs_a_partner_with_a_card() -> None:
    state = checked(give(moving(1, pawn=Pawn("nightmare", 4), rotation=5), 1,
                         KNOWN.mystery[7]))
    exchange = play(state, Step(0, CW))
    assert_refused(exchange, ForceExchange(0, 2), "no card")
    assert_refused(exchange, ForceExchange(0, 0))


# -- The End of the Game -------------------------------------------------------------------------


def test_end_of_the_game_the_fourth_matching_mystery_card_found_in_a_crypt_wins() -> None:
    state = arrange(pawns={0: Pawn("crypt", TEMPO)}, phase=Searching(TEMPO))
    needed = story_mysteries(state, 0)
    state = checked(in_crypt(give(state, 0, *needed[:3]), TEMPO, needed[3], slot=2))
    after = play(state, Search(0, 2))
    assert after.phase == Over("four_mystery_cards", frozenset({0}))
    assert GAME.is_terminal(after) and GAME.outcome(after).winners == {0}
    assert GAME.to_act(after) == frozenset() and legal(after) == set()
    assert GAME.view(after, 1).stories[0] == state.story[0]


def test_end_of_the_game_four_mystery_cards_not_all_of_ones_story_do_not_win() -> None:
    state = arrange(pawns={0: Pawn("crypt", TEMPO)}, phase=Searching(TEMPO))
    needed = story_mysteries(state, 0)
    extra = useless_mystery(state)
    state = checked(in_crypt(give(state, 0, *needed[:3]), TEMPO, extra))
    after = play(state, Search(0, 0))
    assert after.phase == Returning(0) and len(after.held[0]) == 4


def test_end_of_the_game_a_trade_completing_both_stories_makes_both_win() -> None:
    state = arrange()
    mine, theirs = story_mysteries(state, 0), story_mysteries(state, 1)
    state = checked(give(give(state, 0, *mine[:3], theirs[3]), 1, *theirs[:3], mine[3]))
    after = play(state, ProposeTrade(0, 1), OfferCard(0, theirs[3]), AskCard(0, mine[3]),
                 AcceptTrade(1))
    assert after.phase == Over("four_mystery_cards", frozenset({0, 1}))
    assert GAME.outcome(after).winners == {0, 1}


def test_end_of_the_game_the_card_given_in_a_forced_exchange_can_complete_the_other() -> None:
    state = moving(1, pawn=Pawn("nightmare", 4), rotation=5)
    theirs = story_mysteries(state, 1)
    junk = useless_mystery(state)
    state = checked(give(give(state, 0, theirs[3]), 1, *theirs[:3], junk))
    after = play(state, Step(0, CW), ForceExchange(0, 1), TakeCard(0, junk),
                 GiveCard(0, theirs[3]))
    assert GAME.outcome(after).winners == {1}


def test_end_of_the_game_a_forced_exchange_take_that_completes_the_story_wins_before_the_give(
        ) -> None:
    state = moving(1, pawn=Pawn("nightmare", 4), rotation=5)  # square 5 comes to sector 10
    mine = story_mysteries(state, 0)
    state = checked(give(give(state, 0, *mine[:3]), 1, mine[3]))
    after = play(state, Step(0, CW), ForceExchange(0, 1), TakeCard(0, mine[3]))
    assert after.phase == Over("four_mystery_cards", frozenset({0}))
    assert GAME.outcome(after).winners == {0} and GAME.to_act(after) == frozenset()
    assert_refused(after, GiveCard(0, mine[0]))
    assert set(after.held[0]) == set(mine) and after.held[1] == ()


def test_end_of_the_game_a_claimed_mystery_card_can_win() -> None:
    horror = horror_card(None)
    state = arrange()
    mine = story_mysteries(state, 0)
    state = give(give(state, 0, horror, *mine[:3]), 1, mine[3])
    state = checked(attrs.evolve(state, rng=rng_for(6)))
    after = play(state, Challenge(0, 1, horror), FaceHorror(1), ClaimCard(0, mine[3]))
    assert GAME.outcome(after).winners == {0}


def test_spec_the_turn_limit_ends_the_game_with_no_winner() -> None:
    state = GAME.setup(Config(players=3, turn_limit=1), 4)
    after = play(attrs.evolve(state, rng=rng_for(2)), Roll(0), Rotate(0, CW), Rotate(0, CW))
    assert after.phase == Over("turn_limit", frozenset())
    outcome = GAME.outcome(after)
    assert outcome.winners == frozenset() and outcome.reason == "turn_limit"
    assert GAME.to_act(after) == frozenset()


def test_spec_the_game_is_not_over_before_the_turn_limit() -> None:
    state = GAME.setup(Config(players=3, turn_limit=2), 4)
    after = play(attrs.evolve(state, rng=rng_for(2)), Roll(0), Rotate(0, CW), Rotate(0, CW))
    assert after.phase == TurnStart() and not GAME.is_terminal(after)
    with pytest.raises(IllegalAction):
        GAME.outcome(after)


# -- Final Notes -----------------------------------------------------------------------------------


def test_final_notes_no_reversal_within_a_move() -> None:
    state = play(moving(4, pawn=Pawn("reality", 2)), Step(0, CW))
    assert Step(0, CCW) not in legal(state)
    assert_refused(state, Step(0, CCW), "reversal")
    turned = play(state, Rotate(0, CW))
    assert_refused(turned, Rotate(0, CCW), "reversal")
    assert_refused(turned, Step(0, CCW))


def test_final_notes_a_plane_change_allows_reversing_the_pawn() -> None:
    state = moving(3, pawn=Pawn("reality", 2))
    after = play(state, Step(0, CW), ChangePlane(0, "nightmare"), Step(0, CCW))
    assert after.pawns[0] == Pawn("nightmare", 2) and after.active == 1


def test_final_notes_a_plane_change_does_not_let_the_rotation_reverse() -> None:
    state = play(moving(4, pawn=Pawn("reality", 2)), Rotate(0, CW), ChangePlane(0, "nightmare"))
    assert_refused(state, Rotate(0, CCW), "reversal")
    assert Rotate(0, CW) in legal(state)


def test_final_notes_on_a_mystery_path_no_turning_back_within_a_move() -> None:
    state = play(moving(3, pawn=Pawn("mystery", 1, 1)), Step(0, "crypt"))
    # a shadow square ends nothing mid-move: only the end of the move counts
    assert isinstance(state.phase, Moving)
    assert_refused(state, Step(0, "gate"), "reversal")


def test_final_notes_used_dylan_dog_and_shadow_cards_return_to_their_decks() -> None:
    dylan = KNOWN.dylan_dog[2]
    match, _ = shadow_cards(arrange(), 0)
    escaped = play(on_shadow_square(dylan, match), UseDylanDog(0))
    assert escaped.dylan_dog[-1] == dylan and escaped.held[0] == (match,)
    shown = play(on_shadow_square(dylan, match), UseShadow(0, match))
    assert shown.nightmare[-1] == match and shown.held[0] == (dylan,)


# -- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize("action", [
    Roll(1), Roll("0"), Roll(True), Step(0, CW), ChangePlane(0, "nightmare"),  # type: ignore[arg-type]
    Rotate(0, CW), Search(0, 0), FaceHorror(0), UseDylanDog(0), GoToReality(0),
    UseShadow(0, KNOWN.nightmare[6]), Return(0, 0), ChooseDistance(0, 3), ChooseGate(0, 1),
    SendToReality(0, 1), ForceExchange(0, 1), TakeCard(0, 0), GiveCard(0, 0), SkipExchange(0),
    PutBack(0, KNOWN.mystery[0]), ClaimCard(0, KNOWN.mystery[0]), AcceptTrade(1),
    DeclineTrade(1), OfferCard(0, KNOWN.mystery[0]), AskCard(0, KNOWN.mystery[0]),
    ProposeTrade(0, 1), ProposeTrade(0, 0), ProposeTrade(0, 9),
    Challenge(0, 1, KNOWN.horror[0]), "roll", None,
])
def test_spec_forged_and_out_of_phase_actions_are_refused(action: object) -> None:
    assert_refused(GAME.setup(Config(players=4), 2), action)


def test_spec_bad_values_in_phase_are_refused() -> None:
    assert_refused(moving(2, pawn=Pawn("reality", 2)), Step(0, "north"))
    assert_refused(moving(2, pawn=Pawn("reality", 2)), Step(1, CW), "seat 0")
    assert_refused(moving(2, pawn=Pawn("reality", 2)), Rotate(0, "up"))
    assert_refused(moving(2, pawn=Pawn("reality", 2)), ChangePlane(0, "crypt"))
    assert_refused(moving(2, pawn=Pawn("reality", 2)), ChangePlane(0, "mystery"))
    searching = arrange(pawns={0: Pawn("crypt", MENTE)}, phase=Searching(MENTE))
    for slot in (-1, 9, "0", 1.0):
        assert_refused(searching, Search(0, slot))  # type: ignore[arg-type]
    returning = play(searching, Search(0, next(
        i for i, c in enumerate(searching.crypts[MENTE]) if KNOWN.kinds[c] == "mystery")))
    for square in (True, 5, 24, "0"):
        assert_refused(returning, Return(0, square))  # type: ignore[arg-type]
    assert_refused(returning, Return(1, 0))


def test_spec_every_legal_action_applies() -> None:
    states = [
        GAME.setup(Config(players=4), 2),
        moving(3, pawn=Pawn("reality", 2)),
        moving(3, pawn=Pawn("nightmare", 2), rotation=4),
        moving(3, pawn=Pawn("mystery", 2, 1)),
        drawn(nightmare_card("send_to_reality")),
        drawn(nightmare_card("enter_dimension", crypt="Tempo")),
        on_shadow_square(KNOWN.dylan_dog[0], *shadow_cards(arrange(), 0)),
    ]
    for state in states:
        for seat in GAME.to_act(state):
            actions = list(GAME.legal_actions(state, seat))
            assert actions
            for action in actions:
                GAME.validate(GAME.apply(state, action))
        for seat in set(range(state.config.players)) - set(GAME.to_act(state)):
            assert list(GAME.legal_actions(state, seat)) == []


def test_spec_each_action_kind_has_its_rule_and_effect_in_one_rulebook_part() -> None:
    parts = (turns, exchange, crypts, nightmare, shadows)
    for part in parts:
        assert set(part.RULES) == set(part.EFFECTS), part.__name__
    kinds = [kind for part in parts for kind in part.RULES]
    assert sorted(kinds, key=ACTION_TYPES.index) == list(ACTION_TYPES)  # each once
    assert set(rules.RULES) == set(rules.EFFECTS) == set(ACTION_TYPES)
