"""SD-card wear: what the console writes per game. ``python -m benchmarks.writes`` prints one ``name: value`` a line.

Whole games are played through the console's program on the ``fake`` profile,
from the start menu's New game to the game filed in the history folder:
reissue games with a computer Mister X and the detectives' moves pressed on the
board's buttons (random legal ones, as people would), and Junior games with
computer rogues and the detectives' steps pressed. Everything is counted per
game, in kB (1000 bytes):

- ``*_journal_kb``, ``*_record_kb``, ``*_preferences_kb``: the bytes handed to
  the write calls of every file the console opens to write, by kind (the
  journal, its temporary first line; the record filed in ``history/``; the
  menus' choices, saved at each deal);
- ``*_log_kb``: the log lines at INFO (the service's level), formatted as the
  service sends them to the systemd journal (which adds its own fields to each);
- ``*_total_kb``: the sum, against the bar of 1000 kB a game;
- ``*_fsyncs``: the flushes to the disk (each costs the file system at least a
  block of data and a commit of its journal);
- ``*_disk_kb``: what reached the disk, with that overhead: the process's
  ``write_bytes`` of ``/proc/self/io`` (Linux; 0 for a temporary folder in
  memory, such as a tmpfs ``/tmp``: give ``--folder`` on the disk to measure).
"""

from __future__ import annotations

import builtins
import io
import logging
import os
import tempfile
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Self

from benchmarks.figures import Figure, command, show
from console.games.junior.flow import JuniorFlow
from console.program.program import Program
from console.settings import GameSettings, Level, Seat
from hardware.config import Config
from hardware.drivers.handheld import MemoryHandheldLink
from hardware.factory import build_hardware
from hardware.station_map import StationMap
from tests.support.junior import JuniorTable
from tests.support.players import Table

STATIONS = range(1, 200)
BAR_KB = 1000.0
"""At most this much written per game, logs included."""
KINDS = ("journal", "record", "preferences")
SERVICE_LOG_FORMAT = "%(levelname)s %(name)s: %(message)s"
"""How ``scotland-yard play`` formats its log lines for the systemd journal."""
MAX_STEPS = 200_000
"""Frames one game may take before the bench gives up on it."""


def kind_of(path: str) -> str:
    """The kind of file the console writes at *path*: journal, record, preferences, or other."""
    name = Path(path).name
    if ".journal" in name:
        return "journal"
    if Path(path).parent.name == "history":
        return "record"
    if "preferences.json" in name:
        return "preferences"
    return "other"


@dataclass
class Written:
    """Bytes handed to write calls, by kind of file; flushes to the disk; log lines."""

    bytes: Counter[str] = field(default_factory=Counter)
    fsyncs: int = 0
    log_bytes: int = 0
    log_lines: int = 0


class _CountedFile:
    """A file opened to write, counting what is written through it."""

    def __init__(self, file: Any, kind: str, written: Written) -> None:
        self._file, self._kind, self._written = file, kind, written

    def write(self, data: Any) -> int:
        self._written.bytes[self._kind] += len(data.encode("utf-8") if isinstance(data, str) else data)
        return int(self._file.write(data))

    def __enter__(self) -> Self:
        self._file.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self._file.__exit__(*exc)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._file, name)


class _LogCounter(logging.Handler):
    def __init__(self, written: Written) -> None:
        super().__init__(logging.INFO)
        self.setFormatter(logging.Formatter(SERVICE_LOG_FORMAT))
        self.written = written

    def emit(self, record: logging.LogRecord) -> None:
        self.written.log_bytes += len(self.format(record).encode("utf-8")) + 1
        self.written.log_lines += 1


