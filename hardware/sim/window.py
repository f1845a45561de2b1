"""The simulated board: the console's hardware in one pygame window on a PC.

The window holds what a player finds on the real table:

- the board, every station at its place on the map with the lines between them
  in their transport's colour, each station marked with the transports that stop
  there as the printed board marks it (``TRANSPORT_MARKS``), and on each station
  the light of the colour the console last sent to the LED interface: the frame
  the Pi would send to the strip, put through the strip's own gamma and
  brightness (``hardware.drivers.leds.level_table``) and added to the unlit station, as
  an LED under a printed station adds its light (``glow``). So a station is never
  drawn darker than it is unlit, and a colour too dim for the strip shows as unlit;
- a click on a station is a press of its button;
- the control keys as on-screen keys, each with its keyboard shortcut; the arrow keys
  work keys 1 to 4 too (up and down move every menu, left and right change a setting),
  unless the side pane has the keyboard (``pane_has_keys``: it does from when it is
  shown, clicked, sent one of its own keys, or its device begins asking its holder,
  until a control key's shortcut is pressed or the board is clicked), framed then;
- the power button on the keyboard alone (``POWER_KEY``, P): a tap is a short
  press, holding it for the hold time (or Shift+P) a long one;
- the console's screen, drawn by the console itself on an 800x480 surface and
  shown scaled in a panel;
- optionally a side pane (Mister X's handheld) that another module draws.

The window knows station numbers, positions, line kinds and colours, never a
game: the console hands it a ``BoardDrawing`` made from the engine's board.

Nothing is redrawn unless something changed (a new LED frame, a presented
screen, a resize), so an idle window costs almost nothing.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on the console's output
import pygame

from hardware.config import LedConfig, ScreenConfig
from hardware.drivers.leds import level_table
from hardware.drivers.power_button import PressTimer
from hardware.interfaces import OFF, Colour, Frame, Key, KeyPressed, PowerPressed, Station, StationPressed, StationReleased
from language import Words, current, font_file, p_

LINE_COLOURS: dict[str, Colour] = {
    "underground": (200, 40, 50),
    "bus": (0, 150, 120),
    "taxi": (225, 190, 30),
    "ferry": (120, 170, 230),
}
"""The printed board's line colours (the ferry in light blue: black would vanish on the dark board)."""
LINE_WIDTHS = {"underground": 6, "bus": 4, "taxi": 2, "ferry": 3}
"""At the map's full size (2600 wide); scaled with the board."""
BOARD_BACKGROUND: Colour = (24, 27, 34)
WINDOW_BACKGROUND: Colour = (12, 13, 17)
STATION_FILL: Colour = (46, 50, 60)
"""An unlit station's disc (its lamp): a light is added to this, never drawn instead of it."""
KEY_RING: Colour = (150, 154, 166)
"""The keys' outline."""
TRANSPORT_MARKS: dict[str, Colour] = {"taxi": (170, 145, 35), "bus": (0, 135, 110), "underground": (190, 40, 50)}
"""The printed board's marks on a station, in its lines' colours (a little muted, as print beside the lights): a
station's ring is taxi yellow, its upper half turquoise where a bus stops, its lower half red where the underground stops."""
MARK_WIDTH = 0.22
"""The ring of transport marks, as a share of a station's radius: the light shows through the disc inside it."""
DISPLAY_GAMMA = 2.2
"""The screen's own gamma: lights are added as light (linear), then encoded for the screen."""
HALO_SHARE = 0.35
"""How much of a station's light spills onto the board around it."""
LABEL: Colour = (235, 235, 235)
KEY_FILL: Colour = (48, 52, 66)
KEY_TEXT: Colour = (240, 240, 240)
HINT_TEXT: Colour = (150, 154, 166)
KEYBOARD_FRAME: Colour = (120, 170, 255)
"""The frame round the side pane while the keyboard's keys go to it."""

