"""Private wherever it lands: the folders the console makes (the data folder's parents too) are its owner's alone, a backup and an
export on a stick are too (where the stick keeps modes), and a folder its owner made read-only is reported, not changed."""

from __future__ import annotations

import stat
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

import pytest

from benchmarks.engine import play_random_game
from console.appliance.backup import ConsoleFiles, back_up
from console.appliance.export import export_to_stick
from console.records.storage import HISTORY, DataFolder, FolderReadOnly
from console.settings import GameSettings
from engine.record import dumps


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_data_folder_and_the_folders_made_above_it_are_owner_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home" / ".local" / "share"))
    monkeypatch.setattr("os.umask", lambda mask: 0o022)  # nothing here depends on the umask: set as a desktop sets it
    (tmp_path / "home").mkdir(mode=0o755)
    data = GameSettings().data_path
    with DataFolder.open(data):
        pass
    assert data == tmp_path / "home" / ".local" / "share" / "scotland-yard"
    assert [mode(folder) for folder in (data, data.parent, data.parent.parent)] == [0o700, 0o700, 0o700]
    assert mode(tmp_path / "home") == 0o755, "a folder that was there is left as it is"


def test_a_data_folder_its_owner_made_read_only_is_reported_and_left_so(tmp_path: Path) -> None:
    data = tmp_path / "games"
    data.mkdir()
    (data / "preferences.json").write_text("{}")
    data.chmod(0o555)
    try:
        with pytest.raises(FolderReadOnly, match=rf"the data folder {data} is read-only \(mode 0555\): the console leaves it so"):
            DataFolder.open(data)
        assert mode(data) == 0o555 and not (data / ".lock").exists()
    finally:
        data.chmod(0o755)


def test_others_bits_are_taken_but_an_owner_s_read_only_file_stays_read_only(tmp_path: Path) -> None:
    data = tmp_path / "games"
    (data / HISTORY).mkdir(parents=True)
    record = data / HISTORY / "kept.json"
    record.write_text("{}")
    record.chmod(0o444)
    (data / HISTORY).chmod(0o755)
    with DataFolder.open(data) as folder:
        assert "made private" in str(folder.note)
    assert (mode(record), mode(data / HISTORY)) == (0o400, 0o700)


def stick_at(folder: Path) -> AbstractContextManager[Path | None]:
    return nullcontext(folder)


def test_a_backup_and_an_export_on_a_stick_are_owner_only(tmp_path: Path) -> None:
    files = ConsoleFiles(tmp_path / "data")
    files.history.mkdir(parents=True)
    record = files.history / "20240101-100000-g0.json"
    record.write_text(dumps(play_random_game(1)))
    stick = tmp_path / "stick"
    stick.mkdir(mode=0o755)
    made = back_up(files, stick)
    written = sorted(made.folder.rglob("*"))
    assert {mode(path) for path in written if path.is_file()} == {0o600}
    assert {mode(path) for path in [made.folder.parent, made.folder, *written] if path.is_dir()} == {0o700}
    export_to_stick(record, lambda: stick_at(stick))
    (exported,) = (stick / "scotland-yard-games").iterdir()
    assert (mode(exported), mode(exported.parent)) == (0o600, 0o700)
