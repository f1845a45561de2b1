"""The handheld's language (firmware/language.py): its words, its glyphs drawn on the OLED, and what they cost in RAM."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from firmware import fake_hw, lang_ko, language, screens
from hardware.language import CATALOGS, DOMAIN
from hardware.language.handheld_font import glyph as font_glyph
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
    assert language.current() == "en" and language._("Round %d") == "Round %d"
    assert language.glyph("택") == language.BOX


def test_korean_words_come_from_the_module_and_english_lets_it_go() -> None:
    language.use("ko")
    assert language.current() == "ko"
    assert language._("Round %d") % 4 == "4라운드" and language._("no such message") == "no such message"
    language.use("en")
    assert "firmware.lang_ko" not in sys.modules and language._("Round %d") == "Round %d"


@pytest.mark.parametrize("code", ["", "xx", "fr", "KO", "ko.x", "../ko", "lang", 7, None])
def test_a_language_without_a_module_or_no_language_at_all_is_english(code: object) -> None:
    language.use("ko")
    language.use(code)  # type: ignore[arg-type]
    assert language.current() == "en" and language._("Game over") == "Game over"


def test_a_glyph_is_the_pixel_font_s_cell_and_a_character_without_one_is_a_box() -> None:
    language.use("ko")
    assert language.glyph("택") == font_glyph("택") != language.BOX
    assert language.glyph("é") == language.BOX


def lit(display: fake_hw.FakeDisplay, column: int, row: int) -> list[int]:
    """The 8x8 cell at *column*, *row* of the screen as rows of bits, the leftmost pixel highest (a glyph's layout)."""
    return [sum(bool(display.pixel(column * 8 + x, row * 8 + y)) << (7 - x) for x in range(8)) for y in range(8)]


def test_draw_puts_each_syllable_in_its_own_cell_and_a_box_where_a_glyph_is_missing() -> None:
    language.use("ko")
    display = fake_hw.FakeDisplay()
    screens.draw(display, screens.page(["택시 é X", "", "지하철"], (2,)))
    assert lit(display, 0, 0) == list(font_glyph("택")) and lit(display, 1, 0) == list(font_glyph("시"))
    assert lit(display, 2, 0) == [0] * 8 and lit(display, 3, 0) == list(language.BOX)
    reference = fake_hw.FakeDisplay()
    reference.text("X", 5 * 8, 0, 1)
    assert lit(display, 5, 0) == lit(reference, 5, 0)  # ASCII after Hangul keeps its column
    inverted = [[display.pixel(x, 16 + y) for x in range(8)] for y in range(8)]
    assert inverted == [[0 if font_glyph("지")[y] & (0x80 >> x) else 1 for x in range(8)] for y in range(8)]


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


def test_every_firmware_word_is_translated_and_fits_as_the_english_does() -> None:
    words = {message.id: message.string for message in korean() if message.context == "firmware"}
    assert words and words == lang_ko.WORDS
    for english, korean_words in words.items():
        assert korean_words.count("%") == english.count("%"), english
        assert len(korean_words) <= max(len(english), screens.COLUMNS // 2), english


MEMORY = r"""
import gc, json
import language
gc.collect()
before = gc.mem_free()
language.use("ko")
gc.collect()
korean = before - gc.mem_free()
shown = language._("Round %d") % 4
language.use("en")
gc.collect()
print(json.dumps({"korean": korean, "english": before - gc.mem_free(), "shown": shown, "now": language.current()}))
"""


def test_korean_costs_the_micropython_heap_little_and_english_nothing(tmp_path: Path) -> None:
    script = tmp_path / "memory.py"
    script.write_text(MEMORY)
    report = json.loads(run_micropython(script))
    assert report["shown"] == "4라운드" and report["now"] == "en"
    assert 0 < report["korean"] < RAM_BUDGET, report
    assert report["english"] < report["korean"] // 4, report  # the module let go
    print(f"lang_ko: CHARS {len(lang_ko.CHARS.encode())} B, GLYPHS {len(lang_ko.GLYPHS)} B; import {report['korean']} B of heap")
