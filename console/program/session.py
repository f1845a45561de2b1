"""One sitting at the console: resume the interrupted game or deal a new one, play it, file it.

This is where settings, the journal, the hardware and the game's kind meet. A
game is journaled from its first moment, so a power cut at any point resumes
it; a finished game is filed in the history folder as its kind's record.
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from console.games import GameKind, find_kind
from console.games.kind import GameFlow, Table
from console.games.thinker import Thinker
from console.records.journal import (
    PAIRING,
    Journal,
    JournalError,
    NewerJournalError,
    ResumedGame,
    archive,
    filing_time,
    game_id,
    load,
    take_back,
)
from console.records.storage import HISTORY, JOURNAL, UNFILED, fault_in_words
from console.settings import TABLE_CHOICES, GameSettings
from engine import BoardGame
from hardware.interfaces import HandheldLink, Hardware
from language import Text, Words, _, n_

log = logging.getLogger(__name__)



@dataclass
class Opened:
    kind: GameKind
    game: BoardGame
    journal: Journal
    settings: GameSettings
    resumed: bool
    token: str
    """The handheld's session token of this game (from its journal)."""
    seed: int
    """The new game's deal seed, or a fresh secret one for a resumed game: the computer players' seeds follow from it."""
    note: Words = ""

    def kept(self, game: BoardGame) -> ResumedGame:
        """The opened game, now *game* (its actions journaled), as a kept game: to resume later, or to file."""
        return ResumedGame(self.kind, game, self.settings, self.token, self.journal, b"")


def unsaved(journal: Journal) -> Words:
    """Why the game is not saved and how many moves wait, for the players (empty while every action is on disk)."""
    return "" if journal.problem is None else unsaved_because(journal.problem, journal.waiting)


def unsaved_because(problem: OSError, waiting: int) -> Text:
    """Why the game is not saved and how many moves (or other actions) wait in memory; short enough for the header's bar."""
    return n_("Not saved: {reason} ({n} move). Play on", "Not saved: {reason} ({n} moves). Play on", waiting,
              reason=fault_in_words(problem))


def find_kept(data: Path, timestamp: Callable[[], str]) -> tuple[ResumedGame | None, Words]:
    """The interrupted game the journal in *data* keeps (read once), and a problem to report.

    Finished games left behind (by a power cut, or a disk that refused them)
    are filed now; a corrupt journal, or a newer console's, is set aside (never
    lost), and the problem says so; a newer console's that this one reads now
    is taken back first. Nothing here stops the start menu from opening.
    """
    take_back(data)
    problem = file_unfiled(data, timestamp)
    path = data / JOURNAL
    if not path.exists():
        return None, problem
    try:
        found = load(path)
    except JournalError as error:
        log.warning("%s", error)
        return None, _("The saved game could not be resumed ({reason}): it is kept as {file}", reason=_set_aside_because(error),
                       file=error.moved_to.name)
    except OSError as error:
        return None, _("The saved game could not be resumed: {reason}", reason=fault_in_words(error))
    if found.game.is_over:
        return None, file_game(found, data, timestamp()) or problem
    return found, problem


def file_game(game: ResumedGame, data: Path, timestamp: str) -> Words:
    """File *game* in the history folder; if the disk refuses, keep its journal aside to file later and say why."""
    try:
        archive(game.journal.path, data / HISTORY, game.kind.journal.record(game.game), timestamp, game_id(game.token))
        return ""
    except OSError as error:
        why = fault_in_words(error)
    if game.journal.path.exists():
        with contextlib.suppress(OSError):  # if even a rename fails, the journal stays where it is, filed later
            os.replace(game.journal.path, data / f"{UNFILED}{game_id(game.token)}.journal")
    return _("The game could not be filed in the history ({reason}): it is kept and filed at a later start", reason=why)


