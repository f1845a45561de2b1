"""The station cell: its parts as solids, stacked as built, and the checks that they fit.

A cell, top to bottom (z = 0 is the board's printed surface, z grows upwards, the cell's axis is the station's
centre, and the LED's leads leave towards -y):

- the printed board on the top sheet, with a hole for the cap;
- the cap (printed, translucent): its button fills the hole, flush with the print at rest; its wider body stops
  it under the top sheet; the LED sits in it, its dome under the cap's thin roof, where the light shines through;
- the LED (a 5 mm through-hole WS2812-type pixel): its four leads go down, bend towards -y under the LED, out of
  the pusher's slot, and down past the switch and out of the carrier's floor, where they are wired;
- the pusher (printed) under the LED: presses the switch's plunger when the cap is pressed;
- the switch (6 x 6 mm tactile) on the carrier's floor, its legs through the floor, wired below;
- the carrier (printed): a tube that guides the cap and the pusher and holds the switch, pressed and glued into
  the base's hole, its floor flush with the base's underside.

Cap, LED and pusher move together: the switch's own spring holds them up, and a press moves them down by the
switch's travel. No part needs a circuit board.

The solids are manifold3d's: it builds solids from cylinders and boxes by union and difference and intersects
them exactly (a guaranteed-manifold mesh kernel), so "do two parts overlap" is the volume of their intersection.
It is a light wheel with numpy as its only dependency, where CadQuery or build123d would bring OpenCascade
(hundreds of MB) for the same cylinders and boxes.

>>> cell = Cell()
>>> round(cell.footprint_radius(), 2)
4.8
>>> [name for name, volume in cell.interferences().items() if volume > 0]
[]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import manifold3d as mf
import numpy as np

from hardware.pack import PackError
from hardware.pack.parts import Parts, load_parts

SEGMENTS = 96
"""Facets of a round solid's circumference (a 9.6 mm circle: 0.3 mm facets)."""
TOUCHING = 1e-6
"""mm3: a boolean of two solids that only touch leaves a sliver of about 1e-15; anything above this is an overlap."""
SHEET_PATCH = 16.0
"""The square of each sheet modelled around one cell, mm."""
LEAD_GAP = 0.1
"""Between the pusher's flat and the leads passing down beside it."""

MOVING = ("cap", "led", "pusher")
"""The parts a press moves down (the switch's plunger moves with them)."""
CELL_PARTS = ("cap", "led", "pusher", "switch", "carrier")
SHEETS = ("print", "top sheet", "base")


def _cylinder(radius: float, z0: float, z1: float, x: float = 0.0, y: float = 0.0) -> mf.Manifold:
    return mf.Manifold.cylinder(z1 - z0, radius, radius, SEGMENTS).translate((x, y, z0))


def _box(x0: float, x1: float, y0: float, y1: float, z0: float, z1: float) -> mf.Manifold:
    return mf.Manifold.cube((x1 - x0, y1 - y0, z1 - z0)).translate((x0, y0, z0))


@dataclass(frozen=True)
class Levels:
    """The heights (z, mm) the stack is built to, worked out from the parts."""

    print_bottom: float
    top_sheet_bottom: float
    base_bottom: float
    cap_shoulder: float
    led_top: float
    led_base: float
    lead_bend: float
    slot_bottom: float
    switch_bottom: float
    plunger_top: float

    @classmethod
    def of(cls, parts: Parts) -> Levels:
        sheets, cap, led, switch = parts.sheets, parts.cap, parts.led, parts.switch
        top_sheet_bottom = -(sheets.print + sheets.top)
        base_bottom = top_sheet_bottom - sheets.base
        led_top = -cap.roof
        led_base = led_top - led.height
        lead_bend = led_base - led.bend_from_base
        switch_bottom = base_bottom + parts.carrier.floor
        levels = cls(-sheets.print, top_sheet_bottom, base_bottom, top_sheet_bottom - cap.lift_gap, led_top, led_base, lead_bend,
                     lead_bend - led.lead_width - parts.pusher.lead_clearance, switch_bottom, switch_bottom + switch.height)
        floor = levels.slot_bottom - levels.plunger_top
        if floor < 0.8:
            raise PackError(f"parts.toml: the base ({sheets.base:g} mm) leaves the pusher a {floor:.1f} mm floor under the leads "
                            "(0.8 at least): use a thicker base")
        return levels


