"""Printing a large sheet on A4 or Letter pages, to tape together.

Each page shows part of the sheet, overlapping its neighbours by ``OVERLAP_MM``; registration targets sit in the
overlap bands, so each prints on both pages that share it, and are moved along their band until they cover no
label or hole (the boxes passed as *avoid*). Every page has crop marks, its place and a 100 mm scale bar.

>>> len(tile((545.0, 420.0), "a4"))
6
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from hardware.pack import PackError

Box = tuple[float, float, float, float]
"""x0, y0, x1, y1 in mm on the sheet."""

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
"""Paper sizes in mm, portrait."""
MARGIN_MM = 10.0
"""Unprinted border of each page: crop marks, page label and scale bar sit in it."""
OVERLAP_MM = 10.0
"""How far neighbouring pages overlap (registration marks sit in the overlap)."""
SCALE_BAR_MM = 100.0
TARGET_MM = 4.0
"""A registration target's half size: a 5 mm circle and 8 mm cross hairs."""


@dataclass(frozen=True)
class Page:
    """One printed page: the part of the sheet (mm) it shows, from (x0, y0), *width* x *height*."""

    number: int
    row: int
    column: int
    x0: float
    y0: float
    width: float
    height: float
    paper: tuple[float, float]
    pages: int = 0

    def shows(self, x: float, y: float) -> bool:
        return self.x0 <= x <= self.x0 + self.width and self.y0 <= y <= self.y0 + self.height

    def holds(self, box: Box) -> bool:
        """The whole of *box* is on this page (nothing of it cut at the page's edge)."""
        return self.shows(box[0], box[1]) and self.shows(box[2], box[3])


def _count(length: float, printable: float) -> int:
    return 1 if length <= printable else math.ceil((length - printable) / (printable - OVERLAP_MM)) + 1


def tile(sheet: tuple[float, float], paper: str) -> list[Page]:
    """The pages that print *sheet* (mm): portrait or landscape, whichever needs fewer (portrait on a tie)."""
    best: list[Page] = []
    for size in (PAPERS[paper], PAPERS[paper][::-1]):
        pw, ph = size[0] - 2 * MARGIN_MM, size[1] - 2 * MARGIN_MM
        columns, rows = _count(sheet[0], pw), _count(sheet[1], ph)
        if best and columns * rows >= len(best):
            continue
        best = [Page(r * columns + c + 1, r, c, c * (pw - OVERLAP_MM), r * (ph - OVERLAP_MM), pw, ph, (size[0], size[1]), columns * rows)
                for r in range(rows) for c in range(columns)]
    return best


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _target_box(x: float, y: float) -> Box:
    return x - TARGET_MM, y - TARGET_MM, x + TARGET_MM, y + TARGET_MM


def _free_spot(along: Callable[[float], tuple[float, float]], start: float, low: float, high: float,
               avoid: Sequence[Box]) -> tuple[float, float]:
    """The place along a band nearest *start* (in 0.5 mm steps between *low* and *high*) whose target covers nothing
    in *avoid* (*start* itself if there is none)."""
    steps = int((high - low) / 0.5)
    for offset in sorted((low + 0.5 * i for i in range(steps + 1)), key=lambda t: abs(t - start)):
        if not any(overlaps(_target_box(*along(offset)), box) for box in avoid):
            return along(offset)
    return along(start)


def registration_marks(sheet: tuple[float, float], pages: Sequence[Page], avoid: Sequence[Box] = ()) -> list[tuple[float, float]]:
    """Targets in the middle of every overlap band, so each prints on both pages that share it, two per page edge
    (near a quarter and three quarters of it), each moved along its band to a place where it covers nothing in *avoid*."""
    marks = set()
    columns = sorted({p.x0 for p in pages})
    rows = sorted({p.y0 for p in pages})
    width, height = pages[0].width, pages[0].height
    room = TARGET_MM + 1
    for band in (x0 + OVERLAP_MM / 2 for x0 in columns if x0 > 0):
        for y0 in rows:
            span = (y0 + room, min(y0 + height, sheet[1]) - room)
            for f in (0.25, 0.75):
                if y0 + height * f <= sheet[1]:
                    marks.add(_free_spot(_vertical(band), y0 + height * f, span[0], span[1], avoid))
    for band in (y0 + OVERLAP_MM / 2 for y0 in rows if y0 > 0):
        for x0 in columns:
            span = (x0 + room, min(x0 + width, sheet[0]) - room)
            for f in (0.25, 0.75):
                if x0 + width * f <= sheet[0]:
                    marks.add(_free_spot(_horizontal(band), x0 + width * f, span[0], span[1], avoid))
    return sorted(marks)


