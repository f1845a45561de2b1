"""The words people read, in their language: catalogs, the language in use, and texts that translate when shown.

Every word the console shows goes through a gettext catalog (``catalogs/<language>/LC_MESSAGES/scotland_yard.po``,
compiled to ``.mo`` beside it). English is the source: its catalog is the messages themselves. A third language is
a translation file away: copy the Korean ``.po``, translate it, add the language to ``LANGUAGES`` and compile
(README: Translating).

A ``Text`` keeps the message and its arguments, not a string, and becomes words only when it is shown
(``str(text)``), in the language in use then. So a game holds its messages as ``Text`` and a change of language
(``use``) changes every word on the next frame, and nothing of the game:

>>> use("en")
>>> moved = _("{piece} took {ticket} to {station}", piece=p_("name", "Red"), ticket=_("a taxi"), station=39)
>>> str(moved)
'Red took a taxi to 39'
>>> use("ko")
>>> str(moved) != 'Red took a taxi to 39' and "39" in str(moved)
True
>>> use("en")

The message's *context* names the box it is shown in (``p_("row", "Deduction assist")``: a menu row), so the
catalog tests can draw each translation in its own box; a message with no context is a line of the message bar.
``n_`` chooses the plural form by a count (Korean has one).

Korean joins particles to words by the word's last sound; a translation writes ``{piece:이/가}`` and gets
``빨강 형사가`` or ``보비 1이``:

>>> Particles().format("{name:이/가} {station:으로/로}", name="보비 1", station=17)
'보비 1이 17로'

This package is a room of its own at the bottom of the stack, under the hardware, because every room above it shows
words: the simulator's window and the builder's tools as well as the console. It imports none of them.
"""

from __future__ import annotations

import gettext
import locale
import os
import string
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

__all__ = ["LANGUAGES", "Particles", "Text", "Words", "_", "current", "font_file", "join", "n_", "np_", "p_", "plain",
           "system_language", "use"]

LANGUAGES: dict[str, str] = {"en": "English", "ko": "한국어"}
"""Each language the console speaks, by its code, with its name in itself (how the Settings row offers it)."""

DOMAIN = "scotland_yard"
"""The catalogs' gettext domain."""

CATALOGS = Path(__file__).parent / "catalogs"
"""Where each language's ``.po`` and compiled ``.mo`` are."""

FONTS = Path(__file__).parent / "fonts"

_FONT_FILES: dict[str, str] = {"ko": "NanumSquareB.ttf"}
"""The screen's font by language: Hangul and Latin in one face. English keeps pygame's bundled font."""

_current = "en"


def use(language: str) -> None:
    """Speak *language* from now on (every ``Text`` shown after this is in it); an unknown code raises ``ValueError``."""
    global _current
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}: the console speaks {', '.join(LANGUAGES)}")
    _current = language


def current() -> str:
    """The language in use: a code of ``LANGUAGES``."""
    return _current


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The language of the system's locale if the console speaks it (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English."""
    env = os.environ if environ is None else environ
    names = [env.get(name, "") for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    if environ is None:
        names.append(locale.getlocale()[0] or "")
    for name in names:
        for part in name.split(":"):
            code = part.split("_")[0].split(".")[0].lower()
            if code in LANGUAGES:
                return code
            if code:
                return "en"
    return "en"


def font_file(language: str | None = None) -> Path | None:
    """The TrueType font the screens draw *language* (default: the one in use) with; None: pygame's bundled font."""
    name = _FONT_FILES.get(language or _current)
    return FONTS / name if name else None


@cache
def _catalog(language: str) -> gettext.NullTranslations:
    if language == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, CATALOGS, [language])


def catalog(language: str | None = None) -> gettext.NullTranslations:
    """The compiled catalog of *language* (default: the one in use); English's translates nothing."""
    return _catalog(language or _current)


# ---------------------------------------------------------------- Korean particles

_PARTICLES = {"이/가", "은/는", "을/를", "과/와", "으로/로", "이나/나", "이에요/예요", "이다/다", "아/야"}
_DIGIT_FINAL = {"0": 21, "1": 8, "2": 0, "3": 16, "4": 0, "5": 0, "6": 1, "7": 8, "8": 8, "9": 0}
"""Each digit's last sound as a Hangul final-consonant index, as it is read in Sino-Korean (영, 일, 이, 삼 ...); 0: none."""
_RIEUL = 8


