"""What every kind's terminal game does alike: say, read a typed line, journal an action, name what was not understood.

A kind's terminal game (``GameKind.text``) is its flow in words: it reads
commands from a ``Terminal`` and writes the game to it, asking the engine for
every rule decision; each accepted action goes to the journal before it is
shown, so a closed terminal loses nothing (``console.program.terminal`` resumes it).
Every line typed gets a one-line answer and the prompt back.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import TextIO

from console.games.recorder import Event, NoRecord, Recorder
from language import LANGUAGES, Text, Words, join, p_


class Quit(Exception):
    """The player asked to leave."""


@dataclass(frozen=True)
class Terminal:
    """Where a terminal game is played: its output, its typed lines, its journal."""

    out: TextIO
    read: Callable[[str], str]
    """A typed line, after showing a prompt (``input``); ``EOFError`` when the terminal is closed."""
    recorder: Recorder = field(default_factory=NoRecord)
    saving_problem: Callable[[], Words] = str
    """Why the game is not saved, if it is not (empty while every action is on disk)."""
    seed: int = 0
    """The computer players' seeds follow from it."""


class TextTable:
    """A terminal game's plumbing; a kind's terminal game builds on it."""

    def __init__(self, terminal: Terminal) -> None:
        self.terminal = terminal
        self._unsaved: Words = ""

    def say(self, text: Words = "") -> None:
        """Write *text* as a line, in the language of the moment."""
        print(text, file=self.terminal.out)

    def ask(self, prompt: Words) -> str:
        """A typed line as the commands read it: full-width and other compatibility forms made plain, lower case."""
        return typed(self.terminal.read(str(prompt)))

    def record(self, event: Event) -> None:
        """Keep an accepted action; say so once when the disk stops (or starts again) taking them."""
        self.terminal.recorder.record(event)
        problem = self.terminal.saving_problem()
        if problem != self._unsaved:
            self.say(problem or p_("terminal", "Saved again: every move is on disk."))
            self._unsaved = problem


def is_station_number(word: str) -> bool:
    """A station number as typed: ASCII digits only (``int`` would take other scripts' digits, ``isdigit`` superscripts)."""
    return word.isascii() and word.isdigit() and len(word) <= 3


def not_a(word: str, kind: Words, choices: Sequence[Words]) -> Text:
    """The answer to a word that is not one of *choices*: which word, and what it could be (*kind*: "a station")."""
    return p_("terminal", "Not understood: {word} is not {kind} ({choices}).", word=repr(word), kind=kind,
              choices=join(p_("terminal", ", "), choices))


def unknown_word(word: str, commands: Collection[str], names: Collection[str] = ()) -> Text:
    """The answer to a first word that is neither a command nor one of *names* (a piece's, as typed): the command (or
    name) closest to it, if one is close, and ``help`` (a typo of a command is answered with that command)."""
    close = difflib.get_close_matches(word, [*commands, *names], n=1, cutoff=0.6)
    if close:
        return p_("terminal", "Not understood: {word}. Did you mean {close}? Type \"help\" for the commands.", word=repr(word),
                  close=repr(close[0]))
    return p_("terminal", "Not understood: {word}. Type \"help\" for the commands.", word=repr(word))


def spellings(words: Text) -> set[str]:
    """*words* as a player may type them, in every language the console speaks, read as ``TextTable.ask`` reads a line."""
    return {typed(words.to(language)) for language in LANGUAGES}


def typed(line: str) -> str:
    """A typed line as the games compare it: Unicode's compatibility form (full-width digits too), any case, no edge spaces."""
    return unicodedata.normalize("NFKC", line).casefold().strip()
