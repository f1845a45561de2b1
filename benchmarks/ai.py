"""Benchmark of the computer players: how long their choices take in whole games, ``name: value`` a line.

``python -m benchmarks.ai`` plays ``--games`` whole games of each level against
itself (classic, five detectives, the tournament's deals from ``--seed``), and
times every choice: one Mister X move, one detectives' whole round. For each
level and side it prints the mean, the 95th and 99th percentiles and the worst,
in CPU seconds and in wall seconds (the wall time means something on an
otherwise idle machine only: hence one process by default):

- ``LEVEL_SIDE_cpu_mean_s`` ... ``LEVEL_SIDE_cpu_max_s``, ``LEVEL_SIDE_wall_max_s``:
  the level's whole work (what a test or a tournament waits for), with the
  worst on a Raspberry Pi 4 in its note (``benchmarks.computer.PI_FACTOR``
  times) beside the longest its pace lets the console wait;
- ``LEVEL_SIDE_late_max_s``: the same games against the clock at ``--clock``
  of its pace (0.25: what a Pi 4 searches), how long past its stop an answer
  came at worst; times the Pi factor, that must stay within the console's
  margin (``console.games.classic.pace.MARGIN_S``), or the table waits longer
  than the level promises.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from functools import partial

from benchmarks.computer import PI_FACTOR, Timing
from benchmarks.figures import Figure, command, show
from benchmarks.matches import Match
from benchmarks.tournament import GameResult, _warm, play_game
from console.games.classic.pace import MARGIN_S, PACES
from console.settings import Level
from engine.ai.players import LEVELS

SIDES = ("mister_x", "detectives")


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile: the least of *values* that *share* of them do not exceed.

    >>> percentile([0.1 * k for k in range(1, 101)], 0.95)
    9.5
    """
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


class Timings(Match[GameResult]):
    """The games of a level against itself, for their timings."""

    def timed(self, result: GameResult) -> tuple[float, ...]:
        return tuple(t.wall_s for t in (*result.mister_x_times, *result.detective_times))

    def side(self, side: str) -> list[Timing]:
        """Every choice of *side* (``mister_x`` or ``detectives``) over the games."""
        return [t for r in self.results for t in (r.mister_x_times if side == "mister_x" else r.detective_times)]


def games(player: str, count: int, seed: int, processes: int) -> Timings:
    """*count* games of *player* against itself."""
    game = partial(play_game, "classic", 6, player, player, seed=seed)
    return Timings.play(player, player, game, count, processes, warm=partial(_warm, "classic"))


def figures(levels: Sequence[str], count: int, seed: int, clock: float, processes: int) -> Iterator[Figure]:
    for level in levels:
        whole, clocked = games(level, count, seed, processes), games(f"{level}~{clock:g}", count, seed, processes)
        pace = PACES[Level(level)]
        for side in SIDES:
            timings = whole.side(side)
            if not timings:
                continue
            cpu = [t.cpu_s for t in timings]
            promise = pace.mister_x_s if side == "mister_x" else pace.detectives_s
            name = f"{level}_{side}"
            yield Figure(f"{name}_cpu_mean_s", sum(cpu) / len(cpu), f"{len(cpu)} choices")
            yield Figure(f"{name}_cpu_p95_s", percentile(cpu, 0.95))
            yield Figure(f"{name}_cpu_p99_s", percentile(cpu, 0.99))
            yield Figure(f"{name}_cpu_max_s", max(cpu), f"a Pi 4: {max(cpu) * PI_FACTOR:.2f} s; its pace waits {promise:g} s")
            wall = [t.wall_s for t in timings]
            yield Figure(f"{name}_wall_mean_s", sum(wall) / len(wall))
            yield Figure(f"{name}_wall_p99_s", percentile(wall, 0.99))
            yield Figure(f"{name}_wall_max_s", max(wall))
            late = max((t.late_s for t in clocked.side(side)), default=0.0)
            yield Figure(f"{name}_late_max_s", late, f"on the clock at {clock:g}; a Pi 4: {late * PI_FACTOR:.3f} s "
                                                   f"of the {MARGIN_S:g} s margin")


def main(argv: Sequence[str] | None = None) -> None:
    parser = command("ai", __doc__)
    parser.add_argument("--games", type=int, default=20, help="games a level (default 20)")
    parser.add_argument("--levels", nargs="*", choices=LEVELS, default=list(LEVELS))
    parser.add_argument("--seed", type=int, default=0, help="first deal seed (default 0)")
    parser.add_argument("--clock", type=float, default=0.25, help="the clock's share of the pace for the late answers (default 0.25)")
    parser.add_argument("--processes", type=int, default=1, help="worker processes (default 1: the wall times stay honest)")
    args = parser.parse_args(argv)
    show(figures(args.levels, args.games, args.seed, args.clock, args.processes))


if __name__ == "__main__":
    main()
