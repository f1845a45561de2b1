"""The station-light pipeline (map, gamma, power budget, channel order, writes) and the Pi backends.

Everything runs the real ``LedStrip`` into a ``MemoryPixelWriter``; the Pi
libraries are never imported (a stand-in module is put in ``sys.modules``
where a backend's wiring to its library is checked).
"""

from __future__ import annotations

import doctest
import subprocess
import sys
import types
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

import pytest

import hardware.drivers.led_backends as led_backends
import hardware.drivers.leds as leds
from hardware.config import LedConfig
from hardware.drivers.led_backends import (
    RESET_BYTES,
    SPI_HZ,
    LedDriverError,
    LedDriverMissing,
    SpiWriter,
    Ws281xWriter,
    encode_ws2812_spi,
)
from hardware.drivers.leds import LedStrip, MemoryPixelWriter, PixelWriter, RecordingLeds, level_table
from hardware.interfaces import StationLeds

PLAIN = LedConfig(count=6, brightness=1.0, gamma=1.0, order="RGB", supply_amps=100.0)
"""No gamma, full brightness, no budget pressure: bytes out equal colours in."""


def pixels_of(data: bytes) -> list[tuple[int, int, int]]:
    return [tuple(data[i : i + 3]) for i in range(0, len(data), 3)]  # type: ignore[misc]


def make(config: LedConfig = PLAIN, pixels: dict[int, int] | None = None) -> tuple[LedStrip, MemoryPixelWriter]:
    writer = MemoryPixelWriter()
    return LedStrip(config, pixels if pixels is not None else {s: s - 1 for s in range(1, config.count + 1)}, writer), writer


# The station -> pixel map


def test_snaking_map_puts_each_station_on_its_pixel() -> None:
    strip, writer = make(pixels={1: 5, 2: 4, 3: 0, 4: 1})  # the strip runs back along the second row
    strip.show({1: (1, 1, 1), 2: (2, 2, 2), 3: (3, 3, 3), 4: (4, 4, 4)})
    assert pixels_of(writer.writes[-1]) == [(3, 3, 3), (4, 4, 4), (0, 0, 0), (0, 0, 0), (2, 2, 2), (1, 1, 1)]


def test_unknown_stations_are_ignored_and_unlit_pixels_dark() -> None:
    strip, writer = make(pixels={1: 2})
    strip.show({1: (9, 8, 7), 42: (255, 255, 255)})
    assert pixels_of(writer.writes[-1]) == [(0, 0, 0), (0, 0, 0), (9, 8, 7), (0, 0, 0), (0, 0, 0), (0, 0, 0)]


def test_a_station_left_out_of_the_next_frame_goes_dark() -> None:
    strip, writer = make()
    strip.show({1: (10, 20, 30), 2: (40, 50, 60)})
    strip.show({2: (40, 50, 60)})
    assert pixels_of(writer.writes[-1])[:2] == [(0, 0, 0), (40, 50, 60)]


def test_a_pixel_beyond_the_strip_is_refused() -> None:
    with pytest.raises(ValueError, match="station 3 is mapped to pixel 6"):
        make(pixels={1: 0, 3: 6})


def test_a_colour_a_strip_cannot_show_is_refused() -> None:
    strip, _ = make()
    with pytest.raises(ValueError):
        strip.show({1: (256, 0, 0)})


# Gamma and brightness


def test_level_table_values() -> None:
    assert level_table(1.0, 1.0) == bytes(range(256))
    table = level_table(2.2, 0.5)
    assert len(table) == 256
    # 127.5 * (v / 255) ** 2.2, rounded: worked out by hand for these levels.
    assert (table[0], table[1], table[64], table[128], table[255]) == (0, 0, 6, 28, 128)
    assert list(table) == sorted(table)
    assert level_table(2.2, 0.0) == bytes(256)


