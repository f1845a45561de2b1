"""Laying out a tile: its stations' cells where the board puts them, and everything else in the room between.

In order: each station's cell, exactly on its station (``hardware.pack.pcb.station``); the LEDs' chain, a short path
through the tile's stations from where the link comes in to where it goes out; the readers, one for every three
stations along that path, each in the free room nearest its stations; the link in with its buffers and the 5 V input
with the regulator, near where the link arrives; the link out, near where it leaves; and the holes: standoffs spread
over the tile, and two dowels far apart that line the tile up with the spacer and the top sheet above it.

"Free room" keeps ``ROOM_MM`` from every cell and part already placed, so that tracks can pass between, and
``EDGE_MM`` from the tile's edge.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import shapely
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from hardware.pack import PackError
from hardware.pack.parts import TileParts, load_tile_parts
from hardware.pack.pcb.circuit import GLUE, INPUT_PAIRS, STATIONS_PER_READER, TileCircuit, pull_up_ref, reader_ref, tile_circuit
from hardware.pack.pcb.geometry import Placed, Point, courtyard, placed_pads, rotate
from hardware.pack.pcb.station import cell_outline, cell_parts
from hardware.pack.pcb.tiling import Tile

ROOM_MM = 1.2
"""Kept between a placed group and any other, for the tracks between them."""
EDGE_MM = 1.5
"""Kept between a part and the tile's edge."""
SEARCH_MM = 45.0
"""How far from where a group belongs the search for room goes."""
SEARCH_STAGES_MM = (3.0, 10.0, SEARCH_MM)
"""The search's reach, stage by stage: near first."""
RASTER_MM = 0.25
"""The free room's raster."""
CELL_REACH = RASTER_MM * 0.75
"""A raster cell's reach from its centre (a little over half its diagonal): what a cell is blocked by is grown by it."""

# Groups laid out around their own origin at rotation 0: (ref, catalog key, x, y, rotation, underside).
READER = (("U", "hc165", 0.0, 0.0, 0, False), ("C", "c-decouple", 4.9, -4.445, 0, False))
READER_PULL_UP_AT = {"A": (4.9, 1.905, 0), "B": (4.9, 0.635, 0), "C": (4.9, -0.635, 0), "D": (4.9, -1.905, 0),
                     "E": (-4.9, -1.905, 180), "F": (-4.9, -0.635, 180), "G": (-4.9, 0.635, 180), "S": (4.9, 3.175, 0)}
"""Where a reader's pull-ups sit: in the row of the pin they pull up, pin 1 towards it."""
LINK_IN = (("U901", "data-buffer", 0.0, 0.0, 0, False), ("C901", "c-decouple", 3.6, -0.95, 0, False),
           ("R901", "r-pullup", -3.6, 0.0, 180, False), ("U902", "clock-buffer", 0.0, 6.5, 0, False),
           ("C902", "c-decouple", 3.6, 6.5, 0, False), ("R902", "r-pullup", -3.6, 5.3, 180, False),
           ("R903", "r-pullup", -3.6, 7.7, 180, False))
POWER = (("U903", "regulator", 0.0, 0.0, 0, False), ("C903", "c-bulk", 3.7, 0.0, 0, False),
         ("C904", "c-bulk", -3.7, 0.95, 180, False), ("C905", "c-bulk", 3.7, 2.6, 0, False),
         ("C906", "c-bulk", 3.7, -2.6, 0, False))


@dataclass(frozen=True)
class Hole:
    """A hole with no copper: a standoff's screw or a dowel pin (mm on the board)."""

    kind: str
    x: float
    y: float
    diameter: float
    keepout: float
    """Copper-free radius around its centre."""


@dataclass(frozen=True)
class Label:
    """Words on the silkscreen, centred on (x, y), on the top or (mirrored) on the underside."""

    text: str
    x: float
    y: float
    size: float
    bottom: bool = False

    def box(self, x: float = 0.0, y: float = 0.0) -> Polygon:
        """The room the words take around (x, y): KiCad's stroke font, about 0.95 of the size a character."""
        width, height = (len(self.text) * 0.95 + 0.3) * self.size, 1.9 * self.size
        return box(x - width / 2, y - height / 2, x + width / 2, y + height / 2)