def _final(word: str) -> int:
    """The final consonant (jongseong index, 0 for none) of *word*'s last sounding character."""
    for char in reversed(word.rstrip(" .!?)\"'")):
        if "가" <= char <= "힣":
            return (ord(char) - ord("가")) % 28
        if char in _DIGIT_FINAL:
            return _DIGIT_FINAL[char]
        if char.isalpha():
            return _RIEUL if char.lower() in "lr" else (16 if char.lower() in "mn" else 0)
    return 0


class Particles(string.Formatter):
    """``str.format`` that also joins a Korean particle to its word: ``{name:이/가}``, ``{station:으로/로}``.

    The first form follows a final consonant, the second a vowel (and ``(으)로`` takes ``로`` after ㄹ as well).
    """

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec in _PARTICLES:
            word = str(value)
            with_final, without = format_spec.split("/")
            final = _final(word)
            if format_spec == "으로/로":
                return word + (with_final if final and final != _RIEUL else without)
            return word + (with_final if final else without)
        return str(super().format_field(value, format_spec))


_FORMATTER = Particles()


# ---------------------------------------------------------------- texts

@dataclass(frozen=True)
class Text:
    """A message to show: the catalog's words for it in the language in use at the moment it is shown (``str``).

    Two texts are equal when they say the same thing (message and arguments), in any language.
    """

    message: str
    args: tuple[tuple[str, Any], ...] = ()
    context: str | None = None
    plural: str | None = None
    count: int = 1

    def __str__(self) -> str:
        return self.to(_current)

    def to(self, language: str) -> str:
        """The words of this text in *language*."""
        words = _translated(self, catalog(language))
        args = {name: value.to(language) if isinstance(value, Text) else value for name, value in self.args}
        return _FORMATTER.vformat(words, (), args) if args or "{" in words else words

    def __bool__(self) -> bool:
        return bool(self.message)


def _translated(text: Text, found: gettext.NullTranslations) -> str:
    if text.plural is None:
        return found.pgettext(text.context, text.message) if text.context else found.gettext(text.message)
    if text.context:
        return found.npgettext(text.context, text.message, text.plural, text.count)
    return found.ngettext(text.message, text.plural, text.count)


@dataclass(frozen=True)
class Joined(Text):
    """Texts shown one after another with a separator (itself a text: languages may join differently)."""

    separator: Text | None = None
    parts: tuple[Text | str, ...] = ()

    def to(self, language: str) -> str:
        shown = [part.to(language) if isinstance(part, Text) else part for part in self.parts]
        between = self.separator.to(language) if self.separator is not None else ""
        return between.join(part for part in shown if part)

    def __bool__(self) -> bool:
        return any(self.parts)


Words = Text | str
"""Anything shown as words: a ``Text``, or a ``str`` that reads the same in every language (a station's number)."""


def _(message: str, **args: Any) -> Text:
    """*message* (with its ``{name}`` places filled by *args*), translated when shown."""
    return Text(message, tuple(args.items()))


def p_(context: str, message: str, **args: Any) -> Text:
    """*message* shown in the box *context* names (``"row"``, ``"title"``, ``"handheld"``...), translated when shown."""
    return Text(message, tuple(args.items()), context)


def n_(singular: str, plural: str, count: int, **args: Any) -> Text:
    """*singular* or *plural* by *count* (in the language shown), with ``{n}`` the count."""
    return Text(singular, (("n", count), *args.items()), None, plural, count)


def np_(context: str, singular: str, plural: str, count: int, **args: Any) -> Text:
    """``n_`` in the box *context* names."""
    return Text(singular, (("n", count), *args.items()), context, plural, count)


def plain(words: str) -> Text:
    """Words that are the same in every language (a number, a name someone typed): shown as they are."""
    return Text("{words}", (("words", words),))


def join(separator: Text, parts: Iterable[Text | str]) -> Text:
    """*parts* (empty ones left out) joined by *separator*, in the language shown."""
    return Joined("", separator=separator, parts=tuple(parts))
