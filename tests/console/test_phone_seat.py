"""The hidden side on a person's own phone: the setup's row, the config, the phone's link through a game's life, its code on the screen."""

from __future__ import annotations

import errno
import json
import re
from pathlib import Path

import pygame
import pytest

from console.games import CLASSIC, JUNIOR
from console.games.classic.model import Mode
from console.games.classic.seats import HandheldSeat
from console.games.kind import GameKind
from console.games.words import display_name
from console.program.config import parse_settings
from console.records.journal import Journal
from console.records.preferences import load_preferences, save_preferences
from console.records.storage import JOURNAL
from console.settings import GameSettings, Seat
from console.table.phone import PhoneHandheld, phone_opener
from console.table.screen.pairing import Pairing, Scan, draw_pairing
from console.table.screen.toolkit import Toolkit
from hardware.config import ConfigError, PhoneConfig, parse_config
from hardware.drivers.handheld import MemoryHandheldLink
from hardware.interfaces import Key, Message
from hardware.phone.qr import qr_matrix
from language import use
from tests.support.phone import FakePhone, PhoneConsole, Phones

SCAN = "Mister X: scan this with your phone's camera. Same Wi-Fi as the console."
AWAY = "Mister X's phone is not connected: scan the code on the screen"
BACK_AGAIN = "The game goes on where it was left, with a new code: scan it again, even with the same phone."
BACK = "Mister X: your phone is not connected. Open its page again, or scan this with the same phone."
ENGLISH = re.compile(r"[A-Za-z]{2,}")
STEPS = 200


def phone_game(data: Path) -> tuple[PhoneConsole, FakePhone]:
    """A new game whose Mister X is a person on a phone (chosen on the setup's row), dealt; its phone not paired yet."""
    console = phone_setup(data, Phones())
    console.choose("Deal")
    return console, console.phones.last


def phone_setup(data: Path, phones: Phones) -> PhoneConsole:
    """The new game's setup, Mister X on a phone."""
    console = PhoneConsole(data, phones)
    console.choose("New game")
    console.set("Mister X is", Key.CHOICE_4)
    assert console.values["Mister X is"] == "a person, on a phone"
    return console


def on_screen(console: PhoneConsole) -> list[str]:
    """The screen's words after one more step of the loop."""
    console.program.console.step()
    return console.program.console.presenter.kit.texts


def step_until(console: PhoneConsole, done: object) -> None:
    for _ in range(STEPS):
        if callable(done) and done():
            return
        console.program.console.step()
    raise AssertionError("the console never got there")


def placed(console: PhoneConsole) -> None:
    """The phone pairs; the table places the pieces; Mister X's first move comes from the phone."""
    flow = console.program.flow
    assert flow is not None
    console.phones.last.scan()
    step_until(console, lambda: flow.ui.mode is Mode.DEAL)
    for _, station in flow.ui.to_place:
        console.table.press(station)
    step_until(console, lambda: flow.ui.mode is Mode.DETECTIVES)


def detectives_play(console: PhoneConsole) -> None:
    """The detectives make their round's moves on the board (the first destination each is offered)."""
    flow = console.program.flow
    assert flow is not None and flow.ui.mode is Mode.DETECTIVES
    round_number = flow.game.round
    while flow.game.round == round_number and flow.ui.mode in (Mode.DETECTIVES, Mode.CHOOSE_TICKET):
        if flow.ui.mode is Mode.CHOOSE_TICKET:
            console.keys(Key.CHOICE_1)
            continue
        piece = flow.game.to_move()[0]
        console.table.press(flow.game.station_of(piece))
        console.table.press(min(flow.ui.destinations))


def test_a_phone_game_plays_over_the_phone_s_link_with_the_game_s_token_and_not_the_handheld(tmp_path: Path) -> None:
    to_the_handheld: list[Message] = []

    def handheld(message: Message) -> list[Message]:
        to_the_handheld.append(message)
        return []

    console = PhoneConsole(tmp_path, Phones(), handheld=handheld)
    console.choose("New game")
    assert console.values["Mister X is"] == "a person, on the handheld"
    console.set("Mister X is", Key.CHOICE_4)
    console.choose("Deal")
    phone = console.phones.last
    sitting, flow = console.program.sitting, console.program.flow
    assert sitting is not None and flow is not None
    assert phone.token == sitting.opened.token and flow.seat.link is phone and console.program.console.link is phone
    assert flow.ui.mode is Mode.DEAL  # the pieces are placed while Mister X scans the code
    for _, station in flow.ui.to_place:
        console.table.press(station)
    assert flow.ui.mode is Mode.PAUSED and str(flow.ui.message) == AWAY  # his turn waits, as for an unplugged handheld
    pressed = flow.game.public_view().pieces[0].station
    console.table.press(pressed)
    assert str(flow.ui.message) == AWAY and flow.ui.refused is not None and flow.ui.refused.station == pressed  # it blinks red
    phone.scan()
    step_until(console, lambda: flow.ui.mode is Mode.DETECTIVES)
    assert flow.game.moves_made == 1 and not to_the_handheld
    assert load_preferences(GameSettings(data_dir=str(tmp_path)))[0].mister_x is Seat.PHONE  # the setup's choice is remembered


