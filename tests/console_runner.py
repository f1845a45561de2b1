"""One seeded game at a console on the ``fake`` profile, deterministic enough to be killed and resumed.

Run as a script (``python tests/console_runner.py DATA_DIR SEED``) it plays or
resumes the game journaled in ``DATA_DIR`` until it is over and filed, so a
test can SIGKILL it at any moment and start it again. The people around the
board are deterministic functions of the seed and the game as it stands:

- ``SeededTable`` (the detectives) decides from the public view and the
  console's ``Ui`` alone, with a ``Random`` seeded by the seed and the public
  state, so a resumed run presses exactly what an unkilled run would have;
- ``seeded_far_end`` (Mister X's handheld) answers each request from the seed
  and the request itself, doubling now and then.

The only output besides the console's own files (journal, history) is one JSON
line on stdout when the game is opened (the engine's position then) and one
when it is filed, so the test can check what each restart resumed.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from console_driver import StepClock as Clock
from console_driver import Table

from console import session
from console.app import Console
from console.model import Mode
from console.program import Program
from console.settings import GameSettings
from engine.record import position_to_dict
from engine.views import PublicView
from hardware.config import Config
from hardware.factory import build_hardware
from hardware.handheld import FarEnd, MemoryHandheldLink
from hardware.interfaces import Hardware, Key, Message
from hardware.station_map import StationMap

STATIONS = range(1, 200)
TIMESTAMP = "game"
"""The history file of the finished game: ``history/game.json``."""
CHOICES = (Key.CHOICE_1, Key.CHOICE_2, Key.CHOICE_3, Key.CHOICE_4)
DOUBLE_CHANCE = 0.15
HUNT_CHANCE = 0.2


def public_key(seed: int, view: PublicView) -> str:
    """A name for the game's public state: changes with every move and never with anything secret."""
    return f"{seed}/{view.round}/{view.moves_made}/{','.join(sorted(view.moved))}"


class SeededTable(Table):
    """The detectives: presses chosen from the seed, the public view and the console's ``Ui``, nothing else.

    A piece that cannot move is refused by the console; the table then tries the
    next piece of the same seeded order (its only memory, which a restart rebuilds
    the same way).
    """

    def __init__(self, console: Console, seed: int) -> None:
        super().__init__(console, seed)
        self.seed = seed
        self._tries: tuple[str, int] = ("", 0)

    def act(self) -> None:
        """Do what the console asks for next (one press, one key, or just let it step)."""
        flow = self.flow
        if flow is None or self.in_menu:
            self.key(Key.CONFIRM)  # the start menu offers the interrupted game first
            return
        ui, view = flow.ui, flow.game.public_view()
        here = public_key(self.seed, view)
        if ui.mode is Mode.DEAL:
            self.press(ui.to_place[0][1])
        elif ui.mode is Mode.DETECTIVES and ui.selected is None:
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


def _move(station: object, ticket: object, double: bool = False) -> Message:
    return {"type": "move", "station": station, "ticket": ticket, **({"double": True} if double else {})}


def seeded_far_end(seed: int) -> FarEnd:
    """Mister X on his handheld: each answer a function of the seed and the request (doubles sometimes)."""
    refused = False

    def answer(message: Message) -> Sequence[Message]:
        nonlocal refused
        kind = message.get("type")
        if kind == "refused":
            refused = True  # e.g. no double starts with that leg: the next request gets a single move
        elif kind == "choose_move":
            rng = random.Random(f"{seed}/x/{message['round']}/{message['station']}/{len(message['log'])}")
            station, ticket = rng.choice(message["moves"])
            double = bool(message["can_double"]) and not refused and rng.random() < DOUBLE_CHANCE
            refused = False
            return [_move(station, ticket, double)]
        elif kind == "choose_second_leg":
            rng = random.Random(f"{seed}/x2/{message['first']}/{len(message['moves'])}")
            station, ticket = rng.choice(message["moves"])
            return [_move(station, ticket)]
        return []

    return answer


def settings_for(data_dir: Path) -> GameSettings:
    return GameSettings(edition="reissue", players=4, data_dir=str(data_dir))


def fake_hardware(far_end: FarEnd) -> Hardware:
    return build_hardware(Config(profile="fake"), StationMap.identity(STATIONS), STATIONS, handheld=MemoryHandheldLink(far_end))


def _say(out: TextIO, **event: object) -> None:
    out.write(json.dumps(event, sort_keys=True) + "\n")
    out.flush()


def play(data_dir: Path, seed: int, out: TextIO = sys.stdout) -> None:
    """Start the console on *data_dir*: resume the journaled game from the start menu, play it until it is filed.

    The console deals with a secret seed, so the seeded start is journaled here
    with ``open_game(seed=...)`` and the start menu offers it (resuming never
    deals on the board). A finished game whose journal is still there (killed
    while filing) is filed by the program as it starts.
    """
    settings = settings_for(data_dir)
    history = settings.data_path / session.HISTORY
    if not (settings.data_path / session.JOURNAL).exists():
        if history.is_dir() and any(history.glob("*.json")):
            _say(out, event="done")
            return
        session.open_game(settings, fresh=False, timestamp=TIMESTAMP, seed=seed)
    program = Program(fake_hardware(seeded_far_end(seed)), settings, clock=Clock(), timestamp=lambda: TIMESTAMP)
    if program.menu is None or program.menu.current.name != "resume":  # it filed a finished game as it started
        _say(out, event="filed", late=True)
        return
    program.key_pressed(Key.CONFIRM, program.clock())  # resume; Mister X's request is answered at the next step
    assert program.flow is not None and program.flow.ui.mode is not Mode.DEAL
    game = program.flow.game
    _say(out, event="opened", actions=len(game.actions), position=position_to_dict(game.position()))
    table = SeededTable(program.console, seed)
    program.sleep = lambda seconds: table.act()
    program.run(lambda: program.sitting is None)
    _say(out, event="filed", outcome=str(game.outcome), late=False)


def main(argv: Sequence[str]) -> int:
    data_dir, seed = argv
    play(Path(data_dir), int(seed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
