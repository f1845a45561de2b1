"""The phone page (hardware/phone/static/) in a headless Chromium at phone size, against the console's end of the link.

Most tests pair the page with the console's own ``PhoneLink``. Those that need
frames the link never sends (forged, replayed, too big, bodies the console
cannot make) or a console that goes away and comes back talk to the page frame
by frame, with the server and channel the link is made of. The browser tests
skip where Chromium or its driver is missing.
"""

from __future__ import annotations

import asyncio
import base64
import json
import re
import secrets
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, Protocol

import aiohttp
import pytest
from nacl.public import PrivateKey
from nacl.secret import SecretBox
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from console.games.handheld import Screen
from firmware import messages
from hardware.phone.channel import MAX_FRAME, Channel, Dropped, key_text, padded
from hardware.phone.link import PhoneLink
from hardware.phone.pairing import KEY_BYTES, NONCE_BYTES, Pairing, connection_key, field_key, key_field, new_key
from hardware.phone.server import STATIC, Closed, Frame, PhoneServer, Unread
from hardware.phone.words import COUNTED, FRAME, PAGE
from language import use
from tests.support.browser import eventually
from tests.support.handheld_console import ScenarioConsole

VECTORS = json.loads((Path(messages.__file__).parent / "message_vectors.json").read_text())

Message = dict[str, Any]

TICKETS = {"taxi": 4, "bus": 3, "underground": 3, "black": 5, "double": 2}
LOG = ["T10", "B34", "X46"]
MOVES = ["T116", "B108", "U88", "X115"]


class ConsoleEnd(Protocol):
    url: str
    inbox: list[Message]

    def send(self, body: Any) -> None: ...

    def pump(self) -> None:
        """Take in what the page sent (the console's ends read only when asked, as the console's loop does)."""


class LinkConsole:
    """The console's ``PhoneLink``, its messages from the phone gathered in ``inbox``."""

    def __init__(self) -> None:
        self.link = PhoneLink("127.0.0.1", 0)
        self.url = self.link.url
        self.inbox: list[Message] = []

    def pump(self) -> None:
        self.inbox.extend(dict(message) for message in self.link.receive())

    def send(self, message: Mapping[str, Any]) -> None:
        self.link.send(message)

    def tell(self, batch: list[dict[str, Any]]) -> None:
        """Send what the console says (``tests.support.handheld_console``), in order."""
        for message in batch:
            self.send(message)


