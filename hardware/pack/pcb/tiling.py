"""Cutting the board into tiles a fab can make and assemble.

A fab's assembly line takes boards up to a size (``TILE_LIMIT_MM``); the stations cover more than that, so the board
is cut into a grid of tiles: as few rows and columns as the limit allows. A straight cut would run through stations,
so each cut is a path that winds between them: the cheapest path, on a 1 mm grid, from one side of the board to the
other that keeps every station's cell whole on one tile, with a price on each turn and on straying from the straight
line. The cuts are drawn on the board; each tile is then shrunk by half of ``GAP_MM``, so neighbouring tiles never
touch. The tiles are chained in a snake (left to right along the top row, right to left along the next): the LEDs'
data and the chain's clock run through them in that order, from the Pi.

>>> from hardware.pack.board import default_placement, station_centres
>>> tiles = cut_board(station_centres(default_placement((545.0, 420.0))))
>>> len(tiles), [len(t.stations) for t in tiles]
(6, [35, 42, 33, 23, 35, 31])
>>> all(max(t.size) <= TILE_LIMIT_MM for t in tiles)
True
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Mapping
from dataclasses import dataclass

from shapely.geometry import LineString, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import polygonize, unary_union

from hardware.pack import PackError

TILE_LIMIT_MM = 250.0
"""The largest side of a tile: JLCPCB's economic assembly takes boards up to 250 x 250 mm in every form it accepts
(a single board may be larger, a panel may not), and a tile that size still fits in a padded envelope."""
GAP_MM = 1.0
"""Between neighbouring tiles: each tile's edge is half of it inside the cut."""
CELL_REACH_MM = 7.0
"""How far from a station's centre a cut must stay: the cell's parts reach 5.7 mm, the copper keeps 0.5 mm from the
tile's edge, and the gap takes 0.5 mm."""
MARGIN_MM = 9.0
"""The tiles' outer edge, beyond the outermost stations' centres."""
BAND_MM = 35.0
"""How far a cut may stray from the straight line it replaces (less where the tiles would grow over the limit)."""
MIN_BAND_MM = 10.0
"""The least room a cut is given to wind between stations."""
TURN_COST = 6.0
STRAY_COST = 0.02


