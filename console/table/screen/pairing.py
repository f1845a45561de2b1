"""The phone's pairing panel: its code drawn over the game's screen until a phone has paired.

The code holds the page's address with the game's key (``console.table.phone``), so
it is drawn to be read by a phone's camera across a table: dark modules on a
white field with its quiet zone, each module a whole number of pixels (never
smoothed), as large as the panel's height allows. Beside it, who scans it and
how, and the address in small text for typing by hand. The panel leaves the
message bar in view; the board's lights stay the game's.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from console.table.case import capitalised
from console.table.screen.toolkit import DIM, PANEL, TEXT, Colour, Toolkit, fraction
from hardware.language import Text, Words, p_

if TYPE_CHECKING:
    from console.table.lights import Palette
    from console.table.scene import Scene
    from hardware.interfaces import Frame

LIGHT: Colour = (255, 255, 255)
DARK: Colour = (0, 0, 0)
CODE_SHARE = 0.62
"""The most of the panel's width the code takes (the words need the rest)."""


@dataclass(frozen=True)
class Pairing:
    url: str
    """What the code holds: the phone's page, the game's key in its fragment."""
    who: Words
    """Who scans it: the hidden side ("Mister X", "the rogues")."""
    again: bool = False
    """The game was resumed: its old phone is not paired any more (the key is new), so the panel says why it shows."""

    @property
    def words(self) -> list[Text]:
        """The panel's paragraphs, in the language shown (each begun with a capital letter where it is drawn)."""
        said = [p_("card", "{who}: scan this with your phone's camera. Same Wi-Fi as the console.", who=self.who)]
        if self.again:
            said.append(p_("card", "The game goes on where it was left, with a new code: scan it again, even with the same phone."))
        return said


@dataclass(frozen=True)
class PairingScene:
    """The game as its kind shows it, with the pairing panel over its screen; its lights on the board."""

    game: Scene
    pairing: Pairing

    def lights(self, now: float, palette: Palette) -> Frame:
        return self.game.lights(now, palette)

    def draw(self, kit: Toolkit, surface: pygame.Surface, now: float, palette: Palette) -> None:
        self.game.draw(kit, surface, now, palette)
        draw_pairing(kit, surface, self.pairing)

    def animating(self, now: float) -> bool:
        return self.game.animating(now)


def panel_rect(size: tuple[int, int]) -> pygame.Rect:
    """Everything above the message bar (whose words stay the game's)."""
    return fraction(size, 0.008, 0.008, 0.992, 0.885)


def draw_pairing(kit: Toolkit, surface: pygame.Surface, pairing: Pairing) -> None:
    """The panel over the screen drawn so far; its words go to ``kit.texts`` (the address in pieces, a line each)."""
    rect, pad = panel_rect(kit.size), kit.pad
    pygame.draw.rect(surface, PANEL, rect, border_radius=2 * pad)
    pygame.draw.rect(surface, DIM, rect, width=2, border_radius=2 * pad)
    inner = rect.inflate(-4 * pad, -4 * pad)
    code = code_picture(pairing.url, min(inner.h, round(inner.w * CODE_SHARE)))
    surface.blit(code, code.get_rect(midleft=inner.midleft))
    words = pygame.Rect(inner.x + code.get_width() + 3 * pad, inner.y, inner.w - code.get_width() - 3 * pad, inner.h)
    address = [kit.text(piece, kit.min_px, DIM) for piece in broken(pairing.url, kit.font(kit.min_px), words.w)]
    bottom = words.bottom - sum(line.get_height() for line in address)
    y, line_h = words.y, kit.font(kit.px_main).get_linesize()
    for said in pairing.words:
        for line in kit.wrap(capitalised(str(said)), kit.px_main, TEXT, words.w, max(1, (bottom - pad - y) // line_h)):
            surface.blit(line, (words.x, y))
            y += line.get_height()
        y += 2 * pad
    for line in address:
        surface.blit(line, (words.x, bottom))
        bottom += line.get_height()


@lru_cache(maxsize=4)
def _modules(url: str) -> pygame.Surface:
    """The code of *url*, one pixel a module, quiet zone included."""
    from hardware.phone.qr import qr_matrix  # a phone game's link loaded it

    matrix = qr_matrix(url)
    picture = pygame.Surface((len(matrix[0]), len(matrix)))
    picture.fill(LIGHT)
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                picture.set_at((x, y), DARK)
    return picture


def code_picture(url: str, room: int) -> pygame.Surface:
    """The code of *url* as large as fits a square of *room* pixels, each module a whole number of pixels (at least one)."""
    modules = _modules(url)
    scale = max(1, room // modules.get_width())
    return pygame.transform.scale(modules, (modules.get_width() * scale, modules.get_height() * scale))


def broken(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """*text* without spaces (an address) in pieces that fit *width*, a character at a time."""
    pieces = [""]
    for char in text:
        if pieces[-1] and font.size(pieces[-1] + char)[0] > width:
            pieces.append("")
        pieces[-1] += char
    return pieces
