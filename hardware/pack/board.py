"""Where the stations sit on the board, in mm.

The board file (``engine/data/london.json``) gives each station's position in pixels of a 2600x1900 map image.
A board is that map drawn at one scale for both axes (a map stretched in one direction is not London, and its
holes miss the printed stations towards the edges): ``Placement`` maps pixels to the board's mm, from its top
left corner, x to the right and y down. By default the whole map image is fitted into the board at the
largest scale that fits, and centred: on the classic 545x420 mm board the width sets the scale (545/2600 =
0.2096 mm a pixel; the height would allow 420/1900 = 0.2211), which leaves 10.9 mm of board above and below
the map. A maker who has measured their own board fits the placement to it instead (``hardware.pack.fit``).

>>> p = default_placement((545.0, 420.0))
>>> round(p.scale, 4), p.rotation, tuple(round(v, 2) for v in p.offset)
(0.2096, 0.0, (0.0, 10.87))
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

Point = tuple[float, float]


@cache
def board_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(resources.files("engine").joinpath("data/london.json").read_text(encoding="utf-8"))
    return data


def map_size() -> tuple[int, int]:
    """The map image's size in pixels, the space the board file's positions are in."""
    match = re.search(r"(\d+)x(\d+)", board_data()["coordinates"])
    assert match is not None, "london.json names its map image's size"
    return int(match[1]), int(match[2])


def station_positions() -> dict[int, tuple[int, int]]:
    """The board file's station positions, in map pixels."""
    return {int(s): (int(x), int(y)) for s, (x, y) in board_data()["stations"].items()}


def board_lines() -> dict[str, list[tuple[int, int]]]:
    """The board file's links by transport (taxi, bus, underground, ferry): pairs of stations."""
    return {kind: [(int(a), int(b)) for a, b in pairs] for kind, pairs in board_data()["lines"].items()}


@dataclass(frozen=True)
class Placement:
    """Map pixels to board mm: one *scale* for both axes, a *rotation* (radians) and an *offset* (mm)."""

    scale: float
    rotation: float
    offset: Point

    def to_board(self, point: Point) -> Point:
        c, s = math.cos(self.rotation) * self.scale, math.sin(self.rotation) * self.scale
        x, y = point
        return c * x - s * y + self.offset[0], s * x + c * y + self.offset[1]

    def axis_scales(self) -> Point:
        """How many mm one map pixel along x, and one along y, become on the board (equal for a placement)."""
        origin, right, down = self.to_board((0, 0)), self.to_board((1, 0)), self.to_board((0, 1))
        return math.dist(origin, right), math.dist(origin, down)


def default_placement(board_mm: Point) -> Placement:
    """The whole map image on the board at the largest single scale that fits it, centred."""
    map_w, map_h = map_size()
    scale = min(board_mm[0] / map_w, board_mm[1] / map_h)
    return Placement(scale, 0.0, ((board_mm[0] - scale * map_w) / 2, (board_mm[1] - scale * map_h) / 2))


def station_centres(placement: Placement) -> dict[int, Point]:
    """Every station's centre on the board, in mm from its top left corner."""
    return {station: placement.to_board(position) for station, position in sorted(station_positions().items())}
