"""Backups of the finished games and the console's settings on a USB stick, and restoring them.

A backup is a folder ``scotland-yard-backups/<time>/`` on the stick::

    manifest.json          format, version, the console's version, each file's role, size and SHA-256
    history/<record>.json  every finished (or abandoned) game of the history folder
    config.toml            the config file (if there is one)
    station-map.json       the station map the config names (if there is one)
    preferences.json       the menus' remembered choices (if any)

The journal of a game in play is never backed up: it holds Mister X's hidden
station, and a stick is passed around. An interrupted game stays on the
console; only finished games travel.

The manifest is written last, so a backup cut short (the stick pulled out)
has none and is not a backup. Restoring checks the manifest and every file's
size and checksum before it changes anything: a damaged backup restores
nothing and names the file. Then records are merged into the history folder
(one already there is not copied again; a different file of the same name is
kept, and the backup's is added beside it), and the config, the station map and
the preferences are restored where they are missing; where one is there and
different, the backup's replaces it and the current one is kept beside it as
``<name>.before-restore``. Restoring the same backup twice changes nothing the
second time. What lands in the data folder is the owner's alone (``0600``), and so is
the backup on the stick (files ``0600``, folders ``0700``) where the stick's file system
keeps modes; a FAT or exFAT stick keeps none (``ON_STICK``).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from datetime import datetime
from importlib import metadata
from pathlib import Path
from typing import Any

from console.records.history import filed
from console.records.journal import STAMP
from console.records.preferences import PREFERENCES
from console.records.storage import HISTORY, JOURNAL, fault_in_words, private_folders, replace_private, sync_folder, write_synced
from engine.errors import RecordError
from engine.versions import Versions
from hardware.drivers.sticks import StickError, usb_stick
from hardware.files import LARGEST
from language import Text, Words, _, join, n_, plain

FOLDER = "scotland-yard-backups"
"""On the stick: the console's backups, one folder each, named by when it was made."""
MANIFEST = "manifest.json"
FORMAT = "scotland-yard-backup"
VERSIONS = Versions("a backup", current=1)
"""The backups this console reads, and writes the last of."""
BEFORE_RESTORE = ".before-restore"
"""Added to the name of a file a restore replaced, kept beside it."""
ON_STICK = 0o600
"""The mode of what is written to a stick, and ``0700`` its folders: its owner's alone where the stick's file system keeps
modes (ext4); a FAT or exFAT stick keeps none, and whoever reads the stick reads it (finished games and settings only)."""

_RECORD = re.compile(r"history/[0-9A-Za-z][0-9A-Za-z._-]*\.json")
_SETTINGS = {"config": "config.toml", "station map": "station-map.json", "preferences": PREFERENCES}
"""The settings files a backup holds, by role, and their names in it."""
_HEX = re.compile(r"[0-9a-f]{64}")
_ROLE_WORDS = {"config": _("the config"), "station map": _("the station map"), "preferences": _("the preferences")}
"""Each settings file's role as the screen names it."""

StickOpener = Callable[[], AbstractContextManager[Path | None]]
"""Opens the USB stick for a ``with`` block: its folder, or None if none is plugged in (``hardware.drivers.sticks.usb_stick``)."""


class BackupError(Exception):
    """A backup that cannot be made or restored: one line naming the file or folder and why (``words``: for the screen)."""

    def __init__(self, words: Words) -> None:
        super().__init__(words)
        self.words = words


def _damaged(why: Words) -> BackupError:
    return BackupError(_("Damaged backup, nothing restored: {why}", why=why))


@dataclass(frozen=True)
class ConsoleFiles:
    """Where this console keeps what a backup holds: the data folder, the config file, the station map."""

    data: Path
    config: Path | None = None
    station_map: Path | None = None

    @property
    def history(self) -> Path:
        return self.data / HISTORY

    def settings_file(self, role: str) -> Path | None:
        """Where the settings file of *role* lives on this console (None: it has none)."""
        return {"config": self.config, "station map": self.station_map, "preferences": self.data / PREFERENCES}[role]


