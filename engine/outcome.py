"""Who is to move, who won, and why."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Side(Enum):
    """The two sides; also says whose turn it is."""

    MISTER_X = "mister_x"
    DETECTIVES = "detectives"

    def __str__(self) -> str:
        return "Mister X" if self is Side.MISTER_X else "the detectives"


class Reason(Enum):
    """How a game ended (rules 11-14 of docs/RULES.md)."""

    CAPTURE = "capture"
    """Rule 11: a detective or bobby landed on Mister X."""
    CORNERED = "cornered"
    """Rule 12: Mister X had no legal move when his turn came."""
    DETECTIVES_EXHAUSTED = "detectives exhausted"
    """Rule 13: no detective holds a ticket for a line at his own station."""
    SURVIVED = "survived"
    """Rule 14: the last round ended without a capture."""


_WINNERS = {
    Reason.CAPTURE: Side.DETECTIVES,
    Reason.CORNERED: Side.DETECTIVES,
    Reason.DETECTIVES_EXHAUSTED: Side.MISTER_X,
    Reason.SURVIVED: Side.MISTER_X,
}


@dataclass(frozen=True)
class Outcome:
    """The end of a game: the reason decides the winner; ``round`` is when it ended."""

    reason: Reason
    round: int
    by: str | None = None
    """The piece that captured Mister X, for a capture."""

    @property
    def winner(self) -> Side:
        return _WINNERS[self.reason]

    def __str__(self) -> str:
        if self.reason is Reason.CAPTURE:
            return f"the detectives win: {self.by} caught Mister X in round {self.round}"
        if self.reason is Reason.CORNERED:
            return f"the detectives win: Mister X is cornered in round {self.round}"
        if self.reason is Reason.DETECTIVES_EXHAUSTED:
            return f"Mister X wins: detectives exhausted in round {self.round}"
        return f"Mister X wins: he survived round {self.round}"
