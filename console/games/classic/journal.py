"""How a Scotland Yard game goes into the console's journal and its history: the events, the start, the record.

The journal (``console.records.journal``) keeps events as JSON lines; these are the
main game's (older journals' lines differ as noted)::

    {"type": "start", "position": {...}, "pad": " ", ...}  the console adds its settings and token (journals before: no pad)
    {"type": "move", "move": "red T115"}                  in the move notation (journals before: an object)
    {"type": "move", "move": "T5", "pad": "  "}           Mister X's move, padded (journals before: no pad)
    {"type": "move", "move": "T46+X117", "pad": " "}      his double move
    {"type": "undo"}
    {"type": "correction", "position": {...}, "pad": "   "}  the game goes on from Game(position) (padded like the start)
    {"type": "end", "outcome": {"by": "red", "reason": "capture", "round": 7}}

Moves and positions use the engine's record encoding; a finished game is filed
as an engine game record. A correction replaces the game, so the record of a
corrected game starts from the last correction's position: it still holds
Mister X's whole travel log (the position carries it); the detectives' moves
before the correction are not kept, because they no longer lead to the board
as it stands.

Mister X's stations are secret, so every event that holds them (his moves, and
the start and corrections: his station and his travel log's) has a ``pad`` of
spaces that makes each of them up to three digits (``console.games.recorder.padded``):
the journal's size tells nothing of where he is. Replay ignores the pad, so
journals written without it still load and go on with it. A journal of
version 1 (moves as objects) is written again in these lines when it is
resumed (``current``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from console.games.kind import Codec, OwnGames
from console.games.recorder import UNDO, Event, padded
from engine import DetectiveMove, DoubleMove, Game, Move, Position
from engine.record import FORMAT, dumps, from_dict, move_from_record, position_from_dict, position_to_dict

__all__ = ["CODEC", "UNDO", "corrected", "moved"]


def start_fields(game: Game) -> dict[str, Any]:
    """What a start event holds of the game: its start position (padded: it holds Mister X's station)."""
    return padded({"position": position_to_dict(game.start)}, _hidden(game.start))


def started(event: Mapping[str, Any]) -> Game | None:
    """The game of a start event, or None when the event is another kind's (it holds no position)."""
    if "position" not in event:
        return None
    return Game(position_from_dict(event["position"]))


def moved(move: Move) -> Event:
    """A move's event; Mister X's is padded, so its length tells nothing of where he went."""
    event = {"type": "move", "move": move.notation}
    if isinstance(move, DetectiveMove):
        return event
    legs = (move.first, move.second) if isinstance(move, DoubleMove) else (move,)
    return padded(event, (leg.station for leg in legs))


def corrected(position: Position) -> Event:
    """A correction's event, padded like the start: the position holds Mister X's station and travel log."""
    return padded({"type": "correction", "position": position_to_dict(position)}, _hidden(position))


def _hidden(position: Position) -> list[int]:
    """The stations of Mister X a position holds: his own and his travel log's (its revealed ones too: simpler, as safe)."""
    return [position.mister_x, *(entry.station for entry in position.log)]


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


def current(event: Event) -> Event:
    """An older journal's event as this version writes it: a move in the notation, padded like a correction."""
    if event["type"] == "move":
        return moved(move_from_record(event["move"]))
    if event["type"] == "correction":
        return corrected(position_from_dict(event["position"]))
    return event


own = OwnGames(Game)
CODEC = Codec(game_name="a Scotland Yard game", record_format=FORMAT, start_fields=own(start_fields), started=started,
              actions={"move": own(_moved), "correction": own(_corrected)}, current=current, outcome_of=own(outcome_of),
              record=own(dumps), from_record=from_dict)
