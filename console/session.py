"""One sitting at the console: resume the interrupted game or deal a new one, play it, file it.

This is where settings, the journal, the hardware and the flow meet. A game is
journaled from its first moment, so a power cut at any point resumes it; a
finished game is filed in the history folder as a game record.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace

from console.computer import ComputerDetectives, ComputerSeat
from console.flow import Flow
from console.journal import AnyGame, Journal, JournalError, archive, load
from console.junior_flow import JuniorFlow
from console.junior_seats import ComputerDetectiveTeam, ComputerRogues, HandheldRogues, RogueSeat
from console.lights import COLOUR_BLIND, STANDARD, Palette
from console.mister_x import HandheldSeat, MisterXSeat
from console.settings import JUNIOR, GameSettings, bobbies_of, detectives_of, rogues_of
from console.thinker import Thinker
from engine import Game, find_ruleset
from engine.editions import FIVE_REVEALS
from engine.junior import JuniorGame
from hardware.interfaces import Hardware

JOURNAL = "game.journal"
HISTORY = "history"


@dataclass
class Opened:
    game: AnyGame
    journal: Journal
    settings: GameSettings
    resumed: bool
    token: str
    """The handheld's session token of this game (from its journal)."""
    seed: int
    """The new game's deal seed, or a fresh secret one for a resumed game: the computer players' seeds follow from it."""
    note: str = ""


def new_game(settings: GameSettings, seed: int) -> AnyGame:
    if settings.edition == JUNIOR:
        return JuniorGame.new(settings.district, rogues=rogues_of(settings), seed=seed)
    ruleset = find_ruleset(settings.edition)
    if settings.five_reveals:
        ruleset = replace(ruleset, reveal_moves=FIVE_REVEALS)
    return Game.new(ruleset, players=settings.players, detectives=detectives_of(settings), bobbies=bobbies_of(settings), seed=seed)


def open_game(settings: GameSettings, *, fresh: bool, timestamp: str, seed: int | None = None) -> Opened:
    """Resume the journaled game (its own settings win), or start a new one and journal its start.

    A finished game left behind by a power cut is filed first; a corrupt journal
    is set aside (never lost) and a new game starts, saying so.
    """
    seed = secrets.randbelow(2**31) if seed is None else seed
    data = settings.data_path
    data.mkdir(parents=True, exist_ok=True)
    path = data / JOURNAL
    note = ""
    if path.exists():
        try:
            found = load(path)
        except JournalError as error:
            found, note = None, f"The saved game could not be resumed: {error}"
        if found is not None and not found.game.is_over and not fresh:
            return Opened(found.game, found.journal, GameSettings(**found.settings), True, found.token, seed, found.note or "")
        if found is not None:
            archive(path, data / HISTORY, found.game, timestamp)
    game = new_game(settings, seed)
    journal = Journal(path)
    token = secrets.token_hex(8)
    journal.started(game.start, asdict(settings), token)
    return Opened(game, journal, settings, False, token, seed, note)


def seat_for(settings: GameSettings, hardware: Hardware, thinker: Thinker) -> MisterXSeat:
    return ComputerSeat(settings.level, thinker) if settings.mister_x == "computer" else HandheldSeat(hardware.handheld)


def detectives_for(settings: GameSettings, thinker: Thinker) -> ComputerDetectives | None:
    return ComputerDetectives(settings.level, thinker) if settings.detectives_by == "computer" else None


def junior_flow(opened: Opened, hardware: Hardware, now: float) -> JuniorFlow:
    """The flow of a Junior game, its rogues and detectives seated as the settings say."""
    settings, game, seed = opened.settings, opened.game, opened.seed
    assert isinstance(game, JuniorGame)
    seat: RogueSeat = ComputerRogues(settings.level, seed) if settings.mister_x == "computer" else HandheldRogues(hardware.handheld)
    detectives = ComputerDetectiveTeam(settings.level, seed) if settings.detectives_by == "computer" else None
    return JuniorFlow(game, seat, now, opened.journal, deal=not opened.resumed, detectives=detectives)


class Sitting:
    """One game at the console: opened (resumed or dealt), played through its ``flow``, filed."""

    def __init__(
        self,
        hardware: Hardware,
        settings: GameSettings,
        now: float,
        *,
        fresh: bool = False,
        timestamp: Callable[[], str] = lambda: time.strftime("%Y%m%d-%H%M%S"),
        seed: int | None = None,
        thinker: Thinker | None = None,
    ) -> None:
        """*thinker*: where the computer players search (default: a worker process; in-process for scripted runs)."""
        self.timestamp = timestamp
        thinker = thinker or Thinker()
        self.opened = open_game(settings, fresh=fresh, timestamp=timestamp(), seed=seed)
        settings = self.opened.settings
        hardware.handheld.start_session(self.opened.token, new_game=not self.opened.resumed)
        game = self.opened.game
        self.flow: Flow | JuniorFlow
        if isinstance(game, JuniorGame):
            self.flow = junior_flow(self.opened, hardware, now)
        else:
            self.flow = Flow(game, seat_for(settings, hardware, thinker), now, self.opened.journal,
                             deal=not self.opened.resumed, assist=settings.assist, detectives=detectives_for(settings, thinker))
        if self.opened.note:
            self.flow.ui = replace(self.flow.ui, message=self.opened.note)

    @property
    def palette(self) -> Palette:
        return COLOUR_BLIND if self.opened.settings.palette == "colour-blind" else STANDARD

    def file(self) -> None:
        """A finished game goes to the history folder (an unfinished one stays journaled, to be resumed)."""
        if self.flow.game.is_over:
            archive(self.opened.journal.path, self.opened.settings.data_path / HISTORY, self.flow.game, self.timestamp())

