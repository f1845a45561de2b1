"""Reading the files a person hands the console: config, station map, script, game record.

Any of them may be a folder, unreadable, or not text at all; each loader turns
that into its own error naming the file, so the command says so in one line
instead of stopping with a traceback:

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> read_text(folder / "none.toml", ValueError) is None
True
>>> _ = (folder / "latin-1.toml").write_bytes(b"caf\\xe9 = 1")
>>> read_text(folder / "latin-1.toml", ValueError)
Traceback (most recent call last):
...
ValueError: cannot read .../latin-1.toml: it is not UTF-8 text (invalid continuation byte at offset 3)
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

LARGEST = 16 * 2**20
"""Bytes: far more than any file the console reads (a game record is tens of KB); a larger one is not such a file."""


def read_text(path: Path, refuse: Callable[[str], Exception]) -> str | None:
    """The UTF-8 text of *path*, ``None`` if there is no such file (each loader says what that means).

    A file that cannot be read, is not UTF-8 or is larger than ``LARGEST`` (a device such as ``/dev/zero``
    never ends) raises ``refuse(message)``, the message naming the file and why.
    """
    try:
        with path.open("rb") as file:
            data = file.read(LARGEST + 1)
        if len(data) > LARGEST:
            raise refuse(f"cannot read {path}: it is larger than {LARGEST // 2**20} MiB")
        return data.decode("utf-8")
    except FileNotFoundError:
        return None
    except OSError as error:
        raise refuse(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise refuse(f"cannot read {path}: it is not UTF-8 text ({error.reason} at offset {error.start})") from None
