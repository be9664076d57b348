"""When I Dream in a real browser: people play through the board, one on a desktop page in
English, one on a phone page in Italian, the host's page keeping the dream's timer and
making the table's rulings, bots in the other seats. The tables are Italian tables
(created with ``language="it"``): they deal the Italian Dream deck.

The default run plays the first round of the expert variant with the table judging: a
clue typed on the phone, a guess typed on the desktop and judged on the host's page, the
host's timer calling time by itself, the card let go, the dream told and judged, and the
second round's first screens. The CI profile plays a whole game.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import partyrules
from partyrules.games.when_i_dream.cards import role_of

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
    may_act,
    photograph,
    play_to_the_end,
    settled,
    update_of,
    version,
    view_of,
    wait_version,
)

GAME = partyrules.get_game("when_i_dream")
SHOWN = GAME.presentation
ITALIAN_WORDS = frozenset(word for card in GAME.component_data(
    GAME.Config(players=4, language="it")).cards for word in card)
"""Every word of the Italian Dream deck (the component data of an Italian table)."""
CLUES = {"en": ("velvet", "thunder", "orchard", "lantern", "glacier", "compass"),
         "it": ("notte", "velluto", "tuono", "frutteto", "lanterna", "bussola")}
"""What each person says as a clue: the first that shares no three letters' start with
the card's word (a form of the word is a penalty card)."""
WRONG = {"en": "strawberry", "it": "fragola"}
"""A wrong guess, the rulebook's own (the Boogeyman's Fragola for Ciliegia)."""
ROLE_WORDS = {"fairy": "Fairy", "boogeyman": "Boogeyman", "sandman": "Sandman"}


def kinds(update: dict[str, Any]) -> set[str]:
    """The kinds of the moves an update (:func:`update_of`) lets its page make."""
    return {entry["action"]["type"] for entry in update["legal"]}


def language_of(page: Page) -> str:
    """The page's language."""
    found: str = page.evaluate("() => window.PartyTable.language")
    return found


def clue_for(word: str, language: str, turn: int = 0) -> str:
    """A clue that is no form of ``word``, the ``turn``-th of the list in turn."""
    said = CLUES[language][turn % len(CLUES[language]):] + CLUES[language]
    return next(clue for clue in said if clue[:3] not in word and word[:3] not in clue)


def type_into(page: Page, form: str, text: str) -> None:
    """Type ``text`` into the board's text box ``form`` and send it with its button."""
    box = page.locator(form)
    box.locator("input").fill(text)
    box.locator("button[type=submit]").click()


def assert_spirit_by_name(page: Page) -> None:
    """The seat's Spirit card shows its role's name in the page's language, with its goal,
    and the Dream card its word: the view's word, a word of the table's deck."""
    # One look at the page: the board and the view it was drawn from.
    shown: dict[str, Any] = page.evaluate("""() => {
        const text = (selector) => {
            const node = document.querySelector(selector);
            return node ? node.textContent : null;
        };
        const card = document.querySelector(".spirit-card");
        return {view: window.PartyTable.update.view.data, word: text(".dream-card .word"),
                name: text(".spirit-card .name"), goal: text(".spirit-card .sub"),
                role: card ? card.dataset.role : null};
    }""")
    role = role_of(shown["view"]["spirit"])
    assert shown["role"] == role
    assert shown["name"] == SHOWN.gettext(language_of(page), ROLE_WORDS[role])
    assert shown["goal"]
    assert shown["word"] == shown["view"]["word"]
    assert shown["word"] is None or shown["word"] in ITALIAN_WORDS


def assert_ended(page: Page, language: str) -> None:
    """The outcome banner says the game's end sentence in the page's language, and the
    board shows the final scores."""
    page.wait_for_selector("#outcome-banner")
    outcome = update_of(page)["outcome"]
    sentence = SHOWN.explain(outcome["reason"], language)
    assert outcome["text"] == sentence
    assert sentence in page.locator("#outcome-banner").inner_text()
    if language != "en":
        assert sentence != SHOWN.explain(outcome["reason"], "en")
    assert page.locator(".wid-board .phase-line").get_attribute("data-phase") == "over"
    rows = page.locator(".wid-board .final tbody tr")
    assert rows.count() == 4
    assert page.locator(".wid-board .final .winner").count() == len(outcome["winners"])
    assert page.locator(".wid-board form, .wid-board button").count() == 0


