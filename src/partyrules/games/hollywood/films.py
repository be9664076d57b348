"""Films of Hollywood as pure functions: what makes a film valid (Stage 5), its box office
(Stage 6), its golden figurines (Stage 7), the Scandals obligation and a planner that
builds a valid arrangement for random play.

A film is a sequence of :class:`Placed` cards: a card kind, the role it plays in the film
and the virtual genre icon a Teacher gave it. Roles are ``"script"``, ``"director"``,
``"actor"``, ``"actress"``, ``"cast"`` (an Editor's cast place, neither actor nor
actress), ``"crew"`` (green Film Crew) and ``"staff"`` (green Special Staff); a dual card
plays one of its two roles, an Editor the director or one cast member.

>>> from partyrules.games.hollywood.cards import CardKind
>>> script = CardKind("Romance Script", "basic", "script", frozenset({"R"}), 2)
>>> director = CardKind("Romance Director", "basic", "director", frozenset({"R"}), 2, 1)
>>> actor = CardKind("Comedy Actor", "basic", "actor", frozenset({"C"}), 1)
>>> film = [Placed(script, "script"), Placed(director, "director"), Placed(actor, "actor")]
>>> film_error(film) is None, genre_of(film), box_office(film).total
(True, 'R', 7)
>>> film_error(film[:2])
'Stage 5, rule 3: a film has at least one actor or actress (none only with an Animator)'
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from functools import lru_cache

import attrs

from partyrules.games.hollywood.cards import GENRES, CardKind, role_choices

__all__ = [
    "CAST_ROLES",
    "FESTIVAL_EFFECTS",
    "FILM_PROBLEMS",
    "FILM_ROLES",
    "GREEN_ROLES",
    "TALLY_CARD",
    "BoxOffice",
    "FilmVerdict",
    "Placed",
    "box_office",
    "countable_figurines",
    "film_cost",
    "film_error",
    "film_problem",
    "film_verdict",
    "genre_of",
    "placed_tally",
    "plan_films",
    "production_error",
    "production_problem",
    "role_error",
    "scandal_obligation",
    "scandals_in",
    "studio_problem",
    "tally_cost",
    "tally_scandals",
    "tally_valid",
    "title_figurines",
]

FILM_ROLES: tuple[str, ...] = ("script", "director", "actor", "actress", "cast", "crew",
                                "staff")
"""The roles a card plays in a film (``cast``: an Editor as one cast member, ``crew``:
green Film Crew, ``staff``: Special Staff)."""
CAST_ROLES: frozenset[str] = frozenset({"actor", "actress", "cast"})
"""The roles that make up a film's cast."""
GREEN_ROLES: frozenset[str] = frozenset({"crew", "staff"})
"""The roles of green cards."""
FESTIVAL_EFFECTS: tuple[str, ...] = (
    "", "festival_R", "festival_C", "festival_A", "festival_T", "red_carpet_gala",
    "independent_cinema_week", "golden_jury", "film_market")
"""The values :func:`box_office` accepts for ``festival`` ("" no Festival card)."""

_NATURAL_ROLE: dict[str, str] = {
    "script": "script", "director": "director", "actor": "actor", "actress": "actress",
    "crew": "crew", "staff": "staff"}
_GENRE_ROLES = frozenset({"director", "actor", "actress", "cast"})
_GREEN_KINDS = frozenset({"crew", "staff"})
_SUPPLY_BACKS = frozenset({"worthless", "second_team"})
_MAX_FILMS = 3


@attrs.frozen(slots=True)
class Placed:
    """A card in a film: its kind, the role it plays, and a Teacher's virtual icon.

    ``role`` is one of :data:`FILM_ROLES` (a dual card plays one of its two roles);
    ``icon`` is a virtual genre icon ``"R"``/``"C"``/``"A"``/``"T"`` given by a Teacher
    of the same film (``""``: none)."""

    kind: CardKind
    role: str
    icon: str = ""


def role_error(kind: CardKind, role: str) -> str | None:
    """Why ``kind`` may not play ``role`` in a film (None: it may).

    A script plays ``script``, a director (a Second-Team Director included)
    ``director``, an actor ``actor``, an actress ``actress``, Film Crew ``crew``,
    Special Staff ``staff``; a dual card one of its two roles; an Editor ``director`` or
    ``cast`` (never plain crew: like a dual card it takes one of its roles).

    >>> dual = CardKind("Actor/Director", "star", "dual", roles=("actor", "director"))
    >>> role_error(dual, "director") is None, role_error(dual, "actress")
    (True, "Awards, dual roles: Actor/Director plays actor or director, not 'actress'")
    >>> role_error(CardKind("Editor", "basic", "crew", effect="editor"), "crew")
    "Editor: Editor acts as director or cast, not 'crew'"
    """
    if kind.kind == "dual":
        if role in kind.roles:
            return None
        return (f"Awards, dual roles: {kind.name} plays {' or '.join(kind.roles)}, "
                f"not {role!r}")
    if kind.effect == "editor":
        choices = role_choices(kind)
        if role in choices:
            return None
        return f"Editor: {kind.name} acts as {' or '.join(choices)}, not {role!r}"
    natural = _NATURAL_ROLE.get(kind.kind)
    if natural is None:
        return f"Stage 5: a {kind.kind} card never goes into a film"
    if role != natural:
        return f"Stage 5: a {kind.kind} card plays the {natural} role, not {role!r}"
    return None


