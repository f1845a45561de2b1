"""The hardware test from the start menu: every light, then every button, reported on the console's own screen.

It is the builder's check (``hardware.selftest.SelfTest``) run in the console's
loop as an activity of the program: the board shows what the check lights,
the screen its last lines, and MENU ends it at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from console.lights import Palette
from console.screen.menu import draw_page
from console.screen.toolkit import Toolkit
from hardware.interfaces import Frame, Key, Station, StationPressed, StationStuck
from hardware.selftest import SelfTest

LISTEN_S = 30.0
"""The test listens this long after the last press (MENU ends it sooner)."""
TITLE = "Hardware test (MENU ends it)"
LINES = 8
"""The screen shows the check's last lines."""


@dataclass(frozen=True)
class PageScene:
    """A page of text on the screen; the board shows what the check lights."""

    title: str
    lines: tuple[str, ...]
    check: SelfTest = field(compare=False)

    def lights(self, now: float, palette: Palette) -> Frame:
        return self.check.frame(now)

    def draw(self, kit: Toolkit, surface: pygame.Surface, now: float, palette: Palette) -> None:
        draw_page(kit, surface, self.title, self.lines)

    def animating(self, now: float) -> bool:
        return False


class HardwareTest:
    """The check's events and scenes, for the program's loop; ``done`` once it has summed up."""

    def __init__(self, stations: Sequence[Station], now: float, *, listen_s: float = LISTEN_S) -> None:
        self.check = SelfTest(stations, now, listen_s=listen_s)

    @property
    def done(self) -> bool:
        return self.check.done

    @property
    def summary(self) -> str:
        """The check's last word, for the start menu ("Hardware test: Every button works.")."""
        return f"Hardware test: {self.check.lines[-1]}"

    def station_pressed(self, station: Station, now: float) -> None:
        self.check.event(StationPressed(station), now)

    def button_stuck(self, station: Station, now: float) -> None:
        self.check.event(StationStuck(station), now)

    def key_pressed(self, key: Key, now: float) -> None:
        self.check.key(key)

    def tick(self, now: float) -> None:
        self.check.advance(now)

    def scene(self) -> PageScene:
        return PageScene(TITLE, tuple(self.check.lines[-LINES:]), self.check)
