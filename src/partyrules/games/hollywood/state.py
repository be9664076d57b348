"""Config, state and view records of Hollywood and its Season of Festivals expansions.

Cards are the instance ids of :func:`partyrules.games.hollywood.cards.deck_of`. A
production year runs Stage 1 (star distribution), Stage 2 (the draft), Stage 3 (the
auction), Stage 4 (Crew Activities), Stage 5 (Movie Production), then the automatic
Box Office Tally, Film of the Year and year end. The phase record says who acts.
:data:`evolve` is the fast update every effect builds the next state with; the checks of
a loaded state or view are :mod:`~partyrules.games.hollywood.integrity`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache, lru_cache
from typing import Any, Literal

import attrs

from partyrules.core.config import ConfigRecord
from partyrules.core.errors import InvalidConfig
from partyrules.core.records import fast_evolve, fast_new, fast_replace
from partyrules.core.rng import Rng
from partyrules.games.hollywood.cards import (
    DEFAULT_CARD_DATA,
    CardKind,
    Deck,
    check_card_data,
    deck_of,
)

__all__ = [
    "BID_CARDS",
    "MAX_WORTHLESS",
    "PRESETS",
    "STAGES",
    "STARTING_MONEY",
    "YEARS",
    "Answering",
    "Bidding",
    "Config",
    "CrewPlanning",
    "CrewTurn",
    "DistributorBids",
    "Drafting",
    "FilmCheck",
    "FilmReport",
    "Note",
    "Over",
    "Phase",
    "PlacedBid",
    "Play",
    "Producing",
    "Slot",
    "StarDistribution",
    "State",
    "Studio",
    "StudioCheck",
    "Trophy",
    "View",
    "YearReport",
    "auction_lots",
    "component_data",
    "components",
    "evolve",
    "new_drafting",
    "new_producing",
    "new_studio",
    "with_phase",
]

STARTING_MONEY = 12
"""Setup: every studio starts with 12 million."""
BID_CARDS: frozenset[int] = frozenset(range(5))
"""Setup: every seat's bid cards 0 to 4."""
MAX_WORTHLESS = 3
"""Stage 5: at most 3 Worthless Scripts per seat per year."""
YEARS = 3
"""A game lasts three production years."""
STAGES: tuple[str, ...] = (
    "distributor_bids", "star_distribution", "draft", "auction", "crew_turn",
    "crew_planning", "answering", "production", "over")
"""Where the game stands, as a view tells it (``View.stage``): one name per phase record,
``DistributorBids`` ... ``Over``, in order."""


def auction_lots(players: int) -> int:
    """Stage 3: the number of auction lots, 1..N face up and N+1 the face-down top star
    card; with 2 players there is no face-down lot (a year uses 4 star cards)."""
    return players if players == 2 else players + 1


def _check_config(config: Config) -> None:
    players = config.players
    if type(players) is not int or not 2 <= players <= 6:
        raise InvalidConfig(f"Hollywood is for 2 to 6 players, not {players!r}", "players")
    for name in ("awards", "scandals", "festivals", "distributor_auction"):
        if type(getattr(config, name)) is not bool:
            raise InvalidConfig(f"{name} must be true or false", name)
    first = config.first_distributor
    if first is not None and (type(first) is not int or not 0 <= first < players):
        raise InvalidConfig(f"first_distributor must be a seat from 0 to {players - 1} or "
                            f"null, not {first!r}", "first_distributor")
    if first is not None and config.distributor_auction:
        raise InvalidConfig("distributor_auction picks the first distributor: leave "
                            "first_distributor null", "distributor_auction")
    if config.card_data is None:
        _check_default_card_data(players, config.expansions())
    else:
        check_card_data(config.card_data, players, config.expansions())


@cache
def _check_default_card_data(players: int, expansions: tuple[str, ...]) -> None:
    # The shipped list is the same for every config: check it once per table size and
    # set of expansions, not at every load of a state.
    check_card_data(DEFAULT_CARD_DATA, players, expansions)


