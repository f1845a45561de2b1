"""The console from power-on to shut-down: the start menu, the game's setup, games, settings, the hardware test.

The program is what the loop (``console.program.loop.Console``) feeds: while a menu is
open the control keys work it and the board shows its idle lights; while a
game runs its flow gets the events, and MENU opens the game's own menu (its
kind's options, such as the deduction assist and correcting the board; restart;
leave) over it; while the hardware test runs, it gets them; while a past game
is replayed (the start menu's Past games, from the history folder), its
playback gets them; while a guided game is played (the start menu's Learn to
play, ``console.lessons``), its guide gets them, and MENU opens the lesson's
menu (back, start the course again, leave it to resume later). Past games also exports a game as text to a USB stick,
and Settings backs the games and settings up to one and restores them
(``console.appliance.backup``, ``console.records.export``).

A game whose hidden side plays on a person's own phone opens the phone's link
for as long as it is played (``console.table.phone``; the loop polls it instead of the
hardware's handheld): until a phone has paired, the pairing code is over the
game's screen (``console.table.screen.pairing``), and the game menu can pair a phone
again (a new code).

An interrupted game (the power went, the program was killed, the players
left it) is offered first: the start menu opens on "Resume", so a single
CONFIRM takes the table back to where it was. Its journal is read once, when
the program starts (a finished game left behind by a power cut is filed then);
drawing a menu reads nothing. Given *straight_back_s*, a game torn from the
table within that time (a restart, a power cut) and not left by the players
is played again at once, without the start menu (``console.program.straight_back``).

Every word is in the language in use (``hardware.language``): Settings and
the game menu switch it, and the next frame shows every word in it (a game's
too: it holds its words as ``Text``), remembered like the other choices.

Sounds tell the table's public news (``console.table.sounds``): the console is
ready, whose turn it is, a refused press, Mister X's move and reveal, the end,
the handheld plugged in or out. Settings sets their volume, mute and spoken
announcements; UNDO and MENU pressed together turn the sound off or on from
anywhere (``console.program.chord``), and the screen says so for a moment.

A console that cannot play (a config file it cannot use, no station map
yet, a part of the board that does not start, a fault at start) opens on the
problem screen instead (``console.program.problem``): what is wrong, where,
and the owner's choices with the keys: start with default settings, calibrate
the board on its own screen (``console.program.calibrating``), run the hardware
test, go back to the previous version, shut down. The program then ends with
an ``Ending`` that tells its command what to start next.

The power button (its own part of the hardware, not a key) works over
everything: a short press asks whether to shut down (UNDO goes back to what was
on), a long one shuts down at once; either way the board goes dark and the
screen says so before the shutdown command runs (``console.program.power_off``).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from enum import Enum
from pathlib import Path
from typing import Any

from console.appliance.backup import ConsoleFiles, StickOpener, back_up_to_stick, restore_from_stick
from console.appliance.export import export_to_stick
from console.appliance.updates import Updates
from console.games import GameKind, editions, find_kind, kinds
from console.games.kind import GameFlow, Setup
from console.games.thinker import Thinker
from console.lessons import Guide, Progress, shipped_courses
from console.lessons.script import Course
from console.program.activity import Activity, MenuActivity
from console.program.calibrating import Calibrating
from console.program.chord import MUTE_CHORD, KeyChord
from console.program.hardware_test import HardwareTest
from console.program.learning import Learning
from console.program.loop import Console
from console.program.playback import Playback
from console.program.playing import RETRY_SAVING_S, Playing
from console.program.power_off import ShuttingDown, power_question
from console.program.problem import Problem, ProblemActivity, Remedy
from console.program.session import Sitting, find_kept
from console.program.straight_back import forget_left, goes_straight_back
from console.records.history import PastGame, any_filed, filed, past_game
from console.records.journal import ResumedGame, filing_time
from console.records.preferences import load_preferences, save_preferences
from console.records.storage import HISTORY, fault_in_words
from console.settings import CONSOLE_CHOICES, SOUND_CHOICES, VOLUME_STEPS, GameSettings, PaletteName, Seat
from console.table.lights import PALETTES
from console.table.menu import Action, Menu, Row, Setting
from console.table.phone import PhoneHandheld, PhoneOpener, phone_opener
from console.table.presenter import Presenter
from console.table.sounds import Event, News, Sounds
from engine import Station, london
from hardware.config import PhoneConfig
from hardware.interfaces import HandheldLink, Hardware, Key, Message
from hardware.language import LANGUAGES, Words, _, current, p_, plain, use
from hardware.sticks import usb_stick

__all__ = ["LESSON_TOKEN", "PAST_GAMES_PAGE", "RETRY_SAVING_S", "SOUND_NOTE_S", "Ending", "Program"]

log = logging.getLogger(__name__)

_SETUP_MESSAGE = _("Set up the game, then CONFIRM on the last row")
_OFF_ON = (p_("value", "off"), p_("value", "on"))
"""A yes-or-no setting's values (False, True) in words."""
_PALETTE_NAMES = {PaletteName.STANDARD: p_("value", "standard"), PaletteName.COLOUR_BLIND: p_("value", "colour-blind")}
_BACK = p_("row", "Back")
_SEATS = ("players", "mister_x", "detectives_by", "level")
"""The setup rows a new kind's setup starts from when the edition row moves into it (those of them the last kind had)."""
SOUND_NOTE_S = 2.0
"""How long the screen says "Sound off" (or "Sound on") after the mute chord."""
PAST_GAMES_PAGE = 5
"""Past games listed at a time (the screen's rows stay readable); the next ones are a row away."""
LESSON_TOKEN = "1e550000000000ed"
"""The handheld's session token in a guided game when no interrupted game holds the handheld."""


