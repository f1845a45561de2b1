"""Running KiCad: a tile's description in, its KiCad project, DRC report and Gerbers out.

KiCad's Python module comes with KiCad, in the Python KiCad was built for (on Debian: ``apt install kicad``, then
``/usr/bin/python3``), so the pack runs ``kicad_script.py`` in a separate process. ``KICAD_PYTHON`` names that Python
if it is not found on its own (on Windows or macOS KiCad brings its own, inside its installation).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from hardware.pack import PackError

SCRIPT = Path(__file__).with_name("kicad_script.py")
CANDIDATES = ("/usr/bin/python3", "python3",
              "/Applications/KiCad/KiCad.app/Contents/Frameworks/Python.framework/Versions/Current/bin/python3")
TIMEOUT_S = 600


class KicadMissing(PackError):
    """No Python with KiCad's ``pcbnew`` module on this machine."""


@dataclass(frozen=True)
class KicadResult:
    """What KiCad said of a tile: its version, the DRC's findings, pads it put elsewhere than asked, the files."""

    version: str
    errors: dict[str, int]
    warnings: dict[str, int]
    unconnected: int
    misplaced: list[dict[str, Any]]
    gerbers: list[str]
    folder: Path

    @property
    def clean(self) -> bool:
        return not self.errors and self.unconnected == 0 and not self.misplaced


@cache
def kicad_python() -> str:
    """A Python that imports KiCad's ``pcbnew``: ``KICAD_PYTHON``, or the first of the usual places that does."""
    named = os.environ.get("KICAD_PYTHON")
    for candidate in ([named] if named else []) + list(CANDIDATES):
        found = shutil.which(candidate) if os.sep not in candidate else (candidate if Path(candidate).exists() else None)
        if not found:
            continue
        check = subprocess.run([found, "-c", "import pcbnew"], capture_output=True, timeout=60, check=False)
        if check.returncode == 0:
            return found
        if named:
            raise KicadMissing(f"KICAD_PYTHON={named} cannot import KiCad's pcbnew module")
    raise KicadMissing("KiCad (6 or later) is needed for the tiles' boards and Gerbers: install it (Debian: apt install kicad), "
                       "or set KICAD_PYTHON to the Python that comes with it")


def run_kicad(description: dict[str, Any], folder: Path) -> KicadResult:
    """Build, fill, check and plot one tile in KiCad; its files go into *folder*."""
    folder.mkdir(parents=True, exist_ok=True)
    source = folder / f"{description['name']}.json"
    source.write_text(json.dumps(description), encoding="utf-8")
    try:
        done = subprocess.run([kicad_python(), str(SCRIPT), str(source), str(folder)], capture_output=True, text=True,
                              timeout=TIMEOUT_S, check=False)
    finally:
        source.unlink(missing_ok=True)
    result_file = folder / "result.json"
    if done.returncode != 0 or not result_file.exists():
        tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
        raise PackError(f"KiCad failed on {description['name']} (exit {done.returncode}): {' / '.join(tail)}")
    result = json.loads(result_file.read_text(encoding="utf-8"))
    result_file.unlink()
    drc = result["drc"]
    return KicadResult(result["kicad"], drc["violations"].get("error", {}), drc["violations"].get("warning", {}),
                       drc["unconnected"], result["misplaced"], result.get("gerbers", []), folder)