class FrameConsole:
    """The console's end frame by frame: pairs the first phone that joins, tells any other it is taken, answers the paired
    phone's hellos, and sends what it is told under the connection's key.

    *port* and *pairing*: those of a console that went away and comes back (0 and None: a new one).
    """

    def __init__(self, port: int = 0, pairing: Pairing | None = None) -> None:
        self.pairing = pairing or Pairing.new()
        self.code = Channel(self.pairing.code_key, "console", ordered=False)
        self.server = PhoneServer("127.0.0.1", port)
        self.url = f"http://127.0.0.1:{self.server.port}/#k={key_text(self.pairing.code_key)}"
        self.inbox: list[Message] = []
        self.conn: int | None = None
        self.key: bytes | None = None
        """The connection's key, once the paired phone said hello."""
        self.channel: Channel | None = None
        """Opens the paired phone's frames on its connection, and remembers their seqs."""
        self.seq = 0
        self.joins: list[str] = []
        self.hellos: list[str] = []
        self.pings = 0
        self.dropped: list[str] = []
        self.sent: list[str] = []
        """Every frame sent to the paired phone on its connection, in order."""

    @property
    def phone(self) -> str | None:
        return self.pairing.paired.phone_id if self.pairing.paired is not None else None

    def again(self) -> FrameConsole:
        """This console, gone and back on the same port with the same pairing (as a console restarted from its journal)."""
        self.server.close()
        return FrameConsole(self.server.port, self.pairing)

    def pump(self) -> None:
        for event in self.server.events():
            if isinstance(event, Frame):
                self._read(event)
            elif isinstance(event, Unread):
                self.dropped.append(event.reason)
            elif isinstance(event, Closed) and event.conn == self.conn:
                self.conn = self.channel = None

    def _read(self, frame: Frame) -> None:
        if frame.conn == self.conn and self.channel is not None:
            try:
                body = self.channel.open(frame.text).body
            except Dropped as drop:
                self.dropped.append(drop.reason)
                return
            if body == {"type": "ping"}:
                self.pings += 1
            else:
                self.inbox.append(body)
            return
        paired = self.pairing.paired
        channel = Channel(paired.session_key, "console", ordered=False) if paired is not None else self.code
        try:
            opened = channel.open(frame.text)
        except Dropped as drop:
            self.dropped.append(drop.reason)
            return
        if paired is None or opened.body["type"] == "join":
            self._join(frame.conn, opened.phone_id, opened.body)
        else:
            self._hello(frame.conn, opened.body)

    def _join(self, conn: int, phone_id: str, body: Message) -> None:
        self.joins.append(phone_id)
        key = field_key(body["key"], KEY_BYTES)
        if self.pairing.paired is None:
            self.pairing = self.pairing.pair(phone_id, key)
        paired = self.pairing.paired
        assert paired is not None
        if not self.pairing.is_paired_phone(phone_id, key):
            self.server.send(conn, self.code.seal({"type": "taken"}, phone_id))
            self.server.hang_up(conn)
            return
        self.server.send(conn, self.code.seal({"type": "session", "key": key_field(paired.console_key)}, phone_id))

    def _hello(self, conn: int, body: Message) -> None:
        paired = self.pairing.paired
        assert paired is not None and body["type"] == "hello"
        self.hellos.append(paired.phone_id)
        nonce = secrets.token_bytes(NONCE_BYTES)
        self.key = connection_key(paired.session_key, field_key(body["nonce"], NONCE_BYTES), nonce)
        self.conn, self.channel, self.seq = conn, Channel(self.key, "console"), 0
        answer = {"type": "paired", "language": "en", "nonce": key_field(nonce)}
        self.server.send(conn, Channel(paired.session_key, "console", ordered=False).seal(answer, paired.phone_id))

    def seal(self, body: object, *, sender: str = "console", phone: str | None = None, key: bytes | None = None,
             pad: bool = True) -> str:
        """A frame with the next seq carrying *body*, which may be anything (the channel seals only the console's messages)."""
        self.seq += 1
        plain = json.dumps({"from": sender, "seq": self.seq, "phone": phone or self.phone, "body": body}).encode()
        key = key or self.key
        assert key is not None, "no phone said hello"
        return base64.b64encode(bytes(SecretBox(key).encrypt(padded(plain) if pad else plain))).decode()

    def send(self, body: object) -> None:
        self.send_frame(self.seal(body))

    def tell(self, batch: list[dict[str, Any]]) -> None:
        for message in batch:
            self.send(message)

    def send_frame(self, frame: str) -> None:
        assert self.conn is not None, "no phone is connected"
        self.sent.append(frame)
        self.server.send(self.conn, frame)

    def close(self) -> None:
        self.server.close()


class Phone:
    """The page in the browser, read and tapped as Mister X would, with the console's end pumped while it waits."""

    def __init__(self, driver: WebDriver, console: ConsoleEnd) -> None:
        self.driver = driver
        self.console = console

    def open(self, url: str) -> None:
        self.driver.get(url)

    def wait(self, check: Callable[[], Any], what: str) -> Any:
        return eventually(check, what, self.console.pump)

    def text(self) -> str:
        """What the screen shows (visible text only)."""
        return str(self.driver.find_element(By.TAG_NAME, "body").text)

    def source_text(self) -> str:
        """All the text in the page, shown or not."""
        return str(self.driver.execute_script("return document.body.textContent"))

    def shows(self, *words: str) -> str:
        """Waits until the screen shows each of *words*; returns its text."""
        return str(self.wait(lambda: all(word in (text := self.text()) for word in words) and text, f"the screen shows {words}"))

    def tap(self, selector: str) -> None:
        """Tap *selector* once it is on the screen (found again if the page drew its screen anew in between)."""

        def tapped() -> bool:
            try:
                self.driver.find_element(By.CSS_SELECTOR, selector).click()
            except (NoSuchElementException, StaleElementReferenceException):
                return False
            return True

        self.wait(tapped, f"{selector} on the screen")

    def choices(self) -> list[str]:
        """The answers the list offers."""
        return [str(button.get_attribute("data-choice")) for button in self.driver.find_elements(By.CSS_SELECTOR, "[data-choice]")]

    def send(self, choice: str) -> None:
        """Pick *choice* on the list and send it from the confirm screen."""
        self.tap(f'[data-choice="{choice}"]')
        self.tap('[data-action="send"]')

    def answer(self) -> Message:
        """The one message the page sent the console."""
        self.wait(lambda: self.console.inbox, "a message from the page")
        assert len(self.console.inbox) == 1, self.console.inbox
        return self.console.inbox.pop()

    def pairs(self) -> None:
        self.open(self.console.url)
        self.shows("Waiting for the console", "Connected.")


