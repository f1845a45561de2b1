"""Junior's pictures for lesson cards, for children who may not read yet: each piece's face, each line's ticket.

A face is the Junior screen's own; a ticket is a coin in the colour the Junior
screen gives the line, its vehicle on it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from console.games.junior.screen import TRANSPORT_COLOURS, draw_face
from console.table.screen.pictures import Drawing, Pen, drawn
from console.table.screen.toolkit import Colour
from engine import Transport

PICTURES: dict[str, Drawing] = {}
"""Every picture by the name a lesson step gives it."""


# ---------------------------------------------------------------- the pieces' faces

FACES = {"fox": "fox", "roxy": "roxy", "willy": "watson", "milly": "marble"}
"""The faces' pictures, and the piece each shows."""


def _face(piece: str) -> Callable[[Pen], None]:
    return lambda pen: draw_face(pen.surface, piece, pen.square)


for _name, _piece in FACES.items():
    PICTURES[_name] = drawn(_face(_piece))


# ---------------------------------------------------------------- the tickets: a coin of the line's colour, its vehicle on it


def ticket(name: str, transport: Transport) -> Callable[[Callable[[Pen, Colour, Colour], None]], Callable[[Pen, Colour, Colour], None]]:
    """Register a vehicle, drawn in *ink* with *fill* for its windows, on a coin of *transport*'s colour, as the picture *name*."""
    fill, ink = TRANSPORT_COLOURS[transport]

    def register(vehicle: Callable[[Pen, Colour, Colour], None]) -> Callable[[Pen, Colour, Colour], None]:
        def coin(pen: Pen) -> None:
            pen.disc(fill, 0, 0, 0.48)
            pen.disc(ink, 0, 0, 0.48, width=0.025)  # its rim: the black coin stands out on the dark card
            vehicle(pen, ink, fill)
        PICTURES[name] = drawn(coin)
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
