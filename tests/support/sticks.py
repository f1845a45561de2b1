"""A fake machine for ``hardware.drivers.sticks``: a ``/proc`` and ``/sys`` tree in a folder, disks to plug in, a fake ``mount``.

The tree follows the kernel's sysfs layout: each disk's folder under
``/sys/devices`` (a USB one below a ``usb1`` host controller, the SD card below
its MMC host), its partitions inside it, ``/sys/block/<disk>``,
``/sys/class/block/<name>`` and ``/sys/dev/block/<major:minor>`` linking there;
``/proc/self/mountinfo`` lists the mounts. The fake ``mount`` and ``umount``
change that list as the real ones would, and keep every command run.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from hardware.drivers.sticks import Machine, StickError

_USB_DEVICE = ("devices/platform/scb/fd500000.pcie/pci0000:00/0000:00:00.0/0000:01:00.0"  # a Pi 4's USB 3 controller
               "/usb2/2-{port}/2-{port}:1.0/host{port}/target{port}:0:0")
_SD_DEVICE = "devices/platform/emmc2bus/fe340000.mmc/mmc_host/mmc0/mmc0:aaaa"
_SECTORS = 30_000_000
"""A 16 GB stick, in 512-byte sectors."""


@dataclass
class FakeMachine:
    """A machine's block devices and mounts in *root*; ``machine()`` is what ``hardware.drivers.sticks`` is given."""

    root: Path
    may_mount: bool = True
    commands: list[list[str]] = field(default_factory=list)
    refused: set[str] = field(default_factory=set)
    """Devices the fake ``mount`` refuses (an unknown file system)."""
    syncs: int = 0
    _minor: int = 0
    _mounts: list[tuple[str, str]] = field(default_factory=list)
    """(major:minor, mount point) of each mount, in order."""

    def __post_init__(self) -> None:
        for folder in ("proc/self", "sys/block", "sys/class/block", "sys/dev/block", "dev"):
            (self.root / folder).mkdir(parents=True, exist_ok=True)
        self._mounts = [("0:21", "/proc"), ("0:22", "/sys"), ("0:25", "/run")]  # no block devices
        self._write()

    def machine(self) -> Machine:
        return Machine(proc=self.root / "proc", sys=self.root / "sys", dev=self.root / "dev", mount_point=self.root / "run/usb",
                       run=self.run, sync=self.sync, may_mount=self.may_mount, stand_in=None)

    @property
    def mount_point(self) -> Path:
        return self.root / "run/usb"

    def sd_card(self) -> None:
        """The Pi's SD card: its boot and root partitions mounted."""
        self.disk("mmcblk0", _SD_DEVICE, ["mmcblk0p1", "mmcblk0p2"], major=179)
        self.mount("mmcblk0p2", "/")
        self.mount("mmcblk0p1", "/boot/firmware")

    def usb_disk(self, name: str, port: int, partitions: Sequence[str] = ("1",), *, size: int = _SECTORS) -> list[str]:
        """A USB disk plugged in (not mounted); the names of its partitions (none: the disk holds a file system itself)."""
        names = [f"{name}{number}" for number in partitions]
        self.disk(name, _USB_DEVICE.format(port=port), names, size=size)
        return names

    def disk(self, name: str, device: str, partitions: Sequence[str], *, major: int = 8, size: int = _SECTORS) -> None:
        folder = self.root / "sys" / device / "block" / name
        self._block(folder, name, major, size)
        (folder / "removable").write_text("1\n")
        os.symlink(folder, self.root / "sys/block" / name)
        for part in partitions:
            self._block(folder / part, part, major, size // max(1, len(partitions)))
            (folder / part / "partition").write_text(f"{part[-1]}\n")

    def _block(self, folder: Path, name: str, major: int, size: int) -> None:
        folder.mkdir(parents=True)
        self._minor += 1
        device = f"{major}:{self._minor}"
        (folder / "dev").write_text(f"{device}\n")
        (folder / "size").write_text(f"{size}\n")
        os.symlink(folder, self.root / "sys/class/block" / name)
        os.symlink(folder, self.root / "sys/dev/block" / device)

    def device_of(self, name: str) -> str:
        return (self.root / "sys/class/block" / name / "dev").read_text().strip()

    def mount(self, name: str, point: str | Path) -> None:
        """*name* (a partition) mounted at *point* (a path on the machine, not under *root*)."""
        self._mounts.append((self.device_of(name), str(point)))
        self._write()

    def swap(self, name: str) -> None:
        (self.root / "proc/swaps").write_text(f"Filename Type Size Used Priority\n/dev/{name} partition 1024 0 -2\n")

    def run(self, argv: Sequence[str]) -> None:
        self.commands.append(list(argv))
        if argv[0] == "mount":
            device, point = Path(argv[-2]), argv[-1]
            if device.name in self.refused:
                raise StickError(f"mount failed: {device}: wrong fs type, bad option, bad superblock")
            self.mount(device.name, point)
        elif argv[0] == "umount":
            self._mounts = [(device, point) for device, point in self._mounts if point != argv[1]]
            self._write()

    def sync(self) -> None:
        self.syncs += 1

    @property
    def mounted(self) -> list[str]:
        return [point for _, point in self._mounts]

    def _write(self) -> None:
        lines = [f"{22 + n} 1 {device} / {point.replace(' ', chr(92) + '040')} rw,relatime - vfat /dev/x rw"
                 for n, (device, point) in enumerate(self._mounts)]
        (self.root / "proc/self/mountinfo").write_text("\n".join(lines) + "\n")
