"""Hollywood films as pure functions (``games/hollywood/films.py``): Stage 5 validity,
the Stage 6 tally with every Awards and Festival effect that touches it, the Stage 7
figurines, and the Scandals obligation, checked against an exhaustive search."""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from partyrules.games.hollywood.cards import DEFAULT_CARD_DATA, CardKind, role_choices
from partyrules.games.hollywood.films import (
    FILM_ROLES,
    BoxOffice,
    Placed,
    box_office,
    countable_figurines,
    film_cost,
    film_error,
    film_problem,
    genre_of,
    placed_tally,
    plan_films,
    role_error,
    scandal_obligation,
    scandals_in,
    tally_cost,
    tally_scandals,
    tally_valid,
    title_figurines,
)

NATURAL = {"script": "script", "director": "director", "actor": "actor",
           "actress": "actress", "crew": "crew", "staff": "staff"}


def card(name: str, **values: object) -> CardKind:
    """The one kind of DEFAULT_CARD_DATA called ``name`` with ``values``."""
    found = [kind for kind in DEFAULT_CARD_DATA if kind.name == name
             and all(getattr(kind, field) == value for field, value in values.items())]
    assert len(found) == 1, (name, values, found)
    return found[0]


def put(kind: CardKind, role: str = "", icon: str = "") -> Placed:
    """``kind`` in its own role (or ``role``), with a Teacher's ``icon``."""
    return Placed(kind, role or NATURAL[kind.kind], icon)


def film_of(*kinds: CardKind | Placed) -> list[Placed]:
    return [k if isinstance(k, Placed) else put(k) for k in kinds]


SCRIPT_R = card("Romance Script", coin=2, figurines=0)
SCRIPT_A = card("Action Script", coin=1)
WORTHLESS = card("Worthless Script")
DIRECTOR_R = card("Romance Director", coin=2, figurines=1)
DIRECTOR_C = card("Comedy Director", coin=2, figurines=0)
STD = card("Second-Team Director")
TABLOID = card("Tabloid Director")
STAR_ACTOR_R = card("Romance Star Actor")
ACTOR_C = card("Comedy Actor", coin=1)
ACTOR_R = card("Romance Actor", coin=1)
ACTRESS_C = card("Comedy Actress", coin=1)
ACTRESS_A = card("Action Actress", coin=1)
ASSISTANT_R = card("Romance Assistant Director")
STUNTMAN = card("Stuntman")
SET_DESIGNER = card("Set Designer")
AGENT = card("Agent")
PUBLICIST = card("Publicist")
CHOREOGRAPHER = card("Dance Choreographer")
SINGER = card("Singer")
TEACHER = card("Teacher")
LIGHTING = card("Lighting Technician")
CRITIC = card("Critic")
LAWYER = card("Lawyer")
ACTOR_DIRECTOR = card("Actor/Director")
ACTRESS_DIRECTOR = card("Actress/Director")
ACTOR_ACTRESS = card("Actor/Actress")
LOCATION = card("Location Manager")
PHOTOGRAPHY = card("Director of Photography")
ANIMATOR = card("Animator")
INDIE_ACTOR = card("Independent Film Actor (Thriller)")
INDIE_ACTRESS = card("Independent Film Actress (Romance)")
PLAGIARIZED = card("Plagiarized Script")
PAPARAZZO = card("Paparazzo")
FESTIVAL = card("Romance Festival")
EDITOR = card("Editor")
SOUND = card("Sound Engineer")

BASIC = film_of(SCRIPT_A, DIRECTOR_C, ACTOR_C)


# --- Stage 5, Movie Production: validity ------------------------------------------------

def test_stage5_each_card_plays_its_own_role() -> None:
    for kind, role in ((SCRIPT_R, "script"), (WORTHLESS, "script"), (DIRECTOR_R, "director"),
                       (STD, "director"), (TABLOID, "director"), (ACTOR_C, "actor"),
                       (ACTRESS_C, "actress"), (STUNTMAN, "crew"), (ANIMATOR, "crew"),
                       (PUBLICIST, "staff"), (PHOTOGRAPHY, "staff")):
        assert role_error(kind, role) is None
    assert role_error(ACTOR_C, "actress") == \
        "Stage 5: a actor card plays the actor role, not 'actress'"
    assert role_error(STUNTMAN, "staff") is not None
    assert role_error(PUBLICIST, "crew") is not None
    assert role_error(STD, "actor") is not None
    assert role_error(FESTIVAL, "crew") == "Stage 5: a festival card never goes into a film"


