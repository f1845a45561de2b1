"""A guided game (Learn to play) as an activity of the program: its guide gets the events, MENU opens the lesson menu.

Where the learner is is remembered after every event (``console.lessons.Progress``),
so a course left, or a console switched off, goes on from that step next time.
The lesson menu goes back to the lesson, starts the course again, or leaves it.
At the course's end, or when the learner leaves, the handheld is told the lesson
is over and the program goes back to Learn to play.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from console.lessons import Guide, Progress
from console.lessons.script import Course
from console.program.activity import Activity, MenuActivity
from console.table.menu import Action, Menu, Row
from console.table.scene import Scene
from console.table.sounds import Sounds
from engine import Station
from firmware import messages
from hardware.interfaces import HandheldLink, Key, Message
from language import Words, _, p_

if TYPE_CHECKING:
    from console.program.host import Host


class Learning(Activity):
    """One course's guided game, from the step it starts at until it is finished or left."""

    def __init__(self, host: Host, guide: Guide, progress: Progress, handheld: HandheldLink, *, over: Callable[[Words], None],
                 again: Callable[[Course, float], None]) -> None:
        """*over* ends the course with a note for Learn to play (the handheld is told first); *again* starts a course from its
        first step, remembered at once."""
        self.host = host
        self.guide = guide
        self.progress = progress
        self.handheld = handheld
        self._over, self._again = over, again

    @property
    def status(self) -> str:
        return "Learning to play"

    @property
    def keeps_a_game(self) -> bool:
        return True

    def station_pressed(self, station: Station, now: float) -> None:
        self.guide.station_pressed(station, now)
        self.save_progress()

    def key_pressed(self, key: Key, now: float) -> None:
        if key is Key.MENU:
            self.host.push(LessonMenu(self))
            return
        self.guide.key_pressed(key, now)
        self.save_progress()

    def handheld_message(self, message: Message, now: float) -> None:
        self.guide.handheld_message(message, now)
        self.save_progress()

    def handheld_connected(self, connected: bool, now: float) -> None:
        self.guide.handheld_connected(connected, now)

    def button_stuck(self, station: Station, now: float) -> None:
        self.guide.button_stuck(station, now)

    def tick(self, now: float) -> None:
        self.guide.tick(now)

    def scene(self) -> Scene:
        return self.guide.scene()

    def shown(self, sounds: Sounds) -> None:
        flow = self.guide.flow
        sounds.game_shown(flow, flow.scene(), self.guide.kind.news)

    def switched_off(self) -> None:
        """The console switches off: the handheld's question is withdrawn; the step is remembered."""
        self.guide.leave()

    def start_again(self, now: float) -> None:
        """The course again from its first step (the lesson menu's)."""
        self.guide.leave()
        self._again(self.guide.course, now)

    def leave(self, now: float) -> None:
        """The learner leaves the course (the lesson menu's last row): back to Learn to play, which goes on from here next time."""
        self.guide.leave()
        self._end(_("You left at {where}: choose the course to go on", where=self.guide.where))

    def save_progress(self) -> None:
        """Remember the step the guide is at; at the course's end, back to Learn to play."""
        guide = self.guide
        problem = self.progress.save(guide.course.name, 0 if guide.finished else guide.index)
        if problem:
            guide.say(problem)
        if guide.finished:
            self._end(_("Well done: you finished {course}. Deal a real game from New game!", course=guide.course.title))

    def _end(self, note: Words) -> None:
        """The course is over (left, or finished): the handheld is free for any game again."""
        self.handheld.send(messages.game_over(str(p_("handheld", "The lesson is over"))))
        self._over(note)


class LessonMenu(MenuActivity):
    """The lesson's menu over it: back to the lesson, start the course again, or leave it (to go on from there next time)."""

    def __init__(self, learning: Learning) -> None:
        self.learning = learning
        rows: list[Row] = [Action(p_("row", "Back to the lesson"), self._back),
                           Action(p_("row", "Start the course again"), learning.start_again, confirm_twice=True),
                           Action(p_("row", "Leave (you go on from here next time)"), learning.leave)]
        super().__init__(Menu(p_("title", "Lesson menu"), rows, back=self._back), learning.host.stations, under=learning)

    def _back(self, now: float) -> None:
        self.learning.host.pop()
