"""The tile build's mechanical files: its cap (STL), its station in cross-section, and the sheets to cut.

The sheets, over the tiles from the print down:

- the top sheet: the hand-wired build's (a 7 mm hole per station, the print glued on it) with each tile's two dowel
  holes, so every tile is pinned to it where its stations are;
- a spacer per tile, the tile's own shape: a hole for each station's cap (its keyhole) and for the parts around it,
  room for the readers, buffers and connector pins, the standoff screws' heads, and the tile's dowels; holes nearer
  each other than a sheet's web (``min_web``) become one, and no strip of sheet thinner than that is left;
- the base, board-sized: a hole for every standoff's screw, a little wide (the dowels, not the base, line the tiles up).

Nothing here needs KiCad: the tiles' layout is enough (``hardware.pack.pcb.layout``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from hardware.pack.board import Placement, Point, station_centres
from hardware.pack.layers import Circle, Layer, layer_dxf, layer_svg, stl
from hardware.pack.parts import TileParts, load_tile_parts
from hardware.pack.pcb.geometry import courtyard, placed_pads
from hardware.pack.pcb.layout import TileLayout
from hardware.pack.pcb.station import cell_outline, spacer_hole
from hardware.pack.tile_cell import TileCell
from hardware.pack.tile_drawing import tile_cross_section_svg

Put = Callable[[str, str | bytes], None]
PART_ROOM = 0.5
"""Kept around a part in the spacer's holes."""
PIN_ROOM = 1.0
"""Kept around a through-hole connector's pins, soldered on the top."""
BASE_HOLE = 4.0
"""The standoffs' screw holes in the base: an M3 screw with room to float."""
MARGIN = 5.0
"""Around a spacer piece in its own file."""


def spacer_cut_outs(layout: TileLayout, parts: TileParts) -> BaseGeometry:
    """Everything the spacer over *layout* must leave room for, as one shape (board mm)."""
    shapes: list[BaseGeometry] = []
    cells = set()
    for station, rotation in layout.rotations.items():
        centre = layout.part(f"SW{station}")
        shapes.append(spacer_hole((centre.x, centre.y), rotation, parts))
        shapes.append(cell_outline(station, (centre.x, centre.y), rotation).buffer(PART_ROOM, join_style="mitre"))
        cells |= {f"{prefix}{station}" for prefix in ("SW", "D", "C", "RB", "RS", "U", "CS")}
    for part in layout.parts:
        if part.ref in cells:
            continue
        pads = [pad for pad in placed_pads(part) if pad.drill]
        if pads:  # a connector under the tile: its pins' solder on the top
            xs, ys = [p.x for p in pads], [p.y for p in pads]
            reach = max(p.width for p in pads) / 2 + PIN_ROOM
            shapes.append(box(min(xs) - reach, min(ys) - reach, max(xs) + reach, max(ys) + reach))
        elif not part.bottom:
            shapes.append(courtyard(part).buffer(PART_ROOM, join_style="mitre"))
    shapes += [ShapelyPoint(h.x, h.y).buffer(h.keepout if h.kind == "screw" else h.diameter / 2, 48) for h in layout.holes]
    web = parts.stack.min_web
    holes = unary_union(shapes)
    closed = holes.buffer(web / 2, 8).buffer(-web / 2, 8)  # holes nearer each other than a web become one
    return closed.union(holes)  # (and every hole whole, whatever the closing's rounding took off)


def spacer_layer(layout: TileLayout, parts: TileParts) -> Layer:
    """The spacer piece over *layout*, drawn in its own frame (its top left corner at ``MARGIN``)."""
    web = parts.stack.min_web
    sheet = layout.tile.outline.difference(spacer_cut_outs(layout, parts))
    sheet = sheet.buffer(-web / 2, 8).buffer(web / 2, 8)  # no strip under min_web
    x0, y0, x1, y1 = layout.tile.outline.bounds

    def local(points: Sequence[Sequence[float]]) -> tuple[Point, ...]:
        return tuple((round(p[0] - x0 + MARGIN, 3), round(p[1] - y0 + MARGIN, 3)) for p in points)

    pieces = [p for p in getattr(sheet, "geoms", [sheet]) if isinstance(p, Polygon) and p.area > 1.0]
    piece = max(pieces, key=lambda p: p.area)  # the sheet itself; a crumb cut loose would fall out anyway
    cuts = tuple(local(list(ring.coords)[:-1]) for ring in piece.interiors)
    return Layer(f"tile-spacer-{layout.tile.number}", (x1 - x0 + 2 * MARGIN, y1 - y0 + 2 * MARGIN),
                 f"{parts.stack.material_spacer}: over tile {layout.tile.number}", (),
                 local(list(piece.exterior.coords)[:-1]), cuts)


def top_sheet_layer(size: Point, placement: Placement, layouts: Sequence[TileLayout], parts: TileParts) -> Layer:
    holes = [Circle(x, y, parts.sheets.top_hole, str(s)) for s, (x, y) in station_centres(placement).items()]
    holes += [Circle(h.x, h.y, h.diameter, "dowel") for layout in layouts for h in layout.holes if h.kind == "dowel"]
    return Layer("tile-top-sheet", size, f"{parts.sheets.material_top}: the caps' holes, the tiles' dowels", tuple(holes))


def base_layer(size: Point, layouts: Sequence[TileLayout], parts: TileParts) -> Layer:
    holes = [Circle(h.x, h.y, BASE_HOLE, "standoff") for layout in layouts for h in layout.holes if h.kind == "screw"]
    return Layer("tile-base", size, f"{parts.stack.material_base}: the standoffs' screws", tuple(holes))


def write_tile_mechanics(put: Put, size: Point, placement: Placement) -> list[str]:
    """The tile build's cap, cross-section and sheets through *put*; notes for the maker."""
    from hardware.pack.pcb.pack import lay_out_board

    parts = load_tile_parts()
    cell = TileCell(parts)
    put("tile-cell-cross-section.svg", tile_cross_section_svg(cell))
    put("tile-cap.stl", stl(cell.cap().mirror((0, 0, 1))))  # on its top face: a smooth face for the finger
    layouts = lay_out_board(placement)
    for layer in [top_sheet_layer(size, placement, layouts, parts), *(spacer_layer(layout, parts) for layout in layouts),
                  base_layer(size, layouts, parts)]:
        put(f"cut-{layer.name}.svg", layer_svg(layer))
        put(f"cut-{layer.name}.dxf", layer_dxf(layer))
    return []
