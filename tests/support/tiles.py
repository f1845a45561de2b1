"""Station tiles built once a test run, each by whichever test worker asks for it first.

A tile takes seconds to lay out, route and have KiCad check and plot, so the first worker to need it builds it into a
folder every worker of the run shares, under a lock of its own, and leaves a mark that it is done (or why it failed,
so the others fail the same way without building it again). Its description for KiCad is kept beside it, for the
tests that change a tile and ask KiCad again. The default run builds one tile; ``-m slow`` all six.
"""

from __future__ import annotations

import fcntl
import json
import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from hardware.pack.board import default_placement, station_centres
from hardware.pack.pcb.board import TileBoard
from hardware.pack.pcb.layout import TileLayout

BOARD = (545.0, 420.0)
DEFAULT_TILES = (4,)
"""The tiles the default run builds: the smallest (the pack itself refuses any tile that fails these checks)."""


def tile_numbers() -> list[object]:
    """Every tile as a test parameter: the default run's plainly, the others marked slow."""
    return [pytest.param(n, marks=() if n in DEFAULT_TILES else pytest.mark.slow, id=f"tile-{n}") for n in range(1, 7)]


@dataclass(frozen=True)
class BuiltTile:
    number: int
    folder: Path
    """tile-N/, as build-pack writes it."""
    description: dict[str, object]

    def file(self, suffix: str) -> Path:
        return self.folder / f"tile-{self.number}{suffix}"


@cache
def routed_tile(number: int) -> TileBoard:
    """Tile *number* of the classic board laid out and routed (a worker's own copy)."""
    from hardware.pack.pcb.board import route_layout

    return route_layout(board_layouts()[number - 1])


@cache
def board_layouts() -> tuple[TileLayout, ...]:
    """The classic board's tiles laid out (a worker's own copy)."""
    from hardware.pack.pcb.pack import lay_out_board

    return tuple(lay_out_board(default_placement(BOARD)))


def shared_root(factory: pytest.TempPathFactory) -> Path:
    """A folder every xdist worker of this run shares (the base temp's parent under xdist)."""
    base = factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def built_tile(factory: pytest.TempPathFactory, number: int) -> BuiltTile:
    """Tile *number* of the classic board, built once a run; skipped where KiCad is not installed."""
    from hardware.pack.pcb.kicad import KicadMissing, kicad_python

    try:
        kicad_python()
    except KicadMissing as missing:
        pytest.skip(f"KiCad is not installed: {missing}")
    root = shared_root(factory) / "tiles-pack"
    root.mkdir(exist_ok=True)
    done, failed = root / f"tile-{number}.done", root / f"tile-{number}.failed"
    with open(root / f"tile-{number}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists() and not failed.exists():
            try:
                _build(root, number)
            except Exception as error:
                failed.write_text(f"{type(error).__name__}: {error}", encoding="utf-8")
                raise
            done.write_text("ok", encoding="utf-8")
    if failed.exists():
        pytest.fail(f"building tile {number} failed in another worker: {failed.read_text(encoding='utf-8')}")
    description = json.loads((root / f"tile-{number}.json").read_text(encoding="utf-8"))
    return BuiltTile(number, root / f"tile-{number}", description)


def _build(root: Path, number: int) -> None:
    from hardware.pack.pcb.pack import write_tile

    board = routed_tile(number)
    write_tile(board, root, station_centres(default_placement(BOARD)))
    (root / f"tile-{number}.json").write_text(json.dumps(board.description()), encoding="utf-8")