@dataclass(frozen=True)
class Tile:
    """One tile: its number (1 first, next to the Pi), row and column, outline (mm on the board) and stations."""

    number: int
    row: int
    column: int
    outline: Polygon
    stations: tuple[int, ...]
    entry: tuple[float, float]
    """Where the link in arrives: on the cut shared with the tile before (the first tile: its outer left edge)."""
    exit: tuple[float, float]
    """Where the link out leaves: on the cut shared with the tile after (the last tile: opposite its entry)."""

    @property
    def size(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.outline.bounds
        return x1 - x0, y1 - y0


def _grid_path(start_line: int, end_line: int, across: tuple[int, int], target: float,
               blocked: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """A path on the 1 mm grid from along = *start_line* to along = *end_line* (points are (along, across)), staying
    within *across* and off *blocked*, cheapest in steps, turns and straying from *target*."""
    lo, hi = across
    starts = [(abs(c - target) * 2, c) for c in range(lo, hi + 1) if (start_line, c) not in blocked]
    frontier: list[tuple[float, float, int, int, int]] = []
    best: dict[tuple[int, int, int], float] = {}
    came: dict[tuple[int, int, int], tuple[int, int, int] | None] = {}
    for cost, c in starts:
        state = (start_line, c, 0)
        best[state] = cost
        came[state] = None
        heapq.heappush(frontier, (cost + (end_line - start_line), cost, start_line, c, 0))
    while frontier:
        _, cost, a, c, direction = heapq.heappop(frontier)
        state = (a, c, direction)
        if cost > best.get(state, math.inf):
            continue
        if a == end_line:
            path = []
            node: tuple[int, int, int] | None = state
            while node is not None:
                path.append((node[0], node[1]))
                node = came[node]
            return path[::-1]
        for da, dc, turn in ((1, 0, 0), (0, 1, 1), (0, -1, 2)):
            na, nc = a + da, c + dc
            if not lo <= nc <= hi or (na, nc) in blocked:
                continue
            step = 1.0 + STRAY_COST * abs(nc - target) + (TURN_COST if turn != direction else 0.0)
            if turn and direction and turn != direction:
                continue  # no U-turn across
            new = (na, nc, turn)
            if cost + step < best.get(new, math.inf):
                best[new] = cost + step
                came[new] = state
                heapq.heappush(frontier, (cost + step + (end_line - na), cost + step, na, nc, turn))
    raise PackError("the stations leave no path for a cut between tiles: use a larger --board-size")


def _blocked(centres: Mapping[int, tuple[float, float]]) -> set[tuple[int, int]]:
    cells = set()
    r = CELL_REACH_MM
    for x, y in centres.values():
        for gx in range(math.floor(x - r), math.ceil(x + r) + 1):
            for gy in range(math.floor(y - r), math.ceil(y + r) + 1):
                if math.hypot(gx - x, gy - y) < r:
                    cells.add((gx, gy))
    return cells


def _simplify(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Drop the points in the middle of straight runs."""
    kept = [points[0]]
    for i in range(1, len(points) - 1):
        (ax, ay), (bx, by), (cx, cy) = kept[-1], points[i], points[i + 1]
        if (bx - ax) * (cy - by) != (by - ay) * (cx - bx):
            kept.append(points[i])
    return [*kept, points[-1]]


def cut_board(centres: Mapping[int, tuple[float, float]], limit: float = TILE_LIMIT_MM) -> list[Tile]:
    """The tiles that cover every station's cell, none larger than *limit* on a side, in chain order."""
    xs, ys = [p[0] for p in centres.values()], [p[1] for p in centres.values()]
    x0, y0 = math.floor(min(xs) - MARGIN_MM), math.floor(min(ys) - MARGIN_MM)
    x1, y1 = math.ceil(max(xs) + MARGIN_MM), math.ceil(max(ys) + MARGIN_MM)
    columns, rows = math.ceil((x1 - x0) / (limit - 2 * MIN_BAND_MM)), math.ceil((y1 - y0) / (limit - 2 * MIN_BAND_MM))
    column_band = min(BAND_MM, ((limit - (x1 - x0) / columns) / 2))
    row_band = min(BAND_MM, ((limit - (y1 - y0) / rows) / 2))
    blocked = _blocked(centres)
    region = box(x0, y0, x1, y1)
    lines: list[BaseGeometry] = [region.boundary]
    row_cuts: list[LineString] = []
    for k in range(1, rows):
        target = y0 + k * (y1 - y0) / rows
        grid = blocked
        path = _grid_path(x0, x1, (math.ceil(target - row_band), math.floor(target + row_band)), target, grid)
        row_cuts.append(LineString(_simplify([(float(a), float(c)) for a, c in path])))
    lines += row_cuts
    for r in range(rows):
        top = y0 if r == 0 else None
        bottom = y1 if r == rows - 1 else None
        for k in range(1, columns):
            target = x0 + k * (x1 - x0) / columns
            flipped = {(gy, gx) for gx, gy in blocked}
            upper = row_cuts[r - 1] if top is None else None
            lower = row_cuts[r] if bottom is None else None
            start = top if top is not None else math.ceil(upper.bounds[3]) if upper is not None else y0
            end = bottom if bottom is not None else math.floor(lower.bounds[1]) if lower is not None else y1
            path = _grid_path(start, end, (math.ceil(target - column_band), math.floor(target + column_band)), target, flipped)
            points = [(float(c), float(a)) for a, c in path]
            points = _extend(points, upper, lower)
            lines.append(LineString(_simplify(points)))
    faces = [face for face in polygonize(unary_union(lines)) if face.area > 1.0]
    if len(faces) != rows * columns:
        raise PackError(f"the cuts made {len(faces)} tiles, not {rows * columns}")
    return _chain(faces, centres, rows, columns, limit)


def _extend(points: list[tuple[float, float]], upper: LineString | None, lower: LineString | None) -> list[tuple[float, float]]:
    """A column cut carried on straight up to the row cut above it and down to the one below, so that they meet."""
    if upper is not None:
        x, y = points[0]
        hit = upper.intersection(LineString([(x, y), (x, upper.bounds[1] - 1)]))
        points = [(x, _nearest_y(hit, y)), *points]
    if lower is not None:
        x, y = points[-1]
        hit = lower.intersection(LineString([(x, y), (x, lower.bounds[3] + 1)]))
        points = [*points, (x, _nearest_y(hit, y))]
    return points


def _nearest_y(hit: object, y: float) -> float:
    geoms = getattr(hit, "geoms", [hit])
    ys = [coordinate[1] for g in geoms for coordinate in getattr(g, "coords", [])]
    if not ys:
        raise PackError("a cut between tiles does not meet the cut across the board")
    return float(min(ys, key=lambda v: abs(v - y)))


def _chain(faces: list[Polygon], centres: Mapping[int, tuple[float, float]], rows: int, columns: int, limit: float) -> list[Tile]:
    by_place = {}
    for face in faces:
        cx, cy = face.centroid.x, face.centroid.y
        by_place[(cx, cy)] = face
    ordered_rows = sorted(by_place, key=lambda c: c[1])
    grid = [sorted(ordered_rows[r * columns:(r + 1) * columns], key=lambda c: c[0]) for r in range(rows)]
    order = [(r, c) for r in range(rows) for c in (range(columns) if r % 2 == 0 else reversed(range(columns)))]
    shapes = [by_place[grid[r][c]].buffer(-GAP_MM / 2, join_style="mitre") for r, c in order]
    tiles = []
    for i, ((r, c), shape) in enumerate(zip(order, shapes)):
        stations = tuple(sorted(s for s, p in centres.items() if by_place[grid[r][c]].contains(Point(p))))
        before = shapes[i - 1] if i else None
        after = shapes[i + 1] if i + 1 < len(shapes) else None
        entry = _meeting(shape, before) if before is not None else _outer(shape, "left" if r % 2 == 0 else "right")
        exit_ = _meeting(shape, after) if after is not None else _opposite(shape, entry)
        tile = Tile(i + 1, r, c, shape, stations, entry, exit_)
        if max(tile.size) > limit:
            raise PackError(f"tile {tile.number} would be {tile.size[0]:.0f} x {tile.size[1]:.0f} mm, over the "
                            f"{limit:g} mm the fab assembles")
        tiles.append(tile)
    return tiles


def _meeting(shape: Polygon, other: Polygon) -> tuple[float, float]:
    """The middle of the cut two neighbouring tiles share, on *shape*'s edge."""
    shared = shape.buffer(GAP_MM, join_style="mitre").intersection(other).buffer(GAP_MM, join_style="mitre").intersection(shape.boundary)
    middle = shared.centroid
    nearest = shape.exterior.interpolate(shape.exterior.project(middle))
    return nearest.x, nearest.y


def _outer(shape: Polygon, side: str) -> tuple[float, float]:
    x0, y0, x1, y1 = shape.bounds
    x = x0 if side == "left" else x1
    target = Point(x, (y0 + y1) / 2)
    nearest = shape.exterior.interpolate(shape.exterior.project(target))
    return nearest.x, nearest.y


def _opposite(shape: Polygon, entry: tuple[float, float]) -> tuple[float, float]:
    centre = shape.centroid
    target = Point(2 * centre.x - entry[0], 2 * centre.y - entry[1])
    nearest = shape.exterior.interpolate(shape.exterior.project(target))
    return nearest.x, nearest.y
