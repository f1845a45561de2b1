"""Scripts for the headless simulator: clicks, keys, waits and screenshots played into its window.

Tests and the README's pictures use them (``scotland-yard sim --headless
--script FILE --screenshots DIR``). A script is one command a line (``#``
starts a comment)::

    key confirm        # a control key: 1, 2, 3, 4, confirm, undo or menu (pressed by its shortcut)
    click 45           # a click on station 45
    wait 1.5           # let the console run for 1.5 s of its clock (an hour at most)
    shot deal          # save the window as DIR/deal.png
    handheld ok        # a button of Mister X's handheld pane: up, down, left, right, ok or hide (also: back)
    power              # a short press of the power button (its key, P)
    power hold         # a long press: the power button held (Shift+P)
    toggle-handheld    # show or hide the handheld pane

The runner drives the window through its own input handling (a click at a
station's place, a key's shortcut), then steps the console, whose clock moves
only with the script.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from pathlib import Path

from hardware.config import ConfigError
from hardware.files import read_text
from hardware.interfaces import Key, Station
from hardware.sim.window import KEYS, POWER_KEY, SimWindow
from hardware.station_map import station_number

STEP_SECONDS = 1 / 30
"""One step of a headless run: the console's frame."""
STEPS_PER_COMMAND = 2
"""Steps after each scripted action: one to take it in, one to show the result."""
_KEY_NAMES = {"1": Key.CHOICE_1, "2": Key.CHOICE_2, "3": Key.CHOICE_3, "4": Key.CHOICE_4,
              "confirm": Key.CONFIRM, "undo": Key.UNDO, "menu": Key.MENU}
_HANDHELD_BUTTONS = {"up": "up", "down": "down", "left": "left", "right": "right", "ok": "ok", "hide": "back", "back": "back"}
"""The pane's buttons by the words on them (Hide is the firmware's ``back``)."""
_VERBS = ("key", "click", "wait", "shot", "handheld", "toggle-handheld", "power")
MAX_WAIT_SECONDS = 3600.0
"""The longest ``wait``: a headless run steps every frame of it, so a typo like ``wait 1e12`` would never end."""


class ScriptError(ConfigError):
    """A script line that cannot be run; says which line and why."""


@dataclass(frozen=True)
class Command:
    line: int
    verb: str
    argument: str


def load_script(path: Path, stations: Collection[Station]) -> list[Command]:
    """The script in the file at *path*; a ``ScriptError`` names the file if it cannot be read or has a bad line."""
    text = read_text(path, ScriptError)
    if text is None:
        raise ScriptError(f"no script at {path}")
    try:
        return parse_script(text, stations)
    except ScriptError as error:
        raise ScriptError(f"{path}: {error}") from None


def parse_script(text: str, stations: Collection[Station]) -> list[Command]:
    """The script's commands (clicks on *stations*), or a ``ScriptError`` naming the first bad line."""
    commands = []
    for number, raw in enumerate(text.splitlines(), 1):
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        verb, argument = words[0].lower(), " ".join(words[1:])
        if verb == "key" and argument.lower() not in _KEY_NAMES:
            raise ScriptError(f"line {number}: key must be one of {', '.join(_KEY_NAMES)}, not {argument!r}")
        if verb == "click" and station_number(argument) not in stations:
            raise ScriptError(f"line {number}: click needs a station number 1-199, not {argument!r}")
        if verb == "wait" and not 0 <= _seconds(argument) <= MAX_WAIT_SECONDS:
            raise ScriptError(f"line {number}: wait needs seconds from 0 to {MAX_WAIT_SECONDS:g}, not {argument!r}")
        if verb == "shot" and not (argument and all(c.isalnum() or c in "-_" for c in argument)):
            raise ScriptError(f"line {number}: shot needs a file name of letters, digits, - and _, not {argument!r}")
        if verb == "handheld" and argument not in _HANDHELD_BUTTONS:
            raise ScriptError(f"line {number}: handheld needs one of {', '.join(list(_HANDHELD_BUTTONS)[:-1])}, not {argument!r}")
        if verb == "power" and argument.lower() not in ("", "hold"):
            raise ScriptError(f"line {number}: power is pressed briefly (power) or held (power hold), not {argument!r}")
        if verb not in _VERBS:
            raise ScriptError(f"line {number}: unknown command {verb!r} ({', '.join(_VERBS)})")
        commands.append(Command(number, verb, argument.lower() if verb in ("key", "power") else argument))
    return commands


def _seconds(text: str) -> float:
    """*text* as a number; NaN, which no bound admits, if it is not one."""
    try:
        return float(text)
    except ValueError:
        return math.nan


class ManualClock:
    """A headless run's clock: it moves only when the script steps the console."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class ScriptRunner:
    """Plays a script into the window as input events and steps the console (*step*) after each, until *finished*."""

    def __init__(self, window: SimWindow, clock: ManualClock, shots: Path | None, step: Callable[[], None],
                 finished: Callable[[], bool] = lambda: False, press_handheld: Callable[[str], None] | None = None) -> None:
        self.window, self.clock, self.shots = window, clock, shots
        self._step, self.finished = step, finished
        self.press_handheld = press_handheld
        self.taken: list[Path] = []

    def run(self, commands: Sequence[Command]) -> None:
        import pygame

        for command in commands:
            if command.verb == "key":
                code = next(codes[0] for key, _, _, codes in KEYS if key is _KEY_NAMES[command.argument])
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
            elif command.verb == "power":
                held = pygame.KMOD_SHIFT if command.argument == "hold" else pygame.KMOD_NONE
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=POWER_KEY, mod=held, unicode="", scancode=0))
                pygame.event.post(pygame.event.Event(pygame.KEYUP, key=POWER_KEY, mod=held, unicode="", scancode=0))
            elif command.verb == "click":
                position = self.window.station_centre(int(command.argument))
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=position, button=1))
            elif command.verb == "handheld":
                if self.press_handheld is None:
                    raise ScriptError(f"line {command.line}: this simulator has no handheld pane")
                self.press_handheld(_HANDHELD_BUTTONS[command.argument])
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
            if self.finished():
                break

    def step(self, steps: int) -> None:
        for _ in range(steps):
            self.clock.now += STEP_SECONDS
            self._step()
