"""A guided game's script, read from its folder: the deal, then its lessons, each a list of steps.

A course is a folder of ``console/lessons`` (one for each kind of game): a
``course.toml`` that deals the game the lessons play (``title``, ``edition``,
``players``, the ``seed``, and optionally the kind's own settings, as the
config file writes them: how many bobbies, which district), and one
TOML file per lesson, played in the order of their names. A lesson is plain data, so it can
be changed without code::

    title = "A detective's move"

    [[step]]
    say = "Red moves first. Press the red detective at 41."
    press = 41
    wrong = "Red stands at 41, lit red: press 41."

A step says something (``say``, on the screen's lesson card) and waits for
one thing, and only that thing:

- ``confirm = true`` (the default): CONFIRM goes on;
- ``press = 41``: the station 41 is pressed, and the game takes the press
  (a piece placed, picked or moved, exactly as in a real game);
- ``key = "choice_2"``: a control key, which the game takes (a ticket chosen);
- ``handheld = "X115"``: the hidden side's action, chosen on the handheld
  (in the game's notation); ``hint`` is what the handheld says meanwhile.

Anything else is answered with ``wrong`` (or a plain default) and the step
waits again: a lesson never ends in a dead end. A press on another of the
stations the game lights as its choices (where the picked piece may go: a
real move, not this lesson's) is answered with ``choice`` instead (default:
that it is a real choice, and what this step waits for). Only a step that
waits for a press lights the game's choices: while a step talks, the board
shows the pieces and what the step lights. Besides, a step may:

- ``hidden = "B65"`` (or a list, one per rogue): the hidden side's scripted
  action, played when its turn comes, before this step shows (the step tells
  what the table saw of it);
- ``light = [41, 46]``: stations the step talks about, pulsing white;
- ``lines = "bus"``: every station of the London board with a kind of line,
  in its colour (taxi, bus, underground, ferry: for the whole board; a game
  played in a district lights its own area, so its lessons point with ``light``);
- ``assist = true``: the deduction assist on (or ``false``: off) from here;
- ``picture = "fox"``: a picture beside the words (``console.lessons.pictures``);
- ``do``: the message bar's line (default: from what the step waits for).

A script is checked when it is read: a bad file or step is a ``ScriptError``
naming the file, the step and the field.

The files are in English, the source language: their words (``title``,
``say``, ``wrong``, ``hint``, ``do``) are read as texts of the catalog, each in
the box it is shown in (the catalog's extraction reads the same fields), so a
lesson is shown in the language in use, and a change of language changes its
card at once.
"""

from __future__ import annotations

import tomllib
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from pathlib import Path
from typing import Any

from console.games import GameKind, editions, find_kind
from console.lessons.pictures import pictures_of
from console.records.preferences import game_settings
from hardware.config import ConfigError
from hardware.interfaces import Key
from language import Text, Words, _, p_

COURSES = Path(__file__).parent
"""Where the shipped courses are: one folder each."""
LINES = ("taxi", "bus", "underground", "ferry")
"""The kinds of line a step can light (``lines``)."""


class ScriptError(ValueError):
    """A course's file is not a script: the message names the file, the step and the field."""


class Wait(Enum):
    """What a step waits for."""

    CONFIRM = "confirm"
    PRESS = "press"
    KEY = "key"
    HANDHELD = "handheld"


@dataclass(frozen=True)
class Step:
    """One step of a lesson: what it says and lights, and the one thing it waits for."""

    say: Words
    wait: Wait = Wait.CONFIRM
    press: int | None = None
    key: Key | None = None
    handheld: str = ""
    """The hidden side's action the handheld must send, in the notation (``Wait.HANDHELD``)."""
    hint: Words = ""
    """What the handheld says while this step waits for it."""
    wrong: Words = ""
    """The friendly explanation of anything else (empty: a plain default)."""
    choice: Words = ""
    """The explanation of a press on another of the game's lit choices: a real move, but not this lesson's (empty: a default)."""
    do: Words = ""
    hidden: tuple[str, ...] = ()
    """The hidden side's scripted action played before this step shows (one action each: a list where several hidden pieces act)."""
    light: tuple[int, ...] = ()
    lines: str = ""
    assist: bool | None = None
    picture: str = ""

    @property
    def instruction(self) -> Words:
        """The message bar's line: what to do now."""
        if self.do:
            return self.do
        if self.wait is Wait.PRESS:
            return _("Press station {station}", station=self.press)
        if self.wait is Wait.KEY:
            assert self.key is not None
            return _PRESS_KEY[self.key]
        if self.wait is Wait.HANDHELD:
            return _("Choose on the handheld")
        return _("Press CONFIRM to go on")

    @property
    def refusal(self) -> Words:
        """What a wrong press is told."""
        return self.wrong or p_("card", "Not this time. {instruction}.", instruction=self.instruction)

    @property
    def other_choice(self) -> Words:
        """What a press on another of the game's lit choices is told: the game would take it, the lesson goes elsewhere."""
        return self.choice or p_("card", "A real move too, but not this lesson's. {instruction}.", instruction=self.instruction)


