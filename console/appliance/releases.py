"""The console's install tree: releases side by side, and updates that switch only to a checked release.

The service runs ``<root>/current/bin/scotland-yard play``. An update installs
the new version into a virtual environment of its own beside the running one,
runs that environment's own ``scotland-yard self-check``, and only then points
``current`` at it; the release it replaces stays, as ``previous``, for
``rollback``. The tree (``root``, by default ``/usr/local/lib/scotland-yard``)::

    releases/<version>-<UTC stamp>/  a virtual environment with the console installed, and its
                                     release.json (written last: a folder without it is an
                                     update that was cut off, removed by the next update)
    current -> releases/...          what the service runs
    previous -> releases/...         what ``rollback`` goes back to
    wheels/                          the wheelhouse: every dependency as a wheel, filled by each
                                     update that may use the package index (``--online``), so that
                                     an update from a USB stick installs offline and rpi-ws281x is
                                     compiled once, not at every update
    update.lock                      one update (or rollback) at a time

A power cut at any moment leaves ``current`` on a complete, checked release:
a release is complete once its ``release.json`` is written (after everything it
holds is on the disk), and each link is switched by renaming a new link over
it. Pip always installs offline, from the wheelhouse and the source's own
folder, with the running interpreter's pip (``pip --python``): one code path
for the first install and every update. The marker ``proven`` in a release says
it has run healthily (``mark_proven``, called by the running console);
``rollback --if-on-trial`` (the service's fallback after repeated failures)
goes back only from a release not yet proven.

Standard library only (and ``console.records.storage``, which is too): the installer runs this
module with the system's ``python3`` from a checkout (``python3 -m console.appliance.releases update CHECKOUT``).

>>> version_key("1.10.0") > version_key("1.9.2") > version_key("1.9.2rc1") > version_key("1.9.1.post3")
True
>>> wheel_version(Path("scotland_yard_console-0.2.0-py3-none-any.whl"))
'0.2.0'
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
import venv
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from console.records.storage import replace_whole, sync_folder

DEFAULT_ROOT = Path("/usr/local/lib/scotland-yard")
PUBLIC = 0o644
"""The mode of a release's own files (``release.json``, the proven marker): every user who runs the console reads them."""
PROJECT = "scotland-yard-console"
DEFAULT_EXTRAS = ("pi",)
CHECK_TIMEOUT_S = 300.0
"""How long a new release's self-check may take (a few seconds on a PC; a Pi 3 is ~8 times slower, and busy playing)."""
RELEASE_FILE = "release.json"
PROVEN_FILE = "proven"
_WHEEL_PREFIX = "scotland_yard_console-"
_SDIST = re.compile(r"scotland[-_]yard[-_]console-(?P<version>[^-]+?)\.(?:tar\.gz|zip)")
SOURCE_COPY_IGNORED = (".git", ".venv", "venv", "build", "dist", "*.egg-info", "__pycache__", ".mypy_cache", ".pytest_cache",
                 ".ruff_cache", "node_modules")
"""What a source folder's copy leaves out: the build starts from the sources alone (a stale build/ can put deleted modules in a wheel)."""
_PRE_RELEASES = {"dev": 0, "a": 1, "alpha": 1, "b": 2, "beta": 2, "c": 3, "rc": 3, "pre": 3, "preview": 3}

Say = Callable[[str], None]


class ReleaseError(Exception):
    """An update or rollback refused or failed; the current release is untouched."""


def version_key(version: str) -> tuple[tuple[int, int, str], ...]:
    """A sort key for version strings, without third-party packages: numbers compare as numbers, pre-releases come before."""
    parts: list[tuple[int, int, str]] = []
    for word in re.findall(r"\d+|[a-z]+", version.lower().partition("+")[0]):
        if word.isdigit():
            parts.append((2, int(word), ""))
        elif word == "post":
            parts.append((3, 0, ""))
        else:
            parts.append((0, _PRE_RELEASES.get(word, 0), word))
    return (*parts, *[(1, 0, "")] * (8 - len(parts)))  # a missing part: after a pre-release, before any number


