"""The control keys beside the board: gpiozero Buttons on the Pi, a fake for tests.

gpiozero calls ``when_pressed`` from its own thread, so presses go through a
thread-safe queue and ``poll()`` hands them to the console's loop in order.
gpiozero is imported only where the Pi driver is built: it is in the ``pi`` and
``test`` extras, and the fake must work without it.
"""

from __future__ import annotations

import queue
from typing import TYPE_CHECKING

from hardware.config import ControlConfig
from hardware.interfaces import Key, KeyPressed

if TYPE_CHECKING:
    from gpiozero import Button
    from gpiozero.pins import Factory


class GpioControlButtons:
    """One gpiozero ``Button`` per ``Key`` (pressed pulls its GPIO to ground; internal pull-up)."""

    def __init__(self, config: ControlConfig, *, pin_factory: Factory | None = None) -> None:
        from gpiozero import Button

        self._presses: queue.SimpleQueue[KeyPressed] = queue.SimpleQueue()
        self._keys: dict[Button, Key] = {}
        bounce_time = config.bounce_ms / 1000 or None  # gpiozero: None, not 0, means no debounce
        try:
            for key in Key:
                button = Button(getattr(config, key.value), pull_up=True, bounce_time=bounce_time, pin_factory=pin_factory)
                self._keys[button] = key
                button.when_pressed = self._pressed
        except BaseException:
            self.close()
            raise

    def _pressed(self, button: Button) -> None:
        """Runs on gpiozero's thread: only enqueue."""
        self._presses.put(KeyPressed(self._keys[button]))

    def poll(self) -> list[KeyPressed]:
        presses = []
        while True:
            try:
                presses.append(self._presses.get_nowait())
            except queue.Empty:
                return presses

    def close(self) -> None:
        for button in self._keys:
            button.close()


class FakeControlButtons:
    """In-memory control keys: tests inject the presses ``poll()`` returns."""

    def __init__(self) -> None:
        self._presses: list[KeyPressed] = []
        self.closed = False

    def press(self, key: Key) -> None:
        self._presses.append(KeyPressed(key))

    def poll(self) -> list[KeyPressed]:
        presses, self._presses = self._presses, []
        return presses

    def close(self) -> None:
        self.closed = True
