"""People at a Junior game on the ``fake`` profile: the rogues work the real handheld UI, the detectives press the board."""

from __future__ import annotations

import random

from console.games.junior.flow import JuniorFlow
from console.games.junior.model import JuniorMode
from console.program.loop import Console
from console.program.program import Program
from firmware.ui import CHOOSING, Ui
from hardware.interfaces import Key, Message
from tests.support.players import Hands


class HandheldRogues:
    """The rogues' hands on the firmware's own ``Ui``: wake it if it is dark, scroll to a move, confirm it, send it.

    Used as a ``MemoryHandheldLink`` far end; ``screens`` keeps every page the handheld showed, in order.
    """

    def __init__(self, seed: int = 0, *, always: int | None = None) -> None:
        """*always*: take the move at this place of the list (0 the first, -1 the last); default: a random one."""
        self.rng = random.Random(seed)
        self.always = always
        self.now_ms = 0
        self.ui = Ui(lambda: self.now_ms)
        self.ui.set_connected(True)
        self.screens: list[list[str]] = []

    def __call__(self, message: Message) -> list[Message]:
        unreadable = self.ui.on_message(dict(message))
        assert unreadable == [], (message, unreadable)  # the console's every message is one the handheld reads
        self.screens.append(self.ui.lines())
        if message["type"] != "ask" or self.ui.mode != CHOOSING:
            return []
        if not self.ui.awake:
            self.press("ok")  # the handheld was passed on: the next rogue wakes it
        choices = sum(1 for _, move in self.ui.rows if move is not None)
        pick = self.rng.randrange(choices) if self.always is None else range(choices)[self.always]
        for _ in range(pick):
            self.press("down")
        self.press("ok")
        sent = self.press("ok")
        assert all(message["type"] == "answer" and "option" not in message for message in sent), sent  # a step: no double
        return sent

    def press(self, button: str) -> list[Message]:
        self.now_ms += 300
        sent = self.ui.on_button(button, self.now_ms)
        self.screens.append(self.ui.lines())
        return list(sent)


class JuniorTable(Hands):
    """The people around the board in a Junior game, one action per call of ``act``."""

    def __init__(self, console: Console, seed: int = 0) -> None:
        super().__init__(console, seed)
        self.last_flow: JuniorFlow | None = None

    @property
    def flow(self) -> JuniorFlow | None:
        activity = self.console.activity
        flow = activity if isinstance(activity, JuniorFlow) else activity.flow if isinstance(activity, Program) else None
        if isinstance(flow, JuniorFlow):
            self.last_flow = flow
            return flow
        return None

    def act(self) -> None:
        """Do what the console asks for next."""
        flow = self.flow
        if flow is None or self.in_menu:
            self.key(Key.CONFIRM)
            return
        ui = flow.ui
        if ui.to_place:
            self.press(ui.to_place[0][1])
        elif ui.mode is JuniorMode.DETECTIVES:
            self.press(self.rng.choice(ui.destinations))
        elif ui.mode is JuniorMode.GAME_OVER:
            self.key(Key.CONFIRM)
        else:
            self.console.step()
