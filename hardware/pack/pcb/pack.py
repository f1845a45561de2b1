"""The station tiles in the maker's pack: a folder per tile with what a fab needs, and the station map.

``write_tiles`` cuts the board into tiles, lays each out and routes it, has KiCad build, check and plot it, and writes
into ``tiles/`` of the pack: per tile its KiCad project, its DRC report, its Gerbers zipped, its BOM and placement
file (as ordered, and with the sensors for a board that sees the pieces), pictures of both sides and the parts the
maker solders; for the whole board the station map (which LED and which chain input is each station's: the design
fixes them, so the tile build needs no calibration) and the settings the console needs for it. A tile KiCad finds a
fault in (any DRC error, any pad not joined, any pad not where it was put) is refused, not written as if it were good.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hardware.pack import PackError
from hardware.pack.board import Placement, station_centres
from hardware.pack.pcb.board import TileBoard, route_layout
from hardware.pack.pcb.catalog import load_catalog
from hardware.pack.pcb.fab import Placement as FabPlacement
from hardware.pack.pcb.fab import bom_csv, cpl_csv, joints, part_cost
from hardware.pack.pcb.gerbers import off_station, read_gerbers, render, zip_gerbers
from hardware.pack.pcb.kicad import KicadResult, run_kicad
from hardware.pack.pcb.layout import TileLayout, lay_out_tile
from hardware.pack.pcb.schematic import tile_schematic
from hardware.pack.pcb.station import cell_rotations
from hardware.pack.pcb.tiling import cut_board
from hardware.station_map import StationMap, input_bit

STATION_TOLERANCE_MM = 0.05
"""How far the Gerbers may put a station's switch from its place in the station map."""
FOLDER = "tiles"

Progress = Callable[[str], None]


@dataclass(frozen=True)
class TileReport:
    """What was made of one tile, for the pack's README and the closing checks."""

    board: TileBoard
    kicad: KicadResult

    @property
    def number(self) -> int:
        return self.board.layout.tile.number


def lay_out_board(placement: Placement) -> list[TileLayout]:
    """Every tile of the board, laid out (not yet routed)."""
    centres = station_centres(placement)
    rotations = cell_rotations(centres)
    return [lay_out_tile(tile, centres, rotations) for tile in cut_board(centres)]


def station_map(layouts: Sequence[TileLayout]) -> StationMap:
    """Which pixel, which switch input and which sensor input each station has: the tiles' LEDs chained in tile order,
    their readers likewise (reader 0 of tile 1 is chip 0, the one next to the Pi)."""
    pixels: dict[int, int] = {}
    buttons: dict[int, int] = {}
    sensors: dict[int, int] = {}
    chip = 0
    for layout in layouts:
        circuit = layout.circuit
        for station in circuit.stations:
            pixels[station] = len(pixels)
            reader, button, sensor = circuit.inputs[station]
            buttons[station] = input_bit(chip + reader, button)
            sensors[station] = input_bit(chip + reader, sensor)
        chip += len(circuit.readers)
    return StationMap(pixels, buttons, sensors)


def chips(layouts: Sequence[TileLayout]) -> int:
    return sum(len(layout.circuit.readers) for layout in layouts)


def console_settings(layouts: Sequence[TileLayout]) -> str:
    """The settings a console on these tiles needs, for its config file."""
    led = load_catalog()["led"]
    stations = sum(len(layout.circuit.stations) for layout in layouts)
    return (f"# Settings for a console on station tiles: put them in /etc/scotland-yard/config.toml, and station-map.json\n"
            f"# at map_file, and it plays with no calibration.\nprofile = \"pi\"\n"
            f"map_file = \"/var/lib/scotland-yard/station-map.json\"\n\n[buttons]\nchips = {chips(layouts)}   "
            f"# {len(layouts)} tiles' readers: three stations each, a switch and a sensor input a station\n\n"
            f"[leds]\ncount = {stations}\nmilliamps_per_channel = {led.milliamps_per_channel:g}   # {led.mpn}: "
            f"{led.milliamps_per_channel:g} mA a channel at full value\n")


def check_tile(board: TileBoard, result: KicadResult, gerbers: Any, stations: Mapping[int, tuple[float, float]]) -> list[str]:
    """Every fault KiCad or its Gerbers (read: ``read_gerbers``) show in a tile (empty: it may be ordered)."""
    faults = [f"DRC: {count} x {kind}" for kind, count in sorted(result.errors.items())]
    if result.unconnected:
        faults.append(f"DRC: {result.unconnected} unconnected pads")
    faults += [f"KiCad put pad {m['pad']} at {m['kicad']}, not {m['expected']}" for m in result.misplaced]
    mine = {s: stations[s] for s in board.layout.circuit.stations}
    off = off_station(gerbers, mine, STATION_TOLERANCE_MM)
    faults += [f"station {s}'s switch is {d:.3f} mm from its place in the Gerbers" for s, d in sorted(off.items())]
    return faults


