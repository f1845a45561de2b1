# mypy: disallow-untyped-calls=False
# (schemdraw's element constructors are partly untyped)
"""Schematics of the reference build, drawn with schemdraw as SVG files.

``write_schematics(folder)`` draws one SVG per part of the build: the button
chain (the Pi and the chain of modules), one button module, the LED power and
data line, the control keys, the screen and the handheld. The Pi's pins come
from the defaults in ``hardware/config.py`` and the handheld's from the
constants in ``firmware/hw.py``, so the pictures follow the code. The committed
copies in ``docs/wiring/`` are checked against a fresh drawing by the tests.

schemdraw is in the ``pack`` and ``test`` extras; it is imported only when
drawing, so the console itself never needs it.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hardware.config import NO_POWER_BUTTON, SPI_BUS_PINS, ButtonChainConfig, ControlConfig, LedConfig
from hardware.pack.circuits import BUTTON_MODULE, RIBBON
from hardware.station_map import SENTINEL_INPUT, STATION_INPUTS

if TYPE_CHECKING:
    import schemdraw

GROUND_PINS = (6, 9, 14, 20, 25, 30, 34, 39)
"""The ground pins of the 40-pin header."""

HEADER_PIN = {
    2: 3, 3: 5, 4: 7, 14: 8, 15: 10, 17: 11, 18: 12, 27: 13, 22: 15, 23: 16, 24: 18,
    10: 19, 9: 21, 25: 22, 11: 23, 8: 24, 7: 26, 5: 29, 6: 31, 12: 32, 13: 33,
    19: 35, 16: 36, 26: 37, 20: 38, 21: 40,
}  # fmt: skip
"""BCM GPIO -> physical pin on the Raspberry Pi's 40-pin header (the same on every 40-pin Pi)."""

PICO_PIN = {
    0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15, 12: 16,
    13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27, 22: 29, 26: 31,
    27: 32, 28: 34,
}  # fmt: skip
"""Pico GPn -> physical pin on the Pico's edge."""

PICO_3V3_PIN = 36
PICO_GND_PIN = 38
PICO_PIN_MA = 4.0
"""What a Pico pin sources at its default drive strength."""
BASE_OHMS = 2200
"""Each driver transistor's base resistor (R3, R4)."""
VBE = 0.75
"""A BC337's base-emitter voltage when it conducts hard (datasheet: 0.7 to 1.2 V at the collector currents here)."""


def base_milliamps(drivers: int) -> float:
    """The current the handheld's drive pin sources into *drivers* transistor bases: (3.3 V - VBE) / BASE_OHMS each."""
    return drivers * (3.3 - VBE) / BASE_OHMS * 1000

PIXELS_PER_BRANCH = 40
"""Pixels one power branch feeds (WIRING.md, "Power injection"): 5 branches for 199 pixels."""


@dataclass(frozen=True)
class Wire:
    """A wire of the LED power, and the most it may carry: what every fuse upstream of it is held to."""

    use: str
    size: str
    amps: float


BUS_WIRE = Wire("the 5 V / GND bus", "1.5 mm² (16 AWG)", 16.0)
"""Flexible 1.5 mm²: 16 A (the usual rating of a 1.5 mm² flexible cord)."""
TAP_WIRE = Wire("each injection tap", "0.75 mm² (18 AWG)", 6.0)
"""Flexible 0.75 mm²: 6 A."""
PIXEL_WIRE = Wire("between pixels", "0.25 mm² (24 AWG)", 3.5)
"""24 AWG hook-up wire: 3.5 A as chassis wiring in free air."""
MAIN_FUSE_A = 5.0
"""F1, slow-blow, at the supply: the bus's fuse."""
BRANCH_FUSE_A = 2.0
"""F2 and on, slow-blow, one in each injection tap: no more than the thinnest wire of its branch (the pixel wire) carries."""



@dataclass(frozen=True)
class PiPins:
    """The Pi's pins the schematics show, from the config's defaults."""

    led_data: int
    sclk: int
    miso: int
    load: int
    controls: tuple[tuple[str, int], ...]
    """The control keys beside the board: their names and GPIOs."""
    power: int
    """The power button's GPIO (``NO_POWER_BUTTON``: none)."""
    chips: int
    pixels: int


def pi_pins() -> PiPins:
    """The reference build's pins: the defaults of ``hardware.config``."""
    leds, buttons, controls = LedConfig(), ButtonChainConfig(), ControlConfig()
    bus = SPI_BUS_PINS[buttons.spi_bus]
    keys = tuple((f.name.replace("_", " ").upper(), getattr(controls, f.name)) for f in fields(ControlConfig)
                 if f.name not in ("bounce_ms", "power"))
    return PiPins(leds.pin, bus["sclk"], bus["miso"], buttons.load_pin, keys, controls.power, buttons.chips, leds.count)


@dataclass(frozen=True)
class PicoPins:
    """The handheld's pins, from the constants at the top of ``firmware/hw.py``."""

    sda: int
    scl: int
    i2c_bus: int
    oled_address: int
    buttons: tuple[tuple[str, int], ...]
    buzzer: int
    motor: int


