"""Mister X's phone link (hardware/phone/) against a phone played by the test: aiohttp's WebSocket client and PyNaCl.

The test's phone seals and opens frames by the wire protocol itself (not with
``hardware.phone.channel``), as the page does, so both ends are checked against
the protocol rather than against each other.
"""

from __future__ import annotations

import asyncio
import base64
import functools
import json
import re
import secrets
import socket
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp
import nacl.secret
import nacl.utils
import pytest

from hardware.interfaces import HandheldLink
from hardware.language import use
from hardware.phone import PhoneLink, qr_matrix
from hardware.phone.channel import DROP_REASONS, MAX_FRAME, Channel, Dropped, key_text, new_key
from hardware.phone.link import lan_address
from hardware.phone.server import FILES, WS_LIMIT, Frame, PhoneServer

CHOOSE_MOVE = {"type": "choose_move", "round": 4, "station": 157, "tickets": {"taxi": 4, "bus": 3, "black": 5, "double": 2},
               "moves": ["T133", "B185", "X115"], "can_double": True, "reveal_next": False, "log": ["T128", "X142"]}
MOVE = {"type": "move", "leg": "B185"}
PAIRED = {"type": "paired", "language": "en"}
WAIT_S = 5.0
"""Longest a test waits for frames to cross the loopback: a bound, never a measure."""


class Clock:
    """The link's clock, moved by the test."""

    def __init__(self) -> None:
        self.seconds = 1000.0

    def __call__(self) -> float:
        return self.seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def link(clock: Clock) -> Iterator[PhoneLink]:
    phone_link = PhoneLink("127.0.0.1", 0, clock=clock)
    yield phone_link
    phone_link.close()


def playing(test: Callable[..., Awaitable[None]]) -> Callable[..., None]:
    """Runs the async *test* in an event loop of its own (the link's server has another, on its thread)."""

    @functools.wraps(test)
    def run(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))

    return run


def key_of(url: str) -> bytes:
    """The key in a pairing URL's fragment, as the page reads it."""
    text = urlsplit(url).fragment.removeprefix("k=")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def ws_url(url: str) -> str:
    parts = urlsplit(url)
    return f"ws://{parts.netloc}/ws"