def wheel_version(path: Path) -> str:
    """The version in a wheel's file name (``name-version-[build-]py-abi-platform.whl``)."""
    return path.name.split("-")[1]


# ---------------------------------------------------------------- releases and the tree


@dataclass(frozen=True)
class Release:
    """One complete release: its folder (a virtual environment) and what its ``release.json`` says."""

    path: Path
    version: str
    extras: tuple[str, ...]
    source: str
    made: str
    system_site_packages: bool

    @property
    def name(self) -> str:
        return self.path.name

    @property
    def command(self) -> Path:
        """Its own ``scotland-yard``."""
        return self.path / "bin" / "scotland-yard"

    @property
    def python(self) -> Path:
        return self.path / "bin" / "python"

    @property
    def proven(self) -> bool:
        """It has run healthily (``mark_proven``): the fallback keeps it."""
        return (self.path / PROVEN_FILE).exists()

    @classmethod
    def load(cls, path: Path) -> Release | None:
        """The release in *path*; None if it is not a complete release (no readable ``release.json``)."""
        try:
            data = json.loads((path / RELEASE_FILE).read_text(encoding="utf-8"))
            return cls(path, str(data["version"]), tuple(data["extras"]), str(data["source"]), str(data["made"]),
                       bool(data["system_site_packages"]))
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def description(self) -> dict[str, object]:
        return {"version": self.version, "extras": list(self.extras), "source": self.source, "made": self.made,
                "system_site_packages": self.system_site_packages}


@dataclass(frozen=True)
class InstallTree:
    """The folders and links of an install root (nothing is made until an update runs)."""

    root: Path

    @property
    def releases(self) -> Path:
        return self.root / "releases"

    @property
    def wheels(self) -> Path:
        return self.root / "wheels"

    def link(self, name: str) -> Path:
        """``current`` or ``previous``."""
        return self.root / name

    def linked(self, name: str) -> Release | None:
        """The complete release ``current`` or ``previous`` points at (None: no link, or not at a complete release)."""
        link = self.link(name)
        return Release.load(link.resolve()) if link.is_symlink() else None

    @property
    def current(self) -> Release | None:
        return self.linked("current")

    @property
    def previous(self) -> Release | None:
        previous = self.linked("previous")
        current = self.current
        return previous if previous is not None and (current is None or previous.path != current.path) else None

    @contextlib.contextmanager
    def locked(self) -> Iterator[int]:
        """Hold ``update.lock`` (its descriptor is handed to the update's commands, so one cut off still holds it)."""
        self.root.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.root / "update.lock", os.O_RDWR | os.O_CREAT, 0o644)
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise ReleaseError(f"another update or rollback is running ({self.root / 'update.lock'} is locked)") from None
            yield fd
        finally:
            os.close(fd)

    def switch(self, name: str, release: Path) -> None:
        """Point the link *name* at *release*: a new link renamed over the old one, then the folder synced."""
        temporary = self.root / f".{name}.new"
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()
        temporary.symlink_to(release.relative_to(self.root))
        os.replace(temporary, self.link(name))
        sync_folder(self.root)

    def kept(self) -> set[Path]:
        """The release folders the links point at, whether complete or not (never removed)."""
        return {self.link(name).resolve() for name in ("current", "previous") if self.link(name).is_symlink()}

    def clean_leftovers(self, say: Say) -> None:
        """Remove what cut-off updates left: unfinished releases, work folders, new links never renamed."""
        kept = self.kept()
        leftovers = [path for path in sorted(self.releases.glob("*")) if path.is_dir() and path.resolve() not in kept
                     and not (path / RELEASE_FILE).exists()]
        leftovers += sorted(self.root.glob(".work-*"))
        for path in leftovers:
            shutil.rmtree(path)
        for temporary in self.root.glob(".*.new"):
            temporary.unlink()
        if leftovers:
            say(f"removed what an update cut off left: {', '.join(path.name for path in leftovers)}")

    def prune(self, keep: set[Path], say: Say) -> None:
        """Remove every complete release but those in *keep* (its release.json first: cut off, it is an unfinished one)."""
        for path in sorted(self.releases.glob("*")):
            if path.resolve() in keep or not path.is_dir():
                continue
            with contextlib.suppress(FileNotFoundError):
                (path / RELEASE_FILE).unlink()
            sync_folder(path)
            shutil.rmtree(path)
            say(f"removed: {path.name}")


