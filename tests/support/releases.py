"""Tiny fake console wheels and a fast environment maker: updates tested offline in about a second.

A fake wheel installs a ``scotland-yard`` command whose ``self-check`` passes,
fails or hangs as the test asks, and may depend on other fake wheels.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import sys
import venv
import zipfile
from collections.abc import Sequence
from pathlib import Path

from console.appliance.releases import RELEASE_FILE, Release, Tools

SELF_CHECK = {
    "pass": "print('ok fake check')\n        return 0",
    "fail": "print('FAILED imports: fake: broken on purpose')\n        return 1",
    "hang": "time.sleep(60)\n        return 0",
}
"""What a fake release's ``scotland-yard self-check`` does."""


def write_wheel(folder: Path, name: str, version: str, *, self_check: str | None = "pass", requires: Sequence[str] = ()) -> Path:
    """A pure-Python wheel of *name* in *folder*; with *self_check*, a ``scotland-yard`` console script behaving so."""
    normal = name.replace("-", "_")
    info = f"{normal}-{version}.dist-info"
    module = f"fake_{normal}"
    files = {
        f"{module}/__init__.py": f"VERSION = {version!r}\n",
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
                            + "".join(f"Requires-Dist: {requirement}\n" for requirement in requires),
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    if self_check is not None:
        files[f"{module}/__init__.py"] += (
            "import sys, time\n\n\ndef main():\n"
            f"    if sys.argv[1:2] == ['self-check']:\n        {SELF_CHECK[self_check]}\n"
            f"    print('scotland-yard', VERSION, *sys.argv[1:])\n    return 0\n")
        files[f"{info}/entry_points.txt"] = f"[console_scripts]\nscotland-yard = {module}:main\n"
    path = folder / f"{normal}-{version}-py3-none-any.whl"
    records = []
    with zipfile.ZipFile(path, "w") as archive:
        for member, text in files.items():
            data = text.encode()
            archive.writestr(member, data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            records.append(f"{member},sha256={digest},{len(data)}")
        archive.writestr(f"{info}/RECORD", "\n".join([*records, f"{info}/RECORD,,"]) + "\n")
    return path


def console_wheel(folder: Path, version: str, self_check: str = "pass", requires: Sequence[str] = ()) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    return write_wheel(folder, "scotland-yard-console", version, self_check=self_check, requires=requires)


def fast_env(path: Path, system_site_packages: bool) -> None:
    """A virtual environment without pip (0.1 s instead of 5): the update installs into it with the running pip."""
    venv.EnvBuilder(system_site_packages=system_site_packages, with_pip=False).create(path)


def quick_tools(mounts: Path, check_timeout_s: float = 30.0, **extra_env: str) -> Tools:
    """Fast tools, on a machine whose root file system is a plain writable one (*mounts* is written)."""
    mounts.write_text("/dev/root / ext4 rw,noatime 0 0\nproc /proc proc rw 0 0\n")
    return Tools(make_env=fast_env, pip=(sys.executable, "-m", "pip"), check_timeout_s=check_timeout_s, mounts=mounts,
                 extra_env=dict(extra_env))


def fake_release(root: Path, name: str, *, version: str = "0.1.0", proven: bool = False) -> Release:
    """A complete release without pip: a folder with its release.json and a ``scotland-yard`` that answers."""
    path = root / "releases" / name
    (path / "bin").mkdir(parents=True)
    command = path / "bin" / "scotland-yard"
    command.write_text(f"#!/bin/sh\necho scotland-yard {version} \"$@\"\n")
    command.chmod(0o755)
    release = Release(path, version, ("pi",), "tests", "2025-01-01T00:00:00+00:00", False)
    (path / RELEASE_FILE).write_text(json.dumps(release.description()))
    if proven:
        (path / "proven").write_text("")
    return release


def link(root: Path, name: str, release: Release) -> None:
    """Point ``current`` or ``previous`` at *release*, as an update leaves it."""
    (root / name).symlink_to(os.path.relpath(release.path, root))