def _green_effect(placed: Placed, effect: str) -> bool:
    return placed.role in GREEN_ROLES and placed.kind.effect == effect


def _count_green(film: Sequence[Placed], effect: str) -> int:
    return sum(1 for placed in film if _green_effect(placed, effect))


def _is_independent(placed: Placed) -> bool:
    return placed.role in CAST_ROLES and placed.kind.effect == "independent"


def _takes_icon(placed: Placed) -> bool:
    """Acting as director, actor, actress, cast member (an Editor) or Assistant Director
    (crew with icons)."""
    if placed.role in _GENRE_ROLES:
        return True
    return placed.role == "crew" and placed.kind.kind == "crew" and bool(placed.kind.genres)


FILM_PROBLEMS: dict[str, str] = {
    "empty": "Stage 5: an empty film is no film",
    "script": "Stage 5, rule 1: a film has exactly one script",
    "director": "Stage 5, rule 2: a film has exactly one director",
    "animator_cast": ("Scandals, Animator: no actor, actress or other cast member in a film "
                      "with an Animator"),
    "no_cast": ("Stage 5, rule 3: a film has at least one actor or actress "
                "(none only with an Animator)"),
    "cast_limit_photography": ("Awards, Director of Photography: at most three actors and "
                               "actresses in its film"),
    "cast_limit": ("Stage 5, rule 3: at most two actors and actresses "
                   "(three with a Director of Photography)"),
    "independent_staff": ("Scandals, Independent Film: no Special Staff in a film with an "
                          "Independent Film Actor or Actress"),
    "icon_genre": "Awards, Teacher: the virtual icon is a genre icon",
    "icon_card": ("Awards, Teacher: the icon goes to a director, actor, actress or "
                  "Assistant Director"),
    "icon_teachers": "Awards, Teacher: one virtual icon per Teacher in the film",
}
"""Each rule a film can break, by the code :func:`film_problem` gives, with the message
:func:`film_error` gives (a card in a role it cannot play, code ``"role"``, is told by
:func:`role_error`)."""


def film_problem(film: Sequence[Placed]) -> str | None:
    """The first rule ``film`` breaks, as a code (None: a valid film): ``"role"`` (a card
    in a role it cannot play) or a key of :data:`FILM_PROBLEMS`, checked in
    :func:`film_error`'s order. A screen tells the rule in its own words from the code.

    >>> script = CardKind("Romance Script", "basic", "script", frozenset({"R"}), 2)
    >>> film_problem([Placed(script, "script")]), film_problem([])
    ('director', 'empty')
    """
    if not film:
        return "empty"
    for placed in film:
        if role_error(placed.kind, placed.role) is not None:
            return "role"
    if sum(1 for placed in film if placed.role == "script") != 1:
        return "script"
    if sum(1 for placed in film if placed.role == "director") != 1:
        return "director"
    cast = sum(1 for placed in film if placed.role in CAST_ROLES)
    if _count_green(film, "animator"):
        if cast:
            return "animator_cast"
    elif not cast:
        return "no_cast"
    elif _count_green(film, "director_of_photography"):
        if cast > 3:
            return "cast_limit_photography"
    elif cast > 2:
        return "cast_limit"
    if any(_is_independent(p) for p in film) and any(p.role == "staff" for p in film):
        return "independent_staff"
    icons = [placed for placed in film if placed.icon]
    for placed in icons:
        if placed.icon not in GENRES:
            return "icon_genre"
        if not _takes_icon(placed):
            return "icon_card"
    if len(icons) > _count_green(film, "teacher"):
        return "icon_teachers"
    return None