class Cell:
    """One station's cell, from ``parts.toml``, centred on (0, 0)."""

    def __init__(self, parts: Parts | None = None) -> None:
        self.parts = parts or load_parts()
        self.z = Levels.of(self.parts)

    # ------------------------------------------------------------ the parts

    @property
    def lead_path_y(self) -> tuple[float, float]:
        """The y span of the leads where they run down beside the pusher and the switch."""
        outer = -(self.parts.pusher.flat + LEAD_GAP)
        return outer - self.parts.led.lead_width, outer

    def cap(self) -> mf.Manifold:
        p, z = self.parts, self.z
        led, cap = p.led, p.cap
        body = _cylinder(cap.button_diameter / 2, z.cap_shoulder, 0.0) + _cylinder(cap.body_diameter / 2, z.led_base, z.cap_shoulder)
        dome = (led.body_diameter + led.size_tolerance) / 2 + cap.pocket_clearance
        flange = (led.flange_diameter + led.size_tolerance) / 2 + cap.pocket_clearance
        flange_top = z.led_base + led.flange_height + led.size_tolerance / 2 + cap.pocket_clearance
        return body - _cylinder(dome, z.led_base - 1, z.led_top) - _cylinder(flange, z.led_base - 1, flange_top)

    def led(self) -> mf.Manifold:
        p, z = self.parts, self.z
        led = p.led
        dome_r = led.body_diameter / 2
        dome_centre = z.led_top - dome_r
        body = (_cylinder(led.flange_diameter / 2, z.led_base, z.led_base + led.flange_height)
                + _cylinder(dome_r, z.led_base + led.flange_height, dome_centre)
                + (mf.Manifold.sphere(dome_r, SEGMENTS).translate((0, 0, dome_centre)) ^ _box(-3, 3, -3, 3, dome_centre, 0)))
        return body + self.leads()

    def leads(self) -> mf.Manifold:
        """The four leads, bent: down from the LED, towards -y, and down past the switch (square bends: their envelope)."""
        led, z = self.parts.led, self.z
        w = led.lead_width
        down_y0, down_y1 = self.lead_path_y
        run = w / 2 - down_y0
        down = led.lead_length - led.bend_from_base - run
        leads = []
        for x in led.lead_offsets:
            x0, x1 = x - w / 2, x + w / 2
            leads += [_box(x0, x1, -w / 2, w / 2, z.lead_bend, z.led_base),
                      _box(x0, x1, down_y0, w / 2, z.lead_bend - w, z.lead_bend),
                      _box(x0, x1, down_y0, down_y1, z.lead_bend - w - down, z.lead_bend - w)]
        return mf.Manifold.batch_boolean(leads, mf.OpType.Add)

    def lead_slot(self) -> tuple[float, float]:
        """Half the width of the slot the leads pass through (pusher and carrier), and how far it reaches +y."""
        led, clearance = self.parts.led, self.parts.pusher.lead_clearance
        return max(led.lead_offsets) + led.lead_width / 2 + clearance, led.lead_width / 2 + clearance

    def pusher(self) -> mf.Manifold:
        p, z = self.parts, self.z
        half, reach = self.lead_slot()
        body = _cylinder(p.pusher.diameter / 2, z.plunger_top, z.led_base) ^ _box(-5, 5, -p.pusher.flat, 5, z.plunger_top - 1, 0)
        return body - _box(-half, half, -6, reach, z.slot_bottom, z.led_base + 1)

    def switch(self, pressed: bool = False) -> mf.Manifold:
        s, z = self.parts.switch, self.z
        half = s.body / 2
        body_top = z.switch_bottom + s.body_height
        plunger = _cylinder(s.plunger_diameter / 2, body_top, z.plunger_top)
        if pressed:
            plunger = _cylinder(s.plunger_diameter / 2, body_top, z.plunger_top - s.travel_max)
        legs = [_box(sx * s.terminal_pitch_x / 2 - s.terminal_thickness / 2, sx * s.terminal_pitch_x / 2 + s.terminal_thickness / 2,
                     sy * s.terminal_pitch_y / 2 - s.terminal_width / 2, sy * s.terminal_pitch_y / 2 + s.terminal_width / 2,
                     z.switch_bottom - s.terminal_length, z.switch_bottom + 1.0)
                for sx in (-1, 1) for sy in (-1, 1)]
        return mf.Manifold.batch_boolean([_box(-half, half, -half, half, z.switch_bottom, body_top), plunger, *legs], mf.OpType.Add)

    def carrier(self) -> mf.Manifold:
        p, z = self.parts, self.z
        c, s = p.carrier, p.switch
        pocket = (s.body + s.body_tolerance) / 2 + c.switch_clearance
        body_top = z.switch_bottom + s.body_height
        cuts = [_cylinder(c.bore / 2, body_top, z.top_sheet_bottom + 1),
                _box(-pocket, pocket, -pocket, pocket, z.switch_bottom, body_top + 0.2)]
        for sx in (-1, 1):
            for sy in (-1, 1):
                x, y = sx * s.terminal_pitch_x / 2, sy * s.terminal_pitch_y / 2
                beside = s.terminal_thickness / 2 + c.switch_clearance
                along = s.terminal_width / 2 + c.switch_clearance
                cuts += [_box(x - beside, x + beside, y - along, y + along, z.switch_bottom, z.switch_bottom + 1.0 + c.switch_clearance),
                         _cylinder(c.leg_hole / 2, z.base_bottom - 1, z.switch_bottom + 0.1, x, y)]
        half, _ = self.lead_slot()
        down_y0, _ = self.lead_path_y
        cuts.append(_box(-half, half, -c.outer_diameter, down_y0 + 1.0 + p.pusher.lead_clearance,
                         z.base_bottom - 1, z.lead_bend + p.pusher.lead_clearance + 0.1))
        # The switch's corners come within 0.14 mm of the tube's outside, a wall no nozzle prints: a window there,
        # through the floor too (the legs go down through it), leaves every wall at least two lines wide.
        cuts += [_box(c.bore / 2 - 1.5, c.outer_diameter, -c.corner_window, c.corner_window, z.base_bottom - 1, body_top + 0.2)
                 .rotate((0, 0, angle)) for angle in (45, 135, 225, 315)]
        tube = _cylinder(c.outer_diameter / 2, z.base_bottom, z.top_sheet_bottom)
        return tube - mf.Manifold.batch_boolean(cuts, mf.OpType.Add)

    def sheets(self) -> dict[str, mf.Manifold]:
        """A square of each sheet around the cell, with its hole."""
        sh, z = self.parts.sheets, self.z
        h = SHEET_PATCH / 2
        return {"print": _box(-h, h, -h, h, z.print_bottom, 0.0) - _cylinder(sh.top_hole / 2, z.print_bottom - 1, 1),
                "top sheet": _box(-h, h, -h, h, z.top_sheet_bottom, z.print_bottom) - _cylinder(sh.top_hole / 2, -50, 1),
                "base": _box(-h, h, -h, h, z.base_bottom, z.top_sheet_bottom) - _cylinder(sh.base_hole / 2, -50, 1)}

    @cached_property
    def solids(self) -> dict[str, mf.Manifold]:
        """Every part of the assembled cell at rest, by name."""
        solids = {"cap": self.cap(), "led": self.led(), "pusher": self.pusher(), "switch": self.switch(), "carrier": self.carrier(),
                  **self.sheets()}
        for name, solid in solids.items():
            if solid.is_empty() or solid.status() != mf.Error.NoError:
                raise PackError(f"parts.toml: the {name}'s sizes make no solid part ({solid.status()})")
        return solids

    def pressed(self) -> dict[str, mf.Manifold]:
        """The cell pressed to the end of the switch's travel: cap, LED and pusher down, the plunger with them."""
        travel = self.parts.switch.travel_max
        return {name: solid.translate((0, 0, -travel)) if name in MOVING else solid for name, solid in self.solids.items()} | {
            "switch": self.switch(pressed=True)}

    # ------------------------------------------------------------ the checks

    def interferences(self, solids: dict[str, mf.Manifold] | None = None) -> dict[str, float]:
        """The volume (mm3) shared by every pair of parts: 0 where they only touch or stand apart."""
        return interferences(solids or self.solids)

    def footprint_radius(self) -> float:
        """How far the cell's parts reach from its axis, seen from above: its footprint is the circle of this radius."""
        reach = 0.0
        for name in CELL_PARTS:
            for polygon in self.solids[name].project().to_polygons():
                reach = max(reach, float(np.hypot(polygon[:, 0], polygon[:, 1]).max()))
        return reach

    def cap_clearance(self) -> float:
        """Room around the cap's button in the top sheet's hole, on the radius (mm)."""
        return self.parts.sheets.top_hole / 2 - self.parts.cap.button_diameter / 2

    def light_path_blockers(self) -> list[str]:
        """The parts, other than the translucent cap, in the column above the LED's dome up to the board's surface."""
        column = _cylinder(self.parts.led.body_diameter / 2, self.z.led_top, 1.0)
        return [name for name, solid in self.solids.items()
                if name not in ("cap", "led") and (solid ^ column).volume() > TOUCHING]

    def section(self, name: str, x: float = 0.0, solids: dict[str, mf.Manifold] | None = None) -> list[np.ndarray]:
        """Part *name* cut by the plane at *x* (the y-z plane through the axis by default): its outlines as (y, -z) points,
        so that down on the drawing is down in the cell."""
        return section((solids or self.solids)[name], x)


