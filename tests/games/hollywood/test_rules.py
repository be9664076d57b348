"""Hollywood (+ Season of Festivals): one test per rule clause, named after the part of the
production year it checks (setup, Stage 1 Star distribution, Stage 2 Draft, Stage 3
Auction, Stage 4 Crew Activities, Stage 5 Movie Production, Stage 6 Box Office Tally,
Stage 7 Film of the Year, the year's end, the end of the game, what each seat sees) or
the reconstructed (R) spec clause (``spec_...``) that decides what the rulebooks leave
open.

States are arranged from real games: a game is played at random up to the stage wanted,
then hands, money or the Festival card are set with ``attrs.evolve`` (every card stays in
exactly one place, which ``GAME.validate`` checks), and the stage is played through the
game's own actions.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import cache

import attrs
import pytest

import partyrules
from partyrules import CorruptState, IllegalAction, InvalidConfig
from partyrules.core import testing
from partyrules.core.game import TABLE
from partyrules.games.hollywood.actions import (
    AssignCard,
    Bid,
    BidForDistributor,
    ChooseTarget,
    Draft,
    EndCrew,
    FinishProduction,
    GiveCard,
    GiveStar,
    NameType,
    PayInstead,
    PlayCrew,
    TakeSecondTeamDirector,
    TakeWorthlessScript,
    TeachIcon,
)
from partyrules.games.hollywood.cards import DEFAULT_CARD_DATA
from partyrules.games.hollywood.encoding import ENCODING
from partyrules.games.hollywood.state import (
    Answering,
    Bidding,
    Config,
    CrewPlanning,
    CrewTurn,
    DistributorBids,
    Drafting,
    FilmCheck,
    FilmReport,
    Note,
    Over,
    PlacedBid,
    Play,
    Producing,
    Slot,
    StarDistribution,
    State,
    Studio,
    Trophy,
    components,
)

GAME = partyrules.get_game("hollywood")
KINDS = Config(players=2).deck().cards


# -- cards -------------------------------------------------------------------------------------


def ids(name: str, **values: object) -> tuple[int, ...]:
    """Every card id of the default list called ``name`` with ``values``."""
    found = tuple(i for i, kind in enumerate(KINDS) if kind.name == name
                  and all(getattr(kind, field) == value for field, value in values.items()))
    assert found, (name, values)
    return found


def one(name: str, **values: object) -> int:
    return ids(name, **values)[0]


SCRIPT_R = ids("Romance Script", coin=1)  # coin 1, no figurine (3 copies)
SCRIPT_R2 = one("Romance Script", coin=2, figurines=0)
SCRIPT_C = ids("Comedy Script", coin=1)
SCRIPT_A = one("Action Script", coin=1)
DIRECTOR_R = ids("Romance Director", figurines=0)  # coin 2 (2 copies)
DIRECTOR_R1 = one("Romance Director", coin=2, figurines=1)
DIRECTOR_C = ids("Comedy Director", figurines=0)
DIRECTOR_C1 = one("Comedy Director", coin=2, figurines=1)
ACTOR_R = ids("Romance Actor", figurines=0)  # coin 1 (2 copies)
ACTOR_R1 = one("Romance Actor", figurines=1)  # coin 2
ACTOR_C = ids("Comedy Actor", figurines=0)
ACTRESS_R = ids("Romance Actress", figurines=0)
ACTRESS_C = ids("Comedy Actress", figurines=0)
STUNTMAN = ids("Stuntman")
COMPOSER = ids("Composer")
EDITOR = ids("Editor")
SOUND_ENGINEER = ids("Sound Engineer")
MAKEUP = ids("Make-up Artist")
PRODUCER = ids("Producer")
AGENT = ids("Agent")
STAR_ACTOR_R = ids("Romance Star Actor")
STAR_DIRECTOR_R = ids("Romance Star Director")
WORTHLESS = ids("Worthless Script")
# Hollywood Awards
LAWYER = ids("Lawyer")
SINGER = one("Singer")
CRITIC = one("Critic")
LOCATION_MANAGER = one("Location Manager")
PUBLICIST = one("Publicist")
CHOREOGRAPHER = one("Dance Choreographer")
TEACHER = ids("Teacher")
LIGHTING = one("Lighting Technician")
ACTOR_DIRECTOR = one("Actor/Director")
DOP = one("Director of Photography")
STD = ids("Second-Team Director")
# Hollywood Scandals
ANIMATOR = ids("Animator")
INDIE_ACTOR = one("Independent Film Actor (Comedy)")
TABLOID = one("Tabloid Director")
PLAGIARIZED = one("Plagiarized Script")
PAPARAZZO = ids("Paparazzo")
# International Film Festivals
GOLDEN_JURY = one("Golden Jury")
RED_CARPET = one("Red Carpet Gala")
CINEMA_WEEK = one("Independent Cinema Week")
FILM_MARKET = one("Film Market")

BASE = Config(players=3, first_distributor=0)
AWARDS = Config(players=3, awards=True, first_distributor=0)
SCANDALS = Config(players=3, scandals=True, first_distributor=0)
FESTIVALS = Config(players=3, festivals=True, first_distributor=0)


# -- arranging states ----------------------------------------------------------------------------


def checked(state: State) -> State:
    GAME.validate(state)
    return state


def play(state: State, *actions: object) -> State:
    return testing.apply_all(GAME, state, *actions)


def legal(state: State, seat: int = 0) -> set[object]:
    return set(GAME.legal_actions(state, seat))


def assert_refused(state: State, action: object, *words: str) -> None:
    testing.assert_refused(GAME, state, action, *words)


def everywhere(state: State) -> set[int]:
    return {card for cards in GAME.places(state).values() for card in cards}


@cache
def reach(config: Config, phase: type, seed: int = 1) -> State:
    """A game of ``config`` played at random until it first reaches ``phase``."""
    state = GAME.setup(config, seed)
    rng = random.Random(seed)
    while not isinstance(state.phase, phase):
        seat = min(GAME.to_act(state))
        state = GAME.apply(state, GAME.random_action(state, seat, rng))
    return checked(state)


def _pull(state: State, cards: Iterable[int]) -> State:
    """``cards`` taken out of wherever they lie (decks, supplies, hands, lots, pile)."""
    gone = set(cards)

    def drop(items: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(c for c in items if c not in gone)

    return attrs.evolve(
        state, basic=drop(state.basic), star=drop(state.star),
        festivals=drop(state.festivals),
        festival=None if state.festival in gone else state.festival,
        discard=drop(state.discard), box=drop(state.box), worthless=drop(state.worthless),
        second_team=drop(state.second_team), hands=tuple(drop(h) for h in state.hands),
        packets=tuple(drop(p) for p in state.packets),
        set_aside=tuple(drop(s) for s in state.set_aside),
        lots=tuple(None if c in gone else c for c in state.lots))


def with_hands(state: State, hands: dict[int, Sequence[int]]) -> State:
    """The seats of ``hands`` hold exactly those cards; what they held before goes to
    the bottom of its deck."""
    wanted = [card for cards in hands.values() for card in cards]
    freed = [c for seat in hands for c in state.hands[seat] if c not in wanted]
    state = _pull(state, (*wanted, *freed))
    held = list(state.hands)
    for seat, cards in hands.items():
        held[seat] = tuple(cards)
    return checked(attrs.evolve(
        state, hands=tuple(held),
        basic=(*state.basic, *(c for c in freed if KINDS[c].back == "basic")),
        star=(*state.star, *(c for c in freed if KINDS[c].back == "star"))))


def with_festival(state: State, card: int) -> State:
    """``card`` is this year's Festival card; the one it replaces goes back to the deck."""
    old = state.festival
    state = _pull(state, (card,))
    back = () if old is None or old == card else (old,)
    return checked(attrs.evolve(state, festival=card,
                                festivals=(*state.festivals, *back)))


def with_trophies(state: State, trophies: dict[int, Sequence[tuple[Sequence[int], int]]],
                  ) -> State:
    """Seats own Films of the Year made of these cards, with these countable figurines,
    one per past year from year 1 on (the state's year must be past them all)."""
    state = _pull(state, [c for won in trophies.values() for cards, _ in won for c in cards])
    owned = list(state.trophies)
    years = iter(range(1, state.year))
    for seat, won in trophies.items():
        owned[seat] = tuple(Trophy(next(years), tuple(cards), countable)
                            for cards, countable in won)
    return checked(attrs.evolve(state, trophies=tuple(owned)))


def crew(config: Config, hands: dict[int, Sequence[int]]) -> State:
    """Stage 4 of year 1 with ``hands`` (seats not named hold nothing)."""
    state = reach(config, CrewPlanning if config.scandals else CrewTurn)
    return with_hands(state, {s: hands.get(s, ()) for s in range(config.players)})


def producing(hands: dict[int, Sequence[int]], config: Config = BASE,
              money: tuple[int, ...] | None = None) -> State:
    """Stage 5 of year 1, reached by every seat ending Stage 4 with ``hands`` and
    ``money`` (default: 12 million each, as after bidding 0s)."""
    state = crew(config, hands)
    state = attrs.evolve(state, money=money or (12,) * config.players)
    while isinstance(state.phase, (CrewTurn, CrewPlanning)):
        state = play(state, EndCrew(min(GAME.to_act(state))))
    assert isinstance(state.phase, Producing)
    return state


def film(state: State, seat: int, index: int, *cards: int | tuple[int, str]) -> State:
    """``seat`` puts ``cards`` (a dual card as ``(card, role)``) into film ``index``."""
    for card in cards:
        if isinstance(card, tuple):
            state = play(state, AssignCard(seat, card[0], index, card[1]))
        else:
            state = play(state, AssignCard(seat, card, index))
    return state


def finish_all(state: State) -> State:
    for seat in sorted(GAME.to_act(state)):
        state = play(state, FinishProduction(seat))
    return state


def studio(state: State, seat: int) -> Studio:
    phase = state.phase
    assert isinstance(phase, Producing)
    return phase.studios[seat]


def report_of(state: State, seat: int, index: int = 0) -> FilmReport:
    assert state.report is not None
    return next(r for r in state.report.films if (r.seat, r.film) == (seat, index))


# -- Setup ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 7))
def test_setup_every_seat_has_12_million_and_bid_cards_0_to_4(players: int) -> None:
    state = GAME.setup(Config(players=players), 3)
    assert state.money == (12,) * players
    assert state.bid_cards == (frozenset({0, 1, 2, 3, 4}),) * players
    assert state.trophies == ((),) * players and state.year == 1
    assert len(state.worthless) == 18 and state.second_team == ()


@pytest.mark.parametrize("awards", [False, True])
def test_setup_two_players_keep_the_top_42_basic_and_12_star_cards(awards: bool) -> None:
    config = Config(players=2, awards=awards)
    basic, star = components(config)[:2]
    state = GAME.setup(config, 4)
    phase = state.phase
    assert isinstance(phase, StarDistribution)
    in_use_basic = [*state.basic, *(c for p in state.packets for c in p)]
    in_use_star = [*state.star, *phase.stars, *(c for c in state.lots if c is not None)]
    assert len(in_use_basic) == 42 and len(in_use_star) == 12
    assert len(state.box) == len(basic) + len(star) - 54
    assert sorted((*in_use_basic, *in_use_star, *state.box)) == sorted((*basic, *star))
    for seat in range(2):  # the box is never seen
        seen = GAME.view(state, seat)
        assert not hasattr(seen, "box")
        assert seen.basic_size == len(state.basic) and seen.star_size == len(state.star)


def test_setup_with_three_players_nothing_is_boxed() -> None:
    state = GAME.setup(Config(players=3), 4)
    assert state.box == ()
    assert len(state.basic) == 126 - 21 and len(state.star) == 48 - 6


@pytest.mark.parametrize("awards", [False, True])
@pytest.mark.parametrize("scandals", [False, True])
@pytest.mark.parametrize("festivals", [False, True])
def test_setup_expansion_cards_are_in_play_only_when_on(awards: bool, scandals: bool,
                                                       festivals: bool) -> None:
    config = Config(players=4, awards=awards, scandals=scandals, festivals=festivals)
    state = GAME.setup(config, 5)
    cards = everywhere(state)
    expected = {"base"} | {name for name, on in (("awards", awards), ("scandals", scandals),
                                                 ("festivals", festivals)) if on}
    assert cards == {i for i, kind in enumerate(KINDS) if kind.expansion in expected}
    assert (LAWYER[0] in cards) is awards and (STD[0] in state.second_team) is awards
    assert len(state.second_team) == (6 if awards else 0)
    assert (TABLOID in cards) is scandals and (GOLDEN_JURY in cards) is festivals
    assert (state.festival is not None) is festivals
    assert len(state.festivals) == (7 if festivals else 0)
    if scandals:  # Scandals cards are shuffled into the basic deck
        assert {*PAPARAZZO, TABLOID} <= {*state.basic, *(c for p in state.packets for c in p)}


