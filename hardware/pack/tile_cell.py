"""The tile build's station: its one printed part, stacked as built over the tile, and the checks that it fits.

From the board's surface down (z = 0 at the print, z up; the station's centre on the axis, the LED towards -y as the
tile has it at rotation 0):

- the printed board on the top sheet, a 7 mm hole per station (the hand-wired build's top sheet and holes);
- the cap, printed in translucent PETG: its button fills the hole, flush with the print at rest; its flange lies under
  the top sheet, ``lift_gap`` below it, in the spacer's keyhole; the flange's lobe lies over the LED, whose light goes
  up through the cap; a short stem under the flange rests on the switch's button;
- the spacer, a laser-cut sheet lying on the tile;
- the tile: the switch on the station's centre, the LED beside it, and (under the tile) the hall sensor's place.

Nothing moves but the cap (and the switch's button under it): the LED and the switch are soldered to the tile, so no
lead flexes. A press moves the cap down by the switch's travel.

The solids are manifold3d's, as the hand-wired cell's (``hardware.pack.cell``). Beside the interference checks, the
worst cases: ``stacks`` lists every gap the cell depends on, with each tolerance that eats into it
(``parts.toml`` [tolerances]); each must stay open when all of them go against it at once.

>>> cell = TileCell()
>>> round(cell.z.lift_gap, 2), [s.name for s in cell.stacks() if s.worst <= 0]
(0.8, [])
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import manifold3d as mf
from shapely.geometry.polygon import orient

from hardware.pack import PackError
from hardware.pack.cell import TOUCHING, _box, _cylinder, interferences
from hardware.pack.parts import TileParts, load_tile_parts
from hardware.pack.pcb.catalog import CatalogPart, load_catalog
from hardware.pack.pcb.station import LED_OFFSET, spacer_hole

PATCH = 20.0
"""The square of each sheet and of the tile modelled around one station, mm."""
EMITTER_RADIUS = 0.5
"""Where the LED's light comes from: the middle of its 2 x 2 mm body, this far around its centre."""
MOVING = ("cap",)


@dataclass(frozen=True)
class Levels:
    """The heights (z, mm) of the tile build's stack."""

    print_bottom: float
    top_sheet_bottom: float
    tile_top: float
    tile_bottom: float
    switch_body_top: float
    switch_top: float
    led_top: float
    flange_bottom: float
    flange_top: float
    lift_gap: float


@dataclass(frozen=True)
class Stack:
    """A gap the cell depends on, and the tolerances that can close it (mm): open at worst if ``worst`` > 0."""

    name: str
    nominal: float
    tolerances: tuple[tuple[str, float], ...]

    @property
    def worst(self) -> float:
        return self.nominal - sum(value for _, value in self.tolerances)


