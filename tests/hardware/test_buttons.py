"""Station and control buttons: the real gpiozero drivers on MockFactory, the scanner, the fakes."""

from __future__ import annotations

import random
import threading

import pytest
from gpiozero import Button, Device, DeviceClosed, GPIOPinInUse
from gpiozero.pins.mock import MockFactory
from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.config import SPI_BUS_PINS, ButtonChainConfig, ControlConfig
from hardware.drivers.controls import FakeControlButtons, GpioControlButtons
from hardware.drivers.mock_chain import MockShiftRegisterChain
from hardware.drivers.station_buttons import FakeStationButtons, ShiftRegisterChain, StationButtonScanner
from hardware.interfaces import (
    ControlButtons,
    Key,
    KeyPressed,
    StationButtons,
    StationPressed,
    StationReleased,
    StationStuck,
)
from tests.conftest import scaled


def as_int(bits: set[int] | frozenset[int]) -> int:
    return sum(1 << bit for bit in bits)


def open_chain(config: ButtonChainConfig) -> tuple[MockShiftRegisterChain, ShiftRegisterChain]:
    mock = MockShiftRegisterChain(config)  # the mock first: it claims its pins as SPI mock pins
    return mock, ShiftRegisterChain(config)


# ---------------------------------------------------------------- the chain driver