def test_a_round_of_when_i_dream_on_a_desktop_and_an_italian_phone(
        browser_server: Server, people: People) -> None:
    config = {"players": 4, "side": "expert", "judge": "table"}
    created = browser_server.create("when_i_dream", ["person", "person", "random", "random"],
                                    config, seed=5, language="it")
    desktop = people.seat(created, 0, viewport=DESKTOP, language="en")   # the first Dreamer
    phone = people.seat(created, 1, viewport=PHONE, language="it")   # the first clue-giver

    # The phone's person gives the first clue: the Dream card with its Italian word, the
    # Spirit card by its Italian name and the clue box on the first screen.
    clue_box = '.dream-card form.big-form[data-type="GiveClue"]'
    phone.wait_for_selector(clue_box)
    assert_spirit_by_name(phone)
    assert phone.locator(".dream-card .side").inner_text() == "il pezzo in alto della carta"
    assert "Tocca a te dare un indizio" in phone.locator(".phase-line.mine").inner_text()
    assert "Ciliegia" in phone.locator(f"{clue_box} label").inner_text()  # the rulebook's
    assert_on_first_screen(phone, ".dream-card .word", ".spirit-card", f"{clue_box} input")
    assert_fits_width(phone)
    # The desktop's person dreams: eyes closed, no word, a big box to name the dream.
    screen = desktop.locator(".dreamer-screen")
    assert screen.locator("h2").inner_text() == "You are the Dreamer"
    assert desktop.locator(".dream-card").count() == 0 and view_of(desktop)["word"] is None
    assert "Strawberry" in screen.locator('form[data-type="Guess"] label').inner_text()
    assert_accessible(phone, "a Spirit's clue on an Italian phone")
    assert_accessible(desktop, "the Dreamer's screen")

    word = view_of(phone)["word"]
    clue = clue_for(word, "it")
    before = version(phone)
    type_into(phone, clue_box, clue)
    wait_version(desktop, before + 1)
    assert clue in screen.locator(".clues").all_inner_texts()[0]
    # The Dreamer names the word (the phone's person gave a good clue): the table judges.
    before = version(desktop)
    type_into(desktop, '.dreamer-screen form.big-form[data-type="Guess"]', word)
    wait_version(phone, before + 1)
    assert phone.locator(".phase-line").get_attribute("data-phase") == "judging"
    assert f"«{word}»" in phone.locator(".phase-line").inner_text()

    # The host's page: the table's rulings, and the dream's timer (2 minutes; 2 seconds
    # here, set in its link).
    host = people.page(created["links"]["host"] + "&timer=2", viewport=DESKTOP, language="en")
    rulings = host.locator(".rulings button.ruling")
    assert rulings.all_inner_texts() == ["Right", "Wrong"]
    assert_accessible(host, "the host judging a guess")
    rulings.first.click()
    wait_version(phone, before + 2)
    # A right guess: the card lies under the Fairies' score card, for the Spirits to see;
    # the next card is on its top word (the expert variant).
    phone.locator(".piles .pile.fairy .card", has_text=word).wait_for()  # named by the deck
    assert phone.locator(".dream-card .side").inner_text() == "il pezzo in alto della carta"
    assert phone.locator(".dream-card .word").inner_text() != word
    assert any(line.endswith(f"Posto 0 sogna «{word}»") for line in log_texts(phone))
    photograph(phone, "when_i_dream-phone")

    # The host's timer calls time by itself; the Dreamer may name the last card once more.
    desktop.wait_for_selector('.phase-line[data-phase="time-up"]')
    assert "Time is up" in desktop.locator(".phase-line").inner_text()
    assert host.locator("#dream-timer .clock").inner_text() == "0:00"
    assert any("time is up" in line for line in log_texts(desktop))
    assert_accessible(desktop, "the Dreamer when time is up")
    before = version(desktop)
    desktop.locator('.dreamer-screen button[data-type="DeclineGuess"]').click()
    wait_version(desktop, before + 1)
    # The narration: the box says what to write, with an example.
    recount = '.dreamer-screen form.big-form[data-type="Recount"]'
    assert desktop.locator(f"{recount} label").inner_text() == SHOWN.prompts["Recount.words"]
    assert desktop.locator(".dreamer-screen .guesses").inner_text() == \
        "You named the dream 1 time: name at most 1 piece."
    assert_accessible(desktop, "the Dreamer's narration")
    type_into(desktop, recount, word)
    wait_version(host, before + 2)
    assert host.locator(".phase-line").get_attribute("data-phase") == "judging-narration"
    host.locator(".rulings button.ruling").first.click()   # the narration named the card

    # Round 2: the desktop's person is a Spirit; the last round's result, Spirits revealed.
    desktop.wait_for_selector(".last-round")
    assert_spirit_by_name(desktop)
    assert "Round 1: the dream of Seat 0 (you)" in desktop.locator(".last-round").inner_text()
    # The phone's person dreams now.
    phone.wait_for_selector(".dreamer-screen")
    assert phone.locator(".dreamer-screen h2").inner_text() == "Sei il Sognatore"
    result = phone.locator(".last-round").inner_text()
    assert "Round 1: il sogno di Posto 0" in result and "Pila delle Fate: 1" in result
    assert "1 punto in più per il Sognatore" in result
    assert_on_first_screen(phone, '.dreamer-screen form.big-form[data-type="Guess"] input')
    assert_fits_width(phone)
    assert_accessible(phone, "the Dreamer's screen on an Italian phone, with the last round")
    for page in (desktop, phone, host):
        assert_clean(page)