def film_error(film: Sequence[Placed]) -> str | None:
    """Why ``film`` is not a valid film (None: it is).

    Stage 5 rules 1-4: exactly one script; exactly one director; a cast (actor and
    actress roles) of 1-2, 1-3 with a Director of Photography, none with an Animator;
    green cards in any number, but no Special Staff with an Independent Film Actor or
    Actress. Every card must play a role it has, and a Teacher's virtual icon must be a
    genre, sit on a card acting as director, actor, actress or Assistant Director, and
    be backed by a Teacher of the film (one icon per Teacher). An empty film is not a
    film (callers treat it as "no film"). The rule broken is :func:`film_problem`'s."""
    problem = film_problem(film)
    if problem is None:
        return None
    if problem == "role":
        return next(error for placed in film
                    if (error := role_error(placed.kind, placed.role)) is not None)
    if problem == "icon_genre":
        icon = next(placed.icon for placed in film if placed.icon and placed.icon not in GENRES)
        return f"Awards, Teacher: {icon!r} is not a genre icon"
    return FILM_PROBLEMS[problem]


def genre_of(film: Sequence[Placed]) -> str | None:
    """The genre of the film's script (None: a Worthless Script, or no script).

    A script has at most one genre; should custom card data give it several, the first
    in R, C, A, T order is the film's."""
    for placed in film:
        if placed.role == "script":
            for genre in GENRES:
                if genre in placed.kind.genres:
                    return genre
            return None
    return None


@attrs.frozen(slots=True)
class BoxOffice:
    """A film's Stage 6 box office, item by item (millions, possibly negative)."""

    coins: int
    """1. The coin values of all its cards."""
    genre: int
    """2. The genre bonus: 2 (3 under the genre's Festival) per matching card."""
    sound: int
    """2. With the genre bonus: Sound Engineers x distinct genres among the film's icons."""
    duo: int
    """3. An actor and an actress: 4, 7 with a Lighting Technician; +2 Red Carpet Gala."""
    choreography: int
    """4. Dance Choreographers x cards with a coin icon."""
    critic: int
    """5. Critics x Worthless Scripts and Second-Team Directors in all the seat's films."""
    festival: int
    """6. Independent Cinema Week: 2 per Worthless Script and Second-Team Director."""

    @property
    def total(self) -> int:
        """The film's box office: the sum of the six items (the sound with the genre)."""
        return (self.coins + self.genre + self.sound + self.duo + self.choreography
                + self.critic + self.festival)


def _supply_cards(film: Sequence[Placed]) -> int:
    return sum(1 for placed in film if placed.kind.back in _SUPPLY_BACKS)


def box_office(film: Sequence[Placed], *, festival: str = "",
               seat_films: Sequence[Sequence[Placed]] = ()) -> BoxOffice:
    """The Stage 6 tally of ``film``, items 1-6 in order, the Sound Engineers' item
    added with the genre bonus (item 2).

    ``festival`` is the effect of the year's Festival card (one of
    :data:`FESTIVAL_EFFECTS`); ``seat_films`` all the films of the film's owner this
    year, ``film`` included (for the Critic; empty: ``film`` alone)."""
    if festival not in FESTIVAL_EFFECTS:
        raise ValueError(f"unknown Festival effect {festival!r}")
    # One pass for the counts every item reads (the tally of a year runs it per film).
    coins = coin_icons = 0
    roles: set[str] = set()
    greens: dict[str, int] = {}
    for placed in film:
        coin = placed.kind.coin
        if coin is not None:
            coins += coin
            coin_icons += 1
        role = placed.role
        roles.add(role)
        if role in GREEN_ROLES:
            effect = placed.kind.effect
            greens[effect] = greens.get(effect, 0) + 1
    genre = genre_of(film)
    bonus = 0
    if genre is not None:
        per_card = 3 if festival == f"festival_{genre}" else 2
        matching = sum(1 for placed in film if _takes_icon(placed)
                       and (genre in placed.kind.genres or placed.icon == genre))
        bonus = per_card * matching
    engineers = greens.get("sound_engineer", 0)
    sound = engineers * len(_icons(film)) if engineers else 0
    duo = 0
    if "actor" in roles and "actress" in roles:
        duo = 7 if greens.get("lighting_technician", 0) else 4
        if festival == "red_carpet_gala":
            duo += 2
    choreography = greens.get("dance_choreographer", 0) * coin_icons
    films = seat_films or (film,)
    critics = greens.get("critic", 0)
    critic = critics * sum(_supply_cards(f) for f in films) if critics else 0
    week = 2 * _supply_cards(film) if festival == "independent_cinema_week" else 0
    return BoxOffice(coins=coins, genre=bonus, sound=sound, duo=duo,
                     choreography=choreography, critic=critic, festival=week)


def _icons(film: Sequence[Placed]) -> set[str]:
    """The distinct genres among the icons of the film's cards, a Teacher's virtual
    icons included."""
    found: set[str] = set()
    for placed in film:
        found.update(placed.kind.genres)
        if placed.icon:
            found.add(placed.icon)
    return found