# ---------------------------------------------------------------- what an update runs


def make_venv(path: Path, system_site_packages: bool) -> None:
    """A virtual environment with its own pip (so the release can run the next update itself)."""
    venv.EnvBuilder(system_site_packages=system_site_packages, with_pip=True).create(path)


@dataclass(frozen=True)
class Tools:
    """How an update makes environments and runs pip and commands: the real ones by default, faster ones in tests."""

    make_env: Callable[[Path, bool], None] = make_venv
    pip: tuple[str, ...] = (sys.executable, "-m", "pip")
    """The running interpreter's pip: it installs into a new environment with ``--python``."""
    check_timeout_s: float = CHECK_TIMEOUT_S
    mounts: Path = Path("/proc/mounts")
    extra_env: dict[str, str] = field(default_factory=dict)
    """Set for every command an update runs."""


class _Runner:
    """Runs an update's commands, holding the lock's descriptor (a command outliving a cut-off update keeps the lock)."""

    def __init__(self, tools: Tools, lock_fd: int) -> None:
        self.tools = tools
        self.lock_fd = lock_fd

    def run(self, argv: Sequence[str], what: str, timeout: float | None = None) -> str:
        """Run *argv*; its output. A ``ReleaseError`` naming *what* and the command's last error line if it fails."""
        # Not the installer's PYTHONPATH (``PYTHONPATH=CHECKOUT python3 -m console.appliance.releases``): pip would find the
        # checkout's own metadata (a checkout once installed with pip -e) and skip the console, and the self-check would
        # import the checkout's modules instead of the release's.
        env = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"} | self.tools.extra_env
        try:
            done = subprocess.run(list(argv), capture_output=True, text=True, timeout=timeout, check=False,
                                  pass_fds=(self.lock_fd,), env=env)
        except subprocess.TimeoutExpired:
            raise ReleaseError(f"{what}: no answer within {timeout:g} s") from None
        except OSError as error:
            raise ReleaseError(f"{what}: {argv[0]} cannot run ({error.strerror})") from None
        if done.returncode != 0:
            raise ReleaseError(f"{what}: {_last_error(done.stdout + done.stderr) or f'exit status {done.returncode}'}")
        return done.stdout

    def pip(self, *args: str, what: str) -> str:
        return self.run([*self.tools.pip, "--disable-pip-version-check", "--no-input", *args], what)


def _last_error(output: str) -> str:
    """The line of a command's output that says what went wrong (pip's first ``ERROR:``, else its last line)."""
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    errors = [line for line in lines if line.startswith("ERROR:")]
    return (errors[0] if errors else lines[-1] if lines else "").removeprefix("ERROR: ")


def _timed(say: Say, step: str) -> Callable[[str], None]:
    """A step's report: ``say(f"{step}: {what} (1.2 s)")`` when it is called at the end of the step."""
    began = time.monotonic()
    return lambda what: say(f"{step}: {what} ({time.monotonic() - began:.1f} s)")


# ---------------------------------------------------------------- sources


@dataclass(frozen=True)
class Wheel:
    """The console's wheel to install, and the folders pip may take its dependencies from besides the wheelhouse."""

    path: Path
    find_links: tuple[Path, ...] = ()
    build_requires: tuple[str, ...] = ()
    """A source folder's build requirements (from its pyproject.toml): put in the wheelhouse for offline builds."""


def newest_wheel(folder: Path) -> Path | None:
    """The console's newest wheel in *folder* (not its subfolders), or None."""
    wheels = [path for path in folder.glob(f"{_WHEEL_PREFIX}*.whl") if path.is_file()]
    return max(wheels, key=lambda path: version_key(wheel_version(path)), default=None)


def find_update_source(folder: Path) -> Path | None:
    """What an update can install from the top level of *folder* (a USB stick): its newest wheel, else its newest source archive."""
    if newest_wheel(folder) is not None:
        return folder
    archives = [(match["version"], path) for path in folder.iterdir() if path.is_file() and (match := _SDIST.fullmatch(path.name))]
    return max(archives, key=lambda found: version_key(found[0]), default=(None, None))[1]


