"""Balance at the table: Mister X's wins when both sides play at one level, by edition and number of players.

``python -m benchmarks.balance`` plays ``--games`` games of ``--level`` against
itself for each edition (``--editions``) at each number of players it allows
(Mister X counted; the detectives and bobbies by the edition's table), as the
tournament plays them, and prints one line a table::

    reissue players=4 (3 detectives, 1 bobby): mrx_win_rate=0.55 ci95=0.45..0.65 games=100

A table is *lopsided* (marked so) when the 95% interval of Mister X's win rate
lies wholly outside 40-60%: one side wins that game more often than a fair game
allows, whoever plays it.

>>> lopsided(0.30, 0.38), lopsided(0.35, 0.55), lopsided(0.62, 0.80)
(True, False, True)
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from benchmarks.figures import command
from benchmarks.matches import wilson
from benchmarks.tournament import run_match
from engine.ai.players import LEVELS
from engine.editions import EDITIONS

FAIR = (0.40, 0.60)
"""The win rates of a fair game."""


def lopsided(low: float, high: float) -> bool:
    """Whether a win rate's interval (*low*, *high*) lies wholly outside the fair band."""
    return high < FAIR[0] or low > FAIR[1]


def main(argv: Sequence[str] | None = None) -> None:
    parser = command("balance", __doc__)
    parser.add_argument("--level", choices=LEVELS, default="normal", help="both sides' level (default normal)")
    parser.add_argument("--editions", nargs="*", choices=list(EDITIONS), default=list(EDITIONS), help="default: all")
    parser.add_argument("--games", type=int, default=100, help="games a table (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="first deal seed (default 0)")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1, help="worker processes (default: the cores)")
    args = parser.parse_args(argv)
    for edition in args.editions:
        ruleset = EDITIONS[edition]
        low_players, high_players = ruleset.players
        for players in range(low_players, high_players + 1):
            match = run_match(edition, players, args.level, args.level, args.games, args.seed, args.processes)
            detectives, bobbies = ruleset.detectives_for(players), ruleset.bobbies_for(players)
            table = f"{edition} players={players} ({detectives} detectives, {bobbies} {'bobby' if bobbies == 1 else 'bobbies'})"
            games = len(match.results)
            low, high = wilson(match.wins, games)
            mark = "  lopsided" if lopsided(low, high) else ""
            print(f"{table}: mrx_win_rate={match.wins / games:.2f} ci95={low:.2f}..{high:.2f} games={games}{mark}", flush=True)


if __name__ == "__main__":
    main()
