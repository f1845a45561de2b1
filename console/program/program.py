"""The console from power-on to shut-down: a stack of activities, and the loop's events routed to the one on top.

Every screen is an activity of its own (``console.program.activity``): the start
menu (``start_menu``) and the screens it leads to (``new_game``, ``learn_menu``,
``past_games``, ``settings_menu``), a game (``playing``) with its menu over it,
a lesson (``learning``), a replay (``playback``), the hardware test, the problem
screen (``problem``) with its calibration, the power button's question
(``power_off``). Each opens the next through the program (``console.program.host``);
the program holds them, and what the whole table shares:

- the table's choices (``console.program.choices``), and the sounds that follow
  them: UNDO and MENU pressed together turn the sound off or on from anywhere
  (``console.program.chord``), and the screen says so for a moment;
- the interrupted game, read from its journal once when the program starts
  (the start menu offers it first); given *straight_back_s*, a game torn from the
  table within that time (a restart, a power cut) and not left by the players is
  played again at once (``console.program.straight_back``);
- the handheld link the loop polls (a phone game's, while one is played);
- the power button, over everything: a short press asks whether to shut down,
  a long one shuts down at once; either way the board goes dark and the screen
  says so before the shutdown command runs (``console.program.power_off``);
- an update's news, and its restart once no game is played (``console.appliance.updates``).

A console that cannot play opens on the problem screen instead, and the program
then ends with an ``Ending`` that tells its command what to start next.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from console.appliance.backup import ConsoleFiles, StickOpener
from console.appliance.updates import Updates
from console.games.kind import GameFlow
from console.lessons import Guide
from console.program.activity import Activity
from console.program.choices import Choices
from console.program.chord import MUTE_CHORD, KeyChord
from console.program.hardware_test import HardwareTest
from console.program.host import Ending
from console.program.learn_menu import LESSON_TOKEN, first_course
from console.program.learning import Learning
from console.program.loop import Console
from console.program.new_game import NewGame
from console.program.past_games import PAST_GAMES_PAGE
from console.program.playback import Playback
from console.program.playing import RETRY_SAVING_S, Playing, play
from console.program.power_off import PowerQuestion, ShuttingDown
from console.program.problem import Problem, ProblemActivity
from console.program.session import Sitting, find_kept
from console.program.start_menu import StartMenu
from console.program.straight_back import goes_straight_back
from console.records.journal import ResumedGame, filing_time
from console.settings import GameSettings
from console.table.lights import PALETTES
from console.table.menu import Menu
from console.table.phone import PhoneOpener, phone_opener
from console.table.presenter import Presenter
from console.table.sounds import Event, News, Sounds
from engine import Station, london
from hardware.config import PhoneConfig
from hardware.drivers.sticks import usb_stick
from hardware.interfaces import HandheldLink, Hardware, Key, Message
from language import Words, _

__all__ = ["LESSON_TOKEN", "PAST_GAMES_PAGE", "RETRY_SAVING_S", "SOUND_NOTE_S", "Ending", "Program"]

SOUND_NOTE_S = 2.0
"""How long the screen says "Sound off" (or "Sound on") after the mute chord."""

A = TypeVar("A", bound=Activity)


class Program(Activity):
    """The console's whole program: menus, then games, until it is shut down.

    It holds a stack of activities; every event goes to the one on top (``top``).
    """

    def __init__(
        self,
        hardware: Hardware,
        settings: GameSettings,
        *,
        shutdown: Callable[[], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
        timestamp: Callable[[], str] = filing_time,
        note: Words = "",
        seed: int | None = None,
        think_inline: bool = False,
        files: ConsoleFiles | None = None,
        stick: StickOpener = usb_stick,
        straight_back_s: float = 0.0,
        updates: Updates | None = None,
        phone: PhoneOpener | None = None,
        problem: Problem | None = None,
    ) -> None:
        """*files*: what Settings backs up and restores (default: the data folder's games and preferences); *stick*: opens the USB stick.

        *straight_back_s*: a game interrupted (not left) this recently is played again at once (0: the start menu always opens).
        *phone*: opens the phone's link for a game whose hidden side plays on a phone (default: on the ``[phone]`` defaults).
        *problem*: what stops the console from playing: the problem screen opens instead of the start menu (*note* under it).
        """
        self.hardware = hardware
        self.shutdown = shutdown
        """Powers the machine off (the Pi); without it the last row of the start menu quits the program."""
        self.clock, self.sleep, self.timestamp = clock, sleep, timestamp
        self.seed = seed
        self.think_inline = think_inline
        self.stations: tuple[Station, ...] = london().stations
        self.files = files or ConsoleFiles(settings.data_path)
        self.stick = stick
        self.phone = phone or phone_opener(PhoneConfig(), clock)
        self.updates = updates
        self.stack: list[Activity] = []
        """What the console is doing: the start menu (or a game, a lesson...) at the bottom, what covers it above."""
        self.kept: ResumedGame | None = None
        self._handheld_there = True
        """The handheld link's state as the loop last reported it (a game starts paused without it)."""
        self.finished = False
        """The players shut the console down (or quit it), or the problem screen ended the program (``ending``)."""
        self.ending: Ending | None = None
        """What to start next, when the problem screen ended the program."""
        self.problem = problem
        """What stops the console from playing (None: nothing does)."""
        self.sounds = Sounds(hardware.speaker)
        self.choices = Choices(settings, self.sounds)
        self._ready = False
        """The console has shown its first scene (and played the "ready" sound)."""
        self._sound_note: tuple[Words, float] = ("", 0.0)
        """What the mute chord turned the sound to, in words, and until when the screen says it."""
        self.chord = KeyChord(*MUTE_CHORD, self._toggle_mute, lambda key, now: self.top.key_pressed(key, now))
        """The control keys go through it: UNDO and MENU together toggle the mute instead of acting."""
        if problem is None:
            self.kept, found = find_kept(settings.data_path, timestamp)
            self.home(found or note)
        else:
            self.open(ProblemActivity(self, problem, note))
        self.console = Console(hardware, self, clock=clock, on_power=self.power_pressed)
        if self.kept is not None and straight_back_s > 0 and goes_straight_back(self.kept, straight_back_s):
            play(self, fresh=False, now=clock())  # torn from its game (a restart, a power cut), not left: no press needed

    # ------------------------------------------------------------ the stack of activities

    @property
    def top(self) -> Activity:
        """The activity the events go to."""
        return self.stack[-1]

    def push(self, activity: Activity) -> None:
        self.stack.append(activity)

    def pop(self) -> None:
        self.stack.pop()

    def open(self, activity: Activity) -> None:
        self.stack[:] = [activity]

    def home(self, note: Words = "") -> None:
        self.open(StartMenu(self, note))

    def setup_menu(self) -> None:
        """Open the new game's setup (``scotland-yard play --new``)."""
        self.open(NewGame(self))

    def learn(self, now: float) -> None:
        """Straight into the first course, where it was left (``scotland-yard sim --learn``)."""
        first_course(self, now)

    def _found(self, kind: type[A]) -> A | None:
        return next((activity for activity in reversed(self.stack) if isinstance(activity, kind)), None)

    @property
    def in_game(self) -> bool:
        """A game (or a lesson) is played, under whatever covers it."""
        return any(activity.keeps_a_game for activity in self.stack)

    # ------------------------------------------------------------ what the program shares with its activities

    @property
    def settings(self) -> GameSettings:
        """The console's settings, as the menus last chose them."""
        return self.choices.settings

    @property
    def powers_off(self) -> bool:
        return self.shutdown is not None

    @property
    def handheld_there(self) -> bool:
        return self._handheld_there

    def use_link(self, link: HandheldLink) -> None:
        """The loop polls *link* from now on, and the game starts from its state (no sound: nothing was plugged in or out)."""
        self._handheld_there = self.console.use_link(link)

    def end(self, ending: Ending) -> None:
        self.ending = ending
        self.finished = True

    # ------------------------------------------------------------ what is on, for the tests and the tools

    @property
    def menu(self) -> Menu | None:
        """The menu on top, if a menu is."""
        return self.top.menu

    @property
    def flow(self) -> GameFlow | None:
        """The flow of the game being played (``None`` between games)."""
        playing = self._found(Playing)
        return playing.flow if playing is not None else None

    @property
    def sitting(self) -> Sitting | None:
        playing = self._found(Playing)
        return playing.sitting if playing is not None else None

    @property
    def guide(self) -> Guide | None:
        """The guided game being played (Learn to play)."""
        learning = self._found(Learning)
        return learning.guide if learning is not None else None

    @property
    def playback(self) -> Playback | None:
        """The past game being replayed."""
        return self._found(Playback)

    @property
    def hardware_test(self) -> HardwareTest | None:
        return self._found(HardwareTest)

    # ------------------------------------------------------------ the loop's events, to the activity on top

    def run(self, should_stop: Callable[[], bool] = lambda: False, each_frame: Callable[[], None] | None = None) -> None:
        """Run the console until it is shut down (or *should_stop*); *each_frame* after every step (the watchdog)."""
        self.console.run(lambda: should_stop() or self.finished, self.sleep, each_frame)

    @property
    def status(self) -> str:
        """What the console is doing, in public words (systemd's status line): never a station, never a secret."""
        return "Shutting down" if self.finished else self.top.status

    def station_pressed(self, station: Station, now: float) -> None:
        self.chord.release(now)  # a key held for the mute chord acted first
        self.top.station_pressed(station, now)

    def key_pressed(self, key: Key, now: float) -> None:
        """A control key: through the mute chord (UNDO and MENU together), then to the activity on top."""
        self.chord.key_pressed(key, now)

    def handheld_message(self, message: Message, now: float) -> None:
        self.top.handheld_message(message, now)

    def handheld_connected(self, connected: bool, now: float) -> None:
        if self._ready and connected != self._handheld_there:
            self.sounds.hear([News(Event.PLUGGED if connected else Event.UNPLUGGED)])
        self._handheld_there = connected
        self.top.handheld_connected(connected, now)

    def button_stuck(self, station: Station, now: float) -> None:
        self.top.button_stuck(station, now)

    def tick(self, now: float) -> None:
        self.chord.tick(now)
        if self.updates is not None:
            self._updating()
        self.top.tick(now)

    def present(self, presenter: Presenter, now: float) -> None:
        if self.finished:
            return  # the board stays dark (``off`` showed the last scene)
        presenter.palette = PALETTES[self.settings.palette]
        note, until = self._sound_note
        presenter.warning = next((activity.warning for activity in self.stack if activity.warning), "") or (note if now < until else "")
        for activity in self.stack:
            activity.shown(self.sounds)  # a game's news is heard as it is shown, behind a menu too
        if not self._ready:  # the console's first showing (the start menu, or a game it went straight back to)
            self._ready = True
            self.sounds.hear([News(Event.READY)])
        self.top.present(presenter, now)

    def _updating(self) -> None:
        """An update's progress on the menu; once it (or a rollback) succeeded, the console ends and its service starts the new release."""
        assert self.updates is not None
        news = self.updates.news()
        if news:
            self.top.say(news)
        if self.updates.restart and not self.in_game:
            self.finished = True

    def _toggle_mute(self, now: float) -> None:
        """The mute chord: sound off (or on again) at once, remembered, and said on the screen for a moment."""
        muted = not self.settings.muted
        self.choices.change("muted", muted)
        self.top.choice_changed("muted", muted)
        problem = self.choices.remembered()
        self._sound_note = (problem or (_("Sound off") if muted else _("Sound on")), now + SOUND_NOTE_S)

    # ------------------------------------------------------------ switching off

    def off(self, now: float) -> None:
        """Shut down (or quit): a game is kept as left, and the board goes dark and the screen says so before the power goes."""
        for activity in self.stack:
            activity.switched_off()
        self.finished = True
        self.console.presenter.show(ShuttingDown.of(power_off=self.powers_off), now)
        if self.shutdown:
            self.shutdown()

    def power_pressed(self, held: bool, now: float) -> None:
        """The power button: held, shut down at once; a short press asks first, over whatever is on (UNDO goes back to it)."""
        if self.finished:
            return
        if held:
            self.off(now)
        elif self.top.power_asks_over:
            self.push(PowerQuestion(self, self.top, in_game=self.in_game))

    def close(self) -> None:
        """The console stops (the program is interrupted): each activity lets go of what it holds (a phone game's page)."""
        for activity in self.stack:
            activity.close()
