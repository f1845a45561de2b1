"""The station cell fits: at every station, in its hole, under its light, and its parts clear of each other."""

from __future__ import annotations

import dataclasses
import io
import math
import sys
from pathlib import Path

import pytest

from hardware.pack import PackError
from hardware.pack.board import Placement, default_placement, station_centres
from hardware.pack.buildpack import PackOptions, station_holes, write_pack
from hardware.pack.cell import Cell, cell_gaps
from hardware.pack.layers import layer_dxf, layers, printed_parts, stl
from hardware.pack.outputs import fit_notes
from hardware.pack.parts import load_parts
from hardware.pack.printed_board import board_art

BOARD = (545.0, 420.0)


@pytest.fixture(scope="module")
def cell() -> Cell:
    return Cell()


def test_every_cell_clears_every_neighbour_by_the_minimum(cell: Cell) -> None:
    """Cheap 2D footprint math over the 199 stations: each cell's footprint is the circle its parts reach, seen from above."""
    radius = cell.footprint_radius()
    assert radius == pytest.approx(load_parts().carrier.outer_diameter / 2, abs=1e-6)  # the carrier is the widest part
    gaps = cell_gaps(station_centres(default_placement(BOARD)), radius)
    a, b, gap = gaps[0]
    assert (a, b) == (111, 112)  # the closest stations on the board
    assert gap >= load_parts().fit.min_clearance
    assert gap == pytest.approx(1.51, abs=0.01)
    summary, notes = fit_notes(cell, station_centres(default_placement(BOARD)), BOARD)
    assert notes == [] and "stations 111 and 112, 11.11 mm apart: 1.51 mm between" in summary
    small = (400.0, 300.0)  # on a smaller board they would not fit: the pack says so
    _, notes = fit_notes(cell, station_centres(default_placement(small)), small)
    assert notes and notes[0].startswith("warning: ") and "do not fit" in notes[0]


def test_the_assembled_cell_s_solids_do_not_intersect_at_rest_or_pressed(cell: Cell) -> None:
    at_rest, pressed = cell.interferences(), cell.interferences(cell.pressed())
    assert len(at_rest) == len(pressed) == 28  # every pair of the 8 parts
    assert {pair: v for pair, v in at_rest.items() if v} == {}
    assert {pair: v for pair, v in pressed.items() if v} == {}


def test_the_interference_check_finds_an_overlap() -> None:
    """The same check on a cell with a cap too wide for its hole and a carrier too narrow for its switch."""
    parts = load_parts()
    wide = dataclasses.replace(parts, cap=dataclasses.replace(parts.cap, button_diameter=parts.sheets.top_hole + 0.4),
                               carrier=dataclasses.replace(parts.carrier, switch_clearance=-0.2))
    overlapping = {pair for pair, volume in Cell(wide).interferences().items() if volume}
    assert {"cap / print", "cap / top sheet", "switch / carrier"} <= overlapping
    impossible = dataclasses.replace(parts, carrier=dataclasses.replace(parts.carrier, switch_clearance=-0.4))
    with pytest.raises(PackError, match="the carrier's sizes make no solid part"):
        _ = Cell(impossible).solids


def test_the_cap_clears_its_hole_and_its_body_keeps_it_in(cell: Cell) -> None:
    parts = cell.parts
    assert cell.cap_clearance() == pytest.approx(0.2)
    assert parts.cap.body_diameter > parts.sheets.top_hole  # it cannot come out of the top
    cap = cell.solids["cap"].bounding_box()
    assert cap[5] == pytest.approx(0.0)  # flush with the print at rest
    assert cell.z.top_sheet_bottom - cell.z.cap_shoulder == pytest.approx(parts.cap.lift_gap)


def test_the_led_sits_under_the_light_path(cell: Cell) -> None:
    led = cell.solids["led"] - cell.leads()
    x0, y0, _, x1, y1, z1 = led.bounding_box()
    assert (x0 + x1) / 2 == pytest.approx(0.0) and (y0 + y1) / 2 == pytest.approx(0.0)  # on the hole's axis
    assert x1 - x0 <= cell.parts.sheets.top_hole  # inside the hole, seen from above
    assert -z1 == pytest.approx(cell.parts.cap.roof)  # under the cap's roof
    assert cell.light_path_blockers() == []  # nothing but the translucent cap above it


def test_the_template_the_cut_layers_and_the_printed_board_share_their_geometry() -> None:
    for options in (PackOptions(), PackOptions(board_mm=(600.0, 450.0))):
        holes = {int(h.label): (h.x, h.y) for h in station_holes(options)}
        art = {mark.station: mark.centre for mark in board_art(options.placement, options.board_mm).stations}
        top_sheet = {int(c.what): (c.x, c.y) for c in layers(options.board_mm, station_centres(options.placement), load_parts())[0].holes
                     if c.what != "dowel"}
        for station in (1, 7, 111, 112, 153, 194, 199):
            assert art[station] == holes[station] == top_sheet[station]
    askew = Placement(0.213, math.radians(0.6), (4.0, 8.0))
    art = {mark.station: mark.centre for mark in board_art(askew, BOARD).stations}
    assert art == station_centres(askew)


