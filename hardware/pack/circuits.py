"""The reference build's circuits as data: the button module's netlist, and the parts of every schematic sheet.

One netlist, ``BUTTON_MODULE``, describes the 8-input button module: its parts with
their pins and the nets that join them. The schematic (``hardware.pack.schematics``) and the
stripboard layout (``hardware.pack.stripboard``) are both drawn from it, and the tests check
each against it. Every part names its row in ``hardware/bom.toml`` (``bom``), and so do
the parts of the other sheets (``SHEET_PARTS``), so a test can prove that every part
drawn is also ordered.

A netlist in plain data rather than in a netlist library: the module has six parts,
and the checks it serves (every pin in exactly one net, the layout's copper against the
nets) need only its pins and nets; a library such as SKiDL would bring its own part
libraries and a plotting stack into the maker's pack for nothing those checks use.

>>> BUTTON_MODULE.net_of("U1", "9")
'QH'
>>> sorted(BUTTON_MODULE.nets["SH/LD"])
[('J1', '4'), ('J2', '4'), ('U1', '1')]
>>> [name for _, name in RIBBON]
['3V3', 'QH', 'GND', 'SH/LD', 'GND', 'CLK']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from hardware.station_map import SENTINEL_INPUT, STATION_INPUTS

PinRef = tuple[str, str]
"""A part's reference and one of its pin numbers: ("U1", "9")."""


@dataclass(frozen=True)
class Part:
    """A part on a sheet: its reference, its row in the BOM, its value, and its pins (number -> name)."""

    ref: str
    bom: str
    value: str
    pins: Mapping[str, str] = field(default_factory=dict)
    on_board: bool = True
    """False: wired to the board (a station button under the map), not soldered on it."""


@dataclass(frozen=True)
class Netlist:
    """Parts and the nets that join their pins; a pin left out on purpose is in ``unconnected``."""

    name: str
    parts: tuple[Part, ...]
    nets: Mapping[str, frozenset[PinRef]]
    unconnected: frozenset[PinRef] = frozenset()

    def __post_init__(self) -> None:
        """Every pin of every part in exactly one net or left unconnected, and every net's pins real."""
        pins = {(part.ref, number) for part in self.parts for number in part.pins}
        seen: dict[PinRef, str] = {}
        for net, members in self.nets.items():
            for pin in members:
                if pin not in pins:
                    raise ValueError(f"{self.name}: net {net} names {pin[0]} pin {pin[1]}, which no part has")
                if pin in seen:
                    raise ValueError(f"{self.name}: {pin[0]} pin {pin[1]} is in nets {seen[pin]} and {net}")
                seen[pin] = net
        loose = sorted(pins - set(seen) - self.unconnected)
        if loose:
            raise ValueError(f"{self.name}: pins in no net: {loose}")

    def part(self, ref: str) -> Part:
        return next(part for part in self.parts if part.ref == ref)

    def net_of(self, ref: str, number: str) -> str | None:
        """The net of pin *number* of *ref* (None: unconnected)."""
        return next((net for net, members in self.nets.items() if (ref, number) in members), None)


HC165_PINS = {"1": "SH/LD", "2": "CLK", "3": "E", "4": "F", "5": "G", "6": "H", "7": "/QH", "8": "GND",
              "9": "QH", "10": "SER", "11": "A", "12": "B", "13": "C", "14": "D", "15": "CLK INH", "16": "VCC"}
"""The 74HC165's pins (DIP-16). Pin 7 is QH inverted, not the serial output: left unconnected."""

RIBBON: tuple[tuple[str, str], ...] = (("1", "3V3"), ("2", "QH"), ("3", "GND"), ("4", "SH/LD"), ("5", "GND"), ("6", "CLK"))
"""The 6-way ribbon between modules, pin 1 first: CLK at the edge beside a ground, two wires away from the data line.
On J1 pin 2 is this chip's QH (toward the Pi); on J2 it is this chip's SER (from the next module)."""

PULL_UP_OF = {"2": "D", "3": "C", "4": "B", "5": "A", "6": "SER", "7": "E", "8": "F", "9": "G"}
"""RN1 (a 9-pin bussed network, common pin 1) pin -> the input it pulls up: the seven station inputs and SER
(in the order the strips beside U1's right-hand pins meet it on the stripboard)."""


