"""``scotland-yard calibrate``: teach the console which button and light are which station.

For each station in turn the builder presses that station's button, which
gives the button map, and the console lights the pixel it expects there. If the
light is right, the builder simply presses the next station's button: that
accepts the light and starts the next station, so a right guess costs no
extra press. If it is wrong, CHOICE_1 / CHOICE_2 step it back and forward one
pixel and CHOICE_3 / CHOICE_4 ten, until it sits under the station; then the
next station's button accepts it just the same. CONFIRM accepts the light
without going on (the last station needs it); MENU leaves the station without
a light; UNDO goes back one station. The map file is saved after every station,
so an interrupted calibration resumes where it stopped. A map written by a
newer console is never written over: calibrate refuses it, and ``--restart``
first sets it aside as ``<map>.newer-<n>``.

The guess comes from the button just pressed: the strip and the button chain
are usually laid along the same route under the board, so pixel order follows
the order of the chain's station inputs (sentinels skipped) from the stations
done so far (see ``Calibration._guess``). On a strip and chain snaked in rows
with a few buttons soldered out of turn (tests/hardware/test_calibrate_speed.py)
the 199 stations take 199 button presses, a few dozen CHOICE presses and the
last CONFIRM: well under 250.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Protocol, TextIO

from hardware.files import aside
from hardware.interfaces import Colour, ControlButtons, Key, StationButtons, StationLeds, StationPressed
from hardware.station_map import MapError, NewerMapError, StationMap
from language import Text, np_, p_

LIT = (255, 255, 255)
NEIGHBOURS = 3
"""How many done stations, nearest in bit order, vote on a pixel guess."""


class RawButtons(Protocol):
    """The button chain before any map: which bits were newly pressed."""

    def poll_raw(self) -> Sequence[int]: ...


class ButtonBits:
    """``RawButtons`` from a ``StationButtons`` built with each chain bit as its own "station"
    (so the presses are debounced like in play)."""

    def __init__(self, buttons: StationButtons) -> None:
        self.buttons = buttons

    def poll_raw(self) -> list[int]:
        return [event.station for event in self.buttons.poll() if isinstance(event, StationPressed)]


STEP = {Key.CHOICE_1: -1, Key.CHOICE_2: 1, Key.CHOICE_3: -10, Key.CHOICE_4: 10}
"""How far each CHOICE key moves the light, in free pixels."""

Say = Callable[[Text, bool], None]
"""Tells the builder a line (the second argument: indented under the station's first line)."""


@dataclass
class CalibrationSteps:
    """Calibration as steps, each moved on by one press: a station button's chain bit (``button``) or a control key
    (``key``). ``lit`` is what the strip shows now (pixel -> colour), and the map file is saved after every station.

    The terminal's ``Calibration`` polls the board and feeds it; the console's screen feeds it from its loop.
    """

    stations: Sequence[int]
    pixel_count: int
    map_path: Path
    station_map: StationMap
    say: Say
    inputs: Sequence[int] = ()
    """The chain's station inputs (bits) in wiring order, what the guess counts along (empty: every bit is one)."""

    def __post_init__(self) -> None:
        self._slots = {bit: slot for slot, bit in enumerate(self.inputs)}
        self.lit: dict[int, Colour] = {}
        self.done = False
        self.pixel: int | None = None
        """The pixel offered for the current station once its button is known (None: waiting for its button)."""
        self.asked: Text | None = None
        """What the builder was last asked to do (said as it is asked): a screen words its own question from the state."""
        todo = [s for s in self.stations if s not in self.station_map.buttons]
        self.position = self.stations.index(todo[0]) if todo else len(self.stations)
        self._resumed = len(self.stations) - len(todo)

    def start(self) -> None:
        """Say where it resumes and ask for the first station left (or finish, if none is)."""
        if self._resumed:
            self.say(np_("terminal", "Resuming: {n} station already done.", "Resuming: {n} stations already done.", self._resumed),
                     False)
        self._begin(None)

    @property
    def station(self) -> int:
        return self.stations[self.position]

    @property
    def following(self) -> int | None:
        """The station after the current one (None for the last: CONFIRM accepts its light)."""
        return self._following

    @property
    def _following(self) -> int | None:
        return self.stations[self.position + 1] if self.position + 1 < len(self.stations) else None

    def button(self, bit: int) -> None:
        """A station button was pressed: the current station's (its first press), or the next one's (accepting the light)."""
        if self.done:
            return
        station, buttons = self.station, self.station_map.buttons
        if self.pixel is None:
            taken = {taken: other for other, taken in buttons.items() if other != station}
            if bit in taken:
                self._refuse(bit, taken[bit], station)
            else:
                self._button_found(bit)
            return
        following = self._following
        owner = next((other for other, taken in buttons.items() if taken == bit), None)
        if owner is None and following is not None:
            self._accept(bit)
        elif owner is not None and owner != station and following is not None:
            self._refuse(bit, owner, following)

    def key(self, key: Key) -> None:
        """A control key: CONFIRM accepts the light, MENU leaves the station without one, UNDO goes back, CHOICE moves the light."""
        if self.done:
            return
        if key is Key.UNDO:
            self._back()
        elif self.pixel is None:
            return  # waiting for the station's button: only UNDO counts
        elif key is Key.CONFIRM:
            self._accept(None)
        elif key is Key.MENU:
            self.station_map.pixels.pop(self.station, None)
            self._next(None)
        elif key in STEP:
            self.pixel = self._step(self.pixel, STEP[key], self.station, self.station_map)
            self.lit = {self.pixel: LIT}
            self.say(p_("terminal", "now pixel {pixel}.", pixel=self.pixel), True)

    def _begin(self, bit: int | None) -> None:
        """Start the current station: with its button (*bit*, the press that accepted the last light), or by asking for it."""
        self.lit, self.pixel = {}, None
        if self.position == len(self.stations):
            self._finish()
        elif bit is None:
            self.asked = p_("terminal", "Station {station}: press its button.", station=self.station)
            self.say(self.asked, False)
        else:
            self._button_found(bit)

    def _button_found(self, bit: int) -> None:
        station, station_map = self.station, self.station_map
        station_map.buttons[station] = bit
        self.pixel = station_map.pixels.get(station, self._guess(station, bit, station_map))
        self.lit = {self.pixel: LIT}
        following = self._following
        accept = (p_("terminal", "if it is, press station {station}'s button", station=following) if following is not None
                  else p_("terminal", "if it is, CONFIRM"))
        self.asked = p_("terminal", "Station {station}, button bit {bit}: is the light at station {station}? {accept}; "
                        "if not, CHOICE_1/CHOICE_2 move it one pixel, CHOICE_3/CHOICE_4 ten. MENU: no light. UNDO: back.",
                        station=station, bit=bit, accept=accept)
        self.say(self.asked, True)

    def _refuse(self, bit: int, owner: int, wanted: int) -> None:
        self.say(p_("terminal", "that button (bit {bit}) is station {other}'s; press station {station}'s.", bit=bit, other=owner,
                    station=wanted), True)

    def _accept(self, bit: int | None) -> None:
        """The light is right: keep it, and go on (with *bit*, the next station's button, if that is what accepted it)."""
        assert self.pixel is not None
        self.station_map.pixels[self.station] = self.pixel
        self._next(bit)

    def _next(self, bit: int | None) -> None:
        self.station_map.save(self.map_path)
        self.position += 1
        self._begin(bit)

    def _back(self) -> None:
        """UNDO: the station before is done again (the first station starts again)."""
        station_map = self.station_map
        station_map.buttons.pop(self.station, None)
        if self.position > 0:
            self.position -= 1
            previous = self.station
            station_map.buttons.pop(previous, None)
            station_map.pixels.pop(previous, None)
            self.say(p_("terminal", "Back to station {station}.", station=previous), False)
        self._begin(None)

    def _finish(self) -> None:
        self.done = True
        no_pixel, no_button = self.station_map.missing(self.stations)
        self.say(p_("terminal", "Calibration saved to {path}: {buttons} buttons and {lights} lights mapped.", path=str(self.map_path),
                    buttons=len(self.stations) - len(no_button), lights=len(self.stations) - len(no_pixel)), False)

    def _guess(self, station: int, bit: int, station_map: StationMap) -> int:
        """The pixel the button on *bit* most likely lights, from the stations done so far.

        The strip and the chain usually follow one route, so pixel order tracks
        the order of the chain's station inputs (its *slots*: the bits with the
        sentinels left out): each of the ``NEIGHBOURS`` stations done whose
        slots are nearest *bit*'s predicts its own pixel plus the slot distance
        (times -1 if the strip runs against the chain), and the median
        prediction wins, so one button wired out of turn does not lead its
        neighbours astray. With nothing done yet the pixel of *bit*'s slot is tried. A guess off the strip falls
        back to the pixel after the previous station's. A pixel taken by
        another station moves on to the nearest free one.
        """
        slot = self._slot
        bit = slot(bit)
        done = sorted((slot(b), station_map.pixels[s]) for s, b in station_map.buttons.items() if s != station and s in station_map.pixels)
        if done:
            slope = self._slope(done)
            nearest = sorted(done, key=lambda pair: abs(pair[0] - bit))[:NEIGHBOURS]
            guess = statistics.median_low(sorted(p + slope * (bit - b) for b, p in nearest))
        else:
            guess = bit
        if not 0 <= guess < self.pixel_count:
            earlier = [s for s in self.stations[: self.stations.index(station)] if s in station_map.pixels]
            guess = (station_map.pixels[earlier[-1]] + 1 if earlier else 0) % self.pixel_count
        return self._nearest_free(guess, station, station_map)

    def _slot(self, bit: int) -> int:
        """*bit*'s place among the chain's station inputs (the bit itself when they are not given)."""
        return self._slots.get(bit, bit)

    def _slope(self, done: Sequence[tuple[int, int]]) -> int:
        """+1 if pixels rise with bits among the (bit, pixel) pairs done, -1 if they fall.

        With one pair only: -1 if it sits nearer the strip running against the
        chain (pixel = last pixel - bit) than with it (pixel = bit), else +1.
        """
        if len(done) == 1:
            bit, pixel = done[0]
            mirrored = 0 <= bit < self.pixel_count and abs(pixel - (self.pixel_count - 1 - bit)) < abs(pixel - bit)
            return -1 if mirrored else 1
        rising = sum(1 if p1 > p0 else -1 for (_, p0), (_, p1) in pairwise(done))
        return -1 if rising < 0 else 1

    def _nearest_free(self, pixel: int, station: int, station_map: StationMap) -> int:
        """*pixel* if no other station has it, else the closest one that is free (the forward one on a tie)."""
        taken = {p for s, p in station_map.pixels.items() if s != station}
        for distance in range(self.pixel_count):
            for candidate in (pixel + distance, pixel - distance):
                if 0 <= candidate < self.pixel_count and candidate not in taken:
                    return candidate
        raise MapError("every pixel already belongs to a station")

    def _step(self, pixel: int, steps: int, station: int, station_map: StationMap) -> int:
        """The pixel *steps* free pixels on (back, if negative), skipping those other stations have; round the strip's ends."""
        taken = {p for s, p in station_map.pixels.items() if s != station}
        if len(taken) >= self.pixel_count:
            raise MapError("every pixel already belongs to a station")
        direction = 1 if steps > 0 else -1
        for _ in range(abs(steps)):
            pixel = (pixel + direction) % self.pixel_count
            while pixel in taken:
                pixel = (pixel + direction) % self.pixel_count
        return pixel



@dataclass
class Calibration:
    """``scotland-yard calibrate`` at the terminal: the board polled, each press fed to the steps, each line printed."""

    pixels: StationLeds
    """The strip addressed by pixel index (an identity map), not by station."""
    buttons: RawButtons
    controls: ControlButtons
    stations: Sequence[int]
    pixel_count: int
    map_path: Path
    out: TextIO
    sleep: Callable[[float], None] = time.sleep
    inputs: Sequence[int] = ()
    """The chain's station inputs (bits) in wiring order, what the guess counts along (empty: every bit is one)."""

    def run(self, restart: bool = False) -> StationMap:
        steps = CalibrationSteps(self.stations, self.pixel_count, self.map_path, self._load(restart),
                                 lambda text, indented: self.say(text, indented=indented), self.inputs)
        steps.start()
        shown: dict[int, Colour] | None = None
        while True:
            for event in self.controls.poll():
                steps.key(event.key)
            for bit in self.buttons.poll_raw():
                steps.button(bit)
            if steps.lit != shown:
                shown = dict(steps.lit)
                self.pixels.show(shown)
            if steps.done:
                return steps.station_map
            self.sleep(0.01)

    def _load(self, restart: bool) -> StationMap:
        """The map so far; a newer console's map is refused and kept as it is (*restart* sets it aside first)."""
        if restart:
            self._set_aside_if_newer()
            return StationMap()
        if not self.map_path.exists():
            return StationMap()
        try:
            return StationMap.load(self.map_path)
        except NewerMapError as error:
            restart_hint = "`scotland-yard calibrate --restart` sets it aside and starts a new map"
            raise NewerMapError(f"{error}. It is kept as it is: {restart_hint}") from None

    def _set_aside_if_newer(self) -> None:
        """Keep a newer console's map under a name of its own: starting over must not write over it."""
        try:
            StationMap.load(self.map_path)
        except NewerMapError:
            kept = aside(self.map_path, "newer")
            os.rename(self.map_path, kept)
            self.say(p_("terminal", "The station map of a newer console is kept as {name}; a new map is started.", name=kept.name))
        except MapError:  # no map, or a damaged one: started over, as asked
            pass

    def say(self, text: Text, *, indented: bool = False) -> None:
        """A line for the builder at the terminal; *indented* under the station's first line."""
        print(f"  {text}" if indented else text, file=self.out, flush=True)