def test_strip_applies_gamma_and_brightness_to_every_channel() -> None:
    strip, writer = make(LedConfig(count=1, brightness=0.5, gamma=2.2, order="RGB"), {1: 0})
    strip.show({1: (255, 128, 64)})
    assert writer.writes[-1] == bytes([128, 28, 6])


# The power budget

BOARD = LedConfig(count=199, brightness=1.0, gamma=2.2, supply_amps=3.0, milliamps_per_channel=20.0, idle_milliamps=1.0, order="GRB")
EVERY_STATION = {s: s - 1 for s in range(1, 200)}


def test_full_white_board_is_scaled_under_the_supply() -> None:
    strip, writer = make(BOARD, EVERY_STATION)
    strip.show(dict.fromkeys(range(1, 200), (255, 255, 255)))
    unscaled = 199 * (1.0 + 3 * 20.0)
    assert unscaled > 3000
    assert 0.95 * 3000 < strip.last_milliamps <= 3000
    data = writer.writes[-1]
    estimate = 199 * 1.0 + sum(data) / 255 * 20.0
    assert estimate == pytest.approx(strip.last_milliamps)
    assert len(set(data)) == 1 and 0 < data[0] < 255


def test_dim_frame_is_untouched_byte_for_byte() -> None:
    strip, writer = make(BOARD, EVERY_STATION)
    strip.show({1: (255, 0, 0), 2: (0, 128, 64), 3: (64, 64, 64)})
    table = level_table(2.2, 1.0)
    expected = bytearray(199 * 3)
    expected[0:3] = bytes([0, 255, 0])  # GRB
    expected[3:6] = bytes([table[128], 0, table[64]])
    expected[6:9] = bytes([table[64]] * 3)
    assert writer.writes[-1] == bytes(expected)
    assert strip.last_milliamps == pytest.approx(199 + (255 + table[128] + 4 * table[64]) / 255 * 20)


def test_scaling_is_one_factor_for_every_channel() -> None:
    frame = {s: ((s * 37) % 256, (s * 91) % 256, 255 - s) for s in range(1, 200)}
    roomy, unscaled = make(replace(BOARD, supply_amps=100.0), EVERY_STATION)
    strip, scaled = make(BOARD, EVERY_STATION)
    roomy.show(frame)
    strip.show(frame)
    before, after = unscaled.writes[-1], scaled.writes[-1]
    assert before != after and strip.last_milliamps <= 3000
    factor = (3000 - 199) / (sum(before) * (20.0 / 255))
    assert 0.3 < factor < 1
    assert after == bytes(int(b * factor) for b in before)


def test_idle_current_over_the_supply_turns_everything_off() -> None:
    config = LedConfig(count=199, brightness=1.0, gamma=1.0, supply_amps=0.1, idle_milliamps=1.0)
    strip, writer = make(config, EVERY_STATION)
    strip.show({1: (255, 255, 255)})
    assert writer.writes[-1] == bytes(199 * 3)
    assert strip.last_milliamps == pytest.approx(199.0)


# Channel order


@pytest.mark.parametrize(
    ("order", "expected"),
    [("RGB", (10, 20, 30)), ("GRB", (20, 10, 30)), ("BRG", (30, 10, 20)), ("BGR", (30, 20, 10))],
)
def test_channel_order(order: str, expected: tuple[int, int, int]) -> None:
    strip, writer = make(LedConfig(count=2, brightness=1.0, gamma=1.0, order=order), {1: 1})
    strip.show({1: (10, 20, 30)})
    assert pixels_of(writer.writes[-1]) == [(0, 0, 0), expected]


# Writes, closing, the fakes


def test_only_changed_frames_are_written() -> None:
    strip, writer = make()
    strip.show({})
    strip.show({})
    strip.show({1: (1, 2, 3)})
    strip.show({1: (1, 2, 3)})
    strip.show({42: (9, 9, 9)})  # unmapped: the strip is dark again, which differs
    assert [pixels_of(w)[0] for w in writer.writes] == [(0, 0, 0), (1, 2, 3), (0, 0, 0)]


