"""Spoken announcements through a speech synthesiser program (``espeak-ng`` or ``espeak``), if one is installed.

The program is looked up once; each sentence starts it with the voice of its
language (``language``'s codes are espeak-ng's voice names: ``-v en``,
``-v ko``) and returns at once (it speaks on its own, off the console's loop). A
new sentence cuts the one still being spoken. With no program there is no voice,
silently: speech is an extra, never a reason to stop.
"""

from __future__ import annotations

import shutil
import subprocess
from typing import Protocol


class Voice(Protocol):
    """Speaks sentences without waiting for them."""

    def say(self, words: str, language: str, volume: float) -> None:
        """Start speaking *words* in *language* (``"en"``, ``"ko"``) at *volume* (0 to 1)."""

    def stop(self) -> None:
        """Cut the sentence being spoken, if any."""


class NoVoice:
    """No speech synthesiser: nothing is said."""

    def say(self, words: str, language: str, volume: float) -> None:
        pass

    def stop(self) -> None:
        pass


class ProgramVoice:
    """An ``espeak-ng``-compatible program at *executable*: ``-v <language> -a <amplitude> --stdin``.

    The words go through the program's standard input, so a name starting with
    ``-`` is read as words, not as an option. With a *device* (``[sound] device``,
    the ALSA device the sounds play through) the program writes its WAV to a pipe
    (``--stdout``) and ``aplay -D <device>`` (*player*) plays it there, so speech
    comes out of the same speaker as the sounds (espeak-ng itself only knows the
    system's default device).
    """

    FULL_AMPLITUDE = 100
    """espeak's amplitude at full volume (its default; it goes to 200, which distorts)."""

    def __init__(self, executable: str, device: str = "", player: str | None = None) -> None:
        self.executable = executable
        self.device = device
        self.player = player
        self.speaking: subprocess.Popen[bytes] | None = None
        """The program started for the last sentence (it may have finished), until ``stop``."""
        self.playing: subprocess.Popen[bytes] | None = None
        """The player of the last sentence, when it goes to *device*."""

    def say(self, words: str, language: str, volume: float) -> None:
        self.stop()
        amplitude = round(volume * self.FULL_AMPLITUDE)
        command = [self.executable, "-v", language, "-a", str(amplitude), "--stdin"]
        to_device = bool(self.device and self.player)
        self.speaking = subprocess.Popen([*command, "--stdout"] if to_device else command, stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE if to_device else subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if to_device:
            assert self.player is not None and self.speaking.stdout is not None
            self.playing = subprocess.Popen([self.player, "-q", "-D", self.device], stdin=self.speaking.stdout,
                                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            self.speaking.stdout.close()  # the player holds it now: the synthesiser sees a broken pipe if the player ends
        assert self.speaking.stdin is not None
        try:
            with self.speaking.stdin:  # a sentence is far below a pipe's buffer: this does not wait for the program
                self.speaking.stdin.write(words.encode())
        except BrokenPipeError:  # the program ended without reading (a broken install): nothing is said
            pass

    def stop(self) -> None:
        for process in (self.speaking, self.playing):
            if process is not None and process.poll() is None:
                process.terminate()  # reaped by subprocess when the next program starts
        self.speaking = self.playing = None


def open_voice(program: str, device: str = "") -> ProgramVoice | NoVoice:
    """The voice of *program* (a name on the PATH, or a path); ``NoVoice`` if it is ``""`` or not installed.

    With a *device* the speech plays there through ``aplay`` (alsa-utils), if it is installed; else on the default device.
    """
    executable = shutil.which(program) if program else None
    if not executable:
        return NoVoice()
    return ProgramVoice(executable, device, shutil.which("aplay") if device else None)
