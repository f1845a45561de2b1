"""A menu on the screen, and a page of text (the hardware test's report), with what the board shows behind them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from console.table.lights import Palette, attract_frame
from console.table.menu import MenuUi
from console.table.screen.toolkit import DIM, HIGHLIGHT, PANEL, TEXT, Toolkit
from hardware.interfaces import Frame, Station
from language import Words

if TYPE_CHECKING:
    from console.table.scene import Scene


def draw_menu(kit: Toolkit, surface: pygame.Surface, menu: MenuUi) -> None:
    """A menu: its title, its rows (the cursor's framed, a setting's value between arrows), the keys, a message."""
    kit.begin(surface)
    kit.title_bar(surface, menu.title)
    draw_rows(kit, surface, kit.body.y, menu)
    kit.message_bar(surface, menu.message, alert=False)


def draw_rows(kit: Toolkit, surface: pygame.Surface, top: int, menu: MenuUi) -> None:
    """A menu's rows from *top* down to the keys' hint, which sits over the message bar."""
    pad, body = kit.pad, kit.body
    hint = kit.text(menu.hint, kit.min_px, DIM, kit.size[0] - 4 * pad)
    area = pygame.Rect(body.x, top, body.w, kit.message.y - top - hint.get_height() - 2 * pad)
    surface.blit(hint, hint.get_rect(midbottom=(kit.size[0] // 2, kit.message.y - pad)))
    row_h = min(round(kit.size[1] * 0.1), area.h // max(1, len(menu.rows)))
    for index, (label, value) in enumerate(menu.rows):
        row = pygame.Rect(area.x, area.y + index * row_h, area.w, row_h).inflate(0, -pad)
        chosen = index == menu.cursor
        pygame.draw.rect(surface, HIGHLIGHT if chosen else PANEL, row, border_radius=pad)
        if chosen:
            pygame.draw.rect(surface, TEXT, row, width=2, border_radius=pad)
        px = min(kit.px_main, row.h)
        shown = kit.text(f"<  {value}  >", px, TEXT if chosen else DIM, row.w // 2) if value else None
        room = row.w - 4 * pad - (shown.get_width() + 2 * pad if shown else 0)
        text = kit.text(label, px, TEXT, room)
        surface.blit(text, text.get_rect(midleft=(row.x + 2 * pad, row.centery)))
        if shown:
            surface.blit(shown, shown.get_rect(midright=(row.right - 2 * pad, row.centery)))


def draw_page(kit: Toolkit, surface: pygame.Surface, title: Words, lines: Sequence[Words]) -> None:
    """A page of plain lines under a title, each broken to the width (the last lines kept when they overflow)."""
    kit.begin(surface)
    kit.title_bar(surface, title)
    rows = [row for line in lines for row in kit.wrap(line, kit.px_main, TEXT, kit.body.w, 3)]
    room = kit.body.h // max(1, kit.font(kit.px_main).get_height())
    y = kit.body.y
    for row in rows[-room:]:
        surface.blit(row, (kit.body.x, y))
        y += row.get_height()


@dataclass(frozen=True)
class MenuScene:
    """A menu on the screen; the board shows the game the menu is over (*behind*), or the idle lights over *stations*."""

    menu: MenuUi
    stations: Sequence[Station] = field(compare=False)
    behind: Scene | None = field(default=None, compare=False)
    """A game's scene: its lights stay on the board (its screen is covered, so it does not redraw the menu)."""

    def lights(self, now: float, palette: Palette) -> Frame:
        return self.behind.lights(now, palette) if self.behind is not None else attract_frame(now, self.stations, palette)

    def draw(self, kit: Toolkit, surface: pygame.Surface, now: float, palette: Palette) -> None:
        draw_menu(kit, surface, self.menu)

    def animating(self, now: float) -> bool:
        return False
