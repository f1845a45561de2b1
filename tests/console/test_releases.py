"""Updates and rollbacks in a temporary install tree, with failures injected and updates killed part way.

The wheels are tiny fakes (``tests.support.releases``) installed offline, so pip
takes about a second; their ``scotland-yard self-check`` passes, fails or hangs
as each test asks. Whatever happens, ``current`` must point at a complete
release that runs, and the next update must succeed.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from console import cli
from console.appliance import releases
from console.appliance.releases import InstallTree, Release, ReleaseError, check_writable, find_update_source, mark_proven, rollback, update
from console.appliance.updates import Updates
from hardware.interfaces import Key
from tests.support.program import Console
from tests.support.releases import console_wheel, fake_release, link, quick_tools, write_wheel

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def pip_without_configuration(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests' pip reads no configuration of the machine it runs on (no index, no find-links): offline and the same anywhere."""
    for name in [name for name in os.environ if name.startswith("PIP_")]:
        monkeypatch.delenv(name)
    monkeypatch.setenv("PIP_CONFIG_FILE", os.devnull)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return tmp_path / "root"


@pytest.fixture
def stick(tmp_path: Path) -> Path:
    folder = tmp_path / "stick"
    folder.mkdir()
    return folder


def tools(tmp_path: Path, check_timeout_s: float = 30.0, **extra_env: str) -> releases.Tools:
    return quick_tools(tmp_path / "mounts", check_timeout_s, **extra_env)


def installed(root: Path, name: str = "current") -> Release:
    release = InstallTree(root).linked(name)
    assert release is not None, f"{name} is not a complete release"
    return release


