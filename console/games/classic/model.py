"""What the console shows of a Scotland Yard game, besides the game: the flow's state as plain data.

The lights and the screen are pure functions of ``(PublicView, Ui, now)``. A
``Ui`` holds only public facts (a revealed station comes from the public travel
log), so handing it to a renderer cannot leak Mister X's position.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum

from console.games.table import Flash, TableUi
from console.table.lights import Signal
from engine import Station, Ticket


class Mode(Enum):
    """Where the console's flow is."""

    DEAL = "deal"
    """Pieces are being placed: each lit station waits for its piece and a press."""
    MISTER_X = "mister_x"
    """Mister X is choosing on his handheld (or the computer is)."""
    DETECTIVES = "detectives"
    """Detectives pick a piece, then a destination."""
    CHOOSE_TICKET = "choose_ticket"
    """A destination is reachable by more than one ticket: the control keys choose."""
    CORRECT = "correct"
    """The players set the detectives' stations and tickets by hand (``console.games.classic.correction``)."""
    PAUSED = "paused"
    """Waiting for the handheld to come back."""
    GAME_OVER = "game_over"


@dataclass(frozen=True)
class Ui(TableUi[Mode]):
    selected: str | None = None
    """The detective or bobby picked to move."""
    destinations: Mapping[Station, tuple[Ticket, ...]] = field(default_factory=dict)
    """Where the selected piece may go, and with which tickets."""
    chosen: Station | None = None
    """The destination waiting for a ticket choice (``CHOOSE_TICKET``)."""
    ticket_choices: tuple[Ticket, ...] = ()
    """The tickets on offer, in the order of the keys CHOICE_1, CHOICE_2, ..."""
    reveal: Flash | None = None
    """Mister X just surfaced here (public: a reveal move)."""
    assist: bool = False
    """Light the stations where Mister X can be (the deduction assist)."""
    hints: bool = False
    """Show beginner hints on the screen (``console.games.classic.hints``: worked out from the public view and this ``Ui``)."""
    reveal_next: bool = False
    """Mister X's next move (or the second leg of a double) is a reveal move."""
    correct_ticket: Ticket | None = None
    """While correcting: the ticket kind keys 3 and 4 change for the selected detective."""

    @property
    def timed(self) -> tuple[Signal | None, ...]:
        return (self.refused, self.reveal)

    @property
    def choices(self) -> tuple[Station, ...]:
        return (*super().choices, *self.destinations)