@attrs.frozen(slots=True, cache_hash=True)
class Config(ConfigRecord):
    """A game of Hollywood: 2 to 6 players, the three mini-expansions in any
    combination, the first distributor (None: drawn from the seed, or auctioned with
    ``distributor_auction``) and the card list (None: ``data/cards.json``).

    >>> Config(players=4, awards=True).expansions()
    ('awards',)
    >>> Config(players=7)
    Traceback (most recent call last):
    ...
    partyrules.core.errors.InvalidConfig: Hollywood is for 2 to 6 players, not 7
    """

    players: int
    awards: bool = False
    """Hollywood Awards: 14 main cards, 11 star cards, 6 Second-Team Directors."""
    scandals: bool = False
    """Hollywood Scandals: 10 cards in the basic deck; hidden, simultaneous Stage 4."""
    festivals: bool = False
    """International Film Festivals: a Festival card rules each production year."""
    first_distributor: int | None = None
    distributor_auction: bool = False
    """The advanced rule (R): the seats bid for the first distribution."""
    card_data: tuple[CardKind, ...] | None = None

    def __attrs_post_init__(self) -> None:
        _check_config(self)

    def expansions(self) -> tuple[str, ...]:
        """The mini-expansions in play, in the rulebook's order."""
        return tuple(name for name, on in (("awards", self.awards),
                                           ("scandals", self.scandals),
                                           ("festivals", self.festivals)) if on)

    def data(self) -> tuple[CardKind, ...]:
        """The card list in use."""
        return DEFAULT_CARD_DATA if self.card_data is None else self.card_data

    def deck(self) -> Deck:
        """Every card instance of the card list, by id."""
        if _LAST_DECK and _LAST_DECK[0][0] is self:  # the hot path: one game asks again
            return _LAST_DECK[0][1]
        deck = _deck(self)
        _LAST_DECK[:] = [(self, deck)]
        return deck


_LAST_DECK: list[tuple[Config, Deck]] = []
"""A one-entry identity cache in front of :func:`_deck` (a cache only: no state)."""


@lru_cache(maxsize=64)
def _deck(config: Config) -> Deck:
    return deck_of(config.data())


@lru_cache(maxsize=64)
def components(config: Config) -> tuple[tuple[int, ...], ...]:
    """The ids in play by back: ``(basic, star, worthless, second_team, festival)``."""
    deck = config.deck()
    chosen = ("base", *config.expansions())
    return tuple(deck.ids(back, *chosen) for back in
                 ("basic", "star", "worthless", "second_team", "festival"))


# -- records of the year ---------------------------------------------------------------------


@attrs.frozen(slots=True)
class Note:
    """A line of a seat's private log of the year: ``what`` happened to ``card`` with
    ``other`` (``star_given``, ``star_received``, ``hidden_lot``, ``gave``,
    ``received``)."""

    what: Literal["star_given", "star_received", "hidden_lot", "gave", "received"]
    card: int
    other: int
    """The other seat (-1 for a hidden lot)."""


@attrs.frozen(slots=True)
class Play:
    """A Stage 4 play: ``owner`` plays ``card`` against ``target`` naming a type."""

    owner: int
    card: int
    target: int = -1
    named: str = ""
    result: Literal["", "gave", "paid", "none", "scandal"] = ""
    """Once resolved: ``gave``, ``paid``, ``none`` or ``scandal``."""


@attrs.frozen(slots=True)
class PlacedBid:
    """Stage 3: a bid card on a lot (lot N+1 is the face-down star card, from 3 players
    on)."""

    lot: int
    value: int


@attrs.frozen(slots=True, cache_hash=True)
class Slot:
    """A card in a film: the role it plays and a Teacher's virtual icon on it (its hash
    is kept: Stage 5 judges each film once, looked up by its slots)."""

    card: int
    role: str
    icon: str = ""


@attrs.frozen(slots=True)
class Studio:
    """One seat's Stage 5: its hand, three films, discards, supply takes, the Teacher
    icons, its move count, the cards it began with and whether it finished. Supply cards
    taken are tokens (``-1``..``-3`` Worthless Scripts, ``-4`` the Second-Team Director)
    until the reveal gives them ids."""

    hand: tuple[int, ...]
    films: tuple[tuple[Slot, ...], ...]
    discards: tuple[int, ...]
    worthless: int
    second_team: int
    moves: int
    start: tuple[int, ...]
    obligation: int
    """O: the Scandals cards its films must hold."""
    taught: tuple[tuple[int, int], ...]
    """``(teacher, card)``: icons issued (cleared when either card moves)."""
    finished: bool


@attrs.frozen(slots=True)
class FilmReport:
    """A revealed film: its cards, box office breakdown, cost and figurines."""

    seat: int
    film: int
    slots: tuple[Slot, ...]
    coins: int
    genre: int
    sound: int
    """The Sound Engineers' item, added with the genre bonus."""
    duo: int
    choreography: int
    critic: int
    festival: int
    box_office: int
    cost: int
    title: int
    countable: int


