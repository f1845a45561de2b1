"""Junior game records: versioned JSON of the start and every action, replayed through the rules.

Each action is a step in the move notation (``"fox F157"``, ``"watson S82"``:
``Step.notation``), or null for an undo. Records of version 1, whose steps
were lists, still load.

>>> from engine.junior.game import JuniorGame, Step
>>> game = JuniorGame.new(rogues=2, seed=1)
>>> game.choose(game.steps_of("fox")[1])
>>> copy = loads(dumps(game))
>>> copy.choice_of("fox") == game.choice_of("fox"), copy.stations == game.stations
(True, True)
"""

from __future__ import annotations

import json
from typing import Any

from engine.board import Transport
from engine.errors import NewerRecordError, RecordError, ScotlandYardError
from engine.junior.game import ROGUES, JuniorGame, JuniorStart, Step, parse_step
from engine.record import parse_json
from engine.versions import Versions

FORMAT = "scotland-yard-junior-record"
VERSIONS = Versions("a Junior game record", current=2)
"""The versions this engine reads, and writes the last of (1: steps as lists; 2: steps in the notation)."""


def dumps(game: JuniorGame) -> str:
    return json.dumps(to_dict(game), indent=1)


def to_dict(game: JuniorGame) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSIONS.current, "district": game.start.district, "stations": dict(game.start.stations),
            "actions": [action_to_record(action) for action in game.actions]}


def action_to_record(action: Step | None) -> str | None:
    """A step in the notation; an undo as None."""
    return None if action is None else action.notation


def action_from_record(item: Any) -> Step | None:
    """An action as records and journals hold it: a step's notation, None for an undo, or the list of version 1."""
    if item is None:
        return None
    if isinstance(item, str):
        return parse_step(item)
    piece, station, transport = item
    if not isinstance(station, int) or isinstance(station, bool):
        raise ValueError(f"station {station!r} is not a number")
    return Step(str(piece), station, None if transport is None else Transport[str(transport).upper()])


def loads(text: str) -> JuniorGame:
    """Replay a JSON record; ``RecordError`` says what is wrong with a bad one."""
    return from_dict(parse_json(text))


def from_dict(data: Any) -> JuniorGame:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"not a Junior game record (no 'format': '{FORMAT}')")
    VERSIONS.check(data.get("version"), RecordError, NewerRecordError)
    try:
        stations = {str(piece): int(station) for piece, station in data["stations"].items()}
        game = JuniorGame(JuniorStart(str(data["district"]), stations))
        actions = [action_from_record(item) for item in data["actions"]]
    except ScotlandYardError as error:
        raise RecordError(f"the record's start is impossible: {error}") from None
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise RecordError(f"the Junior record is corrupt: {type(error).__name__}: {error}") from None
    for number, action in enumerate(actions, 1):
        try:
            replay(game, action)
        except ScotlandYardError as error:
            raise RecordError(f"action {number} of the record ({action}) does not replay: {error}") from None
    return game


def replay(game: JuniorGame, action: Step | None) -> None:
    """Play one recorded action: a rogue's choice, a detective's step, or an undo."""
    if action is None:
        game.undo()
    elif action.piece in ROGUES:
        game.choose(action)
    else:
        game.move(action)
