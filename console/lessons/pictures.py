"""Pictures a lesson card shows beside its words (a step's ``picture``): its kind's own, and these.

They are for children who may not read yet, so each is one big, plain thing:
a magnifying glass (searching), a gold star (well done); a kind of game adds
its own (``GameKind.pictures``: a piece's face, a line's ticket).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from console.games import GameKind
from console.table.screen.pictures import GOLD, Drawing, Pen, drawn
from console.table.screen.toolkit import DARK_INK, TEXT, Colour

PICTURES: dict[str, Drawing] = {}
"""The pictures of every kind's lessons, by the name a step gives each."""

GLASS: Colour = (160, 215, 255)
HANDLE: Colour = (150, 95, 50)


def pictures_of(kind: GameKind) -> Mapping[str, Drawing]:
    """The pictures a lesson of *kind* may show: these and the kind's own."""
    return PICTURES | dict(kind.pictures)


def picture(name: str) -> Callable[[Callable[[Pen], None]], Callable[[Pen], None]]:
    """Register a drawing in a ``Pen``'s units as the picture *name*."""
    def register(draw: Callable[[Pen], None]) -> Callable[[Pen], None]:
        PICTURES[name] = drawn(draw)
        return draw
    return register


# ---------------------------------------------------------------- searching, and well done


@picture("magnifier")
def _magnifier(pen: Pen) -> None:
    """A magnifying glass: what detectives search with."""
    pen.line(HANDLE, (0.1, 0.1), (0.4, 0.4), 0.12)
    pen.disc(GLASS, -0.1, -0.1, 0.28)
    pen.disc(TEXT, -0.19, -0.19, 0.06)  # the glint
    pen.disc(GOLD, -0.1, -0.1, 0.3, width=0.07)


@picture("star")
def _star(pen: Pen) -> None:
    """A gold star with sparkles: well done."""
    radii = (0.45, 0.2) * 5  # its five points, and the dips between them
    points = [(math.sin(k * math.pi / 5) * r, 0.05 - math.cos(k * math.pi / 5) * r) for k, r in enumerate(radii)]
    pen.polygon(GOLD, points)
    for x in (-0.08, 0.08):
        pen.disc(DARK_INK, x, 0.02, 0.035)
    pen.smile(DARK_INK, 0, 0.04, 0.1, 0.025)
    for x, y in ((-0.38, -0.36), (0.38, -0.36), (0.38, 0.4)):
        pen.line(TEXT, (x - 0.06, y), (x + 0.06, y), 0.025)
        pen.line(TEXT, (x, y - 0.06), (x, y + 0.06), 0.025)
