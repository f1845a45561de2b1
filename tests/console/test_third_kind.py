"""A third kind of game is one folder and one registration: hide and guess (``tests.support.toy``) at the console.

Registered beside Scotland Yard and Junior, and nothing else changed, it is
offered by the New game menu, played at the board, journaled, resumed after an
interruption, filed, listed in Past games, replayed and exported as text; its
own setting is set up, remembered, journaled and checked as the others' are; and
its hider is a person on the handheld as well as the computer: on the Pico's own
firmware and on the phone's page, neither changed for it (their code names no
kind of game: ``tests/firmware/test_kind_neutral.py``), in the words it sends.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from console.games import editions, find_kind
from console.program.config import parse_settings
from console.records.export import export_file
from console.records.history import filed, load_record_file
from console.records.preferences import PREFERENCES, load_preferences
from console.records.storage import HISTORY, JOURNAL
from console.settings import GameSettings
from engine import Side
from firmware import screens
from firmware.ui import WAITING, Ui
from hardware.config import ConfigError
from hardware.interfaces import Key, Message
from hardware.phone import PhoneLink
from tests.support.browser import eventually
from tests.support.program import Console
from tests.support.toy import EDITION, HIDING_PLACES, TOY, ToyFlow, register
from tests.support.toy.game import ROUNDS, Hide, ToyGame


@pytest.fixture(autouse=True)
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)


def deal_hide_and_guess(console: Console, hider: str = "the computer") -> ToyFlow:
    """New game; the edition row stepped back once, from the first edition to the last (hide and guess); the hider row
    stepped to *hider*; deal."""
    console.choose("New game")
    console.set("Edition", Key.CHOICE_3)
    assert console.values["Edition"] == "hide and guess"
    for _ in range(3):
        if console.values["The hider is"] == hider:
            break
        console.set("The hider is", Key.CHOICE_4)
    assert console.values["The hider is"] == hider
    console.choose("Deal the hiding places")
    flow = console.program.flow
    assert isinstance(flow, ToyFlow)
    return flow


def guess(console: Console, flow: ToyFlow, station: int) -> None:
    """The hider hides (the computer, at a tick), then the detectives press *station*."""
    for _ in range(5):
        if flow.ui.mode.value == "guess" or flow.over:
            break
        console.program.console.step()
    if not flow.over:
        console.table.press(station)


def test_the_registered_kind_is_an_edition_like_the_others() -> None:
    assert editions()[-1] == EDITION and find_kind(EDITION) is TOY


def test_a_third_kind_is_dealt_played_journaled_resumed_filed_replayed_and_exported(tmp_path: Path) -> None:
    console = Console(tmp_path, seed=7)
    flow = deal_hide_and_guess(console)
    game = flow.game
    assert isinstance(game, ToyGame) and console.program.status == "Playing a game"
    guess(console, flow, next(iter(set(range(1, 200)) - set(game.places))))  # not a hiding place: refused, the game goes on
    assert flow.ui.refused is not None and str(flow.ui.message).startswith("No: there is no station")
    assert len(game.actions) == 1

    console.program.close()  # the console is interrupted: a new one offers the game
    again = Console(tmp_path, seed=7)
    assert again.rows[0] == "Resume: hide and guess, round 1"
    again.choose("Resume")
    resumed = again.program.flow
    assert isinstance(resumed, ToyFlow) and resumed.game.actions == game.actions

    while not resumed.over:  # the detectives guess the first place each round
        guess(again, resumed, resumed.game.places[0])
    again.keys(Key.CONFIRM)
    assert again.program.flow is None and "filed" in again.message

    [path] = filed(tmp_path / HISTORY)
    kind, record = load_record_file(path)
    assert kind is TOY and isinstance(record, ToyGame) and record.actions == resumed.game.actions
    text = export_file(path).text
    assert text.startswith("Hide and guess\n") and all(str(move) in text for move in record.actions)

    again.choose("Past games")
    assert "hide and guess" in again.rows[0]
    again.keys(Key.CONFIRM)  # the newest game
    again.choose("Replay")
    assert again.program.playback is not None and again.program.status == "Replaying a past game"


def test_the_setup_moves_between_kinds_with_the_seats_chosen_so_far(tmp_path: Path) -> None:
    console = Console(tmp_path)
    console.choose("New game")
    console.set("Edition", Key.CHOICE_3)  # into hide and guess: its one seat is the hider's
    assert console.values["Edition"] == "hide and guess" and "Players" not in " ".join(console.values)
    assert console.values["The hider is"] == "a person, on the handheld"  # the seat chosen so far
    console.set("Edition", Key.CHOICE_4)  # and back out of it, to the first edition
    assert console.values["Edition"] == "reissue" and any(label.startswith("Players") for label in console.values)


def test_its_own_setting_is_set_up_dealt_remembered_journaled_and_resumed(tmp_path: Path) -> None:
    console = Console(tmp_path, seed=7)
    console.choose("New game")
    console.set("Edition", Key.CHOICE_3)
    assert console.values["Hiding places"] == "3"
    console.set("Hiding places", Key.CHOICE_4, Key.CHOICE_4)  # 3 -> 5
    console.choose("Deal the hiding places")
    flow = console.program.flow
    assert isinstance(flow, ToyFlow) and len(flow.game.places) == 5
    remembered, note = load_preferences(GameSettings(data_dir=str(tmp_path)))
    assert note == "" and remembered.edition == EDITION and HIDING_PLACES.of(remembered) == 5
    assert json.loads((tmp_path / PREFERENCES).read_text())["hiding_places"] == 5
    assert json.loads((tmp_path / JOURNAL).read_text().splitlines()[0])["event"]["settings"]["hiding_places"] == 5

    console.program.close()
    again = Console(tmp_path, seed=7)
    again.choose("Resume")
    sitting = again.program.sitting
    assert sitting is not None and HIDING_PLACES.of(sitting.opened.settings) == 5
    again.keys(Key.MENU)
    again.choose("Restart")
    again.keys(Key.CONFIRM)  # a new deal of the same settings
    restarted = again.program.flow
    assert isinstance(restarted, ToyFlow) and len(restarted.game.places) == 5


def test_the_config_file_sets_it_and_the_kind_checks_it() -> None:
    assert HIDING_PLACES.of(parse_settings(f'[game]\nedition = "{EDITION}"\nhiding_places = 4').game) == 4
    with pytest.raises(ConfigError, match=r"game\.hiding_places: 2 to 6, not 9"):
        parse_settings(f'[game]\nedition = "{EDITION}"\nhiding_places = 9')
    with pytest.raises(ConfigError, match=r"game\.hiding_places: must be a whole number, not 'many'"):
        parse_settings('[game]\nhiding_places = "many"')


class PicoHider:
    """A person hiding on the Pico: the firmware's own ``Ui``, which no kind of game was added to, pressed as he would (the
    place at *place* of the list each time); every page it showed is kept."""

    def __init__(self, place: int) -> None:
        self.now_ms = 0
        self.ui = Ui(lambda: self.now_ms)
        self.ui.set_connected(True)
        self.place = place
        self.pages: list[list[str]] = []

    def __call__(self, message: Message) -> list[Message]:
        assert self.ui.on_message(dict(message)) == [], message  # the console's every message is one the firmware reads
        self.pages.append(self.ui.lines())
        if message["type"] == "show" and self.ui.mode == WAITING:
            self.glance()
        if message["type"] != "ask":
            return []
        while not self.ui.awake or self.ui.notice is not None:
            self.press("ok")  # he wakes the handheld, or puts away the notice of his last hiding
        listed = [answer for _, answer in self.ui.rows if answer is not None]
        for _ in range(self.place % len(listed)):
            self.press("down")
        self.press("ok")
        return self.press("ok")

    def glance(self) -> None:
        """He looks at where he stands (his last hiding's notice put away), and at his log."""
        if self.ui.notice is not None:
            self.press("ok")
        self.press("right")
        self.press("left")

    def press(self, button: str) -> list[Message]:
        self.now_ms += 300
        sent = list(self.ui.on_button(button, self.now_ms))
        self.pages.append(self.ui.lines())
        return sent

    def shown(self, *lines: str) -> bool:
        """Whether a page showed these *lines*, one after another (each without its trailing spaces)."""
        return any([line.rstrip() for line in page[start:start + len(lines)]] == list(lines)
                   for page in self.pages for start in range(len(page)))


def test_a_person_hides_on_the_pico_in_the_kind_s_own_words(tmp_path: Path) -> None:
    hider = PicoHider(place=-1)
    console = Console(tmp_path, seed=7, far_end=hider)
    flow = deal_hide_and_guess(console, "a person, on the handheld")
    game = flow.game
    first, *others = game.places
    last = others[-1]
    while not flow.over:
        guess(console, flow, first)  # the detectives guess the first place; he hides in the last, each round
    assert game.winner is Side.MISTER_X and [move for move in game.actions if isinstance(move, Hide)] == [Hide(last)] * ROUNDS
    assert hider.shown("Round 1", "hide at:", f"> {first}", *(f"  {station}" for station in others))  # his list
    assert hider.shown("Round 1", "", f"Hide at {last}?")  # the confirm screen
    assert hider.shown(f"Hide at {last}", "", "sending...")
    assert hider.shown(f"Round {ROUNDS}", "", "", "", screens.centred(f"hid at {last}"))  # where he stands, between turns
    assert hider.shown("Log      3 moves", " 1 hide  " + str(last), " 2 hide  " + str(last), " 3 hide  " + str(last))  # his log
    assert hider.pages[-1][0] == "Game over"


def test_a_person_hides_on_a_phone_in_the_kind_s_own_words(tmp_path: Path, browser: WebDriver) -> None:
    links: list[PhoneLink] = []

    def phone() -> PhoneLink:
        links.append(PhoneLink("127.0.0.1", 0))
        return links[-1]

    console = Console(tmp_path, seed=7, phone=phone, far_end=None)
    flow = deal_hide_and_guess(console, "a person, on a phone")
    game = flow.game
    pump = console.program.console.step
    browser.get(links[-1].url)  # the hider scans the code on the console's screen
    try:
        eventually(lambda: links[-1].connected and not flow.paused, "the phone is paired and the game goes on", pump)
        while not flow.over:
            def offered() -> list[str]:
                for dismiss in browser.find_elements(By.CSS_SELECTOR, '[data-action="dismiss"]'):  # his last hiding's notice
                    with contextlib.suppress(StaleElementReferenceException):
                        dismiss.click()
                return [str(button.get_attribute("data-choice")) for button in browser.find_elements(By.CSS_SELECTOR, "[data-choice]")]

            assert eventually(offered, "the phone lists the places", pump) == [f"H{station}" for station in game.places]
            body = browser.find_element(By.TAG_NAME, "body").text
            assert f"Round {game.round}" in body and "HIDE AT:" in body
            browser.find_element(By.CSS_SELECTOR, f'[data-choice="H{game.places[-1]}"]').click()
            eventually(lambda: f"Hide at {game.places[-1]}?" in browser.find_element(By.TAG_NAME, "body").text,
                       f"his question, round {game.round}: " + browser.find_element(By.TAG_NAME, "body").text, pump)
            browser.find_element(By.CSS_SELECTOR, '[data-action="send"]').click()
            eventually(lambda: flow.over or flow.ui.mode.value == "guess", "the console plays his hiding", pump)
            guess(console, flow, game.places[0])
        assert game.winner is Side.MISTER_X
        eventually(lambda: "Game over" in browser.find_element(By.TAG_NAME, "body").text, "the phone shows the end", pump)
        assert not any(links[-1].counters.values()), links[-1].counters
    finally:
        browser.get("about:blank")
