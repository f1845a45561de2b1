"""The menus' remembered choices (``preferences.json`` in the data folder), and settings read from plain data, checked.

Settings come as plain data from the config file's ``[game]`` section, from
the preferences file and from a game's journal; ``game_settings`` reads any of
them the same way, refusing a bad value by its key and the allowed values.
Each kind's own settings (``console.games.options``) are read, checked and
remembered beside the shared ones, by the type and the checks their kind declares.

The menus' choices are remembered in the data folder's ``preferences.json``
(``save_preferences``), versioned like the config file. A file a newer console
wrote is not used and not written over: the choices made meanwhile hold until
the console stops. A file this console cannot use (damaged, or holding a bad
value) is not used either, and the next save sets it aside as
``preferences.json.unusable-<n>`` before it writes the new one: never written over.
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from console import games
from console.records.storage import replace_private
from console.settings import (
    SHARED,
    SOUND_CHOICES,
    VOLUME_STEPS,
    GameSettings,
    Level,
    PaletteName,
    Seat,
    settings_from_dict,
    settings_to_dict,
)
from engine.versions import Versions
from hardware.config import ConfigError, typed, unknown_setting
from hardware.files import aside
from language import LANGUAGES, Words, _

log = logging.getLogger(__name__)


def _words(*choices: Enum) -> tuple[str, ...]:
    """The words the config file writes for *choices*."""
    return tuple(str(choice.value) for choice in choices)


_CHOICES: dict[str, tuple[str, ...]] = {
    "mister_x": _words(Seat.HANDHELD, Seat.COMPUTER, Seat.PHONE),
    "detectives_by": _words(Seat.PEOPLE, Seat.COMPUTER),
    "level": _words(*Level),
    "palette": _words(*PaletteName),
    "language": tuple(LANGUAGES),
}
"""The settings chosen from a few words, and the words allowed (besides the setting's default, which a journal or the
preferences file may write: ``language = ""``, the system's)."""


def game_settings(name: str, data: dict[str, Any], base: GameSettings | None = None) -> GameSettings:
    """The settings *data* sets over *base*, checked; errors name the setting as *name* then its key ("game." + "level")."""
    options = games.options()
    known = {key: type(getattr(GameSettings(), key)) for key in SHARED} | {option.key: option.written for option in options}
    defaults = settings_to_dict(GameSettings(), options)
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key not in known:
            raise unknown_setting(f"{name}{key}", list(known))
        if key in _CHOICES:
            if value not in _CHOICES[key] and value != defaults[key]:
                raise ConfigError(f"{name}{key}: must be one of {', '.join(_CHOICES[key])}, not {value!r}")
        else:
            typed(f"{name}{key}", value, known[key])
            if key == "volume" and not 0 <= value <= VOLUME_STEPS:
                raise ConfigError(f"{name}volume: must be 0 to {VOLUME_STEPS}, not {value}")
        values[key] = value
    return games.check(settings_from_dict(settings_to_dict(base or GameSettings(), options) | values, options))


PREFERENCES = "preferences.json"
"""In the data folder: the choices last made on the console's menus, which win over the config file's [game] values."""
UNUSABLE = "unusable"
"""A preferences file this console cannot use is set aside as ``preferences.json.unusable-<n>`` at the next save."""
PREFERENCES_VERSIONS = Versions("a preferences file", current=5)
"""The file's ``version``: none is 1 (the file had none before), written with it at the next save; 2 holds sound choices,
3 the beginner hints too, 4 Mister X on a phone (``mister_x = "phone"``), 5 the language.

A file is written in the lowest version that holds what it says: 1 unless an optional choice differs from its
default, so a console from before them (rolled back) reads it, and refuses (and keeps) one that holds them."""
_SHARED_REMEMBERED = ("edition", "players", "mister_x", "detectives_by", "level", "assist", "hints", "palette", *SOUND_CHOICES, "language")
"""The shared settings the menus choose; every kind's own are remembered too (``_remembered``)."""


def _remembered() -> tuple[str, ...]:
    """The keys the file holds: the shared settings the menus choose, and every kind's own, each always written (a kind
    that comes with a new console is a new version of the file for the consoles before it: the version goes up with it)."""
    return (*_SHARED_REMEMBERED, *(option.key for option in games.options()))


PHONE_VERSION = 4
"""The preferences' version that first holds ``mister_x = "phone"``: an older console keeps such a file, unread."""
_OPTIONAL = {**dict.fromkeys(SOUND_CHOICES, 2), "hints": 3, "language": 5}
"""Remembered choices added after version 1, by the version that added them: written only when not their default (a
file without them means their defaults)."""


def save_preferences(game: GameSettings) -> Words:
    """Remember the menus' choices for the next start; empty, or what the players should know (why they hold only until the
    console stops, or where an unusable file was set aside).

    The file is written whole, then renamed into place (``OSError`` if the
    disk refuses); a newer console's file is kept as it is instead, and one this
    console cannot use is first set aside (``UNUSABLE``).
    """
    path = game.data_path / PREFERENCES
    kept_as: Path | None = None
    if path.exists() or path.is_symlink():
        refusal = _check(game, path)[1]
        if refusal is not None and refusal.newer:
            return _("Your choices hold until the console stops: the saved ones are kept ({why})", why=refusal.why)
        if refusal is not None:
            kept_as = aside(path, UNUSABLE)
            os.rename(path, kept_as)
            log.warning("the unusable %s was set aside as %s", path, kept_as.name)
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    options = games.options()
    defaults = settings_to_dict(GameSettings(), options)
    remembered = {key: value for key, value in settings_to_dict(game, options).items()
                  if key in _remembered() and not (key in _OPTIONAL and value == defaults[key])}
    versions = [PREFERENCES_VERSIONS.oldest, *(_OPTIONAL[key] for key in remembered if key in _OPTIONAL)]
    if remembered.get("mister_x") == Seat.PHONE.value:
        versions.append(PHONE_VERSION)
    data = {"version": max(versions), **remembered}
    replace_private(path, (json.dumps(data, indent=1) + "\n").encode("utf-8"))
    if kept_as is not None:
        return _("Your choices are saved; the unusable file they replace is kept as {name}", name=kept_as.name)
    return ""


def load_preferences(game: GameSettings) -> tuple[GameSettings, Words]:
    """*game* with the remembered choices over it, and a note if they could not be used (they are then ignored).

    A note is the players' words; the refusal it quotes names the file's keys in English, as the config file's do.
    """
    chosen, refusal = _check(game, game.data_path / PREFERENCES)
    return chosen, refusal.note if refusal is not None else ""


@dataclass(frozen=True)
class _Refusal:
    """Why the preferences file is not used, as the players are told."""

    note: Words
    newer: bool = False
    """A newer console's file: kept, never written over."""
    why: str = ""


def _check(game: GameSettings, path: Path) -> tuple[GameSettings, _Refusal | None]:
    """*game* with the file's choices over it, or *game* and why the file is not used (None: it is used, or there is none)."""
    try:
        data = _read(path)
    except FileNotFoundError:
        return game, None
    except (OSError, ValueError, RecursionError) as error:  # a folder, not JSON, or nested past the parser's depth
        return game, _Refusal(_("The menus' saved choices were unreadable and are not used ({why})", why=str(error)))
    newer = _newer(data)
    if newer:
        return game, _Refusal(_("The menus' saved choices are kept but not used ({why}): choices made now hold until the console stops",
                                why=newer), newer=True, why=newer)
    try:
        if not isinstance(data, dict) or set(data) - {"version", *_remembered()}:
            raise ConfigError(f"expected the keys version, {', '.join(_remembered())}")
        remembered = dict(data)
        PREFERENCES_VERSIONS.check(remembered.pop("version", PREFERENCES_VERSIONS.oldest), ConfigError)
        return game_settings(f"{PREFERENCES}: ", remembered, game), None
    except ConfigError as error:
        return game, _Refusal(_("The menus' saved choices are not used: {why}", why=str(error)))


def _read(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def _newer(data: Any) -> str:
    """Why saved choices are a newer console's (kept, never written over); empty if they are not."""
    version = data.get("version") if isinstance(data, dict) else None
    return PREFERENCES_VERSIONS.refusal(version) if PREFERENCES_VERSIONS.is_newer(version) else ""