def test_setup_the_first_distributor_comes_from_the_config() -> None:
    for seat in range(4):
        state = GAME.setup(Config(players=4, first_distributor=seat), 9)
        assert state.distributor == seat and GAME.to_act(state) == {seat}


def test_setup_without_a_first_distributor_the_seed_draws_one() -> None:
    drawn = {GAME.setup(Config(players=4), seed).distributor for seed in range(24)}
    assert drawn <= set(range(4)) and len(drawn) > 1
    assert GAME.setup(Config(players=4), 11).distributor == GAME.setup(
        Config(players=4), 11).distributor


def test_spec_distributor_auction_the_highest_bid_distributes_and_pays() -> None:
    state = GAME.setup(Config(players=3, distributor_auction=True), 2)
    assert isinstance(state.phase, DistributorBids)
    assert GAME.to_act(state) == {0, 1, 2} and GAME.is_simultaneous(state)
    state = play(state, BidForDistributor(2, 1), BidForDistributor(0, 2))
    assert GAME.to_act(state) == {1} and state.money == (12, 12, 12)
    state = play(state, BidForDistributor(1, 4))
    assert state.distributor == 1 and state.money == (12, 8, 12)
    assert state.bid_cards[1] == {0, 1, 2, 3} and state.bid_cards[0] == {0, 1, 2, 3, 4}
    assert isinstance(state.phase, StarDistribution) and GAME.to_act(state) == {1}


def test_spec_distributor_auction_ties_are_drawn_by_the_rng() -> None:
    winners = set()
    for seed in range(16):
        state = GAME.setup(Config(players=3, distributor_auction=True), seed)
        expected = (0, 2)[state.rng.below(2)[0]]
        state = play(state, BidForDistributor(0, 3), BidForDistributor(1, 1),
                     BidForDistributor(2, 3))
        assert state.distributor == expected
        assert state.money[expected] == 9 and 3 not in state.bid_cards[expected]
        winners.add(state.distributor)
    assert winners == {0, 2}


def test_spec_distributor_auction_a_winning_0_is_not_spent() -> None:
    state = GAME.setup(Config(players=2, distributor_auction=True), 6)
    state = play(state, BidForDistributor(0, 0), BidForDistributor(1, 0))
    assert state.money == (12, 12) and state.bid_cards == (frozenset(range(5)),) * 2
    assert_refused(GAME.setup(Config(players=2, distributor_auction=True), 6),
                   BidForDistributor(0, 5), "bid cards")


@pytest.mark.parametrize("changes", [
    {"players": 1},
    {"players": 7},
    {"players": 3, "first_distributor": 3},
    {"players": 3, "first_distributor": -1},
    {"players": 3, "first_distributor": 0, "distributor_auction": True},
])
def test_setup_invalid_configs_are_refused(changes: dict[str, object]) -> None:
    with pytest.raises(InvalidConfig):
        Config(**changes)  # type: ignore[arg-type]


def test_setup_card_data_with_too_few_cards_is_refused() -> None:
    base = [kind for kind in DEFAULT_CARD_DATA if kind.expansion == "base"]
    basic_rows = [attrs.evolve(kind, count=1) for kind in base if kind.back == "basic"][:36]
    few_basic = (*basic_rows, *(kind for kind in base if kind.back != "basic"))
    assert sum(kind.count for kind in few_basic if kind.back == "basic") == 36
    Config(players=5, card_data=few_basic)
    with pytest.raises(InvalidConfig, match="basic"):
        Config(players=6, card_data=few_basic)
    few_star = tuple(kind for kind in DEFAULT_CARD_DATA
                     if kind.back != "star" or kind.name == "Star Producer")
    assert sum(kind.count for kind in few_star if kind.back == "star") == 3
    with pytest.raises(InvalidConfig, match="star"):
        Config(players=2, card_data=few_star)


# -- Contents of Season of Festivals (the rulebook's list, card for card) --------------------

AWARDS_MAIN_CARDS = {"Lawyer": 2, "Publicist": 2, "Dance Choreographer": 2, "Singer": 2,
                     "Teacher": 2, "Lighting Technician": 2, "Critic": 2}
AWARDS_STAR_CARDS = {"Actor/Director": 1, "Actress/Director": 1, "Actor/Actress": 1,
                     "Location Manager": 1, "Director of Photography": 1}


def _expansion_cards(expansion: str, back: str) -> list[int]:
    return [i for i, kind in enumerate(KINDS) if kind.expansion == expansion
            and kind.back == back]


def test_contents_awards_6_second_team_directors_and_14_main_cards() -> None:
    main = _expansion_cards("awards", "basic")
    assert len(main) == 14
    assert {KINDS[c].name for c in main} == set(AWARDS_MAIN_CARDS)
    for name, count in AWARDS_MAIN_CARDS.items():
        assert sum(KINDS[c].name == name for c in main) == count, name
    assert all(KINDS[c].kind == "staff" for c in main)
    directors = _expansion_cards("awards", "second_team")
    assert len(directors) == 6 and {KINDS[c].name for c in directors} == {
        "Second-Team Director"}


def test_contents_awards_11_star_cards() -> None:
    stars = _expansion_cards("awards", "star")
    assert len(stars) == 11
    for name, count in AWARDS_STAR_CARDS.items():
        assert sum(KINDS[c].name == name for c in stars) == count, name
    assert sum(KINDS[c].kind == "actor" for c in stars) == 3
    assert sum(KINDS[c].kind == "actress" for c in stars) == 3
    duals = {KINDS[c].name: KINDS[c].roles for c in stars if KINDS[c].kind == "dual"}
    assert duals == {"Actor/Director": ("actor", "director"),
                     "Actress/Director": ("actress", "director"),
                     "Actor/Actress": ("actor", "actress")}


def test_contents_scandals_10_cards_and_festivals_8_cards() -> None:
    scandals = [i for i, kind in enumerate(KINDS) if kind.expansion == "scandals"]
    assert len(scandals) == 10
    assert all(KINDS[c].scandal and KINDS[c].back == "basic" for c in scandals)
    assert not any(kind.scandal for kind in KINDS if kind.expansion != "scandals")
    festivals = [i for i, kind in enumerate(KINDS) if kind.expansion == "festivals"]
    assert len(festivals) == 8 and all(KINDS[c].back == "festival" for c in festivals)


def test_awards_setup_star_cards_go_to_the_star_deck_main_cards_to_the_base_deck() -> None:
    config = Config(players=3, awards=True)
    orders = set()
    for seed in range(4):
        state = GAME.setup(config, seed)
        phase = state.phase
        assert isinstance(phase, StarDistribution)
        star_places = [*state.star, *phase.stars, *(c for c in state.lots if c is not None)]
        basic_places = [*state.basic, *(c for p in state.packets for c in p)]
        assert set(_expansion_cards("awards", "star")) <= set(star_places)
        assert set(_expansion_cards("awards", "basic")) <= set(basic_places)
        assert sorted(state.second_team) == sorted(STD)  # beside the Worthless Scripts
        orders.add(tuple(c for c in star_places if KINDS[c].expansion == "awards"))
    assert len(orders) > 1  # shuffled into the star deck, not stacked


# The spec's reconstructed tables (R), as literal numbers: (back, kind) -> copies.
SPEC_BASE_COMPOSITION = {
    ("basic", "script"): 28, ("basic", "director"): 16 + 4, ("basic", "actor"): 12 + 2,
    ("basic", "actress"): 12 + 2, ("basic", "crew"): 8 + 4 * 6 + 3 * 4 + 2,
    ("basic", "staff"): 4, ("star", "actor"): 12, ("star", "actress"): 12,
    ("star", "director"): 12, ("star", "script"): 4, ("star", "crew"): 3 + 3 + 2,
    ("worthless", "script"): 18,
}
SPEC_EXPANSION_VALUES = {  # name -> (kind, genres, coin, figurines, title-only, copies)
    "Lawyer": ("staff", "", None, 0, False, 2),
    "Publicist": ("staff", "", None, 3, True, 2),
    "Dance Choreographer": ("staff", "", 1, 0, False, 2),
    "Singer": ("staff", "", 1, 0, False, 2),
    "Teacher": ("staff", "", 1, 0, False, 2),
    "Lighting Technician": ("staff", "", 1, 0, False, 2),
    "Critic": ("staff", "", None, 0, False, 2),
    "Actor/Director": ("dual", "AT", 3, 1, False, 1),
    "Actress/Director": ("dual", "CR", 3, 1, False, 1),
    "Actor/Actress": ("dual", "CT", 3, 1, False, 1),
    "Location Manager": ("staff", "", None, 0, True, 1),
    "Director of Photography": ("staff", "", 2, 0, False, 1),
    "Romance Awards Actor": ("actor", "R", 3, 2, False, 1),
    "Action-Comedy Awards Actor": ("actor", "AC", 4, 1, False, 1),
    "All-Genre Awards Actor": ("actor", "ACRT", 2, 1, False, 1),
    "Thriller Awards Actress": ("actress", "T", 3, 2, False, 1),
    "Romance-Action Awards Actress": ("actress", "AR", 4, 1, False, 1),
    "All-Genre Awards Actress": ("actress", "ACRT", 2, 1, False, 1),
    "Second-Team Director": ("director", "", None, 0, False, 6),
    "Animator": ("crew", "", -1, 1, False, 2),
    "Independent Film Actor (Thriller)": ("actor", "T", -2, 2, False, 1),
    "Independent Film Actor (Comedy)": ("actor", "C", -2, 2, False, 1),
    "Independent Film Actress (Romance)": ("actress", "R", -2, 2, False, 1),
    "Independent Film Actress (Action)": ("actress", "A", -2, 2, False, 1),
    "Tabloid Director": ("director", "ACRT", -3, 0, False, 1),
    "Plagiarized Script": ("script", "A", -3, 1, False, 1),
    "Paparazzo": ("crew", "", -2, 0, False, 2),
}


def test_spec_base_composition_126_basic_48_star_and_18_worthless_scripts() -> None:
    base = [kind for kind in KINDS if kind.expansion == "base"]
    counted: dict[tuple[str, str], int] = {}
    for kind in base:
        counted[kind.back, kind.kind] = counted.get((kind.back, kind.kind), 0) + 1
    assert counted == SPEC_BASE_COMPOSITION
    assert sum(k.back == "basic" for k in base) == 126 and sum(
        k.back == "star" for k in base) == 48
    for genre in "RCAT":  # scripts 3 / 2 / 1 / 1 per genre: coin 1 / 2 / 2 / 3
        scripts = sorted((k.coin or 0, k.figurines) for k in base
                         if k.back == "basic" and k.kind == "script" and k.genres == {genre})
        assert scripts == [(1, 0)] * 3 + [(2, 0)] * 2 + [(2, 1), (3, 1)]
        blockbuster = [k for k in base if k.back == "star" and k.kind == "script"
                       and k.genres == {genre}]
        assert [(k.coin, k.figurines) for k in blockbuster] == [(4, 2)]


def test_spec_expansion_cards_have_the_spec_tables_values() -> None:
    rows: dict[str, tuple[object, ...]] = {}
    for kind in KINDS:
        if kind.expansion in ("awards", "scandals"):
            copies = rows.get(kind.name, (None,) * 5 + (0,))[-1]
            assert isinstance(copies, int)
            rows[kind.name] = (kind.kind, "".join(sorted(kind.genres)), kind.coin,
                               kind.figurines, kind.title_only, copies + 1)
    assert rows == SPEC_EXPANSION_VALUES


# The spec's base Film Crew, corrected from published descriptions (2026-12): 11 kinds.
SPEC_BASE_CREW = {  # name -> (copies, genres, coin, figurines, effect)
    "Romance Assistant Director": (2, "R", 1, 0, ""),
    "Comedy Assistant Director": (2, "C", 1, 0, ""),
    "Action Assistant Director": (2, "A", 1, 0, ""),
    "Thriller Assistant Director": (2, "T", 1, 0, ""),
    "Sound Engineer": (6, "", 1, 0, "sound_engineer"),
    "Composer": (6, "", 1, 1, ""),
    "Editor": (4, "", 1, 0, "editor"),
    "Stuntman": (4, "", 2, 0, ""),
    "Set Designer": (4, "", None, 1, ""),
    "Make-up Artist": (4, "", 1, 0, ""),
    "Special Effects": (4, "", 2, 1, ""),
    "Casting Director": (2, "", 1, 0, ""),
    "Fight Choreographer": (2, "", 1, 0, ""),
    "Producer": (2, "", 3, 0, ""),
}


