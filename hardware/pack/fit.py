"""Fitting the pack to a board the maker has measured.

A printed board is never exactly the size the pack assumes. The maker measures three or more stations' centres
on their own board, in mm from its top left corner (x to the right, y down), and every output of the pack
(holes, cells, cut layers, tiles, the printed board) is drawn through the placement fitted to them.

The fit is a least-squares *similarity*: one scale, a rotation and an offset (4 unknowns). A board is the map
printed at one scale, and a similarity is what a board laid slightly askew on a table or printed a little large
differs by. An affine fit (6 unknowns) would also take a stretch or a shear, and so would bend itself to a
misread measurement; with three points it would match any three points exactly and could check nothing. With a
similarity, three points already give two equations more than unknowns: each measurement's residual (its
distance from where the fit puts its station) says whether the points agree. When a residual exceeds a hole's
tolerance (``parts.toml`` [fit] hole_tolerance: a hole that far off still sits inside its printed station disc),
the fit is refused and the error names the station to measure again.

>>> from hardware.pack.board import default_placement, station_centres
>>> true = station_centres(default_placement((545.0, 420.0)))
>>> points = [Measurement(s, round(true[s][0], 1), round(true[s][1], 1)) for s in (1, 7, 194)]
>>> fit = fit_placement(points, (545.0, 420.0))
>>> round(fit.placement.scale, 4), max(fit.residuals.values()) < 0.1
(0.2096, True)
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from hardware.pack import PackError
from hardware.pack.board import Placement, Point, station_positions
from hardware.pack.parts import load_parts

MEASURED = re.compile(r"\s*(\d+)\s*=\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*")


@dataclass(frozen=True)
class Measurement:
    """A station's centre as measured on the maker's board, mm from its top left corner."""

    station: int
    x: float
    y: float

    def __str__(self) -> str:
        return f"{self.station}={self.x:g},{self.y:g}"


def parse_measurement(text: str, where: str = "--measured") -> Measurement:
    """``STATION=X,Y``.

    >>> parse_measurement("13=40.5,22")
    Measurement(station=13, x=40.5, y=22.0)
    """
    match = MEASURED.fullmatch(text)
    if match is None:
        raise PackError(f"{where}: STATION=X,Y in mm from the board's top left corner (for example 13=40.5,22.0), not {text.strip()!r}")
    return Measurement(int(match[1]), float(match[2]), float(match[3]))


def read_measurements(path: Path) -> list[Measurement]:
    """A file of measurements, one ``STATION=X,Y`` a line (``#`` starts a comment)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise PackError(f"--measured-file: cannot read {path}: {error.strerror}") from None
    return [parse_measurement(line.split("#")[0], f"{path} line {number}")
            for number, line in enumerate(lines, 1) if line.split("#")[0].strip()]


@dataclass(frozen=True)
class Fit:
    """The placement fitted to the measurements, and each measurement's residual (mm)."""

    placement: Placement
    measurements: tuple[Measurement, ...]
    residuals: dict[int, float]
    tolerance: float

    def report(self) -> str:
        """What the fit found, for the maker: the placement and every measurement's residual."""
        p = self.placement
        lines = [f"Fit to {len(self.measurements)} measured stations (least-squares similarity: one scale, a rotation, an offset).",
                 f"scale {p.scale:.5f} mm per map pixel, rotation {math.degrees(p.rotation):+.3f} degrees, "
                 f"offset ({p.offset[0]:.2f}, {p.offset[1]:.2f}) mm",
                 f"residuals (tolerance {self.tolerance:g} mm):"]
        for m in self.measurements:
            fx, fy = p.to_board(station_positions()[m.station])
            lines.append(f"  station {m.station:>3}: measured ({m.x:.1f}, {m.y:.1f}), fitted ({fx:.1f}, {fy:.1f}), "
                         f"off by {self.residuals[m.station]:.2f} mm")
        return "\n".join(lines) + "\n"


def _similarity(pixels: np.ndarray, board: np.ndarray) -> Placement:
    """The least-squares similarity taking *pixels* to *board* (both n x 2)."""
    x, y = pixels[:, 0], pixels[:, 1]
    ones, zeros = np.ones_like(x), np.zeros_like(x)
    system = np.vstack([np.column_stack([x, -y, ones, zeros]), np.column_stack([y, x, zeros, ones])])
    target = np.concatenate([board[:, 0], board[:, 1]])
    (a, b, tx, ty), _, rank, _ = np.linalg.lstsq(system, target, rcond=None)
    if rank < 4:
        raise PackError("--measured: the measured stations must not all be at one place on the map")
    return Placement(math.hypot(a, b), math.atan2(b, a), (float(tx), float(ty)))


def _residuals(placement: Placement, pixels: np.ndarray, board: np.ndarray) -> np.ndarray:
    fitted = np.array([placement.to_board((float(px), float(py))) for px, py in pixels])
    return np.asarray(np.hypot(*(fitted - board).T))


def _check(measurements: Sequence[Measurement], board_mm: Point) -> None:
    positions = station_positions()
    seen: set[int] = set()
    for m in measurements:
        if m.station not in positions:
            raise PackError(f"--measured {m}: no station {m.station} on the board (1 to {max(positions)})")
        if m.station in seen:
            raise PackError(f"--measured {m}: station {m.station} is measured twice")
        seen.add(m.station)
        if not (0 < m.x < board_mm[0] and 0 < m.y < board_mm[1]):
            raise PackError(f"--measured {m}: ({m.x:g}, {m.y:g}) mm is off the {board_mm[0]:g}x{board_mm[1]:g} mm board "
                            "(measure from its top left corner)")
    if len(measurements) < 3:
        raise PackError(f"--measured: measure at least 3 stations, far apart (given: {len(measurements)})")


def fit_placement(measurements: Sequence[Measurement], board_mm: Point, tolerance: float | None = None) -> Fit:
    """The placement fitted to *measurements*; refused (``PackError``, naming the station) when they disagree
    by more than a hole's *tolerance* (default: ``parts.toml``)."""
    tolerance = load_parts().fit.hole_tolerance if tolerance is None else tolerance
    _check(measurements, board_mm)
    positions = station_positions()
    pixels = np.array([positions[m.station] for m in measurements], dtype=float)
    board = np.array([(m.x, m.y) for m in measurements], dtype=float)
    placement = _similarity(pixels, board)
    residuals = _residuals(placement, pixels, board)
    fit = Fit(placement, tuple(measurements), {m.station: float(r) for m, r in zip(measurements, residuals)}, tolerance)
    if residuals.max() <= tolerance:
        return fit
    if len(measurements) == 3:
        m = measurements[int(residuals.argmax())]
        raise PackError(f"--measured {m}: the three measurements disagree: station {m.station} is {residuals.max():.1f} mm off their fit "
                        f"(a hole allows {tolerance:g} mm); measure it again, or measure a fourth station to tell which one is off")
    worst, distance = _culprit(pixels, board)
    m = measurements[worst]
    raise PackError(f"--measured {m}: station {m.station} is {distance:.1f} mm from where the other measurements put it "
                    f"(a hole allows {tolerance:g} mm); measure it again")


def _culprit(pixels: np.ndarray, board: np.ndarray) -> tuple[int, float]:
    """The measurement the others disagree with most, and by how much: the one farthest from the fit of all the
    others (its leave-one-out residual)."""
    left_out = [_residuals(_similarity(np.delete(pixels, i, 0), np.delete(board, i, 0)), pixels[i:i + 1], board[i:i + 1])[0]
                for i in range(len(pixels))]
    worst = int(np.argmax(left_out))
    return worst, float(left_out[worst])