def film_cost(film: Sequence[Placed]) -> int:
    """What the film costs before the tally: its number of cards (the Second-Team
    Director included) when it holds a Second-Team Director, else 0."""
    if any(placed.kind.back == "second_team" for placed in film):
        return len(film)
    return 0


def production_problem(films: Sequence[Sequence[Placed]], obligation: int,
                       money: int) -> tuple[str, int | None] | None:
    """Stage 5: the first reason a studio's films cannot be finished, as a code with the
    number of the film at fault (None: they can): a film's :func:`film_problem`,
    ``"scandals"`` (fewer Scandals cards than the ``obligation``) or ``"cost"``
    (Second-Team Directors the studio's ``money`` cannot pay)."""
    return studio_problem([film_verdict(film) if film else None for film in films],
                          obligation, money)


FilmVerdict = tuple[str | None, int, int]
"""What the finish asks of one made film: the first rule it breaks (None: none), its
cost and its Scandals cards."""


def film_verdict(film: Sequence[Placed]) -> FilmVerdict:
    """A made film's :data:`FilmVerdict`."""
    return film_problem(film), film_cost(film), scandals_in((film,))


# A film's tally: the counts that decide whether it is valid, what it costs and its
# Scandals cards, packed one byte each into an int, so that a film's tally is the sum of
# its cards' (a studio's films hold far fewer than 256 cards). The finish check of a
# listing asks only whether every film is valid: summing looked-up tallies is much
# cheaper than building each film's Placed records and judging them rule by rule.
# :func:`tally_valid` of a film's tally is ``film_problem(film) is None`` (the tests
# check it on random films).
_TALLY_FIELDS = ("cards", "second_team", "scandal", "script", "director", "cast",
                 "animator", "photography", "independent", "staff", "teacher", "icon",
                 "wrong")
_SHIFT = {name: 8 * index for index, name in enumerate(_TALLY_FIELDS)}
TALLY_CARD = 1 << _SHIFT["cards"]
"""The tally of one card with nothing else to count (each card counts itself)."""


def placed_tally(placed: Placed) -> int:
    """The part of a film's tally that ``placed`` adds: the film's tally is the sum of
    its cards' (:func:`tally_valid`, :func:`tally_cost`, :func:`tally_scandals`)."""
    kind, role, icon = placed.kind, placed.role, placed.icon
    green = role in GREEN_ROLES
    counts = {
        "cards": 1,
        "second_team": kind.back == "second_team",
        "scandal": kind.scandal,
        "script": role == "script",
        "director": role == "director",
        "cast": role in CAST_ROLES,
        "animator": green and kind.effect == "animator",
        "photography": green and kind.effect == "director_of_photography",
        "independent": _is_independent(placed),
        "staff": role == "staff",
        "teacher": green and kind.effect == "teacher",
        "icon": bool(icon),
        "wrong": role_error(kind, role) is not None
        or (bool(icon) and (icon not in GENRES or not _takes_icon(placed))),
    }
    return sum(int(count) << _SHIFT[name] for name, count in counts.items())


def _count(tally: int, name: str) -> int:
    return (tally >> _SHIFT[name]) & 0xFF


def tally_valid(tally: int) -> bool:
    """Whether a made film of this tally (the sum of its cards' :func:`placed_tally`)
    breaks no rule: :func:`film_problem`'s rules, counted instead of walked."""
    if _count(tally, "wrong") or _count(tally, "script") != 1 \
            or _count(tally, "director") != 1:
        return False
    cast = _count(tally, "cast")
    if _count(tally, "animator"):
        if cast:
            return False
    elif not cast or cast > (3 if _count(tally, "photography") else 2):
        return False
    if _count(tally, "independent") and _count(tally, "staff"):
        return False
    return _count(tally, "icon") <= _count(tally, "teacher")


def tally_cost(tally: int) -> int:
    """:func:`film_cost` of a film of this tally."""
    return _count(tally, "cards") if _count(tally, "second_team") else 0


def tally_scandals(tally: int) -> int:
    """The Scandals cards of a film of this tally."""
    return _count(tally, "scandal")


def studio_problem(verdicts: Sequence[FilmVerdict | None], obligation: int,
                   money: int) -> tuple[str, int | None] | None:
    """:func:`production_problem` from each film's verdict (None for a film not made),
    for a caller that keeps the verdicts of films it has judged before."""
    cost = scandals = 0
    for number, verdict in enumerate(verdicts):
        if verdict is None:
            continue
        problem, film_costs, film_scandals = verdict
        if problem:
            return problem, number
        cost += film_costs
        scandals += film_scandals
    if scandals < obligation:
        return "scandals", None
    if cost > money:
        return "cost", None
    return None


