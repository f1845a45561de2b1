"""The handheld knows no kind of game: the firmware and the phone's page name none of Scotland Yard's things in their code.

A kind's words, its choices and what its hidden side sees all come from the
console (``console.games.handheld``), so a new kind of game needs no new
firmware and no new page. Docstrings and comments may give Scotland Yard's
screens as examples; the code itself (its names and its strings) may not.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.support.micropython import FIRMWARE

PAGE = Path(__file__).resolve().parents[2] / "hardware" / "phone" / "static" / "app.js"
HANDHELD = ("app.py", "ui.py", "screens.py", "messages.py", "link.py", "wire.py", "language.py", "debounce.py", "device.py",
            "main.py", "hw.py", "fake_hw.py", "fb.py")
"""The firmware's own files (its language modules, written from the catalog, hold the handheld's own words only)."""
KIND_WORDS = re.compile(r"(?<![a-z])(taxis?|bus(es)?|underground|ferry|boats?|tickets?|stations?|rounds?|rogues?|detectives?|"
                        r"legs?|doubles?|junior|fox|roxy|reveals?|mister_x)(?![a-z])", re.IGNORECASE)
"""Scotland Yard's things (and Junior's), as a name or a word in the code (moves and steps are any game's)."""
OTHER_MEANINGS = {"I2C_BUS": "the OLED's I2C bus"}
"""Names with such a word that mean something else: the name, and what it means."""


def code_of(path: Path) -> list[str]:
    """The names and the strings of a Python file, its docstrings and ``OTHER_MEANINGS`` left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            found.append(node.value)
        elif isinstance(node, ast.Name):
            found.append(node.id)
        elif isinstance(node, ast.arg):
            found.append(node.arg)
        elif isinstance(node, ast.Attribute):
            found.append(node.attr)
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            found.append(node.name)
    return [text for text in found if text not in OTHER_MEANINGS]


@pytest.mark.parametrize("name", HANDHELD)
def test_the_firmware_names_no_kind_of_game(name: str) -> None:
    named = [text for text in code_of(FIRMWARE / name) if KIND_WORDS.search(text)]
    assert not named, named


def test_the_phone_s_page_names_no_kind_of_game() -> None:
    code = re.sub(r"/\*[\s\S]*?\*/|(?<=\s)//.*", "", PAGE.read_text(encoding="utf-8"))  # its comments left out
    strings = re.findall(r'"((?:[^"\\]|\\.)*)"', code)
    names = re.sub(r'"(?:[^"\\]|\\.)*"', '""', code)
    assert not KIND_WORDS.search(names), KIND_WORDS.search(names)
    named = [text for text in strings if KIND_WORDS.search(text)]
    assert not named, named
