"""The board's geometry: one scale for both axes, and the fit to a board the maker measured."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from console.cli import main
from hardware.pack import PackError
from hardware.pack.board import Placement, default_placement, map_size, station_centres, station_positions
from hardware.pack.buildpack import PackOptions, station_holes
from hardware.pack.fit import Measurement, fit_placement, parse_measurement, read_measurements

BOARD = (545.0, 420.0)


def test_x_and_y_are_scaled_alike_and_the_map_fits_the_board() -> None:
    for board in (BOARD, (600.0, 400.0), (400.0, 600.0)):
        placement = default_placement(board)
        sx, sy = placement.axis_scales()
        assert sx == pytest.approx(sy, rel=1e-12)
        map_w, map_h = map_size()
        corners = [placement.to_board(c) for c in ((0, 0), (map_w, map_h))]
        assert corners[0][0] >= -1e-9 and corners[0][1] >= -1e-9
        assert corners[1][0] <= board[0] + 1e-9 and corners[1][1] <= board[1] + 1e-9
        assert min(corners[0][0], corners[0][1]) == pytest.approx(0, abs=1e-9)  # the largest scale that fits


def test_the_default_board_keeps_the_stations_proportions() -> None:
    """The distance between any two stations on the board is the map's distance times one scale: no stretch."""
    centres, positions = station_centres(default_placement(BOARD)), station_positions()
    scale = BOARD[0] / 2600
    for a, b in ((1, 199), (7, 194), (111, 112), (13, 89)):
        assert math.dist(centres[a], centres[b]) == pytest.approx(math.dist(positions[a], positions[b]) * scale)


def _measure(placement: Placement, stations: tuple[int, ...]) -> list[Measurement]:
    centres = station_centres(placement)
    return [Measurement(s, round(centres[s][0], 1), round(centres[s][1], 1)) for s in stations]


def test_the_fit_recovers_a_board_printed_larger_and_askew() -> None:
    true = Placement(0.2150, math.radians(0.8), (6.0, 9.0))
    fit = fit_placement(_measure(true, (1, 7, 153, 194, 199)), BOARD)
    assert fit.placement.scale == pytest.approx(0.2150, rel=1e-3)
    assert fit.placement.rotation == pytest.approx(math.radians(0.8), abs=1e-3)
    assert set(fit.residuals) == {1, 7, 153, 194, 199} and max(fit.residuals.values()) < 0.1  # rounding to 0.1 mm only
    report = fit.report()
    assert "station 153:" in report and "off by" in report and "rotation +0.79" in report
    fitted = station_centres(fit.placement)
    assert max(math.dist(fitted[s], station_centres(true)[s]) for s in fitted) < 0.2


def test_a_measurement_off_by_more_than_a_hole_is_refused_by_name() -> None:
    good = _measure(default_placement(BOARD), (1, 7, 153, 194, 199))
    bad = [m if m.station != 153 else Measurement(153, m.x + 3.0, m.y) for m in good]
    with pytest.raises(PackError, match=r"--measured 153=.*station 153 is 3\.\d mm from where the other measurements put it"):
        fit_placement(bad, BOARD)
    three = [m for m in bad if m.station in (1, 153, 199)]
    with pytest.raises(PackError, match="a fourth station"):
        fit_placement(three, BOARD)
    mirrored = [Measurement(m.station, m.x, BOARD[1] - m.y) for m in good]  # y measured from the bottom edge
    with pytest.raises(PackError, match="mm from where the other measurements put it"):
        fit_placement(mirrored, BOARD)


@pytest.mark.parametrize(("points", "message"), [
    (["1=10,10", "7=500,20"], "at least 3 stations"),
    (["1=10,10", "7=500,20", "250=100,100"], "no station 250"),
    (["1=10,10", "7=500,20", "1=11,10"], "station 1 is measured twice"),
    (["1=10,10", "7=500,20", "199=600,300"], "off the 545x420 mm board"),
])
def test_bad_measurements_are_named(points: list[str], message: str) -> None:
    with pytest.raises(PackError, match=message):
        fit_placement([parse_measurement(p) for p in points], BOARD)


def test_measurements_parse_from_the_option_and_a_file(tmp_path: Path) -> None:
    assert parse_measurement(" 13 = 40.5 , 22 ") == Measurement(13, 40.5, 22.0)
    with pytest.raises(PackError, match=r"--measured: STATION=X,Y .* not '13=40.5'"):
        parse_measurement("13=40.5")
    path = tmp_path / "measured.txt"
    path.write_text("# my board\n1=66.4,27.2\n\n7=511.8, 26.2  # top right\n", encoding="utf-8")
    assert read_measurements(path) == [Measurement(1, 66.4, 27.2), Measurement(7, 511.8, 26.2)]
    path.write_text("1=66.4,27.2\n7 66 2\n", encoding="utf-8")
    with pytest.raises(PackError, match=r"measured.txt line 2: STATION=X,Y"):
        read_measurements(path)


def test_every_hole_follows_the_fit() -> None:
    true = Placement(0.2120, math.radians(-0.5), (3.0, 12.0))
    options = PackOptions(measured=tuple(_measure(true, (1, 7, 194, 199))))
    truth = station_centres(true)
    assert max(math.dist((h.x, h.y), truth[int(h.label)]) for h in station_holes(options)) < 0.2


def test_build_pack_takes_measurements_and_reports_residuals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    points = [str(m) for m in _measure(default_placement(BOARD), (1, 7, 194, 199))]
    args = ["build-pack", str(tmp_path / "pack"), "--no-tiles"] + [arg for p in points for arg in ("--measured", p)]
    assert main(args) == 0
    report = (tmp_path / "pack" / "fit-report.txt").read_text(encoding="utf-8")
    assert report.count("off by") == 4
    assert "fit-report.txt" in capsys.readouterr().out
    assert main(["build-pack", str(tmp_path / "bad"), "--no-tiles", "--measured", "1=66,27", "--measured", "7=511,26",
                 "--measured", "199=300,300"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("scotland-yard build-pack: --measured ") and err.count("\n") == 1
