"""The station buttons: a chain of 74HC165 shift registers, debounced in software.

Three layers, so each can be tested alone:

- ``ShiftRegisterChain`` reads the chain once through gpiozero (the Pi driver;
  on ``MockFactory`` it runs as software SPI against ``hardware.drivers.mock_chain``);
- ``StationButtonScanner`` turns repeated reads into debounced station events
  and reports a button held too long as stuck;
- ``FakeStationButtons`` injects events for console tests.

Bit order: bit *k* of a chain read is the *k*-th input shifted out. Chip 0 is
the chip whose QH drives the Pi's MISO; its inputs H, G, ..., A are bits 0-7,
chip 1's (feeding chip 0's serial input) are bits 8-15, and so on. So input X
of chip *c* is bit ``8 * c + "HGFEDCBA".index(X)``. ``calibrate`` records which
bit each station's button landed on, so the wiring may follow the board.

Every chip's input H is its *sentinel*: tied to ground, never a button. So a
chain at rest reads a known 0 at bit ``8 * c`` of every chip, which is what
lets ``hardware.builder.selftest.check_chain`` find, without a press, a link that
floats high, a chip that does not load or shift, and a missing module. The
stations take inputs G to A, seven a chip: ``hardware.station_map`` names
these bits for every room (``station_bits``, ``chips_for``).

gpiozero is imported only where the Pi driver is built: it is in the ``pi``
and ``test`` extras, and the scanner and the fake must work without it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Protocol

from hardware.config import SPI_BUS_PINS, ButtonChainConfig
from hardware.interfaces import Station, StationPressed, StationReleased, StationStuck

if TYPE_CHECKING:
    from gpiozero.pins import Factory

StationEvent = StationPressed | StationReleased | StationStuck

_SPI_MODE = 2
"""CPOL=1, CPHA=0: sample on the falling edge; the 74HC165 shifts on the rising one.