def test_close_darkens_and_closes_the_writer_once() -> None:
    strip, writer = make()
    strip.show({1: (200, 100, 50)})
    strip.close()
    assert writer.writes[-1] == bytes(6 * 3) and len(writer.writes) == 2
    assert writer.closed
    assert strip.last_milliamps == pytest.approx(6 * PLAIN.idle_milliamps)
    strip.close()
    assert len(writer.writes) == 2


def test_close_darkens_even_an_already_dark_strip() -> None:
    strip, writer = make()
    strip.show({})
    strip.close()
    assert writer.writes == [bytes(18), bytes(18)]


def test_strip_and_fakes_meet_the_protocols() -> None:
    strip, writer = make()
    assert isinstance(strip, StationLeds)
    assert isinstance(RecordingLeds(), StationLeds)
    assert isinstance(writer, PixelWriter)
    assert isinstance(SpiWriter(PLAIN, device=FakeSpi()), PixelWriter)


def test_memory_writer_refuses_writes_after_close() -> None:
    writer = MemoryPixelWriter()
    writer.write(b"\x01\x02\x03")
    writer.close()
    with pytest.raises(RuntimeError):
        writer.write(b"\x00\x00\x00")
    assert writer.writes == [b"\x01\x02\x03"]


def test_recording_leds_keeps_copies_of_every_frame() -> None:
    recorder = RecordingLeds()
    assert recorder.last == {}
    frame = {1: (255, 0, 0)}
    recorder.show(frame)
    frame[2] = (0, 255, 0)
    recorder.show({})
    assert recorder.frames == [{1: (255, 0, 0)}, {}]
    assert recorder.last == {}
    recorder.close()
    assert recorder.closed


@pytest.mark.parametrize("colour", [(256, 0, 0), (-1, 0, 0), (1.5, 0, 0), (1, 2)])
def test_recording_leds_refuses_colours_the_strip_would_refuse(colour: Any) -> None:
    recorder = RecordingLeds()
    with pytest.raises(ValueError, match="station 4"):
        recorder.show({4: colour})
    strip, _ = make()
    with pytest.raises((ValueError, TypeError)):
        strip.show({4: colour})


def test_module_examples() -> None:
    result = doctest.testmod(leds)
    assert result.attempted > 0 and result.failed == 0


# WS2812 over SPI


def test_encode_bit_patterns() -> None:
    gap = bytes(RESET_BYTES)
    assert encode_ws2812_spi(b"\x00") == gap + bytes([0b10010010, 0b01001001, 0b00100100]) + gap
    assert encode_ws2812_spi(b"\xff") == gap + bytes([0b11011011, 0b01101101, 0b10110110]) + gap
    assert encode_ws2812_spi(b"\x80") == gap + bytes([0b11010010, 0b01001001, 0b00100100]) + gap
    assert encode_ws2812_spi(b"\x80\x00") == gap + bytes([0xD2, 0x49, 0x24, 0x92, 0x49, 0x24]) + gap


def test_encode_frame_starts_and_ends_with_a_reset_low_period() -> None:
    # A first-pixel glitch on Pi 5 and CM4 without the leading gap: the frame
    # must open with at least the same low period (the 280 us latch of newer
    # WS2812B, which RESET_BYTES is sized for) as it closes with.
    reset_s = 280e-6
    encoded = encode_ws2812_spi(b"\xff\xff\xff")
    first_high = next(index for index, byte in enumerate(encoded) if byte)
    last_high = max(index for index, byte in enumerate(encoded) if byte)
    leading_low_bits = 8 * first_high + (8 - encoded[first_high].bit_length())
    trailing_low_bits = 8 * (len(encoded) - 1 - last_high) + (encoded[last_high] & -encoded[last_high]).bit_length() - 1
    assert leading_low_bits / SPI_HZ >= reset_s
    assert trailing_low_bits / SPI_HZ >= reset_s
    assert reset_s <= RESET_BYTES * 8 / SPI_HZ


