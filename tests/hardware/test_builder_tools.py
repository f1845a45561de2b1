"""hw-test and calibrate, run against the fakes and against the real drivers on gpiozero's mocks."""

from __future__ import annotations

import io
import json
from collections import deque
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from console.cli import main
from console.records.preferences import PREFERENCES
from hardware.builder.calibrate import ButtonBits, Calibration
from hardware.builder.selftest import COLOURS, check_chain, led_chain_test, run_self_test
from hardware.config import ButtonChainConfig, LedConfig
from hardware.drivers.controls import FakeControlButtons
from hardware.drivers.leds import LedStrip, MemoryPixelWriter, RecordingLeds
from hardware.drivers.mock_chain import MockShiftRegisterChain
from hardware.drivers.station_buttons import FakeStationButtons, ShiftRegisterChain, StationButtonScanner
from hardware.interfaces import Key
from hardware.station_map import StationMap
from language import use
from tests.support.korean import english_left

Action = Callable[[], None]
PINS = ("LED", "Pi", "QH", "SER", "MISO", "DIN", "DOUT", "HIGH", "Enter", "CLK")
"""The chips' pins, the boards and the keyboard's key that the builder's Korean names as the English does."""


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    use("en")


class Script:
    """A world that moves on each time the tool sleeps: one scripted action per sleep, and a clock."""

    def __init__(self, actions: list[Action]) -> None:
        self.actions = deque(actions)
        self.now = 0.0

    def sleep(self, seconds: float) -> None:
        self.now += max(seconds, 0.01)
        if self.actions:
            self.actions.popleft()()
        elif self.now > 100:
            raise TimeoutError("the tool is still waiting after the script ran out")

    def clock(self) -> float:
        return self.now


def idle(count: int) -> list[Action]:
    return [lambda: None] * count


def test_self_test_lights_each_station_then_each_colour_and_reports_buttons() -> None:
    stations = [1, 2, 3, 4]
    leds, buttons, controls = RecordingLeds(), FakeStationButtons(), FakeControlButtons()
    walk = len(stations) + len(COLOURS)
    script = Script(
        [*idle(walk), lambda: buttons.press(2), lambda: buttons.release(2), lambda: buttons.press(2), lambda: buttons.stick(4),
         lambda: controls.press(Key.MENU)]
    )
    out = io.StringIO()
    report = run_self_test(leds, buttons, controls, stations, out, listen_s=60, sleep=script.sleep, clock=script.clock)
    lit_alone = [frame for frame in leds.frames if len(frame) == 1]
    assert [next(iter(f)) for f in lit_alone[: len(stations)]] == stations
    assert {next(iter(frame.values())) for frame in leds.frames if len(frame) == len(stations)} >= set(COLOURS.values())
    assert leds.last == {}
    assert report.pressed == {2} and report.stuck == {4} and report.never_pressed == [1, 3, 4]
    text = out.getvalue()
    assert "station 2 pressed\nstation 2 pressed (again)" in text
    assert "station 4 is STUCK" in text
    assert "Never pressed: 1, 3-4" in text and "Stuck: 4" in text


def test_self_test_stops_listening_after_quiet_time() -> None:
    leds, buttons, controls = RecordingLeds(), FakeStationButtons(), FakeControlButtons()
    script = Script([])
    report = run_self_test(leds, buttons, controls, [1, 2], io.StringIO(), listen_s=1, sleep=script.sleep, clock=script.clock)
    assert report.never_pressed == [1, 2] and script.now >= 1


