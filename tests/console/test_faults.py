"""Nothing the players do or the machine suffers loses a game: moved folders, foreign settings, full disks, two consoles."""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from console.cli import main
from console.program import session
from console.program.program import RETRY_SAVING_S
from console.records.journal import JournalError, _chain, load
from console.records.storage import DataFolder, fault_in_words
from console.settings import Level, Seat
from engine.record import loads
from hardware.drivers.screen import OffscreenScreen
from hardware.interfaces import Key
from language import LANGUAGES, use
from tests.support.disk import FAULTS, FaultyDisk
from tests.support.program import Console

ROOT = Path(__file__).resolve().parents[2]


def rewritten(path: Path, edit: Callable[[dict[str, Any]], None]) -> None:
    """Rewrite the journal at *path* with its start event edited and its hash chain made whole again."""
    events = [json.loads(line)["event"] for line in path.read_bytes().splitlines()]
    edit(events[0])
    digest, lines = "", []
    for seq, event in enumerate(events, 1):
        text = json.dumps(event, sort_keys=True, separators=(",", ":"))
        digest = _chain(digest, seq, text)
        lines.append(f'{{"seq":{seq},"hash":"{digest}","event":{text}}}\n')
    path.write_text("".join(lines))


def play_to_the_end(console: Console) -> None:
    for _ in range(5000):
        if console.program.flow is None:
            return
        console.table.act()
    raise AssertionError("the game did not end")


def test_a_game_resumed_from_a_moved_folder_stays_in_the_new_folder(tmp_path: Path) -> None:
    old, new = tmp_path / "old", tmp_path / "new"
    Console(old, mister_x=Seat.COMPUTER, edition="beginner", players=3, level=Level.EASY).deal_and_place()
    assert "data_dir" not in load(old / session.JOURNAL).journal.path.read_text()  # no path is remembered
    shutil.move(old, new)
    console = Console(new)
    console.keys(Key.CONFIRM)  # resume
    flow = console.program.flow
    assert flow is not None and console.program.sitting is not None
    assert console.program.sitting.opened.settings.data_path == new
    play_to_the_end(console)
    assert not old.exists()
    assert any((new / session.HISTORY).glob("filed-*.json")) and not (new / session.JOURNAL).exists()


def test_restart_of_a_game_resumed_from_a_moved_folder_journals_in_the_new_folder(tmp_path: Path) -> None:
    old, new = tmp_path / "old", tmp_path / "new"
    Console(old).deal_and_place()
    shutil.move(old, new)
    console = Console(new)
    console.keys(Key.CONFIRM)
    console.keys(Key.MENU)
    console.choose("Restart")
    console.keys(Key.CONFIRM)
    assert console.program.flow is not None and not old.exists()
    assert (new / session.JOURNAL).exists()


@pytest.mark.parametrize(("key", "value", "said"), [
    ("level", "insane", "level: must be one of beginner, easy, normal, hard, expert, not 'insane'"),
    ("warp_drive", True, "warp_drive: unknown setting"),
    ("players", "four", "players: must be a whole number, not 'four'"),
    ("detectives", 2.5, "detectives: must be a whole number, not 2.5"),
    ("players", 40, "players"),
])
def test_journal_settings_are_checked_as_strictly_as_the_config_file(tmp_path: Path, key: str, value: object, said: str) -> None:
    Console(tmp_path).deal_and_place()
    journal = tmp_path / session.JOURNAL
    rewritten(journal, lambda start: start["settings"].__setitem__(key, value))
    kept = journal.read_bytes()
    console = Console(tmp_path)  # the console starts and says why
    assert console.rows[0] == "New game"
    assert console.message == "The saved game could not be resumed (it is damaged): it is kept as game.journal.corrupt-1"
    assert (tmp_path / "game.journal.corrupt-1").read_bytes() == kept  # kept whole, never lost
    journal.write_bytes(kept)
    with pytest.raises(JournalError, match=said):
        load(journal)


# ====================================================================== a disk that refuses writes


def computer_game(data: Path) -> Console:
    """A short game against the computer Mister X, dealt and placed, the detectives to move."""
    console = Console(data, mister_x=Seat.COMPUTER, edition="beginner", players=3, level=Level.EASY)
    console.deal_and_place()
    return console


