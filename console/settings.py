"""The console's settings as types: who plays which side, how well the computer plays, the lights, where games go.

The config file's ``[game]`` section and the menus' remembered choices are
read into a ``GameSettings`` by ``console.program.config``; each kind of game
(``console.games``) checks the values that concern it. The words users write
(``mister_x = "computer"``, ``detectives = 0``) are the enums' values and the
file's own conventions; inside the console they are these types:

>>> GameSettings().mister_x, GameSettings().detectives
(<Seat.HANDHELD: 'handheld'>, None)
>>> settings_from_dict({"mister_x": "computer", "detectives": 0, "bobbies": -1}).mister_x
<Seat.COMPUTER: 'computer'>
>>> settings_from_dict(settings_to_dict(GameSettings(level=Level.HARD))) == GameSettings(level=Level.HARD)
True
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import Enum
from pathlib import Path
from typing import Any


class PaletteName(Enum):
    """The palettes players choose from (the setting ``palette``): each kind of game keys its own colours by it."""

    STANDARD = "standard"
    COLOUR_BLIND = "colour-blind"


class Seat(Enum):
    """Who plays a side of the table."""

    HANDHELD = "handheld"
    """A person, on the private handheld (the hidden side: Mister X, or another kind's hidden pieces)."""
    PEOPLE = "people"
    """People at the board (the detectives)."""
    COMPUTER = "computer"
    """The computer; people make its moves on the board where pieces must move."""
    PHONE = "phone"
    """A person, on their own phone's browser (the hidden side): it pairs by the code on the console's screen."""


class Level(Enum):
    """How well the computer players play; each kind of game offers some of them."""

    BEGINNER = "beginner"
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"
    EXPERT = "expert"


@dataclass(frozen=True)
class GameSettings:
    edition: str = "reissue"
    """The kind of game and its edition: one of ``console.games.editions()``."""
    players: int = 4
    """Players, the hidden side included; the detectives and bobbies follow the edition's table unless set below."""
    detectives: int | None = None
    """Detective pieces; None: one a player besides Mister X, at least the edition's minimum."""
    bobbies: int | None = None
    """Bobby pieces; None: the edition's table for the number of players."""
    five_reveals: bool = False
    """Use the five-reveal schedule (3, 8, 13, 18, 24) of other printings."""
    mister_x: Seat = Seat.HANDHELD
    """Who plays the hidden side: a person on the handheld or on their phone, or the computer."""
    detectives_by: Seat = Seat.PEOPLE
    """Who plays the detectives (and bobbies): people at the board, or the computer (people move its pieces)."""
    level: Level = Level.NORMAL
    """How well the computer players play."""
    district: str = ""
    """Where a game played in a district is played; empty: the first shipped district."""
    assist: bool = False
    """Light the stations where Mister X can be (the deduction assist); the game menu toggles it in play."""
    hints: bool = False
    """Short hints for beginners on the game's screen, from public facts only; the game menu toggles it in play."""
    palette: PaletteName = PaletteName.STANDARD
    volume: int = 7
    """How loud the sounds and spoken words are, in steps from 0 (silent) to ``VOLUME_STEPS`` (full)."""
    muted: bool = False
    """No sound at all (UNDO and MENU pressed together toggle it from anywhere: ``console.program.chord``)."""
    spoken: bool = False
    """Speak the reveal station, whose turn it is and the winner (if the console has a speech synthesiser)."""
    language: str = ""
    """The language of every word (a code of ``hardware.language.LANGUAGES``); empty: the system's (English if it is none of them)."""
    data_dir: str = ""
    """Where the journal and the finished games go; empty: the user's data folder."""

    @property
    def data_path(self) -> Path:
        if self.data_dir:
            return Path(self.data_dir).expanduser()
        return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "scotland-yard"


VOLUME_STEPS = 10
"""The loudest ``volume``: the settings menu steps through 0 to 10."""
SOUND_CHOICES = ("volume", "muted", "spoken")
"""The settings of the console's sound (``console.table.sounds``)."""
CONSOLE_CHOICES = (*SOUND_CHOICES, "language")
"""The console's own choices, never a game's: a journal keeps none of them (a resumed game takes the console's current
ones, and a journal without them stays one that a console of before them resumes)."""
TABLE_CHOICES = ("assist", "hints", "palette", *CONSOLE_CHOICES)
"""Settings that are the table's, not the game's: a resumed game takes the console's current ones (the game menu's
last choice), not those it was dealt with."""

_ENUMS: dict[str, type[Enum]] = {"mister_x": Seat, "detectives_by": Seat, "level": Level, "palette": PaletteName}
_BY_TABLE = {"detectives": 0, "bobbies": -1}
"""How the config file (and journals written before) say "by the edition's table": 0 detectives, -1 bobbies."""


def settings_to_dict(settings: GameSettings) -> dict[str, Any]:
    """The settings as plain data for a journal or the preferences file, written as the config file writes them."""
    data = {f.name: _plain(getattr(settings, f.name)) for f in fields(GameSettings)}
    return data | {key: by_table for key, by_table in _BY_TABLE.items() if data[key] is None}


def settings_from_dict(data: Mapping[str, Any]) -> GameSettings:
    """Settings from plain data (a journal's, the preferences file's, the config file's); unknown keys raise ``TypeError``
    and unknown values ``ValueError`` (the callers name the key)."""
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key in _ENUMS:
            value = _ENUMS[key](value)
        elif key in _BY_TABLE and value == _BY_TABLE[key]:
            value = None
        values[key] = value
    return GameSettings(**values)


def _plain(value: object) -> object:
    return value.value if isinstance(value, Enum) else value
