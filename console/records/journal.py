"""Saving and resuming: every accepted action goes to a journal on disk before
anything shows it, so pulling the power loses at most the action in progress.

A journal is a JSON-lines file, one event per line, written by ``Journal``::

    {"seq":1,"hash":"<16 hex>","event":{"format":"scotland-yard-journal","settings":{...},"token":"...","type":"start","version":3,...}}
    {"seq":2,"hash":"<16 hex>","event":{"move":"T5","pad":"  ","type":"move"}}
    {"seq":3,"hash":"<16 hex>","event":{"move":"red T115","type":"move"}}
    {"seq":4,"hash":"<16 hex>","event":{"type":"undo"}}
    {"seq":9,"hash":"<16 hex>","event":{"outcome":{"by":"red","reason":"capture","round":7},"type":"end"}}

The first line starts the game: the console's settings (checked on resume as
strictly as the config file; the data folder is never among them: a game
resumes in the folder its journal is in now), the handheld's session
token (so a resumed game finds its handheld again) and what the game's kind
puts there (a position, or a district and stations); every other event is the
kind's own (``console.games``: each kind's ``journal`` module lists its events),
and the last of a finished game is ``end``. The journal reads the start event
to find the game's kind and replays every event through it, so a journal that
breaks a rule is refused.

``event`` is canonical JSON (sorted keys, no spaces but in strings, ASCII).
``hash`` chains the lines: BLAKE2b (8 bytes) of the previous line's hash, the
line's ``seq`` and its event text as written, so a changed byte, a lost,
repeated or reordered line breaks the chain.

The file is the owner's alone, but its size is seen by anyone who can list its
folder. So an event that holds the hidden side's stations (Mister X's move, a
rogue's choice, a start or a correction that holds Mister X's station) carries a
``pad`` of spaces that makes up each of those stations to three digits
(``console.games.recorder.padded``): two games that differ only in where the hidden
side went write lines of the same lengths. ``"move":"T5","pad":"  "`` and
``"move":"T115","pad":""`` are as long; journals written before the pad
(``"move":"T5"``) still load, and go on padded. The pad is part of the event
text, so the chain covers it; replay ignores it.

A phone game's journal also keeps the phone's pairing, as a ``pairing`` event
each time it changes (a phone paired, a new code)::

    {"seq":5,"hash":"<16 hex>","event":{"pairing":"<142 characters>","type":"pairing"}}

so that a console restarted in the middle of the game shows the same code, and
the same phone comes back without a new scan (``ResumedGame.pairing``: the last
one). It holds the keys that let a phone play Mister X: it is as private as his
moves. Its text is as long whatever it holds (``hardware.phone.pairing``), so
the journal's size does not tell whether a phone had paired. Replay passes over it.

A line counts once its newline is on disk. A last line without one is the
action in progress at a power cut: ``load`` drops it (and says so), and the
next append cuts it off the file. Anything else wrong (a broken line or chain
in the middle, an action the engine refuses on replay, a foreign file or
version) raises ``JournalError`` and the file is set aside as
``<name>.corrupt-<n>``: never overwritten, never deleted. A finished game goes
to the history folder (``archive``) as its kind's game record.

The start event holds the journal's version (``VERSIONS``). A journal of an
older version is read, and written again whole in this version (atomically,
its chain made anew) at its next write, resuming it: the file is never of two
versions. A journal a newer console wrote (a console rolled back after an
update) is not damaged: ``NewerJournalError`` names both versions and the file
is set aside as ``<name>.newer-<n>``; a console that reads it takes it back
(``take_back``).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import re
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from console.games import GameKind, kinds, options
from console.games.recorder import Event
from console.records.preferences import game_settings
from console.records.storage import private, replace_private, sync_folder
from console.settings import CONSOLE_CHOICES, GameSettings, settings_to_dict
from engine import BoardGame
from engine.versions import NewerVersionError, Versions
from hardware.config import ConfigError
from hardware.files import aside
from language import Text, n_

log = logging.getLogger(__name__)

FORMAT = "scotland-yard-journal"
VERSIONS = Versions("a journal", current=3)
"""The versions this console reads, and writes the last of (1: moves as objects; 2: moves in the notation of ``engine.moves``;
3: ``pairing`` events, which a console of version 2 would not replay)."""
PAIRING = "pairing"
"""The type of the event that keeps a phone game's pairing."""
NEWER = "newer"
"""A newer console's journal is set aside as ``<name>.newer-<n>`` (damaged ones as ``.corrupt-<n>``)."""

