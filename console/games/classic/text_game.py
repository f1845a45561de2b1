"""A whole game of Scotland Yard in the terminal: people play the detectives
against a computer Mister X (or Mister X against computer detectives).

It is the console's flow in its simplest form, before the lit board and the
simulator exist: every rule decision comes from the engine, and the detectives
are shown the public view only. What every kind's terminal game does alike
(reading a line, journaling an action) is ``console.games.text``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from console.games.classic import journal as events
from console.games.refusals import player_words
from console.games.text import Quit, Terminal, TextTable, is_station_number, spellings, unknown_word
from console.games.words import display_name, edition_words, outcome_words, ticket_words
from console.settings import Level
from engine import DetectiveMove, DoubleMove, Game, IllegalMoveError, MisterXMove, Refusal, Side, Ticket, Tickets
from engine.ai.baselines import greedy_detective, greedy_mister_x
from engine.ai.players import choose_detective_moves, choose_mister_x_move
from engine.editions import Length, Ruleset
from engine.moves import NotationError, leg_notation, parse_move
from engine.views import MisterXView, PublicView
from language import Text, Words, join, np_, p_, plain

HELP = p_("terminal", """Commands:
  PIECE LEG                move a detective or bobby in the move notation, e.g. "red T46"
                           (a leg is a ticket's letter and a station: T taxi, B bus, U underground)
  PIECE STATION [TICKET]   the same in words, e.g. "red 46" or "red 46 bus"
  moves PIECE              list a piece's legal moves ("moves" alone: every piece's still to move)
  where                    stations Mister X may be at (the deduction assist)
  undo                     take back the last detective move of this round
  help                     this text
  quit                     leave the game""")

MISTER_X_HELP = p_("terminal", """Commands:
  LEG                      your move in the notation: a ticket's letter and a station, e.g. "T45"
                           (T taxi, B bus, U underground, X black)
  STATION TICKET           the same in words, e.g. "45 taxi" or "45 black"
  LEG+LEG                  a double move, e.g. "T45+X46" (or "double 45 taxi 46 black")
  moves                    list your moves
  help                     this text
  quit                     leave the game""")

TICKET_NAMES: dict[Ticket, Text] = {
    Ticket.TAXI: p_("terminal", "taxi"), Ticket.BUS: p_("terminal", "bus"), Ticket.UNDERGROUND: p_("terminal", "underground"),
    Ticket.BLACK: p_("terminal", "black"), Ticket.DOUBLE: p_("terminal", "double"),
}
"""A ticket's one word, as the terminal writes it and as it may be typed (in any language the console speaks)."""

COMMANDS = ("moves", "where", "undo", "help", "quit")
"""The detectives' commands (a typo of one is answered with it)."""
MISTER_X_COMMANDS = ("moves", "help", "quit")

_LETTERS = {"t": Ticket.TAXI, "b": Ticket.BUS, "u": Ticket.UNDERGROUND, "x": Ticket.BLACK}
_DETECTIVE_TICKETS = (Ticket.TAXI, Ticket.BUS, Ticket.UNDERGROUND)
_MISTER_X_TICKETS = (*_DETECTIVE_TICKETS, Ticket.BLACK)


def _spellings(words: Text) -> set[str]:
    """*words* as they may be typed, in every language the console speaks: as ``TextTable.ask`` reads a line, no spaces."""
    return {spelling.replace(" ", "") for spelling in spellings(words)}


@cache
def _typed_tickets() -> dict[str, Ticket]:
    """Every way to type a ticket: its letter, or its word in any language (``taxi``, ``택시``)."""
    return _LETTERS | {word: ticket for ticket, name in TICKET_NAMES.items() if ticket is not Ticket.DOUBLE
                       for word in _spellings(name)}


def _listed(words: Iterable[Words]) -> Text:
    """Words one after another, as a list: taxi, bus, underground."""
    return join(p_("terminal", ", "), words)


def _ticket_counts(tickets: Tickets) -> Text:
    """Tickets held, in words: 11 taxi, 8 bus, 4 underground (or no tickets)."""
    held = [p_("terminal", "{n} {ticket}", n=count, ticket=TICKET_NAMES[ticket]) for ticket, count in zip(Ticket, tickets)
            if count]
    return _listed(held) if held else p_("terminal", "no tickets")


