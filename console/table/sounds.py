"""The console's sounds: which sound each public event plays, and the calls into the speaker.

A sound is news that everyone at the table may have. Each kind of game tells
its news by comparing the scene shown before with the scene shown now
(``GameKind.news``): both are public data, compared when the new one is shown.
So no sound can depend on anything hidden, and a computer Mister X's move
sounds when his move is shown (at its fixed time,
``console.games.classic.pace``), never when he decided it. The
program adds its own news: the console is ready, the handheld came or went.

One change of the scene plays one sound, the first of its news in ``Event``'s
order (Mister X's move is also the detectives' call to play); with spoken
announcements on, the words of all its news are spoken, in the language in use
then (``language``):

>>> from hardware.drivers.audio import FakeSpeaker
>>> sounds = Sounds(FakeSpeaker())
>>> sounds.hear([News(Event.DETECTIVES_TURN, "Detectives' turn"), News(Event.REVEAL, "Mister X surfaces at 128")])
>>> sounds.speaker.played
['reveal']
>>> sounds.apply(GameSettings(volume=5, spoken=True))
>>> sounds.hear([News(Event.DETECTIVES_TURN, "Detectives' turn"), News(Event.REVEAL, "Mister X surfaces at 128")])
>>> sounds.speaker.said, sounds.speaker.volume
([("Mister X surfaces at 128. Detectives' turn.", 'en')], 0.5)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from console.settings import VOLUME_STEPS, GameSettings
from console.table.scene import Scene
from hardware.interfaces import Speaker
from language import Words, current


class Event(Enum):
    """A public event with a sound, the most telling first: when one change brings several, the first one's sound plays."""

    CAPTURE = "capture"
    """Mister X is caught (or another kind's hidden piece, at its reveal)."""
    ESCAPE = "escape"
    """Mister X wins: he survived, or the detectives ran out of tickets."""
    GAME_OVER = "game over"
    """Any other end (Mister X cornered)."""
    CELEBRATED_END = "celebrated end"
    """A game's end that its kind celebrates, whoever won (a family game's last celebration)."""
    REVEAL = "reveal"
    """Mister X surfaces (a reveal move is shown)."""
    MOVED = "moved"
    """Mister X's move is shown (its tickets)."""
    ROUND_TOKEN = "round token"
    """A round's reveal scores: a token for one team."""
    HIDDEN_TURN = "hidden turn"
    """The hidden side's turn begins (Mister X's): the handheld's player chooses."""
    DETECTIVES_TURN = "detectives' turn"
    """The detectives' turn begins: the people at the board move."""
    REFUSED = "refused"
    """A press the game refused (it blinks red, and the screen says why)."""
    READY = "ready"
    """The start menu's first showing after the console starts."""
    PLUGGED = "plugged"
    UNPLUGGED = "unplugged"


SOUND_OF: dict[Event, str] = {
    Event.READY: "ready",
    Event.HIDDEN_TURN: "turn",
    Event.DETECTIVES_TURN: "turn",
    Event.REFUSED: "refused",
    Event.MOVED: "moved",
    Event.REVEAL: "reveal",
    Event.CAPTURE: "capture",
    Event.ESCAPE: "escape",
    Event.GAME_OVER: "game-over",
    Event.PLUGGED: "plugged",
    Event.UNPLUGGED: "unplugged",
    Event.ROUND_TOKEN: "celebrate",
    Event.CELEBRATED_END: "celebrate",
}
"""The sound (``hardware.interfaces.SOUNDS``) each event plays."""

_ORDER = {event: rank for rank, event in enumerate(Event)}


@dataclass(frozen=True)
class News:
    """An event the table has just been shown, and its words for a spoken announcement (none: nothing is said)."""

    event: Event
    words: Words = ""


NewsOf = Callable[[Scene, Scene], Sequence[News]]
"""A kind of game's news: what changed from the scene of a game shown before to the one shown now."""


class Sounds:
    """The console's sound: plays the news it hears on the speaker, as the sound settings say."""

    def __init__(self, speaker: Speaker) -> None:
        self.speaker = speaker
        self.loudest = speaker.volume
        """The speaker's volume as the hardware set it (the config file's ``[sound]``): the volume setting's top step."""
        self.spoken = False
        """Speak the news's words (the spoken announcements setting)."""
        self._shown: tuple[object, Scene] | None = None
        """The game whose scene was shown last, and that scene."""

    def apply(self, settings: GameSettings) -> None:
        """Set the speaker's volume (a share of ``loudest``) and mute, and the spoken announcements, from *settings*."""
        self.speaker.volume = self.loudest * settings.volume / VOLUME_STEPS
        self.speaker.muted = settings.muted
        self.spoken = settings.spoken

    def hear(self, news: Sequence[News]) -> None:
        """Play the sound of the first of *news* (``Event``'s order) and, if announcements are on, speak all its words."""
        if not news:
            return
        ordered = sorted(news, key=lambda one: _ORDER[one.event])
        self.speaker.play(SOUND_OF[ordered[0].event])
        words = " ".join(_sentence(str(one.words)) for one in ordered if one.words)  # the words leave the program here
        if self.spoken and words:
            self.speaker.say(words, current())

    def game_shown(self, game: object, scene: Scene, news_of: NewsOf) -> None:
        """*game*'s *scene* is being shown: hear its news against the scene of it shown before (a new game: none yet)."""
        before = self._shown[1] if self._shown is not None and self._shown[0] is game else None
        self._shown = (game, scene)
        if before is not None and before != scene:
            self.hear(news_of(before, scene))


def _sentence(words: str) -> str:
    return words if words.endswith((".", "!", "?")) else words + "."
