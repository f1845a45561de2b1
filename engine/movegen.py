"""Move generation shared by the game, Mister X's view and the computer players: one place for the rules of moving.

Moves are immutable values, so each possible one is built once and shared: a
piece's moves from a station with a set of tickets are a tuple built on first
use, and listing legal moves is then filtering it by the occupied stations.

>>> from engine import london, CLASSIC, Tickets
>>> moves = mister_x_moves(london(), CLASSIC.transports).moves(1, Tickets(4, 3, 3, 5), None, occupied=0)
>>> [str(move) for move in moves][:3]
['T8', 'T9', 'B46']

The computer players search from states of plain ints and lists, so the same
tables answer them in plain values too: a detective's reach by ticket mask
(``DetectiveMoves.reach``), the tickets that take it to a station
(``DetectiveMoves.tickets``), Mister X's moves as (station, ticket) pairs
(``MisterXMoves.legs``), and the payments of rules 6, 8 and 10 (``pay``,
``after_paying``, ``pay_detective``):

>>> detectives = detective_moves(london(), CLASSIC.transports)
>>> mask = ticket_mask(Tickets(0, 0, 2))               # underground tickets only
>>> [station for station in range(200) if detectives.reach[1 << 3 | mask] >> station & 1]
[46]
>>> detectives.tickets(1, 46, ticket_mask(Tickets(1, 1, 1)))   # bus or underground from 1 to 46
(1, 2)
>>> mister_x_moves(london(), CLASSIC.transports).legs(1, Tickets(4, 3, 3, 5), None, occupied=0)[:3]
((8, 0), (9, 0), (46, 1))
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from functools import cache
from typing import TypeVar

from engine.board import Board, Station, StationSet, Transport, iter_stations
from engine.editions import TicketFlow
from engine.moves import DetectiveMove, MisterXMove
from engine.tickets import TRANSPORT_TICKETS, Ticket

_BLACK = Ticket.BLACK
_TO_MISTER_X = TicketFlow.MISTER_X  # an enum member read from the module: ten times cheaper in hot loops
_TRANSPORTS = tuple(Transport)
_DETECTIVE_LINES = (int(Transport.TAXI), int(Transport.BUS), int(Transport.UNDERGROUND))
_M = TypeVar("_M", DetectiveMove, MisterXMove)

Leg = tuple[Station, int]
"""A move as plain values for the searches: (station, ticket), the ticket as an int (``Ticket`` order)."""


def unblocked(entry: tuple[tuple[_M, ...], StationSet], occupied: StationSet) -> Sequence[_M]:
    """The moves of a table entry (moves and their stations as a bitset) that do not end on an occupied station."""
    along, reach = entry
    if occupied & reach:
        return [m for m in along if not occupied >> m.station & 1]
    return along


def ticket_mask(tickets: Sequence[int], bobby: bool = False) -> int:
    """The detective lines a piece's *tickets* open, as a 3-bit mask (bit t: line t); a bobby needs none (rule 3)."""
    if bobby:
        return 7
    return (tickets[0] > 0) | (tickets[1] > 0) << 1 | (tickets[2] > 0) << 2


