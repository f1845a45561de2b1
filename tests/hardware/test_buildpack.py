"""The maker's pack: drill templates against the board file, page tiling, the PDF, the bill of materials."""

from __future__ import annotations

import csv
import datetime
import io
import itertools
import math
import re
from pathlib import Path

import pytest

from console.cli import main
from engine import london
from hardware.config import LedConfig
from hardware.interfaces import Key
from hardware.pack import buildpack
from hardware.pack.board import default_placement, station_centres
from hardware.pack.buildpack import (
    BUILDS,
    MARGIN_MM,
    OVERLAP_MM,
    PAPERS,
    PackError,
    PackOptions,
    bom_csv,
    bom_markdown,
    bom_section,
    chips,
    key_holes,
    load_bom,
    pdf,
    registration_marks,
    station_holes,
    svg,
    tile,
)
from hardware.pack.circuits import BUTTON_MODULE, RIBBON, SHEET_PARTS
from hardware.pack.pcb.tiling import cut_board
from hardware.pack.schematics import DRAWINGS, power_branches
from hardware.pack.stripboard import BOARD

DEFAULT = PackOptions(tiles=False)  # the tiles have tests of their own (test_tiles)


def test_a_hole_per_station_at_its_place_on_the_board_at_one_scale_for_both_axes() -> None:
    board = london()
    for options in (DEFAULT, PackOptions(board_mm=(600.0, 450.0), button_hole_mm=10), PackOptions(board_mm=(500.0, 500.0))):
        holes = station_holes(options)
        assert [int(h.label) for h in holes] == list(board.stations)
        width, height = options.board_mm
        scale = min(width / 2600, height / 1900)  # london.json: a 2600x1900 map image, fitted whole into the board
        dx, dy = (width - 2600 * scale) / 2, (height - 1900 * scale) / 2  # and centred
        for hole in holes:
            x, y = board.positions[int(hole.label)]
            assert hole.x == pytest.approx(x * scale + dx) and hole.y == pytest.approx(y * scale + dy)
            assert hole.diameter == options.button_hole_mm and hole.inner == options.led_hole_mm
            assert 0 < hole.x < options.board_mm[0] and 0 < hole.y < options.board_mm[1]
    assert buildpack.map_size() == (2600, 1900)


def test_the_default_holes_leave_board_between_them() -> None:
    assert buildpack.tight_pairs(station_holes(DEFAULT)) == []
    assert buildpack.tight_pairs(station_holes(PackOptions(button_hole_mm=12)))  # 12 mm needs a bigger board: warned


def test_the_control_panel_has_a_hole_per_key() -> None:
    (width, height), holes = key_holes(DEFAULT)
    assert sorted(h.label for h in holes) == sorted(buildpack.KEY_LABELS[key] for key in Key)
    assert len(holes) == len(Key) == 7
    for hole in holes:
        assert hole.diameter == 12
        assert hole.diameter / 2 < hole.x < width - hole.diameter / 2 and hole.diameter / 2 < hole.y < height - hole.diameter / 2
    assert buildpack.tight_pairs(holes) == []


@pytest.mark.parametrize(("board", "paper", "pages"), [((545.0, 420.0), "a4", 6), ((545.0, 420.0), "letter", 6),
                                                        ((180.0, 260.0), "a4", 1), ((800.0, 600.0), "a4", 12)])
def test_pages_tile_the_board_with_an_overlap(board: tuple[float, float], paper: str, pages: int) -> None:
    tiles = tile(board, paper)
    assert len(tiles) == pages
    printable = sorted(PAPERS[paper])
    for page in tiles:
        assert sorted(page.paper) == sorted(PAPERS[paper])
        assert (page.width, page.height) in ((printable[0] - 2 * MARGIN_MM, printable[1] - 2 * MARGIN_MM),
                                             (printable[1] - 2 * MARGIN_MM, printable[0] - 2 * MARGIN_MM))
    # every point of the board is on a page, and neighbouring pages share the overlap band
    assert max(p.x0 + p.width for p in tiles) >= board[0] and max(p.y0 + p.height for p in tiles) >= board[1]
    xs = sorted({p.x0 for p in tiles})
    assert all(b - a == pytest.approx(tiles[0].width - OVERLAP_MM) for a, b in itertools.pairwise(xs))
    for hole in station_holes(PackOptions(board_mm=board)):
        assert any(page.shows(hole.x, hole.y) for page in tiles), hole.label


def test_registration_marks_print_on_both_pages_of_every_overlap() -> None:
    tiles = tile(DEFAULT.board_mm, "a4")
    marks = registration_marks(DEFAULT.board_mm, tiles)
    assert marks
    for x, y in marks:
        assert sum(page.shows(x - 4, y - 4) and page.shows(x + 4, y + 4) for page in tiles) >= 2
    for page in tiles:  # each page has marks to align with each neighbour
        assert any(page.shows(x, y) for x, y in marks)


