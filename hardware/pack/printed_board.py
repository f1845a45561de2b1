"""A board to print, for a maker without the original: drawn from our own board file, in our own simple art.

From ``engine/data/london.json`` alone: the links between stations as straight lines in their transport's colour
(taxi yellow, bus turquoise, underground red, ferry dark blue and dashed, on a light blue river drawn along the
ferry's stations), and every station as a printed disc with its transport marks, the same marks the simulator
draws and the light language assumes (a taxi-yellow ring, its upper half turquoise where a bus stops, its lower
half red where the underground stops), a circle where the cap's hole is cut, and its number beside it. It is
drawn through the same ``Placement`` as the drill template and the cut layers, so every station's disc is
centred on its hole. Written at true scale as one large-format PDF (the board and a margin with crop marks) and
tiled onto A4 or Letter pages.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hardware.pack.board import Placement, Point, board_lines, station_centres
from hardware.pack.parts import load_parts
from hardware.pack.tiles import MARGIN_MM, SCALE_BAR_MM, Box, Page, fpdf_document, overlaps, pdf_scale_bar, text_box, tiled_pdf

Colour = tuple[int, int, int]

PAPER: Colour = (246, 241, 228)
RIVER: Colour = (205, 225, 240)
LINES: dict[str, tuple[Colour, float, bool]] = {
    "underground": ((200, 40, 50), 1.6, False),
    "bus": ((0, 150, 120), 1.1, False),
    "taxi": ((214, 170, 20), 0.7, False),
    "ferry": ((30, 55, 90), 0.8, True),
}
"""Each transport's line: colour, width (mm) and whether it is dashed, in drawing order (widest first)."""
MARKS: dict[str, Colour] = {"taxi": (214, 170, 20), "bus": (0, 150, 120), "underground": (200, 40, 50)}
INK: Colour = (35, 35, 40)
LABEL_MM = 2.8
"""Station numbers' font size."""
RIVER_MM = 12.0
PARALLEL_MM = 1.3
"""How far apart two transports' lines between the same two stations are drawn."""


@dataclass(frozen=True)
class StationMark:
    station: int
    centre: Point
    transports: frozenset[str]
    label: Point
    """The label's baseline start."""

    @property
    def label_box(self) -> Box:
        return text_box(self.label[0], self.label[1], str(self.station), LABEL_MM)


@dataclass(frozen=True)
class Segment:
    transport: str
    start: Point
    end: Point


@dataclass(frozen=True)
class BoardArt:
    """Everything the printed board shows, in mm on the board."""

    size: Point
    river: tuple[Point, ...]
    segments: tuple[Segment, ...]
    stations: tuple[StationMark, ...]
    legend: Box

    def avoid(self) -> list[Box]:
        """What a registration target must not cover: the stations' discs and their labels."""
        r = load_parts().fit.station_disc / 2
        return [b for s in self.stations for b in ((s.centre[0] - r, s.centre[1] - r, s.centre[0] + r, s.centre[1] + r), s.label_box)]


def _river(centres: dict[int, Point], size: Point) -> tuple[Point, ...]:
    """A river along the ferry's stations, carried straight on to the board's edges."""
    points = sorted({centres[s] for pair in board_lines()["ferry"] for s in pair})  # west to east

    def to_edge(a: Point, b: Point) -> Point:
        dx, dy = b[0] - a[0], b[1] - a[1]
        t = (size[0] + RIVER_MM - b[0]) / dx if dx > 0 else (-RIVER_MM - b[0]) / dx
        return b[0] + dx * t, b[1] + dy * t

    return (to_edge(points[1], points[0]), *points, to_edge(points[-2], points[-1]))


def _segments(centres: dict[int, Point]) -> tuple[Segment, ...]:
    """Each link as a line; two or three transports between the same stations side by side."""
    by_pair: dict[tuple[int, int], list[str]] = {}
    for transport in LINES:
        for a, b in board_lines()[transport]:
            by_pair.setdefault((min(a, b), max(a, b)), []).append(transport)
    segments = []
    for (a, b), transports in by_pair.items():
        (ax, ay), (bx, by) = centres[a], centres[b]
        length = math.hypot(bx - ax, by - ay)
        nx, ny = -(by - ay) / length, (bx - ax) / length
        for i, transport in enumerate(transports):
            shift = (i - (len(transports) - 1) / 2) * PARALLEL_MM
            segments.append(Segment(transport, (ax + nx * shift, ay + ny * shift), (bx + nx * shift, by + ny * shift)))
    return tuple(sorted(segments, key=lambda s: list(LINES).index(s.transport)))


