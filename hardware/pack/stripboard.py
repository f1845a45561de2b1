"""The button module on stripboard: where each part goes, the track cuts and wire links, and the drawing.

The layout is made from the module's netlist (``hardware.pack.circuits.BUTTON_MODULE``) and a
placement of its parts on the board (``PLACEMENT``, the one thing laid out by hand):

- **cuts** (``cuts``): on each strip, wherever two neighbouring pins belong to different
  nets, the copper between them is cut: drilled out at a free hole between them, or,
  where the pins sit in neighbouring holes (a box header's two rows), scored through
  between the two holes with a knife;
- **links** (``route``): each net whose pins end up on more than one piece of strip is
  joined by wire links across the strips, through unused pieces of strip where no link
  goes straight; a link never lands on a pin, a cut or under a part, and never crosses
  another link in its column;
- **connectivity** (``connectivity``): the copper as it is then, strips, cuts and links
  as a graph (networkx), gives the groups of pins that are joined: what the tests
  compare with the netlist.

The drawing (``svg``) shows both sides at true scale, 2.54 mm a hole, so it can be
printed at 100 % and laid on the board: the component side with the parts, the links and
where each station button's wires go, and the copper side (mirrored, as it lies when the
board is turned over) with the cuts.

>>> layout = module_layout()
>>> len(layout.links) > 0 and len(layout.cuts) > 0
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from itertools import pairwise
from pathlib import Path
from xml.sax.saxutils import escape

from hardware.pack.circuits import BUTTON_MODULE, Netlist, PinRef

PITCH_MM = 2.54
Hole = tuple[int, int]
"""(row, column) on the board, from its top left hole, as the component side shows it."""


class LayoutError(ValueError):
    """A placement that cannot be cut and linked into the netlist; the message names the net or the part."""


@dataclass(frozen=True)
class Placed:
    """A part on the board: each of its pins' holes, and the holes its body covers (no link goes there)."""

    ref: str
    pins: Mapping[str, Hole]
    body: frozenset[Hole] = frozenset()
    kind: str = ""


def dip(ref: str, row: int, column: int, pins: int = 16) -> Placed:
    """A DIP across the strips, pin 1 at (row, column): pins 1 to n/2 down the left, the rest up the right, 0.3 in apart."""
    half = pins // 2
    holes = {str(n + 1): (row + n, column) for n in range(half)} | {str(pins - n): (row + n, column + 3) for n in range(half)}
    body = frozenset((row + r, column + c) for r in range(half) for c in (1, 2))
    return Placed(ref, holes, body, "dip")


def sip(ref: str, row: int, column: int, pins: int, step: int = 1) -> Placed:
    """A single-in-line part down a column (each pin on its own strip): pin 1 at (row, column), then *step* rows on."""
    return Placed(ref, {str(n + 1): (row + step * n, column) for n in range(pins)}, kind="sip")


def header(ref: str, row: int, column: int) -> Placed:
    """A 2x3 box header: pins 1, 3, 5 down *column*, 2, 4, 6 down the next one; its shroud covers a hole all round."""
    holes = {str(2 * r + 1 + c): (row + r, column + c) for r in range(3) for c in (0, 1)}
    shroud = frozenset((r, c) for r in range(row - 1, row + 4) for c in range(column - 1, column + 3)) - set(holes.values())
    return Placed(ref, holes, shroud, kind="header")


def pads(ref: str, holes: Mapping[str, Hole]) -> Placed:
    """Where an off-board part's wires are soldered."""
    return Placed(ref, dict(holes), kind="wires")


@dataclass(frozen=True)
class Board:
    rows: int
    columns: int

    def holes(self) -> Iterable[Hole]:
        return ((r, c) for r in range(self.rows) for c in range(self.columns))


@dataclass(frozen=True)
class Cut:
    """A break in a strip: at *column*'s hole (drilled), or between *column* and the next (scored, ``between``)."""

    row: int
    column: int
    between: bool = False


