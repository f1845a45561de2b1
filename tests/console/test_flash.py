"""``scotland-yard flash-handheld``, with mpremote faked at the process boundary (a script on the PATH)."""

from __future__ import annotations

import ast
import json
import os
import stat
from pathlib import Path

import pytest

import firmware
from console.cli import main
from console.flash import DEVICE_FILES


def fake_mpremote(folder: Path, exit_codes: tuple[int, ...] = (0, 0)) -> Path:
    """An ``mpremote`` that records each command line it is given and exits with the next code."""
    log = folder / "calls.jsonl"
    script = folder / "mpremote"
    script.write_text(
        "#!/usr/bin/env python3\n"
        "import json, sys\n"
        f"log = {str(log)!r}\n"
        "calls = sum(1 for _ in open(log)) if __import__('os').path.exists(log) else 0\n"
        "open(log, 'a').write(json.dumps(sys.argv[1:]) + '\\n')\n"
        f"sys.exit({list(exit_codes)!r}[calls])\n"
    )
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return log


def calls(log: Path) -> list[list[str]]:
    return [json.loads(line) for line in log.read_text().splitlines()]


@pytest.fixture
def on_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    return tmp_path


def test_the_device_files_are_copied_then_the_pico_is_reset(on_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = fake_mpremote(on_path)
    assert main(["flash-handheld", "--port", "/dev/ttyACM0"]) == 0
    copy, reset = calls(log)
    assert copy[:4] == ["connect", "/dev/ttyACM0", "fs", "cp"] and copy[-1] == ":"
    assert [Path(name).name for name in copy[4:-1]] == list(DEVICE_FILES)
    assert all(Path(name).is_file() for name in copy[4:-1])
    assert reset == ["connect", "/dev/ttyACM0", "reset"]
    assert "restarts with the new firmware" in capsys.readouterr().out


def test_a_failed_copy_stops_before_the_reset_and_says_what_to_try(on_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = fake_mpremote(on_path, exit_codes=(1,))
    assert main(["flash-handheld"]) == 1
    assert len(calls(log)) == 1 and calls(log)[0][1] == "auto"
    assert "hold back/hide while plugging it in" in capsys.readouterr().out


def test_without_mpremote_the_command_says_how_to_get_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr("console.flash.sys.executable", str(tmp_path / "python"))
    assert main(["flash-handheld"]) == 2
    assert "pip install mpremote" in capsys.readouterr().err


def test_the_device_files_are_every_firmware_module_the_handheld_imports() -> None:
    """From main.py, every import of a module in firmware/ (plain, or relative with a fallback) is copied to the Pico."""
    folder = Path(firmware.__file__).parent
    needed, waiting = set(), ["main"]
    while waiting:
        name = waiting.pop()
        if name in needed or not (folder / f"{name}.py").exists():
            continue
        needed.add(name)
        for node in ast.walk(ast.parse((folder / f"{name}.py").read_text())):
            if isinstance(node, ast.Import):
                waiting += [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                waiting += [node.module] if node.module else [alias.name for alias in node.names]
    assert sorted(f"{name}.py" for name in needed) == sorted(DEVICE_FILES)