@attrs.frozen(slots=True)
class YearReport:
    """The public results of a year: every film, what each seat discarded and took,
    the bids and plays revealed, and the Film of the Year."""

    year: int
    films: tuple[FilmReport, ...]
    film_of_the_year: tuple[int, int] | None
    """``(seat, film)``, or None when nobody won the title."""
    discards: tuple[tuple[int, ...], ...] = ()
    """Per seat, the cards it discarded for supply cards in Stage 5."""
    takes: tuple[tuple[int, int], ...] = ()
    """Per seat, ``(Worthless Scripts, Second-Team Directors)`` taken in Stage 5."""


@attrs.frozen(slots=True)
class Trophy:
    """A Film of the Year, kept face up before its owner to the end."""

    year: int
    cards: tuple[int, ...]
    countable: int


@attrs.frozen(slots=True)
class FilmCheck:
    """Stage 5: one of the viewer's films as the rules see it, before the reveal."""

    problem: str
    """"": a valid film; else the first rule it breaks, a code of
    :func:`~partyrules.games.hollywood.films.film_problem` (``"empty"``: no film)."""
    box_office: int
    """Its Stage 6 box office as its cards stand (the year's Festival card included)."""
    cost: int
    """What it costs before the tally (a Second-Team Director's film)."""
    title: int
    """Its title figurines for the Film of the Year (Stage 7)."""


@attrs.frozen(slots=True)
class StudioCheck:
    """Stage 5: what the rules say of the viewer's studio, for its screen: each film, and
    why it may not finish yet."""

    films: tuple[FilmCheck, ...]
    problem: str
    """"": ``FinishProduction`` is allowed; else
    :func:`~partyrules.games.hollywood.films.production_problem`'s code."""
    problem_film: int | None
    """The film at fault (None: the studio as a whole, or no problem)."""
    scandals: int
    """The Scandals cards in its films (the studio's ``obligation`` is what they must
    reach)."""
    cost: int
    """What its films cost before the tally, against its money."""


# -- phases -------------------------------------------------------------------------------------


@attrs.frozen(slots=True)
class DistributorBids:
    """Setup (R, the advanced rule): every seat bids a bid card for the first
    distribution, at once."""

    bids: tuple[int | None, ...]


@attrs.frozen(slots=True)
class StarDistribution:
    """Stage 1: the distributor hands its drawn star cards out, one per seat."""

    stars: tuple[int, ...]
    served: frozenset[int]


@attrs.frozen(slots=True)
class Drafting:
    """Stage 2: every seat picks a card of its packet at once."""

    picks: tuple[int | None, ...]


@attrs.frozen(slots=True)
class Bidding:
    """Stage 3: every seat bids on a lot at once."""

    bids: tuple[PlacedBid | None, ...]


@attrs.frozen(slots=True)
class CrewTurn:
    """Stage 4 without Scandals: one clockwise round from the distributor; ``seat``
    plays (``building`` the play in progress) or ends; ``left`` seats follow it."""

    seat: int
    left: int
    building: Play | None


@attrs.frozen(slots=True)
class CrewPlanning:
    """Stage 4 with Scandals: every seat places hidden plays, then ends."""

    plans: tuple[tuple[Play, ...], ...]
    building: tuple[Play | None, ...]
    ended: frozenset[int]


@attrs.frozen(slots=True)
class Answering:
    """Stage 4: the target of the first play of ``queue`` gives a card (or pays, against
    a Lawyer); then the rest of the queue; then the round goes on (``then``)."""

    queue: tuple[Play, ...]
    then: CrewTurn | None


@attrs.frozen(slots=True)
class Producing:
    """Stage 5: every seat arranges its films at once, hidden until all finish."""

    studios: tuple[Studio, ...]


@attrs.frozen(slots=True)
class Over:
    """The game is over."""

    reason: Literal["most_money", "films_of_the_year", "shared"]
    winners: frozenset[int]


Phase = (DistributorBids | StarDistribution | Drafting | Bidding | CrewTurn | CrewPlanning
         | Answering | Producing | Over)


