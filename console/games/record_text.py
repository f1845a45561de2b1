"""The layout of a game's text record (``console.records.export``), which every kind writes its moves in.

A heading, rows of a label and its text, paragraphs wrapped to a page, and move
rows: the piece, the move in the notation, its words, lined up in columns of a
fixed-width font (a Hangul syllable takes two columns).

>>> print(move_row("Red", "red T46", "taxi to 46"))
  Red           red T46       taxi to 46
"""

from __future__ import annotations

import textwrap
import unicodedata
from collections.abc import Iterator

from language import Text, Words, p_

WIDTH = 14
"""The width of a label column (the names of pieces, the headings), in columns of a fixed-width font."""
NOTE_WIDTH = 104
"""The columns a paragraph of the text is wrapped to."""


def heading(title: Text) -> Iterator[str]:
    shown = str(title)
    yield shown
    yield "=" * columns(shown)
    yield ""


def paragraph(text: Text) -> Iterator[str]:
    yield from textwrap.wrap(str(text), NOTE_WIDTH)


def row(label: Words, text: Words) -> str:
    return padded(str(label)) + str(text)


def move_row(piece: Words, notation: str, words: Words) -> str:
    return f"  {padded(str(piece))}{notation:<{WIDTH}}{words}"


def to(line: Words, station: int) -> Text:
    """A ride in words: "taxi to 46"."""
    return p_("terminal", "{line} to {station}", line=line, station=station)


def padded(text: str) -> str:
    """*text* and the spaces that make it ``WIDTH`` columns wide in a fixed-width font."""
    return text + " " * max(1 if text else 0, WIDTH - columns(text))


def columns(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)
