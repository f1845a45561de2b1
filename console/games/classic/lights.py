"""The light language of a Scotland Yard game: the pieces, the detectives' choices, reveals, the end.

Every frame is computed from the public view, the flow's ``Ui`` and the clock,
and nothing else, so Mister X's station can reach the board only through the
public travel log (a reveal, or his whole route once the game is over). The
palette's shared signals and timing are ``console.table.lights``; the colours of this
game's pieces and signals are ``COLOURS``, by palette.

>>> from engine import Game
>>> from console.games.classic.model import Mode, Ui
>>> view = Game.new("beginner", players=3, seed=1).public_view()
>>> frame = board_frame(view, Ui(Mode.MISTER_X), now=0.0)
>>> frame[view.piece("red").station] == COLOURS[PaletteName.STANDARD].red
True
"""

from __future__ import annotations

from dataclasses import dataclass

from console.games.classic.model import Mode, Ui
from console.settings import PaletteName
from console.table.lights import (
    MOVED_LEVEL,
    PAUSED_LEVEL,
    STANDARD,
    Palette,
    blink_on,
    destination_light,
    frame_number,
    on_beat,
    piece_light,
    placing_light,
    scale,
    show_refused,
    wave,
)
from engine import PublicView, Side, Station, london
from engine.board import iter_stations
from engine.position import DETECTIVE_COLOURS
from engine.views import PieceView
from hardware.interfaces import Colour

NOTIFIER_FLOOR = 0.15
NOTIFIER_PERIOD = 72
"""The reveal-turn notice: the whole board breathes once every 2.4 s."""
REVEAL_BLINK = 6
"""A reveal alternates the reveal and notifier colours every 0.2 s."""
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


@dataclass(frozen=True)
class Colours:
    """A palette's colours for this game; the detective colours are named as the engine names detectives."""

    red: Colour
    blue: Colour
    green: Colour
    yellow: Colour
    purple: Colour
    orange: Colour
    bobby: Colour
    reveal: Colour
    """Mister X surfacing; also his reveal stations on the game-over trail."""
    assist: Colour
    """Already dim: drawn as is on every station where Mister X can be."""
    notifier: Colour
    """The peak of the reveal-turn breathing, and the second colour of the reveal flash."""
    capture: Colour
    last_seen: Colour
    """Already dim: steady on the station where Mister X was last revealed (public), from his reveal on."""
    mister_x_win: Colour
    """Mister X's colour: his route at game over, and so his win."""

    def piece_colour(self, piece: PieceView) -> Colour:
        """A detective's colour by its name, or the bobbies' shared colour."""
        if piece.bobby:
            return self.bobby
        if piece.name not in DETECTIVE_COLOURS:
            raise ValueError(f"no colour for the detective {piece.name!r} (known: {', '.join(DETECTIVE_COLOURS)})")
        colour: Colour = getattr(self, piece.name)
        return colour


COLOURS = {
    PaletteName.STANDARD: Colours(
        red=(255, 0, 0),
        blue=(0, 40, 255),
        green=(0, 220, 0),
        yellow=(255, 180, 0),
        purple=(150, 0, 255),
        orange=(255, 70, 0),
        bobby=(140, 140, 140),
        reveal=(255, 220, 160),
        assist=(0, 70, 100),
        notifier=(120, 55, 0),
        capture=(255, 255, 255),
        last_seen=(115, 99, 72),  # the reveal's warm white at 45 %
        mister_x_win=(0, 200, 200),
    ),
    PaletteName.COLOUR_BLIND: Colours(
        red=(213, 94, 0),  # Okabe-Ito vermillion
        blue=(0, 114, 178),  # blue
        green=(0, 158, 115),  # bluish green
        yellow=(240, 228, 66),  # yellow
        purple=(204, 121, 167),  # reddish purple
        orange=(230, 159, 0),  # orange
        bobby=(140, 140, 140),
        reveal=(255, 255, 255),
        assist=(60, 60, 60),
        notifier=(40, 85, 110),  # sky blue, dimmed
        capture=(255, 255, 255),
        last_seen=(115, 99, 72),  # dim warm white: told from the dim white assist by its warmth and brightness
        mister_x_win=(86, 180, 233),  # sky blue
    ),
}
"""Saturated LED colours with steady pieces; and Okabe-Ito colours, with which every detective blinks its rhythm."""


def rhythm_order(name: str) -> int | None:
    """A piece's place in the colour-blind rhythms: the n-th detective colour (red first); bobbies stay steady."""
    return DETECTIVE_COLOURS.index(name) if name in DETECTIVE_COLOURS else None


def pattern(name: str, now: float) -> bool:
    """Whether piece *name* is on (True) or dipped at *now* in its colour-blind rhythm."""
    return on_beat(rhythm_order(name), frame_number(now))


