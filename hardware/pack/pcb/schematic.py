# mypy: disallow-untyped-calls=False
# (schemdraw's element constructors are partly untyped)
"""A tile's schematic, drawn from its netlist: every kind of block once, each pin labelled with its net.

The circuit repeats: a cell per station and a reader per three stations, then the tile's own glue. The sheet draws
the first station's cell, the first reader and the glue, each part as its symbol (a box with its pins for the chips
and connectors, the usual symbols for resistors, capacitors and the switch) with the net of every pin written at its
end: the same netlist the board and the BOM come from, so a label on the sheet is a trace on the board.

>>> from hardware.pack.pcb.circuit import tile_circuit
>>> svg = tile_schematic(tile_circuit([5, 7, 9, 11], [(5, 7, 9), (11,)]), 1)
>>> "BTN5" in svg and "DATA_IN" in svg and "U201" in svg
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hardware.pack.circuits import Part
from hardware.pack.pcb.circuit import GLUE, TileCircuit, reader_ref

if TYPE_CHECKING:
    import schemdraw

COLUMN = 17.0
"""Between the sheet's columns (schemdraw units)."""


def _net(circuit: TileCircuit, ref: str, number: str) -> str:
    return circuit.netlist.net_of(ref, number) or "(not connected)"


def _block(circuit: TileCircuit, refs: Sequence[str]) -> list[Part]:
    by_ref = {part.ref: part for part in circuit.netlist.parts}
    return [by_ref[ref] for ref in refs if ref in by_ref]


def _draw_part(d: schemdraw.Drawing, circuit: TileCircuit, part: Part, at: tuple[float, float]) -> float:
    """Draw *part* with its top left at *at*; how tall it came out."""
    import schemdraw.elements as elm

    x, y = at
    label = f"{part.ref} {part.value}" + ("" if circuit.populated(part.ref) else " (not fitted unless sensing)")
    if len(part.pins) == 2 and not part.ref.startswith("J"):
        a, b = sorted(part.pins)
        symbol = elm.Button if part.bom == "switch" else elm.Capacitor if part.ref.startswith("C") else elm.Resistor
        d += elm.Label().at((x, y - 0.2)).label(label, halign="left", fontsize=9)
        element = symbol().at((x + 3.2, y - 1.2)).right().length(3.0)
        d += element
        d += elm.Label().at((x + 3.0, y - 1.2)).label(f"{a}: {_net(circuit, part.ref, a)}", halign="right", fontsize=9)
        d += elm.Label().at((x + 6.4, y - 1.2)).label(f"{b}: {_net(circuit, part.ref, b)}", halign="left", fontsize=9)
        return 2.2
    numbers = sorted(part.pins, key=int)
    half = (len(numbers) + 1) // 2
    left, right = numbers[:half], numbers[half:]
    rows = max(len(left), len(right))
    # as a chip's pins run: down its left side from pin 1, up its right side (a slot counts from the bottom)
    pins = [elm.IcPin(name=part.pins[n], pin=n, side="left", slot=f"{rows - i}/{rows}", anchorname=f"p{n}") for i, n in enumerate(left)]
    pins += [elm.IcPin(name=part.pins[n], pin=n, side="right", slot=f"{i + 1}/{rows}", anchorname=f"p{n}") for i, n in enumerate(right)]
    height = 0.8 * rows + 0.4
    ic = elm.Ic(pins=pins, size=(3.6, height), pinspacing=0.8, edgepadH=0.2, plblsize=9)
    d += ic.at((x + 4.2, y - 0.6 - height))  # a box is placed by its lower left corner: its top under the label
    d += elm.Label().at((x, y - 0.2)).label(label, halign="left", fontsize=9)
    for n in numbers:
        end = ic.absanchors[f"p{n}"]
        side_left = n in left
        d += elm.Label().at((end[0] - 0.2, end[1]) if side_left else (end[0] + 0.2, end[1])).label(
            _net(circuit, part.ref, n), halign="right" if side_left else "left", fontsize=9)
    return height + 1.2


def tile_schematic(circuit: TileCircuit, number: int) -> str:
    """The schematic of tile *number* (its circuit *circuit*) as an SVG."""
    import schemdraw
    import schemdraw.elements as elm

    schemdraw.use("svg")
    d = schemdraw.Drawing(show=False, transparent=False)
    d.config(fontsize=10, unit=2, lw=1.2, font="sans-serif", margin=1.0)
    station = circuit.stations[0]
    cell = _block(circuit, [f"{p}{station}" for p in ("D", "C", "SW", "RB", "RS", "U", "CS")])
    reader = _block(circuit, [reader_ref(0), "C201", *sorted(p.ref for p in circuit.netlist.parts if p.ref.startswith("R20"))[:3]])
    glue = _block(circuit, ["J1", "J2", "J3", GLUE["data"], "C901", "R901", GLUE["clock"], "C902", "R902", "R903", GLUE["regulator"],
                            "C903", "C904", "C905", "C906"])
    titles = (f"A station's cell (station {station}: one of {len(circuit.stations)} on this tile)",
              f"A reader (reader 1: one of {len(circuit.readers)}, three stations each)",
              "The tile's links, buffers and 3.3 V")
    for column, (title, parts) in enumerate(zip(titles, (cell, reader, glue))):
        x, y = column * COLUMN, 0.0
        d += elm.Label().at((x, y + 1.2)).label(title, halign="left", fontsize=11)
        for part in parts:
            y -= _draw_part(d, circuit, part, (x, y)) + 0.6
    box = d.get_bbox()
    d += elm.Label().at((box.xmin, box.ymax + 1.2)).label(
        f"Scotland Yard station tile {number}: every kind of block once, each pin labelled with its net", fontsize=14, halign="left")
    out = d.get_imagedata("svg")
    return out.decode("utf-8") if isinstance(out, bytes) else str(out)