_LINE = re.compile(rb'\{"seq":([1-9][0-9]{0,8}),"hash":"([0-9a-f]{16})","event":(\{.*\})\}')
_STAMP = re.compile(r"[0-9A-Za-z][0-9A-Za-z._-]*")
_UNREADABLE = (ValueError, KeyError, TypeError, AttributeError, RecursionError)
"""What decoding or replaying damaged data can raise (the engine's refusals are ValueErrors)."""


class JournalError(Exception):
    """A journal that cannot be trusted; ``moved_to`` is where the file was set aside."""

    def __init__(self, message: str, moved_to: Path) -> None:
        super().__init__(message)
        self.moved_to = moved_to


class NewerJournalError(JournalError, NewerVersionError):
    """A journal a newer console wrote: not resumed here, and kept whole for that console."""


class _Damage(Exception):
    """Why a journal is unusable, before the file is set aside."""


class _Newer(_Damage):
    """The journal is a newer console's."""


class Journal:
    """Appends one game's events to *path*, each flushed and fsynced before the call returns: the flows' recorder."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.kind: GameKind | None = None
        """The kind of game journaled (set by its start): it says which events the journal takes."""
        self._seq = 0
        self._hash = ""
        self._size = 0
        """The bytes of the file that are whole, acknowledged lines."""
        self._pending: list[bytes] = []
        """Lines the disk refused (full, read-only, ...), written at the next try; the game goes on in memory meanwhile."""
        self.problem: OSError | None = None
        """Why the last write failed, while lines wait to be written (``None``: everything is on disk)."""
        self._rewrite = False
        """The file is an older version's: the lines waiting replace it whole at the next write."""

    @classmethod
    def _continued(cls, path: Path, kind: GameKind, seq: int, digest: str, size: int) -> Journal:
        """The journal at *path* of a game of *kind*, its *seq* whole lines (*size* bytes, the last hashed *digest*) read back."""
        journal = cls(path)
        journal.kind, journal._seq, journal._hash, journal._size = kind, seq, digest, size
        return journal

    @classmethod
    def _migrated(cls, path: Path, kind: GameKind, events: list[dict[str, Any]]) -> Journal:
        """The journal at *path* of an older version: its *events* in this version, a new chain, to replace it at the next write."""
        journal = cls(path)
        journal.kind, journal._rewrite = kind, True
        for event in _in_this_version(kind, events):
            journal._queue(event)
        return journal

    def started(self, kind: GameKind, game: BoardGame, settings: GameSettings, token: str) -> None:
        """Begin the journal of a new game of *kind* (its start, the console's settings, the handheld's session token)."""
        if not isinstance(token, str):
            raise TypeError(f"the session token is kept as text (e.g. hex), not {type(token).__name__}")
        if self._seq:
            raise ValueError("a journal begins with one 'start' event and holds no other")
        self.kind = kind
        self.append({"type": "start", "format": FORMAT, "version": VERSIONS.current, **kind.journal.start_fields(game),
                     "settings": _kept_settings(settings_to_dict(settings, options())), "token": token})

    def record(self, event: Event) -> None:
        """Keep one accepted action: the flows' recorder."""
        self.append(event)

    def append(self, event: Mapping[str, Any]) -> None:
        """Write *event* as the next line; it is on disk when this returns."""
        self._queue(event)
        self.retry()

    def _queue(self, event: Mapping[str, Any]) -> None:
        """Chain *event* on as the next line, to be written."""
        kind = event.get("type")
        if (kind == "start") != (self._seq == 0):
            raise ValueError("a journal begins with one 'start' event and holds no other")
        events = ("start", "end", PAIRING, *(self.kind.journal.events if self.kind is not None else ()))
        if kind not in events:
            raise ValueError(f"a journal of this game has events of the types {', '.join(events)}, not {kind!r}")
        text = json.dumps(event, sort_keys=True, separators=(",", ":"), allow_nan=False)
        seq = self._seq + 1
        digest = _chain(self._hash, seq, text)
        line = f'{{"seq":{seq},"hash":"{digest}","event":{text}}}\n'.encode("ascii")
        self._seq, self._hash = seq, digest
        self._pending.append(line)

    @property
    def saved(self) -> bool:
        """Every event is on disk."""
        return not self._pending

    @property
    def waiting(self) -> int:
        """The events the disk refused so far, waiting in memory: lost if the console stops before the disk takes them."""
        return len(self._pending)

    def retry(self) -> bool:
        """Write the lines the disk refused before; whether everything is now on disk (``problem`` says why not).

        A write that fails (a full disk, a read-only or vanished folder, a
        file-size limit) leaves the file as it was acknowledged (a torn line is
        cut at the next try) and the lines wait here: the game goes on in
        memory and is saved as soon as the disk takes it again. An older
        version's journal is replaced whole by the lines waiting (``_migrated``).
        """
        waited = len(self._pending)
        while self._pending:
            lines = self._pending[:] if self._rewrite else self._pending[:1]
            try:
                self._write(lines)
            except OSError as error:
                if self.problem is None:  # said once, when saving stops: the log has it even if the screen is not watched
                    log.warning("the game in %s is no longer saved (%s): %d event(s) wait in memory, lost if the console stops "
                                "before the disk takes them; tried again every few seconds", self.path, error.strerror or error,
                                len(self._pending))
                self.problem = error
                return False
            del self._pending[: len(lines)]
            self._size += sum(map(len, lines))
            self._rewrite = False
        if self.problem is not None:
            log.warning("the game in %s is saved again: %d event(s) written", self.path, waited)
        self.problem = None
        return True

    def _write(self, lines: list[bytes]) -> None:
        if self._rewrite:
            replace_private(self.path, b"".join(lines))
        elif self._size == 0:
            self._create(lines[0])
        else:
            self._add(lines[0])

    def _create(self, line: bytes) -> None:
        """Write the start line to a temporary file and rename it, so a journal never exists without one."""
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        if self.path.exists():
            raise FileExistsError(f"{self.path} holds another game's journal: resume or archive that game first")
        replace_private(self.path, line)

    def _add(self, line: bytes) -> None:
        with open(self.path, "ab", opener=private) as file:
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

    kind: GameKind
    game: BoardGame
    settings: GameSettings
    token: str
    """The handheld link's session token of this game."""
    journal: Journal
    """The same journal, ready to append the game's next actions."""
    dropped: bytes
    """An unfinished last line that was left out (empty if none)."""
    pairing: str = ""
    """A phone game's pairing as it was last kept (``PAIRING``; empty if none was)."""

    @property
    def note(self) -> Text | None:
        """What to tell the players about a dropped line."""
        if not self.dropped:
            return None
        return n_("The last action was cut short by a power cut ({n} byte): it was left out",
                  "The last action was cut short by a power cut ({n} bytes): it was left out", len(self.dropped))


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
    except _Newer as newer:
        moved = _set_aside(path, NEWER)
        raise NewerJournalError(f"{path} is {newer}. It is kept as {moved.name}", moved) from None
    except _Damage as damage:
        moved = _set_aside(path, "corrupt")
        raise JournalError(f"{path} cannot be resumed: {damage}. It was kept as {moved.name}", moved) from None


