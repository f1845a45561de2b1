"""The screen of a Scotland Yard game: the public game drawn large, for any screen size.

``draw_game`` is a function of ``(PublicView, Ui, now)`` alone: it is never
handed Mister X's station, so it can show only what the public travel log (or
the end of the game) shows. The simulator draws its screen panel with the same
code. Layout, as fractions of the surface (so any configured size works):

- header: whose turn and what happens now; the round, and the moves in the classic edition;
- travel log: one box per what the edition counts (``log_boxes``): a box per move
  where the game's length counts Mister X's moves (the classic edition: the two
  legs of a double move joined by a purple bar underneath), a box per round where
  it counts rounds (the reissue and the beginner edition: a double move's two
  tickets share their round's box, one above the other, a purple bar under it);
  reveals framed in blue, used boxes in their tickets' colours, shown stations in them;
- left: Mister X's tickets and last known station, then each detective and bobby
  with station and tickets;
- right: what matters now (a reveal, the ticket keys, the pieces to place, the
  winner, ...), with the reveal notice and the deduction assist count below it,
  and above those the beginner hints that fit in the panel's lower half, if the table has them on;
  in a guided game the lesson card has the right-hand column instead, from the log's top
  (``card_place``), and the travel log keeps to the left, over the table;
- bottom: the message, on one line or two (red while a press is being refused).

Every word is looked up in the language in use as the frame is drawn (``language``): the screen keeps no
words of its own, so a change of language shows on the next frame.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pygame

from console.games.classic.hints import hints
from console.games.classic.model import Mode, Ui
from console.games.words import display_name, outcome_parts
from console.table.case import capitalised
from console.table.lights import showing
from console.table.screen.pairing import whole_body
from console.table.screen.toolkit import BACKGROUND, DIM, HIGHLIGHT, PANEL, TEXT, TICKET_COLOURS, TICKET_INK, Colour, Toolkit, fraction
from engine import Station, Ticket, Transport
from engine.editions import Length
from engine.position import MISTER_X
from engine.views import PieceView, PublicLogEntry, PublicView
from language import Text, Words, np_, p_

REVEAL: Colour = (90, 200, 255)
"""Reveal moves and revealed stations: a colour no ticket uses."""

PIECE_COLOURS: dict[str, Colour] = {
    "red": (235, 60, 60),
    "blue": (70, 130, 255),
    "green": (60, 195, 90),
    "yellow": (245, 215, 0),
    "purple": (175, 95, 240),
    "orange": (255, 145, 20),
}
BOBBY_COLOUR: Colour = (175, 175, 175)

TICKET_NAMES: dict[Ticket, Text] = {
    Ticket.TAXI: p_("panel", "taxi"),
    Ticket.BUS: p_("panel", "bus"),
    Ticket.UNDERGROUND: p_("panel", "underground"),
    Ticket.BLACK: p_("panel", "black"),
    Ticket.DOUBLE: p_("panel", "double move"),
}
"""A ticket's name on its box (the ticket keys' choices, a correction's counts)."""


@dataclass(frozen=True)
class LogBox:
    """One box of the travel log as the screen draws it."""

    number: int
    """The round (an edition that counts rounds) or the move (one that counts moves) the box stands for."""
    entries: tuple[PublicLogEntry, ...]
    """What Mister X played in it: nothing yet, a ticket, or (a round's box) a double move's two."""
    reveal: bool
    """A reveal move is in it (or will be, should he move once a round from now on): framed in blue."""


def log_boxes(view: PublicView) -> list[LogBox]:
    """The travel log's boxes, counted as the edition counts the game's length (and the header counts it).

    Where the length counts Mister X's moves, a box per move (a double move fills two). Where it counts
    rounds, a box per round: a double move's two tickets share their round's box, and a reveal move
    still to come is framed in the round it falls in if he moves once a round from now on.
    """
    ruleset, log = view.ruleset, view.log
    reveals = ruleset.reveal_moves
    if ruleset.length_unit is Length.MOVES:
        return [LogBox(move, log[move - 1 : move], move in reveals) for move in range(1, max(ruleset.length, len(log)) + 1)]
    rounds: list[tuple[PublicLogEntry, ...]] = []
    index = 0
    while index < len(log):
        legs = 2 if log[index].double and index + 1 < len(log) else 1
        rounds.append(log[index : index + legs])
        index += legs
    boxes = [LogBox(number, entries, any(entry.reveal for entry in entries)) for number, entries in enumerate(rounds, 1)]
    made = len(log)
    boxes.extend(LogBox(number, (), made + number - len(rounds) in reveals) for number in range(len(rounds) + 1, ruleset.length + 1))
    return boxes