@dataclass(frozen=True)
class Link:
    """A wire link on the component side, from (top, column) down to (bottom, column), soldered at both ends only."""

    column: int
    top: int
    bottom: int
    net: str


@dataclass
class Layout:
    board: Board
    netlist: Netlist
    parts: tuple[Placed, ...]
    cuts: list[Cut] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)

    def pin_holes(self) -> dict[Hole, PinRef]:
        holes: dict[Hole, PinRef] = {}
        for part in self.parts:
            for number, hole in part.pins.items():
                if hole in holes:
                    raise LayoutError(f"{part.ref} pin {number} and {holes[hole][0]} pin {holes[hole][1]} share hole {hole}")
                r, c = hole
                if not (0 <= r < self.board.rows and 0 <= c < self.board.columns):
                    raise LayoutError(f"{part.ref} pin {number} at {hole} is off the board")
                holes[hole] = (part.ref, number)
        return holes

    def body_holes(self) -> set[Hole]:
        return {hole for part in self.parts for hole in part.body}


def _net_key(netlist: Netlist, pin: PinRef) -> str:
    """A pin's net; an unconnected pin counts as a net of its own (nothing may share its copper)."""
    return netlist.net_of(*pin) or f"unconnected {pin[0]}.{pin[1]}"


def cuts(layout: Layout) -> list[Cut]:
    """Every break the strips need: between neighbouring pins of different nets on one strip.

    Where there is a choice of hole, the cut leaves the most free holes on its
    scarcer side, so both pieces keep somewhere for a link.
    """
    pins = layout.pin_holes()
    taken = set(pins) | layout.body_holes()
    found = []
    for row in range(layout.board.rows):
        on_row = sorted((c, _net_key(layout.netlist, pin)) for (r, c), pin in pins.items() if r == row)
        start = 0
        for i, ((left, net_a), (right, net_b)) in enumerate(pairwise(on_row)):
            if net_a == net_b:
                continue
            if right - left == 1:
                found.append(Cut(row, left, between=True))
                start = right
                continue
            end = on_row[i + 2][0] - 1 if i + 2 < len(on_row) else layout.board.columns - 1
            free = [c for c in range(start, end + 1) if (row, c) not in taken]
            column = max(range(left + 1, right), key=lambda c: _cut_score(c, free, left, right))
            found.append(Cut(row, column))
            start = column + 1
    return found


def _cut_score(column: int, free: list[int], left: int, right: int) -> tuple[int, int, float]:
    """How good a cut at *column* is, given the *free* holes around it: most free holes on its scarcer side, then in all,
    then nearest the middle of the gap between the pins *left* and *right*."""
    before = sum(1 for c in free if c < column)
    after = sum(1 for c in free if c > column)
    return min(before, after), before + after, -abs(column - (left + right) / 2)


def segments(layout: Layout) -> dict[Hole, int]:
    """Each copper hole's piece of strip (an id), after the cuts; drilled holes have none."""
    drilled = {(cut.row, cut.column) for cut in layout.cuts if not cut.between}
    scored = {(cut.row, cut.column) for cut in layout.cuts if cut.between}
    piece: dict[Hole, int] = {}
    current = -1
    for row in range(layout.board.rows):
        previous_open = False
        for column in range(layout.board.columns):
            if (row, column) in drilled:
                previous_open = False
                continue
            if not previous_open:
                current += 1
            piece[(row, column)] = current
            previous_open = (row, column) not in scored
    return piece


LINK_COST = 4
"""What one more link costs the router, in holes of wire: a short detour beats an extra link."""


