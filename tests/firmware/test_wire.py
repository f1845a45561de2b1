"""The wire format (firmware/wire.py): shared vectors, COBS, corruption counted, fuzzing of decoder and endpoint."""

from __future__ import annotations

import json
import struct
from binascii import crc32
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware import wire
from firmware.link import Endpoint
from tests.conftest import scaled

VECTORS = json.loads((Path(wire.__file__).parent / "vectors.json").read_text(encoding="utf-8"))
TOKEN = "3f9a0c51e7b2d864"


# ---------------------------------------------------------------- shared vectors


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_vector_encodes_to_its_bytes_and_back(vector: dict[str, Any]) -> None:
    data = wire.encode_frame(**vector["frame"])
    assert data.hex() == vector["bytes"], f"the format changed; new bytes: {data.hex()}"
    assert wire.Decoder().feed(bytes.fromhex(vector["bytes"])) == [vector["frame"]]


def test_vectors_cover_every_message_kind_and_the_edges() -> None:
    types = {v["frame"]["message"]["type"] for v in VECTORS if v["frame"]["message"] and "type" in v["frame"]["message"]}
    assert types >= {"words", "show", "ask", "accepted", "refused", "wait", "game_over", "answer"}
    assert any(v["frame"]["flags"] & wire.HELLO for v in VECTORS) and any(v["frame"]["message"] is None for v in VECTORS)
    sizes = [len(wire.cobs_decode(bytes.fromhex(v["bytes"])[:-1])) for v in VECTORS]
    assert max(sizes) == wire.MAX_FRAME
    assert any(v["frame"]["seq"] == 0xFFFF for v in VECTORS)


def test_all_vectors_decode_from_one_stream_fed_a_byte_at_a_time() -> None:
    stream = b"".join(bytes.fromhex(v["bytes"]) for v in VECTORS)
    decoder = wire.Decoder()
    frames = [frame for i in range(len(stream)) for frame in decoder.feed(stream[i : i + 1])]
    assert frames == [v["frame"] for v in VECTORS] and decoder.counters == {}


# ---------------------------------------------------------------- COBS and the body


@pytest.mark.parametrize(
    ("raw", "encoded"),
    [
        (b"", b"\x01"),
        (b"\x00", b"\x01\x01"),
        (b"\x00\x00", b"\x01\x01\x01"),
        (b"\x11\x22\x00\x33", b"\x03\x11\x22\x02\x33"),
        (b"\x11\x00\x00\x00", b"\x02\x11\x01\x01\x01"),
        (bytes(range(1, 255)), b"\xff" + bytes(range(1, 255)) + b"\x01"),
        (bytes(range(255)), b"\x01\xff" + bytes(range(1, 255)) + b"\x01"),
        (bytes(range(1, 256)), b"\xff" + bytes(range(1, 255)) + b"\x02\xff"),
    ],
)
def test_cobs_known_encodings(raw: bytes, encoded: bytes) -> None:
    assert wire.cobs_encode(raw) == encoded
    assert wire.cobs_decode(encoded) == raw


@given(st.binary(max_size=1200))
def test_cobs_round_trip_has_no_zero_byte(data: bytes) -> None:
    encoded = wire.cobs_encode(data)
    assert b"\x00" not in encoded
    assert wire.cobs_decode(encoded) == data


@pytest.mark.parametrize("bad", [b"\x05\x11", b"\x03\x11\x00", b"\x00"])
def test_cobs_refuses_what_it_cannot_have_made(bad: bytes) -> None:
    with pytest.raises(ValueError):
        wire.cobs_decode(bad)


def test_body_is_canonical_json() -> None:
    assert wire.encode_body({"b": 1, "a": [True, None, "é"], "c": {"z": 0, "y": 1.5}}) == (
        '{"a":[true,null,"é"],"b":1,"c":{"y":1.5,"z":0}}'.encode()
    )
    assert wire.encode_body({"type": 'say "\\\n"'}) == b'{"type":"say \\"\\\\\\u000a\\""}'
    assert wire.encode_body(None) == b""


@pytest.mark.parametrize("message", [{"x": float("nan")}, {"x": float("inf")}, {1: "x"}, {"x": {1, 2}}, {"x": b"raw"}])
def test_body_refuses_what_json_cannot_say(message: dict[Any, Any]) -> None:
    with pytest.raises((TypeError, ValueError)):
        wire.encode_body(message)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@given(st.dictionaries(st.text(max_size=8), json_values, max_size=6))