# -- a whole game ---------------------------------------------------------------------------


DREAM_SECONDS = 3.0
"""How long the host lets each dream run before calling time (by a click)."""


class Table:
    """Three people at a table: two seats and the host, who calls time once a dream has
    run its :data:`DREAM_SECONDS` and rules when the table alone may act."""

    def __init__(self, desktop: Page, phone: Page, host: Page) -> None:
        self.desktop, self.phone, self.host = desktop, phone, host
        self.people = (desktop, phone)
        self.pages = (desktop, phone, host)
        self.dreams: dict[int, float] = {}
        """Per round, when the host first saw its dream."""

    def catch_up(self, page: Page) -> None:
        """Wait until ``page`` has seen what the others have: every move is chosen on
        the table's latest state (another page's move may have changed it)."""
        for other in self.pages:
            settled(other)
        wait_version(page, max(version(other) for other in self.pages))

    def step(self, page: Page) -> None:
        """One move of ``page``'s person, by typing or a click on the board."""
        self.catch_up(page)
        if page is self.host:
            self.rule()
        elif may_act(page):
            self.play(page)

    def play(self, page: Page) -> None:
        """The Dreamer tells the dream (every guess made), lets the last card go, or
        names the dream once a clue came (the word the other person's page shows,
        every other time: a good clue); a Spirit on its turn says a clue."""
        update = update_of(page)  # one reading: the moves and the view of one version
        legal = kinds(update)
        view, language = update["view"]["data"], language_of(page)
        if "Recount" in legal:
            type_into(page, '.dreamer-screen form.big-form[data-type="Recount"]',
                      ", ".join(view["guesses"]))
        elif "DeclineGuess" in legal:
            page.locator('.dreamer-screen button[data-type="DeclineGuess"]').click()
        elif "Guess" in legal:
            with_clue = len(view["clues"])
            # A person listens for the next clue before naming the dream.
            with contextlib.suppress(PlaywrightTimeout):
                page.wait_for_function(
                    "(n) => window.PartyTable.update.view.data.clues.length > n",
                    arg=with_clue, timeout=2500)
            other = self.phone if page is self.desktop else self.desktop
            shown = view_of(other)["word"]
            right = len(view["guesses"]) % 2 == 0 and shown
            type_into(page, '.dreamer-screen form.big-form[data-type="Guess"]',
                      shown if right else WRONG[language])
        else:
            assert legal == {"GiveClue"}, legal
            type_into(page, '.dream-card form.big-form[data-type="GiveClue"]',
                      clue_for(view["word"], language, len(view["clues"])))

    def rule(self) -> None:
        """The host: the table's ruling when the table alone may act (a tie-break: the
        lowest tied seat told the best dream), time up once the dream has run long
        enough, else a look at the table a moment later."""
        update, host = update_of(self.host), self.host
        view = update["view"]["data"]
        started = self.dreams.setdefault(view["round"], time.monotonic())
        if update["to_act"] == [-1] and update["legal"]:
            host.locator(".rulings button.ruling").first.click()
        elif "TimeUp" in kinds(update) and time.monotonic() - started >= DREAM_SECONDS:
            host.locator('.rulings button[data-type="TimeUp"]').click()
        else:
            with contextlib.suppress(PlaywrightTimeout):
                host.wait_for_function("(v) => window.PartyTable.update.version > v",
                                       arg=update["version"], timeout=400)
            return
        settled(host)
        for page in self.people:  # the seats see the ruling before they move again
            wait_version(page, version(host))


