"""The lesson card: a step's words in the place the game's screen keeps free for them.

Each kind of game says where its screen has room for the card (its ``card_place``),
and its screen leaves that place free in a guided game: what the steps talk about
(the round track, the travel log, the tickets, Junior's token boards) is never
under the card. The card never grows out of its place, and its words keep one size
from step to step: the largest line, from the screen's main line down to its
smallest (``Toolkit.min_px``), at which every text of the course fits (``sized_by``).
Under the heading (which lesson this is) come the step's words; a wrong press's
explanation, or why the game waits, takes their place, in amber, until the step is
answered. A picture, if the step has one, is above the words. Its words are kept as
texts and put into words only as it is drawn, so a change of language changes the
card on the next frame.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from console.table.case import capitalised
from console.table.screen.pictures import Drawing
from console.table.screen.toolkit import PANEL, TEXT, Colour, Toolkit
from language import Words, current

AMBER: Colour = (255, 196, 90)
BORDER: Colour = (120, 170, 255)
HEADING: Colour = (170, 200, 255)
HEADING_LINES = 3
"""The most lines a heading takes; its room is as many as the course's longest heading needs (``headings``), so the words
start at the same height on every card."""
PICTURE_SHARE = 0.26
"""A picture's height, as a share of the room under the heading."""


@dataclass(frozen=True)
class Card:
    heading: Words
    """Which lesson this is ("lesson 3 of 9, A detective's move": begun with a capital when drawn)."""
    say: Words
    wrong: Words
    """Why the last press was not the one, or why the game waits (empty: none): shown instead of ``say``, in amber."""
    picture: Drawing | None
    """A picture above the words (``console.lessons.pictures``), or None."""
    sized_by: Sequence[Words] = field(default=(), compare=False)
    """Every text the course's cards show: the words are written at the largest size that fits them all (empty: this
    card's own)."""
    headings: Sequence[Words] = field(default=(), compare=False)
    """Every heading of the course: the heading's room is as many lines as the longest needs (empty: this card's own)."""


@dataclass(frozen=True)
class CardLayout:
    """Where a card's heading, picture and words go in its place."""

    heading: pygame.Rect
    picture: pygame.Rect | None
    words: pygame.Rect


def card_layout(kit: Toolkit, place: pygame.Rect, picture: bool, headings: Sequence[Words] = ()) -> CardLayout:
    """The card's parts in *place*: the room for the longest of *headings*, the picture (if any), the room for the words."""
    inner = place.inflate(-4 * kit.pad, -3 * kit.pad)
    rows = _course_fit(kit, headings, inner.size, lambda: max(
        (min(HEADING_LINES, kit.rows_needed(capitalised(str(text)), kit.min_px, inner.w)) for text in headings), default=1))
    heading = pygame.Rect(inner.x, inner.y, inner.w, rows * kit.font(kit.min_px).get_linesize())
    room = pygame.Rect(inner.x, heading.bottom + kit.pad, inner.w, inner.bottom - heading.bottom - kit.pad)
    if not picture:
        return CardLayout(heading, None, room)
    side = min(round(room.h * PICTURE_SHARE), room.w // 2)
    drawn = pygame.Rect(0, 0, side, side)
    drawn.midtop = (room.centerx, room.y)
    return CardLayout(heading, drawn, pygame.Rect(room.x, drawn.bottom + kit.pad, room.w, room.bottom - drawn.bottom - kit.pad))


def draw_card(kit: Toolkit, surface: pygame.Surface, card: Card, place: pygame.Rect) -> None:
    """The card in *place*, over the screen drawn so far; its words go to ``kit.texts`` (and a cut one to ``kit.cut``)."""
    pad = kit.pad
    pygame.draw.rect(surface, PANEL, place, border_radius=2 * pad)
    pygame.draw.rect(surface, BORDER, place, width=2, border_radius=2 * pad)
    parts = card_layout(kit, place, card.picture is not None, card.headings or (card.heading,))
    top = parts.heading.y
    for line in kit.wrap(capitalised(str(card.heading)), kit.min_px, HEADING, parts.heading.w,
                         parts.heading.h // kit.font(kit.min_px).get_linesize()):
        surface.blit(line, (parts.heading.x, top))
        top += kit.font(kit.min_px).get_linesize()
    if card.picture is not None and parts.picture is not None:
        card.picture(surface, parts.picture)
    words, colour = (card.wrong, AMBER) if card.wrong else (card.say, TEXT)
    px = words_px(kit, card.sized_by or (card.say, card.wrong), parts.words)
    y = parts.words.y
    rows = max(1, parts.words.h // kit.font(px).get_linesize())
    for line in kit.wrap(capitalised(str(words)), px, colour, parts.words.w, rows):
        surface.blit(line, (parts.words.x, y))
        y += kit.font(px).get_linesize()


_FITTED: dict[tuple[int, tuple[int, int], tuple[int, int], str], tuple[int, Sequence[Words]]] = {}
"""What a course's texts need in a room (their lines, their size), by the texts' identity, the screen's and the room's
size and the language: worked out once, not at every frame."""


def _course_fit(kit: Toolkit, texts: Sequence[Words], room: tuple[int, int], work_out: Callable[[], int]) -> int:
    """*work_out*'s answer for *texts* in a *room* of the screen, remembered (the texts are a course's, kept for its guide)."""
    key = (id(texts), kit.size, room, current())
    known = _FITTED.get(key)
    if known is not None and known[1] is texts:
        return known[0]
    if len(_FITTED) > 64:
        _FITTED.clear()
    answer = work_out()
    _FITTED[key] = (answer, texts)
    return answer


def words_px(kit: Toolkit, texts: Sequence[Words], room: pygame.Rect) -> int:
    """The largest line height, from the screen's main line down to its smallest, at which each of *texts* fits *room*
    (the smallest if none is: the toolkit marks a text it cuts)."""

    def fits(px: int) -> bool:
        rows = room.h // kit.font(px).get_linesize()
        return all(kit.rows_needed(capitalised(str(text)), px, room.w) <= rows for text in texts if text)

    return _course_fit(kit, texts, room.size, lambda: next((px for px in range(kit.px_main, kit.min_px - 1, -1) if fits(px)), kit.min_px))
