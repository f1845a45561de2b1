"""The station tiles as a fab gets them: KiCad's DRC, the Gerbers read back, the BOMs and placement files.

Each tile is built once a run (``tests.support.tiles``: two of the six in the default run, all six with ``-m slow``);
these tests read what was written. Two of them change a tile (a station moved, a track cut) and ask KiCad again, to
show that the checks catch it.
"""

from __future__ import annotations

import copy
import csv
import io
import math
import re
from pathlib import Path
from typing import Any

import pytest

from hardware.pack.board import default_placement, station_centres
from hardware.pack.pcb.catalog import load_catalog
from hardware.pack.pcb.gerbers import flashed_pads, off_station, read_gerbers
from hardware.pack.pcb.kicad import run_kicad
from hardware.pack.pcb.pack import STATION_TOLERANCE_MM
from tests.support.tiles import BOARD, DEFAULT_TILES, BuiltTile, built_tile, tile_numbers

pytestmark = pytest.mark.xdist_group("tiles")  # one worker lays the board out and routes its tile once

CENTRES = station_centres(default_placement(BOARD))


@pytest.fixture(params=tile_numbers())
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> BuiltTile:
    return built_tile(tmp_path_factory, request.param)


def _gerbers(tile: BuiltTile) -> Any:
    return read_gerbers(tile.file("-gerbers.zip"))


def _csv(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))


def test_the_tile_passes_kicad_s_drc_with_nothing_left_unjoined(built: BuiltTile) -> None:
    report = built.file("-drc.rpt").read_text(encoding="utf-8")
    assert "** Found 0 DRC violations **" in report, report[:2000]
    assert "** Found 0 unconnected pads **" in report, report[:2000]


def test_the_gerbers_put_every_station_where_the_station_map_says(built: BuiltTile) -> None:
    stack = _gerbers(built)
    mine = {int(ref[2:]): CENTRES[int(ref[2:])] for ref, _ in flashed_pads(stack) if re.fullmatch(r"SW\d+", ref)}
    described = {int(str(p["ref"])[2:]) for p in built.description["parts"] if re.fullmatch(r"SW\d+", str(p["ref"]))}  # type: ignore[union-attr, index]
    assert set(mine) == described and len(mine) > 20  # every station the tile carries
    assert off_station(stack, mine, STATION_TOLERANCE_MM) == {}


def test_the_boms_and_placement_files_list_the_same_parts_with_their_codes(built: BuiltTile) -> None:
    for suffix in ("", "-sensing"):
        bom, cpl = _csv(built.file(f"-bom{suffix}.csv")), _csv(built.file(f"-cpl{suffix}.csv"))
        listed = [ref for row in bom for ref in row["Designator"].split(",")]
        assert sorted(listed) == sorted(row["Designator"] for row in cpl)
        assert sum(int(row["Quantity"]) for row in bom) == len(cpl)
        assert all(re.fullmatch(r"C\d+", row["LCSC Part #"]) for row in bom)
        assert any(row["Layer"] == "Bottom" for row in cpl) == bool(suffix)  # the sensors sit underneath


def test_the_placement_file_puts_every_pad_of_every_part_on_its_copper(built: BuiltTile) -> None:
    """Each part of the placement file, put at its place and turned by its rotation less the fab library's offset for
    its package, has every pad of its footprint on a pad the Gerbers flash for it: the placement and its turns are
    checked against the copper itself, not against the design that wrote both."""
    catalog = load_catalog()
    by_footprint = {part.footprint: part for part in catalog.parts.values()}
    parts = {p["ref"]: p for p in built.description["parts"]}  # type: ignore[union-attr, index]
    flashed = flashed_pads(_gerbers(built))
    rows = _csv(built.file("-cpl.csv"))
    assert len(rows) > 100
    for row in rows:
        ref = row["Designator"]
        kind = by_footprint[str(parts[ref]["footprint"])]
        x, y = float(row["Mid X"][:-2]), -float(row["Mid Y"][:-2])
        turn = (int(row["Rotation"]) - int(kind.cpl_rotation)) % 360
        c, s = {0: (1, 0), 90: (0, 1), 180: (-1, 0), 270: (0, -1)}[turn]
        for pad in kind.pads:
            at = (x + pad.x * c + pad.y * s, y - pad.x * s + pad.y * c)
            assert min(math.dist(at, place) for place in flashed[(ref, pad.number)]) < 0.01, (ref, pad.number, row["Rotation"])


def test_the_pack_has_pictures_of_both_sides_and_its_kicad_project(built: BuiltTile) -> None:
    for side in ("top", "bottom"):
        assert built.file(f"-{side}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert built.file(".kicad_pcb").read_text(encoding="utf-8").startswith("(kicad_pcb (version 20211014)")
    assert not (built.folder / "gerbers").exists()  # zipped, as fabs take them


@pytest.fixture
def smallest(tmp_path_factory: pytest.TempPathFactory) -> BuiltTile:
    return built_tile(tmp_path_factory, DEFAULT_TILES[0])


def test_a_station_moved_on_the_board_is_caught_in_its_gerbers(smallest: BuiltTile, tmp_path: Path) -> None:
    description = copy.deepcopy(smallest.description)
    parts: list[dict[str, Any]] = description["parts"]  # type: ignore[assignment]
    switch = next(part for part in parts if re.fullmatch(r"SW\d+", part["ref"]))
    switch["x"] += 0.1
    for pad in switch["pads"]:
        pad["board_x"] += 0.1
    run_kicad(description, tmp_path)
    station = int(switch["ref"][2:])
    off = off_station(read_gerbers(tmp_path / "gerbers"), {station: CENTRES[station]}, STATION_TOLERANCE_MM)
    assert off == {station: pytest.approx(0.1, abs=1e-3)}


def test_a_cut_track_is_caught_by_kicad(smallest: BuiltTile, tmp_path: Path) -> None:
    description = copy.deepcopy(smallest.description)
    description["plot"] = False
    tracks: list[dict[str, Any]] = description["tracks"]  # type: ignore[assignment]
    del tracks[next(i for i, track in enumerate(tracks) if track["net"] == "CLK")]
    result = run_kicad(description, tmp_path)
    assert result.unconnected >= 1 and not result.clean