def checker(table: Table, names: dict[int, str], screens: set[tuple[str, str, str]],
            also: Callable[[Page], None]) -> Callable[[Page, int], None]:
    """An ``on_step`` that runs axe the first time each page shows each screen."""
    def check(page: Page, _: int) -> None:
        board = page.locator(".wid-board")
        key = (names[id(page)], board.get_attribute("data-screen") or "",
               board.locator(".phase-line").get_attribute("data-phase") or "")
        if key not in screens:
            screens.add(key)
            assert_accessible(page, " ".join(key))
        also(page)
    return check


@pytest.mark.ci  # a whole game, four dreams of 3 seconds, ~40 s: the CI profile's
def test_a_whole_game_of_when_i_dream_in_the_expert_variant(
        browser_server: Server, people: People) -> None:
    config: dict[str, Any] = {"players": 4, "side": "expert"}
    created = browser_server.create("when_i_dream", ["person", "person", "random", "random"],
                                    config, seed=11, language="it")
    desktop = people.seat(created, 0, viewport=DESKTOP, language="en")
    phone = people.seat(created, 1, viewport=PHONE, language="it")
    # The host calls time by a click here: its page's own timer is set beyond the game.
    host = people.page(created["links"]["host"] + "&timer=3600", viewport=DESKTOP,
                       language="en")
    table = Table(desktop, phone, host)
    names = {id(desktop): "desktop", id(phone): "phone", id(host): "host"}

    phone.wait_for_selector('.dream-card form.big-form[data-type="GiveClue"]')
    assert_spirit_by_name(phone)
    assert_on_first_screen(phone, ".spirit-card", '.dream-card form.big-form input')
    assert_fits_width(phone)
    assert desktop.locator(".dreamer-screen h2").inner_text() == "You are the Dreamer"
    assert host.locator("#dream-timer .clock").inner_text() == "60:00"
    screens: set[tuple[str, str, str]] = set()
    seen_spirits: set[str] = set()
    photographed: set[str] = set()

    def also(page: Page) -> None:
        if page is not host and page.locator(".spirit-card").count():
            assert_spirit_by_name(page)
            seen_spirits.add(names[id(page)])
        # The desktop's picture: a Spirit about to give a clue, a round already scored.
        update = update_of(page)
        if page is desktop and "GiveClue" in kinds(update) \
                and update["view"]["data"]["round"] >= 2 and "desktop" not in photographed:
            photographed.add("desktop")
            photograph(desktop, "when_i_dream")

    moves = play_to_the_end([desktop, phone, host], table.step, limit=2000,
                            on_step=checker(table, names, screens, also))

    final = version(host)
    for page, language in ((desktop, "en"), (phone, "it"), (host, "en")):
        wait_version(page, final)
        assert_ended(page, language)
        assert_accessible(page, f"{names[id(page)]} at the end")
        assert_clean(page)
    # Every seat dreamt once: four rounds, each scored with its Spirits revealed.
    assert view_of(desktop)["round"] == 4
    assert sum(1 for line in log_texts(phone) if "Il tavolo: il tempo è scaduto" in line) == 4
    assert {"desktop", "phone"} <= seen_spirits
    assert {("desktop", "dreamer", "dreaming"), ("phone", "dreamer", "dreaming"),
            ("desktop", "spirit", "dreaming"), ("phone", "spirit", "dreaming"),
            ("desktop", "dreamer", "recounting"), ("phone", "dreamer", "recounting"),
            ("desktop", "dreamer", "time-up"), ("host", "host", "dreaming")} <= screens, screens
    assert moves > 10
    assert photographed == {"desktop"}


