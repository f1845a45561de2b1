"""Junior at the console on the ``fake`` profile: setup, the rounds on the board and the handheld, the reveal, the end.

The rogues work the firmware's own handheld UI (``tests.support.junior.HandheldRogues``);
the detectives press the board. Nothing here reads a rogue's choice except
through the handheld or the engine after its reveal.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from console.games import JUNIOR
from console.games.junior.flow import JuniorFlow
from console.games.junior.lights import junior_frame
from console.games.junior.model import PIECE_COLOURS, JuniorMode
from console.program.playback import replay
from console.program.program import Program
from console.records.history import load_record
from console.settings import GameSettings, Level, Seat
from console.table.menu import Setting
from engine.junior import DETECTIVES, NAMES, JuniorGame, Step, Team, districts, loads
from firmware.ui import CHOOSING, WAITING, Ui
from hardware.config import Config
from hardware.drivers.handheld import FarEnd, MemoryHandheldLink
from hardware.drivers.leds import RecordingLeds
from hardware.factory import build_hardware
from hardware.interfaces import Hardware, Key, Message
from hardware.station_map import StationMap
from tests.support.junior import HandheldRogues, JuniorTable
from tests.support.players import StepClock

STATIONS = range(1, 200)


def junior_console(data: Path, rogues: FarEnd | None = None, **settings: object) -> tuple[Program, JuniorTable, Hardware]:
    hardware = build_hardware(Config(profile="fake"), StationMap.identity(STATIONS), STATIONS,
                              handheld=MemoryHandheldLink(rogues or HandheldRogues()))
    game = GameSettings(**({"edition": "junior", "players": 4, "data_dir": str(data)} | settings))  # type: ignore[arg-type]
    program = Program(hardware, game, clock=StepClock(), sleep=lambda seconds: None, timestamp=lambda: "filed", seed=11)
    return program, JuniorTable(program.console, seed=3), hardware


def play_until(table: JuniorTable, done: object, limit: int = 3000) -> None:
    for _ in range(limit):
        if done():  # type: ignore[operator]
            return
        table.act()
    raise AssertionError(f"not done after {limit} actions")


def started(program: Program, table: JuniorTable) -> JuniorFlow:
    play_until(table, lambda: table.flow is not None and not table.in_menu)
    assert isinstance(program.flow, JuniorFlow)
    return program.flow


def test_a_whole_four_player_junior_game_on_the_board_and_the_passed_handheld(tmp_path: Path) -> None:
    rogues = HandheldRogues(seed=5)
    program, table, _hardware = junior_console(tmp_path, rogues)
    flow = started(program, table)
    assert flow.game.rogues == ("fox", "roxy") and flow.ui.mode is JuniorMode.DEAL
    play_until(table, lambda: (table.last_flow is not None and table.last_flow.finished) or (program.menu is not None and
               table.last_flow is not None and table.last_flow.game.is_over))
    game = flow.game
    assert game.is_over and 3 <= len(game.results) <= 11
    filed = loads(next((tmp_path / "history").glob("filed-*.json")).read_text())
    assert filed.results == game.results and filed.outcome is game.outcome
    passes = [screen for screen in rogues.screens if any("Pass me to" in line for line in screen)]
    assert passes and all(not any(str(n) in line for n in range(1, 200) for line in screen) for screen in passes)
    assert any("ROXy" in line for screen in rogues.screens for line in screen)


def test_the_board_and_screen_show_nothing_of_the_rogues_choices_before_the_reveal(tmp_path: Path) -> None:
    """Two games that differ only in the rogues' secret choices light and show the same until the first reveal."""
    seen = []
    for always in (0, -1):  # the first move listed, or the last (staying)
        program, table, hardware = junior_console(tmp_path / str(always), HandheldRogues(always=always), players=2)
        flow = started(program, table)
        leds = hardware.leds
        assert isinstance(leds, RecordingLeds)
        shown = []
        while not flow.game.results:
            shown.append((dict(leds.frames[-1]), tuple(program.console.presenter.kit.texts)))
            table.act()
        seen.append((shown, flow.game.results[0].steps[0]))
    (first, fox_one), (second, fox_two) = seen
    assert fox_one != fox_two  # the rogues chose differently ...
    assert first == second  # ... and nobody at the board could tell


def test_computer_rogues_and_detectives_play_a_game_people_only_make_the_moves(tmp_path: Path) -> None:
    program, table, _ = junior_console(tmp_path, players=2, mister_x=Seat.COMPUTER, detectives_by=Seat.COMPUTER, level=Level.EASY)
    flow = started(program, table)
    play_until(table, lambda: flow.game.is_over)
    assert flow.ui.mode is JuniorMode.GAME_OVER and str(flow.ui.prompt) in ("The rogues win!", "The detectives win!")


