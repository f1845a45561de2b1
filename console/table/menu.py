"""Menus worked with the control keys: a list of rows, a cursor, and values to step through.

The same few keys serve every menu, so a player learns them once (the screen
shows them): key 1 and key 2 move the cursor up and down, key 3 and key 4
step the value of a setting back and forth, CONFIRM takes the row, UNDO or
MENU goes back. A row that cannot be undone (restart, shut down) asks for a
second CONFIRM. Rows carry what they do: an ``Action`` is called when chosen,
a ``Setting`` holds typed values and tells its menu's owner when it changes.

>>> chosen = []
>>> menu = Menu(_("Start"), [Action(_("New game"), lambda now: chosen.append("new")),
...                          Setting("lights", _("Lights"), ("standard", "colour-blind"))])
>>> menu.key_pressed(Key.CHOICE_2, 0.0), menu.key_pressed(Key.CHOICE_4, 0.0), menu.value("lights")
(None, None, 'colour-blind')
>>> menu.key_pressed(Key.CHOICE_1, 0.0), menu.key_pressed(Key.CONFIRM, 0.0), chosen
(None, None, ['new'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from hardware.interfaces import Key
from language import Words, _

KEY_HINT = _("1/2: up/down   3/4: change   CONFIRM: choose   UNDO: back")


@dataclass(frozen=True)
class Action:
    """A row that does something when chosen: ``do(now)``."""

    label: Words
    do: Callable[[float], None]
    confirm_twice: bool = False
    """What it does cannot be taken back: a second CONFIRM is asked for."""
    warning: Words = ""
    """What the first CONFIRM says when it asks for the second (default: "Press CONFIRM again to <label>")."""


@dataclass(frozen=True)
class Setting:
    """A row that steps through ``values``; ``changed(key, value)`` is told after each step."""

    key: str
    """The name its value goes by (``Menu.value``)."""
    label: Words
    values: tuple[Any, ...]
    shown: tuple[Words, ...] = ()
    """How each value is written on the screen (default: ``str`` of it)."""
    changed: Callable[[str, Any], None] | None = None
    first: Any = None
    """The value it shows first (None: the first of ``values``, unless the menu is given one)."""
    about: tuple[Words, ...] = ()
    """What each of ``values`` means, on the message bar while the cursor is on the row (empty: nothing)."""

    def text(self, value: Any) -> Words:
        """The value as the screen writes it."""
        return self.shown[self.values.index(value)] if self.shown else str(value)


Row = Action | Setting


@dataclass(frozen=True)
class MenuUi:
    """What a menu shows: plain data for the screen (a menu holds nothing secret)."""

    title: Words
    rows: tuple[tuple[Words, Words], ...]
    """Each row's label and the text of its value (empty for an action)."""
    cursor: int
    message: Words = ""
    hint: Words = KEY_HINT


class Menu:
    """A menu's cursor and values; ``key_pressed`` moves, steps a value, or does what a row says."""

    def __init__(self, title: Words, rows: Sequence[Row], values: dict[str, Any] | None = None, *, cursor: int = 0,
                 message: Words = "", back: Callable[[float], None] | None = None) -> None:
        """*back*: what UNDO and MENU do (nothing if None)."""
        self.title = title
        self.rows = list(rows)
        self.values = {row.key: row.values[0] if row.first is None else row.first for row in self.rows if isinstance(row, Setting)}
        self.values |= values or {}
        self.cursor = cursor % len(self.rows)
        self.message = message
        self.back = back
        self._armed: Row | None = None
        """The row waiting for its second CONFIRM."""

    @property
    def ui(self) -> MenuUi:
        rows = tuple((row.label, row.text(self.values[row.key]) if isinstance(row, Setting) else "") for row in self.rows)
        return MenuUi(self.title, rows, self.cursor, self.message or self._about())

    def _about(self) -> Words:
        """What the value under the cursor means, if its row says."""
        row = self.current
        return row.about[row.values.index(self.values[row.key])] if isinstance(row, Setting) and row.about else ""

    @property
    def current(self) -> Row:
        return self.rows[self.cursor]

    def value(self, key: str) -> Any:
        return self.values[key]

    def replace_row(self, row: Setting) -> None:
        """Change a setting's row (its label or values), keeping its value where the new values still hold it."""
        index = next(n for n, old in enumerate(self.rows) if isinstance(old, Setting) and old.key == row.key)
        self.rows[index] = row
        if self.values.get(row.key) not in row.values:
            self.values[row.key] = row.values[0]

    def key_pressed(self, key: Key, now: float) -> None:
        """Move, step a value, or do what the row under the cursor says."""
        armed, self._armed = self._armed, None
        self.message = ""
        row = self.current
        if key in (Key.CHOICE_1, Key.CHOICE_2):
            self.cursor = (self.cursor + (1 if key is Key.CHOICE_2 else -1)) % len(self.rows)
        elif key in (Key.CHOICE_3, Key.CHOICE_4) and isinstance(row, Setting):
            self._step(row, 1 if key is Key.CHOICE_4 else -1)
        elif key is Key.CONFIRM and isinstance(row, Setting):
            self._step(row, 1)  # CONFIRM on a setting steps it on, as key 4 does
        elif key is Key.CONFIRM and isinstance(row, Action):
            if row.confirm_twice and armed != row:
                self._armed, self.message = row, row.warning or _("Press CONFIRM again: {action}", action=row.label)
                return
            row.do(now)
        elif key in (Key.UNDO, Key.MENU) and self.back is not None:
            self.back(now)

    def _step(self, row: Setting, step: int) -> None:
        index = row.values.index(self.values[row.key])
        self.values[row.key] = row.values[(index + step) % len(row.values)]
        if row.changed is not None:
            row.changed(row.key, self.values[row.key])
