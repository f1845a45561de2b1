"""Where a game's accepted actions go before anything shows them: the recorder the flows write to.

A flow hands each accepted action to its recorder as an event (plain data, a
``"type"`` and its fields, encoded by its kind of game) before it changes the
lights or the screen; the journal (``console.records.journal.Journal``) writes it to
disk, so a power cut loses at most the action in progress.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol, TypeVar

Event = Mapping[str, Any]
"""One journal event: ``{"type": ..., ...}``, JSON-ready."""
UNDO: Event = {"type": "undo"}
"""Every kind's undo: the last action of the turn taken back (``game.undo()``)."""
STATION_DIGITS = 3
"""The digits of the largest station (199): a hidden station in an event is made up to this many by its ``pad``."""


def padded(event: Event, hidden: Iterable[int]) -> dict[str, Any]:
    """*event* with a ``pad`` of spaces that makes up each of its *hidden* stations to three digits.

    The journal's size is seen by anyone who can list its folder: padded, the
    line of an event that holds the hidden side's stations (Mister X's move, a
    rogue's choice, a start or a correction) is as long wherever the hidden side
    is. Replay ignores the pad; events written before it have none.
    """
    return {**event, "pad": " " * sum(STATION_DIGITS - len(str(station)) for station in hidden)}


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
