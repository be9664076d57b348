"""Hollywood at the web table, played in a real browser through taps and clicks only.

People make every move on the board's cards: the distributor taps a star and the studio
it goes to, a draft pick is a tap on a packet card, a bid is a tap on a lot and then on a
bid card, an Agent is tapped, then its rival and the type it asks for, and in Stage 5 a
card is tapped and then its place in a film (script, director, cast, crew). Each film's
check is read off the page while it is built (what it lacks, then valid) before the
films are produced.

The whole game (three production years, no expansion: the smallest real game) takes
about a minute and is the CI profile's; the default run plays the first production year
of a two-seat table on an Italian phone, with the same checks.
"""

from __future__ import annotations

import time
from functools import cache
from typing import Any

import attrs
import pytest
from playwright.sync_api import Page, expect

import partyrules
from partyrules.games.hollywood.cards import CardKind
from partyrules.games.hollywood.films import plan_films
from partyrules.games.hollywood.state import Config

from .browser import (
    DESKTOP,
    PHONE,
    People,
    Server,
    assert_accessible,
    assert_clean,
    assert_fits_width,
    assert_on_first_screen,
    log_texts,
    photograph,
    play_to_the_end,
    update_of,
    version,
    view_of,
    wait_version,
)

GAME = partyrules.get_game("hollywood")
CAST = ("actor", "actress")
ZONE = {"script": "script", "director": "director", "actor": "cast", "actress": "cast",
        "cast": "cast", "crew": "crew", "staff": "crew"}
"""The place of a film's board each role goes in."""
PACE = 0.11
"""Seconds between one person's moves at least: each move sends two messages (the action
and the ping that settles it) and the server takes 20 a second from a connection; a
person taps no faster."""


@cache
def cards_of(players: int) -> tuple[CardKind, ...]:
    """Per card id, its printed card (the default card list)."""
    return Config(players=players).deck().cards


def kind_of(players: int, card: int) -> CardKind:
    """A card id's printed card; a supply token's card (a Worthless Script: the base
    game has no Second-Team Director)."""
    cards = cards_of(players)
    if card < 0:
        return next(kind for kind in cards if kind.back == "worthless")
    return cards[card]


def click(page: Page, selector: str) -> None:
    """Tap the first element of ``selector`` that may be tapped."""
    page.locator(f"{selector}:not([disabled])").first.click()


