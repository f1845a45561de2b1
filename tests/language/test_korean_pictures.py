"""The README's pictures of a Korean game (docs/korean.script): the script still plays the same game, and the
pictures taken now are the committed ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from console.cli import main
from tests.support.sim import same_picture

SCRIPT = Path(__file__).resolve().parents[2] / "docs" / "korean.script"
PICTURES = ("korean-handheld", "korean-reveal", "korean-menu")


def test_the_korean_pictures_script_still_plays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--headless", "--language", "ko", "--script", str(SCRIPT), "--screenshots", str(tmp_path),
                 "--seed", "3", "--data-dir", str(tmp_path / "data")]) == 0
    assert sorted(path.stem for path in tmp_path.glob("*.png")) == sorted(PICTURES)
    for name in PICTURES:
        assert same_picture(tmp_path / f"{name}.png", SCRIPT.parent / f"{name}.png"), name


def test_the_readmes_show_the_korean_pictures() -> None:
    root = SCRIPT.parents[1]
    for readme in ("README.md", "README.ko.md"):
        text = (root / readme).read_text(encoding="utf-8")
        assert all(f"docs/{name}.png" in text for name in PICTURES), readme
