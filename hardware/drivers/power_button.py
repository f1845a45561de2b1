"""The power button: a momentary button from GPIO3 to ground, read by gpiozero; a fake for tests.

GPIO3 is the Raspberry Pi's wake pin: grounding it starts a halted Pi 3, 4 or
Zero 2 W again, so the button that shuts the console down also switches it on.
The pin has a fixed 1.8 kohm pull-up on the board (it is I2C1's SCL), which
matches gpiozero's ``pull_up=True``.

A short press (released before ``HOLD_S``) asks whether to shut down; a long
one (held for ``HOLD_S``) shuts down at once, reported as soon as the hold time
is reached rather than at the release. gpiozero reports the edges on its own
thread, where they are only queued with the time they came; ``poll()``, called
from the console's loop, turns them into presses. So the timing is testable
with an injected clock on gpiozero's mock pins:

>>> from gpiozero.pins.mock import MockFactory
>>> now = [0.0]
>>> button = GpioPowerButton(3, clock=lambda: now[0], pin_factory=MockFactory())
>>> pin = button.pin_factory.pin(3)
>>> pin.drive_low(); now[0] = 0.4; pin.drive_high()
>>> button.poll()  # released before the hold time
[PowerPressed(held=False)]
>>> pin.drive_low(); now[0] = 3.4; button.poll()  # held 3 s: reported at once
[PowerPressed(held=True)]
>>> pin.drive_high(); button.poll()  # its release is no second press
[]
>>> button.close()
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from hardware.interfaces import PowerPressed

if TYPE_CHECKING:
    from gpiozero.pins import Factory

HOLD_S = 3.0
"""How long the button is held for a shut-down at once (a shorter press asks first)."""


class PressTimer:
    """Turns the button's edges, each with its time, into short and long presses.

    The one place that decides what a press is, for the Pi's button and the
    simulator's key alike.
    """

    def __init__(self, hold_s: float = HOLD_S) -> None:
        self.hold_s = hold_s
        self._down_at: float | None = None
        """When the button went down (None: it is up, or was already down when we started)."""
        self._reported = False
        """The press going on was already reported as a long one."""

    def edge(self, down: bool, at: float) -> list[PowerPressed]:
        """The button went down or up at *at*; the press this ends, if any."""
        if down:
            self._down_at, self._reported = at, False
            return []
        started, self._down_at = self._down_at, None
        if started is None or self._reported:
            return []
        return [PowerPressed(held=at - started >= self.hold_s)]

    def check(self, now: float) -> list[PowerPressed]:
        """A long press, once the button has been down for the hold time at *now*."""
        if self._down_at is None or self._reported or now - self._down_at < self.hold_s:
            return []
        self._reported = True
        return [PowerPressed(held=True)]


class GpioPowerButton:
    """The power button on the Pi: a gpiozero ``Button`` (pressed pulls the GPIO to ground)."""

    def __init__(self, pin: int, *, bounce_s: float | None = None, hold_s: float = HOLD_S,
                 clock: Callable[[], float] = time.monotonic, pin_factory: Factory | None = None) -> None:
        """*bounce_s*: gpiozero's debounce (None: none); *clock*: when each edge came, and ``poll``'s now."""
        from gpiozero import Button

        self._clock = clock
        self._timer = PressTimer(hold_s)
        self._edges: queue.SimpleQueue[tuple[bool, float]] = queue.SimpleQueue()
        self._button = Button(pin, pull_up=True, bounce_time=bounce_s, pin_factory=pin_factory)
        self._button.when_pressed = lambda: self._edges.put((True, clock()))  # gpiozero's thread: only enqueue
        self._button.when_released = lambda: self._edges.put((False, clock()))

    @property
    def pin_factory(self) -> Factory:
        """The pin factory the button was built on (tests drive its mock pin)."""
        return self._button.pin_factory

    def poll(self) -> list[PowerPressed]:
        presses = []
        while True:
            try:
                down, at = self._edges.get_nowait()
            except queue.Empty:
                break
            presses += self._timer.edge(down, at)
        return presses + self._timer.check(self._clock())

    def close(self) -> None:
        self._button.close()


class FakePowerButton:
    """An in-memory power button: tests inject the presses ``poll()`` returns."""

    def __init__(self) -> None:
        self._presses: list[PowerPressed] = []
        self.closed = False

    def press(self, *, held: bool = False) -> None:
        self._presses.append(PowerPressed(held))

    def poll(self) -> list[PowerPressed]:
        presses, self._presses = self._presses, []
        return presses

    def close(self) -> None:
        self.closed = True
