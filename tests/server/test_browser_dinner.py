"""Guess Who's Coming to Dinner at the web table, played as people play it: two people
(seat 0 on a desktop page in English, seat 1 on a phone page in Italian) and random bots,
every move a tap on the board's cards and buttons or a story typed in its box.

The board composes a turn on the cards and sends it whole (the opening, one Invite per
guest, the Propose); a ballot is a toggle per guest and one button. The default run plays
the first turns (each screen checked by axe, the phone's first screen, the hand shown by
its names); the CI profile plays a whole game to the end.
"""

from __future__ import annotations

import json
from typing import Any

import attrs
import httpx
import pytest
from playwright.sync_api import Page

import partyrules

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

GAME = partyrules.get_game("dinner")
STORIES = {
    "en": "George Clooney plans to shoot a movie based on the new novel by Neil Gaiman",
    "it": "Preparano insieme un film tratto dal nuovo romanzo di Neil Gaiman",
}
"""What each person tells at their table (typed in the story box)."""
MOVES = ('#game-area button[data-move="ballot"], #game-area button[data-move="pass"], '
         '#game-area button[data-move="propose"]')
"""The board's buttons that end a move: one of them shows whenever the seat may act."""


@attrs.define
class Person:
    """What one person at the table has done so far, so that their moves vary: one
    unknown character, one exchange, a burial and a join when they can, a guest turned
    down now and then."""

    language: str
    unknown_done: bool = False
    exchanged: bool = False
    buried: bool = False
    joined: bool = False
    ballots: int = 0
    kinds: set[str] = attrs.field(factory=set)
    """The kinds of move this person made."""


def guest_names(server: Server, config: dict[str, Any]) -> list[str]:
    """Every guest's name as a card shows it (a cross after the recently deceased), from
    the table's component data."""
    answer = httpx.get(f"{server.base}/api/games/dinner/components",
                       params={"config": json.dumps(config)}, timeout=10)
    assert answer.status_code == 200, answer.text
    return [guest["name"] + (" \u2020" if guest["deceased"] else "") for guest in answer.json()]


def hand_shown(page: Page) -> list[str]:
    """The names on the hand's cards, as the board shows them."""
    names: list[str] = page.locator(".dn-hand .card .name").all_inner_texts()
    return [name.strip() for name in names]


def assert_hand_by_names(page: Page, names: list[str]) -> None:
    """The board shows the seat's hand, each card by its guest's name."""
    assert hand_shown(page) == [names[card] for card in view_of(page)["hand"]]


def tap_guests(page: Page, most: int = 6) -> int:
    """Tap the hand's guests not seated yet, in order, until the table is full (the
    board disables the rest) or ``most`` are seated; returns how many were tapped."""
    tapped = 0
    free = page.locator('.dn-hand button.card[aria-pressed="false"]:not([disabled])')
    while tapped < most and free.count():
        free.first.click()
        tapped += 1
    return tapped


def person_step(person: Person) -> Any:
    """One move of ``person`` on their page, by taps and typing."""
    def step(page: Page) -> None:
        page.wait_for_selector(MOVES)
        area = page.locator("#game-area")
        ballot = area.locator('button[data-move="ballot"]')
        if ballot.count():
            person.ballots += 1
            if person.ballots % 2 == 0:  # turn the first new guest down, now and then
                area.locator(".dn-ballot button.card").first.click()
                assert area.locator('.dn-ballot button.card[aria-pressed="false"]').count() == 1
            ballot.click()
            person.kinds.add("Ballot")
            return
        passing = area.locator('button[data-move="pass"]')
        if passing.count():
            passing.click()
            person.kinds.add("Pass")
            return
        unknown = area.locator('button[data-move="unknown"]')
        if unknown.count() and not person.unknown_done:
            person.unknown_done = True
            unknown.click()
            person.kinds.add("Unknown")
            return
        exchange = area.locator('button[data-move="exchange"]')
        if exchange.count() and not person.exchanged:
            person.exchanged = True
            exchange.click()
            area.locator(".dn-hand button.card").last.click()
            person.kinds.add("Exchange")
            return
        burial = area.locator('button[data-plan^="burial:"]')
        join = area.locator('button[data-plan^="join:"]')
        most = 6
        if burial.count() and not person.buried:
            person.buried = True
            burial.first.click()
            person.kinds.add("StartBurial")
        elif join.count() and not person.joined:
            person.joined = True
            join.first.click()
            person.kinds.add("JoinTable")
            most = 1
        elif area.locator('button[data-plan="new"][aria-pressed="true"]').count():
            person.kinds.add("StartTable")
        assert tap_guests(page, most) >= 1
        area.locator("#dn-story").fill(STORIES[person.language])
        area.locator('button[data-move="propose"]').click()
        # The turn goes one action after the other: the move is made once all are sent.
        page.wait_for_selector(".dn-board:not([data-busy])")
        person.kinds.add("Propose")
    return step


