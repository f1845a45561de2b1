"""A station tile's circuit as data: one netlist drives its board, its fab BOM, its placement file and its drawing.

A tile carries, for each of its stations, a cell: the station's LED (``D``), its decoupling capacitor (``C``), its
switch (``SW``) with its 10 kohm pull-up (``RB``), the pull-up of its sensor's line (``RS``) and, left empty unless the
board is to see the pieces, a hall-effect sensor (``U``) with its own capacitor (``CS``); the sensor sits under the
switch, on the tile's underside. Readers, one 74HC165 each (``U201``, ``U202``, ... with a capacitor and the
pull-ups of their unused inputs and of SER), read three stations each: a station's switch on one input and its sensor
on the next (A and B, C and D, E and F), G spare and H the chip's sentinel, tied to ground, as in the hand-wired build
(``hardware.drivers.station_buttons``). The glue (``U901``-``U903``, ``J1``-``J3``): the link in
(``J1``) from the Pi or the previous tile, the link out (``J2``) to the next one, the 5 V input (``J3``), a buffer
that brings the LEDs' data to 5 V, a Schmitt buffer that re-drives the chain's clock and load for this tile and the
next, and a 3.3 V regulator for the chain.

The chain runs the same way as the LEDs' data: the Pi's clock and load come in on ``J1`` and go on out of ``J2``; the
chips' data goes back: reader 0's QH leaves on ``J1`` (towards the Pi), and the last reader's SER comes in on ``J2``
(from the next tile's reader 0). So the tiles' readers make one chain, read as the hand-wired build's is.

>>> tile = tile_circuit([5, 7, 9, 11], [(5, 7, 9), (11,)])
>>> tile.netlist.net_of("D7", "3"), tile.netlist.net_of("SW9", "1"), tile.inputs[9]
('DATA1', 'BTN9', (0, 'E', 'F'))
>>> sorted(tile.sensing)[:3]
['CS11', 'CS5', 'CS7']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from hardware.pack.circuits import Netlist, Part, PinRef
from hardware.pack.pcb.catalog import Catalog, load_catalog
from hardware.station_map import SENTINEL_INPUT

INPUT_PAIRS = (("A", "B"), ("C", "D"), ("E", "F"))
"""A reader's inputs for its first, second and third station: the switch, then the sensor."""
SPARE_INPUT = "G"
STATIONS_PER_READER = len(INPUT_PAIRS)

LINK_PINS: tuple[tuple[str, str, str], ...] = (
    ("1", "GND", "GND"), ("2", "DATA_IN", "DATA_OUT"), ("3", "GND", "GND"), ("4", "CLK_IN", "CLK"), ("5", "GND", "GND"),
    ("6", "LOAD_IN", "LOAD"), ("7", "GND", "GND"), ("8", "CHAIN0", "SER_IN"), ("9", "GND", "GND"), ("10", "GND", "GND"))
"""The 2 x 5 link between tiles, pin by pin: its net on J1 (in) and on J2 (out). A straight 10-way ribbon joins one
tile's J2 to the next one's J1: every signal runs between two grounds. Pin 2 carries the LEDs' data, 4 the chain's
clock, 6 its load (SH/LD) and 8 the chain's data towards the Pi."""

GLUE = {"data": "U901", "clock": "U902", "regulator": "U903"}


@dataclass(frozen=True)
class TileCircuit:
    """The tile's netlist, the refs left empty by default (the sensing parts), and where each station is read."""

    netlist: Netlist
    stations: tuple[int, ...]
    """In the LEDs' chain order: the tile's first LED is its first station's."""
    readers: tuple[tuple[int, ...], ...]
    inputs: Mapping[int, tuple[int, str, str]]
    """Station -> (its reader on this tile, the switch's input, the sensor's input)."""
    sensing: frozenset[str]
    """The parts the board needs only to see the pieces: not placed unless asked for."""

    def populated(self, ref: str) -> bool:
        return ref not in self.sensing


def reader_ref(index: int) -> str:
    return f"U{201 + index}"


def pull_up_ref(reader: int, pin: str) -> str:
    """The pull-up of input *pin* (or SER) of reader *reader*: R2rrN, N the input's place in A..G, SER."""
    return f"R{2000 + 10 * (reader + 1) + 'ABCDEFGS'.index(pin[0])}"


