"""A station's cell on a tile: where its parts sit around the station's centre, and which way it is turned.

The switch sits on the station's centre, so the cap that presses it moves straight down. The LED sits beside it
(``LED_OFFSET`` towards the cell's top at rotation 0), under the cap flange's lobe, which carries the light up into the
cap; its capacitor beside it. The switch's pull-up and the sensor line's pull-up sit to its left. The hall sensor and
its capacitor sit under the switch, on the tile's underside, where the magnet in a pawn standing on the station is
nearest and its neighbours' are far. Each cell is turned by a quarter turn (``cell_rotations``) so that no LED lobe
points at a near neighbour: the spacer sheet keeps a web of ``min_web`` between the stations' holes, and the cells'
parts keep apart on the tile.

>>> [part.ref for part in cell_parts(112, (100.0, 50.0), 0)]
['SW112', 'D112', 'C112', 'RB112', 'RS112', 'U112', 'CS112']
>>> led_centre((100.0, 50.0), 90)
(95.9, 50.0)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from typing import cast

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from hardware.pack.parts import TileParts, load_tile_parts
from hardware.pack.pcb.geometry import ROTATIONS, Placed, Point, courtyard, rotate

LED_OFFSET = (0.0, -4.1)
"""The LED's centre from the station's at rotation 0: its courtyard clears the switch's."""

CELL = (
    # ref prefix, catalog key, x, y, rotation, underside
    ("SW", "switch", 0.0, 0.0, 0, False),
    ("D", "led", *LED_OFFSET, 0, False),
    ("C", "c-decouple", 2.45, -4.1, 270, False),  # pin 1 (+5 V) up, beside the LED's VDD
    ("RB", "r-pullup", -4.78, -1.875, 180, False),  # pin 1 towards the switch's pin 1
    ("RS", "r-pullup", -4.78, -0.6, 180, False),
    ("U", "hall", 0.0, 0.0, 0, True),
    ("CS", "c-decouple", 0.0, 2.3, 0, True),
)

NEIGHBOURHOOD_MM = 25.0
"""Stations farther apart than this cannot crowd each other's cells."""
COMFORT_MM = 2.5
"""Room beyond the minimum that no rotation needs to improve on: then the cell keeps rotation 0, as most do."""


def cell_parts(station: int, centre: Point, rotation: int) -> list[Placed]:
    """The parts of *station*'s cell, placed around *centre* and turned by *rotation*."""
    parts = []
    for prefix, key, x, y, turn, bottom in CELL:
        dx, dy = rotate((x, y), rotation)
        parts.append(Placed(f"{prefix}{station}", key, round(centre[0] + dx, 4), round(centre[1] + dy, 4),
                            (turn + rotation) % 360, bottom))
    return parts


def led_centre(centre: Point, rotation: int) -> Point:
    dx, dy = rotate(LED_OFFSET, rotation)
    return round(centre[0] + dx, 4), round(centre[1] + dy, 4)


def keyhole(centre: Point, rotation: int, tile: TileParts | None = None, grow: float = 0.0) -> Polygon:
    """The outline the cap's flange and lobe take seen from above (grown by *grow*: the spacer's hole grows it by its
    clearance)."""
    tile = tile or load_tile_parts()
    flange = ShapelyPoint(centre).buffer(tile.cap.flange_diameter / 2 + grow, 64)
    lobe = ShapelyPoint(led_centre(centre, rotation)).buffer(tile.cap.lobe_radius + grow, 64)
    return cast(Polygon, unary_union([flange, lobe]).convex_hull)


def spacer_hole(centre: Point, rotation: int, tile: TileParts | None = None) -> Polygon:
    tile = tile or load_tile_parts()
    return keyhole(centre, rotation, tile, tile.stack.spacer_clearance)


def cell_outline(station: int, centre: Point, rotation: int) -> BaseGeometry:
    """The union of the cell's top-side courtyards: what other parts must keep out of."""
    return unary_union([courtyard(part) for part in cell_parts(station, centre, rotation) if not part.bottom])


def cell_rotations(centres: Mapping[int, Point], tile: TileParts | None = None) -> dict[int, int]:
    """A quarter turn for every station: each as far from its neighbours as the choice allows (the spacer's web and the
    cells' courtyards), rotation 0 wherever that is comfortable."""
    tile = tile or load_tile_parts()
    stations = sorted(centres)
    near = {s: [t for t in stations if t != s and _apart(centres[s], centres[t]) < NEIGHBOURHOOD_MM] for s in stations}
    holes = {(s, r): spacer_hole(centres[s], r, tile) for s in stations for r in ROTATIONS if near[s]}
    cells = {(s, r): cell_outline(s, centres[s], r) for s in stations for r in ROTATIONS if near[s]}

    def room(a: int, ra: int, b: int, rb: int) -> float:
        web = holes[(a, ra)].distance(holes[(b, rb)]) - tile.stack.min_web
        gap = cells[(a, ra)].distance(cells[(b, rb)]) - 0.5
        return min(web, gap)

    rotations = dict.fromkeys(stations, 0)
    for _ in range(4):  # settles in two or three rounds
        changed = False
        for s in stations:
            if not near[s]:
                continue
            scores = {r: min(COMFORT_MM, *(room(s, r, t, rotations[t]) for t in near[s])) for r in ROTATIONS}
            best = max(ROTATIONS, key=lambda r: (round(scores[r], 6), r == 0))
            if round(scores[best], 6) > round(scores[rotations[s]], 6):
                rotations[s] = best
                changed = True
        if not changed:
            break
    return rotations


def cell_room(centres: Mapping[int, Point], rotations: Mapping[int, int],
              tile: TileParts | None = None) -> list[tuple[int, int, float, float]]:
    """Every pair of neighbouring stations with the web left between their spacer holes and the gap between their
    cells' courtyards (mm), tightest web first."""
    tile = tile or load_tile_parts()
    pairs = []
    for a, b in itertools.combinations(sorted(centres), 2):
        if _apart(centres[a], centres[b]) < NEIGHBOURHOOD_MM:
            web = spacer_hole(centres[a], rotations[a], tile).distance(spacer_hole(centres[b], rotations[b], tile))
            gap = cell_outline(a, centres[a], rotations[a]).distance(cell_outline(b, centres[b], rotations[b]))
            pairs.append((a, b, web, gap))
    return sorted(pairs, key=lambda p: p[2])


def _apart(a: Point, b: Point) -> float:
    return math.dist(a, b)
