"""The Game contract every game honours, the :class:`Outcome` record and the registry.

A game is a declarative :class:`Game` record (each package's ``GAME``) of its types
and rule functions. Callers reach games by name:

>>> import partyrules
>>> game = partyrules.get_game("dinner")
>>> state = game.setup(game.Config(players=4), seed=7)
>>> sorted(game.to_act(state))
[0]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterator, Mapping
from types import MappingProxyType, ModuleType
from typing import Any, Generic, Protocol, TypeVar

import attrs

from partyrules.core.encoding import Encoding
from partyrules.core.errors import UnknownGame
from partyrules.core.i18n import DEFAULT_LANGUAGE, Catalogue
from partyrules.core.rng import uniform_index

__all__ = [
    "CONTRACT",
    "FREE_TEXT",
    "GAMES",
    "ONLY_CONTRACT",
    "TABLE",
    "TABLE_RATE",
    "DescribeAction",
    "Game",
    "GameLayoutError",
    "Outcome",
    "Presentation",
    "Property",
    "Search",
    "Timer",
    "free_text_fields",
    "game_from_modules",
    "get_game",
    "random_actor",
    "register",
    "standing",
    "text_field",
]

TABLE = -1
"""The pseudo-seat that acts for the whole table (a time-up call, a ruling on a breach)."""

C = TypeVar("C")
S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")
S_contra = TypeVar("S_contra", contravariant=True)
A_contra = TypeVar("A_contra", contravariant=True)


class DescribeAction(Protocol[S_contra, A_contra]):
    """A game's narration: one readable line saying what ``action`` does in ``state``,
    as ``viewer`` may know it (``None``: what the whole table sees), in ``language``
    (:data:`partyrules.core.i18n.LANGUAGES`)."""

    def __call__(self, state: S_contra, action: A_contra, viewer: int | None = None,
                 language: str = DEFAULT_LANGUAGE) -> str:
        """The line."""
        ...


def _read_only(sentences: Mapping[str, str]) -> Mapping[str, str]:
    """A declaration's table of sentences, frozen as the record that holds it."""
    return MappingProxyType(dict(sentences))


def _read_only_presets(presets: Mapping[str, Any]) -> Mapping[str, Any]:
    """A game's presets, frozen as the record that holds them."""
    return MappingProxyType(dict(presets))


def _read_only_lists(lists: Mapping[str, tuple[str, ...]]) -> Mapping[str, tuple[str, ...]]:
    """A declaration's named lists of words, frozen as the record that holds them."""
    return MappingProxyType({name: tuple(words) for name, words in lists.items()})


