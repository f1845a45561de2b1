"""The history folder as the start menu's Past games: the filed games, newest first, each in a line.

A finished (or abandoned) game is filed as ``<date>-<time>-<game id>.json``
(``console.records.journal.archive``); its line is when it was filed and its kind's
summary ("4 Dec 15:20 · reissue · detectives won, round 7"), in the language
shown. A record that cannot be read is listed as unreadable (or as a newer
console's, which that console replays), and says why when it is chosen: it
never stops the console, and stays in the folder.

>>> str(when_words(datetime(2024, 12, 4, 15, 20), today=datetime(2024, 12, 30)))
'4 Dec 15:20'
>>> str(when_words(datetime(2023, 1, 9, 8, 5), today=datetime(2024, 12, 30)))
'9 Jan 2023 08:05'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from console.games import GameKind, kinds
from console.records.journal import STAMP
from engine import BoardGame
from engine.errors import RecordError
from engine.record import parse_json
from engine.versions import NewerVersionError
from hardware.files import read_text
from language import Text, Words, _, p_, plain

_STAMP_LENGTH = len("20241204-152000")
_MONTHS = (p_("row", "Jan"), p_("row", "Feb"), p_("row", "Mar"), p_("row", "Apr"), p_("row", "May"), p_("row", "Jun"),
           p_("row", "Jul"), p_("row", "Aug"), p_("row", "Sep"), p_("row", "Oct"), p_("row", "Nov"), p_("row", "Dec"))
"""The months as a Past games row says them."""
_MONTH_NAMES = (p_("terminal", "January"), p_("terminal", "February"), p_("terminal", "March"), p_("terminal", "April"),
                p_("terminal", "May"), p_("terminal", "June"), p_("terminal", "July"), p_("terminal", "August"),
                p_("terminal", "September"), p_("terminal", "October"), p_("terminal", "November"), p_("terminal", "December"))
"""The months in full, as an exported game's text says them."""


@dataclass(frozen=True)
class PastGame:
    """A record of the history folder, read: its game and kind, or why it cannot be replayed."""

    path: Path
    when: datetime | None
    """When it was filed (from its name, else the file's time; None if neither can be had)."""
    kind: GameKind | None
    """None for a record that cannot be read."""
    game: BoardGame | None
    problem: Words = ""
    """Why it cannot be replayed (for an unreadable record): the engine's own words for a broken record."""
    newer: bool = False
    """The record is a newer console's (it replays there)."""

    @property
    def label(self) -> Words:
        """Its line in Past games: "4 Dec 15:20 · reissue · detectives won, round 7"."""
        unread = p_("row", "a newer console's record") if self.newer else p_("row", "unreadable record")
        what = self.kind.summary(self.game) if self.kind is not None and self.game is not None else unread
        return p_("row", "{when} · {what}", when=when_words(self.when), what=what) if self.when is not None else what


def any_filed(history: Path) -> bool:
    """The folder holds a game record (Past games has something to list)."""
    try:
        return any(_records(history))
    except OSError:
        return False


def filed(history: Path) -> list[Path]:
    """The game records in *history*, newest first; none if the folder is missing or cannot be read."""
    try:
        records = list(_records(history))
    except OSError:
        return []
    return sorted(records, key=lambda path: (filed_at(path) or datetime.min, path.name), reverse=True)


def _records(history: Path) -> Iterator[Path]:
    return (path for path in history.glob("*.json") if not path.name.startswith("."))  # not a record being written


def filed_at(path: Path) -> datetime | None:
    """When the record at *path* was filed: the time its name begins with, else the file's modification time."""
    try:
        return datetime.strptime(path.name[:_STAMP_LENGTH], STAMP)
    except ValueError:
        pass
    try:
        return datetime.fromtimestamp(path.stat().st_mtime)
    except (OSError, ValueError, OverflowError):
        return None


def past_game(path: Path) -> PastGame:
    """The record at *path*, read; an unreadable one (gone, not a record, corrupt) says why instead."""
    when = filed_at(path)
    try:
        text = read_text(path, RecordError)
        if text is None:
            return PastGame(path, when, None, None, _("the record is gone"))
        kind, game = load_record(text)
    except RecordError as error:
        return PastGame(path, when, None, None, plain(str(error)), isinstance(error, NewerVersionError))
    return PastGame(path, when, kind, game)


def when_words(when: datetime, *, today: datetime | None = None) -> Text:
    """A day and a time, short: "4 Dec 15:20" (the year too, if it is not this year's)."""
    month, time = _MONTHS[when.month - 1], f"{when:%H:%M}"
    if when.year == (today or datetime.now()).year:
        return p_("row", "{day} {month} {time}", day=when.day, month=month, time=time)
    return p_("row", "{day} {month} {year} {time}", day=when.day, month=month, year=when.year, time=time)


def month_words(month: int) -> Text:
    """A month (1-12) in full: December."""
    return _MONTH_NAMES[month - 1]


def load_record_file(path: Path) -> tuple[GameKind, BoardGame]:
    """The game filed at *path* and its kind; ``RecordError`` names the file if it is missing, unreadable or no record."""
    text = read_text(path, RecordError)
    if text is None:
        raise RecordError(f"no game record at {path}")
    try:
        return load_record(text)
    except RecordError as error:
        raise type(error)(f"{path}: {error}") from None  # a newer console's record stays a NewerRecordError


def load_record(text: str) -> tuple[GameKind, BoardGame]:
    """A filed game and its kind, by its record's format; ``RecordError`` says what is wrong with a bad one."""
    data = parse_json(text)
    found = data.get("format") if isinstance(data, dict) else None
    for kind in kinds():
        if found == kind.journal.record_format:
            return kind, kind.journal.from_record(data)
    formats = ", ".join(repr(kind.journal.record_format) for kind in kinds())
    raise RecordError(f"not a game record of this console (its 'format' is {found!r}, not one of {formats})")
