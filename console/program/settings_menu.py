"""Settings: the table's choices (the deduction assist, hints, lights, language, sound), backups and updates.

Each choice holds as soon as its row is stepped (``console.program.choices``)
and is remembered when the menu closes (Done, or UNDO). Back up and restore
write the games and the choices to a USB stick and read them back
(``console.appliance.backup``); on a console that runs from an install tree,
the update from a USB stick and the rollback follow (``console.appliance.updates``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from console.appliance.backup import back_up_to_stick, restore_from_stick
from console.program.activity import MenuActivity
from console.program.rows import OFF_ON, language_row
from console.settings import SOUND_CHOICES, VOLUME_STEPS, PaletteName
from console.table.menu import Action, Menu, Row, Setting
from hardware.language import _, current, p_

if TYPE_CHECKING:
    from console.program.host import Host

_PALETTE_NAMES = {PaletteName.STANDARD: p_("value", "standard"), PaletteName.COLOUR_BLIND: p_("value", "colour-blind")}


class SettingsMenu(MenuActivity):
    """The settings menu; Done (or UNDO) remembers the choices and goes back to the start menu."""

    def __init__(self, host: Host) -> None:
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
        rows = [*choices, *(host.updates.rows() if host.updates is not None else []), Action(p_("row", "Done"), self._done)]
        super().__init__(Menu(p_("title", "Settings"), rows, self._values(),
                              message=_("The deduction assist lights where Mister X can be"), back=self._done), host.stations)

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
