"""Moves: small immutable values, readable and written in one compact notation (python-chess style).

A detective's or bobby's move names the piece, the destination and the ticket
(for a bobby, the transport of the line used: bobbies spend nothing). Mister X's
move is a destination and a ticket; a double move is two of them played as one
action.

The notation is how moves are written and read by people and files (game
records, journals, the handheld link, the terminal game): a leg is a ticket's
letter and a station, ``T`` taxi, ``B`` bus, ``U`` underground, ``X`` black; a
detective's or bobby's move puts its name before the leg; Mister X's move is
the leg alone, and his double move joins two legs with ``+``. It reads in any
case and round-trips exactly:

>>> moves = (DetectiveMove("red", 46, Ticket.TAXI), DetectiveMove("bobby1", 14, Ticket.BUS), MisterXMove(115, Ticket.UNDERGROUND),
...          MisterXMove(157, Ticket.BLACK), DoubleMove(MisterXMove(46, Ticket.TAXI), MisterXMove(47, Ticket.BLACK)))
>>> [str(move) for move in moves]
['red T46', 'bobby1 B14', 'U115', 'X157', 'T46+X47']
>>> all(parse_move(str(move)) == move for move in moves)
True
>>> parse_move("t46 + x47")
DoubleMove(first=MisterXMove(station=46, ticket=<Ticket.TAXI: 0>), second=MisterXMove(station=47, ticket=<Ticket.BLACK: 3>))
>>> parse_move("red T46") == DetectiveMove("red", 46, Ticket.TAXI)
True
>>> parse_move("red 46")
Traceback (most recent call last):
...
engine.moves.NotationError: 'red 46' is not a move: '46' is not a leg: a ticket's letter (T, B, U or X) and a station, as in 'T46'

As in python-chess, ``str(move)`` is the notation (``move.notation`` says the
same); ``move.describe()`` is the move in English words, for logs and programs:

>>> DoubleMove(MisterXMove(46, Ticket.TAXI), MisterXMove(47, Ticket.BLACK)).describe()
'Mister X double: taxi to 46, black to 47'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.board import Station
from engine.errors import ScotlandYardError
from engine.tickets import Ticket

LETTERS: dict[Ticket, str] = {Ticket.TAXI: "T", Ticket.BUS: "B", Ticket.UNDERGROUND: "U", Ticket.BLACK: "X"}
"""Each ticket a move is paid with, as the notation writes it."""
_TICKETS = {letter: ticket for ticket, letter in LETTERS.items()}
_LEG = re.compile(r"([A-Za-z])([0-9]+)")
_PIECE = re.compile(r"[a-z][a-z0-9_]*")


class NotationError(ScotlandYardError):
    """Text that is not a move in the notation; the message says what a move looks like."""


@dataclass(frozen=True, slots=True)
class DetectiveMove:
    """A detective or bobby moves to *station* along a line of *ticket*'s transport."""

    piece: str
    station: Station
    ticket: Ticket

    def __str__(self) -> str:
        return f"{self.piece} {leg_notation(self.station, self.ticket)}"

    notation = property(__str__)

    def describe(self) -> str:
        return f"{self.piece} {self.ticket} to {self.station}"


@dataclass(frozen=True, slots=True)
class MisterXMove:
    """Mister X moves to *station* using *ticket* (taxi, bus, underground or black)."""

    station: Station
    ticket: Ticket

    def __str__(self) -> str:
        return leg_notation(self.station, self.ticket)

    notation = property(__str__)

    def describe(self) -> str:
        return f"Mister X {self.ticket} to {self.station}"


@dataclass(frozen=True, slots=True)
class DoubleMove:
    """Mister X plays a double-move ticket: two moves in a row, each its own travel-log entry."""

    first: MisterXMove
    second: MisterXMove

    def __str__(self) -> str:
        return f"{self.first}+{self.second}"

    notation = property(__str__)

    def describe(self) -> str:
        return f"Mister X double: {self.first.ticket} to {self.first.station}, {self.second.ticket} to {self.second.station}"


Move = DetectiveMove | MisterXMove | DoubleMove


def leg_notation(station: Station, ticket: Ticket) -> str:
    """One leg: the ticket's letter and the station (``T46``).

    A leg paid with a ticket no move is paid with (a double-move ticket) is still
    written, as text ``parse_move`` refuses, so that every move prints:

    >>> leg_notation(46, Ticket.DOUBLE)
    '<double>46'
    """
    return f"{LETTERS.get(ticket) or f'<{ticket}>'}{station}"


def split_leg(text: str, letters: str) -> tuple[str, Station]:
    """A leg's letter (one of *letters*, upper case) and station; ``NotationError`` naming the letters for anything else."""
    match = _LEG.fullmatch(text.strip())
    if match is None or match[1].upper() not in letters:
        allowed = ", ".join(letters[:-1]) + f" or {letters[-1]}"
        raise NotationError(f"{text.strip()!r} is not a leg: a ticket's letter ({allowed}) and a station, as in '{letters[0]}46'")
    return match[1].upper(), int(match[2])


def parse_leg(text: str) -> tuple[Station, Ticket]:
    """The station and ticket of one leg (``"T46"``: 46 by taxi); ``NotationError`` for anything else."""
    letter, station = split_leg(text, "TBUX")
    return station, _TICKETS[letter]


def parse_move(text: str) -> Move:
    """The move *text* writes in the notation (any case, spaces around ``+`` allowed); ``NotationError`` for anything else.

    The rules are not asked: a parsed move may be illegal (``Game.is_legal``).
    """
    if not isinstance(text, str):
        raise NotationError(f"a move is written as text, not {text!r}")
    words = text.split()
    try:
        if len(words) == 2 and "+" not in text:
            piece = words[0].lower()
            if not _PIECE.fullmatch(piece):
                raise NotationError(f"{words[0]!r} is not a piece's name")
            station, ticket = parse_leg(words[1])
            return DetectiveMove(piece, station, ticket)
        legs = "".join(words).split("+")
        if len(legs) == 1:
            return MisterXMove(*parse_leg(legs[0]))
        if len(legs) == 2:
            return DoubleMove(MisterXMove(*parse_leg(legs[0])), MisterXMove(*parse_leg(legs[1])))
    except NotationError as error:
        raise NotationError(f"{text!r} is not a move: {error}") from None
    raise NotationError(f"{text!r} is not a move: write 'red T46' (a detective), 'T46' (Mister X) or 'T46+X47' (a double move)")