class TileCell:
    """One station of the tile build, from ``parts.toml`` and the tile catalog's switch and LED, centred on (0, 0)."""

    def __init__(self, parts: TileParts | None = None, switch: CatalogPart | None = None, led: CatalogPart | None = None) -> None:
        self.parts = parts or load_tile_parts()
        catalog = load_catalog()
        self.switch_part = switch or catalog["switch"]
        self.led_part = led or catalog["led"]
        p, sw = self.parts, self.switch_part
        top_sheet_bottom = -(p.sheets.print + p.sheets.top)
        tile_top = top_sheet_bottom - p.stack.spacer
        switch_top = tile_top + sw.body[2]
        flange_bottom = switch_top + p.cap.stem
        flange_top = flange_bottom + p.cap.flange
        self.z = Levels(-p.sheets.print, top_sheet_bottom, tile_top, tile_top - PCB_THICKNESS, switch_top - sw.actuator[1],
                        switch_top, tile_top + self.led_part.body[2], flange_bottom, flange_top, top_sheet_bottom - flange_top)
        if self.z.lift_gap <= 0:
            raise PackError(f"parts.toml: a {p.stack.spacer:g} mm spacer leaves the cap's flange no room under the top sheet: "
                            "use a thicker spacer")

    # ------------------------------------------------------------ the parts

    def cap(self) -> mf.Manifold:
        c, z = self.parts.cap, self.z
        button = _cylinder(c.button_diameter / 2, z.flange_top, 0.0)
        outline = mf.CrossSection.batch_hull([mf.CrossSection.circle(c.flange_diameter / 2, 96),
                                              mf.CrossSection.circle(c.lobe_radius, 64).translate(LED_OFFSET)])
        flange = mf.Manifold.extrude(outline, c.flange).translate((0, 0, z.flange_bottom))
        stem = _cylinder(c.stem_diameter / 2, z.switch_top, z.flange_bottom)
        return mf.Manifold.batch_boolean([button, flange, stem], mf.OpType.Add)

    def switch(self, pressed: bool = False) -> mf.Manifold:
        sw, z = self.switch_part, self.z
        w, length, _ = sw.body
        top = z.switch_top - (sw.travel[1] if pressed else 0.0)
        body = _box(-w / 2, w / 2, -length / 2, length / 2, z.tile_top, z.switch_body_top)
        return body + _cylinder(sw.actuator[0] / 2, z.switch_body_top, top)

    def led(self) -> mf.Manifold:
        w, length, _ = self.led_part.body
        x, y = LED_OFFSET
        return _box(x - w / 2, x + w / 2, y - length / 2, y + length / 2, self.z.tile_top, self.z.led_top)

    def sheets(self) -> dict[str, mf.Manifold]:
        """A square of each sheet and of the tile around the station, with its hole."""
        sh, z, h = self.parts.sheets, self.z, PATCH / 2
        keyhole = orient(spacer_hole((0.0, 0.0), 0, self.parts))  # counter-clockwise: a filled outline
        hole = mf.CrossSection([list(keyhole.exterior.coords)[:-1]])
        spacer_patch = _box(-h, h, -h, h, z.tile_top, z.top_sheet_bottom) - mf.Manifold.extrude(hole, 20).translate((0, 0, z.tile_top - 5))
        return {"print": _box(-h, h, -h, h, z.print_bottom, 0.0) - _cylinder(sh.top_hole / 2, z.print_bottom - 1, 1),
                "top sheet": _box(-h, h, -h, h, z.top_sheet_bottom, z.print_bottom) - _cylinder(sh.top_hole / 2, -50, 1),
                "spacer": spacer_patch,
                "tile": _box(-h, h, -h, h, z.tile_bottom, z.tile_top)}

    @cached_property
    def solids(self) -> dict[str, mf.Manifold]:
        solids = {"cap": self.cap(), "switch": self.switch(), "led": self.led(), **self.sheets()}
        for name, solid in solids.items():
            if solid.is_empty() or solid.status() != mf.Error.NoError:
                raise PackError(f"parts.toml: the tile build's {name} makes no solid part ({solid.status()})")
        return solids

    def pressed(self) -> dict[str, mf.Manifold]:
        """The cell pressed to the end of the switch's travel: the cap down, the switch's button with it."""
        travel = self.switch_part.travel[1]
        return {name: solid.translate((0, 0, -travel)) if name in MOVING else solid for name, solid in self.solids.items()} | {
            "switch": self.switch(pressed=True)}

    def interferences(self, solids: dict[str, mf.Manifold] | None = None) -> dict[str, float]:
        return interferences(solids or self.solids)

    def light_reaches_the_cap(self) -> bool:
        """Nothing but air between the LED's top and the cap's lobe."""
        column = _cylinder(EMITTER_RADIUS, self.z.led_top, self.z.flange_bottom).translate((LED_OFFSET[0], LED_OFFSET[1], 0))
        return all((solid ^ column).volume() < TOUCHING for name, solid in self.solids.items() if name not in ("cap", "led"))

    # ------------------------------------------------------------ the worst cases

    def misalignment(self) -> tuple[tuple[str, float], ...]:
        """How far the cap can sit off the switch under it: the top sheet's hole against the tile (through the tile's
        dowels), and the cap's play in its hole."""
        t, cap, sheets = self.parts.tolerances, self.parts.cap, self.parts.sheets
        play = (sheets.top_hole - cap.button_diameter) / 2 + t.cut / 2 + t.print_xy / 2
        return (("top sheet hole's place", t.cut), ("top sheet's dowel hole", t.cut), ("dowel in the top sheet", t.dowel_fit),
                ("tile's dowel hole", t.pcb_drill), ("dowel in the tile", t.dowel_fit), ("switch's placement", t.placement),
                ("cap's play in its hole", play))

    def stacks(self) -> list[Stack]:
        """Every gap the cell depends on, each with the tolerances that can close it."""
        t, cap, sw, sheets, stack = self.parts.tolerances, self.parts.cap, self.switch_part, self.parts.sheets, self.parts.stack
        off = self.misalignment()
        flange_reach = cap.flange_diameter / 2 - sheets.top_hole / 2
        return [
            Stack("the flange clears the top sheet at rest (the switch is never pressed by the sheets)", self.z.lift_gap,
                  (("spacer's thickness", t.sheet), ("switch's height", t.switch_height), ("solder under the switch", t.solder),
                   ("cap's stem and flange, printed", t.print_z))),
            Stack("the flange clears the switch's body at the end of the travel", cap.stem + sw.actuator[1] - sw.travel[1],
                  (("cap's stem, printed", t.print_z), ("switch's button height", t.switch_height))),
            Stack("the stem stays wholly on the switch's button", sw.actuator[0] / 2 - cap.stem_diameter / 2, off),
            Stack("the cap's button slides in its hole", (sheets.top_hole - cap.button_diameter) / 2,
                  (("hole's size", t.cut / 2), ("cap's size", t.print_xy / 2))),
            Stack("the flange clears the spacer's keyhole", stack.spacer_clearance,
                  (*off[:3], off[-1], ("spacer's dowel hole", t.cut), ("dowel in the spacer", t.dowel_fit), ("spacer's hole", t.cut))),
            Stack("the flange keeps the cap in its hole", flange_reach, (("hole's size", t.cut / 2), ("cap's play", off[-1][1]),
                                                                          ("flange's size", t.print_xy / 2))),
            Stack("the LED's light falls on the lobe", cap.lobe_radius - EMITTER_RADIUS, off),
        ]

    def flush(self) -> float:
        """How far the cap's top can be above or below the print at worst: every height between them, each off."""
        t = self.parts.tolerances
        return t.sheet + t.switch_height + t.solder + t.print_z + t.sheet + t.print


PCB_THICKNESS = 1.6
"""JLCPCB's default board thickness, and the tiles'."""
