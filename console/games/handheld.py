"""The console's side of the handheld conversation, the same for every kind of game: its words, and when they go.

The handheld (the Pico's firmware, or the phone's page) knows no kind of game: a
kind's seat tells it where the hidden side stands (``messages.show``) and asks it
to choose (``messages.ask``), in texts that name the phrases and kinds of the
kind's ``Vocabulary`` (``messages.phrase``). ``Talk`` sends that vocabulary,
worded in the language of the moment, before the first screen, and again
whenever the language changes or the handheld comes back after being away, so a
change of language changes the handheld's screen at once, as it changes the
board's.

A vocabulary is made for a ``Screen``: the Pico's 16 columns say ``under`` where
the phone's page says ``Underground``. ``screen_of`` tells which a link reaches.
A kind's *tone* is a colour's name from ``TONES``, for the screens that have
colours (the phone's page draws each kind's choices and counts in it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from console.table.phone import PhoneHandheld
from firmware import messages
from hardware.interfaces import HandheldLink, Message
from language import Words, current

TONES = ("yellow", "green", "red", "blue", "purple", "black", "grey")
"""The colours a kind may be drawn in (the phone page's palette; any other is grey)."""


class Screen(Enum):
    """What the hidden side's handheld shows its words on."""

    HANDHELD = "handheld"
    """The Pico's OLED: 16 columns by 8 lines (5 in Korean)."""
    PHONE = "phone"
    """A phone's page: room for whole words and sentences."""


def screen_of(link: HandheldLink) -> Screen:
    return Screen.PHONE if isinstance(link, PhoneHandheld) else Screen.HANDHELD


@dataclass(frozen=True)
class Kind:
    """What a group of choices is (a ticket, a line, a hiding place), in the words of one screen."""

    name: Words
    """In a count and in a log line: ``under``, ``Underground``."""
    title: Words
    """Over its choices: ``underground:``."""
    ask: Words
    """Confirming one of its choices, ``%s`` standing for the choice's label: ``Underground to %s?``."""
    say: Words
    """The choice sent: ``Underground to %s``."""
    tone: str = "grey"

    def __post_init__(self) -> None:
        if self.tone not in TONES:
            raise ValueError(f"a kind's tone is one of {', '.join(TONES)}, not {self.tone!r}")


@dataclass(frozen=True)
class Vocabulary:
    """A kind of game's words on one screen: its kinds of choice and its phrases, by key."""

    kinds: Mapping[str, Kind]
    phrases: Mapping[str, Words]

    def message(self) -> messages.Words:
        """The ``words`` message, in the language of now."""
        kinds = {key: [str(kind.name), str(kind.title), str(kind.ask), str(kind.say), kind.tone] for key, kind in self.kinds.items()}
        return messages.words(kinds, {key: str(words) for key, words in self.phrases.items()})


class Talk:
    """One seat's conversation with its handheld: ``say`` sends a message, the words first where the handheld lacks them."""

    def __init__(self, link: HandheldLink, vocabulary: Vocabulary) -> None:
        self.link = link
        self.vocabulary = vocabulary
        self.asked: Message | None = None
        """The last ask: its answers are the only ones the handheld may send."""
        self._told: str | None = None
        """The language the handheld last had the words in (None: it may have none)."""

    def say(self, message: Message) -> None:
        """Send *message* (one of ``firmware.messages``), the words first if the handheld may lack them in the language of now."""
        if message["type"] == "ask":
            self.asked = message
        self._words()
        self.link.send(message)

    def ask_again(self) -> None:
        """The last ask again, if there was one (a choice of it was refused)."""
        if self.asked is not None:
            self.say(self.asked)

    def offered(self, choice: str) -> bool:
        """Whether *choice* is one of the answers the last ask listed."""
        groups = self.asked["groups"] if self.asked is not None else []
        return any(choice == answer for _kind, choices in groups for answer, _label in choices)

    def keep_up(self) -> None:
        """Every frame: the words again when the language changed or the handheld is back; none while it is away."""
        if not self.link.connected:
            self._told = None  # it may come back without them (a Pico restarted, a new tab)
        else:
            self._words()

    def _words(self) -> None:
        if self._told != current():
            self._told = current()
            self.link.send(self.vocabulary.message())
