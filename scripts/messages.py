#!/usr/bin/env python3
"""The gettext catalogues of partyrules, kept with Babel.

Every package that speaks has a ``locale`` folder: ``partyrules.core`` (shared words),
``partyrules.server`` (the web table's pages, ``static/*.js`` included) and each game
(its narration and its ``web/`` board). The English text is the message id; the Italian
is ``locale/it/LC_MESSAGES/messages.po``, compiled beside it to ``messages.mo``.

    python scripts/messages.py update [PACKAGE ...]    # extract marked messages, merge into the .po
    python scripts/messages.py compile [PACKAGE ...]   # .po -> .mo
    python scripts/messages.py fill PACKAGE FILE.json   # Italian from {"English": "Italiano"}
    python scripts/messages.py check                   # what tests/test_messages.py asserts

PACKAGE is a folder below src/partyrules (``games/dinner``, ``server``, ``core``); none
means every catalogue.

Marks: in Python ``_(language, "...")`` (a ``Catalogue.gettext`` bound to ``_``),
``ngettext(language, "one", "many", n)``, ``N_("...")`` for a table of sentences; in
JavaScript ``t("...")`` and ``tn("one", "many", n)``, with plain string literals.
"""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src" / "partyrules"
LANGUAGE = "it"
KEYWORDS = {"_": (2,), "ngettext": (2, 3), "pgettext": ((2, "c"), 3), "N_": None,
            "t": (1,), "tn": (1, 2)}
METHODS = [("**/locale/**", "ignore"), ("**.py", "python"), ("**.js", "javascript")]
PLACEHOLDER = re.compile(r"\{[a-z_]*\}")


def catalogues() -> Iterator[Path]:
    """Every package folder with a ``locale`` folder of its own."""
    for locale in sorted(SOURCE.rglob("locale")):
        if locale.is_dir():
            yield locale.parent


def chosen(names: list[str]) -> list[Path]:
    """The catalogues named (folders below src/partyrules), or all of them."""
    every = list(catalogues())
    if not names:
        return every
    wanted = [SOURCE / name.strip("/") for name in names]
    unknown = [str(path.relative_to(SOURCE)) for path in wanted if path not in every]
    if unknown:
        raise SystemExit(f"no catalogue in {', '.join(unknown)}; the catalogues are "
                         f"{', '.join(str(path.relative_to(SOURCE)) for path in every)}")
    return wanted


def po_path(package: Path) -> Path:
    return package / "locale" / LANGUAGE / "LC_MESSAGES" / "messages.po"


def extracted(package: Path) -> Catalog:
    """The messages marked in the package's own files (not those of a sub-package with
    its own catalogue)."""
    own = {other for other in catalogues() if other != package and package in other.parents}
    catalog = Catalog(project="partyrules", locale=None)
    for filename, lineno, message, comments, context in extract_from_dir(
            str(package), METHODS, keywords=KEYWORDS, comment_tags=("i18n:",),
            strip_comment_tags=True):
        path = package / filename
        if any(root in path.parents for root in own):
            continue
        catalog.add(message, None, [(str(path.relative_to(SOURCE)), lineno)],
                    auto_comments=comments, context=context)
    return catalog


def read(path: Path) -> Catalog:
    with path.open("rb") as stream:
        return read_po(stream, locale=LANGUAGE)


def new_catalog() -> Catalog:
    catalog = Catalog(locale=LANGUAGE, project="partyrules", version="",
                      copyright_holder="The partyrules authors", msgid_bugs_address="",
                      last_translator="The partyrules authors",
                      language_team="The partyrules authors", fuzzy=False)
    # GNU gettext's Italian: one form for 1, one for the rest (the browser's
    # Intl.PluralRules "one" is index 0, everything else index 1, in both languages).
    catalog.mime_headers = [*[(name, value) for name, value in catalog.mime_headers
                              if name != "Plural-Forms"],
                            ("Plural-Forms", "nplurals=2; plural=(n != 1);")]
    return catalog


