"""Moves: small immutable values with readable reprs (python-chess style).

A detective's or bobby's move names the piece, the destination and the ticket
(for a bobby, the transport of the line used: bobbies spend nothing). Mister X's
move is a destination and a ticket; a double move is two of them played as one
action.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.board import Station
from engine.tickets import Ticket


@dataclass(frozen=True, slots=True)
class DetectiveMove:
    """A detective or bobby moves to *station* along a line of *ticket*'s transport."""

    piece: str
    station: Station
    ticket: Ticket

    def __str__(self) -> str:
        return f"{self.piece} {self.ticket} to {self.station}"


@dataclass(frozen=True, slots=True)
class MisterXMove:
    """Mister X moves to *station* using *ticket* (taxi, bus, underground or black)."""

    station: Station
    ticket: Ticket

    def __str__(self) -> str:
        return f"Mister X {self.ticket} to {self.station}"


@dataclass(frozen=True, slots=True)
class DoubleMove:
    """Mister X plays a double-move ticket: two moves in a row, each its own travel-log entry."""

    first: MisterXMove
    second: MisterXMove

    def __str__(self) -> str:
        return f"Mister X double: {self.first.ticket} to {self.first.station}, {self.second.ticket} to {self.second.station}"


Move = DetectiveMove | MisterXMove | DoubleMove