@pytest.fixture
def said() -> ScenarioConsole:
    """What the console says to the phone, in the phone page's words."""
    return ScenarioConsole(screen=Screen.PHONE)


@pytest.fixture
def console() -> Iterator[LinkConsole]:
    end = LinkConsole()
    yield end
    end.link.close()


@pytest.fixture
def frames() -> Iterator[FrameConsole]:
    end = FrameConsole()
    yield end
    end.close()


def _phone(browser: WebDriver, console: ConsoleEnd) -> Iterator[Phone]:
    page = Phone(browser, console)
    page.pairs()
    yield page
    while len(browser.window_handles) > 1:  # a test opened a second tab
        browser.close()
        browser.switch_to.window(browser.window_handles[0])
    browser.get("about:blank")  # the page lets go of its socket before its console closes


@pytest.fixture
def phone(browser: WebDriver, console: LinkConsole) -> Iterator[Phone]:
    """The page paired with the console's ``PhoneLink``."""
    yield from _phone(browser, console)


@pytest.fixture
def framed(browser: WebDriver, frames: FrameConsole) -> Iterator[Phone]:
    """The page paired with a console that talks frame by frame."""
    yield from _phone(browser, frames)


# ------------------------------------------------------------ the files


def test_the_page_loads_nothing_from_elsewhere_and_keeps_nothing() -> None:
    index = (STATIC / "index.html").read_text()
    assert sorted(re.findall(r'(?:src|href)="([^"]*)"', index)) == ["/app.js", "/nacl-fast.min.js", "/style.css", "data:,"]
    for name in ("index.html", "app.js", "style.css"):
        text = (STATIC / name).read_text()
        assert not re.search(r"https?://|//[a-z0-9.-]+\.[a-z]{2,}/|@import|url\(", text), name
    app = (STATIC / "app.js").read_text()
    assert "sessionStorage" not in app and "innerHTML" not in app and "eval(" not in app
    assert "released into the public domain" in (STATIC / "tweetnacl-LICENSE.txt").read_text()


def test_every_word_of_the_page_is_in_the_catalog_and_every_catalog_word_on_the_page() -> None:
    """``app.js`` says each message as ``t("...")`` (or ``counted("...", "...", n)``), in the English that ``PAGE`` lists."""
    app, index = (STATIC / "app.js").read_text(), (STATIC / "index.html").read_text()
    literal = r'"(?:[^"\\]|\\.)*"'
    said = {"".join(json.loads(part) for part in re.findall(literal, call))
            for call in re.findall(rf"\bt\(({literal}(?:\s*\+\s*{literal})*)", app)}
    counted = set(re.findall(rf"\bcounted\(({literal}), ({literal}),", app))
    assert all(f">{text.message}<" in index for text in FRAME)
    assert said | {text.message for text in FRAME} == {text.message for text in PAGE}
    assert {(json.loads(one), json.loads(many)) for one, many in counted} == {(text.message, text.plural) for text in COUNTED}


# ------------------------------------------------------------ pairing


def test_without_a_key_the_page_says_how_to_pair(browser: WebDriver, frames: FrameConsole) -> None:
    page = Phone(browser, frames)
    page.open(frames.url.split("#")[0])
    page.shows("scan the QR code on the console's screen")
    assert frames.hellos == []