def test_spec_cards_base_film_crew_is_the_spec_tables_11_kinds() -> None:
    """"a review counts 11 crew kinds": the Assistant Directors, Sound Engineer,
    Composer, Editor, Stuntman, Set Designer, Make-up Artist, Special Effects, Casting
    Director, Fight Choreographer and Producer; the deck stays at 126 cards."""
    crew: dict[str, tuple[object, ...]] = {}
    for kind in KINDS:
        if kind.expansion == "base" and kind.back == "basic" and kind.kind == "crew":
            copies = crew.get(kind.name, (0,))[0]
            assert isinstance(copies, int)
            crew[kind.name] = (copies + 1, "".join(sorted(kind.genres)), kind.coin,
                               kind.figurines, kind.effect)
    assert crew == SPEC_BASE_CREW
    kinds = {"Assistant Director" if name.endswith(" Assistant Director") else name
             for name in crew}
    assert len(kinds) == 11
    assert sum(k.back == "basic" and k.expansion == "base" for k in KINDS) == 126
    assert ids("Agent") and not any(k.name in ("Cameraman", "Costume Designer")
                                    for k in DEFAULT_CARD_DATA)


# -- Stage 1, Star distribution ------------------------------------------------------------------


def stage1() -> State:
    state = GAME.setup(Config(players=3, first_distributor=1), 5)
    assert isinstance(state.phase, StarDistribution)
    return state


def test_stage1_the_distributor_draws_n_stars_and_alone_acts() -> None:
    state = stage1()
    phase = state.phase
    assert isinstance(phase, StarDistribution)
    assert len(phase.stars) == 3 and all(KINDS[c].back == "star" for c in phase.stars)
    assert GAME.to_act(state) == {1} and not GAME.is_simultaneous(state)
    assert {a.seat for a in GAME.legal_actions(state, 1)} == {1}
    assert list(GAME.legal_actions(state, 0)) == []
    assert_refused(state, GiveStar(0, phase.stars[0], 0), "does not act")
    assert_refused(state, GiveStar(1, state.star[0], 0), "not one of the stars")


def test_stage1_one_star_per_seat_and_the_last_card_goes_automatically() -> None:
    state = stage1()
    stars = state.phase.stars  # type: ignore[union-attr]
    state = play(state, GiveStar(1, stars[0], 1))  # itself included
    assert_refused(state, GiveStar(1, stars[1], 1), "without a star")
    state = play(state, GiveStar(1, stars[1], 0))
    assert isinstance(state.phase, Drafting)
    assert state.hands == ((stars[1],), (stars[0],), (stars[2],))


def test_stage1_the_private_log_tells_giver_and_receiver_only() -> None:
    state = stage1()
    stars = state.phase.stars  # type: ignore[union-attr]
    state = play(state, GiveStar(1, stars[2], 0), GiveStar(1, stars[0], 1))
    assert state.log[1] == (Note("star_given", stars[2], 0), Note("star_given", stars[0], 1),
                            Note("star_given", stars[1], 2))
    assert state.log[0] == (Note("star_received", stars[2], 1),)
    assert state.log[2] == (Note("star_received", stars[1], 1),)
    for seat in range(3):
        assert GAME.view(state, seat).log == state.log[seat]
        assert GAME.view(state, seat).hand == state.hands[seat]
    assert GAME.view(state, None).log == ()


def test_spec_a_short_star_distribution_skips_seats_of_the_distributors_choice() -> None:
    state = stage1()
    stars = state.phase.stars  # type: ignore[union-attr]
    state = checked(attrs.evolve(state, star=(*state.star, stars[2]),
                                 phase=StarDistribution(stars[:2], frozenset())))
    state = play(state, GiveStar(1, stars[0], 0))
    assert isinstance(state.phase, StarDistribution) and GAME.to_act(state) == {1}
    assert legal(state, 1) == {GiveStar(1, stars[1], 1), GiveStar(1, stars[1], 2)}
    state = play(state, GiveStar(1, stars[1], 2))
    assert isinstance(state.phase, Drafting)
    assert state.hands == ((stars[0],), (), (stars[1],))


# -- Stage 2, Draft --------------------------------------------------------------------------------


def draft(state: State, pick: int = 0) -> State:
    """Every seat picks the ``pick``-th card of its packet."""
    return play(state, *(Draft(s, state.packets[s][pick]) for s in range(3)))


def test_stage2_every_seat_is_dealt_7_cards_and_picks_at_once() -> None:
    state = reach(BASE, Drafting)
    assert [len(p) for p in state.packets] == [7, 7, 7]
    assert all(KINDS[c].back == "basic" for p in state.packets for c in p)
    assert GAME.to_act(state) == {0, 1, 2} and GAME.is_simultaneous(state)
    picked = play(state, Draft(2, state.packets[2][3]))
    assert GAME.to_act(picked) == {0, 1}
    assert picked.hands == state.hands and picked.packets == state.packets
    assert GAME.view(picked, 2).own_pick == state.packets[2][3]
    assert GAME.view(picked, 0).own_pick is None and GAME.view(picked, 0).done == {2}
    assert_refused(picked, Draft(2, state.packets[2][4]), "does not act")
    assert_refused(picked, Draft(0, state.packets[1][0]), "not in your packet")
    # any order of the picks gives the same state
    picks = [Draft(s, state.packets[s][1]) for s in range(3)]
    assert play(state, *picks) == play(state, *reversed(picks))


@pytest.mark.parametrize(("year", "step"), [(1, 1), (2, -1), (3, 1)])
def test_stage2_packets_pass_left_in_years_1_and_3_and_right_in_year_2(year: int,
                                                                     step: int) -> None:
    state = checked(attrs.evolve(reach(BASE, Drafting), year=year))
    after = draft(state, 2)
    for seat in range(3):
        giver = (seat - step) % 3
        left = state.packets[giver]
        assert after.packets[seat] == (*left[:2], *left[3:])
        assert after.hands[seat] == (*state.hands[seat], state.packets[seat][2])


def test_stage2_the_seventh_card_is_automatic_and_every_seat_drafts_7() -> None:
    state = reach(BASE, Drafting)
    dealt = sorted(c for p in state.packets for c in p)
    for _ in range(6):
        assert isinstance(state.phase, Drafting)
        state = draft(state)
    assert isinstance(state.phase, Bidding)
    assert state.packets == ((), (), ())
    for hand in state.hands:
        assert len(hand) == 8
        assert sum(KINDS[c].back == "basic" for c in hand) == 7
    assert sorted(c for h in state.hands for c in h if KINDS[c].back == "basic") == dealt


# -- Stage 3, Auction ------------------------------------------------------------------------------


def auction(**changes: object) -> State:
    return checked(attrs.evolve(reach(BASE, Bidding), **changes))


def test_stage3_lots_1_to_n_and_n_plus_1_while_the_star_deck_has_a_card() -> None:
    state = auction()
    assert GAME.is_simultaneous(state) and GAME.to_act(state) == {0, 1, 2}
    assert {a.lot for a in legal(state)} == {1, 2, 3, 4}
    assert_refused(state, Bid(0, 5, 1), "lot")
    assert_refused(state, Bid(0, 0, 1), "lot")
    no_star = checked(attrs.evolve(state, star=(), discard=(*state.discard, *state.star)))
    assert {a.lot for a in legal(no_star)} == {1, 2, 3}
    assert_refused(no_star, Bid(0, 4, 1), "lot")
    empty_lot = checked(attrs.evolve(state, lots=(None, *state.lots[1:]),
                                     discard=(*state.discard, state.lots[0])))
    assert {a.lot for a in legal(empty_lot)} == {2, 3, 4}
    assert_refused(empty_lot, Bid(0, 1, 1), "lot")


def test_spec_stage3_two_players_bid_on_lots_1_and_2_only_and_a_year_uses_4_stars() -> None:
    """With 2 players there is no face-down lot: lots are 1..N only; a year uses 4 star
    cards (2 handed out, 2 face-up lots), so the 12 kept last the three years."""
    config = Config(players=2, first_distributor=0)
    state = reach(config, Bidding)
    assert {a.lot for a in legal(state)} == {1, 2} and state.star
    assert_refused(state, Bid(0, 3, 0), "lot")
    with pytest.raises(IllegalAction, match="no action id"):
        ENCODING.action_id(state, Bid(0, 3, 0))
    assert "the top star card" not in GAME.render_view(GAME.view(state, 0))
    forged = attrs.evolve(state, phase=Bidding((PlacedBid(3, 0), None)))
    with pytest.raises(CorruptState) as refused:
        GAME.validate(forged)
    assert refused.value.path == "data.phase.bids[0].lot"
    for seed in range(3):
        bidding = {s.year: s for s in reversed(testing.play_random(GAME, config, seed).states)
                   if isinstance(s.phase, Bidding)}  # each year's auction as it opens
        assert sorted(bidding) == [1, 2, 3]
        for year, opened in bidding.items():
            assert len(opened.star) == 12 - 4 * year and None not in opened.lots


def test_stage3_a_bid_is_an_unspent_bid_card_at_most_ones_money() -> None:
    state = auction(money=(2, 12, 12), bid_cards=(frozenset({0, 1, 2, 3, 4}),
                                                   frozenset({0, 3}),
                                                   frozenset({0, 1, 2, 3, 4})))
    assert {a.value for a in legal(state, 0)} == {0, 1, 2}
    assert {a.value for a in legal(state, 1)} == {0, 3}
    assert_refused(state, Bid(0, 1, 3), "more than your money")
    assert_refused(state, Bid(1, 1, 2), "unspent bid cards")
    assert_refused(state, Bid(1, 1, 5), "unspent bid cards")


def test_stage3_bids_stay_hidden_until_all_are_in() -> None:
    state = play(auction(), Bid(1, 2, 3))
    assert GAME.view(state, 1).own_bid == PlacedBid(2, 3)
    assert GAME.view(state, 0).own_bid is None and GAME.view(state, 2).own_bid is None
    assert GAME.view(state, 0).revealed_bids == (None, None, None)
    assert GAME.view(state, 0).done == {1} and state.hands == auction().hands
    told = GAME.describe_action(state, Bid(0, 4, 2), 1)
    assert "2" not in told and "4" not in told
    state = play(state, Bid(0, 1, 1), Bid(2, 3, 2))
    assert GAME.view(state, 0).revealed_bids == (PlacedBid(1, 1), PlacedBid(2, 3),
                                                 PlacedBid(3, 2))


def test_stage3_the_highest_bid_wins_the_lot_and_pays() -> None:
    state = auction()
    lots = state.lots
    after = play(state, Bid(0, 1, 3), Bid(1, 1, 2), Bid(2, 2, 1))
    assert after.hands[0][-1] == lots[0] and after.hands[2][-1] == lots[1]
    assert after.money == (9, 12, 11)
    assert after.bid_cards[0] == {0, 1, 2, 4} and after.bid_cards[2] == {0, 2, 3, 4}
    assert after.bid_cards[1] == {0, 1, 2, 3, 4}  # the loser keeps its card ...
    assert after.hands[1][-1] == lots[2]  # ... and takes the unclaimed lot 3 free
    assert after.star == state.star and after.lots == (None, None, None)
    assert [len(h) for h in after.hands] == [9, 9, 9]
    assert isinstance(after.phase, CrewTurn)


def test_stage3_a_winning_0_costs_nothing_and_is_never_spent() -> None:
    after = play(auction(), Bid(0, 1, 0), Bid(1, 2, 1), Bid(2, 3, 0))
    assert after.money == (12, 11, 12)
    assert after.bid_cards == (frozenset(range(5)), frozenset({0, 2, 3, 4}),
                               frozenset(range(5)))


def test_spec_stage3_a_tie_goes_to_less_money() -> None:
    state = auction(money=(12, 10, 12))
    lots = state.lots
    after = play(state, Bid(0, 1, 2), Bid(1, 1, 2), Bid(2, 2, 4))
    assert after.hands[1][-1] == lots[0] and after.money == (12, 8, 8)
    assert after.hands[0][-1] == lots[2] and after.bid_cards[0] == frozenset(range(5))