def scandals_in(films: Sequence[Sequence[Placed]]) -> int:
    """The Scandals cards in a studio's films."""
    return sum(1 for film in films for placed in film if placed.kind.scandal)


def production_error(films: Sequence[Sequence[Placed]], obligation: int,
                     money: int) -> tuple[str, int | None] | None:
    """Stage 5: why a studio's films cannot be finished, with the number of the film at
    fault when one is: a film that breaks a rule, fewer Scandals cards than the
    ``obligation``, or Second-Team Directors the studio's ``money`` cannot pay (the
    reason is :func:`production_problem`'s)."""
    found = production_problem(films, obligation, money)
    if found is None:
        return None
    problem, number = found
    if number is not None:
        error = film_error(films[number])
        assert error is not None
        return error, number
    if problem == "scandals":
        return (f"Hollywood Scandals: your films must hold {obligation} Scandals cards, "
                f"not {scandals_in(films)}", None)
    cost = sum(film_cost(film) for film in films if film)
    return f"Second-Team Director: the films cost {cost} million and you have {money}", None


def title_figurines(film: Sequence[Placed]) -> int:
    """The figurines for the Film of the Year title: all printed figurines, + (Location
    Managers) x (green cards, itself included), + (Singers) x (cards with a coin icon)."""
    printed = green = coin_icons = managers = singers = 0
    for placed in film:
        kind = placed.kind
        printed += kind.figurines
        if kind.kind in _GREEN_KINDS:  # the printed frame: an Editor directing is green
            green += 1
        if kind.coin is not None:
            coin_icons += 1
        if placed.role in GREEN_ROLES:
            managers += kind.effect == "location_manager"
            singers += kind.effect == "singer"
    return printed + managers * green + singers * coin_icons


def countable_figurines(film: Sequence[Placed]) -> int:
    """The figurines that pay at the end of the game: printed figurines of the cards that
    are not title-only (no Publicist, Location Manager, nor Singer bonus)."""
    return sum(placed.kind.figurines for placed in film if not placed.kind.title_only)


# --- The Scandals obligation --------------------------------------------------------------
#
# A valid film is of one of three types: "A" (an Animator, no cast), "N" (a cast without
# Independent cards) or "I" (a cast with at least one Independent card, hence no Special
# Staff). Every card that matters falls in a class (kind, Independent, Scandals, ...), and
# a *plan* fixes the number of films of each type, which of them have a Director of
# Photography (cast limit 3), how many dual cards of each class direct and how many cast
# cards of each class act. An Editor is a dual card for this count: it directs or takes
# one cast place, is Film Crew (so welcome in an Independent film) and never Independent.
# Given those numbers the cards can always be dealt into films (see _build), and the
# Scandals cards placed are a function of them, so the largest number over all plans (a
# few hundred at most, memoized per class profile) is exact.

# Card classes (indices into a profile).
_SCRIPT_S, _SCRIPT_N, _DIRECTOR_S, _DIRECTOR_N = 0, 1, 2, 3
# Dual cards able to direct, Editors included (4-7), and cast cards (8-11), by
# (Independent, Scandals):
# offset 0 = Independent Scandals, 1 = Independent, 2 = Scandals, 3 = neither.
_DUAL, _CAST = 4, 8
_ANIMATOR_S, _ANIMATOR_N = 12, 13
_DOP_STAFF, _DOP_CREW = 14, 15
_GREEN_CREW_S, _GREEN_STAFF_S = 16, 17  # other Scandals green cards (DoPs included)
_GREEN_CREW_N, _GREEN_STAFF_N = 18, 19  # other green cards
_CLASSES = 20
_IS, _IN, _NS, _NN = 0, 1, 2, 3


def _cast_offset(kind: CardKind) -> int:
    independent = kind.effect == "independent"
    return (0 if kind.scandal else 1) if independent else (2 if kind.scandal else 3)


def _class_of(kind: CardKind) -> int | None:
    """The class of a card kind (None: it never goes into a film)."""
    if kind.kind == "script":
        return _SCRIPT_S if kind.scandal else _SCRIPT_N
    if kind.kind == "director":
        return _DIRECTOR_S if kind.scandal else _DIRECTOR_N
    if (kind.kind == "dual" and "director" in kind.roles) or kind.effect == "editor":
        return _DUAL + _cast_offset(kind)
    if kind.kind in ("actor", "actress", "dual"):
        return _CAST + _cast_offset(kind)
    if kind.kind in ("crew", "staff"):
        staff = kind.kind == "staff"
        if kind.effect == "animator":
            return _ANIMATOR_S if kind.scandal else _ANIMATOR_N
        if kind.effect == "director_of_photography":
            return _DOP_STAFF if staff else _DOP_CREW
        if kind.scandal:
            return _GREEN_STAFF_S if staff else _GREEN_CREW_S
        return _GREEN_STAFF_N if staff else _GREEN_CREW_N
    return None


