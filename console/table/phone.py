"""The hidden side on a person's own phone (``Seat.PHONE``): what the console asks of the phone's link, and how one is opened.

The phone plays over ``hardware.phone.PhoneLink``: a page the console serves on
the local network, paired by a code on the console's screen
(``console.table.screen.pairing``), talking the handheld's messages. A link is opened
for each phone game, new or resumed (a resumed game's takes up the pairing its
journal kept: the same code, the same phone), and closed when the game ends, is
left or restarted, or the console stops: its web server runs only while a phone
game does, and ``hardware.phone`` is imported only then.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from hardware.config import PhoneConfig
from hardware.interfaces import HandheldLink


@runtime_checkable
class PhoneHandheld(HandheldLink, Protocol):
    """A handheld link to a phone: the handheld's messages, and the pairing the console's screen shows."""

    @property
    def url(self) -> str:
        """The page's address with the game's key in its fragment: what the pairing code holds."""

    @property
    def paired(self) -> bool:
        """A phone has paired with the game's key (it may be away for now)."""

    def pair_again(self) -> None:
        """A new key, so a new code: the paired phone is cut off, and the next phone to scan it pairs."""

    @property
    def pairing(self) -> str:
        """The pairing as the game's journal keeps it (the code's key, and the paired phone's keys): as long whatever it holds."""

    def restore(self, pairing: str) -> bool:
        """Take up the *pairing* the journal of a resumed game kept: the same code, and its phone comes back without a scan.
        False (and a new code) if it is not one this link reads."""


PhoneOpener = Callable[[], PhoneHandheld]
"""Opens the phone's link for a phone game (its web server starts; ``OSError`` if it cannot)."""


def phone_opener(config: PhoneConfig, clock: Callable[[], float] = time.monotonic) -> PhoneOpener:
    """Opens a ``PhoneLink`` on the config's ``[phone]`` address and port."""

    def open_phone() -> PhoneHandheld:
        from hardware.phone import PhoneLink  # its server and crypto load only for a phone game

        return PhoneLink(config.host, config.port, clock=clock)

    return open_phone
