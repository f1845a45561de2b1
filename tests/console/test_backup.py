"""Backups on a USB stick and restoring them: a temporary folder is the stick, another the console."""

from __future__ import annotations

import hashlib
import json
import stat
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

import pytest

from benchmarks.engine import play_random_game
from console import cli
from console.appliance.backup import (
    BEFORE_RESTORE,
    FOLDER,
    MANIFEST,
    BackupError,
    ConsoleFiles,
    back_up,
    back_up_to_stick,
    check_backup,
    console_version,
    newest_backup,
    restore,
    restore_from_stick,
)
from console.records.preferences import PREFERENCES
from console.records.storage import HISTORY, JOURNAL
from engine.record import dumps
from hardware.drivers.sticks import StickError

NOON = datetime(2024, 12, 4, 12, 0, 0)


def a_console(folder: Path, games: int = 3) -> ConsoleFiles:
    """A console's files: *games* filed games, a game in play, the config in its own folder, the map and the preferences."""
    files = ConsoleFiles(folder / "data", folder / "etc" / "config.toml", folder / "data" / "station-map.json")
    (folder / "data" / HISTORY).mkdir(parents=True)
    (folder / "etc").mkdir()
    for seed in range(games):
        (files.history / f"2024120{seed + 1}-100000-g{seed}.json").write_text(dumps(play_random_game(seed)))
    (files.data / JOURNAL).write_text('{"seq":1,"hidden":"Mister X is here"}\n')
    assert files.config is not None and files.station_map is not None
    files.config.write_text('profile = "pi"\n')
    files.config.chmod(0o644)
    files.station_map.write_text('{"format": "station map"}\n')
    (files.data / PREFERENCES).write_text('{"assist": true}\n')
    return files


