"""The console's settings in the shared config file, and the `play` command's refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from console.cli import main
from console.settings import GameSettings, Settings, load_settings, parse_settings


def test_no_file_means_every_default(tmp_path: Path) -> None:
    assert load_settings(tmp_path / "none.toml") == Settings()
    assert GameSettings().assist is False and GameSettings().edition == "reissue"


def test_game_and_hardware_sections_share_one_file() -> None:
    settings = parse_settings('profile = "pi"\n[game]\nedition = "classic"\nplayers = 5\nassist = true\n[leds]\nbrightness = 0.3\n')
    assert settings.game == GameSettings(edition="classic", players=5, assist=True)
    assert settings.hardware.profile == "pi" and settings.hardware.leds.brightness == 0.3


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[game]\nedition = "junor"', "game.edition: must be one of reissue, classic, beginner, junior, not 'junor'"),
        ('[game]\nedition = "junior"\nplayers = 5', "game.players: Junior is for 2 to 4 players, not 5"),
        ('[game]\nedition = "junior"\nlevel = "hard"', "game.level: must be one of easy, normal, not 'hard'"),
        ('[game]\nedition = "junior"\ndistrict = "soho"', "game.district: must be one of"),
        ('[game]\nmister_x = "robot"', "game.mister_x: must be one of handheld, computer, not 'robot'"),
        ('[game]\npalette = "pink"', "game.palette: must be one of standard, colour-blind, not 'pink'"),
        ('[game]\nedition = "beginner"\nplayers = 6', "game.players: the beginner edition is for 2 to 5 players, not 6"),
        ("[game]\nassist = 1", "game.assist: must be true or false, not 1"),
        ("[game]\nspeed = 1", "game.speed: unknown setting"),
        ("game = 1", "game: must be a [game] section"),
        ("[leds]\nbrightness = 3", "leds.brightness: must be between 0 and 1, not 3"),
    ],
)
def test_bad_settings_are_refused_by_name(text: str, message: str) -> None:
    with pytest.raises(ValueError) as error:
        parse_settings(text)
    assert message in str(error.value)


def test_data_folder_defaults_to_the_users_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert GameSettings().data_path == tmp_path / "scotland-yard"
    assert GameSettings(data_dir=str(tmp_path / "x")).data_path == tmp_path / "x"


@pytest.mark.parametrize(
    ("config", "args", "message"),
    [
        ('profile = "fake"\n', [], "the fake profile has nobody at its board"),
        ('profile = "pi"\n', [], "no station map at"),
        ('profile = "pi"\n', ["--players", "9"], "game.players: the reissue edition is for 2 to 6 players, not 9"),
        ('profile = "pi"\n[game]\nedition = "x"\n', [], "game.edition: must be one of"),
    ],
)
def test_play_refuses_what_it_cannot_play(tmp_path: Path, capsys: pytest.CaptureFixture[str], config: str, args: list[str], message: str) -> None:
    path = tmp_path / "config.toml"
    path.write_text(config)
    assert main(["play", "--config", str(path), *args]) == 2
    assert message in capsys.readouterr().err
