"""A chain of 74HC165 shift registers on gpiozero's mock pins.

``MockShiftRegisterChain`` is to ``ShiftRegisterChain`` what gpiozero's
``MockSPIDevice`` subclasses are to its ADC classes: the far end of the wires,
simulated at pin level, so the real driver runs unchanged on ``MockFactory``
(as software SPI over mock pins). Tests and the simulator press buttons with
``mock.pressed = {bit, ...}`` or ``press(bit)`` / ``release(bit)``.

It behaves like the chips, not like an idealised SPI slave, so a driver that
gets the protocol wrong reads wrong bits here too:

- while SH/LD (the load pin) is low the chips load their inputs and QH shows
  the first input; clock edges do nothing;
- with SH/LD high every rising clock edge shifts the chain one place;
- the chips have no chip select: the select line is ignored;
- the last chip's serial input (SER) is tied high, as on the reference board,
  so clocking past the chain reads 1s (``serial_in_high=False`` ties it low);
- ``broken_chip = c`` cuts chip *c*'s QH from chip *c - 1*'s SER (a loose
  ribbon cable): every bit from chip *c* on then reads ``broken_level``, the
  level the open input floats to (low unless pulled up).

Create the mock before the driver (as with any ``MockSPIDevice``): it must be
the first to ask the factory for the clock, select and load pins.
"""

from __future__ import annotations

from collections.abc import Iterable

from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPin, MockSPIDevice

from hardware.config import SPI_BUS_PINS, ButtonChainConfig


class MockLoadPin(MockPin):  # type: ignore[misc]  # gpiozero is untyped
    """The chips' SH/LD line: tells its chain whenever the driver sets it."""

    def __init__(self, factory: MockFactory, info: object) -> None:
        super().__init__(factory, info)
        self.chain: MockShiftRegisterChain | None = None

    def _set_state(self, value: bool) -> None:
        super()._set_state(value)
        if self.chain is not None:
            self.chain.on_load()


class MockShiftRegisterChain(MockSPIDevice):  # type: ignore[misc]  # gpiozero is untyped
    """*config.chips* chained 74HC165s with a button on every input.

    Bit *k* of the chain is the *k*-th input shifted out: chip 0 (the one whose
    QH drives MISO) inputs H, G, ..., A are bits 0-7, chip 1's are bits 8-15, and
    so on; the last chip's serial input is tied high (``serial_in_high``). With
    ``active_low`` a pressed button reads 0, as on the reference board.
    """

    def __init__(self, config: ButtonChainConfig, *, pin_factory: MockFactory | None = None,
                 serial_in_high: bool = True) -> None:
        bus = SPI_BUS_PINS[config.spi_bus]
        factory = Device.pin_factory if pin_factory is None else pin_factory
        super().__init__(bus["sclk"], None, bus["miso"], config.select_pin, pin_factory=factory)
        self.load_pin: MockLoadPin = factory.pin(config.load_pin, pin_class=MockLoadPin)
        if not isinstance(self.load_pin, MockLoadPin):
            raise ValueError(f"GPIO {config.load_pin} is already in use: create the mock chain before the driver")
        self.load_pin.chain = self
        self.bits = config.chips * 8
        self.active_low = config.active_low
        self.serial_in_high = serial_in_high
        self.broken_chip: int | None = None
        """The chip whose QH no longer reaches the next chip's SER (None: every link is sound)."""
        self.broken_level = False
        """What a broken link's open SER reads: low (False) or high (True)."""
        self._pressed: frozenset[int] = frozenset()
        self._latched = 0
        """The levels loaded at the last SH/LD pulse; bit *k* = the *k*-th to shift out."""
        self._position = 0
        """Which latched bit QH shows now."""
        self._clock_high = bool(self.clock_pin.state)

    @property
    def pressed(self) -> frozenset[int]:
        """The bits whose buttons are held down now (read by the next load)."""
        return self._pressed

    @pressed.setter
    def pressed(self, bits: Iterable[int]) -> None:
        bits = frozenset(bits)
        wrong = sorted(bit for bit in bits if not 0 <= bit < self.bits)
        if wrong:
            raise ValueError(f"bits {wrong} are not in a chain of {self.bits} inputs")
        self._pressed = bits

    def press(self, bit: int) -> None:
        self.pressed = self._pressed | {bit}

    def release(self, bit: int) -> None:
        self.pressed = self._pressed - {bit}

    def on_load(self) -> None:
        """SH/LD set: low loads the inputs (and QH shows the first); high allows shifting."""
        if self.load_pin.state:
            return
        # A long simulator run would otherwise grow every pin's history without end.
        for pin in (self.load_pin, self.clock_pin, self.miso_pin, self.select_pin):
            pin.clear_states()
        pressed = 0
        for bit in self._pressed:
            pressed |= 1 << bit
        self._latched = pressed ^ ((1 << self.bits) - 1) if self.active_low else pressed
        self._position = 0
        self._drive_qh()

    def on_clock(self) -> None:
        """Shift one place on a rising clock edge while SH/LD is high."""
        high = bool(self.clock_pin.state)
        rising = high and not self._clock_high
        self._clock_high = high
        if rising and self.load_pin.state:
            self._position += 1
            self._drive_qh()

    def on_start(self) -> None:
        """Chip select means nothing to a 74HC165; the data come from the last load."""

    def close(self) -> None:
        self.load_pin.chain = None
        super().close()

    def _level(self) -> bool:
        """What QH of chip 0 shows at the current shift position."""
        if self.broken_chip is not None and self._position >= 8 * self.broken_chip:
            return self.broken_level
        if self._position >= self.bits:
            return self.serial_in_high
        return bool(self._latched >> self._position & 1)

    def _drive_qh(self) -> None:
        if self._level():
            self.miso_pin.drive_high()
        else:
            self.miso_pin.drive_low()