def route(layout: Layout, order: Iterable[str]) -> list[Link]:
    """Wire links that join each net's pieces of strip, nets in *order* first (the hardest first), the rest after.

    Each net is joined piece by piece along the cheapest chain of links (the
    shortest wire, ``LINK_COST`` more for each link), through unused pieces of
    strip where needed. A link does not pass over the last few free holes of a
    piece that still waits for its own link.
    """
    import heapq

    pins = layout.pin_holes()
    piece = segments(layout)
    blocked = set(pins) | layout.body_holes()
    drilled = {(cut.row, cut.column) for cut in layout.cuts if not cut.between}
    holes_of: dict[int, list[Hole]] = {}
    for hole, p in piece.items():
        holes_of.setdefault(p, []).append(hole)
    owner: dict[int, str] = {}
    for hole, pin in pins.items():
        owner[piece[hole]] = _net_key(layout.netlist, pin)
    links: list[Link] = []
    covered: set[Hole] = set()
    """Holes a link ends at or passes over: no other link can end there."""

    def free_holes(p: int) -> set[Hole]:
        return {hole for hole in holes_of[p] if hole not in blocked and hole not in covered and hole not in drilled}

    routed: set[str] = set()

    def waiting(net: str) -> list[set[Hole]]:
        """The free holes of each piece of a net not linked yet that has to be."""
        counts: dict[str, int] = {}
        for o in owner.values():
            counts[o] = counts.get(o, 0) + 1
        return [free_holes(p) for p, o in owner.items() if o != net and o not in routed and counts[o] > 1]

    def link_between(a: int, b: int, kept: list[set[Hole]]) -> Link | None:
        """The link joining pieces *a* and *b* nearest *a*'s pins that leaves every waiting piece a free hole."""
        row_a, row_b = holes_of[a][0][0], holes_of[b][0][0]
        top, bottom = min(row_a, row_b), max(row_a, row_b)
        columns = {c for _, c in holes_of[a]} & {c for _, c in holes_of[b]}
        near = [c for (r, c) in pins if piece.get((r, c)) == a] or [c for _, c in holes_of[a]]
        for column in sorted(columns, key=lambda c: (min(abs(c - n) for n in near), c)):
            span = {(r, column) for r in range(top, bottom + 1)}
            if any(end in blocked or end in drilled or end in covered for end in ((top, column), (bottom, column))):
                continue
            if any(hole in blocked or hole in covered for hole in span):
                continue
            if any(holes and holes <= span for holes in kept):
                continue
            return Link(column, top, bottom, "")
        return None

    nets = list(dict.fromkeys([*order, *sorted(set(owner.values()))]))
    for net in nets:
        terminals = {p for p, o in owner.items() if o == net}
        joined = {min(terminals)} if terminals else set()
        while terminals - joined:
            kept = waiting(net)
            best: dict[int, float] = dict.fromkeys(joined, 0.0)
            came: dict[int, tuple[int, Link]] = {}
            heap = [(0.0, p) for p in sorted(joined)]
            reached = None
            while heap:
                cost, p = heapq.heappop(heap)
                if cost > best.get(p, float("inf")):
                    continue
                if p in terminals and p not in joined:
                    reached = p
                    break
                for q in holes_of:
                    if q in joined or holes_of[q][0][0] == holes_of[p][0][0] or owner.get(q, net) != net:
                        continue
                    found = link_between(p, q, kept)
                    if found is None:
                        continue
                    new = cost + found.bottom - found.top + LINK_COST
                    if new < best.get(q, float("inf")):
                        best[q] = new
                        came[q] = (p, found)
                        if q in terminals or q not in owner:
                            heapq.heappush(heap, (new, q))
            if reached is None:
                raise LayoutError(f"net {net}: no free way to link its strips {sorted(terminals - joined)} to the rest")
            step = reached
            while step not in joined:
                previous, found = came[step]
                link = Link(found.column, found.top, found.bottom, net)
                links.append(link)
                covered.update((r, link.column) for r in range(link.top, link.bottom + 1))
                owner[step] = net
                joined.add(step)
                step = previous
        routed.add(net)
    return links