@pytest.mark.ci  # four people, the clue cap, four short dreams and a tie-break, ~25 s
def test_the_clue_cap_stops_the_timer_and_a_tie_goes_to_the_best_dream_teller(
        browser_server: Server, people: People) -> None:
    # Seed 14 deals the Spirits so that this game (one wrong guess at the clue cap, then
    # time called at once in every dream and every last card let go) leaves seats 0 and
    # 1 tied on points and on penalty cards.
    created = browser_server.create("when_i_dream", ["person"] * 4, {"players": 4}, seed=14,
                                    language="it")
    desktop = people.seat(created, 0, viewport=DESKTOP, language="en")
    phone = people.seat(created, 1, viewport=PHONE, language="it")
    others = [people.seat(created, seat, viewport=DESKTOP, language="en") for seat in (2, 3)]
    host = people.page(created["links"]["host"] + "&timer=3600", viewport=DESKTOP,
                       language="en")
    watcher = people.page(created["links"]["spectator"], viewport=PHONE, language="it")
    seats = [desktop, phone, *others]
    everyone = [*seats, host, watcher]

    # A spectator knows what the Dreamer knows: the card face down, no move to make.
    assert "La parola della carta è sugli schermi degli Spiriti" in \
        watcher.locator(".dream-card.face-down").inner_text()
    assert watcher.locator(".wid-board button, .wid-board form, #actions button").count() == 0
    assert_accessible(watcher, "a spectator on an Italian phone")
    assert_accessible(host, "the host's timer and rulings")

    # Every clue-giver gives its 3 clues on the first card: time stops, the Dreamer must
    # name the dream (the host may still rule a penalty).
    for _ in range(9):
        for page in seats:
            wait_version(page, version(host))
        giver = seats[view_of(host)["phase"]["active"]]
        view = view_of(giver)
        before = version(host)
        type_into(giver, '.dream-card form.big-form[data-type="GiveClue"]',
                  clue_for(view["word"], language_of(giver), len(view["clues"])))
        wait_version(host, before + 1)
    wait_version(desktop, version(host))
    assert desktop.locator(".phase-line").get_attribute("data-phase") == "clue-cap"
    assert desktop.locator(".dreamer-screen .eyes").inner_text() == \
        "No more clues for this card: name it now."
    assert desktop.locator(".dreamer-screen .clues").first.locator(".clue").count() == 9
    assert "Time stops" in host.locator("#dream-timer .note").inner_text()
    assert host.locator('.rulings button[data-type="TimeUp"]').count() == 0
    assert host.locator('.rulings button[data-type="RuleBreach"]').count() == 3
    left = host.locator("#dream-timer").get_attribute("data-left")
    host.wait_for_timeout(1200)
    assert host.locator("#dream-timer").get_attribute("data-left") == left  # stopped
    assert_accessible(desktop, "the Dreamer at the clue cap")
    before = version(host)
    type_into(desktop, '.dreamer-screen form.big-form[data-type="Guess"]', WRONG["en"])
    wait_version(host, before + 1)
    assert "Time stops" not in host.locator("#dream-timer .note").inner_text()

    for dreamer in seats:
        before = version(host)
        host.locator('.rulings button[data-type="TimeUp"]').click()
        wait_version(dreamer, before + 1)
        dreamer.locator('.dreamer-screen button[data-type="DeclineGuess"]').click()
        wait_version(dreamer, before + 2)
        dreamer.locator('.dreamer-screen form.big-form[data-type="Recount"] button').click()
        for page in everyone:
            wait_version(page, before + 3)

    # Still tied: the host's page names the best dream teller, the seats read who is tied.
    assert view_of(host)["phase"]["type"] == "Tiebreak"
    assert "among Seat 0 (you), Seat 1" in desktop.locator(".phase-line").inner_text()
    assert "tra Posto 0, Posto 1 (tu)" in phone.locator(".phase-line").inner_text()
    assert phone.locator(".final .winner").all_inner_texts() == ["pari merito"] * 2
    rulings = host.locator(".rulings button.ruling")
    assert rulings.all_inner_texts() == ["Seat 0 told the best dream",
                                         "Seat 1 told the best dream",
                                         "Nobody: the tied share the win"]
    assert_accessible(host, "the host naming the best dream teller")
    assert_accessible(phone, "the tie-break on an Italian phone")
    before = version(host)
    rulings.nth(1).click()
    for page in everyone:
        wait_version(page, before + 1)
    for page, language in ((desktop, "en"), (phone, "it"), (host, "en"), (watcher, "it")):
        assert_ended(page, language)
    assert update_of(phone)["outcome"]["winners"] == [1]
    assert "Ancora parità: il tavolo ha scelto chi ha raccontato il sogno più bello." in \
        phone.locator("#outcome-banner").inner_text()
    for page in everyone:
        assert_clean(page)
