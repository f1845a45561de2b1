"""Where the learner left each course: a small file of the data folder, so Learn to play resumes at that step.

The file (``lessons.json``) holds one step number per course::

    {"version": 1, "at": {"classic": 12}}

It is written whole at each step (a power cut loses at most the step being
played) and removed from a course once it is finished. A damaged file, or a
step past a course's end (the course was shortened), starts that course again
and says so; it never stops the console. A newer console's file is left as it
is (this one's courses start at their beginning meanwhile).
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from console.records.storage import fault_in_words, replace_private
from engine.versions import Versions
from hardware.files import read_text
from language import Words, _, p_

log = logging.getLogger(__name__)

PROGRESS = "lessons.json"
VERSIONS = Versions("a lessons file", current=1)


class ProgressError(ValueError):
    """The lessons file cannot be read: the message says why."""


class Progress:
    """The step each course was left at, read from and written to the data folder."""

    def __init__(self, data: Path) -> None:
        self.path = data / PROGRESS
        self.problem: Words = ""
        """That the file could not be read (its courses start again), for the Learn to play menu; the log says why."""
        self._at: dict[str, int] = {}
        self._newer = False
        try:
            self._at = _read(self.path)
        except ProgressError as error:
            log.warning("the lessons start again: %s", error)
            self.problem = _("Where you left the lessons is lost: they start again")
        except _Newer:
            self._newer = True

    def at(self, course: str, steps: int) -> int:
        """The step *course* was left at (0: not begun, or finished), if it has *steps* steps."""
        step = self._at.get(course, 0)
        return step if 0 <= step < steps else 0

    def save(self, course: str, step: int) -> Words:
        """Remember *course* was left at *step* (0 forgets it); a problem if the disk refuses (the course goes on)."""
        if self._newer or self._at.get(course, 0) == step:
            return ""
        if step:
            self._at[course] = step
        else:
            self._at.pop(course, None)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            replace_private(self.path, (json.dumps({"version": VERSIONS.current, "at": self._at}) + "\n").encode("utf-8"))
        except OSError as error:
            return p_("card", "Where you are in the lessons cannot be saved: {reason}", reason=fault_in_words(error))
        return ""


class _Newer(Exception):
    """A newer console's lessons file: kept as it is, not written over."""


def _read(path: Path) -> dict[str, int]:
    text = read_text(path, ProgressError)
    if text is None:
        return {}
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as error:
        raise ProgressError(f"{path.name} is not JSON: {error.msg}") from None
    if not isinstance(data, dict):
        raise ProgressError(f"{path.name} is not a lessons file")
    VERSIONS.check(data.get("version"), ProgressError, _Newer)
    at = data.get("at")
    if not isinstance(at, dict) or not all(isinstance(step, int) and not isinstance(step, bool) for step in at.values()):
        raise ProgressError(f"{path.name}: 'at' is not a step number for each course")
    return dict(at)