@attrs.frozen(slots=True)
class _Plan:
    """The numbers that fix an arrangement's shape and its Scandals cards."""

    a: int  # Animator films
    n: int  # cast films without Independent cards
    i: int  # cast films with Independent cards
    n3: int  # N films with a Director of Photography
    i3: int  # I films with a (Film Crew) Director of Photography
    scripts_s: int  # Scandals scripts used
    directors_s: int  # Scandals pure directors used
    duals: tuple[int, ...]  # dual cards directing, per cast offset
    cast: tuple[int, ...]  # cast cards acting, per cast offset
    scandals: int  # Scandals cards placed

    @property
    def films(self) -> int:
        return self.a + self.n + self.i


def _profile(cards: Sequence[CardKind]) -> tuple[int, ...]:
    """The class counts of ``cards``, each capped where more cards change nothing (the
    key of the memo): three films take at most 3 scripts, directors, dual directors,
    Animators and DoPs, 9 cast cards of a kind that must be placed, 3 other cast cards;
    green cards without Scandals never matter."""
    counts = [0] * _CLASSES
    for kind in cards:
        cls = _class_of(kind)
        if cls is not None:
            counts[cls] += 1
            if kind.scandal and kind.effect == "director_of_photography":
                # A Scandals DoP is also a Scandals green card of its kind.
                counts[_GREEN_STAFF_S if kind.kind == "staff" else _GREEN_CREW_S] += 1
    for offset in range(4):  # dual cards past three can only act
        extra = max(0, counts[_DUAL + offset] - _MAX_FILMS)
        counts[_DUAL + offset] -= extra
        counts[_CAST + offset] += extra
    for cls, cap in _CAPS:
        counts[cls] = min(counts[cls], cap)
    return tuple(counts)


_CAPS: tuple[tuple[int, int], ...] = (
    (_SCRIPT_S, 3), (_SCRIPT_N, 3), (_DIRECTOR_S, 3), (_DIRECTOR_N, 3),
    (_CAST + _IS, 9), (_CAST + _IN, 3), (_CAST + _NS, 9), (_CAST + _NN, 3),
    (_ANIMATOR_N, 3), (_DOP_STAFF, 3), (_DOP_CREW, 3), (_GREEN_CREW_N, 0),
    (_GREEN_STAFF_N, 0))


def _best_cast(i: int, n: int, cap_i: int, cap_n: int,
               pool: Sequence[int]) -> tuple[int, int, int, int] | None:
    """The cast cards (per offset) that place the most Scandals cards in ``i`` I films
    and ``n`` N films of total capacities ``cap_i`` and ``cap_n``, using as few other
    cast cards as possible (None: no cast fills them)."""
    best: tuple[int, int, int, int] | None = None
    best_value = -1
    for x_in in range(min(pool[_IN], i) + 1):
        x_is = min(pool[_IS], cap_i - x_in)
        if x_is + x_in < i:
            continue
        for x_nn in range(min(pool[_NN], n) + 1):
            x_ns = min(pool[_NS], cap_i + cap_n - x_is - x_in - x_nn)
            if x_ns + x_nn < n:
                continue
            if x_is + x_ns > best_value:
                best_value = x_is + x_ns
                best = (x_is, x_in, x_ns, x_nn)
    return best


@lru_cache(maxsize=8192)
def _plans(profile: tuple[int, ...]) -> tuple[int, tuple[_Plan, ...]]:
    """The obligation O of a class profile and every plan reaching it."""
    p = profile
    scripts = p[_SCRIPT_S] + p[_SCRIPT_N]
    directors = p[_DIRECTOR_S] + p[_DIRECTOR_N]
    animators = p[_ANIMATOR_S] + p[_ANIMATOR_N]
    dops = p[_DOP_STAFF] + p[_DOP_CREW]
    dual_counts = p[_DUAL:_DUAL + 4]
    cast_counts = p[_CAST:_CAST + 4]
    best = 0
    plans: list[_Plan] = []
    for films in range(min(_MAX_FILMS, scripts) + 1):
        scripts_s = min(p[_SCRIPT_S], films)
        allocations = [alloc for alloc in itertools.product(
            *(range(min(c, films) + 1) for c in dual_counts))
            if sum(alloc) <= films and directors + sum(alloc) >= films]
        for a in range(min(films, animators) + 1):
            for i in range(films - a + 1):
                n = films - a - i
                green = ((p[_ANIMATOR_S] if a else 0) + (p[_GREEN_CREW_S] if films else 0)
                         + (p[_GREEN_STAFF_S] if a + n else 0))
                for i3 in range(min(i, p[_DOP_CREW]) + 1):
                    n3 = min(n, dops - i3)
                    for alloc in allocations:
                        directors_s = min(p[_DIRECTOR_S], films - sum(alloc))
                        pool = [c + d - k for c, d, k
                                in zip(cast_counts, dual_counts, alloc, strict=True)]
                        cast = _best_cast(i, n, 2 * i + i3, 2 * n + n3, pool)
                        if cast is None:
                            continue
                        scandals = (scripts_s + directors_s + alloc[_IS] + alloc[_NS]
                                    + cast[_IS] + cast[_NS] + green)
                        if scandals < best:
                            continue
                        if scandals > best:
                            best, plans = scandals, []
                        plans.append(_Plan(
                            a=a, n=n, i=i, n3=n3, i3=i3, scripts_s=scripts_s,
                            directors_s=directors_s, duals=alloc,
                            cast=cast, scandals=scandals))
    return best, tuple(plans)


