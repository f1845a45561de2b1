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
from collections.abc import Collection, Container, Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import Any

from engine.board import Station
from engine.errors import ScotlandYardError
from engine.tickets import Ticket

LETTERS: dict[Ticket, str] = {Ticket.TAXI: "T", Ticket.BUS: "B", Ticket.UNDERGROUND: "U", Ticket.BLACK: "X"}
"""Each ticket a move is paid with, as the notation writes it."""
_TICKETS = {letter: ticket for ticket, letter in LETTERS.items()}
_LEG = re.compile(r"([A-Za-z])([0-9]+)")
_PIECE = re.compile(r"[a-z][a-z0-9_]*")


class Misreading(Enum):
    """What is wrong with text read as a move (``NotationError.misreading``), each with its English words: ``{part}``
    is the part of the text that is wrong, the other names are the error's other fields."""

    NOT_TEXT = "a move is written as text"
    NO_MOVE_SHAPE = "write {shapes}"
    NOT_A_NAME = "{part!r} is not a piece's name"
    NOT_A_LEG = "{part!r} is not a leg: a ticket's letter ({letters}) and a station, as in '{example}'"
    NO_SUCH_PIECE = "{part!r} is none of this game's pieces ({pieces})"
    NO_SUCH_STATION = "{part!r} goes to station {station}, which is not on the board"


class NotationError(ScotlandYardError):
    """Text that is not a move, as data, as a ``RulesError`` is: which case it is (``misreading``, a ``Misreading``) and
    its facts (``fields``: always ``text``, all the text read, and ``part``, the part of it that is wrong; the
    pieces or the station where the case names them). Its message is English, for logs and programs:

    >>> try:
    ...     parse_move("red Q46")
    ... except NotationError as error:
    ...     refused = error
    >>> refused.misreading is Misreading.NOT_A_LEG, refused.text, refused.part, refused.fields["letters"]
    (True, 'red Q46', 'Q46', 'T, B, U or X')
    """

    def __init__(self, misreading: Misreading, /, text: object, part: object, **facts: object) -> None:
        self.misreading = misreading
        self.fields: Mapping[str, object] = MappingProxyType({"text": text, "part": part, **facts})
        super().__init__(f"{text!r} is not a move: {misreading.value.format_map(self.fields)}")

    @property
    def text(self) -> object:
        """All the text that was read (whatever was given, when it was not text)."""
        return self.fields["text"]

    @property
    def part(self) -> object:
        """The part of ``text`` that is wrong: a word, a leg, or all of it."""
        return self.fields["part"]

    def within(self, text: str) -> NotationError:
        """The same misreading, of the longer *text* this one's text is a part of (a leg of a move, say)."""
        return NotationError(self.misreading, text, **{name: value for name, value in self.fields.items() if name != "text"})

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by its parts, as a ``RulesError`` is."""
        return _rebuilt, (self.misreading, dict(self.fields))


def _rebuilt(misreading: Misreading, fields: dict[str, Any]) -> NotationError:
    return NotationError(misreading, **fields)


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
        raise NotationError(Misreading.NOT_A_LEG, text, text.strip(), letters=allowed, example=f"{letters[0]}46")
    return match[1].upper(), int(match[2])


def parse_leg(text: str) -> tuple[Station, Ticket]:
    """The station and ticket of one leg (``"T46"``: 46 by taxi); ``NotationError`` for anything else."""
    letter, station = split_leg(text, "TBUX")
    return station, _TICKETS[letter]


def parse_move(text: str) -> Move:
    """The move *text* writes in the notation (any case, spaces around ``+`` allowed); ``NotationError`` for anything else.

    The notation alone is read: a game's ``parse_move`` also refuses a piece or a station the game does not have,
    and the rules are not asked: a parsed move may be illegal (``Game.is_legal``).
    """
    if not isinstance(text, str):
        raise NotationError(Misreading.NOT_TEXT, text, text)
    words = text.split()
    try:
        if len(words) == 2 and "+" not in text:
            piece = words[0].lower()
            if not _PIECE.fullmatch(piece):
                raise NotationError(Misreading.NOT_A_NAME, text, words[0])
            station, ticket = parse_leg(words[1])
            return DetectiveMove(piece, station, ticket)
        legs = "".join(words).split("+")
        if len(legs) == 1:
            return MisterXMove(*parse_leg(legs[0]))
        if len(legs) == 2:
            return DoubleMove(MisterXMove(*parse_leg(legs[0])), MisterXMove(*parse_leg(legs[1])))
    except NotationError as error:
        raise error.within(text) from None
    shapes = "'red T46' (a detective), 'T46' (Mister X) or 'T46+X47' (a double move)"
    raise NotationError(Misreading.NO_MOVE_SHAPE, text, text, shapes=shapes)


def check_exists(text: str, piece: str | None, legs: Mapping[str, Station], pieces: Collection[str], board: Container[Station]) -> None:
    """Refuse (``NotationError``) the move *text* if it names a *piece* that is none of *pieces*, or one of its *legs*
    (each written as in the notation, and its station) goes to a station that is not on *board*: what a game's own
    ``parse_move`` refuses before any rule is asked."""
    if piece is not None and piece not in pieces:
        raise NotationError(Misreading.NO_SUCH_PIECE, text, piece, pieces=", ".join(pieces))
    for leg, station in legs.items():
        if station not in board:
            raise NotationError(Misreading.NO_SUCH_STATION, text, leg, station=station)
