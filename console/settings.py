"""The console's settings: the game part of the one TOML config file.

The file's ``[game]`` section is the console's; every other section is the
hardware's (``hardware.config``). No file at all means every default, and a
bad value is refused at start naming the key and the allowed values:

>>> parse_settings('[game]\\nedition = "junior"\\nplayers = 4').game.edition
'junior'
>>> parse_settings('[game]\\nedition = "junor"').game
Traceback (most recent call last):
...
hardware.config.ConfigError: game.edition: must be one of reissue, classic, beginner, junior, not 'junor'
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from engine import EDITIONS
from engine.ai.junior import JUNIOR_LEVELS
from engine.editions import StartDeal
from engine.junior import districts
from hardware.config import Config, ConfigError, config_from_data, read_toml, section, typed

SEATS = ("handheld", "computer")
DETECTIVE_SEATS = ("people", "computer")
LEVELS = ("easy", "normal", "hard")
"""The computer players' levels (``engine.ai.players``)."""
PALETTES = ("standard", "colour-blind")
JUNIOR = "junior"
"""Scotland Yard Junior: a game of its own (``engine.junior``), offered beside the editions."""
GAMES = (*EDITIONS, JUNIOR)
"""What the setup's first row offers."""
JUNIOR_PLAYERS = (2, 4)
"""Junior is for 2 to 4 players: 4 brings ROXy in as a second rogue."""


@dataclass(frozen=True)
class GameSettings:
    edition: str = "reissue"
    players: int = 4
    """Players, Mister X included; detectives and bobbies follow the edition's table unless set below."""
    detectives: int = 0
    """Detective pieces; 0: one a player besides Mister X, at least the edition's minimum."""
    bobbies: int = -1
    """Bobby pieces; -1: the edition's table for the number of players."""
    five_reveals: bool = False
    """Use the five-reveal schedule (3, 8, 13, 18, 24) of other printings."""
    mister_x: str = "handheld"
    """Who plays Mister X: a person on the handheld, or the computer."""
    detectives_by: str = "people"
    """Who plays the detectives and bobbies: people at the board, or the computer (people move its pieces)."""
    level: str = "normal"
    """How well the computer players play: easy, normal or hard (Junior: easy or normal)."""
    district: str = ""
    """Where Junior is played (``engine.junior.districts``); empty: the first shipped district."""
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
    _one_of("game.edition", game.edition, GAMES)
    _one_of("game.mister_x", game.mister_x, SEATS)
    _one_of("game.detectives_by", game.detectives_by, DETECTIVE_SEATS)
    _one_of("game.level", game.level, LEVELS)
    _one_of("game.palette", game.palette, PALETTES)
    if game.district:
        _one_of("game.district", game.district, tuple(districts()))
    if game.edition == JUNIOR:
        return _check_junior(game)
    low, high = EDITIONS[game.edition].players
    if not low <= game.players <= high:
        raise ConfigError(f"game.players: the {game.edition} edition is for {low} to {high} players, not {game.players}")
    ruleset = EDITIONS[game.edition]
    if game.detectives and not ruleset.min_detectives <= game.detectives <= ruleset.max_detectives:
        raise ConfigError(f"game.detectives: the {game.edition} edition has {ruleset.min_detectives} to "
                          f"{ruleset.max_detectives} detectives (0: by the number of players), not {game.detectives}")
    spare = len(ruleset.detective_starts) - detectives_of(game) - (ruleset.start_deal is StartDeal.SHARED)  # his card too
    if not -1 <= game.bobbies <= spare:
        raise ConfigError(f"game.bobbies: 0 to {spare} bobbies fit beside {detectives_of(game)} detectives "
                          f"(-1: the edition's table), not {game.bobbies}")
    return game


def _check_junior(game: GameSettings) -> GameSettings:
    low, high = JUNIOR_PLAYERS
    if not low <= game.players <= high:
        raise ConfigError(f"game.players: Junior is for {low} to {high} players, not {game.players}")
    _one_of("game.level", game.level, JUNIOR_LEVELS)
    return game


def rogues_of(game: GameSettings) -> int:
    """The rogues of a Junior game: Mister FOX, and ROXy too with 4 players."""
    return 2 if game.players >= 4 else 1


def detectives_of(game: GameSettings) -> int:
    """The detectives a game of these settings has."""
    return game.detectives or EDITIONS[game.edition].detectives_for(game.players)


def bobbies_of(game: GameSettings) -> int:
    """The bobbies a game of these settings has."""
    return game.bobbies if game.bobbies >= 0 else EDITIONS[game.edition].bobbies_for(game.players)


PREFERENCES = "preferences.json"
"""In the data folder: the choices last made on the console's menus, which win over the config file's [game] values."""
_REMEMBERED = ("edition", "players", "detectives", "bobbies", "five_reveals", "mister_x", "detectives_by", "level", "assist", "palette",
              "district")


def save_preferences(game: GameSettings) -> None:
    """Remember the menus' choices for the next start (written whole, then renamed into place)."""
    path = game.data_path / PREFERENCES
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps({key: value for key, value in asdict(game).items() if key in _REMEMBERED}, indent=1) + "\n")
    temporary.replace(path)


def load_preferences(game: GameSettings) -> tuple[GameSettings, str]:
    """*game* with the remembered choices over it, and a note if they could not be used (they are then ignored)."""
    path = game.data_path / PREFERENCES
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return game, ""
    except (OSError, ValueError) as error:
        return game, f"The menus' saved choices were unreadable and are not used ({error})"
    try:
        if not isinstance(data, dict) or set(data) - set(_REMEMBERED):
            raise ConfigError(f"expected the keys {', '.join(_REMEMBERED)}")
        kinds = {f.name: type(getattr(GameSettings(), f.name)) for f in fields(GameSettings)}
        values = {key: typed(f"{PREFERENCES}: {key}", value, kinds[key]) for key, value in data.items()}
        return check_game(replace(game, **values)), ""
    except ConfigError as error:
        return game, f"The menus' saved choices are not used: {error}"


def _one_of(name: str, value: Any, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise ConfigError(f"{name}: must be one of {', '.join(allowed)}, not {value!r}")
