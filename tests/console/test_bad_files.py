"""Every bad file gets a word: the menus' remembered choices in every version, damaged or a newer console's; a journal whose
settings are another kind's than its start; config values that name what does not exist. Each is refused naming the file,
the key and what is expected, and the original is kept (aside, or where it was), never written over."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from console.cli import main
from console.games import CLASSIC
from console.program.config import load_settings
from console.program.start import sound_note
from console.records.journal import Journal, JournalError, load
from console.records.preferences import PREFERENCES, UNUSABLE, load_preferences, save_preferences
from console.settings import GameSettings
from engine import Game
from hardware.config import ConfigError
from hardware.factory import build_speaker
from hardware.interfaces import NoSpeaker
from tests.support.asound import sound_cards

TOKEN = "5f3a9c0e2b7d4418"

BAD_PREFERENCES = {
    # each version with a value it cannot hold
    "v1-players": {"version": 1, "players": "many"},
    "v1-edition": {"version": 1, "edition": "monopoly"},
    "v1-district": {"version": 1, "district": "Narnia"},
    "v2-volume": {"version": 2, "volume": 99},
    "v2-muted": {"version": 2, "muted": "yes"},
    "v3-hints": {"version": 3, "hints": 1},
    "v4-mister-x": {"version": 4, "mister_x": "robot"},
    "v5-language": {"version": 5, "language": "fr"},
    "v5-unknown-key": {"version": 5, "colour": "red"},
    "version-text": {"version": "5"},
    "version-0": {"version": 0},
    # a newer console's
    "v6": {"version": 6, "edition": "reissue"},
}
DAMAGED = {
    "truncated": b'{"version": 5, "edition": "reiss',
    "binary": bytes(range(256)),
    "empty": b"",
    "a-list": b"[1, 2, 3]",
}


def write_preferences(folder: Path, case: str) -> bytes:
    data = DAMAGED[case] if case in DAMAGED else json.dumps(BAD_PREFERENCES[case]).encode()
    (folder / PREFERENCES).write_bytes(data)
    return data


def no_config(folder: Path) -> str:
    path = folder / "defaults.toml"
    path.touch()
    return str(path)


@pytest.mark.parametrize("case", [*BAD_PREFERENCES, *DAMAGED])
def test_the_terminal_game_says_why_the_saved_choices_are_not_used(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], case: str) -> None:
    original = write_preferences(tmp_path, case)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # the player leaves at once
    assert main(["text", "--seed", "1", "--data-dir", str(tmp_path), "--config", no_config(tmp_path)]) == 0
    said = capsys.readouterr().out
    _, note = load_preferences(GameSettings(data_dir=str(tmp_path)))
    assert note and str(note) in said
    first = said.splitlines()[0]
    assert first.startswith("The menus' saved choices"), said
    assert (tmp_path / PREFERENCES).read_bytes() == original, "the terminal game never writes over it"


@pytest.mark.parametrize("case", ["v2-volume", "v5-language", "truncated", "binary"])
def test_an_unusable_preferences_file_is_set_aside_at_the_next_save_never_written_over(tmp_path: Path, case: str) -> None:
    original = write_preferences(tmp_path, case)
    game = GameSettings(data_dir=str(tmp_path), assist=True)
    said = str(save_preferences(game))
    kept = tmp_path / f"{PREFERENCES}.{UNUSABLE}-1"
    assert said == f"Your choices are saved; the unusable file they replace is kept as {kept.name}"
    assert kept.read_bytes() == original
    assert load_preferences(GameSettings(data_dir=str(tmp_path))) == (GameSettings(data_dir=str(tmp_path), assist=True), "")
    assert save_preferences(game) == "" and not (tmp_path / f"{PREFERENCES}.{UNUSABLE}-2").exists()


def test_a_newer_console_s_preferences_stay_where_they_are(tmp_path: Path) -> None:
    original = write_preferences(tmp_path, "v6")
    said = str(save_preferences(GameSettings(data_dir=str(tmp_path), assist=True)))
    assert said.startswith("Your choices hold until the console stops: the saved ones are kept (a preferences file of version 6")
    assert (tmp_path / PREFERENCES).read_bytes() == original and list(tmp_path.iterdir()) == [tmp_path / PREFERENCES]


def test_a_journal_whose_settings_are_junior_over_a_classic_start_is_refused_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "game.journal"
    Journal(path).started(CLASSIC, Game.new("reissue", 4, seed=3), GameSettings(edition="junior", players=4), TOKEN)
    original = path.read_bytes()
    with pytest.raises(JournalError) as refused:
        load(path)
    assert str(refused.value) == (f"{path} cannot be resumed: line 1 (start) holds settings of the edition 'junior', but the start "
                                  "of a game of the editions reissue, classic, beginner, quick. It was kept as game.journal.corrupt-1")
    assert refused.value.moved_to.read_bytes() == original and not path.exists()


@pytest.mark.parametrize(("text", "key", "expected"), [
    ('[game]\ndistrict = "Narnia"\n', "game.district", "must be one of central"),
    ('[game]\nedition = "classic"\ndistrict = "Narnia"\n', "game.district", "must be one of central"),
    ('[game]\nlanguage = "fr"\n', "game.language", "must be one of en, ko"),
    ('profile = "board"\n', "profile", "must be one of pi, sim, fake"),
])
def test_config_values_that_name_what_does_not_exist_are_refused_naming_file_key_and_what_is_expected(
        tmp_path: Path, text: str, key: str, expected: str) -> None:
    path = tmp_path / "config.toml"
    path.write_text(text)
    with pytest.raises(ConfigError) as refused:
        load_settings(path)
    assert str(refused.value).startswith(f"{path}: {key}: {expected}")
    assert path.read_text() == text


def test_a_sound_device_naming_a_card_that_is_not_here_is_refused_and_said_with_the_file_and_the_cards(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("hardware.drivers.audio.ASOUND", sound_cards(tmp_path, "Headphones"))
    path = tmp_path / "config.toml"
    path.write_text('profile = "sim"\n[sound]\ndevice = "plughw:CARD=Device,DEV=0"\n')
    config = load_settings(path).hardware
    assert str(sound_note(config, path)) == f"No sound: {path}: sound.device names card Device, not here (cards: Headphones)"
    assert isinstance(build_speaker(config), NoSpeaker)
    path.write_text('profile = "sim"\n[sound]\ndevice = "plughw:CARD=Headphones"\n')
    assert sound_note(load_settings(path).hardware, path) == ""
