"""Spoken announcements through a speech synthesiser program (``espeak-ng`` or ``espeak``), if one is installed.

The program is looked up once; each sentence starts it with the voice of its
language (``hardware.language``'s codes are espeak-ng's voice names: ``-v en``,
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
    ``-`` is read as words, not as an option.
    """

    FULL_AMPLITUDE = 100
    """espeak's amplitude at full volume (its default; it goes to 200, which distorts)."""

    def __init__(self, executable: str) -> None:
        self.executable = executable
        self.speaking: subprocess.Popen[bytes] | None = None
        """The program started for the last sentence (it may have finished), until ``stop``."""

    def say(self, words: str, language: str, volume: float) -> None:
        self.stop()
        amplitude = round(volume * self.FULL_AMPLITUDE)
        command = [self.executable, "-v", language, "-a", str(amplitude), "--stdin"]
        self.speaking = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        assert self.speaking.stdin is not None
        try:
            with self.speaking.stdin:  # a sentence is far below a pipe's buffer: this does not wait for the program
                self.speaking.stdin.write(words.encode())
        except BrokenPipeError:  # the program ended without reading (a broken install): nothing is said
            pass

    def stop(self) -> None:
        if self.speaking is not None and self.speaking.poll() is None:
            self.speaking.terminate()  # reaped by subprocess when the next program starts
        self.speaking = None


def open_voice(program: str) -> ProgramVoice | NoVoice:
    """The voice of *program* (a name on the PATH, or a path); ``NoVoice`` if it is ``""`` or not installed."""
    executable = shutil.which(program) if program else None
    return ProgramVoice(executable) if executable else NoVoice()
