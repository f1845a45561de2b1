"""``scotland-yard replay FILE``: a finished game played back on the board and the screen.

A record names its format, which names its kind of game (``console.games``);
the kind gives the scenes, each as the players saw it then (public only: never
a hidden station before its reveal), a few seconds each; the end shows the
result. Any key skips to the end, another leaves (UNDO or MENU leaves at
once). The same ``Playback`` runs in the console's loop for the start menu's
Past games, and in the simulator's window for the command on a PC (profile
``sim``).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from console.games import GameKind
from console.program.activity import Activity
from console.program.loop import Console
from console.table.presenter import Presenter
from engine import BoardGame
from hardware.interfaces import Hardware, Key


class Playback(Activity):
    """A filed game played back as an activity of the console's loop: each scene for *step_s* seconds, then the end.

    Any key skips to the end, and at the end leaves; UNDO and MENU leave at once
    (the start menu's Past games go back to their list: *left*). The end leaves by
    itself after *end_s*. The board's buttons and the handheld play no part.
    """

    pauses_when_covered = True

    def __init__(self, kind: GameKind, final: BoardGame, now: float, *, step_s: float = 2.0, end_s: float = 60.0,
                 left: Callable[[], None] = lambda: None) -> None:
        self.scenes = list(kind.scenes(final))
        self.step_s, self.end_s = step_s, end_s
        self.index = 0
        self.shown_at = now
        """When the scene showing began (its flashes start then)."""
        self.done = False
        """The players have left it (or its end has been shown for *end_s*)."""
        self._left = left

    @property
    def status(self) -> str:
        return "Replaying a past game"

    @property
    def at_end(self) -> bool:
        return self.index == len(self.scenes) - 1

    def _show(self, index: int, now: float) -> None:
        self.index, self.shown_at = index, now

    def key_pressed(self, key: Key, now: float) -> None:
        if self.at_end or key in (Key.UNDO, Key.MENU):
            self._leave()
        else:
            self._show(len(self.scenes) - 1, now)

    def tick(self, now: float) -> None:
        if not self.done and now - self.shown_at >= (self.end_s if self.at_end else self.step_s):
            if self.at_end:
                self._leave()
            else:
                self._show(self.index + 1, now)

    def _leave(self) -> None:
        self.done = True
        self._left()

    def present(self, presenter: Presenter, now: float) -> None:
        presenter.show(self.scenes[self.index], now - self.shown_at)


def replay(
    hardware: Hardware,
    kind: GameKind,
    final: BoardGame,
    *,
    step_s: float = 2.0,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
    end_s: float = 60.0,
    should_stop: Callable[[], bool] = lambda: False,
) -> None:
    """Show every scene for *step_s* seconds (a key skips to the end), then the end for *end_s* or until a key (or *should_stop*)."""
    playback = Playback(kind, final, clock(), step_s=step_s, end_s=end_s)
    Console(hardware, playback, clock=clock).run(lambda: playback.done or should_stop(), sleep)
