"""The handheld's start-up, greeted from its first import on by hellos full of bytes 3 and 4 (Ctrl-C, Ctrl-D).

On the Pico, MicroPython runs ``main.py`` with Ctrl-C on: its USB driver turns a byte 3
into a KeyboardInterrupt until ``micropython.kbd_intr(-1)``. The unix port reads no USB;
a pseudo-terminal plays the driver here. The handheld runs on the terminal's side, which
is its controlling terminal, so while the terminal's ISIG is on a byte 3 written on the
console's side raises SIGINT, which MicroPython turns into KeyboardInterrupt. A stand-in
``micropython`` module makes ``kbd_intr`` switch ISIG as the Pico's driver switches its
check (the unix port's own ``kbd_intr(-1)`` hands SIGINT back to the system, which would
kill the process), and a stand-in boot switches Ctrl-C on before ``main.py`` runs, as
MicroPython does on the Pico. The handheld runs the files the flash puts on the Pico
(``main.py`` and the ``.mpy`` files), with a stand-in ``machine`` whose import, the start-up's
first hardware step, takes as long as on the Pico and starts the console's greetings.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import struct
import subprocess
import termios
import time
import tty
from pathlib import Path

from console.appliance.flash import build
from firmware import wire
from tests.support.micropython import FAKE_MACHINE, micropython_command, mpy_cross_command

EPOCH = 0x03040304
TOKEN = "0303040403040304"
HELLO = wire.pack_frame(wire.HELLO | wire.ANSWER | wire.NEW_GAME, 0x0303, 0x0403, TOKEN, wire.encode_body({"epoch": EPOCH, "heard": None}))
"""The console's greeting, resent until the handheld answers: a dozen bytes 3 and 4 in its header."""
ANSWERS = 20

BOOT = r'''
import sys
import termios
import micropython

ISIG = 1  # Linux's termios flag: the terminal turns its interrupt character (byte 3) into SIGINT


class PicoMicropython:
    """micropython, with kbd_intr as on the Pico's USB serial: a byte 3 interrupts while Ctrl-C is on, is data while off."""

    def kbd_intr(self, char):
        micropython.kbd_intr(char)
        attributes = termios.tcgetattr(0)
        attributes[3] = attributes[3] | ISIG if char == 3 else attributes[3] & ~ISIG
        termios.tcsetattr(0, termios.TCSANOW, attributes)

    def __getattr__(self, name):
        return getattr(micropython, name)


sys.modules["micropython"] = PicoMicropython()
sys.modules["micropython"].kbd_intr(3)  # MicroPython runs main.py with Ctrl-C on
import main
'''

SLOW_MACHINE = FAKE_MACHINE + r'''

import sys
import time

sys.stderr.write("importing machine\n")  # the console's side starts greeting now, in the middle of the start-up
time.sleep_ms(300)  # a start-up as slow as the Pico's (slower there), so greetings land in it
'''


def _controlling_terminal() -> None:
    """In the handheld's process (a new session): its stdin, the terminal, becomes its controlling one."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def _waiting(fd: int) -> int:
    """How many bytes the terminal *fd* holds for its reader."""
    return int(struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0"))[0])


def test_hellos_full_of_ctrl_c_during_the_start_up_do_not_stop_the_handheld(tmp_path: Path) -> None:
    """The handheld survives greetings from its first import on: it runs its loop and answers every greeting."""
    assert HELLO.count(3) >= 5 and HELLO.count(4) >= 5
    pico, stand_ins = tmp_path / "pico", tmp_path / "stand-ins"
    pico.mkdir()
    stand_ins.mkdir()
    build(pico, mpy_cross_command())
    (stand_ins / "machine.py").write_text(SLOW_MACHINE)
    (stand_ins / "boot.py").write_text(BOOT)
    master, slave = os.openpty()
    tty.setraw(slave)  # ISIG off: Ctrl-C is data until the boot switches it on
    attributes = termios.tcgetattr(slave)
    attributes[3] |= termios.NOFLSH  # an interrupt drops only its own byte, as the Pico's driver does
    termios.tcsetattr(slave, termios.TCSANOW, attributes)
    os.write(master, HELLO * 3)  # greetings sent while the Pico booted, waiting as data when main.py starts
    deadline = time.monotonic() + 10
    while _waiting(slave) < 3 * len(HELLO):
        assert time.monotonic() < deadline, "the terminal did not take the first greetings"
        time.sleep(0.001)
    handheld = subprocess.Popen([micropython_command(), str(stand_ins / "boot.py")], stdin=slave, stdout=slave,
                                stderr=subprocess.PIPE, env={**os.environ, "MICROPYPATH": f"{stand_ins}{os.pathsep}{pico}"},
                                start_new_session=True, preexec_fn=_controlling_terminal)
    os.close(slave)
    assert handheld.stderr is not None
    errors_fd = handheld.stderr.fileno()
    os.set_blocking(master, False)
    os.set_blocking(errors_fd, False)
    decoder, errors, output, answers = wire.Decoder(), b"", b"", 0
    greeting_from, sent = None, 0
    deadline = time.monotonic() + 120
    try:
        while answers < ANSWERS and handheld.poll() is None:
            assert time.monotonic() < deadline, "the handheld did not answer"
            with contextlib.suppress(BlockingIOError):
                errors += os.read(errors_fd, 4096)
            if errors and greeting_from is None:
                greeting_from = time.monotonic()  # its first sign of life: the start-up is under way
            if greeting_from is not None and time.monotonic() >= greeting_from + 0.01 * sent:
                with contextlib.suppress(BlockingIOError):
                    os.write(master, HELLO)
                    sent += 1
            with contextlib.suppress(OSError):
                data = os.read(master, 4096)
                output += data
                for frame in decoder.feed(data):
                    if frame["flags"] & wire.HELLO and (frame["message"] or {}).get("heard") == EPOCH and frame["token"] == TOKEN:
                        answers += 1
            time.sleep(0.002)
        running = handheld.poll() is None
    finally:
        handheld.kill()
        handheld.wait(timeout=60)
        os.close(master)
    assert running, (f"the handheld stopped (exit {handheld.returncode}) after {sent} greetings\n"
                     f"--- stderr\n{errors.decode(errors='replace')}\n--- stdout\n{output.decode(errors='replace')}")
    assert errors.decode() == "importing machine\n"
    assert answers >= ANSWERS and sent >= ANSWERS