@dataclass(frozen=True)
class TileLayout:
    tile: Tile
    circuit: TileCircuit
    parts: tuple[Placed, ...]
    holes: tuple[Hole, ...]
    rotations: Mapping[int, int]
    labels: tuple[Label, ...] = ()

    def part(self, ref: str) -> Placed:
        return next(part for part in self.parts if part.ref == ref)


def chain_order(centres: Mapping[int, Point], start: Point, end: Point) -> list[int]:
    """The stations in the order the LEDs' data runs through them: a short path from *start* to *end* (nearest
    neighbour first, then untangled by 2-opt)."""
    left = set(centres)
    path: list[int] = []
    here = start
    while left:
        nearest = min(left, key=lambda s: (math.dist(here, centres[s]), s))
        path.append(nearest)
        left.remove(nearest)
        here = centres[nearest]
    points = [start, *(centres[s] for s in path), end]
    improved = True
    while improved:
        improved = False
        for i in range(1, len(points) - 2):
            for j in range(i + 1, len(points) - 1):
                before = math.dist(points[i - 1], points[i]) + math.dist(points[j], points[j + 1])
                after = math.dist(points[i - 1], points[j]) + math.dist(points[i], points[j + 1])
                if after < before - 1e-9:
                    points[i:j + 1] = points[i:j + 1][::-1]
                    path[i - 1:j] = path[i - 1:j][::-1]
                    improved = True
    return path


@cache
def _offsets(step: float = 0.5) -> np.ndarray:
    """Every offset within ``SEARCH_MM`` on a *step* grid, nearest first (n x 2)."""
    rings = int(SEARCH_MM / step)
    offsets = sorted(((dx * step, dy * step) for dx in range(-rings, rings + 1) for dy in range(-rings, rings + 1)
                      if (dx * dx + dy * dy) * step * step <= SEARCH_MM ** 2), key=lambda d: (d[0] ** 2 + d[1] ** 2, d))
    return np.array(offsets)


@cache
def _stages() -> list[int]:
    """How many of the offsets (nearest first) each stage of the search looks at."""
    offsets = _offsets()
    distances = np.hypot(offsets[:, 0], offsets[:, 1])
    return [int(np.searchsorted(distances, reach, "right")) for reach in SEARCH_STAGES_MM]


