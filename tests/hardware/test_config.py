"""The hardware config file and the station map file: good files load, bad ones are refused by name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hardware.config import Config, ConfigError, check_config, load_config, parse_config, pin_claims
from hardware.station_map import MapError, StationMap

STATIONS = range(1, 200)


def test_defaults_are_the_reference_build_and_valid() -> None:
    config = check_config(Config())
    pins = [pin for _, pin in pin_claims(config)]
    assert len(pins) == len(set(pins))
    assert config.leds.count == 199 and config.buttons.chips == 29 and config.screen.width == 800


def test_a_missing_file_means_defaults(tmp_path: Path) -> None:
    assert load_config(tmp_path / "absent.toml") == Config()


def test_a_file_overrides_only_what_it_names(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('profile = "pi"\n[leds]\nbrightness = 0.25\nsupply_amps = 4\n[screen]\nwidth = 1024\nheight = 600\n')
    config = load_config(path)
    assert config.profile == "pi" and config.leds.brightness == 0.25 and config.leds.supply_amps == 4.0
    assert (config.screen.width, config.screen.height) == (1024, 600)
    assert config.buttons == Config().buttons


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[controls]\nconfirm = 25", "buttons.load_pin and controls.confirm both use GPIO 25"),
        ("[controls]\nmenu = 5", "controls.choice_1 and controls.menu both use GPIO 5"),
        ("[controls]\nundo = 40", "controls.undo: GPIO 40 does not exist (the header has GPIO 2 to 27)"),
        ("[buttons]\nload_pin = 1", "buttons.load_pin: GPIO 1 does not exist (the header has GPIO 2 to 27)"),
        ("[leds]\npin = 9", "leds.pin and buttons.spi_bus both use GPIO 9"),
        ("[leds]\npin = 8", "leds.pin and buttons.select_pin both use GPIO 8"),
        ("[leds]\nbackend = \"spi\"\nspi_bus = 0", "leds.spi_bus and buttons.spi_bus: both use SPI bus 0"),
        ("[leds]\nbackend = \"spi\"\n[controls]\nmenu = 18", "leds.spi_bus and controls.menu both use GPIO 18"),
        ("[leds]\nbackend = \"spi\"\n[controls]\nmenu = 19", "leds.spi_bus and controls.menu both use GPIO 19"),
        ("[controls]\nmenu = 7", "buttons.spi_bus and controls.menu both use GPIO 7"),
        ("[controls]\nundo = 10", "buttons.spi_bus and controls.undo both use GPIO 10"),
        ("[leds]\npin = 10\n[buttons]\nspi_bus = 1\nselect_pin = 17\n[controls]\nmenu = 7", "leds.pin and controls.menu both use GPIO 7"),
        ("[buttons]\nspi_bus = 1\nselect_pin = 17\n[controls]\nmenu = 20", "buttons.spi_bus and controls.menu both use GPIO 20"),
        ("[leds]\nbackend = \"pwm\"", "leds.backend: must be ws281x or spi, not 'pwm'"),
        ("[leds]\nbrightness = 1.5", "leds.brightness: must be between 0 and 1, not 1.5"),
        ("[leds]\norder = \"RGX\"", "leds.order: must be the letters R, G and B"),
        ("[leds]\npin = \"18\"", "leds.pin: must be a whole number, not '18'"),
        ("[leds]\npin = true", "leds.pin: must be a whole number, not True"),
        ("[leds]\nbrightnes = 0.3", "leds.brightnes: unknown setting"),
        ("[screen]\nfullscreen = 1", "screen.fullscreen: must be true or false, not 1"),
        ("[buttons]\nspi_bus = 2", "buttons.spi_bus: SPI bus 2 does not exist"),
        ("profile = \"laptop\"", "profile: must be one of pi, sim, fake, not 'laptop'"),
        ("colour = 3", "colour: unknown setting"),
        ("leds = 3", "leds: must be a [leds] section"),
        ("[leds\npin = 3", "not valid TOML"),
    ],
)
def test_bad_settings_are_refused_with_their_name(text: str, message: str) -> None:
    with pytest.raises(ConfigError) as error:
        parse_config(text)
    assert message in str(error.value)


def test_the_file_name_is_in_the_error(tmp_path: Path) -> None:
    path = tmp_path / "board.toml"
    path.write_text("[controls]\nundo = 99\n")
    with pytest.raises(ConfigError, match=r"board\.toml: controls\.undo: GPIO 99"):
        load_config(path)


def test_an_enabled_bus_claims_every_pin_its_driver_holds() -> None:
    config = parse_config('[leds]\nbackend = "spi"\n')
    claims = pin_claims(config)
    assert {pin for setting, pin in claims if setting == "leds.spi_bus"} == {18, 19, 20, 21}
    assert {pin for setting, pin in claims if setting == "buttons.spi_bus"} == {7, 9, 10, 11}
    assert ("buttons.select_pin", 8) in claims
    moved = parse_config("[buttons]\nspi_bus = 1\nselect_pin = 17\n")  # spi1-1cs,cs0_pin=17: GPIO18 is free
    assert {pin for setting, pin in pin_claims(moved) if setting == "buttons.spi_bus"} == {19, 20, 21}
    assert parse_config("[leds]\npin = 12\n[buttons]\nspi_bus = 1\nselect_pin = 17\n[controls]\nmenu = 18").controls.menu == 18


def test_pi5_leds_on_spi1_beside_buttons_on_spi0_is_fine() -> None:
    config = parse_config('[leds]\nbackend = "spi"\n')
    assert ("leds.spi_bus", 20) in pin_claims(config) and ("buttons.spi_bus", 11) in pin_claims(config)


def test_station_map_round_trips_and_saves_atomically(tmp_path: Path) -> None:
    station_map = StationMap({1: 5, 2: 4}, {1: 17, 2: 3})
    path = tmp_path / "map.json"
    station_map.save(path)
    assert StationMap.load(path) == station_map
    assert not (tmp_path / "map.json.tmp").exists()


def test_playing_refuses_an_incomplete_map() -> None:
    station_map = StationMap.identity(range(1, 196))
    del station_map.buttons[7]
    with pytest.raises(MapError) as error:
        station_map.require_complete(STATIONS)
    assert str(error.value) == (
        "the station map is incomplete: no LED pixel for stations 196-199; "
        "no button for stations 7, 196-199 (run `scotland-yard calibrate`)"
    )
    StationMap.identity(STATIONS).require_complete(STATIONS)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not valid JSON"),
        ("[]", "not a station map file"),
        ('{"format": "scotland-yard-station-map", "version": 9}', "version 9"),
        ('{"format": "scotland-yard-station-map", "version": 1, "pixels": {"1": 0, "2": 0}}', "stations 1 and 2 share index 0"),
        ('{"format": "scotland-yard-station-map", "version": 1, "buttons": {"x": 0}}', "is not a station number"),
        ('{"format": "scotland-yard-station-map", "version": 1, "buttons": {"3": -1}}', "is not a station number"),
    ],
)
def test_a_corrupt_map_is_refused(text: str, message: str) -> None:
    with pytest.raises(MapError, match=message):
        StationMap.from_json(text)


def test_a_missing_map_says_how_to_make_one(tmp_path: Path) -> None:
    with pytest.raises(MapError, match="run `scotland-yard calibrate`"):
        StationMap.load(tmp_path / "none.json")


INSTALL_MD = Path(__file__).resolve().parents[2] / "hardware" / "INSTALL.md"


def test_every_example_config_in_install_md_is_accepted() -> None:
    blocks = re.findall(r"```toml\n(.*?)```", INSTALL_MD.read_text(encoding="utf-8"), re.DOTALL)
    assert len(blocks) >= 2
    for block in blocks:
        parse_config(block)


def test_install_md_offers_no_led_pin_the_config_refuses() -> None:
    """GPIO10 (rpi-ws281x over SPI0) is refused beside the buttons on SPI0, whose hardware SPI gpiozero needs."""
    with pytest.raises(ConfigError, match=r"leds\.pin and buttons\.spi_bus both use GPIO"):
        parse_config("[leds]\npin = 10\n")
    text = INSTALL_MD.read_text(encoding="utf-8")
    another_user = text[text.index("## Running as another user") :].split("\n## ", 1)[0]
    offered = another_user.split("install with")[0]  # the builds it says run without root
    assert "GPIO10" not in offered and "not offered" in another_user, "INSTALL.md offers the strip on GPIO10, which the config refuses"
    assert "10 (SPI)" not in text
