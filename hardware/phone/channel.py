"""The sealed channel between the console and Mister X's phone: frames in and out under one key, nothing else.

One ``Channel`` per key and side. ``seal`` turns a body into a frame (the wire
protocol of ``hardware.phone``), its plaintext padded to a size class so that a
frame's length tells nothing of what it carries; ``open`` turns a frame back into
its phone id and body, or raises ``Dropped`` naming the reason, so that nothing of
a frame that is forged, tampered with, replayed, reflected or built to hurt the
reader (deep nesting, huge numbers, wrong types) ever reaches the game, and
nothing a frame holds raises anything else.

A connection's channel is *ordered*: its frames are numbered from 1 and a number
not above the last one opened is a replay. The pairing's channels (under the
code's key and the session key) carry only the handshake, which may be replayed
harmlessly: their frames are numbered 0, and their numbers are not checked.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, NoReturn

import nacl.exceptions
import nacl.secret
import nacl.utils

Side = Literal["console", "phone"]

MAX_FRAME = 16384
"""Characters of the longest frame read; a longer one is dropped unread."""
SIZES = (1024, 2048, 4096, 8192)
"""The sizes (bytes) a plaintext is padded to with spaces: the smallest that holds it. Every message of a game fits the
first, so every frame of a game is as long as every other (1,420 characters); a longer lesson's hint takes a larger one."""
MAX_SEQ = 2**53 - 1
"""The highest frame number: the largest integer a JavaScript number holds exactly."""
DROP_REASONS = ("unauthentic", "replayed", "reflected", "malformed", "too_big", "other_phone", "no_session")
"""Why a frame is dropped: the first five are the channel's; ``other_phone`` and ``no_session`` are the pairing's
(``hardware.phone.link``)."""
_FIELDS = frozenset({"from", "seq", "phone", "body"})
_PHONE_ID = re.compile(r"[0-9a-f]{16}")
_SMALLEST = nacl.secret.SecretBox.NONCE_SIZE + nacl.secret.SecretBox.MACBYTES
_UNREADABLE = (UnicodeDecodeError, ValueError, RecursionError)
"""What decoding a plaintext built to hurt can raise: bad UTF-8, bad JSON or a number too long (ValueError), nesting
deeper than the parser goes (RecursionError)."""


class Dropped(Exception):
    """A frame that is not read; *reason* is one of ``DROP_REASONS``."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Opened:
    """What an authentic, fresh frame carries."""

    phone_id: str
    body: dict[str, Any]


def key_text(key: bytes) -> str:
    """*key* as the pairing URL carries it: base64url without padding."""
    return base64.urlsafe_b64encode(key).rstrip(b"=").decode("ascii")


def padded(plain: bytes) -> bytes:
    """*plain* followed by spaces up to the smallest of ``SIZES`` that holds it (``ValueError`` if none does)."""
    for size in SIZES:
        if len(plain) <= size:
            return plain + b" " * (size - len(plain))
    raise ValueError(f"a message of {len(plain)} bytes is longer than a frame holds ({SIZES[-1]} bytes)")


def frame_length(size: int) -> int:
    """The characters of a frame whose plaintext is *size* bytes (nonce, tag, base64)."""
    return 4 * -(-(size + _SMALLEST) // 3)


class Channel:
    """One side's end of the channel under *key*: numbers what it seals, refuses what it has already opened (if *ordered*)."""

    def __init__(self, key: bytes, side: Side, *, ordered: bool = True) -> None:
        self._box = nacl.secret.SecretBox(key)
        self._side = side
        self._ordered = ordered
        self._next_seq = 1 if ordered else 0
        self._last_seq = 0
        """The last seq opened (an ordered channel's)."""

    def seal(self, body: Mapping[str, Any], phone_id: str) -> str:
        """A frame carrying *body* from this side, for or from the phone *phone_id*."""
        plain = {"from": self._side, "seq": self._next_seq, "phone": phone_id, "body": dict(body)}
        if self._ordered:
            self._next_seq += 1
        text = padded(json.dumps(plain, separators=(",", ":")).encode("utf-8"))
        sealed = self._box.encrypt(text, nacl.utils.random(nacl.secret.SecretBox.NONCE_SIZE))
        return base64.b64encode(bytes(sealed)).decode("ascii")

    def open(self, frame: str) -> Opened:
        """The phone id and body *frame* carries; ``Dropped`` if it is not an authentic, fresh frame from the other side."""
        if len(frame) > MAX_FRAME:
            raise Dropped("too_big")
        try:
            sealed = base64.b64decode(frame, validate=True)
        except (binascii.Error, ValueError):
            raise Dropped("unauthentic") from None
        if len(sealed) < _SMALLEST:
            raise Dropped("unauthentic")
        try:
            plain = self._box.decrypt(sealed)
        except nacl.exceptions.CryptoError:
            raise Dropped("unauthentic") from None
        sender, seq, phone_id, body = _fields(plain)
        if sender == self._side:
            raise Dropped("reflected")
        if self._ordered:
            if seq <= self._last_seq:
                raise Dropped("replayed")
            self._last_seq = seq
        return Opened(phone_id, body)


def _fields(plain: bytes) -> tuple[str, int, str, dict[str, Any]]:
    """The sender, seq, phone id and body of an opened frame; ``Dropped("malformed")`` if it is not the protocol's JSON."""
    if len(plain) not in SIZES:
        raise Dropped("malformed")
    try:
        data = json.loads(plain.decode("utf-8"), parse_constant=_no_constant)
    except _UNREADABLE:
        raise Dropped("malformed") from None
    if not isinstance(data, dict) or set(data) != _FIELDS:
        raise Dropped("malformed")
    sender, seq, phone_id, body = data["from"], data["seq"], data["phone"], data["body"]
    if (sender not in ("console", "phone") or type(seq) is not int or not 0 <= seq <= MAX_SEQ
            or not isinstance(phone_id, str) or not _PHONE_ID.fullmatch(phone_id)
            or not isinstance(body, dict) or not isinstance(body.get("type"), str)):
        raise Dropped("malformed")
    return sender, seq, phone_id, body


def _no_constant(name: str) -> NoReturn:
    """JSON has no NaN or Infinity (Python's reader would take them): a frame holding one is malformed."""
    raise ValueError(f"{name} is not JSON")