def _labels(centres: dict[int, Point], transports: dict[int, set[str]], size: Point) -> tuple[StationMark, ...]:
    """Each station's number beside its disc, where it covers no other disc or number (upper right first)."""
    r = load_parts().fit.station_disc / 2
    discs = [(x - r, y - r, x + r, y + r) for x, y in centres.values()]
    taken: list[Box] = []
    marks = []
    for station, (x, y) in centres.items():
        text = str(station)
        width = 0.62 * LABEL_MM * len(text)
        d = r * 0.72
        candidates = [(x + d, y - d), (x + d, y + d + LABEL_MM * 0.8), (x - d - width, y - d), (x - d - width, y + d + LABEL_MM * 0.8),
                      (x + r + 0.3, y + LABEL_MM * 0.3), (x - r - 0.3 - width, y + LABEL_MM * 0.3), (x - width / 2, y - r - 0.4),
                      (x - width / 2, y + r + LABEL_MM * 0.9)]

        boxes = [text_box(cx, cy, text, LABEL_MM) for cx, cy in candidates]
        free = [i for i, box in enumerate(boxes) if _free(box, size, [*discs, *taken])]
        at = candidates[free[0] if free else 0]
        taken.append(text_box(at[0], at[1], text, LABEL_MM))
        marks.append(StationMark(station, (x, y), frozenset(transports.get(station, set())), at))
    return tuple(marks)


def _free(box: Box, size: Point, others: Sequence[Box]) -> bool:
    inside = box[0] > 1 and box[1] > 1 and box[2] < size[0] - 1 and box[3] < size[1] - 1
    return inside and not any(overlaps(box, other) for other in others)


def _legend_place(art_boxes: Sequence[Box], size: Point, legend: Point) -> Box:
    """A place for the legend that covers no station and no number, nearest a corner of the board (lines may pass
    under it); the top left corner if there is none."""
    w, h = legend
    places = [(x, y, x + w, y + h) for x in range(3, int(size[0] - w - 2), 2) for y in range(3, int(size[1] - h - 2), 2)]
    corners = [(0.0, 0.0), (size[0], 0.0), (0.0, size[1]), size]

    def to_corner(box: Box) -> float:
        return min(math.hypot((box[0] + box[2]) / 2 - cx, (box[1] + box[3]) / 2 - cy) for cx, cy in corners)

    free = (box for box in sorted(places, key=to_corner) if not any(overlaps(box, other) for other in art_boxes))
    return next(free, places[0])


def board_art(placement: Placement, size: Point) -> BoardArt:
    centres = station_centres(placement)
    transports: dict[int, set[str]] = {}
    for transport, pairs in board_lines().items():
        for pair in pairs:
            for station in pair:
                transports.setdefault(station, set()).add(transport)
    stations = _labels(centres, transports, size)
    r = load_parts().fit.station_disc / 2
    boxes = [b for s in stations for b in ((s.centre[0] - r, s.centre[1] - r, s.centre[0] + r, s.centre[1] + r), s.label_box)]
    return BoardArt(size, _river(centres, size), _segments(centres), stations, _legend_place(boxes, size, (52.0, 36.0)))


# ------------------------------------------------------------------ drawing

def draw_board(p: Any, art: BoardArt, ox: float, oy: float) -> None:
    """*art* on an fpdf2 page (*p*), the board's top left corner at (ox, oy)."""
    w, h = art.size
    with p.rect_clip(ox, oy, w, h):
        _draw(p, art, ox, oy)