def section(solid: mf.Manifold, x: float = 0.0) -> list[np.ndarray]:
    """*solid* cut by the plane at *x* (the y-z plane through the axis by default): its outlines as (y, -z) points, so
    that down on a drawing is down in the cell."""
    turned = solid.transform(np.array([[0, 1, 0, 0], [0, 0, -1, 0], [1, 0, 0, 0]], dtype=float))
    return [np.asarray(polygon) for polygon in turned.slice(x).to_polygons()]


def interferences(solids: dict[str, mf.Manifold]) -> dict[str, float]:
    """The volume (mm3) shared by every pair of *solids*: 0 where they only touch or stand apart."""
    names = list(solids)
    volumes = {}
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            volume = (solids[a] ^ solids[b]).volume()
            volumes[f"{a} / {b}"] = 0.0 if volume < TOUCHING else volume
    return volumes


def mesh_arrays(solid: mf.Manifold) -> tuple[np.ndarray, np.ndarray]:
    """A solid's triangle mesh: vertices (n x 3) and faces (m x 3)."""
    mesh = solid.to_mesh()
    return np.asarray(mesh.vert_properties)[:, :3], np.asarray(mesh.tri_verts)


def cell_gaps(centres: dict[int, tuple[float, float]], radius: float, within: float = 30.0) -> list[tuple[int, int, float]]:
    """Every pair of stations whose cells (circles of *radius* around their centres) are nearer than *within* mm,
    with the gap between the two cells (mm), smallest first."""
    stations = sorted(centres)
    gaps = []
    for i, a in enumerate(stations):
        for b in stations[i + 1:]:
            distance = float(np.hypot(centres[a][0] - centres[b][0], centres[a][1] - centres[b][1]))
            if distance - 2 * radius < within:
                gaps.append((a, b, distance - 2 * radius))
    return sorted(gaps, key=lambda gap: gap[2])