def _button_module() -> Netlist:
    pin_of = {name: number for number, name in HC165_PINS.items()}
    header = dict(RIBBON)
    buttons = [Part(f"S{i + 1}", "station-button", f"station {name}", {"1": name, "2": "GND"}, on_board=False)
               for i, name in enumerate(sorted(STATION_INPUTS))]
    parts = (
        Part("U1", "hc165", "74HC165", HC165_PINS),
        Part("RN1", "rnet", "8 x 10k bussed", {"1": "common", **{n: f"R{int(n) - 1}" for n in PULL_UP_OF}}),
        Part("C1", "c-decouple", "100n", {"1": "1", "2": "2"}),
        Part("J1", "box-header", "to the Pi (or the previous module's J2)", header),
        Part("J2", "box-header", "to the next module's J1", {**header, "2": "SER"}),
        *buttons,
    )
    nets: dict[str, set[PinRef]] = {
        "3V3": {("U1", pin_of["VCC"]), ("RN1", "1"), ("C1", "1"), ("J1", "1"), ("J2", "1")},
        "GND": {("U1", pin_of["GND"]), ("U1", pin_of["CLK INH"]), ("U1", pin_of[SENTINEL_INPUT]), ("C1", "2"),
                ("J1", "3"), ("J1", "5"), ("J2", "3"), ("J2", "5")} | {(button.ref, "2") for button in buttons},
        "SH/LD": {("U1", pin_of["SH/LD"]), ("J1", "4"), ("J2", "4")},
        "CLK": {("U1", pin_of["CLK"]), ("J1", "6"), ("J2", "6")},
        "QH": {("U1", pin_of["QH"]), ("J1", "2")},
        "SER": {("U1", pin_of["SER"]), ("J2", "2")},
    }
    for number, name in PULL_UP_OF.items():
        nets.setdefault(name, set()).add(("RN1", number))
        if name != "SER":
            nets[name] |= {("U1", pin_of[name]), *((b.ref, "1") for b in buttons if b.pins["1"] == name)}
    return Netlist("button module", parts, MappingProxyType({net: frozenset(pins) for net, pins in nets.items()}),
                   frozenset({("U1", pin_of["/QH"])}))


BUTTON_MODULE = _button_module()
"""One 74HC165 module: seven station buttons on A to G, H the sentinel, pull-ups, decoupling, J1 and J2."""


SHEET_PARTS: dict[str, tuple[Part, ...]] = {
    "button-chain": (
        Part("PI", "pi", "Raspberry Pi"),
        Part("M0", "stripboard", "button modules, one per 74HC165"),
        Part("W1", "ribbon", "6-way ribbon, one length per module"),
        Part("P1", "idc-socket", "2x3 IDC sockets, two per ribbon"),
        Part("W2", "dupont", "Pi header to the first module's J1"),
    ),
    "button-module": BUTTON_MODULE.parts,
    "led-power": (
        Part("PSU", "led-supply", "5 V 10 A"),
        Part("F1", "fuse-main", "5 A T"),
        Part("F2", "fuse-branch", "2 A T, one per injection branch"),
        Part("XF", "fuse-holder", "5x20 mm PCB fuse holders"),
        Part("C1", "c-bulk", "1000u 10 V"),
        Part("C2", "c-decouple", "100n"),
        Part("U1", "level-shifter", "74AHCT125"),
        Part("R1", "r-data", "330"),
        Part("R2", "r-pulldown", "10k"),
        Part("D", "pixel", "WS2812B"),
        Part("X1", "jst-3pin", "strip connector pairs"),
        Part("X2", "screw-terminal", "supply and bus terminals"),
        Part("W3", "wire-bus", "1.5 mm2 bus"),
        Part("W4", "wire-inject", "0.75 mm2 taps"),
        Part("W5", "wire-pixel", "0.25 mm2 between pixels"),
    ),
    "control-keys": (
        Part("PI", "pi", "Raspberry Pi"),
        Part("K1", "control-button", "control keys"),
        Part("K8", "power-button", "power button"),
    ),
    "screen": (
        Part("PI", "pi", "Raspberry Pi"),
        Part("LCD", "display", "800x480"),
    ),
    "handheld": (
        Part("U1", "pico", "Raspberry Pi Pico"),
        Part("OLED", "oled", "128x64 I2C"),
        Part("S1", "handheld-button", "six buttons"),
        Part("Q1", "npn", "BC337-40"),
        Part("R3", "r-base", "2k2"),
        Part("D1", "diode", "1N4148"),
        Part("M1", "motor", "vibration motor"),
        Part("BZ1", "buzzer", "active buzzer"),
        Part("J1", "usb-cable", "micro-USB data cable"),
    ),
}
"""Every schematic sheet's parts, each with its BOM row (the handheld's Q1 and R3 stand for both of their kind)."""
