"""What every kind's seats share: the hidden side on the private handheld, or played by the computer.

A kind of game seats its hidden side (Mister X, Junior's rogues) through the
``console.games.table.HiddenSeat`` protocol. On the handheld, the seat speaks
the typed messages of ``firmware.messages`` over the ``HandheldLink`` (the
Pico's, or a person's own phone's: ``console.phone``); the computer needs no
handheld, so its games never wait for one.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from console.case import capitalised
from console.phone import PhoneHandheld
from firmware import messages
from hardware.interfaces import HandheldLink, Message

log = logging.getLogger(__name__)


class OnHandheld:
    """The hidden side plays on its private handheld, over a ``HandheldLink``: why the game waits for it, its answers."""

    uses_handheld = True
    handheld_of = "the handheld"
    """Whose handheld it is, in words ("Mister X's handheld"); on a phone, its last word is "phone" instead."""

    def __init__(self, link: HandheldLink) -> None:
        self.link = link

    def away_reason(self) -> str:
        if isinstance(self.link, PhoneHandheld):  # a phone is never unplugged: it pairs by the code on the screen
            whose = capitalised(self.handheld_of.rpartition(" ")[0])  # "Mister X's handheld": "Mister X's"
            how = "open its page again" if self.link.paired else "scan the code on the screen"
            return f"{whose} phone is not connected: {how}"
        if self.link.other_game:
            return "This handheld holds another game: plug in this game's handheld, or start a new game"
        return f"{capitalised(self.handheld_of)} is unplugged: plug it back in"

    def poll(self, game: Any, now: float) -> Sequence[Any]:
        return ()  # a person's actions come as messages

    def answer(self, message: Message, kind: str) -> Any:
        """The handheld's answer of type *kind* (``move`` or ``step``) in *message*, checked; None for anything else.

        A malformed message is answered with ``refused`` naming the field at
        fault. An ``unreadable`` (the handheld could not read what the console
        sent it) is logged: its firmware is older or newer than the console's
        and must be flashed again.
        """
        try:
            checked = messages.check(message)
        except messages.MessageError as error:
            self.link.send(messages.refused(str(error)))
            return None
        if checked["type"] == "unreadable":
            log.warning("the handheld could not read a message from the console (%s): flash its firmware again with "
                        "`scotland-yard flash-handheld`", checked["reason"])
            return None
        return checked if checked["type"] == kind else None


class WithoutHandheld:
    """The computer plays the hidden side: no handheld to wait for, no messages, nothing to tell it."""

    uses_handheld = False

    def away_reason(self) -> str:
        return ""

    def show(self, game: Any) -> None:
        pass

    def on_message(self, message: Message, game: Any) -> None:
        return None

    def accepted(self, game: Any) -> None:
        pass

    def refused(self, reason: str, game: Any) -> None:
        raise RuntimeError(f"the engine refused the computer's choice: {reason}")
