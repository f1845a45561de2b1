"""A whole game with Mister X on his phone: the console on the fake profile, the real phone link, the page in headless Chromium.

The people at the board play the detectives (``tests.support.players``); Mister
X scans the code (opens its URL), then plays every turn by tapping the page: a
black ticket, a double move, a reload of the page in the middle of a turn, and
otherwise the first move listed, until the game ends on his phone too.
"""

from __future__ import annotations

from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from console.games.classic.model import Mode
from console.program.program import Program
from console.settings import GameSettings, Seat
from hardware.interfaces import Key
from hardware.phone import PhoneLink
from tests.support.browser import eventually
from tests.support.players import StepClock, Table
from tests.support.program import fake_hardware

MAX_ACTIONS = 5000


def test_mister_x_plays_a_whole_game_on_his_phone(tmp_path: Path, browser: WebDriver) -> None:
    links: list[PhoneLink] = []

    def phone() -> PhoneLink:
        links.append(PhoneLink("127.0.0.1", 0))
        return links[-1]

    hardware = fake_hardware(None)  # no Pico: nothing answers on the handheld's cable
    program = Program(hardware, GameSettings(data_dir=str(tmp_path), edition="classic", players=3, mister_x=Seat.PHONE),
                      clock=StepClock(), sleep=lambda seconds: None, timestamp=lambda: "filed", seed=0, think_inline=True, phone=phone)
    table = Table(program.console)
    table.key(Key.CONFIRM)  # New game
    table.key(Key.CONFIRM)  # deal, as the settings say
    flow = program.flow
    assert flow is not None and links and not links[-1].paired
    link = links[-1]

    def pump() -> None:
        program.console.step()

    def tap(selector: str) -> None:
        eventually(lambda: browser.find_elements(By.CSS_SELECTOR, selector), f"{selector} on the phone", pump)
        browser.find_element(By.CSS_SELECTOR, selector).click()

    def legs() -> list[str]:
        def listed() -> list[str]:
            return [str(button.get_attribute("data-leg")) for button in browser.find_elements(By.CSS_SELECTOR, "[data-leg]")]

        return eventually(listed, "the phone lists his moves", pump)

    browser.get(link.url)  # Mister X scans the code on the console's screen
    eventually(lambda: link.paired and link.connected, "the phone is paired", pump)
    played = {"black": False, "double": False, "reload": False}
    for _ in range(MAX_ACTIONS):
        if flow.over:
            break
        if flow.ui.mode is not Mode.MISTER_X or not flow.asking:
            table.act()
            continue
        made = flow.game.moves_made
        if not played["reload"] and made == 2:
            browser.refresh()  # the page reloads in the middle of his turn: it pairs again and asks again
            played["reload"] = True
        offered = legs()
        black = [leg for leg in offered if leg.startswith("X")]
        if not played["double"] and made >= 3 and browser.find_elements(By.CSS_SELECTOR, '[data-action="double"]'):
            tap('[data-action="double"]')
            tap(f'[data-leg="{offered[0]}"]')
            tap('[data-action="send"]')
            eventually(lambda: "2nd" in browser.find_element(By.TAG_NAME, "body").text, "the second leg is asked", pump)
            tap(f'[data-leg="{legs()[0]}"]')
            tap('[data-action="send"]')
            played["double"] = True
        else:
            leg = black[0] if black and not played["black"] else offered[0]
            played["black"] = played["black"] or leg.startswith("X")
            tap(f'[data-leg="{leg}"]')
            tap('[data-action="send"]')
        eventually(lambda made=made: flow.game.moves_made > made or flow.over, "the console plays the phone's move", pump)
        for dismiss in browser.find_elements(By.CSS_SELECTOR, '[data-action="dismiss"]'):
            dismiss.click()
    assert flow.over, "the game did not end"
    assert all(played.values()), played
    assert any(entry.ticket.name == "BLACK" for entry in flow.game.public_view().log)
    assert any(entry.double for entry in flow.game.public_view().log)
    eventually(lambda: "game over" in browser.find_element(By.TAG_NAME, "body").text.lower(), "the phone shows the end", pump)
    assert link.counters and not any(link.counters.values()), link.counters  # nothing dropped: one honest phone
    table.key(Key.CONFIRM)  # seen the end: filed, and the phone's server is closed
    assert program.flow is None
    program.close()
    hardware.close()
