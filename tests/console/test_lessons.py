"""Learn to play: every shipped course played to its end at the console on the fake profile, rightly and wrongly, left and resumed."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from pathlib import Path

import pygame
import pytest

from console.games.classic.screen import layout as classic_layout
from console.games.junior.screen import junior_layout
from console.lessons import Guide, shipped_courses
from console.lessons.card import card_layout, draw_card, words_px
from console.lessons.guide import LessonScene
from console.lessons.progress import PROGRESS
from console.lessons.script import Course, Step, Wait
from console.settings import PaletteName
from console.table.lights import PALETTES
from console.table.screen.toolkit import Toolkit
from firmware import lang_ko, messages
from hardware.drivers.handheld import MemoryHandheldLink
from hardware.interfaces import Key, Message
from language import use
from language.handheld_font import glyphs_for
from tests.support.players import choices_of
from tests.support.program import Console

COURSES = shipped_courses()
UNPLUGGED_STEPS = 40
"""Frames for the console to take an unplugged handheld as gone (``console.program.loop.UNPLUGGED_AFTER_S``: a second at 50 ms a frame)."""
WRONG_STATION = 199
"""A station no step of the shipped courses waits for (checked)."""
SIZE = (800, 480)
ENGLISH = re.compile(r"[A-Za-z]{2,}")
"""An English word (the lessons' Korean keeps only "X" of Mister X and the ticket's "(X)")."""


@pytest.fixture
def korean() -> Iterator[None]:
    """Korean from where the test says (``use("ko")``), English again after it, whatever happens."""
    yield
    use("en")


class Learner:
    """A learner at a console on the fake profile, with the handheld in hand: what it was sent, what it sends."""

    def __init__(self, data: Path) -> None:
        self.sent: list[Message] = []
        self.console = Console(data, far_end=self._heard)
        self.link = self.console.hardware.handheld
        assert isinstance(self.link, MemoryHandheldLink)

    def _heard(self, message: Message) -> list[Message]:
        self.sent.append(message)
        return []

    @property
    def guide(self) -> Guide:
        guide = self.console.program.guide
        assert guide is not None
        return guide

    def open(self, course: Course) -> None:
        """From the start menu: Learn to play, then *course*."""
        self.console.choose("Learn to play")
        self.console.choose(str(course.title))

    def answer(self, step: Step) -> None:
        """What *step* waits for."""
        if step.wait is Wait.PRESS:
            assert step.press is not None
            self.console.table.press(step.press)
        elif step.wait is Wait.KEY:
            assert step.key is not None
            self.console.keys(step.key)
        elif step.wait is Wait.CONFIRM:
            self.console.keys(Key.CONFIRM)
        else:
            self.hand_in(step.handheld)
        self.console.program.console.step()  # a scripted move of the hidden side comes at the next frame

    def hand_in(self, action: str) -> None:
        """The handheld sends *action* (in the script's notation), leg by leg."""
        for message in handheld_messages(action):
            self.link.inject(message)
            self.console.program.console.step()

    def offered(self) -> list[str]:
        """The legs the handheld was last offered."""
        asked = [message for message in self.sent if message["type"] == "ask"]
        return choices_of(messages.check(asked[-1])) if asked else []


def handheld_messages(action: str) -> list[Message]:
    """What the handheld sends for *action*: a classic move (a double: two legs) or a Junior rogue's step (``fox T46``)."""
    words = action.split()
    if len(words) == 2 and words[0].isalpha():
        return [dict(messages.answer(words[1]))]
    legs = action.replace(" ", "").split("+")
    return [dict(messages.answer(leg, index < len(legs) - 1)) for index, leg in enumerate(legs)]


def public(guide: Guide) -> object:
    return guide.flow.scene()


def test_the_start_menu_offers_learn_to_play_with_every_course(tmp_path: Path) -> None:
    console = Console(tmp_path)
    assert console.rows[1] == "Learn to play"
    console.choose("Learn to play")
    assert console.rows == [*(str(course.title) for course in COURSES), "Back"]
    assert [course.name for course in COURSES][:1] == ["classic"]


@pytest.mark.parametrize("course", COURSES, ids=lambda course: course.name)
def test_every_course_plays_to_its_end_and_every_card_fits(tmp_path: Path, course: Course) -> None:
    learner = Learner(tmp_path)
    learner.open(course)
    presenter = learner.console.program.console.presenter
    for index, (_, step) in enumerate(course.steps):
        guide = learner.guide
        assert guide.index == index and guide.step == step
        assert not presenter.kit.cut, f"step {index + 1}: the card's words do not fit"
        learner.answer(step)
        assert not str(guide.flow.scene().ui.message).startswith("No: "), f"step {index + 1}: the game refused the script's answer"  # type: ignore[attr-defined]
        assert guide.index == index + 1, f"step {index + 1} did not take its answer"
    assert learner.guide.flow.over, "the course ends with the game over"
    learner.console.keys(Key.CONFIRM)
    assert learner.console.program.guide is None
    menu = learner.console.program.menu
    assert menu is not None and str(menu.title) == "Learn to play" and "Well done" in str(menu.message)
    assert json.loads((tmp_path / PROGRESS).read_text())["at"] == {}  # a finished course starts again next time
    assert learner.sent[-1] == {"type": "game_over", "result": "The lesson is over"}  # the handheld is free for a game


@pytest.mark.parametrize("course", COURSES, ids=lambda course: course.name)
def test_a_wrong_press_at_every_step_is_explained_changes_nothing_and_the_step_waits(tmp_path: Path, course: Course) -> None:
    learner = Learner(tmp_path)
    learner.open(course)
    for index, (_, step) in enumerate(course.steps):
        guide = learner.guide
        before = (guide.flow.game.public_view(), len(guide.flow.game.actions))
        assert step.press != WRONG_STATION
        learner.console.table.press(WRONG_STATION)
        scene = guide.scene()
        assert scene.card.wrong == step.refusal and scene.refused is not None and scene.refused.station == WRONG_STATION
        assert WRONG_STATION in scene.lights(scene.refused.since, PALETTES[learner.console.program.settings.palette])
        learner.console.keys(Key.CHOICE_4 if step.key is not Key.CHOICE_4 else Key.CHOICE_3)
        if step.wait is Wait.HANDHELD:
            wrong = next(leg for leg in learner.offered() if leg not in step.handheld)
            learner.hand_in(f"fox {wrong}" if course.edition == "junior" else wrong)
            assert learner.sent[-2] == {"type": "refused", "reason": str(step.refusal)}  # said on the handheld, then asked again
        assert guide.index == index, f"step {index + 1} went on after a wrong press"
        assert (guide.flow.game.public_view(), len(guide.flow.game.actions)) == before
        assert guide.scene().card.wrong == step.refusal
        learner.answer(step)
        assert guide.index == index + 1 and not guide.scene().card.wrong
    assert learner.guide.flow.over


def test_the_learner_s_handheld_turn_carries_the_step_s_hint(tmp_path: Path) -> None:
    learner = Learner(tmp_path)
    course = COURSES[0]
    learner.open(course)
    for _, step in course.steps:
        if step.wait is Wait.HANDHELD:
            asked = next(message for message in reversed(learner.sent) if message["type"] == "ask")
            assert asked["hint"] == str(step.hint) and step.hint
            return
        learner.answer(step)
    pytest.fail("the classic course has a turn on the handheld")


def _played_to(tmp_path: Path, course: Course, stop: int) -> Learner:
    learner = Learner(tmp_path)
    learner.open(course)
    for _, step in course.steps[:stop]:
        learner.answer(step)
    return learner


@pytest.mark.parametrize("stop", [3, 20, "handheld"])
def test_a_course_left_goes_on_where_it_was_left_even_after_a_power_cut(tmp_path: Path, stop: int | str) -> None:
    course = COURSES[0]
    at = stop if isinstance(stop, int) else next(i for i, (_, step) in enumerate(course.steps) if step.wait is Wait.HANDHELD)
    straight = _played_to(tmp_path / "straight", course, at)
    left = _played_to(tmp_path / "left", course, at)
    left.console.keys(Key.MENU)
    left.console.choose("Leave")
    menu = left.console.program.menu
    assert left.console.program.guide is None and menu is not None and "You left at lesson" in str(menu.message)
    again = Learner(tmp_path / "left")  # the power went; the console starts again
    again.console.choose("Learn to play")
    assert again.console.rows[0] == f"{course.title} (go on)"
    again.console.choose(str(course.title))
    again.console.choose("Go on")
    guide = again.guide
    assert guide.index == at
    assert guide.flow.game.public_view() == straight.guide.flow.game.public_view()
    assert guide.flow.game.actions == straight.guide.flow.game.actions
    for _, step in course.steps[at:]:
        again.answer(step)
    assert again.guide.flow.over


def test_start_again_from_the_lesson_menu_deals_the_course_afresh(tmp_path: Path) -> None:
    course = COURSES[0]
    learner = _played_to(tmp_path, course, 12)
    learner.console.keys(Key.MENU)
    learner.console.choose("Start the course again")
    learner.console.keys(Key.CONFIRM)  # asked twice
    assert learner.guide.index == 0 and not learner.guide.flow.game.actions
    assert json.loads((tmp_path / PROGRESS).read_text())["at"] == {}


def test_a_damaged_progress_file_starts_the_courses_again_and_says_so(tmp_path: Path) -> None:
    (tmp_path / PROGRESS).write_text("{not json")
    console = Console(tmp_path)
    console.choose("Learn to play")
    assert console.program.menu is not None and "lost" in str(console.program.menu.message)
    assert console.rows[0] == str(COURSES[0].title)


@pytest.mark.parametrize("name", ["learn", "learn-junior"])
def test_the_readme_pictures_guided_games_still_play_in_the_simulator(tmp_path: Path, name: str) -> None:
    """``sim --learn`` goes straight into the classic course, played with Mister X's turn on the pane; Junior's from the menu."""
    import pygame

    from console.cli import main

    script = Path(__file__).resolve().parents[2] / "docs" / f"{name}.script"
    learn = ["--learn"] if name == "learn" else []
    assert main(["sim", "--headless", *learn, "--script", str(script), "--screenshots", str(tmp_path),
                 "--data-dir", str(tmp_path / "data")]) == 0
    fresh, committed = pygame.image.load(str(tmp_path / f"{name}.png")), pygame.image.load(str(script.with_suffix(".png")))
    assert fresh.get_size() == committed.get_size()
    width, height = fresh.get_size()
    points = [(x, y) for x in range(0, width, 4) for y in range(0, height, 4)]
    assert sum(fresh.get_at(point) != committed.get_at(point) for point in points) < len(points) // 100
    saved = json.loads((tmp_path / "data" / PROGRESS).read_text())["at"]
    if name == "learn":
        assert saved == {"classic": next(i for i, (_, step) in enumerate(COURSES[0].steps) if step.wait is Wait.HANDHELD) + 1}
    else:
        assert list(saved) == ["junior"]


def test_the_learner_s_turn_waits_for_an_unplugged_handheld_and_the_card_says_so(tmp_path: Path) -> None:
    course = COURSES[0]
    at = next(i for i, (_, step) in enumerate(course.steps) if step.wait is Wait.HANDHELD)
    learner = _played_to(tmp_path, course, at - 1)
    learner.link.unplug()
    learner.answer(course.steps[at - 1][1])  # on to the learner's turn: the game waits for the handheld
    guide = learner.guide
    for _ in range(UNPLUGGED_STEPS):
        learner.console.program.console.step()
    assert guide.flow.paused and "unplugged" in str(guide.scene().card.wrong)
    learner.console.table.press(WRONG_STATION)
    assert guide.index == at and guide.flow.paused
    learner.link.plug()
    learner.console.program.console.step()
    assert not guide.flow.paused and not guide.scene().card.wrong
    learner.answer(course.steps[at][1])
    assert guide.index == at + 1


def test_rounds_the_script_plays_for_mister_x_need_no_handheld(tmp_path: Path) -> None:
    """Only from the round before the learner's turn on the handheld does the game wait for it (as a real game would)."""
    learner = Learner(tmp_path)
    learner.link.unplug()
    course = COURSES[0]
    learner.open(course)
    for index, (_, step) in enumerate(course.steps[:20]):
        learner.answer(step)
        for _ in range(UNPLUGGED_STEPS):
            learner.console.program.console.step()
        assert not learner.guide.flow.paused and learner.guide.index == index + 1  # Mister X's scripted moves went on


@cache
def toolkit(size: tuple[int, int]) -> tuple[Toolkit, pygame.Surface]:
    """A toolkit and a surface of *size*, kept (a toolkit keeps its fonts and rendered texts: drawing again is cheap)."""
    return Toolkit(size), pygame.Surface(size)


def lesson_words(scene: LessonScene, size: tuple[int, int] = SIZE) -> Toolkit:
    """*scene* (the game's screen, its card over it) drawn at *size*: the toolkit that drew it (its words, those cut, its
    smallest line)."""
    kit, surface = toolkit(size)
    scene.draw(kit, surface, 0.0, PALETTES[PaletteName.STANDARD])
    return kit


SIZES = ((800, 480), (1024, 600), (480, 320))
"""The console's screens: the 7-inch Touch Display, a 7-inch 1024x600 panel, and the smallest the tests draw."""


def kept_in_view(scene: LessonScene, size: tuple[int, int]) -> list[pygame.Rect]:
    """What the steps talk about on *scene*'s screen at *size*: the header's round track, the travel log and the table of
    tickets (a classic game); the top bar's round and both token boards (Junior)."""
    if scene.game.view.__class__.__name__ == "JuniorView":  # type: ignore[attr-defined]
        junior = junior_layout(size)
        return [junior.top, *junior.boards.values()]
    kit = Toolkit(size)
    classic = classic_layout(size, card=True)
    return [kit.header, classic.log, classic.table]


@pytest.mark.parametrize("course", COURSES, ids=lambda course: course.name)
def test_every_card_has_a_place_that_covers_nothing_its_steps_talk_about_at_every_size_in_both_languages(
        tmp_path: Path, course: Course) -> None:
    """Each step's card (its words, a wrong press's explanation, another choice's) stays in its place: the place is
    clear of the round track, the travel log, the tickets and the token boards, and drawing the card over the game's
    screen changes not one of their pixels; its words fit uncut, at one size for the whole course, never under the
    screen's smallest letters, in English and in Korean."""
    learner = Learner(tmp_path)
    learner.open(course)
    palette = PALETTES[PaletteName.STANDARD]
    kits = {size: (Toolkit(size), Toolkit(size), pygame.Surface(size), pygame.Surface(size)) for size in SIZES}
    problems: list[str] = []
    sizes_seen: dict[tuple[tuple[int, int], str], set[int]] = {}
    for index, (_, step) in enumerate(course.steps, 1):
        scene = learner.guide.scene()
        for size, (kit, game_kit, covered, bare) in kits.items():
            place = scene.place(size)
            regions = kept_in_view(scene, size)
            problems += [f"step {index} at {size}: the card's place {place} covers {region}" for region in regions
                         if place.colliderect(region)]
            if size == SIZE:  # the place is clear of them at every size; the console's screen shows that no pixel of them changes
                scene.game.draw(game_kit, bare, 0.0, palette)
                scene.draw(kit, covered, 0.0, palette)
                problems += [f"step {index}: the card changed {region}" for region in regions
                             if pixels(bare, region) != pixels(covered, region)]
            for language in ("en", "ko"):
                use(language)
                for wrong in ("", step.refusal, step.other_choice):
                    kit.begin(covered)
                    draw_card(kit, covered, replace(scene.card, wrong=wrong), place)
                    if kit.cut or kit.smallest < kit.min_px:
                        problems.append(f"step {index} at {size} in {language}: cut {kit.cut}, smallest line {kit.smallest}")
                sizes_seen.setdefault((size, language), set()).add(words_size(kit, scene, size))
                use("en")
        learner.answer(step)
    assert not problems, "\n".join(problems[:20])
    assert all(len(seen) == 1 for seen in sizes_seen.values()), sizes_seen  # one size of words from step to step


def pixels(surface: pygame.Surface, region: pygame.Rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(region), "RGB")


def words_size(kit: Toolkit, scene: LessonScene, size: tuple[int, int]) -> int:
    """The line height of *scene*'s card's words at *size*."""
    room = card_layout(kit, scene.place(size), scene.card.picture is not None, scene.card.headings).words
    return words_px(kit, scene.card.sized_by, room)


@pytest.mark.parametrize("course", COURSES, ids=lambda course: course.name)
def test_every_step_of_every_course_reads_in_korean(tmp_path: Path, course: Course, korean: None) -> None:
    """Each card (and a wrong press's explanation in its place), its message bar line and its handheld hint, all in Korean."""
    learner = Learner(tmp_path)
    learner.open(course)
    for index, (_, step) in enumerate(course.steps):
        use("ko")
        scene = learner.guide.scene()
        for wrong in ("", step.refusal, step.other_choice):
            kit = lesson_words(replace(scene, card=replace(scene.card, wrong=wrong)))
            english = [text for text in [*kit.texts, str(step.hint)] if ENGLISH.search(text)]
            assert not english and not kit.cut, f"step {index + 1}: English {english}, cut {kit.cut}"
        use("en")
        learner.answer(step)
    use("ko")
    kit = lesson_words(learner.guide.scene())
    assert not [text for text in kit.texts if ENGLISH.search(text)] and not kit.cut


def test_a_change_of_language_mid_lesson_changes_the_card_at_once_and_not_the_lesson(tmp_path: Path, korean: None) -> None:
    course = COURSES[0]
    learner = _played_to(tmp_path, course, 5)
    guide, drawn = learner.guide, learner.console.program.console.presenter.kit
    scene = guide.scene()
    english = str(scene.card.say)
    assert english in drawn.texts
    played = (guide.index, list(guide.flow.game.actions))
    use("ko")
    learner.console.program.console.step()
    korean_words = str(scene.card.say)  # the card made before the change speaks Korean now
    assert korean_words != english and not ENGLISH.search(korean_words)
    assert korean_words in drawn.texts and english not in drawn.texts
    assert (guide.index, list(guide.flow.game.actions)) == played
    learner.answer(course.steps[5][1])
    assert guide.index == 6
    use("en")
    learner.console.program.console.step()
    assert str(guide.scene().card.say) in drawn.texts and str(guide.scene().card.say) == str(course.steps[6][1].say)


@pytest.mark.parametrize("course", COURSES, ids=lambda course: course.name)
def test_what_the_handheld_is_sent_in_korean_it_can_draw(course: Course, korean: None) -> None:
    """A handheld step's hint and explanation go to the handheld too: its Korean glyphs have every syllable of them."""
    use("ko")
    sent = [str(text) for _, step in course.steps if step.wait is Wait.HANDHELD for text in (step.hint, step.refusal)]
    assert sent and not [char for char in glyphs_for(sent) if char not in lang_ko.CHARS]


def piece_stations(view: object) -> set[int]:
    """Where the pieces stand, in a classic game's view or a Junior one's (a press there picks a piece)."""
    pieces = getattr(view, "pieces", None)
    return {piece.station for piece in pieces} if pieces is not None else {station for _, station in view.stations}  # type: ignore[attr-defined]


STATION_NAMED = re.compile(r"(?<!key )\b(\d{1,3})\b")
"""A station number in a lesson's words (not a control key's: "key 2")."""


def lit_stations(scene: object, palette: object) -> set[int]:
    """The stations the board lights (any colour but the district's faint glow) over a second of *scene*."""
    from console.games.junior.lights import AREA

    lit: set[int] = set()
    for now in (0.0, 0.25, 0.5, 0.75):
        lit |= {station for station, colour in scene.lights(now, palette).items() if colour not in ((0, 0, 0), AREA)}  # type: ignore[attr-defined]
    return lit


@pytest.mark.parametrize("course", COURSES, ids=lambda course: course.name)
def test_every_step_lights_the_stations_its_words_name_and_only_its_own_press_among_the_game_s_choices(tmp_path: Path,
                                                                                                          course: Course) -> None:
    """What the card says and what the board lights agree: the stations a step points at are named in its words; every
    station its words name is lit (but Mister X's secret moves on the handheld, which the board never shows); and the game's
    choices pulse only on a step that waits for a press among them (a step that talks lights nothing of the game's choices)."""
    learner = Learner(tmp_path)
    learner.open(course)
    palette = PALETTES[learner.console.program.settings.palette]
    problems = []
    for index, (_, step) in enumerate(course.steps, 1):
        scene = learner.guide.scene()
        named = {int(number) for number in STATION_NAMED.findall(str(step.say))}
        pointed = {*step.light, *([step.press] if step.press is not None else [])}
        if pointed - named:
            problems.append(f"step {index}: lights {sorted(pointed - named)}, which its words do not name")
        if step.wait is not Wait.HANDHELD and named - lit_stations(scene, palette):
            problems.append(f"step {index}: names {sorted(named - lit_stations(scene, palette))}, which the board does not light")
        ui = scene.game.ui  # type: ignore[attr-defined]
        picks = piece_stations(scene.game.view)  # type: ignore[attr-defined]
        if ui.choices_lit and ui.choices and (step.wait is not Wait.PRESS or step.press not in {*ui.choices, *picks}):
            problems.append(f"step {index}: the game's choices {sorted(ui.choices)} pulse, but the step waits for {step.wait.value}")
        learner.answer(step)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("course", COURSES, ids=lambda course: course.name)
def test_a_press_on_another_lit_choice_is_told_it_is_a_real_choice_and_an_unlit_one_that_it_is_not(tmp_path: Path,
                                                                                                    course: Course) -> None:
    """Lesson 3's "Red can reach the pulsing stations only" is never said of a station that pulses."""
    learner = Learner(tmp_path)
    learner.open(course)
    told = 0
    for _, step in course.steps:
        ui = learner.guide.scene().game.ui  # type: ignore[attr-defined]
        others = [station for station in ui.choices if station != step.press] if ui.choices_lit else []
        if step.wait is Wait.PRESS and others:
            before = learner.guide.flow.game.public_view()
            learner.console.table.press(others[0])
            card = learner.guide.scene().card
            assert card.wrong == step.other_choice and card.wrong != step.refusal
            assert "real move" in str(card.wrong) or step.choice, card.wrong
            assert learner.guide.flow.game.public_view() == before
            learner.console.table.press(WRONG_STATION)
            assert learner.guide.scene().card.wrong == step.refusal
            told += 1
        learner.answer(step)
    assert told >= 3
