"""The light language of a Junior game: the playing area, the pawns, the detectives' choices, the reveal.

Like every kind of game's lights (``console.table.lights`` holds the timing and
helpers they share), every frame is a pure function of the public
``JuniorView``, the flow's ``JuniorUi`` and the clock: a rogue's choice cannot
reach the board before its reveal.

- The district glows faintly: the playing area. Nothing outside it is lit.
- Each pawn shows its colour (``COLOURS``, by palette: the standard ones are the
  screen's ``PIECE_COLOURS``; with the colour-blind palette each pawn also
  blinks its rhythm); a rogue who has chosen breathes (his closed fist).
- The detective to step glints, and where it may go pulses in its colour.
- The reveal: an escaped rogue sends a ripple of his colour out over the
  district from where he landed; a capture flashes white and the captor's colour.
- Game over: the winners' colours wash over the district.

>>> from engine.junior import JuniorGame
>>> from console.games.junior.model import JuniorMode, JuniorUi
>>> game = JuniorGame.new(seed=1)
>>> frame = junior_frame(game.public_view(), JuniorUi(JuniorMode.ROGUES), now=0.0)
>>> frame[game.stations["watson"]] == PIECE_COLOURS["watson"], len(frame) == len(game.district.stations)
(True, True)
"""

from __future__ import annotations

from functools import cache

from console.games.junior.model import PIECE_COLOURS, JuniorMode, JuniorUi
from console.settings import PaletteName
from console.table.lights import (
    MOVED_LEVEL,
    PAUSED_LEVEL,
    STANDARD,
    Palette,
    destination_light,
    elapsed_frames,
    frame_number,
    mix,
    piece_light,
    placing_light,
    scale,
    show_refused,
    wave,
)
from engine import Station, Transport
from engine.board import iter_stations
from engine.junior import DETECTIVES, ROGUES, District, JuniorView, Team
from hardware.interfaces import Colour

AREA: Colour = (0, 56, 24)
"""The faint glow of the playing area: a hint, dim but visible (``console.table.lights.HINT_FLOOR``), well under a destination."""
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
COLOURS: dict[PaletteName, dict[str, Colour]] = {
    PaletteName.STANDARD: PIECE_COLOURS,
    PaletteName.COLOUR_BLIND: {  # Okabe-Ito: orange, reddish purple, bluish green, blue
        "fox": (230, 159, 0), "roxy": (204, 121, 167), "watson": (0, 158, 115), "marble": (0, 114, 178),
    },
}
"""Each pawn's colour on the board, by palette."""
ORDER = (*ROGUES, *DETECTIVES)
"""The pawns' order in the colour-blind rhythms: Mister FOX dips once, ROXy twice, Willy Watson three times, Milly Marble four."""


def junior_frame(view: JuniorView, ui: JuniorUi, now: float, palette: Palette = STANDARD) -> dict[Station, Colour]:
    """The whole board at *now*: the playing area, then the pawns and signals over it."""
    tick = frame_number(now)
    district = view.district
    colours = COLOURS[palette.name]
    frame: dict[Station, Colour] = dict.fromkeys(district.stations, AREA)
    if ui.mode is JuniorMode.GAME_OVER and view.outcome is not None:
        winners = [colours[p] for p, _ in view.stations if (p in DETECTIVES) == (view.outcome is Team.DETECTIVES)]
        for n, station in enumerate(district.stations):
            frame[station] = scale(winners[n % len(winners)], 0.1 + 0.3 * wave(tick + 3 * n, WIN_PERIOD))
    _pawns(view, ui, tick, palette, frame)
    _celebration(view, ui, tick, colours, frame)
    show_refused(frame, ui.refused, tick, palette, off=AREA)
    return frame


def _pawns(view: JuniorView, ui: JuniorUi, tick: int, palette: Palette, frame: dict[Station, Colour]) -> None:
    colours = COLOURS[palette.name]
    waiting = dict(ui.to_place)
    if ui.selected is not None and ui.choices_lit:
        frame.update(dict.fromkeys(ui.destinations, destination_light(colours[ui.selected], tick)))
    moved = {step.piece for step in view.moved}
    for piece, station in view.stations:
        colour = colours[piece]
        if piece in waiting:
            if ui.choices_lit:
                frame[waiting[piece]] = placing_light(colour, tick)
            continue
        if ui.mode is JuniorMode.PAUSED:
            level = PAUSED_LEVEL
        elif piece in moved:
            level = MOVED_LEVEL
        elif piece in view.chosen:
            level = 0.45 + 0.55 * wave(tick, CHOSEN_PERIOD)
        else:
            level = 1.0
        frame[station] = piece_light(colour, tick, palette, ORDER.index(piece), level=level, selected=piece == ui.selected)


def _celebration(view: JuniorView, ui: JuniorUi, tick: int, colours: dict[str, Colour], frame: dict[Station, Colour]) -> None:
    """The reveal's signals, over the pawns, for the celebration's seconds."""
    party = ui.celebration
    if party is None:
        return
    elapsed = elapsed_frames(party.since, party.seconds, tick)
    if elapsed is None:
        return
    result = party.result
    landed = {step.piece: step.station for step in result.steps}
    if result.captured:
        for rogue in result.captured:
            station = landed[rogue]
            captor = next(d for d in DETECTIVES if landed[d] == station)
            frame[station] = WHITE if elapsed // CAPTURE_BLINK % 2 == 0 else colours[captor]
        return
    ring = elapsed // RIPPLE_STEP
    for rogue in (step.piece for step in result.steps if step.piece not in DETECTIVES):
        colour = colours[rogue]
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