def log_length(view: PublicView) -> int:
    """Boxes in the travel log: the length in moves (a box per move), or in rounds (a box per round)."""
    return len(log_boxes(view))


@dataclass(frozen=True)
class Layout:
    """The game screen's own panels, below the toolkit's header and above its message bar."""

    log: pygame.Rect
    table: pygame.Rect
    focus: pygame.Rect | None
    """None in a guided game: its lesson card has the right-hand column (``card_place``)."""


@cache
def layout(size: tuple[int, int], card: bool = False) -> Layout:
    """The panels at *size*; with a lesson *card*, the travel log keeps to the left over the table and the card has the
    right-hand column from the log's top to the message bar: the round track, the log and every ticket stay in view."""
    if card:
        return Layout(log=fraction(size, 0.008, 0.125, 0.6, 0.37), table=fraction(size, 0.008, 0.385, 0.6, 0.885), focus=None)
    return Layout(log=fraction(size, 0.008, 0.125, 0.992, 0.37), table=fraction(size, 0.008, 0.385, 0.6, 0.885),
                  focus=fraction(size, 0.612, 0.385, 0.992, 0.885))


def pairing_rooms(kit: Toolkit) -> list[pygame.Rect]:
    """Where the phone's pairing code goes: over the travel log and the pieces, so that the header (whose turn), the right
    panel (the pieces to place, why the game waits) and the message stay in view; else (a small screen) the whole body."""
    return [fraction(kit.size, 0.008, 0.125, 0.6, 0.885), *whole_body(kit)]


def card_place(size: tuple[int, int]) -> pygame.Rect:
    """Where a guided game's lesson card goes on the game screen (``layout(size, card=True)`` keeps it free)."""
    return fraction(size, 0.612, 0.125, 0.992, 0.885)


def draw_game(kit: Toolkit, surface: pygame.Surface, view: PublicView, ui: Ui, now: float) -> None:
    """Draw the whole screen for *view* and *ui* at time *now* (which decides the flashes); ``kit.texts`` gets its words."""
    GameScreen(kit).draw(surface, view, ui, now)


