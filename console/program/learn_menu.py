"""Learn to play: the guided games (``console.lessons``), each resumed where it was left, or started again.

A course left on the way has its own small menu: go on from where it was
left, or start again from the beginning. The guided game itself is a
``Learning`` activity; when it ends (finished, or left) the program comes
back here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from console.lessons import Guide, Progress, shipped_courses
from console.lessons.script import Course
from console.program.activity import MenuActivity
from console.program.learning import Learning
from console.program.rows import BACK
from console.table.menu import Action, Menu, Row
from language import Words, _, p_

if TYPE_CHECKING:
    from console.program.host import Host

LESSON_TOKEN = "1e550000000000ed"
"""The handheld's session token in a guided game when no interrupted game holds the handheld."""


class LearnMenu(MenuActivity):
    """The courses; UNDO goes back to the start menu. *note*: how the last course ended."""

    def __init__(self, host: Host, note: Words = "") -> None:
        self.host = host
        progress = Progress(host.choices.settings.data_path)
        rows: list[Row] = [self._course_row(course, progress.at(course.name, len(course.steps))) for course in shipped_courses()]
        rows.append(Action(BACK, lambda now: host.home()))
        message = note or progress.problem or _("A game that teaches itself, step by step")
        super().__init__(Menu(p_("title", "Learn to play"), rows, message=message, back=lambda now: host.home()), host.stations)

    def _course_row(self, course: Course, at: int) -> Action:
        if not at:
            return Action(course.title, lambda now: guided(self.host, course, 0, now))
        return Action(p_("row", "{course} (go on)", course=course.title), lambda now: self.host.open(CourseMenu(self.host, course, at)))


class CourseMenu(MenuActivity):
    """A course left at step *at*: go on from there, or start again from the beginning; UNDO goes back to Learn to play."""

    def __init__(self, host: Host, course: Course, at: int) -> None:
        self.host = host
        rows: list[Row] = [
            Action(p_("row", "Go on: {where}", where=Guide.where_in(course, at)), lambda now: guided(host, course, at, now)),
            Action(p_("row", "Start again from the beginning"), lambda now: guided(host, course, 0, now)),
            Action(BACK, self._back),
        ]
        super().__init__(Menu(course.title, rows, message=_("You left this course on the way"), back=self._back), host.stations)

    def _back(self, now: float) -> None:
        self.host.open(LearnMenu(self.host))


def first_course(host: Host, now: float) -> None:
    """Straight into the first course, where it was left (``scotland-yard sim --learn``)."""
    course = shipped_courses()[0]
    guided(host, course, Progress(host.choices.settings.data_path).at(course.name, len(course.steps)), now)


def guided(host: Host, course: Course, start: int, now: float) -> None:
    """Play *course* from step *start*; the handheld joins it without losing an interrupted game's claim on it."""
    _learning(host, course, start, now)


def _learning(host: Host, course: Course, start: int, now: float) -> Learning:
    """The guided game of *course* from step *start*, opened."""
    handheld = host.hardware.handheld
    if host.kept is not None:
        handheld.start_session(host.kept.token, new_game=False)
    else:
        handheld.start_session(LESSON_TOKEN, new_game=True)
    settings = host.choices.settings
    guide = Guide(course, handheld, settings, now, start=start)
    learning = Learning(host, guide, Progress(settings.data_path), handheld, over=lambda note: host.open(LearnMenu(host, note)),
                        again=lambda course, now: _learning(host, course, 0, now).save_progress())
    host.open(learning)
    if not host.handheld_there:
        guide.handheld_connected(False, now)
    return learning
