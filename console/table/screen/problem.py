"""The problem screen: what stops the console, where, and the rows of what its owner can do; the board flashes "look here".

The title sits on the red bar the screen keeps for what the players must know;
under it, what is wrong in the table's language, then where (the file, the
setting and what it should be, or the part of the board and its error), then
the owner's choices as a menu of the control keys.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from console.table.lights import look_at_screen_frame
from console.table.menu import MenuUi
from console.table.screen.menu import draw_rows
from console.table.screen.toolkit import DIM, TEXT, Toolkit
from hardware.interfaces import Frame, Station
from language import Words

if TYPE_CHECKING:
    import pygame

    from console.table.lights import Palette

WHAT_LINES = 3
WHERE_LINES = 4


def draw_problem(kit: Toolkit, surface: pygame.Surface, what: Words, where: Words, menu: MenuUi) -> None:
    """The menu's title on the red bar, *what* is wrong, *where*, then the menu's rows, its keys and its message."""
    kit.begin(surface)
    kit.warning_bar(surface, menu.title)
    body, pad = kit.body, kit.pad
    y = body.y
    for line in kit.wrap(what, kit.px_main, TEXT, body.w - 2 * pad, WHAT_LINES):
        surface.blit(line, (body.x + pad, y))
        y += line.get_height()
    y += pad
    for line in kit.wrap(where, kit.min_px, DIM, body.w - 2 * pad, WHERE_LINES) if where else []:
        surface.blit(line, (body.x + pad, y))
        y += line.get_height()
    draw_rows(kit, surface, y + 2 * pad, menu)
    kit.message_bar(surface, menu.message, alert=False)


@dataclass(frozen=True)
class ProblemScene:
    """The problem screen; every station of the board flashes twice every 2 s: look at the screen."""

    what: Words
    where: Words
    menu: MenuUi
    stations: Sequence[Station] = field(compare=False)

    def lights(self, now: float, palette: Palette) -> Frame:
        return look_at_screen_frame(now, self.stations, palette)

    def draw(self, kit: Toolkit, surface: pygame.Surface, now: float, palette: Palette) -> None:
        draw_problem(kit, surface, self.what, self.where, self.menu)

    def animating(self, now: float) -> bool:
        return False