class DetectiveMoves:
    """Detectives' and bobbies' moves on one board with one edition's lines (rule 3), by station and ticket mask.

    ``reach[station << 3 | mask]`` is where a piece whose tickets open the
    lines of *mask* (``ticket_mask``) can go, ignoring the pieces (rule 4).
    """

    def __init__(self, board: Board, transports: frozenset[Transport]) -> None:
        self.lines: tuple[int, ...] = tuple(t for t in _DETECTIVE_LINES if Transport(t) in transports)
        """The detective lines the edition opens (0 taxi, 1 bus, 2 underground), as plain ints."""
        self._neighbours = [board.neighbour_table(Transport(t)) for t in _DETECTIVE_LINES]
        reach: list[StationSet] = []
        for station in range(len(self._neighbours[0])):
            for mask in range(8):
                out = 0
                for t in self.lines:
                    if mask >> t & 1:
                        out |= self._neighbours[t][station]
                reach.append(out)
        self.reach: tuple[StationSet, ...] = tuple(reach)
        """Where the lines of a ticket mask lead, indexed ``station << 3 | mask`` (for the searches' hot loops)."""
        self._tickets: dict[int, tuple[int, ...]] = {}
        self._moves: dict[tuple[str, bool, int], tuple[tuple[DetectiveMove, ...], StationSet]] = {}

    def tickets(self, station: Station, to: Station, mask: int) -> tuple[int, ...]:
        """The tickets (as ints, taxi first) a piece whose tickets open *mask* may use from *station* to *to*
        (a bobby: the lines it may take); empty if none."""
        key = (station << 8 | to) << 3 | mask
        found = self._tickets.get(key)
        if found is None:
            found = self._tickets[key] = tuple(t for t in self.lines if mask >> t & 1 and self._neighbours[t][station] >> to & 1)
        return found

    def moves(self, piece: str, bobby: bool, station: Station, mask: int) -> tuple[tuple[DetectiveMove, ...], StationSet]:
        """*piece*'s moves from *station* with the lines of *mask*, ignoring the pieces, and their stations as a
        bitset: every (line, station) pair for a detective, one move a destination for a bobby (it spends
        nothing), by the first of taxi, bus, underground."""
        key = (piece, bobby, station << 3 | mask)
        entry = self._moves.get(key)
        if entry is None:
            moves: list[DetectiveMove] = []
            reach = 0
            for t in self.lines:
                if mask >> t & 1:
                    fresh = self._neighbours[t][station] & ~reach
                    targets = fresh if bobby else self._neighbours[t][station]
                    moves.extend(DetectiveMove(piece, to, TRANSPORT_TICKETS[t]) for to in iter_stations(targets))
                    reach |= fresh
            entry = self._moves[key] = (tuple(moves), reach)
        return entry

    def every_line(self, bobby: str, station: Station) -> tuple[tuple[DetectiveMove, ...], StationSet]:
        """A bobby's moves from *station* by every line it may take, each (line, station) pair its own move, and their
        stations: all that the rules accept (rule 3: any line, paying nothing), where ``moves`` offers one a destination."""
        return self.moves(bobby, False, station, 7)  # a detective holding every ticket has every (line, station) pair


@cache
def detective_moves(board: Board, transports: frozenset[Transport]) -> DetectiveMoves:
    """The generator of detectives' and bobbies' moves on *board* with the lines of *transports* (one, shared)."""
    return DetectiveMoves(board, transports)


