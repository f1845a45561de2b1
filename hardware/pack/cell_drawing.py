"""The cell's cross-section as a dimensioned SVG drawing, cut from its solids.

Every outline is a slice of ``hardware.pack.cell``'s solids through the cell's axis (the leads: through one
lead), so the drawing is the assembly the tests check; every dimension is a size from ``parts.toml``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from xml.sax.saxutils import escape

import manifold3d as mf
import numpy as np

from hardware.pack.cell import Cell
from hardware.pack.tiles import Box, text_box

SCALE = 6.0
"""The drawing's scale: 6 mm on paper for 1 mm of the cell."""
SHEET = (285.0, 272.0)
"""The drawing's size on paper, mm."""
ORIGIN = (112.0, 50.0)
"""Where the cell's axis meets the board's surface, on paper."""
TEXT = 3.2
"""Labels' font size, mm."""

STYLE = {
    "print": ("#f3e6a6", "the printed board"),
    "top sheet": ("#d9b98c", "top sheet"),
    "base": ("#c8a577", "base"),
    "carrier": ("#e4e4e4", "carrier (printed)"),
    "switch": ("#5a5a5a", "switch"),
    "pusher": ("#fafafa", "pusher (printed)"),
    "cap": ("#bfe3f5", "cap (printed, translucent)"),
    "led": ("#f7c6c6", "LED"),
    "leads": ("#8c8c8c", "LED leads"),
}
"""Each part's fill and its name on the drawing."""


def _below(z: float) -> mf.Manifold:
    return mf.Manifold.cube((40, 40, 40)).translate((-20, -20, z - 40))


class Drawing:
    """A dimensioned drawing of a cross-section: the cell's axis meets the board's surface at *origin* on paper, and
    *scale* mm of paper are one mm of the cell."""

    def __init__(self, origin: tuple[float, float] = ORIGIN, scale: float = SCALE) -> None:
        self.origin, self.scale = origin, scale
        self.items: list[str] = []
        self.texts: list[Box] = []

    def paper(self, y: float, z: float) -> tuple[float, float]:
        """A point of the cell (y across, z up) on paper."""
        return self.origin[0] + self.scale * y, self.origin[1] - self.scale * z

    def path(self, polygons: Sequence[np.ndarray]) -> str:
        """Section outlines (as ``section`` gives them: y across, -z) as an SVG path."""
        parts = []
        for polygon in polygons:
            points = [(self.origin[0] + self.scale * y, self.origin[1] + self.scale * z) for y, z in polygon]
            parts.append("M" + "L".join(f"{x:.2f} {y:.2f}" for x, y in points) + "Z")
        return "".join(parts)

    def text(self, x: float, y: float, words: str, anchor: str = "start", size: float = TEXT, weight: str = "normal") -> None:
        self.texts.append(text_box(x, y, words, size, anchor))
        extra = ("" if anchor == "start" else f' text-anchor="{anchor}"') + ("" if weight == "normal" else f' font-weight="{weight}"')
        self.items.append(f'<text x="{x:.2f}" y="{y:.2f}" font-size="{size:g}"{extra}>{escape(words)}</text>')

    def line(self, x1: float, y1: float, x2: float, y2: float, width: float = 0.2, dash: str = "") -> None:
        self.items.append(f'<line x1="{x1:.2f}" y1="{y1:.2f}" x2="{x2:.2f}" y2="{y2:.2f}" stroke="black" stroke-width="{width}"'
                          + (f' stroke-dasharray="{dash}"' if dash else "") + "/>")

    def arrow_head(self, x: float, y: float, dx: float, dy: float) -> None:
        """A filled arrow head at (x, y) pointing along (dx, dy) (a unit vector)."""
        px, py = -dy, dx
        a = (x - 2.2 * dx + 0.7 * px, y - 2.2 * dy + 0.7 * py)
        b = (x - 2.2 * dx - 0.7 * px, y - 2.2 * dy - 0.7 * py)
        self.items.append(f'<path d="M{x:.2f} {y:.2f}L{a[0]:.2f} {a[1]:.2f}L{b[0]:.2f} {b[1]:.2f}Z" fill="black"/>')

    def legend(self, labels: Sequence[tuple[str, tuple[float, float], str]], fills: Mapping[str, tuple[str, str]],
               x: float, top: float, step: float) -> None:
        """A key down paper x from *top*: each label's swatch (its part's fill) and words, and a leader to the point of
        the section (y, z) it names."""
        for index, (name, (y, z), words) in enumerate(labels):
            px, py = self.paper(y, z)
            ly = top + index * step
            self.line(px, py, x - 1, ly - 1, 0.15)
            self.items.append(f'<circle cx="{px:.2f}" cy="{py:.2f}" r="0.6" fill="black"/>')
            self.items.append(f'<rect x="{x:.2f}" y="{ly - 3.2:.2f}" width="4" height="4" fill="{fills[name][0]}" stroke="black" '
                              'stroke-width="0.2"/>')
            self.text(x + 6, ly, words)

    def width_dimension(self, y0: float, y1: float, z: float, at: float, label: str) -> None:
        """A horizontal dimension between cell points y0 and y1 (height z), drawn at paper height *at*."""
        (x0, zy), (x1, _) = self.paper(y0, z), self.paper(y1, z)
        for x in (x0, x1):
            self.line(x, zy, x, at + (1.5 if at > zy else -1.5), 0.12)
        self.line(x0, at, x1, at, 0.15)
        self.arrow_head(x0, at, -1, 0)
        self.arrow_head(x1, at, 1, 0)
        self.text((x0 + x1) / 2, at - 1.2, label, "middle")

    def height_dimension(self, z0: float, z1: float, y: float, at: float, label: str) -> None:
        """A vertical dimension between heights z0 and z1 (at cell point y), drawn at paper x *at*, its label left of it."""
        (yx, p0), (_, p1) = self.paper(y, z0), self.paper(y, z1)
        for p in (p0, p1):
            self.line(yx, p, at - 1.5, p, 0.12)
        self.line(at, p0, at, p1, 0.15)
        top, bottom = min(p0, p1), max(p0, p1)
        if bottom - top > 5:
            self.arrow_head(at, top, 0, -1)
            self.arrow_head(at, bottom, 0, 1)
        self.text(at - 1.5, (top + bottom) / 2 + TEXT * 0.35, label, "end")


