"""The hand-wired build's underside plan: one path for the LEDs, the buttons wired along it, and the map it makes."""

from __future__ import annotations

import math
from pathlib import Path

from hardware.pack.board import default_placement
from hardware.pack.underside import underside_plan, underside_svg
from hardware.station_map import chips_for, sentinel_bits, station_bits
from tests.hardware.test_calibrate_speed import calibrate_board

BOARD = (545.0, 420.0)


def test_the_plan_passes_every_station_once_and_groups_them_seven_a_module() -> None:
    plan = underside_plan(default_placement(BOARD), BOARD)
    assert sorted(plan.path) == list(range(1, 200))
    assert len(plan.modules) == chips_for(199) == 29 and all(len(m) == 7 for m in plan.modules[:-1])
    hops = [math.dist(plan.centres[a], plan.centres[b]) for a, b in zip(plan.path, plan.path[1:])]
    assert max(hops) < 150 and plan.length_mm() < 6500  # a short path: no hop across the board (545 mm)
    for index in range(len(plan.modules)):  # each module sits among its stations
        centre = plan.module_centre(index)
        assert max(math.dist(centre, plan.centres[s]) for s in plan.modules[index]) < 120
    svg = underside_svg(plan, BOARD)
    assert svg.count('class="module"') == 29 and svg.count('class="tap"') == 5 and svg.count('class="branch"') == 5


def test_the_plan_s_map_is_pixel_and_input_in_path_order() -> None:
    plan = underside_plan(default_placement(BOARD), BOARD)
    the_map = plan.station_map()
    bits = station_bits(29)
    for n, station in enumerate(plan.path):
        assert the_map.pixels[station] == n and the_map.buttons[station] == bits[n]
    assert not set(the_map.buttons.values()) & set(sentinel_bits(29))


def test_a_board_wired_by_the_plan_calibrates_with_a_press_a_station(tmp_path: Path) -> None:
    """Should the builder calibrate anyway (a station or two wired otherwise), each light is guessed right from the
    button just pressed: 199 station presses, a few CHOICE presses for the first station, one CONFIRM."""
    plan = underside_plan(default_placement(BOARD), BOARD)
    builder = calibrate_board(tmp_path, list(plan.path), list(plan.path))
    assert builder.choices - builder.steps[1] == 0
    assert builder.presses <= 199 + 1 + builder.steps[1]
