"""Replaying a finished game on the board and screen: the record names its kind of game, the kind gives the scenes."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.engine import play_random_game as finished_game
from console.cli import main
from console.games import CLASSIC, JUNIOR
from console.games.classic.model import Mode
from console.games.classic.replay import scenes
from console.games.junior.replay import scenes as junior_scenes
from console.replay import load_record, replay
from engine import Game
from engine.junior import JuniorGame
from engine.record import dumps, loads
from hardware.config import Config
from hardware.controls import FakeControlButtons
from hardware.factory import build_hardware
from hardware.handheld import MemoryHandheldLink
from hardware.interfaces import Key
from hardware.leds import RecordingLeds
from hardware.station_map import StationMap

STATIONS = range(1, 200)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


def test_one_scene_per_move_then_the_end() -> None:
    game = finished_game(3)
    shown = list(CLASSIC.scenes(loads(dumps(game))))
    assert len(shown) == len(game.actions) + 2
    assert shown[-1].ui.mode is Mode.GAME_OVER and str(game.outcome) in shown[-1].ui.message
    assert shown[-1].view.mister_x_final is not None  # the route is public at the end


def test_scenes_show_only_what_was_public_then() -> None:
    game = finished_game(4)
    log = game.public_view().log  # the whole route: public now that the game is over
    made = 0
    for scene in CLASSIC.scenes(game):
        view, ui = scene.view, scene.ui
        if view.outcome is None:
            assert view.mister_x_final is None
            assert all(entry.station is None or entry.reveal for entry in view.log)
        if ui.message.startswith("Mister X took"):
            entries = log[made : view.moves_made]
            made = view.moves_made
            words = " and ".join(str(entry.ticket) for entry in entries)
            seen = [entry.station for entry in entries if entry.reveal]
            assert ui.message == f"Mister X took {words}" + (f": seen at {seen[-1]}" if seen else "")
    assert made == len(log)


def test_replay_on_the_board_steps_through_and_a_key_skips_to_the_end() -> None:
    game = finished_game(5)
    hardware = build_hardware(Config(profile="fake"), StationMap.identity(STATIONS), STATIONS, MemoryHandheldLink())
    clock = Clock()
    replay(hardware, CLASSIC, game, step_s=0.1, end_s=0.2, clock=clock, sleep=clock.sleep)
    leds = hardware.leds
    assert isinstance(leds, RecordingLeds) and len(leds.frames) >= len(game.actions)
    assert clock.now >= 0.1 * (len(game.actions) + 1)

    controls = FakeControlButtons()
    hardware.controls = controls
    clock = Clock()
    controls.press(Key.CONFIRM)
    replay(hardware, CLASSIC, game, step_s=10, end_s=0.5, clock=clock, sleep=clock.sleep)
    assert clock.now < 2  # skipped the moves, showed the end


def test_replay_command_refuses_what_it_cannot_show(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "config.toml"
    config.write_text('profile = "pi"\n')
    assert main(["replay", str(tmp_path / "none.json"), "--config", str(config)]) == 2
    assert "no game record at" in capsys.readouterr().err
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    assert main(["replay", str(broken), "--config", str(config)]) == 2
    assert "not a game record" in capsys.readouterr().err
    record = tmp_path / "game.json"
    record.write_text(dumps(finished_game(2)))
    assert main(["replay", str(record), "--config", str(config)]) == 2
    assert "no station map" in capsys.readouterr().err


def test_a_record_is_read_by_the_kind_its_format_names() -> None:
    game = finished_game(6)
    assert load_record(dumps(game))[0] is CLASSIC
    with pytest.raises(ValueError, match=r"not a game record of this console .*'chess'"):
        load_record('{"format": "chess"}')
    with pytest.raises(ValueError, match="Junior record is corrupt"):
        load_record(f'{{"format": "{JUNIOR.journal.record_format}", "version": 1}}')


def test_an_unfinished_record_ends_saying_it_was_not_finished() -> None:
    game = finished_game(7)
    left = Game(game.start)
    for move in game.actions[:9]:
        left.play(move)
    *_, end = scenes(left)
    assert end.ui.message == f"The game was not finished: it was left in round {left.round}. Press any key to leave"
    assert "None" not in end.ui.message
    junior = JuniorGame.new(seed=1)
    *_, end_of_junior = junior_scenes(junior)
    assert end_of_junior.ui.prompt == "Not finished: left in round 1"
