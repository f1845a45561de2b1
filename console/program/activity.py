"""What the console is doing: an activity gets the loop's events while it is on top of the program's stack, and shows itself.

Every screen is an ``Activity`` of its own class: the start menu and the menus
it leads to (each its own module of ``console.program``), a game, a lesson, a
replay, the hardware test, a game's menu over the game, the power button's
question. A menu over another activity (``MenuActivity``) covers the screen
while the board shows what is under it, and that goes on.

The program treats them all alike: what one does differently (keeping its game
when the console switches off, letting go of a phone's page when the program
stops, taking a note on its menu) is one of the hooks below, which the others
leave as they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from console.table.menu import Menu
from console.table.presenter import Presenter
from console.table.scene import Scene
from console.table.screen.menu import MenuScene
from hardware.interfaces import Key, Message, Station
from language import Words, _

if TYPE_CHECKING:
    from console.table.sounds import Sounds


class Activity:
    """Something the console is doing: a menu, a game, a lesson, a replay, the hardware test.

    The loop feeds one activity (the program, which hands each event to the activity on top of its stack); each
    activity takes the events it has a use for and ignores the rest, and shows itself (``scene``). These defaults
    ignore everything and show nothing.
    """

    pauses_when_covered: ClassVar[bool] = False
    """Whether it stands still while something covers it (a replay under the power button's question); a game goes on."""
    power_asks_over: ClassVar[bool] = True
    """A short press of the power button asks its question over this (not over the question itself)."""

    @property
    def status(self) -> str:
        """What the console is doing while this is on top, in public words (systemd's status line): never a secret."""
        return "Start menu"

    @property
    def menu(self) -> Menu | None:
        """The menu it shows, if it is one (the control keys work it)."""
        return None

    def station_pressed(self, station: Station, now: float) -> None:
        pass

    def key_pressed(self, key: Key, now: float) -> None:
        pass

    def handheld_message(self, message: Message, now: float) -> None:
        pass

    def handheld_connected(self, connected: bool, now: float) -> None:
        pass

    def button_stuck(self, station: Station, now: float) -> None:
        pass

    def tick(self, now: float) -> None:
        """Every frame, after the inputs (a computer player's move arrives here)."""

    def scene(self) -> Scene | None:
        """What the board and the screen show now (None: nothing new)."""
        return None

    def present(self, presenter: Presenter, now: float) -> None:
        """Have the presenter show this activity (its ``scene``)."""
        scene = self.scene()
        if scene is not None:
            presenter.show(scene, now)

    def shown(self, sounds: Sounds) -> None:
        """Its news, heard as it is shown (a game's goes on behind a menu): nothing by default."""

    @property
    def warning(self) -> Words:
        """Shown over every scene while it is open (a game the disk refuses: why it is not saved)."""
        return ""

    @property
    def keeps_a_game(self) -> bool:
        """A game (or a lesson) is played here: switching off keeps it, and an update waits for it to end before it restarts."""
        return False

    def say(self, note: Words) -> None:
        """News for whoever is at the console (an update's progress): a menu shows it on its message bar; nothing else does."""

    def choice_changed(self, key: str, value: Any) -> None:
        """A setting changed from elsewhere (the mute chord): a menu with a row for it shows the new value."""

    def switched_off(self) -> None:
        """The console switches off with this open: a game is kept as the players left it."""

    def close(self) -> None:
        """The program stops (it is interrupted) with this open: what it holds is let go (a phone game's page)."""


class MenuActivity(Activity):
    """A menu on top: the control keys work it; over an activity (*under*: a game, a lesson) it covers the screen, while
    the board keeps showing what is under it and that goes on (its handheld, its computer player, its clock)."""

    def __init__(self, menu: Menu, stations: Sequence[Station], under: Activity | None = None) -> None:
        self._menu = menu
        self.stations = stations
        self.under = under

    @property
    def menu(self) -> Menu:
        return self._menu

    @property
    def status(self) -> str:
        """What the menu covers is what the console is doing (a game goes on under its menu)."""
        return self.under.status if self.under is not None else super().status

    def station_pressed(self, station: Station, now: float) -> None:
        self.menu.message = _("Use the keys beside the board (shown below)")

    def button_stuck(self, station: Station, now: float) -> None:
        self.menu.message = _("The button at station {station} is stuck: it is ignored until released", station=station)

    def key_pressed(self, key: Key, now: float) -> None:
        self.menu.key_pressed(key, now)

    def handheld_message(self, message: Message, now: float) -> None:
        if self.under is not None:
            self.under.handheld_message(message, now)

    def handheld_connected(self, connected: bool, now: float) -> None:
        if self.under is not None:
            self.under.handheld_connected(connected, now)

    def tick(self, now: float) -> None:
        if self.under is not None and not self.under.pauses_when_covered:
            self.under.tick(now)

    def say(self, note: Words) -> None:
        self.menu.message = note

    def choice_changed(self, key: str, value: Any) -> None:
        if key in self.menu.values:
            self.menu.values[key] = value

    def scene(self) -> MenuScene:
        return MenuScene(self.menu.ui, self.stations, self.under.scene() if self.under is not None else None)
