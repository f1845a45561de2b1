"""A whole game of Scotland Yard in the terminal: people play the detectives
against a computer Mister X (or Mister X against computer detectives).

It is the console's flow in its simplest form, before the lit board and the
simulator exist: every rule decision comes from the engine, and the detectives
are shown the public view only. What every kind's terminal game does alike
(reading a line, journaling an action) is ``console.games.text``.
"""

from __future__ import annotations

from console.games.classic import journal as events
from console.games.text import Quit, Terminal, TextTable, counted, is_station_number, not_a
from console.games.words import display_name, outcome_words, player_words
from console.settings import Level
from engine import DetectiveMove, DoubleMove, Game, IllegalMoveError, MisterXMove, Side, Ticket
from engine.ai.baselines import greedy_detective, greedy_mister_x
from engine.ai.players import choose_detective_moves, choose_mister_x_move
from engine.moves import NotationError, parse_move
from engine.views import MisterXView, PublicView

HELP = """Commands:
  PIECE LEG                move a detective or bobby in the move notation, e.g. "red T46"
                           (a leg is a ticket's letter and a station: T taxi, B bus, U underground)
  PIECE STATION [TICKET]   the same in words, e.g. "red 46" or "red 46 bus"
  moves PIECE              list a piece's legal moves
  where                    stations Mister X may be at (the deduction assist)
  undo                     take back the last detective move of this round
  help                     this text
  quit                     leave the game"""

MISTER_X_HELP = """Commands:
  LEG                      your move in the notation: a ticket's letter and a station, e.g. "T45"
                           (T taxi, B bus, U underground, X black)
  STATION TICKET           the same in words, e.g. "45 taxi" or "45 black"
  LEG+LEG                  a double move, e.g. "T45+X46" (or "double 45 taxi 46 black")
  moves                    list your moves
  help                     this text
  quit                     leave the game"""

_TICKET_WORDS = {"t": Ticket.TAXI, "taxi": Ticket.TAXI, "b": Ticket.BUS, "bus": Ticket.BUS,
                 "u": Ticket.UNDERGROUND, "underground": Ticket.UNDERGROUND, "x": Ticket.BLACK, "black": Ticket.BLACK}
_DETECTIVE_TICKETS = ("taxi", "bus", "underground")
_MISTER_X_TICKETS = (*_DETECTIVE_TICKETS, "black")
_STATIONS = ("1 to 199",)


