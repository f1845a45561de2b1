"""The hardware test from the start menu: every light, then every button, reported on the console's own screen.

It is the builder's check (``hardware.builder.selftest.SelfTest``) run in the console's
loop as an activity of the program: the board shows what the check lights, at
a pace an eye can follow (each station stays lit for ``WALK_S``, the whole board
for ``COLOUR_S`` in each colour), and the screen says what is lit now under the
check's last lines. CONFIRM skips on to the next part, MENU ends it at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from console.program.activity import Activity
from console.table.lights import Palette
from console.table.screen.menu import draw_page
from console.table.screen.toolkit import Toolkit
from hardware.builder.selftest import SelfTest
from hardware.interfaces import Frame, Key, Station, StationPressed, StationStuck
from language import Text, Words, _, p_

LISTEN_S = 30.0
"""The test listens this long after the last press (MENU ends it sooner)."""
WALK_S = 0.1
"""How long each station stays lit in the walk: three frames of the console's loop, long enough to see."""
COLOUR_S = 1.5
"""How long the whole board shows each colour."""
TITLE = p_("title", "Hardware test: CONFIRM skips on, MENU ends it")
LINES = 8
"""The screen shows the check's last lines (the last of them: what the board shows now)."""


@dataclass(frozen=True)
class PageScene:
    """A page of text on the screen; the board shows what the check lights."""

    title: Words
    lines: tuple[Words, ...]
    check: SelfTest = field(compare=False)

    def lights(self, now: float, palette: Palette) -> Frame:
        return self.check.frame(now)

    def draw(self, kit: Toolkit, surface: pygame.Surface, now: float, palette: Palette) -> None:
        draw_page(kit, surface, self.title, self.lines)

    def animating(self, now: float) -> bool:
        return False


class HardwareTest(Activity):
    """The check as an activity of the program; ``done`` once it has summed up, and then *over* is told its ``summary``."""

    pauses_when_covered = True

    def __init__(self, stations: Sequence[Station], now: float, *, listen_s: float = LISTEN_S,
                 over: Callable[[Text], None] = lambda summary: None) -> None:
        self.check = SelfTest(stations, now, step_s=WALK_S, colour_s=COLOUR_S, listen_s=listen_s)
        self._now = now
        self._over = over

    @property
    def status(self) -> str:
        return "Hardware test"

    @property
    def done(self) -> bool:
        return self.check.done

    @property
    def summary(self) -> Text:
        """The check's last word, for the start menu ("Hardware test: Every button works.")."""
        return _("Hardware test: {result}", result=self.check.lines[-1])

    def station_pressed(self, station: Station, now: float) -> None:
        self.check.event(StationPressed(station), now)

    def button_stuck(self, station: Station, now: float) -> None:
        self.check.event(StationStuck(station), now)

    def key_pressed(self, key: Key, now: float) -> None:
        if key is Key.CONFIRM:
            self.check.skip(now)
        else:
            self.check.key(key)
        self._if_done()

    def tick(self, now: float) -> None:
        self._now = now
        self.check.advance(now)
        self._if_done()

    def _if_done(self) -> None:
        if self.done:
            self._over(self.summary)

    def scene(self) -> PageScene:
        """The check's last lines, and what the board shows now (the scene changes as the lights do)."""
        showing = self.check.showing(self._now)
        lines = self.check.lines[-(LINES - 1 if showing else LINES):]
        return PageScene(TITLE, (*lines, showing) if showing is not None else tuple(lines), self.check)
