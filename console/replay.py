"""``scotland-yard replay FILE``: a finished game played back on the board and the screen.

A record names its format, which names its kind of game (``console.games``);
the kind gives the scenes, each as the players saw it then (public only: never
a hidden station before its reveal), a few seconds each; the end shows the
result. Any key skips to the end, another leaves.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from console.app import FRAME_SECONDS, Presenter
from console.games import KINDS, GameKind
from engine.errors import RecordError
from engine.record import parse_json
from hardware.files import read_text
from hardware.interfaces import Hardware, KeyPressed


def load_record_file(path: Path) -> tuple[GameKind, Any]:
    """The game filed at *path* and its kind; ``RecordError`` names the file if it is missing, unreadable or no record."""
    text = read_text(path, RecordError)
    if text is None:
        raise RecordError(f"no game record at {path}")
    try:
        return load_record(text)
    except RecordError as error:
        raise RecordError(f"{path}: {error}") from None


def load_record(text: str) -> tuple[GameKind, Any]:
    """A filed game and its kind, by its record's format; ``RecordError`` says what is wrong with a bad one."""
    data = parse_json(text)
    found = data.get("format") if isinstance(data, dict) else None
    for kind in KINDS:
        if found == kind.journal.record_format:
            return kind, kind.journal.from_record(data)
    formats = ", ".join(repr(kind.journal.record_format) for kind in KINDS)
    raise RecordError(f"not a game record of this console (its 'format' is {found!r}, not one of {formats})")


def replay(
    hardware: Hardware,
    kind: GameKind,
    final: Any,
    *,
    step_s: float = 2.0,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
    end_s: float = 60.0,
) -> None:
    """Show every scene for *step_s* seconds (a key skips to the end), then the end for *end_s* or until a key."""
    presenter = Presenter(hardware)
    scenes = list(kind.scenes(final))
    index = 0
    while index < len(scenes):
        last = index == len(scenes) - 1
        started = clock()
        skip = False
        while not skip and clock() - started < (end_s if last else step_s):
            presenter.show(scenes[index], clock() - started)  # each scene's flashes start when it does
            skip = any(isinstance(event, KeyPressed) for event in hardware.controls.poll())
            sleep(FRAME_SECONDS)
        if skip and last:
            return
        index = len(scenes) - 1 if skip else index + 1