@attrs.frozen(slots=True)
class State:
    """The whole game."""

    config: Config
    rng: Rng
    year: int
    distributor: int
    money: tuple[int, ...]
    bid_cards: tuple[frozenset[int], ...]
    """Per seat, its unspent bid cards."""
    basic: tuple[int, ...]
    """The basic deck, top first."""
    star: tuple[int, ...]
    """The star deck, top first (its top card is auction lot N+1 from 3 players on)."""
    festivals: tuple[int, ...]
    festival: int | None
    """This year's Festival card (public)."""
    discard: tuple[int, ...]
    """The common discard pile (face up)."""
    box: tuple[int, ...]
    """Cards out of the game unseen (the 2-player cut)."""
    worthless: tuple[int, ...]
    second_team: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    packets: tuple[tuple[int, ...], ...]
    """Stage 2: per seat, the packet it picks from."""
    lots: tuple[int | None, ...]
    """Stage 3: the face-up lots 1..N (None: empty)."""
    set_aside: tuple[tuple[int, ...], ...]
    """Stage 4: cards given to each seat, joining its hand when the stage ends."""
    plays: tuple[Play, ...]
    """Stage 4 plays of the year, once revealed."""
    revealed_bids: tuple[PlacedBid | None, ...]
    """Stage 3 bids of the year, once revealed."""
    trophies: tuple[tuple[Trophy, ...], ...]
    log: tuple[tuple[Note, ...], ...]
    """Per seat, its private log of the year."""
    report: YearReport | None
    """The last year's public results."""
    phase: Phase


evolve: Callable[[State, Mapping[str, Any]], State] = fast_evolve(State)
"""``evolve(state, changes)``: ``state`` with ``changes`` (field name to value), as
``attrs.evolve`` gives, built once for the reducer's hot path
(:func:`partyrules.core.records.fast_evolve`)."""


with_phase: Callable[[State, Phase], State] = fast_replace(State, "phase")
"""``with_phase(state, phase)``: ``evolve(state, {"phase": phase})`` without the
mapping, for the moves of a simultaneous step, which change the phase alone."""
new_studio: Callable[[tuple[int, ...], tuple[tuple[Slot, ...], ...], tuple[int, ...], int,
                      int, int, tuple[int, ...], int, tuple[tuple[int, int], ...], bool],
                     Studio] = fast_new(Studio)
"""``Studio(...)`` with the same arguments, by position, built slot by slot (a Stage 5
move builds one)."""
new_producing: Callable[[tuple[Studio, ...]], Producing] = fast_new(Producing)
"""``Producing(studios)``, built slot by slot."""
new_drafting: Callable[[tuple[int | None, ...]], Drafting] = fast_new(Drafting)
"""``Drafting(picks)``, built slot by slot."""


@attrs.frozen(slots=True)
class View:
    """What one seat knows (``seat`` None: a spectator)."""

    seat: int | None
    config: Config
    to_act: frozenset[int]
    year: int
    distributor: int
    money: tuple[int, ...]
    bid_cards: tuple[frozenset[int], ...]
    basic_size: int
    star_size: int
    festivals_size: int
    festival: int | None
    discard: tuple[int, ...]
    worthless_size: int
    second_team_size: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    packet: tuple[int, ...]
    packet_sizes: tuple[int, ...]
    stars: tuple[int, ...]
    """Stage 1: the distributor's drawn stars (to the distributor only)."""
    lots: tuple[int | None, ...]
    set_aside: tuple[int, ...]
    set_aside_sizes: tuple[int, ...]
    plays: tuple[Play, ...]
    own_plays: tuple[Play, ...]
    building: Play | None
    revealed_bids: tuple[PlacedBid | None, ...]
    own_bid: PlacedBid | None
    own_pick: int | None
    studio: Studio | None
    done: frozenset[int]
    """Who has picked, bid, ended or finished in the current simultaneous step."""
    queue: tuple[Play, ...]
    crew_seat: int | None
    trophies: tuple[tuple[Trophy, ...], ...]
    log: tuple[Note, ...]
    report: YearReport | None
    over: Over | None
    stage: str
    """Where the game stands, one of :data:`STAGES` (public)."""
    check: StudioCheck | None
    """Stage 5: what the rules say of the viewer's own films (None: no studio)."""


def component_data(config: Config) -> tuple[CardKind, ...]:
    """The card list a config plays with (a replay records its digest)."""
    return config.data()


PRESETS: Mapping[str, Config] = {
    "tiny": Config(players=2),
}
"""Configs for a purpose (``Game.presets``). ``"tiny"``, for solvers that walk the game
tree: 2 players and the basic deck, no mini-expansion (the rules fix the three years,
the packets of 7 and the draft, so the game cannot be cut shorter)."""
