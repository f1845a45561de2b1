"""The host's serial link (hardware/drivers/serial_link.py) over real pseudo-terminals and in-process pipes."""

from __future__ import annotations

import itertools
import logging
import os
import re
import threading
import time
import tty
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any

import pytest
import serial

from benchmarks import link as link_bench
from firmware.link import RESEND_MS, Endpoint
from hardware.config import HandheldConfig
from hardware.drivers import serial_link
from hardware.drivers.serial_link import ByteTransport, PipeTransport, SerialHandheldLink, find_port, open_handheld, serial_opener
from hardware.interfaces import HandheldLink
from language import use

GAME = "0123456789abcdef"
ASK = {"type": "ask", "groups": [["T", [["T13", "13"]]], ["B", [["B67", "67"]]]]}
ANSWER = {"type": "answer", "choice": "B67"}
"""The link carries any JSON object with a type: a turn and its answer, cut short."""


class Clock:
    """The link's clock, moved by the test."""

    def __init__(self) -> None:
        self.seconds = 1000.0

    def __call__(self) -> float:
        return self.seconds

    @property
    def ms(self) -> int:
        return int(self.seconds * 1000)


class PtyHandheld:
    """A handheld endpoint on the master side of a pseudo-terminal; the host opens ``path``."""

    def __init__(self) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.master)
        tty.setraw(self.slave)
        os.set_blocking(self.master, False)
        self.path = os.ttyname(self.slave)
        self.endpoint = Endpoint("handheld")
        self.received: list[dict[str, Any]] = []
        self.deaf = False
        """While deaf, bytes read are thrown away (counted in ``lost``), as if lost on the cable."""
        self.lost = 0
        self.plugged = True

    def step(self, now_ms: int) -> None:
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            data = b""
        if self.deaf:
            self.lost += len(data)
        else:
            self.received += self.endpoint.feed(data, now_ms)
        os.write(self.master, self.endpoint.poll(now_ms))

    def unplug(self) -> None:
        if self.plugged:
            self.plugged = False
            os.close(self.master)
            os.close(self.slave)


@pytest.fixture
def pty_handheld() -> Iterator[PtyHandheld]:
    handheld = PtyHandheld()
    yield handheld
    handheld.unplug()


def run(link: SerialHandheldLink, handheld: PtyHandheld | None, clock: Clock, until: Callable[[], bool], limit_s: float = 120.0,
        step_s: float = 0.01) -> list[Any]:
    """Step the link (and the handheld) until *until*; what the link received meanwhile.

    The link keeps *clock*'s time, which moves by steps; *limit_s* of the wall clock only guards against a hang.
    """
    received: list[Any] = []
    deadline = time.monotonic() + limit_s
    while not until():
        assert time.monotonic() < deadline, "the link did not get there in time"
        clock.seconds += step_s
        received += link.receive()
        if handheld is not None and handheld.plugged:
            handheld.step(clock.ms)
        time.sleep(0.0005)  # a pty passes bytes on asynchronously
    return received


def settle(link: SerialHandheldLink, handheld: PtyHandheld, clock: Clock, seconds: float) -> list[Any]:
    """Keep both ends going for *seconds* of the link's clock."""
    end = clock.seconds + seconds
    return run(link, handheld, clock, lambda: clock.seconds >= end)


def test_an_ask_and_its_answer_cross_a_real_tty_exactly_once(pty_handheld: PtyHandheld) -> None:
    clock = Clock()
    link = SerialHandheldLink(serial_opener(HandheldConfig(port=pty_handheld.path)), clock=clock)
    assert isinstance(link, HandheldLink)
    link.start_session(GAME, new_game=True)
    run(link, pty_handheld, clock, lambda: link.connected)
    link.send(ASK)
    run(link, pty_handheld, clock, lambda: pty_handheld.received != [])
    pty_handheld.endpoint.send(ANSWER)
    received = settle(link, pty_handheld, clock, 1.0)
    assert received == [ANSWER]
    assert pty_handheld.received == [ASK]
    assert pty_handheld.endpoint.token == GAME
    assert set(link.counters) | set(pty_handheld.endpoint.counters) <= {"duplicate"}  # a loaded machine may resend
    link.close()
    assert not link.connected