def connectivity(layout: Layout) -> list[frozenset[PinRef]]:
    """The groups of pins the copper and the links join, as the board is built."""
    import networkx as nx

    pins = layout.pin_holes()
    piece = segments(layout)
    for hole, pin in pins.items():
        if hole not in piece:
            raise LayoutError(f"{pin[0]} pin {pin[1]} sits in a drilled-out hole {hole}")
    graph: nx.Graph[Hole] = nx.Graph()
    graph.add_nodes_from(piece)
    scored = {(cut.row, cut.column) for cut in layout.cuts if cut.between}
    for (row, column) in piece:
        right = (row, column + 1)
        if right in piece and (row, column) not in scored:
            graph.add_edge((row, column), right)
    for link in layout.links:
        for end in ((link.top, link.column), (link.bottom, link.column)):
            if end not in piece or end in pins:
                raise LayoutError(f"link in column {link.column} lands on {'a pin' if end in pins else 'a cut'} at {end}")
        graph.add_edge((link.top, link.column), (link.bottom, link.column))
    groups = []
    for component in nx.connected_components(graph):
        members = frozenset(pins[hole] for hole in component if hole in pins)
        if members:
            groups.append(members)
    return groups


def differences(layout: Layout) -> list[str]:
    """How the copper differs from the netlist: nets shorted together, nets split apart (empty: the layout is the netlist)."""
    netlist = layout.netlist
    problems = []
    groups = connectivity(layout)
    for group in groups:
        nets = sorted({_net_key(netlist, pin) for pin in group})
        if len(nets) > 1:
            problems.append(f"shorted: {' and '.join(nets)}")
    for net, members in netlist.nets.items():
        pieces = [group for group in groups if group & members]
        if len(pieces) > 1:
            problems.append(f"net {net} is in {len(pieces)} pieces")
    return problems


BOARD = Board(rows=20, columns=24)
"""The module's piece of stripboard: 20 strips of 24 holes (51 x 61 mm); two come from a 100 x 160 mm board."""


def _placement() -> tuple[Placed, ...]:
    """Where the parts go: the one thing laid out by hand (the cuts and links follow from it and the netlist).

    U1's SH/LD and CLK strips run straight into pins 4 and 6 of J2 above it (and by
    a link each into J1's below); RN1 stands beside U1's right-hand pins, its common
    pin cut off the ground strip.
    """
    top = 3
    u1 = dip("U1", top, 10)
    return (
        header("J2", top - 1, 5),
        header("J1", top + 11, 5),
        u1,
        sip("RN1", top + 1, 17, 9),
        Placed("C1", {"1": (top, 14), "2": (top + 1, 14)}, kind="capacitor"),
        *(pads(f"S{i + 1}", {"1": hole, "2": (BOARD.rows - 1, 8 + 2 * i)}) for i, hole in enumerate(_button_holes(u1))),
    )


def _button_holes(u1: Placed) -> list[Hole]:
    """Each station button's signal wire: on its input's strip, at the board's edge on that side (S1 = input A, ...)."""
    holes = []
    for number in ("11", "12", "13", "14", "3", "4", "5"):  # inputs A to G
        row, column = u1.pins[number]
        holes.append((row, BOARD.columns - 1 if column > 12 else 0))
    return holes


ROUTE_ORDER = ("SH/LD", "CLK", "QH", "SER", "E", "F", "G", "A", "B", "C", "D", "3V3", "GND")
"""The nets in the order they are linked: the long single wires first, the supply nets (with room to spare) last."""


def module_layout() -> Layout:
    """The button module's layout: its placement, and the cuts and links that make it the netlist (a fresh copy each call)."""
    layout = _module_layout()
    return Layout(layout.board, layout.netlist, layout.parts, list(layout.cuts), list(layout.links))


@cache
def _module_layout(tries: int = 40) -> Layout:
    """The layout, worked out once.

    The router is greedy, so the order the nets are linked in matters: ``ROUTE_ORDER``
    first, then *tries* shuffles of it (a fixed seed: the same layout every time), and
    the layout with the least wire (``LINK_COST`` a link) wins.
    """
    import random

    layout = Layout(BOARD, BUTTON_MODULE, _placement())
    layout.cuts = cuts(layout)
    shuffle = random.Random(39)
    orders = [list(ROUTE_ORDER)]
    for _ in range(tries):
        orders.append(shuffle.sample(orders[0], len(orders[0])))
    best: list[Link] | None = None
    failures = []
    for order in orders:
        try:
            links = route(layout, order)
        except LayoutError as error:
            failures.append(str(error))
            continue
        if best is None or _wire(links) < _wire(best):
            best = links
    if best is None:
        raise LayoutError(f"no order of the nets links them all; the first failure: {failures[0]}")
    layout.links = best
    return layout


