"""What the maker cuts and prints for the cells: the laser-cut sheets (SVG and DXF) and the printed parts (STL).

The sheets are the board-sized layers of the cell's stack, each hole at a station's centre on the board (the
same placement as the drill template and the printed board):

- the top sheet: a hole per station for the cap (glue the printed board on first and cut both together, or punch
  the print's holes through the top sheet's);
- the base: a hole per station for the carrier (cut it once from an 18 mm board, or six times from 3 mm sheets
  and glue them up);
- both: a dowel hole near each corner, to pin the layers together while they are glued.

DXF is written with ezdxf (the layers named CUT, in mm); the printed parts are the cell's solids, laid on the
print bed the way they print best, written as binary STL with trimesh.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

import manifold3d as mf

from hardware.pack.board import Point
from hardware.pack.cell import Cell, mesh_arrays
from hardware.pack.parts import Parts


@dataclass(frozen=True)
class Circle:
    x: float
    y: float
    diameter: float
    what: str


@dataclass(frozen=True)
class Layer:
    """One sheet to cut: its name, size (mm), material and holes (centres in mm from its top left corner); a sheet that
    is not a rectangle has its *outline*, and holes that are not round are *cuts* (closed outlines, in mm)."""

    name: str
    size: Point
    material: str
    holes: tuple[Circle, ...]
    outline: tuple[Point, ...] = ()
    cuts: tuple[tuple[Point, ...], ...] = ()


def dowels(size: Point, parts: Parts) -> list[Circle]:
    inset, d = parts.sheets.dowel_inset, parts.sheets.dowel
    return [Circle(x, y, d, "dowel") for x in (inset, size[0] - inset) for y in (inset, size[1] - inset)]


def layers(size: Point, centres: dict[int, Point], parts: Parts) -> list[Layer]:
    sheets = parts.sheets
    pins = dowels(size, parts)
    return [Layer("top-sheet", size, f"{sheets.material_top}: the cap's holes",
                  tuple(Circle(x, y, sheets.top_hole, str(s)) for s, (x, y) in centres.items()) + tuple(pins)),
            Layer("base", size, f"{sheets.material_base}: the carriers' holes",
                  tuple(Circle(x, y, sheets.base_hole, str(s)) for s, (x, y) in centres.items()) + tuple(pins))]


def layer_svg(layer: Layer) -> str:
    """A true-scale SVG to cut (1 unit = 1 mm): every line red and 0.1 mm, for a laser cutter's cut colour."""
    w, h = layer.size
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.2f}mm" height="{h:.2f}mm" viewBox="0 0 {w:.2f} {h:.2f}">',
           f"<title>{escape(layer.name)}: {escape(layer.material)}</title>"]
    edge = _svg_polygon(layer.outline) if layer.outline else (
        f'<rect class="cut" x="0" y="0" width="{w:.2f}" height="{h:.2f}" fill="none" stroke="red" stroke-width="0.1"/>')
    out += [edge, *(_svg_polygon(cut) for cut in layer.cuts)]
    out += [f'<circle class="cut" id="{escape(c.what)}" cx="{c.x:.3f}" cy="{c.y:.3f}" r="{c.diameter / 2:.3f}" fill="none" '
            'stroke="red" stroke-width="0.1"/>' for c in layer.holes]
    return "\n".join([*out, "</svg>"]) + "\n"


def _svg_polygon(points: Sequence[Point]) -> str:
    path = "M" + "L".join(f"{x:.3f} {y:.3f}" for x, y in points) + "Z"
    return f'<path class="cut" d="{path}" fill="none" stroke="red" stroke-width="0.1"/>'


def layer_dxf(layer: Layer) -> str:
    """The layer as a DXF (R2010, mm, y up as DXF has it: the sheet's top left corner at (0, height))."""
    from ezdxf import units
    from ezdxf.filemanagement import new

    document = new("R2010", units=units.MM)
    document.layers.add("CUT", color=1)
    space = document.modelspace()
    w, h = layer.size
    edge = [(x, h - y) for x, y in layer.outline] if layer.outline else [(0, 0), (w, 0), (w, h), (0, h)]
    space.add_lwpolyline(edge, close=True, dxfattribs={"layer": "CUT"})
    for cut in layer.cuts:
        space.add_lwpolyline([(x, h - y) for x, y in cut], close=True, dxfattribs={"layer": "CUT"})
    for c in layer.holes:
        space.add_circle((c.x, h - c.y), c.diameter / 2, dxfattribs={"layer": "CUT"})
    stream = io.StringIO()
    document.write(stream)
    return stream.getvalue()


def printed_parts(cell: Cell) -> dict[str, mf.Manifold]:
    """The printed parts, each on the bed (z = 0) as it prints best: the cap on its top (a smooth face for the
    finger, the roof bridged over the LED's pocket), the pusher and the carrier on their floors."""
    solids = cell.solids
    cap = solids["cap"].mirror((0, 0, 1))
    return {"cap": cap, "pusher": solids["pusher"].translate((0, 0, -cell.z.plunger_top)),
            "carrier": solids["carrier"].translate((0, 0, -cell.z.base_bottom))}


def stl(solid: mf.Manifold) -> bytes:
    """A solid as a binary STL file."""
    import trimesh

    vertices, faces = mesh_arrays(solid)
    data = trimesh.Trimesh(vertices=vertices, faces=faces, process=False).export(file_type="stl")
    assert isinstance(data, bytes), "a binary STL"
    return data


def layer_summary(all_layers: Sequence[Layer]) -> list[str]:
    return [f"{layer.name}: {layer.material}, {sum(c.what != 'dowel' for c in layer.holes)} holes" for layer in all_layers]
