"""Calibrating on the console's own screen: which button and which light is each station, found once (a fresh install's first start).

It is the builder's ``scotland-yard calibrate`` (``hardware.builder.calibrate.CalibrationSteps``)
run in the console's loop as an activity of the program, so a board with no
station map yet is calibrated with its own keys and screen, no terminal needed:
the screen asks for the station in hand in the keys' own names (1 to 4, MENU,
UNDO) with the steps' last notes under it, and the board shows the light offered. The
board runs on its uncalibrated map (``StationMap.before_calibration``): the
button pressed arrives as the key of its place in the chain, the light is lit
by the key of its pixel. The map is saved after every station, so a
calibration cut short resumes where it stopped.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pygame

from console.program.activity import Activity
from console.table.lights import Palette
from console.table.screen.menu import draw_page
from console.table.screen.toolkit import Toolkit
from hardware.builder.calibrate import CalibrationSteps
from hardware.files import aside
from hardware.interfaces import Colour, Frame, Key, Station
from hardware.station_map import MapError, NewerMapError, StationMap, station_bits
from language import Text, Words, _, n_, p_

TITLE = p_("title", "Calibration: press each station's button")
NOTES = 3
"""The screen shows the steps' last notes (a button of another station, a step of the light, back one station) under its question."""


@dataclass(frozen=True)
class Uncalibrated:
    """A board before its station map is made: where the map goes, its strip's pixels and its chain's chips."""

    map_path: Path
    pixel_count: int
    chips: int

    @property
    def inputs(self) -> list[int]:
        """The chain's station inputs (bits), in wiring order."""
        return station_bits(self.chips)

    @property
    def keys(self) -> StationMap:
        """The board's keys before calibration (key *n*: pixel *n - 1*, the *n*-th station input)."""
        return StationMap.before_calibration(self.pixel_count, self.chips)


def map_to_resume(path: Path) -> tuple[StationMap, Words]:
    """The map calibration goes on from, and what was done to get it: a readable map is resumed; a damaged one, or a newer
    console's, is set aside (``<map>.damaged-<n>``, ``<map>.newer-<n>``: never written over) and a new map started."""
    if not path.exists():
        return StationMap(), ""
    try:
        return StationMap.load(path), ""
    except MapError as error:
        kept = aside(path, "newer" if isinstance(error, NewerMapError) else "damaged")
        os.rename(path, kept)
        return StationMap(), _("The station map that was there is kept as {name}; a new one is started", name=kept.name)


@dataclass(frozen=True)
class CalibrationScene:
    """The steps' last lines on the screen; the board shows the light offered for the station (keyed as before calibration)."""

    title: Words
    lines: tuple[Words, ...]
    lit: tuple[tuple[Station, Colour], ...]

    def lights(self, now: float, palette: Palette) -> Frame:
        return dict(self.lit)

    def draw(self, kit: Toolkit, surface: pygame.Surface, now: float, palette: Palette) -> None:
        draw_page(kit, surface, self.title, self.lines)

    def animating(self, now: float) -> bool:
        return False


class Calibrating(Activity):
    """Calibration as an activity of the program: presses in, lines and the offered light out.

    *over(complete, said)* is told when every station is done: whether the map is complete (a station left without a
    light with MENU is not: the console plays only on a complete map), and what to say.
    """

    def __init__(self, board: Uncalibrated, stations: Sequence[Station], *, over: Callable[[bool, Text], None]) -> None:
        self.board = board
        self.stations = stations
        self.lines: list[Words] = []
        """The steps' last notes."""
        station_map, note = map_to_resume(board.map_path)
        if note:
            self.lines.append(note)
        for station in station_map.missing(stations)[0]:  # left without a light before: done again, the console needs one
            station_map.buttons.pop(station, None)
        self._inputs = board.inputs
        self.steps = CalibrationSteps(stations, board.pixel_count, board.map_path, station_map, self._said, self._inputs)
        self._over = over
        self.steps.start()
        self._if_done()

    @property
    def status(self) -> str:
        return "Calibrating"

    def _said(self, text: Text, indented: bool) -> None:
        """A note of the steps (their questions are asked on the screen in its own words)."""
        if text is not self.steps.asked:
            self.lines.append(text)
            del self.lines[:-NOTES]

    def _question(self) -> tuple[Words, ...]:
        """What the builder does now, in the board's keys."""
        steps = self.steps
        if steps.done:
            return ()
        done = p_("card", "{done} of {total} stations done", done=steps.position, total=len(self.stations))
        if steps.pixel is None:
            return p_("card", "Station {station}: press its button", station=steps.station), done
        following = steps.following
        yes = (p_("card", "Station {station}: is the light under it? Yes: press station {following}'s button", station=steps.station,
                  following=following) if following is not None
               else p_("card", "Station {station}: is the light under it? Yes: CONFIRM", station=steps.station))
        return yes, p_("card", "No: keys 1 and 2 move the light one pixel, 3 and 4 ten. MENU: no light here. UNDO: back"), done

    def station_pressed(self, station: Station, now: float) -> None:
        """A button: its key is its place among the chain's station inputs (the board runs on its uncalibrated keys)."""
        if 1 <= station <= len(self._inputs):
            self.steps.button(self._inputs[station - 1])
            self._if_done()

    def key_pressed(self, key: Key, now: float) -> None:
        self.steps.key(key)
        self._if_done()

    def _if_done(self) -> None:
        if not self.steps.done:
            return
        no_light = self.steps.station_map.missing(self.stations)[0]
        if no_light:
            self._over(False, n_("Calibration saved, but {n} station has no light (MENU): calibrate again to give it one",
                                 "Calibration saved, but {n} stations have no light (MENU): calibrate again to give them one",
                                 len(no_light)))
        else:
            self._over(True, _("Calibration saved: the console starts with its station map"))

    def scene(self) -> CalibrationScene:
        return CalibrationScene(TITLE, (*self._question(), *self.lines),
                                tuple((pixel + 1, colour) for pixel, colour in self.steps.lit.items()))