def _wire(links: list[Link]) -> int:
    return sum(link.bottom - link.top + LINK_COST for link in links)


# --- The drawing --------------------------------------------------------------------------------

COPPER = "#c87533"
LINK = "#1f5fbf"
CUT = "#d00000"


def svg(layout: Layout, title: str) -> str:
    """Both sides at true scale (1 unit = 1 mm): the component side with parts, links and button wires; the copper side,
    mirrored as it lies when the board is turned over, with the cuts."""
    rows, columns = layout.board.rows, layout.board.columns
    board_w, board_h = columns * PITCH_MM, rows * PITCH_MM
    gap, margin, head = 24.0, 14.0, 16.0
    width = 2 * board_w + gap + 2 * margin
    height = head + board_h + 38.0
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.2f}mm" height="{height:.2f}mm" '
           f'viewBox="0 0 {width:.2f} {height:.2f}">',
           f"<title>{escape(title)}</title>",
           "<style>text{font-family:Helvetica,Arial,sans-serif}</style>",
           f'<rect x="0" y="0" width="{width:.2f}" height="{height:.2f}" fill="white"/>',
           _text(margin, 6, title, 3.2),
           _text(margin, 11, "Print at 100 %: one hole is 2.54 mm. Left: the component side. Right: the copper side, "
                             "turned over (left and right swap).", 2.0)]
    left = (margin, head)
    right = (margin + board_w + gap, head)
    out += _side(layout, left, mirrored=False)
    out += _side(layout, right, mirrored=True)
    out += _parts(layout, left)
    out += _links(layout, left)
    out += _cuts(layout, right, mirrored=True, bold=True)
    out += _cuts(layout, left, mirrored=False, bold=False)
    notes_y = head + board_h + 8
    scored = sum(1 for cut in layout.cuts if cut.between)
    notes = [
        "J1 (lower): the ribbon toward the Pi, or from the previous module's J2. J2 (upper): the ribbon to the next module's J1. "
        "Pin 1 red; pin 2 of J1 is QH, of J2 SER.",
        f"Component side: {len(layout.links)} wire links (blue), soldered at their ends only; insulate the long ones. "
        f"{len([p for p in layout.parts if p.kind == 'wires'])} station buttons: one wire to its letter, one to a ground pad (GND).",
        f"Copper side: {len(layout.cuts) - scored} cuts at a hole (red x: turn a 4 mm drill in the hole by hand) and {scored} between "
        "two holes (red bar: two knife cuts, lift the copper between).",
        "Check every cut with a meter before soldering: no continuity across it.",
    ]
    out += [_text(margin, notes_y + 5 * i, note, 2.0) for i, note in enumerate(notes)]
    out.append(_scale_bar(margin, height - 6))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _text(x: float, y: float, words: str, size: float, anchor: str = "start", fill: str = "black") -> str:
    return f'<text x="{x:.2f}" y="{y:.2f}" font-size="{size:.2f}" text-anchor="{anchor}" fill="{fill}">{escape(words)}</text>'


def _centre(origin: tuple[float, float], hole: Hole, columns: int, mirrored: bool) -> tuple[float, float]:
    row, column = hole
    shown = columns - 1 - column if mirrored else column
    return origin[0] + (shown + 0.5) * PITCH_MM, origin[1] + (row + 0.5) * PITCH_MM


