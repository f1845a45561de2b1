"""hw-test and calibrate from a folder their user cannot write: lgpio is pointed at a writable one."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

import hardware.drivers.lgpio_folder as lgpio_folder
import hardware.factory as factory
from hardware.config import Config
from hardware.drivers.lgpio_folder import LG_WD, use_writable_lgpio_folder
from hardware.drivers.lgpio_folder import lgpio_folder as choose


@pytest.fixture
def read_only(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """A folder chmod 0555 that also reads as unwritable to root (tests may run as root)."""
    folder = tmp_path / "install"
    folder.mkdir()
    folder.chmod(0o555)
    real_access = os.access

    def access(path: str | os.PathLike[str], mode: int) -> bool:
        if Path(path) == folder and mode & os.W_OK:
            return False
        return real_access(path, mode)

    monkeypatch.setattr(lgpio_folder.os, "access", access)
    monkeypatch.chdir(folder)
    yield folder
    folder.chmod(0o755)


def test_a_writable_current_folder_needs_nothing(tmp_path: Path) -> None:
    assert choose(tmp_path, {}) is None


def test_a_read_only_current_folder_sends_lgpio_to_the_runtime_folder(read_only: Path, tmp_path: Path) -> None:
    runtime = tmp_path / "run-user"
    runtime.mkdir()
    environ = {"XDG_RUNTIME_DIR": str(runtime)}
    assert use_writable_lgpio_folder(environ) == runtime
    assert environ[LG_WD] == str(runtime)
    assert Path.cwd() == read_only  # relative paths on the command line keep their meaning


def test_without_a_runtime_folder_the_temporary_folder_is_used(read_only: Path) -> None:
    environ: dict[str, str] = {}
    folder = use_writable_lgpio_folder(environ)
    assert folder is not None and folder != read_only and os.access(folder, os.W_OK)
    assert environ[LG_WD] == str(folder)


def test_a_writable_lg_wd_already_set_is_kept(read_only: Path, tmp_path: Path) -> None:
    environ = {LG_WD: str(tmp_path)}
    assert use_writable_lgpio_folder(environ) is None and environ == {LG_WD: str(tmp_path)}


def test_the_pi_board_sets_the_folder_before_gpiozero_makes_a_device(read_only: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(LG_WD, "")  # unset, and restored after the test
    seen: list[str | None] = []

    def device(*args: object) -> None:
        seen.append(os.environ.get(LG_WD))
        raise RuntimeError("no GPIO here")

    monkeypatch.setattr(factory, "GpioControlButtons", device)
    monkeypatch.setattr(factory, "ShiftRegisterChain", device)
    for build in (lambda: factory.build_controls(Config(profile="pi")), lambda: factory.build_station_buttons(Config(profile="pi"), {})):
        with pytest.raises(RuntimeError):
            build()
    assert len(seen) == 2 and all(folder and Path(folder) != read_only for folder in seen)
