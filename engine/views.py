"""The two views of a game: what everyone may see, and what Mister X sees.

A ``PublicView`` is a frozen snapshot built from public facts only: it holds no
reference to the game and has no field for Mister X's station until a reveal
or the end of the game. Code that is handed a public view (the lit board, the
screen, the computer detectives) therefore cannot learn where he is.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.board import Station, StationSet, stations_of
from engine.editions import Ruleset
from engine.moves import MisterXMove
from engine.outcome import Outcome, Side
from engine.position import LogEntry
from engine.tickets import Ticket, Tickets


@dataclass(frozen=True)
class PieceView:
    """A detective or bobby: always public (rule 15)."""

    name: str
    station: Station
    tickets: Tickets
    bobby: bool


@dataclass(frozen=True)
class PublicLogEntry:
    """A travel-log entry as the detectives see it: the ticket, and the station only if shown."""

    move: int
    ticket: Ticket
    reveal: bool
    """Whether this is a reveal move (the station is then shown)."""
    station: Station | None
    double: bool = False
    """One of the two legs of a double move."""


@dataclass(frozen=True)
class PublicView:
    """Everything public about a game (rule 15)."""

    ruleset: Ruleset
    round: int
    turn: Side
    pieces: tuple[PieceView, ...]
    mister_x_tickets: Tickets
    supply: Tickets | None
    log: tuple[PublicLogEntry, ...]
    moved: frozenset[str]
    """Detectives and bobbies that have moved this round."""
    possible: StationSet
    """The deduction assist: every station Mister X can be at now (rule 16)."""
    outcome: Outcome | None
    mister_x_final: Station | None
    """Mister X's station, made public when the game is over (with his whole route in ``log``)."""

    @property
    def moves_made(self) -> int:
        return len(self.log)

    @property
    def last_reveal(self) -> Station | None:
        """Mister X's station at the most recent reveal, if any."""
        for entry in reversed(self.log):
            if entry.reveal:
                return entry.station
        return None

    @property
    def next_move_is_reveal(self) -> bool:
        """Whether Mister X's next move will be shown (the reveal-turn notice)."""
        return self.moves_made + 1 in self.ruleset.reveal_moves

    @property
    def possible_stations(self) -> list[Station]:
        return stations_of(self.possible)

    def piece(self, name: str) -> PieceView:
        for piece in self.pieces:
            if piece.name == name:
                return piece
        raise KeyError(name)


@dataclass(frozen=True)
class MisterXView:
    """What Mister X sees: the public view, his station, his own log and his options."""

    public: PublicView
    station: Station
    log: tuple[LogEntry, ...]
    moves: tuple[MisterXMove, ...]
    """His legal single moves when it is his turn (double moves: ``Game.second_legs``)."""
    can_double: bool
    """Whether a double move is open to him now."""
