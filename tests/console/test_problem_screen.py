"""Never a black screen: what stops the console from playing opens its problem screen (what, where, the owner's keys), with the
board flashing "look at the screen"; a fresh board is calibrated on it; only a screen that does not start ends the command."""

from __future__ import annotations

import time
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path

import pytest

from console.appliance.releases import InstallTree
from console.appliance.updates import Updates
from console.cli import main
from console.program.calibrating import TITLE as CALIBRATING
from console.program.calibrating import Uncalibrated
from console.program.chord import CHORD_SECONDS
from console.program.problem import ProblemActivity, problem_of
from console.program.program import Ending, Program
from console.program.start import UNSHOWN, BoardStart, board_program
from console.records.storage import FolderError
from console.settings import GameSettings
from console.table.lights import LIT_FLOOR, LOOK_LEVEL, look_at_screen_frame, scale
from console.table.menu import KEY_HINT
from engine import london
from hardware.config import Config, ConfigError, LedConfig, ScreenConfig
from hardware.drivers.controls import FakeControlButtons
from hardware.drivers.handheld import MemoryHandheldLink
from hardware.drivers.led_backends import LedDriverError
from hardware.drivers.leds import RecordingLeds, level_table
from hardware.drivers.station_buttons import FakeStationButtons
from hardware.factory import PartError, build_hardware
from hardware.interfaces import Key
from hardware.station_map import MapError, StationMap
from language import LANGUAGES, use
from tests.support.korean import english_left
from tests.support.releases import fake_release, link

STATIONS = london().stations


def no_words(game: GameSettings) -> None:
    """The language stays as the test set it."""


def config(folder: Path, text: str = "") -> Path:
    path = folder / "config.toml"
    path.write_text(f'profile = "fake"\nmap_file = "station-map.json"\n[game]\ndata_dir = "{folder / "data"}"\n{text}')
    return path


def texts(program: Program) -> list[str]:
    program.console.step()
    return program.console.presenter.kit.texts


def rows(program: Program) -> list[str]:
    assert program.menu is not None
    return [str(label) for label, _ in program.menu.ui.rows]


def keys(program: Program, *pressed: Key) -> None:
    controls = program.hardware.controls
    assert isinstance(controls, FakeControlButtons)
    for key in pressed:
        controls.press(key)
        program.console.step()


def choose(program: Program, label: str) -> None:
    menu = program.menu
    assert menu is not None
    while not str(menu.ui.rows[menu.cursor][0]).startswith(label):
        keys(program, Key.CHOICE_2)
    keys(program, Key.CONFIRM)


def test_a_fresh_board_opens_on_the_problem_screen_and_is_calibrated_with_its_own_keys(tmp_path: Path) -> None:
    path = config(tmp_path)
    with ExitStack() as held:
        program = board_program(BoardStart(str(path)), held, no_words)
        assert isinstance(program.top, ProblemActivity) and program.status == "Problem: not calibrated"
        said = texts(program)
        assert said[:2] == ["The board is not calibrated yet",
                            "Each station's button and light must be found once: calibrate the board with its own keys (a press on each "
                            "station), and the console starts"]
        assert f"no station map at {tmp_path / 'station-map.json'}" in said[2]
        assert rows(program) == ["Calibrate the board", "Run the hardware test", "Quit"]
        choose(program, "Calibrate the board")
        assert program.status == "Calibrating" and texts(program)[0] == str(CALIBRATING)
        buttons, leds = program.hardware.station_buttons, program.hardware.leds
        assert isinstance(buttons, FakeStationButtons) and isinstance(leds, RecordingLeds)
        for station in STATIONS:  # a board wired in order: each light is right at once, the next button accepts it
            buttons.press(station)
            program.console.step()
            assert leds.last == {station: (255, 255, 255)}
        keys(program, Key.CONFIRM)
        assert program.finished and program.ending is Ending.AGAIN
    assert StationMap.load(tmp_path / "station-map.json") == StationMap.wiring_order(STATIONS, 29)
    with ExitStack() as held:
        program = board_program(BoardStart(str(path)), held, no_words)
        assert program.problem is None and program.status == "Start menu"


def test_the_problem_screen_flashes_the_whole_board_twice_every_two_seconds(tmp_path: Path) -> None:
    with ExitStack() as held:
        program = board_program(BoardStart(str(config(tmp_path))), held, no_words)
        scene = program.top.scene()
        assert scene is not None
        white = scale((255, 255, 255), LOOK_LEVEL)
        lit = [bool(scene.lights(frame / 30, program.console.presenter.palette)) for frame in range(60)]
        assert lit == [True] * 4 + [False] * 4 + [True] * 4 + [False] * 48
        assert scene.lights(0.0, program.console.presenter.palette) == dict.fromkeys(STATIONS, white)


