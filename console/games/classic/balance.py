"""The balance of a table: how often Mister X wins it between equal players, measured, and what makes it fairer.

The New game menu shows it in its row "Mister X wins" ("about 7 in 10", from
his wins in the games measured). A table is its edition, its detectives and bobbies, and its reveal
schedule; the number of players only chooses the pieces. Where a table is
lopsided (Mister X wins fewer than 4 games in 10, or more than 6), the row's
note names the changes the rules allow that bring it nearest an even game, each
with its own measured figure: the number of bobbies, the number of detectives,
or the other reveal schedule, one row changed.

The figures (``balance.toml`` beside this module) are games of the computer's
``normal`` level on both sides: equal players, so the figure is the table's
own, not the players'. ``python -m benchmarks.balance --write`` measures them
again.

>>> table = Table("classic", detectives=2, bobbies=0, five_reveals=False)
>>> MEASURED[table].tenths > 6
True
>>> fairer(table)[0].table.bobbies > 0  # bobbies beside the two detectives
True
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from engine.editions import FIVE_REVEALS, Ruleset

FILE = Path(__file__).with_name("balance.toml")
"""The measured figures, one line a table."""
MOST_BOBBIES = 3
"""The most bobbies measured beside the detectives (``benchmarks.balance``; a table with more shows no figure)."""
FAIR_TENTHS = range(4, 7)
"""Mister X's wins in ten games of a fair table: 4, 5 or 6."""
REMEDIES = 2
"""The changes the note names at most."""


@dataclass(frozen=True)
class Table:
    """What a game's balance depends on (``console.games.classic.setup.table_of`` reads it from the settings)."""

    edition: str
    detectives: int
    bobbies: int
    five_reveals: bool
    """The five-reveal schedule, where it differs from the edition's own within its rounds (else False)."""


@dataclass(frozen=True)
class Measured:
    """Mister X's wins in a table's games."""

    wins: int
    games: int

    @property
    def tenths(self) -> int:
        """His wins in ten games, rounded: what the screen says."""
        return round(10 * self.wins / self.games)

    @property
    def lopsided(self) -> bool:
        return self.tenths not in FAIR_TENTHS


@dataclass(frozen=True)
class Remedy:
    """A change the rules allow, and the measured balance of the table it makes."""

    table: Table
    measured: Measured


def five_differs(ruleset: Ruleset) -> bool:
    """Whether the five-reveal schedule shows Mister X on other moves than *ruleset*'s own, within its rounds."""
    within = {move for move in FIVE_REVEALS if move <= ruleset.length}
    return within != {move for move in ruleset.reveal_moves if move <= ruleset.length}


def read(text: str) -> dict[Table, Measured]:
    """The figures of a ``balance.toml`` text."""
    data = tomllib.loads(text)
    return {Table(row["edition"], row["detectives"], row["bobbies"], row["five_reveals"]): Measured(row["wins"], row["games"])
            for row in data["table"]}


def write(figures: Mapping[Table, Measured], how: str) -> str:
    """A ``balance.toml`` text of *figures*, *how* they were measured in its first lines (comments)."""
    lines = [f"# {line}" if line else "#" for line in how.splitlines()]
    for table, measured in figures.items():
        lines += ["", "[[table]]", f'edition = "{table.edition}"', f"detectives = {table.detectives}", f"bobbies = {table.bobbies}",
                  f"five_reveals = {str(table.five_reveals).lower()}", f"wins = {measured.wins}", f"games = {measured.games}"]
    return "\n".join(lines) + "\n"


MEASURED: dict[Table, Measured] = read(FILE.read_text(encoding="utf-8"))
"""The shipped figures."""


ROWS = ("bobbies", "detectives", "five_reveals")
"""The setup's rows a remedy changes, one at a time."""


def fairer(table: Table) -> list[Remedy]:
    """For a lopsided *table*, the change of one setup row (its bobbies, its detectives, or its reveal schedule) whose
    measured table is nearest an even game, for each row where one is nearer than *table*: nearest first, at most
    ``REMEDIES``; none for a fair or unmeasured table."""
    measured = MEASURED.get(table)
    if measured is None or not measured.lopsided:
        return []
    found = []
    for row in ROWS:
        others = [other for other in MEASURED if other.edition == table.edition and other != table
                  and all(getattr(other, kept) == getattr(table, kept) for kept in ROWS if kept != row)]
        nearer = [other for other in others if abs(MEASURED[other].tenths - 5) < abs(measured.tenths - 5)]
        if nearer:
            best = min(nearer, key=lambda other: (_off_even(MEASURED[other]), abs(getattr(other, row) - getattr(table, row))))
            found.append(Remedy(best, MEASURED[best]))
    return sorted(found, key=lambda remedy: _off_even(remedy.measured))[:REMEDIES]


def _off_even(measured: Measured) -> float:
    """How far Mister X's wins are from half his games."""
    return abs(measured.wins / measured.games - 0.5)
