"""A guided game: a real game at the table, played one step of a course's lessons at a time.

The game is its kind's own flow (``console.games``), dealt as the course says,
so every light, refusal and screen is what a real game shows; the guide stands
between the table and it. A step's words go on the lesson card; the press the
step waits for goes through to the game, any other is refused with the step's
friendly explanation (the station blinks red: a press on another of the game's
lit choices is told it is a real move, not this lesson's) and the step waits again.
The game's choices are lit only while a step waits for a press.
The hidden side is the script's (``console.lessons.seat``), but for the turns
the learner plays on the handheld.

A course is resumed at the step it was left at: the guide deals the same game
and plays the steps before it forward, every step's answer being its script's.
Nothing of a guided game is journaled or filed: it is not a game of the
table's history.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cache
from typing import TYPE_CHECKING, TypeVar

from console.games import find_kind
from console.games.kind import GameFlow, OnAFlow, Table
from console.games.recorder import NoRecord
from console.games.table import REFUSED_SECONDS, Flash, HiddenSeat, TableScene
from console.games.thinker import Thinker
from console.lessons.card import Card, draw_card
from console.lessons.pictures import pictures_of
from console.lessons.script import Course, Step, Wait
from console.lessons.seat import LessonSeat, turns_of
from console.settings import GameSettings, Seat
from console.table.lights import frame_number, mix, scale, show_refused, wave
from console.table.menu import Setting
from engine import Transport, london
from hardware.interfaces import Colour, Frame, HandheldLink, Key, Station
from language import Text, Words, _, p_

if TYPE_CHECKING:
    import pygame

    from console.table.lights import Palette
    from console.table.scene import Scene
    from console.table.screen.toolkit import Toolkit

G = TypeVar("G")
A = TypeVar("A")

LINE_LIGHTS: dict[str, tuple[Transport, Colour]] = {
    "taxi": (Transport.TAXI, (255, 170, 0)),
    "bus": (Transport.BUS, (0, 190, 80)),
    "underground": (Transport.UNDERGROUND, (255, 0, 30)),
    "ferry": (Transport.FERRY, (0, 150, 255)),
}
"""The board's colours of the kinds of line, as a step lights them (the tickets' colours)."""
LINE_LEVEL = 0.5
"""A line's stations are lit at half strength, under the pieces."""
POINT_PERIOD = 30
"""The stations a step points at swell to white and back once a second."""
WHITE: Colour = (255, 255, 255)
THE_END = p_("card", "That is the whole course. You know the game now: try a Quick game from the start menu!")
"""The card after a course's last step."""


@dataclass(frozen=True)
class LessonScene:
    """The game as its kind shows it, the lesson card over its screen, the step's stations lit over its board."""

    game: Scene
    card: Card
    lit: tuple[Station, ...]
    """The stations the step points at."""
    line: tuple[frozenset[Station], Colour] | None
    place: Callable[[tuple[int, int]], pygame.Rect] = field(compare=False)
    """Where the game's screen keeps room for the card (its kind's ``card_place``)."""
    refused: Flash | None = field(default=None)

    def lights(self, now: float, palette: Palette) -> Frame:
        frame = dict(self.game.lights(now, palette))
        tick = frame_number(now)
        if self.line is not None:
            stations, colour = self.line
            for station in stations:
                frame.setdefault(station, scale(colour, LINE_LEVEL))
        for station in self.lit:
            frame[station] = mix(frame.get(station, (0, 0, 0)), WHITE, wave(tick, POINT_PERIOD))
        show_refused(frame, self.refused, tick, palette)
        return frame

    def draw(self, kit: Toolkit, surface: pygame.Surface, now: float, palette: Palette) -> None:
        self.game.draw(kit, surface, now, palette)
        draw_card(kit, surface, self.card, self.place(kit.size))

    def animating(self, now: float) -> bool:
        return bool(self.lit) or self.game.animating(now)


@cache
def line_stations(name: str) -> frozenset[Station]:
    """The stations of the board served by the kind of line *name* (``LINE_LIGHTS``)."""
    transport = LINE_LIGHTS[name][0]
    board = london()
    return frozenset(station for station in board.positions if transport in board.transports_at(station))