def test_the_page_pairs_pings_and_keeps_only_who_it_is_in_its_local_storage(framed: Phone, frames: FrameConsole) -> None:
    assert re.fullmatch(r"[0-9a-f]{16}", frames.phone or "")
    framed.wait(lambda: frames.pings >= 2, "two pings")
    assert frames.joins == [frames.phone] and frames.hellos == [frames.phone]
    assert frames.dropped == []  # the channel drops a seq that is not greater than the last one
    assert framed.driver.execute_script("return window.sessionStorage.length") == 0
    stored = framed.driver.execute_script("return Object.keys(localStorage).map((name) => localStorage.getItem(name))")
    assert len(stored) == 1
    record = json.loads(stored[0])
    paired = frames.pairing.paired
    assert paired is not None and record["phone"] == frames.phone and set(record) == {"phone", "secret", "console"}
    assert base64.b64decode(record["console"]) == paired.console_key
    assert bytes(PrivateKey(base64.b64decode(record["secret"])).public_key) == paired.phone_key
    assert frames.url.split("#k=")[1] not in stored[0] and key_field(frames.pairing.code_key) not in stored[0]


def test_a_second_phone_is_told_the_game_is_taken(phone: Phone, console: LinkConsole, other_browser: WebDriver,
                                                  said: ScenarioConsole) -> None:
    other = Phone(other_browser, console)  # another phone: a browser of its own, nothing in common with the first
    try:
        other.open(console.url)
        other.shows("This game is already paired with another phone")
        assert console.link.counters["other_phone"] == 1
        other.driver.execute_script("return new Promise((done) => setTimeout(done, 1500))")  # time to try again, were it to
        other.wait(lambda: True, "")
        assert console.link.counters["other_phone"] == 1, "a phone told the game is taken stops"
    finally:
        other_browser.get("about:blank")
    console.tell(said.state())
    phone.shows("Wait for your turn")


def test_a_closed_tab_comes_back_in_a_new_tab_of_the_same_browser(phone: Phone, console: LinkConsole, said: ScenarioConsole) -> None:
    console.tell(said.choose_move(moves=MOVES))
    phone.shows("Round 4", "at 117")
    first = phone.driver.current_window_handle
    phone.driver.switch_to.new_window("tab")  # the browser discarded the tab; he opens the code's link again
    phone.open(console.url)
    phone.shows("Round 4", "at 117")
    assert phone.choices() == ["T116", "B108", "U88", "X115"]
    phone.driver.switch_to.window(first)
    phone.shows("The game goes on in another tab of this phone.")  # it stops, and does not take the game back
    phone.driver.close()
    phone.driver.switch_to.window(phone.driver.window_handles[0])
    phone.tap('[data-action="wake"]')  # it was behind the other tab: its secret went dark
    phone.send("B108")
    assert phone.answer() == messages.answer("B108")
    assert not any(console.link.counters.values())


def test_someone_with_the_code_but_not_the_session_key_is_dropped_and_counted(phone: Phone, console: LinkConsole,
                                                                              said: ScenarioConsole) -> None:
    """A bystander saw the QR code (so holds its key) and copies the paired phone's id from its join: he cannot play."""
    code = Channel(base64.urlsafe_b64decode(console.url.split("#k=")[1] + "="), "phone", ordered=False)
    paired = phone.driver.execute_script("return JSON.parse(Object.values(localStorage)[0]).phone")
    bystander = PrivateKey.generate()

    async def answer(socket: aiohttp.ClientWebSocketResponse) -> str:
        """The console's answer on *socket*, the console's loop polling its link meanwhile."""
        received = asyncio.create_task(socket.receive_str())
        while not received.done():
            console.pump()
            await asyncio.sleep(0.01)
        return received.result()

    async def attack() -> list[dict[str, Any]]:
        answers = []
        async with aiohttp.ClientSession() as session, session.ws_connect(console.url.split("#")[0] + "ws") as socket:
            await socket.send_str(code.seal({"type": "join", "key": key_field(bytes(bystander.public_key))}, paired))
            answers.append(code.open(await answer(socket)).body)
        async with aiohttp.ClientSession() as session, session.ws_connect(console.url.split("#")[0] + "ws") as socket:
            forged = {"from": "phone", "seq": 10**6, "phone": paired, "body": messages.answer("T116")}
            await socket.send_str(base64.b64encode(bytes(SecretBox(code_key).encrypt(padded(json.dumps(forged).encode())))).decode())
            await socket.close()
        return answers

    code_key = base64.urlsafe_b64decode(console.url.split("#k=")[1] + "=")
    assert asyncio.run(attack()) == [{"type": "taken"}]
    phone.wait(lambda: console.link.counters["no_session"] == 1, "the forged move counted")
    assert console.link.counters["other_phone"] == 1 and console.inbox == []
    console.tell(said.choose_move(moves=MOVES))
    phone.send("U88")
    assert phone.answer() == messages.answer("U88")


