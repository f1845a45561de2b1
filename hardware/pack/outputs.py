"""The mechanical half of the pack, as files: the cell (its cross-section, its printed parts as STL), the
laser-cut layers (SVG and DXF) and the printed board (one large-format PDF and A4/Letter tiles), all drawn
through one placement of the stations on the board."""

from __future__ import annotations

from collections.abc import Callable

from hardware.pack.board import Placement, Point, station_centres
from hardware.pack.cell import Cell, cell_gaps
from hardware.pack.cell_drawing import cross_section_svg
from hardware.pack.layers import dowels, layer_dxf, layer_svg, layers, printed_parts, stl
from hardware.pack.printed_board import board_art, large_pdf, tiled_board_pdf
from hardware.pack.tiles import tile
from hardware.pack.underside import underside_plan, underside_svg

Put = Callable[[str, str | bytes], None]


def fit_notes(cell: Cell, centres: dict[int, Point], size: Point) -> tuple[str, list[str]]:
    """The cells' closest approach on this board (a line for the drawing) and warnings where they do not fit."""
    radius, need = cell.footprint_radius(), cell.parts.fit.min_clearance
    gaps = cell_gaps(centres, radius)
    a, b, gap = gaps[0]
    summary = (f"Nearest cells on this board: stations {a} and {b}, {gap + 2 * radius:.2f} mm apart: "
               f"{gap:.2f} mm between their {2 * radius:.1f} mm cells ({need:g} mm needed).")
    notes = []
    if tight := [g for g in gaps if g[2] < need]:
        notes.append(f"warning: {len(tight)} pairs of station cells are less than {need:g} mm apart (closest: {a} and {b}, "
                     f"{gap:.2f} mm); the cells do not fit this board: use a larger --board-size")
    pins = [(c.x, c.y) for c in dowels(size, cell.parts)]
    edge = min(min(x, y, size[0] - x, size[1] - y) - radius for x, y in centres.values())
    pin = min(((x - px) ** 2 + (y - py) ** 2) ** 0.5 - radius - cell.parts.sheets.dowel / 2 for x, y in centres.values() for px, py in pins)
    if edge < need or pin < need:
        notes.append(f"warning: a cell comes within {min(edge, pin):.1f} mm of the board's edge or a dowel hole")
    return summary, notes


def write_mechanical(put: Put, size: Point, placement: Placement, paper: str) -> list[str]:
    """Write the cell's and the board's files through *put*; the notes for the maker."""
    cell = Cell()
    centres = station_centres(placement)
    summary, notes = fit_notes(cell, centres, size)
    put("cell-cross-section.svg", cross_section_svg(cell, summary))
    for name, solid in printed_parts(cell).items():
        put(f"cell-{name}.stl", stl(solid))
    for layer in layers(size, centres, cell.parts):
        put(f"cut-{layer.name}.svg", layer_svg(layer))
        put(f"cut-{layer.name}.dxf", layer_dxf(layer))
    plan = underside_plan(placement, size)
    put("underside-plan.svg", underside_svg(plan, size))
    put("station-map-hand-wired.json", plan.station_map().to_json())
    art = board_art(placement, size)
    title = f"Scotland Yard printed board {size[0]:g} x {size[1]:g} mm"
    put("printed-board.pdf", large_pdf(art, title))
    put("printed-board-tiles.pdf", tiled_board_pdf(art, tile(size, paper), title))
    return notes
