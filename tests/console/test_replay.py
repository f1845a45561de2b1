"""Replaying a finished game on the board and screen: the record names its kind of game, the kind gives the scenes."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from benchmarks.engine import play_random_game as finished_game
from console.cli import main
from console.games import CLASSIC, JUNIOR
from console.games.classic.model import Mode
from console.games.classic.replay import scenes
from console.games.junior.replay import scenes as junior_scenes
from console.games.words import outcome_words, ticket_words
from console.program.playback import replay
from console.records.history import load_record
from console.table.presenter import Presenter
from console.table.scene import Scene
from engine import Game
from engine.junior import JuniorGame
from engine.record import dumps, loads
from hardware.config import Config
from hardware.drivers.controls import FakeControlButtons
from hardware.drivers.handheld import MemoryHandheldLink
from hardware.drivers.leds import RecordingLeds
from hardware.factory import build_hardware
from hardware.interfaces import Key, KeyPressed
from hardware.sim.window import SimControls
from hardware.station_map import StationMap
from language import use

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
    assert shown[-1].ui.mode is Mode.GAME_OVER and str(outcome_words(game.outcome)) in str(shown[-1].ui.message)
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
        message = str(ui.message)
        if message.startswith("Mister X took"):
            entries = log[made : view.moves_made]
            made = view.moves_made
            words = ", then ".join(str(ticket_words(entry.ticket)) for entry in entries)
            seen = [entry.station for entry in entries if entry.reveal]
            assert message == f"Mister X took {words}" + (f"; seen at {seen[-1]}" if seen else "")
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


def file_a_record(folder: Path, game: Game) -> Path:
    """*game* filed in the data folder's history, as the console files a finished game."""
    history = folder / "data" / "history"
    history.mkdir(parents=True)
    record = history / "20241204-152000-0a1b2c3d4e.json"
    record.write_text(dumps(game))
    return record


def words_drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The words on the console's screen (``Toolkit.texts``) at every frame from now on."""
    drawn: list[str] = []
    show = Presenter.show

    def spied(presenter: Presenter, scene: Scene, now: float) -> None:
        show(presenter, scene, now)
        drawn.extend(presenter.kit.texts)

    monkeypatch.setattr(Presenter, "show", spied)
    return drawn


def test_on_a_pc_a_filed_record_replays_in_the_simulator_headless_with_screenshots(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = finished_game(6)
    record, config = file_a_record(tmp_path, game), tmp_path / "config.toml"
    config.touch()  # every default: the sim profile, as on a PC
    script, shots = tmp_path / "replay.script", tmp_path / "shots"
    script.write_text("wait 4.5   # the start, Mister X's first move, a detective's\nshot moves\nkey confirm   # to the end\nshot end\n")
    drawn = words_drawn(monkeypatch)
    assert main(["replay", str(record), "--config", str(config), "--step", "2", "--headless", "--script", str(script),
                 "--screenshots", str(shots)]) == 0
    assert capsys.readouterr().out.split() == [str(shots / "moves.png"), str(shots / "end.png")]
    assert game.outcome is not None
    ended = f"{outcome_words(game.outcome, game.ruleset)}. Press any key to leave"[1:]
    assert any(ended in words for words in drawn)  # the end scene's line on the screen
    moves, end = (pygame.image.load(str(shots / f"{name}.png")) for name in ("moves", "end"))
    assert moves.get_size() == end.get_size() == (1280, 760)
    board = [(x, y) for x in range(10, 850, 6) for y in range(70, 690, 6)]
    assert sum(moves.get_at(point) != end.get_at(point) for point in board) > 50  # the pieces stand elsewhere at the end


@pytest.fixture
def english_after() -> Iterator[None]:
    """A test that speaks another language leaves the console speaking English."""
    try:
        yield
    finally:
        use("en")


def test_a_replay_speaks_the_console_s_language(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch, english_after: None) -> None:
    """Every scene of a replay, from the start to the end, in the language the config chooses: no English word left."""
    record, config = file_a_record(tmp_path, finished_game(6)), tmp_path / "config.toml"
    config.write_text('[game]\nlanguage = "ko"\n')
    script = tmp_path / "replay.script"
    script.write_text("wait 9\nkey confirm\nwait 1\n")
    drawn = words_drawn(monkeypatch)
    assert main(["replay", str(record), "--config", str(config), "--step", "1", "--headless", "--script", str(script),
                 "--screenshots", str(tmp_path)]) == 0
    assert any("미스터 X" in words for words in drawn) and any("라운드" in words for words in drawn)
    assert {word for words in drawn for word in re.findall(r"[A-Za-z]{2,}", words)} == set()


def test_on_a_pc_a_record_replays_in_the_simulator_s_window_until_a_key_leaves_its_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record, config = file_a_record(tmp_path, finished_game(5)), tmp_path / "config.toml"
    config.touch()
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")  # a window, drawn nowhere
    pressed: list[Key] = []

    def keys(controls: SimControls) -> list[KeyPressed]:
        pressed.append(Key.CONFIRM)
        return [KeyPressed(Key.CONFIRM)] if len(pressed) in (3, 6) else []  # a key to skip to the end, a key to leave

    monkeypatch.setattr(SimControls, "poll", keys)
    drawn = words_drawn(monkeypatch)
    assert main(["replay", str(record), "--config", str(config), "--step", "10"]) == 0
    assert len(pressed) == 6 and any(words.endswith("Press any key to leave") for words in drawn)


def test_only_the_simulator_replays_headless(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record, config = file_a_record(tmp_path, finished_game(2)), tmp_path / "config.toml"
    config.write_text('profile = "pi"\n')
    assert main(["replay", str(record), "--config", str(config), "--headless", "--script", str(tmp_path / "none")]) == 2
    assert "--headless and --script are the simulator's: the profile is 'pi'" in capsys.readouterr().err


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
    assert str(end.ui.message) == f"The game was not finished: it was left in round {left.round}. Press any key to leave"
    assert "None" not in str(end.ui.message)
    junior = JuniorGame.new(seed=1)
    *_, end_of_junior = junior_scenes(junior)
    assert str(end_of_junior.ui.prompt) == "Not finished: left in round 1"


LIVE_TITLES = ("pick a piece", "pick a destination", "choose a ticket", "Mister X's turn", "Place the pieces", "Game over")
"""What a live game's header says: a replay waits for nobody, so its titles are its own."""


def test_a_replay_s_screen_has_replay_titles_of_its_own_not_the_live_game_s() -> None:
    from console.table.screen.toolkit import Toolkit

    game = finished_game(8)
    junior = JuniorGame.new(seed=3)
    while not junior.is_over:
        for rogue in junior.to_choose():
            junior.choose(junior.steps_of(rogue)[0])
        for detective in junior.to_move():
            junior.move(junior.steps_of(detective)[-1])
    for kind, final in ((CLASSIC, game), (JUNIOR, junior)):
        kit, surface = Toolkit((800, 480)), pygame.Surface((800, 480))
        for scene in kind.scenes(final):  # type: ignore[arg-type]
            scene.draw(kit, surface, 0.0, None)  # type: ignore[arg-type]
            title = kit.texts[1]  # the header's round is drawn first, then its title
            assert title.startswith("Replay:"), kit.texts[:3]
            assert not any(live in text for text in kit.texts[:2] for live in LIVE_TITLES), kit.texts[:2]