class Room:
    """The free room left on a tile, as groups are placed: a raster of ``RASTER_MM`` cells, each blocked if anything
    placed (with the room kept around it) or the tile's edge reaches into it, so that a box is known free at once from
    the raster's running sums."""

    def __init__(self, outline: Polygon) -> None:
        x0, y0, x1, y1 = outline.bounds
        self.x0, self.y0 = x0, y0
        self.width, self.height = math.ceil((x1 - x0) / RASTER_MM) + 1, math.ceil((y1 - y0) / RASTER_MM) + 1
        self.xs = x0 + (np.arange(self.width) + 0.5) * RASTER_MM
        self.ys = y0 + (np.arange(self.height) + 0.5) * RASTER_MM
        inside = outline.buffer(-(EDGE_MM + CELL_REACH), join_style="mitre")
        self.blocked: np.ndarray = ~np.asarray(shapely.contains_xy(inside, *np.meshgrid(self.xs, self.ys)))

    def take(self, shape: BaseGeometry, room: float = ROOM_MM) -> None:
        """Block the room *shape* covers, and *room* around it."""
        grown = shape.buffer(room + CELL_REACH, join_style="mitre")
        gx0, gy0, gx1, gy1 = grown.bounds
        i0, i1 = max(0, math.floor((gx0 - self.x0) / RASTER_MM)), min(self.width, math.ceil((gx1 - self.x0) / RASTER_MM) + 1)
        j0, j1 = max(0, math.floor((gy0 - self.y0) / RASTER_MM)), min(self.height, math.ceil((gy1 - self.y0) / RASTER_MM) + 1)
        xs, ys = np.meshgrid(self.xs[i0:i1], self.ys[j0:j1])
        self.blocked[j0:j1, i0:i1] |= shapely.contains_xy(grown, xs, ys)

    def nearest(self, target: Point, shape: BaseGeometry, what: str) -> Point:
        """The place nearest *target* where the box around *shape* (drawn around the origin) is free, moved there.

        The search looks near first (``SEARCH_STAGES_MM``): the offsets are sorted by distance, so a free place within
        one stage is nearer than any beyond it, and most are found within a few millimetres."""
        offsets = _offsets()
        for count in _stages():
            found = self._first_free(np.round(np.asarray(target) + offsets[:count], 2), shape.bounds)
            if found is not None:
                return found
        raise PackError(f"no room on the tile for {what} near ({target[0]:.0f}, {target[1]:.0f}) mm")

    def _first_free(self, places: np.ndarray, bounds: tuple[float, float, float, float]) -> Point | None:
        """The first of *places* where a box of *bounds* (around the origin) is free, or None."""
        bx0, by0, bx1, by1 = bounds
        i0 = np.floor((places[:, 0] + bx0 - self.x0) / RASTER_MM).astype(int)
        i1 = np.ceil((places[:, 0] + bx1 - self.x0) / RASTER_MM).astype(int)
        j0 = np.floor((places[:, 1] + by0 - self.y0) / RASTER_MM).astype(int)
        j1 = np.ceil((places[:, 1] + by1 - self.y0) / RASTER_MM).astype(int)
        on = (i0 >= 0) & (j0 >= 0) & (i1 <= self.width) & (j1 <= self.height)
        i0, i1, j0, j1 = (np.clip(a, 0, limit) for a, limit in ((i0, self.width), (i1, self.width), (j0, self.height), (j1, self.height)))
        wi, wj = int(i0.min()), int(j0.min())  # running sums over the searched window only
        window = self.blocked[wj:int(j1.max()), wi:int(i1.max())].astype(np.int32)
        s = np.zeros((window.shape[0] + 1, window.shape[1] + 1), dtype=np.int32)
        s[1:, 1:] = window.cumsum(0).cumsum(1)
        i0, i1, j0, j1 = i0 - wi, i1 - wi, j0 - wj, j1 - wj
        covered = s[j1, i1] - s[j0, i1] - s[j1, i0] + s[j0, i0]
        free = np.flatnonzero(on & (covered == 0))
        if not len(free):
            return None
        x, y = places[free[0]]
        return float(x), float(y)


def _group(items: Sequence[tuple[str, str, float, float, int, bool]], origin: Point, rotation: int = 0) -> list[Placed]:
    placed = []
    for ref, key, x, y, turn, bottom in items:
        dx, dy = rotate((x, y), rotation)
        placed.append(Placed(ref, key, round(origin[0] + dx, 4), round(origin[1] + dy, 4), (turn + rotation) % 360, bottom))
    return placed


def _outline(parts: Sequence[Placed]) -> BaseGeometry:
    return unary_union([courtyard(part) for part in parts])


def reader_parts(index: int, origin: Point, rotation: int, pulled: Sequence[str]) -> list[Placed]:
    """Reader *index*: its chip, its capacitor and the pull-ups of the inputs named in *pulled* (and SER's)."""
    items = [(f"{prefix}{201 + index}", key, x, y, turn, bottom) for prefix, key, x, y, turn, bottom in READER]
    items += [(pull_up_ref(index, pin), "r-pullup", *READER_PULL_UP_AT[pin[0]], False) for pin in [*pulled, "S"]]
    return _group(items, origin, rotation)


def _pair_order(stations: Sequence[int], centres: Mapping[int, Point], origin: Point, rotation: int) -> list[int]:
    """The reader's stations in input-pair order: the one most to the chip's left on E and F (its left pins), the
    others on the right, the upper one on C and D (the upper pins)."""
    local = {s: rotate((centres[s][0] - origin[0], centres[s][1] - origin[1]), (360 - rotation) % 360) for s in stations}
    ordered = sorted(stations, key=lambda s: local[s][0])
    left = ordered[0] if len(stations) == STATIONS_PER_READER else None
    right = sorted((s for s in stations if s != left), key=lambda s: -local[s][1])
    pairs = right + ([left] if left is not None else [])
    return pairs