def file_unfiled(data: Path, timestamp: Callable[[], str]) -> Words:
    """File the games kept aside when the disk refused them; a problem to report, if one is still refused."""
    problems: list[Words] = []
    for path in sorted(data.glob(f"{UNFILED}*.journal")):
        try:
            problems.append(file_game(load(path), data, timestamp()))
        except JournalError as error:
            log.warning("%s", error)
            problems.append(_("A kept game could not be filed ({reason}): it is kept as {file}", reason=_set_aside_because(error),
                              file=error.moved_to.name))
        except OSError as error:
            problems.append(_("A kept game could not be filed: {reason}", reason=fault_in_words(error)))
    return next((problem for problem in problems if problem), "")


def _set_aside_because(error: JournalError) -> Text:
    return _("a newer console saved it") if isinstance(error, NewerJournalError) else _("it is damaged")


def open_game(settings: GameSettings, *, kept: ResumedGame | None = None, fresh: bool = True, timestamp: str,
              seed: int | None = None) -> Opened:
    """Resume the *kept* game (its own settings win, but for the table's choices), or start a new one and journal its start.

    A kept game replaced by a new one (*fresh*) is filed, unfinished, in the
    history. A disk that refuses the new journal does not stop the game: it
    goes on in memory, and ``Journal.problem`` says why it is not saved.
    """
    seed = secrets.randbelow(2**31) if seed is None else seed
    data = settings.data_path
    if kept is not None and not fresh:
        own = replace(kept.settings, **{choice: getattr(settings, choice) for choice in TABLE_CHOICES})
        kept.journal.retry()  # an older version's journal is written in this one now (if the disk refuses, the game goes on)
        return Opened(kept.kind, kept.game, kept.journal, own, True, kept.token, seed, kept.note or "")
    note = file_game(kept, data, timestamp) if kept is not None else ""
    kind = find_kind(settings.edition)
    game = kind.deal(settings, seed)
    journal = Journal(data / JOURNAL)
    token = secrets.token_hex(8)
    journal.started(kind, game, settings, token)
    return Opened(kind, game, journal, settings, False, token, seed, note)


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
        timestamp: Callable[[], str] = filing_time,
        seed: int | None = None,
        thinker: Thinker | None = None,
        handheld: HandheldLink | None = None,
    ) -> None:
        """*thinker*: where the computer players search (default: a worker process; in-process for scripted runs);
        *handheld*: the hidden side's link (default: the hardware's; a phone game's phone link)."""
        self.timestamp = timestamp
        self.opened = opened = open_game(settings, kept=kept, fresh=fresh, timestamp=timestamp(), seed=seed)
        link = handheld if handheld is not None else hardware.handheld
        link.start_session(opened.token, new_game=not opened.resumed)
        table = Table(link, thinker or Thinker(), opened.journal, opened.seed, pieces_move_themselves=not hardware.pieces_by_hand)
        self.flow: GameFlow = opened.kind.flow(opened.game, opened.settings, table, now, opened.resumed)
        if opened.note:
            self.flow.say(opened.note)
        self.pairing = kept.pairing if kept is not None and opened.resumed else ""
        """A phone game's pairing as its journal keeps it (empty until one is kept)."""

    def keep_pairing(self, pairing: str) -> None:
        """Journal a phone game's *pairing* if it changed (a phone paired, a new code): a restarted console takes it up."""
        if pairing != self.pairing:
            self.opened.journal.append({"type": PAIRING, PAIRING: pairing})
            self.pairing = pairing

    def kept(self) -> ResumedGame:
        """The game as its journal keeps it, to be resumed later (the players left it)."""
        return replace(self.opened.kept(self.flow.game), pairing=self.pairing)

    @property
    def saving_problem(self) -> Words:
        """Why the game is not saved, for the screen (empty while every action is on disk)."""
        return unsaved(self.opened.journal)

    def retry_saving(self) -> None:
        self.opened.journal.retry()

    def file(self) -> Words:
        """File a finished game in the history folder (an unfinished one stays journaled); say where it went."""
        if not self.flow.game.is_over:
            return ""
        self.retry_saving()
        return file_game(self.kept(), self.opened.settings.data_path, self.timestamp()) or _("The game is filed in the history folder")
