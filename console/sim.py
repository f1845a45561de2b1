"""``scotland-yard sim``: the whole console on a PC, its board in a pygame window.

This is not a second game: it is the console's own ``Program`` on the ``sim``
hardware profile, so what a player does in the window (click a station, press
a key) goes through the same flow, engine and journal as on the Pi.

Headless, a script drives the window through its own input handling (clicks at
station coordinates, key presses) and takes screenshots; tests and the README's
picture use it. A script is one command a line (``#`` starts a comment)::

    key confirm        # a control key: 1, 2, 3, 4, confirm, undo or menu (pressed by its shortcut)
    click 45           # a click on station 45
    wait 1.5           # let the console run for 1.5 s of its clock
    shot deal          # save the window as DIR/deal.png
    handheld ok        # a button of Mister X's handheld pane: up, down, left, right, ok or back
    toggle-handheld    # show or hide the handheld pane
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import tty
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from console.program import Program
from console.settings import PREFERENCES, GameSettings
from engine import Board, london
from hardware.config import Config, ConfigError
from hardware.factory import build_sim
from hardware.interfaces import HandheldLink, Hardware, Key
from hardware.serial_link import SerialHandheldLink
from hardware.sim import KEYS, BoardDrawing, SimWindow
from hardware.sim_handheld import FdTransport, HandheldPane, SimulatedCable, SimulatedHandheld

STEP_SECONDS = 1 / 30
"""One step of a headless run: the console's frame."""
STEPS_PER_COMMAND = 2
"""Steps after each scripted action: one to take it in, one to show the result."""
_KEY_NAMES = {"1": Key.CHOICE_1, "2": Key.CHOICE_2, "3": Key.CHOICE_3, "4": Key.CHOICE_4,
              "confirm": Key.CONFIRM, "undo": Key.UNDO, "menu": Key.MENU}
_HANDHELD_BUTTONS = ("up", "down", "left", "right", "ok", "back")


class ScriptError(ConfigError):
    """A script line that cannot be run; says which line and why."""


@dataclass(frozen=True)
class Command:
    line: int
    verb: str
    argument: str


def board_drawing(board: Board) -> BoardDrawing:
    """The board as the window draws it: positions, and each line with its transport's name."""
    lines = [(a, b, transport.name.lower()) for transport, pairs in board.lines.items() for a, b in pairs]
    width = max(x for x, _ in board.positions.values())
    height = max(y for _, y in board.positions.values())
    margin = 40
    return BoardDrawing((width + margin, height + margin), board.positions, lines)


def first_run_settings(settings: GameSettings) -> GameSettings:
    """A newcomer's first game in the simulator is against the computer (no handheld to pass around yet)."""
    if (settings.data_path / PREFERENCES).exists():
        return settings
    return GameSettings(**{**settings.__dict__, "mister_x": "computer"})


@dataclass
class SimHandheld:
    """Mister X's simulated handheld and the console's link to it."""

    link: SerialHandheldLink
    press: Callable[[str], None] | None
    """Presses one of its buttons (None when it runs in its own window, another process)."""
    pane: HandheldPane | None = None
    process: subprocess.Popen[bytes] | None = None


def handheld_in_pane(clock: Callable[[], float] = time.monotonic) -> SimHandheld:
    """The handheld as a pane of the simulator's window, on an in-process cable; both ends keep *clock*'s time."""
    cable = SimulatedCable()
    handheld = SimulatedHandheld(cable.device_end, lambda: int(clock() * 1000))
    return SimHandheld(SerialHandheldLink(cable.open_host_end, clock=clock), handheld.press, HandheldPane(handheld, cable))


def handheld_in_window() -> SimHandheld:
    """The handheld in a window of its own (a second screen for Mister X), over a pseudo-terminal."""
    host, device = os.openpty()
    tty.setraw(host)
    tty.setraw(device)
    process = subprocess.Popen([sys.executable, "-m", "console.cli", "handheld-sim", "--port", os.ttyname(device)])
    transport = FdTransport(host)
    return SimHandheld(SerialHandheldLink(lambda: transport), None, process=process)


def open_window(config: Config, handheld: HandheldLink, *, headless: bool) -> tuple[Hardware, SimWindow]:
    """The simulated board's hardware; headless, the window is drawn off-screen (SDL's dummy driver)."""
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    elif sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        raise ConfigError("there is no display to open a window on: use --headless with a --script, or play in the terminal (scotland-yard text)")
    return build_sim(config, board_drawing(london()), handheld)


def parse_script(text: str) -> list[Command]:
    """The script's commands, or a ``ScriptError`` naming the first bad line."""
    commands = []
    stations = set(london().stations)
    for number, raw in enumerate(text.splitlines(), 1):
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        verb, argument = words[0].lower(), " ".join(words[1:])
        if verb == "key" and argument.lower() not in _KEY_NAMES:
            raise ScriptError(f"line {number}: key must be one of {', '.join(_KEY_NAMES)}, not {argument!r}")
        if verb == "click" and not (argument.isdigit() and int(argument) in stations):
            raise ScriptError(f"line {number}: click needs a station number 1-199, not {argument!r}")
        if verb == "wait":
            try:
                if float(argument) < 0:
                    raise ValueError
            except ValueError:
                raise ScriptError(f"line {number}: wait needs seconds (0 or more), not {argument!r}") from None
        if verb == "shot" and not (argument and all(c.isalnum() or c in "-_" for c in argument)):
            raise ScriptError(f"line {number}: shot needs a file name of letters, digits, - and _, not {argument!r}")
        if verb == "handheld" and argument not in _HANDHELD_BUTTONS:
            raise ScriptError(f"line {number}: handheld needs one of {', '.join(_HANDHELD_BUTTONS)}, not {argument!r}")
        if verb not in ("key", "click", "wait", "shot", "handheld", "toggle-handheld"):
            raise ScriptError(f"line {number}: unknown command {verb!r} (key, click, wait, shot, handheld, toggle-handheld)")
        commands.append(Command(number, verb, argument.lower() if verb == "key" else argument))
    return commands


class ManualClock:
    """A headless run's clock: it moves only when the script steps the console."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class ScriptRunner:
    """Plays a script into the window as input events and steps the console after each."""

    def __init__(self, program: Program, window: SimWindow, clock: ManualClock, shots: Path | None,
                 press_handheld: Callable[[str], None] | None = None) -> None:
        self.program, self.window, self.clock, self.shots = program, window, clock, shots
        self.press_handheld = press_handheld
        self.taken: list[Path] = []

    def run(self, commands: Sequence[Command]) -> None:
        import pygame

        for command in commands:
            if command.verb == "key":
                code = next(codes[0] for key, _, _, codes in KEYS if key is _KEY_NAMES[command.argument])
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
            elif command.verb == "click":
                position = self.window.station_centre(int(command.argument))
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=position, button=1))
            elif command.verb == "handheld":
                if self.press_handheld is None:
                    raise ScriptError(f"line {command.line}: this simulator has no handheld pane")
                self.press_handheld(command.argument)
            elif command.verb == "toggle-handheld":
                self.window.toggle_pane()
            elif command.verb == "shot":
                self.step(1)
                if self.shots is not None:
                    path = self.shots / f"{command.argument}.png"
                    self.window.screenshot(str(path))
                    self.taken.append(path)
                continue
            self.step(round(float(command.argument) / STEP_SECONDS) if command.verb == "wait" else STEPS_PER_COMMAND)
            if self.program.finished:
                break

    def step(self, steps: int) -> None:
        for _ in range(steps):
            self.clock.now += STEP_SECONDS
            self.program.console.step()
