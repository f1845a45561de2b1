"""The computer players' fast model of the board: bitset tables and distances as plain lists.

The search runs millions of tiny steps, so it does not go through ``Game``: a
position is a handful of ints (stations, ticket counts, the possible set as a
bitset) and a step is a few table lookups. ``Tables`` holds everything that
depends only on the board and the edition's lines, built once and shared.

>>> from engine import london
>>> from engine.editions import CLASSIC
>>> t = tables(london(), CLASSIC.transports)
>>> t.dist[1][46], t.dist[1][1]
(1, 0)
>>> sorted(bits(t.reach[1 * 8 + 0b100]))    # from 1 with underground tickets only
[46]
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from engine.ai.distance import distances
from engine.board import Board, Station, StationSet, Transport
from engine.tickets import Ticket, Tickets

FAR = 30
"""The distance used between stations that no detective line joins."""


def bits(stations: StationSet) -> Iterator[Station]:
    """The stations of a bitset, lowest first."""
    while stations:
        low = stations & -stations
        yield low.bit_length() - 1
        stations ^= low


@dataclass(frozen=True)
class Tables:
    """Board tables for one set of lines, indexed by station."""

    lines: tuple[int, ...]
    """The detective lines in use (0 taxi, 1 bus, 2 underground)."""
    nb: tuple[tuple[StationSet, ...], ...]
    """Neighbours by taxi, bus and underground (empty rows for a closed line)."""
    black: tuple[StationSet, ...]
    """Where a black ticket leads (every line in use, the ferry included)."""
    reach: tuple[StationSet, ...]
    """``reach[station * 8 + mask]``: where a detective line of the ticket mask (bit t: line t) leads."""
    dist: tuple[tuple[int, ...], ...]
    """Fewest detective-line moves between stations (``FAR`` if none)."""
    stations: tuple[Station, ...]
    space: tuple[float, ...]
    """log2 of the stations within two detective-line moves (room to hide and to run)."""


@cache
def tables(board: Board, transports: frozenset[Transport]) -> Tables:
    """The tables of *board* with the lines of *transports* (cached)."""
    size = max(board.stations) + 1
    lines = tuple(t for t in (0, 1, 2) if Transport(t) in transports)
    nb = tuple(tuple(board.neighbour_table(Transport(t))) if t in lines else (0,) * size for t in (0, 1, 2))
    black = tuple(board.neighbours_any_table(transports))
    reach = []
    for station in range(size):
        for mask in range(8):
            out = 0
            for t in lines:
                if mask >> t & 1:
                    out |= nb[t][station]
            reach.append(out)
    table = distances(board, transports)
    dist = tuple(tuple(table.get(a, {}).get(b, FAR) if a in table else FAR for b in range(size)) for a in range(size))
    space = tuple(math.log2(1 + sum(1 for d in row if d <= 2)) for row in dist)
    return Tables(lines, nb, black, tuple(reach), dist, board.stations, space)


def ticket_mask(tickets: Tickets | list[int] | tuple[int, ...], bobby: bool) -> int:
    """The lines a detective's tickets open (a bobby: all), as a 3-bit mask."""
    if bobby:
        return 7
    return (tickets[0] > 0) | (tickets[1] > 0) << 1 | (tickets[2] > 0) << 2


def mister_x_options(
    t: Tables, station: Station, own: list[int] | tuple[int, ...], supply: list[int] | tuple[int, ...] | None, occupied: StationSet
) -> list[tuple[Station, int]]:
    """Mister X's single moves as (station, ticket), by the rules of ``Game``: a ticket of the
    line's transport (his own, else the supply's), or black on any line, never onto a piece."""
    out: list[tuple[Station, int]] = []
    free = ~occupied
    for line in t.lines:
        if own[line] > 0 or (supply is not None and supply[line] > 0):
            targets = t.nb[line][station] & free
            while targets:
                low = targets & -targets
                out.append((low.bit_length() - 1, line))
                targets ^= low
    if own[Ticket.BLACK] > 0:
        targets = t.black[station] & free
        while targets:
            low = targets & -targets
            out.append((low.bit_length() - 1, 3))
            targets ^= low
    return out


def mister_x_reach(t: Tables, station: Station, own: list[int] | tuple[int, ...], supply: list[int] | tuple[int, ...] | None) -> StationSet:
    """Every station Mister X's tickets take him to from *station*, ignoring pieces."""
    if own[Ticket.BLACK] > 0:
        return t.black[station]
    out = 0
    for line in t.lines:
        if own[line] > 0 or (supply is not None and supply[line] > 0):
            out |= t.nb[line][station]
    return out


def pay(own: list[int], supply: list[int] | None, ticket: int) -> None:
    """Take Mister X's *ticket* from his own tickets, else from the supply (in place)."""
    if own[ticket] > 0:
        own[ticket] -= 1
    elif supply is not None:
        supply[ticket] -= 1


def distance_layers(board: Board, lines: frozenset[Transport], sources: StationSet, depth: int = 8) -> list[StationSet]:
    """``layers[d]``: the stations exactly *d* detective-line moves from the nearest of *sources* (up to *depth*)."""
    layers = [sources]
    seen = sources
    frontier = sources
    for _ in range(depth):
        frontier = board.reach_any(frontier, lines) & ~seen
        if not frontier:
            break
        seen |= frontier
        layers.append(frontier)
    return layers


def layer_of(layers: list[StationSet], station: Station) -> int:
    """The distance of *station* in ``distance_layers`` (``FAR`` beyond them)."""
    for d, layer in enumerate(layers):
        if layer >> station & 1:
            return d
    return FAR