def test_encode_reset_tail_is_long_enough() -> None:
    encoded = encode_ws2812_spi(b"")
    assert encoded == bytes(len(encoded))
    assert len(encoded) >= 30
    assert len(encoded) * 8 / 2_400_000 >= 280e-6  # newer WS2812B latch after 280 us low


def test_encode_every_byte_round_trips() -> None:
    data = bytes(range(256))
    encoded = encode_ws2812_spi(data)
    assert len(encoded) == RESET_BYTES + 3 * 256 + RESET_BYTES
    bits = "".join(f"{byte:08b}" for byte in encoded[RESET_BYTES : RESET_BYTES + 3 * 256])
    groups = [bits[i : i + 3] for i in range(0, len(bits), 3)]
    assert set(groups) == {"110", "100"}
    decoded = "".join("1" if group == "110" else "0" for group in groups)
    assert bytes(int(decoded[i : i + 8], 2) for i in range(0, len(decoded), 8)) == data


class FakeSpi:
    def __init__(self) -> None:
        self.sent: list[bytes] = []
        self.closed = False
        self.opened: tuple[int, int] | None = None
        self.max_speed_hz = 0
        self.mode = -1

    def open(self, bus: int, device: int) -> None:
        self.opened = (bus, device)

    def writebytes2(self, data: bytes) -> None:
        self.sent.append(bytes(data))

    def close(self) -> None:
        self.closed = True


def test_spi_writer_sends_encoded_frames_through_the_strip() -> None:
    device = FakeSpi()
    config = LedConfig(backend="spi", count=2, brightness=1.0, gamma=1.0, order="GRB")
    strip = LedStrip(config, {5: 0}, SpiWriter(config, device=device))
    strip.show({5: (255, 0, 0)})
    strip.close()
    assert device.sent == [encode_ws2812_spi(b"\x00\xff\x00\x00\x00\x00"), encode_ws2812_spi(bytes(6))]
    assert device.closed


