"""The handheld starts again after an error, under a real MicroPython: it shows the error, waits, and resets.

``device.main`` runs the handheld's loop on a stand-in ``machine`` (pins, I2C, watchdog,
reset); the script below breaks one part in the middle of the loop and replaces
``machine.reset`` with one that reports what it found and ends the program, as the
Pico's reset ends everything. Without a reset the program would return to the REPL,
which is what the unix port's exit code 0 means here.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.support.micropython import FAKE_MACHINE, micropython_command, micropython_env

SCRIPT = r'''
import sys
import time

import machine

FAULT = sys.argv[1]
PIN, BUS = machine.Pin, machine.I2C
steps = [0]
broke = [None]


class Pin(PIN):
    """The up button's pin fails after some reads (FAULT "button"); Hide is held (FAULT "hide")."""

    def value(self, level=None):
        if level is None and self.number == 15 and FAULT == "hide":
            return 0
        if level is None and self.number == 10 and FAULT == "button":
            steps[0] += 1
            if steps[0] > 40:
                broke[0] = time.ticks_ms()
                raise OSError(5)
        return PIN.value(self, level)


class I2C(BUS):
    """The OLED stops answering once it is set up (FAULT "oled")."""

    def writevto(self, address, parts):
        if FAULT == "oled":
            if broke[0] is None:
                broke[0] = time.ticks_ms()
            raise OSError(5)
        BUS.writevto(self, address, parts)


machine.Pin, machine.I2C = Pin, I2C

import hw  # noqa: E402  (after the stand-ins: it takes Pin and I2C from machine)

shown = []
original_display = hw.display


def display(*args):
    shown.append(original_display(*args))
    return shown[-1]


hw.display = display

import device  # noqa: E402
import fb  # noqa: E402
import screens  # noqa: E402

device.ERROR_SHOW_MS = 300


def reset():
    waited = time.ticks_diff(time.ticks_ms(), broke[0])
    dog = machine.WDT.last
    print("reset after", "enough" if waited >= device.ERROR_SHOW_MS else "%d ms" % waited)
    print("watchdog", dog.timeout, "fed" if dog.feeds else "not fed yet")
    if FAULT == "button":
        expected = fb.FrameBuffer(bytearray(128 * 64 // 8), 128, 64, fb.MONO_VLSB)
        screens.draw(expected, screens.failure(repr(OSError(5))))
        oled = shown[0]
        sent = oled.i2c.sent[-1][1]
        print("error shown" if oled.buffer == expected.buffer and sent[1:] == bytes(oled.buffer) else "error not shown")
    sys.exit(3)


machine.reset = reset
device.main()
print("returned to the REPL; watchdog", machine.WDT.last)
'''


REPORTS = ("reset after", "watchdog", "error", "returned")
"""How the script's own lines start; the rest of its output is the handheld's frames to the console."""


def run(fault: str, tmp_path: Path) -> tuple[int, list[str], str]:
    """The script under MicroPython with *fault*: its exit code, its report lines and stderr."""
    (tmp_path / "machine.py").write_text(FAKE_MACHINE)
    (tmp_path / "script.py").write_text(SCRIPT)
    env = micropython_env()
    env["MICROPYPATH"] = f"{tmp_path}:{env['MICROPYPATH']}"
    # stdin: a pipe kept open with nothing in it (the console says nothing); at its end it would read as endless empty bytes
    with subprocess.Popen([micropython_command(), str(tmp_path / "script.py"), fault], env=env, stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE) as handheld:
        try:
            code = handheld.wait(timeout=30)
        finally:
            handheld.kill()
        assert handheld.stdout is not None and handheld.stderr is not None
        lines = handheld.stdout.read().decode(errors="replace").splitlines()
        starts = [min(line.index(r) for r in REPORTS if r in line) for line in lines if any(r in line for r in REPORTS)]
        reports = [line for line in lines if any(r in line for r in REPORTS)]
        return code, [line[start:] for line, start in zip(reports, starts)], handheld.stderr.read().decode()


@pytest.mark.parametrize("fault", ["button", "oled"])
def test_after_an_error_the_handheld_shows_it_waits_and_resets(fault: str, tmp_path: Path) -> None:
    code, lines, errors = run(fault, tmp_path)
    said = f"--- reports\n{lines}\n--- stderr\n{errors}"
    assert code == 3, said
    # the button breaks after some steps, each of which fed the watchdog; the OLED at the first step's picture
    assert lines[:2] == ["reset after enough", "watchdog 8000 " + ("fed" if fault == "button" else "not fed yet")], said
    if fault == "button":
        assert lines[2] == "error shown", said  # an OLED that fails cannot show it: the reset comes all the same


def test_hide_held_at_start_stays_at_the_repl_without_a_watchdog(tmp_path: Path) -> None:
    code, lines, errors = run("hide", tmp_path)
    assert code == 0, errors
    assert lines == ["returned to the REPL; watchdog None"]