def _opening(ruleset: Ruleset) -> Text:
    """The edition and its length: the game's first line."""
    edition = edition_words(ruleset.name)
    if ruleset.length_unit is Length.MOVES:
        return np_("terminal", "Scotland Yard, {edition}: {n} move of Mister X.", "Scotland Yard, {edition}: {n} moves of Mister X.",
                   ruleset.length, edition=edition)
    return np_("terminal", "Scotland Yard, {edition}: {n} round.", "Scotland Yard, {edition}: {n} rounds.", ruleset.length,
               edition=edition)


def _not_a_station(word: str) -> Text:
    return p_("terminal", "Not understood: {word} is not a station (1 to 199).", word=repr(word))


class TextGame(TextTable):
    """Reads commands from the terminal and writes the game to it; the computer plays the other side.

    It writes in the language in use, and reads a piece's or a ticket's name in any language the console speaks
    (``red 46 bus``, ``빨강 46 버스``, ``bobby 1 T46``).
    """

    def __init__(self, game: Game, human: Side, terminal: Terminal, level: Level | None = None) -> None:
        """*level*: how well the computer plays (``engine.ai.players``); None: the quick greedy baselines."""
        super().__init__(terminal)
        self.game = game
        self.human = human
        self.level = level
        self._pieces = {word: piece for piece in game.detectives for word in (piece, *_spellings(display_name(piece)))}
        """Each detective's and bobby's names as typed (its id, and its name in every language), without spaces."""

    def run(self) -> None:
        game = self.game
        self.say(_opening(game.ruleset))
        self.say(p_("terminal", "You play Mister X. Type 'help' for commands.") if self.human is Side.MISTER_X
                 else p_("terminal", "You play the detectives. Type 'help' for commands."))
        try:
            while not game.is_over:
                if game.turn is Side.MISTER_X:
                    self.mister_x_turn()
                else:
                    self.detectives_turn()
        except Quit:
            self.say(p_("terminal", "Game left."))
            return
        self.record(events.CODEC.ended(game))
        self.say(self.summary(game.public_view()))

    # ------------------------------------------------------------- Mister X

    def mister_x_turn(self) -> None:
        view = self.game.mister_x_view()
        move = self.ask_mister_x(view) if self.human is Side.MISTER_X else self._computer_mister_x(view)
        self.game.play(move)
        self.record(events.moved(move))
        public = self.game.public_view()
        shown = public.log[-2:] if isinstance(move, DoubleMove) else public.log[-1:]
        for entry in shown:
            ticket = TICKET_NAMES[entry.ticket]
            if entry.station is None:
                self.say(p_("terminal", "Mister X, move {move}: {ticket} ticket.", move=entry.move, ticket=ticket))
            else:
                self.say(p_("terminal", "Mister X, move {move}: {ticket} ticket, and he is SEEN at {station}.", move=entry.move,
                            ticket=ticket, station=entry.station))

    def _computer_mister_x(self, view: MisterXView) -> MisterXMove | DoubleMove:
        if self.level is None:
            return greedy_mister_x(self.game.board, view)
        return choose_mister_x_move(view, self.game.board, self.level.value, self.terminal.seed + self.game.moves_made)

    def ask_mister_x(self, view: MisterXView) -> MisterXMove | DoubleMove:
        self.say(self.board_text(view.public))
        self.say(p_("terminal", "Mister X, you are at {station}. Your tickets: {tickets}.", station=view.station,
                    tickets=_ticket_counts(view.public.mister_x_tickets)))
        if view.public.next_move_is_reveal:
            self.say(p_("terminal", "Careful: your next move is SEEN."))
        your_moves = p_("terminal", "Your moves: {moves}", moves=", ".join(m.notation for m in view.moves))
        self.say(your_moves)
        while True:
            line = self.ask(p_("terminal", "Mister X> "))
            if line.split() == ["quit"]:
                raise Quit
            if line.split() == ["help"]:
                self.say(MISTER_X_HELP)
                continue
            if line.split() == ["moves"]:
                self.say(your_moves)
                continue
            move = _mister_x_move(line)
            if isinstance(move, Text) and line.isalpha():
                self.say(unknown_word(line, MISTER_X_COMMANDS))  # a word, not a move: "hepl"
            elif isinstance(move, Text):
                self.say(move)
            elif not self.game.is_legal(move):
                self.say(p_("terminal", "{move} is not one of your moves ('moves' lists them).", move=move.notation))
            else:
                return move

    # ----------------------------------------------------------- detectives

    def detectives_turn(self) -> None:
        game = self.game
        round_number = game.round
        for name in game.sitting_out():
            self.say(p_("terminal", "{piece} cannot move and sits out.", piece=display_name(name)))
        if self.human is Side.MISTER_X:
            plan = self._computer_plan()
            while not game.is_over and game.turn is Side.DETECTIVES and game.round == round_number:
                planned = plan.pop(0) if plan else None
                move = planned if planned is not None and game.is_legal(planned) else greedy_detective(
                    game.board, game.public_view(), game.single_moves())  # type: ignore[arg-type]
                game.play(move)
                self.record(events.moved(move))
                self.say(_moved(move))
            return
        self.say(self.board_text(game.public_view()))
        while not game.is_over and game.turn is Side.DETECTIVES and game.round == round_number:
            self.say(p_("terminal", "To move: {pieces}", pieces=_listed(display_name(piece) for piece in game.to_move())))
            self.command(self.ask(p_("terminal", "Detectives> ")))

    def _computer_plan(self) -> list[DetectiveMove]:
        """The computer detectives' moves for this round, from the public view (none with the greedy baseline)."""
        if self.level is None:
            return []
        game = self.game
        return choose_detective_moves(game.public_view(), game.board, self.level.value, self.terminal.seed + len(game.actions))

    def command(self, line: str) -> None:
        game = self.game
        words = line.split()
        if not words:
            return
        if words[0] == "quit":
            raise Quit
        if words[0] == "help":
            self.say(HELP)
        elif words[0] == "where":
            stations = game.public_view().possible_stations
            self.say(np_("terminal", "Mister X can be at {n} station: {stations}", "Mister X can be at {n} stations: {stations}",
                         len(stations), stations=" ".join(map(str, stations))))
        elif words[0] == "undo":
            try:
                move = game.undo()
                self.record(events.UNDO)
                self.say(p_("terminal", "Took back {piece}'s move: {ticket} to {station}.", piece=display_name(move.piece),
                            ticket=ticket_words(move.ticket), station=move.station))
            except IllegalMoveError as error:
                self.say(p_("terminal", "No: {reason}", reason=player_words(error)))
        elif words == ["moves"]:
            for name in game.to_move():
                self._list_moves(name)
        elif words[0] == "moves":
            piece, rest = self._piece(words[1:])
            if piece is None or rest:
                self.say(self._no_piece(words[1]))
                return
            self._list_moves(piece)
        else:
            self.detective_move(words)

    def _list_moves(self, piece: str) -> None:
        moves = self.game.moves_of(piece)
        self.say(_listed(map(_notation, moves)) if moves else p_("terminal", "{piece} has no move now.", piece=display_name(piece)))

    def _piece(self, words: Sequence[str]) -> tuple[str | None, list[str]]:
        """The piece *words* begin with (its name may be two words: ``bobby 1``, ``보비 1``), and the words after it."""
        for length in (2, 1):
            piece = self._pieces.get("".join(words[:length])) if len(words) >= length else None
            if piece is not None:
                return piece, list(words[length:])
        return None, list(words)

    def _no_piece(self, word: str) -> Text:
        return p_("terminal", "No piece is called {word}: the pieces are {pieces}.", word=repr(word),
                  pieces=_listed(display_name(piece) for piece in self.game.detectives))

    def _not_a_move(self, words: list[str], piece: str, rest: list[str]) -> Text | None:
        """What is wrong with *words* as *piece*'s move in words (``PIECE STATION [TICKET]``); None if nothing."""
        if len(rest) not in (1, 2):
            return p_("terminal", "Not understood: {line}. Type \"help\" for commands.", line=repr(" ".join(words)))
        if not is_station_number(rest[0]):
            return _not_a_station(rest[0])
        if len(rest) == 2 and _typed_tickets().get(rest[1]) not in _DETECTIVE_TICKETS:
            return p_("terminal", "Not understood: {word} is not a detective's ticket ({tickets}).", word=repr(rest[1]),
                      tickets=_listed(TICKET_NAMES[ticket] for ticket in _DETECTIVE_TICKETS))
        return None

    def detective_move(self, words: list[str]) -> None:
        game = self.game
        piece, rest = self._piece(words)
        try:  # the move notation, after a piece's name in any language: "red T46", "빨강 T46"
            move: DetectiveMove | MisterXMove | DoubleMove | Text | None = parse_move(" ".join([piece, *rest] if piece else words))
        except NotationError:
            move = None
        if (isinstance(move, DetectiveMove) and move.piece not in game.detectives) or (move is None and piece is None):
            self.say(unknown_word(words[0], COMMANDS, self._pieces))  # neither a piece nor a command: "hepl", "rde T46"
            return
        if move is None:
            assert piece is not None
            problem = self._not_a_move(words, piece, rest)
            if problem is not None:
                self.say(problem)
                return
            station = int(rest[0])
            move = DetectiveMove(piece, station, _typed_tickets()[rest[1]]) if len(rest) == 2 else self._move_to(piece, station)
        if isinstance(move, Text):
            self.say(move)
            return
        if not isinstance(move, DetectiveMove):
            self.say(p_("terminal", "That is Mister X's move: the detectives move with a piece's name, e.g. \"red T46\"."))
            return
        try:
            game.play(move)
        except IllegalMoveError as error:
            self.say(p_("terminal", "No: {reason}", reason=player_words(error)))
            return
        self.record(events.moved(move))
        self.say(_moved(move))
        if game.outcome is None and game.turn is Side.MISTER_X:
            self.say(p_("terminal", "Round {round} is over.", round=game.round - 1))

    def _move_to(self, piece: str, station: int) -> DetectiveMove | Text:
        """*piece*'s move to *station* typed without a ticket: by the one ticket it may take there (several: which?), else
        by the one whose line goes there (the engine says why not); else why it cannot go there, in each line's words."""
        game = self.game
        options = [move for move in game.moves_of(piece) if move.station == station]
        if len(options) == 1:
            return options[0]
        if options:
            return p_("terminal", "Which ticket to {station}? {moves}", station=station,
                      moves=join(p_("terminal", " or "), map(_notation, options)))
        origin = game.station_of(piece)
        lines = [DetectiveMove(piece, station, ticket) for ticket in _DETECTIVE_TICKETS
                 if ticket.transport in game.ruleset.transports and game.board.neighbours(origin, ticket.transport) >> station & 1]
        if len(lines) == 1:
            return lines[0]
        reasons: list[Text] = []
        for move in lines or [DetectiveMove(piece, station, Ticket.TAXI)]:
            try:
                game.play(move)  # refused: no move of *piece* goes to *station* now
            except IllegalMoveError as error:
                if error.refusal is Refusal.NO_LINE_OF:  # no line of any kind: not the one tried
                    error = IllegalMoveError(Refusal.NO_LINE, rule=3, origin=origin, station=station)
                reason = player_words(error)
                if str(reason) not in map(str, reasons):
                    reasons.append(reason)
        return p_("terminal", "No: {reason}", reason=join(p_("terminal", "; "), reasons))

    # ---------------------------------------------------------------- text

    def board_text(self, view: PublicView) -> Text:
        """The public state of the game, as the detectives may see it."""
        ruleset = view.ruleset
        if ruleset.length_unit is Length.MOVES:
            lines: list[Words] = [p_("terminal", "--- Round {round}: move {move} of {length} ---", round=view.round,
                                     move=view.moves_made, length=ruleset.length)]
        else:
            lines = [p_("terminal", "--- Round {round} of {length} ---", round=view.round, length=ruleset.length)]
        log = join(plain(" "), [join(plain(""), [f"{e.move}:", TICKET_NAMES[e.ticket], "" if e.station is None else f"@{e.station}",
                                                 "*" if e.reveal else ""]) for e in view.log])
        lines.append(p_("terminal", "Mister X's travel log: {log}   (* = reveal move)", log=log or p_("terminal", "(empty)")))
        lines.append(p_("terminal", "He is seen after moves {moves}.", moves=", ".join(map(str, sorted(ruleset.reveal_moves)))))
        lines.append(p_("terminal", "Mister X holds: {tickets}", tickets=_ticket_counts(view.mister_x_tickets)))
        for piece in view.pieces:
            tickets = p_("terminal", "a bobby: no tickets") if piece.bobby else _ticket_counts(piece.tickets)
            lines.append(p_("terminal", "  {piece:8} at {station:3}  {tickets}", piece=display_name(piece.name),
                            station=piece.station, tickets=tickets))
        if view.supply is not None:
            lines.append(p_("terminal", "General supply: {tickets}", tickets=_ticket_counts(view.supply)))
        lines.append(np_("terminal", "Mister X may be at {n} station ('where' lists them).",
                         "Mister X may be at {n} stations ('where' lists them).", len(view.possible_stations)))
        if view.next_move_is_reveal and view.turn is Side.MISTER_X:
            lines.append(p_("terminal", "Mister X's next move is a reveal move."))
        return join(plain("\n"), lines)

    def summary(self, view: PublicView) -> Text:
        """The outcome, and Mister X's whole route from his start station (public now that the game is over)."""
        assert view.outcome is not None
        stations = [str(entry.station) for entry in view.log]
        start = self.game.start
        if start.log:  # dealt from a position already under way: his start is not known, his route from there is
            route: Words = " -> ".join(stations)
        elif stations:
            route = join(plain(" -> "), [p_("terminal", "{station} (start)", station=start.mister_x), *stations])
        else:
            route = p_("terminal", "he never left {station}", station=start.mister_x)
        return join(plain("\n"), [p_("terminal", "Game over: {outcome}.", outcome=outcome_words(view.outcome, view.ruleset)),
                                  p_("terminal", "Mister X's route: {route}", route=route)])