@attrs.define
class Person:
    """One person's hands at the table: one move per call, made by taps on the board,
    and what the board showed them on the way."""

    players: int
    problems: set[str] = attrs.field(factory=set)
    """Every rule a film of theirs was shown to break while they built it."""
    produced: int = 0
    """Valid films they produced, each checked on the page before the finish."""
    screens: set[str] = attrs.field(factory=set)
    """The stages axe-core has checked on their page."""
    photo: str | None = None
    """The name of the screenshot to take at their first Stage 5 choice."""
    last: float = 0.0
    """When they last moved (``time.monotonic``)."""
    drags: int = 0
    """Cards still to drag onto their place with a mouse instead of two taps."""

    def __call__(self, page: Page) -> None:
        time.sleep(max(0.0, self.last + PACE - time.monotonic()))
        self.last = time.monotonic()
        view = view_of(page)
        stage = view["stage"]
        if stage not in self.screens and stage != "answering":
            self.screens.add(stage)
            assert_accessible(page, f"{stage} on {page.viewport_size}")
        if stage == "star_distribution":
            if not page.locator(".hw-stars button.card[aria-pressed=true]").count():
                click(page, ".hw-stars button.card")
            click(page, "button.hw-move[data-to]")
        elif stage == "draft":
            self.draft(page, view)
        elif stage == "auction":
            click(page, ".hw-lots button[data-lot]")
            click(page, "button.hw-bid[data-value='0']")  # the 0 is never spent
        elif stage in ("crew_turn", "crew_planning", "answering"):
            self.crew(page)
        elif stage == "production":
            self.production(page, view)
        else:
            raise AssertionError(f"no move to make at {stage}")

    def draft(self, page: Page, view: dict[str, Any]) -> None:
        """Keep what a film needs most: a script, a director, a cast, then anything."""
        packet = view["packet"]
        # The packet shows each card by its printed name.
        names = page.locator("#game-area .hw-packet .card .name").all_text_contents()
        assert names == [kind_of(self.players, card).name for card in packet]
        held = [kind_of(self.players, card).kind for card in view["hand"]]
        wanted = [("script", 1), ("director", 1), ("actor", 1), ("actress", 1),
                  ("script", 2), ("director", 2), ("actor", 2)]
        choice = packet[0]
        for kind, enough in wanted:
            found = [card for card in packet if kind_of(self.players, card).kind == kind]
            if found and held.count(kind) < enough:
                choice = found[0]
                break
        click(page, f".hw-packet button.card[data-card='{choice}']")

    def crew(self, page: Page) -> None:
        """Play every Agent at the first rival asking for an actor (or the first type);
        give the first card asked for; then end."""
        kinds = {entry["action"]["type"] for entry in update_of(page)["legal"]}
        if "NameType" in kinds:
            asked = page.locator("button.hw-move[data-kind='actor']")
            click(page, "button.hw-move[data-kind='actor']" if asked.count()
                  else "button.hw-move[data-kind]")
        elif "ChooseTarget" in kinds:
            click(page, "button.hw-move[data-target]")
        elif "PlayCrew" in kinds or "GiveCard" in kinds:
            click(page, "#game-area .hand button.card")
        elif "PayInstead" in kinds:
            click(page, "button.hw-move[data-type='PayInstead']")
        else:
            click(page, "button.hw-end")

    def production(self, page: Page, view: dict[str, Any]) -> None:
        """The next tap toward the studio's films: a card into its place, a stray card
        back to the hand, a card traded for a Worthless Script when there is no script
        at all; once every film is in place, check them on the page and produce."""
        studio = view["studio"]
        statuses = page.locator(".hw-film-status").evaluate_all(
            "(nodes) => nodes.map((node) => node.dataset.problem)")
        self.problems.update(statuses)
        # In id order: the plan stays the same while the cards move.
        cards = sorted([*studio["hand"], *(slot["card"] for film in studio["films"]
                                           for slot in film)])
        kinds = [kind_of(self.players, card) for card in cards]
        plan = plan_films(kinds)
        target = {cards[index]: (number, role) for number, film in enumerate(plan)
                  for index, role in film}
        where = {slot["card"]: (number, slot["role"])
                 for number, film in enumerate(studio["films"]) for slot in film}
        for number, film in enumerate(plan):
            for index, role in film:
                card = cards[index]
                if where.get(card) != (number, role):
                    if self.drags and role == kind_of(self.players, card).kind:
                        self.drags -= 1
                        page.locator(f"#game-area button.card[data-card='{card}']").drag_to(
                            page.locator(f".hw-zone[data-film='{number}'][data-zone='{ZONE[role]}']"))
                        page.wait_for_selector(f".hw-film[data-film='{number}'] "
                                               f"[data-card='{card}']")
                        return
                    self.choose(page, card)
                    if self.photo is not None and len(where) >= 3:  # a film under way
                        page.evaluate("() => window.scrollTo(0, 0)")
                        photograph(page, self.photo)
                        self.photo = None
                    click(page, f"button.hw-target[data-film='{number}'][data-role='{role}']")
                    return
        for card in where:
            if card not in target:
                self.choose(page, card)
                click(page, "button.hw-move[data-to='hand']")
                return
        if not plan and not any(kind.kind == "script" for kind in kinds):
            trade = page.locator("button.hw-move[data-type='TakeWorthlessScript']")
            for card in studio["hand"]:
                self.choose(page, card)
                if trade.count():
                    trade.click()
                    return
        # Every planned film is in place: the board says each is valid, the finish is on.
        for number in range(len(plan)):
            film = page.locator(f".hw-film[data-film='{number}']")
            assert "ok" in (film.get_attribute("class") or ""), film.inner_text()
            assert film.locator(".hw-film-status").get_attribute("data-problem") == ""
        check = view["check"]
        assert check["problem"] == "" and sum(1 for f in check["films"]
                                                if f["problem"] == "") == len(plan)
        self.produced += len(plan)
        click(page, "button.hw-finish")

    def choose(self, page: Page, card: int) -> None:
        """Tap ``card`` on the board unless it is the card chosen already."""
        button = page.locator(f"#game-area button.card[data-card='{card}']").first
        if button.get_attribute("aria-pressed") != "true":
            button.click()


def assert_outcome_in_language(page: Page, language: str) -> None:
    """The outcome banner tells the game's reason sentence in the page's language."""
    page.wait_for_selector("#outcome-banner")
    reason = update_of(page)["outcome"]["reason"]
    sentence = GAME.presentation.explain(reason, language)
    assert sentence in page.locator("#outcome-banner").inner_text()


@pytest.fixture
def server(browser_server: Server) -> Server:
    """The session's ``partyrules serve`` process."""
    return browser_server


