"""Mister X's habits: how a computer Mister X spends his double moves and black tickets, counted move by move.

A strong Mister X keeps his double moves for danger (no safe single move left) or
to hop over a reveal, never doubles out and back to where he stood, nor ends a
double move on a reveal; he keeps black tickets for the moves after a reveal and
for the ferries, and has some left for the last reveals. ``habits`` counts each of
these at one of his choices; ``python -m benchmarks.tournament --habits`` adds up
a match-up's games.

A single move is *safe* when no detective or bobby can land on it next round (with
the tickets each holds).
"""

from __future__ import annotations

from collections import Counter

from engine.ai.mister_x import by_ferry_only
from engine.board import Board
from engine.movegen import detective_moves, ticket_mask
from engine.moves import DoubleMove, MisterXMove
from engine.tickets import Ticket
from engine.views import MisterXView

HABITS = ("choices", "doubles", "doubles_while_safe", "doubles_out_and_back", "doubles_ending_on_reveal",
          "doubles_over_reveal", "cornered", "cornered_with_double", "blacks", "blacks_early", "blacks_after_reveal",
          "blacks_on_ferry", "blacks_held_at_late_reveals")
"""The counts, in the order printed. ``doubles_while_safe``: with three or more safe single moves; ``cornered``: no
safe single move; ``blacks_early``: on moves 1-2; ``blacks_held_at_late_reveals``: black tickets in hand when his move
is one of the last two reveals."""


def habits(board: Board, view: MisterXView, move: MisterXMove | DoubleMove) -> Counter[str]:
    """What Mister X's *move*, chosen in *view*, counts towards."""
    public = view.public
    ruleset = public.ruleset
    reveals = ruleset.reveal_moves
    made = public.moves_made
    generator = detective_moves(board, ruleset.transports)
    threat = 0
    for piece in public.pieces:
        threat |= generator.reach[piece.station << 3 | ticket_mask(piece.tickets, piece.bobby)]
    safe = sum(not threat >> single.station & 1 for single in view.moves)
    count: Counter[str] = Counter(choices=1)
    if safe == 0:
        count["cornered"] += 1
        count["cornered_with_double"] += view.can_double
    legs = [(view.station, move)] if isinstance(move, MisterXMove) else [(view.station, move.first), (move.first.station, move.second)]
    if isinstance(move, DoubleMove):
        count["doubles"] += 1
        count["doubles_while_safe"] += safe >= 3
        count["doubles_out_and_back"] += move.second.station == view.station
        count["doubles_ending_on_reveal"] += made + 2 in reveals
        count["doubles_over_reveal"] += made + 1 in reveals
    for number, (origin, leg) in enumerate(legs, start=made + 1):
        if leg.ticket is not Ticket.BLACK:
            continue
        count["blacks"] += 1
        count["blacks_early"] += number <= 2
        count["blacks_after_reveal"] += number - 1 in reveals
        count["blacks_on_ferry"] += by_ferry_only(board, origin, leg.station)
    if made + 1 in sorted(reveals)[-2:]:
        count["blacks_held_at_late_reveals"] += public.mister_x_tickets[Ticket.BLACK]
    return count

