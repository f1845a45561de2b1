"""One seeded game at a console on the ``fake`` profile, deterministic enough to be killed and resumed.

Run as a script (``python tests/support/runner.py DATA_DIR SEED [LINE:MOMENT]``)
it plays or resumes the game journaled in ``DATA_DIR`` until it is over and
filed. Given a kill point it SIGKILLs itself there, at a place fixed by the
journal rather than by the clock (``KillPoint``), so a test can stop the real
program at every kind of event however busy the machine is. The people around
the board are deterministic functions of the seed and the game as it stands:

- ``SeededTable`` (the detectives) decides from the public view, the console's
  ``Ui`` and the number of journal lines alone, with a ``Random`` seeded by
  them, so a resumed run presses exactly what an unkilled run would have; now
  and then it takes a move back or corrects the board from the game menu;
- ``seeded_far_end`` (Mister X's handheld) answers each request from the seed
  and the request itself, doubling now and then.

The only output besides the console's own files (journal, history) is JSON
lines on stdout: each journal event as it is written, the engine's position
when the game is opened, and the filing, so the test can check what each
restart resumed.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from console.games.classic.model import Mode
from console.program import session
from console.program.loop import Console
from console.program.program import Program
from console.records.journal import Journal
from console.settings import GameSettings
from engine.record import position_to_dict
from engine.views import PublicView
from firmware import messages
from hardware.config import Config
from hardware.drivers.handheld import FarEnd, MemoryHandheldLink
from hardware.factory import build_hardware
from hardware.interfaces import Hardware, Key, Message
from hardware.station_map import StationMap
from tests.support.players import StepClock as Clock
from tests.support.players import Table, choices_of

STATIONS = range(1, 200)
TIMESTAMP = "game"
"""The history file of the finished game: ``history/game.json``."""
CHOICES = (Key.CHOICE_1, Key.CHOICE_2, Key.CHOICE_3, Key.CHOICE_4)
DOUBLE_CHANCE = 0.15
HUNT_CHANCE = 0.2
UNDO_CHANCE = 0.08
"""After a detective's move, the table sometimes takes one back ..."""
CORRECT_CHANCE = 0.03
"""... and sometimes corrects the board: a detective set down on another free station."""
MOMENTS = ("torn", "written", "second-leg", "filing")
"""Where a kill falls at its journal line, in the order they come."""


@dataclass(frozen=True, order=True)
class KillPoint:
    """Where a run kills itself: at journal line ``line``, at ``moment``:

    - ``torn``: the line is being written (half of it reached the disk, no newline);
    - ``written``: the line is on disk and nothing has shown it yet;
    - ``second-leg``: the line is on disk and Mister X's handheld is asked for a double move's second leg;
    - ``filing``: the game is filed in the history and its journal (of ``line`` lines) not yet removed.
    """

    line: int
    rank: int
    """The moment's place in ``MOMENTS``: kill points sort in the order a game meets them."""

    @classmethod
    def parse(cls, text: str) -> KillPoint:
        line, moment = text.split(":")
        return cls(int(line), MOMENTS.index(moment))

    @property
    def moment(self) -> str:
        return MOMENTS[self.rank]

    @property
    def kept(self) -> int:
        """The journal's whole lines after the kill."""
        return self.line - 1 if self.moment == "torn" else self.line

    def __str__(self) -> str:
        return f"{self.line}:{self.moment}"


def public_key(seed: int, view: PublicView) -> str:
    """A name for the game's public state: changes with every move and never with anything secret."""
    return f"{seed}/{view.round}/{view.moves_made}/{','.join(sorted(view.moved))}"


def journal_lines(path: Path) -> int:
    """Whole lines in the journal at *path* (0 when there is none): public, and the same after a restart."""
    return path.read_bytes().count(b"\n") if path.exists() else 0


