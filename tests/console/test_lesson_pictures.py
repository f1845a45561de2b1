"""The lesson card's pictures: each draws only inside its rectangle, no two look alike, a script may name only them.

Pictures are checked by cheap pixel facts: what a picture leaves outside its
rectangle (nothing), how much of it it covers, and how far two pictures differ.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from console.games import KINDS, find_kind
from console.games.junior.screen import card_place, junior_layout
from console.lessons.card import Card, card_layout, draw_card
from console.lessons.pictures import pictures_of
from console.lessons.script import ScriptError, load_course
from console.table.screen.toolkit import Toolkit

SIZE = (800, 480)
BLANK = (1, 2, 3)
"""A colour no picture uses: what a picture leaves untouched."""
RECTS = (pygame.Rect(300, 160, 150, 150), pygame.Rect(40, 30, 220, 130), pygame.Rect(500, 100, 90, 200))
"""A card's square, and rectangles wider and taller than square."""
PICTURES = {name: picture for kind in KINDS for name, picture in pictures_of(kind).items()}
"""Every picture of every kind's lessons."""


def drawn(name: str, rect: pygame.Rect, size: tuple[int, int] = SIZE) -> pygame.Surface:
    surface = pygame.Surface(size)
    surface.fill(BLANK)
    PICTURES[name](surface, rect)
    return surface


def covered(surface: pygame.Surface, rect: pygame.Rect) -> float:
    """The share of *rect*'s pixels that are not ``BLANK``."""
    mask = pygame.mask.from_threshold(surface.subsurface(rect), BLANK, (1, 1, 1, 255))
    return 1 - mask.count() / (rect.w * rect.h)


def test_the_pictures_the_lessons_need_are_there() -> None:
    assert {"fox", "roxy", "willy", "milly", "taxi", "bus", "metro", "boat", "magnifier", "star"} <= set(PICTURES)


@pytest.mark.parametrize("name", sorted(PICTURES))
@pytest.mark.parametrize("rect", RECTS, ids=lambda rect: f"{rect.w}x{rect.h}")
def test_a_picture_draws_inside_its_rectangle_and_fills_much_of_it(name: str, rect: pygame.Rect) -> None:
    surface = drawn(name, rect)
    side = min(rect.w, rect.h)
    square = pygame.Rect(0, 0, side, side)
    square.center = rect.center
    assert covered(surface, square) > 0.25, "a picture is big enough to be seen at once"
    assert surface.get_clip() == surface.get_rect(), "the surface's clip is given back"
    surface.fill(BLANK, rect)
    untouched = pygame.mask.from_threshold(surface, BLANK, (1, 1, 1, 255))
    assert untouched.count() == SIZE[0] * SIZE[1], f"{name} drew outside {rect}"


def test_a_picture_keeps_inside_a_clip_already_set() -> None:
    surface = pygame.Surface(SIZE)
    surface.fill(BLANK)
    surface.set_clip(pygame.Rect(0, 0, 375, 480))
    PICTURES["bus"](surface, RECTS[0])
    assert surface.get_clip() == pygame.Rect(0, 0, 375, 480)
    assert covered(surface, pygame.Rect(375, 160, 75, 150)) == 0


def test_no_two_pictures_look_alike() -> None:
    """Seen small (as a child glances at them), any two pictures differ in a good part of their pixels."""
    rect = pygame.Rect(0, 0, 150, 150)
    small = {name: pygame.transform.smoothscale(drawn(name, rect, rect.size), (30, 30)) for name in PICTURES}
    for first in PICTURES:
        for second in PICTURES:
            if first < second:
                a, b = small[first], small[second]
                differing = sum(_far(a.get_at((x, y)), b.get_at((x, y))) for x in range(30) for y in range(30))
                assert differing > 0.1 * 900, f"{first} and {second} look alike"


def _far(a: pygame.Color, b: pygame.Color) -> bool:
    return abs(a.r - b.r) + abs(a.g - b.g) + abs(a.b - b.b) > 60


def course_with(tmp_path: Path, picture: str) -> Path:
    folder = tmp_path / "trial"
    folder.mkdir()
    (folder / "course.toml").write_text('title = "A course"\nedition = "junior"\nplayers = 3\nseed = 1\n')
    (folder / "01-first.toml").write_text(f'title = "First"\n[[step]]\nsay = "Hello."\n[[step]]\nsay = "Look."\npicture = "{picture}"\n')
    return folder


def test_a_step_naming_a_picture_there_is_not_is_refused_with_the_names_there_are(tmp_path: Path) -> None:
    with pytest.raises(ScriptError) as refused:
        load_course(course_with(tmp_path, "unicorn"))
    message = str(refused.value)
    assert message.startswith("trial/01-first.toml, step 2: picture: 'unicorn' is not one of ")
    assert all(name in message for name in pictures_of(find_kind("junior")))


def test_a_step_naming_a_picture_shows_it_on_its_card(tmp_path: Path) -> None:
    step = load_course(course_with(tmp_path, "magnifier")).lessons[0].steps[1]
    assert step.picture == "magnifier"
    picture = pictures_of(find_kind("junior"))[step.picture]
    kit, surface = Toolkit(SIZE), pygame.Surface(SIZE)
    kit.begin(surface)
    surface.fill(BLANK)
    place = card_place(SIZE)
    draw_card(kit, surface, Card("Lesson 1 of 1, First", step.say, "", picture), place)
    shown = card_layout(kit, place, True, ("Lesson 1 of 1, First",)).picture
    assert shown is not None and place.contains(shown)
    glass = pygame.mask.from_threshold(surface.subsurface(shown), (160, 215, 255), (8, 8, 8, 255))
    assert glass.count() > 500 and not kit.cut


def test_on_a_junior_screen_the_card_leaves_the_token_boards_and_the_top_bar_in_view() -> None:
    layout = junior_layout(SIZE)
    card = card_place(SIZE)
    assert not any(card.colliderect(board) for board in layout.boards.values()) and not card.colliderect(layout.top)
