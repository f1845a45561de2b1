"""The tiled PDFs: no label cut at a page's edge, no registration target over a label or a hole."""

from __future__ import annotations

import re

import pytest

from hardware.pack.buildpack import PackOptions, labelled_pages, pdf, station_holes
from hardware.pack.tiles import TARGET_MM, overlaps, registration_marks, tile


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_label_is_printed_whole_and_no_target_covers_a_label_or_hole(paper: str) -> None:
    options = PackOptions(paper=paper)
    holes, pages = station_holes(options), tile(options.board_mm, paper)
    printed = labelled_pages(holes, pages)
    assert all(printed[h.label] for h in holes), [h.label for h in holes if not printed[h.label]]
    for hole in holes:
        for page in pages:  # a label on a page is whole on it: never cut at the page's edge
            assert (page.number in printed[hole.label]) == page.holds(hole.label_box)
    marks = registration_marks(options.board_mm, pages, [b for h in holes for b in (h.label_box, h.box)])
    for x, y in marks:
        target = (x - TARGET_MM, y - TARGET_MM, x + TARGET_MM, y + TARGET_MM)
        assert not [h.label for h in holes if overlaps(target, h.label_box) or overlaps(target, h.box)], (x, y)
        assert sum(page.holds(target) for page in pages) >= 2  # in an overlap: on both pages that share it


def test_the_pdf_prints_each_label_only_where_it_is_whole() -> None:
    options = PackOptions()
    holes, pages = station_holes(options), tile(options.board_mm, "a4")
    data = pdf(options.board_mm, holes, pages, "Board", compress=False)
    streams = data.split(b"/Type /Page\n")[1:]
    assert len(streams) == len(pages)
    printed = labelled_pages(holes, pages)
    for page, stream in zip(pages, streams):
        shown = {int(n) for n in re.findall(rb"\((\d+)\) Tj", stream) if int(n) <= 199} - {page.number, len(pages)}
        expected = {int(label) for label, on in printed.items() if page.number in on} - {page.number, len(pages)}
        assert shown == expected and len(shown) > 10
    assert 5 in printed["139"] and printed["140"]  # the two labels the old page 5 covered and cut
