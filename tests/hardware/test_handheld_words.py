"""The handheld's words name its keys as the keys are labelled: on the device's screens and on the simulator's pane,
in English and in Korean."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pygame
import pytest

from console.games.classic import talk
from console.games.handheld import Screen, Talk
from firmware import fake_hw, screens
from firmware import language as firmware_language
from hardware.sim.handheld import BUTTONS, GLASS, SCALE, WIDTH, SimHandheld, handheld_in_pane
from hardware.sim.script import ManualClock, ScriptRunner, parse_script
from language import Text, use
from language.handheld_font import pixels
from tests.support.handheld_console import ScenarioConsole
from tests.support.handheld_scenarios import MOVES, TICKETS, english_words


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    use("en")
    firmware_language.use("en")


def labels(language: str) -> set[str]:
    """The words on the pane's keys in *language* (the device's buttons carry the same)."""
    return {label.to(language) if isinstance(label, Text) else label for _, label, _, _ in BUTTONS}


def keys_named(line: str) -> list[str]:
    """The keys a hint line names: ``"OK=send Hide=no"`` -> ``["OK", "Hide"]``; ``"<>=log"`` names ``<`` and ``>``."""
    named = []
    for key in re.findall(r"(\S+?)=", line):
        named += ["<", ">"] if key == "<>" else ["^", "v"] if key == "^v" else [key]
    return named


@pytest.mark.parametrize("language", ["en", "ko"])
def test_every_key_a_screen_names_is_a_key_the_pane_shows(language: str) -> None:
    assert sorted(labels("en")) == sorted({"<", "^", "v", ">", "OK", "Hide"})
    firmware_language.use(language)
    hints = [screens.waiting("Round 4   at 117", [("taxi", 3)], [], "", True)[0][-1],
             screens.confirm("Round 4   at 117", "Bus to 108?", None, False, "")[0][-1],
             screens.lesson(["a lesson"], 0)[0][0].split()[-1]]
    for hint in hints:
        assert keys_named(hint) and set(keys_named(hint)) <= labels(language), hint


def test_the_simulated_handheld_shows_the_key_words_on_its_screen() -> None:
    """Mister X's confirm screen in the pane: its last line is "OK=send Hide=no" in the OLED's pixels, beside a key labelled Hide."""
    pygame.font.init()
    clock = [0.0]
    handheld = handheld_in_pane(lambda: clock[0])
    pane = handheld.pane
    assert pane is not None
    device = pane.handheld
    for message in ScenarioConsole().choose_move():
        assert device.ui.on_message(message) == []
    device.press("ok")  # the first move: "Taxi to 116?"
    device.step()
    assert device.ui.lines()[-1] == "OK=send Hide=no"
    expected = fake_hw.FakeDisplay()
    expected.text("OK=send Hide=no", 0, 7 * screens.GLYPH, 1)
    shown = device.display
    rows = range(7 * screens.GLYPH, 8 * screens.GLYPH)
    assert [[shown.pixel(x, y) for x in range(WIDTH)] for y in rows] == [[expected.pixel(x, y) for x in range(WIDTH)] for y in rows]
    assert any(expected.pixel(x, y) for x in range(WIDTH) for y in rows)
    surface = pygame.Surface(pane.size)
    pane.draw(surface)
    oled = pane._screen
    scale = pane.scale
    lit = [surface.get_at((oled.x + x * scale + scale // 2, oled.y + y * scale + scale // 2))[:3] != (4, 5, 8)
           for y in rows for x in range(WIDTH)]
    assert lit == [bool(expected.pixel(x, y)) for y in rows for x in range(WIDTH)], "the pane shows the device's pixels"
    assert [str(label) for name, label, _, _ in BUTTONS if name == "back"] == ["Hide"]


def pump(handheld: SimHandheld, clock: list[float], steps: int = 5) -> None:
    """Let the console's link and the handheld pane run *steps* frames of 10 ms."""
    assert handheld.pane is not None
    for _ in range(steps):
        clock[0] += 0.01
        handheld.link.receive()
        handheld.pane.step()


def test_the_pane_speaks_the_console_s_language_and_follows_a_change_mid_game() -> None:
    """In Korean the OLED shows Hangul (the firmware's pixels), the keys are labelled as its words name them, and the
    pane is drawn again when the console goes back to English."""
    pygame.font.init()
    clock = [0.0]
    handheld = handheld_in_pane(lambda: clock[0])
    pane = handheld.pane
    assert pane is not None
    use("ko")
    pump(handheld, clock)
    device = pane.handheld
    assert device.language == "ko"
    said = Talk(handheld.link, talk.VOCABULARIES[Screen.HANDHELD])  # the console's side, as a seat holds it
    said.say(talk.turn(4, 117, TICKETS, MOVES, True, False))
    pump(handheld, clock)
    device.press("ok")
    pump(handheld, clock)
    lines = device.ui.lines()
    assert lines[2] == "택시로 116번 역?" and lines[-1] == "확인=전송 숨김=취소" and english_words(lines) == []
    surface = pygame.Surface(pane.size)
    pane.draw(surface)
    assert not pane.changed
    oled = pane._screen
    scale = pane.scale
    top = firmware_language.metric("TOP") + 2 * firmware_language.metric("LINE")  # the third line's 12x12 cells
    cell = {(y, x) for y in range(12) for x in range(12) if surface.get_at((oled.x + x * scale, oled.y + (top + y) * scale))[:3] != GLASS}
    assert cell == pixels(firmware_language.glyph("택"))
    assert {"확인", "숨김"} <= labels(device.language)
    use("en")
    said.keep_up()  # the console's words follow it: the seat keeps up every frame
    pump(handheld, clock)
    assert pane.changed and device.ui.lines()[2] == "Taxi to 116?" and device.language == "en"


def test_a_script_presses_the_hide_key_by_its_word() -> None:
    pressed: list[str] = []
    runner = ScriptRunner(None, ManualClock(), None, lambda: None, press_handheld=pressed.append)  # type: ignore[arg-type]
    runner.run(parse_script("handheld hide\nhandheld back\nhandheld ok", range(1, 200)))
    assert pressed == ["back", "back", "ok"]  # Hide is the firmware's "back"; old scripts' "back" still works


@pytest.mark.parametrize("language", ["en", "ko"])
@pytest.mark.parametrize("scale", range(1, SCALE + 1))
def test_the_pane_s_keys_and_their_shortcuts_never_run_into_each_other(language: str, scale: int) -> None:
    """Korean names the arrows' keys in longer words ("오른쪽" beside "스페이스"): the shortcuts' type shrinks to fit."""
    pygame.font.init()
    pane = handheld_in_pane(ManualClock()).pane
    assert pane is not None
    firmware_language.use(language)
    assert pane.handheld.language == language
    pane.fit((WIDTH * scale + 4 * scale + 4, 10_000))
    assert pane.scale == scale
    assert pane.overlapping_words() == []