@attrs.frozen(slots=True, kw_only=True)
class Presentation:
    """What a game shows and says to people beyond its rules: its messages, its web
    board and the sentences a screen needs (declared in the game's ``views`` module as
    ``PRESENTATION``).

    The board is a script of the game's package (``board``), which registers itself
    with the web table's ``PartyTable.register`` and draws the game's view; the server
    serves it at ``/games/<name>/board.js`` and names no game.
    """

    catalogue: Catalogue
    """The game's gettext catalogue (its ``locale`` folder): narration and board."""
    how_to_play: tuple[str, ...]
    """A short summary of the game for its web page, paragraph by paragraph, in English
    (each translated through ``catalogue``)."""
    reasons: Mapping[str, str] = attrs.field(converter=_read_only)
    """Each ``Outcome.reason`` the game gives, as a sentence in English (translated
    through ``catalogue``)."""
    action_names: Mapping[str, str] = attrs.field(factory=dict, converter=_read_only)
    """Each action class's name (``"Invite"``) as people call the move, in English
    (``"Seat a guest"``; translated through ``catalogue``): the heading of its buttons."""
    prompts: Mapping[str, str] = attrs.field(factory=dict, converter=_read_only)
    """What to write in each free-text field, keyed ``"Class.field"``
    (``"Propose.story"``), in English with the rulebook's example where it has one;
    the text box's label."""
    options: Mapping[str, str] = attrs.field(factory=dict, converter=_read_only)
    """Each config field (``"no_screen_tables"``) as a plain sentence for a table's
    creator, in English (``"Leave out tables based on movie castings or TV shows"``)."""
    words: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict,
                                                       converter=_read_only_lists)
    """Named lists of the game's own words that its board shows by number, in English
    (translated through ``catalogue``), e.g. ``{"memory": ("A melting clock", ...)}`` for
    Dany's wordless Memory cards: the board reads them from the table it is given, in
    its page's language, rather than keeping a copy."""
    board: str | None = "web/board.js"
    """The board script, a file of the game's package; None: the generic page only."""
    board_style: str | None = None
    """The board's style sheet, a file of the game's package, or None."""

    def gettext(self, language: str, message: str) -> str:
        """``message`` in ``language`` through the game's catalogue."""
        return self.catalogue.gettext(language, message)

    def translated(self, sentences: Mapping[str, str], language: str) -> dict[str, str]:
        """``sentences`` (one of the mappings above) with each value in ``language``.

        >>> import partyrules
        >>> shown = partyrules.get_game("dinner").presentation
        >>> shown.translated({"x": "Seat {seat}"}, "en")
        {'x': 'Seat {seat}'}
        """
        return {key: self.catalogue.gettext(language, sentence)
                for key, sentence in sentences.items()}

    def translated_words(self, language: str) -> dict[str, list[str]]:
        """:attr:`words` in ``language``, each list as a JSON array."""
        return {name: [self.catalogue.gettext(language, word) for word in listed]
                for name, listed in self.words.items()}

    def explain(self, reason: str, language: str = DEFAULT_LANGUAGE) -> str:
        """The sentence for an outcome's ``reason`` in ``language`` (the identifier,
        made readable, for a reason the game did not list)."""
        sentence = self.reasons.get(reason)
        if sentence is None:
            return reason.replace("_", " ")
        return self.catalogue.gettext(language, sentence)


@attrs.frozen(slots=True)
class Outcome:
    """How a finished game ended.

    ``winners`` are the winning seats (ties share the win), ``scores`` the final score
    per seat where the game keeps score, ``reason`` the rule that ended the game, and
    ``truncated`` whether that rule cut the game short rather than decided it (a turn
    limit a config sets): learners read such an end as a truncation, not a result.
    """

    winners: frozenset[int]
    scores: tuple[int, ...] | None
    reason: str
    truncated: bool = False


@attrs.frozen(slots=True)
class Property(Generic[S]):
    """A rule-level truth every state of a game keeps, beyond ``validate``'s structure:
    e.g. "the scores are the sum of the points of the tables". The explorer
    (:mod:`partyrules.core.verify`) checks each one at every state it visits.

    >>> even = Property("even", "the counter is even", lambda n: n % 2 == 0)
    >>> even.holds(4), even.holds(3)
    (True, False)
    """

    name: str
    """A short id, reported with a violation."""
    description: str
    """The truth in words, as the game's page states it."""
    holds: Callable[[S], bool]
    """True when the state keeps it."""


FREE_TEXT = "partyrules.free_text"
"""attrs metadata key marking an action field as free text (a story, a clue, a guess)."""


def text_field(default: Any = attrs.NOTHING) -> Any:
    """An attrs field holding free text (a string, or a tuple of words): ``apply``
    accepts any text there.

    ``legal_actions`` yields representative texts for it, and the test kit treats it as
    a wildcard when comparing actions.
    """
    return attrs.field(default=default, metadata={FREE_TEXT: True})


def free_text_fields(cls: type) -> tuple[str, ...]:
    """The names of the free-text fields of an action class."""
    return tuple(f.name for f in attrs.fields(cls) if f.metadata.get(FREE_TEXT))


