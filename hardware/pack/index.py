"""The pack's own README: what each file in it is, and for which build.

``pack_readme`` lists every file ``build-pack`` wrote, grouped by the build it serves (the station tiles, the
recommended one; the hand-wired build; both), each with a line saying what it is. A file the pack wrote that no line
here describes is an error: a test writes the pack and looks for it.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

DESCRIPTIONS: tuple[tuple[str, str, str], ...] = (
    # (build, file name pattern, what it is)
    ("tiles", "tiles/tile-*/tile-*-gerbers.zip", "the tile's Gerbers and drill files: upload this zip to the fab"),
    ("tiles", "tiles/tile-*/tile-*-bom.csv", "the fab's bill of materials (LCSC codes): the parts the fab places"),
    ("tiles", "tiles/tile-*/tile-*-cpl.csv", "the placement file: where the fab places each part, and turned how"),
    ("tiles", "tiles/tile-*/tile-*-bom-sensing.csv", "the same BOM with the hall sensors: for a board that sees the pieces"),
    ("tiles", "tiles/tile-*/tile-*-cpl-sensing.csv", "the same placement file with the hall sensors (placed on the underside)"),
    ("tiles", "tiles/tile-*/tile-*.kicad_pcb", "the tile's board in KiCad (6 or later): open it to look, or to change it"),
    ("tiles", "tiles/tile-*/tile-*.kicad_pro", "the KiCad project: the design rules the board was checked against"),
    ("tiles", "tiles/tile-*/tile-*-drc.rpt", "KiCad's design rule check of the tile: 0 violations, 0 unconnected pads"),
    ("tiles", "tiles/tile-*/tile-*-schematic.svg", "the tile's schematic: each kind of block once, every pin with its net"),
    ("tiles", "tiles/tile-*/tile-*-top.png", "a picture of the tile's top, drawn from its Gerbers"),
    ("tiles", "tiles/tile-*/tile-*-bottom.png", "a picture of the tile's underside (seen from below), drawn from its Gerbers"),
    ("tiles", "bom-tiles.csv", "the tile build's bill of materials: the tiles, what goes around them, the parts both builds share"),
    ("tiles", "bom-tiles.md", "the same bill of materials as a table"),
    ("tiles", "tiles/station-map.json", "which LED and which chain inputs are each station's: copy it to the console (no calibration)"),
    ("tiles", "tiles/config-tiles.toml", "the console's settings for the tile build: add them to its config file"),
    ("tiles", "tile-cell-cross-section.svg", "the tile build's station in cross-section, to scale, with its sizes"),
    ("tiles", "tile-cap.stl", "the tile build's one printed part a station: the cap (translucent PETG)"),
    ("tiles", "cut-tile-top-sheet.*", "the top sheet for the tiles: a hole per station, the tiles' dowel holes"),
    ("tiles", "cut-tile-spacer-*.*", "the spacer over one tile: the caps' keyholes and room for its parts (laser cut)"),
    ("tiles", "cut-tile-base.*", "the base under the tiles: the standoffs' holes"),
    ("hand-wired", "cell-cross-section.svg", "the hand-wired station cell in cross-section, to scale, with its sizes"),
    ("hand-wired", "cell-*.stl", "a printed part of the hand-wired cell"),
    ("hand-wired", "cut-top-sheet.*", "the hand-wired build's top sheet: a hole per station (laser cut)"),
    ("hand-wired", "cut-base.*", "the hand-wired build's base: a hole per station for the carriers (laser cut)"),
    ("hand-wired", "bom-hand-wired.csv", "the hand-wired build's bill of materials, with the parts both builds share"),
    ("hand-wired", "bom-hand-wired.md", "the same bill of materials as a table"),
    ("hand-wired", "button-module-stripboard.svg", "the button module's stripboard: cuts, links and parts, hole by hole"),
    ("hand-wired", "underside-plan.svg", "where the LED chain and the button modules run under the board, and in what order"),
    ("hand-wired", "station-map-hand-wired.json", "the map of a board wired as underside-plan.svg says: check it with hw-test --walk"),
    ("hand-wired", "button-chain.svg", "schematic: the Pi and the chain of button modules"),
    ("hand-wired", "button-module.svg", "schematic: one button module, a 74HC165 and its seven stations"),
    ("hand-wired", "led-power.svg", "schematic: the LED strip's supply, fuses, level shifter and power injection"),
    ("both", "control-keys.svg", "schematic: the seven control keys and the power button"),
    ("both", "screen.svg", "schematic: the display"),
    ("both", "handheld.svg", "schematic: Mister X's handheld (a Pico, its screen and buttons)"),
    ("both", "board-template.*", "the drill template of the station holes, true scale (PDF: tiled onto pages to tape together)"),
    ("both", "control-panel.*", "the control panel's template: its seven keys"),
    ("both", "printed-board.pdf", "the board to print, true scale, on one large page"),
    ("both", "printed-board-tiles.pdf", "the same board on pages to tape together"),
    ("both", "fit-report.txt", "how the pack was fitted to the stations you measured"),
)
BUILDS = {"tiles": "The station tiles (recommended: order them assembled)", "hand-wired": "The hand-wired build",
          "both": "Both builds"}


def describe(name: str) -> tuple[str, str] | None:
    """The build and the description of the pack's file *name* (its path inside the pack), or None."""
    for build, pattern, words in DESCRIPTIONS:
        if fnmatch.fnmatch(name, pattern):
            return build, words
    return None


def pack_readme(folder: Path, written: Sequence[Path], options: Any, figures: Sequence[Mapping[str, Any]] | None) -> str:
    """The pack's README.md: its files by build, and the tiles' figures."""
    names = sorted({str(path.relative_to(folder)) for path in written})
    width, height = options.board_mm
    lines = ["# The maker's pack", "",
             f"Written by `scotland-yard build-pack` for a {width:g} x {height:g} mm board"
             + (f", fitted to {len(options.measured)} measured stations (fit-report.txt)" if options.measured else "") + ".",
             "How to build with it: hardware/TILES.md (the station tiles) and hardware/WIRING.md (the hand-wired build), in the "
             "console's source.", ""]
    if figures:
        lines += ["## The tiles", "", "| tile | stations | readers | size (mm) | parts the fab places | solder joints | "
                  "parts (USD) | DRC errors | unconnected |", "|---:|---:|---:|---|---:|---:|---:|---:|---:|"]
        lines += [f"| {f['tile']} | {f['stations']} | {f['readers']} | {f['size_mm'][0]:g} x {f['size_mm'][1]:g} | {f['fab_parts']} | "
                  f"{f['joints']} | {f['parts_usd']:.2f} | {f['drc_errors']} | {f['unconnected']} |" for f in figures]
        lines.append("")
    for build, title in BUILDS.items():
        mine = [(name, describe(name)) for name in names]
        rows = [f"- `{name}`: {found[1]}" for name, found in mine if found and found[0] == build]
        if rows:
            lines += [f"## {title}", "", *rows, ""]
    unknown = [name for name in names if describe(name) is None]
    if unknown:
        raise ValueError(f"the pack's README has no line for {', '.join(unknown)}")
    return "\n".join(lines)
