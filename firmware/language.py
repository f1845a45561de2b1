"""The handheld's language: its own words in it, and the pictures of the characters its built-in font lacks.

The console says which language it speaks in its hello (``link``); ``use`` takes it. English is the source:
its words are the messages themselves, and it needs no module. Any other language is the module
``lang_<code>`` (written by the console's ``hardware.language.update``), holding ``WORDS`` (each English message
of the firmware and its translation), ``CHARS`` (every character of the language the console may send, but
ASCII) and ``GLYPHS`` (8 bytes a character, in the order of ``CHARS``: its 8x8 cell, one byte a row, the leftmost
pixel the highest bit). The module is imported only when the console asks for its language and let go when it
asks for English again, so English costs no RAM. A language the handheld has no module for is shown in English.

``_("Round %d") % 4`` is a message in the language in use; only literal strings go in ``_`` (the console's
extractor reads them from the source, as the firmware's words). Written in the subset MicroPython shares with
CPython.
"""

import sys

ENGLISH = "en"
BOX = b"\x7e\x42\x42\x42\x42\x42\x7e\x00"
"""The cell of a character without a glyph: an empty box, so a missing one shows (and takes its column)."""

_PACKAGE = __name__[:__name__.rfind(".") + 1]
"""``firmware.`` on a PC; nothing on the handheld, where the firmware's files are top-level modules."""

_code = ENGLISH
_module = None


def _name(code):
    return _PACKAGE + "lang_" + code


def _other(code):
    """Whether *code* may be a language of a module: two or three lower-case letters, not English's."""
    return isinstance(code, str) and 2 <= len(code) <= 3 and code.isalpha() and code.islower() and code != ENGLISH


def use(code):
    """Speak the language *code* from now on (English for ``""``, an unknown code, or one whose module is missing)."""
    global _code, _module
    if not _other(code):
        code = ENGLISH
    if code == _code:
        return
    if _module is not None:
        sys.modules.pop(_name(_code), None)  # let the old words and glyphs go
    _code, _module = ENGLISH, None
    if code != ENGLISH:
        try:
            _module = __import__(_name(code), None, None, ("WORDS",))
        except (ImportError, MemoryError):  # no module for it, or no room: English it is
            return
        _code = code


def current():
    """The language in use: its code (``"en"``, ``"ko"``)."""
    return _code


def _(message):
    """The English *message* in the language in use (itself where the language has no words for it)."""
    if _module is None:
        return message
    return _module.WORDS.get(message, message)


def glyph(char):
    """The 8x8 cell of the character *char*, one byte a row (``BOX`` when the language in use has no picture of it)."""
    index = -1 if _module is None else _module.CHARS.find(char)
    if index < 0:
        return BOX
    return _module.GLYPHS[8 * index:8 * index + 8]
