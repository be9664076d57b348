"""Every message people read is in English and Italian: each catalogue (the core's, the
web table's, each game's) holds an Italian translation of every message marked in its
package, with the same placeholders, and its compiled ``.mo`` is up to date."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from partyrules.core.game import GAMES
from partyrules.core.i18n import LANGUAGES

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "messages.py"


def _tool() -> object:
    spec = importlib.util.spec_from_file_location("partyrules_messages", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_message_has_both_languages() -> None:
    tool = _tool()
    packages = {str(path.relative_to(tool.SOURCE)) for path in tool.catalogues()}  # type: ignore[attr-defined]
    assert {"core", "server", *(f"games/{name}" for name in GAMES)} <= packages
    assert tool.problems() == []  # type: ignore[attr-defined]


def test_every_game_explains_each_of_its_outcomes_in_both_languages() -> None:
    for name, game in GAMES.items():
        shown = game.presentation
        assert shown is not None, name
        for language in LANGUAGES:
            for reason, sentence in shown.reasons.items():
                said = shown.explain(reason, language)
                assert said and "_" not in said, (name, reason, language)
                if language != "en":
                    assert said != sentence or sentence.isupper(), (name, reason)
