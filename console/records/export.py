"""A finished game as a readable text record, to share: ``scotland-yard export RECORD``, or Past games' "Export to USB stick".

The text says the game, when it was played, the sides, the result and the
start, then every move in the game's notation, each with its words: its kind
writes it (``GameKind.text_record``). The game is over, so everything is told,
the hidden side's moves too. A game left unfinished is told the same way (a
filed game is never resumed). The text is in the language in use when it is
written; the notation is the same in every language.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from console.games import GameKind
from console.records.history import filed_at, load_record_file, month_words
from engine import BoardGame
from language import Text, p_


@dataclass(frozen=True)
class Exported:
    """A game record's text and the name its file goes by (the record's, as ``.txt``)."""

    name: str
    text: str


def export_file(path: Path) -> Exported:
    """The record filed at *path* as text, in the language in use (``RecordError`` names the file if it is not a game record)."""
    kind, game = load_record_file(path)
    return Exported(f"{path.stem}.txt", game_text(kind, game, filed_at(path)))


def game_text(kind: GameKind, game: BoardGame, when: datetime | None) -> str:
    """The whole text of a filed *game* of *kind*, played (filed) at *when* if known, in the language in use."""
    return "\n".join(kind.text_record(game, _when(when))) + "\n"


def _when(when: datetime | None) -> Text:
    if when is None:
        return p_("terminal", "unknown")
    time = when.strftime("%H:%M")
    return p_("terminal", "{day} {month} {year}, {time}", day=when.day, month=month_words(when.month), year=when.year, time=time)
