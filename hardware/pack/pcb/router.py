"""A grid router for the tiles: every net's pads joined by tracks on the outer layers and vias between them.

The tile's two inner layers are planes (ground, and the LEDs' 5 V), so what the router joins is the rest: the LEDs'
data from cell to cell, each station's switch and sensor lines to its reader, the chain from reader to reader, the
clock, the load and the 3.3 V to every reader and cell. First each pad on a plane net gets its via (its "fanout"): a
short track on the pad's own layer to a place where a via fits. Then each signal net grows as a tree: from the pads
already joined, a search reaches the nearest pad not yet joined.

The search is A* on a grid (``Rules.grid``, 0.3 mm) over both outer layers, with a price on each step, each turn and
each via (the top layer, crowded with parts, costs a little more than the bottom). Each layer keeps, for every grid
point, whether a track's centre may pass there, and for whom: free (0), one net only (its number: the point is near
that net's copper), or nobody (-1). A point is closed to a net when it lies nearer than the clearance, the two half
widths and half a grid step to another net's copper: the half step keeps every point of a track between two grid
points clear, not only its ends. Vias have a third such map (a via stands on both layers), at their own distances.
The router never marks copper closer than the rules allow; KiCad's DRC judges the result.
"""

from __future__ import annotations

import heapq
import itertools
import math
from array import array
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry import Polygon

from hardware.pack.pcb.geometry import PlacedPad, Point

FREE, BLOCKED = 0, -1
WINDOWS_MM = (6.0, 20.0, 60.0)
ESCAPE_MM = 0.9
"""How far beyond a signal pad's edge its reserved way out reaches."""
ATTEMPTS = 3
"""Fresh starts for a tile whose nets were not all joined (those nets first)."""
IN_PAD_MARGIN = 0.05
"""Kept between a via and a surface pad of its own net."""
RIP_UPS = 8
"""How many times one net may be taken up to free another."""
OPEN_ROOM = 400
"""Grid points a pad must reach to count as not walled in."""
"""How far around a connection the search first looks, then further if it found no way."""
LAYERS = ("F.Cu", "B.Cu")
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1))


@dataclass(frozen=True)
class Rules:
    """The design rules the router keeps and the board carries (mm): well inside what JLCPCB makes at its base price."""

    track: float = 0.2
    clearance: float = 0.2
    via: float = 0.6
    drill: float = 0.3
    edge: float = 0.4
    """Copper to the board's edge."""
    hole: float = 0.3
    """Copper to a hole with no copper (a standoff's, a dowel's)."""
    grid: float = 0.3
    step_cost: tuple[float, float] = (1.4, 1.0)
    """A grid step on the top layer, on the bottom one."""
    across_cost: float = 0.6
    """Added to a step against its layer's grain (the bottom layer runs up and down, the top one across)."""
    turn_cost: float = 0.8
    via_cost: float = 6.0
    greed: float = 1.6
    """How much the search trusts its distance estimate (1: always the cheapest path; more: far fewer points looked at,
    paths a little longer)."""


@dataclass(frozen=True)
class Track:
    net: str
    layer: str
    start: Point
    end: Point
    width: float


@dataclass(frozen=True)
class Via:
    net: str
    x: float
    y: float
    diameter: float
    drill: float


@dataclass(frozen=True)
class Keepout:
    """A round area no copper may enter (a hole with its clearance, a screw head)."""

    x: float
    y: float
    radius: float


@dataclass
class Routing:
    tracks: list[Track] = field(default_factory=list)
    vias: list[Via] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    """Nets (or plane pads, as "NET at REF.PAD") left unjoined."""


class RouteError(RuntimeError):
    """The router could not join every net."""


