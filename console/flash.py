"""``scotland-yard flash-handheld``: copy the handheld's firmware to a connected Pico with mpremote.

The Pico must already run MicroPython (``firmware/README.md`` says how to put it
on). The device files are copied to its flash, then it is reset and starts
``main.py``. ``mpremote`` (PyPI) does the talking; it is run as a separate
process, so it is found on the PATH or beside this program's Python.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

import firmware
from hardware.config import ConfigError

DEVICE_FILES = ("main.py", "app.py", "ui.py", "screens.py", "messages.py", "hw.py", "debounce.py", "link.py", "wire.py")
"""What the Pico runs (``fb.py`` and ``fake_hw.py`` are the PC's stand-ins for its hardware)."""

Runner = Callable[[Sequence[str]], int]


def _run(command: Sequence[str]) -> int:
    return subprocess.run(list(command), check=False).returncode


def mpremote() -> str:
    """The mpremote command, or a clear error saying how to get it."""
    beside = Path(sys.executable).with_name("mpremote")
    found = shutil.which("mpremote") or (str(beside) if beside.exists() else None)
    if found is None:
        raise ConfigError("mpremote is not installed: pip install mpremote (or the project's 'handheld' extra)")
    return found


def flash_handheld(port: str, out: TextIO, run: Runner = _run) -> int:
    """Copy the device files to the Pico on *port* ("auto": the first one found), then reset it."""
    folder = Path(firmware.__file__).parent
    missing = [name for name in DEVICE_FILES if not (folder / name).exists()]
    if missing:
        raise ConfigError(f"the firmware folder {folder} misses {', '.join(missing)}")
    tool = mpremote()
    copy = [tool, "connect", port, "fs", "cp", *(str(folder / name) for name in DEVICE_FILES), ":"]
    print(f"Copying {len(DEVICE_FILES)} files to the handheld ({port})...", file=out, flush=True)
    code = run(copy)
    if code != 0:
        print("Copying failed: is the handheld plugged in, and not held by another program? "
              "If its firmware is running, hold back/hide while plugging it in, then try again.", file=out)
        return code
    code = run([tool, "connect", port, "reset"])
    print("Done: the handheld restarts with the new firmware." if code == 0
          else "Copied, but the reset failed: unplug it and plug it back in.",
          file=out)
    return code
