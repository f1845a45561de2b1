"""Parts placed on a tile, and where their pads land.

A part is placed by its origin (mm on the board, from its top left corner, x right and y down, as KiCad draws it), a
rotation in quarter turns (degrees, counter-clockwise as seen from above, KiCad's sense) and its side. A part on the
underside is KiCad's "flipped" footprint: seen from above, its land pattern is mirrored top to bottom, then turned.
The KiCad step checks that KiCad puts every pad where this module says.

>>> part = Placed("C1", "c-decouple", 10.0, 20.0, 90)
>>> [(pad.number, round(pad.x, 3), round(pad.y, 3), pad.width, pad.height) for pad in placed_pads(part)]
[('1', 10.0, 20.48, 0.62, 0.56), ('2', 10.0, 19.52, 0.62, 0.56)]
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from shapely.geometry import Polygon, box

from hardware.pack.pcb.catalog import Catalog, CatalogPart, PadShape, load_catalog

Point = tuple[float, float]
ROTATIONS = (0, 90, 180, 270)


@dataclass(frozen=True)
class Placed:
    """A part on the tile: its reference, its catalog key, its origin, rotation and side."""

    ref: str
    key: str
    x: float
    y: float
    rotation: int = 0
    bottom: bool = False

    def __post_init__(self) -> None:
        if self.rotation not in ROTATIONS:
            raise ValueError(f"{self.ref}: rotation {self.rotation} is not a quarter turn")

    def to_board(self, x: float, y: float) -> Point:
        """A point of the part's land pattern (at rotation 0, top side) on the board."""
        return _offset(x, y, self.rotation, self.bottom, self.x, self.y)


def _offset(x: float, y: float, rotation: int, bottom: bool, ox: float = 0.0, oy: float = 0.0) -> Point:
    if bottom:
        y = -y
    c, s = _cos_sin(rotation)
    return ox + x * c + y * s, oy - x * s + y * c


def _cos_sin(rotation: int) -> tuple[int, int]:
    return {0: (1, 0), 90: (0, 1), 180: (-1, 0), 270: (0, -1)}[rotation]


def rotate(point: Point, rotation: int) -> Point:
    """*point* (relative to an origin) turned by *rotation*, as a part's pads are."""
    return _offset(point[0], point[1], rotation, False)


@dataclass(frozen=True)
class PlacedPad:
    """A pad on the board: whose, which, where, its size as it lies (after rotation), its copper layers."""

    ref: str
    number: str
    x: float
    y: float
    width: float
    height: float
    shape: str
    drill: float
    layers: tuple[str, ...]
    """"F.Cu", "B.Cu" or both (a through-hole pad)."""

    @property
    def box(self) -> tuple[float, float, float, float]:
        return self.x - self.width / 2, self.y - self.height / 2, self.x + self.width / 2, self.y + self.height / 2


def placed_pads(part: Placed, catalog: Catalog | None = None) -> list[PlacedPad]:
    """Every pad of *part* where it lies on the board."""
    kind = (catalog or load_catalog())[part.key]
    return [_placed_pad(part, kind, pad) for pad in kind.pads]


def _placed_pad(part: Placed, kind: CatalogPart, pad: PadShape) -> PlacedPad:
    x, y = part.to_board(pad.x, pad.y)
    width, height = (pad.height, pad.width) if part.rotation in (90, 270) else (pad.width, pad.height)
    layers = ("F.Cu", "B.Cu") if pad.through_hole else (("B.Cu",) if part.bottom else ("F.Cu",))
    return PlacedPad(part.ref, pad.number, x, y, width, height, pad.shape, pad.drill, layers)


def courtyard(part: Placed, catalog: Catalog | None = None, margin: float = 0.0) -> Polygon:
    """The part's courtyard on the board (grown by *margin*)."""
    x0, y0, x1, y1 = (catalog or load_catalog())[part.key].courtyard
    corners = [part.to_board(x, y) for x, y in ((x0, y0), (x1, y1))]
    xs, ys = sorted(c[0] for c in corners), sorted(c[1] for c in corners)
    return box(xs[0] - margin, ys[0] - margin, xs[1] + margin, ys[1] + margin)


def distance(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])
