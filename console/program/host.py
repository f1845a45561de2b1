"""What an activity may ask of the program it is part of (``console.program.program.Program``).

A screen opens the next one on the program's stack (``open``, or ``push`` over
itself and ``pop`` back), goes back to the start menu (``home``), reads and
changes the table's choices, and finds the board, the interrupted game, the
USB stick and the other things the console was started with. Typing the
program as this protocol keeps the screens' modules below it: each imports
the screens it leads to, and none imports the program.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from console.appliance.backup import ConsoleFiles, StickOpener
    from console.appliance.updates import Updates
    from console.program.activity import Activity
    from console.program.choices import Choices
    from console.records.journal import ResumedGame
    from console.table.phone import PhoneOpener
    from hardware.interfaces import HandheldLink, Hardware, Station
    from language import Words


class Ending(Enum):
    """What the program's command starts next when the program ended from the problem screen (None: nothing, it stopped)."""

    AGAIN = "again"
    """The console again, as it starts (the board is calibrated now)."""
    DEFAULTS = "defaults"
    """The console again, with every setting at its default (the config file left as it is)."""


class Host(Protocol):
    """The program, as its activities see it."""

    kept: ResumedGame | None
    """The interrupted game the start menu offers (a game left, or torn from the table); None once it is resumed or replaced."""

    @property
    def hardware(self) -> Hardware: ...

    @property
    def stations(self) -> Sequence[Station]: ...

    @property
    def choices(self) -> Choices: ...

    @property
    def files(self) -> ConsoleFiles:
        """What Settings backs up to a USB stick and restores."""

    @property
    def stick(self) -> StickOpener: ...

    @property
    def updates(self) -> Updates | None:
        """Settings' update from a USB stick and rollback (None: the console does not run from an install tree)."""

    @property
    def phone(self) -> PhoneOpener:
        """Opens the phone's link for a game whose hidden side plays on a phone."""

    @property
    def timestamp(self) -> Callable[[], str]:
        """When a game is filed, as its history name says it."""

    @property
    def seed(self) -> int | None:
        """Deals new games with this seed (a scripted run); None: a secret one each game."""

    @property
    def think_inline(self) -> bool:
        """Computer players think in-process, at once (a scripted run, reproducible), not in a worker."""

    @property
    def powers_off(self) -> bool:
        """Switching off powers the machine off (the Pi); else it quits the program (a PC)."""

    @property
    def handheld_there(self) -> bool:
        """The handheld link the loop polls is there (a game or a lesson opened without it starts paused)."""

    def open(self, activity: Activity) -> None:
        """Make *activity* the one thing on (whatever was open is closed)."""

    def push(self, activity: Activity) -> None:
        """Open *activity* over what is on (a game's menu over the game)."""

    def pop(self) -> None:
        """Close the activity on top: what it covered is on again."""

    def home(self, note: Words = "") -> None:
        """Open the start menu, saying *note* on it."""

    def off(self, now: float) -> None:
        """Shut down (or quit, on a PC)."""

    def end(self, ending: Ending) -> None:
        """End the program from the problem screen, saying what its command starts next."""

    def use_link(self, link: HandheldLink) -> None:
        """Poll *link* for the handheld from now on (a phone game's, then the hardware's again)."""