@pytest.fixture
def fake_spidev(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[FakeSpi]:
    """A stand-in ``spidev`` module and sysfs buffer size; the devices it made."""
    made: list[FakeSpi] = []

    def spi_dev() -> FakeSpi:
        made.append(FakeSpi())
        return made[-1]

    monkeypatch.setitem(sys.modules, "spidev", types.SimpleNamespace(SpiDev=spi_dev))
    bufsiz = tmp_path / "bufsiz"
    bufsiz.write_text("4096\n")
    monkeypatch.setattr(led_backends, "SPIDEV_BUFSIZ", bufsiz)
    return made


def test_spi_writer_opens_the_configured_bus(fake_spidev: list[FakeSpi]) -> None:
    writer = SpiWriter(LedConfig(backend="spi", spi_bus=1, count=199))
    (device,) = fake_spidev
    assert device.opened == (1, 0) and device.max_speed_hz == 2_400_000 and device.mode == 0
    writer.write(bytes(199 * 3))
    assert device.sent == [encode_ws2812_spi(bytes(199 * 3))]


def test_spi_writer_refuses_a_frame_spidev_would_split(fake_spidev: list[FakeSpi]) -> None:
    with pytest.raises(LedDriverError, match=r"spidev\.bufsiz=8192"):
        SpiWriter(LedConfig(backend="spi", count=450))
    assert fake_spidev == []


def test_spi_writer_explains_a_missing_bus(fake_spidev: list[FakeSpi], monkeypatch: pytest.MonkeyPatch) -> None:
    def no_bus(bus: int, device: int) -> None:
        raise FileNotFoundError(2, "No such file or directory")

    monkeypatch.setattr(FakeSpi, "open", lambda self, bus, device: no_bus(bus, device))
    with pytest.raises(LedDriverError, match=r"/dev/spidev1\.0 .*dtoverlay=spi1-1cs for bus 1"):
        SpiWriter(LedConfig(backend="spi"))


@pytest.mark.parametrize(("module", "make_writer"), [("spidev", SpiWriter), ("rpi_ws281x", Ws281xWriter)])
def test_missing_driver_library_says_to_install_the_pi_extra(monkeypatch: pytest.MonkeyPatch, module: str, make_writer: Any) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # makes `import module` fail, installed or not
    with pytest.raises(LedDriverMissing, match="`pi` extra") as caught:
        make_writer(LedConfig())
    assert isinstance(caught.value, ImportError)


# rpi-ws281x, wired to a stand-in (the real PixelStrip must never be built off a Pi)


class FakePixelStrip:
    made: ClassVar[list[FakePixelStrip]] = []

    def __init__(self, num: int, pin: int, **options: Any) -> None:
        self.args = (num, pin)
        self.options = options
        self.pixels = [0] * num
        self.shown: list[list[int]] = []
        self.begun = self.cleaned = False
        FakePixelStrip.made.append(self)

    def begin(self) -> None:
        self.begun = True

    def setPixelColor(self, n: int, color: int) -> None:
        self.pixels[n] = color

    def show(self) -> None:
        self.shown.append(list(self.pixels))

    def _cleanup(self) -> None:
        self.cleaned = True


@pytest.fixture
def fake_ws281x(monkeypatch: pytest.MonkeyPatch) -> type[FakePixelStrip]:
    FakePixelStrip.made = []
    module = types.SimpleNamespace(PixelStrip=FakePixelStrip, ws=types.SimpleNamespace(WS2811_STRIP_RGB=0x00100800))
    monkeypatch.setitem(sys.modules, "rpi_ws281x", module)
    return FakePixelStrip


@pytest.mark.parametrize(("pin", "channel"), [(18, 0), (12, 0), (21, 0), (10, 0), (13, 1), (19, 1)])
def test_ws281x_writer_builds_a_raw_rgb_strip(fake_ws281x: type[FakePixelStrip], pin: int, channel: int) -> None:
    Ws281xWriter(LedConfig(pin=pin, count=199))
    (strip,) = fake_ws281x.made
    assert strip.args == (199, pin) and strip.begun
    assert strip.options == {
        "freq_hz": 800_000,
        "dma": 10,
        "invert": False,
        "brightness": 255,
        "channel": channel,
        "strip_type": 0x00100800,
    }


def test_ws281x_writer_sends_our_bytes_as_given(fake_ws281x: type[FakePixelStrip]) -> None:
    config = LedConfig(count=2, brightness=1.0, gamma=1.0, order="GRB")
    leds_strip = LedStrip(config, {1: 1}, Ws281xWriter(config))
    leds_strip.show({1: (0x11, 0x22, 0x33)})
    leds_strip.close()
    (strip,) = fake_ws281x.made
    assert strip.shown == [[0, 0x221133], [0, 0]]
    assert strip.cleaned


def test_ws281x_start_failure_is_explained(fake_ws281x: type[FakePixelStrip], monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(self: FakePixelStrip) -> None:
        raise RuntimeError("ws2811_init failed with code -3 (Hardware revision is not supported)")

    monkeypatch.setattr(FakePixelStrip, "begin", fail)
    with pytest.raises(LedDriverError, match=r'Hardware revision.*leds\.backend = "spi"'):
        Ws281xWriter(LedConfig())


# Import safety


def test_importing_the_led_modules_loads_no_pi_library() -> None:
    code = (
        "import sys, hardware.drivers.leds, hardware.drivers.led_backends\n"
        "print(sorted(m for m in ('rpi_ws281x', '_rpi_ws281x', 'spidev') if m in sys.modules))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            cwd=Path(__file__).resolve().parents[2])
    assert result.stdout.strip() == "[]"
