"""The console's language as a setting: Settings and the game menu switch every word at once, nothing of the game changes,
and the choice is remembered; every menu of the program, and what it says aloud, in Korean."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import nullcontext
from pathlib import Path

import pytest

from console.records.preferences import load_preferences
from console.settings import GameSettings
from console.table.sounds import Event, News, Sounds
from hardware.drivers.audio import FakeSpeaker
from hardware.drivers.handheld import MemoryHandheldLink
from hardware.interfaces import Key
from language import current, p_, use
from tests.support.program import Console

PROPER = {"USB", "English", "FAT32", "exFAT", "ext4"}
"""Words that stay as they are in Korean: the stick's kind, the language's own name, file systems."""
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]{2,}")


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    use("en")
    yield
    use("en")


def english_words(texts: list[str]) -> list[str]:
    """The words of *texts* that are English (three letters or more, not a proper word)."""
    return [f"{word} in {text!r}" for text in texts for word in _WORD.findall(text) if word not in PROPER]


def frame(console: Console) -> list[str]:
    """Every text of the next frame, each fitting its box."""
    console.program.console.step()
    kit = console.program.console.presenter.kit
    assert kit.cut == []
    return list(kit.texts)


def switch_to_korean(console: Console) -> None:
    """In the open menu: step the Language row on to Korean."""
    console.set("Language")
    while current() != "ko":
        console.keys(Key.CHOICE_4)


def test_the_game_menu_switches_every_word_to_korean_at_once_and_nothing_of_the_game(tmp_path: Path) -> None:
    console = Console(tmp_path)
    console.deal_and_place()
    flow = console.program.flow
    assert flow is not None
    journal = (tmp_path / "game.journal").read_bytes()
    game, ui = flow.game.position(), flow.ui
    console.keys(Key.MENU)
    assert console.values["Language"] == "English"
    switch_to_korean(console)
    assert english_words(frame(console)) == [] and console.values["언어"] == "한국어"  # the menu itself, on its next frame
    console.keys(Key.UNDO)  # back to the game
    assert console.program.menu is None and console.program.flow is flow
    assert english_words(frame(console)) == []
    assert flow.game.position() == game and flow.ui is ui and (tmp_path / "game.journal").read_bytes() == journal
    use("en")
    assert "Red" in " ".join(frame(console))  # the same game, in English again


def test_the_language_chosen_in_settings_is_remembered_after_a_restart(tmp_path: Path) -> None:
    console = Console(tmp_path)
    console.choose("Settings")
    switch_to_korean(console)
    console.keys(Key.UNDO)  # done: remembered
    assert english_words(frame(console)) == []
    use("en")
    remembered, note = load_preferences(GameSettings(data_dir=str(tmp_path)))
    assert note == "" and remembered.language == "ko"
    use(remembered.language)  # as the command line does at start
    again = Console(tmp_path, language=remembered.language)
    again.choose("설정")
    assert again.values["언어"] == "한국어" and english_words(frame(again)) == []


def test_a_resumed_game_keeps_the_console_s_language_not_the_one_it_was_dealt_in(tmp_path: Path) -> None:
    first = Console(tmp_path)
    first.deal_and_place()
    first.keys(Key.MENU)
    first.choose("Leave")
    first.choose("Settings")
    switch_to_korean(first)
    first.keys(Key.UNDO)
    first.keys(Key.CONFIRM)  # 이어하기: the game goes on, in Korean
    assert first.program.flow is not None and first.program.settings.language == "ko"
    first.keys(Key.MENU)
    first.choose("새로 배치해 다시 시작")
    first.keys(Key.CONFIRM)
    assert first.program.settings.language == "ko" and english_words(frame(first)) == []


def every_menu(console: Console) -> Iterator[str]:
    """Open each of the program's menus in turn (its name, for the failure), Korean in use."""
    yield "start"
    console.choose("새 게임")
    yield "new game"
    console.keys(Key.UNDO)
    console.choose("설정")
    yield "settings"
    console.set("USB 스틱에서 복원", Key.CONFIRM)
    yield "restore without a stick"
    console.keys(Key.UNDO)
    console.choose("게임 배우기")
    yield "learn to play"
    console.keys(Key.UNDO)
    console.table.press(42)
    yield "a press on the board"
    console.hardware.power.press()  # type: ignore[attr-defined]
    yield "the power button's question"
    console.keys(Key.UNDO)
    console.choose("새 게임")
    console.keys(Key.CONFIRM)  # deal
    for _, station in console.program.flow.ui.to_place:  # type: ignore[union-attr]
        console.table.press(station)
    console.keys(Key.MENU)
    yield "game menu"
    console.choose("나가기")
    yield "left: the start menu offers it"
    console.choose("새 게임")
    console.keys(Key.CONFIRM)
    yield "a new game over the kept one"


def test_every_menu_of_the_program_is_korean_and_fits(tmp_path: Path) -> None:
    use("ko")
    console = Console(tmp_path)
    console.program.stick = lambda: nullcontext(None)
    for name in every_menu(console):
        texts = frame(console)
        assert english_words(texts) == [], name


def test_the_handheld_unplugged_in_a_korean_game_says_so_in_korean(tmp_path: Path) -> None:
    console = Console(tmp_path)
    console.deal_and_place()
    use("ko")
    link = console.hardware.handheld
    assert isinstance(link, MemoryHandheldLink)
    link.unplug()
    for _ in range(40):  # past the time a handheld counts as gone
        texts = frame(console)
    assert english_words(texts) == []


def test_announcements_are_spoken_in_the_language_in_use_when_they_are_heard() -> None:
    speaker = FakeSpeaker()
    sounds = Sounds(speaker)
    sounds.apply(GameSettings(spoken=True))
    news = [News(Event.REVEAL, p_("handheld", "The lesson is over"))]
    sounds.hear(news)
    use("ko")
    sounds.hear(news)
    assert speaker.said == [("The lesson is over.", "en"), ("수업이 끝났습니다.", "ko")]