def test_the_code_shows_over_the_game_until_a_phone_pairs_and_again_after_pair_again(tmp_path: Path) -> None:
    console, phone = phone_game(tmp_path)
    words = on_screen(console)
    assert SCAN in words and phone.url in "".join(words) and BACK_AGAIN not in words
    flow = console.program.flow
    assert flow is not None
    to_place = [f"{display_name(name)} on {station}" for name, station in flow.ui.to_place]
    assert {"Place the pieces", "Place", *to_place, "Place each piece on its lit station and press it"} <= set(words)  # in view
    code_is_drawn(console, phone.url)
    placed(console)
    assert SCAN not in on_screen(console)
    console.keys(Key.MENU)
    assert console.rows[-3:] == ["Pair a phone again", "Restart with a new deal", "Leave (the game is kept)"]
    console.choose("Pair a phone again")
    assert phone.keys == 1  # asked twice: the phone playing now would be cut off
    console.keys(Key.CONFIRM)
    assert phone.keys == 2 and console.program.menu is None
    words = on_screen(console)
    assert SCAN in words and phone.url in "".join(words)
    code_is_drawn(console, phone.url)
    phone.scan()
    assert SCAN not in on_screen(console)


def code_is_drawn(console: PhoneConsole, url: str) -> None:
    """The QR code of *url* on the screen: square, each module a whole number of pixels (5 at least on this screen), over the
    travel log and the pieces (the header, the right-hand panel and the message bar stay in view)."""
    screen = console.screen_shows().last
    assert screen is not None
    white = pygame.mask.from_threshold(screen, (255, 255, 255), (1, 1, 1, 255)).get_bounding_rects()
    field = white[0].unionall(white[1:])  # the light field of the code, its quiet zone included
    matrix = qr_matrix(url)
    module = field.w // len(matrix)
    assert field.w == field.h == module * len(matrix) and module >= 5
    width, height = screen.get_size()
    assert field.top >= 0.125 * height and field.bottom <= 0.885 * height and field.right <= 0.6 * width
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            for dx, dy in ((0, 0), (module - 1, module - 1)):
                colour = screen.get_at((field.x + x * module + dx, field.y + y * module + dy))[:3]
                assert colour == ((0, 0, 0) if dark else (255, 255, 255))


@pytest.mark.parametrize("kind", [CLASSIC, JUNIOR], ids=["classic", "junior"])
@pytest.mark.parametrize("size", [(800, 480), (480, 320), (410, 246)])
def test_the_pairing_panel_reads_in_the_language_in_use_wherever_the_kind_lets_it_go(size: tuple[int, int], kind: GameKind) -> None:
    url = "http://192.168.100.200:8765/#k=" + "A" * 43
    kit, surface = Toolkit(size), pygame.Surface(size)
    said: dict[Scan, list[str]] = {}
    use("ko")
    try:
        for scan in Scan:
            kit.begin(surface)
            draw_pairing(kit, surface, Pairing(url, display_name("mister_x"), scan), kind.pairing_rooms(kit))
            said[scan] = [text for text in kit.texts if text not in url]  # the address, in pieces, is the same in every language
            assert said[scan] == [str(words) for words in Pairing(url, display_name("mister_x"), scan).words] and kit.cut == []
            assert not ENGLISH.search(" ".join(said[scan]).replace("X", ""))
    finally:
        use("en")
    assert said[Scan.AGAIN] == ["미스터 X: 휴대폰 카메라로 이 코드를 찍으세요. 콘솔과 같은 와이파이에 연결하세요.",
                                "게임은 멈춘 곳에서 이어지고 코드는 새로 바뀌었습니다. 같은 휴대폰이라도 다시 찍으세요."]