def patterns(bits: int) -> list[set[int]]:
    rng = random.Random(bits)
    return [
        set(),
        set(range(bits)),
        {0},
        {7},
        {8 % bits},
        {bits - 1},
        set(range(0, bits, 2)),
        set(range(1, bits, 3)),
        set(rng.sample(range(bits), bits // 3)),
    ]


@pytest.mark.parametrize("chips", [1, 2, 3, 8, 25])
def test_chain_reads_every_pattern_bit_exact(mock_pins: MockFactory, chips: int) -> None:
    mock, chain = open_chain(ButtonChainConfig(chips=chips))
    for pressed in patterns(chips * 8):
        mock.pressed = pressed
        assert chain.read() == as_int(pressed), sorted(pressed)
        # Active low: a pressed input is electrically low.
        assert chain.read_levels() == as_int(pressed) ^ ((1 << chips * 8) - 1)
    chain.close()
    mock.close()


@given(chips=st.integers(1, 25), data=st.data())
@settings(max_examples=40)
def test_chain_reads_random_sets(chips: int, data: st.DataObject) -> None:
    pressed = data.draw(st.frozensets(st.integers(0, chips * 8 - 1)))
    saved = Device.pin_factory
    Device.pin_factory = MockFactory()
    try:
        mock, chain = open_chain(ButtonChainConfig(chips=chips))
        mock.pressed = pressed
        assert chain.read() == as_int(pressed)
        chain.close()
    finally:
        Device.pin_factory.reset()
        Device.pin_factory = saved


def test_chain_active_high_inputs(mock_pins: MockFactory) -> None:
    config = ButtonChainConfig(chips=2, active_low=False)
    mock, chain = open_chain(config)
    mock.pressed = {1, 9, 15}
    assert chain.read_levels() == as_int({1, 9, 15})
    assert chain.read() == as_int({1, 9, 15})


def test_chain_follows_presses_and_releases_between_reads(mock_pins: MockFactory) -> None:
    mock, chain = open_chain(ButtonChainConfig(chips=3))
    mock.press(4)
    assert chain.read() == 1 << 4
    mock.press(20)
    assert chain.read() == 1 << 4 | 1 << 20
    mock.release(4)
    assert chain.read() == 1 << 20
    mock.release(20)
    assert chain.read() == 0


def test_chain_uses_the_configured_bus_and_pins(mock_pins: MockFactory) -> None:
    config = ButtonChainConfig(chips=1, spi_bus=0, load_pin=22, select_pin=27)
    mock, chain = open_chain(config)
    mock.pressed = {3}
    assert chain.read() == 1 << 3
    bus = SPI_BUS_PINS[0]
    for gpio in (bus["sclk"], bus["miso"], 22, 27):
        with pytest.raises(GPIOPinInUse):
            Button(gpio)
    chain.close()
    for gpio in (bus["sclk"], bus["miso"], 22, 27):
        Button(gpio).close()  # released by close()


def test_chain_on_a_taken_pin_fails_cleanly(mock_pins: MockFactory) -> None:
    config = ButtonChainConfig(chips=1)
    MockShiftRegisterChain(config)
    taken = Button(SPI_BUS_PINS[config.spi_bus]["miso"])
    with pytest.raises(GPIOPinInUse) as failure:
        ShiftRegisterChain(config)
    # Even while the traceback keeps the half-built chain alive, its load pin is free.
    Button(config.load_pin).close()
    assert failure.traceback
    taken.close()
    ShiftRegisterChain(config).close()


def test_mock_chain_behaves_like_the_chips(mock_pins: MockFactory) -> None:
    """Independent of the driver: SH/LD low latches and shows the first bit; rising CLK shifts."""
    config = ButtonChainConfig(chips=1)
    mock = MockShiftRegisterChain(config)
    bus = SPI_BUS_PINS[config.spi_bus]
    clock, miso, load = mock_pins.pin(bus["sclk"]), mock_pins.pin(bus["miso"]), mock_pins.pin(config.load_pin)
    clock.function = load.function = "output"
    load.state = True
    mock.pressed = {1, 2}  # active low: levels 1 0 0 1 1 1 1 1
    load.state = False
    mock.pressed = set()  # after the latch: no effect on this read
    clock.state = True  # clock edges while loading do nothing
    clock.state = False
    load.state = True
    seen = [miso.state]
    for _ in range(8):
        clock.state = True
        seen.append(miso.state)
        clock.state = False
        assert miso.state == seen[-1]  # falling edges do not shift
    assert seen == [1, 0, 0, 1, 1, 1, 1, 1, 1]  # then the last chip's serial input, tied high


def test_mock_chain_refuses_bits_outside_the_chain(mock_pins: MockFactory) -> None:
    mock = MockShiftRegisterChain(ButtonChainConfig(chips=2))
    with pytest.raises(ValueError, match=r"\[16\]"):
        mock.press(16)
    with pytest.raises(ValueError):
        mock.pressed = {-1}


def test_mock_chain_must_come_before_the_driver(mock_pins: MockFactory) -> None:
    config = ButtonChainConfig(chips=1)
    mock_pins.pin(config.load_pin)
    with pytest.raises(ValueError, match="before the driver"):
        MockShiftRegisterChain(config)


def test_mock_chain_keeps_pin_history_short(mock_pins: MockFactory) -> None:
    mock, chain = open_chain(ButtonChainConfig(chips=4))
    for _ in range(50):
        chain.read()
    assert len(mock.clock_pin.states) <= 2 * 32 + 2


# ---------------------------------------------------------------- the scanner


class Clock:
    """A settable clock. Tests keep half a millisecond from every limit: float sums are inexact."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class MemoryChain:
    """A chain whose pressed bits the test sets directly."""

    def __init__(self) -> None:
        self.pressed: set[int] = set()
        self.closed = False

    def read(self) -> int:
        return as_int(self.pressed)

    def close(self) -> None:
        self.closed = True


DEBOUNCE = 0.020
STUCK = 10.0


@pytest.fixture
def rig() -> tuple[MemoryChain, Clock, StationButtonScanner]:
    chain, clock = MemoryChain(), Clock()
    # Station 1 on bit 5, station 2 on bit 0, station 3 on bit 40; other bits unmapped.
    return chain, clock, StationButtonScanner(chain, {1: 5, 2: 0, 3: 40}, DEBOUNCE, STUCK, clock)


def at(clock: Clock, scanner: StationButtonScanner, t: float) -> list[object]:
    clock.now = t
    return list(scanner.poll())


def test_scanner_is_a_station_buttons() -> None:
    assert isinstance(StationButtonScanner(MemoryChain(), {}, DEBOUNCE, STUCK), StationButtons)


def test_press_and_release_after_debounce(rig: tuple[MemoryChain, Clock, StationButtonScanner]) -> None:
    chain, clock, scanner = rig
    assert at(clock, scanner, 0.0) == []
    chain.pressed = {5}
    assert at(clock, scanner, 0.001) == []
    assert at(clock, scanner, 0.0205) == []
    assert at(clock, scanner, 0.0215) == [StationPressed(1)]
    assert at(clock, scanner, 0.500) == []
    chain.pressed = set()
    assert at(clock, scanner, 1.000) == []
    assert at(clock, scanner, 1.0195) == []
    assert at(clock, scanner, 1.0205) == [StationReleased(1)]
    assert at(clock, scanner, 2.000) == []


def test_bounces_shorter_than_debounce_give_nothing(rig: tuple[MemoryChain, Clock, StationButtonScanner]) -> None:
    chain, clock, scanner = rig
    t = 0.0
    for _ in range(20):  # chatter every 5 ms, never stable for 20 ms
        chain.pressed ^= {5}
        assert at(clock, scanner, t) == []
        t += 0.005
    chain.pressed = set()
    for _ in range(5):
        assert at(clock, scanner, t) == []
        t += 0.1


def test_bounce_restarts_the_debounce_time(rig: tuple[MemoryChain, Clock, StationButtonScanner]) -> None:
    chain, clock, scanner = rig
    chain.pressed = {5}
    assert at(clock, scanner, 0.000) == []
    chain.pressed = set()
    assert at(clock, scanner, 0.010) == []
    chain.pressed = {5}
    assert at(clock, scanner, 0.015) == []
    assert at(clock, scanner, 0.030) == []  # 30 ms after the first contact, only 15 ms after the last
    assert at(clock, scanner, 0.0345) == []
    assert at(clock, scanner, 0.0355) == [StationPressed(1)]


def test_release_bounce_does_not_release(rig: tuple[MemoryChain, Clock, StationButtonScanner]) -> None:
    chain, clock, scanner = rig
    chain.pressed = {5}
    at(clock, scanner, 0.0)
    assert at(clock, scanner, 0.05) == [StationPressed(1)]
    chain.pressed = set()
    assert at(clock, scanner, 0.06) == []
    chain.pressed = {5}
    assert at(clock, scanner, 0.07) == []
    assert at(clock, scanner, 1.0) == []


def test_zero_debounce_reports_at_once() -> None:
    chain, clock = MemoryChain(), Clock()
    scanner = StationButtonScanner(chain, {7: 3}, 0.0, STUCK, clock)
    chain.pressed = {3}
    assert at(clock, scanner, 0.0) == [StationPressed(7)]
    chain.pressed = set()
    assert at(clock, scanner, 0.001) == [StationReleased(7)]


def test_events_come_in_the_order_the_changes_were_seen(rig: tuple[MemoryChain, Clock, StationButtonScanner]) -> None:
    chain, clock, scanner = rig
    chain.pressed = {40}
    at(clock, scanner, 0.000)
    chain.pressed = {40, 5, 0}  # seen together: lower bit first
    at(clock, scanner, 0.005)
    assert at(clock, scanner, 0.100) == [StationPressed(3), StationPressed(2), StationPressed(1)]
    chain.pressed = {40, 0}
    at(clock, scanner, 0.200)
    chain.pressed = {40, 5}  # station 2 up, station 1 down again
    at(clock, scanner, 0.210)
    chain.pressed = {5}
    at(clock, scanner, 0.215)
    assert at(clock, scanner, 0.300) == [StationReleased(2), StationReleased(3)]


def test_stuck_button_is_reported_once_and_ignored(rig: tuple[MemoryChain, Clock, StationButtonScanner]) -> None:
    chain, clock, scanner = rig
    chain.pressed = {5}
    at(clock, scanner, 0.0)
    assert at(clock, scanner, 0.0205) == [StationPressed(1)]
    assert at(clock, scanner, 10.02) == []
    assert at(clock, scanner, 10.021) == [StationStuck(1)]
    assert at(clock, scanner, 11.0) == []
    assert at(clock, scanner, 100.0) == []
    # Other buttons still work while station 1 is stuck.
    chain.pressed = {5, 0}
    at(clock, scanner, 101.0)
    assert at(clock, scanner, 101.05) == [StationPressed(2)]
    chain.pressed = {5}
    at(clock, scanner, 101.1)
    assert at(clock, scanner, 101.15) == [StationReleased(2)]
    assert at(clock, scanner, 150.0) == []


def test_stuck_button_recovers_when_released(rig: tuple[MemoryChain, Clock, StationButtonScanner]) -> None:
    chain, clock, scanner = rig
    chain.pressed = {5}
    at(clock, scanner, 0.0)
    assert at(clock, scanner, 0.0205) == [StationPressed(1)]
    assert at(clock, scanner, 20.0) == [StationStuck(1)]
    chain.pressed = set()
    assert at(clock, scanner, 30.0) == []
    assert at(clock, scanner, 30.0205) == [StationReleased(1)]
    chain.pressed = {5}
    at(clock, scanner, 31.0)
    assert at(clock, scanner, 31.0205) == [StationPressed(1)]
    assert at(clock, scanner, 41.02) == []  # the stuck time starts again from the new press
    assert at(clock, scanner, 41.021) == [StationStuck(1)]


def test_a_button_being_released_is_not_reported_stuck(rig: tuple[MemoryChain, Clock, StationButtonScanner]) -> None:
    chain, clock, scanner = rig
    chain.pressed = {5}
    at(clock, scanner, 0.0)
    assert at(clock, scanner, 0.0205) == [StationPressed(1)]
    chain.pressed = set()
    assert at(clock, scanner, 10.01) == []  # held 9.99 s, now being released
    assert at(clock, scanner, 10.025) == []  # held 10.005 s, but its release is pending
    assert at(clock, scanner, 10.031) == [StationReleased(1)]


def test_unmapped_bits_are_ignored_but_visible_raw(rig: tuple[MemoryChain, Clock, StationButtonScanner]) -> None:
    chain, clock, scanner = rig
    chain.pressed = {1, 6, 41, 199}
    for t in (0.0, 0.1, 20.0, 40.0):
        assert at(clock, scanner, t) == []
    assert scanner.raw_pressed() == {1, 6, 41, 199}


def test_raw_pressed_with_an_empty_map_on_the_real_driver(mock_pins: MockFactory) -> None:
    mock, chain = open_chain(ButtonChainConfig(chips=25))
    scanner = StationButtonScanner(chain, {}, DEBOUNCE, STUCK)
    mock.pressed = {0, 8, 123, 199}
    assert scanner.raw_pressed() == {0, 8, 123, 199}
    assert scanner.poll() == []


def test_scanner_on_the_real_driver(mock_pins: MockFactory) -> None:
    mock, chain = open_chain(ButtonChainConfig(chips=25))
    clock = Clock()
    scanner = StationButtonScanner(chain, {42: 197, 1: 3}, DEBOUNCE, STUCK, clock)
    mock.press(197)
    at(clock, scanner, 0.0)
    assert at(clock, scanner, 0.03) == [StationPressed(42)]
    mock.release(197)
    at(clock, scanner, 0.1)
    assert at(clock, scanner, 0.13) == [StationReleased(42)]
    scanner.close()
    with pytest.raises(DeviceClosed):
        chain.read()


def test_scanner_refuses_a_bit_shared_by_two_stations() -> None:
    with pytest.raises(ValueError, match="share"):
        StationButtonScanner(MemoryChain(), {1: 4, 2: 4}, DEBOUNCE, STUCK)


def test_scanner_close_closes_the_chain(rig: tuple[MemoryChain, Clock, StationButtonScanner]) -> None:
    chain, _, scanner = rig
    scanner.close()
    assert chain.closed


def reference_events(steps: list[tuple[float, frozenset[int]]], stations: dict[int, int]) -> list[object]:
    """A slow, per-bit model of the documented rules, to check the bitset code against."""
    stable: dict[int, bool] = dict.fromkeys(stations, False)
    last: dict[int, bool] = dict.fromkeys(stations, False)
    since: dict[int, float] = {}
    pressed_at: dict[int, float] = {}
    stuck: set[int] = set()
    events: list[object] = []
    for now, raw in steps:
        for bit in sorted(stations):
            level = bit in raw
            if level != last[bit]:
                last[bit] = level
                if level != stable[bit]:
                    since[bit] = now
                else:
                    del since[bit]
        due = sorted((t, bit) for bit, t in since.items() if now - t >= DEBOUNCE)
        for _, bit in due:
            del since[bit]
            stable[bit] = not stable[bit]
            if stable[bit]:
                pressed_at[bit] = now
                events.append(StationPressed(stations[bit]))
            else:
                stuck.discard(bit)
                pressed_at.pop(bit)
                events.append(StationReleased(stations[bit]))
        for bit in list(pressed_at):  # in the order the presses were reported
            if bit not in stuck and bit not in since and now - pressed_at[bit] >= STUCK:
                stuck.add(bit)
                events.append(StationStuck(stations[bit]))
    return events


@given(
    st.lists(
        st.tuples(st.sampled_from([0.001, 0.005, 0.019, 0.02, 0.05, 3.0, 12.0]), st.frozensets(st.integers(0, 9))),
        max_size=60,
    )
)
@settings(max_examples=scaled(100))
def test_scanner_matches_a_per_bit_model(script: list[tuple[float, frozenset[int]]]) -> None:
    stations = {0: 10, 2: 12, 3: 13, 7: 17, 9: 19}  # bit -> station; bits 1, 4, 5, 6, 8 unmapped
    chain, clock = MemoryChain(), Clock()
    scanner = StationButtonScanner(chain, {s: b for b, s in stations.items()}, DEBOUNCE, STUCK, clock)
    steps, events, now = [], [], 0.0
    for dt, raw in script:
        now += dt
        chain.pressed = set(raw)
        clock.now = now
        events += scanner.poll()
        steps.append((now, raw))
    assert events == reference_events(steps, stations)


# ---------------------------------------------------------------- control buttons


def test_control_buttons_are_control_buttons(mock_pins: MockFactory) -> None:
    controls = GpioControlButtons(ControlConfig())
    assert isinstance(controls, ControlButtons)
    assert isinstance(FakeControlButtons(), ControlButtons)
    controls.close()


@pytest.mark.parametrize("key", list(Key))
def test_each_key_on_its_own_gpio(mock_pins: MockFactory, key: Key) -> None:
    config = ControlConfig()
    controls = GpioControlButtons(config)
    pin = mock_pins.pin(getattr(config, key.value))
    assert controls.poll() == []
    pin.drive_low()
    assert controls.poll() == [KeyPressed(key)]
    pin.drive_high()  # a release is no event
    assert controls.poll() == []
    controls.close()


def test_presses_come_in_order(mock_pins: MockFactory) -> None:
    config = ControlConfig(choice_1=2, choice_2=3, choice_3=4, choice_4=14, confirm=15, undo=18, menu=27)
    controls = GpioControlButtons(config)
    order = [Key.CHOICE_3, Key.CONFIRM, Key.CHOICE_3, Key.UNDO, Key.MENU, Key.CHOICE_1, Key.CHOICE_4, Key.CHOICE_2]
    for key in order:
        pin = mock_pins.pin(getattr(config, key.value))
        pin.drive_low()
        pin.drive_high()
    assert controls.poll() == [KeyPressed(key) for key in order]
    assert controls.poll() == []
    controls.close()


def test_presses_from_other_threads_are_all_kept(mock_pins: MockFactory) -> None:
    config = ControlConfig()
    controls = GpioControlButtons(config)

    def hammer(key: Key) -> None:
        pin = mock_pins.pin(getattr(config, key.value))
        for _ in range(200):
            pin.drive_low()
            pin.drive_high()

    threads = [threading.Thread(target=hammer, args=(key,)) for key in (Key.CONFIRM, Key.UNDO, Key.MENU)]
    for thread in threads:
        thread.start()
    presses: list[KeyPressed] = []
    while any(thread.is_alive() for thread in threads):
        presses += controls.poll()
    for thread in threads:
        thread.join()
    presses += controls.poll()
    assert len(presses) == 600
    assert {press.key for press in presses} == {Key.CONFIRM, Key.UNDO, Key.MENU}
    controls.close()


def test_close_releases_the_pins(mock_pins: MockFactory) -> None:
    config = ControlConfig()
    controls = GpioControlButtons(config)
    with pytest.raises(GPIOPinInUse):
        Button(config.confirm)
    controls.close()
    mock_pins.pin(config.confirm).drive_low()
    assert controls.poll() == []
    for key in Key:
        Button(getattr(config, key.value)).close()


def test_a_pin_in_use_fails_cleanly(mock_pins: MockFactory) -> None:
    config = ControlConfig()
    taken = Button(config.menu)
    with pytest.raises(GPIOPinInUse):
        GpioControlButtons(config)
    taken.close()
    GpioControlButtons(config).close()  # the half-built one let its pins go


# ---------------------------------------------------------------- the fakes


def test_fake_station_buttons() -> None:
    fake = FakeStationButtons()
    assert isinstance(fake, StationButtons)
    assert fake.poll() == []
    fake.press(13)
    fake.release(13)
    fake.stick(199)
    fake.press(1)
    assert fake.poll() == [StationPressed(13), StationReleased(13), StationStuck(199), StationPressed(1)]
    assert fake.poll() == []
    assert not fake.closed
    fake.close()
    assert fake.closed


def test_fake_control_buttons() -> None:
    fake = FakeControlButtons()
    assert fake.poll() == []
    fake.press(Key.MENU)
    fake.press(Key.CHOICE_2)
    assert fake.poll() == [KeyPressed(Key.MENU), KeyPressed(Key.CHOICE_2)]
    assert fake.poll() == []
    fake.close()
    assert fake.closed