def test_the_walk_checks_the_map_station_by_station_and_names_a_crossed_pair() -> None:
    """hw-test --walk: station 1 lit and pressed; 2 lit but its press reads as 3's (a crossed map); 3 passed over with
    CONFIRM; 4 lit and pressed. The lit station is white, and only the one the walk waits for."""
    stations = [1, 2, 3, 4]
    leds, buttons, controls = RecordingLeds(), FakeStationButtons(), FakeControlButtons()
    walk = len(stations) + len(COLOURS)
    script = Script([*idle(walk), lambda: buttons.press(1), lambda: buttons.release(1), lambda: buttons.press(3),
                     lambda: buttons.release(3), lambda: controls.press(Key.CONFIRM), lambda: buttons.press(4)])
    out = io.StringIO()
    report = run_self_test(leds, buttons, controls, stations, out, walk=True, sleep=script.sleep, clock=script.clock)
    assert report.agreed == [1, 4] and report.crossed == [(2, 3)] and report.passed_over == [3] and report.never_pressed == []
    assert {1: COLOURS["white"]} in leds.frames  # the walk waits for station 1, lit alone
    assert {1: COLOURS["green"], 2: COLOURS["white"]} in leds.frames  # 1 agreed, 2 lit next
    assert {1: COLOURS["green"], 2: COLOURS["red"], 4: COLOURS["white"]} in leds.frames  # 2 crossed, 3 passed over
    text = out.getvalue()
    assert "station 2 lit, but its press read as station 3's" in text
    assert "2 of 4 stations: light and button in one place." in text and "Crossed: 2/3" in text and "Passed over: 3" in text
    clean = Script([*idle(walk), *(action for s in stations for action in (lambda s=s: buttons.press(s), lambda s=s: buttons.release(s)))])
    report = run_self_test(RecordingLeds(), buttons, FakeControlButtons(), stations, out := io.StringIO(), walk=True,
                           sleep=clean.sleep, clock=clean.clock)
    assert report.agreed == stations and "The station map is right." in out.getvalue()


def calibration_rig(tmp_path: Path, stations: list[int],
                    script: Script) -> tuple[Calibration, MockShiftRegisterChain, FakeControlButtons, MemoryPixelWriter]:
    """The real chain driver and scanner on mock pins, the real LED pipeline, fake control keys."""
    chain_config = ButtonChainConfig(chips=2)
    mock_chain = MockShiftRegisterChain(chain_config)
    scanner = StationButtonScanner(ShiftRegisterChain(chain_config), {bit: bit for bit in range(16)}, 0.02, 10, clock=script.clock)
    writer = MemoryPixelWriter()
    led_config = LedConfig(count=8, brightness=1.0, gamma=1.0)
    strip = LedStrip(led_config, {pixel: pixel for pixel in range(8)}, writer)
    controls = FakeControlButtons()
    calibration = Calibration(strip, ButtonBits(scanner), controls, stations, 8, tmp_path / "map.json", io.StringIO(), sleep=script.sleep)
    return calibration, mock_chain, controls, writer


