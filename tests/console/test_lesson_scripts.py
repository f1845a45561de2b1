"""A course's scripts are checked when read: a bad file or step is refused, naming the file, the step and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from console.lessons.script import ScriptError, Wait, load_course
from hardware.interfaces import Key

HEAD = 'title = "A course"\nedition = "beginner"\nplayers = 3\nseed = 1\n'


def course_with(tmp_path: Path, lesson: str, head: str = HEAD) -> Path:
    folder = tmp_path / "trial"
    folder.mkdir()
    (folder / "course.toml").write_text(head)
    (folder / "01-first.toml").write_text(lesson)
    return folder


def test_a_step_waits_for_confirm_unless_it_names_a_press_a_key_or_the_handheld(tmp_path: Path) -> None:
    course = load_course(course_with(tmp_path, '''title = "First"
[[step]]
say = "Hello."
[[step]]
say = "Press 41."
press = 41
[[step]]
say = "Key 2."
key = "choice_2"
[[step]]
say = "On the handheld."
handheld = "X157"
hint = "The black ticket."
hidden = ["T101"]
lines = "ferry"
assist = true
'''))
    steps = [step for _, step in course.steps]
    assert [step.wait for step in steps] == [Wait.CONFIRM, Wait.PRESS, Wait.KEY, Wait.HANDHELD]
    assert steps[1].press == 41 and steps[2].key is Key.CHOICE_2 and steps[3].handheld == "X157"
    assert steps[3].hidden == ("T101",) and steps[3].lines == "ferry" and steps[3].assist is True
    assert [str(step.instruction) for step in steps] == ["Press CONFIRM to go on", "Press station 41", "Press key 2",
                                                          "Choose on the handheld"]
    assert str(steps[1].refusal) == "Not this time. Press station 41."
    assert (course.name, str(course.title), course.edition, course.players, course.own) == ("trial", "A course", "beginner", 3, {})


@pytest.mark.parametrize(("lesson", "words"), [
    ('title = "First"\n', "01-first.toml: a lesson has [[step]] tables"),
    ('[[step]]\nsay = "Hi."\n', "01-first.toml: title: missing"),
    ('title = "First"\n[[step]]\nsay = "Hi."\npress = 41\nkey = "confirm"\n', "step 1: a step waits for one thing, not press and key"),
    ('title = "First"\n[[step]]\nsay = "Hi."\npress = 41\nconfirm = true\n', "step 1: a step waits for one thing"),
    ('title = "First"\n[[step]]\nsay = "Hi."\n[[step]]\nsay = "Hi."\nkey = "enter"\n', "step 2: key: 'enter' is not one of"),
    ('title = "First"\n[[step]]\nsay = "Hi."\nlines = "tram"\n', "step 1: lines: 'tram' is not one of taxi, bus"),
    ('title = "First"\n[[step]]\nsay = "Hi."\nlight = [41, "x"]\n', "step 1: light: a list of stations"),
    ('title = "First"\n[[step]]\nsay = "Hi."\npress = true\n', "step 1: press: a whole number"),
    ('title = "First"\n[[step]]\nsay = "Hi."\nhidden = 5\n', "step 1: hidden: an action in the notation"),
    ('title = "First"\n[[step]]\nsay = "Hi."\nassist = "yes"\n', "step 1: assist: true or false"),
    ('title = "First"\n[[step]]\nsay = "Hi."\nsays = "typo"\n', "step 1: no field called 'says'"),
    ('title = "First"\n[[step]]\npress = 41\n', "step 1: say: missing"),
    ('title = "First"\n[[step]]\nsay = "Hi {name}."\n', "step 1: say: no braces"),
    ('title = "First"\n[[step]\n', "01-first.toml: "),
])
def test_a_bad_lesson_is_refused_naming_its_file_step_and_field(tmp_path: Path, lesson: str, words: str) -> None:
    with pytest.raises(ScriptError, match=r"trial/01-first\.toml") as refused:
        load_course(course_with(tmp_path, lesson))
    assert words in str(refused.value)


def test_a_course_without_lessons_or_with_a_bad_head_is_refused(tmp_path: Path) -> None:
    folder = course_with(tmp_path, 'title = "First"\n[[step]]\nsay = "Hi."\n', head='title = "A course"\nedition = "beginner"\nseed = 1\n')
    with pytest.raises(ScriptError, match=r"trial/course\.toml: players: missing"):
        load_course(folder)
    (folder / "01-first.toml").unlink()
    with pytest.raises(ScriptError, match="trial: the course has no lessons"):
        load_course(folder)