class GameScreen:
    """Draws the game screen with a toolkit (which keeps the fonts and rendered texts)."""

    def __init__(self, kit: Toolkit) -> None:
        self.kit = kit
        self.layout = layout(kit.size)

    def draw(self, surface: pygame.Surface, view: PublicView, ui: Ui, now: float) -> None:
        """Draw the whole screen for *view* and *ui* at time *now* (which decides the flashes); with ``ui.lesson_card``, all
        but the panel under the card's place."""
        self.kit.begin(surface)
        self.layout = layout(self.kit.size, ui.lesson_card)
        self._draw_header(surface, view, ui)
        self._draw_log(surface, view)
        self._draw_table(surface, view, ui)
        if self.layout.focus is not None:
            self._draw_focus(surface, self.layout.focus, view, ui, now)
        self._draw_message(surface, ui, now)

    def _draw_header(self, surface: pygame.Surface, view: PublicView, ui: Ui) -> None:
        rect, pad = self.kit.header, self.kit.pad * 2
        pygame.draw.rect(surface, PANEL, rect)
        ruleset = view.ruleset
        if ruleset.length_unit is Length.ROUNDS:
            counter = p_("title", "Round {round} of {length}", round=view.round, length=ruleset.length)
        else:  # the length counts his moves: so do the header and the log
            counter = p_("title", "Move {move} of {length} · round {round}", move=view.moves_made, length=ruleset.length,
                         round=view.round)
        right = self.kit.text(counter, self.kit.px_header, DIM, round(rect.w * 0.45))
        surface.blit(right, right.get_rect(midright=(rect.right - pad, rect.centery)))
        left = self.kit.text(_status(ui), self.kit.px_header, TEXT, rect.w - right.get_width() - 3 * pad)
        surface.blit(left, left.get_rect(midleft=(rect.x + pad, rect.centery)))

    def _draw_log(self, surface: pygame.Surface, view: PublicView) -> None:
        """The travel log as numbered boxes: it is also the track of the game's length, with the reveals framed."""
        area = self.layout.log
        boxes = log_boxes(view)
        rows = 1 if len(boxes) <= 10 else 2 if len(boxes) <= 30 else 3
        per_row = math.ceil(len(boxes) / rows)
        cell_w, cell_h = area.w / per_row, area.h / rows
        gap = self.kit.pad
        frame = max(3, gap // 2)
        upcoming = sum(len(box.entries) > 0 for box in boxes) + 1 if view.outcome is None else 0
        first_leg = False  # a double move's legs in two boxes come in pairs: the first one's bar reaches the second
        for index, box in enumerate(boxes):
            row, column = divmod(index, per_row)
            rect = pygame.Rect(round(area.x + column * cell_w), round(area.y + row * cell_h), round(cell_w), round(cell_h))
            rect.inflate_ip(-gap, -gap)
            if not box.entries:
                pygame.draw.rect(surface, PANEL, rect, border_radius=gap)
                number = self.kit.text(str(box.number), self.kit.min_px, REVEAL if box.reveal else DIM, rect.w - gap)
                surface.blit(number, number.get_rect(center=rect.center))
            elif len(box.entries) == 1:
                self._log_entry(surface, rect, box.entries[0], str(box.number), frame if box.reveal else 0)
            else:  # a double move in its round's box: the first leg above the second
                top = pygame.Rect(rect.x, rect.y, rect.w, rect.h // 2)
                bottom = pygame.Rect(rect.x, top.bottom, rect.w, rect.h - top.h)
                pygame.draw.rect(surface, PANEL, rect, border_radius=gap)
                rounded_top = {"border_top_left_radius": gap, "border_top_right_radius": gap}
                rounded_bottom = {"border_bottom_left_radius": gap, "border_bottom_right_radius": gap}
                for half, entry, corners in ((top, box.entries[0], rounded_top), (bottom, box.entries[1], rounded_bottom)):
                    pygame.draw.rect(surface, TICKET_COLOURS[entry.ticket], half, **corners)
                    if entry.ticket is Ticket.BLACK:
                        pygame.draw.rect(surface, TEXT, half, width=2, **corners)
                    if entry.station is not None:
                        px = max(self.kit.min_px, min(self.kit.px_main, half.h))
                        station = self.kit.text(str(entry.station), px, TICKET_INK[entry.ticket], rect.w - gap)
                        surface.blit(station, station.get_rect(center=half.center))
                    elif half is top:  # the round's number, where no station takes its place
                        number = self.kit.text(str(box.number), self.kit.min_px, TICKET_INK[entry.ticket], rect.w - gap)
                        surface.blit(number, number.get_rect(topleft=(rect.x + gap, rect.y + (frame if box.reveal else 2))))
                pygame.draw.line(surface, BACKGROUND, (rect.x, top.bottom), (rect.right - 1, top.bottom), 2)
            double = len(box.entries) == 2 or (len(box.entries) == 1 and box.entries[0].double)
            if double:
                first_leg = len(box.entries) == 1 and not first_leg
                bar = pygame.Rect(rect.x, rect.bottom + 1, rect.w + (gap + 1 if first_leg else 0), max(4, gap))
                pygame.draw.rect(surface, TICKET_COLOURS[Ticket.DOUBLE], bar)
            if box.reveal:
                pygame.draw.rect(surface, REVEAL, rect, width=frame, border_radius=gap)
            if index + 1 == upcoming:
                pygame.draw.rect(surface, TEXT, rect.inflate(gap, gap), width=2, border_radius=gap)

    def _log_entry(self, surface: pygame.Surface, rect: pygame.Rect, entry: PublicLogEntry, label: str, frame: int) -> None:
        """A used box: its ticket's colour, the station if shown, and its number where it stands clear of the station."""
        gap = self.kit.pad
        ink = TICKET_INK[entry.ticket]
        pygame.draw.rect(surface, TICKET_COLOURS[entry.ticket], rect, border_radius=gap)
        if entry.ticket is Ticket.BLACK:
            pygame.draw.rect(surface, TEXT, rect, width=2, border_radius=gap)
        number_px = self.kit.min_px
        number = self.kit.text(label, number_px, ink, rect.w - gap)
        corner = number.get_rect(topleft=(rect.x + gap, rect.y + max(frame, 2)))
        if entry.station is None:
            surface.blit(number, corner)
            return
        station_px = max(self.kit.min_px, min(self.kit.px_main, round(rect.h - number_px)))
        station = self.kit.text(str(entry.station), station_px, ink, rect.w - gap)
        spot = station.get_rect(bottomright=(rect.right - gap, rect.bottom))
        # The number goes in its corner only where its letters stand clear of the station's (two paddings across, or
        # one above), not as a footnote stuck to it; else the station wins: the box's place in the log tells the number.
        ink_number = number.get_bounding_rect().move(corner.topleft)
        ink_station = station.get_bounding_rect().move(spot.topleft)
        if ink_station.left - ink_number.right >= 2 * gap or ink_station.top - ink_number.bottom >= gap:
            surface.blit(number, corner)
            surface.blit(station, spot)
        else:
            surface.blit(station, station.get_rect(center=rect.center))

    def _draw_table(self, surface: pygame.Surface, view: PublicView, ui: Ui) -> None:
        """Mister X's row, then a row per detective and bobby: station and tickets (all public, rule 15)."""
        area, pad, px = self.layout.table, self.kit.pad, self.kit.px_main
        rows = max(6, len(view.pieces) + 1)
        row_h = area.h / rows
        # Columns from the widest texts: names get what the stations and five ticket slots leave.
        font = self.kit.font(px)
        chip_w = round(min(row_h * 0.85, area.w * 0.06))
        name_x = area.x + chip_w + pad
        widest = max(font.size(str(display_name(name)))[0] for name in (MISTER_X, *(piece.name for piece in view.pieces)))
        station_w = font.size("888")[0] + pad
        slot_w = max((area.right - name_x - widest - station_w) / 5, self.kit.font(self.kit.min_px).size("88")[0] + pad + 4)
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
        name = self.kit.text(display_name(MISTER_X), px, TEXT, station_x - name_x - pad)
        surface.blit(name, name.get_rect(midleft=(name_x, rect.centery)))
        seen = view.mister_x_final if view.mister_x_final is not None else view.last_reveal
        station = self.kit.text("?" if seen is None else str(seen), px, DIM if seen is None else REVEAL, station_w)
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
            name = self.kit.text(display_name(piece.name), px, ink, station_x - name_x - pad)
            surface.blit(name, name.get_rect(midleft=(name_x, rect.centery)))
            station = self.kit.text(str(piece.station), px, ink, station_w)
            surface.blit(station, station.get_rect(midright=(station_right, rect.centery)))
            if not piece.bobby:
                shown = (Ticket.TAXI, Ticket.BUS, Ticket.UNDERGROUND) if uses_underground else (Ticket.TAXI, Ticket.BUS)
                tickets(rect, [(ticket, piece.tickets[ticket]) for ticket in shown])

    def _ticket_box(self, surface: pygame.Surface, rect: pygame.Rect, ticket: Ticket, label: str | Text, *,
                    dim: bool = False) -> None:
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
        text = self.kit.text(label, max(self.kit.min_px, min(self.kit.px_main, rect.h - 2)), DIM if dim else TICKET_INK[ticket], rect.w - 4)
        surface.blit(text, text.get_rect(center=rect.center))

    def _draw_focus(self, surface: pygame.Surface, focus: pygame.Rect, view: PublicView, ui: Ui, now: float) -> None:
        """The right-hand panel: the one thing the table should look at now."""
        pygame.draw.rect(surface, PANEL, focus, border_radius=self.kit.pad)
        inner = focus.inflate(-2 * self.kit.pad, -2 * self.kit.pad)
        width, body = inner.w, self.kit.px_main
        footer: list[pygame.Surface] = []
        if ui.mode in (Mode.MISTER_X, Mode.DETECTIVES, Mode.CHOOSE_TICKET):
            if ui.reveal_next:
                footer += self.kit.wrap(p_("panel", "Mister X surfaces after his next move"), self.kit.min_px, REVEAL, width, 2)
            if ui.assist:
                count = np_("panel", "Mister X can be at {n} station", "Mister X can be at {n} stations", len(view.possible_stations))
                footer += self.kit.wrap(count, self.kit.min_px, TEXT, width, 2)
        if ui.hints:
            footer = self.kit.hint_lines(hints(view, ui), width, inner.h // 2 - sum(line.get_height() for line in footer)) + footer
        y = inner.bottom
        for line in reversed(footer):
            y -= line.get_height()
            surface.blit(line, line.get_rect(midtop=(inner.centerx, y)))
        content = pygame.Rect(inner.x, inner.y, inner.w, y - inner.y - (self.kit.pad if footer else 0))

        if ui.mode is Mode.GAME_OVER:
            self._game_over(surface, content, view)
        elif ui.mode is Mode.PAUSED:
            self._stack(surface, content, [self.kit.text(p_("panel", "Paused"), self.kit.px_title, TEXT, width),
                                           *self.kit.wrap(ui.message, body, TEXT, width, 4)])
        elif ui.mode is Mode.DEAL:
            self._deal(surface, content, ui)
        elif ui.mode is Mode.CORRECT:
            self._correcting(surface, content, view, ui)
        elif ui.reveal is not None and showing(ui.reveal, now):
            self._stack(surface, content, self.kit.wrap(p_("card", "Mister X surfaces at"), self.kit.px_title, TEXT, width, 2),
                        big=(ui.reveal.station, REVEAL))
        elif ui.mode is Mode.MISTER_X:
            self._stack(surface, content, self.kit.wrap(p_("card", "Mister X is moving"), self.kit.px_title * 3 // 2, TEXT, width, 3))
        elif ui.mode is Mode.CHOOSE_TICKET:
            self._choices(surface, content, ui)
        else:
            self._whereabouts(surface, content, view)

    def _stack(self, surface: pygame.Surface, area: pygame.Rect, lines: list[pygame.Surface],
               big: tuple[Station, Colour] | None = None) -> None:
        """*lines* centred in *area*, then *big* (a station) as large as the room left allows."""
        if big is not None:
            room = area.h - sum(line.get_height() for line in lines)
            px = max(self.kit.min_px, min(self.kit.px_big, room))
            lines = [*lines, self.kit.text(str(big[0]), px, big[1], area.w)]
        self.kit.stack(surface, area, lines)

    def _whereabouts(self, surface: pygame.Surface, area: pygame.Rect, view: PublicView) -> None:
        """During the detectives' turn: where Mister X is, or was last seen."""
        width = area.w
        if view.log and view.log[-1].station is not None:
            self._stack(surface, area, [self.kit.text(p_("panel", "Mister X is at"), self.kit.px_title, TEXT, width)],
                        big=(view.log[-1].station, REVEAL))
        elif view.last_reveal is not None:
            seen = max(box.number for box in log_boxes(view) if any(entry.reveal for entry in box.entries))
            when = (p_("panel", "in round {round}", round=seen) if view.ruleset.length_unit is Length.ROUNDS
                    else p_("panel", "after move {move}", move=seen))
            lines = [self.kit.text(p_("panel", "Last seen at"), self.kit.px_title, TEXT, width),
                     self.kit.text(when, self.kit.px_main, DIM, width)]
            self._stack(surface, area, lines, big=(view.last_reveal, REVEAL))
        else:
            self._stack(surface, area, self.kit.wrap(p_("card", "Mister X has not surfaced yet"), self.kit.px_title, DIM, width, 3))

    def _choices(self, surface: pygame.Surface, area: pygame.Rect, ui: Ui) -> None:
        """Which control key takes which ticket: key 1 the first of ``ui.ticket_choices``, and so on."""
        title = p_("panel", "Which ticket?") if ui.chosen is None else p_("panel", "Ticket to {station}?", station=ui.chosen)
        heading = self.kit.text(title, self.kit.px_title, TEXT, area.w)
        surface.blit(heading, heading.get_rect(midtop=(area.centerx, area.y)))
        top = area.y + heading.get_height() + self.kit.pad
        choices = ui.ticket_choices[:4]
        if not choices:
            return
        row_h = min(round(self.kit.size[1] * 0.11), (area.bottom - top) // len(choices))
        gap = self.kit.pad
        for index, ticket in enumerate(choices):
            row = pygame.Rect(area.x, top + index * row_h, area.w, row_h).inflate(0, -gap)
            key = pygame.Rect(row.x, row.y, row.h, row.h)
            pygame.draw.rect(surface, HIGHLIGHT, key, border_radius=gap)
            pygame.draw.rect(surface, TEXT, key, width=2, border_radius=gap)
            number = self.kit.text(str(index + 1), self.kit.px_main, TEXT, key.w)
            surface.blit(number, number.get_rect(center=key.center))
            box = pygame.Rect(key.right + 2 * gap, row.y, row.right - key.right - 2 * gap, row.h)
            self._ticket_box(surface, box, ticket, TICKET_NAMES[ticket])

    def _deal(self, surface: pygame.Surface, area: pygame.Rect, ui: Ui) -> None:
        """The pieces still to place, each with its colour and station."""
        if not ui.to_place:
            self._stack(surface, area, self.kit.wrap(p_("card", "Every piece is placed"), self.kit.px_title, TEXT, area.w, 2))
            return
        heading = self.kit.text(p_("panel", "Place"), self.kit.px_title, TEXT, area.w)
        surface.blit(heading, heading.get_rect(midtop=(area.centerx, area.y)))
        top = area.y + heading.get_height() + self.kit.pad
        row_h = max(self.kit.px_main, round(self.kit.size[1] * 0.075))
        fits = max(1, (area.bottom - top) // row_h)
        shown = list(ui.to_place)
        more = 0
        if len(shown) > fits:
            shown, more = shown[: fits - 1], len(shown) - (fits - 1)
        for index, (name, station) in enumerate(shown):
            row = pygame.Rect(area.x, top + index * row_h, area.w, row_h)
            radius = row_h * 3 // 10
            centre = (row.x + radius + self.kit.pad, row.centery)
            pygame.draw.circle(surface, PIECE_COLOURS.get(name, BOBBY_COLOUR), centre, radius)
            pygame.draw.circle(surface, TEXT, centre, radius, width=2)
            text = self.kit.text(_piece_on(name, station), self.kit.px_main, TEXT, row.w - 2 * radius - 3 * self.kit.pad)
            surface.blit(text, text.get_rect(midleft=(centre[0] + radius + 2 * self.kit.pad, row.centery)))
        if more:
            text = self.kit.text(np_("panel", "and {n} more", "and {n} more", more), self.kit.px_main, DIM, area.w)
            surface.blit(text, text.get_rect(midtop=(area.centerx, top + len(shown) * row_h)))

    def _correcting(self, surface: pygame.Surface, area: pygame.Rect, view: PublicView, ui: Ui) -> None:
        """Correcting the board: what to press, and the picked detective's tickets with the one keys 3/4 change."""
        width, body = area.w, self.kit.px_main
        if ui.selected is None:
            lines = self.kit.wrap(p_("card", "Press a piece, then the station where it really stands"), self.kit.px_title, TEXT, width, 4)
            self._stack(surface, area, lines + self.kit.wrap(p_("panel", "CONFIRM: done"), body, DIM, width, 1))
            return
        piece = view.piece(ui.selected)
        heading = self.kit.text(_piece_on(piece.name, piece.station), self.kit.px_title, TEXT, width)
        surface.blit(heading, heading.get_rect(midtop=(area.centerx, area.y)))
        top = area.y + heading.get_height() + self.kit.pad
        if piece.bobby:
            self._stack(surface, pygame.Rect(area.x, top, width, area.bottom - top),
                        self.kit.wrap(p_("card", "Press the station where it really stands"), body, DIM, width, 3))
            return
        kinds = (Ticket.TAXI, Ticket.BUS, Ticket.UNDERGROUND)
        row_h = min(round(self.kit.size[1] * 0.1), (area.bottom - top) // (len(kinds) + 1))
        for index, ticket in enumerate(kinds):
            row = pygame.Rect(area.x, top + index * row_h, width, row_h).inflate(-self.kit.pad, -self.kit.pad)
            if ticket is ui.correct_ticket:
                pygame.draw.rect(surface, TEXT, row.inflate(self.kit.pad, self.kit.pad), width=2, border_radius=self.kit.pad)
            self._ticket_box(surface, row, ticket, p_("panel", "{ticket}: {n}", ticket=TICKET_NAMES[ticket], n=piece.tickets[ticket]))
        hint = self.kit.text(p_("panel", "1/2: pick   3/4: -1/+1"), self.kit.min_px, DIM, width)
        surface.blit(hint, hint.get_rect(midtop=(area.centerx, top + len(kinds) * row_h + self.kit.pad)))

    def _game_over(self, surface: pygame.Surface, area: pygame.Rect, view: PublicView) -> None:
        """Who won and why, and where Mister X ended (his route is in the travel log, now all shown)."""
        outcome, width = view.outcome, area.w
        if outcome is None:
            self._stack(surface, area, [self.kit.text(p_("panel", "Not finished"), self.kit.px_title, TEXT, width)])
            return
        winner, reason = outcome_parts(outcome, view.ruleset)
        lines = [*self.kit.wrap(capitalised(str(winner)), self.kit.px_title, TEXT, width, 2),
                 *self.kit.wrap(capitalised(str(reason)), self.kit.px_main, DIM, width, 3)]
        if view.mister_x_final is None:
            self._stack(surface, area, lines)
        else:
            lines.append(self.kit.text(p_("panel", "Mister X was at"), self.kit.px_main, TEXT, width))
            self._stack(surface, area, lines, big=(view.mister_x_final, REVEAL))

    def _draw_message(self, surface: pygame.Surface, ui: Ui, now: float) -> None:
        """The message (one line or two); red while a refused press blinks (paused: the message is in the panel)."""
        self.kit.message_bar(surface, "" if ui.mode is Mode.PAUSED else ui.message, alert=showing(ui.refused, now))


def _status(ui: Ui) -> Words:
    """The header's line: whose turn it is, and what kind of action is awaited (or the title the flow gives)."""
    if ui.title:
        return ui.title
    selected = display_name(ui.selected) if ui.selected else None
    if ui.mode is Mode.DEAL:
        return p_("title", "Place the pieces")
    if ui.mode is Mode.MISTER_X:
        return p_("title", "Mister X's turn")
    if ui.mode is Mode.DETECTIVES and selected and ui.chosen is not None:
        return p_("title", "{piece}: to {station}", piece=selected, station=ui.chosen)  # the computer detectives' move, to make
    if ui.mode is Mode.DETECTIVES:
        return p_("title", "{piece}: pick a destination", piece=selected) if selected else p_("title", "Detectives: pick a piece")
    if ui.mode is Mode.CHOOSE_TICKET:
        return p_("title", "{piece}: choose a ticket", piece=selected) if selected else p_("title", "Choose a ticket")
    if ui.mode is Mode.PAUSED:
        return p_("title", "Paused")
    if ui.mode is Mode.CORRECT:
        return p_("title", "Correct the board")
    return p_("title", "Game over")


def _piece_on(name: str, station: Station) -> Text:
    """Where a piece stands (or is to stand), as a line of the panel: Red on 13."""
    return p_("panel", "{piece} on {station}", piece=display_name(name), station=station)


def _dimmed(colour: Colour) -> Colour:
    """A used-up ticket's colour: still recognisable, clearly not available."""
    red, green, blue = (round(c * 0.35 + b * 0.65) for c, b in zip(colour, BACKGROUND))
    return (red, green, blue)


def _piece_colour(piece: PieceView) -> Colour:
    return BOBBY_COLOUR if piece.bobby else PIECE_COLOURS.get(piece.name, BOBBY_COLOUR)


def render_png(view: PublicView, ui: Ui, path: str | Path, size: tuple[int, int] = (800, 480), now: float = 0.0) -> None:
    """Draw one screen off-screen and save it as a PNG (for tests and the docs)."""
    surface = pygame.Surface(size)
    draw_game(Toolkit(size), surface, view, ui, now)
    pygame.image.save(surface, str(path))
