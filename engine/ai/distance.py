"""Shortest-path distances on the board, counted in moves of any detective line."""

from __future__ import annotations

from functools import cache

from engine.board import Board, Station, Transport


@cache
def distances(board: Board, transports: frozenset[Transport]) -> dict[Station, dict[Station, int]]:
    """Fewest moves between every pair of stations along *transports*, ignoring tickets."""
    lines = [board.neighbour_table(t) for t in transports if t is not Transport.FERRY]
    table: dict[Station, dict[Station, int]] = {}
    for source in board.stations:
        dist = {source: 0}
        frontier = 1 << source
        seen = frontier
        step = 0
        while frontier:
            step += 1
            reached = 0
            bits = frontier
            while bits:
                low = bits & -bits
                station = low.bit_length() - 1
                for neighbours in lines:
                    reached |= neighbours[station]
                bits ^= low
            frontier = reached & ~seen
            seen |= frontier
            bits = frontier
            while bits:
                low = bits & -bits
                dist[low.bit_length() - 1] = step
                bits ^= low
        table[source] = dist
    return table
