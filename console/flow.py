"""The game's flow on the board: one state machine, fed one event at a time.

Station presses, control keys and handheld messages come in as events; the
engine decides every rule; the flow keeps what the board and screen should
show (a ``Ui``) and records each accepted move before it returns, so the
lights never show a move that a power cut could lose.

>>> from engine import Game
>>> from console.computer import ComputerSeat
>>> flow = Flow(Game.new("beginner", players=3, seed=1), ComputerSeat(), now=0.0)
>>> flow.ui.mode, [name for name, _ in flow.ui.to_place]
(<Mode.DEAL: 'deal'>, ['red', 'blue', 'bobby1', 'bobby2'])
"""

from __future__ import annotations

import logging
from collections import defaultdict
from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

from console.computer import ComputerDetectives
from console.correction import Correction
from console.lights import Palette, board_frame
from console.mister_x import MisterXSeat
from console.model import Flash, Mode, Ui, still_to_place
from engine import DetectiveMove, DoubleMove, Game, IllegalMoveError, IllegalPositionError, Move, Position, Side, Station, Ticket
from engine.junior import JuniorGame, Step
from engine.views import PublicView
from hardware.interfaces import Colour, Key, Message

if TYPE_CHECKING:
    from console.app import Presenter

log = logging.getLogger(__name__)
"""Public events at INFO; Mister X's true moves only at DEBUG, which a played game never runs at."""

REFUSED_SECONDS = 0.8
_DEAL_MESSAGE = "Place each piece on its lit station and press it"
_CORRECT_MESSAGE = "CONFIRM: apply the correction   UNDO: cancel it"
REVEAL_SECONDS = 6.0


class Recorder(Protocol):
    """Where accepted actions go before anything shows them (the journal)."""

    def moved(self, move: Move) -> None: ...

    def undone(self) -> None: ...

    def corrected(self, position: Position) -> None: ...

    def ended(self, game: Game) -> None: ...


class NoRecord:
    """A recorder that keeps nothing (tests, demonstrations), for either kind of game."""

    def moved(self, move: Move) -> None:
        pass

    def stepped(self, step: Step) -> None:
        pass

    def undone(self) -> None:
        pass

    def corrected(self, position: Position) -> None:
        pass

    def ended(self, game: Game | JuniorGame) -> None:
        pass