def tile_circuit(stations: Sequence[int], readers: Sequence[Sequence[int]], catalog: Catalog | None = None) -> TileCircuit:
    """The circuit of a tile whose LEDs chain *stations* in order, read by *readers* (each up to three stations, in
    input-pair order; reader 0 is the one next to ``J1``)."""
    catalog = catalog or load_catalog()
    if sorted(s for reader in readers for s in reader) != sorted(stations) or any(
            not 0 < len(r) <= STATIONS_PER_READER for r in readers):
        raise ValueError("every station is read by exactly one reader of one to three stations")
    parts: list[Part] = []
    nets: dict[str, set[PinRef]] = {}
    loose: set[PinRef] = set()

    def add(ref: str, key: str, connections: Mapping[str, str | None]) -> None:
        """Part *ref* (catalog *key*), its pins (by datasheet name) on the nets named (None: left unconnected)."""
        part = catalog[key]
        parts.append(Part(ref, key, part.value, dict(part.pins)))
        for name, net in connections.items():
            pin = (ref, part.pin_number(name))
            if net is None:
                loose.add(pin)
            else:
                nets.setdefault(net, set()).add(pin)

    inputs: dict[int, tuple[int, str, str]] = {}
    for index, station in enumerate(stations):
        add(f"D{station}", "led", {"DIN": f"DATA{index}", "DOUT": f"DATA{index + 1}" if index + 1 < len(stations) else "DATA_OUT",
                                   "VDD": "+5V", "GND": "GND"})
        add(f"C{station}", "c-decouple", {"1": "+5V", "2": "GND"})
        add(f"SW{station}", "switch", {"A": f"BTN{station}", "B": "GND"})
        add(f"U{station}", "hall", {"VCC": "+3V3", "OUT": f"SENSE{station}", "GND": "GND"})
        add(f"CS{station}", "c-decouple", {"1": "+3V3", "2": "GND"})
        add(f"RB{station}", "r-pullup", {"1": f"BTN{station}", "2": "+3V3"})
        add(f"RS{station}", "r-pullup", {"1": f"SENSE{station}", "2": "+3V3"})
    for r, reader in enumerate(readers):
        ref = reader_ref(r)
        serial_in = f"CHAIN{r + 1}" if r + 1 < len(readers) else "SER_IN"
        pins = {"SH/LD": "LOAD", "CLK": "CLK", "CLK INH": "GND", SENTINEL_INPUT: "GND", "GND": "GND", "VCC": "+3V3",
                "QH": f"CHAIN{r}", "SER": serial_in, "/QH": None, SPARE_INPUT: f"SPARE{r}"}
        for station, (button, sensor) in zip(reader, INPUT_PAIRS):
            pins |= {button: f"BTN{station}", sensor: f"SENSE{station}"}
            inputs[station] = (r, button, sensor)
        for (button, sensor) in INPUT_PAIRS[len(reader):]:
            pins |= {button: f"SPARE{r}{button}", sensor: f"SPARE{r}{sensor}"}
        add(ref, "hc165", pins)
        add(f"C{201 + r}", "c-decouple", {"1": "+3V3", "2": "GND"})
        spares = [name for name in ("A", "B", "C", "D", "E", "F", SPARE_INPUT) if str(pins[name]).startswith("SPARE")]
        for name in [*spares, "SER"]:
            add(pull_up_ref(r, name), "r-pullup", {"1": pins[name], "2": "+3V3"})
    add("J1", "link", {number: net for number, net, _ in LINK_PINS})
    add("J2", "link", {number: net for number, _, net in LINK_PINS})
    add("J3", "power-in", {"1": "+5V", "2": "GND"})
    add(GLUE["data"], "data-buffer", {"OE": "GND", "A": "DATA_IN", "GND": "GND", "Y": "DATA0", "VCC": "+5V"})
    add("C901", "c-decouple", {"1": "+5V", "2": "GND"})
    add("R901", "r-pullup", {"1": "DATA_IN", "2": "GND"})  # holds the data low while the Pi starts
    add(GLUE["clock"], "clock-buffer", {"1A": "CLK_IN", "2A": "LOAD_IN", "1Y": "CLK", "2Y": "LOAD", "VCC": "+3V3", "GND": "GND"})
    add("C902", "c-decouple", {"1": "+3V3", "2": "GND"})
    add("R902", "r-pullup", {"1": "CLK_IN", "2": "+3V3"})  # a tile on its own, with no Pi: idle clock and load
    add("R903", "r-pullup", {"1": "LOAD_IN", "2": "+3V3"})
    add(GLUE["regulator"], "regulator", {"VIN": "+5V", "VOUT": "+3V3", "VSS": "GND"})
    add("C903", "c-bulk", {"1": "+5V", "2": "GND"})
    add("C904", "c-bulk", {"1": "+3V3", "2": "GND"})
    add("C905", "c-bulk", {"1": "+5V", "2": "GND"})
    add("C906", "c-bulk", {"1": "+5V", "2": "GND"})
    netlist = Netlist("station tile", tuple(parts), MappingProxyType({net: frozenset(pins) for net, pins in nets.items()}),
                      frozenset(loose))
    sensing = frozenset(ref for station in stations for ref in (f"U{station}", f"CS{station}"))
    return TileCircuit(netlist, tuple(stations), tuple(tuple(r) for r in readers), MappingProxyType(inputs), sensing)


PLANE_NETS = ("GND", "+5V")
"""The nets the tile's inner layers carry as planes: every pad on them is joined by a via of its own."""
