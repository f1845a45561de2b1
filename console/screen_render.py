"""The console's screen: the public game drawn large, for any screen size.

The screen sits beside the lit board and is read across a table, so its text is
large (no line under 1/20 of the height) and light on dark, and the tickets keep
the board game's colours. ``ScreenRenderer.draw`` is a function of
``(PublicView, Ui, now)`` alone: it is never handed Mister X's station, so it can
show only what the public travel log (or the end of the game) shows. The
simulator draws its screen panel with the same renderer.

Layout, as fractions of the surface (so any configured size works):

- header: whose turn and what happens now; the round, and the moves in the classic edition;
- travel log: one cell per entry, numbered like the printed log (the two legs of a
  double move joined by a purple bar underneath), reveal moves
  framed in blue, used entries in their ticket's colour, shown stations in them;
- left: Mister X's tickets and last known station, then each detective and bobby
  with station and tickets;
- right: what matters now (a reveal, the ticket keys, the pieces to place, the
  winner, ...), with the reveal notice and the deduction assist count below it;
- bottom: the one-line message (red while a press is being refused).
"""

from __future__ import annotations

import math
import os
import re
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on the console's output
import pygame  # noqa: E402

from console.menu import MenuUi
from console.model import Flash, Mode, Ui
from engine import Station, Ticket, Transport
from engine.editions import Length
from engine.views import PieceView, PublicView

Colour = tuple[int, int, int]

BACKGROUND: Colour = (10, 12, 18)
PANEL: Colour = (32, 36, 48)
HIGHLIGHT: Colour = (62, 68, 92)
TEXT: Colour = (244, 244, 244)
DIM: Colour = (150, 154, 166)
DARK_INK: Colour = (14, 14, 14)
REVEAL: Colour = (90, 200, 255)
"""Reveal moves and revealed stations: a colour no ticket uses."""
ALERT_BACKGROUND: Colour = (130, 18, 18)

TICKET_COLOURS: dict[Ticket, Colour] = {
    Ticket.TAXI: (250, 204, 0),
    Ticket.BUS: (0, 160, 130),
    Ticket.UNDERGROUND: (225, 35, 45),
    Ticket.BLACK: (0, 0, 0),
    Ticket.DOUBLE: (165, 90, 235),
}
"""The board game's ticket colours; black tickets get a white outline to stand out from the background."""

TICKET_INK: dict[Ticket, Colour] = {ticket: DARK_INK if ticket is Ticket.TAXI else TEXT for ticket in Ticket}

PIECE_COLOURS: dict[str, Colour] = {
    "red": (235, 60, 60),
    "blue": (70, 130, 255),
    "green": (60, 195, 90),
    "yellow": (245, 215, 0),
    "purple": (175, 95, 240),
    "orange": (255, 145, 20),
}
BOBBY_COLOUR: Colour = (175, 175, 175)

TICKET_NAMES: dict[Ticket, str] = {
    Ticket.TAXI: "taxi",
    Ticket.BUS: "bus",
    Ticket.UNDERGROUND: "underground",
    Ticket.BLACK: "black",
    Ticket.DOUBLE: "double move",
}

_CACHE_LIMIT = 1500
"""Rendered texts kept; past this the caches start over (messages and counts keep changing)."""


def _showing(flash: Flash | None, now: float) -> bool:
    return flash is not None and flash.since <= now < flash.since + flash.seconds


def piece_label(name: str) -> str:
    """A piece's name as players say it: ``"blue"`` -> ``"Blue"``, ``"bobby2"`` -> ``"Bobby 2"``."""
    match = re.fullmatch(r"([a-z]+)(\d+)", name)
    if match:
        return f"{match[1].capitalize()} {match[2]}"
    return name.capitalize()


def log_length(view: PublicView) -> int:
    """Entries in the travel log: the length in moves, or rounds plus double-move tickets (rule 8)."""
    ruleset = view.ruleset
    entries = ruleset.length
    if ruleset.length_unit is Length.ROUNDS:
        entries += ruleset.mister_x_own_tickets.double
    return max(entries, len(view.log))