@dataclass(frozen=True)
class Part:
    """One file of a backup, as its manifest lists it."""

    role: str
    """``record``, ``config``, ``station map`` or ``preferences``."""
    name: str
    """Its path in the backup folder (``history/<record>.json``, ``config.toml``, ...)."""
    size: int
    sha256: str

    @classmethod
    def of(cls, role: str, name: str, data: bytes) -> Part:
        return cls(role, name, len(data), hashlib.sha256(data).hexdigest())


@dataclass(frozen=True)
class Backup:
    """A backup made: its folder and its files."""

    folder: Path
    parts: tuple[Part, ...]
    interrupted: bool = False
    """A game in play was left out (its journal holds Mister X's station)."""

    @property
    def summary(self) -> Text:
        """What it holds, for the screen: "Backed up 12 games, the config and the preferences (not the interrupted game)"."""
        games = sum(part.role == "record" for part in self.parts)
        held = _listed([_games(games), *(_ROLE_WORDS[part.role] for part in self.parts if part.role != "record")])
        if self.interrupted:
            return _("Backed up {things} (not the interrupted game)", things=held)
        return _("Backed up {things}", things=held)


@dataclass
class Restored:
    """What a restore did."""

    folder: Path
    copied: list[str] = field(default_factory=list)
    """Records added to the history folder (their names there)."""
    present: int = 0
    """Records already on file, not copied again."""
    restored: list[str] = field(default_factory=list)
    """Settings files that were missing, by role."""
    replaced: list[tuple[str, Path]] = field(default_factory=list)
    """Settings files replaced, by role, and where the one replaced was kept."""

    @property
    def changed(self) -> bool:
        return bool(self.copied or self.restored or self.replaced)

    @property
    def summary(self) -> Text:
        """What changed, for the screen: "Restored 3 games and the preferences; replaced the config (the old one kept)"."""
        if not self.changed:
            return _("Nothing to restore: this console holds all of backup {backup} already", backup=self.folder.name)
        restored = _listed([_games(len(self.copied)), *(_ROLE_WORDS[role] for role in self.restored)])
        if self.replaced:
            replaced = _listed([_ROLE_WORDS[role] for role, _kept in self.replaced])
            return n_("Restored {things}; replaced {replaced} (the old one kept)",
                      "Restored {things}; replaced {replaced} (the old ones kept)", len(self.replaced), things=restored, replaced=replaced)
        if self.present:
            return _("Restored {things} ({present} here already)", things=restored, present=_games(self.present))
        return _("Restored {things}", things=restored)


# ---------------------------------------------------------------- from the menus


def on_stick(work: Callable[[Path], Words], doing: Words, open_stick: StickOpener = usb_stick) -> Words:
    """Do *work* on the USB stick's folder and return what it says; or, in one line for the screen, why it could not be done.

    *doing* names the work in the words of a failure ("The backup failed: the disk is full").
    """
    try:
        with open_stick() as stick:
            if stick is None:
                return _("No USB stick found: plug one in, then try again")
            return work(stick)
    except BackupError as error:
        return error.words
    except (StickError, RecordError) as error:
        said = error.args[0] if error.args and isinstance(error.args[0], Text) else plain(str(error))
        return _("{doing} failed: {reason}", doing=doing, reason=said)
    except OSError as error:
        return _("{doing} failed: {reason}", doing=doing, reason=fault_in_words(error))


def back_up_to_stick(files: ConsoleFiles, open_stick: StickOpener = usb_stick) -> Words:
    """Back up onto the USB stick; what was done, or why not, in a line for the screen."""
    return on_stick(lambda stick: back_up(files, stick).summary, _("The backup"), open_stick)


def restore_from_stick(files: ConsoleFiles, open_stick: StickOpener = usb_stick) -> Words:
    """Restore the newest backup on the USB stick; what was done, or why not, in a line for the screen."""

    def work(stick: Path) -> Words:
        folder = newest_backup(stick)
        return restore(files, folder).summary if folder is not None else _("There is no backup on this USB stick to restore")

    return on_stick(work, _("The restore"), open_stick)


# ---------------------------------------------------------------- making a backup