def test_awards_dual_roles_play_one_of_their_two_roles() -> None:
    assert role_error(ACTOR_DIRECTOR, "actor") is None
    assert role_error(ACTOR_DIRECTOR, "director") is None
    assert role_error(ACTRESS_DIRECTOR, "actress") is None
    assert role_error(ACTRESS_DIRECTOR, "director") is None  # the rulebook's example
    assert role_error(ACTOR_ACTRESS, "actress") is None
    assert role_error(ACTOR_ACTRESS, "director") == (
        "Awards, dual roles: Actor/Actress plays actor or actress, not 'director'")
    assert role_error(ACTOR_DIRECTOR, "dual") is not None
    # As director it is the film's one director; as actor it is cast.
    assert film_error(film_of(SCRIPT_A, put(ACTOR_DIRECTOR, "director"), ACTOR_C)) is None
    assert film_error(film_of(SCRIPT_A, DIRECTOR_C, put(ACTOR_DIRECTOR, "actor"))) is None
    assert film_error(film_of(SCRIPT_A, DIRECTOR_C, put(ACTOR_DIRECTOR, "director"),
                              ACTOR_C)) == "Stage 5, rule 2: a film has exactly one director"
    assert film_error(film_of(SCRIPT_A, put(ACTOR_DIRECTOR, "director"))) is not None
    assert film_error(film_of(SCRIPT_A, DIRECTOR_C, put(ACTOR_DIRECTOR, "actress"))) == (
        "Awards, dual roles: Actor/Director plays actor or director, not 'actress'")


def test_spec_cards_editor_acts_as_the_director_or_as_one_cast_member() -> None:
    """Editor: "can be used in place of an actor or a director": in a film it is, at its
    owner's choice, the director or one cast member, and rules 2-3 count it there."""
    assert role_error(EDITOR, "director") is None and role_error(EDITOR, "cast") is None
    # Like a dual card it takes one of its roles: never plain crew, never a named role.
    for role in ("crew", "actor", "actress", "staff"):
        assert role_error(EDITOR, role) == (
            f"Editor: Editor acts as director or cast, not {role!r}")
    assert role_error(ACTOR_C, "cast") is not None  # only an Editor is a bare cast member
    assert film_error(film_of(SCRIPT_A, put(EDITOR, "director"), ACTOR_C)) is None
    assert film_error(film_of(SCRIPT_A, DIRECTOR_C, put(EDITOR, "cast"))) is None
    # Rule 2: as director it is the film's one director.
    assert film_error(film_of(SCRIPT_A, DIRECTOR_C, put(EDITOR, "director"), ACTOR_C)) == (
        "Stage 5, rule 2: a film has exactly one director")
    assert film_error(film_of(SCRIPT_A, put(EDITOR, "director"))) == (
        "Stage 5, rule 3: a film has at least one actor or actress "
        "(none only with an Animator)")
    # Rule 3: as a cast member it fills a place of the cast of 1-2 (1-3 with a DoP).
    assert film_error(film_of(SCRIPT_A, DIRECTOR_C, ACTOR_C, ACTRESS_C,
                              put(EDITOR, "cast"))) == (
        "Stage 5, rule 3: at most two actors and actresses "
        "(three with a Director of Photography)")
    assert film_error(film_of(SCRIPT_A, DIRECTOR_C, PHOTOGRAPHY, ACTOR_C, ACTRESS_C,
                              put(EDITOR, "cast"))) is None
    # The Animator's "no cast" holds an Editor out of the cast, not out of the chair.
    assert film_error(film_of(SCRIPT_A, DIRECTOR_C, ANIMATOR, put(EDITOR, "cast"))) == (
        "Scandals, Animator: no actor, actress or other cast member in a film with an "
        "Animator")
    assert film_error(film_of(SCRIPT_A, put(EDITOR, "director"), ANIMATOR)) is None
    # An Editor is Film Crew, not Special Staff: it may act in an Independent film.
    assert film_error(film_of(SCRIPT_A, put(EDITOR, "director"), INDIE_ACTOR)) is None


def test_spec_cards_editor_brings_no_genre_icon_and_makes_no_duo() -> None:
    """Editor: "It brings no genre icon, so it adds nothing to the genre bonus"; as one
    cast member it is neither actor nor actress, so it never completes a duo."""
    script_c = card("Comedy Script", coin=1)
    directing = film_of(script_c, put(EDITOR, "director"), ACTOR_C)
    assert film_error(directing) is None
    assert box_office(directing).genre == 2  # the actor alone
    acting = film_of(script_c, DIRECTOR_C, ACTRESS_C, put(EDITOR, "cast"))
    assert film_error(acting) is None
    assert (box_office(acting).genre, box_office(acting).duo) == (4, 0)
    assert box_office(acting, festival="red_carpet_gala").duo == 0
    # A Teacher's virtual icon on an Editor acting as director or cast member counts.
    for role in ("director", "cast"):
        taught = film_of(script_c, DIRECTOR_C if role == "cast" else ACTOR_C,
                         put(EDITOR, role, icon="C"), TEACHER)
        assert film_error(taught) is None
        assert box_office(taught).genre == 2 * 2
    # The Editor is a green card wherever it acts: the Location Manager counts it.
    assert title_figurines(film_of(SCRIPT_A, put(EDITOR, "director"), ACTOR_C,
                                   LOCATION)) == 2


