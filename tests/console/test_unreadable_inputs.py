"""Files a person hands the console that it cannot use: each command refuses in one line naming the file and why.

Config files, station maps, simulator scripts and game records may be folders,
not UTF-8, nested past the parsers' depth, or hold numbers too long to read;
none may end in a traceback. Only the menus' remembered choices are different:
the console starts without them and says so.
"""

from __future__ import annotations

import errno
import gc
from collections.abc import Callable
from pathlib import Path

import pytest

from console.cli import main
from console.records.preferences import PREFERENCES, load_preferences
from console.records.storage import fault_in_words
from console.settings import GameSettings
from hardware.files import LARGEST
from hardware.sim.script import MAX_WAIT_SECONDS, ScriptError, parse_script

DEEP = 100_000
"""Nesting far past any parser's recursion limit."""
LONG_NUMBER = "9" * 5000
"""More digits than ``int()`` converts from text."""

Writer = Callable[[Path], None]


def text(content: str) -> Writer:
    return lambda path: path.write_text(content, encoding="utf-8")


def raw(content: bytes) -> Writer:
    return lambda path: path.write_bytes(content)


def folder(path: Path) -> None:
    path.mkdir()


def endless(path: Path) -> None:
    """A file that never ends, as ``/dev/zero`` (a sparse file past the largest the console reads)."""
    with path.open("wb") as file:
        file.truncate(LARGEST + 1)


def empty_config(folder: Path) -> Path:
    """A config file of defaults (so the machine's own config plays no part)."""
    path = folder / "defaults.toml"
    path.touch()
    return path


def nothing(path: Path) -> None:
    """Leave *path* missing."""


def station_map(pixels: str) -> Writer:
    return text('{"format": "scotland-yard-station-map", "version": 1, "pixels": {' + pixels + '}, "buttons": {}}')


@pytest.fixture(autouse=True)
def no_garbage_waiting() -> None:
    """Collect earlier tests' garbage first: a parser recursing to its limit may trigger a collection, and a finalizer
    run that deep would fail with a RecursionError of its own, reported as this test's (seen in full runs only)."""
    gc.collect()


def refused(argv: list[str], capsys: pytest.CaptureFixture[str], *says: str) -> None:
    """The command exits 2 with one line on stderr that says each of *says*."""
    assert main(argv) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "Traceback" not in error, error
    for words in says:
        assert words in error


NOT_UTF8 = ("not UTF-8", raw(b'profile = "sim"\n# caf\xe9\n'))
A_FOLDER = ("Is a directory", folder)


@pytest.mark.parametrize(("problem", "write"), [
    NOT_UTF8,
    A_FOLDER,
    ("nest too deeply", text("x = " + "[" * DEEP + "]" * DEEP + "\n")),
    ("nest too deeply", text("x = " + "{a = " * DEEP + "1" + "}" * DEEP + "\n")),
    ("not valid TOML", text(f"[leds]\ncount = {LONG_NUMBER}\n")),
], ids=["not-utf8", "folder", "deep-arrays", "deep-tables", "long-number"])
def test_a_config_file_it_cannot_read(tmp_path: Path, capsys: pytest.CaptureFixture[str], problem: str, write: Writer) -> None:
    config = tmp_path / "config.toml"
    write(config)
    refused(["play", "--headless", "--config", str(config)], capsys, str(config), problem)


@pytest.mark.parametrize(("data_dir", "fault"), [("a-file", errno.EEXIST), ("a-file/games", errno.ENOTDIR)])
def test_a_config_whose_data_folder_cannot_be_made(tmp_path: Path, capsys: pytest.CaptureFixture[str], data_dir: str, fault: int) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    config = tmp_path / "config.toml"
    config.write_text(f'[game]\ndata_dir = "{tmp_path / data_dir}"\n')
    refused(["play", "--headless", "--config", str(config)], capsys, f"the data folder {tmp_path / data_dir} cannot be used",
            str(fault_in_words(OSError(fault, ""))))


@pytest.mark.parametrize(("problem", "write"), [
    ("not UTF-8", raw(bytes(range(256)) * 4)),
    ("not UTF-8", raw(b'{"format": "caf\xe9"}')),
    A_FOLDER,
    ("no game record at", nothing),
    ("the JSON is broken", text("[" * DEEP + "]" * DEEP)),
    ("the JSON is broken", text(f'{{"format": "scotland-yard-record", "version": {LONG_NUMBER}}}')),
    ("larger than 16 MiB", endless),
], ids=["binary", "latin-1", "folder", "missing", "deep", "long-number", "endless"])
def test_a_game_record_it_cannot_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str], problem: str, write: Writer) -> None:
    record = tmp_path / "game.json"
    write(record)
    refused(["replay", str(record), "--config", str(empty_config(tmp_path))], capsys, str(record), problem)


