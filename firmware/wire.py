"""The bytes of the handheld link: one definition for the Pi (CPython) and the handheld (MicroPython).

A frame on the wire is ``COBS(header + body + crc) + b"\\x00"``:

- header, ``struct`` ``">BBHH8s"`` (14 bytes): protocol ``VERSION``, flags (``HELLO``,
  ``ANSWER``, ``NEW_GAME``, ``FROM_HANDHELD``), seq (u16), ack (u16), the game's session
  token (8 raw bytes; 16 hex characters in Python; all zeros means no token);
- body: empty (an ack or heartbeat) or one JSON object in canonical form (keys sorted,
  no spaces, UTF-8), so both interpreters produce the same bytes;
- crc: CRC-32 (``binascii.crc32``) of header and body, big-endian.

COBS removes every zero byte from the frame, so the zero delimiter always marks a frame's
end and a receiver that starts mid-stream, or loses bytes, finds the next frame at the
next zero. Decoded frames are at most ``MAX_FRAME`` bytes. Any later protocol version keeps
the version byte first and the CRC last, so an old receiver can say why it drops a frame.

A decoded frame is a dict ``{"flags", "seq", "ack", "token", "message"}`` (message is a
dict, or None for an empty body). ``Decoder`` never raises on any input: what it cannot
use it drops and counts by reason in ``counters``: ``garbled`` (not COBS, or too short),
``crc``, ``version``, ``oversized``, ``body`` (not a JSON object). Of a whole frame of
another version it keeps the version (``other_version``), so its end can say why the
other end is not heard: its firmware is older or newer.

Versions: 1 carried Scotland Yard's own messages (a classic game's moves, Junior's
steps); 2 carries the kind-neutral conversation of ``messages`` (``words``, ``show``,
``ask``, ``answer``).

Written in the subset MicroPython shares with CPython: binascii, struct, json, bytes.
"""

import binascii
import json
import struct

VERSION = 2
HEADER = ">BBHH8s"
HEADER_SIZE = struct.calcsize(HEADER)
CRC_SIZE = 4
MAX_FRAME = 2048
"""Largest decoded frame (header + body + crc); the largest console message measured was about 650 bytes."""
MAX_BODY = MAX_FRAME - HEADER_SIZE - CRC_SIZE
MAX_ENCODED = MAX_FRAME + MAX_FRAME // 254 + 1
"""Largest COBS encoding of a MAX_FRAME frame, without its delimiter."""
DELIMITER = b"\x00"
NO_TOKEN = bytes(8)

HELLO = 0x01
"""A link-level greeting; its body is {"epoch": int, "heard": int or null, "language": str} (see link.py; an older end's
hello has no "language")."""
ANSWER = 0x02
"""In a hello: the sender asks for a hello back."""
NEW_GAME = 0x04
"""In the host's hello: a handheld holding another game's token may give it up for this one."""
FROM_HANDHELD = 0x08
"""On every frame the handheld sends, so neither end takes its own frames back (an echoing tty)."""


def cobs_encode(data):
    """*data* with its zero bytes removed (Consistent Overhead Byte Stuffing)."""
    out = bytearray()
    block = bytearray()
    for byte in data:
        if byte:
            block.append(byte)
            if len(block) == 254:
                out.append(255)
                out += block
                block = bytearray()
        else:
            out.append(len(block) + 1)
            out += block
            block = bytearray()
    out.append(len(block) + 1)
    out += block
    return bytes(out)


def cobs_decode(data):
    """The bytes *data* was made from by ``cobs_encode``; ValueError if it cannot have been."""
    if DELIMITER in data:
        raise ValueError("COBS data holds a zero byte")
    out = bytearray()
    index = 0
    while index < len(data):
        code = data[index]
        end = index + code
        if end > len(data):
            raise ValueError("COBS block runs past the end")
        out += data[index + 1 : end]
        index = end
        if code < 255 and index < len(data):
            out.append(0)
    return bytes(out)


def token_bytes(token):
    """The 8 raw bytes of a session token given as 16 hex characters ("" for no token)."""
    if token == "":
        return NO_TOKEN
    if not isinstance(token, str) or len(token) != 16:
        raise ValueError("a session token is 16 hex characters, not %r" % (token,))
    return binascii.unhexlify(token)


def token_text(raw):
    """The 16 lower-case hex characters of a raw token ("" for all zeros)."""
    if raw == NO_TOKEN:
        return ""
    return binascii.hexlify(raw).decode()


def encode_body(message):
    """A message's body bytes: canonical JSON of a dict, or empty for None."""
    if message is None:
        return b""
    if not isinstance(message, dict):
        raise TypeError("a message is a dict, not %s" % type(message).__name__)
    parts = []
    _json(message, parts)
    return "".join(parts).encode()


