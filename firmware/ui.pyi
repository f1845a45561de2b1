"""Types of firmware/ui.py (the module itself is MicroPython-compatible and unannotated)."""

from collections.abc import Callable

from firmware.messages import Answer, Ask, Show, Text, Unreadable
from firmware.screens import Canvas, Page, Row

IDLE_MS: int
NOTICE_MS: int
BUTTONS: tuple[str, ...]
PAIRING: str
WAITING: str
CHOOSING: str
CONFIRMING: str
SENDING: str
OVER: str

class Ui:
    clock_ms: Callable[[], int]
    connected: bool
    language: str
    buzzes: int
    mode: str
    awake: bool
    ringing: bool
    passing: bool
    showing_log: bool
    hint: str
    lesson: list[str]
    showing_lesson: bool
    result: str
    kinds: dict[str, list[str]]
    phrases: dict[str, str]
    who: Text | None
    standing: Show | None
    note: Text
    question: Ask | None
    rows: list[Row]
    cursor: int
    option: bool
    picked: str | None
    def __init__(self, clock_ms: Callable[[], int]) -> None: ...
    def set_connected(self, connected: bool) -> None: ...
    def set_language(self, code: str) -> None: ...
    def on_message(self, message: object) -> list[Unreadable]: ...
    def say(self, text: Text) -> str: ...
    def on_button(self, name: str, now_ms: int) -> list[Answer]: ...
    def choice(self) -> str | None: ...
    def tick(self, now_ms: int) -> bool: ...
    def page(self) -> Page: ...
    def lines(self) -> list[str]: ...
    def draw(self, canvas: Canvas) -> None: ...

