"""How many CHOICE presses ``calibrate`` costs on a realistic board (a benchmark with a bar).

The board: the London stations at their places on the map, a strip snaked in
rows under it (left to right, then right to left, ...), and the button chain
wired along the same snake except for a few stations soldered out of order.
A simulated builder presses each station's button and steps the light with
CHOICE_1 / CHOICE_2 until it sits on the station, then confirms.
"""

from __future__ import annotations

import io

from engine.board import london
from hardware.calibrate import Calibration
from hardware.controls import FakeControlButtons
from hardware.interfaces import Key
from hardware.leds import RecordingLeds

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
    """Presses the current station's button, then steps the light the short way to the station and confirms."""

    def __init__(self, pixel_of: dict[int, int], bit_of: dict[int, int]) -> None:
        self.pixel_of, self.bit_of = pixel_of, bit_of
        self.leds = RecordingLeds()
        self.controls = FakeControlButtons()
        self.out = io.StringIO()
        self.pending: list[int] = []
        self.steps: dict[int, int] = {}
        """Station -> the CHOICE presses it took."""
        self._station = 0
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

    def sleep(self, _seconds: float) -> None:
        text = self.out.getvalue()
        new, self._read = text[self._read:], len(text)
        for line in new.splitlines():
            if line.startswith("Station ") and line.endswith("press its button."):
                self._station = int(line.split()[1].rstrip(":"))
                self.steps[self._station] = 0
                self.pending.append(self.bit_of[self._station])
        if not new or "press its button" in new.splitlines()[-1]:
            return
        lit = next(iter(self.leds.last))
        target = self.pixel_of[self._station]
        if lit == target:
            self.controls.press(Key.CONFIRM)
            return
        self.steps[self._station] += 1
        self.controls.press(Key.CHOICE_2 if target > lit else Key.CHOICE_1)


def calibrate_board(tmp_path: object, pixel_order: list[int], bit_order: list[int]) -> Builder:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    builder = Builder({s: i for i, s in enumerate(pixel_order)}, {s: i for i, s in enumerate(bit_order)})
    stations = sorted(pixel_order)
    calibration = Calibration(builder.leds, builder, builder.controls, stations, len(stations), tmp_path / "map.json",
                              builder.out, sleep=builder.sleep)
    station_map = calibration.run()
    assert station_map.pixels == builder.pixel_of and station_map.buttons == builder.bit_of
    return builder


SWAPS = ((10, 12), (57, 58), (100, 131), (150, 151), (180, 185))


def test_calibrating_a_snaked_board_costs_few_choice_presses(tmp_path: object) -> None:
    order = snake_order()
    builder = calibrate_board(tmp_path, order, out_of_order(order, SWAPS))
    print(f"\ncalibrate, strip and chain snaked in {ROWS} rows, {len(SWAPS)} buttons out of order: "
          f"{builder.choices} CHOICE presses in all, at most {builder.worst} for one station")
    assert builder.choices < PRESS_BAR, f"{builder.choices} CHOICE presses (at most {builder.worst} for one station)"


def test_a_strip_laid_against_the_chain_is_learnt_from_the_first_station(tmp_path: object) -> None:
    """Station 1's light is found the long way (nothing is known yet); from then on the guess runs backwards."""
    order = snake_order()
    builder = calibrate_board(tmp_path, order[::-1], out_of_order(order, SWAPS))
    after_first = builder.choices - builder.steps[1]
    assert after_first < 60, f"{after_first} CHOICE presses after station 1"