class SeededTable(Table):
    """The detectives: presses chosen from the seed, the public view, the console's ``Ui`` and the journal's length.

    A piece that cannot move is refused by the console; the table then tries the
    next piece of the same seeded order (its only memory, which a restart rebuilds
    the same way). Undos and corrections are seeded by the journal's length too,
    which every one of them lengthens, so the table never loops.
    """

    def __init__(self, console: Console, seed: int, journal: Path) -> None:
        super().__init__(console, seed)
        self.seed = seed
        self.journal = journal
        self._tries: tuple[str, int] = ("", 0)

    def act(self) -> None:
        """Do what the console asks for next (one press, one key, or just let it step)."""
        flow = self.flow
        if flow is None or self.in_menu:
            self.key(Key.CONFIRM)  # the start menu offers the interrupted game first
            return
        ui, view = flow.ui, flow.game.public_view()
        here = f"{public_key(self.seed, view)}/{journal_lines(self.journal)}"  # an undo comes back to a state, not to its line
        if ui.mode is Mode.DEAL:
            self.press(ui.to_place[0][1])
        elif ui.mode is Mode.DETECTIVES and ui.selected is None:
            chance = random.Random(f"{here}/chance").random()
            if chance < UNDO_CHANCE and flow.game.can_undo:
                self.key(Key.UNDO)
                return
            if chance > 1 - CORRECT_CHANCE:
                self.correct(random.Random(f"{here}/correct"))
                return
            last, tries = self._tries
            self._tries = (here, tries + 1 if last == here else 0)
            unmoved = [piece for piece in view.pieces if piece.name not in view.moved]
            order = random.Random(here).sample(unmoved, len(unmoved))
            self.press(order[self._tries[1] % len(order)].station)
        elif ui.mode is Mode.DETECTIVES and ui.selected is not None:
            rng = random.Random(f"{here}/{ui.selected}")
            if not ui.destinations:
                self.press(view.piece(ui.selected).station)  # nowhere to go: put it down
                return
            places = sorted(ui.destinations)
            hunting = [station for station in places if station in view.possible_stations]
            self.press(rng.choice(hunting if hunting and rng.random() < HUNT_CHANCE else places))
        elif ui.mode is Mode.CHOOSE_TICKET:
            rng = random.Random(f"{here}/{ui.selected}/{ui.chosen}")
            self.key(CHOICES[rng.randrange(len(ui.ticket_choices))])
        elif ui.mode is Mode.GAME_OVER:
            self.key(Key.CONFIRM)
        else:
            self.console.step()

    def correct(self, rng: random.Random) -> None:
        """From the game menu: set one detective down on a free station where Mister X cannot be, and apply it."""
        flow = self.flow
        assert flow is not None
        self.key(Key.MENU)
        menu = self.console.activity.menu  # type: ignore[attr-defined]
        while str(menu.current.label) != "Correct the board":
            self.key(Key.CHOICE_2)
        self.key(Key.CONFIRM)
        assert flow.ui.mode is Mode.CORRECT, flow.ui
        view = flow.game.public_view()
        piece = rng.choice([p for p in view.pieces if not p.bobby])
        taken = {p.station for p in view.pieces}
        free = [s for s in STATIONS if s not in taken and not view.possible >> s & 1]
        self.press(piece.station)
        self.press(rng.choice(free))
        self.key(Key.CONFIRM)
        assert flow.ui.mode is not Mode.CORRECT, flow.ui.message


def seeded_far_end(seed: int, second_leg_asked: Callable[[], None] = lambda: None) -> FarEnd:
    """Mister X on his handheld: each answer a function of the seed and the request (doubles sometimes).

    Every message from the console is checked as the handheld checks it: one it could not read fails the run.
    """
    refused = doubled = False

    def answer(message: Message) -> Sequence[Message]:
        nonlocal refused, doubled
        request = messages.check(dict(message))
        if request["type"] == "refused":
            refused = doubled = False  # e.g. no double starts with that leg: the next request gets a single move
        elif request["type"] == "ask":
            if doubled:
                second_leg_asked()
            rng = random.Random(f"{seed}/x/{json.dumps(request, sort_keys=True)}")
            choice = rng.choice(choices_of(request))
            option = "option" in request and not refused and rng.random() < DOUBLE_CHANCE
            refused, doubled = False, option
            return [messages.answer(choice, option)]
        return []

    return answer