def _side(layout: Layout, origin: tuple[float, float], mirrored: bool) -> list[str]:
    """The board: its strips (solid on the copper side, faint from the component side), holes, and row and column numbers."""
    rows, columns = layout.board.rows, layout.board.columns
    x0, y0 = origin
    out = [f'<rect x="{x0:.2f}" y="{y0:.2f}" width="{columns * PITCH_MM:.2f}" height="{rows * PITCH_MM:.2f}" '
           f'fill="{"#f3e1c7" if mirrored else "#f7f1e3"}" stroke="black" stroke-width="0.3"/>']
    opacity = 0.9 if mirrored else 0.25
    for row in range(rows):
        y = y0 + (row + 0.5) * PITCH_MM
        out.append(f'<rect x="{x0 + 0.3:.2f}" y="{y - 0.95:.2f}" width="{columns * PITCH_MM - 0.6:.2f}" height="1.9" '
                   f'fill="{COPPER}" opacity="{opacity}"/>')
        out.append(_text(x0 - 1.0, y + 0.7, str(row + 1), 1.8, "end"))
    for column in range(columns):
        x, _ = _centre(origin, (0, column), columns, mirrored)
        out.append(_text(x, y0 - 1.0, str(column + 1), 1.5, "middle"))
    for hole in layout.board.holes():
        x, y = _centre(origin, hole, columns, mirrored)
        out.append(f'<circle cx="{x:.2f}" cy="{y:.2f}" r="0.5" fill="white" stroke="#666" stroke-width="0.1"/>')
    return out


def _cuts(layout: Layout, origin: tuple[float, float], mirrored: bool, bold: bool) -> list[str]:
    out = []
    width = 0.5 if bold else 0.2
    columns = layout.board.columns
    for cut in layout.cuts:
        x, y = _centre(origin, (cut.row, cut.column), columns, mirrored)
        if cut.between:
            x += (-0.5 if mirrored else 0.5) * PITCH_MM
            out.append(f'<line x1="{x:.2f}" y1="{y - 1.2:.2f}" x2="{x:.2f}" y2="{y + 1.2:.2f}" stroke="{CUT}" stroke-width="{width}"/>')
        else:
            d = 0.9
            out.append(f'<path d="M{x - d:.2f} {y - d:.2f}L{x + d:.2f} {y + d:.2f}M{x - d:.2f} {y + d:.2f}L{x + d:.2f} {y - d:.2f}" '
                       f'stroke="{CUT}" stroke-width="{width}"/>')
    return out


def _links(layout: Layout, origin: tuple[float, float]) -> list[str]:
    out = []
    columns = layout.board.columns
    for link in layout.links:
        x, y1 = _centre(origin, (link.top, link.column), columns, False)
        _, y2 = _centre(origin, (link.bottom, link.column), columns, False)
        out.append(f'<line class="link" x1="{x:.2f}" y1="{y1:.2f}" x2="{x:.2f}" y2="{y2:.2f}" stroke="{LINK}" stroke-width="0.6" '
                   'stroke-linecap="round"/>')
        out += [f'<circle cx="{x:.2f}" cy="{y:.2f}" r="0.7" fill="{LINK}"/>' for y in (y1, y2)]
    return out


