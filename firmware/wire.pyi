"""Types of firmware/wire.py (the module itself is MicroPython-compatible and unannotated)."""

from typing import Any, TypedDict

VERSION: int
HEADER: str
HEADER_SIZE: int
CRC_SIZE: int
MAX_FRAME: int
MAX_BODY: int
MAX_ENCODED: int
DELIMITER: bytes
NO_TOKEN: bytes
HELLO: int
ANSWER: int
NEW_GAME: int
FROM_HANDHELD: int

class Frame(TypedDict):
    flags: int
    seq: int
    ack: int
    token: str
    message: dict[str, Any] | None

def cobs_encode(data: bytes) -> bytes: ...
def cobs_decode(data: bytes) -> bytes: ...
def token_bytes(token: str) -> bytes: ...
def token_text(raw: bytes) -> str: ...
def encode_body(message: dict[str, Any] | None) -> bytes: ...
def pack_frame(flags: int, seq: int, ack: int, token: str, body: bytes) -> bytes: ...
def encode_frame(flags: int, seq: int, ack: int, token: str, message: dict[str, Any] | None) -> bytes: ...

class DropFrame(Exception): ...

def decode_frame(data: bytes) -> Frame: ...

class Decoder:
    counters: dict[str, int]
    other_version: int
    def __init__(self, counters: dict[str, int] | None = None) -> None: ...
    def feed(self, data: bytes) -> list[Frame]: ...
