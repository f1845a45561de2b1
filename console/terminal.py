"""The terminal game's sitting: resume the interrupted game or deal a new one, journal it, file it.

It keeps the same journal as the board, in the same data folder, so a game
left in the terminal (``quit``, Ctrl-C, a closed terminal, a kill) is offered
again at the next start, in the terminal or on the board, and the other way
round. The person plays the side the game's settings seat at the board
(``mister_x = "handheld"``: Mister X; otherwise the detectives); the computer
plays the other.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

from console.games import CLASSIC
from console.games.classic.text_game import TextGame
from console.session import HISTORY, file_game, find_kept, open_game, unsaved
from console.settings import GameSettings, Seat
from engine import Side

_CHOICES = {"r": "resume", "n": "new", "q": "quit", "": "resume"}


def play(settings: GameSettings, seed: int, out: TextIO, read: Callable[[str], str]) -> int:
    """Play one game in the terminal (resumed or new); the exit status."""

    def say(text: str) -> None:
        print(text, file=out)

    kept, problem = find_kept(settings.data_path, _timestamp)
    if problem:
        say(problem)
    fresh = True
    if kept is not None:
        answer = _interrupted(kept.kind.describe(kept.game), kept.kind is CLASSIC, read, say)
        if answer == "quit":
            say("The interrupted game stays saved.")
            return 0
        fresh = answer == "new"
    opened = open_game(settings, kept=kept, fresh=fresh, timestamp=_timestamp(), seed=seed)
    if opened.note:
        say(opened.note)
    human = Side.MISTER_X if opened.settings.mister_x is Seat.HANDHELD else Side.DETECTIVES
    journal = opened.journal
    text_game = TextGame(opened.game, human, out, read, seed=seed, recorder=journal, saving_problem=lambda: unsaved(journal))
    if journal.problem is not None:
        say(unsaved(journal))
    try:
        text_game.run()
    except (EOFError, KeyboardInterrupt):
        say("\nGame left.")
    if opened.game.is_over:
        data = opened.settings.data_path
        say(file_game(opened.kept(opened.game), data, _timestamp()) or f"The game is filed in {data / HISTORY}.")
    else:
        say("The game is kept: start scotland-yard again to resume it (in the terminal or on the board)."
            if journal.saved else unsaved(journal))
    return 0


def _interrupted(described: str, playable: bool, read: Callable[[str], str], say: Callable[[str], None]) -> str:
    """Ask what to do with an interrupted game: resume it (if the terminal plays its kind), a new game, or quit."""
    if not playable:
        say(f"A game was interrupted ({described}): it is played on the board (scotland-yard sim or play).")
    prompt = (f"A game was interrupted ({described}). " if playable else "") + (
        "[R]esume it, start a [n]ew game (the interrupted one is filed unfinished and cannot be resumed), or [q]uit? "
        if playable else "Start a [n]ew game (the interrupted one is filed unfinished and cannot be resumed), or [q]uit? ")
    while True:
        answer = _CHOICES.get(read(prompt).strip().casefold()[:1])
        if answer is not None and (playable or answer != "resume"):
            return answer
        say("Type r, n or q." if playable else "Type n or q.")


def _timestamp() -> str:
    return time.strftime("%Y%m%d-%H%M%S")