@contextmanager
def counting_writes() -> Iterator[Written]:
    """Count every write to a file the process opens for writing, each fsync, and the log lines at INFO."""
    written = Written()
    real_open, real_fsync = builtins.open, os.fsync

    def counted_open(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        opened = real_open(file, mode, *args, **kwargs)
        if any(letter in mode for letter in "wax+") and isinstance(file, (str, os.PathLike)):
            return _CountedFile(opened, kind_of(os.fspath(file)), written)
        return opened

    def counted_fsync(descriptor: Any) -> None:
        written.fsyncs += 1
        real_fsync(descriptor)

    handler, root = _LogCounter(written), logging.getLogger()
    level = root.level
    builtins.open = io.open = counted_open  # pathlib opens through io.open
    os.fsync = counted_fsync  # type: ignore[assignment]
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    try:
        yield written
    finally:
        builtins.open = io.open = real_open
        os.fsync = real_fsync
        root.removeHandler(handler)
        root.setLevel(level)


def disk_write_bytes() -> int | None:
    """What this process has had written to the disk so far (``/proc/self/io``), or None where that is not known."""
    try:
        lines = Path("/proc/self/io").read_text().splitlines()
    except OSError:
        return None
    return next((int(line.split()[1]) for line in lines if line.startswith("write_bytes:")), None)


# ---------------------------------------------------------------- the games


class _Clock:
    """A clock that moves 50 ms at every reading: the computer's moves come without waiting."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.05
        return self.now


class People:
    """The people at the board, as the tests have them (``tests.support.players.Table``, ``tests.support.junior.JuniorTable``):
    CONFIRM in menus and at the end, random legal moves pressed on the board, each kind's at its game."""

    def __init__(self, program: Program, seed: int) -> None:
        self.program = program
        self.classic, self.junior = Table(program.console, seed), JuniorTable(program.console, seed)

    def act(self) -> None:
        """Do what the console asks for next (then it runs a frame)."""
        (self.junior if isinstance(self.program.flow, JuniorFlow) else self.classic).act()


def play_games(data: Path, settings: GameSettings, games: int, seed: int) -> int:
    """Play *games* whole games at one console in *data*, each to its filing; the moves played."""
    hardware = build_hardware(Config(profile="fake"), StationMap.identity(STATIONS), STATIONS, MemoryHandheldLink())
    program = Program(hardware, replace(settings, data_dir=str(data)), clock=_Clock(), sleep=lambda seconds: None, seed=seed,
                      think_inline=True)
    people = People(program, seed)
    history = data / "history"
    moves = 0
    for _ in range(MAX_STEPS):
        filed = len(list(history.glob("*.json"))) if history.is_dir() else 0
        if filed == games:
            return moves
        flow = program.flow
        before = len(flow.game.actions) if flow is not None else 0
        people.act()
        if flow is not None and program.flow is flow:
            moves += max(0, len(flow.game.actions) - before)
    raise RuntimeError(f"{games} games were not played within {MAX_STEPS} frames")


@dataclass(frozen=True)
class Measured:
    """What a few games wrote, per game."""

    written: Written
    disk: int | None
    games: int
    moves: int


def measure(settings: GameSettings, games: int, seed: int, folder: Path | None) -> Measured:
    """Play *games* games in a fresh data folder (under *folder*, else the temporary folder) and count what they wrote."""
    with tempfile.TemporaryDirectory(dir=folder) as data:
        before = disk_write_bytes()
        with counting_writes() as written:
            moves = play_games(Path(data), settings, games, seed)
        after = disk_write_bytes()
    disk = after - before if before is not None and after is not None else None
    return Measured(written, disk, games, moves)


def figures_of(name: str, measured: Measured) -> Iterator[Figure]:
    per_game = measured.games * 1000
    written = measured.written
    for kind in KINDS:
        yield Figure(f"{name}_{kind}_kb", written.bytes[kind] / per_game)
    yield Figure(f"{name}_log_kb", written.log_bytes / per_game, f"{written.log_lines / measured.games:.0f} lines")
    total = sum(written.bytes.values()) + written.log_bytes
    yield Figure(f"{name}_total_kb", total / per_game, f"bar {BAR_KB:.0f}; {measured.moves / measured.games:.0f} moves a game")
    yield Figure(f"{name}_fsyncs", written.fsyncs / measured.games)
    if measured.disk is not None:
        yield Figure(f"{name}_disk_kb", measured.disk / per_game, "0 on a file system in memory")


GAMES: dict[str, GameSettings] = {
    "classic": GameSettings(edition="reissue", players=5, mister_x=Seat.COMPUTER, detectives_by=Seat.PEOPLE, level=Level.EASY),
    "junior": GameSettings(edition="junior", players=3, mister_x=Seat.COMPUTER, detectives_by=Seat.PEOPLE, level=Level.EASY),
}


def figures(games: int, seed: int, folder: Path | None, kinds: Sequence[str] = tuple(GAMES)) -> Iterator[Figure]:
    for name in kinds:
        yield from figures_of(name, measure(GAMES[name], games, seed, folder))


def main(argv: Sequence[str] | None = None) -> None:
    parser = command("writes", __doc__)
    parser.add_argument("--games", type=int, default=3, help="games of each kind (default 3)")
    parser.add_argument("--kind", choices=tuple(GAMES), action="append", help="only this kind of game (default: each)")
    parser.add_argument("--seed", type=int, default=1, help="deals and people's moves (default 1)")
    parser.add_argument("--folder", type=Path, help="where the data folder is made (default: the temporary folder)")
    args = parser.parse_args(argv)
    show(figures(args.games, args.seed, args.folder, args.kind or tuple(GAMES)))


if __name__ == "__main__":
    main()
