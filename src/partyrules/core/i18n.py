"""Messages in English and Italian: gettext catalogues, one per package that speaks.

Every piece that talks to people (a game's narration and its web board, the web table's
pages) writes its messages in English and marks them for translation; the Italian lives
in a gettext catalogue beside the code, ``<package>/locale/it/LC_MESSAGES/<domain>.po``,
compiled to ``.mo`` by ``scripts/messages.py compile`` (Babel), and read here with the
standard library's :mod:`gettext`, so that the core needs nothing more. English needs no
catalogue: the message ids are the English text.

>>> from partyrules.core.i18n import Catalogue
>>> core = Catalogue("partyrules.core")
>>> core.gettext("it", "Seat {seat}").format(seat=2)
'Posto 2'
>>> core.ngettext("en", "{count} card", "{count} cards", 3).format(count=3)
'3 cards'
>>> core.gettext("fr", "Seat {seat}")
Traceback (most recent call last):
...
partyrules.core.errors.UnknownLanguage: no messages in 'fr': the languages are 'en', 'it'
"""

from __future__ import annotations

import functools
import gettext as gettext_module
from importlib import resources
from typing import Final, Literal, TypeAlias

import attrs

from partyrules.core.errors import UnknownLanguage

__all__ = [
    "CORE",
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "N_",
    "Catalogue",
    "Language",
    "check_language",
    "pick_language",
    "seat_name",
]

Language: TypeAlias = Literal["en", "it"]
"""A language partyrules speaks."""

LANGUAGES: Final[tuple[Language, ...]] = ("en", "it")
"""Every language with messages, English (the message ids) first."""

DEFAULT_LANGUAGE: Final[Language] = "en"
"""The language of a caller that names none."""


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it now (a table of
    sentences translated where it is shown)."""
    return message


def check_language(language: object) -> Language:
    """``language`` if partyrules speaks it, else :class:`UnknownLanguage`."""
    if language == "en":
        return "en"
    if language == "it":
        return "it"
    raise UnknownLanguage(f"no messages in {language!r}: the languages are "
                          f"{', '.join(map(repr, LANGUAGES))}")


def pick_language(accept: str | None) -> Language:
    """The language to speak to a browser that sent ``accept`` (an ``Accept-Language``
    header or ``navigator.language``): the first it names that we speak, else English.

    >>> pick_language("it-IT,it;q=0.9,en;q=0.8")
    'it'
    >>> pick_language("de-DE,fr;q=0.5")
    'en'
    """
    for part in (accept or "").split(","):
        tag = part.split(";")[0].strip().lower()
        primary = tag.split("-")[0]
        if primary in LANGUAGES:
            return check_language(primary)
    return DEFAULT_LANGUAGE


@attrs.frozen(slots=True)
class Catalogue:
    """The messages of one package: ``package`` holds ``locale/<language>/LC_MESSAGES/
    <domain>.mo``. A missing file or message reads as the English id."""

    package: str
    """The package that holds the ``locale`` folder, e.g. ``"partyrules.games.dinner"``."""
    domain: str = "messages"
    """The catalogue's file name, without ``.mo``."""

    def translations(self, language: str) -> gettext_module.NullTranslations:
        """The gettext translations in ``language`` (checked)."""
        return _load(self.package, self.domain, check_language(language))

    def gettext(self, language: str, message: str) -> str:
        """``message`` in ``language``."""
        return self.translations(language).gettext(message)

    def ngettext(self, language: str, singular: str, plural: str, count: int) -> str:
        """The form of ``singular``/``plural`` for ``count`` in ``language``."""
        return self.translations(language).ngettext(singular, plural, count)

    def pgettext(self, language: str, context: str, message: str) -> str:
        """``message`` in ``language`` where the same English words need a context."""
        return self.translations(language).pgettext(context, message)


@functools.cache
def _load(package: str, domain: str, language: Language) -> gettext_module.NullTranslations:
    if language == DEFAULT_LANGUAGE:
        return gettext_module.NullTranslations()
    compiled = resources.files(package) / "locale" / language / "LC_MESSAGES" / f"{domain}.mo"
    if not compiled.is_file():
        return gettext_module.NullTranslations()
    with compiled.open("rb") as stream:
        return gettext_module.GNUTranslations(stream)


CORE: Final = Catalogue("partyrules.core")
"""The shared words every game's narration uses (seats, the table)."""
_ = CORE.gettext


def seat_name(language: str, seat: int | None, viewer: int | None = None) -> str:
    """How narration names a seat: "Seat 2", "you" for the viewer's own, "the table"
    for the table's rulings (``None`` or ``-1``).

    >>> seat_name("it", 2), seat_name("it", 2, viewer=2), seat_name("en", -1)
    ('Posto 2', 'tu', 'the table')
    """
    if seat is None or seat < 0:
        return _(language, "the table")
    if viewer is not None and seat == viewer:
        return _(language, "you")
    return _(language, "Seat {seat}").format(seat=seat)
