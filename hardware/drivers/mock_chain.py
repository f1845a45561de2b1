"""A chain of 74HC165 shift registers on gpiozero's mock pins.

``MockShiftRegisterChain`` is to ``ShiftRegisterChain`` what gpiozero's
``MockSPIDevice`` subclasses are to its ADC classes: the far end of the wires,
simulated at pin level, so the real driver runs unchanged on ``MockFactory``
(as software SPI over mock pins). Tests and the simulator press buttons with
``mock.pressed = {bit, ...}`` or ``press(bit)`` / ``release(bit)``.

It behaves like the chips, each with its own 8-stage register, not like an
idealised SPI slave, so a driver that gets the protocol wrong reads wrong bits
here too:

- while a chip's SH/LD is low it loads its inputs and its QH shows input H;
  clock edges do nothing to it;
- with SH/LD high every rising clock edge shifts every chip one place, each
  taking in its SER, the QH of the next chip;
- the chips have no chip select: the select line is ignored;
- the last fitted chip's serial input (SER) is pulled high, as on the reference
  board, so clocking past the chain reads 1s (``serial_in_high=False``: low);
- ``sentinels=True``: input H of every chip is tied to ground, as on the
  reference board (``hardware.station_map.SENTINEL_INPUT``).

Faults, one at a time or together, each as the wire it breaks:

- ``broken_chip = c``: chip *c*'s QH no longer reaches chip *c - 1*'s SER (or
  the Pi's MISO for chip 0): that open input reads ``broken_level``;
- ``dead_clock = c``: chip *c*'s CLK is open: it never shifts;
- ``dead_load = (c, level)``: chip *c*'s SH/LD is open and floats at *level*:
  high, it never loads its inputs (and shifts on); low, it loads for ever;
- ``modules = m``: only the first *m* modules are fitted; the last one's SER
  pull-up ends the chain there.

A chip's register holds 0s at power-up, as a chip that never loads may.

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
    """*config.chips* chained 74HC165s with a button on every input (but the sentinels).

    Bit *k* of the chain is the *k*-th input shifted out: chip 0 (the one whose
    QH drives MISO) inputs H, G, ..., A are bits 0-7, chip 1's are bits 8-15, and
    so on; the last chip's serial input is tied high (``serial_in_high``). With
    ``active_low`` a pressed button reads 0, as on the reference board.
    """

    def __init__(self, config: ButtonChainConfig, *, pin_factory: MockFactory | None = None,
                 serial_in_high: bool = True, sentinels: bool = False) -> None:
        bus = SPI_BUS_PINS[config.spi_bus]
        factory = Device.pin_factory if pin_factory is None else pin_factory
        super().__init__(bus["sclk"], None, bus["miso"], config.select_pin, pin_factory=factory)
        self.load_pin: MockLoadPin = factory.pin(config.load_pin, pin_class=MockLoadPin)
        if not isinstance(self.load_pin, MockLoadPin):
            raise ValueError(f"GPIO {config.load_pin} is already in use: create the mock chain before the driver")
        self.load_pin.chain = self
        self.chips = config.chips
        self.bits = config.chips * 8
        self.active_low = config.active_low
        self.serial_in_high = serial_in_high
        self.sentinels = sentinels
        self.modules = config.chips
        """How many modules are fitted (the rest are missing)."""
        self.broken_chip: int | None = None
        """The chip whose QH no longer reaches the next chip's SER (None: every link is sound)."""
        self.broken_level = False
        """What a broken link's open SER reads: low (False) or high (True)."""
        self.dead_clock: int | None = None
        """The chip whose CLK is open (None: every chip is clocked)."""
        self.dead_load: tuple[int, bool] | None = None
        """The chip whose SH/LD is open, and the level it floats at (None: every chip is loaded)."""
        self._pressed: frozenset[int] = frozenset()
        self._registers = [0] * config.chips
        """Each chip's 8 stages; bit *i* is the *i*-th to shift out of it (bit 0 shows on its QH)."""
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
        if not self.load_pin.state:
            # A long simulator run would otherwise grow every pin's history without end.
            for pin in (self.load_pin, self.clock_pin, self.miso_pin, self.select_pin):
                pin.clear_states()
        self._load_where_low()
        self._drive_qh()

    def on_clock(self) -> None:
        """Shift one place on a rising clock edge: every clocked chip whose SH/LD is high."""
        high = bool(self.clock_pin.state)
        rising = high and not self._clock_high
        self._clock_high = high
        if not rising:
            return
        serial = [self._serial_in(chip) for chip in range(self.modules)]
        for chip in range(self.modules):
            if chip != self.dead_clock and self._load_level(chip):
                self._registers[chip] = self._registers[chip] >> 1 | serial[chip] << 7
        if self.dead_load is not None and not self.dead_load[1]:
            self._registers[self.dead_load[0]] = self._inputs(self.dead_load[0])  # held in load: its inputs, whatever the clock
        self._drive_qh()

    def on_start(self) -> None:
        """Chip select means nothing to a 74HC165; the data come from the last load."""

    def close(self) -> None:
        self.load_pin.chain = None
        super().close()

    def _load_level(self, chip: int) -> bool:
        """The level on *chip*'s SH/LD pin: the Pi's, or the level an open one floats at."""
        if self.dead_load is not None and self.dead_load[0] == chip:
            return self.dead_load[1]
        return bool(self.load_pin.state)

    def _inputs(self, chip: int) -> int:
        """*chip*'s parallel inputs as levels, bit *i* = the *i*-th to shift out (H first)."""
        levels = 0
        for i in range(8):
            bit = 8 * chip + i
            pressed = bit in self._pressed
            level = not pressed if self.active_low else pressed
            if self.sentinels and i == 0:
                level = False  # input H, tied to ground
            levels |= level << i
        return levels

    def _load_where_low(self) -> None:
        """Latch the inputs of every chip whose SH/LD is low now (the inputs are taken as they are at this edge)."""
        for chip in range(self.modules):
            if not self._load_level(chip):
                self._registers[chip] = self._inputs(chip)

    def _qh(self, chip: int) -> bool:
        return bool(self._registers[chip] & 1)

    def _serial_in(self, chip: int) -> bool:
        """What *chip*'s SER reads: the next chip's QH, a broken link's floating level, or the last chip's pull-up."""
        if self.broken_chip == chip + 1:
            return self.broken_level
        if chip + 1 >= self.modules:
            return self.serial_in_high
        return self._qh(chip + 1)

    def _drive_qh(self) -> None:
        if self.broken_chip == 0:
            level = self.broken_level
        elif self.modules == 0:
            level = self.serial_in_high
        else:
            level = self._qh(0)
        if level:
            self.miso_pin.drive_high()
        else:
            self.miso_pin.drive_low()
