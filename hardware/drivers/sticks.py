"""USB sticks: finding the one plugged in, and mounting it for a moment when nobody else has.

The console's backups, its restores and its updates go through a USB stick. On
Raspberry Pi OS Lite nothing mounts a stick that is plugged in, so the console
does it itself (as root, on Linux) and lets go of it when it is done, so the
player may pull it out::

    with usb_stick() as stick:
        if stick is None:
            ...  # "Plug a USB stick in"
        else:
            ...  # read and write files under the folder *stick*

What counts as a stick is read from the kernel (its documented sysfs layout,
``Documentation/ABI/stable/sysfs-block`` and ``sysfs-dev``):

- ``/proc/self/mountinfo`` lists what is mounted where, each by its device's
  ``major:minor`` (an escaped mount point: ``\\040`` for a space);
- ``/sys/dev/block/<major:minor>`` links to the device in ``/sys/devices``, a
  partition (it has a ``partition`` file) inside its disk's folder;
- a disk on a USB bus has a USB host controller (``usb1``, ``usb2``, ...) among
  the folders of its device path (``/sys/block/<disk>`` links there too).

A stick is a USB disk that holds none of the system's own mounts: a Pi that boots
from a USB SSD does not take its own disk for a stick, because ``/`` is on it. A
disk whose partitions are mounted only under ``/media``, ``/mnt``, ``/run/media``
or the console's own mount point is a stick; so is an unmounted USB disk with a
medium in it (a size above zero) and no swap on it. The ``removable`` flag is not
asked: many sticks and every USB SSD say 0.

Everything the finder reads and runs is a ``Machine``: the real one by default,
a fake ``/proc`` and ``/sys`` tree and a fake ``mount`` in tests. The
environment variable ``SCOTLAND_YARD_STICK`` names a folder that stands in for
the stick (the simulator on a PC, a stick mounted somewhere else by hand): then
it is the only stick, and nothing is mounted.
"""

from __future__ import annotations

import logging
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from language import _

log = logging.getLogger(__name__)

STAND_IN = "SCOTLAND_YARD_STICK"
"""An environment variable: a folder to use as the USB stick instead of looking for one."""
MOUNT_POINT = Path("/run/scotland-yard/usb")
"""Where the console mounts a stick nobody else has mounted (under /run: gone at the next boot)."""
MEDIA_FOLDERS = (Path("/media"), Path("/mnt"), Path("/run/media"))
"""Where desktops, automounters and people mount removable media: a disk mounted only there may be a stick."""
MOUNT_OPTIONS = "nosuid,nodev,noexec,noatime"
"""Files on a stick are data, never programs or devices; and reading them writes nothing."""
_USB_HOST = re.compile(r"usb[0-9]+")
_ESCAPE = re.compile(r"\\([0-7]{3})")


class StickError(Exception):
    """A USB stick that is there but cannot be used (not mounted and may not be, or refused by ``mount``).

    What the players read says so in their language (its argument is a ``Text``); a command's refusal is the command's words.
    """


