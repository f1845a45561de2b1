"""The Scotland Yard rules engine: the whole game as a pure library.

Everything else (lights, screen, handheld, simulator, computer players) asks
it. It is standard-library Python with no I/O, no clock and no unseeded
randomness, and it knows nothing about hardware.

The public API, all importable from ``engine``:

- ``Game.new(edition, players, seed=...)`` deals a new game; ``Game(position)``
  starts from an explicit ``Position``.
- ``game.legal_moves()``: every legal move now, double moves included, as a
  live view (``LegalMoves``, as python-chess's ``board.legal_moves``): its
  iteration (double moves made as it reaches them), ``len`` and ``in`` agree
  with ``game.is_legal`` at every moment. ``game.single_moves()`` lists the
  moves of one leg at once (to index or pick from), ``game.second_legs(first)``
  a double move's second legs, ``game.double_moves()`` all double moves;
  ``game.moves_of(piece)`` one piece's choices, ``game.to_move()``,
  ``game.sitting_out()``.
- ``game.play(move)`` with a ``DetectiveMove``, ``MisterXMove`` or
  ``DoubleMove``; ``game.is_legal(move)`` asks without playing;
  ``game.undo()`` takes back detective moves of this round.
  ``mister_x_view().second_legs(first)`` lists a double move's second legs
  from his view alone.
- ``game.push(move)`` / ``game.pop()``: make and unmake, as in python-chess
  (``push`` is ``play``; ``pop`` takes back any move, Mister X's and the one
  that ended the game too, and restores the game exactly); ``game.copy()``:
  an independent twin, its moves included; ``game == other``: the same
  position, as python-chess's boards compare (a game has no hash: it changes).
- One move notation for people and files, as python-chess's: ``str(move)``
  (``"red T46"``, ``"X157"``, ``"T46+X47"``; ``move.notation`` says the same)
  and ``parse_move(text)``, so ``parse_move(str(move)) == move``;
  ``game.parse_move(text)`` also refuses a piece or a station the game does not
  have. A ``NotationError`` is data, as a refusal is: which case
  (``error.misreading``, a ``Misreading``), the text and the part of it that
  is wrong (``error.fields``). ``move.describe()`` is the move in English words.
- One protocol for every game (``Playable``, ``engine.boardgame``): the main
  game and Junior (``engine.junior.JuniorGame``) both answer ``turn``,
  ``is_over``, ``winner``, ``actions``, ``legal_moves`` (a live view),
  ``is_legal``, ``push``/``pop``/``undo``/``copy``, ``parse_move`` and
  ``public_view``, and compare by position with ``==``;
  ``BoardGame`` is the part that does not name the moves' type.
  Refusals raise ``IllegalMoveError`` (``IllegalPositionError`` for a setup),
  and change nothing: a ``RulesError`` that says which case it is
  (``error.refusal``, a ``Refusal``), its facts (``error.fields``: the pieces,
  tickets and stations involved) and the rule (``error.rule``, numbered as in
  ``docs/RULES.md``, the rules edition by edition); its message is English.
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
from engine.boardgame import BoardGame, LegalMoves, Playable
from engine.editions import BEGINNER, CLASSIC, EDITIONS, REISSUE, Ruleset, find_ruleset
from engine.errors import IllegalMoveError, IllegalPositionError, RecordError, RulesError, ScotlandYardError
from engine.game import Game
from engine.moves import DetectiveMove, DoubleMove, Misreading, MisterXMove, Move, NotationError, parse_move
from engine.outcome import Outcome, Reason, Side
from engine.position import MISTER_X, LogEntry, PieceSetup, Position, deal
from engine.refusals import Piece, Refusal
from engine.tickets import Ticket, Tickets
from engine.views import MisterXView, PublicView

__all__ = [
    "BEGINNER",
    "CLASSIC",
    "EDITIONS",
    "MISTER_X",
    "REISSUE",
    "Board",
    "BoardGame",
    "DetectiveMove",
    "DoubleMove",
    "Game",
    "IllegalMoveError",
    "IllegalPositionError",
    "LegalMoves",
    "LogEntry",
    "Misreading",
    "MisterXMove",
    "MisterXView",
    "Move",
    "NotationError",
    "Outcome",
    "Piece",
    "PieceSetup",
    "Playable",
    "Position",
    "PublicView",
    "Reason",
    "RecordError",
    "Refusal",
    "RulesError",
    "Ruleset",
    "ScotlandYardError",
    "Side",
    "Station",
    "StationSet",
    "Ticket",
    "Tickets",
    "Transport",
    "deal",
    "find_ruleset",
    "london",
    "parse_move",
    "station_set",
    "stations_of",
]