def update(packages: list[Path]) -> None:
    for package in packages:
        template = extracted(package)
        path = po_path(package)
        catalog = read(path) if path.exists() else new_catalog()
        created = catalog.creation_date
        catalog.update(template, no_fuzzy_matching=True)
        catalog.creation_date = created  # a stable header: an unchanged file stays unchanged
        catalog.obsolete.clear()
        with path.open("wb") as stream:
            write_po(stream, catalog, width=100, omit_header=False, sort_output=False)
        print(f"{path.relative_to(ROOT)}: {len(catalog)} messages")


def fill(package: Path, translations: Path) -> None:
    """Write the Italian of ``translations`` (a JSON object from each English id to its
    Italian, a list of two forms for a plural) into the package's catalogue, and say
    which of its messages still have none."""
    table = json.loads(translations.read_text(encoding="utf-8"))
    path = po_path(package)
    catalog = read(path)
    missing = []
    for message in catalog:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        if key in table:
            found = table[key]
            message.string = tuple(found) if isinstance(found, list) else found
            message.flags.discard("fuzzy")
        elif not message.string or not all(message.string):
            missing.append(key)
    with path.open("wb") as stream:
        write_po(stream, catalog, width=100, omit_header=False, sort_output=False)
    print(f"{path.relative_to(ROOT)}: {len(missing)} without Italian")
    for key in missing:
        print(f"  {key!r}")


def compiled(path: Path) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, read(path))
    return buffer.getvalue()


def compile_all(packages: list[Path]) -> None:
    for package in packages:
        path = po_path(package)
        path.with_suffix(".mo").write_bytes(compiled(path))
        print(f"{path.with_suffix('.mo').relative_to(ROOT)}")


def _entry(message: Message) -> tuple[object, ...]:
    """A message as a comparable entry: a plural's id and forms come back from a ``.mo``
    as lists and from a ``.po`` as tuples."""
    def frozen(value: object) -> object:
        return tuple(value) if isinstance(value, list | tuple) else value
    return frozen(message.id), message.context, frozen(message.string)


def problems() -> list[str]:
    """Every reason a catalogue is not whole: a marked message without Italian, a fuzzy
    or empty translation, placeholders that differ, a stale ``.mo``."""
    found: list[str] = []
    for package in catalogues():
        path = po_path(package)
        name = str(path.relative_to(ROOT))
        if not path.exists():
            found.append(f"{name}: missing")
            continue
        catalog = read(path)
        for message in extracted(package):
            if not message.id:
                continue
            known = catalog.get(message.id, message.context)
            if known is None:
                found.append(f"{name}: no entry for {message.id!r}")
        for message in catalog:
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, tuple) else (
                message.string,)
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            if message.fuzzy or not all(strings):
                found.append(f"{name}: no Italian for {ids[0]!r}")
                continue
            wanted = set(PLACEHOLDER.findall(" ".join(ids)))
            for string in strings:
                if set(PLACEHOLDER.findall(string)) - wanted or (
                        len(ids) == 1 and set(PLACEHOLDER.findall(string)) != wanted):
                    found.append(f"{name}: placeholders differ in {ids[0]!r}")
        mo = path.with_suffix(".mo")
        if not mo.exists():
            found.append(f"{mo.relative_to(ROOT)}: not compiled")
        else:
            with mo.open("rb") as stream:
                have = {_entry(m) for m in read_mo(stream) if m.id}
            want = {_entry(m) for m in catalog if m.id and not m.fuzzy}
            if have != want:
                found.append(f"{mo.relative_to(ROOT)}: stale (run scripts/messages.py "
                             "compile)")
    return found


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "check"
    if command == "update":
        update(chosen(argv[2:]))
    elif command == "compile":
        compile_all(chosen(argv[2:]))
    elif command == "fill" and len(argv) == 4:
        fill(chosen([argv[2]])[0], Path(argv[3]))
    elif command == "check":
        found = problems()
        print("\n".join(found) or "every message has both languages")
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
