"""The benches' computer players by name: a level, its share of work, its slips, and whether it plays on a clock.

A name is a level of ``engine.ai.players`` with, in this order:

- ``-steady``: the level's search alone, without its slips (``hard-steady`` is hard
  as it played before it slipped: the yardstick ``expert`` must beat);
- ``@WORK``: that many times the level's work (``hard@2`` thinks twice as much);
- ``~CLOCK``: against the clock, as the console's worker plays (``console.games.classic.pace``):
  every move's search stops where the level's pace stops it on a Raspberry Pi 4,
  times *CLOCK* (``expert~0.25`` searches a quarter of the Pi's seconds here, which
  is what the Pi itself searches: a Pi 4 core counts as four times slower than this
  machine), and a forced round of the detectives does not search at all.
  The clock is the process's CPU time, so a busy machine does not cut a search short.

Without ``~`` a player does its level's whole work: its moves depend on the seed alone.

>>> computer("expert~0.25")
Computer(level='expert', work=1.0, slips=True, clock=0.25)
>>> computer("hard-steady@2")
Computer(level='hard', work=2.0, slips=False, clock=None)
>>> computer("greedy") is None
True
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from console.games.classic.pace import detectives_wait_s, mister_x_wait_s, search_s
from console.settings import Level
from engine.ai.players import LEVEL_SETTINGS, LEVELS, choose_detective_moves, choose_mister_x_move
from engine.ai.stopping import Stop
from engine.board import Board
from engine.moves import DetectiveMove, DoubleMove, MisterXMove
from engine.views import MisterXView, PublicView

T = TypeVar("T")

STEADY = "-steady"
"""Ends a level's name for its search alone, without its slips."""

PI_FACTOR = 4.0
"""How many times slower a Raspberry Pi 4 core runs this Python than the machines the figures are measured on: the
project's budgeting rule. One published check: the Benchmarks Game's n-body in Python, 5 million steps, took 158 s
on a Pi 4 at 1.5 GHz with the Python of 2020, and takes 21 s of CPU on the 2.6 GHz EPYC core measured here with
Python 3.11: 7.5 times, part of it Python 3.11's own speed-up. So the curve (``benchmarks.curve --clock``) also
measures 1/8 of the clock: a Pi twice as slow as the rule."""

STEADY_LEVELS = tuple(level + STEADY for level, settings in LEVEL_SETTINGS.items() if settings.slips)
"""The levels that slip, without their slips."""


@dataclass(frozen=True)
class Timing:
    """One choice of a computer player: its CPU and wall seconds, and the CPU seconds its clock allowed (None: no clock)."""

    cpu_s: float
    wall_s: float
    clock_s: float | None = None

    @property
    def late_s(self) -> float:
        """How long past its clock's moment the answer came (0 without a clock, or on time)."""
        return 0.0 if self.clock_s is None else max(0.0, self.cpu_s - self.clock_s)


@dataclass(frozen=True)
class Computer:
    """A computer player of the benches (``computer`` reads its name)."""

    level: str
    work: float = 1.0
    slips: bool = True
    clock: float | None = None
    """The share of the level's Pi 4 pace its searches get, on this machine's CPU clock (None: its whole work)."""

    def mister_x(self, view: MisterXView, board: Board, seed: int) -> tuple[MisterXMove | DoubleMove, Timing]:
        """Mister X's move in *view*, and its timing."""
        seconds = self._seconds(mister_x_wait_s, view.public, forced=False)
        return self._timed(lambda stop: choose_mister_x_move(view, board, self.level, seed, self.work, self.slips, stop),
                           seconds)

    def detectives(self, view: PublicView, board: Board, seed: int, forced: bool) -> tuple[list[DetectiveMove], Timing]:
        """The detectives' round in the public *view* (*forced*: no piece to move has a choice), and its timing."""
        seconds = self._seconds(detectives_wait_s, view, forced)
        return self._timed(lambda stop: choose_detective_moves(view, board, self.level, seed, budget=self.work,
                                                               slips=self.slips, stop=stop), seconds)

    def _seconds(self, wait_s: Callable[[Level, PublicView], float], public: PublicView, forced: bool) -> float | None:
        """The CPU seconds of this choice's search, as the console's worker would search on a Pi 4, times the clock."""
        if self.clock is None:
            return None
        return 0.0 if forced else search_s(wait_s(Level(self.level), public)) * self.clock

    @staticmethod
    def _timed(choose: Callable[[Stop | None], T], seconds: float | None) -> tuple[T, Timing]:
        """*choose*'s choice with a stop *seconds* of CPU from now (None: no stop), and its timing."""
        began_cpu, began_wall = time.process_time(), time.perf_counter()
        stop = None
        if seconds is not None:
            end = began_cpu + seconds
            stop = lambda: time.process_time() >= end  # noqa: E731
        choice = choose(stop)
        return choice, Timing(time.process_time() - began_cpu, time.perf_counter() - began_wall, seconds)


def computer(name: str) -> Computer | None:
    """The computer player *name* stands for, or None when it names no level (a baseline)."""
    rest, _, clock = name.partition("~")
    named, _, work = rest.partition("@")
    level = named.removesuffix(STEADY)
    if level not in LEVELS:
        return None
    return Computer(level, float(work) if work else 1.0, level == named, float(clock) if clock else None)


def player(name: str) -> str:
    """The player *name* adds its work and clock to: ``expert`` for ``expert@2~0.5``."""
    return name.partition("~")[0].partition("@")[0]
