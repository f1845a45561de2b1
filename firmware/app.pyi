"""Types of firmware/app.py (the module itself is MicroPython-compatible and unannotated)."""

from collections.abc import Callable
from typing import Protocol

from firmware.link import Endpoint
from firmware.screens import Canvas, Page
from firmware.ui import Ui

class Transport(Protocol):
    def read(self) -> bytes: ...
    def write(self, data: bytes) -> None: ...

class Display(Canvas, Protocol):
    def show(self) -> None: ...

class Buttons(Protocol):
    def poll(self, now_ms: int) -> list[str]: ...

class Buzzer(Protocol):
    def pulse(self, now_ms: int) -> None: ...
    def update(self, now_ms: int) -> None: ...

class Handheld:
    ui: Ui
    endpoint: Endpoint
    transport: Transport
    display: Display
    buttons: Buttons
    clock_ms: Callable[[], int]
    buzzer: Buzzer | None
    buzzed: int
    shown: Page | None
    def __init__(self, ui: Ui, endpoint: Endpoint, transport: Transport, display: Display, buttons: Buttons,
                 clock_ms: Callable[[], int], buzzer: Buzzer | None = None) -> None: ...
    def step(self) -> None: ...
