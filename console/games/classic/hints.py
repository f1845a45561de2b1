"""Beginner hints during a Scotland Yard game: a few short sentences about the moment, from public facts only.

``hints`` is a function of the public view and the flow's ``Ui`` alone, as the
screen is: a hint can say only what the travel log, the tickets on the table
and the rules say, never where Mister X is between his reveals. The most
useful come first; the screen shows those it has room for, while the table has
the hints on (``Ui.hints``, the Settings' "Beginner hints").

>>> from engine import Game
>>> from console.games.classic.model import Mode, Ui
>>> hints(Game.new("reissue", players=3, seed=1).public_view(), Ui(Mode.MISTER_X))
('The log shows his ticket, not his station',)
"""

from __future__ import annotations

from console.games.classic.model import Mode, Ui
from console.games.words import display_name
from engine import Ticket, Transport, london
from engine.editions import Length
from engine.movegen import detective_moves, ticket_mask
from engine.views import PublicLogEntry, PublicView

_TICKET_WORDS = {Ticket.TAXI: "taxi", Ticket.BUS: "bus", Ticket.UNDERGROUND: "underground"}


def hints(view: PublicView, ui: Ui) -> tuple[str, ...]:
    """What a beginner may want to know now, most useful first: in Mister X's turn and the detectives' (not while the panel
    shows the ticket keys, nor in a deal, a correction, a pause or at the end)."""
    if ui.mode is Mode.DETECTIVES:
        found = [*_sitting_out(view), *_selected(view, ui.selected), *_his_last_turn(view), *_reveal_ahead(view)]
    elif ui.mode is Mode.MISTER_X:
        found = [] if ui.reveal_next else ["The log shows his ticket, not his station"]  # else the panel says he surfaces
    else:
        return ()
    if not ui.assist and view.last_reveal is not None:
        found.append("MENU can light up where he may be")  # the deduction assist
    return tuple(found)


def _sitting_out(view: PublicView) -> list[str]:
    """Why each piece yet to move this round cannot (the message names them; this says why)."""
    lines = detective_moves(london(), view.ruleset.transports)
    occupied = sum(1 << piece.station for piece in view.pieces)
    said = []
    for piece in view.pieces:
        if piece.name in view.moved:
            continue
        mask = ticket_mask(piece.tickets, piece.bobby)
        _, reach = lines.moves(piece.name, piece.bobby, piece.station, mask)
        if reach & ~occupied:
            continue
        why = "no tickets left" if not mask else "no ticket for its lines" if not reach else "every way is blocked"
        said.append(f"{display_name(piece.name)} can't move: {why}")
    return said


def _selected(view: PublicView, name: str | None) -> list[str]:
    """The picked piece's tickets: a bobby needs none; a detective may have run out of some kinds."""
    if name is None:
        return []
    piece = view.piece(name)
    if piece.bobby:
        return ["Bobbies need no tickets"]
    transports = view.ruleset.transports
    return [f"{display_name(name)} is out of {kind} tickets" for ticket, kind in _TICKET_WORDS.items()
            if piece.tickets[ticket] == 0 and (ticket is not Ticket.UNDERGROUND or Transport.UNDERGROUND in transports)]


def _last_turn(view: PublicView) -> tuple[PublicLogEntry, ...]:
    """The travel log's entries of Mister X's latest turn: one, or a double move's two."""
    log = view.log
    return log[-2:] if len(log) >= 2 and log[-1].double and log[-2].double else log[-1:]


def _his_last_turn(view: PublicView) -> list[str]:
    """What his latest turn showed: where he surfaced, a black ticket, a double move."""
    turn = _last_turn(view)
    if not turn:
        return []
    said = []
    if turn[-1].station is not None:
        said.append(f"Mister X surfaced at {turn[-1].station}: close in on it")
    elif turn[0].station is not None:  # a double move's first leg: he has moved on since
        said.append(f"Mister X surfaced at {turn[0].station}, then moved on")
    blacks = sum(entry.ticket is Ticket.BLACK for entry in turn)
    if blacks:
        said.append("His black tickets hide which lines he took" if blacks > 1 else "His black ticket hides which line he took")
    if len(turn) == 2:
        boxes = "two boxes filled" if view.ruleset.length_unit is Length.MOVES else "two tickets in one box"  # as the log shows it
        said.append(f"A double move: {boxes}")
    return said


def _reveal_ahead(view: PublicView) -> list[str]:
    """His next turn surfaces him: its move, or a double move's second leg (if he holds a double-move ticket)."""
    if view.outcome is not None:
        return []
    made, ruleset = view.moves_made, view.ruleset
    if view.next_move_is_reveal:
        return ["Mister X surfaces after his next move"]
    can_double = view.mister_x_tickets[Ticket.DOUBLE] > 0 and (ruleset.moves_left(made) or 2) >= 2
    return ["Mister X surfaces if he doubles next"] if can_double and made + 2 in ruleset.reveal_moves else []