def open_table(server: Server, people: People, players: int,
               seed: int) -> tuple[Page, Page]:
    """A table of two people (seat 0 on a desktop in English, seat 1 on a phone in
    Italian) and random bots, with each page showing the board."""
    seats = ["person", "person"] + ["random"] * (players - 2)
    created = server.create("dinner", seats, {"players": players}, seed=seed)
    desktop = people.seat(created, 0, viewport=DESKTOP, language="en")
    phone = people.seat(created, 1, viewport=PHONE, language="it")
    for page in (desktop, phone):
        page.wait_for_selector(".dn-board")
    return desktop, phone


def check_screen(page: Page, where: str, seen: set[str]) -> None:
    """axe on each distinct screen once per page: the turn composed, the ballot, a turn
    watched, the end."""
    view = view_of(page)
    phase = view["phase"]["type"]
    acting = bool(update_of(page)["legal"])
    screen = phase if acting or phase == "Over" else f"watching {phase}"
    if screen in seen:
        return
    seen.add(screen)
    assert_accessible(page, f"{where}: {screen}")
    assert_fits_width(page)


def test_dinner_first_turns_by_taps_on_a_desktop_and_an_italian_phone(
        browser_server: Server, people: People) -> None:
    config = {"players": 3}
    desktop, phone = open_table(browser_server, people, 3, seed=4)
    names = guest_names(browser_server, config)
    assert_accessible(desktop, "desktop at the start")
    assert_accessible(phone, "phone at the start")
    assert_hand_by_names(desktop, names)
    assert_hand_by_names(phone, names)
    # Seat 0 begins: its move is on the cards, on its first screen even on a desktop.
    assert "Your turn: you drew" in desktop.locator(".phase-line").inner_text()
    assert desktop.locator("#actions button.act").count() == 0  # the board claims them all
    assert desktop.locator("#dn-story").count() == 1
    label = desktop.locator('label[for="dn-story"]').inner_text()
    assert "Neil Gaiman" in label and "what are they talking about" in label
    # By the keyboard: Enter on a card seats it, again takes it back; the focus stays.
    first = desktop.locator(".dn-hand button.card").first
    card = first.get_attribute("data-card")
    first.focus()
    for pressed in ("true", "false"):
        desktop.keyboard.press("Enter")
        focused = desktop.locator(f'.dn-hand button.card[data-card="{card}"]')
        assert focused.get_attribute("aria-pressed") == pressed
        assert focused.evaluate("(node) => node === document.activeElement")
    # The phone sees seat 0 play, in Italian.
    assert phone.locator(".phase-line").inner_text().startswith("Gioca Posto 0")
    assert_on_first_screen(phone, ".dn-hand")

    # An unknown guest goes under the pile, a card is exchanged, a table is set.
    alice, bruno = Person("en"), Person("it")
    step_a, step_b = person_step(alice), person_step(bruno)
    start = version(desktop)
    drawn = view_of(desktop)["phase"]["drawn"]
    step_a(desktop)
    wait_version(desktop, start + 1)
    assert drawn not in view_of(desktop)["hand"]
    assert f"does not know {names[drawn].removesuffix(' †')}" in log_texts(desktop)[-1]
    step_a(desktop)
    wait_version(desktop, start + 2)
    assert view_of(desktop)["discard"]
    assert_accessible(desktop, "desktop composing a table")
    step_a(desktop)  # the opening, each guest and the story, sent whole
    phone.wait_for_selector('#game-area button[data-move="ballot"]')
    told = view_of(phone)["phase"]
    assert told["story"] == STORIES["en"] and len(told["invited"]) >= 2
    assert phone.locator(".dn-vote blockquote").inner_text() == STORIES["en"]
    shown = phone.locator(".dn-ballot .card .name").all_inner_texts()
    proposed = ([told["deceased"]] if told["deceased"] is not None else []) + told["invited"]
    assert [name.strip() for name in shown] == [names[card] for card in proposed]
    # The phone's first screen holds the ballot and the hand; axe on the ballot.
    assert_on_first_screen(phone, ".dn-vote", '#game-area button[data-move="ballot"]', ".dn-hand")
    assert phone.locator('button[data-move="ballot"]').inner_text() == "Vota: accogli tutti"
    assert_accessible(phone, "phone voting")
    assert_fits_width(phone)
    step_b(phone)
    # The count is read in the last vote's line, in each page's language.
    desktop.wait_for_selector(".dn-last-vote")
    phone.wait_for_selector(".dn-last-vote")
    assert "Last vote" in desktop.locator(".dn-last-vote").inner_text()
    assert "Ultima votazione" in phone.locator(".dn-last-vote").inner_text()
    assert desktop.locator(".dn-place").count() >= 1
    assert_accessible(desktop, "desktop after the vote")
    for page in (desktop, phone):
        assert_clean(page)


