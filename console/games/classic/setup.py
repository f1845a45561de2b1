"""A Scotland Yard game's settings: its own (detectives, bobbies, five reveals), their checks, and its rows of the New game menu.

The editions (``engine.EDITIONS``, and the console's quick game: ``QUICK``) set
how many players, detectives and bobbies a game may have; the players' choice of
detectives and bobbies stays "by the edition's table" (None; the files write 0
detectives and -1 bobbies) unless they step away from it.

>>> check(GameSettings(edition="beginner", players=6))
Traceback (most recent call last):
...
hardware.config.ConfigError: game.players: the beginner edition is for 2 to 5 players, not 6
>>> detectives_of(GameSettings(edition="reissue", players=3)), bobbies_of(GameSettings(edition="reissue", players=3))
(2, 2)
>>> bobbies_of(BOBBIES.set(GameSettings(edition="reissue", players=3), 0))
0
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from console.games.classic.balance import MEASURED, Remedy, Table, fairer, five_differs
from console.games.kind import seat_rows
from console.settings import GameSettings, Level, Option, Seat
from console.table.menu import Menu, Row, Setting
from engine import EDITIONS
from engine.ai import players
from engine.editions import BEGINNER, REISSUE, Ruleset, StartDeal
from engine.editions import FIVE_REVEALS as FIVE_REVEAL_MOVES
from hardware.config import ConfigError
from language import Text, _, np_, p_

LEVELS = tuple(Level(name) for name in players.LEVELS)
"""The computer players' levels (``engine.ai.players``)."""

QUICK = replace(BEGINNER, name="quick", length=10, reveal_moves=frozenset({3, 8}), start_deal=REISSUE.start_deal,
                detective_starts=REISSUE.detective_starts, mister_x_starts=REISSUE.mister_x_starts,
                description="A quick first game: the Beginner's Game in 10 rounds, reveals after moves 3 and 8, starts dealt.")
"""A first game of about twenty minutes: the Beginner's Game's rules in fewer rounds, its start stations dealt from the
reissue's cards (the Beginner's Game's are always the same). A custom ruleset: the editions stay as they are; a game keeps
its ruleset in its journal and record, so it resumes and replays as it was played."""
RULESETS: dict[str, Ruleset] = {**EDITIONS, QUICK.name: QUICK}
"""Every edition the setup offers, by its name (the config file's ``edition``)."""

DETECTIVES = Option[int | None]("detectives", None, int, none_as=0, follows_table=True)
"""Detective pieces; None: one a player besides Mister X, at least the edition's minimum."""
BOBBIES = Option[int | None]("bobbies", None, int, none_as=-1, follows_table=True)
"""Bobby pieces; None: the edition's table for the number of players."""
FIVE_REVEALS = Option[bool]("five_reveals", False, bool)
"""Use the five-reveal schedule (3, 8, 13, 18, 24) of other printings."""
OPTIONS = (DETECTIVES, BOBBIES, FIVE_REVEALS)


def first_game(settings: GameSettings) -> GameSettings:
    """The start menu's Quick game over the console's *settings*: ``QUICK``, its pieces by its table, and the newcomer is Mister X,
    against the computer's easy detectives (in the simulator, which has no pieces to move by hand, they move themselves).

    ``python -m benchmarks.first_game``: a newcomer who plays as people learning the game do (the very easy level's Mister X)
    wins half of the games against them, in about 19 minutes at two minutes a move.
    """
    quick = replace(settings, edition=QUICK.name, mister_x=Seat.HANDHELD, detectives_by=Seat.COMPUTER, level=Level.EASY)
    return quick.with_options({DETECTIVES: None, BOBBIES: None, FIVE_REVEALS: False})


def detectives_of(settings: GameSettings) -> int:
    """The detectives a game of these settings has."""
    return DETECTIVES.of(settings) or RULESETS[settings.edition].detectives_for(settings.players)


