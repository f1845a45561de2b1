"""The handheld's language: its own words in it, and the pictures of the characters its built-in font lacks.

The console says which language it speaks in its hello (``link``); ``use`` takes it. English is the source:
its words are the messages themselves, and it needs no module: the built-in 8x8 font, 16 columns by 8 lines. Any
other language is the module ``lang_<code>`` (written by the console's ``language.update``), holding
``WORDS`` (each English message of the firmware and its translation), the screen's metrics for its glyphs
(``ROWS`` lines of ``LINE`` pixels from ``TOP``; a glyph's ``CELL`` square, which moves the pen ``ADVANCE``; the
built-in font's cell ``ASCII_TOP`` into a line), ``CHARS`` (every character of the language the console may send,
but ASCII) and ``GLYPHS`` (a cell a character, in the order of ``CHARS``: its rows, each as many bytes as the cell
is wide in eights, the leftmost pixel the highest bit). The module is imported only when the console asks for its
language and let go when it asks for English again, so English costs no RAM. A language the handheld has no module
for is shown in English.

``_("%d moves") % 4`` is a message in the language in use; only literal strings go in ``_`` (the console's
extractor reads them from the source, as the firmware's words). Written in the subset MicroPython shares with
CPython.
"""

import sys

ENGLISH = "en"
BOX = b"\x7e\x42\x42\x42\x42\x42\x7e\x00"
"""The 8x8 cell of a character without a glyph: an empty box, so a missing one shows (and takes its column)."""
ROWS = 8
LINE = 8
TOP = 0
CELL = 8
ADVANCE = 8
ASCII_TOP = 0
"""The built-in font's metrics: 8 lines of 8 pixels, an 8x8 cell a character."""

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


def metric(name):
    """The screen's metric *name* (``ROWS``, ``LINE``, ``TOP``, ``CELL``, ``ADVANCE``, ``ASCII_TOP``) in the language in use."""
    own = getattr(_module, name, None) if _module is not None else None
    return own if own is not None else globals()[name]


def advance(char):
    """How far *char* moves the pen: 8 pixels for ASCII (the built-in font), the glyph's advance for any other."""
    if " " <= char <= "~":
        return 8
    return metric("ADVANCE")


def glyph(char):
    """The cell of the character *char* in the language in use: its rows, each ``(CELL + 7) // 8`` bytes, the leftmost pixel
    the highest bit (a box when the language has no picture of it)."""
    cell = metric("CELL")
    size = cell * ((cell + 7) // 8)
    index = -1 if _module is None else _module.CHARS.find(char)
    if index < 0:
        return BOX if cell == 8 else _box(cell)
    return _module.GLYPHS[size * index:size * index + size]


def _box(cell):
    """An empty box filling a *cell* a little inside its edges (the last row and column stay dark, as a glyph's do)."""
    width = (cell + 7) // 8
    edge = ((1 << (cell - 2)) - 1) << (8 * width - cell + 1)
    sides = (1 << (8 * width - 2)) | (1 << (8 * width - cell + 1))
    rows = [edge] + [sides] * (cell - 4) + [edge, 0, 0]
    return b"".join(row.to_bytes(width, "big") for row in rows[:cell])