@attrs.frozen(slots=True, kw_only=True)
class Search(Generic[S, A]):
    """What a game offers search bots, from its ``play`` module (boardgame.io groups the
    same hooks under a game's ``ai``). Every hook is optional: a bot does without one
    the game lacks.

    >>> import partyrules
    >>> search = partyrules.get_game("when_i_dream").search
    >>> search.heuristic is not None, search.playout_steps
    (True, 0)
    """

    heuristic: Callable[[S], tuple[float, ...]] | None = None
    """How well each seat stands in a running game, from 0 to 1 (the game's page
    documents it); search bots use it to judge playouts they cut short."""
    playout_action: Callable[[S, int, random.Random], A] | None = None
    """A cheap, sensible action for a seat (a greedy rule of thumb, documented on the
    game's page), better than ``random_action`` as a baseline bot and as search bots'
    playout policy."""
    search_actions: Callable[[S, int], Iterator[A]] | None = None
    """The legal actions a search bot weighs for a seat, where many of them are alike to
    a seat that cannot see what tells them apart (When I Dream's 128 guesses of a Dreamer
    who cannot see the card): a few that stand for all, chosen from the seat's view
    alone, in a fixed order; None: every legal action."""
    playout_steps: int | None = None
    """How many actions a search bot's playout plays before ``heuristic`` judges the
    position, where the game measured a better number than the bot's default (0 for a
    heuristic that already looks ahead); None leaves it to the bot."""


@attrs.frozen(slots=True, kw_only=True)
class Timer(Generic[S, A]):
    """A rule timed by a clock the engine does not keep (When I Dream's two-minute sand
    timer): a table of people calls time itself, with the table's ruling; a table of bots
    has nobody to do it, so a match given a ``time_limit`` calls it after that many turns
    of the timer (:class:`~partyrules.core.match.Match`).

    >>> import partyrules
    >>> timer = partyrules.get_game("when_i_dream").timer
    >>> timer.name
    'the 2-minute sand timer'
    """

    name: str
    """What the timer is, as the rulebook names it."""
    elapsed: Callable[[S], int | None]
    """How many turns the running timer has lasted, in the game's own unit (When I
    Dream: the round's clues and guesses); None while no timer runs or time cannot be
    called now."""
    time_up: Callable[[S], A]
    """The table's ruling that calls time (legal whenever ``elapsed`` is not None)."""


