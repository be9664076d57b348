"""The web table in a real browser: Debian's Chromium driven by Playwright against a real
``partyrules serve`` subprocess on a free port with a fresh SQLite file.

People play through the page as a person would (clicking the legal actions' buttons,
typing clues and guesses); forged messages go over the page's own WebSocket. Each game's
page is photographed into ``test-artifacts/`` (docs/img/server-*.png are copies).
"""

from __future__ import annotations

import contextlib
import re
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

import partyrules
from partyrules.server.tables import RACE_PAUSE

from .conftest import ProcessServer

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE_WIDTH = 390
DESKTOP = {"width": 1100, "height": 900}
WAIT_MS = 15_000
"""The longest a page may take to show what the server sent (a busy 2-core machine)."""


# -- the server and the browser ------------------------------------------------------------


class Server(ProcessServer):
    """A ``partyrules serve`` subprocess with the server's own race pause; after a
    ``kill`` it comes back on the same port and database by ``start``."""

    def __init__(self, db: Path, log: Path) -> None:
        # The session's tables all come from this one address.
        super().__init__(db, log, race_pause=RACE_PAUSE, options=(
            "--tables-per-minute", "1000", "--open-tables-per-client", "1000"))

    def listing(self, table_id: str) -> dict[str, Any]:
        """The table's entry of ``GET /api/tables``."""
        entries = httpx.get(f"{self.base}/api/tables", timeout=10).json()
        return next(entry for entry in entries if entry["id"] == table_id)


@contextlib.contextmanager
def running_server() -> Iterator[Server]:
    with tempfile.TemporaryDirectory(prefix="partyrules-browser-") as folder:
        server = Server(Path(folder) / "tables.sqlite3", Path(folder) / "server.log")
        server.start()
        try:
            yield server
        finally:
            server.stop()


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    """One server for the tests that do not stop it."""
    with running_server() as started:
        yield started


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def contexts(browser: Browser) -> Iterator[Callable[..., BrowserContext]]:
    """New browser contexts (one per person: nothing shared), closed after the test."""
    opened: list[BrowserContext] = []

    def new_context(**options: Any) -> BrowserContext:
        context = browser.new_context(viewport=options.pop("viewport", DESKTOP), **options)
        context.set_default_timeout(WAIT_MS)
        opened.append(context)
        return context

    yield new_context
    for context in opened:
        context.close()


# -- driving a page ------------------------------------------------------------------------


PAGE_ERRORS: dict[int, list[str]] = {}
"""Script errors per page (by ``id``): a page that throws fails its test."""


def open_table(new_context: Callable[..., BrowserContext], server: Server, link: str,
               **options: Any) -> Page:
    """A person's page at ``link`` (a path with the token in its fragment), once it shows
    the table."""
    page = new_context(**options).new_page()
    errors = PAGE_ERRORS.setdefault(id(page), [])
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.base + link)
    page.wait_for_selector("body[data-version]")
    return page


def assert_clean(page: Page) -> None:
    """No script error on the page and no error banner."""
    assert not PAGE_ERRORS.get(id(page)), PAGE_ERRORS[id(page)]
    assert not error_codes(page), page.locator("#banners").inner_text()


def version(page: Page) -> int:
    return int(page.evaluate("() => window.PartyTable.update.version"))


def wait_version(page: Page, at_least: int) -> None:
    page.wait_for_function("(v) => window.PartyTable.update && "
                           "window.PartyTable.update.version >= v", arg=at_least)


def settled(page: Page) -> None:
    """Wait until the page's actions are settled: the server has answered each (its update
    or its error came before the pong of the ping the page sends after an action)."""
    page.wait_for_function("() => !window.PartyTable.pending")