@dataclass(frozen=True)
class Lesson:
    title: Words
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Course:
    """A guided game: the game it deals and the lessons that play it."""

    name: str
    """Its folder's name (``classic``): its progress is kept under it."""
    title: Words
    """As the Learn to play menu lists it."""
    edition: str
    players: int
    own: Mapping[str, Any]
    """The kind's own settings its game is dealt with (``GameSettings.own``); the others at their defaults."""
    seed: int
    lessons: tuple[Lesson, ...]

    @cached_property
    def steps(self) -> tuple[tuple[int, Step], ...]:
        """Every step of every lesson, in order, with its lesson's index."""
        return tuple((index, step) for index, lesson in enumerate(self.lessons) for step in lesson.steps)


_PRESS_KEY = {Key.CHOICE_1: _("Press key {number}", number=1), Key.CHOICE_2: _("Press key {number}", number=2),
              Key.CHOICE_3: _("Press key {number}", number=3), Key.CHOICE_4: _("Press key {number}", number=4),
              Key.CONFIRM: _("Press CONFIRM"), Key.UNDO: _("Press UNDO"), Key.MENU: _("Press MENU")}
"""The message bar's line of a step that waits for a control key."""
_HEAD = {"title", "edition", "players", "seed"}
"""The fields of every course's head; the kind's own settings may follow."""
_FIELDS = {"say", "confirm", "press", "key", "handheld", "hint", "wrong", "choice", "do", "hidden", "light", "lines", "assist",
           "picture"}


def load_course(folder: Path) -> Course:
    """The course in *folder*: its ``course.toml`` and its lessons (every other ``.toml``, by name); ``ScriptError`` if bad."""
    head = _read(folder / "course.toml")
    where = f"{folder.name}/course.toml"
    edition = _text(head, "edition", where)
    try:
        kind = find_kind(edition)
    except ConfigError:
        raise ScriptError(f"{where}: edition: {edition!r} is not one of {', '.join(editions())}") from None
    if kind.card_place is None:
        raise ScriptError(f"{where}: edition: {edition!r}'s screen has no room for a lesson card")
    pictures = pictures_of(kind)
    lessons = tuple(load_lesson(path, pictures) for path in sorted(folder.glob("*.toml")) if path.name != "course.toml")
    if not lessons:
        raise ScriptError(f"{folder.name}: the course has no lessons")
    players = _int(head, "players", where)
    return Course(folder.name, _words(head, "title", where, "title"), edition, players, _own(head, kind, players, where),
                  _int(head, "seed", where), lessons)


def _own(head: dict[str, Any], kind: GameKind, players: int, where: str) -> Mapping[str, Any]:
    """The kind's own settings the course's head sets, read and checked as the config file's are."""
    options = {option.key for option in kind.options}
    unknown = sorted(set(head) - _HEAD - options)
    if unknown:
        raise ScriptError(f"{where}: no field called {unknown[0]!r}; a course's fields are {', '.join(sorted(_HEAD | options))}")
    own = {key: value for key, value in head.items() if key in options}
    try:
        return game_settings("", {"edition": head["edition"], "players": players, **own}).own
    except ConfigError as error:
        raise ScriptError(f"{where}: {error}") from None


