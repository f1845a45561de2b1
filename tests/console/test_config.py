"""The console's settings in the shared config file (``console.program.config``), their types, and the `play` command's refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from console.cli import main
from console.games import options
from console.games.classic.setup import BOBBIES, DETECTIVES
from console.program.config import Settings, load_settings, parse_settings
from console.settings import GameSettings, Level, PaletteName, Seat, settings_from_dict, settings_to_dict
from tests.support.settings import settings as game_settings


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
        ('[game]\nedition = "junor"', "game.edition: must be one of reissue, classic, beginner, quick, junior, not 'junor'"),
        ('[game]\nedition = "junior"\nplayers = 5', "game.players: Junior is for 2 to 4 players, not 5"),
        ('[game]\nedition = "junior"\nlevel = "hard"', "game.level: must be one of easy, normal, not 'hard'"),
        ('[game]\nedition = "junior"\ndistrict = "soho"', "game.district: must be one of"),
        ('[game]\nmister_x = "robot"', "game.mister_x: must be one of handheld, computer, phone, not 'robot'"),
        ('[game]\npalette = "pink"', "game.palette: must be one of standard, colour-blind, not 'pink'"),
        ('[game]\nlanguage = "fr"', "game.language: must be one of en, ko, not 'fr'"),
        ('[game]\nedition = "beginner"\nplayers = 6', "game.players: the beginner edition is for 2 to 5 players, not 6"),
        ("[game]\nassist = 1", "game.assist: must be true or false, not 1"),
        ("[game]\nspeed = 1", "game.speed: unknown setting"),
        ("[gmae]\nplayers = 3", "gmae: unknown setting; did you mean game? (known: profile, map_file, leds, buttons, controls, "
                                "screen, handheld, sound, phone, game)"),
        ('[game]\nlevle = "hard"', "game.levle: unknown setting; did you mean level?"),
        ("[leds]\nbrightnes = 0.5", "leds.brightnes: unknown setting; did you mean brightness?"),
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
        ('profile = "pi"\n', ["--players", "9"], "game.players: the reissue edition is for 2 to 6 players, not 9"),
        ('profile = "pi"\n[game]\nedition = "x"\n', [], "game.edition: must be one of"),
    ],
)
def test_play_headless_refuses_what_it_cannot_play(tmp_path: Path, capsys: pytest.CaptureFixture[str], config: str, args: list[str],
                                                   message: str) -> None:
    """Headless (an update's self-check), what stops the console is refused in one line; on the board it is its problem screen
    (tests/console/test_problem_screen.py)."""
    path = tmp_path / "config.toml"
    path.write_text(config)
    assert main(["play", "--headless", "--data-dir", str(tmp_path / "data"), "--config", str(path), *args]) == 2
    assert message in capsys.readouterr().err


def test_the_file_s_words_become_types_and_by_the_table_is_none() -> None:
    game = parse_settings('[game]\nmister_x = "computer"\ndetectives_by = "computer"\nlevel = "hard"\npalette = "colour-blind"\n'
                          'detectives = 0\nbobbies = -1\n').game
    assert (game.mister_x, game.detectives_by, game.level, game.palette) == (Seat.COMPUTER, Seat.COMPUTER, Level.HARD,
                                                                             PaletteName.COLOUR_BLIND)
    assert DETECTIVES.of(game) is None and BOBBIES.of(game) is None and game.own == {}  # as if they were not written
    assert parse_settings("[game]\ndetectives = 3\nbobbies = 0\n").game == game_settings(detectives=3, bobbies=0)


@pytest.mark.parametrize(("text", "message"), [
    ('[game]\ndetectives_by = "handheld"', "game.detectives_by: must be one of people, computer, not 'handheld'"),
    ('[game]\nmister_x = "people"', "game.mister_x: must be one of handheld, computer, phone, not 'people'"),
    ("[game]\ndetectives = true", "game.detectives: must be a whole number, not True"),
    ('[game]\nlevel = 2', "game.level: must be one of beginner, easy, normal, hard, expert, not 2"),
])
def test_a_seat_or_a_level_out_of_place_is_refused(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_settings(text)


def test_settings_go_to_plain_data_as_the_file_writes_them_and_come_back() -> None:
    settings = game_settings(edition="classic", players=5, bobbies=1, mister_x=Seat.COMPUTER, level=Level.EASY)
    data = settings_to_dict(settings, options())
    assert data["detectives"] == 0 and data["bobbies"] == 1 and data["mister_x"] == "computer" and data["level"] == "easy"
    assert settings_from_dict(data, options()) == settings
    assert settings_from_dict(settings_to_dict(GameSettings(), options()), options()) == GameSettings()


@pytest.mark.parametrize("how", ["--config", "SCOTLAND_YARD_CONFIG"])
def test_a_config_file_named_but_missing_is_an_error_not_the_defaults(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], how: str) -> None:
    missing = tmp_path / "typo.toml"
    if how == "--config":
        args = ["sim", "--config", str(missing), "--data-dir", str(tmp_path)]
    else:
        monkeypatch.setenv("SCOTLAND_YARD_CONFIG", str(missing))
        args = ["sim", "--data-dir", str(tmp_path)]
    assert main(args) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and f"no config file at {missing} (named by {how if how.startswith('-') else '$' + how})" in error
