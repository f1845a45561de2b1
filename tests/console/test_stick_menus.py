"""The console's menus and the USB stick: Settings backs up and restores, Past games exports a game; each says what it did."""

from __future__ import annotations

import errno
import json
from contextlib import nullcontext
from pathlib import Path

import pygame
import pytest

from benchmarks.engine import play_random_game
from console.appliance.backup import (
    FOLDER,
    MANIFEST,
    Backup,
    ConsoleFiles,
    Part,
    Restored,
    back_up_to_stick,
    newest_backup,
    restore_from_stick,
)
from console.appliance.export import FOLDER as EXPORTS
from console.records.export import export_file
from console.records.preferences import PREFERENCES
from console.records.storage import HISTORY, fault_in_words
from console.table.screen.toolkit import Toolkit
from engine.record import dumps
from hardware.drivers.sticks import STAND_IN
from hardware.interfaces import Key
from language import LANGUAGES, Words, _, use
from tests.games.test_messages_fit import sizes
from tests.support.program import Console

SETTINGS = ["Deduction assist", "Beginner hints", "Light colours", "Language", "Back up to USB stick", "Restore from USB stick", "Done"]


@pytest.fixture
def stick(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder standing in for the USB stick, as the simulator's is."""
    folder = tmp_path / "stick"
    folder.mkdir()
    monkeypatch.setenv(STAND_IN, str(folder))
    return folder


def filed_games(data: Path) -> list[Path]:
    (data / HISTORY).mkdir(parents=True)
    paths = [data / HISTORY / f"2024120{day}-200000-g{day}.json" for day in (1, 2)]
    for day, path in enumerate(paths, 1):
        path.write_text(dumps(play_random_game(day)))
    return paths


def said(console: Console) -> str:
    """The menu's message as the screen shows it, which must fit its bar (no word of the screen cut)."""
    console.program.console.step()
    assert console.program.console.presenter.kit.cut == []
    return console.message


def test_settings_back_up_to_the_stick_and_say_so(tmp_path: Path, stick: Path) -> None:
    data = tmp_path / "data"
    filed_games(data)
    console = Console(data)
    console.choose("Settings")
    assert console.rows[:6] == SETTINGS[:6] and console.rows[-1] == "Done"
    console.choose("Back up")
    assert said(console) == "Backed up 2 games"
    backup = newest_backup(stick)
    assert backup is not None and backup.parent == stick / FOLDER
    assert sorted(path.name for path in (backup / HISTORY).iterdir()) == sorted(path.name for path in (data / HISTORY).iterdir())


def test_without_a_stick_the_menu_says_to_plug_one_in(tmp_path: Path) -> None:
    console = Console(tmp_path)
    console.program.stick = lambda: nullcontext(None)
    console.choose("Settings")
    console.choose("Back up")
    assert said(console) == "No USB stick found: plug one in, then try again"
    console.choose("Restore")
    assert said(console) == "No USB stick found: plug one in, then try again"


def test_restore_brings_back_lost_games_and_the_remembered_choices_at_once(tmp_path: Path, stick: Path) -> None:
    data = tmp_path / "data"
    lost, _ = filed_games(data)
    console = Console(data)
    console.choose("Settings")
    console.set("Deduction assist", Key.CHOICE_4)  # on
    console.choose("Done")  # remembered
    console.choose("Settings")
    console.choose("Back up")
    console.choose("Done")
    lost.unlink()
    (data / PREFERENCES).write_text(json.dumps(json.loads((data / PREFERENCES).read_text()) | {"assist": False}))

    again = Console(data)
    assert again.program.settings.assist is False
    again.choose("Settings")
    assert again.values["Deduction assist"] == "off"
    again.choose("Restore")
    assert said(again) == "Restored 1 game; replaced the preferences (the old one kept)"
    assert lost.exists() and again.program.settings.assist is True and again.values["Deduction assist"] == "on"
    again.choose("Restore")
    assert said(again).startswith("Nothing to restore: this console holds all of backup ")


def test_a_past_game_is_exported_to_the_stick_as_text_and_back_goes_to_its_row(tmp_path: Path, stick: Path) -> None:
    data = tmp_path / "data"
    older, _ = filed_games(data)
    console = Console(data)
    console.choose("Past games")
    console.set("1 Dec", Key.CONFIRM)
    assert console.rows == ["Replay", "Export to USB stick", "Back"]
    console.choose("Export")
    assert said(console) == f"Exported to the USB stick, in {EXPORTS}: {older.stem}.txt"
    assert (stick / EXPORTS / f"{older.stem}.txt").read_text() == export_file(older).text
    console.choose("Back")
    assert console.program.menu is not None and console.rows[console.program.menu.cursor].startswith("1 Dec 2024 20:00")


def worst_lines() -> list[Words]:
    """Each kind of line the stick's menus say, at its longest: many games, every settings file, the longest names."""
    record = "history/20241204-152000-0123456789-restored-2.json"
    folder = Path("stick") / FOLDER / "20241204-152000-22"
    settings = [Part(role, name, 1, "0" * 64) for role, name in (("config", "config.toml"), ("station map", "station-map.json"),
                                                                   ("preferences", PREFERENCES))]
    roles = [part.role for part in settings]
    lines: list[Words] = [
        Backup(folder, (*[Part("record", record, 1, "0" * 64)] * 1234, *settings), interrupted=True).summary,
        Restored(folder, ["x"] * 1234, 1234, roles).summary,
        Restored(folder, ["x"] * 1234, 1234, [], [(role, Path("x")) for role in roles]).summary,
        Restored(folder, ["x"] * 1234, 1234, roles[:1], [(role, Path("x")) for role in roles[1:]]).summary,
        Restored(folder).summary,
        f"Exported to the USB stick, in {EXPORTS}: {Path(record).stem}.txt",
        restore_from_stick(ConsoleFiles(Path("nowhere")), lambda: nullcontext(Path("nowhere"))),
        back_up_to_stick(ConsoleFiles(Path("nowhere")), lambda: nullcontext(None))]
    lines += [_("Damaged backup, nothing restored: {why}", why=damaged) for damaged in (
        _("{file} is missing", file=Path(record).name), _("{file} was changed", file=Path(record).name),
        _("its {manifest} is not a backup manifest", manifest=MANIFEST),
        _("file {number} of its {manifest} is not one a backup holds", number=1234, manifest=MANIFEST),
        _("its version {version} is not one this console reads", version="'1.0.0'"))]
    lines.append(_("Backup {backup} was made by a newer console ({console}, version {version}); this one ({this}) reads version {reads}",
                   backup=folder.name, console="10.10.10", version="22", this="10.10.10", reads=1))
    stick_faults = (_("the USB stick could not be mounted: is it formatted FAT32, exFAT or ext4?"),
                    _("the USB stick is not mounted, and only root may mount it"),
                    _("the USB stick could not be unmounted: do not pull it out yet"), fault_in_words(OSError(errno.EFBIG, "")))
    doings = (_("The backup"), _("The restore"), "The export")
    return lines + [_("{doing} failed: {reason}", doing=doing, reason=why) for doing in doings for why in stick_faults]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", sizes(), ids=lambda size: f"{size[0]}x{size[1]}")
def test_every_line_of_the_stick_s_menus_fits_the_message_bar_at_its_longest(size: tuple[int, int], language: str) -> None:
    kit = Toolkit(size)
    surface = pygame.Surface(size)
    cut = []
    use(language)
    try:
        for line in worst_lines():
            kit.begin(surface)
            kit.message_bar(surface, line, alert=False)
            cut += kit.cut
    finally:
        use("en")
    assert not cut, "\n".join(cut)