def test_spec_stage3_a_tie_with_equal_money_goes_clockwise_from_the_distributor() -> None:
    state = auction(distributor=1)
    lots = state.lots
    after = play(state, Bid(0, 3, 2), Bid(1, 1, 1), Bid(2, 3, 2))
    assert after.hands[2][-1] == lots[2] and after.money == (12, 11, 10)
    assert after.hands[0][-1] == lots[1]  # the loser: lowest unclaimed lot


def test_spec_stage3_losers_high_to_low_take_the_lowest_unclaimed_lot_free() -> None:
    state = auction()
    lots = state.lots
    after = play(state, Bid(0, 2, 4), Bid(1, 2, 1), Bid(2, 2, 3))
    assert after.hands[0][-1] == lots[1] and after.money == (8, 12, 12)
    assert after.hands[2][-1] == lots[0]  # bid 3: first pick
    assert after.hands[1][-1] == lots[2]  # bid 1: what is left
    assert after.bid_cards[1] == after.bid_cards[2] == frozenset(range(5))


def test_spec_stage3_losers_with_equal_bids_are_ordered_like_ties() -> None:
    state = auction(money=(12, 10, 12))
    lots = state.lots
    after = play(state, Bid(0, 1, 1), Bid(1, 1, 1), Bid(2, 1, 3))
    assert after.hands[2][-1] == lots[0]
    assert after.hands[1][-1] == lots[1] and after.hands[0][-1] == lots[2]
    assert after.money == (12, 10, 9)


def test_spec_stage3_without_a_free_lot_a_loser_takes_the_top_star_card() -> None:
    state = auction()
    lots, stars = state.lots, state.star
    state = checked(attrs.evolve(state, lots=(None, None, lots[2]),
                                 discard=(*state.discard, lots[0], lots[1])))
    assert {a.lot for a in legal(state)} == {3, 4}
    after = play(state, Bid(0, 3, 2), Bid(1, 3, 4), Bid(2, 3, 1))
    assert after.hands[1][-1] == lots[2]
    assert after.hands[0][-1] == stars[0] and after.hands[2][-1] == stars[1]
    assert after.star == stars[2:]
    assert Note("hidden_lot", stars[0], -1) in after.log[0]
    assert Note("hidden_lot", stars[1], -1) in after.log[2]


def test_stage3_lot_n_plus_1_is_the_hidden_top_star_and_leftovers_are_discarded() -> None:
    state = auction()
    top, lots = state.star[0], state.lots
    after = play(state, Bid(0, 4, 3), Bid(1, 4, 2), Bid(2, 4, 1))
    assert after.hands[0][-1] == top and after.star == state.star[1:]
    assert Note("hidden_lot", top, -1) in after.log[0]
    assert all(note.card != top for seat in (1, 2) for note in after.log[seat])
    assert after.hands[1][-1] == lots[0] and after.hands[2][-1] == lots[1]
    assert after.discard == (*state.discard, lots[2]) and after.money == (9, 12, 12)
    assert GAME.view(after, 1).discard == after.discard


def test_stage3_every_seat_holds_9_cards_after_the_auction() -> None:
    state = reach(BASE, Bidding, seed=7)
    rng = random.Random(3)
    while isinstance(state.phase, Bidding):
        seat = min(GAME.to_act(state))
        state = play(state, GAME.random_action(state, seat, rng))
    assert [len(h) for h in state.hands] == [9, 9, 9]


def test_festivals_film_market_winners_pay_nothing_but_spend_the_card() -> None:
    state = with_festival(reach(FESTIVALS, Bidding), FILM_MARKET)
    after = play(state, Bid(0, 1, 4), Bid(1, 1, 3), Bid(2, 4, 2))
    assert after.money == (12, 12, 12)
    assert after.bid_cards == (frozenset({0, 1, 2, 3}), frozenset(range(5)),
                               frozenset({0, 1, 3, 4}))
    assert after.hands[0][-1] == state.lots[0] and after.hands[2][-1] == state.star[0]


# -- Stage 4, Crew Activities (base game) ----------------------------------------------------------


def test_spec_stage4_one_clockwise_round_from_the_distributor() -> None:
    config = Config(players=3, first_distributor=2)
    state = with_hands(reach(config, CrewTurn), {0: (AGENT[0],), 1: (), 2: ()})
    assert not GAME.is_simultaneous(state)
    order = []
    while isinstance(state.phase, CrewTurn):
        (seat,) = GAME.to_act(state)
        order.append(seat)
        for other in {0, 1, 2} - {seat}:
            assert_refused(state, EndCrew(other), "does not act")
        state = play(state, EndCrew(seat))
    assert order == [2, 0, 1]
    assert isinstance(state.phase, Producing)
    assert studio(state, 0).hand == (AGENT[0],)  # an Agent may be kept


def test_stage4_an_agent_names_script_director_actor_or_actress() -> None:
    state = crew(BASE, {0: (AGENT[0],), 1: (DIRECTOR_R[0], ACTOR_R[0], SCRIPT_R[0])})
    assert legal(state) == {PlayCrew(0, AGENT[0]), EndCrew(0)}
    state = play(state, PlayCrew(0, AGENT[0]))
    assert GAME.view(state, 2).building == Play(0, AGENT[0])  # sequential plays are public
    assert_refused(state, ChooseTarget(0, 0), "another seat")
    assert_refused(state, NameType(0, "script"), "target first")
    state = play(state, ChooseTarget(0, 1))
    assert legal(state) == {NameType(0, k) for k in ("script", "director", "actor", "actress")}
    assert_refused(state, NameType(0, "crew"))
    state = play(state, NameType(0, "director"))
    assert isinstance(state.phase, Answering) and GAME.to_act(state) == {1}
    assert legal(state, 1) == {GiveCard(1, DIRECTOR_R[0])}
    assert_refused(state, GiveCard(1, ACTOR_R[0]), "director")
    assert_refused(state, PayInstead(1), "only a Lawyer")
    state = play(state, GiveCard(1, DIRECTOR_R[0]))
    assert state.phase == CrewTurn(0, 2, None)
    assert state.hands[1] == (ACTOR_R[0], SCRIPT_R[0]) and state.hands[0] == ()
    assert state.set_aside[0] == (DIRECTOR_R[0],)
    assert state.discard[-1] == AGENT[0]
    assert state.plays == (Play(0, AGENT[0], 1, "director", "gave"),)
    assert Note("gave", DIRECTOR_R[0], 0) in state.log[1]
    assert Note("received", DIRECTOR_R[0], 1) in state.log[0]
    assert all(n.card != DIRECTOR_R[0] for n in state.log[2])
    assert GAME.view(state, 2).set_aside == () and GAME.view(state, 2).set_aside_sizes == (
        1, 0, 0)


def test_stage4_an_agent_against_a_seat_without_the_type_has_no_effect() -> None:
    state = crew(BASE, {0: (AGENT[0], AGENT[1]), 1: (DIRECTOR_R[0], ACTOR_R[0])})
    after = play(state, PlayCrew(0, AGENT[0]), ChooseTarget(0, 1), NameType(0, "actress"))
    assert after.phase == CrewTurn(0, 2, None)
    assert after.hands[1] == state.hands[1] and after.set_aside == ((), (), ())
    assert after.plays == (Play(0, AGENT[0], 1, "actress", "none"),)
    assert after.discard[-1] == AGENT[0] and after.hands[0] == (AGENT[1],)


def test_stage4_dual_role_cards_count_for_both_of_their_roles() -> None:
    state = crew(AWARDS, {0: (AGENT[0],), 1: (ACTOR_DIRECTOR, ACTRESS_R[0])})
    aimed = play(state, PlayCrew(0, AGENT[0]), ChooseTarget(0, 1))
    for named in ("actor", "director"):
        asked = play(aimed, NameType(0, named))
        assert legal(asked, 1) == {GiveCard(1, ACTOR_DIRECTOR)}
    asked = play(aimed, NameType(0, "actress"))
    assert legal(asked, 1) == {GiveCard(1, ACTRESS_R[0])}
    none = play(aimed, NameType(0, "script"))
    assert none.plays[-1].result == "none"


def test_spec_stage4_an_agent_or_a_lawyer_never_takes_an_editor() -> None:
    """The Editor may direct or act in a film, but it is a Film Crew card: an Agent or a
    Lawyer naming director, actor or actress does not take it."""
    state = crew(AWARDS, {0: (AGENT[0], LAWYER[0]), 1: (EDITOR[0],)})
    for card in (AGENT[0], LAWYER[0]):
        for named in ("director", "actor", "actress"):
            after = play(state, PlayCrew(0, card), ChooseTarget(0, 1), NameType(0, named))
            assert after.plays[-1].result == "none" and after.hands[1] == (EDITOR[0],)


def test_stage4_a_lawyer_must_be_played() -> None:
    state = crew(AWARDS, {0: (LAWYER[0], AGENT[0]), 1: (DIRECTOR_R[0],)})
    assert_refused(state, EndCrew(0), "Lawyer")
    assert legal(state) == {PlayCrew(0, LAWYER[0]), PlayCrew(0, AGENT[0])}
    state = play(state, PlayCrew(0, LAWYER[0]), ChooseTarget(0, 2))
    assert legal(state) == {NameType(0, k) for k in ("director", "actor", "actress")}
    assert_refused(state, NameType(0, "script"))
    state = play(state, NameType(0, "actor"))  # seat 2 holds nothing: no effect
    assert state.plays == (Play(0, LAWYER[0], 2, "actor", "none"),)
    assert state.discard[-1] == LAWYER[0]
    assert EndCrew(0) in legal(state)


@pytest.mark.parametrize(("money", "fee"), [(12, 2), (1, 1), (0, 0)])
def test_stage4_a_lawyers_target_may_pay_2_million_instead(money: int, fee: int) -> None:
    state = crew(AWARDS, {0: (LAWYER[0],), 1: (DIRECTOR_R[0], ACTOR_R[0])})
    state = checked(attrs.evolve(state, money=(5, money, 12)))
    state = play(state, PlayCrew(0, LAWYER[0]), ChooseTarget(0, 1), NameType(0, "director"))
    assert legal(state, 1) == {GiveCard(1, DIRECTOR_R[0]), PayInstead(1)}
    after = play(state, PayInstead(1))
    assert after.money == (5 + fee, money - fee, 12)
    assert after.hands[1] == (DIRECTOR_R[0], ACTOR_R[0]) and after.set_aside[0] == ()
    assert after.plays == (Play(0, LAWYER[0], 1, "director", "paid"),)
    assert after.discard[-1] == LAWYER[0]


def test_stage4_given_cards_join_the_hand_only_when_the_stage_ends() -> None:
    state = crew(BASE, {0: (AGENT[0],), 1: (DIRECTOR_R[0], AGENT[1])})
    state = play(state, PlayCrew(0, AGENT[0]), ChooseTarget(0, 1), NameType(0, "director"),
                 GiveCard(1, DIRECTOR_R[0]), EndCrew(0))
    # the set-aside director cannot be passed on: seat 0 has none to give
    state = play(state, PlayCrew(1, AGENT[1]), ChooseTarget(1, 0), NameType(1, "director"))
    assert state.plays[-1] == Play(1, AGENT[1], 0, "director", "none")
    assert state.set_aside[0] == (DIRECTOR_R[0],) and state.hands[0] == ()
    state = play(state, EndCrew(1), EndCrew(2))
    assert isinstance(state.phase, Producing)
    assert studio(state, 0).hand == (DIRECTOR_R[0],) and state.set_aside == ((), (), ())


def test_awards_stage4_a_lawyers_target_gives_one_card_of_the_named_type() -> None:
    state = crew(AWARDS, {0: (LAWYER[0],), 1: (ACTRESS_R[0], ACTRESS_C[0], DIRECTOR_R[0])})
    money = state.money
    state = play(state, PlayCrew(0, LAWYER[0]), ChooseTarget(0, 1), NameType(0, "actress"))
    assert isinstance(state.phase, Answering) and GAME.to_act(state) == {1}
    assert legal(state, 1) == {GiveCard(1, ACTRESS_R[0]), GiveCard(1, ACTRESS_C[0]),
                               PayInstead(1)}
    assert_refused(state, GiveCard(1, DIRECTOR_R[0]), "actress")
    after = play(state, GiveCard(1, ACTRESS_C[0]))
    assert after.set_aside[0] == (ACTRESS_C[0],) and after.money == money
    assert after.hands[1] == (ACTRESS_R[0], DIRECTOR_R[0])
    assert after.plays == (Play(0, LAWYER[0], 1, "actress", "gave"),)
    assert after.discard[-1] == LAWYER[0]


