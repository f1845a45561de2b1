"""What the console wrote before stays readable: a journal of each kind of game resumes, a record of each kind replays.

The fixtures were written by the console (version 1 of both formats): a main
game's journal in round 7 (with undos, two corrections and a double move) and
its finished record, and a Junior game's journal after three rounds and its
finished record. Only the journals' data folder was blanked (their chain of
hashes was written again over it).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from console.games import CLASSIC, JUNIOR
from console.journal import load
from console.program import Program
from console.replay import load_record
from console.settings import GameSettings
from engine import Game, Side
from engine.junior import JuniorGame, Team, Tokens
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


def test_a_main_game_journal_of_version_1_resumes(tmp_path: Path) -> None:
    resumed = load(journal_copy("classic-v1.journal", tmp_path))
    game = resumed.game
    assert resumed.kind is CLASSIC and isinstance(game, Game) and not game.is_over
    assert (game.round, game.moves_made, game.turn) == (7, 8, Side.DETECTIVES)
    assert game.mister_x_view().station == 143
    assert [(piece.name, piece.station) for piece in game.position().pieces] == [
        ("red", 50), ("blue", 185), ("green", 159), ("bobby1", 138)]
    assert resumed.settings == GameSettings(edition="reissue", data_dir=str(tmp_path)) and resumed.token == "542ae10cfe727e87"


def test_a_junior_journal_of_version_1_resumes(tmp_path: Path) -> None:
    resumed = load(journal_copy("junior-v1.journal", tmp_path))
    game = resumed.game
    assert resumed.kind is JUNIOR and isinstance(game, JuniorGame) and not game.is_over
    assert game.round == 4 and game.tokens == Tokens(detectives=0, rogues=3)
    assert game.stations == {"fox": 131, "roxy": 82, "watson": 81, "marble": 127}
    assert resumed.settings == GameSettings(edition="junior", district="central", data_dir=str(tmp_path))
    assert resumed.token == "fd207d00c3f6c9e9"


def test_a_main_game_record_of_version_1_replays() -> None:
    kind, game = load_record((FIXTURES / "classic-v1-record.json").read_text())
    assert kind is CLASSIC and isinstance(game, Game) and len(game.actions) == 27
    assert str(game.outcome) == "the detectives win: green caught Mister X in round 9"


def test_a_junior_record_of_version_1_replays() -> None:
    kind, game = load_record((FIXTURES / "junior-v1-record.json").read_text())
    assert kind is JUNIOR and isinstance(game, JuniorGame) and len(game.actions) == 44
    assert game.outcome is Team.ROGUES


@pytest.mark.parametrize(("name", "offered"), [("classic-v1.journal", "Resume: reissue, round 7"),
                                               ("junior-v1.journal", "Resume: Junior, round 4")])
def test_the_console_offers_and_resumes_a_journal_of_version_1(tmp_path: Path, name: str, offered: str) -> None:
    (tmp_path / "copy").mkdir()
    expected = load(journal_copy(name, tmp_path / "copy")).game
    journal_copy(name, tmp_path)
    hardware = build_hardware(Config(profile="fake"), StationMap.identity(range(1, 200)), range(1, 200), MemoryHandheldLink())
    program = Program(hardware, GameSettings(data_dir=str(tmp_path)), clock=StepClock(), timestamp=lambda: "x")
    assert program.menu is not None and program.menu.ui.rows[0][0] == offered
    program.key_pressed(Key.CONFIRM, 0.0)
    flow = program.flow
    assert flow is not None and flow.game.actions == expected.actions and flow.game.round == expected.round