KEYS: tuple[tuple[Key, Words, str, tuple[int, ...]], ...] = (
    (Key.CHOICE_1, "1", "1 ↑", (pygame.K_1, pygame.K_KP1, pygame.K_UP)),
    (Key.CHOICE_2, "2", "2 ↓", (pygame.K_2, pygame.K_KP2, pygame.K_DOWN)),
    (Key.CHOICE_3, "3", "3 ←", (pygame.K_3, pygame.K_KP3, pygame.K_LEFT)),
    (Key.CHOICE_4, "4", "4 →", (pygame.K_4, pygame.K_KP4, pygame.K_RIGHT)),
    (Key.CONFIRM, p_("key", "CONFIRM"), "Enter", (pygame.K_RETURN, pygame.K_KP_ENTER)),
    (Key.UNDO, p_("key", "UNDO"), "Backspace", (pygame.K_BACKSPACE,)),
    (Key.MENU, p_("key", "MENU"), "Esc", (pygame.K_ESCAPE,)),
)
"""Each control key: its label on the board, the keyboard shortcuts shown under it (as the keyboard's keys are labelled, in
every language: keys 1 to 4 have an arrow key each, as every menu moves with them), the keys that press it."""
ARROWS = "↑↓←→"
"""The arrows in the shortcuts' names: drawn in a face that has them (pygame's bundled font has none)."""
TITLE = p_("title", "Scotland Yard - simulated board")
SHOW_PANE = p_("row", "Show the secret handheld")
HIDE_PANE = p_("row", "Hide the secret handheld")
BUNDLED_SCALE = 0.6875
"""pygame draws its bundled font at this share of the size asked: a language's own font is asked as much smaller, so the
window's words keep their size in every language."""
_SHORTCUTS = {code: key for key, _, _, codes in KEYS for code in codes}
POWER_KEY = pygame.K_p
"""The power button's key: tapped, a short press; held for the hold time, or with Shift, a long one."""

LIGHTS_FPS = 15
"""Most redraws a second for a change of the lights alone (the console sends up to 30 frames)."""
SWEEP_FPS = 10
"""Most redraws a second for a change of many lights at once (the idle board's slow sweep)."""
PARTIAL_LIMIT = 24
"""Up to this many changed stations are repainted alone; more, and the whole window is drawn."""
PANEL_WIDTH = 0.32
"""The right-hand column's share of the window (the console's screen, the keys, a pane)."""


@dataclass(frozen=True)
class BoardDrawing:
    """What the window draws the board from: plain data, no game."""

    size: tuple[int, int]
    """The map's coordinate space (the positions are in it)."""
    stations: Mapping[Station, tuple[int, int]]
    lines: Sequence[tuple[Station, Station, str]]
    """Each line between two stations, with its kind: a key of ``LINE_COLOURS``."""

    @classmethod
    def of(cls, positions: Mapping[Station, tuple[int, int]], lines: Mapping[str, Iterable[tuple[Station, Station]]],
           margin: int = 40) -> BoardDrawing:
        """The drawing of a board: its stations' positions, and its lines by kind; the map spans them, with a margin."""
        width = max(x for x, _ in positions.values())
        height = max(y for _, y in positions.values())
        return cls((width + margin, height + margin), positions, [(a, b, kind) for kind, pairs in lines.items() for a, b in pairs])


class Pane:
    """A side pane another module draws (the simulated handheld): its size, drawing and input."""

    size: tuple[int, int] = (0, 0)

    def step(self) -> None:
        """Run the pane's own device for one frame (called whether it is shown or not)."""

    def fit(self, room: tuple[int, int]) -> None:
        """Take the largest size that fits in *room* (width, height), and set ``size`` to it."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the pane on *surface* (exactly ``size``)."""

    def handle(self, event: pygame.event.Event, origin: tuple[int, int]) -> bool:
        """An input event; True if the pane took it (*origin*: the pane's top left in the window)."""
        return False

    def asking(self) -> bool:
        """Whether its device has just begun asking its holder (his turn): once, then False until it asks again."""
        return False

    @property
    def changed(self) -> bool:
        """Whether the pane must be drawn again."""
        return False


