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

import itertools
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


def aside(path: Path, label: str) -> Path:
    """Where to set *path* aside, writing over nothing: the first free ``<name>.<label>-1``, ``-2``, ... beside it.

    A file the console cannot use is kept under such a name (``game.journal.corrupt-1``,
    ``station-map.json.newer-1``), never overwritten or deleted.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> aside(folder / "game.journal", "newer").name
    'game.journal.newer-1'
    >>> _ = (folder / "game.journal.newer-1").write_text("kept")
    >>> aside(folder / "game.journal", "newer").name
    'game.journal.newer-2'
    """
    names = (path.with_name(f"{path.name}.{label}-{n}") for n in itertools.count(1))
    return next(name for name in names if not name.exists())


def check_version(what: str, version: object, current: int, refuse: Callable[[str], Exception],
                  newer: Callable[[str], Exception] | None = None) -> None:
    """Refuse a hardware file (config, station map) of a version other than *current*, naming both.

    Each of these formats has had one version so far. The words are those of the
    console's other formats (``engine.versions``, which the hardware layer does not
    import); a newer console's file gets ``newer(...)`` so that callers keep it.

    >>> check_version("a station map", 2, 1, ValueError)
    Traceback (most recent call last):
    ...
    ValueError: a station map of version 2, written by a newer console; this console reads version 1
    """
    if version == current and type(version) is int:
        return
    is_newer = type(version) is int and version > current
    by = ", written by a newer console" if is_newer else ""
    message = f"{what} of version {version!r}{by}; this console reads version {current}"
    raise (newer if newer is not None and is_newer else refuse)(message)
