"""The Pi's LED strip drivers: ``PixelWriter`` backends for ``hardware.drivers.leds.LedStrip``.

``Ws281xWriter`` (Pi 3, 4, Zero 2 W) drives the strip through rpi-ws281x;
``SpiWriter`` (Pi 5, which rpi-ws281x does not support) shapes WS2812 pulses
out of SPI bytes. Each imports its library inside its constructor only: off a
Pi the libraries are missing, and rpi-ws281x's ``PixelStrip`` even crashes the
interpreter at exit when built off a Pi, so importing this module is always safe.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from hardware.config import LedConfig

PWM1_PINS = (13, 19, 41, 45, 53)
"""GPIOs whose PWM output is rpi-ws281x channel 1 (the others it drives are channel 0)."""

SPI_HZ = 2_400_000
"""Three SPI bits per WS2812 bit at 2.4 MHz give the strip's 800 kHz bit rate."""
RESET_BYTES = 90
"""Zero bytes before and after a frame: 300 us low, past the 280 us latch of newer
WS2812B (older parts need only 50-80 us). The leading gap matters on a Pi 5 and a
CM4: without a low period first, the first pixel shows a glitch (the strip takes
the line's state before the transfer as part of its first bit)."""
SPIDEV_BUFSIZ = Path("/sys/module/spidev/parameters/bufsiz")
"""spidev's largest single transfer; larger writes are split, and the pause between
the parts would latch half a frame."""


class LedDriverError(Exception):
    """The Pi's LED driver cannot start; the message says what to set up."""


class LedDriverMissing(LedDriverError, ImportError):
    """The LED driver library is not installed (always the case off a Pi)."""


class SpiDevice(Protocol):
    """The part of ``spidev.SpiDev`` the SPI backend uses."""

    def writebytes2(self, data: bytes) -> None: ...

    def close(self) -> None: ...


class Ws281xWriter:
    """Pi 3, 4 and Zero 2 W: the strip on a PWM, PCM or SPI pin through rpi-ws281x.

    The library is told the strip is plain RGB with no gamma and full
    brightness, so the bytes ``LedStrip`` made (already gamma-corrected,
    budgeted and in the strip's channel order) go out unchanged.
    """

    def __init__(self, config: LedConfig) -> None:
        try:
            from rpi_ws281x import PixelStrip, ws
        except ImportError as error:
            raise LedDriverMissing(
                "rpi-ws281x is not installed: on a Raspberry Pi 3, 4 or Zero 2 W install the `pi` extra "
                "(pip install '.[pi]'); a Pi 5 needs leds.backend = \"spi\"; a PC uses the sim or fake profile"
            ) from error
        self._count = config.count
        self._strip = PixelStrip(
            config.count,
            config.pin,
            freq_hz=800_000,
            dma=10,
            invert=False,
            brightness=255,
            channel=1 if config.pin in PWM1_PINS else 0,
            strip_type=ws.WS2811_STRIP_RGB,
        )
        try:
            self._strip.begin()
        except RuntimeError as error:
            raise LedDriverError(f"{error} (rpi-ws281x needs root for PWM and PCM pins; a Pi 5 needs leds.backend = \"spi\")") from error

    def write(self, data: bytes) -> None:
        set_pixel = self._strip.setPixelColor
        for pixel in range(self._count):
            set_pixel(pixel, int.from_bytes(data[3 * pixel : 3 * pixel + 3], "big"))
        self._strip.show()

    def close(self) -> None:
        # rpi-ws281x has no public close; _cleanup is what its own atexit hook
        # runs (and it runs once), releasing the DMA channel and the pin now.
        self._strip._cleanup()


def _spi_chunk(byte: int) -> bytes:
    """The 3 SPI bytes for one data byte: each bit, high first, as 110 (one) or 100 (zero)."""
    bits = 0
    for shift in range(7, -1, -1):
        bits = bits << 3 | (0b110 if byte >> shift & 1 else 0b100)
    return bits.to_bytes(3, "big")


_SPI_CHUNKS = tuple(_spi_chunk(byte) for byte in range(256))
_RESET = bytes(RESET_BYTES)


def encode_ws2812_spi(data: bytes) -> bytes:
    """WS2812 pulses for *data* as SPI bytes at ``SPI_HZ``, between two reset (latch) gaps."""
    return _RESET + b"".join(map(_SPI_CHUNKS.__getitem__, data)) + _RESET


class SpiWriter:
    """Pi 5: the strip's data line on an SPI bus's MOSI pin, pulses shaped in the bytes.

    *device* is an opened, configured SPI device (tests pass a fake); by default
    ``/dev/spidev<spi_bus>.0`` is opened at ``SPI_HZ`` in mode 0.
    """

    def __init__(self, config: LedConfig, device: SpiDevice | None = None) -> None:
        if device is None:
            device = _open_spidev(config.spi_bus, 9 * config.count + 2 * RESET_BYTES)
        self._device = device

    def write(self, data: bytes) -> None:
        self._device.writebytes2(encode_ws2812_spi(data))

    def close(self) -> None:
        self._device.close()


def _open_spidev(bus: int, frame_bytes: int) -> Any:
    """``/dev/spidev<bus>.0`` set up for WS2812 pulses, refusing a frame spidev would split."""
    try:
        import spidev
    except ImportError as error:
        raise LedDriverMissing(
            "spidev is not installed: on a Raspberry Pi install the `pi` extra (pip install '.[pi]'); "
            "a PC uses the sim or fake profile"
        ) from error
    if SPIDEV_BUFSIZ.exists():
        bufsiz = int(SPIDEV_BUFSIZ.read_text())
        if frame_bytes > bufsiz:
            raise LedDriverError(
                f"leds.count needs {frame_bytes} SPI bytes per frame, but spidev sends at most {bufsiz} at once: "
                f"add spidev.bufsiz={2 ** frame_bytes.bit_length()} to /boot/firmware/cmdline.txt and reboot"
            )
    device = spidev.SpiDev()
    try:
        device.open(bus, 0)
    except OSError as error:
        raise LedDriverError(
            f"cannot open /dev/spidev{bus}.0 ({error.strerror}): enable the bus in /boot/firmware/config.txt "
            "(dtparam=spi=on for bus 0, dtoverlay=spi1-1cs for bus 1), reboot, and run as a member of the spi group"
        ) from error
    device.max_speed_hz = SPI_HZ
    device.mode = 0
    return device
