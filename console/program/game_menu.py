"""The game's menu, over the game: back to it, its kind's own rows, the language, pairing a phone again, restarting, leaving.

The kind's rows (the deduction assist, correcting the board, ...) come from its
flow (``GameFlow.options``): an action closes the menu first, a setting holds at
once and is remembered, so a resumed game keeps it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from console.program.activity import Activity, MenuActivity
from console.program.rows import language_row
from console.table.menu import Action, Menu, Row
from language import _, p_

if TYPE_CHECKING:
    from console.program.host import Host


class GameMenu(MenuActivity):
    """The game's menu over it: back to the game, the kind's own rows, the language, pairing a phone again, restarting, leaving."""

    def __init__(self, host: Host, game: Activity, options: Sequence[Row], pair_again: Callable[[float], None] | None,
                 restart: Callable[[float], None], leave: Callable[[float], None]) -> None:
        """Over *game*: its kind's *options*, and its own actions (*pair_again* only in a phone game)."""
        self.host = host
        rows: list[Row] = [Action(p_("row", "Back to the game"), self._back), *(self._closing(row) for row in options),
                           self._closing(language_row(lambda key, value: None))]
        if pair_again is not None:
            rows.append(Action(p_("row", "Pair a phone again"), pair_again, confirm_twice=True,
                               warning=_("CONFIRM again: a new code shows, and the phone playing now is cut off")))
        rows += [Action(p_("row", "Restart with a new deal"), restart, confirm_twice=True),
                 Action(p_("row", "Leave (the game is kept)"), leave)]
        super().__init__(Menu(p_("title", "Game menu"), rows, back=self._back), host.stations, under=game)

    def _closing(self, row: Row) -> Row:
        """A game's option: an action closes the game menu first; a setting changes, and is remembered (resume keeps it)."""
        if isinstance(row, Action):
            act = row.do

            def closed_then_done(now: float) -> None:
                self.host.pop()
                act(now)

            return replace(row, do=closed_then_done)
        changed = row.changed

        def changed_and_remembered(key: str, value: Any) -> None:
            if changed is not None:
                changed(key, value)
            problem = self.host.choices.remember(key, value)
            if problem:
                self.menu.message = problem

        return replace(row, changed=changed_and_remembered)

    def _back(self, now: float) -> None:
        self.host.pop()
