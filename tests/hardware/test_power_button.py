"""The power button: gpiozero on MockFactory with an injected clock, its config, its place in the bundle, the simulator's key."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from gpiozero import Button, GPIOPinInUse
from gpiozero.pins.mock import MockFactory

from console.cli import board_drawing
from hardware.config import Config, ConfigError, ControlConfig, parse_config, pin_claims
from hardware.drivers.handheld import MemoryHandheldLink
from hardware.drivers.power_button import HOLD_S, FakePowerButton, GpioPowerButton
from hardware.factory import build_hardware, build_power_button
from hardware.interfaces import NoPowerButton, PowerButton, PowerPressed
from hardware.sim import open_window
from hardware.sim.script import ManualClock, ScriptError, ScriptRunner, parse_script
from hardware.sim.window import POWER_KEY, SimPowerButton
from hardware.station_map import StationMap

SHORT, LONG = [PowerPressed(held=False)], [PowerPressed(held=True)]


@pytest.fixture
def button(mock_pins: MockFactory) -> tuple[GpioPowerButton, ManualClock]:
    clock = ManualClock()
    return GpioPowerButton(3, clock=clock), clock


def test_released_before_the_hold_time_is_a_short_press(button: tuple[GpioPowerButton, ManualClock], mock_pins: MockFactory) -> None:
    power, clock = button
    pin = mock_pins.pin(3)
    pin.drive_low()
    clock.now = HOLD_S - 0.01
    assert power.poll() == []  # still down: nothing yet
    pin.drive_high()
    assert power.poll() == SHORT
    assert power.poll() == []
    power.close()


def test_held_for_the_hold_time_is_a_long_press_at_once_and_its_release_nothing(
        button: tuple[GpioPowerButton, ManualClock], mock_pins: MockFactory) -> None:
    power, clock = button
    pin = mock_pins.pin(3)
    clock.now = 10.0
    pin.drive_low()
    clock.now = 10.0 + HOLD_S
    assert power.poll() == LONG  # before the release
    clock.now = 20.0
    assert power.poll() == []
    pin.drive_high()
    assert power.poll() == []
    power.close()


def test_a_long_press_released_before_the_loop_looked_is_still_long(button: tuple[GpioPowerButton, ManualClock],
                                                                      mock_pins: MockFactory) -> None:
    power, clock = button
    pin = mock_pins.pin(3)
    pin.drive_low()
    clock.now = HOLD_S + 1
    pin.drive_high()
    assert power.poll() == LONG


def test_presses_come_in_order(button: tuple[GpioPowerButton, ManualClock], mock_pins: MockFactory) -> None:
    power, clock = button
    pin = mock_pins.pin(3)
    for down_s in (0.2, 4.0, 0.1):
        pin.drive_low()
        clock.now += down_s
        pin.drive_high()
        clock.now += 1.0
    assert power.poll() == [*SHORT, *LONG, *SHORT]


def test_a_button_already_down_at_start_is_not_a_press_when_released(mock_pins: MockFactory) -> None:
    mock_pins.pin(3).drive_low()
    clock = ManualClock()
    power = GpioPowerButton(3, clock=clock)
    clock.now = 10.0
    assert power.poll() == []
    mock_pins.pin(3).drive_high()
    assert power.poll() == []
    power.close()


def test_the_pi_s_power_button_is_on_gpio3_and_holds_it(mock_pins: MockFactory) -> None:
    power = build_power_button(Config(profile="pi"))
    assert isinstance(power, GpioPowerButton) and isinstance(power, PowerButton)
    with pytest.raises(GPIOPinInUse):
        Button(3)
    power.close()
    Button(3).close()  # let go


def test_power_0_means_no_power_button(mock_pins: MockFactory) -> None:
    config = parse_config('profile = "pi"\n[controls]\npower = 0')
    assert isinstance(build_power_button(config), NoPowerButton)
    assert ("controls.power", 0) not in pin_claims(config)
    Button(3).close()  # GPIO3 stays free (for I2C1, say)


def test_the_fake_profile_has_a_fake_button_in_its_bundle() -> None:
    hardware = build_hardware(Config(profile="fake"), StationMap.identity(range(1, 200)), range(1, 200))
    assert isinstance(hardware.power, FakePowerButton)
    hardware.power.press(held=True)
    assert hardware.power.poll() == LONG
    hardware.close()
    assert hardware.power.closed


def test_gpio3_is_claimed_like_every_pin() -> None:
    assert ("controls.power", 3) in pin_claims(Config())
    with pytest.raises(ConfigError, match=r"^controls.menu and controls.power both use GPIO 3$"):
        parse_config("[controls]\nmenu = 3")
    with pytest.raises(ConfigError, match=r"^controls.power: GPIO 1 does not exist"):
        parse_config("[controls]\npower = 1")
    with pytest.raises(ConfigError, match=r"^controls.power: must be a whole number"):
        parse_config("[controls]\npower = false")
    assert parse_config("[controls]\npower = 17").controls.power == 17
    assert ControlConfig().power == 3


# ---------------------------------------------------------------- the simulator's key


@pytest.fixture
def window_power() -> Iterator[SimPowerButton]:
    hardware, _ = open_window(Config(), board_drawing(), MemoryHandheldLink(), headless=True)
    assert isinstance(hardware.power, SimPowerButton)
    yield hardware.power
    hardware.close()


def key(kind: int, shift: bool = False) -> None:
    pygame.event.post(pygame.event.Event(kind, key=POWER_KEY, mod=pygame.KMOD_SHIFT if shift else 0, unicode="", scancode=0))


def test_the_simulator_s_power_key_tapped_is_a_short_press_and_with_shift_a_long_one(window_power: SimPowerButton) -> None:
    key(pygame.KEYDOWN)
    key(pygame.KEYUP)
    assert window_power.poll() == SHORT
    key(pygame.KEYDOWN, shift=True)
    assert window_power.poll() == LONG
    key(pygame.KEYUP, shift=True)
    assert window_power.poll() == []


def test_the_simulator_s_power_key_held_is_a_long_press_before_it_is_let_go(window_power: SimPowerButton,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    now = [100.0]
    monkeypatch.setattr("hardware.sim.window.time.monotonic", lambda: now[0])
    key(pygame.KEYDOWN)
    assert window_power.poll() == []
    now[0] += HOLD_S
    assert window_power.poll() == LONG
    key(pygame.KEYUP)
    assert window_power.poll() == []


def test_scripts_press_the_power_button(window_power: SimPowerButton) -> None:
    commands = parse_script("power\npower hold\nPOWER HOLD", range(1, 200))
    assert [(c.verb, c.argument) for c in commands] == [("power", ""), ("power", "hold"), ("power", "hold")]
    window = window_power.window
    heard: list[PowerPressed] = []
    ScriptRunner(window, ManualClock(), None, lambda: heard.extend(window_power.poll())).run(commands)
    assert heard == [*SHORT, *LONG, *LONG]
    with pytest.raises(ScriptError, match="line 1: power is pressed briefly"):
        parse_script("power twice", range(1, 200))
