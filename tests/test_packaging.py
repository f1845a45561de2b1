"""What an installed release holds: every data file the console's packages read is in the wheel's package data.

The installer builds a wheel of the release; a file left out of ``pyproject.toml``'s package data works from a
checkout and is missing on the Pi (the lessons were, once)."""

from __future__ import annotations

import tomllib
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "language", "hardware", "console", "firmware")
DATA = (".toml", ".json", ".wav", ".ttf", ".otf", ".pot", ".po", ".mo", ".html", ".js", ".css", ".svg", ".png")
"""The kinds of files a module opens at run time (not its scripts, drawings or notes)."""


def _shipped(package: str, path: Path) -> bool:
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    relative = path.relative_to(ROOT / package).as_posix()
    return any(fnmatch(relative, pattern) for pattern in patterns.get(package, []))


def test_every_data_file_of_the_packages_is_package_data() -> None:
    found = [path for package in PACKAGES for path in (ROOT / package).rglob("*")
             if path.suffix in DATA and "__pycache__" not in path.parts]
    assert any(path.name == "balance.toml" for path in found) and any(path.parent.name == "classic" for path in found)
    missing = [path.relative_to(ROOT).as_posix() for path in found if not _shipped(path.relative_to(ROOT).parts[0], path)]
    assert missing == []
