"""Game records: versioned JSON that replays to the identical game.

A record is the start position plus every move played since, each in the
move notation (``engine.moves``: ``"T46"``, ``"red B14"``, ``"T46+X47"``).
Loading replays the moves through the rules, so a record that was tampered
with is refused with the action that broke it. Records of version 1, whose
moves were objects, still load.

>>> from engine import Game
>>> game = Game.new("classic", players=4, seed=3)
>>> game.play(game.single_moves()[0])
>>> copy = loads(dumps(game))
>>> copy.mister_x_view() == game.mister_x_view()
True
"""

from __future__ import annotations

import json
from dataclasses import fields, replace
from typing import Any

from engine.board import Transport, station_set, stations_of
from engine.editions import EDITIONS, Length, Ruleset, StartDeal, TicketFlow
from engine.errors import NewerRecordError, RecordError, ScotlandYardError
from engine.game import Game
from engine.moves import DetectiveMove, DoubleMove, MisterXMove, Move, parse_move
from engine.outcome import Side
from engine.position import LogEntry, PieceSetup, Position
from engine.tickets import Ticket, Tickets
from engine.versions import Versions

FORMAT = "scotland-yard-record"
VERSIONS = Versions("a game record", current=2)
"""The versions this engine reads, and writes the last of (1: moves as objects; 2: moves in the notation)."""


def dumps(game: Game) -> str:
    """The game's record as JSON text."""
    return json.dumps(to_dict(game), indent=1)


def loads(text: str) -> Game:
    """Replay a JSON record; ``RecordError`` says what is wrong with a bad one."""
    return from_dict(parse_json(text))


def parse_json(text: str) -> Any:
    """A record's JSON as plain data; ``RecordError`` if it is not JSON at all."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:  # broken JSON or bytes, a number too long for int(), too deep a nesting
        raise RecordError(f"not a game record: the JSON is broken ({error})") from None


def to_dict(game: Game) -> dict[str, Any]:
    """The game's record as plain data."""
    return {
        "format": FORMAT,
        "version": VERSIONS.current,
        "start": position_to_dict(game.start),
        "moves": [move.notation for move in game.actions],
    }