def pico_pins() -> PicoPins:
    """The handheld's pins, read from ``firmware/hw.py`` without running it (it imports ``machine``)."""
    import firmware

    tree = ast.parse((Path(firmware.__file__).parent / "hw.py").read_text(encoding="utf-8"))
    values: dict[str, Any] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                values[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                continue
    buzzer = int(values["BUZZER_PIN"])
    return PicoPins(
        sda=int(values["SDA"]),
        scl=int(values["SCL"]),
        i2c_bus=int(values["I2C_BUS"]),
        oled_address=int(values["OLED_ADDRESS"]),
        buttons=tuple((str(name), int(pin)) for name, pin in values["BUTTON_PINS"]),
        buzzer=buzzer,
        motor=int(values.get("MOTOR_PIN", buzzer)),
    )


def gpio(pin: int) -> str:
    """A Pi pin's label: its GPIO number and header pin."""
    return f"GPIO{pin} (pin {HEADER_PIN[pin]})"


def gp(pin: int) -> str:
    """A Pico pin's label: its GP number and edge pin."""
    return f"GP{pin} (pin {PICO_PIN[pin]})"


def power_branches(pixels: int, per_branch: int = PIXELS_PER_BRANCH) -> list[tuple[int, int]]:
    """The strip's power branches: (first pixel, last pixel), *per_branch* pixels each, the last one shorter.

    Each branch is fed by one fused tap, and its 5 V wire is not joined to the next
    branch's (GND and data run on), so no wire carries more than its own branch's fuse.
    """
    return [(first, min(first + per_branch, pixels) - 1) for first in range(0, pixels, per_branch)]


def injection_points(pixels: int, per_branch: int = PIXELS_PER_BRANCH) -> list[int]:
    """The pixels where 5 V and GND are fed in: the middle of each branch (half the run, a quarter of the voltage drop)."""
    return [(first + last) // 2 for first, last in power_branches(pixels, per_branch)]


# ---------------------------------------------------------------- the drawings


def _drawing() -> schemdraw.Drawing:
    import schemdraw

    schemdraw.use("svg")
    drawing = schemdraw.Drawing(show=False, transparent=False)
    drawing.config(fontsize=11, unit=2, lw=1.5, font="sans-serif", margin=1.0)  # room for a viewer's wider font
    return drawing


def _title(d: schemdraw.Drawing, text: str) -> None:
    """A title above everything drawn so far, at its left edge."""
    import schemdraw.elements as elm

    box = d.get_bbox()
    d += elm.Label().at((box.xmin, box.ymax + 0.9)).label(text, fontsize=15, halign="left")


def _note(d: schemdraw.Drawing, xy: tuple[float, float], text: str, size: float = 10) -> None:
    """Left-aligned text starting at *xy*."""
    import schemdraw.elements as elm

    d += elm.Label().at(xy).label(text, fontsize=size, halign="left")


def _pi_end(pins: PiPins) -> dict[str, str]:
    """The Pi's header pin for each ribbon signal, at the first module's J1."""
    return {"3V3": "3V3 (pin 1)", "QH": f"MISO {gpio(pins.miso)}", "GND": "GND", "SH/LD": f"SH/LD {gpio(pins.load)}",
            "CLK": f"SCLK {gpio(pins.sclk)}"}


def button_chain() -> schemdraw.Drawing:
    """The Pi, the first modules, the modules between and the last one, whose SER pull-up ends the chain."""
    import schemdraw.elements as elm

    pins = pi_pins()
    d = _drawing()
    last = pins.chips - 1
    grounds = iter(("GND (pin 6)", "GND (pin 9)"))
    pi_end = _pi_end(pins)
    pi_names = [next(grounds) if name == "GND" else pi_end[name] for _, name in RIBBON]
    count = len(RIBBON)
    pi = elm.Ic(
        pins=[elm.IcPin(name=name, side="right", slot=f"{count - i}/{count}", anchorname=f"p{i + 1}") for i, name in enumerate(pi_names)],
        size=(5.0, 7),
        pinspacing=1,
    ).right()
    d += pi.label("Raspberry Pi (SPI0)", loc="top", fontsize=12)
    previous: dict[int, tuple[float, float]] = {n: tuple(pi.absanchors[f"p{n}"]) for n in range(1, count + 1)}
    stations = len(STATION_INPUTS)
    modules = [(0, 3.0), (1, 3.0), (last, 6.4)]
    for index, (chip, gap) in enumerate(modules):
        ic = elm.Ic(
            pins=[elm.IcPin(name=str(n), side="left", slot=f"{count + 1 - n}/{count}", anchorname=f"i{n}") for n in range(1, count + 1)]
            + [elm.IcPin(name=str(n), side="right", slot=f"{count + 1 - n}/{count}", anchorname=f"o{n}") for n in range(1, count + 1)],
            size=(3.4, 7),
            pinspacing=1,
        ).right()
        d += (
            ic.at((previous[1][0] + gap, previous[1][1]))
            .anchor("i1")
            .label(f"module {chip}\n74HC165\n\nbits {8 * chip}-{8 * chip + 7}\n\nJ1        J2", loc="center", fontsize=11)
        )
        for n in range(1, count + 1):
            d += elm.Line().at(previous[n]).to(ic.absanchors[f"i{n}"])
        if index == 0:
            d += elm.Label().at(((previous[1][0] + ic.absanchors["i1"][0]) / 2, previous[1][1] + 0.4)).label("W2", fontsize=10)
        elif index == 1:
            d += elm.Label().at(((previous[1][0] + ic.absanchors["i1"][0]) / 2, previous[1][1] + 0.4)).label("W1", fontsize=10)
        previous = {n: tuple(ic.absanchors[f"o{n}"]) for n in range(1, count + 1)}
        if index == 1:
            for n in range(1, count + 1):
                d += elm.Line().at(previous[n]).right().length(1.0)
                d += elm.Line().at((previous[n][0] + 2.8, previous[n][1])).right().length(0.8)
                previous[n] = (previous[n][0] + 3.6, previous[n][1])
            d += (
                elm.Label()
                .at((previous[1][0] - 4.2, previous[1][1] + 0.6))
                .label(f"modules 2 to {last - 1}, the same", halign="left", fontsize=10)
            )
            for n in range(1, count + 1):
                d += elm.Label().at((previous[n][0] - 1.8, previous[n][1])).label("...", fontsize=11)
    for n in range(1, count + 1):  # the last module's J2 stays empty: its SER pull-up ends the chain
        d += elm.NoConnect().at(previous[n])
    end = previous[1]
    d += (
        elm.Label()
        .at((end[0] + 0.8, (end[1] + previous[count][1]) / 2))
        .label(f"J2 of module {last} empty:\nits SER pull-up ends\nthe chain (reads 1s)", halign="left", fontsize=10)
    )
    x0 = pi.absanchors["p1"][0] - 5.0
    table = ",  ".join(f"{n} {'QH/SER' if name == 'QH' else name}" for n, name in RIBBON)
    bottom = previous[count][1] - 2.2
    notes = [
        f"W1: 6-way ribbon between modules (J2 of one to J1 of the next), a 2x3 IDC socket (P1) at each end. Pins: {table}.",
        "Pin 2 carries each module's QH toward the Pi, where it is MISO. CLK runs at the edge beside a ground, away from QH.",
        f"W2: the Pi's header to module 0's J1 (6 jumper wires). {pins.chips} modules of {stations} stations: {stations * pins.chips} "
        f"station inputs; input H of every chip is tied to ground (its sentinel).",
        "CLK, SH/LD, 3V3 and GND run through every module. The 74HC165s run from the Pi's 3.3 V, never 5 V.",
    ]
    for i, note in enumerate(notes):
        _note(d, (x0, bottom - 0.6 * i), note)
    _title(d, "Station buttons: the Pi and the chain of 74HC165 modules")
    return d


def button_module() -> schemdraw.Drawing:
    """One module, drawn from its netlist: a 74HC165, the pull-up network, seven station buttons, the sentinel, C1, J1 and J2."""
    import schemdraw.elements as elm

    net = BUTTON_MODULE
    u1 = net.part("U1")
    number = {name: pin for pin, name in u1.pins.items()}
    rn = {net.net_of("RN1", pin): pin for pin in net.part("RN1").pins}
    button = {net.net_of(part.ref, "1"): part.ref for part in net.parts if not part.on_board}
    d = _drawing()
    inputs = "ABCDEFGH"
    right_pins = ["SH/LD", "CLK", "CLK INH", "SER", "QH", "/QH"]
    ic = elm.Ic(
        pins=[
            elm.IcPin(name=name, pin=number[name], side="left", slot=f"{8 - i}/8", anchorname=name) for i, name in enumerate(inputs)
        ]
        + [
            elm.IcPin(name=r"$\overline{QH}$" if name == "/QH" else name, pin=number[name], side="right", slot=f"{6 - i}/6",
                      anchorname=f"r{number[name]}")
            for i, name in enumerate(right_pins)
        ]
        + [elm.IcPin(name=f"VCC {number['VCC']}", side="top", anchorname="vcc"),
           elm.IcPin(name=f"GND {number['GND']}", side="bottom", anchorname="gnd")],
        size=(3.6, 17.6),
        pinspacing=2.2,
        edgepadH=0.6,
    ).right()
    d += ic.label(f"{u1.ref}\n{u1.value}", loc="center", fontsize=13)
    # each station input: a pull-up of RN1 to 3V3 and a station button to ground; H, the sentinel, straight to ground
    for name in inputs:
        pin = ic.absanchors[name]
        node = (pin[0] - 1.6, pin[1])
        d += elm.Line().at(pin).to(node)
        if name == SENTINEL_INPUT:
            d += elm.Line().left().length(0.8)
            d += elm.Ground()
            d += elm.Label().at((node[0] - 0.6, node[1] - 0.5)).label("sentinel", halign="left", fontsize=9)
            continue
        d += elm.Dot()
        d += elm.Resistor().at(node).left().length(2.2).label(f"RN1.{rn[name]} 10k", loc="top", fontsize=9)
        d += elm.Vdd().label("3V3", loc="top", fontsize=9)
        d += elm.Button().at(node).down().length(1.0)
        d += elm.Ground()
        d += elm.Label().at((node[0] - 0.3, node[1] - 0.55)).label(button[name], halign="right", fontsize=9)
    left = ic.absanchors["A"][0] - 4.4
    # VCC with its decoupling capacitor
    vcc = ic.absanchors["vcc"]
    rail_y = vcc[1] + 2.2
    d += elm.Line().at(vcc).up().toy(rail_y)
    d += elm.Dot()
    d += elm.Line().left().length(1.6)
    d += elm.Capacitor().down().length(1.0).label(f"C1 {net.part('C1').value}", loc="bottom", fontsize=9)
    d += elm.Ground()
    d += elm.Line().at(ic.absanchors["gnd"]).down().length(0.4)
    d += elm.Ground()
    # the headers: J1 toward the Pi, J2 toward the next module
    hx = ic.absanchors["r1"][0] + 7.0
    j1 = elm.Header(rows=len(RIBBON), shownumber=False).right()
    d += j1.at((hx, rail_y + 1.4)).anchor("pin1")
    _note(d, (hx + 1.0, j1.absanchors["pin3"][1]), "J1: to the Pi\n(or the previous\nmodule's J2)")
    j2 = elm.Header(rows=len(RIBBON), shownumber=False).right()
    d += j2.at((hx, ic.absanchors["r7"][1] - 2.6)).anchor("pin1")
    _note(d, (hx + 1.0, j2.absanchors["pin3"][1]), "J2: to the next\nmodule's J1")
    a1, a2 = j1.absanchors, j2.absanchors
    for ref, anchors in (("J1", a1), ("J2", a2)):
        for pin, name in net.part(ref).pins.items():
            at = anchors[f"pin{pin}"]
            d += elm.Label().at((at[0] - 0.8, at[1] + 0.22)).label(f"{pin} {name}", halign="right", fontsize=8)
    data = {n for n, name in RIBBON if name == "QH"}
    through = [n for n, _ in RIBBON if n not in data]
    # the pass-through pins go straight from J1 to J2; the data pin is QH on J1 and SER on J2
    bus_x = {int(n): hx - 5.2 + 0.6 * i for i, n in enumerate(through)}
    for n, x in bus_x.items():
        d += elm.Line().at(a1[f"pin{n}"]).left().tox(x)
        d += elm.Dot()
        d += elm.Line().down().toy(a2[f"pin{n}"][1])
        d += elm.Line().right().tox(a2[f"pin{n}"][0])
    signal = {name: int(n) for n, name in RIBBON}
    d += elm.Line().at((bus_x[signal["3V3"]], rail_y)).left().tox(vcc[0])
    d += elm.Dot().at((bus_x[signal["3V3"]], rail_y))
    for name in ("SH/LD", "CLK"):
        d += elm.Line().at(ic.absanchors[f"r{number[name]}"]).right().tox(bus_x[signal[name]])
        d += elm.Dot()
    d += elm.Line().at(ic.absanchors[f"r{number['CLK INH']}"]).right().length(0.8)
    d += elm.Ground()
    (data_pin,) = data
    ser = ic.absanchors[f"r{number['SER']}"]
    d += elm.Line().at(ser).right().length(2.6)
    d += elm.Dot()
    d += elm.Resistor().up().length(1.4).label(f"RN1.{rn['SER']} 10k", loc="bottom", fontsize=9)
    d += elm.Vdd().label("3V3", loc="top", fontsize=9)
    d += elm.Line().at((ser[0] + 2.6, ser[1])).right().tox(hx - 1.6)
    d += elm.Line().down().toy(a2[f"pin{data_pin}"][1])
    d += elm.Line().right().tox(a2[f"pin{data_pin}"][0])
    d += elm.Line().at(ic.absanchors[f"r{number['QH']}"]).right().tox(hx - 2.2)
    d += elm.Line().up().toy(a1[f"pin{data_pin}"][1])
    d += elm.Line().right().tox(a1[f"pin{data_pin}"][0])
    d += elm.NoConnect().at(ic.absanchors[f"r{number['/QH']}"])
    d += elm.Line().at((bus_x[signal["GND"]], a2[f"pin{signal['GND']}"][1])).down().length(0.6)
    d += elm.Ground()
    bottom = min(ic.absanchors["gnd"][1], a2[f"pin{len(RIBBON)}"][1]) - 1.6
    notes = [
        "VCC from the Pi's 3.3 V (never 5 V: QH drives the Pi's MISO directly); C1 as close to pins 16 and 8 as possible.",
        "RN1: one 9-pin bussed network, 8 x 10k, common pin 1 to 3V3: the pull-ups of A to G and of SER.",
        "A released button reads 1, a pressed one 0. Input H is the sentinel: always 0, so the chain check",
        "finds a chip that does not load or pass data. SER's pull-up ends the chain on the last module.",
        "Pin 7 is QH inverted: not connected. S1 to S7 are the station buttons under the board, wired to the module.",
    ]
    for i, note in enumerate(notes):
        _note(d, (left, bottom - 0.6 * i), note)
    _title(d, "One button module: a 74HC165, seven station buttons and a sentinel")
    return d


def _pins(side: Any, names: list[tuple[str, str]], size: float | None = None) -> list[Any]:
    """IC pins on one *side*, listed top first (schemdraw counts from the bottom): (name, anchor) pairs."""
    import schemdraw.elements as elm

    return [elm.IcPin(name=name, side=side, anchorname=anchor, lblsize=size) for name, anchor in reversed(names)]


def led_power() -> schemdraw.Drawing:
    """The 5 V supply, the fuse, the level shifter and the strip with its injection points."""
    import schemdraw.elements as elm

    pins = pi_pins()
    d = _drawing()
    points = injection_points(pins.pixels)
    bus_y, data_y, gnd_y = 4.6, 2.0, -0.8
    # the supply and the fuse
    psu = elm.Ic(pins=_pins("right", [("+5V", "v"), ("GND", "g")]), size=(3.4, 2.4), pinspacing=1.4).right()
    d += psu.at((-16.0, bus_y)).anchor("v").label("PSU: 5 V LED supply\nLRS-50-5 (5 V 10 A)", loc="top", fontsize=10)
    d += elm.Line().at(psu.absanchors["v"]).right().length(0.5)
    d += elm.Fuse().right().length(2.6).label(f"F1 {MAIN_FUSE_A:g} A slow-blow", loc="top", fontsize=10)
    d += elm.Line().right().tox(-11.0)
    g = psu.absanchors["g"]
    d += elm.Line().at(g).right().tox(-14.2)
    d += elm.Line().down().toy(gnd_y)
    # the bulk capacitor and the level shifter's decoupling, across the bus
    for x, label in ((-11.0, "C1 1000µ\n10 V, at the\nstrip's input"), (-8.8, "C2 100n\nat U1 14-7")):
        d += elm.Dot().at((x, bus_y))
        if x == -11.0:
            d += elm.Capacitor(polar=True).at((x, bus_y)).down().toy(gnd_y).label(label, loc="bottom", fontsize=9)
        else:
            d += elm.Capacitor().at((x, bus_y)).down().toy(gnd_y).label(label, loc="bottom", fontsize=9)
        d += elm.Dot()
    # the Pi's data pin, the pull-down and U1 gate 1
    d += elm.Dot(open=True).at((-6.6, data_y)).label(f"Pi {gpio(pins.led_data)}\nLED data (PWM0)", loc="top", fontsize=10, ofst=(0, 0.5))
    d += elm.Line().right().length(1.4)
    node = d.here
    d += elm.Dot()
    d += elm.Resistor().at(node).down().toy(gnd_y).label("R2 10k\npull-down", loc="top", fontsize=9)
    d += elm.Dot()
    u1 = elm.Ic(
        pins=[
            *_pins("left", [("1A", "a"), ("1OE", "oe")]),
            elm.IcPin(name="1Y", pin="3", side="right", anchorname="y"),
            elm.IcPin(name="VCC 14", side="top", anchorname="vcc"),
            elm.IcPin(name="GND 7", side="bottom", anchorname="gnd"),
        ],
        size=(3.4, 2.4),
        pinspacing=1.0,
    ).right()
    d += u1.at((node[0] + 1.6, data_y)).anchor("a").label("U1\n74AHCT125", loc="center", fontsize=9)
    d += elm.Line().at(node).to(u1.absanchors["a"])
    d += elm.Line().at(u1.absanchors["vcc"]).up().toy(bus_y)
    d += elm.Dot()
    d += elm.Line().at(u1.absanchors["gnd"]).down().toy(gnd_y)
    d += elm.Dot()
    oe = u1.absanchors["oe"]
    d += elm.Line().at(oe).left().length(0.5)
    d += elm.Line().down().toy(gnd_y)
    d += elm.Dot()
    d += elm.Line().at(u1.absanchors["y"]).right().length(0.5)
    d += elm.Resistor().right().length(2.4).label("R1 330", loc="top", fontsize=10)
    data_end = d.here
    strip_y = data_end[1]
    # the strip in its branches, each fed at its middle through its own fuse
    branches = power_branches(pins.pixels)
    step, first_x = 6.4, data_end[0] + 1.6
    previous = None
    fuse_y = (bus_y + strip_y + 1.0) / 2
    for i, ((first, last), pixel) in enumerate(zip(branches, points)):
        block = elm.Ic(
            pins=[
                elm.IcPin(name="DIN", side="left", anchorname="din", lblsize=8),
                elm.IcPin(name="DOUT", side="right", anchorname="dout", lblsize=8),
                elm.IcPin(name="5V", side="top", anchorname="v", lblsize=8),
                elm.IcPin(name="GND", side="bottom", anchorname="g", lblsize=8),
            ],
            size=(4.0, 2.0),
        ).right()
        d += block.at((first_x + step * i, strip_y)).anchor("din").label(f"pixels {first}-{last}\nfed at {pixel}", loc="center",
                                                                          fontsize=9)
        top = block.absanchors["v"]
        d += elm.Line().at(top).up().toy(fuse_y - 0.9)
        d += elm.Fuse().up().toy(fuse_y + 0.9).label(f"F{i + 2} {BRANCH_FUSE_A:g} A T", loc="bottom", fontsize=8)
        d += elm.Line().up().toy(bus_y)
        d += elm.Dot()
        d += elm.Line().at(block.absanchors["g"]).down().toy(gnd_y)
        d += elm.Dot()
        if previous is None:
            d += elm.Line().at(data_end).to(block.absanchors["din"])
        else:
            d += elm.Line().at(previous.absanchors["dout"]).to(block.absanchors["din"]).color("gray").linestyle("--")
            mid = (previous.absanchors["dout"][0] + block.absanchors["din"][0]) / 2
            d += elm.Label().at((mid, strip_y + 0.35)).label("data, GND", fontsize=7, color="gray")
            d += elm.Label().at((mid, strip_y - 0.35)).label("5 V open", fontsize=7, color="gray")
        previous = block
    assert previous is not None
    end_x = previous.absanchors["v"][0]
    d += elm.Line().at((-11.0, bus_y)).right().tox(end_x)
    d += elm.Line().at((-14.2, gnd_y)).right().tox(end_x)
    d += elm.Dot(open=True).at((-6.6, gnd_y - 1.6)).label("Pi GND (pin 6)", loc="left", fontsize=10)
    d += elm.Line().up().toy(gnd_y)
    d += elm.Dot()
    _note(d, (first_x, bus_y + 0.45), f"5 V bus {BUS_WIRE.size}; each injection tap {TAP_WIRE.size}; "
                                      f"between pixels {PIXEL_WIRE.size}", 9)
    _note(d, (first_x, gnd_y - 0.5), "GND bus", 9)
    left = -16.0
    notes = [
        f"Power injection: {len(branches)} branches of up to {PIXELS_PER_BRANCH} pixels, each fed 5 V and GND at its middle pixel "
        f"({', '.join(map(str, points))}) through its own {BRANCH_FUSE_A:g} A slow-blow fuse.",
        "The 5 V wire is not joined from one branch to the next (GND and data run on): each wire carries one fuse's current "
        "at most. The data line is never injected.",
        f"Fuses follow the thinnest wire they feed: F1 {MAIN_FUSE_A:g} A for the bus ({BUS_WIRE.amps:g} A), "
        f"F2-F{len(branches) + 1} {BRANCH_FUSE_A:g} A for taps ({TAP_WIRE.amps:g} A) and pixel wire ({PIXEL_WIRE.amps:g} A).",
        "Common ground: the supply's GND, U1's GND, the strip's GND and a Pi ground pin are joined. "
        "Never power the strip from the Pi's 5 V pins.",
        "U1's unused gates: OE (pins 4, 10, 13) to 5 V, inputs (5, 9, 12) to GND. "
        "R2 holds U1's input low while the Pi is off or booting. Keep U1 to pixel 0 under 1 m.",
    ]
    for i, note in enumerate(notes):
        _note(d, (left, gnd_y - 3.0 - 0.6 * i), note)
    _title(d, "LED strip: 5 V supply, fuses, level shifter and power injection")
    return d


def control_keys() -> schemdraw.Drawing:
    """The control keys and the power button: each from its GPIO to ground, with a pull-up on the Pi."""
    import schemdraw.elements as elm

    pins = pi_pins()
    d = _drawing()
    count = len(pins.controls)
    rows = count + 2 if pins.power != NO_POWER_BUTTON else count  # the power button below the keys, a row apart
    pi_pins_drawn = [elm.IcPin(name=gpio(pin), side="right", slot=f"{rows - i}/{rows}", anchorname=f"k{i}")
                     for i, (_, pin) in enumerate(pins.controls)]
    if pins.power != NO_POWER_BUTTON:
        pi_pins_drawn.append(elm.IcPin(name=gpio(pins.power), side="right", slot=f"1/{rows}", anchorname="power"))
    pi = elm.Ic(pins=pi_pins_drawn, size=(4.0, rows * 1.2), pinspacing=1.2).label(
        "Raspberry Pi (pull-ups on)", loc="top", fontsize=11)
    d += pi
    gnd_x = pi.absanchors["k0"][0] + 6.5
    for i, (name, _) in enumerate(pins.controls):
        start = pi.absanchors[f"k{i}"]
        d += elm.Line().at(start).right().length(1.5)
        d += elm.Button().right().label(name, loc="top", fontsize=10)
        d += elm.Line().right().tox(gnd_x)
        if i:
            d += elm.Dot()
    top, bottom = pi.absanchors["k0"][1], pi.absanchors[f"k{count - 1}"][1]
    d += elm.Line().at((gnd_x, top)).down().toy(bottom - 0.8)
    d += elm.Ground()
    d += elm.Label().at((gnd_x + 0.4, bottom - 1.1)).label("Pi GND (pin 39)", halign="left", fontsize=10)
    note_y = bottom - 2.4
    if pins.power != NO_POWER_BUTTON:
        power = pi.absanchors["power"]
        ground = next(pin for pin in GROUND_PINS if pin > HEADER_PIN[pins.power])  # the nearest ground pin after it
        d += elm.Line().at(power).right().length(1.5)
        d += elm.Button().right().label("POWER", loc="top", fontsize=10)
        d += elm.Line().right().length(1.0)
        d += elm.Ground()
        d += elm.Label().at((d.here[0] + 0.4, power[1] - 0.3)).label(f"Pi GND (pin {ground})", halign="left", fontsize=10)
        note_y = power[1] - 3.4
        _note(d, (power[0] + 1.5, power[1] - 1.9),
              f"Momentary. {gpio(pins.power)} also wakes\na halted Pi 3, 4 or Zero 2 W.\n"
              "It is I2C1's SCL, with a 1.8k pull-up\non the Pi: no I2C1 with it.", 9)
    _title(d, "Control keys and the power button: buttons to ground")
    d += (
        elm.Label()
        .at((pi.absanchors["k0"][0] - 4.0, note_y))
        .label(
            "No resistors: a released key reads high through the Pi's pull-up,\na pressed one low. Debounced in software.",
            halign="left",
            fontsize=10,
        )
    )
    return d


def screen() -> schemdraw.Drawing:
    """The screen: the Touch Display on DSI, or an HDMI panel."""
    import schemdraw.elements as elm

    d = _drawing()
    pi = elm.Ic(pins=_pins("right", [("DSI connector", "dsi"), ("HDMI 0 (micro-HDMI)", "hdmi")]), size=(6.0, 5.0), pinspacing=3.0).right()
    d += pi.label("Raspberry Pi", loc="center", fontsize=12)
    dsi, hdmi = pi.absanchors["dsi"], pi.absanchors["hdmi"]
    panel_x = dsi[0] + 8.0
    touch = elm.Ic(pins=[elm.IcPin(name="DSI", side="left", anchorname="in")], size=(5.2, 1.8)).right()
    d += touch.at((panel_x, dsi[1])).anchor("in").label('Raspberry Pi Touch Display\n7", 800x480', loc="center", fontsize=10)
    d += elm.Line().at(dsi).to(touch.absanchors["in"]).label("15-way ribbon (option A)", loc="top", fontsize=10)
    panel = elm.Ic(pins=[elm.IcPin(name="HDMI", side="left", anchorname="in")], size=(5.2, 1.8)).right()
    d += panel.at((panel_x, hdmi[1])).anchor("in").label('800x480 HDMI panel\n(7" or 5")', loc="center", fontsize=10)
    d += elm.Line().at(hdmi).to(panel.absanchors["in"]).label("HDMI cable (option B)", loc="top", fontsize=10)
    left = pi.absanchors["dsi"][0] - 6.5
    bottom = d.get_bbox().ymin - 0.8
    _note(
        d, (left, bottom), "Power: the Touch Display from its own 5 V input, or the Pi's 5 V pins (2, 4) with a supply big enough for both;"
    )
    _note(
        d,
        (left, bottom - 0.6),
        "an HDMI panel from its own supply or USB. Only one screen: the console draws full screen through KMS/DRM (no desktop).",
    )
    _note(
        d,
        (left, bottom - 1.2),
        "A Pi 5 needs its display cable and dtoverlay=vc4-kms-dsi-7inch; an HDMI panel that hides its mode: see INSTALL.md.",
    )
    _title(d, "Screen: 800x480, on DSI or HDMI (one of them)")
    return d


def handheld() -> schemdraw.Drawing:
    """The Pico: OLED on I2C, six buttons, the vibration motor and the buzzer through NPN transistors."""
    import schemdraw.elements as elm

    pins = pico_pins()
    d = _drawing()
    names = {"back": "Hide", "ok": "OK"}
    shared = pins.motor == pins.buzzer
    drive = [(f"{gp(pins.motor)} motor" if not shared else f"{gp(pins.motor)} motor, buzzer", "m")]
    if not shared:
        drive.append((f"{gp(pins.buzzer)} buzzer", "z"))
    right = [
        (f"SDA {gp(pins.sda)}", "sda"),
        (f"SCL {gp(pins.scl)}", "scl"),
        (f"3V3 OUT (pin {PICO_3V3_PIN})", "v33"),
        (f"GND (pin {PICO_GND_PIN})", "gnd"),
        *drive,
    ]
    pico = elm.Ic(
        pins=[*_pins("left", [(gp(pin), f"b{i}") for i, (_, pin) in enumerate(pins.buttons)]), *_pins("right", right)],
        size=(6.4, 8.4),
        pinspacing=1.2,
    ).right()
    d += pico.label("Raspberry Pi Pico\n(MicroPython)\nUSB to the Pi: power and serial", loc="top", fontsize=11)
    # the buttons, to ground, with the Pico's internal pull-ups
    gx = pico.absanchors["b0"][0] - 4.4
    for i, (name, _) in enumerate(pins.buttons):
        d += elm.Line().at(pico.absanchors[f"b{i}"]).left().length(0.8)
        d += elm.Button().left().length(1.6).label(names.get(name, name), loc="top", fontsize=10)
        d += elm.Line().left().tox(gx)
        if i:
            d += elm.Dot()
    top, bottom = pico.absanchors["b0"][1], pico.absanchors[f"b{len(pins.buttons) - 1}"][1]
    d += elm.Line().at((gx, top)).down().toy(bottom - 0.8)
    d += elm.Ground()
    _note(d, (gx - 0.4, bottom - 1.9), "to GND (pins 13, 18);\ninternal pull-ups", 9)
    # the OLED, pin for pin beside the Pico
    oled = elm.Ic(
        pins=_pins("left", [("SDA", "sda"), ("SCL", "scl"), ("VCC", "vcc"), ("GND", "gnd")]), size=(4.8, 4.8), pinspacing=1.2
    ).right()
    ox = pico.absanchors["sda"][0] + 7.5
    d += (
        oled.at((ox, pico.absanchors["sda"][1]))
        .anchor("sda")
        .label(f"OLED 128x64\nSSD1306 or SH1106\nI2C{pins.i2c_bus}, 0x{pins.oled_address:02X}", loc="center", fontsize=10)
    )
    for mine, theirs in (("sda", "sda"), ("scl", "scl"), ("v33", "vcc"), ("gnd", "gnd")):
        d += elm.Line().at(pico.absanchors[mine]).to(oled.absanchors[theirs])
    # the driver stages: an NPN each, 1k into its base; a flyback diode across the motor
    out = pico.absanchors["m"]
    stage_x = out[0] + 1.4
    base_y = out[1] - 4.2
    loads = [("m", True), ("m" if shared else "z", False)]
    for index, (anchor, motor) in enumerate(loads):
        source = pico.absanchors[anchor]
        sx = stage_x + 8.5 * index
        if index == 0:
            d += elm.Line().at(source).right().tox(stage_x)
            d += elm.Line().down().toy(base_y)
            start = (stage_x, base_y)
        else:
            low = base_y - 2.4
            if shared:
                d += elm.Dot().at((stage_x, base_y))
                d += elm.Line().at((stage_x, base_y)).down().toy(low)
            else:
                d += elm.Line().at(source).right().tox(stage_x - 0.6)
                d += elm.Line().down().toy(low)
            d += elm.Line().right().tox(sx)
            d += elm.Line().up().toy(base_y)
            start = (sx, base_y)
        d += elm.Resistor().at(start).right().length(2.2).label(f"R{3 + index} {BASE_OHMS / 1000:g}k", loc="top", fontsize=10)
        q = elm.BjtNpn(circle=True).right().anchor("base")
        d += q.label(f"Q{1 + index}\nBC337-40", loc="right", fontsize=9)
        d += elm.Line().at(q.absanchors["emitter"]).down().length(0.3)
        d += elm.Ground()
        col = q.absanchors["collector"]
        top = col[1] + 3.0
        if motor:
            d += elm.Line().at(col).up().length(0.4)
            d += elm.Dot()
            d += elm.Motor().up().length(2.2).label("M1\nvibration\nmotor", loc="top", fontsize=9)
            d += elm.Dot()
            d += elm.Line().up().toy(top)
            d += elm.Line().at((col[0], col[1] + 0.4)).right().length(1.6)
            d += elm.Diode().up().length(2.2).label("D1\n1N4148\nflyback", loc="bottom", fontsize=9)
            d += elm.Line().left().tox(col[0])
        else:
            d += elm.Line().at(col).up().length(0.9)
            spk = elm.Speaker().right()
            d += spk.at(d.here).anchor("in2").label("BZ1 active\nbuzzer, 3.3 V", loc="right", fontsize=9)
            d += elm.Line().at(spk.absanchors["in1"]).up().toy(top)
            _note(d, (col[0] - 0.45, spk.absanchors["in1"][1] + 0.25), "+", 10)
        d += elm.Vdd().at((col[0], top)).label(f"3V3 OUT\n(pin {PICO_3V3_PIN})", loc="top", fontsize=9)
    how = f"Both from {gp(pins.motor)}, active high" if shared else "Each from its own pin, active high"
    base_ma = base_milliamps(2 if shared else 1)
    bottom = d.get_bbox().ymin - 0.6
    _note(d, (gx - 0.4, bottom),
          f"{how}; the loads run from 3V3 OUT (pin {PICO_3V3_PIN}); fit one or both. Most OLED modules carry their own I2C pull-ups.")
    _note(d, (gx - 0.4, bottom - 0.6),
          f"Base drive: {2 if shared else 1} x (3.3 V - {VBE:g} V) / {BASE_OHMS / 1000:g} kOhm = {base_ma:.1f} mA from "
          f"{gp(pins.motor)}, within the pin's {PICO_PIN_MA:g} mA; enough to saturate a BC337-40 (hFE 250 or more) at 100 mA.")
    _title(d, "Handheld: Raspberry Pi Pico, OLED, six buttons, vibration motor and buzzer")
    return d


DRAWINGS: dict[str, Callable[[], schemdraw.Drawing]] = {
    "button-chain": button_chain,
    "button-module": button_module,
    "led-power": led_power,
    "control-keys": control_keys,
    "screen": screen,
    "handheld": handheld,
}
"""The schematics, by file name (without ``.svg``)."""


def render(name: str) -> bytes:
    """One drawing as SVG bytes."""
    return bytes(DRAWINGS[name]().get_imagedata("svg"))


def write_schematics(folder: Path) -> list[Path]:
    """Draw every schematic into *folder* as ``NAME.svg``; the files written, in ``DRAWINGS`` order."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in DRAWINGS:
        path = folder / f"{name}.svg"
        path.write_bytes(render(name))
        written.append(path)
    return written