def test_spec_stage6_sound_engineer_adds_1_per_distinct_genre_of_its_film() -> None:
    """Sound Engineer: "earns more the more kinds of icons the film contains": +1 per
    distinct genre among the icons of all cards of its film (R: the rate), a Teacher's
    virtual icon included, added with the genre bonus; several add each."""
    film = film_of(SCRIPT_R, DIRECTOR_C, card("Action Actor", coin=1), ACTRESS_C, SOUND)
    tally = box_office(film)
    assert (tally.sound, tally.genre, tally.duo) == (3, 0, 4)  # R, C, A; none matches R
    assert tally.total == tally.coins + 3 + 4
    assert box_office([*film, put(SOUND)]).sound == 2 * 3
    assert box_office(film_of(SCRIPT_R, DIRECTOR_C, card("Action Actor", coin=1),
                              put(card("Thriller Actress", coin=1), icon="R"), SOUND,
                              TEACHER)).sound == 4  # R, C, A, T: the icon R adds none
    taught = film_of(SCRIPT_R, put(DIRECTOR_C, icon="T"), ACTRESS_C, SOUND, TEACHER)
    assert box_office(taught).sound == 3  # R, C and the virtual T
    # Every card's icons count, an Assistant Director's and a two-genre card's too.
    spread = film_of(SCRIPT_A, card("Romance-Comedy Director"), ACTOR_C,
                     card("Thriller Assistant Director"), SOUND)
    assert box_office(spread).sound == 4
    assert box_office(film_of(WORTHLESS, STD, ACTOR_C, SOUND)).sound == 1
    assert box_office(BASIC).sound == 0  # no Sound Engineer, no item


def test_stage5_an_empty_film_is_not_valid() -> None:
    assert film_error([]) == "Stage 5: an empty film is no film"


def test_stage5_rule1_exactly_one_script() -> None:
    assert film_error(BASIC) is None
    assert film_error(film_of(DIRECTOR_C, ACTOR_C)) == \
        "Stage 5, rule 1: a film has exactly one script"
    assert film_error(film_of(SCRIPT_A, SCRIPT_R, DIRECTOR_C, ACTOR_C)) == \
        "Stage 5, rule 1: a film has exactly one script"
    # A Worthless Script and the Plagiarized Script are scripts.
    assert film_error(film_of(WORTHLESS, DIRECTOR_C, ACTOR_C)) is None
    assert film_error(film_of(PLAGIARIZED, DIRECTOR_C, ACTOR_C)) is None


def test_stage5_rule2_exactly_one_director() -> None:
    assert film_error(film_of(SCRIPT_A, ACTOR_C)) == \
        "Stage 5, rule 2: a film has exactly one director"
    assert film_error(film_of(SCRIPT_A, DIRECTOR_C, DIRECTOR_R, ACTOR_C)) == \
        "Stage 5, rule 2: a film has exactly one director"
    assert film_error(film_of(SCRIPT_A, STD, ACTOR_C)) is None
    assert film_error(film_of(SCRIPT_A, TABLOID, ACTOR_C)) is None
    assert film_error(film_of(SCRIPT_A, STD, DIRECTOR_C, ACTOR_C)) is not None


def test_stage5_rule3_cast_of_one_or_two() -> None:
    assert film_error(film_of(SCRIPT_A, DIRECTOR_C)) == (
        "Stage 5, rule 3: a film has at least one actor or actress "
        "(none only with an Animator)")
    assert film_error(film_of(SCRIPT_A, DIRECTOR_C, ACTOR_C, ACTRESS_C)) is None
    assert film_error(film_of(SCRIPT_A, DIRECTOR_C, ACTOR_C, ACTRESS_C, ACTRESS_A)) == (
        "Stage 5, rule 3: at most two actors and actresses "
        "(three with a Director of Photography)")
    # Dual cards in a cast role count.
    assert film_error(film_of(SCRIPT_A, DIRECTOR_C, ACTOR_C, ACTRESS_C,
                              put(ACTOR_ACTRESS, "actor"))) is not None


def test_awards_director_of_photography_allows_three_cast() -> None:
    three = film_of(SCRIPT_A, DIRECTOR_C, PHOTOGRAPHY, ACTOR_C, ACTRESS_C, ACTRESS_A)
    assert film_error(three) is None
    assert film_error([*three, put(ACTOR_R)]) == (
        "Awards, Director of Photography: at most three actors and actresses in its film")
    assert film_error(film_of(SCRIPT_A, DIRECTOR_C, PHOTOGRAPHY)) is not None


def test_stage5_rule4_green_cards_any_number_duplicates_allowed() -> None:
    film = [*BASIC, *(put(STUNTMAN) for _ in range(5)), put(AGENT), put(AGENT),
            put(SET_DESIGNER), put(ASSISTANT_R), put(LAWYER), put(PUBLICIST)]
    assert film_error(film) is None


def test_scandals_animator_film_has_no_cast() -> None:
    assert film_error(film_of(SCRIPT_A, DIRECTOR_C, ANIMATOR)) is None
    assert film_error(film_of(SCRIPT_A, DIRECTOR_C, ANIMATOR, ANIMATOR, STUNTMAN,
                              PUBLICIST)) is None
    assert film_error(film_of(SCRIPT_A, DIRECTOR_C, ANIMATOR, ACTOR_C)) == (
        "Scandals, Animator: no actor, actress or other cast member in a film with an "
        "Animator")
    assert film_error(film_of(SCRIPT_A, DIRECTOR_C, ANIMATOR, PHOTOGRAPHY,
                              put(ACTOR_ACTRESS, "actor"))) is not None
    assert film_error(film_of(SCRIPT_A, ANIMATOR)) is not None  # still needs a director


