"""The sealed channel between the console and Mister X's phone: frames in and out, nothing else.

One ``Channel`` per key and side. ``seal`` turns a body into a frame (the wire
protocol of ``hardware.phone``); ``open`` turns a frame back into its phone id and
body, or raises ``Dropped`` naming the reason, so that nothing of a frame that is
forged, tampered with, replayed or reflected ever reaches the game.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

import nacl.exceptions
import nacl.secret
import nacl.utils

Side = Literal["console", "phone"]

MAX_FRAME = 16384
"""Characters of the longest frame read; a longer one is dropped unread."""
DROP_REASONS = ("unauthentic", "replayed", "reflected", "malformed", "too_big", "other_phone")
"""Why a frame is dropped: the first five are the channel's, ``other_phone`` is the pairing's (``hardware.phone.link``)."""
_FIELDS = frozenset({"from", "seq", "phone", "body"})
_PHONE_ID = re.compile(r"[0-9a-f]{16}")
_SMALLEST = nacl.secret.SecretBox.NONCE_SIZE + nacl.secret.SecretBox.MACBYTES


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


def new_key() -> bytes:
    """A new game's phone key: 32 random bytes."""
    return secrets.token_bytes(nacl.secret.SecretBox.KEY_SIZE)


def key_text(key: bytes) -> str:
    """*key* as the pairing URL carries it: base64url without padding."""
    return base64.urlsafe_b64encode(key).rstrip(b"=").decode("ascii")


class Channel:
    """One side's end of the channel under *key*: numbers what it seals, refuses what it has already opened."""

    def __init__(self, key: bytes, side: Side) -> None:
        self._box = nacl.secret.SecretBox(key)
        self._side = side
        self._next_seq = 1
        self._last_seq: dict[str, int] = {}
        """The last seq accepted from each phone id (the console's frames carry the phone's id too)."""

    def seal(self, body: Mapping[str, Any], phone_id: str) -> str:
        """A frame carrying *body* from this side, for or from the phone *phone_id*."""
        plain = {"from": self._side, "seq": self._next_seq, "phone": phone_id, "body": dict(body)}
        self._next_seq += 1
        text = json.dumps(plain, separators=(",", ":")).encode("utf-8")
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
        if seq <= self._last_seq.get(phone_id, 0):
            raise Dropped("replayed")
        self._last_seq[phone_id] = seq
        return Opened(phone_id, body)


def _fields(plain: bytes) -> tuple[str, int, str, dict[str, Any]]:
    """The sender, seq, phone id and body of an opened frame; ``Dropped("malformed")`` if it is not the protocol's JSON."""
    try:
        data = json.loads(plain.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise Dropped("malformed") from None
    if not isinstance(data, dict) or set(data) != _FIELDS:
        raise Dropped("malformed")
    sender, seq, phone_id, body = data["from"], data["seq"], data["phone"], data["body"]
    if (sender not in ("console", "phone") or type(seq) is not int or seq < 1
            or not isinstance(phone_id, str) or not _PHONE_ID.fullmatch(phone_id)
            or not isinstance(body, dict) or not isinstance(body.get("type"), str)):
        raise Dropped("malformed")
    return sender, seq, phone_id, body
