"""A tile's Gerbers read back: where the fab will put each pad, and pictures of what it will make.

The Gerbers are read with gerbonara, not from the design the pack made them from, so what is checked and drawn is
what a fab receives. KiCad writes Gerber X2: every pad's flash names its part and pin (``.P``) and its net (``.N``),
so each switch's pads are found by name and their centre compared with the station map.

Gerber's y axis points up and KiCad's down: a Gerber point (x, y) is (x, -y) on the board.
"""

from __future__ import annotations

import io
import math
import warnings
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hardware.pack.pcb.geometry import Point

SIDES = {"top": ("top copper", "top mask", "top silk"), "bottom": ("bottom copper", "bottom mask", "bottom silk")}
BOARD_GREEN, COPPER_UNDER_MASK, GOLD, SILK, HOLE = (20, 70, 40), (45, 120, 60), (212, 175, 55), (240, 240, 240), (15, 15, 15)


def read_gerbers(gerbers: Path) -> Any:
    """A tile's Gerbers and drill files (a folder or a zip), read once: gerbonara's ``LayerStack``."""
    from gerbonara import LayerStack  # gerbonara is in the pack's extra

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # KiCad 6's Excellon repeats G90 after its header, which gerbonara notes
        return LayerStack.open(str(gerbers))


def flashed_pads(stack: Any, layer: str = "top copper") -> dict[tuple[str, str], list[Point]]:
    """Every pad flashed on *layer* of the Gerbers *stack*, by (part, pin), at its place on the board (mm, y down)."""
    from gerbonara.graphic_objects import Flash

    pads: dict[tuple[str, str], list[Point]] = {}
    for obj in stack[layer].objects:
        if isinstance(obj, Flash) and ".P" in obj.attrs:
            ref, pin = obj.attrs[".P"][0], (obj.attrs[".P"][1] if len(obj.attrs[".P"]) > 1 else "")
            pads.setdefault((ref, pin), []).append((round(obj.x, 4), round(-obj.y, 4)))
    return pads


def switch_centres(stack: Any) -> dict[int, Point]:
    """Each station's switch, found by name (``SW`` and the station) on the top copper: the centre of its pads."""
    centres = {}
    by_part: dict[str, list[Point]] = {}
    for (ref, _), places in flashed_pads(stack).items():
        if ref.startswith("SW") and ref[2:].isdigit():
            by_part.setdefault(ref, []).extend(places)
    for ref, places in by_part.items():
        centres[int(ref[2:])] = (sum(p[0] for p in places) / len(places), sum(p[1] for p in places) / len(places))
    return centres


def off_station(stack: Any, stations: Mapping[int, Point], tolerance: float) -> dict[int, float]:
    """The stations whose switch the Gerbers put more than *tolerance* mm from the station map's place (or lack),
    with how far (``inf``: no switch at all)."""
    found = switch_centres(stack)
    off = {}
    for station, (x, y) in stations.items():
        at = found.get(station)
        distance = math.inf if at is None else math.hypot(at[0] - x, at[1] - y)
        if distance > tolerance:
            off[station] = distance
    return off


def zip_gerbers(gerbers: Path, target: Path) -> Path:
    """The Gerbers and drill files in one zip, as fabs take them (no folders inside)."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(gerbers.iterdir()):
            archive.write(path, path.name)
    return target


def render(stack: Any, side: str, pixels_per_mm: float = 6.0) -> bytes:
    """A PNG of one side as the fab will make it: copper under green mask, gold where the mask leaves it bare, white
    silkscreen, the holes (the underside seen from below, mirrored)."""
    from gerbonara.utils import MM
    from PIL import Image, ImageDraw

    x0, y0, x1, y1 = _bounds(stack)
    size = (int((x1 - x0) * pixels_per_mm) + 8, int((y1 - y0) * pixels_per_mm) + 8)
    mirror = side == "bottom"

    def to_px(x: float, y: float) -> tuple[float, float]:
        px = (x - x0) * pixels_per_mm + 4
        return (size[0] - px if mirror else px), (y1 - y) * pixels_per_mm + 4

    image = Image.new("RGB", size, (235, 235, 235))
    board = Image.new("L", size, 0)
    outline = [to_px(*p) for p in _outline_points(stack["mechanical outline"], MM)]
    if len(outline) > 2:
        ImageDraw.Draw(board).polygon(outline, fill=255)
    image.paste(BOARD_GREEN, mask=board)
    copper, mask, silk = SIDES[side]
    for layer, colour in ((copper, COPPER_UNDER_MASK), (mask, GOLD), (silk, SILK)):
        # Each layer on its own: a clear (negative) object takes away that layer's own earlier objects, nothing more.
        drawn = Image.new("L", size, 0)
        draw = ImageDraw.Draw(drawn)
        for obj in stack[layer].objects:
            for primitive in obj.to_primitives(MM):
                _draw(draw, primitive, 255 if primitive.polarity_dark else 0, to_px, pixels_per_mm)
        image.paste(colour, mask=drawn)
    holes = Image.new("L", size, 0)
    for drill in stack.drill_layers:
        for obj in drill.objects:
            for primitive in obj.to_primitives(MM):
                _draw(ImageDraw.Draw(holes), primitive, 255, to_px, pixels_per_mm)
    image.paste(HOLE, mask=holes)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


def _bounds(stack: Any) -> tuple[float, float, float, float]:
    from gerbonara.utils import MM

    (x0, y0), (x1, y1) = stack["mechanical outline"].bounding_box(MM)
    return x0, y0, x1, y1


def _outline_points(layer: Any, unit: Any) -> list[Point]:
    """The board's outline as one polygon, its segments chained end to start."""
    segments = [(round(p.x1, 3), round(p.y1, 3), round(p.x2, 3), round(p.y2, 3))
                for obj in layer.objects for p in obj.to_primitives(unit) if hasattr(p, "x1")]
    if not segments:
        return []
    chain = [segments[0][:2], segments[0][2:]]
    left = segments[1:]
    while left:
        end = chain[-1]
        for i, (ax, ay, bx, by) in enumerate(left):
            if (ax, ay) == end or (bx, by) == end:
                chain.append((bx, by) if (ax, ay) == end else (ax, ay))
                left.pop(i)
                break
        else:
            break
    return chain


def _draw(draw: Any, primitive: Any, colour: int, to_px: Any, scale: float) -> None:
    name = type(primitive).__name__
    if name == "Circle":
        cx, cy = to_px(primitive.x, primitive.y)
        r = primitive.r * scale
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour)
    elif name == "Line":
        a, b = to_px(primitive.x1, primitive.y1), to_px(primitive.x2, primitive.y2)
        width = max(1, round(primitive.width * scale))
        draw.line([a, b], fill=colour, width=width)
        r = primitive.width * scale / 2
        for cx, cy in (a, b):
            draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour)
    elif name in ("Rectangle", "ArcPoly", "Arc"):
        poly = primitive if name == "ArcPoly" else primitive.to_arc_poly()
        points = _poly_points(poly)
        if len(points) > 2:
            draw.polygon([to_px(x, y) for x, y in points], fill=colour)


def _poly_points(poly: Any) -> list[Point]:
    approximate = poly.approximate_arcs() if any(poly.arc_centers) else poly
    return list(approximate.outline)
