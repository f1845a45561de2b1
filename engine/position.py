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
from engine.refusals import Piece, Refusal
from engine.tickets import Ticket, Tickets

DETECTIVE_COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")
"""The detectives' colours, in the order a new game hands them out; a detective is named by its colour."""

MISTER_X = "mister_x"
"""Mister X's name wherever pieces are named."""


MISTER_X_PIECE = Piece(MISTER_X, "Mister X")
"""Mister X, as refusals name him."""


def bobby_name(number: int) -> str:
    """The name of the *number*-th bobby (from 1)."""
    return f"bobby{number}"


def piece_named(name: str, bobby: bool = False) -> Piece:
    """The piece called *name*, as refusals name it: "the red detective", "bobby1", "Mister X" (any other name as it is)."""
    if name == MISTER_X:
        return MISTER_X_PIECE
    return Piece(name, f"the {name} detective" if not bobby and name in DETECTIVE_COLOURS else name)


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
        raise IllegalPositionError(Refusal.PLAYER_COUNT, edition=ruleset.name, low=ruleset.players[0], high=ruleset.players[1],
                                   count=players)
    if detectives is None:
        assert players is not None
        detectives = ruleset.detectives_for(players)
    if bobbies is None:
        bobbies = ruleset.bobbies_for(players) if players is not None else 0
    if not ruleset.min_detectives <= detectives <= ruleset.max_detectives:
        raise IllegalPositionError(Refusal.DETECTIVE_COUNT, edition=ruleset.name, low=ruleset.min_detectives,
                                   high=ruleset.max_detectives, count=detectives)
    if bobbies < 0:
        raise IllegalPositionError(Refusal.NEGATIVE_BOBBIES)
    colours = tuple(colours) if colours is not None else DETECTIVE_COLOURS[:detectives]
    if len(colours) != detectives:
        raise IllegalPositionError(Refusal.COLOUR_COUNT, n=len(colours), count=detectives)

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
            raise IllegalPositionError(Refusal.START_CARDS, edition=ruleset.name, cards=len(deck) - 1, count=pieces_on_board,
                                       deck=len(deck))
        rng.shuffle(deck)
        stations, mister_x = deck[:pieces_on_board], deck[pieces_on_board]
    if len(stations) < pieces_on_board:
        raise IllegalPositionError(Refusal.START_STATIONS, edition=ruleset.name, cards=len(ruleset.detective_starts),
                                   count=pieces_on_board)
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
        raise IllegalPositionError(Refusal.DETECTIVE_COUNT, edition=ruleset.name, low=ruleset.min_detectives,
                                   high=ruleset.max_detectives, count=len(detectives))
    seen_names: set[str] = set()
    holder: dict[Station, Piece] = {}
    for piece in (PieceSetup(MISTER_X, position.mister_x, position.mister_x_tickets), *position.pieces):
        if piece.name in seen_names:
            raise IllegalPositionError(Refusal.SAME_NAME, named=piece.name)
        seen_names.add(piece.name)
        if piece.station not in board:
            raise IllegalPositionError(Refusal.OFF_THE_BOARD, piece=piece_named(piece.name, piece.bobby), station=piece.station)
        if piece.station in holder:
            raise IllegalPositionError(Refusal.SAME_STATION, piece=holder[piece.station], other=piece_named(piece.name, piece.bobby),
                                       station=piece.station)
        holder[piece.station] = piece_named(piece.name, piece.bobby)
        if any(count < 0 for count in piece.tickets):
            raise IllegalPositionError(Refusal.NEGATIVE_TICKETS, piece=piece_named(piece.name, piece.bobby), held=piece.tickets)
    for piece in position.pieces:
        if piece.bobby:
            if not piece.name.startswith("bobby"):
                raise IllegalPositionError(Refusal.BOBBY_NAME, called=piece.name)
            if any(piece.tickets):
                raise IllegalPositionError(Refusal.BOBBY_TICKETS, piece=piece_named(piece.name, bobby=True), held=piece.tickets)
        else:
            if piece.name not in DETECTIVE_COLOURS:
                raise IllegalPositionError(Refusal.DETECTIVE_NAME, colours=DETECTIVE_COLOURS, called=piece.name)
            if piece.tickets.black or piece.tickets.double:
                raise IllegalPositionError(Refusal.DETECTIVE_BLACK_OR_DOUBLE, piece=piece_named(piece.name))
    if (position.supply is None) != (ruleset.box_tickets is None):
        refusal = Refusal.NO_GENERAL_SUPPLY if ruleset.box_tickets is None else Refusal.GENERAL_SUPPLY
        raise IllegalPositionError(refusal, edition=ruleset.name)
    if position.supply is not None and (any(n < 0 for n in position.supply) or any(position.supply[3:])):
        raise IllegalPositionError(Refusal.SUPPLY_TICKETS, held=position.supply)
    _check_progress(position, board, seen_names)
    return _check_possible(position, board)