def test_a_frame_lost_on_the_tty_is_resent(pty_handheld: PtyHandheld) -> None:
    clock = Clock()
    link = SerialHandheldLink(serial_opener(HandheldConfig(port=pty_handheld.path)), clock=clock)
    run(link, pty_handheld, clock, lambda: link.connected)
    pty_handheld.deaf = True
    link.send(ASK)
    sent_ms = clock.ms  # the link counts in whole milliseconds of its clock: seconds subtracted may fall a hair short of 0.25
    run(link, pty_handheld, clock, lambda: pty_handheld.lost > 0, step_s=0.001)  # the frame is lost
    pty_handheld.deaf = False
    run(link, pty_handheld, clock, lambda: pty_handheld.received != [], step_s=0.001)
    assert clock.ms - sent_ms >= RESEND_MS
    settle(link, pty_handheld, clock, 1.0)
    assert pty_handheld.received == [ASK]
    link.close()


def test_a_handheld_that_stops_reading_never_blocks_the_host(pty_handheld: PtyHandheld) -> None:
    clock = Clock()
    link = SerialHandheldLink(serial_opener(HandheldConfig(port=pty_handheld.path)), clock=clock)
    run(link, pty_handheld, clock, lambda: link.connected)
    flood = [{"type": "state", "n": n, "pad": "x" * 1500} for n in range(100)]

    def send_while_nobody_reads() -> None:
        for message in flood:
            link.send(message)
            clock.seconds += RESEND_MS / 1000
            link.receive()

    sender = threading.Thread(target=send_while_nobody_reads, daemon=True)
    sender.start()
    sender.join(10)
    assert not sender.is_alive(), "a full serial buffer blocked the host"
    run(link, pty_handheld, clock, lambda: len(pty_handheld.received) == len(flood))
    assert pty_handheld.received == flood
    link.close()


def _fake_ports(monkeypatch: pytest.MonkeyPatch, ports: list[tuple[str, int | None, int | None]]) -> None:
    monkeypatch.setattr(serial_link.list_ports, "comports",
                        lambda: [SimpleNamespace(device=device, vid=vid, pid=pid) for device, vid, pid in ports])


