"""The typed access path the API pages show is what ``mypy --strict`` sees: each game's
``GAME`` is a ``Game[Config, State, Action, View]``, ``get_game`` a ``Game[Any, Any, Any,
Any]``. The pages' ``python`` blocks run under pytest too (conftest.py); here mypy checks
their ``assert_type`` lines, which do nothing at run time."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from mypy import api  # the test extra installs mypy, so this check runs with the suite

import partyrules

ROOT = Path(__file__).resolve().parents[2]
PAGES = ROOT / "docs" / "api" / "games"


def typed_block(page: Path) -> str:
    """The first ``python`` block of ``page``: the typed access path."""
    found = re.search(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
    assert found is not None, page
    return found[1]


def test_every_game_has_an_api_page_with_its_typed_access_path() -> None:
    assert sorted(page.stem for page in PAGES.glob("*.md")) == sorted(partyrules.GAMES)
    for name in partyrules.GAMES:
        block = typed_block(PAGES / f"{name}.md")
        assert f"from partyrules.games.{name} import GAME, Action, Config, State, View" in block
        assert "assert_type(GAME, Game[Config, State, Action, View])" in block
        assert f'assert_type(partyrules.get_game("{name}"), Game[Any, Any, Any, Any])' in block


@pytest.mark.ci  # a whole mypy run, 6-12 s: the CI profile's
def test_mypy_strict_agrees_with_the_typed_access_path(tmp_path: Path) -> None:
    files = []
    for name in sorted(partyrules.GAMES):
        file = tmp_path / f"typed_{name}.py"
        file.write_text(typed_block(PAGES / f"{name}.md"), encoding="utf-8")
        files.append(str(file))
    # And the loose type is loose: the registry's game is not the typed one to mypy.
    wrong = tmp_path / "loose.py"
    wrong.write_text("from typing import assert_type\n"
                     "import partyrules\n"
                     "from partyrules.core.game import Game\n"
                     "from partyrules.games.dinner import Action, Config, State, View\n"
                     'assert_type(partyrules.get_game("dinner"), '
                     "Game[Config, State, Action, View])\n", encoding="utf-8")
    out, err, status = api.run(["--strict", "--no-incremental", "--cache-dir", "/dev/null",
                                *files])
    assert status == 0, out + err
    out, _, status = api.run(["--strict", "--no-incremental", "--cache-dir", "/dev/null",
                              str(wrong)])
    assert status == 1 and "[assert-type]" in out, out
