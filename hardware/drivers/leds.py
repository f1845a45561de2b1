"""Station lights: from a frame of station colours to the bytes a strip needs.

``LedStrip`` is the pipeline the Pi runs and the tests run unchanged: station
-> pixel map, gamma and brightness, a power budget, the strip's channel order,
and writing only frames that changed. What it writes to is a
``PixelWriter``: the Pi backends in ``hardware.drivers.led_backends`` or the
``MemoryPixelWriter`` below, so tests exercise the exact bytes the Pi sends.

>>> writer = MemoryPixelWriter()
>>> strip = LedStrip(LedConfig(count=3, brightness=1.0, gamma=1.0, order="GRB"), {7: 2}, writer)
>>> strip.show({7: (255, 16, 0), 99: (1, 2, 3)})  # station 99 has no pixel
>>> writer.writes[-1].hex()
'00000000000010ff00'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, runtime_checkable

from hardware.config import LedConfig
from hardware.interfaces import Colour, Frame, Station


@runtime_checkable
class PixelWriter(Protocol):
    """Where finished pixel bytes go: a strip driver or a recorder."""

    def write(self, data: bytes) -> None:
        """Send ``count * 3`` bytes, already in the strip's channel order."""

    def close(self) -> None: ...


def level_table(gamma: float, brightness: float) -> bytes:
    """Output level for each input level 0-255: gamma first, then brightness.

    Gamma makes equal steps of a colour look like equal steps of light (the LED
    is linear, the eye is not); brightness then scales the light itself, so
    dimming keeps the hues the renderer chose.
    """
    return bytes(round(brightness * 255 * (level / 255) ** gamma) for level in range(256))


class LedStrip:
    """A ``StationLeds`` on an addressable strip, through a ``PixelWriter``."""

    def __init__(self, config: LedConfig, pixels: Mapping[Station, int], writer: PixelWriter) -> None:
        offsets = tuple(config.order.index(channel) for channel in "RGB")
        self._slots: dict[Station, tuple[int, int, int]] = {}
        for station, pixel in pixels.items():
            if not 0 <= pixel < config.count:
                raise ValueError(f"station {station} is mapped to pixel {pixel}, but the strip has pixels 0 to {config.count - 1}")
            self._slots[station] = (3 * pixel + offsets[0], 3 * pixel + offsets[1], 3 * pixel + offsets[2])
        self._size = 3 * config.count
        self._levels = level_table(config.gamma, config.brightness)
        self._idle_milliamps = config.count * config.idle_milliamps
        self._milliamps_per_level = config.milliamps_per_channel / 255
        self._budget_milliamps = config.supply_amps * 1000
        self._writer = writer
        self._sent: bytes | None = None
        self._closed = False
        self.last_milliamps = 0.0
        """Estimated strip current of the last frame, after the power budget."""

    def show(self, frame: Frame) -> None:
        """Light the mapped stations of *frame*, darken every other pixel.

        Colours are placed straight into their strip-order byte slots, and the
        per-level work (gamma, brightness, budget scaling) is one
        ``bytearray.translate`` each, so a whole board costs a Python loop over
        the lit stations and a few C-speed passes.
        """
        raw = bytearray(self._size)
        slots = self._slots
        for station, (red, green, blue) in frame.items():
            slot = slots.get(station)
            if slot is not None:
                raw[slot[0]] = red
                raw[slot[1]] = green
                raw[slot[2]] = blue
        data = raw.translate(self._levels)
        lit = sum(data) * self._milliamps_per_level
        milliamps = self._idle_milliamps + lit
        if milliamps > self._budget_milliamps and lit:
            # One factor for every channel keeps each colour's hue; rounding down
            # keeps the estimate at or under the budget.
            factor = max(0.0, (self._budget_milliamps - self._idle_milliamps) / lit)
            data = data.translate(bytes([int(level * factor) for level in range(256)]))
            milliamps = self._idle_milliamps + sum(data) * self._milliamps_per_level
        self.last_milliamps = milliamps
        out = bytes(data)
        if out != self._sent:
            self._writer.write(out)
            self._sent = out

    def close(self) -> None:
        """Darken the strip (even if it should be dark already) and release the writer."""
        if self._closed:
            return
        self._closed = True
        dark = bytes(self._size)
        try:
            self._writer.write(dark)
            self._sent = dark
            self.last_milliamps = self._idle_milliamps
        finally:
            self._writer.close()


class MemoryPixelWriter:
    """A ``PixelWriter`` that keeps every write, so tests see the strip's exact bytes."""

    def __init__(self) -> None:
        self.writes: list[bytes] = []
        self.closed = False

    def write(self, data: bytes) -> None:
        if self.closed:
            raise RuntimeError("write to a closed pixel writer")
        self.writes.append(bytes(data))

    def close(self) -> None:
        self.closed = True


class RecordingLeds:
    """A ``StationLeds`` that keeps every frame shown (the ``fake`` profile's lights).

    It refuses colours a real strip would refuse, so a console bug that only
    the Pi would hit fails in tests too.
    """

    def __init__(self) -> None:
        self.frames: list[dict[Station, Colour]] = []
        self.closed = False

    def show(self, frame: Frame) -> None:
        for station, colour in frame.items():
            if len(colour) != 3 or not all(isinstance(level, int) and 0 <= level <= 255 for level in colour):
                raise ValueError(f"station {station}: colour {colour!r} is not three whole numbers 0-255")
        self.frames.append(dict(frame))

    @property
    def last(self) -> dict[Station, Colour]:
        """The frame shown last; empty (all dark) before the first."""
        return self.frames[-1] if self.frames else {}

    def close(self) -> None:
        self.closed = True
