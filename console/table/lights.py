"""The light language every kind of game shares: the palettes, the clock of animations, the idle sweep.

Every frame is a pure function of public data and the clock. Time is quantised
to ``FPS`` frames a second before anything is drawn: a frame changes at most
that often, and equal inputs give equal frames on the Pi, in the simulator and
in tests. Each kind of game draws its own board with these pieces
(``console.games``); the table of signals is ``docs/LIGHTS.md``.

>>> PALETTES[PaletteName("colour-blind")] is COLOUR_BLIND
True
>>> attract_frame(0.0, range(1, 200))[1] == STANDARD.attract
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Protocol

from console.settings import PaletteName
from hardware.interfaces import Colour, Station

FPS = 30
"""Frames a second: every animation is a function of the frame number."""

# Levels are fractions of a colour; periods and durations are in frames.
SELECTED_PERIOD = 30
"""The selected piece pulses towards the palette's ``selected`` glint once a second."""
SELECTED_GLINT = 0.6
DESTINATION_PERIOD = 48
"""Destinations pulse slowly (1.6 s), so they read as "could go" beside the steady pieces."""
DESTINATION_LEVELS = (0.6, 0.95)
"""A destination's pulse, as fractions of the piece's colour: at its dimmest still clearly lit (``LIT_FLOOR``)."""
MOVED_LEVEL = 0.4
"""A piece that has moved this round is shown dimmer: who still has to move stands out."""
PAUSED_LEVEL = 0.3
PLACING_PERIOD = 30
"""A piece waiting to be placed pulses on its station once a second ..."""
PLACING_LEVELS = (0.6, 1.0)
"""... between these fractions of its colour: it never goes out, so a glance at any moment finds it (``LIT_FLOOR``)."""
LIT_FLOOR = 8
"""The least a station that says "here" (a destination, a piece to place) reaches at its dimmest, in every piece
colour: its brightest channel on the strip, 0-255 after the default gamma (2.2) and brightness (0.5), where an
unlit station is 0. (A colour-blind rhythm's dips are meant to go below it: they are counted as dark.)"""
HINT_FLOOR = 4
"""The least a dim hint (the deduction assist, Mister X's last-seen mark) reaches on the strip, measured the same way."""
REFUSED_BLINK = 4
"""'No': the refused colour on and off every 4 frames (about 4 blinks a second), for the flash's duration."""
RHYTHM_SLOT = 6
"""A colour-blind rhythm is 16 slots of 0.2 s; a piece dips once per slot pair, as often as its place in its kind's order."""
RHYTHM_SLOTS = 16
RHYTHM_DIP = 0.2
ATTRACT_PERIOD = 8 * FPS
"""Attract mode: a soft band sweeps across the station numbers every 8 s."""
ATTRACT_SPAN = 66
"""Stations per band: about three bands across the board at once."""
ATTRACT_STEPS = 256
"""Shades in one band."""
LOOK_PERIOD = 2 * FPS
"""Look at the screen: the whole board flashes twice every 2 s ..."""
LOOK_FLASHES = (range(4), range(8, 12))
"""... on for 4 frames, off for 4, on for 4, then dark for the rest of the period."""
LOOK_LEVEL = 0.35
"""... in the palette's ``selected`` white at this level: 199 stations at once take about 0.8 A at the default brightness,
1.4 A at full (under half the 3 A supply), and still read as lit (``LIT_FLOOR``)."""


class Signal(Protocol):
    """A signal shown from ``since`` for ``seconds`` (a flash, a celebration)."""

    @property
    def since(self) -> float: ...

    @property
    def seconds(self) -> float: ...


class StationSignal(Signal, Protocol):
    """A signal at one station (a refused press, a reveal)."""

    @property
    def station(self) -> Station: ...


@dataclass(frozen=True)
class Palette:
    """The colours every kind of game signals with; a kind's own colours are keyed by ``name``."""

    name: PaletteName
    selected: Colour
    """The glint a selected piece pulses towards."""
    refused: Colour
    attract: Colour
    rhythms: bool
    """Pieces also blink a rhythm of their own, so they are told apart without colour."""


STANDARD = Palette(PaletteName.STANDARD, selected=(255, 255, 255), refused=(255, 0, 0), attract=(0, 60, 110), rhythms=False)
"""Saturated LED colours, steady pieces."""

COLOUR_BLIND = Palette(
    PaletteName.COLOUR_BLIND,
    selected=(255, 255, 255),
    refused=(213, 94, 0),  # Okabe-Ito vermillion
    attract=(40, 85, 110),
    rhythms=True,
)
"""Okabe-Ito colours (told apart under the common colour-vision deficiencies), and every piece blinks its rhythm."""

PALETTES = {PaletteName.STANDARD: STANDARD, PaletteName.COLOUR_BLIND: COLOUR_BLIND}
"""Each palette by the name the setting ``palette`` gives it."""


def showing(signal: Signal | None, now: float) -> bool:
    """Whether *signal* shows at *now* (a screen's test; the lights quantise time first, with ``elapsed_frames``)."""
    return signal is not None and signal.since <= now < signal.since + signal.seconds


def frame_number(now: float) -> int:
    """The frame *now* falls in: every animation reads this, never *now* itself."""
    return math.floor(now * FPS)