def _console_wheel(source: str | None, version: str | None, online: bool, tree: InstallTree, work: Path, runner: _Runner,
                   say: Say) -> Wheel:
    """Turn the update's source into the console's wheel (built in *work* unless it is one)."""
    report = _timed(say, "source")
    if source is None:
        if not online:
            raise ReleaseError("no source: name a wheel, a source archive, a folder, or use --online")
        spec = f"{PROJECT}=={version}" if version else PROJECT
        wheel = _built(runner, tree, work, [spec], online, "the package index")
    else:
        path = Path(source).expanduser().absolute()
        if not path.exists():
            raise ReleaseError(f"{path}: no such file or folder")
        if path.is_dir() and not (path / "pyproject.toml").exists():
            found = newest_wheel(path)
            if found is None:
                raise ReleaseError(f"{path}: holds no {_WHEEL_PREFIX}*.whl and is no source folder (no pyproject.toml)")
            wheel = Wheel(found, (path,))
        elif path.is_dir():
            copy = work / "source"
            shutil.copytree(path, copy, ignore=shutil.ignore_patterns(*SOURCE_COPY_IGNORED), symlinks=True)
            requires = tuple(tomllib.loads((copy / "pyproject.toml").read_text(encoding="utf-8")).get("build-system", {})
                             .get("requires", ()))
            wheel = _built(runner, tree, work, [str(copy)], online, str(path), requires)
        elif path.suffix == ".whl":
            wheel = Wheel(path, (path.parent,))
        elif path.name.endswith((".tar.gz", ".zip")):
            wheel = _built(runner, tree, work, [str(path)], online, str(path), find_links=(path.parent,))
        else:
            raise ReleaseError(f"{path}: not a wheel (.whl), a source archive (.tar.gz, .zip) or a folder")
    if not wheel.path.name.startswith(_WHEEL_PREFIX):
        raise ReleaseError(f"{wheel.path}: not a wheel of {PROJECT}")
    report(wheel.path.name)
    return wheel


def _built(runner: _Runner, tree: InstallTree, work: Path, spec: list[str], online: bool, what: str,
           build_requires: tuple[str, ...] = (), find_links: tuple[Path, ...] = ()) -> Wheel:
    """The console's wheel built (or fetched) by ``pip wheel`` into *work*; offline, the build's needs come from the wheelhouse."""
    out = work / "console"
    index = [] if online else ["--no-index"]
    runner.pip("wheel", "--no-deps", "--no-cache-dir", *index, "--find-links", str(tree.wheels), "--wheel-dir", str(out), *spec,
               what=f"building the wheel from {what}")
    found = newest_wheel(out)
    if found is None:
        raise ReleaseError(f"building the wheel from {what}: pip made no {_WHEEL_PREFIX}*.whl")
    return Wheel(found, find_links, build_requires)


# ---------------------------------------------------------------- the wheelhouse


def _fill_wheelhouse(tree: InstallTree, wheel: Wheel, extras: Sequence[str], work: Path, runner: _Runner, say: Say) -> None:
    """Put the wheel's dependencies (and a source's build requirements) in the wheelhouse, from the package index.

    A dependency already there as a wheel is copied, not built again; each new
    wheel is renamed into place whole, so a cut-off fill leaves no half file.
    """
    report = _timed(say, "wheelhouse")
    fill = work / "wheels"
    spec = _with_extras(wheel.path, extras)
    runner.pip("wheel", "--no-cache-dir", "--find-links", str(tree.wheels), *_find_links(wheel), "--wheel-dir", str(fill),
               spec, *wheel.build_requires, what="filling the wheelhouse from the package index")
    added = 0
    for path in sorted(fill.glob("*.whl")):
        if path.name.startswith(_WHEEL_PREFIX):
            continue
        target = tree.wheels / path.name
        if not target.exists():
            with path.open("rb") as file:
                os.fsync(file.fileno())
            os.replace(path, target)
            added += 1
    sync_folder(tree.wheels)
    dropped = _drop_older_wheels(tree.wheels)
    report(f"{added} new, {dropped} older removed, {len(list(tree.wheels.glob('*.whl')))} in {tree.wheels}")