def test_the_page_reconnects_when_the_console_comes_back(framed: Phone, frames: FrameConsole, said: ScenarioConsole) -> None:
    frames.tell(said.state())
    framed.shows("Wait for your turn")
    back = frames.again()
    framed.shows("Reconnecting\u2026", "Not connected.")
    framed.console = back
    try:
        framed.wait(lambda: back.conn is not None, "a hello again")
        framed.wait(lambda: "Reconnecting" not in framed.text(), "the page is connected again")
        assert back.joins == [] and back.hellos == [frames.phone] and back.dropped == []  # the same phone, its keys kept
        back.tell(said.state(round=5, station=118))
        framed.shows("Round 5", "at 118")
    finally:
        framed.driver.get("about:blank")
        back.close()


def test_a_reload_mid_turn_pairs_again_and_rebuilds_the_screen(phone: Phone, console: LinkConsole, said: ScenarioConsole) -> None:
    console.tell(said.choose_move(moves=MOVES))
    phone.shows("Round 4")
    phone.driver.refresh()
    phone.shows("Round 4", "at 117")
    assert phone.choices() == ["T116", "B108", "U88", "X115"]
    assert not any(console.link.counters.values())  # the same phone, a new connection
    phone.send("T116")
    assert phone.answer() == messages.answer("T116")


# ------------------------------------------------------------ Mister X


def test_a_single_move(phone: Phone, console: LinkConsole, said: ScenarioConsole) -> None:
    console.tell(said.state())
    text = phone.shows("Round 4", "at 117", "Wait for your turn")
    assert "Taxi 4" in text and "Black 5" in text
    console.tell(said.choose_move(moves=MOVES))
    phone.shows("TAXI", "BUS", "UNDERGROUND", "BLACK")
    assert phone.choices() == ["T116", "B108", "U88", "X115"]
    assert "SEEN" not in phone.text()
    phone.tap('[data-choice="B108"]')
    phone.shows("Bus to 108?")
    phone.tap('[data-action="back"]')
    phone.tap('[data-choice="B108"]')
    phone.tap('[data-action="send"]')
    assert phone.answer() == messages.answer("B108")
    phone.shows("Sending\u2026")
    console.tell(said.accepted())
    phone.shows("Move sent", "Hide the phone")
    console.tell(said.state(station=108, tickets=dict(TICKETS, bus=2), log=[*LOG, "B108"]))  # where he stands now
    phone.tap('[data-action="dismiss"]')
    phone.shows("Wait for your turn", "at 108", "Bus 2")
    phone.tap('[data-action="log"]')
    phone.shows("4 moves")
    assert [row.text.split() for row in phone.driver.find_elements(By.CSS_SELECTOR, ".log li")][-1] == ["4", "Bus", "108"]


