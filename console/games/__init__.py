"""The kinds of game the console plays, each one folder behind one protocol (``console.games.kind.GameKind``).

A third kind of game is one more folder and one more line in ``KINDS``.

>>> find_kind("beginner") is CLASSIC
True
>>> len(editions()) == sum(len(kind.editions) for kind in KINDS)
True
"""

from __future__ import annotations

from console.games.classic import CLASSIC
from console.games.junior import JUNIOR
from console.games.kind import GameKind
from console.settings import GameSettings
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


def check(settings: GameSettings) -> GameSettings:
    """*settings* if their kind of game can play them, else a ``ConfigError`` naming the setting.

    A district is checked whatever the edition: it is remembered for the kind that has districts, so one no kind has
    (a typo) is refused even while another kind is chosen.
    """
    if settings.district:
        known = [district for kind in kinds() for district in kind.districts()]
        if settings.district not in known:
            raise ConfigError(f"game.district: must be one of {', '.join(known)} (or \"\" for the first), not {settings.district!r}")
    return find_kind(settings.edition).check(settings)


__all__ = ["CLASSIC", "KINDS", "GameKind", "check", "editions", "find_kind", "kinds"]
