"""Mister X's phone link (hardware/phone/) against a phone played by the test: aiohttp's WebSocket client and PyNaCl.

The test's phone seals, pads, opens and agrees keys by the wire protocol itself
(not with ``hardware.phone.channel`` or ``hardware.phone.pairing``), as the page
does, so both ends are checked against the protocol rather than against each
other.
"""

from __future__ import annotations

import asyncio
import base64
import functools
import hashlib
import json
import logging
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
import nacl.public
import nacl.secret
import nacl.utils
import pytest

from console.games.classic import talk
from firmware import messages
from hardware.interfaces import HandheldLink
from hardware.phone import PhoneLink, qr_matrix
from hardware.phone.channel import DROP_REASONS, MAX_FRAME, SIZES, Channel, Dropped, frame_length, key_text
from hardware.phone.link import lan_address
from hardware.phone.pairing import RECORD_LENGTH, Pairing, new_key
from hardware.phone.server import FILES, WS_LIMIT, Frame, PhoneServer
from language import use

ASK = messages.ask(["who"], [[["round", "4"], ["at", "157"]]], [["T", 4], ["B", 3], ["X", 5], ["D", 2]], [], "",
                   [["T", [["T133", "133"]]], ["B", [["B185", "185"]]], ["X", [["X115", "115"]]]], "", False)
"""Mister X's turn, as the console asks it."""
ANSWER = messages.answer("B185")
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


def pad(plain: bytes) -> bytes:
    """*plain* with spaces up to the smallest size class that holds it."""
    return plain.ljust(next(size for size in SIZES if size >= len(plain)))