def test_a_double_move_with_a_black_ticket_and_a_reveal(phone: Phone, console: LinkConsole, said: ScenarioConsole) -> None:
    console.tell(said.choose_move(moves=MOVES))
    phone.tap('[data-action="option"]')
    phone.shows("Pick the first of two moves")
    phone.tap('[data-choice="X115"]')
    phone.shows("Black to 115?", "First of a double move")
    phone.tap('[data-action="send"]')
    assert phone.answer() == messages.answer("X115", True)
    console.tell(said.second_leg("X115", ["T127", "B108"], True))
    text = phone.shows("2nd move", "at 115", "SEEN by all!")
    assert "Black 4" in text and "Double 1" in text
    assert phone.choices() == ["T127", "B108"]
    assert not phone.driver.find_elements(By.CSS_SELECTOR, '[data-action="option"]')
    phone.tap('[data-choice="T127"]')
    phone.shows("Taxi to 127?", "SEEN by all!")
    assert "double move" not in phone.text()
    phone.tap('[data-action="send"]')
    assert phone.answer() == messages.answer("T127")
    console.tell(said.accepted([127]))
    phone.shows("Move sent", "Seen at 127!")
    console.tell(said.state(station=127, tickets=dict(TICKETS, taxi=3, black=4, double=1), log=[*LOG, "X115", "T127"], seen=[127]))
    phone.tap('[data-action="dismiss"]')
    text = phone.shows("at 127", "Seen at 127!")
    assert "Black 4" in text and "Double 1" in text


def test_a_refused_move_is_asked_again(phone: Phone, console: LinkConsole, said: ScenarioConsole) -> None:
    console.tell(said.choose_move(moves=MOVES))
    phone.send("U88")
    assert phone.answer() == messages.answer("U88")
    console.send(messages.refused("Someone is standing on 88."))
    phone.shows("Move refused", "Someone is standing on 88.")
    console.tell(said.choose_move(moves=MOVES))
    phone.tap('[data-action="dismiss"]')
    phone.shows("Round 4", "UNDERGROUND")
    phone.send("T116")
    assert phone.answer() == messages.answer("T116")


def test_a_lesson_comes_first_and_again(phone: Phone, console: LinkConsole, said: ScenarioConsole) -> None:
    hint = "Take the ferry: pick the black ticket to 115. A black ticket hides which line you took."
    console.tell(said.choose_move(moves=["T116", "X115"], can_double=False, hint=hint))
    phone.shows("Lesson", hint)
    assert phone.choices() == []
    phone.tap('[data-action="close-lesson"]')
    phone.wait(lambda: phone.choices() == ["T116", "X115"], "the list")
    phone.tap('[data-action="lesson"]')
    phone.shows(hint)
    phone.tap('[data-action="close-lesson"]')
    phone.send("X115")
    console.tell(said.accepted())
    phone.tap('[data-action="dismiss"]')
    phone.shows("Wait for your turn")
    assert hint not in phone.source_text()


def test_hide_blanks_the_screen_until_tapped(phone: Phone, console: LinkConsole, said: ScenarioConsole) -> None:
    console.tell(said.choose_move(moves=MOVES))
    phone.shows("at 117")
    phone.tap('[data-action="hide"]')
    phone.shows("Hidden. Tap to show.")
    assert "117" not in phone.source_text() and phone.choices() == []
    phone.tap('[data-action="wake"]')
    phone.shows("at 117")
    phone.tap('[data-choice="T116"]')
    phone.tap('[data-action="hide"]')  # from the confirm screen: dark, and back to the list
    phone.tap('[data-action="wake"]')
    phone.wait(lambda: phone.choices() == ["T116", "B108", "U88", "X115"], "the list again")
    console.send(messages.wait())
    phone.shows("Wait for your turn")
    phone.tap('[data-action="hide"]')
    console.tell(said.choose_move(moves=MOVES))
    phone.shows("Mister X", "Your turn", "Tap to show.")
    assert "117" not in phone.source_text()
    console.send(messages.game_over("Mister X wins."))
    phone.shows("Game over", "Mister X wins.")


def test_the_page_speaks_the_console_s_language_and_follows_it_when_it_changes(browser: WebDriver, console: LinkConsole) -> None:
    page = Phone(browser, console)
    said = ScenarioConsole("ko", Screen.PHONE)
    use("ko")
    try:
        page.open(console.url)
        page.shows("콘솔을 기다리는 중", "연결되었습니다.")
        assert browser.title == "미스터 X" and browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ko"
        console.tell(said.state())
        text = page.shows("4라운드", "117번 역", "차례를 기다리세요.", "택시 4", "블랙 5", "이동 기록지")
        assert not re.search(r"[A-Za-z]{2,}", text), text
        page.tap('[data-action="log"]')
        page.shows("이동 3번", "뒤로")
        page.tap('[data-action="close-log"]')
        page.tap('[data-action="hide"]')
        page.shows("숨겼습니다. 누르면 보입니다.")
        use("en")  # the players switch the console to English: the page follows, its own words and the game's
        console.tell(said.speak("en"))
        page.tap('[data-action="wake"]')
        page.shows("Round 4", "at 117", "Wait for your turn.", "Taxi 4")
    finally:
        use("en")
        browser.get("about:blank")