def test_the_detectives_step_stay_switch_and_take_back_on_the_board(tmp_path: Path) -> None:
    program, table, _ = junior_console(tmp_path, players=2)
    flow = started(program, table)
    play_until(table, lambda: flow.ui.mode is JuniorMode.DETECTIVES)
    game = flow.game
    assert flow.ui.selected == "watson" and game.stations["watson"] in flow.ui.destinations
    table.press(game.stations["marble"])  # the other detective's station: Milly Marble steps first
    assert flow.ui.selected == "marble"
    outside = next(s for s in STATIONS if s not in game.district.stations)
    table.press(outside)
    assert str(flow.ui.message).startswith("No: Milly Marble cannot go to") and flow.ui.refused is not None
    table.press(game.stations["marble"])  # her own station: she stays
    assert game.moved() == (Step("marble", game.stations["marble"]),) and flow.ui.selected == "watson"
    table.key(Key.UNDO)
    assert game.moved() == () and "Took back Milly Marble's step" in str(flow.ui.message)


def test_a_reveal_celebrates_on_the_board_and_waits_for_the_pawns(tmp_path: Path) -> None:
    program, table, _hardware = junior_console(tmp_path, players=2)
    flow = started(program, table)
    play_until(table, lambda: bool(flow.game.results))
    result = flow.game.results[0]
    party = flow.ui.celebration
    assert party is not None and party.result == result
    assert str(flow.ui.prompt) in ("Escaped!", "Caught Mister FOX!") or flow.ui.mode is not JuniorMode.REVEAL
    fox = result.steps[0]
    frame = junior_frame(flow.scene().view, flow.ui, party.since)
    if result.captured:
        assert frame[fox.station] == (255, 255, 255)  # the capture flash
    else:
        ripple = [s for s in flow.game.district.stations if frame.get(s, (0, 0, 0))[0] > 40 and s != fox.station]
        assert ripple or fox.stays, "an escape sends a ripple of the fox's colour"
    assert flow.ui.mode is JuniorMode.REVEAL and flow.ui.to_place == (() if fox.stays else (("fox", fox.station),))
    if not fox.stays:
        table.press(fox.station)
    assert flow.ui.mode is JuniorMode.REVEAL and not flow.ui.to_place  # the celebration plays to its end ...
    clock = program.clock
    assert isinstance(clock, StepClock)
    while flow.ui.mode is JuniorMode.REVEAL:
        program.console.step()
    assert clock.now >= party.since + party.seconds  # ... then the next round begins
    assert flow.ui.mode in (JuniorMode.ROGUES, JuniorMode.DETECTIVES)


def test_the_rogues_wait_for_an_unplugged_handheld_and_are_asked_again(tmp_path: Path) -> None:
    program, table, hardware = junior_console(tmp_path, players=2)
    link = hardware.handheld
    assert isinstance(link, MemoryHandheldLink)
    flow = started(program, table)
    play_until(table, lambda: flow.ui.mode is JuniorMode.DETECTIVES)
    link.unplug()
    play_until(table, lambda: flow.ui.mode is JuniorMode.PAUSED)
    assert flow.game.to_choose() == ("fox",) and "unplugged" in str(flow.ui.message)
    table.press(flow.game.stations["watson"])
    assert flow.ui.refused is not None and "unplugged" in str(flow.ui.message)  # it blinks red, and says why it waits
    link.plug()
    play_until(table, lambda: flow.ui.mode is JuniorMode.DETECTIVES)
    assert flow.game.round == 2


def test_leaving_in_the_rogues_turn_withdraws_the_question_from_the_handheld(tmp_path: Path) -> None:
    """The handheld's list of steps goes when the players leave: it must not hold a question nobody is asking."""
    pad = Ui(lambda: 0)
    pad.set_connected(True)

    def silent(message: Message) -> list[Message]:
        pad.on_message(dict(message))
        return []

    program, table, _ = junior_console(tmp_path, silent, players=2)
    flow = started(program, table)
    play_until(table, lambda: flow.ui.mode is JuniorMode.ROGUES)
    assert pad.mode == CHOOSING
    table.key(Key.MENU)
    menu = program.menu
    assert menu is not None
    menu.cursor = [str(label) for label, _ in menu.ui.rows].index("Leave (the game is kept)")
    table.key(Key.CONFIRM)
    assert program.flow is None and pad.mode == WAITING
    table.key(Key.CONFIRM)  # resume: the rogue is asked again
    assert program.flow is not None and pad.mode == CHOOSING


