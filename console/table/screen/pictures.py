"""Pictures drawn with pygame's shapes, no image files: a lesson card's, each kind's own.

A picture draws in the units of the square fitted in its rectangle (``Pen``):
(0, 0) its middle, -0.5 and 0.5 its edges; nothing is drawn outside the
rectangle (``drawn``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from console.table.screen.toolkit import Colour

Drawing = Callable[[pygame.Surface, pygame.Rect], None]
"""A picture: drawn on a surface, fitted in a rectangle."""
Point = tuple[float, float]

GOLD: Colour = (255, 196, 40)
"""A token's, a star's: what children are given."""


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


def drawn(draw: Callable[[Pen], None]) -> Drawing:
    """A drawing in a ``Pen``'s units as a picture, kept inside its rectangle."""
    def drawing(surface: pygame.Surface, rect: pygame.Rect) -> None:
        clip = surface.get_clip()
        surface.set_clip(rect.clip(clip))
        try:
            draw(Pen(surface, rect))
        finally:
            surface.set_clip(clip)
    return drawing
