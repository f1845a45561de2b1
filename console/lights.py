"""The light language: what the station LEDs show, as pure functions of time.

Every frame is computed from the public view, the console's ``Ui`` and the
clock, and nothing else, so Mister X's station can reach the board only through
the public travel log (a reveal, or his whole route once the game is over).
Time is quantised to ``FPS`` frames a second before anything is drawn: a frame
changes at most that often, and equal inputs give equal frames on the Pi, in
the simulator and in tests. The table of signals is ``docs/LIGHTS.md``.

>>> from engine import Game
>>> from console.model import Mode, Ui
>>> view = Game.new("beginner", players=3, seed=1).public_view()
>>> frame = board_frame(view, Ui(Mode.MISTER_X), now=0.0)
>>> frame[view.piece("red").station] == STANDARD.red
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from console.model import Flash, Mode, Ui
from engine import PublicView, Side, Station, london
from engine.board import iter_stations
from engine.position import DETECTIVE_COLOURS
from engine.views import PieceView
from hardware.interfaces import Colour

FPS = 30
"""Frames a second: every animation is a function of the frame number."""

# Levels are fractions of a palette colour; periods and durations are in frames.
SELECTED_PERIOD = 30
"""The selected piece pulses towards the palette's ``selected`` glint once a second."""
SELECTED_GLINT = 0.6
DESTINATION_PERIOD = 48
"""Destinations pulse slowly (1.6 s), so they read as "could go" beside the steady pieces."""
DESTINATION_LEVELS = (0.12, 0.4)
MOVED_LEVEL = 0.4
"""A piece that has moved this round is shown dimmer: who still has to move stands out."""
PAUSED_LEVEL = 0.3
DEAL_BLINK = 15
"""During the deal a piece waiting to be placed blinks on and off every half second."""
RHYTHM_SLOT = 6
"""A colour-blind rhythm is 16 slots of 0.2 s; a piece dips once per slot pair, by its colour's order."""
RHYTHM_SLOTS = 16
RHYTHM_DIP = 0.2
REFUSED_BLINK = 4
"""'No': red on and off every 4 frames (about 4 blinks a second), for the flash's duration."""
REVEAL_BLINK = 6
"""A reveal alternates the reveal and notifier colours every 0.2 s."""
NOTIFIER_PERIOD = 72
"""The reveal-turn notice: the whole board breathes once every 2.4 s."""
NOTIFIER_FLOOR = 0.15
CAPTURE_BLINK = 10
"""The capture station alternates the capture colour and the capturer's every third of a second."""
ROUTE_STEP = 12
"""The game-over trail advances one station every 0.4 s ..."""
ROUTE_TAIL = 4
"""... trailing this many fading stations behind its head ..."""
ROUTE_HOLD = 60
"""... then shows the whole route for 2 s before replaying it."""
ROUTE_HOLD_LEVEL = 0.35
REVEAL_MARK_LEVEL = 0.5
ATTRACT_PERIOD = 8 * FPS
"""Attract mode: a soft band sweeps across the station numbers every 8 s."""
ATTRACT_SPAN = 66
"""Stations per band: about three bands across the board at once."""
ATTRACT_STEPS = 256
"""Shades in one band."""


@dataclass(frozen=True)
class Palette:
    """The colours of the light language; the detective colours are named as the engine names detectives."""

    red: Colour
    blue: Colour
    green: Colour
    yellow: Colour
    purple: Colour
    orange: Colour
    bobby: Colour
    selected: Colour
    """The glint the selected piece pulses towards (its destinations are drawn in its own colour)."""
    refused: Colour
    reveal: Colour
    """Mister X surfacing; also his reveal stations on the game-over trail."""
    assist: Colour
    """Already dim: drawn as is on every station where Mister X can be."""
    notifier: Colour
    """The peak of the reveal-turn breathing, and the second colour of the reveal flash."""
    capture: Colour
    mister_x_win: Colour
    """Mister X's colour: his route at game over, and so his win."""
    attract: Colour
    rhythms: bool
    """Pieces also blink their ``pattern``, so they are told apart without colour."""

    def piece_colour(self, piece: PieceView) -> Colour:
        """A detective's colour by its name, or the bobbies' shared colour."""
        if piece.bobby:
            return self.bobby
        if piece.name not in DETECTIVE_COLOURS:
            raise ValueError(f"no colour for the detective {piece.name!r} (known: {', '.join(DETECTIVE_COLOURS)})")
        colour: Colour = getattr(self, piece.name)
        return colour


STANDARD = Palette(
    red=(255, 0, 0),
    blue=(0, 40, 255),
    green=(0, 220, 0),
    yellow=(255, 180, 0),
    purple=(150, 0, 255),
    orange=(255, 70, 0),
    bobby=(140, 140, 140),
    selected=(255, 255, 255),
    refused=(255, 0, 0),
    reveal=(255, 220, 160),
    assist=(0, 70, 100),
    notifier=(120, 55, 0),
    capture=(255, 255, 255),
    mister_x_win=(0, 200, 200),
    attract=(0, 60, 110),
    rhythms=False,
)
"""Saturated LED colours, steady pieces."""

