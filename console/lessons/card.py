"""The lesson card: a step's words drawn over the game's screen, beside the game it talks about.

The course says where its game's screen has room for it (``PLACES``): on a
classic game's screen the card covers the right of the lower half (the
header, whose turn it is, the travel log above and the pieces' list on the
left stay in view, since the steps talk about them); on a Junior screen the
top band (the round, the big prompt it stands in for, the boards' faces: the
token boards, the pieces' stations and the reveal stay in view).
Its words are kept as texts and put into words only as it is drawn, so a
change of language changes the card on the next frame.
A step's explanation of a wrong press is under its words, in amber; the two
are as large as they fit together (not under the screen's smallest line); a
picture, if the step has one, is on their left.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from console.case import capitalised
from console.lessons.pictures import draw_picture
from console.screen.toolkit import PANEL, TEXT, Colour, Toolkit, fraction
from hardware.language import Words

AMBER: Colour = (255, 196, 90)
BORDER: Colour = (120, 170, 255)
HEADING: Colour = (170, 200, 255)
PLACES = {"lower right": (0.43, 0.385, 0.992, 0.885), "top": (0.008, 0.008, 0.992, 0.37)}
"""Where a course puts its card (its ``card``), as a rectangle in fractions of the screen."""


@dataclass(frozen=True)
class Card:
    heading: Words
    """Which lesson this is ("lesson 3 of 9, A detective's move": begun with a capital when drawn)."""
    say: Words
    wrong: Words
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
    for line in kit.wrap(capitalised(str(card.heading)), kit.min_px, HEADING, inner.w, 2):
        surface.blit(line, (inner.x, top))
        top += line.get_height()
    body = pygame.Rect(inner.x, top + pad, inner.w, inner.bottom - top - pad)
    if card.picture:
        side = min(body.h, body.w // 3)
        draw_picture(card.picture, surface, pygame.Rect(body.x, body.y, side, side))
        body = pygame.Rect(body.x + side + 2 * pad, body.y, body.w - side - 2 * pad, body.h)
    blocks = [(card.say, TEXT), (card.wrong, AMBER)] if card.wrong else [(card.say, TEXT)]
    px = _fitting_px(kit, [text for text, _ in blocks], body)
    y = body.y
    for text, colour in blocks:
        for line in kit.wrap(text, px, colour, body.w, max(1, (body.bottom - y) // kit.font(px).get_linesize())):
            surface.blit(line, (body.x, y))
            y += line.get_height()
        y += pad


def _fitting_px(kit: Toolkit, texts: list[Words], area: pygame.Rect) -> int:
    """The largest of the screen's line heights at which *texts*, one under the other, fit in *area* (else the smallest)."""
    sizes = (kit.px_main, round((kit.px_main + kit.min_px) / 2), kit.min_px)

    def height(px: int) -> int:
        return sum(kit.rows_needed(text, px, area.w) for text in texts) * kit.font(px).get_linesize() + kit.pad * (len(texts) - 1)

    return next((px for px in sizes if height(px) <= area.h), kit.min_px)