def test_a_bad_config_value_says_file_key_and_expected_and_the_owner_can_start_on_defaults(tmp_path: Path) -> None:
    path = config(tmp_path, 'district = "Narnia"\n')
    StationMap.identity(STATIONS).save(tmp_path / "station-map.json")
    with ExitStack() as held:
        program = board_program(BoardStart(str(path)), held, no_words)
        assert program.status == "Problem: config file"
        said = texts(program)
        assert said[0] == "The config file needs fixing"
        assert said[2] == f"{path}: game.district: must be one of central (or \"\" for the first), not 'Narnia'"
        assert rows(program) == ["Start with default settings", "Quit"]
        choose(program, "Start with default settings")
        assert program.ending is Ending.DEFAULTS
    with ExitStack() as held:
        program = board_program(BoardStart(str(path)), held, no_words, defaults=True)
        assert program.problem is None and program.status == "Start menu"
        assert program.hardware.leds.__class__ is RecordingLeds, "the config's profile and map file still hold"
    assert "Narnia" in path.read_text(), "the file is left as it is"


def test_the_hardware_test_runs_from_the_problem_screen_and_comes_back_to_it(tmp_path: Path) -> None:
    with ExitStack() as held:
        program = board_program(BoardStart(str(config(tmp_path))), held, no_words)
        choose(program, "Run the hardware test")
        assert program.status == "Hardware test"
        keys(program, Key.MENU)
        time.sleep(CHORD_SECONDS)  # MENU is held back that long for the mute chord (UNDO and MENU)
        program.console.step()
        assert isinstance(program.top, ProblemActivity)
        assert program.menu is not None and str(program.menu.message).startswith("Hardware test: ")


def test_a_fault_of_this_version_at_start_is_shown_not_a_crash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug in this version")

    monkeypatch.setattr("console.program.start.open_board", broken)
    StationMap.identity(STATIONS).save(tmp_path / "station-map.json")
    with ExitStack() as held:
        program = board_program(BoardStart(str(config(tmp_path))), held, no_words)
        said = texts(program)
        assert said[0] == "This version of the console cannot start" and said[2] == "RuntimeError: a bug in this version"
        assert program.status == "Problem: this version fails at start" and rows(program) == ["Quit"]