def bobbies_of(settings: GameSettings) -> int:
    """The bobbies a game of these settings has."""
    bobbies = BOBBIES.of(settings)
    return bobbies if bobbies is not None else RULESETS[settings.edition].bobbies_for(settings.players)


def spare_starts(ruleset: Ruleset, detectives: int) -> int:
    """Start stations left for bobbies beside *detectives* (a shared deck keeps one for Mister X's card)."""
    return len(ruleset.detective_starts) - detectives - (ruleset.start_deal is StartDeal.SHARED)


def table_of(settings: GameSettings) -> Table:
    """The table a game of *settings* is played at (``console.games.classic.balance``)."""
    ruleset = RULESETS[settings.edition]
    return Table(settings.edition, detectives_of(settings), bobbies_of(settings), FIVE_REVEALS.of(settings) and five_differs(ruleset))


def check(settings: GameSettings) -> GameSettings:
    """*settings* if the edition can be played with them, else a ``ConfigError`` naming the setting."""
    ruleset = RULESETS[settings.edition]
    low, high = ruleset.players
    if not low <= settings.players <= high:
        raise ConfigError(f"game.players: the {settings.edition} edition is for {low} to {high} players, not {settings.players}")
    detectives, bobbies = DETECTIVES.of(settings), BOBBIES.of(settings)
    if detectives is not None and not ruleset.min_detectives <= detectives <= ruleset.max_detectives:
        raise ConfigError(f"game.detectives: the {settings.edition} edition has {ruleset.min_detectives} to "
                          f"{ruleset.max_detectives} detectives (0: by the number of players), not {detectives}")
    spare = spare_starts(ruleset, detectives_of(settings))
    if bobbies is not None and not 0 <= bobbies <= spare:
        raise ConfigError(f"game.bobbies: 0 to {spare} bobbies fit beside {detectives_of(settings)} detectives "
                          f"(-1: the edition's table), not {bobbies}")
    if settings.level not in LEVELS:
        raise ConfigError(f"game.level: must be one of {', '.join(level.value for level in LEVELS)}, not {settings.level.value!r}")
    return settings


def _numbers(low: int, high: int) -> tuple[int, ...]:
    return tuple(range(low, high + 1))


def _moves(moves: frozenset[int]) -> str:
    return ", ".join(str(move) for move in sorted(moves))