def everything(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under *folder*: its bytes and mode."""
    return {str(path.relative_to(folder)): (path.read_bytes(), stat.S_IMODE(path.stat().st_mode))
            for path in sorted(folder.rglob("*")) if path.is_file()}


@pytest.fixture
def files(tmp_path: Path) -> ConsoleFiles:
    return a_console(tmp_path / "console")


@pytest.fixture
def stick(tmp_path: Path) -> Path:
    (tmp_path / "stick").mkdir()
    return tmp_path / "stick"


def test_a_backup_holds_the_games_and_settings_with_their_checksums_never_the_game_in_play(files: ConsoleFiles, stick: Path) -> None:
    made = back_up(files, stick, now=NOON)
    assert made.folder == stick / FOLDER / "20241204-120000"
    manifest = json.loads((made.folder / MANIFEST).read_text())
    assert manifest["format"] == "scotland-yard-backup" and manifest["version"] == 1 and manifest["console"] == console_version()
    listed = {item["name"]: item for item in manifest["files"]}
    records = sorted(path.name for path in files.history.iterdir())
    assert sorted(listed) == sorted([*(f"history/{name}" for name in records), "config.toml", "station-map.json", PREFERENCES])
    for name, item in listed.items():
        data = (made.folder / name).read_bytes()
        assert item["size"] == len(data) and item["sha256"] == hashlib.sha256(data).hexdigest()
    assert (made.folder / "config.toml").read_bytes() == (files.config or Path()).read_bytes()
    assert not any("journal" in path.name or b"Mister X is here" in path.read_bytes() for path in made.folder.rglob("*") if path.is_file())
    assert str(made.summary) == "Backed up 3 games, the config, the station map and the preferences (not the interrupted game)"
    (files.data / JOURNAL).unlink()
    assert str(back_up(files, stick).summary) == "Backed up 3 games, the config, the station map and the preferences"


def test_two_backups_in_one_second_do_not_share_a_folder_and_the_newest_is_restored(files: ConsoleFiles, stick: Path) -> None:
    first, second = back_up(files, stick, now=NOON), back_up(files, stick, now=NOON)
    assert second.folder.name == "20241204-120000-2" and first.folder != second.folder
    later = back_up(files, stick, now=NOON.replace(hour=13))
    (later.folder / MANIFEST).unlink()  # cut short: the stick was pulled out before its manifest was written
    assert newest_backup(stick) == second.folder
    assert newest_backup(stick / FOLDER) == second.folder and newest_backup(first.folder) == first.folder
    assert newest_backup(files.data) is None


def test_a_restore_onto_an_empty_console_brings_everything_back_private_and_a_second_changes_nothing(
        files: ConsoleFiles, stick: Path, tmp_path: Path) -> None:
    folder = back_up(files, stick, now=NOON).folder
    empty = ConsoleFiles(tmp_path / "new" / "data", tmp_path / "new" / "etc" / "config.toml", tmp_path / "new" / "data" / "map.json")
    done = restore(empty, folder)
    assert sorted(done.copied) == sorted(path.name for path in files.history.iterdir())
    assert done.restored == ["config", "station map", "preferences"] and not done.replaced
    assert str(done.summary) == "Restored 3 games, the config, the station map and the preferences"
    for name in done.copied:
        assert (empty.history / name).read_bytes() == (files.history / name).read_bytes()
        assert stat.S_IMODE((empty.history / name).stat().st_mode) == 0o600
    assert stat.S_IMODE(empty.history.stat().st_mode) == 0o700
    assert stat.S_IMODE((empty.data / PREFERENCES).stat().st_mode) == 0o600
    assert stat.S_IMODE((empty.station_map or Path()).stat().st_mode) == 0o600  # in the data folder
    assert stat.S_IMODE((empty.config or Path()).stat().st_mode) == 0o644  # outside it, readable as a config is
    assert not (empty.data / JOURNAL).exists()

    before = everything(tmp_path / "new")
    again = restore(empty, folder)
    assert not again.changed and again.present == 3 and everything(tmp_path / "new") == before
    assert str(again.summary) == f"Nothing to restore: this console holds all of backup {folder.name} already"


def test_records_are_merged_by_content_and_a_different_file_of_the_same_name_is_kept_beside(files: ConsoleFiles, stick: Path) -> None:
    folder = back_up(files, stick, now=NOON).folder
    names = sorted(path.name for path in files.history.iterdir())
    (files.history / names[0]).unlink()  # lost since
    (files.history / names[1]).rename(files.history / "20241230-090000-renamed.json")  # the same game under another name
    other = dumps(play_random_game(99))
    (files.history / names[2]).write_text(other)  # another game where the backup's was
    done = restore(files, folder)
    assert sorted(done.copied) == sorted([names[0], names[2].replace(".json", "-restored.json")])
    assert done.present == 1 and (files.history / names[2]).read_text() == other
    assert (files.history / names[2].replace(".json", "-restored.json")).read_bytes() == (folder / HISTORY / names[2]).read_bytes()
    assert str(done.summary) == "Restored 2 games (1 game here already)"
    assert not restore(files, folder).changed


def test_settings_that_differ_are_replaced_and_the_current_ones_kept_beside(files: ConsoleFiles, stick: Path) -> None:
    folder = back_up(files, stick, now=NOON).folder
    assert files.config is not None and files.station_map is not None
    files.config.write_text('profile = "sim"\n')
    files.config.chmod(0o640)
    (files.data / PREFERENCES).write_text('{"assist": false}\n')
    files.station_map.unlink()
    done = restore(files, folder)
    assert done.restored == ["station map"] and [role for role, _ in done.replaced] == ["config", "preferences"]
    assert files.config.read_text() == 'profile = "pi"\n' and stat.S_IMODE(files.config.stat().st_mode) == 0o640  # its mode kept
    kept = files.config.with_name("config.toml" + BEFORE_RESTORE)
    assert dict(done.replaced)["config"] == kept and kept.read_text() == 'profile = "sim"\n'
    assert (files.data / (PREFERENCES + BEFORE_RESTORE)).read_text() == '{"assist": false}\n'
    assert str(done.summary) == "Restored 0 games and the station map; replaced the config and the preferences (the old ones kept)"
    assert not restore(files, folder).changed

    files.config.write_text('profile = "fake"\n')  # changed again: the first one kept is not written over
    restore(files, folder)
    assert kept.read_text() == 'profile = "sim"\n'
    assert files.config.with_name(f"config.toml{BEFORE_RESTORE}-2").read_text() == 'profile = "fake"\n'


@pytest.mark.parametrize(("damage", "said"), [
    (lambda folder: (folder / "config.toml").write_bytes(b'profile = "pj"\n'), "config.toml was changed"),
    (lambda folder: (folder / PREFERENCES).write_bytes((folder / PREFERENCES).read_bytes()[:-1]), f"{PREFERENCES} was changed"),
    (lambda folder: next((folder / HISTORY).iterdir()).unlink(), "is missing"),
    (lambda folder: (folder / MANIFEST).write_text("{"), "its manifest.json is not a backup manifest"),
    (lambda folder: _manifest_file(folder, 0, name="../../etc/passwd"), "file 1 of its manifest.json is not one a backup holds"),
    (lambda folder: _manifest_file(folder, 1, role="journal"), "file 2 of its manifest.json is not one a backup holds"),
    (lambda folder: _manifest(folder, version="1"), "its version '1' is not one this console reads"),
], ids=["changed byte", "cut short", "missing file", "broken manifest", "escaping name", "unknown role", "bad version"])
def test_a_damaged_backup_restores_nothing_and_says_which_file(files: ConsoleFiles, stick: Path, tmp_path: Path, damage: object,
                                                                said: str) -> None:
    folder = back_up(files, stick, now=NOON).folder
    for path in files.history.iterdir():
        path.unlink()
    (files.data / PREFERENCES).unlink()
    damage(folder)  # type: ignore[operator]
    before = everything(tmp_path / "console")
    with pytest.raises(BackupError, match="Damaged backup, nothing restored: ") as error:
        restore(files, folder)
    assert said in str(error.value)
    assert everything(tmp_path / "console") == before


def test_a_changed_byte_names_the_record(files: ConsoleFiles, stick: Path) -> None:
    folder = back_up(files, stick, now=NOON).folder
    record = sorted((folder / HISTORY).iterdir())[1]
    data = bytearray(record.read_bytes())
    data[100] ^= 1
    record.write_bytes(bytes(data))
    with pytest.raises(BackupError, match=f"Damaged backup, nothing restored: {record.name} was changed"):
        check_backup(folder)


def test_a_backup_of_a_newer_console_is_refused_naming_both_versions(files: ConsoleFiles, stick: Path) -> None:
    folder = back_up(files, stick, now=NOON).folder
    _manifest(folder, version=2, console="9.0.0")
    with pytest.raises(BackupError) as error:
        restore(files, folder)
    assert str(error.value) == (f"Backup 20241204-120000 was made by a newer console (9.0.0, version 2); "
                                f"this one ({console_version()}) reads version 1")


def _manifest(folder: Path, **changes: object) -> None:
    manifest = json.loads((folder / MANIFEST).read_text())
    (folder / MANIFEST).write_text(json.dumps(manifest | changes))


def _manifest_file(folder: Path, index: int, **changes: object) -> None:
    manifest = json.loads((folder / MANIFEST).read_text())
    manifest["files"][index] |= changes
    (folder / MANIFEST).write_text(json.dumps(manifest))


# ---------------------------------------------------------------- from the menus: in a line each


@contextmanager
def _stick_at(folder: Path | None):  # type: ignore[no-untyped-def]
    yield folder


def test_the_menus_lines_say_what_was_done_or_why_not(files: ConsoleFiles, stick: Path) -> None:
    assert str(restore_from_stick(files, lambda: _stick_at(stick))) == "There is no backup on this USB stick to restore"
    assert str(back_up_to_stick(files, lambda: _stick_at(None))) == "No USB stick found: plug one in, then try again"
    said = str(back_up_to_stick(files, lambda: _stick_at(stick)))
    assert said == "Backed up 3 games, the config, the station map and the preferences (not the interrupted game)"
    assert str(restore_from_stick(files, lambda: _stick_at(stick))).startswith("Nothing to restore")

    @contextmanager
    def unmountable():  # type: ignore[no-untyped-def]
        raise StickError("the USB stick could not be mounted: is it formatted FAT32, exFAT or ext4?")
        yield

    said = str(restore_from_stick(files, unmountable))
    assert said == "The restore failed: the USB stick could not be mounted: is it formatted FAT32, exFAT or ext4?"
    (stick / FOLDER).rename(stick / "kept")
    (stick / FOLDER).write_text("a file where the backups' folder goes")
    assert str(back_up_to_stick(files, lambda: _stick_at(stick))) == "The backup failed: a file is where a folder should be"


# ---------------------------------------------------------------- the command line


def test_backup_and_restore_on_the_command_line_print_what_was_copied(files: ConsoleFiles, stick: Path, tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert files.config is not None
    files.config.write_text(f'profile = "sim"\nmap_file = "{files.station_map}"\n[game]\ndata_dir = "{files.data}"\n')
    assert cli.main(["backup", str(stick), "--config", str(files.config)]) == 0
    printed = capsys.readouterr().out.splitlines()
    folder = newest_backup(stick)
    assert folder is not None
    assert printed[-1] == f"Backed up 3 games, the config, the station map and the preferences (not the interrupted game): {folder}"
    assert sorted(printed[:-1]) == sorted(str(path) for path in folder.rglob("*") if path.is_file() and path.name != MANIFEST)

    gone = min(files.history.iterdir())
    gone.unlink()
    assert cli.main(["restore", str(stick), "--config", str(files.config)]) == 0
    assert capsys.readouterr().out.splitlines() == [f"Restoring {folder}", str(gone), "Restored 1 game (2 games here already)."]

    assert cli.main(["restore", str(tmp_path), "--config", str(files.config)]) == 2
    assert capsys.readouterr().err.startswith(f"scotland-yard restore: no backup in {tmp_path}")
    (folder / "config.toml").write_text("changed")
    assert cli.main(["restore", str(folder), "--config", str(files.config)]) == 2
    assert capsys.readouterr().err == "scotland-yard restore: Damaged backup, nothing restored: config.toml was changed\n"
