"""What every kind's seats share: the hidden side on the private handheld, or played by the computer.

A kind of game seats its hidden side (Mister X, or another kind's hidden pieces) through the
``console.games.table.HiddenSeat`` protocol. On the handheld, the seat holds the
conversation of ``console.games.handheld`` over the ``HandheldLink`` (the Pico's,
or a person's own phone's: ``console.table.phone``), in its kind's words for that
screen, and reads the handheld's ``answer``; the computer needs no handheld, so its
games never wait for one.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import ClassVar, Never

from console.games.handheld import Screen, Talk, Vocabulary, screen_of
from console.table.phone import PhoneHandheld
from firmware import messages
from firmware.wire import VERSION
from hardware.interfaces import HandheldLink, Message
from language import Words, _, p_

log = logging.getLogger(__name__)


class OnHandheld:
    """The hidden side plays on its private handheld, over a ``HandheldLink``: why the game waits for it, its answers."""

    uses_handheld = True
    handheld_of: ClassVar[Words]
    """Whose handheld it is, as a sentence begins with it ("Mister X's handheld")."""
    phone_of: ClassVar[Words]
    """The same on a phone ("Mister X's phone")."""

    def __init__(self, link: HandheldLink, vocabularies: Mapping[Screen, Vocabulary]) -> None:
        """*vocabularies*: the kind's words for each screen; the link's is spoken."""
        self.link = link
        self.screen = screen_of(link)
        self.talk = Talk(link, vocabularies[self.screen])

    def away_reason(self) -> Words:
        if isinstance(self.link, PhoneHandheld):  # a phone is never unplugged: it pairs by the code on the screen
            if self.link.paired:
                return _("{phone} is not connected: open its page again", phone=self.phone_of)
            return _("{phone} is not connected: scan the code on the screen", phone=self.phone_of)
        if self.link.other_version:
            return _("{handheld} speaks another version of the link ({version}, the console {ours}): flash it again",
                     handheld=self.handheld_of, version=self.link.other_version, ours=VERSION)
        if self.link.other_game:
            return _("This handheld holds another game: plug in this game's handheld, or start a new game")
        return _("{handheld} is unplugged: plug it back in", handheld=self.handheld_of)

    def poll(self, game: object, now: float) -> Sequence[Never]:
        return ()  # a person's actions come as messages

    def keep_up(self) -> None:
        self.talk.keep_up()

    def refuse(self, reason: Words) -> None:
        """Tell the handheld why its answer was refused, in the language of the moment."""
        self.talk.say(messages.refused(str(reason)))

    def answer(self, message: Message) -> messages.Answer | None:
        """The handheld's ``answer`` in *message*, checked, one of the choices the last ask listed; None for anything else.

        A malformed message is answered with ``refused`` naming the field at
        fault; a choice that was not listed with ``refused`` too, and the ask
        again (the handheld lists only what it is sent: its firmware is not the
        console's). An
        ``unreadable`` (the handheld could not read what the console sent it) is
        logged: its firmware is older or newer than the console's and must be
        flashed again.
        """
        try:
            checked = messages.check(message)
        except messages.MessageError as error:
            self.refuse(str(error))
            return None
        if checked["type"] == "unreadable":
            log.warning("the handheld could not read a message from the console (%s): flash its firmware again with "
                        "`scotland-yard flash-handheld`", checked["reason"])
            return None
        if checked["type"] != "answer":
            return None
        if not self.talk.offered(checked["choice"]):
            log.warning("the handheld sent a choice it was not offered: %r", checked["choice"])
            self.refuse(p_("handheld", "That is not one of your choices: choose again"))
            self.talk.ask_again()  # as after any refused choice
            return None
        return checked


class WithoutHandheld:
    """The computer plays the hidden side: no handheld to wait for, no messages, nothing to tell it."""

    uses_handheld = False

    def away_reason(self) -> Words:
        return ""

    def keep_up(self) -> None:
        pass

    def show(self, game: object) -> None:
        pass

    def on_message(self, message: Message, game: object) -> None:
        return None

    def accepted(self, game: object) -> None:
        pass

    def refused(self, reason: Words, game: object) -> None:
        raise RuntimeError(f"the engine refused the computer's choice: {reason}")
