"""Saving and resuming: every accepted action goes to a journal on disk before
anything shows it, so pulling the power loses at most the action in progress.

A journal is a JSON-lines file, one event per line, written by ``Journal``::

    {"seq":1,"hash":"<16 hex>","event":{"format":"scotland-yard-journal","position":{...},"settings":{...},"token":"...","type":"start","version":1}}
    {"seq":2,"hash":"<16 hex>","event":{"move":{"piece":"mister_x","station":115,"ticket":"taxi"},"type":"move"}}
    {"seq":3,"hash":"<16 hex>","event":{"type":"undo"}}
    {"seq":4,"hash":"<16 hex>","event":{"position":{...},"type":"correction"}}
    {"seq":9,"hash":"<16 hex>","event":{"outcome":{"by":"red","reason":"capture","round":7},"type":"end"}}

A Junior game's journal is the same, its start event holding ``"junior":
{"district": ..., "stations": {...}}`` instead of a position, each rogue's
choice and detective's step a ``step`` event (``[piece, station, transport or
null]``, as Junior records write them), and its end ``{"winner": "rogues", "round": 9}``.

``event`` is canonical JSON (sorted keys, no spaces, ASCII). ``hash`` chains the
lines: BLAKE2b (8 bytes) of the previous line's hash, the line's ``seq`` and its
event text as written, so a changed byte, a lost, repeated or reordered line
breaks the chain.
Moves and positions use the engine's record encoding (``move_to_dict``,
``position_to_dict``); the ``start`` event also holds the console's settings and
the handheld's session token, so a resumed game finds its handheld again.

A line counts once its newline is on disk. A last line without one is the
action in progress at a power cut: ``load`` drops it (and says so), and the
next append cuts it off the file. Anything else wrong (a broken line or chain
in the middle, an action the engine refuses on replay, a foreign file or
version) raises ``JournalError`` and the file is set aside as
``<name>.corrupt-<n>``: never overwritten, never deleted.

A finished game goes to the history folder (``archive``) as an engine game
record. A ``correction`` replaces the game with ``Game(position)``, so the
archived record of a corrected game starts from the last correction's position:
it replays with ``engine.record.loads`` and still holds Mister X's whole travel
log (the position carries it); the detectives' moves before the correction are
not kept, because they no longer lead to the board as it stands.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import Game, Move, Position
from engine.junior import JuniorGame, JuniorStart, Step
from engine.junior import dumps as junior_dumps
from engine.junior.record import action_from_list, action_to_list, replay
from engine.record import dumps, move_from_dict, move_to_dict, position_from_dict, position_to_dict

FORMAT = "scotland-yard-journal"
VERSION = 1
EVENTS = ("start", "move", "step", "undo", "correction", "end")
AnyGame = Game | JuniorGame
"""A game of either kind: the main game or Junior."""

_LINE = re.compile(rb'\{"seq":([1-9][0-9]{0,8}),"hash":"([0-9a-f]{16})","event":(\{.*\})\}')
_STAMP = re.compile(r"[0-9A-Za-z][0-9A-Za-z._-]*")
_UNREADABLE = (ValueError, KeyError, TypeError, AttributeError, RecursionError)
"""What decoding or replaying damaged data can raise (the engine's refusals are ValueErrors)."""


class JournalError(Exception):
    """A journal that cannot be trusted; ``moved_to`` is where the file was set aside."""

    def __init__(self, message: str, moved_to: Path) -> None:
        super().__init__(message)
        self.moved_to = moved_to


class _Damage(Exception):
    """Why a journal is unusable, before the file is set aside."""


class Journal:
    """Appends one game's events to *path*, each flushed and fsynced before the call returns.

    Its ``moved``, ``undone`` and ``ended`` methods make it the flow's recorder.
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._seq = 0
        self._hash = ""
        self._size = 0
        """The bytes of the file that are whole, acknowledged lines."""

    def started(self, start: Position | JuniorStart, settings: Mapping[str, Any], token: str) -> None:
        """Begin the journal of a new game from its start (``game.start``: a position, or a Junior game's start)."""
        if not isinstance(token, str):
            raise TypeError(f"the session token is kept as text (e.g. hex), not {type(token).__name__}")
        begun = ({"junior": {"district": start.district, "stations": dict(start.stations)}} if isinstance(start, JuniorStart)
                 else {"position": position_to_dict(start)})
        self.append({"type": "start", "format": FORMAT, "version": VERSION, **begun, "settings": dict(settings), "token": token})

    def stepped(self, step: Step) -> None:
        """A Junior rogue's choice or detective's step."""
        self.append({"type": "step", "step": action_to_list(step)})

    def moved(self, move: Move) -> None:
        self.append({"type": "move", "move": move_to_dict(move)})

    def undone(self) -> None:
        """A detective move of this round was taken back (``game.undo()``)."""
        self.append({"type": "undo"})

    def corrected(self, position: Position) -> None:
        """The board was corrected: the game goes on from ``Game(position)``."""
        self.append({"type": "correction", "position": position_to_dict(position)})

    def ended(self, game: AnyGame) -> None:
        if game.outcome is None:
            raise ValueError(f"{game!r} is not over")
        self.append({"type": "end", "outcome": _outcome(game)})

    def append(self, event: Mapping[str, Any]) -> None:
        """Write *event* as the next line; it is on disk when this returns."""
        kind = event.get("type")
        if kind not in EVENTS:
            raise ValueError(f"a journal event has a type among {', '.join(EVENTS)}, not {kind!r}")
        if (kind == "start") != (self._seq == 0):
            raise ValueError("a journal begins with one 'start' event and holds no other")
        text = json.dumps(event, sort_keys=True, separators=(",", ":"), allow_nan=False)
        seq = self._seq + 1
        digest = _chain(self._hash, seq, text)
        line = f'{{"seq":{seq},"hash":"{digest}","event":{text}}}\n'.encode("ascii")
        if seq == 1:
            self._create(line)
        else:
            self._add(line)
        self._seq, self._hash, self._size = seq, digest, self._size + len(line)

    def _create(self, line: bytes) -> None:
        """Write the start line to a temporary file and rename it, so a journal never exists without one."""
        if self.path.exists():
            raise FileExistsError(f"{self.path} holds another game's journal: resume or archive that game first")
        temporary = self.path.with_name(self.path.name + ".new")
        with open(temporary, "wb") as file:
            file.write(line)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, self.path)
        _sync_folder(self.path.parent)

    def _add(self, line: bytes) -> None:
        with open(self.path, "ab") as file:
            size = os.fstat(file.fileno()).st_size
            if size < self._size:
                raise OSError(f"{self.path} is shorter than the journal written so far ({size} < {self._size} bytes)")
            if size > self._size:  # a line cut short by a power cut or a failed write: never acknowledged
                file.truncate(self._size)
            file.write(line)
            file.flush()
            os.fsync(file.fileno())


@dataclass(frozen=True)
class ResumedGame:
    """A game rebuilt from its journal, with what the console needs to go on."""

    game: AnyGame
    settings: dict[str, Any]
    token: str
    """The handheld link's session token of this game."""
    journal: Journal
    """The same journal, ready to append the game's next actions."""
    dropped: bytes
    """An unfinished last line that was left out (empty if none)."""

    @property
    def note(self) -> str | None:
        """What to tell the players about a dropped line."""
        if not self.dropped:
            return None
        return f"the last {len(self.dropped)} bytes of the journal were an action cut short by a power cut; it was left out"


def resume(path: Path) -> ResumedGame | None:
    """The interrupted game to offer at start, or ``None`` when there is no journal or its game is over.

    A finished game whose journal is still there (the power went before
    ``archive``) is not offered: ``load`` it and ``archive`` it.
    """
    if not Path(path).exists():
        return None
    resumed = load(path)
    return None if resumed.game.is_over else resumed


def load(path: Path) -> ResumedGame:
    """Read, check and replay a journal; a bad one is set aside and ``JournalError`` says why."""
    path = Path(path)
    data = path.read_bytes()
    try:
        return _replay(path, data)
    except _Damage as damage:
        moved = _set_aside(path)
        raise JournalError(f"{path} cannot be resumed: {damage}. It was kept as {moved.name}", moved) from None


def archive(journal_path: Path, history_dir: Path, game: AnyGame, timestamp: str) -> Path:
    """File *game* as ``<timestamp>.json`` in *history_dir*, then remove its journal; return the record's path.

    The record is written to a temporary file, fsynced and renamed, so the
    history never holds half a record; an existing record is never replaced
    (``<timestamp>-2.json`` and so on). An abandoned, unfinished game is filed
    the same way. Close nothing first: a ``Journal`` keeps no file open.
    """
    if not _STAMP.fullmatch(timestamp):
        raise ValueError(f"a timestamp for a file name is letters, digits, '.', '-' and '_', not {timestamp!r}")
    history_dir = Path(history_dir)
    if not history_dir.is_dir():
        history_dir.mkdir(parents=True)
        _sync_folder(history_dir.parent)
    target = _first_free(lambda n: history_dir / (f"{timestamp}.json" if n == 1 else f"{timestamp}-{n}.json"))
    temporary = history_dir / f".{target.name}.tmp"
    with open(temporary, "w", encoding="utf-8") as file:
        file.write(junior_dumps(game) if isinstance(game, JuniorGame) else dumps(game))
        file.flush()
        os.fsync(file.fileno())
    os.replace(temporary, target)
    _sync_folder(history_dir)
    Path(journal_path).unlink()
    _sync_folder(Path(journal_path).parent)
    return target


# ---------------------------------------------------------------- reading


def _replay(path: Path, data: bytes) -> ResumedGame:
    *lines, dropped = data.split(b"\n")
    if not lines:
        raise _Damage("it is not a game journal (no complete line)")
    _check_header(lines[0])
    events: list[dict[str, Any]] = []
    digest = ""
    for seq, line in enumerate(lines, 1):
        event, digest = _read_line(line, seq, digest)
        events.append(event)
    start = events[0]
    settings, token = start.get("settings"), start.get("token")
    if start.get("type") != "start" or not isinstance(settings, dict) or not isinstance(token, str):
        raise _Damage("line 1 is not a proper start event (type 'start', a settings object, a token string)")
    game = _replay_events(events)
    journal = Journal(path)
    journal._seq, journal._hash, journal._size = len(lines), digest, len(data) - len(dropped)
    return ResumedGame(game, settings, token, journal, dropped)


def _check_header(line: bytes) -> None:
    """Refuse a file that is not a journal, or a journal of another version, before checking its lines."""
    try:
        event = json.loads(line)["event"]
        kind, version = event.get("format"), event.get("version")
    except _UNREADABLE:
        kind = version = None
    if kind != FORMAT:
        raise _Damage(f"it is not a game journal (its first line is not a {FORMAT!r} start event)")
    if version != VERSION:
        raise _Damage(f"it is a journal of version {version!r}; this console reads version {VERSION}")


def _read_line(line: bytes, seq: int, previous: str) -> tuple[dict[str, Any], str]:
    """The event of a whole line, checked against its place in the chain; and the line's hash."""
    match = _LINE.fullmatch(line)
    try:
        text = match[3].decode("ascii") if match else ""
        event = json.loads(text)
    except _UNREADABLE:
        event = None
    if match is None or not isinstance(event, dict):
        raise _Damage(f"line {seq} is damaged (not a journal line)")
    if int(match[1]) != seq:
        raise _Damage(f"line {seq} says it is line {int(match[1])}: lines were lost, repeated or reordered")
    if _chain(previous, seq, text) != match[2].decode():
        raise _Damage(f"line {seq} fails its checksum: it was changed, or a line before it was")
    return event, match[2].decode()


def _replay_events(events: list[dict[str, Any]]) -> AnyGame:
    """Rebuild the game through the engine, so a journal that breaks a rule is refused."""
    game = _started(events[0])
    ended = False
    for seq, event in enumerate(events[1:], 2):
        kind = event.get("type")
        try:
            if ended or (game.is_over and kind != "end"):
                raise ValueError(f"the game was over ({game.outcome}) before it")
            if kind == "end":
                if not game.is_over or event["outcome"] != _outcome(game):
                    raise ValueError(f"it says {event['outcome']}, the replayed game says {game.outcome}")
                ended = True
            else:
                game = _applied(game, kind, event)
        except _UNREADABLE as error:
            raise _Damage(f"line {seq} ({kind}) does not replay: {error}") from None
    return game


def _started(event: dict[str, Any]) -> AnyGame:
    """The game of a start event: a main game's position, or a Junior game's district and stations."""
    try:
        if "junior" in event:
            start = event["junior"]
            return JuniorGame(JuniorStart(str(start["district"]), {str(p): int(s) for p, s in start["stations"].items()}))
        return Game(position_from_dict(event["position"]))
    except _UNREADABLE as error:
        raise _Damage(f"line 1 (start) holds no possible start position: {error}") from None


def _applied(game: AnyGame, kind: object, event: dict[str, Any]) -> AnyGame:
    """*game* after one event (a correction replaces the game); an event of the other kind of game is refused."""
    if kind == "undo":
        game.undo()
    elif kind == "move" and isinstance(game, Game):
        game.play(move_from_dict(event["move"]))
    elif kind == "correction" and isinstance(game, Game):
        return Game(position_from_dict(event["position"]))
    elif kind == "step" and isinstance(game, JuniorGame):
        replay(game, action_from_list(event["step"]))
    else:
        raise ValueError(f"an event of type {kind!r} has no place in this journal")
    return game


# ---------------------------------------------------------------- helpers


def _chain(previous: str, seq: int, text: str) -> str:
    return hashlib.blake2b(f"{previous}\n{seq}\n{text}".encode("ascii"), digest_size=8).hexdigest()


def _outcome(game: AnyGame) -> dict[str, Any]:
    if isinstance(game, JuniorGame):
        assert game.outcome is not None
        return {"winner": game.outcome.value, "round": len(game.results)}
    outcome = game.outcome
    assert outcome is not None
    return {"reason": outcome.reason.value, "round": outcome.round, "by": outcome.by}


def _set_aside(path: Path) -> Path:
    """Move a bad journal to the first free ``<name>.corrupt-<n>``, so a new game cannot write over it."""
    target = _first_free(lambda n: path.with_name(f"{path.name}.corrupt-{n}"))
    os.rename(path, target)
    _sync_folder(path.parent)
    return target


def _first_free(name: Callable[[int], Path]) -> Path:
    """The first of ``name(1)``, ``name(2)``, ... that no file has: nothing kept is ever written over."""
    return next(path for path in map(name, itertools.count(1)) if not path.exists())


def _sync_folder(folder: Path) -> None:
    """Make a created, renamed or removed file's name durable (POSIX; elsewhere the file system does it)."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