def test_awards_stage4_a_lawyer_counts_dual_role_cards_for_both_roles() -> None:
    state = crew(AWARDS, {0: (LAWYER[0],), 1: (ACTOR_DIRECTOR,)})
    aimed = play(state, PlayCrew(0, LAWYER[0]), ChooseTarget(0, 1))
    for named in ("actor", "director"):
        asked = play(aimed, NameType(0, named))
        assert legal(asked, 1) == {GiveCard(1, ACTOR_DIRECTOR), PayInstead(1)}
    none = play(aimed, NameType(0, "actress"))
    assert none.plays == (Play(0, LAWYER[0], 1, "actress", "none"),)


# -- Stage 4 with Hollywood Scandals ---------------------------------------------------------------


def test_scandals_stage4_plans_are_hidden_and_made_at_once() -> None:
    state = crew(SCANDALS, {0: (PAPARAZZO[0], AGENT[0]), 1: (ACTOR_R[0],)})
    assert isinstance(state.phase, CrewPlanning)
    assert GAME.is_simultaneous(state) and GAME.to_act(state) == {0, 1, 2}
    state = play(state, EndCrew(2), PlayCrew(0, PAPARAZZO[0]), ChooseTarget(0, 1))
    assert_refused(state, NameType(0, "actor"), "target first")  # a Scandals card names nothing
    assert GAME.view(state, 0).own_plays == (Play(0, PAPARAZZO[0], 1),)
    assert GAME.view(state, 1).own_plays == () and GAME.view(state, 1).plays == ()
    assert GAME.view(state, 1).building is None
    assert state.hands[1] == (ACTOR_R[0],) and state.set_aside == ((), (), ())
    assert GAME.to_act(state) == {0, 1}
    state = play(state, EndCrew(1), EndCrew(0))
    assert isinstance(state.phase, Producing)
    assert studio(state, 1).hand == (ACTOR_R[0], PAPARAZZO[0])  # the Scandals card to its target
    assert studio(state, 0).hand == (AGENT[0],)
    assert state.plays == (Play(0, PAPARAZZO[0], 1, "", "scandal"),)


def test_scandals_stage4_plays_resolve_clockwise_from_the_distributor_in_order_made() -> None:
    config = Config(players=3, scandals=True, first_distributor=1)
    a0, a1, a2, a3 = AGENT
    hands = {0: (a0, ACTOR_R[0], DIRECTOR_R[0]), 1: (a1, a2),
             2: (a3, ACTOR_R[1], DIRECTOR_R[1])}
    state = crew(config, hands)
    state = play(
        state,
        PlayCrew(0, a0), ChooseTarget(0, 2), NameType(0, "director"), EndCrew(0),
        PlayCrew(2, a3), ChooseTarget(2, 0), NameType(2, "director"), EndCrew(2),
        PlayCrew(1, a1), ChooseTarget(1, 0), NameType(1, "actor"),
        PlayCrew(1, a2), ChooseTarget(1, 2), NameType(1, "actor"))
    assert state.plays == () and state.hands[0] == (ACTOR_R[0], DIRECTOR_R[0])
    state = play(state, EndCrew(1))
    phase = state.phase
    assert isinstance(phase, Answering)
    assert [p.card for p in phase.queue] == [a1, a2, a3, a0]
    answers = [GiveCard(0, ACTOR_R[0]), GiveCard(2, ACTOR_R[1]), GiveCard(0, DIRECTOR_R[0]),
               GiveCard(2, DIRECTOR_R[1])]
    for answer in answers:
        assert GAME.to_act(state) == {answer.seat}
        state = play(state, answer)
    assert [(p.owner, p.card, p.result) for p in state.plays] == [
        (1, a1, "gave"), (1, a2, "gave"), (2, a3, "gave"), (0, a0, "gave")]
    assert isinstance(state.phase, Producing)
    assert sorted(studio(state, 1).hand) == sorted((ACTOR_R[0], ACTOR_R[1]))
    assert studio(state, 2).hand == (DIRECTOR_R[0],)
    assert studio(state, 0).hand == (DIRECTOR_R[1],)


def test_scandals_stage4_a_scandals_card_is_never_given_to_an_agent() -> None:
    state = crew(SCANDALS, {0: (AGENT[0], AGENT[1]), 1: (INDIE_ACTOR, ACTOR_R[0])})
    state = play(state, PlayCrew(0, AGENT[0]), ChooseTarget(0, 1), NameType(0, "actor"),
                 EndCrew(0), EndCrew(1), EndCrew(2))
    assert legal(state, 1) == {GiveCard(1, ACTOR_R[0])}
    assert_refused(state, GiveCard(1, INDIE_ACTOR), "actor")
    only = crew(SCANDALS, {0: (AGENT[0],), 1: (INDIE_ACTOR,)})
    only = play(only, PlayCrew(0, AGENT[0]), ChooseTarget(0, 1), NameType(0, "actor"),
                EndCrew(0), EndCrew(1), EndCrew(2))
    assert only.plays == (Play(0, AGENT[0], 1, "actor", "none"),)
    assert studio(only, 1).hand == (INDIE_ACTOR,)


def test_scandals_stage4_a_lawyers_target_holding_only_scandals_cards_of_the_type_must_pay(
        ) -> None:
    # Lawyer: "If that player has a card of the named type, they must give you one such
    # card or pay you 2 million"; Scandals: "you may not respond by giving away a
    # Hollywood Scandals card". The Scandals card is still a card of the type: pay.
    config = Config(players=3, awards=True, scandals=True, first_distributor=0)
    state = crew(config, {0: (LAWYER[0],), 1: (INDIE_ACTOR, DIRECTOR_R[0])})
    state = checked(attrs.evolve(state, money=(5, 12, 12)))
    state = play(state, PlayCrew(0, LAWYER[0]), ChooseTarget(0, 1), NameType(0, "actor"),
                 EndCrew(0), EndCrew(1), EndCrew(2))
    assert isinstance(state.phase, Answering) and GAME.to_act(state) == {1}
    assert legal(state, 1) == {PayInstead(1)}
    assert_refused(state, GiveCard(1, INDIE_ACTOR), "actor")
    assert_refused(state, GiveCard(1, DIRECTOR_R[0]), "actor")
    after = play(state, PayInstead(1))
    assert after.money == (7, 10, 12)
    assert after.plays == (Play(0, LAWYER[0], 1, "actor", "paid"),)
    assert isinstance(after.phase, Producing)
    assert sorted(studio(after, 1).hand) == sorted((INDIE_ACTOR, DIRECTOR_R[0]))
    assert studio(after, 0).hand == () and after.discard[-1] == LAWYER[0]
    # a type it holds not even as a Scandals card: no effect, as before
    none = crew(config, {0: (LAWYER[0],), 1: (INDIE_ACTOR, DIRECTOR_R[0])})
    after = play(none, PlayCrew(0, LAWYER[0]), ChooseTarget(0, 1), NameType(0, "actress"),
                 EndCrew(0), EndCrew(1), EndCrew(2))
    assert after.plays == (Play(0, LAWYER[0], 1, "actress", "none"),)
    assert after.money == none.money and isinstance(after.phase, Producing)


def test_scandals_stage4_a_card_not_played_is_kept() -> None:
    state = crew(SCANDALS, {0: (PAPARAZZO[0], TABLOID, AGENT[0]), 1: (ACTOR_R[0],)})
    assert legal(state) == {PlayCrew(0, PAPARAZZO[0]), PlayCrew(0, TABLOID),
                            PlayCrew(0, AGENT[0]), EndCrew(0)}
    state = play(state, PlayCrew(0, TABLOID), ChooseTarget(0, 2), EndCrew(0), EndCrew(1),
                 EndCrew(2))
    assert isinstance(state.phase, Producing)
    assert sorted(studio(state, 0).hand) == sorted((PAPARAZZO[0], AGENT[0]))
    assert studio(state, 2).hand == (TABLOID,)


def test_spec_scandals_stage4_a_lawyer_stays_compulsory() -> None:
    config = Config(players=3, awards=True, scandals=True, first_distributor=0)
    state = crew(config, {0: (LAWYER[0],), 1: (ACTOR_R[0],)})
    assert_refused(state, EndCrew(0), "Lawyer")
    state = play(state, PlayCrew(0, LAWYER[0]), ChooseTarget(0, 1), NameType(0, "actor"))
    assert EndCrew(0) in legal(state)


# -- Stage 5, Movie Production ---------------------------------------------------------------------


INVALID_FILMS = [
    (BASE, (SCRIPT_R[0], SCRIPT_C[0], DIRECTOR_R[0], ACTOR_R[0]), "exactly one script"),
    (BASE, (DIRECTOR_R[0], ACTOR_R[0]), "exactly one script"),
    (BASE, (SCRIPT_R[0], DIRECTOR_R[0], DIRECTOR_C[0], ACTOR_R[0]), "exactly one director"),
    (BASE, (SCRIPT_R[0], ACTOR_R[0], STUNTMAN[0]), "exactly one director"),
    (BASE, (SCRIPT_R[0], DIRECTOR_R[0], STUNTMAN[0]), "at least one actor"),
    (BASE, (SCRIPT_R[0], DIRECTOR_R[0], ACTOR_R[0], ACTOR_C[0], ACTRESS_R[0]),
     "at most two"),
    (AWARDS, (SCRIPT_R[0], DIRECTOR_R[0], DOP, ACTOR_R[0], ACTOR_C[0], ACTRESS_R[0],
              ACTRESS_C[0]), "at most three"),
    (SCANDALS, (SCRIPT_R[0], DIRECTOR_R[0], ANIMATOR[0], ACTOR_R[0]), "Animator"),
    (SCANDALS, (SCRIPT_C[0], DIRECTOR_C[0], INDIE_ACTOR, AGENT[0]), "Independent"),
]


@pytest.mark.parametrize(("config", "cards", "words"), INVALID_FILMS)
def test_stage5_an_invalid_film_cannot_be_finished(config: Config, cards: tuple[int, ...],
                                                   words: str) -> None:
    state = film(producing({0: cards}, config), 0, 0, *cards)
    assert_refused(state, FinishProduction(0), words)


VALID_FILMS = [
    (BASE, (SCRIPT_R[0], DIRECTOR_R[0], ACTOR_R[0])),
    (BASE, (SCRIPT_R[0], DIRECTOR_R[0], ACTOR_R[0], ACTRESS_C[0], STUNTMAN[0],
            STUNTMAN[1], AGENT[0])),
    (AWARDS, (SCRIPT_R[0], DIRECTOR_R[0], DOP, ACTOR_R[0], ACTOR_C[0], ACTRESS_R[0])),
    (SCANDALS, (SCRIPT_R[0], DIRECTOR_R[0], ANIMATOR[0])),
    (SCANDALS, (SCRIPT_C[0], DIRECTOR_C[0], INDIE_ACTOR, STUNTMAN[0], PAPARAZZO[0])),
]


@pytest.mark.parametrize(("config", "cards"), VALID_FILMS)
def test_stage5_a_valid_film_can_be_finished(config: Config, cards: tuple[int, ...]) -> None:
    state = film(producing({0: cards}, config), 0, 1, *cards)
    assert FinishProduction(0) in legal(state)
    after = play(state, FinishProduction(0))
    assert studio(after, 0).finished and GAME.to_act(after) == {1, 2}


def test_stage5_three_films_at_most_each_valid_and_empty_ones_are_no_films() -> None:
    cards = (SCRIPT_R[0], DIRECTOR_R[0], ACTOR_R[0], SCRIPT_C[0], DIRECTOR_C[0], ACTOR_C[0])
    state = producing({0: cards})
    assert_refused(state, AssignCard(0, SCRIPT_R[0], 3), "film")
    state = film(film(state, 0, 0, *cards[:3]), 0, 2, *cards[3:])
    assert FinishProduction(0) in legal(state)
    state = play(state, AssignCard(0, ACTOR_C[0], None))
    assert_refused(state, FinishProduction(0), "at least one actor")
    assert_refused(state, AssignCard(0, ACTOR_C[0], None), "already there")


