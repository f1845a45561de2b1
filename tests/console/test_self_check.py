"""The self-check a release passes before an update switches to it: it needs only the release's own dependencies, and it starts
the console's own command as the board does, so a release whose start fails is never made current."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

from console.program import selfcheck

ROOT = Path(__file__).resolve().parents[2]


def _names(requirements: list[str]) -> set[str]:
    return {re.split(r"[<>=;\[ !~]", requirement, maxsplit=1)[0].strip().lower() for requirement in requirements}


def not_the_release_s() -> list[str]:
    """The import names of what only the test, pack and handheld extras install: a release (the pi extra) has none of them."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    release = _names(project["dependencies"]) | _names(extras["pi"]) | _names(extras["sim"])
    others = (_names(extras["test"]) | _names(extras["pack"]) | _names(extras["handheld"])) - release
    return sorted(top for top, distributions in metadata.packages_distributions().items()
                  if top.isidentifier() and any(name.lower() in others for name in distributions))


def test_every_module_imports_with_the_release_s_own_dependencies_alone() -> None:
    hidden = not_the_release_s()
    assert {"babel", "pytest", "numpy", "fpdf"} <= set(hidden)
    code = (f"import sys\nfor name in {hidden!r}:\n    sys.modules[name] = None  # as if not installed\n"
            "from console.program.selfcheck import check_imports\nprint(check_imports())\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.fullmatch(r"\d+ modules, \d+ left out \(they need the pack extra\)\n", done.stdout), done.stdout


CRASHING_START = """
import sys
from console.program import program

def crash(*args, **kwargs):
    raise RuntimeError("this release cannot start")

program.Program.__init__ = crash
from console.cli import main
sys.exit(main())
"""


def test_a_release_whose_start_crashes_fails_the_self_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    script = tmp_path / "scotland-yard"
    script.write_text(CRASHING_START)
    monkeypatch.setattr(selfcheck, "own_command", lambda: [sys.executable, str(script)])
    config = tmp_path / "config.toml"
    config.write_text('profile = "pi"\n')
    out = io.StringIO()
    assert selfcheck.run_checks(str(config), out) == 1
    last = out.getvalue().splitlines()[-1]
    assert last == "FAILED start: the console did not start (exit status 1): RuntimeError: this release cannot start"


def test_the_console_s_own_start_reaches_its_start_menu_on_a_fresh_pi_install(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text(f'profile = "pi"\nmap_file = "{tmp_path / "station-map.json"}"\n')
    assert selfcheck.check_start(str(config)) == "started: Start menu"
