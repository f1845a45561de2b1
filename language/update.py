"""Bring the catalogs up to date with the source: ``python -m language.update`` (``--check`` only tells).

For translators and developers, not for the console: it needs Babel, which the test extra installs, and imports it only
when it runs (a release, which has no Babel, imports every module in its self-check). It:

1. extracts every message the source marks (``_``, ``p_``, ``n_``, ``np_`` in ``console``, ``hardware`` and
   ``firmware``; the texts of the guided games' lesson files) into ``catalogs/scotland_yard.pot``;
2. updates each language's ``.po`` from it (new messages come in untranslated, gone ones leave);
3. compiles each ``.po`` to its ``.mo``;
4. writes the handheld's words and Hangul glyphs (``firmware/lang_<code>.py``, see ``handheld_font``).

With ``--check`` it writes nothing and exits 1 when any of those files is not what it would write, or a
message is left untranslated (a test runs it).
"""

from __future__ import annotations

import argparse
import io
import sys
import tomllib
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from language import CATALOGS, DOMAIN, LANGUAGES
from language.handheld_font import handheld_module

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

ROOT = Path(__file__).resolve().parents[1]
"""The project's folder."""

KEYWORDS: dict[str, Any] = {"_": None, "p_": ((1, "c"), 2), "n_": (1, 2), "np_": ((1, "c"), 2, 3)}
"""The marking functions, as Babel reads them (``p_``'s first argument is the context)."""

FIRMWARE_CONTEXT = "firmware"
"""The context of the handheld firmware's own words (its ``_``): a handheld line, translated on the handheld."""

LESSON_FIELDS = {"title": "title", "say": "card", "wrong": "card", "choice": "card", "hint": "handheld", "do": None}
"""The lesson files' fields that are words, and the box each is shown in."""

HEADER = """\
# The words of the Scotland Yard console. Written by language.update from the source:
# translate the msgstr lines, then run it again to compile.
#"""

TEMPLATE = CATALOGS / f"{DOMAIN}.pot"
_EPOCH = datetime(2026, 12, 1, tzinfo=UTC)
"""The date every catalog's header gives: a fixed one, so the files change only when their messages do."""


def extract_lessons(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple[int, str | None, Any, list[str]]]:
    """A Babel extraction method for the guided games' TOML files: each word field, with its box as context."""
    data = tomllib.loads(fileobj.read().decode("utf-8"))
    for key, value in data.items():
        if key in LESSON_FIELDS and isinstance(value, str):
            yield 0, "p_" if LESSON_FIELDS[key] else None, _message(LESSON_FIELDS[key], value), []
    for step in data.get("step", []):
        for key, value in step.items():
            if key in LESSON_FIELDS and isinstance(value, str):
                yield 0, "p_" if LESSON_FIELDS[key] else None, _message(LESSON_FIELDS[key], value), []


def _message(context: str | None, text: str) -> Any:
    return (context, text) if context else text


def template() -> Catalog:
    """Every message the source marks, with where it is."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(project="scotland-yard-console", domain=DOMAIN, fuzzy=False, header_comment=HEADER,
                      copyright_holder="the Scotland Yard console's authors")
    python = [("**/tests/**", "ignore"), ("**.py", "python")]
    for folder in ("console", "hardware"):
        for filename, line, message, comments, context in extract_from_dir(
                ROOT / folder, [("**/lessons/**.toml", f"{__name__}:extract_lessons"), *python], keywords=KEYWORDS):
            catalog.add(message, locations=[(f"{folder}/{filename}", line)], auto_comments=comments, context=context)
    firmware: dict[str, Any] = {"_": None}
    for filename, line, message, comments, _context in extract_from_dir(ROOT / "firmware", python, keywords=firmware):
        catalog.add(message, locations=[(f"firmware/{filename}", line)], auto_comments=comments, context=FIRMWARE_CONTEXT)
    return catalog


def _po_bytes(catalog: Catalog) -> bytes:
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, catalog, width=120, omit_header=False, sort_output=False, ignore_obsolete=True)
    return out.getvalue()


def _mo_bytes(catalog: Catalog) -> bytes:
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def _stable(catalog: Catalog) -> Catalog:
    """*catalog* without the header fields that change at every run (dates), so unchanged input writes unchanged files."""
    catalog.creation_date = catalog.revision_date = _EPOCH
    catalog.version = "1"
    catalog.msgid_bugs_address = ""
    catalog.last_translator = "the Scotland Yard console's translators"
    catalog.language_team = ""
    return catalog


def _taken(takes: list[str]) -> dict[str, list[Catalog]]:
    """The translators' files of ``--take LANGUAGE:FILE``, by language."""
    from babel.messages.pofile import read_po

    found: dict[str, list[Catalog]] = {}
    for take in takes:
        language, _, name = take.partition(":")
        if language not in LANGUAGES or not name:
            raise SystemExit(f"--take {take}: give a language ({', '.join(LANGUAGES)}), a colon and a .po file")
        with open(name, "rb") as source:
            found.setdefault(language, []).append(read_po(source, locale=language))
    return found


def wanted(takes: list[str] = ()) -> tuple[dict[Path, bytes], list[str]]:  # type: ignore[assignment]
    """Every file the catalogs should be, by path; and each language's untranslated messages, in words.

    *takes*: translators' files (``LANGUAGE:FILE``) whose translations win over the catalog's, for the messages the
    source still has.
    """
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    taken = _taken(list(takes))
    pot = _stable(template())
    files = {TEMPLATE: _po_bytes(pot)}
    untranslated = []
    for language in LANGUAGES:
        if language == "en":
            continue
        folder = CATALOGS / language / "LC_MESSAGES"
        path = folder / f"{DOMAIN}.po"
        if path.exists():
            with path.open("rb") as source:
                catalog = read_po(source, locale=language)
        else:
            catalog = Catalog(locale=language, domain=DOMAIN, project="scotland-yard-console", fuzzy=False,
                              header_comment=HEADER, copyright_holder="the Scotland Yard console's authors")
        catalog.update(pot, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        for translations in taken.get(language, []):
            for message in translations:
                own = catalog.get(message.id, message.context)
                if own is not None and message.string and not message.fuzzy:
                    own.string = message.string
                    own.flags.discard("fuzzy")
        _stable(catalog)
        catalog.language_team = LANGUAGES[language]
        files[path] = _po_bytes(catalog)
        files[folder / f"{DOMAIN}.mo"] = _mo_bytes(catalog)
        files[ROOT / "firmware" / f"lang_{language}.py"] = handheld_module(language, catalog, FIRMWARE_CONTEXT).encode()
        untranslated += [f"{language}: {message.context or ''}|{message.id!r}" for message in catalog
                         if message.id and (not message.string or message.fuzzy or
                                            (isinstance(message.string, tuple) and not all(message.string)))]
    return files, untranslated


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m language.update", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a catalog is out of date or untranslated")
    parser.add_argument("--take", action="append", default=[], metavar="LANGUAGE:FILE",
                        help="take the translations of a translator's .po file (repeatable)")
    args = parser.parse_args(argv)
    files, untranslated = wanted(args.take)
    stale = [path for path, data in files.items() if not path.exists() or path.read_bytes() != data]
    for line in untranslated:
        print(f"untranslated: {line}")
    if args.check:
        for path in stale:
            print(f"out of date: {path.relative_to(ROOT)}")
        return 1 if stale or untranslated else 0
    for path in stale:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(files[path])
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
