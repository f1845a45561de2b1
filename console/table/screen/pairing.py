"""The phone's pairing panel: its code drawn over part of the game's screen while the game needs a phone.

The code holds the page's address with the game's key (``console.table.phone``), so
it is drawn to be read by a phone's camera across a table: dark modules on a
white field with its quiet zone, each module a whole number of pixels (never
smoothed). Beside it, who scans it and why, and the address in small text for
typing by hand. It shows until a phone has paired, and again while the game
waits for the paired phone (its page was closed, its screen locked): scanning
it with the same phone brings it back.

The panel goes where the kind of game lets it (its rooms, in the order the kind
prefers them), so that what the table must see to go on (the pieces to place,
whose turn it is, the message bar) stays in view: the first room in which the
code has whole modules of ``SMALLEST_MODULE`` pixels or more and its words fit
beside it. The board's lights stay the game's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from console.table.case import capitalised
from console.table.screen.toolkit import DIM, PANEL, TEXT, Colour, Toolkit
from language import Text, Words, p_

if TYPE_CHECKING:
    from console.table.lights import Palette
    from console.table.scene import Scene
    from hardware.interfaces import Frame

LIGHT: Colour = (255, 255, 255)
DARK: Colour = (0, 0, 0)
CODE_SHARE = 0.62
"""The most of a shared room's width the code takes (the words need the rest)."""
SMALLEST_MODULE = 3
"""Pixels of a module's side below which a room is passed over for the next (a camera across the table reads 3 and up)."""


class Scan(Enum):
    """Why the code shows."""

    FIRST = "first"
    """No phone has paired with this code yet."""
    AGAIN = "again"
    """The game was resumed with a new code (its pairing could not be kept): its phone scans again."""
    BACK = "back"
    """The paired phone is away and the game waits for it: it opens its page again, or scans the code."""


@dataclass(frozen=True)
class Pairing:
    url: str
    """What the code holds: the phone's page, the game's key in its fragment."""
    who: Words
    """Who scans it: the hidden side ("Mister X", "the rogues")."""
    scan: Scan = Scan.FIRST

    @property
    def words(self) -> list[Text]:
        """The panel's paragraphs, in the language shown (each begun with a capital letter where it is drawn)."""
        if self.scan is Scan.BACK:
            return [p_("card", "{who}: your phone is not connected. Open its page again, or scan this with the same phone.",
                       who=self.who)]
        said = [p_("card", "{who}: scan this with your phone's camera. Same Wi-Fi as the console.", who=self.who)]
        if self.scan is Scan.AGAIN:
            said.append(p_("card", "The game goes on where it was left, with a new code: scan it again, even with the same phone."))
        return said


Rooms = Callable[[Toolkit], Sequence[pygame.Rect]]
"""Where a kind of game lets the panel go on a screen (``console.games.kind.GameKind.pairing_rooms``), best first."""


def whole_body(kit: Toolkit) -> list[pygame.Rect]:
    """Everything between the header and the message bar, whose words stay the game's: a kind's last resort."""
    return [kit.body]


@dataclass(frozen=True)
class PairingScene:
    """The game as its kind shows it, with the pairing panel over its screen where *rooms* let it; its lights on the board."""

    game: Scene
    pairing: Pairing
    rooms: Rooms = whole_body

    def lights(self, now: float, palette: Palette) -> Frame:
        return self.game.lights(now, palette)

    def draw(self, kit: Toolkit, surface: pygame.Surface, now: float, palette: Palette) -> None:
        self.game.draw(kit, surface, now, palette)
        draw_pairing(kit, surface, self.pairing, self.rooms(kit))

    def animating(self, now: float) -> bool:
        return self.game.animating(now)


@dataclass(frozen=True)
class _Plan:
    """Where the panel's parts go: the panel, the code (whole modules) at its left, its words beside it and their line height."""

    panel: pygame.Rect
    code: pygame.Rect
    words: pygame.Rect
    px: int