class Phone:
    """A phone's page, played by the test: seals and opens by the protocol, keeps what it read."""

    def __init__(self, url: str, *, key: bytes | None = None) -> None:
        self.url = url
        self.box = nacl.secret.SecretBox(key_of(url) if key is None else key)
        self.id = secrets.token_hex(8)
        self.seq = 0
        self.console_seq = 0
        self.frames: list[str] = []
        """Every text frame that came, opened or not."""
        self.bodies: list[dict[str, Any]] = []
        """The bodies of the frames that opened, in order."""
        self.closed = asyncio.Event()

    def seal(self, body: dict[str, Any], *, sender: str = "phone", seq: int | None = None, phone: str | None = None) -> str:
        if seq is None:
            self.seq += 1
            seq = self.seq
        plain = {"from": sender, "seq": seq, "phone": self.id if phone is None else phone, "body": body}
        return self.seal_bytes(json.dumps(plain).encode())

    def seal_bytes(self, plain: bytes) -> str:
        return base64.b64encode(bytes(self.box.encrypt(plain, nacl.utils.random(24)))).decode()

    def open(self, frame: str) -> dict[str, Any] | None:
        try:
            plain = json.loads(self.box.decrypt(base64.b64decode(frame, validate=True)))
        except Exception:
            return None
        assert plain["from"] == "console" and plain["phone"] == self.id and plain["seq"] > self.console_seq, plain
        self.console_seq = plain["seq"]
        return dict(plain["body"])

    async def connect(self, session: aiohttp.ClientSession, url: str | None = None) -> None:
        self.closed.clear()
        self.ws = await session.ws_connect(ws_url(url or self.url))
        self.reader = asyncio.create_task(self._read(self.ws))

    async def _read(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        async for message in ws:
            if message.type == aiohttp.WSMsgType.TEXT:
                self.frames.append(message.data)
                body = self.open(message.data)
                if body is not None:
                    self.bodies.append(body)
        self.closed.set()

    async def send(self, body: dict[str, Any], **fields: Any) -> str:
        frame = self.seal(body, **fields)
        await self.ws.send_str(frame)
        return frame

    async def hang_up(self) -> None:
        await self.ws.close()
        await self.reader


class Console:
    """The console's loop, played by the test: polls the link and keeps what it received."""

    def __init__(self, link: PhoneLink) -> None:
        self.link = link
        self.received: list[dict[str, Any]] = []

    async def until(self, condition: Callable[[], bool]) -> None:
        """Poll the link until *condition* holds (fails after ``WAIT_S``)."""
        deadline = time.monotonic() + WAIT_S
        while True:
            self.received += [dict(message) for message in self.link.receive()]
            if condition():
                return
            assert time.monotonic() < deadline, "timed out"
            await asyncio.sleep(0.005)

    async def settle(self, *phones: Phone) -> None:
        """Let every frame in flight arrive: a marker sent by the last phone crosses after the ones before it."""
        for phone in phones:
            marker = {"type": "unreadable", "reason": secrets.token_hex(4)}
            count = len(self.received)
            await phone.send(marker)
            await self.until(lambda: marker in self.received[count:])  # noqa: B023 (awaited in the same pass)
            self.received.remove(marker)

    def counted(self, **drops: int) -> dict[str, int]:
        return {reason: drops.get(reason, 0) for reason in DROP_REASONS}


async def paired_phone(console: Console, session: aiohttp.ClientSession) -> Phone:
    phone = Phone(console.link.url)
    await phone.connect(session)
    await phone.send({"type": "hello"})
    await console.until(lambda: phone.bodies[:1] == [PAIRED])
    return phone


async def arrive(phone: Phone, count: int, console: Console | None = None) -> None:
    """Wait until *phone* opened *count* bodies (polling the console meanwhile, if any)."""
    deadline = time.monotonic() + WAIT_S
    while len(phone.bodies) < count:
        if console is not None:
            console.received += [dict(message) for message in console.link.receive()]
        assert time.monotonic() < deadline, f"timed out with {phone.bodies}"
        await asyncio.sleep(0.005)


# ------------------------------------------------------------ the channel alone


def test_channel_opens_what_the_other_side_sealed_once() -> None:
    key = new_key()
    console, phone = Channel(key, "console"), Channel(key, "phone")
    frame = phone.seal(MOVE, "0123456789abcdef")
    opened = console.open(frame)
    assert (opened.phone_id, opened.body) == ("0123456789abcdef", MOVE)
    for frame_again, reason in ((frame, "replayed"), (console.seal(CHOOSE_MOVE, "0123456789abcdef"), "reflected"),
                                (Channel(new_key(), "phone").seal(MOVE, "0123456789abcdef"), "unauthentic"),
                                ("=" * (MAX_FRAME + 1), "too_big"), ("not base64!", "unauthentic")):
        with pytest.raises(Dropped) as drop:
            console.open(frame_again)
        assert drop.value.reason == reason
    assert len(key) == 32 and key_of("http://h:1/#k=" + key_text(key)) == key and "=" not in key_text(key)


# ------------------------------------------------------------ pairing and messages


def test_it_is_a_handheld_link(link: PhoneLink) -> None:
    assert isinstance(link, HandheldLink)
    assert not link.connected and not link.paired and not link.other_game
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/#k=[A-Za-z0-9_-]{43}", link.url)


@playing
async def test_a_phone_pairs_and_messages_go_both_ways_as_sent(link: PhoneLink) -> None:
    console = Console(link)
    async with aiohttp.ClientSession() as session:
        phone = await paired_phone(console, session)
        assert link.paired and link.connected
        link.send(CHOOSE_MOVE)
        await arrive(phone, 2)
        assert phone.bodies == [PAIRED, CHOOSE_MOVE]
        await phone.send({"type": "ping"})
        await phone.send(MOVE)
        await console.until(lambda: bool(console.received))
        assert console.received == [MOVE]
        assert link.counters == console.counted()


@playing
async def test_pings_keep_the_phone_connected_and_silence_drops_it(link: PhoneLink, clock: Clock) -> None:
    console = Console(link)
    async with aiohttp.ClientSession() as session:
        phone = await paired_phone(console, session)
        for _ in range(5):
            clock.seconds += 1.0
            await phone.send({"type": "ping"})
            await console.settle(phone)
            assert link.connected
        clock.seconds += 2.9
        assert link.connected
        clock.seconds += 0.2
        assert not link.connected
        await phone.send({"type": "ping"})
        await console.until(lambda: link.connected)
        await phone.hang_up()
        await console.until(lambda: not link.connected)
        assert link.paired


@playing
async def test_a_phone_back_with_hello_gets_its_last_screen_and_what_followed(link: PhoneLink) -> None:
    console = Console(link)
    async with aiohttp.ClientSession() as session:
        phone = await paired_phone(console, session)
        state = {"type": "state", "round": 3, "station": 142, "tickets": {"taxi": 4}, "log": ["T128", "X142"]}
        for message in ({"type": "accepted", "seen": [3]}, state, CHOOSE_MOVE):
            link.send(message)
        await arrive(phone, 4)
        await phone.hang_up()
        await console.until(lambda: not link.connected)
        refused = {"type": "refused", "reason": "That move is not yours to make."}
        link.send(refused)  # while the phone is away
        phone.bodies.clear()
        await phone.connect(session)  # a reloaded page: the same id, its seq going on
        await phone.send({"type": "hello"})
        await arrive(phone, 3, console)
        assert phone.bodies == [PAIRED, CHOOSE_MOVE, refused]
        assert link.connected
        link.send({"type": "wait"})
        await arrive(phone, 4)
        assert phone.bodies[3:] == [{"type": "wait"}]


# ------------------------------------------------------------ what no one else can do


@playing
async def test_a_stranger_with_the_url_but_not_the_key_gets_nothing_and_changes_nothing(link: PhoneLink) -> None:
    console = Console(link)
    async with aiohttp.ClientSession() as session:
        stranger = Phone(link.url, key=new_key())
        await stranger.connect(session)
        await stranger.send({"type": "hello"})
        await console.until(lambda: link.counters["unauthentic"] == 1)
        assert not link.paired
        phone = await paired_phone(console, session)
        await stranger.send({"type": "hello"})
        await stranger.send(MOVE)
        link.send(CHOOSE_MOVE)
        await arrive(phone, 2)
        await console.settle(phone)
        await console.until(lambda: link.counters["unauthentic"] == 3)
        assert stranger.frames == [] and not stranger.closed.is_set()
        assert console.received == [] and phone.bodies == [PAIRED, CHOOSE_MOVE]
        assert link.connected and link.counters == console.counted(unauthentic=3)


@playing
async def test_a_replayed_frame_is_dropped(link: PhoneLink) -> None:
    console = Console(link)
    async with aiohttp.ClientSession() as session:
        phone = await paired_phone(console, session)
        frame = await phone.send(MOVE)
        await phone.ws.send_str(frame)
        await phone.send(MOVE, seq=1)  # an older seq, sealed anew
        await console.settle(phone)
        assert console.received == [MOVE]
        assert link.counters == console.counted(replayed=2)


@playing
async def test_an_old_games_key_no_longer_opens_after_a_new_game(link: PhoneLink) -> None:
    console = Console(link)
    async with aiohttp.ClientSession() as session:
        link.start_session("game-one", new_game=True)
        old = await paired_phone(console, session)
        url = link.url
        link.start_session("game-one", new_game=False)  # the same game resumed: nothing changes
        assert link.url == url and link.paired and not old.closed.is_set()
        link.start_session("game-two", new_game=True)
        assert link.url != url and key_of(link.url) != key_of(url) and not link.paired
        await asyncio.wait_for(old.closed.wait(), WAIT_S)  # its socket is closed
        old.frames.clear()
        await old.connect(session)
        await old.send({"type": "hello"})
        await old.send(MOVE)
        await console.until(lambda: link.counters["unauthentic"] == 2)
        assert not link.paired and console.received == []
        new = await paired_phone(console, session)
        assert link.paired and new.bodies == [PAIRED]
        link.pair_again()
        assert not link.paired
        await asyncio.wait_for(new.closed.wait(), WAIT_S)
        assert old.frames == [] and link.counters == console.counted(unauthentic=2)


@playing
async def test_forged_and_tampered_frames_are_unauthentic(link: PhoneLink) -> None:
    console = Console(link)
    async with aiohttp.ClientSession() as session:
        phone = await paired_phone(console, session)
        sealed = bytearray(base64.b64decode(phone.seal(MOVE)))
        for index in (0, 30, len(sealed) - 1):  # the nonce, the tag, the ciphertext
            tampered = bytearray(sealed)
            tampered[index] ^= 1
            await phone.ws.send_str(base64.b64encode(tampered).decode())
        await phone.ws.send_str(base64.b64encode(sealed[:39]).decode())  # shorter than a nonce and a tag
        await phone.ws.send_str("%%% not base64 %%%")
        await console.settle(phone)
        assert console.received == []
        assert link.counters == console.counted(unauthentic=5)


@playing
async def test_a_console_frame_sent_back_is_reflected(link: PhoneLink) -> None:
    console = Console(link)
    async with aiohttp.ClientSession() as session:
        phone = await paired_phone(console, session)
        link.send(CHOOSE_MOVE)
        await arrive(phone, 2)
        for frame in phone.frames:
            await phone.ws.send_str(frame)
        await phone.send(MOVE, sender="console")  # the phone's own frame, claiming to be the console's
        await console.settle(phone)
        assert console.received == []
        assert link.counters == console.counted(reflected=3)


@playing
async def test_a_second_phone_with_the_key_is_told_taken_and_nothing_else(link: PhoneLink) -> None:
    console = Console(link)
    async with aiohttp.ClientSession() as session:
        phone = await paired_phone(console, session)
        second = Phone(link.url)
        await second.connect(session)
        await second.send({"type": "hello"})
        await second.send(MOVE)
        await console.until(second.closed.is_set)
        link.send(CHOOSE_MOVE)
        await arrive(phone, 2)
        await console.settle(phone)
        assert second.bodies == [{"type": "taken"}] and len(second.frames) == 1
        assert phone.bodies == [PAIRED, CHOOSE_MOVE] and console.received == []
        assert link.connected and link.counters["other_phone"] >= 1
        assert link.counters == console.counted(other_phone=link.counters["other_phone"])


@playing
async def test_too_big_frames_are_dropped_unread(link: PhoneLink) -> None:
    console = Console(link)
    async with aiohttp.ClientSession() as session:
        phone = await paired_phone(console, session)
        padded = phone.seal({**MOVE, "padding": "x" * MAX_FRAME})
        await phone.ws.send_str(padded)
        await console.settle(phone)
        assert console.received == [] and link.counters == console.counted(too_big=1)
        await phone.ws.send_str("A" * (WS_LIMIT + 4))  # past what the server reads at all: the socket ends
        await asyncio.wait_for(phone.closed.wait(), WAIT_S)
        await console.until(lambda: link.counters["too_big"] == 2)
        assert console.received == [] and link.counters == console.counted(too_big=2)


@playing
async def test_frames_that_are_not_the_protocols_json_are_malformed(link: PhoneLink) -> None:
    console = Console(link)
    async with aiohttp.ClientSession() as session:
        phone = await paired_phone(console, session)
        good = {"from": "phone", "seq": 100, "phone": phone.id, "body": MOVE}
        bad = [b"\xff not utf-8", b"{not json", b"[1, 2]", json.dumps({**good, "seq": 0}).encode(),
               json.dumps({**good, "seq": True}).encode(), json.dumps({**good, "phone": "ABCDEF0123456789"}).encode(),
               json.dumps({**good, "from": "someone"}).encode(), json.dumps({**good, "body": {"leg": "B185"}}).encode(),
               json.dumps({**good, "extra": 1}).encode(), json.dumps({"from": "phone", "seq": 101, "phone": phone.id}).encode()]
        for plain in bad:
            await phone.ws.send_str(phone.seal_bytes(plain))
        await phone.ws.send_bytes(b"a binary frame")
        await console.settle(phone)
        assert console.received == []
        assert link.counters == console.counted(malformed=len(bad) + 1)


# ------------------------------------------------------------ what is served


@playing
async def test_only_the_pages_files_and_the_socket_are_served_with_their_headers(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<!doctype html><title>Mister X</title>")
    (tmp_path / "app.js").write_text("'use strict';")
    (tmp_path / "secret.txt").write_text("not to be served")
    server = PhoneServer("127.0.0.1", 0, static=tmp_path)
    base = f"http://127.0.0.1:{server.port}"
    try:
        async with aiohttp.ClientSession() as session:
            for path in [*FILES, "/secret.txt", "/static/app.js", "/index.html", "/state", "/ws/x", "/..%2fsecret.txt"]:
                async with session.get(base + path, allow_redirects=False) as response:
                    name = FILES[path][0] if path in FILES else None
                    exists = name is not None and (tmp_path / name).exists()
                    assert response.status == (200 if exists else 404), path
                    assert response.headers["Cache-Control"] == "no-store", path
                    assert response.headers["Referrer-Policy"] == "no-referrer", path
                    if exists:
                        assert name is not None and await response.read() == (tmp_path / name).read_bytes()
                        assert response.content_type == FILES[path][1]
            async with session.get(base + "/ws") as response:  # not an upgrade: refused, with the headers still
                assert response.status == 400 and response.headers["Cache-Control"] == "no-store"
    finally:
        server.close()


@playing
async def test_the_page_holds_no_game_data(link: PhoneLink) -> None:
    console = Console(link)
    static = Path(__file__).parents[2] / "hardware" / "phone" / "static"
    async with aiohttp.ClientSession() as session:
        await paired_phone(console, session)
        link.send(CHOOSE_MOVE)
        for path, (name, _) in FILES.items():
            async with session.get(link.url.split("#")[0].rstrip("/") + path) as response:
                body = await response.read()
                if (static / name).exists():
                    assert response.status == 200 and body == (static / name).read_bytes()
                else:
                    assert response.status == 404
                assert key_text(key_of(link.url)).encode() not in body
        async with session.get(link.url.split("#")[0].rstrip("/") + "/words.json") as response:
            words = await response.json()
        assert words["language"] == "en" and words["words"]["Wait for your turn."] == "Wait for your turn."


@playing
async def test_the_phone_is_told_the_console_s_language_and_served_its_words_in_it(link: PhoneLink) -> None:
    console = Console(link)
    page = link.url.split("#")[0].rstrip("/")
    async with aiohttp.ClientSession() as session:
        phone = await paired_phone(console, session)
        link.send(CHOOSE_MOVE)
        use("ko")
        try:
            link.send(CHOOSE_MOVE)  # the language changed in the game's menu: the phone hears it first
            async with session.get(page + "/words.json") as response:
                words = await response.json()
            async with session.get(page + "/") as response:
                index = await response.text()
            await phone.send({"type": "hello"})  # the page came back: paired, in the language spoken now
            await arrive(phone, 6, console)
        finally:
            use("en")
        link.send(CHOOSE_MOVE)
        await arrive(phone, 8)
    language = {"type": "language", "language": "ko"}
    assert phone.bodies == [PAIRED, CHOOSE_MOVE, language, CHOOSE_MOVE, {"type": "paired", "language": "ko"}, CHOOSE_MOVE,
                            {"type": "language", "language": "en"}, CHOOSE_MOVE]
    assert words["language"] == "ko" and words["words"]["Wait for your turn."] == "차례를 기다리세요."
    assert words["counted"]["{n} move"][1] == "이동 {n}번" and len(words["counted"]["{n} move"]) == 100
    assert '<html lang="ko">' in index and "<title>미스터 X</title>" in index and "자바스크립트" in index


# ------------------------------------------------------------ a packet capture


class Relay:
    """A TCP relay that forwards both ways and keeps every byte, per connection and direction."""

    def __init__(self, port: int) -> None:
        self.target = port
        self.streams: list[tuple[bytearray, bytearray]] = []
        """For each connection: the bytes towards the server, the bytes back."""
        self.done: list[asyncio.Future[Any]] = []

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        return int(self.server.sockets[0].getsockname()[1])

    async def _relay(self, client_in: asyncio.StreamReader, client_out: asyncio.StreamWriter) -> None:
        server_in, server_out = await asyncio.open_connection("127.0.0.1", self.target)
        up, down = bytearray(), bytearray()
        self.streams.append((up, down))
        self.done.append(asyncio.gather(_pipe(client_in, server_out, up), _pipe(server_in, client_out, down)))
        await self.done[-1]

    async def stop(self) -> None:
        """Stop listening, once every connection relayed has ended at both ends."""
        await asyncio.wait_for(asyncio.gather(*self.done), WAIT_S)
        self.server.close()
        await self.server.wait_closed()


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, kept: bytearray) -> None:
    while data := await reader.read(65536):
        kept += data
        writer.write(data)
        await writer.drain()
    writer.close()
    await writer.wait_closed()


def wire_texts(stream: bytes) -> list[str]:
    """What one direction of a WebSocket connection carried, readably: the HTTP head, then each frame's payload unmasked.

    A payload that is base64 is read decoded too, so that a message merely encoded would still be found.
    """
    head, _, rest = stream.partition(b"\r\n\r\n")
    texts = [head.decode("latin-1")]
    at = 0
    while at < len(rest):
        first, second = rest[at], rest[at + 1]
        assert first & 0x70 == 0, "no extension (compression) is expected"
        length, at = second & 0x7F, at + 2
        if length >= 126:
            size = 2 if length == 126 else 8
            length, at = int.from_bytes(rest[at:at + size], "big"), at + size
        mask = rest[at:at + 4] if second & 0x80 else bytes(4)
        at += 4 if second & 0x80 else 0
        payload = bytes(byte ^ mask[index % 4] for index, byte in enumerate(rest[at:at + length]))
        at += length
        try:
            texts.append(base64.b64decode(payload, validate=True).decode("latin-1"))
        except ValueError:
            texts.append(payload.decode("latin-1"))
    return texts


def stations_in(messages: list[dict[str, Any]]) -> set[int]:
    """Every station number the messages name, in a field or in a leg."""
    found = set()
    for message in messages:
        for value in message.values():
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, str) and re.fullmatch(r"[TBUXFS]\d+", item):
                    found.add(int(item[1:]))
        if "station" in message:
            found.add(message["station"])
    return found


