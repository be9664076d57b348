"""Dylan Dog at the web table, played as people play it: two people (seat 0 on a desktop
page in English, seat 1 on a phone page in Italian) and a random bot, every move a tap on
the board (a lit square, a gate, a white square, the nightmare plane's arrows, some of
them by the keyboard) or on the buttons and cards beside it.

The games end at their turn limit (the spec's end with no winner, `turn_limit`): random
play rarely finds all four mystery cards of a story. The default run plays a short game
to its end (axe at the start, on the phone's move and at the end; the phone's first
screen; the story shown by its names); the CI profile plays a longer one, whose people
head for the crypts, with axe once on each screen met.
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import httpx
import pytest
from playwright.sync_api import Page

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

REASONS = {
    "en": "The turn limit was reached: nobody escaped the nightmare.",
    "it": "Si è raggiunto il limite di turni: nessuno è uscito dall'incubo.",
}
"""The outcome's sentence of a game ended by its turn limit, in each page's language."""


@attrs.define
class Person:
    """One person at the table: their page's language, a die of their own for their
    choices, whether they head for the crypts, and what they did."""

    language: str
    rng: random.Random
    eager: bool = False
    """Head for the crypts: go down a plane, on along a path, into a crypt."""
    keyboard: bool = False
    """Make board moves by the keyboard (focus the lit square, press Enter) every other
    time."""
    board: dict[str, Any] | None = None
    """The table's board (its component data), for an eager person's way."""
    kinds: set[str] = attrs.field(factory=set)
    """The kinds of move this person made."""
    by_keyboard: int = 0


def choose(person: Person, view: dict[str, Any], legal: list[dict[str, Any]]) -> int:
    """The index of the legal move ``person`` makes: mostly a throw at the start of a turn
    (a trade or a challenge now and then); then, for an eager person, the way down to
    the crypts; otherwise, or where that way says nothing, a move at random."""
    kinds = [entry["action"]["type"] for entry in legal]
    if "Roll" in kinds and person.rng.random() < 0.75:
        return kinds.index("Roll")
    if person.eager and person.board is not None:
        found = toward_the_crypts(person.board, view, legal)
        if found is not None:
            return found
    return person.rng.randrange(len(legal))


def toward_the_crypts(board: dict[str, Any], view: dict[str, Any],
                      legal: list[dict[str, Any]]) -> int | None:
    """The move that brings the pawn nearer a crypt, where one does: from reality onto
    the nightmare plane; there to a passage square, the plane turned until a gate lies
    under it, and down; on a path, on toward a crypt (None: no such move now)."""
    index = {(entry["action"]["type"], entry["action"].get("plane")
              or entry["action"].get("direction")): number
             for number, entry in enumerate(legal)}

    def first(*keys: tuple[str, str]) -> int | None:
        return next((index[key] for key in keys if key in index), None)

    def nearer(here: int, places: list[int]) -> list[str]:
        sectors = board["sectors"]
        ahead = min((place - here) % sectors for place in places)
        behind = min((here - place) % sectors for place in places)
        return ["clockwise", "counterclockwise"] if ahead <= behind else [
            "counterclockwise", "clockwise"]

    pawn = view["pawns"][view["seat"]]
    if pawn["plane"] == "reality":
        return first(("ChangePlane", "nightmare"))
    if pawn["plane"] == "mystery":
        return first(("Step", "crypt"), *(("Step", crypt["name"]) for crypt in board["crypts"]))
    if pawn["plane"] != "nightmare":
        return None
    down = first(("ChangePlane", "mystery"))
    if down is not None:
        return down
    if board["nightmare"][pawn["square"]] == "passage":
        sector = (pawn["square"] + view["rotation"]) % board["sectors"]
        ways = nearer(sector, [gate["sector"] for gate in board["gates"]])
        # Turning the plane clockwise brings a gate counterclockwise of the pawn under it.
        return first(*(("Rotate", "counterclockwise" if way == "clockwise" else "clockwise")
                       for way in ways))
    passages = [square for square, kind in enumerate(board["nightmare"]) if kind == "passage"]
    return first(*(("Step", way) for way in nearer(pawn["square"], passages)))


def person_step(person: Person) -> Any:
    """One move of ``person`` on their page: a tap on the control the board shows for it
    (or Enter on a lit square of the board)."""
    def step(page: Page) -> None:
        update = update_of(page)
        legal = update["legal"]
        index = choose(person, update["view"]["data"], legal)
        kind = legal[index]["action"]["type"]
        control = page.locator(f'#game-area [data-index="{index}"]')
        assert control.count() == 1, (kind, legal[index])
        on_board = control.evaluate("(node) => node.getAttribute('role') === 'button'")
        if on_board and person.keyboard and person.rng.random() < 0.5:
            control.focus()
            page.keyboard.press("Enter")
            person.by_keyboard += 1
        else:
            control.click()
        person.kinds.add(kind)
    return step


def open_table(server: Server, people: People, turns: int, seed: int) -> tuple[Page, Page]:
    """A table of two people (seat 0 on a desktop in English, seat 1 on a phone in
    Italian) and a random bot, each page showing the board."""
    created = server.create("dylan_dog", ["person", "person", "random"],
                            {"players": 3, "turn_limit": turns}, seed=seed)
    desktop = people.seat(created, 0, viewport=DESKTOP, language="en")
    phone = people.seat(created, 1, viewport=PHONE, language="it")
    for page in (desktop, phone):
        page.wait_for_selector(".dd-screen svg.dd-svg")
    return desktop, phone


def components(server: Server) -> list[Any]:
    """The board and the decks of a default table (its component data)."""
    answer = httpx.get(f"{server.base}/api/games/dylan_dog/components",
                       params={"config": json.dumps({"players": 3})}, timeout=10)
    assert answer.status_code == 200, answer.text
    found: list[Any] = answer.json()
    return found


def story_names(server: Server, language: str) -> list[str]:
    """Every story card's element as the board names it in ``language`` (the component
    data, through the game's catalogue the page reads)."""
    elements = [card["element"] for card in components(server)[1]["story"]]
    if language == "en":
        return elements
    words = httpx.get(f"{server.base}/api/messages/{language}", params={"game": "dylan_dog"},
                      timeout=10).json()["messages"]
    return [words.get(element, element) for element in elements]


