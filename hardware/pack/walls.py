"""How thin a printed part's walls are: what an FDM printer can make of it.

A printer lays walls in lines of its nozzle's width; a wall thinner than two lines prints badly or not at all. The
part is sliced as a printer would slice it, every ``STEP_MM`` up its height; at the middle of each edge of each slice
a ray goes in, square to the edge, until it leaves the part: the shortest such ray, over every slice, is the part's
thinnest wall. A ray from an edge beside a corner crosses the part's whole width, so square corners do not count as
walls; nor is the tip of a sharp corner (an angle under ``SHARP_DEGREES``): a wedge of angle a is thinner than a wall
*w* only within w / (2 tan(a/2)) of its tip, and rays from there are not counted (the part ends there: a printer lays
what fits of a tip, where a thin wall between two parts of the piece would tear).

>>> import manifold3d as mf
>>> tube = mf.Manifold.cylinder(5, 5.0, 5.0, 96) - mf.Manifold.cylinder(5, 4.5, 4.5, 96)
>>> round(thinnest_wall(tube, 0.8), 2)
0.5
"""

from __future__ import annotations

import itertools
import math
from functools import reduce

import manifold3d as mf
import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.geometry.polygon import orient

STEP_MM = 0.25
"""Between two slices."""
START = 1e-4
"""A ray starts this far inside the edge it comes from."""
SHARP_DEGREES = 80.0


def slices(solid: mf.Manifold, step: float = STEP_MM) -> list[BaseGeometry]:
    """The part's outline at each height, a slice every *step* mm (half a step in from its top and bottom)."""
    z0, z1 = solid.bounding_box()[2], solid.bounding_box()[5]
    count = max(1, round((z1 - z0) / step))
    outlines: list[BaseGeometry] = []
    for i in range(count):
        contours: list[BaseGeometry] = [Polygon(c) for c in solid.slice(z0 + (i + 0.5) * (z1 - z0) / count).to_polygons() if len(c) >= 3]
        if contours:
            outlines.append(reduce(lambda a, b: a.symmetric_difference(b), contours))  # holes inside outlines: even-odd
    return outlines


def thinnest_wall(solid: mf.Manifold, wall: float, step: float = STEP_MM) -> float:
    """The thinnest wall of *solid*, over all its slices (mm), the tips of its sharp corners left out as far as they are
    thinner than *wall*."""
    return min((_thinnest(outline, wall) for outline in slices(solid, step)), default=math.inf)


def _thinnest(outline: BaseGeometry, wall: float) -> float:
    pieces = list(getattr(outline, "geoms", [outline]))
    thinnest = math.inf
    for piece in pieces:
        if piece.is_empty or piece.area < 1e-6:
            continue
        piece = orient(piece)  # outline counter-clockwise, holes clockwise: the inside is left of every edge
        reach = 2 * max(piece.bounds[2] - piece.bounds[0], piece.bounds[3] - piece.bounds[1])
        tips = [(Point(p), wall / (2 * math.tan(math.radians(angle) / 2)))
                for ring in [piece.exterior, *piece.interiors] for p, angle in _sharp_corners(list(ring.coords))]
        for ring in [piece.exterior, *piece.interiors]:
            coords = list(ring.coords)
            for (ax, ay), (bx, by) in itertools.pairwise(coords):
                length = math.hypot(bx - ax, by - ay)
                if length < 1e-6:
                    continue
                middle = Point((ax + bx) / 2, (ay + by) / 2)
                if any(tip.distance(middle) < reach_of_tip for tip, reach_of_tip in tips):
                    continue
                nx, ny = -(by - ay) / length, (bx - ax) / length
                mx, my = (ax + bx) / 2, (ay + by) / 2
                start = (mx + nx * START, my + ny * START)
                ray = LineString([start, (mx + nx * reach, my + ny * reach)]).intersection(piece)
                thinnest = min(thinnest, _first_run(ray, start) + START)
    return thinnest


def _sharp_corners(coords: list[tuple[float, float]]) -> list[tuple[tuple[float, float], float]]:
    """The ring's corners whose inside angle is sharper than ``SHARP_DEGREES``, with that angle (degrees; the ring
    oriented inside-left)."""
    points = coords[:-1]
    sharp = []
    for i, (x, y) in enumerate(points):
        (px, py), (nx, ny) = points[i - 1], points[(i + 1) % len(points)]
        turn = math.atan2((x - px) * (ny - y) - (y - py) * (nx - x), (x - px) * (nx - x) + (y - py) * (ny - y))
        inside = 180.0 - math.degrees(turn)  # a left turn (inside on the left) narrows the inside angle
        if inside < SHARP_DEGREES:
            sharp.append(((x, y), max(inside, 1.0)))
    return sharp


def _first_run(ray: BaseGeometry, start: tuple[float, float]) -> float:
    """The length of the ray's first stretch inside the part (the one that begins at *start*)."""
    runs = [run for run in getattr(ray, "geoms", [ray]) if isinstance(run, LineString) and not run.is_empty]
    if not runs:
        return 0.0
    origin = Point(start)
    return float(min(runs, key=lambda run: shapely.distance(origin, run)).length)