def _check_progress(position: Position, board: Board, names: set[str]) -> None:
    ruleset = position.ruleset
    if position.round < 1:
        raise IllegalPositionError(Refusal.ROUNDS_FROM_ONE, round=position.round)
    made = len(position.log)
    least = position.round - 1 + (position.turn is Side.DETECTIVES)
    doubles = ruleset.mister_x_tickets(len(position.detectives)).double
    if not least <= made <= least + doubles:
        raise IllegalPositionError(Refusal.MOVES_MADE, round=position.round, side=position.turn, low=least, high=least + doubles,
                                   made=made)
    if ruleset.length_unit is Length.ROUNDS and position.round > ruleset.length:
        raise IllegalPositionError(Refusal.ENDS_AFTER_ROUND, edition=ruleset.name, round=ruleset.length)
    if ruleset.length_unit is Length.MOVES and made + (position.turn is Side.MISTER_X) > ruleset.length:
        raise IllegalPositionError(Refusal.ENDS_AFTER_MOVE, edition=ruleset.name, move_number=ruleset.length)
    if position.moved - names or MISTER_X in position.moved:
        raise IllegalPositionError(Refusal.MOVED_NOT_DETECTIVES, names=tuple(sorted(position.moved - names | {MISTER_X} & position.moved)))
    if position.moved and position.turn is not Side.DETECTIVES:
        raise IllegalPositionError(Refusal.MOVED_OUT_OF_TURN)
    for number, entry in enumerate(position.log, 1):
        if entry.station not in board:
            raise IllegalPositionError(Refusal.LOG_OFF_THE_BOARD, entry=number, station=entry.station)
        if entry.ticket is Ticket.DOUBLE:
            raise IllegalPositionError(Refusal.LOG_DOUBLE_TICKET, entry=number)
    legs = [entry.double for entry in position.log]
    number = 0
    while number < len(legs):  # the legs of a double move come in pairs
        if legs[number] and not (number + 1 < len(legs) and legs[number + 1]):
            raise IllegalPositionError(Refusal.LOG_HALF_DOUBLE, entry=number + 1)
        number += 2 if legs[number] else 1
    if position.log and position.log[-1].station != position.mister_x:
        raise IllegalPositionError(Refusal.LOG_ELSEWHERE, station=position.mister_x, logged=position.log[-1].station)


def _check_possible(position: Position, board: Board) -> StationSet:
    ruleset = position.ruleset
    occupied = station_set(p.station for p in position.pieces)
    possible = position.possible
    if possible is None:
        candidates = start_candidates(ruleset, position.dealt, 0)
        public_log = [(e.ticket, e.station if n in ruleset.reveal_moves else None) for n, e in enumerate(position.log, 1)]
        possible = replay_log(board, ruleset, candidates, public_log, occupied)
    if possible & ~board.all_stations:
        raise IllegalPositionError(Refusal.POSSIBLE_OFF_THE_BOARD, stations=tuple(stations_of(possible & ~board.all_stations)))
    if possible & occupied:
        raise IllegalPositionError(Refusal.POSSIBLE_OCCUPIED, stations=tuple(stations_of(possible & occupied)))
    if not possible >> position.mister_x & 1:
        raise IllegalPositionError(Refusal.POSSIBLE_WITHOUT_HIM, station=position.mister_x, n=len(stations_of(possible)))
    return possible
