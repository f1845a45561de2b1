"""Hostile frames against the phone's channel and link: whatever a frame holds, it is read or dropped, and nothing raises.

The frames that matter are the authentic ones: sealed under a key the reader holds (the code's key, which
anyone who saw the QR code has; the session key; a connection's key), so that they pass the cryptography and
reach the decoding. Hypothesis builds their plaintexts (any bytes, any JSON, nesting as deep as a frame holds,
numbers of any size, fields of any type) and whole frames of any text; the link is fed them through a server
that stands in for the network, after a phone paired the ordinary way.
"""

from __future__ import annotations

import base64
import json
from typing import Any

import nacl.public
import nacl.secret
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.phone.channel import DROP_REASONS, SIZES, Channel, Dropped, Opened, padded
from hardware.phone.link import PhoneLink
from hardware.phone.pairing import KEY_BYTES, NONCE_BYTES, connection_key, field_key, key_field, new_key, session_key
from hardware.phone.server import Closed, Event, Frame, Unread
from tests.conftest import scaled

PHONE_ID = "0123456789abcdef"
KEY = new_key()

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=30,
)
fields = st.fixed_dictionaries({}, optional={"from": json_values | st.sampled_from(["phone", "console"]),
                                             "seq": json_values | st.integers(-3, 2**60),
                                             "phone": json_values | st.just(PHONE_ID),
                                             "body": json_values | st.dictionaries(st.just("type") | st.text(max_size=6), json_values,
                                                                                   max_size=4)})
"""An envelope with any of its four fields, each anything (or nearly right)."""


def deep(depth: int, opening: str = "[", closing: str = "]") -> bytes:
    """An envelope whose body nests *depth* deep (past what the reader parses, within what a frame of the largest size holds)."""
    head = '{"from":"phone","seq":1,"phone":"' + PHONE_ID + '","body":{"type":"move","leg":'
    return (head + opening * depth + closing * depth + "}}").encode()


def sealed(key: bytes, plain: bytes) -> str:
    return base64.b64encode(bytes(nacl.secret.SecretBox(key).encrypt(plain))).decode()


def read(channel: Channel, frame: str) -> Opened | None:
    """What *channel* makes of *frame*: an ``Opened`` of the protocol's types, or None (dropped for a reason it names)."""
    try:
        opened = channel.open(frame)
    except Dropped as drop:
        assert drop.reason in DROP_REASONS
        return None
    assert isinstance(opened.phone_id, str) and len(opened.phone_id) == 16
    assert isinstance(opened.body, dict) and isinstance(opened.body["type"], str)
    return opened


@settings(max_examples=scaled(200))
@given(st.text(max_size=3000) | st.binary(max_size=3000).map(lambda data: base64.b64encode(data).decode()))
def test_any_text_is_read_or_dropped(frame: str) -> None:
    assert read(Channel(KEY, "console"), frame) is None


@settings(max_examples=scaled(200))
@given(st.binary(max_size=SIZES[-1]), st.booleans())
def test_any_authentic_plaintext_is_read_or_dropped(plain: bytes, pad: bool) -> None:
    read(Channel(KEY, "console"), sealed(KEY, plain.ljust(next(size for size in SIZES if size >= len(plain))) if pad else plain))


@settings(max_examples=scaled(100))
@given(fields, st.booleans())
def test_any_authentic_envelope_is_read_or_dropped(envelope: dict[str, Any], ordered: bool) -> None:
    opened = read(Channel(KEY, "console", ordered=ordered), sealed(KEY, padded(json.dumps(envelope).encode())))
    if opened is not None:
        assert envelope["from"] == "phone" and opened.body == envelope["body"]


@pytest.mark.parametrize("plain", [deep(4000), deep(1300, '{"a":', "}"), deep(4000)[:-4000], b'{"seq":' + b"9" * 5000 + b"}",
                                   b'{"from":"phone","seq":NaN,"phone":"' + PHONE_ID.encode() + b'","body":{"type":"ping"}}',
                                   b'{"from":"phone","seq":1e999,"phone":"' + PHONE_ID.encode() + b'","body":{"type":"ping"}}',
                                   b'{"from":"phone","seq":1,"phone":"' + PHONE_ID.encode() + b'","body":{"type":"ping"}}\xff'],
                         ids=["nested lists", "nested objects", "unclosed", "a number of 5000 digits", "NaN", "infinity", "bad UTF-8"])
