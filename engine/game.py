"""A game in progress: legal moves, playing them, taking them back, views and the result.

>>> from engine import Game, DetectiveMove, Ticket
>>> game = Game.new("reissue", players=3, seed=7)
>>> [p.name for p in game.public_view().pieces]
['red', 'blue', 'bobby1', 'bobby2']
>>> move = game.single_moves()[0]        # Mister X moves first (rule 2)
>>> game.play(move)
>>> game.turn
<Side.DETECTIVES: 'detectives'>

Every move played can be taken back, as in python-chess: ``push(move)``
plays it (``play`` is the same), ``pop()`` takes back the last move whoever
played it (Mister X's too, a double move, the move that ended the game) and
leaves the game exactly as it was, and ``copy()`` is an independent twin.
The table's rule is ``undo()``: only the detectives' moves of this round.

>>> game.pop() == move, game.turn, game.moves_made
(True, <Side.MISTER_X: 'mister_x'>, 0)
>>> twin = game.copy()
>>> twin.push(move)
>>> len(twin.actions), len(game.actions)
(1, 0)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import chain
from typing import ClassVar

from engine.board import Board, Station, StationSet, Transport, london
from engine.boardgame import LegalMoves
from engine.deduction import after_move
from engine.editions import Ruleset, TicketFlow, find_ruleset
from engine.errors import IllegalMoveError
from engine.movegen import after_paying, detective_moves, mister_x_moves, pay, pay_detective, take_back_detective, ticket_mask, unblocked
from engine.moves import DetectiveMove, DoubleMove, MisterXMove, Move, check_exists, leg_notation, parse_move
from engine.outcome import Outcome, Reason, Side
from engine.position import MISTER_X, MISTER_X_PIECE, LogEntry, PieceSetup, Position, check_position, deal, piece_named
from engine.refusals import Piece, Refusal
from engine.tickets import Ticket, Tickets
from engine.views import MisterXView, PieceView, PublicLogEntry, PublicView

_X = 0  # Mister X's index among the pieces
# Enum members as module constants: reading Side.MISTER_X costs ten times more in hot loops.
_BLACK = Ticket.BLACK
_DOUBLE = Ticket.DOUBLE
_UNDERGROUND = Ticket.UNDERGROUND
_MISTER_X = Side.MISTER_X
_DETECTIVES = Side.DETECTIVES
_CAPTURE = Reason.CAPTURE
_TRANSPORTS = tuple(Transport)
_DETECTIVE_LINES = (int(Transport.TAXI), int(Transport.BUS), int(Transport.UNDERGROUND))

_Undo = tuple[int, Station, Ticket, int, Side, int, StationSet, tuple[int, ...] | None, tuple[int, ...] | None]
"""What one move changed, to take it back exactly (``Game.pop``; the outcome before it was always ``None``): the
moving piece's index (0: Mister X), its station before, a detective's ticket, the round, the turn, the pieces moved
and the possible set before; for Mister X, his tickets and the supply before. A plain tuple: made on every move."""


class Game:
    """The whole state of one game, changed only by ``push`` (``play``) and ``pop`` (``undo``).

    Pieces are indexed internally: 0 is Mister X, then the detectives, then the
    bobbies. Every refusal raises ``IllegalMoveError`` before anything changes.

    Every move played is kept on a stack, as in python-chess: ``push(move)``
    plays it (``play`` is the same), ``pop()`` takes back the last one, whoever
    played it, and leaves the game exactly as it was; ``copy()`` is an
    independent twin, its stack included. ``undo()`` is the table's rule on
    top of ``pop``: only the detectives' moves of this round (``can_undo``).

    >>> game = Game.new("reissue", players=3, seed=7)
    >>> start = game.mister_x_view()
    >>> for _ in range(4):
    ...     game.push(game.single_moves()[0])
    >>> twin = game.copy()
    >>> [str(twin.pop()) for _ in range(4)]
    ['bobby1 T56', 'blue T6', 'red T88', 'T22']
    >>> twin.mister_x_view() == start, len(game.actions)
    (True, 4)
    """

    def __init__(self, position: Position, board: Board | None = None) -> None:
        self.board = board or london()
        possible = check_position(position, self.board)
        self.ruleset: Ruleset = position.ruleset
        self.start = position
        detectives, bobbies = position.detectives, position.bobbies
        pieces = (PieceSetup(MISTER_X, position.mister_x, position.mister_x_tickets), *detectives, *bobbies)
        self.names: tuple[str, ...] = tuple(p.name for p in pieces)
        self._index = {name: i for i, name in enumerate(self.names)}
        self._detectives = range(1, 1 + len(detectives))
        self._is_bobby = [p.bobby for p in pieces]
        self._stations: list[Station] = [p.station for p in pieces]
        self._occupied: StationSet = sum(1 << p.station for p in pieces[1:])
        """The stations of detectives and bobbies (never Mister X's)."""
        self._tickets: list[list[int]] = [list(p.tickets) for p in pieces]
        self._supply: list[int] | None = list(position.supply) if position.supply is not None else None
        self._log: list[LogEntry] = list(position.log)
        self._round = position.round
        self._turn = position.turn
        self._moved = sum(1 << self._index[name] for name in position.moved)
        self._possible = possible
        self._outcome: Outcome | None = None
        self._actions: list[Move] = []
        self._stack: list[_Undo] = []
        """One entry a move of ``_actions``, to take it back (``pop``)."""
        self._lines = [t for t in _DETECTIVE_LINES if self.ruleset.uses[t]]
        """The lines detectives may use (and Mister X with his own tickets), as plain ints for speed."""
        self._others = range(1, len(self.names))
        self._detective_moves = detective_moves(self.board, self.ruleset.transports)
        self._mister_x = mister_x_moves(self.board, self.ruleset.transports)
        self._on_board = self.board.positions  # a dict: `in` without a Python-level call
        self._neighbours = [self.board.neighbour_table(t) for t in _TRANSPORTS]
        self._black_reach = self.board.neighbours_any_table(self.ruleset.transports)
        self._lines_of: list[tuple[tuple[DetectiveMove, ...], StationSet]] = [((), 0)] * len(pieces)
        for i in self._others:
            self._refresh_lines(i)
        self._flow: TicketFlow = self.ruleset.ticket_flow
        self._check_exhausted()
        if self._outcome is None:
            if self._turn is _MISTER_X:
                self._check_cornered()
            else:
                self._end_round_if_done()

    @classmethod
    def new(
        cls,
        edition: str | Ruleset = "reissue",
        players: int | None = None,
        *,
        detectives: int | None = None,
        bobbies: int | None = None,
        colours: tuple[str, ...] | None = None,
        seed: int = 0,
    ) -> Game:
        """A new game of *edition*, start stations dealt with *seed* (see ``engine.position.deal``)."""
        ruleset = find_ruleset(edition) if isinstance(edition, str) else edition
        return cls(deal(ruleset, players, detectives=detectives, bobbies=bobbies, colours=colours, seed=seed))

    # ------------------------------------------------------------------ state

    @property
    def round(self) -> int:
        return self._round

    @property
    def turn(self) -> Side:
        """Whose turn it is (meaningless once the game is over)."""
        return self._turn

    @property
    def outcome(self) -> Outcome | None:
        """The result, or ``None`` while the game goes on."""
        return self._outcome

    @property
    def winner(self) -> Side | None:
        """The side that won, or None while the game goes on."""
        return None if self._outcome is None else self._outcome.winner

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    @property
    def possible_locations(self) -> StationSet:
        """Where Mister X can be, from public information alone (rule 16)."""
        return self._possible

    @property
    def moves_made(self) -> int:
        """Mister X's travel-log entries so far."""
        return len(self._log)

    @property
    def actions(self) -> tuple[Move, ...]:
        """Every move played since the start position, in order (undone ones removed)."""
        return tuple(self._actions)

    def station_of(self, piece: str) -> Station:
        """Where a detective or bobby stands (Mister X: ask ``mister_x_view``)."""
        index = self._piece_index(piece)
        if index == _X:
            raise ValueError("Mister X's station is secret: use mister_x_view()")
        return self._stations[index]

    def tickets_of(self, piece: str) -> Tickets:
        return Tickets(*self._tickets[self._piece_index(piece)])

    @property
    def detectives(self) -> tuple[str, ...]:
        """The detectives' and bobbies' names (detectives first)."""
        return self.names[1:]

    def to_move(self) -> tuple[str, ...]:
        """Detectives and bobbies that have not moved this round and can move now."""
        if self._outcome or self._turn is not _DETECTIVES:
            return ()
        return tuple(self.names[i] for i in self._unmoved() if self._destinations(i))

    def sitting_out(self) -> tuple[str, ...]:
        """Detectives and bobbies that have not moved this round and cannot move now (rule 5)."""
        if self._outcome or self._turn is not _DETECTIVES:
            return ()
        return tuple(self.names[i] for i in self._unmoved() if not self._destinations(i))

    # ------------------------------------------------------------ legal moves

    def legal_moves(self) -> LegalMoves[Move]:
        """Every legal move now, as a live view (``LegalMoves``, as python-chess's ``board.legal_moves``).

        Iterating it gives ``single_moves()``, then Mister X's double moves, made
        one by one as the iteration reaches them (``double_moves``); ``len``
        counts them all without making a double move; ``in`` asks ``is_legal``.
        A view kept while the game moves on answers for the game as it is then.

        >>> game = Game.new("reissue", players=3, seed=1)
        >>> moves = game.legal_moves()
        >>> moves
        <LegalMoves (96): T128, T159, T187, X128, X159, X187, ...>
        >>> len(game.single_moves()), sum(1 for _ in game.double_moves()), next(game.double_moves()) in moves
        (6, 90, True)
        >>> game.push(game.single_moves()[0])
        >>> moves
        <LegalMoves (14): red T37, red T38, red T49, blue T99, blue T100, blue T111, ...>
        """
        return LegalMoves(self._every_move, self.is_legal, self._count_moves)

    def single_moves(self) -> tuple[DetectiveMove | MisterXMove, ...]:
        """Every legal move of one leg now, listed at once, to index or pick from: ``legal_moves()`` without the double moves.

        The detectives': every move of every piece that has not moved this round
        (a bobby's by each line it may take: he spends nothing, so each is legal).
        Mister X's: his single moves, each also the first leg of his double moves
        (``second_legs``). This is what a player picking a move leg by leg needs:
        read from the move tables, no double move made.
        """
        if self._outcome is not None:
            return ()
        if self._turn is _MISTER_X:
            return tuple(self._mister_x_moves(self._stations[_X], self._tickets[_X], self._supply))
        moves: list[DetectiveMove] = []
        moved, occupied, lines_of, is_bobby = self._moved, self._occupied, self._lines_of, self._is_bobby
        for i in self._others:
            if not moved >> i & 1:
                lines = self._detective_moves.every_line(self.names[i], self._stations[i]) if is_bobby[i] else lines_of[i]
                moves.extend(unblocked(lines, occupied))
        return tuple(moves)

    def moves_of(self, piece: str) -> list[DetectiveMove]:
        """The moves one detective or bobby may choose from now (empty if it may not move), as the table offers them.

        A bobby's are one a destination, by the first line that goes there: he
        spends nothing, so the line makes no difference to the game (each line's
        move is legal, and ``legal_moves()`` has them all).
        """
        index = self._piece_index(piece)
        if index == _X or self._outcome or self._turn is not _DETECTIVES or self._moved >> index & 1:
            return []
        return list(unblocked(self._lines_of[index], self._occupied))

    @property
    def can_double(self) -> bool:
        """Whether Mister X may play a double move now (rule 8)."""
        left = self.ruleset.moves_left(len(self._log))
        return self._outcome is None and self._turn is _MISTER_X and self._tickets[_X][_DOUBLE] > 0 and (left is None or left >= 2)

    def second_legs(self, first: MisterXMove) -> Sequence[MisterXMove]:
        """The second legs of a double move that starts with *first* (which must be legal)."""
        if not self.can_double:
            return []
        self._check_mister_x_leg(self._stations[_X], first, self._tickets[_X], self._supply)
        return self._seconds(first)

    def double_moves(self) -> Iterator[DoubleMove]:
        """Every legal double move, made one by one (hundreds at a busy station; ``second_legs`` lists one first leg's)."""
        if not self.can_double:
            return
        for first in self._mister_x_moves(self._stations[_X], self._tickets[_X], self._supply):
            for second in self._seconds(first):
                yield DoubleMove(first, second)

    def _every_move(self) -> Iterator[Move]:
        """What ``legal_moves()`` iterates: the single moves, then the double moves as they are reached."""
        return chain(self.single_moves(), self.double_moves())

    def _count_moves(self) -> int:
        """``len(legal_moves())``: the double moves counted by their first legs' second legs, none of them made."""
        if not self.can_double:
            return len(self.single_moves())
        firsts = self._mister_x_moves(self._stations[_X], self._tickets[_X], self._supply)
        return len(firsts) + sum(len(self._seconds(first)) for first in firsts)

    def _seconds(self, first: MisterXMove) -> Sequence[MisterXMove]:
        """Mister X's moves once he has played *first* (a legal leg): a double move's second legs."""
        own, supply = after_paying(first.ticket, self._tickets[_X], self._supply)
        return self._mister_x_moves(first.station, own, supply)

    def _unmoved(self) -> Iterator[int]:
        moved = self._moved
        for i in self._others:
            if not moved >> i & 1:
                yield i

    def _destinations(self, index: int) -> StationSet:
        """Where a detective or bobby could move now, as a bitset."""
        return self._lines_of[index][1] & ~self._occupied

    def _refresh_lines(self, index: int) -> None:
        """Look up a piece's moves again (``_lines_of``) after its station or tickets changed."""
        bobby = self._is_bobby[index]
        mask = ticket_mask(self._tickets[index], bobby)
        self._lines_of[index] = self._detective_moves.moves(self.names[index], bobby, self._stations[index], mask)

    def _mister_x_moves(self, station: Station, own: list[int], supply: list[int] | None) -> Sequence[MisterXMove]:
        return self._mister_x.moves(station, own, supply, self._occupied)

    # ------------------------------------------------------------------ play

    def push(self, move: Move) -> None:
        """Play *move* for the side to move, or raise ``IllegalMoveError`` and change nothing; ``pop`` takes it back.

        ``play`` is the same method, under the name the table uses.

        >>> game = Game.new("classic", players=4, seed=2)
        >>> game.push(game.single_moves()[0])
        >>> game.actions
        (MisterXMove(station=159, ticket=<Ticket.TAXI: 0>),)
        """
        if type(move) is DetectiveMove:
            self._play_detective(move, self._check_detective(move))
        else:
            self._check_mister_x(move)
            self._play_mister_x(move)  # type: ignore[arg-type]  # checked: a single or a double move

    play = push

    def parse_move(self, text: str) -> Move:
        """The move *text* writes in the notation (``str(move)``, read by ``engine.moves.parse_move``), of a piece and to
        stations this game has: ``NotationError`` otherwise. The rules are not asked (``is_legal``).

        >>> game = Game.new("reissue", players=3, seed=1)
        >>> game.parse_move("blue b14"), game.is_legal(game.parse_move("blue b14"))
        (DetectiveMove(piece='blue', station=14, ticket=<Ticket.BUS: 1>), False)
        >>> game.parse_move("purple T46")
        Traceback (most recent call last):
        ...
        engine.moves.NotationError: 'purple T46' is not a move: 'purple' is none of this game's pieces (red, blue, bobby1, bobby2)
        >>> game.parse_move("T46+X200")
        Traceback (most recent call last):
        ...
        engine.moves.NotationError: 'T46+X200' is not a move: 'X200' goes to station 200, which is not on the board
        """
        move = parse_move(text)
        legs = (move.first, move.second) if isinstance(move, DoubleMove) else (move,)
        check_exists(text, move.piece if isinstance(move, DetectiveMove) else None,
                     {leg_notation(leg.station, leg.ticket): leg.station for leg in legs}, self.detectives, self._on_board)
        return move

    def is_legal(self, move: object) -> bool:
        """Whether ``play(move)`` would play *move* (the same answer, without playing it; anything that is no move is not legal).

        >>> game = Game.new("beginner", players=3, seed=1)
        >>> game.is_legal(game.single_moves()[0]), game.is_legal(DetectiveMove("red", 40, Ticket.TAXI)), game.is_legal("T46")
        (True, False, False)
        """
        try:
            if isinstance(move, DetectiveMove):
                self._check_detective(move)
            elif isinstance(move, (MisterXMove, DoubleMove)):
                self._check_mister_x(move)
            else:
                return False
        except IllegalMoveError:
            return False
        return True

    def _check_over(self) -> None:
        if self._outcome is not None:
            raise IllegalMoveError(Refusal.GAME_OVER, outcome=self._outcome)

    def _check_detective(self, move: DetectiveMove) -> int:
        """The moving piece's index, if *move* is legal now; else ``IllegalMoveError`` naming the rule."""
        self._check_over()
        if self._turn is not _DETECTIVES:
            raise IllegalMoveError(Refusal.MISTER_X_FIRST, rule=2, round=self._round, piece=self._named(move.piece))
        index = self._index.get(move.piece)
        if index is None or index == _X:
            raise IllegalMoveError(Refusal.NO_DETECTIVE_CALLED, called=move.piece)
        if self._moved >> index & 1:
            raise IllegalMoveError(Refusal.ALREADY_MOVED, rule=2, piece=self._describe(index), round=self._round)
        ticket = move.ticket
        if ticket > _UNDERGROUND:
            raise IllegalMoveError(Refusal.DETECTIVES_RIDE, rule=3, piece=self._describe(index), ticket=ticket)
        origin = self._stations[index]
        if move.station not in self._on_board:
            raise IllegalMoveError(Refusal.NO_SUCH_STATION, rule=3, station=move.station)
        transport = _TRANSPORTS[ticket]
        if transport not in self._lines:
            raise IllegalMoveError(Refusal.LINES_CLOSED, rule=3, edition=self.ruleset.name, transport=transport)
        if not self._neighbours[transport][origin] >> move.station & 1:
            raise IllegalMoveError(Refusal.NO_LINE_OF, rule=3, transport=transport, origin=origin, station=move.station)
        if not self._is_bobby[index] and not self._tickets[index][ticket]:
            raise IllegalMoveError(Refusal.NO_TICKET_LEFT, rule=3, piece=self._describe(index), ticket=ticket)
        if self._occupied >> move.station & 1:
            raise IllegalMoveError(Refusal.OCCUPIED, rule=4, station=move.station, piece=self._holder(move.station))
        return index

    def _play_detective(self, move: DetectiveMove, index: int) -> None:
        ticket, origin, bobby = move.ticket, self._stations[index], self._is_bobby[index]
        self._stack.append((index, origin, ticket, self._round, self._turn, self._moved, self._possible, None, None))
        self._actions.append(move)
        if not bobby:
            pay_detective(ticket, self._tickets[index], self._tickets[_X], self._supply, self._flow)
        self._stations[index] = move.station
        self._refresh_lines(index)
        self._occupied ^= (1 << origin) | (1 << move.station)
        self._moved |= 1 << index
        if move.station == self._stations[_X]:
            self._outcome = Outcome(_CAPTURE, self._round, by=move.piece)
            return  # rule 16: a capture shows where he is, so his station stays in the set
        self._possible &= ~(1 << move.station)
        self._check_exhausted()
        if self._outcome is None:
            self._end_round_if_done()

    def _check_mister_x(self, move: Move) -> None:
        """Nothing, if Mister X's *move* (single or double) is legal now; else ``IllegalMoveError`` naming the rule."""
        self._check_over()
        if not isinstance(move, (MisterXMove, DoubleMove)):
            raise TypeError(f"not a move: {move!r}")
        if self._turn is not _MISTER_X:
            raise IllegalMoveError(Refusal.DETECTIVES_MOVING, rule=2, round=self._round, next=self._round + 1)
        own, supply = self._tickets[_X], self._supply
        if isinstance(move, DoubleMove):
            if not own[_DOUBLE]:
                raise IllegalMoveError(Refusal.NO_TICKET_LEFT, rule=8, piece=MISTER_X_PIECE, ticket=_DOUBLE)
            left = self.ruleset.moves_left(len(self._log))
            if left is not None and left < 2:
                raise IllegalMoveError(Refusal.LOG_TOO_SHORT_FOR_DOUBLE, rule=8, n=left)
            self._check_mister_x_leg(self._stations[_X], move.first, own, supply)
            after_own, after_supply = after_paying(move.first.ticket, own, supply)
            try:
                self._check_mister_x_leg(move.first.station, move.second, after_own, after_supply)
            except IllegalMoveError as error:
                raise IllegalMoveError(Refusal.SECOND_LEG, rule=error.rule, refusal=error) from None
        elif move.ticket is _DOUBLE:
            raise IllegalMoveError(Refusal.DOUBLE_IN_ONE, rule=8)
        else:
            self._check_mister_x_leg(self._stations[_X], move, own, supply)

    def _play_mister_x(self, move: MisterXMove | DoubleMove) -> None:
        own = self._tickets[_X]
        supply = self._supply
        self._stack.append((_X, self._stations[_X], _DOUBLE, self._round, self._turn, self._moved, self._possible,
                            tuple(own), tuple(supply) if supply is not None else None))
        self._actions.append(move)
        if isinstance(move, DoubleMove):
            pay(_DOUBLE, own, None)
            self._mister_x_leg(move.first, double=True)
            self._mister_x_leg(move.second, double=True)
        else:
            self._mister_x_leg(move)
        self._turn = _DETECTIVES
        self._moved = 0
        self._check_exhausted()
        if self._outcome is None:
            self._end_round_if_done()

    def _check_mister_x_leg(self, origin: Station, move: MisterXMove, own: list[int], supply: list[int] | None) -> None:
        ticket = move.ticket
        station = move.station
        if ticket is _DOUBLE or not isinstance(ticket, Ticket):
            raise IllegalMoveError(Refusal.NOT_A_FARE, rule=6, paid=ticket)
        if station not in self._on_board:
            raise IllegalMoveError(Refusal.NO_SUCH_STATION, rule=3, station=station)
        if ticket is _BLACK:
            if not self._black_reach[origin] >> station & 1:
                raise IllegalMoveError(Refusal.NO_LINE, rule=7, origin=origin, station=station)
            if not own[_BLACK]:
                raise IllegalMoveError(Refusal.NO_TICKET_LEFT, rule=7, piece=MISTER_X_PIECE, ticket=_BLACK)
        else:
            transport = _TRANSPORTS[ticket]
            if not self._neighbours[transport][origin] >> station & 1 or transport not in self._lines:
                if self._neighbours[Transport.FERRY][origin] >> station & 1:
                    raise IllegalMoveError(Refusal.FERRY_TAKES_BLACK, rule=7, origin=origin, station=station)
                if transport not in self._lines and self._neighbours[transport][origin] >> station & 1:
                    raise IllegalMoveError(Refusal.LINES_CLOSED, rule=3, edition=self.ruleset.name, transport=transport)
                raise IllegalMoveError(Refusal.NO_LINE_OF, rule=3, transport=transport, origin=origin, station=station)
            if not own[ticket] and not (supply is not None and supply[ticket]):
                raise IllegalMoveError(Refusal.NO_TICKET if supply is None else Refusal.NO_TICKET_NOR_SUPPLY, rule=6, ticket=ticket)
        if self._occupied >> station & 1:
            raise IllegalMoveError(Refusal.MISTER_X_ONTO_PIECE, rule=4, station=station, piece=self._holder(station))

    def _mister_x_leg(self, move: MisterXMove, double: bool = False) -> None:
        ticket = move.ticket
        pay(ticket, self._tickets[_X], self._supply)  # checked: he or the supply has one
        self._stations[_X] = move.station
        self._log.append(LogEntry(ticket, move.station, double))
        if len(self._log) in self.ruleset.reveal_moves:
            self._possible = 1 << move.station
        else:
            self._possible = after_move(self.board, self.ruleset, self._possible, ticket, self._occupied)

    # -------------------------------------------------------- end conditions

    def _check_exhausted(self) -> None:
        """Rule 13: Mister X wins when no detective can use a ticket at his own station."""
        for i in self._detectives:
            tickets = self._tickets[i]
            station = self._stations[i]
            for t in self._lines:
                if tickets[t] and self._neighbours[t][station]:
                    return
        self._outcome = Outcome(Reason.DETECTIVES_EXHAUSTED, self._round)

    def _check_cornered(self) -> None:
        """Rule 12: the detectives win when Mister X cannot move on his turn."""
        if not self._mister_x_moves(self._stations[_X], self._tickets[_X], self._supply):
            self._outcome = Outcome(Reason.CORNERED, self._round)

    def _end_round_if_done(self) -> None:
        """Rules 5 and 14: the round ends when no piece that has not moved can move."""
        moved = self._moved
        free = ~self._occupied
        lines_of = self._lines_of
        for i in self._others:
            if not moved >> i & 1 and lines_of[i][1] & free:
                return
        if self.ruleset.is_last_round(self._round, len(self._log)):
            self._outcome = Outcome(Reason.SURVIVED, self._round)
            return
        self._round += 1
        self._turn = _MISTER_X
        self._moved = 0
        self._check_cornered()

    # ------------------------------------------------------------- take back

    def pop(self) -> Move:
        """Take back the last move played, whatever it was, and return it: the game is then exactly as before its ``push``.

        A detective's or a bobby's move, Mister X's single or double move, the move
        that ended the game: everything comes back (stations, tickets, the supply,
        the travel log, the possible set, the round, the turn, the outcome). This is
        the searches' make/unmake; the table's rule is ``undo``. ``IndexError``
        when no move was played since the start position.

        >>> game = Game.new("classic", players=4, seed=2)
        >>> before = game.mister_x_view()
        >>> game.push(next(game.double_moves()))
        >>> game.pop()
        DoubleMove(first=MisterXMove(station=159, ticket=<Ticket.TAXI: 0>), second=MisterXMove(station=158, ticket=<Ticket.TAXI: 0>))
        >>> game.mister_x_view() == before
        True
        """
        if not self._stack:
            raise IndexError("no move to take back: none was played since the start position")
        piece, origin, ticket, self._round, self._turn, self._moved, self._possible, own, supply = self._stack.pop()
        move = self._actions.pop()
        if piece == _X:
            assert own is not None
            del self._log[-2 if type(move) is DoubleMove else -1:]
            self._stations[_X] = origin
            self._tickets[_X] = list(own)
            self._supply = list(supply) if supply is not None else None
        else:
            if not self._is_bobby[piece]:
                take_back_detective(ticket, self._tickets[piece], self._tickets[_X], self._supply, self._flow)
            self._occupied ^= (1 << self._stations[piece]) | (1 << origin)
            self._stations[piece] = origin
            self._refresh_lines(piece)
        self._outcome = None
        return move

    def copy(self) -> Game:
        """An independent game equal to this one, its moves included (``pop`` takes them back as here); cheap.

        >>> game = Game.new("beginner", players=3, seed=1)
        >>> game.push(game.single_moves()[0])
        >>> twin = game.copy()
        >>> twin.pop() == game.actions[0], len(twin.actions), len(game.actions)
        (True, 0, 1)
        """
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)  # the tables, the start position and the names are shared: never changed
        twin._stations = self._stations.copy()
        twin._tickets = [tickets.copy() for tickets in self._tickets]
        twin._supply = self._supply.copy() if self._supply is not None else None
        twin._log = self._log.copy()
        twin._actions = self._actions.copy()
        twin._stack = self._stack.copy()
        twin._lines_of = self._lines_of.copy()
        return twin

    def __eq__(self, other: object) -> bool:
        """Whether *other* is a game in the same position, as python-chess's boards compare: the same board and edition,
        every piece's station and tickets, the supply, Mister X's travel log, the round, the turn, who has moved, the
        possible set and the outcome. The moves that led there are not compared (``actions`` says them).

        >>> game = Game.new("classic", players=4, seed=2)
        >>> twin = game.copy()
        >>> twin == game, Game(game.position()) == game
        (True, True)
        >>> move = twin.single_moves()[0]
        >>> twin.push(move)
        >>> twin == game
        False
        >>> twin.pop() == move and twin == game
        True
        """
        if not isinstance(other, Game):
            return NotImplemented
        return self.board == other.board and self._outcome == other._outcome and self.position() == other.position()

    __hash__: ClassVar[None]  # type: ignore[assignment]
    """A game changes with every move, so it has no hash (as lists and python-chess's boards): key a dict by
    ``game.position()``, a frozen value, instead."""

    @property
    def can_undo(self) -> bool:
        """Whether ``undo`` may take back a detective move now (one of this round, until Mister X moves again)."""
        return self._outcome is None and bool(self._stack) and self._stack[-1][0] != _X

    def undo(self) -> DetectiveMove:
        """Take back the last detective or bobby move of this round and return it (the table's rule: ``pop`` takes back any move)."""
        if self._outcome is not None:
            raise IllegalMoveError(Refusal.OVER_NOTHING_TO_TAKE_BACK, outcome=self._outcome)
        if not self.can_undo:
            raise IllegalMoveError(Refusal.NOTHING_TO_TAKE_BACK)
        move = self.pop()
        assert isinstance(move, DetectiveMove)
        return move

    # ----------------------------------------------------------------- views

    def public_view(self) -> PublicView:
        """What everyone may see (rule 15)."""
        over = self._outcome is not None
        reveals = self.ruleset.reveal_moves
        log = tuple(
            PublicLogEntry(
                move=n,
                ticket=entry.ticket,
                reveal=n in reveals,
                station=entry.station if over or n in reveals else None,
                double=entry.double,
            )
            for n, entry in enumerate(self._log, 1)
        )
        pieces = tuple(
            PieceView(self.names[i], self._stations[i], Tickets(*self._tickets[i]), self._is_bobby[i])
            for i in range(1, len(self.names))
        )
        return PublicView(
            ruleset=self.ruleset,
            round=self._round,
            turn=self._turn,
            pieces=pieces,
            mister_x_tickets=Tickets(*self._tickets[_X]),
            supply=Tickets(*self._supply) if self._supply is not None else None,
            log=log,
            moved=frozenset(self.names[i] for i in range(1, len(self.names)) if self._moved >> i & 1),
            possible=self._possible,
            outcome=self._outcome,
            mister_x_final=self._stations[_X] if over else None,
        )

    def mister_x_view(self) -> MisterXView:
        """What Mister X sees: the public view plus his station, his log and his options."""
        mine = self._turn is _MISTER_X and self._outcome is None
        return MisterXView(
            public=self.public_view(),
            station=self._stations[_X],
            log=tuple(self._log),
            moves=tuple(self._mister_x_moves(self._stations[_X], self._tickets[_X], self._supply)) if mine else (),
            can_double=self.can_double,
            board=self.board,
        )

    def position(self) -> Position:
        """The current position, explicit (for corrections, puzzles and saving)."""
        pieces = tuple(
            PieceSetup(self.names[i], self._stations[i], Tickets(*self._tickets[i]), self._is_bobby[i])
            for i in range(1, len(self.names))
        )
        return Position(
            ruleset=self.ruleset,
            mister_x=self._stations[_X],
            mister_x_tickets=Tickets(*self._tickets[_X]),
            pieces=pieces,
            supply=Tickets(*self._supply) if self._supply is not None else None,
            log=tuple(self._log),
            round=self._round,
            turn=self._turn,
            moved=frozenset(self.names[i] for i in range(1, len(self.names)) if self._moved >> i & 1),
            possible=self._possible,
        )

    def _holder(self, station: Station) -> Piece:
        """Who stands on *station* (a detective or a bobby), for refusals."""
        return self._describe(self._stations.index(station, 1))

    def _describe(self, index: int) -> Piece:
        """The piece of *index*, for refusals: "the red detective", "bobby1"."""
        return piece_named(self.names[index], self._is_bobby[index])

    def _named(self, piece: str) -> Piece:
        """The piece called *piece*, for refusals (a name no piece of this game has, as it is)."""
        index = self._index.get(piece)
        return self._describe(index) if index is not None else Piece(piece, piece)

    def _piece_index(self, piece: str) -> int:
        try:
            return self._index[piece]
        except KeyError:
            raise IllegalMoveError(Refusal.NO_PIECE_CALLED, called=piece) from None

    def __repr__(self) -> str:
        state = str(self._outcome) if self._outcome else f"round {self._round}, {self._turn} to move"
        return f"<Game {self.ruleset.name}: {state}>"

