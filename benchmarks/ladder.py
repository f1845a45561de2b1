"""The ladder: every Mister X level against every detectives' level, and each level's strength in Elo, per side.

``python -m benchmarks.ladder`` plays the round robin of the levels (``--levels``,
default all of ``engine.ai.players.LEVELS``): each Mister X level against each
detectives' level, ``--games`` games a pairing, as the tournament plays them (its
line for each pairing comes first). It then fits one Elo rating per level and
side, so that a Mister X rated *x* beats detectives rated *d* with the chance
``1 / (1 + 10 ** ((d - x) / 400))`` (maximum likelihood, each pairing's record
softened by half a win each way so that a clean sweep stays finite). Only
differences mean anything: the ratings are shifted so the weakest Mister X is 0.
The 95% intervals come from refitting resampled records (``--resamples``). Each
side's table says how far each level stands above the one below, with that
step's interval: a ladder whose every step is at least 100 is one a table can
climb.

The pairings far apart on the ladder add little to the fit but take long at its top: ``--apart 1`` plays only
each level against its own and the neighbouring levels. ``--known`` takes an earlier run's output and plays only
the pairings it lacks (the games are the same for the same ``--seed``).

>>> ratings = fit({("a", "x"): (50, 100), ("a", "y"): (25, 100), ("b", "x"): (75, 100), ("b", "y"): (50, 100)})
>>> round(ratings[("mister_x", "b")] - ratings[("mister_x", "a")])
189
>>> round(ratings[("detectives", "y")] - ratings[("detectives", "x")])
189
"""

from __future__ import annotations

import argparse
import math
import os
import random
import re
from collections.abc import Mapping, Sequence

from benchmarks.figures import command
from benchmarks.tournament import TOURNAMENT, run_match
from engine.ai.players import LEVELS

Record = tuple[int, int]
"""Mister X's wins and the games played, in one pairing."""
Side = tuple[str, str]
"""("mister_x" or "detectives", a level)."""

STEP = 100.0
"""The least a level should stand above the one below it, in Elo."""


def expected(mister_x: float, detectives: float) -> float:
    """Mister X's chance of winning, by the Elo model."""
    return 1.0 / (1.0 + 10.0 ** ((detectives - mister_x) / 400.0))


def fit(records: Mapping[tuple[str, str], Record], rounds: int = 2000) -> dict[Side, float]:
    """Each side's levels' Elo ratings from Mister X's *records* against the detectives (the weakest Mister X at 0)."""
    hunters = sorted({x for x, _ in records})
    hounds = sorted({d for _, d in records})
    rating = {("mister_x", x): 0.0 for x in hunters} | {("detectives", d): 0.0 for d in hounds}
    scale = math.log(10) / 400
    games_of = dict.fromkeys(rating, 1.0)
    for (x, d), (_, games) in records.items():
        games_of[("mister_x", x)] += games + 1
        games_of[("detectives", d)] += games + 1
    for _ in range(rounds):  # gradient ascent on the log-likelihood, with a step that settles
        gradient = dict.fromkeys(rating, 0.0)
        for (x, d), (wins, games) in records.items():
            surplus = (wins + 0.5) - (games + 1) * expected(rating[("mister_x", x)], rating[("detectives", d)])
            gradient[("mister_x", x)] += surplus
            gradient[("detectives", d)] -= surplus
        for side in rating:
            rating[side] += 0.5 * gradient[side] / (games_of[side] * scale * 0.25)  # both sides move: half a step each
    lowest = min(rating[("mister_x", x)] for x in hunters)
    return {side: value - lowest for side, value in rating.items()}


