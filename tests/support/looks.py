"""How a station looks lit with a colour: on the strip (the bytes the LED driver sends) and in the simulator's window.

The light language's visibility tests judge a frame's colours as players see
them, not as numbers in a frame: after the strip's gamma and brightness (the
defaults of ``LedConfig``), and as the simulator draws a station's disc.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from console.cli import board_drawing
from hardware.config import Config, LedConfig
from hardware.drivers.handheld import MemoryHandheldLink
from hardware.drivers.leds import LedStrip, MemoryPixelWriter
from hardware.interfaces import Colour, Station
from hardware.sim import open_window

SAMPLED: Station = 7
"""The station the simulator is asked to light: a one-digit number, so its label hides little of its disc."""
SCREEN_MARGIN = 24
"""How much brighter (0-255, in its brightest channel) a lit disc must be on the screen than what is under it."""


def luma(colour: Colour) -> float:
    red, green, blue = colour
    return 0.299 * red + 0.587 * green + 0.114 * blue


class Looks:
    """A strip of one pixel and a headless simulator window, to see a colour on both."""

    def __init__(self) -> None:
        self.writer = MemoryPixelWriter()
        self._strip = LedStrip(replace(LedConfig(), count=1, order="RGB"), {SAMPLED: 0}, self.writer)
        self.hardware, self.window = open_window(Config(), board_drawing(), MemoryHandheldLink(), headless=True)
        self._screen: dict[Colour, Colour] = {}

    def strip(self, colour: Colour) -> Colour:
        """The pixel the LED driver sends for *colour*, at the default gamma and brightness (an unlit station: 0, 0, 0)."""
        self._strip.show({SAMPLED: colour})
        red, green, blue = self.writer.writes[-1]
        return red, green, blue

    def screen(self, colour: Colour) -> Colour:
        """The shade of the disc the simulator draws for a station lit with *colour* (the most common colour inside it)."""
        if colour not in self._screen:
            window = self.window
            window.set_frame({SAMPLED: colour})
            window.invalidate()
            window.redraw()
            x, y = window.station_centre(SAMPLED)
            reach = window._layout.radius // 2
            shades = Counter(tuple(window.display.get_at((x + dx, y + dy)))[:3]
                             for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1) if dx * dx + dy * dy <= reach * reach)
            red, green, blue = shades.most_common(1)[0][0]
            self._screen[colour] = red, green, blue
        return self._screen[colour]

    def close(self) -> None:
        self.window.close()


def rise(lit: Colour, under: Colour) -> int:
    """How much brighter *lit* is than *under* in the channel where it gains most."""
    return max(a - b for a, b in zip(lit, under))


def clearly_brighter_on_screen(lit: Colour, under: Colour) -> bool:
    """A lit disc reads as lit: no darker overall than what is under it, and clearly brighter in some channel."""
    return luma(lit) > luma(under) and rise(lit, under) >= SCREEN_MARGIN