def back_up(files: ConsoleFiles, stick: Path, *, now: datetime | None = None) -> Backup:
    """Copy the filed games and the settings files to a new backup folder under *stick*; ``OSError`` if the stick refuses.

    Each file is written and flushed, the manifest last.
    """
    when = now or datetime.now()
    parts = [("record", f"{HISTORY}/{path.name}", path) for path in filed(files.history)]
    parts += [(role, name, path) for role, name in _SETTINGS.items() if (path := files.settings_file(role)) is not None and path.is_file()]
    root = stick / FOLDER
    folder = _free(root, _numbered(when.strftime(STAMP) + "{}"))
    private_folders(folder / HISTORY)
    written = []
    for role, name, source in parts:
        data = _read(source)
        if data is None:  # a record gone since it was listed (filed over by the console)
            continue
        write_out(folder / name, data)
        written.append(Part.of(role, name, data))
    manifest = {"format": FORMAT, "version": VERSIONS.current, "console": console_version(), "made": when.isoformat(timespec="seconds"),
                "files": [{"role": part.role, "name": part.name, "size": part.size, "sha256": part.sha256} for part in written]}
    write_out(folder / MANIFEST, (json.dumps(manifest, indent=1) + "\n").encode("utf-8"))
    sync_folder(folder)
    return Backup(folder, tuple(written), (files.data / JOURNAL).exists())


def console_version() -> str:
    """This console's version, as its package says (``unknown`` from a checkout that was never installed)."""
    try:
        return metadata.version("scotland-yard-console")
    except metadata.PackageNotFoundError:
        return "unknown"


def write_out(path: Path, data: bytes) -> None:
    """A file on the stick, flushed to it, its owner's alone where the stick keeps modes (``ON_STICK``)."""
    write_synced(path, data, ON_STICK)


# ---------------------------------------------------------------- restoring


def newest_backup(place: Path) -> Path | None:
    """The backup to restore from *place*: itself if it is one, else the newest of its (or its ``scotland-yard-backups``) backups.

    None if there is none (a backup cut short has no manifest: it is none).
    """
    if (place / MANIFEST).is_file():
        return place
    for root in (place / FOLDER, place):
        backups = sorted((folder for folder in _folders(root) if (folder / MANIFEST).is_file()), key=lambda folder: folder.name)
        if backups:
            return backups[-1]
    return None


def check_backup(folder: Path) -> tuple[Part, ...]:
    """The files of the backup in *folder*, each checked against its manifest; ``BackupError`` names the first damaged one."""
    manifest = _manifest(folder)
    parts = []
    for number, item in enumerate(manifest["files"], 1):
        part = _part(item, number)
        data = _read(folder / part.name, part.size)
        if data is None:
            raise _damaged(_("{file} is missing", file=Path(part.name).name))
        if len(data) != part.size or hashlib.sha256(data).hexdigest() != part.sha256:
            raise _damaged(_("{file} was changed", file=Path(part.name).name))
        parts.append(part)
    return tuple(parts)


def restore(files: ConsoleFiles, folder: Path) -> Restored:
    """Restore the backup in *folder* onto this console (see the module's text); ``BackupError`` for a damaged or newer backup.

    Nothing is changed before every file is checked. ``OSError`` if the console's disk refuses a file: what was
    restored until then stays, and restoring again finishes the work.
    """
    parts = check_backup(folder)
    done = Restored(folder)
    records = [part for part in parts if part.role == "record"]
    if records:
        _merge_records(files.history, folder, records, done)
    for part in parts:
        if part.role != "record":
            _restore_setting(files, folder, part, done)
    return done


def _merge_records(history: Path, folder: Path, records: list[Part], done: Restored) -> None:
    """Add the records this console does not hold (by content) to *history*, never over another file."""
    if not history.is_dir():
        history.mkdir(parents=True, mode=0o700)
        sync_folder(history.parent)
    held = {hashlib.sha256(data).hexdigest() for path in _files(history) if (data := _read(path)) is not None}
    for part in records:
        if part.sha256 in held:
            done.present += 1
            continue
        stem = Path(part.name).stem
        target = _free(history, itertools.chain([f"{stem}.json"], _numbered(f"{stem}-restored{{}}.json")))
        replace_private(target, (folder / part.name).read_bytes())
        held.add(part.sha256)
        done.copied.append(target.name)


