"""The console's loop: hardware events in, one activity deciding, lights and screen out.

One loop owns the board. Each step drains the inputs into the activity (a
game's ``Flow``, or the whole ``console.program.Program`` with its menus), one
event at a time, then has it shown: the LED frame and the screen picture are
pure functions of the public view and the flow's ``Ui`` (or a menu's
``MenuUi``), so nothing secret can reach them. The screen is redrawn only when
something changed or an animation runs.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

from console.junior_lights import junior_frame
from console.junior_model import Celebration, JuniorUi
from console.junior_screen import draw_junior
from console.lights import STANDARD, Palette, attract_frame, board_frame
from console.menu import MenuUi
from console.model import Flash, Ui
from console.screen_render import ScreenRenderer
from engine import london
from engine.junior import JuniorView
from engine.views import PublicView
from hardware.interfaces import Colour, Hardware, Key, KeyPressed, Message, Station, StationPressed, StationStuck

FRAME_SECONDS = 1 / 30
UNPLUGGED_AFTER_S = 1.0
"""The handheld counts as gone once its link has been down this long (a new game's handshake is not a pause)."""


class Presenter:
    """Shows the board and the screen: the LED frame on every call, the screen only when it changed."""

    def __init__(self, hardware: Hardware, palette: Palette = STANDARD) -> None:
        self.hardware = hardware
        self.stations = london().stations
        """Every station of the board (the idle lights sweep over them)."""
        self.palette = palette
        self.renderer = ScreenRenderer(hardware.screen.surface.get_size())
        self._drawn: object = None
        self._animating = False
        """The screen drawn last showed an animation (so it is drawn once more when the animation ends)."""

    def show(self, view: PublicView, ui: Ui, now: float) -> None:
        """A game: its lights and its screen."""
        self.hardware.leds.show(board_frame(view, ui, now, self.palette))
        if self._stale((view, ui), now, ui.refused, ui.reveal):
            self.renderer.draw(self.hardware.screen.surface, view, ui, now)
            self._present((view, ui))

    def show_junior(self, view: JuniorView, ui: JuniorUi, now: float) -> None:
        """A Junior game: its lights and its screen."""
        self.hardware.leds.show(junior_frame(view, ui, now, self.palette))
        if self._stale((view, ui), now, ui.refused, ui.celebration):
            draw_junior(self.renderer, self.hardware.screen.surface, view, ui, now)
            self._present((view, ui))

    def show_menu(self, menu: MenuUi, now: float, game: GameLights | None = None) -> None:
        """A menu on the screen; the board shows the *game* the menu is over, or the idle lights."""
        if game is None:
            self.hardware.leds.show(attract_frame(now, self.stations, self.palette))
        else:
            self.hardware.leds.show(game.lights(now, self.palette))
        if self._drawn != menu:
            self.renderer.draw_menu(self.hardware.screen.surface, menu)
            self._present(menu)

    def show_lines(self, title: str, lines: tuple[str, ...]) -> None:
        """A page of text (a running hardware test); the lights are the caller's."""
        self.renderer.draw_lines(self.hardware.screen.surface, title, lines)
        self._present((title, lines))

    def _stale(self, shown: object, now: float, *animations: Flash | Celebration | None) -> bool:
        """Whether the screen must be drawn: *shown* changed, an animation runs, or one has just ended (its last look goes)."""
        animating = any(a is not None and now < a.since + a.seconds for a in animations)
        stale = animating or self._animating or self._drawn != shown
        self._animating = animating
        return stale

    def _present(self, drawn: object) -> None:
        self.hardware.screen.present()
        self._drawn = drawn


class GameLights(Protocol):
    """A game behind a menu: its lights stay on the board (a main game's ``Flow`` or a ``JuniorFlow``)."""

    def lights(self, now: float, palette: Palette) -> dict[Station, Colour]: ...


class Activity(Protocol):
    """What the loop feeds and shows: a game's flow, or the console's whole program."""

    def station_pressed(self, station: Station, now: float) -> None: ...

    def key_pressed(self, key: Key, now: float) -> None: ...

    def handheld_message(self, message: Message, now: float) -> None: ...

    def handheld_connected(self, connected: bool, now: float) -> None: ...

    def button_stuck(self, station: Station, now: float) -> None: ...

    def tick(self, now: float) -> None:
        """Every frame, after the inputs (a computer player's move arrives here)."""

    def present(self, presenter: Presenter, now: float) -> None: ...


class Console:
    def __init__(self, hardware: Hardware, activity: Activity, *, palette: Palette = STANDARD,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.hardware = hardware
        self.activity = activity
        self.clock = clock
        self.presenter = Presenter(hardware, palette)
        self._connected = hardware.handheld.connected
        self._lost_since: float | None = None
        if not self._connected:
            activity.handheld_connected(False, clock())

    def step(self) -> None:
        """Handle every waiting input, then show the game."""
        now = self.clock()
        activity = self.activity
        for event in self.hardware.station_buttons.poll():
            if isinstance(event, StationPressed):
                activity.station_pressed(event.station, now)
            elif isinstance(event, StationStuck):
                activity.button_stuck(event.station, now)
        for key in self.hardware.controls.poll():
            if isinstance(key, KeyPressed):
                activity.key_pressed(key.key, now)
        link = self.hardware.handheld
        connected = link.connected
        if connected or self._lost_since is None:
            self._lost_since = None if connected else now
        there = connected or (self._connected and now - (self._lost_since or now) < UNPLUGGED_AFTER_S)
        if there != self._connected:
            self._connected = there
            activity.handheld_connected(there, now)
        for message in link.receive():
            activity.handheld_message(message, now)
        activity.tick(now)
        self.show(now)

    def show(self, now: float) -> None:
        self.activity.present(self.presenter, now)

    def run(self, should_stop: Callable[[], bool] = lambda: False, sleep: Callable[[float], None] = time.sleep) -> None:
        """Step at most 30 times a second until *should_stop*."""
        while not should_stop():
            started = self.clock()
            self.step()
            sleep(max(0.0, FRAME_SECONDS - (self.clock() - started)))
