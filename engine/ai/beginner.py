"""The ``beginner`` level: players that make the mistakes of people learning the game, so that learners win too.

Not random blunders: each side plays a plan a newcomer would, with a newcomer's blind spot.

- Mister X runs from the nearest detective, as a novice does, and keeps his double
  moves for a fright (a detective one move away wherever a single move takes him),
  and doubles away, never back to where he stood.
  His blind spot: he counts the detectives' reach along the taxi and underground
  lines and forgets the buses, the busiest web of lines on the board.
- The detectives chase the station where Mister X was last seen, as novices do
  (before the first reveal, the stations he may be at). Their blind spot: they think
  in taxi rides and take a bus or the underground only when taxis cannot bring them
  closer, so a Mister X who keeps moving stays ahead of them.

Both are deterministic (ties go by ticket, station and piece): the level needs no seed.
Their calibration against the scripted novices (``engine.ai.baselines``) is measured
by ``python -m benchmarks.tournament beginner:novice novice:beginner``.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.ai.distance import distances
from engine.board import Board, Transport, iter_stations
from engine.movegen import detective_moves, ticket_mask, unblocked
from engine.moves import DetectiveMove, DoubleMove, MisterXMove
from engine.tickets import Ticket
from engine.views import MisterXView, PublicView

_FAR = 99
_TAXI_ONLY = frozenset({Transport.TAXI})
_NO_BUSES = frozenset({Transport.TAXI, Transport.UNDERGROUND})


def beginner_mister_x(board: Board, view: MisterXView) -> MisterXMove | DoubleMove:
    """Mister X's move: away from the nearest detective, as he counts it; a double move only when cornered."""
    reach = distances(board, _NO_BUSES & view.public.ruleset.transports)
    hunters = [piece.station for piece in view.public.pieces]

    def nearest(station: int) -> int:
        return min((reach[station].get(h, _FAR) for h in hunters), default=_FAR)

    def score(move: MisterXMove) -> tuple[int, bool, int]:
        return nearest(move.station), move.ticket is not Ticket.BLACK, -move.station

    single = max(view.moves, key=score)
    if nearest(single.station) > 1 or not view.can_double:
        return single
    doubles = [DoubleMove(first, second) for first in view.moves for second in view.second_legs(first)
               if second.station != view.station]  # never out and back: even a newcomer doubles to get away
    if not doubles:
        return single
    double = max(doubles, key=lambda move: (nearest(move.second.station), move.first.ticket is not Ticket.BLACK,
                                            move.second.ticket is not Ticket.BLACK, -move.first.station, -move.second.station))
    return double if nearest(double.second.station) > nearest(single.station) else single


def beginner_detectives(board: Board, view: PublicView, movers: Sequence[str]) -> list[DetectiveMove]:
    """This round's moves of *movers*, each in turn, none onto a station taken by a piece (moved or not)."""
    generator = detective_moves(board, view.ruleset.transports)
    occupied = {piece.name: piece.station for piece in view.pieces}
    chosen = []
    for name in movers:
        piece = view.piece(name)
        taken = sum(1 << station for other, station in occupied.items() if other != name)
        moves = unblocked(generator.moves(name, piece.bobby, piece.station, ticket_mask(piece.tickets, piece.bobby)), taken)
        if moves:
            move = beginner_detective(board, view, moves)
            chosen.append(move)
            occupied[name] = move.station
    return chosen


def beginner_detective(board: Board, view: PublicView, moves: Sequence[DetectiveMove]) -> DetectiveMove:
    """A detective's move (one of *moves*, all of one piece's or of several): toward Mister X's last reveal, counted
    in taxi rides; a bus or the underground only when no taxi ride brings the piece closer."""
    taxi = distances(board, _TAXI_ONLY)
    seen = view.last_reveal
    aims = [seen] if seen is not None else list(iter_stations(view.possible)) or [p.station for p in view.pieces]

    def away(station: int) -> int:
        return min(taxi[station].get(s, _FAR) for s in aims)

    closer_by_taxi = [m for m in moves if m.ticket is Ticket.TAXI and away(m.station) < away(view.piece(m.piece).station)]
    return min(closer_by_taxi or moves, key=lambda move: (away(move.station), move.ticket is not Ticket.TAXI, move.piece, move.station))