class Grid:
    """The grid's points over the board, and who may use each on each layer and for a via."""

    def __init__(self, bounds: tuple[float, float, float, float], rules: Rules) -> None:
        self.rules = rules
        g = rules.grid
        self.x0 = math.floor(bounds[0] / g) * g
        self.y0 = math.floor(bounds[1] / g) * g
        self.width = math.ceil((bounds[2] - self.x0) / g) + 1
        self.height = math.ceil((bounds[3] - self.y0) / g) + 1
        size = self.width * self.height
        self._buffers = [array("i", bytes(4 * size)) for _ in range(3)]
        self.owners = [np.frombuffer(b, dtype=np.int32).reshape(self.height, self.width) for b in self._buffers]
        """Per layer (0 top, 1 bottom) who may run a track's centre through each point; [2]: who may place a via."""
        self.flat = self._buffers
        self.xs = self.x0 + np.arange(self.width) * g
        self.ys = self.y0 + np.arange(self.height) * g

    def point(self, index: int) -> Point:
        y, x = divmod(index, self.width)
        return round(self.x0 + x * self.rules.grid, 4), round(self.y0 + y * self.rules.grid, 4)

    def index(self, x: float, y: float) -> int:
        return round((y - self.y0) / self.rules.grid) * self.width + round((x - self.x0) / self.rules.grid)

    def _window(self, x0: float, y0: float, x1: float, y1: float) -> tuple[slice, slice, np.ndarray, np.ndarray]:
        g = self.rules.grid
        i0 = max(0, math.floor((x0 - self.x0) / g))
        i1 = min(self.width, math.ceil((x1 - self.x0) / g) + 1)
        j0 = max(0, math.floor((y0 - self.y0) / g))
        j1 = min(self.height, math.ceil((y1 - self.y0) / g) + 1)
        return slice(j0, j1), slice(i0, i1), self.xs[i0:i1][None, :], self.ys[j0:j1][:, None]

    def claim(self, which: int, mask_of: object, extent: tuple[float, float, float, float], net: int) -> None:
        """Mark the points of map *which* that *mask_of(xs, ys)* selects (within *extent*) as near *net*'s copper."""
        rows, cols, xs, ys = self._window(*extent)
        mask = mask_of(xs, ys)  # type: ignore[operator]
        if not mask.any():
            return
        owner = self.owners[which][rows, cols]
        if net == BLOCKED:
            owner[mask] = BLOCKED
            return
        owner[mask & (owner == FREE)] = net
        owner[mask & (owner != FREE) & (owner != net)] = BLOCKED

    def claim_box(self, which: int, box: tuple[float, float, float, float], reach: float, net: int) -> None:
        bx0, by0, bx1, by1 = box

        def mask(xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
            dx = np.maximum(np.maximum(bx0 - xs, xs - bx1), 0.0)
            dy = np.maximum(np.maximum(by0 - ys, ys - by1), 0.0)
            inside: np.ndarray = dx * dx + dy * dy < reach * reach
            return inside

        self.claim(which, mask, (bx0 - reach, by0 - reach, bx1 + reach, by1 + reach), net)

    def claim_circle(self, which: int, centre: Point, radius: float, reach: float, net: int) -> None:
        cx, cy = centre
        r = radius + reach
        self.claim(which, lambda xs, ys: (xs - cx) ** 2 + (ys - cy) ** 2 < r * r, (cx - r, cy - r, cx + r, cy + r), net)

    def claim_segment(self, which: int, a: Point, b: Point, reach: float, net: int) -> None:
        (ax, ay), (bx, by) = a, b
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy

        def mask(xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
            t = np.clip(((xs - ax) * dx + (ys - ay) * dy) / length2, 0.0, 1.0) if length2 else np.zeros_like(xs + ys)
            px, py = ax + t * dx - xs, ay + t * dy - ys
            inside: np.ndarray = px * px + py * py < reach * reach
            return inside

        self.claim(which, mask, (min(ax, bx) - reach, min(ay, by) - reach, max(ax, bx) + reach, max(ay, by) + reach), net)

    def close_outside(self, outline: Polygon, keepouts: Sequence[Keepout]) -> None:
        """Close every point too near the board's edge or a keep-out, for tracks and for vias."""
        r = self.rules
        half = r.grid / 2
        xs, ys = np.meshgrid(self.xs, self.ys)
        for which, reach in ((0, r.edge + r.track / 2 + half), (1, r.edge + r.track / 2 + half), (2, r.edge + r.via / 2)):
            inside = shapely.contains_xy(outline.buffer(-reach, join_style="mitre"), xs, ys)
            self.owners[which][~inside] = BLOCKED
        for keepout in keepouts:
            for which, reach in ((0, r.track / 2 + half), (1, r.track / 2 + half), (2, r.via / 2)):
                self.claim_circle(which, (keepout.x, keepout.y), keepout.radius, reach, BLOCKED)


class Router:
    """Routes one tile: its outline, keep-outs and pads (with their nets); planes for *plane_nets*."""

    def __init__(self, outline: Polygon, keepouts: Sequence[Keepout], pads: Sequence[tuple[PlacedPad, str | None]],
                 plane_nets: Iterable[str], rules: Rules | None = None) -> None:
        self.rules = rules or Rules()
        self.failed: list[str] = []
        self.outline = outline
        self.pads = list(pads)
        self.plane_nets = set(plane_nets)
        self.keepouts = list(keepouts)
        names = sorted({net for _, net in self.pads if net})
        self.net_ids = {name: i + 1 for i, name in enumerate(names)}
        self.copper: dict[str, list[Track | Via]] = {}
        self.corridors: list[tuple[int, Point, Point, int]] = []
        """Each signal pad's way out (``reserve_escapes``): layer, from, to, net."""
        """Every net's tracks and vias so far (the plane nets': their fanout)."""
        self.failed_fanout: list[str] = []
        self.tree: dict[str, set[tuple[int, int]]] = {}
        self.unreached: list[tuple[str, str, str]] = []
        self._build()

    @property
    def routing(self) -> Routing:
        items = [item for net in sorted(self.copper) for item in self.copper[net]]
        return Routing([i for i in items if isinstance(i, Track)], [i for i in items if isinstance(i, Via)],
                       self.failed_fanout + self.failed)

    def _build(self) -> None:
        """A fresh grid: the board's edge and keep-outs, every pad (these once, then copied), and the copper so far."""
        if not hasattr(self, "_bare"):
            self.grid = Grid(self.outline.bounds, self.rules)
            self.grid.close_outside(self.outline, self.keepouts)
            for pad, net in self.pads:
                self._claim_pad(pad, self.net_ids[net] if net else BLOCKED)
            self._bare = [owner.copy() for owner in self.grid.owners]
        else:
            for owner, bare in zip(self.grid.owners, self._bare):
                owner[...] = bare
        for corridor in self.corridors:
            self._claim_corridor(corridor)
        for items in self.copper.values():
            for item in items:
                if isinstance(item, Via):
                    self._claim_via(item)
                else:
                    self._claim_track(item)

    # ---------------------------------------------------------------- claiming copper

    def _reaches(self) -> tuple[float, float]:
        """How far a track's centre, and a via's, must keep from another net's copper (the track's with the half step)."""
        r = self.rules
        return r.clearance + r.track / 2 + r.grid / 2, r.clearance + r.via / 2

    def _claim_pad(self, pad: PlacedPad, net: int) -> None:
        track_reach, via_reach = self._reaches()
        layers = [LAYERS.index(layer) for layer in pad.layers]
        if pad.shape == "circle":
            for which in layers:
                self.grid.claim_circle(which, (pad.x, pad.y), pad.width / 2, track_reach, net)
            self.grid.claim_circle(2, (pad.x, pad.y), pad.width / 2, via_reach, net)
        else:
            for which in layers:
                self.grid.claim_box(which, pad.box, track_reach, net)
            self.grid.claim_box(2, pad.box, via_reach, net)
        if pad.drill:
            self.grid.claim_circle(2, (pad.x, pad.y), pad.drill / 2, self.rules.hole + self.rules.via / 2, BLOCKED)
        else:  # no via in a surface pad, even of its own net: the solder would run down it
            self.grid.claim_box(2, pad.box, self.rules.via / 2 + IN_PAD_MARGIN, BLOCKED)

    def _claim_track(self, track: Track) -> None:
        track_reach, via_reach = self._reaches()
        net = self.net_ids[track.net]
        which = LAYERS.index(track.layer)
        self.grid.claim_segment(which, track.start, track.end, track_reach + track.width / 2, net)
        self.grid.claim_segment(2, track.start, track.end, via_reach + track.width / 2, net)

    def _claim_via(self, via: Via) -> None:
        track_reach, via_reach = self._reaches()
        net = self.net_ids[via.net]
        for which in (0, 1):
            self.grid.claim_circle(which, (via.x, via.y), via.diameter / 2, track_reach, net)
        self.grid.claim_circle(2, (via.x, via.y), via.diameter / 2, via_reach, net)
        # No second via, of any net, nearer than the drills allow (one drill's width and the rules' hole gap).
        self.grid.claim_circle(2, (via.x, via.y), via.drill / 2, self.rules.hole + via.drill / 2, BLOCKED)

    def _pad_nodes(self, pad: PlacedPad) -> list[tuple[int, int]]:
        """The grid points inside *pad* (0.05 mm in from its edge), on each of its layers."""
        inset = 0.05
        x0, y0, x1, y1 = pad.box
        if pad.shape == "circle":
            x0, y0, x1, y1 = (pad.x - pad.width / 2.9, pad.y - pad.width / 2.9, pad.x + pad.width / 2.9, pad.y + pad.width / 2.9)
        g = self.rules.grid
        nodes: list[tuple[int, int]] = []
        for j in range(math.ceil((y0 + inset - self.grid.y0) / g), math.floor((y1 - inset - self.grid.y0) / g) + 1):
            for i in range(math.ceil((x0 + inset - self.grid.x0) / g), math.floor((x1 - inset - self.grid.x0) / g) + 1):
                nodes.extend((LAYERS.index(layer), j * self.grid.width + i) for layer in pad.layers)
        return nodes

    # ---------------------------------------------------------------- searching

    def _search(self, net: int, sources: Iterable[tuple[int, int]], targets: set[tuple[int, int]], goal: Point,
                allow_vias: bool = True, limit: float = math.inf, layers: tuple[int, ...] = (0, 1),
                window: tuple[int, int, int, int] | None = None) -> list[tuple[int, int]] | None:
        """A cheap grid path for *net* from any of *sources* to any of *targets* ((layer, index) pairs), or None; within
        *window* (grid columns and rows x0, y0, x1, y1) if given."""
        grid, rules = self.grid, self.rules
        width, size = grid.width, grid.width * grid.height
        flat, vias = grid.flat[:2], grid.flat[2]
        g = rules.grid
        gx, gy = round((goal[0] - grid.x0) / g), round((goal[1] - grid.y0) / g)
        across = rules.across_cost
        step = tuple(tuple(rules.step_cost[layer] + (across if (d < 2) == (layer == 1) else 0.0) for d in range(4)) for layer in (0, 1))
        turn, via_cost = rules.turn_cost, rules.via_cost
        h = min(rules.step_cost) * rules.greed
        wx0, wy0, wx1, wy1 = window or (0, 0, width - 1, grid.height - 1)
        moves = ((1, 0, 1, 0), (-1, 1, -1, 0), (width, 2, 0, 1), (-width, 3, 0, -1))
        goals = {layer * size + index for layer, index in targets}
        best: dict[int, float] = {}
        came: dict[int, int] = {}
        heading: dict[int, int] = {}
        closed: set[int] = set()
        frontier: list[tuple[float, float, int]] = []
        push, pop, known, inf = heapq.heappush, heapq.heappop, best.get, math.inf
        for layer, index in sources:
            if layer not in layers:
                continue
            state = layer * size + index
            best[state] = 0.0
            came[state] = -1
            heading[state] = 4
            y, x = divmod(index, width)
            push(frontier, ((abs(x - gx) + abs(y - gy)) * h, 0.0, state))
        while frontier:
            _, cost, state = pop(frontier)
            if state in closed or cost > limit:
                continue
            closed.add(state)  # expanded once: the estimate is weighted, so a later, cheaper way in is not worth reopening for
            if state in goals:
                path = []
                while state != -1:
                    path.append(divmod(state, size))
                    state = came[state]
                return path[::-1]
            direction = heading[state]
            layer = 1 if state >= size else 0
            index = state - layer * size
            base = layer * size
            y, x = divmod(index, width)
            owner, costs = flat[layer], step[layer]
            for delta, d, dx, dy in moves:
                nx, ny = x + dx, y + dy
                if nx < wx0 or nx > wx1 or ny < wy0 or ny > wy1:
                    continue
                n = index + delta
                o = owner[n]
                if o != FREE and o != net:
                    continue
                new = cost + costs[d] + (turn if direction != d and direction != 4 else 0.0)
                nstate = base + n
                if new < known(nstate, inf):
                    best[nstate] = new
                    came[nstate] = state
                    heading[nstate] = d
                    push(frontier, (new + (abs(nx - gx) + abs(ny - gy)) * h, new, nstate))
            if allow_vias and len(layers) == 2:
                other = 1 - layer
                v, o = vias[index], flat[other][index]
                if v in (FREE, net) and o in (FREE, net):
                    new = cost + via_cost
                    nstate = other * size + index
                    if new < known(nstate, inf):
                        best[nstate] = new
                        came[nstate] = state
                        heading[nstate] = 4
                        push(frontier, (new + (abs(x - gx) + abs(y - gy)) * h, new, nstate))
        return None

    def _window(self, pad: PlacedPad, goal: Point, margin: float) -> tuple[int, int, int, int]:
        """The grid columns and rows of the box around *pad* and *goal*, grown by *margin* mm."""
        g, grid = self.rules.grid, self.grid
        x0, x1 = min(pad.x, goal[0]) - margin, max(pad.x, goal[0]) + margin
        y0, y1 = min(pad.y, goal[1]) - margin, max(pad.y, goal[1]) + margin
        return (max(0, math.floor((x0 - grid.x0) / g)), max(0, math.floor((y0 - grid.y0) / g)),
                min(grid.width - 1, math.ceil((x1 - grid.x0) / g)), min(grid.height - 1, math.ceil((y1 - grid.y0) / g)))

    def _commit(self, net: str, path: Sequence[tuple[int, int]]) -> None:
        """Turn a grid path into tracks and vias, and claim their copper."""
        rules = self.rules
        for (layer_a, a), (layer_b, _) in itertools.pairwise(path):
            if layer_a != layer_b:
                via = Via(net, *self.grid.point(a), rules.via, rules.drill)
                self.copper.setdefault(net, []).append(via)
                self._claim_via(via)
        runs: list[list[tuple[int, int]]] = [[path[0]]]
        for node in path[1:]:
            run = runs[-1]
            if node[0] != run[-1][0]:
                runs.append([node])
                continue
            if len(run) >= 2 and _direction(run[-2][1], run[-1][1]) != _direction(run[-1][1], node[1]):
                runs.append([run[-1]])
            runs[-1].append(node)
        for run in runs:
            if len(run) < 2:
                continue
            track = Track(net, LAYERS[run[0][0]], self.grid.point(run[0][1]), self.grid.point(run[-1][1]), rules.track)
            self.copper.setdefault(net, []).append(track)
            self._claim_track(track)
        self.tree.setdefault(net, set()).update(path)

    # ---------------------------------------------------------------- fanout and routing

    def fanout(self) -> None:
        """A via for every surface pad on a plane net, near it, joined by a short track (or a via it shares)."""
        rules = self.rules
        for pad, net in self.pads:
            if net not in self.plane_nets or pad.drill:
                continue
            net_id = self.net_ids[net]
            layer = LAYERS.index(pad.layers[0])
            sources = self._pad_nodes(pad)
            reach = 3.0
            targets = set()
            shared = [(layer, self.grid.index(v.x, v.y)) for v in self.copper.get(net, []) if isinstance(v, Via)
                      and abs(v.x - pad.x) < reach and abs(v.y - pad.y) < reach]
            targets.update(shared)
            for j, i in itertools.product(range(-10, 11), range(-10, 11)):
                x, y = pad.x + i * rules.grid, pad.y + j * rules.grid
                index = self.grid.index(x, y)
                v, o0, o1 = self.grid.flat[2][index], self.grid.flat[0][index], self.grid.flat[1][index]
                if all(o in (FREE, net_id) for o in (v, o0, o1)):
                    targets.add((layer, index))
            path = self._search(net_id, sources, targets, (pad.x, pad.y), allow_vias=False, limit=40, layers=(layer,)) if targets else None
            if path is None:
                self.failed_fanout.append(f"{net} at {pad.ref}.{pad.number}")
                continue
            end = path[-1]
            if end not in shared:
                via = Via(net, *self.grid.point(end[1]), rules.via, rules.drill)
                self.copper.setdefault(net, []).append(via)
                self._claim_via(via)
            if len(path) > 1:
                self._commit(net, path)

    def reserve_escapes(self) -> None:
        """Keep a way out for every signal pad: a short corridor from it, straight out on its own layer (away from its
        part's middle if that is free), that no other net may take. Routed last, a net would otherwise find some pads
        walled in by the tracks of the nets before it."""
        g = self.rules.grid
        middles: dict[str, list[Point]] = {}
        for pad, _ in self.pads:
            middles.setdefault(pad.ref, []).append((pad.x, pad.y))
        for pad, net in self.pads:
            if not net or net in self.plane_nets or pad.drill:
                continue
            xs, ys = zip(*middles[pad.ref])
            cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
            directions = sorted(((1, 0), (-1, 0), (0, 1), (0, -1)), key=lambda d: -(d[0] * (pad.x - cx) + d[1] * (pad.y - cy)))
            layer = LAYERS.index(pad.layers[0])
            owner = self.grid.flat[layer]
            net_id = self.net_ids[net]
            start = min(self._pad_nodes(pad), key=lambda node: math.dist(self.grid.point(node[1]), (pad.x, pad.y)))[1]
            sx, sy = self.grid.point(start)
            half = max(pad.width, pad.height) / 2
            steps = math.ceil((half + ESCAPE_MM) / g)
            for dx, dy in directions:
                path = [start + k * (dx + dy * self.grid.width) for k in range(1, steps + 1)]
                if all(owner[n] in (FREE, net_id) for n in path):
                    corridor = (layer, (sx, sy), self.grid.point(path[-1]), net_id)
                    self.corridors.append(corridor)
                    self._claim_corridor(corridor)
                    break

    def _claim_corridor(self, corridor: tuple[int, Point, Point, int]) -> None:
        layer, a, b, net = corridor
        self.grid.claim_segment(layer, a, b, self._reaches()[0] + self.rules.track / 2, net)

    def route(self, order: Sequence[str] | None = None) -> None:
        """Join every signal net's pads, in *order* (default: the longest nets first, while the board is empty).

        A pad that the nets routed before it have walled in is freed: those nets are taken up, the walled-in net is
        routed, and they are routed again after it (each net is taken up at most ``RIP_UPS`` times)."""
        nets = self._signal_nets()
        queue = list(order) if order is not None else sorted((n for n in nets if len(nets[n]) > 1), key=lambda n: (_spread(nets[n]), n))
        ripped: dict[str, int] = {}
        while queue:
            net = queue.pop(0)
            walled_in = self._route_net(net, nets[net])
            if walled_in is None:
                continue
            walls = sorted(self._walls(net, walled_in) - {net})
            walls = [w for w in walls if ripped.get(w, 0) < RIP_UPS]
            freed = self._free_corridors(net, walled_in)
            if not (walls or freed) or ripped.get(net, 0) >= RIP_UPS:
                self._take_up([net])
                self.failed.append(net)
                continue
            for wall in walls:
                ripped[wall] = ripped.get(wall, 0) + 1
            ripped[net] = ripped.get(net, 0) + 1
            self._take_up([net, *walls])
            queue = [net, *walls, *(n for n in queue if n not in walls)]

    def _signal_nets(self) -> dict[str, list[PlacedPad]]:
        nets: dict[str, list[PlacedPad]] = {}
        for pad, net in self.pads:
            if net and net not in self.plane_nets:
                nets.setdefault(net, []).append(pad)
        return nets

    def _route_net(self, net: str, pads: list[PlacedPad]) -> set[tuple[int, int]] | None:
        """Route *net*; None when done, else the grid points a walled-in pad can reach (or where the search gave up)."""
        net_id = self.net_ids[net]
        first = min(pads, key=lambda p: (p.x, p.y))
        tree = set(self._pad_nodes(first))
        left = [p for p in pads if p is not first]
        while left:
            indexes = np.fromiter((i for _, i in tree), dtype=np.int64)
            ys, xs = np.divmod(indexes, self.grid.width)
            xs, ys = self.grid.x0 + xs * self.rules.grid, self.grid.y0 + ys * self.rules.grid
            gaps = [float(np.min((xs - p.x) ** 2 + (ys - p.y) ** 2)) for p in left]
            pad = left[int(np.argmin(gaps))]
            k = int(np.argmin((xs - pad.x) ** 2 + (ys - pad.y) ** 2))
            nearest = (float(xs[k]), float(ys[k]))
            sources = self._pad_nodes(pad)
            for region in (sources, tree) if len(tree) < OPEN_ROOM else (sources,):
                room = self._room(net_id, region)
                if room is not None:
                    self.unreached.append((net, pad.ref, pad.number))
                    return room
            path = None
            for margin in WINDOWS_MM:
                path = self._search(net_id, sources, tree, nearest, window=self._window(pad, nearest, margin))
                if path is not None:
                    break
            if path is None:
                self.unreached.append((net, pad.ref, pad.number))
                return set(sources)
            left.remove(pad)
            self._commit(net, path)
            tree |= set(path) | set(sources)
        return None

    def _room(self, net: int, start: Iterable[tuple[int, int]]) -> set[tuple[int, int]] | None:
        """The points *net* can reach from *start* if they are few (walled in), else None."""
        width, size = self.grid.width, self.grid.width * self.grid.height
        flat, vias = self.grid.flat[:2], self.grid.flat[2]
        seen = set(start)
        frontier = list(seen)
        while frontier:
            layer, index = frontier.pop()
            steps = [(layer, index + d) for d in (1, -1, width, -width) if 0 <= index + d < size]
            if vias[index] in (FREE, net) and flat[1 - layer][index] in (FREE, net):
                steps.append((1 - layer, index))
            for node in steps:
                if node not in seen and flat[node[0]][node[1]] in (FREE, net):
                    seen.add(node)
                    frontier.append(node)
                    if len(seen) > OPEN_ROOM:
                        return None
        return seen

    def _walls(self, net: str, room: set[tuple[int, int]]) -> set[str]:
        """The routed signal nets whose copper closes *room* in."""
        g = self.rules.grid
        reach = self._reaches()[0] + self.rules.via / 2 + g
        border = {self.grid.point(i) for _, i in room}
        nets = set()
        for other, items in self.copper.items():
            if other in self.plane_nets:
                continue
            for item in items:
                if isinstance(item, Via):
                    near = any(math.hypot(item.x - x, item.y - y) < reach + g for x, y in border)
                else:
                    near = any(_to_segment((x, y), item.start, item.end) < reach + g for x, y in border)
                if near:
                    nets.add(other)
                    break
        return nets

    def _free_corridors(self, net: str, room: set[tuple[int, int]]) -> int:
        """Give up the other nets' reserved ways out that close *room* in (their pads then route without one)."""
        reach = self._reaches()[0] + self.rules.track / 2 + 2 * self.rules.grid
        border = [self.grid.point(i) for _, i in room]
        mine = self.net_ids[net]
        closing = [c for c in self.corridors if c[3] != mine and any(_to_segment(p, c[1], c[2]) < reach for p in border)]
        for corridor in closing:
            self.corridors.remove(corridor)
        return len(closing)

    def _take_up(self, nets: Iterable[str]) -> None:
        """Remove *nets*' tracks and vias, and mark the grid again from what is left."""
        for net in nets:
            self.copper.pop(net, None)
            self.tree.pop(net, None)
        self._build()


def _to_segment(p: Point, a: Point, b: Point) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if not length2 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(ax + t * dx - px, ay + t * dy - py)


def _direction(a: int, b: int) -> int:
    return b - a


def _spread(pads: Sequence[PlacedPad]) -> float:
    """A net's size: half the perimeter of its pads' bounding box."""
    xs, ys = [p.x for p in pads], [p.y for p in pads]
    return (max(xs) - min(xs)) + (max(ys) - min(ys))


def route_tile(outline: Polygon, keepouts: Sequence[Keepout], pads: Sequence[tuple[PlacedPad, str | None]],
               plane_nets: Iterable[str], rules: Rules | None = None, attempts: int = ATTEMPTS) -> Routing:
    """Every plane pad's via and every signal net of a tile (``Routing.failed`` names what could not be joined). Nets
    left unjoined are routed first on a fresh start, up to *attempts* times."""
    planes = tuple(plane_nets)
    first: list[str] = []
    routing = Routing()
    for _ in range(attempts):
        router = Router(outline, keepouts, pads, planes, rules)
        router.fanout()
        router.reserve_escapes()
        nets = router._signal_nets()
        order = first + sorted((n for n in nets if len(nets[n]) > 1 and n not in first), key=lambda n: (_spread(nets[n]), n))
        router.route(order)
        routing = router.routing
        if not routing.failed:
            break
        first = [*first, *(net for net in routing.failed if net in nets and net not in first)]
    return routing


Nets = Mapping[str, Sequence[PlacedPad]]
