"""Types of firmware/link.py (the module itself is MicroPython-compatible and unannotated)."""

from typing import Any

RESEND_MS: int
HEARTBEAT_MS: int
DEAD_MS: int
WINDOW: int

class Endpoint:
    role: str
    token: str
    new_game: bool
    other_game: bool
    counters: dict[str, int]
    def __init__(self, role: str, token: str = "") -> None: ...
    def start_session(self, token: str, new_game: bool) -> None: ...
    def send(self, message: dict[str, Any]) -> None: ...
    def feed(self, data: bytes, now_ms: int) -> list[dict[str, Any]]: ...
    def poll(self, now_ms: int) -> bytes: ...
    def connected(self, now_ms: int) -> bool: ...