@pytest.mark.ci  # three production years by taps, about a minute: the CI profile's
def test_two_people_and_a_bot_play_hollywood_to_the_end(server: Server,
                                                         people: People) -> None:
    config = {"players": 3, "first_distributor": 0}
    created = server.create("hollywood", ["person", "person", "random"], config, seed=21)
    desktop = people.seat(created, 0, viewport=DESKTOP, language="en")
    phone = people.seat(created, 1, viewport=PHONE, language="it")
    hands = {id(desktop): Person(3, photo="hollywood", drags=2),
             id(phone): Person(3, photo="hollywood-phone")}
    for page in (desktop, phone):
        page.wait_for_selector("#hw-phase")
        assert_accessible(page, "the first screen")
    assert_on_first_screen(phone, "#hw-phase")
    assert_fits_width(phone)
    firsts = {"draft": ".hw-packet .card", "production": ".hw-studio-hand"}

    def before(page: Page, _: int) -> None:
        # The phone's hand and moves start on its first screen, at each stage that has them.
        stage = view_of(page)["stage"]
        if page is phone and stage in firsts:
            assert_on_first_screen(phone, "#hw-phase", firsts.pop(stage))
            assert_fits_width(phone)

    play_to_the_end([desktop, phone], lambda page: hands[id(page)](page), limit=600,
                    on_step=before)

    final = version(desktop)
    for page, language in ((desktop, "en"), (phone, "it")):
        wait_version(page, final)
        assert_outcome_in_language(page, language)
        assert view_of(page)["stage"] == "over"
        assert_accessible(page, f"the end, in {language}")
        assert_clean(page)
        person = hands[id(page)]
        # Each person built films by taps, saw what one lacked before it was whole, and
        # produced them; every stage of a base-game year came on their screen.
        assert person.produced >= 1
        assert person.problems - {"", "empty"}, person.problems
        assert {"draft", "auction", "crew_turn", "production"} <= person.screens
    assert hands[id(desktop)].drags == 0  # two cards went into films by a drag
    photograph(desktop, "hollywood-over", full_page=True)
    photograph(phone, "hollywood-over-phone", full_page=True)
    assert "star_distribution" in hands[id(desktop)].screens
    assert len(log_texts(desktop)) == final
    # The host, who holds no seat, reads the end as everyone does.
    host = people.page(created["links"]["host"], viewport=DESKTOP, language="en")
    assert_outcome_in_language(host, "en")
    # The board script arrives after the page's own banner: wait for its studios.
    expect(host.locator(".hw-studio")).to_have_count(3)
    assert_accessible(host, "the host's page at the end")
    assert_clean(host)
    # The last year's films are on the board, by their cards' printed names.
    report = view_of(desktop)["report"]
    shown = desktop.locator(".hw-report").inner_text()
    for film in report["films"]:
        for slot in film["slots"]:
            assert kind_of(3, slot["card"]).name in shown


def test_a_studio_plays_its_first_year_by_taps_on_an_italian_phone(server: Server,
                                                                   people: People) -> None:
    config = {"players": 2, "first_distributor": 0}
    created = server.create("hollywood", ["person", "random"], config, seed=8)
    phone = people.seat(created, 0, viewport=PHONE, language="it")
    phone.wait_for_selector("#hw-phase")
    person = Person(2)
    assert "Fase 1" in phone.locator("#hw-phase").inner_text()
    assert_on_first_screen(phone, "#hw-phase", ".hw-stars button.card", "#game-area .hand .card")

    def before(page: Page, _: int) -> None:
        stage = view_of(page)["stage"]
        if stage in ("draft", "production"):
            hand = ".hw-packet .card" if stage == "draft" else ".hw-studio-hand"
            assert_on_first_screen(page, "#hw-phase", hand)
            assert_fits_width(page)

    play_to_the_end([phone], person, until=lambda: view_of(phone)["year"] > 1, limit=80,
                    on_step=before)

    assert {"star_distribution", "draft", "auction", "crew_turn", "production"} <= \
        person.screens
    assert person.produced >= 1 and person.problems - {"", "empty"}
    # Year 1's films are told on the board, in Italian words, by printed names.
    phone.wait_for_selector(".hw-report")
    report = view_of(phone)["report"]
    assert report["year"] == 1 and any(film["seat"] == 0 for film in report["films"])
    text = phone.locator(".hw-report").inner_text()
    assert "incassi" in text
    for film in report["films"]:
        for slot in film["slots"]:
            assert kind_of(2, slot["card"]).name in text
    # The narration of one's own moves names the cards as printed, in Italian.
    assert any("Posto 0 sceglie " in line for line in log_texts(phone))
    assert_clean(phone)
    # A spectator, on a desktop in English, sees the studios and the films, and no move.
    watcher = people.page(created["links"]["spectator"], viewport=DESKTOP, language="en")
    watcher.wait_for_selector(".hw-report")
    assert "box office" in watcher.locator(".hw-report").inner_text()
    assert watcher.locator(".hw-studio").count() == 2
    assert watcher.locator("#game-area button").count() == 0
    assert_accessible(watcher, "a spectator's desktop page")
    assert_clean(watcher)
