"""The handheld's entry point on the Pico: Ctrl-C off first, then ``device.main()``.

MicroPython runs this file as source with Ctrl-C on: a byte 3 arriving over USB
raises KeyboardInterrupt. The console's hello, resent every 250 ms until the
handheld answers, can hold that byte, so Ctrl-C goes off before anything slow
(the imports of the other modules, flashed compiled as .mpy files, and the
display's set-up). This file stays this small because all of it is compiled
before its first line runs.
"""

import micropython

micropython.kbd_intr(-1)  # first: a byte 3 from the console must not stop the start-up below

import device  # noqa: E402  (only once Ctrl-C is off)

device.main()