def _vertical(x: float) -> Callable[[float], tuple[float, float]]:
    return lambda t: (x, t)


def _horizontal(y: float) -> Callable[[float], tuple[float, float]]:
    return lambda t: (t, y)


def fpdf_document(paper: tuple[float, float], title: str, compress: bool) -> Any:
    """A new fpdf2 document in mm (fpdf2 is in the ``pack`` extra)."""
    try:
        from fpdf import FPDF
    except ImportError:
        raise PackError("the PDF files need fpdf2: pip install 'scotland-yard-console[pack]'") from None
    document = FPDF(unit="mm", format=paper if paper[0] < paper[1] else paper[::-1])
    document.set_auto_page_break(False)
    document.set_compression(compress)
    document.set_title(title)
    document.set_creator("scotland-yard build-pack")
    return document


DrawPage = Callable[[Any, Page, float, float], None]
"""Draws the sheet onto a page: (document, page, ox, oy), where sheet point (x, y) is at (x + ox, y + oy) on the paper."""


def tiled_pdf(sheet: tuple[float, float], pages: Sequence[Page], title: str, draw: DrawPage, avoid: Sequence[Box] = (),
              compress: bool = True) -> bytes:
    """*sheet* tiled onto *pages*, drawn by *draw* (clipped to each page's share), with registration targets clear
    of *avoid*, crop marks, the page's place and a scale bar on every page."""
    document = fpdf_document(pages[0].paper, title, compress)
    marks = registration_marks(sheet, pages, avoid)
    for page in pages:
        pw, ph = page.paper
        document.add_page(orientation="P" if pw < ph else "L")
        ox, oy = MARGIN_MM - page.x0, MARGIN_MM - page.y0
        with document.rect_clip(MARGIN_MM, MARGIN_MM, page.width, page.height):
            draw(document, page, ox, oy)
            document.set_draw_color(0, 0, 0)
            document.set_line_width(0.2)
            for x, y in marks:
                _pdf_target(document, x + ox, y + oy)
        _pdf_crop_marks(document, page)
        document.set_font("helvetica", size=8)
        document.set_text_color(0, 0, 0)
        document.text(MARGIN_MM + 8, MARGIN_MM - 3,
                      f"{title}: page {page.number} of {len(pages)}, row {page.row + 1}, column {page.column + 1}. "
                      f"Print at 100 % (no fit to page); overlap {OVERLAP_MM:g} mm, align the targets.")
        pdf_scale_bar(document, MARGIN_MM + 8, ph - MARGIN_MM + 2)
    return bytes(document.output())


def _pdf_target(document: Any, x: float, y: float) -> None:
    document.ellipse(x - 2.5, y - 2.5, 5, 5)
    document.line(x - TARGET_MM, y, x + TARGET_MM, y)
    document.line(x, y - TARGET_MM, x, y + TARGET_MM)


def _pdf_crop_marks(document: Any, page: Page) -> None:
    document.set_line_width(0.2)
    document.set_draw_color(0, 0, 0)
    left, top, right, bottom = MARGIN_MM, MARGIN_MM, MARGIN_MM + page.width, MARGIN_MM + page.height
    for x, y, dx, dy in ((left, top, -1, -1), (right, top, 1, -1), (left, bottom, -1, 1), (right, bottom, 1, 1)):
        document.line(x + dx * 1, y, x + dx * 6, y)
        document.line(x, y + dy * 1, x, y + dy * 6)


def pdf_scale_bar(document: Any, x: float, y: float) -> None:
    document.set_draw_color(0, 0, 0)
    document.set_line_width(0.3)
    document.line(x, y, x + SCALE_BAR_MM, y)
    for t in range(0, int(SCALE_BAR_MM) + 1, 10):
        document.line(x + t, y, x + t, y + (3 if t % 50 == 0 else 2))
    document.set_font("helvetica", size=7)
    document.set_text_color(0, 0, 0)
    document.text(x + SCALE_BAR_MM + 2, y + 3, f"{SCALE_BAR_MM:g} mm: measure this bar to check the print scale")


def text_box(x: float, y: float, text: str, size_mm: float, anchor: str = "start") -> Box:
    """A conservative box around Helvetica *text* of cap height about 0.72 x *size_mm*, baseline at *y*: 0.62 em a
    character (Helvetica's widest digit is 0.556 em), 0.8 em above the baseline and 0.25 em below."""
    width = 0.62 * size_mm * len(text)
    left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
    return left, y - 0.8 * size_mm, left + width, y + 0.25 * size_mm
