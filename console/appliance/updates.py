"""The Settings menu's update from a USB stick and its rollback, shown when the console runs from an install tree.

An update takes minutes on a Pi, so it runs off the main loop: a thread opens
the USB stick, finds the newest console wheel (or source archive) at its top
level, and runs ``python -m console.appliance.releases update`` in a process of its own,
keeping its latest line for the menu (and the log). The thread touches nothing
but this object's own fields, under its lock. Once an update or a rollback has
succeeded, ``restart`` is set: the program ends, and its service
(``Restart=always``) starts the release now current. A failure changes nothing
and says why in one line.
"""

from __future__ import annotations

import logging
import subprocess
import sys
import threading
from collections.abc import Sequence
from pathlib import Path

from console.appliance.backup import StickOpener, on_stick
from console.appliance.releases import InstallTree, Release, ReleaseError, find_update_source, rollback, running_release
from console.table.menu import Action, Row
from hardware.drivers.sticks import usb_stick
from language import Words, _, p_, plain

log = logging.getLogger(__name__)

UPDATE_COMMAND = (sys.executable, "-m", "console.appliance.releases", "update")
"""The running release's own update, in a process of its own (a power cut or a kill leaves the console as it was)."""


class Updates:
    """Update and roll back the release the console runs from; the menu's rows, and what to tell the players."""

    def __init__(self, tree: InstallTree, release: Release, *, config: str | None = None, open_stick: StickOpener = usb_stick,
                 command: Sequence[str] = UPDATE_COMMAND) -> None:
        """*config*: the config file the new release's self-check reads; *command*: runs an update (its source and options follow)."""
        self.tree = tree
        self.release = release
        self.config = config
        self.open_stick = open_stick
        self.command = tuple(command)
        self.restart = False
        """An update or rollback succeeded: the console should end, so that its service starts the release now current."""
        self._lock = threading.Lock()
        self._news: Words = ""
        self._thread: threading.Thread | None = None
        self._updated = False
        """The update thread's own: its update succeeded."""

    @classmethod
    def of_running(cls, config: str | None = None, open_stick: StickOpener = usb_stick) -> Updates | None:
        """For the release this interpreter runs from; None when the console does not run from an install tree (a checkout)."""
        found = running_release()
        return None if found is None else cls(*found, config=config, open_stick=open_stick)

    def rows(self) -> list[Row]:
        """"Update from USB stick", and "Roll back to <version>" when there is a previous release."""
        rollback = self.rollback_row()
        return [Action(p_("row", "Update from USB stick"), self._update), *([rollback] if rollback else [])]

    def rollback_row(self) -> Action | None:
        """"Roll back to <version>" (asked twice), or None when there is no previous release."""
        previous = self.tree.previous
        if previous is None:
            return None
        return Action(p_("row", "Roll back to {version}", version=previous.version), self._rollback, confirm_twice=True,
                      warning=_("CONFIRM again: the console restarts with version {version}", version=previous.version))

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def news(self) -> Words:
        """What to show since it was last asked (empty if nothing new)."""
        with self._lock:
            news, self._news = self._news, ""
        return news

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the running update to end (tests; the console polls ``news`` instead)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def _say(self, line: Words, *, restart: bool = False) -> None:
        with self._lock:
            self._news = line
            self.restart = self.restart or restart

    def _update(self, now: float) -> None:
        if self.running:
            self._say(_("An update is already running: wait for it to end"))
            return
        self._say(_("Looking for an update on the USB stick"))
        self._thread = threading.Thread(target=self._update_from_stick, name="update", daemon=True)
        self._thread.start()

    def _update_from_stick(self) -> None:
        self._updated = False
        said = on_stick(self._update_from, _("The update"), self.open_stick)
        log.info("update: %s", said)
        self._say(said, restart=self._updated)

    def _update_from(self, stick: Path) -> Words:
        source = find_update_source(stick)
        if source is None:
            return _("No update on the USB stick: put the console's .whl (or .tar.gz) file at its top level")
        argv = [*self.command, str(source), "--root", str(self.tree.root), *(["--config", self.config] if self.config else [])]
        process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        last = ""
        assert process.stdout is not None
        for line in process.stdout:
            if line.strip():
                last = line.strip()
                log.info("update: %s", last)
                self._say(_("Updating: {step}", step=last))
        if process.wait() != 0:
            return _("The update failed, nothing changed: {reason}", reason=last.partition(" update: ")[2] or last)
        current = self.tree.current
        self._updated = True
        if current is None:
            return _("Updated to the new version: restarting")
        return _("Updated to {version}: restarting", version=current.version)

    def _rollback(self, now: float) -> None:
        try:
            back = rollback(self.tree.root, say=log.info)
        except (ReleaseError, OSError) as error:
            self._say(_("The rollback failed, nothing changed: {reason}", reason=plain(str(error))))
            return
        self._say(_("Back to {version}: restarting", version=back.version) if back else _("Back to the previous version: restarting"),
                  restart=True)
