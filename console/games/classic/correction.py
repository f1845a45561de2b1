"""Correcting the board: the pieces' stations and tickets set by hand, after a mistake found too late for undo.

The players press a piece's station to pick it, then the station where the
piece really stands; keys 1 and 2 pick a ticket kind and keys 3 and 4 take one
away or give one back. Nothing changes in the game until the correction is
applied: then the engine checks the whole position (``Game(position)``) and
the game goes on from it.

Only the detectives' side can be corrected, and never onto a station where
Mister X may be (the public possible set): a refusal there would tell the
table where he is not, and a piece put on his station would end the game by
a correction rather than a move.

>>> from engine import Game
>>> game = Game.new("beginner", players=3, seed=1)
>>> draft = Correction(game)
>>> [(p.name, p.station) for p in draft.pieces]
[('red', 41), ('blue', 46), ('bobby1', 124), ('bobby2', 142)]
>>> draft.press(41), draft.press(40), draft.selected
(None, None, None)
>>> corrected = draft.apply()
>>> corrected.station_of("red")
40
"""

from __future__ import annotations

from dataclasses import replace

from console.games.classic.screen import TICKET_NAMES
from console.games.words import display_name
from engine import Game, Station, Ticket, Tickets
from engine.position import Position
from engine.views import PieceView, PublicView
from language import Text, _

TICKET_ROWS = (Ticket.TAXI, Ticket.BUS, Ticket.UNDERGROUND)
"""The tickets a detective holds, in the order keys 1 and 2 step through them."""


class Correction:
    """A draft of the detectives' side, checked by the engine only when applied."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._start = game.position()
        self.pieces = list(self._start.pieces)
        self.selected: str | None = None
        self.ticket = TICKET_ROWS[0]
        """The ticket kind keys 3 and 4 change."""

    @property
    def changed(self) -> bool:
        return tuple(self.pieces) != self._start.pieces

    def press(self, station: Station) -> Text | None:
        """Pick the piece on *station*, or put the picked one there; a reason when neither can be."""
        index = self._at(station)
        if index is not None:
            name = self.pieces[index].name
            self.selected = None if name == self.selected else name
            return None
        if self.selected is None:
            return _("no piece stands on {station}: press a piece's station first", station=station)
        if self._start.possible is not None and self._start.possible >> station & 1:
            return _("Mister X may be at {station}: a correction cannot put a piece there", station=station)
        if station not in self.game.board:
            return _("{station} is not a station", station=station)
        index = self._index(self.selected)
        self.pieces[index] = replace(self.pieces[index], station=station)
        self.selected = None
        return None

    def step_ticket(self, step: int) -> None:
        """Keys 1 and 2: the previous or next ticket kind."""
        self.ticket = TICKET_ROWS[(TICKET_ROWS.index(self.ticket) + step) % len(TICKET_ROWS)]

    def change_count(self, step: int) -> Text | None:
        """Keys 3 and 4: one ticket of the current kind fewer or more for the picked detective."""
        if self.selected is None:
            return _("press a detective's station first, then change its tickets")
        index = self._index(self.selected)
        piece = self.pieces[index]
        if piece.bobby:
            return _("{piece} is a bobby and holds no tickets", piece=display_name(piece.name))
        count = piece.tickets[self.ticket] + step
        most = self.game.ruleset.detective_tickets[self.ticket]
        if not 0 <= count <= most:
            return _("a detective holds 0 to {most} {ticket} tickets", most=most, ticket=TICKET_NAMES[self.ticket])
        tickets = list(piece.tickets)
        tickets[self.ticket] = count
        self.pieces[index] = replace(piece, tickets=Tickets(*tickets))
        return None

    def view(self, view: PublicView) -> PublicView:
        """*view* (the game's) with the draft's pieces."""
        return replace(view, pieces=tuple(PieceView(p.name, p.station, p.tickets, p.bobby) for p in self.pieces))

    def position(self) -> Position:
        return replace(self._start, pieces=tuple(self.pieces))

    def apply(self) -> Game:
        """The game going on from the corrected position (the engine refuses an impossible one)."""
        return Game(self.position(), self.game.board)

    def _at(self, station: Station) -> int | None:
        return next((n for n, piece in enumerate(self.pieces) if piece.station == station), None)

    def _index(self, name: str) -> int:
        return next(n for n, piece in enumerate(self.pieces) if piece.name == name)