def lit_pixel(writer: MemoryPixelWriter) -> int:
    data = writer.writes[-1]
    return next(i // 3 for i, level in enumerate(data) if level)


def press(chain: MockShiftRegisterChain, bit: int) -> list[Action]:
    return [lambda: chain.press(bit), lambda: None, lambda: None, lambda: None,
            lambda: chain.release(bit), lambda: None, lambda: None, lambda: None]


def test_calibrate_records_buttons_and_confirmed_lights(tmp_path: Path, mock_pins: MockFactory) -> None:
    script = Script([])
    calibration, chain, controls, writer = calibration_rig(tmp_path, [1, 2, 3], script)
    lit: list[int] = []
    script.actions.extend(
        [*press(chain, 9), lambda: lit.append(lit_pixel(writer)), lambda: controls.press(Key.CONFIRM),  # station 1: light right
         *press(chain, 9),  # station 2 presses station 1's button by mistake: refused
         *press(chain, 4),
         lambda: controls.press(Key.CHOICE_2), lambda: lit.append(lit_pixel(writer)), lambda: controls.press(Key.CONFIRM),
         *press(chain, 0),
         lambda: controls.press(Key.MENU)]  # station 3: skip its light
    )
    station_map = calibration.run()
    assert station_map.buttons == {1: 9, 2: 4, 3: 0}
    assert station_map.pixels == {1: 0, 2: 2}
    assert lit == [0, 2]
    assert StationMap.load(tmp_path / "map.json") == station_map
    assert "that button (bit 9) is station 1's" in calibration.out.getvalue()  # type: ignore[attr-defined]


def test_pressing_the_next_station_accepts_the_light_and_confirm_is_left_for_the_last(tmp_path: Path, mock_pins: MockFactory) -> None:
    script = Script([])
    calibration, chain, controls, writer = calibration_rig(tmp_path, [1, 2, 3], script)
    lit: list[int] = []
    script.actions.extend(
        [*press(chain, 9), lambda: lit.append(lit_pixel(writer)),  # station 1: its light is right
         *press(chain, 9),  # its own button again: nothing happens
         *press(chain, 4), lambda: lit.append(lit_pixel(writer)),  # station 2's button accepts station 1's light
         lambda: controls.press(Key.CHOICE_2), lambda: lit.append(lit_pixel(writer)),  # station 2's is one off
         *press(chain, 0), lambda: lit.append(lit_pixel(writer)),  # station 3's button accepts the corrected light
         lambda: controls.press(Key.CHOICE_4), lambda: lit.append(lit_pixel(writer)),  # ten free pixels on
         lambda: controls.press(Key.CHOICE_3), lambda: controls.press(Key.CONFIRM)]  # back ten; the last station: CONFIRM
    )
    station_map = calibration.run()
    assert station_map.buttons == {1: 9, 2: 4, 3: 0}
    # 8 pixels; with 0 and 2 taken the free ones are 1, 3, 4, 5, 6, 7: ten free steps from 6 go round the end to 4
    assert lit == [0, 1, 2, 6, 4]
    assert station_map.pixels == {1: 0, 2: 2, 3: 6}
    assert StationMap.load(tmp_path / "map.json") == station_map


def test_calibrate_resumes_where_it_was_interrupted(tmp_path: Path, mock_pins: MockFactory) -> None:
    script = Script([])
    calibration, chain, controls, _ = calibration_rig(tmp_path, [1, 2, 3], script)

    def power_cut() -> None:
        raise KeyboardInterrupt

    script.actions.extend([*press(chain, 3), lambda: controls.press(Key.CONFIRM), *press(chain, 5), power_cut])
    with pytest.raises(KeyboardInterrupt):
        calibration.run()
    assert StationMap.load(tmp_path / "map.json").buttons == {1: 3}
    calibration.buttons.buttons.close()  # type: ignore[attr-defined]  # the driver lets go of its pins, as at a real exit
    chain.close()

    script = Script([])
    calibration, chain, controls, _ = calibration_rig(tmp_path, [1, 2, 3], script)
    script.actions.extend([*press(chain, 5), lambda: controls.press(Key.CONFIRM), *press(chain, 6), lambda: controls.press(Key.CONFIRM)])
    station_map = calibration.run()
    assert station_map.buttons == {1: 3, 2: 5, 3: 6}
    assert "Resuming: 1 station already done." in calibration.out.getvalue()  # type: ignore[attr-defined]


def test_calibrate_undo_goes_back_a_station(tmp_path: Path, mock_pins: MockFactory) -> None:
    script = Script([])
    calibration, chain, controls, _ = calibration_rig(tmp_path, [1, 2], script)
    script.actions.extend(
        [*press(chain, 1), lambda: controls.press(Key.CONFIRM),
         lambda: controls.press(Key.UNDO),  # back to station 1
         *press(chain, 2), lambda: controls.press(Key.CONFIRM),
         *press(chain, 1), lambda: controls.press(Key.CONFIRM)]
    )
    assert calibration.run().buttons == {1: 2, 2: 1}


def test_hw_test_command_runs_on_the_fake_profile(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "config.toml"
    config.write_text('profile = "fake"\n')
    assert main(["hw-test", "--config", str(config), "--listen", "0.02", "--step", "0", "--flood", "0"]) == 1  # nobody pressed anything
    text = capsys.readouterr().out
    assert "No station map" in text and "0 of 199 buttons pressed." in text and "Never pressed: 1-199" in text


def test_builder_commands_refuse_a_bad_config_by_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "config.toml"
    config.write_text('profile = "fake"\n[controls]\nmenu = 99\n')
    assert main(["calibrate", "--config", str(config)]) == 2
    assert "controls.menu: GPIO 99 does not exist" in capsys.readouterr().err


def test_pi_profile_without_the_led_library_says_what_to_install(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "config.toml"
    config.write_text('profile = "pi"\n')
    assert main(["hw-test", "--config", str(config)]) == 2
    assert "pi" in capsys.readouterr().err


def test_the_builder_s_tools_speak_korean(tmp_path: Path, mock_pins: MockFactory) -> None:
    use("ko")
    leds, buttons, controls = RecordingLeds(), FakeStationButtons(), FakeControlButtons()
    script = Script([*idle(3 + len(COLOURS)), lambda: buttons.press(2), lambda: buttons.stick(3), lambda: controls.press(Key.MENU)])
    out = io.StringIO()
    run_self_test(leds, buttons, controls, [1, 2, 3], out, listen_s=60, sleep=script.sleep, clock=script.clock)
    asked: list[str] = []
    answers = iter(["x", "2"])
    led_chain_test(leds, {2: 5}, 8, out, lambda question: asked.append(question) or next(answers), sleep=lambda s: None)
    mock = MockShiftRegisterChain(ButtonChainConfig(chips=2), sentinels=True)
    mock.broken_chip = 1
    chain = ShiftRegisterChain(ButtonChainConfig(chips=2))
    said = [*out.getvalue().splitlines(), *asked, str(check_chain(chain, {9: 8}).message)]
    chain.close()
    mock.close()
    script = Script([])
    calibration, mock_chain, keys, _ = calibration_rig(tmp_path, [1, 2], script)
    script.actions.extend([*press(mock_chain, 1), lambda: keys.press(Key.CHOICE_2), lambda: keys.press(Key.CONFIRM),
                           *press(mock_chain, 1), *press(mock_chain, 2), lambda: keys.press(Key.UNDO),
                           *press(mock_chain, 1), lambda: keys.press(Key.MENU), *press(mock_chain, 2), lambda: keys.press(Key.MENU)])
    calibration.run()
    said += calibration.out.getvalue().splitlines()  # type: ignore[attr-defined]
    assert "2번 역 눌림" in said and "버튼 3개 중 1개를 눌렀습니다." in said and "누르지 않은 버튼: 1, 3" in said
    assert any("처음 꺼진 픽셀은 2번(5번 역)입니다: 1번 픽셀의 DOUT에서 2번 픽셀의 DIN까지의 데이터선과" in line for line in said)
    assert any(line.startswith("버튼 체인: 1번 칩(9번 역)") for line in said), said
    assert any("1번 역으로 돌아갑니다." in line for line in said) and any("1번 역의 것입니다" in line for line in said), said
    assert english_left(said, PINS) == []


def test_hw_test_speaks_the_language_of_the_command_line_else_the_menus_else_the_config_file_never_the_system_s(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "ko")  # the PC's: a builder's tool speaks the console's language, not the system's
    config = tmp_path / "config.toml"
    run = ["hw-test", "--config", str(config), "--listen", "0.02", "--step", "0", "--flood", "0"]
    config.write_text(f'profile = "fake"\n[game]\ndata_dir = "{tmp_path}"\n')
    main(run)
    assert "0 of 199 buttons pressed." in capsys.readouterr().out
    config.write_text(f'profile = "fake"\n[game]\ndata_dir = "{tmp_path}"\nlanguage = "ko"\n')
    main(run)
    korean = capsys.readouterr().out
    assert "버튼 199개 중 0개를 눌렀습니다." in korean and english_left(korean.splitlines(), PINS) == []
    main([*run, "--language", "en"])
    assert "0 of 199 buttons pressed." in capsys.readouterr().out
    (tmp_path / PREFERENCES).write_text(json.dumps({"version": 5, "language": "en"}))  # chosen on the Settings menu
    main(run)
    assert "0 of 199 buttons pressed." in capsys.readouterr().out
