"""The schematics: the committed pictures are what ``write_schematics`` draws now, with the config's pins."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import fields
from pathlib import Path

import pytest

from hardware.config import SPI_BUS_PINS, ButtonChainConfig, ControlConfig, LedConfig
from hardware.pack.circuits import BUTTON_MODULE, RIBBON
from hardware.pack.schematics import (
    BASE_OHMS,
    BRANCH_FUSE_A,
    BUS_WIRE,
    DRAWINGS,
    HEADER_PIN,
    MAIN_FUSE_A,
    PICO_PIN,
    PICO_PIN_MA,
    PIXEL_WIRE,
    PIXELS_PER_BRANCH,
    TAP_WIRE,
    base_milliamps,
    injection_points,
    pico_pins,
    power_branches,
    render,
    write_schematics,
)

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "docs" / "wiring"
WIRING = ROOT / "hardware" / "WIRING.md"


def texts(svg: bytes) -> str:
    """Every piece of text in an SVG, one per line."""
    root = ET.fromstring(svg)
    return "\n".join("".join(node.itertext()) for node in root.iter() if node.tag.rsplit("}", 1)[-1] == "text")


@pytest.fixture(scope="module")
def drawn(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    folder = tmp_path_factory.mktemp("schematics")
    paths = write_schematics(folder)
    assert [path.name for path in paths] == [f"{name}.svg" for name in DRAWINGS]
    return {path.stem: path.read_bytes() for path in paths}


@pytest.mark.parametrize("name", list(DRAWINGS))
def test_committed_pictures_are_what_the_code_draws(drawn: dict[str, bytes], name: str) -> None:
    committed = COMMITTED / f"{name}.svg"
    assert committed.exists(), f"{committed} is missing: run write_schematics(Path('docs/wiring'))"
    assert committed.read_bytes() == drawn[name], f"{committed} is out of date: run write_schematics(Path('docs/wiring'))"


def test_no_other_pictures_in_the_folder() -> None:
    assert sorted(path.stem for path in COMMITTED.glob("*.svg")) == sorted(DRAWINGS)


def test_drawing_is_repeatable() -> None:
    assert render("button-chain") == render("button-chain")


@pytest.mark.parametrize("name", list(DRAWINGS))
def test_wiring_md_shows_every_picture(name: str) -> None:
    assert f"](../docs/wiring/{name}.svg)" in WIRING.read_text(encoding="utf-8")


def pi_label(gpio: int) -> str:
    return f"GPIO{gpio} (pin {HEADER_PIN[gpio]})"


def test_button_chain_uses_the_configs_pins(drawn: dict[str, bytes]) -> None:
    buttons = ButtonChainConfig()
    bus = SPI_BUS_PINS[buttons.spi_bus]
    text = texts(drawn["button-chain"])
    assert f"SH/LD {pi_label(buttons.load_pin)}" in text
    assert f"SCLK {pi_label(bus['sclk'])}" in text
    assert f"MISO {pi_label(bus['miso'])}" in text
    last = buttons.chips - 1
    assert f"module {last}" in text
    assert f"J2 of module {last} empty" in text and "SER pull-up" in text
    assert f"{buttons.chips} modules of 7 stations: 203 station inputs" in text


def test_the_ribbon_runs_a_ground_beside_clk_and_none_of_it_beside_the_data() -> None:
    names = [name for _, name in RIBBON]
    clk, data = names.index("CLK"), names.index("QH")
    beside = [names[i] for i in (clk - 1, clk + 1) if 0 <= i < len(names)]
    assert "GND" in beside and abs(clk - data) > 1
    assert [number for number, _ in RIBBON] == [str(n) for n in range(1, 7)]


def test_button_module_is_drawn_from_its_netlist(drawn: dict[str, bytes]) -> None:
    text = texts(drawn["button-module"])
    lines = text.splitlines()
    assert sum(1 for line in lines if line.startswith("RN1.") and line.endswith(" 10k")) == 8  # A to G and SER
    for part in BUTTON_MODULE.parts:
        assert any(line.startswith(part.ref) for line in lines), part.ref
    assert "C1 100n" in text
    for name in ("SH/LD", "CLK", "CLK INH", "SER", "QH", "VCC 16", "GND 8", *"ABCDEFGH"):
        assert name in lines, name
    for ref in ("J1", "J2"):
        for number, name in BUTTON_MODULE.part(ref).pins.items():
            assert f"{number} {name}" in lines, (ref, number, name)
    assert "sentinel" in lines


def test_pin_7_is_drawn_as_the_inverted_output_and_left_unconnected(drawn: dict[str, bytes]) -> None:
    root = ET.fromstring(drawn["button-module"])
    overlined = [node for node in root.iter() if node.get("text-decoration") == "overline"]
    assert ["".join(node.itertext()) for node in overlined] == ["QH"]
    assert "QH'" not in texts(drawn["button-module"])
    assert ("U1", "7") in BUTTON_MODULE.unconnected and BUTTON_MODULE.net_of("U1", "7") is None


def test_led_power_uses_the_configs_data_pin_and_its_branches(drawn: dict[str, bytes]) -> None:
    leds = LedConfig()
    text = texts(drawn["led-power"])
    assert f"Pi {pi_label(leds.pin)}" in text
    for part in (f"F1 {MAIN_FUSE_A:g} A slow-blow", "74AHCT125", "R1 330", "R2 10k", "pull-down", "C1 1000µ"):
        assert part in text, part
    branches = power_branches(leds.count)
    assert branches[0][0] == 0 and branches[-1][1] == leds.count - 1
    for i, (first, last) in enumerate(branches):
        assert f"pixels {first}-{last}" in text and f"F{i + 2} {BRANCH_FUSE_A:g} A T" in text
    assert "5 V open" in text


def test_power_branches_and_their_injection_points() -> None:
    assert power_branches(199) == [(0, 39), (40, 79), (80, 119), (120, 159), (160, 198)]
    assert injection_points(199) == [19, 59, 99, 139, 179]
    assert injection_points(1) == [0]


def test_every_fuse_is_no_bigger_than_the_thinnest_wire_it_feeds() -> None:
    """WIRING.md's rule, checked on the numbers the sheet, the docs and the BOM show."""
    leds = LedConfig()
    assert BUS_WIRE.amps >= MAIN_FUSE_A
    assert min(TAP_WIRE.amps, PIXEL_WIRE.amps) >= BRANCH_FUSE_A
    assert leds.supply_amps <= MAIN_FUSE_A  # the console's cap passes
    full_branch = PIXELS_PER_BRANCH * (3 * leds.milliamps_per_channel * leds.brightness + leds.idle_milliamps) / 1000
    assert full_branch <= BRANCH_FUSE_A, "a branch at full white, after brightness, must not blow its fuse"
    wiring = WIRING.read_text(encoding="utf-8")
    for wire in (BUS_WIRE, TAP_WIRE, PIXEL_WIRE):
        assert f"{wire.size}" in wiring and f"{wire.amps:g} A" in wiring, wire
    assert f"{BRANCH_FUSE_A:g} A slow-blow" in wiring and f"{MAIN_FUSE_A:g} A slow-blow" in wiring


