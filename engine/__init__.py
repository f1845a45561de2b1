"""The Scotland Yard rules engine: the whole game as a pure library."""

from engine.board import Board, Station, StationSet, Transport, london, station_set, stations_of
from engine.editions import BEGINNER, CLASSIC, EDITIONS, REISSUE, Ruleset, find_ruleset
from engine.errors import IllegalMoveError, IllegalPositionError, RecordError, ScotlandYardError
from engine.game import Game
from engine.moves import DetectiveMove, DoubleMove, MisterXMove, Move
from engine.outcome import Outcome, Reason, Side
from engine.position import MISTER_X, LogEntry, PieceSetup, Position, deal
from engine.tickets import Ticket, Tickets
from engine.views import MisterXView, PublicView