def test_stage5_a_seats_view_checks_its_films_as_the_finish_does() -> None:
    # The screen shows each film's first broken rule and whether the studio may finish,
    # from the rules FinishProduction is held to; a valid film's box office is the tally's.
    cards = (SCRIPT_R[0], DIRECTOR_R[0], ACTOR_R[0], ACTRESS_C[0])
    state = film(producing({0: cards}), 0, 1, SCRIPT_R[0])
    check = GAME.view(state, 0).check
    assert check is not None and GAME.view(state, 0).stage == "production"
    assert [f.problem for f in check.films] == ["empty", "director", "empty"]
    assert (check.problem, check.problem_film) == ("director", 1)
    assert FinishProduction(0) not in legal(state)
    assert GAME.view(state, 1).check is not None and GAME.view(state, None).check is None
    state = film(state, 0, 1, DIRECTOR_R[0], ACTOR_R[0], ACTRESS_C[0])
    check = GAME.view(state, 0).check
    assert check is not None and (check.problem, check.problem_film) == ("", None)
    assert FinishProduction(0) in legal(state)
    done = finish_all(state)
    assert GAME.view(done, 0).check is None and GAME.view(done, 0).stage != "production"
    shown = report_of(done, 0, 1)
    assert check.films[1] == FilmCheck("", shown.box_office, shown.cost, shown.title)


def test_awards_stage5_a_dual_role_card_must_choose_its_role() -> None:
    cards = (SCRIPT_R[0], ACTOR_DIRECTOR, ACTOR_R[0], DIRECTOR_R[0])
    state = producing({0: cards}, AWARDS)
    assert_refused(state, AssignCard(0, ACTOR_DIRECTOR, 0), "acts as one of")
    assert_refused(state, AssignCard(0, ACTOR_DIRECTOR, 0, "actress"), "acts as one of")
    assert_refused(state, AssignCard(0, SCRIPT_R[0], 0, "director"), "only a dual-role")
    directing = film(state, 0, 0, SCRIPT_R[0], (ACTOR_DIRECTOR, "director"), ACTOR_R[0])
    assert Slot(ACTOR_DIRECTOR, "director") in studio(directing, 0).films[0]
    assert FinishProduction(0) in legal(directing)
    acting = film(state, 0, 0, SCRIPT_R[0], (ACTOR_DIRECTOR, "actor"), DIRECTOR_R[0])
    assert FinishProduction(0) in legal(acting)
    swapped = play(acting, AssignCard(0, ACTOR_DIRECTOR, 0, "director"))
    assert_refused(swapped, FinishProduction(0), "exactly one director")
    assert_refused(swapped, AssignCard(0, ACTOR_DIRECTOR, 0, "director"), "already there")


def test_spec_stage5_an_editor_goes_into_a_film_as_director_or_one_cast_member() -> None:
    """Editor: "can be used in place of an actor or a director": ``AssignCard``'s role is
    ``director`` or ``cast``, and the film counts it there."""
    cards = (SCRIPT_R[0], EDITOR[0], ACTOR_R[0], DIRECTOR_C[0])
    state = producing({0: cards})
    moves = {a for a in legal(state) if isinstance(a, AssignCard) and a.card == EDITOR[0]}
    assert moves == {AssignCard(0, EDITOR[0], film, role) for film in range(3)
                     for role in ("director", "cast")}
    assert_refused(state, AssignCard(0, EDITOR[0], 0), "acts as one of")
    assert_refused(state, AssignCard(0, EDITOR[0], 0, "actor"), "acts as one of")
    assert_refused(state, AssignCard(0, ACTOR_R[0], 0, "cast"), "takes a role")
    assert GAME.describe_action(state, AssignCard(0, EDITOR[0], 0, "cast"), 0).endswith(
        "into film 0 as a cast member")
    directing = film(state, 0, 0, SCRIPT_R[0], (EDITOR[0], "director"), ACTOR_R[0])
    assert FinishProduction(0) in legal(directing)
    shown = report_of(finish_all(directing), 0)
    assert shown.slots[1] == Slot(EDITOR[0], "director")
    assert (shown.coins, shown.genre, shown.duo, shown.box_office) == (3, 2, 0, 5)
    acting = film(state, 0, 1, SCRIPT_R[0], DIRECTOR_C[0], (EDITOR[0], "cast"))
    assert FinishProduction(0) in legal(acting)
    with_actor = film(acting, 0, 1, ACTOR_R[0])  # a cast of two: the Editor, an actor
    assert FinishProduction(0) in legal(with_actor)
    assert report_of(finish_all(with_actor), 0, 1).slots[2] == Slot(EDITOR[0], "cast")


def test_spec_scandals_stage5_an_editor_directing_makes_scandals_cards_due() -> None:
    """O counts the Editor in the role that places the most Scandals cards: directing,
    it lets the Plagiarized Script and an Independent Film Actor make a film, so they are
    due, and discarding it for a Worthless Script would escape them."""
    cards = (PLAGIARIZED, EDITOR[0], INDIE_ACTOR, MAKEUP[0])
    state = producing({0: cards}, SCANDALS)
    assert studio(state, 0).obligation == 2
    assert_refused(state, TakeWorthlessScript(0, EDITOR[0]), "unable to hold")
    assert TakeWorthlessScript(0, MAKEUP[0]) in legal(state)
    state = film(state, 0, 0, PLAGIARIZED, (EDITOR[0], "director"), INDIE_ACTOR)
    assert FinishProduction(0) in legal(state)
    rng = random.Random(4)
    fresh = producing({0: cards}, SCANDALS)
    while not studio(fresh, 0).finished:  # random play reaches the obligation too
        fresh = play(fresh, GAME.random_action(fresh, 0, rng))
    assert sum(KINDS[slot.card].scandal for f in studio(fresh, 0).films for slot in f) == 2


def test_stage5_at_most_3_worthless_scripts_a_year_each_for_a_discard() -> None:
    cards = (SCRIPT_R[0], DIRECTOR_R[0], ACTOR_R[0], PAPARAZZO[0], STUNTMAN[0], STUNTMAN[1],
             COMPOSER[0], MAKEUP[0])
    state = producing({0: cards}, SCANDALS)
    before = state
    assert_refused(state, TakeWorthlessScript(0, PAPARAZZO[0]), "Scandals card")
    assert_refused(state, TakeWorthlessScript(0, -1), "discard a card of your hand")
    state = play(state, TakeWorthlessScript(0, STUNTMAN[0]),
                 TakeWorthlessScript(0, STUNTMAN[1]), TakeWorthlessScript(0, COMPOSER[0]))
    held = studio(state, 0)
    assert held.worthless == 3 and held.discards == (STUNTMAN[0], STUNTMAN[1], COMPOSER[0])
    assert sorted(c for c in held.hand if c < 0) == [-3, -2, -1]
    assert_refused(state, TakeWorthlessScript(0, MAKEUP[0]), "at most 3")
    # held apart until the reveal
    assert state.discard == before.discard and state.worthless == before.worthless
    state = film(state, 0, 0, -2, DIRECTOR_R[0], ACTOR_R[0], PAPARAZZO[0])
    after = finish_all(state)
    assert {STUNTMAN[0], STUNTMAN[1], COMPOSER[0], SCRIPT_R[0], MAKEUP[0]} <= set(
        after.discard)
    shown = report_of(after, 0)
    assert shown.slots[0] == Slot(WORTHLESS[0], "script") and shown.genre == 0
    assert sorted(after.worthless) == sorted(WORTHLESS)


def test_awards_stage5_one_second_team_director_costing_the_cards_of_its_film() -> None:
    cards = (SCRIPT_R[0], ACTOR_R[0], STUNTMAN[0], COMPOSER[0])
    assert_refused(producing({0: cards}), TakeSecondTeamDirector(0, STUNTMAN[0]), "Awards")
    state = producing({0: cards}, AWARDS, money=(2, 12, 12))
    state = play(state, TakeSecondTeamDirector(0, STUNTMAN[0]))
    assert -4 in studio(state, 0).hand and studio(state, 0).second_team == 1
    assert_refused(state, TakeSecondTeamDirector(0, COMPOSER[0]), "only one")
    state = film(state, 0, 0, SCRIPT_R[0], -4, ACTOR_R[0])
    assert_refused(state, FinishProduction(0), "Second-Team Director", "3 million")
    state = checked(attrs.evolve(state, money=(3, 12, 12)))
    after = finish_all(state)
    shown = report_of(after, 0)
    assert shown.cost == 3 and shown.box_office == 4  # coins 2, genre 2 (the actor)
    assert shown.slots[1] == Slot(STD[0], "director")
    assert after.money[0] == 3 - 3 + 4
    assert STUNTMAN[0] in after.discard  # the discard went to the common pile
    assert sorted(after.second_team) == sorted(STD)


def test_scandals_stage5_a_scandals_card_may_not_be_discarded_for_a_second_team_director(
        ) -> None:
    config = Config(players=3, awards=True, scandals=True, first_distributor=0)
    cards = (SCRIPT_R[0], ACTOR_R[0], PAPARAZZO[0], STUNTMAN[0])
    state = producing({0: cards}, config)
    assert_refused(state, TakeSecondTeamDirector(0, PAPARAZZO[0]), "Scandals card")
    assert TakeSecondTeamDirector(0, PAPARAZZO[0]) not in legal(state)
    assert TakeSecondTeamDirector(0, STUNTMAN[0]) in legal(state)
    after = play(state, TakeSecondTeamDirector(0, STUNTMAN[0]))
    assert studio(after, 0).second_team == 1 and PAPARAZZO[0] in studio(after, 0).hand


def test_scandals_stage5_the_films_must_hold_the_scandals_cards_they_can() -> None:
    cards = (SCRIPT_A, TABLOID, DIRECTOR_R[0], ACTOR_C[0], PAPARAZZO[0])
    state = producing({0: cards}, SCANDALS)
    assert studio(state, 0).obligation == 2
    state = film(state, 0, 0, SCRIPT_A, DIRECTOR_R[0], ACTOR_C[0], PAPARAZZO[0])
    assert_refused(state, FinishProduction(0), "must hold 2")
    state = play(state, AssignCard(0, DIRECTOR_R[0], None), AssignCard(0, TABLOID, 0))
    assert FinishProduction(0) in legal(state)
    assert_refused(film(producing({0: cards}, SCANDALS), 0, 0, SCRIPT_A, TABLOID, ACTOR_C[0]),
                   FinishProduction(0), "must hold 2")
    # without Scandals cards (or the expansion) nothing is due
    assert studio(producing({0: cards[2:4]}, SCANDALS), 0).obligation == 0


def test_scandals_stage5_a_discard_that_makes_the_obligation_unreachable_is_refused() -> None:
    cards = (SCRIPT_A, TABLOID, ACTOR_C[0], PAPARAZZO[0], STUNTMAN[0])
    state = producing({0: cards}, SCANDALS)
    assert studio(state, 0).obligation == 2
    assert_refused(state, TakeWorthlessScript(0, SCRIPT_A), "unable to hold")
    assert_refused(state, TakeWorthlessScript(0, ACTOR_C[0]), "unable to hold")
    assert_refused(state, TakeWorthlessScript(0, TABLOID), "Scandals card")
    after = play(state, TakeWorthlessScript(0, STUNTMAN[0]))
    assert studio(after, 0).discards == (STUNTMAN[0],)


def test_awards_stage5_a_teacher_issues_one_icon_cleared_when_either_card_moves() -> None:
    cards = (SCRIPT_C[0], DIRECTOR_R[0], ACTOR_R[0], TEACHER[0])
    state = producing({0: cards}, AWARDS)
    assert_refused(state, TeachIcon(0, TEACHER[0], DIRECTOR_R[0], "C"), "in a film")
    state = film(state, 0, 0, *cards)
    assert_refused(state, TeachIcon(0, TEACHER[0], SCRIPT_C[0], "C"), "director, actor")
    assert_refused(state, TeachIcon(0, TEACHER[0], DIRECTOR_R[0], "X"), "icon")
    state = play(state, TeachIcon(0, TEACHER[0], DIRECTOR_R[0], "C"))
    assert Slot(DIRECTOR_R[0], "director", "C") in studio(state, 0).films[0]
    assert_refused(state, TeachIcon(0, TEACHER[0], ACTOR_R[0], "C"), "one icon per Teacher")
    for mover in (DIRECTOR_R[0], TEACHER[0]):
        moved = play(state, AssignCard(0, mover, 1), AssignCard(0, mover, 0))
        assert studio(moved, 0).taught == ()
        assert all(slot.icon == "" for slot in studio(moved, 0).films[0])
        assert TeachIcon(0, TEACHER[0], ACTOR_R[0], "C") in legal(moved)
    moved = play(state, AssignCard(0, TEACHER[0], None), AssignCard(0, TEACHER[0], 0),
                 TeachIcon(0, TEACHER[0], ACTOR_R[0], "C"))
    shown = report_of(finish_all(moved), 0)
    assert shown.genre == 2 and shown.coins == 5  # only the taught actor shows Comedy


