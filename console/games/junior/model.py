"""What the console shows of a Junior game, besides the game: the Junior flow's state as plain data.

The Junior lights and screen are pure functions of ``(JuniorView, JuniorUi, now)``.
Neither holds a rogue's choice before its reveal, so nothing drawn from them
can give a hiding place away.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from console.games.table import TableUi
from console.table.lights import Signal
from engine import Station
from engine.junior import RoundResult
from hardware.interfaces import Colour
from language import Words

PIECE_COLOURS: dict[str, Colour] = {"fox": (230, 120, 30), "roxy": (230, 90, 170), "watson": (150, 100, 60), "marble": (140, 90, 200)}
"""Each Junior piece's colour on the screen, and on the board with the standard palette (``lights.COLOURS``)."""


class JuniorMode(Enum):
    """Where a Junior game's flow is."""

    DEAL = "deal"
    """The pawns are being placed: each lit station waits for its pawn and a press."""
    ROGUES = "rogues"
    """The rogues choose, in secret (on the handheld, or the computer)."""
    DETECTIVES = "detectives"
    """The detectives step: press a detective, then where it goes (its own station: it stays)."""
    REVEAL = "reveal"
    """The rogues show where they went: the celebration, then their pawns are moved (``to_place``)."""
    PAUSED = "paused"
    """Waiting for the handheld to come back."""
    GAME_OVER = "game_over"


@dataclass(frozen=True)
class Celebration:
    """A reveal on the board and the screen: the round's result, shown from ``since`` for ``seconds``."""

    result: RoundResult
    since: float
    seconds: float


@dataclass(frozen=True)
class JuniorUi(TableUi[JuniorMode]):
    """``message`` is the one smaller line for grown-ups; ``to_place`` the pawns of the deal, or the rogues' after a reveal."""

    prompt: Words = ""
    """A few big words for children: what happens now ("Detectives, move!")."""
    selected: str | None = None
    """The detective picked to step."""
    destinations: tuple[Station, ...] = ()
    """Where the selected detective may go (its own station among them: it stays)."""
    celebration: Celebration | None = None
    hints: bool = False
    """Show beginner hints on the screen (``console.games.junior.hints``: worked out from the public view and this ``JuniorUi``)."""

    @property
    def timed(self) -> tuple[Signal | None, ...]:
        return (self.refused, self.celebration)

    @property
    def choices(self) -> tuple[Station, ...]:
        return (*super().choices, *self.destinations)
