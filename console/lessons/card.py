"""The lesson card: a step's words drawn over the game's screen, beside the game it talks about.

The course says where its game's screen has room for it (``PLACES``): on a
classic game's screen the card covers the right of the lower half (the
header, whose turn it is, the travel log above and the pieces' list on the
left stay in view, since the steps talk about them); on a Junior screen the
top band (the round, the big prompt it stands in for, the boards' faces: the
token boards, the pieces' stations and the reveal stay in view).
Its text is as large as fits (not under the screen's smallest line); a step's
explanation of a wrong press is under it, in amber; a picture, if the step
has one, is on its left.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from console.lessons.pictures import draw_picture
from console.screen.toolkit import PANEL, TEXT, Colour, Toolkit, fraction

AMBER: Colour = (255, 196, 90)
BORDER: Colour = (120, 170, 255)
HEADING: Colour = (170, 200, 255)
PLACES = {"lower right": (0.43, 0.385, 0.992, 0.885), "top": (0.008, 0.008, 0.992, 0.37)}
"""Where a course puts its card (its ``card``), as a rectangle in fractions of the screen."""


@dataclass(frozen=True)
class Card:
    heading: str
    """Which lesson this is ("Lesson 3 of 9: A detective's move")."""
    say: str
    wrong: str
    """Why the last press was not the one (empty: none)."""
    picture: str
    """A picture's name (``console.lessons.pictures``), or empty."""
    place: str = "lower right"
    """Where the card goes (``PLACES``)."""


def card_rect(size: tuple[int, int], place: str = "lower right") -> pygame.Rect:
    return fraction(size, *PLACES[place])


def draw_card(kit: Toolkit, surface: pygame.Surface, card: Card) -> None:
    """The card over the screen drawn so far; its words go to ``kit.texts`` (and a cut one to ``kit.cut``)."""
    rect = card_rect(kit.size, card.place)
    pad = kit.pad
    pygame.draw.rect(surface, PANEL, rect, border_radius=2 * pad)
    pygame.draw.rect(surface, BORDER, rect, width=2, border_radius=2 * pad)
    inner = rect.inflate(-4 * pad, -3 * pad)
    top = inner.y
    for line in kit.wrap(card.heading, kit.min_px, HEADING, inner.w, 2):
        surface.blit(line, (inner.x, top))
        top += line.get_height()
    body = pygame.Rect(inner.x, top + pad, inner.w, inner.bottom - top - pad)
    if card.picture:
        side = min(body.h, body.w // 3)
        draw_picture(card.picture, surface, pygame.Rect(body.x, body.y, side, side))
        body = pygame.Rect(body.x + side + 2 * pad, body.y, body.w - side - 2 * pad, body.h)
    lines = _fitted(kit, card.say, TEXT, body)
    y = body.y
    for line in lines:
        surface.blit(line, (body.x, y))
        y += line.get_height()
    if card.wrong:
        room = pygame.Rect(body.x, y + pad, body.w, body.bottom - y - pad)
        for line in _fitted(kit, card.wrong, AMBER, room):
            surface.blit(line, (body.x, room.y))
            room.y += line.get_height()


def _fitted(kit: Toolkit, text: str, colour: Colour, area: pygame.Rect) -> list[pygame.Surface]:
    """*text* wrapped in *area* at the largest of the screen's line heights at which it fits (the smallest, cut if it must)."""
    sizes = (kit.px_main, round((kit.px_main + kit.min_px) / 2), kit.min_px)
    px = next((px for px in sizes if kit.rows_needed(text, px, area.w) * kit.font(px).get_linesize() <= area.h), kit.min_px)
    return kit.wrap(text, px, colour, area.w, max(1, area.h // kit.font(px).get_linesize()))