def load_lesson(path: Path, pictures: Collection[str]) -> Lesson:
    """The lesson in *path*; its steps may show *pictures* (the pictures of its course's kind of game)."""
    data = _read(path)
    where = f"{path.parent.name}/{path.name}"
    steps = data.get("step")
    if not isinstance(steps, list) or not steps:
        raise ScriptError(f"{where}: a lesson has [[step]] tables")
    steps_read = tuple(_step(step, f"{where}, step {number}", pictures) for number, step in enumerate(steps, 1))
    return Lesson(_words(data, "title", where, "title"), steps_read)


def shipped_courses() -> tuple[Course, ...]:
    """The courses the console offers, in the order of their folders' names (``classic`` first)."""
    return tuple(load_course(folder) for folder in sorted(COURSES.iterdir()) if (folder / "course.toml").is_file())


def _read(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ScriptError(f"{path.parent.name}/{path.name}: {error}") from None


def _step(data: Any, where: str, pictures: Collection[str]) -> Step:
    if not isinstance(data, dict):
        raise ScriptError(f"{where}: a step is a table")
    unknown = sorted(set(data) - _FIELDS)
    if unknown:
        raise ScriptError(f"{where}: no field called {unknown[0]!r}; a step's fields are {', '.join(sorted(_FIELDS))}")
    waits = [wait for wait in ("press", "key", "handheld") if wait in data]
    if len(waits) > 1 or (waits and data.get("confirm")):
        raise ScriptError(f"{where}: a step waits for one thing, not {' and '.join(waits + ['confirm'] * bool(data.get('confirm')))}")
    wait = Wait(waits[0]) if waits else Wait.CONFIRM
    key = None
    if wait is Wait.KEY:
        try:
            key = Key(data["key"])
        except ValueError:
            raise ScriptError(f"{where}: key: {data['key']!r} is not one of {', '.join(k.value for k in Key)}") from None
    lines = data.get("lines", "")
    if lines not in ("", *LINES):
        raise ScriptError(f"{where}: lines: {lines!r} is not one of {', '.join(LINES)}")
    hidden = data.get("hidden", ())
    hidden = (hidden,) if isinstance(hidden, str) else hidden
    if not isinstance(hidden, list | tuple) or not all(isinstance(item, str) for item in hidden):
        raise ScriptError(f"{where}: hidden: an action in the notation, or a list of them")
    assist = data.get("assist")
    if assist is not None and not isinstance(assist, bool):
        raise ScriptError(f"{where}: assist: true or false")
    picture = _text(data, "picture", where, "")
    if picture and picture not in pictures:
        raise ScriptError(f"{where}: picture: {picture!r} is not one of {', '.join(sorted(pictures))}")
    return Step(say=_words(data, "say", where, "card"), wait=wait, press=_int(data, "press", where) if wait is Wait.PRESS else None,
                key=key, handheld=_text(data, "handheld", where) if wait is Wait.HANDHELD else "",
                hint=_words(data, "hint", where, "handheld", optional=True), wrong=_words(data, "wrong", where, "card", optional=True),
                choice=_words(data, "choice", where, "card", optional=True),
                do=_words(data, "do", where, None, optional=True), hidden=tuple(hidden),
                light=_stations(data.get("light", []), where), lines=lines, assist=assist, picture=picture)


def _text(data: dict[str, Any], key: str, where: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str) or (default is None and not value.strip()):
        raise ScriptError(f"{where}: {key}: {'text' if key in data else 'missing'}")
    return " ".join(value.split())


def _words(data: dict[str, Any], key: str, where: str, context: str | None, *, optional: bool = False) -> Words:
    """The words of field *key*, shown in the box *context* names, in the language in use (an optional field left out: none).

    The message is the file's string as it is: as the catalog's extraction read it, with the same box.
    """
    value = _text(data, key, where, "" if optional else None)
    if not value:
        return ""
    if "{" in value or "}" in value:
        raise ScriptError(f"{where}: {key}: no braces in a lesson's words")
    return Text(data[key], context=context)


def _int(data: dict[str, Any], key: str, where: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ScriptError(f"{where}: {key}: {'a whole number' if key in data else 'missing'}")
    return value


def _stations(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(item, int) and not isinstance(item, bool) for item in value):
        raise ScriptError(f"{where}: light: a list of stations")
    return tuple(value)

