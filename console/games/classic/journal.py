"""How a Scotland Yard game goes into the console's journal and its history: the events, the start, the record.

The journal (``console.journal``) keeps events as JSON lines; these are the
main game's (version 1 of the journal, unchanged)::

    {"type": "start", "position": {...}, ...}          the console adds its settings and token
    {"type": "move", "move": "T115"}                    in the move notation (journals before: an object)
    {"type": "undo"}
    {"type": "correction", "position": {...}}           the game goes on from Game(position)
    {"type": "end", "outcome": {"by": "red", "reason": "capture", "round": 7}}

Moves and positions use the engine's record encoding; a finished game is filed
as an engine game record. A correction replaces the game, so the record of a
corrected game starts from the last correction's position: it still holds
Mister X's whole travel log (the position carries it); the detectives' moves
before the correction are not kept, because they no longer lead to the board
as it stands.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from console.games.kind import Codec
from console.recorder import UNDO, Event
from engine import Game, Move, Position
from engine.record import FORMAT, dumps, from_dict, move_from_record, position_from_dict, position_to_dict

__all__ = ["CODEC", "UNDO", "corrected", "moved"]


def start_fields(game: Game) -> dict[str, Any]:
    """What a start event holds of the game: its start position."""
    return {"position": position_to_dict(game.start)}


def started(event: Mapping[str, Any]) -> Game | None:
    """The game of a start event, or None when the event is another kind's (it holds no position)."""
    if "position" not in event:
        return None
    return Game(position_from_dict(event["position"]))


def moved(move: Move) -> Event:
    return {"type": "move", "move": move.notation}


def corrected(position: Position) -> Event:
    return {"type": "correction", "position": position_to_dict(position)}


def outcome_of(game: Game) -> dict[str, Any]:
    outcome = game.outcome
    if outcome is None:
        raise ValueError(f"{game!r} is not over")
    return {"reason": outcome.reason.value, "round": outcome.round, "by": outcome.by}


def _moved(game: Game, event: Event) -> Game:
    game.play(move_from_record(event["move"]))
    return game


def _corrected(game: Game, event: Event) -> Game:
    return Game(position_from_dict(event["position"]), game.board)


CODEC = Codec(game_name="a Scotland Yard game", record_format=FORMAT, start_fields=start_fields, started=started,
              actions={"move": _moved, "correction": _corrected}, outcome_of=outcome_of, record=dumps, from_record=from_dict)