def lay_out_tile(tile: Tile, centres: Mapping[int, Point], rotations: Mapping[int, int], tile_parts: TileParts | None = None) -> TileLayout:
    """Everything on *tile* placed (its stations' cells from *centres* and *rotations*), and its circuit."""
    stack = (tile_parts or load_tile_parts()).stack
    mine = {s: centres[s] for s in tile.stations}
    room = Room(tile.outline)
    parts: list[Placed] = []
    for station, centre in mine.items():
        parts += cell_parts(station, centre, rotations[station])
        room.take(cell_outline(station, centre, rotations[station]))
        room.take(ShapelyPoint(centre).buffer(2.5), room=0.5)  # the underside's sensor and capacitor
    holes = _holes(tile, room, stack)
    chain = chain_order(mine, tile.entry, tile.exit)
    link_in = _connector(room, "J1", tile.entry, tile)
    link_out = _connector(room, "J2", tile.exit, tile)
    parts += [link_in, link_out]
    toward = _inward(tile, tile.entry, 14.0)
    glue = room.nearest(toward, _outline(_group(LINK_IN, (0.0, 0.0))), "the link's buffers")
    parts += _group(LINK_IN, glue)
    room.take(_outline(_group(LINK_IN, glue)))
    power_at = room.nearest(_inward(tile, tile.entry, 24.0), _outline(_group(POWER, (0.0, 0.0))), "the regulator")
    parts += _group(POWER, power_at)
    room.take(_outline(_group(POWER, power_at)))
    terminal = room.nearest(_inward(tile, tile.entry, 30.0), _terminal_shape(0.0, 0.0), "the 5 V input")
    parts.append(Placed("J3", "power-in", terminal[0], terminal[1], 0, True))
    room.take(_terminal_shape(*terminal))
    readers: list[list[int]] = []
    groups = [chain[i:i + STATIONS_PER_READER] for i in range(0, len(chain), STATIONS_PER_READER)]
    for index, group in enumerate(groups):
        target = (sum(mine[s][0] for s in group) / len(group), sum(mine[s][1] for s in group) / len(group))
        best: tuple[float, Point, int, list[int]] | None = None
        for rotation in (0, 180):
            shape = _outline(reader_parts(index, (0.0, 0.0), rotation, ["G", "A", "B", "C", "D", "E", "F"]))
            try:
                at = room.nearest(target, shape, f"reader {index + 1}")
            except PackError:
                continue
            order = _pair_order(group, mine, at, rotation)
            cost = math.dist(at, target) + _wiring(order, mine, at, rotation)
            if best is None or cost < best[0]:
                best = (cost, at, rotation, order)
        if best is None:
            raise PackError(f"no room on tile {tile.number} for reader {index + 1}")
        _, at, rotation, order = best
        used = {pin for pair in INPUT_PAIRS[:len(order)] for pin in pair}
        pulled = [pin for pin in ("A", "B", "C", "D", "E", "F", "G") if pin not in used]
        placed = reader_parts(index, at, rotation, pulled)
        parts += placed
        room.take(_outline(placed))
        readers.append(order)
    circuit = tile_circuit(chain, readers)
    labels = _labels(tile, len(chain), mine, parts, holes, room)
    return TileLayout(tile, circuit, tuple(parts), tuple(holes), {s: rotations[s] for s in mine}, tuple(labels))


def _labels(tile: Tile, stations: int, centres: Mapping[int, Point], parts: Sequence[Placed], holes: Sequence[Hole],
            room: Room) -> list[Label]:
    """The silkscreen's words, each in free room: the tile's name; each station's number beside its cell (for the
    bring-up: the spacer covers them); what each connector is, on both sides (they are soldered from the top)."""
    labels = []
    by_ref = {part.ref: part for part in parts}
    wanted = [(Label(f"SCOTLAND YARD TILE {tile.number} ({stations} STATIONS)", 0, 0, 1.5), (by_ref["U901"].x, by_ref["U901"].y - 8))]
    wanted += [(Label(str(s), 0, 0, 1.0), (centre[0], centre[1] + 4.2)) for s, centre in sorted(centres.items())]
    source = "THE PI" if tile.number == 1 else f"TILE {tile.number - 1}"
    nexts = {"J1": f"J1 IN: FROM {source}", "J2": f"J2 OUT: TO TILE {tile.number + 1}", "J3": "J3 5V IN: 1 +5V  2 GND"}
    for ref, words in nexts.items():
        part = by_ref[ref]
        x0, _, x1, y1 = courtyard(part).bounds
        wanted.append((Label(words, 0, 0, 1.0), ((x0 + x1) / 2, y1 + 2.0)))
    bottom = Room(tile.outline)
    for part in parts:
        if part.bottom or any(pad.drill for pad in placed_pads(part)):
            bottom.take(courtyard(part), room=0.3)
    for hole in holes:
        bottom.take(ShapelyPoint(hole.x, hole.y).buffer(hole.keepout, 32), room=0.3)
    for label, target in wanted:
        at = room.nearest(target, label.box(), f"the words {label.text!r}")
        room.take(label.box(*at), room=0.2)
        labels.append(Label(label.text, at[0], at[1], label.size))
        if label.text.startswith("J"):
            at = bottom.nearest(target, label.box(), f"the words {label.text!r} underneath")
            bottom.take(label.box(*at), room=0.2)
            labels.append(Label(label.text, at[0], at[1], label.size, bottom=True))
    return labels


