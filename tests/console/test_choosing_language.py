"""The language of every word: chosen on the command line, else on the console's Settings menu (remembered), else in the
config file, else on a PC the system's, else English; the menus' remembered choice is a version 5 preferences file."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from console.cli import main
from console.program.config import parse_settings
from console.records.preferences import PREFERENCES, load_preferences, save_preferences
from console.settings import GameSettings
from engine.versions import Versions
from language import current, use


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    use("en")


@pytest.fixture
def system(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    """The system's locale, set by ``system.setenv("LANGUAGE", ...)`` (the others cleared)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANGUAGE", "en")
    yield monkeypatch


def test_the_config_file_sets_the_language_and_empty_is_the_system_s() -> None:
    assert parse_settings('[game]\nlanguage = "ko"').game.language == "ko"
    assert parse_settings("[game]\n").game.language == "" == GameSettings().language


def test_the_language_is_remembered_in_a_version_5_file_that_a_console_reading_4_keeps(tmp_path: Path) -> None:
    game = GameSettings(data_dir=str(tmp_path))
    assert save_preferences(replace(game, language="ko", volume=3)) == ""
    saved = json.loads((tmp_path / PREFERENCES).read_text())
    assert saved["version"] == 5 and saved["language"] == "ko" and load_preferences(game)[0].language == "ko"
    assert Versions("a preferences file", current=4).is_newer(saved["version"])  # the release before, after a rollback
    assert save_preferences(replace(game, language="", volume=3)) == ""
    saved = json.loads((tmp_path / PREFERENCES).read_text())
    assert saved["version"] == 2 and "language" not in saved, "the system's again: a file the older console reads"


def test_a_remembered_language_the_console_does_not_speak_is_not_used(tmp_path: Path) -> None:
    (tmp_path / PREFERENCES).write_text(json.dumps({"version": 5, "language": "fr"}))
    settings, note = load_preferences(GameSettings(data_dir=str(tmp_path)))
    assert settings.language == "" and "language: must be one of en, ko, not 'fr'" in str(note)


def test_the_menus_notes_are_words_in_the_language_shown(tmp_path: Path) -> None:
    (tmp_path / PREFERENCES).write_text(json.dumps({"version": 99}))
    _, note = load_preferences(GameSettings(data_dir=str(tmp_path)))
    assert str(note).startswith("The menus' saved choices are kept but not used (a preferences file of version 99")
    use("ko")
    assert str(note).startswith("저장된 메뉴 설정은 그대로 두고 쓰지 않습니다 (a preferences file of version 99")


@pytest.mark.parametrize(("system_language", "config", "remembered", "flag", "spoken"), [
    ("ko", "", None, None, "ko"),  # the PC's own
    ("ko", "", None, "en", "en"),  # the command line over the system's
    ("ko", 'language = "en"', None, None, "en"),  # the config file over the system's
    ("en", 'language = "ko"', None, None, "ko"),
    ("en", 'language = "ko"', "en", None, "en"),  # the Settings menu's choice over the config file's
    ("en", 'language = "en"', "en", "ko", "ko"),  # the command line over both
])
def test_the_terminal_game_speaks_the_command_line_s_language_else_the_menus_else_the_config_s_else_the_system_s(
        tmp_path: Path, system: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], system_language: str, config: str,
        remembered: str | None, flag: str | None, spoken: str) -> None:
    system.setenv("LANGUAGE", system_language)
    path = tmp_path / "config.toml"
    path.write_text(f"[game]\n{config}\n")
    if remembered is not None:
        (tmp_path / PREFERENCES).write_text(json.dumps({"version": 5, "language": remembered}))
    system.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["text", "--config", str(path), "--data-dir", str(tmp_path), "--seed", "1",
                 *(["--language", flag] if flag else [])]) == 0
    assert current() == spoken
    said = capsys.readouterr().out
    assert ("재발매판" in said) == (spoken == "ko") and ("reissue" in said) == (spoken == "en")


@pytest.mark.parametrize(("system_language", "flag", "spoken", "title"), [
    ("ko", None, "ko", "스코틀랜드 야드"), ("ko", "en", "en", "Scotland Yard"), ("en", "ko", "ko", "스코틀랜드 야드"),
])
def test_the_simulator_speaks_the_command_line_s_language_else_the_system_s(
        tmp_path: Path, system: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], system_language: str, flag: str | None,
        spoken: str, title: str) -> None:
    import pygame

    system.setenv("LANGUAGE", system_language)
    script = tmp_path / "script.txt"
    script.write_text("shot start\n")
    assert main(["sim", "--headless", "--script", str(script), "--screenshots", str(tmp_path), "--data-dir", str(tmp_path),
                 *(["--language", flag] if flag else [])]) == 0
    assert current() == spoken and capsys.readouterr().out.strip() == str(tmp_path / "start.png")
    assert pygame.display.get_caption()[0].startswith(title)


def test_a_language_the_console_does_not_speak_is_refused_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["sim", "--language", "fr"])
    assert "invalid choice: 'fr'" in capsys.readouterr().err
