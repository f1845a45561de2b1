"""Beginner hints during a Junior game: a few short sentences for children, from public facts only.

``hints`` is a function of the public view and the flow's ``JuniorUi`` alone, as
the screen is: it never holds a rogue's choice before its reveal, so a hint can
only point at what the table already knows (where each rogue was seen last,
how far the detectives have stepped, the token boards). The most useful come
first; the screen shows those it has room for, while the table has the hints on.
Junior needs no hint about running out of tickets: every piece takes its tickets
back each round (J3).

>>> from engine.junior import JuniorGame
>>> from console.games.junior.model import JuniorMode, JuniorUi
>>> game = JuniorGame.new(rogues=1, seed=3)
>>> [str(hint) for hint in hints(game.public_view(), JuniorUi(JuniorMode.ROGUES))]
['Where can Mister FOX go from 103?']
"""

from __future__ import annotations

from console.games.junior.model import JuniorMode, JuniorUi
from console.games.junior.words import piece_name
from engine.junior import DETECTIVE_GOAL, DETECTIVES, ROGUE_GOAL, JuniorView
from language import Text, p_


def hints(view: JuniorView, ui: JuniorUi) -> tuple[Text, ...]:
    """What a child may want to know now, most useful first (none outside the rogues' and the detectives' part of a round)."""
    seen = [(piece_name(rogue), view.station(rogue)) for rogue in view.rogues]
    if ui.mode is JuniorMode.ROGUES:
        return (*(p_("hint", "Where can {piece} go from {station}?", piece=name, station=station) for name, station in seen),
                *_one_to_win(view))
    if ui.mode is JuniorMode.DETECTIVES:
        return (*_last_step(view), *_one_to_win(view),
                *(p_("hint", "{piece} is on {station} or one step away", piece=name, station=station) for name, station in seen),
                *_together(view))
    return ()


def _last_step(view: JuniorView) -> list[Text]:
    """One detective has stepped: the other's step ends the round, and the rogues show where they went."""
    if len(view.moved) != len(DETECTIVES) - 1:
        return []
    if len(view.rogues) == 1:
        return [p_("hint", "After this step, Mister FOX is revealed")]
    return [p_("hint", "After this step, the rogues are revealed")]


def _together(view: JuniorView) -> list[Text]:
    """Both detectives on one station, one still to step: apart they watch more places."""
    if len({view.station(detective) for detective in DETECTIVES}) > 1 or len(view.moved) == len(DETECTIVES):
        return []
    return [p_("hint", "Spread out to watch more places")]


def _one_to_win(view: JuniorView) -> list[Text]:
    """A team one token from winning (J7)."""
    said = []
    if view.tokens.detectives == DETECTIVE_GOAL - 1:
        said.append(p_("hint", "One more catch and the detectives win!"))
    if view.tokens.rogues == ROGUE_GOAL - 1:
        said.append(p_("hint", "One more escape and Mister FOX wins!") if len(view.rogues) == 1 else
                    p_("hint", "If both escape once more, the rogues win!"))
    return said
