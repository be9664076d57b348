"""Dany goes to Hollywood in a real browser: people play whole games through the board's
cards and seats, one on a desktop page in English, one on a phone page in Italian, the
host's page making the table's rulings, a bot in the last seat.

The default run plays the smallest game that still reaches every phase: one Idea card,
so one turn (the phone's person creates, the desktop's person answers, the host confirms)
and then the Final Twist. The CI profile plays a longer game with Dany's Reason.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page

import partyrules
from partyrules.games.dany.cards import DANY, REASON
from partyrules.games.dany.views import PRESENTATION, memory_name

from .browser import (
    DESKTOP,
    PHONE,
    WAIT_MS,
    People,
    Server,
    assert_accessible,
    assert_clean,
    assert_fits_width,
    assert_on_first_screen,
    may_act,
    photograph,
    play_to_the_end,
    stuck,
    update_of,
    version,
    view_of,
    wait_version,
)

GAME = partyrules.get_game("dany")
LAYOUTS = {"en": "the first card on top of the second", "it": "la prima carta sopra la seconda"}
"""What each person types in the layout box (the rulebook: "apart, stacked, one over the
other")."""


def seed_dealing(config: dict[str, Any], seat: int, personality: int) -> int:
    """The first seed whose deal gives ``seat`` the ``personality`` card (the server
    deals with the same setup)."""
    return next(seed for seed in range(200)
                if GAME.setup(GAME.Config(**config), seed).personalities[seat] == personality)


def stepper(server: Server, people_pages: list[Page],
            at_reveal: Callable[[Page, int], None] = lambda page, moves: None
            ) -> Callable[[Page], None]:
    """The ``step`` of a game whose people play on ``people_pages`` (the host's page
    aside): one move as the person at a page makes it, on the board. Lay two Memory
    cards, type the layout and send the creation; tap a word of the Idea card; confirm
    the reveal (the host, after the ``on_step`` ``at_reveal(page, 0)``: the reveal may
    have come after this round's ``on_step`` looked at the page); tap a seat in the Final
    Twist. The host, who
    may void a turn at any moment, lets the turn go on: it waits until someone else has
    moved or may move."""
    def step(page: Page) -> None:
        language = page.evaluate("() => window.PartyTable.language")
        # One reading of the page's update: an update landing between two readings
        # would pair one version's moves with the next one's version (the host then
        # waited for others at a version where only the host could move).
        update = update_of(page)
        legal = {entry["action"]["type"] for entry in update["legal"]}
        if "Keep" in legal and len(update["view"]["data"]["kept"]) < 2:
            page.locator(".dany-hand button.card").first.click()
        elif "Done" in legal:
            page.locator("#dany-layout").fill(LAYOUTS[language])
            page.locator('form.dany-done button[type="submit"]').click()
        elif "Decide" in legal:
            page.locator(".dany-idea button.word").nth(1).click()
        elif "ConfirmReveal" in legal:
            at_reveal(page, 0)
            page.locator('#actions button.act[data-type="ConfirmReveal"]').click()
        elif "Accuse" in legal:
            page.locator(".dany-twist button.seat-target").first.click()
        else:
            assert legal == {"Invalidate"}, legal
            seen = update["version"]
            deadline = time.monotonic() + WAIT_MS / 1000
            while version(page) == seen and not any(may_act(other) for other in people_pages):
                assert time.monotonic() < deadline, (
                    f"nobody moved while the host waited: "
                    f"{[stuck(other) for other in (*people_pages, page)]}; the server's "
                    f"log ends: {server.log_tail()}")
                time.sleep(0.03)
    return step


def phase(page: Page) -> str:
    """The board's phase: composing, discussing, reveal, twist or over."""
    found = page.locator(".dany-board .phase-line").get_attribute("data-phase")
    assert found
    return found


def checker(screens: set[tuple[str, str]], names: dict[int, str],
            also: Callable[[Page, str], None] = lambda page, where: None
            ) -> Callable[[Page, int], None]:
    """An ``on_step`` that runs axe the first time each page shows each screen (the
    host's only at the reveal: the rest of its board is the spectators')."""
    def check(page: Page, _: int) -> None:
        where = f"{names[id(page)]}: {phase(page)}"
        key = (names[id(page)], phase(page))
        if key not in screens and (names[id(page)] != "host" or phase(page) == "reveal"):
            screens.add(key)
            assert_accessible(page, where)
        also(page, where)
    return check


def assert_hand_by_names(page: Page, language: str) -> None:
    """The Memory cards in the page's hand show their pictures' names, as the narration
    names them, and no bare number."""
    view = view_of(page)
    cards = page.locator(".dany-hand button.card")
    assert cards.count() == len(view["hand"]) > 0
    texts = dict(zip(cards.evaluate_all("(nodes) => nodes.map((n) => Number(n.dataset.card))"),
                     cards.locator(".name").all_inner_texts(), strict=True))
    assert sorted(texts) == sorted(view["hand"])
    lines = {entry["action"]["card"]: entry["text"] for entry in update_of(page)["legal"]
             if entry["action"]["type"] == "Keep"}
    for card, name in texts.items():
        assert name == memory_name(card, language)
        assert f"\u201c{name}\u201d" in lines[card]  # the narration names the same picture
        assert not name.strip().isdigit()


def assert_ended(page: Page, language: str) -> None:
    """The outcome banner says the game's end sentence in the page's language, and every
    Personality card is turned up on the board."""
    page.wait_for_selector("#outcome-banner")
    outcome = update_of(page)["outcome"]
    sentence = PRESENTATION.explain(outcome["reason"], language)
    assert outcome["text"] == sentence
    assert sentence in page.locator("#outcome-banner").inner_text()
    if language != "en":
        assert sentence != PRESENTATION.explain(outcome["reason"], "en")
    assert phase(page) == "over"
    assert page.locator(".dany-seats .seat-chip.dany").count() == 1
    assert page.locator(".dany-board button").count() == 0
    assert page.locator(".dany-board .card.secret").count() == 0  # every card is turned up


def test_a_whole_game_of_dany_on_a_desktop_and_an_italian_phone(
        browser_server: Server, people: People) -> None:
    config = {"players": 3, "idea_cards": 1, "first_active": 1}
    seed = seed_dealing(config, 0, DANY)  # the desktop's person holds Dany, in secret
    created = browser_server.create("dany", ["person", "person", "random"], config, seed=seed)
    desktop = people.seat(created, 0, viewport=DESKTOP, language="en")
    phone = people.seat(created, 1, viewport=PHONE, language="it")
    host = people.page(created["links"]["host"], viewport=DESKTOP, language="en")
    names = {id(desktop): "desktop", id(phone): "phone", id(host): "host"}

    # The phone's person creates first: the Idea card, the secret Choice card and the hand
    # of Memory cards, by their names, on the first screen; nothing scrolls sideways.
    phone.wait_for_selector(".dany-hand button.card")
    view = view_of(phone)
    assert phase(phone) == "composing" and view["active"] == 1
    assert phone.locator(".dany-idea .title").all_inner_texts() == view["idea_words"]
    assert phone.locator(".dany-idea .card.choice.secret").count() == 1
    assert_hand_by_names(phone, "it")
    assert "Tocca a te creare" in phone.locator(".phase-line").inner_text()
    assert_on_first_screen(phone, ".dany-hand button.card", "form.dany-done button")
    assert_fits_width(phone)
    # The desktop's person sees its own card, marked secret, and not the phone's hand.
    secret = desktop.locator(".dany-personality .card.secret")
    assert "Dany" in secret.locator(".name").inner_text()
    assert "only you see it" in secret.inner_text()
    assert desktop.locator(".dany-hand").count() == 0
    assert desktop.locator(".dany-idea .card.choice").count() == 0
    assert phone.locator(".dany-personality .name").inner_text() == "Personalità secondaria"
    # The layout box says what to write, quoting the rulebook.
    assert "una sopra l'altra per nasconderne alcune parti" in \
        phone.locator("form.dany-done label").inner_text()

    screens: set[tuple[str, str]] = set()
    for page in (desktop, phone):
        screens.add((names[id(page)], "composing"))
        assert_accessible(page, f"{names[id(page)]} at the start")

    def photos(page: Page, where: str) -> None:
        if page is phone and phase(page) == "composing" and len(view_of(page)["kept"]) == 1:
            photograph(phone, "dany-phone")
        if page in (desktop, host) and phase(page) in ("discussing", "reveal") \
                and ("phone", phase(page)) not in screens:
            # The phone waits meanwhile: its screen as the active personality who stays
            # silent, then as a seat reading the reveal.
            wait_version(phone, version(page))
            screens.add(("phone", phase(page)))
            assert_accessible(phone, f"phone: {phase(page)}")
        if page is desktop and phase(page) == "discussing":
            photograph(desktop, "dany")
            assert desktop.locator(".dany-creation .card.memory").count() == 2
            assert LAYOUTS["it"] in desktop.locator(".dany-creation .layout").inner_text()
            assert desktop.locator(".dany-idea button.word").count() == 5
        if page is phone and phase(page) == "twist":
            assert_on_first_screen(phone, ".dany-twist button.seat-target")
            assert_fits_width(phone)

    check = checker(screens, names, photos)
    moves = play_to_the_end([phone, desktop, host],
                            stepper(browser_server, [phone, desktop], at_reveal=check),
                            limit=200, on_step=check)

    final = version(host)
    for page, language in ((desktop, "en"), (phone, "it"), (host, "en")):
        wait_version(page, final)
        assert_ended(page, language)
        assert_clean(page)
    for page in (desktop, phone):
        assert_accessible(page, f"{names[id(page)]} at the end")
    # Each screen was met and checked: the creation, the answer, the reveal, the vote.
    assert {("phone", "composing"), ("desktop", "discussing"), ("phone", "discussing"),
            ("host", "reveal"), ("phone", "reveal"), ("desktop", "twist"),
            ("phone", "twist")} <= screens
    assert moves >= 7


@pytest.mark.ci  # a longer game with Dany's Reason, ~20 s: the CI profile's
def test_a_game_with_danys_reason_shows_the_ally_and_four_failures(
        browser_server: Server, people: People) -> None:
    config = {"players": 4, "danys_reason": True, "idea_cards": 2}
    seed = seed_dealing(config, 1, REASON)  # the phone's person is Dany's ally
    created = browser_server.create("dany", ["person", "person", "random", "random"], config,
                                    seed=seed)
    desktop = people.seat(created, 0, viewport=DESKTOP, language="en")
    phone = people.seat(created, 1, viewport=PHONE, language="it")
    host = people.page(created["links"]["host"], viewport=DESKTOP, language="en")
    watcher = people.page(created["links"]["spectator"], viewport=PHONE, language="it")
    names = {id(desktop): "desktop", id(phone): "phone", id(host): "host"}

    # The desktop's person creates first; its hand shows by the pictures' names.
    desktop.wait_for_selector(".dany-hand button.card")
    assert_hand_by_names(desktop, "en")
    card = phone.locator(".dany-personality .card.secret")
    assert card.locator(".name").inner_text() == "La Ragione di Dany"
    assert "vinci se vince Dany" in card.inner_text()
    # Four failures lead to the Final Twist with the Reason: four slots on the track.
    assert phone.locator(".pile.failures .slot").count() == 4
    # A spectator watches: the public board, no secret card, no move.
    assert watcher.locator(".dany-personality").count() == 0
    assert watcher.locator(".dany-board button").count() == 0
    assert watcher.locator("#actions button").count() == 0
    assert_accessible(watcher, "spectator")

    screens: set[tuple[str, str]] = set()
    check = checker(screens, names)
    play_to_the_end([desktop, phone, host],
                    stepper(browser_server, [desktop, phone], at_reveal=check),
                    limit=300, on_step=check)
    final = version(host)
    for page, language in ((desktop, "en"), (phone, "it"), (host, "en"), (watcher, "it")):
        wait_version(page, final)
        assert_ended(page, language)
        assert_clean(page)
    assert {("desktop", "composing"), ("phone", "composing"), ("host", "reveal"),
            ("phone", "twist")} <= screens
    reason = [seat for seat, card in view_of(desktop)["revealed"] if card == REASON]
    assert reason == [1]
    assert "Dany's Reason was Seat 1" in desktop.locator(".phase-line").inner_text()