def take_back(folder: Path) -> None:
    """Put back the journals in *folder* set aside as a newer console's that this one reads (it was updated again).

    One stays aside while another journal has its name (a game begun meanwhile),
    or while the disk refuses to rename it.
    """
    for kept in sorted(folder.glob(f"*.journal.{NEWER}-*")):
        path = kept.with_name(kept.name.rpartition(f".{NEWER}-")[0])
        if not path.exists() and _readable(kept):
            with contextlib.suppress(OSError):
                os.rename(kept, path)
                sync_folder(folder)


STAMP = "%Y%m%d-%H%M%S"
"""How a filed record's name begins: when it was filed (``archive``'s *timestamp*)."""


def filing_time() -> str:
    """Now, as a filed record's name begins."""
    return time.strftime(STAMP)


def archive(journal_path: Path, history_dir: Path, record: str, timestamp: str, game_id: str) -> Path:
    """File a game's *record* as ``<timestamp>-<game_id>.json`` in *history_dir*, then remove its journal; return the record's path.

    The record is written to a temporary file, fsynced and renamed, so the
    history never holds half a record; a failed write leaves no temporary file
    and the journal as it was (``OSError``). Filing is idempotent: a game whose
    record is already there (the power went between the rename and the
    journal's removal) is not filed again, whatever the time now, and two games
    never share a name. An abandoned, unfinished game is filed the same way.
    Close nothing first: a ``Journal`` keeps no file open.
    """
    for name, text in (("timestamp", timestamp), ("game id", game_id)):
        if not _STAMP.fullmatch(text):
            raise ValueError(f"a {name} for a file name is letters, digits, '.', '-' and '_', not {text!r}")
    history_dir = Path(history_dir)
    if not history_dir.is_dir():
        history_dir.mkdir(parents=True, mode=0o700)
        sync_folder(history_dir.parent)
    target = next(history_dir.glob(f"*-{game_id}.json"), None)
    if target is None:
        target = history_dir / f"{timestamp}-{game_id}.json"
        replace_private(target, record.encode("utf-8"))
    Path(journal_path).unlink()
    sync_folder(Path(journal_path).parent)
    return target