def leaked(relay: Relay, stations: set[int], *, down: bool = True) -> set[int]:
    """The stations whose number appears as decimal text in what the relay carried (towards the phone too, if *down*)."""
    streams = [stream for up, back in relay.streams for stream in ((up, back) if down else (up,))]
    texts = [text for stream in streams for text in wire_texts(bytes(stream))]
    return {station for station in stations if any(re.search(rf"(?<!\d){station}(?!\d)", text) for text in texts)}


TURNS = [
    ({**CHOOSE_MOVE, "round": 4, "station": 157, "moves": ["T133", "B185", "X115"]}, {"type": "move", "leg": "B185"}),
    ({**CHOOSE_MOVE, "round": 5, "station": 185, "moves": ["T186", "U153", "X128"], "log": ["T128", "X142", "B185"]},
     {"type": "move", "leg": "U153"}),
    ({**CHOOSE_MOVE, "round": 6, "station": 153, "moves": ["T167", "U111"], "log": ["T128", "X142", "B185", "U153"]},
     {"type": "move", "leg": "T167", "double": True}),
]
"""Three turns of Mister X: the console's question and the phone's answer."""
SENT = [message for turn in TURNS for message in turn]


@playing
async def test_a_packet_capture_shows_no_station_of_the_game(link: PhoneLink) -> None:
    console = Console(link)
    relay = Relay(int(urlsplit(link.url).port or 0))
    relayed = link.url.replace(f":{urlsplit(link.url).port}/", f":{await relay.start()}/")
    async with aiohttp.ClientSession() as session:
        phone = Phone(relayed)
        await phone.connect(session)
        await phone.send({"type": "hello"})
        await arrive(phone, 1, console)
        for number, (question, answer) in enumerate(TURNS, start=1):
            link.send(question)
            await arrive(phone, 1 + 2 * number - 1)
            assert phone.bodies[-1] == question
            await phone.send(answer)
            await console.until(lambda: answer in console.received)  # noqa: B023 (awaited in the same pass)
            link.send({"type": "accepted", "seen": []})
            await arrive(phone, 1 + 2 * number)
        await phone.hang_up()
    await relay.stop()
    assert console.received == [answer for _, answer in TURNS]
    assert len(stations_in(SENT)) == 10 and relay.streams
    assert leaked(relay, stations_in(SENT)) == set()


