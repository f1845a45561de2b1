"""The start menu's Past games: the history folder's games, newest first with their results, replayed in the console's loop."""

from __future__ import annotations

import random
from pathlib import Path

import pygame

from benchmarks.engine import play_random_game as finished_game
from console.games import CLASSIC, JUNIOR
from console.games.classic.replay import scenes
from console.program import session
from console.settings import GameSettings, Seat
from console.table.lights import PALETTES
from engine import Game
from engine.junior import JuniorGame
from engine.record import dumps
from hardware.drivers.leds import RecordingLeds
from hardware.interfaces import Key
from language import use
from tests.support.players import StepClock
from tests.support.program import Console
from tests.support.sim import HeadlessSim

START_MENU = ["New game", "Learn to play", "Quick game", "Settings", "Hardware test", "Quit"]


def finished_junior(seed: int) -> JuniorGame:
    rng = random.Random(seed)
    game = JuniorGame.new(seed=seed)
    while not game.is_over:
        for rogue in game.to_choose():
            game.choose(rng.choice(game.steps_of(rogue)))
        for detective in game.to_move():
            game.move(rng.choice(game.steps_of(detective)))
    return game


def left_in_round(moves: int, seed: int = 7) -> Game:
    """A game abandoned after *moves* moves (filed unfinished when a new one was dealt over it)."""
    whole = finished_game(seed)
    game = Game(whole.start)
    for move in whole.actions[:moves]:
        game.play(move)
    return game


def file(data: Path, name: str, record: str) -> Path:
    """A record in the history folder as the console files it (``<date>-<time>-<game id>.json``)."""
    history = data / session.HISTORY
    history.mkdir(exist_ok=True)
    path = history / f"{name}.json"
    path.write_text(record)
    return path


def menu_title(console: Console) -> str:
    assert console.program.menu is not None
    return str(console.program.menu.title)


def screen_words(console: Console) -> list[str]:
    return console.program.console.presenter.kit.texts


def test_past_games_are_offered_only_when_games_are_filed(tmp_path: Path) -> None:
    assert Console(tmp_path).rows == START_MENU
    (tmp_path / session.HISTORY).mkdir()
    (tmp_path / session.HISTORY / ".20241204-152000-aaaa.json.tmp").write_text("{")  # a record being written is none yet
    assert Console(tmp_path).rows == START_MENU
    file(tmp_path, "20241204-152000-aaaa", dumps(finished_game(3)))
    assert Console(tmp_path).rows == ["New game", "Learn to play", "Quick game", "Past games", "Settings", "Hardware test", "Quit"]


def test_past_games_are_listed_newest_first_with_their_results_and_a_corrupt_record_as_unreadable(tmp_path: Path) -> None:
    won, lost, junior, left = finished_game(6), finished_game(3), finished_junior(1), left_in_round(9)
    assert won.outcome is not None and lost.outcome is not None
    assert str(won.outcome.winner) == "the detectives" and str(lost.outcome.winner) == "Mister X"
    file(tmp_path, "20241204-152000-a1", dumps(won))
    file(tmp_path, "20241130-091500-b2", JUNIOR.journal.record(junior))
    file(tmp_path, "20241205-200000-c3", '{"format": "scotland-yard-record", "version": 1, "start": ')  # cut short
    file(tmp_path, "20241201-080500-d4", dumps(left))
    file(tmp_path, "20241203-235900-e5", dumps(lost))
    console = Console(tmp_path)
    console.choose("Past games")
    assert menu_title(console) == "Past games"
    assert console.rows == [
        "5 Dec 2024 20:00 · unreadable record",
        f"4 Dec 2024 15:20 · reissue · detectives won, round {won.outcome.round}",
        f"3 Dec 2024 23:59 · reissue · Mister X won, round {lost.outcome.round}",
        f"1 Dec 2024 08:05 · reissue · not finished, round {left.round}",
        f"30 Nov 2024 09:15 · Junior · rogues won, round {junior.round}",
        "Back",
    ]
    console.program.console.step()
    assert "4 Dec 2024 15:20 · reissue · detectives won, round 6" in screen_words(console)

    console.keys(Key.CONFIRM)  # the unreadable one: said, not replayed
    assert console.program.playback is None and console.program.menu is not None
    assert str(console.program.menu.message).startswith("It cannot be replayed: not a game record: the JSON is broken")
    console.keys(Key.UNDO)
    assert console.rows == ["New game", "Learn to play", "Quick game", "Past games", "Settings", "Hardware test", "Quit"]


def test_past_games_read_in_the_language_in_use(tmp_path: Path) -> None:
    file(tmp_path, "20241204-152000-a1", dumps(finished_game(6)))
    file(tmp_path, "20241205-200000-c3", "{")
    file(tmp_path, "20991205-200000-c4", '{"format": "scotland-yard-record", "version": 99}')
    console = Console(tmp_path)
    console.choose("Past games")
    use("ko")
    try:
        console.program.console.step()
        rows, kit = console.rows, console.program.console.presenter.kit
        assert rows[:2] == ["2099 12월 5일 20:00 · 새 콘솔의 기록", "2024 12월 5일 20:00 · 읽을 수 없는 기록"]
        assert rows[2].startswith("2024 12월 4일 15:20 · ") and rows[2] in kit.texts and kit.cut == []
    finally:
        use("en")
    assert console.rows[2].startswith("4 Dec 2024 15:20 · ")  # the same rows, back in English