def _restore_setting(files: ConsoleFiles, folder: Path, part: Part, done: Restored) -> None:
    """Restore a settings file: where it is missing, or different (the current one kept beside as ``.before-restore``)."""
    target = files.settings_file(part.role)
    if target is None:
        return
    data = (folder / part.name).read_bytes()
    current = _read(target)
    if current == data:
        return
    mode = _mode_for(target, files.data)
    if current is None:
        target.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        done.restored.append(part.role)
    else:
        kept = _free(target.parent, _numbered(f"{target.name}{BEFORE_RESTORE}{{}}"))
        replace_private(kept, current)
        os.chmod(kept, mode)
        done.replaced.append((part.role, kept))
    replace_private(target, data)
    os.chmod(target, mode)


def _mode_for(path: Path, data: Path) -> int:
    """A restored file's mode: the owner's alone in the data folder; elsewhere (the config in /etc) as the file it replaces, or 0644."""
    if path.resolve().is_relative_to(data.resolve()):
        return 0o600
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        return 0o644


def _manifest(folder: Path) -> dict[str, Any]:
    """The manifest of the backup in *folder*, its format and version checked."""
    data = _read(folder / MANIFEST, LARGEST)
    if data is None:
        raise BackupError(_("{folder} is no backup: it has no {manifest}", folder=str(folder), manifest=MANIFEST))
    try:
        manifest = json.loads(data)
    except (ValueError, RecursionError):
        manifest = None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT or not isinstance(manifest.get("files"), list):
        raise _damaged(_("its {manifest} is not a backup manifest", manifest=MANIFEST))
    version = manifest.get("version")
    if VERSIONS.is_newer(version):
        raise BackupError(_("Backup {backup} was made by a newer console ({console}, version {version}); "
                            "this one ({this}) reads version {reads}", backup=folder.name, console=str(manifest.get("console", "?")),
                            version=str(version), this=console_version(), reads=VERSIONS.current))
    if not VERSIONS.reads(version):
        raise _damaged(_("its version {version} is not one this console reads", version=repr(version)))
    return manifest


def _part(item: Any, number: int) -> Part:
    """A manifest's file entry, checked: a known role, a name of the backup's own, a size and a checksum."""
    try:
        role, name, size, digest = item["role"], item["name"], item["size"], item["sha256"]
        good = (isinstance(name, str) and ((role == "record" and _RECORD.fullmatch(name)) or _SETTINGS.get(role) == name)
                and type(size) is int and 0 <= size <= LARGEST and isinstance(digest, str) and _HEX.fullmatch(digest))
    except (TypeError, KeyError):
        good = False
    if not good:
        raise _damaged(_("file {number} of its {manifest} is not one a backup holds", number=number, manifest=MANIFEST))
    return Part(role, name, size, digest)


# ---------------------------------------------------------------- helpers


def _read(path: Path, largest: int = LARGEST) -> bytes | None:
    """The bytes of *path* (at most one more than *largest*, so a grown file shows), None if it is not there."""
    try:
        with path.open("rb") as file:
            return file.read(largest + 1)
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
        return None


def _files(folder: Path) -> Iterable[Path]:
    return (path for path in folder.iterdir() if path.is_file())


def _folders(folder: Path) -> list[Path]:
    try:
        return [path for path in folder.iterdir() if path.is_dir()]
    except OSError:
        return []


def _numbered(pattern: str) -> Iterator[str]:
    """*pattern* with nothing, then ``-2``, ``-3``, ... in its ``{}``: names to try in turn."""
    yield pattern.format("")
    for number in itertools.count(2):
        yield pattern.format(f"-{number}")


def _free(folder: Path, names: Iterable[str]) -> Path:
    """The first of *names* that nothing in *folder* has: nothing is written over."""
    return next(folder / name for name in names if not (folder / name).exists())


def _games(number: int) -> Text:
    return n_("{n} game", "{n} games", number)


def _listed(parts: list[Text]) -> Text:
    """Things in words: A; A and B; A, B and C."""
    return parts[0] if len(parts) == 1 else _("{things} and {last}", things=join(_(", "), parts[:-1]), last=parts[-1])
