"""The board: stations, the lines between them, and fast neighbourhood queries.

A set of stations is an ``int`` used as a bitset (bit *n* is station *n*), so a
whole belief over Mister X's location moves through the board in a few dozen
integer operations. That is what the deduction assist and the computer players
call millions of times.

>>> board = london()
>>> len(board.stations)
199
>>> sorted(stations_of(board.neighbours(108, Transport.FERRY)))
[115]
>>> stations_of(board.reach(station_set([1, 8]), Transport.UNDERGROUND))
[46]
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from enum import IntEnum
from functools import cache
from importlib import resources
from typing import TypeAlias

Station: TypeAlias = int
"""A station number, 1..199 on the London board."""

StationSet: TypeAlias = int
"""A set of stations as a bitset: bit *n* set means station *n* is in the set."""


class Transport(IntEnum):
    """The four kinds of line. The first three share their values with ``Ticket``."""

    TAXI = 0
    BUS = 1
    UNDERGROUND = 2
    FERRY = 3

    def __str__(self) -> str:
        return self.name.lower()


def station_set(stations: Iterable[Station]) -> StationSet:
    """The bitset holding *stations*."""
    bits = 0
    for station in stations:
        bits |= 1 << station
    return bits


def iter_stations(bits: StationSet) -> Iterator[Station]:
    """The stations in a bitset, in increasing order."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


def stations_of(bits: StationSet) -> list[Station]:
    """The stations in a bitset as a sorted list."""
    return list(iter_stations(bits))


_CHUNK = 8  # bits per lookup-table chunk: 25 chunks of 256 entries cover 200 stations
_MASK = (1 << _CHUNK) - 1


class Board:
    """A map of stations joined by lines of the four transports.

    Neighbourhoods are precomputed per transport as bitsets, and ``reach`` uses
    per-byte lookup tables so that expanding a whole station set costs one
    table lookup per 8 stations instead of one per station.
    """

    def __init__(
        self,
        name: str,
        positions: dict[Station, tuple[int, int]],
        lines: dict[Transport, list[tuple[Station, Station]]],
    ) -> None:
        self.name = name
        self.positions: dict[Station, tuple[int, int]] = dict(sorted(positions.items()))
        self.stations: tuple[Station, ...] = tuple(self.positions)
        self.all_stations: StationSet = station_set(self.stations)
        self.lines: dict[Transport, tuple[tuple[Station, Station], ...]] = {
            transport: tuple(sorted((min(a, b), max(a, b)) for a, b in lines.get(transport, ())))
            for transport in Transport
        }
        size = max(self.stations) + 1
        self._neighbours: list[list[StationSet]] = [[0] * size for _ in Transport]
        for transport, pairs in self.lines.items():
            table = self._neighbours[transport]
            for a, b in pairs:
                if a not in self.positions or b not in self.positions:
                    raise ValueError(f"{transport} line {a}-{b} names a station that is not on the board")
                table[a] |= 1 << b
                table[b] |= 1 << a
        self._chunks = (size + _CHUNK - 1) // _CHUNK
        self._reach_tables = [self._reach_table(self._neighbours[t]) for t in Transport]
        self._union_tables: dict[frozenset[Transport], list[StationSet]] = {}
        self._combined: dict[frozenset[Transport], list[StationSet]] = {}

    def __repr__(self) -> str:
        return f"<Board {self.name!r}: {len(self.stations)} stations>"

    def __contains__(self, station: object) -> bool:
        return station in self.positions

    def neighbours(self, station: Station, transport: Transport) -> StationSet:
        """The stations one line of *transport* away from *station*."""
        return self._neighbours[transport][station]

    def neighbour_table(self, transport: Transport) -> list[StationSet]:
        """The neighbour bitsets of *transport*, indexed by station (for hot loops)."""
        return self._neighbours[transport]

    def reach(self, stations: StationSet, transport: Transport) -> StationSet:
        """Every station one line of *transport* away from any station in *stations*."""
        return _reach(stations, self._reach_tables[transport])

    def reach_any(self, stations: StationSet, transports: frozenset[Transport]) -> StationSet:
        """Every station one line of any of *transports* away from *stations*."""
        return _reach(stations, self._combined_table(transports))

    def transports_at(self, station: Station) -> frozenset[Transport]:
        """The transports that have a line at *station*."""
        return frozenset(t for t in Transport if self._neighbours[t][station])

    def neighbours_any_table(self, transports: frozenset[Transport]) -> list[StationSet]:
        """Neighbours by a line of any of *transports*, indexed by station (where a black ticket leads)."""
        try:
            return self._union_tables[transports]
        except KeyError:
            pass
        union = [0] * len(self._neighbours[0])
        for transport in transports:
            for station, bits in enumerate(self._neighbours[transport]):
                union[station] |= bits
        self._union_tables[transports] = union
        return union

    def _combined_table(self, transports: frozenset[Transport]) -> list[StationSet]:
        try:
            return self._combined[transports]
        except KeyError:
            table = self._combined[transports] = self._reach_table(self.neighbours_any_table(transports))
            return table

    def _reach_table(self, neighbours: list[StationSet]) -> list[StationSet]:
        """table[chunk * 256 + byte] = union of the neighbours of the byte's stations."""
        table = [0] * (self._chunks << _CHUNK)
        for chunk in range(self._chunks):
            base = chunk << _CHUNK
            first = chunk * _CHUNK
            for byte in range(1, 1 << _CHUNK):
                low = byte & -byte
                station = first + low.bit_length() - 1
                own = neighbours[station] if station < len(neighbours) else 0
                table[base + byte] = table[base + (byte ^ low)] | own
        return table


def _reach(stations: StationSet, table: list[StationSet]) -> StationSet:
    out = 0
    if stations.bit_count() > 12:  # dense: walk every chunk
        base = 0
        while stations:
            out |= table[base | stations & _MASK]
            stations >>= _CHUNK
            base += 1 << _CHUNK
        return out
    while stations:  # sparse: jump from one non-empty chunk to the next
        shift = (stations & -stations).bit_length() - 1 & ~(_CHUNK - 1)  # the lowest non-empty chunk
        out |= table[shift << (_CHUNK - 3) | (stations >> shift & _MASK)]
        stations &= ~(_MASK << shift)
    return out


def load_board(text: str) -> Board:
    """Build a board from the project's JSON board format (see ``engine/data/london.json``)."""
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("format") != "scotland-yard-board" or data.get("version") != 1:
        raise ValueError("not a scotland-yard-board file of version 1")
    positions = {int(s): (int(x), int(y)) for s, (x, y) in data["stations"].items()}
    lines = {Transport[name.upper()]: [(int(a), int(b)) for a, b in pairs] for name, pairs in data["lines"].items()}
    return Board(data["name"], positions, lines)


@cache
def london() -> Board:
    """The classic 199-station London board (package data, loaded once)."""
    text = resources.files("engine").joinpath("data/london.json").read_text(encoding="utf-8")
    return load_board(text)
