"""A Scotland Yard game on the board: one state machine, fed one event at a time.

Station presses, control keys and handheld messages come in as events; the
engine decides every rule; the flow keeps what the board and screen should
show (a ``Ui``) and records each accepted move before it returns, so the
lights never show a move that a power cut could lose. What every kind of
game does alike at the table (refusals, placing pieces, waiting for the
handheld, leaving, the end) is ``console.games.table.TableFlow``; this is the
game's own turn structure: Mister X moves, then the detectives in any order,
with undo, ticket choices and corrections of the board.

>>> from engine import Game
>>> from console.games.classic.seats import ComputerSeat
>>> flow = Flow(Game.new("beginner", players=3, seed=1), ComputerSeat(), now=0.0)
>>> flow.ui.mode, [name for name, _ in flow.ui.to_place]
(<Mode.DEAL: 'deal'>, ['red', 'blue', 'bobby1', 'bobby2'])
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from console.games.classic import journal
from console.games.classic.correction import Correction
from console.games.classic.lights import board_frame
from console.games.classic.model import Mode, Ui
from console.games.classic.screen import TICKET_NAMES, draw_game
from console.games.recorder import Recorder
from console.games.refusals import CLASSIC_WORDING, player_words
from console.games.table import SELF_MOVE_S, Flash, HiddenSeat, Look, TableFlow, TableScene, refusal
from console.games.words import display_name, listed, outcome_words, sentences, ticket_words
from console.table.menu import Action, Row, Setting
from engine import DetectiveMove, DoubleMove, Game, IllegalMoveError, IllegalPositionError, Move, Side, Station, Ticket
from engine.views import PublicLogEntry, PublicView
from hardware.interfaces import Key
from language import Text, Words, _, join, n_, p_

if TYPE_CHECKING:

    from console.games.classic.seats import ComputerDetectives

log = logging.getLogger(__name__)
"""Public events at INFO; Mister X's true moves only at DEBUG, which a played game never runs at."""

_DEAL_MESSAGE = _("Place each piece on its lit station and press it")
_CORRECT_MESSAGE = _("CONFIRM: apply the correction   UNDO: cancel it")
_SWITCH = (p_("value", "off"), p_("value", "on"))
REVEAL_SECONDS = 6.0


LOOK = Look(board_frame, draw_game)
"""A Scotland Yard game at the table: its public view (or a correction's draft) and the flow's ``Ui``."""


