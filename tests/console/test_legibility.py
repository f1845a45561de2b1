"""The console's smallest letters: chosen from the screen's size and how far the players sit, and kept by every text.

The messages of every flow (``tests/games/test_messages_fit.py``) and every lesson card
(``tests/console/test_lessons.py``) are drawn in both languages with ``Toolkit.smallest``
checked against ``Toolkit.min_px``; here, that the minimum itself is what it says.
"""

from __future__ import annotations

import math
from pathlib import Path

import pygame
import pytest

from console.program.program import Program
from console.settings import GameSettings
from console.table.screen.legibility import LETTER_ARCMIN, SCREEN_HEIGHT_MM, VIEWING_DISTANCE_MM, letter_px
from console.table.screen.toolkit import Toolkit
from hardware.config import Config, ScreenConfig
from hardware.drivers.handheld import MemoryHandheldLink
from hardware.factory import build_hardware
from hardware.station_map import StationMap
from language import LANGUAGES

STATIONS = range(1, 200)
SIZES = ((800, 480), (1024, 600), (480, 320))


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_smallest_letters_make_16_minutes_of_arc_at_70_cm_in_every_language(size: tuple[int, int]) -> None:
    kit = Toolkit(size)
    needed_mm = 2 * VIEWING_DISTANCE_MM * math.tan(math.radians(LETTER_ARCMIN / 60) / 2)
    assert (LETTER_ARCMIN, VIEWING_DISTANCE_MM) == (16.0, 700.0) and abs(needed_mm - 3.258) < 0.001
    assert kit.letter_px == math.ceil(size[1] / SCREEN_HEIGHT_MM * needed_mm)
    for language in LANGUAGES:
        assert kit.letter_height(kit.min_px, language) >= kit.letter_px, language
    assert any(kit.letter_height(kit.min_px - 1, language) < kit.letter_px for language in LANGUAGES)  # the least that does
    assert kit.px_main >= kit.min_px


def test_on_the_touch_display_no_letter_is_under_19_pixels() -> None:
    assert letter_px(480) == 19 and Toolkit((800, 480)).min_px == 25  # the README's figures


def test_a_text_asked_for_smaller_is_drawn_at_the_smallest_line_and_the_frame_says_how_small_it_drew() -> None:
    kit = Toolkit((800, 480))
    surface = pygame.Surface((800, 480))
    kit.begin(surface)
    assert kit.smallest == 0
    assert kit.text("12", 8, (255, 255, 255)).get_height() >= kit.min_px
    assert kit.wrap("a few words", 8, (255, 255, 255), 400, 2)[0].get_height() >= kit.min_px
    assert kit.smallest >= kit.min_px


def test_a_smaller_screen_in_millimetres_gets_larger_letters_from_the_config_file(tmp_path: Path) -> None:
    small = Config(profile="fake", screen=ScreenConfig(height_mm=62.0))  # a 5-inch 800x480 panel
    hardware = build_hardware(small, StationMap.identity(STATIONS), STATIONS, handheld=MemoryHandheldLink())
    kit = Program(hardware, GameSettings(data_dir=str(tmp_path))).console.presenter.kit
    assert kit.letter_px == letter_px(480, 62.0) > letter_px(480) and kit.min_px > Toolkit((800, 480)).min_px