def draw_pairing(kit: Toolkit, surface: pygame.Surface, pairing: Pairing, rooms: Sequence[pygame.Rect]) -> None:
    """The panel over the screen drawn so far, in the first of *rooms* it fits (else squeezed into the last); its words go to
    ``kit.texts`` (the address in pieces, a line each)."""
    plan = next((found for room in rooms if (found := _plan(kit, pairing, room)) is not None), None) or _squeezed(kit, pairing, rooms[-1])
    pygame.draw.rect(surface, PANEL, plan.panel, border_radius=2 * kit.pad)
    pygame.draw.rect(surface, DIM, plan.panel, width=2, border_radius=2 * kit.pad)
    code = code_picture(pairing.url, plan.code.w)
    surface.blit(code, code.get_rect(center=plan.code.center))
    words, pad = plan.words, kit.pad
    address = [kit.text(piece, kit.min_px, DIM) for piece in broken(pairing.url, kit.font(kit.min_px), words.w)]
    bottom = words.bottom - sum(line.get_height() for line in address)
    y, line_h = words.y, kit.font(plan.px).get_linesize()
    for said in pairing.words:
        for line in kit.wrap(capitalised(str(said)), plan.px, TEXT, words.w, max(1, (bottom - pad - y) // line_h)):
            surface.blit(line, (words.x, y))
            y += line.get_height()
        y += 2 * pad
    for line in address:
        surface.blit(line, (words.x, bottom))
        bottom += line.get_height()


def _plan(kit: Toolkit, pairing: Pairing, room: pygame.Rect) -> _Plan | None:
    """The panel in *room*: the largest code of ``SMALLEST_MODULE`` pixels a module or more whose words fit beside it (None if
    none does)."""
    modules, inner = _modules(pairing.url).get_width(), room.inflate(-4 * kit.pad, -4 * kit.pad)
    for scale in range(min(inner.h, round(inner.w * CODE_SHARE)) // modules, SMALLEST_MODULE - 1, -1):
        plan = _laid_out(kit, room, modules * scale)
        if _words_fit(kit, pairing, plan.words, plan.px):
            return plan
        plan = replace(plan, px=kit.min_px)
        if _words_fit(kit, pairing, plan.words, plan.px):
            return plan
    return None


def _squeezed(kit: Toolkit, pairing: Pairing, room: pygame.Rect) -> _Plan:
    """The panel in *room* when it fits in none (a tiny screen): the code as large as its share allows, the words cut."""
    modules, inner = _modules(pairing.url).get_width(), room.inflate(-4 * kit.pad, -4 * kit.pad)
    return replace(_laid_out(kit, room, modules * max(1, min(inner.h, round(inner.w * CODE_SHARE)) // modules)), px=kit.min_px)


def _laid_out(kit: Toolkit, room: pygame.Rect, side: int) -> _Plan:
    """The panel in *room* with a code of *side* pixels at its left, the words beside it at the main line height."""
    inner, pad = room.inflate(-4 * kit.pad, -4 * kit.pad), kit.pad
    words = pygame.Rect(inner.x + side + 3 * pad, inner.y, max(1, inner.w - side - 3 * pad), inner.h)
    return _Plan(room, pygame.Rect(inner.x, inner.centery - side // 2, side, side), words, kit.px_main)


def _words_fit(kit: Toolkit, pairing: Pairing, words: pygame.Rect, px: int) -> bool:
    """The panel's words at line height *px*, and the address at the smallest, fit in *words*."""
    small = kit.font(kit.min_px)
    address = len(broken(pairing.url, small, words.w)) * small.get_linesize()
    lines = sum(kit.rows_needed(capitalised(str(said)), px, words.w) for said in pairing.words)
    return lines * kit.font(px).get_linesize() + 2 * kit.pad * len(pairing.words) + address <= words.h


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
