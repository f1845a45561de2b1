"""The data folder: one console's at a time, private to it, and what a failed write means in words.

The data folder holds the journal of the game in play (Mister X's station
among it), the history of finished games and the menus' remembered choices.
``DataFolder.open`` makes it (owner-only, ``0700``, and so the folders above
it that it makes), takes from files that others could read their others' bits,
refuses a folder its owner made read-only (and leaves it so), and takes an advisory lock held for the life of
the program, so a second console started on the same folder by mistake is
refused before it touches a journal:

>>> import tempfile
>>> folder = DataFolder.open(Path(tempfile.mkdtemp()) / "games")
>>> oct(folder.path.stat().st_mode & 0o777)
'0o700'
>>> DataFolder.open(folder.path)
Traceback (most recent call last):
...
console.records.storage.FolderInUse: ... is in use by another console (process ...): stop that one first
>>> folder.close()
"""

from __future__ import annotations

import errno
import logging
import os
import stat
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Self

JOURNAL = "game.journal"
"""In the data folder: the game in play, an event a line."""
HISTORY = "history"
"""In the data folder: the finished games, a record each."""
UNFILED = "unfiled-"
"""Beside the journal: a game the disk refused to file (``unfiled-<game id>.journal``), filed at a later start."""

if TYPE_CHECKING:
    from language import Text, Words

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; one console at a time is up to the user
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger(__name__)

LOCK = ".lock"
"""In the data folder: locked by the console that uses the folder, holding its process id."""


class FolderError(Exception):
    """The data folder cannot be used (it is a file, cannot be made, or another console holds it)."""


class FolderInUse(FolderError):
    """Another console holds the data folder."""


class FolderReadOnly(FolderError):
    """Its owner made the data folder read-only: the console does not change that, and says so."""


def fault_in_words(error: OSError) -> Text:
    """Why a write failed, as the screen says it ("the disk is full"); a fault it has no words for, as the system says it.

    The words are imported here, not with the module: the installer (``console.appliance.releases``) writes files with this
    module on the standard library alone.
    """
    from language import _, plain

    faults = {  # each short enough for the screen's "Not saved: ... (n moves). Play on" bar
        errno.ENOSPC: _("the disk is full"),
        errno.EDQUOT: _("the disk quota is used up"),
        errno.EROFS: _("the disk is read-only"),
        errno.EACCES: _("the console may not write there"),
        errno.EPERM: _("the console may not write there"),
        errno.EFBIG: _("a file grew past the size limit"),
        errno.EIO: _("the disk reports an error"),
        errno.ENOENT: _("the data folder is gone"),
        errno.EEXIST: _("a file of that name is in the way"),
        errno.ENOTDIR: _("a file is where a folder should be"),
    }
    return faults.get(error.errno or 0) or plain(error.strerror or str(error))


class DataFolder:
    """The data folder, made private and locked for this program (``close`` or leave the ``with`` to release it)."""

    def __init__(self, path: Path, lock: int | None, note: Words) -> None:
        self.path = path
        self._lock = lock
        self.note = note
        """What was put right at opening (files others could read), to show the players; empty if nothing."""

    @classmethod
    def open(cls, path: Path) -> DataFolder:
        """Make *path* (owner-only), fix its files' modes and lock it; ``FolderInUse`` if another console has it.

        Raises ``FolderError`` when the folder cannot be made or used, naming it and why.
        """
        path = Path(path)
        try:
            private_folders(path)
            mode = path.stat().st_mode
            if not stat.S_ISDIR(mode):
                raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path))
            if not mode & stat.S_IWUSR:
                raise FolderReadOnly(f"the data folder {path} is read-only (mode {stat.S_IMODE(mode):04o}): the console leaves it so "
                                     f"and saves nothing there; make it writable (chmod u+w {path}), or name another folder")
            note = _made_private(path)
            return cls(path, _locked(path), note)
        except OSError as error:
            raise FolderError(f"the data folder {path} cannot be used: {fault_in_words(error)}") from None

    def close(self) -> None:
        if self._lock is not None:
            os.close(self._lock)  # closing the descriptor releases the lock
            self._lock = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None) -> None:
        self.close()


def _locked(path: Path) -> int | None:
    """An open descriptor of the folder's lock file, locked; it says which process holds it."""
    if fcntl is None:
        return None
    lock = os.open(path / LOCK, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.read(lock, 32).decode("ascii", "replace").strip() or "unknown"
        os.close(lock)
        raise FolderInUse(f"{path} is in use by another console (process {holder}): stop that one first") from None
    os.ftruncate(lock, 0)
    os.write(lock, f"{os.getpid()}\n".encode("ascii"))
    return lock


def _made_private(path: Path) -> Words:
    """Take from the folder and everything in it what others could read or write; say what was changed.

    Only the others' bits go: what its owner may do stays (a folder the owner made read-only stays read-only).
    """
    opened = []
    for item in (path, *path.rglob("*")):
        mode = item.lstat().st_mode
        if stat.S_ISLNK(mode) or not mode & 0o077:
            continue
        try:
            os.chmod(item, stat.S_IMODE(mode) & 0o700)
        except PermissionError:  # another user's file (a station map written with sudo): theirs to keep
            if item == path:
                raise
            log.warning("cannot make %s private: it belongs to another user", item)
            continue
        opened.append(item)
    if not opened:
        return ""
    log.warning("made %d item(s) in the data folder private (others could read them): %s", len(opened),
                ", ".join(str(item) for item in opened[:5]))
    from language import n_  # as in ``fault_in_words``

    return n_("The saved games could be read by other users of this machine: made private ({n} file)",
              "The saved games could be read by other users of this machine: made private ({n} files)", len(opened))


# ---------------------------------------------------------------- writing files that last and stay private


PRIVATE = 0o600
"""The mode of the data folder's files: a journal holds Mister X's station."""


def private(path: str, flags: int) -> int:
    """An ``open`` opener for files only their owner can read: a journal holds Mister X's station."""
    return os.open(path, flags, PRIVATE)


def write_synced(path: Path, data: bytes, mode: int = PRIVATE) -> None:
    """Write *data* to *path* (made with *mode*) and fsync it; on failure remove what was written (no 0-byte leftovers) and re-raise."""
    try:
        with open(path, "wb", opener=lambda name, flags: os.open(name, flags, mode)) as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
    except BaseException:
        path.unlink(missing_ok=True)
        raise


def replace_whole(path: Path, data: bytes, mode: int = PRIVATE) -> None:
    """Replace the file at *path* with *data* whole: written beside it, then renamed over it (never half a file)."""
    temporary = path.with_name(f".{path.name}.tmp")
    write_synced(temporary, data, mode)
    try:
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    sync_folder(path.parent)


def replace_private(path: Path, data: bytes) -> None:
    """Replace a file of the data folder whole, readable by its owner only."""
    replace_whole(path, data, PRIVATE)


def private_folders(path: Path) -> None:
    """Make the folder *path* and every missing folder above it owner-only (``0700``), as the XDG spec asks of the folders an
    application creates; folders that exist are left as they are."""
    missing = []
    while not path.exists():
        missing.append(path)
        if path.parent == path:
            break
        path = path.parent
    for folder in reversed(missing):
        try:
            folder.mkdir(mode=0o700)
        except FileExistsError:  # made meanwhile by another process (or a file is in the way: said by what uses it)
            continue
        os.chmod(folder, 0o700)  # whatever the umask


def sync_folder(folder: Path) -> None:
    """Make a created, renamed or removed file's name durable (POSIX; elsewhere the file system does it)."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
