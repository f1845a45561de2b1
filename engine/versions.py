"""The versions of the files the console keeps: which ones it reads, and one wording for a file it cannot read.

Every file the console saves or is given carries a version: a journal, a game
record, the station map, the config file, the menus' saved choices. A console
reads each format's versions from the oldest up to its own (an older file is
written in its own version the next time it writes it), and refuses any other
in one wording. A console rolled back after an update meets files a newer one
wrote: it refuses them naming both versions and keeps them as they are, for
the newer console to read again.

>>> JOURNAL = Versions("a journal", current=2)
>>> JOURNAL.reads(1), JOURNAL.reads(3), JOURNAL.is_newer(3)
(True, False, True)
>>> JOURNAL.refusal(3)
'a journal of version 3, written by a newer console; this console reads versions 1 to 2'
>>> JOURNAL.refusal("2")
"a journal of version '2'; this console reads versions 1 to 2"
>>> Versions("a station map", current=1).check(2, ValueError)
Traceback (most recent call last):
...
ValueError: a station map of version 2, written by a newer console; this console reads version 1

It lives in the engine, which reads the game records, and the console uses it
for its own files (journal, preferences, backups); it is standard-library
Python and knows no rule of the game. The hardware layer, which imports
nothing of the engine, words its two formats' refusals (config file, station
map) the same way in ``hardware.files.check_version``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeGuard


class NewerVersionError(Exception):
    """Mixed into a format's own error for a file a newer console wrote (``NewerRecordError(RecordError, NewerVersionError)``).

    Such a file is not damaged: it is refused, left as it is, and read again by
    the newer console. Catch this to tell it from damage.
    """


@dataclass(frozen=True)
class Versions:
    """The versions of one format this console reads: *oldest* to *current*, the one it writes."""

    what: str
    """The file in words, with its article, as refusals name it: "a journal"."""
    current: int
    oldest: int = 1

    def reads(self, version: object) -> TypeGuard[int]:
        """This console reads files of *version*."""
        return _whole(version) and self.oldest <= version <= self.current

    def is_newer(self, version: object) -> bool:
        """*version* is one only a newer console writes."""
        return _whole(version) and version > self.current

    def refusal(self, version: object) -> str:
        """Why a file of *version* is not read, in the words every format uses."""
        by = ", written by a newer console" if self.is_newer(version) else ""
        reads = f"version {self.current}" if self.oldest == self.current else f"versions {self.oldest} to {self.current}"
        return f"{self.what} of version {version!r}{by}; this console reads {reads}"

    def check(self, version: object, refuse: Callable[[str], Exception], newer: Callable[[str], Exception] | None = None) -> int:
        """*version*, if this console reads it; else raise ``refuse(refusal)``, or ``newer(refusal)`` for a newer console's file."""
        if self.reads(version):
            return version
        raise (newer if newer is not None and self.is_newer(version) else refuse)(self.refusal(version))


def _whole(version: object) -> TypeGuard[int]:
    """A version is a whole number (``true`` and ``1.0`` are not)."""
    return isinstance(version, int) and not isinstance(version, bool)
