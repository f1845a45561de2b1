"""A filed game's text exported to a USB stick (Past games' "Export to USB stick"), beside the stick's backups."""

from __future__ import annotations

from pathlib import Path

from console.appliance.backup import StickOpener, on_stick, write_out
from console.records.export import export_file
from console.records.storage import private_folders
from hardware.drivers.sticks import usb_stick
from language import Words, _

FOLDER = "scotland-yard-games"
"""On the USB stick: the games exported from Past games."""


def export_to_stick(path: Path, open_stick: StickOpener = usb_stick) -> Words:
    """Write the record at *path* as text to the USB stick's ``scotland-yard-games/``; what was done, or why not, in a line."""

    def work(stick: Path) -> Words:
        exported = export_file(path)
        private_folders(stick / FOLDER)
        write_out(stick / FOLDER / exported.name, exported.text.encode("utf-8"))
        return _("Exported to the USB stick, in {folder}: {name}", folder=FOLDER, name=exported.name)

    return on_stick(work, _("The export"), open_stick)
