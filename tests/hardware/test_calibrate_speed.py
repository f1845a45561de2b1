"""How many presses ``calibrate`` costs on a realistic board (a benchmark with a bar).

The board: the London stations at their places on the map, a strip snaked in
rows under it (left to right, then right to left, ...), and the button chain
of the reference build (29 chips, input H of each its sentinel) wired along the
same snake except for a few stations soldered out of order. A simulated builder
presses each station's button; when the light that comes on is wrong it steps
it with the CHOICE keys (ten at a time while it is far off) until it sits under
the station; then it presses the next station's button, which accepts the light
(the last station: CONFIRM). Every press counts: station buttons and keys.
"""

from __future__ import annotations

import io

from engine.board import london
from hardware.builder.calibrate import Calibration
from hardware.drivers.controls import FakeControlButtons
from hardware.drivers.leds import RecordingLeds
from hardware.interfaces import Key
from hardware.station_map import chips_for, station_bits

ROWS = 9
PRESS_BAR = 250


def snake_order(rows: int = ROWS) -> list[int]:
    """The stations in the order a strip snaked in *rows* bands of the map passes under them."""
    positions = london().positions
    height = max(y for _, y in positions.values()) + 1
    bands: list[list[int]] = [[] for _ in range(rows)]
    for station, (_, y) in positions.items():
        bands[y * rows // height].append(station)
    order: list[int] = []
    for row, band in enumerate(bands):
        band.sort(key=lambda s: positions[s][0], reverse=row % 2 == 1)
        order.extend(band)
    return order


def out_of_order(order: list[int], swaps: tuple[tuple[int, int], ...]) -> list[int]:
    """*order* with the places in each pair of *swaps* exchanged (a few buttons wired out of turn)."""
    order = list(order)
    for a, b in swaps:
        order[a], order[b] = order[b], order[a]
    return order


class Builder:
    """Presses each station's button, steps a wrong light the short way, and accepts with the next station's button."""

    def __init__(self, stations: list[int], pixel_of: dict[int, int], bit_of: dict[int, int]) -> None:
        self.stations, self.pixel_of, self.bit_of = stations, pixel_of, bit_of
        self.leds = RecordingLeds()
        self.controls = FakeControlButtons()
        self.out = io.StringIO()
        self.pending: list[int] = []
        self.steps: dict[int, int] = {}
        """Station -> the CHOICE presses it took."""
        self.presses = 0
        """Every press: station buttons and control keys."""
        self._station: int | None = None
        self._read = 0

    @property
    def choices(self) -> int:
        return sum(self.steps.values())

    @property
    def worst(self) -> int:
        return max(self.steps.values(), default=0)

    def poll_raw(self) -> list[int]:
        bits, self.pending = self.pending, []
        return bits

    def press_station(self, station: int) -> None:
        self.pending.append(self.bit_of[station])
        self.presses += 1

    def press_key(self, key: Key) -> None:
        self.controls.press(key)
        self.presses += 1

    def sleep(self, _seconds: float) -> None:
        text = self.out.getvalue()
        new, self._read = text[self._read:], len(text)
        if not new:
            return  # the tool is still waiting for the last press
        for line in new.splitlines():
            words = line.split()
            if line.startswith("Station ") and line.endswith("press its button."):
                self.press_station(int(words[1].rstrip(":")))
                return
            if line.strip().startswith("Station ") and "is the light at station" in line:
                self._station = int(words[1].rstrip(","))
                self.steps[self._station] = 0
        if self._station is None:
            return
        lit = next(iter(self.leds.last))
        target = self.pixel_of[self._station]
        if lit == target:
            position = self.stations.index(self._station)
            if position + 1 < len(self.stations):
                self.press_station(self.stations[position + 1])
            else:
                self.press_key(Key.CONFIRM)
            self._station = None
            return
        self.steps[self._station] += 1
        far = abs(target - lit) >= 10
        self.press_key({(True, True): Key.CHOICE_4, (True, False): Key.CHOICE_2, (False, True): Key.CHOICE_3,
                        (False, False): Key.CHOICE_1}[(target > lit, far)])


def calibrate_board(tmp_path: object, pixel_order: list[int], input_order: list[int]) -> Builder:
    """Calibrate a board whose strip passes the stations in *pixel_order* and whose chain's station inputs in *input_order*."""
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    inputs = station_bits(chips_for(len(input_order)))
    stations = sorted(pixel_order)
    builder = Builder(stations, {s: i for i, s in enumerate(pixel_order)}, {s: inputs[i] for i, s in enumerate(input_order)})
    calibration = Calibration(builder.leds, builder, builder.controls, stations, len(stations), tmp_path / "map.json",
                              builder.out, sleep=builder.sleep, inputs=inputs)
    station_map = calibration.run()
    assert station_map.pixels == builder.pixel_of and station_map.buttons == builder.bit_of
    return builder


SWAPS = ((10, 12), (57, 58), (100, 131), (150, 151), (180, 185))


def test_calibrating_a_snaked_board_costs_under_250_presses(tmp_path: object) -> None:
    order = snake_order()
    builder = calibrate_board(tmp_path, order, out_of_order(order, SWAPS))
    print(f"\ncalibrate, strip and chain snaked in {ROWS} rows, {len(SWAPS)} buttons out of order: {builder.presses} presses for "
          f"{len(order)} stations ({builder.choices} of them CHOICE, at most {builder.worst} for one station)")
    assert builder.presses < PRESS_BAR, f"{builder.presses} presses ({builder.choices} CHOICE, at most {builder.worst} for one station)"
    assert builder.presses >= len(order)  # a button press per station at the least: the count is not made up


def test_a_strip_laid_against_the_chain_is_learnt_from_the_first_station(tmp_path: object) -> None:
    """Station 1's light is found the long way (nothing is known yet); from then on the guess runs backwards."""
    order = snake_order()
    builder = calibrate_board(tmp_path, order[::-1], out_of_order(order, SWAPS))
    after_first = builder.choices - builder.steps[1]
    assert after_first < 60, f"{after_first} CHOICE presses after station 1"
    assert builder.presses < PRESS_BAR, f"{builder.presses} presses"