def from_dict(data: Any) -> Game:
    """Replay a record given as plain data."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError("not a Scotland Yard game record (no 'format': 'scotland-yard-record')")
    VERSIONS.check(data.get("version"), RecordError, NewerRecordError)
    try:
        game = Game(position_from_dict(data["start"]))
        moves = [move_from_record(item) for item in data["moves"]]
    except ScotlandYardError as error:
        raise RecordError(f"the record's start is impossible: {error}") from None
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise RecordError(f"the record is corrupt: {type(error).__name__}: {error}") from None
    for number, move in enumerate(moves, 1):
        try:
            game.play(move)
        except ScotlandYardError as error:
            raise RecordError(f"move {number} of the record ({move}) does not replay: {error}") from None
    return game


# ------------------------------------------------------------------ pieces of a record


def move_from_record(item: Any) -> Move:
    """A move as records and journals hold it: its notation, or the object records of version 1 held."""
    if isinstance(item, str):
        return parse_move(item)
    if not isinstance(item, dict):
        raise ValueError(f"a move is its notation, not {item!r}")
    if "double" in item:
        first, second = (move_from_record(leg) for leg in item["double"])
        if not isinstance(first, MisterXMove) or not isinstance(second, MisterXMove):
            raise ValueError("a double move's legs are Mister X's moves")
        return DoubleMove(first, second)
    station, ticket = _int(item["station"]), Ticket.parse(item["ticket"])
    if item["piece"] == "mister_x":
        return MisterXMove(station, ticket)
    return DetectiveMove(str(item["piece"]), station, ticket)


def position_to_dict(position: Position) -> dict[str, Any]:
    """An explicit position as plain data (also the console's save format for corrections)."""
    return {
        "ruleset": ruleset_to_dict(position.ruleset),
        "mister_x": {"station": position.mister_x, "tickets": position.mister_x_tickets.as_dict()},
        "pieces": [
            {"name": p.name, "station": p.station, **({"bobby": True} if p.bobby else {"tickets": p.tickets.as_dict()})}
            for p in position.pieces
        ],
        "supply": position.supply.as_dict() if position.supply is not None else None,
        "log": [{"ticket": str(e.ticket), "station": e.station, **({"double": True} if e.double else {})} for e in position.log],
        "round": position.round,
        "turn": position.turn.value,
        "moved": sorted(position.moved),
        "possible": stations_of(position.possible) if position.possible is not None else None,
        "dealt": list(position.dealt),
    }


def position_from_dict(data: dict[str, Any]) -> Position:
    mister_x = data["mister_x"]
    return Position(
        ruleset=ruleset_from_dict(data["ruleset"]),
        mister_x=_int(mister_x["station"]),
        mister_x_tickets=Tickets.from_dict(mister_x["tickets"]),
        pieces=tuple(
            PieceSetup(str(p["name"]), _int(p["station"]), Tickets.from_dict(p.get("tickets", {})), bool(p.get("bobby", False)))
            for p in data["pieces"]
        ),
        supply=Tickets.from_dict(data["supply"]) if data["supply"] is not None else None,
        log=tuple(LogEntry(Ticket.parse(e["ticket"]), _int(e["station"]), e.get("double", False) is True) for e in data["log"]),
        round=_int(data["round"]),
        turn=Side(data["turn"]),
        moved=frozenset(str(name) for name in data["moved"]),
        possible=station_set(_station(s) for s in data["possible"]) if data["possible"] is not None else None,
        dealt=tuple(_int(s) for s in data.get("dealt", ())),
    )


def ruleset_to_dict(ruleset: Ruleset) -> dict[str, Any]:
    """A shipped edition by name; a custom ruleset by the fields that differ from its base."""
    if EDITIONS.get(ruleset.name) == ruleset:
        return {"edition": ruleset.name}
    base = EDITIONS.get(ruleset.name, EDITIONS["reissue"])
    changes = {f.name: _plain(getattr(ruleset, f.name))
               for f in fields(Ruleset) if f.init and getattr(ruleset, f.name) != getattr(base, f.name)}
    return {"edition": base.name, "name": ruleset.name, "changes": changes}


def ruleset_from_dict(data: dict[str, Any]) -> Ruleset:
    try:
        base = EDITIONS[data["edition"]]
    except KeyError:
        raise ValueError(f"unknown edition {data.get('edition')!r}") from None
    changes = {name: _typed(name, value) for name, value in data.get("changes", {}).items()}
    if "name" in data:
        changes["name"] = data["name"]
    return replace(base, **changes) if changes else base


_TICKET_FIELDS = {"detective_tickets", "mister_x_own_tickets", "box_tickets"}


def _plain(value: Any) -> Any:
    if isinstance(value, Tickets):
        return value.as_dict()
    if isinstance(value, frozenset):
        return sorted(str(v) if isinstance(v, Transport) else v for v in value)
    if isinstance(value, (Length, TicketFlow, StartDeal)):
        return value.value
    if isinstance(value, tuple):
        return list(value)
    if hasattr(value, "items"):
        return {str(k): v for k, v in value.items()}
    return value


def _typed(name: str, value: Any) -> Any:
    if name in _TICKET_FIELDS:
        return Tickets.from_dict(value) if value is not None else None
    if name == "transports":
        return frozenset(Transport[t.upper()] for t in value)
    if name == "reveal_moves":
        return frozenset(_int(v) for v in value)
    if name == "length_unit":
        return Length(value)
    if name == "ticket_flow":
        return TicketFlow(value)
    if name == "start_deal":
        return StartDeal(value)
    if name == "bobbies_by_players":
        return {int(k): _int(v) for k, v in value.items()}
    if name in ("players", "detective_starts", "mister_x_starts"):
        return tuple(_int(v) for v in value)
    if name not in {f.name for f in fields(Ruleset)}:
        raise ValueError(f"a ruleset has no setting {name!r}")
    return value


def _int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"expected a whole number, got {value!r}")
    return value


def _station(value: Any) -> int:
    """A station number small enough to be a bit of a station set (a huge one would exhaust memory)."""
    station = _int(value)
    if not 0 <= station < 1 << 16:
        raise ValueError(f"expected a station number, got {station!r}")
    return station