def test_a_past_game_replays_in_the_console_s_loop_and_goes_back_to_its_row(tmp_path: Path) -> None:
    file(tmp_path, "20241203-100000-a1", dumps(finished_game(3)))
    file(tmp_path, "20241204-152000-b2", dumps(finished_game(6)))
    console = Console(tmp_path)
    console.choose("Past games")
    console.set("3 Dec", Key.CONFIRM)  # the game: replay it, or export it
    assert console.rows == ["Replay", "Export to USB stick", "Back"] and menu_title(console).startswith("3 Dec 2024 10:00 · ")
    console.keys(Key.CONFIRM)
    program, loop = console.program, console.program.console
    playback = program.playback
    assert playback is not None and program.menu is None
    leds = console.hardware.leds
    assert isinstance(leds, RecordingLeds)
    for _ in range(3 * 45):  # the loop alone steps the scenes on, two seconds each (the test's clock: 50 ms a reading)
        loop.step()
    assert playback.index == 3 and not playback.done
    shown = list(scenes(finished_game(3)))
    clock = loop.clock
    assert isinstance(clock, StepClock)
    assert leds.last == shown[3].lights(clock.now - playback.shown_at, PALETTES[program.settings.palette])  # the scene's lights
    assert any(str(shown[3].ui.message) in words for words in screen_words(console))  # and its line on the screen
    console.table.press(42)  # the board's buttons play no part in a replay
    assert program.playback is playback and playback.index == 3

    console.keys(Key.CHOICE_3)  # any key: to the end
    assert playback.at_end and "Press any key to leave" in " ".join(screen_words(console))
    console.keys(Key.CONFIRM)  # another: back to the list, on the game replayed
    assert program.playback is None and menu_title(console) == "Past games"
    assert program.menu is not None and console.rows[program.menu.cursor].startswith("3 Dec 2024 10:00")

    console.keys(Key.CONFIRM, Key.CONFIRM, Key.UNDO)  # again, and back at once
    assert program.playback is None and menu_title(console) == "Past games"
    console.keys(Key.CONFIRM, Key.UNDO)  # the game's menu, and back: on the game
    assert program.menu is not None and console.rows[program.menu.cursor].startswith("3 Dec 2024 10:00")
    console.keys(Key.CONFIRM, Key.CONFIRM, Key.CONFIRM)  # to the end, and left alone there: back to the list after a minute
    assert program.playback is not None and program.playback.at_end
    for _ in range(61 * 20):
        loop.step()
    assert program.playback is None and menu_title(console) == "Past games"


def test_many_past_games_are_listed_a_page_at_a_time(tmp_path: Path) -> None:
    record = dumps(finished_game(3))
    for day in range(1, 8):
        file(tmp_path, f"202412{day:02}-120000-g{day}", record)
    console = Console(tmp_path)
    console.choose("Past games")
    assert menu_title(console) == "Past games 1-5 of 7"
    assert [row[:5] for row in console.rows] == ["7 Dec", "6 Dec", "5 Dec", "4 Dec", "3 Dec", "Older", "Back"]
    console.choose("Older games")
    assert menu_title(console) == "Past games 6-7 of 7"
    assert [row[:5] for row in console.rows] == ["Newer", "2 Dec", "1 Dec", "Back"]
    console.keys(Key.CONFIRM, Key.CONFIRM)  # the cursor is on the page's first game: replay it
    assert console.program.playback is not None
    console.keys(Key.MENU)  # MENU leaves at once, back to its page
    assert menu_title(console) == "Past games 6-7 of 7"
    console.choose("Newer games")
    assert menu_title(console) == "Past games 1-5 of 7"


def test_past_games_in_the_simulator_window_replay_there(tmp_path: Path) -> None:
    file(tmp_path, "20241204-152000-a1", dumps(finished_game(6)))
    sim = HeadlessSim(tmp_path, GameSettings(data_dir=str(tmp_path), mister_x=Seat.COMPUTER), seed=3, pane=False)
    for verb, argument in [("key", "2"), ("key", "2"), ("key", "2"), ("key", "confirm"),  # Past games, the fourth row
                           ("shot", "past-games"), ("key", "confirm"), ("key", "confirm"),
                           ("wait", "4.5"), ("shot", "replaying"), ("key", "confirm"), ("shot", "replayed")]:
        sim.do(verb, argument)
    playback = sim.program.playback
    assert playback is not None and playback.at_end
    end, middle = (pygame.image.load(str(tmp_path / f"{name}.png")) for name in ("replayed", "replaying"))
    board = [(x, y) for x in range(10, 850, 6) for y in range(70, 690, 6)]
    assert sum(end.get_at(point) != middle.get_at(point) for point in board) > 50  # the pieces have moved on the board
    sim.do("key", "confirm")
    assert sim.program.playback is None and sim.program.menu is not None and str(sim.program.menu.title) == "Past games"
    assert str(CLASSIC.summary(finished_game(6))) in str(sim.program.menu.ui.rows[0][0])
