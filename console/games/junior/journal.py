"""How a Junior game goes into the console's journal and its history: the events, the start, the record.

The journal (``console.records.journal``) keeps events as JSON lines; these are Junior's
(older journals' lines differ as noted)::

    {"type": "start", "junior": {"district": "central", "stations": {"fox": 101, ...}}, ...}
    {"type": "step", "step": "watson T81"}              a detective's step, in the move notation
                                                        (journals before: [piece, station, transport or null])
    {"type": "step", "step": "fox T85", "pad": " "}     a rogue's choice, the same, padded (journals before: no pad)
    {"type": "undo"}
    {"type": "end", "outcome": {"winner": "rogues", "round": 9}}

A rogue's choice is secret until the round's reveal, so its event has a ``pad``
of spaces that makes its station up to three digits (``console.games.recorder.padded``):
the journal's size tells nothing of it. Replay ignores the pad, so journals
written without it still load and go on with it. The start is public (every
piece stands on the board). A journal of version 1 (steps as lists) is written
again in these lines when it is resumed (``current``).

A finished game is filed as a Junior game record (``engine.junior.record``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from console.games.kind import Codec, OwnGames
from console.games.recorder import UNDO, Event, padded
from engine.junior import ROGUES, JuniorGame, JuniorStart, Step, dumps
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
    """A step's event; a rogue's is padded, so its length tells nothing of his secret choice."""
    event = {"type": "step", "step": step.notation}
    return padded(event, [step.station]) if step.piece in ROGUES else event


def outcome_of(game: JuniorGame) -> dict[str, Any]:
    if game.outcome is None:
        raise ValueError(f"{game!r} is not over")
    return {"winner": game.outcome.value, "round": len(game.results)}


def _stepped(game: JuniorGame, event: Event) -> JuniorGame:
    replay(game, action_from_record(event["step"]))
    return game


def current(event: Event) -> Event:
    """An older journal's event as this version writes it: a step in the notation (a rogue's padded)."""
    if event["type"] != "step":
        return event
    step = action_from_record(event["step"])
    return UNDO if step is None else stepped(step)


own = OwnGames(JuniorGame)
CODEC = Codec(game_name="a Junior game", record_format=FORMAT, start_fields=own(start_fields), started=started,
              actions={"step": own(_stepped)}, current=current, outcome_of=own(outcome_of), record=own(dumps), from_record=from_dict)
