"""The drawing toolkit every screen uses: fonts, text that fits, the frame of a screen, the board game's colours.

The screen sits beside the lit board and is read across a table, so its text is
large and light on dark, and the tickets keep the board game's colours. No text is
smaller than ``min_px``: the line whose letters a player reads from a seat
(``console.table.screen.legibility``: 16 minutes of arc at 70 cm, from the screen's
height in pixels and millimetres). A screen of any size is laid out in fractions of it:

- ``header``: the top bar (a title, or whose turn it is);
- ``body``: everything between, for the screen's own panels;
- ``message``: the bottom bar, one line or two (red while a press is being refused).

Text is fitted, never left to run off: a line shrinks (not under the minimum
height), a message takes a second line, a wrapped text leaves no short word
alone on its last line. Only what still does not fit is cut with '…', and the
frame says so (``cut``): a test that draws every message can tell.

Rendering text is most of a frame's cost, so ``Toolkit`` keeps every text it
rendered (``rendered`` counts the renders) and remembers the words of the
frame drawn last (``texts``): the screen as words, for tests, and the smallest line it
drew (``smallest``): never under ``min_px``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from console.table.case import capitalised
from console.table.screen.legibility import SCREEN_HEIGHT_MM, letter_px, samples
from engine import Ticket
from language import LANGUAGES, Text, current, font_file

Colour = tuple[int, int, int]

BACKGROUND: Colour = (10, 12, 18)
PANEL: Colour = (32, 36, 48)
HIGHLIGHT: Colour = (62, 68, 92)
TEXT: Colour = (244, 244, 244)
DIM: Colour = (150, 154, 166)
DARK_INK: Colour = (14, 14, 14)
ALERT_BACKGROUND: Colour = (130, 18, 18)

HINT: Colour = (240, 215, 140)
"""Beginner hints: a pale warm yellow, told from the white words and the blue notices."""

TICKET_COLOURS: dict[Ticket, Colour] = {
    Ticket.TAXI: (250, 204, 0),
    Ticket.BUS: (0, 160, 130),
    Ticket.UNDERGROUND: (225, 35, 45),
    Ticket.BLACK: (0, 0, 0),
    Ticket.DOUBLE: (165, 90, 235),
}
"""The board game's ticket colours; black tickets get a white outline to stand out from the background."""

TICKET_INK: dict[Ticket, Colour] = {ticket: DARK_INK if ticket is Ticket.TAXI else TEXT for ticket in Ticket}

HINT_LINES = 3
"""The most lines a beginner hint takes (a narrow panel at the smallest letters needs three)."""

_CACHE_LIMIT = 1500
"""Rendered texts kept; past this the caches start over (messages and counts keep changing)."""


def fraction(size: tuple[int, int], x0: float, y0: float, x1: float, y1: float) -> pygame.Rect:
    """The rectangle from (x0, y0) to (x1, y1), in fractions of *size*."""
    w, h = size
    left, top = round(x0 * w), round(y0 * h)
    return pygame.Rect(left, top, round(x1 * w) - left, round(y1 * h) - top)