def game_id(token: str) -> str:
    """A game's name in the history folder, from its session token (which it does not reveal)."""
    return hashlib.blake2b(token.encode("utf-8"), digest_size=5).hexdigest()


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
    try:  # as strictly as the config file; the data folder is where the journal is now, never a remembered path
        chosen = game_settings("", _kept_settings(settings))
    except ConfigError as error:
        raise _Damage(f"line 1 (start) holds settings this console cannot use: {error}") from None
    chosen = replace(chosen, data_dir=str(path.parent))
    kind, game = _replay_events(events)
    if chosen.edition not in kind.editions:  # a resumed game is played by its settings' kind: they must be its start's
        raise _Damage(f"line 1 (start) holds settings of the edition {chosen.edition!r}, but the start of a game of the "
                      f"editions {', '.join(kind.editions)}")
    if start["version"] < VERSIONS.current:
        journal = Journal._migrated(path, kind, events)
    else:
        journal = Journal._continued(path, kind, len(lines), digest, len(data) - len(dropped))
    pairings = [event.get(PAIRING) for event in events if event.get("type") == PAIRING]
    pairing = pairings[-1] if pairings and isinstance(pairings[-1], str) else ""
    return ResumedGame(kind, game, chosen, token, journal, dropped, pairing)


def _in_this_version(kind: GameKind, events: list[dict[str, Any]]) -> Iterator[Mapping[str, Any]]:
    """An older journal's events as this version writes them: the same game, its start and actions encoded anew."""
    start = events[0]
    game = kind.journal.started(start)
    assert game is not None, "the kind was found by this start"
    yield {**start, **kind.journal.start_fields(game), "version": VERSIONS.current,
           "settings": _kept_settings(start["settings"])}
    for event in events[1:]:
        yield event if event["type"] in ("end", PAIRING) else kind.journal.current(event)


def _check_header(line: bytes) -> None:
    """Refuse a file that is not a journal, or a journal of another version, before checking its lines."""
    try:
        event = json.loads(line)["event"]
        kind, version = event.get("format"), event.get("version")
    except _UNREADABLE:
        kind = version = None
    if kind != FORMAT:
        raise _Damage(f"it is not a game journal (its first line is not a {FORMAT!r} start event)")
    VERSIONS.check(version, lambda why: _Damage(f"it is {why}"), _Newer)


def _readable(path: Path) -> bool:
    """The journal at *path* is of a version this console reads (its first line says)."""
    try:
        with open(path, "rb") as file:
            _check_header(file.readline())
    except (OSError, _Damage):
        return False
    return True


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


def _replay_events(events: list[dict[str, Any]]) -> tuple[GameKind, BoardGame]:
    """The game's kind and the game rebuilt through it, so a journal that breaks a rule is refused."""
    kind, game = _started(events[0])
    ended = False
    for seq, event in enumerate(events[1:], 2):
        name = event.get("type")
        if name == PAIRING:
            continue  # the phone's, not the game's
        try:
            if ended or (game.is_over and name != "end"):
                raise ValueError(f"the game was over ({kind.journal.outcome_of(game)}) before it")
            if name == "end":
                replayed = kind.journal.outcome_of(game) if game.is_over else "it is not over"
                if event["outcome"] != replayed:
                    raise ValueError(f"it says {event['outcome']}, the replayed game says {replayed}")
                ended = True
            else:
                game = kind.journal.replayed(game, event)
        except _UNREADABLE as error:
            raise _Damage(f"line {seq} ({name}) does not replay: {error}") from None
    return kind, game


def _started(event: dict[str, Any]) -> tuple[GameKind, BoardGame]:
    """The kind of game a start event begins, and its game."""
    try:
        for kind in kinds():
            game = kind.journal.started(event)
            if game is not None:
                return kind, game
    except _UNREADABLE as error:
        raise _Damage(f"line 1 (start) holds no possible start position: {error}") from None
    raise _Damage("line 1 (start) is the start of no kind of game this console plays")


# ---------------------------------------------------------------- helpers


def _chain(previous: str, seq: int, text: str) -> str:
    return hashlib.blake2b(f"{previous}\n{seq}\n{text}".encode("ascii"), digest_size=8).hexdigest()


def _kept_settings(settings: Mapping[str, Any]) -> dict[str, Any]:
    """The settings a journal keeps: the game's, never the data folder (a game resumes in the folder its journal is in).

    Nor the console's own choices (its sound, its language): a resumed game takes the console's current ones, and a
    journal without them stays one that a console of before them (rolled back) resumes.
    """
    return {key: value for key, value in settings.items() if key != "data_dir" and key not in CONSOLE_CHOICES}


def _set_aside(path: Path, why: str) -> Path:
    """Move a journal that cannot be resumed to the first free ``<name>.<why>-<n>``, so a new game cannot write over it."""
    target = aside(path, why)
    os.rename(path, target)
    sync_folder(path.parent)
    return target