def test_a_frame_built_to_hurt_the_reader_is_malformed(plain: bytes) -> None:
    with pytest.raises(Dropped) as drop:
        Channel(KEY, "console").open(sealed(KEY, padded(plain)))
    assert drop.value.reason == "malformed"


class Wire:
    """The link's server, standing in for the network: frames in as the test gives them, frames out kept by connection."""

    port = 8765

    def __init__(self) -> None:
        self.queued: list[Event] = []
        self.sent: list[tuple[int, str]] = []
        self.hung_up: list[int] = []

    def events(self) -> list[Event]:
        events, self.queued = self.queued, []
        return events

    def send(self, conn: int, frame: str) -> None:
        self.sent.append((conn, frame))

    def hang_up(self, conn: int) -> None:
        self.hung_up.append(conn)

    def close(self) -> None:
        pass


class Paired:
    """A link and the keys of the phone paired with it the ordinary way, on connection 1: a frame under each of its keys."""

    def __init__(self) -> None:
        self.wire = Wire()
        self.link = PhoneLink("127.0.0.1", 0, server=self.wire)  # type: ignore[arg-type]
        self.code_key = base64.urlsafe_b64decode(self.link.url.split("#k=")[1] + "=")
        secret = nacl.public.PrivateKey.generate()
        code = Channel(self.code_key, "phone", ordered=False)
        answer = self.answer(code.seal({"type": "join", "key": key_field(bytes(secret.public_key))}, PHONE_ID), code)
        self.session_key = session_key(bytes(secret), field_key(answer["key"], KEY_BYTES))
        session, nonce = Channel(self.session_key, "phone", ordered=False), bytes(NONCE_BYTES)
        answer = self.answer(session.seal({"type": "hello", "nonce": key_field(nonce)}, PHONE_ID), session)
        self.connection_key = connection_key(self.session_key, nonce, field_key(answer["nonce"], NONCE_BYTES))
        self.feed(Frame(1, Channel(self.connection_key, "phone").seal({"type": "ping"}, PHONE_ID)))
        assert self.link.paired and self.link.connected and not any(self.link.counters.values())

    def answer(self, frame: str, channel: Channel) -> dict[str, Any]:
        self.feed(Frame(1, frame))
        return channel.open(self.wire.sent[-1][1]).body

    def feed(self, *events: Event) -> list[Any]:
        self.wire.queued.extend(events)
        return list(self.link.receive())


@pytest.fixture(scope="module")
def paired() -> Paired:
    return Paired()


keys = st.sampled_from(["code", "session", "connection", "other"])


@settings(max_examples=scaled(100))
@given(st.lists(st.tuples(keys, fields | st.binary(max_size=200), st.integers(1, 3)), max_size=6),
       st.lists(st.sampled_from(["closed", "unread"]), max_size=2))
def test_no_frame_under_any_key_raises_out_of_the_link(paired: Paired, frames: list[tuple[str, Any, int]], others: list[str]) -> None:
    keys_by_name = {"code": paired.code_key, "session": paired.session_key, "connection": paired.connection_key, "other": KEY}
    events: list[Event] = []
    for key, plain, conn in frames:
        text = padded(json.dumps(plain).encode()) if isinstance(plain, dict) else plain
        events.append(Frame(conn, sealed(keys_by_name[key], text)))
    events += [Closed(2) if other == "closed" else Unread(3, "malformed") for other in others]
    before = paired.link.counters
    for message in paired.feed(*events):  # what reaches the game: a body with a type, none of the link's own
        assert isinstance(message, dict) and isinstance(message["type"], str)
        assert message["type"] not in ("ping", "hello", "join")
    assert all(paired.link.counters[reason] >= before[reason] for reason in DROP_REASONS)
