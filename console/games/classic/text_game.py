"""A whole game of Scotland Yard in the terminal: people play the detectives
against a computer Mister X (or Mister X against computer detectives).

It is the console's flow in its simplest form, before the lit board and the
simulator exist: every rule decision comes from the engine, and the detectives
are shown the public view only. Every line typed gets a one-line answer and the
prompt back (full-width letters and digits are read as their plain forms); each
accepted action goes to the recorder (the console's journal) before it is
shown, so a closed terminal loses nothing (``console.terminal`` resumes it).
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Callable
from typing import TextIO

from console.games.classic import journal as events
from console.recorder import Event, NoRecord, Recorder
from engine import DetectiveMove, DoubleMove, Game, IllegalMoveError, MisterXMove, Side, Ticket
from engine.ai.baselines import greedy_detective, greedy_mister_x
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

_TICKET_WORDS = {"t": Ticket.TAXI, "taxi": Ticket.TAXI, "b": Ticket.BUS, "bus": Ticket.BUS,
                 "u": Ticket.UNDERGROUND, "underground": Ticket.UNDERGROUND, "x": Ticket.BLACK, "black": Ticket.BLACK}


class Quit(Exception):
    """The player asked to leave."""


class TextGame:
    """Reads commands from *read* and writes the game to *out*."""

    def __init__(self, game: Game, human: Side, out: TextIO, read: Callable[[str], str], seed: int = 0,
                 recorder: Recorder | None = None, saving_problem: Callable[[], str] = str) -> None:
        """*recorder* keeps each accepted action (the journal); *saving_problem* says why it is not saved, if it is not."""
        self.game = game
        self.human = human
        self.out = out
        self.read = read
        self.rng = random.Random(seed)
        self.recorder: Recorder = recorder or NoRecord()
        self.saving_problem = saving_problem
        self._unsaved = ""

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def ask(self, prompt: str) -> str:
        """A typed line as the commands read it: full-width and other compatibility forms made plain, lower case."""
        return unicodedata.normalize("NFKC", self.read(prompt)).casefold().strip()

    def record(self, event: Event) -> None:
        """Keep an accepted action; say so once when the disk stops (or starts again) taking them."""
        self.recorder.record(event)
        problem = self.saving_problem()
        if problem != self._unsaved:
            self.say(problem or "Saved again: every move is on disk.")
            self._unsaved = problem

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
        move = self.ask_mister_x(view) if self.human is Side.MISTER_X else greedy_mister_x(self.game.board, view)
        self.game.play(move)
        self.record(events.moved(move))
        public = self.game.public_view()
        shown = public.log[-2:] if isinstance(move, DoubleMove) else public.log[-1:]
        for entry in shown:
            where = f" and is SEEN at {entry.station}" if entry.station is not None else ""
            self.say(f"Mister X, move {entry.move}: {entry.ticket} ticket{where}.")

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
            move = self._mister_x_move(line)
            if move is None:
                self.say('Type a move as "T45" (taxi to 45; B bus, U underground, X black) or a double move as "T45+X46".')
            elif not self.game.is_legal(move):
                self.say("That is not one of your moves.")
            else:
                return move

    @staticmethod
    def _mister_x_move(line: str) -> MisterXMove | DoubleMove | None:
        """His move in the notation ("T45", "T45+X46"), or in words ("45 taxi", "double 45 taxi 46 black"); None if neither."""
        try:
            move = parse_move(line)
            return move if isinstance(move, (MisterXMove, DoubleMove)) else None
        except NotationError:
            pass
        words = line.lower().split()
        try:
            if len(words) == 5 and words[0] == "double":
                return DoubleMove(MisterXMove(int(words[1]), _TICKET_WORDS[words[2]]), MisterXMove(int(words[3]), _TICKET_WORDS[words[4]]))
            if len(words) == 2:
                return MisterXMove(int(words[0]), _TICKET_WORDS[words[1]])
        except (ValueError, KeyError):
            pass
        return None

    # ----------------------------------------------------------- detectives

    def detectives_turn(self) -> None:
        game = self.game
        round_number = game.round
        for name in game.sitting_out():
            self.say(f"{name} cannot move and sits out.")
        if self.human is Side.MISTER_X:
            while not game.is_over and game.turn is Side.DETECTIVES and game.round == round_number:
                move = greedy_detective(game.board, game.public_view(), game.legal_moves())  # type: ignore[arg-type]
                game.play(move)
                self.record(events.moved(move))
                self.say(f"{move.piece} takes the {move.ticket} to {move.station}.")
            return
        self.say(self.board_text(game.public_view()))
        while not game.is_over and game.turn is Side.DETECTIVES and game.round == round_number:
            self.say("To move: " + ", ".join(game.to_move()))
            self.command(self.ask("Detectives> "))

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
            self.say(f"Mister X can be at {len(stations)} stations: {' '.join(map(str, stations))}")
        elif words[0] == "undo":
            try:
                move = game.undo()
                self.record(events.UNDO)
                self.say(f"Took back: {move}.")
            except IllegalMoveError as error:
                self.say(f"No: {error}")
        elif words[0] == "moves" and len(words) == 2:
            if words[1] not in game.detectives:
                self.say(f"No piece is called {words[1]!r}: the pieces are {', '.join(game.detectives)}.")
                return
            moves = game.moves_of(words[1])
            self.say(", ".join(m.notation for m in moves) or f"{words[1]} has no move now.")
        else:
            self.detective_move(words)

    def detective_move(self, words: list[str]) -> None:
        game = self.game
        try:
            move: DetectiveMove | MisterXMove | DoubleMove | None = parse_move(" ".join(words))
        except NotationError:
            move = None
        if move is None:
            if len(words) not in (2, 3) or not _is_number(words[1]) or (len(words) == 3 and words[2] not in _TICKET_WORDS):
                self.say('Not understood. Type "help" for commands.')
                return
            piece, station = words[0], int(words[1])
            options = [m for m in game.moves_of(piece) if m.station == station] if piece in game.detectives else []
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
            self.say(f"No: {error}")
            return
        self.record(events.moved(move))
        self.say(f"{move.piece} takes the {move.ticket} to {move.station}.")
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
        lines.append(f"Mister X may be at {len(view.possible_stations)} stations ('where' lists them).")
        if view.next_move_is_reveal and view.turn is Side.MISTER_X:
            lines.append("Mister X's next move is a reveal move.")
        return "\n".join(lines)

    def summary(self, view: PublicView) -> str:
        assert view.outcome is not None
        route = " -> ".join(str(e.station) for e in view.log)
        return f"Game over: {view.outcome}.\nMister X's route: {route or 'he never moved'}"


def _is_number(word: str) -> bool:
    """A station number as typed: ASCII digits only (``int`` would take other scripts' digits, ``isdigit`` superscripts)."""
    return word.isascii() and word.isdigit()
