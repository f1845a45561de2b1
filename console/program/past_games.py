"""Past games: the filed games of the history folder, newest first, a page at a time; one replayed, or exported to a USB stick.

CONFIRM on a game opens its own menu: replay it on the board (``console.program.playback``:
any key skips to the end, another leaves, back to the list), or export it as
readable text to the USB stick (``console.appliance.export``). An unreadable
record says why instead. UNDO goes back: from a game to the list, from the
list to the start menu.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from console.appliance.export import export_to_stick
from console.program.activity import MenuActivity
from console.program.playback import Playback
from console.program.rows import BACK
from console.records.history import PastGame, filed, past_game
from console.records.storage import HISTORY
from console.table.menu import Action, Menu, Row
from language import _, p_

if TYPE_CHECKING:
    from console.program.host import Host

PAST_GAMES_PAGE = 5
"""Past games listed at a time (the screen's rows stay readable); the next ones are a row away."""


def history(host: Host) -> Path:
    """The history folder, where finished games are filed."""
    return host.choices.settings.data_path / HISTORY


def open_past_games(host: Host, page: int = 0, cursor: int | None = None) -> None:
    """Open the list at *page* (its cursor on row *cursor*: a game's, coming back from it); the start menu if none is left."""
    paths = filed(history(host))
    if paths:
        host.open(PastGames(host, paths, page, cursor))
    else:
        host.home()


class PastGames(MenuActivity):
    """A page of the filed games (*paths*, newest first), with rows to the newer and older pages."""

    def __init__(self, host: Host, paths: list[Path], page: int, cursor: int | None) -> None:
        self.host = host
        pages = -(-len(paths) // PAST_GAMES_PAGE)
        page = min(page, pages - 1)
        first = page * PAST_GAMES_PAGE
        shown = paths[first : first + PAST_GAMES_PAGE]
        rows: list[Row] = [Action(p_("row", "Newer games"), lambda now: open_past_games(host, page - 1))] if page > 0 else []
        rows += [self._game_row(past_game(path), page, len(rows) + index) for index, path in enumerate(shown)]
        if page < pages - 1:
            rows.append(Action(p_("row", "Older games"), lambda now: open_past_games(host, page + 1)))
        rows.append(Action(BACK, lambda now: host.home()))
        title = (p_("title", "Past games") if pages == 1
                 else p_("title", "Past games {first}-{last} of {count}", first=first + 1, last=first + len(shown), count=len(paths)))
        super().__init__(Menu(title, rows, cursor=int(page > 0) if cursor is None else cursor,
                              message=_("CONFIRM on a game: replay it, or export it to a USB stick"), back=lambda now: host.home()),
                         host.stations)

    def _game_row(self, game: PastGame, page: int, row: int) -> Action:
        return Action(game.label, lambda now: self._chosen(game, page, row))

    def _chosen(self, game: PastGame, page: int, row: int) -> None:
        if game.kind is None:
            self.menu.message = _("It cannot be replayed: {reason}", reason=game.problem)
        else:
            self.host.open(PastGameMenu(self.host, game, page, row))


class PastGameMenu(MenuActivity):
    """One past game: replay it, or export it as text to the USB stick; back to the list at its *page* and *row*."""

    def __init__(self, host: Host, game: PastGame, page: int, row: int) -> None:
        self.host = host
        self.game = game
        self.page, self.row = page, row
        rows: list[Row] = [Action(p_("row", "Replay"), self._replay), Action(p_("row", "Export to USB stick"), self._export),
                           Action(BACK, self._back)]
        super().__init__(Menu(game.label, rows, message=_("Replay: any key skips to the end, another leaves"), back=self._back),
                         host.stations)

    def _back(self, now: float) -> None:
        open_past_games(self.host, self.page, self.row)

    def _export(self, now: float) -> None:
        self.menu.message = export_to_stick(self.game.path, self.host.stick)

    def _replay(self, now: float) -> None:
        game = self.game
        assert game.kind is not None and game.game is not None
        self.host.open(Playback(game.kind, game.game, now, left=lambda: open_past_games(self.host, self.page, self.row)))
