"""Where Mister X can be (rule 16 of docs/RULES.md), from public information alone.

These functions take only what the detectives know: tickets shown, reveals and
the stations of detectives and bobbies. The game keeps its possible set up to
date with them after every move; the computer players call them directly.

>>> from engine.board import london, station_set, stations_of
>>> from engine.editions import REISSUE
>>> from engine.tickets import Ticket
>>> board = london()
>>> stations_of(after_move(board, REISSUE, station_set([108]), Ticket.BLACK, occupied=station_set([105])))
[115, 116, 117, 119, 135]
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.board import Board, Station, StationSet, station_set
from engine.editions import Ruleset, StartDeal
from engine.tickets import Ticket


def after_move(board: Board, ruleset: Ruleset, possible: StationSet, ticket: Ticket, occupied: StationSet) -> StationSet:
    """The possible set after Mister X moved with *ticket*, less the *occupied* stations."""
    if ticket is Ticket.BLACK:
        reached = board.reach_any(possible, ruleset.transports)
    elif ruleset.uses[ticket]:  # ticket values equal their transport's
        reached = board.reach(possible, ticket)  # type: ignore[arg-type]
    else:
        reached = 0
    return reached & ~occupied


def start_candidates(ruleset: Ruleset, dealt_to_others: Iterable[Station], occupied: StationSet) -> StationSet:
    """Where Mister X can have started: the edition's Mister X start stations not dealt to others."""
    dealt = set(dealt_to_others) if ruleset.start_deal is StartDeal.SHARED else set()
    return station_set(s for s in ruleset.mister_x_starts if s not in dealt) & ~occupied


def replay_log(
    board: Board,
    ruleset: Ruleset,
    candidates: StationSet,
    log: Iterable[tuple[Ticket, Station | None]],
    occupied: StationSet,
) -> StationSet:
    """The possible set after a travel log of (ticket, revealed station or None) entries.

    Used where the detectives' positions along the way are not known (an
    explicit position): only today's *occupied* stations are removed, at the end.
    """
    possible = candidates
    for ticket, revealed in log:
        possible = after_move(board, ruleset, possible, ticket, 0)
        if revealed is not None:
            possible = 1 << revealed
    return possible & ~occupied
