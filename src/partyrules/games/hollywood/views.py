"""What each seat may know in Hollywood, determinization for search, and narration.

Public: the year, the stage, the distributor, all money, bid cards, the lots, the
Festival card, Films of the Year, the common discard pile, the supplies, deck and hand
counts, who has acted in the current simultaneous step, and everything revealed (bids,
Stage 4 plays, films). Own: hand, packet, pending pick, bid and Stage 4 plays, the
studio in Stage 5, the private log of the year; the distributor sees the stars it drew.
"""

from __future__ import annotations

import random
from functools import lru_cache

from partyrules.core.errors import IllegalAction
from partyrules.core.game import Presentation
from partyrules.core.i18n import DEFAULT_LANGUAGE, N_, Catalogue, seat_name
from partyrules.core.rng import Rng
from partyrules.core.rules import check_seat
from partyrules.games.hollywood.actions import (
    Action,
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
from partyrules.games.hollywood.cards import Deck
from partyrules.games.hollywood.crew import holds_lawyer, must_answer, named_types
from partyrules.games.hollywood.films import plan_films, scandal_obligation
from partyrules.games.hollywood.flow import kinds_of
from partyrules.games.hollywood.production import studio_check
from partyrules.games.hollywood.rules import legal_actions, to_act, why_illegal
from partyrules.games.hollywood.state import (
    Answering,
    Bidding,
    Config,
    CrewPlanning,
    CrewTurn,
    DistributorBids,
    Drafting,
    Over,
    PlacedBid,
    Play,
    Producing,
    Slot,
    StarDistribution,
    State,
    Studio,
    View,
    auction_lots,
    evolve,
)

__all__ = ["PRESENTATION", "card_name", "describe_action", "determinize",
           "honest_random_action", "render_view", "view"]

DETERMINIZE_TRIES = 200
"""Random deals :func:`determinize` tries before it keeps the hidden cards as they are."""


def _done(state: State) -> frozenset[int]:
    phase = state.phase
    players = range(state.config.players)
    if isinstance(phase, DistributorBids):
        return frozenset(s for s in players if phase.bids[s] is not None)
    if isinstance(phase, Drafting):
        return frozenset(s for s in players if phase.picks[s] is not None)
    if isinstance(phase, Bidding):
        return frozenset(s for s in players if phase.bids[s] is not None)
    if isinstance(phase, CrewPlanning):
        return phase.ended
    if isinstance(phase, Producing):
        return frozenset(s for s in players if phase.studios[s].finished)
    return frozenset()


def view(state: State, seat: int | None) -> View:
    """What ``seat`` may know (None: a spectator)."""
    players = state.config.players
    check_seat(players, seat, spectator=True)
    phase = state.phase
    mine = seat is not None
    hand: tuple[int, ...] = state.hands[seat] if seat is not None else ()
    hand_sizes = tuple(len(h) for h in state.hands)
    studio = None
    if isinstance(phase, Producing):
        hand_sizes = tuple(len(s.start) for s in phase.studios)
        studio = phase.studios[seat] if seat is not None else None
        hand = studio.hand if studio is not None else ()
    own_bid = own_pick = None
    own_plays: tuple[Play, ...] = ()
    building = None
    if isinstance(phase, DistributorBids) and mine:
        value = phase.bids[seat]  # type: ignore[index]
        own_bid = None if value is None else PlacedBid(0, value)
    elif isinstance(phase, Bidding) and mine:
        own_bid = phase.bids[seat]  # type: ignore[index]
    elif isinstance(phase, Drafting) and mine:
        own_pick = phase.picks[seat]  # type: ignore[index]
    elif isinstance(phase, CrewPlanning) and mine:
        own_plays = phase.plans[seat]  # type: ignore[index]
        building = phase.building[seat]  # type: ignore[index]
    elif isinstance(phase, CrewTurn):
        building = phase.building  # a sequential play is public
    stars: tuple[int, ...] = ()
    if isinstance(phase, StarDistribution) and seat == state.distributor:
        stars = phase.stars
    return View(
        seat=seat, config=state.config, to_act=to_act(state), year=state.year,
        distributor=state.distributor, money=state.money, bid_cards=state.bid_cards,
        basic_size=len(state.basic), star_size=len(state.star),
        festivals_size=len(state.festivals), festival=state.festival,
        discard=state.discard, worthless_size=len(state.worthless),
        second_team_size=len(state.second_team), hand=hand, hand_sizes=hand_sizes,
        packet=state.packets[seat] if seat is not None else (),
        packet_sizes=tuple(len(p) for p in state.packets), stars=stars, lots=state.lots,
        set_aside=state.set_aside[seat] if seat is not None else (),
        set_aside_sizes=tuple(len(s) for s in state.set_aside), plays=state.plays,
        own_plays=own_plays, building=building, revealed_bids=state.revealed_bids,
        own_bid=own_bid, own_pick=own_pick, studio=studio, done=_done(state),
        queue=phase.queue if isinstance(phase, Answering) else (),
        crew_seat=phase.seat if isinstance(phase, CrewTurn) else None,
        trophies=state.trophies, log=state.log[seat] if seat is not None else (),
        report=state.report, over=phase if isinstance(phase, Over) else None,
        stage=STAGE_OF[type(phase)],
        check=None if studio is None else studio_check(
            state.config, studio, state.festival,
            state.money[seat]),  # type: ignore[index]
    )


STAGE_OF: dict[type, str] = {
    DistributorBids: "distributor_bids", StarDistribution: "star_distribution",
    Drafting: "draft", Bidding: "auction", CrewTurn: "crew_turn",
    CrewPlanning: "crew_planning", Answering: "answering", Producing: "production",
    Over: "over"}
"""The name a view gives each phase record (``View.stage``, one of
:data:`~partyrules.games.hollywood.state.STAGES`)."""


# -- determinization --------------------------------------------------------------------------


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A full state ``seat`` cannot tell from ``state``: the cards it cannot see (other
    hands, packets, Stage 4 plans and Stage 5 studios, the decks, the box, the stars the
    distributor drew) dealt again among those places, each keeping its count of each
    card back; the other seats' hidden choices (picks, bids, plans, arrangements) drawn
    again; a new rng. Cards in the seat's private log and cards set aside in Stage 4
    stay where they are; a play that had no effect still finds no card of the type it
    named. After :data:`DETERMINIZE_TRIES` failed deals the cards stay as they are."""
    check_seat(state.config.players, seat, spectator=False)
    for _ in range(DETERMINIZE_TRIES):
        dealt = _deal(state, seat, rng)
        if dealt is not None:
            return dealt
    kept = _rebuild(state, seat, rng, {})
    assert kept is not None  # nothing dealt: nothing can contradict the seat's knowledge
    return kept


honest_random_action = None
"""None: ``random_action`` draws from the seat's view already (the rules module's
``RANDOM_ACTION_FROM_VIEW``)."""


def _hidden_places(state: State, seat: int) -> dict[str, tuple[int, ...]]:
    """Every place whose cards ``seat`` cannot see, with its cards."""
    phase = state.phase
    found: dict[str, tuple[int, ...]] = {
        "basic": state.basic, "star": state.star, "box": state.box,
        "festivals": state.festivals}
    for other in range(state.config.players):
        if other == seat:
            continue
        found[f"hand{other}"] = state.hands[other]
        found[f"packet{other}"] = state.packets[other]
        if isinstance(phase, Producing):
            studio = phase.studios[other]
            found[f"studio{other}"] = studio.start
        if isinstance(phase, CrewPlanning):
            planned = [p.card for p in phase.plans[other]]
            if phase.building[other] is not None:
                planned.append(phase.building[other].card)  # type: ignore[union-attr]
            found[f"plans{other}"] = tuple(planned)
    if isinstance(phase, StarDistribution) and seat != state.distributor:
        found["stars"] = phase.stars
    return found


def _deal(state: State, seat: int, rng: random.Random) -> State | None:
    places = _hidden_places(state, seat)
    fixed = {note.card for note in state.log[seat]}
    backs = _backs(state.config.deck())
    pools: dict[str, list[int]] = {}
    for cards in places.values():
        for card in cards:
            if card not in fixed:
                back = backs[card]
                pool = pools.get(back)
                if pool is None:
                    pools[back] = [card]
                else:
                    pool.append(card)
    for pool in pools.values():
        rng.shuffle(pool)
    dealt: dict[str, tuple[int, ...]] = {}
    for name in sorted(places, key=lambda name: not name.startswith("plans")):
        if not name.startswith("plans"):
            dealt[name] = tuple([card if card in fixed else pools[backs[card]].pop()
                                 for card in places[name]])
            continue
        chosen = []
        for card in places[name]:
            if card in fixed:
                chosen.append(card)
                continue
            pool = pools[backs[card]]
            # a hidden play is an Agent, Lawyer or Scandal
            index = next((i for i, c in enumerate(pool) if _playable(state, c)), None)
            if index is None:
                return None
            chosen.append(pool.pop(index))
        dealt[name] = tuple(chosen)
    return _rebuild(state, seat, rng, dealt)


@lru_cache(maxsize=32)
def _backs(deck: Deck) -> tuple[str, ...]:
    """Per card id of ``deck``, its back (looked up once per deck, not per card dealt)."""
    return tuple(kind.back for kind in deck.cards)


def _playable(state: State, card: int) -> bool:
    kind = state.config.deck().cards[card]
    return kind.scandal or kind.effect in ("agent", "lawyer")


def _rebuild(state: State, seat: int, rng: random.Random,
             dealt: dict[str, tuple[int, ...]]) -> State | None:
    """The state with the dealt places, the other seats' hidden choices drawn again;
    None when the deal breaks what the seat knows."""
    config = state.config
    players = config.players
    get = dealt.get
    hands = tuple(get(f"hand{s}", state.hands[s]) for s in range(players))
    packets = tuple(get(f"packet{s}", state.packets[s]) for s in range(players))
    phase = state.phase
    if isinstance(phase, (CrewTurn, CrewPlanning, Answering)):
        for play in state.plays:  # a play with no effect: no card of the type named
            if play.result == "none" and play.target != seat and dealt and must_answer(
                    _with_hands(state, hands), play):
                return None
    if isinstance(phase, Answering) and dealt and not must_answer(
            _with_hands(state, hands), phase.queue[0]):
        return None  # the table sees the target wait to answer: it holds the type named
    if isinstance(phase, StarDistribution) and "stars" in dealt:
        phase = StarDistribution(dealt["stars"], phase.served)
    elif isinstance(phase, Drafting) and dealt:
        phase = Drafting(tuple(pick if pick is None or s == seat else rng.choice(packets[s])
                               for s, pick in enumerate(phase.picks)))
    elif isinstance(phase, Bidding) and dealt:
        phase = Bidding(tuple(
            bid if bid is None or s == seat else _random_bid(state, s, rng)
            for s, bid in enumerate(phase.bids)))
    elif isinstance(phase, DistributorBids) and dealt:
        phase = DistributorBids(tuple(
            bid if bid is None or s == seat
            else rng.choice(sorted(state.bid_cards[s])) for s, bid in enumerate(phase.bids)))
    elif isinstance(phase, CrewPlanning) and dealt:
        for s in phase.ended:
            if s != seat and holds_lawyer(state, hands[s]):
                return None
        plans, building = list(phase.plans), list(phase.building)
        for s in range(players):
            if s == seat:
                continue
            cards = list(get(f"plans{s}", ()))
            replayed = [_replay(state, play, cards.pop(0), rng, True) for play in plans[s]]
            current = building[s]
            if current is not None:
                building[s] = _replay(state, current, cards.pop(0), rng, False)
                if building[s] is None:
                    return None
            plans[s] = tuple(p for p in replayed if p is not None)
        phase = CrewPlanning(tuple(plans), tuple(building), phase.ended)
    elif isinstance(phase, Producing) and dealt:
        studios = []
        for s, studio in enumerate(phase.studios):
            if s == seat:
                studios.append(studio)
                continue
            start = get(f"studio{s}", studio.start)
            studios.append(_studio(state, start, studio, rng))
        phase = Producing(tuple(studios))
    return evolve(state, {
        "rng": Rng.from_seed(rng.getrandbits(64)), "basic": get("basic", state.basic),
        "star": get("star", state.star), "festivals": get("festivals", state.festivals),
        "box": tuple(sorted(get("box", state.box))), "hands": hands, "packets": packets,
        "phase": phase,
    })


def _replay(state: State, play: Play, card: int, rng: random.Random,
            complete: bool) -> Play | None:
    """A hidden play made with another card: the same owner and target, a type that
    card may name; None when the card cannot be where the play stands (a Scandals card
    names nothing, so it is never waiting for a type)."""
    types = named_types(state, card)
    if complete:
        return Play(play.owner, card, play.target, rng.choice(types) if types else "")
    if play.target != -1 and not types:
        return None
    return Play(play.owner, card, play.target)


def _with_hands(state: State, hands: tuple[tuple[int, ...], ...]) -> State:
    return evolve(state, {"hands": hands})


def _random_bid(state: State, seat: int, rng: random.Random) -> PlacedBid:
    options = [a for a in legal_actions(_as_bidding(state), seat) if isinstance(a, Bid)]
    chosen = options[rng.randrange(len(options))]
    return PlacedBid(chosen.lot, chosen.value)


def _as_bidding(state: State) -> State:
    return evolve(state, {"phase": Bidding((None,) * state.config.players)})


def _studio(state: State, start: tuple[int, ...], studio: Studio,
            rng: random.Random) -> Studio:
    """Another seat's studio as it could be: its cards dealt again; a finished studio
    holds a valid arrangement reaching its Scandals obligation."""
    kinds = kinds_of(state, start)
    obligation = scandal_obligation(kinds) if state.config.scandals else 0
    if not studio.finished:
        return Studio(start, ((), (), ()), (), 0, 0, 0, start, obligation, (), False)
    plan = plan_films(kinds, rng)
    used = {index for film in plan for index, _ in film}
    films = tuple(tuple(Slot(start[i], role) for i, role in film) for film in plan)
    films = (*films, *(((),) * (3 - len(films))))
    hand = tuple(c for i, c in enumerate(start) if i not in used)
    return Studio(hand, films, (), 0, 0, 0, start, obligation, (), True)


# -- narration ----------------------------------------------------------------------------------


CATALOGUE = Catalogue("partyrules.games.hollywood")
"""Hollywood's messages: narration, the web board's words and its sentences."""
_ = CATALOGUE.gettext


def card_name(config: Config, card: int, language: str = DEFAULT_LANGUAGE) -> str:
    """A readable name for a card id (a supply token: the card it stands for): the
    printed name, its genre letters, coin and figurines (``'Romance Star Actor [R] $4M 1
    fig'``); the name stays as printed in every language, the rest is translated."""
    if card < 0:
        return "Second-Team Director" if card == -4 else "Worthless Script"
    kind = config.deck().cards[card]
    genres = "".join(sorted(kind.genres, key="RCAT".index))
    coin = "" if kind.coin is None else " " + _(language, "${coin}M").format(coin=kind.coin)
    # One form for any count ("fig", "stat."): no plural needed in either language.
    figurines = " " + _(language, "{count} fig").format(
        count=kind.figurines) if kind.figurines else ""
    return f"{kind.name}" + (f" [{genres}]" if genres else "") + coin + figurines


TYPE_WORDS: dict[str, str] = {
    "script": N_("script"), "director": N_("director"), "actor": N_("actor"),
    "actress": N_("actress"), "cast": N_("a cast member")}
"""How narration says a card type an Agent or a Lawyer names, and a role a card plays in
a film (an Editor in the cast is "a cast member")."""


def _type_word(language: str, kind: str) -> str:
    word = TYPE_WORDS.get(kind)
    return kind if word is None else _(language, word)


def describe_action(state: State, action: Action, viewer: int | None = None,
                    language: str = DEFAULT_LANGUAGE) -> str:
    """One line saying what ``action`` does, as ``viewer`` may know it, in ``language``:
    hidden choices (picks, bids, Stage 4 plans, Stage 5 moves) are told only to the seat
    making them.

    Only an action ``apply`` would take is narrated: any other raises
    :class:`~partyrules.core.errors.IllegalAction`, with the rule it breaks for the seat
    that would take it (to anyone else the rule could tell that seat's hidden cards)."""
    reason = why_illegal(state, action)
    if reason is not None:
        seat = getattr(action, "seat", None)
        raise IllegalAction(reason if viewer is not None and viewer == seat
                            else f"seat {seat!r} cannot take that action now")
    who = seat_name(language, action.seat)
    own = viewer == action.seat
    config = state.config

    def name(card: int) -> str:
        return card_name(config, card, language)

    match action:
        case BidForDistributor(value=value):
            if own:
                return _(language, "{who} bids {value} for the distribution").format(
                    who=who, value=value)
            return _(language, "{who} bids a bid card for the distribution").format(who=who)
        case GiveStar(card=card, to=to):
            if viewer in (action.seat, to):
                return _(language, "{who} hands {card} to seat {to}").format(
                    who=who, card=name(card), to=to)
            return _(language, "{who} hands a star card to seat {to}").format(who=who, to=to)
        case Draft(card=card):
            if own:
                return _(language, "{who} drafts {card}").format(who=who, card=name(card))
            return _(language, "{who} drafts a card").format(who=who)
        case Bid(lot=lot, value=value):
            if own:
                return _(language, "{who} bids {value} on lot {lot}").format(
                    who=who, value=value, lot=lot)
            return _(language, "{who} places a bid").format(who=who)
        case PlayCrew(card=card):
            if isinstance(state.phase, CrewTurn) or own:
                return _(language, "{who} plays {card}").format(who=who, card=name(card))
            return _(language, "{who} plays a card").format(who=who)
        case ChooseTarget(target=target):
            if own or isinstance(state.phase, CrewTurn):
                return _(language, "{who} plays it against seat {target}").format(
                    who=who, target=target)
            return _(language, "{who} chooses a target").format(who=who)
        case NameType(kind=named):
            if own or isinstance(state.phase, CrewTurn):
                return _(language, "{who} names {type}").format(
                    who=who, type=_type_word(language, named))
            return _(language, "{who} names a type").format(who=who)
        case EndCrew():
            return _(language, "{who} ends Crew Activities").format(who=who)
        case GiveCard(card=card):
            phase = state.phase
            owner = phase.queue[0].owner if isinstance(phase, Answering) else -1
            if viewer in (action.seat, owner):
                return _(language, "{who} gives {card} to seat {owner}").format(
                    who=who, card=name(card), owner=owner)
            return _(language, "{who} gives a card to seat {owner}").format(
                who=who, owner=owner)
        case PayInstead():
            return _(language, "{who} pays the Lawyer's owner instead").format(who=who)
        case AssignCard(card=card, film=film, role=role):
            if not own:
                return _(language, "{who} works on its films").format(who=who)
            if film is None:
                return _(language, "{who} puts {card} into the hand").format(
                    who=who, card=name(card))
            if role:
                return _(language, "{who} puts {card} into film {film} as {role}").format(
                    who=who, card=name(card), film=film, role=_type_word(language, role))
            return _(language, "{who} puts {card} into film {film}").format(
                who=who, card=name(card), film=film)
        case TakeWorthlessScript(discard=card):
            if own:
                return _(language, "{who} discards {card} for a Worthless Script").format(
                    who=who, card=name(card))
            return _(language, "{who} works on its films").format(who=who)
        case TakeSecondTeamDirector(discard=card):
            if own:
                return _(language, "{who} discards {card} for a Second-Team Director").format(
                    who=who, card=name(card))
            return _(language, "{who} works on its films").format(who=who)
        case TeachIcon(card=card, genre=genre):
            if own:
                return _(language, "{who}'s Teacher gives {card} the icon {genre}").format(
                    who=who, card=name(card), genre=genre)
            return _(language, "{who} works on its films").format(who=who)
        case FinishProduction():
            return _(language, "{who} finishes its films").format(who=who)
    return f"{who}: {action!r}"


def render_view(view: View) -> str:
    """A readable film table for a terminal: money, lots, hands, films in progress and
    the last year's results."""
    config = view.config
    lines = [f"Year {view.year}, distributor seat {view.distributor}"
             + (f", festival: {card_name(config, view.festival)}"
                if view.festival is not None else "")]
    lines.append("Money: " + ", ".join(f"seat {s} ${m}M" for s, m in enumerate(view.money))
                 + "; bid cards: " + ", ".join(
                     f"seat {s} {sorted(b)}" for s, b in enumerate(view.bid_cards)))
    lines.append(f"Decks: basic {view.basic_size}, star {view.star_size}; discard "
                 f"{len(view.discard)}; supply: {view.worthless_size} Worthless Scripts, "
                 f"{view.second_team_size} Second-Team Directors")
    if any(card is not None for card in view.lots):
        hidden = auction_lots(config.players) > config.players
        lines.append("Lots: " + "; ".join(
            f"{i + 1}) {card_name(config, c)}" for i, c in enumerate(view.lots)
            if c is not None) + (f"; {len(view.lots) + 1}) the top star card"
                                 if hidden else ""))
    if view.stars:
        lines.append("Stars to hand out: " + ", ".join(card_name(config, c)
                                                       for c in view.stars))
    if view.packet:
        lines.append("Your packet: " + ", ".join(f"{c}: {card_name(config, c)}"
                                                 for c in view.packet))
    if view.hand:
        lines.append("Your hand: " + ", ".join(f"{c}: {card_name(config, c)}"
                                               for c in view.hand))
    lines.append("Hands: " + ", ".join(f"seat {s} {n}" for s, n in enumerate(view.hand_sizes)))
    if view.studio is not None:
        for index, film in enumerate(view.studio.films):
            cells = ", ".join(card_name(config, s.card)
                              + (f" as {TYPE_WORDS.get(s.role, s.role)}" if s.role else "")
                              + (f" +{s.icon}" if s.icon else "") for s in film)
            lines.append(f"Your film {index}: {cells or '(empty)'}")
    if view.report is not None:
        lines.append(f"Year {view.report.year} box office:")
        lines.append(f"  {'seat':>4} {'film':>4} {'coins':>5} {'genre':>5} {'snd':>3} "
                     f"{'duo':>3} {'chor':>4} {'crit':>4} {'fest':>4} {'total':>5} "
                     f"{'cost':>4} {'title':>5}")
        for r in view.report.films:
            lines.append(f"  {r.seat:>4} {r.film:>4} {r.coins:>5} {r.genre:>5} {r.sound:>3} "
                         f"{r.duo:>3} {r.choreography:>4} {r.critic:>4} {r.festival:>4} "
                         f"{r.box_office:>5} {r.cost:>4} {r.title:>5}")
        best = view.report.film_of_the_year
        lines.append("  Film of the Year: " + ("none" if best is None
                                               else f"seat {best[0]}, film {best[1]}"))
    if view.over is not None:
        lines.append(f"Game over ({view.over.reason}): winners {sorted(view.over.winners)}")
    return "\n".join(lines)


PRESENTATION = Presentation(
    catalogue=CATALOGUE,
    how_to_play=(
        N_("You run a film studio for three production years. Money, in millions, is the "
           "score: the studio with the most money at the end wins."),
        N_("Each year the distributor hands every studio one star card (Stage 1); everyone "
           "drafts basic cards from packets of seven passed around the table (Stage 2); "
           "then everyone bids one bid card on a lot of star cards at once: the highest bid "
           "wins the lot and pays, the others take a free card (Stage 3)."),
        N_("In Crew Activities (Stage 4) you may play an Agent or a Lawyer at a rival, "
           "naming a card type: the rival gives you a card of that type (a Lawyer's target "
           "may pay 2 million instead)."),
        N_("In Movie Production (Stage 5) you make up to three films. A film has exactly "
           "one script, one director and one or two actors or actresses; green crew cards "
           "join as many as you like. Tap a card, then its place in a film: each film says "
           "what it still lacks, and you produce when every film is valid."),
        N_("A film earns its cards' coins, 2 million for each card sharing the script's "
           "genre and 4 million for an actor and actress together. The film with the most "
           "golden figurines is the Film of the Year: its studio distributes next year and "
           "the film pays again at the end."),
        N_("Hollywood Awards adds Special Staff, dual-role stars and Second-Team Directors; "
           "Hollywood Scandals adds cards with negative coins that you must use, played face "
           "down at rivals; with the Film Festivals a Festival card changes one rule each "
           "year."),
    ),
    reasons={
        "most_money": N_("After three production years the studio with the most money "
                         "wins."),
        "films_of_the_year": N_("After three production years the richest studios tied: "
                                "the one with the most Films of the Year wins."),
        "shared": N_("After three production years the richest studios tied on money and "
                     "on Films of the Year: they share the win."),
    },
    action_names={
        "BidForDistributor": N_("Bid to be the first distributor"),
        "GiveStar": N_("Hand out a star card"),
        "Draft": N_("Pick a card"),
        "Bid": N_("Bid on a lot"),
        "PlayCrew": N_("Play an Agent, a Lawyer or a Scandals card"),
        "ChooseTarget": N_("Choose the rival"),
        "NameType": N_("Name a card type"),
        "EndCrew": N_("End my Crew Activities"),
        "GiveCard": N_("Give a card"),
        "PayInstead": N_("Pay 2 million instead"),
        "AssignCard": N_("Move a card"),
        "TakeWorthlessScript": N_("Trade a card for a Worthless Script"),
        "TakeSecondTeamDirector": N_("Trade a card for a Second-Team Director"),
        "TeachIcon": N_("Teach a genre icon"),
        "FinishProduction": N_("Produce my films"),
    },
    options={
        "players": N_("Number of studios (2 to 6)"),
        "awards": N_("Add Hollywood Awards: Special Staff, dual-role stars and Second-Team "
                     "Directors"),
        "scandals": N_("Add Hollywood Scandals: Scandals cards, played face down at rivals "
                       "all at once"),
        "festivals": N_("Add International Film Festivals: a Festival card rules each "
                        "year"),
        "first_distributor": N_("The first distributor's seat (0 is the first seat; empty: "
                                "drawn at random)"),
        "distributor_auction": N_("Advanced rule: the studios bid for the first "
                                  "distribution (leave the first distributor empty)"),
        "card_data": N_("Your own card list, as the game's cards.json; leave it empty for "
                        "the cards of the box"),
    },
    board="web/board.js",
    board_style="web/board.css",
)
"""What the game says and shows to people: its catalogue, its web board, its sentences."""