def test_auto_finds_the_pico_by_its_usb_ids(monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_ports(monkeypatch, [("/dev/ttyS0", None, None), ("/dev/ttyACM0", 0x2341, 0x0043), ("/dev/ttyACM1", 0x2E8A, 0x0005)])
    assert find_port() == "/dev/ttyACM1"
    assert find_port(0x2341, 0x0043) == "/dev/ttyACM0"
    assert find_port(0x2E8A, 0x000A) is None
    _fake_ports(monkeypatch, [])
    with pytest.raises(serial.SerialException, match="2e8a:0005"):
        serial_opener(HandheldConfig(port="auto"))()


def test_unplugging_pauses_and_the_link_reconnects_with_what_was_sent_meanwhile(monkeypatch: pytest.MonkeyPatch) -> None:
    ports: list[tuple[str, int | None, int | None]] = []
    _fake_ports(monkeypatch, ports)
    handheld = PtyHandheld()
    ports.append((handheld.path, 0x2E8A, 0x0005))
    opened = []
    opener = serial_opener(HandheldConfig(port="auto"))

    def counting_opener() -> ByteTransport:
        opened.append(clock.seconds)
        return opener()

    clock = Clock()
    link = SerialHandheldLink(counting_opener, clock=clock)
    link.start_session(GAME, new_game=False)
    run(link, handheld, clock, lambda: link.connected)

    handheld.unplug()
    ports.clear()
    run(link, None, clock, lambda: not link.connected)
    link.send(ASK)
    opened.clear()
    settle(link, handheld, clock, 3.05)
    assert len(opened) == 3 and all(b - a >= 1.0 for a, b in itertools.pairwise(opened))  # at most once a second

    again = PtyHandheld()  # the Pico powered up afresh, maybe on another device name
    ports.append((again.path, 0x2E8A, 0x0005))
    try:
        run(link, again, clock, lambda: again.received != [] and link.connected)
        settle(link, again, clock, 1.0)
        assert again.received == [ASK] and again.endpoint.token == GAME
    finally:
        link.close()
        again.unplug()


def test_open_handheld_waits_for_a_missing_port() -> None:
    link = open_handheld(HandheldConfig(port="/nonexistent/handheld"))
    assert not link.connected and link.receive() == []
    link.close()


class Trickle:
    """A transport that takes at most a few bytes per write, like a full serial buffer."""

    def __init__(self, end: PipeTransport) -> None:
        self.end = end

    @property
    def in_waiting(self) -> int:
        return self.end.in_waiting

    def read(self, size: int = 1) -> bytes:
        return self.end.read(size)

    def write(self, data: bytes, /) -> int:
        return self.end.write(data[:7])

    def close(self) -> None:
        self.end.close()


def test_over_a_pipe_partial_writes_are_finished_later_and_closing_unplugs() -> None:
    host_end, device_end = PipeTransport.pair()
    clock = Clock()
    link = SerialHandheldLink(lambda: Trickle(host_end), clock=clock)
    handheld = Endpoint("handheld")
    received: list[Any] = []
    got: list[Any] = []

    def step() -> None:
        clock.seconds += 0.01
        received.extend(link.receive())
        got.extend(handheld.feed(device_end.read(device_end.in_waiting), clock.ms))
        device_end.write(handheld.poll(clock.ms))

    link.send(ASK)
    for _ in range(100):
        step()
    handheld.send(ANSWER)
    for _ in range(100):
        step()
    assert got == [ASK] and received == [ANSWER] and link.connected
    assert set(handheld.counters) <= {"duplicate"}  # a resend may overtake a frame still trickling out, never a garbled one

    device_end.close()
    assert not host_end.is_open
    with pytest.raises(OSError):
        device_end.write(b"x")
    link.receive()
    assert not link.connected


def test_the_handheld_hears_the_language_in_use_and_each_change_of_it() -> None:
    """The link's hellos say the console's language; a change mid-game reaches the handheld with no message sent."""
    host_end, device_end = PipeTransport.pair()
    clock = Clock()
    handheld = Endpoint("handheld")
    try:
        use("ko")
        link = SerialHandheldLink(lambda: host_end, clock=clock)
        heard = []
        for language in ("ko", "en", "ko"):
            use(language)
            for _ in range(3):
                clock.seconds += 0.01
                link.receive()
                handheld.feed(device_end.read(device_end.in_waiting), clock.ms)
                device_end.write(handheld.poll(clock.ms))
            heard.append(handheld.language)
        assert heard == ["ko", "en", "ko"] and link.connected
    finally:
        use("en")


def test_the_link_bench_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    link_bench.main(["--seconds", "0.05"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["move_round_trip_ms", "decoder_frames_per_s"]
    assert all(re.fullmatch(r"[a-z_]+: [0-9.]+", line) and float(line.split()[1]) > 0 for line in lines)


class VanishingPort:
    """A serial port that fails as a pulled USB device does: a plain ``OSError``."""

    in_waiting = 0

    def read(self, size: int = 1) -> bytes:
        raise OSError(5, "Input/output error")

    def write(self, data: bytes, /) -> int:
        raise OSError(5, "Input/output error")

    def close(self) -> None:
        pass


def test_a_cable_pulled_on_purpose_is_information_a_lost_port_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    """The simulator's Unplug key is an expected event: nothing on the terminal (INFO); a port that vanishes stays a warning."""
    from hardware.sim.handheld import handheld_in_pane  # pygame: only this test needs it

    caplog.set_level(logging.INFO, logger="hardware.drivers.serial_link")
    clock = Clock()
    handheld = handheld_in_pane(clock)
    assert handheld.pane is not None
    for _ in range(3):
        handheld.link.receive()
        handheld.pane.step()
        clock.seconds += 0.1
    handheld.pane.toggle_cable()  # the pane's "Unplug the handheld"
    handheld.link.receive()
    lost = [record for record in caplog.records if "unplugged" in record.getMessage() or "lost" in record.getMessage()]
    assert lost and all(record.levelno == logging.INFO for record in lost), [(r.levelname, r.getMessage()) for r in lost]
    caplog.clear()
    link = SerialHandheldLink(lambda: VanishingPort(), clock=clock)
    link.receive()
    assert [(record.levelno, record.getMessage()) for record in caplog.records if "lost" in record.getMessage()] == [
        (logging.WARNING, "handheld port lost: [Errno 5] Input/output error")]
