"""The simulator, headless, for tests: the console's program in its window, played through the window's own input."""

from __future__ import annotations

from pathlib import Path

import pygame

from console.cli import board_drawing
from console.program.program import Program
from console.settings import GameSettings
from hardware.config import Config
from hardware.drivers.handheld import MemoryHandheldLink
from hardware.sim import open_window
from hardware.sim.handheld import handheld_in_pane
from hardware.sim.script import Command, ManualClock, ScriptRunner


class HeadlessSim:
    """A headless simulator: its window, the program on it, and a script runner to click, press keys and wait.

    *pane*: Mister X's handheld as a pane of the window (else a link with nobody at its end); *worker*: the
    computer players think in a worker process, as in a played window (else in-process, at once).
    """

    def __init__(self, data: Path, settings: GameSettings, *, seed: int, pane: bool, worker: bool = False) -> None:
        self.clock = ManualClock()
        self.handheld = handheld_in_pane(self.clock) if pane else None
        link = self.handheld.link if self.handheld is not None else MemoryHandheldLink()
        self.hardware, self.window = open_window(Config(), board_drawing(), link, headless=True)
        if self.handheld is not None and self.handheld.pane is not None:
            self.window.attach_pane(self.handheld.pane)
        self.program = Program(self.hardware, settings, clock=self.clock, seed=seed, think_inline=not worker)
        self.runner = ScriptRunner(self.window, self.clock, data, self.program.console.step, lambda: self.program.finished,
                                   self.handheld.press if self.handheld is not None else None)

    def do(self, verb: str, argument: str = "") -> None:
        self.runner.run([Command(0, verb, argument)])


def same_picture(fresh: Path, committed: Path) -> bool:
    """Whether a screenshot taken now shows what the committed one shows: the same size, and all but under 1% of
    the pixels sampled every 4 the same (a glow's phase may differ between two runs)."""
    now, then = pygame.image.load(str(fresh)), pygame.image.load(str(committed))
    if now.get_size() != then.get_size():
        return False
    width, height = now.get_size()
    points = [(x, y) for x in range(0, width, 4) for y in range(0, height, 4)]
    return sum(now.get_at(point) != then.get_at(point) for point in points) < len(points) // 100
