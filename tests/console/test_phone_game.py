"""A whole game with Mister X on his phone: the console on the fake profile, the real phone link, the page in headless Chromium.

The people at the board play the detectives (``tests.support.players``); Mister
X scans the code (opens its URL), then plays every turn by tapping the page: a
black ticket, a double move, a reload of the page in the middle of a turn, his
page gone in the detectives' turn (they play on; his turn waits, showing the
code, until he opens it again), the console restarted in the middle of the game
(the same page comes back by itself, no new scan), and otherwise the first move
listed, until the game ends on his phone too.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from urllib.parse import urlsplit

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from console.games.classic.model import Mode
from console.program.program import Program
from console.settings import GameSettings, Seat
from hardware.interfaces import Hardware, Key
from hardware.phone import PhoneLink
from tests.support.browser import eventually
from tests.support.players import StepClock, Table
from tests.support.program import fake_hardware

MAX_ACTIONS = 5000
BACK = "Mister X: your phone is not connected. Open its page again, or scan this with the same phone."


def test_mister_x_plays_a_whole_game_on_his_phone(tmp_path: Path, browser: WebDriver) -> None:
    links: list[PhoneLink] = []

    def phone() -> PhoneLink:
        """The phone game's link, on the port the first one took (a restarted console serves the page where it was)."""
        links.append(PhoneLink("127.0.0.1", urlsplit(links[0].url).port or 0 if links else 0))
        return links[-1]

    def console() -> tuple[Program, Hardware, Table]:
        hardware = fake_hardware(None)  # no Pico: nothing answers on the handheld's cable
        program = Program(hardware, GameSettings(data_dir=str(tmp_path), edition="classic", players=3, mister_x=Seat.PHONE),
                          clock=StepClock(), sleep=lambda seconds: None, timestamp=lambda: "filed", seed=0, think_inline=True,
                          phone=phone)
        return program, hardware, Table(program.console)

    program, hardware, table = console()
    table.key(Key.CONFIRM)  # New game
    table.key(Key.CONFIRM)  # deal, as the settings say
    assert program.flow is not None and links and not links[-1].paired

    def pump() -> None:
        program.console.step()

    def tap(selector: str) -> None:
        def tapped() -> bool:
            try:
                browser.find_element(By.CSS_SELECTOR, selector).click()
            except (NoSuchElementException, StaleElementReferenceException):  # not yet, or the page drew its screen anew
                return False
            return True

        eventually(tapped, f"{selector} on the phone", pump)

    def legs() -> list[str]:
        def listed() -> list[str]:
            for dismiss in browser.find_elements(By.CSS_SELECTOR, '[data-action="dismiss"]'):  # his last move's notice
                with contextlib.suppress(StaleElementReferenceException):  # gone already
                    dismiss.click()
            return [str(button.get_attribute("data-choice")) for button in browser.find_elements(By.CSS_SELECTOR, "[data-choice]")]

        return eventually(listed, "the phone lists his moves", pump)

    def on_screen() -> list[str]:
        pump()
        return program.console.presenter.kit.texts

    url = links[-1].url
    browser.get(url)  # Mister X scans the code on the console's screen
    eventually(lambda: links[-1].paired and links[-1].connected, "the phone is paired", pump)
    played = dict.fromkeys(("black", "double", "reload", "away", "restart"), False)
    for _ in range(MAX_ACTIONS):
        flow = program.flow
        assert flow is not None
        if flow.over:
            break
        made = flow.game.moves_made
        if flow.ui.mode is Mode.DETECTIVES and made >= 2 and not played["away"]:
            browser.get("about:blank")  # his phone sleeps in the detectives' turn: the page is gone
            while flow.ui.mode is not Mode.PAUSED:
                assert flow.ui.mode in (Mode.DETECTIVES, Mode.CHOOSE_TICKET, Mode.MISTER_X), flow.ui.mode  # they play on
                table.act()
            assert flow.game.moves_made == made and BACK in on_screen() and url in "".join(on_screen())  # his turn shows the code
            browser.get(url)  # he opens the page again (or scans the code): the same phone, no new pairing
            eventually(lambda flow=flow: not flow.paused, "his turn goes on", pump)  # type: ignore[misc]
            played["away"] = True
        if flow.ui.mode is Mode.DETECTIVES and made >= 5 and not played["restart"]:
            program.close()  # the power went in the middle of the game
            hardware.close()
            program, hardware, table = console()
            table.key(Key.CONFIRM)  # Resume
            assert program.flow is not None and program.flow.game.moves_made == made
            assert links[-1].url == url and links[-1].paired  # the same code, the same phone: no scan
            eventually(lambda: links[-1].connected, "the page comes back by itself", pump)
            played["restart"] = True
            continue
        if flow.ui.mode is not Mode.MISTER_X or not flow.asking:
            table.act()
            continue
        if not played["reload"] and made == 2:
            browser.refresh()  # the page reloads in the middle of his turn: it pairs again and asks again
            played["reload"] = True
        offered = legs()
        black = [leg for leg in offered if leg.startswith("X")]
        if not played["double"] and made >= 3 and browser.find_elements(By.CSS_SELECTOR, '[data-action="option"]'):
            tap('[data-action="option"]')
            tap(f'[data-choice="{offered[0]}"]')
            tap('[data-action="send"]')
            eventually(lambda: "2nd" in browser.find_element(By.TAG_NAME, "body").text, "the second leg is asked", pump)
            tap(f'[data-choice="{legs()[0]}"]')
            tap('[data-action="send"]')
            played["double"] = True
        else:
            leg = black[0] if black and not played["black"] else offered[0]
            played["black"] = played["black"] or leg.startswith("X")
            tap(f'[data-choice="{leg}"]')
            tap('[data-action="send"]')
        eventually(lambda flow=flow, made=made: flow.game.moves_made > made or flow.over,  # type: ignore[misc]
                   "the console plays the phone's move", pump)
    flow = program.flow
    assert flow is not None and flow.over, "the game did not end"
    assert all(played.values()), played
    assert any(entry.ticket.name == "BLACK" for entry in flow.game.public_view().log)
    assert any(entry.double for entry in flow.game.public_view().log)
    eventually(lambda: "game over" in browser.find_element(By.TAG_NAME, "body").text.lower(), "the phone shows the end", pump)
    for link in links:
        assert link.counters and not any(link.counters.values()), link.counters  # nothing dropped: one honest phone
    table.key(Key.CONFIRM)  # seen the end: filed, and the phone's server is closed
    assert program.flow is None
    program.close()
    hardware.close()
