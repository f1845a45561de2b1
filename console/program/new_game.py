"""New game: the game's setup on the control keys, then the deal.

Its first row is the edition, offering every kind's; the kind of the edition
chosen adds its own rows (``GameKind.setup``: players, who plays which side,
and what else the kind asks), and the last row deals the game. Stepping the
edition into another kind opens that kind's setup, with the seats chosen so
far, its own settings that follow the table (the pieces) back at it. Over an
interrupted game, the last row asks twice, naming the game it ends. What was
chosen is remembered for the next start; the game keeps only its own kind's
settings, the other kinds' at their defaults.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from console.games import editions, find_kind, fresh, only_own
from console.program.activity import MenuActivity
from console.program.playing import play
from console.settings import GameSettings
from console.table.menu import Action, Menu, Row, Setting
from language import Words, _, p_

if TYPE_CHECKING:
    from console.program.host import Host

_SETUP_MESSAGE = _("Set up the game, then CONFIRM on the last row")
_SEATS = ("players", "mister_x", "detectives_by", "level")
"""The setup rows a new kind's setup starts from when the edition row moves into it (those of them the last kind had)."""


class NewGame(MenuActivity):
    """The setup of a game of *settings* (default: the console's), its cursor on the row that deals it unless *cursor* says."""

    def __init__(self, host: Host, settings: GameSettings | None = None, *, cursor: int | None = None,
                 message: Words = _SETUP_MESSAGE) -> None:
        self.host = host
        settings = settings or host.choices.settings
        self.kind = find_kind(settings.edition)
        self.setup = self.kind.setup(settings)
        names = tuple(find_kind(edition).editions[edition] for edition in editions())
        rows: list[Row] = [Setting("edition", p_("row", "Edition"), editions(), names, self._changed),
                           *self.setup.rows(self._changed), self._deal_row()]
        super().__init__(Menu(self.setup.title, rows, {"edition": settings.edition} | self.setup.values(),
                              cursor=len(rows) - 1 if cursor is None else cursor, message=message, back=lambda now: host.home()),
                         host.stations)

    @classmethod
    def quick(cls, host: Host, first_game: Callable[[GameSettings], GameSettings]) -> NewGame:
        """The setup of a kind's quick first game (``GameKind.first_game``), its cursor on the row that deals it."""
        return cls(host, first_game(host.choices.settings), message=_("A first game of about twenty minutes: CONFIRM deals it"))

    def _deal_row(self) -> Action:
        """The last row; over an interrupted game it asks twice, naming the game it ends."""
        label, kept = self.setup.start, self.host.kept
        if kept is None:
            return Action(label, self._deal)
        lost = kept.kind.describe(kept.game)
        return Action(label, self._deal, confirm_twice=True, warning=_("CONFIRM again: the interrupted game ({game}) ends", game=lost))

    def _changed(self, key: str, value: Any) -> None:
        if key == "edition" and find_kind(value) is not self.kind:  # into another kind's setup, with the seats chosen so far
            kept = {choice: self.menu.values[choice] for choice in _SEATS if choice in self.menu.values}
            settings = replace(fresh(self.host.choices.settings), edition=value, **kept)
            self.host.open(NewGame(self.host, settings, cursor=0))
            return
        self.setup.changed(self.menu, key)

    def _deal(self, now: float) -> None:
        choices = self.host.choices
        choices.settings = only_own(self.kind, self.setup.chosen(choices.settings, self.menu.values))
        play(self.host, fresh=True, now=now, note=choices.remembered())