@playing
async def test_the_capture_check_finds_the_stations_of_a_game_played_in_clear() -> None:
    """The control run: the same relay and turns, the messages sent as plain JSON frames."""
    server = PhoneServer("127.0.0.1", 0)
    relay = Relay(server.port)
    try:
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(f"ws://127.0.0.1:{await relay.start()}/ws")
            await ws.send_str(json.dumps({"type": "hello"}))
            conn = (await next_frame(server)).conn
            for question, answer in TURNS:
                server.send(conn, json.dumps(question))
                assert json.loads(await ws.receive_str(timeout=WAIT_S)) == question
                await ws.send_str(json.dumps(answer))
                assert json.loads((await next_frame(server)).text) == answer
            await ws.close()
        await relay.stop()
        assert leaked(relay, stations_in(SENT)) == stations_in(SENT)
        answered = stations_in([answer for _, answer in TURNS])
        assert leaked(relay, answered, down=False) == answered  # found in the phone's masked frames too
    finally:
        server.close()


async def next_frame(server: PhoneServer) -> Frame:
    """The next frame the server read (other events are passed over)."""
    deadline = time.monotonic() + WAIT_S
    while True:
        for event in server.events():
            if isinstance(event, Frame):
                return event
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.005)


# ------------------------------------------------------------ closing, the address, the code


