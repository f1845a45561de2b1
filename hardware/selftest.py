"""``scotland-yard hw-test``: the builder's check of every light and every button.

It lights each station in turn, then the whole board in each colour, and then
listens: each button is reported as it is pressed, stuck buttons are flagged,
and at the end the buttons never pressed are listed. It needs no station map
(without one, station *n* is pixel and bit *n - 1*: the wiring order).

``SelfTest`` is the check as a state machine, fed the time and the buttons'
events: it says what the board shows (``frame``) and what it has found
(``lines``), so the console runs it in its own loop, drawing the lines on its
screen, and ``run_self_test`` runs it on its own for the command line.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TextIO

from hardware.interfaces import (
    Colour,
    ControlButtons,
    Frame,
    Key,
    StationButtons,
    StationLeds,
    StationPressed,
    StationReleased,
    StationStuck,
)
from hardware.station_map import ranges_text

COLOURS: dict[str, Colour] = {"red": (255, 0, 0), "green": (0, 255, 0), "blue": (0, 0, 255), "white": (255, 255, 255)}
LISTEN_POLL_S = 0.01
_EPSILON = 1e-9
"""Times this close count as equal (a clock that adds up steps of 0.05 s is never exact)."""


def _step(elapsed: float, length: float) -> int:
    """Which step of *length* seconds *elapsed* falls in."""
    return int(elapsed / length + _EPSILON)


@dataclass
class SelfTestReport:
    pressed: set[int] = field(default_factory=set)
    stuck: set[int] = field(default_factory=set)
    never_pressed: list[int] = field(default_factory=list)


class SelfTest:
    """The check, step by step: walk the lights, flood each colour, then listen until MENU or a quiet *listen_s*."""

    def __init__(self, stations: Sequence[int], start: float, *, step_s: float = 0.05, colour_s: float = 1.0,
                 listen_s: float = 120.0) -> None:
        self.stations = list(stations)
        self.step_s, self.colour_s, self.listen_s = step_s, colour_s, listen_s
        """How long each station stays lit in the walk, the board in each colour, and the listening after the last press."""
        self.lines: list[str] = []
        """What the check has said so far, one line each."""
        self.report = SelfTestReport()
        self.done = False
        self._start = start
        self._listening_since: float | None = None
        self._quiet_until = 0.0
        self._said_colours = 0
        self.say(f"Lighting {len(self.stations)} stations one by one...")

    @property
    def _flood_start(self) -> float:  # the walk's end
        return self._start + len(self.stations) * self.step_s

    @property
    def _listen_start(self) -> float:
        return self._flood_start + len(COLOURS) * self.colour_s

    def advance(self, now: float) -> None:
        """Move on to whatever the clock has reached: the next colour, the listening, the end of a quiet listening."""
        if self.done:
            return
        colours = list(COLOURS)
        while self._said_colours < len(colours) and now >= self._flood_start + self._said_colours * self.colour_s - _EPSILON:
            self.say(f"All stations {colours[self._said_colours]}.")
            self._said_colours += 1
        if self._listening_since is None and now >= self._listen_start - _EPSILON:
            self._listening_since = now
            self._quiet_until = now + self.listen_s
            self.say(f"Press every station button (each lights up green); MENU ends the test. "
                     f"Listening for {self.listen_s:g} s after the last press.")
        elif self._listening_since is not None and now >= self._quiet_until:
            self.finish()

    def wait_s(self, now: float) -> float:
        """How long nothing changes from *now*: the rest of a station's or a colour's time, or a listening poll."""
        if now < self._flood_start - _EPSILON:
            return (_step(now - self._start, self.step_s) + 1) * self.step_s - (now - self._start)
        if now < self._listen_start - _EPSILON:
            return (_step(now - self._flood_start, self.colour_s) + 1) * self.colour_s - (now - self._flood_start)
        return LISTEN_POLL_S

    def frame(self, now: float) -> Frame:
        """What the board shows at *now*."""
        if self.done:
            return {}
        colours = list(COLOURS.values())
        if now < self._flood_start - _EPSILON:
            index = _step(now - self._start, self.step_s)
            return {self.stations[index]: colours[index % len(colours)]}
        if now < self._listen_start - _EPSILON:
            return dict.fromkeys(self.stations, colours[_step(now - self._flood_start, self.colour_s)])
        report = self.report
        return dict.fromkeys(report.pressed, COLOURS["green"]) | dict.fromkeys(report.stuck, COLOURS["red"])

    def showing(self, now: float) -> str:
        """What the board shows at *now*, in words ("Station 45 lit white (45 of 199)"); empty once it listens."""
        if self.done:
            return ""
        names = list(COLOURS)
        if now < self._flood_start - _EPSILON:
            index = _step(now - self._start, self.step_s)
            return f"Station {self.stations[index]} lit {names[index % len(names)]} ({index + 1} of {len(self.stations)})"
        if now < self._listen_start - _EPSILON:
            return f"Every station lit {names[_step(now - self._flood_start, self.colour_s)]}"
        return ""

    def skip(self, now: float) -> None:
        """On at once: from the walk to the colours, from one colour to the next (after the last: the listening)."""
        if now < self._flood_start - _EPSILON:
            self._start -= self._flood_start - now
        elif now < self._listen_start - _EPSILON:
            step = _step(now - self._flood_start, self.colour_s)
            self._start -= self._flood_start + (step + 1) * self.colour_s - now
        self.advance(now)

    def event(self, event: StationPressed | StationReleased | StationStuck, now: float) -> None:
        """A station button's event (heard while listening; each one starts the quiet time again)."""
        if self._listening_since is None or self.done:
            return
        self._quiet_until = now + self.listen_s
        report = self.report
        if isinstance(event, StationPressed):
            first = event.station not in report.pressed
            report.pressed.add(event.station)
            self.say(f"station {event.station} pressed" + ("" if first else " (again)"))
        elif isinstance(event, StationStuck):
            report.stuck.add(event.station)
            self.say(f"station {event.station} is STUCK (held down too long): check the switch and its wiring")
        else:
            report.stuck.discard(event.station)

    def key(self, key: Key) -> None:
        """MENU ends the check at once."""
        if key is Key.MENU:
            self.finish()

    def finish(self) -> None:
        """Sum up: how many buttons were pressed, which are stuck, which were never pressed."""
        if self.done:
            return
        self.done = True
        report = self.report
        report.never_pressed = [s for s in self.stations if s not in report.pressed]
        self.say(f"{len(report.pressed)} of {len(self.stations)} buttons pressed.")
        if report.stuck:
            self.say(f"Stuck: {ranges_text(sorted(report.stuck))}")
        if report.never_pressed:
            self.say(f"Never pressed: {ranges_text(report.never_pressed)}")
        if not report.stuck and not report.never_pressed:
            self.say("Every button works.")

    def say(self, text: str) -> None:
        self.lines.append(text)


def run_self_test(
    leds: StationLeds,
    buttons: StationButtons,
    controls: ControlButtons,
    stations: Sequence[int],
    out: TextIO,
    *,
    step_s: float = 0.05,
    colour_s: float = 1.0,
    listen_s: float = 120.0,
    sleep: Callable[[float], None] = time.sleep,
    clock: Callable[[], float] = time.monotonic,
) -> SelfTestReport:
    """Run the check on its own (the command line), printing each line as it comes; the report when it ends."""
    check = SelfTest(stations, clock(), step_s=step_s, colour_s=colour_s, listen_s=listen_s)
    printed = 0
    while True:
        now = clock()
        for key in controls.poll():
            check.key(key.key)
        for event in buttons.poll():
            check.event(event, now)
        check.advance(now)
        leds.show(check.frame(now))
        for line in check.lines[printed:]:
            print(line, file=out, flush=True)
        printed = len(check.lines)
        if check.done:
            return check.report
        sleep(check.wait_s(now))
