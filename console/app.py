"""The console's loop: hardware events in, one activity deciding, lights and screen out.

One loop owns the board. Each step drains the inputs into the activity (the
whole ``console.program.Program``, which hands them to the activity on top of
its stack; or a lone replay), one event at a time, then has it shown: the activity hands the ``Presenter`` a
``Scene``, whose LED frame and screen picture are pure functions of public
data (a game's public view and its flow's state, a menu), so nothing secret
can reach them. The screen is redrawn only when the scene changed or an
animation runs.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar

from console.lights import STANDARD, Palette
from console.menu import Menu
from console.scene import Scene
from console.screen.menu import MenuScene
from console.screen.toolkit import Toolkit
from hardware.interfaces import HandheldLink, Hardware, Key, KeyPressed, Message, Station, StationPressed, StationStuck
from hardware.language import Words, _, current

if TYPE_CHECKING:
    from console.sounds import Sounds

FRAME_SECONDS = 1 / 30
UNPLUGGED_AFTER_S = 1.0
"""The handheld counts as gone once its link has been down this long (a new game's handshake is not a pause)."""


class Presenter:
    """Shows scenes: the LED frame on every call, the screen only when it changed."""

    def __init__(self, hardware: Hardware, palette: Palette = STANDARD) -> None:
        self.hardware = hardware
        self.palette = palette
        self.kit = Toolkit(hardware.screen.surface.get_size())
        self.warning: Words = ""
        """Shown over every scene while set (the game is not being saved, and why)."""
        self._drawn: object = None
        self._animating = False
        """The screen drawn last showed an animation (so it is drawn once more when the animation ends)."""

    def show(self, scene: Scene, now: float) -> None:
        self.hardware.leds.show(scene.lights(now, self.palette))
        animating = scene.animating(now)
        drawn = (scene, self.warning, current())
        if animating or self._animating or self._drawn != drawn:
            surface = self.hardware.screen.surface
            scene.draw(self.kit, surface, now, self.palette)
            if self.warning:
                self.kit.warning_bar(surface, self.warning)
            self.hardware.screen.present()
            self._drawn = drawn
        self._animating = animating


class Activity:
    """Something the console is doing: a menu, a game, a lesson, a replay, the hardware test.

    The loop feeds one activity (the program, which hands each event to the activity on top of its stack); each
    activity takes the events it has a use for and ignores the rest, and shows itself (``scene``). These defaults
    ignore everything and show nothing.
    """

    pauses_when_covered: ClassVar[bool] = False
    """Whether it stands still while something covers it (a replay under the power button's question); a game goes on."""

    @property
    def status(self) -> str:
        """What the console is doing while this is on top, in public words (systemd's status line): never a secret."""
        return "Start menu"

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


class Console:
    def __init__(self, hardware: Hardware, activity: Activity, *, palette: Palette = STANDARD,
                 clock: Callable[[], float] = time.monotonic, on_power: Callable[[bool, float], None] | None = None) -> None:
        """*on_power(held, now)*: the power button's presses (ignored without it: only the program can shut down)."""
        self.hardware = hardware
        self.activity = activity
        self.clock = clock
        self.on_power = on_power
        self.presenter = Presenter(hardware, palette)
        self.link = hardware.handheld
        """The handheld link the loop polls: the hardware's, or a phone game's (``use_link``)."""
        self._connected = self.link.connected
        self._lost_since: float | None = None
        if not self._connected:
            activity.handheld_connected(False, clock())

    def use_link(self, link: HandheldLink) -> bool:
        """Poll *link* from now on (a phone game's, then the hardware's again); whether it counts as there.

        Another link counts as it is now, with no event for the change; the same link keeps its state (a new game's
        handshake is not a pause).
        """
        if link is not self.link:
            self.link = link
            self._connected = link.connected
            self._lost_since = None
        return self._connected

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
        for press in self.hardware.power.poll():
            if self.on_power is not None:
                self.on_power(press.held, now)
        link = self.link
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

    def run(self, should_stop: Callable[[], bool] = lambda: False, sleep: Callable[[float], None] = time.sleep,
            each_frame: Callable[[], None] | None = None) -> None:
        """Step at most 30 times a second until *should_stop*; *each_frame* runs after every step (the watchdog's pings)."""
        while not should_stop():
            started = self.clock()
            self.step()
            if each_frame is not None:
                each_frame()
            sleep(max(0.0, FRAME_SECONDS - (self.clock() - started)))


class MenuActivity(Activity):
    """A menu on top: the control keys work it; over an activity (*under*: a game, a lesson) it covers the screen, while
    the board keeps showing what is under it and that goes on (its handheld, its computer player, its clock)."""

    def __init__(self, menu: Menu, stations: Sequence[Station], under: Activity | None = None) -> None:
        self.menu = menu
        self.stations = stations
        self.under = under

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

    def scene(self) -> MenuScene:
        return MenuScene(self.menu.ui, self.stations, self.under.scene() if self.under is not None else None)
