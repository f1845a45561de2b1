"""Settings: the table's choices (the deduction assist, hints, lights, language, sound), backups, updates, and its own screens.

Each choice holds as soon as its row is stepped (``console.program.choices``)
and is remembered when the menu closes (Done, or UNDO). Back up and restore
write the games and the choices to a USB stick and read them back
(``console.appliance.backup``); on a console that runs from an install tree,
the update from a USB stick and the rollback follow (``console.appliance.updates``).

A screen of Settings' own (``SettingsPage``) opens from its row above those,
and goes back to the menu, on its row: a new one is its class and one line in
``PAGES``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from console.appliance.backup import back_up_to_stick, restore_from_stick
from console.program.activity import MenuActivity
from console.program.rows import BACK, OFF_ON, language_row
from console.settings import SOUND_CHOICES, VOLUME_STEPS, PaletteName
from console.table.menu import Action, Menu, Row, Setting
from language import Words, _, current, p_

if TYPE_CHECKING:
    from console.program.host import Host

_PALETTE_NAMES = {PaletteName.STANDARD: p_("value", "standard"), PaletteName.COLOUR_BLIND: p_("value", "colour-blind")}


class SettingsPage(MenuActivity):
    """A screen of Settings' own: the settings menu's row *title* opens it; its Back row (or UNDO) goes back to the menu.

    Its ``rows`` change the table's choices (each a setting's field by its key); the menu remembers them when it closes.
    """

    title: ClassVar[Words]
    """Its row in the settings menu, and its title."""
    about: ClassVar[Words] = ""
    """What its message bar says while it is open."""

    def __init__(self, host: Host) -> None:
        self.host = host
        rows = self.rows(host.choices.change)
        values = {row.key: getattr(host.choices.settings, row.key) for row in rows if isinstance(row, Setting) and row.first is None}
        super().__init__(Menu(self.title, [*rows, Action(BACK, self._back)], values, message=self.about, back=self._back), host.stations)

    def rows(self, changed: Callable[[str, Any], None]) -> list[Row]:
        """Its rows above Back; *changed* is a setting row's, which makes the choice hold."""
        raise NotImplementedError

    def _back(self, now: float) -> None:
        self.host.open(SettingsMenu(self.host, on=type(self)))


PAGES: tuple[type[SettingsPage], ...] = ()
"""Settings' own screens, in the order of their rows (after the choices, before the updates and Done)."""


class SettingsMenu(MenuActivity):
    """The settings menu (its cursor on the row of the page *on*, coming back from it); Done (or UNDO) remembers the choices
    and goes back to the start menu."""

    def __init__(self, host: Host, on: type[SettingsPage] | None = None) -> None:
        self.host = host
        changed = host.choices.change
        choices: list[Row] = [
            Setting("assist", p_("row", "Deduction assist"), (False, True), OFF_ON, changed),
            Setting("hints", p_("row", "Beginner hints"), (False, True), OFF_ON, changed),
            Setting("palette", p_("row", "Light colours"), tuple(PaletteName), tuple(_PALETTE_NAMES[name] for name in PaletteName),
                    changed),
            language_row(changed),
            Action(p_("row", "Back up to USB stick"), self._back_up),
            Action(p_("row", "Restore from USB stick"), self._restore),
            Setting("volume", p_("row", "Volume"), tuple(range(VOLUME_STEPS + 1)), (), changed),
            Setting("muted", p_("row", "Sound"), (False, True), OFF_ON[::-1], changed),
            Setting("spoken", p_("row", "Spoken announcements"), (False, True), OFF_ON, changed),
        ]
        rows = [*choices, *(self._page_row(page) for page in PAGES), *(host.updates.rows() if host.updates is not None else []),
                Action(p_("row", "Done"), self._done)]
        cursor = len(choices) + PAGES.index(on) if on is not None else 0
        super().__init__(Menu(p_("title", "Settings"), rows, self._values(), cursor=cursor,
                              message=_("The deduction assist lights where Mister X can be"), back=self._done), host.stations)

    def _page_row(self, page: type[SettingsPage]) -> Action:
        return Action(page.title, lambda now: self.host.open(page(self.host)))

    def _values(self) -> dict[str, Any]:
        settings = self.host.choices.settings
        return {key: getattr(settings, key) for key in ("assist", "hints", "palette", *SOUND_CHOICES)} | {"language": current()}

    def _back_up(self, now: float) -> None:
        self.menu.message = back_up_to_stick(self.host.files, self.host.stick)

    def _restore(self, now: float) -> None:
        said = restore_from_stick(self.host.files, self.host.stick)
        problem = self.host.choices.restored()  # the restored choices hold from now on
        self.menu.values |= self._values()
        self.menu.message = problem or said

    def _done(self, now: float) -> None:
        self.host.home(self.host.choices.remembered())
