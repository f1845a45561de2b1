"""The console's program on the ``fake`` profile: start menu, setup, settings, the game menu, the hardware test."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from console.games.classic.model import Mode
from console.games.classic.setup import BOBBIES, DETECTIVES
from console.program import session
from console.records.journal import load
from console.records.preferences import PREFERENCES, load_preferences
from console.settings import GameSettings, Level, Seat
from console.table.lights import COLOUR_BLIND, attract_frame
from engine import london
from engine.record import loads
from hardware.drivers.leds import RecordingLeds
from hardware.interfaces import Key
from tests.support.program import STATIONS, Console


def test_the_start_menu_lights_the_idle_board_and_offers_the_console_s_actions(tmp_path: Path) -> None:
    console = Console(tmp_path)
    console.program.console.step()
    assert console.rows == ["New game", "Learn to play", "Quick game", "Settings", "Hardware test", "Quit"]
    leds = console.hardware.leds
    assert isinstance(leds, RecordingLeds)
    now = console.program.console.clock.now  # type: ignore[attr-defined]
    assert leds.last == attract_frame(now, london().stations) and leds.last  # the idle sweep, not a game
    assert console.screen_shows().presented == 1


def test_an_interrupted_game_is_offered_first_and_resumes_exactly(tmp_path: Path) -> None:
    first = Console(tmp_path)
    first.deal_and_place()
    flow = first.program.flow
    assert flow is not None
    first.table.press(flow.game.public_view().pieces[0].station)  # pick a piece: nothing journaled, nothing lost
    before = flow.game
    # the power goes; the console starts again
    again = Console(tmp_path)
    assert again.rows[0] == f"Resume: reissue, round {before.round}"
    assert again.program.menu is not None and again.program.menu.cursor == 0
    assert "interrupted" in again.message
    again.keys(Key.CONFIRM)
    resumed = again.program.flow
    assert resumed is not None and resumed.ui.mode is Mode.DETECTIVES
    assert resumed.game.actions == before.actions and resumed.game.mister_x_view() == before.mister_x_view()


def test_a_corrupt_journal_is_reported_set_aside_and_not_offered(tmp_path: Path) -> None:
    Console(tmp_path).deal_and_place()
    journal = tmp_path / session.JOURNAL
    journal.write_bytes(journal.read_bytes().replace(b'"seq":2', b'"seq":7'))
    console = Console(tmp_path)
    assert console.rows[0] == "New game"
    assert "could not be resumed" in console.message
    assert not journal.exists() and list(tmp_path.glob("game.journal.corrupt-*"))


def test_leaving_keeps_the_game_and_restart_files_it_with_a_second_confirm(tmp_path: Path) -> None:
    console = Console(tmp_path)
    console.deal_and_place()
    flow = console.program.flow
    assert flow is not None
    console.keys(Key.MENU)
    assert console.rows == ["Back to the game", "Deduction assist", "Beginner hints", "Correct the board", "Language",
                            "Restart with a new deal", "Leave (the game is kept)"]
    console.choose("Leave")
    assert console.program.flow is None and console.rows[0].startswith("Resume:")
    console.keys(Key.CONFIRM)
    assert console.program.flow is not None and console.program.flow.game.actions == flow.game.actions

    console.keys(Key.MENU)
    console.choose("Restart")
    assert "again" in console.message  # not yet
    assert not (tmp_path / session.HISTORY).exists()
    console.keys(Key.CONFIRM)
    restarted = console.program.flow
    assert restarted is not None and restarted.ui.mode is Mode.DEAL and not restarted.game.actions
    (filed,) = (tmp_path / session.HISTORY).glob("*.json")
    abandoned = loads(filed.read_text())
    assert abandoned.actions == flow.game.actions and not abandoned.is_over


def test_a_new_game_over_an_interrupted_one_asks_twice_naming_it_and_backing_out_keeps_it(tmp_path: Path) -> None:
    Console(tmp_path).deal_and_place()
    kept = load(tmp_path / session.JOURNAL).game
    console = Console(tmp_path)
    console.choose("New game")
    console.choose("Deal")
    assert console.program.flow is None and console.program.menu is not None
    assert console.message == f"CONFIRM again: the interrupted game (reissue, round {kept.round}) ends"
    console.keys(Key.UNDO)  # backed out: the interrupted game is still offered
    assert console.rows[0].startswith("Resume:") and load(tmp_path / session.JOURNAL).game.actions == kept.actions
    assert not (tmp_path / session.HISTORY).exists()
    console.choose("New game")
    console.choose("Deal")
    console.keys(Key.CONFIRM)
    assert console.program.flow is not None and not console.program.flow.game.actions
    (filed,) = (tmp_path / session.HISTORY).glob("*.json")
    assert loads(filed.read_text()).actions == kept.actions


def test_the_game_menu_switches_the_deduction_assist(tmp_path: Path) -> None:
    console = Console(tmp_path)
    console.deal_and_place()
    flow = console.program.flow
    assert flow is not None and not flow.ui.assist
    console.keys(Key.MENU, Key.CHOICE_2, Key.CHOICE_4)
    assert flow.ui.assist
    leds = console.hardware.leds
    assert isinstance(leds, RecordingLeds)
    lit = set(leds.last)
    assert set(flow.game.public_view().possible_stations) <= lit  # the board behind the menu shows the game
    console.keys(Key.UNDO)
    assert console.program.menu is None and flow.ui.assist


def test_the_deduction_assist_switched_in_a_game_survives_a_power_cut_and_resume(tmp_path: Path) -> None:
    console = Console(tmp_path)
    console.deal_and_place()
    console.keys(Key.MENU)
    console.set("Deduction assist", Key.CHOICE_4)
    flow = console.program.flow
    assert flow is not None and flow.ui.assist
    remembered, _ = load_preferences(GameSettings(data_dir=str(tmp_path)))
    again = Console(tmp_path, assist=remembered.assist)  # the power goes; the console starts as the command does
    again.keys(Key.CONFIRM)
    resumed = again.program.flow
    assert resumed is not None and resumed.ui.assist
    again.keys(Key.MENU)
    assert again.values["Deduction assist"] == "on"


def test_the_setup_adjusts_players_detectives_and_bobbies_and_remembers_them(tmp_path: Path) -> None:
    console = Console(tmp_path)
    console.choose("New game")
    assert console.values["Players (Mister X too)"] == "4"
    assert (console.values["Detectives"], console.values["Bobbies"]) == ("3", "1")  # the reissue's table
    console.set("Players", Key.CHOICE_3)  # 4 -> 3
    assert (console.values["Detectives"], console.values["Bobbies"]) == ("2", "2")
    console.set("Bobbies", Key.CHOICE_4)  # one more than the table
    assert console.values["Bobbies"] == "3"
    console.set("Edition", Key.CHOICE_4)  # reissue -> classic
    assert console.values["Edition"] == "classic" and console.values["Bobbies"] == "0"  # classic has no bobbies table
    console.keys(Key.CHOICE_3)  # back to the reissue
    console.set("Detectives", Key.CHOICE_4)  # 2 -> 3
    console.choose("Deal")
    flow = console.program.flow
    assert flow is not None
    names = [piece.name for piece in flow.game.public_view().pieces]
    assert names == ["red", "blue", "green", "bobby1", "bobby2"]
    remembered, note = load_preferences(GameSettings(data_dir=str(tmp_path)))
    assert note == "" and (remembered.players, DETECTIVES.of(remembered), BOBBIES.of(remembered)) == (3, 3, None)  # 2: the table


def test_the_five_reveal_schedule_and_computer_players_are_set_up_on_the_keys(tmp_path: Path) -> None:
    console = Console(tmp_path)
    console.choose("New game")
    console.set("Mister X shows", Key.CHOICE_4)
    assert console.values["Mister X shows himself"] == "after moves 3, 8, 13, 18, 24"
    console.set("Mister X is", Key.CHOICE_3)
    assert console.values["Mister X is"] == "the computer"
    console.set("Detectives are", Key.CHOICE_4)
    console.set("Computer plays", Key.CHOICE_3)
    assert (console.values["Detectives are"], console.values["Computer plays"]) == ("the computer", "easy")
    console.choose("Deal")
    flow = console.program.flow
    assert flow is not None and flow.game.ruleset.reveal_moves == {3, 8, 13, 18, 24}
    assert not flow.seat.uses_handheld and flow.detectives is not None and flow.detectives.level is Level.EASY


def test_the_level_row_says_whom_each_level_is_for_and_the_very_easy_one_is_the_beginner_level(tmp_path: Path) -> None:
    console = Console(tmp_path)
    console.choose("New game")
    console.set("Computer plays")
    menu = console.program.menu
    assert menu is not None
    said = {}
    for _ in range(5):
        said[console.values["Computer plays"]] = str(menu.ui.message)
        console.keys(Key.CHOICE_4)
    assert said["very easy"].startswith("Very easy: for your first games") and said["expert"].startswith("Expert: the strongest")
    assert len(set(said.values())) == 5
    console.keys(Key.CHOICE_1)  # off the row, up to one without descriptions
    assert str(menu.ui.message) == ""
    console.set("Computer plays", Key.CHOICE_3, Key.CHOICE_3)  # from normal, two below
    console.set("Mister X is", Key.CHOICE_3)
    assert (console.values["Computer plays"], console.values["Mister X is"]) == ("very easy", "the computer")
    console.choose("Deal")
    flow = console.program.flow
    assert flow is not None and flow.seat.level is Level.BEGINNER


def test_settings_change_the_lights_and_persist(tmp_path: Path) -> None:
    console = Console(tmp_path)
    console.choose("Settings")
    console.set("Light colours", Key.CHOICE_4)
    console.choose("Done")
    console.program.console.step()
    assert console.program.console.presenter.palette is COLOUR_BLIND
    assert json.loads((tmp_path / PREFERENCES).read_text())["palette"] == "colour-blind"


def test_unreadable_preferences_are_reported_and_ignored(tmp_path: Path) -> None:
    (tmp_path / PREFERENCES).write_text('{"players": 9}')
    settings, note = load_preferences(GameSettings(data_dir=str(tmp_path)))
    assert settings == GameSettings(data_dir=str(tmp_path)) and "game.players" in str(note)
    (tmp_path / PREFERENCES).write_text("{not json")
    assert "unreadable" in str(load_preferences(GameSettings(data_dir=str(tmp_path)))[1])


@pytest.mark.parametrize("with_power_off", [True, False])
def test_shut_down_asks_twice_on_the_pi_and_quit_ends_the_program(tmp_path: Path, with_power_off: bool) -> None:
    calls: list[str] = []
    console = Console(tmp_path, shutdown=(lambda: calls.append("off")) if with_power_off else None)
    console.choose("Shut down" if with_power_off else "Quit")
    if with_power_off:
        assert not console.program.finished and not calls
        console.keys(Key.CONFIRM)
        assert calls == ["off"]
    assert console.program.finished


def test_the_hardware_test_runs_in_the_console_s_loop_and_reports_on_its_screen(tmp_path: Path) -> None:
    """The test is an activity of the program: the board walks and floods, the screen shows its lines, MENU ends it."""
    console = Console(tmp_path)
    program, leds = console.program, console.hardware.leds
    assert isinstance(leds, RecordingLeds)
    console.choose("Hardware test")
    test = program.hardware_test
    assert test is not None and program.menu is None
    kit = program.console.presenter.kit
    assert kit.texts == ["Hardware test: CONFIRM skips on, MENU ends it", "Lighting 199 stations one by one...",
                         "Station 1 lit red (1 of 199)"]
    console.table.press(42)  # while the lights walk, a press is not heard
    while not str(test.check.lines[-1]).startswith("Press every station"):
        program.console.step()
    alone = [next(iter(frame)) for frame in leds.frames if len(frame) == 1]
    assert list(dict.fromkeys(alone))[:3] == [1, 2, 3] and any(len(frame) == 199 for frame in leds.frames)
    console.table.press(42)
    assert "station 42 pressed" in kit.texts and leds.last == {42: (0, 255, 0)}
    console.keys(Key.MENU)
    assert program.hardware_test is None and program.menu is not None
    assert str(program.menu.message) == "Hardware test: Never pressed: 1-41, 43-199"


def test_a_finished_game_goes_back_to_the_start_menu_filed(tmp_path: Path) -> None:
    console = Console(tmp_path, mister_x=Seat.COMPUTER, edition="beginner", players=3, level=Level.EASY)
    console.deal_and_place()
    for _ in range(5000):
        if console.program.flow is None:
            break
        console.table.act()
    assert console.program.flow is None and console.rows[0] == "New game"
    assert "filed" in console.message
    assert any((tmp_path / session.HISTORY).glob("filed-*.json")) and not (tmp_path / session.JOURNAL).exists()


def test_a_press_on_the_board_in_a_menu_points_to_the_keys(tmp_path: Path) -> None:
    console = Console(tmp_path)
    console.table.press(42)
    assert "keys" in console.message


def test_correcting_the_board_is_journaled_and_resumed(tmp_path: Path) -> None:
    console = Console(tmp_path)
    flow = console.correcting()
    view = flow.game.public_view()
    red = view.piece("red")
    free = next(s for s in STATIONS if s not in view.possible_stations and all(p.station != s for p in view.pieces))
    console.table.press(red.station)
    assert flow.ui.selected == "red"
    console.keys(Key.CHOICE_2, Key.CHOICE_3)  # one bus ticket fewer
    console.table.press(free)
    assert flow.view().piece("red").station == free and flow.game.station_of("red") == red.station  # a draft until applied
    console.keys(Key.CONFIRM)
    assert flow.ui.mode is Mode.DETECTIVES and str(flow.ui.message).startswith("Board corrected")
    assert flow.game.station_of("red") == free and flow.game.public_view().piece("red").tickets.bus == red.tickets.bus - 1
    journal = load(tmp_path / session.JOURNAL)
    assert journal.game.position() == flow.game.position()


def test_undo_after_a_correction_says_the_corrected_board_is_where_the_round_goes_on(tmp_path: Path) -> None:
    console = Console(tmp_path)
    console.deal_and_place()
    flow = console.program.flow
    assert flow is not None
    moves = flow.game.moves_of("red")
    move = next(m for m in moves if sum(o.station == m.station for o in moves) == 1)  # one ticket goes there
    console.table.press(flow.game.station_of("red"))
    console.table.press(move.station)
    assert flow.game.station_of("red") == move.station
    console.keys(Key.MENU)
    console.choose("Correct")
    console.table.press(flow.game.station_of("blue"))
    console.keys(Key.CHOICE_2, Key.CHOICE_3, Key.CONFIRM)  # one bus ticket fewer for blue
    assert flow.ui.mode is Mode.DETECTIVES and str(flow.ui.message).startswith("Board corrected")
    console.keys(Key.UNDO)
    assert str(flow.ui.message) == "Nothing to take back: the corrected board is where this round goes on from"


def test_a_correction_cannot_put_a_piece_where_mister_x_may_be_and_undo_cancels_it(tmp_path: Path) -> None:
    console = Console(tmp_path)
    flow = console.correcting()
    before = flow.game.position()
    view = flow.game.public_view()
    console.table.press(view.piece("blue").station)
    possible = view.possible_stations[0]
    console.table.press(possible)
    assert flow.ui.refused is not None and flow.ui.refused.station == possible
    assert str(flow.ui.message) == f"No: Mister X may be at {possible}: a correction cannot put a piece there"
    console.keys(Key.UNDO)
    assert flow.ui.mode is Mode.DETECTIVES and flow.game.position() == before


def test_the_journal_is_read_once_and_drawing_menus_reads_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The program reads the kept game when it starts; menus, settings and resuming read no journal again."""
    Console(tmp_path).deal_and_place()  # a game is kept in the journal
    reads: list[Path] = []
    load = session.load
    monkeypatch.setattr(session, "load", lambda path: reads.append(path) or load(path))
    console = Console(tmp_path)
    assert console.rows[0].startswith("Resume") and len(reads) == 1
    for _ in range(3):
        console.choose("Settings")
        console.choose("Done")
        console.program.console.step()
    console.choose("Resume")
    assert console.program.flow is not None and len(reads) == 1