def scandal_obligation(cards: Sequence[CardKind]) -> int:
    """O: the largest number of Scandals cards that valid films (at most three) could
    hold using only ``cards``.

    Exact and fast: the cards are counted by class and O is the best of a few hundred
    film shapes at most, memoized per class profile.

    >>> from partyrules.games.hollywood.cards import DEFAULT_CARD_DATA
    >>> by_name = {kind.name: kind for kind in DEFAULT_CARD_DATA}
    >>> hand = [by_name[name] for name in ("Action Script", "Tabloid Director",
    ...         "Independent Film Actor (Comedy)", "Paparazzo", "Animator")]
    >>> scandal_obligation(hand)      # Tabloid, Independent, Paparazzo; not the Animator
    3
    """
    if not any(kind.scandal for kind in cards):
        return 0
    return _plans(_profile(cards))[0]


def _take(pool: list[int], count: int) -> list[int]:
    taken = pool[:count]
    del pool[:count]
    return taken


def plan_films(cards: Sequence[CardKind], rng: random.Random | None = None,
               ) -> tuple[tuple[tuple[int, str], ...], ...]:
    """A valid arrangement of ``cards``: up to three films, each a tuple of (index into
    ``cards``, role), holding exactly :func:`scandal_obligation` Scandals cards; the
    unused indices stay in the hand.

    Without ``rng`` the plan is deterministic: as many films as possible, then the
    fewest Animator films; the other green cards without a negative coin and the spare
    cast cards without Scandals join the films. With ``rng`` the shape, the cards and
    the extras vary.

    >>> from partyrules.games.hollywood.cards import DEFAULT_CARD_DATA
    >>> by_name = {kind.name: kind for kind in DEFAULT_CARD_DATA}
    >>> hand = [by_name[name] for name in ("Action Script", "Tabloid Director",
    ...         "Comedy Actor", "Stuntman", "Paparazzo")]
    >>> plan_films(hand)
    (((0, 'script'), (1, 'director'), (2, 'actor'), (3, 'crew'), (4, 'crew')),)
    """
    _, plans = _plans(_profile(cards))
    if rng is None:
        plan = max(plans, key=lambda p: (p.films, -p.a))
    else:
        plan = rng.choices(plans, weights=[(p.films + 1) ** 2 for p in plans])[0]
    return _build(cards, plan, rng)


def _pick(films: Sequence[int], rng: random.Random | None) -> int:
    return films[0] if rng is None else rng.choice(films)


def natural_role(kind: CardKind) -> str:
    """The role a card plays in a film (a dual card or an Editor: its first role)."""
    choices = role_choices(kind)
    if choices:
        return choices[0]
    return _NATURAL_ROLE[kind.kind]