def test_a_phone_away_in_the_detectives_turn_stops_nobody_and_in_his_turn_shows_the_code_again(tmp_path: Path) -> None:
    console, phone = phone_game(tmp_path)
    placed(console)
    flow = console.program.flow
    assert flow is not None
    phone.unplug()  # its screen locked, or it lost the Wi-Fi
    for _ in range(STEPS):
        console.program.console.step()  # long enough for the loop to count it gone
    assert flow.ui.mode is Mode.DETECTIVES and SCAN not in on_screen(console) and BACK not in on_screen(console)
    detectives_play(console)  # the detectives' turn goes on: the game waits only for Mister X
    assert flow.ui.mode is Mode.PAUSED and flow.game.round == 2
    assert str(flow.ui.message) == "Mister X's phone is not connected: open its page again"
    words = on_screen(console)
    assert BACK in words and phone.url in "".join(words) and SCAN not in words  # the code, to come back by
    assert str(flow.ui.message) in words and "Paused" in words and not console.program.console.presenter.kit.cut
    code_is_drawn(console, phone.url)
    phone.plug()
    step_until(console, lambda: flow.ui.mode is not Mode.PAUSED)
    assert flow.game.moves_made == 2 and BACK not in on_screen(console)


def test_the_rogues_phone_is_named_as_theirs(tmp_path: Path) -> None:
    console = PhoneConsole(tmp_path, Phones(), edition="junior")
    console.choose("New game")
    console.set("The rogues are", Key.CHOICE_4)
    assert console.values["The rogues are"] == "a person, on a phone"
    console.choose("Set up the pawns")
    flow = console.program.flow
    assert flow is not None and flow.seat.link is console.phones.last
    assert str(flow.seat.away_reason()) == "The rogues' phone is not connected: scan the code on the screen"
    assert "The rogues: scan this with your phone's camera. Same Wi-Fi as the console." in on_screen(console)


@pytest.mark.parametrize("ending", ["the end", "leave", "shut down", "the program stops"])
def test_the_phone_is_let_go_when_its_game_is_over_and_the_handheld_is_polled_again(tmp_path: Path, ending: str) -> None:
    console, phone = phone_game(tmp_path)
    placed(console)
    program = console.program
    if ending == "the end":
        flow = program.flow
        assert flow is not None
        flow.over = True  # its end is showing: a key leaves it
        console.keys(Key.CONFIRM)
    elif ending == "leave":
        console.keys(Key.MENU)
        console.choose("Leave")
    elif ending == "shut down":
        program.power_pressed(True, 0.0)
    else:
        program.close()
    assert phone.closed and program.console.link is console.hardware.handheld
    if ending in ("the end", "leave"):
        assert program.sitting is None and program.menu is not None and str(program.menu.title) == "Scotland Yard"
        handheld = console.hardware.handheld
        assert isinstance(handheld, MemoryHandheldLink)
        handheld.inject({"type": "move", "leg": "T1"})
        program.console.step()
        assert handheld.receive() == []  # the loop took it


def test_a_restart_deals_a_new_game_with_a_new_phone_link(tmp_path: Path) -> None:
    console, first = phone_game(tmp_path)
    placed(console)
    old_token = first.token
    console.keys(Key.MENU)
    console.choose("Restart")
    console.keys(Key.CONFIRM)
    assert first.closed and len(console.phones.opened) == 2
    second = console.phones.last
    assert not second.closed and second.token != old_token and console.program.console.link is second
    assert SCAN in on_screen(console)


def test_a_phone_game_resumed_after_a_restart_of_the_console_takes_up_its_pairing(tmp_path: Path) -> None:
    console, phone = phone_game(tmp_path)
    placed(console)
    assert phone.pairing in (tmp_path / JOURNAL).read_text()  # journaled once paired
    again = PhoneConsole(tmp_path, Phones())  # the power went: the console starts again
    assert again.rows[0].startswith("Resume")
    again.keys(Key.CONFIRM)
    resumed = again.phones.last
    flow = again.program.flow
    assert flow is not None and resumed.token == phone.token and resumed.paired and resumed.url == phone.url
    assert flow.ui.mode is Mode.DETECTIVES and SCAN not in on_screen(again)  # the same phone: no new scan
    detectives_play(again)
    assert flow.ui.mode is Mode.PAUSED and BACK in on_screen(again)  # his turn waits for it
    resumed.plug()  # the page, reconnecting on its own
    step_until(again, lambda: flow.ui.mode is not Mode.PAUSED)
    assert flow.game.moves_made == 2