def test_the_printed_parts_are_closed_solids_on_the_bed(cell: Cell) -> None:
    trimesh = pytest.importorskip("trimesh")
    for name, solid in printed_parts(cell).items():
        mesh = trimesh.load(io.BytesIO(stl(solid)), file_type="stl")
        assert mesh.is_watertight, name
        assert mesh.volume == pytest.approx(cell.solids[name].volume(), rel=1e-6)
        assert mesh.bounds[0][2] == pytest.approx(0.0, abs=1e-9), name  # lying on the bed


def test_the_dxf_layers_cut_a_hole_per_station_and_the_dowels() -> None:
    ezdxf = pytest.importorskip("ezdxf")
    top, base = layers(BOARD, station_centres(default_placement(BOARD)), load_parts())
    for layer, diameter in ((top, 7.0), (base, 9.8)):
        document = ezdxf.read(io.StringIO(layer_dxf(layer)))
        circles = document.modelspace().query("CIRCLE")
        assert len(circles) == 199 + 4
        assert sorted({round(c.dxf.radius * 2, 3) for c in circles}) == [3.0, diameter]
        assert {c.dxf.layer for c in circles} == {"CUT"}
        assert document.units == 4  # mm


def test_build_pack_writes_the_cell_the_cut_layers_and_the_printed_board(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "hardware.pack.schematics", None)  # not this test's subject
    written, notes = write_pack(tmp_path, PackOptions(tiles=False))
    names = {path.name for path in written}
    assert {"cell-cross-section.svg", "cell-cap.stl", "cell-pusher.stl", "cell-carrier.stl", "cut-top-sheet.svg", "cut-top-sheet.dxf",
            "cut-base.svg", "cut-base.dxf", "printed-board.pdf", "printed-board-tiles.pdf"} <= names
    assert not [note for note in notes if note.startswith("warning")]
    drawing = (tmp_path / "cell-cross-section.svg").read_text(encoding="utf-8")
    assert "WS2812D-F5" in drawing and "B3F-1000" in drawing and "111 and 112" in drawing


def test_the_bom_names_the_cell_s_parts_from_the_parts_file() -> None:
    from hardware.pack.buildpack import load_bom

    parts, lines = load_parts(), {line.id: line for line in load_bom().lines}
    assert lines["pixel"].generic.startswith(f"{parts.led.maker} {parts.led.part} (")
    assert lines["station-button"].generic.startswith(f"{parts.switch.maker} {parts.switch.part} (")
    assert lines["pixel"].qty == lines["station-button"].qty == lines["cell-prints"].qty == 199 + 5
    assert parts.sheets.material_base in lines["base-sheet"].generic


def _svg_texts(text: str) -> tuple[tuple[float, float], list[tuple[str, float, float, float, str]]]:
    import re

    width, height = (float(v) for v in re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', text).groups())  # type: ignore[union-attr]
    found = []
    for match in re.finditer(r"<text ([^>]*)>([^<]*)</text>", text):
        attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', match[1]))
        found.append((match[2], float(attrs["x"]), float(attrs["y"]), float(attrs["font-size"]), attrs.get("text-anchor", "start")))
    return (width, height), found


def test_the_cell_drawing_and_the_templates_keep_their_text_inside_the_sheet(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hardware.pack.tiles import text_box

    monkeypatch.setitem(sys.modules, "hardware.pack.schematics", None)
    written, _ = write_pack(tmp_path, PackOptions(tiles=False))
    svgs = [path for path in written if path.suffix == ".svg" and path.name.startswith(("cell-", "cut-", "board-"))]
    assert {"cell-cross-section.svg", "board-template.svg", "cut-base.svg"} <= {path.name for path in svgs}
    for path in svgs:
        (width, height), texts = _svg_texts(path.read_text(encoding="utf-8"))
        for words, x, y, size, anchor in texts:
            x0, y0, x1, y1 = text_box(x, y, words.replace("&amp;", "&"), size, anchor)
            assert x0 >= 0 and y0 >= 0 and x1 <= width and y1 <= height, (path.name, words)
    (_, _), drawing = _svg_texts((tmp_path / "cell-cross-section.svg").read_text(encoding="utf-8"))
    boxes = [text_box(x, y, w, size, anchor) for w, x, y, size, anchor in drawing]
    for i, a in enumerate(boxes):  # and no two of the drawing's labels on top of each other
        assert not [drawing[j][0] for j, b in enumerate(boxes[i + 1:], i + 1)
                    if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]], drawing[i][0]
