"""No text of the maker's pack lies outside its sheet: every SVG ``build-pack`` writes, whatever draws it."""

from __future__ import annotations

from pathlib import Path

import pytest

from hardware.pack.buildpack import PackOptions, write_pack
from tests.support.svg_text import outside, sheet, text_boxes, text_width


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("pack")
    write_pack(folder, PackOptions(tiles=False))
    return sorted(folder.glob("*.svg"))


def test_the_pack_has_its_drawings(pack: list[Path]) -> None:
    names = {path.name for path in pack}
    assert {"board-template.svg", "control-panel.svg", "button-module.svg", "button-module-stripboard.svg"} <= names


def test_no_text_of_any_sheet_of_the_pack_sticks_out(pack: list[Path]) -> None:
    """Every SVG in the pack's folder, the ones added later too (a laser-cut layer is only cut lines: it has no text)."""
    for path in pack:
        data = path.read_bytes()
        assert text_boxes(data) or path.name.startswith("cut-"), f"{path.name} has no text to check: is it read right?"
        sticking_out = [f"{box.text!r} at {box.left:.1f}..{box.right:.1f} x {box.top:.1f}..{box.bottom:.1f}" for box in outside(data)]
        assert not sticking_out, f"{path.name} (sheet {sheet(data)}): {sticking_out}"


SHEET = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100">'
         '<text x="10" y="20" font-size="10">inside</text>{text}</svg>')


@pytest.mark.parametrize(("text", "out"), [
    ('<text x="150" y="50" font-size="10">sticks out on the right</text>', True),
    ('<text x="150" y="50" font-size="10" text-anchor="end">ends inside</text>', False),
    ('<text x="30" y="50" font-size="10" text-anchor="end">runs off the left</text>', True),
    ('<text x="10" y="99" font-size="10">below the line</text>', True),
    ('<text x="10" y="90" font-size="10" dominant-baseline="hanging">hangs below</text>', True),
    ('<g transform="translate(160 0)"><text x="10" y="50" font-size="10">moved out</text></g>', True),
    ('<g transform="rotate(90 100 50)"><text x="60" y="50" font-size="6">turned upright</text></g>', False),
    ('<text x="10" y="40" font-size="10"><tspan x="10" dy="10">short</tspan>'
     '<tspan x="10" dy="12">a far longer second line, far too long for this sheet</tspan></text>', True),
])  # fmt: skip
def test_the_checker_finds_a_text_that_sticks_out(text: str, out: bool) -> None:
    found = outside(SHEET.format(text=text))
    assert bool(found) == out, found
    assert all(box.text != "inside" for box in found)


def test_the_checker_errs_on_the_wide_side() -> None:
    """Wider than Helvetica itself: a text that Helvetica just fits is reported."""
    assert text_width("WWW", 10) > 3 * 9.44 * 1.1
    just = 200 - 3 * 9.44  # Helvetica's WWW ends on the sheet's edge
    assert outside(SHEET.format(text=f'<text x="{just:.2f}" y="50" font-size="10">WWW</text>'))
