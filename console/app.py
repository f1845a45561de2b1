"""The console's loop: hardware events in, one flow deciding, lights and screen out.

One loop owns the game. Each step drains the inputs into the flow, one event at
a time, then shows the result: the LED frame and the screen picture are pure
functions of the public view and the flow's ``Ui``, so nothing secret can reach
them. The screen is redrawn only when something changed or an animation runs.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from console.flow import Flow
from console.lights import STANDARD, Palette, board_frame
from console.model import Ui
from console.screen_render import ScreenRenderer
from engine.views import PublicView
from hardware.interfaces import Hardware, KeyPressed, StationPressed, StationStuck

FRAME_SECONDS = 1 / 30


class Presenter:
    """Shows a public view and a ``Ui``: the LED frame on every call, the screen when it changed."""

    def __init__(self, hardware: Hardware, palette: Palette = STANDARD) -> None:
        self.hardware = hardware
        self.palette = palette
        self.renderer = ScreenRenderer(hardware.screen.surface.get_size())
        self._drawn: tuple[PublicView, Ui] | None = None

    def show(self, view: PublicView, ui: Ui, now: float) -> None:
        self.hardware.leds.show(board_frame(view, ui, now, self.palette))
        animating = any(flash is not None and now < flash.since + flash.seconds for flash in (ui.refused, ui.reveal))
        if animating or self._drawn != (view, ui):
            self.renderer.draw(self.hardware.screen.surface, view, ui, now)
            self.hardware.screen.present()
            self._drawn = (view, ui)


class Console:
    def __init__(self, hardware: Hardware, flow: Flow, *, palette: Palette = STANDARD,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.hardware = hardware
        self.flow = flow
        self.clock = clock
        self.presenter = Presenter(hardware, palette)
        self._connected = hardware.handheld.connected
        if not self._connected:
            flow.handheld_connected(False, clock())

    def step(self) -> None:
        """Handle every waiting input, then show the game."""
        now = self.clock()
        flow = self.flow
        for event in self.hardware.station_buttons.poll():
            if isinstance(event, StationPressed):
                flow.station_pressed(event.station, now)
            elif isinstance(event, StationStuck):
                flow.button_stuck(event.station, now)
        for key in self.hardware.controls.poll():
            if isinstance(key, KeyPressed):
                flow.key_pressed(key.key, now)
        link = self.hardware.handheld
        if link.connected != self._connected:
            self._connected = link.connected
            flow.handheld_connected(self._connected, now)
        for message in link.receive():
            flow.handheld_message(message, now)
        self.show(now)

    def show(self, now: float) -> None:
        self.presenter.show(self.flow.game.public_view(), self.flow.ui, now)

    def run(self, should_stop: Callable[[], bool] = lambda: False, sleep: Callable[[float], None] = time.sleep) -> None:
        """Step at most 30 times a second until *should_stop*."""
        while not should_stop():
            started = self.clock()
            self.step()
            sleep(max(0.0, FRAME_SECONDS - (self.clock() - started)))