def _drop_older_wheels(folder: Path) -> int:
    """Keep the newest version of each project in the wheelhouse (releases already installed need none of it)."""
    newest: dict[str, list[Path]] = {}
    for path in folder.glob("*.whl"):
        newest.setdefault(path.name.split("-")[0].lower(), []).append(path)
    dropped = 0
    for paths in newest.values():
        best = max(version_key(wheel_version(path)) for path in paths)
        for path in paths:
            if version_key(wheel_version(path)) < best:
                path.unlink()
                dropped += 1
    return dropped


def _with_extras(wheel: Path, extras: Sequence[str]) -> str:
    return f"{wheel}[{','.join(extras)}]" if extras else str(wheel)


def _find_links(wheel: Wheel) -> list[str]:
    return [arg for folder in wheel.find_links for arg in ("--find-links", str(folder))]


# ---------------------------------------------------------------- checks


def _mount_of(path: Path, mounts: Path) -> tuple[str, str, list[str]]:
    """The mount point, file system type and options of the mount *path* is on (from /proc/mounts' format)."""
    best = ("/", "", [""])
    for line in mounts.read_text(encoding="utf-8").splitlines():
        fields = line.split()
        if len(fields) < 4:
            continue
        point = re.sub(r"\\([0-7]{3})", lambda match: chr(int(match[1], 8)), fields[1])
        if (path == Path(point) or Path(point) in path.parents) and len(point) >= len(best[0]):
            best = (point, fields[2], fields[3].split(","))
    return best


def check_writable(root: Path, mounts: Path) -> None:
    """Refuse an install root on Raspberry Pi OS's overlay file system (its changes vanish at the next boot) or read-only."""
    if not mounts.exists():
        return
    point, kind, options = _mount_of(root.resolve(), mounts)
    if kind == "overlay":
        raise ReleaseError(f"{root} is on an overlay file system ({point}): an update there is lost at the next boot. "
                           "Turn the overlay off (sudo raspi-config nonint do_overlayfs 1, or raspi-config's "
                           "Performance Options > Overlay File System), reboot, then update")
    if "ro" in options:
        raise ReleaseError(f"{root} is on a read-only file system ({point}): remount it read-write, then update")


# ---------------------------------------------------------------- update and rollback


def update(
    root: Path,
    source: str | None,
    *,
    online: bool = False,
    version: str | None = None,
    extras: Sequence[str] | None = None,
    system_site_packages: bool | None = None,
    config: str | None = None,
    tools: Tools | None = None,
    say: Say = print,
) -> Release:
    """Install *source* as a new release, check it, and make it current (the one it replaces becomes previous).

    *source*: a wheel, a source archive, a source folder, a folder of wheels, or
    None with *online* (the package index, *version* or the newest). *extras*
    and *system_site_packages* default to the current release's (``pi`` and no
    system packages for the first). Raises ``ReleaseError`` on any failure,
    with the current release untouched.
    """
    tools = tools or Tools()
    check_writable(root, tools.mounts)
    try:
        return _update(InstallTree(root), source, online, version, extras, system_site_packages, config, tools, say)
    except OSError as error:  # the disk is full, or refuses a folder, a file or a link
        raise ReleaseError(f"{error.filename}: {error.strerror}" if error.filename else str(error)) from None