@dataclass
class _Layout:
    board: pygame.Rect
    scale: float
    radius: int
    screen: pygame.Rect
    centres: dict[Station, tuple[int, int]] = field(default_factory=dict)
    """Each station's place in the window."""
    halos: dict[Station, pygame.Rect] = field(default_factory=dict)
    """The square each station's light covers (its disc and halo)."""
    keys: dict[Key, pygame.Rect] = field(default_factory=dict)
    pane: pygame.Rect | None = None
    pane_button: pygame.Rect | None = None


class SimWindow:
    """The simulator's window: board, lights, buttons, keys and the console's screen."""

    def __init__(self, drawing: BoardDrawing, screen: ScreenConfig, size: tuple[int, int] = (1280, 760),
                 title: Words = TITLE, leds: LedConfig | None = None) -> None:
        pygame.display.init()
        pygame.font.init()
        self.title = title
        self._language = current()
        """The language the window's words are drawn in: another one in use redraws them (``_follow_language``)."""
        pygame.display.set_caption(str(title))
        self.drawing = drawing
        leds = leds if leds is not None else LedConfig()
        self.levels = level_table(leds.gamma, leds.brightness)
        """The strip's output for each level of a colour (its gamma and brightness): the window shows that light."""
        self._stops = _stops(drawing)
        self.display = pygame.display.set_mode(size, pygame.RESIZABLE, 32)  # 32 bits: the dummy driver defaults to 16
        self.console_screen = pygame.Surface((screen.width, screen.height))
        """The console draws its screen here (``SimScreen.surface``)."""
        self.screen_height_mm = screen.height_mm
        """The height of the screen it stands for (the console's on the table): the console's letters follow from it."""
        self.frame: dict[Station, Colour] = {}
        self.pane: Pane | None = None
        self.pane_shown = False
        self.pane_has_keys = False
        """The keyboard's keys go to the shown pane first (its holder is using it), else to the control keys."""
        self.closed = False
        """The window was closed: the program should stop."""
        self._presses: list[StationPressed | StationReleased] = []
        self._keys: list[KeyPressed] = []
        self._power: list[PowerPressed] = []
        self._power_timer = PressTimer()
        self._dirty = True
        """Something must be drawn again."""
        self._whole = True
        """The whole window must be drawn again (first, after a resize, when uncovered)."""
        self._shown: dict[Station, Colour] = {}
        self._drawn_at = float("-inf")
        """The station colours the window shows now (a redraw touches only the ones that change)."""
        self._screen_scaled: pygame.Surface | None = None
        self._background: pygame.Surface | None = None
        self._fonts: dict[tuple[Path | None, int], pygame.font.Font] = {}
        self._labels: dict[tuple[Station, Colour, int], pygame.Surface] = {}
        self._discs: dict[Colour, tuple[pygame.Surface, Colour]] = {}
        self._marks: dict[tuple[Colour, Colour], pygame.Surface] = {}
        self._layout = self._lay_out(size)

    # ------------------------------------------------------------ what the console's parts call

    def set_frame(self, frame: Frame) -> None:
        if frame != self.frame:
            self.frame = dict(frame)
            self._dirty = True

    def screen_presented(self) -> None:
        self._screen_scaled = None
        self._dirty = True

    def take_presses(self) -> list[StationPressed | StationReleased]:
        self.pump(time.monotonic())
        presses, self._presses = self._presses, []
        return presses

    def take_keys(self) -> list[KeyPressed]:
        self.pump(time.monotonic())
        keys, self._keys = self._keys, []
        return keys

    def take_power(self) -> list[PowerPressed]:
        now = time.monotonic()
        self.pump(now)
        presses, self._power = [*self._power, *self._power_timer.check(now)], []
        return presses

    def attach_pane(self, pane: Pane, shown: bool = False) -> None:
        self.pane, self.pane_shown = pane, shown
        self._give_keys(shown)
        self._relayout()

    def toggle_pane(self) -> None:
        if self.pane is not None:
            self.pane_shown = not self.pane_shown
            self._give_keys(self.pane_shown)
            self._relayout()

    def _give_keys(self, to_pane: bool) -> None:
        """The keyboard to the pane (if shown) or to the control keys; the pane's frame shows which."""
        to_pane = to_pane and self.pane is not None and self.pane_shown
        if to_pane != self.pane_has_keys:
            self.pane_has_keys = to_pane
            self.invalidate()

    # ------------------------------------------------------------ events and drawing

    def pump(self, now: float | None = None) -> None:
        """Handle the window's events, then redraw if anything changed.

        A change of the lights alone is drawn at most ``LIGHTS_FPS`` times a
        second, a sweep over the whole board ``SWEEP_FPS`` times (*now*: a clock
        in seconds; None draws at once): enough for every blink of the light
        language, at a third of the cost of drawing the idle board's every frame.
        """
        for event in pygame.event.get():
            self.handle(event)
        self._follow_language()
        if self.pane is not None:
            self.pane.step()
            if self.pane.asking():
                self._give_keys(True)
        pane_changed = self.pane is not None and self.pane_shown and self.pane.changed
        self._dirty = self._dirty or pane_changed
        lights_only = self._screen_scaled is not None and not self._whole and not pane_changed
        if lights_only and now is not None:
            sweep = len(self._changed_stations()) > PARTIAL_LIMIT
            if now - self._drawn_at < 1 / (SWEEP_FPS if sweep else LIGHTS_FPS):
                return
        if self._dirty and not self.closed:
            self.redraw()
            self._drawn_at = now if now is not None else self._drawn_at

    def handle(self, event: pygame.event.Event) -> None:
        layout = self._layout
        if event.type == pygame.QUIT:
            self.closed = True
        elif event.type == pygame.VIDEORESIZE:
            self.display = pygame.display.set_mode((max(640, event.w), max(400, event.h)), pygame.RESIZABLE, 32)
            self._relayout()
        elif event.type == pygame.WINDOWEXPOSED:
            self.invalidate()
        elif event.type == pygame.KEYDOWN and self.pane_has_keys and self._to_pane(event):
            pass
        elif event.type == pygame.KEYDOWN:
            if event.key in _SHORTCUTS:
                self._keys.append(KeyPressed(_SHORTCUTS[event.key]))
                self._give_keys(False)
            elif self._to_pane(event):
                self._give_keys(True)
            elif event.key == POWER_KEY and event.mod & pygame.KMOD_SHIFT:
                self._power.append(PowerPressed(held=True))
            elif event.key == POWER_KEY:
                self._power_timer.edge(True, time.monotonic())
            elif event.key == pygame.K_h:
                self.toggle_pane()
        elif event.type == pygame.KEYUP and event.key == POWER_KEY:
            self._power += self._power_timer.edge(False, time.monotonic())
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and layout.pane is not None and layout.pane.collidepoint(event.pos):
            self._give_keys(True)
            self._to_pane(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._give_keys(False)
            station = self.station_at(event.pos)
            if station is not None:
                self._presses.append(StationPressed(station))
                self._presses.append(StationReleased(station))
            for key, rect in layout.keys.items():
                if rect.collidepoint(event.pos):
                    self._keys.append(KeyPressed(key))
            if layout.pane_button is not None and layout.pane_button.collidepoint(event.pos):
                self.toggle_pane()

    def _to_pane(self, event: pygame.event.Event) -> bool:
        """Hand *event* to the shown pane; whether it took it."""
        layout = self._layout
        if self.pane is None or not self.pane_shown or layout.pane is None or not self.pane.handle(event, layout.pane.topleft):
            return False
        self._dirty = True
        return True

    def station_at(self, position: tuple[int, int]) -> Station | None:
        """The station whose disc holds the window point *position* (the nearest within its radius)."""
        best, best_d = None, (self._layout.radius + 2) ** 2
        for station in self.drawing.stations:
            x, y = self.station_centre(station)
            d = (x - position[0]) ** 2 + (y - position[1]) ** 2
            if d <= best_d:
                best, best_d = station, d
        return best

    def station_centre(self, station: Station) -> tuple[int, int]:
        """Where *station* is drawn in the window."""
        return self._layout.centres[station]

    def key_centre(self, key: Key) -> tuple[int, int]:
        return self._layout.keys[key].center

    def redraw(self) -> None:
        """Draw what changed: the stations whose colour changed, the screen panel, the pane (or everything)."""
        self._follow_language()
        layout = self._layout
        if self._background is None:
            self._background = self._draw_background()
        differ = self._changed_stations()
        if len(differ) > PARTIAL_LIMIT:
            self._whole = True  # a sweep over the board: one whole picture is cheaper than many pieces
        if self._whole:
            self.display.blit(self._background, (0, 0))
            self._draw_stations(self.frame.items())
            changed = [self.display.get_rect()]
        else:
            changed = self._redraw_stations(self._background, differ)
        if self._whole or self._screen_scaled is None:
            self._screen_scaled = pygame.transform.smoothscale(self.console_screen, layout.screen.size)
            self.display.blit(self._screen_scaled, layout.screen)
            changed.append(layout.screen)
        if self.pane is not None and self.pane_shown and layout.pane is not None and (self._whole or self.pane.changed):
            self.pane.draw(self.display.subsurface(layout.pane))
            changed.append(layout.pane)
        if self._whole and self.pane_has_keys and layout.pane is not None:
            pygame.draw.rect(self.display, KEYBOARD_FRAME, layout.pane.inflate(6, 6), width=3, border_radius=6)
        if self._whole:
            pygame.display.flip()
        elif changed:
            pygame.display.update(changed)
        self._shown = dict(self.frame)
        self._dirty = self._whole = False

    def _changed_stations(self) -> list[Station]:
        """The stations whose colour on the window is not the console's last frame's."""
        halos, shown, frame = self._layout.halos, self._shown, self.frame
        return [station for station in shown.keys() | frame.keys()
                if shown.get(station, OFF) != frame.get(station, OFF) and station in halos]

    def _redraw_stations(self, background: pygame.Surface, differ: list[Station]) -> list[pygame.Rect]:
        """Repaint each station whose colour changed, with the lit neighbours whose halos reach into it."""
        areas = [self._layout.halos[station] for station in differ]
        for area in areas:
            self.display.set_clip(area)
            self.display.blit(background, area, area)
            self._draw_stations((s, c) for s, c in self.frame.items()
                                if s in self._layout.halos and self._layout.halos[s].colliderect(area))
        self.display.set_clip(None)
        return areas

    def _draw_stations(self, lit: Iterable[tuple[Station, Colour]]) -> None:
        for station, colour in lit:
            if station in self._layout.centres and colour != OFF:
                self._draw_lit(station, colour)

    def invalidate(self) -> None:
        """Draw the whole window at the next redraw (it was uncovered, or a benchmark asks)."""
        self._dirty = self._whole = True

    def screenshot(self, path: str) -> None:
        self.redraw()
        pygame.image.save(self.display, path)

    def close(self) -> None:
        pygame.display.quit()

    # ------------------------------------------------------------ layout

    def _follow_language(self) -> None:
        """Another language in use: the window's own words (title, keys, pane button) are drawn again in it."""
        if self._language != current():
            self._language = current()
            pygame.display.set_caption(str(self.title))
            self._relayout()

    def _relayout(self) -> None:
        self._layout = self._lay_out(self.display.get_size())
        self._background = None
        self._screen_scaled = None
        self._labels.clear()
        self._discs.clear()
        self._marks.clear()
        self._dirty = self._whole = True

    def _lay_out(self, size: tuple[int, int]) -> _Layout:
        width, height = size
        pad = max(6, width // 160)
        column = round(width * PANEL_WIDTH)
        area = pygame.Rect(pad, pad, width - column - 3 * pad, height - 2 * pad)
        map_w, map_h = self.drawing.size
        scale = min(area.w / map_w, area.h / map_h)
        board = pygame.Rect(0, 0, round(map_w * scale), round(map_h * scale))
        board.center = area.center
        radius = max(7, round(28 * scale))  # the closest stations are 53 map units apart
        right = pygame.Rect(area.right + pad, pad, column, height - 2 * pad)
        screen_w, screen_h = self.console_screen.get_size()
        screen = pygame.Rect(right.x, right.y, right.w, round(right.w * screen_h / screen_w))
        centres = {station: (round(board.x + x * scale), round(board.y + y * scale)) for station, (x, y) in self.drawing.stations.items()}
        outer = radius + max(3, radius // 2)
        halos = {station: pygame.Rect(x - outer, y - outer, 2 * outer + 1, 2 * outer + 1) for station, (x, y) in centres.items()}
        layout = _Layout(board, scale, radius, screen, centres, halos)
        key_h = max(28, round(right.w / 8))
        top = screen.bottom + 2 * pad
        small = right.w // 4
        for index, (key, _, _, _) in enumerate(KEYS):
            if index < 4:
                rect = pygame.Rect(right.x + index * small, top, small - pad, key_h)
            else:
                third = right.w // 3
                rect = pygame.Rect(right.x + (index - 4) * third, top + key_h + 3 * pad + self._hint_px(right.w), third - pad, key_h)
            layout.keys[key] = rect
        below_keys = top + 2 * (key_h + 3 * pad + self._hint_px(right.w))
        if self.pane is not None:
            layout.pane_button = pygame.Rect(right.x, below_keys, right.w, key_h)
            if self.pane_shown:
                self.pane.fit((right.w, height - layout.pane_button.bottom - 3 * pad))
                pane_w, pane_h = self.pane.size
                pane = pygame.Rect(0, 0, pane_w, pane_h)
                pane.midtop = (right.centerx, layout.pane_button.bottom + 2 * pad)
                layout.pane = pane.clip(pygame.Rect(0, 0, width, height))
        return layout

    def _hint_px(self, column: int) -> int:
        return max(12, column // 26)

    # ------------------------------------------------------------ drawing

    def _font(self, px: int, *, words: bool = True) -> pygame.font.Font:
        """The font for *words* in the language in use (``font_file``), or pygame's bundled one for numbers, at size *px*."""
        file = font_file() if words else None
        return self._font_of(file, px if file is None else round(px * BUNDLED_SCALE))

    def _font_of(self, file: Path | None, size: int) -> pygame.font.Font:
        """The font *file* (None: pygame's own) at *size*, loaded once."""
        font = self._fonts.get((file, size))
        if font is None:
            font = self._fonts[file, size] = pygame.font.Font(file, size)
        return font

    def _words(self, text: Words, px: int, width: int, ink: Colour) -> pygame.Surface:
        """*text* at size *px*, smaller if need be to fit in *width*: a longer word in another language still fits its key."""
        words = str(text)
        while px > 8 and self._font(px).size(words)[0] > width:
            px -= 1
        return self._font(px).render(words, True, ink)

    def _draw_background(self) -> pygame.Surface:
        """The board, its lines and unlit stations, the keys and their shortcuts: drawn once per size."""
        layout = self._layout
        surface = pygame.Surface(self.display.get_size())
        surface.fill(WINDOW_BACKGROUND)
        pygame.draw.rect(surface, BOARD_BACKGROUND, layout.board, border_radius=8)
        for kind in ("underground", "bus", "taxi", "ferry"):
            width = max(1, round(LINE_WIDTHS[kind] * layout.scale * 2.6))
            for a, b, line_kind in self.drawing.lines:
                if line_kind == kind:
                    start, end = self.station_centre(a), self.station_centre(b)
                    if kind == "ferry":
                        _dashed(surface, LINE_COLOURS[kind], start, end, width)
                    else:
                        pygame.draw.line(surface, LINE_COLOURS[kind], start, end, width)
        for station in self.drawing.stations:
            x, y = self.station_centre(station)
            pygame.draw.circle(surface, STATION_FILL, (x, y), layout.radius)
            marks = self._station_marks(station)
            surface.blit(marks, (x - marks.get_width() // 2, y - marks.get_height() // 2))
            label = self._label(station, LABEL)
            surface.blit(label, label.get_rect(center=(x, y)))
        hint_px = self._hint_px(layout.screen.w)
        for key, text, shortcut, _ in KEYS:
            rect = layout.keys[key]
            pygame.draw.rect(surface, KEY_FILL, rect, border_radius=6)
            pygame.draw.rect(surface, KEY_RING, rect, width=1, border_radius=6)
            label = self._words(text, max(14, rect.h * 3 // 5), rect.w - 4, KEY_TEXT)
            surface.blit(label, label.get_rect(center=rect.center))
            hint = self._shortcut(shortcut, hint_px)
            surface.blit(hint, hint.get_rect(midtop=(rect.centerx, rect.bottom + 2)))
        if layout.pane_button is not None:
            rect = layout.pane_button
            pygame.draw.rect(surface, KEY_FILL, rect, border_radius=6)
            caption = HIDE_PANE if self.pane_shown else SHOW_PANE
            label = self._words(f"{caption}  [H]", max(14, rect.h // 2), rect.w - 4, KEY_TEXT)
            surface.blit(label, label.get_rect(center=rect.center))
        return surface

    def _shortcut(self, shortcut: str, px: int) -> pygame.Surface:
        """A key's shortcuts in brackets, ``[1 ↑]``: an arrow in a face that has it, the rest in the window's."""
        font, gap = self._font(px), self._font(px).size(" ")[0]
        parts = [((self._arrow_font(px) if word in ARROWS else font).render(word, True, HINT_TEXT), gap) for word in shortcut.split()]
        parts = [(font.render("[", True, HINT_TEXT), 0), *parts[:-1], (parts[-1][0], 0), (font.render("]", True, HINT_TEXT), 0)]
        surface = pygame.Surface((sum(part.get_width() + after for part, after in parts), max(p.get_height() for p, _ in parts)),
                                 pygame.SRCALPHA)
        x = 0
        for part, after in parts:
            surface.blit(part, part.get_rect(midleft=(x, surface.get_height() // 2)))
            x += part.get_width() + after
        return surface

    def _arrow_font(self, px: int) -> pygame.font.Font:
        """A face with arrows (the Korean one, shipped with the console), its arrows about as tall as the window's digits at *px*."""
        return self._font_of(font_file("ko"), px)

    def _draw_lit(self, station: Station, colour: Colour) -> None:
        """A station lit with an LED colour: a soft halo, its disc glowing with that light, its marks and number on top."""
        x, y = self._layout.centres[station]
        disc, seen = self._lit_disc(colour)
        half = disc.get_width() // 2
        self.display.blit(disc, (x - half, y - half))
        marks = self._station_marks(station)
        self.display.blit(marks, (x - marks.get_width() // 2, y - marks.get_height() // 2))
        label = self._label(station, (0, 0, 0) if _luminance(seen) > 110 else LABEL)
        self.display.blit(label, (x - label.get_width() // 2, y - label.get_height() // 2))

    def glow(self, colour: Colour) -> Colour:
        """What a station's disc shows lit with LED *colour*: the strip's light for it, added to the unlit disc."""
        return glow(STATION_FILL, colour, self.levels)

    def _lit_disc(self, colour: Colour) -> tuple[pygame.Surface, Colour]:
        """The halo and disc of one colour, and the disc's shade, drawn once: an animation reuses a handful of colours."""
        cached = self._discs.get(colour)
        if cached is None:
            if len(self._discs) > 512:
                self._discs.clear()
            radius = self._layout.radius
            outer = self._layout.halos[next(iter(self._layout.halos))].w // 2
            disc = pygame.Surface((2 * outer + 1, 2 * outer + 1), pygame.SRCALPHA)
            seen = self.glow(colour)
            pygame.draw.circle(disc, glow(BOARD_BACKGROUND, colour, self.levels, HALO_SHARE), (outer, outer), outer)
            pygame.draw.circle(disc, seen, (outer, outer), radius)
            cached = self._discs[colour] = disc, seen
        return cached

    def _station_marks(self, station: Station) -> pygame.Surface:
        """The ring of a station's transport marks (``TRANSPORT_MARKS``), transparent inside: one picture per kind of station."""
        stops = self._stops.get(station, frozenset())
        upper = TRANSPORT_MARKS["bus" if "bus" in stops else "taxi"]
        lower = TRANSPORT_MARKS["underground" if "underground" in stops else "taxi"]
        marks = self._marks.get((upper, lower))
        if marks is None:
            radius = self._layout.radius
            inner = radius - max(2, round(radius * MARK_WIDTH))
            size = 2 * radius + 1
            marks = pygame.Surface((size, size), pygame.SRCALPHA)
            pygame.draw.circle(marks, upper, (radius, radius), radius, draw_top_left=True, draw_top_right=True)
            pygame.draw.circle(marks, lower, (radius, radius), radius, draw_bottom_left=True, draw_bottom_right=True)
            pygame.draw.circle(marks, (0, 0, 0, 0), (radius, radius), inner)  # the disc inside stays the lamp's
            self._marks[upper, lower] = marks
        return marks

    def _label(self, station: Station, ink: Colour) -> pygame.Surface:
        px = max(12, round(self._layout.radius * 1.6))
        key = (station, ink, px)
        label = self._labels.get(key)
        if label is None:
            font = self._font(px, words=False)
            font.bold = True
            label = self._labels[key] = font.render(str(station), True, ink)
            font.bold = False
        return label


def glow(under: Colour, colour: Colour, levels: bytes, share: float = 1.0) -> Colour:
    """*under* (a screen colour) with the light an LED strip gives for *colour* added, as light adds: never darker.

    *levels* is the strip's table (``hardware.drivers.leds.level_table``): each channel's
    light is its output there, as a share of the strip's full output, so what the
    strip rounds to dark stays dark here too; *share* of it is added.
    """
    full = max(1, levels[255])
    shown = []
    for base, level in zip(under, colour):
        light = (base / 255) ** DISPLAY_GAMMA + share * levels[level] / full
        shown.append(round(255 * min(1.0, light) ** (1 / DISPLAY_GAMMA)))
    return shown[0], shown[1], shown[2]


def _stops(drawing: BoardDrawing) -> dict[Station, frozenset[str]]:
    """The kinds of line at each station of *drawing*: the transports that stop there."""
    stops: dict[Station, set[str]] = {}
    for a, b, kind in drawing.lines:
        stops.setdefault(a, set()).add(kind)
        stops.setdefault(b, set()).add(kind)
    return {station: frozenset(kinds) for station, kinds in stops.items()}


def _luminance(colour: Colour) -> float:
    red, green, blue = colour
    return 0.299 * red + 0.587 * green + 0.114 * blue


def _dashed(surface: pygame.Surface, colour: Colour, start: tuple[int, int], end: tuple[int, int], width: int) -> None:
    (x0, y0), (x1, y1) = start, end
    length = max(1.0, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
    dash = max(4.0, width * 3.0)
    steps = int(length / dash)
    for n in range(0, steps, 2):
        a, b = n / steps, min(1.0, (n + 1) / steps)
        pygame.draw.line(surface, colour, (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a), (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), width)


# ---------------------------------------------------------------- the console's parts


class SimLeds:
    """Station LEDs: the frame is shown on the window's stations."""

    def __init__(self, window: SimWindow) -> None:
        self.window = window

    def show(self, frame: Frame) -> None:
        self.window.set_frame(frame)

    def close(self) -> None:
        self.window.set_frame({})


class SimStationButtons:
    """Station buttons: a click on a station presses (and releases) it."""

    def __init__(self, window: SimWindow) -> None:
        self.window = window

    def poll(self) -> list[StationPressed | StationReleased]:
        return self.window.take_presses()

    def close(self) -> None:
        pass


class SimControls:
    """Control keys: the on-screen keys and their keyboard shortcuts."""

    def __init__(self, window: SimWindow) -> None:
        self.window = window

    def poll(self) -> list[KeyPressed]:
        return self.window.take_keys()

    def close(self) -> None:
        pass


class SimPowerButton:
    """The power button: the window's power key (``POWER_KEY``)."""

    def __init__(self, window: SimWindow) -> None:
        self.window = window

    def poll(self) -> list[PowerPressed]:
        return self.window.take_power()

    def close(self) -> None:
        pass


class SimScreen:
    """The console's screen: a surface the window shows in its panel when presented."""

    def __init__(self, window: SimWindow) -> None:
        self.window = window
        self.height_mm = window.screen_height_mm

    @property
    def surface(self) -> pygame.Surface:
        return self.window.console_screen

    def present(self) -> None:
        self.window.screen_presented()

    def close(self) -> None:
        pass