class TextGame(TextTable):
    """Reads commands from the terminal and writes the game to it; the computer plays the other side."""

    def __init__(self, game: Game, human: Side, terminal: Terminal, level: Level | None = None) -> None:
        """*level*: how well the computer plays (``engine.ai.players``); None: the quick greedy baselines."""
        super().__init__(terminal)
        self.game = game
        self.human = human
        self.level = level

    def run(self) -> None:
        game = self.game
        self.say(f"Scotland Yard, {game.ruleset.name} edition: {game.ruleset.description}")
        self.say(f"You play {self.human}. Type 'help' for commands.")
        try:
            while not game.is_over:
                if game.turn is Side.MISTER_X:
                    self.mister_x_turn()
                else:
                    self.detectives_turn()
        except Quit:
            self.say("Game left.")
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
            where = f" and is SEEN at {entry.station}" if entry.station is not None else ""
            self.say(f"Mister X, move {entry.move}: {entry.ticket} ticket{where}.")

    def _computer_mister_x(self, view: MisterXView) -> MisterXMove | DoubleMove:
        if self.level is None:
            return greedy_mister_x(self.game.board, view)
        return choose_mister_x_move(view, self.game.board, self.level.value, self.terminal.seed + self.game.moves_made)

    def ask_mister_x(self, view: MisterXView) -> MisterXMove | DoubleMove:
        self.say(self.board_text(view.public))
        self.say(f"Mister X, you are at {view.station}. Your tickets: {view.public.mister_x_tickets}.")
        if view.public.next_move_is_reveal:
            self.say("Careful: your next move is SEEN.")
        self.say("Your moves: " + ", ".join(m.notation for m in view.moves))
        while True:
            line = self.ask("Mister X> ")
            if line.split() == ["quit"]:
                raise Quit
            if line.split() == ["help"]:
                self.say(MISTER_X_HELP)
                continue
            if line.split() == ["moves"]:
                self.say("Your moves: " + ", ".join(m.notation for m in view.moves))
                continue
            move = _mister_x_move(line)
            if isinstance(move, str):
                self.say(move)
            elif not self.game.is_legal(move):
                self.say(f"{move.notation} is not one of your moves ('moves' lists them).")
            else:
                return move

    # ----------------------------------------------------------- detectives

    def detectives_turn(self) -> None:
        game = self.game
        round_number = game.round
        for name in game.sitting_out():
            self.say(f"{name} cannot move and sits out.")
        if self.human is Side.MISTER_X:
            plan = self._computer_plan()
            while not game.is_over and game.turn is Side.DETECTIVES and game.round == round_number:
                planned = plan.pop(0) if plan else None
                move = planned if planned is not None and game.is_legal(planned) else greedy_detective(
                    game.board, game.public_view(), game.legal_moves())  # type: ignore[arg-type]
                game.play(move)
                self.record(events.moved(move))
                self.say(f"{display_name(move.piece)} takes the {move.ticket} to {move.station}.")
            return
        self.say(self.board_text(game.public_view()))
        while not game.is_over and game.turn is Side.DETECTIVES and game.round == round_number:
            self.say("To move: " + ", ".join(game.to_move()))
            self.command(self.ask("Detectives> "))

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
            self.say(f"Mister X can be at {counted(len(stations), 'station')}: {' '.join(map(str, stations))}")
        elif words[0] == "undo":
            try:
                move = game.undo()
                self.record(events.UNDO)
                self.say(f"Took back: {move}.")
            except IllegalMoveError as error:
                self.say(f"No: {player_words(error)}")
        elif words[0] == "moves" and len(words) == 2:
            if words[1] not in game.detectives:
                self.say(f"No piece is called {words[1]!r}: the pieces are {', '.join(game.detectives)}.")
                return
            moves = game.moves_of(words[1])
            self.say(", ".join(m.notation for m in moves) or f"{words[1]} has no move now.")
        else:
            self.detective_move(words)

    def _not_a_move(self, words: list[str]) -> str:
        """What is wrong with *words* as a detective's move in words (``PIECE STATION [TICKET]``); empty if nothing."""
        if len(words) not in (2, 3):
            return f"Not understood: {' '.join(words)!r}. Type \"help\" for commands."
        if words[0] not in self.game.detectives:
            return f"No piece is called {words[0]!r}: the pieces are {', '.join(self.game.detectives)}."
        if not is_station_number(words[1]):
            return not_a(words[1], "a station", _STATIONS)
        if len(words) == 3 and words[2] not in _DETECTIVE_TICKETS and words[2] not in ("t", "b", "u"):
            return not_a(words[2], "a detective's ticket", _DETECTIVE_TICKETS)
        return ""

    def detective_move(self, words: list[str]) -> None:
        game = self.game
        try:
            move: DetectiveMove | MisterXMove | DoubleMove | None = parse_move(" ".join(words))
        except NotationError:
            move = None
        if move is None:
            problem = self._not_a_move(words)
            if problem:
                self.say(problem)
                return
            piece, station = words[0], int(words[1])
            options = [m for m in game.moves_of(piece) if m.station == station]
            if len(words) == 3:
                move = DetectiveMove(piece, station, _TICKET_WORDS[words[2]])
            elif len(options) == 1:
                move = options[0]
            elif options:
                self.say(f"Which ticket to {station}? " + " or ".join(m.notation for m in options))
                return
            else:
                move = DetectiveMove(piece, station, Ticket.TAXI)  # let the engine say why not
        if not isinstance(move, DetectiveMove):
            self.say("That is Mister X's move: the detectives move with a piece's name, e.g. \"red T46\".")
            return
        try:
            game.play(move)
        except IllegalMoveError as error:
            self.say(f"No: {player_words(error)}")
            return
        self.record(events.moved(move))
        self.say(f"{display_name(move.piece)} takes the {move.ticket} to {move.station}.")
        if game.outcome is None and game.turn is Side.MISTER_X:
            self.say(f"Round {game.round - 1} is over.")

    # ---------------------------------------------------------------- text

    def board_text(self, view: PublicView) -> str:
        """The public state of the game, as the detectives may see it."""
        lines = [f"--- Round {view.round} of {view.ruleset.length} {view.ruleset.length_unit.value} ---"]
        log = " ".join(
            f"{e.move}:{e.ticket}" + (f"@{e.station}" if e.station is not None else "") + ("*" if e.reveal else "")
            for e in view.log
        )
        lines.append(f"Mister X's travel log: {log or '(empty)'}   (* = reveal move)")
        reveals = ", ".join(str(n) for n in sorted(view.ruleset.reveal_moves))
        lines.append(f"He is seen after moves {reveals}.")
        lines.append(f"Mister X holds: {view.mister_x_tickets}")
        for piece in view.pieces:
            tickets = "bobby, no tickets" if piece.bobby else str(piece.tickets)
            lines.append(f"  {piece.name:8} at {piece.station:3}  {tickets}")
        if view.supply is not None:
            lines.append(f"General supply: {view.supply}")
        lines.append(f"Mister X may be at {counted(len(view.possible_stations), 'station')} ('where' lists them).")
        if view.next_move_is_reveal and view.turn is Side.MISTER_X:
            lines.append("Mister X's next move is a reveal move.")
        return "\n".join(lines)

    def summary(self, view: PublicView) -> str:
        assert view.outcome is not None
        route = " -> ".join(str(e.station) for e in view.log)
        return f"Game over: {outcome_words(view.outcome, view.ruleset)}.\nMister X's route: {route or 'he never moved'}"


def _mister_x_move(line: str) -> MisterXMove | DoubleMove | str:
    """His move in the notation ("T45", "T45+X46") or in words ("45 taxi", "double 45 taxi 46 black"); else what is wrong."""
    try:
        move = parse_move(line)
        if isinstance(move, (MisterXMove, DoubleMove)):
            return move
    except NotationError:
        pass
    words = line.split()
    if words[:1] == ["double"] and len(words) == 5:
        first, second = _leg_in_words(words[1:3]), _leg_in_words(words[3:5])
        if isinstance(first, str):
            return first
        return second if isinstance(second, str) else DoubleMove(first, second)
    if len(words) == 2:
        return _leg_in_words(words)
    return f'Not understood: {line!r}. Type a move as "T45" or "45 taxi", a double move as "T45+X46" ("help" for more).'


def _leg_in_words(words: list[str]) -> MisterXMove | str:
    """``STATION TICKET`` as one of his legs, or which word is wrong."""
    station, ticket = words
    if not is_station_number(station):
        return not_a(station, "a station", _STATIONS)
    if ticket not in _TICKET_WORDS:
        return not_a(ticket, "a ticket", _MISTER_X_TICKETS)
    return MisterXMove(int(station), _TICKET_WORDS[ticket])
