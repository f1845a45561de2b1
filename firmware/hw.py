"""The handheld's parts on the Pico: the OLED, the buttons, the buzzer.

The only firmware module that imports ``machine``; everything else gets its
hardware passed in, so it runs under CPython with ``fake_hw``. The reference
wiring (README.md has the table):

- 128x64 OLED on I2C0, SDA GP4, SCL GP5, address 0x3C, 400 kHz: an SSD1306, or
  an SH1106 (most 1.3" modules) with ``OLED = "sh1106"``;
- buttons from GPIO to ground, internal pull-ups: up GP10, down GP11, left GP12,
  right GP13, OK GP14, Hide GP15;
- buzzer (active, not a bare piezo) and vibration motor, each through an NPN
  transistor whose 2.2 kOhm base resistor is on GP16, active high (a pin sources
  only 4 mA by default; the two bases take about 2.4 mA, a 3 V buzzer draws 20 to
  30 mA);
- the watchdog and the reset that start the handheld again after an error.
"""

import framebuf
import machine
from debounce import Debouncer
from machine import I2C, Pin

I2C_BUS = 0
SDA = 4
SCL = 5
OLED = "ssd1306"  # the OLED's controller: "ssd1306", or "sh1106" (most 1.3" modules)
OLED_ADDRESS = 0x3C
I2C_HZ = 400000
BUTTON_PINS = (("up", 10), ("down", 11), ("left", 12), ("right", 13), ("ok", 14), ("back", 15))
BUZZER_PIN = 16
BUZZ_MS = 200
WATCHDOG_MS = 8000
"""The watchdog's time (the RP2040's longest is 8388 ms): a loop that stops feeding it for this long is reset."""

WIDTH = 128
HEIGHT = 64

# SSD1306 set-up for a 128x64 panel with its internal charge pump (datasheet, section 9).
_INIT = bytes((
    0xAE,  # display off
    0x20, 0x00,  # horizontal addressing: the buffer streams in, page by page
    0x40,  # start line 0
    0xA1,  # column 127 on segment 0 (the usual module orientation)
    0xA8, HEIGHT - 1,  # multiplex ratio
    0xC8,  # scan rows from the bottom
    0xD3, 0x00,  # no display offset
    0xDA, 0x12,  # COM pins: alternative, for 64 rows
    0xD5, 0x80,  # clock divide / oscillator
    0xD9, 0xF1,  # pre-charge, for the internal supply
    0xDB, 0x30,  # VCOMH level
    0x81, 0xFF,  # contrast
    0xA4,  # show the RAM
    0xA6,  # not inverted
    0x8D, 0x14,  # charge pump on
    0xAF,  # display on
))
_WINDOW = bytes((0x21, 0, WIDTH - 1, 0x22, 0, HEIGHT // 8 - 1))  # the whole screen as the write window


class Ssd1306(framebuf.FrameBuffer):
    """A 128x64 SSD1306 on I2C: a MONO_VLSB framebuffer whose ``show()`` sends it to the panel.

    The same shape as micropython-lib's ``ssd1306.SSD1306_I2C``, kept here so
    the handheld needs no extra file.
    """

    SETUP = _INIT

    def __init__(self, i2c, address=OLED_ADDRESS):
        self.i2c = i2c
        self.address = address
        self.buffer = bytearray(WIDTH * HEIGHT // 8)
        super().__init__(self.buffer, WIDTH, HEIGHT, framebuf.MONO_VLSB)
        self._commands(self.SETUP)

    def _commands(self, commands):
        self.i2c.writeto(self.address, b"\x00" + commands)  # control byte 0x00: commands follow

    def show(self):
        self._commands(_WINDOW)
        self.i2c.writevto(self.address, (b"\x40", self.buffer))  # control byte 0x40: data follows


# SH1106 set-up for a 128x64 panel with its internal DC-DC converter (datasheet, section
# "Commands"). It has no horizontal addressing mode (0x20) and no charge pump command
# (0x8D): its RAM is 132 columns by 8 pages, written a page at a time.
_SH1106_INIT = bytes((
    0xAE,  # display off
    0xD5, 0x80,  # clock divide / oscillator
    0xA8, HEIGHT - 1,  # multiplex ratio
    0xD3, 0x00,  # no display offset
    0x40,  # start line 0
    0xAD, 0x8B,  # DC-DC converter on
    0xA1,  # column 131 on segment 0 (the usual module orientation)
    0xC8,  # scan rows from the bottom
    0xDA, 0x12,  # COM pins: alternative, for 64 rows
    0x81, 0xFF,  # contrast
    0xD9, 0x1F,  # pre-charge
    0xDB, 0x40,  # VCOM deselect level
    0xA4,  # show the RAM
    0xA6,  # not inverted
    0xAF,  # display on
))
SH1106_COLUMN_OFFSET = 2
"""The 128 visible columns are the middle of the SH1106's 132: RAM column 2 is the first one shown."""


class Sh1106(Ssd1306):
    """A 128x64 SH1106 on I2C: the same framebuffer, sent page by page (``0xB0 + page``, then the column)."""

    SETUP = _SH1106_INIT

    def show(self):
        pages = memoryview(self.buffer)
        column = SH1106_COLUMN_OFFSET
        for page in range(HEIGHT // 8):
            # page address, then the column's low and high nibbles
            self._commands(bytes((0xB0 | page, column & 0x0F, 0x10 | column >> 4)))
            self.i2c.writevto(self.address, (b"\x40", pages[page * WIDTH:(page + 1) * WIDTH]))


OLEDS = {"ssd1306": Ssd1306, "sh1106": Sh1106}


def display(kind=OLED):
    """The OLED, by its controller's name (``OLED``)."""
    return OLEDS[kind](I2C(I2C_BUS, sda=Pin(SDA), scl=Pin(SCL), freq=I2C_HZ))


class Buttons:
    """The six buttons, polled: ``poll(now_ms)`` gives the names newly pressed (debounced)."""

    def __init__(self, pins=BUTTON_PINS):
        self.names = [name for name, _ in pins]
        self.pins = [Pin(number, Pin.IN, Pin.PULL_UP) for _, number in pins]
        self.debouncer = Debouncer(self.names)

    def held(self, name):
        """Whether *name* is down right now (read once, not debounced: for the start-up check)."""
        return self.pins[self.names.index(name)].value() == 0

    def poll(self, now_ms):
        return self.debouncer.update([pin.value() == 0 for pin in self.pins], now_ms)


class Buzzer:
    """A buzzer or vibration motor: ``pulse`` starts a buzz, ``update`` ends it; neither waits."""

    def __init__(self, pin=BUZZER_PIN):
        self.pin = Pin(pin, Pin.OUT, value=0)
        self.until = None

    def pulse(self, now_ms):
        self.pin.value(1)
        self.until = now_ms + BUZZ_MS

    def update(self, now_ms):
        if self.until is not None and now_ms >= self.until:
            self.pin.value(0)
            self.until = None


def watchdog():
    """Start the watchdog: from now on the handheld resets unless ``feed()`` comes within ``WATCHDOG_MS``. It cannot be stopped."""
    return machine.WDT(timeout=WATCHDOG_MS)


def reset():
    """Start the handheld again, as a power cycle would (USB goes away and comes back)."""
    machine.reset()
