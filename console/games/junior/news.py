"""A Junior game's news for the console's sounds: what changed between two scenes the table was shown.

Both scenes are public (``JuniorView`` and the flow's ``JuniorUi``): a rogue's
choice is news only at the round's reveal, when everyone sees it.
"""

from __future__ import annotations

from console.games.junior.model import JuniorMode, JuniorUi
from console.games.table import TableScene, refused_now
from console.table.scene import Scene
from console.table.sounds import Event, News
from language import _


def news(before: Scene, after: Scene) -> list[News]:
    """The news from *before* to *after* (two scenes of one game, shown one after the other)."""
    assert isinstance(before, TableScene) and isinstance(after, TableScene)
    was: JuniorUi = before.ui
    now: JuniorUi = after.ui
    found: list[News] = []
    if refused_now(was, now):
        found.append(News(Event.REFUSED))
    party = now.celebration
    if party is not None and party != was.celebration:  # a round's reveal
        found.append(News(Event.CAPTURE if party.result.captured else Event.ROUND_TOKEN, now.prompt))
    if now.mode is not was.mode and was.mode is not JuniorMode.PAUSED:  # back from a pause is not a new turn
        if now.mode is JuniorMode.ROGUES:
            found.append(News(Event.HIDDEN_TURN, _("The rogues' turn")))
        elif now.mode is JuniorMode.DETECTIVES:
            found.append(News(Event.DETECTIVES_TURN, _("Detectives' turn")))
        elif now.mode is JuniorMode.GAME_OVER:
            found.append(News(Event.CELEBRATED_END, now.prompt))
    return found
