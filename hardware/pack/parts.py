"""The sizes of a station cell's parts and of the board's sheets, read from ``hardware/parts.toml``.

Every drawing, solid, cut file and fit test takes its sizes from here, so a part changes in one place.

>>> parts = load_parts()
>>> parts.led.part, parts.switch.part, parts.sheets.top_hole
('WS2812D-F5', 'B3F-1000', 7.0)
"""

from __future__ import annotations

import dataclasses
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

PARTS_FILE = Path(__file__).resolve().parents[1] / "parts.toml"


@dataclass(frozen=True)
class Led:
    """The pixel: a 5 mm through-hole LED with its WS2812 driver inside."""

    maker: str
    part: str
    what: str
    datasheet: str
    cross_check: str
    body_diameter: float
    flange_diameter: float
    flange_height: float
    height: float
    size_tolerance: float
    leads: int
    lead_pitch: float
    lead_width: float
    lead_length: float
    bend_from_base: float

    @property
    def lead_offsets(self) -> list[float]:
        """Each lead's place along the row, from the LED's axis."""
        return [(i - (self.leads - 1) / 2) * self.lead_pitch for i in range(self.leads)]


@dataclass(frozen=True)
class Switch:
    """The station's tactile switch."""

    maker: str
    part: str
    what: str
    datasheet: str
    body: float
    body_tolerance: float
    height: float
    body_height: float
    plunger_diameter: float
    travel: float
    travel_max: float
    operating_force: float
    terminal_pitch_x: float
    terminal_pitch_y: float
    terminal_length: float
    terminal_width: float
    terminal_thickness: float


@dataclass(frozen=True)
class Cap:
    material: str
    button_diameter: float
    body_diameter: float
    roof: float
    pocket_clearance: float
    lift_gap: float


@dataclass(frozen=True)
class Pusher:
    material: str
    diameter: float
    flat: float
    lead_clearance: float


@dataclass(frozen=True)
class Carrier:
    material: str
    outer_diameter: float
    bore: float
    floor: float
    switch_clearance: float
    leg_hole: float
    corner_window: float


@dataclass(frozen=True)
class Sheets:
    print: float
    top: float
    top_hole: float
    base: float
    base_hole: float
    dowel: float
    dowel_inset: float
    material_top: str
    material_base: str


@dataclass(frozen=True)
class Fit:
    min_clearance: float
    hole_tolerance: float
    station_disc: float


@dataclass(frozen=True)
class Parts:
    led: Led
    switch: Switch
    cap: Cap
    pusher: Pusher
    carrier: Carrier
    sheets: Sheets
    fit: Fit


@dataclass(frozen=True)
class TileCap:
    """The tile build's one printed part a station: a translucent cap, resting on the switch's button."""

    material: str
    button_diameter: float
    flange_diameter: float
    flange: float
    lobe_radius: float
    stem_diameter: float
    stem: float


@dataclass(frozen=True)
class TileStack:
    """The sheets and fixings around the tiles."""

    spacer: float
    spacer_clearance: float
    min_web: float
    standoff: float
    screw_hole: float
    screw_keepout: float
    dowel: float
    material_spacer: str
    material_base: str


@dataclass(frozen=True)
class Tolerances:
    """How far each made or bought thing may be off (mm, +-), for the worst-case stacks."""

    sheet: float
    print: float
    switch_height: float
    solder: float
    print_z: float
    print_xy: float
    cut: float
    pcb_drill: float
    placement: float
    dowel_fit: float


@dataclass(frozen=True)
class Printing:
    """What an FDM printer makes well: no printed wall thinner than *walls* lines of its *nozzle*."""

    nozzle: float
    walls: int

    @property
    def min_wall(self) -> float:
        return self.nozzle * self.walls


@dataclass(frozen=True)
class TileParts:
    cap: TileCap
    stack: TileStack
    tolerances: Tolerances
    sheets: Sheets
    printing: Printing


T = TypeVar("T")


def _section(kind: type[T], table: dict[str, Any], name: str) -> T:
    """*table* as a *kind*: every field present, nothing unknown (a typo in the file is an error, not a default)."""
    fields = {f.name for f in dataclasses.fields(kind)}  # type: ignore[arg-type]
    if missing := fields - table.keys():
        raise ValueError(f"parts.toml [{name}]: missing {', '.join(sorted(missing))}")
    if unknown := table.keys() - fields:
        raise ValueError(f"parts.toml [{name}]: unknown {', '.join(sorted(unknown))}")
    return kind(**table)


@cache
def load_parts(path: Path = PARTS_FILE) -> Parts:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    sections = {"led": Led, "switch": Switch, "cap": Cap, "pusher": Pusher, "carrier": Carrier, "sheets": Sheets, "fit": Fit}
    return Parts(**{name: _section(kind, data.get(name, {}), name) for name, kind in sections.items()})


@cache
def load_tile_parts(path: Path = PARTS_FILE) -> TileParts:
    """The tile build's sizes: its cap, its stack, the tolerances (and the sheets it shares with the hand-wired build)."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    sections = {"cap": ("tile_cap", TileCap), "stack": ("tile_stack", TileStack), "tolerances": ("tolerances", Tolerances),
                "sheets": ("sheets", Sheets), "printing": ("printing", Printing)}
    return TileParts(**{field: _section(kind, data.get(name, {}), name) for field, (name, kind) in sections.items()})


def bom_name(key: str, parts: Parts | None = None) -> str:
    """The generic part number the BOM shows for a cell part (*key*: led, switch, prints, top, base).

    >>> bom_name("switch")
    'Omron B3F-1000 (tactile switch 6 x 6 mm, through-hole, 4.3 mm high, 0.98 N, normally open)'
    """
    parts = parts or load_parts()
    names = {"led": f"{parts.led.maker} {parts.led.part} ({parts.led.what})",
             "switch": f"{parts.switch.maker} {parts.switch.part} ({parts.switch.what})",
             "prints": f"cap: {parts.cap.material}; pusher: {parts.pusher.material}; carrier: {parts.carrier.material}",
             "top": parts.sheets.material_top, "base": parts.sheets.material_base}
    if key not in names:
        raise ValueError(f"bom.toml: cell_part {key!r} is not one of {', '.join(names)}")
    return names[key]