def test_stage5_past_the_move_budget_only_moves_toward_a_valid_arrangement() -> None:
    cards = (SCRIPT_R[0], DIRECTOR_R[0], ACTOR_R[0], STUNTMAN[0], SCRIPT_C[0])
    state = producing({0: cards})
    assert AssignCard(0, SCRIPT_C[0], 2) in legal(state)
    budget = 2 * len(cards) + 6
    state = play(state, AssignCard(0, SCRIPT_R[0], 0))
    for move in range(budget - 1):
        state = play(state, AssignCard(0, STUNTMAN[0], None if move % 2 else 0))
    assert studio(state, 0).moves == budget
    assert studio(state, 0).films[0] == (Slot(SCRIPT_R[0], "script"),
                                         Slot(STUNTMAN[0], "crew"))
    assert_refused(state, FinishProduction(0), "exactly one director")
    assert_refused(state, AssignCard(0, SCRIPT_C[0], 2), "move budget")
    for _ in range(len(cards) + 1):
        if FinishProduction(0) in legal(state):
            break
        moves = [a for a in legal(state) if isinstance(a, AssignCard)]
        assert 0 < len(moves) <= len(cards)
        state = play(state, sorted(moves, key=repr)[0])
    assert FinishProduction(0) in legal(state)
    assert any(studio(state, 0).films)


def test_stage5_order_independence_of_the_seats_actions() -> None:
    hands = {0: (SCRIPT_R[0], DIRECTOR_R[0], ACTOR_R[0], STUNTMAN[0]),
             1: (SCRIPT_C[0], DIRECTOR_C[0], ACTOR_C[0], COMPOSER[0]),
             2: (SCRIPT_R[1], DIRECTOR_R[1], ACTRESS_R[0], MAKEUP[0])}
    state = producing(hands)
    first = [TakeWorthlessScript(0, STUNTMAN[0]), AssignCard(0, -1, 0),
             AssignCard(0, DIRECTOR_R[0], 0), AssignCard(0, ACTOR_R[0], 0)]
    second = [TakeWorthlessScript(1, SCRIPT_C[0]), AssignCard(1, -1, 1),
              AssignCard(1, DIRECTOR_C[0], 1), AssignCard(1, ACTOR_C[0], 1)]
    third = [AssignCard(2, card, 0) for card in hands[2]]
    one_way = play(state, *first, *second, *third)
    other_way = play(state, *third, *second, *first)
    interleaved = play(state, *(a for pair in zip(second, first, third, strict=True) for a in pair))
    assert one_way == other_way == interleaved
    ends = [FinishProduction(s) for s in range(3)]
    assert play(one_way, *ends) == play(other_way, *reversed(ends))
    revealed = play(one_way, *ends)
    assert report_of(revealed, 0).slots[0].card == WORTHLESS[0]  # ids in seat order
    assert report_of(revealed, 1, 1).slots[0].card == WORTHLESS[1]


def test_stage5_is_hidden_until_every_seat_has_finished() -> None:
    hands = {0: (SCRIPT_R[0], DIRECTOR_R[0], ACTOR_R[0], STUNTMAN[0]), 1: (ACTOR_C[0],)}
    state = producing(hands)
    assert GAME.is_simultaneous(state) and GAME.to_act(state) == {0, 1, 2}
    before = GAME.view(state, 1)
    state = play(state, TakeWorthlessScript(0, STUNTMAN[0]),
                 *(AssignCard(0, c, 0) for c in (-1, DIRECTOR_R[0], ACTOR_R[0])),
                 FinishProduction(0))
    seen = GAME.view(state, 1)
    assert seen.studio == studio(state, 1) and seen.hand == (ACTOR_C[0],)
    assert seen.discard == before.discard and seen.worthless_size == before.worthless_size
    assert seen.hand_sizes == before.hand_sizes == (4, 1, 0)
    assert seen.done == {0} and seen.report is None
    assert GAME.view(state, 0).studio == studio(state, 0)
    assert GAME.view(state, None).studio is None and GAME.view(state, None).hand == ()
    after = finish_all(state)
    assert GAME.view(after, 1).report is not None
    assert report_of(after, 0).slots == (Slot(WORTHLESS[0], "script"),
                                         Slot(DIRECTOR_R[0], "director"),
                                         Slot(ACTOR_R[0], "actor"))


# -- Stage 6, Box Office Tally --------------------------------------------------------------------


def test_stage6_the_spec_worked_example_makes_28_million() -> None:
    cards = (SCRIPT_R2, DIRECTOR_R1, STAR_ACTOR_R[0], ACTRESS_C[0], LIGHTING, CHOREOGRAPHER,
             PUBLICIST)
    state = film(producing({0: cards}, AWARDS, money=(7, 12, 12)), 0, 0, *cards)
    after = finish_all(state)
    shown = report_of(after, 0)
    assert (shown.coins, shown.genre, shown.duo, shown.choreography, shown.critic,
            shown.festival) == (11, 4, 7, 6, 0, 0)
    assert shown.box_office == 28 and shown.cost == 0
    assert shown.title == 5 and shown.countable == 2
    assert after.money == (7 + 28, 12, 12)


def test_stage6_a_duo_pays_4_and_the_genre_bonus_2_per_matching_card() -> None:
    cards = (SCRIPT_R[0], DIRECTOR_C[0], ACTOR_R[0], ACTRESS_R[0], STUNTMAN[0])
    after = finish_all(film(producing({1: cards}), 1, 2, *cards))
    shown = report_of(after, 1, 2)
    assert (shown.coins, shown.genre, shown.duo, shown.box_office) == (7, 4, 4, 15)
    assert after.money == (12, 27, 12)


def test_spec_stage6_a_sound_engineer_shows_in_the_tally_breakdown() -> None:
    """Sound Engineer: +1 per distinct genre among its film's icons, added with the
    genre bonus; the report and the film table show it as its own item."""
    cards = (SCRIPT_R[0], DIRECTOR_C[0], ACTOR_R[0], ACTRESS_C[0], SOUND_ENGINEER[0],
             SOUND_ENGINEER[1])
    after = finish_all(film(producing({1: cards}), 1, 0, *cards))
    shown = report_of(after, 1)
    assert (shown.coins, shown.genre, shown.sound, shown.duo) == (7, 2, 2 * 2, 4)
    assert shown.box_office == 7 + 2 + 4 + 4 and after.money[1] == 12 + 17
    table = GAME.render_view(GAME.view(after, 0))
    assert " snd " in table and "   1    0     7     2   4   4" in table


def test_spec_stage6_money_never_goes_below_0() -> None:
    cards = (PLAGIARIZED, TABLOID, INDIE_ACTOR, PAPARAZZO[0], PAPARAZZO[1])
    state = producing({0: cards}, SCANDALS, money=(3, 12, 12))
    assert studio(state, 0).obligation == 5
    after = finish_all(film(state, 0, 0, *cards))
    shown = report_of(after, 0)
    assert shown.coins == -12 and shown.genre == 2 and shown.box_office == -10
    assert after.money == (0, 12, 12)


@pytest.mark.parametrize(("festival", "genre", "duo"), [
    (None, 6, 4),
    (one("Romance Festival"), 9, 4),
    (one("Comedy Festival"), 6, 4),
    (RED_CARPET, 6, 6),
])
def test_festivals_the_years_festival_card_changes_the_tally(festival: int | None, genre: int,
                                                             duo: int) -> None:
    cards = (SCRIPT_R[0], DIRECTOR_R[0], ACTOR_R[0], ACTRESS_R[0])
    state = producing({0: cards}, FESTIVALS)
    if festival is not None:
        state = with_festival(state, festival)
    shown = report_of(finish_all(film(state, 0, 0, *cards)), 0)
    assert (shown.coins, shown.genre, shown.duo) == (5, genre, duo)
    assert shown.box_office == 5 + genre + duo


@pytest.mark.parametrize("config", [AWARDS, Config(players=3, awards=True, festivals=True,
                                                   first_distributor=0)])
def test_awards_a_critic_counts_supply_cards_in_all_the_seats_films(config: Config) -> None:
    cards = (STUNTMAN[0], DIRECTOR_R[0], ACTOR_R[0], SCRIPT_C[0], DIRECTOR_C[0], ACTOR_C[0],
             CRITIC)
    state = producing({0: cards}, config)
    week = config.festivals
    if week:
        state = with_festival(state, CINEMA_WEEK)
    state = play(state, TakeWorthlessScript(0, STUNTMAN[0]))
    state = film(film(state, 0, 0, -1, DIRECTOR_R[0], ACTOR_R[0]), 0, 1, *cards[3:])
    after = finish_all(state)
    plain, critic = report_of(after, 0, 0), report_of(after, 0, 1)
    assert critic.critic == 1 and plain.critic == 0
    assert plain.festival == (2 if week else 0) and critic.festival == 0
    assert plain.box_office == 3 + plain.festival  # coins 3, no genre for a Worthless Script
    assert critic.box_office == 4 + 4 + 1  # coins, genre 2 x 2, the Critic


def test_awards_singer_and_location_manager_figurines_count_for_the_title_only() -> None:
    cards = (SCRIPT_R[0], DIRECTOR_R[0], ACTOR_R[0], SINGER, LOCATION_MANAGER, STUNTMAN[0])
    state = film(producing({1: cards}, AWARDS), 1, 0, *cards)
    after = finish_all(state)
    shown = report_of(after, 1)
    assert shown.title == 5 + 3 and shown.countable == 0  # 5 coin icons, 3 green cards
    assert after.report.film_of_the_year == (1, 0)  # type: ignore[union-attr]
    assert after.trophies[1] == (Trophy(1, cards, 0),)


# -- Stage 7, Film of the Year ------------------------------------------------------------------


TWO_FIGURINES = (SCRIPT_R[0], STAR_DIRECTOR_R[0], ACTOR_R[0])  # title 2, box office 9
ONE_FIGURINE = (SCRIPT_C[0], DIRECTOR_C1, ACTOR_C[0], PRODUCER[0], STUNTMAN[0])  # 1, 13


def test_stage7_the_most_title_figurines_win_and_its_owner_distributes() -> None:
    state = producing({1: ONE_FIGURINE, 2: TWO_FIGURINES})
    state = film(film(state, 1, 0, *ONE_FIGURINE), 2, 1, *TWO_FIGURINES)
    after = finish_all(state)
    assert (report_of(after, 1).title, report_of(after, 1).box_office) == (1, 13)
    assert (report_of(after, 2, 1).title, report_of(after, 2, 1).box_office) == (2, 9)
    assert after.report is not None and after.report.film_of_the_year == (2, 1)
    assert after.trophies == ((), (), (Trophy(1, TWO_FIGURINES, 2),))
    assert after.distributor == 2 and after.year == 2
    assert GAME.to_act(after) == {2}
    assert not set(TWO_FIGURINES) & set(after.discard)
    assert set(ONE_FIGURINE) <= set(after.discard)


def test_spec_stage7_a_title_tie_goes_to_the_higher_box_office() -> None:
    richer = (SCRIPT_C[0], STAR_DIRECTOR_R[1], ACTOR_C[0], PRODUCER[0])  # title 2, 9
    state = producing({0: TWO_FIGURINES, 1: richer})
    state = film(film(state, 0, 0, *TWO_FIGURINES), 1, 0, *richer)
    after = finish_all(state)
    assert report_of(after, 0).title == report_of(after, 1).title == 2
    assert report_of(after, 1).box_office == report_of(after, 0).box_office + 1
    assert after.report.film_of_the_year == (1, 0)  # type: ignore[union-attr]
    assert after.distributor == 1 and len(after.trophies[1]) == 1


def test_spec_stage7_a_full_tie_gives_no_title_and_the_left_neighbour_distributes() -> None:
    same = [(SCRIPT_R[i], DIRECTOR_R[i], ACTOR_R[i], COMPOSER[i]) for i in (0, 1)]
    state = checked(attrs.evolve(producing({0: same[0], 2: same[1]}), distributor=1))
    state = film(film(state, 0, 0, *same[0]), 2, 2, *same[1])
    after = finish_all(state)
    assert report_of(after, 0).title == report_of(after, 2, 2).title == 1
    assert report_of(after, 0).box_office == report_of(after, 2, 2).box_office
    assert after.report.film_of_the_year is None  # type: ignore[union-attr]
    assert after.trophies == ((), (), ()) and after.distributor == 2


