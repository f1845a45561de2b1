"""A Junior game's settings: its own (the district), their checks, and its rows of the New game menu (where, how many players, who plays).

>>> check(GameSettings(edition="junior", players=5))
Traceback (most recent call last):
...
hardware.config.ConfigError: game.players: Junior is for 2 to 4 players, not 5
>>> rogues_of(GameSettings(edition="junior", players=4))
2
>>> DISTRICT.check("soho")
Traceback (most recent call last):
...
hardware.config.ConfigError: game.district: must be one of central (or "" for the first), not 'soho'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from console.games.junior.words import district_words
from console.games.kind import seat_rows
from console.settings import GameSettings, Level, Option
from console.table.menu import Menu, Row, Setting
from engine.ai.junior import JUNIOR_LEVELS
from engine.junior import districts
from hardware.config import ConfigError
from language import Words, p_

EDITION = "junior"
"""Scotland Yard Junior: a game of its own (``engine.junior``), offered beside the editions."""
EDITIONS: dict[str, Words] = {EDITION: p_("value", "Junior")}
"""Its one edition, by the name the setup's first row gives it."""
PLAYERS = (2, 4)
"""Junior is for 2 to 4 players: 4 brings ROXy in as a second rogue."""
LEVELS = tuple(Level(name) for name in JUNIOR_LEVELS)
"""The computer players' levels (``engine.ai.junior``)."""


def _known(district: str) -> None:
    """A district of the shipped ones, or "" for the first: refused otherwise, whatever the edition (a typo in the config file)."""
    if district and district not in districts():
        raise ConfigError(f"game.district: must be one of {', '.join(districts())} (or \"\" for the first), not {district!r}")


DISTRICT = Option[str]("district", "", str, check=_known)
"""Where a game is played; empty: the first shipped district."""


def rogues_of(settings: GameSettings) -> int:
    """The rogues of a Junior game: Mister FOX, and ROXy too with 4 players."""
    return 2 if settings.players >= 4 else 1


def check(settings: GameSettings) -> GameSettings:
    low, high = PLAYERS
    if not low <= settings.players <= high:
        raise ConfigError(f"game.players: Junior is for {low} to {high} players, not {settings.players}")
    if settings.level not in LEVELS:
        raise ConfigError(f"game.level: must be one of {', '.join(level.value for level in LEVELS)}, not {settings.level.value!r}")
    return settings


class JuniorSetup:
    """The rows of a Junior game's setup: the district, the players (4: two rogues), who plays."""

    title: Words = p_("title", "New game: Junior")
    start: Words = p_("row", "Set up the pawns")

    def __init__(self, settings: GameSettings) -> None:
        self.settings = settings

    def rows(self, changed: Callable[[str, Any], None]) -> list[Row]:
        places = districts()
        return [
            Setting("district", p_("row", "Played in"), tuple(places), tuple(district_words(place) for place in places.values()), changed),
            Setting("players", p_("row", "Players (4: Mister FOX and ROXy)"), tuple(range(PLAYERS[0], PLAYERS[1] + 1)), (), changed),
            *seat_rows(p_("row", "The rogues are"), p_("row", "The detectives are"), LEVELS, changed),
        ]

    def values(self) -> dict[str, Any]:
        settings, (low, high) = self.settings, PLAYERS
        return {"district": DISTRICT.of(settings) or next(iter(districts())), "players": min(max(settings.players, low), high),
                "mister_x": settings.mister_x, "detectives_by": settings.detectives_by,
                "level": settings.level if settings.level in LEVELS else Level.NORMAL}

    def changed(self, menu: Menu, key: str) -> None:
        """No row depends on another."""

    def chosen(self, base: GameSettings, values: Mapping[str, Any]) -> GameSettings:
        return DISTRICT.set(replace(base, edition=EDITION, players=values["players"], mister_x=values["mister_x"],
                                    detectives_by=values["detectives_by"], level=values["level"]), values["district"])
