"""An explicit position: every piece's station and tickets, the supply, the
travel log, the round and whose turn it is.

Every game starts from one (a new game's is dealt by ``deal``), so tests,
puzzles, teaching, corrections and saved games all go through the same checks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.board import Board, Station, StationSet, station_set, stations_of
from engine.deduction import replay_log, start_candidates
from engine.editions import Length, Ruleset, StartDeal
from engine.errors import IllegalPositionError
from engine.outcome import Side
from engine.tickets import Ticket, Tickets

DETECTIVE_COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")
"""The detectives' colours, in the order a new game hands them out; a detective is named by its colour."""

MISTER_X = "mister_x"
"""Mister X's name wherever pieces are named."""


def bobby_name(number: int) -> str:
    """The name of the *number*-th bobby (from 1)."""
    return f"bobby{number}"


@dataclass(frozen=True)
class PieceSetup:
    """A detective (named by its colour) or a bobby, where it stands and what it holds."""

    name: str
    station: Station
    tickets: Tickets = Tickets()
    bobby: bool = False


@dataclass(frozen=True)
class LogEntry:
    """One travel-log entry as Mister X wrote it: the ticket that covers it and the true station."""

    ticket: Ticket
    station: Station
    double: bool = False
    """One of the two legs of a double move (public: the double-move ticket is played openly)."""


@dataclass(frozen=True)
class Position:
    """A whole game position. ``possible`` is the deduction assist's set; ``None`` derives it
    from the travel log (start cards or last reveal, then the tickets shown)."""

    ruleset: Ruleset
    mister_x: Station
    mister_x_tickets: Tickets
    pieces: tuple[PieceSetup, ...]
    supply: Tickets | None
    log: tuple[LogEntry, ...] = ()
    round: int = 1
    turn: Side = Side.MISTER_X
    moved: frozenset[str] = frozenset()
    possible: StationSet | None = None
    dealt: tuple[Station, ...] = field(default=(), compare=False)
    """Start cards dealt to detectives and bobbies (narrows Mister X's start under a shared deck)."""

    @property
    def detectives(self) -> tuple[PieceSetup, ...]:
        return tuple(p for p in self.pieces if not p.bobby)

    @property
    def bobbies(self) -> tuple[PieceSetup, ...]:
        return tuple(p for p in self.pieces if p.bobby)


def deal(
    ruleset: Ruleset,
    players: int | None = None,
    *,
    detectives: int | None = None,
    bobbies: int | None = None,
    colours: tuple[str, ...] | None = None,
    seed: int = 0,
) -> Position:
    """The start of a new game (rule 1): pieces, tickets and start stations drawn with *seed*.

    *players* counts Mister X; detectives and bobbies follow the edition's table
    unless given. *colours* picks the detectives' colours (default: the first ones).
    """
    if players is None and detectives is None:
        players = ruleset.players[1]
    if players is not None and not ruleset.players[0] <= players <= ruleset.players[1]:
        raise IllegalPositionError(
            f"the {ruleset.name} edition is for {ruleset.players[0]} to {ruleset.players[1]} players, not {players}"
        )
    if detectives is None:
        assert players is not None
        detectives = ruleset.detectives_for(players)
    if bobbies is None:
        bobbies = ruleset.bobbies_for(players) if players is not None else 0
    if not ruleset.min_detectives <= detectives <= ruleset.max_detectives:
        raise IllegalPositionError(
            f"the {ruleset.name} edition needs {ruleset.min_detectives} to {ruleset.max_detectives} detectives, not {detectives}"
        )
    if bobbies < 0:
        raise IllegalPositionError("the number of bobbies cannot be negative")
    colours = tuple(colours) if colours is not None else DETECTIVE_COLOURS[:detectives]
    if len(colours) != detectives:
        raise IllegalPositionError(f"{len(colours)} colours given for {detectives} detectives")

    pieces_on_board = detectives + bobbies
    rng = random.Random(seed)
    if ruleset.start_deal is StartDeal.FIXED:
        stations = list(ruleset.detective_starts[:pieces_on_board])
        mister_x = ruleset.mister_x_starts[0]
    elif ruleset.start_deal is StartDeal.SPLIT:
        stations = rng.sample(ruleset.detective_starts, pieces_on_board) if pieces_on_board <= len(ruleset.detective_starts) else []
        mister_x = rng.choice(ruleset.mister_x_starts)
    else:
        deck = list(ruleset.detective_starts)
        if pieces_on_board >= len(deck):  # Mister X takes the next card, so one must be left for him
            raise IllegalPositionError(
                f"the {ruleset.name} edition has start stations for {len(deck) - 1} pieces, not {pieces_on_board}"
                f" (one of its {len(deck)} cards is left for Mister X)"
            )
        rng.shuffle(deck)
        stations, mister_x = deck[:pieces_on_board], deck[pieces_on_board]
    if len(stations) < pieces_on_board:
        raise IllegalPositionError(
            f"the {ruleset.name} edition has start stations for {len(ruleset.detective_starts)} pieces, not {pieces_on_board}"
        )
    pieces = tuple(PieceSetup(colour, station, ruleset.detective_tickets) for colour, station in zip(colours, stations)) + tuple(
        PieceSetup(bobby_name(n + 1), station, bobby=True) for n, station in enumerate(stations[detectives:])
    )
    occupied = station_set(stations)
    return Position(
        ruleset=ruleset,
        mister_x=mister_x,
        mister_x_tickets=ruleset.mister_x_tickets(detectives),
        pieces=pieces,
        supply=ruleset.supply_for(detectives),
        possible=start_candidates(ruleset, stations, occupied),
        dealt=tuple(stations),
    )


