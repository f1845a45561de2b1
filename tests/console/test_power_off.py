"""The power button in the program: a short press asks over whatever is on, a long one shuts down at once, dark LEDs first."""

from __future__ import annotations

from pathlib import Path

import pytest

from console.program import session
from console.program.straight_back import LEFT
from hardware.drivers.leds import RecordingLeds
from hardware.drivers.power_button import FakePowerButton
from hardware.interfaces import Key
from tests.support.program import Console


class PowerOff:
    """The shutdown command, recording what the board and the screen showed when it ran."""

    def __init__(self) -> None:
        self.console: Console | None = None
        self.seen: list[tuple[dict[int, tuple[int, int, int]], list[str]]] = []

    def __call__(self) -> None:
        assert self.console is not None
        leds = self.console.hardware.leds
        assert isinstance(leds, RecordingLeds)
        self.seen.append((leds.last, list(self.console.program.console.presenter.kit.texts)))


def console_with(tmp_path: Path, power_off: bool = True) -> tuple[Console, PowerOff]:
    command = PowerOff()
    console = Console(tmp_path, shutdown=command if power_off else None)
    command.console = console
    return console, command


def press_power(console: Console, *, held: bool = False) -> None:
    button = console.hardware.power
    assert isinstance(button, FakePowerButton)
    button.press(held=held)
    console.program.console.step()


def lit(console: Console) -> dict[int, tuple[int, int, int]]:
    leds = console.hardware.leds
    assert isinstance(leds, RecordingLeds)
    return leds.last


def test_a_short_press_in_a_game_asks_and_undo_goes_back_to_the_game(tmp_path: Path) -> None:
    console, command = console_with(tmp_path)
    console.deal_and_place()
    flow = console.program.flow
    journal = (tmp_path / session.JOURNAL).read_bytes()
    game_lights = lit(console)
    press_power(console)
    menu = console.program.menu
    assert menu is not None and str(menu.title) == "Shut down?" and console.rows == ["Shut down", "Back"]
    assert "game is kept" in console.message
    assert lit(console) == game_lights  # the game's lights stay on behind the question
    console.keys(Key.UNDO)
    assert console.program.menu is None and console.program.flow is flow
    assert (tmp_path / session.JOURNAL).read_bytes() == journal and not command.seen


def test_confirming_the_question_darkens_the_board_and_says_so_before_the_shutdown_command(tmp_path: Path) -> None:
    console, command = console_with(tmp_path)
    console.deal_and_place()
    assert lit(console)
    press_power(console)
    console.keys(Key.CONFIRM)
    ((leds, words),) = command.seen
    assert leds == {} and words[0] == "Shutting down"
    assert console.program.finished and console.program.status == "Shutting down"
    console.program.console.step()
    assert lit(console) == {}  # nothing lights the board again after the last scene
    assert (tmp_path / session.JOURNAL).exists() and (tmp_path / LEFT).exists()  # kept, as left: the start menu offers it


def test_a_long_press_shuts_down_at_once_from_anywhere(tmp_path: Path) -> None:
    console, command = console_with(tmp_path)
    console.choose("Settings")
    press_power(console, held=True)
    ((leds, words),) = command.seen
    assert leds == {} and words[0] == "Shutting down" and console.program.finished


def test_a_short_press_over_a_menu_goes_back_to_that_menu_where_it_was(tmp_path: Path) -> None:
    console, command = console_with(tmp_path)
    console.choose("Settings")
    console.keys(Key.CHOICE_2)
    settings = console.program.menu
    assert settings is not None
    press_power(console)
    assert console.program.menu is not settings and "Holding the power button" in console.message
    press_power(console)  # a second short press leaves the question as it is
    console.keys(Key.CHOICE_2, Key.UNDO)
    assert console.program.menu is settings and settings.cursor == 1 and not command.seen


def test_the_question_holds_the_hardware_test_where_it_is(tmp_path: Path) -> None:
    console, _ = console_with(tmp_path)
    console.choose("Hardware test")
    test = console.program.hardware_test
    press_power(console)
    for _ in range(2000):  # 100 s of the test's clock: past its listening time
        console.program.console.step()
    assert console.program.hardware_test is test
    console.keys(Key.UNDO)
    assert console.program.menu is None and console.program.hardware_test is test


def test_on_a_pc_the_power_button_asks_to_quit(tmp_path: Path) -> None:
    console, command = console_with(tmp_path, power_off=False)
    press_power(console)
    assert console.rows == ["Quit", "Back"]
    console.keys(Key.CONFIRM)
    assert console.program.finished and lit(console) == {} and not command.seen
    assert console.program.console.presenter.kit.texts[0] == "Quitting"


def test_the_start_menu_s_shut_down_darkens_the_board_first_too(tmp_path: Path) -> None:
    console, command = console_with(tmp_path)
    console.program.console.step()
    assert lit(console)  # the idle sweep
    console.choose("Shut down")
    console.keys(Key.CONFIRM)
    ((leds, words),) = command.seen
    assert leds == {} and words[0] == "Shutting down"


@pytest.mark.parametrize("held", [False, True])
def test_a_game_shut_down_by_the_button_is_offered_at_the_next_start(tmp_path: Path, held: bool) -> None:
    console, _ = console_with(tmp_path)
    console.deal_and_place()
    flow = console.program.flow
    assert flow is not None
    press_power(console, held=held)
    if not held:
        console.keys(Key.CONFIRM)
    again = Console(tmp_path, straight_back_s=600)  # the players switched it off: no going straight back in
    assert again.program.flow is None and again.rows[0].startswith("Resume")
    again.keys(Key.CONFIRM)
    resumed = again.program.flow
    assert resumed is not None and resumed.game.actions == flow.game.actions
