"""firmware/README.md's parts and wiring agree with hw.py: the buzzer's transistor, the OLED choice."""

from __future__ import annotations

import ast
import re
from pathlib import Path

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"
README = (FIRMWARE / "README.md").read_text(encoding="utf-8")


def hw_constants() -> dict[str, object]:
    """hw.py's constants, read without running it (it imports ``machine``)."""
    values: dict[str, object] = {}
    for node in ast.parse((FIRMWARE / "hw.py").read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                values[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                continue
    return values


def table_rows(first_header: str) -> list[list[str]]:
    """The rows of the README's table whose first header cell is *first_header*."""
    rows: list[list[str]] = []
    inside = False
    for line in README.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")] if line.startswith("|") else None
        if cells is None:
            if inside:
                break
            continue
        if cells[0] == first_header:
            inside = True
        elif inside and not set(line) <= set("|- "):
            rows.append(cells)
    assert rows, f"no table headed {first_header!r}"
    return rows


def test_the_buzzer_is_wired_through_a_transistor() -> None:
    pin = hw_constants()["BUZZER_PIN"]
    (row,) = [cells for cells in table_rows("signal") if cells[0] == "buzzer"]
    assert row[1].startswith(f"GP{pin} ")
    assert "transistor" in row[2] and "base resistor" in row[2], "the buzzer's pin drives a transistor's base, not the buzzer"
    assert any("NPN transistor" in cells[1] for cells in table_rows("qty")), "the parts list has the transistor"


def test_the_oled_choice_is_documented_and_valid() -> None:
    constants = hw_constants()
    assert constants["OLED"] in ("ssd1306", "sh1106")
    assert re.search(r'`OLED = "sh1106"`', README)
    assert any("SH1106" in cells[1] for cells in table_rows("qty"))
