"""Move generation shared by the game, Mister X's view and the computer players: one place for the rules of moving.

Moves are immutable values, so each possible one is built once and shared: a
piece's moves from a station with a set of tickets are a tuple built on first
use, and listing legal moves is then filtering it by the occupied stations.

>>> from engine import london, CLASSIC, Tickets
>>> moves = mister_x_moves(london(), CLASSIC.transports).moves(1, Tickets(4, 3, 3, 5), None, occupied=0)
>>> [str(move) for move in moves][:3]
['Mister X taxi to 8', 'Mister X taxi to 9', 'Mister X bus to 46']
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TypeVar

from engine.board import Board, Station, StationSet, Transport, iter_stations
from engine.moves import DetectiveMove, MisterXMove
from engine.tickets import TRANSPORT_TICKETS, Ticket

_BLACK = Ticket.BLACK
_TRANSPORTS = tuple(Transport)
_M = TypeVar("_M", DetectiveMove, MisterXMove)


def unblocked(entry: tuple[tuple[_M, ...], StationSet], occupied: StationSet) -> Sequence[_M]:
    """The moves of a table entry (moves and their stations as a bitset) that do not end on an occupied station."""
    along, reach = entry
    if occupied & reach:
        return [m for m in along if not occupied >> m.station & 1]
    return along


class MisterXMoves:
    """Mister X's single moves on one board with one edition's lines, built once per station and ticket mask.

    The one place his moves are generated: ``Game`` lists them from here, and
    so do his view (``MisterXView.second_legs``) and the computer players.
    """

    def __init__(self, board: Board, transports: frozenset[Transport]) -> None:
        self._lines = [int(t) for t in (Transport.TAXI, Transport.BUS, Transport.UNDERGROUND) if t in transports]
        self._neighbours = [board.neighbour_table(t) for t in _TRANSPORTS]
        self._black_reach = board.neighbours_any_table(transports)
        self._table: dict[int, tuple[tuple[MisterXMove, ...], StationSet]] = {}

    def moves(self, station: Station, own: Sequence[int], supply: Sequence[int] | None, occupied: StationSet) -> Sequence[MisterXMove]:
        """His moves from *station* with his tickets *own* (else the *supply*'s), never onto an *occupied* station."""
        return unblocked(self._entry(station, own, supply), occupied)

    def reach(self, station: Station, own: Sequence[int], supply: Sequence[int] | None) -> StationSet:
        """Every station his tickets take him to from *station*, ignoring the pieces."""
        return self._entry(station, own, supply)[1]

    def _entry(self, station: Station, own: Sequence[int], supply: Sequence[int] | None) -> tuple[tuple[MisterXMove, ...], StationSet]:
        if supply is None:
            mask = (own[0] > 0) | (own[1] > 0) << 1 | (own[2] > 0) << 2 | (own[3] > 0) << 3
        else:
            mask = (
                (own[0] > 0 or supply[0] > 0)
                | (own[1] > 0 or supply[1] > 0) << 1
                | (own[2] > 0 or supply[2] > 0) << 2
                | (own[3] > 0) << 3
            )
        key = station << 4 | mask
        entry = self._table.get(key)
        if entry is None:
            entry = self._table[key] = self._build(station, mask)
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





def after_paying(ticket: Ticket, own: Sequence[int], supply: Sequence[int] | None) -> tuple[list[int], list[int] | None]:
    """Mister X's tickets and the supply once he has paid *ticket*: his own first, else the supply's (rule 6)."""
    own = list(own)
    supply = list(supply) if supply is not None else None
    if own[ticket]:
        own[ticket] -= 1
    elif supply is not None:
        supply[ticket] -= 1
    return own, supply