@pytest.mark.parametrize(("problem", "write"), [
    ("not UTF-8", raw(b'{"format": "scotland-yard-station-map\xff"}')),
    ("station 'x1' -> 0 is not a station number", station_map('"x1": 0')),
    ("station '²' -> 0 is not a station number", station_map('"²": 0')),
    ("station '٤٥' -> 0 is not a station number", station_map('"٤٥": 0')),
    ("is not a station number", station_map(f'"{LONG_NUMBER}": 0')),
    ("not valid JSON", station_map(f'"1": {LONG_NUMBER}')),
    A_FOLDER,
    ("nests too deeply", text("[" * DEEP + "]" * DEEP)),
], ids=["not-utf8", "letters", "superscript", "arabic-indic", "long-key", "long-index", "folder", "deep"])
def test_a_station_map_it_cannot_read(tmp_path: Path, capsys: pytest.CaptureFixture[str], problem: str, write: Writer) -> None:
    station_map_file = tmp_path / "station-map.json"
    write(station_map_file)
    config = tmp_path / "config.toml"
    config.write_text('profile = "pi"\n')
    refused(["play", "--headless", "--config", str(config)], capsys, str(station_map_file), problem)


@pytest.mark.parametrize(("problem", "write"), [
    ("not UTF-8", raw(b"wait 1\n# \xff\n")),
    A_FOLDER,
    ("no script at", nothing),
    ("line 1: click needs a station number 1-199, not '²'", text("click ²\n")),
    ("line 2: click needs a station number", text("wait 0\nclick ٤٥\n")),
    ("line 1: click needs a station number", text(f"click {LONG_NUMBER}\n")),
    ("line 1: wait needs seconds from 0 to 3600, not 'nan'", text("wait nan\n")),
    ("line 1: wait needs seconds from 0 to 3600, not 'inf'", text("wait inf\n")),
    ("line 1: wait needs seconds from 0 to 3600, not '-1'", text("wait -1\n")),
], ids=["not-utf8", "folder", "missing", "superscript", "arabic-indic", "long-number", "nan", "inf", "negative"])
def test_a_simulator_script_it_cannot_play(tmp_path: Path, capsys: pytest.CaptureFixture[str], problem: str, write: Writer) -> None:
    script = tmp_path / "game.script"
    write(script)
    refused(["sim", "--headless", "--script", str(script), "--screenshots", str(tmp_path), "--data-dir", str(tmp_path / "data"),
             "--config", str(empty_config(tmp_path))], capsys, str(script), problem)


@pytest.mark.parametrize("seconds", ["1e12", "3600.5", "nan", "inf", "-inf", "-1", "soon", ""])
def test_a_wait_is_bounded_so_a_headless_run_ends(seconds: str) -> None:
    """``wait 1e12`` would step the console 3e13 times; refused by line instead (tested here: the run would never end)."""
    with pytest.raises(ScriptError, match="line 2: wait needs seconds from 0 to 3600"):
        parse_script(f"wait 1\nwait {seconds}\n", range(1, 200))


def test_waits_up_to_the_maximum_still_play() -> None:
    commands = parse_script(f"wait 0\nwait -0\nwait 0.5\nwait {MAX_WAIT_SECONDS:g}\n", range(1, 200))
    assert [command.argument for command in commands] == ["0", "-0", "0.5", "3600"]


BAD_PREFERENCES = {
    "folder": folder,
    "deep-arrays": text("[" * DEEP + "]" * DEEP),
    "deep-objects": text('{"a": ' * DEEP + "1" + "}" * DEEP),
    "not-utf8": raw(b'{"edition": "caf\xe9"}'),
    "long-number": text(f'{{"players": {LONG_NUMBER}}}'),
}


@pytest.mark.parametrize("write", BAD_PREFERENCES.values(), ids=BAD_PREFERENCES.keys())
def test_unusable_preferences_are_left_alone_and_the_defaults_used_with_a_note(tmp_path: Path, write: Writer) -> None:
    write(tmp_path / PREFERENCES)
    settings, note = load_preferences(GameSettings(data_dir=str(tmp_path)))
    assert settings == GameSettings(data_dir=str(tmp_path))
    assert str(note).startswith("The menus' saved choices were unreadable and are not used")
    assert (tmp_path / PREFERENCES).exists()


@pytest.mark.parametrize("kind", ["folder", "deep-arrays"])
def test_the_simulator_starts_despite_unusable_preferences(tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str) -> None:
    data = tmp_path / "data"
    data.mkdir()
    BAD_PREFERENCES[kind](data / PREFERENCES)
    script = tmp_path / "start.script"
    script.write_text("wait 0.1\nshot start\n")
    assert main(["sim", "--headless", "--script", str(script), "--screenshots", str(tmp_path), "--data-dir", str(data),
                 "--config", str(empty_config(tmp_path))]) == 0
    assert capsys.readouterr().out.split() == [str(tmp_path / "start.png")]
    assert (data / PREFERENCES).is_dir() or (data / PREFERENCES).read_text() == "[" * DEEP + "]" * DEEP  # left as it was
