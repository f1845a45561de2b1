"""The button module's stripboard layout is its netlist: every net joined, no two shorted, every cut and link needed."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from hardware.pack.circuits import BUTTON_MODULE
from hardware.pack.stripboard import Cut, Layout, LayoutError, connectivity, differences, module_layout, segments, write_layout


@pytest.fixture(scope="module")
def layout() -> Layout:
    return module_layout()


def test_the_copper_joins_exactly_the_netlist_s_nets(layout: Layout) -> None:
    groups = set(connectivity(layout))
    expected = set(BUTTON_MODULE.nets.values()) | {frozenset({pin}) for pin in BUTTON_MODULE.unconnected}
    assert groups == expected
    assert differences(layout) == []


def test_every_part_is_on_the_board_and_every_pin_in_copper(layout: Layout) -> None:
    pins = layout.pin_holes()
    assert set(pins.values()) == {(part.ref, number) for part in BUTTON_MODULE.parts for number in part.pins}
    copper = segments(layout)
    assert all(hole in copper for hole in pins)


def test_every_cut_is_needed_and_the_headers_rows_are_scored_apart(layout: Layout) -> None:
    """Take any one cut away and two nets are shorted; the box headers' neighbouring pins are scored apart."""
    for cut in layout.cuts:
        without = dataclasses.replace(layout, cuts=[c for c in layout.cuts if c != cut])
        assert any(problem.startswith("shorted") for problem in differences(without)), cut
    scored = {(cut.row, cut.column) for cut in layout.cuts if cut.between}
    for ref in ("J1", "J2"):
        header = next(part for part in layout.parts if part.ref == ref)
        for odd in ("1", "3", "5"):
            assert header.pins[odd] in scored, (ref, odd)


def test_every_link_is_needed_and_none_lands_on_a_pin_or_under_a_part(layout: Layout) -> None:
    pins, bodies = layout.pin_holes(), layout.body_holes()
    spans: dict[int, list[tuple[int, int]]] = {}
    for link in layout.links:
        without = dataclasses.replace(layout, links=[other for other in layout.links if other != link])
        assert any(problem.startswith(f"net {link.net} is in") for problem in differences(without)), link
        span = [(row, link.column) for row in range(link.top, link.bottom + 1)]
        assert not set(span) & (set(pins) | bodies), link
        assert all(link.bottom < top or link.top > bottom for top, bottom in spans.get(link.column, [])), link
        spans.setdefault(link.column, []).append((link.top, link.bottom))


def test_a_missing_cut_or_link_is_caught() -> None:
    """The check itself: a layout with a cut left out shorts two nets; one with a link left out splits one."""
    good = module_layout()
    short = dataclasses.replace(good, cuts=good.cuts[1:])
    assert any(problem.startswith("shorted: ") for problem in differences(short))
    broken = dataclasses.replace(good, links=good.links[1:])
    assert any(" is in 2 pieces" in problem for problem in differences(broken))
    row, column = next(part for part in good.parts if part.ref == "J2").pins["4"]  # SH/LD
    extra_cut = dataclasses.replace(good, cuts=[*good.cuts, Cut(row, column + 1)])  # J2's SH/LD cut off U1's
    assert differences(extra_cut) == ["net SH/LD is in 2 pieces"]


def test_the_drawing_refuses_a_layout_that_is_not_the_netlist(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    good = module_layout()
    monkeypatch.setattr("hardware.pack.stripboard.module_layout", lambda: dataclasses.replace(good, links=good.links[1:]))
    with pytest.raises(LayoutError, match="is not the netlist"):
        write_layout(tmp_path)


def test_the_drawing_shows_every_link_cut_and_button(tmp_path: Path, layout: Layout) -> None:
    (path,) = write_layout(tmp_path)
    text = path.read_text()
    assert text.count('class="link"') == len(layout.links)
    for i in range(1, 8):
        assert f">S{i}: " in text
    assert "one hole is 2.54 mm" in text
