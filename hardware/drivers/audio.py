"""The console's speaker: short sounds by name through pygame's mixer, and a fake for tests.

The sounds, by their names in ``hardware.interfaces.SOUNDS`` (where silence, ``NoSpeaker``, is too), are WAV files
shipped in ``hardware/sounds/``, made by ``hardware.drivers.sound_bank``. They are loaded once when the speaker starts, so
``play`` only hands a ready sound to a free mixer channel and returns: the mixer mixes on SDL's own audio thread,
never on the console's loop.

The fake records what it was asked, for the console's tests:

>>> speaker = FakeSpeaker()
>>> speaker.play("reveal"); speaker.say("Station 89", "en")
>>> speaker.played, speaker.said
(['reveal'], [('Station 89', 'en')])
>>> speaker.play("fanfare")
Traceback (most recent call last):
...
ValueError: unknown sound 'fanfare' (known: ready, turn, refused, moved, reveal, capture, escape, game-over, plugged, unplugged, celebrate)
"""

from __future__ import annotations

import logging
import os
import re
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from hardware.drivers.speech import NoVoice, Voice
from hardware.interfaces import SOUNDS, NoSpeaker, check_sound

if TYPE_CHECKING:
    import pygame

log = logging.getLogger(__name__)

SAMPLE_RATE = 22050
"""Samples per second of the shipped sounds (16-bit mono): the mixer is opened at this rate."""
CHANNELS = 8
"""Sounds that can play at once; a ninth cuts the one that has played longest."""


def sound_path(sound: str) -> Path:
    """The shipped WAV file of *sound*."""
    check_sound(sound)
    return Path(str(resources.files("hardware") / "sounds" / f"{sound}.wav"))


ASOUND = Path("/proc/asound")
"""Where the kernel lists the sound cards (ALSA): ``cards``, and a ``card<n>`` folder and a link by id for each."""


def sound_cards(asound: Path | None = None) -> list[str]:
    """The sound cards' ids (``Headphones``, ``vc4hdmi0``, ``Device``), in the kernel's order; none without ALSA."""
    try:
        lines = ((asound or ASOUND) / "cards").read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return []
    return [found[1].strip() for line in lines if (found := re.match(r"\s*\d+\s+\[([^\]]+)\]", line))]


def missing_card(device: str, asound: Path | None = None) -> str:
    """The card the ALSA device *device* names if no such card is here ("" if it is, or if *device* names none: ``default``,
    or a name only ALSA's configuration knows).

    >>> import tempfile
    >>> asound = Path(tempfile.mkdtemp())
    >>> _ = (asound / "cards").write_text(" 0 [Headphones     ]: bcm2835_headpho - bcm2835 Headphones\\n")
    >>> (asound / "card0").mkdir(); (asound / "Headphones").symlink_to("card0")
    >>> [missing_card(device, asound) for device in ("plughw:CARD=Headphones", "hw:0,0", "default", "hdmi:CARD=vc4hdmi0,DEV=0", "hw:3")]
    ['', '', '', 'vc4hdmi0', '3']
    """
    _, _, arguments = device.partition(":")
    if not arguments:
        return ""
    fields = arguments.split(",")
    card = next((field.partition("=")[2] for field in fields if field.upper().startswith("CARD=")), "" if "=" in fields[0] else fields[0])
    if not card:
        return ""
    asound = asound or ASOUND
    there = (asound / f"card{card}") if card.isdigit() else (asound / card)
    return "" if there.exists() else card


def _check_volume(volume: float) -> float:
    if not 0 <= volume <= 1:
        raise ValueError(f"volume must be between 0 and 1, not {volume}")
    return float(volume)


class FakeSpeaker:
    """Plays nothing and remembers every request, muted or not (the console decides what to ask)."""

    def __init__(self, volume: float = 1.0) -> None:
        self.volume = _check_volume(volume)
        self.muted = False
        self.played: list[str] = []
        self.said: list[tuple[str, str]] = []
        self.closed = False

    def play(self, sound: str) -> None:
        check_sound(sound)
        self.played.append(sound)

    def say(self, words: str, language: str = "en") -> None:
        self.said.append((words, language))

    def close(self) -> None:
        self.closed = True


class PygameSpeaker:
    """The shipped sounds through pygame's mixer; spoken words through *voice*.

    Opens the mixer (SDL's default output, or ``SDL_AUDIODRIVER``/``AUDIODEV``)
    and loads every sound; raises ``pygame.error`` if there is no audio device
    (``open_speaker`` turns that into a ``NoSpeaker``).
    """

    def __init__(self, volume: float = 0.8, voice: Voice | None = None) -> None:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        self._mixer = pygame.mixer
        self._mixer.pre_init(frequency=SAMPLE_RATE, size=-16, channels=1, buffer=512)
        self._mixer.init()
        try:
            self._mixer.set_num_channels(CHANNELS)
            self._sounds: dict[str, pygame.mixer.Sound] = {name: self._mixer.Sound(sound_path(name)) for name in SOUNDS}
        except BaseException:
            self._mixer.quit()
            raise
        self._voice = voice or NoVoice()
        self._volume = _check_volume(volume)
        self._muted = False
        self._apply()

    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, volume: float) -> None:
        self._volume = _check_volume(volume)
        self._apply()

    @property
    def muted(self) -> bool:
        return self._muted

    @muted.setter
    def muted(self, muted: bool) -> None:
        self._muted = bool(muted)
        if self._muted:
            self._mixer.stop()
            self._voice.stop()
        self._apply()

    def play(self, sound: str) -> None:
        check_sound(sound)
        if not self._muted:
            self._sounds[sound].play()  # returns at once: SDL's audio thread mixes it

    def say(self, words: str, language: str = "en") -> None:
        if not self._muted:
            self._voice.say(words, language, self._volume)

    def close(self) -> None:
        self._voice.stop()
        self._sounds.clear()
        self._mixer.quit()

    def _apply(self) -> None:
        """Set every sound's volume: the mixer has no master volume, each Sound has its own."""
        level = 0.0 if self._muted else self._volume
        for sound in self._sounds.values():
            sound.set_volume(level)


def open_speaker(volume: float = 0.8, voice: Voice | None = None) -> PygameSpeaker | NoSpeaker:
    """A ``PygameSpeaker``, or a ``NoSpeaker`` (with one log line) when the mixer cannot start."""
    try:
        return PygameSpeaker(volume, voice)
    except Exception as error:  # pygame.error (no device), or a sound file missing from the install
        log.warning("sound off: the audio output cannot start (%s)", error)
        return NoSpeaker()
