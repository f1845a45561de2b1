"""What the console wrote before stays readable: a journal of each kind of game resumes, a record of each kind replays.

The fixtures were written by the console (version 1 of both formats): a main
game's journal in round 7 (with undos, two corrections and a double move) and
its finished record, and a Junior game's journal after three rounds and its
finished record. Only the journals' data folder was blanked (their chain of
hashes was written again over it). The ``-v2`` journals were written by the
journal of version 2 before it padded the hidden side's stations: a main game
in round 5 (single and double moves of Mister X, undos, a correction) and a
Junior game after three rounds (two rogues, undos).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from console.games import CLASSIC, JUNIOR
from console.games.classic import journal as events
from console.games.junior import journal as junior_events
from console.journal import load
from console.program import Program
from console.replay import load_record
from console.settings import GameSettings
from engine import DetectiveMove, Game, Side
from engine.junior import ROGUES, JuniorGame, Team, Tokens
from hardware.config import Config
from hardware.factory import build_hardware
from hardware.handheld import MemoryHandheldLink
from hardware.interfaces import Key
from hardware.station_map import StationMap
from tests.support.players import StepClock

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def journal_copy(name: str, folder: Path) -> Path:
    """A copy of a fixture journal (a journal that cannot be read is moved aside: never the fixture itself)."""
    path = folder / "game.journal"
    shutil.copy(FIXTURES / name, path)
    return path


@pytest.mark.parametrize(("name", "progress", "station", "pieces", "token"), [
    ("classic-v1.journal", (7, 8, 5), 143, [("red", 50), ("blue", 185), ("green", 159), ("bobby1", 138)], "542ae10cfe727e87"),
    ("classic-v2.journal", (5, 6, 3), 49, [("red", 33), ("blue", 161), ("green", 72), ("bobby1", 77)], "9d41c07be2a35f18"),
], ids=["version-1", "version-2-without-pads"])
def test_an_older_main_game_journal_resumes(tmp_path: Path, name: str, progress: tuple[int, int, int], station: int,
                                            pieces: list[tuple[str, int]], token: str) -> None:
    """*progress*: the round, the moves made, and the travel log's length at the start (a correction after a double move)."""
    resumed = load(journal_copy(name, tmp_path))
    game = resumed.game
    assert resumed.kind is CLASSIC and isinstance(game, Game) and not game.is_over
    assert (game.round, game.moves_made, len(game.start.log)) == progress and game.turn is Side.DETECTIVES
    assert game.mister_x_view().station == station
    assert [(piece.name, piece.station) for piece in game.position().pieces] == pieces
    assert resumed.settings == GameSettings(edition="reissue", data_dir=str(tmp_path)) and resumed.token == token


@pytest.mark.parametrize(("name", "fox", "token"), [("junior-v1.journal", 131, "fd207d00c3f6c9e9"),
                                                    ("junior-v2.journal", 115, "e07a5b2c9f813d64")],
                         ids=["version-1", "version-2-without-pads"])
def test_an_older_junior_journal_resumes(tmp_path: Path, name: str, fox: int, token: str) -> None:
    resumed = load(journal_copy(name, tmp_path))
    game = resumed.game
    assert resumed.kind is JUNIOR and isinstance(game, JuniorGame) and not game.is_over
    assert game.round == 4 and game.tokens == Tokens(detectives=0, rogues=3)
    assert game.stations == {"fox": fox, "roxy": 82, "watson": 81, "marble": 127}
    assert resumed.settings == GameSettings(edition="junior", district="central", data_dir=str(tmp_path))
    assert resumed.token == token


@pytest.mark.parametrize("name", ["classic-v1.journal", "classic-v2.journal", "junior-v1.journal", "junior-v2.journal"])
def test_an_old_journal_goes_on_with_padded_lines_in_one_chain(tmp_path: Path, name: str) -> None:
    """The hidden side's next action is written padded after the old lines, and the whole journal resumes."""
    path = journal_copy(name, tmp_path)
    resumed = load(path)
    game, journal = resumed.game, resumed.journal
    hidden = False
    while not hidden:
        if isinstance(game, Game):
            move = game.legal_moves()[0]
            game.play(move)
            journal.record(events.moved(move))
            hidden = not isinstance(move, DetectiveMove)
        else:
            step = game.steps_of((game.to_choose() or game.to_move())[0])[0]
            (game.choose if step.piece in ROGUES else game.move)(step)
            journal.record(junior_events.stepped(step))
            hidden = step.piece in ROGUES
    assert path.read_bytes().startswith((FIXTURES / name).read_bytes())
    assert b'"pad":' in path.read_bytes().splitlines()[-1]
    again = load(path).game
    assert again.actions == game.actions and again.public_view() == game.public_view()


def test_a_main_game_record_of_version_1_replays() -> None:
    kind, game = load_record((FIXTURES / "classic-v1-record.json").read_text())
    assert kind is CLASSIC and isinstance(game, Game) and len(game.actions) == 27
    assert str(game.outcome) == "the detectives win: green caught Mister X in round 9"


def test_a_junior_record_of_version_1_replays() -> None:
    kind, game = load_record((FIXTURES / "junior-v1-record.json").read_text())
    assert kind is JUNIOR and isinstance(game, JuniorGame) and len(game.actions) == 44
    assert game.outcome is Team.ROGUES


@pytest.mark.parametrize(("name", "offered"), [("classic-v1.journal", "Resume: reissue, round 7"),
                                               ("junior-v1.journal", "Resume: Junior, round 4"),
                                               ("classic-v2.journal", "Resume: reissue, round 5"),
                                               ("junior-v2.journal", "Resume: Junior, round 4")])
def test_the_console_offers_and_resumes_an_old_journal(tmp_path: Path, name: str, offered: str) -> None:
    (tmp_path / "copy").mkdir()
    expected = load(journal_copy(name, tmp_path / "copy")).game
    journal_copy(name, tmp_path)
    hardware = build_hardware(Config(profile="fake"), StationMap.identity(range(1, 200)), range(1, 200), MemoryHandheldLink())
    program = Program(hardware, GameSettings(data_dir=str(tmp_path)), clock=StepClock(), timestamp=lambda: "x")
    assert program.menu is not None and program.menu.ui.rows[0][0] == offered
    program.key_pressed(Key.CONFIRM, 0.0)
    flow = program.flow
    assert flow is not None and flow.game.actions == expected.actions and flow.game.round == expected.round