COLOUR_BLIND = Palette(
    red=(213, 94, 0),  # Okabe-Ito vermillion
    blue=(0, 114, 178),  # blue
    green=(0, 158, 115),  # bluish green
    yellow=(240, 228, 66),  # yellow
    purple=(204, 121, 167),  # reddish purple
    orange=(230, 159, 0),  # orange
    bobby=(140, 140, 140),
    selected=(255, 255, 255),
    refused=(213, 94, 0),
    reveal=(255, 255, 255),
    assist=(60, 60, 60),
    notifier=(40, 85, 110),  # sky blue, dimmed
    capture=(255, 255, 255),
    mister_x_win=(86, 180, 233),  # sky blue
    attract=(40, 85, 110),
    rhythms=True,
)
"""Okabe-Ito colours (told apart under the common colour-vision deficiencies), and every piece blinks its rhythm."""


def frame_number(now: float) -> int:
    """The frame *now* falls in: every animation reads this, never *now* itself."""
    return math.floor(now * FPS)


def pattern(name: str, now: float) -> bool:
    """Whether piece *name* is on (True) or dipped at *now* in its colour-blind rhythm.

    The n-th detective colour (red first) dips n times in each 3.2 s cycle;
    bobbies stay steady. Counting dips names the piece without seeing its colour.
    """
    return _on_beat(name, frame_number(now))


def board_frame(view: PublicView, ui: Ui, now: float, palette: Palette = STANDARD) -> dict[Station, Colour]:
    """The whole board at *now*: the game in *view* as the console's flow (*ui*) presents it."""
    tick = frame_number(now)
    if ui.mode is Mode.GAME_OVER:
        frame = _game_over(view, tick, palette)
    elif ui.mode is Mode.DEAL:
        frame = _deal(view, ui, tick, palette)
    elif ui.mode is Mode.PAUSED:
        frame = {piece.station: scale(palette.piece_colour(piece), PAUSED_LEVEL) for piece in view.pieces}
    else:
        frame = _playing(view, ui, tick, palette)
    _flashes(view, ui, tick, palette, frame)
    return frame


def route_frame(view: PublicView, now: float, palette: Palette = STANDARD) -> dict[Station, Colour]:
    """Mister X's route as a moving trail, his reveal stations marked (public only once the game is over).

    Before the end only the reveal stations of the log are known, so only they can appear.
    """
    return _route(view, frame_number(now), palette)


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


@cache
def _attract_shades(colour: Colour) -> tuple[Colour, ...]:
    """One band of the attract wave, precomputed: a lookup per station keeps idle frames cheap on a Pi Zero."""
    return tuple(
        scale(colour, (0.5 + 0.5 * math.cos(2 * math.pi * step / ATTRACT_STEPS)) ** 2) for step in range(ATTRACT_STEPS)
    )


# ------------------------------------------------------------------ layers


def _playing(view: PublicView, ui: Ui, tick: int, palette: Palette) -> dict[Station, Colour]:
    """Mister X's turn and the detectives': notifier, assist, destinations, then the pieces on top."""
    frame: dict[Station, Colour] = {}
    if ui.reveal_next:
        wash = scale(palette.notifier, NOTIFIER_FLOOR + (1 - NOTIFIER_FLOOR) * wave(tick, NOTIFIER_PERIOD))
        frame.update(dict.fromkeys(london().stations, wash))
    if ui.assist:
        frame.update(dict.fromkeys(iter_stations(view.possible), palette.assist))
    pieces = {piece.name: piece for piece in view.pieces}
    mover = pieces.get(ui.selected) if ui.selected is not None else None
    if mover is not None:
        colour = palette.piece_colour(mover)
        low, high = DESTINATION_LEVELS
        frame.update(dict.fromkeys(ui.destinations, scale(colour, low + (high - low) * wave(tick, DESTINATION_PERIOD))))
        if ui.chosen is not None:  # a move waiting for its ticket, or the computer detectives' move
            frame[ui.chosen] = colour
    for piece in view.pieces:
        colour = palette.piece_colour(piece)
        if piece is mover:
            frame[piece.station] = mix(colour, palette.selected, SELECTED_GLINT * wave(tick, SELECTED_PERIOD))
        else:
            level = MOVED_LEVEL if view.turn is Side.DETECTIVES and piece.name in view.moved else 1.0
            frame[piece.station] = scale(colour, level * _rhythm(palette, piece.name, tick))
    return frame


