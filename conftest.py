"""The documentation is tested: every ```python block and every ``>>>`` example (in a
```pycon or ```python block) of README.md and docs/**/*.md runs under pytest.

Each page runs top to bottom in one namespace, the way a reader types it, from a scratch
directory of its own, so a snippet that saves a file (``bug.json``) leaves nothing in the
checkout. Under pytest-xdist (``-n``) a page's examples run in one worker, in order: see
:class:`PagesInOneWorker`.

A block that needs something a test run cannot have is marked with sybil's
``<!-- skip: next -->``, with a comment saying why; setup a reader need not see goes in an
``<!-- invisible-code-block: python -->`` comment.
"""

from __future__ import annotations

import doctest
import os
import tempfile
from typing import Any

import pytest
from sybil import Sybil
from sybil.evaluators.python import PythonEvaluator
from sybil.parsers.markdown import CodeBlockParser, PythonCodeBlockParser, SkipParser
from sybil.sybil import SybilCollection
from xdist.scheduler import LoadScopeScheduling  # type: ignore[import-untyped]  # no py.typed

DOCTEST_FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


class PyconCodeBlockParser(PythonCodeBlockParser):
    """```pycon blocks, the interactive sessions of the pages: run as doctests. (Sybil's
    own parser reads only blocks tagged ``python``; the pages tag sessions ``pycon`` so
    that they are highlighted as sessions.)"""

    def __init__(self, doctest_optionflags: int = 0) -> None:
        super().__init__(doctest_optionflags=doctest_optionflags)
        self.codeblock_parser = CodeBlockParser("pycon", PythonEvaluator(()))


_SCRATCH: dict[int, tuple[str, tempfile.TemporaryDirectory[str]]] = {}


def _enter_scratch_directory(namespace: dict[str, Any]) -> None:
    scratch = tempfile.TemporaryDirectory(prefix="partyrules-docs-")
    _SCRATCH[id(namespace)] = (os.getcwd(), scratch)
    os.chdir(scratch.name)


def _leave_scratch_directory(namespace: dict[str, Any]) -> None:
    previous, scratch = _SCRATCH.pop(id(namespace))
    os.chdir(previous)
    scratch.cleanup()


def _documentation(**where: Any) -> Sybil:
    return Sybil(
        parsers=[
            PythonCodeBlockParser(doctest_optionflags=DOCTEST_FLAGS),
            PyconCodeBlockParser(doctest_optionflags=DOCTEST_FLAGS),
            SkipParser(),
        ],
        setup=_enter_scratch_directory,
        teardown=_leave_scratch_directory,
        **where,
    )


# README.md of the repository root only (not one in a subfolder), and every page of docs/.
_PAGES = SybilCollection([_documentation(filenames=["README.md"], excludes=["*/*"]),
                          _documentation(path="docs", patterns=["*.md"])])

pytest_collect_file = _PAGES.pytest()


class PagesInOneWorker(LoadScopeScheduling):  # type: ignore[misc]  # untyped base
    """pytest-xdist's ``load`` distribution (test by test, to whichever worker is free),
    except that the examples of one documentation page go to one worker together, in
    order: a later snippet of a page uses the names an earlier one made.

    (``--dist loadgroup`` with ``xdist_group`` marks would do this, but pytest-xdist 3.8
    tags a grouped test by rewriting ``item._nodeid``, which pytest 9.2 no longer reads:
    the groups are silently lost.)
    """

    def _split_scope(self, nodeid: str) -> str:
        path = nodeid.split("::", 1)[0]
        return path if path.endswith(".md") else nodeid


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> PagesInOneWorker | None:
    """Under ``-n`` with the ``load`` distribution (its default), keep each page together;
    any other ``--dist`` is left as asked."""
    if config.getoption("dist") != "load":
        return None
    return PagesInOneWorker(config, log)


_LONG_FIRST = ("tests/server/test_processes.py", "tests/server/test_restart.py",
               "test_exploration.py", "tests/test_simulation.py", "tests/test_invariants.py")
"""Files whose tests take seconds each (server processes killed and restarted,
explorations, Ray, the invariants' random games): collected first, so that pytest-xdist
hands them out while the short tests can still fill the other worker, rather than leaving
one worker alone on a long tail."""

_BROWSER_LAST = "tests/server/test_browser"
"""The browser tests (test_browser*.py) come last of all: their one Chromium per test
process keeps Playwright's event loop running in the process's thread, where a later
``asyncio.run`` of another test would be refused; last, a worker that has started them
is handed nothing else."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put the long tests first and the browser tests last (a stable sort: every page's
    examples keep their order)."""
    def place(item: pytest.Item) -> int:
        path = item.nodeid.split("::", 1)[0]
        if path.startswith(_BROWSER_LAST):
            return 2
        return 0 if path.endswith(_LONG_FIRST) else 1
    items.sort(key=place)