def write_tiles(folder: Path, placement: Placement, progress: Progress | None = None) -> tuple[list[Path], list[TileReport]]:
    """Write ``tiles/`` into the pack *folder*: the files written, and what KiCad found of each tile."""
    say = progress or (lambda _: None)
    root = folder / FOLDER
    root.mkdir(parents=True, exist_ok=True)
    say("cutting the board into tiles and laying them out")
    layouts = lay_out_board(placement)
    stations = station_centres(placement)
    written: list[Path] = []
    reports = []
    for layout in layouts:
        say(f"tile {layout.tile.number}: routing; KiCad builds, checks and plots it")
        files, report = write_tile(route_layout(layout), root, stations)
        written += files
        reports.append(report)
    written.append(_put(root / "station-map.json", station_map(layouts).to_json()))
    written.append(_put(root / "config-tiles.toml", console_settings(layouts)))
    return written, reports


def write_tile(board: TileBoard, root: Path, stations: Mapping[int, tuple[float, float]]) -> tuple[list[Path], TileReport]:
    """One routed tile into *root*/tile-N: KiCad's project and checks, the fab's files (refused if KiCad or the
    Gerbers show any fault)."""
    here = root / board.name
    if here.exists():
        shutil.rmtree(here)
    result = run_kicad(board.description(), here)
    gerbers = read_gerbers(here / "gerbers")
    faults = check_tile(board, result, gerbers, stations)
    if faults:
        raise PackError(f"{board.name}: " + "; ".join(faults[:5]))
    return _fab_files(board, gerbers, here), TileReport(board, result)


def _fab_files(board: TileBoard, gerbers: Any, here: Path) -> list[Path]:
    """Beside KiCad's project: the Gerbers zipped (the folder itself goes), the BOMs and CPLs, the pictures."""
    written = [zip_gerbers(here / "gerbers", here / f"{board.name}-gerbers.zip")]
    written += [_put(here / f"{board.name}-{side}.png", render(gerbers, side)) for side in ("top", "bottom")]
    written.append(_put(here / f"{board.name}-schematic.svg", tile_schematic(board.layout.circuit, board.layout.tile.number)))
    shutil.rmtree(here / "gerbers")
    placed = FabPlacement(board.layout.parts, board.layout.circuit.sensing)
    for suffix, with_sensors in (("", False), ("-sensing", True)):
        parts = placed.by_fab(with_sensors)
        written.append(_put(here / f"{board.name}-bom{suffix}.csv", bom_csv(parts)))
        written.append(_put(here / f"{board.name}-cpl{suffix}.csv", cpl_csv(parts)))
    written += [here / f"{board.name}.kicad_pcb", here / f"{board.name}.kicad_pro", here / f"{board.name}-drc.rpt"]
    (here / f"{board.name}.kicad_prl").unlink(missing_ok=True)  # KiCad's local view settings: nothing of the design
    return written


def _put(path: Path, data: str | bytes) -> Path:
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data, encoding="utf-8")
    return path


def tile_figures(report: TileReport) -> dict[str, object]:
    """A tile's size, parts and cost, for the pack's README."""
    board = report.board
    placed = FabPlacement(board.layout.parts, board.layout.circuit.sensing)
    fab_parts = placed.by_fab(False)
    width, height = board.layout.tile.size
    return {"tile": report.number, "stations": len(board.layout.circuit.stations), "readers": len(board.layout.circuit.readers),
            "size_mm": [round(width, 1), round(height, 1)], "area_cm2": round(board.layout.tile.outline.area / 100, 1),
            "fab_parts": len(fab_parts), "joints": joints(fab_parts), "parts_usd": round(part_cost(fab_parts), 2),
            "maker_parts": len(placed.by_maker()), "tracks": len(board.routing.tracks), "vias": len(board.routing.vias),
            "drc_errors": sum(report.kicad.errors.values()), "drc_warnings": sum(report.kicad.warnings.values()),
            "unconnected": report.kicad.unconnected}


def figures_json(reports: Sequence[TileReport]) -> str:
    return json.dumps([tile_figures(report) for report in reports], indent=1)
