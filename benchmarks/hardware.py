"""Benchmark of the hardware layer's Python side: ``python -m benchmarks.hardware``.

Prints one ``name: value`` a line:

- ``led_frame_ms``: build a frame colouring all 199 stations and send it
  through the whole LED pipeline (map, gamma, brightness, power budget, channel
  order) and the Pi 5's SPI encoding; every frame differs, so each is sent. The wire needs
  about 6 ms a frame at 800 kHz; our side must stay well under it.
- ``led_frame_over_budget_ms``: the same for full-white frames, which the
  power budget scales down (the worst case).
- ``button_scan_ms``: one full scan of the 29-chip chain with debounce through
  the real driver code on gpiozero's mock pins (software SPI over mock pins is
  slower than the Pi's kernel SPI, so this is an upper bound of our Python work).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from benchmarks.figures import Figure, ms_per_call, timed_command
from hardware.config import ButtonChainConfig, LedConfig
from hardware.drivers.led_backends import encode_ws2812_spi
from hardware.drivers.leds import LedStrip
from hardware.drivers.mock_chain import MockShiftRegisterChain
from hardware.drivers.station_buttons import ShiftRegisterChain, StationButtonScanner

STATIONS = range(1, 200)


class _SpiEncoder:
    """A writer that does what the Pi 5 backend does before the device: encode for SPI."""

    def write(self, data: bytes) -> None:
        encode_ws2812_spi(data)

    def close(self) -> None:
        pass


def bench_leds(seconds: float, full_white: bool) -> float:
    """Build a frame colouring all 199 stations, then send it through the pipeline."""
    rng = random.Random(0)
    pixels = dict(zip(STATIONS, rng.sample(range(199), 199)))  # the strip snakes: not in station order
    strip = LedStrip(LedConfig(), pixels, _SpiEncoder())
    if full_white:
        palette = [(255, 255 - n, 255) for n in range(8)]
    else:
        palette = [(rng.randrange(60), rng.randrange(60), rng.randrange(60)) for _ in range(8)]

    def frame(i: int) -> None:
        strip.show({s: palette[(s + i) % 8] for s in STATIONS})

    return ms_per_call(frame, seconds)


def bench_buttons(seconds: float) -> float:
    saved = Device.pin_factory
    Device.pin_factory = MockFactory()
    try:
        config = ButtonChainConfig()
        mock = MockShiftRegisterChain(config)
        scanner = StationButtonScanner(ShiftRegisterChain(config), {s: s - 1 for s in STATIONS}, 0.02, 10)
        rng = random.Random(0)
        patterns = [frozenset(rng.sample(range(199), 3)) for _ in range(32)]

        def scan(i: int) -> None:
            if i % 8 == 0:
                mock.pressed = patterns[i // 8 % 32]
            scanner.poll()

        ms = ms_per_call(scan, seconds)
        scanner.close()
        mock.close()
        return ms
    finally:
        Device.pin_factory.reset()
        Device.pin_factory = saved


def figures(seconds: float) -> Iterator[Figure]:
    yield Figure("led_frame_ms", bench_leds(seconds, full_white=False))
    yield Figure("led_frame_over_budget_ms", bench_leds(seconds, full_white=True))
    yield Figure("button_scan_ms", bench_buttons(seconds))


main = timed_command("hardware", __doc__, 2.0, figures)


if __name__ == "__main__":
    main()