def test_any_json_object_survives_the_wire(message: dict[str, Any]) -> None:
    frame = {"flags": 0, "seq": 1, "ack": 2, "token": TOKEN, "message": message}
    assert wire.Decoder().feed(wire.encode_frame(**frame)) == [frame]


@pytest.mark.parametrize("token", ["123", "0123456789abcdeg", "0123456789abcdef0", 5])
def test_a_token_is_sixteen_hex_characters(token: Any) -> None:
    with pytest.raises((ValueError, TypeError)):
        wire.token_bytes(token)


def test_an_all_zero_token_is_no_token() -> None:
    assert wire.token_text(wire.token_bytes("0" * 16)) == ""
    assert wire.token_text(wire.token_bytes("0123456789ABCDEF")) == "0123456789abcdef"


def test_a_body_over_the_limit_is_refused_when_sent() -> None:
    with pytest.raises(ValueError, match="limit"):
        wire.pack_frame(0, 0, 0, "", b"x" * (wire.MAX_BODY + 1))


# ---------------------------------------------------------------- every corruption dropped and counted


def _frame(message: dict[str, Any] | None = None) -> bytes:
    return wire.encode_frame(0, 1, 0, TOKEN, {"type": "wait"} if message is None else message)


def _raw_frame(version: int, body: bytes) -> bytes:
    """A frame built by hand, with a correct CRC."""
    frame = struct.pack(wire.HEADER, version, 0, 1, 0, bytes(8)) + body
    return wire.cobs_encode(frame + struct.pack(">I", crc32(frame))) + b"\x00"


def _flip(data: bytes, index: int) -> bytes:
    return data[:index] + bytes([data[index] ^ 0x10]) + data[index + 1 :]


CORRUPTIONS = [
    ("not COBS", b"\x09\x41\x42\x00", "garbled"),
    ("too short for a header", wire.cobs_encode(b"\x01\x02\x03") + b"\x00", "garbled"),
    ("cut short", _frame()[:-6] + b"\x00", "garbled"),
    ("a byte short", wire.cobs_encode(wire.cobs_decode(_frame()[:-1])[:-1]) + b"\x00", "crc"),
    ("a bit flipped in the body", _flip(_frame(), 20), "crc"),
    ("a bit flipped in the header", _flip(_frame(), 4), "crc"),
    ("another protocol version", _raw_frame(wire.VERSION - 1, b'{"type":"wait"}'), "version"),
    ("body not JSON", _raw_frame(wire.VERSION, b"{nope"), "body"),
    ("body not UTF-8", _raw_frame(wire.VERSION, b'{"a":"\xff"}'), "body"),
    ("body a JSON list", _raw_frame(wire.VERSION, b"[1]"), "body"),
    ("longer than any frame's encoding", b"\x01" * (wire.MAX_ENCODED + 1) + b"\x00", "oversized"),
    ("decodes to more than MAX_FRAME", b"\x01" * (wire.MAX_FRAME + 2) + b"\x00", "oversized"),
]


@pytest.mark.parametrize(("bad", "reason"), [c[1:] for c in CORRUPTIONS], ids=[c[0] for c in CORRUPTIONS])
def test_each_corruption_is_dropped_counted_and_the_next_frame_still_arrives(bad: bytes, reason: str) -> None:
    decoder = wire.Decoder()
    good = {"flags": 0, "seq": 1, "ack": 0, "token": TOKEN, "message": {"type": "wait"}}
    assert decoder.feed(bad + _frame()) == [good]
    assert decoder.counters == {reason: 1}


def test_a_frame_of_another_version_is_dropped_and_its_version_kept() -> None:
    """So the end that dropped it can say why the other is not heard: a handheld flashed before this protocol, or after."""
    decoder = wire.Decoder()
    assert decoder.other_version == 0
    assert decoder.feed(_raw_frame(1, b'{"type":"choose_move"}') + _raw_frame(0xFF, b"")) == []
    assert decoder.other_version == 0xFF and decoder.counters == {"version": 2}
    assert decoder.feed(_frame())[0]["message"] == {"type": "wait"} and decoder.other_version == 0xFF  # the link clears it


