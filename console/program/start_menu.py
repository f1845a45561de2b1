"""The start menu: where the console opens, and where every other screen comes back to.

It offers the interrupted game first if there is one (the journal's, read
once when the program starts), so a single CONFIRM takes the table back to
where it was; then a new game, learn to play, each kind's quick first game,
the past games (once one is filed), the settings, the hardware test, and shut
down (quit, on a PC).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from console.games import kinds
from console.program.activity import MenuActivity
from console.program.hardware_test import HardwareTest
from console.program.learn_menu import LearnMenu
from console.program.new_game import NewGame
from console.program.past_games import history, open_past_games
from console.program.playing import play
from console.program.power_off import off_row
from console.program.settings_menu import SettingsMenu
from console.records.history import any_filed
from console.settings import GameSettings
from console.table.menu import Action, Menu, Row
from language import Words, _, p_

if TYPE_CHECKING:
    from console.program.host import Host


class StartMenu(MenuActivity):
    """The start menu; *note* is said on it (how the last screen ended, a problem at start)."""

    def __init__(self, host: Host, note: Words = "") -> None:
        self.host = host
        rows: list[Row] = [Action(p_("row", "New game"), lambda now: host.open(NewGame(host))),
                           Action(p_("row", "Learn to play"), lambda now: host.open(LearnMenu(host)))]
        rows += [self._quick_game_row(kind.first_game) for kind in kinds() if kind.first_game is not None]
        if any_filed(history(host)):
            rows.append(Action(p_("row", "Past games"), lambda now: open_past_games(host)))
        rows += [Action(p_("row", "Settings"), lambda now: host.open(SettingsMenu(host))), Action(p_("row", "Hardware test"), self._test),
                 off_row(host)]
        message = note
        if host.kept is not None:
            rows.insert(0, Action(p_("row", "Resume: {game}", game=host.kept.kind.describe(host.kept.game)),
                                  lambda now: play(host, fresh=False, now=now)))
            message = message or _("A game was interrupted: CONFIRM resumes it")
        super().__init__(Menu(p_("title", "Scotland Yard"), rows, message=message), host.stations)

    def _quick_game_row(self, first_game: Callable[[GameSettings], GameSettings]) -> Action:
        return Action(p_("row", "Quick game"), lambda now: self.host.open(NewGame.quick(self.host, first_game)))

    def _test(self, now: float) -> None:
        self.host.open(HardwareTest(self.host.stations, now, over=self.host.home))
