"""Going straight back into a game the console was torn from, but not into one the players left.

A console restarted in the middle of a game (its watchdog restarted a hung
loop, the power flickered, an update restarted the service) should put the
table back in its game without a press. Players who chose "Leave (the game is
kept)", or shut the console down, should find the start menu instead, with
"Resume" first. The journal alone cannot tell the two apart: it keeps the
game's actions, not why the program stopped. So leaving writes a small marker
beside the journal, ``game.left``, naming the game (by its history name, which
does not reveal its session token), and resuming the game removes it.

A game goes straight back in when it is not marked as left and its journal was
last written within ``BACK_WITHIN_S`` of now: a game abandoned yesterday by a
pulled plug waits at the start menu. The journal's time is compared either way
round, since a Pi without a real-time clock may start with its clock a little
behind the last write (a clock restored from the time saved before the cut).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from console.records.journal import ResumedGame, game_id
from console.records.storage import fault_in_words, replace_private

log = logging.getLogger(__name__)

BACK_WITHIN_S = 600.0
"""A game interrupted this recently (ten minutes: a restart, a brief power cut) goes straight back in."""
LEFT = "game.left"
"""Beside the journal: the game the players left (its history name)."""


def mark_left(game: ResumedGame) -> None:
    """The players left *game* (it stays journaled): the next start opens the start menu, not the game."""
    try:
        replace_private(game.journal.path.with_name(LEFT), f"{game_id(game.token)}\n".encode("ascii"))
    except OSError as error:  # the start menu's Resume still has the game; a restart soon would go back into it
        log.warning("could not note that the game was left: %s", fault_in_words(error))


def forget_left(game: ResumedGame) -> None:
    """*game* is being played again (or replaced by a new one): whatever was left is no longer."""
    try:
        game.journal.path.with_name(LEFT).unlink(missing_ok=True)
    except OSError as error:
        log.warning("could not remove the note of a left game: %s", fault_in_words(error))


def goes_straight_back(game: ResumedGame, within_s: float = BACK_WITHIN_S, *, now: Callable[[], float] = time.time) -> bool:
    """Whether *game* was interrupted (not left) within *within_s* of *now*, so the console goes straight back into it."""
    if _was_left(game):
        return False
    try:
        written = game.journal.path.stat().st_mtime
    except OSError:
        return False
    return abs(now() - written) <= within_s


def _was_left(game: ResumedGame) -> bool:
    """The note beside the journal names *game* (a note that cannot be read counts: the start menu is the safe side)."""
    try:
        named = game.journal.path.with_name(LEFT).read_text(encoding="ascii", errors="replace").strip()
    except FileNotFoundError:
        return False
    except OSError:
        return True
    return named == game_id(game.token)
