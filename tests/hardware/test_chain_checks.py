"""hw-test's chain checks: the button chain's links (on the real driver over the mock chips) and the LED data line."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from console.appliance import builder_tools
from hardware.builder.selftest import COLOURS, ChainCheck, check_chain, led_chain_test
from hardware.config import ButtonChainConfig, Config
from hardware.drivers.controls import FakeControlButtons
from hardware.drivers.leds import RecordingLeds
from hardware.drivers.mock_chain import MockShiftRegisterChain
from hardware.drivers.station_buttons import ShiftRegisterChain, StationButtonScanner
from hardware.station_map import StationMap

CHIPS = 29
STATIONS = range(1, 200)


def chain_check(mock_pins: MockFactory, *, pressed: tuple[int, ...] = (), serial_in_high: bool = True,
                **faults: object) -> ChainCheck:
    """``check_chain`` on the real driver over a mock reference chain (sentinels on), with *faults* set on the mock."""
    config = ButtonChainConfig(chips=CHIPS)
    mock = MockShiftRegisterChain(config, serial_in_high=serial_in_high, sentinels=True)
    for name, value in faults.items():
        assert hasattr(mock, name), name
        setattr(mock, name, value)
    mock.pressed = pressed
    chain = ShiftRegisterChain(config)
    try:
        return check_chain(chain, StationMap.wiring_order(STATIONS, CHIPS).buttons)
    finally:
        chain.close()
        mock.close()


def test_the_mock_chain_reads_its_tied_high_serial_input_past_the_last_chip(mock_pins: MockFactory) -> None:
    config = ButtonChainConfig(chips=2)
    mock = MockShiftRegisterChain(config)
    mock.pressed = {0, 15}
    assert ShiftRegisterChain(config).read_bytes(2) == bytes([0xFE, 0x7F, 0xFF, 0xFF])


def test_the_mock_reference_chain_reads_its_sentinels_low(mock_pins: MockFactory) -> None:
    config = ButtonChainConfig(chips=2)
    mock = MockShiftRegisterChain(config, sentinels=True)
    mock.pressed = {0, 9}  # a sentinel cannot be pressed: it is tied low already
    assert ShiftRegisterChain(config).read_bytes(1) == bytes([0xFE, 0xFC, 0xFF])


def test_a_sound_chain_passes_data(mock_pins: MockFactory) -> None:
    check = chain_check(mock_pins)
    assert check.passed and check.broken_chip is None
    assert str(check.message) == "button chain: 29 chips pass data"


def test_held_buttons_do_not_fail_a_sound_chain(mock_pins: MockFactory) -> None:
    assert chain_check(mock_pins, pressed=tuple(range(8 * 28, 8 * 29))).passed  # even the whole last chip held
    assert chain_check(mock_pins, pressed=tuple(range(0, 8 * 29, 3))).passed  # a third of every chip's


@pytest.mark.parametrize("level", [False, True], ids=["floats low", "floats high"])
@pytest.mark.parametrize("pressed", [(), (20,), tuple(range(48, 55))])  # none, one on chip 2, 7 of chip 6's 8
def test_a_broken_data_link_is_found_without_a_press_whichever_way_it_floats(mock_pins: MockFactory, level: bool,
                                                                            pressed: tuple[int, ...]) -> None:
    check = chain_check(mock_pins, broken_chip=7, broken_level=level, pressed=pressed)
    assert not check.passed and check.broken_chip == 7
    message = str(check.message)
    assert "chip 7 (stations 50-56)" in message and "from its QH to chip 6's SER" in message, message
    if level:  # the old blind spot: every bit past the break reads 1, like buttons at rest
        assert message.startswith("button chain: only 7 of 29 chips answer"), message


def test_a_dead_clock_on_one_module_is_found_without_a_press(mock_pins: MockFactory) -> None:
    check = chain_check(mock_pins, dead_clock=12)
    assert not check.passed and check.broken_chip == 12
    assert str(check.message) == ("button chain: chip 12 (stations 85-91) puts out one level for ever: check its CLK (pin 2) "
                                  "and SH/LD (pin 1), and its ribbon cable (from its QH to chip 11's SER)")


@pytest.mark.parametrize("level", [False, True], ids=["stuck low", "stuck high"])
def test_a_dead_load_line_on_one_module_is_found_without_a_press(mock_pins: MockFactory, level: bool) -> None:
    check = chain_check(mock_pins, dead_load=(20, level))
    assert not check.passed and check.broken_chip == 20
    message = str(check.message)
    assert "chip 20 (stations 141-147)" in message and "SH/LD (pin 1)" in message, message
    if level:  # it shifts the chain on, but never loads its buttons
        assert message.startswith("button chain: chip 20 (stations 141-147) does not load its buttons"), message


@pytest.mark.parametrize("fitted", [28, 25])
def test_a_missing_module_is_found_without_a_press(mock_pins: MockFactory, fitted: int) -> None:
    check = chain_check(mock_pins, modules=fitted)
    assert not check.passed and check.broken_chip == fitted
    assert str(check.message).startswith(f"button chain: only {fitted} of 29 chips answer; nothing answers from chip {fitted} ")


def test_the_last_chip_and_the_first_chip_are_named_too(mock_pins: MockFactory) -> None:
    assert chain_check(mock_pins, broken_chip=28).broken_chip == 28
    first = chain_check(mock_pins, broken_chip=0)
    assert first.broken_chip == 0 and "Pi's MISO" in str(first.message)


def test_a_last_serial_input_not_pulled_high_fails_without_blaming_a_chip(mock_pins: MockFactory) -> None:
    check = chain_check(mock_pins, serial_in_high=False)
    assert not check.passed and check.broken_chip is None and "SER pull-up" in str(check.message)


def test_a_chain_without_sentinels_is_refused_at_its_first_chip(mock_pins: MockFactory) -> None:
    """A chain wired the old way (a button on input H) has no known 0 to find: named, not passed."""
    config = ButtonChainConfig(chips=3)
    mock = MockShiftRegisterChain(config)
    chain = ShiftRegisterChain(config)
    check = check_chain(chain, {})
    chain.close()
    mock.close()
    assert not check.passed and check.broken_chip == 0 and "chips answer" in str(check.message)


def answers(*replies: str) -> tuple[list[str], Callable[[str], str]]:
    asked: list[str] = []
    queue = list(replies)

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return queue.pop(0)

    return asked, ask


def test_led_chain_walks_a_light_along_the_strip_and_passes_when_all_lit() -> None:
    leds, out = RecordingLeds(), io.StringIO()
    asked, ask = answers("")
    station_of_pixel = {p: p + 1 for p in range(10)}
    assert led_chain_test(leds, station_of_pixel, 10, out, ask, sleep=lambda _: None) is None
    assert [len(frame) for frame in leds.frames[:10]] == list(range(1, 11))
    assert set(leds.frames[9].values()) == {COLOURS["white"]} and leds.last == {}
    assert len(asked) == 1 and "all 10" in asked[0]
    assert out.getvalue() == "LED chain: all 10 pixels pass data.\n"


def test_led_chain_names_the_first_dark_pixel_and_the_wire_before_it() -> None:
    out = io.StringIO()
    _, ask = answers("many", "57")
    dark = led_chain_test(RecordingLeds(), {p: p + 1 for p in range(199)}, 199, out, ask, sleep=lambda _: None)
    assert dark == 57
    text = out.getvalue()
    assert "type a whole number" in text
    assert ("LED chain: pixel 57 (station 58) is the first dark one: check the data line from pixel 56's DOUT to "
            "pixel 57's DIN, and pixel 57's power.") in text


def test_led_chain_dark_from_the_start_points_at_the_pi() -> None:
    out = io.StringIO()
    _, ask = answers("0")
    assert led_chain_test(RecordingLeds(), {}, 5, out, ask, sleep=lambda _: None) == 0
    assert "from the Pi (and its level shifter) to pixel 0's DIN" in out.getvalue()


def test_hw_test_runs_both_chain_checks_on_the_real_chain_driver(
    tmp_path: Path, mock_pins: MockFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = Config(profile="pi")
    mock = MockShiftRegisterChain(config.buttons, sentinels=True)
    mock.broken_chip = 7
    scanner = StationButtonScanner(ShiftRegisterChain(config.buttons), StationMap.wiring_order(STATIONS, CHIPS).buttons, 0.02, 10)
    leds = RecordingLeds()

    def board(*_: object) -> tuple[RecordingLeds, StationButtonScanner, FakeControlButtons]:
        return leds, scanner, FakeControlButtons()

    monkeypatch.setattr(builder_tools, "build_board", board)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr("builtins.input", lambda _prompt: "130")
    out = io.StringIO()
    report = builder_tools.hw_test(config, tmp_path / "config.toml", list(STATIONS), out, 0.02, 0, 0)
    text = out.getvalue()
    assert "button chain: chip 7 (stations 50-56) puts out one level for ever" in text
    assert "LED chain: pixel 130 (station 131) is the first dark one" in text
    assert report.broken_chip == 7
    mock.close()