@pytest.mark.ci  # a whole game by taps, two people and two random bots
def test_dinner_whole_game_by_taps_on_a_desktop_and_an_italian_phone(
        browser_server: Server, people: People) -> None:
    config = {"players": 4}
    desktop, phone = open_table(browser_server, people, 4, seed=8)
    names = guest_names(browser_server, config)
    persons = {id(desktop): Person("en"), id(phone): Person("it")}
    steps = {id(page): person_step(persons[id(page)]) for page in (desktop, phone)}
    seen: dict[int, set[str]] = {id(desktop): set(), id(phone): set()}
    photographed: list[str] = []

    def step(page: Page) -> None:
        steps[id(page)](page)

    def on_step(page: Page, n: int) -> None:
        # The page about to move, and the other one (often watching a turn).
        for shown, where in ((desktop, "desktop"), (phone, "phone")):
            check_screen(shown, where, seen[id(shown)])
        assert_hand_by_names(page, names)
        if page is phone:
            assert_on_first_screen(phone, ".dn-hand", ".dn-vote, .dn-compose")
        # Mid-game, once the tables fill: the pictures of the docs.
        if not photographed and len(view_of(desktop)["tables"]) >= 2:
            photographed.append("done")
            for shot, name in ((desktop, "dinner"), (phone, "dinner-phone")):
                shot.evaluate("() => window.scrollTo(0, 0)")
                photograph(shot, name)

    moves = play_to_the_end([desktop, phone], step, limit=300, on_step=on_step)

    final = version(desktop)
    for page, language in ((desktop, "en"), (phone, "it")):
        wait_version(page, final)
        page.wait_for_selector("#outcome-banner")
        reason = update_of(page)["outcome"]["reason"]
        sentence = GAME.presentation.explain(reason, language)
        assert sentence in page.locator("#outcome-banner").inner_text()
        assert sentence in page.locator(".phase-line").inner_text()
        check_screen(page, "the end", seen[id(page)])
        assert len(log_texts(page)) == final
        assert_clean(page)
    assert moves > 10 and photographed
    # Every kind of move a person makes on this board was made by a tap.
    made = persons[id(desktop)].kinds | persons[id(phone)].kinds
    assert {"Ballot", "Propose", "StartTable", "Exchange", "Unknown"} <= made, made
    assert {"Drawing", "Voting", "watching Voting", "Over"} <= seen[id(desktop)] | seen[id(phone)]
