"""The web table in a real browser: Debian's Chromium driven by Playwright against a real
``partyrules serve`` subprocess on a free port with a fresh SQLite file.

People play through the page as a person would (clicking the legal actions' buttons,
typing clues and guesses); forged messages go over the page's own WebSocket. Each game's
page is photographed into ``test-artifacts/`` (docs/img/server-*.png are copies).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page

import partyrules

from .browser import (
    PHONE,
    People,
    Server,
    assert_accessible,
    assert_clean,
    assert_fits_width,
    error_codes,
    forget_refused_reconnects,
    log_texts,
    photograph,
    play_to_the_end,
    update_of,
    version,
    view_of,
    wait_version,
)


@pytest.fixture
def server(browser_server: Server) -> Server:
    """The session's ``partyrules serve`` process."""
    return browser_server


def dinner_step(page: Page) -> None:
    """A quick Dinner player's move, by taps on the board (and a typed story): a ballot
    that welcomes every guest, a pass, or as many guests as the table takes seated at
    the table the board offers first, then the story told and put to the vote (no
    unknown character, no exchange)."""
    area = page.locator("#game-area")
    area.locator('button[data-move="ballot"], button[data-move="pass"], '
                 'button[data-move="propose"]').first.wait_for()
    for move in ("ballot", "pass"):
        button = area.locator(f'button[data-move="{move}"]')
        if button.count():
            button.click()
            return
    free = area.locator('.dn-hand button.card[aria-pressed="false"]:not([disabled])')
    while free.count():
        free.first.click()
    area.locator("#dn-story").fill("They all met at the opera")
    area.locator('button[data-move="propose"]').click()
    # The board sends the turn one action after the other: the move is made once all are.
    page.wait_for_selector(".dn-board:not([data-busy])")


def quiet_at(server: Server, table_id: str, pages: list[Page], bots: set[int],
             at_least: int) -> Callable[[], bool]:
    """A test of the moment nothing changes until a person moves: past ``at_least``
    actions, no bot seat to act, no board still sending a turn it composed, and every
    page at the version the server stored."""
    def quiet() -> bool:
        update = update_of(pages[0])
        return (update["version"] >= at_least and not bots & set(update["to_act"])
                and all(page.locator(".dn-board[data-busy]").count() == 0
                        and version(page) == update["version"] for page in pages)
                and server.listing(table_id)["actions"] == update["version"])
    return quiet


def play_dinner(pages: list[Page], until: Callable[[], bool] = lambda: False) -> int:
    """Play Dinner on every page until the game ends (or ``until()``)."""
    return play_to_the_end(pages, dinner_step, until=until, limit=200)


# -- the tests -----------------------------------------------------------------------------


@pytest.mark.ci  # a whole game by clicks, ~25 s: the CI profile's
def test_three_people_and_a_bot_play_dinner_to_the_end(server: Server, people: People) -> None:
    created = server.create("dinner", config={"players": 4},
                            seats=["person", "person", "person", "random"])
    pages = [people.page(created["links"]["seats"][str(seat)])
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
        server: Server, people: People) -> None:
    created = server.create("when_i_dream", config={"players": 4},
                            seats=["person", "person", "person", "person"], seed=3)
    links = created["links"]["seats"]
    dreamer = people.page(links["0"])
    teller = people.page(links["1"])
    others = [people.page(links[str(seat)]) for seat in (2, 3)]

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
    photograph(dreamer, "when_i_dream-dreamer", full_page=True)

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
    host = people.page(created["links"]["host"] + "&timer=2")
    assert re.fullmatch(r"0:0[0-2]", host.locator("#dream-timer .clock").inner_text())
    wait_version(host, before + 1)
    assert "time is up" in log_texts(host)[-1].lower()
    # Each page gets the update on its own socket: the host's may come before the Dreamer's.
    wait_version(dreamer, before + 1)
    assert view_of(dreamer)["phase"]["time_up"] is True

    # The last card goes unguessed; the Dreamer tells the dream, naming the Fairy card.
    dreamer.locator('.dreamer-screen button[data-type="DeclineGuess"]').click()
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


