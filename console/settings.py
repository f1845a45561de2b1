"""The console's settings as types: who plays which side, how well the computer plays, the lights, where games go.

The config file's ``[game]`` section and the menus' remembered choices are
read into a ``GameSettings`` by ``console.program.config``; each kind of game
(``console.games``) checks the values that concern it. The words users write
(``mister_x = "computer"``) are the enums' values and the file's own
conventions; inside the console they are these types.

``GameSettings`` holds what every kind of game shares. What only one kind has
(how many bobbies, which district) that kind declares as an ``Option`` of its
own; a ``GameSettings`` keeps each option's value in ``own`` by its key, and the
files write it beside the shared settings, under that key, as if it were one of
them. This module names no kind's option: the plain-data conversions are given
the options (``console.games.options``).

>>> ROUNDS = Option("rounds", 3, int)
>>> settings = settings_from_dict({"mister_x": "computer", "rounds": 5}, [ROUNDS])
>>> settings.mister_x, ROUNDS.of(settings), ROUNDS.of(GameSettings())
(<Seat.COMPUTER: 'computer'>, 5, 3)
>>> settings_from_dict(settings_to_dict(settings, [ROUNDS]), [ROUNDS]) == settings
True
>>> ROUNDS.set(settings, 3) == replace(settings, own={})  # a value at its default is not kept
True
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from enum import Enum
from pathlib import Path
from typing import Any, Generic, TypeVar, cast

T = TypeVar("T")


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
    """Players, the hidden side included."""
    mister_x: Seat = Seat.HANDHELD
    """Who plays the hidden side: a person on the handheld or on their phone, or the computer."""
    detectives_by: Seat = Seat.PEOPLE
    """Who plays the detectives (and bobbies): people at the board, or the computer (people move its pieces)."""
    level: Level = Level.NORMAL
    """How well the computer players play."""
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
    """The language of every word (a code of ``language.LANGUAGES``); empty: the system's (English if it is none of them)."""
    data_dir: str = ""
    """Where the journal and the finished games go; empty: the user's data folder."""
    own: Mapping[str, Any] = field(default_factory=dict)
    """The kinds' own settings (``Option``) that differ from their defaults, by their keys: ``Option.of`` reads one."""

    @property
    def data_path(self) -> Path:
        if self.data_dir:
            return Path(self.data_dir).expanduser()
        return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "scotland-yard"

    def with_options(self, values: Mapping[Option[Any], Any]) -> GameSettings:
        """These settings with the kinds' own settings *values* (one at its default is dropped from ``own``)."""
        own = {key: value for key, value in self.own.items() if key not in {option.key for option in values}}
        own |= {option.key: value for option, value in values.items() if value != option.default}
        return replace(self, own=own)


def _any_value(value: Any) -> None:
    """Every value of the option's type is allowed, whatever the edition."""


@dataclass(frozen=True)
class Option(Generic[T]):
    """A setting one kind of game declares for itself (``GameKind.options``), read and written like the shared settings.

    The config file's ``[game]`` section, the preferences and a game's journal hold it under *key*, written as *written*
    (``bool``, ``int`` or ``str``); a kind's own checks (``GameKind.check``) see it in the settings of its games.
    """

    key: str
    default: T
    written: type
    """The type the files write it as."""
    none_as: object = None
    """How the files write None where None is a value ("by the edition's table": ``-1``); None: it is never None."""
    check: Callable[[T], None] = _any_value
    """Refuses a value (a ``ConfigError`` naming ``game.<key>``) whatever the edition: the config file may name it for another kind."""
    follows_table: bool = False
    """Its default follows the kind's other rows (the edition's table): a setup entered from another kind starts it there."""

    def of(self, settings: GameSettings) -> T:
        return cast(T, settings.own.get(self.key, self.default))

    def set(self, settings: GameSettings, value: T) -> GameSettings:
        return settings.with_options({self: value})

    def plain(self, value: T) -> object:
        """*value* as the files write it."""
        return self.none_as if value is None else value

    def read(self, value: object) -> T:
        """A value as the files write it."""
        return cast(T, None if self.none_as is not None and value == self.none_as else value)


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
SHARED = tuple(f.name for f in fields(GameSettings) if f.name != "own")
"""The settings every kind shares, as the files name them."""


def settings_to_dict(settings: GameSettings, options: Iterable[Option[Any]]) -> dict[str, Any]:
    """The settings as plain data for a journal or the preferences file, written as the config file writes them: the shared
    ones, then each of *options* (every kind's own, whichever kind the edition is)."""
    return {key: _plain(getattr(settings, key)) for key in SHARED} | {option.key: option.plain(option.of(settings)) for option in options}


def settings_from_dict(data: Mapping[str, Any], options: Iterable[Option[Any]]) -> GameSettings:
    """Settings from plain data (a journal's, the preferences file's, the config file's), each kind's own among them by
    *options*; unknown keys raise ``TypeError`` and unknown values ``ValueError`` (the callers name the key)."""
    by_key = {option.key: option for option in options}
    values: dict[str, Any] = {}
    own: dict[Option[Any], Any] = {}
    for key, value in data.items():
        if key in by_key:
            own[by_key[key]] = by_key[key].read(value)
        else:
            values[key] = _ENUMS[key](value) if key in _ENUMS else value
    return GameSettings(**values).with_options(own)


def _plain(value: object) -> object:
    return value.value if isinstance(value, Enum) else value
