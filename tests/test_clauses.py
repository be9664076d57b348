"""Every clause of every rulebook, traced to the tests that check it.

Each game keeps ``docs/games/<game>.clauses.toml``: the rulebook broken into clauses in
rulebook order (a short verbatim quote, with an English gloss where the rulebook is not in
English), then each decision the spec took where the rulebook is silent (◆ or
reconstructed), and for each the pytest node ids of the tests that check it. A clause that
no engine can check (the table's conversation, advice) says so in ``table_talk``, with why.

This module fails when a clause has no test and is not table talk, when it names a test
that does not exist, or when a game's docs page does not show the current table. After
editing a table, render it into the docs pages with ``python tests/test_clauses.py --write``.
"""

from __future__ import annotations

import ast
import sys
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path

import attrs
import pytest

import partyrules

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "games"
BEGIN = "<!-- clauses:begin -->"
END = "<!-- clauses:end -->"
SOURCES = ("rulebook", "spec")
TABLE_KEYS = frozenset({"rulebook", "language", "clause"})
CLAUSE_KEYS = frozenset({"id", "source", "section", "quote", "gloss", "tests", "table_talk"})


@attrs.frozen
class Clause:
    """One clause of a rulebook, or one decision of the spec, and the tests that check it."""

    id: str
    source: str
    section: str
    quote: str
    tests: tuple[str, ...]
    gloss: str | None = None
    table_talk: str | None = None


@attrs.frozen
class ClauseTable:
    """A game's clause table, as read from its TOML file."""

    game: str
    rulebook: str
    language: str
    clauses: tuple[Clause, ...]


class ClauseTableError(ValueError):
    """A clause table that breaks the format; the message names the file and the clause."""


def _text(entry: Mapping[str, object], key: str, where: str) -> str:
    value = entry.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ClauseTableError(f"{where}: {key!r} must be a non-empty string")
    return value


def read_table(game: str, folder: Path = DOCS) -> ClauseTable:
    """Read and check the format of ``docs/games/<game>.clauses.toml``."""
    path = folder / f"{game}.clauses.toml"
    document = tomllib.loads(path.read_text(encoding="utf-8"))
    unknown = set(document) - TABLE_KEYS
    if unknown:
        raise ClauseTableError(f"{path.name}: unknown keys {sorted(unknown)}")
    rulebook = _text(document, "rulebook", path.name)
    language = document.get("language", "en")
    if not isinstance(language, str):
        raise ClauseTableError(f"{path.name}: 'language' must be a string")
    entries = document.get("clause")
    if not isinstance(entries, list) or not entries:
        raise ClauseTableError(f"{path.name}: no [[clause]] entries")
    clauses: list[Clause] = []
    seen: set[str] = set()
    for index, entry in enumerate(entries):
        where = f"{path.name}: clause[{index}]"
        unknown = set(entry) - CLAUSE_KEYS
        if unknown:
            raise ClauseTableError(f"{where}: unknown keys {sorted(unknown)}")
        clause_id = _text(entry, "id", where)
        where = f"{path.name}: clause {clause_id!r}"
        if clause_id in seen:
            raise ClauseTableError(f"{where}: the id is used twice")
        seen.add(clause_id)
        source = _text(entry, "source", where)
        if source not in SOURCES:
            raise ClauseTableError(f"{where}: source must be one of {SOURCES}")
        tests = entry.get("tests", [])
        if not isinstance(tests, list) or not all(isinstance(t, str) for t in tests):
            raise ClauseTableError(f"{where}: 'tests' must be a list of node ids")
        gloss = entry.get("gloss")
        if gloss is not None:
            gloss = _text(entry, "gloss", where)
        if gloss is None and source == "rulebook" and language != "en":
            raise ClauseTableError(f"{where}: a {language!r} quote needs an English 'gloss'")
        table_talk = entry.get("table_talk")
        if table_talk is not None:
            table_talk = _text(entry, "table_talk", where)
        clauses.append(Clause(clause_id, source, _text(entry, "section", where),
                              _text(entry, "quote", where), tuple(tests), gloss, table_talk))
    return ClauseTable(game, rulebook, language, tuple(clauses))


