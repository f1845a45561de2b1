"""The config file and the menus' remembered choices, read into settings and checked.

One TOML file: its ``[game]`` section is the console's (``GameSettings``); every
other section is the hardware's (``hardware.config``), and so is its optional
top-level ``version = 1`` (none means 1). No file at all means every default,
and a bad value, or a newer console's file, is refused at start naming the key
and the allowed values (or both versions):

>>> parse_settings('[game]\\nedition = "classic"\\nplayers = 5').game.edition
'classic'
>>> parse_settings('[game]\\nedition = "junor"').game  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
hardware.config.ConfigError: game.edition: must be one of reissue, classic, beginner, ..., not 'junor'
>>> parse_settings('[game]\\nlanguage = "fr"').game
Traceback (most recent call last):
...
hardware.config.ConfigError: game.language: must be one of en, ko, not 'fr'
>>> parse_settings('version = 2\\n[game]\\nlights = "dim"')
Traceback (most recent call last):
...
hardware.config.ConfigError: a config file of version 2, written by a newer console; this console reads version 1

What the menus change is remembered apart (``console.records.preferences``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from console.records.preferences import game_settings
from console.settings import GameSettings
from hardware.config import Config, ConfigError, config_from_data, read_config
from hardware.files import read_text


@dataclass(frozen=True)
class Settings:
    game: GameSettings = field(default_factory=GameSettings)
    hardware: Config = field(default_factory=Config)


def load_settings(path: Path) -> Settings:
    """Read and check the config file; a missing file means every default."""
    text = read_text(path, ConfigError)
    if text is None:
        return Settings()
    try:
        return parse_settings(text)
    except ConfigError as error:
        raise ConfigError(f"{path}: {error}") from None


def parse_settings(text: str) -> Settings:
    data = read_config(text)
    game_data = data.pop("game", {})
    if not isinstance(game_data, dict):
        raise ConfigError("game: must be a [game] section")
    return Settings(game_settings("game.", game_data), config_from_data(data, others=["game"]))