def _parts(layout: Layout, origin: tuple[float, float]) -> list[str]:
    """The parts from the component side: outlines, pin 1, references and values; the button wires' pads."""
    out = []
    columns = layout.board.columns
    netlist = layout.netlist

    def at(hole: Hole) -> tuple[float, float]:
        return _centre(origin, hole, columns, False)

    for part in layout.parts:
        holes = list(part.pins.values())
        xs = [at(h)[0] for h in holes]
        ys = [at(h)[1] for h in holes]
        box = (min(xs) - 1.2, min(ys) - 1.2, max(xs) + 1.2, max(ys) + 1.2)
        value = netlist.part(part.ref).value
        if part.kind == "wires":
            net = netlist.net_of(part.ref, "1") or ""
            for number, hole in part.pins.items():
                x, y = at(hole)
                out.append(f'<circle cx="{x:.2f}" cy="{y:.2f}" r="0.9" fill="none" stroke="black" stroke-width="0.3"/>')
                if number == "1":  # outside the board, beyond the row numbers on the left
                    on_left = hole[1] < columns / 2
                    edge = origin[0] - 4.5 if on_left else origin[0] + columns * PITCH_MM + 1.0
                    out.append(_text(edge, y + 0.6, f"{part.ref}: {net}", 1.6, "end" if on_left else "start"))
                else:
                    out.append(_text(x, y + 2.9, part.ref, 1.4, "middle"))
                    out.append(_text(x, y + 4.6, "GND", 1.1, "middle"))
            continue
        fill = {"dip": "#333", "sip": "#2d5a27", "header": "#222", "capacitor": "#e6b800"}.get(part.kind, "#888")
        if part.kind == "dip":
            box = (box[0] - 0.3, box[1], box[2] + 0.3, box[3])
        if part.kind == "header":  # the shroud, a hole beyond the pins all round
            box = (box[0] - PITCH_MM + 0.6, box[1] - PITCH_MM + 0.6, box[2] + PITCH_MM - 0.6, box[3] + PITCH_MM - 0.6)
        out.append(f'<rect class="part" x="{box[0]:.2f}" y="{box[1]:.2f}" width="{box[2] - box[0]:.2f}" height="{box[3] - box[1]:.2f}" '
                   f'rx="0.6" fill="{fill}" fill-opacity="0.18" stroke="{fill}" stroke-width="0.35"/>')
        for number, hole in part.pins.items():
            x, y = at(hole)
            out.append(f'<circle cx="{x:.2f}" cy="{y:.2f}" r="0.65" fill="{"#b00" if number == "1" else "#444"}"/>')
        cx = (box[0] + box[2]) / 2
        if part.kind == "dip":
            out.append(f'<path d="M{cx - 1.2:.2f} {box[1]:.2f}a1.2 1.2 0 0 0 2.4 0" fill="none" stroke="{fill}" stroke-width="0.35"/>')
            out.append(_text(cx, (box[1] + box[3]) / 2 - 1.0, part.ref, 2.0, "middle"))
            out.append(_text(cx, (box[1] + box[3]) / 2 + 1.8, value, 1.5, "middle"))
        elif part.kind == "header":
            for number, hole in part.pins.items():
                x, y = at(hole)
                out.append(_text(x + (-1.1 if int(number) % 2 else 1.1), y + 0.45, number, 1.1, "end" if int(number) % 2 else "start"))
            out.append(_text(box[0] - 0.8, (box[1] + box[3]) / 2 + 0.7, part.ref, 2.0, "end"))
        elif part.kind == "sip":
            out.append(_text(cx, box[3] + 2.2, f"{part.ref} {value}", 1.4, "middle"))
        else:
            out.append(_text(cx, box[1] - 0.6, part.ref, 1.6, "middle"))
    return out


def _scale_bar(x: float, y: float) -> str:
    length = 10 * PITCH_MM
    return (f'<line x1="{x:.2f}" y1="{y:.2f}" x2="{x + length:.2f}" y2="{y:.2f}" stroke="black" stroke-width="0.3"/>'
            f'<line x1="{x:.2f}" y1="{y - 1:.2f}" x2="{x:.2f}" y2="{y + 1:.2f}" stroke="black" stroke-width="0.3"/>'
            f'<line x1="{x + length:.2f}" y1="{y - 1:.2f}" x2="{x + length:.2f}" y2="{y + 1:.2f}" stroke="black" stroke-width="0.3"/>'
            + _text(x + length + 2, y + 0.8, "10 holes = 25.4 mm: check the print scale", 2.0))


def write_layout(folder: Path) -> list[Path]:
    """Write ``button-module-stripboard.svg`` into *folder*, refusing a layout that is not the netlist; the files written."""
    path = folder / "button-module-stripboard.svg"
    layout = module_layout()
    problems = differences(layout)
    if problems:
        raise LayoutError(f"the stripboard layout is not the netlist: {'; '.join(problems)}")
    path.write_text(svg(layout, "One button module on stripboard: a 74HC165, seven station buttons and a sentinel"), encoding="utf-8")
    return [path]
