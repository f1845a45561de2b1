"""The console's settings: the game part of the one TOML config file.

The file's ``[game]`` section is the console's; every other section is the
hardware's (``hardware.config``). No file at all means every default, and a
bad value is refused at start naming the key and the allowed values:

>>> parse_settings('[game]\\nedition = "junior"').game
Traceback (most recent call last):
...
hardware.config.ConfigError: game.edition: must be one of reissue, classic, beginner, not 'junior'
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import EDITIONS
from hardware.config import Config, ConfigError, config_from_data, read_toml, section

SEATS = ("handheld", "computer")
PALETTES = ("standard", "colour-blind")


@dataclass(frozen=True)
class GameSettings:
    edition: str = "reissue"
    players: int = 4
    """Players, Mister X included; detectives and bobbies follow the edition's table."""
    five_reveals: bool = False
    """Use the five-reveal schedule (3, 8, 13, 18, 24) of other printings."""
    mister_x: str = "handheld"
    """Who plays Mister X: a person on the handheld, or the computer."""
    assist: bool = False
    """Light the stations where Mister X can be (the deduction assist); a key toggles it in play."""
    palette: str = "standard"
    data_dir: str = ""
    """Where the journal and the finished games go; empty: the user's data folder."""

    @property
    def data_path(self) -> Path:
        if self.data_dir:
            return Path(self.data_dir).expanduser()
        return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "scotland-yard"


@dataclass(frozen=True)
class Settings:
    game: GameSettings = field(default_factory=GameSettings)
    hardware: Config = field(default_factory=Config)


def load_settings(path: Path) -> Settings:
    """Read and check the config file; a missing file means every default."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings()
    try:
        return parse_settings(text)
    except ConfigError as error:
        raise ConfigError(f"{path}: {error}") from None


def parse_settings(text: str) -> Settings:
    data = read_toml(text)
    game_data = data.pop("game", {})
    if not isinstance(game_data, dict):
        raise ConfigError("game: must be a [game] section")
    return Settings(check_game(section("game", GameSettings, game_data)), config_from_data(data))


def check_game(game: GameSettings) -> GameSettings:
    _one_of("game.edition", game.edition, tuple(EDITIONS))
    _one_of("game.mister_x", game.mister_x, SEATS)
    _one_of("game.palette", game.palette, PALETTES)
    low, high = EDITIONS[game.edition].players
    if not low <= game.players <= high:
        raise ConfigError(f"game.players: the {game.edition} edition is for {low} to {high} players, not {game.players}")
    return game


def _one_of(name: str, value: Any, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise ConfigError(f"{name}: must be one of {', '.join(allowed)}, not {value!r}")
