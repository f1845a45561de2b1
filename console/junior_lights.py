"""The light language of a Junior game: the playing area, the pawns, the detectives' choices, the reveal.

Like ``console.lights`` (whose timing and helpers it shares), every frame is a
pure function of the public ``JuniorView``, the flow's ``JuniorUi`` and the
clock: a rogue's choice cannot reach the board before its reveal.

- The district glows faintly: the playing area. Nothing outside it is lit.
- Each pawn shows its colour (``PIECE_COLOURS``); a rogue who has chosen breathes (his closed fist).
- The detective to step glints, and where it may go pulses in its colour.
- The reveal: an escaped rogue sends a ripple of his colour out over the
  district from where he landed; a capture flashes white and the captor's colour.
- Game over: the winners' colours wash over the district.

>>> from engine.junior import JuniorGame
>>> from console.junior_model import JuniorMode, JuniorUi
>>> game = JuniorGame.new(seed=1)
>>> frame = junior_frame(game.public_view(), JuniorUi(JuniorMode.ROGUES), now=0.0)
>>> frame[game.stations["watson"]] == PIECE_COLOURS["watson"], len(frame) == len(game.district.stations)
(True, True)
"""

from __future__ import annotations

from functools import cache

from console.junior_model import PIECE_COLOURS, JuniorMode, JuniorUi
from console.lights import (
    DEAL_BLINK,
    DESTINATION_LEVELS,
    DESTINATION_PERIOD,
    FPS,
    MOVED_LEVEL,
    PAUSED_LEVEL,
    REFUSED_BLINK,
    SELECTED_GLINT,
    SELECTED_PERIOD,
    STANDARD,
    Palette,
    frame_number,
    mix,
    scale,
    wave,
)
from engine import Station, Transport
from engine.board import iter_stations
from engine.junior import DETECTIVES, District, JuniorView, Team
from hardware.interfaces import Colour

AREA: Colour = (0, 40, 18)
"""The faint glow of the playing area."""
CHOSEN_PERIOD = 40
"""A rogue who has chosen breathes every 1.3 s."""
RIPPLE_STEP = 8
"""An escape ripple moves one line further out every 8 frames ..."""
RIPPLE_WIDTH = 2
"""... lighting this many rings of stations at once."""
CAPTURE_BLINK = 6
"""A capture alternates white and the captor's colour every 0.2 s."""
WIN_PERIOD = 45
WHITE: Colour = (255, 255, 255)


def junior_frame(view: JuniorView, ui: JuniorUi, now: float, palette: Palette = STANDARD) -> dict[Station, Colour]:
    """The whole board at *now*: the playing area, then the pawns and signals over it."""
    tick = frame_number(now)
    district = view.district
    frame: dict[Station, Colour] = dict.fromkeys(district.stations, AREA)
    if ui.mode is JuniorMode.GAME_OVER and view.outcome is not None:
        colours = [PIECE_COLOURS[p] for p, _ in view.stations if (p in DETECTIVES) == (view.outcome is Team.DETECTIVES)]
        for n, station in enumerate(district.stations):
            frame[station] = scale(colours[n % len(colours)], 0.1 + 0.3 * wave(tick + 3 * n, WIN_PERIOD))
    _pawns(view, ui, tick, frame)
    _celebration(view, ui, tick, frame)
    if ui.refused is not None:
        elapsed = tick - frame_number(ui.refused.since)
        if 0 <= elapsed < round(ui.refused.seconds * FPS):
            frame[ui.refused.station] = palette.refused if elapsed // REFUSED_BLINK % 2 == 0 else AREA
    return frame


def _pawns(view: JuniorView, ui: JuniorUi, tick: int, frame: dict[Station, Colour]) -> None:
    waiting = dict(ui.to_place)
    if ui.selected is not None:
        low, high = DESTINATION_LEVELS
        frame.update(dict.fromkeys(ui.destinations, scale(PIECE_COLOURS[ui.selected], low + (high - low) * wave(tick, DESTINATION_PERIOD))))
    moved = {step.piece for step in view.moved}
    for piece, station in view.stations:
        colour = PIECE_COLOURS[piece]
        if piece in waiting:
            if tick // DEAL_BLINK % 2 == 0:
                frame[waiting[piece]] = colour
            continue
        if ui.mode is JuniorMode.PAUSED:
            level = PAUSED_LEVEL
        elif piece in moved:
            level = MOVED_LEVEL
        elif piece in view.chosen:
            level = 0.45 + 0.55 * wave(tick, CHOSEN_PERIOD)
        else:
            level = 1.0
        frame[station] = scale(colour, level)
        if piece == ui.selected:
            frame[station] = mix(colour, WHITE, SELECTED_GLINT * wave(tick, SELECTED_PERIOD))


def _celebration(view: JuniorView, ui: JuniorUi, tick: int, frame: dict[Station, Colour]) -> None:
    """The reveal's signals, over the pawns, for the celebration's seconds."""
    party = ui.celebration
    if party is None:
        return
    elapsed = tick - frame_number(party.since)
    if not 0 <= elapsed < round(party.seconds * FPS):
        return
    result = party.result
    landed = {step.piece: step.station for step in result.steps}
    if result.captured:
        for rogue in result.captured:
            station = landed[rogue]
            captor = next(d for d in DETECTIVES if landed[d] == station)
            frame[station] = WHITE if elapsed // CAPTURE_BLINK % 2 == 0 else PIECE_COLOURS[captor]
        return
    ring = elapsed // RIPPLE_STEP
    for rogue in (step.piece for step in result.steps if step.piece not in DETECTIVES):
        colour = PIECE_COLOURS[rogue]
        for distance, stations in enumerate(_rings(view.district, landed[rogue])):
            if 0 <= ring - distance < RIPPLE_WIDTH:
                for station in stations:
                    if station not in landed.values():
                        frame[station] = scale(colour, 0.7 - 0.3 * (ring - distance))
        frame[landed[rogue]] = mix(colour, WHITE, wave(elapsed, 12))


@cache
def _rings(district: District, centre: Station) -> tuple[tuple[Station, ...], ...]:
    """The stations at each number of lines from *centre* (0, 1, 2, ...) within the district (cached: the Pi redraws often)."""
    board = district.board
    everything = frozenset(Transport)
    seen = 1 << centre
    rings: list[tuple[Station, ...]] = [(centre,)]
    edge = seen
    while True:
        edge = board.reach_any(edge, everything) & ~seen
        if not edge:
            return tuple(rings)
        seen |= edge
        rings.append(tuple(iter_stations(edge)))