def test_scandals_independent_film_no_special_staff() -> None:
    assert film_error(film_of(SCRIPT_A, DIRECTOR_C, INDIE_ACTOR, INDIE_ACTRESS,
                              STUNTMAN, PAPARAZZO)) is None
    for staff in (PUBLICIST, PHOTOGRAPHY, LIGHTING, AGENT, CRITIC):
        assert film_error(film_of(SCRIPT_A, DIRECTOR_C, INDIE_ACTOR, staff)) == (
            "Scandals, Independent Film: no Special Staff in a film with an "
            "Independent Film Actor or Actress")
    # A Director of Photography is staff: it never lifts an Independent film to three.
    assert film_error(film_of(SCRIPT_A, DIRECTOR_C, PHOTOGRAPHY, INDIE_ACTOR,
                              ACTOR_C, ACTRESS_C)) is not None


def test_awards_teacher_icon_needs_a_teacher_and_an_eligible_card() -> None:
    with_icon = film_of(SCRIPT_A, put(DIRECTOR_C, icon="A"), ACTOR_C)
    assert film_error(with_icon) == "Awards, Teacher: one virtual icon per Teacher in the film"
    assert film_error([*with_icon, put(TEACHER)]) is None
    assert film_error(film_of(SCRIPT_A, DIRECTOR_C, ACTOR_C, TEACHER,
                              put(STUNTMAN, icon="A"))) is not None
    assert film_error(film_of(put(SCRIPT_A, icon="A"), DIRECTOR_C, ACTOR_C,
                              TEACHER)) is not None
    assert film_error(film_of(SCRIPT_A, DIRECTOR_C, ACTOR_C, TEACHER,
                              put(ASSISTANT_R, icon="A"))) is None
    assert film_error(film_of(SCRIPT_A, put(DIRECTOR_C, icon="X"), ACTOR_C,
                              TEACHER)) is not None


# --- Stage 6, Box Office Tally ----------------------------------------------------------

def test_stage6_spec_worked_example() -> None:
    film = film_of(SCRIPT_R, DIRECTOR_R, STAR_ACTOR_R, ACTRESS_C, LIGHTING, CHOREOGRAPHER,
                   PUBLICIST)
    assert film_error(film) is None
    tally = box_office(film)
    assert tally == BoxOffice(coins=11, genre=4, sound=0, duo=7, choreography=6, critic=0,
                              festival=0)
    assert tally.total == 28
    assert title_figurines(film) == 5
    assert countable_figurines(film) == 2
    assert film_cost(film) == 0


def test_stage6_item1_coins_sum_negative_subtract_none_is_zero() -> None:
    film = film_of(PLAGIARIZED, TABLOID, INDIE_ACTOR, PAPARAZZO, SET_DESIGNER)
    assert box_office(film).coins == -3 - 3 - 2 - 2
    assert box_office(film).total < 0  # possibly negative
    assert box_office(film_of(WORTHLESS, STD, ACTOR_C)).coins == 1


def test_stage6_item2_genre_bonus_counts_director_cast_and_assistant_director() -> None:
    script_c = card("Comedy Script", coin=1)
    film = film_of(script_c, DIRECTOR_C, ACTOR_C, ACTRESS_A,
                   card("Comedy Assistant Director"), card("Star Assistant Director"),
                   STUNTMAN)
    assert genre_of(film) == "C"
    # Director, actor, two Assistant Directors; not the script, the actress or Stuntman.
    assert box_office(film).genre == 2 * 4
    # Two-genre and all-genre cards match either genre.
    pair = film_of(script_c, card("Romance-Comedy Director"), ACTOR_R,
                   card("All-Genre Awards Actress"))
    assert box_office(pair).genre == 2 * 2


def test_stage6_item2_worthless_script_has_no_genre() -> None:
    film = film_of(WORTHLESS, TABLOID, card("All-Genre Awards Actor"))
    assert genre_of(film) is None
    assert box_office(film).genre == 0
    assert box_office(film, festival="festival_R").genre == 0


def test_awards_dual_roles_count_in_the_role_they_play() -> None:
    # Actor/Director (A, T) directing an Action film: a director's genre bonus.
    film = film_of(SCRIPT_A, put(ACTOR_DIRECTOR, "director"), ACTRESS_A)
    assert box_office(film).genre == 4
    assert box_office(film).duo == 0
    # Actor/Actress as actress with an actor: a duo; as actor: none.
    duo = film_of(SCRIPT_A, DIRECTOR_C, ACTOR_C, put(ACTOR_ACTRESS, "actress"))
    assert box_office(duo).duo == 4
    assert box_office(film_of(SCRIPT_A, DIRECTOR_C, ACTOR_C,
                              put(ACTOR_ACTRESS, "actor"))).duo == 0