def _draw(p: Any, art: BoardArt, ox: float, oy: float) -> None:
    w, h = art.size
    _fill(p, PAPER)
    p.rect(ox, oy, w, h, style="F")
    _line_style(p, RIVER, RIVER_MM)
    p.polyline([(x + ox, y + oy) for x, y in art.river])
    for segment in art.segments:
        colour, width, dashed = LINES[segment.transport]
        _line_style(p, colour, width)
        if dashed:
            p.set_dash_pattern(dash=2.0, gap=1.2)
        p.line(segment.start[0] + ox, segment.start[1] + oy, segment.end[0] + ox, segment.end[1] + oy)
        if dashed:
            p.set_dash_pattern()
    parts = load_parts()
    r, hole = parts.fit.station_disc / 2, parts.sheets.top_hole / 2
    for mark in art.stations:
        x, y = mark.centre[0] + ox, mark.centre[1] + oy
        _fill(p, MARKS["taxi"])
        p.circle(x, y, r, style="F")
        if "bus" in mark.transports:
            _fill(p, MARKS["bus"])
            p.solid_arc(x - r, y - r, 2 * r, 180, 360, style="F")  # fpdf2: the bounding box's corner and width
        if "underground" in mark.transports:
            _fill(p, MARKS["underground"])
            p.solid_arc(x - r, y - r, 2 * r, 0, 180, style="F")
        _fill(p, (255, 255, 255))
        _line_style(p, INK, 0.15)
        p.circle(x, y, hole, style="DF")
        p.circle(x, y, r, style="D")
    p.set_font("helvetica", style="B", size=LABEL_MM * 72 / 25.4)
    for mark in art.stations:
        box = mark.label_box
        _fill(p, PAPER)
        p.rect(box[0] + ox - 0.2, box[1] + oy + 0.2, box[2] - box[0] + 0.1, box[3] - box[1] - 0.3, style="F")
        p.set_text_color(*INK)
        p.text(mark.label[0] + ox, mark.label[1] + oy, str(mark.station))
    _legend(p, art, ox, oy)


def _legend(p: Any, art: BoardArt, ox: float, oy: float) -> None:
    x0, y0, x1, y1 = art.legend
    x0, y0, x1, y1 = x0 + ox, y0 + oy, x1 + ox, y1 + oy
    _fill(p, (255, 255, 255))
    _line_style(p, INK, 0.3)
    p.rect(x0, y0, x1 - x0, y1 - y0, style="DF")
    p.set_text_color(*INK)
    p.set_font("helvetica", style="B", size=14)
    p.text(x0 + 3, y0 + 7, "London")
    p.set_font("helvetica", size=5.5)
    p.text(x0 + 3, y0 + 11, "Scotland Yard console: the printed board")
    for i, (transport, (colour, width, dashed)) in enumerate(LINES.items()):
        y = y0 + 16 + i * 5
        _line_style(p, colour, width)
        if dashed:
            p.set_dash_pattern(dash=2.0, gap=1.2)
        p.line(x0 + 3, y, x0 + 15, y)
        if dashed:
            p.set_dash_pattern()
        p.text(x0 + 17, y + 1, transport)
    p.set_font("helvetica", size=5)
    p.text(x0 + 30, y0 + 17, "station ring: taxi")
    p.text(x0 + 30, y0 + 21, "upper half: bus")
    p.text(x0 + 30, y0 + 25, "lower half: underground")
    p.text(x0 + 30, y0 + 29, "centre: cut for the cap")


def _fill(p: Any, colour: Colour) -> None:
    p.set_fill_color(*colour)


def _line_style(p: Any, colour: Colour, width: float) -> None:
    p.set_draw_color(*colour)
    p.set_line_width(width)


# ------------------------------------------------------------------ the PDFs

def large_pdf(art: BoardArt, title: str, compress: bool = True) -> bytes:
    """The board at true scale on one page, with a margin: crop marks at its corners and a scale bar."""
    w, h = art.size
    page = (w + 2 * MARGIN_MM, h + 2 * MARGIN_MM + 8)
    document = fpdf_document(page, title, compress)
    document.add_page(orientation="P" if page[0] < page[1] else "L")
    draw_board(document, art, MARGIN_MM, MARGIN_MM)
    document.set_draw_color(0, 0, 0)
    document.set_line_width(0.2)
    for x, y, dx, dy in ((0, 0, -1, -1), (w, 0, 1, -1), (0, h, -1, 1), (w, h, 1, 1)):
        document.line(MARGIN_MM + x + dx, MARGIN_MM + y, MARGIN_MM + x + dx * 8, MARGIN_MM + y)
        document.line(MARGIN_MM + x, MARGIN_MM + y + dy, MARGIN_MM + x, MARGIN_MM + y + dy * 8)
    pdf_scale_bar(document, MARGIN_MM, MARGIN_MM + h + 6)
    document.set_font("helvetica", size=7)
    document.text(MARGIN_MM + SCALE_BAR_MM + 90, MARGIN_MM + h + 9, f"{title}. Print at 100 %; trim at the crop marks.")
    return bytes(document.output())


def tiled_board_pdf(art: BoardArt, pages: Sequence[Page], title: str, compress: bool = True) -> bytes:
    def draw(document: Any, page: Page, ox: float, oy: float) -> None:
        draw_board(document, art, ox, oy)

    return tiled_pdf(art.size, pages, title, draw, art.avoid(), compress)

