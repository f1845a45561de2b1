"""What every kind of game's flow does the same way at the table, written once.

A kind of game's flow (``console.games.classic.flow``, say)
is a state machine fed one event at a time; it adds only its own turn
structure to ``TableFlow``, which holds what every table does alike:

- a press that is not a legal choice blinks red on the board and says why
  (``refuse``), for ``REFUSED_SECONDS``;
- pieces are put on their lit stations and pressed (``to_place``), in any order;
- a stuck station button is named;
- the hidden side (Mister X, say) is asked through its seat
  (a person on the handheld, or the computer), and while it is being asked a
  press on the board is refused; its actions come back as handheld messages
  or, for the computer, at a tick;
- the game waits while the hidden side's handheld is away only where the kind
  says (when the hidden side must act), and goes on where it was once it is
  back; elsewhere play goes on, and the handheld is told where the hidden side
  stands when it comes back;
- leaving withdraws the pending question from the handheld and stops the
  computer's thinking; the end is recorded and shown until a key is pressed.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from console.games.recorder import Event, NoRecord, Recorder
from console.games.refusals import Wording, player_words
from console.table.lights import Signal
from engine import IllegalMoveError
from hardware.interfaces import Frame, Key, Message, Station
from language import Text, Words, _

if TYPE_CHECKING:
    import pygame

    from console.table.lights import Palette
    from console.table.menu import Row
    from console.table.scene import Scene
    from console.table.screen.toolkit import Toolkit

REFUSED_SECONDS = 0.8
SELF_MOVE_S = 1.5
"""How long a computer piece's move that makes itself (on a board without pieces to move by hand: the simulator's) is
shown, lit and said, before it is made."""


@dataclass(frozen=True)
class Flash:
    """A short-lived signal on the board, drawn from ``since`` for ``seconds``."""

    station: Station
    since: float
    seconds: float


M = TypeVar("M", bound=Enum)


@dataclass(frozen=True)
class TableUi(Generic[M]):
    """What a flow shows, as plain public data; each kind of game adds its own fields."""

    mode: M
    message: Words = ""
    """What to do now, or why a press was refused (``refusal``): short enough for the message bar's two lines
    (``tests/games/test_messages_fit.py``). Kept as a ``Text``, so it is read in the language shown."""
    to_place: tuple[tuple[str, Station], ...] = ()
    """Pieces to put on their lit stations and press, and where."""
    refused: Flash | None = None
    """A press that was not a legal choice: blinks red."""
    title: Words = ""
    """The screen's title instead of the one the mode gives (a replay's own: nothing there waits for a press)."""
    choices_lit: bool = True
    """The board lights the ``choices`` (a lesson's step that talks about something else keeps them dark)."""
    lesson_card: bool = False
    """A guided game: the screen keeps its lesson card's place free (its kind's ``card_place``) and draws the rest."""

    @property
    def timed(self) -> tuple[Signal | None, ...]:
        """The signals that make the screen change with time (a kind adds its own)."""
        return (self.refused,)

    @property
    def choices(self) -> tuple[Station, ...]:
        """The stations the board lights as the next press's choices: the pieces' to place (a kind adds its own, such as
        where a picked piece may go)."""
        return tuple(station for _, station in self.to_place)


V = TypeVar("V")
UI = TypeVar("UI", bound=TableUi[Any])


@dataclass(frozen=True)
class Look(Generic[V, UI]):
    """How a kind of game looks at the table: its lights and its screen, each a pure function of a public view and a ``Ui``."""

    frame: Callable[[V, UI, float, Palette], Frame]
    """The board's lights (e.g. ``board_frame``)."""
    screen: Callable[[Toolkit, pygame.Surface, V, UI, float], None]
    """The screen (e.g. ``draw_game``)."""

    def scene(self, view: V, ui: UI) -> TableScene[V, UI]:
        return TableScene(view, ui, self)


@dataclass(frozen=True)
class TableScene(Generic[V, UI]):
    """A game as the board and the screen show it: its public view and its flow's state, drawn as its kind looks.

    Two scenes are equal when their view and state are: equal scenes look the same.
    """

    view: V
    ui: UI
    look: Look[V, UI] = field(compare=False)

    def lights(self, now: float, palette: Palette) -> Frame:
        return self.look.frame(self.view, self.ui, now, palette)

    def draw(self, kit: Toolkit, surface: pygame.Surface, now: float, palette: Palette) -> None:
        self.look.screen(kit, surface, self.view, self.ui, now)

    def animating(self, now: float) -> bool:
        return any(signal is not None and now < signal.since + signal.seconds for signal in self.ui.timed)


def still_to_place(to_place: tuple[tuple[str, Station], ...], station: Station) -> tuple[tuple[str, Station], ...] | None:
    """The pieces still to place once *station* was pressed, or None when no piece goes there (the press is refused)."""
    waiting = tuple((name, at) for name, at in to_place if at != station)
    return None if len(waiting) == len(to_place) else waiting


G = TypeVar("G")
G_contra = TypeVar("G_contra", contravariant=True)
A = TypeVar("A")
A_co = TypeVar("A_co", covariant=True)


class HiddenSeat(Protocol[G_contra, A_co]):
    """Who plays the hidden side: a person on the handheld, or the computer. It alone sees the hidden side's secrets."""

    @property
    def uses_handheld(self) -> bool:
        """Whether the game must wait while the handheld is away."""

    def away_reason(self) -> Words:
        """Why the game waits for the handheld (said while it waits)."""

    def keep_up(self) -> None:
        """Every frame, whatever the turn: a handheld's words follow the console's language, and come again after it was away."""

    def show(self, game: G_contra) -> None:
        """The game was dealt, resumed or revealed: tell the hidden side where it stands (before its turn comes)."""

    def begin_turn(self, game: G_contra) -> None:
        """The hidden side's turn starts: ask the handheld, or start thinking."""

    def poll(self, game: G_contra, now: float) -> Sequence[A_co]:
        """Every frame of its turn: the computer's actions once it has thought (a person's come by ``on_message``)."""

    def on_message(self, message: Message, game: G_contra) -> A_co | None:
        """A message from the handheld: an action, once one is complete."""

    def accepted(self, game: G_contra) -> None:
        """Its action was played: tell it (and ask again, if more of the turn is its)."""

    def refused(self, reason: Words, game: G_contra) -> None:
        """The engine refused its action: ask again (a handheld is sent *reason*'s words in the language of the moment)."""

    def cancel_turn(self) -> None:
        """Its turn was withdrawn (the table took a move back, corrected the board or left)."""

    def game_over(self, game: G_contra) -> None: ...


U = TypeVar("U", bound=TableUi[Any])


class TableFlow(ABC, Generic[G, U, A]):
    """A game's state machine at the table: the events of ``console.program.activity.Activity`` in, ``ui`` and the recorder out."""

    ui: U
    WAITING_FOR_HIDDEN: ClassVar[Words]
    """Why a press is refused while the hidden side chooses ("Mister X is moving: wait for him")."""
    WORDING: ClassVar[Wording]
    """How the kind's refusals read (its pieces' names, its own values)."""
    PAUSES_IN: ClassVar[frozenset[Enum] | None] = None
    """The modes in which the game waits when the hidden side's handheld goes away (None: every mode): those in which the
    hidden side must act, and only those, so that a phone asleep in the others' turn stops nobody."""

    def __init__(self, game: G, seat: HiddenSeat[G, A], recorder: Recorder | None) -> None:
        self.game = game
        self.seat = seat
        self.recorder: Recorder = recorder or NoRecord()
        self.finished = False
        """The game is over and the players have pressed a key to leave it."""
        self.over = False
        """The game is over (its end is showing)."""
        self.asking = False
        """The hidden side has been asked for its action and has not given it yet."""
        self._paused_from: Enum | None = None
        """The mode the game waits in for the handheld (None: it does not wait)."""
        self._handheld_there = True

    # ------------------------------------------------------------ what each kind adds

    @abstractmethod
    def go_on(self, now: float) -> None:
        """Go on with whoever is to act now."""

    @abstractmethod
    def press(self, station: Station, now: float) -> None:
        """A station pressed in the kind's own turn structure (pieces placed, pauses and waits are handled here)."""

    @abstractmethod
    def key(self, key: Key, now: float) -> None:
        """A control key, in play."""

    @abstractmethod
    def play_hidden(self, action: A) -> None:
        """Play the hidden side's action in the game (the engine's ``IllegalMoveError`` if it breaks a rule)."""

    @abstractmethod
    def hidden_played(self, action: A, now: float) -> None:
        """The hidden side's action was played: record it, tell its seat (``answered``), go on."""

    @abstractmethod
    def misplaced(self, station: Station) -> Words:
        """Why a press is refused while pieces are placed, for a *station* no piece goes to."""

    @abstractmethod
    def paused_ui(self, reason: Words) -> U:
        """What the flow shows while it waits for the handheld."""


    @abstractmethod
    def scene(self) -> Scene:
        """What the board and the screen show now (public only)."""


    def placed(self, now: float) -> None:
        """Every piece to place has been placed."""
        self.go_on(now)

    def resume(self, mode: Enum, now: float) -> None:
        """The handheld is back: go on from *mode*, where the game waited (the hidden side is asked again)."""
        self.go_on(now)

    def tick_more(self, now: float) -> None:
        """Every frame, in play: the kind's timed work (a celebration ending, the computer detectives' plan)."""

    def cancel_thinking(self) -> None:
        """Stop any computer player of the kind that is thinking (the game is left, or over)."""

    # ------------------------------------------------------------ events

    def station_pressed(self, station: Station, now: float) -> None:
        if self._paused_from is not None:  # it blinks red; the screen goes on saying why the game waits
            self.ui = replace(self.ui, refused=Flash(station, now, REFUSED_SECONDS))
        elif self.ui.to_place:
            self._placed(station, now)
        elif self.asking:
            self.refuse(station, self.WAITING_FOR_HIDDEN, now)
        else:
            self.press(station, now)

    def key_pressed(self, key: Key, now: float) -> None:
        if self.over:
            self.finished = True  # any key: the players have seen the end
        elif self._paused_from is None:
            self.key(key, now)

    def handheld_message(self, message: Message, now: float) -> None:
        if not self.asking or self._paused_from is not None:
            return
        action = self.seat.on_message(message, self.game)
        if action is not None:
            self._hidden_acts(action, now)

    def handheld_connected(self, connected: bool, now: float) -> None:
        """The handheld went away (the game waits, where the kind says it must) or came back (it goes on, or catches up)."""
        self._handheld_there = connected
        if not self.seat.uses_handheld or self.over:
            return
        if not connected and self._paused_from is None and (self.PAUSES_IN is None or self.ui.mode in self.PAUSES_IN):
            self._wait(self.ui.mode)
        elif connected and self._paused_from is not None:
            mode, self._paused_from = self._paused_from, None
            self.resume(mode, now)
        elif connected and not self.asking:
            self.seat.show(self.game)  # back while the others played on: where the hidden side stands now

    def button_stuck(self, station: Station, now: float) -> None:
        self.say(_("The button at station {station} is stuck: it is ignored until released", station=station))

    def say(self, message: Words) -> None:
        self.ui = replace(self.ui, message=message)

    def tick(self, now: float) -> None:
        """Every frame: the handheld kept up, and why the game waits (it can change: a handheld of another game), or the
        computer's move."""
        self.seat.keep_up()
        if self._paused_from is not None:
            reason = self.seat.away_reason()
            if reason != self.ui.message:
                self.ui = self.paused_ui(reason)
        elif self.asking:
            for action in self.seat.poll(self.game, now):
                if self.asking:
                    self._hidden_acts(action, now)
        else:
            self.tick_more(now)

    def lights(self, now: float, palette: Palette) -> Frame:
        """The board's lights now (also shown behind the game menu)."""
        return self.scene().lights(now, palette)

    def options(self) -> list[Row]:
        """The kind's own rows of the game menu (none unless the kind has some)."""
        return []

    def leave(self) -> None:
        """The players leave the game (it stays journaled): the hidden side's question is withdrawn, thinking stops."""
        if self.asking:
            self.withdraw()
        self.cancel_thinking()

    # ------------------------------------------------------------ for the kinds

    @property
    def paused(self) -> bool:
        return self._paused_from is not None

    def ask_hidden(self, mode: Enum) -> None:
        """The hidden side's turn (the flow shows *mode*): ask its seat, or wait first if its handheld is away."""
        if self.seat.uses_handheld and not self._handheld_there:
            self._wait(mode)
            return
        self.asking = True
        self.seat.begin_turn(self.game)

    def answered(self, *, turn_over: bool = True) -> None:
        """The hidden side's action was played: tell its seat (which asks again if the turn goes on)."""
        self.asking = not turn_over
        self.seat.accepted(self.game)

    def withdraw(self) -> None:
        """The hidden side's turn is taken back before it acted (an undo, a correction, leaving)."""
        self.asking = False
        self.seat.cancel_turn()

    def record(self, event: Event) -> None:
        self.recorder.record(event)

    def end(self, event: Event, ui: U) -> None:
        """The game is over: record *event*, tell the hidden side, stop the computer, show *ui* until a key."""
        self.record(event)
        self.asking = False
        self.seat.game_over(self.game)
        self.cancel_thinking()
        self.over = True
        self.ui = ui

    def refuse(self, station: Station, why: Words, now: float) -> None:
        self.ui = replace(self.ui, refused=Flash(station, now, REFUSED_SECONDS), message=refusal(why))

    def _hidden_acts(self, action: A, now: float) -> None:
        """The hidden side's action has come (from the handheld, or the computer's): the engine has the last word."""
        try:
            self.play_hidden(action)
        except IllegalMoveError as error:
            self.seat.refused(player_words(error, self.WORDING), self.game)
            return
        self.hidden_played(action, now)

    def _wait(self, mode: Enum) -> None:
        self._paused_from = mode
        self.ui = self.paused_ui(self.seat.away_reason())

    def _placed(self, station: Station, now: float) -> None:
        waiting = still_to_place(self.ui.to_place, station)
        if waiting is None:
            self.refuse(station, self.misplaced(station), now)
            return
        self.ui = replace(self.ui, to_place=waiting)
        if not waiting:
            self.placed(now)


def refusal(why: Words) -> Text:
    """A refusal as the message bar says it: "No: Red cannot reach 1"."""
    return _("No: {why}", why=why)


def is_refusal(message: Words) -> bool:
    """Whether *message* is a ``refusal`` (in any language)."""
    return isinstance(message, Text) and message.message == refusal("").message


def refused_now(before: TableUi[Any], after: TableUi[Any]) -> bool:
    """A press was refused between two public states: a new red blink, or a new "No: ..." (a correction's refusal)."""
    blinked = after.refused is not None and after.refused != before.refused
    return blinked or (is_refusal(after.message) and after.message != before.message)
