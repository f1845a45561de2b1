"""A finished Scotland Yard game played back: the public state after each move, as the table saw it.

Each scene is the public view (Mister X's tickets, never his hidden stations)
with a line saying what happened; a reveal flashes its station from the
scene's start; the end shows the result and his whole route (or that the game was left unfinished). Each
scene's title says it is a replay, and of whose move: nothing in it waits for the table.
"""

from __future__ import annotations

from collections.abc import Iterator

from console.games.classic.flow import LOOK, mister_x_took
from console.games.classic.model import Mode, Ui
from console.games.table import Flash, TableScene
from console.games.words import display_name, outcome_words, sentences, ticket_words
from engine import DetectiveMove, Game, PublicView, Side
from language import _, p_

REVEAL_SECONDS = 3.0


def scenes(final: Game) -> Iterator[TableScene[PublicView, Ui]]:
    """The public state after each move of *final*'s record, with a line saying what happened."""
    game = Game(final.start)
    yield LOOK.scene(game.public_view(), Ui(Mode.MISTER_X, message=_("The start"), title=p_("title", "Replay: the start")))
    for move in final.actions:
        made = game.moves_made
        game.play(move)
        view = game.public_view()
        mode = Mode.GAME_OVER if game.is_over else Mode.MISTER_X if game.turn is Side.MISTER_X else Mode.DETECTIVES
        if isinstance(move, DetectiveMove):
            said = _("Round {round}: {piece} took {ticket} to {station}", round=view.round, piece=display_name(move.piece),
                     ticket=ticket_words(move.ticket), station=move.station)
            yield LOOK.scene(view, Ui(mode, message=said, title=p_("title", "Replay: {piece}'s move", piece=display_name(move.piece))))
            continue
        entries = view.log[made:]
        seen = [entry for entry in entries if entry.reveal]
        reveal = Flash(seen[-1].station, 0.0, REVEAL_SECONDS) if seen and seen[-1].station is not None else None
        yield LOOK.scene(view, Ui(mode, message=mister_x_took(entries), reveal=reveal, title=p_("title", "Replay: Mister X's move")))
    ended = (outcome_words(game.outcome, game.ruleset) if game.outcome is not None
             else _("The game was not finished: it was left in round {round}", round=game.round))
    yield LOOK.scene(game.public_view(), Ui(Mode.GAME_OVER, message=sentences(ended, _("Press any key to leave")),
                                            title=p_("title", "Replay: the end")))