def runs(release: Release) -> str:
    """What the release's own command answers (it must run)."""
    done = subprocess.run([str(release.command), "self-check"], capture_output=True, text=True, timeout=30, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def release_folders(root: Path) -> list[str]:
    return sorted(path.name for path in (root / "releases").iterdir())


def with_old_release(root: Path) -> Release:
    """A tree whose current release is 0.1.0 (a fake, complete one)."""
    old = fake_release(root, "0.1.0-20250101T000000Z")
    link(root, "current", old)
    return old


# ---------------------------------------------------------------- updates


def test_first_update_installs_checks_and_makes_it_current(root: Path, stick: Path, tmp_path: Path) -> None:
    wheel = console_wheel(stick, "0.2.0")
    said: list[str] = []
    release = update(root, str(wheel), extras=[], tools=tools(tmp_path), say=said.append)
    assert installed(root) == release
    assert release.version == "0.2.0" and release.name.startswith("0.2.0-") and release.source == str(wheel)
    assert "ok fake check" in runs(release)
    assert [line.split(":")[0] for line in said] == ["source", "environment", "install", "self-check", "complete", "switch"]
    assert all(line.endswith(" s)") for line in said)
    assert InstallTree(root).previous is None
    assert not list(root.glob(".work-*")) and not list(root.glob(".*.new"))
    with pytest.raises(ReleaseError, match="no previous release"):
        rollback(root)
    assert installed(root) == release


def test_the_installer_s_pythonpath_never_reaches_the_release_s_pip_or_its_self_check(
        root: Path, stick: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The installer runs ``PYTHONPATH=CHECKOUT python3 -m console.appliance.releases``: a checkout once installed with pip -e
    holds the console's metadata, which pip would take for the console installed (and skip it, no command made)."""
    checkout = tmp_path / "checkout"
    (checkout / "scotland_yard_console-0.2.0.dist-info").mkdir(parents=True)
    (checkout / "scotland_yard_console-0.2.0.dist-info" / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: scotland-yard-console\nVersion: 0.2.0\n")
    monkeypatch.setenv("PYTHONPATH", str(checkout))
    release = update(root, str(console_wheel(stick, "0.2.0")), extras=[], tools=tools(tmp_path), say=lambda line: None)
    assert "ok fake check" in runs(release)


def test_an_update_keeps_the_release_it_replaces_as_previous_and_prunes_the_rest(root: Path, stick: Path, tmp_path: Path) -> None:
    oldest = fake_release(root, "0.0.9-20240101T000000Z")
    old = with_old_release(root)
    link(root, "previous", oldest)
    unfinished = root / "releases" / "0.1.5-20250102T000000Z"  # an update cut off before its release.json
    (unfinished / "bin").mkdir(parents=True)
    release = update(root, str(console_wheel(stick, "0.2.0")), tools=tools(tmp_path), say=lambda line: None)
    assert installed(root) == release and installed(root, "previous") == old
    assert release_folders(root) == sorted([old.name, release.name])
    assert release.extras == old.extras == ("pi",), "the current release's extras are kept"
    assert rollback(root, say=lambda line: None) == old
    assert installed(root) == old and installed(root, "previous") == release


def test_a_missing_dependency_offline_changes_nothing(root: Path, stick: Path, tmp_path: Path) -> None:
    old = with_old_release(root)
    wheel = console_wheel(stick, "0.2.0", requires=["not-in-the-wheelhouse>=1"])
    with pytest.raises(ReleaseError, match=r"installing .*not-in-the-wheelhouse.*--online|not-in-the-wheelhouse") as refused:
        update(root, str(wheel), tools=tools(tmp_path), say=lambda line: None)
    assert "\n" not in str(refused.value)
    assert installed(root) == old and release_folders(root) == [old.name]
    assert not list(root.glob(".work-*"))


def test_a_dependency_in_the_wheelhouse_installs_offline(root: Path, stick: Path, tmp_path: Path) -> None:
    with_old_release(root)
    (root / "wheels").mkdir()
    write_wheel(root / "wheels", "fake-dependency", "1.0", self_check=None)
    release = update(root, str(console_wheel(stick, "0.2.0", requires=["fake-dependency>=1"])), tools=tools(tmp_path),
                     say=lambda line: None)
    assert list((release.path / "lib").glob("python3.*/site-packages/fake_fake_dependency/__init__.py"))


def test_a_failing_self_check_changes_nothing_and_says_which_check(root: Path, stick: Path, tmp_path: Path) -> None:
    old = with_old_release(root)
    with pytest.raises(ReleaseError, match=r"self-check.*FAILED imports: fake: broken on purpose"):
        update(root, str(console_wheel(stick, "0.2.0", self_check="fail")), tools=tools(tmp_path), say=lambda line: None)
    assert installed(root) == old and release_folders(root) == [old.name]


def test_a_hanging_self_check_is_stopped_and_changes_nothing(root: Path, stick: Path, tmp_path: Path) -> None:
    old = with_old_release(root)
    with pytest.raises(ReleaseError, match=r"self-check .*no answer within 0\.3 s"):
        update(root, str(console_wheel(stick, "0.2.0", self_check="hang")), tools=tools(tmp_path, check_timeout_s=0.3),
               say=lambda line: None)
    assert installed(root) == old and release_folders(root) == [old.name]


def test_a_disk_that_refuses_the_switch_leaves_current_alone(root: Path, stick: Path, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    old = with_old_release(root)
    replace = os.replace

    def refusing(source: str | Path, target: str | Path) -> None:
        if Path(target).name == "current":
            raise OSError(errno.ENOSPC, "No space left on device", str(target))
        replace(source, target)

    monkeypatch.setattr(os, "replace", refusing)
    with pytest.raises(ReleaseError, match="current: No space left on device"):
        update(root, str(console_wheel(stick, "0.2.0")), tools=tools(tmp_path), say=lambda line: None)
    assert installed(root) == old
    monkeypatch.setattr(os, "replace", replace)
    assert installed(root) == old, "nothing switched"
    release = update(root, str(console_wheel(stick, "0.3.0")), tools=tools(tmp_path), say=lambda line: None)
    assert release_folders(root) == sorted([old.name, release.name]), "the release that could not be switched to is pruned"


def test_a_second_update_while_one_runs_is_refused(root: Path, stick: Path, tmp_path: Path) -> None:
    old = with_old_release(root)
    with InstallTree(root).locked(), pytest.raises(ReleaseError, match="another update or rollback is running"):
        update(root, str(console_wheel(stick, "0.2.0")), tools=tools(tmp_path), say=lambda line: None)
    assert installed(root) == old and release_folders(root) == [old.name]


def test_sources_that_are_no_console_are_refused(root: Path, stick: Path, tmp_path: Path) -> None:
    with_old_release(root)
    other = write_wheel(stick, "something-else", "1.0")
    (stick / "notes.txt").write_text("hello")
    for source, reason in ((other, "not a wheel of scotland-yard-console"), (stick / "notes.txt", "not a wheel"),
                           (stick / "missing.whl", "no such file"), (stick, "holds no scotland_yard_console-")):
        with pytest.raises(ReleaseError, match=reason):
            update(root, str(source), tools=tools(tmp_path), say=lambda line: None)
    with pytest.raises(ReleaseError, match="--online"):
        update(root, None, tools=tools(tmp_path), say=lambda line: None)


def test_refuses_to_update_on_the_read_only_overlay(root: Path, tmp_path: Path) -> None:
    mounts = tmp_path / "mounts"
    mounts.write_text("overlay / overlay rw,relatime,lowerdir=/media/root-ro,upperdir=/media/root-rw/overlay 0 0\n"
                      "/dev/mmcblk0p1 /boot/firmware vfat ro,relatime 0 0\n/dev/sda1 /srv/console\\040data ext4 rw 0 0\n")
    with pytest.raises(ReleaseError, match=r"overlay file system.*raspi-config nonint do_overlayfs 1"):
        update(root, "any.whl", tools=releases.Tools(mounts=mounts), say=lambda line: None)
    assert not root.exists(), "nothing was made"
    check_writable(Path("/srv/console data/scotland-yard"), mounts)  # another, writable mount: allowed
    with pytest.raises(ReleaseError, match="read-only"):
        check_writable(Path("/boot/firmware/scotland-yard"), mounts)


# ---------------------------------------------------------------- rollback and proven releases


def test_rollback_swaps_current_and_previous(root: Path) -> None:
    old, new = fake_release(root, "0.1.0-a"), fake_release(root, "0.2.0-b", version="0.2.0")
    link(root, "current", new)
    link(root, "previous", old)
    said: list[str] = []
    assert rollback(root, say=said.append) == old
    assert installed(root) == old and installed(root, "previous") == new
    assert said and said[0].startswith("rollback: current is 0.1.0-a, previous 0.2.0-b")
    assert "0.1.0" in runs(installed(root))


@pytest.mark.parametrize("proven", [False, True])
def test_rollback_if_on_trial_goes_back_only_from_an_unproven_release(root: Path, proven: bool) -> None:
    old, new = fake_release(root, "0.1.0-a", proven=True), fake_release(root, "0.2.0-b", version="0.2.0", proven=proven)
    link(root, "current", new)
    link(root, "previous", old)
    back = rollback(root, if_on_trial=True, say=lambda line: None)
    assert installed(root) == (new if proven else old)
    assert back == (None if proven else old)


def test_mark_proven_marks_the_running_release_once_and_nothing_outside_a_tree(root: Path, tmp_path: Path) -> None:
    release = fake_release(root, "0.2.0-b")
    assert not release.proven
    assert mark_proven(str(release.path)) is True
    assert release.proven
    marked = (release.path / "proven").read_text()
    link(root, "current", release)
    assert mark_proven(str(root / "current")) is True, "found through the current link too"
    assert (release.path / "proven").read_text() == marked, "marked once"
    assert mark_proven(str(tmp_path)) is False
    assert mark_proven(sys.prefix) is False, "the tests run from a development environment, not a release"
    assert not list(tmp_path.glob("proven"))


def test_leftovers_of_cut_off_updates_are_removed_but_never_a_linked_release(root: Path) -> None:
    current = fake_release(root, "0.1.0-a")
    link(root, "current", current)
    broken_previous = root / "releases" / "0.0.1-x"  # linked, though incomplete: kept
    broken_previous.mkdir()
    (root / "previous").symlink_to("releases/0.0.1-x")
    (root / "releases" / "0.2.0-cut").mkdir()
    (root / ".work-20250101T000000Z-1" / "console").mkdir(parents=True)
    (root / ".current.new").symlink_to("releases/0.2.0-cut")
    said: list[str] = []
    InstallTree(root).clean_leftovers(said.append)
    assert release_folders(root) == ["0.0.1-x", "0.1.0-a"]
    assert not list(root.glob(".work-*")) and not (root / ".current.new").is_symlink()
    assert said == ["removed what an update cut off left: 0.2.0-cut, .work-20250101T000000Z-1"]
    assert installed(root) == current


def test_prune_keeps_current_and_previous(root: Path) -> None:
    names = ["0.1.0-a", "0.2.0-b", "0.3.0-c", "0.4.0-d"]
    made = [fake_release(root, name) for name in names]
    link(root, "current", made[3])
    link(root, "previous", made[1])
    tree = InstallTree(root)
    tree.prune(tree.kept(), lambda line: None)
    assert release_folders(root) == ["0.2.0-b", "0.4.0-d"]


# ---------------------------------------------------------------- USB sticks


def test_the_stick_s_newest_wheel_or_else_its_newest_source_archive(stick: Path) -> None:
    assert find_update_source(stick) is None
    (stick / "scotland_yard_console-0.9.0.tar.gz").write_bytes(b"")
    (stick / "scotland-yard-console-0.10.0.tar.gz").write_bytes(b"")
    assert find_update_source(stick) == stick / "scotland-yard-console-0.10.0.tar.gz"
    console_wheel(stick, "0.2.0")
    newest = console_wheel(stick, "0.10.0")
    console_wheel(stick, "0.10.0rc1")
    assert find_update_source(stick) == stick
    assert releases.newest_wheel(stick) == newest


# ---------------------------------------------------------------- kills


KILLER = """
import sys
from pathlib import Path
from console.appliance.releases import update
from tests.support.releases import quick_tools
update(Path(sys.argv[1]), sys.argv[2], tools=quick_tools(Path(sys.argv[3])))
"""


def killed_when(root: Path, wheel: Path, tmp_path: Path, moment: Callable[[float], bool]) -> bool:
    """Run an update in its own process group; kill the group (a power cut) at the first *moment(seconds in)*; whether it was cut off."""
    env = {name: value for name, value in os.environ.items() if not name.startswith("PIP_")} | {"PIP_CONFIG_FILE": os.devnull}
    began = time.monotonic()
    process = subprocess.Popen([sys.executable, "-c", KILLER, str(root), str(wheel), str(tmp_path / "mounts")], cwd=ROOT, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    while process.poll() is None and not moment(time.monotonic() - began):
        time.sleep(0.005)
    cut_off = process.poll() is None
    if cut_off:
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=30)
    deadline = time.monotonic() + 30
    while True:  # the update's pip, killed too, ends a moment later: it held the lock as well
        try:
            with InstallTree(root).locked():
                return cut_off
        except ReleaseError:
            assert time.monotonic() < deadline, "the killed update's processes still hold the lock"
            time.sleep(0.05)


def check_after_a_kill(root: Path, stick: Path, tmp_path: Path, moment: Callable[[float], bool]) -> bool:
    """Kill an update at *moment*; then ``current`` runs, and the next update succeeds and leaves no unfinished release."""
    old = with_old_release(root)
    cut_off = killed_when(root, console_wheel(stick, "0.2.0"), tmp_path, moment)
    current = installed(root)
    assert current.name in (old.name, *[path.name for path in (root / "releases").glob("0.2.0-*")])
    runs(current)
    release = update(root, str(console_wheel(stick, "0.3.0")), tools=tools(tmp_path), say=lambda line: None)
    assert installed(root) == release
    runs(release)
    assert installed(root, "previous") == current
    assert all((root / "releases" / name / "release.json").exists() for name in release_folders(root)), "no unfinished release survives"
    assert not list(root.glob(".work-*")) and not list(root.glob(".*.new"))
    return cut_off


def test_an_update_killed_while_it_installs_leaves_a_working_console(root: Path, stick: Path, tmp_path: Path) -> None:
    def installing(seconds: float) -> bool:
        return any((root / "releases").glob("0.2.0-*/lib/python3.*/site-packages/*"))

    assert check_after_a_kill(root, stick, tmp_path, installing), "the update finished before it was killed"


@pytest.fixture(scope="module")
def update_seconds(tmp_path_factory: pytest.TempPathFactory) -> float:
    """How long a whole update takes here, in its own process: the span the kills are spread over."""
    folder = tmp_path_factory.mktemp("timed")
    root = folder / "root"
    with_old_release(root)
    began = time.monotonic()
    assert not killed_when(root, console_wheel(folder / "stick", "0.2.0"), folder, lambda seconds: False)
    return time.monotonic() - began


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(12))
def test_an_update_killed_at_a_random_moment_leaves_a_working_console(root: Path, stick: Path, tmp_path: Path, seed: int,
                                                                      update_seconds: float) -> None:
    at = random.Random(seed).uniform(0.0, 1.1) * update_seconds
    check_after_a_kill(root, stick, tmp_path, lambda seconds: seconds >= at)


# ---------------------------------------------------------------- the commands


@pytest.fixture
def quick_commands(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``scotland-yard update`` with the fast environment maker, on a writable root file system."""
    monkeypatch.setattr(releases, "Tools", functools.partial(releases.Tools, make_env=tools(tmp_path).make_env,
                                                              mounts=tmp_path / "mounts"))


@pytest.mark.usefixtures("quick_commands")
def test_update_and_rollback_commands(root: Path, stick: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with_old_release(root)
    assert cli.main(["update", str(console_wheel(stick, "0.2.0")), "--root", str(root)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in out[:-1]] == ["source", "environment", "install", "self-check", "complete", "switch"]
    assert out[-1].startswith("Updated to 0.2.0 in ")
    assert installed(root).version == "0.2.0"
    assert cli.main(["rollback", "--root", str(root)]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("Back to 0.1.0: restart the console")
    assert installed(root).version == "0.1.0"


@pytest.mark.parametrize(("argv", "error"), [
    (["update"], "name a SOURCE"),
    (["update", "x.whl", "--version", "1.0"], "--version goes with --online"),
    (["rollback"], "no previous release"),
])
@pytest.mark.usefixtures("quick_commands")
def test_commands_refuse_in_one_line(root: Path, capsys: pytest.CaptureFixture[str], argv: list[str], error: str) -> None:
    old = with_old_release(root)
    assert cli.main([*argv, "--root", str(root)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"scotland-yard {argv[0]}: ") and error in err and err.count("\n") == 1
    assert installed(root) == old


def test_the_installer_s_entry_point_runs_with_the_standard_library_alone(tmp_path: Path) -> None:
    """The installer runs ``python3 -m console.appliance.releases`` from a checkout before anything is installed: no third-party import."""
    probe = ("import sys, console.appliance.releases\n"
             "watched = {'pygame', 'gpiozero', 'serial', 'engine', 'language', 'hardware'}\n"
             "print(sorted(m for m in sys.modules if m.split('.')[0] in watched))")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == "[]"
    done = subprocess.run([sys.executable, "-m", "console.appliance.releases", "rollback", "--root", str(tmp_path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert done.stderr == f"python -m console.appliance.releases rollback: there is no previous release in {tmp_path} to roll back to\n"


def test_self_check_command_passes_here_and_names_a_failed_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["self-check", "--config", str(tmp_path / "missing.toml")]) == 1
    assert "FAILED config: no config file at" in capsys.readouterr().out
    config = tmp_path / "config.toml"
    config.write_text("[leds]\nbrightness = 2\n")
    assert cli.main(["self-check", "--config", str(config)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("ok imports: ")
    assert out[-1].startswith("FAILED config: ") and "leds.brightness" in out[-1]
    config.write_text('profile = "fake"\n')
    assert cli.main(["self-check", "--config", str(config)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in out] == ["ok imports", "ok config", "ok engine game", "ok program", "ok start"]


# ---------------------------------------------------------------- the Settings menu


FAKE_UPDATE = """
import os, sys
source, root = sys.argv[1], sys.argv[3]
print("source: " + os.path.basename(source) + " (0.1 s)", flush=True)
if "broken" in source:
    sys.exit("python -m console.appliance.releases update: the self-check of 0.2.0-b: FAILED imports: fake: broken on purpose")
os.symlink("releases/0.2.0-b", os.path.join(root, ".current.new"))
os.replace(os.path.join(root, ".current.new"), os.path.join(root, "current"))
print("switch: current is 0.2.0-b (0.0 s)")
"""
"""Stands in for ``python -m console.appliance.releases update SOURCE --root ROOT``: fails for a source named broken, else switches."""


def menu_console(root: Path, tmp_path: Path, stick: Path | None) -> Console:
    """The program on fake hardware, running from release 0.1.0 of *root* (0.0.9 before it), its USB stick *stick*."""
    current = with_old_release(root)
    link(root, "previous", fake_release(root, "0.0.9-z", version="0.0.9"))
    fake_release(root, "0.2.0-b", version="0.2.0")

    @contextlib.contextmanager
    def open_stick() -> Iterator[Path | None]:
        yield stick

    console = Console(tmp_path / "data")
    console.program.updates = Updates(InstallTree(root), current, open_stick=open_stick, command=(sys.executable, "-c", FAKE_UPDATE))
    return console


def settled(console: Console) -> str:
    """The menu's message once the update running off the main loop has ended and the loop has shown its news."""
    updates = console.program.updates
    assert updates is not None
    updates.wait(30)
    console.program.console.step()
    assert console.program.menu is not None
    return str(console.program.menu.message)


def test_the_settings_menu_offers_updates_only_from_an_install_tree(tmp_path: Path, root: Path) -> None:
    console = Console(tmp_path / "plain")
    console.choose("Settings")
    assert "Update from USB stick" not in console.rows and not [row for row in console.rows if row.startswith("Roll back")]
    console = menu_console(root, tmp_path, None)
    console.choose("Settings")
    assert console.rows[-3:] == ["Update from USB stick", "Roll back to 0.0.9", "Done"]


def test_an_update_from_the_stick_runs_off_the_loop_then_ends_the_program(tmp_path: Path, root: Path, stick: Path) -> None:
    console_wheel(stick, "0.2.0")
    console = menu_console(root, tmp_path, stick)
    console.choose("Settings")
    console.choose("Update from USB stick")
    assert settled(console) == "Updated to 0.2.0: restarting"
    assert console.program.finished, "the service starts the new release"
    assert installed(root).version == "0.2.0"


@pytest.mark.parametrize(("on_stick", "message"), [
    (None, "No USB stick found"),
    ([], "No update on the USB stick"),
    (["broken"], "The update failed, nothing changed: the self-check of 0.2.0-b: FAILED imports: fake: broken on purpose"),
])
def test_an_update_that_cannot_be_done_says_why_and_changes_nothing(tmp_path: Path, root: Path, stick: Path, on_stick: list[str] | None,
                                                                    message: str) -> None:
    if on_stick:
        (stick / "scotland_yard_console-0.2.0.broken.tar.gz").write_bytes(b"")
    console = menu_console(root, tmp_path, None if on_stick is None else stick)
    console.choose("Settings")
    console.choose("Update from USB stick")
    assert settled(console).startswith(message)
    assert not console.program.finished
    assert installed(root).version == "0.1.0"


def test_roll_back_from_the_menu_asks_twice_then_restarts_on_the_previous_version(tmp_path: Path, root: Path) -> None:
    console = menu_console(root, tmp_path, None)
    console.choose("Settings")
    console.choose("Roll back to 0.0.9")
    assert installed(root).version == "0.1.0"
    assert console.program.menu is not None and "restarts with version 0.0.9" in str(console.program.menu.message)
    console.keys(Key.CONFIRM)
    assert settled(console) == "Back to 0.0.9: restarting"
    assert console.program.finished
    assert installed(root).version == "0.0.9" and installed(root, "previous").version == "0.1.0"


def test_the_board_s_watchdog_proves_the_release_it_runs_from_once_healthy(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    release = fake_release(root, "0.2.0-b")
    link(root, "current", release)
    monkeypatch.setattr(sys, "prefix", str(root / "current"))
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    watchdog = cli.board_watchdog()
    assert watchdog.on_healthy is not None and not release.proven
    watchdog.on_healthy()
    assert release.proven


def test_the_commands_work_on_the_tree_they_run_from_without_root(root: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    old, new = fake_release(root, "0.1.0-a"), fake_release(root, "0.2.0-b", version="0.2.0")
    link(root, "current", new)
    link(root, "previous", old)
    monkeypatch.setattr(sys, "prefix", str(root / "current"))  # run as <root>/current/bin/scotland-yard (an install with --root)
    assert cli.main(["rollback"]) == 0
    assert installed(root) == old and installed(root, "previous") == new
    assert capsys.readouterr().out.startswith("rollback: current is 0.1.0-a, previous 0.2.0-b")


def test_rollback_without_an_install_tree_says_so_and_makes_none(tmp_path: Path) -> None:
    missing = tmp_path / "no-tree"
    with pytest.raises(ReleaseError, match="no install tree at"):
        rollback(missing, say=lambda line: None)
    assert not missing.exists()