def _frac(size: tuple[int, int], x0: float, y0: float, x1: float, y1: float) -> pygame.Rect:
    w, h = size
    left, top = round(x0 * w), round(y0 * h)
    return pygame.Rect(left, top, round(x1 * w) - left, round(y1 * h) - top)


class ScreenRenderer:
    """Draws the console's screen; keeps fonts and rendered texts, which are most of a frame's cost."""

    def __init__(self, size: tuple[int, int]) -> None:
        pygame.font.init()
        self._fonts: dict[int, pygame.font.Font] = {}
        self._texts: dict[tuple[str, int, Colour, int], pygame.Surface] = {}
        self._wrapped: dict[tuple[str, int, Colour, int, int], list[pygame.Surface]] = {}
        self.texts: list[str] = []
        """The texts of the frame drawn last, in drawing order, each whole (before any cut): the screen as words."""
        self.rendered = 0
        """Texts rendered so far: most of a frame's cost, so a frame that repeats what is on the screen renders none."""
        self._layout(size)

    # ------------------------------------------------------------ layout and text

    def _layout(self, size: tuple[int, int]) -> None:
        """Rectangles and text heights for *size*; rendered texts of another size are dropped."""
        self.size = size
        w, h = size
        self._texts.clear()
        self._wrapped.clear()
        self._min_px = math.ceil(h / 20)
        self._pad = max(2, round(min(w, h) * 0.012))
        self._header = _frac(size, 0, 0, 1, 0.115)
        self._log = _frac(size, 0.008, 0.125, 0.992, 0.37)
        self._table = _frac(size, 0.008, 0.385, 0.6, 0.885)
        self._focus = _frac(size, 0.612, 0.385, 0.992, 0.885)
        self._message = _frac(size, 0, 0.9, 1, 1)
        # Line heights. A line's letters (capitals to descenders) fill about 4/5 of it, so main lines
        # get at least 1/20 of the height in letters; numbers in the log cells and panel notes get the minimum.
        main = math.ceil(h / 20 / 0.8)
        self._px_header = max(main, round(h * 0.075))
        self._px_table = main
        self._px_title = max(main, round(h * 0.068))
        self._px_body = main
        self._px_big = round(h * 0.22)
        self._px_message = max(main, round(h * 0.075))
        for px in {self._min_px, main, self._px_header, self._px_title, self._px_big, self._px_message}:
            self.font(px)  # loading a font takes milliseconds: not in the first frame

    def font(self, px: int) -> pygame.font.Font:
        """The bundled font whose line height is at least *px* pixels."""
        font = self._fonts.get(px)
        if font is None:
            size = max(1, int(px / 0.7))
            font = pygame.font.Font(None, size)
            while font.get_height() < px:
                size += 1
                font = pygame.font.Font(None, size)
            self._fonts[px] = font
        return font

    def text(self, text: str, px: int, colour: Colour, width: int = 0) -> pygame.Surface:
        """*text* rendered once; with a *width*, shrunk (not under the minimum height) then cut with '…' to fit."""
        self.texts.append(text)
        return self._rendered(text, px, colour, width)

    def _rendered(self, text: str, px: int, colour: Colour, width: int) -> pygame.Surface:
        key = (text, px, colour, width)
        surface = self._texts.get(key)
        if surface is None:
            if len(self._texts) > _CACHE_LIMIT:
                self._texts.clear()
            font = self.font(px)
            shown = text
            if width:
                while px > self._min_px and font.size(text)[0] > width:
                    px = max(self._min_px, int(px * 0.92))
                    font = self.font(px)
                if font.size(shown)[0] > width:
                    while shown and font.size(shown + "…")[0] > width:
                        shown = shown[:-1]
                    shown = shown.rstrip() + "…"
            surface = font.render(shown, True, colour)
            self.rendered += 1
            self._texts[key] = surface
        return surface

    def wrap(self, text: str, px: int, colour: Colour, width: int, max_lines: int) -> list[pygame.Surface]:
        """*text* broken into at most *max_lines* lines of *width*; the last line is cut if it must be."""
        self.texts.append(text)
        key = (text, px, colour, width, max_lines)
        lines = self._wrapped.get(key)
        if lines is None:
            if len(self._wrapped) > _CACHE_LIMIT:
                self._wrapped.clear()
            font = self.font(px)
            words = text.split()
            rows: list[str] = []
            while words and len(rows) < max_lines - 1:
                row = words.pop(0)
                while words and font.size(f"{row} {words[0]}")[0] <= width:
                    row = f"{row} {words.pop(0)}"
                rows.append(row)
            if words:
                rows.append(" ".join(words))
            lines = [self._rendered(row, px, colour, width) for row in rows]
            self._wrapped[key] = lines
        return lines

    # ------------------------------------------------------------ for other screens drawn with this renderer (Junior)

    @property
    def min_px(self) -> int:
        """The smallest line height any text gets at this size (1/20 of the height)."""
        return self._min_px

    @property
    def pad(self) -> int:
        """The gap between panels at this size."""
        return self._pad

    def begin(self, surface: pygame.Surface) -> None:
        """Start a frame on *surface*: forget the last frame's words, and lay out again if the size changed."""
        self.texts = []
        if surface.get_size() != self.size:
            self._layout(surface.get_size())

    def fitting_px(self, text: str, px: int, width: int, floor: int) -> int:
        """A line height up to *px* (about the largest), not under *floor*, at which *text* fits in *width* (*floor* if none does)."""
        wide = self.font(px).size(text)[0]
        while px > floor and wide > width:
            px = max(floor, min(px - 1, int(px * width / wide)))
            wide = self.font(px).size(text)[0]
        return px

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface, view: PublicView, ui: Ui, now: float) -> None:
        """Draw the whole screen for *view* and *ui* at time *now* (which decides the flashes)."""
        self.begin(surface)
        surface.fill(BACKGROUND)
        self._draw_header(surface, view, ui)
        self._draw_log(surface, view)
        self._draw_table(surface, view, ui)
        self._draw_focus(surface, view, ui, now)
        self._draw_message(surface, ui, now)

    def draw_menu(self, surface: pygame.Surface, menu: MenuUi) -> None:
        """A menu: its title, its rows (the cursor's framed, a setting's value between arrows), the keys, a message."""
        self.begin(surface)
        surface.fill(BACKGROUND)
        self._title_bar(surface, menu.title)
        pad = self._pad
        hint = self.text(menu.hint, self._min_px, DIM, self.size[0] - 4 * pad)
        area = pygame.Rect(self._log.x, self._log.y, self._log.w, self._message.y - self._log.y - hint.get_height() - 2 * pad)
        surface.blit(hint, hint.get_rect(midbottom=(self.size[0] // 2, self._message.y - pad)))
        row_h = min(round(self.size[1] * 0.1), area.h // max(1, len(menu.rows)))
        for index, (label, value) in enumerate(menu.rows):
            row = pygame.Rect(area.x, area.y + index * row_h, area.w, row_h).inflate(0, -pad)
            chosen = index == menu.cursor
            pygame.draw.rect(surface, HIGHLIGHT if chosen else PANEL, row, border_radius=pad)
            if chosen:
                pygame.draw.rect(surface, TEXT, row, width=2, border_radius=pad)
            px = min(self._px_body, row.h)
            shown = self.text(f"<  {value}  >", px, TEXT if chosen else DIM, row.w // 2) if value else None
            room = row.w - 4 * pad - (shown.get_width() + 2 * pad if shown else 0)
            text = self.text(label, px, TEXT, room)
            surface.blit(text, text.get_rect(midleft=(row.x + 2 * pad, row.centery)))
            if shown:
                surface.blit(shown, shown.get_rect(midright=(row.right - 2 * pad, row.centery)))
        self.message_bar(surface, menu.message, alert=False)

    def draw_lines(self, surface: pygame.Surface, title: str, lines: tuple[str, ...]) -> None:
        """A page of plain lines under a title (the hardware test's report)."""
        self.begin(surface)
        surface.fill(BACKGROUND)
        self._title_bar(surface, title)
        y = self._log.y
        for line in lines:
            text = self.text(line, self._px_body, TEXT, self._log.w)
            surface.blit(text, (self._log.x, y))
            y += text.get_height()

    def _title_bar(self, surface: pygame.Surface, title: str) -> None:
        rect = self._header
        pygame.draw.rect(surface, PANEL, rect)
        text = self.text(title, self._px_header, TEXT, rect.w - 4 * self._pad)
        surface.blit(text, text.get_rect(midleft=(rect.x + 2 * self._pad, rect.centery)))

    def message_bar(self, surface: pygame.Surface, message: str, *, alert: bool) -> None:
        rect = self._message
        pygame.draw.rect(surface, ALERT_BACKGROUND if alert else PANEL, rect)
        if message:
            text = self.text(_capitalised(message), self._px_message, TEXT, rect.w - 4 * self._pad)
            surface.blit(text, text.get_rect(center=rect.center))

    def _draw_header(self, surface: pygame.Surface, view: PublicView, ui: Ui) -> None:
        rect, pad = self._header, self._pad * 2
        pygame.draw.rect(surface, PANEL, rect)
        ruleset = view.ruleset
        if ruleset.length_unit is Length.ROUNDS:
            counter = f"Round {view.round} of {ruleset.length}"
        else:
            counter = f"Round {view.round} · {view.moves_made} of {ruleset.length} moves"
        right = self.text(counter, self._px_header, DIM, rect.w * 2 // 5)
        surface.blit(right, right.get_rect(midright=(rect.right - pad, rect.centery)))
        left = self.text(_status(ui), self._px_header, TEXT, rect.w - right.get_width() - 3 * pad)
        surface.blit(left, left.get_rect(midleft=(rect.x + pad, rect.centery)))

    def _draw_log(self, surface: pygame.Surface, view: PublicView) -> None:
        """The travel log as numbered cells: it is also the round track, with the reveal moves framed."""
        area = self._log
        entries = log_length(view)
        rows = 1 if entries <= 10 else 2 if entries <= 30 else 3
        per_row = math.ceil(entries / rows)
        cell_w, cell_h = area.w / per_row, area.h / rows
        gap = self._pad
        number_px = self._min_px
        station_px = max(self._min_px, min(self._px_table, round(cell_h - number_px - gap)))
        reveals = view.ruleset.reveal_moves
        upcoming = len(view.log) + 1 if view.outcome is None else 0
        first_leg = False  # the legs of a double move come in pairs: the first one's bar reaches the second
        for move in range(1, entries + 1):
            row, column = divmod(move - 1, per_row)
            rect = pygame.Rect(round(area.x + column * cell_w), round(area.y + row * cell_h), round(cell_w), round(cell_h))
            rect.inflate_ip(-gap, -gap)
            inner = rect.w - gap
            entry = view.log[move - 1] if move <= len(view.log) else None
            if entry is None:
                pygame.draw.rect(surface, PANEL, rect, border_radius=gap)
                number = self.text(str(move), number_px, REVEAL if move in reveals else DIM, inner)
                surface.blit(number, number.get_rect(center=rect.center))
            else:
                ink = TICKET_INK[entry.ticket]
                pygame.draw.rect(surface, TICKET_COLOURS[entry.ticket], rect, border_radius=gap)
                if entry.ticket is Ticket.BLACK:
                    pygame.draw.rect(surface, TEXT, rect, width=2, border_radius=gap)
                number = self.text(str(move), number_px, ink, inner)
                if entry.station is None:
                    surface.blit(number, number.get_rect(topleft=(rect.x + gap, rect.y + 1)))
                else:
                    # In a narrow cell the station wins: the cell's place in the log already tells the move.
                    station = self.text(str(entry.station), station_px, ink, inner)
                    if station.get_width() + number.get_width() + 2 * gap <= rect.w:
                        surface.blit(number, number.get_rect(topleft=(rect.x + gap, rect.y + 1)))
                        surface.blit(station, station.get_rect(bottomright=(rect.right - gap, rect.bottom)))
                    else:
                        surface.blit(station, station.get_rect(center=rect.center))
            if entry is not None and entry.double:
                first_leg = not first_leg
                bar = pygame.Rect(rect.x, rect.bottom + 1, rect.w + (gap + 1 if first_leg else 0), max(4, gap))
                pygame.draw.rect(surface, TICKET_COLOURS[Ticket.DOUBLE], bar)
            if move in reveals:
                pygame.draw.rect(surface, REVEAL, rect, width=max(3, gap // 2), border_radius=gap)
            if move == upcoming:
                pygame.draw.rect(surface, TEXT, rect.inflate(gap, gap), width=2, border_radius=gap)

    def _draw_table(self, surface: pygame.Surface, view: PublicView, ui: Ui) -> None:
        """Mister X's row, then a row per detective and bobby: station and tickets (all public, rule 15)."""
        area, pad, px = self._table, self._pad, self._px_table
        rows = max(6, len(view.pieces) + 1)
        row_h = area.h / rows
        # Columns from the widest texts: names get what the stations and five ticket slots leave.
        font = self.font(px)
        chip_w = round(min(row_h * 0.85, area.w * 0.09))
        name_x = area.x + chip_w + pad
        widest = max(font.size(label)[0] for label in ("Mister X", *(piece_label(piece.name) for piece in view.pieces)))
        station_w = font.size("888")[0] + 2 * pad
        slot_w = max((area.right - name_x - widest - station_w) / 5, self.font(self._min_px).size("88")[0] + pad + 4)
        tickets_x = round(area.right - 5 * slot_w)
        station_x = tickets_x - station_w
        station_right = tickets_x - pad
        uses_underground = Transport.UNDERGROUND in view.ruleset.transports

        def row_rect(index: int) -> pygame.Rect:
            return pygame.Rect(area.x, round(area.y + index * row_h), area.w, round(row_h))

        def tickets(rect: pygame.Rect, shown: list[tuple[Ticket, int]]) -> None:
            for ticket, count in shown:
                left = round(tickets_x + int(ticket) * slot_w)
                box = pygame.Rect(left, rect.y, round(slot_w), rect.h).inflate(-pad, -pad)
                self._ticket_box(surface, box, ticket, str(count), dim=count == 0)

        def chip(rect: pygame.Rect, colour: Colour) -> None:
            radius = round(min(rect.h * 0.32, chip_w * 0.4))
            centre = (area.x + chip_w // 2 + pad // 2, rect.centery)
            pygame.draw.circle(surface, colour, centre, radius)
            pygame.draw.circle(surface, TEXT, centre, radius, width=2)

        rect = row_rect(0)
        pygame.draw.rect(surface, PANEL, rect, border_radius=pad)
        chip(rect, TICKET_COLOURS[Ticket.BLACK])
        name = self.text("Mister X", px, TEXT, station_x - name_x - pad)
        surface.blit(name, name.get_rect(midleft=(name_x, rect.centery)))
        seen = view.mister_x_final if view.mister_x_final is not None else view.last_reveal
        station = self.text("?" if seen is None else str(seen), px, DIM if seen is None else REVEAL, station_w)
        surface.blit(station, station.get_rect(midright=(station_right, rect.centery)))
        own = view.mister_x_tickets
        holds_transports = view.supply is None
        tickets(rect, [
            (ticket, own[ticket])
            for ticket in Ticket
            if ticket >= Ticket.BLACK or own[ticket] or (holds_transports and (ticket is not Ticket.UNDERGROUND or uses_underground))
        ])

        for index, piece in enumerate(view.pieces, 1):
            rect = row_rect(index)
            if piece.name == ui.selected:
                pygame.draw.rect(surface, HIGHLIGHT, rect, border_radius=pad)
                pygame.draw.rect(surface, TEXT, rect, width=2, border_radius=pad)
            ink = DIM if piece.name in view.moved else TEXT
            chip(rect, _piece_colour(piece))
            name = self.text(piece_label(piece.name), px, ink, station_x - name_x - pad)
            surface.blit(name, name.get_rect(midleft=(name_x, rect.centery)))
            station = self.text(str(piece.station), px, ink, station_w)
            surface.blit(station, station.get_rect(midright=(station_right, rect.centery)))
            if not piece.bobby:
                shown = (Ticket.TAXI, Ticket.BUS, Ticket.UNDERGROUND) if uses_underground else (Ticket.TAXI, Ticket.BUS)
                tickets(rect, [(ticket, piece.tickets[ticket]) for ticket in shown])

    def _ticket_box(self, surface: pygame.Surface, rect: pygame.Rect, ticket: Ticket, label: str, *, dim: bool = False) -> None:
        """A ticket in its colour; black gets a white outline, a double move shows as two stacked tickets."""
        radius = max(2, rect.h // 8)
        fill = TICKET_COLOURS[ticket]
        if dim:
            fill = _dimmed(fill)
        if ticket is Ticket.DOUBLE:
            offset = max(3, rect.h // 7)
            behind = rect.move(-offset, -offset)
            pygame.draw.rect(surface, fill, behind, border_radius=radius)
            pygame.draw.rect(surface, TEXT, behind, width=2, border_radius=radius)
            rect = rect.move(offset // 2, offset // 2)
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        if ticket in (Ticket.BLACK, Ticket.DOUBLE):
            pygame.draw.rect(surface, DIM if dim else TEXT, rect, width=2, border_radius=radius)
        text = self.text(label, max(self._min_px, min(self._px_table, rect.h - 2)), DIM if dim else TICKET_INK[ticket], rect.w - 4)
        surface.blit(text, text.get_rect(center=rect.center))

    def _draw_focus(self, surface: pygame.Surface, view: PublicView, ui: Ui, now: float) -> None:
        """The right-hand panel: the one thing the table should look at now."""
        pygame.draw.rect(surface, PANEL, self._focus, border_radius=self._pad)
        inner = self._focus.inflate(-2 * self._pad, -2 * self._pad)
        width, body = inner.w, self._px_body
        footer: list[pygame.Surface] = []
        if ui.mode in (Mode.MISTER_X, Mode.DETECTIVES, Mode.CHOOSE_TICKET):
            if ui.reveal_next:
                footer += self.wrap("Mister X surfaces after his next move", self._min_px, REVEAL, width, 2)
            if ui.assist:
                count = len(view.possible_stations)
                footer += self.wrap(f"Mister X can be at {count} station{'' if count == 1 else 's'}", self._min_px, TEXT, width, 2)
        y = inner.bottom
        for line in reversed(footer):
            y -= line.get_height()
            surface.blit(line, line.get_rect(midtop=(inner.centerx, y)))
        content = pygame.Rect(inner.x, inner.y, inner.w, y - inner.y - (self._pad if footer else 0))

        if ui.mode is Mode.GAME_OVER:
            self._game_over(surface, content, view)
        elif ui.mode is Mode.PAUSED:
            self._stack(surface, content, [self.text("Paused", self._px_title, TEXT, width), *self.wrap(ui.message, body, TEXT, width, 4)])
        elif ui.mode is Mode.DEAL:
            self._deal(surface, content, ui)
        elif ui.mode is Mode.CORRECT:
            self._correcting(surface, content, view, ui)
        elif ui.reveal is not None and _showing(ui.reveal, now):
            self._stack(surface, content, self.wrap("Mister X surfaces at", self._px_title, TEXT, width, 2), big=(ui.reveal.station, REVEAL))
        elif ui.mode is Mode.MISTER_X:
            self._stack(surface, content, self.wrap("Mister X is moving", self._px_title * 3 // 2, TEXT, width, 3))
        elif ui.mode is Mode.CHOOSE_TICKET:
            self._choices(surface, content, ui)
        else:
            self._whereabouts(surface, content, view)

    def _stack(self, surface: pygame.Surface, area: pygame.Rect, lines: list[pygame.Surface], big: tuple[Station, Colour] | None = None) -> None:
        """*lines* centred in *area*, then *big* (a station) as large as the room left allows."""
        if big is not None:
            room = area.h - sum(line.get_height() for line in lines)
            px = max(self._min_px, min(self._px_big, room))
            lines = [*lines, self.text(str(big[0]), px, big[1], area.w)]
        y = area.centery - sum(line.get_height() for line in lines) // 2
        for line in lines:
            surface.blit(line, line.get_rect(midtop=(area.centerx, y)))
            y += line.get_height()

    def _whereabouts(self, surface: pygame.Surface, area: pygame.Rect, view: PublicView) -> None:
        """During the detectives' turn: where Mister X is, or was last seen."""
        width = area.w
        if view.log and view.log[-1].station is not None:
            self._stack(surface, area, [self.text("Mister X is at", self._px_title, TEXT, width)], big=(view.log[-1].station, REVEAL))
        elif view.last_reveal is not None:
            move = max(entry.move for entry in view.log if entry.reveal)
            lines = [self.text("Last seen at", self._px_title, TEXT, width), self.text(f"after move {move}", self._px_body, DIM, width)]
            self._stack(surface, area, lines, big=(view.last_reveal, REVEAL))
        else:
            self._stack(surface, area, self.wrap("Mister X has not surfaced yet", self._px_title, DIM, width, 3))

    def _choices(self, surface: pygame.Surface, area: pygame.Rect, ui: Ui) -> None:
        """Which control key takes which ticket: key 1 the first of ``ui.ticket_choices``, and so on."""
        title = "Which ticket?" if ui.chosen is None else f"Ticket to {ui.chosen}?"
        heading = self.text(title, self._px_title, TEXT, area.w)
        surface.blit(heading, heading.get_rect(midtop=(area.centerx, area.y)))
        top = area.y + heading.get_height() + self._pad
        choices = ui.ticket_choices[:4]
        if not choices:
            return
        row_h = min(round(self.size[1] * 0.11), (area.bottom - top) // len(choices))
        gap = self._pad
        for index, ticket in enumerate(choices):
            row = pygame.Rect(area.x, top + index * row_h, area.w, row_h).inflate(0, -gap)
            key = pygame.Rect(row.x, row.y, row.h, row.h)
            pygame.draw.rect(surface, HIGHLIGHT, key, border_radius=gap)
            pygame.draw.rect(surface, TEXT, key, width=2, border_radius=gap)
            number = self.text(str(index + 1), self._px_body, TEXT, key.w)
            surface.blit(number, number.get_rect(center=key.center))
            box = pygame.Rect(key.right + 2 * gap, row.y, row.right - key.right - 2 * gap, row.h)
            self._ticket_box(surface, box, ticket, TICKET_NAMES[ticket])

    def _deal(self, surface: pygame.Surface, area: pygame.Rect, ui: Ui) -> None:
        """The pieces still to place, each with its colour and station."""
        if not ui.to_place:
            self._stack(surface, area, self.wrap("Every piece is placed", self._px_title, TEXT, area.w, 2))
            return
        heading = self.text("Place", self._px_title, TEXT, area.w)
        surface.blit(heading, heading.get_rect(midtop=(area.centerx, area.y)))
        top = area.y + heading.get_height() + self._pad
        row_h = max(self._px_body, round(self.size[1] * 0.075))
        fits = max(1, (area.bottom - top) // row_h)
        shown = list(ui.to_place)
        more = 0
        if len(shown) > fits:
            shown, more = shown[: fits - 1], len(shown) - (fits - 1)
        for index, (name, station) in enumerate(shown):
            row = pygame.Rect(area.x, top + index * row_h, area.w, row_h)
            radius = row_h * 3 // 10
            centre = (row.x + radius + self._pad, row.centery)
            pygame.draw.circle(surface, PIECE_COLOURS.get(name, BOBBY_COLOUR), centre, radius)
            pygame.draw.circle(surface, TEXT, centre, radius, width=2)
            text = self.text(f"{piece_label(name)} on {station}", self._px_body, TEXT, row.w - 2 * radius - 3 * self._pad)
            surface.blit(text, text.get_rect(midleft=(centre[0] + radius + 2 * self._pad, row.centery)))
        if more:
            text = self.text(f"and {more} more", self._px_body, DIM, area.w)
            surface.blit(text, text.get_rect(midtop=(area.centerx, top + len(shown) * row_h)))

    def _correcting(self, surface: pygame.Surface, area: pygame.Rect, view: PublicView, ui: Ui) -> None:
        """Correcting the board: what to press, and the picked detective's tickets with the one keys 3/4 change."""
        width, body = area.w, self._px_body
        if ui.selected is None:
            lines = self.wrap("Press a piece, then the station where it really stands", self._px_title, TEXT, width, 4)
            self._stack(surface, area, lines + self.wrap("CONFIRM: done", body, DIM, width, 1))
            return
        piece = view.piece(ui.selected)
        heading = self.text(f"{piece_label(piece.name)} on {piece.station}", self._px_title, TEXT, width)
        surface.blit(heading, heading.get_rect(midtop=(area.centerx, area.y)))
        top = area.y + heading.get_height() + self._pad
        if piece.bobby:
            self._stack(surface, pygame.Rect(area.x, top, width, area.bottom - top),
                        self.wrap("Press the station where it really stands", body, DIM, width, 3))
            return
        kinds = (Ticket.TAXI, Ticket.BUS, Ticket.UNDERGROUND)
        row_h = min(round(self.size[1] * 0.1), (area.bottom - top) // (len(kinds) + 1))
        for index, ticket in enumerate(kinds):
            row = pygame.Rect(area.x, top + index * row_h, width, row_h).inflate(-self._pad, -self._pad)
            if ticket is ui.correct_ticket:
                pygame.draw.rect(surface, TEXT, row.inflate(self._pad, self._pad), width=2, border_radius=self._pad)
            self._ticket_box(surface, row, ticket, f"{TICKET_NAMES[ticket]}: {piece.tickets[ticket]}")
        hint = self.text("1/2: pick   3/4: -1/+1", self._min_px, DIM, width)
        surface.blit(hint, hint.get_rect(midtop=(area.centerx, top + len(kinds) * row_h + self._pad)))

    def _game_over(self, surface: pygame.Surface, area: pygame.Rect, view: PublicView) -> None:
        """Who won and why, and where Mister X ended (his route is in the travel log, now all shown)."""
        outcome, width = view.outcome, area.w
        if outcome is None:
            self._stack(surface, area, [self.text("Game over", self._px_title, TEXT, width)])
            return
        winner, _, reason = str(outcome).partition(": ")
        lines = [self.text(_capitalised(winner), self._px_title, TEXT, width), *self.wrap(_capitalised(reason), self._px_body, DIM, width, 3)]
        if view.mister_x_final is None:
            self._stack(surface, area, lines)
        else:
            lines.append(self.text("Mister X was at", self._px_body, TEXT, width))
            self._stack(surface, area, lines, big=(view.mister_x_final, REVEAL))

    def _draw_message(self, surface: pygame.Surface, ui: Ui, now: float) -> None:
        """The one-line message; red while a refused press blinks (paused: the message is in the panel)."""
        self.message_bar(surface, "" if ui.mode is Mode.PAUSED else ui.message, alert=_showing(ui.refused, now))


def _status(ui: Ui) -> str:
    """The header's line: whose turn it is, and what kind of action is awaited."""
    selected = piece_label(ui.selected) if ui.selected else None
    if ui.mode is Mode.DEAL:
        return "Place the pieces"
    if ui.mode is Mode.MISTER_X:
        return "Mister X's turn"
    if ui.mode is Mode.DETECTIVES and selected and ui.chosen is not None:
        return f"{selected}: to {ui.chosen}"  # the computer detectives' move, for a player to make
    if ui.mode is Mode.DETECTIVES:
        return f"{selected}: pick a destination" if selected else "Detectives: pick a piece"
    if ui.mode is Mode.CHOOSE_TICKET:
        return f"{selected}: choose a ticket" if selected else "Choose a ticket"
    if ui.mode is Mode.PAUSED:
        return "Paused"
    if ui.mode is Mode.CORRECT:
        return "Correct the board"
    return "Game over"


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def _dimmed(colour: Colour) -> Colour:
    """A used-up ticket's colour: still recognisable, clearly not available."""
    red, green, blue = (round(c * 0.35 + b * 0.65) for c, b in zip(colour, BACKGROUND))
    return (red, green, blue)


def _piece_colour(piece: PieceView) -> Colour:
    return BOBBY_COLOUR if piece.bobby else PIECE_COLOURS.get(piece.name, BOBBY_COLOUR)


def render_png(view: PublicView, ui: Ui, path: str | Path, size: tuple[int, int] = (800, 480), now: float = 0.0) -> None:
    """Draw one screen off-screen and save it as a PNG (for tests and the docs)."""
    surface = pygame.Surface(size)
    ScreenRenderer(size).draw(surface, view, ui, now)
    pygame.image.save(surface, str(path))