class Ending(Enum):
    """What the program's command starts next when the program ended from the problem screen (None: nothing, it stopped)."""

    AGAIN = "again"
    """The console again, as it starts (the board is calibrated now)."""
    DEFAULTS = "defaults"
    """The console again, with every setting at its default (the config file left as it is)."""


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
        self.settings = settings
        self.shutdown = shutdown
        """Powers the machine off (the Pi); without it the last row of the start menu quits the program."""
        self.clock, self.sleep, self.timestamp = clock, sleep, timestamp
        self.seed = seed
        """Deals new games with this seed (a scripted run); None: a secret one each game."""
        self.think_inline = think_inline
        """Computer players think in-process, at once (a scripted run, reproducible), not in a worker."""
        self.stations = london().stations
        self.files = files or ConsoleFiles(settings.data_path)
        self.stick = stick
        self.phone = phone or phone_opener(PhoneConfig(), clock)
        self.updates = updates
        """Settings' update from a USB stick and rollback (None: the console does not run from an install tree)."""
        self.stack: list[Activity] = []
        """What the console is doing: the start menu (or a game, a lesson...) at the bottom, what covers it above."""
        self.kept: ResumedGame | None = None
        """The interrupted game the start menu offers (read from its journal once)."""
        self._handheld_there = True
        """The handheld link's state as the loop last reported it (a game starts paused without it)."""
        self._setup: Setup | None = None
        self._setup_kind: GameKind | None = None
        self.finished = False
        """The players shut the console down (or quit it), or the problem screen ended the program (``ending``)."""
        self.ending: Ending | None = None
        """What to start next, when the problem screen ended the program."""
        self.problem = problem
        """What stops the console from playing (None: nothing does)."""
        self.sounds = Sounds(hardware.speaker)
        self.sounds.apply(settings)
        self._ready = False
        """The console has shown its first scene (and played the "ready" sound)."""
        self._sound_note: tuple[Words, float] = ("", 0.0)
        """What the mute chord turned the sound to, in words, and until when the screen says it."""
        self.chord = KeyChord(*MUTE_CHORD, self._toggle_mute, lambda key, now: self.top.key_pressed(key, now))
        """The control keys go through it: UNDO and MENU together toggle the mute instead of acting."""
        if problem is None:
            self.kept, found = find_kept(settings.data_path, timestamp)
            self.start_menu(found or note)
        else:
            self.trouble(problem, note)
        self.console = Console(hardware, self, clock=clock, on_power=self.power_pressed)
        if self.kept is not None and straight_back_s > 0 and goes_straight_back(self.kept, straight_back_s):
            self._play(fresh=False, now=clock())  # torn from its game (a restart, a power cut), not left: no press needed

    # ------------------------------------------------------------ the stack of activities

    @property
    def top(self) -> Activity:
        """The activity the events go to."""
        return self.stack[-1]

    def push(self, activity: Activity) -> None:
        """Open *activity* over what is on (a game's menu over the game)."""
        self.stack.append(activity)

    def pop(self) -> None:
        """Close the activity on top: what it covered is on again."""
        self.stack.pop()

    def open(self, activity: Activity) -> None:
        """Make *activity* the one thing on (whatever was open is closed)."""
        self.stack[:] = [activity]

    def open_menu(self, menu: Menu) -> None:
        """Make *menu* the one thing on (the start menu and the menus it leads to)."""
        self.open(MenuActivity(menu, self.stations))

    def _found(self, kind: type[Activity]) -> Activity | None:
        return next((activity for activity in reversed(self.stack) if isinstance(activity, kind)), None)

    @property
    def menu(self) -> Menu | None:
        """The menu on top, if a menu is."""
        return self.top.menu if isinstance(self.top, MenuActivity) else None

    @property
    def playing(self) -> Playing | None:
        """The game being played, under whatever covers it."""
        found = self._found(Playing)
        return found if isinstance(found, Playing) else None

    @property
    def sitting(self) -> Sitting | None:
        playing = self.playing
        return playing.sitting if playing is not None else None

    @property
    def flow(self) -> GameFlow | None:
        """The flow of the game being played (``None`` between games)."""
        playing = self.playing
        return playing.flow if playing is not None else None

    @property
    def learning(self) -> Learning | None:
        found = self._found(Learning)
        return found if isinstance(found, Learning) else None

    @property
    def guide(self) -> Guide | None:
        """The guided game being played (Learn to play)."""
        learning = self.learning
        return learning.guide if learning is not None else None

    @property
    def playback(self) -> Playback | None:
        """The past game being replayed."""
        found = self._found(Playback)
        return found if isinstance(found, Playback) else None

    @property
    def hardware_test(self) -> HardwareTest | None:
        found = self._found(HardwareTest)
        return found if isinstance(found, HardwareTest) else None

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
            return  # the board stays dark (``_off`` showed the last scene)
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
        if news and self.menu is not None:
            self.menu.message = news
        if self.updates.restart and self.playing is None:
            self.finished = True

    # ------------------------------------------------------------ the start menu and the settings

    def start_menu(self, note: Words = "") -> None:
        """Open the start menu, offering the interrupted game first if there is one."""
        rows: list[Row] = [Action(p_("row", "New game"), lambda now: self.setup_menu()),
                           Action(p_("row", "Learn to play"), lambda now: self.learn_menu())]
        rows += [self._quick_game_row(first) for first in (kind.first_game for kind in kinds()) if first is not None]
        if any_filed(self._history):
            rows.append(Action(p_("row", "Past games"), lambda now: self.past_games_menu()))
        rows += [Action(p_("row", "Settings"), lambda now: self.settings_menu()), Action(p_("row", "Hardware test"), self._hardware_test),
                 self._off_row()]
        message = note
        if self.kept is not None:
            rows.insert(0, Action(p_("row", "Resume: {game}", game=self.kept.kind.describe(self.kept.game)),
                                  lambda now: self._play(fresh=False, now=now)))
            message = message or _("A game was interrupted: CONFIRM resumes it")
        self.open_menu(Menu(p_("title", "Scotland Yard"), rows, message=message))

    def settings_menu(self) -> None:
        rows: list[Row] = [
            Setting("assist", p_("row", "Deduction assist"), (False, True), _OFF_ON, self._setting_changed),
            Setting("hints", p_("row", "Beginner hints"), (False, True), _OFF_ON, self._setting_changed),
            Setting("palette", p_("row", "Light colours"), tuple(PaletteName), tuple(_PALETTE_NAMES[name] for name in PaletteName),
                    self._setting_changed),
            language_row(self._setting_changed),
            Action(p_("row", "Back up to USB stick"), self._back_up),
            Action(p_("row", "Restore from USB stick"), self._restore),
            Setting("volume", p_("row", "Volume"), tuple(range(VOLUME_STEPS + 1)), (), self._setting_changed),
            Setting("muted", p_("row", "Sound"), (False, True), _OFF_ON[::-1], self._setting_changed),
            Setting("spoken", p_("row", "Spoken announcements"), (False, True), _OFF_ON, self._setting_changed),
            *(self.updates.rows() if self.updates is not None else []),
            Action(p_("row", "Done"), self._settings_done),
        ]
        self.open_menu(Menu(p_("title", "Settings"), rows, self._settings_values(),
                            message=_("The deduction assist lights where Mister X can be"), back=self._settings_done))

    def _settings_values(self) -> dict[str, Any]:
        return {key: getattr(self.settings, key) for key in ("assist", "hints", "palette", *SOUND_CHOICES)} | {"language": current()}

    def _back_up(self, now: float) -> None:
        assert self.menu is not None
        self.menu.message = back_up_to_stick(self.files, self.stick)

    def _restore(self, now: float) -> None:
        said = restore_from_stick(self.files, self.stick)
        self.settings, problem = load_preferences(self.settings)  # the restored choices hold from now on
        self.sounds.apply(self.settings)
        if self.settings.language:
            use(self.settings.language)
        assert self.menu is not None
        self.menu.values |= self._settings_values()
        self.menu.message = problem or said

    def _setting_changed(self, key: str, value: Any) -> None:
        self.settings = replace(self.settings, **{key: value})
        self.sounds.apply(self.settings)
        if key == "language":
            use(value)  # every word on the screen changes with the next frame

    def remember(self, key: str, value: Any) -> Words:
        """A setting changed in play (the game menu's): it holds from now on and is remembered; a problem if it cannot be."""
        self._setting_changed(key, value)
        return self._remembered()

    def _toggle_mute(self, now: float) -> None:
        """The mute chord: sound off (or on again) at once, remembered, and said on the screen for a moment."""
        self.settings = replace(self.settings, muted=not self.settings.muted)
        self.sounds.apply(self.settings)
        if self.menu is not None and "muted" in self.menu.values:
            self.menu.values["muted"] = self.settings.muted
        problem = self._remembered()
        self._sound_note = (problem or (_("Sound off") if self.settings.muted else _("Sound on")), now + SOUND_NOTE_S)

    def _settings_done(self, now: float) -> None:
        self.start_menu(self._remembered())

    def _remembered(self) -> Words:
        """Remember the menus' choices for the next start; a problem to show if they cannot be (a full disk, a newer console's file)."""
        try:
            return save_preferences(self.settings)
        except OSError as error:
            return _("Your choices hold until the console stops: they cannot be saved ({reason})", reason=fault_in_words(error))

    def _off_row(self) -> Action:
        """The last row of the start menu and the problem screen: shut down (asked twice) on the board, quit on a PC."""
        return Action(p_("row", "Shut down"), self._off, confirm_twice=True) if self.shutdown else Action(p_("row", "Quit"), self._off)

    # ------------------------------------------------------------ the problem screen

    def trouble(self, problem: Problem, note: Words = "") -> None:
        """Open the problem screen: what stops the console, and what its owner can do about it with the keys."""
        rows: list[Row] = []
        for remedy in problem.remedies:
            if remedy is Remedy.DEFAULTS:
                rows.append(Action(p_("row", "Start with default settings"), lambda now: self._end(Ending.DEFAULTS)))
            elif remedy is Remedy.CALIBRATE:
                rows.append(Action(p_("row", "Calibrate the board"), lambda now: self._calibrate(problem)))
            elif remedy is Remedy.HARDWARE_TEST:
                rows.append(Action(p_("row", "Run the hardware test"),
                                   lambda now: self.push(HardwareTest(self.stations, now, over=self._back_to_problem))))
        rollback = self.updates.rollback_row() if self.updates is not None else None
        rows += [*([rollback] if rollback is not None else []), self._off_row()]
        self.open(ProblemActivity(problem, Menu(problem.title, rows, message=note), self.stations))

    def _end(self, ending: Ending) -> None:
        self.ending = ending
        self.finished = True

    def _calibrate(self, problem: Problem) -> None:
        assert problem.calibration is not None
        self.push(Calibrating(problem.calibration, self.stations, over=self._calibrated))

    def _calibrated(self, complete: bool, said: Words) -> None:
        """Calibration is over: with a complete map the console starts again (on it); else back to the problem screen, saying why."""
        if complete:
            log.info("%s", said)
            self._end(Ending.AGAIN)
        else:
            self._back_to_problem(said)

    def _back_to_problem(self, said: Words) -> None:
        self.pop()
        if self.menu is not None:
            self.menu.message = said

    # ------------------------------------------------------------ switching off

    def _off(self, now: float) -> None:
        """Shut down (or quit): a game is kept as left, and the board goes dark and the screen says so before the power goes."""
        playing, learning = self.playing, self.learning
        if playing is not None:
            playing.keep_left()
            self.kept = playing.sitting.kept()
        if learning is not None:
            learning.leave()
        self.finished = True
        self.console.presenter.show(ShuttingDown.of(power_off=self.shutdown is not None), now)
        if self.shutdown:
            self.shutdown()

    def power_pressed(self, held: bool, now: float) -> None:
        """The power button: held, shut down at once; a short press asks first, over whatever is on (UNDO goes back to it)."""
        if self.finished:
            return
        if held:
            self._off(now)
            return
        if isinstance(self.top, PowerQuestion):
            return
        in_game = self.playing is not None or self.learning is not None
        question = power_question(power_off=self.shutdown is not None, in_game=in_game, off=self._off, back=lambda now: self.pop())
        self.push(PowerQuestion(question, self.stations, under=self.top))

    def close(self) -> None:
        """The console stops (the program is interrupted): a phone game's page is served no more (the game stays journaled).

        A game the disk refused gets a last try; what it still refuses is lost, and the log says how much.
        """
        playing = self.playing
        if playing is not None:
            playing.sitting.retry_saving()
            lost = playing.sitting.opened.journal.waiting
            if lost:
                log.error("the console stops with %d event(s) of the game in play never saved (%s): they are lost", lost,
                          playing.sitting.saving_problem)
            playing.release_link()

    # ------------------------------------------------------------ the new game's setup

    def setup_menu(self, settings: GameSettings | None = None) -> None:
        """The new game's setup, its rows first set from *settings* (default: the console's); its kind adds its rows."""
        settings = settings or self.settings
        self._setup_kind = find_kind(settings.edition)
        setup = self._setup = self._setup_kind.setup(settings)
        names = tuple(find_kind(edition).editions[edition] for edition in editions())
        rows: list[Row] = [Setting("edition", p_("row", "Edition"), editions(), names, self._setup_changed),
                           *setup.rows(self._setup_changed), self._deal_row(setup.start)]
        self.open_menu(Menu(setup.title, rows, {"edition": settings.edition} | setup.values(), cursor=len(rows) - 1,
                            message=_SETUP_MESSAGE, back=lambda now: self.start_menu()))

    def _quick_game_row(self, first: Mapping[str, Any]) -> Action:
        return Action(p_("row", "Quick game"), lambda now: self.quick_game(first))

    def quick_game(self, first: Mapping[str, Any]) -> None:
        """The setup of a kind's quick first game (``GameKind.first_game``), its cursor on the row that deals it."""
        self.setup_menu(replace(self.settings, detectives=None, bobbies=None, **first))
        assert self.menu is not None
        self.menu.message = _("A first game of about twenty minutes: CONFIRM deals it")

    def _deal_row(self, label: Words) -> Action:
        """The setup's last row; over an interrupted game it asks twice, naming the game it ends."""
        if self.kept is None:
            return Action(label, self._deal)
        lost = self.kept.kind.describe(self.kept.game)
        return Action(label, self._deal, confirm_twice=True, warning=_("CONFIRM again: the interrupted game ({game}) ends", game=lost))

    def _setup_changed(self, key: str, value: Any) -> None:
        menu, setup = self.menu, self._setup
        assert menu is not None and setup is not None
        if key == "edition" and find_kind(value) is not self._setup_kind:  # into another kind's setup, with the seats chosen so far
            kept = {choice: menu.values[choice] for choice in _SEATS if choice in menu.values}
            self.setup_menu(replace(self.settings, edition=value, detectives=None, bobbies=None, **kept))
            assert self.menu is not None
            self.menu.cursor = 0
            return
        setup.changed(menu, key)

    def _deal(self, now: float) -> None:
        menu, setup = self.menu, self._setup
        assert menu is not None and setup is not None
        self.settings = setup.chosen(self.settings, menu.values)
        problem = self._remembered()
        self._play(fresh=True, now=now)
        if problem and self.flow is not None:
            self.flow.say(problem)

    # ------------------------------------------------------------ games

    def _play(self, *, fresh: bool, now: float) -> None:
        """Resume the kept game or deal a new one; a phone game opens its phone's link first (if it cannot, the start menu says why)."""
        chosen = self.kept.settings if self.kept is not None and not fresh else self.settings  # as ``open_game`` chooses
        link: HandheldLink = self.hardware.handheld
        phone: PhoneHandheld | None = None
        if chosen.mister_x is Seat.PHONE:
            try:
                link = phone = self.phone()
            except OSError as error:
                self.start_menu(_("The phone game cannot start: the console cannot serve the phone's page ({reason})",
                                  reason=plain(error.strerror or str(error))))
                return
        if self.kept is not None:
            forget_left(self.kept)
        sitting = Sitting(self.hardware, self.settings, now, kept=self.kept, fresh=fresh, timestamp=self.timestamp, seed=self.seed,
                          thinker=Thinker(inline=self.think_inline), handheld=link)
        self.kept = None
        self.open(Playing(sitting, stations=self.stations, push=self.push, pop=self.pop, home=self._home_from_game,
                          restart=self._restart, remember=self.remember, language=language_row, phone=phone,
                          closed=lambda: self._phone_done(phone)))
        self._use_link(link)
        if not self._handheld_there:
            sitting.flow.handheld_connected(False, now)

    def _home_from_game(self, note: Words) -> None:
        """The players left the game (it is kept: the start menu offers it), or it is filed."""
        playing = self.playing
        if playing is not None and not playing.flow.game.is_over:
            self.kept = playing.sitting.kept()
        self.start_menu(note)

    def _restart(self, sitting: Sitting, now: float) -> None:
        """A new deal in place of *sitting*'s game, which is filed unfinished; its settings, but the console's own choices."""
        self.kept = sitting.kept()
        own = {key: getattr(self.settings, key) for key in CONSOLE_CHOICES}
        self.settings = replace(sitting.opened.settings, **own)  # a resumed game brings its own settings, but not the console's
        self._play(fresh=True, now=now)

    def _use_link(self, link: HandheldLink) -> None:
        """The loop polls *link* from now on, and the game starts from its state (no sound: nothing was plugged in or out)."""
        self._handheld_there = self.console.use_link(link)

    def _phone_done(self, phone: PhoneHandheld | None) -> None:
        """The phone game is over, left or restarted: its link closes (its page is served no more), the hardware's is polled again."""
        if phone is not None:
            phone.close()
            self._use_link(self.hardware.handheld)

    # ------------------------------------------------------------ past games

    @property
    def _history(self) -> Path:
        return self.settings.data_path / HISTORY

    def past_games_menu(self, page: int = 0, cursor: int | None = None) -> None:
        """The filed games, newest first, a page at a time; CONFIRM offers one's replay and export, UNDO goes back to the start menu."""
        paths = filed(self._history)
        if not paths:
            self.start_menu()
            return
        pages = -(-len(paths) // PAST_GAMES_PAGE)
        page = min(page, pages - 1)
        first = page * PAST_GAMES_PAGE
        shown = paths[first : first + PAST_GAMES_PAGE]
        rows: list[Row] = [Action(p_("row", "Newer games"), lambda now: self.past_games_menu(page - 1))] if page > 0 else []
        rows += [self._past_game_row(past_game(path), page, len(rows) + index) for index, path in enumerate(shown)]
        if page < pages - 1:
            rows.append(Action(p_("row", "Older games"), lambda now: self.past_games_menu(page + 1)))
        rows.append(Action(_BACK, lambda now: self.start_menu()))
        title = (p_("title", "Past games") if pages == 1
                 else p_("title", "Past games {first}-{last} of {count}", first=first + 1, last=first + len(shown), count=len(paths)))
        self.open_menu(Menu(title, rows, cursor=int(page > 0) if cursor is None else cursor,
                            message=_("CONFIRM on a game: replay it, or export it to a USB stick"), back=lambda now: self.start_menu()))

    def _past_game_row(self, game: PastGame, page: int, row: int) -> Action:
        return Action(game.label, lambda now: self._past_game_menu(game, page, row))

    def _past_game_menu(self, game: PastGame, page: int, row: int) -> None:
        """One past game: replay it, or export it as text to the USB stick; an unreadable one says why instead."""
        if game.kind is None:
            assert self.menu is not None
            self.menu.message = _("It cannot be replayed: {reason}", reason=game.problem)
            return

        def back(now: float) -> None:
            self.past_games_menu(page, row)

        def export(now: float) -> None:
            assert self.menu is not None
            self.menu.message = export_to_stick(game.path, self.stick)

        rows: list[Row] = [Action(p_("row", "Replay"), lambda now: self._replay(game, page, row, now)),
                           Action(p_("row", "Export to USB stick"), export), Action(_BACK, back)]
        self.open_menu(Menu(game.label, rows, message=_("Replay: any key skips to the end, another leaves"), back=back))

    def _replay(self, game: PastGame, page: int, row: int, now: float) -> None:
        assert game.kind is not None and game.game is not None
        self.open(Playback(game.kind, game.game, now, left=lambda: self.past_games_menu(page, row)))

    # ------------------------------------------------------------ learn to play

    def learn_menu(self, note: Words = "") -> None:
        """The guided games, each resumed where it was left; UNDO goes back to the start menu."""
        progress = Progress(self.settings.data_path)
        rows: list[Row] = [self._course_row(course, progress.at(course.name, len(course.steps))) for course in shipped_courses()]
        rows.append(Action(_BACK, lambda now: self.start_menu()))
        message = note or progress.problem or _("A game that teaches itself, step by step")
        self.open_menu(Menu(p_("title", "Learn to play"), rows, message=message, back=lambda now: self.start_menu()))

    def _course_row(self, course: Course, at: int) -> Action:
        if not at:
            return Action(course.title, lambda now: self._guided(course, 0, now))

        def resume_or_restart(now: float) -> None:
            where = Guide.where_in(course, at)
            rows: list[Row] = [Action(p_("row", "Go on: {where}", where=where), lambda now: self._guided(course, at, now)),
                               Action(p_("row", "Start again from the beginning"), lambda now: self._guided(course, 0, now)),
                               Action(_BACK, lambda now: self.learn_menu())]
            self.open_menu(Menu(course.title, rows, message=_("You left this course on the way"), back=lambda now: self.learn_menu()))

        return Action(p_("row", "{course} (go on)", course=course.title), resume_or_restart)

    def learn(self, now: float) -> None:
        """Straight into the first course, where it was left (``scotland-yard sim --learn``)."""
        course = shipped_courses()[0]
        self._guided(course, Progress(self.settings.data_path).at(course.name, len(course.steps)), now)

    def _guided(self, course: Course, start: int, now: float) -> None:
        """Play *course* from step *start*; the handheld joins it without losing an interrupted game's claim on it."""
        handheld = self.hardware.handheld
        if self.kept is not None:
            handheld.start_session(self.kept.token, new_game=False)
        else:
            handheld.start_session(LESSON_TOKEN, new_game=True)
        guide = Guide(course, handheld, self.settings, now, start=start)
        learning = Learning(guide, Progress(self.settings.data_path), handheld, stations=self.stations, push=self.push, pop=self.pop,
                            over=self.learn_menu, again=self._again)
        self.open(learning)
        if not self._handheld_there:
            guide.handheld_connected(False, now)

    def _again(self, course: Course, now: float) -> None:
        """The course from its first step, remembered at once."""
        self._guided(course, 0, now)
        learning = self.learning
        assert learning is not None
        learning.save_progress()

    # ------------------------------------------------------------ the hardware test

    def _hardware_test(self, now: float) -> None:
        self.open(HardwareTest(self.stations, now, over=self.start_menu))


class PowerQuestion(MenuActivity):
    """The power button's question, over whatever is on (UNDO goes back to it)."""


def language_row(changed: Callable[[str, Any], None]) -> Setting:
    """The language of every word: each offered by its own name, whatever the language in use."""
    return Setting("language", p_("row", "Language"), tuple(LANGUAGES), tuple(LANGUAGES.values()), changed, first=current())