def cross_section_svg(cell: Cell, clearance_note: str = "") -> str:
    """The cell's cross-section at rest, dimensioned, with its parts named (``clearance_note``: a last line)."""
    p, z = cell.parts, cell.z
    d = Drawing()
    fills = []
    for name in ("base", "top sheet", "print", "carrier", "switch", "pusher", "cap", "led"):
        polygons = cell.section(name)
        fill = STYLE[name][0]
        fills.append(f'<path class="part" id="{name.replace(" ", "-")}" d="{d.path(polygons)}" fill="{fill}" fill-rule="evenodd" '
                     'stroke="black" stroke-width="0.25"/>')
    hidden = {"leads": cell.leads(), "legs": cell.switch() ^ _below(z.switch_bottom)}
    for name, x in (("leads", p.led.lead_offsets[-2]), ("legs", p.switch.terminal_pitch_x / 2)):
        fill = STYLE["leads" if name == "leads" else "switch"][0]
        fills.append(f'<path class="part" id="{name}" d="{d.path(cell.section(name, x, hidden))}" fill="{fill}" fill-rule="evenodd" '
                     'stroke="black" stroke-width="0.2"/>')
    axis_top, axis_bottom = d.paper(0, 1.5), d.paper(0, z.base_bottom - 1.5)
    d.line(axis_top[0], axis_top[1], axis_bottom[0], axis_bottom[1], 0.15, "4 1 1 1")

    sh, cap, car, led, sw = p.sheets, p.cap, p.carrier, p.led, p.switch
    top = ORIGIN[1] - 6
    d.width_dimension(-cap.button_diameter / 2, cap.button_diameter / 2, 0, top, f"cap {cap.button_diameter:g}")
    d.width_dimension(-sh.top_hole / 2, sh.top_hole / 2, 0, top - 7, f"hole {sh.top_hole:g}")
    d.width_dimension(-cap.body_diameter / 2, cap.body_diameter / 2, z.cap_shoulder, top - 14, f"cap body {cap.body_diameter:g}")
    below = d.paper(0, z.base_bottom)[1]
    d.width_dimension(-car.outer_diameter / 2, car.outer_diameter / 2, z.base_bottom, below + 30,
                      f"carrier {car.outer_diameter:g} = the cell's footprint")
    d.width_dimension(-sh.base_hole / 2, sh.base_hole / 2, z.base_bottom, below + 40, f"hole in the base {sh.base_hole:g}")
    d.width_dimension(-sw.body / 2, sw.body / 2, z.switch_bottom, below + 20, f"switch {sw.body:g}")

    sheets = d.paper(-8, 0)[0] - 4
    d.height_dimension(0, z.print_bottom, -8, sheets, f"print {sh.print:g}")
    d.height_dimension(z.print_bottom, z.top_sheet_bottom, -8, sheets, f"top sheet {sh.top:g}")
    d.height_dimension(z.top_sheet_bottom, z.base_bottom, -8, sheets, f"base {sh.base:g}")
    inner = sheets - 24
    d.height_dimension(z.led_top, z.led_base, -led.flange_diameter / 2, inner, f"LED {led.height:g}")
    d.height_dimension(z.switch_bottom, z.plunger_top, -sw.body / 2, inner, f"switch {sw.height:g}")
    d.height_dimension(z.top_sheet_bottom, z.cap_shoulder, -cap.body_diameter / 2, inner, f"gap {cap.lift_gap:g}")

    labels = [
        ("print", (3.0, -0.1), f"{STYLE['print'][1]}, {sh.print:g} mm"),
        ("cap", (2.9, -2.0), f"cap: {cap.material}, roof {cap.roof:g} mm"),
        ("top sheet", (6.5, -1.7), f"top sheet: {sh.material_top}"),
        ("led", (1.5, -5.0), f"LED: {led.maker} {led.part}"),
        ("carrier", (4.4, -8.0), f"carrier: {car.material}"),
        ("base", (6.5, -10.0), f"base: {sh.material_base}"),
        ("pusher", (2.5, -14.5), f"pusher: {p.pusher.material}"),
        ("switch", (2.0, -18.0), f"switch: {sw.maker} {sw.part}, travel {sw.travel:g} mm"),
        ("leads", (sum(cell.lead_path_y) / 2, z.base_bottom - 5), "LED leads: DIN, VDD, GND, DOUT"),
        ("switch", (sw.terminal_pitch_y / 2, z.base_bottom - 1.6), "switch legs: to ground and to a 74HC165 input"),
    ]
    d.legend(labels, STYLE, d.paper(8, 0)[0] + 6, ORIGIN[1] + 8, 15.5)

    d.text(10, 12, "Station cell, cross-section through its axis, at rest (scale 6:1, sizes in mm)", size=4.2, weight="bold")
    notes = [f"A press moves cap, LED and pusher down by the switch's {sw.travel:g} mm travel ({sw.operating_force:g} N).",
             "The leads bend 3 mm under the LED towards the carrier's slot and run down beside the switch, out under the base.",
             clearance_note]
    for index, note in enumerate(n for n in notes if n):
        d.text(10, SHEET[1] - 18 + index * 5.5, note)
    body = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{SHEET[0]:g}mm" height="{SHEET[1]:g}mm" '
            f'viewBox="0 0 {SHEET[0]:g} {SHEET[1]:g}">',
            "<title>Scotland Yard station cell: cross-section</title>",
            "<style>text{font-family:Helvetica,Arial,sans-serif}</style>",
            f'<rect x="0" y="0" width="{SHEET[0]:g}" height="{SHEET[1]:g}" fill="white"/>',
            *fills, *d.items, "</svg>"]
    return "\n".join(body) + "\n"