class ClassicSetup:
    """The rows of a Scotland Yard game's setup: reveals, players, detectives, bobbies, who plays, and the table's balance."""

    title = p_("title", "New game")
    start = p_("row", "Deal the start stations")

    def __init__(self, settings: GameSettings) -> None:
        low, high = RULESETS[settings.edition].players
        self.settings = replace(settings, players=min(max(settings.players, low), high))
        if self.settings.level not in LEVELS:
            self.settings = replace(self.settings, level=Level.NORMAL)
        self._changed: Callable[[str, Any], None] | None = None

    def rows(self, changed: Callable[[str, Any], None]) -> list[Row]:
        self._changed = changed
        return [*self._fitted(self.settings, changed), *seat_rows(p_("row", "Mister X is"), p_("row", "Detectives are"), LEVELS, changed),
                balance_row(table_of(self.settings))]

    def values(self) -> dict[str, Any]:
        settings = self.settings
        return {"five_reveals": FIVE_REVEALS.of(settings), "players": settings.players, "detectives": detectives_of(settings),
                "bobbies": bobbies_of(settings), "mister_x": settings.mister_x, "detectives_by": settings.detectives_by,
                "level": settings.level}

    def changed(self, menu: Menu, key: str) -> None:
        """Fit the rows whose range depends on the edition and the players (detectives and bobbies follow the table
        again, unless it was they that were stepped)."""
        if key not in ("edition", "five_reveals", "players", "detectives", "bobbies"):
            return
        edition = menu.value("edition")
        ruleset = RULESETS[edition]
        low, high = ruleset.players
        chosen = FIVE_REVEALS.set(GameSettings(edition=edition, players=min(max(menu.value("players"), low), high)),
                                  menu.value("five_reveals"))
        if key in ("detectives", "bobbies"):  # a choice away from the table; players set them back to it
            chosen = DETECTIVES.set(chosen, menu.value("detectives"))
            chosen = BOBBIES.set(chosen, min(menu.value("bobbies"), spare_starts(ruleset, detectives_of(chosen))))
        for row in (*self._fitted(chosen, self._changed), balance_row(table_of(chosen))):
            menu.replace_row(row)
        menu.values |= {"players": chosen.players, "detectives": detectives_of(chosen), "bobbies": bobbies_of(chosen)}

    def chosen(self, base: GameSettings, values: Mapping[str, Any]) -> GameSettings:
        game = replace(base, edition=values["edition"], players=values["players"], mister_x=values["mister_x"],
                       detectives_by=values["detectives_by"], level=values["level"])
        game = game.with_options({FIVE_REVEALS: values["five_reveals"], DETECTIVES: None, BOBBIES: None})
        if values["detectives"] != detectives_of(game):
            game = DETECTIVES.set(game, values["detectives"])
        if values["bobbies"] != bobbies_of(game):
            game = BOBBIES.set(game, values["bobbies"])
        return game

    @staticmethod
    def _fitted(settings: GameSettings, changed: Callable[[str, Any], None] | None) -> list[Setting]:
        """The rows whose values depend on the edition and the players."""
        ruleset = RULESETS[settings.edition]
        low, high = ruleset.players
        spare = spare_starts(ruleset, detectives_of(settings))
        own = _moves(ruleset.reveal_moves)
        after = [p_("value", "after moves {moves}", moves=moves) for moves in (own, _moves(FIVE_REVEAL_MOVES))]
        return [
            Setting("five_reveals", p_("row", "Mister X shows himself"), (False, True), tuple(after), changed),
            Setting("players", p_("row", "Players (Mister X too)"), _numbers(low, high), (), changed),
            Setting("detectives", p_("row", "Detectives"), _numbers(ruleset.min_detectives, ruleset.max_detectives), (), changed),
            Setting("bobbies", p_("row", "Bobbies"), _numbers(0, spare), (), changed),
        ]


def balance_row(table: Table) -> Setting:
    """The setup's balance row: how often Mister X wins at *table* between equal players, measured; its note (the
    message bar, with the cursor on it) says what would make a lopsided table fairer."""
    label = p_("row", "Mister X wins")
    measured = MEASURED.get(table)
    if measured is None:
        return Setting("balance", label, (table,), (p_("value", "not measured"),),
                       about=(_("No figure for this table: it has more bobbies than were measured"),))
    shown = {0: p_("value", "hardly ever"), 10: p_("value", "nearly always")}.get(
        measured.tenths, p_("value", "about {wins} in 10", wins=measured.tenths))
    remedies = fairer(table)
    if not measured.lopsided:
        about = _("Measured between equal players: about even")
    elif not remedies:
        about = _("Measured between equal players: one side wins most games, and no one change here makes it fairer")
    elif len(remedies) == 1:
        about = _("Fairer: {change} (Mister X wins about {wins} in 10)", change=_change(table, remedies[0]),
                  wins=remedies[0].measured.tenths)
    else:
        first, second = remedies
        about = _("Fairer: {first} ({first_wins} in 10), or {second} ({second_wins} in 10)", first=_change(table, first),
                  first_wins=first.measured.tenths, second=_change(table, second), second_wins=second.measured.tenths)
    return Setting("balance", label, (table,), (shown,), about=(about,))


def _change(table: Table, remedy: Remedy) -> Text:
    """What *remedy* changes of *table*, as the setup's rows would set it."""
    to = remedy.table
    if to.bobbies != table.bobbies:
        return np_("change", "{n} bobby", "{n} bobbies", to.bobbies)
    if to.detectives != table.detectives:
        return np_("change", "{n} detective", "{n} detectives", to.detectives)
    moves = FIVE_REVEAL_MOVES if to.five_reveals else RULESETS[table.edition].reveal_moves
    return p_("change", "reveals after moves {moves}", moves=_moves(moves))
