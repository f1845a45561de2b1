"""The phone's keys: the code's key, the session key agreed after it, each connection's key, and what the journal keeps.

- **The code's key** (32 random bytes) is in the QR code's fragment. Whoever saw
  the code has it, so it opens only the join: the phone's public key one way, the
  console's the other (``hardware.phone``'s wire protocol).
- **The session key** is NaCl's box key (X25519, then HSalsa20:
  ``crypto_box_beforenm``) between the page's key pair, made in the browser, and
  the console's, made when it pairs the phone. It takes one of the two secret
  keys, which never travel: someone who saw the code and every frame since
  cannot compute it, so cannot read or forge what it seals.
- **A connection's key** is the first 32 bytes of SHA-512 over the session key,
  the phone's hello nonce and the console's answer's nonce: new on each
  connection from both sides, so that a frame recorded on one connection opens
  on no other, a console restarted from its journal included.
- **The record** (``Pairing.text``) is what the journal keeps so that a
  restarted console shows the same code and knows the paired phone again: one
  length whatever it holds, so that the journal's size does not tell whether a
  phone had paired.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
import secrets
from dataclasses import dataclass, replace

import nacl.exceptions
import nacl.public
import nacl.secret

KEY_BYTES = nacl.secret.SecretBox.KEY_SIZE
"""Bytes of every key: the code's, the session's, a connection's, and both X25519 keys."""
NONCE_BYTES = 16
"""Bytes of a hello's or an answer's connection nonce."""
PHONE_ID_BYTES = 8
"""Bytes of a phone id (16 hex characters)."""
RECORD_VERSION = 1
_RECORD_BYTES = 2 + KEY_BYTES + PHONE_ID_BYTES + 2 * KEY_BYTES
"""The record: its version, whether a phone paired, the code's key, the phone's id and public key, the console's secret key."""
RECORD_LENGTH = len(base64.urlsafe_b64encode(bytes(_RECORD_BYTES)).rstrip(b"="))
"""Characters of every record's text."""
_RECORD = re.compile(rf"[A-Za-z0-9_-]{{{RECORD_LENGTH}}}")


def new_key() -> bytes:
    """A new code's key: 32 random bytes."""
    return secrets.token_bytes(KEY_BYTES)


def key_field(key: bytes) -> str:
    """A key or nonce as a message's field carries it: standard base64, padded."""
    return base64.b64encode(key).decode("ascii")


def field_key(value: object, size: int) -> bytes:
    """The *size* bytes a message's field carries (``key_field``); ``ValueError`` if it carries no such thing."""
    if not isinstance(value, str) or len(value) != len(key_field(bytes(size))):
        raise ValueError(f"not {size} bytes in base64")
    try:
        return base64.b64decode(value, validate=True)
    except binascii.Error:
        raise ValueError(f"not {size} bytes in base64") from None


def session_key(secret: bytes, public: bytes) -> bytes:
    """The box key between our *secret* key and their *public* key (``ValueError`` for a public key that makes none)."""
    try:
        return bytes(nacl.public.Box(nacl.public.PrivateKey(secret), nacl.public.PublicKey(public)).shared_key())
    except nacl.exceptions.CryptoError:  # a low-order point: the shared secret would be all zeros, known to anyone
        raise ValueError("a public key that agrees no secret") from None


def connection_key(session: bytes, phone_nonce: bytes, console_nonce: bytes) -> bytes:
    """The key of one connection: SHA-512 of the session key and both sides' nonces, its first 32 bytes."""
    return hashlib.sha512(session + phone_nonce + console_nonce).digest()[:KEY_BYTES]


@dataclass(frozen=True)
class Paired:
    """The phone paired with the game: its id and public key, and the console's secret key for it."""

    phone_id: str
    phone_key: bytes
    console_secret: bytes

    @property
    def console_key(self) -> bytes:
        """The console's public key, which the phone is sent."""
        return bytes(nacl.public.PrivateKey(self.console_secret).public_key)

    @property
    def session_key(self) -> bytes:
        return session_key(self.console_secret, self.phone_key)


@dataclass(frozen=True)
class Pairing:
    """A game's pairing: the code's key, and the phone paired with it (None until one joins)."""

    code_key: bytes
    paired: Paired | None = None

    @classmethod
    def new(cls) -> Pairing:
        """A new code, no phone paired."""
        return cls(new_key())

    def pair(self, phone_id: str, phone_key: bytes) -> Pairing:
        """This code with the phone *phone_id* of public key *phone_key* paired (``ValueError`` for a key that agrees none)."""
        secret = bytes(nacl.public.PrivateKey.generate())
        session_key(secret, phone_key)
        return replace(self, paired=Paired(phone_id, phone_key, secret))

    def is_paired_phone(self, phone_id: str, phone_key: bytes) -> bool:
        """The phone *phone_id* with public key *phone_key* is the one paired (it joins again: a reload before the answer came)."""
        return self.paired is not None and (self.paired.phone_id, self.paired.phone_key) == (phone_id, phone_key)

    @property
    def text(self) -> str:
        """The record the journal keeps: base64url without padding, ``RECORD_LENGTH`` characters whatever it holds."""
        paired = self.paired
        phone = bytes(_RECORD_BYTES - 2 - KEY_BYTES) if paired is None else (
            bytes.fromhex(paired.phone_id) + paired.phone_key + paired.console_secret)
        record = bytes([RECORD_VERSION, paired is not None]) + self.code_key + phone
        return base64.urlsafe_b64encode(record).rstrip(b"=").decode("ascii")

    @classmethod
    def from_text(cls, text: str) -> Pairing:
        """The pairing a record's *text* holds; ``ValueError`` saying why if it holds none."""
        if not isinstance(text, str) or not _RECORD.fullmatch(text):
            raise ValueError(f"a phone pairing record is {RECORD_LENGTH} characters of base64url")
        record = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        version, paired = record[0], record[1]
        if version != RECORD_VERSION or paired not in (0, 1):
            raise ValueError(f"a phone pairing record of version {version} (this console reads {RECORD_VERSION})")
        code, rest = record[2 : 2 + KEY_BYTES], record[2 + KEY_BYTES :]
        if not paired:
            return cls(code)
        phone_id, phone_key, secret = rest[:PHONE_ID_BYTES].hex(), rest[PHONE_ID_BYTES : PHONE_ID_BYTES + KEY_BYTES], rest[-KEY_BYTES:]
        session_key(secret, phone_key)
        return cls(code, Paired(phone_id, phone_key, secret))
