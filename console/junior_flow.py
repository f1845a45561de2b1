"""A Junior game on the board: one state machine, fed one event at a time, like the main game's ``Flow``.

Each round: the rogues choose in secret (on the handheld, or the computer
does), the detectives step on the board (press a detective, then where it goes;
its own station: it stays), then the reveal: a celebration on the board and the
screen while the rogues' pawns are moved to their lit stations. Every accepted
action is recorded (the journal) before it returns.

>>> from engine.junior import JuniorGame
>>> from console.junior_seats import ComputerRogues
>>> flow = JuniorFlow(JuniorGame.new(rogues=1, seed=1), ComputerRogues("easy", 1), now=0.0)
>>> flow.ui.mode, [name for name, _ in flow.ui.to_place]
(<JuniorMode.DEAL: 'deal'>, ['fox', 'watson', 'marble'])
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

from console.flow import NoRecord
from console.junior_lights import junior_frame
from console.junior_model import Celebration, JuniorMode, JuniorUi
from console.junior_seats import ComputerDetectiveTeam, RogueSeat
from console.lights import Palette
from console.model import Flash, still_to_place
from engine import IllegalMoveError, Station
from engine.junior import DETECTIVES, NAMES, JuniorGame, JuniorView, RoundResult, Step, Team
from hardware.interfaces import Colour, Key, Message

if TYPE_CHECKING:
    from console.app import Presenter

log = logging.getLogger(__name__)
"""Public events at INFO; the rogues' choices only at DEBUG, which a played game never runs at."""

REFUSED_SECONDS = 0.8
CELEBRATION_SECONDS = 4.0
_PLACE = "Put each lit pawn on its station and press it"


class JuniorRecorder(Protocol):
    """Where accepted actions go before anything shows them (the journal)."""

    def stepped(self, step: Step) -> None: ...

    def undone(self) -> None: ...

    def ended(self, game: JuniorGame) -> None: ...