def test_awards_teacher_virtual_icon_counts_for_the_genre_bonus() -> None:
    film = film_of(SCRIPT_A, put(DIRECTOR_C, icon="A"), ACTOR_C, TEACHER)
    assert box_office(film).genre == 2
    both = film_of(SCRIPT_A, put(DIRECTOR_C, icon="A"), put(ACTOR_C, icon="A"), TEACHER,
                   TEACHER)
    assert box_office(both).genre == 4
    # An icon the card already has adds nothing.
    same = film_of(SCRIPT_A, put(card("Action Director", coin=2, figurines=0), icon="A"),
                   ACTOR_C, TEACHER)
    assert box_office(same).genre == 2
    # On an Assistant Director it counts; a wrong genre does not.
    assert box_office(film_of(SCRIPT_A, DIRECTOR_C, ACTOR_C, TEACHER,
                              put(ASSISTANT_R, icon="A"))).genre == 2
    assert box_office(film_of(SCRIPT_A, put(DIRECTOR_C, icon="R"), ACTOR_C,
                              TEACHER)).genre == 0


def test_stage6_item3_duo_of_an_actor_and_an_actress() -> None:
    assert box_office(BASIC).duo == 0
    assert box_office(film_of(SCRIPT_A, DIRECTOR_C, ACTOR_C, ACTRESS_C)).duo == 4
    assert box_office(film_of(SCRIPT_A, DIRECTOR_C, ACTRESS_A, ACTRESS_C)).duo == 0
    # Never more than one duo.
    assert box_office(film_of(SCRIPT_A, DIRECTOR_C, PHOTOGRAPHY, ACTOR_C, ACTOR_R,
                              ACTRESS_C)).duo == 4


def test_awards_lighting_technician_duo_pays_7_and_does_not_stack() -> None:
    duo = film_of(SCRIPT_A, DIRECTOR_C, ACTOR_C, ACTRESS_C, LIGHTING)
    assert box_office(duo).duo == 7
    assert box_office([*duo, put(LIGHTING)]).duo == 7
    assert box_office(film_of(SCRIPT_A, DIRECTOR_C, ACTOR_C, LIGHTING)).duo == 0


def test_awards_dance_choreographer_one_per_coin_icon() -> None:
    # Coin icons: script 1, director 2, actor 1, Choreographer 1, Paparazzo -2; the
    # Set Designer and Publicist have none. The printed values do not matter.
    film = film_of(SCRIPT_A, DIRECTOR_C, ACTOR_C, CHOREOGRAPHER, PAPARAZZO, SET_DESIGNER)
    assert box_office(film).choreography == 5
    assert box_office([*film, put(CHOREOGRAPHER)]).choreography == 2 * 6
    assert box_office(BASIC).choreography == 0


def test_awards_critic_counts_worthless_scripts_and_stds_in_all_films() -> None:
    first = film_of(WORTHLESS, STD, ACTOR_C, CRITIC)
    second = film_of(WORTHLESS, DIRECTOR_C, ACTRESS_C)
    third = film_of(SCRIPT_A, DIRECTOR_R, ACTOR_R)
    assert box_office(first).critic == 2  # default: this film only
    assert box_office(first, seat_films=[first, second, third]).critic == 3
    assert box_office(second, seat_films=[first, second, third]).critic == 0
    assert box_office([*first, put(CRITIC)], seat_films=[first, second]).critic == 2 * 3


def test_festivals_genre_festival_pays_3_per_matching_card() -> None:
    film = film_of(SCRIPT_R, DIRECTOR_R, STAR_ACTOR_R, ACTRESS_C)
    assert box_office(film).genre == 4
    assert box_office(film, festival="festival_R").genre == 6
    assert box_office(film, festival="festival_C").genre == 4


def test_festivals_red_carpet_gala_adds_2_to_a_duo() -> None:
    duo = film_of(SCRIPT_A, DIRECTOR_C, ACTOR_C, ACTRESS_C)
    assert box_office(duo, festival="red_carpet_gala").duo == 6
    assert box_office([*duo, put(LIGHTING)], festival="red_carpet_gala").duo == 9
    assert box_office(BASIC, festival="red_carpet_gala").duo == 0


def test_festivals_independent_cinema_week_pays_2_per_ws_and_std() -> None:
    film = film_of(WORTHLESS, STD, ACTOR_C)
    assert box_office(film, festival="independent_cinema_week").festival == 4
    assert box_office(film).festival == 0
    assert box_office(BASIC, festival="independent_cinema_week").festival == 0


def test_festivals_other_cards_leave_the_tally_alone() -> None:
    film = film_of(SCRIPT_R, DIRECTOR_R, STAR_ACTOR_R, ACTRESS_C, LIGHTING, CHOREOGRAPHER)
    plain = box_office(film)
    for festival in ("golden_jury", "film_market", "festival_T"):
        assert box_office(film, festival=festival) == plain
    with pytest.raises(ValueError, match="unknown Festival effect"):
        box_office(film, festival="festival_X")