def known(output: str) -> dict[tuple[str, str], Record]:
    """The pairings' records in an earlier run's *output* (its match-up lines; wins from the rate, to a game).

    >>> known("hard_vs_expert: mrx_win_rate=0.41 ci95=0.34..0.48 games=200 max_move_s=0.4")
    {('hard', 'expert'): (82, 200)}
    """
    records = {}
    for found in re.finditer(r"^(\S+)_vs_(\S+): mrx_win_rate=([\d.]+) \S+ games=(\d+)", output, re.MULTILINE):
        games = int(found[4])
        records[(found[1], found[2])] = (round(float(found[3]) * games), games)
    return records


def resampled(records: Mapping[tuple[str, str], Record], rng: random.Random) -> dict[tuple[str, str], Record]:
    """The records as another run of the same games might have come out (each game won at its pairing's rate)."""
    return {pair: (sum(rng.random() < wins / games for _ in range(games)), games) for pair, (wins, games) in records.items()}


def interval(values: Sequence[float]) -> tuple[float, float]:
    """The middle 95% of *values*."""
    ordered = sorted(values)
    return ordered[int(0.025 * (len(ordered) - 1))], ordered[int(0.975 * (len(ordered) - 1))]


def table(records: Mapping[tuple[str, str], Record], levels: Sequence[str], resamples: int, seed: int) -> list[str]:
    """Each side's ladder: every level's Elo with its interval, and its step above the level below."""
    ratings = fit(records)
    rng = random.Random(seed)
    again = [fit(resampled(records, rng), rounds=500) for _ in range(resamples)]
    lines = []
    for side in ("mister_x", "detectives"):
        lines.append(f"{side} ladder (Elo, 95% interval; step: above the level below):")
        for below, level in zip((None, *levels), levels):
            low, high = interval([r[(side, level)] for r in again])
            line = f"  {level:>9}: {ratings[(side, level)]:6.0f} ({low:.0f}..{high:.0f})"
            if below is not None:
                step = ratings[(side, level)] - ratings[(side, below)]
                step_low, step_high = interval([r[(side, level)] - r[(side, below)] for r in again])
                verdict = "ok" if step_low >= STEP else "short"
                line += f"  step={step:.0f} ({step_low:.0f}..{step_high:.0f}) {verdict}"
            lines.append(line)
    return lines


def tournament_player(name: str) -> str:
    """*name*, if the tournament knows the player."""
    if TOURNAMENT.player(name) not in TOURNAMENT.players:
        raise argparse.ArgumentTypeError(f"no player called {name!r}; the players are {', '.join(TOURNAMENT.players)}")
    return name


def main(argv: Sequence[str] | None = None) -> None:
    parser = command("ladder", __doc__)
    parser.add_argument("--levels", nargs="*", type=tournament_player, default=list(LEVELS),
                        help="the levels, weakest first (any tournament player: hard-steady, expert~0.25)")
    parser.add_argument("--games", type=int, default=200, help="games a pairing (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="first deal seed (default 0)")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1, help="worker processes (default: the cores)")
    parser.add_argument("--edition", default="classic", help="edition (default classic)")
    parser.add_argument("--players", type=int, default=6, help="players, Mister X counted (default 6: five detectives)")
    parser.add_argument("--resamples", type=int, default=200, help="refits for the intervals (default 200)")
    parser.add_argument("--apart", type=int, default=len(LEVELS), help="play only pairings at most this many levels apart (default: all)")
    parser.add_argument("--known", type=argparse.FileType(), help="an earlier run's output: its pairings are not played again")
    args = parser.parse_args(argv)
    records = known(args.known.read()) if args.known else {}
    for i, mister_x in enumerate(args.levels):
        for j, detectives in enumerate(args.levels):
            if abs(i - j) > args.apart or (mister_x, detectives) in records:
                continue
            match = run_match(args.edition, args.players, mister_x, detectives, args.games, args.seed, args.processes)
            print(match.line(), flush=True)
            records[(mister_x, detectives)] = (match.wins, len(match.results))
    records = {pair: record for pair, record in records.items() if set(pair) <= set(args.levels)}
    for line in table(records, args.levels, args.resamples, args.seed):
        print(line)


if __name__ == "__main__":
    main()