def check_position(position: Position, board: Board) -> StationSet:
    """Refuse an impossible position with a clear error; return its possible set."""
    ruleset = position.ruleset
    detectives = position.detectives
    if not ruleset.min_detectives <= len(detectives) <= ruleset.max_detectives:
        raise IllegalPositionError(
            f"the {ruleset.name} edition needs {ruleset.min_detectives} to {ruleset.max_detectives} detectives, not {len(detectives)}"
        )
    seen_names: set[str] = set()
    holder: dict[Station, str] = {}
    for piece in (PieceSetup(MISTER_X, position.mister_x, position.mister_x_tickets), *position.pieces):
        if piece.name in seen_names:
            raise IllegalPositionError(f"two pieces are called {piece.name!r} (duplicate colours)")
        seen_names.add(piece.name)
        if piece.station not in board:
            raise IllegalPositionError(f"{piece.name} stands on station {piece.station}, which is not on the board")
        if piece.station in holder:
            raise IllegalPositionError(f"{holder[piece.station]} and {piece.name} both stand on station {piece.station}")
        holder[piece.station] = piece.name
        if any(count < 0 for count in piece.tickets):
            raise IllegalPositionError(f"{piece.name} holds a negative number of tickets: {piece.tickets}")
    for piece in position.pieces:
        if piece.bobby:
            if not piece.name.startswith("bobby"):
                raise IllegalPositionError(f"a bobby must be called bobby1, bobby2, ..., not {piece.name!r}")
            if any(piece.tickets):
                raise IllegalPositionError(f"{piece.name} is a bobby and holds no tickets, not {piece.tickets}")
        else:
            if piece.name not in DETECTIVE_COLOURS:
                raise IllegalPositionError(f"a detective is named by a colour ({', '.join(DETECTIVE_COLOURS)}), not {piece.name!r}")
            if piece.tickets.black or piece.tickets.double:
                raise IllegalPositionError(f"the {piece.name} detective holds black or double-move tickets, which only Mister X may hold")
    if (position.supply is None) != (ruleset.box_tickets is None):
        raise IllegalPositionError(
            f"the {ruleset.name} edition {'has no' if ruleset.box_tickets is None else 'has a'} general supply"
        )
    if position.supply is not None and (any(n < 0 for n in position.supply) or any(position.supply[3:])):
        raise IllegalPositionError(f"the general supply holds only taxi, bus and underground tickets: {position.supply}")
    _check_progress(position, board, seen_names)
    return _check_possible(position, board)


def _check_progress(position: Position, board: Board, names: set[str]) -> None:
    ruleset = position.ruleset
    if position.round < 1:
        raise IllegalPositionError(f"rounds count from 1, not {position.round}")
    made = len(position.log)
    least = position.round - 1 + (position.turn is Side.DETECTIVES)
    doubles = ruleset.mister_x_tickets(len(position.detectives)).double
    if not least <= made <= least + doubles:
        raise IllegalPositionError(
            f"in round {position.round} with {position.turn} to move, Mister X has made {least} to {least + doubles} moves, not {made}"
        )
    if ruleset.length_unit is Length.ROUNDS and position.round > ruleset.length:
        raise IllegalPositionError(f"the {ruleset.name} edition ends after round {ruleset.length}")
    if ruleset.length_unit is Length.MOVES and made + (position.turn is Side.MISTER_X) > ruleset.length:
        raise IllegalPositionError(f"the {ruleset.name} edition ends after Mister X's move {ruleset.length}")
    if position.moved - names or MISTER_X in position.moved:
        raise IllegalPositionError("pieces marked as moved are not detectives or bobbies: "
                                   f"{sorted(position.moved - names | {MISTER_X} & position.moved)}")
    if position.moved and position.turn is not Side.DETECTIVES:
        raise IllegalPositionError("pieces can have moved this round only while it is the detectives' turn")
    for number, entry in enumerate(position.log, 1):
        if entry.station not in board:
            raise IllegalPositionError(f"travel-log entry {number} names station {entry.station}, which is not on the board")
        if entry.ticket is Ticket.DOUBLE:
            raise IllegalPositionError(f"travel-log entry {number} is covered by a double-move ticket; it covers no entry")
    legs = [entry.double for entry in position.log]
    number = 0
    while number < len(legs):  # the legs of a double move come in pairs
        if legs[number] and not (number + 1 < len(legs) and legs[number + 1]):
            raise IllegalPositionError(f"travel-log entry {number + 1} is one leg of a double move without the other")
        number += 2 if legs[number] else 1
    if position.log and position.log[-1].station != position.mister_x:
        raise IllegalPositionError(
            f"Mister X stands on {position.mister_x} but his last travel-log entry says {position.log[-1].station}"
        )


def _check_possible(position: Position, board: Board) -> StationSet:
    ruleset = position.ruleset
    occupied = station_set(p.station for p in position.pieces)
    possible = position.possible
    if possible is None:
        candidates = start_candidates(ruleset, position.dealt, 0)
        public_log = [(e.ticket, e.station if n in ruleset.reveal_moves else None) for n, e in enumerate(position.log, 1)]
        possible = replay_log(board, ruleset, candidates, public_log, occupied)
    if possible & ~board.all_stations:
        raise IllegalPositionError(f"the possible set names stations not on the board: {stations_of(possible & ~board.all_stations)}")
    if possible & occupied:
        raise IllegalPositionError(f"the possible set holds stations where pieces stand: {stations_of(possible & occupied)}")
    if not possible >> position.mister_x & 1:
        raise IllegalPositionError(
            f"Mister X's station {position.mister_x} is not among the stations the public record allows "
            f"({len(stations_of(possible))} of them); give the possible set explicitly"
        )
    return possible
