"""Strength against thinking time: one level at a share of its work or of its clock, against a fixed opponent.

``python -m benchmarks.curve`` plays ``--level`` at each of ``--budgets`` (shares
of the level's work: ``engine.ai.players.scaled``; with ``--clock``, shares of
its clock, the seconds the console's pace gives it on a Raspberry Pi 4) against
``--against`` on the other side, ``--games`` games each, first as Mister X and
then as the detectives, as the tournament plays them (``LEVEL@BUDGET`` or
``LEVEL~BUDGET`` in its lines: ``benchmarks.computer``). Each line gives the
level's own win rate (for the detectives, one less Mister X's) and its CPU time a
move, so the curve reads strength against time::

    mister_x hard@0.25 vs normal: win_rate=0.45 ci95=0.38..0.52 games=200 mean_move_s=0.012 max_move_s=0.050

On the clock, 0.25 is what a Pi 4 searches (``benchmarks.computer.PI_FACTOR``),
1 four times as much, 0.125 a Pi twice as slow as that.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from benchmarks.figures import command
from benchmarks.matches import wilson
from benchmarks.tournament import run_match
from engine.ai.players import LEVEL_SETTINGS


def main(argv: Sequence[str] | None = None) -> None:
    parser = command("curve", __doc__)
    parser.add_argument("--level", choices=list(LEVEL_SETTINGS), default="hard", help="the level measured (default hard)")
    parser.add_argument("--against", default="normal", help="the fixed opponent, a tournament player (default normal)")
    parser.add_argument("--budgets", nargs="*", type=float, default=[0.25, 0.5, 1.0, 2.0], help="default: 0.25 0.5 1 2")
    parser.add_argument("--clock", action="store_true", help="the budgets are shares of the level's clock, not of its work")
    parser.add_argument("--sides", nargs="*", choices=("mister_x", "detectives"), default=["mister_x", "detectives"])
    parser.add_argument("--games", type=int, default=200, help="games a point (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="first deal seed (default 0)")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1, help="worker processes (default: the cores)")
    parser.add_argument("--edition", default="classic", help="edition (default classic)")
    parser.add_argument("--players", type=int, default=6, help="players, Mister X counted (default 6: five detectives)")
    args = parser.parse_args(argv)
    for side in args.sides:
        for budget in args.budgets:
            player = f"{args.level}{'~' if args.clock else '@'}{budget:g}"
            mister_x, detectives = (player, args.against) if side == "mister_x" else (args.against, player)
            match = run_match(args.edition, args.players, mister_x, detectives, args.games, args.seed, args.processes)
            games = len(match.results)
            wins = match.wins if side == "mister_x" else games - match.wins
            low, high = wilson(wins, games)
            times = [t.cpu_s for r in match.results for t in (r.mister_x_times if side == "mister_x" else r.detective_times)]
            print(f"{side} {player} vs {args.against}: win_rate={wins / games:.2f} ci95={low:.2f}..{high:.2f} games={games} "
                  f"mean_move_s={sum(times) / len(times):.3f} max_move_s={max(times):.3f}", flush=True)


if __name__ == "__main__":
    main()
