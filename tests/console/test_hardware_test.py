"""The hardware test as the simulator shows it: every light long enough to see, and the screen saying what is lit."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from console.program.hardware_test import COLOUR_S, WALK_S
from console.settings import GameSettings
from hardware.builder.selftest import COLOURS
from hardware.interfaces import Frame
from language import use
from tests.support.korean import english_left
from tests.support.sim import HeadlessSim

FRAME_S = 1 / 30
"""The console's frame (a headless run's step)."""


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    use("en")


def start_the_test(tmp_path: Path, shown: list[tuple[dict[int, tuple[int, int, int]], str]] | None = None) -> HeadlessSim:
    """The simulator on the hardware test; *shown* gets each frame's lights and the screen's last line, from the first."""
    sim = HeadlessSim(tmp_path, GameSettings(data_dir=str(tmp_path)), seed=1, pane=False)
    if shown is not None:
        window, kit = sim.window, sim.program.console.presenter.kit
        set_frame = window.set_frame

        def recorded(frame: Frame) -> None:
            set_frame(frame)
            shown.append((dict(frame), kit.texts[-1] if kit.texts else ""))

        window.set_frame = recorded  # type: ignore[method-assign]
    menu = sim.program.menu
    assert menu is not None
    while not str(menu.ui.rows[menu.cursor][0]).startswith("Hardware test"):
        sim.do("key", "2")
    sim.do("key", "confirm")
    assert sim.program.hardware_test is not None
    return sim


def test_each_station_and_each_colour_is_lit_long_enough_to_see_and_named_on_the_screen(tmp_path: Path) -> None:
    shown: list[tuple[dict[int, tuple[int, int, int]], str]] = []
    sim = start_the_test(tmp_path, shown)
    test = sim.program.hardware_test
    assert test is not None
    while not str(test.check.lines[-1]).startswith("Press every"):
        sim.runner.step(1)
    names = {rgb: name for name, rgb in COLOURS.items()}
    alone = [next(iter(frame)) for frame, _ in shown if len(frame) == 1]
    floods = [next(iter(frame.values())) for frame, _ in shown if len(frame) == 199]
    frames = {station: alone.count(station) for station in alone}
    assert sorted(frames) == list(range(1, 200)) and alone == sorted(alone), "every station is lit alone, in the wiring order"
    assert min(frames.values()) >= 3, f"a station lit for {min(frames.values())} frame(s) is a flicker, not a step one can see"
    assert [*dict.fromkeys(floods)] == list(COLOURS.values())
    assert min(floods.count(colour) for colour in COLOURS.values()) * FRAME_S >= 1.0
    # The screen says what the board shows, as it shows it (the screen is drawn after the lights are sent: one frame later).
    said = [line for _, line in shown[1:]]
    lit = [frame for frame, _ in shown[:-1]]
    for frame, line in zip(lit, said):
        if len(frame) == 1:
            ((station, colour),) = frame.items()
            assert line.startswith(f"Station {station} lit {names[colour]} ("), (frame, line)
        elif len(frame) == 199:
            assert line == f"Every station lit {names[next(iter(frame.values()))]}", line
    assert round(len(alone) * FRAME_S) == round(199 * WALK_S) and round(len(floods) * FRAME_S) == round(len(COLOURS) * COLOUR_S)


def test_confirm_skips_on_to_the_next_part(tmp_path: Path) -> None:
    sim = start_the_test(tmp_path)
    sim.runner.step(10)
    assert len(sim.window.frame) == 1
    sim.do("key", "confirm")  # the walk: on to the colours
    assert len(sim.window.frame) == 199 and set(sim.window.frame.values()) == {COLOURS["red"]}
    sim.do("key", "confirm")  # red: on to green
    assert set(sim.window.frame.values()) == {COLOURS["green"]}
    for _ in range(3):
        sim.do("key", "confirm")
    test = sim.program.hardware_test
    assert test is not None and str(test.check.lines[-1]).startswith("Press every station") and sim.window.frame == {}
    sim.do("click", "42")
    assert sim.window.frame == {42: COLOURS["green"]}


def test_the_hardware_test_speaks_korean_from_the_next_frame_and_every_line_fits(tmp_path: Path) -> None:
    sim = start_the_test(tmp_path)
    kit = sim.program.console.presenter.kit
    sim.runner.step(5)
    use("ko")  # a language chosen while the test runs: the next frame says all in it
    sim.runner.step(1)
    walking = list(kit.texts)
    assert walking[0] == "하드웨어 점검: 확인은 다음으로, 메뉴는 끝내기" and re.fullmatch(r"(\d+)번 역: 파란색 \(\1/199\)", walking[-1])
    for _ in range(5):
        sim.do("key", "confirm")  # through the colours to the listening
    sim.do("click", "42")
    sim.do("click", "42")
    shown = [*walking, *kit.texts]
    assert "42번 역 눌림 (다시)" in shown and kit.cut == []
    test = sim.program.hardware_test
    assert test is not None
    sim.do("key", "menu")
    sim.do("wait", "1")  # MENU counts once it is not the mute chord's
    assert test.done and str(test.summary) == "하드웨어 점검: 누르지 않은 버튼: 1-41, 43-199"
    assert english_left([*shown, str(test.summary)]) == []