def run_command(argv: Sequence[str]) -> None:
    """Run *argv*; a ``StickError`` says the command and its last line of error if it fails."""
    try:
        done = subprocess.run(list(argv), capture_output=True, text=True, timeout=60, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise StickError(f"{argv[0]} could not run: {error}") from None
    if done.returncode != 0:
        said = (done.stderr.strip() or done.stdout.strip() or f"exit status {done.returncode}").splitlines()[-1]
        raise StickError(f"{argv[0]} failed: {said}")


def _may_mount() -> bool:
    return sys.platform == "linux" and os.geteuid() == 0


def _stand_in() -> Path | None:
    named = os.environ.get(STAND_IN)
    return Path(named) if named else None


@dataclass(frozen=True)
class Machine:
    """What the finder reads and runs: this machine by default; a fake tree and commands in tests."""

    proc: Path = Path("/proc")
    sys: Path = Path("/sys")
    dev: Path = Path("/dev")
    mount_point: Path = MOUNT_POINT
    run: Callable[[Sequence[str]], None] = run_command
    """Runs ``mount`` and ``umount`` (a ``StickError`` if they fail)."""
    sync: Callable[[], None] = os.sync
    """Flushes what was written to every disk (before a stick someone else mounted may be pulled out)."""
    may_mount: bool = field(default_factory=_may_mount)
    """The console may mount a stick itself (it runs as root, on Linux)."""
    stand_in: Path | None = field(default_factory=_stand_in)
    """A folder that is the stick (``SCOTLAND_YARD_STICK``): nothing is looked for or mounted."""


@dataclass(frozen=True)
class _Mount:
    device: str
    """The device's ``major:minor``."""
    point: Path


def find_sticks(machine: Machine | None = None) -> list[Path]:
    """The folders where USB sticks are mounted now (none if no stick is, or this is no Linux)."""
    machine = machine or Machine()
    if machine.stand_in is not None:
        return [machine.stand_in]
    mounts = _mounts(machine)
    disks = {mount.device: _disk_of(machine, mount.device) for mount in mounts}
    system = {disks[mount.device] for mount in mounts if not _for_media(mount.point, machine)}
    sticks = [mount.point for mount in mounts
              if _for_media(mount.point, machine) and (disk := disks[mount.device]) is not None and disk not in system and _on_usb(disk)]
    return sorted(set(sticks))


@contextmanager
def usb_stick(machine: Machine | None = None) -> Iterator[Path | None]:
    """The folder of a USB stick for the ``with`` block, or None if no stick is plugged in.

    A stick someone else mounted is used where it is, and what was written is
    flushed at the end. Otherwise the console mounts one at ``Machine.mount_point``
    (the first partition that mounts) and unmounts it at the end, so it may be
    pulled out. A stick that is plugged in but cannot be mounted raises ``StickError``.
    """
    machine = machine or Machine()
    found = find_sticks(machine)
    if found:
        try:
            yield found[0]
        finally:
            if found[0] == machine.mount_point:  # left mounted by a console stopped in the middle
                _unmounted(machine, found[0])
            else:
                machine.sync()
        return
    candidates = unmounted_partitions(machine)
    if not candidates:
        yield None
        return
    if not machine.may_mount:
        raise StickError(_("the USB stick is not mounted, and only root may mount it"))
    point = _mounted(machine, candidates)
    try:
        yield point
    finally:
        _unmounted(machine, point)


def unmounted_partitions(machine: Machine | None = None) -> list[Path]:
    """The device files of USB sticks' partitions that nothing has mounted (a stick without partitions: the disk)."""
    machine = machine or Machine()
    busy = {mount.device for mount in _mounts(machine)} | _swaps(machine)
    found = []
    for disk in sorted((machine.sys / "block").glob("*")):
        disk = disk.resolve()
        if not _on_usb(disk) or _number(disk / "size") == 0:
            continue
        parts = sorted(part for part in disk.iterdir() if (part / "partition").is_file())
        devices = {_read(part / "dev") for part in (disk, *parts)}
        if devices & busy:
            continue
        found += [machine.dev / part.name for part in parts or [disk] if _number(part / "size") >= 2048]  # an extended table: 2 sectors
    return found


def _mounted(machine: Machine, candidates: list[Path]) -> Path:
    """Mount the first of *candidates* that mounts; the mount point. A ``StickError`` if none does (each refusal is logged)."""
    point = machine.mount_point
    point.mkdir(parents=True, exist_ok=True, mode=0o700)
    for device in candidates:
        try:
            machine.run(["mount", "-o", MOUNT_OPTIONS, str(device), str(point)])
            return point
        except StickError as error:
            log.warning("%s: %s", device, error)
    point.rmdir()
    raise StickError(_("the USB stick could not be mounted: is it formatted FAT32, exFAT or ext4?"))


def _unmounted(machine: Machine, point: Path) -> None:
    """Unmount the stick the console mounted (``umount`` writes what is cached first), so it may be pulled out."""
    try:
        machine.run(["umount", str(point)])
    except StickError as error:
        log.warning("%s: %s", point, error)
        raise StickError(_("the USB stick could not be unmounted: do not pull it out yet")) from None
    point.rmdir()


# ---------------------------------------------------------------- reading /proc and /sys


def _mounts(machine: Machine) -> list[_Mount]:
    """Every mount of ``/proc/self/mountinfo``: its device and its mount point (none without the file)."""
    try:
        lines = (machine.proc / "self" / "mountinfo").read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return []
    mounts = []
    for line in lines:
        fields = line.split()
        if len(fields) >= 5:
            mounts.append(_Mount(fields[2], Path(_ESCAPE.sub(lambda match: chr(int(match[1], 8)), fields[4]))))
    return mounts


def _swaps(machine: Machine) -> set[str]:
    """The ``major:minor`` of every swap partition in use."""
    try:
        lines = (machine.proc / "swaps").read_text(encoding="utf-8", errors="replace").splitlines()[1:]
    except OSError:
        return set()
    names = (Path(line.split()[0]).name for line in lines if line.split())
    return {_read(machine.sys / "class" / "block" / name / "dev") for name in names} - {""}


def _disk_of(machine: Machine, device: str) -> Path | None:
    """The sysfs folder of the disk that holds the block device *device* (a ``major:minor``), or None for no block device."""
    link = machine.sys / "dev" / "block" / device
    if not link.exists():
        return None
    folder = link.resolve()
    return folder.parent if (folder / "partition").is_file() else folder


def _on_usb(disk: Path) -> bool:
    """The disk hangs off a USB host controller (``usb1`` among its device path's folders)."""
    return any(_USB_HOST.fullmatch(part) for part in disk.resolve().parts)


def _for_media(point: Path, machine: Machine) -> bool:
    """*point* is where removable media are mounted (not the system's own folders)."""
    return any(point.is_relative_to(folder) for folder in (*MEDIA_FOLDERS, machine.mount_point))


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="ascii", errors="replace").strip()
    except OSError:
        return ""


def _number(path: Path) -> int:
    text = _read(path)
    return int(text) if text.isdigit() else 0