class Flow(TableFlow[Game, Ui, Move]):
    """The console's state machine for one Scotland Yard game; the table waits for Mister X's handheld in his turn only."""

    WAITING_FOR_HIDDEN = _("Mister X is moving: wait for him")
    WORDING = CLASSIC_WORDING
    PAUSES_IN = frozenset({Mode.MISTER_X})
    """Only his turn waits for his handheld (its reveal warning with it): the detectives play on, and it catches up."""

    def __init__(self, game: Game, seat: HiddenSeat[Game, Move], now: float, recorder: Recorder | None = None, *,
                 deal: bool = True, assist: bool = False, hints: bool = False, detectives: ComputerDetectives | None = None,
                 self_moving: bool = False) -> None:
        """*self_moving*: the board has no pieces to move by hand (the simulator), so the computer's detectives move
        themselves, each move shown for ``SELF_MOVE_S`` first."""
        super().__init__(game, seat, recorder)
        self.detectives = detectives
        """The computer playing the detectives and bobbies (None: people do)."""
        self.self_moving = self_moving
        self._plan: list[DetectiveMove] = []
        """The computer detectives' moves still to be made this round, first first."""
        self._plan_shown = 0.0
        """When the plan's next move was shown (a self-moving one is made ``SELF_MOVE_S`` later)."""
        self._correction: Correction | None = None
        self.ui = Ui(Mode.DEAL, assist=assist, hints=hints)
        seat.show(game)
        if deal and not game.actions and game.round == 1 and game.turn is Side.MISTER_X:
            pieces = game.public_view().pieces
            self.ui = replace(self.ui, to_place=tuple((p.name, p.station) for p in pieces), message=_DEAL_MESSAGE)
        else:
            self.go_on(now)

    # ------------------------------------------------------------ the table's events, in this game

    def press(self, station: Station, now: float) -> None:
        mode = self.ui.mode
        if mode in (Mode.DETECTIVES, Mode.CHOOSE_TICKET):
            self._detective_press(station, now)
        elif mode is Mode.CORRECT:
            assert self._correction is not None
            why = self._correction.press(station)
            if why:
                self.refuse(station, why, now)
            else:
                self._show_correction()

    def key(self, key: Key, now: float) -> None:
        mode = self.ui.mode
        if mode is Mode.CORRECT:
            self._correction_key(key, now)
        elif key is Key.UNDO and mode in (Mode.DETECTIVES, Mode.CHOOSE_TICKET, Mode.MISTER_X):
            self._undo(now)
        elif mode is Mode.CHOOSE_TICKET and key in _CHOICES:
            index = _CHOICES.index(key)
            if index < len(self.ui.ticket_choices):
                assert self.ui.selected is not None and self.ui.chosen is not None
                self._play(DetectiveMove(self.ui.selected, self.ui.chosen, self.ui.ticket_choices[index]), now)

    def misplaced(self, station: Station) -> Text:
        return _("no piece starts at {station}: place the pieces on the lit stations", station=station)

    def paused_ui(self, reason: Words) -> Ui:
        return replace(self.ui, mode=Mode.PAUSED, message=reason)

    def tick_more(self, now: float) -> None:
        """The computer detectives' plan, once they have thought."""
        if self.ui.mode is Mode.DETECTIVES and self.detectives is not None and not self._plan:
            plan = self.detectives.poll(self.game, now)
            if plan is not None:
                self._plan = list(plan)
                self._show_plan(now)
        elif self.ui.mode is Mode.DETECTIVES and self.self_moving and self._plan and now >= self._plan_shown + SELF_MOVE_S:
            self._play(self._plan.pop(0), now)

    def cancel_thinking(self) -> None:
        if self.detectives is not None:
            self.detectives.cancel()

    def scene(self) -> TableScene[PublicView, Ui]:
        return LOOK.scene(self.view(), self.ui)

    def view(self) -> PublicView:
        """What the board and screen show: the game's public view, or the correction's draft of it."""
        view = self.game.public_view()
        return self._correction.view(view) if self._correction is not None else view

    def set_assist(self, on: bool) -> None:
        self.ui = replace(self.ui, assist=on)

    def set_hints(self, on: bool) -> None:
        self.ui = replace(self.ui, hints=on)

    def options(self) -> list[Row]:
        """The game menu's rows of this game: the deduction assist, the beginner hints, and correcting the board while it can be."""
        rows: list[Row] = [Setting("assist", p_("row", "Deduction assist"), (False, True), _SWITCH, lambda key, on: self.set_assist(on),
                                   first=self.ui.assist),
                           Setting("hints", p_("row", "Beginner hints"), (False, True), _SWITCH, lambda key, on: self.set_hints(on),
                                   first=self.ui.hints)]
        if self.can_correct:
            rows.append(Action(p_("row", "Correct the board"), self.begin_correction))
        return rows

    # ------------------------------------------------------- Mister X

    def go_on(self, now: float, note: Words = "") -> None:
        """Go on with whoever is to move now (*note*: what just happened, said first)."""
        game = self.game
        if game.is_over:
            self._over(now)
        elif game.turn is Side.MISTER_X:
            self.ui = replace(self.ui, mode=Mode.MISTER_X, selected=None, destinations={}, chosen=None, ticket_choices=(),
                              reveal_next=self._reveal_next(), message=sentences(note, _("Mister X is moving")))
            self.ask_hidden(Mode.MISTER_X)
        else:
            self._detectives_turn(now, note)

    def _reveal_next(self) -> bool:
        """His next move, or the second leg should he double, is a reveal move (the notifier)."""
        made, reveals = self.game.moves_made, self.game.ruleset.reveal_moves
        return made + 1 in reveals or (self.game.can_double and made + 2 in reveals)

    def play_hidden(self, move: Move) -> None:
        self.game.play(move)

    def hidden_played(self, move: Move, now: float) -> None:
        """Mister X's move: recorded, told to him, and shown to the table as its tickets (and a reveal)."""
        self.record(journal.moved(move))
        self.answered()
        shown = self.game.public_view().log[-(2 if isinstance(move, DoubleMove) else 1):]
        for entry in shown:
            log.info("Mister X move %d: %s%s", entry.move, entry.ticket, f", seen at {entry.station}" if entry.reveal else "")
        log.debug("Mister X (secret): %s", move)
        revealed = [entry.station for entry in shown if entry.reveal and entry.station is not None]
        if revealed:
            self.ui = replace(self.ui, reveal=Flash(revealed[-1], now, REVEAL_SECONDS))
        self.go_on(now, mister_x_took(shown))

    # ------------------------------------------------------ detectives

    def _detectives_turn(self, now: float, message: Words = "") -> None:
        """The detectives' turn: what just happened (*message*), who cannot move, and what to do (unless two notes fill the line)."""
        out = self.game.sitting_out()
        notes = [message] if message else []
        if out:
            notes.append(_("{pieces} cannot move this round", pieces=listed(out)) if len(out) <= 2 else
                         n_("{n} piece cannot move this round", "{n} pieces cannot move this round", len(out)))
        if self.detectives is not None:
            self._plan = []
            self.detectives.begin_round(self.game)
            doing = _("The computer detectives are thinking")
        else:
            doing = _("Detectives: press a piece to move it")  # the header says it too: two notes leave it out
        self.ui = replace(self.ui, mode=Mode.DETECTIVES, selected=None, destinations={}, chosen=None, ticket_choices=(),
                          reveal_next=False, message=sentences(*notes) if len(notes) >= 2 else sentences(*notes, doing))

    def _show_plan(self, now: float, note: Words = "") -> None:
        """The computer's next detective move, lit for the players to make on the board."""
        if not self._plan or self._plan[0] not in self.game.moves_of(self._plan[0].piece):
            self._detectives_turn(now, note)  # nothing (left) to show: think again
            return
        move = self._plan[0]
        self._plan_shown = now
        piece, ticket = display_name(move.piece), ticket_words(move.ticket)
        doing = (_("{piece} takes {ticket} to {station}", piece=piece, ticket=ticket, station=move.station) if self.self_moving else
                 _("{piece} takes {ticket} to {station}: move it there and press {station}", piece=piece, ticket=ticket,
                   station=move.station))
        self.ui = replace(self.ui, mode=Mode.DETECTIVES, selected=move.piece, destinations={move.station: (move.ticket,)},
                          chosen=move.station, ticket_choices=(), message=sentences(note, doing))

    def _detective_press(self, station: Station, now: float) -> None:
        if self.detectives is not None:
            if self._plan and station == self._plan[0].station:
                self._play(self._plan.pop(0), now)
            elif self._plan:
                move = self._plan[0]
                self.refuse(station, _("move {piece} to {station}, then press {station}", piece=display_name(move.piece),
                                       station=move.station), now)
            else:
                self.refuse(station, _("the computer detectives are still thinking"), now)
            return
        ui = self.ui
        if ui.selected is not None and station in ui.destinations:
            tickets = ui.destinations[station]
            if len(tickets) == 1:
                self._play(DetectiveMove(ui.selected, station, tickets[0]), now)
            else:
                keys = join(_(", "), [_("{key}: {ticket}", key=n + 1, ticket=TICKET_NAMES[ticket]) for n, ticket in enumerate(tickets)])
                self.ui = replace(ui, mode=Mode.CHOOSE_TICKET, chosen=station, ticket_choices=tickets,
                                  message=_("Which ticket to {station}? Press {keys}", station=station, keys=keys))
            return
        piece = next((p for p in self.game.public_view().pieces if p.station == station), None)
        if piece is None:
            why = (_("{piece} cannot reach {station}", piece=display_name(ui.selected), station=station) if ui.selected else
                   _("no detective or bobby stands on {station}", station=station))
            self.refuse(station, why, now)
        elif piece.name == ui.selected:
            self._detectives_turn(now)
        elif piece.name not in self.game.to_move():
            done = piece.name in self.game.public_view().moved
            name = display_name(piece.name)
            self.refuse(station, _("{piece} has already moved this round", piece=name) if done else
                        _("{pieces} cannot move this round", pieces=name), now)
        else:
            destinations: dict[Station, list[Ticket]] = defaultdict(list)
            for move in self.game.moves_of(piece.name):
                destinations[move.station].append(move.ticket)
            self.ui = replace(ui, mode=Mode.DETECTIVES, selected=piece.name, chosen=None, ticket_choices=(),
                              destinations={s: tuple(t) for s, t in destinations.items()},
                              message=_("{piece}: press where to go", piece=display_name(piece.name)))

    def _play(self, move: DetectiveMove, now: float) -> None:
        try:
            self.game.play(move)
        except IllegalMoveError as error:  # the flow offers only legal moves; the engine has the last word
            self.refuse(move.station, player_words(error), now)
            return
        self.record(journal.moved(move))
        log.info("round %d: %s", self.game.round, move)
        self.ui = replace(self.ui, selected=None, destinations={}, chosen=None, ticket_choices=())
        piece, ticket = display_name(move.piece), ticket_words(move.ticket)
        if self.detectives is None:
            note = _("{piece} took {ticket} to {station}: move the piece", piece=piece, ticket=ticket, station=move.station)
        else:  # the computer's move was made on the board before it was pressed
            note = _("{piece} took {ticket} to {station}", piece=piece, ticket=ticket, station=move.station)
        if self.game.is_over or self.game.turn is Side.MISTER_X:
            self.go_on(now)
        elif self.detectives is not None and self._plan:
            self._show_plan(now, note)
        else:
            self._detectives_turn(now, note)

    def _undo(self, now: float) -> None:
        if self.ui.mode is Mode.CHOOSE_TICKET:
            self.ui = replace(self.ui, mode=Mode.DETECTIVES, chosen=None, ticket_choices=(), message=_("Choose again"))
            return
        if not self.game.can_undo:
            self.ui = replace(self.ui, message=_("Nothing to take back: the corrected board is where this round goes on from")
                              if self._corrected_this_round else _("Nothing to take back: Mister X's moves stand"))
            return
        if self.asking:
            self.withdraw()
        move = self.game.undo()
        self.record(journal.UNDO)
        self._detectives_turn(now, _("Took back {piece}'s move: put the piece back on {station}", piece=display_name(move.piece),
                                     station=self.game.station_of(move.piece)))

    @property
    def _corrected_this_round(self) -> bool:
        """The board was corrected while detectives had moved this round, and none has moved since: undo stops there."""
        game = self.game
        return bool(game.start.moved) and game.round == game.start.round and not any(
            isinstance(action, DetectiveMove) for action in game.actions)

    # ------------------------------------------------- correcting the board

    @property
    def can_correct(self) -> bool:
        return self.ui.mode in (Mode.MISTER_X, Mode.DETECTIVES, Mode.CHOOSE_TICKET)

    def begin_correction(self, now: float) -> None:
        """Set the detectives' stations and tickets by hand (a mistake found too late for undo)."""
        if not self.can_correct:
            return
        if self.asking:
            self.withdraw()
        self.cancel_thinking()
        self._plan = []
        self._correction = Correction(self.game)
        self._show_correction()

    def _show_correction(self, message: Words = _CORRECT_MESSAGE) -> None:
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
            self._show_correction(refusal(why) if why else _CORRECT_MESSAGE)
        elif key is Key.UNDO:
            self._end_correction(now, _("Correction cancelled: the board is as it was"))
        elif key is Key.CONFIRM:
            self._apply_correction(correction, now)

    def _apply_correction(self, correction: Correction, now: float) -> None:
        if not correction.changed:
            self._end_correction(now, _("Nothing was changed"))
            return
        try:
            game = correction.apply()
        except IllegalPositionError as error:  # the draft offers only what it can check; the engine has the last word
            self._show_correction(refusal(player_words(error)))
            return
        self.record(journal.corrected(game.position()))
        log.info("board corrected: %s", ", ".join(f"{p.name} on {p.station} with {tuple(p.tickets[:3])}" for p in correction.pieces))
        self.game = game
        self._end_correction(now, _("Board corrected"))

    def _end_correction(self, now: float, message: Words) -> None:
        self._correction = None
        self.ui = replace(self.ui, correct_ticket=None)
        self.go_on(now, message)

    # ------------------------------------------------------- the end

    def _over(self, now: float) -> None:
        outcome = self.game.outcome
        assert outcome is not None
        log.info("game over: %s", outcome)
        ended = sentences(outcome_words(outcome, self.game.ruleset), _("Press any key to finish"))
        self.end(journal.CODEC.ended(self.game), replace(self.ui, mode=Mode.GAME_OVER, selected=None, destinations={}, chosen=None,
                                                   ticket_choices=(), reveal_next=False, message=ended))


_CHOICES = (Key.CHOICE_1, Key.CHOICE_2, Key.CHOICE_3, Key.CHOICE_4)


def mister_x_took(entries: Sequence[PublicLogEntry]) -> Text:
    """Mister X's turn as the table is told it (*entries*: its travel log's one or two): his tickets, and where he was seen."""
    tickets = [ticket_words(entry.ticket) for entry in entries]
    took = tickets[0] if len(tickets) == 1 else _("{first}, then {second}", first=tickets[0], second=tickets[1])
    seen = [entry.station for entry in entries if entry.reveal and entry.station is not None]
    if seen:
        return _("Mister X took {tickets}; seen at {station}", tickets=took, station=seen[-1])
    return _("Mister X took {tickets}", tickets=took)
