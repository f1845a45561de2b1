"""A Scotland Yard game as a readable text record (``console.records.export``): its heading, then its moves round by round.

Every move in the move notation of ``engine.moves``, each with its words; the
game is over, so everything is told: Mister X's stations beside what the
detectives saw of each move (the ticket, and the station at a reveal, marked
``REVEAL``).
"""

from __future__ import annotations

from collections.abc import Iterator

from console.games.record_text import heading, move_row, paragraph, row, to
from console.games.words import display_name, edition_words, line_words, listed, outcome_words, series, ticket_words
from console.table.case import capitalised
from engine import DetectiveMove, DoubleMove, Game, MisterXMove, Position, Transport
from engine.editions import Length, Ruleset
from engine.moves import LETTERS
from engine.position import MISTER_X
from language import Text, Words, _, join, p_


def lines(game: Game, played: Words) -> Iterator[str]:
    """A Scotland Yard game's text, line by line: its heading, then its moves round by round."""
    ruleset = game.ruleset
    yield from heading(p_("terminal", "Scotland Yard, {edition}", edition=edition_words(ruleset.name)))
    yield row(p_("terminal", "Rules"), _rules(ruleset))
    yield row(p_("terminal", "Played"), played)
    yield row(p_("terminal", "Sides"), p_("terminal", "Mister X against {detectives}", detectives=listed(game.detectives)))
    result = (outcome_words(game.outcome, ruleset) if game.outcome is not None
              else p_("terminal", "not finished: left in round {round}", round=game.round))
    yield row(p_("terminal", "Result"), capitalised(str(result)))
    yield from _start(game.start)
    yield ""
    yield from paragraph(p_("terminal", "Each move in the notation: a ticket's letter (T taxi, B bus, U underground, X black ticket) "
                                         "and the station; a detective's move begins with the piece's name; Mister X's double move "
                                         "joins two legs with '+'. Beside Mister X's moves: what the detectives saw (his ticket; his "
                                         "station only at a reveal)."))
    replayed = Game(game.start, game.board)
    shown = 0
    for move in game.actions:
        if replayed.round != shown:
            shown = replayed.round
            yield ""
            yield str(p_("terminal", "Round {round}", round=shown))
        made = replayed.moves_made
        replayed.play(move)
        if isinstance(move, DetectiveMove):
            yield move_row(display_name(move.piece), move.notation, to(line_words(Transport(move.ticket)), move.station))
        else:
            yield move_row(display_name(MISTER_X), move.notation, _seen(move, made, ruleset))
    yield ""
    yield str(p_("terminal", "End: {result}", result=result))


def _rules(ruleset: Ruleset) -> Text:
    reveals = series([str(number) for number in sorted(ruleset.reveal_moves)])
    if ruleset.length_unit is Length.ROUNDS:
        return p_("terminal", "{length} rounds; Mister X shows himself after his moves {reveals}", length=ruleset.length, reveals=reveals)
    return p_("terminal", "{length} moves of Mister X; he shows himself after his moves {reveals}", length=ruleset.length, reveals=reveals)


def _start(start: Position) -> Iterator[str]:
    pieces = join(_(", "), [p_("terminal", "{piece} {station}", piece=display_name(piece.name), station=piece.station)
                            for piece in start.pieces])
    yield row(p_("terminal", "Start"), p_("terminal", "Mister X at {station}; {pieces}", station=start.mister_x, pieces=pieces))
    if start.round > 1 or start.log:  # the board was corrected: the record starts from the correction
        route = ", ".join(f"{LETTERS[entry.ticket]}{entry.station}" for entry in start.log) or p_("terminal", "none")
        yield row("", p_("terminal", "(the board was corrected in round {round}: the record starts there; Mister X's moves before: "
                                      "{route})", round=start.round, route=route))


def _seen(move: MisterXMove | DoubleMove, made: int, ruleset: Ruleset) -> Text:
    """What the detectives saw of Mister X's move, the move numbers of his travel log and his reveals marked."""
    legs = (move.first, move.second) if isinstance(move, DoubleMove) else (move,)
    seen = []
    for number, leg in enumerate(legs, made + 1):
        ticket = ticket_words(leg.ticket)
        if number in ruleset.reveal_moves:
            seen.append(p_("terminal", "move {number}: {ticket}, seen at {station}  REVEAL", number=number, ticket=ticket,
                           station=leg.station))
        else:
            seen.append(p_("terminal", "move {number}: {ticket}", number=number, ticket=ticket))
    told = join(p_("terminal", ", then "), seen)
    return p_("terminal", "double move, {legs}", legs=told) if isinstance(move, DoubleMove) else told
