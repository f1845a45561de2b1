"""How a Junior game goes into the console's journal and its history: the events, the start, the record.

The journal (``console.journal``) keeps events as JSON lines; these are Junior's
(version 1 of the journal, unchanged)::

    {"type": "start", "junior": {"district": "central", "stations": {"fox": 101, ...}}, ...}
    {"type": "step", "step": "fox F115"}                a rogue's choice or a detective's step, in the move notation
                                                        (journals before: [piece, station, transport or null])
    {"type": "undo"}
    {"type": "end", "outcome": {"winner": "rogues", "round": 9}}

A finished game is filed as a Junior game record (``engine.junior.record``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from console.games.kind import Codec
from console.recorder import UNDO, Event
from engine.junior import JuniorGame, JuniorStart, Step, dumps
from engine.junior.record import FORMAT, action_from_record, from_dict, replay

__all__ = ["CODEC", "UNDO", "stepped"]


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
    return {"type": "step", "step": step.notation}


def outcome_of(game: JuniorGame) -> dict[str, Any]:
    if game.outcome is None:
        raise ValueError(f"{game!r} is not over")
    return {"winner": game.outcome.value, "round": len(game.results)}


def _stepped(game: JuniorGame, event: Event) -> JuniorGame:
    replay(game, action_from_record(event["step"]))
    return game


CODEC = Codec(game_name="a Junior game", record_format=FORMAT, start_fields=start_fields, started=started,
              actions={"step": _stepped}, outcome_of=outcome_of, record=dumps, from_record=from_dict)