def _pdf_pages(data: bytes) -> int:
    assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", data))


def test_the_pdf_has_a_page_per_tile_each_with_its_label_crop_marks_and_scale_bar() -> None:
    holes, tiles = station_holes(DEFAULT), tile(DEFAULT.board_mm, "a4")
    data = pdf(DEFAULT.board_mm, holes, tiles, "Board", compress=False)
    assert _pdf_pages(data) == 6
    for n in range(1, 7):
        assert f"page {n} of 6".encode() in data
    assert data.count(b"100 mm: measure this bar") == 6
    assert _pdf_pages(pdf(DEFAULT.board_mm, holes, tiles, "Board")) == 6


def test_the_svg_is_true_scale_with_every_hole_labelled() -> None:
    text = svg(DEFAULT.board_mm, station_holes(DEFAULT), "Board", tile(DEFAULT.board_mm, "a4"))
    assert 'width="545.00mm"' in text and 'viewBox="0 0 545.00 437.00"' in text
    assert text.count('class="hole"') == 199 and text.count('class="page"') == 6
    labels = re.findall(r">(\d+)</text>", text)
    assert sorted(map(int, labels)) == list(range(1, 200))
    assert "check this bar measures 100 mm" in text


def test_the_bom_quantities_follow_from_the_board() -> None:
    bom = load_bom()
    by_id = {line.id: line for line in bom.lines}
    assert chips(199) == 29  # seven stations a chip, the eighth input its sentinel
    assert by_id["hc165"].qty == by_id["rnet"].qty == by_id["socket"].qty == 29
    assert by_id["c-decouple"].qty == 30
    assert by_id["box-header"].qty == by_id["idc-socket"].qty == 58 and by_id["stripboard"].qty == 15  # two modules a board
    assert by_id["pixel"].qty >= 199 and by_id["station-button"].qty >= 199
    assert by_id["control-button"].qty == len(Key)
    assert bom.total == pytest.approx(sum(line.qty * line.unit_price for line in bom.lines), abs=0.05)
    assert bom.currency == "EUR" and "indicative" in bom.price_note
    assert {part for part, _ in bom.warnings} >= {"oled", "pixel", "led-supply"}
    supply = dict(bom.warnings)["led-supply"]
    assert "11.94 A" in supply and "3.0 A" in supply and "3.6 A" in supply
    rows = list(csv.reader(io.StringIO(bom_csv(bom))))
    assert len(rows) == len(bom.lines) + 2 and rows[-1][-1] == f"{bom.total:.2f}"
    assert rows[0][5:7] == ["supplier", "supplier's part number"] and rows[0][10] == "price date"


def test_every_bom_row_names_its_supplier_part_number_and_price_date() -> None:
    for line in load_bom().lines:
        assert line.supplier and line.supplier_pn, line.id
        assert datetime.date.fromisoformat(line.price_date) <= datetime.date(2027, 12, 31), line.id
    table = bom_markdown(load_bom())
    assert all(f"| {line.supplier} | {line.supplier_pn} |" in table for line in load_bom().lines)


def test_every_part_of_every_schematic_sheet_is_in_the_bom() -> None:
    """The parts each sheet is drawn from (the module's netlist, every other sheet's part list) against bom.toml's ids."""
    ids = {line.id for line in load_bom().lines}
    assert set(SHEET_PARTS) == set(DRAWINGS)
    missing = {f"{sheet}: {part.ref} ({part.bom})" for sheet, parts in SHEET_PARTS.items() for part in parts if part.bom not in ids}
    assert not missing
    assert {part.bom for part in BUTTON_MODULE.parts} <= ids


def test_the_bom_fuses_every_branch_the_led_sheet_draws() -> None:
    by_id = {line.id: line for line in load_bom().lines}
    branches = len(power_branches(LedConfig().count))
    assert by_id["fuse-main"].qty == 1 and by_id["fuse-branch"].qty >= branches
    assert by_id["fuse-holder"].qty == 1 + branches
    assert by_id["jst-3pin"].qty >= branches + 1  # every injection point and the data input
    assert "2 A slow-blow" in by_id["fuse-branch"].part and "5 A slow-blow" in by_id["fuse-main"].part


def test_wiring_md_shows_the_bom_as_the_data_says() -> None:
    text = buildpack.BUILDS["hand-wired"].read_text(encoding="utf-8")
    assert bom_section(text) == bom_markdown(load_bom("hand-wired")), "run: scotland-yard build-pack DIR --update-docs"
    assert "scotland-yard build-pack" in text


