"""A screen of Settings' own is one class and one line: a ``SettingsPage``, and its line in ``settings_menu.PAGES``.

``Loudness`` below is such a screen, added the way a maintainer adds one: its
class (its title, what its message bar says, its rows) and the one line that
registers it. Nothing else changes, and the program offers it, opens it, and
remembers what it changed.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from console.program import settings_menu
from console.program.rows import OFF_ON
from console.program.settings_menu import SettingsPage
from console.records.preferences import PREFERENCES
from console.settings import VOLUME_STEPS
from console.table.menu import Row, Setting
from hardware.drivers.audio import FakeSpeaker
from hardware.interfaces import Key
from language import plain
from tests.support.program import Console


class Loudness(SettingsPage):
    """How loud the console is, and whether it speaks: its own screen."""

    title = plain("Loudness")
    about = plain("How loud the console is")

    def rows(self, changed: Callable[[str, Any], None]) -> list[Row]:
        return [Setting("volume", plain("Volume"), tuple(range(VOLUME_STEPS + 1)), (), changed),
                Setting("spoken", plain("Spoken announcements"), (False, True), OFF_ON, changed)]


@pytest.fixture(autouse=True)
def loudness(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(settings_menu, "PAGES", (*settings_menu.PAGES, Loudness))  # the one line


def test_a_page_added_in_one_class_and_one_line_is_offered_opened_and_remembered(tmp_path: Path) -> None:
    console = Console(tmp_path)
    console.choose("Settings")
    assert console.rows[-2:] == ["Loudness", "Done"]
    console.choose("Loudness")
    menu = console.program.menu
    assert menu is not None and str(menu.title) == "Loudness" and console.message == "How loud the console is"
    assert console.values == {"Volume": "7", "Spoken announcements": "off", "Back": ""}
    speaker = console.hardware.speaker
    assert isinstance(speaker, FakeSpeaker)
    loud = speaker.volume
    console.set("Volume", Key.CHOICE_3, Key.CHOICE_3)
    console.set("Spoken", Key.CHOICE_4)
    assert speaker.volume < loud  # the choice holds at once
    assert console.program.settings.volume == 5 and console.program.settings.spoken

    console.keys(Key.UNDO)  # back to Settings, on the page's row, its rows showing the page's choices
    menu = console.program.menu
    assert menu is not None and str(menu.title) == "Settings" and str(menu.current.label) == "Loudness"
    assert console.values["Volume"] == "5" and console.values["Spoken announcements"] == "on"
    console.choose("Done")
    saved = json.loads((tmp_path / PREFERENCES).read_text())
    assert (saved["volume"], saved["spoken"]) == (5, True)


def test_its_back_row_goes_back_as_undo_does(tmp_path: Path) -> None:
    console = Console(tmp_path)
    console.choose("Settings")
    console.choose("Loudness")
    console.choose("Back")
    menu = console.program.menu
    assert menu is not None and str(menu.title) == "Settings" and str(menu.current.label) == "Loudness"
