"""The terminal game's sitting: resume the interrupted game or deal a new one, journal it, file it.

It keeps the same journal as the board, in the same data folder, so a game
left in the terminal (``quit``, Ctrl-C, a closed terminal, a kill) is offered
again at the next start, in the terminal or on the board, and the other way
round. Both kinds of game play here (``GameKind.text``): the person plays the
side the game's settings seat at the handheld (``mister_x = "handheld"``:
the hidden side; otherwise the detectives); the computer plays the
other, at the settings' level.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from console.games.text import Terminal
from console.program.session import file_game, find_kept, open_game, unsaved
from console.records.journal import filing_time
from console.records.storage import HISTORY
from console.settings import GameSettings
from language import Words, p_

_CHOICES = {"r": "resume", "n": "new", "q": "quit", "": "resume"}
"""The answers to an interrupted game, by their first letter (the same in every language: the prompt shows them)."""


def play(settings: GameSettings, seed: int, out: TextIO, read: Callable[[str], str]) -> int:
    """Play one game in the terminal (resumed or new); the exit status."""

    def say(text: Words) -> None:
        print(text, file=out)

    kept, problem = find_kept(settings.data_path, filing_time)
    if problem:
        say(problem)
    fresh = True
    if kept is not None:
        answer = _interrupted(kept.kind.describe(kept.game), read, say)
        if answer == "quit":
            say(p_("terminal", "The interrupted game stays saved."))
            return 0
        fresh = answer == "new"
    opened = open_game(settings, kept=kept, fresh=fresh, timestamp=filing_time(), seed=seed)
    if opened.note:
        say(opened.note)
    journal = opened.journal
    if journal.problem is not None:
        say(unsaved(journal))
    try:
        opened.kind.text(opened.game, opened.settings, Terminal(out, read, journal, lambda: unsaved(journal), opened.seed))
    except (EOFError, KeyboardInterrupt):
        say("")  # off the line the prompt left unfinished
        say(p_("terminal", "Game left."))
    if opened.game.is_over:
        data = opened.settings.data_path
        say(file_game(opened.kept(opened.game), data, filing_time())
            or p_("terminal", "The game is filed in {folder}.", folder=data / HISTORY))
    else:
        say(p_("terminal", "The game is kept: start scotland-yard again to resume it (in the terminal or on the board).")
            if journal.saved else unsaved(journal))
    return 0


def _interrupted(described: Words, read: Callable[[str], str], say: Callable[[Words], None]) -> str:
    """Ask what to do with an interrupted game: resume it, start a new game, or quit."""
    prompt = p_("terminal", "A game was interrupted ({game}). [R]esume it, start a [n]ew game (the interrupted one is filed "
                "unfinished and cannot be resumed), or [q]uit? ", game=described)
    while True:
        answer = _CHOICES.get(read(str(prompt)).strip().casefold()[:1])
        if answer is not None:
            return answer
        say(p_("terminal", "Type r, n or q."))