def test_a_reload_gets_the_same_view_back(server: Server, people: People) -> None:
    created = server.create("dinner", config={"players": 3},
                            seats=["person", "random", "random"], seed=11)
    page = people.page(created["links"]["seats"]["0"])
    # A bot's move landing between the two snapshots would be a new version, not a
    # different view: the reload is made at a person's turn, with the bots waiting.
    play_dinner([page], until=quiet_at(server, created["id"], [page], {1, 2}, 4))
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
                                                                   people: People) -> None:
    created = server.create("dinner", config={"players": 4},
                            seats=["person", "person", "person", "random"], seed=5)
    pages = [people.page(created["links"]["seats"][str(seat)])
             for seat in range(3)]
    # Past action 6 at a person's turn: nothing changes until the test moves.
    quiet = quiet_at(server, created["id"], pages, {3}, 6)

    play_dinner(pages, until=quiet)
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
        # The browser's own lines about the reconnections refused while it was down.
        forget_refused_reconnects(page)
    # The game goes on from where it stood.
    start = version(pages[0])
    play_dinner(pages, until=lambda: version(pages[0]) >= start + 3)
    assert version(pages[0]) >= start + 3
    # What the server stored is what the pages are shown (a last update may be on its way).
    stored = server.listing(created["id"])["actions"]
    wait_version(pages[0], stored)
    assert version(pages[0]) == stored


def test_forged_actions_are_refused_with_the_error_shown(server: Server, people: People) -> None:
    created = server.create("dinner", config={"players": 3},
                            seats=["person", "person", "random"], seed=2)
    seat0 = people.page(created["links"]["seats"]["0"])
    seat1 = people.page(created["links"]["seats"]["1"])
    watcher = people.page(created["links"]["spectator"])
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
def test_each_games_first_screen_on_an_italian_phone_is_clean_and_accessible(
        server: Server, people: People, game: str) -> None:
    config, seats = SCREENSHOT_TABLES[game]
    created = server.create(game, seats, config, seed=4)
    person = seats.index("person")
    page = people.seat(created, person, viewport=PHONE, language="it")
    page.wait_for_selector("#actions button, #actions form, #game-area form, "
                           "#game-area button, #outcome-banner")
    assert page.evaluate("() => document.documentElement.lang") == "it"
    assert page.locator("#turn-line").inner_text() in {"Tocca a te.", "In attesa…"} or \
        page.locator("#turn-line").inner_text().startswith("In attesa di")
    assert_fits_width(page)
    # The raw view is for developers only: folded away, but there.
    assert not page.locator("#debug").evaluate("(node) => node.open")
    assert page.locator("#view-text").text_content()
    assert_accessible(page, f"{game} on a phone, in Italian")
    assert_clean(page)


def test_the_lobby_creates_a_table_and_lists_it(server: Server, people: People) -> None:
    page = people.page("/", viewport=PHONE)
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
    assert_fits_width(page)
    photograph(page, "lobby", full_page=True)
    # The link opens the seat; the table was made with the form's settings.
    seat = people.page(link.removeprefix(server.base))
    assert seat.locator("#role").inner_text() == "Seat 1"
    assert seat.evaluate("() => window.PartyTable.welcome.table.config.no_screen_tables") is True
    assert seat.evaluate("() => window.PartyTable.welcome.table.referee") is True
    # A config the game refuses is shown, not swallowed.
    page.fill("#config-guests", "[]")
    page.click("#create-button")
    page.wait_for_selector('#banners .banner.error[data-code="invalid_config"]')


def test_the_host_closes_the_table_and_then_reads_the_replay(server: Server,
                                                             people: People) -> None:
    created = server.create("dinner", config={"players": 3},
                            seats=["person", "random", "random"], seed=12)
    host = people.page(created["links"]["host"])
    seat = people.page(created["links"]["seats"]["0"])
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


def test_the_lobby_speaks_italian_and_an_italian_table_plays_the_italian_deck(
        server: Server, people: People) -> None:
    page = people.page("/", viewport=PHONE, language="it")
    page.wait_for_selector("#game-select option", state="attached")
    assert page.evaluate("() => document.documentElement.lang") == "it"
    assert page.get_by_role("heading", name="Nuovo tavolo", exact=True).count() == 1
    assert page.locator("#create-button").inner_text() == "Crea il tavolo"
    page.select_option("#game-select", "when_i_dream")
    assert "da 4 a 10 giocatori" in page.locator("#game-hint").inner_text()
    assert page.locator('#seat-fields select[data-seat="0"] option').first.inner_text() \
        == "una persona"
    for seat in range(1, 4):
        page.select_option(f'#seat-fields select[data-seat="{seat}"]', "random")
    assert_accessible(page, "the lobby in Italian")
    page.click("#create-button")
    page.wait_for_selector("#created:not([hidden]) .link-row")
    link = page.locator('#links [data-role="seat-0"] input').input_value()
    seat = people.page(link.removeprefix(server.base), language="it")
    # The table was created from an Italian page: When I Dream deals its Italian deck.
    assert seat.evaluate("() => window.PartyTable.welcome.table.config.language") == "it"
    assert seat.locator("#how-panel summary").inner_text() == "Come si gioca"
    assert_accessible(page, "the lobby with the new table's links")
    for opened in (page, seat):
        assert_clean(opened)
