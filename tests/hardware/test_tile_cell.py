"""The tile build's station and sheets: nothing collides at rest or pressed, every worst case stays open, the cap
prints, and the spacer leaves room for every part without a web too thin to cut."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

import pytest
from shapely.geometry import Point

from hardware.pack import PackError
from hardware.pack.board import default_placement
from hardware.pack.cell import Cell
from hardware.pack.layers import printed_parts, stl
from hardware.pack.parts import load_parts, load_tile_parts
from hardware.pack.pcb.geometry import courtyard
from hardware.pack.tile_cell import TileCell
from hardware.pack.tile_outputs import base_layer, spacer_cut_outs, spacer_layer, top_sheet_layer
from hardware.pack.walls import thinnest_wall
from tests.support.tiles import BOARD, board_layouts, tile_numbers

pytestmark = pytest.mark.xdist_group("tiles")  # one worker lays the board out and routes its tile once


@pytest.fixture(scope="module")
def cell() -> TileCell:
    return TileCell()


def test_nothing_collides_at_rest_or_pressed_and_the_light_reaches_the_cap(cell: TileCell) -> None:
    at_rest, pressed = cell.interferences(), cell.interferences(cell.pressed())
    assert len(at_rest) == len(pressed) == 21  # every pair of the 7 parts
    assert {pair: v for pair, v in at_rest.items() if v} == {}
    assert {pair: v for pair, v in pressed.items() if v} == {}
    assert cell.light_reaches_the_cap()
    assert cell.solids["cap"].bounding_box()[5] == pytest.approx(0.0)  # flush with the print at rest


def test_the_check_finds_a_cap_that_collides() -> None:
    parts = load_tile_parts()
    wide = dataclasses.replace(parts, cap=dataclasses.replace(parts.cap, button_diameter=parts.sheets.top_hole + 0.4))
    assert {pair for pair, volume in TileCell(wide).interferences().items() if volume} >= {"cap / top sheet", "cap / print"}
    thin = dataclasses.replace(parts, stack=dataclasses.replace(parts.stack, spacer=3.0))
    with pytest.raises(PackError, match="use a thicker spacer"):
        TileCell(thin)


def test_every_worst_case_stays_open(cell: TileCell) -> None:
    stacks = cell.stacks()
    assert len(stacks) == 7
    for stack in stacks:
        assert stack.worst > 0, f"{stack.name}: {stack.nominal:.2f} less {stack.tolerances}"
    assert cell.flush() < 0.75  # the cap's top within this of the print, whatever the sheets are
    assert cell.z.lift_gap > 0.4  # larger than the 0.4 mm the hand-wired cell had for a 0.6-0.9 mm stack


def test_a_worst_case_closes_when_a_tolerance_grows() -> None:
    parts = load_tile_parts()
    sloppy = dataclasses.replace(parts, tolerances=dataclasses.replace(parts.tolerances, sheet=0.7))
    assert [s.name for s in TileCell(sloppy).stacks() if s.worst <= 0] == [
        "the flange clears the top sheet at rest (the switch is never pressed by the sheets)"]


def test_the_printed_walls_are_two_lines_wide(cell: TileCell) -> None:
    wall = load_tile_parts().printing.min_wall
    facets = 0.001  # a round part is a 96-sided solid: its width across flats is 0.05 % under its diameter
    assert thinnest_wall(cell.cap(), wall) >= wall - facets
    coarse = 1.0  # the hand-wired carrier: 20 mm of straight walls, its windows 3.4 mm tall: a slice a millimetre meets them
    assert thinnest_wall(printed_parts(Cell())["carrier"], wall, coarse) >= wall - facets  # with its windows
    parts = load_parts()
    no_windows = dataclasses.replace(parts, carrier=dataclasses.replace(parts.carrier, corner_window=0.0))
    assert thinnest_wall(printed_parts(Cell(no_windows))["carrier"], wall, coarse) == pytest.approx(0.14, abs=0.01)  # what it was
    hand_wired = printed_parts(Cell())  # its cap and pusher are thinner than two lines: CELL.md says so, with these figures
    assert thinnest_wall(hand_wired["cap"], wall, coarse) == pytest.approx(0.60, abs=0.01)
    assert thinnest_wall(hand_wired["pusher"], wall, coarse) == pytest.approx(0.72, abs=0.01)
    text = " ".join((Path(__file__).parents[2] / "hardware" / "CELL.md").read_text(encoding="utf-8").split())
    assert "The cap's wall round the LED is 0.6 mm and the pusher's thinnest wall 0.72 mm" in text


def test_the_cap_prints_as_one_closed_solid_on_its_top(cell: TileCell) -> None:
    trimesh = pytest.importorskip("trimesh")
    mesh = trimesh.load(io.BytesIO(stl(cell.cap().mirror((0, 0, 1)))), file_type="stl")
    assert mesh.is_watertight and len(cell.cap().decompose()) == 1
    assert mesh.bounds[0][2] == pytest.approx(0.0, abs=1e-9)


@pytest.mark.parametrize("number", tile_numbers())
def test_each_spacer_leaves_room_for_every_part_and_no_web_too_thin_to_cut(number: int) -> None:
    parts = load_tile_parts()
    for layout in board_layouts()[number - 1:number]:
        cut_outs = spacer_cut_outs(layout, parts)
        for part in layout.parts:
            if not part.bottom:
                assert cut_outs.contains(courtyard(part)), (layout.tile.number, part.ref)
        for hole in layout.holes:
            assert cut_outs.buffer(0.01).contains(Point(hole.x, hole.y).buffer(hole.diameter / 2))  # both round: two polygons
        layer = spacer_layer(layout, parts)
        assert layer.outline and layer.cuts
        sheet = layout.tile.outline.difference(cut_outs)
        web = parts.stack.min_web
        opened = sheet.buffer(-web / 2 + 0.01, 8).buffer(web / 2 - 0.01, 8)
        assert sheet.area - opened.area < 0.05 * sheet.area  # slivers the cutter would break off: the layer drops them


def test_the_top_sheet_and_the_base_have_their_holes() -> None:
    parts, layouts = load_tile_parts(), board_layouts()
    top = top_sheet_layer(BOARD, default_placement(BOARD), layouts, parts)
    assert sum(h.what != "dowel" for h in top.holes) == 199 and sum(h.what == "dowel" for h in top.holes) == 2 * len(layouts)
    base = base_layer(BOARD, layouts, parts)
    assert len(base.holes) == sum(h.kind == "screw" for layout in layouts for h in layout.holes) == 9 * len(layouts)