def test_tiles_md_shows_the_tile_builds_bom_as_the_data_says() -> None:
    text = BUILDS["tiles"].read_text(encoding="utf-8")
    assert bom_section(text) == bom_markdown(load_bom("tiles")), "run: scotland-yard build-pack DIR --update-docs"


def test_each_build_has_its_own_rows_and_shares_the_rest() -> None:
    tiles, wired = ({line.id: line for line in load_bom(build).lines} for build in ("tiles", "hand-wired"))
    assert {"tiles", "tile-link", "standoff", "tile-caps"} <= set(tiles) and not {"pixel", "hc165", "stripboard"} & set(tiles)
    assert {"pixel", "hc165", "stripboard", "cell-prints"} <= set(wired) and not {"tiles", "standoff"} & set(wired)
    assert {"pi", "led-supply", "fuse-main", "mains-inlet", "pico"} <= set(tiles) & set(wired)
    assert tiles["tiles"].qty == len(cut_board(station_centres(default_placement(buildpack.DEFAULT_BOARD_MM))))
    assert tiles["tile-caps"].qty >= 199
    assert tiles["standoff"].qty >= 9 * tiles["tiles"].qty and tiles["tile-link"].qty == 2 * tiles["tiles"].qty
    assert "pixel" not in dict(load_bom("tiles").warnings)  # a warning goes with its part
    with pytest.raises(ValueError, match="no build"):
        load_bom("lego")


def test_the_stripboard_row_orders_what_the_layout_takes() -> None:
    """Modules a 100 x 160 mm board (39 strips of 62 holes) gives, from the layout's own size."""
    per_board = (39 // BOARD.rows) * (62 // BOARD.columns)
    line = {line.id: line for line in load_bom().lines}["stripboard"]
    assert line.qty == math.ceil(chips(199) / per_board)


def test_build_pack_writes_the_pack(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build-pack", str(tmp_path / "pack"), "--paper", "letter", "--board-size", "560x430", "--no-tiles"]) == 0
    names = {p.name for p in (tmp_path / "pack").iterdir()}
    assert {"board-template.svg", "board-template.pdf", "control-panel.svg", "control-panel.pdf", "bom-tiles.csv", "bom-tiles.md",
            "bom-hand-wired.csv", "bom-hand-wired.md"} <= names
    assert _pdf_pages((tmp_path / "pack" / "board-template.pdf").read_bytes()) == len(tile((560.0, 430.0), "letter"))
    assert _pdf_pages((tmp_path / "pack" / "control-panel.pdf").read_bytes()) == 1
    assert "board-template.pdf" in capsys.readouterr().out


@pytest.mark.parametrize("option", [["--paper", "a3"], ["--board-size", "big"], ["--board-size", "10x10"],
                                    ["--button-hole", "0"], ["--key-hole", "x"], ["--led-hole", "9"]])
def test_a_bad_option_is_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str], option: list[str]) -> None:
    assert main(["build-pack", str(tmp_path), *option]) == 2
    err = capsys.readouterr().err
    assert err.startswith("scotland-yard build-pack: ") and err.count("\n") == 1


def test_options_are_checked() -> None:
    with pytest.raises(PackError):
        PackOptions(paper="a5")
    assert math.isclose(PackOptions(board_mm=(545, 420)).board_mm[0], 545)


def test_without_the_schematics_module_the_pack_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(__import__("sys").modules, "hardware.pack.schematics", None)  # an import of it fails
    written, notes = buildpack.write_pack(tmp_path, DEFAULT)
    assert any(note.startswith("note: no schematics written") for note in notes)
    assert (tmp_path / "board-template.pdf") in written


def test_the_templates_wiring_md_shows_are_the_pack_s_own(tmp_path: Path) -> None:
    """The pictures in docs/pack are what the pack draws now at its defaults: they never drift from the board file."""
    written, _ = buildpack.write_pack(tmp_path, DEFAULT)
    docs = Path(__file__).resolve().parents[2] / "docs" / "pack"
    for name in ("board-template.svg", "control-panel.svg"):
        assert (docs / name).read_text() == (tmp_path / name).read_text(), f"regenerate docs/pack/{name} with build-pack"
        assert f"../docs/pack/{name}" in (docs.parents[1] / "hardware" / "WIRING.md").read_text()
    assert tmp_path / "board-template.svg" in written


def test_wiring_md_gives_the_ribbon_as_the_netlist_has_it() -> None:
    text = " ".join(BUILDS["hand-wired"].read_text(encoding="utf-8").split())
    pinout = ", ".join(f"{pin} {'3.3 V' if name == '3V3' else name}" for pin, name in RIBBON)
    assert f"The ribbon** between modules, pin 1 first: {pinout} " in text
    qh = next(pin for pin, name in RIBBON if name == "QH")
    assert f"Pin {qh} of the ribbon carries each module's QH" in text
