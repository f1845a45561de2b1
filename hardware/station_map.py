"""Which LED pixel and which button bit belong to each station, and which bits of the button chain a station may have.

The strip snakes under the board and the button chain follows the wiring, so
neither is in station order. ``calibrate`` writes the map; playing refuses one
that misses a station, while ``hw-test`` and ``calibrate`` work without one.
A map a newer console wrote is refused naming both versions (``NewerMapError``),
and nothing here writes over it.

The chain's bits, as its driver reads them (``hardware.drivers.station_buttons``): input
X of chip *c* is bit ``8 * c + "HGFEDCBA".index(X)``, every chip's input H is
its sentinel, tied to ground, and the stations take inputs G to A, seven a chip:

>>> station_bits(2)
[1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15]
>>> chips_for(199), input_bit(4, "C")
(29, 37)
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from hardware.files import check_version, read_text

FORMAT = "scotland-yard-station-map"
VERSION = 1

INPUT_ORDER = "HGFEDCBA"
"""A chip's inputs in the order they are shifted out (H sits in QH once the inputs are loaded)."""
SENTINEL_INPUT = "H"
"""The input of every chip tied to ground: a 0 the chain must read at rest (pin 6 of the 74HC165)."""
STATION_INPUTS = INPUT_ORDER.replace(SENTINEL_INPUT, "")
"""The inputs that take station buttons, in shift order: G, F, E, D, C, B, A."""


def input_bit(chip: int, name: str) -> int:
    """The chain bit of input *name* (``"A"`` to ``"H"``) of chip *chip*."""
    return 8 * chip + INPUT_ORDER.index(name)


def sentinel_bits(chips: int) -> list[int]:
    """The sentinels' bits, one per chip: 0, 8, 16, ..."""
    return [input_bit(chip, SENTINEL_INPUT) for chip in range(chips)]


def station_bits(chips: int) -> list[int]:
    """Every bit that can carry a station button, in shift order (the wiring order)."""
    return [input_bit(chip, name) for chip in range(chips) for name in STATION_INPUTS]