@attrs.frozen(slots=True, kw_only=True)
class Game(Generic[C, S, A, V]):
    """The uniform contract of every partyrules game: a declarative record of functions.

    ``C`` is the config type, ``S`` the state, ``A`` the action union, ``V`` the view.
    A game package builds one ``Game`` (its ``GAME``) from its rules and views modules.
    """

    name: str
    """Registry id, e.g. ``"dinner"``."""
    title: str
    """The game's printed title."""
    min_players: int
    """The fewest seats the default config supports."""
    max_players: int
    """The most seats the default config supports."""
    Config: type[C]
    """The frozen config class; ``Config(players=n)`` works for any supported n."""
    State: type[S]
    """The frozen state class."""
    View: type[V]
    """The frozen view class."""
    action_types: tuple[type, ...]
    """Every action class of the game, in a fixed order."""
    setup: Callable[[C, int], S]
    """``setup(config, seed)``: the initial state; all randomness comes from ``seed``."""
    to_act: Callable[[S], frozenset[int]]
    """Seats that may act now (``TABLE`` included when the table may rule); empty iff over."""
    is_simultaneous: Callable[[S], bool]
    """True when the seats in ``to_act`` submit hidden, order-independent choices."""
    legal_actions: Callable[[S, int], Iterator[A]]
    """Every action a seat may take now, lazily, in a deterministic order."""
    apply: Callable[[S, A], S]
    """The pure reducer; raises ``IllegalAction`` naming the rule, input untouched."""
    is_terminal: Callable[[S], bool]
    """True when the game is over."""
    outcome: Callable[[S], Outcome]
    """How the game ended; raises ``IllegalAction`` on a running game."""
    view: Callable[[S, int | None], V]
    """What a seat may know (``None`` or ``TABLE``: a spectator, who sees what the whole
    table sees)."""
    determinize: Callable[[S, int, random.Random], S]
    """A full state consistent with ``view(state, seat)``, hidden parts re-dealt."""
    random_action: Callable[[S, int, random.Random], A]
    """A legal action for a seat drawn without enumerating everything."""
    validate: Callable[[S], None]
    """Raise ``CorruptState`` naming the path if a state breaks an invariant."""
    places: Callable[[S], Mapping[str, tuple[Hashable, ...]]]
    """Every component by the place it lies in (for the conservation check)."""
    describe_action: DescribeAction[S, A]
    """``describe_action(state, action, viewer, language="en")``: one readable line
    saying what an action does, as ``viewer`` may know it (``None``: what the whole table
    sees), in ``language``."""
    render_view: Callable[[V], str]
    """A readable, multi-line rendering of a view for a terminal."""
    validate_view: Callable[[V], None] | None = None
    """Optional: raise ``CorruptState`` naming the path if a view could not have come from
    ``view`` (``loads`` runs it on every loaded view, so ``render_view`` can trust it)."""
    component_data: Callable[[C], Any] | None = None
    """Optional: the component data a config plays with (deck, board, card list), as
    records or tuples; a replay records its digest, so that verifying it against other
    data says so instead of replaying a different game."""
    simultaneous_steps: bool = False
    """True when some state of the game is simultaneous (``is_simultaneous``): frameworks
    that must know in advance (OpenSpiel's dynamics) read it here."""
    max_decisions: Callable[[C], int | None] | None = None
    """Optional: a documented bound on the decisions of one game of a config (a joint
    action of a simultaneous step counts one), or None when the config has none (a game
    without a turn limit); frameworks that need a length bound read it here."""
    encoding: Encoding[C, S, A, V] | None = None
    """Optional: the game's fixed action ids and observation tensors
    (:mod:`partyrules.core.encoding`), for learners and frameworks."""
    apply_listed: Callable[[S, A], S] | None = None
    """Optional: ``apply`` without the rule check, for an action the game itself listed
    or drew for this very state (search bots' playouts, where the check is pure cost).
    Anything that applies actions from elsewhere must use ``apply``."""
    random_action_from_view: bool = False
    """True when ``random_action``'s draw for a seat reads nothing that seat's view does
    not show: whatever the hidden cards, the same rng gives the same action and leaves
    the rng in the same state (the test kit's ``check_honest_draw`` checks it). A random
    bot then plays it on the real state instead of a redealt one (:meth:`honest_draw`)."""
    honest_random_action: Callable[[S, int, random.Random], A] | None = attrs.field(
        default=None)
    """Optional, for a game whose ``random_action`` reads hidden state (When I Dream's
    Dreamer names the card in play one time in four): a random legal action for a seat
    drawn from what its view shows, as ``random_action`` draws it on a state
    ``determinize`` redeals, for less than a redeal costs (:meth:`honest_draw`)."""
    search: Search[S, A] = attrs.field(factory=lambda: Search())
    """The game's hooks for search bots (its ``play`` module): a heuristic, a playout
    policy, the actions worth weighing and a playout length; each may be absent."""
    properties: tuple[Property[S], ...] = ()
    """Optional: the game's own per-state truths (:class:`Property`), checked at every
    state the explorer visits and documented on the game's page."""
    timer: Timer[S, A] | None = None
    """Optional: the game's timed rule (:class:`Timer`), for matches of bots that must
    call time themselves."""
    presentation: Presentation | None = None
    """Optional: what the game says and shows to people (:class:`Presentation`): its
    messages in every language, its web board, its outcome sentences."""
    presets: Mapping[str, C] = attrs.field(factory=dict, converter=_read_only_presets)
    """Named configs the game documents for a purpose (its ``state`` module's
    ``PRESETS``): every game has ``"tiny"``, its smallest real game (few players, a short
    deck or turn limit, still won by someone), for solvers that walk the game tree
    (OpenSpiel's ``preset`` parameter loads one).

    >>> import partyrules
    >>> tiny = partyrules.get_game("dany").presets["tiny"]
    >>> tiny.players, tiny.deck_sizes()
    (3, (7, 1))
    """

    @honest_random_action.validator
    def _one_honest_draw(self, _: attrs.Attribute[Any], value: object) -> None:
        if value is not None and self.random_action_from_view:
            raise ValueError(f"{self.name}: random_action draws from the view already; "
                             "an honest_random_action beside it would be a second draw")

    def honest_draw(self) -> Callable[[S, int, random.Random], A] | None:
        """The random draw a seat makes from its view alone: ``random_action`` where the
        game declares it reads nothing else (:attr:`random_action_from_view`), else
        :attr:`honest_random_action`; None when the game offers neither, and a random
        bot must redeal the hidden cards (``determinize``) to play ``random_action``.

        >>> import partyrules
        >>> dinner = partyrules.get_game("dinner")
        >>> dinner.honest_draw() is dinner.random_action
        True
        """
        if self.random_action_from_view:
            return self.random_action
        return self.honest_random_action


