"""The lesson card: a step's words drawn over the game's screen, beside the game it talks about.

The course says where its game's screen has room for it (``PLACES``): on a
classic game's screen the card covers the right of the lower half (the
header, whose turn it is, the travel log above and the pieces' list on the
left stay in view, since the steps talk about them); on a screen with a big
prompt, the top band (the round and the prompt it stands in for: the rest,
such as token boards, the pieces' stations and a reveal, stays in view).
Its words are kept as texts and put into words only as it is drawn, so a
change of language changes the card on the next frame.
A step's explanation of a wrong press is under its words, in amber; the two
are as large as they fit together (not under the screen's smallest line; the
card grows a little away from its edge of the screen when even that is too
large); a picture, if the step has one, is on their left.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from console.table.case import capitalised
from console.table.screen.pictures import Drawing
from console.table.screen.toolkit import PANEL, TEXT, Colour, Toolkit, fraction
from hardware.language import Words

AMBER: Colour = (255, 196, 90)
BORDER: Colour = (120, 170, 255)
HEADING: Colour = (170, 200, 255)
PLACES = {"lower right": (0.43, 0.385, 0.992, 0.885), "top": (0.008, 0.008, 0.992, 0.37)}
"""Where a course puts its card (its ``card``), as a rectangle in fractions of the screen."""
GROWS = {"lower right": -1, "top": 1}
"""The way a card in each place grows when its words need more room: up from the screen's bottom, down from its top."""
MOST_GROWTH = 0.3
"""The most a card grows, as a fraction of the screen's height: the screen's header and its left half stay in view."""
HEADING_LINES = 2


@dataclass(frozen=True)
class Card:
    heading: Words
    """Which lesson this is ("lesson 3 of 9, A detective's move": begun with a capital when drawn)."""
    say: Words
    wrong: Words
    """Why the last press was not the one (empty: none)."""
    picture: Drawing | None
    """A picture beside the words (``console.lessons.pictures``), or None."""
    place: str = "lower right"
    """Where the card goes (``PLACES``)."""


def card_rect(size: tuple[int, int], place: str = "lower right") -> pygame.Rect:
    return fraction(size, *PLACES[place])


def draw_card(kit: Toolkit, surface: pygame.Surface, card: Card) -> None:
    """The card over the screen drawn so far; its words go to ``kit.texts`` (and a cut one to ``kit.cut``)."""
    rect = _grown(kit, card)
    pad = kit.pad
    pygame.draw.rect(surface, PANEL, rect, border_radius=2 * pad)
    pygame.draw.rect(surface, BORDER, rect, width=2, border_radius=2 * pad)
    inner = rect.inflate(-4 * pad, -3 * pad)
    top = inner.y
    for line in kit.wrap(capitalised(str(card.heading)), kit.min_px, HEADING, inner.w, HEADING_LINES):
        surface.blit(line, (inner.x, top))
        top += line.get_height()
    body = _body(kit, card, rect)
    if card.picture is not None:
        side = min(body.h, body.w // 3)
        card.picture(surface, pygame.Rect(body.x, body.y, side, side))
        body = _beside_picture(kit, body)
    blocks = _blocks(card)
    px = _fitting_px(kit, [text for text, _ in blocks], body)
    y = body.y
    for text, colour in blocks:
        for line in kit.wrap(text, px, colour, body.w, max(1, (body.bottom - y) // kit.font(px).get_linesize())):
            surface.blit(line, (body.x, y))
            y += line.get_height()
        y += pad


def _blocks(card: Card) -> list[tuple[Words, Colour]]:
    return [(card.say, TEXT), (card.wrong, AMBER)] if card.wrong else [(card.say, TEXT)]


def _body(kit: Toolkit, card: Card, rect: pygame.Rect) -> pygame.Rect:
    """Where the card's words (and picture) go in *rect*: under its heading."""
    inner = rect.inflate(-4 * kit.pad, -3 * kit.pad)
    heading = min(HEADING_LINES, kit.rows_needed(capitalised(str(card.heading)), kit.min_px, inner.w))
    top = inner.y + heading * kit.font(kit.min_px).get_height()
    return pygame.Rect(inner.x, top + kit.pad, inner.w, inner.bottom - top - kit.pad)


def _beside_picture(kit: Toolkit, body: pygame.Rect) -> pygame.Rect:
    side = min(body.h, body.w // 3)
    return pygame.Rect(body.x + side + 2 * kit.pad, body.y, body.w - side - 2 * kit.pad, body.h)


def _grown(kit: Toolkit, card: Card) -> pygame.Rect:
    """The card's place, grown away from its edge of the screen (``GROWS``) by as much as its words need at the
    smallest line height (a wrong press's explanation under a long step), at most ``MOST_GROWTH`` of the screen."""
    rect = card_rect(kit.size, card.place)
    body = _body(kit, card, rect)
    if card.picture is not None:
        body = _beside_picture(kit, body)
    texts = [text for text, _ in _blocks(card)]
    need = sum(kit.rows_needed(text, kit.min_px, body.w) for text in texts) * kit.font(kit.min_px).get_linesize()
    need += kit.pad * (len(texts) - 1)
    more = min(need - body.h, round(MOST_GROWTH * kit.size[1]))
    if more <= 0:
        return rect
    return rect.inflate(0, more).move(0, GROWS[card.place] * more // 2)


def _fitting_px(kit: Toolkit, texts: list[Words], area: pygame.Rect) -> int:
    """The largest of the screen's line heights at which *texts*, one under the other, fit in *area* (else the smallest)."""
    sizes = (kit.px_main, round((kit.px_main + kit.min_px) / 2), kit.min_px)

    def height(px: int) -> int:
        return sum(kit.rows_needed(text, px, area.w) for text in texts) * kit.font(px).get_linesize() + kit.pad * (len(texts) - 1)

    return next((px for px in sizes if height(px) <= area.h), kit.min_px)
