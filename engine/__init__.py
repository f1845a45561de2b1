"""The Scotland Yard rules engine: the whole game as a pure library.

Everything else (lights, screen, handheld, simulator, computer players) asks
it. It is standard-library Python with no I/O, no clock and no unseeded
randomness, and it knows nothing about hardware.

The public API, all importable from ``engine``:

- ``Game.new(edition, players, seed=...)`` deals a new game; ``Game(position)``
  starts from an explicit ``Position``.
- ``game.legal_moves()``, ``game.moves_of(piece)``, ``game.second_legs(first)``,
  ``game.double_moves()``, ``game.to_move()``, ``game.sitting_out()``: what may
  be played now.
- ``game.play(move)`` with a ``DetectiveMove``, ``MisterXMove`` or
  ``DoubleMove``; ``game.is_legal(move)`` asks without playing (``in
  game.legal_moves()`` asks it too); ``game.undo()`` takes back detective
  moves of this round. ``mister_x_view().second_legs(first)`` lists a double
  move's second legs from his view alone.
- ``game.push(move)`` / ``game.pop()``: make and unmake, as in python-chess
  (``push`` is ``play``; ``pop`` takes back any move, Mister X's and the one
  that ended the game too, and restores the game exactly); ``game.copy()``:
  an independent twin, its moves included.
- One move notation for people and files: ``move.notation`` (``"red T46"``,
  ``"X157"``, ``"T46+X47"``) and ``parse_move(text)`` (``NotationError`` for
  text that is no move).
  Refusals raise ``IllegalMoveError`` naming the rule (numbered as in
  ``docs/RULES.md``, the rules edition by edition), and change nothing.
- ``game.public_view()`` (what everyone may see: ``PublicView``) and
  ``game.mister_x_view()`` (``MisterXView``); ``game.possible_locations``
  (the deduction assist, a station bitset).
- ``game.outcome``: ``None`` while the game goes on, then an ``Outcome`` with
  ``winner`` and ``reason``.
- ``engine.record.dumps(game)`` / ``engine.record.loads(text)``: versioned JSON
  records that replay to the identical game. ``engine.record.VERSIONS`` (an
  ``engine.versions.Versions``) says which versions this engine reads and writes;
  a record of a newer version raises ``NewerRecordError`` (a ``RecordError``), so
  a caller can keep it for the newer engine rather than call it damaged.
- Editions as data: ``REISSUE``, ``CLASSIC``, ``BEGINNER``, ``find_ruleset``,
  and any ``dataclasses.replace`` of a ``Ruleset``.
- The board: ``london()`` and its bitset queries; ``station_set``/``stations_of``.

>>> game = Game.new("beginner", players=4, seed=0)
>>> game.mister_x_view().station
82
>>> sorted(game.public_view().piece(name).station for name in game.detectives)
[41, 46, 124, 142]
"""

from engine.board import Board, Station, StationSet, Transport, london, station_set, stations_of
from engine.editions import BEGINNER, CLASSIC, EDITIONS, REISSUE, Ruleset, find_ruleset
from engine.errors import IllegalMoveError, IllegalPositionError, RecordError, ScotlandYardError
from engine.game import Game
from engine.moves import DetectiveMove, DoubleMove, MisterXMove, Move, NotationError, parse_move
from engine.outcome import Outcome, Reason, Side
from engine.position import MISTER_X, LogEntry, PieceSetup, Position, deal
from engine.tickets import Ticket, Tickets
from engine.views import MisterXView, PublicView

__all__ = [
    "BEGINNER", "CLASSIC", "EDITIONS", "MISTER_X", "REISSUE",
    "Board", "DetectiveMove", "DoubleMove", "Game", "IllegalMoveError", "IllegalPositionError",
    "LogEntry", "MisterXMove", "MisterXView", "Move", "NotationError", "Outcome", "PieceSetup", "Position",
    "PublicView", "Reason", "RecordError", "Ruleset", "ScotlandYardError", "Side", "Station",
    "StationSet", "Ticket", "Tickets", "Transport", "deal", "find_ruleset", "london",
    "parse_move", "station_set", "stations_of",
]
