"""The tournaments' shared core: match-ups, games over worker processes, win rates and their tables.

A tournament (``benchmarks.tournament``, ``benchmarks.junior_tournament``) plays
match-ups of the hunted side's player (Mister X, the rogues) against the
detectives' player, ``--games`` games each. It brings its own game: a function
playing game *i* of a match-up from *i* and ``--seed`` alone, starting the
hunted side on the *i*-th of its starts in turn (``in_turn``), so that a run is
repeatable whatever the number of worker processes. The core runs the games over
the processes (``Match.play``), sorts them back by index, and prints one line a
match-up (the hunted side's win rate with its 95% Wilson interval, the computer
players' move times) and the tournament's own lines, such as the wins by start.

>>> [round(bound, 3) for bound in wilson(80, 100)]
[0.711, 0.867]
>>> in_turn((13, 26, 29), 4)
26
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Generic, Protocol, Self, TypeVar

from benchmarks.figures import command

T = TypeVar("T")


class Played(Protocol):
    """What the core reads of one game's result."""

    @property
    def index(self) -> int:
        """The game's number in its match-up."""

    @property
    def won(self) -> bool:
        """Whether the hunted side (Mister X, the rogues) won."""

    @property
    def starts(self) -> tuple[int, ...]:
        """The hunted side's start stations."""


P = TypeVar("P", bound=Played)


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% for the default *z*)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    return max(0.0, centre - half), min(1.0, centre + half)


def in_turn(starts: Sequence[T], index: int) -> T:
    """The start of game *index*: each of *starts* in turn."""
    return starts[index % len(starts)]


def move_seed(game_seed: int, step: int) -> int:
    """A computer player's seed for its choice at *step* of the game dealt with *game_seed*."""
    return game_seed * 1000 + step


@dataclass(frozen=True)
class Match(Generic[P]):
    """The games of one match-up, and their figures."""

    hunted: str
    detectives: str
    results: tuple[P, ...]
    wall_s: float

    SIDE: ClassVar[str] = "hunted"
    """The hunted side's name in the figures."""
    IN_MS: ClassVar[bool] = False
    """Move times in milliseconds (one decimal) rather than seconds (three)."""
    START_WIDTH: ClassVar[int] = 3
    """The width of the starts in the table by start."""
    WITH_SHARE: ClassVar[bool] = False
    """Whether the table by start shows the share of wins too."""

    @classmethod
    def play(cls, hunted: str, detectives: str, game: Callable[[int], P], games: int, processes: int, chunksize: int = 1,
             warm: Callable[[], object] | None = None) -> Self:
        """Play games 0 to *games* - 1 of *hunted* against *detectives* (*game* of the index).

        The games run over *processes* worker processes (each calls *warm* first,
        then takes *chunksize* games at a time) and come back sorted by index.
        """
        began = time.perf_counter()
        if processes <= 1:
            if warm is not None:
                warm()
            results = [game(index) for index in range(games)]
        else:
            context = multiprocessing.get_context("spawn" if os.name == "nt" else "fork")
            with context.Pool(processes, initializer=warm) as pool:
                results = list(pool.imap_unordered(game, range(games), chunksize=chunksize))
        results.sort(key=lambda r: r.index)
        return cls(hunted, detectives, tuple(results), time.perf_counter() - began)

    @property
    def wins(self) -> int:
        return sum(r.won for r in self.results)

    def timed(self, result: P) -> tuple[float, ...]:
        """The move times of *result* that the line counts."""
        raise NotImplementedError

    def figures(self) -> list[str]:
        """The tournament's own figures, between the games and the move times."""
        return []

    def line(self) -> str:
        """The match-up's line: win rate, its interval, games, the tournament's figures, move times, wall time."""
        games = len(self.results)
        low, high = wilson(self.wins, games)
        times = [t for r in self.results for t in self.timed(r)]
        scale, digits, unit = (1000, 1, "ms") if self.IN_MS else (1, 3, "s")
        worst = max(times, default=0.0) * scale
        mean = sum(times) / len(times) * scale if times else 0.0
        return " ".join([
            f"{self.hunted}_vs_{self.detectives}:", f"{self.SIDE}_win_rate={self.wins / games:.2f}", f"ci95={low:.2f}..{high:.2f}",
            f"games={games}", *self.figures(), f"max_move_{unit}={worst:.{digits}f}", f"mean_move_{unit}={mean:.{digits}f}",
            f"wall_s={self.wall_s:.0f}"])

    def per_start(self) -> list[str]:
        """The hunted side's wins by start, one line a start."""
        lines = []
        for starts in sorted({r.starts for r in self.results}):
            games = [r for r in self.results if r.starts == starts]
            wins = sum(r.won for r in games)
            share = f" ({wins / len(games):.2f})" if self.WITH_SHARE else ""
            lines.append(f"  start {'+'.join(map(str, starts)):>{self.START_WIDTH}}: {self.SIDE}_wins={wins}/{len(games)}{share}")
        return lines


@dataclass(frozen=True)
class Tournament:
    """A tournament's command line: ``python -m benchmarks.NAME [HUNTED:DETECTIVES ...]``."""

    name: str
    doc: str | None
    players: tuple[str, ...]
    """The players a match-up may name."""
    hunted: str
    """The hunted side in the match-ups' metavar: ``MISTER_X``, ``ROGUE``."""
    default_matchups: tuple[str, ...]
    games: int
    """The default of ``--games``."""
    player: Callable[[str], str] = str
    """The player a name stands for, to find it in ``players`` (a name may add to it: ``expert~0.25``)."""

    def matchup(self, text: str) -> tuple[str, str]:
        """The two players of a match-up ``HUNTED:DETECTIVES``."""
        hunted, _, detectives = text.partition(":")
        if self.player(hunted) not in self.players or self.player(detectives) not in self.players:
            raise argparse.ArgumentTypeError(
                f"a match-up is {self.hunted}:DETECTIVES, each one of {', '.join(self.players)}; not {text!r}")
        return hunted, detectives

    def parser(self) -> argparse.ArgumentParser:
        """The options every tournament has: its match-ups, ``--games``, ``--seed``, ``--processes``."""
        parser = command(self.name, self.doc)
        parser.add_argument("matchups", nargs="*", type=self.matchup, metavar=f"{self.hunted}:DETECTIVES",
                            help=f"default: {' '.join(self.default_matchups)}")
        parser.add_argument("--games", type=int, default=self.games, help=f"games per match-up (default {self.games})")
        parser.add_argument("--seed", type=int, default=0, help="first deal seed (default 0)")
        parser.add_argument("--processes", type=int, default=os.cpu_count() or 1, help="worker processes (default: the cores)")
        return parser

    def run(self, matchups: Sequence[tuple[str, str]], report: Callable[[str, str], Iterable[str]],
            defaults: Sequence[str] = ()) -> None:
        """Print the lines of *report* for each of *matchups* (none: *defaults*, or the default match-ups), one after the other."""
        for hunted, detectives in matchups or [self.matchup(m) for m in defaults or self.default_matchups]:
            for line in report(hunted, detectives):
                print(line)