def _deal(view: PublicView, ui: Ui, tick: int, palette: Palette) -> dict[Station, Colour]:
    """Placed pieces steady; each piece still to place blinks on its start station."""
    waiting = dict(ui.to_place)
    frame: dict[Station, Colour] = {}
    for piece in view.pieces:
        colour = palette.piece_colour(piece)
        if piece.name not in waiting:
            frame[piece.station] = scale(colour, _rhythm(palette, piece.name, tick))
        elif tick // DEAL_BLINK % 2 == 0:
            frame[waiting[piece.name]] = colour
    return frame


def _game_over(view: PublicView, tick: int, palette: Palette) -> dict[Station, Colour]:
    """The route replay under the pieces; if the detectives won, Mister X's station flashes."""
    frame = _route(view, tick, palette)
    for piece in view.pieces:
        frame[piece.station] = scale(palette.piece_colour(piece), _rhythm(palette, piece.name, tick))
    outcome, final = view.outcome, view.mister_x_final
    if outcome is not None and outcome.winner is Side.DETECTIVES and final is not None:
        capturer = next((piece for piece in view.pieces if piece.name == outcome.by), None)
        if tick // CAPTURE_BLINK % 2 == 0:
            frame[final] = palette.capture
        elif capturer is not None:
            frame[final] = palette.piece_colour(capturer)
        else:
            frame.pop(final, None)  # cornered: the flash alternates with dark
    return frame


def _route(view: PublicView, tick: int, palette: Palette) -> dict[Station, Colour]:
    """``route_frame`` at frame *tick*."""
    route = [entry.station for entry in view.log if entry.station is not None]
    if not route and view.mister_x_final is not None:
        route = [view.mister_x_final]  # cornered before his first move: he never left his start
    if not route:
        return {}
    frame: dict[Station, Colour] = {}
    colour = palette.mister_x_win
    at = tick % (len(route) * ROUTE_STEP + ROUTE_HOLD)
    head = at // ROUTE_STEP
    if head >= len(route):
        for station in route:
            frame[station] = scale(colour, ROUTE_HOLD_LEVEL)
        frame[route[-1]] = colour
    else:
        for behind in range(min(ROUTE_TAIL, head), -1, -1):  # the head is drawn last, over a revisited station
            frame[route[head - behind]] = scale(colour, 1 - behind / (ROUTE_TAIL + 1))
    head_station = route[head] if head < len(route) else None
    for entry in view.log:
        if entry.reveal and entry.station is not None:
            frame[entry.station] = palette.reveal if entry.station == head_station else scale(palette.reveal, REVEAL_MARK_LEVEL)
    return frame


def _flashes(view: PublicView, ui: Ui, tick: int, palette: Palette, frame: dict[Station, Colour]) -> None:
    """Short signals over everything: a reveal (only of a station the log shows), then a refused press."""
    shown = {entry.station for entry in view.log if entry.reveal}
    reveal = _elapsed(ui.reveal, tick)
    if ui.reveal is not None and reveal is not None and ui.reveal.station in shown:
        frame[ui.reveal.station] = palette.reveal if reveal // REVEAL_BLINK % 2 == 0 else palette.notifier
    refused = _elapsed(ui.refused, tick)
    if ui.refused is not None and refused is not None:
        if refused // REFUSED_BLINK % 2 == 0:
            frame[ui.refused.station] = palette.refused
        else:
            frame.pop(ui.refused.station, None)


# ------------------------------------------------------------------ helpers


def _elapsed(flash: Flash | None, tick: int) -> int | None:
    """Frames since *flash* began, or None outside its duration (its start is quantised like the clock)."""
    if flash is None:
        return None
    elapsed = tick - frame_number(flash.since)
    return elapsed if 0 <= elapsed < round(flash.seconds * FPS) else None


def _rhythm(palette: Palette, name: str, tick: int) -> float:
    """The level of piece *name* in its rhythm: full, or dipped (colour-blind palette only)."""
    return 1.0 if not palette.rhythms or _on_beat(name, tick) else RHYTHM_DIP


def _on_beat(name: str, tick: int) -> bool:
    """``pattern`` at frame *tick*."""
    if name not in DETECTIVE_COLOURS:
        return True
    slot = tick // RHYTHM_SLOT % RHYTHM_SLOTS
    return not (slot % 2 == 1 and slot < 2 * (DETECTIVE_COLOURS.index(name) + 1))


def wave(tick: int, period: int) -> float:
    """A smooth 0 -> 1 -> 0 swell over *period* frames."""
    return 0.5 - 0.5 * math.cos(2 * math.pi * (tick % period) / period)


def scale(colour: Colour, level: float) -> Colour:
    red, green, blue = colour
    return round(red * level), round(green * level), round(blue * level)


def mix(colour: Colour, towards: Colour, amount: float) -> Colour:
    return (
        round(colour[0] + (towards[0] - colour[0]) * amount),
        round(colour[1] + (towards[1] - colour[1]) * amount),
        round(colour[2] + (towards[2] - colour[2]) * amount),
    )