def leftovers(data: Path) -> list[str]:
    """Temporary files left in the data folder."""
    return sorted(path.name for path in data.rglob("*") if path.name.endswith((".tmp", ".new")))


@pytest.mark.parametrize("fault", FAULTS)
def test_the_game_goes_on_unsaved_says_why_and_is_saved_when_the_disk_takes_it_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fault: str) -> None:
    console = computer_game(tmp_path)
    disk = FaultyDisk(tmp_path, monkeypatch)
    journal = tmp_path / session.JOURNAL
    before = journal.read_bytes()
    disk.fail(FAULTS[fault])
    for _ in range(12):
        console.table.act()
    flow = console.program.flow
    assert flow is not None and disk.refused and journal.read_bytes() == before
    words = " ".join(console.program.console.presenter.kit.texts)
    assert f"Not saved: {fault_in_words(OSError(FAULTS[fault], ''))}" in words
    disk.heal()
    for _ in range(int(RETRY_SAVING_S / 0.05) + 2):  # the retry comes by itself
        console.program.console.step()
    assert "Not saved" not in " ".join(console.program.console.presenter.kit.texts)
    assert load(journal).game.actions == flow.game.actions and not leftovers(tmp_path)


def test_the_not_saved_bar_takes_the_header_s_place_and_hides_nothing_of_the_game(tmp_path: Path) -> None:
    console = computer_game(tmp_path)
    presenter, flow = console.program.console.presenter, console.program.flow
    assert flow is not None
    screen = console.hardware.screen
    assert isinstance(screen, OffscreenScreen)
    presenter.show(flow.scene(), 0.0)
    plain = screen.last
    presenter.warning = session.unsaved_because(OSError(errno.EROFS, ""), 3)
    presenter.show(flow.scene(), 0.0)
    warned = screen.last
    assert plain is not None and warned is not None
    header = presenter.kit.header
    below = pygame.Rect(0, header.bottom, header.w, plain.get_height() - header.bottom)
    assert pygame.image.tobytes(plain.subsurface(below), "RGB") == pygame.image.tobytes(warned.subsurface(below), "RGB")
    assert pygame.image.tobytes(plain.subsurface(header), "RGB") != pygame.image.tobytes(warned.subsurface(header), "RGB")
    kit = presenter.kit
    try:
        for language in LANGUAGES:
            use(language)
            for code in (*FAULTS.values(), errno.EDQUOT, errno.EPERM, errno.EIO, errno.ENOENT, errno.EEXIST, errno.ENOTDIR):
                said = str(session.unsaved_because(OSError(code, ""), 999))  # the most moves a game holds
                kit.begin(warned)
                kit.warning_bar(warned, said)
                assert not kit.cut and kit.smallest >= kit.min_px, said  # every reason fits, uncut (on two lines if need be)
    finally:
        use("en")


@pytest.mark.parametrize("fault", FAULTS)
def test_a_disk_that_refuses_to_file_a_finished_game_never_blocks_the_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fault: str) -> None:
    console = computer_game(tmp_path)
    disk = FaultyDisk(tmp_path, monkeypatch)
    flow = console.program.flow
    assert flow is not None
    while not flow.game.is_over:
        console.table.act()
    disk.fail(FAULTS[fault])  # the end is seen; leaving it files the game
    console.keys(Key.CONFIRM)
    assert "could not be filed" in console.message
    for _ in range(3):  # every start: the menu opens, the game stays kept
        again = Console(tmp_path)
        assert again.rows[0] == "New game" and again.program.menu is not None
        assert "could not be filed" in again.message
        assert not leftovers(tmp_path)
    disk.heal()
    again = Console(tmp_path)
    assert "could not be filed" not in again.message
    (filed,) = (tmp_path / session.HISTORY).glob("*.json")
    assert loads(filed.read_text()).actions == flow.game.actions
    assert sorted(path.name for path in tmp_path.iterdir()) == [session.HISTORY, "preferences.json"]  # no journal left