def _update(tree: InstallTree, source: str | None, online: bool, version: str | None, extras: Sequence[str] | None,
            system_site_packages: bool | None, config: str | None, tools: Tools, say: Say) -> Release:
    root = tree.root
    with tree.locked() as lock_fd:
        tree.clean_leftovers(say)
        runner = _Runner(tools, lock_fd)
        current = tree.current
        extras = tuple(extras if extras is not None else current.extras if current else DEFAULT_EXTRAS)
        if system_site_packages is None:
            system_site_packages = current.system_site_packages if current else False
        tree.releases.mkdir(exist_ok=True)
        tree.wheels.mkdir(exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        work = root / f".work-{stamp}-{os.getpid()}"
        work.mkdir()
        try:
            wheel = _console_wheel(source, version, online, tree, work, runner, say)
            if online:
                _fill_wheelhouse(tree, wheel, extras, work, runner, say)
            path = tree.releases / f"{wheel_version(wheel.path)}-{stamp}"
            try:
                release = _install(path, tree, wheel, extras, system_site_packages, source or f"{PROJECT} from the package index",
                                   runner, say)
                _self_check(release, config, runner, say)
                _complete(release, say)
            except BaseException:
                shutil.rmtree(path, ignore_errors=True)  # a failed release leaves nothing behind
                raise
        finally:
            shutil.rmtree(work, ignore_errors=True)
        report = _timed(say, "switch")
        if current is not None:
            tree.switch("previous", current.path)
        tree.switch("current", release.path)
        report(f"current is {release.name}" + (f", previous {current.name}" if current else ""))
        tree.prune(tree.kept() | {Path(sys.prefix).resolve()}, say)  # never the release this runs from
        return release


def _install(path: Path, tree: InstallTree, wheel: Wheel, extras: Sequence[str], system_site_packages: bool, source: str,
             runner: _Runner, say: Say) -> Release:
    """A new environment at *path* with the console installed, offline; not yet complete (no release.json)."""
    version = wheel_version(wheel.path)
    report = _timed(say, "environment")
    try:
        runner.tools.make_env(path, system_site_packages)
    except (OSError, subprocess.CalledProcessError) as error:
        raise ReleaseError(f"making the environment {path}: {error}") from None
    report(str(path))
    report = _timed(say, "install")
    runner.pip("--python", str(path / "bin" / "python"), "install", "--no-index", "--no-cache-dir", "--no-warn-script-location",
               "--find-links", str(tree.wheels), *_find_links(wheel), _with_extras(wheel.path, extras),
               what=f"installing {wheel.path.name} (offline: is every dependency in {tree.wheels}? --online fills it)")
    report(f"{PROJECT} {version}" + (f" [{','.join(extras)}]" if extras else ""))
    made = datetime.now(UTC).isoformat(timespec="seconds")
    return Release(path, version, tuple(extras), source, made, system_site_packages)


def _self_check(release: Release, config: str | None, runner: _Runner, say: Say) -> None:
    report = _timed(say, "self-check")
    argv = [str(release.command), "self-check", *(["--config", config] if config else [])]
    output = runner.run(argv, f"the self-check of {release.name}", timeout=runner.tools.check_timeout_s)
    report(f"passed ({len(output.splitlines())} checks)")


def _complete(release: Release, say: Say) -> None:
    """Make the release complete: everything it holds on the disk first, then its release.json."""
    report = _timed(say, "complete")
    os.sync()
    replace_whole(release.path / RELEASE_FILE, (json.dumps(release.description(), indent=2) + "\n").encode("utf-8"), PUBLIC)
    report(str(release.path / RELEASE_FILE))


def rollback(root: Path, *, if_on_trial: bool = False, say: Say = print) -> Release | None:
    """Make previous current and current previous; the release now current, or None if *if_on_trial* kept a proven one.

    ``current`` switches first: cut off between the two switches, the console
    already runs the release it went back to.
    """
    tree = InstallTree(root)
    if not root.is_dir():  # nothing to go back to, and no tree to make for it
        raise ReleaseError(f"there is no install tree at {root} (--root names another)")
    with tree.locked():
        current, previous = tree.current, tree.previous
        if if_on_trial and current is not None and current.proven:
            say(f"rollback: {current.name} has run healthily: it stays")
            return None
        if current is None or previous is None:
            raise ReleaseError(f"there is no previous release in {root} to roll back to")
        report = _timed(say, "rollback")
        tree.switch("current", previous.path)
        tree.switch("previous", current.path)
        report(f"current is {previous.name}, previous {current.name}")
        return previous


def running_release(prefix: str | None = None) -> tuple[InstallTree, Release] | None:
    """The install tree and release this interpreter runs from (*prefix*: ``sys.prefix``); None outside a release tree."""
    path = Path(prefix or sys.prefix).resolve()
    release = Release.load(path)
    if release is None or path.parent.name != "releases":
        return None
    return InstallTree(path.parent.parent), release


def mark_proven(prefix: str | None = None) -> bool:
    """Mark the running release as proven (it has run healthily), once; False when not running from a release tree."""
    found = running_release(prefix)
    if found is None:
        return False
    marker = found[1].path / PROVEN_FILE
    if not marker.exists():
        replace_whole(marker, (datetime.now(UTC).isoformat(timespec="seconds") + "\n").encode("ascii"), PUBLIC)
    return True


# ---------------------------------------------------------------- the commands


def add_update_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``update`` (``scotland-yard update`` and ``python -m console.appliance.releases update``)."""
    parser.add_argument("source", nargs="?", help="a wheel, a source archive (.tar.gz, .zip), a source folder (a checkout), "
                                                  "or a folder of wheels")
    parser.add_argument("--online", action="store_true", help="may use the package index: the console from it (without SOURCE), "
                                                              "and every dependency into the wheelhouse")
    parser.add_argument("--version", help="with --online and no SOURCE: this version (default: the newest)")
    _add_root(parser)
    parser.add_argument("--config", help="the config file the self-check reads (default: $SCOTLAND_YARD_CONFIG or "
                                         "/etc/scotland-yard/config.toml)")
    parser.add_argument("--extras", help="the extras to install, comma-separated (default: the current release's; pi for the first)")
    parser.add_argument("--system-site-packages", action="store_true", default=None,
                        help="let the release see the system's packages (python3-lgpio); default: as the current release")
    parser.add_argument("--check-timeout", type=float, default=CHECK_TIMEOUT_S,
                        help=f"seconds the self-check may take (default {CHECK_TIMEOUT_S:g})")


def add_rollback_arguments(parser: argparse.ArgumentParser) -> None:
    _add_root(parser)
    parser.add_argument("--if-on-trial", action="store_true",
                        help="only if the current release has not yet run healthily (the service's fallback)")


def _add_root(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--root", help=f"the install tree (default: the one this command runs from, else {DEFAULT_ROOT})")


def _root(args: argparse.Namespace) -> Path:
    """The install tree the command works on: ``--root``, or the tree it runs from (an install with ``--root``), else the default."""
    if args.root is not None:
        return Path(args.root)
    running = running_release()
    return running[0].root if running is not None else DEFAULT_ROOT


def update_command(args: argparse.Namespace) -> int:
    if args.source is None and not args.online:
        raise ReleaseError("name a SOURCE (a wheel, a source archive or folder, a folder of wheels), or use --online")
    if args.version and args.source:
        raise ReleaseError("--version goes with --online and no SOURCE: a SOURCE is the version it holds")
    began = time.monotonic()
    extras = None if args.extras is None else [word.strip() for word in args.extras.split(",") if word.strip()]
    release = update(_root(args), args.source, online=args.online, version=args.version, extras=extras,
                     system_site_packages=args.system_site_packages, config=args.config,
                     tools=Tools(check_timeout_s=args.check_timeout), say=_say)
    _say(f"Updated to {release.version} in {time.monotonic() - began:.1f} s: restart the console to run it "
         "(sudo systemctl restart scotland-yard)")
    return 0


def rollback_command(args: argparse.Namespace) -> int:
    release = rollback(_root(args), if_on_trial=args.if_on_trial, say=_say)
    if release is not None:
        _say(f"Back to {release.version}: restart the console to run it (sudo systemctl restart scotland-yard)")
    return 0


def _say(line: str) -> None:
    print(line, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m console.appliance.releases update|rollback``: what the installer runs before there is a ``scotland-yard`` command."""
    parser = argparse.ArgumentParser(prog="python -m console.appliance.releases", description=__doc__.splitlines()[0] if __doc__ else None)
    commands = parser.add_subparsers(dest="command", required=True)
    add_update_arguments(commands.add_parser("update", help="install a new release, check it, switch to it"))
    add_rollback_arguments(commands.add_parser("rollback", help="go back to the previous release"))
    args = parser.parse_args(argv)
    try:
        return update_command(args) if args.command == "update" else rollback_command(args)
    except ReleaseError as error:
        print(f"{parser.prog} {args.command}: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