def _wiring(order: Sequence[int], centres: Mapping[int, Point], origin: Point, rotation: int) -> float:
    """How far the stations' lines run to their reader's pins (a measure to choose the reader's turn by)."""
    pins = {"A": (2.475, 1.905), "C": (2.475, -0.635), "E": (-2.475, -1.905)}
    total = 0.0
    for station, pin in zip(order, "ACE"):
        dx, dy = rotate(pins[pin], rotation)
        total += math.dist((origin[0] + dx, origin[1] + dy), centres[station])
    return total


def _inward(tile: Tile, at: Point, depth: float) -> Point:
    """A point *depth* mm inside the tile from *at* on its edge, towards the tile's middle."""
    centre = tile.outline.centroid
    dx, dy = centre.x - at[0], centre.y - at[1]
    length = math.hypot(dx, dy) or 1.0
    return at[0] + dx / length * depth, at[1] + dy / length * depth


def _connector(room: Room, ref: str, at: Point, tile: Tile) -> Placed:
    """A link connector under the tile near *at* on its edge: its long side along that edge."""
    x0, y0, x1, y1 = tile.outline.bounds
    along_y = min(abs(at[0] - x0), abs(at[0] - x1)) <= min(abs(at[1] - y0), abs(at[1] - y1))
    rotation = 0 if along_y else 90
    target = _inward(tile, at, 9.0)

    x, y = room.nearest(target, courtyard(Placed(ref, "link", 0.0, 0.0, rotation, True)), f"the link {'in' if ref == 'J1' else 'out'}")
    placed = Placed(ref, "link", x, y, rotation, True)
    room.take(courtyard(placed))
    return placed


def _terminal_shape(x: float, y: float) -> Polygon:
    return courtyard(Placed("J3", "power-in", x, y, 0, True))


def _holes(tile: Tile, room: Room, stack: object) -> list[Hole]:
    """Standoff screws on a grid over the tile, two dowels near opposite corners."""
    screw_hole, keepout, dowel = stack.screw_hole, stack.screw_keepout, stack.dowel  # type: ignore[attr-defined]
    x0, y0, x1, y1 = tile.outline.bounds
    holes = []
    inset = 9.0
    for fx in (0.0, 0.5, 1.0):
        for fy in (0.0, 0.5, 1.0):
            target = (x0 + inset + fx * (x1 - x0 - 2 * inset), y0 + inset + fy * (y1 - y0 - 2 * inset))
            at = room.nearest(target, ShapelyPoint(0.0, 0.0).buffer(keepout, 32), "a standoff")
            room.take(ShapelyPoint(at).buffer(keepout, 32), room=0.3)
            holes.append(Hole("screw", at[0], at[1], screw_hole, keepout))
    for fx, fy in ((0.25, 0.2), (0.75, 0.8)):
        target = (x0 + fx * (x1 - x0), y0 + fy * (y1 - y0))
        at = room.nearest(target, ShapelyPoint(0.0, 0.0).buffer(dowel / 2 + 1.0, 32), "a dowel")
        room.take(ShapelyPoint(at).buffer(dowel / 2 + 1.0, 32), room=0.3)
        holes.append(Hole("dowel", at[0], at[1], dowel, dowel / 2 + 1.0))
    return holes


def reader_of(layout: TileLayout, station: int) -> str:
    return reader_ref(layout.circuit.inputs[station][0])


__all__ = ["GLUE", "Hole", "TileLayout", "box", "chain_order", "lay_out_tile", "reader_of"]