def test_a_fault_at_any_write_of_a_whole_game_loses_nothing_that_was_saved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each kind of fault in turn, from five writes of a game on (its deal, its moves, its filing, the last write);
    every fault at every write runs with ``-m slow``."""
    total = writes_of_a_whole_game(tmp_path / "count", monkeypatch)
    kinds = list(FAULTS.values())
    points = sorted({*range(0, total, max(1, total // 4)), total - 1})
    sweep(tmp_path, monkeypatch, [(point, kinds[n % len(kinds)]) for n, point in enumerate(points)])


@pytest.mark.slow
def test_every_fault_at_every_write_of_a_whole_game_loses_nothing_that_was_saved(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    total = writes_of_a_whole_game(tmp_path / "count", monkeypatch)
    sweep(tmp_path, monkeypatch, [(point, fault) for point in range(total) for fault in FAULTS.values()])


def writes_of_a_whole_game(data: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    counting = FaultyDisk(data, monkeypatch)
    play_whole_game(data)
    monkeypatch.undo()
    assert counting.writes > 20
    return counting.writes


def sweep(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, faults: list[tuple[int, int]]) -> None:
    """For each (write, error): a whole game whose disk refuses every write from that one on; the console plays on,
    then the next start (the disk healed) files what was kept, or offers what the disk took."""
    for point, error in faults:
        data = tmp_path / f"at-{point}-{errno.errorcode[error]}"
        disk = FaultyDisk(data, monkeypatch)
        disk.fail(error, from_write=point)
        finished = play_whole_game(data)
        assert disk.refused and not leftovers(data)
        disk.heal()
        again = Console(data)
        monkeypatch.undo()
        history = list((data / session.HISTORY).glob("*.json")) if (data / session.HISTORY).exists() else []
        if history:
            assert loads(history[0].read_text()).actions == finished.actions
        elif again.rows[0].startswith("Resume"):
            kept = again.program.kept
            assert kept is not None and kept.game.actions == finished.actions[:len(kept.game.actions)]
        else:  # the disk refused the deal itself: nothing was ever saved
            assert not (data / session.JOURNAL).exists()
        assert not leftovers(data)


def play_whole_game(data: Path) -> Any:
    console = computer_game(data)
    flow = console.program.flow
    assert flow is not None
    play_to_the_end(console)
    return flow.game


# ====================================================================== one console per data folder, private to it


def test_a_second_console_on_the_same_data_folder_is_refused_and_names_the_first(tmp_path: Path) -> None:
    script = tmp_path / "idle.script"
    script.write_text("wait 0.1\n")
    first = Console(tmp_path / "data")
    first.deal_and_place()
    journal = tmp_path / "data" / session.JOURNAL
    before = journal.read_bytes()
    with DataFolder.open(tmp_path / "data"):  # the first console holds its folder
        second = subprocess.run([sys.executable, "-m", "console.cli", "sim", "--headless", "--script", str(script),
                                 "--data-dir", str(tmp_path / "data")], capture_output=True, text=True, timeout=120,
                                env=os.environ | {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}, check=False)
        assert second.returncode == 2, second.stderr
        assert f"is in use by another console (process {os.getpid()})" in second.stderr
        assert journal.read_bytes() == before  # not a byte of the first one's journal touched
    with DataFolder.open(tmp_path / "data"):  # released when the first one stops
        pass


def test_the_data_folder_and_its_files_are_private_and_opened_ones_are_put_right(tmp_path: Path) -> None:
    data = tmp_path / "data"
    console = computer_game(data)
    flow = console.program.flow
    assert flow is not None
    play_to_the_end(console)
    computer_game(data)  # a game in play beside a filed one
    files = [data / session.JOURNAL, data / "preferences.json", *(data / session.HISTORY).glob("*.json")]
    assert len(files) == 3
    assert {oct(path.stat().st_mode & 0o777) for path in files} == {"0o600"}
    assert {oct(path.stat().st_mode & 0o777) for path in (data, data / session.HISTORY)} == {"0o700"}
    for path in files:  # as an older console (or a copy) left them
        path.chmod(0o644)
    data.chmod(0o755)
    with DataFolder.open(data) as folder:
        assert "made private (4 files)" in str(folder.note)
    assert {oct(path.stat().st_mode & 0o777) for path in files} == {"0o600"}
    with DataFolder.open(data) as folder:
        assert folder.note == ""


def test_another_user_s_file_in_the_data_folder_does_not_stop_the_console(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A station map written with sudo belongs to root: the console cannot change its mode, and starts all the same."""
    data = tmp_path / "data"
    data.mkdir(mode=0o700)
    theirs, ours = data / "station-map.json", data / "preferences.json"
    for path in (theirs, ours):
        path.write_text("{}")
        path.chmod(0o644)
    chmod = os.chmod

    def refused_for_theirs(path: Any, mode: int, **kwargs: Any) -> None:
        if Path(path) == theirs:
            raise PermissionError(errno.EPERM, "Operation not permitted", str(path))
        chmod(path, mode, **kwargs)

    monkeypatch.setattr(os, "chmod", refused_for_theirs)
    with DataFolder.open(data) as folder:
        assert "made private (1 file)" in str(folder.note)
    assert oct(ours.stat().st_mode & 0o777) == "0o600" and oct(theirs.stat().st_mode & 0o777) == "0o644"


