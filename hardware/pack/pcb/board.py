"""A tile's board: its layout routed, and described for KiCad.

``design_tile`` lays a tile out and routes it; ``TileBoard.description`` is what ``kicad_script.py`` builds the
KiCad board from: the outline, every part with its pads (where each lands on the board, so KiCad's placement can be
checked), the tracks and vias, the two planes, the silkscreen's words.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from functools import cached_property
from typing import Any

from hardware.pack import PackError
from hardware.pack.pcb.catalog import load_catalog
from hardware.pack.pcb.circuit import PLANE_NETS
from hardware.pack.pcb.geometry import Placed, PlacedPad, Point, placed_pads
from hardware.pack.pcb.layout import TileLayout, lay_out_tile
from hardware.pack.pcb.router import Keepout, Routing, Rules, route_tile
from hardware.pack.pcb.tiling import Tile

PLANES = (("GND", "In1.Cu"), ("+5V", "In2.Cu"))
"""The inner layers: ground under the top layer, the LEDs' 5 V under it."""
HOLE_FOOTPRINTS = {"screw": "tiles:Standoff_M3", "dowel": "tiles:Dowel_3mm"}


@dataclass(frozen=True)
class TileBoard:
    layout: TileLayout
    routing: Routing
    rules: Rules

    @property
    def name(self) -> str:
        return f"tile-{self.layout.tile.number}"

    @cached_property
    def pin_nets(self) -> dict[tuple[str, str], str]:
        return {pin: net for net, pins in self.layout.circuit.netlist.nets.items() for pin in pins}

    def pads(self) -> list[tuple[PlacedPad, str | None]]:
        """Every pad on the tile with its net (None: a mechanical pad or a pin left unconnected)."""
        return [(pad, self.pin_nets.get((part.ref, pad.number)) if pad.number else None)
                for part in self.layout.parts for pad in placed_pads(part)]

    def description(self) -> dict[str, Any]:
        """The tile for ``kicad_script.py``."""
        catalog = load_catalog()
        parts = [self._part(part, catalog) for part in self.layout.parts]
        for number, hole in enumerate(self.layout.holes, 1):
            parts.append({"ref": f"H{number}", "footprint": HOLE_FOOTPRINTS[hole.kind], "value": hole.kind, "x": hole.x, "y": hole.y,
                          "rotation": 0, "bottom": False, "through_hole": True, "populated": True, "body": None,
                          "courtyard": [-hole.keepout, -hole.keepout, hole.keepout, hole.keepout],
                          "pads": [{"number": "", "x": 0.0, "y": 0.0, "width": hole.diameter, "height": hole.diameter,
                                    "shape": "circle", "drill": hole.diameter, "net": None, "board_x": hole.x, "board_y": hole.y}]})
        nets = sorted(set(self.pin_nets.values()))
        outline = [[round(x, 4), round(y, 4)] for x, y in list(self.layout.tile.outline.exterior.coords)[:-1]]
        texts = [{"layer": "B.SilkS" if label.bottom else "F.SilkS", "at": [label.x, label.y], "size": label.size,
                  "thickness": 0.15 * label.size, "text": label.text} for label in self.layout.labels]
        return {"name": self.name, "rules": asdict(self.rules), "nets": nets, "outline": outline, "parts": parts,
                "tracks": [{"net": t.net, "layer": t.layer, "start": list(t.start), "end": list(t.end), "width": t.width}
                           for t in self.routing.tracks],
                "vias": [asdict(v) for v in self.routing.vias],
                "planes": [{"net": net, "layer": layer} for net, layer in PLANES], "texts": texts}

    def _part(self, part: Placed, catalog: Any) -> dict[str, Any]:
        kind = catalog[part.key]
        placed = placed_pads(part, catalog)
        w, length, _ = kind.body
        return {"ref": part.ref, "footprint": kind.footprint, "value": kind.value, "x": part.x, "y": part.y,
                "rotation": part.rotation, "bottom": part.bottom, "through_hole": kind.through_hole,
                "populated": self.layout.circuit.populated(part.ref) and kind.populated, "courtyard": list(kind.courtyard),
                "body": [-w / 2, -length / 2, w / 2, length / 2] if kind.placed_by == "fab" else None,
                "pads": [{"number": pad.number, "x": pad.x, "y": pad.y, "width": pad.width, "height": pad.height, "shape": pad.shape,
                          "drill": pad.drill, "net": self.pin_nets.get((part.ref, pad.number)) if pad.number else None,
                          "board_x": at.x, "board_y": at.y} for pad, at in zip(kind.pads, placed)]}


def design_tile(tile: Tile, centres: Mapping[int, Point], rotations: Mapping[int, int], rules: Rules | None = None) -> TileBoard:
    """Lay *tile* out and route it; refused (``PackError``) if any net is left unjoined."""
    return route_layout(lay_out_tile(tile, centres, rotations), rules)


def route_layout(layout: TileLayout, rules: Rules | None = None) -> TileBoard:
    """Route a laid-out tile; refused (``PackError``) if any net is left unjoined."""
    rules = rules or Rules()
    tile = layout.tile
    board = TileBoard(layout, Routing(), rules)
    keepouts = [Keepout(hole.x, hole.y, hole.keepout) for hole in layout.holes]
    routing = route_tile(tile.outline, keepouts, board.pads(), (net for net, _ in PLANES), rules)
    if routing.failed:
        raise PackError(f"tile {tile.number}: the router could not join {', '.join(routing.failed[:5])}"
                        + (f" and {len(routing.failed) - 5} more" if len(routing.failed) > 5 else ""))
    return TileBoard(layout, routing, rules)


assert set(PLANE_NETS) == {net for net, _ in PLANES}
