"""The handheld's words in a language and the bitmap glyphs it needs for them, written as one firmware module.

The handheld's 128x64 screen draws 16 columns of 8x8 cells with MicroPython's built-in font, which has only
ASCII. For Korean the module carries the Hangul syllables the catalog uses, and no other: each an 8x8 cell
(one column, like a letter) from Galmuri7, a pixel font drawn for 8-pixel Korean (SIL Open Font License 1.1,
``fonts/Galmuri7-OFL.md``). A glyph is 8 bytes, one a row, the leftmost pixel the highest bit; its syllable's
place in ``CHARS`` is its place in ``GLYPHS``.

``firmware/lang_<code>.py`` holds ``WORDS`` (each of the firmware's own messages and its translation),
``CHARS`` and ``GLYPHS``. ``hardware.language.update`` writes it; the console copies it to the handheld.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from hardware.language import FONTS

BDF = FONTS / "Galmuri7.bdf"
CELL = 8
"""A glyph's width and height, in pixels: one of the handheld's text cells."""
CHARS_A_LINE = 50
"""Characters of ``CHARS`` on one line of the module (a Hangul syllable is two columns wide in an editor)."""


@cache
def _bdf(path: Path) -> dict[int, tuple[int, int, int, list[int]]]:
    """The glyphs of a BDF font by code point: (width, height, bottom offset, rows as ints, leftmost pixel highest)."""
    glyphs: dict[int, tuple[int, int, int, list[int]]] = {}
    code = 0
    box = (0, 0, 0, 0)
    rows: list[int] | None = None
    for line in path.read_text(encoding="latin-1").splitlines():
        if line.startswith("ENCODING "):
            code = int(line.split()[1])
        elif line.startswith("BBX "):
            w, h, x, y = (int(part) for part in line.split()[1:])
            box = (w, h, x, y)
        elif line == "BITMAP":
            rows = []
        elif line == "ENDCHAR" and rows is not None:
            w, h, x, y = box
            glyphs[code] = (w, h, y, [row >> x if x >= 0 else row << -x for row in rows])
            rows = None
        elif rows is not None:
            rows.append(int(line, 16) >> (4 * len(line) - CELL))  # the first byte: glyphs this font draws are 8 wide at most
    return glyphs


def glyph(char: str) -> bytes:
    """*char*'s 8x8 cell: the glyph's rows set on a baseline after the seventh row, like the built-in font's letters."""
    _, height, bottom, rows = _bdf(BDF)[ord(char)]
    cell = [0] * CELL
    top = CELL - 1 - bottom - height
    for n, row in enumerate(rows):
        if 0 <= top + n < CELL:
            cell[top + n] = row & 0xFF
    return bytes(cell)


def needs_glyph(char: str) -> bool:
    """Whether the handheld draws *char* from the module (its built-in font has printable ASCII; a line break is no glyph)."""
    return not (" " <= char <= "~" or char.isspace())


def glyphs_for(texts: Iterable[str]) -> str:
    """Every character of *texts* the built-in font lacks, each once, in code point order."""
    return "".join(sorted({char for text in texts for char in text if needs_glyph(char)}))


def has_glyph(char: str) -> bool:
    """Whether the pixel font draws *char*."""
    return ord(char) in _bdf(BDF)


def handheld_module(language: str, catalog: Any, firmware_context: str) -> str:
    """The firmware module of *language*: the firmware's words from *catalog* and the glyphs the catalog's words need."""
    words = {message.id: message.string for message in catalog
             if message.id and message.context == firmware_context and message.string and not message.fuzzy}
    texts = [string for message in catalog if message.id for string in
             (message.string if isinstance(message.string, tuple) else (message.string,)) if string]
    chars = "".join(char for char in glyphs_for(texts) if has_glyph(char))
    glyph_bytes = b"".join(glyph(char) for char in chars)
    lines = [f'"""The handheld\'s words in {language} and the glyphs they need. Written by hardware.language.update: do not edit."""',
             "", f"LANGUAGE = {language!r}", "", "WORDS = {"]
    lines += [f"    {key!r}: {value!r}," for key, value in sorted(words.items())]
    lines += ["}", "", "CHARS = ("]
    lines += [f"    {chars[start:start + CHARS_A_LINE]!r}" for start in range(0, max(len(chars), 1), CHARS_A_LINE)]
    lines += [")", "", "GLYPHS = ("]
    for start in range(0, max(len(glyph_bytes), 1), 32):  # one line at least: "()" would be a tuple
        lines.append(f"    {glyph_bytes[start:start + 32]!r}")
    lines += [")", ""]
    return "\n".join(lines)
