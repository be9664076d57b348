"""The browser tests' kit: people at the web table in Debian's Chromium, driven by
Playwright against a real ``partyrules serve`` process.

One browser and one server serve the whole test session (``browser`` and
``browser_server`` in conftest.py); each person gets a context of their own (nothing
shared), in their own language and on their own screen. Everything a page does wrong is
kept and fails the test that opened it: a script error, a console error, a request the
server refused (a 404 included), an error banner; :func:`assert_accessible` runs
axe-core in the page.

A game's whole-game test plays through :func:`play_to_the_end` with a ``step`` of its
own: a function that looks at one person's page and clicks or types one move, as that
person would.
"""

from __future__ import annotations

import contextlib
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import httpx
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from partyrules.server.tables import RACE_PAUSE

from .servers import ProcessServer

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
"""Where the tests leave their screenshots (docs/img/server-*.png are copies)."""
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1100, "height": 900}
LOCALES = {"en": "en-GB", "it": "it-IT"}
"""The browser language a person of each language has (the page picks its own from it)."""
WAIT_MS = 15_000
"""The longest a page may take to show what the server sent (a busy 2-core machine)."""
SERIOUS = frozenset({"serious", "critical"})
"""The axe-core impacts that fail a test."""


class Server(ProcessServer):
    """A ``partyrules serve`` subprocess with the server's own race pause; after a
    ``kill`` it comes back on the same port and database by ``start``."""

    def __init__(self, db: Path, log: Path) -> None:
        # The session's tables all come from this one address. A killed server's bots
        # are driven again by the restarted one once the dead one's lease is out: 2 s
        # rather than 15, or a page would wait on a bot for longer than it waits.
        super().__init__(db, log, race_pause=RACE_PAUSE, options=(
            "--tables-per-minute", "10000", "--open-tables-per-client", "10000",
            "--open-tables", "10000", "--bot-lease", "2"))

    def listing(self, table_id: str) -> dict[str, Any]:
        """The table's entry of ``GET /api/tables``."""
        entries = httpx.get(f"{self.base}/api/tables", timeout=10).json()
        return next(entry for entry in entries if entry["id"] == table_id)


@contextlib.contextmanager
def running_server() -> Iterator[Server]:
    """A server over a fresh SQLite file, stopped at the end."""
    with tempfile.TemporaryDirectory(prefix="partyrules-browser-") as folder:
        server = Server(Path(folder) / "tables.sqlite3", Path(folder) / "server.log")
        server.start()
        try:
            yield server
        finally:
            server.stop()


@contextlib.contextmanager
def launched_browser() -> Iterator[Browser]:
    """Debian's Chromium, headless (Playwright's own browser download is never used)."""
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@attrs.define
class Problems:
    """What went wrong on one page: script errors, console errors, refused requests."""

    found: list[str] = attrs.field(factory=list)


PROBLEMS: dict[int, Problems] = {}
"""Per page (by ``id``), what went wrong on it."""


class People:
    """Opens each person's page in a context of their own and closes them all after the
    test (the ``people`` fixture)."""

    def __init__(self, browser: Browser, server: Server) -> None:
        self.browser = browser
        self.server = server
        self.opened: list[BrowserContext] = []

    def context(self, *, viewport: dict[str, int] = DESKTOP, language: str = "en",
                **options: Any) -> BrowserContext:
        """A new browser context: a person's own browser, in ``language``."""
        context = self.browser.new_context(viewport=viewport, locale=LOCALES[language],
                                           **options)
        context.set_default_timeout(WAIT_MS)
        self.opened.append(context)
        return context

    def page(self, path: str, *, viewport: dict[str, int] = DESKTOP, language: str = "en",
             **options: Any) -> Page:
        """A person's page at ``path`` (a table link, the token in its fragment), watched
        for problems, once it shows the table."""
        page = self.context(viewport=viewport, language=language, **options).new_page()
        watch(page)
        page.goto(self.server.base + path)
        if path.startswith("/table/"):
            page.wait_for_selector("body[data-version]")
        return page

    def seat(self, created: dict[str, Any], seat: int, **options: Any) -> Page:
        """The page of ``seat`` at a table ``created`` by :meth:`Server.create`."""
        return self.page(created["links"]["seats"][str(seat)], **options)

    def close(self) -> None:
        """Close every context opened."""
        for context in self.opened:
            context.close()


def watch(page: Page) -> Problems:
    """Keep what goes wrong on ``page`` from now on."""
    problems = PROBLEMS.setdefault(id(page), Problems())
    page.on("pageerror", lambda error: problems.found.append(f"script error: {error}"))
    page.on("console", lambda message: problems.found.append(
        f"console {message.type}: {message.text}") if message.type == "error" else None)
    page.on("response", lambda response: problems.found.append(
        f"HTTP {response.status}: {response.url}") if response.status >= 400 else None)
    page.on("requestfailed", lambda request: problems.found.append(
        f"request failed: {request.url} ({request.failure})"))
    return problems


def forget_refused_reconnects(page: Page) -> list[str]:
    """Drop, from what went wrong on ``page``, the browser's own console errors about
    WebSocket connections it could not open (a test that stops the server expects the
    page's reconnections to be refused until it is back); returns what was dropped."""
    problems = PROBLEMS.setdefault(id(page), Problems())
    refused = [found for found in problems.found
               if found.startswith("console error: WebSocket connection to ")]
    problems.found[:] = [found for found in problems.found if found not in refused]
    return refused


def error_codes(page: Page) -> list[str]:
    """The codes of the error banners the page shows."""
    codes: list[str] = page.eval_on_selector_all(
        "#banners .banner.error", "(nodes) => nodes.map((n) => n.dataset.code)")
    return codes


