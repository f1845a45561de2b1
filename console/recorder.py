"""Where a game's accepted actions go before anything shows them: the recorder the flows write to.

A flow hands each accepted action to its recorder as an event (plain data, a
``"type"`` and its fields, encoded by its kind of game) before it changes the
lights or the screen; the journal (``console.journal.Journal``) writes it to
disk, so a power cut loses at most the action in progress.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

Event = Mapping[str, Any]
"""One journal event: ``{"type": ..., ...}``, JSON-ready."""


class Recorder(Protocol):
    def record(self, event: Event) -> None:
        """Keep *event*; it is safe (on disk, for the journal) when this returns."""


class NoRecord:
    """A recorder that keeps nothing (tests, demonstrations, replays)."""

    def record(self, event: Event) -> None:
        pass