In mode 0 a bit-banged read samples after the rising edge has already shifted
the chain and loses the first bit; mode 2 is right for software and kernel SPI.
"""

_REVERSED = bytes(int(f"{byte:08b}"[::-1], 2) for byte in range(256))
"""Each byte with its bits mirrored: SPI puts the first bit in the MSB, we want it in bit 0."""


class ButtonChain(Protocol):
    """Anything that reads every button input at once, as an int of pressed bits."""

    def read(self) -> int: ...

    def close(self) -> None: ...


class ShiftRegisterChain:
    """*config.chips* 74HC165s: SH/LD on ``load_pin``, CLK on the bus's SCLK, chip 0's QH on MISO.

    Each read pulses SH/LD low to latch every input at the same instant, then
    clocks ``chips`` bytes in over SPI. The chips' CLK INH is tied low and they
    have no chip select; gpiozero needs ``select_pin`` all the same. MOSI is not
    used (and not claimed). gpiozero uses the kernel's SPI driver only for bus 0
    with select 8 or 7; other pins are bit-banged.
    """

    def __init__(self, config: ButtonChainConfig, *, pin_factory: Factory | None = None) -> None:
        from gpiozero import DigitalOutputDevice

        bus = SPI_BUS_PINS[config.spi_bus]
        self._chips = config.chips
        self._invert = (1 << 8 * config.chips) - 1 if config.active_low else 0
        # on() = loading = SH/LD low; idle high so the chain shifts.
        self._load = DigitalOutputDevice(config.load_pin, active_high=False, initial_value=False, pin_factory=pin_factory)
        try:
            self._spi = self._load.pin_factory.spi(
                clock_pin=bus["sclk"], mosi_pin=None, miso_pin=bus["miso"], select_pin=config.select_pin
            )
            self._spi.clock_mode = _SPI_MODE
        except BaseException:
            self._load.close()
            raise

    def read_levels(self) -> int:
        """The electrical level of every input (1 = high), bit *k* = *k*-th shifted out."""
        self._load.on()
        self._load.off()
        data = bytes(self._spi.read(self._chips)).translate(_REVERSED)
        return int.from_bytes(data, "little")

    def read_bytes(self, extra: int = 0) -> bytes:
        """The raw levels of every chip plus *extra* bytes clocked past the last one, chip 0 first.

        Byte *c* is chip *c*'s inputs, bit *k* of it the *k*-th shifted out (as in
        ``read_levels``); the bytes past the chain are whatever the last chip's
        serial input is tied to (high on the reference board: 0xFF). This is
        what ``hardware.builder.selftest.check_chain`` proves the chain's links with.
        """
        self._load.on()
        self._load.off()
        return bytes(self._spi.read(self._chips + extra)).translate(_REVERSED)

    @property
    def chips(self) -> int:
        return self._chips

    def read(self) -> int:
        """The pressed inputs (``active_low`` applied), bit *k* = *k*-th shifted out."""
        return self.read_levels() ^ self._invert

    def close(self) -> None:
        self._spi.close()
        self._load.close()


def _set_bits(value: int) -> Iterator[int]:
    """The indexes of the 1 bits of *value*, lowest first (cost per set bit, not per bit)."""
    while value:
        lowest = value & -value
        yield lowest.bit_length() - 1
        value ^= lowest


class StationButtonScanner:
    """Debounced station events from a ``ButtonChain``, one scan per ``poll()``.

    A change counts once the raw level has stayed changed for ``debounce_s``
    (timed from the first scan that saw it); a bounce back within that time
    cancels it. Events come in the order the changes were first seen (lowest
    bit first within one scan), then the stuck reports. A button pressed for
    ``stuck_after_s`` is reported once as ``StationStuck`` and gives no more
    events until its release, which is reported (so the console can clear its
    warning). Bits without a station are ignored. Each scan walks only the bits
    that changed since the last one and the few pending or held ones.
    """

    def __init__(
        self,
        chain: ButtonChain,
        buttons: Mapping[Station, int],
        debounce_s: float,
        stuck_after_s: float,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._station_of = {bit: station for station, bit in buttons.items()}
        if len(self._station_of) != len(buttons):
            raise ValueError("two stations share a button bit")
        if any(bit < 0 for bit in self._station_of):
            raise ValueError("button bits must not be negative")
        self._chain = chain
        self._mask = sum(1 << bit for bit in self._station_of)
        self._debounce_s = debounce_s
        self._stuck_after_s = stuck_after_s
        self._clock = clock
        self._last_raw = 0
        self._stable = 0
        """Debounced pressed bits."""
        self._pending: dict[int, float] = {}
        """Bits whose raw level differs from the stable one -> when that was first seen."""
        self._held: dict[int, float] = {}
        """Pressed bits not yet reported stuck -> when the press was reported."""

    def poll(self) -> list[StationEvent]:
        now = self._clock()
        raw = self._chain.read() & self._mask
        pending = self._pending
        for bit in _set_bits(raw ^ self._last_raw):
            if bit in pending:
                del pending[bit]  # back to the stable level: a bounce
            else:
                pending[bit] = now
        self._last_raw = raw

        events: list[StationEvent] = []
        for bit in [bit for bit, since in pending.items() if now - since >= self._debounce_s]:
            del pending[bit]
            self._stable ^= 1 << bit
            station = self._station_of[bit]
            if self._stable >> bit & 1:
                self._held[bit] = now
                events.append(StationPressed(station))
            else:
                self._held.pop(bit, None)
                events.append(StationReleased(station))
        for bit in [bit for bit, since in self._held.items() if now - since >= self._stuck_after_s and bit not in pending]:
            del self._held[bit]
            events.append(StationStuck(self._station_of[bit]))
        return events

    @property
    def chain(self) -> ButtonChain:
        """The chain this scanner reads (``hw-test`` checks its links)."""
        return self._chain

    def raw_pressed(self) -> frozenset[int]:
        """Scan once: every pressed bit, mapped or not, undebounced (for ``calibrate`` and ``hw-test``)."""
        return frozenset(_set_bits(self._chain.read()))

    def close(self) -> None:
        self._chain.close()


class FakeStationButtons:
    """In-memory station buttons: tests inject the events ``poll()`` returns."""

    def __init__(self) -> None:
        self._events: list[StationEvent] = []
        self.closed = False

    def press(self, station: Station) -> None:
        self._events.append(StationPressed(station))

    def release(self, station: Station) -> None:
        self._events.append(StationReleased(station))

    def stick(self, station: Station) -> None:
        self._events.append(StationStuck(station))

    def poll(self) -> list[StationEvent]:
        events, self._events = self._events, []
        return events

    def close(self) -> None:
        self.closed = True
