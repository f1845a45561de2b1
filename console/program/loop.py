"""The console's loop: hardware events in, one activity deciding, lights and screen out.

One loop owns the board. Each step drains the inputs into the activity (the
whole ``console.program.program.Program``, which hands them to the activity on
top of its stack; or a lone replay), one event at a time, then has it shown
(``console.table.presenter.Presenter``).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from console.program.activity import Activity
from console.table.lights import STANDARD, Palette
from console.table.presenter import Presenter
from hardware.interfaces import HandheldLink, Hardware, KeyPressed, StationPressed, StationStuck

FRAME_SECONDS = 1 / 30
UNPLUGGED_AFTER_S = 1.0
"""The handheld counts as gone once its link has been down this long (a new game's handshake is not a pause)."""


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