def test_the_handheld_s_base_drive_is_within_the_pin_s_limit(drawn: dict[str, bytes]) -> None:
    pins = pico_pins()
    drivers = 2 if pins.motor == pins.buzzer else 1
    assert base_milliamps(drivers) <= PICO_PIN_MA
    assert f"R3 {BASE_OHMS / 1000:g}k" in texts(drawn["handheld"])
    assert f"{base_milliamps(drivers):.1f} mA" in texts(drawn["handheld"])


def test_control_keys_use_the_configs_pins(drawn: dict[str, bytes]) -> None:
    controls = ControlConfig()
    lines = texts(drawn["control-keys"]).splitlines()
    for field in fields(ControlConfig):
        if field.name == "bounce_ms":
            continue
        assert pi_label(getattr(controls, field.name)) in lines, field.name
        assert field.name.replace("_", " ").upper() in lines, field.name


def test_screen_shows_dsi_and_hdmi(drawn: dict[str, bytes]) -> None:
    text = texts(drawn["screen"])
    assert "DSI" in text and "HDMI" in text and "800x480" in text


def test_handheld_uses_the_firmwares_pins(drawn: dict[str, bytes]) -> None:
    pins = pico_pins()
    text = texts(drawn["handheld"])
    assert f"SDA GP{pins.sda} (pin {PICO_PIN[pins.sda]})" in text
    assert f"SCL GP{pins.scl} (pin {PICO_PIN[pins.scl]})" in text
    for _, pin in pins.buttons:
        assert f"GP{pin} (pin {PICO_PIN[pin]})" in text
    assert f"GP{pins.motor} (pin {PICO_PIN[pins.motor]})" in text
    for part in ("R3 2.2k", "R4 2.2k", "Q1", "Q2", "D1", "flyback", "M1", "BZ1", f"0x{pins.oled_address:02X}"):
        assert part in text, part


def test_firmware_pins_are_read_from_hw_py() -> None:
    source = (ROOT / "firmware" / "hw.py").read_text(encoding="utf-8")
    pins = pico_pins()
    assert re.search(rf"^SDA = {pins.sda}$", source, re.MULTILINE)
    assert re.search(rf"^SCL = {pins.scl}$", source, re.MULTILINE)
    assert re.search(rf"^BUZZER_PIN = {pins.buzzer}$", source, re.MULTILINE)