def _notation(move: DetectiveMove) -> Text:
    """A detective's move as it may be typed, the piece by its name: Red T46, 빨강 T46."""
    return join(plain(" "), [display_name(move.piece), leg_notation(move.station, move.ticket)])


def _moved(move: DetectiveMove) -> Text:
    return p_("terminal", "{piece} takes {ticket} to {station}.", piece=display_name(move.piece), ticket=ticket_words(move.ticket),
              station=move.station)


def _mister_x_move(line: str) -> MisterXMove | DoubleMove | Text:
    """His move in the notation ("T45", "T45+X46") or in words ("45 taxi", "double 45 taxi 46 black", in any language the
    console speaks); else what is wrong."""
    try:
        move = parse_move(line)
        if isinstance(move, (MisterXMove, DoubleMove)):
            return move
    except NotationError:
        pass
    words = line.split()
    if words[:1] and words[0] in _spellings(TICKET_NAMES[Ticket.DOUBLE]) and len(words) == 5:
        first, second = _leg_in_words(words[1:3]), _leg_in_words(words[3:5])
        if isinstance(first, Text):
            return first
        return second if isinstance(second, Text) else DoubleMove(first, second)
    if len(words) == 2:
        return _leg_in_words(words)
    return p_("terminal", 'Not understood: {line}. Type a move as "T45" or "45 taxi", a double move as "T45+X46" ("help" for more).',
              line=repr(line))


def _leg_in_words(words: list[str]) -> MisterXMove | Text:
    """``STATION TICKET`` as one of his legs, or which word is wrong."""
    station, ticket = words
    if not is_station_number(station):
        return _not_a_station(station)
    if _typed_tickets().get(ticket) not in _MISTER_X_TICKETS:
        return p_("terminal", "Not understood: {word} is not a ticket ({tickets}).", word=repr(ticket),
                  tickets=_listed(TICKET_NAMES[ticket] for ticket in _MISTER_X_TICKETS))
    return MisterXMove(int(station), _typed_tickets()[ticket])