CONTRACT: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "actions": ("ACTION_TYPES",),
    "state": ("Config", "State", "View", "component_data", "PRESETS"),
    "integrity": ("validate", "validate_view", "places"),
    "rules": ("setup", "to_act", "is_simultaneous", "legal_actions", "apply", "apply_listed",
              "is_terminal", "outcome", "random_action", "RANDOM_ACTION_FROM_VIEW",
              "max_decisions", "PROPERTIES", "TIMER"),
    "play": ("heuristic", "playout_action", "search_actions", "PLAYOUT_STEPS"),
    "views": ("view", "determinize", "honest_random_action", "describe_action",
              "render_view", "PRESENTATION"),
    "encoding": ("ENCODING",),
})
"""What :func:`game_from_modules` reads from each module of a game package. Every name
must be in the module's ``__all__``; an optional member the game lacks is there as
``None`` (``PROPERTIES`` as ``()``), so that a misspelt one fails at import instead of
switching a feature off."""

ONLY_CONTRACT: frozenset[str] = frozenset({"integrity", "play"})
"""The modules whose ``__all__`` may list nothing but their contract members."""


class GameLayoutError(TypeError):
    """A game package whose modules do not hold what :data:`CONTRACT` asks of them."""


def _members(role: str, module: ModuleType) -> dict[str, Any]:
    exported = getattr(module, "__all__", None)
    if exported is None:
        raise GameLayoutError(f"{module.__name__} has no __all__ (the {role} module lists "
                              f"{', '.join(CONTRACT[role])})")
    wanted = CONTRACT[role]
    missing = [name for name in wanted if name not in exported or not hasattr(module, name)]
    if missing:
        raise GameLayoutError(f"{module.__name__} lacks {', '.join(missing)} (set an "
                              "optional member the game does not have to None)")
    if role in ONLY_CONTRACT:
        unknown = sorted(set(exported) - set(wanted))
        if unknown:
            raise GameLayoutError(f"{module.__name__} exports {', '.join(unknown)}, which "
                                  f"the {role} module does not hold: it holds "
                                  f"{', '.join(wanted)}")
    return {name: getattr(module, name) for name in wanted}