def test_a_part_that_does_not_start_is_named_and_the_rest_of_the_board_serves_the_problem_screen(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(f'profile = "pi"\nmap_file = "station-map.json"\n[game]\ndata_dir = "{tmp_path / "data"}"\n')
    StationMap.wiring_order(STATIONS, 29).save(tmp_path / "station-map.json")
    with ExitStack() as held:
        program = board_program(BoardStart(str(path)), held, no_words)  # no LED library off a Pi; the keys on gpiozero's mock pins
        assert program.status == "Problem: the station lights"
        said = texts(program)
        assert said[0] == "A part of the board does not start" and said[2].startswith("the station lights: ")
        assert rows(program) == ["Run the hardware test", "Shut down"]


def test_a_problem_that_cannot_be_shown_ends_the_command_with_the_status_systemd_does_not_restart(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def no_screen(config: object) -> None:
        raise OSError("no display")

    monkeypatch.setattr("hardware.factory.build_screen", no_screen)
    assert main(["play", "--config", str(config(tmp_path))]) == UNSHOWN
    assert capsys.readouterr().err == "scotland-yard play: the screen: OSError: no display: no screen to show what stops the console\n"


def test_the_self_check_s_headless_start_reaches_the_start_menu_on_a_fresh_install(tmp_path: Path,
                                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--headless", "--data-dir", str(tmp_path / "data"), "--config", str(config(tmp_path))]) == 0
    assert capsys.readouterr().out == "started: Start menu\n"


def test_the_simulator_shows_the_problem_in_its_window_and_a_headless_run_ends_with_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "config.toml"
    path.write_text('profile = "fake"\n')
    script = tmp_path / "look.script"
    script.write_text("wait 0.1\nshot problem\n")
    assert main(["sim", "--headless", "--script", str(script), "--screenshots", str(tmp_path), "--data-dir", str(tmp_path / "data"),
                 "--config", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out.split() == [str(tmp_path / "problem.png")]
    assert err == (f"scotland-yard sim: {path}: profile: the simulator's board is its window, not 'fake' (the tests' stand-in "
                   "board): use sim (or pi)\n")


PI_MAP = Path("/var/lib/scotland-yard/station-map.json")
"""The station map on the Pi (not there: the board is not calibrated)."""


def every_problem() -> list[Exception]:
    """An error of each kind the start meets, worded as the console words them, with the Pi's paths."""
    config = "/etc/scotland-yard/config.toml"
    return [MapError(f"no station map at {PI_MAP} (run `scotland-yard calibrate`)"),
            MapError("the station map is incomplete: no LED pixel for stations 12-14, 88; no button for stations 190-199 "
                     "(run `scotland-yard calibrate`)"),
            PartError("the station lights", LedDriverError("rpi-ws281x cannot start: ws2811_init failed with code -5 (mmap() failed)")),
            ConfigError(f"{config}: game.district: must be one of central (or \"\" for the first), not 'Narnia'"),
            FolderError("the data folder /var/lib/scotland-yard cannot be used: the disk is read-only"),
            RuntimeError("a bug in this version")]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", [(800, 480), (410, 246)], ids=["board", "simulator"])
def test_every_problem_screen_is_whole_in_every_language(tmp_path: Path, language: str, size: tuple[int, int]) -> None:
    board = Uncalibrated(PI_MAP, 199, 29)
    hardware = build_hardware(Config(profile="fake", screen=ScreenConfig(*size)), StationMap.identity(STATIONS), STATIONS,
                              MemoryHandheldLink())
    use(language)
    try:
        for error in every_problem():
            program = Program(hardware, GameSettings(), problem=problem_of(error, board), shutdown=lambda: None)
            program.console.step()
            kit = program.console.presenter.kit
            cut = [text for text in kit.cut if text != str(KEY_HINT)]  # every menu's hint is 2 px too wide at 410 px, theirs alike
            assert not cut, f"{error}: {cut}"
            if language != "en":  # the title and what is wrong: the table's language (where: the file's own words)
                assert english_left(kit.texts[:2], ("journalctl", "scotland", "yard")) == [], kit.texts[:2]
    finally:
        use("en")


def test_the_look_at_the_screen_flash_stays_inside_the_power_budget_and_reads_as_lit() -> None:
    """Every station at once, at full brightness, under half the supply (as every game frame); on the strip at the default
    brightness, each flash is still plainly lit."""
    full = replace(LedConfig(), brightness=1.0)
    levels = level_table(full.gamma, full.brightness)
    frame = look_at_screen_frame(0.0, STATIONS)
    lit = sum(levels[c] for colour in frame.values() for c in colour)
    milliamps = full.count * full.idle_milliamps + lit * full.milliamps_per_channel / 255
    assert milliamps < full.supply_amps * 1000 / 2, f"{milliamps:.0f} mA"
    default = LedConfig()
    assert min(max(level_table(default.gamma, default.brightness)[c] for c in colour) for colour in frame.values()) >= LIT_FLOOR


def test_the_problem_screen_offers_the_previous_version_and_going_back_ends_the_program_for_its_service(tmp_path: Path) -> None:
    root = tmp_path / "root"
    current = fake_release(root, "0.2.0-b", version="0.2.0")
    link(root, "current", current)
    link(root, "previous", fake_release(root, "0.1.0-a", version="0.1.0"))
    hardware = build_hardware(Config(profile="fake"), StationMap.identity(STATIONS), STATIONS, MemoryHandheldLink())
    program = Program(hardware, GameSettings(), problem=problem_of(RuntimeError("a bug in this version")),
                      updates=Updates(InstallTree(root), current))
    assert rows(program) == ["Roll back to 0.1.0", "Quit"]
    keys(program, Key.CONFIRM, Key.CONFIRM)  # asked twice
    assert program.finished and program.ending is None, "its service starts the release now current"
    assert (root / "current").resolve().name == "0.1.0-a"


def test_the_problem_screen_shuts_the_board_down_when_asked_twice(tmp_path: Path) -> None:
    hardware = build_hardware(Config(profile="fake"), StationMap.identity(STATIONS), STATIONS, MemoryHandheldLink())
    asked: list[str] = []
    program = Program(hardware, GameSettings(), problem=problem_of(RuntimeError("a bug in this version")),
                      shutdown=lambda: asked.append("off"))
    assert rows(program) == ["Shut down"]
    keys(program, Key.CONFIRM)
    assert not asked and not program.finished, "asked twice"
    keys(program, Key.CONFIRM)
    assert asked == ["off"] and program.finished and program.ending is None

def test_a_config_file_named_but_missing_is_a_problem_the_defaults_get_past(tmp_path: Path) -> None:
    missing = tmp_path / "typo.toml"
    with ExitStack() as held:
        program = board_program(BoardStart(str(missing), data_dir=str(tmp_path / "data")), held, no_words)
        assert program.status == "Problem: config file" and f"no config file at {missing}" in texts(program)[2]
    with ExitStack() as held:  # on defaults the board is the Pi's, and it has no station map yet
        program = board_program(BoardStart(str(missing), data_dir=str(tmp_path / "data")), held, no_words, defaults=True)
        assert program.status in ("Problem: not calibrated", "Problem: the station lights")