def _build(cards: Sequence[CardKind], plan: _Plan, rng: random.Random | None,
           ) -> tuple[tuple[tuple[int, str], ...], ...]:
    """Deal ``cards`` into films of the shape ``plan``."""
    pools: list[list[int]] = [[] for _ in range(_CLASSES)]
    for index, kind in enumerate(cards):
        cls = _class_of(kind)
        if cls is not None:
            pools[cls].append(index)
    if rng is not None:
        for pool in pools:
            rng.shuffle(pool)
    types = ["A"] * plan.a + ["N"] * plan.n + ["I"] * plan.i
    if rng is not None:
        rng.shuffle(types)
    count = len(types)
    films: list[list[tuple[int, str]]] = [[] for _ in types]
    caps = [0 if kind == "A" else 2 for kind in types]
    cast_size = [0] * count
    a_films = [f for f, kind in enumerate(types) if kind == "A"]
    n_films = [f for f, kind in enumerate(types) if kind == "N"]
    i_films = [f for f, kind in enumerate(types) if kind == "I"]
    cast_films = [f for f, kind in enumerate(types) if kind != "A"]
    staff_films = [f for f, kind in enumerate(types) if kind != "I"]

    used: set[int] = set()

    def add(f: int, index: int) -> None:
        films[f].append((index, natural_role(cards[index])))
        used.add(index)

    def add_cast(f: int, index: int) -> None:
        kind = cards[index]
        role: str = kind.kind
        choices = role_choices(kind)
        if choices:
            roles = [r for r in choices if r in CAST_ROLES]
            role = roles[0] if rng is None else rng.choice(roles)
        films[f].append((index, role))
        used.add(index)
        cast_size[f] += 1

    # Scripts and directors, one per film.
    scripts = (_take(pools[_SCRIPT_S], plan.scripts_s)
               + _take(pools[_SCRIPT_N], count - plan.scripts_s))
    directors = [index for offset in range(4)
                 for index in _take(pools[_DUAL + offset], plan.duals[offset])]
    directors += _take(pools[_DIRECTOR_S], plan.directors_s)
    directors += _take(pools[_DIRECTOR_N], count - len(directors))
    if rng is not None:
        rng.shuffle(scripts)
        rng.shuffle(directors)
    for f, (script, director) in enumerate(zip(scripts, directors, strict=True)):
        films[f] += [(script, "script"), (director, "director")]
        used.update((script, director))
    # Directors of Photography: i3 I films get Film Crew ones, n3 N films any.
    for f in i_films[:plan.i3]:
        add(f, _take(pools[_DOP_CREW], 1)[0])
        caps[f] = 3
    for f in n_films[:plan.n3]:
        add(f, _take(pools[_DOP_STAFF] or pools[_DOP_CREW], 1)[0])
        caps[f] = 3
    # Cast: the dual cards not directing join the cast pools; one per film first.
    spare = [pools[_CAST + o] + pools[_DUAL + o] for o in range(4)]
    chosen = [_take(spare[o], plan.cast[o]) for o in range(4)]
    independent = chosen[_IS] + chosen[_IN]
    other = chosen[_NS] + chosen[_NN]
    if rng is not None:
        rng.shuffle(independent)
        rng.shuffle(other)
    for f in i_films:
        add_cast(f, independent.pop())
    for f in n_films:
        add_cast(f, other.pop())
    for index in independent:
        add_cast(next(f for f in i_films if cast_size[f] < caps[f]), index)
    for index in other:
        add_cast(next(f for f in cast_films if cast_size[f] < caps[f]), index)
    # Animators: one per A film, then the other Scandals ones.
    if a_films:
        animators = pools[_ANIMATOR_S] + pools[_ANIMATOR_N]
        for f in a_films:
            add(f, animators.pop(0))
        for index in animators:
            if cards[index].scandal or (rng is not None and rng.random() < 0.3):
                add(_pick(a_films, rng), index)
    # The other Scandals green cards (and unused Scandals DoPs) wherever allowed; an
    # Editor is never plain crew, and the plan already counts the ones it places.
    for index, kind in enumerate(cards):
        if kind.scandal and kind.kind in ("crew", "staff") \
                and kind.effect not in ("animator", "editor") and index not in used:
            allowed = staff_films if kind.kind == "staff" else list(range(count))
            if allowed:
                add(_pick(allowed, rng), index)
    # Extras: the other green cards, then the spare cast cards without Scandals.
    extras = sorted(i for cls in (_GREEN_CREW_N, _GREEN_STAFF_N, _DOP_STAFF, _DOP_CREW)
                    for i in pools[cls] if not cards[i].scandal)
    for index in extras:
        kind = cards[index]
        allowed = staff_films if kind.kind == "staff" else list(range(count))
        if not allowed:
            continue
        if rng is None:
            if kind.coin is not None and kind.coin < 0:
                continue
            f = min(allowed, key=lambda f: len(films[f]))
        elif rng.random() < 0.7:
            f = rng.choice(allowed)
        else:
            continue
        add(f, index)
        if kind.effect == "director_of_photography" and types[f] != "A":
            caps[f] = 3
    for offset, targets in ((_NN, cast_films), (_IN, i_films)):
        for index in sorted(spare[offset]):
            room = [f for f in targets if cast_size[f] < caps[f]]
            if not room:
                continue
            if rng is None:
                if (cards[index].coin or 0) >= 0:
                    add_cast(room[0], index)
            elif rng.random() < 0.6:
                add_cast(rng.choice(room), index)
    return tuple(tuple(sorted(film)) for film in films)
