"""How a Junior game goes into the console's journal and its history: the events, the start, the record.

The journal (``console.journal``) keeps events as JSON lines; these are Junior's
(version 1 of the journal, unchanged)::

    {"type": "start", "junior": {"district": "central", "stations": {"fox": 101, ...}}, ...}
    {"type": "step", "step": ["fox", 115, "ferry"]}      a rogue's choice or a detective's step: [piece, station, transport or null]
    {"type": "undo"}
    {"type": "end", "outcome": {"winner": "rogues", "round": 9}}

A finished game is filed as a Junior game record (``engine.junior.record``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from console.recorder import Event
from engine.junior import JuniorGame, JuniorStart, Step, dumps
from engine.junior.record import FORMAT as RECORD_FORMAT
from engine.junior.record import action_from_list, action_to_list, from_dict, replay

__all__ = ["EVENTS", "RECORD_FORMAT", "UNDO", "ended", "from_record", "outcome_of", "record", "replayed", "start_fields", "started", "stepped"]
UNDO: Event = {"type": "undo"}
EVENTS: tuple[str, ...] = ("step", "undo")
"""The types of event its journal holds, besides ``start`` and ``end``."""


def start_fields(game: JuniorGame) -> dict[str, Any]:
    """What a start event holds of the game: its district and the pieces' stations."""
    return {"junior": {"district": game.start.district, "stations": dict(game.start.stations)}}


def started(event: Mapping[str, Any]) -> JuniorGame | None:
    """The game of a start event, or None when the event is another kind's."""
    if "junior" not in event:
        return None
    start = event["junior"]
    return JuniorGame(JuniorStart(str(start["district"]), {str(piece): int(station) for piece, station in start["stations"].items()}))


def stepped(step: Step) -> Event:
    return {"type": "step", "step": action_to_list(step)}


def ended(game: JuniorGame) -> Event:
    return {"type": "end", "outcome": outcome_of(game)}


def outcome_of(game: JuniorGame) -> dict[str, Any]:
    if game.outcome is None:
        raise ValueError(f"{game!r} is not over")
    return {"winner": game.outcome.value, "round": len(game.results)}


def replayed(game: JuniorGame, event: Mapping[str, Any]) -> JuniorGame:
    """*game* after one event of its journal; an event of no Junior game raises ``ValueError``."""
    kind = event.get("type")
    if kind == "undo":
        game.undo()
    elif kind == "step":
        replay(game, action_from_list(event["step"]))
    else:
        raise ValueError(f"an event of type {kind!r} has no place in a Junior game's journal")
    return game


def record(game: JuniorGame) -> str:
    """The finished game as a Junior game record."""
    return dumps(game)


def from_record(data: Mapping[str, Any]) -> JuniorGame:
    return from_dict(data)