def test_a_data_folder_that_cannot_be_made_is_one_line_naming_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    script = tmp_path / "idle.script"
    script.write_text("wait 0.1\n")
    for data in (blocker, blocker / "games"):
        assert main(["sim", "--headless", "--script", str(script), "--data-dir", str(data)]) == 2
        error = capsys.readouterr().err
        assert error.count("\n") == 1 and f"the data folder {data} cannot be used" in error


def test_the_service_makes_its_state_folder_private() -> None:
    unit = (ROOT / "hardware" / "install" / "scotland-yard.service").read_text()
    assert "StateDirectoryMode=0700" in unit


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or sys.platform == "win32", reason="needs SIGTERM")
def test_sigterm_stops_the_console_cleanly_and_keeps_the_game(tmp_path: Path) -> None:
    """``systemctl stop`` sends SIGTERM; SDL would take it for a closed window that nobody reads, and the stop would hang."""
    script = tmp_path / "deal-then-wait.script"
    script.write_text("key confirm\nkey confirm\nwait 3000\n")
    data = tmp_path / "data"
    child = subprocess.Popen([sys.executable, "-m", "console.cli", "sim", "--headless", "--script", str(script),
                              "--data-dir", str(data)], cwd=ROOT, env=os.environ | {"SDL_VIDEODRIVER": "dummy"},
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not (data / session.JOURNAL).exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    child.send_signal(signal.SIGTERM)
    out, err = child.communicate(timeout=30)
    assert child.returncode == 130 and "Stopped." in out and "Traceback" not in err, err
    assert load(data / session.JOURNAL).game is not None  # kept, offered at the next start
    unit = (ROOT / "hardware" / "install" / "scotland-yard.service").read_text()
    assert "SuccessExitStatus=130" in unit  # a stop is not a failure for systemd


def test_a_full_disk_is_said_at_once_on_the_screen_and_in_the_log_with_what_waits_and_saving_resumes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    console = computer_game(tmp_path)
    disk = FaultyDisk(tmp_path, monkeypatch)
    disk.fail(errno.ENOSPC)
    sitting = console.program.sitting
    assert sitting is not None
    journal = sitting.opened.journal
    while not journal.waiting:
        console.table.act()
    warned = [record.getMessage() for record in caplog.records if "no longer saved" in record.getMessage()]
    assert len(warned) == 1 and "No space left on device" in warned[0] and f"{journal.waiting} event(s) wait in memory" in warned[0]
    while journal.waiting < 3:
        console.table.act()
    console.program.console.step()
    waiting = journal.waiting
    words = " ".join(console.program.console.presenter.kit.texts)
    assert f"Not saved: the disk is full ({waiting} moves). Play on" in words
    assert not console.program.console.presenter.kit.cut, "the bar holds it whole"
    assert len([record for record in caplog.records if "no longer saved" in record.getMessage()]) == 1, "said once, not every try"
    disk.heal()
    for _ in range(int(RETRY_SAVING_S / 0.05) + 2):
        console.program.console.step()
    assert journal.waiting == 0 and "Not saved" not in " ".join(console.program.console.presenter.kit.texts)
    assert any(f"saved again: {waiting} event(s) written" in record.getMessage() for record in caplog.records)
