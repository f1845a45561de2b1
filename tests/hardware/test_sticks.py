"""Finding USB sticks in the kernel's /proc and /sys, and mounting one for a moment: on a fake tree with a fake mount."""

from __future__ import annotations

from pathlib import Path

import pytest

from hardware.drivers.sticks import MOUNT_OPTIONS, STAND_IN, Machine, StickError, find_sticks, unmounted_partitions, usb_stick
from tests.support.sticks import FakeMachine


@pytest.fixture
def pi(tmp_path: Path) -> FakeMachine:
    """A Pi booted from its SD card, nothing plugged in."""
    machine = FakeMachine(tmp_path / "machine")
    machine.sd_card()
    return machine


def test_a_pi_with_nothing_plugged_in_has_no_stick(pi: FakeMachine) -> None:
    assert find_sticks(pi.machine()) == [] and unmounted_partitions(pi.machine()) == []
    with usb_stick(pi.machine()) as stick:
        assert stick is None
    assert pi.commands == []


def test_a_stick_mounted_under_media_is_found_where_it_is_and_flushed_after_use(pi: FakeMachine) -> None:
    (part,) = pi.usb_disk("sda", 1)
    pi.mount(part, "/media/pi/MY STICK")  # mountinfo writes the space as \040
    assert find_sticks(pi.machine()) == [Path("/media/pi/MY STICK")]
    with usb_stick(pi.machine()) as stick:
        assert stick == Path("/media/pi/MY STICK") and pi.syncs == 0
    assert pi.syncs == 1 and pi.commands == []  # someone else mounted it: it stays mounted


def test_a_usb_disk_the_system_runs_from_is_no_stick(tmp_path: Path) -> None:
    booted_from_usb = FakeMachine(tmp_path)
    root, boot = booted_from_usb.usb_disk("sda", 1, ["1", "2"])
    booted_from_usb.mount(boot, "/boot/firmware")
    booted_from_usb.mount(root, "/")
    booted_from_usb.mount(root, "/mnt/also-root")  # even where sticks go
    assert find_sticks(booted_from_usb.machine()) == [] and unmounted_partitions(booted_from_usb.machine()) == []
    (stick,) = booted_from_usb.usb_disk("sdb", 2)
    booted_from_usb.mount(stick, "/mnt")
    assert find_sticks(booted_from_usb.machine()) == [Path("/mnt")]


def test_the_sd_card_mounted_where_sticks_go_is_no_stick(pi: FakeMachine) -> None:
    pi.mount("mmcblk0p1", "/media/boot")  # not on USB
    assert find_sticks(pi.machine()) == []


def test_an_unmounted_stick_is_mounted_for_the_block_and_unmounted_after_it(pi: FakeMachine) -> None:
    table, data = pi.usb_disk("sda", 1, ["1", "2"])
    pi.refused.add(table)  # the first partition has no file system mount knows
    assert unmounted_partitions(pi.machine()) == [pi.root / "dev" / table, pi.root / "dev" / data]
    with usb_stick(pi.machine()) as stick:
        assert stick == pi.mount_point and stick.is_dir()
        assert find_sticks(pi.machine()) == [pi.mount_point]  # the one the console mounted counts, for an update run inside
    assert pi.commands == [["mount", "-o", MOUNT_OPTIONS, str(pi.root / "dev" / table), str(pi.mount_point)],
                           ["mount", "-o", MOUNT_OPTIONS, str(pi.root / "dev" / data), str(pi.mount_point)],
                           ["umount", str(pi.mount_point)]]
    assert not pi.mount_point.exists() and str(pi.mount_point) not in pi.mounted


def test_a_stick_left_mounted_by_a_stopped_console_is_unmounted_after_its_next_use(pi: FakeMachine) -> None:
    (part,) = pi.usb_disk("sda", 1)
    pi.mount_point.mkdir(parents=True)
    pi.mount(part, pi.mount_point)
    with usb_stick(pi.machine()) as stick:
        assert stick == pi.mount_point
    assert pi.commands == [["umount", str(pi.mount_point)]] and not pi.mount_point.exists()


def test_the_stick_is_unmounted_even_when_the_work_on_it_fails(pi: FakeMachine) -> None:
    pi.usb_disk("sda", 1)
    with pytest.raises(OSError, match="disk full"), usb_stick(pi.machine()):
        raise OSError("disk full")
    assert pi.commands[-1] == ["umount", str(pi.mount_point)] and str(pi.mount_point) not in pi.mounted


def test_a_stick_formatted_without_partitions_is_mounted_whole(pi: FakeMachine) -> None:
    pi.usb_disk("sda", 1, partitions=())
    assert unmounted_partitions(pi.machine()) == [pi.root / "dev/sda"]


def test_no_medium_swap_or_a_half_mounted_disk_is_not_mounted(pi: FakeMachine) -> None:
    pi.usb_disk("sda", 1, partitions=(), size=0)  # a card reader without a card
    (swap,) = pi.usb_disk("sdb", 2)
    pi.swap(swap)
    first, _ = pi.usb_disk("sdc", 3, ["1", "2"])
    pi.mount(first, "/srv/data")  # one partition in the system's use: the disk is not a stick
    assert unmounted_partitions(pi.machine()) == []
    assert find_sticks(pi.machine()) == []


def test_a_stick_that_mounts_nowhere_says_why_logs_what_mount_said_and_leaves_no_folder(
        pi: FakeMachine, caplog: pytest.LogCaptureFixture) -> None:
    (part,) = pi.usb_disk("sda", 1)
    pi.refused.add(part)
    with pytest.raises(StickError, match="could not be mounted: is it formatted FAT32, exFAT or ext4"), usb_stick(pi.machine()):
        pass
    assert not pi.mount_point.exists()
    assert "wrong fs type" in caplog.text


def test_without_root_a_plugged_in_stick_is_not_mounted_and_says_so(tmp_path: Path) -> None:
    user = FakeMachine(tmp_path, may_mount=False)
    user.usb_disk("sda", 1)
    with pytest.raises(StickError, match="only root may mount it"), usb_stick(user.machine()):
        pass
    assert user.commands == []


def test_a_stand_in_folder_is_the_only_stick(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(STAND_IN, str(tmp_path / "stick"))
    assert Machine().stand_in == tmp_path / "stick"
    assert find_sticks() == [tmp_path / "stick"]
    with usb_stick() as stick:
        assert stick == tmp_path / "stick"
