"""The console from power-on to shut-down: the start menu, the game's setup, games, settings, the hardware test.

The program is what the loop (``console.app.Console``) feeds: while a menu is
open the control keys work it and the board shows its idle lights; while a
game runs its ``Flow`` gets the events, and MENU opens the game's own menu
(the deduction assist, correcting the board, restart, leave) over it.

An interrupted game (the power went, the program was killed, the players
left it) is offered first: the start menu opens on "Resume", so a single
CONFIRM takes the table back to where it was.
"""

from __future__ import annotations

import io
import time
from collections.abc import Callable
from dataclasses import replace

from console.app import Console, Presenter
from console.flow import Flow
from console.journal import JournalError, archive, load
from console.junior_flow import JuniorFlow
from console.lights import COLOUR_BLIND, STANDARD
from console.menu import BACK, Menu, Row
from console.session import HISTORY, JOURNAL, Sitting
from console.settings import (
    DETECTIVE_SEATS,
    GAMES,
    JUNIOR,
    JUNIOR_PLAYERS,
    LEVELS,
    SEATS,
    GameSettings,
    bobbies_of,
    detectives_of,
    save_preferences,
)
from console.thinker import Thinker
from engine import EDITIONS, Station, london
from engine.ai.junior import JUNIOR_LEVELS
from engine.editions import FIVE_REVEALS, StartDeal
from engine.junior import JuniorGame, districts
from hardware.interfaces import Hardware, Key, Message
from hardware.selftest import SelfTest

SELF_TEST_LISTEN_S = 30.0
"""The hardware test listens this long after the last press (MENU ends it sooner)."""
_SEAT_NAMES = {"handheld": "a person, on the handheld", "computer": "the computer"}


