"""Balance at the table: Mister X's wins when both sides play at one level, by edition and number of players.

``python -m benchmarks.balance`` plays ``--games`` games of ``--level`` against
itself for each edition (``--editions``) at each number of players it allows
(Mister X counted; the detectives and bobbies by the edition's table), as the
tournament plays them, and prints one line a table::

    reissue players=4 (3 detectives, 1 bobby): mrx_win_rate=0.55 ci95=0.45..0.65 games=100

A table is *lopsided* (marked so) when the 95% interval of Mister X's win rate
lies wholly outside 40-60%: one side wins that game more often than a fair game
allows, whoever plays it.

``--write`` measures what the New game menu shows (``console.games.classic.balance``):
every table the setup offers, by its detectives (each number the edition allows),
bobbies (0 to ``MOST_BOBBIES``) and reveal schedule (the five reveals where they
differ from the edition's own), the quick game's too, and writes the figures to
the console's ``balance.toml``.

>>> lopsided(0.30, 0.38), lopsided(0.35, 0.55), lopsided(0.62, 0.80)
(True, False, True)
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import replace

from benchmarks.figures import command
from benchmarks.matches import wilson
from benchmarks.tournament import run_match
from console.games.classic.balance import FILE, MOST_BOBBIES, Measured, Table, five_differs, write
from console.games.classic.setup import RULESETS, spare_starts
from engine.ai.players import LEVELS
from engine.editions import EDITIONS, FIVE_REVEALS

FAIR = (0.40, 0.60)
"""The win rates of a fair game."""


def lopsided(low: float, high: float) -> bool:
    """Whether a win rate's interval (*low*, *high*) lies wholly outside the fair band."""
    return high < FAIR[0] or low > FAIR[1]


def tables() -> Iterator[Table]:
    """Every table the New game menu shows a figure for."""
    for edition, ruleset in RULESETS.items():
        for detectives in range(ruleset.min_detectives, ruleset.max_detectives + 1):
            for bobbies in range(min(MOST_BOBBIES, spare_starts(ruleset, detectives)) + 1):
                for five in (False, True) if five_differs(ruleset) else (False,):
                    yield Table(edition, detectives, bobbies, five)


def measure(level: str, games: int, seed: int, processes: int) -> dict[Table, Measured]:
    """Mister X's wins at every table (``tables``), *level* on both sides, each table's line printed as it is measured."""
    figures = {}
    for table in tables():
        ruleset = RULESETS[table.edition]
        if table.five_reveals:
            ruleset = replace(ruleset, reveal_moves=FIVE_REVEALS)
        match = run_match(ruleset, None, level, level, games, seed, processes, pieces=(table.detectives, table.bobbies))
        figures[table] = Measured(match.wins, len(match.results))
        reveals = "five reveals" if table.five_reveals else "own reveals"
        print(line(f"{table.edition} detectives={table.detectives} bobbies={table.bobbies} {reveals}", match.wins, games), flush=True)
    return figures


def line(table: str, wins: int, games: int) -> str:
    """A table's line: Mister X's win rate, its interval, and ``lopsided`` when it is."""
    low, high = wilson(wins, games)
    mark = "  lopsided" if lopsided(low, high) else ""
    return f"{table}: mrx_win_rate={wins / games:.2f} ci95={low:.2f}..{high:.2f} games={games}{mark}"


def main(argv: Sequence[str] | None = None) -> None:
    parser = command("balance", __doc__)
    parser.add_argument("--level", choices=LEVELS, default="normal", help="both sides' level (default normal)")
    parser.add_argument("--editions", nargs="*", choices=list(EDITIONS), default=list(EDITIONS), help="default: all")
    parser.add_argument("--games", type=int, default=100, help="games a table (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="first deal seed (default 0)")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1, help="worker processes (default: the cores)")
    parser.add_argument("--write", action="store_true", help="measure every table the setup offers and write the console's figures")
    args = parser.parse_args(argv)
    if args.write:
        figures = measure(args.level, args.games, args.seed, args.processes)
        how = (f"Mister X's wins at each table between equal players: the computer's {args.level} level on both sides,\n"
               f"{args.games} games a table from deal seed {args.seed}. Measured by python -m benchmarks.balance --write.")
        FILE.write_text(write(figures, how), encoding="utf-8")
        return
    for edition in args.editions:
        ruleset = EDITIONS[edition]
        low_players, high_players = ruleset.players
        for players in range(low_players, high_players + 1):
            match = run_match(edition, players, args.level, args.level, args.games, args.seed, args.processes)
            detectives, bobbies = ruleset.detectives_for(players), ruleset.bobbies_for(players)
            table = f"{edition} players={players} ({detectives} detectives, {bobbies} {'bobby' if bobbies == 1 else 'bobbies'})"
            print(line(table, match.wins, len(match.results)), flush=True)


if __name__ == "__main__":
    main()
