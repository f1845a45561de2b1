"""Baseline players: greedy by distance (a random player is ``rng.choice(game.single_moves())``).

They are the yardsticks stronger players are measured against, and the
opponents of the terminal game. A greedy detective sees only the public view.

The scripted novices play as people do in their first game, the opponents the
``beginner`` level is calibrated against: the novice Mister X runs from the
nearest detective (``greedy_mister_x``, single moves only); a novice detective
chases where Mister X was last seen (``novice_detective``), as if he were still
there, and uses no deduction.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.ai.distance import distances
from engine.board import Board, iter_stations
from engine.moves import DetectiveMove, MisterXMove
from engine.tickets import Ticket
from engine.views import MisterXView, PublicView

_FAR = 99


def greedy_mister_x(board: Board, view: MisterXView) -> MisterXMove:
    """Mister X runs: the move that keeps the nearest detective or bobby farthest away.

    Ties go to a transport ticket over black (black tickets are worth saving),
    then to the lower station number, so the choice is deterministic.
    """
    table = distances(board, view.public.ruleset.transports)
    hunters = [piece.station for piece in view.public.pieces]

    def score(move: MisterXMove) -> tuple[int, int, int]:
        nearest = min((table[move.station].get(h, _FAR) for h in hunters), default=_FAR)
        return nearest, move.ticket is not Ticket.BLACK, -move.station

    return max(view.moves, key=score)


def greedy_detective(board: Board, view: PublicView, moves: Sequence[DetectiveMove]) -> DetectiveMove:
    """A detective closes in: the move that ends nearest to a station Mister X may be at."""
    return closing_in(board, view, moves, list(iter_stations(view.possible)))


def novice_detective(board: Board, view: PublicView, moves: Sequence[DetectiveMove]) -> DetectiveMove:
    """A novice detective chases Mister X's last reveal (before it, the stations he may be at)."""
    seen = view.last_reveal
    return closing_in(board, view, moves, [seen] if seen is not None else list(iter_stations(view.possible)))


def closing_in(board: Board, view: PublicView, moves: Sequence[DetectiveMove], targets: Sequence[int]) -> DetectiveMove:
    """The move that ends nearest to one of *targets* (none: the pieces' stations); ties go to the ticket the piece
    holds most of, then by piece and station, so the choice is deterministic."""
    table = distances(board, view.ruleset.transports)
    aims = list(targets) or [p.station for p in view.pieces]

    def cost(move: DetectiveMove) -> tuple[int, int, str, int]:
        row = table[move.station]
        nearest = min(row.get(s, _FAR) for s in aims)
        return nearest, -view.piece(move.piece).tickets[move.ticket], move.piece, move.station

    return min(moves, key=cost)
