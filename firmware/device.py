"""The handheld's loop on the Pico: build the parts, then run ``Handheld.step`` for ever.

``main.py`` switches Ctrl-C off, then imports this module (flashed compiled, as
``device.mpy``) and calls ``main()``.

The link to the Pi is the Pico's own USB serial (USB CDC), the one MicroPython's
REPL uses: frames are read from ``sys.stdin.buffer`` when ``select.poll`` says
bytes are waiting (never blocking the loop) and written raw to
``sys.stdout.buffer`` (no newline translation). That needs no extra USB code and
works on every stock rp2 MicroPython build. Two consequences: Ctrl-C (byte 3)
must not stop the program, since frames may hold that byte, so keyboard
interrupt is off from the first line of ``main.py`` until ``main()`` ends; and to
reach the REPL again (to copy new files), hold Hide while plugging the
handheld in. After an error the handheld shows it and starts again
(``hw.reset``); a loop that hangs is reset by the watchdog (``hw.watchdog``).
"""

import select
import sys
import time

import hw
import micropython
import screens
from app import Handheld
from link import Endpoint
from ui import Ui

STEP_MS = 5
READ_LIMIT = 512
"""Most bytes taken in one step, so the screen and buttons stay lively under a flood."""
ERROR_SHOW_MS = 5000
"""How long an error stays on the screen before the handheld starts again."""


class UsbSerial:
    """The USB serial as a non-blocking byte transport: ``read()`` what is waiting, ``write(data)``."""

    def __init__(self):
        self.poller = select.poll()
        self.poller.register(sys.stdin, select.POLLIN)
        self.stdin = sys.stdin.buffer
        self.stdout = sys.stdout.buffer

    def read(self):
        data = bytearray()
        while len(data) < READ_LIMIT and self.poller.poll(0):
            data += self.stdin.read(1)
        return bytes(data)

    def write(self, data):
        self.stdout.write(data)


class Clock:
    """Milliseconds since start that never wrap (``time.ticks_ms`` wraps after about 12 days)."""

    def __init__(self):
        self.last = time.ticks_ms()
        self.now = 0

    def __call__(self):
        ticks = time.ticks_ms()
        self.now += time.ticks_diff(ticks, self.last)
        self.last = ticks
        return self.now


def main():
    """Run the handheld; after an error show it, then start again (Hide held at start: stay at the REPL).

    The watchdog resets a loop that hangs; an error shows on the screen for
    ``ERROR_SHOW_MS`` and then resets the handheld, so it never sits at the
    REPL in the middle of a game: the console sees it unplug and plug in again,
    and its next hello resumes the game.
    """
    display = None
    try:
        buttons = hw.Buttons()
        if buttons.held("back"):
            return  # stay at the REPL
        display = hw.display()
        clock = Clock()
        handheld = Handheld(Ui(clock), Endpoint("handheld"), UsbSerial(), display, buttons, clock, hw.Buzzer())
        watchdog = hw.watchdog()
        while True:
            handheld.step()
            watchdog.feed()
            time.sleep_ms(STEP_MS)
    except Exception as error:
        show_failure(display, error)
        time.sleep_ms(ERROR_SHOW_MS)  # shorter than the watchdog's time: the reset below comes first
        hw.reset()
    finally:
        micropython.kbd_intr(3)


def show_failure(display, error):
    """The error on the screen, if the screen still works (an OLED that fails is often the error)."""
    if display is None:
        return
    try:
        screens.draw(display, screens.failure(repr(error)))
        display.show()
    except Exception:  # nothing more to tell it with: the reset follows
        pass
