"""The kinds of game the console plays, each one folder behind one protocol (``console.games.kind.GameKind``).

A third kind of game is one more folder and one more line in ``KINDS``. A person who plays its
hidden side on the handheld needs nothing new there either: the kind tells the handheld what to
show, in its own words, through the conversation every kind shares (``console.games.handheld``).

>>> find_kind("beginner") is CLASSIC
True
>>> len(editions()) == sum(len(kind.editions) for kind in KINDS)
True
"""

from __future__ import annotations

from typing import Any

from console.games.classic import CLASSIC
from console.games.junior import JUNIOR
from console.games.kind import GameKind
from console.settings import GameSettings, Option
from hardware.config import ConfigError

KINDS: tuple[GameKind, ...] = (CLASSIC, JUNIOR)
"""Every kind of game, in the order the setup's first row offers their editions."""


def kinds() -> tuple[GameKind, ...]:
    """Every kind of game, as registered in ``KINDS`` when asked (a test may register one more)."""
    return KINDS


def editions() -> tuple[str, ...]:
    """Every edition of every kind: what the config file's ``edition`` and the setup's first row may be."""
    return tuple(edition for kind in kinds() for edition in kind.editions)


def find_kind(edition: str) -> GameKind:
    """The kind of game that offers *edition*; a ``ConfigError`` naming the setting for one no kind offers."""
    for kind in kinds():
        if edition in kind.editions:
            return kind
    raise ConfigError(f"game.edition: must be one of {', '.join(editions())}, not {edition!r}")


def options() -> tuple[Option[Any], ...]:
    """Every kind's own settings: the config file, the preferences and the journal hold them all, whatever the edition."""
    return tuple(option for kind in kinds() for option in kind.options)


def check(settings: GameSettings) -> GameSettings:
    """*settings* if their kind of game can play them, else a ``ConfigError`` naming the setting.

    Each kind's own settings are checked first whatever the edition (``Option.check``): they are remembered for their
    kind, so a value no kind has (a typo) is refused even while another kind is chosen.
    """
    for option in options():
        option.check(option.of(settings))
    return find_kind(settings.edition).check(settings)


def fresh(settings: GameSettings) -> GameSettings:
    """*settings* with the kinds' own settings that follow the table (``Option.follows_table``) back at it: a setup entered
    from another kind's starts there."""
    return settings.with_options({option: option.default for option in options() if option.follows_table})


def only_own(kind: GameKind, settings: GameSettings) -> GameSettings:
    """*settings* with every other kind's own settings at their defaults: a game of *kind* is journaled and remembered with
    only what it is played with."""
    return settings.with_options({option: option.default for option in options() if option not in kind.options})


__all__ = ["CLASSIC", "KINDS", "GameKind", "check", "editions", "find_kind", "fresh", "kinds", "only_own", "options"]
