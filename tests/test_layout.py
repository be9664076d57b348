"""The shape of the source tree: every game in the same modules, no import circle, and a
core that stands on its own.

The import graph is read with ``ast`` from the files, so that an import inside a function
or under ``TYPE_CHECKING`` counts like any other: an import moved into a function to dodge
a circle is still a circle here.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

import partyrules

SOURCE = Path(partyrules.__file__).resolve().parent
ROOT = SOURCE.parent
GAME_MODULES = ("__init__", "cards", "actions", "state", "integrity", "rules", "play",
                "views", "encoding")
"""The modules every game package has (docs/concepts/contract.md, "Writing a game")."""
GAMES = tuple(sorted(path.name for path in (SOURCE / "games").iterdir()
                     if (path / "__init__.py").exists()))


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in sorted(SOURCE.rglob("*.py"))}


def _imported(name: str, path: Path) -> Iterator[tuple[str, int]]:
    """The partyrules modules that the module ``name`` imports, anywhere in its file, with
    the line of each import."""
    known = _modules()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            # ``from package import module`` imports the module; ``from module import
            # name`` imports the module.
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                       for alias in node.names]
        else:
            continue
        for target in targets:
            if target.split(".")[0] == "partyrules" and target in known:
                yield target, node.lineno


@cache
def _graph() -> dict[str, frozenset[str]]:
    return {name: frozenset(target for target, _ in _imported(name, path) if target != name)
            for name, path in _modules().items()}


def _circles(graph: dict[str, frozenset[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_import_graph_is_read_from_every_module() -> None:
    graph = _graph()
    assert "partyrules.core.game" in graph["partyrules.core.match"]
    assert "partyrules.games.dinner.rules" in graph["partyrules.games.dinner"]
    assert len(graph) > 60


def test_no_module_imports_in_a_circle() -> None:
    assert _circles(_graph()) == []


def test_a_circle_is_found_even_through_an_import_inside_a_function() -> None:
    graph = {"a": frozenset({"b"}), "b": frozenset({"c"}), "c": frozenset({"a"}),
             "d": frozenset({"a"})}
    assert _circles(graph) == [["a", "b", "c"]]
    tree = ast.parse("def late():\n    from partyrules.core import game\n")
    imports = [node for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    assert [node.module for node in imports] == ["partyrules.core"]


def test_the_core_imports_nothing_outside_the_core() -> None:
    outside = {(name, target) for name, targets in _graph().items()
               if name.startswith("partyrules.core") for target in targets
               if not target.startswith("partyrules.core")}
    assert outside == set()


def test_no_game_imports_another_and_the_frameworks_name_no_game() -> None:
    for name, targets in _graph().items():
        if name.startswith("partyrules.games."):
            game = name.split(".")[2]
            foreign = {t for t in targets if t.startswith("partyrules.games.")
                       and t.split(".")[2] != game}
            assert foreign == set(), name
        elif not name.startswith("partyrules.games") and name != "partyrules":
            assert not any(t.startswith("partyrules.games.") for t in targets), name


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_same_modules(game: str) -> None:
    package = SOURCE / "games" / game
    modules = {path.stem for path in package.glob("*.py")}
    assert set(GAME_MODULES) <= modules, sorted(set(GAME_MODULES) - modules)
    # Component data lives under data/, never beside the modules.
    assert sorted(path.name for path in package.glob("*.json")) == []
    assert any((package / "data").glob("*.json")) or (package / "data").is_dir()


@pytest.mark.parametrize("game", GAMES)
def test_every_game_is_registered_under_its_package_name(game: str) -> None:
    assert partyrules.get_game(game).State.__module__ == f"partyrules.games.{game}.state"