def board_frame(view: PublicView, ui: Ui, now: float, palette: Palette = STANDARD) -> dict[Station, Colour]:
    """The whole board at *now*: the game in *view* as the console's flow (*ui*) presents it."""
    tick = frame_number(now)
    colours = COLOURS[palette.name]
    if ui.mode is Mode.GAME_OVER:
        frame = _game_over(view, tick, palette, colours)
    elif ui.mode is Mode.DEAL:
        frame = _deal(view, ui, tick, palette, colours)
    elif ui.mode is Mode.PAUSED:
        frame = {piece.station: piece_light(colours.piece_colour(piece), tick, palette, rhythm_order(piece.name), level=PAUSED_LEVEL)
                 for piece in view.pieces}
    else:
        frame = _playing(view, ui, tick, palette, colours)
    _flashes(view, ui, tick, palette, colours, frame)
    return frame


def route_frame(view: PublicView, now: float, palette: Palette = STANDARD) -> dict[Station, Colour]:
    """Mister X's route as a moving trail, his reveal stations marked (public only once the game is over).

    Before the end only the reveal stations of the log are known, so only they can appear.
    """
    return _route(view, frame_number(now), COLOURS[palette.name])


# ------------------------------------------------------------------ layers


def _playing(view: PublicView, ui: Ui, tick: int, palette: Palette, colours: Colours) -> dict[Station, Colour]:
    """Mister X's turn and the detectives': notifier, assist, his last-seen mark, destinations, then the pieces on top."""
    frame: dict[Station, Colour] = {}
    if ui.reveal_next:
        wash = scale(colours.notifier, NOTIFIER_FLOOR + (1 - NOTIFIER_FLOOR) * wave(tick, NOTIFIER_PERIOD))
        frame.update(dict.fromkeys(london().stations, wash))
    if ui.assist:
        frame.update(dict.fromkeys(iter_stations(view.possible), colours.assist))
    if view.last_reveal is not None:  # public: the travel log shows it
        frame[view.last_reveal] = colours.last_seen
    pieces = {piece.name: piece for piece in view.pieces}
    mover = pieces.get(ui.selected) if ui.selected is not None else None
    if mover is not None:
        colour = colours.piece_colour(mover)
        if ui.choices_lit:
            frame.update(dict.fromkeys(ui.destinations, destination_light(colour, tick)))
        if ui.chosen is not None:  # a move waiting for its ticket, or the computer detectives' move
            frame[ui.chosen] = colour
    for piece in view.pieces:
        level = MOVED_LEVEL if view.turn is Side.DETECTIVES and piece.name in view.moved else 1.0
        frame[piece.station] = piece_light(colours.piece_colour(piece), tick, palette, rhythm_order(piece.name), level=level,
                                           selected=piece is mover)
    return frame


def _deal(view: PublicView, ui: Ui, tick: int, palette: Palette, colours: Colours) -> dict[Station, Colour]:
    """Placed pieces steady; each piece still to place pulses on its start station (never out)."""
    waiting = dict(ui.to_place)
    frame: dict[Station, Colour] = {}
    for piece in view.pieces:
        colour = colours.piece_colour(piece)
        if piece.name not in waiting:
            frame[piece.station] = piece_light(colour, tick, palette, rhythm_order(piece.name))
        elif ui.choices_lit:
            frame[waiting[piece.name]] = placing_light(colour, tick)
    return frame


def _game_over(view: PublicView, tick: int, palette: Palette, colours: Colours) -> dict[Station, Colour]:
    """The route replay under the pieces; if the detectives won, Mister X's station flashes."""
    frame = _route(view, tick, colours)
    for piece in view.pieces:
        frame[piece.station] = piece_light(colours.piece_colour(piece), tick, palette, rhythm_order(piece.name))
    outcome, final = view.outcome, view.mister_x_final
    if outcome is not None and outcome.winner is Side.DETECTIVES and final is not None:
        capturer = next((piece for piece in view.pieces if piece.name == outcome.by), None)
        if tick // CAPTURE_BLINK % 2 == 0:
            frame[final] = colours.capture
        elif capturer is not None:
            frame[final] = colours.piece_colour(capturer)
        else:
            frame.pop(final, None)  # cornered: the flash alternates with dark
    return frame


def _route(view: PublicView, tick: int, colours: Colours) -> dict[Station, Colour]:
    """``route_frame`` at frame *tick*."""
    route = [entry.station for entry in view.log if entry.station is not None]
    if not route and view.mister_x_final is not None:
        route = [view.mister_x_final]  # cornered before his first move: he never left his start
    if not route:
        return {}
    frame: dict[Station, Colour] = {}
    colour = colours.mister_x_win
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
            frame[entry.station] = colours.reveal if entry.station == head_station else scale(colours.reveal, REVEAL_MARK_LEVEL)
    return frame


def _flashes(view: PublicView, ui: Ui, tick: int, palette: Palette, colours: Colours, frame: dict[Station, Colour]) -> None:
    """Short signals over everything: a reveal (only of a station the log shows), then a refused press."""
    shown = {entry.station for entry in view.log if entry.reveal}
    if ui.reveal is not None and ui.reveal.station in shown:
        on = blink_on(ui.reveal.since, ui.reveal.seconds, tick, REVEAL_BLINK)
        if on is not None:
            frame[ui.reveal.station] = colours.reveal if on else colours.notifier
    show_refused(frame, ui.refused, tick, palette)
