"""The schematics: the committed pictures are what ``write_schematics`` draws now, with the config's pins."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import fields
from pathlib import Path

import pytest

from hardware.config import SPI_BUS_PINS, ButtonChainConfig, ControlConfig, LedConfig
from hardware.schematics import DRAWINGS, HEADER_PIN, PICO_PIN, injection_points, pico_pins, render, write_schematics

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
    assert f"SER of chip {last} tied to 3V3" in text
    assert "0xFF" in text


def test_button_module_has_pull_ups_decoupling_and_both_headers(drawn: dict[str, bytes]) -> None:
    text = texts(drawn["button-module"])
    assert text.splitlines().count("10k") == 8
    assert text.count("3V3") >= 8
    assert "C1 100n" in text
    for name in ("SH/LD", "CLK", "CLK INH", "SER", "QH", "VCC 16", "GND 8", *"ABCDEFGH"):
        assert name in text.splitlines(), name
    lines = text.splitlines()
    for number, name in enumerate(("3V3", "GND", "SH/LD", "CLK"), 1):
        assert lines.count(f"{number} {name}") == 2, (number, name)  # on J1 and on J2
    assert lines.count("6 GND") == 2
    assert "5 QH" in lines  # J1: this chip's QH, toward the Pi
    assert "5 SER" in lines  # J2: this chip's SER, from the next module


def test_led_power_uses_the_configs_data_pin_and_injection_points(drawn: dict[str, bytes]) -> None:
    leds = LedConfig()
    text = texts(drawn["led-power"])
    assert f"Pi {pi_label(leds.pin)}" in text
    for part in ("F1 5 A slow-blow", "74AHCT125", "R1 330", "R2 10k", "pull-down", "C1 1000µ"):
        assert part in text, part
    points = injection_points(leds.count)
    assert points[0] == 0 and points[-1] == leds.count - 1
    for pixel in points:
        assert f"pixel {pixel}" in text.splitlines()


def test_injection_points() -> None:
    assert injection_points(199) == [0, 50, 100, 150, 198]
    assert injection_points(151) == [0, 50, 100, 150]
    assert injection_points(1) == [0]


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
    for part in ("R3 1k", "R4 1k", "Q1", "Q2", "D1", "flyback", "M1", "BZ1", f"0x{pins.oled_address:02X}"):
        assert part in text, part


def test_firmware_pins_are_read_from_hw_py() -> None:
    source = (ROOT / "firmware" / "hw.py").read_text(encoding="utf-8")
    pins = pico_pins()
    assert re.search(rf"^SDA = {pins.sda}$", source, re.MULTILINE)
    assert re.search(rf"^SCL = {pins.scl}$", source, re.MULTILINE)
    assert re.search(rf"^BUZZER_PIN = {pins.buzzer}$", source, re.MULTILINE)