def test_an_oversized_frame_fed_in_small_chunks_is_dropped_without_growing_the_buffer() -> None:
    decoder = wire.Decoder()
    for _ in range(100):
        assert decoder.feed(b"\x01" * 1000) == []
    assert len(decoder._buffer) <= wire.MAX_ENCODED
    assert decoder.feed(b"\x00" + _frame()) == [wire.Decoder().feed(_frame())[0]]
    assert decoder.counters == {"oversized": 1}


def test_empty_frames_between_delimiters_are_not_counted() -> None:
    decoder = wire.Decoder()
    assert decoder.feed(b"\x00\x00" + _frame() + b"\x00") != [] and decoder.counters == {}


# ---------------------------------------------------------------- fuzzing the decoder


@settings(max_examples=scaled(100))
@given(st.binary(max_size=3000), st.lists(st.integers(1, 64), max_size=50))
def test_the_decoder_never_raises_and_accepts_nothing_from_random_bytes(data: bytes, cuts: list[int]) -> None:
    decoder = wire.Decoder()
    frames, start = [], 0
    for cut in [*cuts, len(data)]:
        frames += decoder.feed(data[start : start + cut])
        start += cut
    frames += decoder.feed(data[start:])
    assert frames == []  # a random CRC-32 match is a 1 in 4 billion chance


corruptions = st.sampled_from(["intact", "flip", "truncate", "garbage"])


@settings(max_examples=scaled(100))
@given(st.lists(st.tuples(json_values, corruptions, st.integers(0, 10**6), st.binary(max_size=40)), min_size=1, max_size=12))
def test_the_decoder_returns_exactly_the_intact_frames(plan: list[tuple[Any, str, int, bytes]]) -> None:
    stream, expected = b"", []
    for seq, (value, corruption, where, garbage) in enumerate(plan):
        frame = {"flags": 0, "seq": seq, "ack": 0, "token": TOKEN, "message": {"type": "x", "v": value}}
        body = wire.encode_frame(**frame)[:-1]
        if corruption == "intact":
            expected.append(frame)
        elif corruption == "flip":
            body = bytes(b ^ (1 << where % 8) if i == where % len(body) else b for i, b in enumerate(body))
        elif corruption == "truncate":
            body = body[: where % len(body)]
        else:
            body = b"\x01" + garbage.replace(b"\x00", b"") + body  # junk glued to the front of the frame
        stream += body + b"\x00"
        if corruption == "garbage":
            stream += garbage + b"\x00"  # and a lone scrap between frames
    assert wire.Decoder().feed(stream) == expected


# ---------------------------------------------------------------- fuzzing the endpoint

mangles = st.sampled_from(["pass", "drop", "flip", "truncate", "duplicate", "replay", "noise"])


@settings(max_examples=scaled(60))
@given(st.lists(st.tuples(mangles, mangles, st.integers(0, 10**6), st.binary(max_size=30)), min_size=5, max_size=80))
def test_endpoints_deliver_each_message_once_in_order_whatever_the_wire_does(steps: list[tuple[str, str, int, bytes]]) -> None:
    host, handheld = Endpoint("host"), Endpoint("handheld")
    host.start_session(TOKEN, True)
    to_handheld = [{"type": "state", "n": n} for n in range(10)]
    to_host = [{"type": "move", "n": n} for n in range(10)]
    for message in to_handheld:
        host.send(message)
    for message in to_host:
        handheld.send(message)
    history: list[bytes] = []

    def mangle(data: bytes, how: str, where: int, noise: bytes) -> bytes:
        history.append(data)
        if not data or how == "pass":
            return data
        if how == "drop":
            return b""
        if how == "flip":
            return _flip(data, where % len(data))
        if how == "truncate":
            return data[: where % len(data)]
        if how == "duplicate":
            return data + data
        if how == "replay":
            return history[where % len(history)] + data
        return noise + data

    got_handheld: list[dict[str, Any]] = []
    got_host: list[dict[str, Any]] = []
    now = 0
    for down, up, where, noise in steps:
        now += 60
        got_handheld += handheld.feed(mangle(host.poll(now), down, where, noise), now)
        got_host += host.feed(mangle(handheld.poll(now), up, where // 7, noise[::-1]), now)
    for _ in range(200):  # then a clean wire until everything is through
        now += 60
        got_handheld += handheld.feed(host.poll(now), now)
        got_host += host.feed(handheld.poll(now), now)
    assert got_handheld == to_handheld
    assert got_host == to_host
    assert handheld.token == TOKEN and host.connected(now) and handheld.connected(now)