class Phone:
    """A phone's page, played by the test: joins, says hello, seals and opens by the protocol, keeps what it read.

    *key*: the code's key it uses (the URL's unless given); *phone_id* and *secret*: who it is (new ones unless given).
    """

    def __init__(self, url: str, *, key: bytes | None = None, phone_id: str | None = None,
                 secret: nacl.public.PrivateKey | None = None) -> None:
        self.url = url
        self.code = nacl.secret.SecretBox(key_of(url) if key is None else key)
        self.id = phone_id or secrets.token_hex(8)
        self.secret = secret or nacl.public.PrivateKey.generate()
        self.session: nacl.secret.SecretBox | None = None
        """Under the session key: known once the console answered the join."""
        self.connection: nacl.secret.SecretBox | None = None
        """Under this connection's key: known once the console answered the hello."""
        self.hello_nonce = b""
        self.seq = 0
        self.console_seq = 0
        self.frames: list[str] = []
        """Every text frame that came, opened or not."""
        self.handshake: list[dict[str, Any]] = []
        """The bodies that came under the code's key or the session key, in order."""
        self.bodies: list[dict[str, Any]] = []
        """The bodies that came under a connection's key, in order."""
        self.closed = asyncio.Event()

    @property
    def ready(self) -> bool:
        return self.connection is not None

    def seal_with(self, box: nacl.secret.SecretBox, body: dict[str, Any], *, seq: int = 0, sender: str = "phone",
                  phone: str | None = None) -> str:
        plain = {"from": sender, "seq": seq, "phone": self.id if phone is None else phone, "body": body}
        return self.seal_bytes(pad(json.dumps(plain).encode()), box)

    def seal(self, body: dict[str, Any], *, sender: str = "phone", seq: int | None = None, phone: str | None = None) -> str:
        """A frame of this connection: the next seq unless given."""
        assert self.connection is not None, "no connection's key yet"
        if seq is None:
            self.seq += 1
            seq = self.seq
        return self.seal_with(self.connection, body, seq=seq, sender=sender, phone=phone)

    def seal_bytes(self, plain: bytes, box: nacl.secret.SecretBox | None = None) -> str:
        box = box or self.connection
        assert box is not None
        return base64.b64encode(bytes(box.encrypt(plain, nacl.utils.random(24)))).decode()

    def open(self, frame: str) -> tuple[nacl.secret.SecretBox, dict[str, Any]] | None:
        for box in (self.connection, self.session, self.code):
            if box is None:
                continue
            try:
                plain = box.decrypt(base64.b64decode(frame, validate=True))
            except Exception:
                continue
            assert len(plain) in SIZES, len(plain)
            envelope = json.loads(plain)
            assert envelope["from"] == "console" and envelope["phone"] == self.id, envelope
            if box is self.connection:
                assert envelope["seq"] > self.console_seq, envelope
                self.console_seq = envelope["seq"]
            else:
                assert envelope["seq"] == 0, envelope
            return box, dict(envelope["body"])
        return None

    async def connect(self, session: aiohttp.ClientSession, url: str | None = None, *, handshake: bool = True) -> None:
        """A new socket; the handshake starts at once unless not *handshake* (the test sends what it wants)."""
        self.closed.clear()
        self.connection = None
        self.ws = await session.ws_connect(ws_url(url or self.url))
        self.reader = asyncio.create_task(self._read(self.ws))
        if handshake:
            await (self.hello() if self.session is not None else self.join())

    async def join(self) -> None:
        await self.ws.send_str(self.seal_with(self.code, {"type": "join", "key": base64.b64encode(bytes(self.secret.public_key)).decode()}))

    async def hello(self) -> None:
        assert self.session is not None
        self.hello_nonce = secrets.token_bytes(16)
        await self.ws.send_str(self.seal_with(self.session, {"type": "hello", "nonce": base64.b64encode(self.hello_nonce).decode()}))

    async def _read(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        async for message in ws:
            if message.type == aiohttp.WSMsgType.TEXT:
                self.frames.append(message.data)
                opened = self.open(message.data)
                if opened is not None:
                    await self._took(*opened)
        self.closed.set()

    async def _took(self, box: nacl.secret.SecretBox, body: dict[str, Any]) -> None:
        if box is self.connection:
            self.bodies.append(body)
            return
        self.handshake.append(body)
        if body["type"] == "session" and box is self.code:
            console_key = nacl.public.PublicKey(base64.b64decode(body["key"]))
            shared = nacl.public.Box(self.secret, console_key).shared_key()
            self.session, self.shared = nacl.secret.SecretBox(shared), bytes(shared)
            await self.hello()
        elif body["type"] == "paired" and box is self.session:
            key = hashlib.sha512(self.shared + self.hello_nonce + base64.b64decode(body["nonce"])).digest()[:32]
            self.connection, self.seq, self.console_seq = nacl.secret.SecretBox(key), 0, 0
            await self.send({"type": "ping"})

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


def kinds(bodies: list[dict[str, Any]]) -> list[str]:
    return [body["type"] for body in bodies]


async def paired_phone(console: Console, session: aiohttp.ClientSession, phone: Phone | None = None) -> Phone:
    """*phone* (a new one) connected: joined (if it must), said hello, and heard on its connection."""
    phone = phone or Phone(console.link.url)
    await phone.connect(session)
    await console.until(lambda: phone.ready and console.link.connected)
    return phone


async def arrive(phone: Phone, count: int, console: Console | None = None) -> None:
    """Wait until *phone* opened *count* bodies on its connection (polling the console meanwhile, if any)."""
    deadline = time.monotonic() + WAIT_S
    while len(phone.bodies) < count:
        if console is not None:
            console.received += [dict(message) for message in console.link.receive()]
        assert time.monotonic() < deadline, f"timed out with {phone.bodies}"
        await asyncio.sleep(0.005)


# ------------------------------------------------------------ the channel alone


def test_channel_opens_what_the_other_side_sealed_once_and_pads_it_to_its_size() -> None:
    key = new_key()
    console, phone = Channel(key, "console"), Channel(key, "phone")
    frame = phone.seal(ANSWER, "0123456789abcdef")
    opened = console.open(frame)
    assert (opened.phone_id, opened.body) == ("0123456789abcdef", ANSWER)
    for frame_again, reason in ((frame, "replayed"), (console.seal(ASK, "0123456789abcdef"), "reflected"),
                                (Channel(new_key(), "phone").seal(ANSWER, "0123456789abcdef"), "unauthentic"),
                                ("=" * (MAX_FRAME + 1), "too_big"), ("not base64!", "unauthentic")):
        with pytest.raises(Dropped) as drop:
            console.open(frame_again)
        assert drop.value.reason == reason
    assert len(key) == 32 and key_of("http://h:1/#k=" + key_text(key)) == key and "=" not in key_text(key)
    lengths = {len(phone.seal(body, "0123456789abcdef")) for body in ({"type": "ping"}, ANSWER, ASK)}
    assert lengths == {frame_length(SIZES[0])} == {1420}
    hint = {**ASK, "hint": "x" * 2000}
    assert len(phone.seal(hint, "0123456789abcdef")) == frame_length(4096) and frame_length(SIZES[-1]) <= MAX_FRAME
    with pytest.raises(ValueError, match="longer than a frame holds"):
        phone.seal({"type": "refused", "reason": "x" * SIZES[-1]}, "0123456789abcdef")


def test_the_handshake_s_channels_take_any_number_and_a_connection_s_counts_on() -> None:
    key = new_key()
    code = Channel(key, "console", ordered=False)
    join = Channel(key, "phone", ordered=False).seal({"type": "join"}, "0123456789abcdef")
    assert code.open(join) == code.open(join)  # a handshake's frame may come again: it is answered again, harmlessly
    assert json.loads(nacl.secret.SecretBox(key).decrypt(base64.b64decode(join)))["seq"] == 0


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
        assert kinds(phone.handshake) == ["session", "paired"] and phone.handshake[1]["language"] == "en"
        link.send(ASK)
        await arrive(phone, 1)
        assert phone.bodies == [ASK]
        await phone.send({"type": "ping"})
        await phone.send(ANSWER)
        await console.until(lambda: bool(console.received))
        assert console.received == [ANSWER]
        assert link.counters == console.counted()
        assert {len(frame) for frame in phone.frames} == {1420}  # every frame as long as any other


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
async def test_a_phone_back_with_hello_gets_the_words_its_last_screen_and_what_followed(link: PhoneLink) -> None:
    console = Console(link)
    async with aiohttp.ClientSession() as session:
        phone = await paired_phone(console, session)
        words = messages.words({"T": ["taxi", "taxi:", "Taxi to %s?", "Taxi to %s", "yellow"]}, {"at": "at %s"})
        show = messages.show(["who"], [[["round", "3"], ["at", "142"]]], [["T", 4]], [], "", [["T", "128"], ["X", "142"]])
        for message in (words, messages.accepted(["seen", "142"]), show, ASK):
            link.send(message)
        await arrive(phone, 4)
        recorded = await phone.send(ANSWER)
        await console.until(lambda: console.received == [ANSWER])
        await phone.hang_up()
        await console.until(lambda: not link.connected)
        refused = {"type": "refused", "reason": "That move is not yours to make."}
        link.send(refused)  # while the phone is away
        phone.bodies.clear()
        await phone.connect(session)  # a reloaded page: the same phone, no join (it knows the console's key), a new connection
        await arrive(phone, 3, console)
        assert phone.bodies == [words, ASK, refused] and kinds(phone.handshake) == ["session", "paired", "paired"]
        assert link.connected
        link.send({"type": "wait"})
        await arrive(phone, 4)
        assert phone.bodies[3:] == [{"type": "wait"}]
        await phone.ws.send_str(recorded)  # a frame of the connection before: its key opens nothing on this one
        await console.settle(phone)
        assert console.received == [ANSWER] and link.counters == console.counted(unauthentic=1)


@playing
async def test_a_second_socket_of_the_same_phone_takes_the_game_and_the_first_is_told(link: PhoneLink) -> None:
    console = Console(link)
    async with aiohttp.ClientSession() as session:
        first = await paired_phone(console, session)
        link.send(ASK)
        await arrive(first, 1)
        second = Phone(link.url, phone_id=first.id, secret=first.secret)  # another tab of the same browser
        await paired_phone(console, session, second)
        await arrive(second, 1)
        await asyncio.wait_for(first.closed.wait(), WAIT_S)
        assert first.bodies == [ASK, {"type": "elsewhere"}] and second.bodies == [ASK]
        assert kinds(second.handshake) == ["session", "paired"]  # it joins as the paired phone: answered, not taken
        await second.send(ANSWER)
        await console.until(lambda: console.received == [ANSWER])
        assert link.connected and link.counters == console.counted()


# ------------------------------------------------------------ what no one else can do


@playing
async def test_a_stranger_with_the_url_but_not_the_key_gets_nothing_and_changes_nothing(link: PhoneLink) -> None:
    console = Console(link)
    async with aiohttp.ClientSession() as session:
        stranger = Phone(link.url, key=new_key())
        await stranger.connect(session)
        await console.until(lambda: link.counters["unauthentic"] == 1)
        assert not link.paired
        phone = await paired_phone(console, session)
        await stranger.join()
        await stranger.ws.send_str(stranger.seal_with(stranger.code, ANSWER, seq=1))
        link.send(ASK)
        await arrive(phone, 1)
        await console.settle(phone)
        await console.until(lambda: link.counters["unauthentic"] == 3)
        assert stranger.frames == [] and not stranger.closed.is_set()
        assert console.received == [] and phone.bodies == [ASK]
        assert link.connected and link.counters == console.counted(unauthentic=3)


@playing
async def test_someone_who_saw_the_code_and_copies_the_phone_s_id_cannot_play_or_read(link: PhoneLink) -> None:
    """The attack: the code's key (a bystander saw the QR code), the paired phone's id (read from its join), a higher seq."""
    console = Console(link)
    async with aiohttp.ClientSession() as session:
        phone = await paired_phone(console, session)
        bystander = Phone(link.url, phone_id=phone.id)
        await bystander.connect(session, handshake=False)
        forged = bystander.seal_with(bystander.code, ANSWER, seq=10**6)
        await bystander.ws.send_str(forged)  # a move under the code's key, with the phone's id and a higher seq
        await console.until(lambda: link.counters["no_session"] == 1)
        await bystander.ws.send_str(phone.frames[0])  # the console's answer to the phone's join, sent back
        await bystander.join()  # joins as the phone, with a key of his own
        await console.until(bystander.closed.is_set)
        assert kinds(bystander.handshake) == ["taken"] and console.received == []
        link.send(ASK)
        await arrive(phone, 1)
        await phone.send(ANSWER)
        await console.until(lambda: console.received == [ANSWER])
        assert link.counters == console.counted(no_session=1, reflected=1, other_phone=1)
        # He replays the phone's own join (he could read it): the console's public key comes back, which is no secret, and
        # his hello, under the key his own secret key makes with it, opens under none of the console's.
        eavesdropper = Phone(link.url, phone_id=phone.id)
        await eavesdropper.connect(session, handshake=False)
        await eavesdropper.ws.send_str(phone.seal_with(phone.code, {"type": "join", "key": base64.b64encode(
            bytes(phone.secret.public_key)).decode()}))
        await console.until(lambda: link.counters["unauthentic"] == 1)
        assert kinds(eavesdropper.handshake) == ["session"] and not eavesdropper.ready
        assert link.connected and console.received == [ANSWER] and not phone.closed.is_set()


@playing
async def test_a_replayed_frame_is_dropped(link: PhoneLink) -> None:
    console = Console(link)
    async with aiohttp.ClientSession() as session:
        phone = await paired_phone(console, session)
        frame = await phone.send(ANSWER)
        await phone.ws.send_str(frame)
        await phone.send(ANSWER, seq=1)  # an older seq, sealed anew
        await console.settle(phone)
        assert console.received == [ANSWER]
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
        await old.connect(session)  # its hello, under the old session key
        await old.ws.send_str(old.seal_with(old.code, ANSWER))
        await old.join()
        await console.until(lambda: link.counters["unauthentic"] == 3)
        assert not link.paired and console.received == []
        new = await paired_phone(console, session)
        assert link.paired and new.bodies == []
        link.pair_again()
        assert not link.paired
        await asyncio.wait_for(new.closed.wait(), WAIT_S)
        assert old.frames == [] and link.counters == console.counted(unauthentic=3)


@playing
async def test_a_restarted_console_given_the_kept_pairing_knows_the_same_phone(clock: Clock) -> None:
    first = PhoneLink("127.0.0.1", 0, clock=clock)
    port = urlsplit(first.url).port
    console = Console(first)
    try:
        async with aiohttp.ClientSession() as session:
            phone = await paired_phone(console, session)
            recorded = await phone.send(ANSWER)
            await console.until(lambda: console.received == [ANSWER])
            kept, url = first.pairing, first.url
            first.close()  # the power went
            await asyncio.wait_for(phone.closed.wait(), WAIT_S)
            back = PhoneLink("127.0.0.1", port or 0, clock=clock)
            try:
                assert back.url != url and back.restore(kept) and back.url == url and back.paired
                console = Console(back)
                await paired_phone(console, session, phone)  # its hello, under the session key: no new scan
                assert kinds(phone.handshake) == ["session", "paired", "paired"]
                await phone.ws.send_str(recorded)  # the move of the console's life before: it opens on no new connection
                back.send(ASK)
                await arrive(phone, 1)
                await console.settle(phone)
                assert console.received == [] and back.counters == console.counted(unauthentic=1)
            finally:
                back.close()
    finally:
        first.close()


def test_the_kept_pairing_is_as_long_paired_or_not_and_a_bad_one_is_not_taken(link: PhoneLink,
                                                                               caplog: pytest.LogCaptureFixture) -> None:
    unpaired = Pairing.new()
    paired = unpaired.pair("0123456789abcdef", bytes(nacl.public.PrivateKey.generate().public_key))
    assert len(unpaired.text) == len(paired.text) == len(link.pairing) == RECORD_LENGTH
    assert Pairing.from_text(paired.text) == paired and Pairing.from_text(unpaired.text) == unpaired
    url = link.url
    for bad in ("", "A" * RECORD_LENGTH, paired.text[:-1], "!" * RECORD_LENGTH, "B" + paired.text[1:]):
        with caplog.at_level(logging.WARNING, logger="hardware.phone.link"):
            assert not link.restore(bad)
        assert link.url == url and not link.paired
    assert "the phone scans a new code" in caplog.text
    with pytest.raises(ValueError, match="agrees no secret"):
        unpaired.pair("0123456789abcdef", bytes(32))  # a low-order key: the shared secret would be public


@playing
async def test_forged_and_tampered_frames_are_unauthentic(link: PhoneLink) -> None:
    console = Console(link)
    async with aiohttp.ClientSession() as session:
        phone = await paired_phone(console, session)
        sealed = bytearray(base64.b64decode(phone.seal(ANSWER)))
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
        link.send(ASK)
        await arrive(phone, 1)
        for frame in phone.frames:  # the join's answer, the hello's, and the message
            await phone.ws.send_str(frame)
        await phone.send(ANSWER, sender="console")  # the phone's own frame, claiming to be the console's
        await console.settle(phone)
        assert console.received == []
        assert link.counters == console.counted(reflected=4)


@playing
async def test_a_second_phone_with_the_key_is_told_taken_and_nothing_else(link: PhoneLink) -> None:
    console = Console(link)
    async with aiohttp.ClientSession() as session:
        phone = await paired_phone(console, session)
        second = Phone(link.url)
        await second.connect(session)
        await console.until(second.closed.is_set)
        link.send(ASK)
        await arrive(phone, 1)
        await console.settle(phone)
        assert second.handshake == [{"type": "taken"}] and len(second.frames) == 1
        assert phone.bodies == [ASK] and console.received == []
        assert link.connected and link.counters == console.counted(other_phone=1)


@playing
async def test_too_big_frames_are_dropped_unread(link: PhoneLink) -> None:
    console = Console(link)
    async with aiohttp.ClientSession() as session:
        phone = await paired_phone(console, session)
        phone.seq += 1
        big = json.dumps({"from": "phone", "seq": phone.seq, "phone": phone.id, "body": {**ANSWER, "padding": "x" * MAX_FRAME}})
        await phone.ws.send_str(phone.seal_bytes(big.encode()))
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
        good = {"from": "phone", "seq": 100, "phone": phone.id, "body": ANSWER}
        nested = b'{"from":"phone","seq":101,"phone":"' + phone.id.encode() + b'","body":{"type":"move","leg":' + b"[" * 4000
        bad = [b"\xff not utf-8", b"{not json", b"[1, 2]", json.dumps({**good, "seq": -1}).encode(),
               json.dumps({**good, "seq": True}).encode(), json.dumps({**good, "seq": 2**53}).encode(),
               json.dumps({**good, "seq": 1e300}).encode(), json.dumps({**good, "seq": float("nan")}).encode(),
               json.dumps({**good, "phone": "ABCDEF0123456789"}).encode(),
               json.dumps({**good, "from": "someone"}).encode(), json.dumps({**good, "body": {"leg": "B185"}}).encode(),
               json.dumps({**good, "extra": 1}).encode(), json.dumps({"from": "phone", "seq": 101, "phone": phone.id}).encode(),
               b'{"from":"phone","seq":1' + b"0" * 5000 + b',"phone":"' + phone.id.encode() + b'","body":{"type":"move"}}',
               nested + b"]" * 4000 + b"}}", nested]
        for plain in bad:
            await phone.ws.send_str(phone.seal_bytes(pad(plain)))
        await phone.ws.send_str(phone.seal_bytes(json.dumps({**good, "seq": 102}).encode()))  # not padded to a size
        await phone.ws.send_bytes(b"a binary frame")
        assert phone.session is not None
        for body in ({"type": "hello"}, {"type": "hello", "nonce": "short"}, {"type": "move", "leg": "T1"}):
            await phone.ws.send_str(phone.seal_with(phone.session, body))  # under the session key: only a whole hello
        for body in ({"type": "join"}, {"type": "join", "key": "not a key"}, {"type": "join", "key": 7}):
            await phone.ws.send_str(phone.seal_with(phone.code, body))
        await phone.send({"type": "hello", "nonce": base64.b64encode(bytes(16)).decode()})  # a handshake's, on a connection
        await phone.send(ANSWER, seq=0)  # a handshake's number, on a connection: older than any of its frames
        await console.settle(phone)
        assert console.received == []
        assert link.counters == console.counted(malformed=len(bad) + 2 + 3 + 3 + 1, replayed=1)


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
        link.send(ASK)
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
        link.send(ASK)
        use("ko")
        try:
            link.send(ASK)  # the language changed in the game's menu: the phone hears it first
            async with session.get(page + "/words.json") as response:
                words = await response.json()
            async with session.get(page + "/") as response:
                index = await response.text()
            await phone.hang_up()
            await phone.connect(session)  # the page came back: paired, in the language spoken now
            await arrive(phone, 4, console)
        finally:
            use("en")
        link.send(ASK)
        await arrive(phone, 6)
    language = {"type": "language", "language": "ko"}
    assert phone.bodies == [ASK, language, ASK, ASK, {"type": "language", "language": "en"}, ASK]
    assert [(body["type"], body.get("language")) for body in phone.handshake] == [("session", None), ("paired", "en"), ("paired", "ko")]
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
    """Every station number the messages name: in a leg (a choice's answer, the phone's answer), or where he stands."""
    found = set()

    def look(value: object) -> None:
        if isinstance(value, dict):
            for item in value.values():
                look(item)
        elif isinstance(value, list):
            if value[:1] == ["at"] and len(value) == 2:  # the heading's "at 157"
                found.add(int(value[1]))
            for item in value:
                look(item)
        elif isinstance(value, str) and re.fullmatch(r"[TBUXFS]\d+", value):
            found.add(int(value[1:]))

    for message in messages:
        look(message)
    return found


def leaked(relay: Relay, stations: set[int], *, down: bool = True) -> set[int]:
    """The stations whose number appears as a value would carry it in what the relay carried (towards the phone too, if
    *down*): the decimal text between JSON's delimiters, or after a ticket's letter ("B185", "157", ``[157,``). Bare
    digits are not enough: random ciphertext holds three digits in a row often enough to fail a run in a hundred."""
    streams = [stream for up, back in relay.streams for stream in ((up, back) if down else (up,))]
    texts = [text for stream in streams for text in wire_texts(bytes(stream))]
    return {station for station in stations
            if any(re.search(rf'[\s"\[:,TBUXFS]{station}[\s",\]}}]', text) for text in texts)}


TURNS = [
    (talk.turn(4, 157, {"taxi": 4, "bus": 3, "black": 5}, ["T133", "B185", "X115"], False, False), messages.answer("B185")),
    (talk.turn(5, 185, {"taxi": 4, "bus": 2, "underground": 1, "black": 5}, ["T186", "U153", "X128"], False, False),
     messages.answer("U153")),
    (talk.turn(6, 153, {"taxi": 4, "bus": 2, "black": 5, "double": 2}, ["T167", "U111"], True, False), messages.answer("T167", True)),
]
"""Three turns of Mister X: the console's question and the phone's answer."""
SENT = [message for turn in TURNS for message in turn]


@playing
async def test_a_packet_capture_shows_no_station_of_the_game(link: PhoneLink) -> None:
    console = Console(link)
    relay = Relay(int(urlsplit(link.url).port or 0))
    relayed = link.url.replace(f":{urlsplit(link.url).port}/", f":{await relay.start()}/")
    async with aiohttp.ClientSession() as session:
        phone = await paired_phone(console, session, Phone(relayed))
        for number, (question, answer) in enumerate(TURNS, start=1):
            link.send(question)
            await arrive(phone, 2 * number - 1)
            assert phone.bodies[-1] == question
            await phone.send(answer)
            await console.until(lambda: answer in console.received)  # noqa: B023 (awaited in the same pass)
            link.send(messages.accepted())
            await arrive(phone, 2 * number)
        await phone.hang_up()
    await relay.stop()
    assert console.received == [answer for _, answer in TURNS]
    assert len(stations_in(SENT)) == 9 and relay.streams
    assert leaked(relay, stations_in(SENT)) == set()
    frames = [text for up, back in relay.streams for stream in (up, back) for text in wire_texts(bytes(stream))[1:]
              if len(text) > 2]  # the closing handshake's status code aside
    assert {len(base64.b64encode(text.encode("latin-1"))) for text in frames} == {1420}  # the frames' lengths tell nothing


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