class Toolkit:
    """Fonts and rendered texts for one screen size, and the parts every screen draws the same way."""

    def __init__(self, size: tuple[int, int], height_mm: float = SCREEN_HEIGHT_MM) -> None:
        """*height_mm*: the height of the screen's picture (``[screen] height_mm``), which sets the smallest letters."""
        pygame.font.init()
        self.height_mm = height_mm
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}
        self._texts: dict[tuple[str, int, Colour, int, str], tuple[pygame.Surface, bool]] = {}
        self._wrapped: dict[tuple[str, int, Colour, int, int, str], tuple[list[pygame.Surface], bool]] = {}
        self._messages: dict[tuple[str, int, int, str], tuple[list[pygame.Surface], bool]] = {}
        self.texts: list[str] = []
        """The texts of the frame drawn last, in drawing order, each whole (before any cut): the screen as words."""
        self.cut: list[str] = []
        """The texts of the frame drawn last that did not fit and were cut with '…' (whole): none, on a good screen."""
        self.rendered = 0
        """Texts rendered so far: most of a frame's cost, so a frame that repeats what is on the screen renders none."""
        self.smallest = 0
        """The smallest line height the frame drawn last wrote a text at (0: none yet): never under ``min_px``."""
        self._layout(size)

    def _layout(self, size: tuple[int, int]) -> None:
        """Rectangles and text heights for *size*; rendered texts of another size are dropped."""
        self.size = size
        w, h = size
        self._texts.clear()
        self._wrapped.clear()
        self._messages.clear()
        self.letter_px = letter_px(h, self.height_mm)
        """The smallest letter a player reads from a seat (``console.table.screen.legibility``)."""
        self.min_px = self._legible_px(self.letter_px)
        """The smallest line height any text gets: the first whose letters reach ``letter_px`` in every language's face."""
        self.pad = max(2, round(min(w, h) * 0.012))
        """The gap between panels."""
        self.header = fraction(size, 0, 0, 1, 0.115)
        self.body = fraction(size, 0.008, 0.125, 0.992, 0.885)
        self.message = fraction(size, 0, 0.895, 1, 1)
        """The message bar: room for two lines of the minimum height, when a message needs them."""
        # Line heights. A line's letters (capitals to descenders) fill about 4/5 of it, so main lines
        # get at least 1/20 of the height in letters, and never under the minimum; numbers and notes get the minimum.
        self.px_main = max(self.min_px, math.ceil(h / 20 / 0.8))
        self.px_header = max(self.px_main, round(h * 0.075))
        self.px_title = max(self.px_main, round(h * 0.068))
        self.px_big = round(h * 0.22)
        self.px_message = max(self.px_main, round(h * 0.075))
        for px in {self.min_px, self.px_main, self.px_header, self.px_title, self.px_big, self.px_message}:
            self.font(px)  # loading a font takes milliseconds: not in the first frame

    def letter_height(self, px: int, language: str | None = None) -> int:
        """The height of the shortest sample letter (``legibility.samples``) at line height *px* in *language*'s face."""
        language = language or current()
        font = self.font(px, language)
        return min(font.render(letter, True, TEXT).get_bounding_rect().h for letter in samples(language))

    def _legible_px(self, letter: int) -> int:
        """The smallest line height whose letters are at least *letter* pixels tall in every language's face."""
        px = letter
        while any(self.letter_height(px, language) < letter for language in LANGUAGES):
            px += 1
        return px

    def begin(self, surface: pygame.Surface) -> None:
        """Start a frame on *surface*: forget the last frame's words, lay out again if the size changed, clear it."""
        self.texts = []
        self.cut = []
        self.smallest = 0
        if surface.get_size() != self.size:
            self._layout(surface.get_size())
        surface.fill(BACKGROUND)

    # ------------------------------------------------------------ text

    def font(self, px: int, language: str | None = None) -> pygame.font.Font:
        """*language*'s font (``language.font_file``; default: the one in use) whose line height is at least *px* pixels."""
        language = language or current()
        font = self._fonts.get((language, px))
        if font is None:
            file = font_file(language)
            size = max(1, int(px / 0.7))
            font = pygame.font.Font(file, size)
            if file is not None:  # a font file is not scaled down as the bundled one is: start from its own height
                size = max(1, int(size * px / font.get_height()))
                font = pygame.font.Font(file, size)
            while font.get_height() < px:
                size += 1
                font = pygame.font.Font(file, size)
            self._fonts[language, px] = font
        return font

    def text(self, text: str | Text, px: int, colour: Colour, width: int = 0) -> pygame.Surface:
        """*text* rendered once (never under the smallest line); with a *width*, shrunk (not under the smallest line) then
        cut with '…' to fit."""
        text = str(text)
        px = max(px, self.min_px)
        self.texts.append(text)
        surface, cut = self._rendered(text, px, colour, width)
        if cut:
            self.cut.append(text)
        self._drew(surface)
        return surface

    def _rendered(self, text: str, px: int, colour: Colour, width: int) -> tuple[pygame.Surface, bool]:
        """*text* as ``text`` draws it, and whether it had to be cut."""
        key = (text, px, colour, width, current())
        done = self._texts.get(key)
        if done is None:
            if len(self._texts) > _CACHE_LIMIT:
                self._texts.clear()
            font = self.font(px)
            shown = text
            if width:
                while px > self.min_px and font.size(text)[0] > width:
                    px = max(self.min_px, int(px * 0.92))
                    font = self.font(px)
                if font.size(shown)[0] > width:
                    while shown and font.size(shown + "…")[0] > width:
                        shown = shown[:-1]
                    shown = shown.rstrip() + "…"
            done = font.render(shown, True, colour), shown != text
            self.rendered += 1
            self._texts[key] = done
        return done

    def wrap(self, text: str | Text, px: int, colour: Colour, width: int, max_lines: int) -> list[pygame.Surface]:
        """*text* broken into at most *max_lines* lines of *width*; the last line is cut if it must be.

        A last line of one word takes the word before it along when it can, so no short word stands alone. Never under
        the smallest line.
        """
        text = str(text)
        px = max(px, self.min_px)
        self.texts.append(text)
        key = (text, px, colour, width, max_lines, current())
        done = self._wrapped.get(key)
        if done is None:
            if len(self._wrapped) > _CACHE_LIMIT:
                self._wrapped.clear()
            rows = self._rows(text.split(), self.font(px), width, max_lines)
            rendered = [self._rendered(row, px, colour, width) for row in rows]
            done = [surface for surface, _ in rendered], any(cut for _, cut in rendered)
            self._wrapped[key] = done
        if done[1]:
            self.cut.append(text)
        for line in done[0]:
            self._drew(line)
        return done[0]

    def _drew(self, line: pygame.Surface) -> None:
        """Keep the smallest line height drawn this frame (a rendered line is as tall as its font's line)."""
        self.smallest = min(self.smallest or line.get_height(), line.get_height())

    def rows_needed(self, text: str | Text, px: int, width: int) -> int:
        """The lines ``wrap`` breaks *text* into at *px* in *width*, given room enough."""
        text = str(text)
        return len(self._rows(text.split(), self.font(px), width, len(text.split()) + 1))

    @staticmethod
    def _rows(words: list[str], font: pygame.font.Font, width: int, max_lines: int) -> list[str]:
        """*words* in lines of *width*, filled in turn; the last takes what is left; no word alone on a last line."""
        words = list(words)
        rows: list[list[str]] = []
        while words and len(rows) < max_lines - 1:
            row = [words.pop(0)]
            while words and font.size(" ".join([*row, words[0]]))[0] <= width:
                row.append(words.pop(0))
            rows.append(row)
        if words:
            rows.append(words)
        if len(rows) >= 2 and len(rows[-1]) == 1 and len(rows[-2]) >= 2:
            moved = [rows[-2][-1], *rows[-1]]
            if font.size(" ".join(moved))[0] <= width:
                rows[-2:] = [rows[-2][:-1], moved]
        return [" ".join(row) for row in rows]

    def hint_lines(self, hints: Sequence[str | Text], width: int, room: int) -> list[pygame.Surface]:
        """The first *hints* that fit in *room* pixels of height (each in up to ``HINT_LINES`` lines of *width*), as lines,
        in ``HINT``; the first one always."""
        shown: list[pygame.Surface] = []
        line = self.font(self.min_px).get_height()
        for hint in hints:
            rows = min(HINT_LINES, self.rows_needed(hint, self.min_px, width))
            if shown and (len(shown) + rows) * line > room:
                break
            shown += self.wrap(hint, self.min_px, HINT, width, HINT_LINES)
        return shown

    def fitting_px(self, text: str | Text, px: int, width: int, floor: int) -> int:
        """A line height up to *px* (about the largest), not under *floor*, at which *text* fits in *width* (*floor* if none does)."""
        text = str(text)
        wide = self.font(px).size(text)[0]
        while px > floor and wide > width:
            px = max(floor, min(px - 1, int(px * width / wide)))
            wide = self.font(px).size(text)[0]
        return px

    # ------------------------------------------------------------ the frame of a screen

    def title_bar(self, surface: pygame.Surface, title: str | Text) -> None:
        rect = self.header
        pygame.draw.rect(surface, PANEL, rect)
        text = self.text(title, self.px_header, TEXT, rect.w - 4 * self.pad)
        surface.blit(text, text.get_rect(midleft=(rect.x + 2 * self.pad, rect.centery)))

    def message_bar(self, surface: pygame.Surface, message: str | Text, *, alert: bool) -> None:
        """The bottom bar: *message* on one line if it fits (shrunk as far as the minimum height), else on two."""
        rect = self.message
        pygame.draw.rect(surface, ALERT_BACKGROUND if alert else PANEL, rect)
        if message:
            text = capitalised(str(message))
            self.texts.append(text)
            lines, cut = self._message_lines(text, rect.w - 4 * self.pad, rect.h)
            if cut:
                self.cut.append(text)
            for line in lines:
                self._drew(line)
            self.stack(surface, rect, lines)

    def _message_lines(self, text: str, width: int, height: int) -> tuple[list[pygame.Surface], bool]:
        """*text* as the message bar shows it: one line as large as fits, else two lines balanced; and whether it was cut."""
        key = (text, width, height, current())
        done = self._messages.get(key)
        if done is None:
            if len(self._messages) > _CACHE_LIMIT:
                self._messages.clear()
            px = self.fitting_px(text, self.px_message, width, self.min_px)
            words = text.split()
            if self.font(px).size(text)[0] <= width or len(words) < 2:
                rendered = [self._rendered(text, px, TEXT, width)]
            else:
                px = min(self.px_message, height // 2)
                while px > self.min_px and self.font(px).get_height() * 2 > height:
                    px -= 1
                while True:
                    rows = _balanced(words, self.font(px))
                    if px <= self.min_px or max(self.font(px).size(row)[0] for row in rows) <= width:
                        break
                    px -= 1
                rendered = [self._rendered(row, px, TEXT, width) for row in rows]
            done = [surface for surface, _ in rendered], any(cut for _, cut in rendered)
            self._messages[key] = done
        return done

    def warning_bar(self, surface: pygame.Surface, warning: str | Text) -> None:
        """A red bar over the header, on any screen: something the players must know (the game is not being saved).

        It takes the header's place, so it hides nothing of the game below (whose turn it is is in the message bar too);
        its words take one line as large as fits, else two, as the message bar's do.
        """
        rect = self.header
        pygame.draw.rect(surface, ALERT_BACKGROUND, rect)
        text = capitalised(str(warning))
        self.texts.append(text)
        lines, cut = self._message_lines(text, rect.w - 4 * self.pad, rect.h)  # one line as large as fits, else two
        if cut:
            self.cut.append(text)
        for line in lines:
            self._drew(line)
        self.stack(surface, rect, lines)

    def stack(self, surface: pygame.Surface, area: pygame.Rect, lines: list[pygame.Surface]) -> None:
        """*lines* centred in *area*, one under the other."""
        y = area.centery - sum(line.get_height() for line in lines) // 2
        for line in lines:
            surface.blit(line, line.get_rect(midtop=(area.centerx, y)))
            y += line.get_height()


def _balanced(words: list[str], font: pygame.font.Font) -> list[str]:
    """*words* in two lines, broken where the longer of the two is shortest."""
    best: list[str] = []
    longest = math.inf
    for split in range(1, len(words)):
        rows = [" ".join(words[:split]), " ".join(words[split:])]
        wide = max(font.size(row)[0] for row in rows)
        if wide < longest:
            best, longest = rows, wide
    return best
