"""Players at a console on the ``fake`` profile: they press the lit stations and keys, nothing else.

The detectives read only what the console shows (the public view behind the
lights and screen, and the flow's Ui); Mister X answers his handheld by taking
the first move it lists.
"""

from __future__ import annotations

import random

from console.games.classic.flow import Flow
from console.games.classic.model import Mode
from console.program.loop import Console
from console.program.program import Program
from firmware import messages
from hardware.drivers.controls import FakeControlButtons
from hardware.drivers.station_buttons import FakeStationButtons
from hardware.interfaces import Key, Message


def first_listed_move(message: Message) -> list[Message]:
    """Mister X (or a Junior rogue, or any kind's hidden side) on the handheld: he takes the first choice it lists.

    Every message is checked as the handheld checks it: one it could not read fails the test.
    """
    request = messages.check(dict(message))
    if request["type"] == "ask":
        return [messages.answer(choices_of(request)[0])]
    return []


def choices_of(ask: messages.Ask) -> list[str]:
    """The answers *ask* lists, in its order."""
    return [answer for _kind, choices in ask["groups"] for answer, _label in choices]


class StepClock:
    """An injected clock: 50 ms on at every reading, so animations and timeouts move without waiting."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.05
        return self.now


class Hands:
    """People at a console on the fake profile: they press stations and keys, and the console steps after each."""

    def __init__(self, console: Console, seed: int = 0) -> None:
        self.console = console
        self.rng = random.Random(seed)
        buttons, controls = console.hardware.station_buttons, console.hardware.controls
        assert isinstance(buttons, FakeStationButtons) and isinstance(controls, FakeControlButtons)
        self.buttons, self.controls = buttons, controls

    @property
    def in_menu(self) -> bool:
        activity = self.console.activity
        return isinstance(activity, Program) and activity.menu is not None

    def press(self, station: int) -> None:
        self.buttons.press(station)
        self.buttons.release(station)
        self.console.step()

    def key(self, key: Key) -> None:
        """Press *key*; a key of the mute chord acts once its wait for the other key is over (a few steps on)."""
        self.controls.press(key)
        self.console.step()
        activity = self.console.activity
        while isinstance(activity, Program) and activity.chord.holding:
            self.console.step()


class Table(Hands):
    """The people around the board, one action per call of ``act``."""

    def __init__(self, console: Console, seed: int = 0) -> None:
        super().__init__(console, seed)
        self.last_flow: Flow | None = None
        """The flow of the game played last (it stays here after the game is filed)."""

    @property
    def flow(self) -> Flow | None:
        """The game being played: the console's own flow, or the program's current one."""
        activity = self.console.activity
        flow = activity if isinstance(activity, Flow) else activity.flow if isinstance(activity, Program) else None
        if flow is not None:
            self.last_flow = flow
        return flow

    def act(self) -> None:
        """Do what the console asks for next."""
        flow = self.flow
        if flow is None or self.in_menu:
            self.key(Key.CONFIRM)  # the start menu (resume, or a new game) and the setup (deal)
            return
        ui = flow.ui
        if ui.mode is Mode.DEAL:
            self.press(ui.to_place[0][1])
        elif ui.mode is Mode.DETECTIVES and ui.selected is None:
            view = flow.game.public_view()
            movable = [p for p in view.pieces if p.name not in view.moved]
            self.press(self.rng.choice(movable).station)
        elif ui.mode is Mode.DETECTIVES:
            if ui.destinations:
                self.press(self.rng.choice(sorted(ui.destinations)))
            else:
                self.press(flow.game.public_view().piece(ui.selected).station)  # nowhere to go: put it down
        elif ui.mode is Mode.CHOOSE_TICKET:
            self.key(Key.CHOICE_1)
        elif ui.mode is Mode.GAME_OVER:
            self.key(Key.CONFIRM)  # seen the end: leave it
        else:
            self.console.step()