def game_from_modules(*, name: str, title: str, min_players: int, max_players: int,
                      actions: ModuleType, state: ModuleType,
                      integrity: ModuleType, rules: ModuleType, play: ModuleType,
                      views: ModuleType, encoding: ModuleType,
                      simultaneous_steps: bool = False) -> Game[Any, Any, Any, Any]:
    """The :class:`Game` of a game package laid out as every game is (the modules of
    :data:`CONTRACT`; ``docs/concepts/contract.md`` shows the layout): ``name``,
    ``title``, the player counts and whether some step is simultaneous are declared
    here, everything else is read from the modules. A module that lacks a member, or a
    ``play`` or ``integrity`` module that exports a name it does not know, raises
    :class:`GameLayoutError` when the package is imported."""
    got = {role: _members(role, module) for role, module in
           (("actions", actions), ("state", state),
            ("integrity", integrity), ("rules", rules), ("play", play), ("views", views),
            ("encoding", encoding))}
    st, i, r, p, v = (got["state"], got["integrity"], got["rules"], got["play"],
                      got["views"])
    return Game(
        name=name, title=title, min_players=min_players, max_players=max_players,
        Config=st["Config"], State=st["State"], View=st["View"],
        action_types=got["actions"]["ACTION_TYPES"],
        setup=r["setup"], to_act=r["to_act"], is_simultaneous=r["is_simultaneous"],
        legal_actions=r["legal_actions"], apply=r["apply"], is_terminal=r["is_terminal"],
        outcome=r["outcome"], random_action=r["random_action"],
        random_action_from_view=r["RANDOM_ACTION_FROM_VIEW"],
        honest_random_action=v["honest_random_action"],
        view=_table_sees_as_spectator(v["view"]), determinize=v["determinize"],
        validate=i["validate"], places=i["places"],
        describe_action=v["describe_action"], render_view=v["render_view"],
        validate_view=i["validate_view"], component_data=st["component_data"],
        simultaneous_steps=simultaneous_steps, max_decisions=r["max_decisions"],
        encoding=got["encoding"]["ENCODING"], apply_listed=r["apply_listed"],
        search=Search(heuristic=p["heuristic"], playout_action=p["playout_action"],
                      search_actions=p["search_actions"], playout_steps=p["PLAYOUT_STEPS"]),
        properties=r["PROPERTIES"], timer=r["TIMER"], presentation=v["PRESENTATION"],
        presets=st["PRESETS"],
    )


def _table_sees_as_spectator(view: Callable[[Any, int | None], Any]
                             ) -> Callable[[Any, int | None], Any]:
    """``view`` that also answers for ``TABLE``: a driver serving the table's rulings asks
    for what the table may know, which is what a spectator sees."""
    def view_of(state: Any, seat: int | None) -> Any:
        return view(state, None if seat == TABLE else seat)
    view_of.__doc__ = view.__doc__
    return view_of


def standing(values: tuple[float, ...]) -> tuple[float, ...]:
    """Each seat's value as a share of the leader's, from 0 to 1 (all 0.5 when nobody
    has anything yet): the scale of :attr:`Game.heuristic`.

    >>> standing((10, 5, 0))
    (1.0, 0.5, 0.0)
    """
    top = max(values)
    if top <= 0:
        return (0.5,) * len(values)
    return tuple(max(0.0, value) / top for value in values)


TABLE_RATE = 0.1
"""How often random play lets the table (``TABLE``) act while a seat could act instead."""


def random_actor(acting: frozenset[int], rng: random.Random,
                 table_rate: float = TABLE_RATE) -> int:
    """The seat that acts next in random play: uniform among ``acting``, except that the
    table's rulings (objections a real table raises rarely) are let in only with
    probability ``table_rate`` while a seat could act instead.

    >>> random_actor(frozenset({TABLE, 2}), random.Random(1), table_rate=0.0)
    2

    A lone seat is drawn too (``randrange(1)`` takes bits from ``rng``), so that the
    draws that follow are the same as they have always been.
    """
    if len(acting) == 1:  # most steps: one seat may act
        (seat,) = acting
        uniform_index(rng, 1)
        return seat
    seats = sorted(acting)
    if len(seats) > 1 and seats[0] == TABLE and rng.random() >= table_rate:
        del seats[0]
    return seats[uniform_index(rng, len(seats))]


AnyGame = Game[Any, Any, Any, Any]
"""A game of any types (what the registry holds)."""

_REGISTRY: dict[str, AnyGame] = {}

GAMES: Mapping[str, AnyGame] = MappingProxyType(_REGISTRY)
"""Every registered game by name (a read-only live view of the registry)."""


def register(game: AnyGame) -> None:
    """Add ``game`` to the registry under ``game.name`` (idempotent for the same object)."""
    known = _REGISTRY.get(game.name)
    if known is not None and known is not game:
        raise ValueError(f"a different game is already registered as {game.name!r}")
    _REGISTRY[game.name] = game


def get_game(name: str) -> AnyGame:
    """The registered game called ``name``; :class:`UnknownGame` lists the known names."""
    try:
        return _REGISTRY[name]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise UnknownGame(f"no game called {name!r}; known games: {known}") from None