def test_an_interrupted_junior_game_resumes_exactly(tmp_path: Path) -> None:
    program, table, _ = junior_console(tmp_path)
    flow = started(program, table)
    play_until(table, lambda: len(flow.game.results) == 2 and flow.ui.mode is JuniorMode.DETECTIVES)
    table.press(flow.ui.destinations[0])
    before = flow.scene().view
    again, table, _ = junior_console(tmp_path)
    assert again.menu is not None and str(again.menu.ui.rows[0][0]) == f"Resume: Junior, round {before.round}"
    table.key(Key.CONFIRM)
    assert isinstance(again.flow, JuniorFlow) and again.flow.scene().view == before
    assert again.flow.ui.mode is JuniorMode.DETECTIVES and again.flow.ui.selected == "marble"


def test_the_setup_offers_junior_with_its_own_rows(tmp_path: Path) -> None:
    program, table, _ = junior_console(tmp_path, edition="reissue", players=5)
    table.key(Key.CONFIRM)  # new game
    menu = program.menu
    assert menu is not None and menu.value("edition") == "reissue"
    menu.cursor = 0
    for _ in range(4):  # reissue -> classic -> beginner -> quick game -> junior
        table.key(Key.CHOICE_4)
    menu = program.menu
    assert menu is not None and str(menu.title) == "New game: Junior"
    labels = [str(label) for label, _ in menu.ui.rows]
    assert labels == ["Edition", "Played in", "Players (4: Mister FOX and ROXy)", "The rogues are", "The detectives are",
                      "Computer plays", "Set up the pawns"]
    assert menu.value("players") == 4 and str(menu.ui.rows[1][1]) == next(iter(districts().values())).title
    assert [row.values for row in menu.rows if isinstance(row, Setting) and row.key == "level"] == [(Level.EASY, Level.NORMAL)]
    menu.cursor = 2
    table.key(Key.CHOICE_3)  # 3 players: one rogue
    menu.cursor = len(menu.rows) - 1
    table.key(Key.CONFIRM)
    assert isinstance(program.flow, JuniorFlow) and program.flow.game.rogues == ("fox",)
    remembered = json.loads((tmp_path / "preferences.json").read_text())
    assert remembered["edition"] == "junior" and remembered["players"] == 3


@pytest.mark.parametrize("piece", ["fox", "roxy", *DETECTIVES])
def test_every_piece_has_a_name_and_a_colour(piece: str) -> None:
    assert NAMES[piece] and len(set(PIECE_COLOURS.values())) == 4 and piece in PIECE_COLOURS


def test_a_finished_game_shows_the_winners(tmp_path: Path) -> None:
    program, table, _ = junior_console(tmp_path, players=2, mister_x=Seat.COMPUTER, detectives_by=Seat.COMPUTER)
    flow = started(program, table)
    play_until(table, lambda: flow.game.is_over)
    winners = "rogues" if flow.game.outcome is Team.ROGUES else "detectives"
    assert str(flow.ui.prompt) == f"The {winners} win!"
    table.key(Key.CONFIRM)
    assert program.menu is not None and "filed" in str(program.menu.message)


def test_a_filed_junior_game_replays_round_by_round_on_the_board(tmp_path: Path) -> None:
    program, table, hardware = junior_console(tmp_path, players=2, mister_x=Seat.COMPUTER, detectives_by=Seat.COMPUTER)
    flow = started(program, table)
    play_until(table, lambda: program.menu is not None and flow.finished)
    kind, final = load_record(next((tmp_path / "history").glob("filed-*.json")).read_text())
    assert kind is JUNIOR and isinstance(final, JuniorGame) and final.results == flow.game.results
    scenes = list(JUNIOR.scenes(final))
    assert len(scenes) == len(final.results) + 2
    assert [scene.ui.celebration.result for scene in scenes[1:-1] if scene.ui.celebration] == final.results
    assert scenes[-1].ui.prompt == flow.ui.prompt
    clock = StepClock()
    leds = hardware.leds
    assert isinstance(leds, RecordingLeds)
    shown = len(leds.frames)
    replay(hardware, JUNIOR, final, step_s=0.3, end_s=0.3, clock=clock, sleep=lambda seconds: None)
    frames = leds.frames[shown:]
    assert len(frames) >= len(scenes) and all(set(frame) <= set(final.district.stations) for frame in frames)


def test_the_screen_is_drawn_once_more_when_the_celebration_ends(tmp_path: Path) -> None:
    program, table, hardware = junior_console(tmp_path, players=2)
    flow = started(program, table)
    play_until(table, lambda: bool(flow.game.results))
    party = flow.ui.celebration
    assert party is not None
    presenter, screen = program.console.presenter, hardware.screen
    scene = flow.scene()
    counts = []
    for now in (party.since + 1, party.since + 2, party.since + party.seconds + 0.1, party.since + party.seconds + 0.2):
        presenter.show(scene, now)
        counts.append(screen.presented)  # type: ignore[attr-defined]
    assert counts[1] > counts[0] and counts[2] == counts[1] + 1 and counts[3] == counts[2]
