"""The messages the web table's pages show, as JSON for the browser.

The pages (``static/*.js``) and each game's board script mark their words with ``t`` and
``tn``; the words live in gettext catalogues (:mod:`partyrules.core.i18n`): the server's
own (``partyrules/server/locale``) and each game's. ``/api/messages/<language>?game=<name>``
answers both as one object, read from the compiled ``.mo`` files with Babel.

>>> found = page_messages("it", "when_i_dream")
>>> found["messages"]["Your move."]
'Tocca a te.'
"""

from __future__ import annotations

import functools
from importlib import resources
from typing import Any, Final

from babel.messages.mofile import read_mo

from partyrules.core.game import GAMES
from partyrules.core.i18n import DEFAULT_LANGUAGE, check_language

__all__ = ["PAGE_PACKAGE", "page_messages"]

PAGE_PACKAGE: Final = "partyrules.server"
"""The package whose catalogue holds the pages' own words."""

CONTEXT_SEPARATOR: Final = "\x04"
"""Between a message's context and its id in a key (gettext's own convention)."""


@functools.lru_cache(maxsize=64)
def _catalogue(package: str, language: str) -> dict[str, Any]:
    if language == DEFAULT_LANGUAGE:
        return {}
    compiled = resources.files(package) / "locale" / language / "LC_MESSAGES" / "messages.mo"
    if not compiled.is_file():
        return {}
    with compiled.open("rb") as stream:
        catalog = read_mo(stream)
    found: dict[str, Any] = {}
    for message in catalog:
        if not message.id or not message.string:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        if message.context:
            key = f"{message.context}{CONTEXT_SEPARATOR}{key}"
        found[key] = (message.string if isinstance(message.string, str)
                      else list(message.string))
    return found


def page_messages(language: str, game: str | None = None) -> dict[str, Any]:
    """The pages' messages in ``language`` (checked), with those of ``game``'s board when
    one is named: ``{"language": ..., "messages": {english: translation or [forms]}}``.
    English has no entries (the ids are the English words). A game that does not exist
    adds nothing."""
    checked = check_language(language)
    messages = dict(_catalogue(PAGE_PACKAGE, checked))
    found = GAMES.get(game) if game else None
    if found is not None and found.presentation is not None:
        messages.update(_catalogue(found.presentation.catalogue.package, checked))
    return {"language": checked, "messages": messages}
