"""A finished Junior game played back round by round: each reveal as the table saw it.

The rogues' choices show only at their reveals, as they did at the table. The top bar says it is a replay, in
place of the district's name alone.
"""

from __future__ import annotations

from collections.abc import Iterator

from console.games.junior.flow import LOOK
from console.games.junior.model import Celebration, JuniorMode, JuniorUi
from console.games.junior.words import district_words, reveal_words, winner_words
from console.games.table import TableScene
from engine.junior import JuniorGame, JuniorView
from engine.junior.record import replay
from language import _, p_

REVEAL_SECONDS = 3.0


def scenes(final: JuniorGame) -> Iterator[TableScene[JuniorView, JuniorUi]]:
    """The start, each round's reveal with its celebration, and the winners."""
    game = JuniorGame(final.start, final.district)
    title = p_("title", "Replay: {district}", district=district_words(final.district))
    yield LOOK.scene(game.public_view(), JuniorUi(JuniorMode.ROGUES, prompt=p_("title", "The start"), message=_("Round {round}", round=1),
                                                  title=title))
    for action in final.actions:
        rounds = len(game.results)
        replay(game, action)
        if len(game.results) > rounds:
            prompt, told = reveal_words(game.results[-1])
            yield LOOK.scene(game.public_view(), JuniorUi(JuniorMode.REVEAL, prompt=prompt,
                                                           message=_("Round {round}: {steps}", round=rounds + 1, steps=told),
                                                           celebration=Celebration(game.results[-1], 0.0, REVEAL_SECONDS), title=title))
    ended = (winner_words(game.outcome) if game.outcome is not None else
             p_("title", "Not finished: left in round {round}", round=len(game.results) + 1))
    yield LOOK.scene(game.public_view(), JuniorUi(JuniorMode.GAME_OVER, prompt=ended, message=_("Press any key to leave"), title=title))
