"""``scotland-yard hw-test``: the builder's check of every light and every button.

It lights each station in turn, then the whole board in each colour, and then
listens: each button is reported as it is pressed, stuck buttons are flagged,
and at the end the buttons never pressed are listed. It needs no station map
(without one, station *n* is pixel and bit *n - 1*: the wiring order).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TextIO

from hardware.interfaces import (
    Colour,
    ControlButtons,
    Key,
    StationButtons,
    StationLeds,
    StationPressed,
    StationReleased,
    StationStuck,
)
from hardware.station_map import ranges_text

COLOURS: dict[str, Colour] = {"red": (255, 0, 0), "green": (0, 255, 0), "blue": (0, 0, 255), "white": (255, 255, 255)}


@dataclass
class SelfTestReport:
    pressed: set[int] = field(default_factory=set)
    stuck: set[int] = field(default_factory=set)
    never_pressed: list[int] = field(default_factory=list)


@dataclass
class SelfTest:
    leds: StationLeds
    buttons: StationButtons
    controls: ControlButtons
    stations: Sequence[int]
    out: TextIO
    step_s: float = 0.05
    """How long each station stays lit in the walk."""
    colour_s: float = 1.0
    """How long the whole board shows each colour."""
    sleep: Callable[[float], None] = time.sleep
    clock: Callable[[], float] = time.monotonic

    def run(self, listen_s: float = 120.0) -> SelfTestReport:
        self.walk_lights()
        self.flood_colours()
        return self.listen(listen_s)

    def walk_lights(self) -> None:
        """Each station alone, in turn, cycling red, green, blue and white (spot a dead or swapped pixel)."""
        self.say(f"Lighting {len(self.stations)} stations one by one...")
        colours = list(COLOURS.values())
        for n, station in enumerate(self.stations):
            self.leds.show({station: colours[n % len(colours)]})
            self.sleep(self.step_s)
        self.leds.show({})

    def flood_colours(self) -> None:
        """Every station in each colour (spot a channel that is dead on some pixels)."""
        for name, colour in COLOURS.items():
            self.say(f"All stations {name}.")
            self.leds.show({station: colour for station in self.stations})
            self.sleep(self.colour_s)
        self.leds.show({})

    def listen(self, listen_s: float) -> SelfTestReport:
        """Report buttons as they are pressed, until MENU or *listen_s* seconds without a press."""
        self.say(f"Press every station button (each lights up green); MENU ends the test. Listening for {listen_s:g} s after the last press.")
        report = SelfTestReport()
        deadline = self.clock() + listen_s
        while self.clock() < deadline:
            if any(event.key is Key.MENU for event in self.controls.poll()):
                break
            for event in self.buttons.poll():
                deadline = self.clock() + listen_s
                if isinstance(event, StationPressed):
                    first = event.station not in report.pressed
                    report.pressed.add(event.station)
                    self.say(f"station {event.station} pressed" + ("" if first else " (again)"))
                elif isinstance(event, StationStuck):
                    report.stuck.add(event.station)
                    self.say(f"station {event.station} is STUCK (held down too long): check the switch and its wiring")
                elif isinstance(event, StationReleased):
                    report.stuck.discard(event.station)
            self.leds.show({station: COLOURS["green"] for station in report.pressed} | {s: COLOURS["red"] for s in report.stuck})
            self.sleep(0.01)
        report.never_pressed = [s for s in self.stations if s not in report.pressed]
        self.leds.show({})
        self.summarise(report)
        return report

    def summarise(self, report: SelfTestReport) -> None:
        self.say(f"{len(report.pressed)} of {len(self.stations)} buttons pressed.")
        if report.stuck:
            self.say(f"Stuck: {ranges_text(sorted(report.stuck))}")
        if report.never_pressed:
            self.say(f"Never pressed: {ranges_text(report.never_pressed)}")
        if not report.stuck and not report.never_pressed:
            self.say("Every button works.")

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)
