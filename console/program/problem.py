"""The problem screen: the console cannot play, and says why, where, and what its owner can do with the keys.

Anything that stops the console before it can play (a setting of the config
file it cannot use, a board with no station map yet or one it cannot use, a
part of the board that does not start, its data folder, a fault of this
version) opens this screen instead of ending the program. A console that ended
would leave the screen black, and its service would start it again and again
for nothing a restart can fix; here it stays up, its watchdog fed, until its
owner acts (``Problem.remedies``, and what the program adds to every problem):

- start with default settings (the config file is left as it is, and said again at the next start until it is put right),
- calibrate the board (no station map yet, or one that cannot be used: ``console.program.calibrating``),
- run the hardware test,
- go back to the previous version (when the console runs from an install tree that has one),
- shut down (quit, on a PC).

The board flashes twice every 2 s over its whole face: look at the screen
(``console.table.lights.look_at_screen_frame``).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from console.program.activity import MenuActivity
from console.program.calibrating import Calibrating, Uncalibrated
from console.program.hardware_test import HardwareTest
from console.program.host import Ending
from console.program.power_off import off_row
from console.records.storage import FolderError
from console.table.menu import Action, Menu, Row
from console.table.screen.problem import ProblemScene
from hardware.config import ConfigError
from hardware.factory import PartError
from hardware.station_map import MapError
from language import Words, p_, plain

if TYPE_CHECKING:
    from console.program.host import Host

log = logging.getLogger(__name__)


class Remedy(Enum):
    """What the owner can do about a problem, besides going back to the previous version and shutting down."""

    DEFAULTS = "defaults"
    """Start with every setting at its default (the config file left as it is)."""
    CALIBRATE = "calibrate"
    HARDWARE_TEST = "hardware test"


@dataclass(frozen=True)
class Problem:
    """What stops the console: a title, what is wrong in the table's language, and where (the file, the setting and what it
    should be; or the part and its error) as the refusal says it, in the words of the file it names."""

    title: Words
    what: Words
    where: str
    status: str
    """In public words, for systemd's status line (``systemctl status``)."""
    remedies: tuple[Remedy, ...] = ()
    calibration: Uncalibrated | None = None
    """The board to calibrate (``Remedy.CALIBRATE``)."""

    def also(self, parts: Sequence[PartError]) -> Problem:
        """The problem, with the parts that did not start while the screen was opened for it added to where."""
        if not parts:
            return self
        where = "; ".join([self.where, *(str(part) for part in parts)])
        return Problem(self.title, self.what, where, self.status, self.remedies, self.calibration)


def problem_of(error: Exception, board: Uncalibrated | None = None) -> Problem:
    """The problem an error at start is, with its remedies; *board*: the board to calibrate if the station map is the problem."""
    where = str(error)
    if isinstance(error, MapError) and board is not None and not board.map_path.exists():
        return Problem(p_("title", "The board is not calibrated yet"),
                       p_("card", "Each station's button and light must be found once: calibrate the board with its own keys (a press "
                         "on each station), and the console starts"),
                       where, "Problem: not calibrated", (Remedy.CALIBRATE, Remedy.HARDWARE_TEST), board)
    if isinstance(error, MapError):
        return Problem(p_("title", "The station map cannot be used"),
                       p_("card", "Calibrate the board again: a map that only misses stations is resumed, a damaged one is kept aside"),
                       where, "Problem: station map", (Remedy.CALIBRATE, Remedy.HARDWARE_TEST) if board else (), board)
    if isinstance(error, PartError):
        return Problem(p_("title", "A part of the board does not start"),
                       p_("card", "Check its wiring and the config file's settings for it; the hardware test shows what works"),
                       where, f"Problem: {error.part}", (Remedy.HARDWARE_TEST,))
    if isinstance(error, ConfigError):
        return Problem(p_("title", "The config file needs fixing"),
                       p_("card", "A setting names something this console does not have, or is not valid. The file is left as it is: "
                         "fix it, or start with default settings meanwhile"),
                       where, "Problem: config file", (Remedy.DEFAULTS,))
    if isinstance(error, FolderError):
        return Problem(p_("title", "The saved games' folder cannot be used"),
                       p_("card", "Games are saved there: put the folder right, or start with default settings meanwhile"),
                       where, "Problem: data folder", (Remedy.DEFAULTS,))
    return Problem(p_("title", "This version of the console cannot start"),
                   p_("card", "Go back to the previous version, or shut down: what failed is in the log (journalctl -u scotland-yard)"),
                   f"{type(error).__name__}: {error}", "Problem: this version fails at start")


class ProblemActivity(MenuActivity):
    """The problem on the screen, its remedies a menu of the control keys, the board flashing "look at the screen"."""

    def __init__(self, host: Host, problem: Problem, note: Words = "") -> None:
        self.host = host
        self.problem = problem
        rows: list[Row] = []
        for remedy in problem.remedies:
            if remedy is Remedy.DEFAULTS:
                rows.append(Action(p_("row", "Start with default settings"), lambda now: host.end(Ending.DEFAULTS)))
            elif remedy is Remedy.CALIBRATE:
                rows.append(Action(p_("row", "Calibrate the board"), self._calibrate))
            elif remedy is Remedy.HARDWARE_TEST:
                rows.append(Action(p_("row", "Run the hardware test"),
                                   lambda now: host.push(HardwareTest(host.stations, now, over=self._back))))
        rollback = host.updates.rollback_row() if host.updates is not None else None
        rows += [*([rollback] if rollback is not None else []), off_row(host)]
        super().__init__(Menu(problem.title, rows, message=note), host.stations)

    @property
    def status(self) -> str:
        return self.problem.status

    def scene(self) -> ProblemScene:  # type: ignore[override]  # a menu, drawn under what is wrong
        return ProblemScene(self.problem.what, plain(self.problem.where), self.menu.ui, self.stations)

    def _calibrate(self, now: float) -> None:
        assert self.problem.calibration is not None
        self.host.push(Calibrating(self.problem.calibration, self.stations, over=self._calibrated))

    def _calibrated(self, complete: bool, said: Words) -> None:
        """Calibration is over: with a complete map the console starts again (on it); else back to this screen, saying why."""
        if complete:
            log.info("%s", said)
            self.host.end(Ending.AGAIN)
        else:
            self._back(said)

    def _back(self, said: Words) -> None:
        """Back from what was pushed over this screen (the calibration, the hardware test), saying how it went."""
        self.host.pop()
        self.menu.message = said
