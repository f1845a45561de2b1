"""One sitting at the console: resume the interrupted game or deal a new one, play it, file it.

This is where settings, the journal, the hardware and the game's kind meet. A
game is journaled from its first moment, so a power cut at any point resumes
it; a finished game is filed in the history folder as its kind's record.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from console.games import GameKind, find_kind
from console.games.kind import GameFlow, Table
from console.journal import Journal, JournalError, ResumedGame, archive, load
from console.settings import GameSettings
from console.thinker import Thinker
from hardware.interfaces import Hardware

JOURNAL = "game.journal"
HISTORY = "history"


@dataclass
class Opened:
    kind: GameKind
    game: Any
    journal: Journal
    settings: GameSettings
    resumed: bool
    token: str
    """The handheld's session token of this game (from its journal)."""
    seed: int
    """The new game's deal seed, or a fresh secret one for a resumed game: the computer players' seeds follow from it."""
    note: str = ""


def find_kept(data: Path, timestamp: Callable[[], str]) -> tuple[ResumedGame | None, str]:
    """The interrupted game the journal in *data* keeps (read once), and a problem to report.

    A finished game left behind by a power cut is filed now; a corrupt journal
    is set aside (never lost), and the problem says so.
    """
    path = data / JOURNAL
    if not path.exists():
        return None, ""
    try:
        found = load(path)
    except (JournalError, OSError) as error:
        return None, f"The saved game could not be resumed: {error}"
    if found.game.is_over:
        archive(path, data / HISTORY, found.kind.journal.record(found.game), timestamp())
        return None, ""
    return found, ""


def open_game(settings: GameSettings, *, kept: ResumedGame | None = None, fresh: bool = True, timestamp: str,
              seed: int | None = None) -> Opened:
    """Resume the *kept* game (its own settings win), or start a new one and journal its start.

    A kept game replaced by a new one (*fresh*) is filed, unfinished, in the history.
    """
    seed = secrets.randbelow(2**31) if seed is None else seed
    data = settings.data_path
    data.mkdir(parents=True, exist_ok=True)
    path = data / JOURNAL
    if kept is not None and not fresh:
        return Opened(kept.kind, kept.game, kept.journal, kept.settings, True, kept.token, seed, kept.note or "")
    if kept is not None:
        archive(kept.journal.path, data / HISTORY, kept.kind.journal.record(kept.game), timestamp)
    kind = find_kind(settings.edition)
    game = kind.deal(settings, seed)
    journal = Journal(path)
    token = secrets.token_hex(8)
    journal.started(kind, game, settings, token)
    return Opened(kind, game, journal, settings, False, token, seed)


class Sitting:
    """One game at the console: opened (resumed or dealt), played through its ``flow``, filed."""

    def __init__(
        self,
        hardware: Hardware,
        settings: GameSettings,
        now: float,
        *,
        kept: ResumedGame | None = None,
        fresh: bool = False,
        timestamp: Callable[[], str] = lambda: time.strftime("%Y%m%d-%H%M%S"),
        seed: int | None = None,
        thinker: Thinker | None = None,
    ) -> None:
        """*thinker*: where the computer players search (default: a worker process; in-process for scripted runs)."""
        self.timestamp = timestamp
        self.opened = opened = open_game(settings, kept=kept, fresh=fresh, timestamp=timestamp(), seed=seed)
        hardware.handheld.start_session(opened.token, new_game=not opened.resumed)
        table = Table(hardware.handheld, thinker or Thinker(), opened.journal, opened.seed)
        self.flow: GameFlow = opened.kind.flow(opened.game, opened.settings, table, now, opened.resumed)
        if opened.note:
            self.flow.say(opened.note)

    def kept(self) -> ResumedGame:
        """The game as its journal keeps it, to be resumed later (the players left it)."""
        opened = self.opened
        return ResumedGame(opened.kind, self.flow.game, opened.settings, opened.token, opened.journal, b"")

    def file(self) -> None:
        """A finished game goes to the history folder (an unfinished one stays journaled, to be resumed)."""
        game = self.flow.game
        if game.is_over:
            archive(self.opened.journal.path, self.opened.settings.data_path / HISTORY, self.opened.kind.journal.record(game),
                    self.timestamp())
