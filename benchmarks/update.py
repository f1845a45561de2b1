"""Benchmark of an update and a rollback: ``python -m benchmarks.update`` prints one ``name: value`` a line.

A real update of this project into a temporary install tree, through
``console.appliance.releases.update`` as ``scotland-yard update`` runs it:

- ``wheel_build_s``: building the project's wheel from a copy of the checkout
  (not part of the update from a wheel on a USB stick; a source update adds it);
- ``venv_s``: the new release's virtual environment, with its own pip (ensurepip);
- ``install_s``: pip installing the wheel into it, offline;
- ``self_check_s``: the new release's own ``scotland-yard self-check``;
- ``complete_s``: syncing the disk and writing its ``release.json``;
- ``switch_s``: pointing ``previous`` and ``current`` at their releases;
- ``update_s``: the whole update, end to end;
- ``rollback_s``: going back to the release before.

No network: the wheel is built with ``--no-build-isolation`` when setuptools
can build wheels here (else with pip's own build isolation, whose build
requirements come from wherever pip is configured to look: said in a note),
and the project's dependencies (pygame-ce, gpiozero, pyserial) are those of
the environment running the bench, made visible to the new release by a
``.pth`` file instead of being installed: the figures are the update's own
work, not a download's. The release is made without extras for that reason.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

from benchmarks.figures import Figure, command, show
from console.appliance.releases import SOURCE_COPY_IGNORED, Tools, make_venv, newest_wheel, rollback, update

CHECKOUT = Path(__file__).resolve().parents[1]
STEPS = {"environment": "venv_s", "install": "install_s", "self-check": "self_check_s", "complete": "complete_s", "switch": "switch_s"}
"""The update's steps, as it reports them, and the figure each one is."""


def build_wheel(into: Path) -> tuple[Path, str]:
    """The project's wheel, built from a copy of the checkout without the network; and how it was built."""
    source = into / "source"
    shutil.copytree(CHECKOUT, source, ignore=shutil.ignore_patterns(*SOURCE_COPY_IGNORED))
    local = _can_build_here()
    how = ["--no-build-isolation", "--no-index"] if local else []
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--disable-pip-version-check", "--no-deps", "--no-cache-dir", *how,
                    "--wheel-dir", str(into / "dist"), str(source)], check=True, capture_output=True, text=True)
    wheel = newest_wheel(into / "dist")
    assert wheel is not None, "pip made no wheel"
    return wheel, "" if local else "setuptools cannot build wheels here: built with pip's build isolation"


def _can_build_here() -> bool:
    """Setuptools here builds wheels by itself (70.1 and later) or with the wheel package."""
    try:
        version = tuple(int(part) for part in re.findall(r"\d+", metadata.version("setuptools"))[:2])
    except metadata.PackageNotFoundError:
        return False
    return version >= (70, 1) or importlib.util.find_spec("wheel") is not None


def env_seeing_these_packages(path: Path, system_site_packages: bool) -> None:
    """A release environment, with pip as in production, that also sees this environment's packages (no download)."""
    make_venv(path, system_site_packages)
    (site,) = path.glob("lib/python3.*/site-packages")
    (site / "bench-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")


def figures() -> Iterator[Figure]:
    with tempfile.TemporaryDirectory(prefix="update-bench-") as folder:
        work = Path(folder)
        began = time.perf_counter()
        wheel, note = build_wheel(work)
        yield Figure("wheel_build_s", time.perf_counter() - began, note)
        tools = Tools(make_env=env_seeing_these_packages)
        root = work / "root"
        update(root, str(wheel), extras=[], tools=tools, say=lambda line: None)  # the release to go back to
        said: list[tuple[float, str]] = []  # each step reports as it ends: the time since the last report is its own
        began = time.perf_counter()
        update(root, str(wheel), extras=[], tools=tools, say=lambda line: said.append((time.perf_counter(), line)))
        ends = [began] + [when for when, _ in said]
        for (when, line), before in zip(said, ends):
            if (step := line.partition(": ")[0]) in STEPS:
                yield Figure(STEPS[step], when - before)
        yield Figure("update_s", time.perf_counter() - began)
        began = time.perf_counter()
        rollback(root, say=lambda line: None)
        yield Figure("rollback_s", time.perf_counter() - began)


def main(argv: list[str] | None = None) -> None:
    command("update", __doc__).parse_args(argv)
    show(figures())


if __name__ == "__main__":
    main()