class JuniorFlow:
    """The console's state machine for one Junior game."""

    def __init__(self, game: JuniorGame, seat: RogueSeat, now: float, recorder: JuniorRecorder | None = None, *,
                 deal: bool = True, detectives: ComputerDetectiveTeam | None = None) -> None:
        self.game = game
        self.seat = seat
        self.detectives = detectives
        """The computer planning the detectives' steps (None: people do)."""
        self._plan: list[Step] = []
        self.recorder = recorder or NoRecord()
        self._handheld_there = True
        self.finished = False
        """The game is over and the players have pressed a key to leave it."""
        self.ui = JuniorUi(JuniorMode.DEAL)
        seat.revealed(game)
        if deal and not game.actions:
            self.ui = replace(self.ui, to_place=tuple(game.stations.items()), prompt="Set up the pawns!", message=_PLACE)
        else:
            self._continue(now)

    # ------------------------------------------------------------ events

    def station_pressed(self, station: Station, now: float) -> None:
        mode = self.ui.mode
        if self.ui.to_place:
            self._placed(station, now)
        elif mode is JuniorMode.DETECTIVES:
            self._detective_press(station, now)
        elif mode is JuniorMode.ROGUES:
            self._refuse(station, "the rogues are choosing: wait for them", now)
        elif mode is JuniorMode.PAUSED:
            self._refuse(station, self.seat.away_reason(), now)

    def key_pressed(self, key: Key, now: float) -> None:
        mode = self.ui.mode
        if mode is JuniorMode.GAME_OVER:
            self.finished = True  # any key: the players have seen the end
        elif key is Key.UNDO and mode is JuniorMode.DETECTIVES:
            self._undo(now)
        elif key is Key.CONFIRM and mode is JuniorMode.REVEAL:
            self.ui = replace(self.ui, to_place=())  # the pawns are where they should be: go on
            self._continue(now)

    def handheld_message(self, message: Message, now: float) -> None:
        if self.ui.mode is not JuniorMode.ROGUES:
            return
        step = self.seat.on_message(message, self.game)
        if step is not None:
            self._rogue_chooses(step, now)

    def handheld_connected(self, connected: bool, now: float) -> None:
        """The handheld went away (the rogues' part waits for it) or came back (they are asked again)."""
        self._handheld_there = connected
        if not self.seat.uses_handheld:
            return
        if (not connected and self.ui.mode is JuniorMode.ROGUES) or (connected and self.ui.mode is JuniorMode.PAUSED):
            self._continue(now)  # the rogues' part waits for the handheld there, and asks again once it is back

    def button_stuck(self, station: Station, now: float) -> None:
        self.ui = replace(self.ui, message=f"The button at station {station} is stuck: it is ignored until released")

    def tick(self, now: float) -> None:
        """Every frame: the end of a reveal's celebration; the computer rogues' steps; why the game waits, while paused."""
        if self.ui.mode is JuniorMode.REVEAL and not self.ui.to_place and not self._celebrating(now):
            self._continue(now)
        elif self.ui.mode is JuniorMode.ROGUES:
            for step in self.seat.poll(self.game):
                self._rogue_chooses(step, now)
        elif self.ui.mode is JuniorMode.PAUSED and not self.ui.message.startswith("No: "):
            reason = self.seat.away_reason()
            if reason != self.ui.message:
                self.ui = replace(self.ui, message=reason)

    def present(self, presenter: Presenter, now: float) -> None:
        presenter.show_junior(self.view(), self.ui, now)

    def lights(self, now: float, palette: Palette) -> dict[Station, Colour]:
        """The board's lights now (also shown behind the game menu)."""
        return junior_frame(self.view(), self.ui, now, palette)

    def view(self) -> JuniorView:
        return self.game.public_view()

    def leave(self) -> None:
        """The players leave the game (it stays journaled)."""

    @property
    def over(self) -> bool:
        return self.ui.mode is JuniorMode.GAME_OVER

    # ------------------------------------------------------------ placing pawns

    def _placed(self, station: Station, now: float) -> None:
        waiting = still_to_place(self.ui.to_place, station)
        if waiting is None:
            self._refuse(station, f"no pawn goes to {station}: put the pawns on the lit stations", now)
            return
        self.ui = replace(self.ui, to_place=waiting)
        if not waiting and self.ui.mode is not JuniorMode.REVEAL:  # a reveal goes on once its celebration is over (tick)
            self._continue(now)

    # ------------------------------------------------------------ the round

    def _continue(self, now: float) -> None:
        """Go on with whoever is to act now."""
        game = self.game
        if game.is_over:
            self._over(now)
        elif game.to_choose():
            if self.seat.uses_handheld and not self._handheld_there:
                self.ui = replace(self.ui, mode=JuniorMode.PAUSED, prompt="Wait!", message=self.seat.away_reason(),
                                  selected=None, destinations=())
                return
            rogues = " and ".join(NAMES[rogue] for rogue in game.rogues)
            self.ui = replace(self.ui, mode=JuniorMode.ROGUES, selected=None, destinations=(),
                              prompt="Sly rogues, choose!" if len(game.rogues) > 1 else "Fox, choose!",
                              message=f"Round {game.round}: {rogues} {'choose' if len(game.rogues) > 1 else 'chooses'} in secret")
            self.seat.begin_round(game)
        else:
            self._detectives_turn(now)

    def _rogue_chooses(self, step: Step, now: float) -> None:
        try:
            self.game.choose(step)
        except IllegalMoveError as error:
            self.seat.refused(str(error), self.game)
            return
        self.recorder.stepped(step)
        log.info("round %d: %s has chosen", self.game.round, NAMES[step.piece])
        log.debug("%s (secret)", step)
        self.seat.accepted(self.game)
        if not self.game.to_choose():
            self._continue(now)

    def _detectives_turn(self, now: float, note: str = "") -> None:
        waiting = self.game.to_move()
        if self.detectives is not None:
            if not self._plan:
                self._plan = [step for step in self.detectives.plan(self.game) if step.piece in waiting]
            step = self._plan[0]
            where = f"stays on {step.station}: press it" if step.stays else f"goes to {step.station}: move it and press it"
            self.ui = replace(self.ui, mode=JuniorMode.DETECTIVES, selected=step.piece, destinations=(step.station,),
                              prompt=f"{NAMES[step.piece].split()[0]}, go!", message=_joined(note, f"{NAMES[step.piece]} {where}"))
            return
        self._select(waiting[0], _joined(note, f"{NAMES[waiting[0]]}: press where to go (its own station: stay)"))

    def _select(self, detective: str, message: str) -> None:
        stations = tuple(dict.fromkeys(step.station for step in self.game.steps_of(detective)))
        self.ui = replace(self.ui, mode=JuniorMode.DETECTIVES, selected=detective, destinations=stations,
                          prompt="Detectives, go!", message=message)

    def _detective_press(self, station: Station, now: float) -> None:
        ui = self.ui
        assert ui.selected is not None
        if self.detectives is not None:
            if station != ui.destinations[0]:
                self._refuse(station, f"{NAMES[ui.selected]} goes to {ui.destinations[0]}: press {ui.destinations[0]}", now)
            else:
                self._step(self._plan.pop(0), now)
            return
        if station in ui.destinations:
            step = next(s for s in self.game.steps_of(ui.selected) if s.station == station)
            self._step(step, now)
            return
        other = next((d for d in self.game.to_move() if d != ui.selected and self.game.stations[d] == station), None)
        if other is not None:
            self._select(other, f"{NAMES[other]}: press where to go (its own station: stay)")
        else:
            self._refuse(station, f"{NAMES[ui.selected]} cannot go to {station}", now)

    def _step(self, step: Step, now: float) -> None:
        try:
            result = self.game.move(step)
        except IllegalMoveError as error:  # the flow offers only legal steps; the engine has the last word
            self._refuse(step.station, str(error), now)
            return
        self.recorder.stepped(step)
        log.info("round %d: %s", self.game.round if result is None else result.round, step)
        if result is None:
            self._detectives_turn(now, str(step))
        else:
            self._reveal(result, now)

    def _undo(self, now: float) -> None:
        if not self.game.moved():
            self.ui = replace(self.ui, message="Nothing to take back: the rogues' choices stand")
            return
        step = self.game.undo()
        self.recorder.undone()
        self._plan = []
        self._detectives_turn(now, f"Took back {NAMES[step.piece]}'s step: put it back on {self.game.stations[step.piece]}")

    # ------------------------------------------------------------ the reveal and the end

    def _reveal(self, result: RoundResult, now: float) -> None:
        """The rogues show their steps: the celebration, and their pawns to move."""
        self._plan = []
        for step in result.steps:
            if step.piece not in DETECTIVES:
                log.info("round %d: %s", result.round, step)
        self.seat.revealed(self.game)
        moved = tuple((s.piece, s.station) for s in result.steps if s.piece not in DETECTIVES and not s.stays)
        prompt, told = reveal_words(result)
        self.ui = replace(self.ui, mode=JuniorMode.REVEAL, selected=None, destinations=(), to_place=moved,
                          celebration=Celebration(result, now, CELEBRATION_SECONDS), prompt=prompt,
                          message=_PLACE if moved else told)  # the screen pictures the steps; the pawns wait
        if self.game.is_over:
            self._continue(now)

    def _celebrating(self, now: float) -> bool:
        party = self.ui.celebration
        return party is not None and now < party.since + party.seconds

    def _over(self, now: float) -> None:
        outcome = self.game.outcome
        log.info("game over: %s win", outcome)
        self.recorder.ended(self.game)
        self.seat.game_over(self.game)
        self.ui = replace(self.ui, mode=JuniorMode.GAME_OVER, selected=None, destinations=(), to_place=(),
                          prompt=winner_words(outcome), message="Press any key to finish")

    def _refuse(self, station: Station, why: str, now: float) -> None:
        self.ui = replace(self.ui, refused=Flash(station, now, REFUSED_SECONDS), message=f"No: {why}")


def reveal_words(result: RoundResult) -> tuple[str, str]:
    """A reveal in words: the big prompt ("Escaped!", "Caught Mister FOX!") and what the rogues did."""
    caught = " and ".join(NAMES[rogue] for rogue in result.captured)
    return f"Caught {caught}!" if caught else "Escaped!", "; ".join(str(s) for s in result.steps if s.piece not in DETECTIVES)


def winner_words(outcome: Team | None) -> str:
    return f"{str(outcome).capitalize()} win!"


def _joined(*parts: str) -> str:
    return ". ".join(part for part in parts if part)