def attract_frame(now: float, stations: Iterable[Station], palette: Palette = STANDARD) -> dict[Station, Colour]:
    """Idle: soft bands of the attract colour drift across *stations*, calm enough to leave on."""
    shades = _attract_shades(palette.attract)
    offset = frame_number(now) % ATTRACT_PERIOD / ATTRACT_PERIOD * ATTRACT_STEPS
    frame: dict[Station, Colour] = {}
    for station in stations:
        colour = shades[int(offset - station * ATTRACT_STEPS / ATTRACT_SPAN) % ATTRACT_STEPS]
        if colour != (0, 0, 0):
            frame[station] = colour
    return frame


def look_at_screen_frame(now: float, stations: Iterable[Station], palette: Palette = STANDARD) -> dict[Station, Colour]:
    """Look at the screen: every station flashes twice, then the board rests dark (the problem screen's signal).

    Nothing else on the board looks like it: the game's signals light a few stations, and the only whole-board ones
    breathe (the reveal-turn notice, the idle bands).

    >>> len(look_at_screen_frame(0.0, range(1, 200))), look_at_screen_frame(1.0, range(1, 200))
    (199, {})
    """
    tick = frame_number(now) % LOOK_PERIOD
    if not any(tick in flash for flash in LOOK_FLASHES):
        return {}
    colour = scale(palette.selected, LOOK_LEVEL)
    return dict.fromkeys(stations, colour)


@cache
def _attract_shades(colour: Colour) -> tuple[Colour, ...]:
    """One band of the attract wave, precomputed: a lookup per station keeps idle frames cheap on a Pi Zero."""
    return tuple(
        scale(colour, (0.5 + 0.5 * math.cos(2 * math.pi * step / ATTRACT_STEPS)) ** 2) for step in range(ATTRACT_STEPS)
    )


def elapsed_frames(since: float, seconds: float, tick: int) -> int | None:
    """Frames at frame *tick* since a signal began at *since*, or None outside its *seconds* (its start quantised like the clock)."""
    elapsed = tick - frame_number(since)
    return elapsed if 0 <= elapsed < round(seconds * FPS) else None


def blink_on(since: float, seconds: float, tick: int, period: int) -> bool | None:
    """A flash from *since* for *seconds*, blinking every *period* frames: on or off at frame *tick*, None outside it."""
    elapsed = elapsed_frames(since, seconds, tick)
    return None if elapsed is None else elapsed // period % 2 == 0


def on_beat(order: int | None, tick: int) -> bool:
    """Whether the piece that comes *order*-th (from 0) in its kind's order is on at frame *tick* of its rhythm.

    The n-th piece dips n + 1 times in each 3.2 s cycle; a piece without an
    order (None) stays steady. Counting dips names the piece without seeing its colour.
    """
    if order is None:
        return True
    slot = tick // RHYTHM_SLOT % RHYTHM_SLOTS
    return not (slot % 2 == 1 and slot < 2 * (order + 1))


def rhythm(palette: Palette, order: int | None, tick: int) -> float:
    """The level of a piece in its rhythm: full, or dipped (palettes with ``rhythms`` only)."""
    return 1.0 if not palette.rhythms or on_beat(order, tick) else RHYTHM_DIP


def piece_light(colour: Colour, tick: int, palette: Palette, order: int | None, *, level: float = 1.0, selected: bool = False) -> Colour:
    """A piece on its station: its colour at *level* in its rhythm, or glinting towards the palette's ``selected`` while picked."""
    if selected:
        return mix(colour, palette.selected, SELECTED_GLINT * wave(tick, SELECTED_PERIOD))
    return scale(colour, level * rhythm(palette, order, tick))


def destination_light(colour: Colour, tick: int) -> Colour:
    """Where a picked piece may go: its colour, pulsing slowly ("could go")."""
    return scale(colour, pulse(tick, DESTINATION_PERIOD, *DESTINATION_LEVELS))


def placing_light(colour: Colour, tick: int) -> Colour:
    """A piece waiting to be placed, on its station: its colour, pulsing but never out ("put me here")."""
    return scale(colour, pulse(tick, PLACING_PERIOD, *PLACING_LEVELS))


def show_refused(frame: dict[Station, Colour], refused: StationSignal | None, tick: int, palette: Palette,
                 off: Colour | None = None) -> None:
    """A refused press over *frame*: its station blinks the palette's refusal colour, and *off* (or dark) between."""
    if refused is None:
        return
    on = blink_on(refused.since, refused.seconds, tick, REFUSED_BLINK)
    if on:
        frame[refused.station] = palette.refused
    elif on is not None and off is not None:
        frame[refused.station] = off
    elif on is not None:
        frame.pop(refused.station, None)


def wave(tick: int, period: int) -> float:
    """A smooth 0 -> 1 -> 0 swell over *period* frames."""
    return 0.5 - 0.5 * math.cos(2 * math.pi * (tick % period) / period)


def pulse(tick: int, period: int, low: float, high: float) -> float:
    """A level swelling between *low* and *high* over *period* frames (a destination's "could go", a piece to place)."""
    return low + (high - low) * wave(tick, period)


def scale(colour: Colour, level: float) -> Colour:
    red, green, blue = colour
    return round(red * level), round(green * level), round(blue * level)


def mix(colour: Colour, towards: Colour, amount: float) -> Colour:
    return (
        round(colour[0] + (towards[0] - colour[0]) * amount),
        round(colour[1] + (towards[1] - colour[1]) * amount),
        round(colour[2] + (towards[2] - colour[2]) * amount),
    )