def assert_story_by_names(page: Page, names: list[str]) -> None:
    """The board shows the seat's four story cards, each by its element."""
    seat = view_of(page)["seat"]
    names_shown = page.locator(".dd-hand .dd-story .card .name").all_inner_texts()
    shown = [name.strip() for name in names_shown]
    assert shown == [names[card] for card in view_of(page)["stories"][seat]]
    assert len(shown) == 4


def assert_the_end(page: Page, language: str) -> None:
    """The outcome banner gives the turn limit's sentence in the page's language, the
    board says the game is over, nothing is left to do."""
    page.wait_for_selector("#outcome-banner")
    assert REASONS[language] in page.locator("#outcome-banner").inner_text()
    assert view_of(page)["phase"]["type"] == "Over"
    assert page.locator(".dd-target, #game-area button.act-send").count() == 0
    # Every story is shown once the game is over.
    assert page.locator(".dd-seats .dd-story .card").count() == 12


def check_screen(page: Page, where: str, seen: set[str]) -> None:
    """axe on each distinct screen once: the phase this page's person acts in, or
    watches."""
    phase = view_of(page)["phase"]["type"]
    screen = phase if update_of(page)["legal"] else f"watching {phase}"
    if screen in seen:
        return
    seen.add(screen)
    assert_accessible(page, f"{where}: {screen}")
    assert_fits_width(page)


