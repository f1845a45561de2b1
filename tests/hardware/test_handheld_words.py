"""The handheld's words name its keys as the keys are labelled: on the device's screens and on the simulator's pane."""

from __future__ import annotations

import re

import pygame

from firmware import fake_hw, screens
from hardware.sim.handheld import BUTTONS, WIDTH, handheld_in_pane
from hardware.sim.script import ManualClock, ScriptRunner, parse_script
from tests.support.handheld_scenarios import choose_move

LABELS = {label for _, label, _, _ in BUTTONS}
"""The words on the pane's keys (the device's buttons carry the same)."""


def keys_named(line: str) -> list[str]:
    """The keys a hint line names: ``"OK=send Hide=no"`` -> ``["OK", "Hide"]``; ``"<>=log"`` names ``<`` and ``>``."""
    named = []
    for key in re.findall(r"(\S+?)=", line):
        named += ["<", ">"] if key == "<>" else ["^", "v"] if key == "^v" else [key]
    return named


def test_every_key_a_screen_names_is_a_key_the_pane_shows() -> None:
    assert sorted(LABELS) == sorted({"<", "^", "v", ">", "OK", "Hide"})
    hints = [screens.KEYS_WAITING, screens.KEYS_CONFIRM]
    pages = [screens.waiting(4, 117, {"taxi": 3}, [], True), screens.confirm("Round 4   at 117", [108, "bus"], False, False)]
    assert [page[0][-1] for page in pages] == hints
    for hint in hints:
        assert keys_named(hint) and set(keys_named(hint)) <= LABELS, hint


def test_the_simulated_handheld_shows_the_key_words_on_its_screen() -> None:
    """Mister X's confirm screen in the pane: its last line is "OK=send Hide=no" in the OLED's pixels, beside a key labelled Hide."""
    pygame.font.init()
    clock = [0.0]
    handheld = handheld_in_pane(lambda: clock[0])
    pane = handheld.pane
    assert pane is not None
    device = pane.handheld
    assert device.ui.on_message(choose_move()) == []
    device.press("ok")  # the first move: "Bus to 108?"
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
    assert [label for name, label, _, _ in BUTTONS if name == "back"] == ["Hide"]


def test_a_script_presses_the_hide_key_by_its_word() -> None:
    pressed: list[str] = []
    runner = ScriptRunner(None, ManualClock(), None, lambda: None, press_handheld=pressed.append)  # type: ignore[arg-type]
    runner.run(parse_script("handheld hide\nhandheld back\nhandheld ok", range(1, 200)))
    assert pressed == ["back", "back", "ok"]  # Hide is the firmware's "back"; old scripts' "back" still works