# ------------------------------------------------------------ Junior's rogues


def test_a_junior_hand_over_between_two_rogues(phone: Phone, console: LinkConsole, said: ScenarioConsole) -> None:
    console.tell(said.choose_step("fox", 138, ["T152", "F194", "S138"]))
    phone.shows("Mister FOX", "at 138", "BOAT", "STAY")
    assert phone.choices() == ["T152", "F194", "S138"]
    phone.send("F194")
    assert phone.answer() == messages.answer("F194")
    console.tell(said.accepted())
    console.tell(said.rogue_state("fox", 3, 194))
    console.tell(said.choose_step("roxy", 60, ["T76", "S60"], hand_over=True))
    phone.shows("Pass me to", "ROXy", "Tap when you have me.")
    assert "60" not in phone.source_text() and "194" not in phone.source_text()
    phone.tap('[data-action="wake"]')
    phone.shows("ROXy", "at 60")
    phone.tap('[data-choice="S60"]')
    phone.shows("Stay at 60?")
    phone.tap('[data-action="send"]')
    assert phone.answer() == messages.answer("S60")
    console.tell(said.accepted())
    console.tell(said.rogue_state("roxy", 3, 60))
    phone.shows("Move sent")


# ------------------------------------------------------------ what the page reads, and what it drops


def test_the_page_reads_each_message_as_the_handheld_does(framed: Phone, frames: FrameConsole) -> None:
    """Every shared vector: one the handheld reads changes the screen; any other is answered with ``unreadable``."""
    sentinel = "unknown message type 'sentinel'"
    for vector in VECTORS:
        frames.send(vector["message"])
        frames.send({"type": "sentinel"})
        if vector["error"] is None and vector["message"]["type"] in messages.TO_HANDHELD:
            expected = [sentinel]
        elif vector["error"] is None:
            expected = [f"{vector['message']['type']} is not a message for the handheld", sentinel]
        else:
            expected = [vector["error"], sentinel]
        framed.wait(lambda: frames.inbox[-1:] == [messages.unreadable(sentinel)], f"the answers to {vector['name']}")
        answers, frames.inbox[:] = list(frames.inbox), []
        assert [answer["type"] for answer in answers] == ["unreadable"] * len(expected), vector["name"]
        assert all(part in answer["reason"] for part, answer in zip(expected, answers)), (vector["name"], answers)


def test_the_page_drops_frames_it_must_not_read(framed: Phone, frames: FrameConsole) -> None:
    """Each frame here carries a body the page would answer with ``unreadable``, had it read the frame."""
    frames.send({"type": "first"})
    assert framed.answer() == messages.unreadable("unknown message type 'first'")
    paired = frames.pairing.paired
    assert paired is not None
    forged = {"type": "forged"}
    frames.send_frame(frames.sent[-1])  # replayed
    frames.send_frame(frames.seal(forged, key=new_key()))
    frames.send_frame(frames.seal(forged, key=frames.pairing.code_key))  # under the code's key: anyone who saw the code
    frames.send_frame(frames.seal(forged, key=paired.session_key))  # under the session key: a handshake's, not a connection's
    frames.send_frame(frames.seal(forged, sender="phone"))  # reflected
    frames.send_frame(frames.seal(forged, phone="0123456789abcdef"))  # for another phone
    frames.send_frame(frames.seal(forged, pad=False))  # not padded to a size: no frame of the protocol
    frames.send_frame(frames.seal({"type": "forged", "pad": " " * MAX_FRAME}, pad=False))
    tampered = bytearray(base64.b64decode(frames.seal(forged)))
    tampered[-1] ^= 1
    frames.send_frame(base64.b64encode(bytes(tampered)).decode())
    frames.send({"type": "last"})
    assert framed.answer() == messages.unreadable("unknown message type 'last'")