def test_a_short_dylan_dog_game_by_taps_on_a_desktop_and_an_italian_phone(
        browser_server: Server, people: People) -> None:
    desktop, phone = open_table(browser_server, people, turns=5, seed=4)
    # The legend, opened, names every kind of square (and stays open through the game).
    desktop.locator(".dd-legend summary").click()
    assert "take a nightmare card" in desktop.locator(".dd-legend").inner_text()
    assert_accessible(desktop, "desktop at the start")
    assert_accessible(phone, "phone at the start")
    assert_story_by_names(desktop, story_names(browser_server, "en"))
    assert_story_by_names(phone, story_names(browser_server, "it"))
    # Seat 0 begins: the die is a button beside the board, named in words; the board
    # offers every move itself.
    assert desktop.locator(".phase-line").inner_text().startswith("Your first turn")
    assert desktop.locator('#game-area button[data-type="Roll"]').inner_text() == "Throw the die"
    assert desktop.locator("#actions button.act").count() == 0
    assert phone.locator(".phase-line").inner_text().startswith("Posto 0 sta per tirare")
    assert "Posto 0 (tu)" not in phone.locator(".dd-seats").inner_text()
    assert "Posto 1 (tu)" in phone.locator(".dd-seats").inner_text()
    # The text table of the board is for developers only now: folded away.
    assert not desktop.locator("#debug").evaluate("(node) => node.open")

    people_at = {id(desktop): Person("en", random.Random(1), keyboard=True),
                 id(phone): Person("it", random.Random(2))}
    checked: set[str] = set()

    def on_step(page: Page, _: int) -> None:
        # The phone's first screen while its person plays: the story and the move.
        if page is phone and "phone" not in checked:
            checked.add("phone")
            assert_on_first_screen(phone, ".dd-status .phase-line", ".dd-hand", ".dd-board svg")
            assert_fits_width(phone)
            assert_accessible(phone, "phone, its move")

    def step(page: Page) -> None:
        person_step(people_at[id(page)])(page)

    steps = play_to_the_end([desktop, phone], step, limit=200, on_step=on_step)
    assert "phone" in checked and steps > 6
    final = version(desktop)
    for page, language in ((desktop, "en"), (phone, "it")):
        wait_version(page, final)
        assert_the_end(page, language)
        assert_clean(page)
    assert desktop.locator(".dd-legend").evaluate("(node) => node.open")
    assert_accessible(desktop, "desktop at the end")
    assert_accessible(phone, "phone at the end")
    # The first turns rotate the plane by its arrows, some of them by the keyboard.
    desktop_person = people_at[id(desktop)]
    assert {"Roll", "Rotate"} <= desktop_person.kinds
    assert desktop_person.by_keyboard >= 1
    # The log is told in each page's language.
    assert any(line.endswith("Seat 0 throws the die") for line in log_texts(desktop))
    assert any(line.endswith("Posto 0 tira il dado") for line in log_texts(phone))


@pytest.mark.ci  # a longer game by taps, ~45 s: the CI profile's
def test_a_whole_dylan_dog_game_heading_for_the_crypts(browser_server: Server,
                                                      people: People) -> None:
    desktop, phone = open_table(browser_server, people, turns=30, seed=7)
    board = components(browser_server)[0]
    people_at = {id(desktop): Person("en", random.Random(3), eager=True, keyboard=True,
                                     board=board),
                 id(phone): Person("it", random.Random(4), eager=True, board=board)}
    seen: dict[int, set[str]] = {id(desktop): set(), id(phone): set()}
    for page, name in ((desktop, "desktop"), (phone, "phone")):
        check_screen(page, name, seen[id(page)])
    photographed: set[str] = set()

    def on_step(page: Page, _: int) -> None:
        name = "desktop" if page is desktop else "phone"
        check_screen(page, name, seen[id(page)])
        phase = view_of(page)["phase"]
        if (name not in photographed and phase["type"] == "Moving"
                and phase["mode"] == "move" and view_of(page)["held"][view_of(page)["seat"]]
                and page.locator(".dd-target").count() >= 2):
            photographed.add(name)
            photograph(page, "dylan_dog" if page is desktop else "dylan_dog-phone")
            if page is phone:
                assert_on_first_screen(phone, ".dd-status .phase-line", ".dd-hand",
                                       ".dd-board svg")

    def step(page: Page) -> None:
        person_step(people_at[id(page)])(page)

    play_to_the_end([desktop, phone], step, limit=1500, on_step=on_step)
    final = version(desktop)
    for page, language in ((desktop, "en"), (phone, "it")):
        wait_version(page, final)
        assert_the_end(page, language)
        check_screen(page, "the end", seen[id(page)])
        assert_clean(page)
    assert photographed == {"desktop", "phone"}
    # The people went down the planes, along the paths and into the crypts.
    made = people_at[id(desktop)].kinds | people_at[id(phone)].kinds
    assert {"Roll", "Rotate", "Step", "ChangePlane", "Return", "Search"} <= made, made
    screens = seen[id(desktop)] | seen[id(phone)]
    assert {"TurnStart", "Moving", "Searching", "Returning"} <= screens, screens
