"""A Scotland Yard game's news for the console's sounds: what changed between two scenes the table was shown.

Both scenes are public (``PublicView`` and the flow's ``Ui``), so the news
cannot tell anything hidden: Mister X's move is news when his tickets are shown
(and his station, at a reveal), whoever decided it and however long it took.
"""

from __future__ import annotations

from typing import Any

from console.games.classic.model import Mode, Ui
from console.games.table import TableScene, refused_now
from console.table.scene import Scene
from console.table.sounds import Event, News
from engine import Side
from engine.outcome import Reason
from engine.views import PublicView
from language import _

_ENDS = {Reason.CAPTURE: Event.CAPTURE, Reason.CORNERED: Event.GAME_OVER, Reason.SURVIVED: Event.ESCAPE,
         Reason.DETECTIVES_EXHAUSTED: Event.ESCAPE}
_DETECTIVES = (Mode.DETECTIVES, Mode.CHOOSE_TICKET)


def news(before: Scene, after: Scene) -> list[News]:
    """The news from *before* to *after* (two scenes of one game, shown one after the other)."""
    assert isinstance(before, TableScene) and isinstance(after, TableScene)
    was: Ui = before.ui
    now: Ui = after.ui
    view: PublicView = after.view
    found: list[News] = []
    if refused_now(was, now):
        found.append(News(Event.REFUSED))
    if Mode.CORRECT not in (was.mode, now.mode):  # a correction's draft is not a move
        found += _moves(before.view.log, view.log)
    if _stage(now.mode) != _stage(was.mode) and was.mode is not Mode.PAUSED:  # back from a pause is not a new turn
        found += _turn(now.mode, view)
    return found


def _moves(before: tuple[Any, ...], after: tuple[Any, ...]) -> list[News]:
    """Mister X's moves newly on the travel log: his move, or his reveal (where he surfaced)."""
    shown = after[len(before):]
    surfaced = [entry.station for entry in shown if entry.reveal and entry.station is not None]
    if surfaced:
        return [News(Event.REVEAL, _("Mister X surfaces at {station}", station=surfaced[-1]))]
    return [News(Event.MOVED)] if shown else []


def _stage(mode: Mode) -> Mode:
    """The turn a mode is part of (choosing a ticket is part of the detectives' turn)."""
    return Mode.DETECTIVES if mode in _DETECTIVES else mode


def _turn(mode: Mode, view: PublicView) -> list[News]:
    """A new mode's news: whose turn begins, or the end and its winner."""
    if mode is Mode.MISTER_X:
        return [News(Event.HIDDEN_TURN, _("Mister X's turn"))]
    if mode in _DETECTIVES:
        return [News(Event.DETECTIVES_TURN, _("Detectives' turn"))]
    if mode is Mode.GAME_OVER and view.outcome is not None:
        winner = _("Mister X wins") if view.outcome.winner is Side.MISTER_X else _("The detectives win")
        return [News(_ENDS[view.outcome.reason], winner)]
    return []