class Flow:
    """The console's state machine for one game."""

    def __init__(self, game: Game, seat: MisterXSeat, now: float, recorder: Recorder | None = None, *, deal: bool = True,
                 assist: bool = False, detectives: ComputerDetectives | None = None) -> None:
        self.game = game
        self.seat = seat
        self.detectives = detectives
        """The computer playing the detectives and bobbies (None: people do)."""
        self._plan: list[DetectiveMove] = []
        """The computer detectives' moves still to be made this round, first first."""
        self.recorder = recorder or NoRecord()
        self._paused_from: Mode | None = None
        self._correction: Correction | None = None
        self.finished = False
        """The game is over and the players have pressed a key to leave it."""
        self.ui = Ui(Mode.DEAL, assist=assist)
        seat.opened(game)
        if deal and not game.actions and game.round == 1 and game.turn is Side.MISTER_X:
            pieces = game.public_view().pieces
            self.ui = replace(self.ui, to_place=tuple((p.name, p.station) for p in pieces), message=_DEAL_MESSAGE)
        else:
            self._continue(now)

    # ------------------------------------------------------------ events

    def station_pressed(self, station: Station, now: float) -> None:
        mode = self.ui.mode
        if mode is Mode.DEAL:
            self._placed(station, now)
        elif mode in (Mode.DETECTIVES, Mode.CHOOSE_TICKET):
            self._detective_press(station, now)
        elif mode is Mode.CORRECT:
            assert self._correction is not None
            why = self._correction.press(station)
            if why:
                self._refuse(station, why, now)
            else:
                self._show_correction()
        elif mode is Mode.MISTER_X:
            self._refuse(station, "Mister X is moving: wait for him", now)
        elif mode is Mode.PAUSED:
            self._refuse(station, self.seat.away_reason(), now)

    def key_pressed(self, key: Key, now: float) -> None:
        mode = self.ui.mode
        if mode is Mode.GAME_OVER:
            self.finished = True  # any key: the players have seen the end
        elif mode is Mode.CORRECT:
            self._correction_key(key, now)
        elif key is Key.UNDO and mode in (Mode.DETECTIVES, Mode.CHOOSE_TICKET, Mode.MISTER_X):
            self._undo(now)
        elif mode is Mode.CHOOSE_TICKET and key in _CHOICES:
            index = _CHOICES.index(key)
            if index < len(self.ui.ticket_choices):
                assert self.ui.selected is not None and self.ui.chosen is not None
                self._play(DetectiveMove(self.ui.selected, self.ui.chosen, self.ui.ticket_choices[index]), now)

    def handheld_message(self, message: Message, now: float) -> None:
        if self.ui.mode is not Mode.MISTER_X:
            return
        move = self.seat.on_message(message, self.game)
        if move is not None:
            self._mister_x_moves(move, now)

    def handheld_connected(self, connected: bool, now: float) -> None:
        """The handheld went away (pause) or came back (carry on where we were)."""
        if not self.seat.uses_handheld:
            return
        if not connected and self.ui.mode not in (Mode.PAUSED, Mode.GAME_OVER):
            self._paused_from = self.ui.mode
            self.ui = replace(self.ui, mode=Mode.PAUSED, message=self.seat.away_reason())
        elif connected and self.ui.mode is Mode.PAUSED:
            mode, self._paused_from = self._paused_from or Mode.DETECTIVES, None
            if mode is Mode.DEAL:
                self.ui = replace(self.ui, mode=mode, message=_DEAL_MESSAGE)
            elif mode is Mode.CORRECT:
                self._show_correction()
            else:
                self._continue(now)  # Mister X is asked again: a request may have been lost on the way

    def tick(self, now: float) -> None:
        """Every frame: a computer player's move, once it has thought; why the game waits, while paused."""
        if self.ui.mode is Mode.PAUSED and not self.ui.message.startswith("No: "):
            reason = self.seat.away_reason()
            if reason != self.ui.message:
                self.ui = replace(self.ui, message=reason)  # e.g. a handheld of another game was plugged in
        elif self.ui.mode is Mode.MISTER_X:
            move = self.seat.poll(self.game, now)
            if move is not None:
                self._mister_x_moves(move, now)
        elif self.ui.mode is Mode.DETECTIVES and self.detectives is not None and not self._plan:
            plan = self.detectives.poll(self.game, now)
            if plan is not None:
                self._plan = list(plan)
                self._show_plan(now)

    def present(self, presenter: Presenter, now: float) -> None:
        presenter.show(self.view(), self.ui, now)

    def lights(self, now: float, palette: Palette) -> dict[Station, Colour]:
        """The board's lights now (also shown behind the game menu)."""
        return board_frame(self.view(), self.ui, now, palette)

    def view(self) -> PublicView:
        """What the board and screen show: the game's public view, or the correction's draft of it."""
        view = self.game.public_view()
        return self._correction.view(view) if self._correction is not None else view

    @property
    def over(self) -> bool:
        """The game is over (its end is showing)."""
        return self.ui.mode is Mode.GAME_OVER

    def set_assist(self, on: bool) -> None:
        self.ui = replace(self.ui, assist=on)

    def leave(self) -> None:
        """The players leave the game (it stays journaled): Mister X's pending request is withdrawn."""
        if self.ui.mode is Mode.MISTER_X or self._paused_from is Mode.MISTER_X:
            self.seat.cancel_turn()
        if self.detectives is not None:
            self.detectives.cancel()

    def button_stuck(self, station: Station, now: float) -> None:
        self.ui = replace(self.ui, message=f"The button at station {station} is stuck: it is ignored until released")

    # ------------------------------------------------------------ the deal

    def _placed(self, station: Station, now: float) -> None:
        waiting = still_to_place(self.ui.to_place, station)
        if waiting is None:
            self._refuse(station, f"No piece starts at {station}: place the pieces on the lit stations", now)
            return
        self.ui = replace(self.ui, to_place=waiting)
        if not waiting:
            self._continue(now)

    # ------------------------------------------------------- Mister X

    def _continue(self, now: float) -> None:
        """Go on with whoever is to move now."""
        game = self.game
        if game.is_over:
            self._over(now)
        elif game.turn is Side.MISTER_X:
            self.ui = replace(self.ui, mode=Mode.MISTER_X, selected=None, destinations={}, chosen=None, ticket_choices=(),
                              reveal_next=self._reveal_next(), message="Mister X is moving")
            self.seat.begin_turn(game)
        else:
            self._detectives_turn(now)

    def _reveal_next(self) -> bool:
        """His next move, or the second leg should he double, is a reveal move (the notifier)."""
        made, reveals = self.game.moves_made, self.game.ruleset.reveal_moves
        return made + 1 in reveals or (self.game.can_double and made + 2 in reveals)

    def _mister_x_moves(self, move: Move, now: float) -> None:
        try:
            self.game.play(move)
        except IllegalMoveError as error:
            self.seat.refused(str(error), self.game)
            return
        self.recorder.moved(move)
        self.seat.accepted(self.game)
        shown = self.game.public_view().log[-(2 if isinstance(move, DoubleMove) else 1):]
        for entry in shown:
            log.info("Mister X move %d: %s%s", entry.move, entry.ticket, f", seen at {entry.station}" if entry.reveal else "")
        log.debug("Mister X (secret): %s", move)
        revealed = [entry.station for entry in shown if entry.reveal and entry.station is not None]
        if revealed:
            self.ui = replace(self.ui, reveal=Flash(revealed[-1], now, REVEAL_SECONDS))
        tickets = " and ".join(str(entry.ticket) for entry in shown)
        self._continue(now)
        if not self.game.is_over:
            seen = f"; he was seen at {revealed[-1]}" if revealed else ""
            self.ui = replace(self.ui, message=f"Mister X took {tickets}{seen}. " + self.ui.message)

    # ------------------------------------------------------ detectives

    def _detectives_turn(self, now: float, message: str = "") -> None:
        out = self.game.sitting_out()
        notes = [message] if message else []
        if out:
            notes.append(f"{', '.join(out)} cannot move and {'sits' if len(out) == 1 else 'sit'} out")
        if self.detectives is not None:
            self._plan = []
            self.detectives.begin_round(self.game)
            notes.append("The computer detectives are thinking")
        else:
            notes.append("Detectives: press a piece to move it")
        self.ui = replace(self.ui, mode=Mode.DETECTIVES, selected=None, destinations={}, chosen=None, ticket_choices=(),
                          reveal_next=False, message=". ".join(notes))

    def _show_plan(self, now: float, note: str = "") -> None:
        """The computer's next detective move, lit for the players to make on the board."""
        if not self._plan or self._plan[0] not in self.game.moves_of(self._plan[0].piece):
            self._detectives_turn(now, note)  # nothing (left) to show: think again
            return
        move = self._plan[0]
        self.ui = replace(self.ui, mode=Mode.DETECTIVES, selected=move.piece, destinations={move.station: (move.ticket,)},
                          chosen=move.station, ticket_choices=(),
                          message=f"{note + '. ' if note else ''}{move.piece} takes the {move.ticket} to {move.station}: "
                                  f"move it there and press {move.station}")

    def _detective_press(self, station: Station, now: float) -> None:
        if self.detectives is not None:
            if self._plan and station == self._plan[0].station:
                self._play(self._plan.pop(0), now)
            elif self._plan:
                move = self._plan[0]
                self._refuse(station, f"move {move.piece} to {move.station}, then press {move.station}", now)
            else:
                self._refuse(station, "the computer detectives are still thinking", now)
            return
        ui = self.ui
        if ui.selected is not None and station in ui.destinations:
            tickets = ui.destinations[station]
            if len(tickets) == 1:
                self._play(DetectiveMove(ui.selected, station, tickets[0]), now)
            else:
                keys = ", ".join(f"{n + 1}: {ticket}" for n, ticket in enumerate(tickets))
                self.ui = replace(ui, mode=Mode.CHOOSE_TICKET, chosen=station, ticket_choices=tickets,
                                  message=f"Which ticket to {station}? Press {keys}")
            return
        piece = next((p for p in self.game.public_view().pieces if p.station == station), None)
        if piece is None:
            why = f"{ui.selected} cannot reach {station}" if ui.selected else f"no detective or bobby stands on {station}"
            self._refuse(station, why, now)
        elif piece.name == ui.selected:
            self._detectives_turn(now)
        elif piece.name not in self.game.to_move():
            done = piece.name in self.game.public_view().moved
            self._refuse(station, f"{piece.name} has already moved this round" if done else f"{piece.name} cannot move now", now)
        else:
            destinations: dict[Station, list[Ticket]] = defaultdict(list)
            for move in self.game.moves_of(piece.name):
                destinations[move.station].append(move.ticket)
            self.ui = replace(ui, mode=Mode.DETECTIVES, selected=piece.name, chosen=None, ticket_choices=(),
                              destinations={s: tuple(t) for s, t in destinations.items()},
                              message=f"{piece.name}: press where to go")

    def _play(self, move: DetectiveMove, now: float) -> None:
        try:
            self.game.play(move)
        except IllegalMoveError as error:  # the flow offers only legal moves; the engine has the last word
            self._refuse(move.station, str(error), now)
            return
        self.recorder.moved(move)
        log.info("round %d: %s", self.game.round, move)
        self.ui = replace(self.ui, selected=None, destinations={}, chosen=None, ticket_choices=())
        note = f"{move.piece} took the {move.ticket} to {move.station}: move the piece"
        if self.game.is_over or self.game.turn is Side.MISTER_X:
            self._continue(now)
        elif self.detectives is not None and self._plan:
            self._show_plan(now, note)
        else:
            self._detectives_turn(now, note)

    def _undo(self, now: float) -> None:
        if self.ui.mode is Mode.CHOOSE_TICKET:
            self.ui = replace(self.ui, mode=Mode.DETECTIVES, chosen=None, ticket_choices=(), message="Choose again")
            return
        if not self.game.can_undo:
            self.ui = replace(self.ui, message="Nothing to take back: Mister X's moves stand")
            return
        if self.ui.mode is Mode.MISTER_X:
            self.seat.cancel_turn()
        move = self.game.undo()
        self.recorder.undone()
        self._detectives_turn(now, f"Took back {move.piece}'s move: put the piece back on {self.game.station_of(move.piece)}")

    # ------------------------------------------------- correcting the board

    @property
    def can_correct(self) -> bool:
        return self.ui.mode in (Mode.MISTER_X, Mode.DETECTIVES, Mode.CHOOSE_TICKET)

    def begin_correction(self, now: float) -> None:
        """Set the detectives' stations and tickets by hand (a mistake found too late for undo)."""
        if not self.can_correct:
            return
        if self.ui.mode is Mode.MISTER_X:
            self.seat.cancel_turn()
        if self.detectives is not None:
            self.detectives.cancel()
            self._plan = []
        self._correction = Correction(self.game)
        self._show_correction()

    def _show_correction(self, message: str = _CORRECT_MESSAGE) -> None:
        assert self._correction is not None
        self.ui = replace(self.ui, mode=Mode.CORRECT, selected=self._correction.selected, destinations={}, chosen=None,
                          ticket_choices=(), reveal_next=False, correct_ticket=self._correction.ticket, message=message)

    def _correction_key(self, key: Key, now: float) -> None:
        correction = self._correction
        assert correction is not None
        if key in (Key.CHOICE_1, Key.CHOICE_2):
            correction.step_ticket(1 if key is Key.CHOICE_2 else -1)
            self._show_correction()
        elif key in (Key.CHOICE_3, Key.CHOICE_4):
            why = correction.change_count(1 if key is Key.CHOICE_4 else -1)
            self._show_correction(f"No: {why}" if why else _CORRECT_MESSAGE)
        elif key is Key.UNDO:
            self._end_correction(now, "Correction cancelled: the board is as it was")
        elif key is Key.CONFIRM:
            self._apply_correction(correction, now)

    def _apply_correction(self, correction: Correction, now: float) -> None:
        if not correction.changed:
            self._end_correction(now, "Nothing was changed")
            return
        try:
            game = correction.apply()
        except IllegalPositionError as error:  # the draft offers only what it can check; the engine has the last word
            self._show_correction(f"No: {error}")
            return
        self.recorder.corrected(game.position())
        log.info("board corrected: %s", ", ".join(f"{p.name} on {p.station} with {tuple(p.tickets[:3])}" for p in correction.pieces))
        self.game = game
        self._end_correction(now, "Board corrected")

    def _end_correction(self, now: float, message: str) -> None:
        self._correction = None
        self.ui = replace(self.ui, correct_ticket=None)
        self._continue(now)
        self.ui = replace(self.ui, message=f"{message}. {self.ui.message}")

    # ------------------------------------------------------- the end

    def _over(self, now: float) -> None:
        log.info("game over: %s", self.game.outcome)
        self.recorder.ended(self.game)
        self.seat.game_over(self.game)
        if self.detectives is not None:
            self.detectives.cancel()
        self.ui = replace(self.ui, mode=Mode.GAME_OVER, selected=None, destinations={}, chosen=None, ticket_choices=(),
                          reveal_next=False, message=f"{self.game.outcome}. Press any key to finish")

    def _refuse(self, station: Station, why: str, now: float) -> None:
        self.ui = replace(self.ui, refused=Flash(station, now, REFUSED_SECONDS), message=f"No: {why}")


_CHOICES = (Key.CHOICE_1, Key.CHOICE_2, Key.CHOICE_3, Key.CHOICE_4)