@cache
def _test_names(path: Path) -> frozenset[str]:
    """The node names a test module defines: ``function`` and ``Class::method``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            names.update(f"{node.name}::{item.name}" for item in node.body
                         if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef))
    return frozenset(names)


def missing_tests(table: ClauseTable) -> Iterator[str]:
    """Each problem with the tests the table names: none named, or one that does not exist."""
    for clause in table.clauses:
        if not clause.tests and clause.table_talk is None:
            yield f"{clause.id}: no test, and not marked as table talk"
        if clause.tests and clause.table_talk is not None:
            yield f"{clause.id}: both tests and table_talk; a clause is one or the other"
        for node_id in clause.tests:
            file_name, _, name = node_id.partition("::")
            path = ROOT / file_name
            if not name or not file_name.startswith("tests/") or not path.is_file():
                yield f"{clause.id}: {node_id!r} names no test file under tests/"
            elif name not in _test_names(path) or not name.rpartition("::")[2].startswith(
                    "test"):
                yield f"{clause.id}: {node_id!r} names no test in {file_name}"


def _cell(text: str) -> str:
    """Text made safe for one Markdown table cell."""
    for char in "\\|*_<>[]`":
        text = text.replace(char, "\\" + char)
    return " ".join(text.split())


def _tests_cell(tests: Sequence[str]) -> str:
    return "<br>".join(f"`{Path(node.partition('::')[0]).stem}::{node.partition('::')[2]}`"
                       for node in tests)


def render(table: ClauseTable) -> str:
    """The Markdown that the game's docs page shows between the clause markers."""
    lines = [BEGIN, ""]
    rulebook = [c for c in table.clauses if c.source == "rulebook"]
    spec = [c for c in table.clauses if c.source == "spec"]
    talk = sum(c.table_talk is not None for c in table.clauses)
    tests = {node for c in table.clauses for node in c.tests}
    lines.append(
        f"{len(rulebook)} clauses of the rulebook and {len(spec)} decisions of the spec, "
        f"checked by {len(tests)} distinct tests; {talk} are table talk, which no engine "
        f"can check. Generated from `{table.game}.clauses.toml` by "
        "`python tests/test_clauses.py --write`; `tests/test_clauses.py` fails when a "
        "clause has no test or names one that does not exist.")
    for title, clauses in (("From the rulebook", rulebook),
                           ("Decided by the spec where the rulebook is silent", spec)):
        if not clauses:
            continue
        lines += ["", f"**{title}**", "", "| id | section | clause | checked by |",
                  "|---|---|---|---|"]
        for clause in clauses:
            text = f"“{_cell(clause.quote)}”"
            if clause.gloss:
                text += f" ({_cell(clause.gloss)})"
            checked = (_tests_cell(clause.tests) if clause.tests
                       else f"table talk: {_cell(clause.table_talk or '')}")
            lines.append(f"| `{clause.id}` | {_cell(clause.section)} | {text} | {checked} |")
    lines += ["", END]
    return "\n".join(lines)


def rendered_page(table: ClauseTable) -> tuple[str, str]:
    """The game's docs page as it is, and as it should be with the current table."""
    page = (DOCS / f"{table.game}.md").read_text(encoding="utf-8")
    start, end = page.find(BEGIN), page.find(END)
    if start < 0 or end < start:
        raise ClauseTableError(f"{table.game}.md has no {BEGIN} ... {END} markers")
    return page, page[:start] + render(table) + page[end + len(END):]


@pytest.mark.parametrize("game", sorted(partyrules.GAMES))
def test_every_clause_names_tests_that_exist(game: str) -> None:
    table = read_table(game)
    assert list(missing_tests(table)) == []
    assert any(c.source == "rulebook" for c in table.clauses)


@pytest.mark.parametrize("game", sorted(partyrules.GAMES))
def test_the_docs_page_shows_the_current_table(game: str) -> None:
    page, expected = rendered_page(read_table(game))
    assert page == expected, f"run: python tests/test_clauses.py --write ({game}.md)"


def test_a_table_naming_a_missing_test_fails() -> None:
    table = ClauseTable("dinner", "x.txt", "en", (
        Clause("a", "rulebook", "1", "q", ("tests/test_clauses.py::test_no_such_test",)),
        Clause("b", "rulebook", "1", "q", ()),
        Clause("c", "spec", "1", "q", ("tests/test_clauses.py::"
                                        "test_a_table_naming_a_missing_test_fails",)),
        Clause("d", "rulebook", "1", "q", ("tests/nowhere.py::test_x",)),
    ))
    assert [problem.split(":")[0] for problem in missing_tests(table)] == ["a", "b", "d"]


def test_a_foreign_quote_needs_a_gloss(tmp_path: Path) -> None:
    (tmp_path / "g.clauses.toml").write_text(
        'rulebook = "g.txt"\nlanguage = "it"\n[[clause]]\nid = "a"\nsource = "rulebook"\n'
        'section = "Setup"\nquote = "Mescolate il mazzo"\ntests = []\ntable_talk = "x"\n',
        encoding="utf-8")
    with pytest.raises(ClauseTableError, match="gloss"):
        read_table("g", tmp_path)


if __name__ == "__main__" and "--write" in sys.argv:
    for name in sorted(partyrules.GAMES):
        if (DOCS / f"{name}.clauses.toml").exists():
            table = read_table(name)
            current, wanted = rendered_page(table)
            if current != wanted:
                (DOCS / f"{name}.md").write_text(wanted, encoding="utf-8")
                print(f"wrote the clause table into {name}.md")
            for problem in missing_tests(table):
                print(f"{name}: {problem}")