class Program:
    """The console's whole program: menus, then games, until it is shut down."""

    def __init__(
        self,
        hardware: Hardware,
        settings: GameSettings,
        *,
        shutdown: Callable[[], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
        timestamp: Callable[[], str] = lambda: time.strftime("%Y%m%d-%H%M%S"),
        note: str = "",
        seed: int | None = None,
        think_inline: bool = False,
    ) -> None:
        self.hardware = hardware
        self.settings = settings
        self.shutdown = shutdown
        """Powers the machine off (the Pi); without it the last row of the start menu quits the program."""
        self.clock, self.sleep, self.timestamp = clock, sleep, timestamp
        self.seed = seed
        """Deals new games with this seed (a scripted run); None: a secret one each game."""
        self.think_inline = think_inline
        """Computer players think in-process, at once (a scripted run, reproducible), not in a worker."""
        self.sitting: Sitting | None = None
        self._handheld_there = True
        """The handheld link's state as the loop last reported it (a game starts paused without it)."""
        self.menu: Menu | None = None
        self._menu_kind = ""
        self.finished = False
        """The players shut the console down (or quit it)."""
        self.start_menu(note)
        self.console = Console(hardware, self, clock=clock)

    @property
    def flow(self) -> Flow | JuniorFlow | None:
        """The flow of the game being played (``None`` between games)."""
        return self.sitting.flow if self.sitting is not None else None

    def run(self, should_stop: Callable[[], bool] = lambda: False) -> None:
        """Run the console until it is shut down (or *should_stop*)."""
        self.console.run(lambda: should_stop() or self.finished, self.sleep)

    # ------------------------------------------------------------ the menus

    def start_menu(self, note: str = "") -> None:
        """Open the start menu, offering the interrupted game first if there is one."""
        rows = [Row("new", "New game"), Row("settings", "Settings"), Row("hw_test", "Hardware test")]
        rows.append(Row("off", "Shut down", confirm_twice=True) if self.shutdown else Row("off", "Quit"))
        interrupted, problem = self._interrupted()
        message = problem or note
        if interrupted:
            rows.insert(0, Row("resume", f"Resume: {interrupted}"))
            message = message or "A game was interrupted: CONFIRM resumes it"
        self._open("start", Menu("Scotland Yard", rows, message=message))

    def _interrupted(self) -> tuple[str, str]:
        """A description of the journaled game that can be resumed (or ''), and a problem to report."""
        path = self.settings.data_path / JOURNAL
        if not path.exists():
            return "", ""
        try:
            found = load(path)
        except (JournalError, OSError) as error:
            return "", f"The saved game could not be resumed: {error}"
        game = found.game
        if game.is_over:  # the power went before it was filed
            archive(path, self.settings.data_path / HISTORY, game, self.timestamp())
            return "", ""
        return f"{'Junior' if isinstance(game, JuniorGame) else game.ruleset.name}, round {game.round}", ""

    def setup_menu(self, settings: GameSettings | None = None) -> None:
        """The new game's setup, its rows first set from *settings* (default: the console's)."""
        settings = settings or self.settings
        if settings.edition == JUNIOR:
            self._junior_setup_menu(settings)
            return
        rows = [
            Row("edition", "Edition", GAMES),
            Row("reveals", "Mister X shows himself"),
            Row("players", "Players"),
            Row("detectives", "Detectives"),
            Row("bobbies", "Bobbies"),
            Row("mister_x", "Mister X is", SEATS, tuple(_SEAT_NAMES[seat] for seat in SEATS)),
            Row("detectives_by", "Detectives are", DETECTIVE_SEATS, ("people, at the board", "the computer")),
            Row("level", "Computer plays", LEVELS),
            Row("start", "Deal the start stations"),
        ]
        chosen = {"edition": settings.edition, "mister_x": settings.mister_x, "detectives_by": settings.detectives_by, "level": settings.level}
        menu = Menu("New game", rows, chosen, cursor="start",
                    message="Set up the game, then CONFIRM on the last row")
        self._open("setup", menu)
        self._fit_setup(settings)

    def _junior_setup_menu(self, settings: GameSettings) -> None:
        """Junior's setup: where, how many players (4: two rogues), who plays the rogues and the detectives."""
        places = districts()
        low, high = JUNIOR_PLAYERS
        rows = [
            Row("edition", "Edition", GAMES),
            Row("district", "Played in", tuple(places), tuple(place.title for place in places.values())),
            Row("players", "Players (4: Mister FOX and ROXy)", _numbers(low, high)),
            Row("mister_x", "The rogues are", SEATS, tuple(_SEAT_NAMES[seat] for seat in SEATS)),
            Row("detectives_by", "The detectives are", DETECTIVE_SEATS, ("people, at the board", "the computer")),
            Row("level", "Computer plays", JUNIOR_LEVELS),
            Row("start", "Set up the pawns"),
        ]
        chosen = {"edition": JUNIOR, "district": settings.district or next(iter(places)), "mister_x": settings.mister_x,
                  "detectives_by": settings.detectives_by, "players": str(min(max(settings.players, low), high)),
                  "level": settings.level if settings.level in JUNIOR_LEVELS else "normal"}
        self._open("setup", Menu("New game: Junior", rows, chosen, cursor="start",
                                 message="Set up the game, then CONFIRM on the last row"))

    def _fit_setup(self, settings: GameSettings) -> None:
        """The rows whose range depends on the edition and the players, set from *settings*."""
        menu = self.menu
        assert menu is not None
        ruleset = EDITIONS[settings.edition]
        low, high = ruleset.players
        spare = len(ruleset.detective_starts) - detectives_of(settings) - (ruleset.start_deal is StartDeal.SHARED)
        own = _moves(ruleset.reveal_moves)
        menu.replace_row(Row("reveals", "Mister X shows himself", ("edition", "five"), (f"after moves {own}", f"after moves {_moves(FIVE_REVEALS)}")))
        menu.replace_row(Row("players", "Players (Mister X too)", _numbers(low, high)))
        menu.replace_row(Row("detectives", "Detectives", _numbers(ruleset.min_detectives, ruleset.max_detectives)))
        menu.replace_row(Row("bobbies", "Bobbies", _numbers(0, spare)))
        menu.values |= {"reveals": "five" if settings.five_reveals else "edition", "players": str(settings.players),
                        "detectives": str(detectives_of(settings)), "bobbies": str(bobbies_of(settings))}

    def _setup_changed(self, name: str) -> None:
        menu = self.menu
        assert menu is not None
        values = menu.values
        edition = values["edition"]
        if name == "edition" and (edition == JUNIOR) != ("district" in values):  # into Junior's setup, or out of it
            low, high = JUNIOR_PLAYERS if edition == JUNIOR else EDITIONS[edition].players
            self.setup_menu(replace(self.settings, edition=edition, players=min(max(int(values["players"]), low), high),
                                    mister_x=values["mister_x"], detectives_by=values["detectives_by"], level=values["level"],
                                    detectives=0, bobbies=-1))
            assert self.menu is not None
            self.menu.cursor = 0
            return
        if edition == JUNIOR:
            return
        ruleset = EDITIONS[edition]
        players = min(max(int(values["players"]), ruleset.players[0]), ruleset.players[1])
        chosen = GameSettings(edition=edition, players=players, five_reveals=values["reveals"] == "five")
        if name in ("detectives", "bobbies"):  # a choice away from the table; players set them back to it
            chosen = replace(chosen, detectives=int(values["detectives"]))
            spare = len(ruleset.detective_starts) - chosen.detectives - (ruleset.start_deal is StartDeal.SHARED)
            chosen = replace(chosen, bobbies=min(int(values["bobbies"]), spare))
        self._fit_setup(chosen)

    def _setup_settings(self) -> GameSettings:
        menu = self.menu
        assert menu is not None
        values = menu.values
        if values["edition"] == JUNIOR:
            return replace(self.settings, edition=JUNIOR, district=values["district"], players=int(values["players"]),
                           mister_x=values["mister_x"], detectives_by=values["detectives_by"], level=values["level"],
                           detectives=0, bobbies=-1, five_reveals=False)
        game = replace(self.settings, edition=values["edition"], players=int(values["players"]),
                       five_reveals=values["reveals"] == "five", mister_x=values["mister_x"], detectives_by=values["detectives_by"],
                       level=values["level"], detectives=0, bobbies=-1)
        if int(values["detectives"]) != detectives_of(game):
            game = replace(game, detectives=int(values["detectives"]))
        if int(values["bobbies"]) != bobbies_of(game):
            game = replace(game, bobbies=int(values["bobbies"]))
        return game

    def settings_menu(self) -> None:
        rows = [Row("assist", "Deduction assist", ("off", "on")),
                Row("palette", "Light colours", ("standard", "colour-blind")),
                Row("done", "Done")]
        values = {"assist": "on" if self.settings.assist else "off", "palette": self.settings.palette}
        self._open("settings", Menu("Settings", rows, values, message="The deduction assist lights where Mister X can be"))

    def game_menu(self) -> None:
        flow = self.flow
        assert flow is not None
        rows = [Row("back", "Back to the game")]
        if isinstance(flow, Flow):
            rows.append(Row("assist", "Deduction assist", ("off", "on")))
            if flow.can_correct:
                rows.append(Row("correct", "Correct the board"))
        rows += [Row("restart", "Restart with a new deal", confirm_twice=True), Row("leave", "Leave (the game is kept)")]
        self._open("game", Menu("Game menu", rows, {"assist": "on" if isinstance(flow, Flow) and flow.ui.assist else "off"}))

    def _open(self, kind: str, menu: Menu) -> None:
        self._menu_kind, self.menu = kind, menu

    def _close_menu(self) -> None:
        self._menu_kind, self.menu = "", None

    def _chosen(self, name: str, now: float) -> None:
        """A menu row was chosen (or a setting stepped): do what it says."""
        kind, menu = self._menu_kind, self.menu
        assert menu is not None
        if kind == "start":
            if name == "resume":
                self._play(fresh=False, now=now)
            elif name == "new":
                self.setup_menu()
            elif name == "settings":
                self.settings_menu()
            elif name == "hw_test":
                self.start_menu(self._hardware_test())
            elif name == "off":
                self.finished = True
                if self.shutdown:
                    self.shutdown()
        elif kind == "setup":
            if name == BACK:
                self.start_menu()
            elif name == "start":
                self.settings = self._setup_settings()
                save_preferences(self.settings)
                self._play(fresh=True, now=now)
            elif name not in ("mister_x", "detectives_by", "level"):
                self._setup_changed(name)
        elif kind == "settings":
            self.settings = replace(self.settings, assist=menu.value("assist") == "on", palette=menu.value("palette"))
            if name in (BACK, "done"):
                save_preferences(self.settings)
                self.start_menu()
        elif kind == "game":
            self._game_menu_chosen(name, now)

    def _game_menu_chosen(self, name: str, now: float) -> None:
        sitting, menu = self.sitting, self.menu
        assert sitting is not None and menu is not None
        flow = sitting.flow
        if name == "assist" and isinstance(flow, Flow):
            flow.set_assist(menu.value("assist") == "on")
        elif name in (BACK, "back"):
            self._close_menu()
        elif name == "correct" and isinstance(flow, Flow):
            self._close_menu()
            flow.begin_correction(now)
        elif name == "restart":
            sitting.flow.leave()
            self.settings = sitting.opened.settings  # a resumed game brings its own settings
            self._play(fresh=True, now=now)
        elif name == "leave":
            sitting.flow.leave()
            self.sitting = None
            self.start_menu("The game is kept: Resume takes you back to it")

    # ------------------------------------------------------------ games

    def _play(self, *, fresh: bool, now: float) -> None:
        self._close_menu()
        self.sitting = Sitting(self.hardware, self.settings, now, fresh=fresh, timestamp=self.timestamp, seed=self.seed,
                               thinker=Thinker(inline=self.think_inline))
        if not self._handheld_there:
            self.sitting.flow.handheld_connected(False, now)

    def _game_done(self) -> None:
        """The players have seen the end: file the game, back to the start menu."""
        assert self.sitting is not None
        self.sitting.file()
        self.sitting = None
        self.start_menu("The game is filed in the history folder")

    # ------------------------------------------------------------ the hardware test

    def _hardware_test(self) -> str:
        """Light every station, then report every button, on the screen; the summary comes back."""
        screen = _ScreenLog(self.console.presenter)
        hardware = self.hardware
        SelfTest(hardware.leds, hardware.station_buttons, hardware.controls, london().stations, screen,
                 sleep=self.sleep, clock=self.clock).run(SELF_TEST_LISTEN_S)
        return f"Hardware test: {screen.lines[-1]}"

    # ------------------------------------------------------------ events

    def station_pressed(self, station: Station, now: float) -> None:
        if self.menu is None and self.sitting is not None:
            self.sitting.flow.station_pressed(station, now)
        elif self.menu is not None:
            self.menu.message = "Use the keys beside the board (shown below)"

    def key_pressed(self, key: Key, now: float) -> None:
        if self.menu is not None:
            chosen = self.menu.key_pressed(key)
            if chosen is not None:
                self._chosen(chosen, now)
            return
        if self.sitting is None:
            return
        flow = self.sitting.flow
        if key is Key.MENU and not flow.over:
            self.game_menu()
            return
        flow.key_pressed(key, now)
        if flow.finished:
            self._game_done()

    def handheld_message(self, message: Message, now: float) -> None:
        if self.sitting is not None:
            self.sitting.flow.handheld_message(message, now)

    def handheld_connected(self, connected: bool, now: float) -> None:
        self._handheld_there = connected
        if self.sitting is not None:
            self.sitting.flow.handheld_connected(connected, now)

    def button_stuck(self, station: Station, now: float) -> None:
        if self.sitting is not None:
            self.sitting.flow.button_stuck(station, now)
        elif self.menu is not None:
            self.menu.message = f"The button at station {station} is stuck: it is ignored until released"

    def tick(self, now: float) -> None:
        if self.sitting is not None:
            self.sitting.flow.tick(now)

    def present(self, presenter: Presenter, now: float) -> None:
        presenter.palette = COLOUR_BLIND if self.settings.palette == "colour-blind" else STANDARD
        flow = self.flow
        if self.menu is None and flow is not None:
            flow.present(presenter, now)
        elif self.menu is not None:
            presenter.show_menu(self.menu.ui, now, flow)


class _ScreenLog(io.StringIO):
    """A text stream shown on the console's screen, its last lines under a title (the hardware test's output)."""

    LINES = 8

    def __init__(self, presenter: Presenter) -> None:
        super().__init__()
        self.presenter = presenter
        self.lines: list[str] = []

    def write(self, text: str) -> int:
        self.lines += [line for line in text.splitlines() if line.strip()]
        self.presenter.show_lines("Hardware test (MENU ends it)", tuple(self.lines[-self.LINES:]))
        return len(text)


def _numbers(low: int, high: int) -> tuple[str, ...]:
    return tuple(str(n) for n in range(low, high + 1))


def _moves(moves: frozenset[int]) -> str:
    return ", ".join(str(move) for move in sorted(moves))