def chips_for(stations: int) -> int:
    """74HC165s for *stations* buttons: seven station inputs a chip, the eighth its sentinel."""
    return -(-stations // len(STATION_INPUTS))


class MapError(ValueError):
    """A station map that is missing, corrupt or incomplete."""


class NewerMapError(MapError):
    """A station map a newer console wrote: refused, and kept for it."""


@dataclass
class StationMap:
    """Station -> pixel index on the strip, station -> bit index in the button chain, and (on station tiles that see
    the pieces) station -> bit index of its hall sensor in the same chain."""

    pixels: dict[int, int] = field(default_factory=dict)
    buttons: dict[int, int] = field(default_factory=dict)
    sensors: dict[int, int] = field(default_factory=dict)
    """Empty on a board without sensors (the hand-wired build; calibrate writes none)."""

    @classmethod
    def identity(cls, stations: Iterable[int]) -> StationMap:
        """Pixel and bit *n - 1* for station *n*: the simulator's and the fakes' wiring."""
        stations = list(stations)
        return cls({s: s - 1 for s in stations}, {s: s - 1 for s in stations})

    @classmethod
    def wiring_order(cls, stations: Iterable[int], chips: int) -> StationMap:
        """Station *n* on pixel *n - 1* and on the *n*-th station input of the chain (sentinels skipped): a board before calibration."""
        stations = list(stations)
        bits = station_bits(chips)
        if len(bits) < len(stations):
            raise MapError(f"buttons.chips = {chips} gives {len(bits)} station inputs for {len(stations)} stations: "
                           f"set it to {chips_for(len(stations))}")
        return cls({s: i for i, s in enumerate(stations)}, dict(zip(stations, bits)))

    @classmethod
    def before_calibration(cls, pixel_count: int, chips: int) -> StationMap:
        """Key *n* on pixel *n - 1* and on the *n*-th station input of the chain, for every pixel and every input: the
        wiring order (``wiring_order``) with the strip's and the chain's spares too, so that calibrating on the console's own
        screen reaches every one of them.

        >>> board = StationMap.before_calibration(201, 29)
        >>> len(board.pixels), len(board.buttons), board.buttons[8], board.pixels[201]
        (201, 203, 9, 200)
        """
        return cls({n: n - 1 for n in range(1, pixel_count + 1)}, dict(enumerate(station_bits(chips), 1)))

    def missing(self, stations: Iterable[int]) -> tuple[list[int], list[int]]:
        """The stations without a pixel, and those without a button."""
        stations = list(stations)
        return [s for s in stations if s not in self.pixels], [s for s in stations if s not in self.buttons]

    def require_complete(self, stations: Iterable[int]) -> None:
        """Refuse a map that misses a station (the console cannot play with one)."""
        no_pixel, no_button = self.missing(stations)
        problems = []
        if no_pixel:
            problems.append(f"no LED pixel for stations {ranges_text(no_pixel)}")
        if no_button:
            problems.append(f"no button for stations {ranges_text(no_button)}")
        if problems:
            raise MapError("the station map is incomplete: " + "; ".join(problems) + " (run `scotland-yard calibrate`)")

    def to_json(self) -> str:
        data: dict[str, object] = {
            "format": FORMAT,
            "version": VERSION,
            "pixels": {str(s): i for s, i in sorted(self.pixels.items())},
            "buttons": {str(s): i for s, i in sorted(self.buttons.items())},
        }
        if self.sensors:  # a map without them reads as before, in any console that knows the format
            data["sensors"] = {str(s): i for s, i in sorted(self.sensors.items())}
        return json.dumps(data, indent=1)

    @classmethod
    def from_json(cls, text: str) -> StationMap:
        try:
            data = json.loads(text)
        except ValueError as error:  # broken JSON, or a number too long for int()
            raise MapError(f"the station map is not valid JSON ({error})") from None
        except RecursionError:  # the parser recurses into each nested array or object
            raise MapError("the station map's JSON nests too deeply to be read") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise MapError("not a station map file")
        check_version("a station map", data.get("version"), VERSION, MapError, NewerMapError)
        buttons, sensors = _table(data, "buttons"), _table(data, "sensors")
        shared = sorted(set(buttons.values()) & set(sensors.values()))
        if shared:
            raise MapError(f"'sensors' and 'buttons' share the chain's bit {shared[0]}: each input reads one thing")
        return cls(_table(data, "pixels"), buttons, sensors)

    def save(self, path: str | Path) -> None:
        """Write atomically (a power cut leaves the old map or the new one, never half)."""
        path = Path(path)
        temporary = path.with_name(path.name + ".tmp")
        with open(temporary, "w", encoding="utf-8") as file:
            file.write(self.to_json())
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)

    @classmethod
    def load(cls, path: str | Path) -> StationMap:
        text = read_text(Path(path), MapError)
        if text is None:
            raise MapError(f"no station map at {path} (run `scotland-yard calibrate`)")
        try:
            return cls.from_json(text)
        except MapError as error:
            raise type(error)(f"{path}: {error}") from None  # a newer console's map stays a NewerMapError


def _table(data: dict[str, object], name: str) -> dict[int, int]:
    table = data.get(name, {})
    if not isinstance(table, dict):
        raise MapError(f"'{name}' must map station numbers to indexes")
    result: dict[int, int] = {}
    used: dict[int, int] = {}
    for key, index in table.items():
        station = station_number(key)
        if station is None or not isinstance(index, int) or isinstance(index, bool) or index < 0:
            raise MapError(f"'{name}': station {key!r} -> {index!r} is not a station number and an index")
        if index in used:
            raise MapError(f"'{name}': stations {used[index]} and {station} share index {index}")
        used[index] = station
        result[station] = index
    return result


def station_number(text: str) -> int | None:
    """*text* as a station number, or ``None`` unless it is a few ASCII digits.

    ``int()`` alone would take other scripts' digits, fail on superscripts and refuse thousands of digits.
    """
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else None


def ranges_text(stations: list[int]) -> str:
    """``1-3, 7`` for [1, 2, 3, 7]."""
    runs: list[list[int]] = []
    for station in stations:
        if runs and station == runs[-1][-1] + 1:
            runs[-1].append(station)
        else:
            runs.append([station])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs)
