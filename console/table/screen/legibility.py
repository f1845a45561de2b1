"""How small the console's screen may write: letters a player reads from a seat at the table.

The screen stands beside the lit board, and the players read it from their seats: about
``VIEWING_DISTANCE_MM`` away. For text that is read, ISO 9241-303 asks for characters of at
least 16 minutes of arc at the eye (20 to 22 preferred): a capital letter (and a Hangul
syllable, whose block stands as tall) of ``2 d tan(8')``, 3.26 mm at 70 cm. The screen's
height in millimetres (``[screen] height_mm``; 85.92 for the 7-inch Touch Display of the
parts list) turns that into pixels: 18.2 on its 480 rows, so no letter under 19 pixels, and
no line under the height whose letters reach that in every language's face, each measured
in its own script (25 pixels on that screen, 1/19 of its height: a capital of pygame's font
and a Hangul syllable of NanumSquare are then 19 and 22 pixels tall; NanumSquare's own
digits and capitals, in Korean text, 17). The screen's words are laid out in fractions of
its size, so a screen of other pixels but the same inches keeps the same letters.

>>> letter_px(480, 85.92)
19
>>> letter_px(600, 85.92)
23
"""

from __future__ import annotations

import math

VIEWING_DISTANCE_MM = 700.0
"""From a player's eyes to the screen: across the corner of a table that holds the board (545 x 420 mm)."""
LETTER_ARCMIN = 16.0
"""The smallest letter, as the angle its height makes at the eye (ISO 9241-303's minimum for reading)."""
SCREEN_HEIGHT_MM = 85.92
"""The height of the console's screen's picture when none is configured: the 7-inch Raspberry Pi Touch Display (800x480)."""
SAMPLES = {"ko": "가"}
"""The letter whose height is measured in each language's face: one of the script its words are written in (a capital if
none is given: "H")."""


def letter_mm(distance_mm: float = VIEWING_DISTANCE_MM, arcmin: float = LETTER_ARCMIN) -> float:
    """The height a letter needs to make *arcmin* minutes of arc at *distance_mm*."""
    return 2 * distance_mm * math.tan(math.radians(arcmin / 60) / 2)


def letter_px(height_px: int, height_mm: float = SCREEN_HEIGHT_MM) -> int:
    """The smallest letter, in pixels, on a screen *height_px* pixels and *height_mm* millimetres tall."""
    return math.ceil(height_px / height_mm * letter_mm())


def samples(language: str) -> str:
    """The letters measured for *language* (see ``SAMPLES``)."""
    return SAMPLES.get(language, "H")
