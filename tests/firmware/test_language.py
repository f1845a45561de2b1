"""The handheld's language (firmware/language.py): its words, its glyphs drawn on the OLED, and what they cost in RAM."""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Iterator
from functools import cache
from itertools import combinations
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from firmware import fake_hw, lang_ko, language, screens
from language import CATALOGS, DOMAIN
from language.handheld_font import CELL, DISTINCT_PIXELS, ROW_BYTES, pixels
from language.handheld_font import glyph as font_glyph
from tests.support.micropython import run_micropython

SHOWN = {"firmware", "handheld", "name", None}
"""The contexts of the words the handheld shows: its own, and the console's it is sent (a lesson's hint, a rogue's name,
a refusal's reason and the result, which are message-bar words)."""
RAM_BUDGET = 32 * 1024
"""Bytes the Korean module may take of the Pico's heap (about 190 KB)."""


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    language.use("en")
    yield
    language.use("en")


@cache
def korean() -> Catalog:
    with (CATALOGS / "ko" / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as source:
        return read_po(source, locale="ko")


def test_english_is_the_messages_themselves_and_has_no_glyphs() -> None:
    assert language.current() == "en" and language._("%d moves") == "%d moves"
    assert language.glyph("택") == language.BOX


def test_korean_words_come_from_the_module_and_english_lets_it_go() -> None:
    language.use("ko")
    assert language.current() == "ko"
    assert language._("%d moves") % 4 == "4회" and language._("no such message") == "no such message"
    language.use("en")
    assert "firmware.lang_ko" not in sys.modules and language._("%d moves") == "%d moves"


@pytest.mark.parametrize("code", ["", "xx", "fr", "KO", "ko.x", "../ko", "lang", 7, None])
def test_a_language_without_a_module_or_no_language_at_all_is_english(code: object) -> None:
    language.use("ko")
    language.use(code)  # type: ignore[arg-type]
    assert language.current() == "en" and language._("Game over") == "Game over"


def test_a_glyph_is_the_pixel_font_s_cell_and_a_character_without_one_is_a_box() -> None:
    language.use("ko")
    assert language.glyph("택") == font_glyph("택") and len(language.glyph("택")) == CELL * ROW_BYTES
    box = pixels(language.glyph("é"))
    rows, columns = {row for row, _ in box}, {column for _, column in box}
    assert box and box == {(row, column) for row in rows for column in columns
                           if row in (min(rows), max(rows)) or column in (min(columns), max(columns))}  # an empty box
    assert "é" not in lang_ko.CHARS


def lit(display: fake_hw.FakeDisplay, x: int, y: int, size: int) -> frozenset[tuple[int, int]]:
    """The lit pixels of the *size* square at (*x*, *y*), as (row, column) in it."""
    return frozenset((row, column) for row in range(size) for column in range(size) if display.pixel(x + column, y + row))


def test_draw_puts_each_syllable_in_its_12_pixel_cell_on_five_lines_ascii_on_its_baseline() -> None:
    language.use("ko")
    display = fake_hw.FakeDisplay()
    screens.draw(display, screens.page(["택시 é X", "", "지하철"], (2,)))
    top = language.metric("TOP")
    assert (language.metric("ROWS"), language.metric("LINE"), top) == (5, 12, 2)
    assert lit(display, 0, top, 12) == pixels(font_glyph("택")) and lit(display, 12, top, 12) == pixels(font_glyph("시"))
    assert lit(display, 24, top, 8) == frozenset() and lit(display, 32, top, 12) == pixels(language.glyph("é"))
    reference = fake_hw.FakeDisplay()
    reference.text("X", 52, top + language.metric("ASCII_TOP"), 1)
    assert lit(display, 52, top, 12) == lit(reference, 52, top, 12)  # ASCII after Hangul keeps its place, on the baseline
    assert max(row for row, _ in lit(reference, 52, top, 12)) == max(row for row, _ in pixels(font_glyph("택")))
    inverted = top + 2 * 12
    assert lit(display, 0, inverted, 11) == {(row, column) for row in range(11) for column in range(11)} - pixels(font_glyph("지"))


def test_every_pair_of_hangul_syllables_the_handheld_carries_differs_by_two_pixels_at_least() -> None:
    """Told apart at a glance: no two syllables of the module differ by less than a two-pixel stroke (at 8 pixels,
    블 and 분 differed by three, and 블랙 was read as 분랙)."""
    size = CELL * ROW_BYTES
    cells = {char: pixels(lang_ko.GLYPHS[size * n:size * n + size]) for n, char in enumerate(lang_ko.CHARS) if "가" <= char <= "힣"}
    assert len(cells) > 400
    closest = min((len(cells[a] ^ cells[b]), a, b) for a, b in combinations(sorted(cells), 2))
    assert closest[0] >= DISTINCT_PIXELS == 2, closest
    assert len(cells["블"] ^ cells["분"]) > 20 and len(cells["취"] ^ cells["칙"]) > 2


def test_syllables_are_11_pixels_tall_a_legible_size_on_the_oled() -> None:
    """The 0.96-inch OLED's pixel is 0.17 mm: 11 rows are 1.9 mm, 21 minutes of arc at 30 cm (16 at least, ISO 9241-303)."""
    heights = {max(row for row, _ in pixels(font_glyph(char))) - min(row for row, _ in pixels(font_glyph(char))) + 1
               for char in "택시버스지하철블랙더블"}
    assert heights <= {10, 11} and max(heights) == 11
    assert math.degrees(math.atan(11 * 21.74 / 128 / 300)) * 60 > 20


def test_every_word_the_handheld_can_show_in_korean_has_its_glyph() -> None:
    """The firmware's words and the console's that reach the handheld: no character of them is drawn as a box."""
    missing: dict[str, str] = {}
    for message in korean():
        if not message.id or message.context not in SHOWN:
            continue
        for string in message.string if isinstance(message.string, tuple) else (message.string,):
            lacking = [char for char in string if not " " <= char <= "~" and char not in lang_ko.CHARS]
            if lacking:
                missing[string] = "".join(lacking)
    assert not missing, missing


def test_every_firmware_word_is_translated_and_fits_a_line() -> None:
    words = {message.id: message.string for message in korean() if message.context == "firmware"}
    assert words and words == lang_ko.WORDS
    language.use("ko")
    for english, korean_words in words.items():
        assert korean_words.count("%") == english.count("%"), english
        widest = korean_words.replace("%s", "188").replace("%d", "88")  # its values at their widest
        assert screens.width(widest + "?") <= screens.WIDTH, english  # a line of its own, in pixels as drawn


MEMORY = r"""
import gc, json
import language
gc.collect()
before = gc.mem_free()
language.use("ko")
gc.collect()
korean = before - gc.mem_free()
shown = language._("%d moves") % 4
language.use("en")
gc.collect()
print(json.dumps({"korean": korean, "english": before - gc.mem_free(), "shown": shown, "now": language.current()}))
"""


def test_korean_costs_the_micropython_heap_little_and_english_nothing(tmp_path: Path) -> None:
    script = tmp_path / "memory.py"
    script.write_text(MEMORY)
    report = json.loads(run_micropython(script))
    assert report["shown"] == "4회" and report["now"] == "en"
    assert 0 < report["korean"] < RAM_BUDGET, report
    assert report["english"] < report["korean"] // 4, report  # the module let go
    print(f"lang_ko: CHARS {len(lang_ko.CHARS.encode())} B, GLYPHS {len(lang_ko.GLYPHS)} B; import {report['korean']} B of heap")
