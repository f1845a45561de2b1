"""A disk that fails on demand: ``OSError``s injected at the writes of the console's data folder.

Every way the console writes a file goes through ``os.open`` (with a write
flag), ``os.replace``, ``os.fsync``, ``os.ftruncate`` or ``os.mkdir``; the disk
patches them so that, for paths under its folder, the chosen calls raise the
chosen error (a full disk, a read-only disk, no permission, a file-size limit).
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

FAULTS = {"ENOSPC": errno.ENOSPC, "EROFS": errno.EROFS, "EACCES": errno.EACCES, "EFBIG": errno.EFBIG}
_WRITING = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


class FaultyDisk:
    """Counts the writes under *folder*; ``fail`` makes them raise from a given one on, ``heal`` makes them work again."""

    def __init__(self, folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.folder = str(folder)
        self.writes = 0
        """Write calls under the folder so far (including refused ones)."""
        self.refused = 0
        self._error: int | None = None
        self._from = 0
        self._descriptors: set[int] = set()
        for name in ("open", "replace", "fsync", "ftruncate", "mkdir"):
            monkeypatch.setattr(os, name, self._wrapped(name, getattr(os, name)))

    def fail(self, error: int, *, from_write: int = 0) -> None:
        """Refuse every write from the *from_write*-th on (0: the next one) with *error*."""
        self._error, self._from = error, self.writes + from_write

    def heal(self) -> None:
        self._error = None

    def _ours(self, name: str, args: tuple[Any, ...]) -> bool:
        if name in ("fsync", "ftruncate"):
            return args[0] in self._descriptors
        if name == "open" and not args[1] & _WRITING:
            return False
        return str(args[0]).startswith(self.folder)

    def _wrapped(self, name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            if not self._ours(name, args):
                return real(*args, **kwargs)
            self.writes += 1
            if self._error is not None and self.writes > self._from:
                self.refused += 1
                raise OSError(self._error, os.strerror(self._error), str(args[0]))
            result = real(*args, **kwargs)
            if name == "open":
                self._descriptors.add(result)
            return result

        return call