def pack_frame(flags, seq, ack, token, body):
    """The wire bytes of one frame whose body is already encoded; ValueError if it is too big."""
    if len(body) > MAX_BODY:
        raise ValueError("a frame body of %d bytes is over the %d-byte limit" % (len(body), MAX_BODY))
    frame = struct.pack(HEADER, VERSION, flags, seq, ack, token_bytes(token)) + body
    frame += struct.pack(">I", binascii.crc32(frame) & 0xFFFFFFFF)
    return cobs_encode(frame) + DELIMITER


def encode_frame(flags, seq, ack, token, message):
    """The wire bytes of one frame carrying *message* (a dict, or None for no body)."""
    return pack_frame(flags, seq, ack, token, encode_body(message))


class DropFrame(Exception):
    """A frame that cannot be used; its first argument is the reason it is counted under (a ``version`` drop's second is
    the frame's version)."""


def decode_frame(data):
    """The frame dict in *data* (one COBS-encoded frame, no delimiter); DropFrame if unusable."""
    try:
        frame = cobs_decode(data)
    except ValueError:
        raise DropFrame("garbled") from None
    if len(frame) > MAX_FRAME:
        raise DropFrame("oversized")
    if len(frame) < HEADER_SIZE + CRC_SIZE:
        raise DropFrame("garbled")
    if struct.unpack(">I", frame[-CRC_SIZE:])[0] != binascii.crc32(frame[:-CRC_SIZE]) & 0xFFFFFFFF:
        raise DropFrame("crc")
    version, flags, seq, ack, token = struct.unpack(HEADER, frame[:HEADER_SIZE])
    if version != VERSION:
        raise DropFrame("version", version)
    body = frame[HEADER_SIZE:-CRC_SIZE]
    message = None
    if body:
        try:
            message = json.loads(body.decode())
        except Exception:  # whatever the interpreter raises for bytes that are not JSON (ValueError, UnicodeError, ...)
            raise DropFrame("body") from None
        if not isinstance(message, dict):
            raise DropFrame("body")
    return {"flags": flags, "seq": seq, "ack": ack, "token": token_text(token), "message": message}


class Decoder:
    """Turns bytes, in chunks of any size, into frames; drops and counts what it cannot use."""

    def __init__(self, counters=None):
        self.counters = {} if counters is None else counters
        self.other_version = 0
        """The version of the last whole frame dropped for its version (0: none since ``other_version`` was cleared)."""
        self._buffer = bytearray()
        self._overflow = False

    def feed(self, data):
        """The frames completed by *data* (bytes), in order."""
        frames = []
        start = 0
        while True:
            end = data.find(DELIMITER, start)
            if end < 0:
                self._keep(data[start:])
                return frames
            self._keep(data[start:end])
            start = end + 1
            frame = self._finish()
            if frame is not None:
                frames.append(frame)

    def _keep(self, chunk):
        if self._overflow:
            return
        if len(self._buffer) + len(chunk) > MAX_ENCODED:
            self._overflow = True
            self._buffer = bytearray()
        else:
            self._buffer += chunk

    def _finish(self):
        data, overflow = bytes(self._buffer), self._overflow
        self._buffer = bytearray()
        self._overflow = False
        try:
            if overflow:
                raise DropFrame("oversized")
            if not data:
                return None  # consecutive delimiters: nothing between them, nothing lost
            return decode_frame(data)
        except DropFrame as drop:
            reason = drop.args[0]
            self.counters[reason] = self.counters.get(reason, 0) + 1
            if reason == "version":
                self.other_version = drop.args[1]
            return None


def _json(value, out):
    """Append canonical JSON for *value* to the list *out* (MicroPython's json.dumps has no sort_keys)."""
    if value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, int):
        out.append(str(value))
    elif isinstance(value, float):
        if value - value != 0:  # inf and nan: JSON has no words for them
            raise ValueError("JSON has no %r" % value)
        out.append(json.dumps(value))
    elif isinstance(value, str):
        _quote(value, out)
    elif isinstance(value, (list, tuple)):
        out.append("[")
        for index, item in enumerate(value):
            if index:
                out.append(",")
            _json(item, out)
        out.append("]")
    elif isinstance(value, dict):
        out.append("{")
        for index, key in enumerate(sorted(value)):
            if not isinstance(key, str):
                raise TypeError("JSON object keys are strings, not %r" % (key,))
            if index:
                out.append(",")
            _quote(key, out)
            out.append(":")
            _json(value[key], out)
        out.append("}")
    else:
        raise TypeError("%s is not JSON" % type(value).__name__)


def _quote(text, out):
    """Append *text* as a JSON string: quote, backslash and control characters escaped, the rest as is."""
    out.append('"')
    for char in text:
        if char == '"' or char == "\\":
            out.append("\\" + char)
        elif char < " ":
            out.append("\\u%04x" % ord(char))
        else:
            out.append(char)
    out.append('"')