def test_a_phone_game_whose_journal_kept_no_pairing_pairs_again_and_says_so(tmp_path: Path) -> None:
    console, phone = phone_game(tmp_path)
    placed(console)
    journal = tmp_path / JOURNAL
    events = [json.loads(line) for line in journal.read_text().splitlines()]
    assert [event["event"]["type"] for event in events].count("pairing") == 2  # its code, then its phone paired
    console.program.close()
    older = [event["event"] for event in events if event["event"]["type"] != "pairing"]  # as a console before pairings wrote it
    older[0]["version"] = 2
    journal.unlink()
    kept = Journal(journal)
    kept.kind = CLASSIC
    for event in older:
        kept.append(event)
    again = PhoneConsole(tmp_path, Phones())
    again.keys(Key.CONFIRM)
    resumed = again.phones.last
    flow = again.program.flow
    assert flow is not None and resumed.token == phone.token and not resumed.paired
    words = on_screen(again)
    assert SCAN in words and BACK_AGAIN in words and resumed.url in "".join(words)
    step_until(again, lambda: bool(again.program.sitting and again.program.sitting.pairing))
    assert resumed.pairing in journal.read_text()  # from now on, its pairing is kept


def test_a_phone_game_that_cannot_serve_its_page_says_why_on_the_start_menu(tmp_path: Path) -> None:
    console = phone_setup(tmp_path, Phones(refused=OSError(errno.EADDRINUSE, "Address already in use")))
    console.choose("Deal")
    program = console.program
    assert program.sitting is None and program.menu is not None and str(program.menu.title) == "Scotland Yard"
    assert str(program.menu.message) == ("The phone game cannot start: the console cannot serve the phone's page (Address already in use)")
    assert not (tmp_path / JOURNAL).exists() and console.program.console.link is console.hardware.handheld


def test_the_phone_section_of_the_config_file_is_read() -> None:
    assert parse_config("").phone == PhoneConfig(host="", port=8765)
    assert parse_config('[phone]\nhost = "192.168.1.20"\nport = 9000').phone == PhoneConfig(host="192.168.1.20", port=9000)


@pytest.mark.parametrize(("text", "error"), [
    ("port = 0", "phone.port: must be between 1 and 65535, not 0"),
    ("port = 65536", "phone.port: must be between 1 and 65535, not 65536"),
    ('port = "8765"', "phone.port: must be a whole number, not '8765'"),
    ("host = 7", "phone.host: must be text in quotes, not 7"),
    ('host = "http://console"', "phone.host: must be an address (192.168.1.20) or a name"),
    ('hots = "console"', "phone.hots: unknown setting; did you mean host?"),
])
def test_bad_phone_settings_are_refused_by_name(text: str, error: str) -> None:
    with pytest.raises(ConfigError) as refused:
        parse_config(f"[phone]\n{text}")
    assert str(refused.value).startswith(error)


def test_mister_x_on_a_phone_is_read_from_the_config_file_and_the_menus_saved_choices(tmp_path: Path) -> None:
    assert parse_settings('[game]\nmister_x = "phone"').game.mister_x is Seat.PHONE
    with pytest.raises(ConfigError) as refused:
        parse_settings('[game]\nmister_x = "tablet"')
    assert str(refused.value) == "game.mister_x: must be one of handheld, computer, phone, not 'tablet'"
    save_preferences(GameSettings(data_dir=str(tmp_path), mister_x=Seat.PHONE))
    remembered, note = load_preferences(GameSettings(data_dir=str(tmp_path)))
    assert note == "" and remembered.mister_x is Seat.PHONE
    console = PhoneConsole(tmp_path, Phones(), mister_x=remembered.mister_x)
    console.choose("New game")
    assert console.values["Mister X is"] == "a person, on a phone"


def test_the_console_opens_a_real_phone_link_from_the_config_and_names_it_a_phone() -> None:
    link = phone_opener(PhoneConfig(host="127.0.0.1", port=0))()  # port 0: any free one (the config file asks for a real one)
    try:
        assert isinstance(link, PhoneHandheld) and not link.paired and not link.connected
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/#k=[A-Za-z0-9_-]{43}", link.url)
        assert str(HandheldSeat(link).away_reason()) == AWAY
        assert not isinstance(MemoryHandheldLink(), PhoneHandheld)
    finally:
        link.close()
