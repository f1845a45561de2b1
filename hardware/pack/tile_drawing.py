"""The tile build's station in cross-section, to scale and dimensioned, with its worst cases.

Cut through the station's axis along the LED's side (the y-z plane), from the tile's solids (``hardware.pack.
tile_cell``), so the drawing is the assembly its tests check; under it, every worst-case stack: the gap, what eats
into it, what is left.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from hardware.pack.cell import section
from hardware.pack.cell_drawing import TEXT, Drawing
from hardware.pack.pcb.station import LED_OFFSET
from hardware.pack.tile_cell import TileCell

SCALE = 10.0
SHEET = (330.0, 250.0)
ORIGIN = (150.0, 40.0)
STYLE = {
    "print": ("#f3e6a6", "the printed board"),
    "top sheet": ("#d9b98c", "top sheet"),
    "spacer": ("#c8a577", "spacer"),
    "tile": ("#3b7d4f", "tile (PCB)"),
    "switch": ("#5a5a5a", "switch"),
    "led": ("#f7c6c6", "LED"),
    "cap": ("#bfe3f5", "cap (printed, translucent)"),
}


def tile_cross_section_svg(cell: TileCell) -> str:
    p, z = cell.parts, cell.z
    d = Drawing(ORIGIN, SCALE)
    fills = [f'<path class="part" id="{name.replace(" ", "-")}" d="{d.path(section(solid))}" fill="{STYLE[name][0]}" '
             'fill-rule="evenodd" stroke="black" stroke-width="0.25"/>' for name, solid in cell.solids.items()]
    axis_top, axis_bottom = d.paper(0, 1.0), d.paper(0, z.tile_bottom - 1.0)
    d.line(axis_top[0], axis_top[1], axis_bottom[0], axis_bottom[1], 0.15, "4 1 1 1")
    cap, sheets, sw, led = p.cap, p.sheets, cell.switch_part, cell.led_part
    top = ORIGIN[1] - 5
    d.width_dimension(-cap.button_diameter / 2, cap.button_diameter / 2, 0, top, f"cap {cap.button_diameter:g}")
    d.width_dimension(-sheets.top_hole / 2, sheets.top_hole / 2, 0, top - 7, f"hole {sheets.top_hole:g}")
    below = d.paper(0, z.tile_bottom)[1]
    d.width_dimension(-sw.body[0] / 2, sw.body[0] / 2, z.tile_top, below + 12, f"switch {sw.body[0]:g}")
    d.width_dimension(LED_OFFSET[1] - led.body[1] / 2, LED_OFFSET[1] + led.body[1] / 2, z.tile_top, below + 22, f"LED {led.body[1]:g}")
    left = d.paper(-10, 0)[0] - 3
    d.height_dimension(z.print_bottom, z.top_sheet_bottom, -10, left, f"top sheet {sheets.top:g}")
    d.height_dimension(z.top_sheet_bottom, z.tile_top, -10, left, f"spacer {p.stack.spacer:g}")
    d.height_dimension(z.tile_top, z.tile_bottom, -10, left, "tile 1.6")
    inner = left - 22
    d.height_dimension(z.top_sheet_bottom, z.flange_top, -cap.flange_diameter / 2, inner, f"gap {z.lift_gap:.2g}")
    d.height_dimension(z.tile_top, z.switch_top, -sw.body[0] / 2, inner, f"switch {sw.body[2]:g}")
    labels = [("print", (4.0, -0.1), f"{STYLE['print'][1]}, {sheets.print:g} mm"),
              ("cap", (1.5, -2.0), f"cap: {cap.material}"),
              ("top sheet", (6.0, -1.7), f"top sheet: {sheets.material_top}"),
              ("spacer", (6.5, -5.5), f"spacer: {p.stack.material_spacer}"),
              ("led", (LED_OFFSET[1], z.led_top - 0.3), f"LED: {led.mpn}"),
              ("switch", (2.0, z.switch_body_top - 0.4), f"switch: {sw.mpn}, travel {sw.travel[0]:g}"),
              ("tile", (5.0, z.tile_top - 0.8), "tile: 4-layer PCB, fab-assembled")]
    d.legend(labels, STYLE, d.paper(10, 0)[0] + 6, ORIGIN[1] + 4, 12)
    d.text(10, 12, "Tile build: a station, cross-section through its axis and its LED, at rest (scale 10:1, mm)", size=4.2,
           weight="bold")
    rows = [f"{stack.name}: {stack.nominal:.2f}, less {sum(v for _, v in stack.tolerances):.2f} at worst = {stack.worst:.2f}"
            for stack in cell.stacks()]
    notes = ["Worst cases (every tolerance against the gap at once, mm):", *rows,
             f"The cap's top sits within {cell.flush():.2f} mm of the print at worst; nothing but the cap moves."]
    for index, note in enumerate(notes):
        d.text(10, SHEET[1] - 60 + index * 5.5, note, size=TEXT * 0.95)
    width, height = SHEET
    body = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}mm" height="{height:g}mm" viewBox="0 0 {width:g} {height:g}">',
            f"<title>{escape('Scotland Yard station tile: a station in cross-section')}</title>",
            "<style>text{font-family:Helvetica,Arial,sans-serif}</style>",
            f'<rect x="0" y="0" width="{SHEET[0]:g}" height="{SHEET[1]:g}" fill="white"/>', *fills, *d.items, "</svg>"]
    return "\n".join(body) + "\n"
