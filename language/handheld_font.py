"""The handheld's words in a language and the bitmap glyphs it needs for them, written as one firmware module.

The handheld's 128x64 OLED (0.96 inch: 0.17 mm a pixel) draws English in MicroPython's built-in 8x8 font, 16 columns
by 8 lines. Hangul needs more: at 8 pixels a syllable's strokes run together (블랙 read as 분랙), so Korean is drawn
from 12x12 cells of Galmuri11 Bold, a pixel font drawn for 12-pixel Korean (SIL Open Font License 1.1,
``fonts/Galmuri11-OFL.md``): its syllables are 11 pixels tall, 1.9 mm, 21 minutes of arc from a hand held at 30 cm
(ISO 9241-303 asks 16 at least), its strokes two pixels wide, and no two syllables the catalog uses differ by fewer
than ``DISTINCT_PIXELS``. A screen of them holds ``ROWS`` lines of 12 pixels (ten syllables a line; ASCII keeps the
built-in font, 8 pixels a character, set on the syllables' baseline). The module carries the glyphs of the
characters the catalog uses, and no other: each 12 rows of 2 bytes (the leftmost pixel the highest bit, its right
4 bits empty), its character's place in ``CHARS`` its place in ``GLYPHS``.

``firmware/lang_<code>.py`` holds ``WORDS`` (each of the firmware's own messages and its translation), the
screen's metrics (``ROWS``, ``LINE``, ``CELL``, ``ADVANCE``, ``ASCII_TOP``), ``CHARS`` and ``GLYPHS``.
``language.update`` writes it; the console copies it to the handheld.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from language import FONTS

BDF = FONTS / "Galmuri11-Bold.bdf"
CELL = 12
"""A glyph's cell, in pixels each way: 11 rows of the syllable and a row between lines; 11 columns and one between."""
ROW_BYTES = 2
"""Bytes a row of a cell takes (12 pixels, the leftmost the highest bit)."""
ROWS = 5
"""Lines a screen of 64 pixels holds at 12 pixels a line (the 4 left over: 2 above, 2 below)."""
LINE = 12
"""A line's height in pixels (the cell's)."""
TOP = 2
"""Where the first line starts."""
ADVANCE = 12
"""How far a glyph moves the pen (an ASCII character of the built-in font moves it 8)."""
ASCII_TOP = 4
"""Where the built-in font's 8x8 cell goes within a line: its capitals end on the syllables' baseline."""
DISTINCT_PIXELS = 2
"""The fewest pixels by which any two syllables the module carries differ (a stroke of two pixels, 0.34 mm: plain to see)."""
CHARS_A_LINE = 50
"""Characters of ``CHARS`` on one line of the module (a Hangul syllable is two columns wide in an editor)."""


@cache
def _bdf(path: Path) -> dict[int, tuple[int, int, int, int, list[int]]]:
    """The glyphs of a BDF font by code point: (width, height, left offset, bottom offset, rows as ints, leftmost pixel
    the highest bit of a 16-bit row)."""
    glyphs: dict[int, tuple[int, int, int, int, list[int]]] = {}
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
            glyphs[code] = (*box, rows)
            rows = None
        elif rows is not None:
            rows.append((int(line, 16) << 16 >> 4 * len(line)) & 0xFFFF)  # the row's bits as 16, the leftmost highest
    return glyphs


def glyph(char: str) -> bytes:
    """*char*'s 12x12 cell: the glyph's rows set on a baseline after the eleventh row, its left offset kept; two bytes a row."""
    _, height, left, bottom, rows = _bdf(BDF)[ord(char)]
    cell = [0] * CELL
    top = CELL - 1 - bottom - height
    for n, row in enumerate(rows):
        if 0 <= top + n < CELL:
            cell[top + n] = (row >> max(0, left) if left >= 0 else row << -left) & 0xFFF0  # 12 pixels: the right four empty
    return b"".join(value.to_bytes(ROW_BYTES, "big") for value in cell)


def pixels(cell: bytes) -> frozenset[tuple[int, int]]:
    """The lit pixels of a *cell*, as (row, column)."""
    return frozenset((row, column) for row in range(CELL) for column in range(CELL)
                     if int.from_bytes(cell[ROW_BYTES * row:ROW_BYTES * row + ROW_BYTES], "big") >> (15 - column) & 1)


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
    """The firmware module of *language*: the firmware's words from *catalog*, the screen's metrics for its glyphs, and the
    glyphs the catalog's words need."""
    words = {message.id: message.string for message in catalog
             if message.id and message.context == firmware_context and message.string and not message.fuzzy}
    texts = [string for message in catalog if message.id for string in
             (message.string if isinstance(message.string, tuple) else (message.string,)) if string]
    chars = "".join(char for char in glyphs_for(texts) if has_glyph(char))
    glyph_bytes = b"".join(glyph(char) for char in chars)
    lines = [f'"""The handheld\'s words in {language} and the glyphs they need. Written by language.update: do not edit."""',
             "", f"LANGUAGE = {language!r}", "", "WORDS = {"]
    lines += [f"    {key!r}: {value!r}," for key, value in sorted(words.items())]
    lines += ["}", "", f"ROWS = {ROWS}", f"LINE = {LINE}", f"TOP = {TOP}", f"CELL = {CELL}", f"ADVANCE = {ADVANCE}",
              f"ASCII_TOP = {ASCII_TOP}", "", "CHARS = ("]
    lines += [f"    {chars[start:start + CHARS_A_LINE]!r}" for start in range(0, max(len(chars), 1), CHARS_A_LINE)]
    lines += [")", "", "GLYPHS = ("]
    for start in range(0, max(len(glyph_bytes), 1), 32):  # one line at least: "()" would be a tuple
        lines.append(f"    {glyph_bytes[start:start + 32]!r}")
    lines += [")", ""]
    return "\n".join(lines)
