"""Switching the console off: the question a short press of the power button asks, and the dark board shown before the power goes.

The board's LEDs run from their own supply, which a family switches off after
the Pi: a strip left lit would stay lit (its pixels hold their last colours).
So every way off (the power button's question, its long press, the start
menu's "Shut down") first shows ``ShuttingDown``, a frame with every light off
and a screen that says so, and only then runs the shutdown command.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from console.program.activity import Activity, MenuActivity
from console.table.menu import Action, Menu
from console.table.screen.menu import draw_page
from language import Text, Words, _, p_

if TYPE_CHECKING:
    import pygame

    from console.program.host import Host
    from console.table.lights import Palette
    from console.table.screen.toolkit import Toolkit
    from hardware.interfaces import Frame

KEPT = _("The game is kept: Resume takes you back to it")
"""What leaving a game (or being asked to shut down in one) says."""


@dataclass(frozen=True)
class ShuttingDown:
    """The last scene: no light on the board, and a page saying what is happening."""

    title: Text
    lines: tuple[Text, ...]

    @classmethod
    def of(cls, *, power_off: bool) -> ShuttingDown:
        """The page for powering the machine off (the Pi), or for quitting the program (a PC)."""
        dark = p_("card", "The board's lights are off.")
        if power_off:
            return cls(p_("title", "Shutting down"), (dark, p_("card", "Wait 10 seconds before switching the power off.")))
        return cls(p_("title", "Quitting"), (dark,))

    def lights(self, now: float, palette: Palette) -> Frame:
        return {}

    def draw(self, kit: Toolkit, surface: pygame.Surface, now: float, palette: Palette) -> None:
        draw_page(kit, surface, self.title, self.lines)

    def animating(self, now: float) -> bool:
        return False


class PowerQuestion(MenuActivity):
    """The question a short press of the power button opens over whatever is on (*under*): CONFIRM shuts down, UNDO goes back
    to it; a short press again asks nothing more. *in_game*: a game (or a lesson) is played under it, and is kept."""

    power_asks_over = False

    def __init__(self, host: Host, under: Activity, *, in_game: bool) -> None:
        self.host = host
        message: Words = KEPT if in_game else _("Holding the power button shuts down at once") if host.powers_off else ""
        title, word = ((p_("title", "Shut down?"), p_("row", "Shut down")) if host.powers_off
                       else (p_("title", "Quit?"), p_("row", "Quit")))
        super().__init__(Menu(title, [Action(word, host.off), Action(p_("row", "Back"), self._back)], message=message, back=self._back),
                         host.stations, under=under)

    def _back(self, now: float) -> None:
        self.host.pop()


def off_row(host: Host) -> Action:
    """The last row of the start menu and the problem screen: shut down (asked twice) on the board, quit on a PC."""
    if host.powers_off:
        return Action(p_("row", "Shut down"), host.off, confirm_twice=True)
    return Action(p_("row", "Quit"), host.off)
