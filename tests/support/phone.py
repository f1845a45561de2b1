"""Mister X's phone in memory, and the console's program that opens it: what the phone seat's tests drive.

``FakePhone`` is a ``console.table.phone.PhoneHandheld`` whose far end is a scripted
person on a phone: nothing reaches it until its code is scanned (``scan``), "pair
again" cuts it off with a new code, and its closing is seen. ``Phones`` is the
opener the program is given: every link it opened, the newest last.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from hardware.drivers.handheld import FarEnd, MemoryHandheldLink
from hardware.interfaces import Message
from tests.support.players import first_listed_move
from tests.support.program import Console


class FakePhone(MemoryHandheldLink):
    """A phone link: unpaired (and away) until ``scan``; a new key, so a new ``url``, at each ``pair_again``; its pairing kept
    and taken up as a journal would (``pairing``, ``restore``)."""

    def __init__(self, far_end: FarEnd) -> None:
        super().__init__(far_end, connected=False)
        self.keys = 1
        self.paired = False
        self.closed = False

    @property
    def url(self) -> str:
        return f"http://192.0.2.7:8765/#k=key-number-{self.keys}-of-this-game"

    def scan(self) -> None:
        """A phone scans the code: it is paired, and gets what was sent while none was."""
        self.paired = True
        self.plug()

    def pair_again(self) -> None:
        self.keys += 1
        self.paired = False
        self.unplug()

    @property
    def pairing(self) -> str:
        return f"fake-pairing-{self.keys:04}-{'paired' if self.paired else 'unpaired'}"

    def restore(self, pairing: str) -> bool:
        """Take up a pairing kept by a game's journal: its code, and its phone (still away: it comes back with ``plug``)."""
        found = re.fullmatch(r"fake-pairing-(\d{4})-(paired|unpaired)", pairing)
        if found is None:
            return False
        self.keys, self.paired = int(found[1]), found[2] == "paired"
        return True

    def close(self) -> None:
        super().close()
        self.closed = True


class Phones:
    """The program's phone opener: a ``FakePhone`` answered by *far_end* each call (or *refused*, raised)."""

    def __init__(self, far_end: FarEnd = first_listed_move, refused: OSError | None = None) -> None:
        self.far_end = far_end
        self.refused = refused
        self.opened: list[FakePhone] = []

    def __call__(self) -> FakePhone:
        if self.refused is not None:
            raise self.refused
        self.opened.append(FakePhone(self.far_end))
        return self.opened[-1]

    @property
    def last(self) -> FakePhone:
        return self.opened[-1]


class PhoneConsole(Console):
    """``tests.support.program.Console`` whose program opens *phones* for a phone game."""

    def __init__(self, data: Path, phones: Phones, *, handheld: Callable[[Message], list[Message]] | None = first_listed_move,
                 **settings: object) -> None:
        """*handheld*: the far end of the hardware's own handheld (the Pico's link); the rest as ``Console``'s."""
        self.phones = phones
        super().__init__(data, far_end=handheld, phone=phones, **settings)