def test_stage6_box_office_items_in_order_and_total() -> None:
    film = film_of(WORTHLESS, STD, ACTOR_C, ACTRESS_C, CRITIC, CHOREOGRAPHER, LIGHTING)
    tally = box_office(film, festival="red_carpet_gala")
    # Coin icons: actor, actress, Choreographer, Technician (not WS, STD, Critic).
    assert attrs.astuple(tally) == (1 + 1 + 1 + 1, 0, 0, 9, 4, 2, 0)
    assert tally.total == 4 + 9 + 4 + 2


def test_awards_second_team_director_costs_the_cards_of_its_film() -> None:
    film = film_of(SCRIPT_A, STD, ACTOR_C, STUNTMAN, PUBLICIST)
    assert film_cost(film) == 5
    assert film_cost(BASIC) == 0
    assert film_cost(film_of(WORTHLESS, DIRECTOR_C, ACTOR_C)) == 0


def test_awards_second_team_director_has_no_genre_icon() -> None:
    assert STD.genres == WORTHLESS.genres == frozenset()
    film = film_of(SCRIPT_R, STD, ACTOR_R)
    assert box_office(film).genre == 2  # the actor alone matches Romance
    assert box_office(film_of(SCRIPT_R, DIRECTOR_R, ACTOR_R)).genre == 4


# --- Stage 7, Film of the Year ------------------------------------------------------------

def test_stage7_title_figurines_are_the_printed_ones() -> None:
    film = film_of(card("Romance Script", coin=3), DIRECTOR_R, STAR_ACTOR_R, SET_DESIGNER)
    assert title_figurines(film) == 1 + 1 + 1 + 1
    assert countable_figurines(film) == 4


def test_awards_location_manager_one_title_figurine_per_green_card() -> None:
    film = film_of(SCRIPT_A, DIRECTOR_C, ACTOR_C, LOCATION, STUNTMAN, SET_DESIGNER)
    # Green: Location Manager itself, Stuntman, Set Designer (1 printed figurine).
    assert title_figurines(film) == 1 + 3
    assert countable_figurines(film) == 1
    assert title_figurines([*film, put(LOCATION)]) == 1 + 2 * 4


def test_awards_singer_one_title_figurine_per_coin_icon() -> None:
    film = film_of(SCRIPT_A, DIRECTOR_C, ACTOR_C, SINGER, SET_DESIGNER, PAPARAZZO)
    # Coin icons: script, director, actor, Singer, Paparazzo (negative counts too).
    assert title_figurines(film) == 1 + 5
    assert countable_figurines(film) == 1


def test_awards_publicist_figurines_count_for_the_title_only() -> None:
    film = [*BASIC, put(PUBLICIST)]
    assert title_figurines(film) == 3
    assert countable_figurines(film) == 0


# --- Scandals: the obligation and the planner -------------------------------------------

def placed_scandals(cards: Sequence[CardKind],
                    plan: tuple[tuple[tuple[int, str], ...], ...]) -> int:
    """Check ``plan`` is a valid arrangement of ``cards``; its Scandals cards."""
    assert len(plan) <= 3
    indices = [index for film in plan for index, _ in film]
    assert len(indices) == len(set(indices))
    assert all(0 <= index < len(cards) for index in indices)
    for film in plan:
        placed = [Placed(cards[index], role) for index, role in film]
        assert film_error(placed) is None, (film_error(placed), placed)
    return sum(cards[index].scandal for index in indices)


def brute_obligation(cards: Sequence[CardKind]) -> int:
    """The most Scandals cards over every assignment of the cards to 3 films or the hand
    (and of a role to each dual card and Editor): exhaustive, films labelled in order of
    use."""
    films: list[list[Placed]] = [[], [], []]
    best = 0

    def visit(j: int, used: int) -> None:
        nonlocal best
        if j == len(cards):
            if all(film_error(film) is None for film in films[:used]):
                best = max(best, sum(p.kind.scandal for film in films for p in film))
            return
        visit(j + 1, used)
        kind = cards[j]
        roles = role_choices(kind) or (NATURAL[kind.kind],)
        for f in range(min(used + 1, 3)):
            for role in roles:
                film = films[f]
                film.append(Placed(kind, role))
                # Prune films that no later card can make valid again.
                if (sum(p.role == "script" for p in film) <= 1
                        and sum(p.role == "director" for p in film) <= 1
                        and sum(p.role in ("actor", "actress", "cast")
                                for p in film) <= 3):
                    visit(j + 1, max(used, f + 1))
                film.pop()

    visit(0, 0)
    return best


RELEVANT = [
    SCRIPT_A, PLAGIARIZED, WORTHLESS, DIRECTOR_C, TABLOID, STD, ACTOR_C, ACTRESS_C,
    ACTOR_DIRECTOR, ACTRESS_DIRECTOR, ACTOR_ACTRESS, INDIE_ACTOR, INDIE_ACTRESS,
    card("Independent Film Actor (Comedy)"), card("Independent Film Actress (Action)"),
    ANIMATOR, PAPARAZZO, PHOTOGRAPHY, PUBLICIST, STUNTMAN, EDITOR,
]
# Card data an owner might enter: every combination the obligation must still get right.
CUSTOM = [
    attrs.evolve(ACTOR_DIRECTOR, name="Scandal Actor/Director", scandal=True),
    attrs.evolve(ACTRESS_DIRECTOR, name="Independent Actress/Director", scandal=True,
                 effect="independent"),
    attrs.evolve(PUBLICIST, name="Scandal staff", scandal=True),
    attrs.evolve(ANIMATOR, name="Animator without Scandals", scandal=False),
    attrs.evolve(ANIMATOR, name="Staff Animator", kind="staff"),
    attrs.evolve(PHOTOGRAPHY, name="Film Crew DoP", kind="crew"),
    attrs.evolve(PHOTOGRAPHY, name="Scandal DoP", scandal=True),
    attrs.evolve(INDIE_ACTOR, name="Independent without Scandals", scandal=False),
    attrs.evolve(ACTRESS_C, name="Scandal actress", scandal=True),
    attrs.evolve(EDITOR, name="Scandal Editor", scandal=True),
]


