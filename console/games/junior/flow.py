"""A Junior game on the board: one state machine, fed one event at a time.

What every kind of game does alike at the table (refusals, placing pawns,
waiting for the handheld, leaving, the end) is ``console.games.table.TableFlow``;
this is Junior's own round: the rogues choose in secret (on the handheld, or
the computer does), the detectives step on the board (press a detective, then
where it goes; its own station: it stays), then the reveal: a celebration on
the board and the screen while the rogues' pawns are moved to their lit
stations. Every accepted action is recorded (the journal) before it returns.

>>> from engine.junior import JuniorGame
>>> from console.games.junior.seats import ComputerRogues
>>> flow = JuniorFlow(JuniorGame.new(rogues=1, seed=1), ComputerRogues("easy", 1), now=0.0)
>>> flow.ui.mode, [name for name, _ in flow.ui.to_place]
(<JuniorMode.DEAL: 'deal'>, ['fox', 'watson', 'marble'])
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING

from console.games.junior import journal
from console.games.junior.lights import junior_frame
from console.games.junior.model import Celebration, JuniorMode, JuniorUi
from console.games.junior.screen import draw_junior
from console.games.junior.words import WORDING, listed, piece_name, reveal_words, short_name, step_words, winner_words
from console.games.recorder import Recorder
from console.games.refusals import player_words
from console.games.table import SELF_MOVE_S, HiddenSeat, Look, TableFlow, TableScene
from console.games.words import sentences
from console.table.menu import Row, Setting
from engine import IllegalMoveError, Station
from engine.junior import DETECTIVES, NAMES, JuniorGame, JuniorView, RoundResult, Step
from hardware.interfaces import Key
from language import Text, Words, _, p_

if TYPE_CHECKING:

    from console.games.junior.seats import ComputerDetectiveTeam

log = logging.getLogger(__name__)
"""Public events at INFO; the rogues' choices only at DEBUG, which a played game never runs at."""

CELEBRATION_SECONDS = 4.0
_PLACE = _("Put each lit pawn on its station and press it")


LOOK = Look(junior_frame, draw_junior)
"""A Junior game at the table: its public view and the flow's ``JuniorUi``."""