class MisterXMoves:
    """Mister X's single moves on one board with one edition's lines, built once per station and ticket mask.

    The one place his moves are generated: ``Game`` lists them from here, and
    so do his view (``MisterXView.second_legs``) and the computer players.
    """

    def __init__(self, board: Board, transports: frozenset[Transport]) -> None:
        self._lines = [t for t in _DETECTIVE_LINES if Transport(t) in transports]
        self._neighbours = [board.neighbour_table(t) for t in _TRANSPORTS]
        self._black_reach = board.neighbours_any_table(transports)
        self._table: dict[int, tuple[tuple[MisterXMove, ...], StationSet]] = {}
        self._legs: dict[int, tuple[tuple[Leg, ...], StationSet]] = {}

    def moves(self, station: Station, own: Sequence[int], supply: Sequence[int] | None, occupied: StationSet) -> Sequence[MisterXMove]:
        """His moves from *station* with his tickets *own* (else the *supply*'s), never onto an *occupied* station."""
        return unblocked(self._entry(station, own, supply), occupied)

    def reach(self, station: Station, own: Sequence[int], supply: Sequence[int] | None) -> StationSet:
        """Every station his tickets take him to from *station*, ignoring the pieces."""
        # _entry's key, inline: the searches ask this in their inner loops
        if supply is None:
            key = station << 4 | (own[0] > 0) | (own[1] > 0) << 1 | (own[2] > 0) << 2 | (own[3] > 0) << 3
        else:
            key = (station << 4 | (own[0] > 0 or supply[0] > 0) | (own[1] > 0 or supply[1] > 0) << 1
                   | (own[2] > 0 or supply[2] > 0) << 2 | (own[3] > 0) << 3)
        entry = self._table.get(key)
        return (entry or self._entry(station, own, supply))[1]

    def legs(self, station: Station, own: Sequence[int], supply: Sequence[int] | None, occupied: StationSet) -> Sequence[Leg]:
        """``moves`` as (station, ticket) pairs of plain ints, in the same order (for the searches)."""
        # _entry's key, inline: the searches ask this in their inner loops
        if supply is None:
            key = station << 4 | (own[0] > 0) | (own[1] > 0) << 1 | (own[2] > 0) << 2 | (own[3] > 0) << 3
        else:
            key = (station << 4 | (own[0] > 0 or supply[0] > 0) | (own[1] > 0 or supply[1] > 0) << 1
                   | (own[2] > 0 or supply[2] > 0) << 2 | (own[3] > 0) << 3)
        found = self._legs.get(key)
        if found is None:
            along = self._entry(station, own, supply)
            found = self._legs[key] = (tuple((move.station, int(move.ticket)) for move in along[0]), along[1])
        legs, reach = found
        if occupied & reach:
            return [leg for leg in legs if not occupied >> leg[0] & 1]
        return legs

    def _entry(self, station: Station, own: Sequence[int], supply: Sequence[int] | None) -> tuple[tuple[MisterXMove, ...], StationSet]:
        """The table's entry for his tickets (his own, else the supply's, by line; black his own only)."""
        if supply is None:
            key = station << 4 | (own[0] > 0) | (own[1] > 0) << 1 | (own[2] > 0) << 2 | (own[3] > 0) << 3
        else:
            key = (
                station << 4
                | (own[0] > 0 or supply[0] > 0)
                | (own[1] > 0 or supply[1] > 0) << 1
                | (own[2] > 0 or supply[2] > 0) << 2
                | (own[3] > 0) << 3
            )
        entry = self._table.get(key)
        if entry is None:
            entry = self._table[key] = self._build(station, key & 15)
        return entry

    def _build(self, station: Station, mask: int) -> tuple[tuple[MisterXMove, ...], StationSet]:
        moves: list[MisterXMove] = []
        reach = 0
        for t in self._lines:
            if mask >> t & 1:
                targets = self._neighbours[t][station]
                moves.extend(MisterXMove(to, TRANSPORT_TICKETS[t]) for to in iter_stations(targets))
                reach |= targets
        if mask >> _BLACK & 1:
            targets = self._black_reach[station]
            moves.extend(MisterXMove(to, _BLACK) for to in iter_stations(targets))
            reach |= targets
        return tuple(moves), reach


@cache
def mister_x_moves(board: Board, transports: frozenset[Transport]) -> MisterXMoves:
    """The generator of Mister X's moves on *board* with the lines of *transports* (one, shared by every game)."""
    return MisterXMoves(board, transports)


def pay(ticket: int, own: MutableSequence[int], supply: MutableSequence[int] | None) -> None:
    """Mister X pays *ticket* (in place): his own first, else the supply's (rule 6); a double-move ticket is his own (rule 8)."""
    if own[ticket]:
        own[ticket] -= 1
    elif supply is not None:
        supply[ticket] -= 1


def after_paying(ticket: int, own: Sequence[int], supply: Sequence[int] | None) -> tuple[list[int], list[int] | None]:
    """Mister X's tickets and the supply once he has paid *ticket*: his own first, else the supply's (rule 6)."""
    own = list(own)
    supply = list(supply) if supply is not None else None
    pay(ticket, own, supply)
    return own, supply


def pay_detective(ticket: int, tickets: MutableSequence[int], mister_x: MutableSequence[int], supply: MutableSequence[int] | None,
                  flow: TicketFlow) -> None:
    """A detective gives up *ticket* from his *tickets* (in place): to Mister X's or to the supply, as the edition's *flow*
    says (rule 10; a bobby pays nothing: do not call this for one)."""
    tickets[ticket] -= 1
    if flow is _TO_MISTER_X:
        mister_x[ticket] += 1
    elif supply is not None:
        supply[ticket] += 1


def take_back_detective(ticket: int, tickets: MutableSequence[int], mister_x: MutableSequence[int], supply: MutableSequence[int] | None,
                        flow: TicketFlow) -> None:
    """``pay_detective`` undone: the *ticket* comes back from wherever it went (rule 10, taking moves back)."""
    tickets[ticket] += 1
    if flow is _TO_MISTER_X:
        mister_x[ticket] -= 1
    elif supply is not None:
        supply[ticket] -= 1
