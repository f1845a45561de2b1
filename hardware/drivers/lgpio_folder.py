"""A writable working folder for lgpio, gpiozero's pin driver on Bookworm and the Pi 5.

lgpio makes its notification pipes (``.lgd-nfy*``) in its working folder, which is
the current folder unless the environment variable ``LG_WD`` names another. Run
from a folder its user cannot write (``hw-test`` or ``calibrate`` started as the
service user inside the root-owned install folder), lgpio fails to start. So before
the first GPIO device is made (gpiozero loads lgpio then), ``use_writable_lgpio_folder``
points ``LG_WD`` at a folder that is writable: the user's runtime folder, else the
temporary folder. The current folder itself is left alone, so relative paths
given on the command line keep their meaning.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import MutableMapping, Sequence
from pathlib import Path

LG_WD = "LG_WD"


def writable(folder: Path) -> bool:
    """Whether files can be made in *folder* (an existing folder with write and search permission)."""
    return folder.is_dir() and os.access(folder, os.W_OK | os.X_OK)


def lgpio_folder(current: Path, environ: MutableMapping[str, str]) -> Path | None:
    """The folder lgpio should work in, or None when where it would work already is writable.

    lgpio works in ``$LG_WD`` if set, else in *current*; if that is not writable, the
    first writable of ``$XDG_RUNTIME_DIR`` and the temporary folder.
    """
    given = environ.get(LG_WD)
    if writable(Path(given) if given else current):
        return None
    candidates: Sequence[str] = [environ.get("XDG_RUNTIME_DIR", ""), tempfile.gettempdir()]
    for candidate in candidates:
        if candidate and writable(Path(candidate)):
            return Path(candidate)
    return None


def use_writable_lgpio_folder(environ: MutableMapping[str, str] = os.environ) -> Path | None:
    """Set ``LG_WD`` to a writable folder if lgpio's would not be; the folder set, or None."""
    folder = lgpio_folder(Path.cwd(), environ)
    if folder is not None:
        environ[LG_WD] = str(folder)
    return folder