class JuniorFlow(TableFlow[JuniorGame, JuniorUi, Step]):
    """The console's state machine for one Junior game; only the rogues' part waits for their handheld."""

    WAITING_FOR_HIDDEN = _("the rogues are choosing: wait for them")
    WORDING = WORDING
    PAUSES_IN = frozenset({JuniorMode.ROGUES})

    def __init__(self, game: JuniorGame, seat: HiddenSeat[JuniorGame, Step], now: float, recorder: Recorder | None = None, *,
                 deal: bool = True, hints: bool = False, detectives: ComputerDetectiveTeam | None = None,
                 self_moving: bool = False) -> None:
        """*self_moving*: the board has no pawns to move by hand (the simulator), so the computer's detectives step by
        themselves, each step shown for ``SELF_MOVE_S`` first."""
        super().__init__(game, seat, recorder)
        self.detectives = detectives
        """The computer planning the detectives' steps (None: people do)."""
        self.self_moving = self_moving
        self._plan: list[Step] = []
        self._plan_shown = 0.0
        """When the plan's next step was shown (a self-moving one is made ``SELF_MOVE_S`` later)."""
        self.ui = JuniorUi(JuniorMode.DEAL, hints=hints)
        seat.show(game)
        if deal and not game.actions:
            self.ui = replace(self.ui, to_place=tuple(game.stations.items()), prompt=p_("title", "Set up the pawns!"),
                              message=_PLACE)
        else:
            self.go_on(now)

    # ------------------------------------------------------------ the table's events, in this game

    def press(self, station: Station, now: float) -> None:
        if self.ui.mode is JuniorMode.DETECTIVES:
            self._detective_press(station, now)

    def key(self, key: Key, now: float) -> None:
        mode = self.ui.mode
        if key is Key.UNDO and mode is JuniorMode.DETECTIVES:
            self._undo(now)
        elif key is Key.CONFIRM and mode is JuniorMode.REVEAL:
            self.ui = replace(self.ui, to_place=())  # the pawns are where they should be: go on
            self.go_on(now)

    def misplaced(self, station: Station) -> Words:
        return _("no pawn goes to {station}: put the pawns on the lit stations", station=station)

    def paused_ui(self, reason: Words) -> JuniorUi:
        return replace(self.ui, mode=JuniorMode.PAUSED, prompt=p_("title", "Wait!"), message=reason, selected=None, destinations=())

    def placed(self, now: float) -> None:
        if self.ui.mode is not JuniorMode.REVEAL:  # a reveal goes on once its celebration is over (tick)
            self.go_on(now)

    def tick_more(self, now: float) -> None:
        """The end of a reveal's celebration, once the pawns are placed; a self-moving computer detective's step."""
        if self.ui.mode is JuniorMode.REVEAL and not self.ui.to_place and not self._celebrating(now):
            self.go_on(now)
        elif self.ui.mode is JuniorMode.DETECTIVES and self.self_moving and self._plan and now >= self._plan_shown + SELF_MOVE_S:
            self._step(self._plan.pop(0), now)

    def scene(self) -> TableScene[JuniorView, JuniorUi]:
        return LOOK.scene(self.game.public_view(), self.ui)

    def set_hints(self, on: bool) -> None:
        self.ui = replace(self.ui, hints=on)

    def options(self) -> list[Row]:
        """The game menu's row of this game: the beginner hints."""
        return [Setting("hints", p_("row", "Beginner hints"), (False, True), (p_("value", "off"), p_("value", "on")),
                        lambda key, on: self.set_hints(on), first=self.ui.hints)]

    # ------------------------------------------------------------ the round

    def go_on(self, now: float) -> None:
        """Go on with whoever is to act now."""
        game = self.game
        if game.is_over:
            self._over(now)
        elif game.to_choose():
            if len(game.rogues) > 1:
                prompt = p_("title", "Sly rogues, choose!")
                message = _("Round {round}: {rogues} choose in secret", round=game.round, rogues=listed(game.rogues))
            else:
                prompt = p_("title", "Fox, choose!")
                message = _("Round {round}: {rogue} chooses in secret", round=game.round, rogue=piece_name(game.rogues[0]))
            self.ui = replace(self.ui, mode=JuniorMode.ROGUES, selected=None, destinations=(), prompt=prompt, message=message)
            self.ask_hidden(JuniorMode.ROGUES)
        else:
            self._detectives_turn(now)

    def play_hidden(self, step: Step) -> None:
        self.game.choose(step)

    def hidden_played(self, step: Step, now: float) -> None:
        """A rogue's secret choice: recorded; the next rogue is asked, or the detectives go."""
        self.record(journal.stepped(step))
        log.info("round %d: %s has chosen", self.game.round, NAMES[step.piece])
        log.debug("%s (secret)", step)
        done = not self.game.to_choose()
        self.answered(turn_over=done)
        if done:
            self.go_on(now)

    def _detectives_turn(self, now: float, note: Words = "") -> None:
        waiting = self.game.to_move()
        if self.detectives is not None:
            if not self._plan:
                self._plan = [step for step in self.detectives.plan(self.game) if step.piece in waiting]
            step = self._plan[0]
            name = piece_name(step.piece)
            self._plan_shown = now
            if self.self_moving:
                where = (_("{piece} stays on {station}", piece=name, station=step.station) if step.stays else
                         _("{piece} goes to {station}", piece=name, station=step.station))
            else:
                where = (_("{piece} stays on {station}: press it", piece=name, station=step.station) if step.stays else
                         _("{piece} goes to {station}: move it and press it", piece=name, station=step.station))
            self.ui = replace(self.ui, mode=JuniorMode.DETECTIVES, selected=step.piece, destinations=(step.station,),
                              prompt=p_("title", "{piece}, go!", piece=short_name(step.piece)), message=sentences(note, where))
            return
        self._select(waiting[0], sentences(note, _where_to(waiting[0])))

    def _select(self, detective: str, message: Words) -> None:
        stations = tuple(dict.fromkeys(step.station for step in self.game.steps_of(detective)))
        self.ui = replace(self.ui, mode=JuniorMode.DETECTIVES, selected=detective, destinations=stations,
                          prompt=p_("title", "Detectives, go!"), message=message)

    def _detective_press(self, station: Station, now: float) -> None:
        ui = self.ui
        assert ui.selected is not None
        if self.detectives is not None:
            if station != ui.destinations[0]:
                self.refuse(station, _("{piece} goes to {station}: press {station}", piece=piece_name(ui.selected),
                                       station=ui.destinations[0]), now)
            else:
                self._step(self._plan.pop(0), now)
            return
        if station in ui.destinations:
            step = next(s for s in self.game.steps_of(ui.selected) if s.station == station)
            self._step(step, now)
            return
        other = next((d for d in self.game.to_move() if d != ui.selected and self.game.stations[d] == station), None)
        if other is not None:
            self._select(other, _where_to(other))
        else:
            self.refuse(station, _("{piece} cannot go to {station}", piece=piece_name(ui.selected), station=station), now)

    def _step(self, step: Step, now: float) -> None:
        try:
            result = self.game.move(step)
        except IllegalMoveError as error:  # the flow offers only legal steps; the engine has the last word
            self.refuse(step.station, player_words(error, WORDING), now)
            return
        self.record(journal.stepped(step))
        log.info("round %d: %s", self.game.round if result is None else result.round, step)
        if result is None:
            self._detectives_turn(now, step_words(step))
        else:
            self._reveal(result, now)

    def _undo(self, now: float) -> None:
        if not self.game.moved():
            self.ui = replace(self.ui, message=_("Nothing to take back: the rogues' choices stand"))
            return
        step = self.game.undo()
        self.record(journal.UNDO)
        self._plan = []
        self._detectives_turn(now, _("Took back {piece}'s step: put it back on {station}", piece=piece_name(step.piece),
                                     station=self.game.stations[step.piece]))

    # ------------------------------------------------------------ the reveal and the end

    def _reveal(self, result: RoundResult, now: float) -> None:
        """The rogues show their steps: the celebration, and their pawns to move."""
        self._plan = []
        for step in result.steps:
            if step.piece not in DETECTIVES:
                log.info("round %d: %s", result.round, step)
        self.seat.show(self.game)
        moved = tuple((s.piece, s.station) for s in result.steps if s.piece not in DETECTIVES and not s.stays)
        prompt, told = reveal_words(result)
        self.ui = replace(self.ui, mode=JuniorMode.REVEAL, selected=None, destinations=(), to_place=moved,
                          celebration=Celebration(result, now, CELEBRATION_SECONDS), prompt=prompt,
                          message=_PLACE if moved else told)  # the screen pictures the steps; the pawns wait
        if self.game.is_over:
            self.go_on(now)

    def _celebrating(self, now: float) -> bool:
        party = self.ui.celebration
        return party is not None and now < party.since + party.seconds

    def _over(self, now: float) -> None:
        outcome = self.game.outcome
        assert outcome is not None
        log.info("game over: %s win", outcome)
        self.end(journal.CODEC.ended(self.game), replace(self.ui, mode=JuniorMode.GAME_OVER, selected=None, destinations=(), to_place=(),
                                                   prompt=winner_words(outcome), message=_("Press any key to finish")))


def _where_to(detective: str) -> Text:
    return _("{piece}: press where to go (its own station: stay)", piece=piece_name(detective))