# The brute force takes about 0.3 s a hand: the default run compares a few hands, the CI
# profile (``-m ci``) the larger samples.
@pytest.mark.parametrize("hands", [12, pytest.param(50, id="ci", marks=pytest.mark.ci)])
def test_scandals_obligation_matches_exhaustive_search(hands: int) -> None:
    @settings(max_examples=hands)
    @given(st.lists(st.sampled_from(RELEVANT), max_size=8))
    def run(cards: list[CardKind]) -> None:
        assert scandal_obligation(cards) == brute_obligation(cards)

    run()


@pytest.mark.parametrize("hands", [25, pytest.param(100, id="ci", marks=pytest.mark.ci)])
def test_scandals_obligation_matches_exhaustive_search_with_custom_cards(hands: int) -> None:
    @settings(max_examples=hands)
    @given(st.lists(st.sampled_from(RELEVANT + CUSTOM), max_size=7))
    def run(cards: list[CardKind]) -> None:
        assert scandal_obligation(cards) == brute_obligation(cards)

    run()


def test_scandals_obligation_examples() -> None:
    assert scandal_obligation([]) == 0
    assert scandal_obligation([SCRIPT_A, DIRECTOR_C, ACTOR_C, STUNTMAN]) == 0
    # A lone Scandals card with no film to hold it.
    assert scandal_obligation([PAPARAZZO, SCRIPT_A, DIRECTOR_C]) == 0
    assert scandal_obligation([PAPARAZZO, SCRIPT_A, DIRECTOR_C, ACTOR_C]) == 1
    # Animator films need no cast; the Animator never shares a film with cast.
    assert scandal_obligation([ANIMATOR, ANIMATOR, SCRIPT_A, DIRECTOR_C]) == 2
    assert scandal_obligation([ANIMATOR, INDIE_ACTOR, SCRIPT_A, DIRECTOR_C]) == 1
    assert scandal_obligation([ANIMATOR, INDIE_ACTOR, SCRIPT_A, SCRIPT_A, DIRECTOR_C,
                               TABLOID]) == 3
    # Scandals script, director and cast fill one film; two Independents fit one film.
    assert scandal_obligation([PLAGIARIZED, TABLOID, INDIE_ACTOR, INDIE_ACTRESS,
                               card("Independent Film Actor (Comedy)")]) == 4
    # A dual card directs so that the Independent cards can act.
    assert scandal_obligation([SCRIPT_A, ACTRESS_DIRECTOR, INDIE_ACTOR]) == 1
    # The Director of Photography is staff: no third Independent in one film.
    assert scandal_obligation([SCRIPT_A, DIRECTOR_C, PHOTOGRAPHY, INDIE_ACTOR,
                               INDIE_ACTRESS, card("Independent Film Actor (Comedy)")]) == 2
    # Only the cards held count: three Independents, scripts for two films, one director.
    assert scandal_obligation([SCRIPT_A, SCRIPT_A, DIRECTOR_C, INDIE_ACTOR, INDIE_ACTRESS,
                               card("Independent Film Actor (Comedy)")]) == 2


def test_spec_stage5_obligation_counts_an_editor_as_director_or_cast_member() -> None:
    """The obligation O is over arrangements with the Editor's role chosen: as director
    it lets Scandals script and cast make a film; as a cast member it fills the cast."""
    assert scandal_obligation([PLAGIARIZED, EDITOR, INDIE_ACTOR]) == 2
    assert scandal_obligation([PLAGIARIZED, TABLOID, EDITOR]) == 2
    assert scandal_obligation([PLAGIARIZED, TABLOID, INDIE_ACTOR, EDITOR]) == 3
    # One Editor is one role: it cannot both direct and act.
    assert scandal_obligation([PLAGIARIZED, EDITOR]) == 0
    # As cast it stays out of an Animator's film, as director it may take one.
    assert scandal_obligation([SCRIPT_A, TABLOID, ANIMATOR, EDITOR]) == 2
    assert scandal_obligation([PLAGIARIZED, TABLOID, INDIE_ACTOR, SCRIPT_A, EDITOR,
                               ANIMATOR]) == 4
    # A second film for the third Independent card, directed by the Editor.
    assert scandal_obligation([PLAGIARIZED, TABLOID, INDIE_ACTOR, INDIE_ACTRESS,
                               card("Independent Film Actor (Comedy)"), SCRIPT_A,
                               EDITOR]) == 5