def settings_for(data_dir: Path) -> GameSettings:
    return GameSettings(edition="reissue", players=4, data_dir=str(data_dir))


def fake_hardware(far_end: FarEnd) -> Hardware:
    return build_hardware(Config(profile="fake"), StationMap.identity(STATIONS), STATIONS, handheld=MemoryHandheldLink(far_end))


def _say(out: TextIO, **event: object) -> None:
    out.write(json.dumps(event, sort_keys=True) + "\n")
    out.flush()


def watch(journal: Path, out: TextIO, point: KillPoint | None) -> Callable[[], None]:
    """Report every journal event as it is written; and make this process SIGKILL itself at *point*, if given.

    Returns the hook for the handheld's second-leg requests. The hooks wrap the
    journal's one writing method and the removal of the journal file, so they
    see the real program's own writes.
    """

    def die(moment: str, line: int) -> None:
        if point is not None and (point.moment, point.line) == (moment, line):
            out.flush()
            os.kill(os.getpid(), signal.SIGKILL)

    append = Journal.append

    def reported_append(self: Journal, event: Mapping[str, Any]) -> None:
        append(self, event)
        line = journal_lines(self.path)
        _say(out, event="journaled", line=line, entry=event)
        if point is not None and (point.moment, point.line) == ("torn", line):
            whole = self.path.read_bytes()
            last = whole[whole.rstrip(b"\n").rfind(b"\n") + 1:]
            torn = whole[: len(whole) - len(last) // 2 - 1]
            if line == 1:  # the start line is written to a temporary file and renamed: killed before the rename
                self.path.with_name(self.path.name + ".new").write_bytes(torn)
                self.path.unlink()
            else:
                self.path.write_bytes(torn)
            die("torn", line)
        die("written", line)

    unlink = Path.unlink

    def unlink_unless_filing(self: Path, missing_ok: bool = False) -> None:
        if self == journal:
            die("filing", journal_lines(journal))
        unlink(self, missing_ok)

    Journal.append = reported_append  # type: ignore[method-assign]
    Path.unlink = unlink_unless_filing  # type: ignore[method-assign]
    return lambda: die("second-leg", journal_lines(journal))


def play(data_dir: Path, seed: int, out: TextIO = sys.stdout, kill: KillPoint | None = None) -> None:
    """Start the console on *data_dir*: resume the journaled game from the start menu, play it until it is filed.

    The console deals with a secret seed, so the seeded start is journaled here
    with ``open_game(seed=...)`` and the start menu offers it (resuming never
    deals on the board). A finished game whose journal is still there (killed
    while filing) is filed by the program as it starts.
    """
    settings = settings_for(data_dir)
    history = settings.data_path / session.HISTORY
    journal = settings.data_path / session.JOURNAL
    second_leg_asked = watch(journal, out, kill)
    if not journal.exists():
        if history.is_dir() and any(history.glob("*.json")):
            _say(out, event="done")
            return
        session.open_game(settings, fresh=False, timestamp=TIMESTAMP, seed=seed)
    program = Program(fake_hardware(seeded_far_end(seed, second_leg_asked)), settings, clock=Clock(), timestamp=lambda: TIMESTAMP)
    if program.menu is None or not str(program.menu.current.label).startswith("Resume"):  # it filed a finished game as it started
        _say(out, event="filed", late=True)
        return
    program.key_pressed(Key.CONFIRM, program.clock())  # resume; Mister X's request is answered at the next step
    assert program.flow is not None and program.flow.ui.mode is not Mode.DEAL
    flow = program.flow
    _say(out, event="opened", actions=len(flow.game.actions), position=position_to_dict(flow.game.position()))
    table = SeededTable(program.console, seed, journal)
    program.sleep = lambda seconds: table.act()
    program.run(lambda: program.sitting is None)
    _say(out, event="filed", outcome=str(flow.game.outcome), late=False)


def main(argv: Sequence[str]) -> int:
    data_dir, seed, *kill = argv
    play(Path(data_dir), int(seed), kill=KillPoint.parse(kill[0]) if kill else None)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
