"""The two views of a game: what everyone may see, and what Mister X sees.

A ``PublicView`` is a frozen snapshot built from public facts only: it holds no
reference to the game and has no field for Mister X's station until a reveal
or the end of the game. Code that is handed a public view (the lit board, the
screen, the computer detectives) therefore cannot learn where he is.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.board import Board, Station, StationSet, london, stations_of
from engine.editions import Ruleset
from engine.errors import IllegalMoveError
from engine.movegen import after_paying, mister_x_moves
from engine.moves import MisterXMove
from engine.outcome import Outcome, Side
from engine.position import LogEntry
from engine.refusals import Refusal
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
    """What Mister X sees: the public view, his station, his own log and his options.

    A handheld or a computer Mister X needs nothing else: his double moves are
    listed leg by leg from here (``second_legs``).
    """

    public: PublicView
    station: Station
    log: tuple[LogEntry, ...]
    moves: tuple[MisterXMove, ...]
    """His legal single moves when it is his turn (each may start a double move: ``second_legs``)."""
    can_double: bool
    """Whether a double move is open to him now."""
    board: Board = field(default_factory=london, compare=False, repr=False)
    """The board the game is played on."""

    def second_legs(self, first: MisterXMove) -> tuple[MisterXMove, ...]:
        """The second legs of a double move that starts with *first* (one of ``moves``), as ``Game.second_legs`` lists them.

        >>> from engine import Game
        >>> game = Game.new("reissue", players=3, seed=1)
        >>> view = game.mister_x_view()
        >>> view.second_legs(view.moves[0]) == tuple(game.second_legs(view.moves[0]))
        True
        """
        if not self.can_double:
            return ()
        if first not in self.moves:
            raise IllegalMoveError(Refusal.NOT_HIS_MOVE, move=first)
        public = self.public
        own, supply = after_paying(first.ticket, public.mister_x_tickets, public.supply)
        occupied = sum(1 << piece.station for piece in public.pieces)
        return tuple(mister_x_moves(self.board, public.ruleset.transports).moves(first.station, own, supply, occupied))