@playing
async def test_close_leaves_no_thread_and_frees_the_port(clock: Clock) -> None:
    before = set(threading.enumerate())
    link = PhoneLink("127.0.0.1", 0, clock=clock)
    port = int(urlsplit(link.url).port or 0)
    console = Console(link)
    async with aiohttp.ClientSession() as session:
        phone = await paired_phone(console, session)
        link.close()
        await asyncio.wait_for(phone.closed.wait(), WAIT_S)
    assert set(threading.enumerate()) == before
    with socket.socket() as listener:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", port))
        listener.listen()
    link.close()  # twice is harmless


def test_a_port_in_use_is_an_error_and_leaves_no_thread(link: PhoneLink, clock: Clock) -> None:
    before = set(threading.enumerate())
    with pytest.raises(OSError):
        PhoneLink("127.0.0.1", int(urlsplit(link.url).port or 0), clock=clock)
    assert set(threading.enumerate()) == before


def test_the_lan_address_is_found_without_sending_and_falls_back_to_loopback() -> None:
    assert re.fullmatch(r"127\.\d+\.\d+\.\d+", lan_address("127.0.0.2"))
    assert lan_address("not an address") == "127.0.0.1"


def test_the_qr_code_has_its_quiet_zone_finders_and_medium_correction() -> None:
    matrix = qr_matrix("http://192.168.1.20:8765/#k=" + key_text(bytes(32)))
    size = len(matrix)
    assert all(len(row) == size for row in matrix) and (size - 8 - 17) % 4 == 0
    assert not any(matrix[i][j] for i in range(size) for j in range(size) if min(i, j, size - 1 - i, size - 1 - j) < 4)
    finder = [[max(abs(i - 3), abs(j - 3)) != 2 for j in range(7)] for i in range(7)]
    for top, left in ((4, 4), (4, size - 11), (size - 11, 4)):
        assert [row[left:left + 7] for row in matrix[top:top + 7]] == finder
    # The format's first two bits (row 8 of the code, columns 0 and 1), XOR its mask's 1 and 0, are the level: M is 00.
    assert (matrix[4 + 8][4], matrix[4 + 8][5]) == (True, False)