class Guide(OnAFlow):
    """A course's game at the table, from step *start*: the loop's events in, a lesson scene out; ``finished`` at its end."""

    def __init__(self, course: Course, link: HandheldLink, settings: GameSettings, now: float, *, start: int = 0) -> None:
        """*settings*: the console's (the lights' palette, the sound); the course deals the game and seats its players."""
        self.course = course
        self.kind = find_kind(course.edition)
        self.pictures = pictures_of(self.kind)
        self.steps: tuple[Step, ...] = tuple(step for _, step in course.steps)
        self._card_texts: tuple[Words, ...] = (*(text for step in self.steps for text in (step.say, step.refusal, step.other_choice)),
                                               THE_END)
        """Every text the course's cards show: the card's words keep the one size they all fit."""
        self._headings: tuple[Words, ...] = tuple(self.where_in(course, step) for step in range(len(self.steps)))
        """Every heading of the course's cards: the card keeps room for the longest."""
        assert self.kind.card_place is not None, "a course's kind of game has room for its card"  # checked as the course is read
        self._place = self.kind.card_place
        self.settings = replace(settings, edition=course.edition, players=course.players, own=course.own, mister_x=Seat.HANDHELD,
                                detectives_by=Seat.PEOPLE, assist=False, hints=False)

        def scripted(chosen: HiddenSeat[G, A], parse: Callable[[str], A]) -> HiddenSeat[G, A]:
            return LessonSeat(chosen, turns_of(self.steps, parse), self.say, self._chosen, asked_from=start)

        table = Table(link, Thinker(inline=True), NoRecord(), course.seed, hidden_by=scripted)
        self.flow: GameFlow = self.kind.flow(self.kind.deal(self.settings, course.seed), self.settings, table, now, False)
        self.index = 0
        """The step being played (``len(steps)``: the course is done)."""
        self.finished = False
        """The learner has seen the last step and gone on."""
        self._wrong: Words = ""
        self._refused: Flash | None = None
        self._forward(start, now)

    @property
    def step(self) -> Step | None:
        return self.steps[self.index] if self.index < len(self.steps) else None

    @property
    def where(self) -> Text:
        """Where the learner is, in words ("lesson 3 of 9, A detective's move")."""
        return self.where_in(self.course, self.index)

    @staticmethod
    def where_in(course: Course, step: int) -> Text:
        """Where step *step* of *course* is, in words: for the Learn to play menu's row that goes on, and the card's heading."""
        index = course.steps[min(step, len(course.steps) - 1)][0]
        return p_("row", "lesson {n} of {count}, {title}", n=index + 1, count=len(course.lessons), title=course.lessons[index].title)

    # ------------------------------------------------------------ the table's events

    def station_pressed(self, station: Station, now: float) -> None:
        step = self.step
        if step is not None and step.wait is Wait.PRESS and station == step.press and not self.flow.paused:
            self._go_on(lambda: self.flow.station_pressed(station, now))
        elif step is not None and not self.flow.paused:
            self._refused = Flash(station, now, REFUSED_SECONDS)
            self._wrong = step.other_choice if step.wait is Wait.PRESS and station in self._choices() else step.refusal
        else:
            self.flow.station_pressed(station, now)  # the game waits for the handheld: it says so

    def key_pressed(self, key: Key, now: float) -> None:
        step = self.step
        if step is None:
            self.finished = True
        elif self.flow.paused:
            self.flow.key_pressed(key, now)
        elif step.wait is Wait.CONFIRM and key is Key.CONFIRM:
            self._go_on()
        elif step.wait is Wait.KEY and key is step.key:
            self._go_on(lambda: self.flow.key_pressed(key, now))
        else:
            self._wrong = step.refusal

    def _choices(self) -> tuple[Station, ...]:
        """The stations the game lights now as the next press's choices."""
        game = self.flow.scene()
        return game.ui.choices if isinstance(game, TableScene) else ()

    def say(self, note: Words) -> None:
        """Put *note* on the lesson card, under the step's words (a refused choice's explanation, a problem saving where the learner is)."""
        self._wrong = note

    def leave(self) -> None:
        """The learner leaves the course (it is resumed at this step): the handheld's question is withdrawn."""
        self.flow.leave()

    # ------------------------------------------------------------ what the table sees

    def scene(self) -> LessonScene:
        game = self.flow.scene()
        step = self.step
        if isinstance(game, TableScene):
            ui = replace(game.ui, lesson_card=True)  # its screen keeps the card's place free
            if not self.flow.paused:
                instruction = step.instruction if step is not None else _("Press any key to finish")
                choices = step is not None and step.wait is Wait.PRESS  # a step that talks: the pieces and its own lights, no choices
                ui = replace(ui, message=instruction, refused=self._refused, choices_lit=choices)
            game = replace(game, ui=ui)
        heading = self.where
        if step is None:
            return LessonScene(game, Card(heading, THE_END, "", None, self._card_texts, self._headings), (), None, self._place)
        lit = step.light + ((step.press,) if step.press is not None else ())
        line = (line_stations(step.lines), LINE_LIGHTS[step.lines][1]) if step.lines else None
        note = self._wrong
        if self.flow.paused and isinstance(game, TableScene):
            note = game.ui.message  # why the game waits (the handheld is away): the card is where it would show
        picture = self.pictures[step.picture] if step.picture else None
        card = Card(heading, step.say, note, picture, self._card_texts, self._headings)
        return LessonScene(game, card, lit, line, self._place, self._refused)

    # ------------------------------------------------------------ steps

    def _go_on(self, answer: Callable[[], None] | None = None) -> None:
        """The step got its answer: on to the next step, then the game takes the answer (it may ask the hidden side)."""
        self.index += 1
        self._wrong, self._refused = "", None
        if answer is not None:
            answer()
        self._entered()

    def _entered(self) -> None:
        """A step begins: switch the deduction assist as it says."""
        step = self.step
        if step is None or step.assist is None:
            return
        for row in self.flow.options():
            if isinstance(row, Setting) and row.key == "assist" and row.changed is not None:
                row.changed("assist", step.assist)

    def _chosen(self) -> None:
        """The learner's choice on the handheld was played: its step is done."""
        self._go_on()

    def _forward(self, start: int, now: float) -> None:
        """Play the steps before *start* with their script's answers (a resumed course): the game stands as the learner left it."""
        self._entered()
        self.flow.tick(now)
        while self.index < min(start, len(self.steps)):
            step = self.steps[self.index]
            self.index += 1
            if step.wait is Wait.PRESS:
                assert step.press is not None
                self.flow.station_pressed(step.press, now)
            elif step.wait is Wait.KEY:
                assert step.key is not None
                self.flow.key_pressed(step.key, now)
            self._entered()
            self.flow.tick(now)