def assert_clean(page: Page) -> None:
    """Nothing went wrong on the page: no script or console error, no refused request,
    no error banner."""
    problems = PROBLEMS.get(id(page), Problems()).found
    assert not problems, problems
    assert not error_codes(page), page.locator("#banners").inner_text()


def assert_accessible(page: Page, where: str = "") -> None:
    """axe-core, run in the page, finds no serious or critical violation (colour
    contrast included)."""
    results = Axe().run(page)
    serious = [f"{violation['id']} ({violation['impact']}): {violation['help']} at "
               + "; ".join(" ".join(node["target"]) for node in violation["nodes"][:3])
               for violation in results.response["violations"]
               if violation["impact"] in SERIOUS]
    assert not serious, f"{where}: {serious}"


def assert_on_first_screen(page: Page, *selectors: str) -> None:
    """Each selector's first element starts within the first screen of the page
    scrolled to the top (a phone's first screen, without scrolling)."""
    height = page.viewport_size["height"] if page.viewport_size else 0
    # One script measures every element at once: an update the page draws between two
    # calls would replace the elements measured.
    tops: list[float | None] = page.evaluate("""(selectors) => {
        window.scrollTo(0, 0);
        return selectors.map((selector) => {
            const node = document.querySelector(selector);
            const box = node && node.getBoundingClientRect();
            return box && (box.width || box.height) ? box.top : null;
        });
    }""", list(selectors))
    for selector, top in zip(selectors, tops, strict=True):
        assert top is not None, f"{selector} is not shown"
        assert top < height, f"{selector} starts at {top:.0f}px, below the first {height}px"


def assert_fits_width(page: Page) -> None:
    """Nothing scrolls sideways."""
    width = page.evaluate("() => document.documentElement.scrollWidth")
    viewport = page.viewport_size["width"] if page.viewport_size else 0
    assert width <= viewport, f"the page is {width}px wide on a {viewport}px screen"


def update_of(page: Page) -> dict[str, Any]:
    """The last update the page received."""
    found: dict[str, Any] = page.evaluate("() => window.PartyTable.update")
    return found


def view_of(page: Page) -> dict[str, Any]:
    """The view of the last update."""
    found: dict[str, Any] = update_of(page)["view"]["data"]
    return found


def version(page: Page) -> int:
    """How many actions the page has seen."""
    return int(page.evaluate("() => window.PartyTable.update.version"))


def wait_version(page: Page, at_least: int) -> None:
    """Wait until the page has seen ``at_least`` actions."""
    page.wait_for_function("(v) => window.PartyTable.update && "
                           "window.PartyTable.update.version >= v", arg=at_least)


def settled(page: Page) -> None:
    """Wait until the page's actions are settled: the server has answered each (its
    update or its error came before the pong of the ping the page sends after an
    action)."""
    page.wait_for_function("() => !window.PartyTable.pending")


def may_act(page: Page) -> bool:
    """True when the page has legal moves and nothing on its way."""
    acting: bool = page.evaluate("""() => {
        const update = window.PartyTable.update;
        return Boolean(update && !update.finished && !update.closed
                       && update.legal.length && !window.PartyTable.pending);
    }""")
    return acting


def stuck(page: Page) -> dict[str, Any]:
    """What a page that does not act holds: its version, who may act, its legal moves'
    count, whether it waits on an action and what it shows as going wrong."""
    found: dict[str, Any] = page.evaluate("""() => {
        const update = window.PartyTable.update;
        return {version: update && update.version, to_act: update && update.to_act,
                legal: update && update.legal.length, pending: window.PartyTable.pending,
                connection: document.body.dataset.connection};
    }""")
    found["problems"] = PROBLEMS.get(id(page), Problems()).found[-3:]
    return found


def finished(page: Page) -> bool:
    """True once the page shows the end of the game."""
    over: bool = page.evaluate("() => Boolean(window.PartyTable.update "
                               "&& window.PartyTable.update.finished)")
    return over


def log_texts(page: Page) -> list[str]:
    """The log's lines as the page shows them."""
    texts: list[str] = page.locator("#log li").all_inner_texts()
    return texts


Step = Callable[[Page], None]
"""One move on one page, by clicks and typing, as a person makes it (called only when
the page may act)."""


def play_to_the_end(pages: list[Page], step: Step, *, limit: int = 400,
                    until: Callable[[], bool] = lambda: False,
                    on_step: Callable[[Page, int], None] | None = None) -> int:
    """Play on every page until the game ends (or ``until()``): in each round every page
    that may act makes its move before anything waits (a ballot is cast at once).
    ``on_step(page, n)`` runs before the n-th move (a screenshot, an axe check).
    Returns the number of moves made."""
    steps = 0
    idle_since = time.monotonic()
    while steps < limit and not until():
        acting = [page for page in pages if may_act(page)]
        if not acting:
            if any(finished(page) for page in pages):
                break
            # A bot is playing, or an update is on its way to the page that acts next.
            assert time.monotonic() - idle_since < WAIT_MS / 1000, \
                f"nobody may act: {[stuck(page) for page in pages]}"
            time.sleep(0.03)
            continue
        idle_since = time.monotonic()
        for page in acting:
            if on_step is not None:
                on_step(page, steps)
            step(page)
            steps += 1
        for page in acting:
            settled(page)
        for page in acting:
            assert_clean(page)  # no move was refused, no script failed
    assert steps < limit or until(), f"the game did not end in {limit} moves"
    return steps


def photograph(page: Page, name: str, *, full_page: bool = False) -> Path:
    """A screenshot of the page in ``test-artifacts/server-<name>.png``."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"server-{name}.png"
    page.screenshot(path=path, full_page=full_page)
    return path
