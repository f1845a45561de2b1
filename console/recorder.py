"""Where a game's accepted actions go before anything shows them: the recorder the flows write to.

A flow hands each accepted action to its recorder as an event (plain data, a
``"type"`` and its fields, encoded by its kind of game) before it changes the
lights or the screen; the journal (``console.journal.Journal``) writes it to
disk, so a power cut loses at most the action in progress.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeVar

Event = Mapping[str, Any]
"""One journal event: ``{"type": ..., ...}``, JSON-ready."""
UNDO: Event = {"type": "undo"}
"""Every kind's undo: the last action of the turn taken back (``game.undo()``)."""

class Undoable(Protocol):
    def undo(self) -> object:
        """Take back the last action of the turn."""


G = TypeVar("G", bound=Undoable)
Action = Callable[[G, Event], G]
"""A kind's event played on a game: the game after it (the same object, or a new one)."""


def replay_event(game: G, event: Event, actions: Mapping[str, Action[G]], game_name: str) -> G:
    """*game* after *event*: an undo, or one of the kind's *actions* by the event's type (``ValueError`` for any other)."""
    kind = event.get("type")
    if kind == "undo":
        game.undo()
        return game
    action = actions.get(kind) if isinstance(kind, str) else None
    if action is None:
        raise ValueError(f"an event of type {kind!r} has no place in {game_name}'s journal")
    return action(game, event)


class Recorder(Protocol):
    def record(self, event: Event) -> None:
        """Keep *event*; it is safe (on disk, for the journal) when this returns."""


class NoRecord:
    """A recorder that keeps nothing (tests, demonstrations, replays)."""

    def record(self, event: Event) -> None:
        pass
