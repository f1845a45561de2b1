"""Pictures a lesson card shows beside its words (a step's ``picture``), drawn with pygame's shapes: no image files.

They are for children who may not read yet, so each is one big, plain thing:
a piece's face (the Junior screen's own), a line's ticket (a coin in the
colour the Junior screen gives the line, its vehicle on it), a magnifying
glass (searching), a gold star (well done). Each draws in the units of the
square fitted in its rectangle: (0, 0) its middle, -0.5 and 0.5 its edges;
nothing is drawn outside the rectangle.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from console.games.junior.screen import TOKEN_COLOUR, TRANSPORT_COLOURS, draw_face
from console.screen.toolkit import DARK_INK, TEXT, Colour
from engine import Transport

Drawing = Callable[[pygame.Surface, pygame.Rect], None]
Point = tuple[float, float]

PICTURES: dict[str, Drawing] = {}
"""Every picture by the name a step gives it."""

GLASS: Colour = (160, 215, 255)
HANDLE: Colour = (150, 95, 50)


def draw_picture(name: str, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The picture *name* fitted in *rect* (``KeyError`` for a name no picture has: the script check catches it first)."""
    PICTURES[name](surface, rect)


class Pen:
    """Draws on *surface* in the units of the square fitted in *rect*: (0, 0) its middle, ±0.5 its edges."""

    def __init__(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.surface = surface
        side = min(rect.w, rect.h)
        self.square = pygame.Rect(0, 0, side, side)
        self.square.center = rect.center

    def at(self, x: float, y: float) -> Point:
        return (self.square.centerx + x * self.square.w, self.square.centery + y * self.square.w)

    def width(self, length: float) -> int:
        return max(1, round(length * self.square.w))

    def disc(self, colour: Colour, x: float, y: float, r: float, width: float = 0) -> None:
        """A disc, or a ring *width* wide."""
        pygame.draw.circle(self.surface, colour, self.at(x, y), max(1.0, r * self.square.w), self.width(width) if width else 0)

    def box(self, colour: Colour, x: float, y: float, w: float, h: float, round_by: float = 0) -> None:
        """A rectangle centred on (x, y), its corners rounded by *round_by*."""
        left, top = self.at(x - w / 2, y - h / 2)
        pygame.draw.rect(self.surface, colour, (round(left), round(top), self.width(w), self.width(h)),
                         border_radius=round(round_by * self.square.w))

    def polygon(self, colour: Colour, points: Sequence[Point]) -> None:
        pygame.draw.polygon(self.surface, colour, [self.at(x, y) for x, y in points])

    def line(self, colour: Colour, start: Point, end: Point, width: float) -> None:
        pygame.draw.line(self.surface, colour, self.at(*start), self.at(*end), self.width(width))

    def smile(self, colour: Colour, x: float, y: float, r: float, width: float) -> None:
        """The lower half of a ring around (x, y)."""
        left, top = self.at(x - r, y - r)
        pygame.draw.arc(self.surface, colour, (round(left), round(top), self.width(2 * r), self.width(2 * r)), math.pi * 1.1,
                        math.pi * 1.9, self.width(width))


def picture(name: str) -> Callable[[Callable[[Pen], None]], Callable[[Pen], None]]:
    """Register a drawing in a ``Pen``'s units as the picture *name*, kept inside its rectangle."""
    def register(draw: Callable[[Pen], None]) -> Callable[[Pen], None]:
        def drawing(surface: pygame.Surface, rect: pygame.Rect) -> None:
            clip = surface.get_clip()
            surface.set_clip(rect.clip(clip))
            try:
                draw(Pen(surface, rect))
            finally:
                surface.set_clip(clip)
        PICTURES[name] = drawing
        return draw
    return register


# ---------------------------------------------------------------- the pieces: Junior's own faces

FACES = {"fox": "fox", "roxy": "roxy", "willy": "watson", "milly": "marble"}
"""The faces' pictures, and the piece each shows."""


def _face(piece: str) -> Callable[[Pen], None]:
    return lambda pen: draw_face(pen.surface, piece, pen.square)


for _name, _piece in FACES.items():
    picture(_name)(_face(_piece))


# ---------------------------------------------------------------- the tickets: a coin of the line's colour, its vehicle on it


def ticket(name: str, transport: Transport) -> Callable[[Callable[[Pen, Colour, Colour], None]], Callable[[Pen, Colour, Colour], None]]:
    """Register a vehicle, drawn in *ink* with *fill* for its windows, on a coin of *transport*'s colour, as the picture *name*."""
    fill, ink = TRANSPORT_COLOURS[transport]

    def register(vehicle: Callable[[Pen, Colour, Colour], None]) -> Callable[[Pen, Colour, Colour], None]:
        @picture(name)
        def coin(pen: Pen) -> None:
            pen.disc(fill, 0, 0, 0.48)
            pen.disc(ink, 0, 0, 0.48, width=0.025)  # its rim: the black coin stands out on the dark card
            vehicle(pen, ink, fill)
        return vehicle
    return register


def _wheels(pen: Pen, ink: Colour, fill: Colour, xs: Sequence[float], y: float) -> None:
    for x in xs:
        pen.disc(ink, x, y, 0.075)
        pen.disc(fill, x, y, 0.03)


@ticket("taxi", Transport.TAXI)
def _taxi(pen: Pen, ink: Colour, fill: Colour) -> None:
    """A car from the side, with the taxi sign on its roof."""
    pen.box(ink, 0, -0.26, 0.12, 0.06, 0.015)
    pen.polygon(ink, [(-0.2, -0.04), (-0.12, -0.22), (0.12, -0.22), (0.22, -0.04)])
    pen.polygon(fill, [(-0.15, -0.06), (-0.1, -0.18), (-0.02, -0.18), (-0.02, -0.06)])
    pen.polygon(fill, [(0.02, -0.06), (0.02, -0.18), (0.1, -0.18), (0.16, -0.06)])
    pen.box(ink, 0, 0.04, 0.68, 0.18, 0.06)
    _wheels(pen, ink, fill, (-0.19, 0.19), 0.14)


@ticket("bus", Transport.BUS)
def _bus(pen: Pen, ink: Colour, fill: Colour) -> None:
    """A long bus with a row of windows."""
    pen.box(ink, 0, -0.03, 0.7, 0.34, 0.06)
    for x in (-0.24, -0.08, 0.08):
        pen.box(fill, x, -0.1, 0.12, 0.1, 0.02)
    pen.box(fill, 0.25, -0.04, 0.1, 0.22, 0.02)  # the door
    _wheels(pen, ink, fill, (-0.2, 0.18), 0.15)


@ticket("metro", Transport.UNDERGROUND)
def _metro(pen: Pen, ink: Colour, fill: Colour) -> None:
    """A train seen from the front, on its rails."""
    pen.box(ink, 0, -0.04, 0.44, 0.46, 0.1)
    pen.box(fill, 0, -0.12, 0.32, 0.16, 0.03)
    for x in (-0.12, 0.12):
        pen.disc(fill, x, 0.09, 0.04)
    for x in (-0.14, 0.14):
        pen.line(ink, (x, 0.19), (x * 1.9, 0.34), 0.04)


@ticket("boat", Transport.FERRY)
def _boat(pen: Pen, ink: Colour, fill: Colour) -> None:
    """A little steamboat on the waves."""
    pen.box(ink, 0.08, -0.21, 0.08, 0.14, 0.01)
    pen.box(ink, 0.02, -0.08, 0.32, 0.14, 0.02)
    for x in (-0.07, 0.06):
        pen.disc(fill, x, -0.08, 0.03)
    pen.polygon(ink, [(-0.34, 0.0), (0.34, 0.0), (0.24, 0.14), (-0.24, 0.14)])
    for x in (-0.24, 0.0, 0.24):
        pen.line(ink, (x - 0.1, 0.24), (x, 0.2), 0.03)
        pen.line(ink, (x, 0.2), (x + 0.1, 0.24), 0.03)


# ---------------------------------------------------------------- searching, and well done


@picture("magnifier")
def _magnifier(pen: Pen) -> None:
    """A magnifying glass: what detectives search with."""
    pen.line(HANDLE, (0.1, 0.1), (0.4, 0.4), 0.12)
    pen.disc(GLASS, -0.1, -0.1, 0.28)
    pen.disc(TEXT, -0.19, -0.19, 0.06)  # the glint
    pen.disc(TOKEN_COLOUR, -0.1, -0.1, 0.3, width=0.07)


@picture("star")
def _star(pen: Pen) -> None:
    """A gold star with sparkles: well done."""
    radii = (0.45, 0.2) * 5  # its five points, and the dips between them
    points = [(math.sin(k * math.pi / 5) * r, 0.05 - math.cos(k * math.pi / 5) * r) for k, r in enumerate(radii)]
    pen.polygon(TOKEN_COLOUR, points)
    for x in (-0.08, 0.08):
        pen.disc(DARK_INK, x, 0.02, 0.035)
    pen.smile(DARK_INK, 0, 0.04, 0.1, 0.025)
    for x, y in ((-0.38, -0.36), (0.38, -0.36), (0.38, 0.4)):
        pen.line(TEXT, (x - 0.06, y), (x + 0.06, y), 0.025)
        pen.line(TEXT, (x, y - 0.06), (x, y + 0.06), 0.025)
