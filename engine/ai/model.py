"""The computer players' own model of the board: distances and room as plain lists, beside the engine's move tables.

The search runs millions of tiny steps, so it does not go through ``Game``: a
position is a handful of ints (stations, ticket counts, the possible set as a
bitset) and a step is a few table lookups. Which moves a piece has is never
decided here: ``Tables`` carries the engine's own generators
(``engine.movegen``), built once and shared with every ``Game`` on the board:
``detectives`` (a detective's or bobby's reach by ticket mask, the tickets
that take it to a station) and ``mister_x`` (his moves as (station, ticket)
legs, his reach). What is the search's own is the rest: distances, the room
around a station, the distance layers of a set of stations.

>>> from engine import london
>>> from engine.editions import CLASSIC
>>> from engine.movegen import ticket_mask
>>> t = tables(london(), CLASSIC.transports)
>>> t.dist[1][46], t.dist[1][1]
(1, 0)
>>> sorted(bits(t.detectives.reach[1 << 3 | ticket_mask((0, 0, 2))]))    # from 1 with underground tickets only
[46]
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from engine.ai.distance import distances
from engine.board import Board, Station, StationSet, Transport
from engine.movegen import DetectiveMoves, MisterXMoves, detective_moves, mister_x_moves

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
    """The search's tables for one board and one set of lines, indexed by station, and the engine's move generators."""

    detectives: DetectiveMoves
    """The engine's generation of detectives' and bobbies' moves (``reach[station << 3 | mask]``, ``tickets``)."""
    mister_x: MisterXMoves
    """The engine's generation of Mister X's moves (``legs``, ``reach``)."""
    dist: tuple[tuple[int, ...], ...]
    """Fewest detective-line moves between stations (``FAR`` if none)."""
    stations: tuple[Station, ...]
    space: tuple[float, ...]
    """log2 of the stations within two detective-line moves (room to hide and to run)."""
    line: tuple[int, ...]
    """The best detective line at a station: 0 taxi only, 1 a bus, 2 the underground."""


@cache
def tables(board: Board, transports: frozenset[Transport]) -> Tables:
    """The tables of *board* with the lines of *transports* (cached)."""
    size = max(board.stations) + 1
    table = distances(board, transports)
    dist = tuple(tuple(table.get(a, {}).get(b, FAR) if a in table else FAR for b in range(size)) for a in range(size))
    space = tuple(math.log2(1 + sum(1 for d in row if d <= 2)) for row in dist)
    line = tuple(_best_line(board.transports_at(s) & transports) if s in board else 0 for s in range(size))
    return Tables(detective_moves(board, transports), mister_x_moves(board, transports), dist, board.stations, space, line)


def _best_line(lines: frozenset[Transport]) -> int:
    """``Tables.line`` of a station with *lines*."""
    return 2 if Transport.UNDERGROUND in lines else 1 if Transport.BUS in lines else 0


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