def test_spec_stage7_a_film_of_the_year_needs_a_figurine() -> None:
    cards = (SCRIPT_R[0], DIRECTOR_R[0], ACTOR_R[0], PRODUCER[0])
    state = checked(attrs.evolve(film(producing({0: cards}), 0, 0, *cards), distributor=2))
    after = finish_all(state)
    assert report_of(after, 0).title == 0 and report_of(after, 0).box_office == 11
    assert after.report.film_of_the_year is None  # type: ignore[union-attr]
    assert after.distributor == 0 and after.trophies == ((), (), ())


def test_stage7_the_trophy_keeps_its_cards_and_returns_supply_cards() -> None:
    cards = (ACTOR_R1, STUNTMAN[0], COMPOSER[0], STAR_DIRECTOR_R[0])
    state = producing({1: cards}, AWARDS)
    state = play(state, TakeWorthlessScript(1, STUNTMAN[0]),
                 TakeSecondTeamDirector(1, COMPOSER[0]))
    state = film(state, 1, 0, -1, -4, ACTOR_R1)
    after = finish_all(state)
    shown = report_of(after, 1)
    assert shown.title == 1 and shown.cost == 3 and shown.box_office == 2  # no genre
    assert after.trophies[1] == (Trophy(1, (ACTOR_R1,), 1),)
    assert sorted(after.worthless) == sorted(WORTHLESS)
    assert sorted(after.second_team) == sorted(STD)
    assert {STUNTMAN[0], COMPOSER[0], STAR_DIRECTOR_R[0]} <= set(after.discard)
    assert after.money[1] == 12 - 3 + 2 and after.distributor == 1


def test_festivals_golden_jury_gives_the_film_of_the_years_owner_5() -> None:
    state = with_festival(producing({2: TWO_FIGURINES}, FESTIVALS), GOLDEN_JURY)
    after = finish_all(film(state, 2, 0, *TWO_FIGURINES))
    assert after.money == (12, 12, 12 + 9 + 5)
    assert GOLDEN_JURY in after.discard and after.festival != GOLDEN_JURY


def test_festivals_setup_a_separate_shuffled_face_down_deck() -> None:
    orders = set()
    for seed in range(6):
        state = GAME.setup(Config(players=3, festivals=True), seed)
        deck = (state.festival, *state.festivals)
        assert sorted(c for c in deck if c is not None) == sorted(
            i for i, kind in enumerate(KINDS) if kind.back == "festival")
        assert not {*state.festivals} & {*state.basic, *state.star}
        seen = GAME.view(state, 0)
        assert seen.festivals_size == 7 and seen.festival == state.festival
        assert not hasattr(seen, "festivals")  # face down: its order is never shown
        orders.add(deck)
    assert len(orders) > 1


def test_festivals_each_year_turns_over_the_top_card_and_discards_it_after_the_tally(
        ) -> None:
    state = GAME.setup(Config(players=3, festivals=True, first_distributor=0), 3)
    assert isinstance(state.phase, StarDistribution)  # turned over before the stars
    assert state.festival is not None and len(state.festivals) == 7
    rng = random.Random(3)
    year, festival, top = state.year, state.festival, state.festivals[0]
    while state.year == year:
        assert state.festival == festival  # it works for the entire production year
        seat = min(GAME.to_act(state))
        state = GAME.apply(state, GAME.random_action(state, seat, rng))
    assert state.report is not None and festival in state.discard
    assert state.festival == top and len(state.festivals) == 6


# -- Year end -------------------------------------------------------------------------------------


def test_spec_year_end_only_money_spent_bid_cards_and_trophies_carry_over() -> None:
    losing = (SCRIPT_R[1], DIRECTOR_R[0], ACTOR_R[1], STUNTMAN[0])
    hands = {0: losing, 1: (MAKEUP[0], PRODUCER[0]), 2: TWO_FIGURINES}
    state = producing(hands, FESTIVALS)
    festival = state.festival
    assert festival is not None
    kept = with_trophies(checked(attrs.evolve(state, year=2)),
                         {1: [((COMPOSER[3], COMPOSER[4]), 2)]})
    spent = (frozenset({0, 1}), frozenset({0, 2, 4}), frozenset(range(5)))
    kept = checked(attrs.evolve(kept, money=(5, 7, 9), bid_cards=spent))
    kept = film(film(kept, 0, 0, *losing[:3]), 2, 0, *TWO_FIGURINES)
    kept = play(kept, TakeWorthlessScript(0, STUNTMAN[0]))  # the token stays in the hand
    after = finish_all(kept)
    bonus = report_of(after, 0).box_office
    assert after.year == 3 and isinstance(after.phase, StarDistribution)
    assert after.money == (5 + bonus, 7, 9 + 9)
    assert after.bid_cards == spent
    assert after.trophies == ((), (Trophy(1, (COMPOSER[3], COMPOSER[4]), 2),),
                              (Trophy(2, TWO_FIGURINES, 2),))
    assert {festival, *losing, MAKEUP[0], PRODUCER[0]} <= set(after.discard)
    assert after.festival is not None and after.festival != festival
    assert sorted(after.worthless) == sorted(WORTHLESS)
    assert after.plays == () and after.revealed_bids == (None, None, None)
    assert after.log == ((), (), ()) and after.set_aside == ((), (), ())
    assert all(len(p) == 7 for p in after.packets) and after.hands == ((), (), ())


def test_spec_year_end_an_empty_star_deck_is_rebuilt_from_the_discard_pile() -> None:
    state = producing({})
    stars = state.star
    state = checked(attrs.evolve(state, star=(), discard=(*state.discard, *stars)))
    after = finish_all(state)
    phase = after.phase
    assert isinstance(phase, StarDistribution) and len(phase.stars) == 3
    assert all(c is not None for c in after.lots)
    assert not any(KINDS[c].back == "star" for c in after.discard)
    assert sorted((*after.star, *phase.stars, *after.lots)) == sorted(
        c for c in state.discard if KINDS[c].back == "star")


# -- End of game ----------------------------------------------------------------------------------


def last_year(money: tuple[int, ...],
              trophies: dict[int, Sequence[tuple[Sequence[int], int]]],
              hands: dict[int, Sequence[int]] | None = None) -> State:
    """Year 3's Stage 5 (with ``hands``: else no films to make)."""
    state = with_trophies(checked(attrs.evolve(producing(hands or {}), year=3)), trophies)
    return checked(attrs.evolve(state, money=money))


def test_spec_end_of_game_each_film_of_the_year_pays_2_per_countable_figurine() -> None:
    state = last_year((10, 10, 10), {1: [(COMPOSER[:3], 3), (COMPOSER[3:5], 2)]})
    over = finish_all(state)
    assert GAME.is_terminal(over) and GAME.to_act(over) == frozenset()
    assert over.money == (10, 20, 10)
    outcome = GAME.outcome(over)
    assert outcome.winners == {1} and outcome.reason == "most_money"
    assert outcome.scores == (10, 20, 10)


def test_spec_end_of_game_year_3s_film_of_the_year_pays_too() -> None:
    state = film(last_year((10, 10, 10), {}, {2: TWO_FIGURINES}), 2, 0, *TWO_FIGURINES)
    over = finish_all(state)
    assert over.trophies[2] == (Trophy(3, TWO_FIGURINES, 2),)
    assert over.money == (10, 10, 10 + 9 + 2 * 2)
    assert GAME.outcome(over).winners == {2}


def test_spec_end_of_game_a_money_tie_goes_to_the_most_films_of_the_year() -> None:
    state = last_year((20, 14, 3), {1: [(COMPOSER[:3], 3)]})
    over = finish_all(state)
    assert over.money == (20, 20, 3)
    assert over.phase == Over("films_of_the_year", frozenset({1}))


def test_spec_end_of_game_a_full_tie_is_shared() -> None:
    state = last_year((15, 9, 15), {0: [(COMPOSER[:2], 0)], 2: [(COMPOSER[2:4], 0)]})
    over = finish_all(state)
    assert over.phase == Over("shared", frozenset({0, 2}))
    assert GAME.outcome(over).winners == {0, 2} and GAME.outcome(over).reason == "shared"


def test_end_of_game_after_three_years_of_play() -> None:
    config = Config(players=4, awards=True, scandals=True, festivals=True)
    state = GAME.setup(config, 12)
    rng = random.Random(12)
    years = set()
    while not GAME.is_terminal(state):
        years.add(state.year)
        seat = min(GAME.to_act(state))
        state = play(state, GAME.random_action(state, seat, rng))
    assert years == {1, 2, 3} and isinstance(state.phase, Over)
    best = max(state.money)
    assert GAME.outcome(state).winners <= {s for s in range(4) if state.money[s] == best}


# -- What each seat sees ------------------------------------------------------------------------


def test_views_hands_and_packets_are_seen_by_their_owner_only() -> None:
    state = reach(BASE, Drafting)
    for seat in range(3):
        seen = GAME.view(state, seat)
        assert seen.hand == state.hands[seat] and seen.packet == state.packets[seat]
        assert seen.hand_sizes == (1, 1, 1) and seen.packet_sizes == (7, 7, 7)
        others = {c for s in range(3) if s != seat for c in (*state.hands[s],
                                                              *state.packets[s])}
        assert not others & {*seen.hand, *seen.packet, *seen.stars, *seen.set_aside}
    spectator = GAME.view(state, None)
    assert spectator.hand == () and spectator.packet == ()


def test_views_the_distributor_alone_sees_the_stars_it_drew() -> None:
    state = stage1()
    stars = state.phase.stars  # type: ignore[union-attr]
    assert GAME.view(state, 1).stars == stars
    assert GAME.view(state, 0).stars == () and GAME.view(state, 2).stars == ()
    assert GAME.view(state, None).stars == ()
    assert GAME.view(state, 0).hand_sizes == (0, 0, 0)


def test_views_public_facts_are_the_same_for_every_seat() -> None:
    state = play(auction(), Bid(0, 1, 2))
    views = [GAME.view(state, s) for s in (0, 1, 2, None)]
    for field in ("money", "bid_cards", "lots", "discard", "basic_size", "star_size",
                  "worthless_size", "trophies", "distributor", "year", "done", "to_act",
                  "stage"):
        assert len({repr(getattr(v, field)) for v in views}) == 1, field


def test_views_narration_in_italian_keeps_the_printed_card_names() -> None:
    cards = (SCRIPT_R[0], DIRECTOR_R[0], ACTOR_R[0], EDITOR[0])
    state = producing({0: cards})
    assert GAME.describe_action(state, AssignCard(0, EDITOR[0], 2, "cast"), 0, "it") == (
        "Posto 0 mette Editor 1 mln $ nel film 2 come un membro del cast")
    assert GAME.describe_action(state, AssignCard(0, EDITOR[0], 2, "cast"), 1, "it") == (
        "Posto 0 lavora ai suoi film")
    state = play(auction(), Bid(1, 2, 3))
    assert GAME.describe_action(state, Bid(0, 4, 2), 0, "it") == "Posto 0 offre 2 sul lotto 4"
    assert GAME.describe_action(state, Bid(0, 4, 2), 1, "it") == "Posto 0 fa un'offerta"


def test_views_determinize_keeps_a_lawyer_without_effect_finding_no_card_of_its_type(
        ) -> None:
    # A Lawyer with no effect shows that its target held no card of the named type, not
    # even a Scandals card (which would have made it pay).
    config = Config(players=3, awards=True, scandals=True, first_distributor=0)
    state = crew(config, {0: (LAWYER[0], AGENT[0]),
                          1: (STUNTMAN[0], STUNTMAN[1], COMPOSER[0], MAKEUP[0]),
                          2: (ACTOR_R[0],)})
    state = play(state, PlayCrew(0, LAWYER[0]), ChooseTarget(0, 1), NameType(0, "actress"),
                 PlayCrew(0, AGENT[0]), ChooseTarget(0, 2), NameType(0, "actor"),
                 EndCrew(0), EndCrew(1), EndCrew(2))
    assert isinstance(state.phase, Answering)
    assert state.plays == (Play(0, LAWYER[0], 1, "actress", "none"),)
    dealt_hands = [GAME.determinize(state, 0, random.Random(seed)).hands[1]
                   for seed in range(150)]
    assert any(hand != state.hands[1] for hand in dealt_hands)
    assert not any(KINDS[c].kind == "actress" for hand in dealt_hands for c in hand)


def test_spec_no_table_rulings_only_seats_ever_act() -> None:
    config = Config(players=4, awards=True, scandals=True, festivals=True)
    playthrough = testing.play_random(GAME, config, 12)
    assert isinstance(playthrough.states[-1].phase, Over)
    for state in playthrough.states:
        acting = GAME.to_act(state)
        assert TABLE not in acting and acting <= set(range(4))
