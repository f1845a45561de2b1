"""Where Junior is played: a district of the London board, as data.

Our lit board is the classic one, so a Junior game uses a connected part of it
(with a boat line: the classic board's ferry) and only the lines inside it.
Moves never leave the district. Each district names its X spaces (where the
rogues may start) and the detectives' two starting stations. The shipped one
has all four of Junior's transports: taxi, bus, metro (the underground) and boat.

>>> district = find_district("central")
>>> len(district.stations), district.detective_starts
(36, (82, 115))
>>> sorted(stations_of(district.board.neighbours(157, Transport.FERRY)))
[115]
>>> district.board.lines[Transport.UNDERGROUND]
((67, 111), (111, 153), (140, 153))
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from engine.board import Board, Station, Transport, london, station_set, stations_of

__all__ = ["District", "districts", "find_district", "load_districts"]


@dataclass(frozen=True)
class District:
    """A playing area: its stations, its X spaces and the detectives' starts, and the sub-board of its lines."""

    name: str
    title: str
    """What the setup menu calls it."""
    stations: tuple[Station, ...]
    rogue_starts: tuple[Station, ...]
    """The X spaces: each rogue starts on a different one."""
    detective_starts: tuple[Station, Station]
    """Willy Watson's and Milly Marble's starting stations."""
    board: Board = field(repr=False, compare=False)
    """Only the district's stations and the lines between two of them."""

    def __str__(self) -> str:
        return self.title

    @property
    def area(self) -> int:
        """The district's stations as a bitset (what the console lights as the playing area)."""
        return station_set(self.stations)


def district_of(name: str, title: str, stations: list[Station], rogue_starts: list[Station],
                detective_starts: list[Station], city: Board | None = None) -> District:
    """Check a district against the board it is cut from, and cut its sub-board."""
    city = city or london()
    inside = set(stations)
    if len(inside) != len(stations):
        raise ValueError(f"district {name}: a station is listed twice")
    outside = sorted(inside - set(city.stations))
    if outside:
        raise ValueError(f"district {name}: {outside} are not stations of the {city.name} board")
    lines = {t: [(a, b) for a, b in city.lines[t] if a in inside and b in inside] for t in Transport}
    board = Board(f"{city.name}: {name}", {s: city.positions[s] for s in stations}, lines)
    if not lines[Transport.FERRY]:
        raise ValueError(f"district {name}: it needs a boat line (a ferry line with both ends inside)")
    reached = station_set([stations[0]])
    while True:
        grown = reached | board.reach_any(reached, frozenset(Transport))
        if grown == reached:
            break
        reached = grown
    if reached != board.all_stations:
        raise ValueError(f"district {name}: {stations_of(board.all_stations & ~reached)} cannot be reached from {stations[0]}")
    starts = [*rogue_starts, *detective_starts]
    if len(set(starts)) != len(starts) or not inside.issuperset(starts):
        raise ValueError(f"district {name}: the starting stations must be different stations of the district")
    if len(rogue_starts) < 2 or len(detective_starts) != 2:
        raise ValueError(f"district {name}: it needs at least two X spaces and two detective starts")
    return District(name, title, tuple(stations), tuple(rogue_starts), (detective_starts[0], detective_starts[1]), board)


def load_districts(text: str) -> dict[str, District]:
    """Read the project's district file (``engine/data/districts.json``); a bad one is refused, naming what is wrong."""
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("format") != "scotland-yard-districts" or data.get("version") != 1:
        raise ValueError("not a scotland-yard-districts file of version 1")
    found = {}
    for entry in data["districts"]:
        try:
            district = district_of(str(entry["name"]), str(entry["title"]), [int(s) for s in entry["stations"]],
                                   [int(s) for s in entry["rogue_starts"]], [int(s) for s in entry["detective_starts"]])
        except (KeyError, TypeError) as error:
            raise ValueError(f"a district entry lacks or garbles {error}") from None
        found[district.name] = district
    return found


@cache
def districts() -> dict[str, District]:
    """The districts shipped with the engine, by name (the first is the default)."""
    return load_districts(resources.files("engine").joinpath("data/districts.json").read_text(encoding="utf-8"))


def find_district(name: str) -> District:
    """The shipped district called *name*."""
    try:
        return districts()[name]
    except KeyError:
        raise ValueError(f"no such district: {name!r} (there are {', '.join(districts())})") from None
