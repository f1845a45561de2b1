"""Beginner hints during a Scotland Yard game: a few short sentences about the moment, from public facts only.

``hints`` is a function of the public view and the flow's ``Ui`` alone, as the
screen is: a hint can say only what the travel log, the tickets on the table
and the rules say, never where Mister X is between his reveals. The most
useful come first; the screen shows those it has room for, while the table has
the hints on (``Ui.hints``, the Settings' "Beginner hints").

>>> from engine import Game
>>> from console.games.classic.model import Mode, Ui
>>> [str(hint) for hint in hints(Game.new("reissue", players=3, seed=1).public_view(), Ui(Mode.MISTER_X))]
['The log shows his ticket, not his station']
"""

from __future__ import annotations

from collections.abc import Callable

from console.games.classic.model import Mode, Ui
from console.games.words import display_name
from engine import Ticket, Transport, london
from engine.editions import Length
from engine.movegen import detective_moves, ticket_mask
from engine.views import PublicLogEntry, PublicView
from language import Text, p_

_OUT_OF: dict[Ticket, Callable[[Text], Text]] = {
    Ticket.TAXI: lambda piece: p_("hint", "{piece} is out of taxi tickets", piece=piece),
    Ticket.BUS: lambda piece: p_("hint", "{piece} is out of bus tickets", piece=piece),
    Ticket.UNDERGROUND: lambda piece: p_("hint", "{piece} is out of underground tickets", piece=piece),
}
"""The hint that a detective has run out of a kind of ticket, by the kind."""


def hints(view: PublicView, ui: Ui) -> tuple[Text, ...]:
    """What a beginner may want to know now, most useful first: in Mister X's turn and the detectives' (not while the panel
    shows the ticket keys, nor in a deal, a correction, a pause or at the end)."""
    if ui.mode is Mode.DETECTIVES:
        found = [*_sitting_out(view), *_selected(view, ui.selected), *_his_last_turn(view), *_reveal_ahead(view)]
    elif ui.mode is Mode.MISTER_X:
        found = [] if ui.reveal_next else [p_("hint", "The log shows his ticket, not his station")]  # else the panel says he surfaces
    else:
        return ()
    if not ui.assist and view.last_reveal is not None:
        found.append(p_("hint", "MENU can light up where he may be"))  # the deduction assist
    return tuple(found)


def _sitting_out(view: PublicView) -> list[Text]:
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
        name = display_name(piece.name)
        if not mask:
            said.append(p_("hint", "{piece} can't move: no tickets left", piece=name))
        elif not reach:
            said.append(p_("hint", "{piece} can't move: no ticket for its lines", piece=name))
        else:
            said.append(p_("hint", "{piece} can't move: every way is blocked", piece=name))
    return said


def _selected(view: PublicView, name: str | None) -> list[Text]:
    """The picked piece's tickets: a bobby needs none; a detective may have run out of some kinds."""
    if name is None:
        return []
    piece = view.piece(name)
    if piece.bobby:
        return [p_("hint", "Bobbies need no tickets")]
    transports = view.ruleset.transports
    return [out_of(display_name(name)) for ticket, out_of in _OUT_OF.items()
            if piece.tickets[ticket] == 0 and (ticket is not Ticket.UNDERGROUND or Transport.UNDERGROUND in transports)]


def _last_turn(view: PublicView) -> tuple[PublicLogEntry, ...]:
    """The travel log's entries of Mister X's latest turn: one, or a double move's two."""
    log = view.log
    return log[-2:] if len(log) >= 2 and log[-1].double and log[-2].double else log[-1:]


def _his_last_turn(view: PublicView) -> list[Text]:
    """What his latest turn showed: where he surfaced, a black ticket, a double move."""
    turn = _last_turn(view)
    if not turn:
        return []
    said = []
    if turn[-1].station is not None:
        said.append(p_("hint", "Mister X surfaced at {station}: close in on it", station=turn[-1].station))
    elif turn[0].station is not None:  # a double move's first leg: he has moved on since
        said.append(p_("hint", "Mister X surfaced at {station}, then moved on", station=turn[0].station))
    blacks = sum(entry.ticket is Ticket.BLACK for entry in turn)
    if blacks:
        said.append(p_("hint", "His black tickets hide which lines he took") if blacks > 1 else
                    p_("hint", "His black ticket hides which line he took"))
    if len(turn) == 2:  # as the log shows it
        said.append(p_("hint", "A double move: two boxes filled") if view.ruleset.length_unit is Length.MOVES else
                    p_("hint", "A double move: two tickets in one box"))
    return said


def _reveal_ahead(view: PublicView) -> list[Text]:
    """His next turn surfaces him: its move, or a double move's second leg (if he holds a double-move ticket)."""
    if view.outcome is not None:
        return []
    made, ruleset = view.moves_made, view.ruleset
    if view.next_move_is_reveal:
        return [p_("hint", "Mister X surfaces after his next move")]
    can_double = view.mister_x_tickets[Ticket.DOUBLE] > 0 and (ruleset.moves_left(made) or 2) >= 2
    return [p_("hint", "Mister X surfaces if he doubles next")] if can_double and made + 2 in ruleset.reveal_moves else []