def update_of(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate("() => window.PartyTable.update")
    return found


def view_of(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = update_of(page)["view"]["data"]
    return found


def log_texts(page: Page) -> list[str]:
    texts: list[str] = page.locator("#log li").all_inner_texts()
    return texts


def error_codes(page: Page) -> list[str]:
    codes: list[str] = page.eval_on_selector_all(
        "#banners .banner.error", "(nodes) => nodes.map((n) => n.dataset.code)")
    return codes


def dinner_choice(page: Page) -> dict[str, Any] | None:
    """What a quick Dinner player does now: the first legal action that moves the game
    towards its end (no Unknown, no Exchange), or None when the seat may not act."""
    choice: dict[str, Any] | None = page.evaluate("""() => {
        const update = window.PartyTable.update;
        if (!update || update.finished || window.PartyTable.pending) return null;
        const index = update.legal.findIndex(
            (entry) => !["Unknown", "Exchange"].includes(entry.action.type));
        if (index < 0) return null;
        return {index, type: update.legal[index].action.type, version: update.version,
                free: update.legal[index].free_text.length > 0};
    }""")
    return choice


def play_dinner_step(page: Page, choice: dict[str, Any]) -> None:
    """Click the chosen button (or type a story and send it), as a person would."""
    if choice["free"]:
        form = page.locator(f'#actions form.free-text[data-type="{choice["type"]}"]')
        form.locator("input").first.fill("They all met at the opera")
        form.locator("button").click()
    else:
        page.locator(f'#actions button.act[data-index="{choice["index"]}"]').click()


def play_dinner(pages: list[Page], until: Callable[[], bool] = lambda: False,
                limit: int = 200) -> int:
    """Play Dinner on every page until the game ends (or ``until()``): in each round every
    page that may act acts before anything waits (ballots are cast at once)."""
    steps = 0
    idle_since = time.monotonic()
    while steps < limit and not until():
        choices = [(page, dinner_choice(page)) for page in pages]
        acting = [(page, choice) for page, choice in choices if choice is not None]
        if not acting:
            if any(update_of(page)["finished"] for page in pages):
                return steps
            # A bot is playing, or an update is on its way to the page that acts next.
            assert time.monotonic() - idle_since < WAIT_MS / 1000, "nobody may act"
            time.sleep(0.03)
            continue
        idle_since = time.monotonic()
        for page, choice in acting:
            play_dinner_step(page, choice)
            steps += 1
        for page, _ in acting:
            settled(page)
    for page in pages:
        assert_clean(page)  # no action was refused, no script failed
    return steps


# -- the tests -----------------------------------------------------------------------------


@pytest.mark.ci  # a whole game by clicks, ~25 s: the CI profile's
def test_three_people_and_a_bot_play_dinner_to_the_end(server: Server, contexts: Any) -> None:
    created = server.create("dinner", config={"players": 4},
                            seats=["person", "person", "person", "random"])
    pages = [open_table(contexts, server, created["links"]["seats"][str(seat)])
             for seat in range(3)]
    for seat, page in enumerate(pages):
        assert page.locator("#role").inner_text() == f"Seat {seat}"
        assert view_of(page)["seat"] == seat

    steps = play_dinner(pages)

    final = version(pages[0])
    for page in pages:
        wait_version(page, final)
        page.wait_for_selector("#outcome-banner")
        update = update_of(page)
        assert update["finished"] and update["legal"] == [] and update["to_act"] == []
        assert "Game over" in page.locator("#outcome-banner").inner_text()
        assert page.locator("#actions button.act").count() == 0
        assert_clean(page)
    assert steps > 10  # every person acted many times: turns, invitations, ballots
    # Each person's log tells the whole game: one line per accepted action.
    assert len(log_texts(pages[0])) == final
    # The host's replay of the game plays back to the same end.
    replay = httpx.get(f"{server.base}/api/tables/{created['id']}/replay", timeout=10,
                       headers={"Authorization": f"Bearer {created['host']}"})
    assert replay.status_code == 200, replay.text
    loaded = partyrules.loads(replay.text)
    assert len(loaded.actions) == final and loaded.verify().ok
    # Once the game is over a seat may download it too, from the page.
    with pages[1].expect_download() as download:
        pages[1].locator("#replay-button").click()
    assert partyrules.loads(Path(download.value.path()).read_text()) == loaded
    assert server.listing(created["id"])["finished"] is True
    # No token ever reached the server's log (the page sends them in the fragment-free
    # WebSocket message only).
    log = server.log.read_text()
    for token in [created["host"], created["spectator"],
                  *(seat["token"] for seat in created["seats"] if seat["token"])]:
        assert token not in log


CLUES = ["velvet", "thunder", "orchard", "lantern", "glacier", "compass"]
"""Clue words; those that share three letters with the card's word are left out (the
engine refuses a form of the word on the card)."""


@pytest.mark.ci  # a round by typing, ~17 s: the CI profile's
def test_a_when_i_dream_round_with_typed_clues_a_guess_and_the_hosts_timer(
        server: Server, contexts: Any) -> None:
    created = server.create("when_i_dream", config={"players": 4},
                            seats=["person", "person", "person", "person"], seed=3)
    links = created["links"]["seats"]
    dreamer = open_table(contexts, server, links["0"])
    teller = open_table(contexts, server, links["1"])
    others = [open_table(contexts, server, links[str(seat)]) for seat in (2, 3)]

    # The Dreamer's screen: eyes closed, no word, a big guess box; the others see the word.
    screen = dreamer.locator(".dreamer-screen")
    assert "You are the Dreamer" in screen.inner_text()
    assert view_of(dreamer)["word"] is None
    assert dreamer.locator(".dream-card").count() == 0
    word = teller.locator(".dream-card .word").inner_text()
    assert word and word == view_of(teller)["word"]

    # Three clues, typed by the three clue-givers in turn, reach the Dreamer's screen.
    clues = [c for c in CLUES if c[:3] not in word and word[:3] not in c][:3]
    for seat, (page, clue) in enumerate(zip([teller, *others], clues, strict=True), start=1):
        wait_version(page, version(dreamer))
        before = version(page)
        assert view_of(page)["phase"]["active"] == seat
        box = page.locator('.dream-card form.big-form[data-type="GiveClue"]')
        box.locator("input").fill(clue)
        box.locator("button").click()
        wait_version(dreamer, before + 1)
        assert clue in dreamer.locator(".dreamer-screen .clues").inner_text()
    assert [w for _, w in view_of(dreamer)["clues"]] == clues
    assert dreamer.locator(".dreamer-screen .clue.latest").inner_text() == clues[-1]
    ARTIFACTS.mkdir(exist_ok=True)
    dreamer.screenshot(path=ARTIFACTS / "server-when_i_dream-dreamer.png", full_page=True)

    # The Dreamer types the word: a Fairy card, seen by the others (not by the Dreamer).
    before = version(dreamer)
    guess = dreamer.locator('.dreamer-screen form.big-form[data-type="Guess"]')
    guess.locator("input").fill(word.upper())
    guess.locator("button").click()
    wait_version(teller, before + 1)
    assert view_of(teller)["fairy"] and view_of(teller)["pile_sizes"] == [1, 0]
    assert f"“{word.upper()}”" in log_texts(teller)[-1]
    assert view_of(teller)["word"] != word  # the next card is in play

    # The host's timer (2 minutes; 2 seconds here, set in the link) calls time up by itself.
    before = version(teller)
    host = open_table(contexts, server, created["links"]["host"] + "&timer=2")
    assert re.fullmatch(r"0:0[0-2]", host.locator("#dream-timer .clock").inner_text())
    wait_version(host, before + 1)
    assert "time is up" in log_texts(host)[-1].lower()
    # Each page gets the update on its own socket: the host's may come before the Dreamer's.
    wait_version(dreamer, before + 1)
    assert view_of(dreamer)["phase"]["time_up"] is True

    # The last card goes unguessed; the Dreamer tells the dream, naming the Fairy card.
    dreamer.locator('#actions button.act[data-type="DeclineGuess"]').click()
    wait_version(dreamer, before + 2)
    recount = dreamer.locator('.dreamer-screen form.big-form[data-type="Recount"]')
    recount.locator("input").fill(word)
    recount.locator("button").click()
    wait_version(dreamer, before + 3)
    wait_version(teller, before + 3)
    view = view_of(teller)
    assert view["round"] == 2 and view["dreamer"] == 1
    result = view["last_round"]
    assert result["dreamer"] == 0 and len(result["fairy"]) == 1 and result["bonus"] is True
    # Round two: the teller now dreams and sees the eyes-closed screen.
    teller.wait_for_selector(".dreamer-screen")
    assert dreamer.locator(".dream-card .word").inner_text() == view_of(dreamer)["word"]
    for page in (dreamer, teller, host, *others):
        assert_clean(page)


def test_a_reload_gets_the_same_view_back(server: Server, contexts: Any) -> None:
    created = server.create("dinner", config={"players": 3},
                            seats=["person", "random", "random"], seed=11)
    page = open_table(contexts, server, created["links"]["seats"]["0"])
    play_dinner([page], until=lambda: version(page) >= 4)
    before = update_of(page)
    text = page.locator("#view-text").inner_text()
    log = log_texts(page)
    assert before["version"] >= 4 and log

    page.reload()
    page.wait_for_selector("body[data-version]")
    after = update_of(page)
    assert after["version"] == before["version"]
    assert after["view"] == before["view"] and after["legal"] == before["legal"]
    assert page.locator("#view-text").inner_text() == text
    assert log_texts(page) == log
    assert page.locator("#role").inner_text() == "Seat 0"


@pytest.mark.ci  # the default run kills a server mid-game without a browser (test_restart)
def test_a_server_killed_mid_game_comes_back_and_the_pages_rejoin(server: Server,
                                                                   contexts: Any) -> None:
    created = server.create("dinner", config={"players": 4},
                            seats=["person", "person", "person", "random"], seed=5)
    pages = [open_table(contexts, server, created["links"]["seats"][str(seat)])
             for seat in range(3)]
    play_dinner(pages, until=lambda: version(pages[0]) >= 6)
    stored = server.listing(created["id"])["actions"]
    for page in pages:  # every page has what the server stored before it is killed
        wait_version(page, stored)
    before = [update_of(page) for page in pages]

    server.kill()  # the shared server: it comes back on the same port, with the same file
    for page in pages:
        page.wait_for_selector('body[data-connection="down"]')
    server.start()
    for page, earlier in zip(pages, before, strict=True):
        # Rejoined: a welcome, then the table as the server rebuilt it from its file.
        page.wait_for_selector('body[data-connection="up"][data-version]')
        now = update_of(page)
        assert now["version"] == earlier["version"]
        assert now["view"] == earlier["view"] and now["legal"] == earlier["legal"]
    # The game goes on from where it stood.
    start = version(pages[0])
    play_dinner(pages, until=lambda: version(pages[0]) >= start + 3)
    assert version(pages[0]) >= start + 3
    assert server.listing(created["id"])["actions"] == version(pages[0])


def test_forged_actions_are_refused_with_the_error_shown(server: Server, contexts: Any) -> None:
    created = server.create("dinner", config={"players": 3},
                            seats=["person", "person", "random"], seed=2)
    seat0 = open_table(contexts, server, created["links"]["seats"]["0"])
    seat1 = open_table(contexts, server, created["links"]["seats"]["1"])
    watcher = open_table(contexts, server, created["links"]["spectator"])
    assert watcher.locator("#role").inner_text() == "Spectator"
    assert update_of(watcher)["legal"] == []
    start = version(seat0)
    seat0_action = update_of(seat0)["legal"][0]["action"]
    assert seat0_action["seat"] == 0

    # Seat 1's token sends seat 0's legal action, and one claiming to be seat 0's.
    seat1.evaluate("(action) => window.PartyTable.send({type: 'act', action})", seat0_action)
    seat1.wait_for_selector('#banners .banner.error[data-code="forbidden"]')
    # A spectator tries the same, and a table ruling.
    watcher.evaluate("(action) => window.PartyTable.send({type: 'act', action})", seat0_action)
    watcher.wait_for_selector('#banners .banner.error[data-code="forbidden"]')
    watcher.evaluate("() => window.PartyTable.send({type: 'act', action: "
                     "{type: 'StartTable', seat: -1}})")
    watcher.wait_for_function(
        "() => document.querySelectorAll('#banners .banner.error').length >= 2")
    assert all(code == "forbidden" for code in error_codes(watcher))

    # Nothing changed: the same version everywhere, seat 0 still holds the same choice.
    assert server.listing(created["id"])["actions"] == start
    assert version(seat0) == version(seat1) == version(watcher) == start
    assert update_of(seat0)["legal"][0]["action"] == seat0_action
    # The banner is dismissible.
    seat1.locator("#banners .banner.error button.dismiss").first.click()
    assert seat1.locator("#banners .banner.error").count() == 0


SCREENSHOT_TABLES: dict[str, tuple[dict[str, Any], list[str]]] = {
    "dinner": ({"players": 4}, ["person", "random", "random", "random"]),
    "dany": ({"players": 4}, ["person", "random", "random", "random"]),
    "when_i_dream": ({"players": 4}, ["random", "person", "random", "random"]),
    "dylan_dog": ({"players": 3}, ["person", "random", "random"]),
    "hollywood": ({"players": 3}, ["person", "random", "random"]),
}


@pytest.mark.parametrize("game", sorted(SCREENSHOT_TABLES))
def test_each_games_page_fits_a_phone_and_is_photographed(server: Server, contexts: Any,
                                                          game: str) -> None:
    config, seats = SCREENSHOT_TABLES[game]
    created = server.create(game, seats, config, seed=4)
    person = seats.index("person")
    page = open_table(contexts, server, created["links"]["seats"][str(person)],
                      viewport={"width": PHONE_WIDTH, "height": 844})
    page.wait_for_selector("#actions button, #actions form, #game-area form, #outcome-banner")
    if game == "dylan_dog":
        board = page.locator("#game-area svg.dylan-board")
        board.wait_for()
        assert board.locator("g.pawn").count() == 3
        assert board.locator("[data-crypt]").count() == 4
    # A phone: nothing scrolls sideways.
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE_WIDTH, f"{game}: the page is {width}px wide on a {PHONE_WIDTH}px phone"
    assert page.locator("#view .record").count() >= 1
    assert page.locator("#view-text").inner_text().strip()
    assert_clean(page)
    ARTIFACTS.mkdir(exist_ok=True)
    if game == "when_i_dream":  # the docs show one game on a phone
        page.screenshot(path=ARTIFACTS / f"server-{game}-phone.png", full_page=True)
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=ARTIFACTS / f"server-{game}.png", full_page=True)


def test_the_lobby_creates_a_table_and_lists_it(server: Server, contexts: Any) -> None:
    page = contexts(viewport={"width": PHONE_WIDTH, "height": 844}).new_page()
    page.goto(server.base + "/")
    page.wait_for_selector("#game-select option", state="attached")
    page.select_option("#game-select", "dinner")
    page.fill("#players-input", "3")
    assert page.locator("#seat-fields select").count() == 3
    page.select_option('#seat-fields select[data-seat="2"]', "random")
    page.locator("#config-details summary").click()  # the variants are folded
    page.check("#config-no_screen_tables")
    page.fill("#seed-input", "9")
    page.check("#referee-input")
    page.click("#create-button")
    page.wait_for_selector("#created:not([hidden]) .link-row")
    table_id = page.locator("#created").get_attribute("data-table")
    assert table_id
    roles = page.eval_on_selector_all("#links .link-row",
                                      "(rows) => rows.map((r) => r.dataset.role)")
    assert roles == ["host", "seat-0", "seat-1", "seat-2", "spectator"]
    assert "referee" in page.locator('#links [data-role="host"] strong').inner_text()
    assert page.locator('#links [data-role="seat-2"] input').count() == 0  # a bot has no link
    link = page.locator('#links [data-role="seat-1"] input').input_value()
    assert link.startswith(f"{server.base}/table/{table_id}#token=")
    page.wait_for_selector(f'#tables tr[data-table="{table_id}"]')
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE_WIDTH
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS / "server-lobby.png", full_page=True)
    # The link opens the seat; the table was made with the form's settings.
    seat = open_table(contexts, server, link.removeprefix(server.base))
    assert seat.locator("#role").inner_text() == "Seat 1"
    assert seat.evaluate("() => window.PartyTable.welcome.table.config.no_screen_tables") is True
    assert seat.evaluate("() => window.PartyTable.welcome.table.referee") is True
    # A config the game refuses is shown, not swallowed.
    page.fill("#config-guests", "[]")
    page.click("#create-button")
    page.wait_for_selector('#banners .banner.error[data-code="invalid_config"]')


def test_the_host_closes_the_table_and_then_reads_the_replay(server: Server,
                                                             contexts: Any) -> None:
    created = server.create("dinner", config={"players": 3},
                            seats=["person", "random", "random"], seed=12)
    host = open_table(contexts, server, created["links"]["host"])
    seat = open_table(contexts, server, created["links"]["seats"]["0"])
    # A host who plays (no referee) sees no replay while the game goes on.
    assert host.locator("#replay-button").is_hidden()
    assert host.locator("#close-button").is_visible()
    assert seat.locator("#close-button").is_hidden()
    host.once("dialog", lambda dialog: dialog.accept())  # "Close this table for everyone?"
    host.click("#close-button")
    for page in (host, seat):
        page.wait_for_function("() => document.body.dataset.closed === 'true'")
        assert "closed" in page.locator("#turn-line").inner_text()
        assert page.locator("#replay-button").is_visible()
        assert page.locator("#close-button").is_hidden()
        assert_clean(page)
