"""The console's program on the ``fake`` profile, with a table of players beside it: what program tests drive."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from console.games.classic.flow import Flow
from console.games.classic.model import Mode
from console.program.program import Program
from console.settings import GameSettings
from console.table.phone import PhoneOpener
from hardware.config import Config
from hardware.drivers.handheld import MemoryHandheldLink
from hardware.drivers.screen import OffscreenScreen
from hardware.factory import build_hardware
from hardware.interfaces import Hardware, Key, Message
from hardware.station_map import StationMap
from tests.support.players import StepClock, Table, first_listed_move

STATIONS = range(1, 200)
MISTER_X_STEPS = 200
"""Frames a test waits for Mister X's move: the computer's comes a few seconds after his turn began (50 ms a reading)."""


def fake_hardware(far_end: Callable[[Message], list[Message]] | None = first_listed_move) -> Hardware:
    return build_hardware(Config(profile="fake"), StationMap.identity(STATIONS), STATIONS, handheld=MemoryHandheldLink(far_end))


class Console:
    """A program on fake hardware with a table of players beside it."""

    def __init__(self, data: Path, *, shutdown: Callable[[], None] | None = None, straight_back_s: float = 0.0,
                 far_end: Callable[[Message], list[Message]] | None = first_listed_move, seed: int | None = 0,
                 phone: PhoneOpener | None = None, pieces_by_hand: bool = True, **settings: object) -> None:
        """*far_end* answers what the console sends the handheld (default: Mister X plays his first listed move);
        *seed* deals every game alike, so that a test plays the same game on every run (None: a secret deal each game, as at a table);
        *phone* opens the phone's link (default: the program's own); *pieces_by_hand*: False for a board whose lights are its
        pieces (the simulator's)."""
        self.hardware = replace(fake_hardware(far_end), pieces_by_hand=pieces_by_hand)
        self.program = Program(self.hardware, GameSettings(data_dir=str(data), **settings), shutdown=shutdown,  # type: ignore[arg-type]
                               clock=StepClock(), sleep=lambda seconds: None, timestamp=lambda: "filed", seed=seed,
                               think_inline=True, straight_back_s=straight_back_s, phone=phone)
        self.table = Table(self.program.console)

    @property
    def rows(self) -> list[str]:
        assert self.program.menu is not None
        return [str(label) for label, _ in self.program.menu.ui.rows]

    @property
    def values(self) -> dict[str, str]:
        assert self.program.menu is not None
        return {str(label): str(value) for label, value in self.program.menu.ui.rows}

    @property
    def message(self) -> str:
        """The open menu's message, as the screen words it now."""
        assert self.program.menu is not None
        return str(self.program.menu.message)

    def keys(self, *keys: Key) -> None:
        for key in keys:
            self.table.key(key)

    def choose(self, label: str) -> None:
        """Move the cursor to the row starting with *label* and CONFIRM it."""
        self.set(label, Key.CONFIRM)

    def set(self, label: str, *keys: Key) -> None:
        """Move the cursor down to the row starting with *label*, then press *keys* there."""
        menu = self.program.menu
        assert menu is not None
        for _ in menu.rows:
            if str(menu.ui.rows[menu.cursor][0]).startswith(label):
                break
            self.keys(Key.CHOICE_2)
        self.keys(*keys)

    def deal_and_place(self) -> None:
        """From the start menu: a new game, dealt and placed; Mister X has moved (the computer's when his time comes)."""
        self.choose("New game")
        self.choose("Deal")
        flow = self.program.flow
        assert flow is not None and flow.ui.mode is Mode.DEAL
        for _, station in flow.ui.to_place:
            self.table.press(station)
        for _ in range(MISTER_X_STEPS):
            if flow.ui.mode is Mode.DETECTIVES:
                break
            self.program.console.step()
        assert flow.ui.mode is Mode.DETECTIVES

    def correcting(self) -> Flow:
        """A new game, placed, its board being corrected (from the game menu)."""
        self.deal_and_place()
        self.keys(Key.MENU)
        self.choose("Correct")
        flow = self.program.flow
        assert flow is not None and flow.ui.mode is Mode.CORRECT
        return flow

    def screen_shows(self) -> OffscreenScreen:
        screen = self.hardware.screen
        assert isinstance(screen, OffscreenScreen) and screen.last is not None
        return screen
