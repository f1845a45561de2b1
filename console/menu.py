"""Menus worked with the control keys: a list of rows, a cursor, and values to step through.

The same few keys serve every menu, so a player learns them once (the screen
shows them): key 1 and key 2 move the cursor up and down, key 3 and key 4
step the value of a setting back and forth, CONFIRM takes the row, UNDO or
MENU goes back. A row that cannot be undone (restart, shut down) asks for a
second CONFIRM.

>>> menu = Menu("Start", [Row("new", "New game"), Row("palette", "Lights", ("standard", "colour-blind"))])
>>> menu.key_pressed(Key.CHOICE_2), menu.key_pressed(Key.CHOICE_4), menu.value("palette")
(None, 'palette', 'colour-blind')
>>> menu.key_pressed(Key.CHOICE_1), menu.key_pressed(Key.CONFIRM)
(None, 'new')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hardware.interfaces import Key

BACK = "back"
"""What ``Menu.key_pressed`` returns for UNDO and MENU."""
KEY_HINT = "1/2: up/down   3/4: change   CONFIRM: choose   UNDO: back"


@dataclass(frozen=True)
class Row:
    """One line of a menu: an action, or a setting with the values it steps through."""

    name: str
    """What the row stands for; ``Menu.key_pressed`` returns it when the row is chosen."""
    label: str
    values: tuple[str, ...] = ()
    """A setting's values in order (empty for an action)."""
    shown: tuple[str, ...] = ()
    """How each value is written on the screen (default: the values themselves)."""
    confirm_twice: bool = False
    """The row's action cannot be taken back: a second CONFIRM is asked for."""

    def text(self, value: str | None) -> str:
        """The value as the screen writes it."""
        if value is None:
            return ""
        return self.shown[self.values.index(value)] if self.shown else value


@dataclass(frozen=True)
class MenuUi:
    """What a menu shows: plain data for the screen (a menu holds nothing secret)."""

    title: str
    rows: tuple[tuple[str, str], ...]
    """Each row's label and the text of its value (empty for an action)."""
    cursor: int
    message: str = ""
    hint: str = KEY_HINT


class Menu:
    """A menu's cursor and values; ``key_pressed`` says which row was chosen, if any."""

    def __init__(self, title: str, rows: Sequence[Row], values: dict[str, str] | None = None, *, cursor: str = "",
                 message: str = "") -> None:
        self.title = title
        self.rows = list(rows)
        self.values = {row.name: row.values[0] for row in self.rows if row.values} | (values or {})
        self.cursor = next((n for n, row in enumerate(self.rows) if row.name == cursor), 0)
        self.message = message
        self._armed = ""
        """The row waiting for its second CONFIRM."""

    @property
    def ui(self) -> MenuUi:
        rows = tuple((row.label, row.text(self.values.get(row.name))) for row in self.rows)
        return MenuUi(self.title, rows, self.cursor, self.message)

    @property
    def current(self) -> Row:
        return self.rows[self.cursor]

    def value(self, name: str) -> str:
        return self.values[name]

    def replace_row(self, row: Row) -> None:
        """Change a row (its label or values), keeping its value where the new values still hold it."""
        index = next(n for n, old in enumerate(self.rows) if old.name == row.name)
        self.rows[index] = row
        if row.values and self.values.get(row.name) not in row.values:
            self.values[row.name] = row.values[0]

    def key_pressed(self, key: Key) -> str | None:
        """Move, step a value or choose: the chosen row's name, ``BACK``, or ``None``."""
        armed, self._armed = self._armed, ""
        self.message = ""
        row = self.current
        if key in (Key.CHOICE_1, Key.CHOICE_2):
            self.cursor = (self.cursor + (1 if key is Key.CHOICE_2 else -1)) % len(self.rows)
        elif key in (Key.CHOICE_3, Key.CHOICE_4) and row.values:
            step = 1 if key is Key.CHOICE_4 else -1
            index = row.values.index(self.values[row.name])
            self.values[row.name] = row.values[(index + step) % len(row.values)]
            return row.name
        elif key is Key.CONFIRM:
            if row.confirm_twice and armed != row.name:
                self._armed, self.message = row.name, f"Press CONFIRM again to {row.label.lower()}"
                return None
            if row.values and not row.confirm_twice:
                return self.key_pressed(Key.CHOICE_4)  # CONFIRM on a setting steps it on, as key 4 does
            return row.name
        elif key in (Key.UNDO, Key.MENU):
            return BACK
        return None