def test_spec_stage5_plan_films_uses_an_editor_as_director_or_cast_member() -> None:
    hand = [SCRIPT_A, EDITOR, ACTOR_C]
    assert plan_films(hand) == (((0, "script"), (1, "director"), (2, "actor")),)
    hand = [PLAGIARIZED, TABLOID, EDITOR]
    assert plan_films(hand) == (((0, "script"), (1, "director"), (2, "cast")),)
    for seed in range(20):
        assert placed_scandals(hand, plan_films(hand, random.Random(seed))) == 2


@settings(max_examples=100)
@given(st.lists(st.sampled_from(RELEVANT + CUSTOM), max_size=12), st.integers(0, 2**32))
def test_scandals_plan_films_is_valid_and_reaches_the_obligation(
        cards: list[CardKind], seed: int) -> None:
    obligation = scandal_obligation(cards)
    assert placed_scandals(cards, plan_films(cards)) == obligation
    assert placed_scandals(cards, plan_films(cards, random.Random(seed))) == obligation


def test_scandals_plan_films_on_random_hands_of_the_full_deck() -> None:
    rng = random.Random(11)
    pool = [kind for kind in DEFAULT_CARD_DATA if kind.kind != "festival"]
    films = set()
    for _ in range(1500):
        hand = rng.sample(pool, rng.randint(7, 14))
        obligation = scandal_obligation(hand)
        assert placed_scandals(hand, plan_films(hand, rng)) == obligation
        films.add(len(plan_films(hand, rng)))
    assert films == {0, 1, 2, 3}


def test_scandals_plan_films_deterministic_without_rng_varied_with() -> None:
    hand = [SCRIPT_A, card("Comedy Script", coin=1), DIRECTOR_C, DIRECTOR_R, ACTOR_C,
            ACTRESS_C, ACTOR_R, STUNTMAN, PUBLICIST, PAPARAZZO]
    plan = plan_films(hand)
    assert plan == plan_films(hand)
    assert len(plan) == 2  # as many films as the scripts and directors allow
    assert placed_scandals(hand, plan) == 1
    # Deterministic: every green card without a negative coin and every spare cast card.
    assert sorted(i for film in plan for i, _ in film) == list(range(10))
    plans = {plan_films(hand, random.Random(seed)) for seed in range(40)}
    assert len(plans) > 10
    assert {len(p) for p in plans} == {1, 2}
    assert all(placed_scandals(hand, p) == 1 for p in plans)


def test_scandals_plan_films_uses_dual_roles() -> None:
    hand = [SCRIPT_A, ACTRESS_DIRECTOR, INDIE_ACTOR]
    plan = plan_films(hand)
    assert plan == (((0, "script"), (1, "director"), (2, "actor")),)
    hand = [SCRIPT_A, DIRECTOR_C, ACTOR_ACTRESS]
    roles = set()
    for seed in range(30):
        for film in plan_films(hand, random.Random(seed)):  # 0 films is valid too
            assert film[:2] == ((0, "script"), (1, "director"))
            roles.add(film[2])
    assert roles == {(2, "actor"), (2, "actress")}


def _random_film(rng: random.Random) -> list[Placed]:
    """A film of 1 to 8 cards of the full list: mostly in roles they may play, now and
    then in any role, some with a Teacher's icon (a genre or not)."""
    kinds = [kind for kind in DEFAULT_CARD_DATA if kind.back != "festival"]
    film = []
    for kind in rng.sample(kinds, rng.randint(1, 8)):
        choices = role_choices(kind) or (NATURAL[kind.kind],)
        role = rng.choice(FILM_ROLES) if rng.random() < 0.15 else rng.choice(choices)
        icon = rng.choice(("R", "C", "A", "T", "X")) if rng.random() < 0.1 else ""
        film.append(Placed(kind, role, icon))
    return film


def _planned_films(rng: random.Random) -> list[list[Placed]]:
    """The valid films :func:`plan_films` makes of a random hand of the full list."""
    kinds = [kind for kind in DEFAULT_CARD_DATA if kind.back != "festival"]
    hand = rng.sample(kinds, rng.randint(3, 14))
    return [[Placed(hand[index], role) for index, role in film]
            for film in plan_films(hand, rng)]


def test_stage5_a_films_tally_judges_it_as_film_problem_does() -> None:
    """The finish check of a listing sums the cards' tallies: a film's summed tally is
    valid exactly when :func:`film_problem` finds no broken rule, and gives the film's
    cost and Scandals cards (random films of the full list, and planned valid ones)."""
    rng = random.Random(28)
    films = [_random_film(rng) for _ in range(4000)]
    films += [film for _ in range(400) for film in _planned_films(rng)]
    valid = 0
    for film in films:
        tally = sum(placed_tally(placed) for placed in film)
        assert tally_valid(tally) == (film_problem(film) is None), film
        assert tally_cost(tally) == film_cost(film)
        assert tally_scandals(tally) == scandals_in((film,))
        valid += film_problem(film) is None
    assert 300 < valid < len(films) - 3000  # both verdicts are met often
